"""Tiled matmul C = A @ B (bf16 in, bf16 out) on several cores: output tiles split with split_work_to_cores;
per output tile the reader streams A(m, k) and B(k, n), compute accumulates matmul_tiles in Dst over k."""

from __future__ import annotations

import ml_dtypes
import numpy as np

import tensix.metalium as tm
from tensix.kernel import (CBIndex, InterleavedAddrGenFast, cb_pop_front, cb_push_back, cb_reserve_back,
                           cb_wait_front, get_arg_val, get_read_ptr, get_write_ptr, matmul_tiles, mm_init,
                           noc_async_read_barrier, noc_async_read_tile, noc_async_write_barrier, noc_async_write_tile,
                           pack_tile, tile_regs_acquire, tile_regs_commit, tile_regs_release, tile_regs_wait)

TILE = 2048


def reader():
    a_addr, b_addr, kt, nt, start, count = (get_arg_val(i) for i in range(6))
    a = InterleavedAddrGenFast(is_dram=True, bank_base_address=a_addr, page_size=TILE)
    b = InterleavedAddrGenFast(is_dram=True, bank_base_address=b_addr, page_size=TILE)
    for t in range(start, start + count):
        m, n = divmod(t, nt)
        for k in range(kt):
            cb_reserve_back(CBIndex.c_0, 1)
            cb_reserve_back(CBIndex.c_1, 1)
            noc_async_read_tile(m * kt + k, a, get_write_ptr(CBIndex.c_0))
            noc_async_read_tile(k * nt + n, b, get_write_ptr(CBIndex.c_1))
            noc_async_read_barrier()
            cb_push_back(CBIndex.c_0, 1)
            cb_push_back(CBIndex.c_1, 1)


def compute():
    kt, count = get_arg_val(0), get_arg_val(1)
    mm_init(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)
    for _ in range(count):
        tile_regs_acquire()
        for _k in range(kt):
            cb_wait_front(CBIndex.c_0, 1)
            cb_wait_front(CBIndex.c_1, 1)
            matmul_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
            cb_pop_front(CBIndex.c_0, 1)
            cb_pop_front(CBIndex.c_1, 1)
        tile_regs_commit()
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)


def writer():
    c_addr, start, count = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    c = InterleavedAddrGenFast(is_dram=True, bank_base_address=c_addr, page_size=TILE)
    for t in range(start, start + count):
        cb_wait_front(CBIndex.c_16, 1)
        noc_async_write_tile(t, c, get_read_ptr(CBIndex.c_16))
        noc_async_write_barrier()
        cb_pop_front(CBIndex.c_16, 1)


def run(a: np.ndarray, b: np.ndarray, device=None, fidelity=tm.MathFidelity.HiFi4, fp32_dest=True, max_cores=None):
    M, K = a.shape
    _, N = b.shape
    mt, kt, nt = M // 32, K // 32, N // 32
    dev = device or tm.CreateDevice(0)
    cq = dev.command_queue()
    bf = lambda x: x.astype(ml_dtypes.bfloat16).view(np.uint16)
    mk = lambda tiles: tm.CreateBuffer(tm.InterleavedBufferConfig(dev, tiles * TILE, TILE, tm.BufferType.DRAM))
    ba, bb, bc = mk(mt * kt), mk(kt * nt), mk(mt * nt)
    tm.EnqueueWriteBuffer(cq, ba, tm.tilize_nfaces(bf(a), M, K))
    tm.EnqueueWriteBuffer(cq, bb, tm.tilize_nfaces(bf(b), K, N))
    grid = dev.compute_with_storage_grid_size()
    if max_cores:
        grid = tm.CoreCoord(min(grid.x, max_cores), 1)
    _, allc, g1, g2, n1, n2 = tm.split_work_to_cores(grid, mt * nt)
    prog = tm.CreateProgram()
    for idx in (0, 1, 16):
        tm.CreateCircularBuffer(prog, allc, tm.CircularBufferConfig(2 * TILE, {idx: tm.DataFormat.Float16_b})
                                .set_page_size(idx, TILE))
    rk = tm.CreateKernel(prog, reader, allc, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, allc, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1,
                                                                   noc=tm.NOC.RISCV_1_default))
    ck = tm.CreateKernel(prog, compute, allc, tm.ComputeConfig(math_fidelity=fidelity, fp32_dest_acc_en=fp32_dest))
    start = 0
    for group, per in ((g1, n1), (g2, n2)):
        for c in group:
            tm.SetRuntimeArgs(prog, rk, c, [ba.address(), bb.address(), kt, nt, start, per])
            tm.SetRuntimeArgs(prog, ck, c, [kt, per])
            tm.SetRuntimeArgs(prog, wk, c, [bc.address(), start, per])
            start += per
    tm.EnqueueProgram(cq, prog)
    out = tm.EnqueueReadBuffer(cq, bc, dtype=np.uint16)
    res = np.asarray(tm.untilize_nfaces(out, M, N)).reshape(M, N).view(ml_dtypes.bfloat16).astype(np.float32)
    return res, dev.profiler.last_run()


if __name__ == "__main__":
    rng = np.random.default_rng(1)
    a = rng.standard_normal((64, 128)).astype(np.float32)
    b = rng.standard_normal((128, 96)).astype(np.float32)
    c, info = run(a, b)
    ref = a.astype(ml_dtypes.bfloat16).astype(np.float64) @ b.astype(ml_dtypes.bfloat16).astype(np.float64)
    print("max rel err", float(np.abs(c - ref).max() / np.abs(ref).max()), "device cycles", info.duration_cycles)
