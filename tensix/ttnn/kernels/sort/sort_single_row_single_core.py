"""Compute kernel of ttnn.sort's single-row single-core program: a bitonic merge sort of each row of Wt tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sort/device/kernels/compute/
sort_single_row_single_core.cpp. Per row of tiles (core_loop_count of them): (ROW_MAJOR: the 32 rows of c_7 tilized
into c_0 first) sort_Wt_tiles_row_to_bitonic_sequence leaves Wt transposed tiles in c_2 / c_3 holding 64-datum runs of
alternating direction; then log2(Wt) - 1 stages of compare-exchange between tile pairs i, i ^ 2^(sub-1) run in
place in c_2 / c_3 (pack_tile<true> back to the pages the tiles came from): topk_merge for the long distances,
topk_local_sort for the last step of each stage. The c_6 synchronization CB orders each pair's packs before the next
pair's unpacks. Finally the tiles are transposed back: TILE into c_4 / c_5 for the writer / reader, ROW_MAJOR into
c_0 / c_10 and pack_untilize'd into c_8 / c_9 (32 rows each).

Compile-time args: input, index, input_transposed, index_transposed, value_out, index_out CBs, Wt, descending,
stable, synchronization CB, is_row_major, rm_input, rm_value_output, rm_index_output, rm_post_sort_index CBs.
Runtime args: core_loop_count."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.kernel import _ctx
from tensix.ttnn.kernels.sort.sort_common import sort_Wt_tiles_row_to_bitonic_sequence, transpose_and_pack

TILE_H = 32


def kernel_main():
    core_loop_count = get_arg_val(0)
    (input_cb, index_cb, input_t_cb, index_t_cb, value_out_cb, index_out_cb, Wt, descending, _stable, sync_cb,
     is_row_major, rm_input_cb, rm_value_out_cb, rm_index_out_cb, rm_post_sort_index_cb) = (
        get_compile_time_arg_val(i) for i in range(15))
    descending, is_row_major = bool(descending), bool(is_row_major)
    IN_LO, IN_HI, IX_LO, IX_HI = 0, 1, 2, 3     # Dst: values at 0, 1, their indices at 2, 3 (topk's layout)

    if is_row_major:
        compute_kernel_hw_startup(rm_input_cb, index_cb, input_cb)
    else:
        topk_tile_init()
        transpose_wh_init(input_cb, input_t_cb)

    for _core_loop in range(core_loop_count):
        ascending = not descending
        if is_row_major:
            tilize_init(rm_input_cb, Wt, input_cb)
            cb_wait_front(rm_input_cb, TILE_H)
            cb_reserve_back(input_cb, Wt)
            tilize_block(rm_input_cb, Wt, input_cb)
            cb_push_back(input_cb, Wt)
            cb_pop_front(rm_input_cb, TILE_H)
            tilize_uninit(rm_input_cb, input_cb)
            binary_op_init_common(input_cb, index_cb, input_t_cb)
            topk_tile_init()
            transpose_wh_init(input_cb, input_t_cb)

        sort_Wt_tiles_row_to_bitonic_sequence(input_cb, index_cb, input_t_cb, index_t_cb, Wt, True, ascending, 5)
        cb_wait_front(input_t_cb, Wt)
        cb_wait_front(index_t_cb, Wt)

        stages = Wt.bit_length() - 1          # log2(Wt): Wt is a power of two (sort.cpp pads the row)
        cb_reserve_back(sync_cb, 1)
        cb_push_back(sync_cb, 1)
        for stage in range(2, stages + 1):
            m_iter = stage - 1
            for sub in range(stage, 0, -1):
                sub_dist = 1 << (sub - 1)
                for i in range(Wt):
                    j = i ^ sub_dist
                    if j <= i:
                        continue
                    ascending_block = ((i >> stage) & 1) == 0
                    direction = ascending_block == ascending
                    tile_regs_acquire()
                    cb_wait_front(sync_cb, 1)
                    cb_pop_front(sync_cb, 1)
                    cb_reserve_back(sync_cb, 1)
                    copy_tile_to_dst_init_short_with_dt(input_t_cb, index_t_cb)
                    copy_tile(index_t_cb, i, IX_LO)
                    copy_tile(index_t_cb, j, IX_HI)
                    copy_tile_to_dst_init_short_with_dt(index_t_cb, input_t_cb)
                    copy_tile(input_t_cb, i, IN_LO)
                    copy_tile(input_t_cb, j, IN_HI)
                    in_lo, in_hi, ix_lo, ix_hi = IN_LO, IN_HI, IX_LO, IX_HI
                    if sub == 1:
                        topk_local_sort(0, int(direction), 5)
                    else:
                        topk_merge(0, m_iter, 64)
                        if direction:
                            # topk_merge leaves the smaller half in Dst 0, the larger in Dst 1: the C++ swaps the
                            # destinations when `dir` is set
                            in_lo, in_hi, ix_lo, ix_hi = IN_HI, IN_LO, IX_HI, IX_LO
                    tile_regs_commit()
                    tile_regs_wait()
                    pack_reconfig_data_format(input_t_cb)
                    pack_tile[True](in_lo, input_t_cb, i)
                    pack_tile[True](in_hi, input_t_cb, j)
                    pack_reconfig_data_format(index_t_cb)
                    pack_tile[True](ix_lo, index_t_cb, i)
                    pack_tile[True](ix_hi, index_t_cb, j)
                    cb_push_back(sync_cb, 1)
                    tile_regs_release()
        cb_wait_front(sync_cb, 1)
        cb_pop_front(sync_cb, 1)

        # the C++'s pointer dance: the sorted tiles stay where they are, popped and pushed again as one block. The
        # C++ reserves first: on the card cb_reserve_back runs on the PACK thread only, where it waits for the
        # UNPACK thread's cb_pop_front; tensix runs the three TRISCs' calls in one sequence, so the pops come first
        cb_pop_front(input_t_cb, Wt)
        cb_pop_front(index_t_cb, Wt)
        cb_reserve_back(input_t_cb, Wt)
        cb_reserve_back(index_t_cb, Wt)
        cb_push_back(input_t_cb, Wt)
        cb_push_back(index_t_cb, Wt)

        if not is_row_major:
            transpose_and_pack(input_t_cb, value_out_cb, Wt)
            transpose_and_pack(index_t_cb, index_out_cb, Wt)
            continue
        max_dest = 4 if _ctx.th.compute.fp32 else 8     # DST_ACCUM_MODE: the ComputeConfig's fp32_dest_acc_en
        sub_block = Wt if Wt < max_dest else max_dest
        transpose_and_pack(input_t_cb, input_cb, Wt)
        transpose_and_pack(index_t_cb, rm_post_sort_index_cb, Wt)
        for src_cb, other_cb, out_cb in ((input_cb, index_cb, rm_value_out_cb),
                                         (rm_post_sort_index_cb, input_cb, rm_index_out_cb)):
            binary_op_init_common(src_cb, other_cb, out_cb)
            pack_untilize_init[sub_block, Wt](src_cb, out_cb)
            cb_wait_front(src_cb, Wt)
            cb_reserve_back(out_cb, TILE_H)
            for b in range(Wt // sub_block):
                pack_untilize_block[sub_block, Wt](src_cb, 1, out_cb, b)
                cb_pop_front(src_cb, sub_block)
            cb_push_back(out_cb, TILE_H)
            pack_untilize_uninit(out_cb)
