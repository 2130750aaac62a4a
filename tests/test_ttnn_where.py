"""ttnn.where as tt-metal 622c6fb9 runs it (tensix.ttnn.operations.ternary).

where is a selection: the result must equal np.where on the device values bit for bit. The condition is tested on
its bits (where_tile compares the raw Dst datum with 0: a negative zero condition counts as true). The number forms
fill a Dst tile with the number (fill_tile: the float's bits, which a 16-bit Dst keeps the upper half of; TTS / TST
get it packed as a bfloat16 pair for a bfloat16 tensor, rounded to nearest even). Also the paths (prim::ternary,
binary_ng WHERE_TTS / WHERE_TST, unary WHERE_TSS, the where_impl composite), the output dtypes, div_no_nan of two
tensors, the subtile broadcasts of both (ternary's row / scalar / row-col readers and ternary_sfpu_row_bcast_ttt;
binary_ng's broadcast readers and eltwise_where_sfpu*), and the refusals / ttnn errors.
"""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import LayoutError, ShapeError, TTNNError
from tensix.ttnn.operations.ternary import broadcast_type
from tests.test_ttnn_unary import device  # noqa: F401  (a fixture)

RNG = np.random.default_rng(6220)


def bf16_trunc(x):
    return (np.asarray(x, np.float32).view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32)


def bf16_rne(x):
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    return r.astype(np.uint32).view(np.float32)


def put(device, x, dtype, layout=ttnn.TILE_LAYOUT):
    if dtype == ttnn.int32:
        return ttnn.from_numpy(np.asarray(x, np.int32), dtype=dtype, layout=layout, device=device)
    return ttnn.from_numpy(np.asarray(x, np.float32), dtype=dtype, layout=layout, device=device)


def bits(t):
    """The device tensor's values as uint32 bit patterns (bfloat16: the float32 with the low half zero)."""
    return np.ascontiguousarray(ttnn.to_numpy(t)).view(np.uint32)


def cond_values(shape):
    return RNG.choice(np.array([0.0, 1.0, -2.5, -0.0, 3e-3, np.inf], np.float32), shape)


def values(shape, dtype):
    if dtype == ttnn.int32:
        return RNG.integers(-2**31, 2**31 - 1, shape, dtype=np.int64).astype(np.int32)
    x = RNG.standard_normal(shape).astype(np.float32) * 100
    if dtype == ttnn.float32:
        x.flat[::7] = np.inf
        x.flat[3::11] = -np.inf
        x.flat[5::13] = np.nan
    return bf16_rne(x) if dtype == ttnn.bfloat16 else x


def selected(c, t, f):
    """np.where on the bits: true where the condition's bits are not all zero."""
    return np.where(bits(c) != 0, bits(t), bits(f))


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32], ids=["bf16", "fp32", "int32"])
@pytest.mark.parametrize("shape", [(2, 3, 64, 96), (1, 3, 37, 45), (5, 33)], ids=["tiles", "odd", "2d-odd"])
def test_ttt_same_shape(device, dtype, shape):
    c = put(device, cond_values(shape) if dtype != ttnn.int32 else RNG.integers(-2, 3, shape), dtype)
    t = put(device, values(shape, dtype), dtype)
    f = put(device, values(shape, dtype), dtype)
    out = ttnn.where(c, t, f)
    assert out.dtype == dtype and tuple(out.shape) == shape
    np.testing.assert_array_equal(bits(out), selected(c, t, f))


def test_negative_zero_condition_is_true(device):
    shape = (32, 32)
    c = put(device, np.full(shape, -0.0, np.float32), ttnn.float32)
    t = put(device, np.ones(shape), ttnn.float32)
    f = put(device, np.zeros(shape), ttnn.float32)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.where(c, t, f)), np.ones(shape, np.float32))


def test_ttt_outer_broadcast(device):
    cs, ts, fs = (2, 1, 64, 64), (1, 3, 64, 64), (2, 3, 64, 64)
    assert broadcast_type(cs, ts, fs) == "OUTER_BCAST"
    c = put(device, cond_values(cs), ttnn.bfloat16)
    t = put(device, values(ts, ttnn.bfloat16), ttnn.bfloat16)
    f = put(device, values(fs, ttnn.bfloat16), ttnn.bfloat16)
    out = ttnn.where(c, t, f)
    assert tuple(out.shape) == (2, 3, 64, 64)
    cb, tb, fb = (np.broadcast_to(bits(x), (2, 3, 64, 64)) for x in (c, t, f))
    np.testing.assert_array_equal(bits(out), np.where(cb != 0, tb, fb))


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32], ids=["bf16", "fp32"])
def test_ttt_col_broadcast(device, dtype):
    """COL_BCAST (ternary_reader_colbcast_ttt: a width-1 operand read once per tile row, its column 0 filled across
    the tile; ternary_sfpu_col_scalar_bcast_ttt), each operand in turn, with outer broadcasts and a work split that
    starts cores inside tile rows; one after the other, so a program cached for one broadcast operand must not be
    reused for another."""
    out_shape = (2, 3, 40, 1100)
    for which in range(3):
        shapes = [(2, 3, 40, 1100), (1, 3, 40, 1100), (2, 1, 40, 1100)]
        shapes[which] = shapes[which][:-1] + (1,)
        assert broadcast_type(*shapes) == "COL_BCAST"
        raw = [cond_values(shapes[0])] + [values(s, dtype) for s in shapes[1:]]
        c, t, f = (put(device, x, dtype) for x in raw)
        out = ttnn.where(c, t, f)
        assert tuple(out.shape) == out_shape
        cb, tb, fb = (np.broadcast_to(bits(x), out_shape) for x in (c, t, f))
        np.testing.assert_array_equal(bits(out), np.where(cb != 0, tb, fb))


def test_ttt_output_tensor_and_dtype(device):
    shape = (64, 64)
    c = put(device, cond_values(shape), ttnn.float32)
    t = put(device, values(shape, ttnn.float32), ttnn.float32)
    f = put(device, values(shape, ttnn.float32), ttnn.float32)
    out = ttnn.where(c, t, f)      # the output takes the true value's dtype
    assert out.dtype == ttnn.float32
    pre = put(device, np.zeros(shape), ttnn.float32)
    ttnn.where(c, t, f, output_tensor=pre)
    np.testing.assert_array_equal(bits(pre), bits(out))
    with pytest.raises(ShapeError, match="preallocted output tensor"):
        ttnn.where(c, t, f, output_tensor=put(device, np.zeros((32, 64)), ttnn.float32))


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32], ids=["bf16", "fp32"])
@pytest.mark.parametrize("form", ["TTS", "TST"])
def test_tensor_and_number(device, dtype, form):
    shape = (3, 50, 70)
    c = put(device, cond_values(shape), dtype)
    x = put(device, values(shape, dtype), dtype)
    s = 1.0 / 3.0
    out = ttnn.where(c, x, s) if form == "TTS" else ttnn.where(c, s, x)
    assert out.dtype == dtype and tuple(out.shape) == shape
    # binary_ng packs the number for the tensor's dtype: bf16 RNE (twice in the word), float32 as it is
    sv = bf16_rne(np.float32(s)) if dtype == ttnn.bfloat16 else np.float32(s)
    sb = np.full(shape, np.asarray(sv, np.float32).view(np.uint32))
    want = np.where(bits(c) != 0, bits(x), sb) if form == "TTS" else np.where(bits(c) != 0, sb, bits(x))
    np.testing.assert_array_equal(bits(out), want)


def test_tensor_and_number_int32(device):
    shape = (64, 32)
    c = put(device, RNG.integers(-1, 2, shape), ttnn.int32)
    x = put(device, values(shape, ttnn.int32), ttnn.int32)
    out = ttnn.where(c, x, -7.0)       # the number reaches binary_ng as a float: static_cast<int32_t>
    want = np.where(ttnn.to_numpy(c) != 0, ttnn.to_numpy(x), np.int32(-7))
    np.testing.assert_array_equal(ttnn.to_numpy(out), want)


def test_mixed_condition_and_value_formats_are_refused(device):
    """The kernels (ternary_sfpu_no_bcast_ttt, eltwise_where_no_bcast) switch the unpacker between the CBs with
    copy_tile_to_dst_init_short only, which does not reprogram SrcA's data format: a bfloat16 condition with float32
    values would be misread on the card, and tensix refuses the copy (ComputeInitError)."""
    from tensix.device.errors import ComputeInitError
    shape = (32, 32)
    c = put(device, cond_values(shape), ttnn.bfloat16)
    x = put(device, values(shape, ttnn.float32), ttnn.float32)
    with pytest.raises(ComputeInitError, match="SrcA format"):
        ttnn.where(c, x, x)
    with pytest.raises(ComputeInitError, match="SrcA format"):
        ttnn.where(c, 0.0, x)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32], ids=["bf16", "fp32"])
def test_number_and_number(device, dtype):
    shape = (2, 40, 33)
    c = put(device, cond_values(shape), dtype)
    st, sf = 1.0 / 3.0, -1e30
    out = ttnn.where(c, st, sf)
    assert out.dtype == dtype
    # fill_tile of the float32 bits; a 16-bit Dst keeps their upper half (SFPSTORE truncates)
    conv = bf16_trunc if dtype == ttnn.bfloat16 else (lambda v: np.float32(v))
    tv, fv = (np.asarray(conv(np.float32(v)), np.float32).view(np.uint32) for v in (st, sf))
    np.testing.assert_array_equal(bits(out), np.where(bits(c) != 0, tv, fv))


def test_number_and_number_int32(device):
    shape = (32, 32)
    c = put(device, RNG.integers(-1, 2, shape), ttnn.int32)
    out = ttnn.where(c, 5, -2**31)      # two ints: the where<int32_t> overload, fill_tile_int<Int32>
    assert out.dtype == ttnn.int32
    np.testing.assert_array_equal(ttnn.to_numpy(out), np.where(ttnn.to_numpy(c) != 0, 5, -2**31).astype(np.int32))


def test_div_no_nan_bfloat16(device):
    shape = (64, 64)
    a = put(device, values(shape, ttnn.bfloat16), ttnn.bfloat16)
    y = values(shape, ttnn.bfloat16)
    y[::4, ::3] = 0.0
    b = put(device, y, ttnn.bfloat16)
    got = bits(ttnn.div_no_nan(a, b))
    quotient = bits(ttnn.divide(a, b))
    np.testing.assert_array_equal(got, np.where(y != 0, quotient, np.uint32(0)))


def test_broadcast_types():
    assert broadcast_type((1, 32, 32), (1, 32, 32), (1, 32, 32)) == "NONE"
    assert broadcast_type((2, 32, 32), (1, 32, 32), (2, 32, 32)) == "OUTER_BCAST"
    assert broadcast_type((64, 64), (1, 64), (64, 64)) == "ROW_BCAST"
    assert broadcast_type((64, 64), (64, 1), (64, 64)) == "COL_BCAST"
    assert broadcast_type((64, 64), (1, 1), (64, 64)) == "SCALAR_BCAST"
    assert broadcast_type((64, 64), (1, 64), (64, 1)) == "ROW_COL_BCAST"
    assert broadcast_type((32, 64), (32, 32), (32, 32)) == "INVALID_BCAST"


def test_refusals_and_errors(device):
    shape = (64, 64)
    c = put(device, cond_values(shape), ttnn.bfloat16)
    t = put(device, values(shape, ttnn.bfloat16), ttnn.bfloat16)
    b8 = [put(device, values(s, ttnn.float32), ttnn.bfloat8_b) for s in (shape, (1, 64), (64, 1), (1, 1))]
    with pytest.raises(NotModelledError, match="BFLOAT8_B true_value broadcast by the ROW_BCAST reader"):
        ttnn.where(b8[0], b8[1], b8[0])
    with pytest.raises(NotModelledError, match="COL_BCAST reader"):
        ttnn.where(b8[0], b8[0], b8[2])
    with pytest.raises(NotModelledError, match="SCALAR_BCAST reader"):
        ttnn.where(b8[3], b8[0], b8[0])
    with pytest.raises(NotModelledError, match="ROW_COL_BCAST reader"):
        ttnn.where(b8[0], b8[1], b8[2])
    with pytest.raises(LayoutError, match="Tile layout"):
        ttnn.where(put(device, cond_values(shape), ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT), t, t)
    with pytest.raises(NotModelledError, match="ROW_MAJOR"):
        ttnn.where(c, put(device, np.ones(shape), ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT), t)
    with pytest.raises(TTNNError, match="predicate must be a ttnn.Tensor"):
        ttnn.where(1.0, t, t)
    with pytest.raises(TTNNError, match="true_value must be"):
        ttnn.where(c, "x", t)
    u = ttnn.from_numpy(np.ones(shape, np.uint32), dtype=ttnn.uint32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(TTNNError, match="fill_tile_uint"):
        ttnn.where(u, u, 1.0)
    # INVALID_BCAST runs the where_impl composite, whose multiply refuses shapes that do not broadcast
    with pytest.raises(ShapeError):
        ttnn.where(put(device, cond_values((32, 64)), ttnn.bfloat16), put(device, np.ones((32, 32)), ttnn.bfloat16),
                   put(device, np.ones((32, 32)), ttnn.bfloat16))



# ---- subtile broadcasts ---------------------------------------------------------------------------------------------
def flush16(b):
    """copy_tile of a 16-bit format with the Src zero flag on (after unary_bcast_init's llk_math_hw_configure): a
    datum with a zero exponent (+-0, denormals) arrives as +0."""
    b = np.asarray(b, np.uint32)
    return np.where(b & np.uint32(0x7F800000) == 0, np.uint32(0), b)


def expect(out_shape, cond, *vals, flush=False):
    """The broadcast operands' bits (a numpy array for a number); the condition and values flushed as the LLK
    broadcast kernels copy them (bfloat16 only)."""
    arrays = [np.broadcast_to(bits(x) if not isinstance(x, np.ndarray) else x, out_shape) for x in (cond,) + vals]
    if flush:
        arrays = [flush16(a) for a in arrays]
    return arrays


def last_record(op="ttnn.where"):
    recs = [r for r in ttnn.op_report() if r.op == op]
    assert recs, "no op record"
    r = recs[-1]
    assert r.device_ns > 0 and r.cores > 0     # the device time of the program is reported
    return r


def grid(name):
    """None (the whole worker grid: about a tile per core) or three cores (many tiles per core: groups and tile rows
    crossed inside a core, uneven splits that start cores inside tile rows and channels)."""
    if name == "all":
        return None
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))])


TTT_CASES = [
    # ROW_BCAST: one, two operands of height 1 (with outer broadcasts)
    ((2, 3, 40, 70), (2, 3, 1, 70), (1, 3, 40, 70), "ROW_BCAST"),
    ((2, 1, 70), (2, 33, 70), (1, 1, 70), "ROW_BCAST"),
    ((3, 70, 300), (3, 70, 300), (1, 300), "ROW_BCAST"),
    # SCALAR_BCAST
    ((2, 3, 45, 37), (2, 1, 1, 1), (1, 3, 45, 37), "SCALAR_BCAST"),
    ((1, 1), (2, 3, 45, 37), (1, 1), "SCALAR_BCAST"),
    # ROW_COL_BCAST: each operand full, a row, a column or a scalar
    ((1, 4, 1), (1, 1, 70), (1, 4, 70), "ROW_COL_BCAST"),
    ((2, 40, 1), (1, 70), (2, 1, 1), "ROW_COL_BCAST"),
    ((1, 1, 37), (33, 1), (1, 1), "ROW_COL_BCAST"),
    ((3, 70, 300), (1, 300), (70, 1), "ROW_COL_BCAST"),
]


@pytest.mark.parametrize("cores", ["all", "3"])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32], ids=["bf16", "fp32", "int32"])
@pytest.mark.parametrize("cs,ts,fs,kind", TTT_CASES, ids=[f"{k}-{i}" for i, (*_, k) in enumerate(TTT_CASES)])
def test_ttt_subtile_broadcasts(device, dtype, cs, ts, fs, kind, cores):
    """ROW_BCAST (ternary_reader_rowbcast_ttt: a height-1 operand's tile tw, its row 0 filled over the tile, then
    ternary_sfpu_no_bcast_ttt; three bfloat16 operands: no fill, ternary_sfpu_row_bcast_ttt's unary_bcast<ROW>),
    SCALAR_BCAST (ternary_reader_scalar_ttt: the [1, 1] operand once per channel) and ROW_COL_BCAST
    (ternary_reader_row_col_bcast_ttt: columns and scalars once per tile row, rows per tile), the last two with
    ternary_sfpu_col_scalar_bcast_ttt; odd sizes (tile padding), work splits that start cores inside rows and
    channels. The bfloat16 LLK row path flushes -0.0 (and denormals) to +0 in copy_tile."""
    assert broadcast_type(cs, ts, fs) == kind
    c = put(device, cond_values(cs) if dtype != ttnn.int32 else RNG.integers(-2, 3, cs), dtype)
    t = put(device, values(ts, dtype), dtype)
    f = put(device, values(fs, dtype), dtype)
    ttnn.clear_op_report()
    out = ttnn.where(c, t, f, sub_core_grids=grid(cores))
    out_shape = tuple(np.broadcast_shapes(cs, ts, fs))
    assert tuple(out.shape) == out_shape and out.dtype == dtype
    llk = kind == "ROW_BCAST" and dtype == ttnn.bfloat16
    cb, tb, fb = expect(out_shape, c, t, f, flush=llk)
    np.testing.assert_array_equal(bits(out), np.where(cb != 0, tb, fb))
    r = last_record()
    assert r.program == "ternary" and r.attributes["bcast"] == kind and (cores == "all" or r.cores == 3)


def test_ttt_row_bcast_llk_negative_zero_predicate(device):
    """ternary_sfpu_row_bcast_ttt: unary_bcast_init's llk_math_hw_configure turns the Src zero flag back on, so a
    bfloat16 -0.0 predicate is copied as +0 and selects the false value (ternary_sfpu_no_bcast_ttt keeps -0.0 and
    selects the true value); float32 operands take the reader's fill and ternary_sfpu_no_bcast_ttt."""
    for dtype, want in ((ttnn.bfloat16, 0.0), (ttnn.float32, 1.0)):
        c = put(device, np.full((64, 64), -0.0, np.float32), dtype)
        t = put(device, np.ones((1, 64)), dtype)
        f = put(device, np.zeros((64, 64)), dtype)
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.where(c, t, f)), np.full((64, 64), want, np.float32))
        same = put(device, np.ones((64, 64)), dtype)
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.where(c, same, f)), np.ones((64, 64), np.float32))


def test_ttt_row_bcast_llk_output_dtype_refused(device):
    """ternary_sfpu_row_bcast_ttt leaves the packer on the expanded CB's format (bfloat16): a float32 output_tensor
    would get bfloat16 data on the card; tensix refuses the pack."""
    from tensix.device.errors import ComputeInitError
    c = put(device, cond_values((64, 64)), ttnn.bfloat16)
    t = put(device, values((1, 64), ttnn.bfloat16), ttnn.bfloat16)
    with pytest.raises(ComputeInitError, match="packer"):
        ttnn.where(c, t, c, output_tensor=put(device, np.zeros((64, 64)), ttnn.float32))


TS_CASES = [  # (condition shape, tensor shape, binary_ng SubtileBroadcastType)
    ((2, 40, 70), (2, 1, 70), "ROW_B"),
    ((3, 1, 1, 37), (1, 2, 33, 37), "ROW_A"),
    ((2, 40, 70), (2, 40, 1), "COL_B"),
    ((2, 45, 1), (1, 45, 300), "COL_A"),
    ((2, 40, 70), (1, 1, 1), "SCALAR_B"),
    ((1, 1), (2, 45, 70), "SCALAR_A"),
    ((1, 70), (45, 1), "ROW_A_COL_B"),
    ((2, 45, 1), (1, 300), "ROW_B_COL_A"),
]


@pytest.mark.parametrize("cores", ["all", "3"])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32], ids=["bf16", "fp32", "int32"])
@pytest.mark.parametrize("form", ["TTS", "TST"])
@pytest.mark.parametrize("cs,xs,kind", TS_CASES, ids=[k for *_, k in TS_CASES])
def test_tensor_and_number_subtile_broadcasts(device, dtype, form, cs, xs, kind, cores):
    """binary_ng WHERE_TTS / WHERE_TST with a subtile broadcast between the condition (a) and the tensor (b): the
    broadcast readers (reader_interleaved_{row,col,scalar,row_col_mixed}_bcast); ROW_* with
    eltwise_where_sfpu_row_bcast (operands of one dtype: unary_bcast<ROW>), COL_* / SCALAR_* with eltwise_where_sfpu,
    ROW_x_COL_y with eltwise_where_sfpu_row_col_bcast. The number is packed for the tensor's dtype; a bfloat16 -0.0
    condition reaches the LLK kernels as +0."""
    from tensix.ttnn.operations.binary import subtile_broadcast_type
    assert subtile_broadcast_type(cs[-2] if len(cs) > 1 else 1, cs[-1], xs[-2] if len(xs) > 1 else 1,
                                  xs[-1]).name == kind
    if dtype == ttnn.int32:
        c = put(device, RNG.integers(-2, 3, cs), dtype)
        num, sv = -7.0, np.int32(-7).view(np.uint32)
    else:
        c = put(device, cond_values(cs), dtype)
        num = 1.0 / 3.0
        sv = np.asarray(bf16_rne(np.float32(num)) if dtype == ttnn.bfloat16 else np.float32(num)).view(np.uint32)
    x = put(device, values(xs, dtype), dtype)
    ttnn.clear_op_report()
    g = grid(cores)
    out = ttnn.where(c, x, num, sub_core_grids=g) if form == "TTS" else ttnn.where(c, num, x, sub_core_grids=g)
    out_shape = tuple(np.broadcast_shapes(cs, xs))
    assert tuple(out.shape) == out_shape and out.dtype == dtype
    llk = kind.startswith("ROW") and dtype == ttnn.bfloat16
    cb, xb = expect(out_shape, c, x, flush=llk)
    want = np.where(cb != 0, xb, sv) if form == "TTS" else np.where(cb != 0, sv, xb)
    np.testing.assert_array_equal(bits(out), want)
    r = last_record()
    assert r.program == "binary_ng" and r.attributes["bcast"] == kind and r.attributes["op"] == f"WHERE_{form}"
    assert cores == "all" or r.cores == 3
