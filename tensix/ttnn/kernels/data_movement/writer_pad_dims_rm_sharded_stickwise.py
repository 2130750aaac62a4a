"""Writer of ttnn.pad's PadRmShardedWidthOnlyProgramFactory: the pad CB filled with the pad value (4- or 2-byte
elements, by the RISC-V), then every stick of the output shard overwritten with it by a NoC write to this core, one
output page pushed per stick (the reader then copies the input stick over it).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/
writer_pad_dims_rm_sharded_stickwise.cpp. Compile-time args: padded_stick_bytes, padded_shard_height,
padding_value_as_u32, padding_value_num_bytes, output_shard_cb, padding_value_cb (padded_stick_step is passed but the
kernel steps by padded_stick_bytes, as tt-metal's)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    stick = get_compile_time_arg_val(0)
    shard_h = get_compile_time_arg_val(1)
    value = get_compile_time_arg_val(2)
    nbytes = get_compile_time_arg_val(3)
    cb_out, cb_pad = get_compile_time_arg_val(4), get_compile_time_arg_val(5)
    cb_reserve_back(cb_out, shard_h)
    out = get_write_ptr(cb_out)
    pad = get_write_ptr(cb_pad)
    # fill_cb_with_padding_value (RISC-V stores, not charged): a 2-byte element takes the word's low half
    if nbytes == 4:
        l1_ptr(pad, np.uint32, stick // 4)[:] = np.uint32(value)
    else:
        l1_ptr(pad, np.uint16, stick // 2)[:] = np.uint16(value & 0xFFFF)
    pad = get_read_ptr(cb_pad)
    for _ in range(shard_h):
        noc_async_write(pad, get_noc_addr(my_x[0], my_y[0], out), stick)
        noc_async_write_barrier()
        cb_push_back(cb_out, 1)
        out += stick
