"""Compute kernel of the block (2-D split) tilize programs: block_size_col * third_dim blocks of block_size_row tiles,
c_0 (rows) -> c_16 (tiles), through compute_kernel_lib::tilize (Fp32Mode::Lossless for Float32 input).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/tilize/device/kernels/compute/tilize_wh.cpp.
Compile-time args: block_size_col, block_size_row, third_dim."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement import kernel_lib as kl


def kernel_main():
    block_size_col = get_compile_time_arg_val(0)
    block_size_row = get_compile_time_arg_val(1)
    third_dim = get_compile_time_arg_val(2)
    compute_kernel_hw_startup(CBIndex.c_0, CBIndex.c_16)
    fp32_mode = kl.Fp32Mode.Lossless if kl.is_fp32_input_format(CBIndex.c_0) else kl.Fp32Mode.Fast
    kl.tilize(block_size_row, CBIndex.c_0, CBIndex.c_16, block_size_col * third_dim,
              init_uninit_mode=kl.InitUninitMode.InitAndUninit, wait_mode=kl.WaitMode.WaitBlock,
              reconfig_mode=kl.ReconfigureRegisterDatatypeMode.NoReconfigure, fp32_mode=fp32_mode)
