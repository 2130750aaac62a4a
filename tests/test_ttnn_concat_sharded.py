"""ttnn.concat of sharded tensors (tt-metal 622c6fb9's ConcatS2SRMProgramFactory, ConcatS2STiledProgramFactory and
ConcatS2SMultiProgramFactory, chosen as select_program_factory chooses them, and ConcatDeviceOperation's validation)
against numpy: width concat of height-sharded tensors and height concat of width-sharded ones, both layouts, both
shard orientations, partial last shards, outer dims > 1, groups (row-major and tiled), every dtype the programs move
(bfloat8_b through its bfloat16 transposes), the program cache, and the refusals (tt-metal's validation errors and
the cases tensix does not model)."""

import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(27)
HEIGHT = ttnn.TensorMemoryLayout.HEIGHT_SHARDED
WIDTH = ttnn.TensorMemoryLayout.WIDTH_SHARDED
ROW, COL = ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR
RM, TILE = ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT


def _grid(x0, y0, x1, y1):
    return ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))})


def _mc(kind, grid, shard, orient=ROW):
    return ttnn.MemoryConfig(kind, ttnn.BufferType.L1, ttnn.ShardSpec(grid, shard, orient))


def _data(shape, dtype):
    if dtype == ttnn.int32:
        return RNG.integers(-2**31, 2**31 - 1, shape, dtype=np.int64)
    if dtype == ttnn.uint32:
        return RNG.integers(0, 2**32 - 1, shape, dtype=np.int64)
    if dtype == ttnn.uint16:
        return RNG.integers(0, 65535, shape, dtype=np.int64)
    return RNG.standard_normal(shape) * 10


def _inputs(device, shapes, shards, dtype, layout, kind, grid, orient=ROW):
    xs = [_data(s, dtype) for s in shapes]
    ts = [ttnn.from_numpy(x, dtype=dtype, layout=layout, device=device, memory_config=_mc(kind, grid, sh, orient))
          for x, sh in zip(xs, shards)]
    return [ttnn.to_numpy(t) for t in ts], ts       # the values as stored (bfloat16 / bfloat8_b rounding)


def _grouped(xs, dim, groups):
    """ttnn.concat's golden function with groups: each input cut into `groups` pieces along dim, the pieces of
    group g of every input side by side, group after group."""
    parts = [np.split(x, groups, axis=dim) for x in xs]
    return np.concatenate([p for g in zip(*parts) for p in g], axis=dim)


def _tf32(x):
    return (np.asarray(x, np.float32).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def _check(device, shapes, shards, out_shard, dim, dtype, layout, kind, grid, orient=ROW, groups=1):
    xs, ts = _inputs(device, shapes, shards, dtype, layout, kind, grid, orient)
    y = ttnn.concat(ts, dim, memory_config=_mc(kind, grid, out_shard, orient), groups=groups)
    assert y.is_sharded() and y.memory_config().memory_layout == kind
    want = _grouped(xs, dim, groups)
    if dtype == ttnn.float32 and ttnn.op_report()[-1].program == "concat_s2s_tiled":
        # the tiled program's transpose_wh unpacks float32 through SrcA (the factory asks for a 32-bit Dst but no
        # UnpackToDestFp32), so the values keep TF32's 10 mantissa bits, as on the card
        want = _tf32(want)
    np.testing.assert_array_equal(ttnn.to_numpy(y), want)
    return ttnn.op_report()[-1]


# --------------------------------------------------------------------------- ConcatS2SRMProgramFactory
@pytest.mark.parametrize("orient", [ROW, COL])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32, ttnn.uint32, ttnn.uint16])
def test_s2s_rm_width_concat(device, dtype, orient):
    r = _check(device, [(1, 1, 128, 64), (1, 1, 128, 32)], [(32, 64), (32, 32)], (32, 96), 3, dtype, RM, HEIGHT,
               _grid(0, 0, 1, 1), orient)
    assert (r.op, r.program, r.cores) == ("ttnn.concat", "concat_s2s_rm", 4)


@pytest.mark.parametrize("orient", [ROW, COL])
def test_s2s_rm_partial_last_shard(device, orient):
    """96 rows in shards of 64: the last core (in the shard orientation's order) gets the other 32 rows."""
    r = _check(device, [(1, 1, 96, 64), (1, 1, 96, 32)], [(64, 64), (64, 32)], (64, 96), -1, ttnn.bfloat16, RM,
               HEIGHT, _grid(0, 0, 0, 1), orient)
    assert r.program == "concat_s2s_rm"


def test_s2s_rm_outer_dims(device):
    """Outer dims > 1: the rows of every (n, c) plane; the factory's leftover count (padded_shape[-2] % shard
    height) lands on a core without a shard, so every shard is copied whole."""
    _check(device, [(2, 1, 48, 64), (2, 1, 48, 32)], [(32, 64), (32, 32)], (32, 96), 3, ttnn.bfloat16, RM, HEIGHT,
           _grid(0, 0, 1, 1))
    _check(device, [(2, 3, 32, 32), (2, 3, 32, 16)], [(32, 32), (32, 16)], (32, 48), 3, ttnn.int32, RM, HEIGHT,
           _grid(0, 0, 2, 1))


@pytest.mark.parametrize("groups", [1, 2, 4])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32])
def test_s2s_rm_groups(device, dtype, groups):
    r = _check(device, [(1, 1, 64, 64), (1, 1, 64, 128)], [(16, 64), (16, 128)], (16, 192), 3, dtype, RM, HEIGHT,
               _grid(0, 0, 3, 0), groups=groups)
    assert r.program == "concat_s2s_rm"


# ------------------------------------------------------------------------ ConcatS2STiledProgramFactory
@pytest.mark.parametrize("orient", [ROW, COL])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32, ttnn.uint32, ttnn.bfloat8_b])
def test_s2s_tiled_width_concat(device, dtype, orient):
    r = _check(device, [(1, 2, 64, 64), (1, 2, 64, 96)], [(32, 64), (32, 96)], (32, 160), 3, dtype, TILE, HEIGHT,
               _grid(0, 0, 1, 1), orient)
    assert (r.program, r.cores) == ("concat_s2s_tiled", 4)


@pytest.mark.parametrize("groups", [1, 2, 4])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.bfloat8_b])
def test_s2s_tiled_groups(device, dtype, groups):
    """Groups of 16 columns and more: two faces of a transposed tile at least."""
    r = _check(device, [(1, 1, 128, 64), (1, 1, 128, 128)], [(64, 64), (64, 128)], (64, 192), 3, dtype, TILE,
               HEIGHT, _grid(0, 0, 0, 1), groups=groups)
    assert r.program == "concat_s2s_tiled"


def test_s2s_tiled_long_rows(device):
    """Rows wider than the Dst batch (8 bfloat16 / 4 int32 tiles) are transposed a tile at a time."""
    for dtype in (ttnn.bfloat16, ttnn.int32):
        _check(device, [(1, 1, 32, 320), (1, 1, 32, 288)], [(32, 320), (32, 288)], (32, 608), 3, dtype, TILE,
               HEIGHT, _grid(0, 0, 0, 0))


# ------------------------------------------------------------------------ ConcatS2SMultiProgramFactory
@pytest.mark.parametrize("orient", [ROW, COL])
@pytest.mark.parametrize("layout", [RM, TILE])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32])
def test_s2s_multi_width_concat(device, dtype, layout, orient):
    r = _check(device, [(1, 1, 128, 96), (1, 1, 128, 64), (1, 1, 128, 32)], [(32, 96), (32, 64), (32, 32)],
               (32, 192), 3, dtype, layout, HEIGHT, _grid(0, 0, 1, 1), orient)
    assert (r.program, r.cores) == ("concat_s2s_multi", 4)


@pytest.mark.parametrize("orient", [ROW, COL])
@pytest.mark.parametrize("layout", [RM, TILE])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.uint32])
def test_s2s_multi_height_concat(device, dtype, layout, orient):
    hs = (32, 64, 96) if layout == TILE else (8, 7, 23)
    r = _check(device, [(1, 1, h, 128) for h in hs], [(h, 32) for h in hs], (sum(hs), 32), 2, dtype, layout, WIDTH,
               _grid(0, 0, 1, 1), orient)
    assert r.program == "concat_s2s_multi"


def test_s2s_multi_outer_dims_width_concat(device):
    _check(device, [(2, 2, 32, 32)] * 3, [(64, 32)] * 3, (64, 96), 3, ttnn.bfloat16, TILE, HEIGHT,
           _grid(0, 0, 1, 0))


# ------------------------------------------------------------------------------------------ program cache
def test_cached_program_rebinds_buffers(device):
    """A second call with new tensors of the same specs runs the cached program on the new buffers."""
    args = ([(1, 1, 64, 64), (1, 1, 64, 64)], [(32, 64), (32, 64)], (32, 128), 3, ttnn.bfloat16)
    for layout in (RM, TILE):
        _check(device, *args, layout, HEIGHT, _grid(0, 0, 1, 0))
        r = _check(device, *args, layout, HEIGHT, _grid(0, 0, 1, 0))
        assert r.cache_hit
    shapes = [(1, 1, 32, 128)] * 3
    _check(device, shapes, [(32, 32)] * 3, (96, 32), 2, ttnn.int32, RM, WIDTH, _grid(0, 0, 3, 0))
    assert _check(device, shapes, [(32, 32)] * 3, (96, 32), 2, ttnn.int32, RM, WIDTH, _grid(0, 0, 3, 0)).cache_hit


# ------------------------------------------------------------------------------------------------ refusals
def _two(device, shape=(1, 1, 64, 64), shard=(32, 64), kind=HEIGHT, grid=None, layout=TILE, dtype=ttnn.bfloat16):
    grid = grid or _grid(0, 0, 1, 0)
    return _inputs(device, [shape, shape], [shard, shard], dtype, layout, kind, grid)[1]


def test_validation_errors(device):
    g = _grid(0, 0, 1, 0)
    a, b = _two(device)
    out = _mc(HEIGHT, g, (32, 128))
    with pytest.raises(ttnn.TTNNError, match="Sharded output and inputs must have the same memory layout"):
        ttnn.concat([a, b], 3)                                  # sharded -> interleaved (S2I is unreachable)
    with pytest.raises(ttnn.TTNNError, match="Sharded output and inputs must have the same grid"):
        ttnn.concat([a, b], 3, memory_config=_mc(HEIGHT, _grid(0, 0, 0, 1), (32, 128)))
    with pytest.raises(ttnn.TTNNError, match="Only support height concat on width-sharded tensors"):
        ttnn.concat([a, b], 2, memory_config=_mc(HEIGHT, g, (64, 64)))
    with pytest.raises(ttnn.TTNNError, match="Only width or height concat on sharded tensors"):
        ttnn.concat([a, b], 1, memory_config=out)
    i = ttnn.from_numpy(_data((1, 1, 64, 64), ttnn.bfloat16), dtype=ttnn.bfloat16, layout=TILE, device=device)
    with pytest.raises(ttnn.TTNNError, match="All tensors must be sharded or all must be interleaved"):
        ttnn.concat([a, i], 3, memory_config=out)
    with pytest.raises(ttnn.TTNNError, match="All tensors must be sharded or all must be interleaved"):
        ttnn.concat([i, a], 3)
    with pytest.raises(ttnn.TTNNError, match="Cannot concat interleaved inputs into a sharded output"):
        ttnn.concat([i, i], 3, memory_config=out)
    c = _two(device, grid=_grid(0, 0, 0, 1))[0]
    with pytest.raises(ttnn.TTNNError, match="Sharded tensors must have the same grid"):
        ttnn.concat([a, c], 3, memory_config=out)
    f = _two(device, dtype=ttnn.float32)[0]
    with pytest.raises(ttnn.TTNNError, match="same dtypes"):
        ttnn.concat([a, f], 3, memory_config=out)
    r = _two(device, layout=RM)[0]
    with pytest.raises(ttnn.TTNNError, match="same layouts"):
        ttnn.concat([a, r], 3, memory_config=out)
    w = _two(device, shape=(1, 1, 64, 64), shard=(64, 32), kind=WIDTH)
    with pytest.raises(ttnn.TTNNError, match="Width sharded inputs are not supported for two tensors concat"):
        ttnn.concat(w, 2, memory_config=_mc(WIDTH, g, (128, 32)))
    with pytest.raises(ttnn.TTNNError, match="Sharded tensors must have the same memory layout"):
        ttnn.concat([a, w[0], w[1]], 3, memory_config=out)
    w3 = w + [w[0]]
    with pytest.raises(ttnn.TTNNError, match="Only support width concat on height-sharded tensors"):
        ttnn.concat(w3, 3, memory_config=_mc(WIDTH, g, (64, 96)))
    with pytest.raises(ttnn.TTNNError, match="Groups > 1 is only supported on height-sharded tensors"):
        ttnn.concat(w3, 2, memory_config=_mc(WIDTH, g, (192, 32)), groups=2)
    blk = _two(device, shard=(32, 32), kind=ttnn.TensorMemoryLayout.BLOCK_SHARDED, grid=_grid(0, 0, 1, 1))
    with pytest.raises(ttnn.TTNNError, match="Block sharded inputs are not supported"):
        ttnn.concat(blk, 3, memory_config=_mc(ttnn.TensorMemoryLayout.BLOCK_SHARDED, _grid(0, 0, 1, 1), (32, 64)))


def test_factory_checks(device):
    """ConcatS2STiledProgramFactory's own checks (also where select_program_factory sends a row-major pair whose
    widths groups does not divide)."""
    g = _grid(0, 0, 0, 0)
    a, b = _inputs(device, [(1, 1, 32, 32)] * 2, [(32, 32)] * 2, ttnn.bfloat16, TILE, HEIGHT, g)[1]
    with pytest.raises(ttnn.TTNNError, match="Group size must be at least 16 for input0"):
        ttnn.concat([a, b], 3, memory_config=_mc(HEIGHT, g, (32, 64)), groups=4)
    a, b = _inputs(device, [(1, 1, 32, 32), (1, 1, 32, 64)], [(32, 32), (32, 64)], ttnn.bfloat16, RM, HEIGHT, g)[1]
    with pytest.raises(ttnn.TTNNError, match="Input tensor 0 columns must be evenly divisible by groups"):
        ttnn.concat([a, b], 3, memory_config=_mc(HEIGHT, g, (32, 96)), groups=3)


def test_not_modelled(device):
    g = _grid(0, 0, 1, 0)
    xs = _inputs(device, [(1, 1, 64, 64)] * 3, [(32, 64)] * 3, ttnn.bfloat16, RM, HEIGHT, g)[1]
    with pytest.raises(tensix.NotModelledError, match="ignores groups"):
        ttnn.concat(xs, 3, memory_config=_mc(HEIGHT, g, (32, 192)), groups=2)
    r3 = _inputs(device, [(1, 64, 64)] * 2, [(32, 64)] * 2, ttnn.bfloat16, RM, HEIGHT, g)[1]
    with pytest.raises(tensix.NotModelledError, match="literal dim indices"):
        ttnn.concat(r3, 2, memory_config=_mc(HEIGHT, g, (32, 128)))
    r2 = _inputs(device, [(64, 64)] * 2, [(32, 64)] * 2, ttnn.bfloat16, RM, HEIGHT, g)[1]
    with pytest.raises(tensix.NotModelledError, match="interleaved ConcatProgramFactory"):
        ttnn.concat(r2, 1, memory_config=_mc(HEIGHT, g, (32, 128)))
    d = _inputs(device, [(1, 1, 64, 64), (1, 1, 64, 32), (1, 1, 64, 32)], [(32, 64), (64, 32), (32, 32)],
                ttnn.bfloat16, TILE, HEIGHT, g)[1]
    with pytest.raises(tensix.NotModelledError, match="shard heights differ"):
        ttnn.concat(d, 3, memory_config=_mc(HEIGHT, g, (32, 128)))
    w = _inputs(device, [(2, 1, 8, 64)] * 3, [(16, 32)] * 3, ttnn.bfloat16, RM, WIDTH, g)[1]
    with pytest.raises(tensix.NotModelledError, match="outer dims"):
        ttnn.concat(w, 2, memory_config=_mc(WIDTH, g, (48, 32)))
    # 2 x 40 rows in shards of 32 on 3 cores: the last core's shard holds 16 rows, the factory gives it 40 % 32 = 8
    p = _inputs(device, [(2, 1, 40, 32)] * 2, [(32, 32)] * 2, ttnn.bfloat16, RM, HEIGHT, _grid(0, 0, 2, 0))[1]
    with pytest.raises(tensix.NotModelledError, match="unwritten"):
        ttnn.concat(p, 3, memory_config=_mc(HEIGHT, _grid(0, 0, 2, 0), (32, 64)))
