"""ttnn.exp2, expm1, log1p, softplus, erf, erfc, erfinv and i0 as tt-metal 622c6fb9 runs them (tensix.sfpi.llk_special,
through tensix.ttnn.operations.unary's eltwise_sfpu program).

Three kinds of checks, float32 and bfloat16 each:
- bit for bit against a second implementation of each kernel written here in numpy from the C++ source
  (tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ckernel_sfpu_<name>.h at 622c6fb9), lane by lane on
  float32 bit patterns: every SFPMAD through tensix.sfpu.fma_model.fma (SFPADD = 1 * a + b, SFPMUL = a * b + 0), an
  addend that is a bf16-exact literal added after the product (SFPADDI, as sfpi 7.60 compiles it), compares as
  SFPSETCC on the sign of the SFPMAD difference, SFPSWAP as sign-magnitude min / max, SFPSTOCHRND written out;
- against float64 (numpy / math / torch) with the bounds each kernel reaches (documented per test);
- special values: zeros, infinities, saturation, the domain edges.
A 16-bit Dst stores the top 16 bits of the fp32 result (SFPSTORE truncates), so a kernel with no rounding step of
its own (erf, erfc, erfinv, i0) gives the truncation of its fp32 value for bfloat16.
"""

import math

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device.formats import DataFormat as DF
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError
from tensix.sfpi import llk
from tensix.sfpi import llk_special as S
from tests.test_ttnn_remainder_fmod import (
    HALF,
    K0,
    K1,
    K2,
    M32,
    NEG1,
    ONE,
    ZERO,
    add,
    i32,
    lt0,
    mad,
    mul,
    sub,
    to_bf16_nearest,
)
from tests.test_ttnn_unary import dev_tensor, logical, sfpu_model

RNG = np.random.default_rng(2026)
INF_BITS = 0x7F800000


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


# ---- the SFPU, lane by lane, on uint32 bit patterns ------------------------------------------------------------------
def F(x):
    """A C++ float constant's bits."""
    return np.float32(x).view(np.uint32)


def bf16_exact(c) -> bool:
    return int(F(c)) & 0xFFFF == 0


def madc(p, x, c):
    """p * x + c for a float literal c: one SFPMAD, or SFPMUL then SFPADDI when c is bf16-exact and not 0.0 / +-1.0
    (those are the constant registers L9 / L10 / L11 to sfpi 7.60, which fuse: docs/sfpi_addi_fusion.md)."""
    return add(mul(p, x), F(c)) if bf16_exact(c) and not const_reg(c) else mad(p, x, F(c))


def const_reg(c) -> bool:
    return int(F(c)) == 0 or int(F(c)) & 0x7FFFFFFF == 0x3F800000


def horner(x, coeffs):
    """PolynomialEvaluator::eval(x, c0, ..., cn) = c0 + x (c1 + x (... + x cn)); coefficients as bits or floats."""
    as_bits = [c if isinstance(c, np.uint32) else None for c in coeffs]
    p = as_bits[-1] if as_bits[-1] is not None else F(coeffs[-1])
    for c, b in zip(coeffs[-2::-1], as_bits[-2::-1]):
        p = mad(p, x, b) if b is not None else madc(p, x, c)
    return p


def sign_mag_key(x):
    x = np.asarray(x, np.uint32).astype(np.int64)
    return np.where(x >> 31, -(x & 0x7FFFFFFF) - 1, x)


def vmax(a, b):
    a, b = np.broadcast_arrays(np.asarray(a, np.uint32), np.asarray(b, np.uint32))
    return np.where(sign_mag_key(a) >= sign_mag_key(b), a, b).astype(np.uint32)


def vmin(a, b):
    a, b = np.broadcast_arrays(np.asarray(a, np.uint32), np.asarray(b, np.uint32))
    return np.where(sign_mag_key(a) <= sign_mag_key(b), a, b).astype(np.uint32)


def setsgn(x, s_from):
    return ((np.asarray(x, np.uint32) & 0x7FFFFFFF) | (np.asarray(s_from, np.uint32) & 0x80000000)).astype(np.uint32)


def exexp_nb(x):
    return ((np.asarray(x, np.uint32) >> 23) & 0xFF).astype(np.int64)


def setexp(x, e):
    return ((np.asarray(x, np.uint32) & 0x807FFFFF) | ((np.asarray(e, np.int64) & 0xFF) << 23)).astype(np.uint32)


def gt(a, c):
    """v_if(a > c): the sign of a - c clear and the difference not zero."""
    d = sub(a, F(c))
    return ~lt0(d) & (d != 0)


def ge(a, c):
    return ~lt0(sub(a, F(c)))


def cast_smag(v):
    """SFPCAST sign-magnitude int32 -> float32 (round to nearest even; the magnitudes here are exact)."""
    v = np.asarray(v, np.uint32)
    mag = (v & 0x7FFFFFFF).astype(np.float32)
    return np.where(v >> 31, -mag, mag).astype(np.float32).view(np.uint32)


def stochrnd_int(x, mx):
    """SFPSTOCHRND FP32 -> INT8 / INT16 (sign-magnitude, round half away from zero, the magnitude saturated)."""
    x = np.asarray(x, np.uint32)
    mag = np.minimum(np.floor(np.abs(x.view(np.float32).astype(np.float64)) + 0.5), mx)
    mag = np.where(np.isnan(mag), mx, mag).astype(np.int64)
    return np.where(mag == 0, 0, (x & 0x80000000).astype(np.int64) | mag).astype(np.uint32)


def recip(x, newton):
    """sfpu_reciprocal_iter<max_iter> (ckernel_sfpu_recip.h): quadratic estimate on copyman(-1, x), `newton` steps,
    the scale ~bits with the mantissa cleared times 0.5, copysgn."""
    x = np.asarray(x, np.uint32)
    neg_x = ((NEG1 & 0xFF800000) | (x & 0x7FFFFF)).astype(np.uint32)
    y = mad(K0, neg_x, K1)
    y = mad(y, neg_x, K2)
    scale = mul((~x & 0xFF800000).astype(np.uint32), HALF)
    for _ in range(newton):
        t = mad(neg_x, y, ONE)
        y = mad(y, t, y)
    return setsgn(mul(y, scale), x)


def exp21f_tail(xlog2, fp32_rounded=False):
    """_sfpu_exp_21f_bf16_ from xlog2 on: clamped to [0, 255] (SFPSWAPs), z = the mantissa with its hidden bit
    shifted by the exponent (_float_to_int32_for_exp_21f_), 2**frac = 1.0017248 + f (7.8396e-8 + f 4.79e-15),
    exponent set from z's, then SFPSTOCHRND to bf16."""
    xlog2 = vmin(vmax(ZERO, xlog2), F(255.0))
    e = exexp_nb(xlog2) - 127
    man = (np.asarray(xlog2, np.uint32) & 0x7FFFFF | 0x800000).astype(np.int64)
    z = np.where(e >= 0, man << np.clip(e, 0, 31), man >> np.clip(-e, 0, 63)) & M32
    frac = cast_smag((z & 0x7FFFFF).astype(np.uint32))
    frac = horner(frac, [1.0017248, 7.839635491371155e-08, 4.791750143340323e-15])
    y = setexp(frac, (z >> 23) & 0xFF)
    return y if fp32_rounded else to_bf16_nearest(y)


# ---- the kernels -----------------------------------------------------------------------------------------------------
def ref_i0(x):
    x2 = mul(x, x)
    return horner(x2, list(S.I0_C))


def ref_exp2(x, fp32):
    if not fp32:
        return exp21f_tail(add(x, F(127.0)))
    p0, p1, p2 = (F(c) for c in S.EXP2_FP32_PRGM)
    sm = stochrnd_int(x, 32767)
    j = cast_smag(sm)
    f = sub(x, j)
    r = madc(F(float.fromhex("0x1.41cp-13")), f, float.fromhex("0x1.5f4p-10"))
    r = madc(r, f, float.fromhex("0x1.3b4p-7"))
    i = np.abs(i32(sm).astype(np.int64)) & M32                 # SFPABS INT of the sign-magnitude bits
    y = mad(r, f, p2)
    i = i32(setsgn(i.astype(np.uint32), j)).astype(np.int64)  # copysgn: two's complement now
    r = mad(y, f, p1)
    y = mul(y, np.uint32(INF_BITS))
    r = mad(r, f, p0)
    r = mad(r, f, ONE)                  # + 1.0f: L10 in one SFPMAD
    ok = np.asarray(x, np.uint32) < 0xFF800001                 # abs(x) >= 0: not a -NaN
    e = exexp_nb(r) + i
    y = np.where(ok & (e < 255), setexp(r, e), y)
    return np.where(ok & (e < 1), ZERO, y).astype(np.uint32)


def ref_expm1(a, fp32):
    bias = F(12582912.0)
    j = mad(a, F(1.442695), bias)
    i = j.astype(np.int64)
    j = sub(j, bias)
    two_i = (((i << 23) + HALF) & M32).astype(np.uint32)     # (i << 23) + bits(0.5)
    if not fp32:
        f = mad(j, F(-0.6931471805599453), a)
        r = mad(F(8.361816406e-03), f, F(4.177856445e-02))
        s = mul(f, f)
        r = mad(r, f, F(1.666259766e-01))
        r = mad(r, f, HALF)
        r = mad(r, s, f)
        jm2 = add(j, F(-2.0))
        big = mul(jm2, np.uint32(INF_BITS))
        r2 = mad(two_i, r, sub(two_i, HALF))
        tail = stochrnd_int(jm2 & 0x7FFFFFFF, 127) >= 127
        r2 = np.where(tail, np.where(lt0(jm2), F(-0.5), big), r2)
        r = np.where(j != 0, mul(r2, F(2.0)), r)
        return to_bf16_nearest(r)
    f = mad(j, F(-0.693145752), a)
    f = mad(j, F(-1.42860677e-6), f)
    s = mul(f, f)
    r = mad(F(1.974105835e-04), f, F(1.393107930e-3))
    r = madc(r, f, 8.333439939e-3)
    r = madc(r, f, 4.166680202e-2)
    r = mad(r, f, F(1.666667163e-1))
    jm1 = add(j, NEG1)
    r = mad(r, f, np.uint32(HALF - 1))
    u = np.where(jm1 == 0, add(f, HALF), f)
    r = mad(r, s, u)
    y = sub(two_i, HALF)
    x = sub(sub(two_i, y), HALF)
    jm2 = add(jm1, NEG1)
    r2 = add(mad(r, two_i, x), y)
    tail = stochrnd_int(jm2 & 0x7FFFFFFF, 127) >= 127
    r2 = np.where(tail, np.where(lt0(jm2), F(-0.5), mul(jm2, np.uint32(INF_BITS))), r2)
    r = np.where((j != 0) & (jm1 != 0), r2, r)
    return np.where(j != 0, mul(r, F(2.0)), r).astype(np.uint32)


def ref_log1p(a, fp32):
    u = add(a, ONE)
    e = ((i32(u).astype(np.int64) - 0x3F400000) & 0xFF800000)      # minus bits(0.75), mantissa cleared
    m = ((a.astype(np.int64) - e) & M32).astype(np.uint32)
    s = ((int(F(-4.0)) - e) & M32).astype(np.uint32)
    t = mad(F(-0.25), s, NEG1)
    e32 = e.astype(np.uint32).view(np.int32)
    e_float = cast_smag(np.abs(e32.astype(np.int64)).astype(np.uint32))
    m = add(m, t)
    if fp32:
        r = horner(m, [float.fromhex(h) for h in ("0x1.998p-3", "-0x1.55p-3", "0x1.274p-3", "-0x1.0c4p-3",
                                                   "0x1.b84p-4", "-0x1.92cp-5")])
        r = mad(r, m, F(float.fromhex("-0x1.00001ap-2")))
        r = mad(r, m, F(float.fromhex("0x1.555572p-2")))
        r = add(mul(r, m), F(-0.5))
    else:
        r = mad(F(-0.25), m, F(float.fromhex("0x1.744p-2")))
        r = mad(r, m, F(float.fromhex("-0x1.008p-1")))
    s = mul(m, m)
    e_float = setsgn(e_float, e.astype(np.uint32))
    r = mad(r, s, m)
    r = mad(e_float, F(np.float32(0.693147182) * np.float32(1.19209290e-7)), r)
    r = np.where(i32(u) >= INF_BITS, u, r)
    r = np.where(lt0(u), np.uint32(0x7FC00000), r).astype(np.uint32)
    return r if fp32 else to_bf16_nearest(r)


def ref_softplus(x, fp32, inp_float32, beta=1.0, threshold=20.0):
    recip_beta = np.float32(1.0) / np.float32(beta)
    t = mul(F(beta), x)
    take = lt0(sub(t, F(threshold)))
    a = t & 0x7FFFFFFF
    residual = horner(a, list(S.SOFTPLUS_POLY))
    neg_a = (a | 0x80000000).astype(np.uint32)
    if inp_float32:
        c231 = np.uint32(0x4B400000)
        tmp = mad(neg_a, F(1.4426950408889634), c231)
        k = sub(tmp, c231)
        k_int = i32(tmp).astype(np.int64) - 0x4B400000
        r = mad(k, F(-0.6931152343750000), neg_a)
        r = mad(k, F(-3.19461832987e-05), r)
        poly = horner(r, [np.uint32(ONE), np.uint32(ONE)] + list(S.SOFTPLUS_EXP_TAYLOR[1:]))
        new_exp = exexp_nb(poly) + k_int
        e = np.where(new_exp > 0, setexp(poly, new_exp), ZERO)
        tail = mul(e, mad(e, add(mul(e, F(0.333333343)), F(-0.5)), ONE))
    else:
        tail = exp21f_tail(add(mul(neg_a, F(1.4426950216293334961)), F(127.0)))
    residual = np.where(gt(a, 5.0), tail, residual)
    sp = add(vmax(ZERO, t), residual)
    out = mul(F(recip_beta), sp)
    if not fp32:
        out = to_bf16_nearest(out)
    return np.where(take, out, x).astype(np.uint32)


def ref_erf(x, inp_float32, fast):
    ax = vmin(x & 0x7FFFFFFF, F(10.0))
    x = setsgn(ax, x)
    num, den = (llk.GELU_ERF_NUM_ODD, llk.GELU_ERF_DEN_EVEN) if inp_float32 else (S.ERF_BF16_NUM_ODD,
                                                                               S.ERF_BF16_DEN_EVEN)
    x2 = mul(x, x)
    numer = mul(horner(x2, list(num)), x)
    denom = horner(x2, list(den))
    r = mul(numer, recip(denom, 1 if fast else 2))
    return vmin(vmax(F(-1.0), r), ONE)


def ref_erfc(x):
    ax = vmin(x & 0x7FFFFFFF, F(5.0))
    (n0, d0), (n1, d1) = S.ERFC_SEGMENTS
    hi = ge(ax, 2.5)
    numer = np.where(hi, horner(ax, list(n1)), horner(ax, list(n0)))
    denom = np.where(hi, horner(ax, list(d1)), horner(ax, list(d0)))
    r = mul(numer, recip(denom, 1))
    return np.where(lt0(x), sub(F(2.0), r), r).astype(np.uint32)


def ref_log_body_bf16(a):
    """calculate_log_body<false, false, false> (ckernel_sfpu_log.h) with log_init<false, false, false>'s constants:
    e = bits(a) - bits(0.75) with the mantissa cleared, a normalised (a * 1 + 0), m = bits(a) - e - 1, r = (-0.25 m +
    0x1.744p-2) m + -0x1.008p-1, r s + m (s = m^2), + the float of |e| with e's sign times ln2 * 2^-23; NaN for a < 0;
    result * a where addexp(a, -1) has exponent 255 (0 -> -inf, inf -> inf)."""
    a = np.asarray(a, np.uint32)
    e = ((a.astype(np.int64) - 0x3F400000) & 0xFF800000)
    a = mad(a, ONE, ZERO)
    m = sub(((a.astype(np.int64) - e) & M32).astype(np.uint32), ONE)
    s = mul(m, m)
    e32 = e.astype(np.uint32).view(np.int32).astype(np.int64)
    e_float = setsgn(cast_smag((np.abs(e32) & M32).astype(np.uint32)), e.astype(np.uint32))
    r = mad(F(-0.25), m, F(float.fromhex("0x1.744p-2")))
    r = mad(r, m, F(float.fromhex("-0x1.008p-1")))
    r = mad(r, s, m)
    result = mad(e_float, F(np.float32(0.693147182) * np.float32(1.19209290e-7)), r)
    a2 = setexp(a, exexp_nb(a) - 1)
    result = np.where(exexp_nb(a2) == 255, mul(result, a2), result)
    return np.where(lt0(a), np.uint32(0x7FC00000), result).astype(np.uint32)


def ref_sqrt_custom(v):
    """sfpu_sqrt_custom: for v != 0, 0x5f370000 - (bits >> 1) and two steps ((y y) (-v/2) + 1.5) y, times v; the
    + 1.5f is sfpi 7.60's SFPADDI after the SFPMUL (two roundings), not one SFPMAD."""
    v = np.asarray(v, np.uint32)
    y = ((np.uint32(0x5F370000) - (v >> 1)) & M32).astype(np.uint32)
    neg_half = mul(v, F(-0.5))
    for _ in range(2):
        y = mul(add(mul(mul(y, y), neg_half), F(1.5)), y)
    return np.where(v != 0, mul(y, v), v).astype(np.uint32)


def ref_erfinv(x):
    log_value = ref_log_body_bf16(sub(ONE, mul(x, x)))
    tmp = mad(F(-0.5), log_value, F(S.ERFINV_TWO_PI_A))
    cv = sub(mul(tmp, tmp), mul(log_value, F(S.ERFINV_ONE_DIV_A)))
    return setsgn(ref_sqrt_custom(add(tmp, ref_sqrt_custom(cv))), x)


# ---- helpers ---------------------------------------------------------------------------------------------------------
def run(device, fn, x, dtype, **kw):
    """The op on a device tensor of x: (input bits as the SFPU reads them, output bits)."""
    t = dev_tensor(device, x, dtype)
    xin = np.ascontiguousarray(ttnn.to_numpy(t), np.float32)
    out = np.ascontiguousarray(ttnn.to_numpy(fn(t, **kw)), np.float32)
    return t, xin.view(np.uint32), out.view(np.uint32)


def assert_bits(got, want, fp32):
    """fp32 Dst: the bits; 16-bit Dst: SFPSTORE keeps the top 16 bits."""
    want = want if fp32 else (want & 0xFFFF0000).astype(np.uint32)
    bad = got != want
    assert not bad.any(), (f"{bad.sum()} lanes differ; first: in/got/want", got[bad][:4], want[bad][:4])


def ulp_rel(fp32):
    return 2.0 ** -23 if fp32 else 2.0 ** -8


DTYPES = [ttnn.float32, ttnn.bfloat16]


# ---- the tests -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_i0(device, dtype):
    """i0_tile (calculate_i0): 1 + the degree-11 series in x * x (Horner from 1.5e-22; 0.25, 0.015625 and 1.0 by
    SFPADDI), stored as computed. Bit for bit against the numpy model; against np.i0 within 2^-20 (float32) on
    |x| <= 3.5: the kernel's rounded coefficients (6.78E-08 for 1/(4^6 6!^2) = 6.7817e-8, ...) make the series
    itself 6.2e-7 off there (evaluated in float64 on the host), plus a few float32 roundings; bfloat16 the truncation
    (2^-7). At 10 the truncated series is 2.2e-4 short of I0 (float64 on the host), the device within 2^-20 of it."""
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(-3.5, 3.5, (64, 96)).astype(np.float32)
    x.flat[:4] = [0.0, -0.0, 1.0, -3.5]
    t, xb, got = run(device, ttnn.i0, x, dtype)
    assert_bits(got, ref_i0(xb), fp32)
    xv, gv = xb.view(np.float32).astype(np.float64), got.view(np.float32).astype(np.float64)
    assert np.all(np.abs(gv - np.i0(xv)) <= (2.0 ** -20 if fp32 else 2.0 ** -7) * np.i0(xv))
    assert gv.flat[0] == 1.0 and gv.flat[1] == 1.0
    big = run(device, ttnn.i0, np.full((32, 32), 10.0, np.float32), dtype)[2].view(np.float32)
    series = np.polynomial.polynomial.polyval(100.0, np.array(S.I0_C, np.float64))
    assert abs(big[0, 0] / series - 1) <= (2.0 ** -20 if fp32 else 2.0 ** -7)


@pytest.mark.parametrize("dtype", DTYPES)
def test_exp2(device, dtype):
    """exp2_tile (calculate_exp2): fp32 Dst, j = round(x) through SFPSTOCHRND int16, 2**(x - j) by a degree-6
    polynomial, exponent + j, saturating to inf / 0; 16-bit Dst, exp_21f in base 2 rounded to bf16. Bit for bit
    against the numpy model; against float64 within 2 ulp (float32); bfloat16 within its RNE rounding (2^-8
    relative) plus exp_21f's polynomial error (1.7e-3: its c0 = 1.0017248 is 2**0's value)."""
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(-30, 30, (64, 96)).astype(np.float32)
    x.flat[:6] = [0.0, 1.0, -1.0, 10.0, 0.5, -126.0]
    t, xb, got = run(device, ttnn.exp2, x, dtype)
    assert_bits(got, ref_exp2(xb, fp32), fp32)
    xv, gv = xb.view(np.float32).astype(np.float64), got.view(np.float32).astype(np.float64)
    ref = np.exp2(xv)
    assert np.all(np.abs(gv - ref) <= (2 * 2.0 ** -23 if fp32 else 2.0 ** -8 + 1.8e-3) * ref)
    assert gv.flat[0] == 1.0 and gv.flat[1] == 2.0 and gv.flat[3] == 1024.0
    sp = np.array([200.0, 128.0, -200.0, np.inf, -np.inf, 127.5], np.float32)
    _t, sb, sg = run(device, ttnn.exp2, np.resize(sp, (32, 32)), dtype)
    sv = sg.view(np.float32)[0, :6]
    assert np.all(np.isinf(sv[[0, 1, 3]])) and np.all(sv[[2, 4]] == 0.0)
    if fp32:
        assert_bits(sg, ref_exp2(sb, True), True)


@pytest.mark.parametrize("dtype", DTYPES)
def test_expm1(device, dtype):
    """expm1_tile (calculate_expm1, after Juffa): round(x / ln2) by the 1.5 * 2^23 bias in one SFPMAD, the
    polynomial, the half-scaled reconstruction (none for j == 0: tiny x stays exact), saturation to inf / -1.
    Bit for bit against the numpy model; against np.expm1 within 2^-22 relative (float32), bfloat16 its RNE rounding
    (2^-8 relative) plus 2^-12."""
    fp32 = dtype == ttnn.float32
    x = np.concatenate([RNG.uniform(-20, 20, 4096), RNG.uniform(-1, 1, 2048) * 10.0 ** RNG.integers(-8, 0, 2048)])
    x = x.astype(np.float32).reshape(64, 96)
    x.flat[:6] = [0.0, 1e-30, -1e-30, 0.6931472, -88.0, 88.0]
    t, xb, got = run(device, ttnn.expm1, x, dtype)
    assert_bits(got, ref_expm1(xb, fp32), fp32)
    xv, gv = xb.view(np.float32).astype(np.float64), got.view(np.float32).astype(np.float64)
    ref = np.expm1(xv)
    rel = 2.0 ** -22 if fp32 else 2.0 ** -8 + 2.0 ** -12
    assert np.all(np.abs(gv - ref) <= rel * np.abs(ref) + 1e-38)
    assert gv.flat[0] == 0.0 and gv.flat[1] == xv.flat[1]     # expm1(tiny) = tiny (j == 0: no reconstruction)
    sp = np.array([100.0, 1000.0, -100.0, -1000.0, np.inf, -np.inf], np.float32)
    sv = run(device, ttnn.expm1, np.resize(sp, (32, 32)), dtype)[2].view(np.float32)[0, :6]
    assert np.all(np.isposinf(sv[[0, 1, 4]])) and np.all(sv[[2, 3, 5]] == -1.0)


@pytest.mark.parametrize("dtype", DTYPES)
def test_log1p(device, dtype):
    """log1p_tile (calculate_log1p, after Juffa): u = 1 + x split as 2^k t, t in [0.75, 1.5), with m = 2^-k x +
    (2^-k - 1) rebuilt exactly, m + m^2 P(m), + k ln2. Bit for bit against the numpy model; against np.log1p
    (float64 of the input) within 2^-22 relative (float32); bfloat16 within one bf16 ulp (2^-7: the degree-4
    polynomial's 0.2 ulp and the RNE rounding); log1p(-1) = -inf, NaN below -1, inf at inf, log1p(tiny) = tiny."""
    fp32 = dtype == ttnn.float32
    x = np.concatenate([RNG.uniform(-0.99, 3, 2048), np.exp(RNG.uniform(-20, 40, 2048)),
                        RNG.uniform(-1, 1, 2048) * 1e-5]).astype(np.float32).reshape(64, 96)
    x.flat[:3] = [0.0, 1e-30, 1.0]
    t, xb, got = run(device, ttnn.log1p, x, dtype)
    assert_bits(got, ref_log1p(xb, fp32), fp32)
    xv, gv = xb.view(np.float32).astype(np.float64), got.view(np.float32).astype(np.float64)
    ref = np.log1p(xv)
    rel = 2.0 ** -22 if fp32 else 2.0 ** -7
    assert np.all(np.abs(gv - ref) <= rel * np.abs(ref) + 1e-38)
    assert gv.flat[0] == 0.0 and gv.flat[1] == xv.flat[1]
    sp = np.array([-1.0, -2.0, np.inf, -np.inf, -1.5], np.float32)
    sv = run(device, ttnn.log1p, np.resize(sp, (32, 32)), dtype)[2].view(np.float32)[0, :5]
    assert np.isneginf(sv[0]) and np.isposinf(sv[2])
    if fp32:            # a 16-bit Dst rounds the NaN to inf (SFPSTOCHRND: exponent 255 keeps only its sign)
        assert np.all(np.isnan(sv[[1, 3, 4]]))


@pytest.mark.parametrize("beta,threshold", [(1.0, 20.0), (2.0, 10.0), (0.5, 5.0), (-1.0, 20.0)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_softplus(device, dtype, beta, threshold):
    """softplus_tile(idst, beta, 1/beta, threshold) (calculate_softplus): where beta x < threshold, (max(t, 0) +
    f(|t|)) / beta with f(a) = ln(1 + e^-a) a degree-8 polynomial on [0, 5] and e^-a beyond (INP_FLOAT32: a Cody-Waite
    exp and ln(1 + e) to 3 terms; else exp_21f rounded to bf16); x itself where beta x >= threshold. Bit for bit
    against the numpy model. Against float64: the polynomial's own fit error is 4.2e-5 absolute in f (measured on the
    host: the polynomial in float64), so |got - ref| <= (5e-5 + 2^-22 |sp|) / |beta| (float32); bf16 adds its RNE
    rounding (2^-8 relative)."""
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(-30, 30, (64, 96)).astype(np.float32)
    x.flat[:4] = [0.0, 5.0 / beta, threshold / beta, -0.0]
    t, xb, got = run(device, ttnn.softplus, x, dtype, beta=beta, threshold=threshold)
    assert_bits(got, ref_softplus(xb, fp32, fp32, beta, threshold), fp32)
    xv, gv = xb.view(np.float32).astype(np.float64), got.view(np.float32).astype(np.float64)
    b = np.float64(np.float32(beta))
    bx = b * xv
    ref = np.where(bx < threshold, np.logaddexp(0, bx) / b, xv)
    tol = (5e-5 + 2.0 ** -22 * np.abs(ref * b)) / abs(b) + (0 if fp32 else 2.0 ** -8 * np.abs(ref))
    assert np.all(np.abs(gv - ref) <= tol)
    assert np.all(gv[bx >= threshold] == xv[bx >= threshold])


def test_erfc_fit_error_is_the_kernels():
    """The 1e-4 bound of test_erfc is the two rationals' own error (float64 evaluation against math.erfc)."""
    x = np.linspace(0, 5, 20001)
    seg = [S.ERFC_SEGMENTS[int(v >= 2.5)] for v in x]
    r = np.array([np.polynomial.polynomial.polyval(v, n) / np.polynomial.polynomial.polyval(v, d)
                  for v, (n, d) in zip(x, seg)])
    err = np.abs(r - np.vectorize(math.erfc)(x))
    assert 9e-5 < err.max() < 1e-4 and abs(x[np.argmax(err)] - 2.5) < 1e-9


def test_softplus_polynomial_error_is_the_kernels():
    """The 5e-5 bound of test_softplus is the fit of SOFTPLUS_POLY itself (float64 evaluation against ln(1+e^-a))."""
    a = np.linspace(0, 5, 20001)
    p = np.polynomial.polynomial.polyval(a, np.array(S.SOFTPLUS_POLY, np.float64))
    err = np.abs(p - np.log1p(np.exp(-a)))
    assert 4e-5 < err.max() < 5e-5


@pytest.mark.parametrize("fast", [False, True])
@pytest.mark.parametrize("dtype", DTYPES)
def test_erf(device, dtype, fast):
    """erf_tile<fast> (calculate_erf): |x| clamped at 10, the parity rational (n16/d16 for a float32 input, the
    WH-refit n8/d8 else) times sfpu_reciprocal_iter<2> (<0>: one Newton step, in fast mode), clamped to [-1, 1];
    stored as computed. Bit for bit against the numpy model; against math.erf within 2^-21 absolute (float32,
    accurate), 2^-12 (fast: one Newton step), bfloat16 2^-7 relative plus 2^-12 (the n8/d8 fit and truncation)."""
    fp32 = dtype == ttnn.float32
    x = np.concatenate([RNG.standard_normal(4096) * 2, RNG.uniform(-12, 12, 2048)]).astype(np.float32)
    x = x.reshape(64, 96)
    x.flat[:5] = [0.0, 10.0, -10.0, 1e-20, -0.0]
    t, xb, got = run(device, ttnn.erf, x, dtype, fast_and_approximate_mode=fast)
    assert_bits(got, ref_erf(xb, fp32, fast), fp32)
    xv, gv = xb.view(np.float32).astype(np.float64), got.view(np.float32).astype(np.float64)
    ref = np.vectorize(math.erf)(xv)
    tol = (2.0 ** -12 if fast else 2.0 ** -21) if fp32 else 2.0 ** -7 * np.abs(ref) + 2.0 ** -12
    assert np.all(np.abs(gv - ref) <= tol)
    assert np.all(np.abs(gv) <= 1.0) and gv.flat[0] == 0.0
    want = sfpu_model("erf", t, fp32, DF.Float32 if fp32 else DF.Float16_b,
                      {"fast_and_approx": fast, "inp_float32": fp32}.items())
    np.testing.assert_array_equal(gv, logical(want, t.shape))
    sp = run(device, ttnn.erf, np.resize(np.array([np.inf, -np.inf, 1e30], np.float32), (32, 32)), dtype,
             fast_and_approximate_mode=fast)[2].view(np.float32)[0, :3]
    assert np.all(np.abs(sp - [1.0, -1.0, 1.0]) <= 2.0 ** -7)        # clamped at |x| = 10


@pytest.mark.parametrize("dtype", DTYPES)
def test_erfc(device, dtype):
    """erfc_tile (calculate_erfc): min(|x|, 5), two n4/d5 rationals split at 2.5, times sfpu_reciprocal_iter<0> (one
    Newton step), 2 - r for x < 0; stored as computed. Bit for bit against the numpy model. Against math.erfc: within
    1e-4 absolute, the fit's own error (segment 1's rational is 9.7e-5 off at x = 2.5, 0.000504 for 0.000407: float64
    on the host, test_erfc_fit_error_is_the_kernels) plus the truncation (2^-7 relative) for bfloat16; beyond 5 the
    kernel returns erfc(5)'s rational (~2.4e-12), 2 - that below -5."""
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(-7, 7, (64, 96)).astype(np.float32)
    x.flat[:4] = [0.0, 2.5, -2.5, 5.0]
    t, xb, got = run(device, ttnn.erfc, x, dtype)
    assert_bits(got, ref_erfc(xb), fp32)
    xv, gv = xb.view(np.float32).astype(np.float64), got.view(np.float32).astype(np.float64)
    ref = np.vectorize(math.erfc)(xv)
    tol = 1e-4 + (0 if fp32 else 2.0 ** -7 * np.abs(ref))
    assert np.all(np.abs(gv - ref) <= tol)
    assert np.all(gv[xv < -5] == 2.0)        # 2 - 2.4e-12 rounds to 2 in float32
    sp = run(device, ttnn.erfc, np.resize(np.array([np.inf, -np.inf, 0.0], np.float32), (32, 32)), dtype)[2]
    sv = sp.view(np.float32)[0, :3]
    assert 0 < sv[0] < 1e-11 and sv[1] == gv[xv < -5][0] and abs(sv[2] - 1.0) <= 2.0 ** -7


@pytest.mark.parametrize("dtype", DTYPES)
def test_erfinv(device, dtype):
    """erfinv_tile (calculate_erfinv): Winitzki's closed form sqrt(-2/(pi a) - l/2 + sqrt((2/(pi a) + l/2)^2 - l/a))
    with l = the 16-bit-Dst log body of 1 - x^2 and sfpu_sqrt_custom twice, x's sign; stored as computed. Against
    the SFPU kernel run directly (tensix.sfpi), bit for bit against the numpy model (the log body, sqrt_custom as
    tensix.sfpi.llk ports them), and against torch.special.erfinv (float64): Winitzki's formula is good
    to 2e-3 relative where |x| >= 0.1 (it cancels catastrophically near 0, where tiny x give 0: there within 2e-3
    absolute), the log body (bf16 constants) adding little; bfloat16 adds the truncation (2^-7); the sign is x's
    (copysgn; a bfloat16 -0.0 result is packed as +0.0)."""
    torch = pytest.importorskip("torch")
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(-0.99, 0.99, (64, 96)).astype(np.float32)
    x.flat[:2] = [0.0, -0.0]
    t, xb, got = run(device, ttnn.erfinv, x, dtype)
    want = sfpu_model("erfinv", t, fp32, DF.Float32 if fp32 else DF.Float16_b)
    gv = got.view(np.float32).astype(np.float64)
    np.testing.assert_array_equal(gv, logical(want, t.shape))
    ref_bits = ref_erfinv(xb)
    keep = fp32 | (ref_bits != 0x80000000)          # the bfloat16 packer writes -0.0 as +0.0
    assert_bits(got[keep], ref_bits[keep], fp32)
    xv = xb.view(np.float32).astype(np.float64)
    ref = torch.special.erfinv(torch.from_numpy(xv)).numpy()
    far = np.abs(xv) >= 0.1
    assert np.all(np.abs(gv - ref)[far] <= (3e-3 + (0 if fp32 else 2.0 ** -7)) * np.abs(ref[far]))
    assert np.all(np.abs(gv - ref)[~far] <= 2e-3)
    signed = (gv != 0) | fp32          # the bfloat16 packer writes a -0.0 as +0.0
    assert np.all(((got >> 31) == (xb >> 31))[signed])


@pytest.mark.parametrize("name", ["exp2", "expm1", "log1p", "i0", "erfc"])
def test_plain_ops_match_the_kernel_run_directly(device, name):
    """The ttnn program runs exactly the SFPU kernel (tensix.sfpi.llk_special through tensix.sfpi.map_tiles) with its
    init, for bfloat16 and float32 tensors of odd shapes (padding tiles included)."""
    fn = getattr(ttnn, name)
    for dtype in DTYPES:
        fp32 = dtype == ttnn.float32
        x = RNG.uniform(-3, 3, (3, 37, 45)).astype(np.float32)
        t = dev_tensor(device, np.abs(x) if name == "log1p" else x, dtype)
        got = ttnn.to_numpy(fn(t)).astype(np.float64)
        want = sfpu_model(name, t, fp32, DF.Float32 if fp32 else DF.Float16_b)
        np.testing.assert_array_equal(got, logical(want, t.shape))


def test_template_arguments_and_chains(device):
    """UnaryWithParam(ERF) without params runs erf_tile<true> (the C++ default: one Newton step), ERF with 0.0
    erf_tile<false>; SOFTPLUS needs its two parameters; the string 'softplus' is (1, 20)."""
    x = RNG.standard_normal((32, 64)).astype(np.float32) * 2
    t = dev_tensor(device, x, ttnn.float32)
    xb = np.ascontiguousarray(ttnn.to_numpy(t), np.float32).view(np.uint32)
    default = ttnn.unary_chain(t, [ttnn.UnaryWithParam(ttnn.UnaryOpType.ERF)])
    accurate = ttnn.unary_chain(t, [ttnn.UnaryWithParam(ttnn.UnaryOpType.ERF, 0.0)])
    assert_bits(np.ascontiguousarray(ttnn.to_numpy(default)).view(np.uint32), ref_erf(xb, True, True), True)
    assert_bits(np.ascontiguousarray(ttnn.to_numpy(accurate)).view(np.uint32), ref_erf(xb, True, False), True)
    sp = ttnn.unary_chain(t, ["softplus"])
    assert_bits(np.ascontiguousarray(ttnn.to_numpy(sp)).view(np.uint32), ref_softplus(xb, True, True), True)
    with pytest.raises(TTNNError, match="SOFTPLUS"):
        ttnn.unary_chain(t, [ttnn.UnaryWithParam(ttnn.UnaryOpType.SOFTPLUS)])


def test_inp_float32_picks_erf_lut_and_softplus_tail():
    """erf's LUT (n16/d16 or n8/d8) and softplus' exp tail follow the INP_FLOAT32 define (a float32 input), not the
    Dst width: a float32 input in a 16-bit Dst would still read the n16/d16 coefficients."""
    import struct

    from tensix.sfpi import runner

    def has(listing, c):
        return f"Imm16={struct.unpack('<I', struct.pack('<f', c))[0] >> 16:#x}" in listing

    big = runner.listing(S.erf_program, False, False, False, True)
    small = runner.listing(S.erf_program, False, False, False, False)
    assert has(big, -6.7350725691e-12) and not has(small, -6.7350725691e-12)
    assert has(small, 2.4813862145e-05) and not has(big, 2.4813862145e-05)
    sp32 = runner.listing(S.softplus_program, False, False, True, 0x3F800000, 0x3F800000, 0x41A00000)
    sp16 = runner.listing(S.softplus_program, False, False, False, 0x3F800000, 0x3F800000, 0x41A00000)
    assert has(sp32, 0.000198412698) and not has(sp16, 0.000198412698)


@pytest.mark.parametrize("fn", [ttnn.exp2, ttnn.expm1, ttnn.log1p, ttnn.erf, ttnn.erfc, ttnn.erfinv, ttnn.i0,
                                ttnn.softplus])
def test_integer_inputs_are_refused(device, fn):
    """The float kernels on integer bits are not modelled: NotModelledError, no number."""
    t = ttnn.from_numpy(np.arange(1024, dtype=np.int32).reshape(32, 32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT,
                        device=device)
    with pytest.raises(NotModelledError, match="integer"):
        fn(t)


def ref_exp_approx_clamped(y):
    """exp_tile<true, ClampToNegative> as the DISABLE_SFPLOADMACRO loop issues it (ckernel_sfpu_exp.h, Schraudolph):
    y clamped below at -88.5 (SFPSWAP), A y + (B - C) in one SFPMAD (A = 256 / ln2, B - C = 32500.818), SFPSTOCHRND
    FP32 -> UINT16 (the magnitude rounded half up, saturated at 65535), shifted left 15 into the float's bits."""
    v = mad(np.uint32(0x43B8AA3B), vmax(y, F(-88.5)), np.uint32(0x46FDE9A3))
    u16 = stochrnd_int(v & 0x7FFFFFFF, 65535)
    return ((u16.astype(np.int64) << 15) & M32).astype(np.uint32)


def ref_logsigmoid(x, fp32):
    """logsigmoid_kernel: Dst 1 = exp_approx(-x) (16-bit Dst: stored truncated), then calculate_logsigmoid: u = -x;
    -Dst 1 where u < -4, -softplus(u) by the degree-8 polynomial where -4 <= u < 4, else x. (Not for x above ~87.3,
    where Schraudolph's bits are a denormal: how the Dst path and the packer treat one is not modelled here.)"""
    e = ref_exp_approx_clamped((x ^ 0x80000000).astype(np.uint32))
    if not fp32:
        e = (e & 0xFFFF0000).astype(np.uint32)
    u = (x ^ 0x80000000).astype(np.uint32)
    poly = (horner(u, list(S.LOGSIGMOID_POLY)) ^ 0x80000000).astype(np.uint32)
    below = lt0(add(u, F(4.0)))
    mid = ~below & lt0(add(u, F(-4.0)))
    return np.where(below, e ^ 0x80000000, np.where(mid, poly, x)).astype(np.uint32)


@pytest.mark.parametrize("dtype", DTYPES)
def test_log_sigmoid(device, dtype, monkeypatch):
    """ttnn.log_sigmoid runs logsigmoid_kernel: copy to Dst 0 and 1, negative_tile(1), exp_tile<true>(1) (tt-metal's
    default InputClamping::ClampToNegative), logsigmoid_tile(0, 1, 0) (calculate_logsigmoid), stored as computed.
    The default build's exp_tile<true, ClampToNegative> is an SFPLOADMACRO schedule whose clamp tensix does not model
    (NotModelledError); with TT_METAL_DISABLE_SFPLOADMACRO=1 the kernel runs its plain loop: bit for bit against the
    numpy model, and against float64 within 0.02 absolute (the kernel's own error: below x = -4 it returns x, 0.018
    off at -4; above 4, -exp(-x) from Schraudolph's exp, 6% relative of a value below 0.02) plus the truncation
    for bfloat16."""
    x = RNG.uniform(-8, 8, (64, 96)).astype(np.float32)
    x.flat[:5] = [0.0, -4.0, 4.0, -100.0, 100.0]
    t = dev_tensor(device, x, dtype)
    with pytest.raises(NotModelledError, match="ClampToNegative"):
        ttnn.log_sigmoid(t)
    monkeypatch.setenv("TT_METAL_DISABLE_SFPLOADMACRO", "1")
    fp32 = dtype == ttnn.float32
    t, xb, got = run(device, ttnn.log_sigmoid, x, dtype)
    normal = np.abs(xb.view(np.float32)) < 87
    assert_bits(got[normal], ref_logsigmoid(xb, fp32)[normal], fp32)
    xv, gv = xb.view(np.float32).astype(np.float64), got.view(np.float32).astype(np.float64)
    ref = -np.logaddexp(0, -xv)
    assert np.all(np.abs(gv - ref) <= 0.02 + (0 if fp32 else 2.0 ** -7 * np.abs(ref)))
    assert gv.flat[3] == -100.0 and abs(gv.flat[4]) < 1e-30
