"""Reader of ttnn.reshard's ReshardSameHeightFactory<local_is_output=true> (row-major width-sharded -> width-sharded,
output in L1): for each segment (a column range of this core's output shard held by one input shard), the segment
of every row (stick) is read from the input core (by L1 bank id) into the output shard. The reader and the writer
RISC-V both run this kernel, on the first and second half of the rows.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
reshard_same_height_reader.cpp. Compile-time args: shard_cb_id, read_from_dram. Runtime args: total_num_sticks,
local_stride_bytes, remote_stride_bytes, base_read_addr, num_segments, then per segment: read_size, write_offset
(in the local shard), bank_id, read_offset (in the remote shard)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    shard_cb_id = get_compile_time_arg_val(0)
    read_from_dram = bool(get_compile_time_arg_val(1))
    total_num_sticks = get_arg_val(0)
    local_stride_bytes = get_arg_val(1)
    remote_stride_bytes = get_arg_val(2)
    base_read_addr = get_arg_val(3)
    num_segments = get_arg_val(4)
    arg = 5
    base_write_addr = get_write_ptr(shard_cb_id)
    for _ in range(num_segments):
        read_size = get_arg_val(arg)
        l1_write_addr = base_write_addr + get_arg_val(arg + 1)
        bank_id = get_arg_val(arg + 2)
        read_offset = base_read_addr + get_arg_val(arg + 3)
        arg += 4
        for _j in range(total_num_sticks):
            noc_async_read(get_noc_addr_from_bank_id(bank_id, read_offset, is_dram=read_from_dram), l1_write_addr,
                           read_size)
            l1_write_addr += local_stride_bytes
            read_offset += remote_stride_bytes
    noc_async_read_barrier()
