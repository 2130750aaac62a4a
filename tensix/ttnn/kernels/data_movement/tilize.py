"""Compute kernel of ttnn's tilize programs: per_core_block_cnt blocks of per_core_block_tile_cnt tiles, c_0 (rows)
-> c_16 (tiles), through compute_kernel_lib::tilize (fast tilize for Float16_b input; Float32 input with
Fp32Mode::Lossless, i.e. tilize_block).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/kernel/compute/tilize.cpp. Compile-time args: per_core_block_cnt,
per_core_block_tile_cnt."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement import kernel_lib as kl


def kernel_main():
    per_core_block_cnt = get_compile_time_arg_val(0)
    per_core_block_tile_cnt = get_compile_time_arg_val(1)
    compute_kernel_hw_startup(CBIndex.c_0, CBIndex.c_16)
    fp32_mode = kl.Fp32Mode.Lossless if kl.is_fp32_input_format(CBIndex.c_0) else kl.Fp32Mode.Fast
    kl.tilize(per_core_block_tile_cnt, CBIndex.c_0, CBIndex.c_16, per_core_block_cnt,
              init_uninit_mode=kl.InitUninitMode.InitAndUninit, wait_mode=kl.WaitMode.WaitBlock,
              reconfig_mode=kl.ReconfigureRegisterDatatypeMode.NoReconfigure, fp32_mode=fp32_mode)
