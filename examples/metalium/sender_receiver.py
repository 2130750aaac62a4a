"""Seed 002's cross-core transfer with semaphores: a sender core and a receiver core.

Core (0,0): a reader kernel (RISCV_0) brings one page from DRAM into CB 0; the sender kernel (RISCV_1) waits for
the receiver to be ready (sender semaphore), doubles the data in L1 ("foo"), writes the page into the receiver's
L1 at the same CB address, and sets the receiver's semaphore remotely.
Core (1,0): the receiver signals readiness to the sender, waits for its semaphore, adds 1 ("foo1") and writes the
page to the output DRAM buffer."""

from __future__ import annotations

import numpy as np

import tensix.metalium as tm
from tensix.kernel import (CBIndex, InterleavedAddrGenFast, cb_pop_front, cb_push_back, cb_reserve_back,
                           cb_wait_front, get_arg_val, get_noc_addr, get_read_ptr, get_semaphore, get_write_ptr,
                           l1_ptr, noc_async_read_barrier, noc_async_read_page, noc_async_write,
                           noc_async_write_barrier, noc_semaphore_set, noc_semaphore_set_remote, noc_semaphore_wait)

N_WORDS = 256
PAGE = N_WORDS * 4


def reader():
    src = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=PAGE)
    cb_reserve_back(CBIndex.c_0, 1)
    noc_async_read_page(0, src, get_write_ptr(CBIndex.c_0))
    noc_async_read_barrier()
    cb_push_back(CBIndex.c_0, 1)


def sender():
    dst_x, dst_y = get_arg_val(0), get_arg_val(1)
    sender_sem = get_semaphore(get_arg_val(2))
    receiver_sem = get_semaphore(get_arg_val(3))
    noc_semaphore_wait(sender_sem, 1)          # wait until the receiver is ready
    noc_semaphore_set(sender_sem, 0)
    cb_wait_front(CBIndex.c_0, 1)
    cb0_addr = get_read_ptr(CBIndex.c_0)
    l1_ptr(cb0_addr, np.uint32, N_WORDS)[:] *= 2    # foo(cb0_addr, size)
    noc_async_write(cb0_addr, get_noc_addr(dst_x, dst_y, cb0_addr), PAGE)
    noc_async_write_barrier()
    cb_pop_front(CBIndex.c_0, 1)
    noc_semaphore_set(receiver_sem, 1)
    noc_semaphore_set_remote(receiver_sem, get_noc_addr(dst_x, dst_y, receiver_sem))


def receiver():
    src_x, src_y = get_arg_val(0), get_arg_val(1)
    sender_sem = get_semaphore(get_arg_val(2))
    receiver_sem = get_semaphore(get_arg_val(3))
    out = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(4), page_size=PAGE)
    noc_semaphore_set(sender_sem, 1)
    noc_semaphore_set_remote(sender_sem, get_noc_addr(src_x, src_y, sender_sem))
    noc_semaphore_wait(receiver_sem, 1)        # wait until the sender has delivered
    noc_semaphore_set(receiver_sem, 0)
    cb0_addr = get_write_ptr(CBIndex.c_0)
    l1_ptr(cb0_addr, np.uint32, N_WORDS)[:] += 1    # foo1(cb0_addr, size)
    noc_async_write(cb0_addr, out.get_noc_addr(0), PAGE)
    noc_async_write_barrier()


def run(data: np.ndarray, device=None):
    dev = device or tm.CreateDevice(0)
    cq = dev.command_queue()
    src = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, PAGE, PAGE, tm.BufferType.DRAM))
    dst = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, PAGE, PAGE, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(cq, src, data.astype(np.uint32), False)
    core0, core1 = tm.CoreCoord(0, 0), tm.CoreCoord(1, 0)
    both = tm.CoreRange(core0, core1)
    prog = tm.CreateProgram()
    tm.CreateCircularBuffer(prog, both, tm.CircularBufferConfig(PAGE, {0: tm.DataFormat.UInt32}).set_page_size(0, PAGE))
    s_sem = tm.CreateSemaphore(prog, both, 0)
    r_sem = tm.CreateSemaphore(prog, both, 0)
    rk = tm.CreateKernel(prog, reader, core0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    sk = tm.CreateKernel(prog, sender, core0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1,
                                                                      noc=tm.NOC.RISCV_1_default))
    vk = tm.CreateKernel(prog, receiver, core1, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    p0, p1 = dev.worker_core_from_logical_core(core0), dev.worker_core_from_logical_core(core1)
    tm.SetRuntimeArgs(prog, rk, core0, [src.address()])
    tm.SetRuntimeArgs(prog, sk, core0, [p1.x, p1.y, s_sem, r_sem])
    tm.SetRuntimeArgs(prog, vk, core1, [p0.x, p0.y, s_sem, r_sem, dst.address()])
    tm.EnqueueProgram(cq, prog, False)
    tm.Finish(cq)
    return tm.EnqueueReadBuffer(cq, dst, dtype=np.uint32), dev.profiler.last_run()


if __name__ == "__main__":
    d = np.arange(N_WORDS, dtype=np.uint32)
    out, info = run(d)
    print("ok" if np.array_equal(out, d * 2 + 1) else "MISMATCH", "device cycles", info.duration_cycles)
