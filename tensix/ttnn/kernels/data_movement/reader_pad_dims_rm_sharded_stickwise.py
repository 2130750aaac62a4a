"""Reader of ttnn.pad's PadRmShardedWidthOnlyProgramFactory (height-sharded row-major, width padding only): on each
core, every stick of the input shard is copied by the RISC-V into its padded stick of the output shard, after the
writer has filled that stick with the pad value (one output page waited for and popped per stick).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/
reader_pad_dims_rm_sharded_stickwise.cpp. Compile-time args: unpadded_stick_bytes, padded_stick_bytes,
unpadded_shard_height, padded_shard_height, W_front_pad_bytes, input_shard_cb, output_shard_cb, unpadded_stick_step,
padded_stick_step. No runtime args: both shards are CBs placed in the buffers."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    unpadded_bytes = get_compile_time_arg_val(0)
    unpadded_h = get_compile_time_arg_val(2)
    front = get_compile_time_arg_val(4)
    cb_in, cb_out = get_compile_time_arg_val(5), get_compile_time_arg_val(6)
    in_step, out_step = get_compile_time_arg_val(7), get_compile_time_arg_val(8)
    src = get_write_ptr(cb_in)
    dst = get_write_ptr(cb_out)
    for _ in range(unpadded_h):
        cb_wait_front(cb_out, 1)
        # the kernel's byte loop on the RISC-V (not charged: tensix/costs.json has no per-store RISC-V figure)
        l1_ptr(dst + front, np.uint8, unpadded_bytes)[:] = l1_ptr(src, np.uint8, unpadded_bytes)
        cb_pop_front(cb_out, 1)
        src += in_step
        dst += out_step
