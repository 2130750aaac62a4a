"""Reader of ttnn.reshard's ReshardGenericFactory when input and output pages differ in size (row-major shards of
different widths): the output shard on this core is filled in base pages (gcd of the two page sizes), block by
block. A block is a pattern of page ranges (as reshard_reader's: a run of pages read from an input core at a page
offset, num_strides times, further along the same core or on cores advanced by stride_x / stride_y; a `skip` range
leaves padding untouched) repeated num_repeats times, each repetition starting its ranges' cores and page offsets
one meta stride further. The reader and the writer RISC-V both run this kernel on the two halves of the blocks.
Index and offset arithmetic is uint32, as on the card.

Ports tt-metal 622c6fb9
ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/reshard_reader_diff_width.cpp.
Compile-time args: shard_cb, num_x_cores, num_y_cores, page_size, unit_size. Runtime args: the NoC x of each grid
column, the NoC y of each grid row, input_shard_addr, num_output_pages (unused), num_blocks, output_page_offset,
then per block num_repeats, pattern_len and five words per pattern entry: the meta stride's core (x << 16 | y) and
page, (start_x << 24 | start_y << 16 | stride_x << 8 | stride_y), (stride_data << 16 | start_data),
(stride_size << 16 | num_strides << 8 | skip)."""

from tensix.kernel import *  # noqa: F401,F403

_M32 = 0xFFFFFFFF


def kernel_main():
    shard_cb = get_compile_time_arg_val(0)
    num_x_cores = get_compile_time_arg_val(1)
    num_y_cores = get_compile_time_arg_val(2)
    page_size = get_compile_time_arg_val(3)
    unit_size = get_compile_time_arg_val(4)

    y_offset = num_x_cores
    arg = num_x_cores + num_y_cores
    input_shard_addr = get_arg_val(arg)
    num_blocks = get_arg_val(arg + 2)
    output_page_offset = get_arg_val(arg + 3)
    arg += 4
    l1_write_addr = get_write_ptr(shard_cb) + output_page_offset * page_size

    for _b in range(num_blocks):
        num_repeats = get_arg_val(arg)
        pattern_len = get_arg_val(arg + 1)
        pattern = arg + 2
        for r in range(num_repeats):
            p = pattern
            for _i in range(pattern_len):
                meta_core = get_arg_val(p)
                meta_data = get_arg_val(p + 1)
                core_start_stride = get_arg_val(p + 2)
                stride_data_offset = get_arg_val(p + 3)
                size_num_skip = get_arg_val(p + 4)
                p += 5
                stride_x = (core_start_stride >> 8) & 0xFF
                stride_y = core_start_stride & 0xFF
                num_strides = (size_num_skip >> 8) & 0xFF
                skip = (size_num_skip & 0xFF) == 1
                stride_data = (stride_data_offset >> 16) * unit_size
                stride_bytes = (size_num_skip >> 16) * unit_size & _M32

                x_index = ((core_start_stride >> 24) + r * (meta_core >> 16)) & _M32
                y_index = (((core_start_stride >> 16) & 0xFF) + r * (meta_core & 0xFFFF)) & _M32
                addr_offset = (((stride_data_offset & 0xFFFF) + r * meta_data) & _M32) * unit_size & _M32
                for _s in range(num_strides):
                    if not skip:
                        core_x = get_arg_val(x_index)
                        core_y = get_arg_val(y_offset + y_index)
                        noc_async_read(get_noc_addr(core_x, core_y, (input_shard_addr + addr_offset) & _M32),
                                       l1_write_addr, stride_bytes)
                    l1_write_addr += stride_bytes
                    if stride_x == 0 and stride_y == 0:
                        addr_offset = (addr_offset + stride_data + stride_bytes) & _M32
                    else:
                        addr_offset = (addr_offset + stride_data) & _M32
                    x_index = (x_index + stride_x) & _M32
                    y_index = (y_index + stride_y) & _M32
        arg = pattern + pattern_len * 5
    noc_async_read_barrier()
