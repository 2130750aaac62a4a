"""Writer of ttnn.slice for row-major tensors without steps (SliceRmProgramFactory): the rows from the CB (at
stick_size_offset strides) to the output rows from start_id, a write barrier per CB batch.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
slice_writer_unary_stick_layout_interleaved_start_id.cpp. Compile-time args: cb_id_out0, then the output's
TensorAccessorArgs. Runtime args: dst_addr, stick_size, stick_size_offset, num_sticks_per_core,
num_sticks_per_core_read, num_read_per_barrier, start_id, page_size_override."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    stick_size = get_arg_val(1)
    stick_size_offset = get_arg_val(2)
    num_sticks_per_core = get_arg_val(3)
    num_sticks_per_core_read = get_arg_val(4)
    num_read_per_barrier = get_arg_val(5)
    i_stick = get_arg_val(6)
    page_size_override = get_arg_val(7)
    cb_id_out0 = get_compile_time_arg_val(0)
    s0 = TensorAccessor(TensorAccessorArgs(1), dst_addr, page_size_override)
    sticks_read = 0
    it = 0
    while it < num_sticks_per_core_read and sticks_read < num_sticks_per_core:
        cb_wait_front(cb_id_out0, num_read_per_barrier)
        l1 = get_read_ptr(cb_id_out0)
        i = 0
        while i < num_read_per_barrier and sticks_read < num_sticks_per_core:
            sticks_read += 1
            noc_async_write(l1, get_noc_addr(i_stick, s0), stick_size)
            l1 += stick_size_offset
            i_stick += 1
            i += 1
        noc_async_write_barrier()
        cb_pop_front(cb_id_out0, num_read_per_barrier)
        it += 1
