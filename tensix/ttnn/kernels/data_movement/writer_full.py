"""Writer (and, with more pages than cores, reader) of ttnn.moreh_full's interleaved program: one page of the fill
value in the CB, written to pages start_id .. start_id + num_pages - 1.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/full/device/kernels/writer_full.cpp (fill: full_kernel_common).
Defines: OUTPUT_DTYPE_BFLOAT16 / INT32 / FLOAT32. Compile-time args: cb, elems_per_page, page_size, the output's
TensorAccessorArgs. Runtime args: output addr, fill word, num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.full_kernel_common import fill_value_page


def kernel_main():
    out_addr, word, n, start = (get_arg_val(i) for i in range(4))
    cb, elems, page_size = (get_compile_time_arg_val(i) for i in range(3))
    fill_value_page(cb, word, elems, page_size, globals())
    dst = TensorAccessor(TensorAccessorArgs(3), out_addr, page_size)
    cb_wait_front(cb, 1)
    for i in range(start, start + n):
        noc_async_write_page(i, dst, get_read_ptr(cb))
    noc_async_writes_flushed()
    cb_pop_front(cb, 1)
    noc_async_write_barrier()
