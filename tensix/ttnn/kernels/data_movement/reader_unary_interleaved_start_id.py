"""Reader of ttnn's unary-style ops: pages start_id .. start_id + num_pages - 1 of the input into c_0, one page at a
time (BACKWARDS define: downwards).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/
reader_unary_interleaved_start_id.cpp. Compile-time args: the source's TensorAccessorArgs. Runtime args: src_addr,
num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import get_local_cb_interface


def kernel_main():
    src_addr = get_arg_val(0)
    num_pages = get_arg_val(1)
    start_id = get_arg_val(2)
    cb_id_in0 = 0
    page_bytes = get_local_cb_interface(cb_id_in0).fifo_page_size
    s = TensorAccessor(TensorAccessorArgs(0), src_addr, page_bytes)
    ids = range(start_id, start_id - num_pages, -1) if globals().get("BACKWARDS") else \
        range(start_id, start_id + num_pages)
    for i in ids:
        cb_reserve_back(cb_id_in0, 1)
        noc_async_read(get_noc_addr(i, s), get_write_ptr(cb_id_in0), page_bytes)
        noc_async_read_barrier()
        cb_push_back(cb_id_in0, 1)
