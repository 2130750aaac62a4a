"""ttnn.transformer.scaled_dot_product_attention (tensix.ttnn.operations.sdpa: tt-metal 622c6fb9's SDPAProgramFactory
with its standard compute kernel, the one tt-metal runs with fp32_dest_acc_en) against a float64 torch reference:
causal (the lightweight causal stamp) and with a provided mask (broadcast over batch and / or heads), several Q / K
chunk sizes, grouped-query heads, sequence lengths that need chunk padding, bfloat8_b inputs, an explicit scale; the
program cache; attention sinks; causal sliding windows and the padded mask of non-causal calls (the writer's
generated Bfp4_b masks); the KV chains of non-causal calls (unicast and multicast); chunked prefill over a paged KV
cache (chunked_scaled_dot_product_attention); the refusals (block-float
sinks, non-causal sliding windows, the polynomial exponential, a chunk-start tensor, the windowed variant) and the
validation errors. Also the compute API calls the SDPA kernels need that tensix.kernel.sdpa_ops adds (recip / exp on
the first column, the scaled Schraudolph exponential) and the packer's ReLU-then-L1-accumulate order, on single tiles
against numpy."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError

torch = pytest.importorskip("torch")

FP32_CFG = dict(math_fidelity=ttnn.MathFidelity.HiFi4, math_approx_mode=False, fp32_dest_acc_en=True,
                packer_l1_acc=False)


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _cc(**kw):
    return ttnn.WormholeComputeKernelConfig(**{**FP32_CFG, **kw})


def _pc(device, qc, kc, grid=None, exp_approx_mode=True):
    return ttnn.SDPAProgramConfig(compute_with_storage_grid_size=grid or device.compute_with_storage_grid_size(),
                                  q_chunk_size=qc, k_chunk_size=kc, exp_approx_mode=exp_approx_mode)


def _reference(Q, K, V, is_causal, mask=None, scale=None):
    """torch.nn.functional.scaled_dot_product_attention in float64, K / V heads repeated for grouped queries."""
    nh, nkv = Q.shape[1], K.shape[1]
    Kr = K.repeat_interleave(nh // nkv, 1).double()
    Vr = V.repeat_interleave(nh // nkv, 1).double()
    return torch.nn.functional.scaled_dot_product_attention(Q.double(), Kr, Vr, is_causal=is_causal, scale=scale,
                                                            attn_mask=None if mask is None else mask.double())


def _run(device, Q, K, V, qc, kc, is_causal=True, mask=None, grid=None, dtype=ttnn.bfloat16, mask_dtype=None,
         scale=None, cfg=None, **kw):
    tq, tk, tv = (ttnn.from_torch(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device) for x in (Q, K, V))
    tm = None if mask is None else ttnn.from_torch(mask, dtype=mask_dtype or ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                                                   device=device)
    out = ttnn.transformer.scaled_dot_product_attention(
        tq, tk, tv, attn_mask=tm, is_causal=is_causal, scale=scale, program_config=_pc(device, qc, kc, grid),
        compute_kernel_config=cfg or _cc(), **kw)
    assert tuple(out.shape) == tuple(Q.shape) and out.dtype == dtype
    return ttnn.to_torch(out).double()


def _check(out, gt, rmse_max, rel_max):
    """The RMS error, the largest error relative to 1 + |reference| (a few bf16 ulps of the output), the PCC."""
    err = out - gt
    rmse = err.pow(2).mean().sqrt().item()
    mx = (err.abs() / (1 + gt.abs())).max().item()
    pcc = np.corrcoef(out.flatten().numpy(), gt.flatten().numpy())[0, 1]
    assert rmse < rmse_max and mx < rel_max and pcc > 0.9995, (rmse, mx, pcc)


# tt-metal's numbers are not float64's: bf16 QK scores, exponentials and partial sums (Float16_b intermediate CBs), a
# bf16 output, and above all Schraudolph's exponential (sub_exp_block_bcast_cols_inplace always runs exp_tile<approx =
# true>: a few percent per attention weight). The RMS error stays under 0.008 of the O(1) outputs; single outputs
# near 0 are off by up to ~0.06 (at most 0.1 relative to 1 + |reference|).
@pytest.mark.parametrize("b, nh, nkv, s, d, qc, kc", [
    (1, 2, 1, 128, 64, 64, 64),      # two Q chunks and two K chunks: the diagonal, off-diagonal and skipped chunks
    (1, 2, 1, 128, 64, 32, 64),      # Q chunk smaller than K chunk (half a K chunk masked on the diagonal)
    (1, 2, 2, 128, 64, 64, 32),      # Q chunk larger than K chunk (two K chunks per diagonal)
    (2, 4, 2, 96, 32, 64, 64),       # grouped queries, sequence padded to the chunk (96 -> 128)
    (1, 1, 1, 64, 128, 64, 64),      # head dim 128: four tiles on the matmuls' inner dimension
])
def test_causal_matches_torch(device, b, nh, nkv, s, d, qc, kc):
    torch.manual_seed(7)
    Q, K, V = torch.randn(b, nh, s, d), torch.randn(b, nkv, s, d), torch.randn(b, nkv, s, d)
    _check(_run(device, Q, K, V, qc, kc), _reference(Q, K, V, True), 0.008, 0.1)


def test_q_subblock_push_and_wide_head(device):
    """q_chunk_size 128 (four tile rows, QK subblocks of 2 x 2 with the fp32 Dst's 4 tiles): the reader pushes Q one
    subblock of rows at a time after the first K chunk; head dim 128."""
    torch.manual_seed(9)
    Q, K, V = torch.randn(1, 1, 256, 128), torch.randn(1, 1, 256, 128), torch.randn(1, 1, 256, 128)
    _check(_run(device, Q, K, V, 128, 64), _reference(Q, K, V, True), 0.008, 0.1)


@pytest.mark.parametrize("sq, sk", [(128, 128), (64, 128)])
def test_noncausal_without_mask(device, sq, sk):
    """No mask, chunk-divisible lengths: no mask CB, no mask applied (cross attention when Sq != Sk)."""
    torch.manual_seed(4)
    Q, K, V = torch.randn(1, 2, sq, 64), torch.randn(1, 1, sk, 64), torch.randn(1, 1, sk, 64)
    out = _run(device, Q, K, V, 64, 64, is_causal=False, grid=ttnn.CoreCoord(1, 1))
    _check(out, _reference(Q, K, V, False), 0.008, 0.1)


def test_bfloat4_mask(device):
    """A bfloat4_b mask (what tt-metal's tests pass): ttnn.multiply by 1 / scale first, then read as Bfp4_b tiles."""
    torch.manual_seed(12)
    Q, K, V = torch.randn(1, 2, 64, 64), torch.randn(1, 2, 64, 64), torch.randn(1, 2, 64, 64)
    mask = torch.bernoulli(torch.full((1, 1, 64, 64), 0.25)) * -1e9
    m4 = ttnn.to_torch(ttnn.from_torch(mask, dtype=ttnn.bfloat4_b, layout=ttnn.TILE_LAYOUT)).float()
    out = _run(device, Q, K, V, 32, 64, is_causal=False, mask=mask, mask_dtype=ttnn.bfloat4_b,
               grid=ttnn.CoreCoord(1, 1))
    _check(out, _reference(Q, K, V, False, m4), 0.008, 0.1)


@pytest.mark.parametrize("b, nh, sq, sk, qc, grid, masked, mcast", [
    (1, 2, 128, 128, 32, None, False, True),        # 4 cores a head on one row: the injector multicasts K / V
    (2, 2, 256, 128, 64, (4, 2), True, True),
    (1, 3, 160, 96, 32, (3, 2), True, False),       # 15 chunks over 6 cores: unequal counts, unicast chains
    (1, 1, 192, 64, 32, (4, 1), False, False),      # one head over 4 cores: middle cores receive and forward
])
def test_noncausal_kv_chains(device, b, nh, sq, sk, qc, grid, masked, mcast):
    """Non-causal calls whose heads' Q chunks span several cores: the KV chain (each K / V chunk read from DRAM once
    by the injector, written core to core or multicast over the row, with the sender / receiver / valid semaphores)
    gives the same numbers as reading it everywhere."""
    from tensix.ttnn.operations import sdpa as S
    torch.manual_seed(6)
    g = ttnn.CoreCoord(*grid) if grid else device.compute_with_storage_grid_size()
    n = g.x * g.y
    total = b * nh * (sq // qc)
    ranges = [(i * (total // n) + min(i, total % n), total // n + (i < total % n)) for i in range(n)]
    ranges = [(min(st, total), c if st < total else 0) for st, c in ranges]
    phys = [tuple(device.sim.worker_core_from_logical_core(ttnn.CoreCoord(i % g.x, i // g.x))) for i in range(n)]
    chains, use_mcast = S._build_kv_chains(b, nh, sq // qc, n, g.x, ranges, phys)
    assert use_mcast == mcast and sum(c.participates for c in chains) >= 2
    Q, K, V = torch.randn(b, nh, sq, 64), torch.randn(b, nh, sk, 64), torch.randn(b, nh, sk, 64)
    mask = torch.bernoulli(torch.full((b, nh, sq, sk), 0.25)) * -1e9 if masked else None
    out = _run(device, Q, K, V, qc, 32, is_causal=False, mask=mask, grid=grid and g)
    _check(out, _reference(Q, K, V, False, mask), 0.008, 0.1)


def _legacy_window_mask(s, window):
    """The additive mask tt-metal's writer builds for a causal sliding window (dataflow_common.hpp
    generate_causal_sliding_window_mask), re-derived per 32 x 32 tile: with the union of the tile rows' windows
    [min_ws, max_we) and the narrowest end min_we, a K tile outside it is -inf, one with k_start >= min_ws and k_end <
    min_we all zero (note: not checked against the later rows' window starts, so for a window wider than a tile the
    rows past the first may see up to 31 keys before their window), else the diagonal-edge tile (-inf where col > row +
    (min_we - 1 - k_start) or col < row - (k_end - max_ws))."""
    m = torch.zeros(s, s)
    r, c = torch.arange(32)[:, None], torch.arange(32)[None, :]
    for qt in range(s // 32):
        q0, q1 = qt * 32, qt * 32 + 31
        min_ws, max_ws = max(q0 - window + 1, 0), max(q1 - window + 1, 0)
        min_we, max_we = q0 + 1, q1 + 1
        for kt in range(s // 32):
            k0, k1 = kt * 32, kt * 32 + 31
            if k1 < min_ws or k0 >= max_we:
                blk = torch.ones(32, 32, dtype=torch.bool)
            elif k0 >= min_ws and k1 < min_we:
                blk = torch.zeros(32, 32, dtype=torch.bool)
            else:
                lead, trail = (min_we - 1) - k0, k1 - max_ws
                blk = ((lead < 32) & (c > r + lead)) | ((trail < 32) & (c < r - trail))
            m[q0:q1 + 1, k0:k1 + 1] = torch.where(blk, float("-inf"), 0.0)
    return m


@pytest.mark.parametrize("s, qc, kc, window", [(192, 32, 64, 32), (256, 64, 64, 70), (128, 64, 32, 100)])
def test_causal_sliding_window(device, s, qc, kc, window):
    """A causal sliding window (each query sees the `window` positions up to itself) on the standard kernel: the
    writer's Bfp4_b mask blocks (zero, -inf and the window's diagonal edge tiles) added to every K chunk up to the Q
    chunk's end. A window of 32 is exact; for wider ones tt-metal's tile rule lets some rows see keys before their
    window (see _legacy_window_mask), and tensix gives those numbers, not the exact window's."""
    torch.manual_seed(13)
    Q, K, V = torch.randn(1, 2, s, 64), torch.randn(1, 1, s, 64), torch.randn(1, 1, s, 64)
    qpos, kpos = torch.arange(s)[:, None], torch.arange(s)[None, :]
    exact = torch.zeros(s, s).masked_fill(~((kpos <= qpos) & (kpos > qpos - window)), float("-inf"))
    legacy = _legacy_window_mask(s, window)
    out = _run(device, Q, K, V, qc, kc, sliding_window_size=window)
    _check(out, _reference(Q, K, V, False, legacy), 0.008, 0.1)
    if window == 32:
        assert torch.equal(legacy, exact)
    else:
        assert (out - _reference(Q, K, V, False, exact)).abs().max() > 0.1


@pytest.mark.parametrize("sq, sk, grid", [(96, 70, (1, 1)), (100, 128, (2, 1)), (64, 200, None)])
def test_noncausal_padded_without_mask(device, sq, sk, grid):
    """Non-causal without a mask, lengths that are not multiples of the chunks: the writer's padded Bfp4_b block on
    the last K chunk (zeros, the partial column tile at Sk, -inf past it) masks the padded keys."""
    torch.manual_seed(14)
    Q, K, V = torch.randn(1, 2, sq, 64), torch.randn(1, 2, sk, 64), torch.randn(1, 2, sk, 64)
    out = _run(device, Q, K, V, 64, 64, is_causal=False, grid=None if grid is None else ttnn.CoreCoord(*grid))
    _check(out, _reference(Q, K, V, False), 0.008, 0.1)


def test_causal_zigzag_over_few_cores(device):
    """Four Q chunks per head over a 2 x 1 grid: each core gets pairs of chunks in zigzag order (light / heavy), the
    Q CB double-buffered; the result does not depend on the split."""
    torch.manual_seed(3)
    Q, K, V = torch.randn(1, 2, 128, 64), torch.randn(1, 2, 128, 64), torch.randn(1, 2, 128, 64)
    a = _run(device, Q, K, V, 32, 32, grid=ttnn.CoreCoord(2, 1))
    b = _run(device, Q, K, V, 32, 32, grid=ttnn.CoreCoord(8, 8))
    assert torch.equal(a, b)
    _check(a, _reference(Q, K, V, True), 0.008, 0.1)


@pytest.mark.parametrize("mask_b, mask_h, grid", [(False, False, (1, 1)), (True, True, (2, 2)), (False, True, (1, 1))])
def test_masked_matches_torch(device, mask_b, mask_h, grid):
    """A provided -1e9 / 0 mask, broadcast over batch and / or heads (the reader's mask offsets), non-causal, on grids
    where each core takes whole heads (no KV chain)."""
    torch.manual_seed(11)
    b, nh, sq, sk, d = 2, 2, 128, 96, 64
    Q, K, V = torch.randn(b, nh, sq, d), torch.randn(b, nh, sk, d), torch.randn(b, nh, sk, d)
    mask = torch.bernoulli(torch.full((b if mask_b else 1, nh if mask_h else 1, sq, sk), 0.25)) * -1e9
    out = _run(device, Q, K, V, 64, 32, is_causal=False, mask=mask, grid=ttnn.CoreCoord(*grid))
    _check(out, _reference(Q, K, V, False, mask), 0.008, 0.1)


def test_masked_bfloat8_inputs_and_explicit_scale(device):
    """bfloat8_b Q / K / V and mask, scale 0.3 (sdpa.cpp divides the mask by it first: ttnn.multiply)."""
    torch.manual_seed(5)
    Q, K, V = torch.randn(1, 2, 64, 64), torch.randn(1, 1, 64, 64), torch.randn(1, 1, 64, 64)
    mask = torch.randn(1, 1, 64, 64)
    q8, k8, v8, m8 = (ttnn.to_torch(ttnn.from_torch(x, dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT)).float()
                      for x in (Q, K, V, mask))
    out = _run(device, Q, K, V, 32, 32, is_causal=False, mask=mask, grid=ttnn.CoreCoord(1, 1),
               dtype=ttnn.bfloat8_b, mask_dtype=ttnn.bfloat8_b, scale=0.3)
    _check(out, _reference(q8, k8, v8, False, m8, scale=0.3), 0.02, 0.12)


def test_partial_tile_padding_follows_the_mask_tiles(device):
    """Sk = 70 is not a whole number of tiles: as on tt-metal, the reader reads the mask's last tile as it is, so the
    tile padding of K (zero keys, score 0) takes part in the softmax with the mask's padding (0 from from_torch);
    whole padded tiles (up to the K chunk) get -inf tiles. The result is the reference with those 26 zero keys."""
    torch.manual_seed(2)
    b, nh, sq, sk, d = 1, 2, 100, 70, 64
    Q, K, V = torch.randn(b, nh, sq, d), torch.randn(b, 1, sk, d), torch.randn(b, 1, sk, d)
    mask = torch.bernoulli(torch.full((1, nh, sq, sk), 0.25)) * -1e9
    out = _run(device, Q, K, V, 64, 64, is_causal=False, mask=mask, grid=ttnn.CoreCoord(1, 1))
    pad = 96 - sk
    Kp, Vp = (torch.cat([x, torch.zeros(b, 1, pad, d)], 2) for x in (K, V))
    mp = torch.cat([mask, torch.zeros(1, nh, sq, pad)], 3)
    _check(out, _reference(Q, Kp, Vp, False, mp), 0.008, 0.1)
    assert (out - _reference(Q, K, V, False, mask)).abs().max() > 0.05     # not the unpadded softmax


def _reference_with_sink(Q, K, V, S, is_causal):
    """softmax over [Q K^T * scale (+ causal mask), S * scale] (one sink logit per head as an extra column), the sink
    column dropped before @ V (tt-metal's test_sdpa_prefill reference_sdpa_with_attention_sinks), float64."""
    nh, nkv, s, d = Q.shape[1], K.shape[1], Q.shape[2], Q.shape[3]
    scale = 1.0 / math.sqrt(d)
    qk = Q.double() @ K.repeat_interleave(nh // nkv, 1).double().transpose(-1, -2) * scale
    if is_causal:
        qk = qk.masked_fill(torch.triu(torch.ones(s, s, dtype=torch.bool), 1), float("-inf"))
    sink = (S.double() * scale).reshape(1, nh, 1, 1).expand(Q.shape[0], nh, s, 1)
    w = torch.softmax(torch.cat([qk, sink], -1), -1)[..., :-1]
    return w @ V.repeat_interleave(nh // nkv, 1).double()


@pytest.mark.parametrize("is_causal, grid", [(True, None), (False, (1, 1))])
def test_attention_sink(device, is_causal, grid):
    """Per-head sink logits ([1, NQH, 1, 1] bfloat16), folded in after the K chunks as a virtual K chunk."""
    torch.manual_seed(8)
    b, nh, nkv, s, d = 1, 4, 2, 128, 32
    Q, K, V = torch.randn(b, nh, s, d), torch.randn(b, nkv, s, d), torch.randn(b, nkv, s, d)
    # the last heads' sinks dominate their rows
    S = (torch.rand(1, nh) * 4.0 + torch.tensor([0.0, 10.0, 20.0, 30.0])).reshape(1, nh, 1, 1)
    S = S.to(torch.bfloat16).float()
    ts = ttnn.from_torch(S, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    out = _run(device, Q, K, V, 32, 64, is_causal=is_causal, grid=None if grid is None else ttnn.CoreCoord(*grid),
               attention_sink=ts)
    gt = _reference_with_sink(Q, K, V, S, is_causal)
    _check(out, gt, 0.008, 0.1)
    assert (out - _reference(Q, K, V, is_causal)).abs().max() > 0.1     # the sinks do take weight


def _paged(device, b, nh, nkv, start, sq, d, block, seed):
    """Q for positions start .. start + sq - 1, the whole K / V [b, nkv, S, d] and their paged form: blocks of
    `block` rows scattered by a random page table [b, blocks per user] (one spare block per user)."""
    torch.manual_seed(seed)
    bpu = -(-(start + sq) // block) + 1
    Kf, Vf = torch.randn(b, nkv, bpu * block, d), torch.randn(b, nkv, bpu * block, d)
    Q = torch.randn(b, nh, sq, d)
    pt = torch.randperm(b * bpu).reshape(b, bpu).to(torch.int32)
    Kp, Vp = torch.zeros(b * bpu, nkv, block, d), torch.zeros(b * bpu, nkv, block, d)
    for bi in range(b):
        for vb in range(bpu):
            Kp[pt[bi, vb]] = Kf[bi, :, vb * block:(vb + 1) * block]
            Vp[pt[bi, vb]] = Vf[bi, :, vb * block:(vb + 1) * block]
    tq, tk, tv = (ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device) for x in (Q, Kp, Vp))
    tpt = ttnn.from_torch(pt, dtype=ttnn.int32, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    return Q, Kf, Vf, tq, tk, tv, tpt


@pytest.mark.parametrize("b, nh, nkv, start, sq, d, block, qc, kc", [
    (1, 2, 1, 128, 128, 64, 64, 64, 64),     # the second half of a 256-token prompt
    (2, 4, 2, 256, 64, 32, 32, 64, 32),      # two users, grouped queries, 32-row cache blocks
    (1, 1, 1, 0, 96, 64, 64, 32, 32),        # the first chunk, Sq not a whole number of chunks
])
def test_chunked_prefill_over_a_paged_cache(device, b, nh, nkv, start, sq, d, block, qc, kc):
    """chunked_scaled_dot_product_attention: causal in absolute positions over the cache's first start + sq rows,
    read through the page table."""
    Q, Kf, Vf, tq, tk, tv, tpt = _paged(device, b, nh, nkv, start, sq, d, block, 21)
    out = ttnn.to_torch(ttnn.transformer.chunked_scaled_dot_product_attention(
        tq, tk, tv, tpt, start, program_config=_pc(device, qc, kc), compute_kernel_config=_cc())).double()
    total = start + sq
    qa, ka = torch.arange(start, total)[:, None], torch.arange(total)[None, :]
    mask = torch.zeros(sq, total).masked_fill(ka > qa, float("-inf"))
    _check(out, _reference(Q, Kf[:, :, :total], Vf[:, :, :total], False, mask), 0.008, 0.1)


def test_chunked_prefill_validation(device):
    _Q, _K, _V, tq, tk, tv, tpt = _paged(device, 1, 1, 1, 64, 64, 32, 32, 22)
    chunked = ttnn.transformer.chunked_scaled_dot_product_attention
    with pytest.raises(TTNNError, match="chunk_start_idx must be a multiple of q_chunk_size"):
        chunked(tq, tk, tv, tpt, 32, program_config=_pc(device, 64, 32), compute_kernel_config=_cc())
    with pytest.raises(ShapeError, match=r"K's sequence length must be >= Q's sequence length \+ chunk_start_idx"):
        chunked(tq, tk, tv, tpt, 512, program_config=_pc(device, 64, 32), compute_kernel_config=_cc())
    with pytest.raises(NotModelledError, match="chunk_start_idx tensor"):
        chunked(tq, tk, tv, tpt, tpt, compute_kernel_config=_cc())
    bad = ttnn.from_torch(torch.zeros(1, 4), dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    with pytest.raises(DTypeError, match="Page table must be int32"):
        chunked(tq, tk, tv, bad, 64, compute_kernel_config=_cc())


def test_program_cache(device):
    torch.manual_seed(1)
    Q, K, V = torch.randn(1, 1, 64, 32), torch.randn(1, 1, 64, 32), torch.randn(1, 1, 64, 32)
    device.clear_program_cache() if hasattr(device, "clear_program_cache") else None
    before = device.num_program_cache_entries()
    a = _run(device, Q, K, V, 32, 32)
    b = _run(device, Q, K, V, 32, 32)
    assert torch.equal(a, b)
    assert device.num_program_cache_entries() == before + 1


# ---- refusals and validation ---------------------------------------------------------------------------------------
def _tensors(device, b=1, nh=1, nkv=1, sq=64, sk=64, d=32, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16):
    mk = lambda h, s: ttnn.from_torch(torch.randn(b, h, s, d), dtype=dtype, layout=layout, device=device)  # noqa: E731
    return mk(nh, sq), mk(nkv, sk), mk(nkv, sk)


# the default config (fp32_dest_acc_en off) runs the streaming kernel: tests/test_ttnn_sdpa68.py


def test_refuses_windows_variants_and_block_float_sinks(device):
    q, k, v = _tensors(device)
    sink = ttnn.from_torch(torch.randn(1, 1, 1, 1), dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(NotModelledError, match="BFLOAT8_B attention_sink"):
        ttnn.transformer.scaled_dot_product_attention(q, k, v, attention_sink=sink, compute_kernel_config=_cc())
    sink2 = ttnn.from_torch(torch.randn(1, 2, 1, 1), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(ShapeError, match=r"Attention sink must be \[1, NQH, 1, 1\]"):
        ttnn.transformer.scaled_dot_product_attention(q, k, v, attention_sink=sink2, compute_kernel_config=_cc())
    for name in ("windowed_scaled_dot_product_attention",):     # decode: tests/test_ttnn_sdpa_decode72.py
        with pytest.raises(NotModelledError, match=name):
            getattr(ttnn.transformer, name)(q, k, v)


def test_refuses_the_polynomial_exponential(device):
    q, k, v = _tensors(device)
    with pytest.raises(NotModelledError, match="calculate_exponential_polynomial"):
        ttnn.transformer.scaled_dot_product_attention(q, k, v, compute_kernel_config=_cc(),
                                                      program_config=_pc(device, 32, 32, exp_approx_mode=False))


def test_refuses_noncausal_sliding_window(device):
    q, k, v = _tensors(device)
    with pytest.raises(NotModelledError, match="would wait forever"):
        ttnn.transformer.scaled_dot_product_attention(q, k, v, is_causal=False, sliding_window_size=32,
                                                      compute_kernel_config=_cc())


def test_validation_errors(device):
    q, k, v = _tensors(device)
    sdpa = ttnn.transformer.scaled_dot_product_attention
    m = ttnn.from_torch(torch.zeros(1, 1, 64, 64), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(TTNNError, match="is_causal and attn_mask cannot both be present"):
        sdpa(q, k, v, attn_mask=m, is_causal=True, compute_kernel_config=_cc())
    q2, k2, v2 = _tensors(device, sq=64, sk=96)
    with pytest.raises(ShapeError, match="Causal SDPA requires Q and K to have the same sequence length"):
        sdpa(q2, k2, v2, compute_kernel_config=_cc())
    q3, k3, v3 = _tensors(device, nh=3, nkv=2)
    with pytest.raises(ShapeError, match="divisible by K num_heads"):
        sdpa(q3, k3, v3, compute_kernel_config=_cc())
    with pytest.raises(TTNNError, match="q_chunk_size must be divisible by TILE_SIZE"):
        sdpa(q, k, v, program_config=_pc(device, 48, 32), compute_kernel_config=_cc())
    qr, kr, vr = _tensors(device, layout=ttnn.ROW_MAJOR_LAYOUT)
    with pytest.raises(LayoutError, match="Inputs to SDPA must be tilized"):
        sdpa(qr, kr, vr, compute_kernel_config=_cc())
    qf, kf, vf = _tensors(device, dtype=ttnn.float32)
    with pytest.raises(DTypeError, match="BFLOAT16, BFLOAT8_B, or BFLOAT4_B"):
        sdpa(qf, kf, vf, compute_kernel_config=_cc())
    bad = ttnn.from_torch(torch.zeros(1, 1, 32, 64), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(ShapeError, match="Mask sequence length must match Q"):
        sdpa(q, k, v, attn_mask=bad, is_causal=False, compute_kernel_config=_cc())
    with pytest.raises(TypeError):
        sdpa(q, k, v, compute_kernel_config=_cc(), no_such_arg=1)


# ---- tensix.kernel.sdpa_ops on single tiles ------------------------------------------------------------------------
def _launch_one(compute, x):
    from test_sfpu_batch import launch
    return launch(compute, x.reshape(1, 32, 32).astype(np.float32), 1, 1, fp32=True)[0]


def _first_column_kernel(op):
    from tensix.kernel import (CBIndex, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, copy_tile,
                               copy_tile_init, init_sfpu, pack_tile, tile_regs_acquire, tile_regs_commit,
                               tile_regs_release, tile_regs_wait)

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        op()
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)
    return compute


def test_recip_tile_first_column():
    """1/x on the even columns of faces 0 and 2 (VectorMode::C, dst_reg += 2: columns 0, 2, .., 14 of every row;
    column 0 is where a row sum sits), every other datum as it was; _reciprocal_compat_<3> (fp32
    Dst, not approximate: a first guess and two Newton steps)."""
    from tensix.kernel import sdpa_ops
    rng = np.random.default_rng(0)
    x = rng.uniform(0.5, 300.0, (32, 32)).astype(np.float32)
    out = _launch_one(_first_column_kernel(lambda: sdpa_ops.recip_tile_first_column(0)), x)
    done = np.zeros((32, 32), bool)
    done[:, 0:16:2] = True
    # the compat reciprocal's first guess 1.442695 * (2 - 1.442695 m) is up to 19% off for a mantissa m near 1;
    # two Newton steps square that twice: 0.14%
    np.testing.assert_allclose(out[done], 1.0 / x[done], rtol=1.5e-3)
    np.testing.assert_array_equal(out[~done], x[~done])


def test_exp_tile_first_column():
    """exp(x * scale) with the scale's bf16 (0.125 exact here) on columns 0, 2, .., 14 (as recip_tile_first_column),
    the accurate fp32 exponential."""
    from tensix.kernel import sdpa_ops
    rng = np.random.default_rng(1)
    x = rng.uniform(-60.0, 8.0, (32, 32)).astype(np.float32)
    scale_bf16 = int(np.float32(0.125).view(np.uint32)) >> 16
    out = _launch_one(_first_column_kernel(lambda: sdpa_ops.exp_tile_first_column(0, True, scale_bf16)), x)
    done = np.zeros((32, 32), bool)
    done[:, 0:16:2] = True
    np.testing.assert_allclose(out[done], np.exp(x[done].astype(np.float64) * 0.125), rtol=3e-6)
    np.testing.assert_array_equal(out[~done], x[~done])


def test_exp_tile_scaled_is_schraudolph_with_a_scaled():
    """exp_tile_init<true, scale, None> + exp_tile<true, false, None, 32>(VectorMode::None): Schraudolph's i = (A *
    scale) * x + (B - C) (A * scale rounded to float32 in exp_init), rounded to a sign-magnitude int16, << 15; and an
    exp_tile without the init is refused."""
    from tensix.kernel import sdpa_ops
    from tensix.kernel.sfpu_ops import SfpuInitError
    from tensix.sfpi import llk
    scale = 1.0 / math.sqrt(64.0)
    sbits = int(np.float32(scale).view(np.uint32))
    rng = np.random.default_rng(2)
    x = (rng.uniform(-300.0, 40.0, (32, 32)).astype(np.float32).view(np.uint32) & 0xFFFF0000).view(np.float32)

    def op():
        sdpa_ops.exp_tile_init_scaled(sbits)
        sdpa_ops.exp_tile_scaled(0, 32, "None")
    out = _launch_one(_first_column_kernel(op), x)
    a = np.float32(np.uint32(llk.EXP_APPROX_A).view(np.float32)) * np.float32(scale)
    t = (np.float64(a) * x.astype(np.float64) + np.float64(np.float32(32500.818359375))).astype(np.float32)
    mag = np.minimum(np.floor(np.abs(t.astype(np.float64)) + 0.5), 32767).astype(np.uint64)
    sign = ((t < 0) & (mag != 0)).astype(np.uint64)
    want = ((sign << 31) | ((mag << 15) & 0x7FFFFFFF)).astype(np.uint32)
    np.testing.assert_array_equal(out.view(np.uint32), want)
    with pytest.raises(SfpuInitError):
        _launch_one(_first_column_kernel(lambda: sdpa_ops.exp_tile_scaled(0, 32, "None")), x)


def test_packer_relu_then_l1_accumulation():
    """The packer with both ReLU and L1 accumulation on (SDPA's exponentials into the row sums): the ISA's packer
    pipeline applies ReLU before the accumulation adder, L1 += relu(datum): x + relu(x), not relu(x + x)."""
    from tensix.kernel import (CBIndex, ReluConfig, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front,
                               copy_tile, copy_tile_init, init_sfpu, llk_pack_reconfig_l1_acc, llk_pack_relu_config,
                               pack_tile, tile_regs_acquire, tile_regs_commit, tile_regs_release, tile_regs_wait)

    def pack_x(out_of_order):
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        tile_regs_commit()
        tile_regs_wait()
        if out_of_order:
            pack_tile[True](0, CBIndex.c_16, 0)
        else:
            pack_tile(0, CBIndex.c_16)
        tile_regs_release()

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        cb_wait_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        pack_x(False)                                   # L1 = x
        llk_pack_relu_config(ReluConfig.zero())
        llk_pack_reconfig_l1_acc(1)
        pack_x(True)                                    # L1 += relu(x)
        llk_pack_reconfig_l1_acc(0)
        llk_pack_relu_config(ReluConfig.none())
        cb_pop_front(CBIndex.c_0, 1)
        cb_push_back(CBIndex.c_16, 1)
    x = np.random.default_rng(3).uniform(-4.0, 4.0, (32, 32)).astype(np.float32)
    np.testing.assert_array_equal(_launch_one(compute, x), x + np.maximum(x, 0))
