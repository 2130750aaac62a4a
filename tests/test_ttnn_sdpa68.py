"""ttnn.transformer.scaled_dot_product_attention on tt-metal 622c6fb9's *streaming* compute kernel
(compute_streaming.hpp sdpa_standard_v2, tensix/ttnn/kernels/sdpa/compute_streaming.py), the one tt-metal runs
whenever fp32_dest_acc_en is off (sdpa.cpp's default compute config): causal, with a provided mask, grouped-query
heads, sequence lengths that need chunk padding (the partial-K column tile and the skipped padded K tiles), causal and
centred sliding windows, attention sinks, chunked prefill over a paged cache, several Q / K chunk shapes (QK subblocks
of one and two tile rows, P @ V row groups of two with a remainder row) against a float64 torch reference; the
streaming and the standard kernel agreeing on the same inputs; the compute calls the streaming kernel adds
(tensix.kernel.sdpa_ops) on single tiles; and what is still refused."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError

torch = pytest.importorskip("torch")

# sdpa.cpp's default compute config (HiFi2, approximate, fp32 accumulation off): the streaming kernel
STREAM = dict(math_fidelity=ttnn.MathFidelity.HiFi2, math_approx_mode=True, fp32_dest_acc_en=False, packer_l1_acc=False)
STANDARD = dict(STREAM, fp32_dest_acc_en=True)


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _pc(device, qc, kc, grid=None, exp_approx_mode=True):
    g = device.compute_with_storage_grid_size() if grid is None else ttnn.CoreCoord(*grid)
    return ttnn.SDPAProgramConfig(compute_with_storage_grid_size=g, q_chunk_size=qc, k_chunk_size=kc,
                                  exp_approx_mode=exp_approx_mode)


def _tt(device, x, dtype=ttnn.bfloat16):
    return ttnn.from_torch(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def _run(device, Q, K, V, qc, kc, is_causal=True, mask=None, grid=None, cfg=None, **kw):
    out = ttnn.transformer.scaled_dot_product_attention(
        _tt(device, Q), _tt(device, K), _tt(device, V), attn_mask=None if mask is None else _tt(device, mask),
        is_causal=is_causal, program_config=_pc(device, qc, kc, grid),
        compute_kernel_config=ttnn.WormholeComputeKernelConfig(**(cfg or STREAM)), **kw)
    assert tuple(out.shape) == tuple(Q.shape)
    return ttnn.to_torch(out).double()


def _reference(Q, K, V, is_causal=False, mask=None):
    """float64 torch SDPA, K / V heads repeated for grouped queries."""
    rep = Q.shape[1] // K.shape[1]
    return torch.nn.functional.scaled_dot_product_attention(
        Q.double(), K.repeat_interleave(rep, 1).double(), V.repeat_interleave(rep, 1).double(), is_causal=is_causal,
        attn_mask=None if mask is None else mask.double())


def _window_mask(sq, sk, window, is_causal):
    """The window the streaming kernel's palette stamps (sliding_window_geometry.hpp, fill_sliding_window_edge_tiles):
    causal, the `window` keys up to and including the query's; centred, keys within window // 2 of it."""
    i, j = torch.arange(sq)[:, None], torch.arange(sk)[None, :]
    keep = ((j <= i) & (j > i - window)) if is_causal else ((j - i).abs() <= window // 2)
    return torch.zeros(sq, sk).masked_fill(~keep, float("-inf"))


def _check(out, gt, rmse_max, rel_max):
    """The RMS error, the largest error relative to 1 + |reference|, the PCC."""
    err = out - gt
    rmse = err.pow(2).mean().sqrt().item()
    mx = (err.abs() / (1 + gt.abs())).max().item()
    pcc = np.corrcoef(out.flatten().numpy(), gt.flatten().numpy())[0, 1]
    assert rmse < rmse_max and mx < rel_max and pcc > 0.999, (rmse, mx, pcc)


# The kernel's expected error: bf16 QK scores, exponentials, partial sums and output (Float16_b CBs, a 16-bit Dst),
# Schraudolph's exponential for the attention weights (a few percent each) and exp_21f for the corrections. Measured:
# RMS error 0.003 - 0.011 of the O(1) outputs (the larger with a random additive mask, which concentrates the weights),
# single outputs off by up to ~0.1 relative to 1 + |reference|.
@pytest.mark.parametrize("b, nh, nkv, s, d, qc, kc", [
    (1, 1, 1, 64, 32, 32, 32),       # one tile row a chunk: a single P @ V row group, no SALAD pipeline
    (1, 2, 1, 256, 64, 64, 128),     # K chunk larger than the Q chunk (the diagonal chunk narrowed to its tiles)
    (2, 4, 2, 128, 64, 64, 64),      # grouped queries, two batches
    (1, 1, 1, 96, 96, 96, 96),       # three tile rows: P @ V groups of two plus a remainder row; head dim 96
    (1, 2, 2, 256, 128, 128, 64),    # QK subblocks of two tile rows, head dim 128 (out subblock 2 x 4)
])
def test_causal_matches_torch(device, b, nh, nkv, s, d, qc, kc):
    torch.manual_seed(11)
    Q, K, V = torch.randn(b, nh, s, d), torch.randn(b, nkv, s, d), torch.randn(b, nkv, s, d)
    _check(_run(device, Q, K, V, qc, kc), _reference(Q, K, V, True), 0.01, 0.12)


@pytest.mark.parametrize("sq, sk, qc, kc, grid", [
    (256, 256, 128, 64, None),       # whole chunks; KV chains over the cores sharing a head
    (100, 100, 64, 64, None),        # Sq and Sk padded: the partial-K column tile, a skipped padded K tile
    (97, 150, 32, 64, (1, 1)),       # Sk 150: the last K chunk narrowed to its 2 valid tiles (active_Sk)
])
def test_noncausal_and_padding(device, sq, sk, qc, kc, grid):
    torch.manual_seed(12)
    Q, K, V = torch.randn(1, 2, sq, 64), torch.randn(1, 1, sk, 64), torch.randn(1, 1, sk, 64)
    _check(_run(device, Q, K, V, qc, kc, is_causal=False, grid=grid), _reference(Q, K, V), 0.008, 0.1)


@pytest.mark.parametrize("mb, mh, s, qc", [(1, 2, 128, 64), (1, 1, 200, 64)])
def test_provided_mask(device, mb, mh, s, qc):
    """A dense additive mask, streamed by the reader one Q tile row at a time and L1-accumulated onto each QK row
    group; with s = 200 the reader fills the padded rows' and columns' mask tiles with -inf."""
    torch.manual_seed(13)
    Q, K, V = torch.randn(1, 2, s, 32), torch.randn(1, 2, s, 32), torch.randn(1, 2, s, 32)
    M = torch.randn(mb, mh, s, s)
    M[..., :, : s // 3] = float("-inf")     # a masked block as well
    # RMS error up to 0.017: the standard kernel's on the same inputs too (the random mask, multiplied by 1 / scale
    # in bf16 by sdpa.cpp, concentrates the weights on few keys)
    _check(_run(device, Q, K, V, qc, 64, is_causal=False, mask=M), _reference(Q, K, V, False, M), 0.02, 0.12)


@pytest.mark.parametrize("dtype, mask_dtype", [(ttnn.bfloat8_b, None), (ttnn.bfloat16, ttnn.bfloat8_b),
                                               (ttnn.bfloat8_b, ttnn.bfloat4_b)])
def test_block_float_inputs_and_masks(device, dtype, mask_dtype):
    """bfloat8_b Q / K / V (and output: the unpacker reconfigured between the bfp8 inputs and the Float16_b
    intermediates, the packer between them and the output) and block-float masks (the provided-mask apply reconfigures
    SrcA to the mask's format), against the reference on the stored (rounded) values."""
    torch.manual_seed(20)
    s = 128
    Q, K, V = torch.randn(1, 2, s, 64), torch.randn(1, 1, s, 64), torch.randn(1, 1, s, 64)
    tq, tk, tv = (_tt(device, x, dtype) for x in (Q, K, V))
    M = tm = None
    if mask_dtype is not None:
        M = torch.zeros(1, 1, s, s).masked_fill(torch.rand(s, s) < 0.3, float("-inf"))
        tm = _tt(device, M, mask_dtype)
    out = ttnn.transformer.scaled_dot_product_attention(
        tq, tk, tv, attn_mask=tm, is_causal=M is None, program_config=_pc(device, 64, 64),
        compute_kernel_config=ttnn.WormholeComputeKernelConfig(**STREAM))
    assert out.dtype == dtype
    Qs, Ks, Vs = (ttnn.to_torch(t).float() for t in (tq, tk, tv))
    _check(ttnn.to_torch(out).double(), _reference(Qs, Ks, Vs, M is None, M), 0.015, 0.12)


@pytest.mark.parametrize("is_causal, window", [(True, 70), (True, 64), (False, 70), (False, 130)])
def test_sliding_window(device, is_causal, window):
    """The palette's four edge tiles (window edges inside a tile or on a tile boundary) and the narrowed K loop (from
    the window's left reach; to its right reach when not causal)."""
    torch.manual_seed(14)
    s = 256
    Q, K, V = torch.randn(1, 1, s, 64), torch.randn(1, 1, s, 64), torch.randn(1, 1, s, 64)
    out = _run(device, Q, K, V, 64, 64, is_causal=is_causal, sliding_window_size=window)
    _check(out, _reference(Q, K, V, False, _window_mask(s, s, window, is_causal)), 0.01, 0.12)


def test_attention_sink(device):
    """Per-head sink logits folded into each row's denominator when the row is normalized
    (normalize_row_streaming: exp((sink - max) * scale) added to the reduced sum)."""
    torch.manual_seed(15)
    b, nh, nkv, s, d = 1, 4, 2, 128, 32
    Q, K, V = torch.randn(b, nh, s, d), torch.randn(b, nkv, s, d), torch.randn(b, nkv, s, d)
    S = (torch.rand(1, nh) * 4.0 + torch.tensor([0.0, 10.0, 20.0, 30.0])).reshape(1, nh, 1, 1)
    S = S.to(torch.bfloat16).float()
    for is_causal in (True, False):
        out = _run(device, Q, K, V, 32, 64, is_causal=is_causal,
                   attention_sink=_tt(device, S))
        scale = 1.0 / math.sqrt(d)
        qk = Q.double() @ K.repeat_interleave(2, 1).double().transpose(-1, -2) * scale
        if is_causal:
            qk = qk.masked_fill(torch.triu(torch.ones(s, s, dtype=torch.bool), 1), float("-inf"))
        w = torch.softmax(torch.cat([qk, (S.double() * scale).expand(b, nh, s, 1)], -1), -1)[..., :-1]
        gt = w @ V.repeat_interleave(2, 1).double()
        _check(out, gt, 0.01, 0.12)
        assert (out - _reference(Q, K, V, is_causal)).abs().max() > 0.1     # the sinks take weight


def test_chunked_prefill(device):
    """chunked_scaled_dot_product_attention on the default config: the streaming kernel's causal K range in absolute
    positions (the Q chunks offset by chunk_start_idx / q_chunk_size), K / V read through the page table."""
    torch.manual_seed(16)
    b, nh, nkv, start, sq, d, block = 1, 2, 1, 128, 128, 64, 64
    bpu = (start + sq) // block + 1
    Kf, Vf, Q = torch.randn(b, nkv, bpu * block, d), torch.randn(b, nkv, bpu * block, d), torch.randn(b, nh, sq, d)
    pt = torch.randperm(bpu).reshape(1, bpu).to(torch.int32)
    Kp, Vp = torch.zeros(bpu, nkv, block, d), torch.zeros(bpu, nkv, block, d)
    for vb in range(bpu):
        Kp[pt[0, vb]], Vp[pt[0, vb]] = Kf[0, :, vb * block:(vb + 1) * block], Vf[0, :, vb * block:(vb + 1) * block]
    tpt = ttnn.from_torch(pt, dtype=ttnn.int32, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    out = ttnn.to_torch(ttnn.transformer.chunked_scaled_dot_product_attention(
        _tt(device, Q), _tt(device, Kp), _tt(device, Vp), tpt, start, program_config=_pc(device, 64, 64))).double()
    total = start + sq
    mask = torch.zeros(sq, total).masked_fill(torch.arange(total)[None, :] > torch.arange(start, total)[:, None],
                                              float("-inf"))
    _check(out, _reference(Q, Kf[:, :, :total], Vf[:, :, :total], False, mask), 0.01, 0.12)


@pytest.mark.parametrize("is_causal, mask", [(True, False), (False, False), (False, True)])
def test_streaming_and_standard_kernels_agree(device, is_causal, mask):
    """The same inputs through the streaming kernel (fp32_dest_acc_en off) and the standard one (on): the same
    exponentials and bf16 intermediates in a different order (row-streamed QK, fused SALAD, per-row normalization)
    and a 16-bit against an fp32 Dst: the outputs agree to bf16 precision (RMS difference below 2 ulps of the
    O(0.3) outputs, no element off by more than 5% of 1 + |output|)."""
    torch.manual_seed(17)
    Q, K, V = torch.randn(1, 2, 192, 64), torch.randn(1, 1, 192, 64), torch.randn(1, 1, 192, 64)
    M = torch.randn(1, 1, 192, 192) if mask else None
    a = _run(device, Q, K, V, 64, 64, is_causal=is_causal, mask=M, cfg=STREAM)
    b = _run(device, Q, K, V, 64, 64, is_causal=is_causal, mask=M, cfg=STANDARD)
    diff = a - b
    assert diff.pow(2).mean().sqrt().item() < 0.006
    assert (diff.abs() / (1 + b.abs())).max().item() < 0.05
    assert diff.abs().max().item() > 0      # two kernels, not one run twice


def test_default_config_is_the_streaming_kernel(device):
    """No compute_kernel_config: sdpa.cpp's default (fp32 accumulation off) runs the streaming kernel; the program
    is cached once and reused."""
    torch.manual_seed(18)
    Q, K, V = torch.randn(1, 1, 64, 32), torch.randn(1, 1, 64, 32), torch.randn(1, 1, 64, 32)
    outs = [ttnn.to_torch(ttnn.transformer.scaled_dot_product_attention(
        _tt(device, Q), _tt(device, K), _tt(device, V), is_causal=True)).double() for _ in range(2)]
    assert torch.equal(outs[0], outs[1])
    assert torch.equal(outs[0], _run(device, Q, K, V, 32, 32, cfg=STREAM))
    _check(outs[0], _reference(Q, K, V, True), 0.01, 0.12)


# ---- still refused ---------------------------------------------------------------------------------------------------
def test_refusals(device):
    torch.manual_seed(19)
    Q, K, V = torch.randn(1, 1, 64, 32), torch.randn(1, 1, 64, 32), torch.randn(1, 1, 64, 32)
    q, k, v = _tt(device, Q), _tt(device, K), _tt(device, V)
    cfg = ttnn.WormholeComputeKernelConfig(**STREAM)
    with pytest.raises(NotModelledError, match="calculate_exponential_polynomial"):
        ttnn.transformer.scaled_dot_product_attention(q, k, v, program_config=_pc(device, 32, 32,
                                                      exp_approx_mode=False), compute_kernel_config=cfg)
    pc = _pc(device, 32, 32)
    pc.sub_core_grids = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1))])
    with pytest.raises(NotModelledError, match="sub_core_grids"):
        ttnn.transformer.scaled_dot_product_attention(q, k, v, program_config=pc, compute_kernel_config=cfg)


# ---- tensix.kernel.sdpa_ops: the streaming kernel's calls on single tiles --------------------------------------------
def _launch16(compute, x):
    """One tile through a compute kernel with a 16-bit Dst (tests/test_sfpu_batch.py launch)."""
    from test_sfpu_batch import launch
    return launch(compute, x.reshape(1, 32, 32).astype(np.float32), 1, 1, fp32=False)[0]


def _one_tile_kernel(op, pack_thread=False):
    from tensix.kernel import (CBIndex, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, copy_tile,
                               copy_tile_init, init_sfpu, pack_tile, tile_regs_acquire, tile_regs_commit,
                               tile_regs_release, tile_regs_wait)
    from tensix.kernel import sdpa_ops

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        if not pack_thread:
            op()
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        if pack_thread:
            with sdpa_ops.pack_thread_sfpu():
                op()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)
    return compute


def _bf16(x):
    return (np.asarray(x, np.float32).view(np.uint32) & 0xFFFF0000).view(np.float32)


def _first_columns():
    done = np.zeros((32, 32), bool)
    done[:, 0:16:2] = True
    return done


@pytest.mark.parametrize("pack_thread", [False, True])
def test_exp_tile_first_column_on_a_16_bit_dst(pack_thread):
    """exp((x) * scale) on columns 0, 2, .., 14 with a 16-bit Dst: _sfpu_exp_21f_bf16_ (exp_21f, rounded to bf16),
    the same whether the math or the pack thread issues it (sub_exp_first_col_blocks runs it from the pack thread);
    every other datum unchanged."""
    from tensix.kernel import sdpa_ops
    rng = np.random.default_rng(3)
    x = _bf16(rng.uniform(-60.0, 8.0, (32, 32)))
    scale_bf16 = int(np.float32(0.125).view(np.uint32)) >> 16
    out = _launch16(_one_tile_kernel(lambda: sdpa_ops.exp_tile_first_column(0, True, scale_bf16), pack_thread), x)
    done = _first_columns()
    want = np.exp(x[done].astype(np.float64) * 0.125)
    np.testing.assert_allclose(out[done], want, rtol=2 ** -7, atol=1e-30)   # bf16 result: within one ulp-ish
    assert np.array_equal(_bf16(out[done]), out[done])                      # rounded to bf16
    np.testing.assert_array_equal(out[~done], x[~done])


def test_recip_tile_first_column_rounds_to_bf16_outside_approximate_mode():
    """calculate_recip_first_column with a 16-bit Dst and APPROX off: _reciprocal_compat_<3>, then convert<vFloat16b>
    to nearest: a bf16 within half an ulp (plus the compat reciprocal's 0.14%) of 1 / x."""
    from tensix.kernel import sdpa_ops
    rng = np.random.default_rng(4)
    x = _bf16(rng.uniform(0.5, 300.0, (32, 32)))
    out = _launch16(_one_tile_kernel(lambda: sdpa_ops.recip_tile_first_column(0)), x)
    done = _first_columns()
    np.testing.assert_allclose(out[done], 1.0 / x[done].astype(np.float64), rtol=2 ** -8 + 1.5e-3)
    assert np.array_equal(_bf16(out[done]), out[done])
    np.testing.assert_array_equal(out[~done], x[~done])


def test_pack_thread_sfpu_needs_the_packer_to_own_dst():
    from tensix.kernel import sdpa_ops
    from tensix.kernel import CBIndex, init_sfpu, tile_regs_acquire

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        tile_regs_acquire()
        with sdpa_ops.pack_thread_sfpu():
            pass
    with pytest.raises(Exception, match="packer does not own Dst"):
        _launch16(compute, np.zeros((32, 32), np.float32))


# A two-input single-core program for the calls that read two CBs: tiles `a` into CB 0 and `b` into CB 1 (Float16_b,
# as the SDPA intermediates), the compute kernel's `n_out` tiles out of CB 16; a 16-bit Dst.
_TILE_BF16 = 2048


def _reader2():
    from tensix.kernel import (CBIndex, InterleavedAddrGenFast, cb_push_back, cb_reserve_back, get_arg_val,
                               get_write_ptr, noc_async_read_barrier, noc_async_read_tile)
    src = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=_TILE_BF16)
    na, nb = get_arg_val(1), get_arg_val(2)
    for cb, lo, n in ((CBIndex.c_0, 0, na), (CBIndex.c_1, na, nb)):
        cb_reserve_back(cb, n)
        for i in range(n):
            noc_async_read_tile(lo + i, src, get_write_ptr(cb) + i * _TILE_BF16)
        noc_async_read_barrier()
        cb_push_back(cb, n)


def _writer2():
    from tensix.kernel import (CBIndex, InterleavedAddrGenFast, cb_pop_front, cb_wait_front, get_arg_val,
                               get_read_ptr, noc_async_write_barrier, noc_async_write_tile)
    dst = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=_TILE_BF16)
    for i in range(get_arg_val(1)):
        cb_wait_front(CBIndex.c_16, 1)
        noc_async_write_tile(i, dst, get_read_ptr(CBIndex.c_16))
        noc_async_write_barrier()
        cb_pop_front(CBIndex.c_16, 1)


def _launch2(compute, a, b, n_out, extra_cbs=()):
    import tensix.metalium as tm
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    tiles = np.concatenate([a.reshape(-1, 32, 32), b.reshape(-1, 32, 32)]).astype(np.float32)
    mk = lambda n: tm.CreateBuffer(tm.InterleavedBufferConfig(dev, n * _TILE_BF16, _TILE_BF16,  # noqa: E731
                                                              tm.BufferType.DRAM))
    b_in, b_out = mk(len(tiles)), mk(n_out)
    data = np.asarray(tm.tilize_nfaces(_bf16(tiles).reshape(-1, 32), len(tiles) * 32, 32), np.float32)
    tm.EnqueueWriteBuffer(cq, b_in, (data.view(np.uint32) >> 16).astype(np.uint16))
    crs = tm.CoreRangeSet([tm.CoreCoord(0, 0)])
    prog = tm.CreateProgram()
    for idx, n in ((0, len(a.reshape(-1, 32, 32))), (1, len(b.reshape(-1, 32, 32))), (16, 2)) + tuple(extra_cbs):
        tm.CreateCircularBuffer(prog, crs, tm.CircularBufferConfig(n * _TILE_BF16, {idx: tm.DataFormat.Float16_b})
                                .set_page_size(idx, _TILE_BF16))
    rk = tm.CreateKernel(prog, _reader2, crs, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, _writer2, crs, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    tm.CreateKernel(prog, compute, crs, tm.ComputeConfig(fp32_dest_acc_en=False))
    c = tm.CoreCoord(0, 0)
    tm.SetRuntimeArgs(prog, rk, c, [b_in.address(), len(a.reshape(-1, 32, 32)), len(b.reshape(-1, 32, 32))])
    tm.SetRuntimeArgs(prog, wk, c, [b_out.address(), n_out])
    tm.EnqueueProgram(cq, prog)
    out = tm.EnqueueReadBuffer(cq, b_out, dtype=np.uint16)
    out = (np.asarray(out).astype(np.uint32) << 16).view(np.float32)
    return np.asarray(tm.untilize_nfaces(out, n_out * 32, 32)).reshape(n_out, 32, 32)


def _two_cb_kernel(body, n_a, n_b, n_out):
    """A compute kernel: wait for CB 0 (n_a tiles) and CB 1 (n_b), then body() in one Dst section whose first n_out
    tiles are packed to CB 16."""
    from tensix.kernel import (CBIndex, SrcOrder, cb_push_back, cb_reserve_back, cb_wait_front,
                               compute_kernel_hw_startup, pack_tile, tile_regs_acquire, tile_regs_commit,
                               tile_regs_release, tile_regs_wait)

    def compute():
        compute_kernel_hw_startup[SrcOrder.Reverse](CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, n_a)
        cb_wait_front(CBIndex.c_1, n_b)
        tile_regs_acquire()
        body()
        tile_regs_commit()
        cb_reserve_back(CBIndex.c_16, n_out)
        tile_regs_wait()
        for i in range(n_out):
            pack_tile(i, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, n_out)
    return compute


def test_sub_tiles_bcast_cols_custom_is_the_per_tile_broadcast_subtraction():
    """sub_tiles_bcast_cols_custom(A, B, 0, 0, 0, ct_dim = 2): Dst tiles 0, 1 = A tiles 0, 1 minus column 0 of B
    broadcast along the rows, bit for bit what two sub_tiles_bcast_cols give."""
    from tensix.kernel import CBIndex, sub_bcast_cols_init_short, sub_tiles_bcast_cols
    from tensix.kernel import sdpa_ops
    rng = np.random.default_rng(5)
    a, b = _bf16(rng.normal(size=(2, 32, 32)) * 8), _bf16(rng.normal(size=(1, 32, 32)) * 8)

    def custom():
        sdpa_ops.sub_bcast_cols_init_short_custom(CBIndex.c_0, CBIndex.c_1, 2)
        sdpa_ops.sub_tiles_bcast_cols_custom(CBIndex.c_0, CBIndex.c_1, 0, 0, 0, 2)

    def general():
        sub_bcast_cols_init_short(CBIndex.c_0, CBIndex.c_1)
        for j in range(2):
            sub_tiles_bcast_cols(CBIndex.c_0, CBIndex.c_1, j, 0, j)
    got = _launch2(_two_cb_kernel(custom, 2, 1, 2), a, b, 2)
    np.testing.assert_array_equal(got, _launch2(_two_cb_kernel(general, 2, 1, 2), a, b, 2))
    np.testing.assert_allclose(got, a - b[0][:, :1], rtol=2 ** -8, atol=2 ** -6)


def test_matmul_block_no_mop_is_matmul_block():
    """matmul_block_no_mop with K read transposed (the QK product), a 1 x 2 block over one inner tile: bit for bit
    matmul_block's, and A @ B^T to bf16 precision (HiFi4)."""
    from tensix.kernel import CBIndex, matmul_block, matmul_block_init
    from tensix.kernel import sdpa_ops
    rng = np.random.default_rng(6)
    a, b = _bf16(rng.normal(size=(1, 32, 32))), _bf16(rng.normal(size=(2, 32, 32)))

    def no_mop():
        sdpa_ops.mm_no_mop_init_short(CBIndex.c_0, CBIndex.c_1, True, 2, 1, 1)
        sdpa_ops.matmul_block_no_mop(CBIndex.c_0, CBIndex.c_1, 0, 0, 0, True, 2, 1, 1)

    def general():
        matmul_block_init(CBIndex.c_0, CBIndex.c_1, 1, 2, 1, 1)
        matmul_block(CBIndex.c_0, CBIndex.c_1, 0, 0, 0, 1, 2, 1, 1)
    got = _launch2(_two_cb_kernel(no_mop, 1, 2, 2), a, b, 2)
    np.testing.assert_array_equal(got, _launch2(_two_cb_kernel(general, 1, 2, 2), a, b, 2))
    want = np.stack([a[0].astype(np.float64) @ b[j].astype(np.float64).T for j in range(2)])
    np.testing.assert_allclose(got, want, rtol=2 ** -7, atol=0.08)


def test_exp_packthread_tile_is_the_scaled_exponential_from_the_pack_thread():
    """exp_packthread_tile_init<true, scale, None> + exp_packthread_tile<.., 32>(VectorMode::None) issued by the pack
    thread after tile_regs_wait: the same data as exp_tile_init_scaled + exp_tile_scaled on the math thread."""
    from tensix.kernel import sdpa_ops
    sbits = int(np.float32(0.125).view(np.uint32))
    rng = np.random.default_rng(7)
    x = _bf16(rng.uniform(-90.0, 0.0, (32, 32)))    # SDPA's inputs s - max (the 16-bit integer trick tops out at 2)

    def pack_side():
        sdpa_ops.exp_packthread_tile_init_scaled(sbits)
        sdpa_ops.exp_packthread_tile_scaled(0)

    def math_side():
        sdpa_ops.exp_tile_init_scaled(sbits)
        sdpa_ops.exp_tile_scaled(0, 32, "None")
    got = _launch16(_one_tile_kernel(pack_side, pack_thread=True), x)
    np.testing.assert_array_equal(got, _launch16(_one_tile_kernel(math_side), x))
    np.testing.assert_allclose(got, np.exp(x * 0.125), rtol=0.07)     # Schraudolph: a few percent


def test_cb_push_back_hold_wr_ptr():
    """Two one-tile row groups packed into a two-page CB at offsets 0 and 1 from the same base, each pushed with
    cb_push_back_hold_wr_ptr (visible to the unpacker at once, the write pointer kept): the consumer reads them in
    order; after popping both, the CB's base is where the next reservation's offset 0 lands."""
    from tensix.kernel import (CBIndex, cb_pop_front, cb_reserve_back, cb_wait_front, copy_tile,
                               copy_tile_to_dst_init_short, pack_tile, pack_reconfig_data_format, tile_regs_acquire,
                               tile_regs_commit, tile_regs_release, tile_regs_wait)
    from tensix.kernel import sdpa_ops
    rng = np.random.default_rng(8)
    a, b = _bf16(rng.normal(size=(2, 32, 32))), _bf16(rng.normal(size=(1, 32, 32)))
    im = CBIndex.c_24

    def copy_to(src, i, dst_cb, page):
        copy_tile_to_dst_init_short(src)
        tile_regs_acquire()
        copy_tile(src, i, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile[True](0, dst_cb, page)
        tile_regs_release()

    def compute():
        from tensix.kernel import SrcOrder, cb_push_back, compute_kernel_hw_startup
        compute_kernel_hw_startup[SrcOrder.Reverse](CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, 2)
        cb_wait_front(CBIndex.c_1, 1)
        pack_reconfig_data_format(im)
        for rnd, srcs in enumerate(((CBIndex.c_0, 0, CBIndex.c_0, 1), (CBIndex.c_1, 0, CBIndex.c_0, 0))):
            cb_reserve_back(im, 2)
            copy_to(srcs[0], srcs[1], im, 0)
            sdpa_ops.cb_push_back_hold_wr_ptr(im, 1)
            cb_wait_front(im, 1)
            copy_to(srcs[2], srcs[3], im, 1)
            sdpa_ops.cb_push_back_hold_wr_ptr(im, 1)
            cb_wait_front(im, 2)
            pack_reconfig_data_format(CBIndex.c_16)
            cb_reserve_back(CBIndex.c_16, 2)
            for i in range(2):
                copy_to(im, i, CBIndex.c_16, i)
            cb_push_back(CBIndex.c_16, 2)
            cb_pop_front(im, 2)
            pack_reconfig_data_format(im)
    got = _launch2(compute, a, b, 4, extra_cbs=((24, 2),))
    np.testing.assert_array_equal(got, np.stack([a[0], a[1], b[0], a[0]]))
