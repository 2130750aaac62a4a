"""ttnn.permute of sharded tensors and binary ops on sharded ROW_MAJOR operands, as tt-metal 622c6fb9 runs them.

permute (permute/permute.cpp permute_impl, device/permute_device_operation.cpp compute_output_specs): a sharded 4-D
input runs the transpose chains tt-metal decomposes it into (WH, HC, HC+WH, WH+HC, WH+HC+WH, CN), the rest
prim::permute in the input's shard layout with the spec derived from the input's (or a fresh full-grid one); the
factories reach the shards through TensorAccessors, row-major rows through noc_async_*_sharded. Results are compared
bit for bit with numpy's transpose of the input's values.

binary (binary.cpp invoke_binary_ng_impl): row-major operands one of which is sharded are tilized in their own memory
config, the tiled op runs and its result is untilized back to ROW_MAJOR; compared bit for bit with the same op on
tiled interleaved copies, and against numpy."""


import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError

HS, WS, BS = ttnn.ShardStrategy.HEIGHT, ttnn.ShardStrategy.WIDTH, ttnn.ShardStrategy.BLOCK
RM, TILE = ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT
COL = ttnn.ShardOrientation.COL_MAJOR
RNG = np.random.default_rng(27)


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _sharded(shape, layout, device, strategy, grid, dtype=ttnn.bfloat16, orientation=ttnn.ShardOrientation.ROW_MAJOR):
    mc = ttnn.create_sharded_memory_config(shape, core_grid=grid, strategy=strategy, orientation=orientation)
    x = RNG.standard_normal(shape).astype(np.float32) * 8
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, device=device, memory_config=mc)


def _spec_mc(layout_kind, grid_xy, shard, orientation=ttnn.ShardOrientation.ROW_MAJOR):
    gx, gy = grid_xy
    crs = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(gx - 1, gy - 1))])
    return ttnn.MemoryConfig(layout_kind, ttnn.BufferType.L1, ttnn.ShardSpec(crs, shard, orientation))


def _check_perm(t, out, perm):
    exp = np.ascontiguousarray(ttnn.to_numpy(t).transpose(perm))
    got = ttnn.to_numpy(out)
    assert got.shape == exp.shape
    np.testing.assert_array_equal(got.view(np.uint8), exp.view(np.uint8), err_msg=str(perm))


def _program():
    return ttnn.op_report()[-1].program


# ------------------------------------------------------------------------------------------------ permute
# each 4-D order on a height-sharded row-major input: the program that runs last (a transpose of the chain or
# prim::permute's factory); None: tt-metal's chain reaches TransposeWHShardedRMProgramFactory with H = 4, refused
_RM_HEIGHT = {
    (0, 1, 3, 2): "transpose_wh_sharded_rm", (0, 2, 1, 3): "transpose_hc_sharded", (0, 2, 3, 1): None,
    (0, 3, 1, 2): "transpose_hc_sharded", (0, 3, 2, 1): None, (1, 0, 2, 3): "transpose_cn",
    (1, 2, 0, 3): "permute_rm_row_invariant", (1, 3, 2, 0): "permute_rm_blocked_generic",
    (2, 0, 1, 3): "permute_rm_row_invariant", (3, 2, 1, 0): "permute_rm_blocked_generic",
}


@pytest.mark.parametrize("perm", list(_RM_HEIGHT))
def test_permute_height_sharded_row_major(device, perm):
    t = _sharded((4, 4, 64, 64), RM, device, HS, ttnn.CoreGrid(x=4, y=2))
    prog = _RM_HEIGHT[perm]
    if prog is None:
        with pytest.raises(NotModelledError, match="TransposeWHShardedRMProgramFactory with H = 4"):
            ttnn.permute(t, perm)
        return
    out = ttnn.permute(t, perm)
    assert _program() == prog
    assert out.memory_config().memory_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED
    _check_perm(t, out, perm)


def test_permute_derives_the_output_spec(device):
    """prim::permute's compute_output_specs: the input's (512, 64) height shards scaled to the output's 2-D shape
    (rows x 4 / 4, width 64 -> 4: 512 * 16 / 1 rows ... per the ratios), kept in the input's grid."""
    t = _sharded((4, 4, 64, 64), RM, device, HS, ttnn.CoreGrid(x=4, y=2))
    spec = t.memory_config().shard_spec
    out = ttnn.permute(t, (1, 3, 2, 0))             # output (4, 64, 64, 4): height x 16, width / 16
    ospec = out.memory_config().shard_spec
    assert tuple(ospec.shape) == (spec.shape[0] * 16, spec.shape[1] // 16)
    assert set(ospec.grid) == set(spec.grid)
    out = ttnn.permute(t, (2, 0, 1, 3))             # rows permuted: the same 2-D shape, the same spec
    assert tuple(out.memory_config().shard_spec.shape) == tuple(spec.shape)


@pytest.mark.parametrize("strategy,grid", [(BS, ttnn.CoreGrid(x=4, y=2)), (WS, ttnn.CoreGrid(x=4, y=1))])
@pytest.mark.parametrize("perm", [(1, 0, 3, 2), (2, 0, 1, 3), (3, 1, 2, 0), (2, 3, 1, 0), (1, 0, 2, 3)])
def test_permute_block_width_sharded_row_major(device, strategy, grid, perm):
    """Rows split over the shards (noc_async_read_sharded / noc_async_write_sharded), 32-datum shard widths."""
    t = _sharded((2, 2, 64, 128), RM, device, strategy, grid)
    out = ttnn.permute(t, perm)
    _check_perm(t, out, perm)
    assert out.memory_config().memory_layout == t.memory_config().memory_layout


@pytest.mark.parametrize("perm", [(1, 0, 3, 2), (1, 2, 0, 3), (2, 0, 3, 1), (0, 2, 3, 1), (3, 0, 1, 2)])
@pytest.mark.parametrize("strategy,grid", [(HS, ttnn.CoreGrid(x=2, y=2)), (BS, ttnn.CoreGrid(x=2, y=2))])
def test_permute_sharded_tiles(device, perm, strategy, grid):
    t = _sharded((2, 2, 64, 64), TILE, device, strategy, grid)
    out = ttnn.permute(t, perm)
    _check_perm(t, out, perm)


def test_permute_col_major_orientation(device):
    t = _sharded((2, 4, 32, 64), RM, device, HS, ttnn.CoreGrid(x=2, y=2), orientation=COL)
    for perm in [(2, 0, 1, 3), (3, 1, 2, 0)]:
        out = ttnn.permute(t, perm)
        _check_perm(t, out, perm)
        assert out.memory_config().shard_spec.orientation == COL


def test_permute_ranks_3_and_5(device):
    t3 = _sharded((4, 64, 64), RM, device, HS, ttnn.CoreGrid(x=2, y=2))
    out = ttnn.permute(t3, (2, 0, 1))
    _check_perm(t3, out, (2, 0, 1))
    t5 = _sharded((2, 2, 2, 32, 64), TILE, device, HS, ttnn.CoreGrid(x=2, y=2))
    for perm in [(2, 0, 1, 3, 4), (0, 1, 2, 4, 3), (4, 1, 0, 2, 3)]:
        out = ttnn.permute(t5, perm)
        assert out.memory_config().memory_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED
        _check_perm(t5, out, perm)


def test_permute_interleaved_into_a_sharded_output(device):
    """test_permute_sharded's shape scaled down: an interleaved (or sharded) input into height shards."""
    shape, perm = (2, 8, 32, 64), (0, 2, 3, 1)
    out_shape = [shape[d] for d in perm]
    omc = ttnn.create_sharded_memory_config(out_shape, core_grid=ttnn.CoreGrid(x=4, y=2), strategy=HS)
    x = RNG.standard_normal(shape).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=RM, device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    out = ttnn.permute(t, perm, memory_config=omc)
    assert out.memory_config().shard_spec.shape == omc.shard_spec.shape
    _check_perm(t, out, perm)


def test_permute_irregular_block_sharded_row_major_is_unsharded_first(device):
    """permute_impl: a row-major BLOCK sharded input whose W is not a tile multiple goes to L1 interleaved first."""
    x = RNG.standard_normal((2, 2, 64, 48)).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=RM, device=device,
                        memory_config=_spec_mc(ttnn.TensorMemoryLayout.BLOCK_SHARDED, (2, 2), (128, 24)))
    out = ttnn.permute(t, (3, 1, 2, 0))
    assert not out.memory_config().is_sharded()
    _check_perm(t, out, (3, 1, 2, 0))


def test_permute_sharded_bfloat8_b(device):
    """Sharded inputs are not typecast (permute_impl): the tile-invariant permute moves bfloat8_b tiles whole,
    element-moving factories refuse bfloat8_b."""
    t = _sharded((2, 2, 64, 64), TILE, device, HS, ttnn.CoreGrid(x=2, y=2), dtype=ttnn.bfloat8_b)
    out = ttnn.permute(t, (1, 0, 3, 2))
    assert out.dtype == ttnn.bfloat8_b and _program() == "permute_tile_invariant"
    # transpose_wh regroups the datums' shared exponents: the device typecast of the permuted values
    exp = np.ascontiguousarray(ttnn.to_numpy(t).transpose(1, 0, 3, 2))
    ref = ttnn.typecast(ttnn.from_numpy(exp, dtype=ttnn.bfloat16, layout=TILE, device=device), ttnn.bfloat8_b)
    _same(out, ref)
    with pytest.raises(NotModelledError, match="bfloat8_b through the tile_row_invariant permute"):
        ttnn.permute(t, (2, 0, 1, 3))


def test_permute_sharded_refusals(device):
    # a 32-datum block straddling two 48-datum shard pages: tt-metal's noc_async_*_sharded sizes the rest wrongly
    x = RNG.standard_normal((2, 1, 64, 96)).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=RM, device=device,
                        memory_config=_spec_mc(ttnn.TensorMemoryLayout.WIDTH_SHARDED, (2, 1), (128, 48)))
    with pytest.raises(NotModelledError, match="48-datum shard width"):
        ttnn.permute(t, (3, 1, 2, 0))
    out = ttnn.permute(t, (2, 1, 0, 3))             # row-invariant: whole rows from offset 0 split correctly
    _check_perm(t, out, (2, 1, 0, 3))
    # ttnn::permute's TT_FATAL on a row-major sharded output whose shard rows are not 16-byte multiples
    r = _sharded((2, 2, 32, 64), RM, device, HS, ttnn.CoreGrid(x=2, y=1))
    bad = _spec_mc(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, (2, 1), (64, 20))
    with pytest.raises(ttnn.TTNNError, match="Shard page size must be aligned to 16B"):
        ttnn.permute(r, (2, 0, 1, 3), memory_config=bad)


# ------------------------------------------------------------------------------------------------- binary
def _rm_sharded(shape, shard, device, kind=ttnn.TensorMemoryLayout.HEIGHT_SHARDED, grid=(1, 2)):
    x = (RNG.standard_normal(shape) * 20).astype(np.float32)
    mc = _spec_mc(kind, grid, shard)
    return ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=RM, device=device, memory_config=mc), mc


def _tiled_copy(t, device):
    return ttnn.from_numpy(ttnn.to_numpy(t), dtype=t.dtype, layout=TILE, device=device)


def _same(got, ref):
    np.testing.assert_array_equal(ttnn.to_numpy(got).view(np.uint8), ttnn.to_numpy(ref).view(np.uint8))


def test_binary_sharded_row_major_scalar(device):
    """test_binary_sharded_scalar_row_major: tilized in the shard config, added, untilized back."""
    a, mc = _rm_sharded((640, 32), (320, 32), device)
    out = ttnn.add(a, -0.25)
    assert out.layout == RM and out.memory_config() == mc
    _same(out, ttnn.add(_tiled_copy(a, device), -0.25))
    np.testing.assert_allclose(ttnn.to_numpy(out), ttnn.to_numpy(a) - 0.25, rtol=1e-2, atol=1e-2)


@pytest.mark.parametrize("kind,grid,shard", [(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, (1, 2), (64, 96)),
                                             (ttnn.TensorMemoryLayout.BLOCK_SHARDED, (3, 2), (64, 32)),
                                             (ttnn.TensorMemoryLayout.WIDTH_SHARDED, (3, 1), (128, 32))])
def test_binary_sharded_row_major_tensors(device, kind, grid, shard):
    a, mc = _rm_sharded((128, 96), shard, device, kind, grid)
    b, _ = _rm_sharded((128, 96), shard, device, kind, grid)
    for op in (ttnn.add, ttnn.mul, ttnn.subtract):
        out = op(a, b)
        assert out.layout == RM and out.memory_config() == mc
        _same(out, op(_tiled_copy(a, device), _tiled_copy(b, device)))


def test_binary_sharded_with_interleaved_row_major(device):
    """One operand sharded, the other row-major interleaved: both tilized; the result follows the sharded one."""
    a, mc = _rm_sharded((64, 64), (32, 64), device)
    x = (RNG.standard_normal((64, 64)) * 5).astype(np.float32)
    b = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=RM, device=device)
    out = ttnn.add(a, b)
    assert out.layout == RM
    _same(out, ttnn.add(_tiled_copy(a, device), _tiled_copy(b, device)))
    # into an interleaved output config
    out2 = ttnn.multiply(a, b, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert out2.layout == RM and not out2.memory_config().is_sharded()
    _same(out2, ttnn.multiply(_tiled_copy(a, device), _tiled_copy(b, device)))


def test_binary_sharded_row_major_invalid_shards(device):
    """test_binary_sharded_invalid_row_major_layout: [32, 33] shards cannot be tilized (TensorLayout's check)."""
    a, mc = _rm_sharded((64, 33), (32, 33), device)
    b, _ = _rm_sharded((64, 33), (32, 33), device)
    with pytest.raises(ttnn.TTNNError, match=r"Physical shard shape \[32, 33\] must be tile \[32, 32\] sized"):
        ttnn.add(a, b, memory_config=mc)
    with pytest.raises(ttnn.TTNNError, match="must be tile"):
        ttnn.add(a, 1.0)
