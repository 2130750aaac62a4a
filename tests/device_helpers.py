"""Shared by the device tests: bit views of float32, tiles as the unpacker leaves them in Src, and one
reader/compute/writer program on core (0, 0) around a compute body."""

import numpy as np

import tensix.metalium as tm
from tensix.device import formats
from tensix.device.formats import DataFormat as DF
from tensix.kernel import (
    CBIndex,
    InterleavedAddrGenFast,
    cb_pop_front,
    cb_push_back,
    cb_reserve_back,
    cb_wait_front,
    get_arg_val,
    get_read_ptr,
    get_write_ptr,
    noc_async_read_barrier,
    noc_async_read_tile,
    noc_async_write_barrier,
    noc_async_write_tile,
)

C0 = tm.CoreCoord(0, 0)


def f32(b):
    return np.asarray(b, dtype=np.uint32).view(np.float32)


def bits(x):
    return np.asarray(x, dtype=np.float32).view(np.uint32)


def src(x, fmt=DF.Float16_b, fp32_dest=True):
    """Values as SrcA/SrcB hold them after unpacking a tile of ``fmt``."""
    return formats.unpack_to_src(formats.pack_tile_bytes(np.asarray(x, np.float32), fmt), fmt, fp32_dest=fp32_dest)


def val(dst_bits, fp32_dest):
    return formats.dest_to_float(dst_bits, fp32_dest).astype(np.float64)


def run_single(compute_body, in_tiles, fmt_in, fmt_out, cfg, n_out=1):
    """in_tiles: list of (cb, bytes) pages pushed in order; compute_body() runs inside the compute kernel."""
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    tsz_in, tsz_out = formats.tile_size(fmt_in), formats.tile_size(fmt_out)
    src = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, tsz_in * len(in_tiles), tsz_in, tm.BufferType.DRAM))
    out = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, tsz_out * n_out, tsz_out, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(cq, src, np.concatenate([b for _, b in in_tiles]))
    cbs = sorted({cb for cb, _ in in_tiles})
    prog = tm.CreateProgram()
    for i in cbs:
        tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(4 * tsz_in, {i: fmt_in}).set_page_size(i, tsz_in))
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(2 * tsz_out, {16: fmt_out}).set_page_size(16, tsz_out))
    order = [cb for cb, _ in in_tiles]

    def reader():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=tsz_in)
        for i, cb in enumerate(order):
            cb_reserve_back(cb, 1)
            noc_async_read_tile(i, g, get_write_ptr(cb))
            noc_async_read_barrier()
            cb_push_back(cb, 1)

    def writer():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=tsz_out)
        for i in range(n_out):
            cb_wait_front(CBIndex.c_16, 1)
            noc_async_write_tile(i, g, get_read_ptr(CBIndex.c_16))
            noc_async_write_barrier()
            cb_pop_front(CBIndex.c_16, 1)

    rk = tm.CreateKernel(prog, reader, C0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, C0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    tm.CreateKernel(prog, compute_body, C0, cfg)
    tm.SetRuntimeArgs(prog, rk, C0, [src.address()])
    tm.SetRuntimeArgs(prog, wk, C0, [out.address()])
    tm.EnqueueProgram(cq, prog)
    return tm.EnqueueReadBuffer(cq, out).reshape(n_out, tsz_out)
