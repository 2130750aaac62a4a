"""Writer of ttnn's copy (DefaultRowMajor factory): each output subblock from c_1 to its page of the output (at its
subblock's offset within the page).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/copy/device/kernels/
redistribute_pages_row_major_writer.cpp. Compile-time args: cb_id_in1, num_output_pages_in_row,
elements_per_output_page, bytes_per_element, elements_per_tensor_row, bytes_per_output_subblock, the output's
TensorAccessorArgs, then (tensix) the output's aligned page size (after the accessor's
args). Runtime args: dst_addr, start_row, num_rows_to_process."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    start_row = get_arg_val(1)
    num_rows_to_process = get_arg_val(2)
    cb_id_in1 = get_compile_time_arg_val(0)
    num_output_pages_in_row = get_compile_time_arg_val(1)
    elements_per_output_page = get_compile_time_arg_val(2)
    bytes_per_element = get_compile_time_arg_val(3)
    elements_per_tensor_row = get_compile_time_arg_val(4)
    bytes_per_output_subblock = get_compile_time_arg_val(5)
    dst_args = TensorAccessorArgs(6)
    dst = TensorAccessor(dst_args, dst_addr, get_compile_time_arg_val(dst_args.next_compile_time_args_offset()))
    e_out = bytes_per_output_subblock // bytes_per_element
    for row in range(start_row, start_row + num_rows_to_process):
        col = 0
        while col < elements_per_tensor_row:
            page_end = col + (elements_per_output_page - (col % elements_per_output_page) - 1)
            end = min(min(col + e_out - 1, elements_per_tensor_row - 1), page_end)
            page = row * num_output_pages_in_row + col // elements_per_output_page
            off = ((col % elements_per_output_page) // e_out) * bytes_per_output_subblock
            cb_wait_front(cb_id_in1, 1)
            noc_async_write(get_read_ptr(cb_id_in1), get_noc_addr(page, dst, off), (end - col + 1) * bytes_per_element)
            noc_async_write_barrier()
            cb_pop_front(cb_id_in1, 1)
            col = end + 1
