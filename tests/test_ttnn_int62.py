"""The integer SFPU kernels of tensix.sfpi.llk_int (helper-62) through ttnn, against numpy int64 references reduced
modulo 2^32 (or 2^16): mul_int_tile<Int32 / UInt32> (mul_int32: ttnn.multiply, ttnn.square, squared_difference,
logical_and), rsub_int_tile, abs_tile_int32, negative_tile_int32, relu_tile_int32, div_int32_tile (a float32
result), div_int32_floor / _trunc_tile, remainder_int32_tile / fmod_int32_tile, binary_logical_right_shift_tile and
the integer addcmul kernels
(ternary_addcmul_int_sfpu / _bcast). Integers have no rounding excuse: every comparison is exact, at the edges too
(INT32_MIN / MAX, 2^31 - 1 times anything, wrap-around, negative operands, shifts outside [0, 32)). Then the
refusals that stay."""

import numpy as np
import pytest

import tensix.kernel as K
import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.kernel.sfpu_ops import SfpuInitError
from tensix.ttnn.errors import TTNNError

I32_MIN, I32_MAX = -(2 ** 31), 2 ** 31 - 1
RNG = np.random.default_rng(62)
EDGES = np.array([0, 1, -1, 2, -2, 7, -7, I32_MAX, I32_MIN, I32_MIN + 1, 46340, -46341, 65535, 65536, 2 ** 30,
                  -(2 ** 30), 123456789, -987654321, 2047, 2048, 4194303, 4194304], np.int64)


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def wrap32(x):
    """int64 -> the int32 two's complement value of its low 32 bits."""
    return ((np.asarray(x, np.int64) + 2 ** 31) % 2 ** 32) - 2 ** 31


def to_dev(device, x, dtype):
    npdt = {ttnn.int32: np.int32, ttnn.uint32: np.uint32, ttnn.uint16: np.uint16}[dtype]
    return ttnn.from_numpy(np.asarray(x).astype(npdt), dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def out(t):
    return np.asarray(ttnn.to_numpy(t)).astype(np.int64)


def operands(shape=(64, 96), lo=I32_MIN, hi=I32_MAX):
    """Random int32 pairs with every (EDGES x EDGES) pair in the first rows."""
    a = RNG.integers(lo, hi, shape, endpoint=True)
    b = RNG.integers(lo, hi, shape, endpoint=True)
    ea, eb = np.meshgrid(EDGES, EDGES)
    n = ea.size
    a.flat[:n], b.flat[:n] = ea.ravel(), eb.ravel()
    return np.clip(a, lo, hi), np.clip(b, lo, hi)


# ---- mul_int32 ------------------------------------------------------------------------------------------------------
def test_multiply_int32_wraps_like_int32(device):
    a, b = operands()
    got = out(ttnn.multiply(to_dev(device, a, ttnn.int32), to_dev(device, b, ttnn.int32)))
    np.testing.assert_array_equal(got, wrap32(a * b))


def test_multiply_uint32_is_the_product_modulo_2_32(device):
    a = RNG.integers(0, 2 ** 32, (64, 64), dtype=np.uint64)
    b = RNG.integers(0, 2 ** 32, (64, 64), dtype=np.uint64)
    a.flat[:6] = [0, 1, 2 ** 32 - 1, 2 ** 31, 65536, 65535]
    b.flat[:6] = [2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1, 2, 65536, 65537]
    got = out(ttnn.multiply(to_dev(device, a, ttnn.uint32), to_dev(device, b, ttnn.uint32))) & 0xFFFFFFFF
    np.testing.assert_array_equal(got, ((a * b) & np.uint64(0xFFFFFFFF)).astype(np.int64))


def test_square_and_squared_difference_int32(device):
    a, b = operands()
    ta, tb = to_dev(device, a, ttnn.int32), to_dev(device, b, ttnn.int32)
    np.testing.assert_array_equal(out(ttnn.square(ta)), wrap32(a * a))
    np.testing.assert_array_equal(out(ttnn.squared_difference(ta, tb)), wrap32(wrap32(a - b) ** 2))


def test_logical_and_int32_multiplies_the_nez(device):
    a, b = operands()
    # nez_tile_int32 (calculate_comp_int: `vInt v = dst_reg[0]`, the SM32 load on Wormhole) reads INT32_MIN as -0,
    # so NEZ(INT32_MIN) is 0 there: left out (not this module's kernel)
    a[a == I32_MIN], b[b == I32_MIN] = 9, 9
    a.flat[::5] = 0
    got = out(ttnn.logical_and(to_dev(device, a, ttnn.int32), to_dev(device, b, ttnn.int32)))
    np.testing.assert_array_equal(got, ((a != 0) & (b != 0)).astype(np.int64))


def test_mul_int32_reads_its_own_constants():
    """mul_int32 reads vConstIntPrgm0 / 1 and vConstFloatPrgm2 (0x7ff, -11, 2^23): without mul_int_tile_init<Int32>
    the compute API refuses it rather than multiply with whatever those registers hold; with it, the words of two
    float32 tiles multiply as int32 (mod 2^32)."""
    import test_kernel_sfpu_ops_ttnn as H
    x = RNG.uniform(-4, 4, (2, 32, 32)).astype(np.float32)
    with pytest.raises(SfpuInitError, match="mul_int_tile"):
        H.run_kernel(lambda: None, lambda: K.mul_int_tile(0, 1, 2, "Int32"), list(x), fp32=True, pack_index=2)
    got = H.run_kernel(lambda: K.mul_int_tile_init("Int32"), lambda: K.mul_int_tile(0, 1, 2, "Int32"), list(x),
                       fp32=True, pack_index=2)
    w = x.view(np.int32).astype(np.int64)
    np.testing.assert_array_equal(np.asarray(got, np.float32).view(np.int32), wrap32(w[0] * w[1]).astype(np.int32))


# ---- rsub_int, abs_int32 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [ttnn.int32, ttnn.uint32, ttnn.uint16])
def test_rsub_int_wraps(device, dtype):
    if dtype == ttnn.uint16:
        a, b = (RNG.integers(0, 2 ** 16, (64, 64)) for _ in range(2))
        want = (b - a) % 2 ** 16
    elif dtype == ttnn.uint32:
        a, b = (RNG.integers(0, 2 ** 32, (64, 64), dtype=np.uint64).astype(np.int64) for _ in range(2))
        want = (b - a) % 2 ** 32
    else:
        a, b = operands((64, 64))
        want = wrap32(b - a)
    got = out(ttnn.rsub(to_dev(device, a, dtype), to_dev(device, b, dtype)))
    mask = {ttnn.uint16: 0xFFFF, ttnn.uint32: 0xFFFFFFFF}.get(dtype)
    np.testing.assert_array_equal(got & mask if mask else got, want)


def test_neg_and_relu_int32(device):
    """negative_tile_int32 (the sign bit flipped in sign-magnitude: -x, INT32_MIN left as it is) and relu_tile_int32
    (_relu_min_ with threshold 0)."""
    a, _ = operands((32, 64))
    t = to_dev(device, a, ttnn.int32)
    np.testing.assert_array_equal(out(ttnn.neg(t)), wrap32(-a))
    np.testing.assert_array_equal(out(ttnn.relu(t)), np.maximum(a, 0))


def test_abs_int32_keeps_int32_min(device):
    a, _ = operands((32, 64))
    got = out(ttnn.abs(to_dev(device, a, ttnn.int32)))
    np.testing.assert_array_equal(got, wrap32(np.abs(a)))
    assert got[a == I32_MIN].tolist() == [I32_MIN] * int((a == I32_MIN).sum())


@pytest.mark.parametrize("dtype", [ttnn.int32, ttnn.uint32])
def test_scalar_binops_as_activations(device, dtype):
    """ADD_UNARY_SFPU / SUB_UNARY_SFPU / RSUB of an integer tensor (here post-activations of binary_ng's bitwise_or
    of a tensor with itself): add_unary_tile_int32 / sub_unary_tile_int32 / rsub_unary_int32_tile (one SFPIADD with
    the scalar loaded by _sfpu_load_imm32_), wrapping; UINT32 runs the same int32 kernels."""
    a, _ = operands((32, 64))
    if dtype == ttnn.uint32:
        a = a & 0xFFFFFFFF
    t = to_dev(device, a, dtype)
    U, T = ttnn.UnaryWithParam, ttnn.UnaryOpType
    for op, scalar, ref in ((T.ADD_UNARY_SFPU, 7, a + 7), (T.SUB_UNARY_SFPU, -3, a + 3), (T.RSUB, 10, 10 - a),
                            (T.ADD_UNARY_SFPU, 2 ** 30 + 2 ** 29, a + 2 ** 30 + 2 ** 29)):   # params are floats
        got = out(ttnn.bitwise_or(t, t, activations=[U(op, scalar)]))
        np.testing.assert_array_equal(got & 0xFFFFFFFF, ref & 0xFFFFFFFF, err_msg=str(op))


# ---- div_int32 (float result), div_int32_floor / _trunc -------------------------------------------------------------
def int_min_only_by_small(a, b):
    """INT32_MIN as a dividend only over divisors below 2^11. For a larger |b| the kernels' first quotient (the top 21
    bits, read out of a float with the 2^34 offset) is 0, so the remainder |a| - q*b is 2^31, which the signed int32
    steps read as INT32_MIN: abs() leaves it, SFPCAST makes it -0.0, the correction is 0, and the final compare
    r >= b (an SFPIADD difference that overflows, as tensix lowers sfpi's signed compare) steps q by one: what
    calculate_div_int32_body and compute_unsigned_remainder_int32 (tt-metal 622c6fb9) compute, step for step;
    tt-metal's tests do not reach it. Those pairs are left out of the exact checks."""
    a = a.copy()
    a[(a == I32_MIN) & (np.abs(b) >= 2048)] = I32_MIN + 1
    return a


@pytest.mark.parametrize("mode", ["trunc", "floor"])
def test_div_int32_rounding_modes_are_exact(device, mode):
    a, b = operands()
    b[b == 0] = 3
    b[:, -8:] = RNG.integers(-300, 300, (b.shape[0], 8)) | 1      # small divisors: large quotients
    a = int_min_only_by_small(a, b)
    got = out(ttnn.div(to_dev(device, a, ttnn.int32), to_dev(device, b, ttnn.int32), rounding_mode=mode))
    q = np.floor_divide(a, b) if mode == "floor" else np.sign(a) * np.sign(b) * (np.abs(a) // np.abs(b))
    np.testing.assert_array_equal(got, wrap32(q))        # INT32_MIN / -1 wraps to INT32_MIN
    assert ttnn.divide(to_dev(device, a, ttnn.int32), to_dev(device, b, ttnn.int32),
                       rounding_mode=mode).dtype == ttnn.int32     # ttnn.divide is ttnn.div (ttnn/__init__.py)


def test_div_int32_is_a_float32_quotient(device):
    """div_int32_tile: 1.0 where a == b != 0, else float(a) * sfpu_reciprocal_iter<2>(float(b)) (both casts to
    nearest even), a FLOAT32 output; +/-inf for a nonzero a over 0. INT32_MIN is loaded as sign-magnitude -0 (the
    SM32 load): tt-metal's own test skips it for rounding_mode=None, so it is left out here."""
    a, b = operands()
    a[a == I32_MIN] = 5
    b[b == I32_MIN] = 3
    b.flat[-4:] = 0
    a.flat[-4:] = [1, -1, 100, -100]
    t = ttnn.div(to_dev(device, a, ttnn.int32), to_dev(device, b, ttnn.int32))
    assert t.dtype == ttnn.float32
    got = np.asarray(ttnn.to_numpy(t), np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        want = a.astype(np.float32).astype(np.float64) / b.astype(np.float32).astype(np.float64)
    assert (got[(a == b) & (a != 0)] == 1.0).all()
    assert np.array_equal(got.flat[-4:], [np.inf, -np.inf, np.inf, -np.inf])
    fin = b != 0
    np.testing.assert_allclose(got[fin], want[fin], rtol=4e-7, atol=0)


# ---- remainder / fmod ---------------------------------------------------------------------------------------------
def test_remainder_and_fmod_int32_are_exact(device):
    a, b = operands()
    b[b == 0] = 7
    b[:, -8:] = RNG.integers(-300, 300, (b.shape[0], 8)) | 1
    a = int_min_only_by_small(a, b)
    ta, tb = to_dev(device, a, ttnn.int32), to_dev(device, b, ttnn.int32)
    np.testing.assert_array_equal(out(ttnn.remainder(ta, tb)), wrap32(a - np.floor_divide(a, b) * b))
    np.testing.assert_array_equal(out(ttnn.fmod(ta, tb)), wrap32(np.fmod(a, b)))


# ---- logical_right_shift ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [ttnn.int32, ttnn.uint32])
def test_logical_right_shift_fills_zeros(device, dtype):
    a, _ = operands((32, 64))
    s = RNG.integers(0, 32, a.shape)
    s.flat[:6] = [0, 31, 32, 33, -1, 1000]
    got = out(ttnn.logical_right_shift(to_dev(device, a, dtype), to_dev(device, s, dtype))) & 0xFFFFFFFF
    u = a & 0xFFFFFFFF
    want = np.where((s >= 0) & (s < 32), u >> np.clip(s, 0, 31), 0)
    np.testing.assert_array_equal(got, want)


# ---- addcmul --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [1, -3, 2.9, 65537])
def test_addcmul_int32(device, value):
    a, b = operands((64, 64))
    c = RNG.integers(I32_MIN, I32_MAX, (64, 64))
    got = out(ttnn.addcmul(*(to_dev(device, x, ttnn.int32) for x in (a, b, c)), value=value))
    v = int(np.trunc(value))
    np.testing.assert_array_equal(got, wrap32(a + wrap32(wrap32(v * b) * c)))


def test_addcmul_uint32_and_broadcast(device):
    a, b, c = (RNG.integers(0, 2 ** 32, (64, 64), dtype=np.uint64).astype(np.int64) for _ in range(3))
    c1 = c[:, :1]
    got = out(ttnn.addcmul(*(to_dev(device, x, ttnn.uint32) for x in (a, b, c1)), value=7)) & 0xFFFFFFFF
    np.testing.assert_array_equal(got, (a + 7 * b % 2 ** 32 * c1) % 2 ** 32)


# ---- what stays refused ---------------------------------------------------------------------------------------------
def test_refusals(device):
    ti = to_dev(device, np.ones((32, 32)), ttnn.int32)
    tu = to_dev(device, np.ones((32, 32)), ttnn.uint32)
    with pytest.raises(NotModelledError, match="div_int32_tile"):
        ttnn.divide(tu, tu)                     # binary_ng's DIV of UINT32: the float kernel on integer bits
    with pytest.raises(TTNNError, match="remainder"):
        ttnn.remainder(tu, tu)                  # ttnn refuses unsigned remainder
    with pytest.raises(NotModelledError, match="the float kernel, on unsigned bits"):
        ttnn.relu(tu)                           # relu_tile (float) on uint32 words
    with pytest.raises(NotModelledError, match="sign_tile"):
        ttnn.sign(ti)
    t16 = to_dev(device, np.ones((32, 32)), ttnn.uint16)
    with pytest.raises(TTNNError, match="Unsupported binary op for FPU LOGICAL_RIGHT_SHIFT"):
        ttnn.logical_right_shift(t16, t16)      # is_binary_sfpu_op: INT32 / UINT32 only
    with pytest.raises(TTNNError, match="fast_and_approximate_mode"):
        ttnn.div(ti, ti, fast_and_approximate_mode=True)
