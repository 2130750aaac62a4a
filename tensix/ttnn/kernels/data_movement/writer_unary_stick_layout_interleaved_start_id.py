"""Writer of row-major pages (sticks): the CB of ct arg 0 to sticks start_id .. + num_sticks - 1 of the output, one
at a time, each write completed by a barrier (BACKWARDS define: downwards). Also clone's write_kernel_rm.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/kernel/dataflow/writer_unary_stick_layout_interleaved_start_id.cpp and
ttnn/cpp/ttnn/operations/data_movement/clone/device/kernels/write_kernel_rm.cpp. Compile-time args: cb_id_out0,
(unused), then the output's TensorAccessorArgs. Runtime args: dst_addr, stick_size, num_sticks, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_pages


def kernel_main():
    dst_addr = get_arg_val(0)
    stick_size = get_arg_val(1)
    num_sticks = get_arg_val(2)
    start_id = get_arg_val(3)
    cb_id_out0 = get_compile_time_arg_val(0)
    s0 = TensorAccessor(TensorAccessorArgs(2), dst_addr, stick_size)
    write_pages(cb_id_out0, s0, start_id, num_sticks, stick_size, bool(globals().get("BACKWARDS")))
