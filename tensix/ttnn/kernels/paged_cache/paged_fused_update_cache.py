"""Compute kernel of ttnn.experimental.paged_fused_update_cache (tiled inputs): on a core of either input's grid,
untilize the core's Wt input tiles once (from input1's CB or input2's, by the is_input1 runtime arg; init only, no
uninit), then per head untilize the head's cache tile row and, once the writer has copied the head's row into it,
tilize it back into the output CB. A core in neither grid has no work.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/compute/
paged_fused_update_cache.cpp, call by call (compute_kernel_lib::untilize / tilize:
tensix/ttnn/kernels/data_movement/kernel_lib.py). Compile-time args: in1_cb, in2_cb, cache_cb, untilized_cache_cb,
untilized_cache2_cb, untilized_in_cb, out_cb, Wt, num_heads. Runtime args: has_work, then is_input1."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import (InitUninitMode, ReconfigureRegisterDatatypeMode, WaitMode,
                                                          tilize, untilize)


def kernel_main():
    if not get_arg_val(0):
        return
    is_input1 = get_arg_val(1)
    (in1_cb, in2_cb, cache_cb, untilized_cache_cb, untilized_cache2_cb, untilized_in_cb, out_cb, Wt, num_heads) = (
        get_compile_time_arg_val(i) for i in range(9))
    in_cb = in1_cb if is_input1 else in2_cb
    compute_kernel_hw_startup(in_cb, untilized_in_cb)
    untilize(Wt, in_cb, untilized_in_cb, 1, InitUninitMode.InitOnly, WaitMode.WaitBlock,
             ReconfigureRegisterDatatypeMode.NoReconfigure)
    for _h in range(num_heads):
        untilize(Wt, cache_cb, untilized_cache_cb, 1)
        tilize(Wt, untilized_cache2_cb, out_cb, 1)      # after the writer's update of the block
