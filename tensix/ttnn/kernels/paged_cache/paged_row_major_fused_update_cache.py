"""Compute kernel of ttnn.experimental.paged_fused_update_cache with row-major inputs: no input untilize (the writer
copies the input's rows as they are); per head untilize the head's cache tile row and, once the writer has copied
the head's row into it, tilize it back into the output CB. A core in neither grid has no work.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/compute/
paged_row_major_fused_update_cache.cpp (compute_kernel_lib::untilize / tilize:
tensix/ttnn/kernels/data_movement/kernel_lib.py). Compile-time args: in1_cb, in2_cb, cache_cb, untilized_cache_cb,
untilized_cache2_cb, out_cb, Wt, num_heads. Runtime args: has_work, then is_input1 (unused here)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import tilize, untilize


def kernel_main():
    if not get_arg_val(0):
        return
    (_in1_cb, _in2_cb, cache_cb, untilized_cache_cb, untilized_cache2_cb, out_cb, Wt, num_heads) = (
        get_compile_time_arg_val(i) for i in range(8))
    compute_kernel_hw_startup(cache_cb, untilized_cache_cb)
    for _h in range(num_heads):
        untilize(Wt, cache_cb, untilized_cache_cb, 1)
        tilize(Wt, untilized_cache2_cb, out_cb, 1)      # after the writer's update of the block
