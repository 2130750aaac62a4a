"""Sub-devices (tensix.ttnn.sub_device: ttnn.SubDevice, the device's sub-device managers, tt-metal 622c6fb9's
sub_device_manager.cpp / sub_device_manager_tracker.cpp / ProgramImpl::determine_sub_device_ids):
- the manager's life cycle (create / load / stall group / clear / remove) and tt-metal's checks and errors;
- ops confined to a sub-device (binary_ng's worker grid, the 1D / 2D multicast matmuls anchored at the sub-device's
  first core, tilize on sub_core_grids) give the same numbers as on the full grid, and their kernels run only on the
  sub-device's cores;
- the dispatch check: a program whose kernels leave the sub-devices, or span two, is refused;
- what is not modelled (local_l1_size > 0, Ethernet cores) raises NotModelledError."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError

RNG = np.random.default_rng(7)


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def crs(*ranges):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(*a), ttnn.CoreCoord(*b)) for a, b in ranges])


def rows(device, y0, y1):
    g = device.compute_with_storage_grid_size()
    return crs(((0, y0), (g.x - 1, y1)))


def xy(cores):
    return {(c.x, c.y) for c in cores}


def kernel_cores(device) -> set:
    """The cores of every kernel of the programs in the device's program cache."""
    out = set()
    for entry in device.program_cache.entries.values():
        for k in entry.program.kernels:
            out |= xy(k.cores)
    return out


def tile(device, x, dtype=ttnn.bfloat16):
    return ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def two_sub_devices(device, skip_rows=1):
    """The vendored tests' setup: rows 0..skip_rows-1 a dummy sub-device, the others the worker sub-device (id 1)."""
    g = device.compute_with_storage_grid_size()
    mid = device.create_sub_device_manager([ttnn.SubDevice([rows(device, 0, skip_rows - 1)]),
                                            ttnn.SubDevice([rows(device, skip_rows, g.y - 1)])], 0)
    device.load_sub_device_manager(mid)
    return mid


# ---------------------------------------------------------------------------------------------- life cycle
def test_ids_and_types():
    assert repr(ttnn.SubDeviceId(3)) == "SubDeviceId(3)"
    assert ttnn.SubDeviceId(2) == ttnn.SubDeviceId(2) and ttnn.SubDeviceId(2) != ttnn.SubDeviceId(1)
    for bad in (256, -1, 1.0, "1"):
        with pytest.raises(TypeError):
            ttnn.SubDeviceId(bad)
    with pytest.raises(TypeError, match="no constructor"):
        ttnn.SubDeviceManagerId()
    with pytest.raises(TTNNError, match="Too many core types for SubDevice"):
        ttnn.SubDevice([crs(((0, 0), (0, 0)))] * 4)
    with pytest.raises(TypeError, match="list of ttnn.CoreRangeSet"):
        ttnn.SubDevice(crs(((0, 0), (1, 0))))
    with pytest.raises(TypeError, match="expected a ttnn.CoreRangeSet"):
        ttnn.SubDevice([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))])
    with pytest.raises(TTNNError, match="IDLE_ETH is not allowed"):
        ttnn.SubDevice([crs(((0, 0), (0, 0))), ttnn.CoreRangeSet([]), crs(((0, 0), (0, 0)))])


def test_life_cycle(device):
    g = device.compute_with_storage_grid_size()
    m1 = two_sub_devices(device)
    m2 = device.create_sub_device_manager([ttnn.SubDevice([rows(device, 0, g.y - 1)])], 0)
    assert m1 != m2
    device.set_sub_device_stall_group([ttnn.SubDeviceId(1)])
    device.reset_sub_device_stall_group()
    with pytest.raises(TTNNError, match="must not be empty"):
        device.set_sub_device_stall_group([])
    with pytest.raises(TTNNError, match="SubDevice index 2 out of bounds 2"):
        device.set_sub_device_stall_group([ttnn.SubDeviceId(0), ttnn.SubDeviceId(2)])
    with pytest.raises(TTNNError, match="Cannot remove active sub device manager"):
        device.remove_sub_device_manager(m1)
    device.load_sub_device_manager(m2)          # switching managers directly
    device.remove_sub_device_manager(m1)
    with pytest.raises(TTNNError, match="Sub device manager does not exist"):
        device.load_sub_device_manager(m1)
    with pytest.raises(TTNNError, match="Sub device manager does not exist"):
        device.remove_sub_device_manager(m1)
    device.clear_loaded_sub_device_manager()
    device.clear_loaded_sub_device_manager()    # loading the loaded manager does nothing
    device.remove_sub_device_manager(m2)
    # the default manager: one sub-device, the whole grid; its stall group is SubDeviceId(0) only
    device.set_sub_device_stall_group([ttnn.SubDeviceId(0)])
    with pytest.raises(TTNNError, match="SubDevice index 1 out of bounds 1"):
        device.set_sub_device_stall_group([ttnn.SubDeviceId(1)])


def test_create_checks(device):
    g = device.compute_with_storage_grid_size()
    with pytest.raises(TTNNError, match="specified in sub device must be within device grid"):
        device.create_sub_device_manager([ttnn.SubDevice([crs(((0, 0), (g.x, 0)))])], 0)
    with pytest.raises(TTNNError, match="SubDevices specified for SubDeviceManager intersect"):
        device.create_sub_device_manager([ttnn.SubDevice([rows(device, 0, 1)]), ttnn.SubDevice([rows(device, 1, 2)])],
                                         0)
    with pytest.raises(TTNNError, match="larger than the max number of sub-devices 8"):
        device.create_sub_device_manager([ttnn.SubDevice([rows(device, y, y)]) for y in range(g.y)]
                                         + [ttnn.SubDevice([ttnn.CoreRangeSet([])])], 0)
    with pytest.raises(NotModelledError, match="local L1 allocators"):
        device.create_sub_device_manager([ttnn.SubDevice([rows(device, 0, 0)])], 4096)
    with pytest.raises(NotModelledError, match="Ethernet"):
        device.create_sub_device_manager([ttnn.SubDevice([rows(device, 0, 0), crs(((0, 0), (0, 0)))])], 0)
    with pytest.raises(TypeError):
        device.create_sub_device_manager([rows(device, 0, 0)], 0)


def test_manager_gone_with_the_device():
    dev = ttnn.open_device(device_id=0)
    mid = two_sub_devices(dev)
    ttnn.close_device(dev)
    dev2 = ttnn.open_device(device_id=0)
    try:
        with pytest.raises(TTNNError, match="Sub device manager does not exist"):
            dev2.load_sub_device_manager(mid)
    finally:
        ttnn.close_device(dev2)


# ---------------------------------------------------------------------------------------------- binary_ng
def test_add_on_sub_device_same_numbers(device):
    x, y = RNG.standard_normal((2, 1, 1, 256, 256)).astype(np.float32)
    ref = ttnn.to_numpy(ttnn.add(tile(device, x), tile(device, y)))
    two_sub_devices(device, skip_rows=3)
    a, b = tile(device, x), tile(device, y)
    device.clear_program_cache()
    out = ttnn.add(a, b, sub_device_id=ttnn.SubDeviceId(1))
    assert np.array_equal(ttnn.to_numpy(out), ref)
    assert kernel_cores(device) == xy(rows(device, 3, device.compute_with_storage_grid_size().y - 1))
    # without sub_device_id: binary_ng's get_worker_grid takes the first sub-device (rows 0..2)
    device.clear_program_cache()
    assert np.array_equal(ttnn.to_numpy(ttnn.add(a, b)), ref)
    assert kernel_cores(device) == xy(rows(device, 0, 2))
    with pytest.raises(TTNNError, match="Cannot specify both sub_core_grids and sub_device_id"):
        ttnn.add(a, b, sub_device_id=ttnn.SubDeviceId(1), sub_core_grids=rows(device, 3, 3))
    with pytest.raises(TTNNError, match="SubDevice index 2 out of bounds 2"):
        ttnn.add(a, b, sub_device_id=ttnn.SubDeviceId(2))


def test_add_sharded_picks_the_shard_grids_sub_device(device):
    """A height-sharded output on rows 4..5: get_worker_grid takes the sub-device that grid intersects."""
    x, y = RNG.standard_normal((2, 1, 1, 512, 64)).astype(np.float32)
    sharded = ttnn.create_sharded_memory_config(shape=(32, 64), core_grid=rows(device, 4, 5),
                                                strategy=ttnn.ShardStrategy.HEIGHT,
                                                use_height_and_width_as_shard_shape=True)
    ref = ttnn.to_numpy(ttnn.add(tile(device, x), tile(device, y)))
    two_sub_devices(device, skip_rows=4)
    a, b = tile(device, x), tile(device, y)
    device.clear_program_cache()
    out = ttnn.add(a, b, memory_config=sharded)
    assert np.array_equal(ttnn.to_numpy(out), ref)
    assert kernel_cores(device) <= xy(rows(device, 4, 7))


# ---------------------------------------------------------------------------------------------- the dispatch check
def test_program_spanning_two_sub_devices_refused(device):
    x = RNG.standard_normal((1, 1, 640, 64)).astype(np.float32)
    two_sub_devices(device)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device)          # row-major on the device
    # tilize without sub_core_grids: its 20 tile rows over the whole compute grid (tt-metal's available_grid)
    with pytest.raises(TTNNError, match="Programs must be executed on a single sub-device"):
        ttnn.to_layout(t, ttnn.TILE_LAYOUT)
    a = ttnn.to_layout(t, ttnn.TILE_LAYOUT, sub_core_grids=rows(device, 1, 7))
    # a full-grid matmul (no sub_device_id) as well
    w = tile(device, RNG.standard_normal((64, 256)).astype(np.float32))
    with pytest.raises(TTNNError, match="Programs must be executed on a single sub-device"):
        ttnn.matmul(a, w, core_grid=ttnn.CoreGrid(x=8, y=8))
    device.clear_loaded_sub_device_manager()
    ttnn.to_layout(t, ttnn.TILE_LAYOUT)         # the default manager takes any program


def test_program_outside_the_sub_devices_refused(device):
    x = RNG.standard_normal((1, 1, 640, 64)).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device)
    mid = device.create_sub_device_manager([ttnn.SubDevice([rows(device, 2, 3)])], 0)
    device.load_sub_device_manager(mid)
    with pytest.raises(TTNNError, match="Kernel group cores do not match sub device cores"):
        ttnn.to_layout(t, ttnn.TILE_LAYOUT)
    a = ttnn.to_layout(t, ttnn.TILE_LAYOUT, sub_core_grids=rows(device, 2, 3))
    out = ttnn.add(a, a)                        # binary_ng runs on the sub-device's cores
    assert np.array_equal(ttnn.to_numpy(out), ttnn.to_numpy(a) * 2)


def test_unary_and_where_on_the_first_sub_device(device):
    """unary / ternary get_worker_grid: the first sub-device's cores (no sharded operand, output or memory config)."""
    x = RNG.standard_normal((1, 1, 256, 512)).astype(np.float32)
    a = tile(device, x)
    ref_exp = ttnn.to_numpy(ttnn.exp(a))
    ref_where = ttnn.to_numpy(ttnn.where(a, a, ttnn.neg(a)))
    two_sub_devices(device, skip_rows=6)
    device.clear_program_cache()
    assert np.array_equal(ttnn.to_numpy(ttnn.exp(a)), ref_exp)
    assert kernel_cores(device) <= xy(rows(device, 0, 5))
    device.clear_program_cache()
    assert np.array_equal(ttnn.to_numpy(ttnn.where(a, a, ttnn.neg(a))), ref_where)
    assert kernel_cores(device) <= xy(rows(device, 0, 5))
    with pytest.raises(TTNNError, match="single sub-device"):
        ttnn.exp(a, sub_core_grids=rows(device, 5, 6))


# ---------------------------------------------------------------------------------------------- matmul
def _mm_ref(device, x, w, **kw):
    return ttnn.to_numpy(ttnn.matmul(tile(device, x), tile(device, w), **kw))


@pytest.mark.parametrize("skip_rows", [1, 5])
def test_matmul_2d_on_sub_device(device, skip_rows):
    g = device.compute_with_storage_grid_size()
    x = RNG.standard_normal((1, 1, 128, 512)).astype(np.float32)
    w = RNG.standard_normal((512, 512)).astype(np.float32)
    grid = ttnn.CoreGrid(x=g.x, y=g.y - skip_rows)
    ref = _mm_ref(device, x, w, core_grid=grid)           # the same grid from (0, 0)
    two_sub_devices(device, skip_rows)
    device.clear_program_cache()
    out = ttnn.to_numpy(ttnn.matmul(tile(device, x), tile(device, w), core_grid=grid,
                                    sub_device_id=ttnn.SubDeviceId(1)))
    assert np.array_equal(out, ref)
    cores = kernel_cores(device)
    assert cores <= xy(rows(device, skip_rows, g.y - 1)) and (0, skip_rows) in cores
    exact = x.astype(np.float64) @ w
    assert np.corrcoef(out.ravel(), exact.ravel())[0, 1] > 0.999


@pytest.mark.parametrize("mcast_in0", [True, False])
@pytest.mark.parametrize("start, end", [((2, 3), (5, 7)), ((6, 1), (7, 4)), ((3, 2), (3, 6))])
def test_matmul_1d_on_sub_device(device, mcast_in0, start, end):
    sub = ttnn.CoreCoord(end[0] - start[0] + 1, end[1] - start[1] + 1)
    n = sub.x * sub.y
    m_, n_ = (32, 32 * n) if mcast_in0 else (32 * n, 32)
    x = RNG.standard_normal((1, 1, m_, 256)).astype(np.float32)
    w = RNG.standard_normal((1, 1, 256, n_)).astype(np.float32)
    pc = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=sub, in0_block_w=1, out_subblock_h=1, out_subblock_w=1, per_core_M=1,
        per_core_N=1, fuse_batch=False, mcast_in0=mcast_in0, fused_activation=None)
    ref = _mm_ref(device, x, w, program_config=pc)
    mid = device.create_sub_device_manager([ttnn.SubDevice([crs((start, end))])], 0)
    device.load_sub_device_manager(mid)
    device.clear_program_cache()
    out = ttnn.to_numpy(ttnn.matmul(tile(device, x), tile(device, w), program_config=pc,
                                    sub_device_id=ttnn.SubDeviceId(0)))
    assert np.array_equal(out, ref)
    assert kernel_cores(device) == xy(crs((start, end)))


def test_matmul_1d_sub_device_checks(device):
    x = tile(device, RNG.standard_normal((1, 1, 32, 256)).astype(np.float32))
    w = tile(device, RNG.standard_normal((1, 1, 256, 256)).astype(np.float32))

    def pc(gx, gy):
        return ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
            compute_with_storage_grid_size=ttnn.CoreCoord(gx, gy), in0_block_w=1, out_subblock_h=1, out_subblock_w=1,
            per_core_M=1, per_core_N=1, fuse_batch=False, mcast_in0=True, fused_activation=None)
    # an L-shaped sub-device
    mid = device.create_sub_device_manager([ttnn.SubDevice([crs(((0, 1), (3, 1)), ((0, 2), (1, 3)))])], 0)
    device.load_sub_device_manager(mid)
    with pytest.raises(TTNNError, match="only supports rectangular sub-device worker grids"):
        ttnn.matmul(x, w, program_config=pc(4, 2), sub_device_id=ttnn.SubDeviceId(0))
    device.clear_loaded_sub_device_manager()
    mid = device.create_sub_device_manager([ttnn.SubDevice([crs(((2, 2), (5, 3)))])], 0)
    device.load_sub_device_manager(mid)
    with pytest.raises(TTNNError, match="extends past the sub-device's worker bounding box"):
        ttnn.matmul(x, w, program_config=pc(8, 1), sub_device_id=ttnn.SubDeviceId(0))
    out = ttnn.matmul(x, w, program_config=pc(4, 2), sub_device_id=ttnn.SubDeviceId(0))
    exact = ttnn.to_numpy(x).astype(np.float64) @ ttnn.to_numpy(w)
    assert np.corrcoef(ttnn.to_numpy(out).ravel(), exact.ravel())[0, 1] > 0.999


def test_linear_on_sub_device_with_bias(device):
    g = device.compute_with_storage_grid_size()
    x = RNG.standard_normal((1, 1, 384, 512)).astype(np.float32)
    w = RNG.standard_normal((512, 512)).astype(np.float32)
    bias = RNG.standard_normal((1, 512)).astype(np.float32)
    grid = ttnn.CoreGrid(x=g.x, y=g.y - 2)

    def run(sub):
        kw = {"sub_device_id": ttnn.SubDeviceId(1)} if sub else {}
        crs_ = rows(device, 2, g.y - 1) if sub else None
        a = ttnn.to_layout(ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device), ttnn.TILE_LAYOUT,
                           sub_core_grids=crs_)
        b = ttnn.to_layout(ttnn.from_numpy(w, dtype=ttnn.bfloat16, device=device), ttnn.TILE_LAYOUT,
                           sub_core_grids=crs_)
        c = ttnn.to_layout(ttnn.from_numpy(bias, dtype=ttnn.bfloat16, device=device), ttnn.TILE_LAYOUT,
                           sub_core_grids=crs_)
        return ttnn.to_numpy(ttnn.linear(a, b, bias=c, transpose_b=True, core_grid=grid, **kw))
    ref = run(False)
    two_sub_devices(device, 2)
    device.clear_program_cache()
    assert np.array_equal(run(True), ref)
    assert kernel_cores(device) <= xy(rows(device, 2, g.y - 1))


# ---------------------------------------------------------------------------------------------- tilize
def test_tilize_on_sub_core_grids(device):
    x = RNG.standard_normal((1, 2, 96, 128)).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device)
    sub = crs(((1, 2), (3, 4)), ((6, 6), (7, 7)))
    device.clear_program_cache()
    out = ttnn.tilize(t, sub_core_grids=sub)
    assert np.array_equal(ttnn.to_numpy(out), ttnn.to_numpy(ttnn.tilize(t)))
    y = RNG.standard_normal((1, 1, 70, 50)).astype(np.float32)        # padded: tilize_with_val_padding
    u = ttnn.from_numpy(y, dtype=ttnn.bfloat16, device=device)
    device.clear_program_cache()
    out = ttnn.to_layout(u, ttnn.TILE_LAYOUT, sub_core_grids=sub)
    assert xy(sub) >= kernel_cores(device) and kernel_cores(device)
    assert np.array_equal(ttnn.to_numpy(out), ttnn.to_numpy(ttnn.to_layout(u, ttnn.TILE_LAYOUT)))
    with pytest.raises(NotModelledError, match="sub_core_grids of one core"):
        ttnn.tilize(t, sub_core_grids=crs(((0, 0), (0, 0))))
    with pytest.raises(TTNNError, match="outside the 8x8 compute grid"):
        ttnn.tilize(t, sub_core_grids=crs(((0, 0), (8, 0))))


def test_untilize_with_unpadding_and_one_core_tilize_on_sub_core_grids(device):
    """to_layout(..., sub_core_grids=) back to ROW_MAJOR: untilize_with_unpadding's interleaved factory splits the tile
    rows over the sub grid (its available_grid), one core included; tilize_with_val_padding runs its multi-core
    factory on a one-core sub grid (only ttnn.tilize switches to its single-core factory there). Same numbers as on
    the whole grid; the kernels only on the sub grid; a sharded input with sub_core_grids is tt-metal's error."""
    y = RNG.standard_normal((1, 2, 70, 50)).astype(np.float32)
    tiled = ttnn.from_numpy(y, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    want = ttnn.to_numpy(ttnn.to_layout(tiled, ttnn.ROW_MAJOR_LAYOUT))
    for sub in (crs(((1, 2), (3, 4)), ((6, 6), (7, 7))), crs(((5, 1), (5, 1)))):
        device.clear_program_cache()
        got = ttnn.to_layout(tiled, ttnn.ROW_MAJOR_LAYOUT, sub_core_grids=sub)
        assert kernel_cores(device) and xy(sub) >= kernel_cores(device)
        assert got.layout == ttnn.ROW_MAJOR_LAYOUT and np.array_equal(ttnn.to_numpy(got), want)
    one = crs(((2, 3), (2, 3)))
    rm = ttnn.from_numpy(y, dtype=ttnn.bfloat16, device=device)
    device.clear_program_cache()
    out = ttnn.to_layout(rm, ttnn.TILE_LAYOUT, sub_core_grids=one)        # padded: tilize_with_val_padding
    assert kernel_cores(device) == xy(one)
    assert np.array_equal(ttnn.to_numpy(out), ttnn.to_numpy(ttnn.to_layout(rm, ttnn.TILE_LAYOUT)))
    hs = ttnn.create_sharded_memory_config((128, 64), ttnn.CoreGrid(x=2, y=1), ttnn.ShardStrategy.HEIGHT)
    sharded = ttnn.from_numpy(RNG.standard_normal((128, 64)).astype(np.float32), dtype=ttnn.bfloat16,
                              layout=ttnn.TILE_LAYOUT, device=device, memory_config=hs)
    with pytest.raises(ttnn.ShardSpecError, match="Sharded untilize does not support sub core grid"):
        ttnn.untilize_with_unpadding(sharded, [127, 59], sub_core_grids=one)


def test_synchronize_sub_device_ids(device):
    two_sub_devices(device)
    ttnn.synchronize_device(device, sub_device_ids=[ttnn.SubDeviceId(0), ttnn.SubDeviceId(1)])
    with pytest.raises(TTNNError, match="Invalid sub-device id specified 2"):
        ttnn.synchronize_device(device, sub_device_ids=[ttnn.SubDeviceId(2)])
    device.clear_loaded_sub_device_manager()
    with pytest.raises(TTNNError, match="Invalid sub-device id specified 1"):
        ttnn.synchronize_device(device, None, [ttnn.SubDeviceId(1)])
