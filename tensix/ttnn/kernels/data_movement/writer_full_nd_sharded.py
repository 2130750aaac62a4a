"""Writer of ttnn.moreh_full's ND-sharded program: one page of the fill value in c_24, written to every page of
shards start_shard_id, start_shard_id + num_cores, ... (TensorAccessor shard_pages: the pages inside the tensor).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/full/device/kernels/writer_full_nd_sharded.cpp. Compile-time args:
cb, elems_per_page, page_size, aligned_page_size, num_shards, num_cores, the output's TensorAccessorArgs. Runtime
args: output addr, fill word, start_shard_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.full_kernel_common import fill_value_page


def kernel_main():
    out_addr, word, start = (get_arg_val(i) for i in range(3))
    cb, elems, page_size = (get_compile_time_arg_val(i) for i in range(3))
    num_shards, num_cores = get_compile_time_arg_val(4), get_compile_time_arg_val(5)
    fill_value_page(cb, word, elems, page_size, globals())
    dst = TensorAccessor(TensorAccessorArgs(6), out_addr, page_size)
    cb_wait_front(cb, 1)
    for shard_id in range(start, num_shards, num_cores):
        pages = dst.shard_pages(shard_id)
        it, end = pages.begin(), pages.end()
        while it != end:
            noc_async_write_page(it.page_id(), dst, get_read_ptr(cb))
            it += 1
    noc_async_writes_flushed()
    cb_pop_front(cb, 1)
    noc_async_write_barrier()
