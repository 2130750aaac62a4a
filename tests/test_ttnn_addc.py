"""ttnn.addcmul and ttnn.addcdiv as tt-metal 622c6fb9 runs them (tensix.ttnn.operations.ternary, the ternary program
with the addc compute kernels; SFPU kernels tensix.sfpi.llk_addc).

Bit for bit against a second implementation written here in numpy from the C++ arithmetic
(tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ckernel_sfpu_addcmul.h, ckernel_sfpu_addcdiv.h and
ckernel_sfpu_recip.h sfpu_reciprocal_iter<2> at 622c6fb9), lane by lane on float32 bit patterns, every SFPMAD through
tensix.sfpu.fma_model.fma (SFPMUL = a * b + 0):
- addcmul: t = SFPMUL(b, value), r = SFPMAD(c, t, a); a 16-bit Dst: SFPSTOCHRND FP32 -> FP16B (round mode 0);
- addcdiv: r = SFPMAD(SFPMUL(b, value), recip(c), a); a 16-bit Dst: float32_to_bf16_rne (integer RNE).
bfloat16 and float32, every broadcast type the ternary program has, odd shapes, `value` 0 / negative / not
bf16-exact / an int, division by zero; then the refusals (NotModelledError / TTNNError)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError
from tests.test_ttnn_remainder_fmod import bf16_rne, bits, mad, mul, recip, store16, to_bf16_nearest

DT = {"float32": ttnn.float32, "bfloat16": ttnn.bfloat16}
M32 = 0xFFFFFFFF


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


# ---- the kernels, lane by lane -----------------------------------------------------------------------------------
def f32_bits(v) -> int:
    return int(np.float32(v).view(np.uint32))


def ref_addcmul(a, b, c, value, fp32):
    """calculate_addcmul: SFPMUL(b, value, 0), SFPMAD(c, t, a), SFP_STOCH_RND(RND_EVEN, FP32_TO_FP16B) for a 16-bit
    Dst."""
    a, b, c = np.broadcast_arrays(*(np.asarray(x, np.uint32) for x in (a, b, c)))
    t = mul(b, np.uint32(f32_bits(value)))
    r = mad(c, t, a)
    return np.asarray(r if fp32 else to_bf16_nearest(r), np.uint32)


def rne_int(r):
    """float32_to_bf16_rne: bits + 0x7fff + ((bits >> 16) & 1), low 16 bits cleared (integer arithmetic, mod 2**32)."""
    r = np.asarray(r, np.uint32).astype(np.uint64)
    return (((r + 0x7FFF + ((r >> 16) & 1)) & 0xFFFF0000) & M32).astype(np.uint32)


def ref_addcdiv(a, b, c, value, fp32):
    """calculate_addcdiv: in0 + (in1 * value) * sfpu_reciprocal_iter<2>(in2), the last product fused with the add
    (one SFPMAD); float32_to_bf16_rne for a 16-bit Dst."""
    a, b, c = np.broadcast_arrays(*(np.asarray(x, np.uint32) for x in (a, b, c)))
    t = mul(b, np.uint32(f32_bits(value)))
    r = mad(t, recip(c), a)
    return np.asarray(r if fp32 else rne_int(r), np.uint32)


REF = {"addcmul": ref_addcmul, "addcdiv": ref_addcdiv}


def expected(op, a, b, c, value, dtype):
    fp32 = dtype == "float32"
    r = REF[op](bits(a), bits(b), bits(c), value, fp32)
    return r if fp32 else store16(r)


# ---- inputs ------------------------------------------------------------------------------------------------------
def operand(rng, shape, dtype, divisor=False):
    n = int(np.prod(shape))
    x = (rng.uniform(1.0, 2.0, n) * 2.0 ** rng.integers(-10, 12, n) * rng.choice([-1.0, 1.0], n)).astype(np.float32)
    x[: n // 3] = rng.uniform(-4, 4, n // 3)
    if divisor:     # no zero here (test_division_by_zero), no -0.0
        x[x == 0] = 1.0
    x = x.reshape(shape)
    if dtype == "bfloat16":
        x = bf16_rne(x)
        x[x == 0] = 0.0     # -0.0 -> +0.0: the 16-bit copy path's sign of zero is not what these tests are about
    x[(np.abs(x) < np.finfo(np.float32).tiny) & (x != 0)] = 1.0   # no denormals
    return np.ascontiguousarray(x, np.float32)


def to_dev(device, x, dtype):
    return ttnn.from_numpy(np.asarray(x, np.float32), dtype=DT[dtype], layout=ttnn.TILE_LAYOUT, device=device)


def out_bits(t):
    return bits(ttnn.to_numpy(t))


def assert_bits(got, want, what):
    got, want = np.asarray(got, np.uint32), np.asarray(want, np.uint32)
    assert got.shape == want.shape, (got.shape, want.shape)
    bad = got != want
    if bad.any():
        i = np.argwhere(bad)[:6]
        rows = [(tuple(int(k) for k in j), hex(int(got[tuple(j)])), hex(int(want[tuple(j)]))) for j in i]
        raise AssertionError(f"{what}: {int(bad.sum())} of {bad.size} lanes differ (index, got, want): {rows}")


def run(device, op, shapes, dtype, value, seed=0):
    rng = np.random.default_rng(seed)
    a = operand(rng, shapes[0], dtype)
    b = operand(rng, shapes[1], dtype)
    c = operand(rng, shapes[2], dtype, divisor=(op == "addcdiv"))
    out = getattr(ttnn, op)(to_dev(device, a, dtype), to_dev(device, b, dtype), to_dev(device, c, dtype),
                            value=value)
    assert_bits(out_bits(out), expected(op, a, b, c, value, dtype), f"{op} {dtype} {shapes} value={value}")
    return a, b, c, out


SHAPES = {
    "none": ((2, 64, 96),) * 3,
    "none_odd": ((1, 37, 45),) * 3,
    "outer": ((2, 3, 64, 64), (1, 3, 64, 64), (2, 1, 64, 64)),
    "row_a": ((1, 1, 64), (1, 64, 64), (1, 64, 64)),
    "row_bc": ((1, 96, 70), (1, 1, 70), (1, 1, 70)),
    "col_b": ((1, 64, 64), (1, 64, 1), (1, 64, 64)),
    "col_odd": ((2, 33, 1), (2, 33, 50), (2, 33, 50)),
    "scalar_c": ((1, 64, 96), (1, 64, 96), (1, 1, 1)),
    "row_col": ((1, 64, 64), (1, 1, 64), (1, 64, 1)),
    "row_col_odd": ((1, 1, 45), (1, 37, 1), (1, 37, 45)),
}


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("op", ["addcmul", "addcdiv"])
@pytest.mark.parametrize("case", list(SHAPES))
def test_kernel_bit_for_bit(device, op, dtype, case):
    run(device, op, SHAPES[case], dtype, 0.5, seed=hash(case) % 1000)


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("op", ["addcmul", "addcdiv"])
@pytest.mark.parametrize("value", [0.0, -2.5, 0.1, 3, 1.0, -1e-3])
def test_value(device, op, dtype, value):
    """value 0 (a + 0 * ... : a itself where the product is finite), negative, not bf16-exact (0.1: its float32 bits go
    to the kernel for bfloat16 operands too, pack_scalar_runtime_arg of a float dtype), an int."""
    a, b, c, out = run(device, op, SHAPES["none"], dtype, value, seed=7)
    if value == 0.0:
        want = a if dtype == "float32" else np.where(a == 0, 0.0, a)
        np.testing.assert_array_equal(ttnn.to_numpy(out), want)


def test_value_keeps_its_float32_bits(device):
    """value reaches the kernel as its float32 bits (pack_scalar_runtime_arg of a float dtype; float32 operands
    here): 3 * 0.1f rounded once, as float32 arithmetic gives it."""
    zero, ones = np.zeros((32, 32), np.float32), np.ones((32, 32), np.float32)
    out = ttnn.addcmul(to_dev(device, zero, "float32"), to_dev(device, ones * 3, "float32"),
                       to_dev(device, ones, "float32"), value=0.1)
    assert np.all(ttnn.to_numpy(out) == np.float32(3.0) * np.float32(0.1))


def test_golden_functions():
    import torch

    import tensix.ttnn.compat.ttnn as cttnn
    a, b, c = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]), torch.tensor([2.0, 8.0])
    assert torch.equal(cttnn.get_golden_function(cttnn.addcmul)(a, b, c, value=0.5), torch.tensor([4.0, 18.0]))
    assert torch.equal(cttnn.get_golden_function(cttnn.addcdiv)(a, b, c), torch.tensor([2.5, 2.5]))


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_division_by_zero(device, dtype):
    """1/0 from sfpu_reciprocal_iter is inf with the zero's sign: b / 0 = +-inf, 0 / 0 = 0 * inf = NaN, a + inf.
    The MAD unit's NaN for 0 * inf is 0x7f800001 (tensix.sfpu.fma): float32 keeps it, while for bfloat16
    float32_to_bf16_rne's integer rounding clears its low mantissa bit, so 0 / 0 comes out +inf there."""
    a = np.array([[1.0, -2.0, 0.0, 5.0, 1.0, 3.0]], np.float32)
    b = np.array([[2.0, 3.0, 0.0, -1.0, 0.0, 1.0]], np.float32)
    c = np.array([[0.0, 0.0, 0.0, 0.0, 2.0, np.inf]], np.float32)
    if dtype == "float32":
        c[0, 3] = -0.0
    a, b, c = (np.tile(x, (32, 6))[:, :32] for x in (a, b, c))
    out = ttnn.addcdiv(to_dev(device, a, dtype), to_dev(device, b, dtype), to_dev(device, c, dtype), value=1.0)
    assert_bits(out_bits(out), expected("addcdiv", a, b, c, 1.0, dtype), "addcdiv by zero")
    got = ttnn.to_numpy(out)[0, :6]
    assert got[0] == np.inf and got[1] == np.inf and got[4] == 1.0 and got[5] == 3.0
    assert np.isnan(got[2]) if dtype == "float32" else got[2] == np.inf
    assert got[3] == (np.inf if dtype == "float32" else -np.inf)


@pytest.mark.parametrize("op", ["addcmul", "addcdiv"])
def test_close_to_float64(device, op):
    rng = np.random.default_rng(3)
    a, b = rng.uniform(-10, 10, (2, 64, 64)).astype(np.float32), rng.uniform(-10, 10, (2, 64, 64)).astype(np.float32)
    c = rng.uniform(0.5, 10, (2, 64, 64)).astype(np.float32) * rng.choice([-1, 1], (2, 64, 64)).astype(np.float32)
    out = getattr(ttnn, op)(*(to_dev(device, x, "float32") for x in (a, b, c)), value=-0.75)
    a64, b64, c64 = (x.astype(np.float64) for x in (a, b, c))
    want = a64 - 0.75 * (b64 * c64 if op == "addcmul" else b64 / c64)
    np.testing.assert_allclose(ttnn.to_numpy(out), want, rtol=1e-5, atol=1e-4)


def test_output_tensor_and_program_cache(device):
    """A preallocated output; a second call with another value reuses the program (value is a runtime arg)."""
    rng = np.random.default_rng(5)
    a, b, c = (operand(rng, (64, 64), "float32") for _ in range(3))
    ta, tb, tc = (to_dev(device, x, "float32") for x in (a, b, c))
    out = ttnn.addcmul(ta, tb, tc, value=2.0)
    res = ttnn.addcmul(ta, tb, tc, value=-3.0, output_tensor=out)
    assert_bits(out_bits(res), expected("addcmul", a, b, c, -3.0, "float32"), "output_tensor")
    assert_bits(out_bits(out), expected("addcmul", a, b, c, -3.0, "float32"), "output_tensor (same buffer)")


def test_refusals(device):
    f = np.ones((32, 32), np.float32)
    tf, tb = to_dev(device, f, "float32"), to_dev(device, f, "bfloat16")
    ti = ttnn.from_numpy(np.ones((32, 32), np.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(TTNNError, match="same dtype"):
        ttnn.addcmul(tf, tb, tf)
    assert (ttnn.to_numpy(ttnn.addcmul(ti, ti, ti, value=2)) == 3).all()    # ternary_addcmul_int_sfpu (helper-62)
    with pytest.raises(TTNNError, match="INT32"):
        ttnn.addcdiv(ti, ti, ti)
    # addcdiv does not check the dtypes: copy_tile_init keeps SrcA's format, so mixed formats would be misread
    from tensix.device.errors import ComputeInitError
    with pytest.raises(ComputeInitError, match="SrcA format"):
        ttnn.addcdiv(tf, tb, tb)
    with pytest.raises(TTNNError, match="value must be a number"):
        ttnn.addcdiv(tf, tf, tf, value=tf)
    with pytest.raises(TTNNError, match="ttnn.Tensor"):
        ttnn.addcmul(tf, 2.0, tf)
    # INVALID_BCAST (heights 32 / 64 / 64 and widths 64 / 1 / 64): ternary.cpp's composite fallback
    t1 = to_dev(device, np.ones((1, 32, 64), np.float32), "float32")
    t2 = to_dev(device, np.ones((1, 64, 1), np.float32), "float32")
    t3 = to_dev(device, np.ones((1, 64, 64), np.float32), "float32")
    with pytest.raises(NotModelledError, match="_addcmul"):
        ttnn.addcmul(t1, t2, t3)
    with pytest.raises(NotModelledError, match="_addcdiv"):
        ttnn.addcdiv(t1, t2, t3)


def test_block_float_fallbacks(device):
    f = np.ones((1, 64, 64), np.float32)
    b8 = ttnn.from_numpy(f, dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(NotModelledError, match="_addcdiv"):
        ttnn.addcdiv(b8, b8, b8)
    r8 = ttnn.from_numpy(np.ones((1, 1, 64), np.float32), dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT,
                         device=device)
    with pytest.raises(NotModelledError, match="_addcmul"):
        ttnn.addcmul(b8, r8, b8)


def test_bfloat8_b_addcmul_runs_the_kernel(device):
    """Three BFLOAT8_B operands of one shape: the LLK path (addcmul_tile<Float16_b> on the unpacked values)."""
    rng = np.random.default_rng(11)
    xs = [rng.uniform(-2, 2, (64, 64)).astype(np.float32) for _ in range(3)]
    ts = [ttnn.from_numpy(x, dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, device=device) for x in xs]
    out = ttnn.addcmul(*ts, value=0.5)
    vals = [ttnn.to_numpy(t) for t in ts]
    want = ref_addcmul(*(bits(v) for v in vals), 0.5, False)
    got = ttnn.to_numpy(out).astype(np.float64)
    np.testing.assert_allclose(got, bits_to_f(store16(want)), rtol=2 ** -6, atol=2 ** -5)


def bits_to_f(x):
    return np.asarray(x, np.uint32).view(np.float32).astype(np.float64)


def test_row_major_refused(device):
    f = np.ones((32, 32), np.float32)
    rm = ttnn.from_numpy(f, dtype=ttnn.float32, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    t = to_dev(device, f, "float32")
    with pytest.raises((NotModelledError, TTNNError)):
        ttnn.addcmul(t, rm, t)
