"""ttnn.concat and ttnn.pad (tt-metal 622c6fb9's ConcatProgramFactory with concat.cpp's massaging, and pad.cpp with
PadRmReaderWriterMultiCoreDefaultProgramFactory / PadTileMulticoreProgramFactory) against numpy on the logical values:
every dim in both layouts, tiles padded in the concat dim (untilize, concat, retilize), unaligned row-major last dims
(the transposes around the concat, TF32 for float32 as on the card), rank 1, more than 47 inputs, the L1 chunking of
issue #43371; pads in front and behind in every dim, tile pads (fill_implicit_tile_padding, whole pad tiles), the pad
word's bfloat16 halves for row-major float32, bfloat8_b through bfloat16, errors."""

import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn
from tensix.ttnn.tensor import _read_raw, values_from_bytes


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(11)


def _data(shape, dtype):
    if dtype == ttnn.int32:
        return RNG.integers(-2**31, 2**31 - 1, shape, dtype=np.int64)
    if dtype in (ttnn.uint32, ttnn.uint16):
        return RNG.integers(0, 60000, shape, dtype=np.int64)
    return RNG.standard_normal(shape) * 10


def _dev(x, dtype, device, layout, mc=None):
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, device=device, memory_config=mc)


def _vals(t):
    return ttnn.to_numpy(t)


def _padded(t):
    return values_from_bytes(_read_raw(t, "test"), t._shape, t._padded, t._dtype, t._layout)[0]


def _tf32(x):
    return (np.asarray(x, np.float32).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def _ops(n):
    return [(r.op, r.program) for r in ttnn.op_report()[-n:]]


# ------------------------------------------------------------------------------------------------ concat
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32])
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_concat_aligned_every_dim(device, dtype, layout):
    for dim in range(4):
        shapes = [[2, 3, 64, 64], [2, 3, 64, 64], [2, 3, 64, 64]]
        shapes[1][dim] = 1 if dim < 2 else 32
        shapes[2][dim] = 2 if dim < 2 else 96
        xs = [_data(s, dtype) for s in shapes]
        ts = [_dev(x, dtype, device, layout) for x in xs]
        y = ttnn.concat(ts, dim)
        assert y.layout == layout and y.dtype == dtype and y.memory_config() == ttnn.DRAM_MEMORY_CONFIG
        assert _ops(1) == [("ttnn.concat", "concat")]
        np.testing.assert_array_equal(_vals(y), np.concatenate([_vals(t) for t in ts], dim), err_msg=f"dim {dim}")


def test_concat_tiles_padded_in_the_concat_dim(device):
    xs = [_data((2, 3, 40, 64), ttnn.bfloat16), _data((2, 3, 33, 64), ttnn.bfloat16)]
    ts = [_dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT) for x in xs]
    y = ttnn.concat(ts, -2)
    assert y.layout == ttnn.TILE_LAYOUT and tuple(y.shape) == (2, 3, 73, 64)
    ops = [o for o, _ in _ops(4)]
    assert ops == ["ttnn.untilize_with_unpadding", "ttnn.untilize_with_unpadding", "ttnn.concat",
                   "ttnn.tilize_with_val_padding"]
    np.testing.assert_array_equal(_vals(y), np.concatenate([_vals(t) for t in ts], 2))
    assert np.all(_padded(y)[:, :, 73:, :] == 0)


def test_concat_row_major_unaligned_last_dim_transposes(device):
    xs = [_data((2, 3, 40, 50), ttnn.float32), _data((2, 3, 40, 21), ttnn.float32)]
    ts = [_dev(x, ttnn.float32, device, ttnn.ROW_MAJOR_LAYOUT) for x in xs]
    y = ttnn.concat(ts, -1)
    assert [p for _, p in _ops(4)] == ["permute_rm_blocked_generic"] * 2 + ["concat", "permute_rm_blocked_generic"]
    np.testing.assert_array_equal(_vals(y), _tf32(np.concatenate(xs, -1)))       # through SrcA twice: TF32
    bs = [_dev(x, ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT) for x in xs]
    np.testing.assert_array_equal(_vals(ttnn.concat(bs, 3)), np.concatenate([_vals(b) for b in bs], 3))
    # tiled inputs padded in W: untilized, transposed, concatenated, transposed back, tilized
    tt = [_dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT) for x in xs]
    np.testing.assert_array_equal(_vals(ttnn.concat(tt, 3)), np.concatenate([_vals(b) for b in bs], 3))


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_concat_low_ranks(device, layout):
    for shapes, dim in [([(70,), (33,), (5,)], 0), ([(5, 70), (5, 33)], 1), ([(3, 70), (4, 70)], 0),
                        ([(3, 5, 32), (3, 2, 32)], 1)]:
        ts = [_dev(_data(s, ttnn.bfloat16), ttnn.bfloat16, device, layout) for s in shapes]
        y = ttnn.concat(ts, dim)
        assert y.layout == layout
        np.testing.assert_array_equal(_vals(y), np.concatenate([_vals(t) for t in ts], dim), err_msg=str(shapes))


def test_concat_mixed_layouts_and_memory(device):
    a = _dev(_data((1, 1, 64, 64), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT, ttnn.L1_MEMORY_CONFIG)
    b = _dev(_data((1, 1, 32, 64), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT)
    y = ttnn.concat([a, b], 2, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert y.layout == ttnn.TILE_LAYOUT and y.memory_config() == ttnn.L1_MEMORY_CONFIG
    np.testing.assert_array_equal(_vals(y), np.concatenate([_vals(a), _vals(b)], 2))
    c = _dev(_data((1, 1, 30, 64), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT)   # not tileable
    a2 = _dev(_data((1, 1, 30, 64), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT)
    y = ttnn.concat([a2, c], 1)
    assert y.layout == ttnn.ROW_MAJOR_LAYOUT
    np.testing.assert_array_equal(_vals(y), np.concatenate([_vals(a2), _vals(c)], 1))
    one = ttnn.concat([a], 0)
    assert one.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    np.testing.assert_array_equal(_vals(one), _vals(a))


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
@pytest.mark.parametrize("rows", [128, 96, 416])
def test_concat_sub_core_grids(device, layout, rows):
    """sub_core_grids (ConcatProgramFactory): the largest core count up to the sub-grid's 8 that divides the output
    pages, every core the same share: 8 / 6 / 2 cores for 8 / 6 / 26 tile pages, 8 for 128 / 96 / 416 rows."""
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(2, 3))})
    xs = [_data((1, 1, rows, 32), ttnn.bfloat16), _data((1, 1, rows, 32), ttnn.bfloat16)]
    ts = [_dev(x, ttnn.bfloat16, device, layout) for x in xs]
    y = ttnn.concat(ts, 3, sub_core_grids=grid)
    np.testing.assert_array_equal(_vals(y), np.concatenate([_vals(t) for t in ts], 3))
    pages = rows * 64 // 1024 if layout == ttnn.TILE_LAYOUT else rows
    expect = max(c for c in range(1, 9) if pages % c == 0)
    assert ttnn.op_report()[-1].cores == expect
    with pytest.raises(TypeError, match="CoreRangeSet"):
        ttnn.concat(ts, 3, sub_core_grids=ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1)))
    mixed = [ts[0], _dev(xs[1], ttnn.bfloat16, device,
                         ttnn.ROW_MAJOR_LAYOUT if layout == ttnn.TILE_LAYOUT else ttnn.TILE_LAYOUT)]
    if rows % 32 == 0:
        with pytest.raises(tensix.NotModelledError, match="layouts differ"):
            ttnn.concat(mixed, 3, sub_core_grids=grid)


def test_concat_bfloat8_b(device):
    xs = [_data((1, 2, 64, 64), ttnn.float32), _data((1, 3, 64, 64), ttnn.float32)]
    ts = [_dev(x, ttnn.bfloat8_b, device, ttnn.TILE_LAYOUT) for x in xs]
    y = ttnn.concat(ts, 1)
    assert y.dtype == ttnn.bfloat8_b
    np.testing.assert_array_equal(_vals(y), np.concatenate([_vals(t) for t in ts], 1))
    w = ttnn.concat([ts[0], ts[0]], 3)
    np.testing.assert_array_equal(_vals(w), np.concatenate([_vals(ts[0])] * 2, 3))
    # padded in the concat dim: untilize_with_unpadding gives bfloat16 rows, so the result is bfloat16 (tt-metal)
    ps = [_dev(_data((1, 1, 40, 64), ttnn.float32), ttnn.bfloat8_b, device, ttnn.TILE_LAYOUT) for _ in range(2)]
    y = ttnn.concat(ps, 2)
    assert y.dtype == ttnn.bfloat16
    np.testing.assert_array_equal(_vals(y), np.concatenate([_vals(p) for p in ps], 2))


def test_concat_more_than_47_tensors(device):
    ts = [_dev(np.full((1, 1, 32, 32), i, np.float64), ttnn.bfloat16, device, ttnn.TILE_LAYOUT) for i in range(50)]
    y = ttnn.concat(ts, 1)
    assert [p for _, p in _ops(3)] == ["concat"] * 3      # 47, then 3, then the two results
    np.testing.assert_array_equal(_vals(y)[0, :, 0, 0], np.arange(50))


def test_concat_l1_chunks(device, monkeypatch):
    """Issue #43371's path, with a smaller L1 so that small rows take it: dim -2 sliced into chunks, each
    concatenated, the chunks concatenated along dim -2."""
    from tensix.ttnn.operations import dm_concat
    monkeypatch.setattr(dm_concat, "_L1_CAPACITY", 256)
    xs = [_data((1, 1, 200, 3), ttnn.bfloat16), _data((1, 1, 200, 5), ttnn.bfloat16)]
    ts = [_dev(x, ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT) for x in xs]
    y = ttnn.concat(ts, 3)
    assert sum(1 for r in ttnn.op_report()[-40:] if r.op == "ttnn.slice") >= 4
    np.testing.assert_array_equal(_vals(y), np.concatenate([_vals(t) for t in ts], 3))


def test_concat_errors(device):
    a = _dev(_data((1, 1, 32, 32), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    b = _dev(_data((1, 1, 32, 64), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.TTNNError, match="non-empty"):
        ttnn.concat([], 0)
    with pytest.raises(ttnn.TTNNError, match="All dimensions must be the same size"):
        ttnn.concat([a, b], 2)
    with pytest.raises(ttnn.TTNNError, match="Dimension out of range"):
        ttnn.concat([a, a], 4)
    f = _dev(_data((1, 1, 32, 32), ttnn.float32), ttnn.float32, device, ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.TTNNError, match="same dtypes"):
        ttnn.concat([a, f], 2)
    with pytest.raises(ttnn.TTNNError, match="device storage"):
        ttnn.concat([a, ttnn.from_numpy(np.zeros((1, 1, 32, 32)), dtype=ttnn.bfloat16)], 2)
    sh = ttnn.create_sharded_memory_config((32, 32), ttnn.CoreGrid(x=1, y=1), ttnn.ShardStrategy.HEIGHT)
    with pytest.raises(ttnn.TTNNError, match="Cannot concat interleaved inputs into a sharded output"):
        ttnn.concat([a, a], 2, memory_config=sh)


# ---------------------------------------------------------------------------------------------------- pad
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.uint16])
def test_pad_row_major_front_and_back(device, dtype):
    x = _data((2, 3, 30, 44), dtype)
    t = _dev(x, dtype, device, ttnn.ROW_MAJOR_LAYOUT)
    xr = _vals(t)
    for padding, value in [([(0, 0), (0, 0), (0, 2), (0, 20)], 3.0), ([(1, 1), (0, 2), (3, 2), (4, 24)], 7.0),
                           ([(0, 1), (2, 0), (0, 0), (2, 6)], 0.0)]:
        y = ttnn.pad(t, padding, value)
        assert _ops(1) == [("ttnn.pad", "pad_rm")]
        np.testing.assert_array_equal(_vals(y), np.pad(xr, padding, constant_values=value), err_msg=str(padding))


def test_pad_row_major_float32_pad_word(device):
    """The row-major factory packs the value as two bfloat16 halves for float32 too: 3.0 is written as the float32
    whose bits are 0x40404040 (on the card as here); 0 pads exactly."""
    x = _data((1, 2, 30, 40), ttnn.float32).astype(np.float32)
    t = _dev(x, ttnn.float32, device, ttnn.ROW_MAJOR_LAYOUT)
    y = _vals(ttnn.pad(t, [(0, 2), (0, 24)], 3.0))
    word = np.array([0x40404040], np.uint32).view(np.float32)[0]
    np.testing.assert_array_equal(y, np.pad(x, [(0, 0), (0, 0), (0, 2), (0, 24)], constant_values=word))
    np.testing.assert_array_equal(_vals(ttnn.pad(t, [(0, 2), (0, 24)], 0.0)),
                                  np.pad(x, [(0, 0), (0, 0), (0, 2), (0, 24)]))


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_pad_tile(device, dtype):
    x = _data((2, 3, 30, 40), dtype)
    t = _dev(x, dtype, device, ttnn.TILE_LAYOUT)
    xr = _vals(t)
    y = ttnn.pad(t, [(0, 0), (0, 0), (0, 2), (0, 20)], -2.0)        # inside the tiles: fill_pad and a view
    assert [p for _, p in _ops(1)] == ["FillPadProgramFactory"] and y.padded_shape == t.padded_shape
    np.testing.assert_array_equal(_vals(y), np.pad(xr, [(0, 0), (0, 0), (0, 2), (0, 20)], constant_values=-2.0))
    y = ttnn.pad(t, [(0, 1), (0, 2), (0, 34), (0, 56)], 5.0)         # more tiles: the tile program
    assert _ops(1) == [("ttnn.pad", "pad_tile")]
    exp = np.pad(xr, [(0, 1), (0, 2), (0, 34), (0, 56)], constant_values=5.0)
    np.testing.assert_array_equal(_vals(y), exp)
    assert tuple(y.padded_shape) == (3, 5, 64, 96) and np.all(_padded(y)[..., 64:, :] == 5.0)
    for shape, padding in [((30, 40), [(0, 2), (0, 30)]), ((5, 30, 40), [(0, 3), (0, 70), (0, 8)]),
                           ((2, 2, 3, 30, 40), [(0, 2), (0, 0), (0, 24)])]:
        x = _data(shape, dtype)
        t = _dev(x, dtype, device, ttnn.TILE_LAYOUT)
        np.testing.assert_array_equal(_vals(ttnn.pad(t, padding, 1.5)),
                                      np.pad(_vals(t), [(0, 0)] * (len(shape) - len(padding)) + padding,
                                             constant_values=1.5), err_msg=str(shape))


def test_pad_tile_bfloat8_b_and_int32(device):
    x = _data((1, 2, 30, 40), ttnn.float32)
    t = _dev(x, ttnn.bfloat8_b, device, ttnn.TILE_LAYOUT)
    y = ttnn.pad(t, [(0, 1), (0, 0), (0, 2), (0, 24)], 3.0)
    assert y.dtype == ttnn.bfloat8_b
    exp = np.pad(_vals(t), [(0, 1), (0, 0), (0, 2), (0, 24)], constant_values=3.0)
    ref = ttnn.typecast(_dev(exp, ttnn.bfloat16, device, ttnn.TILE_LAYOUT), ttnn.bfloat8_b)   # the packer's rounding
    np.testing.assert_array_equal(_vals(y), _vals(ref))
    i = _dev(_data((1, 2, 32, 64), ttnn.int32), ttnn.int32, device, ttnn.TILE_LAYOUT)
    np.testing.assert_array_equal(_vals(ttnn.pad(i, [(0, 2), (0, 24)], 7)),
                                  np.pad(_vals(i), [(0, 0), (0, 0), (0, 2), (0, 24)], constant_values=7))
    odd = _dev(_data((1, 2, 30, 50), ttnn.int32), ttnn.int32, device, ttnn.TILE_LAYOUT)   # tile padding to fill first
    np.testing.assert_array_equal(_vals(ttnn.pad(odd, [(0, 2), (0, 24)], 7)),
                                  np.pad(_vals(odd), [(0, 0), (0, 0), (0, 2), (0, 24)], constant_values=7))


def test_pad_other_forms_and_host(device):
    x = _data((1, 1, 30, 40), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT)
    y = ttnn.pad(t, [1, 2, 32, 64], [0, 1, 2, 3], 4.0)             # output_padded_shape, input_tensor_start
    np.testing.assert_array_equal(_vals(y), np.pad(_vals(t), [(0, 0), (1, 0), (2, 0), (3, 21)], constant_values=4.0))
    y = ttnn.pad(t, output_padded_shape=[1, 1, 32, 64], input_tensor_start=[0, 0, 0, 0], value=0.0)
    assert tuple(y.shape) == (1, 1, 32, 64)
    assert ttnn.pad(t, [(0, 0)] * 4, 1.0) is t
    h = ttnn.from_numpy(x, dtype=ttnn.bfloat16)
    np.testing.assert_array_equal(_vals(ttnn.pad(h, [(0, 2), (1, 1)], 9.0)),
                                  np.pad(_vals(h), [(0, 0), (0, 0), (0, 2), (1, 1)], constant_values=9.0))


@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_pad_single_core_factories_match_the_multicore_ones(device, layout, dtype):
    """use_multicore=False: PadRmReaderWriter / PadTileCore on core (0, 0), the same values as the multi-core
    programs, but for a tiled float32 tensor: PadTileCore packs the pad as two bfloat16 halves (0x40204020 for 2.5)
    where the multi-core tile factory writes the float's bits; the tile padding inside the input's tiles is filled
    exactly by fill_pad first."""
    x = _data((2, 3, 30, 40), dtype)
    t = _dev(x, dtype, device, layout)
    padding = [(0, 1), (0, 2), (0, 34), (0, 56)]
    y = ttnn.pad(t, padding, 2.5, use_multicore=False)
    assert _ops(1) == [("ttnn.pad", "pad_rm_single_core" if layout == ttnn.ROW_MAJOR_LAYOUT
                        else "pad_tile_single_core")]
    assert ttnn.op_report()[-1].cores == 1
    multi = _vals(ttnn.pad(t, padding, 2.5))
    if layout == ttnn.TILE_LAYOUT and dtype == ttnn.float32:
        word = np.array([0x40204020], np.uint32).view(np.float32)[0]
        multi = np.pad(_vals(t), padding, constant_values=word)
        multi[:2, :3, 30:32, :64] = 2.5                             # fill_pad: inside the input's tiles
        multi[:2, :3, :32, 40:64] = 2.5
    np.testing.assert_array_equal(_vals(y), multi)
    if dtype == ttnn.bfloat16:
        np.testing.assert_array_equal(_vals(y), np.pad(_vals(t), padding, constant_values=2.5))


def test_pad_single_core_row_major_quirks(device):
    """reader_pad_dims_rm_interleaved as on the card: the pad comes from a bfloat16 tensor (int32 rows of pad hold
    the words of two bfloat16 1.0s), its 16-bit stores put the packed word's high half (0 for a small integer) up
    to a 32-byte boundary after the data, and the input lands at the start of each dim whatever the front padding."""
    x = _data((1, 1, 4, 20), ttnn.int32)
    t = _dev(x, ttnn.int32, device, ttnn.ROW_MAJOR_LAYOUT)
    y = _vals(ttnn.pad(t, [(0, 0), (0, 0), (0, 2), (0, 12)], 1, use_multicore=False))
    two_halves = np.int32(0x3F803F80)
    assert np.all(y[0, 0, 4:] == two_halves)                      # rows of pad: 64-byte reads of the bf16 tensor
    np.testing.assert_array_equal(y[0, 0, :4, :20], x[0, 0])
    # a data row's tail: 80 bytes of data from a 32-byte aligned page -> 16-bit stores of 0 up to byte 96 (4 words),
    # then 32 bytes read from the pad tensor (8 words)
    assert np.all(y[0, 0, :4, 20:24] == 0) and np.all(y[0, 0, :4, 24:] == two_halves)
    b = _dev(_data((1, 1, 2, 32), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT)
    front = _vals(ttnn.pad(b, [(0, 0), (0, 0), (2, 0), (0, 0)], 9.0, use_multicore=False))
    np.testing.assert_array_equal(front[0, 0, :2], _vals(b)[0, 0])
    assert np.all(front[0, 0, 2:] == 9.0)


def test_pad_errors(device):
    t = _dev(_data((1, 1, 30, 40), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.TTNNError, match="front padding"):
        ttnn.pad(t, [(0, 0), (0, 0), (1, 0), (0, 0)], 0.0)
    with pytest.raises(ttnn.TTNNError, match="can't be larger"):
        ttnn.pad(t, [(0, 1)] * 5, 0.0)
    r5 = _dev(_data((2, 2, 2, 4, 8), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT)
    with pytest.raises(ttnn.TTNNError, match="lowest 3 dimensions"):
        ttnn.pad(r5, [(0, 1), (0, 0), (0, 0), (0, 0), (0, 0)], 0.0)


def _grid(x1, y1):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(x1, y1))])


def _nd(shard, grid=(2, 1)):
    return ttnn.MemoryConfig(ttnn.BufferType.L1, ttnn.NdShardSpec(ttnn.Shape(list(shard)), _grid(*grid)))


HS = ttnn.TensorMemoryLayout.HEIGHT_SHARDED


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.uint32])
@pytest.mark.parametrize("src,dst", [
    ("nd", "dram"), ("nd", "nd"), ("dram", "nd"), ("height", "dram"), ("width", "dram"), ("height", "nd"),
    ("nd-wide", "nd-wide")])
def test_pad_row_major_sharded_through_the_default_factory(device, dtype, src, dst):
    """pad_rm_reader_writer_multi_core_default_program_factory.cpp with sharded tensors: its TensorAccessors read and
    write shard-wide pages, num_*_pages_in_row of them a row (the last one partly valid), the work split over output rows
    as for interleaved tensors. Front and back padding in every dim; uneven ND shards. Exactly the host pad."""
    shape, pads = (2, 3, 20, 64), [(1, 0), (0, 2), (3, 5), (8, 24)]
    out_shape = [d + a + b for d, (a, b) in zip(shape, pads)]
    mcs = {"dram": ttnn.DRAM_MEMORY_CONFIG, "nd": _nd((1, 2, 16, 32)),
           "nd-wide": _nd((2, 1, 8, 32), (3, 2)),
           "height": ttnn.MemoryConfig(HS, ttnn.BufferType.L1, ttnn.ShardSpec(_grid(3, 1), (16, 64),
                                                                              ttnn.ShardOrientation.ROW_MAJOR)),
           "width": ttnn.MemoryConfig(ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.L1,
                                      ttnn.ShardSpec(_grid(1, 0), (120, 32), ttnn.ShardOrientation.ROW_MAJOR))}
    x = _data(shape, dtype)
    t = _dev(x, dtype, device, ttnn.ROW_MAJOR_LAYOUT, mcs[src])
    value = 0.0 if dtype == ttnn.float32 else 7.0     # (a row-major float32 pad word is two bfloat16 halves)
    want = np.pad(_vals(_dev(x, dtype, device, ttnn.ROW_MAJOR_LAYOUT)), pads, constant_values=value)
    out = ttnn.pad(t, pads, value, memory_config=mcs[dst] if dst != "dram" else ttnn.DRAM_MEMORY_CONFIG)
    assert _ops(1)[0][1] == "pad_rm" and list(out.shape) == out_shape
    assert out.is_sharded() == (dst != "dram")
    np.testing.assert_array_equal(_vals(out), want)


def test_pad_sharded_cases_tensix_does_not_model(device):
    x = _data((1, 1, 32, 64), ttnn.bfloat16)
    hs = ttnn.MemoryConfig(HS, ttnn.BufferType.L1, ttnn.ShardSpec(_grid(1, 0), (16, 64),
                                                                   ttnn.ShardOrientation.ROW_MAJOR))
    t = _dev(x, ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT, hs)
    # legacy sharded into legacy sharded, tiled sharded pads: modelled (tests/test_ttnn_pad_reshape_sharded.py); the
    # input's own config cannot hold the padded tensor, which the output's tensor spec refuses as tt-metal's does
    with pytest.raises(ttnn.ShardSpecError, match="Number of shards along height 4 must not exceed number of cores 2"):
        ttnn.pad(t, [(0, 0), (0, 0), (0, 32), (0, 0)], 0.0)
    # (2 shards a core: no legacy equivalent; legacy-sharded tensors of other ranks are padded through their 4-D view)
    r3 = _dev(_data((2, 32, 64), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT,
              _nd((1, 16, 64), (1, 0)))
    with pytest.raises(tensix.NotModelledError, match="rank-3"):
        ttnn.pad(r3, [(0, 0), (0, 2), (0, 0)], 0.0, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    with pytest.raises(ttnn.ShardSpecError, match="must be aligned to 16 bytes"):
        ttnn.pad(_dev(x, ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT), [(0, 0), (0, 0), (0, 0), (0, 4)], 0.0,
                 memory_config=_nd((1, 1, 16, 4)))
