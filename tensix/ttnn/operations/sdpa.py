"""ttnn.transformer.scaled_dot_product_attention (prefill flash attention) as tt-metal 622c6fb9 runs it on Wormhole
(ttnn/cpp/ttnn/operations/transformer/sdpa/: sdpa.cpp, device/sdpa_device_operation.cpp,
device/sdpa_program_factory.cpp; kernels in tensix/ttnn/kernels/sdpa/).

softmax(Q K^T * scale + mask) V per (batch, head), Q [B, NQH, Sq, D], K and V [B, NKH, Sk, D] (grouped-query attention:
NQH a multiple of NKH, Q head h reads K/V head h / (NQH / NKH)), causal (Sq == Sk) or with a provided additive mask
[B or 1, NQH or 1, Sq, Sk]. sdpa.cpp pre-multiplies a provided mask by 1 / scale (ttnn.multiply) because the kernel
folds the scale into the exponential. The program (SDPAProgramFactory): the flat B x NQH x q_num_chunks space of Q
chunks (q_chunk_size rows) split evenly over the program config's grid (pairs of chunks when causal with an even
q_num_chunks, in zigzag order so that light and heavy causal chunks alternate); per Q chunk the compute kernel walks
the K chunks (k_chunk_size rows; up to the diagonal when causal) with a running max and sum (flash attention), the
reader feeds Q, K (transposed), V and the mask tiles, the writer the output. Sequence lengths are padded up to the
chunk sizes inside the kernels (zero tiles; the causal stamp or the provided mask's -inf tiles mask them).

Which compute path tt-metal takes, and tensix with it: the streaming kernel (compute_streaming.hpp, sdpa_standard_v2;
tensix/ttnn/kernels/sdpa/compute_streaming.py) whenever fp32_dest_acc_en is off (can_use_streaming_compute), which is
sdpa.cpp's default compute config (HiFi2, approx on, fp32 accumulation off); the standard kernel (compute_common.hpp
sdpa_standard) with fp32_dest_acc_en. The streaming program differs in: the writer's lightweight mask palette for
every causal / sliding-window / padded call without a provided mask (-inf, the causal diagonal or the four
sliding-window edge tiles, the partial-K column tile; bfloat16, fronted once) instead of generated Bfp4_b blocks;
output subblocks at most two tile rows high and cb_out shrunk to two P @ V row groups, drained row group by row group
by the writer; a one-tile reciprocal scratch CB; the sliding window's K range narrowed in the reader and the kernel
(non-causal, centred windows run too); no KV chains with a sliding window.

Non-causal calls whose heads' Q chunks span several cores chain those cores (KV chain forwarding): the chain's
injector reads each K / V chunk from DRAM and forwards it core to core, or multicasts it over its physical row when
every chain qualifies (_build_kv_chains ports the factory's topology passes).

Attention sinks ([1, NQH, 1, 1] bfloat16, one logit per head): the reader replicates the head's sink down column 0
of Sq_chunk_t tiles (-inf elsewhere), the compute kernel folds them in after the K chunks as a virtual K chunk (max,
correction, exp into the sum; no contribution to the output).

Masks the writer generates (the non-lightweight path): with a causal sliding window, Bfp4_b blocks per (Q chunk, K
chunk) up to the Q chunk's end (zero, -inf or the window's diagonal edge tiles), added to every K chunk's scores; for
a non-causal call without a mask whose lengths need padding, a Bfp4_b block for the last K chunk (zeros, the partial
column tile, -inf). As on tt-metal, the window's tile rule (generate_causal_sliding_window_mask) calls a K tile fully
inside the window from the first row's window start alone, so with a window wider than a tile the later rows of a
Q tile may attend up to 31 keys before their window (tests/test_ttnn_sdpa64.py _legacy_window_mask).

Where tensix's program differs from the card's (timing only, not the numbers): zero-padding tiles are written into
L1 directly (the C++ reads them from MEM_ZEROS over the NoC); reduce_block_max_row costs what reduce_tile costs per
tile; exp_tile<.., 32>(VectorMode::None) runs as four 8-row faces; exp_tile_init<EXP_APPROX_MODE>() before the
first-column exponential is charged but its SFPLOADMACRO setup not run (that exponential reads none of it); the
in-place helpers' in-order packs over a full CB (no reservation) are pack_tile<true> onto the same front pages.

Not modelled (NotModelledError, naming the tt-metal code): exp_approx_mode=False (the polynomial first-column
exponential); block-float attention sinks; non-causal sliding windows on the standard kernel (tt-metal's standard
program would hang, see the refusal); sub_core_grids; chunked prefill with a chunk_start_idx tensor (the flexible
mode); the joint, ring and windowed variants (decode and paged decode: sdpa_decode.py).

chunked_scaled_dot_product_attention (legacy chunked prefill, chunk_start_idx an int) runs the same program over a
paged KV cache: Sk = chunk_start_idx + Sq, the Q chunks offset by chunk_start_idx / q_chunk_size, the reader fetching
each K / V tile row through the batch's page-table row (read into a CB per batch)."""

from __future__ import annotations

import math
import time

import numpy as np

from tensix.device import formats, soc
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, CoreCoord, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (BufferType, DataType, Layout, MathFidelity, WormholeComputeKernelConfig,
                               data_format)

__all__ = ["SDPAProgramConfig"]       # the op itself lives in ttnn.transformer (transformer.py)

_INACTIVE = 0xFFFFFFFF
_SDPA_DTYPES = (DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.BFLOAT4_B)
_WHAT = "ttnn.transformer.scaled_dot_product_attention"


class SDPAProgramConfig:
    """ttnn.SDPAProgramConfig(compute_with_storage_grid_size, q_chunk_size, k_chunk_size, exp_approx_mode=None,
    sub_core_grids=None, max_cores_per_head_batch=16) (ttnn/cpp/ttnn/operations/transformer/sdpa_config.hpp)."""

    def __init__(self, compute_with_storage_grid_size, q_chunk_size, k_chunk_size, exp_approx_mode=None,
                 sub_core_grids=None, max_cores_per_head_batch=16):
        g = compute_with_storage_grid_size
        if isinstance(g, (tuple, list)):
            g = CoreCoord(*g)
        self.compute_with_storage_grid_size = g
        self.q_chunk_size = int(q_chunk_size)
        self.k_chunk_size = int(k_chunk_size)
        self.exp_approx_mode = exp_approx_mode
        self.sub_core_grids = sub_core_grids
        self.max_cores_per_head_batch = int(max_cores_per_head_batch)

    def __repr__(self):
        g = self.compute_with_storage_grid_size
        return (f"SDPAProgramConfig(compute_with_storage_grid_size=({g.x}, {g.y}), q_chunk_size={self.q_chunk_size}, "
                f"k_chunk_size={self.k_chunk_size}, exp_approx_mode={self.exp_approx_mode})")

    def _key(self):
        g = self.compute_with_storage_grid_size
        return (g.x, g.y, self.q_chunk_size, self.k_chunk_size, self.exp_approx_mode, self.max_cores_per_head_batch)


def _f32_bits(x) -> int:
    return int(np.float32(x).view(np.uint32))


def _cfg_key(cfg):
    return (str(cfg.math_fidelity), bool(cfg.math_approx_mode), bool(cfg.fp32_dest_acc_en),
            bool(cfg.packer_l1_acc), bool(cfg.dst_full_sync_en))


def determine_largest_subblock_size(block_h, block_w, dst_size, max_h=None, max_w=None):
    """sdpa_subblock_utils.hpp determine_largest_subblock_size: the first (h, w) of its preference list that fits Dst
    and divides the block."""
    for h, w in ((2, 4), (4, 2), (1, 8), (8, 1), (1, 7), (7, 1), (2, 3), (3, 2), (1, 6), (6, 1), (1, 5), (5, 1),
                 (2, 2), (1, 4), (4, 1), (1, 3), (3, 1), (1, 2), (2, 1), (1, 1)):
        if h * w > dst_size or (max_h is not None and h > max_h) or (max_w is not None and w > max_w):
            continue
        if block_h % h == 0 and block_w % w == 0:
            return h, w
    return 1, 1


def find_valid_granularity(tile_count, max_granularity):
    """sdpa_subblock_utils.hpp find_valid_granularity: the largest divisor of tile_count up to max_granularity."""
    g = min(tile_count, max_granularity)
    while g > 1 and tile_count % g:
        g -= 1
    return g


def _check_tensors(q, k, v, op=_WHAT):
    """validate_on_program_cache_miss's checks of each of Q, K, V (and validate_padding); the messages name `op`."""
    _WHAT = op  # noqa: N806
    for name, t in (("input_tensor_q", q), ("input_tensor_k", k), ("input_tensor_v", v)):
        if not isinstance(t, Tensor):
            raise TTNNError(f"{_WHAT}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(..., "
                            "device=device) first.")
        if t.layout != Layout.TILE:
            raise LayoutError(f"{_WHAT}: Inputs to SDPA must be tilized ({name} is {t.layout!r}).\nFix: "
                              f"ttnn.to_layout({name}, ttnn.TILE_LAYOUT).")
        if t.dtype not in _SDPA_DTYPES:
            raise DTypeError(f"{_WHAT}: Data type of input tensor must be BFLOAT16, BFLOAT8_B, or BFLOAT4_B and is "
                             f"{t.dtype!r} ({name}).\nFix: ttnn.typecast it to bfloat16.")
        if t.is_sharded():
            raise TTNNError(f"{_WHAT}: Operands to SDPA need to be DRAM/L1 interleaved ({name} is sharded).\nFix: "
                            "ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG).")
        if len(t.shape) != 4:
            raise ShapeError(f"{_WHAT}: {name} has rank {len(t.shape)}; SDPA takes [B, heads, seq, head_dim].")
        ls, ps = tuple(t.shape), tuple(t.padded_shape)
        for dim, what in ((0, "batch"), (1, "num_heads"), (3, "head_dim")):
            if ls[dim] != ps[dim]:
                raise ShapeError(f"{_WHAT}: Padding is not supported on the {what} dimension ({name} {list(ls)} is "
                                 f"padded to {list(ps)}).\nFix: a head_dim that is a multiple of 32.")


def _check_chunk_sizes(program_config, what=_WHAT):
    if program_config is not None:
        for nm in ("q_chunk_size", "k_chunk_size"):
            c = getattr(program_config, nm)
            if c % 32 or c <= 0:
                raise TTNNError(f"{what}: {nm} must be divisible by TILE_SIZE. Got {nm}: {c}, TILE_SIZE: 32")


def _check_inputs(q, k, v, mask, is_causal, sliding_window_size, program_config):
    """SDPAOperation::validate_on_program_cache_miss (regular mode)."""
    _check_tensors(q, k, v)
    if is_causal and mask is not None:
        raise TTNNError(f"{_WHAT}: is_causal and attn_mask cannot both be present. Got is_causal: True, attn_mask: "
                        "true.\nFix: is_causal=False with the mask, or drop the mask.")
    if (sliding_window_size or 0) > 0 and mask is not None:
        raise TTNNError(f"{_WHAT}: sliding_window_size and attn_mask cannot both be present; bake the sliding-window "
                        "mask into attn_mask.")
    B, NQH, Sq, DH = tuple(q.shape)
    NKH, Sk = k.shape[1], k.shape[2]
    if mask is not None:
        if not isinstance(mask, Tensor):
            raise TTNNError(f"{_WHAT}: attn_mask is a {type(mask).__name__}, not a ttnn.Tensor.")
        if mask.layout != Layout.TILE:
            raise LayoutError(f"{_WHAT}: When mask is provided to SDPA, it must be tilized.\nFix: "
                              "ttnn.to_layout(attn_mask, ttnn.TILE_LAYOUT).")
        if mask.dtype not in _SDPA_DTYPES:
            raise DTypeError(f"{_WHAT}: When mask is provided to SDPA, it must be in BF16, BFP8, or BFP4 dataformat "
                             f"(got {mask.dtype!r}).")
        if mask.memory_config().buffer_type != BufferType.DRAM:
            raise TTNNError(f"{_WHAT}: When mask is provided to SDPA, it must be in DRAM.\nFix: "
                            "memory_config=ttnn.DRAM_MEMORY_CONFIG for the mask.")
        ms = tuple(mask.shape)
        if len(ms) != 4:
            raise ShapeError(f"{_WHAT}: attn_mask has rank {len(ms)}; it must be [B or 1, NQH or 1, Sq, Sk].")
        if ms[0] not in (1, B):
            raise ShapeError(f"{_WHAT}: Mask batch dim must either be 1 (to be broadcasted across all batches) or must "
                             f"match Q batch dimension (mask {list(ms)}, Q batch {B}).")
        if ms[1] not in (1, NQH):
            raise ShapeError(f"{_WHAT}: Mask num_heads must either be 1 (to be broadcasted across all heads) or must "
                             f"match Q heads dimension (mask {list(ms)}, Q heads {NQH}).")
        if ms[2] != Sq:
            raise ShapeError(f"{_WHAT}: Mask sequence length must match Q sequence length (mask {list(ms)}, Sq {Sq}).")
        if ms[3] != Sk:
            raise ShapeError(f"{_WHAT}: Mask sequence length must match K sequence length (mask {list(ms)}, Sk {Sk}).")
    if is_causal and Sq != Sk:
        raise ShapeError(f"{_WHAT}: Causal SDPA requires Q and K to have the same sequence length. Got Q: {Sq}, K: "
                         f"{Sk}")
    if k.shape[0] != B or v.shape[0] != B:
        raise ShapeError(f"{_WHAT}: K and V batch must match. Got K: {k.shape[0]}, V: {v.shape[0]}")
    if v.shape[1] != NKH:
        raise ShapeError(f"{_WHAT}: K and V num_heads must match. Got K: {NKH}, V: {v.shape[1]}")
    if v.shape[2] != Sk:
        raise ShapeError(f"{_WHAT}: K and V sequence length must match. Got K: {Sk}, V: {v.shape[2]}")
    if k.shape[3] != DH or v.shape[3] != DH:
        raise ShapeError(f"{_WHAT}: K and V hidden dim must match. Got K: {k.shape[3]}, V: {v.shape[3]}")
    if not (NQH >= NKH and NQH % NKH == 0):
        raise ShapeError(f"{_WHAT}: Q num_heads must be >= K num_heads and divisible by K num_heads. Got Q: {NQH}, K: "
                         f"{NKH}")
    _check_chunk_sizes(program_config)


class _Chain:
    """CoreChainInfo of sdpa_program_factory.cpp: a core's place in its head's KV chain."""

    def __init__(self):
        self.participates = self.is_injector = self.is_sink = self.use_mcast = False
        self.batch = self.head = self.q_chunk_start = self.q_chunk_count = 0
        self.prev, self.next = (0, 0), (0, 0)
        self.next_core_q_chunks = self.mcast_num_dests = self.mcast_sender_wait = 0


def _build_kv_chains(B, NQH, q_num_chunks, num_cores, grid_x, ranges, phys):
    """The KV chain forwarding topology of sdpa_program_factory.cpp (non-causal, not chunked, no sliding window):
    per (batch, head) whose Q chunks lie on several cores, a chain of those cores (the first single-segment core as
    its start, in wrap order, stopping at a core already in another chain); with uniform Q-chunk counts the injector
    is the core whose physical x is farthest from the injectors chosen so far, else the cores sorted by descending
    count; then, all or nothing, multicast from the injector when every chain lies on one physical row with no other
    worker of its head inside its span and uniform counts. `ranges`: each core's (global_q_start, global_q_count);
    `phys`: each core's NoC coordinates. Returns the per-core chain records and whether multicast is on."""
    total_heads = B * NQH
    work = [[] for _ in range(num_cores)]              # per core: [batch, head, q_start, q_count]
    segments = [[] for _ in range(total_heads)]        # per head: (core, index into its work)
    for i in range(num_cores):
        g_start, g_count = ranges[i]
        cursor, g_end = g_start, g_start + g_count
        while cursor < g_end:
            nb, nq, q_in = cursor // (NQH * q_num_chunks), (cursor // q_num_chunks) % NQH, cursor % q_num_chunks
            span = min(q_num_chunks - q_in, g_end - cursor)
            if span:
                work[i].append((nb, nq, q_in, span))
                segments[nb * NQH + nq].append((i, len(work[i]) - 1))
            cursor += span
    chains = [_Chain() for _ in range(num_cores)]
    injector_x = []
    for head_id, segs in enumerate(segments):
        if len(segs) < 2:
            continue
        start = None
        for idx in range(len(segs) - 1):
            c, _w = segs[idx]
            if not chains[c].participates and len(work[c]) == 1:
                start = idx
                break
        if start is None:
            for idx in range(len(segs) - 1):
                if not chains[segs[idx][0]].participates:
                    start = idx
                    break
        if start is None:
            continue
        order = []
        for step in range(len(segs)):
            idx = (start + step) % len(segs)
            if chains[segs[idx][0]].participates:
                break
            order.append(idx)
        if len(order) < 2:
            continue
        count_of = lambda idx: work[segs[idx][0]][segs[idx][1]][3]  # noqa: E731
        if all(count_of(idx) == count_of(order[0]) for idx in order):
            best_pos, best_dist = 0, 0
            for pos, idx in enumerate(order):
                px = phys[segs[idx][0]][0]
                d = min((abs(px - ix) for ix in injector_x), default=0xFFFFFFFF)
                if d > best_dist:
                    best_dist, best_pos = d, pos
            if best_pos:
                order[0], order[best_pos] = order[best_pos], order[0]
        else:
            order.sort(key=lambda idx: -count_of(idx))      # stable: equal counts keep their order
        injector_x.append(phys[segs[order[0]][0]][0])
        for pos, idx in enumerate(order):
            c, w = segs[idx]
            nb, nh, q0, qn = work[c][w]
            ch = chains[c]
            ch.participates, ch.batch, ch.head, ch.q_chunk_start, ch.q_chunk_count = True, nb, nh, q0, qn
            ch.is_injector = pos == 0
            ch.is_sink = pos == len(order) - 1
            if pos > 0:
                ch.prev = phys[segs[order[pos - 1]][0]]
            if pos + 1 < len(order):
                nc, nw = segs[order[pos + 1]]
                ch.next = phys[nc]
                ch.next_core_q_chunks = work[nc][nw][3]
    # multicast eligibility, all or nothing
    candidates = []
    eligible = True
    for head_id, segs in enumerate(segments):
        if len(segs) < 2:
            continue
        members = [c for c, _w in segs if chains[c].participates and chains[c].batch == head_id // NQH
                   and chains[c].head == head_id % NQH]
        if len(members) < 2:
            continue
        y = phys[members[0]][1]
        if any(phys[c][1] != y for c in members):
            eligible = False
            break
        lo, hi = min(phys[c][0] for c in members), max(phys[c][0] for c in members)
        if any(phys[c][1] == y and lo <= phys[c][0] <= hi and c not in members for c, _w in segs):
            eligible = False
            break
        if any(chains[c].q_chunk_count != chains[members[0]].q_chunk_count for c in members):
            eligible = False
            break
        candidates.append((members, chains[members[0]].q_chunk_count, lo, hi, y))
    mcast = eligible and bool(candidates)
    if mcast:
        for members, ref_q, lo, hi, _y in candidates:
            inj = next((c for c in members if chains[c].is_injector), members[0])
            iy = phys[inj][1]
            ch = chains[inj]
            ch.use_mcast, ch.prev, ch.next = True, (lo, iy), (hi, iy)
            ch.mcast_num_dests = ch.mcast_sender_wait = len(members) - 1
            ch.next_core_q_chunks = ref_q
            for c in members:
                if c == inj:
                    continue
                r = chains[c]
                r.use_mcast, r.prev, r.next, r.next_core_q_chunks, r.is_sink = True, phys[inj], (0, 0), 0, True
    return chains, mcast


def scaled_dot_product_attention(input_tensor_q, input_tensor_k, input_tensor_v, *, attn_mask=None, is_causal=True,
                                 scale=None, sliding_window_size=None, memory_config=None, program_config=None,
                                 compute_kernel_config=None, attention_sink=None, **kwargs):
    """ttnn.transformer.scaled_dot_product_attention(q, k, v, *, attn_mask=None, is_causal=True, scale=None,
    sliding_window_size=None, memory_config=None, program_config=None, compute_kernel_config=None,
    attention_sink=None): prefill attention, the standard SDPA program (see the module docstring)."""
    started = time.perf_counter()
    O.refuse_unknown_kwargs(_WHAT, kwargs)
    q, k, v, mask = input_tensor_q, input_tensor_k, input_tensor_v, attn_mask
    _check_inputs(q, k, v, mask, is_causal, sliding_window_size, program_config)
    dev = O.device_of(_WHAT, q, k, v, mask)
    cfg = _default_cfg(compute_kernel_config)
    sink = attention_sink
    if sink is not None:
        _check_sink(q, sink)
        O.device_of(_WHAT, q, sink)
    window = int(sliding_window_size or 0)
    _refuse_sub_core_grids(program_config)
    # sdpa.cpp: the kernel scales the mask with QK (scale folded into exp), so the mask is divided by the scale first
    eff_scale = scale if scale is not None else 1.0 / math.sqrt(float(q.padded_shape[-1]))
    if mask is not None and np.float32(eff_scale) != np.float32(1.0):
        from tensix.ttnn.operations.binary import multiply
        mask = multiply(mask, float(np.float32(1.0) / np.float32(eff_scale)))
    if window and not is_causal and cfg.fp32_dest_acc_en:
        raise NotModelledError(
            f"{_WHAT}: sliding_window_size={window} with is_causal=False on the standard kernel: its writer generates "
            "the window's mask blocks only for the K chunks before each Q chunk's end (generate_mask), while its "
            "compute kernel adds one to every K chunk of the sequence, so tt-metal's program would wait forever for "
            "the missing blocks; tensix refuses it rather than hang.\nFix: is_causal=True, or the window as an "
            "attn_mask.")
    return _sdpa_program(dev, q, k, v, mask, sink, bool(is_causal), scale, memory_config, program_config, cfg,
                         started, window)


_CHUNKED = "ttnn.transformer.chunked_scaled_dot_product_attention"


def chunked_scaled_dot_product_attention(input_tensor_q, input_tensor_k, input_tensor_v, page_table_tensor,
                                         chunk_start_idx, *, scale=None, memory_config=None, program_config=None,
                                         compute_kernel_config=None, **kwargs):
    """ttnn.transformer.chunked_scaled_dot_product_attention(q, k, v, page_table_tensor, chunk_start_idx, *,
    scale=None, memory_config=None, program_config=None, compute_kernel_config=None): causal prefill of a chunk of
    Sq queries starting at sequence position chunk_start_idx, against a paged KV cache: K and V [num_blocks, NKH,
    block_size, D], page_table_tensor [B, blocks_per_user] INT32 ROW_MAJOR (virtual block -> physical block). The same
    program as scaled_dot_product_attention with Sk = chunk_start_idx + Sq, the Q chunks offset by chunk_start_idx /
    q_chunk_size (the causal stamp in absolute positions) and the reader fetching K / V rows through the page table
    (sdpa.cpp, legacy chunked mode: chunk_start_idx a Python int, part of the program). A chunk_start_idx tensor (the
    flexible mode, read on device) is not modelled."""
    started = time.perf_counter()
    O.refuse_unknown_kwargs(_CHUNKED, kwargs)
    q, k, v, pt = input_tensor_q, input_tensor_k, input_tensor_v, page_table_tensor
    if isinstance(chunk_start_idx, Tensor):
        raise NotModelledError(f"{_CHUNKED}: a chunk_start_idx tensor (the flexible chunked mode: the kernels read the "
                               "start from a device tensor at run time) is not modelled by tensix.\nFix: pass "
                               "chunk_start_idx as an int.")
    _check_tensors(q, k, v, _CHUNKED)
    start = int(chunk_start_idx)
    if start < 0:
        raise TTNNError(f"{_CHUNKED}: chunk_start_idx must be non-negative (got {start}).")
    if not isinstance(pt, Tensor):
        raise TTNNError(f"{_CHUNKED}: page_table_tensor is a {type(pt).__name__}, not a ttnn.Tensor.")
    dev = O.device_of(_CHUNKED, q, k, v, pt)
    if pt.layout != Layout.ROW_MAJOR:
        raise LayoutError(f"{_CHUNKED}: Page table must be row major.\nFix: ttnn.from_torch(page_table, "
                          "dtype=ttnn.int32, layout=ttnn.ROW_MAJOR_LAYOUT, device=device).")
    if pt.dtype != DataType.INT32:
        raise DTypeError(f"{_CHUNKED}: Page table must be int32 (got {pt.dtype!r}).")
    if len(pt.shape) != 2:
        raise ShapeError(f"{_CHUNKED}: the page table is [B, blocks per user]; got shape {list(pt.shape)}.")
    if pt.is_sharded():
        raise NotModelledError(f"{_CHUNKED}: a sharded page table is not modelled.\nFix: an interleaved one.")
    B, NQH, Sq, DH = (int(x) for x in q.shape)
    NKH, block_size = int(k.shape[1]), int(k.shape[2])
    if block_size != v.shape[2]:
        raise ShapeError(f"{_CHUNKED}: K page size must match V page size. Got K: {block_size}, V: {v.shape[2]}")
    if pt.shape[0] != B:
        raise ShapeError(f"{_CHUNKED}: Page table batch size must match input batch size. Got Page table: "
                         f"{pt.shape[0]}, Input: {B}")
    if v.shape[1] != NKH:
        raise ShapeError(f"{_CHUNKED}: K and V num_heads must match. Got K: {NKH}, V: {v.shape[1]}")
    if k.shape[3] != DH or v.shape[3] != DH:
        raise ShapeError(f"{_CHUNKED}: K and V hidden dim must match. Got K: {k.shape[3]}, V: {v.shape[3]}")
    if not (NQH >= NKH and NQH % NKH == 0):
        raise ShapeError(f"{_CHUNKED}: Q num_heads must be >= K num_heads and divisible by K num_heads. Got Q: {NQH}, "
                         f"K: {NKH}")
    _check_chunk_sizes(program_config, _CHUNKED)
    qc = program_config.q_chunk_size if program_config is not None else 32
    kc = program_config.k_chunk_size if program_config is not None else 32
    if program_config is not None:
        if start % qc:
            raise TTNNError(f"{_CHUNKED}: chunk_start_idx must be a multiple of q_chunk_size. Got chunk_start_idx: "
                            f"{start}, q_chunk_size: {qc}")
        if start % kc:
            raise TTNNError(f"{_CHUNKED}: chunk_start_idx must be a multiple of k_chunk_size. Got chunk_start_idx: "
                            f"{start}, k_chunk_size: {kc}")
    kv_length = int(pt.shape[1]) * block_size
    if kv_length < Sq + start:
        raise ShapeError(f"{_CHUNKED}: K's sequence length must be >= Q's sequence length + chunk_start_idx. Got K: "
                         f"{kv_length}, Q: {Sq}, chunk_start_idx: {start}")
    if block_size % 32:
        raise ShapeError(f"{_CHUNKED}: the KV cache's block size {block_size} is not a whole number of tiles.")
    from tensix.device.interleave import aligned_page_size
    stick = aligned_page_size(pt.page_size, pt.memory_config().buffer_type == BufferType.DRAM)
    if stick % 32:
        raise TTNNError(f"{_CHUNKED}: page table page size in bytes must be a multiple of 32 due to address alignment "
                        f"(got {stick}).")
    cfg = _default_cfg(compute_kernel_config)
    _refuse_sub_core_grids(program_config, _CHUNKED)
    return _sdpa_program(dev, q, k, v, None, None, True, scale, memory_config, program_config, cfg, started, 0,
                         chunk=(pt, start, block_size // 32, stick), what=_CHUNKED)


def _default_cfg(compute_kernel_config):
    """sdpa.cpp's init_device_compute_kernel_config(arch, config, HiFi2, approx true, fp32 false, l1 acc false)."""
    if compute_kernel_config is not None:
        return compute_kernel_config
    return WormholeComputeKernelConfig(math_fidelity=MathFidelity.HiFi2, math_approx_mode=True,
                                       fp32_dest_acc_en=False, packer_l1_acc=False)


def _refuse_sub_core_grids(program_config, what=_WHAT):
    if program_config is not None and program_config.sub_core_grids is not None:
        raise NotModelledError(f"{what}: SDPAProgramConfig.sub_core_grids is not modelled.\nFix: leave it None.")


def _check_sink(q, sink):
    """validate_attention_sink: a [1, NQH, 1, 1] TILE tensor in DRAM, BF16 / BFP8 / BFP4."""
    if not isinstance(sink, Tensor):
        raise TTNNError(f"{_WHAT}: attention_sink is a {type(sink).__name__}, not a ttnn.Tensor.")
    if sink.layout != Layout.TILE:
        raise LayoutError(f"{_WHAT}: Attention sink must be tilized.\nFix: ttnn.to_layout(sink, ttnn.TILE_LAYOUT).")
    if sink.dtype not in _SDPA_DTYPES:
        raise DTypeError(f"{_WHAT}: Attention sink must be in BF16, BFP8, or BFP4 dataformat (got {sink.dtype!r}).")
    if sink.memory_config().buffer_type != BufferType.DRAM:
        raise TTNNError(f"{_WHAT}: Attention sink must be in DRAM.")
    ss = tuple(sink.shape)
    if len(ss) != 4 or ss[0] != 1 or ss[1] != q.shape[1] or ss[2] != 1 or ss[3] != 1:
        raise ShapeError(f"{_WHAT}: Attention sink must be [1, NQH, 1, 1] (batch 1, Q's {q.shape[1]} heads, one value "
                         f"per head); got {list(ss)}.")
    if sink.dtype != DataType.BFLOAT16:
        # reader_interleaved.cpp's fill_attention_sink_tiles reads the tile's first 16-bit word as the sink's bf16 and
        # writes bf16 words over the CB's tiles whatever their format: for a BFP tile those bytes are not the sink
        raise NotModelledError(f"{_WHAT}: a {sink.dtype.name} attention_sink: the reader's fill_attention_sink_tiles "
                               "writes the tiles as bfloat16 words whatever the CB's format, which for a block-float "
                               "tile is not the sink value; tensix does not reproduce those bytes.\nFix: a bfloat16 "
                               "attention_sink.")


def _sdpa_program(dev, q, k, v, mask, sink, is_causal, scale, memory_config, program_config, cfg, started,
                  window=0, chunk=None, what=_WHAT):
    """SDPAOperation::SDPAProgramFactory (no MLA; the standard or the streaming compute kernel); `chunk`: (page
    table, chunk_start_idx, block_size_t, page table stick size) for legacy chunked prefill."""
    if scale is None:
        scale = 1.0 / math.sqrt(float(q.padded_shape[-1]))
    q_chunk_size = program_config.q_chunk_size if program_config is not None else 32
    k_chunk_size = program_config.k_chunk_size if program_config is not None else 32
    B, NQH, Sq, DH = (int(x) for x in q.shape)
    NKH, NVH, Sk = int(k.shape[1]), int(v.shape[1]), int(k.shape[2])
    is_chunked = chunk is not None
    chunked_offset = block_size_t = pt_stick = 0
    if is_chunked:
        page_table, chunk_start, block_size_t, pt_stick = chunk
        Sk = chunk_start + Sq
        chunked_offset = chunk_start // q_chunk_size
    padded_Sq = -(-Sq // q_chunk_size) * q_chunk_size
    padded_Sk = -(-Sk // k_chunk_size) * k_chunk_size
    Sqt, Skt = padded_Sq // 32, padded_Sk // 32
    DHt = DH // 32
    vDHt = DHt
    valid_Sqt, valid_Skt = -(-Sq // 32), -(-Sk // 32)
    use_padded_mask = (not is_causal) and (padded_Sk != Sk or padded_Sq != Sq)
    Sq_chunk_t, Sk_chunk_t = q_chunk_size // 32, k_chunk_size // 32
    q_num_chunks, k_num_chunks = padded_Sq // q_chunk_size, padded_Sk // k_chunk_size
    use_provided_mask = mask is not None
    use_attention_sink = sink is not None
    bcast_mask_batch = use_provided_mask and mask.shape[0] == 1
    bcast_mask_heads = use_provided_mask and mask.shape[1] == 1
    fp32 = bool(cfg.fp32_dest_acc_en)
    grid = program_config.compute_with_storage_grid_size if program_config is not None else O.grid_of(dev)
    dgrid = O.grid_of(dev)
    exp_approx_mode = True
    if program_config is not None and program_config.exp_approx_mode is not None:
        exp_approx_mode = bool(program_config.exp_approx_mode)
    num_cores = grid.x * grid.y
    if num_cores > dgrid.x * dgrid.y:
        raise TTNNError(f"{_WHAT}: Provided grid must not contain more cores than the device. Got {num_cores} cores, "
                        f"expected at most {dgrid.x * dgrid.y} cores.")
    if num_cores == 0:
        raise TTNNError(f"{_WHAT}: SDPA requires a non-empty core grid; got num_cores=0.")
    if not exp_approx_mode:
        raise NotModelledError(
            f"{_WHAT}: SDPAProgramConfig(exp_approx_mode=False): the correction exponential then runs "
            "ckernel_sfpu_sdpa.h calculate_exponential_polynomial (a hand-written SFPLOADI / SFPMAD polynomial), "
            "which tensix does not model.\nFix: exp_approx_mode=True (or None, the default).")
    total_q_chunks = B * NQH * q_num_chunks
    pair = is_causal and q_num_chunks % 2 == 0
    if pair:
        total_pairs = total_q_chunks // 2
        base, extra_cores, extra = (total_pairs // num_cores) * 2, total_pairs % num_cores, 2
    else:
        base, extra_cores, extra = total_q_chunks // num_cores, total_q_chunks % num_cores, 1
    max_per_core = base + (extra if extra_cores > 0 else 0)
    ranges = []
    for i in range(num_cores):
        start = i * base + min(i, extra_cores) * extra
        count = base + (extra if i < extra_cores else 0)
        if start >= total_q_chunks:
            start, count = total_q_chunks, 0
        elif start + count > total_q_chunks:
            count = total_q_chunks - start
        ranges.append((start, count))
    chains, mcast = [_Chain() for _ in range(num_cores)], False
    if not is_causal and not is_chunked and not window:    # the chain topology pass (non-causal, full K range)
        phys = [tuple(dev.sim.worker_core_from_logical_core(CoreCoord(i % grid.x, i // grid.x)))
                for i in range(num_cores)]
        chains, mcast = _build_kv_chains(B, NQH, q_num_chunks, num_cores, grid.x, ranges, phys)
    q_buffer_factor = 2 if max_per_core > 1 else 1
    dst_size = 4 if fp32 else 8
    qk_in0_block_w = DHt
    qk_sb_h, qk_sb_w = determine_largest_subblock_size(Sq_chunk_t, Sk_chunk_t, dst_size)
    # can_use_streaming_compute: the streaming kernel whenever fp32 accumulation is off
    streaming = not fp32
    lightweight_causal = is_causal and not use_provided_mask and not window
    lightweight_streaming = streaming and not use_provided_mask and (is_causal or window > 0 or use_padded_mask)
    lightweight = lightweight_causal or lightweight_streaming
    # a partial last K tile of a non-causal call without a mask: the palette's vertical -inf tile
    k_partial_col = Sk % 32 if (streaming and use_padded_mask and not use_provided_mask and Sk % 32) else 0
    q_tiles = Sq_chunk_t * DHt * q_buffer_factor
    k_tiles = Sk_chunk_t * DHt * 2
    v_tiles = Sk_chunk_t * vDHt * 2
    # lightweight_mask_tile_count: -inf, then 4 sliding-window edge tiles or the causal diagonal, then the partial tile
    lw_tiles = 1 + (4 if window else (1 if is_causal else 0)) + (1 if k_partial_col else 0)
    mask_tiles = lw_tiles if lightweight else Sq_chunk_t * Sk_chunk_t * 2
    qk_tiles = Sq_chunk_t * Sk_chunk_t
    out_im_tiles = Sq_chunk_t * vDHt
    out0_t = Sq_chunk_t * vDHt
    stats_tiles = Sq_chunk_t
    qk_in0_num_subblocks, qk_in1_num_subblocks = Sq_chunk_t // qk_sb_h, Sk_chunk_t // qk_sb_w
    qk_num_blocks = DHt // qk_in0_block_w
    out_in0_block_w = Sk_chunk_t
    out_sb_h, out_sb_w = determine_largest_subblock_size(Sq_chunk_t, vDHt, dst_size, 2 if streaming else None)
    if streaming:       # streaming_cb_out_tiles: cb_out shrinks to two P @ V row groups (a ping-pong)
        out0_t = 2 * _streaming_qktv_h(out_sb_h, out_sb_w, dst_size, Sq_chunk_t) * vDHt
    out_in0_num_subblocks, out_in1_num_subblocks = Sq_chunk_t // out_sb_h, vDHt // out_sb_w
    out_num_blocks = Sk_chunk_t // out_in0_block_w
    defines = {
        "STATS_GRANULARITY": find_valid_granularity(Sq_chunk_t, dst_size),
        "SUB_EXP_GRANULARITY": find_valid_granularity(Sk_chunk_t, dst_size),
        "MUL_BCAST_GRANULARITY": find_valid_granularity(Sq_chunk_t * Sk_chunk_t, dst_size),
        "DHT_GRANULARITY": _dht_granularity(DHt, vDHt, dst_size),
        "REDUCE_GRANULARITY": find_valid_granularity(Sq_chunk_t, dst_size // 2),
        "EXP_APPROX_MODE": int(exp_approx_mode),
    }
    scale_packed = _f32_bits(scale)
    identity_packed = 0x3F803F80
    zigzag = is_causal
    out_mc = memory_config
    out = O.output_tensor(dev, tuple(q.shape), q.dtype, Layout.TILE, out_mc)

    q_df, k_df, v_df = data_format(q.dtype), data_format(k.dtype), data_format(v.dtype)
    mask_df = formats.DataFormat.Float16_b if lightweight else (
        data_format(mask.dtype) if use_provided_mask else formats.DataFormat.Bfp4_b)
    scalar_df = formats.DataFormat.Float16_b          # Q is never FLOAT32 (validate)
    im_df = formats.DataFormat.Float16_b
    needs_mask_cb = use_provided_mask or is_causal or use_padded_mask or window > 0
    ts = formats.tile_size
    plan = [("q_in", q_tiles, q_df), ("k_in", k_tiles, k_df), ("v_in", v_tiles, v_df)]
    if needs_mask_cb:
        plan.append(("mask_in", mask_tiles, mask_df))
    plan += [("identity_scale_in", 1, scalar_df), ("col_identity", 1, scalar_df)]
    if is_chunked:                  # one page-table row (a stick of int32 block ids)
        plan.append(("page_table", 1, formats.DataFormat.Int32))
    if use_attention_sink:          # one column vector per Q chunk
        plan.append(("attention_sink", Sq_chunk_t, data_format(sink.dtype)))
    if streaming:                   # normalize_row_streaming's one-tile reciprocal scratch
        plan.append(("recip_scratch", 1, im_df))
    plan += [("qk_im", qk_tiles, im_df),
             ("out_im_A", out_im_tiles, im_df), ("out_im_B", out_im_tiles, im_df), ("max_A", stats_tiles, im_df),
             ("max_B", stats_tiles, im_df), ("sum_A", stats_tiles, im_df), ("sum_B", stats_tiles, im_df),
             ("exp_max_diff", stats_tiles, im_df), ("out", out0_t, data_format(q.dtype))]
    cb_ids = {name: i for i, (name, _n, _f) in enumerate(plan)}
    page_of = {"page_table": pt_stick}
    cb_bytes = sum(n * page_of.get(nm, ts(f)) for nm, n, f in plan)
    if cb_bytes > soc.L1_SIZE - soc.L1_UNRESERVED_BASE:
        raise TTNNError(f"{_WHAT}: the program's circular buffers need {cb_bytes} B of L1 per core (Q chunk "
                        f"{q_chunk_size}, K chunk {k_chunk_size}, head dim {DH}), more than a core's "
                        f"{soc.L1_SIZE - soc.L1_UNRESERVED_BASE} B.\nFix: smaller q_chunk_size / k_chunk_size.")
    cid = lambda nm: cb_ids.get(nm, _INACTIVE)  # noqa: E731

    reader_ct = [B, NQH, NKH, NVH, Sqt, Skt, valid_Sqt, valid_Skt, DHt, vDHt, Sq_chunk_t, q_num_chunks, Sk_chunk_t,
                 k_num_chunks, num_cores, int(is_causal), int(use_provided_mask), int(bcast_mask_batch),
                 int(bcast_mask_heads), int(use_padded_mask), int(is_chunked), block_size_t, pt_stick,
                 int(use_attention_sink), 0, 0, qk_sb_h,
                 window, int(streaming),
                 0 if is_causal else 0, 0 if is_causal else 1, 0 if is_causal else 2, int(mcast), int(zigzag)]
    # TensorAccessorArgs(nullptr) (no mask, page table, sink or chunk-start tensor): ArgConfig::None, one word 0
    reader_ct += (O.accessor_args(q, k, v) + (O.accessor_args(mask) if mask is not None else [0])
                  + (O.accessor_args(chunk[0]) if is_chunked else [0])
                  + (O.accessor_args(sink) if sink is not None else [0]) + [0])
    reader_ct += [cid("q_in"), cid("k_in"), cid("v_in"), cid("mask_in"), cid("attention_sink"), cid("page_table"),
                  _INACTIVE, _INACTIVE]
    writer_ct = [B, NQH, NKH, Sqt, valid_Sqt, Sk, DHt, vDHt, Sq_chunk_t, q_num_chunks, Sk_chunk_t, k_num_chunks,
                 identity_packed, scale_packed, num_cores, int(is_causal), int(use_provided_mask),
                 int(use_padded_mask), int(is_chunked), window, int(lightweight), int(streaming), out_sb_h,
                 k_partial_col, int(zigzag)]
    writer_ct += O.accessor_args(out) + [cid("mask_in"), cid("identity_scale_in"), cid("col_identity"), _INACTIVE,
                                         cid("out")]
    compute_ct = [B, NQH, NKH, Skt, DHt, vDHt, Sq_chunk_t, q_num_chunks, Sk_chunk_t, k_num_chunks, qk_in0_block_w,
                  qk_sb_w, qk_sb_h, qk_in0_num_subblocks, qk_in1_num_subblocks, qk_num_blocks, out_in0_block_w,
                  out_sb_w, out_sb_h, out_in0_num_subblocks, out_in1_num_subblocks, out_num_blocks, num_cores,
                  int(is_causal), int(use_provided_mask), int(use_padded_mask), int(is_chunked), scale_packed,
                  window,
                  int(use_attention_sink), int(streaming), valid_Skt,
                  k_partial_col, int(zigzag)]
    compute_ct += [cid(n) for n in ("q_in", "k_in", "v_in", "mask_in", "attention_sink", "identity_scale_in",
                                    "col_identity", "chunk_start_idx", "recip_scratch", "out", "qk_im", "out_im_A",
                                    "out_im_B", "max_A", "max_B", "sum_A", "sum_B", "exp_max_diff")]
    compute_ct += O.accessor_args(out)

    key = ("sdpa", O.spec_key(q), O.spec_key(k), O.spec_key(v), None if mask is None else O.spec_key(mask),
           None if sink is None else O.spec_key(sink), None if chunk is None else (O.spec_key(chunk[0]), chunk[1]),
           O.spec_key(out), is_causal, window, scale_packed, None if program_config is None else program_config._key(),
           _cfg_key(cfg))

    def factory():
        prog = mh.CreateProgram()
        cores = [CoreCoord(i % grid.x, i // grid.x) for i in range(num_cores)]
        for name, n, f in plan:
            O.cb(prog, cores, cb_ids[name], n, f, page_of.get(name))
        rk = mh.CreateKernel(prog, O.kernel_path("sdpa/reader_interleaved.py"), cores,
                             ReaderDataMovementConfig(compile_args=reader_ct, defines=dict(defines)))
        wk = mh.CreateKernel(prog, O.kernel_path("sdpa/writer_interleaved.py"), cores,
                             WriterDataMovementConfig(compile_args=writer_ct, defines=dict(defines)))
        ck = mh.CreateKernel(prog, O.kernel_path("sdpa/sdpa.py"), cores, ComputeConfig(
            math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=fp32, dst_full_sync_en=bool(cfg.dst_full_sync_en),
            math_approx_mode=bool(cfg.math_approx_mode), compile_args=compute_ct, defines=dict(defines)))
        if not is_causal:       # KV chain forwarding: sender, receiver (INVALID = 0) and valid (VALID = 1)
            for init in (0, 0, 1):
                mh.CreateSemaphore(prog, cores, init)

        def set_args(tensors):
            tq, tk, tv = tensors[0], tensors[1], tensors[2]
            tm = tensors[3] if use_provided_mask else None
            ts_ = tensors[-2] if use_attention_sink else None
            tp = tensors[3] if is_chunked else None
            to = tensors[-1]
            m_addr = tm.buffer_address() if tm is not None else 0
            s_addr = ts_.buffer_address() if ts_ is not None else 0
            for i, c in enumerate(cores):
                start, count = ranges[i]
                ra = [tq.buffer_address(), tk.buffer_address(), tv.buffer_address(), m_addr,
                      tp.buffer_address() if tp is not None else 0, s_addr, 0, i, 1, chunked_offset, 0]
                if not is_causal:
                    ch = chains[i]
                    ra += [int(ch.participates), int(ch.is_injector), int(ch.is_sink), ch.batch, ch.head,
                           ch.q_chunk_start, ch.q_chunk_count, ch.prev[0], ch.prev[1], ch.next[0], ch.next[1],
                           ch.next_core_q_chunks, ch.mcast_num_dests, ch.mcast_sender_wait]
                ra += [start, count]
                mh.SetRuntimeArgs(prog, rk, c, ra)
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), i, 1, 0, chunked_offset, 0, 0, 0, start, count])
                mh.SetRuntimeArgs(prog, ck, c, [i, 1, 0, chunked_offset, 0, start, count])

        return O.ProgramEntry(prog, set_args, num_cores, "SDPAProgramFactory")

    tensors = ([q, k, v] + ([mask] if mask is not None else []) + ([chunk[0]] if is_chunked else [])
               + ([sink] if sink is not None else []) + [out])
    O.run(what, dev, key, factory, tensors, [out],
          {"is_causal": is_causal, "q_chunk_size": q_chunk_size, "k_chunk_size": k_chunk_size,
           "attention_sink": use_attention_sink,
           "dtype": q.dtype.name}, started)
    return out


def _streaming_qktv_h(subblock_h, subblock_w, dst_size, Sq_chunk_t):
    """kernels/sdpa_streaming_qktv.hpp streaming_qktv_h: two Q tile rows per P @ V group when the output subblock is
    one row high and two fit Dst."""
    return 2 if (subblock_h == 1 and 2 * subblock_w <= dst_size and Sq_chunk_t >= 2) else subblock_h


def _dht_granularity(DHt, vDHt, dst_size):
    """sdpa_program_factory.cpp compute_dht_granularity: the largest g <= min(DHt, vDHt, dst_size) dividing both."""
    g = min(DHt, vDHt, dst_size)
    while g > 1 and (DHt % g or vDHt % g):
        g -= 1
    return g


def _unmodelled(name, what):
    def op(*_a, **_k):
        raise NotModelledError(f"ttnn.transformer.{name}: {what} is not modelled by tensix (tensix.ttnn has the "
                               "prefill ttnn.transformer.scaled_dot_product_attention only).")
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"ttnn.transformer.{name}: not modelled ({what}); raises NotModelledError."
    return op


# decode and paged decode: tensix/ttnn/operations/sdpa_decode.py (imported here, after this module's definitions)
from tensix.ttnn.operations.sdpa_decode import (  # noqa: E402
    paged_scaled_dot_product_attention_decode, scaled_dot_product_attention_decode)
windowed_scaled_dot_product_attention = _unmodelled(
    "windowed_scaled_dot_product_attention", "windowed SDPA (cu_window_seqlens)")
