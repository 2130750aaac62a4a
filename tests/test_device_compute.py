"""Compute API wiring: each op through a real reader/compute/writer program against the reference numerics
(tensix.device.formats / fpu) called directly on the same tiles."""

import ml_dtypes
import numpy as np
import pytest

import tensix.metalium as tm
from tensix.device import formats, fpu
from tensix.kernel import (BroadcastType, CBIndex, InterleavedAddrGenFast, PoolType, ReduceDim, acquire_dst,
                           add_tiles_bcast, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, copy_tile,
                           get_arg_val, get_read_ptr, get_write_ptr, mul_tiles, mul_tiles_bcast_cols,
                           noc_async_read_barrier, noc_async_read_tile, noc_async_write_barrier,
                           noc_async_write_tile, pack_tile, reduce_tile, release_dst, sub_tiles_bcast_rows,
                           tile_regs_acquire, tile_regs_commit, tile_regs_release, tile_regs_wait)

C0 = tm.CoreCoord(0, 0)


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


def rand_tile(rng, fmt):
    v = rng.standard_normal((32, 32)).astype(np.float32)
    return v, formats.pack_tile_bytes(v, fmt)


def pack_one(cb_out=CBIndex.c_16):
    tile_regs_commit()
    cb_reserve_back(cb_out, 1)
    tile_regs_wait()
    pack_tile(0, cb_out)
    tile_regs_release()
    cb_push_back(cb_out, 1)


@pytest.mark.parametrize("fidelity", ["LoFi", "HiFi4"])
@pytest.mark.parametrize("fp32", [False, True])
def test_mul_tiles(fidelity, fp32):
    rng = np.random.default_rng(1)
    fmt = formats.DataFormat.Float16_b
    _, ra = rand_tile(rng, fmt)
    _, rb = rand_tile(rng, fmt)

    def compute():
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        tile_regs_acquire()
        mul_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
        pack_one()

    cfg = tm.ComputeConfig(math_fidelity=getattr(tm.MathFidelity, fidelity), fp32_dest_acc_en=fp32)
    got = run_single(compute, [(0, ra), (1, rb)], fmt, fmt, cfg)
    ref_dst = fpu.eltwise_binary("mul", formats.unpack_to_src(ra, fmt, fp32_dest=fp32),
                                 formats.unpack_to_src(rb, fmt, fp32_dest=fp32), None, fidelity, fp32)
    np.testing.assert_array_equal(got[0], formats.pack_from_dest(ref_dst, fp32, fmt))


@pytest.mark.parametrize("kernel_op,op,bcast", [(mul_tiles_bcast_cols, "mul", "col"),
                                                (sub_tiles_bcast_rows, "sub", "row"),
                                                (add_tiles_bcast[BroadcastType.SCALAR], "add", "scalar")])
def test_bcast_variants(kernel_op, op, bcast):
    rng = np.random.default_rng(2)
    fmt = formats.DataFormat.Float16_b
    _, ra = rand_tile(rng, fmt)
    _, rb = rand_tile(rng, fmt)

    def compute():
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        tile_regs_acquire()
        kernel_op(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
        pack_one()

    got = run_single(compute, [(0, ra), (1, rb)], fmt, fmt, tm.ComputeConfig())
    ref = fpu.eltwise_binary(op, formats.unpack_to_src(ra, fmt, fp32_dest=False),
                             formats.unpack_to_src(rb, fmt, fp32_dest=False), bcast, "HiFi4", False)
    np.testing.assert_array_equal(got[0], formats.pack_from_dest(ref, False, fmt))


@pytest.mark.parametrize("dim", [ReduceDim.REDUCE_ROW, ReduceDim.REDUCE_COL, ReduceDim.REDUCE_SCALAR])
def test_reduce_sum(dim):
    rng = np.random.default_rng(3)
    fmt = formats.DataFormat.Float16_b
    _, ra = rand_tile(rng, fmt)
    scal = formats.pack_tile_bytes(np.ones((32, 32), np.float32), fmt)

    def compute():
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_2, 1)
        tile_regs_acquire()
        reduce_tile(CBIndex.c_0, CBIndex.c_2, 0, 0, 0, pool=PoolType.SUM, dim=dim)
        pack_one()

    got = run_single(compute, [(0, ra), (2, scal)], fmt, fmt, tm.ComputeConfig())
    ref = fpu.reduce("sum", formats.unpack_to_src(ra, fmt, fp32_dest=False), dim.value, 1.0, "HiFi4", False,
                     acc=np.zeros((32, 32), np.uint16), in_fmt=fmt)
    np.testing.assert_array_equal(got[0], formats.pack_from_dest(ref, False, fmt))
    vals = formats.unpack_tile_bytes(got[0], fmt)
    x = formats.unpack_tile_bytes(ra, fmt).astype(np.float64)
    if dim == ReduceDim.REDUCE_ROW:
        np.testing.assert_allclose(vals[:, 0], x.sum(1), rtol=0.05, atol=0.1)


def test_copy_tile_fp32_unpack_to_dest_and_legacy_acquire():
    rng = np.random.default_rng(4)
    fmt = formats.DataFormat.Float32
    v, ra = rand_tile(rng, fmt)
    v[0, 0] = 1.0 + 2.0 ** -20           # not representable in TF32: survives only via UnpackToDestFp32
    ra = formats.pack_tile_bytes(v, fmt)

    def compute():
        cb_wait_front(CBIndex.c_0, 1)
        acquire_dst()
        copy_tile(CBIndex.c_0, 0, 0)
        cb_reserve_back(CBIndex.c_16, 1)
        pack_tile(0, CBIndex.c_16)
        cb_push_back(CBIndex.c_16, 1)
        release_dst()

    cfg = tm.ComputeConfig(fp32_dest_acc_en=True, unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})
    got = run_single(compute, [(0, ra)], fmt, fmt, cfg)
    np.testing.assert_array_equal(got[0], ra)
    cfg2 = tm.ComputeConfig(fp32_dest_acc_en=True)
    got2 = run_single(compute, [(0, ra)], fmt, fmt, cfg2)
    back = formats.unpack_tile_bytes(got2[0], fmt)
    assert back[0, 0] == 1.0                # TF32 truncation through SrcA


def test_double_buffered_dst_sections():
    """Two sections in flight (half sync): math acquires section 2 before the packer releases section 1."""
    rng = np.random.default_rng(5)
    fmt = formats.DataFormat.Float16_b
    tiles = [rand_tile(rng, fmt)[1] for _ in range(2)]

    def compute():
        for _ in range(2):
            cb_wait_front(CBIndex.c_0, 1)
            tile_regs_acquire()
            copy_tile(CBIndex.c_0, 0, 0)
            tile_regs_commit()
            cb_pop_front(CBIndex.c_0, 1)
        for _ in range(2):
            cb_reserve_back(CBIndex.c_16, 1)
            tile_regs_wait()
            pack_tile(0, CBIndex.c_16)
            tile_regs_release()
            cb_push_back(CBIndex.c_16, 1)

    got = run_single(compute, [(0, t) for t in tiles], fmt, fmt, tm.ComputeConfig(), n_out=2)
    np.testing.assert_array_equal(got[0], tiles[0])
    np.testing.assert_array_equal(got[1], tiles[1])
