"""Compute kernel of binary_ng for a broadcast operand the reader has already filled (COL / SCALAR / mixed
broadcasts when the LLK broadcast is not used, e.g. operands of different dtypes): one tile of the broadcast operand
serves `freq` tiles of the other.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels/compute/eltwise_binary.cpp (FPU)
and eltwise_binary_sfpu.cpp (SFPU). Defines: BINARY_MATH, PROCESS_*_ACTIVATIONS (as eltwise_binary_no_bcast.py),
BCAST_INPUT (0: a is the broadcast operand, 1: b). Runtime args: num_tiles, tile_freq, tile_start."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    tile_freq = get_arg_val(1)
    tile_start = get_arg_val(2)
    per_cycle = get_compile_time_arg_val(0)
    if num_tiles == 0:
        return
    act = Activations(PROCESS_LHS_ACTIVATIONS, PROCESS_RHS_ACTIVATIONS, PROCESS_POST_ACTIVATIONS, 0, 1)
    cb_out = CBIndex.c_2
    bcast, other = act.operands(BCAST_INPUT, 0, 1)
    BINARY_MATH.init_common(act.post_lhs, act.post_rhs, cb_out)
    BINARY_MATH.top_init(act.post_lhs, act.post_rhs, act.has_lr, act.has_post)

    def process_tile(freq, start):
        maybe_preprocess(BINARY_MATH, bcast, cb_out, per_cycle)
        for _ in range(start, freq):
            maybe_preprocess(BINARY_MATH, other, cb_out, per_cycle)
            cb_reserve_back(cb_out, per_cycle)
            BINARY_MATH.tiles(act.post_lhs, act.post_rhs, cb_out, per_cycle, False, act.has_lr, act.has_post,
                              act.post)
            cb_push_back(cb_out, per_cycle)
            cb_pop_front(other[1], per_cycle)
        cb_pop_front(bcast[1], per_cycle)

    in_groups(num_tiles, tile_freq, tile_start, process_tile)
