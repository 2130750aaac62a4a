"""Compute kernel of ttnn's reduce programs (W, H and HW): compute_kernel_hw_startup, then
compute_kernel_lib::reduce<REDUCE_OP, REDUCE_DIM, c_0, c_2, c_3, WaitAndPopPerTile, INPUT>(Ht, Wt, NC).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/compute/reduce.cpp. Compile-time
args: Ht, Wt, NC, post-mul scaler bits (read only with REDUCE_POST_MUL: each result multiplied by it on the SFPU,
reduce_lib.reduce_post_mul). Defines: REDUCE_OP, REDUCE_DIM, REDUCE_POST_MUL."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    Ht = get_compile_time_arg_val(0)
    Wt = get_compile_time_arg_val(1)
    NC = get_compile_time_arg_val(2)
    compute_kernel_hw_startup(CBIndex.c_0, CBIndex.c_2, CBIndex.c_3)
    R.reduce(REDUCE_OP, REDUCE_DIM, CBIndex.c_0, CBIndex.c_2, CBIndex.c_3, Ht, Wt, NC,
             policy=R.ReduceInputPolicy.WaitAndPopPerTile, reconfig=R.ReduceDataFormatReconfigMode.INPUT,
             post_reduce_op=R.reduce_post_mul(globals().get("REDUCE_POST_MUL", 0)))
