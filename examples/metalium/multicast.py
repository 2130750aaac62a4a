"""Multicast: core (0,0) reads one bf16 tile from DRAM and multicasts it to the cores of logical rectangle
(1,0)-(3,1); the receivers count in on the sender's semaphore (noc_semaphore_inc), the sender multicasts the
tile and then a "valid" flag (noc_semaphore_set_multicast); each receiver writes its copy to its own output page."""

from __future__ import annotations

import numpy as np

import tensix.metalium as tm
from tensix.kernel import (CBIndex, InterleavedAddrGenFast, cb_push_back, cb_reserve_back, get_arg_val,
                           get_noc_addr, get_noc_multicast_addr, get_semaphore, get_write_ptr,
                           noc_async_read_barrier, noc_async_read_tile, noc_async_write, noc_async_write_barrier,
                           noc_async_write_multicast, noc_semaphore_inc, noc_semaphore_set,
                           noc_semaphore_set_multicast, noc_semaphore_wait)

TILE = 2048


def sender():
    src = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
    x0, y0, x1, y1, n_dests = (get_arg_val(i) for i in range(1, 6))
    ready = get_semaphore(0)
    valid = get_semaphore(1)
    cb = CBIndex.c_0
    cb_reserve_back(cb, 1)
    addr = get_write_ptr(cb)
    noc_async_read_tile(0, src, addr)
    noc_async_read_barrier()
    noc_semaphore_wait(ready, n_dests)          # every receiver has reserved its CB page
    noc_semaphore_set(ready, 0)
    noc_async_write_multicast(addr, get_noc_multicast_addr(x0, y0, x1, y1, addr), TILE, n_dests)
    noc_semaphore_set(valid, 1)
    noc_semaphore_set_multicast(valid, get_noc_multicast_addr(x0, y0, x1, y1, valid), n_dests)
    noc_async_write_barrier()
    cb_push_back(cb, 1)


def receiver():
    sx, sy, out_addr, page = (get_arg_val(i) for i in range(4))
    out = InterleavedAddrGenFast(is_dram=True, bank_base_address=out_addr, page_size=TILE)
    ready = get_semaphore(0)
    valid = get_semaphore(1)
    cb = CBIndex.c_0
    cb_reserve_back(cb, 1)
    noc_semaphore_set(valid, 0)
    noc_semaphore_inc(get_noc_addr(sx, sy, ready), 1)
    noc_semaphore_wait(valid, 1)
    addr = get_write_ptr(cb)
    noc_async_write(addr, out.get_noc_addr(page), TILE)
    noc_async_write_barrier()
    cb_push_back(cb, 1)


def run(tile_u16: np.ndarray, device=None):
    dev = device or tm.CreateDevice(0)
    cq = dev.command_queue()
    rect = tm.CoreRange(tm.CoreCoord(1, 0), tm.CoreCoord(3, 1))
    recv = list(rect)
    src = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, TILE, TILE, tm.BufferType.DRAM))
    out = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, TILE * len(recv), TILE, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(cq, src, tile_u16, False)
    sender_core = tm.CoreCoord(0, 0)
    allc = tm.CoreRangeSet([tm.CoreRange(sender_core), rect])
    prog = tm.CreateProgram()
    tm.CreateCircularBuffer(prog, allc, tm.CircularBufferConfig(TILE, {0: tm.DataFormat.Float16_b}).set_page_size(0, TILE))
    tm.CreateSemaphore(prog, allc, 0)
    tm.CreateSemaphore(prog, allc, 0)
    sk = tm.CreateKernel(prog, sender, sender_core, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1,
                                                                          noc=tm.NOC.RISCV_1_default))
    rk = tm.CreateKernel(prog, receiver, rect, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    p_start = dev.worker_core_from_logical_core(rect.start)
    p_end = dev.worker_core_from_logical_core(rect.end)
    ps = dev.worker_core_from_logical_core(sender_core)
    tm.SetRuntimeArgs(prog, sk, sender_core, [src.address(), p_start.x, p_start.y, p_end.x, p_end.y, len(recv)])
    for i, c in enumerate(recv):
        tm.SetRuntimeArgs(prog, rk, c, [ps.x, ps.y, out.address(), i])
    tm.EnqueueProgram(cq, prog, False)
    return tm.EnqueueReadBuffer(cq, out, dtype=np.uint16).reshape(len(recv), -1), dev.profiler.last_run()


if __name__ == "__main__":
    t = np.arange(1024, dtype=np.uint16)
    res, info = run(t)
    print("ok" if all(np.array_equal(r, t) for r in res) else "MISMATCH", "device cycles", info.duration_cycles)
