"""Writer of ttnn.slice with steps for row-major tensors of rank <= 4 (SliceRmStrideProgramFactory): this core's
output rows from the CB to the output, each write flushed, one barrier at the end.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
writer_multicore_slice_4d.cpp. Compile-time args: cb_id_in, element_size, the output's TensorAccessorArgs, then
(tensix) the output's page size. Runtime args: dst_addr, tensor_rank, output w/h/d/n, element_size,
num_rows_for_this_core, start_row_for_this_core."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_pages


def kernel_main():
    dst_addr = get_arg_val(0)
    output_w = get_arg_val(2)
    element_size = get_arg_val(6)
    num_rows = get_arg_val(7)
    start_row = get_arg_val(8)
    cb_id_in = get_compile_time_arg_val(0)
    dst_args = TensorAccessorArgs(2)
    s0 = TensorAccessor(dst_args, dst_addr, get_compile_time_arg_val(dst_args.next_compile_time_args_offset()))
    write_pages(cb_id_in, s0, start_row, num_rows, output_w * element_size, flush_only=True)
