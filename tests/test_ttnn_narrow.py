"""ttnn.narrow (622c6fb9 narrow.cpp): a view of the input's DRAM interleaved or L1 sharded buffer, no program; its
checks."""

import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(44)


@pytest.mark.parametrize("dtype,np_dtype", [(ttnn.bfloat16, np.float32), (ttnn.float32, np.float32),
                                            (ttnn.int32, np.int32), (ttnn.uint16, np.uint16),
                                            (ttnn.uint32, np.uint32)])
def test_narrow_row_major_dim1_is_a_view_of_the_same_pages(device, dtype, np_dtype):
    """tt-metal's dram_dim1_rm case: (1, 32, 168, 16) narrowed to 8 from 5 along dim 1: start page 840 (pages of one
    16-element row), a multiple of the 12 DRAM banks."""
    x = RNG.integers(0, 128, (1, 32, 168, 16)).astype(np_dtype)
    t = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    ttnn.clear_op_report()
    y = ttnn.narrow(t, 1, 5, 8)
    assert ttnn.op_report() == []                            # no program: a view
    assert tuple(y.shape) == (1, 8, 168, 16) and y.dtype == dtype and y.layout == ttnn.ROW_MAJOR_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(y), ttnn.to_numpy(t)[:, 5:13])
    page = 16 * ttnn.Tensor.element_size(t)                  # one row, already a multiple of the DRAM alignment
    assert y.buffer_address() == t.buffer_address() + 840 // 12 * page
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.identity(y)), ttnn.to_numpy(t)[:, 5:13])   # ops read the view


def test_narrow_tile_dim0_and_the_view_lifetime(device):
    """tt-metal's dram_dim0_tile case, smaller: (48, 32, 17, 32) TILE narrowed to 12 from -24 along dim 0 (start 24:
    page 24 * 32 = 768). Deallocating the view frees nothing: the input still reads back."""
    x = RNG.standard_normal((48, 32, 17, 32)).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    y = ttnn.narrow(t, 0, -24, 12)
    np.testing.assert_array_equal(ttnn.to_numpy(y), ttnn.to_numpy(t)[24:36])
    whole = ttnn.to_numpy(t)
    ttnn.deallocate(y)
    np.testing.assert_array_equal(ttnn.to_numpy(t), whole)
    assert ttnn.narrow(t, 0, 0, 48) is t


def test_narrow_refusals(device):
    t = ttnn.from_numpy(np.zeros((2, 3, 64, 64), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                        device=device)
    with pytest.raises(ttnn.TTNNError, match="start index 64 out of bounds"):
        ttnn.narrow(t, 3, 64, 1)
    with pytest.raises(ttnn.TTNNError, match="length 40 out of bounds"):
        ttnn.narrow(t, 2, 32, 40)
    with pytest.raises(ttnn.TTNNError, match="on width for TILE layout requires start and length to be multiples"):
        ttnn.narrow(t, -1, 16, 32)
    with pytest.raises(ttnn.TTNNError, match="requires all preceding dimensions to be trivial"):
        ttnn.narrow(t, 1, 1, 1)
    one = ttnn.from_numpy(np.zeros((5, 32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                          device=device)
    with pytest.raises(ttnn.TTNNError, match="Start page ID must be aligned with number of banks"):
        ttnn.narrow(one, 0, 1, 2)
    rm = ttnn.from_numpy(np.zeros((1, 4, 64), np.float32), dtype=ttnn.bfloat16, device=device)
    with pytest.raises(ttnn.TTNNError, match="aligned to buffer alignment"):
        ttnn.narrow(rm, 2, 8, 8)
    l1 = ttnn.from_numpy(np.zeros((24, 32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                         device=device, memory_config=ttnn.L1_MEMORY_CONFIG)
    with pytest.raises(ttnn.TTNNError, match="not yet implemented"):
        ttnn.narrow(l1, 0, 12, 12)
    host = ttnn.from_numpy(np.zeros((24, 32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.TTNNError, match="only supports DEVICE tensors"):
        ttnn.narrow(host, 0, 12, 12)
    assert issubclass(tensix.NotModelledError, Exception)


def _mc(kind, grid0, grid1, shard, orient=ttnn.ShardOrientation.ROW_MAJOR):
    cores = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(*grid0), ttnn.CoreCoord(*grid1))])
    return ttnn.MemoryConfig(kind, ttnn.BufferType.L1, ttnn.ShardSpec(cores, shard, orient))


HS, WS, BS = (ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.TensorMemoryLayout.WIDTH_SHARDED,
              ttnn.TensorMemoryLayout.BLOCK_SHARDED)
SHARDED = [
    # (shape, dim, start, length, memory config, layout, kept cores, page offset in pages, narrowed shard)
    ((1, 8, 64, 128), 1, 4, 4, _mc(HS, (0, 0), (3, 3), (32, 128)), ttnn.TILE_LAYOUT, 8, 0, (32, 128)),  # whole shards
    ((1, 8, 64, 128), 3, 32, 32, _mc(HS, (0, 0), (3, 3), (32, 128)), ttnn.TILE_LAYOUT, 16, 1, (32, 32)),  # in a shard
    ((1, 8, 128, 128), 2, 96, 32, _mc(HS, (0, 0), (3, 3), (64, 128), ttnn.ShardOrientation.COL_MAJOR),
     ttnn.ROW_MAJOR_LAYOUT, 8, 32, (32, 128)),                                         # rows inside a shard, RM
    ((1, 1, 32, 576), -1, 512, 64, _mc(WS, (1, 1), (3, 3), (32, 64)), ttnn.TILE_LAYOUT, 1, 0, (32, 64)),
    ((1, 1, 8, 576), 3, 512, 64, _mc(WS, (1, 1), (3, 3), (8, 64)), ttnn.ROW_MAJOR_LAYOUT, 1, 0, (8, 64)),
    ((1, 32, 16, 192), 3, 128, 64, _mc(BS, (1, 0), (6, 7), (128, 32)), ttnn.TILE_LAYOUT, 16, 0, (128, 32)),
    ((1, 4, 64, 64), 1, 1, 2, _mc(BS, (0, 0), (1, 3), (64, 32)), ttnn.TILE_LAYOUT, 4, 0, (64, 32)),  # block rows
]


@pytest.mark.parametrize("shape,dim,start,length,mc,layout,n_cores,offset,shard", SHARDED,
                         ids=["hs-dim1", "hs-width-in-shard", "hs-rm-rows-in-shard", "ws-tile", "ws-rm", "bs-width",
                              "bs-rows"])
def test_narrow_of_an_l1_sharded_tensor_is_a_view(device, shape, dim, start, length, mc, layout, n_cores, offset,
                                                  shard):
    """narrow.cpp's L1 sharded branch: the kept cores (filter over cores_with_data), the narrowed shard shape, the
    view's address (input address + first kept page of a shard), no program; the values are torch.narrow's, and an op
    reads the view (to_memory_config to DRAM runs sharded_to_interleaved over it)."""
    x = RNG.standard_normal(shape).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=layout, device=device, memory_config=mc)
    ttnn.clear_op_report()
    y = ttnn.narrow(t, dim, start, length)
    assert ttnn.op_report() == []
    ymc = y.memory_config()
    assert ymc.memory_layout == mc.memory_layout and ymc.buffer_type == ttnn.BufferType.L1
    assert ymc.shard_spec.num_cores() == n_cores and tuple(ymc.shard_spec.shape) == shard
    assert y.buffer_address() == t.buffer_address() + offset * t._buffer.aligned_page_size
    want = np.take(ttnn.to_numpy(t), range(start, start + length), axis=dim)
    np.testing.assert_array_equal(ttnn.to_numpy(y), want)
    if mc.memory_layout != BS:
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.to_memory_config(y, ttnn.DRAM_MEMORY_CONFIG)), want)
    whole = ttnn.to_numpy(t)
    ttnn.deallocate(y)                                      # the view owns no memory
    np.testing.assert_array_equal(ttnn.to_numpy(t), whole)


def test_narrow_of_an_l1_sharded_tensor_refusals(device):
    t = ttnn.from_numpy(np.zeros((1, 8, 128, 128), np.float32), dtype=ttnn.bfloat16, device=device,
                        memory_config=_mc(HS, (0, 0), (3, 3), (64, 128)))
    with pytest.raises(ttnn.TTNNError, match="non-last dimension for L1 sharded tensor only supports full shards"):
        ttnn.narrow(t, 2, 32, 64)                           # rows 32..95: across a shard boundary, not whole shards
    w = ttnn.from_numpy(np.zeros((1, 1, 64, 256), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                        device=device, memory_config=_mc(WS, (0, 0), (1, 0), (64, 128)))
    with pytest.raises(ttnn.TTNNError, match="last dimension for L1 sharded tensor only supports full shards"):
        ttnn.narrow(w, 3, 32, 128)                          # shards two tiles tall: no width split inside one
    rm = ttnn.from_numpy(np.zeros((1, 1, 4, 64), np.float32), dtype=ttnn.bfloat16, device=device,
                         memory_config=_mc(HS, (0, 0), (3, 0), (1, 64)))
    with pytest.raises(tensix.NotModelledError, match="one-row shards"):
        ttnn.narrow(rm, 3, 16, 32)
