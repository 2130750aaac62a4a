"""ttnn.tan / atan / atanh / sinh / cosh / logit / bitwise_not on the simulated device (tt-metal 622c6fb9's kernels,
tensix.sfpi.llk_trig): float32 and bfloat16 against float64 with documented bounds and special values, bit for bit
against the same kernel on the SFPU model (sfpu_model) and against a numpy re-implementation of the C++ arithmetic
(`_Sfpu` below: each SFPMAD / SFPMUL / SFPADD through tensix.sfpu.fma_model, the C++ operation order, SFPSTOCHRND's
bf16 rounding), so a changed constant or operation order fails."""

import math

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device.formats import DataFormat as DF
from tensix.errors import NotModelledError
from tensix.sfpi import lib
from tensix.sfpi import llk  # noqa: F401  (registers llk_trig's ops)
from tensix.sfpu.fma_model import fma
from test_ttnn_unary import _log_body_bound, dev_tensor, device, logical, sfpu_model  # noqa: F401  (a fixture)

RNG = np.random.default_rng(2026)
INF = np.float32(np.inf)
H = float.fromhex

# The C++ constants, copied here from 622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h and ckernel_sfpu_recip.h (not read
# from tensix.sfpi.llk_trig, so a wrong constant there fails the bit-exact tests)
RECIP_K = (0.3232325017452239990234375, 1.4545459747314453125, 2.121212482452392578125)
FRAC_2_PI, PI_2, LOG2E = 0.6366197466850281, 1.5707963705062866, 1.442695
TAN_P = (H("-0x1.92p+0"), H("-0x1.fbp-12"), H("-0x1.51p-22"), H("-0x1.0b4612p-34"))
TAN_FP32 = tuple(map(H, ("0x1.555556p-2", "0x1.111072p-3", "0x1.ba5716p-5", "0x1.620abcp-6", "0x1.4787dp-7",
                         "0x1.2b404p-10", "0x1.fa9f82p-9")))
TAN_BF16 = tuple(map(H, ("0x1.55953p-2", "0x1.02b98p-3", "0x1.4f1f4ep-4")))
ATAN_BF16 = (0.999787867069244384765625, -0.325808584690093994140625, 0.1555790007114410400390625,
             -4.4326744973659515380859375e-2)
ATAN_FP32 = (1.0, -0.3333314359188079833984375, 0.19993579387664794921875, -0.14209578931331634521484375,
             0.1066047251224517822265625, -7.5408883392810821533203125e-2, 4.3082617223262786865234375e-2,
             -1.62907354533672332763671875e-2, 2.90188402868807315826416015625e-3)
COSH_FP32 = (1.66664720e-1, 4.16695364e-2, 8.37312452e-3, 1.37805939e-3)
COSH_BF16 = (0.168174848, 0.038877178)
EXPM1_FP32 = (4.166680202e-2, 8.333439939e-3, 1.393107930e-3, 1.974105835e-04)
EXPM1_BF16 = (4.177856445e-02, 8.361816406e-03)


# ---- a numpy model of the SFPU arithmetic the kernels use ---------------------------------------------------------
def _u(x):
    return np.asarray(x, np.float32).view(np.uint32)


def _f(bits):
    return np.asarray(np.asarray(bits, np.int64) & 0xFFFFFFFF, np.uint32).view(np.float32)


def mad(a, b, c):
    """SFPMAD a * b + c (Wormhole's datapath: tensix.sfpu.fma_model)."""
    ua, ub, uc = np.broadcast_arrays(_u(a), _u(b), _u(c))
    return _f(fma(np.ascontiguousarray(ua), np.ascontiguousarray(ub), np.ascontiguousarray(uc)))


def mul(a, b):
    return mad(a, b, 0.0)


def add(a, b):
    return mad(1.0, a, b)


def lit_add(product_a, product_b, c):
    """a * b + c for a float literal c as sfpi builds it: SFPMUL then SFPADDI for a bf16-exact c other than 0.0 /
    +-1.0 (constant registers to sfpi 7.60, which fuse), else one SFPMAD."""
    if lib.bf16_exact(c) and not lib.is_constant_register(c):
        return add(mul(product_a, product_b), c)
    return mad(product_a, product_b, c)


def horner(x, coeffs, fused_first=False):
    """PolynomialEvaluator::eval(x, c0, ..., cn) / the C++'s r = cn; r = r * x + c_k loops."""
    t = np.float32(coeffs[-1])
    for k in range(len(coeffs) - 2, -1, -1):
        t = mad(x, t, coeffs[k]) if (k == 0 and fused_first) else lit_add(x, t, coeffs[k])
    return t


def setman(v, man_bits):
    return _f((_u(v).astype(np.int64) & ~0x7FFFFF) | (np.asarray(man_bits, np.int64) & 0x7FFFFF))


def setsgn(v, s):
    return _f((_u(v).astype(np.int64) & 0x7FFFFFFF) | (_u(s).astype(np.int64) & 0x80000000))


def exexp(v):
    return ((_u(v).astype(np.int64) >> 23) & 0xFF) - 127


def bf16_round(v):
    """SFPSTOCHRND FP32 -> FP16B, not stochastic (convert<vFloat16b>(x, Nearest)): half away from zero on the
    magnitude; exponent 0 gives +0, exponent 255 keeps sign and exponent only (a NaN becomes inf)."""
    c = _u(v).astype(np.int64)
    e = (c >> 23) & 0xFF
    r = (c & ~0xFFFF) + np.where((c & 0xFFFF) >= 0x8000, 0x10000, 0)
    return _f(np.where(e == 0, 0, np.where(e == 255, c & 0xFF800000, r)))


def recip_iter(x, max_iter=2):
    """sfpu_reciprocal_iter<max_iter> (llk_sfpu/ckernel_sfpu_recip.h)."""
    neg = setman(-1.0, _u(x))
    y = mad(RECIP_K[0], neg, RECIP_K[1])
    scale = mul(setman(_f(~_u(x).astype(np.int64)), 0), 0.5)
    y = mad(y, neg, RECIP_K[2])
    for _ in range(max(max_iter, 1)):
        y = mad(y, mad(neg, y, 1.0), y)
    return setsgn(mul(y, scale), x)


def ref_tan(x, fp32):
    """calculate_tangent / sfpu_tan, step by step."""
    rb = np.float32(1.5 * 2 ** 23)
    j = mad(x, FRAC_2_PI, rb)
    odd = (_u(j) & 1) == 1
    j = mad(-1.0, rb, j)
    a = x
    for p in TAN_P:
        a = mad(j, p, a)
    s = mul(a, a)
    t = mul(horner(s, TAN_FP32 if fp32 else TAN_BF16), s)
    r = mad(t, a, a)
    neg = setman(-1.0, _u(r))
    k = mad(RECIP_K[0], neg, RECIP_K[1])
    k = mad(k, neg, RECIP_K[2])
    scale = mul(setman(_f(~_u(r).astype(np.int64)), 0), 0.5)
    k = mad(k, mad(neg, k, 1.0), k)
    if fp32:
        res = mad(t, a, mad(-1.0, r, a))
        k = mul(k, scale)
        odd_r = mad(mad(res, k, mad(r, k, 1.0)), k, k)
    else:
        odd_r = mul(k, scale)
    out = np.where(odd, odd_r, r)
    return out if fp32 else bf16_round(out)


def ref_atan(x, fp32):
    """sfpu_atan: NaN patterns, 1/|x| above 1, the polynomial, pi/2 - it, x's sign."""
    t0 = np.abs(x)
    big = mad(-1.0, 1.0, t0) > 0
    t0 = np.where(big, recip_iter(t0, 2), t0)
    t1 = mul(t0, t0)
    t1 = horner(t1, ATAN_FP32, fused_first=True) if fp32 else horner(t1, ATAN_BF16)
    t1 = mul(t1, t0)
    t1 = np.where(big, mad(-1.0, t1, PI_2), t1)
    out = np.where(np.isnan(x), np.float32(np.nan), setsgn(t1, x))
    return out if fp32 else bf16_round(out)


def _reduce(x):
    """_reduce_log2e: a = |x|, m = round(|x * log2 e|) clamped to [0, 255] (SFPSTOCHRND FP32 -> UINT8)."""
    j = np.abs(mul(x, LOG2E).astype(np.float64))
    m = np.where(np.isnan(j) | (j >= 255), 255, np.floor(np.nan_to_num(j) + 0.5)).astype(np.int64)
    return np.abs(x), np.float32(m), m


def _f_of(a, j, fp32):
    if fp32:
        return mad(j, -1.42860677e-6, mad(j, -0.693145752, a))
    return mad(j, -0.6931471805599453, a)


def recip_gt0(x, fp32):
    y = _f(0xFEF392E0 - _u(x).astype(np.int64))
    e = mad(x, y, 1.0)
    if fp32:
        y = mad(y, e, y)
        e = mad(x, y, 1.0)
    y = -y
    return mad(y, mad(e, e, e), y)


def ref_cosh(x, fp32):
    a, j, i = _reduce(x)
    f = _f_of(a, j, fp32)
    if fp32:
        r = mad(mad(horner(f, COSH_FP32), f, 4.99999851e-1), f, 1.0)
    else:
        r = mad(mad(horner(f, COSH_BF16), f, 0.500122011), f, _f(0x3F7FFD9B))
    r = mad(r, f, 1.0)
    with np.errstate(invalid="ignore"):
        q = np.where(i + 125 < 255, mul(r, _f((i + 125) << 23)), mul(a, INF))
    y = add(q, q)
    y = np.where(exexp(q) < 24, add(y, mul(recip_gt0(q, fp32), 0.125)), y)
    return y if fp32 else bf16_round(y)


def ref_sinh(x, fp32):
    a, j, i = _reduce(x)
    f = _f_of(a, j, fp32)
    if fp32:
        r = mad(mad(horner(f, EXPM1_FP32), f, 1.666667163e-1), f, 4.999999702e-1)
    else:
        r = mad(mad(horner(f, EXPM1_BF16), f, 1.666259766e-01), f, 0.5)
    r = mad(r, mul(f, f), f)
    scale = _f((i << 23) + 0x3E800000)
    with np.errstate(invalid="ignore"):
        q = np.where(i < 130, mad(r, scale, mad(-1.0, 0.25, scale)), mul(a, INF))
    rec = recip_gt0(mad(4.0, q, 1.0), fp32)
    q2 = add(q, q)
    qe = exexp(q)
    y = np.where(qe >= -27, np.where(qe < 23, mad(q2, rec, q2), q2), x)
    y = setsgn(y, x)
    return y if fp32 else bf16_round(y)


REFS = {"tan": (ref_tan, np.tan), "atan": (ref_atan, np.arctan), "sinh": (ref_sinh, np.sinh),
        "cosh": (ref_cosh, np.cosh)}


def _inputs(op):
    rng = np.random.default_rng(sum(map(ord, op)))
    if op == "tan":
        x = rng.uniform(-6, 6, (2, 64, 64))
    elif op == "atan":
        x = np.concatenate([rng.uniform(-3, 3, 4096), np.exp(rng.uniform(-20, 20, 4096)) * rng.choice([-1, 1], 4096)])
    else:
        x = rng.uniform(-90, 90, (2, 64, 64))
        x.flat[:2048] = rng.uniform(-3, 3, 2048)
    return np.asarray(x, np.float32).reshape(2, 64, 64)


# float64 bounds in units of the result's float32 / bfloat16 ulp. Largest errors of these kernels over 400000 random
# inputs (tan |x| <= 1.45, atan up to e^20, sinh / cosh |x| <= 89; the models above, which the device matches bit for
# bit): float32 tan 1.69, atan 2.20, sinh 1.92, cosh 1.44 ulp; bfloat16 tan 0.501, atan 0.527, sinh / cosh 0.500 ulp
# (the bf16 rounding of a float32 result already close to the value).
ULPS = {("tan", True): 2, ("tan", False): 0.53, ("atan", True): 2.5, ("atan", False): 0.53,
        ("sinh", True): 2, ("sinh", False): 0.53, ("cosh", True): 1.5, ("cosh", False): 0.53}


def _ulp(v, fp32):
    e = np.floor(np.log2(np.maximum(np.abs(v), 2.0 ** -126)))
    return 2.0 ** (e - (23 if fp32 else 7))


@pytest.mark.parametrize("op", ["tan", "atan", "sinh", "cosh"])
@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
def test_kernel_bit_for_bit_and_float64_bound(device, op, dtype):
    """The device result equals, bit for bit, the kernel on the SFPU model (the op's program, init, CBs and packer)
    and the numpy re-implementation of the C++ arithmetic; and lies within ULPS of float64 (tan: |x| <= 1.45, the
    documented range, where the result's conditioning stays moderate)."""
    fp32 = dtype == ttnn.float32
    x = _inputs(op)
    t = dev_tensor(device, x, dtype)
    xv = np.asarray(ttnn.to_numpy(t), np.float32)
    got = np.asarray(ttnn.to_numpy(getattr(ttnn, op)(t)), np.float32)
    model = sfpu_model(op, t, fp32, DF.Float32 if fp32 else DF.Float16_b)
    np.testing.assert_array_equal(got.view(np.uint32), np.float32(logical(model, x.shape)).view(np.uint32))
    ref_bits, ref64 = REFS[op]
    np.testing.assert_array_equal(got.view(np.uint32), ref_bits(xv, fp32).view(np.uint32))
    want = ref64(xv.astype(np.float64))
    ok = np.abs(xv) <= 1.45 if op == "tan" else np.abs(want) < 3e38
    err = np.abs(got.astype(np.float64) - want) / _ulp(want, fp32)
    assert np.max(err[ok]) <= ULPS[(op, fp32)], np.max(err[ok])


SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 1e-30, -1e-30, 89.0, -89.0, 89.5, 100.0, -100.0],
                   np.float32)


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
def test_special_values(device, dtype):
    """Zeros, infinities, NaN, tiny and overflowing arguments: atan(+-inf) = +-pi/2 (float32's), atan(+-1) = +-pi/4,
    atan(+-0) = +-0, atan(NaN) = NaN; sinh odd with sinh(+-0) = +-0 and +-inf from |x| = 89.5 on (float32 overflow);
    cosh(+-0) = 1, cosh(+-inf) = inf; tan(+-0) = 0, tan(+-inf) and tan(NaN) NaN for float32. A 16-bit Dst turns every
    NaN the kernels store into inf (the SFPSTOCHRND to bf16 keeps a NaN's exponent only)."""
    fp32 = dtype == ttnn.float32
    x = np.zeros((32, 32), np.float32)
    x.flat[:SPECIAL.size] = SPECIAL
    t = dev_tensor(device, x, dtype)
    out = {op: np.asarray(ttnn.to_numpy(getattr(ttnn, op)(t)), np.float32).reshape(-1)[:SPECIAL.size]
           for op in ("tan", "atan", "sinh", "cosh")}
    half_pi = np.float32(PI_2) if fp32 else np.float32(1.5703125)
    np.testing.assert_array_equal(out["atan"][[2, 3]], [half_pi, -half_pi])
    assert out["atan"][5] == -out["atan"][6] == (np.float32(np.pi / 4) if fp32 else np.float32(0.78515625))
    assert out["atan"][0] == 0 and out["atan"][1] == 0
    assert out["sinh"][0] == 0 and out["sinh"][2] == INF and out["sinh"][3] == -INF
    np.testing.assert_array_equal(out["sinh"][[11, 12, 13]], [INF, INF, -INF])
    assert np.isfinite(out["sinh"][9]) and out["sinh"][10] == -out["sinh"][9]
    np.testing.assert_array_equal(out["cosh"][[0, 1, 2, 3, 12, 13]], [1, 1, INF, INF, INF, INF])
    assert out["tan"][0] == 0 and out["tan"][1] == 0
    if fp32:
        assert np.isnan(out["atan"][4]) and np.isnan(out["sinh"][4]) and np.isnan(out["cosh"][4])
        assert np.all(np.isnan(out["tan"][[2, 3, 4]]))
        assert out["sinh"][7] == np.float32(1e-30) and out["sinh"][8] == np.float32(-1e-30)
    else:
        assert out["atan"][4] == INF and out["sinh"][4] == INF and out["cosh"][4] == INF


def test_tan_near_its_poles(device):
    """float32 tan at the float32 neighbours of +-pi/2 and +-3pi/2 (|tan| ~ 1e7): the odd-quadrant branch's
    compensated reciprocal keeps the result within 2 float32 ulp of float64 (the argument is exact, so this is the
    kernel's own error); the sign follows the quadrant."""
    poles = np.float32([np.pi / 2, -np.pi / 2, 3 * np.pi / 2, -3 * np.pi / 2])
    x = np.concatenate([poles, np.nextafter(poles, np.float32(0)), np.nextafter(poles, INF * np.sign(poles))])
    t = dev_tensor(device, np.resize(x, (32, 32)), ttnn.float32)
    got = np.asarray(ttnn.to_numpy(ttnn.tan(t)), np.float64).reshape(-1)[:x.size]
    want = np.tan(x.astype(np.float64))
    assert np.all(np.abs(got - want) <= 2 * _ulp(want, True))
    assert np.all(np.abs(got) > 1e6) and np.all(np.sign(got) == np.sign(want))


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
def test_atanh(device, dtype):
    """atanh_tile: 0.5 * log((1 + x) * 1/(1 - x)) with the cubic _calculate_log_body_no_init_ (absolute error up to
    about 2e-3 in ln, so 1e-3 in atanh: the kernel is absolute-accurate, not relative), bit for bit the SFPU model;
    +-inf at +-1, NaN beyond (inf for bfloat16: the 16-bit store of a NaN), 0 at 0, odd up to the log body's
    asymmetry."""
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(-1, 1, (2, 64, 64)).astype(np.float32)
    x.flat[:6] = [1.0, -1.0, 1.5, -1.5, 0.0, np.nan]
    t = dev_tensor(device, x, dtype)
    xv = np.asarray(ttnn.to_numpy(t), np.float64)
    got = np.asarray(ttnn.to_numpy(ttnn.atanh(t)), np.float32)
    model = sfpu_model("atanh", t, fp32, DF.Float32 if fp32 else DF.Float16_b)
    np.testing.assert_array_equal(got.view(np.uint32), np.float32(logical(model, x.shape)).view(np.uint32))
    inside = np.abs(xv) < 1
    ref = np.arctanh(np.where(inside, xv, 0))
    # half the log body's error at (1 + x) / (1 - x): its cubic's largest error on [1, 2) plus exponent * (ln 2 -
    # 0.692871); bfloat16 adds the reciprocal rounded to bf16 (2^-8 relative: 2^-9 in atanh) and the truncating store
    # (an argument below 1 through 2 / arg, whose exponent is at least |exponent(arg)|)
    arg = np.where(inside, (1 + xv) / np.where(inside, 1 - xv, 1), 1)
    bound = 0.5 * _log_body_bound(np.where(arg >= 1, arg, 2 / arg))
    if not fp32:
        bound = bound + 2.0 ** -9 + np.abs(ref) * 2.0 ** -7
    assert np.all((np.abs(got - ref) <= bound)[inside])
    assert got.flat[0] == INF and got.flat[1] == -INF and got.flat[4] == 0
    assert np.all(np.isnan(got.flat[[2, 3, 5]])) if fp32 else np.all(got.flat[[2, 3, 5]] == INF)


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
@pytest.mark.parametrize("eps", [None, 0.0, 0.1, 0.7])
def test_logit(device, dtype, eps):
    """ttnn.logit (logit_kernel: clamp_tile to [min(eps, 1 - eps), max(...)] when eps >= 0, rsub_tile(1.0) rounded
    to bf16 to nearest even for a 16-bit Dst, div_binary_tile, log_tile): float32 within 2e-6 relative (plus 1e-6
    absolute) of float64 logit of the clamped input, bfloat16 within 2 bf16 ulp; NaN outside (0, 1) without eps,
    +-inf at 1 / 0."""
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(-0.2, 1.2, (2, 40, 70)).astype(np.float32)
    x.flat[:4] = [0.0, 1.0, 0.5, 0.25]
    t = dev_tensor(device, x, dtype)
    xv = np.asarray(ttnn.to_numpy(t), np.float64)
    got = np.asarray(ttnn.to_numpy(ttnn.logit(t, eps=eps)), np.float64)
    if eps is not None:
        e = np.float32(eps)
        lo, hi = sorted([float(e), float(np.float32(1) - e)])
        if not fp32:
            lo, hi = (float(np.float32(v)) for v in (lo, hi))
        xv = np.clip(xv, lo, hi)
    with np.errstate(divide="ignore", invalid="ignore"):
        ref = np.log(xv / (1 - xv))
    fin = np.isfinite(ref) & (np.abs(xv - 0.5) > 1e-3)
    if fp32:
        assert np.all(np.abs(got - ref)[fin] <= 2e-6 * np.abs(ref[fin]) + 1e-6)
    else:
        assert np.all(np.abs(got - ref)[fin] <= 2 * _ulp(ref[fin], False) + 1e-2)
    if eps is None:
        assert got.flat[0] == -np.inf and got.flat[1] == np.inf
        outside = (xv < 0) | (xv > 1)
        assert np.all(np.isnan(got[outside])) if fp32 else np.all(~np.isfinite(got[outside]))
    else:
        assert np.all(np.isfinite(got)) or eps == 0.0


def test_bitwise_not_int32_and_refusals(device):
    """bitwise_not_tile (INT32 load, SFPNOT, INT32 store): ~x for every int32 tested, the extremes included; other
    dtypes are refused (the kernel would read them as INT32); the float trig ops refuse integer tensors."""
    xi = RNG.integers(-2 ** 31, 2 ** 31, (2, 40, 70), dtype=np.int64).astype(np.int32)
    xi.flat[:6] = [0, -1, 1, 2 ** 31 - 1, -2 ** 31, -2 ** 31 + 1]
    ti = ttnn.from_numpy(xi, dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    got = ttnn.to_numpy(ttnn.bitwise_not(ti))
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, ~xi)
    tf = dev_tensor(device, np.ones((32, 32)), ttnn.bfloat16)
    with pytest.raises(NotModelledError, match="bitwise_not"):
        ttnn.bitwise_not(tf)
    for op in ("tan", "atan", "atanh", "sinh", "cosh", "logit"):
        with pytest.raises(NotModelledError):
            getattr(ttnn, op)(ti)


def test_reciprocal_gt0_and_quarter_exp_match_their_definitions():
    """The numpy models above are themselves checked against float64: recip_gt0 within 2^-22 relative over (0, 2^100]
    (fp32 path), the fp32 reciprocal sfpu_reciprocal_iter<2> within 1 ulp; so a bit-exact match above is a match
    with a correct kernel, not with a shared mistake."""
    x = np.exp(RNG.uniform(-60, 60, 4096)).astype(np.float32)
    r = recip_gt0(x, True).astype(np.float64)
    assert np.max(np.abs(r * x.astype(np.float64) - 1)) < 2.0 ** -22
    r2 = recip_iter(x, 2).astype(np.float64)
    assert np.max(np.abs(r2 - 1 / x.astype(np.float64)) / _ulp(1 / x.astype(np.float64), True)) <= 1
    assert math.isclose(float(ref_cosh(np.float32([1.0]), True)[0]), math.cosh(1.0), rel_tol=3e-7)


# |digamma - float64| <= rel * |digamma| + abs on [0.01, 102]: the LUT fit's own error (largest over 300000 inputs:
# float32 5.9e-6 relative near the pole at 0, 7e-8 absolute near the zero at 1.4616; bfloat16 7.4e-3 relative, the
# truncating 16-bit store included, 4.9e-4 absolute)
DIGAMMA_BOUND = {True: (8e-6, 1e-7), False: (2.0 ** -7, 6e-4)}


def ref_digamma_rational(x, inp_float32):
    """piecewise_rational_eval of calculate_digamma (x <= 102): Horner chains of the LUT's segments (the kernel's
    table, llk_trig.DIGAMMA_*, checked against the C++ source when it was written), numer * sfpu_reciprocal_iter<2>."""
    from tensix.sfpi import llk_trig

    def chain(c):
        t = np.float32(c[-1])
        for k in range(len(c) - 2, -1, -1):
            t = lit_add(t, x, c[k])
        return t

    segments = llk_trig._digamma_segments(llk_trig.DIGAMMA_FP32 if inp_float32 else llk_trig.DIGAMMA_BF16)
    numer, denom = chain(segments[0][1]), chain(segments[0][2])
    for bound, num, den in segments[1:]:
        numer = np.where(x >= np.float32(bound), chain(num), numer)
        denom = np.where(x >= np.float32(bound), chain(den), denom)
    return mul(numer, recip_iter(denom, 2))


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
def test_digamma(device, dtype):
    """digamma_tile (622c6fb9 calculate_digamma): on [0.01, 102] bit for bit the numpy piecewise rational (two
    segments for a float32 input, the INP_FLOAT32 define; one otherwise; the 16-bit Dst store truncates) and the SFPU
    model; within DIGAMMA_BOUND of float64 (torch.digamma) there; above 102 the asymptotic series, within the cubic
    log body's error (_log_body_bound: up to 6e-3 at 1e7; the C++ comment calls it bf16-grade), +inf at +inf."""
    torch = pytest.importorskip("torch")
    fp32 = dtype == ttnn.float32
    rng = np.random.default_rng(45520)
    x = rng.uniform(0.01, 102, (2, 64, 64)).astype(np.float32)
    x.flat[:2048] = rng.uniform(0.01, 3, 2048)
    x.flat[:8] = [102.5, 150.0, 1e3, 1e5, 1e7, np.inf, 51.005, 1.0]
    t = dev_tensor(device, x, dtype)
    xv = np.asarray(ttnn.to_numpy(t), np.float32)
    got = np.asarray(ttnn.to_numpy(ttnn.digamma(t)), np.float32)
    model = sfpu_model("digamma", t, fp32, DF.Float32 if fp32 else DF.Float16_b, template={"inp_float32": fp32})
    np.testing.assert_array_equal(got.view(np.uint32), np.float32(logical(model, x.shape)).view(np.uint32))
    lut = xv <= 102
    want = ref_digamma_rational(xv, fp32)
    if not fp32:
        want = _f(_u(want) & 0xFFFF0000)
    np.testing.assert_array_equal(got[lut].view(np.uint32), want[lut].view(np.uint32))
    ref = torch.digamma(torch.from_numpy(xv.astype(np.float64))).numpy()
    fin = np.isfinite(xv)
    rel, absolute = DIGAMMA_BOUND[fp32]
    bound = np.where(lut, rel * np.abs(ref) + absolute, _log_body_bound(np.where(fin, xv, 1)) + 2.0 / xv ** 2)
    if not fp32:
        bound = bound + np.where(lut, 0, np.abs(ref) * 2.0 ** -7)
    assert np.all((np.abs(got - ref) <= bound)[fin])
    assert got.flat[5] == INF


def _lgamma_formula_error(x, fp32):
    """|the kernel's formula - lgamma| at z = x, or 1 - x below 0.5, in float64 (the formula's own truncation error):
    Stirling with r0..r3 (float32 kernel; r0, r1 for bfloat16), the degree-5 Taylor polynomials at z = 1 and 2 and
    ln sqrt(pi) near 0.5 (float32 kernel), 0 at x = 1 and 2 (bfloat16 kernel)."""
    torch = pytest.importorskip("torch")
    x = np.where(np.isfinite(x), x, 1.0)
    z = np.where(x < 0.5, 1 - x, x)
    tail = 0.0007936507 / z ** 4 - 0.0005952380 / z ** 6 if fp32 else 0.0
    st = (z - 0.5) * np.log(z) - z + 0.9189385332046727 + (0.0833333333 - 0.0027777777 / z ** 2 + tail) / z
    if fp32:
        def taylor(d, c):
            return d * np.polynomial.polynomial.polyval(d, c)
        st = np.where(np.abs(z - 1) < 0.25, taylor(z - 1, (-0.57721566, 0.82246703, -0.40068563, 0.27058081,
                                                           -0.20738555)),
                      np.where(np.abs(z - 2) < 0.25, taylor(z - 2, (0.42278434, 0.32246703, -0.06735230, 0.02058081,
                                                                    -0.00738555)), st))
        st = np.where(np.abs(z - 0.5) < 0.01, 0.57236494, st)
    else:
        st = np.where((x == 1) | (x == 2), 0.0, st)
    return np.abs(st - torch.lgamma(torch.from_numpy(z)).numpy()), z


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
def test_lgamma(device, dtype):
    """ttnn.lgamma runs lgamma_kernel (float32) or lgamma_fast_kernel (bfloat16). Against float64 (torch.lgamma) the
    error is the kernel formula's own (_lgamma_formula_error: up to 0.05 near z = 0.5, where 4-term Stirling is poor)
    plus, for bfloat16, the cubic log body inside lgamma_stirling ((z - 0.5) * _log_body_bound) and plus, below 0.5,
    the reflection's ln|sin(pi frac(x))| through an argument theta = frac(x) * pi that is rounded (to bf16, and with pi
    filled into a bf16 Dst as 3.140625; float32: 2^-23) and amplified by |cot theta| near the poles; the rest within
    2^-7 (bfloat16, its final rounding) or 2e-6 (float32) of max(|lgamma|, 1). lgamma(1) = lgamma(2) = 0 exactly,
    +inf at 0 and the negative integers, and float32 lgamma(0.5) = 0.57236494, lgamma(+inf) = +inf."""
    torch = pytest.importorskip("torch")
    fp32 = dtype == ttnn.float32
    x = np.random.default_rng(7).uniform(-5, 10, (2, 64, 64)).astype(np.float32)
    x.flat[:8] = [1.0, 2.0, 0.0, -1.0, -3.0, 0.5, np.inf, 100.0]
    t = dev_tensor(device, x, dtype)
    ttnn.clear_op_report()
    got = np.asarray(ttnn.to_numpy(ttnn.lgamma(t)), np.float64)
    kernel = "lgamma_kernel.py" if fp32 else "lgamma_fast_kernel.py"
    assert kernel in {r.kernel for r in ttnn.op_report()[-1].run.riscvs}
    xv = np.asarray(ttnn.to_numpy(t), np.float64)
    ref = torch.lgamma(torch.from_numpy(xv)).numpy()
    formula, z = _lgamma_formula_error(xv, fp32)
    frac = np.where(np.isfinite(xv), xv - np.trunc(np.where(np.isfinite(xv), xv, 0)), 0)
    theta = np.abs(np.pi * frac)
    with np.errstate(divide="ignore", invalid="ignore"):
        cot = np.abs(1 / np.tan(theta))
        slip = (np.pi - 3.140625) * np.abs(frac) + 2.0 ** -8 * theta if not fp32 else 2.0 ** -23 * theta
        bound = formula + np.where(xv < 0.5, cot * slip, 0) + (2e-6 if fp32 else 2.0 ** -7) * np.maximum(np.abs(ref), 1)
    if not fp32:
        bound = bound + (z - 0.5) * _log_body_bound(z)
    fin = np.isfinite(ref) & (np.abs(frac) > 0)
    with np.errstate(invalid="ignore"):
        assert np.all((np.abs(got - ref) <= bound)[fin])
    assert got.flat[0] == 0 and got.flat[1] == 0 and np.all(got.flat[2:5] == np.inf)
    if fp32:
        assert got.flat[5] == np.float32(0.57236494) and got.flat[6] == np.inf


def test_lgamma_refuses_other_dtypes(device):
    """unary_device_operation.cpp: LGAMMA requires BFLOAT16 or FLOAT32 input."""
    from tensix.ttnn.errors import DTypeError
    t = ttnn.from_numpy(np.ones((32, 32), np.float32), dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(DTypeError, match="LGAMMA requires BFLOAT16 or FLOAT32"):
        ttnn.lgamma(t)
