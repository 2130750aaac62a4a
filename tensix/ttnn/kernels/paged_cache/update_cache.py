"""Compute kernel of ttnn.experimental.paged_update_cache: untilize the user's Wt input tiles once (its heads as
rows), then per head untilize the head's cache tile row and, once the writer has copied the head's row into it,
tilize it back into the output CB.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/compute/update_cache.cpp,
call by call (compute_kernel_lib::untilize / tilize: tensix/ttnn/kernels/data_movement/kernel_lib.py; the C++
file's compute_num_blocks_per_col helper is unused). Compile-time args: cache_cb, in_cb, untilized_cache_cb,
untilized_cache2_cb, untilized_in_cb, out_cb, Wt, num_heads."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import (InitUninitMode, ReconfigureRegisterDatatypeMode, WaitMode,
                                                          tilize, untilize)


def kernel_main():
    (cache_cb, in_cb, untilized_cache_cb, untilized_cache2_cb, untilized_in_cb, out_cb, Wt, num_heads) = (
        get_compile_time_arg_val(i) for i in range(8))
    compute_kernel_hw_startup(in_cb, untilized_in_cb)
    untilize(Wt, in_cb, untilized_in_cb, 1, InitUninitMode.InitAndUninit, WaitMode.WaitBlock,
             ReconfigureRegisterDatatypeMode.NoReconfigure)
    for _h in range(num_heads):
        untilize(Wt, cache_cb, untilized_cache_cb, 1)
        tilize(Wt, untilized_cache2_cb, out_cb, 1)      # after the writer's update of the block
