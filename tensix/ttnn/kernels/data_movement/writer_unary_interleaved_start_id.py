"""Writer of ttnn's unary-style ops: pages of c_<ct arg 0> to the output from start_id, one page at a time, each
write flushed before its pop, one barrier at the end (BACKWARDS define: downwards from start_id; OUT_SHARDED define:
the output CB is the shard, only waited for).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/
writer_unary_interleaved_start_id.cpp. Compile-time args: cb_id_out, then the output's TensorAccessorArgs. Runtime
args: dst_addr, num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import get_local_cb_interface, write_pages


def kernel_main():
    dst_addr = get_arg_val(0)
    num_pages = get_arg_val(1)
    start_id = get_arg_val(2)
    cb_id_out = get_compile_time_arg_val(0)
    page_bytes = get_local_cb_interface(cb_id_out).fifo_page_size
    if globals().get("OUT_SHARDED"):
        cb_wait_front(cb_id_out, num_pages)
        return
    s = TensorAccessor(TensorAccessorArgs(1), dst_addr, page_bytes)
    write_pages(cb_id_out, s, start_id, num_pages, page_bytes, bool(globals().get("BACKWARDS")), flush_only=True)
