"""Reader of ttnn.reshard's ReshardGenericFactory when input and output pages have the same size: the output shard
on this core is filled page range by page range. Each range is a run of `stride_size` pages read from an input core
at a page offset, repeated num_strides times, each repetition either further along the same core's shard (by
stride_data pages past the run) or on another core (the core index advanced by stride_x / stride_y, same offset);
a `skip` range leaves padding pages of the output shard untouched. The reader and the writer RISC-V both run this
kernel on the two halves of the core's ranges.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/reshard_reader.cpp.
Compile-time args: shard_cb, num_x_cores, num_y_cores, page_size, unit_size. Runtime args: the NoC x of each grid
column, the NoC y of each grid row, input_shard_addr, num_output_pages, num_ranges, output_page_offset, then three
packed words per range: (start_x << 24 | start_y << 16 | stride_x << 8 | stride_y), (stride_data << 16 |
start_data), (stride_size << 16 | num_strides << 8 | skip)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    shard_cb = get_compile_time_arg_val(0)
    num_x_cores = get_compile_time_arg_val(1)
    num_y_cores = get_compile_time_arg_val(2)
    page_size = get_compile_time_arg_val(3)
    unit_size = get_compile_time_arg_val(4)

    y_offset = num_x_cores
    arg = num_x_cores + num_y_cores
    input_shard_addr = get_arg_val(arg)
    num_ranges = get_arg_val(arg + 2)
    output_page_offset = get_arg_val(arg + 3)
    arg += 4
    l1_write_addr = get_write_ptr(shard_cb) + output_page_offset * page_size

    for _r in range(num_ranges):
        core_start_stride = get_arg_val(arg)
        stride_data_offset = get_arg_val(arg + 1)
        size_num_skip = get_arg_val(arg + 2)
        arg += 3
        start_x_index = core_start_stride >> 24
        start_y_index = (core_start_stride >> 16) & 0xFF
        stride_x = (core_start_stride >> 8) & 0xFF
        stride_y = core_start_stride & 0xFF
        num_strides = (size_num_skip & 0xFFFF) >> 8
        skip = (size_num_skip & 0xFF) == 1
        stride_data = (stride_data_offset >> 16) * unit_size
        offset = (stride_data_offset & 0xFFFF) * unit_size
        stride_size = (size_num_skip >> 16) * unit_size

        addr_offset = offset
        x_index, y_index = start_x_index, start_y_index
        for _s in range(num_strides):
            if not skip:
                core_x = get_arg_val(x_index)
                core_y = get_arg_val(y_offset + y_index)
                noc_async_read(get_noc_addr(core_x, core_y, input_shard_addr + addr_offset), l1_write_addr,
                               stride_size)
            l1_write_addr += stride_size
            if stride_x == 0 and stride_y == 0:
                addr_offset += stride_data + stride_size
            else:
                addr_offset += stride_data
            x_index += stride_x
            y_index += stride_y
    noc_async_read_barrier()
