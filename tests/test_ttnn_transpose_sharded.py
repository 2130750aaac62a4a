"""ttnn.transpose of sharded tensors as tt-metal 622c6fb9 runs them (transpose.cpp transpose_impl / transpose_,
transpose_device_operation.cpp select_program_factory, transpose_utils.cpp): the output memory config derived from
the input's shard spec, native sharding on TransposeWHShardedProgramFactory, everything else on the interleaved
factories through TensorAccessors, compared bit for bit against numpy's transpose of the input's values; and the
paths tensix does not port raising NotModelledError."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError

H, W, B = ttnn.ShardStrategy.HEIGHT, ttnn.ShardStrategy.WIDTH, ttnn.ShardStrategy.BLOCK
GRID = ttnn.CoreGrid(x=2, y=4)
RNG = np.random.default_rng(11)


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _data(shape, dtype):
    if dtype == ttnn.int32:
        return RNG.integers(-2**31, 2**31 - 1, shape, dtype=np.int64)
    return RNG.standard_normal(shape).astype(np.float32) * 10


def _sharded(shape, dtype, layout, device, strategy, grid=GRID, orientation=ttnn.ShardOrientation.ROW_MAJOR):
    mc = ttnn.create_sharded_memory_config(shape, core_grid=grid, strategy=strategy, orientation=orientation)
    return ttnn.from_numpy(_data(shape, dtype), dtype=dtype, layout=layout, device=device, memory_config=mc), mc


def _check(t, out, d1, d2):
    """Bit-exact against numpy's transpose of the values the input holds; bfloat8_b (the transposed rows get new
    shared exponents from the packer, as in the interleaved tests): the device typecast of the transposed values."""
    exp = np.ascontiguousarray(np.swapaxes(ttnn.to_numpy(t), d1, d2))
    if t.dtype == ttnn.bfloat8_b:
        ref = ttnn.from_numpy(exp, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=t.device())
        exp = ttnn.to_numpy(ttnn.typecast(ref, ttnn.bfloat8_b))
    got = ttnn.to_numpy(out)
    assert got.shape == exp.shape
    np.testing.assert_array_equal(got.view(np.uint8), exp.view(np.uint8))


def _program():
    return ttnn.op_report()[-1].program


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
def test_native_wh_tile_width_promotion(device, dtype):
    """N = C = 1, full-width height shards: the output is WIDTH_SHARDED with the shard shape swapped
    (transpose_'s promotion), on TransposeWHShardedProgramFactory."""
    t, mc = _sharded((1, 1, 256, 64), dtype, ttnn.TILE_LAYOUT, device, H)
    out = ttnn.transpose(t, 2, 3)
    assert _program() == "transpose_wh_sharded"
    omc = out.memory_config()
    assert omc.memory_layout == ttnn.TensorMemoryLayout.WIDTH_SHARDED
    assert omc.shard_spec.shape == (64, 32) and omc.shard_spec.grid == mc.shard_spec.grid
    assert out.dtype == dtype
    _check(t, out, 2, 3)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_native_wh_tile_whole_blocks(device, dtype):
    """Height shards holding whole H x W planes: the output keeps HEIGHT_SHARDED with the spec scaled
    (adjust_shard_spec_to_shape), several blocks per shard transposed in place."""
    t, mc = _sharded((2, 4, 64, 96), dtype, ttnn.TILE_LAYOUT, device, H)
    assert mc.shard_spec.shape == (64, 96)
    out = ttnn.transpose(t, -1, -2)
    assert _program() == "transpose_wh_sharded"
    assert out.memory_config().shard_spec.shape == (96, 64)
    assert out.memory_config().memory_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED
    _check(t, out, 2, 3)
    again = ttnn.transpose(t, 2, 3)                     # the cached program, its CBs rebound to the new output
    assert ttnn.op_report()[-1].cache_hit
    _check(t, again, 2, 3)


def test_native_wh_col_major_custom_grid(device):
    """tt-metal's test_transpose_hw_sharded_tiled_8_cores: a COL_MAJOR grid of two ranges, output asked
    WIDTH_SHARDED with an explicit spec."""
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 6)),
                              ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(1, 0))})
    in_mc = ttnn.create_sharded_memory_config((32, 32), core_grid=grid, strategy=H,
                                              orientation=ttnn.ShardOrientation.COL_MAJOR,
                                              use_height_and_width_as_shard_shape=True)
    out_mc = ttnn.create_sharded_memory_config((32, 32), core_grid=grid, strategy=W,
                                               orientation=ttnn.ShardOrientation.COL_MAJOR,
                                               use_height_and_width_as_shard_shape=True)
    t = ttnn.from_numpy(_data((1, 1, 256, 32), ttnn.bfloat16), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                        device=device, memory_config=in_mc)
    out = ttnn.transpose(t, 2, 3, memory_config=out_mc)
    assert _program() == "transpose_wh_sharded"
    assert out.memory_config() == out_mc
    _check(t, out, 2, 3)


@pytest.mark.parametrize("strategy", [H, B])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32])
def test_non_native_tile_paths(device, strategy, dtype):
    """Shards not holding whole planes, or BLOCK sharding: the interleaved WH / HC / CN factories over the sharded
    buffers; the output keeps the input's layout with the spec scaled."""
    shape = (1, 2, 256, 256)
    t, mc = _sharded(shape, dtype, ttnn.TILE_LAYOUT, device, strategy)
    for (d1, d2), prog in (((2, 3), "transpose_wh"), ((1, 2), "transpose_hc_tiled"), ((0, 1), "transpose_cn")):
        out = ttnn.transpose(t, d1, d2, memory_config=mc if (d1, d2) == (2, 3) else None)
        assert _program() == prog
        assert out.memory_config().memory_layout == mc.memory_layout
        _check(t, out, d1, d2)


def test_non_native_bfloat8_b_and_odd_shape(device):
    """bfloat8_b WH / CN stay bfloat8_b; an odd logical shape (tile padding) on a BLOCK-sharded input."""
    t, _ = _sharded((1, 2, 256, 256), ttnn.bfloat8_b, ttnn.TILE_LAYOUT, device, B)
    for d in ((2, 3), (0, 1)):
        out = ttnn.transpose(t, *d)
        assert out.dtype == ttnn.bfloat8_b
        _check(t, out, *d)
    x = _data((2, 3, 50, 70), ttnn.float32)
    mc = ttnn.create_sharded_memory_config((2, 3, 64, 96), core_grid=ttnn.CoreGrid(x=3, y=6), strategy=B)
    t = ttnn.from_numpy(x, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    for d in ((2, 3), (1, 2), (0, 1)):
        _check(t, ttnn.transpose(t, *d), *d)


def test_sharded_output_from_interleaved_input(device):
    """An interleaved input and a sharded memory_config without a spec: derive_effective_output_memory_config
    generates one over the full grid (generate_transpose_shard_spec)."""
    x = _data((1, 1, 64, 2048), ttnn.bfloat16)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1)
    out = ttnn.transpose(t, 2, 3, memory_config=mc)
    spec = out.memory_config().shard_spec
    assert spec.shape == (32, 64) and spec.num_cores() == 64
    assert spec.orientation == ttnn.ShardOrientation.ROW_MAJOR
    assert _program() == "transpose_wh"
    _check(t, out, 2, 3)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32])
def test_cn_row_major_height_sharded(device, dtype):
    """A sharded row-major CN goes to TransposeCNProgramFactory (CN_RM, row pages) rather than prim::permute."""
    t, mc = _sharded((2, 3, 64, 64), dtype, ttnn.ROW_MAJOR_LAYOUT, device, H)
    out = ttnn.transpose(t, 0, 1)
    assert _program() == "transpose_cn"
    assert out.memory_config() == mc
    _check(t, out, 0, 1)


def test_fallback_to_l1_interleaved(device):
    """A native input whose spec does not scale to a tile-aligned output shard: L1 interleaved output."""
    t, _ = _sharded((1, 2, 32, 256), ttnn.bfloat16, ttnn.TILE_LAYOUT, device, H, grid=ttnn.CoreGrid(x=2, y=1))
    out = ttnn.transpose(t, 1, 2)           # HC: [1, 32, 32(2), 256]: shard 32 * 1024 / 64 = 512 rows: scales
    assert out.memory_config().is_sharded()
    _check(t, out, 1, 2)
    t, _ = _sharded((1, 1, 64, 64), ttnn.bfloat16, ttnn.TILE_LAYOUT, device, H, grid=ttnn.CoreGrid(x=2, y=1))
    out = ttnn.transpose(t, 0, 1)           # CN of N = C = 1: the input returned as is
    assert out.memory_config().is_sharded()


def test_irregular_rm_block_is_unsharded_first(device):
    """transpose_impl's workaround: an irregular ROW_MAJOR block-sharded input goes to L1 interleaved first, then
    the interleaved row-major path (prim::permute)."""
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.BLOCK_SHARDED, ttnn.BufferType.L1,
                           ttnn.ShardSpec(ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0),
                                                                            ttnn.CoreCoord(1, 1))}),
                                          (30, 24), ttnn.ShardOrientation.ROW_MAJOR))
    x = _data((1, 2, 30, 48), ttnn.bfloat16)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device, memory_config=mc)
    out = ttnn.transpose(t, 2, 3)
    assert _program() == "permute_rm_blocked_generic"
    assert not out.memory_config().is_sharded()
    _check(t, out, 2, 3)


def test_refusals(device):
    """The factories tensix does not port raise NotModelledError naming them."""
    # (the row-major sharded paths run now: tests/test_ttnn_transpose_sharded_rm.py)
    t, _ = _sharded((1, 1, 256, 64), ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT, device, H)
    with pytest.raises(NotModelledError, match="TransposeWHShardedRMProgramFactory"):
        ttnn.transpose(t, 2, 3)
    ti, _ = _sharded((1, 2, 128, 64), ttnn.bfloat16, ttnn.TILE_LAYOUT, device, H)
    _check(ti, ttnn.transpose(ti, 0, 3), 0, 3)  # NW goes to ttnn.permute (sharded: tests/test_ttnn_permute_binary_sharded.py)


def test_native_wh_int32_needs_a_32_bit_dst(device):
    """TransposeWHShardedProgramFactory enables fp32_dest_acc_en for Float32 only; int32 tiles through a 16-bit Dst
    are not modelled (the simulator's transpose_wh_tile refuses them) rather than returned altered."""
    t, _ = _sharded((1, 1, 256, 64), ttnn.int32, ttnn.TILE_LAYOUT, device, H)
    with pytest.raises(NotModelledError, match="32-bit Dst"):
        ttnn.transpose(t, 2, 3)
