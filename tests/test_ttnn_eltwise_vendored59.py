"""Regression tests for what vendoring more of tt-metal 622c6fb9's eltwise test files (test_binary_fp32,
test_binary_composite, test_composite, test_ternary, ...) found or added, each against numpy in float64 (of the
inputs as the device holds them):

- binary_ng's composed ops (binary_ng_utils.cpp OpConfig): ldexp, logaddexp, logaddexp2 (EXP / EXP2 activations
  around an add / mul, the FPU path's intermediate CBs Float16_b and the LLK broadcast off: op_has_exp), bias_gelu,
  hypot; their in-place forms;
- ttnn.div as binary_composite_op.cpp's own composite (rounding_mode, the output dtype not passed on, queue_id);
- floor_div, polyval, prelu with a weight tensor, clamp with tensor bounds, mac (composites of device ops);
- the in-place relational ops eq_ / ne_ / gt_ / ge_ / lt_ / le_;
- ttnn.where / mac / lerp golden functions (tensix.ttnn.compat).
"""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.ttnn.errors import TTNNError

RNG = np.random.default_rng(59)


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _dev(device, x, dtype=ttnn.bfloat16):
    return ttnn.from_numpy(np.asarray(x, np.float32), dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def _held(t):
    """The values the device holds (after the bfloat16 / bfloat8_b conversion), as float64."""
    return ttnn.to_numpy(t).astype(np.float64)


def _close(got, want, rtol, atol):
    got = np.asarray(got, np.float64)
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol)


# ---- binary_ng composed ops -----------------------------------------------------------------------------------------
_COMPOSED = {
    "ldexp": lambda a, b: a * np.exp2(b),
    "logaddexp": np.logaddexp,
    "logaddexp2": np.logaddexp2,
    "hypot": np.hypot,
}


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
@pytest.mark.parametrize("name", sorted(_COMPOSED))
def test_composed_binary_ops_match_numpy(device, name, dtype):
    a = RNG.uniform(-3, 3, (64, 64))
    b = RNG.uniform(-3, 3, (64, 64))
    ta, tb = _dev(device, a, dtype), _dev(device, b, dtype)
    out = getattr(ttnn, name)(ta, tb)
    assert out.dtype == dtype
    want = _COMPOSED[name](_held(ta), _held(tb))
    # float32: the SFPU chain (exp / log approximations); bfloat16: FPU add / mul of bfloat16 intermediates
    rtol, atol = (2e-3, 1e-3) if dtype == ttnn.float32 else (3e-2, 3e-2)
    _close(ttnn.to_numpy(out), want, rtol, atol)


def test_bias_gelu_tensor_and_number(device):
    a = RNG.uniform(-3, 3, (32, 64))
    b = RNG.uniform(-1, 1, (32, 64))
    ta, tb = _dev(device, a, ttnn.float32), _dev(device, b, ttnn.float32)
    from math import erf
    gelu = np.vectorize(lambda x: 0.5 * x * (1 + erf(x / np.sqrt(2))))
    # the post activation GELU without a parameter is gelu_tile<fast_and_approx = true> (gelu.h's default)
    _close(ttnn.to_numpy(ttnn.bias_gelu(ta, tb)), gelu(_held(ta) + _held(tb)), 2e-2, 3e-2)
    # a number bias: ttnn.gelu(ttnn.add(a, bias), fast_and_approximate_mode=True)
    _close(ttnn.to_numpy(ttnn.bias_gelu(ta, 0.5)), gelu(_held(ta) + 0.5), 2e-2, 3e-2)
    ttnn.bias_gelu_(ta, tb)
    _close(ttnn.to_numpy(ta), gelu(a.astype(np.float32).astype(np.float64) + _held(tb)), 2e-2, 3e-2)


def test_ldexp_fpu_row_broadcast_skips_llk_bcast_and_typecasts_block_float_lhs(device):
    """op_has_exp: the LLK broadcast is off for ldexp / logaddexp(2) (binary_ng_program_factory.cpp), so a row
    broadcast runs eltwise_binary_no_bcast with the reader's fill; a bfloat8_b lhs is typecast to bfloat16 first."""
    a = RNG.uniform(-2, 2, (64, 64))
    b = RNG.uniform(-2, 2, (1, 64))
    ta, tb = _dev(device, a, ttnn.bfloat8_b), _dev(device, b, ttnn.bfloat8_b)
    ttnn.clear_op_report()
    out = ttnn.ldexp(ta, tb)
    rec = ttnn.op_report()[-1]
    assert rec.attributes["kernels"][1] == "eltwise_binary_no_bcast", rec.attributes
    want = _held(ta) * np.exp2(_held(tb))
    _close(ttnn.to_numpy(out), want, 4e-2, 4e-2)


def test_composed_ops_in_place_and_scalar(device):
    a = RNG.uniform(-2, 2, (32, 32))
    ta = _dev(device, a, ttnn.float32)
    want = np.logaddexp(_held(ta), 0.5)
    _close(ttnn.to_numpy(ttnn.logaddexp(ta, 0.5)), want, 2e-3, 1e-3)
    ttnn.ldexp_(ta, 2.0)
    _close(ttnn.to_numpy(ta), a.astype(np.float32) * 4.0, 1e-5, 1e-5)


# ---- ttnn.div (binary_composite_op.cpp div) -------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
@pytest.mark.parametrize("mode", ["floor", "trunc"])
def test_div_rounding_mode(device, dtype, mode):
    a = RNG.uniform(-100, 100, (32, 64))
    b = RNG.uniform(1, 10, (32, 64)) * RNG.choice([-1, 1], (32, 64))
    ta, tb = _dev(device, a, dtype), _dev(device, b, dtype)
    out = ttnn.to_numpy(ttnn.div(ta, tb, rounding_mode=mode)).astype(np.float64)
    q = _held(ta) / _held(tb)
    want = np.floor(q) if mode == "floor" else np.trunc(q)
    near = np.abs(q - np.round(q)) < 1e-2 * np.maximum(1, np.abs(q))   # a quotient at an integer: either side
    assert np.all((out == want) | near)
    assert np.array_equal(out, np.round(out))


def test_div_keywords(device):
    ta = _dev(device, RNG.uniform(1, 2, (32, 32)))
    tb = _dev(device, RNG.uniform(1, 2, (32, 32)))
    # ttnn::div passes std::nullopt as binary_ng's output dtype for float operands: `dtype` does not change it
    assert ttnn.div(ta, tb, dtype=ttnn.float32).dtype == ttnn.bfloat16
    ttnn.div(ta, tb, queue_id=0)
    with pytest.raises(TTNNError, match="rounding mode"):
        ttnn.div(ta, tb, rounding_mode="round")
    with pytest.raises(Exception, match="queue_id"):
        ttnn.div(ta, tb, queue_id=1)
    ia = ttnn.from_numpy(np.arange(1024, dtype=np.int32).reshape(32, 32), dtype=ttnn.int32,
                         layout=ttnn.TILE_LAYOUT, device=ta.device())
    ib = ttnn.from_numpy(np.full((32, 32), -7, np.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=ta.device())
    got = ttnn.to_numpy(ttnn.div(ia, ib, rounding_mode="floor"))    # div_int32_floor_tile (helper-62)
    np.testing.assert_array_equal(got, np.floor_divide(np.arange(1024).reshape(32, 32), -7))


# ---- composites of device ops ---------------------------------------------------------------------------------------
def test_floor_div(device):
    a = RNG.uniform(-100, 100, (32, 64))
    b = RNG.uniform(1, 10, (32, 64)) * RNG.choice([-1, 1], (32, 64))
    ta, tb = _dev(device, a, ttnn.float32), _dev(device, b, ttnn.float32)
    q = _held(ta) / _held(tb)
    out = ttnn.to_numpy(ttnn.floor_div(ta, tb)).astype(np.float64)
    near = np.abs(q - np.round(q)) < 1e-4 * np.maximum(1, np.abs(q))
    assert np.all((out == np.floor(q)) | near)
    out = ttnn.to_numpy(ttnn.floor_div(ta, 3.0)).astype(np.float64)
    q = _held(ta) * np.float64(np.float32(1.0) / np.float32(3.0))
    near = np.abs(q - np.round(q)) < 1e-4 * np.maximum(1, np.abs(q))
    assert np.all((out == np.floor(q)) | near)
    z = ttnn.to_numpy(ttnn.floor_div(_dev(device, [[-2.0, 0.0, 3.0] + [1.0] * 29] * 32, ttnn.float32), 0))
    assert z[0, 0] == -np.inf and np.isnan(z[0, 1]) and z[0, 2] == np.inf


def test_polyval(device):
    x = RNG.uniform(-2, 2, (32, 32))
    tx = _dev(device, x, ttnn.float32)
    coeffs = [0.5, -1.25, 2.0, 3.0]
    _close(ttnn.to_numpy(ttnn.polyval(tx, coeffs)), np.polyval(coeffs, _held(tx)), 1e-5, 1e-5)
    assert np.all(ttnn.to_numpy(ttnn.polyval(tx, [7.0])) == 7.0)


def test_prelu_weight_tensor(device):
    x = RNG.uniform(-4, 4, (1, 3, 32, 32))
    w = np.array([0.25, -0.5, 2.0])
    tx = _dev(device, x, ttnn.float32)
    tw = ttnn.from_numpy(w.astype(np.float32), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
    xh = _held(tx)
    want = np.where(xh < 0, xh * w.reshape(1, 3, 1, 1), xh)
    _close(ttnn.to_numpy(ttnn.prelu(tx, tw)), want, 1e-6, 1e-6)
    with pytest.raises(Exception, match="channel size"):
        ttnn.prelu(tx, ttnn.from_numpy(np.ones(2, np.float32), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT,
                                       device=device))


def test_clamp_tensor_bounds(device):
    x = RNG.uniform(-10, 10, (32, 64))
    lo = RNG.uniform(-5, 5, (32, 64))
    hi = RNG.uniform(-5, 5, (32, 64))
    lo[0, :8] = 0.0                     # eq(min, 0) takes relu(minimum(x, max))
    tx, tlo, thi = (_dev(device, v) for v in (x, lo, hi))
    xh, loh, hih = _held(tx), _held(tlo), _held(thi)
    # torch.clamp: min(max(x, lo), hi), so max wins where lo > hi (as the composite's last where)
    want = np.minimum(np.maximum(xh, loh), hih)
    assert np.array_equal(ttnn.to_numpy(ttnn.clamp(tx, tlo, thi)).astype(np.float64), want)
    assert np.array_equal(ttnn.to_numpy(ttnn.clamp(tx, tlo)).astype(np.float64), np.maximum(xh, loh))
    assert np.array_equal(ttnn.to_numpy(ttnn.clamp(tx, max=thi)).astype(np.float64), np.minimum(xh, hih))
    with pytest.raises(TypeError, match="both bounds"):
        ttnn.clamp(tx, tlo, 3.0)


def test_mac(device):
    a, b, c = (RNG.uniform(-2, 2, (32, 32)) for _ in range(3))
    ta, tb, tc = (_dev(device, v, ttnn.float32) for v in (a, b, c))
    _close(ttnn.to_numpy(ttnn.mac(ta, tb, tc)), _held(ta) * _held(tb) + _held(tc), 1e-6, 1e-6)
    _close(ttnn.to_numpy(ttnn.mac(ta, 5.5, -13.25)), _held(ta) * 5.5 - 13.25, 1e-6, 1e-5)


@pytest.mark.parametrize("name,fn", [("eq_", np.equal), ("ne_", np.not_equal), ("gt_", np.greater),
                                     ("ge_", np.greater_equal), ("lt_", np.less), ("le_", np.less_equal)])
def test_inplace_relational(device, name, fn):
    a = RNG.integers(-3, 3, (32, 32)).astype(np.float64)
    b = RNG.integers(-3, 3, (32, 32)).astype(np.float64)
    ta, tb = _dev(device, a), _dev(device, b)
    assert getattr(ttnn, name)(ta, tb) is ta
    assert np.array_equal(ttnn.to_numpy(ta).astype(np.float64), fn(a, b).astype(np.float64))
    ta = _dev(device, a)
    getattr(ttnn, name)(ta, 0.5)
    assert np.array_equal(ttnn.to_numpy(ta).astype(np.float64), fn(a, 0.5).astype(np.float64))


def test_ternary_golden_functions():
    torch = pytest.importorskip("torch")
    import tensix.ttnn.compat.ttnn.operations.ternary  # noqa: F401  (registers them, as `import ttnn` does)
    from tensix.ttnn.compat.ttnn.decorators import get_golden_function
    c = torch.tensor([True, False])
    x, y = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])
    assert torch.equal(get_golden_function("where")(c, x, y), torch.tensor([1.0, 4.0]))
    assert torch.equal(get_golden_function("mac")(x, y, x), x * y + x)
    assert torch.equal(get_golden_function("lerp")(x, y, torch.tensor(0.5)), torch.tensor([2.0, 3.0]))


@pytest.mark.parametrize("dtype,np_dtype,lo,hi", [(ttnn.int32, np.int32, -2 ** 31, 2 ** 31 - 1),
                                                  (ttnn.uint32, np.uint32, 0, 2 ** 32 - 1),
                                                  (ttnn.uint16, np.uint16, 0, 2 ** 16 - 1)])
@pytest.mark.parametrize("name,fn", [("bitwise_and", np.bitwise_and), ("bitwise_or", np.bitwise_or),
                                     ("bitwise_xor", np.bitwise_xor)])
def test_bitwise_binary(device, name, fn, dtype, np_dtype, lo, hi):
    """bitwise_{and,or,xor}_binary_tile<Int32 / UInt32 / UInt16> (calculate_sfpu_binary_bitwise: SFPAND / SFPOR /
    SFPXOR on the loaded integer bits) through binary_ng, a tensor or an int b."""
    a = RNG.integers(lo, hi, (32, 64), dtype=np.int64, endpoint=True).astype(np_dtype)
    b = RNG.integers(lo, hi, (32, 64), dtype=np.int64, endpoint=True).astype(np_dtype)
    ta, tb = (ttnn.from_numpy(v, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device) for v in (a, b))
    out = getattr(ttnn, name)(ta, tb)
    assert out.dtype == dtype
    assert np.array_equal(ttnn.to_numpy(out).astype(np_dtype), fn(a, b))
    assert np.array_equal(ttnn.to_numpy(getattr(ttnn, name)(ta, 0x5A5A)).astype(np_dtype), fn(a, np_dtype(0x5A5A)))


def test_bitwise_refuses_float(device):
    t = _dev(device, np.ones((32, 32)))
    with pytest.raises(TTNNError, match="Unsupported binary op for FPU BITWISE_AND"):
        ttnn.bitwise_and(t, t)


def test_bitwise_shifts_int32(device):
    """binary_{left,right}_shift_tile<Int32> (ckernel_sfpu_shift.h): a left shift by an amount in [0, 32) is the
    low 32 bits of a << s, an amount outside it gives 0 (the kernel's SFPSETCC / SFPIADD / SFPCOMPC guard); a right
    shift is arithmetic (the logical SFPSHFT, then ~0 << (32 - s) ORed into negative values)."""
    a = RNG.integers(-2 ** 31, 2 ** 31 - 1, (32, 64), dtype=np.int64, endpoint=True).astype(np.int32)
    s_in = RNG.integers(0, 31, (32, 64), endpoint=True).astype(np.int32)
    s_any = RNG.integers(-40, 40, (32, 64)).astype(np.int32)
    ta, tin, tany = (ttnn.from_numpy(v, dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
                     for v in (a, s_in, s_any))
    left = ((a.astype(np.uint32).astype(np.uint64) << np.clip(s_any, 0, 31).astype(np.uint64)) & 0xFFFFFFFF)
    want_left = np.where((s_any >= 0) & (s_any < 32), left.astype(np.uint32).view(np.int32), 0)
    assert np.array_equal(ttnn.to_numpy(ttnn.bitwise_left_shift(ta, tany)), want_left)
    assert np.array_equal(ttnn.to_numpy(ttnn.bitwise_right_shift(ta, tin)), np.right_shift(a, s_in))
    assert np.array_equal(ttnn.to_numpy(ttnn.bitwise_right_shift(ta, 7)), np.right_shift(a, 7))
