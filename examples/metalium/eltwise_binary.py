"""Multi-core element-wise add of two bf16 matrices: reader (RISCV_0) / compute / writer (RISCV_1) per core,
one tile at a time, work split over the cores with split_work_to_cores (tt-metal's eltwise_binary example)."""

from __future__ import annotations

import ml_dtypes
import numpy as np

from tensix.kernel import (CBIndex, InterleavedAddrGenFast, TensorAccessor, TensorAccessorArgs, add_tiles,
                           binary_op_init_common, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front,
                           get_arg_val, get_compile_time_arg_val, get_read_ptr, get_tile_size, get_write_ptr,
                           noc_async_read_barrier, noc_async_read_tile, noc_async_write_barrier, noc_async_write_tile,
                           pack_tile, tile_regs_acquire, tile_regs_commit, tile_regs_release, tile_regs_wait,
                           add_tiles_init, DataFormat as KDataFormat)
import tensix.metalium as tm


def reader():
    a_addr = get_arg_val(0)
    b_addr = get_arg_val(1)
    start = get_arg_val(2)
    n = get_arg_val(3)
    cb_a, cb_b = CBIndex.c_0, CBIndex.c_1
    ts = get_tile_size(cb_a)
    args_a = TensorAccessorArgs(0)
    args_b = TensorAccessorArgs(args_a.next_compile_time_args_offset())
    a = TensorAccessor(args_a, a_addr, ts)
    b = TensorAccessor(args_b, b_addr, ts)
    for i in range(start, start + n):
        cb_reserve_back(cb_a, 1)
        cb_reserve_back(cb_b, 1)
        noc_async_read_tile(i, a, get_write_ptr(cb_a))
        noc_async_read_tile(i, b, get_write_ptr(cb_b))
        noc_async_read_barrier()
        cb_push_back(cb_a, 1)
        cb_push_back(cb_b, 1)


def compute():
    n = get_arg_val(0)
    cb_a, cb_b, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_16
    binary_op_init_common(cb_a, cb_b, cb_out)
    add_tiles_init(cb_a, cb_b)
    for _ in range(n):
        cb_wait_front(cb_a, 1)
        cb_wait_front(cb_b, 1)
        tile_regs_acquire()
        add_tiles(cb_a, cb_b, 0, 0, 0)
        tile_regs_commit()
        cb_pop_front(cb_a, 1)
        cb_pop_front(cb_b, 1)
        cb_reserve_back(cb_out, 1)
        tile_regs_wait()
        pack_tile(0, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, 1)


def writer():
    out_addr = get_arg_val(0)
    start = get_arg_val(1)
    n = get_arg_val(2)
    cb_out = CBIndex.c_16
    ts = get_tile_size(cb_out)
    out = InterleavedAddrGenFast(is_dram=True, bank_base_address=out_addr, page_size=ts,
                                 data_format=KDataFormat.Float16_b)
    for i in range(start, start + n):
        cb_wait_front(cb_out, 1)
        noc_async_write_tile(i, out, get_read_ptr(cb_out))
        noc_async_write_barrier()
        cb_pop_front(cb_out, 1)


def run(a: np.ndarray, b: np.ndarray, device=None, grid=None, cb_tiles: int = 2):
    """a + b for bf16 (rows, cols) matrices (multiples of 32) on the simulated device; returns (result, run)."""
    rows, cols = a.shape
    own = device is None
    dev = device or tm.CreateDevice(0)
    cq = dev.command_queue()
    fmt = tm.DataFormat.Float16_b
    tile_bytes = 2048
    n_tiles = rows * cols // 1024
    mk = lambda: tm.CreateBuffer(tm.InterleavedBufferConfig(dev, n_tiles * tile_bytes, tile_bytes, tm.BufferType.DRAM))
    buf_a, buf_b, buf_out = mk(), mk(), mk()
    tm.EnqueueWriteBuffer(cq, buf_a, tm.tilize_nfaces(a.astype(ml_dtypes.bfloat16).view(np.uint16), rows, cols), False)
    tm.EnqueueWriteBuffer(cq, buf_b, tm.tilize_nfaces(b.astype(ml_dtypes.bfloat16).view(np.uint16), rows, cols), False)

    grid = grid or dev.compute_with_storage_grid_size()
    num_cores, all_cores, g1, g2, n1, n2 = tm.split_work_to_cores(grid, n_tiles)
    prog = tm.CreateProgram()
    for idx in (0, 1, 16):
        tm.CreateCircularBuffer(prog, all_cores, tm.CircularBufferConfig(cb_tiles * tile_bytes, {idx: fmt})
                                .set_page_size(idx, tile_bytes))
    ct = tm.TensorAccessorArgs(buf_a).get_compile_time_args() + tm.TensorAccessorArgs(buf_b).get_compile_time_args()
    rk = tm.CreateKernel(prog, reader, all_cores, tm.DataMovementConfig(
        processor=tm.DataMovementProcessor.RISCV_0, noc=tm.NOC.RISCV_0_default, compile_args=ct))
    wk = tm.CreateKernel(prog, writer, all_cores, tm.DataMovementConfig(
        processor=tm.DataMovementProcessor.RISCV_1, noc=tm.NOC.RISCV_1_default))
    ck = tm.CreateKernel(prog, compute, all_cores, tm.ComputeConfig(math_fidelity=tm.MathFidelity.HiFi4))
    start = 0
    for group, per in ((g1, n1), (g2, n2)):
        for c in group:
            tm.SetRuntimeArgs(prog, rk, c, [buf_a.address(), buf_b.address(), start, per])
            tm.SetRuntimeArgs(prog, ck, c, [per])
            tm.SetRuntimeArgs(prog, wk, c, [buf_out.address(), start, per])
            start += per
    tm.EnqueueProgram(cq, prog, False)
    tm.Finish(cq)
    out = tm.EnqueueReadBuffer(cq, buf_out, dtype=np.uint16)
    result = np.asarray(tm.untilize_nfaces(out, rows, cols)).reshape(rows, cols).view(ml_dtypes.bfloat16)
    run_info = dev.profiler.last_run()
    if own:
        tm.CloseDevice(dev)
    return result, run_info


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    a = rng.standard_normal((256, 256)).astype(np.float32)
    b = rng.standard_normal((256, 256)).astype(np.float32)
    r, info = run(a, b)
    ref = (a.astype(ml_dtypes.bfloat16).astype(np.float32) + b.astype(ml_dtypes.bfloat16).astype(np.float32))
    print("max abs err", float(np.abs(r.astype(np.float32) - ref).max()), "device cycles", info.duration_cycles)
