"""Writer of ttnn.moreh_full's legacy-sharded program: one page of the fill value in c_24, written to this core's
shard (rows of pages from start_page_id, tensor_width_in_pages apart).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/full/device/kernels/writer_full_sharded.cpp. Compile-time args: cb,
elems_per_page, page_size, aligned_page_size, tensor_width_in_pages, the output's TensorAccessorArgs. Runtime args:
output addr, fill word, start_page_id, pages per shard row, pages per shard column."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.full_kernel_common import fill_value_page


def kernel_main():
    out_addr, word, start, per_row, per_col = (get_arg_val(i) for i in range(5))
    cb, elems, page_size = (get_compile_time_arg_val(i) for i in range(3))
    width = get_compile_time_arg_val(4)
    fill_value_page(cb, word, elems, page_size, globals())
    dst = TensorAccessor(TensorAccessorArgs(5), out_addr, page_size)
    cb_wait_front(cb, 1)
    for _ in range(per_col):
        for page in range(start, start + per_row):
            noc_async_write_page(page, dst, get_read_ptr(cb))
        start += width
    noc_async_writes_flushed()
    cb_pop_front(cb, 1)
    noc_async_write_barrier()
