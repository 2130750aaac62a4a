"""Compute kernel of the block (2-D split) untilize programs: block_size_col * third_dim blocks of block_size_row
tiles, c_0 (tiles) -> c_16 (rows), through compute_kernel_lib::untilize (DST_ACCUM_MODE define for 32-bit input).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize/device/kernels/compute/untilize_wh.cpp.
Compile-time args: block_size_col, block_size_row, third_dim."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement import kernel_lib as kl


def kernel_main():
    block_size_col = get_compile_time_arg_val(0)
    block_size_row = get_compile_time_arg_val(1)
    third_dim = get_compile_time_arg_val(2)
    compute_kernel_hw_startup(CBIndex.c_0, CBIndex.c_16)
    kl.untilize(block_size_row, CBIndex.c_0, CBIndex.c_16, block_size_col * third_dim,
                init_uninit_mode=kl.InitUninitMode.InitAndUninit, wait_mode=kl.WaitMode.WaitBlock,
                reconfig_mode=kl.ReconfigureRegisterDatatypeMode.NoReconfigure,
                dst_accum_mode=globals().get("DST_ACCUM_MODE"))
