"""Compute kernel of binary_ng without a subtile broadcast: c_0 (op) c_1 -> c_2, num_tiles_per_cycle tiles a round.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels/compute/
eltwise_binary_no_bcast.cpp (FPU) and eltwise_binary_sfpu_no_bcast.cpp (SFPU): the define BINARY_MATH
(eltwise_api.FpuMath / SfpuMath) holds BINARY_OP / BINARY_OP_TYPE or BINARY_SFPU_INIT / BINARY_SFPU_OP and the init
calls that differ. Defines PROCESS_LHS_ACTIVATIONS / PROCESS_RHS_ACTIVATIONS / PROCESS_POST_ACTIVATIONS: the
activation chains (callables of the Dst tile index), None where empty (HAS_ACTIVATIONS(op) false): an operand with
activations goes through c_3 / c_4 (eltwise_utils PREPROCESS). Runtime args: num_tiles; compile-time:
num_tiles_per_cycle."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    per_cycle = get_compile_time_arg_val(0)
    act = Activations(PROCESS_LHS_ACTIVATIONS, PROCESS_RHS_ACTIVATIONS, PROCESS_POST_ACTIVATIONS, 0, 1)
    cb_out = CBIndex.c_2
    BINARY_MATH.init_common(act.post_lhs, act.post_rhs, cb_out)
    BINARY_MATH.top_init(act.post_lhs, act.post_rhs, act.has_lr, act.has_post)

    def process_tiles(n):
        maybe_preprocess(BINARY_MATH, (0, act.post_lhs, act.lhs), cb_out, n)
        maybe_preprocess(BINARY_MATH, (1, act.post_rhs, act.rhs), cb_out, n)
        cb_reserve_back(cb_out, n)
        BINARY_MATH.tiles(act.post_lhs, act.post_rhs, cb_out, n, False, act.has_lr, act.has_post, act.post)
        cb_push_back(cb_out, n)
        cb_pop_front(act.post_lhs, n)
        cb_pop_front(act.post_rhs, n)

    in_chunks(num_tiles, per_cycle, process_tiles)
