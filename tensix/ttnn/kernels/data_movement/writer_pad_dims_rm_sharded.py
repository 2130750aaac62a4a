"""Writer of ttnn.pad's PadRmShardedHeightOnlyProgramFactory: the pad CB filled with the pad value (the value: 32
bytes stored by the RISC-V, then spread over the stick 16 bytes at a time by local NoC reads; zero: zeroed), then every
stick of the output shard that lies outside the input (h, c, n before the front padding or past the input's extent)
overwritten with it by a local NoC read.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/
writer_pad_dims_rm_sharded.cpp. Compile-time args: N + front_n, H + front_h, C + front_c, stick_size_bytes, N_padded,
H_padded, C_padded, num_zero_pad_sticks_read, zero_pad_stick_size, not_pad_by_zero, packed_pad_value,
row_major_min_bytes, num_sticks_padded_read. Runtime args: num_sticks_per_core, start_id, front_pad_n, front_pad_c,
front_pad_h, start_dim_offset[4] (0, h, c, n)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import fill_with_val


def kernel_main():
    n_sticks = get_arg_val(0)
    front_n, front_c, front_h = get_arg_val(2), get_arg_val(3), get_arg_val(4)
    curr_h, curr_c, curr_n = get_arg_val(6), get_arg_val(7), get_arg_val(8)
    ct = [get_compile_time_arg_val(i) for i in range(10)]
    N, H, C, stick, H_padded, C_padded = ct[0], ct[1], ct[2], ct[3], ct[5], ct[6]
    n_zero_reads, zero_size, not_zero = ct[7], ct[8], ct[9] == 1
    cb_pad, cb_out = 1, 16
    pad = get_read_ptr(cb_pad)
    if not_zero:
        packed, min_bytes, n_reads = (get_compile_time_arg_val(i) for i in (10, 11, 12))
        fill_with_val(pad, min_bytes // 2, packed)      # num_bytes_risc / 2 words, as the kernel's loop
        at = pad
        for _ in range(n_reads):
            noc_async_read(get_noc_addr(my_x[0], my_y[0], pad), at, min_bytes)
            at += min_bytes
        noc_async_read_barrier()
    else:
        # noc.async_write_zeros over zero_pad_stick_size * num_zero_pad_sticks_read bytes
        l1_ptr(pad, np.uint8, zero_size * n_zero_reads)[:] = 0
    dst = get_write_ptr(cb_out)
    for _ in range(n_sticks):
        inside = front_h <= curr_h < H and front_c <= curr_c < C and front_n <= curr_n < N
        if not inside:
            noc_async_read(get_noc_addr(my_x[0], my_y[0], pad), dst, stick)
        dst += stick
        curr_h += 1
        if curr_h == H_padded:
            curr_c += 1
            curr_h = 0
            if curr_c == C_padded:
                curr_n += 1
                curr_c = 0
    noc_async_read_barrier()
