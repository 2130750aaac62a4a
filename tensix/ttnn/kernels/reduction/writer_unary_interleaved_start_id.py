"""Writer of ttnn's reduce (and unary) programs: num_pages pages of the output CB to the output from start_id.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/
writer_unary_interleaved_start_id.cpp (interleaved output, forward order). Compile-time args: the output CB, then
the output's TensorAccessorArgs. Runtime args: dst_addr, num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    num_pages = get_arg_val(1)
    start_id = get_arg_val(2)
    cb_id_out = get_compile_time_arg_val(0)
    page_bytes = get_tile_size(cb_id_out)
    s = TensorAccessor(TensorAccessorArgs(1), dst_addr, page_bytes)
    for i in range(start_id, start_id + num_pages):
        cb_wait_front(cb_id_out, 1)
        noc_async_write_tile(i, s, get_read_ptr(cb_id_out))
        noc_async_writes_flushed()
        cb_pop_front(cb_id_out, 1)
    noc_async_write_barrier()
