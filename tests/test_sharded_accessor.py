"""A kernel's TensorAccessor over a sharded buffer (tensix.kernel.dataflow._ShardedAccessor, tt-metal 622c6fb9
tensor_accessor.h): every page id of legacy (height / width / block, TILE and ROW_MAJOR) and ND-sharded tensors
(L1 and DRAM, several shards per core, partial shards) reaches the page the host placed there. A kernel copies page i
of the sharded tensor to page i of an interleaved buffer; the result must be the tensor's pages in page order."""

import numpy as np
import pytest

import tensix.metalium as tm
import tensix.ttnn as ttnn
from tensix.device.errors import NocAddressError
from tensix.kernel import (CBIndex, TensorAccessor, TensorAccessorArgs, cb_push_back, cb_reserve_back, get_arg_val,
                           get_write_ptr, noc_async_read_barrier, noc_async_read_page, noc_async_write_barrier,
                           noc_async_write_page)
from tensix.metalium.accessor import TensorAccessorArgs as HostArgs
from tensix.ttnn import nd_sharded
from tensix.ttnn.tensor import device_bytes

C0 = tm.CoreCoord(0, 0)


def copy_pages(dev, t, page_size, num_pages, page_ids=None):
    """Page page_ids[i] of t's buffer (through a TensorAccessor) to page i of a new DRAM buffer; its bytes."""
    ids = list(range(num_pages)) if page_ids is None else list(page_ids)
    sim = dev.sim
    out = tm.CreateBuffer(tm.InterleavedBufferConfig(sim, page_size * len(ids), page_size, tm.BufferType.DRAM))
    prog = tm.CreateProgram()
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(2 * 1024 * 4, {0: tm.DataFormat.Float16_b})
                            .set_page_size(0, 4 * 1024))

    def kernel():
        s = TensorAccessor(TensorAccessorArgs(0), get_arg_val(0), get_arg_val(2))
        d = TensorAccessor(TensorAccessorArgs(TensorAccessorArgs(0).next_compile_time_args_offset()),
                           get_arg_val(1), get_arg_val(2))
        cb_reserve_back(CBIndex.c_0, 1)
        l1 = get_write_ptr(CBIndex.c_0)
        for i, p in enumerate(ids):
            noc_async_read_page(p, s, l1)
            noc_async_read_barrier()
            noc_async_write_page(i, d, l1)
            noc_async_write_barrier()
        cb_push_back(CBIndex.c_0, 1)

    k = tm.CreateKernel(prog, kernel, C0, tm.DataMovementConfig(
        processor=tm.DataMovementProcessor.RISCV_0,
        compile_args=HostArgs(t._buffer).get_compile_time_args() + HostArgs(out).get_compile_time_args()))
    tm.SetRuntimeArgs(prog, k, C0, [t._buffer.address(), out.address(), page_size])
    tm.EnqueueProgram(sim.command_queue(), prog)
    return tm.EnqueueReadBuffer(sim.command_queue(), out).reshape(len(ids), page_size)


def _tensor(dev, shape, layout, mc, dtype=ttnn.bfloat16):
    rng = np.random.default_rng(len(shape) * 1000 + shape[-1])
    x = rng.standard_normal(shape).astype(np.float32)
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, device=dev, memory_config=mc)


def _grid(x1, y1, x0=0, y0=0):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))])


LEGACY = [
    # (shape, layout, memory layout, grid (x1, y1), shard shape, orientation)
    ((1, 1, 128, 64), ttnn.TILE_LAYOUT, ttnn.TensorMemoryLayout.HEIGHT_SHARDED, (3, 0), (32, 64), "row"),
    ((2, 1, 96, 64), ttnn.TILE_LAYOUT, ttnn.TensorMemoryLayout.HEIGHT_SHARDED, (1, 1), (64, 64), "col"),
    ((1, 1, 64, 160), ttnn.TILE_LAYOUT, ttnn.TensorMemoryLayout.WIDTH_SHARDED, (2, 0), (64, 64), "row"),
    ((1, 1, 96, 128), ttnn.TILE_LAYOUT, ttnn.TensorMemoryLayout.BLOCK_SHARDED, (1, 2), (32, 64), "row"),
    ((1, 1, 96, 128), ttnn.TILE_LAYOUT, ttnn.TensorMemoryLayout.BLOCK_SHARDED, (2, 1), (32, 64), "col"),
    ((1, 1, 20, 48), ttnn.ROW_MAJOR_LAYOUT, ttnn.TensorMemoryLayout.HEIGHT_SHARDED, (2, 0), (8, 48), "row"),
    ((1, 1, 16, 40), ttnn.ROW_MAJOR_LAYOUT, ttnn.TensorMemoryLayout.WIDTH_SHARDED, (2, 0), (16, 16), "row"),
    ((1, 1, 24, 64), ttnn.ROW_MAJOR_LAYOUT, ttnn.TensorMemoryLayout.BLOCK_SHARDED, (1, 2), (8, 32), "row"),
]


@pytest.mark.parametrize("case", LEGACY, ids=lambda c: f"{c[2].name}-{c[1].name}-{'x'.join(map(str, c[0]))}-{c[5]}")
def test_legacy_sharded_pages_in_page_order(case):
    shape, layout, kind, (gx, gy), shard, orient = case
    o = ttnn.ShardOrientation.ROW_MAJOR if orient == "row" else ttnn.ShardOrientation.COL_MAJOR
    mc = ttnn.MemoryConfig(kind, ttnn.BufferType.L1, ttnn.ShardSpec(_grid(gx, gy), list(shard), o))
    dev = ttnn.open_device(device_id=0)
    try:
        t = _tensor(dev, shape, layout, mc)
        raw = device_bytes(ttnn.from_device(t))
        geom = t._buffer.geom
        if layout == ttnn.TILE_LAYOUT:
            expect = raw.reshape(-1, geom.page_size)
        else:       # page = a shard-wide piece of a row; the last piece of a row is padded to the shard's width
            row = shape[-1] * 2
            rows = raw.reshape(-1, row)
            wide = np.zeros((rows.shape[0], geom.n_w * geom.page_size), np.uint8)
            wide[:, :row] = rows
            expect = wide.reshape(-1, geom.page_size)
        got = copy_pages(dev, t, geom.page_size, expect.shape[0])
        np.testing.assert_array_equal(got, expect)
    finally:
        ttnn.close_device(dev)


ND = [
    # (shape, layout, shard shape, grid (x1, y1), buffer type): several shards per core, partial shards, rank 3-4
    ((3, 64, 96), ttnn.TILE_LAYOUT, (2, 32, 64), (2, 0), ttnn.BufferType.L1),
    ((2, 3, 64, 64), ttnn.TILE_LAYOUT, (1, 2, 32, 32), (1, 1), ttnn.BufferType.L1),
    ((3, 64, 96), ttnn.TILE_LAYOUT, (2, 32, 64), (5, 0), ttnn.BufferType.DRAM),
    ((3, 10, 48), ttnn.ROW_MAJOR_LAYOUT, (2, 4, 16), (2, 1), ttnn.BufferType.L1),
    ((3, 10, 48), ttnn.ROW_MAJOR_LAYOUT, (2, 4, 16), (3, 0), ttnn.BufferType.DRAM),
]


@pytest.mark.parametrize("case", ND, ids=lambda c: f"{c[1].name}-{c[4].name}-{'x'.join(map(str, c[0]))}")
def test_nd_sharded_pages_in_page_order(case):
    shape, layout, shard, (gx, gy), bt = case
    spec = ttnn.NdShardSpec(ttnn.Shape(list(shard)), _grid(gx, gy))
    mc = ttnn.MemoryConfig(bt, spec)
    dev = ttnn.open_device(device_id=0)
    try:
        t = _tensor(dev, shape, layout, mc)
        buf = t._buffer
        assert isinstance(buf, nd_sharded.NdShardedBuffer)
        expect = buf.read_pages()
        aligned = buf.aligned_page_size    # a kernel passes the buffer's aligned page size for its page stride
        got = copy_pages(dev, t, aligned, expect.shape[0])
        np.testing.assert_array_equal(got[:, :buf.page_size], expect)
    finally:
        ttnn.close_device(dev)


def test_a_page_id_past_the_sharded_tensor_is_refused():
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                           ttnn.ShardSpec(_grid(1, 0), [32, 32], ttnn.ShardOrientation.ROW_MAJOR))
    dev = ttnn.open_device(device_id=0)
    try:
        t = _tensor(dev, (1, 1, 64, 32), ttnn.TILE_LAYOUT, mc)
        with pytest.raises(NocAddressError, match="has 2 pages"):
            copy_pages(dev, t, t._buffer.page_size, 1, page_ids=[2])
    finally:
        ttnn.close_device(dev)
