"""ttnn.slice of sharded TILE tensors (tensix.ttnn.operations.dm_slice), as tt-metal 622c6fb9 runs them:
SliceTileProgramFactory reaches the shards through TensorAccessors, so a sharded input or output slices like an
interleaved one; with no memory_config the output inherits the input's sharding with the shard shape rescaled to the
sliced shape (slice.cpp, issue #38016). Checked against numpy, values exact (a slice moves bytes)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _grid(x1, y1, x0=0, y0=0):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))])


def _mc(kind, grid, shape, orientation=ttnn.ShardOrientation.ROW_MAJOR):
    return ttnn.MemoryConfig(kind, ttnn.BufferType.L1, ttnn.ShardSpec(grid, shape, orientation))


H, W, B = (ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.TensorMemoryLayout.WIDTH_SHARDED,
           ttnn.TensorMemoryLayout.BLOCK_SHARDED)

CASES = [
    # shape, input config, begins, ends, expected inherited shard shape
    ((1, 1, 128, 64), _mc(H, _grid(1, 1), (32, 64)), [0, 0, 32, 0], [1, 1, 96, 64], (32, 64)),
    ((1, 1, 32, 64), _mc(H, _grid(0, 0), (32, 64)), [0, 0, 0, 0], [1, 1, 18, 64], (32, 64)),
    ((2, 3, 64, 64), _mc(H, _grid(3, 2), (32, 64)), [1, 1, 0, 0], [2, 3, 64, 64], (32, 64)),
    ((1, 1, 32, 256), _mc(W, _grid(3, 0), (32, 64)), [0, 0, 0, 64], [1, 1, 32, 200], (32, 64)),
    ((1, 1, 128, 128), _mc(B, _grid(1, 1), (64, 64)), [0, 0, 32, 32], [1, 1, 96, 128], (32, 64)),
    ((1, 1, 256, 32), _mc(H, _grid(1, 1), (64, 32)), [0, 0, 0, 0], [1, 1, 128, 32], (32, 32)),
]


@pytest.mark.parametrize("shape,mc,begins,ends,inherited", CASES,
                         ids=["height-mid", "height-18", "height-outer", "width", "block", "height-halve"])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_sharded_tile_slice(device, shape, mc, begins, ends, inherited, dtype):
    x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    ref = np.asarray(ttnn.to_numpy(t))[tuple(slice(b, e) for b, e in zip(begins, ends))]
    # inherited sharding: the shard shape rescaled to the sliced (tile-rounded) shape
    ttnn.clear_op_report()
    out = ttnn.slice(t, begins, ends)
    assert [r.program for r in ttnn.op_report() if r.op == "ttnn.slice"] == ["slice_tile"]
    assert list(out.shape) == [e - b for b, e in zip(begins, ends)]
    omc = out.memory_config()
    assert omc.memory_layout == mc.memory_layout and tuple(omc.shard_spec.shape) == inherited
    assert list(omc.shard_spec.grid) == list(mc.shard_spec.grid)
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(out)), ref)
    # to DRAM
    out = ttnn.slice(t, begins, ends, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    assert not out.is_sharded()
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(out)), ref)
    # interleaved in, sharded out (an explicit shard spec)
    d = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.slice(d, begins, ends, memory_config=ttnn.MemoryConfig(mc.memory_layout, ttnn.BufferType.L1,
                                                                      ttnn.ShardSpec(mc.shard_spec.grid, inherited,
                                                                                     mc.shard_spec.orientation)))
    assert out.is_sharded()
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(out)), ref)


def test_sharded_no_op_slice_is_to_memory_config(device):
    x = np.random.default_rng(2).standard_normal((1, 1, 64, 64)).astype(np.float32)
    mc = _mc(H, _grid(1, 0), (32, 64))
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    out = ttnn.slice(t, [0, 0, 0, 0], [1, 1, 64, 64], memory_config=ttnn.DRAM_MEMORY_CONFIG)
    assert not out.is_sharded()
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(out)), np.asarray(ttnn.to_numpy(t)))


def test_sharded_slice_refusals(device):
    x = np.random.default_rng(3).standard_normal((1, 1, 64, 64)).astype(np.float32)
    mc = _mc(H, _grid(1, 0), (32, 64))
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    with pytest.raises(NotModelledError, match="row-major path"):          # begins not on tile boundaries
        ttnn.slice(t, [0, 0, 8, 0], [1, 1, 40, 64])
    with pytest.raises(NotModelledError, match="row-major path"):          # steps
        ttnn.slice(t, [0, 0, 0, 0], [1, 1, 64, 64], [1, 1, 2, 1])
    r = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device,
                        memory_config=_mc(H, _grid(1, 0), (32, 64)))
    with pytest.raises(NotModelledError, match="row-major path"):       # HEIGHT in, interleaved out
        ttnn.slice(r, [0, 0, 0, 0], [1, 1, 32, 64], memory_config=ttnn.DRAM_MEMORY_CONFIG)
    d = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(NotModelledError, match="without a shard spec"):
        ttnn.slice(d, [0, 0, 0, 0], [1, 1, 32, 64],
                   memory_config=ttnn.MemoryConfig(H, ttnn.BufferType.L1))


def _hmc(grid, h, w, orientation=ttnn.ShardOrientation.ROW_MAJOR):
    return _mc(H, grid, (h, w), orientation)


@pytest.mark.parametrize("orientation", [ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR])
@pytest.mark.parametrize("begins,ends", [((0, 0, 0, 0), (2, 11, 23, 16)), ((1, 2, 3, 0), (2, 13, 30, 16)),
                                         ((0, 5, 0, 0), (2, 6, 32, 16))])
def test_row_major_height_sharded_slice(device, orientation, begins, ends):
    """SliceRmShardedProgramFactory: ROW_MAJOR HEIGHT_SHARDED in and out; each output core pulls its sticks from the
    input shards' cores. With an explicit output shard spec and with the inherited (rescaled) one."""
    x = np.random.default_rng(4).standard_normal((2, 16, 32, 16)).astype(np.float32)
    g = _grid(7, 6)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device,
                        memory_config=_hmc(g, -(-2 * 16 * 32 // 56), 16, orientation))
    ref = np.asarray(ttnn.to_numpy(t))[tuple(slice(b, e) for b, e in zip(begins, ends))]
    rows = int(np.prod(ref.shape[:-1]))
    ttnn.clear_op_report()
    out = ttnn.slice(t, begins, ends, memory_config=_hmc(g, -(-rows // 56), 16, orientation))
    assert [r.program for r in ttnn.op_report() if r.op == "ttnn.slice"] == ["SliceRmShardedProgramFactory"]
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(out)), ref)
    out = ttnn.slice(t, begins, ends)
    assert tuple(out.memory_config().shard_spec.shape) == (-(-rows // 56), 16)
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(out)), ref)


def test_row_major_height_sharded_slice_of_last_dim_refused(device):
    x = np.ones((1, 1, 64, 32), np.float32)
    g = _grid(1, 0)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device,
                        memory_config=_hmc(g, 32, 32))
    with pytest.raises(NotModelledError, match="copies whole input sticks"):
        ttnn.slice(t, [0, 0, 0, 0], [1, 1, 32, 16], memory_config=_hmc(g, 16, 16))
