"""Batched matmul numerics (tensix.device.fpu.matmul_sequence, tensix.kernel.matmul_batch) bit for bit against the
per-tile model fpu.matmul, and the kernel API around it: matmul_block, packer L1 accumulation, packer ReLU,
pack_tile_block, copy_block_matmul_partials, compute_kernel_hw_startup[SrcOrder.Reverse], the errors."""

import zlib

import numpy as np
import pytest

import tensix.metalium as tm
from tensix.device import formats, fpu
from tensix.device.errors import CircularBufferError, ComputeInitError, TileRegsError
from tensix.device.formats import DataFormat as DF
from tensix.errors import NotModelledError
from tensix.kernel import (CBIndex, InterleavedAddrGenFast, ReluConfig, SrcOrder, cb_pop_front, cb_push_back,
                           cb_reserve_back, cb_wait_front, compute_kernel_hw_startup, copy_block_matmul_partials,
                           copy_tile_to_dst_init_short_with_dt, get_arg_val, get_read_ptr, get_write_ptr,
                           llk_pack_reconfig_l1_acc, llk_pack_relu_config, matmul_block, matmul_block_init,
                           matmul_tiles, mm_init, noc_async_read_barrier, noc_async_read_tile,
                           noc_async_write_barrier, noc_async_write_tile, pack_tile, pack_tile_block,
                           reconfig_data_format_srca, tile_regs_acquire, tile_regs_commit, tile_regs_release,
                           tile_regs_wait)

FIDELITIES = ("LoFi", "HiFi2", "HiFi3", "HiFi4")


def _src(rng, n, kind):
    if kind == "normal":
        x = rng.standard_normal((n, 32, 32)).astype(np.float32)
    elif kind == "wide":        # exponents over 140 binades: inexact float64 dot products, denormals, overflow
        x = (rng.standard_normal((n, 32, 32)) * 2.0 ** rng.integers(-70, 70, (n, 32, 32))).astype(np.float32)
    else:                       # any bit pattern: NaN / Inf patterns (read as big finite numbers), denormals
        x = rng.integers(0, 2 ** 32, (n, 32, 32), dtype=np.uint64).astype(np.uint32).view(np.float32)
    return (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)      # TF32 Src values


def _sequential(a, b, prods, dst, fid, fp32, tr):
    out = dst.copy()
    for d, i, j in prods:
        out[d] = fpu.matmul(a[i], b[j], acc=out[d], fidelity=fid, fp32_dest=fp32, transpose=tr)
    return out


@pytest.mark.parametrize("kind", ["normal", "wide", "bits"])
@pytest.mark.parametrize("fp32", [True, False])
@pytest.mark.parametrize("tr", [False, True])
def test_sequence_bit_exact_against_per_tile(kind, fp32, tr):
    rng = np.random.default_rng(zlib.crc32(repr((kind, fp32, tr)).encode()))     # the same data in every run
    a, b = _src(rng, 5, kind), _src(rng, 4, kind)
    nd = 4
    dst = rng.integers(0, 2 ** 32, (nd, 32, 32), dtype=np.uint64).astype(np.uint32) if kind == "bits" \
        else np.zeros((nd, 32, 32), np.uint32)
    if not fp32:
        dst = (dst >> 16).astype(np.uint16)
    # repeated Dst tiles (waves), repeated (a, b) pairs, and a dense block (one rectangle)
    prods = np.stack([rng.integers(0, nd, 24), rng.integers(0, 5, 24), rng.integers(0, 4, 24)], 1)
    prods = np.concatenate([prods, [(d, i, j) for d in range(1) for i in range(2) for j in range(2)]])
    for fid in FIDELITIES:
        want = _sequential(a, b, prods, dst, fid, fp32, tr)
        got = fpu.matmul_sequence(a, b, prods, dst, fid, fp32, tr)
        assert np.array_equal(got, want), (fid, np.argwhere(got != want)[:3])


@pytest.mark.parametrize("fp32", [True, False])
def test_sequence_leaves_dst_tiles_without_products_alone(fp32):
    """A Dst tile that no product names keeps its bits, NaN / Inf patterns included (the FPU reads exponent 255 as a
    finite number, which would write back as the Inf pattern). Found by a random case: seed 14 of the test above."""
    rng = np.random.default_rng(14)
    a, b = _src(rng, 2, "bits"), _src(rng, 2, "bits")
    dst = rng.integers(0, 2 ** 32, (3, 32, 32), dtype=np.uint64).astype(np.uint32)
    dst[1, 0, :4] = [0x7FE5ED22, 0x7F800000, 0xFFC00001, 0x00000001]
    if not fp32:
        dst = (dst >> 16).astype(np.uint16)
    prods = np.array([(0, 0, 1), (2, 1, 0), (0, 1, 1)])
    for fid in FIDELITIES:
        got = fpu.matmul_sequence(a, b, prods, dst, fid, fp32, False)
        assert np.array_equal(got[1], dst[1])
        assert np.array_equal(got, _sequential(a, b, prods, dst, fid, fp32, False))


def test_sequence_dense_rectangles_and_both_kernels():
    """A multicast-like wave (every a tile times every b tile, one per Dst tile), on data where the fast kernel is
    exact and on data where it must not be used (denormal sums): both agree with the per-tile model."""
    rng = np.random.default_rng(7)
    for kind in ("normal", "wide"):
        a, b = _src(rng, 12, kind), _src(rng, 12, kind)
        prods = [(ai * 6 + bi, k * 6 + ai, k * 6 + bi) for k in range(2) for ai in range(6) for bi in range(6)]
        dst = np.zeros((36, 32, 32), np.uint32)
        want = _sequential(a, b, prods, dst, "HiFi4", True, False)
        assert np.array_equal(fpu.matmul_sequence(a, b, prods, dst, "HiFi4", True), want)


def test_blas_sums_a_dot_product_sequentially():
    """matmul_sequence relies on numpy's float64 `@` (OpenBLAS) summing K = 16 terms in order k = 0..15, whatever
    the shape (the per-tile model uses (32, 16) @ (16, 32) slices, the batch larger gemms): on operands of huge
    exponent range, where another order gives other sums, both agree with an explicit sequential sum."""
    rng = np.random.default_rng(3)

    def q(x, bits):
        m, e = np.frexp(x)
        return np.ldexp(np.round(m * 2 ** bits) / 2 ** bits, e)

    a = q(rng.standard_normal((96, 16)) * 2.0 ** rng.integers(-60, 60, (96, 16)), 7)
    b = q(rng.standard_normal((16, 64)) * 2.0 ** rng.integers(-60, 60, (16, 64)), 5)
    seq = np.zeros((96, 64))
    for k in range(16):
        seq = seq + a[:, k:k + 1] * b[k:k + 1, :]
    assert np.array_equal(a @ b, seq)
    assert np.array_equal(a[:32] @ b[:, :32], seq[:32, :32])
    rev = np.zeros((96, 64))
    for k in range(15, -1, -1):
        rev = rev + a[:, k:k + 1] * b[k:k + 1, :]
    assert not np.array_equal(rev, seq)       # the data does tell the orders apart


def test_pack_l1_accumulate_formats():
    x = np.float32([1.0, 2.5, -3.25, 1e-3])
    y = np.float32([1e-8, -2.5, 0.125, 7.0])
    got = fpu.pack_l1_accumulate(x.view(np.uint8), y.view(np.uint8), DF.Float32).view(np.float32)
    assert np.array_equal(got, x + y)
    bx = formats.fp32_to_bf16_round_away(x.view(np.uint32))
    by = formats.fp32_to_bf16_round_away(y.view(np.uint32))
    got = fpu.pack_l1_accumulate(bx.view(np.uint8), by.view(np.uint8), DF.Float16_b).view(np.uint16)
    wx = (bx.astype(np.uint32) << 16).view(np.float32)
    wy = (by.astype(np.uint32) << 16).view(np.float32)
    assert np.array_equal(got, formats.fp32_to_bf16_round_away((wx + wy).view(np.uint32)))
    with pytest.raises(NotModelledError):
        fpu.pack_l1_accumulate(np.zeros(1088, np.uint8), np.zeros(1088, np.uint8), DF.Bfp8_b)


# ------------------------------------------------------------------------------------------ kernel level
C0 = tm.CoreCoord(0, 0)


def _program(compute, a_tiles, b_tiles, fmt, out_fmt, cfg, n_out, interm_fmt=None, in_pages=16):
    """A one-core program: the reader pushes a's tiles into c_0 and b's into c_1 (in the given order, one page at a
    time), the compute body runs, the writer drains n_out tiles of c_16. Returns the output tiles' bytes."""
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    ts, to = formats.tile_size(fmt), formats.tile_size(out_fmt)
    data = formats.pack_tile_bytes(np.concatenate([a_tiles, b_tiles]).astype(np.float32), fmt).reshape(-1)
    src = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, data.size, ts, tm.BufferType.DRAM))
    out = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, to * max(n_out, 1), to, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(cq, src, data)
    prog = tm.CreateProgram()
    for i in (0, 1):
        tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(in_pages * ts, {i: fmt}).set_page_size(i, ts))
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(8 * to, {16: out_fmt}).set_page_size(16, to))
    if interm_fmt is not None:
        ti = formats.tile_size(interm_fmt)
        # one page: the partial result comes back to the same L1 address, as the factory sizes the interm CB
        tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(ti, {24: interm_fmt}).set_page_size(24, ti))
    na = len(a_tiles)

    def reader():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=ts)
        for i in range(na + len(b_tiles)):
            cb = 0 if i < na else 1
            cb_reserve_back(cb, 1)
            noc_async_read_tile(i, g, get_write_ptr(cb))
            noc_async_read_barrier()
            cb_push_back(cb, 1)

    def writer():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=to)
        for i in range(n_out):
            cb_wait_front(16, 1)
            noc_async_write_tile(i, g, get_read_ptr(16))
            noc_async_write_barrier()
            cb_pop_front(16, 1)

    rk = tm.CreateKernel(prog, reader, C0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, C0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    tm.CreateKernel(prog, compute, C0, cfg)
    tm.SetRuntimeArgs(prog, rk, C0, [src.address()])
    tm.SetRuntimeArgs(prog, wk, C0, [out.address()])
    tm.EnqueueProgram(cq, prog)
    return tm.EnqueueReadBuffer(cq, out, dtype=np.uint8).reshape(n_out, to)


def _unpacked(tiles, fmt, fp32):
    return formats.unpack_to_src(formats.pack_tile_bytes(tiles.astype(np.float32), fmt), fmt, fp32_dest=fp32)


@pytest.mark.parametrize("fp32", [True, False])
def test_matmul_block_kernel_matches_per_tile_model(fp32):
    """A 2x3 output block over K = 2 tiles with matmul_block (rt 2, ct 3, kt 2), packed with pack_tile_block, equals
    per-tile fpu.matmul accumulation."""
    rng = np.random.default_rng(11)
    a = rng.standard_normal((4, 32, 32))        # in0: 2 rows x 2 k, row-major
    b = rng.standard_normal((6, 32, 32))        # in1: 2 k x 3 cols
    fmt = DF.Float16_b

    def compute():
        compute_kernel_hw_startup[SrcOrder.Reverse](0, 1, 16)
        matmul_block_init(0, 1, 0, 3, 2, 2)
        cb_wait_front(0, 4)
        cb_wait_front(1, 6)
        tile_regs_acquire()
        for k in range(2):
            matmul_block(0, 1, k, k * 3, 0, 0, 3, 2, 2)
        cb_pop_front(0, 4)                      # popped before the products run: they were snapshotted
        cb_pop_front(1, 6)
        tile_regs_commit()
        cb_reserve_back(16, 6)
        tile_regs_wait()
        pack_tile_block(0, 16, 6)
        tile_regs_release()
        cb_push_back(16, 6)

    cfg = tm.ComputeConfig(math_fidelity=tm.MathFidelity.HiFi4, fp32_dest_acc_en=fp32, dst_full_sync_en=True)
    got = _program(compute, a, b, fmt, DF.Float32, cfg, 6)
    sa, sb = _unpacked(a, fmt, fp32), _unpacked(b, fmt, fp32)
    for r in range(2):
        for c in range(3):
            acc = np.zeros((32, 32), np.uint32 if fp32 else np.uint16)
            for k in range(2):
                acc = fpu.matmul(sa[r * 2 + k], sb[k * 3 + c], acc=acc, fidelity="HiFi4", fp32_dest=fp32)
            want = formats.pack_from_dest(acc, fp32, DF.Float32)
            assert np.array_equal(got[r * 3 + c], want)


def test_packer_l1_accumulation_and_reload():
    """Three K tiles: partials packed into a Float32 CB with L1 accumulation (block 0 without), then reloaded with
    copy_block_matmul_partials for the last one, as bmm_large_block_zm_fused_bias_activation does; the result
    follows pack_l1_accumulate and the TF32 reload exactly."""
    rng = np.random.default_rng(5)
    a, b = rng.standard_normal((3, 32, 32)), rng.standard_normal((3, 32, 32))
    fmt = DF.Float16_b

    def compute():
        compute_kernel_hw_startup[SrcOrder.Reverse](0, 1, 24)
        matmul_block_init(0, 1, 0, 1, 1, 1)
        for k in range(3):
            cb_wait_front(0, 1)
            cb_wait_front(1, 1)
            tile_regs_acquire()
            if k == 2:
                copy_tile_to_dst_init_short_with_dt(1, 24)
                cb_wait_front(24, 1)
                copy_block_matmul_partials(24, 0, 0, 1)
                cb_pop_front(24, 1)
                reconfig_data_format_srca(24, 1)
                matmul_block_init(0, 1, 0, 1, 1, 1)
            matmul_block(0, 1, 0, 0, 0, 0, 1, 1, 1)
            tile_regs_commit()
            out = 16 if k == 2 else 24
            cb_reserve_back(out, 1)
            tile_regs_wait()
            from tensix.kernel import pack_reconfig_data_format
            pack_reconfig_data_format(out)
            llk_pack_reconfig_l1_acc(1 if k == 1 else 0)
            pack_tile(0, out)
            tile_regs_release()
            cb_push_back(out, 1)
            if k == 0:                          # keep the partial in place for the accumulation
                cb_wait_front(24, 1)
                cb_pop_front(24, 1)
            cb_pop_front(0, 1)
            cb_pop_front(1, 1)

    cfg = tm.ComputeConfig(math_fidelity=tm.MathFidelity.HiFi3, fp32_dest_acc_en=True)
    got = _program(compute, a, b, fmt, DF.Float16_b, cfg, 1, interm_fmt=DF.Float32, in_pages=4)
    sa, sb = _unpacked(a, fmt, True), _unpacked(b, fmt, True)
    p0 = formats.pack_from_dest(fpu.matmul(sa[0], sb[0], fidelity="HiFi3", fp32_dest=True), True, DF.Float32)
    p1 = formats.pack_from_dest(fpu.matmul(sa[1], sb[1], fidelity="HiFi3", fp32_dest=True), True, DF.Float32)
    part = fpu.pack_l1_accumulate(p0, p1, DF.Float32)
    d = formats.copy_tile_to_dest(part, DF.Float32, fp32_dest=True)
    d = fpu.matmul(sa[2], sb[2], acc=d, fidelity="HiFi3", fp32_dest=True)
    assert np.array_equal(got[0], formats.pack_from_dest(d, True, DF.Float16_b))


def test_packer_relu_zero():
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal((1, 32, 32)), rng.standard_normal((1, 32, 32))

    def compute():
        mm_init(0, 1, 16)
        cb_wait_front(0, 1)
        cb_wait_front(1, 1)
        tile_regs_acquire()
        matmul_tiles(0, 1, 0, 0, 0)
        tile_regs_commit()
        cb_reserve_back(16, 1)
        tile_regs_wait()
        llk_pack_relu_config(ReluConfig.zero())
        pack_tile(0, 16)
        tile_regs_release()
        cb_push_back(16, 1)

    cfg = tm.ComputeConfig(math_fidelity=tm.MathFidelity.LoFi, fp32_dest_acc_en=False)
    got = _program(compute, a, b, DF.Float16_b, DF.Float16_b, cfg, 1)
    sa, sb = _unpacked(a, DF.Float16_b, False), _unpacked(b, DF.Float16_b, False)
    d = fpu.matmul(sa[0], sb[0], fidelity="LoFi", fp32_dest=False)
    plain = formats.unpack_tile_bytes(formats.pack_from_dest(d, False, DF.Float16_b), DF.Float16_b)
    got_v = formats.unpack_tile_bytes(got[0], DF.Float16_b)
    assert np.array_equal(got_v, np.where(plain > 0, plain, 0))
    assert (plain < 0).any()


def test_matmul_block_errors():
    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((2, 32, 32)), rng.standard_normal((2, 32, 32))
    cfg = tm.ComputeConfig(math_fidelity=tm.MathFidelity.LoFi)

    def shape_mismatch():
        compute_kernel_hw_startup[SrcOrder.Reverse](0, 1, 16)
        matmul_block_init(0, 1, 0, 1, 1, 1)
        cb_wait_front(0, 2)
        cb_wait_front(1, 2)
        tile_regs_acquire()
        matmul_block(0, 1, 0, 0, 0, 0, 2, 1, 1)

    with pytest.raises(NotModelledError, match="block shape of its init"):
        _program(shape_mismatch, a, b, DF.Float16_b, DF.Float16_b, cfg, 0)

    def not_waited():
        compute_kernel_hw_startup[SrcOrder.Reverse](0, 1, 16)
        matmul_block_init(0, 1, 0, 2, 1, 1)
        cb_wait_front(0, 1)
        cb_wait_front(1, 1)
        tile_regs_acquire()
        matmul_block(0, 1, 0, 0, 0, 0, 2, 1, 1)

    with pytest.raises(CircularBufferError, match="was not waited for"):
        _program(not_waited, a, b, DF.Float16_b, DF.Float16_b, cfg, 0)

    def no_acquire():
        compute_kernel_hw_startup[SrcOrder.Reverse](0, 1, 16)
        matmul_block_init(0, 1, 0, 1, 1, 1)
        cb_wait_front(0, 1)
        cb_wait_front(1, 1)
        matmul_block(0, 1, 0, 0, 0, 0, 1, 1, 1)

    with pytest.raises(TileRegsError):
        _program(no_acquire, a, b, DF.Float16_b, DF.Float16_b, cfg, 0)
