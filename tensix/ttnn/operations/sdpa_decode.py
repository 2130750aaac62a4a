"""ttnn.transformer.scaled_dot_product_attention_decode and paged_scaled_dot_product_attention_decode (flash decode)
as tt-metal 622c6fb9 runs them on Wormhole (ttnn/cpp/ttnn/operations/transformer/sdpa_decode/: sdpa_decode.cpp,
device/sdpa_decode_device_operation.cpp (validate, output spec), device/sdpa_decode_program_factory.cpp; kernels in
tensix/ttnn/kernels/sdpa_decode/).

One new token per user: Q [1, B, NQH, D] (TILE, heads padded to PNH = a multiple of 32), the KV cache K / V [B, NKH,
S, D] (or, paged, [num_blocks, NKH, block_size, D] read through page_table [B, blocks per user] INT32 ROW_MAJOR),
output [1, B, NQH, D]. Causal: user b attends to cache positions 0 .. cur_pos[b] (cur_pos a list of ints, a runtime
arg, or cur_pos_tensor [B] INT32 ROW_MAJOR read by the reader on device, where -1 skips the user: its kernels
return at once and its output rows are not written). Non-causal: the whole cache.

The program (create_descriptor): the grid's cores in row-major order, num_cores_per_batch per user, split into groups
of num_cores_per_head cores per (user, KV head group of num_heads_per_core heads); each core runs all PNH Q rows
against its group's K / V (grouped-query attention: the writer writes back only the rows of the head group's NQH /
NKH Q heads, write_partial_tiles_to_memory). A user's K chunks (k_chunk_size rows; get_chunk_size(S) when no program
config gives one, 32 for the paged op) up to the chunk holding cur_pos are dealt to the group's cores from the end
(get_workload_for_core); each core's compute kernel (sdpa_flash_decode.cpp) runs flash attention over its chunks with
a running max and sum, the scale folded into the exponentials; the writer stamps the causal mask (zeros up to cur_pos,
-inf after, bfloat16) that the compute kernel adds to the last chunk's scores. Non-causal calls may give an attn_mask
[B or 1, 1, NQH, S] (the reader's chunk of it added to every chunk's scores, unscaled); a sliding window narrows the K
range to the window and masks the part of its first chunk before the window start (generate_sliding_window_mask). Q
and the output may be height-sharded one user per core (the cores reordered so that user b's reducer is logical core
b: the reader reads Q from that core's shard, the root packs into the output shard). The group's partial (output, max,
sum) are then merged up a binary tree (get_tree_reduction_params): a child's writer writes its partial into its parent's
c_19 slot for that round and raises the round's 4-bit counter in the parent's reducer semaphore; the parent's writer
moves it into c_7 / c_6 / c_16 and its compute kernel merges it (correction_block's fused_max_sub_exp_add_tile, then
the two outputs rescaled and added); the root normalises and writes.

Where tensix differs from the card (timing only, the numbers are the same): use_half_tile (causal, NQH <= 16,
bfloat16 Q: 16x32 tiles for Q, the mask, the statistics and the intermediates, and VectorMode::R for the SFPU max and
exponentials) runs on 32x32 tiles: every step is row-local (matmul rows, row reductions, column broadcasts), so the 16
valid rows get the same values, while faces 2 / 3 are moved and computed too (more cycles and L1 than the card's);
the writer's mask tile copies (copy_tile over the NoC) are direct L1 copies.

An inner tree core's writer waits for its merged partial on c_17 / c_18 before c_16 (the C++ waits on c_16 first, a
wait its own pushes of the children's outputs already meet; the c_17 / c_18 waits are what hold the send back), so
that tensix's per-consumer CB checks see the same order of events.

Not modelled (NotModelledError, naming the piece): attention sinks; share_cache; a sharded cur_pos tensor or page
table; ROW_MAJOR Q (tilize_q); paged block sizes below 32 (the block padding mask); k_chunk_size 0
(DYNAMIC_CHUNK_SIZE); the paged op's block_size / num_kv_heads / cache_position_modulo overrides; sub_core_grids; MLA
and its K multicast / Q-head parallelism; the tree merge with a half-sync fp32 Dst (correction_block needs five Dst
tiles).

exp_approx_mode=False (the vendored tests' setting) runs the correction exponential as ckernel_sfpu_sdpa.h's
calculate_exponential_polynomial (tensix.kernel.sdpa_decode_ops, its TTI instruction list on tensix's SFPU model); the
tree merge's fused_max_sub_exp_add_tile is there too."""

from __future__ import annotations

import math
import time

import numpy as np

from tensix.device import formats, soc
from tensix.device.interleave import aligned_page_size
from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, CoreCoord, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import (BufferType, DataType, Layout, MathFidelity, TensorMemoryLayout,
                               WormholeComputeKernelConfig, data_format)

__all__ = ["scaled_dot_product_attention_decode", "paged_scaled_dot_product_attention_decode"]

_DEC = "ttnn.transformer.scaled_dot_product_attention_decode"
_PAGED = "ttnn.transformer.paged_scaled_dot_product_attention_decode"
_DTYPES = (DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.BFLOAT4_B)
_U32_MAX = 0xFFFFFFFF
_MAX_TREE_ROUNDS = 6
_IDLE = 65          # the compute kernel's idle-core marker (runtime arg 0)


def get_chunk_size(s: int) -> int:
    """sdpa_decode.cpp get_chunk_size: the largest power-of-two divisor 2^i of s with i >= 1 (the loop starts at i = 1
    and stops at the first i whose 2^(i+1) does not divide s), capped at 512."""
    i = 1
    while i < s and s % (1 << (i + 1)) == 0:
        i += 1
    return min(512, 1 << i)


def get_tree_reduction_params(core_id, n):
    """sdpa_decode_device_operation.hpp get_tree_reduction_params: the binary reduction tree of a group of n cores
    (core 0 the root; virtual id vid = n - 1 - core_id). At round r a core receives from vid - 2^r when vid's low r + 1
    bits are all ones; a core sends at the round of its trailing ones to vid + 2^round, or to the root when that is
    past the group (the root collects those orphans)."""
    children = [_U32_MAX] * _MAX_TREE_ROUNDS
    p = {"is_root": True, "parent": _U32_MAX, "send_at_round": _U32_MAX, "num_children": 0, "my_active_rounds": 0,
         "children": children}
    if n <= 1:
        return p
    vid = n - 1 - core_id
    rounds = (n - 1).bit_length()
    p["is_root"] = core_id == 0
    for r in range(rounds):
        mask = (2 << r) - 1
        if vid & mask == mask and vid - (1 << r) < n:
            children[r] = n - 1 - (vid - (1 << r))
            p["num_children"] += 1
            p["my_active_rounds"] = r + 1
    if not p["is_root"]:
        t = ((~vid) & -(~vid)).bit_length() - 1          # trailing ones of vid
        parent_vid = vid + (1 << t)
        p["parent"] = n - 1 - parent_vid if parent_vid < n else 0
        p["send_at_round"] = t
    else:
        for c in range(1, n):
            cv = n - 1 - c
            t = ((~cv) & -(~cv)).bit_length() - 1
            if cv + (1 << t) >= n and children[t] == _U32_MAX:
                children[t] = c
                p["num_children"] += 1
                p["my_active_rounds"] = max(p["my_active_rounds"], t + 1)
    return p


def _default_cfg(compute_kernel_config):
    """sdpa_decode.cpp: init_device_compute_kernel_config(arch, config, HiFi2, approx true, fp32 false, l1 acc
    false)."""
    if compute_kernel_config is not None:
        return compute_kernel_config
    return WormholeComputeKernelConfig(math_fidelity=MathFidelity.HiFi2, math_approx_mode=True,
                                       fp32_dest_acc_en=False, packer_l1_acc=False)


def _check_qkv(what, q, k, v):
    """validate_on_program_cache_miss: the three operands (device, dtype, layout, memory)."""
    for name, t in (("input_tensor_q", q), ("input_tensor_k", k), ("input_tensor_v", v)):
        if not isinstance(t, Tensor):
            raise TTNNError(f"{what}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(..., "
                            "device=device) first.")
        if t.dtype not in _DTYPES:
            raise DTypeError(f"{what}: Unsupported data type {t.dtype!r} ({name}); SDPA decode takes BFLOAT16, "
                             "BFLOAT8_B or BFLOAT4_B.\nFix: ttnn.typecast it to bfloat16.")
        if len(t.shape) != 4:
            raise ShapeError(f"{what}: {name} has rank {len(t.shape)}; Q is [1, B, NQH, D], K / V [B, NKH, S, D].")
    for name, t in (("input_tensor_k", k), ("input_tensor_v", v)):
        if t.layout != Layout.TILE:
            raise LayoutError(f"{what}: Inputs to SDPA must be tilized except for Q ({name} is {t.layout!r}).\nFix: "
                              f"ttnn.to_layout({name}, ttnn.TILE_LAYOUT).")
        if t.memory_config().buffer_type != BufferType.DRAM or t.is_sharded():
            raise TTNNError(f"{what}: {name} buffer type must be DRAM (interleaved) but is "
                            f"{t.memory_config()!r}.\nFix: memory_config=ttnn.DRAM_MEMORY_CONFIG.")
    if q.layout != Layout.TILE:
        raise NotModelledError(f"{what}: a ROW_MAJOR Q (tilize_q: the compute kernel tilizes Q and untilizes the "
                               "output) is not modelled by tensix.\nFix: Q in ttnn.TILE_LAYOUT.")
    if q.is_sharded():
        if q.memory_config().memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
            raise TTNNError(f"{what}: Q tensor memory layout must be HEIGHT_SHARDED when sharded but got "
                            f"{q.memory_config().memory_layout!r}")
    elif q.memory_config().buffer_type != BufferType.DRAM:
        raise TTNNError(f"{what}: Q tensor buffer type must be DRAM when not sharded but got "
                        f"{q.memory_config().buffer_type!r}.\nFix: memory_config=ttnn.DRAM_MEMORY_CONFIG for Q.")
    for name, t in (("input_tensor_q", q), ("input_tensor_k", k), ("input_tensor_v", v)):
        if t.padded_shape[-1] % 32:
            raise ShapeError(f"{what}: {name}'s head dim {t.shape[-1]} is not a multiple of 32.")


def _check_common(what, q, k, v, is_causal, attn_mask, attention_sink, sliding_window_size, memory_config,
                  program_config, compute_kernel_config):
    if attn_mask is not None and is_causal:
        raise TTNNError(f"{what}: Must not have attn_mask tensor for causal attention (is_causal=True).\nFix: "
                        "is_causal=False with the mask.")
    if attention_sink is not None:
        raise NotModelledError(f"{what}: attention_sink (the sink folded in after the tree reduction) is not modelled "
                               "by tensix.\nFix: attention_sink=None.")
    if memory_config is not None and memory_config.is_sharded():
        if memory_config.memory_layout != TensorMemoryLayout.HEIGHT_SHARDED:
            raise TTNNError(f"{what}: Output memory config layout must be HEIGHT_SHARDED when sharded but got "
                            f"{memory_config.memory_layout!r}")
        if int(k.shape[1]) > 1:
            raise TTNNError(f"{what}: Sharded output not supported for GQA ({k.shape[1]} KV heads).\nFix: an "
                            "interleaved output memory config.")
    if program_config is not None:
        if program_config.sub_core_grids is not None:
            raise NotModelledError(f"{what}: SDPAProgramConfig.sub_core_grids is not modelled.\nFix: leave it None.")
    NKH = int(k.shape[1])
    if int(v.shape[1]) != NKH:
        raise ShapeError(f"{what}: Flash decode expects K and V to have same number of heads, but got {NKH} and "
                         f"{v.shape[1]}")
    if NKH > 1:
        if q.dtype != DataType.BFLOAT16:
            raise DTypeError(f"{what}: GQA expects BFLOAT16 input tensor, but got {q.dtype!r}")
        if int(q.shape[2]) % NKH:
            raise ShapeError(f"{what}: GQA expects Q to have a multiple of K heads, but got {q.shape[2]} and {NKH}")


def _check_cur_pos_tensor(what, t, B):
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: cur_pos_tensor is a {type(t).__name__}, not a ttnn.Tensor.")
    if t.dtype != DataType.INT32:
        raise DTypeError(f"{what}: Expect cur_pos to be INT32, got {t.dtype!r}")
    if t.layout != Layout.ROW_MAJOR:
        raise LayoutError(f"{what}: Expect cur_pos to be ROW_MAJOR, got {t.layout!r}")
    if t.is_sharded():
        raise NotModelledError(f"{what}: a sharded cur_pos_tensor is not modelled by tensix.\nFix: an interleaved one.")
    if int(t.padded_shape[-1]) != B:
        raise ShapeError(f"{what}: cur_pos must have batch size equal to Q, got {t.padded_shape[-1]} and {B}")


def _check_mask(what, m, q, k_chunk_size, S):
    """validate_on_program_cache_miss, non-causal with attn_mask: [B or 1, 1, NQH, S] (Q's padded and logical heads),
    TILE in DRAM, BF16 / BFP8 / BFP4, its length a multiple of k_chunk_size (and S when not paged)."""
    if not isinstance(m, Tensor):
        raise TTNNError(f"{what}: attn_mask is a {type(m).__name__}, not a ttnn.Tensor.")
    if m.dtype not in _DTYPES:
        raise DTypeError(f"{what}: Unsupported data type for mask tensor: {m.dtype!r}.")
    if m.layout != Layout.TILE or m.is_sharded() or m.memory_config().buffer_type != BufferType.DRAM:
        raise TTNNError(f"{what}: the attn_mask must be a TILE tensor interleaved in DRAM (read tile by tile by "
                        "read_mask_chunk).\nFix: ttnn.as_tensor(mask, layout=ttnn.TILE_LAYOUT, "
                        "memory_config=ttnn.DRAM_MEMORY_CONFIG).")
    if len(m.shape) != 4 or int(m.padded_shape[1]) != 1:
        raise ShapeError(f"{what}: attn_mask is [B or 1, 1, NQH, S]; got {list(m.shape)}.")
    if int(m.padded_shape[2]) != int(q.padded_shape[2]):
        raise ShapeError(f"{what}: Expect same number of padded heads in mask as in Q, got {m.padded_shape[2]} and "
                         f"{q.padded_shape[2]}")
    if int(m.shape[2]) != int(q.shape[2]):
        raise ShapeError(f"{what}: Expect same number of heads in mask as in Q, got {m.shape[2]} and {q.shape[2]}")
    if S is not None and int(m.padded_shape[3]) != S:
        raise ShapeError(f"{what}: Expect same sequence length in mask as in K, got {m.padded_shape[3]} and {S}")
    if int(m.padded_shape[3]) % k_chunk_size:
        raise ShapeError(f"{what}: Mask sequence length must be multiple of chunk size, got: {m.padded_shape[3]} and "
                         f"{k_chunk_size}")


def scaled_dot_product_attention_decode(input_tensor_q, input_tensor_k, input_tensor_v, *, is_causal=True,
                                        attn_mask=None, cur_pos=None, cur_pos_tensor=None, attention_sink=None,
                                        scale=None, sliding_window_size=None, memory_config=None, program_config=None,
                                        compute_kernel_config=None, share_cache=None, **kwargs):
    """ttnn.transformer.scaled_dot_product_attention_decode(q, k, v, *, is_causal=True, attn_mask=None, cur_pos=[],
    cur_pos_tensor=None, attention_sink=None, scale=None, sliding_window_size=None, memory_config=None,
    program_config=None, compute_kernel_config=None, share_cache=None): decode attention of Q [1, B, NQH, D] over the
    KV cache K / V [B, NKH, S, D] (see the module docstring)."""
    started = time.perf_counter()
    O.refuse_unknown_kwargs(_DEC, kwargs)
    q, k, v = input_tensor_q, input_tensor_k, input_tensor_v
    _check_qkv(_DEC, q, k, v)
    _check_common(_DEC, q, k, v, is_causal, attn_mask, attention_sink, sliding_window_size, memory_config,
                  program_config, compute_kernel_config)
    if share_cache:
        raise NotModelledError(f"{_DEC}: share_cache=True (one KV cache for several users) is not modelled by "
                               "tensix.\nFix: share_cache=None.")
    dev = O.device_of(_DEC, q, k, v, cur_pos_tensor)
    B = int(q.padded_shape[1])
    S = int(k.padded_shape[2])
    if int(q.padded_shape[0]) != 1:
        raise ShapeError(f"{_DEC}: Q tensor batch size must be 1 for decode mode but got {q.padded_shape[0]}")
    if int(k.padded_shape[0]) != B or int(v.padded_shape[0]) != B:
        raise ShapeError(f"{_DEC}: K tensor batch size ({k.padded_shape[0]}) and V's ({v.padded_shape[0]}) must "
                         f"equal B ({B})")
    if int(v.padded_shape[2]) != S:
        raise ShapeError(f"{_DEC}: K and V tensors must have the same sequence length. K: {S}, V: "
                         f"{v.padded_shape[2]}")
    D = int(q.padded_shape[-1])
    if int(k.padded_shape[-1]) != D or int(v.padded_shape[-1]) != D:
        raise ShapeError(f"{_DEC}: K / V hidden dimension ({k.padded_shape[-1]} / {v.padded_shape[-1]}) must equal "
                         f"Q's ({D})")
    k_chunk_size = get_chunk_size(S)
    if program_config is not None and program_config.k_chunk_size > 0:
        k_chunk_size = int(program_config.k_chunk_size)
        if k_chunk_size & (k_chunk_size - 1):
            raise TTNNError(f"{_DEC}: User provided k_chunk_size must be power of 2, got: {k_chunk_size}")
        if k_chunk_size % 32:
            raise TTNNError(f"{_DEC}: User provided k_chunk_size must be multiple of 32, got: {k_chunk_size}")
    elif k_chunk_size % 32:
        raise TTNNError(f"{_DEC}: Chunk size must be multiple of 32, but the maximum calculated k_chunk_size is: "
                        f"{k_chunk_size}\nFix: a KV sequence length that is a multiple of 64.")
    if S % k_chunk_size:
        raise ShapeError(f"{_DEC}: K sequence length must be multiple of chunk size, got: {S} and {k_chunk_size}")
    if attn_mask is not None:
        _check_mask(_DEC, attn_mask, q, k_chunk_size, S)
    positions = None
    if is_causal:
        if cur_pos_tensor is not None:
            _check_cur_pos_tensor(_DEC, cur_pos_tensor, B)
        else:
            positions = [int(p) for p in (cur_pos or [])]
            if len(positions) < B:
                raise TTNNError(f"{_DEC}: causal decode needs a position per user: cur_pos has {len(positions)} "
                                f"entries for batch {B}.\nFix: cur_pos=[...] of length {B}, or cur_pos_tensor.")
            for p in positions:     # a uint32 vector in the C++: -1 is 2^32 - 1, past any cache
                if not 0 <= p < S:
                    raise TTNNError(f"{_DEC}: cur_pos must be <= K sequence dim (got {p}, sequence {S}).\nFix: "
                                    "positions in [0, S); to skip a user pass -1 in cur_pos_tensor.")
    return _program(_DEC, dev, q, k, v, None, cur_pos_tensor, positions, bool(is_causal), scale, memory_config,
                    program_config, _default_cfg(compute_kernel_config), k_chunk_size, started, attn_mask,
                    int(sliding_window_size or 0))


def paged_scaled_dot_product_attention_decode(input_tensor_q, input_tensor_k, input_tensor_v, page_table_tensor, *,
                                              is_causal=True, attn_mask=None, cur_pos_tensor=None,
                                              attention_sink=None, scale=None, sliding_window_size=None,
                                              memory_config=None, program_config=None, compute_kernel_config=None,
                                              block_size=None, num_kv_heads=None, cache_position_modulo=None,
                                              **kwargs):
    """ttnn.transformer.paged_scaled_dot_product_attention_decode(q, k, v, page_table_tensor, *, is_causal=True,
    attn_mask=None, cur_pos_tensor=None, attention_sink=None, scale=None, sliding_window_size=None,
    memory_config=None, program_config=None, compute_kernel_config=None, block_size=None, num_kv_heads=None,
    cache_position_modulo=None): decode attention over a paged KV cache K / V [num_blocks, NKH, block_size, D], user
    b's virtual block j at physical block page_table[b, j]; causal calls take positions from cur_pos_tensor."""
    started = time.perf_counter()
    O.refuse_unknown_kwargs(_PAGED, kwargs)
    q, k, v, pt = input_tensor_q, input_tensor_k, input_tensor_v, page_table_tensor
    _check_qkv(_PAGED, q, k, v)
    _check_common(_PAGED, q, k, v, is_causal, attn_mask, attention_sink, sliding_window_size, memory_config,
                  program_config, compute_kernel_config)
    for name, val in (("block_size", block_size), ("num_kv_heads", num_kv_heads),
                      ("cache_position_modulo", cache_position_modulo)):
        if val is not None:
            raise NotModelledError(f"{_PAGED}: the {name} override (a KV cache read through another layer's "
                                   "geometry) is not modelled by tensix.\nFix: leave it None.")
    if not isinstance(pt, Tensor):
        raise TTNNError(f"{_PAGED}: page_table_tensor is a {type(pt).__name__}, not a ttnn.Tensor.")
    if pt.is_sharded():
        raise NotModelledError(f"{_PAGED}: a sharded (UINT16) page table is not modelled by tensix.\nFix: an "
                               "interleaved INT32 one.")
    if pt.dtype != DataType.INT32:
        raise DTypeError(f"{_PAGED}: Error: SDPA currently only supports INT32 datatype (page table is "
                         f"{pt.dtype!r}).")
    if pt.layout != Layout.ROW_MAJOR:
        raise LayoutError(f"{_PAGED}: Page table tensor layout must be ROW_MAJOR but got {pt.layout!r}")
    if len(pt.shape) != 2:
        raise ShapeError(f"{_PAGED}: the page table is [B, blocks per user]; got shape {list(pt.shape)}.")
    dev = O.device_of(_PAGED, q, k, v, pt, cur_pos_tensor)
    B = int(pt.padded_shape[0])
    if int(q.padded_shape[1]) != B:
        raise ShapeError(f"{_PAGED}: Page_table must have batch size equal to Q (page table {B}, Q "
                         f"{q.padded_shape[1]}).")
    if int(k.padded_shape[2]) != int(v.padded_shape[2]):
        raise ShapeError(f"{_PAGED}: K and V must have same block size (K {k.padded_shape[2]}, V "
                         f"{v.padded_shape[2]}).")
    D = int(q.padded_shape[-1])
    if int(k.padded_shape[3]) != D or int(v.padded_shape[3]) != D:
        raise ShapeError(f"{_PAGED}: Q, K, V must have same hidden size (Q {D}, K {k.padded_shape[3]}, V "
                         f"{v.padded_shape[3]}).")
    if int(k.shape[2]) % 32:
        raise NotModelledError(f"{_PAGED}: a block size of {k.shape[2]} (not a multiple of 32: the writer's block "
                               "padding mask, generate_block_padding_mask) is not modelled by tensix.\nFix: a block "
                               "size that is a multiple of 32.")
    # sdpa_decode.cpp: without a program config the paged op builds SDPAProgramConfig(device grid, k_chunk_size 32,
    # max_cores_per_head_batch 1); a config's k_chunk_size > 0 wins, else 0 (the kernels pick a dynamic chunk size)
    if program_config is None:
        from tensix.ttnn.operations.sdpa import SDPAProgramConfig
        program_config = SDPAProgramConfig(O.grid_of(dev), 32, 32, max_cores_per_head_batch=1)
    k_chunk_size = 0
    if program_config is not None and program_config.k_chunk_size > 0:
        k_chunk_size = int(program_config.k_chunk_size)
        if k_chunk_size & (k_chunk_size - 1):
            raise TTNNError(f"{_PAGED}: User provided k_chunk_size must be power of 2, got: {k_chunk_size}")
        if k_chunk_size % 32:
            raise TTNNError(f"{_PAGED}: User provided k_chunk_size must be multiple of 32, got: {k_chunk_size}")
    if k_chunk_size == 0:
        raise NotModelledError(f"{_PAGED}: k_chunk_size 0 (DYNAMIC_CHUNK_SIZE: the kernels size each user's chunks "
                               "from its position, with the mask fused into the QK matmul) is not modelled by "
                               "tensix.\nFix: SDPAProgramConfig(k_chunk_size=32 or another power of two).")
    S = int(pt.padded_shape[-1]) * int(k.padded_shape[2])
    if not is_causal and S % k_chunk_size:
        raise ShapeError(f"{_PAGED}: K sequence length must be multiple of chunk size, got: {S} and {k_chunk_size}")
    if attn_mask is not None:
        _check_mask(_PAGED, attn_mask, q, k_chunk_size, None)
    if is_causal:
        if cur_pos_tensor is None:
            raise TTNNError(f"{_PAGED}: Must have cur_pos tensor for paged attention in causal mode.\nFix: "
                            "cur_pos_tensor=ttnn.from_torch(positions, dtype=ttnn.int32, device=device).")
        _check_cur_pos_tensor(_PAGED, cur_pos_tensor, B)
    stick = aligned_page_size(pt.page_size, pt.memory_config().buffer_type == BufferType.DRAM)
    return _program(_PAGED, dev, q, k, v, (pt, stick, S), cur_pos_tensor, None, bool(is_causal), scale,
                    memory_config, program_config, _default_cfg(compute_kernel_config), k_chunk_size, started,
                    attn_mask, int(sliding_window_size or 0))


def _program(what, dev, q, k, v, paged, cur_pos_tensor, positions, is_causal, scale, memory_config, program_config,
             cfg, k_chunk_size, started, mask=None, window=0):
    """SdpaDecodeDeviceOperation::create_descriptor (not MLA, Q in DRAM, interleaved output)."""
    if scale is None:
        scale = 1.0 / math.sqrt(float(q.padded_shape[-1]))
    is_paged = paged is not None
    PNH = -(-int(q.padded_shape[2]) // 32) * 32
    NQH = int(q.shape[2])
    DH = int(k.padded_shape[3])
    vDH = int(v.padded_shape[3])
    num_kv_heads = int(k.padded_shape[1])
    Bkv = int(k.padded_shape[0])
    B = int(q.padded_shape[1])
    S = int(k.padded_shape[2])
    block_size_t = pt_stick = 0
    if is_paged:
        pt, pt_stick, S = paged
        B = int(pt.padded_shape[0])
        block_size_t = int(k.padded_shape[2]) // 32
    St, DHt, vDHt, PNHt = S // 32, DH // 32, vDH // 32, PNH // 32
    Sk_chunk_t = k_chunk_size // 32
    grid = program_config.compute_with_storage_grid_size if program_config is not None else O.grid_of(dev)
    dgrid = O.grid_of(dev)
    num_cores_available = grid.x * grid.y
    if num_cores_available > dgrid.x * dgrid.y:
        raise TTNNError(f"{what}: Cores available ({num_cores_available}) exceeds grid size ({dgrid.x * dgrid.y})")
    if num_cores_available < B:
        raise TTNNError(f"{what}: Cores available ({num_cores_available}) must be >= batch size ({B})\nFix: a "
                        "larger compute_with_storage_grid_size in the program config.")
    max_cores_per_head = program_config.max_cores_per_head_batch if program_config is not None \
        else num_cores_available
    if max_cores_per_head <= 0:
        raise TTNNError(f"{what}: max_cores_per_head_batch must be > 0")
    max_num_cores_for_compute = max_cores_per_head * B * num_kv_heads
    per_batch_uncapped = min(num_cores_available, max_num_cores_for_compute) // B
    num_cores_per_head = max(1, per_batch_uncapped // num_kv_heads)
    num_heads_per_core = max(1, math.ceil(num_kv_heads / per_batch_uncapped))
    while num_kv_heads % num_heads_per_core:
        num_heads_per_core += 1
    num_cores_per_batch = num_cores_per_head * num_kv_heads // num_heads_per_core
    num_reducer_cores = num_kv_heads * B // num_heads_per_core
    num_output_cores = B
    num_active_cores = num_cores_per_head * num_kv_heads * B // num_heads_per_core
    num_rounds = (num_cores_per_head - 1).bit_length() if num_cores_per_head > 1 else 0
    if num_rounds > _MAX_TREE_ROUNDS:
        raise TTNNError(f"{what}: Tree reduction max {_MAX_TREE_ROUNDS} rounds ({1 << _MAX_TREE_ROUNDS} cores/head), "
                        f"got {num_cores_per_head} cores/head.\nFix: max_cores_per_head_batch <= 64.")
    if num_cores_per_head > 1 and cfg.fp32_dest_acc_en and not cfg.dst_full_sync_en:
        raise NotModelledError(
            f"{what}: {num_cores_per_head} cores per (user, KV head) with fp32_dest_acc_en: the tree merge's "
            "correction_block copies into Dst tiles 0-4, past the 4 tiles a half-sync fp32 Dst holds (on the card "
            "into the half the packer owns); tensix does not model that.\nFix: dst_full_sync_en=True, "
            "fp32_dest_acc_en=False, or SDPAProgramConfig(max_cores_per_head_batch=1).")
    if not (num_heads_per_core == 1 or num_cores_per_head == 1):
        raise TTNNError(f"{what}: Invalid core assignment: cores_per_head={num_cores_per_head}, heads_per_core="
                        f"{num_heads_per_core}")
    fp32 = bool(cfg.fp32_dest_acc_en)
    dst_size = 4 if fp32 else 8
    qk_in0_block_w, qk_num_blocks = DHt, 1
    qk_sb_w = min(Sk_chunk_t, dst_size)
    qk_sb_h = min(PNHt, dst_size // qk_sb_w) if qk_sb_w == Sk_chunk_t else 1
    qk_in0_num_sb, qk_in1_num_sb = PNHt // qk_sb_h, Sk_chunk_t // qk_sb_w
    out_in0_block_w, out_num_blocks = Sk_chunk_t, 1
    out_sb_w = min(vDHt, dst_size)
    out_sb_h = min(PNHt, dst_size // out_sb_w) if out_sb_w == vDHt else 1
    out_in0_num_sb, out_in1_num_sb = PNHt // out_sb_h, vDHt // out_sb_w
    dht_gran = min(DHt, dst_size)
    if dht_gran & (dht_gran - 1):
        dht_gran = 1
    exp_approx_mode = True
    if program_config is not None and program_config.exp_approx_mode is not None:
        exp_approx_mode = bool(program_config.exp_approx_mode)
    use_half_tile = is_causal and NQH <= 16 and q.dtype == DataType.BFLOAT16

    q_df, k_df, v_df = data_format(q.dtype), data_format(k.dtype), data_format(v.dtype)
    out_dtype = q.dtype
    out_df = data_format(out_dtype)
    bf16 = formats.DataFormat.Float16_b
    q_tiles = PNHt * DHt
    qk_tiles = PNHt * Sk_chunk_t
    out_tiles = PNHt * vDHt
    plan = [(0, q_tiles, q_df), (1, Sk_chunk_t * DHt * 2, k_df), (2, Sk_chunk_t * vDHt * 2, v_df),
            (3, qk_tiles, data_format(mask.dtype) if mask is not None else bf16), (5, 1, bf16), (6, PNHt, bf16),
            (7, PNHt, bf16)]
    pages = {}
    if cur_pos_tensor is not None:
        cp_stick = aligned_page_size(cur_pos_tensor.page_size,
                                     cur_pos_tensor.memory_config().buffer_type == BufferType.DRAM)
        plan += [(8, 1, formats.DataFormat.Int32), (15, 1, formats.DataFormat.Int32)]
        pages[8] = pages[15] = cp_stick
    else:
        cp_stick = 0
    if is_paged:
        plan.append((9, 1, formats.DataFormat.Int32))
        pages[9] = pt_stick
    if window:                  # c_13: the window's first-chunk mask
        plan.append((13, qk_tiles, data_format(mask.dtype) if mask is not None else bf16))
    plan += [(10, q_tiles, q_df), (11, 1, bf16), (12, 1, bf16),
             (24, qk_tiles, bf16), (25, out_tiles, bf16), (26, out_tiles, bf16)]
    plan += [(i, PNHt, bf16) for i in (27, 28, 29, 30, 31, 21, 22)]
    plan += [(23, out_tiles, bf16), (16, out_tiles, bf16), (17, PNHt, bf16), (18, PNHt, bf16)]
    intermed_tiles = (out_tiles + 2 * PNHt) * (num_cores_per_head - 1)
    if intermed_tiles:          # c_19: one (sum, max, output) slot per tree round of a child
        plan.append((19, intermed_tiles, bf16))
    plan.append((20, out_tiles, out_df))
    cb_bytes = sum(n * pages.get(i, formats.tile_size(f)) for i, n, f in plan)
    if cb_bytes > soc.L1_SIZE - soc.L1_UNRESERVED_BASE:
        raise TTNNError(f"{what}: the program's circular buffers need {cb_bytes} B of L1 per core (k_chunk_size "
                        f"{k_chunk_size}, head dim {DH}, {PNH} padded heads), more than a core's "
                        f"{soc.L1_SIZE - soc.L1_UNRESERVED_BASE} B.\nFix: a smaller k_chunk_size in the program "
                        "config.")

    if memory_config is not None and memory_config.is_sharded():
        # a height-sharded output: its buffer from ttnn.empty (create_device_tensor of the sharded spec)
        from tensix.ttnn.core import empty
        out = empty((1, B, NQH, vDH), out_dtype, Layout.TILE, dev, memory_config)
    else:
        out = O.output_tensor(dev, (1, B, NQH, vDH), out_dtype, Layout.TILE, memory_config)
    scale_packed = int(np.float32(scale).view(np.uint32))
    identity_packed, zero_packed = 0x3F803F80, 0
    pt_t = paged[0] if is_paged else None
    reader_ct = [B, PNHt, St, DHt, vDHt, Sk_chunk_t, num_active_cores, int(q.is_sharded()), num_cores_per_batch,
                 k_chunk_size,
                 cp_stick, int(is_paged), num_kv_heads, block_size_t, Bkv, 1, num_cores_per_head,
                 num_heads_per_core, num_output_cores, int(is_causal), int(mask is not None), 0, dst_size, 0, 0,
                 int(use_half_tile),
                 q_tiles * formats.tile_size(q_df), 0, 0, formats.tile_size(q_df), window,
                 int(k.shape[2]) if is_paged else 0, 2, 0, 0,
                 int(mask.padded_shape[0]) if mask is not None else Bkv, 0]
    reader_ct += (O.accessor_args(q, k, v) + (O.accessor_args(mask) if mask is not None else [0])
                  + (O.accessor_args(cur_pos_tensor) if cur_pos_tensor is not None else [0])
                  + (O.accessor_args(pt_t) if is_paged else [0]) + [0])
    writer_ct = [B, PNHt, St, DHt, vDHt, Sk_chunk_t, identity_packed, zero_packed, scale_packed, num_cores_per_batch,
                 num_active_cores, 0, 1, int(out.is_sharded()), k_chunk_size, NQH, num_kv_heads, num_cores_per_head,
                 num_heads_per_core, num_reducer_cores, num_output_cores,
                 # Tensor::element_size(): one byte for the block-float types
                 1 if out_dtype in (DataType.BFLOAT8_B, DataType.BFLOAT4_B) else out.element_size(),
                 int(is_causal), dst_size, 1, window, num_rounds, int(k.shape[2]) if is_paged else 0]
    writer_ct += O.accessor_args(out)
    compute_ct = [St, DHt, vDHt, PNHt, Sk_chunk_t, qk_in0_block_w, qk_sb_w, qk_sb_h, qk_in0_num_sb, qk_in1_num_sb,
                  qk_num_blocks, out_in0_block_w, out_sb_w, out_sb_h, out_in0_num_sb, out_in1_num_sb,
                  out_num_blocks, num_cores_per_batch, k_chunk_size, num_cores_per_head, num_heads_per_core,
                  int(is_causal), int(mask is not None), 0, dst_size, 0, 1, int(use_half_tile), scale_packed, window,
                  num_rounds,
                  int(k.shape[2]) if is_paged else 0]
    defines = {"EXP_APPROX_MODE": int(exp_approx_mode), "DHT_GRANULARITY": dht_gran,
               "LOG2_DHT_GRANULARITY": int(math.log2(dht_gran)),
               "SUB_EXP_GRANULARITY": min(Sk_chunk_t, dst_size),
               "MUL_BCAST_GRANULARITY": min(PNHt * Sk_chunk_t, dst_size),
               "STATS_GRANULARITY": min(Sk_chunk_t, dst_size)}
    for nm in ("SUB_EXP_GRANULARITY", "MUL_BCAST_GRANULARITY", "STATS_GRANULARITY"):
        val = defines[nm]
        if val & (val - 1):
            raise TTNNError(f"{what}: {nm} ({val}) must be power of 2 (k_chunk_size {k_chunk_size}, {PNH} padded "
                            "heads).")
        defines["LOG2_" + nm] = int(math.log2(val))

    key = ("sdpa_decode", what, O.spec_key(q), O.spec_key(k), O.spec_key(v),
           None if mask is None else O.spec_key(mask),
           None if cur_pos_tensor is None else O.spec_key(cur_pos_tensor),
           None if pt_t is None else O.spec_key(pt_t), O.spec_key(out), is_causal, scale_packed, k_chunk_size, window,
           (grid.x, grid.y), max_cores_per_head, exp_approx_mode, str(cfg.math_fidelity), bool(cfg.math_approx_mode),
           fp32, bool(cfg.dst_full_sync_en))
    is_q_sharded = q.is_sharded()
    is_out_sharded = out.is_sharded()
    if is_q_sharded or is_out_sharded:
        # the reducer / output core of user b (core i with i % num_cores_per_batch == 0) is logical core b, where
        # the sharded Q and output put user b's rows; the workers follow in row-major order
        cores, red_i, work_i = [], 0, num_output_cores
        for i in range(num_cores_available):
            if i % num_cores_per_batch == 0 and red_i < num_output_cores:
                j, red_i = red_i, red_i + 1
            else:
                j, work_i = work_i, work_i + 1
            cores.append(CoreCoord(j % grid.x, j // grid.x))
    else:
        cores = [CoreCoord(i % grid.x, i // grid.x) for i in range(num_cores_available)]
    use_tensor = cur_pos_tensor is not None

    def factory():
        prog = mh.CreateProgram()
        bound = None
        for idx, n, f in plan:
            if idx == 20 and is_out_sharded:        # c_20 on the output's shard: the root packs into it in place
                size = formats.tile_size(f)
                bound = mh.CircularBufferConfig(n * size, {idx: f}).set_page_size(idx, size)
                mh.CreateCircularBuffer(prog, cores, bound)
            else:
                O.cb(prog, cores, idx, n, f, pages.get(idx))
        rk = mh.CreateKernel(prog, O.kernel_path("sdpa_decode/reader_decode_all.py"), cores,
                             ReaderDataMovementConfig(compile_args=reader_ct))
        wk = mh.CreateKernel(prog, O.kernel_path("sdpa_decode/writer_decode_all.py"), cores,
                             WriterDataMovementConfig(compile_args=writer_ct))
        ck = mh.CreateKernel(prog, O.kernel_path("sdpa_decode/sdpa_flash_decode.py"), cores, ComputeConfig(
            math_fidelity=cfg.math_fidelity, fp32_dest_acc_en=fp32, dst_full_sync_en=bool(cfg.dst_full_sync_en),
            math_approx_mode=bool(cfg.math_approx_mode), compile_args=compute_ct, defines=dict(defines)))
        for _ in range(3):      # reducer, output and K-multicast semaphores (unused with one core per head)
            mh.CreateSemaphore(prog, cores, 0)
        phys = [dev.sim.worker_core_from_logical_core(c) for c in cores]
        out_xs = [phys[i].x for i in range(num_active_cores) if i % num_cores_per_batch == 0]
        out_ys = [phys[i].y for i in range(num_active_cores) if i % num_cores_per_batch == 0]
        red_xs = [phys[i].x for i in range(num_active_cores) if i % num_cores_per_head == 0]
        red_ys = [phys[i].y for i in range(num_active_cores) if i % num_cores_per_head == 0]

        def set_args(tensors, pos=None):
            tq, tk, tv = tensors[0], tensors[1], tensors[2]
            rest = tensors[3:-1]
            tm = rest.pop(0) if mask is not None else None
            tcp = rest.pop(0) if use_tensor else None
            tpt = rest.pop(0) if is_paged else None
            to = tensors[-1]
            if bound is not None:
                bound.set_globally_allocated_address(to._buffer)
            pos_addr = tcp.buffer_address() if tcp is not None else 0
            pt_addr = tpt.buffer_address() if tpt is not None else 0
            for i, c in enumerate(cores):
                if i >= num_active_cores:
                    mh.SetRuntimeArgs(prog, rk, c, [0] * 20)
                    mh.SetRuntimeArgs(prog, wk, c, [0] * (10 + 6 + _MAX_TREE_ROUNDS + 2 * num_cores_per_head))
                    mh.SetRuntimeArgs(prog, ck, c, [_IDLE] + [0] * (7 + 5 + _MAX_TREE_ROUNDS - 1))
                    continue
                cur_head = (i % num_cores_per_batch) // num_cores_per_head
                cur_batch = i // num_cores_per_batch
                core_num_in_reduce = i % num_cores_per_head
                core_num_in_output = i % num_cores_per_batch
                do_reduce = core_num_in_reduce == 0
                do_output = core_num_in_output == 0
                cp = _U32_MAX if (use_tensor or not is_causal) else (pos[cur_batch] & _U32_MAX)
                base = cur_batch * num_cores_per_batch + cur_head * num_cores_per_head
                tp = get_tree_reduction_params(core_num_in_reduce, num_cores_per_head)
                tree = [int(tp["is_root"]), tp["parent"], tp["send_at_round"], tp["num_children"],
                        tp["my_active_rounds"]]
                children = tp["children"]
                mh.SetRuntimeArgs(prog, rk, c, [tq.buffer_address(), tk.buffer_address(), tv.buffer_address(),
                                                pos_addr, pt_addr, tm.buffer_address() if tm is not None else 0, 0,
                                                pt_stick, int(do_reduce), int(do_output),
                                                cur_head, cur_batch, core_num_in_reduce, core_num_in_output, cp,
                                                0, 0, 0, 0, 0] + out_xs + out_ys)
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), _U32_MAX if do_reduce else core_num_in_reduce - 1,
                                                _U32_MAX if do_output else core_num_in_output - 1, int(do_reduce),
                                                int(do_output), cur_head, cur_batch, core_num_in_reduce,
                                                core_num_in_output, cp] + tree + [base] + children
                                  + [phys[base + j].x for j in range(num_cores_per_head)]
                                  + [phys[base + j].y for j in range(num_cores_per_head)]
                                  + red_xs + red_ys + out_xs + out_ys)
                mh.SetRuntimeArgs(prog, ck, c, [int(do_reduce), int(do_output), cur_head, cur_batch,
                                                core_num_in_reduce, core_num_in_output, cp] + tree + children)

        return O.ProgramEntry(prog, set_args, num_cores_available, "SdpaDecodeProgramFactory")

    tensors = ([q, k, v] + ([mask] if mask is not None else []) + ([cur_pos_tensor] if use_tensor else [])
               + ([pt_t] if is_paged else []) + [out])
    O.run(what, dev, key, factory, tensors, [out],
          {"is_causal": is_causal, "k_chunk_size": k_chunk_size, "paged": is_paged,
           "cores_per_head": num_cores_per_head, "heads_per_core": num_heads_per_core, "dtype": q.dtype.name},
          started, runtime=positions)
    return out
