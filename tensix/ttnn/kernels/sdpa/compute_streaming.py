"""The streaming path of ttnn's SDPA compute kernel (sdpa_standard_v2 -> sdpa_inner_loop_step, single device: no ring,
no KV-pad rotation, no in-place latent V), ported call by call from tt-metal 622c6fb9
ttnn/cpp/ttnn/operations/transformer/sdpa/device/kernels/compute/compute_streaming.hpp. tt-metal runs it whenever
fp32_dest_acc_en is off (sdpa_program_factory.cpp can_use_streaming_compute), sdpa.cpp's default config.

Per Q chunk and K chunk (the K range narrowed to the causal diagonal / the sliding window, the last chunk's columns to
the diagonal or the valid K tiles: `active_Sk`):

- Phase 1, per QK row group (qkt_subblock_h Q tile rows): Q @ K^T packed straight into cb_qkt_im at the group's
  place, interleaved with the previous group's in-place exponential (so the FPU and the pack-thread SFPU overlap); the
  mask L1-accumulated onto the group (the dense provided mask streamed by the reader one Q tile row at a time, or the
  writer's lightweight palette: -inf, the causal diagonal, the sliding-window edges, the partial-K column tile);
  the group pushed with cb_push_back_hold_wr_ptr (visible to the unpacker, the write pointer kept at the chunk's
  base); its row max (pooled with the previous K chunk's).
- Phase 2: the last group's exponential, column subblock by column subblock, each followed by its part of the first
  P @ V row group (L1-accumulated across the column subblocks); then per P @ V row group (qktv_h rows): the previous
  group's correction exp((max_prev - max_cur) * scale) (first column), its P @ V, and the fused SALAD correction
  OUT_cur += OUT_prev * corr, SUM_cur += SUM_prev * corr (packer L1 accumulation); on the last K chunk each row is
  normalized as it completes (the row sum reduced by a matmul with the column identity, its reciprocal on the first
  column, the output row multiplied by it) into cb_out, which the writer drains row group by row group.

The exponentials are the standard kernel's (Schraudolph with the scale folded in, packer ReLU; the correction's
exp_21f on a 16-bit Dst); the sums and the output accumulate in L1 through the packer (bfloat16 CBs).

Where tensix differs from the card (timing only): the PACK->UNPACK semaphores (reduce_trigger, PACK_DONE) are not
modelled as such (tensix runs the compute kernel's three threads in program order, which is the order the
semaphores enforce); blocked packs (pack width >= 8) run as pack_tile<true> per tile; the no-MOP matmul and the
custom broadcast subtraction cost what matmul_block / sub_tiles_bcast_cols cost."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.kernel import _ctx
from tensix.kernel import sdpa_ops as X
from tensix.ttnn.kernels.sdpa.compute_common import (dest_auto_limit, remap_q_index,
                                                    sdpa_reduce_copy_tile_to_dst_init_short)

MIN_BLOCKED_PACK_TILES = 8      # Wormhole (compute_streaming.hpp)


def _fmt(cb_id):
    return _ctx.th.core.cbs[cb_id].fmt


def maybe_reconfig(srca_old, srca_new, srcb_old, srcb_new):
    """sdpa_maybe_reconfig_data_format<srca_old, srca_new, srcb_old, srcb_new>: reconfig_data_format only when a
    source format changes (the C++ decides it at compile time from the CB formats)."""
    if _fmt(srca_old) != _fmt(srca_new) or _fmt(srcb_old) != _fmt(srcb_new):
        reconfig_data_format(srca_old, srca_new, srcb_old, srcb_new)


def maybe_pack_reconfig(old_cb, new_cb):
    """sdpa_maybe_pack_reconfig_data_format<old, new>."""
    if _fmt(old_cb) != _fmt(new_cb):
        pack_reconfig_data_format(old_cb, new_cb)


def largest_factor_le(n, max_val):
    """largest_factor_le: the largest f in [2, max_val] dividing n, else 1."""
    for f in range(max_val, 1, -1):
        if n % f == 0:
            return f
    return 1


def streaming_qktv_h(subblock_h, subblock_w, dst_size, Sq_chunk_t):
    """sdpa_streaming_qktv.hpp streaming_qktv_h: two Q tile rows per P @ V group when a subblock is one row high and
    two fit Dst."""
    return 2 if (subblock_h == 1 and 2 * subblock_w <= dst_size and Sq_chunk_t >= 2) else subblock_h


def sliding_window_loop_geometry(window, is_causal):
    """sliding_window_geometry.hpp SlidingWindowLoopGeometry: (left, right) reach in tiles (ceil) of the K loop."""
    if window <= 0:
        return 0, 0
    half = window // 2
    left_tokens = (window - 1) if is_causal else half
    right_tokens = 0 if is_causal else half
    return -(-left_tokens // 32), -(-right_tokens // 32)


def pack_contiguous_rows(out_cb, row_base, row_count, row_stride, col_base, pack_width):
    """pack_contiguous_rows(_nocfg): Dst tiles in order onto rows row_base .. of out_cb (row stride row_stride),
    pack_width tiles a row from column col_base, out of order (pack_tile<true>, relative to the write pointer)."""
    d = 0
    for row in range(row_count):
        idx = (row_base + row) * row_stride + col_base
        for col in range(pack_width):
            pack_tile[True](d, out_cb, idx + col)
            d += 1


def blocked_matmul_and_pack(in0_cb, in1_cb, out_cb, in0_index_start, in1_index_start, row_subblock_idx,
                            out_col_offset, subblock_w, subblock_h, inner_dim, matmul_stride, transpose, in1_stride,
                            out_num_cols):
    """blocked_matmul_and_pack<transpose, in1_stride, out_num_cols>: one subblock_h x subblock_w output subblock over
    inner_dim inner tiles (matmul_block_no_mop), packed at its absolute place in out_cb."""
    tile_regs_acquire()
    for inner in range(inner_dim):
        X.matmul_block_no_mop(in0_cb, in1_cb, in0_index_start + inner, in1_index_start + inner * in1_stride, 0,
                              transpose, subblock_w, subblock_h, matmul_stride)
    tile_regs_commit()
    tile_regs_wait()
    pack_contiguous_rows(out_cb, row_subblock_idx * subblock_h, subblock_h, out_num_cols, out_col_offset, subblock_w)
    tile_regs_release()


def reduce_c_row_group(in0_cb, scale_cb, row_stride, out_cb, prev_cb, row_group_index, do_eltwise_max, sbh,
                       reduce_cols):
    """reduce_c_row_group<in0_cb, scale_cb, row_stride>: out (in order, sbh tiles) = the row max of the group's
    reduce_cols score tiles a row, pooled with prev's (copied in with the within-face transpose) when
    do_eltwise_max."""
    row_start = row_group_index * sbh
    tile_regs_acquire()
    if do_eltwise_max:
        cb_wait_front(prev_cb, (row_group_index + 1) * sbh)
        sdpa_reduce_copy_tile_to_dst_init_short(prev_cb)
        for i in range(sbh):
            copy_tile(prev_cb, row_start + i, i)
    cb_wait_front(in0_cb, (row_group_index + 1) * sbh * row_stride)
    X.reduce_block_max_row_init(out_cb, reduce_cols)
    for i in range(sbh):
        X.reduce_block_max_row(in0_cb, scale_cb, (row_start + i) * row_stride, i, reduce_cols)
    X.reduce_block_max_row_uninit(in0_cb)
    tile_regs_commit()
    tile_regs_wait()
    for i in range(sbh):
        pack_tile(i, out_cb)
    tile_regs_release()


def sub_exp_block_bcast_cols(inout_cb, max_cb, reduce_cb, cols_in_row, q_subblock, global_col_base, sbh, sbw):
    """sub_exp_block_bcast_cols<.., scale_fp32>: the sbh x sbw score tiles at (q_subblock's rows, global_col_base)
    become exp((s - max) * scale) in place (Schraudolph on the pack thread, packer ReLU), and each row's tiles are
    L1-accumulated onto reduce_cb's row tile (the first column subblock of a row starts it afresh)."""
    max_row_base = q_subblock * sbh
    X.sub_bcast_cols_init_short_custom(inout_cb, max_cb, sbw)
    cb_wait_front(max_cb, (q_subblock + 1) * sbh)
    tile_regs_acquire()
    d = 0
    for i in range(sbh):
        X.sub_tiles_bcast_cols_custom(inout_cb, max_cb, (max_row_base + i) * cols_in_row + global_col_base,
                                      max_row_base + i, d, sbw)
        d += sbw
    tile_regs_commit()
    tile_regs_wait()
    llk_pack_relu_config(ReluConfig.zero())
    with X.pack_thread_sfpu():
        for d in range(sbh * sbw):
            X.exp_packthread_tile_scaled(d)
    pack_contiguous_rows(inout_cb, max_row_base, sbh, cols_in_row, global_col_base, sbw)
    d = 0
    for i in range(sbh):
        llk_pack_reconfig_l1_acc(1 if global_col_base > 0 else 0)
        for j in range(sbw):
            pack_tile[True](d, reduce_cb, max_row_base + i)
            d += 1
            if global_col_base == 0 and j == 0:
                llk_pack_reconfig_l1_acc(1)
    tile_regs_release()
    llk_pack_relu_config(ReluConfig.none())
    llk_pack_reconfig_l1_acc(0)


def sub_exp_first_col_blocks(scale_fp32, in0_cb, in1_cb, out_cb, q_subblock, sbh, d):
    """sub_exp_first_col_blocks<.., scale_fp32>: out (in order, sbh tiles) = exp((in0 - in1) * scale) on the first
    column (exp_tile_first_column from the pack thread), tiles q_subblock * sbh .. of in0 / in1."""
    approx = d.get("EXP_APPROX_MODE", 0) == 1
    base = q_subblock * sbh
    sub_tiles_init(in0_cb, in1_cb)
    cb_wait_front(in0_cb, (q_subblock + 1) * sbh)
    cb_wait_front(in1_cb, (q_subblock + 1) * sbh)
    tile_regs_acquire()
    for i in range(sbh):
        sub_tiles(in0_cb, in1_cb, base + i, base + i, i)
    tile_regs_commit()
    tile_regs_wait()
    with X.pack_thread_sfpu():
        for i in range(sbh):
            X.exp_tile_first_column(i, approx, scale_fp32 >> 16)
    for i in range(sbh):
        pack_tile(i, out_cb)
    tile_regs_release()


def salad_correct_fused(sbh_t, sbw_t, dst_size, out_in_cb, sum_in_cb, bcast_cb, out_out_cb, sum_out_cb,
                        ob_q_subblock, sum_q_subblock, write_q_subblock):
    """salad_correct_fused<sbh_t, sbw_t, dst_size>: out_out[write rows] (+)= out_in[front rows] * bcast (column
    broadcast) and sum_out[write rows] (+)= sum_in[sum rows] * bcast, in Dst batches of col_batch output columns,
    the sum folded into the last batch when it fits (the caller has the packer's L1 accumulation on)."""
    col_batch = min(dst_size // sbh_t, sbw_t)
    last_out_cols = col_batch if sbw_t % col_batch == 0 else sbw_t % col_batch
    can_fuse_last = last_out_cols * sbh_t + sbh_t <= dst_size
    ob_row_base, sum_row_base = ob_q_subblock * sbh_t, sum_q_subblock * sbh_t
    write_row_base = write_q_subblock * sbh_t
    mul_bcast_cols_init_short(out_in_cb, bcast_cb)
    cb_wait_front(out_in_cb, (ob_q_subblock + 1) * sbh_t * sbw_t)
    cb_wait_front(sum_in_cb, (sum_q_subblock + 1) * sbh_t)
    cb_wait_front(bcast_cb, (ob_q_subblock + 1) * sbh_t)
    rem = sbw_t % col_batch
    for col_base in range(0, sbw_t, col_batch):
        cur_cols = col_batch if col_base + col_batch <= sbw_t else (rem if rem > 0 else col_batch)
        fuse_sum_here = can_fuse_last and col_base + cur_cols >= sbw_t
        tile_regs_acquire()
        d = 0
        for i in range(sbh_t):
            for j in range(cur_cols):
                mul_tiles_bcast_cols(out_in_cb, bcast_cb, (ob_row_base + i) * sbw_t + col_base + j, ob_row_base + i, d)
                d += 1
        if fuse_sum_here:
            for i in range(sbh_t):
                mul_tiles_bcast_cols(sum_in_cb, bcast_cb, sum_row_base + i, ob_row_base + i, d)
                d += 1
        tile_regs_commit()
        tile_regs_wait()
        pack_contiguous_rows(out_out_cb, write_row_base, sbh_t, sbw_t, col_base, cur_cols)
        d = sbh_t * cur_cols
        if fuse_sum_here:
            for i in range(sbh_t):
                pack_tile[True](d, sum_out_cb, write_row_base + i)
                d += 1
        tile_regs_release()
    if not can_fuse_last:
        tile_regs_acquire()
        for i in range(sbh_t):
            mul_tiles_bcast_cols(sum_in_cb, bcast_cb, sum_row_base + i, ob_row_base + i, i)
        tile_regs_commit()
        tile_regs_wait()
        for i in range(sbh_t):
            pack_tile[True](i, sum_out_cb, write_row_base + i)
        tile_regs_release()


def normalize_row_streaming(p, d, cur_sum_cb, cur_out_cb, sbh, cur_max_cb, sink_row_offset):
    """normalize_row_streaming<..>: per Q tile row of the group, 1 / (row sum) (the sum tile times the column
    identity, with the attention sink's exp((sink - max) * scale) added, then the first-column reciprocal) into the
    one-tile scratch CB, and the output row times it (column broadcast) into cb_out."""
    vDHt = p["vDHt"]
    col_identity_cb, scratch_cb, normalized_out_cb = p["cb_col_identity"], p["cb_recip_scratch"], p["cb_out"]
    use_sink, cb_sink = p["use_attention_sink"], p["cb_attention_sink"]
    dst_size = dest_auto_limit()
    approx = d.get("EXP_APPROX_MODE", 0) == 1
    if use_sink:
        cb_wait_front(cb_sink, sbh)
        cb_wait_front(cur_max_cb, sink_row_offset + sbh)
    for s in range(sbh):
        matmul_block_init(cur_sum_cb, col_identity_cb, 0, 1, 1, 1)
        maybe_reconfig(normalized_out_cb, col_identity_cb, normalized_out_cb, scratch_cb)
        maybe_pack_reconfig(normalized_out_cb, scratch_cb)
        cb_wait_front(col_identity_cb, 1)
        cb_wait_front(cur_sum_cb, 1)
        cb_reserve_back(scratch_cb, 1)
        tile_regs_acquire()
        matmul_block(cur_sum_cb, col_identity_cb, 0, 0, 0, 0, 1, 1, 1)
        if use_sink:
            sub_bcast_cols_init_short(cb_sink, cur_max_cb)
            sub_tiles_bcast_cols(cb_sink, cur_max_cb, s, sink_row_offset + s, 1)
            # llk_math_eltwise_unary_sfpu_init<SfpuType::exponential>(): the generic unary SFPU setup
            X.exp_tile_init_default(approx)
            X.exp_tile_first_column(1, approx, p["scale_fp32"] >> 16)
            add_binary_tile_init()
            add_binary_tile(0, 1, 0)
        recip_tile_init(version="622c6fb9")
        X.recip_tile_first_column_wh_idst0_direct()
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, scratch_cb)
        tile_regs_release()
        cb_push_back(scratch_cb, 1)
        cb_pop_front(cur_sum_cb, 1)

        batch = min(vDHt, dst_size)
        mul_bcast_cols_init_short(cur_out_cb, scratch_cb)
        maybe_pack_reconfig(scratch_cb, normalized_out_cb)
        cb_wait_front(cur_out_cb, vDHt)
        cb_wait_front(scratch_cb, 1)
        cb_reserve_back(normalized_out_cb, vDHt)
        for base in range(0, vDHt, batch):
            cur_batch = batch if base + batch <= vDHt else vDHt % batch
            tile_regs_acquire()
            for j in range(cur_batch):
                mul_tiles_bcast_cols(cur_out_cb, scratch_cb, base + j, 0, j)
            tile_regs_commit()
            tile_regs_wait()
            for j in range(cur_batch):
                pack_tile(j, normalized_out_cb)
            tile_regs_release()
        cb_push_back(normalized_out_cb, vDHt)
        cb_pop_front(scratch_cb, 1)
        cb_pop_front(cur_out_cb, vDHt)
    if use_sink:
        cb_pop_front(cb_sink, sbh)
    maybe_pack_reconfig(normalized_out_cb, scratch_cb)


# ---- masks -----------------------------------------------------------------------------------------------------------
def l1_acc_single_tile(mask_cb, tile_idx, out_cb, out_pos):
    """l1_acc_single_tile: mask tile tile_idx packed (L1-accumulated by the caller's setting) onto out's page."""
    tile_regs_acquire()
    copy_tile(mask_cb, tile_idx, 0)
    tile_regs_commit()
    tile_regs_wait()
    pack_tile[True](0, out_cb, out_pos)
    tile_regs_release()


def l1_acc_tile_run(mask_cb, mask_base, out_cb, out_base, count):
    """l1_acc_tile_run: mask tiles mask_base .. onto out pages out_base .., DEST_AUTO_LIMIT tiles a Dst section."""
    k = dest_auto_limit()
    for i in range(0, count, k):
        batch = min(count - i, k)
        tile_regs_acquire()
        for j in range(batch):
            copy_tile(mask_cb, mask_base + i + j, j)
        tile_regs_commit()
        tile_regs_wait()
        for j in range(batch):
            pack_tile[True](j, out_cb, out_base + i + j)
        tile_regs_release()


class _Stamper:
    """RowMaskStamper: one Q tile row's stamps, columns clamped to [0, mask_cols)."""

    def __init__(self, mask_cb, out_cb, neginf_idx, row_offset, mask_cols):
        self.mask_cb, self.out_cb, self.neginf_idx = mask_cb, out_cb, neginf_idx
        self.row_offset, self.mask_cols = row_offset, mask_cols

    def stamp_tile_at(self, col, tile_idx):
        if 0 <= col < self.mask_cols:
            l1_acc_single_tile(self.mask_cb, tile_idx, self.out_cb, self.row_offset + col)

    def neginf_prefix(self, end):
        for col in range(0, min(max(end, 0), self.mask_cols)):
            l1_acc_single_tile(self.mask_cb, self.neginf_idx, self.out_cb, self.row_offset + col)

    def neginf_suffix(self, start):
        for col in range(min(max(start, 0), self.mask_cols), self.mask_cols):
            l1_acc_single_tile(self.mask_cb, self.neginf_idx, self.out_cb, self.row_offset + col)


def apply_lightweight_mask_streaming(num_cols, is_causal, window, mask_cb, out_cb, q_subblock, num_padded,
                                     has_partial, partial_tile_idx, sbh, apply_causal, lw, q_start_tile,
                                     k_start_tile, active_Sk, apply_sliding_window):
    """apply_lightweight_mask_streaming<num_cols, is_causal, false, .., window> (no KV-pad rotation, no chunked
    straddle): per Q tile row of the group, the sliding window's leading edge, the causal diagonal (or the non-causal
    window's trailing edge), then the padding (the partial-K column tile, -inf on the fully padded columns)."""
    half = window // 2
    if window > 0:
        lead_base = window // 32 if is_causal else half // 32
        lead_rem = window % 32 if is_causal else half % 32
        trail_base, trail_rem = (0, 0) if is_causal else (half // 32, half % 32)
    for row in range(sbh):
        row_offset = (q_subblock * sbh + row) * num_cols
        if (is_causal or window > 0) and (apply_causal or apply_sliding_window):
            q_pos = q_start_tile + q_subblock * sbh + row
            st = _Stamper(mask_cb, out_cb, lw["neginf"], row_offset, active_Sk)
            if window > 0 and apply_sliding_window:
                lead_col = q_pos - lead_base - k_start_tile
                if lead_rem == 0:
                    st.neginf_prefix(lead_col)
                    st.stamp_tile_at(lead_col, lw["leading"])
                else:
                    st.neginf_prefix(lead_col - 1)
                    st.stamp_tile_at(lead_col - 1, lw["leading_prev"])
                    st.stamp_tile_at(lead_col, lw["leading"])
            if apply_causal:
                diag_col = q_pos - k_start_tile
                if diag_col < 0:
                    st.neginf_suffix(0)
                elif diag_col < active_Sk:
                    st.stamp_tile_at(diag_col, lw["diag"])
                    st.neginf_suffix(diag_col + 1)
            elif window > 0 and not is_causal and apply_sliding_window:
                trail_col = q_pos + trail_base - k_start_tile
                if trail_rem == 0:
                    if trail_col < 0:
                        st.neginf_suffix(0)
                    elif trail_col < active_Sk:
                        st.stamp_tile_at(trail_col, lw["diag"])
                        st.neginf_suffix(trail_col + 1)
                elif trail_col < -1:
                    st.neginf_suffix(0)
                else:
                    st.stamp_tile_at(trail_col, lw["diag"])
                    st.stamp_tile_at(trail_col + 1, lw["trailing_next"])
                    st.neginf_suffix(trail_col + 2)
        boundary_col = num_cols - num_padded - (1 if has_partial else 0)
        if has_partial:
            l1_acc_single_tile(mask_cb, partial_tile_idx, out_cb, row_offset + boundary_col)
        for col in range(num_cols - num_padded, num_cols):
            l1_acc_single_tile(mask_cb, lw["neginf"], out_cb, row_offset + col)


# ---- the inner step and the Q / K loops ------------------------------------------------------------------------------
class _Half:
    """AccumulatorHalf: one side of the ping-pong (sum, max, out CBs)."""

    def __init__(self, s, m, o):
        self.sum, self.max, self.out = s, m, o


def sdpa_inner_loop_step(p, d, prev, cur, is_last, is_first, apply_mask, lw_partial_tile_idx, active_Sk,
                         actual_sbw, apply_causal, q_start_tile, k_start_tile, apply_sliding_window):
    """sdpa_inner_loop_step<..> for one (Q chunk, K chunk) of sdpa_standard_v2 (ring_mode false, KT_stride =
    Sk_chunk_t, materialized V, no save CBs)."""
    Sq, Sk, DHt, vDHt = p["Sq_chunk_t"], p["Sk_chunk_t"], p["DHt"], p["vDHt"]
    sbh, scale_fp32 = p["qk_subblock_h"], p["scale_fp32"]
    cb_q_in, cb_kt_in, cb_v_in, cb_qkt_im = p["cb_q_in"], p["cb_k_in"], p["cb_v_in"], p["cb_qk_im"]
    cb_identity, cb_exp_max_diff = p["cb_identity_scale_in"], p["cb_exp_max_diff"]
    cb_recip_scratch, cb_out, cb_mask_in = p["cb_recip_scratch"], p["cb_out"], p["cb_mask_in"]
    use_provided_mask, is_causal, window = p["use_provided_mask"], p["is_causal"], p["sliding_window_size"]
    lw = p["lw"]
    KT = Sk
    kt_num_full_subblocks = active_Sk // actual_sbw
    dst_size = dest_auto_limit()
    q_num_subblocks = Sq // sbh
    q_subblock_num_tiles = sbh * DHt
    row_tiles = sbh * KT
    q_wait_tiles, q_index_offset = q_subblock_num_tiles, 0

    X.exp_packthread_tile_init_scaled(scale_fp32)
    cb_reserve_back(cb_qkt_im, Sq * KT)
    cb_reserve_back(cur.sum, Sq)
    # Phase 1: Q @ K^T into cb_qkt_im, row group by row group
    cb_wait_front(cb_kt_in, DHt * KT)
    for q_subblock in range(q_num_subblocks):
        cb_wait_front(cb_q_in, q_wait_tiles)
        kt_index_offset = 0
        maybe_pack_reconfig(cb_out, cb_qkt_im)
        maybe_reconfig(cb_qkt_im, cb_kt_in, cb_identity, cb_q_in)
        X.mm_no_mop_init_short(cb_q_in, cb_kt_in, True, actual_sbw, sbh, DHt)
        for kt_subblock in range(kt_num_full_subblocks):
            if q_subblock > 0:
                # the previous group's exponential, one column subblock ahead of this group's matmul
                maybe_reconfig(cb_kt_in, cb_qkt_im, cb_q_in, cb_qkt_im)
                sub_exp_block_bcast_cols(cb_qkt_im, cur.max, cur.sum, KT, q_subblock - 1, kt_subblock * actual_sbw,
                                         sbh, actual_sbw)
                maybe_pack_reconfig(cb_recip_scratch, cb_qkt_im)
                maybe_reconfig(cb_qkt_im, cb_kt_in, cb_qkt_im, cb_q_in)
                X.mm_no_mop_reinit_short(cb_q_in, cb_kt_in, True, actual_sbw, sbh, DHt)
            blocked_matmul_and_pack(cb_q_in, cb_kt_in, cb_qkt_im, q_index_offset, kt_index_offset, q_subblock,
                                    kt_subblock * actual_sbw, actual_sbw, sbh, DHt, DHt, True, KT, KT)
            kt_index_offset += actual_sbw
        maybe_reconfig(cb_kt_in, cb_qkt_im, cb_q_in, cb_qkt_im)
        if use_provided_mask:
            mask_tiles = sbh * Sk
            cb_wait_front(cb_mask_in, mask_tiles)
            copy_tile_to_dst_init_short_with_dt(cb_qkt_im, cb_mask_in)     # begin_mask_l1_accumulate<true>
            llk_pack_reconfig_l1_acc(1)
            for row in range(sbh):
                l1_acc_tile_run(cb_mask_in, row * Sk, cb_qkt_im, (q_subblock * sbh + row) * KT, active_Sk)
            llk_pack_reconfig_l1_acc(0)
            reconfig_data_format_srca(cb_mask_in, cb_qkt_im)
            cb_pop_front(cb_mask_in, mask_tiles)
        elif is_causal or p["use_padded_mask"] or window > 0:
            if (is_causal and apply_causal) or apply_sliding_window or (apply_mask and lw_partial_tile_idx > 0):
                copy_tile_to_dst_init_short(cb_mask_in)                     # begin_mask_l1_accumulate<false>
                llk_pack_reconfig_l1_acc(1)
                apply_lightweight_mask_streaming(KT, is_causal, window, cb_mask_in, cb_qkt_im, q_subblock,
                                                 Sk - active_Sk, apply_mask and lw_partial_tile_idx > 0,
                                                 lw_partial_tile_idx, sbh, apply_causal, lw, q_start_tile,
                                                 k_start_tile, active_Sk, apply_sliding_window)
                llk_pack_reconfig_l1_acc(0)
        X.cb_push_back_hold_wr_ptr(cb_qkt_im, row_tiles)
        cb_reserve_back(cur.max, sbh)
        reduce_c_row_group(cb_qkt_im, cb_identity, KT, cur.max, prev.max, q_subblock, not is_first, sbh, active_Sk)
        cb_push_back(cur.max, sbh)
        q_index_offset += sbh * DHt
        q_wait_tiles += q_subblock_num_tiles
    cb_pop_front(cb_kt_in, DHt * KT)
    if is_last:
        cb_pop_front(cb_q_in, Sq * DHt)

    # Phase 2: the last group's exponential + P @ V + SALAD (+ normalization on the last K chunk)
    qktv_sbh, qktv_sbw = p["out_subblock_h"], p["out_subblock_w"]
    qktv_h = streaming_qktv_h(qktv_sbh, qktv_sbw, dst_size, Sq)
    qktv_rem_h = Sq % qktv_h
    qktv_q_num_subblocks = Sq // qktv_h
    qktv_v_num_subblocks = vDHt // qktv_sbw
    qktv_in0_row_tiles = qktv_h * KT
    qktv_in0_index_offset, qktv_in0_wait_tiles = 0, qktv_in0_row_tiles
    out_cb = cur.out
    cb_reserve_back(out_cb, Sq * vDHt)
    matmul_inner = actual_sbw
    for kt_sub in range(kt_num_full_subblocks):
        sub_exp_block_bcast_cols(cb_qkt_im, cur.max, cur.sum, KT, q_num_subblocks - 1, kt_sub * actual_sbw, sbh,
                                 actual_sbw)
        if kt_sub == 0:
            cb_wait_front(cb_qkt_im, qktv_in0_wait_tiles)
            cb_wait_front(cb_v_in, Sk * vDHt)
        if kt_sub > 0:
            llk_pack_reconfig_l1_acc(1)
        maybe_reconfig(cb_out, cb_v_in, cb_out, cb_qkt_im)
        X.mm_no_mop_reinit_short(cb_qkt_im, cb_v_in, False, qktv_sbw, qktv_h, KT)
        v_index_offset = 0
        for v_subblock in range(qktv_v_num_subblocks):
            blocked_matmul_and_pack(cb_qkt_im, cb_v_in, out_cb, qktv_in0_index_offset + kt_sub * matmul_inner,
                                    kt_sub * matmul_inner * vDHt + v_index_offset, 0, v_subblock * qktv_sbw, qktv_sbw,
                                    qktv_h, matmul_inner, KT, False, vDHt, vDHt)
            v_index_offset += qktv_sbw
        maybe_reconfig(cb_v_in, cb_qkt_im, cb_qkt_im, cb_qkt_im)
        if kt_sub > 0:
            llk_pack_reconfig_l1_acc(0)
    qktv_in0_index_offset += qktv_h * KT
    qktv_in0_wait_tiles += qktv_in0_row_tiles

    state = {"pushed": 0, "sink_row_offset": 0}

    def push_rows(h):
        cb_push_back(cur.sum, h)
        cb_push_back(out_cb, h * vDHt)

    def normalize_row(h):
        push_rows(h)
        normalize_row_streaming(p, d, cur.sum, out_cb, h, cur.max, state["sink_row_offset"])
        if p["use_attention_sink"]:
            state["sink_row_offset"] += h
        state["pushed"] += 1

    def finish_row(h):
        if is_last:
            normalize_row(h)
        else:
            push_rows(h)
            state["pushed"] += 1

    def salad_correct_row(salad_row, w_salad, h):
        llk_pack_reconfig_l1_acc(1)
        salad_correct_fused(h, vDHt, dst_size, prev.out, prev.sum, cb_exp_max_diff, out_cb, cur.sum, 0, salad_row,
                            w_salad)
        cb_pop_front(cb_exp_max_diff, h)
        cb_pop_front(prev.out, h * vDHt)
        llk_pack_reconfig_l1_acc(0)

    def correction(salad_row, h):
        cb_reserve_back(cb_exp_max_diff, h)
        sub_exp_first_col_blocks(scale_fp32, prev.max, cur.max, cb_exp_max_diff, salad_row, h, d)
        cb_push_back(cb_exp_max_diff, h)

    total_v_row_groups = qktv_q_num_subblocks + (1 if qktv_rem_h else 0)
    X.exp_packthread_tile_init_default(d.get("EXP_APPROX_MODE", 0) == 1)
    for q_subblock in range(1, total_v_row_groups):
        is_rem = qktv_rem_h != 0 and q_subblock == qktv_q_num_subblocks
        cur_h = qktv_rem_h if is_rem else qktv_h
        salad_row = q_subblock - 1
        w_salad = salad_row - state["pushed"]
        w_q = (qktv_q_num_subblocks - state["pushed"]) * qktv_h if is_rem else q_subblock - state["pushed"]
        if not is_first:
            correction(salad_row, qktv_h)
        cb_wait_front(cb_qkt_im, Sq * KT if is_rem else qktv_in0_wait_tiles)
        maybe_reconfig(cb_out, cb_v_in, cb_out, cb_qkt_im)
        X.mm_no_mop_reinit_short(cb_qkt_im, cb_v_in, False, qktv_sbw, cur_h, KT)
        v_index_offset = 0
        for v_subblock in range(qktv_v_num_subblocks):
            blocked_matmul_and_pack(cb_qkt_im, cb_v_in, out_cb, qktv_in0_index_offset, v_index_offset, w_q,
                                    v_subblock * qktv_sbw, qktv_sbw, cur_h, active_Sk, KT, False, vDHt, vDHt)
            v_index_offset += qktv_sbw
        maybe_reconfig(cb_v_in, cb_qkt_im, cb_qkt_im, cb_qkt_im)
        if not is_first:
            if q_subblock == total_v_row_groups - 1:
                # the drain's correction hoisted here, so both SALADs run back to back
                drain_h = qktv_rem_h if qktv_rem_h else qktv_h
                drain_salad_row = qktv_q_num_subblocks * qktv_h if qktv_rem_h else qktv_q_num_subblocks - 1
                correction(drain_salad_row, drain_h)
                salad_correct_row(salad_row, w_salad, qktv_h)
                finish_row(qktv_h)
                drain_w = ((qktv_q_num_subblocks - state["pushed"]) * qktv_h if qktv_rem_h
                           else qktv_q_num_subblocks - 1 - state["pushed"])
                salad_correct_row(drain_salad_row, drain_w, drain_h)
                finish_row(drain_h)
            else:
                salad_correct_row(salad_row, w_salad, qktv_h)
                finish_row(qktv_h)
        else:
            finish_row(qktv_h)
        qktv_in0_index_offset += cur_h * KT
        qktv_in0_wait_tiles += cur_h * KT
    drain_h = qktv_rem_h if qktv_rem_h else qktv_h
    if total_v_row_groups == 1:
        if not is_first:
            correction(0, drain_h)
            salad_correct_row(0, 0, drain_h)
        finish_row(drain_h)
    elif is_first:
        finish_row(drain_h)
    cb_pop_front(cb_v_in, KT * vDHt)
    cb_pop_front(cb_qkt_im, Sq * KT)


def sdpa_standard_v2(p, d):
    """sdpa_standard_v2: this core's flat Q-chunk range; per Q chunk the K chunks from the window's start to the causal
    diagonal / the window's end / the sequence's end, the last chunk narrowed to its active K tiles."""
    Sq, Sk = p["Sq_chunk_t"], p["Sk_chunk_t"]
    valid_Skt, k_num_chunks, q_num_chunks = p["valid_Skt"], p["k_num_chunks"], p["q_num_chunks"]
    is_causal, window = p["is_causal"], p["sliding_window_size"]
    use_padded_mask, use_provided_mask = p["use_padded_mask"], p["use_provided_mask"]
    sbw = p["qk_subblock_w"]
    lw = p["lw"]
    left_tiles, right_tiles = sliding_window_loop_geometry(window, is_causal)
    padded_k_tiles_inner = (Sk - valid_Skt % Sk) % Sk
    if use_padded_mask and padded_k_tiles_inner > 0 and not use_provided_mask:
        cb_wait_front(p["cb_mask_in"], 1)
    last_chunk_Sk = Sk - padded_k_tiles_inner
    padded_sbw = (largest_factor_le(last_chunk_Sk, sbw)
                  if last_chunk_Sk < Sk and last_chunk_Sk % sbw != 0 else sbw)
    for q in range(p["global_q_count"]):
        prev = _Half(p["cb_sum_A"], p["cb_max_A"], p["cb_out_im_A"])
        cur = _Half(p["cb_sum_B"], p["cb_max_B"], p["cb_out_im_B"])
        q_chunk_local = p["global_q_start"] + q
        q_start_tile, k_loop_start, k_loop_end = 0, 0, k_num_chunks
        if is_causal or window > 0:
            q_chunk_local = remap_q_index(q_chunk_local, q_num_chunks, p["use_zigzag_balancing"]) % q_num_chunks
            q_start_tile = (q_chunk_local + p["chunked_q_chunk_offset"]) * Sq
            if is_causal:
                k_loop_end = min((q_start_tile + Sq + Sk - 1) // Sk, k_num_chunks)
            if window > 0:
                if q_start_tile > left_tiles:
                    k_loop_start = (q_start_tile - left_tiles) // Sk
                if not is_causal:
                    k_loop_end = min((q_start_tile + Sq + right_tiles + Sk - 1) // Sk, k_num_chunks)
        for k_chunk in range(k_loop_start, k_loop_end):
            is_first, is_last = k_chunk == k_loop_start, k_chunk == k_loop_end - 1
            is_padded = (not is_causal and not use_provided_mask and k_chunk == k_num_chunks - 1
                         and padded_k_tiles_inner > 0)
            active_Sk = last_chunk_Sk if is_padded else Sk
            chunk_sbw = padded_sbw if is_padded else sbw
            apply_partial = apply_sliding = False
            apply_causal = is_causal
            target = active_Sk
            if use_padded_mask and not is_causal and not use_provided_mask:
                if k_chunk == k_num_chunks - 1 and lw["partial_col"] > 0:
                    target = Sk - lw["n_padded_tiles"]
                    apply_partial = True
            if window > 0:
                k_start_tile = k_chunk * Sk
                trailing_end = q_start_tile + Sq if is_causal else q_start_tile + Sq + right_tiles
                apply_sliding = True
                if is_causal:
                    apply_causal = q_start_tile < k_start_tile + Sk and q_start_tile + Sq > k_start_tile
                if is_last and trailing_end > k_start_tile:
                    target = min(target, trailing_end - k_start_tile)
            elif is_causal and is_last:
                target = q_start_tile + Sq - k_chunk * Sk
            if target < active_Sk:
                active_Sk = target
                chunk_sbw = largest_factor_le(active_Sk, sbw)
            sdpa_inner_loop_step(p, d, prev, cur, is_last, is_first, apply_partial,
                                 lw["partial_idx"] if apply_partial else 0, active_Sk, chunk_sbw, apply_causal,
                                 q_start_tile, k_chunk * Sk, apply_sliding)
            if not is_first:
                cb_pop_front(prev.max, Sq)
                cb_pop_front(prev.sum, Sq)
            if is_last:
                cb_pop_front(cur.max, Sq)
            else:
                prev, cur = cur, prev
