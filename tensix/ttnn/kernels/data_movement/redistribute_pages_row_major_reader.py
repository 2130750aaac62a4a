"""Reader of ttnn's copy (DefaultRowMajor factory: row-major tensors between memory configs): for each tensor row,
input subblocks (pages, or 256 KB pieces of larger pages) are read into c_0 and their bytes moved into output
subblocks in c_1 (tt_memmove), one c_1 page per output subblock; the pages of the two tensors may split a row
differently (width-sharded shards).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/copy/device/kernels/
redistribute_pages_row_major_reader.cpp. Compile-time args: cb_id_in0, cb_id_in1, num_output_pages_in_row,
num_input_pages_in_row, elements_per_output_page, bytes_per_element, elements_per_input_page,
elements_per_tensor_row, bytes_per_input_subblock, bytes_per_output_subblock, the source's TensorAccessorArgs, then
(tensix) the source's aligned page size (after the accessor's args), which tt-metal's accessor
carries in its args. Runtime args: src_addr, start_row,
num_rows_to_process."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import tt_memmove


def kernel_main():
    src_addr = get_arg_val(0)
    start_row = get_arg_val(1)
    num_rows_to_process = get_arg_val(2)
    cb_id_in0 = get_compile_time_arg_val(0)
    cb_id_in1 = get_compile_time_arg_val(1)
    num_input_pages_in_row = get_compile_time_arg_val(3)
    elements_per_output_page = get_compile_time_arg_val(4)
    bytes_per_element = get_compile_time_arg_val(5)
    elements_per_input_page = get_compile_time_arg_val(6)
    elements_per_tensor_row = get_compile_time_arg_val(7)
    bytes_per_input_subblock = get_compile_time_arg_val(8)
    bytes_per_output_subblock = get_compile_time_arg_val(9)
    src_args = TensorAccessorArgs(10)
    src = TensorAccessor(src_args, src_addr, get_compile_time_arg_val(src_args.next_compile_time_args_offset()))
    e_out = bytes_per_output_subblock // bytes_per_element
    e_in = bytes_per_input_subblock // bytes_per_element
    cb_reserve_back(cb_id_in0, 1)
    in_l1 = get_write_ptr(cb_id_in0)

    def next_end(start, per_page, per_sub):
        page_end = start + (per_page - (start % per_page) - 1)
        return min(min(start + per_sub - 1, elements_per_tensor_row - 1), page_end)

    for row in range(start_row, start_row + num_rows_to_process):
        in_start, in_end = 0, e_in - 1
        out_start, out_end = 0, e_out - 1
        while in_start < elements_per_tensor_row:
            if in_start >= out_start:           # read a new input subblock
                page = row * num_input_pages_in_row + in_start // elements_per_input_page
                off = ((in_start % elements_per_input_page) // e_in) * bytes_per_input_subblock
                noc_async_read(get_noc_addr(page, src, off), in_l1, (in_end - in_start + 1) * bytes_per_element)
                noc_async_read_barrier()
            if out_start >= in_start:
                cb_reserve_back(cb_id_in1, 1)   # a new output subblock
                out_off, in_off = 0, (out_start - in_start) * bytes_per_element
                first = out_start
            else:
                out_off, in_off = (in_start - out_start) * bytes_per_element, 0
                first = in_start
            if in_end >= out_end:               # this input subblock finishes the output subblock
                nbytes = (out_end - first + 1) * bytes_per_element
                tt_memmove(get_write_ptr(cb_id_in1) + out_off, in_l1 + in_off, nbytes)
                if in_end == out_end:
                    in_start = in_end + 1
                    in_end = next_end(in_start, elements_per_input_page, e_in)
                out_start = out_end + 1
                out_end = next_end(out_start, elements_per_output_page, e_out)
                cb_push_back(cb_id_in1, 1)
            else:                               # the input subblock ends inside the output subblock
                nbytes = (in_end - first + 1) * bytes_per_element
                tt_memmove(get_write_ptr(cb_id_in1) + out_off, in_l1 + in_off, nbytes)
                in_start = in_end + 1
                in_end = next_end(in_start, elements_per_input_page, e_in)
    cb_push_back(cb_id_in0, 1)
    cb_wait_front(cb_id_in0, 1)
    cb_pop_front(cb_id_in0, 1)
