"""pack_tile as tt-metal defines it (compute_kernel_api/pack.h, llk_pack_common_api.h get_output_tile_address):
in order by default, each call writing the next reserved page and cb_push_back resetting the tile pointer
(output_tile_index ignored); pack_tile<true> (pack_tile[True]) writes page output_tile_index. Blocked kernels,
several tiles per reserve, in both Dst modes and formats."""

import numpy as np
import pytest

import tensix.metalium as tm
from tensix.device import formats
from tensix.device.errors import CircularBufferError
from tensix.device.formats import DataFormat as DF
from tensix.kernel import (CBIndex, InterleavedAddrGenFast, cb_pop_front, cb_push_back, cb_reserve_back,
                           cb_wait_front, copy_tile, copy_tile_init, get_arg_val, get_read_ptr, get_write_ptr,
                           init_sfpu, noc_async_read_barrier, noc_async_read_tile, noc_async_write_barrier,
                           noc_async_write_tile, pack_tile, tile_regs_acquire, tile_regs_commit, tile_regs_release,
                           tile_regs_wait)

C0 = tm.CoreCoord(0, 0)


def _run(pack_block, n=4, blocks=2, fmt=DF.Float16_b, fp32=False):
    """`blocks` blocks of n tiles: the compute kernel copies a block to Dst 0..n-1, reserves n output pages and
    calls pack_block(n) between tile_regs_wait and tile_regs_release. Returns (input tiles, output tiles)."""
    total = n * blocks
    tsz = formats.tile_size(fmt)
    rng = np.random.default_rng(n * 10 + blocks)
    tiles = rng.standard_normal((total, 32, 32)).astype(np.float32)
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    src = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, tsz * total, tsz, tm.BufferType.DRAM))
    out = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, tsz * total, tsz, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(cq, src, formats.pack_tile_bytes(tiles, fmt))
    prog = tm.CreateProgram()
    for i in (0, 16):
        tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(2 * n * tsz, {i: fmt}).set_page_size(i, tsz))

    def reader():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=tsz)
        for b in range(blocks):
            cb_reserve_back(CBIndex.c_0, n)
            for i in range(n):
                noc_async_read_tile(b * n + i, g, get_write_ptr(CBIndex.c_0) + i * tsz)
            noc_async_read_barrier()
            cb_push_back(CBIndex.c_0, n)

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        for _ in range(blocks):
            cb_wait_front(CBIndex.c_0, n)
            tile_regs_acquire()
            for i in range(n):
                copy_tile(CBIndex.c_0, i, i)
            tile_regs_commit()
            cb_pop_front(CBIndex.c_0, n)
            cb_reserve_back(CBIndex.c_16, n)
            tile_regs_wait()
            pack_block(n)
            tile_regs_release()
            cb_push_back(CBIndex.c_16, n)

    def writer():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=tsz)
        for b in range(blocks):
            cb_wait_front(CBIndex.c_16, n)
            for i in range(n):
                noc_async_write_tile(b * n + i, g, get_read_ptr(CBIndex.c_16) + i * tsz)
            noc_async_write_barrier()
            cb_pop_front(CBIndex.c_16, n)

    rk = tm.CreateKernel(prog, reader, C0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, C0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    exact = {0: tm.UnpackToDestMode.UnpackToDestFp32} if fmt == DF.Float32 else {}   # not TF32 through SrcA
    tm.CreateKernel(prog, compute, C0, tm.ComputeConfig(fp32_dest_acc_en=fp32, unpack_to_dest_mode=exact))
    tm.SetRuntimeArgs(prog, rk, C0, [src.address()])
    tm.SetRuntimeArgs(prog, wk, C0, [out.address()])
    tm.EnqueueProgram(cq, prog)
    res = formats.unpack_tile_bytes(tm.EnqueueReadBuffer(cq, out).reshape(total, tsz), fmt)
    tm.CloseDevice(dev)
    expect = formats.unpack_tile_bytes(formats.pack_tile_bytes(tiles, fmt), fmt)
    return expect, res


@pytest.mark.parametrize("fmt,fp32", [(DF.Float16_b, False), (DF.Float16_b, True), (DF.Float32, True),
                                      (DF.Bfp8_b, False)])
def test_in_order_packs_fill_the_reserved_pages_one_after_another(fmt, fp32):
    def pack_block(n):
        for i in range(n):
            pack_tile(i, CBIndex.c_16)
    expect, res = _run(pack_block, fmt=fmt, fp32=fp32)
    np.testing.assert_array_equal(res, expect)


def test_in_order_pack_ignores_the_output_tile_index():
    """tt-metal: 'If out_of_order_output is false (the default), pack_tile always operates sequentially ... and
    the output_tile_index parameter is ignored.'"""
    def pack_block(n):
        for i in range(n):
            pack_tile(i, CBIndex.c_16, n - 1 - i)    # an index that would reverse the block: ignored
    expect, res = _run(pack_block)
    np.testing.assert_array_equal(res, expect)


def test_out_of_order_pack_writes_the_given_page():
    def pack_block(n):
        for i in range(n):
            pack_tile[True](i, CBIndex.c_16, n - 1 - i)
    expect, res = _run(pack_block, n=3, blocks=3)
    np.testing.assert_array_equal(res.reshape(3, 3, 32, 32), expect.reshape(3, 3, 32, 32)[:, ::-1])


def test_pack_false_template_is_the_default():
    def pack_block(n):
        for i in range(n):
            pack_tile[False](i, CBIndex.c_16, 0)
    expect, res = _run(pack_block, n=2)
    np.testing.assert_array_equal(res, expect)


def test_packing_past_the_reserved_pages_is_refused():
    def pack_block(n):
        for i in range(n):
            pack_tile(i, CBIndex.c_16)
        pack_tile(0, CBIndex.c_16)
    with pytest.raises(CircularBufferError, match=r"pack number 5 into CB 16 since its last cb_push_back, but only "
                                                  r"4 page\(s\) are reserved.*\nFix: cb_reserve_back"):
        _run(pack_block)
