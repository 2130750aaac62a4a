"""ND-sharded storage (tensix.ttnn.nd_sharded) against a second implementation written from tt-metal 622c6fb9's
buffer_distribution_spec.cpp as it is written there: squeeze_shape_ranks, then the recursion over shards
(iterate_over_shards / iterate_within_shard, partial last shards) that fills each core's page list; and the bytes the
host writes landing in those cores' L1 or DRAM banks."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn import nd_sharded
from tensix.ttnn.tensor import device_bytes


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def ref_squeeze(tensor, shard):
    """squeeze_shape_ranks, transliterated loop by loop."""
    new_t, new_s = [], []
    matching = divisible = False
    tv, sv = int(np.prod(tensor)), int(np.prod(shard))
    ct = cs = 1
    for dim in range(-1, -len(shard) - 1, -1):
        t, s = tensor[dim], shard[dim]
        merge = dim < -1 and (matching or (s == 1 and divisible))
        if merge:
            new_t[-1] *= t
            new_s[-1] *= s
        else:
            new_t.append(t)
            new_s.append(s)
            matching = True
        matching &= t == s
        divisible = t % s == 0
        ct *= t
        cs *= s
        if ct == tv and cs == sv:
            break
    for dim in range(-len(shard) - 1, -len(tensor) - 1, -1):
        new_t[-1] *= tensor[dim]
    return new_t[::-1], new_s[::-1]


def ref_mapping(tensor, shard, ncores):
    """core_host_page_indices of the C++ recursion: for each core, the host page at each of its slots (-1 padding)."""
    t, s = ref_squeeze(tensor, shard)
    rank = len(t)
    grid = [-(-a // b) for a, b in zip(t, s)]
    t_str = [int(np.prod(t[d + 1:])) for d in range(rank)]
    s_str = [int(np.prod(s[d + 1:])) for d in range(rank)]
    vol = int(np.prod(s))
    per_core = -(-int(np.prod(grid)) // ncores)
    out = [[-1] * (per_core * vol) for _ in range(ncores)]
    actual = [0] * rank
    state = {"shard": 0}

    def within(dim, src, dst, core):
        if dim == rank:
            out[core][dst] = src
            return
        for _ in range(actual[dim]):
            within(dim + 1, src, dst, core)
            src += t_str[dim]
            dst += s_str[dim]

    def over(dim, src):
        if dim == rank:
            core = state["shard"] % ncores
            within(0, src, (state["shard"] // ncores) * vol, core)
            state["shard"] += 1
            return
        actual[dim] = s[dim]
        for i in range(grid[dim] - 1):
            over(dim + 1, src + i * s[dim] * t_str[dim])
        part = t[dim] % s[dim]
        actual[dim] = part if part else s[dim]
        over(dim + 1, src + (grid[dim] - 1) * s[dim] * t_str[dim])

    over(0, 0)
    return out


def test_squeeze_merges_outer_tensor_dims_into_the_shards_outermost():
    assert nd_sharded.squeeze_shape_ranks([8] * 7, [4, 4, 4]) == ([8 ** 5, 8, 8], [4, 4, 4])
    assert nd_sharded.squeeze_shape_ranks([2, 3, 4, 5], [2, 5]) == ([120], [10])      # a run the shard covers whole
    assert nd_sharded.squeeze_shape_ranks([6, 4, 8], [1, 2, 8]) == ([192], [16])       # a unit dim over a divided one
    assert nd_sharded.squeeze_shape_ranks([6, 4, 8], [2, 2, 8]) == ([6, 32], [2, 16])
    assert nd_sharded.squeeze_shape_ranks([7, 9], [3, 4]) == ([7, 9], [3, 4])


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=4).flatmap(
    lambda t: st.tuples(st.just(t), st.lists(st.integers(1, 7), min_size=1, max_size=len(t)), st.integers(1, 5))))
def test_page_placement_matches_the_cpp_recursion(case):
    tensor, shard, ncores = case
    t_sq, s_sq = nd_sharded.squeeze_shape_ranks(list(tensor), shard)
    assert (t_sq, s_sq) == ref_squeeze(list(tensor), shard)
    core, slot = nd_sharded.page_placement(t_sq, s_sq, ncores)
    want = {page: (c, i) for c, pages in enumerate(ref_mapping(list(tensor), shard, ncores))
            for i, page in enumerate(pages) if page >= 0}
    assert len(want) == int(np.prod(tensor)) == len(core)
    assert all((int(core[p]), int(slot[p])) == want[p] for p in want)


def _grid(x0, y0, x1, y1):
    return ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))})


@pytest.mark.parametrize("layout,shape,shard", [
    (ttnn.TILE_LAYOUT, (3, 5, 70, 96), [2, 64, 64]),
    (ttnn.TILE_LAYOUT, (2, 3, 4, 40, 33), [16, 16, 16]),          # not tile-sized: whole tiles all the same
    (ttnn.ROW_MAJOR_LAYOUT, (4, 6, 48), [3, 5, 16]),
])
@pytest.mark.parametrize("buffer_type", [ttnn.BufferType.L1, ttnn.BufferType.DRAM])
@pytest.mark.parametrize("orientation", [ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR])
def test_host_round_trip_and_bytes_where_tt_metal_puts_them(device, layout, shape, shard, buffer_type, orientation):
    grid = _grid(0, 0, 4, 0) if buffer_type == ttnn.BufferType.DRAM else _grid(1, 2, 3, 4)
    mc = ttnn.MemoryConfig(buffer_type, ttnn.NdShardSpec(shard, grid, orientation))
    x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.float32, layout=layout, device=device, memory_config=mc)
    assert t.memory_config().nd_shard_spec == mc.nd_shard_spec and t.memory_config().is_sharded()
    np.testing.assert_array_equal(ttnn.to_numpy(t), x)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.from_device(t)), x)
    # every page in its core's memory where the C++ recursion puts it (cores in the orientation's order)
    buf = t._buffer
    g = buf.geom
    row_wise = orientation == ttnn.ShardOrientation.ROW_MAJOR
    r = grid.ranges[0]
    xs, ys = range(r.start.x, r.end.x + 1), range(r.start.y, r.end.y + 1)
    assert g.cores == ([(cx, cy) for cy in ys for cx in xs] if row_wise else [(cx, cy) for cx in xs for cy in ys])
    pages = device_bytes(ttnn.from_numpy(x, dtype=ttnn.float32, layout=layout)).reshape(g.num_pages, g.page_size)
    sim = device.sim
    for ci, (cx, cy) in enumerate(g.cores):
        mem = sim.dram.mem[cx] if buffer_type == ttnn.BufferType.DRAM else sim.cores[(cx, cy)].l1
        for slot, page in enumerate(ref_mapping(g.tensor_pages, g.shard_pages, len(g.cores))[ci]):
            if page >= 0:
                at = buf.address() + slot * g.aligned_page_size
                np.testing.assert_array_equal(mem[at:at + g.page_size], pages[page])


def test_grid_2d_trims_the_grid_to_the_shards():
    mc = ttnn.MemoryConfig(ttnn.BufferType.L1, ttnn.NdShardSpec(
        [32, 64], _grid(1, 1, 5, 5), ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardDistributionStrategy.GRID_2D))
    g = nd_sharded.NdGeometry((64, 96), (64, 96), ttnn.bfloat16, ttnn.TILE_LAYOUT, mc)
    assert g.cores == [(1, 1), (2, 1), (1, 2), (2, 2)]       # 2 shards along the width, 2 along the height


def test_row_major_rows_are_padded_to_a_multiple_of_the_shard_width(device):
    """RowMajorPageConfig::create_default_alignment: the physical row is a whole number of shard-wide pages."""
    mc = ttnn.MemoryConfig(ttnn.BufferType.L1, ttnn.NdShardSpec([2, 16], _grid(0, 0, 1, 1)))
    x = np.arange(4 * 40, dtype=np.float32).reshape(4, 40)
    t = ttnn.from_numpy(x, dtype=ttnn.float32, device=device, memory_config=mc)
    np.testing.assert_array_equal(ttnn.to_numpy(t), x)
    g = t._buffer.geom
    assert g.tensor_pages == [4, 3] and g.page_size == 64 and g.physical_row_bytes == 48 * 4
    # row 0's third page (columns 32..47) is shard (0, 2), the third shard: core (0, 1), slot 0; its last 8 values pad
    page = device.sim.cores[(0, 1)].l1[t.buffer_address():t.buffer_address() + 64].view(np.float32)
    np.testing.assert_array_equal(page, np.concatenate([x[0, 32:40], np.zeros(8, np.float32)]))


def test_ops_refuse_nd_sharded_tensors_loudly(device):
    mc = ttnn.MemoryConfig(ttnn.BufferType.DRAM, ttnn.NdShardSpec([2, 32, 32], _grid(0, 0, 2, 0)))
    t = ttnn.full((4, 64, 64), 1.5, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    np.testing.assert_array_equal(ttnn.to_numpy(t), np.full((4, 64, 64), 1.5, np.float32))
    for op in (lambda: ttnn.add(t, t), lambda: ttnn.exp(t), lambda: ttnn.matmul(t, t),
               lambda: ttnn.reshape(t, (64, 256)), lambda: ttnn.softmax(t, dim=-1)):
        with pytest.raises(NotModelledError, match="ND-sharded"):
            op()
    # to_memory_config takes it: prim::copy reaches it through TensorAccessors (tests/test_ttnn_copy_sharded.py)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG)),
                                  np.full((4, 64, 64), 1.5, np.float32))
    ttnn.deallocate(t)
