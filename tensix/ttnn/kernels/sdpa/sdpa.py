"""Compute kernel of ttnn's scaled_dot_product_attention (SDPAProgramFactory), its standard (non-streaming) path:
sdpa_standard over this core's range of the flat B x NQH x q_num_chunks Q-chunk space, with the lightweight causal
mask (two mask tiles the writer made, kept at the front of cb_mask_in) when causal without a provided mask.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/transformer/sdpa/device/kernels/compute/sdpa.cpp (helpers:
compute_common.py). Compile-time args 0-33 (B, NQH, NKH, Skt, DHt, vDHt, Sq_chunk_t, q_num_chunks, Sk_chunk_t,
k_num_chunks, the QK and OUT matmul blockings, num_cores, is_causal, use_provided_mask, use_padded_mask, is_chunked,
scale_fp32, sliding_window_size, use_attention_sink, use_streaming_compute, valid_Skt, k_partial_col,
use_zigzag_balancing), then the 18 CB ids. Runtime args: core_id, num_phases, use_chunk_start_idx_tensor, the chunked
offsets, global_q_start, global_q_count. With use_streaming_compute the streaming path runs instead
(compute_streaming.py, sdpa_standard_v2) with the writer's lightweight mask palette described by a
LightweightMaskContext. The flexible chunked mode (the start read from a tensor) is not ported: the program factory
refuses it before building."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.errors import NotModelledError
from tensix.ttnn.kernels.sdpa import compute_common as CC
from tensix.ttnn.kernels.sdpa import compute_streaming as CS

_NAMES = ["B", "NQH", "NKH", "Skt", "DHt", "vDHt", "Sq_chunk_t", "q_num_chunks", "Sk_chunk_t", "k_num_chunks",
          "qk_in0_block_w", "qk_subblock_w", "qk_subblock_h", "qk_in0_num_subblocks", "qk_in1_num_subblocks",
          "qk_num_blocks", "out_in0_block_w", "out_subblock_w", "out_subblock_h", "out_in0_num_subblocks",
          "out_in1_num_subblocks", "out_num_blocks", "num_cores", "is_causal", "use_provided_mask",
          "use_padded_mask", "is_chunked", "scale_fp32", "sliding_window_size", "use_attention_sink",
          "use_streaming_compute", "valid_Skt", "k_partial_col", "use_zigzag_balancing"]
_CBS = ["cb_q_in", "cb_k_in", "cb_v_in", "cb_mask_in", "cb_attention_sink", "cb_identity_scale_in",
        "cb_col_identity", "cb_chunk_start_idx", "cb_recip_scratch", "cb_out", "cb_qk_im", "cb_out_im_A",
        "cb_out_im_B", "cb_max_A", "cb_max_B", "cb_sum_A", "cb_sum_B", "cb_exp_max_diff"]
_FLAGS = ("is_causal", "use_provided_mask", "use_padded_mask", "is_chunked", "use_attention_sink",
          "use_streaming_compute", "use_zigzag_balancing")


def kernel_main():
    p = {n: get_compile_time_arg_val(i) for i, n in enumerate(_NAMES)}
    for f in _FLAGS:
        p[f] = p[f] == 1
    p.update({n: get_compile_time_arg_val(34 + i) for i, n in enumerate(_CBS)})
    num_phases = get_arg_val(1)
    p["global_q_start"] = get_arg_val(5)
    p["global_q_count"] = get_arg_val(6)
    p["chunked_q_chunk_offset"] = get_arg_val(3)
    if get_arg_val(2) or num_phases != 1:
        raise NotModelledError("sdpa.cpp: a chunk-start tensor (flexible chunked mode) or two phases are not ported.")
    d = {k: globals()[k] for k in ("STATS_GRANULARITY", "SUB_EXP_GRANULARITY", "MUL_BCAST_GRANULARITY",
                                   "DHT_GRANULARITY", "REDUCE_GRANULARITY", "EXP_APPROX_MODE") if k in globals()}
    compute_kernel_hw_startup[SrcOrder.Reverse](p["cb_q_in"], p["cb_k_in"], p["cb_out"])
    matmul_init(p["cb_q_in"], p["cb_k_in"])
    if p["use_streaming_compute"]:
        _streaming(p, d)
        return
    p["lightweight"] = p["is_causal"] and not p["use_provided_mask"] and p["sliding_window_size"] == 0
    if p["lightweight"]:
        cb_wait_front(p["cb_mask_in"], 2)      # [neginf, causal diagonal], fronted for the whole program
    CC.sdpa_standard(p, d)


def _streaming(p, d):
    """sdpa.cpp's use_streaming_compute branch: the scaler tile fronted once, the lightweight mask context (palette
    [-inf, causal diagonal?, partial-K column?] or, with a sliding window, [-inf, trailing edge, leading edge
    (previous tile), leading edge, trailing edge (next tile), partial?]) fronted once, then sdpa_standard_v2."""
    cb_wait_front(p["cb_identity_scale_in"], 1)
    Sk, valid_Skt, k_partial_col = p["Sk_chunk_t"], p["valid_Skt"], p["k_partial_col"]
    lw = {"neginf": 0, "diag": 0, "leading_prev": 0, "leading": 0, "trailing_next": 0, "partial_col": 0,
          "partial_idx": 0, "n_padded_tiles": 0}
    count = 1
    if p["sliding_window_size"] > 0:
        lw.update(diag=1, leading_prev=2, leading=3, trailing_next=4)
        count = 5
    elif p["is_causal"]:
        lw["diag"] = count
        count += 1
    if k_partial_col > 0:
        lw["partial_col"], lw["partial_idx"] = k_partial_col, count
        count += 1
        last_first = ((valid_Skt - 1) // Sk) * Sk if valid_Skt > Sk else 0
        lw["n_padded_tiles"] = Sk - (valid_Skt - last_first)
    if (p["is_causal"] or p["sliding_window_size"] > 0 or k_partial_col > 0) and not p["use_provided_mask"]:
        cb_wait_front(p["cb_mask_in"], count)
    p["lw"] = lw
    CS.sdpa_standard_v2(p, d)
