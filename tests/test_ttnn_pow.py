"""ttnn.pow / rpow / rdiv / div_no_nan as tt-metal 622c6fb9 runs them (tensix.sfpi.llk_pow through
tensix.ttnn.operations.power).

- bit for bit against a second implementation written here in numpy from the C++ (llk_sfpu/ckernel_sfpu_unary_power.h,
  ckernel_sfpu_binary_pow.h, ckernel_sfpu_rpow.h, ckernel_sfpu_rdiv.h, ckernel_sfpu_conversions.h, ckernel_sfpu_exp.h
  _sfpu_exp_fp32_accurate_), lane by lane on float32 bit patterns: every SFPMAD through tensix.sfpu.fma_model (the
  helpers of tests/test_ttnn_remainder_fmod.py / test_ttnn_unary_special.py), `c - a * b` an SFPMUL then a
  subtraction, a bf16-exact literal addend other than 0.0 / +-1.0 an SFPADDI after the SFPMUL, compares of a vector with 0 on its bits, other
  compares on the sign of the SFPMAD difference, SFPSWAP as sign-magnitude min / max;
- against float64 with the bounds the kernels reach;
- special values: 0 ** negative, negative bases with integer / non-integer exponents, infinities, NaN;
- the dispatch of ttnn.pow (POWER_ITERATIVE for the integers 0..3, POWER otherwise, binary_ng POWER for a tensor
  exponent, full_like for a number base) and the refusals.
"""

import math

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device import formats
from tensix.device.formats import DataFormat as DF
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError
from tests.test_ttnn_remainder_fmod import M32, ONE, ZERO, add, eq0, fabs, floor, i32
from tests.test_ttnn_remainder_fmod import lt0, mad, mul, sub, to_bf16_nearest, trunc
from tests.test_ttnn_unary import device  # noqa: F401  (a fixture)
from tests.test_ttnn_unary_special import F, cast_smag, horner, madc, recip, setexp, stochrnd_int, vmax

QNAN = 0x7FC00000
INF = 0x7F800000
RNG = np.random.default_rng(622)

# the C++ constants, written out again from the 622c6fb9 sources (not read from tensix.sfpi.llk_pow)
_h = float.fromhex
LOG2_CUBIC = (_h("-0x1.952992p+0"), _h("0x2.4f5388p+0"), _h("-0xd.e712ap-4"), _h("0x2.44734p-4"))
ONE_LN2_UNARY, ONE_LN2_BINARY = 1.4426950408889634, 1.442695
SQRT2 = 1.4142135381698608
LN2 = 0.693147180559945309
LN_SERIES = (0.3333333333333333, 0.2, 0.14285714285714285, 0.1111111111111111, 0.09090909090909091)
POW2_LOW = -126.99999237060546875
LN2_HI, LN2_LO = -0.6931152343750000, -3.19461832987e-05
TAYLOR = (0.5, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0, 1.0 / 720.0, 1.0 / 5040.0)
C231 = 0x4B400000


# ---- the kernels, lane by lane on uint32 bit patterns ---------------------------------------------------------------
def U(x):
    return np.asarray(x, np.uint32)


def exexp(x):
    return ((U(x) >> 23) & 0xFF).astype(np.int64) - 127


def addexp(x, n):
    """SFPDIVP2 ADD: the exponent field + n (mod 256), inf / NaN unchanged."""
    x = U(x)
    e = (x >> 23) & 0xFF
    return np.where(e == 255, x, setexp(x, (e.astype(np.int64) + n) & 0xFF)).astype(np.uint32)


def as_float_bits(n):
    """SFPCAST of a small integer (exact) as bits."""
    return np.asarray(n, np.float64).astype(np.float32).view(np.uint32)


def lt(a, b):
    """v_if(a < b) for two vectors: the sign of the SFPMAD difference a - b."""
    return lt0(sub(a, b))


def ge(a, b):
    return ~lt0(sub(a, b))


def to_int32_positive(v):
    """_float_to_int32_positive_: 0 below 1, INT32_MAX for an exponent above 30, else mantissa | hidden bit shifted by
    exponent - 23 (logical)."""
    v = U(v)
    e = exexp(v)
    man = ((v & 0x7FFFFF) | 0x800000).astype(np.int64)
    sh = e - 23
    shifted = np.where(sh >= 0, man << np.clip(sh, 0, 31), man >> np.clip(-sh, 0, 31)) & M32
    return np.where(e < 0, 0, np.where(e > 30, 0x7FFFFFFF, shifted)).astype(np.uint32)


def pow21f(base, pw, prgm0):
    """The exp_21f body shared by _sfpu_unary_power_21f_ / _sfpu_binary_power_21f_: (y, |base|)."""
    ab = fabs(base)
    x = setexp(ab, 127)
    series = horner(x, list(LOG2_CUBIC))
    log2 = mad(series, F(prgm0), as_float_bits(exexp(base)))
    z = mul(pw, log2)
    z = np.where(lt(z, F(-127.0)), F(-127.0), z).astype(np.uint32)
    z = add(addexp(z, 23), F(float(0x3F800000)))
    zi = to_int32_positive(z)
    zii = exexp(zi)
    zif = (zi & 0x7FFFFF).astype(np.int64)
    d2 = as_float_bits(zif + 0xF94EE7)
    d3 = as_float_bits(zif + 0x560E)
    d2 = mul(F(0.40196114e-7), d2)
    zif = to_int32_positive(mul(d2, d3))
    return setexp(zif, (zii + 127) & 0xFF), ab


def ln_mantissa(ab, c0_bits, c1):
    """The fp32 kernels' log: (exponent as float, ln m)."""
    m = setexp(ab, 127)
    e = exexp(ab)
    big = ge(m, F(SQRT2))
    m = np.where(big, addexp(m, -1), m).astype(np.uint32)
    e = np.where(big, e + 1, e)
    mp1, mm1 = add(m, ONE), sub(m, ONE)
    r = sub(c0_bits, mul(F(c1), mp1))
    for _ in range(2):
        r = mul(r, sub(F(2.0), mul(mp1, r)))
    z = mul(mm1, r)
    p = horner(mul(z, z), [np.uint32(ONE)] + list(LN_SERIES))
    return as_float_bits(e), mul(F(2.0), mul(z, p))


def pow2_accurate(z):
    """_sfpu_pow2_f32_accurate_."""
    z = vmax(F(POW2_LOW), z)
    c231 = np.uint32(C231)
    tmp = add(z, c231)
    k = sub(tmp, c231)
    k_int = i32(tmp).astype(np.int64) - C231
    r = mad(k, F(LN2_HI), mul(z, F(LN2)))
    r = mad(k, F(LN2_LO), r)
    p = horner(r, [np.uint32(ONE), np.uint32(ONE)] + list(TAYLOR))
    res = setexp(p, (((U(p) >> 23) & 0xFF).astype(np.int64) + k_int) & 0xFF)
    return np.where(ge(z, F(128.0)), np.uint32(INF), res).astype(np.uint32)


def exp_accurate(a):
    """_sfpu_exp_fp32_accurate_ (not unsafe)."""
    j = mul(F(1.442695), a)
    i_smag = stochrnd_int(j, 32767)
    jf = cast_smag(i_smag)
    f = mad(jf, F(-6.93145752e-1), a)
    f = mad(jf, F(-1.42860677e-6), f)
    r = F(1.37805939e-3)
    for c in (8.37312452e-3, 4.16695364e-2, 1.66664720e-1, 4.99999851e-1):
        r = madc(r, f, c)
    y = mad(r, f, ONE)            # + 1.0f: L10 in one SFPMAD (sfpi 7.60)
    mag = (i_smag & 0x7FFFFFFF).astype(np.int64)
    i_2c = np.where(i_smag >> 31, -mag, mag)
    r = mad(y, f, ONE)
    e = ((U(r) >> 23) & 0xFF).astype(np.int64) + i_2c
    y = mul(y, np.uint32(INF))
    y = np.where(e < 255, setexp(r, e & 0xFF), y)
    return np.where((e < 255) & (e < 1), np.uint32(ZERO), y).astype(np.uint32)


def negative_base(y, base, pw, nan):
    pow_int = stochrnd_int(pw, 32767)
    rounded = cast_smag(pow_int)
    y2 = ((U(y) & 0x7FFFFFFF) | ((pow_int & 1) << 31)).astype(np.uint32)
    y2 = np.where(sub(rounded, pw) != 0, np.uint32(nan), y2)
    return np.where(lt0(base), y2, y).astype(np.uint32)


def ref_unary_power(base, pw_bits, fp32):
    base = U(base)
    pw = np.full(base.shape, pw_bits, np.uint32)
    if fp32:
        ab = fabs(base)
        ef, ln_m = ln_mantissa(ab, F(1.003), 0.244)
        y = pow2_accurate(mul(pw, mad(ln_m, F(ONE_LN2_UNARY), ef)))
    else:
        y, ab = pow21f(base, pw, ONE_LN2_UNARY)
    if not np.float32(np.uint32(pw_bits).view(np.float32)) >= 0:
        y = np.where(eq0(ab), np.uint32(QNAN), y).astype(np.uint32)
    y = negative_base(y, base, pw, QNAN)
    return y if fp32 else to_bf16_nearest(y)


def ref_binary_power(base, pw, fp32):
    base, pw = np.broadcast_arrays(U(base), U(pw))
    if fp32:
        ab = fabs(base)
        ef, ln_m = ln_mantissa(ab, np.uint32(ONE), 0.2426406871192851)
        z = mul(pw, mad(ln_m, F(ONE_LN2_BINARY), ef))
        y = exp_accurate(mul(z, F(LN2)))
        y = np.where(eq0(base) & lt0(pw), np.uint32(QNAN), y).astype(np.uint32)
    else:
        y, ab = pow21f(base, pw, ONE_LN2_BINARY)
        y = np.where(eq0(ab) & lt0(pw), np.uint32(QNAN), y).astype(np.uint32)
    y = negative_base(y, base, pw, QNAN)
    return y if fp32 else to_bf16_nearest(y)


def ref_iterative(x, n):
    x = U(x)
    if n == 0:
        return np.full(x.shape, ONE, np.uint32)
    result, v, e = x, x, n - 1
    while e > 0:
        if e & 1:
            result = mul(result, v)
        v = mul(v, v)
        e >>= 1
    return result


def ref_rdiv(x, value_bits, fp32, mode):
    x = U(x)
    r = recip(x, 2 if fp32 else 1)
    if not fp32:
        r = to_bf16_nearest(r)
    res = mul(r, np.uint32(value_bits))
    if mode == "trunc":
        res = trunc(res)
    elif mode == "floor":
        res = floor(res)
    return res


# ---- running -------------------------------------------------------------------------------------------------------
def bits_of(x):
    return np.asarray(x, np.float32).view(np.uint32)


def fbits(v):
    return int(np.float32(v).view(np.uint32))


def on_device(device, x, dtype):
    """(tensor, its values' bits as the SFPU loads them)."""
    t = ttnn.from_numpy(np.asarray(x, np.float32), dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    return t, bits_of(ttnn.to_numpy(t))


def via_srca(bits):
    """A bfloat16 operand of binary_ng POWER is not unpacked to Dst directly (UnpackToDestFp32 only for float32): it
    goes through srcA and the FPU's copy to Dst, which (as tensix.device.fpu models it) flushes exponent-0 values,
    -0.0 included, to +0."""
    bits = U(bits)
    return np.where((bits & 0x7F800000) == 0, np.uint32(0), bits).astype(np.uint32)


def stored(ref_bits, fp32, dtype):
    """The kernel's result as the tensor reads back: a 16-bit Dst keeps the top 16 bits (SFPSTORE), then the packer."""
    shape = ref_bits.shape
    dst = U(ref_bits).reshape(-1, 32, 32)
    dst = dst if fp32 else (dst >> 16).astype(np.uint16)
    fmt = DF.Float32 if dtype == ttnn.float32 else DF.Float16_b
    out = formats.unpack_tile_bytes(formats.pack_from_dest(dst, fp32, fmt), fmt).astype(np.float32)
    return bits_of(out.reshape(shape))


def assert_bits(got, want):
    got, want = bits_of(got), U(want)
    bad = np.flatnonzero(got.ravel() != want.ravel())
    first = [(hex(got.ravel()[i]), hex(want.ravel()[i])) for i in bad[:5]]
    assert bad.size == 0, f"{bad.size} lanes differ; first (got, want): {first}"


DTYPES = [ttnn.float32, ttnn.bfloat16]


def _base_grid():
    x = RNG.uniform(-6, 6, (64, 64)).astype(np.float32)
    x[0, :16] = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 1e-20, -3.0, np.inf, -np.inf, np.nan, 1e30, 4.0, 9.0]
    x[1, :] = np.exp(RNG.uniform(-80, 80, 64)).astype(np.float32)
    return x


# ---- tensor ** number --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("exponent", [2.5, -1.5, 4, 7, -2, 0.5, 10.0, -0.25, 1e-3])
def test_pow_scalar_bit_for_bit(device, dtype, exponent):
    fp32 = dtype == ttnn.float32
    t, xb = on_device(device, _base_grid(), dtype)
    got = ttnn.to_numpy(ttnn.pow(t, exponent))
    assert_bits(got, stored(ref_unary_power(xb, fbits(exponent), fp32), fp32, dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_pow_small_integers_run_power_iterative(device, dtype, n):
    fp32 = dtype == ttnn.float32
    t, xb = on_device(device, _base_grid(), dtype)
    for e in (n, float(n)):
        got = ttnn.to_numpy(ttnn.pow(t, e))
        assert_bits(got, stored(ref_iterative(xb, n), fp32, dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_pow_scalar_against_float64(device, dtype):
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(0.05, 8, (64, 64)).astype(np.float32)
    t, xb = on_device(device, x, dtype)
    x64 = xb.view(np.float32).astype(np.float64)
    # fp32: the log's series and the Taylor 2**z keep |rel err| near 1e-6 (z up to ~30 here: its error times z ln2);
    # bf16: the cubic log2 is good to ~2e-3 (absolute, scaled by |e| in 2**(e log2 x)), exp_21f to ~1e-4, then the
    # rounding to bf16 (2**-9)
    for e in (2.5, -1.7, 6.0, 0.3):
        y = ttnn.to_numpy(ttnn.pow(t, e)).astype(np.float64)
        ref = x64 ** e
        rel = np.abs(y - ref) / ref
        assert rel.max() < (2e-5 if fp32 else 2**-8 + 2e-3 * max(abs(e), 1.0)), (e, rel.max())


@pytest.mark.parametrize("dtype", DTYPES)
def test_pow_special_values(device, dtype):
    fp32 = dtype == ttnn.float32
    x = np.zeros((32, 32), np.float32)
    x[0, :8] = [0.0, -0.0, -2.0, -2.0, 2.0, -3.0, 1.0, -1.0]
    t, _ = on_device(device, x, dtype)
    nan_out = np.nan if fp32 else np.inf      # the bf16 packer turns NaN into inf (tensix.device.formats)
    y = ttnn.to_numpy(ttnn.pow(t, -1.5))[0, :8]
    assert np.isnan(y[0]) or (not fp32 and np.isinf(y[0]))          # 0 ** negative: NaN
    assert np.isnan(y[2]) or np.isinf(y[2])                          # negative base, non-integer exponent: NaN
    assert np.isnan(y[2]) == np.isnan(nan_out)
    y = ttnn.to_numpy(ttnn.pow(t, 5))[0, :8]                         # negative base, odd: negative
    np.testing.assert_allclose(y[[2, 4, 5, 6, 7]], [-32, 32, -243, 1, -1], rtol=2**-7)
    # 0 ** 5: log2(0) is -127 (exexp of 0) times 5, clamped at -127 (bf16) / -126.99999 (fp32's pow2): the fp32 kernel
    # leaves a denormal pattern (about 7e-44), the bf16 one 0 after its rounding
    assert 0 <= y[0] < 1e-37 and (fp32 or y[0] == 0)
    y = ttnn.to_numpy(ttnn.pow(t, 4))[0, :8]                         # even: positive
    np.testing.assert_allclose(y[[2, 5, 7]], [16, 81, 1], rtol=2**-7)
    y = ttnn.to_numpy(ttnn.pow(t, 2.5))[0, :8]
    assert 0 <= y[0] < 1e-37 and (fp32 or y[0] == 0) and not np.isnan(y[4])


# ---- tensor ** tensor, number ** tensor ----------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_pow_tensor_bit_for_bit(device, dtype):
    fp32 = dtype == ttnn.float32
    base = _base_grid()
    ex = RNG.uniform(-4, 4, base.shape).astype(np.float32)
    ex[2, :8] = [0.0, -0.0, 1.0, 2.0, 3.0, -1.0, np.inf, np.nan]
    ex[3, :] = np.round(ex[3, :])
    tb, bb = on_device(device, base, dtype)
    te, eb = on_device(device, ex, dtype)
    got = ttnn.to_numpy(ttnn.pow(tb, te))
    if not fp32:
        bb, eb = via_srca(bb), via_srca(eb)
    assert_bits(got, stored(ref_binary_power(bb, eb, fp32), fp32, dtype))
    # and with the exponents reversed (inf, NaN, -0.0 as exponents, integers as bases)
    got = ttnn.to_numpy(ttnn.pow(te, tb))
    assert_bits(got, stored(ref_binary_power(eb, bb, fp32), fp32, dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_pow_tensor_against_float64_and_number_base(device, dtype):
    fp32 = dtype == ttnn.float32
    base = RNG.uniform(0.1, 5, (64, 32)).astype(np.float32)
    ex = RNG.uniform(-3, 3, (64, 32)).astype(np.float32)
    tb, bb = on_device(device, base, dtype)
    te, eb = on_device(device, ex, dtype)
    y = ttnn.to_numpy(ttnn.pow(tb, te)).astype(np.float64)
    ref = bb.view(np.float32).astype(np.float64) ** eb.view(np.float32).astype(np.float64)
    assert (np.abs(y - ref) / ref).max() < (2e-6 if fp32 else 2**-8 + 6e-3)
    # a number base: full_like(exponent, base) then the same program
    got = ttnn.to_numpy(ttnn.pow(2.5, te))
    eb = eb if fp32 else via_srca(eb)
    assert_bits(got, stored(ref_binary_power(np.full(eb.shape, fbits(2.5), np.uint32), eb, fp32), fp32, dtype))


# ---- rpow, rdiv, div_no_nan ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("base", [2.0, 0.5, 10.0, -2.0, 0.0])
def test_rpow_bit_for_bit(device, dtype, base):
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(-6, 6, (32, 64)).astype(np.float32)
    x[0, :6] = [0.0, 1.0, 2.0, -1.0, 0.5, 3.0]
    t, xb = on_device(device, x, dtype)
    got = ttnn.to_numpy(ttnn.rpow(t, base))
    assert_bits(got, stored(ref_binary_power(np.full(xb.shape, fbits(base), np.uint32), xb, fp32), fp32, dtype))
    if base > 0:
        ref = base ** xb.view(np.float32).astype(np.float64)
        assert (np.abs(got - ref) / ref).max() < (2e-6 if fp32 else 2**-8 + 2e-3 * 6 * abs(math.log2(base)))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mode", [None, "trunc", "floor"])
def test_rdiv_bit_for_bit(device, dtype, mode):
    fp32 = dtype == ttnn.float32
    x = RNG.uniform(-100, 100, (32, 64)).astype(np.float32)
    x[0, :4] = [0.0, -0.0, np.inf, 0.224609375]
    t, xb = on_device(device, x, dtype)
    for value in (7.7, -43.7, 0.45):
        got = ttnn.to_numpy(ttnn.rdiv(t, value, rounding_mode=mode))
        assert_bits(got, stored(ref_rdiv(xb, fbits(value), fp32, mode), fp32, dtype))
        if mode is None:
            x64 = xb.view(np.float32).astype(np.float64)[1:]
            ref = np.float32(value) / x64
            # bf16: 1/x rounded to bf16, the product truncated by SFPSTORE
            assert (np.abs(got[1:] - ref) / np.abs(ref)).max() < (2e-7 if fp32 else 2**-7 + 2**-8)
    with pytest.raises(TTNNError):
        ttnn.rdiv(t, 1.0, rounding_mode="round")


def test_div_no_nan(device):
    x = RNG.uniform(-5, 5, (32, 32)).astype(np.float32)
    t, xb = on_device(device, x, ttnn.float32)
    assert not np.any(ttnn.to_numpy(ttnn.div_no_nan(t, 0.0)))
    got = ttnn.to_numpy(ttnn.div_no_nan(t, 4.0))
    np.testing.assert_array_equal(got, xb.view(np.float32) * np.float32(0.25))
    # two tensors: multiply(a, reciprocal(b)) (float32), then where(eqz(b), 0.0, that): the quotient where b != 0
    y = RNG.uniform(-5, 5, (32, 32)).astype(np.float32)
    y[::3, ::5] = 0.0
    tb, _yb = on_device(device, y, ttnn.float32)
    got = ttnn.to_numpy(ttnn.div_no_nan(t, tb)).view(np.uint32)
    quot = ttnn.to_numpy(ttnn.multiply(t, ttnn.reciprocal(tb))).view(np.uint32)
    np.testing.assert_array_equal(got, np.where(y != 0, quot, np.uint32(0)))


def test_refusals(device):
    t = ttnn.from_numpy(np.ones((32, 32), np.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(NotModelledError):
        ttnn.pow(t, 2.5)
    with pytest.raises(TTNNError):
        from tensix.ttnn.operations.power import pow_init_and_func
        pow_init_and_func("POWER_ITERATIVE", (2.5,), True, ttnn.float32)


def test_kernel_dispatch_matches_bind_power():
    """binary_composite_op.cpp: floor(e) as int32 == e -> the int overload; 0..3 -> POWER_ITERATIVE."""
    import tensix.ttnn.operations.power as power
    seen = []
    orig = power._unary
    power._unary = lambda name, chain, *a: seen.append(chain[0])
    try:
        for e in (2, 3.0, 4, 2.5, -1.0, 0, float("inf")):
            power.pow(object.__new__(ttnn.Tensor), e)
    finally:
        power._unary = orig
    assert seen == [("POWER_ITERATIVE", (2.0,)), ("POWER_ITERATIVE", (3.0,)), ("POWER", (4.0,)), ("POWER", (2.5,)),
                    ("POWER", (-1.0,)), ("POWER_ITERATIVE", (0.0,)), ("POWER", (math.inf,))]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("b_shape", [(1, 64), (64, 1), (1, 1)])
def test_pow_tensor_broadcast_bit_for_bit(device, dtype, b_shape):
    """Row, column and scalar broadcasts of the exponent (binary_ng's subtile broadcasts) give the lanes' kernel
    results as with full tensors."""
    fp32 = dtype == ttnn.float32
    base = RNG.uniform(-3, 6, (64, 64)).astype(np.float32)
    ex = np.round(RNG.uniform(-3, 3, b_shape), 1).astype(np.float32)
    tb, bb = on_device(device, base, dtype)
    te = ttnn.from_numpy(ex, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    eb = bits_of(ttnn.to_numpy(te))
    if not fp32:
        bb, eb = via_srca(bb), via_srca(eb)
    got = ttnn.to_numpy(ttnn.pow(tb, te))
    assert_bits(got, stored(ref_binary_power(bb, np.broadcast_to(eb, bb.shape), fp32), fp32, dtype))


def test_pow_mixed_dtypes_unpack_only_the_float32_side_to_dst(device):
    """binary_ng_program_factory.cpp: for POWER only a float32 operand is unpacked to Dst as fp32 (the bfloat16 one goes
    through srcA); fp32_dest_acc_en because one operand is float32, so the fp32 kernel runs, and the output (a's
    dtype) is packed to bfloat16."""
    b = RNG.uniform(0.1, 5, (32, 32)).astype(np.float32)
    e = RNG.uniform(-3, 3, (32, 32)).astype(np.float32)
    tb, bb = on_device(device, b, ttnn.bfloat16)
    te, eb = on_device(device, e, ttnn.float32)
    out = ttnn.pow(tb, te)
    assert out.dtype == ttnn.bfloat16
    assert_bits(ttnn.to_numpy(out), stored(ref_binary_power(via_srca(bb), eb, True), True, ttnn.bfloat16))
