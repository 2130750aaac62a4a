"""ttnn.glu / reglu / geglu / swiglu as tt-metal 622c6fb9 runs them (unary_composite_op.cpp: split_tensor_for_glu's two
ttnn.slice calls over the padded last dim, then sigmoid(Accurate, RC) / relu / gelu(fast_appx=true) / swish on the
second half, then ttnn.multiply).

Checked here:
- bit for bit equal to the same device ops called by hand (same order, same arguments), for bfloat16, float32 and
  bfloat8_b, TILE and ROW_MAJOR, tile-aligned and not (the split covers the tile padding, as on the card), dim -1 and 3,
  an L1 memory_config; and that this comparison can fail (geglu with the accurate gelu, glu with the fast sigmoid
  give other bits);
- against numpy float64 from the inputs as stored (bounds below, measured margins in the comments);
- ttnn's refusals (the dim TT_ASSERT, the rank, the "full tile" TT_FATAL, unequal row-major halves in multiply);
- ttnn.slice taking a TILE tensor's ends up to its padded shape, as the split needs."""

import math

import numpy as np
import pytest
import torch

import tensix.ttnn as ttnn
from tensix.ttnn.errors import ShapeError, TTNNError, UnknownKeywordError
from tests.test_ttnn_unary import device  # noqa: F401 (the module-scoped device fixture)

OPS = ("glu", "reglu", "geglu", "swiglu")
_erf = np.vectorize(math.erf)
REF = {"glu": lambda b: 1.0 / (1.0 + np.exp(-b)),
       "reglu": lambda b: np.maximum(b, 0.0),
       "geglu": lambda b: 0.5 * b * (1.0 + _erf(b / math.sqrt(2.0))),
       "swiglu": lambda b: b / (1.0 + np.exp(-b))}
# gelu_tile<true> (the LUT approximation geglu runs) is within 0.0235 of the exact gelu (measured 0.02341 at x ~ 0.25,
# float32); geglu's error is that times |a| on top of the roundings.
GELU_FAST_ERR = 0.0235


def _input(device, shape, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, seed=0, scale=3.0, memory_config=None):
    x = (np.random.default_rng(seed).standard_normal(shape) * scale).astype(np.float32)
    return ttnn.from_torch(torch.from_numpy(x), dtype=dtype, layout=layout, device=device,
                           memory_config=memory_config)


def _gate_by_hand(name, b, mc=None, accurate_gelu=False, fast_sigmoid=False):
    if name == "glu":
        mode = ttnn.SigmoidMode.FastApproximate if fast_sigmoid else ttnn.SigmoidMode.Accurate
        return ttnn.sigmoid(b, vector_mode=4, mode=mode, memory_config=mc)
    if name == "reglu":
        return ttnn.relu(b, memory_config=mc)
    if name == "geglu":
        return ttnn.gelu(b, fast_and_approximate_mode=not accurate_gelu, memory_config=mc)
    return ttnn.silu(b, memory_config=mc)


def _by_hand(name, t, mc=None, **gate):
    p = list(t.padded_shape)
    h = p[3] // 2
    a = ttnn.slice(t, [0, 0, 0, 0], [p[0], p[1], p[2], h], [1, 1, 1, 1], memory_config=mc)
    b = ttnn.slice(t, [0, 0, 0, h], p, [1, 1, 1, 1], memory_config=mc)
    return ttnn.multiply(a, _gate_by_hand(name, b, mc, **gate), memory_config=mc)


def _host(t) -> np.ndarray:
    return ttnn.to_torch(t).to(torch.float32).numpy()


def _bits(t) -> np.ndarray:
    return _host(t).view(np.uint32)


def _same(y, z):
    assert tuple(y.shape) == tuple(z.shape) and tuple(y.padded_shape) == tuple(z.padded_shape)
    assert y.dtype == z.dtype and y.layout == z.layout
    np.testing.assert_array_equal(_bits(y), _bits(z))


CASES = [((1, 1, 32, 64), ttnn.bfloat16, ttnn.TILE_LAYOUT),
         ((2, 3, 64, 128), ttnn.bfloat16, ttnn.TILE_LAYOUT),
         ((1, 1, 50, 192), ttnn.bfloat16, ttnn.TILE_LAYOUT),      # H not tile-aligned
         ((1, 2, 40, 100), ttnn.bfloat16, ttnn.TILE_LAYOUT),      # H and W not tile-aligned
         ((1, 1, 64, 128), ttnn.float32, ttnn.TILE_LAYOUT),
         ((1, 1, 33, 256), ttnn.bfloat8_b, ttnn.TILE_LAYOUT),
         ((1, 1, 5, 64), ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT),
         ((1, 2, 3, 128), ttnn.float32, ttnn.ROW_MAJOR_LAYOUT)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{'x'.join(map(str, c[0]))}-{c[1].name}-{c[2].name}")
@pytest.mark.parametrize("name", OPS)
def test_bit_exact_with_the_ops_by_hand(device, name, case):
    shape, dtype, layout = case
    t = _input(device, shape, dtype, layout)
    want = _by_hand(name, t)
    for dim in (-1, 3):
        _same(getattr(ttnn, name)(t, dim), want)
    p = list(t.padded_shape)
    assert list(want.shape) == p[:3] + [p[3] // 2]     # the halves of the *padded* shape


@pytest.mark.parametrize("name", OPS)
def test_memory_config_reaches_every_op(device, name):
    t = _input(device, (1, 2, 32, 128))
    y = getattr(ttnn, name)(t, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert y.memory_config().buffer_type == ttnn.BufferType.L1
    _same(y, _by_hand(name, t, ttnn.L1_MEMORY_CONFIG))


@pytest.mark.parametrize("name,gate", [("geglu", {"accurate_gelu": True}), ("glu", {"fast_sigmoid": True})])
def test_the_by_hand_comparison_can_fail(device, name, gate):
    """The other gate variant gives other bits: the by-hand test pins the variant ttnn runs."""
    t = _input(device, (1, 1, 64, 256), seed=3)
    assert not np.array_equal(_bits(getattr(ttnn, name)(t)), _bits(_by_hand(name, t, **gate)))


def _bound(name, dtype, a, ref):
    """Allowed |y - ref|, elementwise. bfloat16: the gate rounded to bf16 and the product rounded (each 2^-8 relative
    at most; measured max 0.0081 relative for glu, 0.0039 for reglu) -> 2^-6 |ref| + 2^-10 |a| (the gate's absolute
    error where it is near 0). float32: measured 1.8e-7 relative -> 2^-20 |ref| + 2^-20 |a|. geglu adds
    GELU_FAST_ERR |a|."""
    rel = 2.0 ** -6 if dtype == ttnn.bfloat16 else 2.0 ** -20
    absa = 2.0 ** -10 if dtype == ttnn.bfloat16 else 2.0 ** -20
    extra = GELU_FAST_ERR if name == "geglu" else 0.0
    return rel * np.abs(ref) + (absa + extra) * np.abs(a)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32], ids=lambda d: d.name)
@pytest.mark.parametrize("name", OPS)
def test_against_numpy_float64(device, name, dtype):
    t = _input(device, (2, 1, 50, 256), dtype, seed=1)
    x = _host(t).astype(np.float64)                                  # the inputs as stored
    y = _host(getattr(ttnn, name)(t)).astype(np.float64)
    assert y.shape == (2, 1, 64, 128)
    a, b = x[..., :128], x[..., 128:]
    ref = a * REF[name](b)
    err = np.abs(y[:, :, :50] - ref)
    assert np.all(err <= _bound(name, dtype, a, ref)), float((err / np.maximum(np.abs(ref), 1e-30)).max())
    assert np.all(y[:, :, 50:] == 0.0)              # the tile padding rows: 0 * gate(0)
    if name == "reglu":
        assert np.all(y[:, :, :50][b <= 0] == 0.0)


@pytest.mark.parametrize("name", OPS)
def test_against_numpy_bfloat8_b(device, name):
    """bfloat8_b: a, the gate and the product are each stored with one exponent per 16 values of a face row, so the
    error is relative to the block maxima: measured 0.0193 * max|a| * max|gate| over the block, allowed 2^-5 (+ the
    gelu approximation)."""
    t = _input(device, (2, 1, 64, 256), ttnn.bfloat8_b, seed=2)
    x = _host(t).astype(np.float64)
    y = _host(getattr(ttnn, name)(t)).astype(np.float64)
    a, b = x[..., :128], x[..., 128:]
    g = REF[name](b)

    def blk(v):
        return np.repeat(np.abs(v).reshape(*v.shape[:-1], -1, 16).max(-1), 16, axis=-1)
    extra = GELU_FAST_ERR * blk(a) if name == "geglu" else 0.0
    assert np.all(np.abs(y - a * g) <= 2.0 ** -5 * blk(a) * blk(g) + extra)


def test_last_dim_not_tile_aligned_splits_the_padding(device):
    """W = 100 (padded 128): the halves are columns [0, 64) and [64, 128) of the padded tile rows, so output columns
    36..63 are a * gate(0) of the zero padding (glu: a * 0.5; reglu: 0)."""
    t = _input(device, (1, 1, 32, 100), seed=4)
    x = _host(t)
    g = _host(ttnn.glu(t))
    assert g.shape == (1, 1, 32, 64)
    np.testing.assert_array_equal(g[..., 36:], x[..., 36:64] * np.float32(0.5))
    assert np.all(_host(ttnn.reglu(t))[..., 36:] == 0.0)


@pytest.mark.parametrize("name", OPS)
@pytest.mark.parametrize("dim", [2, -2, 0, 1, -4])
def test_other_dims_are_refused(device, name, dim):
    t = _input(device, (1, 1, 64, 64))
    with pytest.raises(ShapeError, match=r"dim=-1 or dim=3"):
        getattr(ttnn, name)(t, dim)


@pytest.mark.parametrize("shape,match", [((64, 128), r"index out of range\. 3 not in \[-4, 2\)"),
                                         ((2, 64, 128), r"index out of range\. 3 not in \[-4, 3\)"),
                                         ((1, 1, 1, 64, 128), r"Input rank 5 and begins 4"),
                                         ((1, 1, 64, 96), r"Split tensor dimension should be in full tile"),
                                         ((1, 1, 32, 32), r"Split tensor dimension should be in full tile"),
                                         ((1, 1, 2, 32, 64), r"Split tensor dimension should be in full tile")])
def test_shape_refusals(device, shape, match):
    t = _input(device, shape)
    for name in OPS:
        with pytest.raises(ShapeError, match=match):
            getattr(ttnn, name)(t)


def test_row_major_odd_width_fails_in_multiply(device):
    """ROW_MAJOR W = 129: the padded W is 129, 129 // 2 = 64 passes the tile check, the halves are 64 and 65 wide and
    ttnn.multiply refuses to broadcast them."""
    t = _input(device, (1, 1, 3, 129), layout=ttnn.ROW_MAJOR_LAYOUT)
    with pytest.raises(ShapeError, match=r"ttnn.multiply"):
        ttnn.swiglu(t)


def test_argument_errors(device):
    t = _input(device, (1, 1, 32, 64))
    with pytest.raises(UnknownKeywordError):
        ttnn.glu(t, output_tensor=t)
    with pytest.raises(TypeError):
        ttnn.glu(t, "last")
    with pytest.raises(TypeError):
        ttnn.reglu(torch.zeros(1, 1, 32, 64))
    assert issubclass(ShapeError, TTNNError) and issubclass(ShapeError, RuntimeError)


def test_slice_ends_reach_the_tile_padding(device):
    """ttnn.slice of a TILE tensor accepts ends up to the padded shape (slice_device_operation.cpp validates against
    padded_shape), as split_tensor_for_glu needs; a row-major tensor's ends stop at its logical shape."""
    t = _input(device, (1, 1, 50, 64), seed=5)
    s = ttnn.slice(t, [0, 0, 0, 0], [1, 1, 64, 64], [1, 1, 1, 1])
    assert tuple(s.shape) == (1, 1, 64, 64)
    y, x = _host(s), _host(t)
    np.testing.assert_array_equal(y[:, :, :50], x)
    assert np.all(y[:, :, 50:] == 0.0)
    with pytest.raises(ShapeError, match=r"Ends 65 must be less than or equal to the shape of the tensor 64"):
        ttnn.slice(t, [0, 0, 0, 0], [1, 1, 64, 65], [1, 1, 1, 1])
    r = _input(device, (1, 1, 50, 64), layout=ttnn.ROW_MAJOR_LAYOUT)
    with pytest.raises(ShapeError, match=r"Ends 64 must be less than or equal to the shape of the tensor 50"):
        ttnn.slice(r, [0, 0, 0, 0], [1, 1, 64, 64], [1, 1, 1, 1])
