"""Compute kernel of ttnn.topk's single-core program: insertion of each new input tile into the K best kept so far.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/compute/topk.cpp. Per row of tiles:
the first two input tiles (values c_0, indices c_1) are transposed into c_2 / c_3 and sorted together
(topk_local_sort, 64 datums per column); then every further input tile is merged into the output_tiles = ceil(K / 32)
kept tiles of c_4 / c_5 (double-buffered, 2 * output_tiles pages), each merge a topk_local_sort of one kept tile with
the candidate tile that keeps the better 32 in Dst 0 / 2 and passes the worse 32 on (through c_2 / c_3) to the next
kept tile; finally the kept tiles are transposed back into c_6 / c_7. The CB pointer dance (reserve / push of pages
that were never packed, pops of pages read from the other half) is the C++'s, call for call.

Compile-time args: input_val_cb, input_ind_cb, transposed_val_cb, transposed_ind_cb, result_prep_val_cb,
result_prep_ind_cb, output_val_cb, output_ind_cb, Ht, Wt, output_tiles, largest. Runtime args: work_per_core."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.topk.topk_common_lib import tiles_out


def transpose_and_pack(input_cb_index, dest_cb_index, total_tiles):
    """Transpose the kept tiles back (WH) into the output CB, packed in the output's format; the double-buffered
    input is popped in two halves (a single pop never crosses the CB's wrap)."""
    reconfig_data_format_srca(input_cb_index)
    transpose_wh_init_short(input_cb_index)
    pack_reconfig_data_format(dest_cb_index)
    cb_wait_front(input_cb_index, 2 * total_tiles)
    tiles_out(input_cb_index, dest_cb_index, total_tiles, True)
    cb_pop_front(input_cb_index, total_tiles)
    cb_pop_front(input_cb_index, total_tiles)


def pack_results(cb0, cb1, base_offset):
    """Dst base_offset into cb0 and base_offset + 1 into cb1 (reconfiguring the packer only between distinct CBs)."""
    pack_reconfig_data_format(cb0)
    pack_tile(base_offset, cb0)
    if cb0 != cb1:
        pack_reconfig_data_format(cb1)
    pack_tile(base_offset + 1, cb1)


def read_cb_and_transpose(cb, base_offset):
    reconfig_data_format_srca(cb)
    transpose_wh_init_short(cb)
    transpose_wh_tile(cb, 0, base_offset)


def cb_wait_pop_front(cb, count):
    cb_wait_front(cb, count)
    cb_pop_front(cb, count)


def cb_reserve_push_back(cb, count):
    cb_reserve_back(cb, count)
    cb_push_back(cb, count)


def kernel_main():
    work_per_core = get_arg_val(0)
    input_val_cb_index = get_compile_time_arg_val(0)
    input_ind_cb_index = get_compile_time_arg_val(1)
    transposed_val_cb_index = get_compile_time_arg_val(2)
    transposed_ind_cb_index = get_compile_time_arg_val(3)
    result_prep_val_cb_index = get_compile_time_arg_val(4)
    result_prep_ind_cb_index = get_compile_time_arg_val(5)
    output_val_cb_index = get_compile_time_arg_val(6)
    output_ind_cb_index = get_compile_time_arg_val(7)
    Wt = get_compile_time_arg_val(9)
    output_tiles = get_compile_time_arg_val(10)
    largest = get_compile_time_arg_val(11)

    topk_tile_init()
    transpose_wh_init(input_val_cb_index, output_val_cb_index)
    transpose_wh_init(input_ind_cb_index, output_ind_cb_index)

    DST_VAL, DST_IND = 0, 2
    end_phase = 5           # log2(64) - 1: the local sort of 64 datums
    for _core_loop in range(work_per_core):
        ktiles_saved = 0
        input_take = 2      # the first round takes two input tiles, the others one
        for _count in range(1, Wt):
            for _i in range(input_take):
                cb_wait_front(input_val_cb_index, 1)
                cb_wait_front(input_ind_cb_index, 1)
                tile_regs_acquire()
                read_cb_and_transpose(input_val_cb_index, DST_VAL)
                read_cb_and_transpose(input_ind_cb_index, DST_IND)
                tile_regs_commit()
                cb_pop_front(input_val_cb_index, 1)
                cb_pop_front(input_ind_cb_index, 1)
                cb_reserve_back(transposed_val_cb_index, 1)
                cb_reserve_back(transposed_ind_cb_index, 1)
                tile_regs_wait()
                pack_reconfig_data_format(transposed_val_cb_index)
                pack_tile(DST_VAL, transposed_val_cb_index)
                pack_reconfig_data_format(transposed_ind_cb_index)
                pack_tile(DST_IND, transposed_ind_cb_index)
                tile_regs_release()
                cb_push_back(transposed_val_cb_index, 1)
                cb_push_back(transposed_ind_cb_index, 1)

            index = 0
            while index < output_tiles:
                incr = 1
                transposed_offset = 0
                cb0, cb1 = result_prep_val_cb_index, result_prep_ind_cb_index
                cb2, cb3 = transposed_val_cb_index, transposed_ind_cb_index
                in_cb_offset = incr
                first_sort_from_transposed = False
                if ktiles_saved == 0:
                    # A: the first sort, of the two transposed tiles
                    incr = output_tiles
                    cb0, cb1 = transposed_val_cb_index, transposed_ind_cb_index
                    if output_tiles > 1:
                        cb2, cb3 = result_prep_val_cb_index, result_prep_ind_cb_index
                        ktiles_saved += 2
                    else:
                        ktiles_saved = 1
                    index = output_tiles
                    in_cb_offset = input_take
                    first_sort_from_transposed = True
                elif index >= ktiles_saved - 1 and ktiles_saved < output_tiles:
                    # B: growing, insert at the next free position
                    incr = output_tiles - index
                    ktiles_saved += 1
                    index = output_tiles
                    cb2, cb3 = result_prep_val_cb_index, result_prep_ind_cb_index
                    in_cb_offset = incr
                # C (steady state): the defaults

                cb_wait_front(cb0, in_cb_offset)
                cb_wait_front(cb1, in_cb_offset)
                if transposed_offset == 0:
                    cb_wait_front(transposed_val_cb_index, 1)
                    cb_wait_front(transposed_ind_cb_index, 1)
                cb_reserve_back(transposed_val_cb_index, 1)
                cb_reserve_back(transposed_ind_cb_index, 1)

                tile_regs_acquire()
                copy_tile_to_dst_init_short_with_dt(cb1, cb0)
                copy_tile(cb0, 0, DST_VAL)
                copy_tile_to_dst_init_short_with_dt(cb0, cb1)
                copy_tile(cb1, 0, DST_IND)
                if first_sort_from_transposed:
                    # no indexed read across the CB wrap: pop tile 0 (now in Dst) so the second is tile 0
                    cb_pop_front(transposed_val_cb_index, 1)
                    cb_pop_front(transposed_ind_cb_index, 1)
                copy_tile_to_dst_init_short_with_dt(transposed_ind_cb_index, transposed_val_cb_index)
                copy_tile(transposed_val_cb_index, transposed_offset, 1)
                copy_tile_to_dst_init_short_with_dt(transposed_val_cb_index, transposed_ind_cb_index)
                copy_tile(transposed_ind_cb_index, transposed_offset, 3)
                topk_local_sort(0, int(not largest), end_phase)
                tile_regs_commit()

                if first_sort_from_transposed:
                    cb_pop_front(transposed_val_cb_index, 1)
                    cb_pop_front(transposed_ind_cb_index, 1)
                else:
                    cb_pop_front(cb0, in_cb_offset)
                    cb_pop_front(cb1, in_cb_offset)

                cb_reserve_back(result_prep_val_cb_index, incr)
                cb_reserve_back(result_prep_ind_cb_index, incr)
                tile_regs_wait()
                pack_results(result_prep_val_cb_index, cb2, 0)
                pack_results(result_prep_ind_cb_index, cb3, 2)
                tile_regs_release()
                cb_push_back(result_prep_val_cb_index, incr)
                cb_push_back(result_prep_ind_cb_index, incr)

                if transposed_offset == 0 and not first_sort_from_transposed:
                    cb_pop_front(transposed_val_cb_index, 1)
                    cb_pop_front(transposed_ind_cb_index, 1)
                cb_push_back(transposed_val_cb_index, 1)
                cb_push_back(transposed_ind_cb_index, 1)
                index += 1

            input_take = 1
            cb_wait_pop_front(transposed_val_cb_index, 1)
            cb_wait_pop_front(transposed_ind_cb_index, 1)

        cb_reserve_push_back(result_prep_val_cb_index, output_tiles)
        cb_reserve_push_back(result_prep_ind_cb_index, output_tiles)
        transpose_and_pack(result_prep_val_cb_index, output_val_cb_index, output_tiles)
        transpose_and_pack(result_prep_ind_cb_index, output_ind_cb_index, output_tiles)
