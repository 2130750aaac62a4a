"""Compute kernel of ternary (TTT, NONE / OUTER_BCAST): per tile, c_0, c_1, c_2 copied to Dst 0, 1, 2, the
ternary SFPU op (TERNARY_SFPU_OP_INIT / TERNARY_SFPU_OP_FUNC(0, 1, 2, 0)), Dst 0 packed into c_3.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/compute/
ternary_sfpu_no_bcast_ttt.cpp. Defines: TERNARY_SFPU_OP_INIT (a callable of no arguments) and TERNARY_SFPU_OP_FUNC
(a callable of (idst0, idst1, idst2, odst)), the factory's get_compute_defines (where_tile_init /
where_tile<format>). Runtime args: num_tiles (then freq, counter, scalar: unused here); compile-time:
num_tiles_per_cycle (1)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    per_cycle = get_compile_time_arg_val(0)
    cb_in = (CBIndex.c_0, CBIndex.c_1, CBIndex.c_2)
    cb_out = CBIndex.c_3
    unary_op_init_common(cb_in[0], cb_out)
    for _ in range(num_tiles):
        for cb in cb_in:
            cb_wait_front(cb, per_cycle)
        ternary_sfpu_tile(cb_in, cb_out, per_cycle, copy_tile_to_dst_init_short, TERNARY_SFPU_OP_INIT,
                          TERNARY_SFPU_OP_FUNC)
        for cb in cb_in:
            cb_pop_front(cb, per_cycle)
