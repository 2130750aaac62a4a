"""ttnn.transformer.scaled_dot_product_attention_decode and paged_scaled_dot_product_attention_decode
(tensix/ttnn/operations/sdpa_decode.py, kernels in tensix/ttnn/kernels/sdpa_decode/) against a float64 torch
reference: several positions per user (first row of a tile, mid-chunk, last of a chunk, the cache's end), positions
as a list and as a device tensor, a skipped user (-1), grouped-query heads (the writer's partial-row writes), more than
one KV head per core, several K chunks (the running max / sum correction), non-causal over the whole cache, block-float
caches, the paged cache through a shuffled page table, fp32 accumulation, the program cache keyed without the
positions; the host-side work split (get_chunk_size, get_workload_for_core); and what is refused."""

from __future__ import annotations

import math

import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import DTypeError, ShapeError, TTNNError
from tensix.ttnn.kernels.sdpa_decode.rt_args_common import get_workload_for_core
from tensix.ttnn.operations.sdpa_decode import get_chunk_size

torch = pytest.importorskip("torch")


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _pc(grid=(8, 8), kc=32, cores_per_head=1, **kw):
    return ttnn.SDPAProgramConfig(compute_with_storage_grid_size=grid, q_chunk_size=32, k_chunk_size=kc,
                                  max_cores_per_head_batch=cores_per_head, **kw)


def _tt(device, x, dtype=ttnn.bfloat16):
    return ttnn.from_torch(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def _pos_tensor(device, pos):
    return ttnn.from_torch(torch.tensor(pos, dtype=torch.int32), dtype=ttnn.int32, layout=ttnn.ROW_MAJOR_LAYOUT,
                           device=device)


def _reference(Q, K, V, pos=None, scale=None):
    """float64 decode attention: user b's NQH heads over its cache rows 0 .. pos[b] (all rows when pos is None), K / V
    head h // (NQH / NKH) for Q head h."""
    _one, B, NQH, D = Q.shape
    NKH = K.shape[1]
    scale = 1 / math.sqrt(D) if scale is None else scale
    out = torch.zeros(1, B, NQH, V.shape[-1], dtype=torch.float64)
    for b in range(B):
        end = K.shape[2] if pos is None else pos[b] + 1
        k = K[b, :, :end].double().repeat_interleave(NQH // NKH, 0)
        v = V[b, :, :end].double().repeat_interleave(NQH // NKH, 0)
        q = Q[0, b].double()[:, None, :]
        p = torch.softmax((q @ k.transpose(1, 2)) * scale, -1)
        out[0, b] = (p @ v)[:, 0]
    return out


def _check(out, ref, users=None, atol=0.1, pcc=0.999):
    """Per user: max abs error (the approximate exponential and reciprocal of the default config cost a few percent,
    as prefill's do) and the correlation with the float64 reference."""
    o = ttnn.to_torch(out).double()
    assert tuple(o.shape) == tuple(ref.shape)
    users = range(ref.shape[1]) if users is None else users
    for b in users:
        err = (o[0, b] - ref[0, b]).abs().max().item()
        c = torch.corrcoef(torch.stack([o[0, b].flatten(), ref[0, b].flatten()]))[0, 1].item()
        assert err < atol and c > pcc, (b, err, c)
    return o


def _decode(device, Q, K, V, pos=None, kv_dtype=ttnn.bfloat16, pos_tensor=False, **kw):
    extra = {}
    if pos is not None:
        extra = {"cur_pos_tensor": _pos_tensor(device, pos)} if pos_tensor else {"cur_pos": pos}
    return ttnn.transformer.scaled_dot_product_attention_decode(
        _tt(device, Q), _tt(device, K, kv_dtype), _tt(device, V, kv_dtype), **extra, **kw)


# ---- host-side work split ------------------------------------------------------------------------------------------
def test_get_chunk_size_is_the_largest_power_of_two_divisor_capped():
    assert [get_chunk_size(s) for s in (32, 96, 128, 384, 1024, 8192)] == [32, 32, 128, 128, 512, 512]
    assert get_chunk_size(48) == 16         # not a multiple of 32: the op refuses it


def test_workload_splits_chunks_in_reverse_over_the_group():
    # 5 chunks (cur_pos 140, chunk 32) over 2 cores: core 0 (the reducer) takes the last two
    assert get_workload_for_core(140, 0, 2, 32)[:4] == (5, 5, 3, 5)
    assert get_workload_for_core(140, 1, 2, 32)[:4] == (5, 5, 0, 3)
    # more cores than chunks: one chunk each from the end, the rest idle
    assert [get_workload_for_core(40, c, 4, 32)[2:4] for c in range(4)] == [(1, 2), (0, 1), (0, 0), (0, 0)]


# ---- causal decode ---------------------------------------------------------------------------------------------------
def test_causal_positions_list_one_chunk_each(device):
    torch.manual_seed(0)
    Q, K, V = torch.randn(1, 4, 8, 64), torch.randn(4, 1, 128, 64), torch.randn(4, 1, 128, 64)
    pos = [0, 31, 40, 127]          # first row, a tile's last, mid tile, the cache's end
    out = _check(_decode(device, Q, K, V, pos, program_config=_pc(kc=32)), _reference(Q, K, V, pos))
    # the same rows through the prefill program (non-causal over the user's cache rows, its heads as Q rows): the
    # same compute calls, so the same numbers up to a bfloat16 step
    for b, p in enumerate(pos):
        pf = ttnn.transformer.scaled_dot_product_attention(
            _tt(device, Q[0, b][None, None]), _tt(device, K[b, :, :p + 1][None]), _tt(device, V[b, :, :p + 1][None]),
            is_causal=False, program_config=ttnn.SDPAProgramConfig(compute_with_storage_grid_size=(8, 8),
                                                                    q_chunk_size=32, k_chunk_size=32))
        assert (ttnn.to_torch(pf).double()[0, 0] - out[0, b]).abs().max().item() <= 0.016


def test_causal_several_chunks_and_positions_tensor(device):
    torch.manual_seed(1)
    Q, K, V = torch.randn(1, 3, 16, 64), torch.randn(3, 1, 256, 64) * 2, torch.randn(3, 1, 256, 64)
    pos = [63, 100, 255]            # the running max / sum correction over 1, 2 and 4 chunks of 64
    out = _decode(device, Q, K, V, pos, pos_tensor=True, program_config=_pc(kc=64))
    _check(out, _reference(Q, K, V, pos))


def test_default_chunk_size_and_skipped_user(device):
    torch.manual_seed(2)
    Q, K, V = torch.randn(1, 2, 8, 64), torch.randn(2, 1, 96, 64), torch.randn(2, 1, 96, 64)
    pos = [-1, 70]                  # user 0 skipped: its kernels return and its rows are not written
    # k_chunk_size 0: get_chunk_size(96) = 32
    out = _decode(device, Q, K, V, pos, pos_tensor=True, program_config=_pc(kc=0))
    _check(out, _reference(Q, K, V, [0, 70]), users=[1])


def test_grouped_query_heads_write_their_rows(device):
    torch.manual_seed(3)
    Q, K, V = torch.randn(1, 2, 8, 64), torch.randn(2, 4, 128, 64), torch.randn(2, 4, 128, 64)
    pos = [5, 90]
    _check(_decode(device, Q, K, V, pos, program_config=_pc(kc=32)), _reference(Q, K, V, pos))


def test_several_kv_heads_per_core(device):
    torch.manual_seed(4)
    Q, K, V = torch.randn(1, 1, 32, 64), torch.randn(1, 4, 64, 64), torch.randn(1, 4, 64, 64)
    # a 1x2 grid for one user and 4 KV heads: num_heads_per_core = 2, the head loop in every kernel
    out = _decode(device, Q, K, V, [50], program_config=_pc(grid=(1, 2), kc=32))
    _check(out, _reference(Q, K, V, [50]))


def test_block_float_cache_and_fp32_accumulation(device):
    torch.manual_seed(5)
    Q, K, V = torch.randn(1, 2, 8, 128), torch.randn(2, 1, 128, 128), torch.randn(2, 1, 128, 128)
    pos = [20, 120]
    cfg = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, math_approx_mode=False,
                                           fp32_dest_acc_en=True, packer_l1_acc=False)
    out = _decode(device, Q, K, V, pos, kv_dtype=ttnn.bfloat8_b, program_config=_pc(kc=64),
                  compute_kernel_config=cfg)
    _check(out, _reference(Q, K, V, pos), atol=0.08, pcc=0.998)
    # the tree merge with an fp32 Dst needs the full-sync Dst (8 tiles): correction_block uses 5
    full = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, math_approx_mode=False,
                                            fp32_dest_acc_en=True, dst_full_sync_en=True)
    out = _decode(device, Q, K, V, pos, kv_dtype=ttnn.bfloat8_b, program_config=_pc(kc=32, cores_per_head=4),
                  compute_kernel_config=full)
    _check(out, _reference(Q, K, V, pos), atol=0.08, pcc=0.998)


def test_scale_and_program_cache_reuse_across_positions(device):
    torch.manual_seed(6)
    Q, K, V = torch.randn(1, 2, 8, 64), torch.randn(2, 1, 128, 64), torch.randn(2, 1, 128, 64)
    tq, tk, tv = _tt(device, Q), _tt(device, K), _tt(device, V)
    n0 = device.num_program_cache_entries()
    for pos in ([3, 64], [90, 10]):
        out = ttnn.transformer.scaled_dot_product_attention_decode(tq, tk, tv, cur_pos=pos, scale=0.2,
                                                                   program_config=_pc(kc=32))
        _check(out, _reference(Q, K, V, pos, scale=0.2))
    assert device.num_program_cache_entries() == n0 + 1       # the positions are runtime args


def test_non_causal_attends_to_the_whole_cache(device):
    torch.manual_seed(7)
    Q, K, V = torch.randn(1, 2, 40, 64), torch.randn(2, 2, 128, 64), torch.randn(2, 2, 128, 64)
    out = _decode(device, Q, K, V, None, is_causal=False, program_config=_pc(kc=64))
    assert tuple(out.shape) == (1, 2, 40, 64)
    _check(out, _reference(Q, K, V, None))


def test_polynomial_exponential_exp_approx_mode_off(device):
    """exp_approx_mode=False: the correction exponential by calculate_exponential_polynomial, over several chunks."""
    torch.manual_seed(10)
    Q, K, V = torch.randn(1, 2, 8, 64), torch.randn(2, 2, 256, 64) * 2, torch.randn(2, 2, 256, 64)
    pos = [130, 255]
    out = _check(_decode(device, Q, K, V, pos, program_config=_pc(kc=32, exp_approx_mode=False)),
                 _reference(Q, K, V, pos))
    approx = ttnn.to_torch(_decode(device, Q, K, V, pos, program_config=_pc(kc=32))).double()
    assert not torch.equal(out, approx)         # a different exponential ran


@pytest.mark.parametrize("fp32", [False, True])
def test_exp_tile_first_column_polynomial_on_one_tile(fp32):
    """tensix.kernel.sdpa_decode_ops.exp_tile_first_column_polynomial: exp(x * scale) on the first column (columns 0,
    2, .., 14 of faces 0 and 2, VectorMode::C with the half-face iterations): degree 2 rounded to bf16 on a 16-bit
    Dst, degree 4 on an fp32 one; 0 where x * scale / ln 2 < -127; every other datum unchanged."""
    import numpy as np
    from test_sfpu_batch import launch
    from test_ttnn_sdpa68 import _bf16, _first_columns, _one_tile_kernel
    from tensix.kernel import sdpa_decode_ops as P
    x = _bf16(np.random.default_rng(3).uniform(-60.0, 8.0, (32, 32)))
    x[0, 0], x[1, 0] = -1000.0, 0.0
    sb = int(np.float32(0.125).view(np.uint32)) >> 16
    out = launch(_one_tile_kernel(lambda: P.exp_tile_first_column_polynomial(0, sb)),
                 x.reshape(1, 32, 32).astype(np.float32), 1, 1, fp32=fp32)[0]
    done = _first_columns()
    want = np.exp(x[done].astype(np.float64) * 0.125)
    np.testing.assert_allclose(out[done], want, rtol=1e-5 if fp32 else 2 ** -7, atol=1e-30)   # bf16: within one ulp
    assert out[0, 0] == 0.0 and abs(out[1, 0] - 1.0) <= 2e-7      # exp(0) = c0 + 0: 1.0000001 at degree 4
    if not fp32:
        assert np.array_equal(_bf16(out[done]), out[done])
    np.testing.assert_array_equal(out[~done], x[~done])


@pytest.mark.parametrize("mask_dtype", [ttnn.bfloat16, ttnn.bfloat4_b])
def test_non_causal_with_a_mask_and_the_tree(device, mask_dtype):
    """attn_mask [B, 1, NQH, S] (the vendored tests' transposed [B, NQH, 1, S]): each chunk's tiles read between K and
    V and added to the scores (not scaled: the scale multiplies the masked scores in the exponentials), over 4 cores
    per head; a mask of 0 / float32-min, as the tests draw it."""
    torch.manual_seed(13)
    B, NQH, NKH, S = 2, 16, 2, 256
    Q, K, V = torch.randn(1, B, NQH, 64), torch.randn(B, NKH, S, 64), torch.randn(B, NKH, S, 64)
    mask = torch.bernoulli(torch.full((B, NQH, 1, S), 0.25)) * torch.finfo(torch.float32).min
    mask[..., 0] = 0                    # every row keeps a key
    out = _decode(device, Q, K, V, None, is_causal=False, program_config=_pc(kc=32, cores_per_head=4),
                  attn_mask=_tt(device, mask.transpose(1, 2).contiguous(), mask_dtype))
    rep = NQH // NKH
    ref = torch.nn.functional.scaled_dot_product_attention(
        Q.permute(1, 2, 0, 3).double(), K.repeat_interleave(rep, 1).double(), V.repeat_interleave(rep, 1).double(),
        attn_mask=mask.double()).squeeze(2).unsqueeze(0)
    _check(out, ref)


@pytest.mark.parametrize("window, kc, cores_per_head", [(40, 32, 1), (100, 32, 4), (64, 64, 2)])
def test_sliding_window(device, window, kc, cores_per_head):
    """sliding_window_size: user b attends to positions cur_pos - window + 1 .. cur_pos; the K range starts at the
    window start's chunk, whose scores get the writer's window mask (-inf before the start)."""
    torch.manual_seed(14)
    Q, K, V = torch.randn(1, 3, 8, 64), torch.randn(3, 1, 256, 64), torch.randn(3, 1, 256, 64)
    pos = [20, 130, 255]
    out = _decode(device, Q, K, V, pos, pos_tensor=True, sliding_window_size=window,
                  program_config=_pc(kc=kc, cores_per_head=cores_per_head))
    ref = torch.zeros(1, 3, 8, 64, dtype=torch.float64)
    for b, p in enumerate(pos):
        lo = max(0, p + 1 - window)
        ref[0, b] = _reference(Q[:, b:b + 1], K[b:b + 1, :, lo:p + 1], V[b:b + 1, :, lo:p + 1])[0, 0]
    _check(out, ref)


def test_fused_max_sub_exp_add_tile_on_single_tiles():
    """tensix.kernel.sdpa_decode_ops.fused_max_sub_exp_add_tile on Dst tiles 0-4 (prev max, worker max, -, prev sum,
    worker sum): on the first column cur max = max of the two, the two correction factors exp((m - cur) * scale) and
    the merged sum exp_prev * prev_sum + exp_worker * worker_sum; with a 16-bit Dst the exponentials are rounded to
    bf16 (exp_21f), each stored product too. (Five Dst tiles: more than a half-sync fp32 Dst holds.)"""
    fp32 = False
    import numpy as np
    from test_sfpu_batch import launch
    from test_ttnn_sdpa68 import _bf16, _first_columns
    from tensix.kernel import (CBIndex, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, copy_tile,
                               copy_tile_init, init_sfpu, pack_tile, tile_regs_acquire, tile_regs_commit,
                               tile_regs_release, tile_regs_wait)
    from tensix.kernel import sdpa_decode_ops as P
    rng = np.random.default_rng(5)
    x = _bf16(np.stack([rng.uniform(-20, 20, (32, 32)), rng.uniform(-20, 20, (32, 32)),
                        rng.uniform(0.5, 40, (32, 32)), rng.uniform(0.5, 40, (32, 32))]))
    scale = 0.125
    sb = int(np.float32(scale).view(np.uint32)) >> 16

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        tile_regs_acquire()
        for dst in (0, 1, 3, 4):
            cb_wait_front(CBIndex.c_0, 1)
            copy_tile(CBIndex.c_0, 0, dst)
            cb_pop_front(CBIndex.c_0, 1)
        P.fused_max_sub_exp_add_tile(0, sb)
        tile_regs_commit()
        tile_regs_wait()
        for dst in range(4):
            cb_reserve_back(CBIndex.c_16, 1)
            pack_tile(dst, CBIndex.c_16)
            cb_push_back(CBIndex.c_16, 1)
        tile_regs_release()
    out = launch(compute, x.astype(np.float32), 1, 4, fp32=fp32)
    done = _first_columns()
    pm, wm, ps, ws = (x[i][done].astype(np.float64) for i in range(4))
    cur = np.maximum(pm, wm)
    ep, ew = np.exp((pm - cur) * scale), np.exp((wm - cur) * scale)
    tol = 1e-5 if fp32 else 2 ** -7
    np.testing.assert_array_equal(out[2][done], cur)
    np.testing.assert_allclose(out[0][done], ep, rtol=tol)
    np.testing.assert_allclose(out[1][done], ew, rtol=tol)
    np.testing.assert_allclose(out[3][done], ep * ps + ew * ws, rtol=3 * tol)
    np.testing.assert_array_equal(out[0][~done], x[0][~done])      # the rest of the tiles untouched
    np.testing.assert_array_equal(out[3][~done], x[2][~done])


@pytest.mark.parametrize("q_dtype", [ttnn.bfloat16, ttnn.bfloat8_b])
def test_height_sharded_q_and_output(device, q_dtype):
    """Q and the output height-sharded one user per core (the cores reordered so that user b's reducer is logical
    core b): each core reads its user's Q from that core's shard, the root packs the output into its shard."""
    torch.manual_seed(15)
    b, nh, d = 3, 8, 64
    Q, K, V = torch.randn(1, b, nh, d), torch.randn(b, 1, 256, d), torch.randn(b, 1, 256, d)
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(b - 1, 0))})
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                           ttnn.ShardSpec(grid, (32, d), ttnn.ShardOrientation.ROW_MAJOR))
    tq = ttnn.as_tensor(Q, device=device, dtype=q_dtype, layout=ttnn.TILE_LAYOUT, memory_config=mc)
    pos = [10, 100, 255]
    for out_mc in (mc, ttnn.DRAM_MEMORY_CONFIG):
        out = ttnn.transformer.scaled_dot_product_attention_decode(
            tq, _tt(device, K), _tt(device, V), cur_pos=pos, program_config=_pc(kc=32, cores_per_head=4),
            memory_config=out_mc)
        assert out.is_sharded() == (out_mc is mc) and out.dtype == q_dtype
        _check(out, _reference(Q, K, V, pos), atol=0.1 if q_dtype == ttnn.bfloat16 else 0.2, pcc=0.995)


# ---- paged ---------------------------------------------------------------------------------------------------------
def _paged(K, block_size, perm):
    """[B, NKH, S, D] -> the paged cache [B * S / block_size, NKH, block_size, D] with virtual block j of user b at
    physical block perm[b * blocks + j]."""
    B, NKH, S, D = K.shape
    nb = S // block_size
    blocks = K.reshape(B, NKH, nb, block_size, D).permute(0, 2, 1, 3, 4).reshape(B * nb, NKH, block_size, D)
    cache = torch.empty_like(blocks)
    cache[perm] = blocks
    return cache


def test_paged_causal_through_a_shuffled_page_table(device):
    torch.manual_seed(8)
    B, NQH, NKH, S, D, bs = 2, 8, 2, 256, 64, 64
    Q, K, V = torch.randn(1, B, NQH, D), torch.randn(B, NKH, S, D), torch.randn(B, NKH, S, D)
    perm = torch.randperm(B * S // bs)
    page_table = perm.reshape(B, S // bs).to(torch.int32)
    pos = [70, 200]
    out = ttnn.transformer.paged_scaled_dot_product_attention_decode(
        _tt(device, Q), _tt(device, _paged(K, bs, perm)), _tt(device, _paged(V, bs, perm)),
        ttnn.from_torch(page_table, dtype=ttnn.int32, layout=ttnn.ROW_MAJOR_LAYOUT, device=device),
        cur_pos_tensor=_pos_tensor(device, pos), program_config=_pc(kc=64))
    _check(out, _reference(Q, K, V, pos))


def test_paged_default_config_chunk_32(device):
    torch.manual_seed(9)
    B, NQH, NKH, S, D, bs = 1, 8, 1, 128, 64, 32
    Q, K, V = torch.randn(1, B, NQH, D), torch.randn(B, NKH, S, D), torch.randn(B, NKH, S, D)
    perm = torch.randperm(S // bs)
    out = ttnn.transformer.paged_scaled_dot_product_attention_decode(
        _tt(device, Q), _tt(device, _paged(K, bs, perm)), _tt(device, _paged(V, bs, perm)),
        ttnn.from_torch(perm.reshape(1, -1).to(torch.int32), dtype=ttnn.int32, layout=ttnn.ROW_MAJOR_LAYOUT,
                        device=device),
        cur_pos_tensor=_pos_tensor(device, [99]))
    _check(out, _reference(Q, K, V, [99]))


# ---- refusals ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cores_per_head, pos", [(2, [100, 37]), (3, [200, 255]), (4, [250, 96]), (8, [255, 40])])
def test_tree_reduction_over_the_cores_of_a_head(device, cores_per_head, pos):
    """Several cores per (user, KV head): the K chunks dealt from the end, the partials merged up the binary tree
    (root, inner cores that both receive and send, orphans sent to the root, children without chunks left out)."""
    torch.manual_seed(11 + cores_per_head)
    Q, K, V = torch.randn(1, 2, 8, 64), torch.randn(2, 1, 256, 64), torch.randn(2, 1, 256, 64)
    out = _decode(device, Q, K, V, pos, program_config=_pc(kc=32, cores_per_head=cores_per_head))
    _check(out, _reference(Q, K, V, pos))


def test_default_config_uses_the_whole_grid_with_gqa_and_the_polynomial(device):
    torch.manual_seed(12)
    Q, K, V = torch.randn(1, 1, 16, 64), torch.randn(1, 2, 512, 64), torch.randn(1, 2, 512, 64)
    # no program config: 64 cores, 32 per KV head; get_chunk_size(512) = 512, one chunk: one core per head works
    _check(_decode(device, Q, K, V, [300]), _reference(Q, K, V, [300]))
    pc = ttnn.SDPAProgramConfig(compute_with_storage_grid_size=(8, 8), q_chunk_size=32, k_chunk_size=64,
                                exp_approx_mode=False)       # max_cores_per_head_batch 16: 8 chunks over 16 cores
    _check(_decode(device, Q, K, V, [500], pos_tensor=True, program_config=pc), _reference(Q, K, V, [500]))


def test_tree_reduction_params():
    from tensix.ttnn.operations.sdpa_decode import get_tree_reduction_params as tree
    m = 0xFFFFFFFF
    p = [tree(c, 5) for c in range(5)]
    assert [(q["parent"], q["send_at_round"]) for q in p] == [(m, m), (0, 2), (1, 0), (1, 1), (3, 0)]
    assert [[c for c in q["children"] if c != m] for q in p] == [[1], [2, 3], [], [4], []]
    assert tree(0, 1)["is_root"] and tree(0, 1)["children"] == [m] * 6


def test_refuses_unmodelled_features_and_bad_arguments(device):
    Q, K, V = torch.randn(1, 2, 8, 64), torch.randn(2, 1, 128, 64), torch.randn(2, 1, 128, 64)
    pc = _pc(kc=32)
    with pytest.raises(ShapeError, match="same sequence length in mask as in K"):
        _decode(device, Q, K, V, None, is_causal=False, program_config=pc,
                attn_mask=_tt(device, torch.zeros(2, 1, 8, 64)))
    with pytest.raises(ShapeError, match="same number of heads in mask"):
        _decode(device, Q, K, V, None, is_causal=False, program_config=pc,
                attn_mask=_tt(device, torch.zeros(2, 1, 4, 128)))
    with pytest.raises(TTNNError, match="Must not have attn_mask"):
        _decode(device, Q, K, V, [1, 2], program_config=pc, attn_mask=_tt(device, torch.zeros(2, 1, 8, 128)))
    with pytest.raises(NotModelledError, match="ROW_MAJOR Q"):
        ttnn.transformer.scaled_dot_product_attention_decode(
            ttnn.from_torch(Q, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device), _tt(device, K),
            _tt(device, V), cur_pos=[1, 2], program_config=pc)
    with pytest.raises(TTNNError, match="position per user"):
        _decode(device, Q, K, V, [1], program_config=pc)
    for bad in ([1, 128], [-1, 2]):     # a list's -1 is 2^32 - 1 (skipping a user needs cur_pos_tensor)
        with pytest.raises(TTNNError, match="cur_pos must be <= K sequence dim"):
            _decode(device, Q, K, V, bad, program_config=pc)
    with pytest.raises(TTNNError, match="power of 2"):
        _decode(device, Q, K, V, [1, 2], program_config=_pc(kc=96))
    with pytest.raises(DTypeError, match="GQA expects BFLOAT16"):
        ttnn.transformer.scaled_dot_product_attention_decode(
            _tt(device, Q, ttnn.bfloat8_b), _tt(device, torch.randn(2, 2, 128, 64)),
            _tt(device, torch.randn(2, 2, 128, 64)), cur_pos=[1, 2], program_config=pc)
    with pytest.raises(ShapeError, match="must equal B"):
        _decode(device, Q, K[:1], V[:1], [1, 2], program_config=pc)
    fp32_half = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, fp32_dest_acc_en=True)
    with pytest.raises(NotModelledError, match="correction_block copies into Dst tiles 0-4"):
        _decode(device, Q, K, V, [100, 2], program_config=_pc(kc=32, cores_per_head=2),
                compute_kernel_config=fp32_half)
    with pytest.raises(NotModelledError, match="share_cache"):
        _decode(device, Q, K, V, [1, 2], program_config=pc, share_cache=True)


def test_paged_refusals(device):
    Q, K, V = torch.randn(1, 1, 8, 64), torch.randn(4, 1, 32, 64), torch.randn(4, 1, 32, 64)
    pt = ttnn.from_torch(torch.arange(4, dtype=torch.int32).reshape(1, 4), dtype=ttnn.int32,
                         layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    args = (_tt(device, Q), _tt(device, K), _tt(device, V), pt)
    with pytest.raises(TTNNError, match="Must have cur_pos tensor"):
        ttnn.transformer.paged_scaled_dot_product_attention_decode(*args)
    with pytest.raises(NotModelledError, match="block_size override"):
        ttnn.transformer.paged_scaled_dot_product_attention_decode(*args, cur_pos_tensor=_pos_tensor(device, [3]),
                                                                   block_size=64)
    with pytest.raises(NotModelledError, match="DYNAMIC_CHUNK_SIZE"):
        ttnn.transformer.paged_scaled_dot_product_attention_decode(*args, cur_pos_tensor=_pos_tensor(device, [3]),
                                                                   program_config=_pc(kc=0))
    small = torch.randn(8, 1, 16, 64)
    with pytest.raises(NotModelledError, match="block padding mask"):
        ttnn.transformer.paged_scaled_dot_product_attention_decode(
            _tt(device, Q), _tt(device, small), _tt(device, small), pt, cur_pos_tensor=_pos_tensor(device, [3]))
