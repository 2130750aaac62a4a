"""Compute kernel of binary_ng with a COL or SCALAR broadcast by the LLK (COL_A / COL_B / SCALAR_A / SCALAR_B of
matching dtypes): the broadcast operand's tile is expanded once with unary_bcast<COL> (or <SCALAR>) into c_5 (a) /
c_6 (b) and serves `freq` tiles of the other operand.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/compute/
eltwise_binary_col_bcast.cpp / eltwise_binary_scalar_bcast.cpp (FPU) and eltwise_binary_sfpu_col_bcast.cpp /
eltwise_binary_sfpu_scalar_bcast.cpp (SFPU): the four differ only in the broadcast (define BCAST: BCAST_COL or
BCAST_SCALAR) and the BINARY_MATH parts. Defines as eltwise_binary.py, with SRC_BCAST / SRC_BCAST_B. Runtime args:
num_tiles, tile_freq, tile_start."""

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
    if SRC_BCAST:
        cb_bcast, cb_llk_post, cb_pre_lhs, cb_pre_rhs = CBIndex.c_0, CBIndex.c_5, CBIndex.c_5, CBIndex.c_1
    else:
        cb_bcast, cb_llk_post, cb_pre_lhs, cb_pre_rhs = CBIndex.c_1, CBIndex.c_6, CBIndex.c_0, CBIndex.c_6
    act = Activations(PROCESS_LHS_ACTIVATIONS, PROCESS_RHS_ACTIVATIONS, PROCESS_POST_ACTIVATIONS, cb_pre_lhs,
                      cb_pre_rhs)
    bcast, other = act.operands(BCAST_INPUT, cb_pre_lhs, cb_pre_rhs)
    BINARY_MATH.init_common(act.post_lhs, act.post_rhs, cb_out)
    BINARY_MATH.top_init(act.post_lhs, act.post_rhs, act.has_lr, act.has_post)

    def process_tile(freq, start):
        bcast_pass(BINARY_MATH, BCAST, cb_bcast, cb_llk_post, cb_out, per_cycle, False, False)
        maybe_preprocess(BINARY_MATH, bcast, cb_out, per_cycle)
        BINARY_MATH.reinit_plain(act.post_lhs, act.post_rhs, act.has_lr, act.has_post)
        for _ in range(start, freq):
            maybe_preprocess(BINARY_MATH, other, cb_out, per_cycle)
            cb_reserve_back(cb_out, per_cycle)
            BINARY_MATH.tiles(act.post_lhs, act.post_rhs, cb_out, per_cycle, False, act.has_lr, act.has_post,
                              act.post)
            cb_push_back(cb_out, per_cycle)
            cb_pop_front(other[1], per_cycle)
        pops = (bcast[1], cb_bcast) if BINARY_MATH.sfpu else (cb_bcast, bcast[1])
        for cb in pops:
            cb_pop_front(cb, per_cycle)

    in_groups(num_tiles, tile_freq, tile_start, process_tile)
