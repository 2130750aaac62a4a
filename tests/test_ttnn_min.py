"""ttnn.min (tensix.ttnn.operations.reduction): reduce_min as tt-metal 622c6fb9 runs it, the MAX reduce (GMPOOL) of the
negated input, negated back, in the reduce programs' negate variants (reduce_w_neg / reduce_h_neg / reduce_hw_neg).

Checked against numpy: GMPOOL is exact on the values SrcA holds (bfloat16 data as it is, float32 data truncated to
TF32 with the fp32 Dst of the reduce's default config) and negation is exact, so the minimum is exact too, and equal
bit for bit to -ttnn.max(-x). Tile padding (set to -42, as tt-metal's tests do) never counts: ttnn.min first fills it
with +inf."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _src(vals, dtype):
    """The values SrcA holds (fp32 Dst): float32 truncated to TF32, else the values themselves."""
    v = np.asarray(vals, np.float32)
    if dtype == ttnn.float32:
        v = (v.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)
    return v


def _make(device, x, dtype, pad=-42.0):
    t = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    return ttnn.fill_implicit_tile_padding(t, pad)


def _kernels():
    return {r.kernel for rec in ttnn.op_report() for r in rec.run.riscvs}


SHAPES = [(1, 1, 32, 32), (2, 3, 40, 70), (50, 33), (3, 1, 37, 97), (1, 1, 64, 320)]
DIMS = [-1, -2, [-2, -1], None]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("dim", DIMS, ids=["W", "H", "HW", "all"])
def test_min_exact(device, shape, dtype, dim):
    rng = np.random.default_rng(3)
    x = rng.uniform(-100, 100, shape).astype(np.float32)
    t = _make(device, x, dtype)
    ttnn.clear_op_report()
    got = ttnn.to_numpy(ttnn.min(t, dim=dim, keepdim=True))
    axis = tuple(dim) if isinstance(dim, list) else dim
    ref = _src(ttnn.to_numpy(t), dtype).min(axis=axis, keepdims=True)
    np.testing.assert_array_equal(got, ref.astype(np.float32))
    assert _kernels() & {"reduce_w_neg.py", "reduce_h_neg.py", "reduce_hw_neg.py"}


@pytest.mark.parametrize("dim", [-1, -2, [-2, -1], [0, 2]], ids=["W", "H", "HW", "outer"])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_min_is_minus_max_of_minus(device, dim, dtype):
    """Bit for bit -max(-x), the identity reduce_min is built on (outer dims through transposes padded with +inf)."""
    rng = np.random.default_rng(4)
    x = (rng.standard_normal((3, 40, 70)) * 50).astype(np.float32)
    t = _make(device, x, dtype)
    got = ttnn.to_numpy(ttnn.min(t, dim=dim))
    want = -ttnn.to_numpy(ttnn.max(_make(device, -ttnn.to_numpy(t), dtype), dim=dim))
    np.testing.assert_array_equal(got, want)


def test_min_of_positive_values_ignores_padding(device):
    """Positive rows whose padding is -42 and +1e30: the padding is +inf during the reduce, so it never wins."""
    x = np.arange(1, 37 * 45 + 1, dtype=np.float32).reshape(37, 45) + 10
    for pad in (-42.0, 1e30):
        got = ttnn.to_numpy(ttnn.min(_make(device, x, ttnn.bfloat16, pad), dim=-1))
        np.testing.assert_array_equal(got, ttnn.to_numpy(_make(device, x, ttnn.bfloat16)).min(axis=-1))


def test_tall_h_reduce_negates_outside(device):
    """reduce_min's H step when the negate factory's c_4 and c_5 (Ht x per-core columns tiles each) do not fit in L1
    (common.cpp h_reduce_negate_fits_in_l1): ttnn.neg, a plain MAX reduce along H, ttnn.neg; a short one uses the
    fused kernel."""
    rng = np.random.default_rng(5)
    x = rng.uniform(-100, 100, (1, 1, 360 * 32, 32)).astype(np.float32)      # Ht = 360: 2 x 360 x 2 KiB > L1
    t = _make(device, x, ttnn.bfloat16)
    ttnn.clear_op_report()
    got = ttnn.to_numpy(ttnn.min(t, dim=-2))
    ops = [r.op for r in ttnn.op_report()]
    assert ops.count("ttnn.neg") == 2 and "reduce_h_neg.py" not in _kernels()
    np.testing.assert_array_equal(got, ttnn.to_numpy(t).min(axis=-2))
    short = _make(device, x[:, :, :64], ttnn.bfloat16)
    ttnn.clear_op_report()
    got = ttnn.to_numpy(ttnn.min(short, dim=-2))
    assert "reduce_h_neg.py" in _kernels() and "ttnn.neg" not in [r.op for r in ttnn.op_report()]
    np.testing.assert_array_equal(got, ttnn.to_numpy(short).min(axis=-2))


@pytest.mark.parametrize("dim", [-1, -2, [-2, -1]], ids=["W", "H", "HW"])
@pytest.mark.parametrize("kind", ["min", "max", "sum"])
def test_row_major_input_is_tilized_first(device, dim, kind):
    """A ROW_MAJOR input reduced over its last two dims: tilize_with_val_padding with the reduction's identity (+inf
    for min, -inf for max, 0 for sum), then the same reduce as for the TILE tensor: the same result."""
    rng = np.random.default_rng(6)
    x = rng.uniform(-100, 100, (2, 40, 70)).astype(np.float32)
    rm = ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device)
    tiled = _make(device, x, ttnn.bfloat16)
    fn = getattr(ttnn, kind)
    np.testing.assert_array_equal(ttnn.to_numpy(fn(rm, dim=dim)), ttnn.to_numpy(fn(tiled, dim=dim)))


@pytest.mark.parametrize("kind", ["min", "max"])
@pytest.mark.parametrize("scalar", [2.5, -0.75, 1e-3])
@pytest.mark.parametrize("dim", [-1, -2, [-2, -1], [0, 2]], ids=["W", "H", "HW", "outer"])
def test_scalar_is_a_post_multiply(device, kind, scalar, dim):
    """max / min with a scalar (reduce_op.cpp REDUCE_POST_MUL): the reduce runs with 1.0 and each result is multiplied
    by the scalar on the SFPU (mul_unary_tile: one IEEE float32 multiply in the fp32 Dst); a negative scalar flips the
    op (max(s x) = s min(x)). float32 results are that product exactly."""
    rng = np.random.default_rng(8)
    x = rng.uniform(-100, 100, (3, 40, 70)).astype(np.float32)
    t = _make(device, x, ttnn.float32)
    got = ttnn.to_numpy(getattr(ttnn, kind)(t, dim=dim, scalar=scalar))
    axis = tuple(dim) if isinstance(dim, list) else dim
    src = _src(ttnn.to_numpy(t), ttnn.float32)
    pick = {"max": np.max, "min": np.min}[kind] if scalar > 0 else {"max": np.min, "min": np.max}[kind]
    want = (pick(src, axis=axis) * np.float32(scalar)).astype(np.float32)
    np.testing.assert_array_equal(got, want)
    assert _kernels() & {"reduce.py", "reduce_w_neg.py", "reduce_h_neg.py", "reduce_hw_neg.py"}


def test_refusals(device):
    x = np.ones((2, 40, 70), np.float32)
    t = _make(device, x, ttnn.bfloat16)
    with pytest.raises(NotModelledError, match="scratch"):
        ttnn.min(_make(device, x, ttnn.bfloat8_b), dim=-1)   # the reduce scratch packed into shared exponents
    with pytest.raises(NotModelledError, match="ROW_MAJOR"):
        ttnn.min(ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device), dim=0)


def test_degenerate_inputs(device):
    """reduce_impl's early returns: a rank-0 input comes back as a copy (ttnn.clone), a zero-volume one as ttnn.full of
    the reduced shape (0 for sum, 1 for prod, NaN for mean / max / min), and max / min refuse a reduced dim of size 0."""
    scalar = ttnn.from_numpy(np.array(3.5, np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    for fn in (ttnn.mean, ttnn.sum, ttnn.max, ttnn.min, ttnn.prod):
        out = fn(scalar)
        assert tuple(out.shape) == () and ttnn.to_numpy(out).item() == 3.5
        assert out.buffer_address() != scalar.buffer_address()
    empty = ttnn.from_numpy(np.zeros((4, 0, 6), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                            device=device)
    got = ttnn.to_numpy(ttnn.sum(empty, dim=1))
    assert got.shape == (4, 6) and np.all(got == 0)
    got = ttnn.to_numpy(ttnn.mean(empty, dim=-1, keepdim=True))
    assert got.shape == (4, 0, 1)
    got = ttnn.to_numpy(ttnn.prod(empty, dim=1, keepdim=True))
    assert got.shape == (4, 1, 6) and np.all(got == 1)
    assert ttnn.to_numpy(ttnn.max(empty, dim=0)).shape == (0, 6)
    with pytest.raises(ttnn.TTNNError, match="non-zero size"):
        ttnn.min(empty, dim=1)
