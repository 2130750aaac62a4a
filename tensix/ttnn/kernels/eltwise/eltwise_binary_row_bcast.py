"""Compute kernel of binary_ng with a ROW broadcast by the LLK (ROW_A / ROW_B of matching dtypes): per output tile,
the broadcast operand's tile is expanded with unary_bcast<ROW> into c_5 (a) / c_6 (b), then the op runs as without
broadcast.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/compute/
eltwise_binary_row_bcast.cpp (FPU) and eltwise_binary_sfpu_row_bcast.cpp (SFPU). Defines: BINARY_MATH,
PROCESS_*_ACTIVATIONS (as eltwise_binary_no_bcast.py), SRC_BCAST (a is broadcast) / SRC_BCAST_B (b). Runtime args:
num_tiles."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    per_cycle = get_compile_time_arg_val(0)
    cb_out = CBIndex.c_2
    if SRC_BCAST:
        cb_bcast, cb_llk_post, cb_pre_lhs, cb_pre_rhs = CBIndex.c_0, CBIndex.c_5, CBIndex.c_5, CBIndex.c_1
    else:
        cb_bcast, cb_llk_post, cb_pre_lhs, cb_pre_rhs = CBIndex.c_1, CBIndex.c_6, CBIndex.c_0, CBIndex.c_6
    act = Activations(PROCESS_LHS_ACTIVATIONS, PROCESS_RHS_ACTIVATIONS, PROCESS_POST_ACTIVATIONS, cb_pre_lhs,
                      cb_pre_rhs)
    sfpu = BINARY_MATH.sfpu
    BINARY_MATH.init_common(act.post_lhs, act.post_rhs, cb_out)
    if sfpu:
        BINARY_MATH.top_init(act.post_lhs, act.post_rhs, act.has_lr, act.has_post)
    for _ in range(num_tiles):
        bcast_pass(BINARY_MATH, BCAST_ROW, cb_bcast, cb_llk_post, cb_out, per_cycle, True, True)
        maybe_preprocess(BINARY_MATH, (cb_pre_lhs, act.post_lhs, act.lhs), cb_out, per_cycle)
        maybe_preprocess(BINARY_MATH, (cb_pre_rhs, act.post_rhs, act.rhs), cb_out, per_cycle)
        BINARY_MATH.reinit_binary(act.post_lhs, act.post_rhs)
        cb_reserve_back(cb_out, per_cycle)
        BINARY_MATH.tiles(act.post_lhs, act.post_rhs, cb_out, per_cycle, False, act.has_lr and sfpu,
                          act.has_post and sfpu, act.post)
        cb_push_back(cb_out, per_cycle)
        cb_pop_front(act.post_lhs, per_cycle)
        cb_pop_front(act.post_rhs, per_cycle)
