"""ttnn.remainder / ttnn.fmod as tt-metal 622c6fb9 runs them (binary_ng's remainder_binary_tile / fmod_binary_tile for a
tensor divisor, the unary remainder_tile / fmod_tile for a number), against a second implementation written here from
the SFPI source (llk_sfpu/ckernel_sfpu_binary_remainder.h, ckernel_sfpu_binary_fmod.h, ckernel_sfpu_remainder.h,
ckernel_sfpu_fmod.h, ckernel_sfpu_recip.h sfpu_reciprocal_iter<2>, tt-llk's _trunc_body_ / _floor_body_) in numpy, step
by step on float32 bit patterns: every SFPMAD through tensix.sfpu.fma_model.fma (the arithmetic of the MAD unit, which
the kernels' algorithm does not define), every bit operation, compare (SFPSETCC on the bits: -0.0 is not zero, a
compare of two vectors tests the sign of their SFPMAD difference) and the final SFPSTOCHRND FP32 -> FP16B (half away
from zero, NaN -> inf, exponent 0 -> +0) written out by hand. `a - q * b` is an SFPMUL and then an SFPMAD (sfpi does
not fuse a subtraction of a product), as in tensix's div_binary port. Exact agreement of the bits, then agreement
with numpy's np.remainder / np.fmod within the reciprocal's error where the quotient is small."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.sfpu.fma_model import fma as _fma

M32 = 0xFFFFFFFF
ONE, NEG1, HALF, ZERO = 0x3F800000, 0xBF800000, 0x3F000000, 0
QNAN = 0x7FC00000
K0, K1, K2 = (int(np.float32(x).view(np.uint32)) for x in (0.3232325017452239990234375, 1.4545459747314453125,
                                                            2.121212482452392578125))


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


# ---- the reference: the kernels lane by lane on uint32 bit patterns --------------------------------------------------
def U(x):
    return np.broadcast_to(np.asarray(x, np.uint32), np.shape(x)).astype(np.uint32)


def mad(a, b, c):
    a, b, c = (np.asarray(v, np.uint32) if isinstance(v, np.ndarray) else np.uint32(v) for v in (a, b, c))
    return _fma(a, b, c)


def mul(a, b):
    return mad(a, b, ZERO)


def add(a, b):
    return mad(ONE, a, b)


def sub(a, b):      # a - b: SFPMAD(b, -1.0, a)
    return mad(b, NEG1, a)


def i32(x):
    return np.asarray(x, np.uint32).view(np.int32)


# SFPSETCC on the bits
def lt0(x): return i32(x) < 0
def ge0(x): return i32(x) >= 0
def eq0(x): return np.asarray(x, np.uint32) == 0
def ne0(x): return np.asarray(x, np.uint32) != 0
def gt0(x): return ge0(x) & ne0(x)
def le0(x): return lt0(x) | eq0(x)


def fabs(x):
    """SFPABS FLOAT: the sign cleared, except -NaN (above 0xFF800000), which stays."""
    x = np.asarray(x, np.uint32)
    return np.where(x > 0xFF800000, x, x & 0x7FFFFFFF).astype(np.uint32)


def recip(x):
    """sfpu_reciprocal_iter<2>(in) as ckernel_sfpu_recip.h writes it."""
    x = np.asarray(x, np.uint32)
    neg_x = ((NEG1 & 0xFF800000) | (x & 0x7FFFFF)).astype(np.uint32)     # copyman(vConstNeg1, in)
    y = mad(K0, neg_x, K1)                                                  # Prgm1 + Prgm0 * neg_x
    scale_bits = (~x).astype(np.uint32)
    y = mad(y, neg_x, K2)                                                   # Prgm2 + y * neg_x
    scale = (scale_bits & 0xFF800000).astype(np.uint32)                     # setman(.., 0)
    t = mad(neg_x, y, ONE)
    scale = mul(scale, HALF)
    y = mad(y, t, y)
    t = mad(neg_x, y, ONE)
    y = mad(y, t, y)
    y = mul(y, scale)
    return ((y & 0x7FFFFFFF) | (x & 0x80000000)).astype(np.uint32)          # copysgn(y, in)


def trunc(v):
    """tt-llk _trunc_body_: mask 0x80000000 where the exponent is negative, else ~0 << (23 - exp) where 23 - exp >= 0
    (else ~0); AND."""
    v = np.asarray(v, np.uint32)
    e = ((v >> 23) & 0xFF).astype(np.int64) - 127
    sh = np.clip(23 - e, 0, 31)
    mask = np.where(e < 0, 0x80000000, np.where(23 - e >= 0, (0xFFFFFFFF << sh) & M32, 0xFFFFFFFF))
    return (v & mask.astype(np.uint32)).astype(np.uint32)


def floor(v):
    """tt-llk _floor_body_: t = trunc(v); t - 1 (SFPMAD 1 * t + -1) where v's sign bit is set and int(t) - int(v) < 0."""
    v = np.asarray(v, np.uint32)
    t = trunc(v)
    dec = lt0(v) & ((i32(t).astype(np.int64) - i32(v).astype(np.int64)) < 0)
    return np.where(dec, mad(ONE, t, NEG1), t).astype(np.uint32)


def to_bf16_nearest(r):
    """convert<vFloat16b>(r, Nearest) = SFPSTOCHRND FP32 -> FP16B without stochastic rounding (the ISA's
    FloatFloat mode: exponent 0 -> +0, exponent 255 -> the mantissa cleared, else the low 16 bits rounded up from
    0x8000)."""
    r = np.asarray(r, np.uint32).astype(np.int64)
    e = (r >> 23) & 0xFF
    disc = r & 0xFFFF
    out = r - disc + np.where(disc >= 0x8000, 0x10000, 0)
    out = np.where(e == 0, 0, np.where(e == 255, r & 0xFF800000, out))
    return (out & M32).astype(np.uint32)


def ref_remainder_binary(a, b, fp32):
    """_sfpu_binary_remainder_<fp32>(a, b)."""
    a, b = np.broadcast_arrays(np.asarray(a, np.uint32), np.asarray(b, np.uint32))
    div = mul(a, recip(b))
    fl = floor(div)
    res = sub(a, mul(fl, b))
    c = ne0(res) & lt0(res ^ b)
    res = np.where(c, add(res, b), res)
    d = sub(res, b)
    res = np.where(gt0(b) & gt0(a) & ge0(d), d, res)
    d = sub(res, b)
    res = np.where(lt0(b) & lt0(a) & le0(d), d, res)
    res = np.where(eq0(b), QNAN, res).astype(np.uint32)
    return res if fp32 else to_bf16_nearest(res)


def ref_fmod_binary(a, b, fp32):
    """_sfpu_binary_fmod_<fp32>(a, b)."""
    a, b = np.broadcast_arrays(np.asarray(a, np.uint32), np.asarray(b, np.uint32))
    b_abs = fabs(b)
    res = sub(a, mul(trunc(mul(a, recip(b))), b))
    big = ge0(sub(fabs(res), b_abs))            # result_abs >= b_abs
    pos = ge0(res)
    res = np.where(big & pos, sub(res, b_abs), np.where(big & ~pos, add(res, b_abs), res))
    a_pos = ge0(a)
    res = np.where(a_pos & lt0(res), add(res, b_abs), res)
    res = np.where(~a_pos & gt0(res), sub(res, b_abs), res)
    res = np.where(eq0(sub(a, b)), ZERO, res)    # a == b
    res = np.where(eq0(b), QNAN, res).astype(np.uint32)
    return res if fp32 else to_bf16_nearest(res)


def ref_scalar(x, value_bits, recip_bits, fmod):
    """calculate_remainder / calculate_fmod(value, recip) with vConstFloatPrgm0 = value, Prgm1 = recip (the init)."""
    val = np.asarray(x, np.uint32)
    S = np.uint32(value_bits)
    s = fabs(np.full(val.shape, S, np.uint32))
    rv = fabs(np.full(val.shape, np.uint32(recip_bits), np.uint32))
    v = fabs(val)
    p = mul(v, rv)
    e = ((p >> 23) & 0xFF).astype(np.int64) - 127
    sh = np.clip(23 - e, 0, 31)
    q = np.where(e < 0, ZERO, np.where(e < 23, ((p >> sh) << sh) & M32, p)).astype(np.uint32)
    d = sub(q, p)       # quotient > v * recip_val
    q = np.where(gt0(d), add(q, NEG1), q)
    v = sub(v, mul(q, s))
    if fmod:
        v = ((v & 0x7FFFFFFF) | (val & 0x80000000)).astype(np.uint32)
    else:
        v = np.where(lt0(val) & ne0(v), sub(s, v), v)
        v = np.where(lt0(S) & ne0(v), add(v, np.full(v.shape, S, np.uint32)), v)
        v = ((v & 0x7FFFFFFF) | (S & 0x80000000)).astype(np.uint32)
    v = np.where(eq0(s), QNAN, v).astype(np.uint32)
    for _ in range(10):
        v = np.where(ge0(sub(v, s)), sub(s, v), v)
    v = np.where(eq0(sub(fabs(v), s)), ZERO, v).astype(np.uint32)
    return v


def store16(v):
    """SFPSTORE of a float32 into a 16-bit Dst (exponent-0 values keep only the sign, then the high 16 bits), then
    the bfloat16 output as tensix's packer gives it: -0.0 comes out as +0.0 (outside the kernel)."""
    v = np.asarray(v, np.uint32)
    v = np.where((v & 0x7F800000) == 0, v & 0x80000000, v)
    v = (v & 0xFFFF0000).astype(np.uint32)
    return np.where(v == 0x80000000, 0, v).astype(np.uint32)


# ---- inputs -----------------------------------------------------------------------------------------------------
def bf16_rne(x):
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16 << 16).astype(np.uint32).view(np.float32)


EDGE = [  # (a, b)
    (5.0, 0.0), (-5.0, 0.0), (0.0, 0.0), (5.0, -0.0), (0.0, 3.0), (-0.0, 3.0),
    (5.0, 2.0), (7.0, 4.0), (-5.0, 2.0), (-7.0, 4.0), (3.5, 2.0), (1.5, 0.5), (-1.5, 0.5), (9.0, -2.0),
    (15.0, -4.0), (-9.0, -2.0), (6.0, 3.0), (-6.0, 3.0), (6.0, -3.0), (1.0, 0.1), (3.0, 0.3), (0.3, 0.1),
    (0.5, 7.0), (-0.5, 7.0), (0.5, -7.0), (-0.5, -7.0), (1e10, 3.0), (-1e10, 3.0), (3e7, 7.0), (1e30, 1e-5),
    (1e-5, 1e30), (np.inf, 2.0), (-np.inf, 2.0), (2.0, np.inf), (2.0, -np.inf), (np.nan, 2.0), (2.0, np.nan),
    (4.0, 4.0), (-4.0, -4.0), (4.0, -4.0), (100.0, 0.001), (0.003, 0.001), (16777216.0, 3.0), (1.0, 3e-39),
]


def inputs(seed, shape=(64, 64), bf16=False):
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    a = (rng.uniform(1.0, 2.0, n) * 2.0 ** rng.integers(-12, 24, n) * rng.choice([-1.0, 1.0], n)).astype(np.float32)
    b = (rng.uniform(1.0, 2.0, n) * 2.0 ** rng.integers(-8, 12, n) * rng.choice([-1.0, 1.0], n)).astype(np.float32)
    k = n // 4      # exact multiples, small quotients
    b[k:2 * k] = np.round(b[k:2 * k])
    b[k:2 * k][b[k:2 * k] == 0] = 1.0
    a[k:2 * k] = b[k:2 * k] * rng.integers(-50, 50, k)
    a[2 * k:3 * k] = rng.uniform(-100, 100, k)
    b[2 * k:3 * k] = rng.uniform(-80, 120, k)
    e = np.array(EDGE, np.float32)
    a[:len(e)], b[:len(e)] = e[:, 0], e[:, 1]
    a, b = a.reshape(shape), b.reshape(shape)
    if bf16:
        a, b = bf16_rne(a), bf16_rne(b)
    # no denormal inputs (the unpacker's and MAD unit's handling of them is outside these kernels)
    a[np.abs(a) < np.finfo(np.float32).tiny] = 0.0 * np.sign(a[np.abs(a) < np.finfo(np.float32).tiny])
    b[(np.abs(b) < np.finfo(np.float32).tiny) & (b != 0)] = 1.0
    return a, b


def bits(x):
    return np.ascontiguousarray(np.asarray(x, np.float32)).view(np.uint32)


def dst_in(x, fp32):
    """What the kernel's SFPLOAD reads: the operand's bits; with a 16-bit Dst binary_ng's copy_tile (unpack to srcA,
    then the FPU's datacopy into Dst, tensix's model of it) delivers -0.0 as +0.0, so the kernel's `b == 0` holds for
    a -0.0 divisor there (remainder(5, -0.0) is +inf after SFPSTOCHRND in bfloat16, -NaN in float32)."""
    v = bits(x).copy()
    if not fp32:
        v[v == 0x80000000] = 0
    return v


def to_dev(device, x, dtype):
    return ttnn.from_numpy(np.asarray(x, np.float32), dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def out_bits(t):
    return bits(ttnn.to_numpy(t))


def assert_bits(got, want, a, b):
    bad = got != want
    if bad.any():
        i = np.argwhere(bad)[:8]
        rows = [(float(np.float32(a[tuple(j)] if np.ndim(a) else a)),
                 float(np.float32(b[tuple(j)] if np.ndim(b) else b)),
                 hex(int(got[tuple(j)])), hex(int(want[tuple(j)]))) for j in i]
        raise AssertionError(f"{int(bad.sum())} lanes differ (a, b, got, want): {rows}")


DT = {"float32": ttnn.float32, "bfloat16": ttnn.bfloat16}


# ---- tensor divisor ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("op", ["remainder", "fmod"])
def test_tensor_divisor_is_the_kernel_bit_for_bit(device, op, dtype):
    fp32 = dtype == "float32"
    a, b = inputs(1 if op == "remainder" else 2, bf16=not fp32)
    got = out_bits(getattr(ttnn, op)(to_dev(device, a, DT[dtype]), to_dev(device, b, DT[dtype])))
    want = (ref_remainder_binary if op == "remainder" else ref_fmod_binary)(dst_in(a, fp32), dst_in(b, fp32), fp32)
    assert_bits(got, want, a, b)


@pytest.mark.parametrize("op", ["remainder", "fmod"])
def test_tensor_divisor_special_values(device, op):
    """b == +0 gives NaN (a 16-bit Dst: NaN -> +inf by SFPSTOCHRND); b == -0 is not zero to SFPSETCC (its bits are
    0x80000000): it goes through the reciprocal (-inf) instead."""
    a = np.array([[5.0, -5.0, 0.0, 5.0, 7.0, -7.0, 7.0, -7.0]], np.float32)
    b = np.array([[0.0, 0.0, 0.0, -0.0, 4.0, 4.0, -4.0, -4.0]], np.float32)
    for dtype, fp32 in (("float32", True), ("bfloat16", False)):
        got = ttnn.to_numpy(getattr(ttnn, op)(to_dev(device, a, DT[dtype]), to_dev(device, b, DT[dtype])))[0]
        if fp32:
            assert np.isnan(got[:3]).all()
        else:
            assert (got[:3] == np.inf).all()
        want = np.remainder(a[0, 4:], b[0, 4:]) if op == "remainder" else np.fmod(a[0, 4:], b[0, 4:])
        assert np.array_equal(got[4:], want)
        assert_bits(bits(got), (ref_remainder_binary if op == "remainder" else ref_fmod_binary)(
            dst_in(a[0], fp32), dst_in(b[0], fp32), fp32), a[0], b[0])


@pytest.mark.parametrize("op", ["remainder", "fmod"])
def test_tensor_divisor_close_to_numpy(device, op):
    """Where |a / b| < 2**20 the result is numpy's within what the reciprocal's error leaves: a few float32 ulps of
    max(|a|, |b|) (a - q*b is an SFPMUL and a subtraction, two roundings), or a whole b where the quotient sits at an integer boundary (remainder ~0 vs ~b)."""
    a, b = inputs(3)
    got = ttnn.to_numpy(getattr(ttnn, op)(to_dev(device, a, ttnn.float32), to_dev(device, b, ttnn.float32)))
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    with np.errstate(all="ignore"):
        want = np.remainder(a64, b64) if op == "remainder" else np.fmod(a64, b64)
        q = np.abs(a64 / b64)
    ok = np.isfinite(a64) & np.isfinite(b64) & (b64 != 0) & (q < 2.0 ** 20)
    err = np.abs(got[ok] - want[ok])
    tol = 8 * np.spacing(np.maximum(np.abs(a[ok]), np.abs(b[ok])).astype(np.float32)).astype(np.float64) + 1e-30
    boundary = np.abs(err - np.abs(b64[ok])) <= tol
    assert ((err <= tol) | boundary).all(), (a[ok][~((err <= tol) | boundary)][:5], b[ok][~((err <= tol) | boundary)][:5],
                                             got[ok][~((err <= tol) | boundary)][:5], want[ok][~((err <= tol) | boundary)][:5])
    assert (err <= tol).mean() > 0.99
    # and the sign rule: remainder has b's sign, fmod a's (or is 0)
    g = got[ok]
    nz = g != 0
    sgn = np.sign(b64[ok]) if op == "remainder" else np.sign(a64[ok])
    assert (np.sign(g[nz]) == sgn[nz]).all()


@pytest.mark.parametrize("op", ["remainder", "fmod"])
@pytest.mark.parametrize("shapes", [((2, 64, 64), (64, 1)), ((64, 96), (1, 96)), ((3, 32, 64), (1, 1))])
def test_broadcast_shapes(device, op, shapes):
    sa, sb = shapes
    rng = np.random.default_rng(4)
    a = rng.uniform(-100, 100, sa).astype(np.float32)
    b = rng.uniform(-9, 9, sb).astype(np.float32)
    got = out_bits(getattr(ttnn, op)(to_dev(device, a, ttnn.float32), to_dev(device, b, ttnn.float32)))
    a2, b2 = np.broadcast_arrays(a, b)
    want = (ref_remainder_binary if op == "remainder" else ref_fmod_binary)(bits(a2), bits(b2), True)
    assert got.shape == want.shape
    assert_bits(got, want, a2, b2)


def test_remainder_output_tensor(device):
    a = np.array([[5.0, 7.0, -5.0, -7.0, 3.5, 10.0, 1.5, -1.5, 9.0, 15.0]], np.float32)
    b = np.array([[2.0, 4.0, 2.0, 4.0, 2.0, 4.0, 0.5, 0.5, -2.0, -4.0]], np.float32)
    out = to_dev(device, np.zeros_like(a), ttnn.bfloat16)
    r = ttnn.remainder(to_dev(device, a, ttnn.bfloat16), to_dev(device, b, ttnn.bfloat16), output_tensor=out)
    assert r is out
    assert np.array_equal(ttnn.to_numpy(out), np.remainder(a, b))


def test_fmod_refuses_what_its_binding_lacks(device):
    a = to_dev(device, np.ones((32, 32)), ttnn.float32)
    with pytest.raises(TypeError):
        ttnn.fmod(a, a, output_tensor=a)


def test_int32_runs_the_int32_kernels(device):
    """remainder_int32_tile / fmod_int32_tile (tensix.sfpi.llk_int; edge cases in tests/test_ttnn_int62.py)."""
    x = np.arange(-512, 512, dtype=np.int32).reshape(32, 32)
    a = ttnn.from_numpy(x, dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    b = ttnn.from_numpy(np.full((32, 32), -7, np.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.remainder(a, b)), np.remainder(x, -7))
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.fmod(a, b)), np.fmod(x, -7))


# ---- scalar divisor ---------------------------------------------------------------------------------------------
SCALARS = [3.7, -3.7, 2.0, -0.5, 0.001, -0.0029, 100.0, 0.0, 1e-3, 7.0]


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("op", ["remainder", "fmod"])
def test_scalar_divisor_is_the_kernel_bit_for_bit(device, op, dtype):
    fp32 = dtype == "float32"
    a, _ = inputs(5, shape=(32, 64), bf16=not fp32)
    ta = to_dev(device, a, DT[dtype])
    for s in SCALARS:
        got = out_bits(getattr(ttnn, op)(ta, s))
        value = np.float32(s)
        with np.errstate(divide="ignore"):
            rc = np.float32(1.0) / value
        want = ref_scalar(bits(a), int(bits([value])[0]), int(bits([rc])[0]), op == "fmod")
        if not fp32:
            want = store16(want)
        assert_bits(got, want, a, value)


@pytest.mark.parametrize("op", ["remainder", "fmod"])
def test_scalar_divisor_close_to_numpy(device, op):
    rng = np.random.default_rng(6)
    a = rng.uniform(-100, 100, (32, 64)).astype(np.float32)
    ta = to_dev(device, a, ttnn.float32)
    for s in (3.7, -3.7, 0.25, -7.0):
        got = ttnn.to_numpy(getattr(ttnn, op)(ta, s)).astype(np.float64)
        want = (np.remainder if op == "remainder" else np.fmod)(a.astype(np.float64), np.float64(np.float32(s)))
        err = np.abs(got - want)
        boundary = np.abs(err - abs(np.float32(s))) < 1e-4
        assert ((err < 1e-4) | boundary).all()
        assert (err < 1e-4).mean() > 0.99


def test_scalar_zero_divisor_is_nan(device):
    a = to_dev(device, np.array([[1.0, -1.0, 0.0, 5.0]], np.float32), ttnn.float32)
    for op in (ttnn.remainder, ttnn.fmod):
        assert np.isnan(ttnn.to_numpy(op(a, 0.0))).all()


def test_scalar_remainder_output_tensor(device):
    a = np.array([[5.0, -5.0, 7.5, -7.5]], np.float32)
    out = to_dev(device, np.zeros_like(a), ttnn.float32)
    r = ttnn.remainder(to_dev(device, a, ttnn.float32), 2.0, output_tensor=out)
    assert r is out
    assert np.array_equal(ttnn.to_numpy(out), np.remainder(a, np.float32(2.0)))


def test_reference_can_fail():
    """The reference is not the kernel under another name: a one-step change (trunc for floor) changes its bits."""
    a, b = bits(np.float32([-5.0, -7.5])), bits(np.float32([2.0, 2.0]))
    assert not np.array_equal(ref_remainder_binary(a, b, True), ref_fmod_binary(a, b, True))
    assert np.array_equal(ref_remainder_binary(a, b, True).view(np.float32), np.float32([1.0, 0.5]))


# ---- the compute API: remainder_tile_init(param0, param1) / remainder_tile(idst, param0, param1) ----------------
def _kernel_helpers():
    import test_kernel_sfpu_ops_ttnn as H
    return H


@pytest.mark.parametrize("op", ["remainder", "fmod"])
def test_compute_api_scalar_tile(op):
    """{op}_tile_init(bits(s), bits(1/s)); {op}_tile(0, the same) in a real kernel (fp32 Dst) is the reference."""
    import tensix.kernel as K
    H = _kernel_helpers()
    x = np.random.default_rng(7).uniform(-50, 50, (32, 32)).astype(np.float32)
    s, rc = np.float32(-2.5), np.float32(1.0) / np.float32(-2.5)
    rt = (int(bits([s])[0]), int(bits([rc])[0]))
    got = H.run_kernel(lambda: getattr(K, f"{op}_tile_init")(*rt, version=H.FORK),
                       lambda: getattr(K, f"{op}_tile")(0, *rt, version=H.FORK), [x], fp32=True)
    assert_bits(bits(got), ref_scalar(bits(x), *rt, op == "fmod"), x, s)


def test_compute_api_scalar_tile_refuses_other_constants():
    """remainder_tile reads the divisor from the constants its init loaded, not from its own arguments: a call whose
    arguments differ from the last init's is refused (on hardware it would use the init's divisor)."""
    import tensix.kernel as K
    from tensix.kernel import SfpuInitError
    H = _kernel_helpers()
    x = np.ones((32, 32), np.float32)
    two, half = int(bits([2.0])[0]), int(bits([0.5])[0])
    three, third = int(bits([3.0])[0]), int(bits([np.float32(1) / np.float32(3)])[0])
    with pytest.raises(SfpuInitError, match="remainder_tile"):
        H.run_kernel(lambda: K.remainder_tile_init(two, half, version=H.FORK),
                     lambda: K.remainder_tile(0, three, third, version=H.FORK), [x], fp32=True)
    with pytest.raises(Exception, match="takes 2 argument"):
        H.run_kernel(lambda: K.remainder_tile_init(version=H.FORK),
                     lambda: K.remainder_tile(0, two, half, version=H.FORK), [x], fp32=True)


@pytest.mark.parametrize("fp32", [True, False], ids=["fp32", "bf16"])
@pytest.mark.parametrize("op", ["remainder", "fmod"])
def test_compute_api_binary_tile_is_the_sfpi_program(op, fp32):
    H = _kernel_helpers()
    a, b = inputs(8, shape=(32, 32), bf16=not fp32)
    got = H.kernel_binary(f"{op}_binary", a, b, fp32=fp32)
    H.assert_same_bits(got, H.direct_binary(f"{op}_binary", a, b, fp32=fp32))


def test_compute_api_binary_tile_needs_its_init():
    from tensix.kernel import SfpuInitError
    H = _kernel_helpers()
    a = np.ones((32, 32), np.float32)
    with pytest.raises(SfpuInitError, match="fmod_binary_tile .*no SFPU op init"):
        H.kernel_binary("fmod_binary", a, a, fp32=True, init=False)


def test_compute_api_int32_tiles():
    """remainder_int32_tile / fmod_int32_tile through the compute API: x mod x = 0 for the words of 1.0f."""
    H = _kernel_helpers()
    a = np.ones((32, 32), np.float32)
    for name in ("remainder_int32", "fmod_int32"):
        assert not np.asarray(H.kernel_binary(name, a, a, fp32=True)).view(np.uint32).any()
