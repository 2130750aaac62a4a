"""Compute kernel of binary_ng's WHERE_TTS / WHERE_TST with one input broadcast along columns and the other along
rows, the row one by the LLK (ROW_A_COL_B / ROW_B_COL_A of one dtype): per group of tile_freq (Wt) output tiles the
column input (BCAST_INPUT 1: the tensor c_1; 0: the condition c_0; filled from its first column by the reader) is
waited for once and popped after the group; per tile the row input's tile (the other CB) is expanded with
unary_bcast<ROW> into c_5 (the condition) / c_6 (the tensor) and popped, then the where body
(eltwise_where_api.where_tiles) on the condition and the tensor (c_5 and c_1, or c_0 and c_6), the expanded tile
popped.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/compute/
eltwise_where_sfpu_row_col_bcast.cpp (unary_op_init_common(cb_left, c_2) and BINARY_SFPU_INIT at the start of each
group, as its process_tile does). As in eltwise_where_sfpu_row_bcast.py, unary_bcast_init's llk_math_hw_configure
turns the Src zero flag back on: copy_tile of a 16-bit format writes +0 for -0.0 and denormals. Defines: as
eltwise_where_sfpu.py. Runtime args: num_tiles, tile_freq, tile_start, the packed scalar; compile-time:
num_tiles_per_cycle."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_where_api import where_tiles


def kernel_main():
    num_tiles, tile_freq, tile_start = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    scalar_value = get_arg_val(3)
    per_cycle = get_compile_time_arg_val(0)
    if num_tiles == 0:
        return
    cb_in0, cb_in1, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2
    if BCAST_INPUT:     # ROW_A_COL_B: the tensor is the column input, the condition is expanded into c_5
        cb_bcast, cb_other, cb_llk_post, cb_left, cb_right = cb_in1, cb_in0, CBIndex.c_5, CBIndex.c_5, cb_in1
    else:               # ROW_B_COL_A: the condition is the column input, the tensor is expanded into c_6
        cb_bcast, cb_other, cb_llk_post, cb_left, cb_right = cb_in0, cb_in1, CBIndex.c_6, cb_in0, CBIndex.c_6

    def process(freq, start):
        unary_op_init_common(cb_left, cb_out)
        BINARY_SFPU_INIT()
        cb_wait_front(cb_bcast, per_cycle)
        for _ in range(start, freq):
            cb_wait_front(cb_other, per_cycle)
            cb_reserve_back(cb_llk_post, per_cycle)
            pack_reconfig_data_format(cb_out, cb_llk_post)
            unary_bcast_init[BCAST_ROW](cb_other, cb_llk_post)
            tile_regs_acquire()
            unary_bcast[BCAST_ROW](cb_other, 0, 0)
            tile_regs_commit()
            tile_regs_wait()
            pack_tile(0, cb_llk_post)
            cb_push_back(cb_llk_post, per_cycle)
            tile_regs_release()
            cb_pop_front(cb_other, per_cycle)
            pack_reconfig_data_format(cb_llk_post, cb_out)
            pack_hw_configure(cb_out)
            cb_reserve_back(cb_out, per_cycle)
            cb_wait_front(cb_llk_post, per_cycle)
            where_tiles(cb_left, cb_right, cb_out, per_cycle, scalar_value, WHERE_TTS, FILL_LLK, BINARY_SFPU_OP)
            cb_push_back(cb_out, per_cycle)
            cb_pop_front(cb_llk_post, per_cycle)
        cb_pop_front(cb_bcast, per_cycle)

    in_groups(num_tiles, tile_freq, tile_start, process)
