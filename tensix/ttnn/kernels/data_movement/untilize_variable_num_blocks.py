"""Compute kernel of ttnn.untilize (multi-core factory): get_arg_val(0) blocks of per_core_block_tile_cnt tiles, src
-> out, through compute_kernel_lib::untilize (pack untilize). DST_ACCUM_MODE define (Int32 / UInt32 / Float32
input): the helper's Dst limit is the 32-bit one.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize/device/kernels/compute/
untilize_variable_num_blocks.cpp. Compile-time args: per_core_block_tile_cnt, src_cb_id, out_cb_id. Runtime args:
per_core_block_cnt."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement import kernel_lib as kl


def kernel_main():
    per_core_block_cnt = get_arg_val(0)
    if per_core_block_cnt == 0:
        return
    per_core_block_tile_cnt = get_compile_time_arg_val(0)
    src_cb_id = get_compile_time_arg_val(1)
    out_cb_id = get_compile_time_arg_val(2)
    compute_kernel_hw_startup(src_cb_id, out_cb_id)
    kl.untilize(per_core_block_tile_cnt, src_cb_id, out_cb_id, per_core_block_cnt,
                init_uninit_mode=kl.InitUninitMode.InitAndUninit, wait_mode=kl.WaitMode.WaitBlock,
                reconfig_mode=kl.ReconfigureRegisterDatatypeMode.NoReconfigure,
                dst_accum_mode=globals().get("DST_ACCUM_MODE"))
