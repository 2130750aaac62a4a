"""Reader of row-major pages (sticks): sticks start_id .. + num_sticks - 1 of the source into the CB of ct arg 0, one
at a time (BACKWARDS define: downwards). Also clone's read_kernel_rm (the same loop and arguments).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/kernel/dataflow/reader_unary_stick_layout_interleaved_start_id.cpp and
ttnn/cpp/ttnn/operations/data_movement/clone/device/kernels/read_kernel_rm.cpp. Compile-time args: cb_id_in0,
(unused), then the source's TensorAccessorArgs. Runtime args: src_addr, stick_size, num_sticks, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import read_pages


def kernel_main():
    src_addr = get_arg_val(0)
    stick_size = get_arg_val(1)
    num_sticks = get_arg_val(2)
    start_id = get_arg_val(3)
    cb_id_in0 = get_compile_time_arg_val(0)
    s0 = TensorAccessor(TensorAccessorArgs(2), src_addr, stick_size)
    read_pages(cb_id_in0, s0, start_id, num_sticks, stick_size, bool(globals().get("BACKWARDS")))
