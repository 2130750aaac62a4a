"""The helpers of ttnn's SDPA compute kernel that its standard (non-streaming) path calls, and that path itself
(sdpa_inner_loop<STANDARD>, sdpa_standard), ported call by call from tt-metal 622c6fb9
ttnn/cpp/ttnn/operations/transformer/sdpa/device/kernels/compute/compute_common.hpp.

The kernel's defines (STATS_GRANULARITY, SUB_EXP_GRANULARITY, DHT_GRANULARITY, REDUCE_GRANULARITY, EXP_APPROX_MODE)
come in `D` (the compute kernel's globals), its template parameters as arguments. Flash attention per Q chunk:
QK = Q @ K^T (matmul_blocks, K read transposed), the causal stamp (L1-accumulated -inf / diagonal tiles) or the
provided mask added, the running row max (reduce_c: MAX along rows, then the previous max pooled in), P = exp((QK -
max) * scale) in place with the partial row sums L1-accumulated (the scale fused into Schraudolph's exponential),
OUT_cur = P @ V, then the correction exp((max_prev - max_cur) * scale) applied to the previous sums and output
(L1-accumulated onto the current one); at the end the sums reduced within the tile (a matmul by the column
identity), inverted (first column), and the output scaled by them.

With an attention sink, after the K chunks the sink tiles (the head's logit in column 0, -inf elsewhere) are
folded in as a virtual K chunk: into the max, the correction and the sum, not into the output.

Not ported (the program factory refuses them): the RING / JOINT variants, the flexible chunked mode (a chunk-start
tensor), the padding stamps of the lightweight mask (STANDARD never uses them)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.kernel import _ctx
from tensix.kernel import sdpa_ops as X


def granularity(tile_count, define, d):
    """`dst_tiles, granularity` of the kernel's `#ifdef X_GRANULARITY` blocks."""
    g = d.get(define)
    if g is None:
        return 1, tile_count
    return (tile_count if tile_count < g else g), (tile_count // g if tile_count >= g else 1)


def dest_auto_limit():
    """compute_kernel_lib::DEST_AUTO_LIMIT (dest_helpers.hpp) for this kernel's Dst mode."""
    cs = _ctx.th.compute
    return (4 if cs.fp32 else 8) * (2 if cs.full else 1)


def sdpa_reduce_copy_tile_to_dst_init_short(cbid):
    """sdpa_reduce_copy_tile_to_dst_init_short: copy_tile's unpack A with the within-face transpose (and the A2D
    datacopy), so that a running max copied into Dst sits where reduce_block_max_row reads it."""
    copy_tile_to_dst_init_short(cbid, 0, 1)


def reduce_c(in0_cb, scale_cb, rows, cols, out_cb, prev_cb, do_eltwise_max, d):
    """reduce_c<MAX, REDUCE_ROW, in0_cb, scale_cb, rows, cols>(out_cb, prev_cb, do_eltwise_max): out = the row max
    of the rows x cols tiles of in0 (pooled onto prev when do_eltwise_max), REDUCE_GRANULARITY rows per Dst
    section."""
    g = d.get("REDUCE_GRANULARITY")
    dst_tiles = 1 if g is None else (rows if rows < g else g)
    gran = rows if g is None else (rows // g if rows >= g else 1)
    cb_wait_front(scale_cb, 1)
    cb_reserve_back(out_cb, rows)
    num_tiles_to_wait = dst_tiles * cols
    in0_wait_tiles = num_tiles_to_wait
    row_start_idx = 0
    for gi in range(gran):
        cb_wait_front(in0_cb, in0_wait_tiles)
        tile_regs_acquire()
        if do_eltwise_max:
            cb_wait_front(prev_cb, gi * dst_tiles)
            sdpa_reduce_copy_tile_to_dst_init_short(prev_cb)
            for i in range(dst_tiles):
                copy_tile(prev_cb, row_start_idx + i, i)
        X.reduce_block_max_row_init(out_cb, cols)
        for i in range(dst_tiles):
            X.reduce_block_max_row(in0_cb, scale_cb, (row_start_idx + i) * cols, i, cols)
        X.reduce_block_max_row_uninit(in0_cb)
        tile_regs_commit()
        tile_regs_wait()
        for i in range(dst_tiles):
            pack_tile[True](i, out_cb, row_start_idx + i)
        tile_regs_release()
        row_start_idx += dst_tiles
        in0_wait_tiles += num_tiles_to_wait
    cb_push_back(out_cb, rows)


def recip_block_inplace(in_cb, num_tiles):
    """in_cb = 1 / in_cb on the first column (recip_tile_first_column)."""
    copy_tile_to_dst_init_short(in_cb)
    recip_tile_init(version="622c6fb9")
    reconfig_data_format_srca(in_cb)
    pack_reconfig_data_format(in_cb)
    cb_wait_front(in_cb, num_tiles)
    for i in range(num_tiles):
        tile_regs_acquire()
        copy_tile(in_cb, i, 0)
        X.recip_tile_first_column(0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile[True](0, in_cb, i)      # the C++'s in-order pack over the full CB: page i of its front
        tile_regs_release()
    cb_pop_front(in_cb, num_tiles)
    cb_reserve_back(in_cb, num_tiles)
    cb_push_back(in_cb, num_tiles)


def sub_exp_block_bcast_cols_inplace(in0_cb, rows, scale_fp32, in1_cb, reduce_cb, cols, d, write_result_inplace=True):
    """sub_exp_block_bcast_cols_inplace<in0_cb, rows, scale_fp32, write_result_inplace, do_reduce = true>(in1_cb,
    reduce_cb, cols): exp((in0 - in1 column-broadcast) * scale) (Schraudolph, no input clamp; the packer's ReLU zeroes
    its negative results for inputs below ~-88) written back over in0 (write_result_inplace), and reduce_cb's row
    tiles = the sum of each row's tiles, L1-accumulated by the packer."""
    sub_bcast_cols_init_short(in0_cb, in1_cb)
    X.exp_tile_init_scaled(scale_fp32)
    llk_pack_relu_config(ReluConfig.zero())
    cb_wait_front(in0_cb, rows * cols)
    cb_wait_front(in1_cb, rows)
    cb_reserve_back(reduce_cb, rows)
    dst_tiles, gran = granularity(cols, "SUB_EXP_GRANULARITY", d)
    for i in range(rows):
        for u in range(gran):
            tile_regs_acquire()
            for j in range(dst_tiles):
                sub_tiles_bcast_cols(in0_cb, in1_cb, j, i, j)
                X.exp_tile_scaled(j, 32, "None")
            tile_regs_commit()
            if write_result_inplace:
                cb_pop_front(in0_cb, dst_tiles)
                cb_reserve_back(in0_cb, dst_tiles)
            tile_regs_wait()
            if write_result_inplace:
                for j in range(dst_tiles):
                    pack_tile(j, in0_cb)
                cb_push_back(in0_cb, dst_tiles)
            if u > 0:
                llk_pack_reconfig_l1_acc(1)
            for j in range(dst_tiles):
                pack_tile[True](j, reduce_cb, i)
                if u == 0 and j == 0:
                    llk_pack_reconfig_l1_acc(1)
            tile_regs_release()
            llk_pack_reconfig_l1_acc(0)
    cb_push_back(reduce_cb, rows)
    llk_pack_relu_config(ReluConfig.none())


def mul_block_bcast_cols(rows, cols, pack_accumulate, in0_cb, in1_cb, out_cb, d):
    """mul_block_bcast_cols<rows, cols, immediate_pop = false, pack_accumulate>(in0, in1, out): out = in0 * in1
    (column broadcast); with pack_accumulate the packer adds onto out's tiles (L1 accumulation), which out keeps."""
    num_tiles = rows * cols
    mul_bcast_cols_init_short(in0_cb, in1_cb)
    cb_wait_front(in0_cb, num_tiles)
    cb_wait_front(in1_cb, rows)
    dst_tiles, gran = granularity(cols, "DHT_GRANULARITY", d)
    llk_pack_reconfig_l1_acc(1 if pack_accumulate else 0)
    if not pack_accumulate:
        cb_reserve_back(out_cb, num_tiles)
    else:
        # out holds num_tiles this kernel pushed (the matmul just before): the C++ packs onto them and pops them
        # without waiting (its own pushes are there); tensix's CB checks want the pages waited on first, which on
        # hardware returns at once
        cb_wait_front(out_cb, num_tiles)
    in0_index = 0
    out_index = 0
    for i in range(rows):
        for _u in range(gran):
            tile_regs_acquire()
            for j in range(dst_tiles):
                mul_tiles_bcast_cols(in0_cb, in1_cb, in0_index, i, j)
                in0_index += 1
            tile_regs_commit()
            tile_regs_wait()
            for j in range(dst_tiles):
                if pack_accumulate:
                    # the C++ packs in order onto out's front pages (pushed, not reserved): the packer's tile
                    # pointer walks them from the write pointer, which on this full single-chunk CB is the read
                    # pointer; pack_tile<true> at the same page writes the same L1
                    pack_tile[True](j, out_cb, out_index)
                else:
                    pack_tile(j, out_cb)
                out_index += 1
            tile_regs_release()
    cb_pop_front(in1_cb, rows)
    cb_pop_front(in0_cb, num_tiles)
    if pack_accumulate:
        llk_pack_reconfig_l1_acc(0)
        cb_pop_front(out_cb, num_tiles)
        cb_reserve_back(out_cb, num_tiles)
        cb_push_back(out_cb, num_tiles)
    else:
        cb_push_back(out_cb, num_tiles)


def add_block_inplace(in0_cb, in1_cb, num_tiles, pop_in1=True):
    """in0 += in1 (packed over in0's front pages, then popped and pushed back)."""
    add_tiles_init(in0_cb, in1_cb)
    cb_wait_front(in0_cb, num_tiles)
    cb_wait_front(in1_cb, num_tiles)
    for i in range(num_tiles):
        tile_regs_acquire()
        add_tiles(in0_cb, in1_cb, i, i, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile[True](0, in0_cb, i)     # the C++'s in-order pack over the full CB: page i of its front
        tile_regs_release()
    cb_pop_front(in0_cb, num_tiles)
    if pop_in1:
        cb_pop_front(in1_cb, num_tiles)
    cb_reserve_back(in0_cb, num_tiles)
    cb_push_back(in0_cb, num_tiles)


def mul_tiles_bcast_cols_inplace(in0_cb, in1_cb, num_tiles):
    """in0 *= in1 (column broadcast), tile by tile."""
    mul_bcast_cols_init_short(in0_cb, in1_cb)
    cb_wait_front(in0_cb, num_tiles)
    cb_wait_front(in1_cb, num_tiles)
    for i in range(num_tiles):
        tile_regs_acquire()
        mul_tiles_bcast_cols(in0_cb, in1_cb, 0, i, 0)
        tile_regs_commit()
        cb_pop_front(in0_cb, 1)
        cb_reserve_back(in0_cb, 1)
        tile_regs_wait()
        pack_tile(0, in0_cb)
        tile_regs_release()
        cb_push_back(in0_cb, 1)


def sub_exp_block(scale_fp32, in0_cb, in1_cb, out_cb, num_tiles, d):
    """sub_exp_block<scale_fp32>: out = exp((in0 - in1) * scale) on the first column (exp_tile_first_column)."""
    approx = d.get("EXP_APPROX_MODE", 0) == 1
    sub_tiles_init(in0_cb, in1_cb)
    X.exp_tile_init_default(approx)       # exp_tile_init<EXP_APPROX_MODE>()
    cb_wait_front(in0_cb, num_tiles)
    cb_wait_front(in1_cb, num_tiles)
    cb_reserve_back(out_cb, num_tiles)
    scale_bf16 = scale_fp32 >> 16
    for i in range(num_tiles):
        tile_regs_acquire()
        sub_tiles(in0_cb, in1_cb, i, i, 0)
        X.exp_tile_first_column(0, approx, scale_bf16)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, out_cb)
        tile_regs_release()
        cb_push_back(out_cb, 1)


def matmul_blocks(in0_cb, in1_cb, out_cb, M, N, K, num_blocks, in0_num_subblocks, in1_num_subblocks, in0_block_w,
                  subblock_h, subblock_w, transpose):
    """out = in0 @ in1 (in1's tiles transposed when `transpose`), subblock by subblock, packed out of order into
    the output rows, each row of subblocks pushed as it completes."""
    matmul_block_init(in0_cb, in1_cb, 1 if transpose else 0, subblock_w, subblock_h, in0_block_w)
    in0_index_offset = 0
    in0_subblock_num_tiles = subblock_h * in0_block_w
    in0_wait_tiles = in0_subblock_num_tiles
    reconfig_data_format(in1_cb, in0_cb)
    cb_wait_front(in1_cb, K * N)
    cb_reserve_back(out_cb, M * N)
    for _in0_sb in range(in0_num_subblocks):
        cb_wait_front(in0_cb, in0_wait_tiles)
        in1_index_offset = 0
        for in1_sb in range(in1_num_subblocks):
            tile_regs_acquire()
            in0_index = in0_index_offset
            in1_index = in1_index_offset
            for _inner in range(in0_block_w):
                matmul_block(in0_cb, in1_cb, in0_index, in1_index, 0, 1 if transpose else 0, subblock_w, subblock_h,
                             in0_block_w)
                in0_index += 1
                in1_index += N
            tile_regs_commit()
            tile_regs_wait()
            dst_idx = 0
            out_col_offset = in1_sb * subblock_w
            for r in range(subblock_h):
                for c in range(subblock_w):
                    pack_tile[True](dst_idx, out_cb, r * N + out_col_offset + c)
                    dst_idx += 1
            tile_regs_release()
            in1_index_offset += subblock_w
        in0_index_offset += subblock_h * in0_block_w
        in0_wait_tiles += in0_subblock_num_tiles
        cb_push_back(out_cb, subblock_h * N)
    cb_pop_front(in1_cb, K * N)


def matmul_reduce(M, in1_cb, out_cb, d):
    """matmul_reduce<M>(in1_cb, out_cb): each of out's M partial-sum tiles times the column identity (the row sums
    within the tile into column 0), STATS_GRANULARITY tiles per Dst section, written back over out."""
    g = d.get("STATS_GRANULARITY")
    subblock_h = 1 if g is None else g
    in0_num_subblocks = M if g is None else M // g
    matmul_block_init(out_cb, in1_cb, 0, 1, subblock_h, 1)
    reconfig_data_format(in1_cb, out_cb)
    cb_wait_front(in1_cb, 1)
    cb_wait_front(out_cb, M)
    for _sb in range(in0_num_subblocks):
        tile_regs_acquire()
        matmul_block(out_cb, in1_cb, 0, 0, 0, 0, 1, subblock_h, 1)
        tile_regs_commit()
        cb_pop_front(out_cb, subblock_h)
        # the C++ packs and pushes without a reservation: the pages it just popped are the CB's free ones
        cb_reserve_back(out_cb, subblock_h)
        tile_regs_wait()
        for i in range(subblock_h):
            pack_tile(i, out_cb)
        tile_regs_release()
        cb_push_back(out_cb, subblock_h)


def stamp_tile_range_l1_acc(dst_batch, src_cb, src_tile_idx, out_cb, out_offset, count):
    """Copy mask tile src_tile_idx into Dst and pack it (L1-accumulated) onto out's pages out_offset .. + count."""
    for base in range(0, count, dst_batch):
        batch = min(count - base, dst_batch)
        tile_regs_acquire()
        for i in range(batch):
            copy_tile(src_cb, src_tile_idx, i)
        tile_regs_commit()
        tile_regs_wait()
        for i in range(batch):
            pack_tile[True](i, out_cb, out_offset + base + i)
        tile_regs_release()


def apply_causal_mask_lightweight(dst_batch, mask_cb, neginf_idx, diag_idx, out_cb, q_start_tile, k_start_tile,
                                  num_rows, num_cols):
    """The causal stamp: per Q tile row, -inf on the K tiles above the diagonal and the diagonal tile's mask on the
    diagonal one, L1-accumulated onto QK (the straddle form of chunked prefill is not used by STANDARD)."""
    copy_tile_to_dst_init_short(mask_cb)
    llk_pack_reconfig_l1_acc(1)
    for row in range(num_rows):
        row_offset = row * num_cols
        diag_col = q_start_tile + row - k_start_tile
        if diag_col < 0:
            stamp_tile_range_l1_acc(dst_batch, mask_cb, neginf_idx, out_cb, row_offset, num_cols)
        elif diag_col < num_cols:
            tile_regs_acquire()
            copy_tile(mask_cb, diag_idx, 0)
            tile_regs_commit()
            tile_regs_wait()
            pack_tile[True](0, out_cb, row_offset + diag_col)
            tile_regs_release()
            neginf_start = diag_col + 1
            if neginf_start < num_cols:
                stamp_tile_range_l1_acc(dst_batch, mask_cb, neginf_idx, out_cb, row_offset + neginf_start,
                                        num_cols - neginf_start)
    llk_pack_reconfig_l1_acc(0)


def linear_to_zigzag(linear_flat, num_q_chunks):
    """q_chunk_remapping.hpp linear_to_zigzag: even positions of a head forward, odd ones backward."""
    head_idx, pos = divmod(linear_flat, num_q_chunks)
    q_chunk = pos // 2 if pos % 2 == 0 else num_q_chunks - 1 - pos // 2
    return head_idx * num_q_chunks + q_chunk


def remap_q_index(linear_index, num_q_chunks, use_zigzag):
    return linear_to_zigzag(linear_index, num_q_chunks) if use_zigzag else linear_index


def sdpa_standard(p, d):
    """sdpa_standard -> sdpa_inner_loop<STANDARD> over this core's flat Q-chunk range. `p`: the kernel's compile-time
    values and CB ids (a dict), `d`: its defines."""
    Sq, Sk, DHt, vDHt = p["Sq_chunk_t"], p["Sk_chunk_t"], p["DHt"], p["vDHt"]
    is_causal, use_provided_mask, use_padded_mask = p["is_causal"], p["use_provided_mask"], p["use_padded_mask"]
    lightweight = p["lightweight"]
    scale_fp32 = p["scale_fp32"]
    Skt, q_num_chunks, k_num_chunks = p["Skt"], p["q_num_chunks"], p["k_num_chunks"]
    cb_q_in, cb_k_in, cb_v_in, cb_mask_in = p["cb_q_in"], p["cb_k_in"], p["cb_v_in"], p["cb_mask_in"]
    cb_qk_im, cb_identity_scale_in, cb_col_identity = p["cb_qk_im"], p["cb_identity_scale_in"], p["cb_col_identity"]
    cb_exp_max_diff, cb_out = p["cb_exp_max_diff"], p["cb_out"]
    q_chunk_tiles = Sq * DHt
    qk_chunk_tiles = Sq * Sk
    dst_size = dest_auto_limit()
    iter_q_start, iter_q_end, local_q_start = 0, p["global_q_count"], p["global_q_start"]
    for q_iter in range(iter_q_start, iter_q_end):
        linear_q_chunk = local_q_start + (q_iter - iter_q_start)
        q_chunk = remap_q_index(linear_q_chunk, q_num_chunks, p["use_zigzag_balancing"]) % q_num_chunks
        if p["is_chunked"]:
            q_chunk += p["chunked_q_chunk_offset"]
        q_start_tile = q_chunk * Sq
        q_high_tile = min(q_start_tile + Sq, Skt) if is_causal else Skt
        prev_sum, cur_sum = p["cb_sum_A"], p["cb_sum_B"]
        prev_max, cur_max = p["cb_max_A"], p["cb_max_B"]
        prev_out, cur_out = p["cb_out_im_A"], p["cb_out_im_B"]
        k_chunk_end = (q_high_tile + Sk - 1) // Sk
        processed = 0
        for k_chunk in range(0, k_chunk_end):
            # QK = Q_CHUNK @ K_CHUNK^T
            reconfig_data_format(cb_k_in, cb_q_in)
            pack_reconfig_data_format(cb_qk_im)
            matmul_blocks(cb_q_in, cb_k_in, cb_qk_im, Sq, Sk, DHt, p["qk_num_blocks"], p["qk_in0_num_subblocks"],
                          p["qk_in1_num_subblocks"], p["qk_in0_block_w"], p["qk_subblock_h"], p["qk_subblock_w"],
                          True)
            if is_causal or p["sliding_window_size"] > 0:
                apply_mask = q_start_tile < k_chunk * Sk + Sk or p["sliding_window_size"] > 0
            elif use_provided_mask:
                apply_mask = True
            elif use_padded_mask:
                apply_mask = k_chunk == k_num_chunks - 1
            else:
                apply_mask = False
            if apply_mask:
                reconfig_data_format(cb_qk_im, cb_mask_in)
                if lightweight:
                    # re-enter the reserved state on the single-buffered QK CB: the stamps land on the QK scores
                    cb_wait_front(cb_qk_im, Sk * Sq)
                    cb_pop_front(cb_qk_im, Sk * Sq)
                    cb_reserve_back(cb_qk_im, Sk * Sq)
                    apply_causal_mask_lightweight(dst_size, cb_mask_in, 0, 1, cb_qk_im, q_start_tile, k_chunk * Sk,
                                                  Sq, Sk)
                    cb_push_back(cb_qk_im, Sk * Sq)
                else:
                    add_block_inplace(cb_qk_im, cb_mask_in, qk_chunk_tiles)
            reconfig_data_format(cb_qk_im, cb_identity_scale_in)
            reduce_c(cb_qk_im, cb_identity_scale_in, Sq, Sk, cur_max, prev_max, processed > 0, d)
            sub_exp_block_bcast_cols_inplace(cb_qk_im, Sq, scale_fp32, cur_max, cur_sum, Sk, d)
            reconfig_data_format(cb_v_in, cb_qk_im)
            pack_reconfig_data_format(cur_out)
            # OUT_IM = QK @ V_CHUNK
            matmul_blocks(cb_qk_im, cb_v_in, cur_out, Sq, vDHt, Sk, p["out_num_blocks"], p["out_in0_num_subblocks"],
                          p["out_in1_num_subblocks"], p["out_in0_block_w"], p["out_subblock_h"], p["out_subblock_w"],
                          False)
            cb_pop_front(cb_qk_im, qk_chunk_tiles)
            reconfig_data_format(prev_max, cur_max)
            if processed > 0:
                sub_exp_block(scale_fp32, prev_max, cur_max, cb_exp_max_diff, Sq, d)
                cb_pop_front(prev_max, Sq)
                mul_tiles_bcast_cols_inplace(prev_sum, cb_exp_max_diff, Sq)
                add_block_inplace(cur_sum, prev_sum, Sq)
                mul_block_bcast_cols(Sq, vDHt, True, prev_out, cb_exp_max_diff, cur_out, d)
            prev_sum, cur_sum = cur_sum, prev_sum
            prev_out, cur_out = cur_out, prev_out
            prev_max, cur_max = cur_max, prev_max
            processed += 1
        matmul_reduce(Sq, cb_col_identity, prev_sum, d)
        if p["use_attention_sink"]:
            # the sink as a virtual K chunk: in the max and the sum, not in the output (no sink @ V)
            cb_sink = p["cb_attention_sink"]
            reconfig_data_format(cb_sink, cb_identity_scale_in)
            reduce_c(cb_sink, cb_identity_scale_in, Sq, 1, cur_max, prev_max, True, d)
            sub_exp_block(scale_fp32, prev_max, cur_max, cb_exp_max_diff, Sq, d)
            cb_pop_front(prev_max, Sq)
            mul_tiles_bcast_cols_inplace(prev_sum, cb_exp_max_diff, Sq)
            sub_exp_block_bcast_cols_inplace(cb_sink, Sq, scale_fp32, cur_max, cur_sum, 1, d, False)
            add_block_inplace(cur_sum, prev_sum, Sq)
            prev_sum, cur_sum = cur_sum, prev_sum
            prev_max, cur_max = cur_max, prev_max
            mul_block_bcast_cols(Sq, vDHt, False, prev_out, cb_exp_max_diff, cur_out, d)
            prev_out, cur_out = cur_out, prev_out
        recip_block_inplace(prev_sum, Sq)
        pack_reconfig_data_format(cb_out)
        mul_block_bcast_cols(Sq, vDHt, False, prev_out, prev_sum, cb_out, d)
        cb_pop_front(prev_max, Sq)
        # `q_per_core > 1 || is_last_ring_iter`: is_last_ring_iter is always true for STANDARD
        cb_pop_front(cb_q_in, q_chunk_tiles)
        if p["use_attention_sink"]:     # the reader pushes one sink slot per Q chunk
            cb_pop_front(p["cb_attention_sink"], Sq)
