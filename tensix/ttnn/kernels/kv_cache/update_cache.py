"""Compute kernel of ttnn.update_cache: per batched head, untilize the head's Wt input tiles (one row per user) into
the untilized input CB; then for each of u_count blocks, untilize `granularity` users' cache tile rows, and (after the
writer has copied each user's new row into them) tilize them back into the output CB. Ends each head by pointing SrcA
back at the input CB's format.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/kv_cache/device/kernels/compute/update_cache.cpp, call by call
(compute_kernel_lib::untilize / tilize: tensix/ttnn/kernels/data_movement/kernel_lib.py). Compile-time args:
cache_cb, in_cb, untilized_cache_cb, untilized_cache2_cb, untilized_in_cb, out_cb, num_batched_heads, Wt,
granularity, u_count."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import (InitUninitMode, ReconfigureRegisterDatatypeMode, WaitMode,
                                                          tilize, untilize)


def kernel_main():
    (cache_cb, in_cb, untilized_cache_cb, untilized_cache2_cb, untilized_in_cb, out_cb, num_batched_heads, Wt,
     granularity, u_count) = (get_compile_time_arg_val(i) for i in range(10))
    compute_kernel_hw_startup(in_cb, untilized_in_cb)
    for _h in range(num_batched_heads):
        # the input's untilize reconfigures nothing: the packer keeps the format the last tilize left
        untilize(Wt, in_cb, untilized_in_cb, 1, InitUninitMode.InitAndUninit, WaitMode.WaitBlock,
                 ReconfigureRegisterDatatypeMode.NoReconfigure)
        for _u in range(u_count):
            untilize(Wt, cache_cb, untilized_cache_cb, granularity)
            # the writer updates each block, then hands it over on untilized_cache2_cb
            tilize(Wt, untilized_cache2_cb, out_cb, granularity)
        reconfig_data_format_srca(cache_cb, in_cb)
