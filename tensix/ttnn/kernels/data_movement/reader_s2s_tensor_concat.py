"""Reader and writer of ConcatS2SMultiProgramFactory (ttnn.concat of sharded tensors into a sharded output: height
concat of width-sharded tensors (dim 2) or width concat of height-sharded ones (dim 3), any number of inputs, TILE or
ROW_MAJOR): both RISC-Vs run this kernel, each on its own share of every input's sticks. A stick is a row of pages
across the input's shard (a tile row in TILE layout, a row cut into pages of page_size bytes in ROW_MAJOR layout);
input i's sticks are copied in the core's L1 from its shard (CB i) to the output's shard (CB output_cb) at the
input's write offset, one output stick (output_stride bytes) apart.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/concat/device/kernels/dataflow/
reader_s2s_tensor_concat.cpp. Compile-time args: output_cb_id, page_size, output_stride, num_input_tensors. Runtime
args, four per input: pages per stick, sticks, write offset in the output shard, read offset in the input shard."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    output_cb_id = get_compile_time_arg_val(0)
    page_size = get_compile_time_arg_val(1)
    output_stride = get_compile_time_arg_val(2)
    num_input_tensors = get_compile_time_arg_val(3)

    base = get_write_ptr(output_cb_id)
    arg = 0
    for input_id in range(num_input_tensors):
        pages_per_stick = get_arg_val(arg)
        sticks = get_arg_val(arg + 1)
        write_offset = get_arg_val(arg + 2)
        read_offset = get_arg_val(arg + 3)
        arg += 4
        dst = base + write_offset
        src = get_read_ptr(input_id) + read_offset
        for _ in range(sticks):
            for p in range(pages_per_stick):        # one NoC read per page, as the C++ issues them
                noc_async_read(get_noc_addr(my_x[0], my_y[0], src), dst + page_size * p, page_size)
                src += page_size
            dst += output_stride
    noc_async_read_barrier()
