"""Writer of ttnn.pad for row-major tensors (PadRmReaderWriterMultiCoreDefaultProgramFactory): the padded rows of
c_0 to the output from start_page_id, num_sticks_per_barrier rows per CB block (the last block pops a whole block).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/
writer_pad_dims_rm_interleaved_v2.cpp. Compile-time args: cb_out0, stick_size_bytes, stick_size_padded_aligned,
num_output_pages_in_row, output_page_size, size_of_valid_data_in_last_output_page_in_row, the output's
TensorAccessorArgs. Runtime args: dst_addr, num_sticks_per_core, num_sticks_per_barrier, start_page_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    num_sticks = get_arg_val(1)
    per_barrier = get_arg_val(2)
    i_page = get_arg_val(3)
    cb, _stick, aligned, n_pages, page, last_valid = (get_compile_time_arg_val(i) for i in range(6))
    s = TensorAccessor(TensorAccessorArgs(6), dst_addr, page)
    it = 0
    while it < num_sticks:
        cb_wait_front(cb, per_barrier)
        rd = get_read_ptr(cb)
        i = 0
        while i < per_barrier and it < num_sticks:
            off = rd
            for p in range(n_pages - 1):
                noc_async_write(off, get_noc_addr(i_page + p, s), page)
                off += page
            noc_async_write(off, get_noc_addr(i_page + n_pages - 1, s), last_valid)
            rd += aligned
            i_page += n_pages
            i += 1
            it += 1
        noc_async_write_barrier()
        cb_pop_front(cb, per_barrier)
