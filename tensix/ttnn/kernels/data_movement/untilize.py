"""Compute kernel of ttnn.untilize_with_unpadding (and the single-core untilize): per_core_block_cnt blocks of
per_core_block_tile_cnt tiles through compute_kernel_lib::untilize.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize/device/kernels/compute/untilize.cpp.
Compile-time args: per_core_block_cnt, per_core_block_tile_cnt, src_cb_id, out_cb_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement import kernel_lib as kl


def kernel_main():
    per_core_block_cnt = get_compile_time_arg_val(0)
    per_core_block_tile_cnt = get_compile_time_arg_val(1)
    src_cb_id = get_compile_time_arg_val(2)
    out_cb_id = get_compile_time_arg_val(3)
    compute_kernel_hw_startup(src_cb_id, out_cb_id)
    kl.untilize(per_core_block_tile_cnt, src_cb_id, out_cb_id, per_core_block_cnt,
                init_uninit_mode=kl.InitUninitMode.InitAndUninit, wait_mode=kl.WaitMode.WaitBlock,
                reconfig_mode=kl.ReconfigureRegisterDatatypeMode.NoReconfigure,
                dst_accum_mode=globals().get("DST_ACCUM_MODE"))
