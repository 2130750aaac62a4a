"""ttnn.pad and ttnn.reshape of sharded tensors (tensix.ttnn.operations.dm_pad / dm_pad_sharded / dm_reshape), as
tt-metal 622c6fb9 runs them:
- pad: a HEIGHT_SHARDED row-major input into a HEIGHT_SHARDED output runs PadRmShardedWidthOnly (width padding,
  output config recomputed on the input's grid) or PadRmShardedHeightOnly (no width padding), both at once pad.cpp's
  width-then-height recipe; other sharded pairs the default factory through TensorAccessors; tiled pads read and
  write the shards through TensorAccessors;
- reshape: row-major through sharded_to_interleaved / interleaved_to_sharded around the interleaved reshape, tiled
  directly on the shards, into recompute_shard_spec_for_output's config; ttnn.experimental.view of a row-major
  sharded tensor changing its last dim re-reads the same shards.
Numbers are checked exactly against numpy (data movement moves bits)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.operations import dm_pad_sharded
from tensix.ttnn.operations.dm_reshape import recompute_shard_spec_for_output


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


@pytest.fixture
def factories(monkeypatch):
    """Which sharded pad factories ran."""
    ran = []
    for name in ("width_only_factory", "height_only_factory"):
        real = getattr(dm_pad_sharded, name)

        def spy(*a, _real=real, _name=name, **k):
            ran.append(_name)
            return _real(*a, **k)
        monkeypatch.setattr(dm_pad_sharded, name, spy)
    return ran


def _grid(x0, y0, x1, y1):
    return ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))})


def _mc(layout, grid, shape, orientation=ttnn.ShardOrientation.ROW_MAJOR):
    return ttnn.MemoryConfig(layout, ttnn.BufferType.L1, ttnn.ShardSpec(grid, shape, orientation))


_H = ttnn.TensorMemoryLayout.HEIGHT_SHARDED
_W = ttnn.TensorMemoryLayout.WIDTH_SHARDED
_B = ttnn.TensorMemoryLayout.BLOCK_SHARDED

_NP = {ttnn.int32: np.int32, ttnn.float32: np.float32, ttnn.bfloat16: np.float32, ttnn.uint16: np.uint16}


def _data(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    if dtype in (ttnn.int32, ttnn.uint16):
        return rng.integers(0, 1000, size=shape).astype(_NP[dtype])
    x = rng.standard_normal(shape).astype(np.float32)
    if dtype == ttnn.bfloat16:      # bfloat16-exact values
        x = (x.view(np.uint32) & 0xFFFF0000).view(np.float32)
    return x


def _sharded(dev, x, dtype, mc, layout=ttnn.ROW_MAJOR_LAYOUT):
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, device=dev, memory_config=mc)


def _host(t):
    return np.asarray(ttnn.to_numpy(ttnn.from_device(t))).astype(np.float64)


def _np_pad(x, start, shape, value):
    return np.pad(x.astype(np.float64), [(s, o - d - s) for s, o, d in zip(start, shape, x.shape)],
                  constant_values=value)


# --------------------------------------------------------------------------------------------- pad, width only
@pytest.mark.parametrize("dtype", [ttnn.int32, ttnn.float32, ttnn.bfloat16])
@pytest.mark.parametrize("shape,to,cores", [((1, 1, 24, 8), (1, 1, 24, 32), 6), ((1, 2, 3, 16), (1, 2, 3, 48), 3)])
def test_pad_width_only(device, factories, dtype, shape, to, cores):
    x = _data(shape, dtype)
    h = int(np.prod(shape[:-1]))
    grid = _grid(0, 0, 0, cores - 1)
    t = _sharded(device, x, dtype, _mc(_H, grid, (-(-h // cores), shape[-1])))
    out = ttnn.pad(t, to, (0, 0, 0, 0), 3.0)
    assert factories == ["width_only_factory"]
    mc = out.memory_config()    # recomputed: HEIGHT on the input's grid, shard width the padded width
    assert mc.memory_layout == _H and tuple(mc.shard_spec.shape) == (-(-h // cores), to[-1])
    assert mc.shard_spec.grid == grid
    np.testing.assert_array_equal(_host(out), _np_pad(x, (0, 0, 0, 0), to, 3.0))


def test_pad_width_only_ignores_given_config(device, factories):
    """pad.cpp: a width pad of a HEIGHT_SHARDED input recomputes the output config (the given one is ignored)."""
    x = _data((1, 1, 8, 8), ttnn.int32)
    t = _sharded(device, x, ttnn.int32, _mc(_H, _grid(0, 0, 1, 0), (4, 8)))
    given = _mc(_H, _grid(0, 0, 3, 0), (2, 16))
    out = ttnn.pad(t, [(0, 0), (0, 8)], 5, memory_config=given)
    assert factories == ["width_only_factory"]
    assert tuple(out.memory_config().shard_spec.shape) == (4, 16)
    np.testing.assert_array_equal(_host(out), _np_pad(x, (0, 0, 0, 0), (1, 1, 8, 16), 5))


def test_pad_width_only_refuses_what_the_card_gets_wrong(device, factories):
    """PadRmShardedWidthOnly takes the stick's front offset from input_tensor_start[-3] (the channel entry), so a width
    front pad would land the data at column 0; and it packs a uint16 value into the word's upper half of which the
    writer stores the lower one, so uint16 tensors would be padded with 0. Both are wrong data on the card: refused.
    A uint16 pad with 0 runs."""
    x = _data((1, 1, 4, 8), ttnn.int32)
    t = _sharded(device, x, ttnn.int32, _mc(_H, _grid(0, 0, 0, 0), (4, 8)))
    with pytest.raises(NotModelledError, match="front pad of 8 in the last dim"):
        ttnn.pad(t, (1, 1, 4, 24), (0, 0, 0, 8), 7)
    u = _data((1, 1, 4, 8), ttnn.uint16)
    tu = _sharded(device, u, ttnn.uint16, _mc(_H, _grid(0, 0, 0, 1), (2, 8)))
    with pytest.raises(NotModelledError, match="uint16 pad value of 9"):
        ttnn.pad(tu, (1, 1, 4, 16), (0, 0, 0, 0), 9)
    out = ttnn.pad(tu, (1, 1, 4, 16), (0, 0, 0, 0), 0)
    assert factories[-1] == "width_only_factory"
    np.testing.assert_array_equal(_host(out), _np_pad(u, (0, 0, 0, 0), (1, 1, 4, 16), 0))


# --------------------------------------------------------------------------------------------- pad, height only
@pytest.mark.parametrize("orientation", [ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR])
@pytest.mark.parametrize("dtype,value", [(ttnn.bfloat16, 2.0), (ttnn.int32, 0), (ttnn.int32, -4)])
def test_pad_height_only(device, factories, orientation, dtype, value):
    x = _data((2, 3, 8, 16), dtype, seed=1)
    grid = _grid(0, 0, 1, 2)
    t = _sharded(device, x, dtype, _mc(_H, grid, (8, 16), orientation))
    omc = _mc(_H, grid, (40, 16), orientation)
    out = ttnn.pad(t, [(0, 1), (1, 1), (2, 3), (0, 0)], value, memory_config=omc)
    assert factories == ["height_only_factory"]
    assert out.memory_config().shard_spec.shape == (40, 16)
    ref = _np_pad(x, (0, 1, 2, 0), (3, 5, 13, 16), value)
    if dtype == ttnn.int32:
        ref = ref.astype(np.int64) & 0xFFFFFFFF     # the card's word, read back as int32
        ref = np.where(ref >= 2 ** 31, ref - 2 ** 32, ref)
    np.testing.assert_array_equal(_host(out), ref)


def test_pad_height_only_float32_pad_word(device, factories):
    """The height-only writer fills float32 rows with two bfloat16 halves of the value (pack_two_bfloat16): only 0
    pads a float32 tensor exactly."""
    x = _data((1, 1, 4, 4), ttnn.float32)
    t = _sharded(device, x, ttnn.float32, _mc(_H, _grid(0, 0, 0, 1), (2, 4)))
    out = ttnn.pad(t, (1, 1, 8, 4), (0, 0, 0, 0), 3.0, memory_config=_mc(_H, _grid(0, 0, 0, 1), (4, 4)))
    assert factories == ["height_only_factory"]
    word = np.array([0x40404040], np.uint32).view(np.float32)[0]
    np.testing.assert_array_equal(_host(out), _np_pad(x, (0, 0, 0, 0), (1, 1, 8, 4), word))


def test_pad_width_then_height(device, factories):
    """Both dims padded: a width pad into a recomputed HEIGHT config, then a height pad into a HEIGHT config of the
    output shape on the input's grid."""
    x = _data((1, 2, 3, 4), ttnn.int32)
    grid = _grid(0, 0, 0, 5)
    t = _sharded(device, x, ttnn.int32, _mc(_H, grid, (1, 4)))
    out = ttnn.pad(t, (1, 2, 32, 32), (0, 0, 0, 0), 3)
    assert factories == ["width_only_factory", "height_only_factory"]
    mc = out.memory_config()
    assert mc.memory_layout == _H and tuple(mc.shard_spec.shape) == (11, 32) and mc.shard_spec.grid == grid
    np.testing.assert_array_equal(_host(out), _np_pad(x, (0, 0, 0, 0), (1, 2, 32, 32), 3))


# --------------------------------------------------------------------------------------------- pad, default factory
@pytest.mark.parametrize("out_layout,shard", [(_W, (32, 16)), (_B, (16, 32)), (ttnn.TensorMemoryLayout.INTERLEAVED,
                                                                                 None)])
def test_pad_height_sharded_to_other_layouts(device, factories, out_layout, shard):
    x = _data((1, 1, 16, 64), ttnn.bfloat16)
    grid = _grid(0, 0, 1, 1)
    t = _sharded(device, x, ttnn.bfloat16, _mc(_H, grid, (4, 64)))
    omc = _mc(out_layout, grid, shard) if shard else ttnn.L1_MEMORY_CONFIG
    out = ttnn.pad(t, (1, 1, 32, 64), (0, 0, 4, 0), -1.5, memory_config=omc)
    assert factories == []
    assert out.memory_config().memory_layout == out_layout
    np.testing.assert_array_equal(_host(out), _np_pad(x, (0, 0, 4, 0), (1, 1, 32, 64), -1.5))


# --------------------------------------------------------------------------------------------- pad, tiled
@pytest.mark.parametrize("direction", ["to_sharded", "from_sharded", "sharded_both"])
def test_pad_tiled_sharded(device, direction):
    x = _data((2, 1, 64, 64), ttnn.bfloat16)
    grid = _grid(0, 0, 1, 1)
    in_mc = _mc(_H, grid, (32, 64)) if direction != "to_sharded" else ttnn.DRAM_MEMORY_CONFIG
    to = (2, 1, 80, 90) if direction != "sharded_both" else (2, 1, 80, 64)
    out_mc = {"to_sharded": _mc(_H, grid, (64, 96)), "from_sharded": ttnn.L1_MEMORY_CONFIG,
              "sharded_both": _mc(_H, grid, (64, 64))}[direction]
    t = _sharded(device, x, ttnn.bfloat16, in_mc, ttnn.TILE_LAYOUT)
    out = ttnn.pad(t, to, (0, 0, 0, 0), 0.0, memory_config=out_mc)
    assert out.is_sharded() == (direction != "from_sharded")
    assert tuple(out.shape) == to
    np.testing.assert_array_equal(_host(out), _np_pad(x, (0, 0, 0, 0), to, 0.0))


def test_pad_tiled_sharded_width_into_sharded_refused(device):
    """pad.cpp's recipe recomputes a row-major HEIGHT config for a width pad of a legacy-sharded input into a sharded
    output, tiled or not: its 48-row shards are not tile-sized, which the tensor spec refuses (as tt-metal's)."""
    t = _sharded(device, _data((2, 1, 64, 64), ttnn.bfloat16), ttnn.bfloat16, _mc(_H, _grid(0, 0, 1, 1), (32, 64)),
                 ttnn.TILE_LAYOUT)
    with pytest.raises(RuntimeError, match=r"shard shape \[48, 96\] must be tile 32x32 sized"):
        ttnn.pad(t, (2, 1, 96, 90), (0, 0, 0, 0), 0.0)


# --------------------------------------------------------------------------------------------- pad, refusals
def test_pad_tiled_front_padding_refused_first(device):
    nd = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1,
                           nd_shard_spec=ttnn.NdShardSpec(shard_shape=[1, 1, 32, 32], grid=_grid(0, 0, 0, 0),
                                                          orientation=ttnn.ShardOrientation.ROW_MAJOR))
    t = _sharded(device, _data((1, 1, 32, 32), ttnn.bfloat16), ttnn.bfloat16, nd, ttnn.TILE_LAYOUT)
    with pytest.raises(RuntimeError, match="on device tile padding does not support front padding"):
        ttnn.pad(t, (1, 1, 64, 64), (0, 0, 32, 32), 0, memory_config=ttnn.DRAM_MEMORY_CONFIG)


@pytest.mark.parametrize("shape,pads,layout", [
    ((2, 8, 16), [(0, 0), (1, 3), (0, 16)], ttnn.ROW_MAJOR_LAYOUT),
    ((2, 2, 2, 4, 16), [(0, 0), (0, 0), (0, 0), (0, 4), (0, 0)], ttnn.ROW_MAJOR_LAYOUT),
    ((1, 60, 30), [(0, 0), (0, 4), (0, 40)], ttnn.TILE_LAYOUT)])
def test_pad_sharded_other_ranks(device, shape, pads, layout):
    """pad_impl's 4-D view of a legacy-sharded tensor keeps its 2-D shard spec."""
    x = _data(shape, ttnn.int32 if layout == ttnn.ROW_MAJOR_LAYOUT else ttnn.bfloat16)
    dtype = ttnn.int32 if layout == ttnn.ROW_MAJOR_LAYOUT else ttnn.bfloat16
    h = int(np.prod(shape[:-1]))
    shard = (h // 2, shape[-1]) if layout == ttnn.ROW_MAJOR_LAYOUT else (32, 32)
    t = _sharded(device, x, dtype, _mc(_H, _grid(0, 0, 0, 1), shard), layout)
    out_h = int(np.prod([d + a + b for d, (a, b) in zip(shape[:-1], pads[:-1])]))
    omc = ttnn.DRAM_MEMORY_CONFIG if layout == ttnn.TILE_LAYOUT else \
        _mc(_H, _grid(0, 0, 0, 1), (out_h // 2, shape[-1] + sum(pads[-1])))
    out = ttnn.pad(t, pads, 2, memory_config=omc)
    assert out.is_sharded() == (layout == ttnn.ROW_MAJOR_LAYOUT)
    np.testing.assert_array_equal(_host(out), np.pad(x.astype(np.float64), pads, constant_values=2))


def test_pad_nd_sharded_rank3_refused(device):
    nd = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1,
                           nd_shard_spec=ttnn.NdShardSpec(shard_shape=[1, 16, 64], grid=_grid(0, 0, 1, 0),
                                                          orientation=ttnn.ShardOrientation.ROW_MAJOR))
    t = _sharded(device, _data((2, 32, 64), ttnn.bfloat16), ttnn.bfloat16, nd)
    with pytest.raises(NotModelledError, match="ND-sharded rank-3"):
        ttnn.pad(t, [(0, 0), (0, 2), (0, 0)], 0.0, memory_config=ttnn.DRAM_MEMORY_CONFIG)


def test_pad_output_shard_width_unaligned(device):
    t = _sharded(device, _data((1, 1, 8, 16), ttnn.bfloat16), ttnn.bfloat16, _mc(_H, _grid(0, 0, 0, 1), (4, 16)))
    omc = _mc(_W, _grid(0, 0, 3, 0), (16, 4))
    with pytest.raises(RuntimeError, match="Output row-major shard width 4 gives page size 8 bytes"):
        ttnn.pad(t, (1, 1, 16, 16), (0, 0, 0, 0), 0.0, memory_config=omc)


# --------------------------------------------------------------------------------------------- reshape
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_reshape_height_sharded_keeps_sharding(device, layout):
    x = _data((1, 1, 256, 32), ttnn.bfloat16)
    mc = _mc(_H, _grid(0, 0, 0, 7), (32, 32))
    t = _sharded(device, x, ttnn.bfloat16, mc, layout)
    out = ttnn.reshape(t, (1, 1, 32, 256))
    omc = out.memory_config()       # recompute_shard_spec_for_output: height_sharded on the input's grid
    assert omc.shard_spec.grid == mc.shard_spec.grid
    if layout == ttnn.TILE_LAYOUT:  # one tile-high shard holds the whole height: its legacy form is WIDTH_SHARDED
        assert omc.memory_layout == _W and tuple(omc.shard_spec.shape) == (32, 256)
    else:
        assert omc.memory_layout == _H and tuple(omc.shard_spec.shape) == (4, 256)
    np.testing.assert_array_equal(_host(out), x.reshape(1, 1, 32, 256))


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_reshape_width_sharded_explicit(device, layout):
    x = _data((1, 1, 256, 256), ttnn.bfloat16)
    t = _sharded(device, x, ttnn.bfloat16, _mc(_W, _grid(0, 0, 7, 0), (256, 32)), layout)
    out = ttnn.reshape(t, (1, 1, 64, 1024), memory_config=_mc(_W, _grid(0, 0, 7, 0), (64, 128)))
    assert out.memory_config().memory_layout == _W and out.memory_config().shard_spec.shape == (64, 128)
    np.testing.assert_array_equal(_host(out), x.reshape(1, 1, 64, 1024))


@pytest.mark.parametrize("shape,shard,grid,new,out_shard,out_grid", [
    ((1, 32, 512), (32, 128), (4, 1), (512, 32), (128, 32), (1, 4)),
    ((1, 1024, 1), (1024, 32), (1, 8), (1, 1024), (32, 1024), (8, 1))])
def test_reshape_block_sharded(device, shape, shard, grid, new, out_shard, out_grid):
    x = _data(shape, ttnn.bfloat16)
    imc = ttnn.create_sharded_memory_config(shape=shard, core_grid=ttnn.CoreGrid(x=grid[0], y=grid[1]),
                                            strategy=ttnn.ShardStrategy.BLOCK,
                                            use_height_and_width_as_shard_shape=True)
    omc = ttnn.create_sharded_memory_config(shape=out_shard, core_grid=ttnn.CoreGrid(x=out_grid[0], y=out_grid[1]),
                                            strategy=ttnn.ShardStrategy.BLOCK,
                                            use_height_and_width_as_shard_shape=True)
    t = _sharded(device, x, ttnn.bfloat16, imc, ttnn.TILE_LAYOUT)
    out = ttnn.reshape(t, new, memory_config=omc)
    assert out.is_sharded()
    np.testing.assert_array_equal(_host(out), x.reshape(new))


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_reshape_sharded_to_interleaved(device, layout):
    x = _data((1, 64, 64), ttnn.float32)
    t = _sharded(device, x, ttnn.float32, _mc(_H, _grid(0, 0, 1, 0), (32, 64)), layout)
    out = ttnn.reshape(t, (32, 128), memory_config=ttnn.DRAM_MEMORY_CONFIG)
    assert not out.is_sharded()
    np.testing.assert_array_equal(_host(out), x.reshape(32, 128))


def test_reshape_sharded_bfloat8_b(device):
    x = _data((1, 64, 64), ttnn.bfloat16)
    mc = _mc(_H, _grid(0, 0, 1, 0), (32, 64))
    t = _sharded(device, x, ttnn.bfloat8_b, mc, ttnn.TILE_LAYOUT)
    ref = _host(t).reshape(2, 32, 64)       # bfloat8_b keeps its values when tiles move whole (same block rows)
    out = ttnn.reshape(t, (2, 32, 64))
    assert out.is_sharded() and out.dtype == ttnn.bfloat8_b
    np.testing.assert_array_equal(_host(out), ref)


def test_recompute_shard_spec_for_output():
    grid = _grid(0, 0, 3, 3)
    block = _mc(_B, grid, (64, 64))
    # not explicit: the largest sub-grid dividing the physical shape in tiles
    mc = recompute_shard_spec_for_output(block, (96, 64), ttnn.bfloat16, ttnn.TILE_LAYOUT)
    assert mc.memory_layout == _B and tuple(mc.shard_spec.shape) == (32, 32)
    assert mc.shard_spec.grid.bounding_box().end == ttnn.CoreCoord(1, 2)
    # explicit, tile-aligned and covering: kept
    assert recompute_shard_spec_for_output(block, (96, 64), ttnn.bfloat16, ttnn.TILE_LAYOUT, True) is block
    # a non-rectangular grid: INTERLEAVED
    odd = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0)),
                             ttnn.CoreRange(ttnn.CoreCoord(0, 1), ttnn.CoreCoord(0, 1))})
    mc = recompute_shard_spec_for_output(_mc(_H, odd, (32, 32)), (96, 32), ttnn.bfloat16, ttnn.TILE_LAYOUT)
    assert not mc.is_sharded()
    # no shard spec and no input's: refused as tt-metal does
    with pytest.raises(RuntimeError, match="supplied without a shard_spec"):
        recompute_shard_spec_for_output(ttnn.MemoryConfig(_H, ttnn.BufferType.L1), (32, 32), ttnn.bfloat16,
                                        ttnn.TILE_LAYOUT)


# --------------------------------------------------------------------------------------------- experimental.view
def test_view_sharded_row_major_last_dim(device):
    x = _data((4, 2, 16, 64), ttnn.bfloat16)
    t = _sharded(device, x, ttnn.bfloat16, _mc(_H, _grid(0, 0, 3, 1), (16, 64)))
    v = ttnn.experimental.view(t, 4, 2, 32, 32)
    assert v.memory_config().shard_spec.shape == (32, 32)
    np.testing.assert_array_equal(_host(v), x.reshape(4, 2, 32, 32))


def test_view_sharded_row_major_refusals(device):
    t = _sharded(device, _data((1, 1, 8, 64), ttnn.bfloat16), ttnn.bfloat16, _mc(_B, _grid(0, 0, 1, 1), (4, 32)))
    with pytest.raises(RuntimeError, match="unless the shard width matches the input last dimension"):
        ttnn.experimental.view(t, 1, 1, 16, 32)
    t = _sharded(device, _data((1, 1, 8, 16), ttnn.bfloat16), ttnn.bfloat16, _mc(_H, _grid(0, 0, 0, 1), (4, 16)))
    with pytest.raises(NotModelledError, match="16-byte"):
        ttnn.experimental.view(t, 1, 1, 32, 4)


def test_pad_sharded_program_cache_rebinds_buffers(device, factories):
    """A second call with new tensors hits the cached programs, whose shard CBs are re-placed in the new buffers."""
    grid = _grid(0, 0, 1, 0)
    for seed in (3, 4):
        x = _data((1, 1, 8, 8), ttnn.int32, seed=seed)
        dummy = _sharded(device, x, ttnn.int32, _mc(_H, grid, (4, 8)))     # moves the next allocation
        t = _sharded(device, x, ttnn.int32, _mc(_H, grid, (4, 8)))
        out = ttnn.pad(t, (1, 1, 16, 16), (0, 0, 0, 0), 1)
        np.testing.assert_array_equal(_host(out), _np_pad(x, (0, 0, 0, 0), (1, 1, 16, 16), 1))
        dummy.deallocate()
    assert factories == ["width_only_factory", "height_only_factory"]      # built once, then cached


@pytest.mark.parametrize("out_mc", [None, "dram"])
def test_pad_tiled_sharded_fills_tile_padding(device, out_mc):
    """A pad inside the last tile: fill_implicit_tile_padding of the L1-sharded input, then a view (and, for an
    interleaved config, ttnn.to_memory_config)."""
    x = _data((1, 1, 62, 30), ttnn.bfloat16)
    mc = _mc(_H, _grid(0, 0, 0, 1), (32, 32))
    t = _sharded(device, x, ttnn.bfloat16, mc, ttnn.TILE_LAYOUT)
    out = ttnn.pad(t, [(0, 0), (0, 0), (0, 2), (0, 2)], 1.0,
                   memory_config=ttnn.DRAM_MEMORY_CONFIG if out_mc else None)
    assert out.is_sharded() == (out_mc is None)
    np.testing.assert_array_equal(_host(out), _np_pad(x, (0, 0, 0, 0), (1, 1, 64, 32), 1.0))
