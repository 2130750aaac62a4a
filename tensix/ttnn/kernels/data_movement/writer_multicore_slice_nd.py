"""Writer of ttnn.slice with steps for row-major tensors of rank > 4 (SliceRmStrideProgramFactory's _nd kernels):
this core's output rows from the CB to the output, from start_row_for_this_core on, each write flushed, one barrier
at the end.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
writer_multicore_slice_nd.cpp. Compile-time args: cb_id_in, element_size, the output's TensorAccessorArgs, then
(tensix) the output's page size. Runtime args: dst_addr, tensor_rank, element_size, num_rows_for_this_core,
start_row_for_this_core, then tensor_rank words of the output dims."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_pages


def kernel_main():
    dst_addr, rank, element_size, num_rows, start_row = (get_arg_val(i) for i in range(5))
    output_w = get_arg_val(5 + rank - 1)
    cb_id_in = get_compile_time_arg_val(0)
    dst_args = TensorAccessorArgs(2)
    s0 = TensorAccessor(dst_args, dst_addr, get_compile_time_arg_val(dst_args.next_compile_time_args_offset()))
    write_pages(cb_id_in, s0, start_row, num_rows, output_w * element_size, flush_only=True)
