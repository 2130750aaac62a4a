"""ttnn.experimental.paged_fused_update_cache (tensix.ttnn.operations.paged_cache: its tiled and row-major programs,
PagedTiledFusedUpdateCacheProgramFactory and PagedRowMajorFusedUpdateCacheProgramFactory) and the core-range helpers
its callers need: CoreRangeSet.ranges() as a method, CoreRangeSet.subtract / merge_ranges / intersects,
ttnn.num_cores_to_corerangeset_in_subcoregrids.

The fused op only moves data: each user's row of both caches must equal the input's values bit for bit and every
other element of both caches must be untouched, checked against a torch reference of the whole caches (bfloat16
caches, float32 ones with fp32_dest_acc_en; bfloat8_b ones re-quantize the updated tile rows). Grids: the vendored
test's (the second grid from CoreRangeSet.subtract), and grids whose bounding box holds idle cores. Refusals:
tt-metal's validation and what the program assumes without checking."""

from __future__ import annotations

import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet
from tensix.ttnn.compat.ttnn import num_cores_to_corerangeset_in_subcoregrids
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, ShardSpecError, TTNNError

torch = pytest.importorskip("torch")


def _r(x0, y0, x1, y1):
    return CoreRange(CoreCoord(x0, y0), CoreCoord(x1, y1))


# ------------------------------------------------------------------------------------------------ CoreRangeSet
def test_ranges_attribute_and_method():
    s = CoreRangeSet([_r(0, 0, 3, 0), _r(0, 2, 1, 3)])
    assert s.ranges == (_r(0, 0, 3, 0), _r(0, 2, 1, 3))          # tensix's own reads: a tuple
    assert s.ranges() == [_r(0, 0, 3, 0), _r(0, 2, 1, 3)]        # tt-metal's binding: a method returning a list
    assert s.ranges()[0].start == CoreCoord(0, 0) and len(s.ranges) == 2
    assert not CoreRangeSet([]).ranges and CoreRangeSet([]).ranges() == []
    assert s.merge(_r(5, 5, 5, 5)).ranges[-1] == _r(5, 5, 5, 5)
    assert hash(s.ranges) == hash(tuple(s.ranges))               # program-cache keys hold it


def test_subtract_row_from_grid():
    """The vendored test's step: an 8x8 grid less its first row is one rectangle starting at (0, 1)."""
    g = CoreRangeSet([_r(0, 0, 7, 7)])
    rest = g.subtract(CoreRangeSet([_r(0, 0, 7, 0)]))
    assert rest.ranges() == [_r(0, 1, 7, 7)]
    assert rest.ranges()[0].start == CoreCoord(0, 1)


def test_subtract_hole_order():
    """A hole in the middle: left and right strips at full height, then below and above it in its columns."""
    rest = CoreRangeSet([_r(0, 0, 7, 7)]).subtract(CoreRangeSet([_r(2, 3, 4, 5)]))
    assert rest.ranges() == [_r(0, 0, 1, 7), _r(5, 0, 7, 7), _r(2, 0, 4, 2), _r(2, 6, 4, 7)]
    assert rest.num_cores() == 64 - 9
    assert {(c.x, c.y) for c in rest} == {(x, y) for x in range(8) for y in range(8)} - {
        (x, y) for x in range(2, 5) for y in range(3, 6)}


def test_subtract_edge_cases():
    g = CoreRangeSet([_r(0, 0, 3, 1)])
    assert g.subtract(CoreRangeSet([_r(5, 5, 6, 6)])).ranges() == [_r(0, 0, 3, 1)]     # disjoint: unchanged
    assert g.subtract(CoreRangeSet([])).ranges() == [_r(0, 0, 3, 1)]
    assert g.subtract(g).ranges() == []
    assert g.subtract(_r(0, 0, 0, 1)).ranges() == [_r(1, 0, 3, 1)]                    # a CoreRange operand
    # a set of several ranges is merged first (tt-metal's merge_ranges), in std::set order
    two = CoreRangeSet([_r(0, 1, 3, 1), _r(0, 0, 3, 0)])
    assert two.subtract(CoreRangeSet([_r(9, 9, 9, 9)])).ranges() == [_r(0, 0, 3, 1)]
    assert two.subtract(CoreRangeSet([_r(1, 0, 1, 0), _r(2, 1, 2, 1)])).num_cores() == 6


def test_merge_ranges_and_intersects():
    s = CoreRangeSet([_r(4, 0, 4, 1), _r(0, 1, 3, 1), _r(0, 0, 3, 0)])
    assert s.merge_ranges().ranges() == [_r(0, 0, 4, 1)]
    l_shape = CoreRangeSet([_r(0, 0, 0, 2), _r(1, 2, 2, 2)])
    assert l_shape.merge_ranges().ranges() == [_r(0, 0, 0, 1), _r(0, 2, 2, 2)]
    assert s.intersects(_r(4, 1, 6, 6)) and not s.intersects(CoreRangeSet([_r(5, 0, 7, 7)]))
    assert s.intersects(CoreCoord(2, 1))


def test_num_cores_to_corerangeset_in_subcoregrids():
    grid = CoreRangeSet([_r(1, 0, 3, 1), _r(5, 0, 6, 3)])
    got = num_cores_to_corerangeset_in_subcoregrids(CoreCoord(2, 0), 6, grid, True)
    assert got.ranges() == [_r(2, 0, 3, 0), _r(1, 1, 3, 1), _r(5, 0, 5, 0)]
    col = num_cores_to_corerangeset_in_subcoregrids(CoreCoord(5, 0), 5, grid, False)
    assert col.ranges() == [_r(5, 0, 5, 3), _r(6, 0, 6, 0)]
    with pytest.raises(TTNNError, match="greater than total available cores"):
        num_cores_to_corerangeset_in_subcoregrids(CoreCoord(1, 0), 15, grid, True)
    with pytest.raises(TTNNError, match="Start core must be inside"):
        num_cores_to_corerangeset_in_subcoregrids(CoreCoord(4, 0), 2, grid, True)


# ------------------------------------------------------------------------------------------------ the fused op
@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _bf16(*shape):
    return torch.randn(*shape).bfloat16().float()


def _tile(t, device, dtype=ttnn.bfloat16):
    return ttnn.from_torch(t, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def _sharded(x, device, grid, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, pad_to=32):
    """x [1, users, heads, d]: heads padded to pad_to, height-sharded one user per core of grid."""
    xp = torch.nn.functional.pad(x, (0, 0, 0, pad_to - x.shape[2]))
    host = ttnn.Tensor(xp, dtype).to(layout)
    rows = host.volume() // host.padded_shape[-1]
    spec = ttnn.ShardSpec(grid, [rows // grid.num_cores(), host.padded_shape[-1]], ttnn.ShardOrientation.ROW_MAJOR)
    return host.to(device, ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, spec))


def _grids(device, users, start=None, available=None):
    """The vendored test's grids: users cores from the start, then users cores of what is left."""
    if available is None:
        g = device.compute_with_storage_grid_size()
        available = CoreRangeSet([_r(0, 0, g.x - 1, g.y - 1)])
    start = available.ranges()[0].start if start is None else start
    g1 = num_cores_to_corerangeset_in_subcoregrids(start, users, available, True)
    rest = available.subtract(g1)
    g2 = num_cores_to_corerangeset_in_subcoregrids(rest.ranges()[0].start, users, rest, True)
    return g1, g2


def _write_ref(cache, x, idxs, share=False):
    ref = cache.clone()
    for u, p in enumerate(idxs):
        if p >= 0:
            ref[0 if share else u, :, p] = x[0, u, : cache.shape[1]]
    return ref


@pytest.mark.parametrize("users, heads, seq", [(8, 1, 256), (4, 3, 128), (5, 2, 96)])
def test_fused_unpaged_list_bf16_exact(device, users, heads, seq):
    c1, c2 = _bf16(users, heads, seq, 64), _bf16(users, heads, seq, 64)
    x1, x2 = _bf16(1, users, heads, 64), _bf16(1, users, heads, 64)
    t1, t2 = _tile(c1, device), _tile(c2, device)
    g1, g2 = _grids(device, users)
    idxs = [(17 * u + 5) % seq for u in range(users)]
    o1, o2 = ttnn.experimental.paged_fused_update_cache(t1, _sharded(x1, device, g1), t2, _sharded(x2, device, g2),
                                                        update_idxs=idxs)
    assert o1 is t1 and o2 is t2
    assert torch.equal(ttnn.to_torch(t1).float(), _write_ref(c1, x1, idxs))
    assert torch.equal(ttnn.to_torch(t2).float(), _write_ref(c2, x2, idxs))
    assert ttnn.op_report()[-1].program == "PagedTiledFusedUpdateCacheProgramFactory"


def test_fused_index_tensor_skip_and_program_cache(device):
    """An int32 index tensor with -1 (that user's rows of both caches untouched); a second call with other positions
    and other tensors of the same specs reuses the program."""
    users, heads = 8, 2
    c1, c2 = _bf16(users, heads, 128, 128), _bf16(users, heads, 128, 128)
    t1, t2 = _tile(c1, device), _tile(c2, device)
    g1, g2 = _grids(device, users)
    ref1, ref2 = c1.clone(), c2.clone()
    before = device.num_program_cache_entries()
    for call, idxs in enumerate(([0, 31, 32, -1, 127, 64, 1, 100], [5, -1, 6, 7, 8, 9, 10, 126])):
        x1, x2 = _bf16(1, users, heads, 128), _bf16(1, users, heads, 128)
        it = ttnn.from_torch(torch.tensor(idxs, dtype=torch.int32), dtype=ttnn.int32, device=device)
        ttnn.experimental.paged_fused_update_cache(t1, _sharded(x1, device, g1), t2, _sharded(x2, device, g2),
                                                   update_idxs_tensor=it)
        ref1, ref2 = _write_ref(ref1, x1, idxs), _write_ref(ref2, x2, idxs)
        assert torch.equal(ttnn.to_torch(t1).float(), ref1)
        assert torch.equal(ttnn.to_torch(t2).float(), ref2)
        assert ttnn.op_report()[-1].cache_hit == (call == 1)
    assert device.num_program_cache_entries() == before + 1


def test_fused_list_positions_repatched_on_cache_hit(device):
    """update_idxs are runtime args outside the program's key: the second call must write its own positions."""
    users = 4
    c1, c2 = _bf16(users, 1, 64, 64), _bf16(users, 1, 64, 64)
    t1, t2 = _tile(c1, device), _tile(c2, device)
    g1, g2 = _grids(device, users)
    ref1, ref2 = c1.clone(), c2.clone()
    for idxs in ([1, 2, 3, 4], [60, 33, 0, 31]):
        x1, x2 = _bf16(1, users, 1, 64), _bf16(1, users, 1, 64)
        ttnn.experimental.paged_fused_update_cache(t1, _sharded(x1, device, g1), t2, _sharded(x2, device, g2),
                                                   update_idxs=idxs)
        ref1, ref2 = _write_ref(ref1, x1, idxs), _write_ref(ref2, x2, idxs)
    assert ttnn.op_report()[-1].cache_hit
    assert torch.equal(ttnn.to_torch(t1).float(), ref1)
    assert torch.equal(ttnn.to_torch(t2).float(), ref2)


@pytest.mark.parametrize("block_size, heads", [(64, 1), (32, 4)])
def test_fused_paged(device, block_size, heads):
    """Paged caches [blocks, heads, block_size, d] with one page table for both: each user's position through its
    virtual block to the physical one."""
    users, per = 4, 4
    nb = users * per
    c1, c2 = _bf16(nb, heads, block_size, 64), _bf16(nb, heads, block_size, 64)
    t1, t2 = _tile(c1, device), _tile(c2, device)
    pt = torch.randperm(nb, dtype=torch.int32).reshape(users, per)
    idxs = [block_size + 5, -1, 3, per * block_size - 1]
    x1, x2 = _bf16(1, users, heads, 64), _bf16(1, users, heads, 64)
    g1, g2 = _grids(device, users)
    ttnn.experimental.paged_fused_update_cache(
        t1, _sharded(x1, device, g1), t2, _sharded(x2, device, g2),
        update_idxs_tensor=ttnn.from_torch(torch.tensor(idxs, dtype=torch.int32), dtype=ttnn.int32, device=device),
        page_table=ttnn.from_torch(pt, dtype=ttnn.int32, device=device))
    for c, t, x in ((c1, t1, x1), (c2, t2, x2)):
        ref = c.clone()
        for u, p in enumerate(idxs):
            if p >= 0:
                ref[pt[u, p // block_size], :, p % block_size] = x[0, u]
        assert torch.equal(ttnn.to_torch(t).float(), ref)


def test_fused_sub_core_grids_with_idle_cores(device):
    """Grids from a sub-core grid set, the second in another range: their bounding box holds cores of neither (they
    get has_work = 0)."""
    users = 3
    sub = CoreRangeSet([_r(1, 1, 3, 1), _r(4, 4, 6, 5)])
    g1, g2 = _grids(device, users, available=sub)
    assert g1.ranges() == [_r(1, 1, 3, 1)] and g2.ranges() == [_r(4, 4, 6, 4)]
    c1, c2 = _bf16(users, 2, 64, 64), _bf16(users, 2, 64, 64)
    t1, t2 = _tile(c1, device), _tile(c2, device)
    x1, x2 = _bf16(1, users, 2, 64), _bf16(1, users, 2, 64)
    idxs = [63, 0, 40]
    ttnn.experimental.paged_fused_update_cache(t1, _sharded(x1, device, g1), t2, _sharded(x2, device, g2),
                                               update_idxs=idxs)
    assert torch.equal(ttnn.to_torch(t1).float(), _write_ref(c1, x1, idxs))
    assert torch.equal(ttnn.to_torch(t2).float(), _write_ref(c2, x2, idxs))


def test_fused_float32_cache_fp32_dest(device):
    """Float32 caches with fp32_dest_acc_en (Float32 untilized buffers): exact for values SrcA (TF32) carries
    unchanged, as in paged_update_cache."""
    users = 2
    c1, c2 = _bf16(users, 1, 64, 64), _bf16(users, 1, 64, 64)
    t1, t2 = _tile(c1, device, ttnn.float32), _tile(c2, device, ttnn.float32)
    x1, x2 = _bf16(1, users, 1, 64), _bf16(1, users, 1, 64)
    g1, g2 = _grids(device, users)
    idxs = [3, 50]
    ttnn.experimental.paged_fused_update_cache(
        t1, _sharded(x1, device, g1, ttnn.float32), t2, _sharded(x2, device, g2, ttnn.float32), update_idxs=idxs,
        compute_kernel_config=ttnn.WormholeComputeKernelConfig(fp32_dest_acc_en=True))
    assert torch.equal(ttnn.to_torch(t1), _write_ref(c1, x1, idxs))
    assert torch.equal(ttnn.to_torch(t2), _write_ref(c2, x2, idxs))


def test_fused_bfloat8_b_caches(device):
    """bfloat8_b caches: tiles outside the updated tile rows bit for bit unchanged; the updated tile rows
    re-quantized (within a bfloat8_b step of their old values) holding the new rows."""
    users, idx = 4, 70
    t1, t2 = _tile(_bf16(users, 1, 128, 64), device, ttnn.bfloat8_b), _tile(_bf16(users, 1, 128, 64), device,
                                                                              ttnn.bfloat8_b)
    b1, b2 = ttnn.to_torch(t1).float(), ttnn.to_torch(t2).float()
    x1, x2 = _bf16(1, users, 1, 64), _bf16(1, users, 1, 64)
    g1, g2 = _grids(device, users)
    ttnn.experimental.paged_fused_update_cache(t1, _sharded(x1, device, g1), t2, _sharded(x2, device, g2),
                                               update_idxs=[idx] * users)
    for before, t, x in ((b1, t1, x1), (b2, t2, x2)):
        got = ttnn.to_torch(t).float()
        assert torch.equal(got[:, :, :64], before[:, :, :64]) and torch.equal(got[:, :, 96:], before[:, :, 96:])
        assert torch.allclose(got[:, 0, idx], x[0, :, 0], atol=0.07, rtol=0.02)
        rows = [r for r in range(64, 96) if r != idx]
        assert torch.allclose(got[:, :, rows], before[:, :, rows], atol=0.07, rtol=0.02)


def test_fused_share_cache(device):
    """share_cache: one cache of batch 1 per input, every user writing its own position (the cores of each grid
    chained by the semaphore)."""
    users = 4
    c1, c2 = _bf16(1, 2, 64, 64), _bf16(1, 2, 64, 64)
    t1, t2 = _tile(c1, device), _tile(c2, device)
    x1, x2 = _bf16(1, users, 2, 64), _bf16(1, users, 2, 64)
    g1, g2 = _grids(device, users)
    idxs = [1, 2, 33, 63]
    ttnn.experimental.paged_fused_update_cache(t1, _sharded(x1, device, g1), t2, _sharded(x2, device, g2),
                                               update_idxs=idxs, share_cache=True)
    assert torch.equal(ttnn.to_torch(t1).float(), _write_ref(c1, x1, idxs, share=True))
    assert torch.equal(ttnn.to_torch(t2).float(), _write_ref(c2, x2, idxs, share=True))


@pytest.mark.parametrize("paged, heads", [(False, 8), (True, 2)])
def test_fused_row_major_inputs(device, paged, heads):
    """Row-major inputs ([1, users, 8, 128], Llama-70b's): PagedRowMajorFusedUpdateCacheProgramFactory copies each
    head's row straight from the input's shard."""
    users, block, per = 4, 32, 3
    shape = (users * per, heads, block, 128) if paged else (users, heads, block * per, 128)
    c1, c2 = _bf16(*shape), _bf16(*shape)
    t1, t2 = _tile(c1, device), _tile(c2, device)
    x1, x2 = _bf16(1, users, heads, 128), _bf16(1, users, heads, 128)
    g1, g2 = _grids(device, users)
    idxs = [0, 95, -1, 40] if paged else [0, 95, 33, 40]
    xt1 = _sharded(x1, device, g1, layout=ttnn.ROW_MAJOR_LAYOUT, pad_to=8)
    xt2 = _sharded(x2, device, g2, layout=ttnn.ROW_MAJOR_LAYOUT, pad_to=8)
    it = ttnn.from_torch(torch.tensor(idxs, dtype=torch.int32), dtype=ttnn.int32, device=device)
    if paged:
        pt = torch.randperm(users * per, dtype=torch.int32).reshape(users, per)
        ttnn.experimental.paged_fused_update_cache(t1, xt1, t2, xt2, update_idxs_tensor=it,
                                                   page_table=ttnn.from_torch(pt, dtype=ttnn.int32, device=device))
    else:
        ttnn.experimental.paged_fused_update_cache(t1, xt1, t2, xt2, update_idxs_tensor=it)
    assert ttnn.op_report()[-1].program == "PagedRowMajorFusedUpdateCacheProgramFactory"
    for c, t, x in ((c1, t1, x1), (c2, t2, x2)):
        ref = c.clone()
        for u, p in enumerate(idxs):
            if p >= 0:
                if paged:
                    ref[pt[u, p // block], :, p % block] = x[0, u]
                else:
                    ref[u, :, p] = x[0, u]
        assert torch.equal(ttnn.to_torch(t).float(), ref)


# ------------------------------------------------------------------------------------------------ refusals
@pytest.fixture
def pair(device):
    users = 4
    t1, t2 = _tile(_bf16(users, 1, 64, 64), device), _tile(_bf16(users, 1, 64, 64), device)
    x = _bf16(1, users, 1, 64)
    g1, g2 = _grids(device, users)
    return t1, t2, x, g1, g2


def test_refuse_overlapping_grids(device, pair):
    t1, t2, x, g1, _g2 = pair
    with pytest.raises(ShardSpecError, match="must not overlap"):
        ttnn.experimental.paged_fused_update_cache(t1, _sharded(x, device, g1), t2, _sharded(x, device, g1),
                                                   update_idxs=[0, 1, 2, 3])


def test_refuse_grids_of_other_sizes(device, pair):
    t1, t2, x, g1, _g2 = pair
    g2 = CoreRangeSet([_r(0, 3, 1, 3)])
    with pytest.raises(ShardSpecError, match="same number of cores"):
        ttnn.experimental.paged_fused_update_cache(t1, _sharded(x, device, g1), t2, _sharded(x, device, g2),
                                                   update_idxs=[0, 1, 2, 3])
    g1b, g2b = CoreRangeSet([_r(0, 5, 1, 5)]), CoreRangeSet([_r(0, 6, 1, 6)])
    with pytest.raises(ShardSpecError, match="one user per core"):
        ttnn.experimental.paged_fused_update_cache(t1, _sharded(x, device, g1b), t2, _sharded(x, device, g2b),
                                                   update_idxs=[0, 1, 2, 3])


def test_refuse_mismatched_caches_and_inputs(device, pair):
    t1, _t2, x, g1, g2 = pair
    t8 = _tile(_bf16(4, 1, 64, 64), device, ttnn.bfloat8_b)
    with pytest.raises(ShapeError, match="sizes both caches"):
        ttnn.experimental.paged_fused_update_cache(t1, _sharded(x, device, g1), t8, _sharded(x, device, g2),
                                                   update_idxs=[0, 1, 2, 3])
    with pytest.raises(ShapeError, match="input_tensor1's format"):
        ttnn.experimental.paged_fused_update_cache(t1, _sharded(x, device, g1), _t2,
                                                   _sharded(x, device, g2, ttnn.float32), update_idxs=[0, 1, 2, 3])


def test_refuse_layouts_mesh_and_index_args(device, pair):
    t1, t2, x, g1, g2 = pair
    x1, x2 = _sharded(x, device, g1), _sharded(x, device, g2)
    with pytest.raises(ShapeError, match="only Llama70b tensor shapes"):          # head_dim 64: not 128
        ttnn.experimental.paged_fused_update_cache(
            t1, _sharded(x, device, g1, layout=ttnn.ROW_MAJOR_LAYOUT, pad_to=8), t2,
            _sharded(x, device, g2, layout=ttnn.ROW_MAJOR_LAYOUT, pad_to=8), update_idxs=[0, 1, 2, 3])
    with pytest.raises(DTypeError, match="lands misaligned"):              # float32 rows, Float16_b cache rows
        t128 = _tile(_bf16(4, 1, 64, 128), device)
        x128 = _bf16(1, 4, 1, 128)
        ttnn.experimental.paged_fused_update_cache(
            t128, _sharded(x128, device, g1, ttnn.float32, ttnn.ROW_MAJOR_LAYOUT, 8), t128,
            _sharded(x128, device, g2, ttnn.float32, ttnn.ROW_MAJOR_LAYOUT, 8), update_idxs=[0, 1, 2, 3])
    with pytest.raises(LayoutError, match="both tiled or both row-major"):
        ttnn.experimental.paged_fused_update_cache(
            t1, x1, t2, _sharded(x, device, g2, layout=ttnn.ROW_MAJOR_LAYOUT, pad_to=8), update_idxs=[0, 1, 2, 3])
    with pytest.raises(NotModelledError, match="mesh_coords"):
        ttnn.experimental.paged_fused_update_cache(t1, x1, t2, x2, update_idxs=[0, 1, 2, 3], mesh_coords={(0, 0)})
    it = ttnn.from_torch(torch.tensor([0, 1, 2, 3], dtype=torch.int32), dtype=ttnn.int32, device=device)
    with pytest.raises(TTNNError, match="Not both or neither"):
        ttnn.experimental.paged_fused_update_cache(t1, x1, t2, x2, update_idxs=[0, 1, 2, 3], update_idxs_tensor=it)
    with pytest.raises(ShapeError, match="Number of update_idxs"):
        ttnn.experimental.paged_fused_update_cache(t1, x1, t2, x2, update_idxs=[0, 1, 2])
    with pytest.raises(TTNNError, match="requires update_idxs tensor"):
        ttnn.experimental.paged_fused_update_cache(
            t1, x1, t2, x2, update_idxs=[0, 1, 2, 3],
            page_table=ttnn.from_torch(torch.zeros(4, 1, dtype=torch.int32), dtype=ttnn.int32, device=device))
    with pytest.raises(TTNNError, match="uint32 positions"):
        ttnn.experimental.paged_fused_update_cache(t1, x1, t2, x2, update_idxs=[0, -1, 2, 3])
