"""Reductions of sharded tensors and on sub_core_grids, and ttnn.fill_implicit_tile_padding of sharded tensors
(tensix.ttnn.operations.reduction), as tt-metal 622c6fb9 runs them:
- a sharded input goes through the same W / H / HW programs (their readers and writers reach the shards through
  TensorAccessors), so the results must be bit-identical to the interleaved ones, and close to float64 numpy;
- the output's memory config is build_reduce_output_tensor_spec's (height / width / block sharded over the output
  config's grid, else the input's; ND sharded: the reduced shard dims 1, aligned to the tile);
- sub_core_grids choose the cores (split_work_to_cores over the CoreRangeSet) but not the numbers;
- an L1-sharded tensor's tile padding is filled by FillPadL1ShardedProgramFactory on each shard's own core.
Tile padding is first set to -42 (as tt-metal's tests do) and never counts."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _grid(x0, y0, x1, y1):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))])


def _height(shape_hw, cores_y):
    return ttnn.create_sharded_memory_config(shape=shape_hw, core_grid=ttnn.CoreGrid(x=1, y=cores_y),
                                             strategy=ttnn.ShardStrategy.HEIGHT,
                                             use_height_and_width_as_shard_shape=True)


def _block(shape, x, y):
    return ttnn.create_sharded_memory_config(shape=shape, core_grid=ttnn.CoreGrid(x=x, y=y),
                                             strategy=ttnn.ShardStrategy.BLOCK)


def _width(shape_hw, cores_x):
    return ttnn.create_sharded_memory_config(shape=shape_hw, core_grid=ttnn.CoreGrid(x=cores_x, y=1),
                                             strategy=ttnn.ShardStrategy.WIDTH,
                                             use_height_and_width_as_shard_shape=True)


def _padded(x, pad=-42.0):
    """x with its last two dims padded up to tiles with `pad`."""
    h, w = x.shape[-2:]
    out = np.full(x.shape[:-2] + (-(-h // 32) * 32, -(-w // 32) * 32), pad, np.float32)
    out[..., :h, :w] = x
    return out


def _both(device, x, dtype, mc):
    """The same values interleaved (DRAM) and with memory config mc, tile padding -42 in both."""
    a = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    b = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    return ttnn.fill_implicit_tile_padding(a, -42.0), ttnn.fill_implicit_tile_padding(b, -42.0)


CASES = [
    # (shape, memory config, dims)
    ((1, 100, 160), _height((32, 160), 4), -1),
    ((1, 100, 160), _height((32, 160), 4), -2),
    ((1, 100, 160), _height((32, 160), 4), [-2, -1]),
    ((1, 256, 160), _block((1, 256, 160), 5, 8), -1),
    ((1, 256, 160), _block((1, 256, 160), 5, 8), -2),
    ((2, 64, 96), _width((128, 32), 3), -1),
]


@pytest.mark.parametrize("shape,mc,dim", CASES, ids=["height-W", "height-H", "height-HW", "block-W", "block-H",
                                                     "width-W"])
@pytest.mark.parametrize("kind", ["sum", "mean", "max", "min"])
def test_sharded_input_matches_interleaved_and_numpy(device, shape, mc, dim, kind):
    rng = np.random.default_rng(1)
    x = rng.uniform(-2, 2, shape).astype(np.float32)
    a, b = _both(device, x, ttnn.bfloat16, mc)
    fn = getattr(ttnn, kind)
    want = np.asarray(ttnn.to_numpy(fn(a, dim=dim, keepdim=True, memory_config=ttnn.DRAM_MEMORY_CONFIG)))
    got_t = fn(b, dim=dim, keepdim=True, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    got = np.asarray(ttnn.to_numpy(got_t))
    np.testing.assert_array_equal(got, want)
    assert not got_t.is_sharded()
    xb = np.asarray(ttnn.to_numpy(a)).astype(np.float64)      # the bfloat16 input values
    axes = tuple(d % len(shape) for d in (dim if isinstance(dim, list) else [dim]))
    ref = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min}[kind](xb, axis=axes, keepdims=True)
    n = int(np.prod([shape[d] for d in axes]))
    tol = 2.0 ** -7 * (np.abs(xb).max() * (n if kind == "sum" else 1)) ** 1 * 0.05 + np.abs(ref) * 2.0 ** -7
    assert np.all(np.abs(got - ref) <= tol)


def test_sharded_output_specs(device):
    """build_reduce_output_tensor_spec: a HEIGHT_SHARDED (32, 160) input on 4 cores reduced over W keeps its grid,
    the shard shape derived from the output's physical shape (128 x 32 over 4 cores: 32 x 32); None = the input's
    config; a BLOCK_SHARDED (1024 x 160 on 5 x 8) input reduced over W: 128 x 32 shards on the same grid."""
    rng = np.random.default_rng(2)
    mc = _height((32, 160), 4)
    x = rng.standard_normal((1, 100, 160)).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    for out_mc in (None, mc):
        out = ttnn.mean(t, dim=-1, keepdim=True, memory_config=out_mc)
        omc = out.memory_config()
        assert omc.memory_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED and omc.buffer_type == ttnn.BufferType.L1
        assert tuple(omc.shard_spec.shape) == (32, 32)
        assert list(omc.shard_spec.grid) == list(mc.shard_spec.grid)
        np.testing.assert_allclose(np.asarray(ttnn.to_numpy(out)), x.mean(-1, keepdims=True), atol=0.02)
    bmc = _block((1, 1024, 160), 5, 8)
    y = rng.standard_normal((1, 1024, 160)).astype(np.float32)
    t = ttnn.from_numpy(y, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=bmc)
    out = ttnn.sum(t, dim=-1, keepdim=True)
    omc = out.memory_config()
    assert omc.memory_layout == ttnn.TensorMemoryLayout.BLOCK_SHARDED
    assert tuple(omc.shard_spec.shape) == (128, 32)
    np.testing.assert_allclose(np.asarray(ttnn.to_numpy(out)), y.sum(-1, keepdims=True), atol=0.3, rtol=0.01)


def test_nd_sharded_input_and_output(device):
    """An ND-sharded float32 input (no legacy equivalent) reduced over H: the output keeps the ND spec with the
    reduced shard dim 1, aligned up to the tile (32); fill_implicit_tile_padding of a tile-aligned ND-sharded tensor
    returns it untouched (fill_pad.cpp returns before anything else)."""
    rng = np.random.default_rng(3)
    x = rng.random((4, 4, 128, 128)).astype(np.float32)
    mc = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1,
                           nd_shard_spec=ttnn.NdShardSpec([2, 2, 64, 64], _grid(0, 0, 2, 4)))
    t = ttnn.from_numpy(x, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    ttnn.clear_op_report()
    assert ttnn.fill_implicit_tile_padding(t, -42.0) is t
    assert ttnn.op_report() == []
    out = ttnn.sum(t, dim=-2, keepdim=True)
    nd = out.memory_config().nd_shard_spec
    assert nd is not None and list(nd.shard_shape) == [2, 2, 32, 64]
    ref = _tf32_sum(x, axis=-2)
    got = np.asarray(ttnn.to_numpy(out)).astype(np.float64)
    np.testing.assert_allclose(got, ref, rtol=1e-3)     # the fidelity phases of HiFi3 truncate operands
    plain = ttnn.from_numpy(x, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(ttnn.sum(plain, dim=-2, keepdim=True))),
                                  np.asarray(ttnn.to_numpy(out)))


def _tf32_sum(x, axis):
    b = np.asarray(x, np.float32).view(np.uint32) & np.uint32(0xFFFFE000)
    return b.view(np.float32).astype(np.float64).sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("shape,mc", [((1, 100, 160), _height((32, 160), 4)),
                                      ((70, 96), _block((96, 96), 3, 3)),
                                      ((64, 50), _width((64, 32), 2))],
                         ids=["height", "block", "width"])
def test_fill_implicit_tile_padding_l1_sharded(device, dtype, shape, mc):
    """FillPadL1ShardedProgramFactory: the padding of each shard (right column of the last shard column, bottom
    row of the last shard row) filled in place; the logical values untouched; every core only its own shard."""
    x = np.random.default_rng(4).standard_normal(shape).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    before = np.asarray(t.host_values()).astype(np.float32).copy()
    ttnn.clear_op_report()
    assert ttnn.fill_implicit_tile_padding(t, -42.0) is t
    assert [r.program for r in ttnn.op_report()] == ["FillPadL1ShardedProgramFactory"]
    after = np.asarray(t.host_values()).astype(np.float32)
    h, w = shape[-2:]
    logical = np.zeros(after.shape, bool)
    logical[..., :h, :w] = True
    np.testing.assert_array_equal(after[logical], before[logical])
    assert np.all(after[~logical] == -42.0)
    assert t.is_sharded()


def test_fill_pad_sharded_refusals(device):
    """N_slices > 1 on an L1-sharded tensor: the sharded factory's TT_FATAL; an L1 ND-sharded tensor without a
    legacy shard spec: tt-metal's factory has no shard_spec to read."""
    x = np.ones((2, 40, 64), np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                        memory_config=_height((64, 64), 2))
    with pytest.raises(TTNNError, match="N_slices > 1 not yet supported"):
        ttnn.fill_implicit_tile_padding(t, 0.0)
    mc = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1,
                           nd_shard_spec=ttnn.NdShardSpec([2, 2, 64, 64], _grid(0, 0, 1, 1)))
    t = ttnn.from_numpy(np.ones((4, 4, 100, 128), np.float32), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT,
                        device=device, memory_config=mc)
    with pytest.raises(TTNNError, match="shard_spec"):
        ttnn.fill_implicit_tile_padding(t, 0.0)


SUB_GRIDS = {
    "one": _grid(1, 0, 1, 0),
    "two_ranges": ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(3, 6)),
                                     ttnn.CoreRange(ttnn.CoreCoord(5, 0), ttnn.CoreCoord(6, 6))]),
    "column": _grid(7, 0, 7, 7),
}


@pytest.mark.parametrize("grid", list(SUB_GRIDS), ids=list(SUB_GRIDS))
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.bfloat8_b])
@pytest.mark.parametrize("shape,dim", [((4, 32, 63), None), ((4, 3, 63, 63), None), ((2, 3, 70, 90), -1),
                                       ((2, 3, 70, 90), -2), ((2, 3, 70, 90), 1)])
def test_sub_core_grids_same_numbers_other_cores(device, grid, dtype, shape, dim):
    """ttnn.sum(..., sub_core_grids=...): the programs run only on those cores (the single-core HW program on the
    first range's start) and give the same numbers as on the whole grid."""
    rng = np.random.default_rng(5)
    x = rng.uniform(-100, 100, shape).astype(np.float32)
    t = ttnn.fill_implicit_tile_padding(
        ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device), -42.0)
    want = np.asarray(ttnn.to_numpy(ttnn.sum(t, dim=dim)))
    crs = SUB_GRIDS[grid]
    ttnn.clear_op_report()
    got = np.asarray(ttnn.to_numpy(ttnn.sum(t, dim=dim, sub_core_grids=crs)))
    np.testing.assert_array_equal(got, want)
    allowed = {(c.x, c.y) for c in crs}
    recs = [r for r in ttnn.op_report() if r.op == "ttnn.sum"]
    assert recs
    for r in recs:
        used = {c if isinstance(c, tuple) else (c.x, c.y) for c in r.run.per_core()}
        used = {(c[0], c[1]) for c in used}
        assert used <= allowed, (r.program, used - allowed)
        if r.program == "ReduceSingleCoreHwProgramFactory":
            assert used == {(crs.ranges[0].start.x, crs.ranges[0].start.y)}


@pytest.mark.parametrize("kind", ["mean", "max", "min"])
def test_sub_core_grids_other_reductions(device, kind):
    rng = np.random.default_rng(6)
    x = rng.standard_normal((3, 70, 90)).astype(np.float32)
    t = ttnn.fill_implicit_tile_padding(
        ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device), -42.0)
    fn = getattr(ttnn, kind)
    for dim in (-1, -2, [-2, -1], 0):
        want = np.asarray(ttnn.to_numpy(fn(t, dim=dim)))
        got = np.asarray(ttnn.to_numpy(fn(t, dim=dim, sub_core_grids=SUB_GRIDS["two_ranges"])))
        np.testing.assert_array_equal(got, want)


def test_sub_core_split_matches_tt_metal():
    """split_work_to_cores(CoreRangeSet, units): column-wise groups, the first range's start first; 64 units on
    35 cores: 29 cores (three full columns of the first range, the second's first column and (6, 0)) take 2."""
    from tensix.ttnn.operations._sub_core_split import split_work_to_cores
    n, all_cores, g1, g2, n1, n2 = split_work_to_cores(SUB_GRIDS["two_ranges"], 64)
    assert (n, n1, n2) == (35, 2, 1)
    assert g1.num_cores() == 29 and g2.num_cores() == 6
    assert [(r.start.x, r.start.y, r.end.x, r.end.y) for r in g1.ranges] == [(1, 0, 3, 6), (5, 0, 5, 6), (6, 0, 6, 0)]
    assert [(r.start.x, r.start.y, r.end.x, r.end.y) for r in g2.ranges] == [(6, 1, 6, 6)]
    n, all_cores, g1, g2, n1, n2 = split_work_to_cores(SUB_GRIDS["two_ranges"], 16)
    assert (n, n1, n2) == (16, 1, 0) and g2.num_cores() == 0
    assert [(r.start.x, r.start.y, r.end.x, r.end.y) for r in all_cores.ranges] == [(1, 0, 2, 6), (3, 0, 3, 1)]


def test_sub_core_grids_refusals(device):
    t = ttnn.from_numpy(np.ones((16, 4, 64, 64), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                        device=device)
    with pytest.raises(TTNNError, match="must be contained in device grid"):
        ttnn.sum(t, dim=-1, sub_core_grids=_grid(0, 0, 8, 0))
    # fast_reduce_nc over dim 1: 64 output tiles on 35 cores, group 1 (29 cores, 2 tiles each) split column-wise but
    # walked row-wise: tt-metal's round robin would skip tiles and write past the buffer
    with pytest.raises(NotModelledError, match="round robin"):
        ttnn.sum(t, dim=1, sub_core_grids=SUB_GRIDS["two_ranges"])


@pytest.mark.parametrize("kind", ["sum", "mean", "max", "min"])
def test_width_sharded_h_reduce(device, kind):
    """ReduceMultiCoreH's width-sharded variant (input and output WIDTH_SHARDED): each shard core reduces its own
    columns from its L1; the same numbers as the interleaved program, the output width-sharded over the same grid."""
    rng = np.random.default_rng(8)
    x = rng.standard_normal((2, 64, 96)).astype(np.float32)     # NC = 2 (tile-aligned H: padding of N > 1 slices
    wmc = _width((128, 32), 3)                                  # is refused by the sharded fill_pad factory)
    a, b = _both(device, x, ttnn.bfloat16, wmc)
    fn = getattr(ttnn, kind)
    want = np.asarray(ttnn.to_numpy(fn(a, dim=-2, keepdim=True)))
    ttnn.clear_op_report()
    out = fn(b, dim=-2, keepdim=True)
    assert out.memory_config().memory_layout == ttnn.TensorMemoryLayout.WIDTH_SHARDED
    assert tuple(out.memory_config().shard_spec.shape) == (64, 32)
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(out)), want)
    rec = [r for r in ttnn.op_report() if r.program == "ReduceMultiCoreHProgramFactory"]
    assert rec and rec[-1].cores == 3


def test_sharded_refusals(device):
    rng = np.random.default_rng(7)
    x = rng.standard_normal((64, 96)).astype(np.float32)
    wmc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.L1,
                            ttnn.ShardSpec(_grid(0, 0, 3, 0), (64, 64), ttnn.ShardOrientation.ROW_MAJOR))
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=wmc)
    with pytest.raises(NotModelledError, match="would overfill"):
        ttnn.sum(t, dim=-2, keepdim=True)
    # an interleaved output of the same runs the generic H program through the TensorAccessor
    got = np.asarray(ttnn.to_numpy(ttnn.sum(t, dim=-2, keepdim=True, memory_config=ttnn.DRAM_MEMORY_CONFIG)))
    xb = np.asarray(ttnn.to_numpy(t)).astype(np.float64)
    np.testing.assert_allclose(got, xb.sum(-2, keepdims=True), rtol=0.01, atol=0.1)
    hmc = _height((32, 96), 2)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=hmc)
    with pytest.raises(TTNNError, match="must be contained in program core grid"):
        ttnn.sum(t, dim=-1, keepdim=True, sub_core_grids=_grid(3, 3, 4, 4))
    dram_sharded = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.DRAM,
                                     ttnn.ShardSpec(_grid(0, 0, 1, 0), (32, 32), ttnn.ShardOrientation.ROW_MAJOR))
    with pytest.raises(TTNNError, match="only supported with L1 buffers"):
        ttnn.sum(t, dim=-1, keepdim=True, memory_config=dram_sharded)


@pytest.mark.parametrize("dim", [0, 1, [0, 1], None])
def test_sharded_fast_reduce_nc(device, dim):
    """A bfloat16 sum over outer dims of a sharded tensor: fast_reduce_nc (its reader and writer through
    TensorAccessors, the output in the input's memory config), then the H / W reduces; the same numbers as
    interleaved."""
    rng = np.random.default_rng(9)
    x = rng.uniform(-4, 4, (4, 3, 64, 64)).astype(np.float32)
    a, b = _both(device, x, ttnn.bfloat16, _height((128, 64), 6))
    want = np.asarray(ttnn.to_numpy(ttnn.sum(a, dim=dim)))
    got = np.asarray(ttnn.to_numpy(ttnn.sum(b, dim=dim)))
    np.testing.assert_array_equal(got, want)


def test_fast_reduce_nc_divide_by_shards_refused(device):
    """dim 0, ND-sharded in and out (ROW_MAJOR, ROUND_ROBIN_1D), 72 output shards on 64 cores: the factory's
    divide_by_shards split, not modelled; dim 1 of the same tensor takes the regular split."""
    x = np.ones((2, 72, 32, 32), np.float32)
    mc = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1,
                           nd_shard_spec=ttnn.NdShardSpec([1, 1, 32, 32], _grid(0, 0, 7, 7)))
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    with pytest.raises(NotModelledError, match="divide_by_shards"):
        ttnn.sum(t, dim=0)
    got = np.asarray(ttnn.to_numpy(ttnn.sum(t, dim=1)))
    np.testing.assert_array_equal(got, np.full((2, 32, 32), 72.0, np.float32))


def test_dram_sharded_fill_and_reduce_refusal(device):
    """A DRAM-sharded tensor's padding is filled by the interleaved FillPadProgramFactory (its TensorAccessor reaches
    the DRAM shards); the reduce op refuses a sharded tensor in DRAM (validate_reduce_sharded_buffer_types)."""
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.DRAM,
                           ttnn.ShardSpec(_grid(0, 0, 3, 0), (32, 64), ttnn.ShardOrientation.ROW_MAJOR))
    x = np.random.default_rng(10).standard_normal((1, 100, 50)).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    ttnn.clear_op_report()
    ttnn.fill_implicit_tile_padding(t, -42.0)
    assert [r.program for r in ttnn.op_report()] == ["FillPadProgramFactory"]
    v = np.asarray(t.host_values()).astype(np.float32)
    assert np.all(v[0, 100:, :] == -42.0) and np.all(v[0, :, 50:] == -42.0)
    np.testing.assert_array_equal(v[0, :100, :50], np.asarray(ttnn.to_numpy(t))[0])
    with pytest.raises(TTNNError, match="only supported with L1 buffers"):
        ttnn.sum(t, dim=-1)
