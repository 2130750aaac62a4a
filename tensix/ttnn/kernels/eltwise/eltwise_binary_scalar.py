"""Compute kernel of binary_ng with a scalar operand: c_0 (op) the scalar tile in c_1 (filled once by the writer)
-> c_2.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels/compute/eltwise_binary_scalar.cpp
(FPU: BINARY_OP(lhs, rhs, i, 0, i)) and eltwise_binary_sfpu_scalar.cpp (SFPU: the scalar tile copied to Dst 2i + 1
for every tile); BINARY_MATH and the PROCESS_*_ACTIVATIONS defines as eltwise_binary_no_bcast.py. Runtime args:
num_tiles."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    per_cycle = get_compile_time_arg_val(0)
    act = Activations(PROCESS_LHS_ACTIVATIONS, PROCESS_RHS_ACTIVATIONS, PROCESS_POST_ACTIVATIONS, 0, 1)
    cb_out = CBIndex.c_2
    BINARY_MATH.init_common(act.post_lhs, act.post_rhs, cb_out)
    BINARY_MATH.top_init(act.post_lhs, act.post_rhs, act.has_lr, act.has_post)
    maybe_preprocess(BINARY_MATH, (1, act.post_rhs, act.rhs), cb_out, 1)

    def process_tiles(n):
        maybe_preprocess(BINARY_MATH, (0, act.post_lhs, act.lhs), cb_out, n)
        cb_reserve_back(cb_out, n)
        BINARY_MATH.tiles(act.post_lhs, act.post_rhs, cb_out, n, True, act.has_lr, act.has_post, act.post)
        cb_pop_front(act.post_lhs, n)
        cb_push_back(cb_out, n)

    in_chunks(num_tiles, per_cycle, process_tiles)
    cb_pop_front(act.post_rhs, 1)
