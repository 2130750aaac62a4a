"""Compute kernel of binary_ng with one operand broadcast along rows and the other along columns (ROW_A_COL_B /
ROW_B_COL_A): the column-broadcast operand comes filled by the reader (one tile per tile row of the output); the
row-broadcast operand's tile is expanded per output tile with unary_bcast<ROW> into c_5 (a) / c_6 (b).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/compute/
eltwise_binary_row_col_bcast.cpp (FPU) and eltwise_binary_sfpu_row_col_bcast.cpp (SFPU). Defines: BINARY_MATH,
PROCESS_*_ACTIVATIONS, BCAST_INPUT (1: ROW_A_COL_B, b is the column operand; 0: ROW_B_COL_A). Runtime args:
num_tiles, tile_freq (Wt), tile_start."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    tile_freq = get_arg_val(1)
    tile_start = get_arg_val(2)
    per_cycle = get_compile_time_arg_val(0)
    if num_tiles == 0:
        return
    cb_out = CBIndex.c_2
    if BCAST_INPUT:     # ROW_A_COL_B: a (c_0) is expanded into c_5; b (c_1) comes filled by the reader
        cb_llk_post, cb_raw_other, cb_pre_lhs, cb_pre_rhs = CBIndex.c_5, CBIndex.c_0, CBIndex.c_5, CBIndex.c_1
    else:               # ROW_B_COL_A
        cb_llk_post, cb_raw_other, cb_pre_lhs, cb_pre_rhs = CBIndex.c_6, CBIndex.c_1, CBIndex.c_0, CBIndex.c_6
    act = Activations(PROCESS_LHS_ACTIVATIONS, PROCESS_RHS_ACTIVATIONS, PROCESS_POST_ACTIVATIONS, cb_pre_lhs,
                      cb_pre_rhs)
    bcast, other = act.operands(BCAST_INPUT, cb_pre_lhs, cb_pre_rhs)
    sfpu = BINARY_MATH.sfpu
    if sfpu:
        BINARY_MATH.top_init(act.post_lhs, act.post_rhs, act.has_lr, act.has_post)

    def process_tile(freq, start):
        BINARY_MATH.init_common(act.post_lhs, act.post_rhs, cb_out)
        maybe_preprocess(BINARY_MATH, bcast, cb_out, per_cycle)
        for _ in range(start, freq):
            bcast_pass(BINARY_MATH, BCAST_ROW, cb_raw_other, cb_llk_post, cb_out, per_cycle, True, True)
            maybe_preprocess(BINARY_MATH, (cb_llk_post, other[1], other[2]), cb_out, per_cycle)
            BINARY_MATH.reinit_binary(act.post_lhs, act.post_rhs)
            cb_reserve_back(cb_out, per_cycle)
            BINARY_MATH.tiles(act.post_lhs, act.post_rhs, cb_out, per_cycle, False, act.has_lr and sfpu,
                              act.has_post and sfpu, act.post)
            cb_push_back(cb_out, per_cycle)
            cb_pop_front(other[1], per_cycle)
        cb_pop_front(bcast[1], per_cycle)

    in_groups(num_tiles, tile_freq, tile_start, process_tile)
