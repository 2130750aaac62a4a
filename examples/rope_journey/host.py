"""The host program and data movement kernels shared by every step of seed 000's journey.

Seed 000's strategy (section "Implementation strategy"): the input is N rows of D float32 values, RoPE (NEOX)
rotates the first n_dims ("D_active") columns. The reader (RISCV_0) sends pairs of active tiles -- tile w and
tile w + n_tiles_width_active/2, which hold the two halves of each rotated pair -- to the compute kernel through
CB c_0, and sends the passive tiles straight to the writer through the bypass CB c_17; the writer (RISCV_1) writes
c_16 (rotated pairs) and c_17 (passive tiles) back to DRAM. From the per-row step on, the reader also reads the
32 int32 positions of each tile row (128 bytes, at offset 128*h of a one-page row-major buffer) into CB c_1.

Batching moves ``batch`` pairs per CB push (and per Dst acquire in the compute kernel); multi-core gives each core
a contiguous range of pairs and of passive tiles (tensix's `split_work_to_cores` is not needed for this shape).

Float32 tiles (4096 bytes), fp32 Dst (``fp32_dest_acc_en``, as seed 000 needs) and UnpackToDestFp32, so
copy_tile is exact.
"""

from __future__ import annotations

import numpy as np

import tensix.metalium as tm
from tensix.kernel import (CBIndex, TensorAccessor, TensorAccessorArgs, cb_pop_front, cb_push_back,
                           cb_reserve_back, cb_wait_front, get_arg_val, get_read_ptr, get_tile_size,
                           get_write_ptr, noc_async_read, noc_async_read_barrier, noc_async_read_tile,
                           noc_async_write_barrier, noc_async_write_tile)

from tensix.errors import TensixError

from . import common


class JourneyError(TensixError):
    """A journey step was asked to run on a shape or position list it does not handle."""

TILE = 4096  # bytes of a Float32 tile
POS_PAGE = 32 * 4  # one tile row of int32 positions

# compute kernel runtime args (every step uses the same list; a step ignores what it does not need)
ARG_NAMES = ("n_rows", "p0", "n_pairs", "batch", "wta", "pos", "per_row", "precompute_every_acquire")


def reader():
    """RISCV_0: per tile row, [positions ->] active pairs -> c_0, passive tiles -> c_17 (seed 000's reader)."""
    (src_addr, pos_addr, n_rows, p0, n_pairs, batch, wt, wta, q0, nq, per_row, pos_page) = (
        get_arg_val(i) for i in range(12))
    tile = get_tile_size(CBIndex.c_0)
    src = TensorAccessor(TensorAccessorArgs(0), src_addr, tile)
    idx = TensorAccessor(TensorAccessorArgs(1), pos_addr, pos_page) if per_row else None
    half = wta // 2
    for h in range(n_rows):
        if per_row:
            cb_reserve_back(CBIndex.c_1, 1)
            noc_async_read(idx.get_noc_addr(0, POS_PAGE * h), get_write_ptr(CBIndex.c_1), POS_PAGE)
            noc_async_read_barrier()
            cb_push_back(CBIndex.c_1, 1)
        for w0 in range(p0, p0 + n_pairs, batch):
            cb_reserve_back(CBIndex.c_0, 2 * batch)
            ptr = get_write_ptr(CBIndex.c_0)
            for b in range(batch):
                noc_async_read_tile(h * wt + w0 + b, src, ptr + 2 * b * tile)
                noc_async_read_tile(h * wt + w0 + b + half, src, ptr + (2 * b + 1) * tile)
            noc_async_read_barrier()
            cb_push_back(CBIndex.c_0, 2 * batch)
        for w in range(wta + q0, wta + q0 + nq):
            cb_reserve_back(CBIndex.c_17, 1)
            noc_async_read_tile(h * wt + w, src, get_write_ptr(CBIndex.c_17))
            noc_async_read_barrier()
            cb_push_back(CBIndex.c_17, 1)


def writer():
    """RISCV_1: per tile row, rotated pairs from c_16 and passive tiles from c_17 -> DRAM."""
    dst_addr, n_rows, p0, n_pairs, batch, wt, wta, q0, nq = (get_arg_val(i) for i in range(9))
    tile = get_tile_size(CBIndex.c_16)
    dst = TensorAccessor(TensorAccessorArgs(0), dst_addr, tile)
    half = wta // 2
    for h in range(n_rows):
        for w0 in range(p0, p0 + n_pairs, batch):
            cb_wait_front(CBIndex.c_16, 2 * batch)
            ptr = get_read_ptr(CBIndex.c_16)
            for b in range(batch):
                noc_async_write_tile(h * wt + w0 + b, dst, ptr + 2 * b * tile)
                noc_async_write_tile(h * wt + w0 + b + half, dst, ptr + (2 * b + 1) * tile)
            noc_async_write_barrier()
            cb_pop_front(CBIndex.c_16, 2 * batch)
        for w in range(wta + q0, wta + q0 + nq):
            cb_wait_front(CBIndex.c_17, 1)
            noc_async_write_tile(h * wt + w, dst, get_read_ptr(CBIndex.c_17))
            noc_async_write_barrier()
            cb_pop_front(CBIndex.c_17, 1)


def _split(n: int, parts: int) -> list[tuple[int, int]]:
    """(start, count) of `parts` contiguous ranges covering range(n), sizes differing by at most one."""
    base, extra = divmod(n, parts)
    out, s = [], 0
    for i in range(parts):
        c = base + (1 if i < extra else 0)
        out.append((s, c))
        s += c
    return out


def run_step(step, x: np.ndarray, pos, n_dims: int, *, n_cores: int = 1, batch: int | None = None,
             precompute_every_acquire: bool = True, device=None):
    """Run one journey step on the simulated device.

    step: a step module (``compute`` kernel plus ``PER_ROW``, ``FULL_SYNC``, ``BATCH``). x: float32 (N, D),
    N and D multiples of 32, n_dims a multiple of 64 (pairs of whole tiles). pos: one int (steps before
    per-row positions) or N ints. Returns (output (N, D) float32, report dict) with the profiler's figures."""
    x = np.ascontiguousarray(x, np.float32)
    n, d = x.shape
    if n % 32 or d % 32 or n_dims % 64 or not 0 < n_dims <= d:
        raise JourneyError(f"run_step: the kernels work on whole tiles and whole tile pairs; got x {x.shape}, "
                           f"n_dims={n_dims}.\nFix: pad N and D to multiples of 32 and use n_dims a multiple of 64, "
                           "at most D.")
    per_row = bool(step.PER_ROW)
    pos_arr = np.asarray(pos, np.int32).reshape(-1)
    if per_row and pos_arr.size != n:
        raise JourneyError(f"run_step: step {step.NAME!r} reads one position per row ({n}), got {pos_arr.size}."
                           "\nFix: pass N positions.")
    if not per_row and pos_arr.size != 1:
        raise JourneyError(f"run_step: step {step.NAME!r} shares one position across all rows (before the seed's "
                           f"per-row step), got {pos_arr.size}.\nFix: pass one int, or use a step from "
                           "s06_per_row on.")
    if batch is not None and step.BATCH == 1 and batch != 1:
        raise JourneyError(f"run_step: step {step.NAME!r} processes one tile pair per acquire, not {batch}.\n"
                           "Fix: use s09_batching for several pairs per acquire.")
    batch = int(batch or step.BATCH)
    n_rows, wt, wta = n // 32, d // 32, n_dims // 32
    pairs = wta // 2
    if pairs % (batch * n_cores):
        raise JourneyError(f"run_step: {pairs} tile pairs per row do not split evenly into {n_cores} core(s) x "
                           f"batch {batch}.\nFix: choose n_dims, n_cores and batch with (n_dims/64) % "
                           "(n_cores*batch) == 0.")
    dev = device or tm.CreateDevice(0)
    cq = dev.command_queue()
    nt = n_rows * wt
    buf_in = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, nt * TILE, TILE, tm.BufferType.DRAM))
    buf_out = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, nt * TILE, TILE, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(cq, buf_in, tm.tilize_nfaces(x, n, d))
    pos_bytes = n * 4
    buf_pos = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, pos_bytes, pos_bytes, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(cq, buf_pos, (pos_arr if per_row else np.zeros(n, np.int32)).astype(np.int32))

    prog = tm.CreateProgram()
    cores = [tm.CoreCoord(i % 8, i // 8) for i in range(n_cores)]
    pair_split = _split(pairs, n_cores)
    passive_split = _split(wt - wta, n_cores)
    in_args = (tm.TensorAccessorArgs(buf_in).get_compile_time_args()
               + tm.TensorAccessorArgs(buf_pos).get_compile_time_args())
    out_args = tm.TensorAccessorArgs(buf_out).get_compile_time_args()
    for core in cores:
        for cb, pages in ((CBIndex.c_0, 4 * batch), (CBIndex.c_16, 4 * batch), (CBIndex.c_17, 2)):
            tm.CreateCircularBuffer(prog, core, tm.CircularBufferConfig(pages * TILE, {cb: tm.DataFormat.Float32})
                                    .set_page_size(cb, TILE))
        if per_row:
            pos_cb = tm.CircularBufferConfig(2 * POS_PAGE, {CBIndex.c_1: tm.DataFormat.Int32})
            tm.CreateCircularBuffer(prog, core, pos_cb.set_page_size(CBIndex.c_1, POS_PAGE))
    rk = tm.CreateKernel(prog, reader, cores, tm.DataMovementConfig(
        processor=tm.DataMovementProcessor.RISCV_0, noc=tm.NOC.RISCV_0_default, compile_args=in_args))
    wk = tm.CreateKernel(prog, writer, cores, tm.DataMovementConfig(
        processor=tm.DataMovementProcessor.RISCV_1, noc=tm.NOC.RISCV_1_default, compile_args=out_args))
    ck = tm.CreateKernel(prog, step.compute, cores, tm.ComputeConfig(
        fp32_dest_acc_en=True, dst_full_sync_en=bool(step.FULL_SYNC),
        unpack_to_dest_mode={int(CBIndex.c_0): tm.UnpackToDestMode.UnpackToDestFp32}))
    for core, (p0, np_), (q0, nq) in zip(cores, pair_split, passive_split):
        tm.SetRuntimeArgs(prog, rk, core, [buf_in.address(), buf_pos.address(), n_rows, p0, np_, batch, wt, wta,
                                           q0, nq, int(per_row), pos_bytes])
        tm.SetRuntimeArgs(prog, wk, core, [buf_out.address(), n_rows, p0, np_, batch, wt, wta, q0, nq])
        tm.SetRuntimeArgs(prog, ck, core, [n_rows, p0, np_, batch, wta, 0 if per_row else int(pos_arr[0]),
                                           int(per_row), int(precompute_every_acquire)])
    common.TALLY.update(riscv_scalar=0, sfpu_calls=0)
    tm.EnqueueProgram(cq, prog)
    out = tm.EnqueueReadBuffer(cq, buf_out, dtype=np.float32)
    y = np.asarray(tm.untilize_nfaces(out, n, d), np.float32).reshape(n, d)
    return y, report(dev.profiler.last_run())


def report(run) -> dict:
    """Cycle breakdown of a run from the profiler: device time; the ROPE-TILE zones on the math TRISC (the SFPI
    code, what seed 000 timed) split into SFPU issue and RISC-V soft-float scalar work; TRISC0 (unpack) and
    TRISC2 (pack) busy; BRISC/NCRISC (data movement) busy. Multi-core figures are the maximum over cores
    for busy times and the sum for zone totals."""
    per = run.per_core()
    zone = sum(z.end - z.start for z in run.zones if z.name == common.ZONE and z.riscv == "TRISC1")
    n_cores = max(1, len(per))
    scalar = common.TALLY["riscv_scalar"]

    def busy(rv):
        return max((c.get(rv, {}).get("busy", 0) for c in per.values()), default=0)

    return {
        "device_cycles": int(run.duration_cycles),
        "device_us": run.duration_cycles / 1000.0,
        "sfpi_zone_cycles": int(zone),
        "sfpi_zone_us_per_core": zone / 1000.0 / n_cores,
        "sfpu_cycles": int(zone - scalar),
        "riscv_scalar_cycles": int(scalar),
        "unpack_busy": int(busy("TRISC0")),
        "math_busy": int(busy("TRISC1")),
        "pack_busy": int(busy("TRISC2")),
        "reader_busy": int(busy("BRISC")),
        "writer_busy": int(busy("NCRISC")),
        "sfpu_calls": int(common.TALLY["sfpu_calls"]),
        "cores": n_cores,
    }
