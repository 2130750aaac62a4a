"""Reader of ttnn's unary-style ops: pages start_id .. start_id + num_pages - 1 of the input into c_0, one page at a
time (BACKWARDS define: downwards). Also copy's reader_unary_start_id (copy/device/kernels/reader_unary_start_id.cpp:
the same loop and arguments, tiles of CB 0).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/
reader_unary_interleaved_start_id.cpp. Compile-time args: the source's TensorAccessorArgs. Runtime args: src_addr,
num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import get_local_cb_interface, read_pages


def kernel_main():
    src_addr = get_arg_val(0)
    num_pages = get_arg_val(1)
    start_id = get_arg_val(2)
    page_bytes = get_local_cb_interface(0).fifo_page_size
    s = TensorAccessor(TensorAccessorArgs(0), src_addr, page_bytes)
    read_pages(0, s, start_id, num_pages, page_bytes, bool(globals().get("BACKWARDS")))
