"""ttnn._ttnn.reports (tensix.ttnn.buffer_report) as tt-metal 622c6fb9 reports.cpp lists buffers and pages, and the
creation ops' optional_tensor (writes into the given tensor, allocates nothing)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn import buffer_report as br
from tensix.ttnn.compat import ttnn as compat_ttnn


@pytest.fixture
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def _t(dev, shape, mc, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16):
    return ttnn.from_numpy(np.ones(shape, np.float32), dtype=dtype, layout=layout, device=dev, memory_config=mc)


def test_interleaved_pages_l1_only(dev):
    assert br.get_buffer_pages(dev) == []
    a = _t(dev, (64, 96), ttnn.L1_MEMORY_CONFIG)           # 6 tiles
    d = _t(dev, (64, 64), ttnn.DRAM_MEMORY_CONFIG)         # DRAM: not listed as pages
    pages = br.get_buffer_pages(dev)
    assert [p.page_index for p in pages] == list(range(6))
    addr = a.buffer_address()
    assert all(p.address == addr and p.page_size == 2048 and p.buffer_type == ttnn.BufferType.L1 for p in pages)
    # pages round-robin over the 64 L1 banks from bank 0 (core (0, 0), (1, 0), ...); bank_id is the next bank
    assert [(p.core_x, p.core_y) for p in pages] == [(i, 0) for i in range(6)]
    assert [p.bank_id for p in pages] == [1, 2, 3, 4, 5, 6]
    assert all(p.page_address == addr for p in pages)
    infos = br.get_buffers(dev)
    assert {(i.buffer_type, i.max_size_per_bank) for i in infos} == {(ttnn.BufferType.L1, 2048),
                                                                   (ttnn.BufferType.DRAM, 2048)}
    del d
    ttnn.deallocate(a)
    assert br.get_buffer_pages(dev) == []


def test_many_pages_wrap_over_the_banks(dev):
    a = _t(dev, (32, 32 * 70), ttnn.L1_MEMORY_CONFIG)      # 70 tiles over 64 banks
    pages = br.get_buffer_pages(dev)
    assert len(pages) == 70
    assert pages[64].page_address == a.buffer_address() + 2048 and (pages[64].core_x, pages[64].core_y) == (0, 0)
    assert pages[63].bank_id == 0


def test_sharded_pages_partial_shards(dev):
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))})
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                           ttnn.ShardSpec(grid, [64, 64], ttnn.ShardOrientation.ROW_MAJOR))
    keep = _t(dev, (160, 64), mc)  # noqa: F841 -- 5 x 2 tiles: shards of 2 x 2 tiles on 3 cores, the last half full
    pages = br.get_buffer_pages(dev)
    assert len(pages) == 10
    assert [(p.core_x, p.page_index) for p in pages] == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 4), (1, 5), (1, 6),
                                                         (1, 7), (2, 8), (2, 9)]
    info, = br.get_buffers(dev)
    assert info.buffer_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED and info.max_size_per_bank == 4 * 2048


def test_nd_sharded_buffers_are_refused(dev):
    nd = ttnn.MemoryConfig(ttnn.BufferType.L1, ttnn.NdShardSpec(
        [2, 32, 64], ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))])))
    keep = _t(dev, (3, 64, 96), nd)  # noqa: F841 -- no legacy equivalent: stored ND
    with pytest.raises(NotModelledError, match="ND-sharded"):
        br.get_buffer_pages(dev)
    with pytest.raises(NotModelledError, match="ND-sharded"):
        br.get_buffers(dev)

def test_compat_namespace(dev):
    assert compat_ttnn._ttnn.reports.get_buffer_pages(dev) == []


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_full_and_full_like_fill_the_optional_tensor(dev, dtype):
    o = _t(dev, (5, 96, 64), ttnn.L1_MEMORY_CONFIG, dtype=dtype)
    before = len(br.get_buffer_pages(dev))
    r = ttnn.full([1, 1], 2.5, optional_tensor=o)          # the optional tensor's shape wins
    assert r is o and len(br.get_buffer_pages(dev)) == before
    np.testing.assert_array_equal(ttnn.to_numpy(o), np.full((5, 96, 64), 2.5, np.float32))
    src = _t(dev, (5, 96, 64), ttnn.DRAM_MEMORY_CONFIG)
    assert ttnn.full_like(src, 9, optional_tensor=o) is o
    np.testing.assert_array_equal(ttnn.to_numpy(o), np.full((5, 96, 64), 9, np.float32))


def test_full_block_float_optional_tensor_is_left_alone(dev):
    o = _t(dev, (32, 32), ttnn.DRAM_MEMORY_CONFIG, dtype=ttnn.bfloat8_b)
    r = ttnn.full([32, 32], 3.0, optional_tensor=o)        # the C++'s BFLOAT8_B case: a new tensor
    assert r is not o
    np.testing.assert_array_equal(ttnn.to_numpy(o), np.ones((32, 32), np.float32))
    np.testing.assert_array_equal(ttnn.to_numpy(r), np.full((32, 32), 3.0, np.float32))


def test_full_like_of_a_tile_device_tensor_fills_a_block_float_optional_tensor(dev):
    """full_like of a TILE device tensor runs ttnn::fill into optional_tensor, block floats included (unlike full)."""
    o = _t(dev, (32, 64), ttnn.DRAM_MEMORY_CONFIG, dtype=ttnn.bfloat8_b)
    assert ttnn.full_like(_t(dev, (32, 64), ttnn.DRAM_MEMORY_CONFIG), 3.0, optional_tensor=o) is o
    np.testing.assert_array_equal(ttnn.to_numpy(o), np.full((32, 64), 3.0, np.float32))

def test_copy_host_to_device_tensor_errors(dev):
    o = _t(dev, (32, 32), ttnn.L1_MEMORY_CONFIG)
    with pytest.raises(ttnn.TTNNError, match="spec"):
        ttnn.copy_host_to_device_tensor(ttnn.from_numpy(np.ones((32, 64), np.float32), dtype=ttnn.bfloat16,
                                                        layout=ttnn.TILE_LAYOUT), o)
    with pytest.raises(ttnn.TTNNError, match="host_tensor is on a device"):
        ttnn.copy_host_to_device_tensor(o, o)
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 0))})
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                           ttnn.ShardSpec(grid, [32, 32], ttnn.ShardOrientation.ROW_MAJOR))
    s = _t(dev, (32, 32), mc)
    with pytest.raises(NotModelledError, match="sharded"):
        ttnn.copy_host_to_device_tensor(ttnn.from_numpy(np.ones((32, 32), np.float32), dtype=ttnn.bfloat16,
                                                        layout=ttnn.TILE_LAYOUT), s)
