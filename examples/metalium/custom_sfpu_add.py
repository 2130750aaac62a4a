"""Seed 002's custom SFPU operator: a compute kernel copies tile A into Dst 0 and tile B into Dst 1, then an SFPI
function adds them on the SFPU (dst_reg[k] is tile 0, dst_reg[32 + k] tile 1 on Wormhole) and packs Dst 0.
(Seed 002's `dst_reg[16]` is Grayskull's mapping; a Wormhole tile is 32 dst_reg rows.) Single core."""

from __future__ import annotations

import numpy as np

import tensix.metalium as tm
from tensix.kernel import (CBIndex, InterleavedAddrGenFast, MATH, call_sfpu, cb_pop_front, cb_push_back,
                           cb_reserve_back, cb_wait_front, copy_tile, copy_tile_init, get_arg_val, get_read_ptr,
                           get_write_ptr, init_sfpu, noc_async_read_barrier, noc_async_read_tile,
                           noc_async_write_barrier, noc_async_write_tile, pack_tile, tile_regs_acquire,
                           tile_regs_commit, tile_regs_release, tile_regs_wait)
from tensix.sfpi import dst_reg, vFloat

TILE = 4096  # Float32 tiles


def sfpu_custom_func():
    for _ in range(32):                 # the whole tile: 32 row groups of 4x8 lanes
        a = dst_reg[0]                  # Dst tile 0
        b = dst_reg[32]                 # Dst tile 1
        dst_reg[0] = a + b
        dst_reg += 1


def reader():
    a = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
    b = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(1), page_size=TILE)
    for i in range(get_arg_val(2)):
        cb_reserve_back(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_1, 1)
        noc_async_read_tile(i, a, get_write_ptr(CBIndex.c_0))
        noc_async_read_tile(i, b, get_write_ptr(CBIndex.c_1))
        noc_async_read_barrier()
        cb_push_back(CBIndex.c_0, 1)
        cb_push_back(CBIndex.c_1, 1)


def compute():
    n = get_arg_val(0)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    for _ in range(n):
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        copy_tile(CBIndex.c_1, 0, 1)
        MATH(call_sfpu(sfpu_custom_func, 0))
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_pop_front(CBIndex.c_1, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)


def writer():
    out = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
    for i in range(get_arg_val(1)):
        cb_wait_front(CBIndex.c_16, 1)
        noc_async_write_tile(i, out, get_read_ptr(CBIndex.c_16))
        noc_async_write_barrier()
        cb_pop_front(CBIndex.c_16, 1)


def run(a: np.ndarray, b: np.ndarray, device=None, unpack_to_dest=True):
    """a + b (float32, shape (32*k, 32)) via the SFPU; fp32 Dst, Float32 CBs."""
    rows, cols = a.shape
    n = rows * cols // 1024
    dev = device or tm.CreateDevice(0)
    cq = dev.command_queue()
    mk = lambda: tm.CreateBuffer(tm.InterleavedBufferConfig(dev, n * TILE, TILE, tm.BufferType.DRAM))
    ba, bb, bo = mk(), mk(), mk()
    tm.EnqueueWriteBuffer(cq, ba, tm.tilize_nfaces(a.astype(np.float32), rows, cols))
    tm.EnqueueWriteBuffer(cq, bb, tm.tilize_nfaces(b.astype(np.float32), rows, cols))
    core = tm.CoreCoord(0, 0)
    prog = tm.CreateProgram()
    for idx in (0, 1, 16):
        tm.CreateCircularBuffer(prog, core, tm.CircularBufferConfig(2 * TILE, {idx: tm.DataFormat.Float32})
                                .set_page_size(idx, TILE))
    rk = tm.CreateKernel(prog, reader, core, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, core, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    utd = {0: tm.UnpackToDestMode.UnpackToDestFp32, 1: tm.UnpackToDestMode.UnpackToDestFp32} if unpack_to_dest else {}
    ck = tm.CreateKernel(prog, compute, core, tm.ComputeConfig(fp32_dest_acc_en=True, unpack_to_dest_mode=utd))
    tm.SetRuntimeArgs(prog, rk, core, [ba.address(), bb.address(), n])
    tm.SetRuntimeArgs(prog, ck, core, [n])
    tm.SetRuntimeArgs(prog, wk, core, [bo.address(), n])
    tm.EnqueueProgram(cq, prog)
    out = tm.EnqueueReadBuffer(cq, bo, dtype=np.float32)
    return np.asarray(tm.untilize_nfaces(out, rows, cols)).reshape(rows, cols), dev.profiler.last_run()


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    a = rng.standard_normal((64, 32)).astype(np.float32)
    b = rng.standard_normal((64, 32)).astype(np.float32)
    c, info = run(a, b)
    print("max abs err", float(np.abs(c - (a + b)).max()), "device cycles", info.duration_cycles)
