"""Reader and writer of ConcatS2SRMProgramFactory (ttnn.concat of two height-sharded ROW_MAJOR tensors along the last
dim, into a height-sharded output, with `groups`): both RISC-Vs run this kernel, each on its own range of the core's
rows [page_start, page_end). Every output row is built from the two inputs' rows in place, in the core's L1: each
input row is cut into `groups` equal pieces, and piece g of input 0 then piece g of input 1 go side by side (group g
of the output row), so groups=1 is a plain width concat.

The inputs' shards are CBs input_cb_0 / input_cb_1 placed in their buffers, the output's shard is CB output_cb; rows
are read and written contiguously at their stick sizes (the shards' rows are packed at the rows' byte sizes).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/concat/device/kernels/dataflow/
reader_height_sharded_width_concat_two_tensors.cpp. Compile-time args: output_cb_id, input_stick_size_0,
input_stick_size_1, input_stride_0, input_stride_1 (output stick size - the input's), num_output_pages (unused),
page_start, page_end, output_stick_offset (page_start * output stick size), input_start_0, input_start_1 (page_start *
the input's stick size), groups, input_cb_0_id, input_cb_1_id. No runtime args."""

from tensix.kernel import *  # noqa: F401,F403


def _gather(src, dst, stick, stride, rows, groups):
    """Each of `rows` input rows from src (packed), its `groups` pieces to dst, one output group apart."""
    for _ in range(rows):
        for _g in range(groups):
            noc_async_read(get_noc_addr(my_x[0], my_y[0], src), dst, stick)
            dst += stick + stride
            src += stick


def kernel_main():
    output_cb_id = get_compile_time_arg_val(0)
    stick_0 = get_compile_time_arg_val(1)
    stick_1 = get_compile_time_arg_val(2)
    stride_0 = get_compile_time_arg_val(3)
    stride_1 = get_compile_time_arg_val(4)
    page_start = get_compile_time_arg_val(6)
    page_end = get_compile_time_arg_val(7)
    output_stick_offset = get_compile_time_arg_val(8)
    input_start_0 = get_compile_time_arg_val(9)
    input_start_1 = get_compile_time_arg_val(10)
    groups = get_compile_time_arg_val(11)
    input_cb_0_id = get_compile_time_arg_val(12)
    input_cb_1_id = get_compile_time_arg_val(13)

    # the C++ divides the sizes by groups at compile time (integer division)
    g_stick_0, g_stick_1 = stick_0 // groups, stick_1 // groups
    g_stride_0, g_stride_1 = stride_0 // groups, stride_1 // groups
    rows = max(page_end - page_start, 0)
    base = get_write_ptr(output_cb_id)
    _gather(get_read_ptr(input_cb_0_id) + input_start_0, base + output_stick_offset, g_stick_0, g_stride_0, rows,
            groups)
    _gather(get_read_ptr(input_cb_1_id) + input_start_1, base + output_stick_offset + g_stick_0, g_stick_1,
            g_stride_1, rows, groups)
    noc_async_read_barrier()
