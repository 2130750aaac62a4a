"""Writer of ttnn.typecast: the output CB's pages to pages start_id .. of the output, flushed per page, one barrier
at the end.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/
writer_unary_interleaved_start_id.cpp. Compile-time args: cb_id_out, then the TensorAccessorArgs. Runtime args:
dst_addr, num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr, num_pages, start = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    cb = get_compile_time_arg_val(0)
    dst = TensorAccessor(TensorAccessorArgs(1), dst_addr, get_tile_size(cb))
    for i in range(start, start + num_pages):
        cb_wait_front(cb, 1)
        noc_async_write_tile(i, dst, get_read_ptr(cb))
        noc_async_writes_flushed()
        cb_pop_front(cb, 1)
    noc_async_write_barrier()
