"""Compute kernel of the sharded layernorm with Welford's algorithm (LayerNormShardedProgramFactory, use_welford): the
shard (block_h rows of block_w tiles, c_0 on the input's buffer, c_1 on the residual's):
- FUSE_PRE_ADD: x = a + b (add_tiles) into cb_x (c_24), in subblocks of subblock_w tiles;
- per tile row, E[x] and Var[x] of this core's columns in one pass on the SFPU: each tile transposed into Dst
  (transpose_wh_tile), welford_update over its 32 rows (the input's columns), welford_finalize_to_row with
  1/partial_reduce_W from the reciprocal table (c_25: 1/1 .. 1/block_w); the mean and variance tiles (row 0) packed
  interleaved into cb_ex_partial (2 per tile row);
- on an all-to-all worker, for each of its rows, the [mean, var] pairs the reader gathered into cb_ex_external
  merged (combine_welford_partials, each set block_w samples, or a whole row's for the first-stage results a
  second-stage reader adds) into cb_ex: mean and 1/sqrt(Var + eps), or mean and Var from a first-stage-only worker
  of the two-stage reduce (the second-stage reader finishes them);
- the multicast pairs (cb_ex_global) transposed back to columns into cb_transpose (c_22), num_dest_regs at a time;
- x - E[x] (sub_tiles_bcast_cols) into cb_xmm, times 1/sqrt(Var + eps) (mul_tiles_bcast_cols) into cb_im, times
  gamma (mul_tiles_bcast_rows) and plus beta (add_tiles_bcast_rows) into c_16, placed on the output's buffer.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/compute/
layernorm_sharded_welford.cpp. Compile-time args: 0 (is_top_row, unused), do_gamma, do_beta, num_blocks_first_stage,
block_h, block_w, subblock_w, num_subblocks_w, is_all_to_all_worker, block_h * block_w, FLOAT32_DTYPE
(fp32_dest_acc_en), FLOAT32_REDUCTION and LEGACY_RSQRT (both unused, as in the C++), num_blocks_second_stage,
tile_width, last_tile_w, W, eps bits, the reciprocal table's length (block_w * tile_width). Runtime args:
num_reduce_tiles_per_block_h and, on an all-to-all worker, its rows, use_two_stage_reduce, is_second_stage_reader.
Defines: FUSE_PRE_ADD. Named compile-time args (CB_NAMES): the CB ids, cb_x_welford and welford_fp32_alias (a Float32
input with fp32_dest_acc_en is read for Welford through c_29, a second index of cb_x's memory configured
UnpackToDestFp32, so every transpose's init records over Welford's replay slots and welford_init<PreserveStats> follows
it). CB 22 (cb_transpose) and CB 25 (the reciprocal table) are fixed ids in the C++, and here.

Additions for tensix's CB model, none moving data or changing a number: the C++ reads c_0 (and c_1, and the c_29
alias of c_0) without cb_wait_front, the shard being in L1 before the program starts, so this kernel first publishes
those pages (cb_reserve_back + cb_push_back) and waits for them (layernorm_sharded._publish_shard)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.combine_welford import combine_welford_partials
from tensix.ttnn.kernels.normalization.layernorm_sharded import _gamma_beta, _publish_shard, _subblocks

CB_TRANSPOSE = 22       # tt::CBIndex::c_22: the pairs transposed back to columns
CB_RECIPROCALS = 25     # tt::CBIndex::c_25: the reciprocal table (ttnn.create_layer_norm_reciprocals)
_INPUT_DST, _MEAN_DST = 0, 1       # the variance lands in _MEAN_DST + 1 (welford_finalize_to_row)


def next_set_size(b, num_blocks_combine, is_second_stage_reader, num_blocks_first_stage, second_stage_w, block_w,
                  last_block_w):
    """get_next_set_size: the samples behind the b-th pair of the combine. A second-stage reader's pairs past its own
    row's are first-stage results of whole rows (the reader streams them last); otherwise every pair is one core's
    block_w columns, the last one's last_block_w (the pair's position in the reader's order, not its core's)."""
    if is_second_stage_reader:
        return second_stage_w if b >= num_blocks_first_stage else block_w
    return last_block_w if b == num_blocks_combine - 1 else block_w


def kernel_main():
    do_gamma = get_compile_time_arg_val(1) == 1
    do_beta = get_compile_time_arg_val(2) == 1
    num_blocks_first_stage = get_compile_time_arg_val(3)
    block_ht = get_compile_time_arg_val(4)
    block_wt = get_compile_time_arg_val(5)
    subblock_wt = get_compile_time_arg_val(6)
    num_subblocks_w = get_compile_time_arg_val(7)
    is_allgather_worker = get_compile_time_arg_val(8) == 1
    num_tiles_per_block = get_compile_time_arg_val(9)
    FLOAT32_DTYPE = get_compile_time_arg_val(10) == 1
    num_blocks_second_stage = get_compile_time_arg_val(13)
    tile_width = get_compile_time_arg_val(14)
    last_tile_w = get_compile_time_arg_val(15)
    eps_bits = get_compile_time_arg_val(17)
    lut_size = get_compile_time_arg_val(18)
    pre_add = globals().get("FUSE_PRE_ADD", 0) == 1

    n = CB_NAMES
    cb_in0, cb_in1, cb_gamma, cb_beta = n["cb_in0"], n["cb_in1"], n["cb_gamma"], n["cb_beta"]
    cb_x, cb_xmm, cb_out = n["cb_x"], n["cb_xmm"], n["cb_out"]
    cb_ex_partial, cb_ex, cb_ex_external, cb_ex_global = (n["cb_ex_partial"], n["cb_ex"], n["cb_ex_external"],
                                                          n["cb_ex_global"])
    cb_fusion = cb_xmm                                   # c_18 streams gamma's product into beta's add
    cb_im = cb_x if (do_gamma or do_beta) else cb_out
    cb_outgamma = cb_fusion if do_beta else cb_out
    cb_in = cb_x if pre_add else cb_in0
    welford_fp32_alias = n["welford_fp32_alias"] != 0
    cb_x_welford = n["cb_x_welford"] if welford_fp32_alias else cb_in

    num_reduce_tiles = get_arg_val(0)
    partial_reduce_W = (num_reduce_tiles - 1) * tile_width + last_tile_w
    all_full_tiles = partial_reduce_W % tile_width == 0
    num_full_welford_tiles = num_reduce_tiles if all_full_tiles else num_reduce_tiles - 1
    partial_welford_tile_w = 0 if all_full_tiles else last_tile_w
    num_tiles_per_worker = get_arg_val(1) if is_allgather_worker else 0
    use_two_stage_reduce = get_arg_val(2) == 1 if is_allgather_worker else False
    is_second_stage_reader = get_arg_val(3) == 1 if is_allgather_worker else False
    block_w = block_wt * tile_width
    last_block_w = block_w - tile_width + last_tile_w
    second_stage_w = (num_blocks_first_stage - 1) * block_w + last_block_w if use_two_stage_reduce else 0
    num_blocks_combine = (num_blocks_first_stage + num_blocks_second_stage - 1 if is_second_stage_reader
                          else num_blocks_first_stage)
    num_result_tiles = 2 * block_ht
    num_dest_regs = 4 if FLOAT32_DTYPE else 8
    # std::array<uint32_t, per_core_recip_lut_size> at the reciprocal CB's first page
    lut = l1_ptr(get_tile_address(CB_RECIPROCALS, 0), np.uint32, lut_size)

    _publish_shard(cb_in0, num_tiles_per_block)
    if pre_add:
        _publish_shard(cb_in1, num_tiles_per_block)
    elif welford_fp32_alias:
        _publish_shard(cb_x_welford, num_tiles_per_block)

    if pre_add:
        binary_op_init_common(cb_in0, cb_in1, cb_in)
        reconfig_data_format_srcb(cb_in0, cb_in1)
        add_tiles_init(cb_in0, cb_in1)
        cb_reserve_back(cb_in, num_tiles_per_block)
        if welford_fp32_alias:      # the same memory through its own pointers: pushed side by side
            cb_reserve_back(cb_x_welford, num_tiles_per_block)
        _subblocks(block_ht, block_wt, num_subblocks_w, subblock_wt, cb_in,
                   lambda idx, w: add_tiles(cb_in0, cb_in1, idx, idx, w))
        cb_push_back(cb_in, num_tiles_per_block)
        cb_wait_front(cb_in, num_tiles_per_block)
        if welford_fp32_alias:
            cb_push_back(cb_x_welford, num_tiles_per_block)
            cb_wait_front(cb_x_welford, num_tiles_per_block)
    else:
        init_sfpu(cb_in, cb_ex_partial)                 # unary_op_init_common

    # E[x] and Var[x] of this core's columns, per tile row
    reconfig_data_format_srca(cb_x_welford)
    cb_reserve_back(cb_ex_partial, num_result_tiles)
    if welford_fp32_alias:
        transpose_wh_init(cb_x_welford, cb_ex_partial)
    else:
        transpose_wh_init_short(cb_x_welford)
    welford_init()
    h_off = 0
    for _i in range(block_ht):
        tile_regs_acquire()
        welford_clear()
        sample_idx = 0
        for w in range(num_full_welford_tiles):
            if welford_fp32_alias:
                transpose_wh_init_short(cb_x_welford)
            transpose_wh_tile(cb_x_welford, w + h_off, _INPUT_DST)
            if welford_fp32_alias:
                welford_init(WelfordInitMode.PreserveStats)
            welford_update(_INPUT_DST, sample_idx, lut)
            sample_idx += tile_width
        if partial_welford_tile_w > 0:
            if welford_fp32_alias:
                transpose_wh_init_short(cb_x_welford)
            transpose_wh_tile(cb_x_welford, block_wt - 1, _INPUT_DST)   # as the C++: no row offset
            if welford_fp32_alias:
                welford_init(WelfordInitMode.PreserveStats)
            welford_update_rows(_INPUT_DST, sample_idx, 0, partial_welford_tile_w, lut)
        welford_finalize_to_row(_MEAN_DST, partial_reduce_W - 1, lut)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(_MEAN_DST, cb_ex_partial)
        pack_tile(_MEAN_DST + 1, cb_ex_partial)
        tile_regs_release()
        h_off += block_wt
    cb_push_back(cb_ex_partial, num_result_tiles)
    cb_wait_front(cb_ex_partial, num_result_tiles)

    # the all-to-all worker's rows: every core's pair of the row merged
    reconfig_data_format_srca(cb_ex_partial)
    if is_allgather_worker:
        first_stage_only = use_two_stage_reduce and not is_second_stage_reader
        cb_reserve_back(cb_ex, 2 * num_tiles_per_worker)
        for _i in range(num_tiles_per_worker):
            combine_welford_partials(
                cb_ex_external, cb_ex, num_blocks_combine,
                lambda b: next_set_size(b, num_blocks_combine, is_second_stage_reader, num_blocks_first_stage,
                                        second_stage_w, block_w, last_block_w),
                rsqrt=not first_stage_only, eps_bits=eps_bits)
            if first_stage_only:        # the reader's empty second-stage pages, to stay in step with it
                skip = 2 * (num_blocks_second_stage - 1)
                cb_wait_front(cb_ex_external, skip)
                cb_pop_front(cb_ex_external, skip)
        cb_push_back(cb_ex, 2 * num_tiles_per_worker)
        cb_wait_front(cb_ex, 2 * num_tiles_per_worker)

    # the multicast pairs of every row, transposed back to columns
    cb_wait_front(cb_ex_global, num_result_tiles)
    cb_reserve_back(CB_TRANSPOSE, num_result_tiles)
    transpose_wh_init_short(cb_ex_global)
    done = 0
    while done < num_result_tiles:
        k = min(num_result_tiles - done, num_dest_regs)
        tile_regs_acquire()
        for i in range(k):
            transpose_wh_tile(cb_ex_global, done + i, i)
        tile_regs_commit()
        tile_regs_wait()
        for i in range(k):
            pack_tile(i, CB_TRANSPOSE)
        tile_regs_release()
        done += k
    cb_push_back(CB_TRANSPOSE, num_result_tiles)
    cb_pop_front(cb_ex_global, num_result_tiles)
    cb_wait_front(CB_TRANSPOSE, num_result_tiles)

    # x - E[x]
    if FLOAT32_DTYPE:
        reconfig_data_format(cb_in, CB_TRANSPOSE)
    sub_bcast_cols_init_short(cb_in, CB_TRANSPOSE)
    cb_reserve_back(cb_xmm, num_tiles_per_block)

    for i in range(block_ht):      # the row's tiles from the front of cb_in (popped per row), its mean at 2 * i
        cb_wait_front(CB_TRANSPOSE, 2 * i + 1)
        sub_off = 0
        for _j in range(num_subblocks_w):
            tile_regs_acquire()
            for w in range(subblock_wt):
                sub_tiles_bcast_cols(cb_in, CB_TRANSPOSE, w + sub_off, 2 * i, w)
            tile_regs_commit()
            tile_regs_wait()
            for k in range(subblock_wt):
                pack_tile(k, cb_xmm)
            tile_regs_release()
            sub_off += subblock_wt
        cb_pop_front(cb_in, block_wt)
    cb_push_back(cb_xmm, num_tiles_per_block)
    if not pre_add:
        reconfig_data_format_srca(cb_in, cb_xmm)
    cb_wait_front(cb_xmm, num_tiles_per_block)

    if not do_gamma and not do_beta:
        pack_reconfig_data_format(cb_out)

    # (x - E[x]) * 1/sqrt(Var[x] + eps): tile 1 of the row's pair, the pair popped after the row
    if FLOAT32_DTYPE:
        reconfig_data_format(cb_xmm, CB_TRANSPOSE)
    mul_bcast_cols_init_short(cb_xmm, CB_TRANSPOSE)
    cb_reserve_back(cb_im, num_tiles_per_block)

    def mul_row(_i, before):
        if not before:
            cb_pop_front(CB_TRANSPOSE, 2)

    _subblocks(block_ht, block_wt, num_subblocks_w, subblock_wt, cb_im,
               lambda idx, w: mul_tiles_bcast_cols(cb_xmm, CB_TRANSPOSE, idx, 1, w), per_row=mul_row)
    cb_push_back(cb_im, num_tiles_per_block)
    cb_pop_front(cb_xmm, num_tiles_per_block)

    cb_wait_front(cb_im, num_tiles_per_block)
    _gamma_beta(block_ht, block_wt, num_subblocks_w, subblock_wt, num_tiles_per_block, do_gamma, do_beta, cb_im, cb_gamma,
                cb_outgamma, cb_fusion, cb_beta, cb_out)
