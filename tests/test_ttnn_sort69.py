"""ttnn.sort (tensix/ttnn/operations/dm_sort.py, kernels in tensix/ttnn/kernels/sort/): tt-metal 622c6fb9's
SortProgramFactorySingleRowSingleCore and sort.cpp's transforms, checked against numpy / torch (values) and by
gathering the input with the returned indices; the network's order of equal keys is pinned, not compared with an
argsort; the refusals."""

import numpy as np
import pytest
import torch

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import DTypeError, TTNNError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _sort(device, x, dim, descending, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, **kw):
    t = ttnn.from_torch(x, dtype, layout=layout, device=device)
    return ttnn.sort(t, dim=dim, descending=descending, **kw)


def _check(x, dim, descending, v, i, torch_dtype, permutation=True):
    """Values equal numpy's sort; the indices gather exactly those values out of the input and are a permutation.
    FLOAT32 along another dim than the last goes through two ttnn.transpose calls whose Dst copy keeps TF32 (10
    mantissa bits, as the vendored test_sort_row_major_layout notes): values within 2^-10 relative there."""
    ref = np.sort(x.float().numpy(), axis=dim)
    if descending:
        ref = np.flip(ref, axis=dim)
    got = ttnn.to_torch(v).to(torch_dtype)
    assert list(got.shape) == list(x.shape)
    idx = ttnn.to_torch(i).to(torch.int64)
    if torch_dtype == torch.float32 and dim % x.dim() != x.dim() - 1:
        np.testing.assert_allclose(got.numpy(), ref, rtol=2.0 ** -10, atol=0)
        np.testing.assert_allclose(torch.gather(x, dim, idx).numpy(), ref, rtol=2.0 ** -9, atol=0)
    else:
        np.testing.assert_array_equal(got.float().numpy(), ref)
        np.testing.assert_array_equal(torch.gather(x, dim, idx).float().numpy(), ref)
    if not permutation:
        return
    np.testing.assert_array_equal(np.sort(idx.numpy(), axis=dim),
                                  np.broadcast_to(np.arange(x.shape[dim]).reshape(
                                      [-1 if d == (dim % x.dim()) else 1 for d in range(x.dim())]), x.shape))


@pytest.mark.parametrize("shape, dim, descending", [
    ([64, 64], -1, False),
    ([32, 128], -1, True),
    ([2, 32, 256], -1, False),        # Wt = 8: three merge stages (topk_merge at distances 4, 2)
    ([1, 55, 43], -1, True),          # odd length: tile padding and the power-of-two pad with -inf
    ([3, 100], -1, False),            # 100 -> 128 with +inf
    ([1, 64, 64], 1, True),           # not the last dim: transposed there and back
    ([2, 2, 2, 64, 32], 0, False),    # rank 5
    ([237], 0, False),
])
@pytest.mark.parametrize("torch_dtype, dtype", [(torch.bfloat16, ttnn.bfloat16), (torch.float32, ttnn.float32)])
def test_sort_matches_numpy(device, shape, dim, descending, torch_dtype, dtype):
    torch.manual_seed(0)
    x = torch.randn(shape, dtype=torch_dtype)
    v, i = _sort(device, x, dim, descending, dtype)
    assert v.dtype == dtype
    assert i.dtype == (ttnn.uint32 if dtype == ttnn.float32 else ttnn.uint16)
    _check(x, dim, descending, v, i, torch_dtype)


@pytest.mark.parametrize("shape, dim, descending", [([64, 64], -1, True), ([3, 43], -1, False), ([1, 64, 64], 0, True)])
def test_sort_row_major(device, shape, dim, descending):
    """ROW_MAJOR: read by rows, tilized and untilized on the core; rows padded to a whole tile row with +-inf."""
    torch.manual_seed(1)
    x = torch.randn(shape, dtype=torch.bfloat16)
    v, i = _sort(device, x, dim, descending, layout=ttnn.ROW_MAJOR_LAYOUT)
    assert v.get_layout() == ttnn.ROW_MAJOR_LAYOUT and i.get_layout() == ttnn.ROW_MAJOR_LAYOUT
    _check(x, dim, descending, v, i, torch.bfloat16)


@pytest.mark.parametrize("shape, descending, torch_dtype, dtype, layout", [
    ([1, 1, 32, 65 * 32], False, torch.bfloat16, ttnn.bfloat16, ttnn.TILE_LAYOUT),    # 65 tiles -> 128: 2 a core
    ([2, 4096], True, torch.bfloat16, ttnn.bfloat16, ttnn.TILE_LAYOUT),
    ([32, 3000], False, torch.bfloat16, ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT),       # row slices per core
    ([32, 4096], False, torch.float32, ttnn.float32, ttnn.TILE_LAYOUT),
])
def test_sort_cross_core(device, shape, descending, torch_dtype, dtype, layout):
    """Rows of 65 .. 8192 tiles: SortProgramFactoryCrossCoreDataExchange, the row split over the cores, tiles
    exchanged between them for the long distances of the network. The indices are a permutation only without ties
    (bfloat16 randn rows of thousands have many; see test_sort_cross_core_ties)."""
    torch.manual_seed(4)
    x = torch.randn(shape, dtype=torch_dtype)
    v, i = _sort(device, x, -1, descending, dtype, layout=layout)
    _check(x, -1, descending, v, i, torch_dtype, permutation=torch_dtype == torch.float32)


def test_sort_cross_core_distinct_values_permute(device):
    """Distinct bfloat16 values over a cross-core row: the indices are a permutation of the row."""
    rng = np.random.RandomState(0)
    vals = torch.tensor(np.unique(rng.randn(20000).astype(np.float32))).to(torch.bfloat16).float().unique()[:2048]
    x = vals[torch.randperm(len(vals), generator=torch.Generator().manual_seed(0))].to(torch.bfloat16).reshape(1, -1)
    v, i = _sort(device, x, -1, False)
    _check(x, -1, False, v, i, torch.bfloat16)


def test_sort_cross_core_ties(device):
    """Equal keys split between two cores: each core merges its tile with the peer's and keeps one half, the operands
    in the opposite order on the two cores (local tile in Dst 0, peer's in Dst 1), so a tied key at the split can be
    kept by both and another tied key by neither. The values are right and every index points at an equal value
    (what the vendored tests check by gathering); a duplicated index always belongs to a tied value."""
    torch.manual_seed(4)
    x = torch.randn([2, 4096], dtype=torch.bfloat16)
    v, i = _sort(device, x, -1, True)
    _check(x, -1, True, v, i, torch.bfloat16, permutation=False)
    idx = ttnn.to_torch(i).to(torch.int64)[0].numpy()
    u, c = np.unique(idx, return_counts=True)
    row = x[0].float().numpy()
    assert (c > 1).any()
    assert all((row == row[d]).sum() > 1 for d in u[c > 1])


def test_sort_more_rows_than_cores(device):
    """Ht = 70 rows of tiles on the 64-core grid: the first Ht % 64 cores take a second row."""
    grid = device.compute_with_storage_grid_size()
    ht = grid.x * grid.y + 6
    torch.manual_seed(2)
    x = torch.randn([ht * 32, 64], dtype=torch.bfloat16)
    v, i = _sort(device, x, -1, False)
    _check(x, -1, False, v, i, torch.bfloat16)


def test_sort_ties_keep_network_order(device):
    """Equal keys: the bitonic network (tt-llk's topk, STABLE_SORT = false) leaves them in its own order, the same for
    every row; pinned here (torch.sort would give 0, 1, 2, ...)."""
    x = torch.ones((32, 64), dtype=torch.bfloat16)
    _v, i = _sort(device, x, -1, False)
    i = ttnn.to_torch(i).to(torch.int64)
    assert i[0].tolist()[:16] == [8, 9, 10, 11, 15, 14, 13, 12, 4, 5, 6, 7, 3, 2, 1, 0]
    assert sorted(i[0].tolist()) == list(range(64))
    assert (i == i[:1]).all()


def test_sort_preallocated_outputs_are_rebound(device):
    """out=(values, indices): the caller's tensors hold the result afterwards (sort.cpp assigns through them)."""
    torch.manual_seed(3)
    x = torch.randn([32, 43], dtype=torch.bfloat16)
    t = ttnn.from_torch(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    ov = ttnn.zeros_like(t)
    oi = ttnn.zeros_like(t, dtype=ttnn.uint16)
    ttnn.sort(t, dim=-1, descending=True, out=(ov, oi))
    _check(x, -1, True, ov, oi, torch.bfloat16)


def test_sort_early_exits(device):
    """A [1] input or a sort dim of size 1 comes back as is, with zero indices (UINT32 for FLOAT32)."""
    x = torch.randn([5, 1], dtype=torch.float32)
    v, i = _sort(device, x, -1, True, ttnn.float32)
    assert torch.equal(ttnn.to_torch(v), x)
    assert i.dtype == ttnn.uint32 and not ttnn.to_torch(i).any()
    v, i = _sort(device, torch.tensor([2.5]), 0, False)
    assert ttnn.to_torch(v).tolist() == [2.5] and ttnn.to_torch(i).tolist() == [0]


def test_refusals(device):
    x = torch.randn([32, 64], dtype=torch.bfloat16)
    t = ttnn.from_torch(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(TTNNError, match="stable=True"):
        ttnn.sort(t, stable=True)
    with pytest.raises(TTNNError, match="out of range"):
        ttnn.sort(t, dim=2)
    # more than 64 cores x 128 tiles a row: SortProgramFactorySingleRowMultiCore, not modelled (refused before the
    # transforms run)
    long_row = ttnn.from_torch(torch.randn([1, 32 * 8193], dtype=torch.bfloat16), ttnn.bfloat16,
                               layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(NotModelledError, match="SortProgramFactorySingleRowMultiCore"):
        ttnn.sort(long_row)
    u16 = ttnn.from_torch(torch.randint(100, [32, 64], dtype=torch.int32), ttnn.uint16, layout=ttnn.TILE_LAYOUT,
                          device=device)
    with pytest.raises(NotModelledError, match="UINT16 values"):
        ttnn.sort(u16)
    i32 = ttnn.from_torch(torch.randint(100, [32, 64], dtype=torch.int32), ttnn.int32, layout=ttnn.TILE_LAYOUT,
                          device=device)
    with pytest.raises(DTypeError, match="BFLOAT16, UINT16, or FLOAT32"):
        ttnn.sort(i32)
    f32 = ttnn.from_torch(x.float(), ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
    ov = ttnn.zeros_like(f32)
    oi = ttnn.zeros_like(f32, dtype=ttnn.uint16)
    with pytest.raises(DTypeError, match="UINT32 when input dtype is FLOAT32"):
        ttnn.sort(f32, out=(ov, oi))
