"""Compute kernel of ttnn's SDPA decode (SdpaDecodeDeviceOperation): flash attention of the user's PNHt tile rows of
Q over this core's K chunks, per KV head of the core. Per chunk: QK = Q @ K^T (K transposed in its CB), the causal
mask added to the last chunk's scores, cur_max = the row max (pooled with the previous max), QK = exp((QK - cur_max) *
scale), cur_sum = the row sum (reduce_tile), OUT = QK @ V; from the second chunk on, the correction exp((prev_max -
cur_max) * scale) (first column) applied to the previous sum and the running output, which are then added to the
current ones. At the end (the tree root) the sum inverted (first column) and the output scaled by it, into c_20.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/transformer/sdpa_decode/device/kernels/compute/
sdpa_flash_decode.cpp (helpers: tensix/ttnn/kernels/sdpa/compute_common.py and sdpa_decode/compute_common.py) with the
tree reduction over the cores of a (user, KV head) group (each round's child partial merged by correction_block) and a
provided mask (non-causal: the reader's chunk added to every chunk's scores); a sliding window (its first chunk's
window mask); no sink or block padding, a tiled Q, static chunk sizes."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.errors import NotModelledError
from tensix.ttnn.kernels.sdpa import compute_common as CC
from tensix.ttnn.kernels.sdpa_decode import compute_common as DCC
from tensix.ttnn.kernels.sdpa_decode.rt_args_common import get_workload_for_core

_U32_MAX = 0xFFFFFFFF
_IDLE = 65
cb_q_in, cb_k_in, cb_v_in, cb_mask_in, cb_sliding_window_mask_in = 0, 1, 2, 3, 13
cb_identity_scale_in, cb_cur_pos = 5, 15
cb_qk_im, cb_out_im, cb_out_accumulate_im = 24, 25, 26
cb_max_1, cb_max_2, cb_sum_1, cb_sum_2, cb_exp_max_diff = 27, 28, 29, 30, 31
cb_out_final = 20
cb_m_in, cb_l_in, cb_out_o, cb_out_m, cb_out_l = 6, 7, 16, 17, 18
cb_prev_sum_2, cb_exp_max_diff_2, cb_out_accumulate_im_2 = 21, 22, 23
_MAX_ROUNDS = 6


def kernel_main():
    a = [get_compile_time_arg_val(i) for i in range(32)]
    (St, DHt, vDHt, Sq_chunk_t, Sk_chunk_t, qk_in0_block_w, qk_subblock_w, qk_subblock_h, qk_in0_num_subblocks,
     qk_in1_num_subblocks, qk_num_blocks, out_in0_block_w, out_subblock_w, out_subblock_h, out_in0_num_subblocks,
     out_in1_num_subblocks, out_num_blocks) = a[:17]
    num_cores_per_head, num_heads_per_core = a[19], a[20]
    is_causal, use_attention_mask, use_attention_sink = a[21] == 1, a[22] == 1, a[23] == 1
    tilize_q, q_heads_parallel_factor, scale_fp32 = a[25] == 1, a[26], a[28]
    sliding_window_size, original_block_size = a[29], a[31]
    if get_arg_val(0) == _IDLE:
        return
    if (use_attention_sink or tilize_q or 0 < original_block_size < 32
            or Sk_chunk_t == 0):
        raise NotModelledError("sdpa_flash_decode.cpp: sinks, tilize_q, block padding, "
                               "and dynamic chunk sizes are not ported.")
    d = {k: globals()[k] for k in ("SUB_EXP_GRANULARITY", "DHT_GRANULARITY", "STATS_GRANULARITY",
                                   "MUL_BCAST_GRANULARITY", "EXP_APPROX_MODE") if k in globals()}
    do_reduce = get_arg_val(0) == 1
    cur_batch, core_num_in_reduce, cur_pos_arg = get_arg_val(3), get_arg_val(4), get_arg_val(6)
    is_tree_root = get_arg_val(7) == 1
    has_parent = get_arg_val(8) != _U32_MAX
    children_per_round = [get_arg_val(12 + r) for r in range(_MAX_ROUNDS)]
    apply_mask_at_last_chunk = do_reduce and is_causal
    cur_pos = St * 32 - 1
    if is_causal:
        if cur_pos_arg != _U32_MAX:
            cur_pos = cur_pos_arg
        else:
            cb_wait_front(cb_cur_pos, 1)
            # read_tile_value(cb_cur_pos, 0, user): the user's uint32 in the page at the read pointer
            cur_pos = int(l1_ptr(get_tile_address(cb_cur_pos, 0), np.uint32,
                                 cur_batch // q_heads_parallel_factor + 1)[cur_batch // q_heads_parallel_factor])
            cb_pop_front(cb_cur_pos, 1)
        if cur_pos == _U32_MAX:
            return
    _pst, k_num_chunks, k_chunk_start, k_chunk_end, window_start_unaligned, window_start_chunk = \
        get_workload_for_core(cur_pos, core_num_in_reduce, num_cores_per_head, Sk_chunk_t * 32, sliding_window_size)
    if k_chunk_start == k_chunk_end:
        return
    # the children that have data (a child core past the user's chunk count got none and sends nothing)
    active = [c if (c != _U32_MAX and c < k_num_chunks) else _U32_MAX for c in children_per_round]
    num_active_rounds = max((r + 1 for r, c in enumerate(active) if c != _U32_MAX), default=0)
    q_chunk_tiles = Sq_chunk_t * DHt
    out_chunk_tiles = Sq_chunk_t * vDHt
    qk_chunk_tiles = Sq_chunk_t * Sk_chunk_t
    compute_kernel_hw_startup[SrcOrder.Reverse](cb_q_in, cb_k_in, cb_qk_im)
    matmul_init(cb_q_in, cb_k_in)
    cb_wait_front(cb_q_in, q_chunk_tiles)
    for _head in range(num_heads_per_core):
        cb_cur_max, cb_prev_max, cb_cur_sum, cb_prev_sum = cb_max_1, cb_max_2, cb_sum_1, cb_sum_2
        cb_out_mm = cb_out_accumulate_im
        for k_chunk in range(k_chunk_start, k_chunk_end):
            reconfig_data_format(cb_k_in, cb_q_in)
            pack_reconfig_data_format(cb_qk_im)
            # QK = Q @ K^T
            CC.matmul_blocks(cb_q_in, cb_k_in, cb_qk_im, Sq_chunk_t, Sk_chunk_t, DHt, qk_num_blocks,
                             qk_in0_num_subblocks, qk_in1_num_subblocks, qk_in0_block_w, qk_subblock_h,
                             qk_subblock_w, True)
            # QK += MASK (the causal mask on the chunk holding cur_pos; the mask stays for the next head)
            if is_causal and k_chunk == k_chunk_end - 1 and apply_mask_at_last_chunk:
                reconfig_data_format(cb_qk_im, cb_mask_in)
                CC.add_block_inplace(cb_qk_im, cb_mask_in, qk_chunk_tiles, pop_in1=False)
            elif not is_causal and use_attention_mask:        # the reader's chunk of the provided mask
                reconfig_data_format(cb_qk_im, cb_mask_in)
                CC.add_block_inplace(cb_qk_im, cb_mask_in, qk_chunk_tiles, pop_in1=True)
            if k_chunk == window_start_chunk and window_start_unaligned > 0:      # the window's first chunk
                reconfig_data_format(cb_qk_im, cb_sliding_window_mask_in)
                CC.add_block_inplace(cb_qk_im, cb_sliding_window_mask_in, qk_chunk_tiles, pop_in1=False)
            reconfig_data_format(cb_qk_im, cb_identity_scale_in)
            pack_reconfig_data_format(cb_cur_max)
            DCC.reduce_c(PoolType.MAX, cb_qk_im, cb_identity_scale_in, Sq_chunk_t, cb_cur_max, cb_prev_max,
                         Sk_chunk_t, k_chunk > k_chunk_start)
            # QK = exp((QK - cur_max) * scale)
            reconfig_data_format(cb_qk_im, cb_cur_max)
            pack_reconfig_data_format(cb_qk_im)
            DCC.sub_exp_block_bcast_cols_inplace(cb_qk_im, Sq_chunk_t, scale_fp32, cb_cur_max, Sk_chunk_t, d)
            cb_wait_front(cb_qk_im, qk_chunk_tiles)
            reconfig_data_format(cb_qk_im, cb_identity_scale_in)
            pack_reconfig_data_format(cb_cur_sum)
            DCC.reduce_c(PoolType.SUM, cb_qk_im, cb_identity_scale_in, Sq_chunk_t, cb_cur_sum, cb_cur_sum,
                         Sk_chunk_t, False)
            # OUT_IM = QK @ V
            reconfig_data_format(cb_v_in, cb_qk_im)
            pack_reconfig_data_format(cb_out_im)
            CC.matmul_blocks(cb_qk_im, cb_v_in, cb_out_mm, Sq_chunk_t, vDHt, Sk_chunk_t, out_num_blocks,
                             out_in0_num_subblocks, out_in1_num_subblocks, out_in0_block_w, out_subblock_h,
                             out_subblock_w, False)
            reconfig_data_format_srca(cb_out_im)
            cb_pop_front(cb_qk_im, qk_chunk_tiles)
            if k_chunk == k_chunk_start:
                cb_out_mm = cb_out_im
            else:
                reconfig_data_format(cb_prev_max, cb_cur_max)
                pack_reconfig_data_format(cb_exp_max_diff)
                # EXP_MAX_DIFF = exp((PREV_MAX - CUR_MAX) * scale)
                DCC.sub_exp_block(scale_fp32, cb_prev_max, cb_cur_max, cb_exp_max_diff, Sq_chunk_t, d)
                cb_pop_front(cb_prev_max, Sq_chunk_t)
                # PREV_SUM *= EXP_MAX_DIFF
                DCC.mul_block_inplace(cb_prev_sum, cb_exp_max_diff, Sq_chunk_t)
                # OUT_ACC *= EXP_MAX_DIFF
                reconfig_data_format(cb_out_accumulate_im, cb_exp_max_diff)
                pack_reconfig_data_format(cb_out_accumulate_im)
                DCC.mul_block_bcast_cols_immediate(Sq_chunk_t, vDHt, cb_out_accumulate_im, cb_exp_max_diff,
                                                   cb_out_accumulate_im)
                # CUR_SUM += PREV_SUM
                reconfig_data_format(cb_cur_sum, cb_prev_sum)
                pack_reconfig_data_format(cb_cur_sum)
                CC.add_block_inplace(cb_cur_sum, cb_prev_sum, Sq_chunk_t)
                # OUT_ACC += OUT_IM
                reconfig_data_format(cb_out_accumulate_im, cb_out_im)
                pack_reconfig_data_format(cb_out_accumulate_im)
                CC.add_block_inplace(cb_out_accumulate_im, cb_out_im, out_chunk_tiles)
            reconfig_data_format(cb_cur_max, cb_cur_max)
            pack_reconfig_data_format(cb_prev_max)
            DCC.move_block(cb_cur_max, cb_prev_max, Sq_chunk_t)
            DCC.move_block(cb_cur_sum, cb_prev_sum, Sq_chunk_t)
        # the tree reduction: per round with a child, its (max, sum, output) merged into this core's
        for rnd in range(num_active_rounds):
            if active[rnd] == _U32_MAX:
                continue
            DCC.move_block(cb_l_in, cb_prev_sum_2, Sq_chunk_t)
            DCC.correction_block(scale_fp32, cb_m_in, cb_prev_sum_2, cb_cur_max, cb_prev_max, cb_cur_sum,
                                 cb_prev_sum, cb_exp_max_diff, cb_exp_max_diff_2, Sq_chunk_t, d)
            DCC.move_block(cb_out_o, cb_out_accumulate_im_2, out_chunk_tiles)
            DCC.mul_block_bcast_cols_inplace(Sq_chunk_t, vDHt, cb_out_accumulate_im, cb_exp_max_diff, d)
            DCC.mul_block_bcast_cols_inplace(Sq_chunk_t, vDHt, cb_out_accumulate_im_2, cb_exp_max_diff_2, d)
            CC.add_block_inplace(cb_out_accumulate_im, cb_out_accumulate_im_2, out_chunk_tiles)
            cb_pop_front(cb_prev_max, Sq_chunk_t)
            cb_pop_front(cb_m_in, Sq_chunk_t)
            DCC.move_block(cb_cur_max, cb_prev_max, Sq_chunk_t)
            DCC.move_block(cb_cur_sum, cb_prev_sum, Sq_chunk_t)
        if is_tree_root:
            # SUM = 1 / SUM (first column); OUT_ACC *= 1 / SUM
            reconfig_data_format(cb_prev_sum, cb_prev_sum)
            pack_reconfig_data_format(cb_prev_sum)
            CC.recip_block_inplace(cb_prev_sum, Sq_chunk_t)
            reconfig_data_format(cb_out_accumulate_im, cb_prev_sum)
            pack_reconfig_data_format(cb_out_accumulate_im)
            DCC.mul_block_bcast_cols_inplace(Sq_chunk_t, vDHt, cb_out_accumulate_im, cb_prev_sum, d)
            pack_reconfig_data_format(cb_out_final)
            # the C++ pops the last max unread; tensix's CB checks want it waited on (at once on hardware)
            cb_wait_front(cb_prev_max, Sq_chunk_t)
            cb_pop_front(cb_prev_max, Sq_chunk_t)
            DCC.move_block(cb_out_accumulate_im, cb_out_final, out_chunk_tiles)
        elif has_parent:        # the partial result, for the writer to send to the parent core
            DCC.move_block(cb_out_accumulate_im, cb_out_o, out_chunk_tiles)
            DCC.move_block(cb_prev_max, cb_out_m, Sq_chunk_t)
            DCC.move_block(cb_prev_sum, cb_out_l, Sq_chunk_t)
    cb_pop_front(cb_q_in, q_chunk_tiles)
