"""Writer of ttnn.reshard's NdReshardCopyPagesFactory (DRAM -> DRAM): each page from c_0 to the output page of the same
id (page_size bytes: the input's aligned page size).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/reshard/device/kernels/
nd_reshard_copy_pages_writer.cpp. Compile-time args: the output's TensorAccessorArgs, cb_id, page_size, then (tensix)
the output's aligned page size, which tt-metal's accessor carries in its args. Common runtime args: the output's
address. Runtime args: start_page, end_page."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    args_dst = TensorAccessorArgs(0)
    base = args_dst.next_compile_time_args_offset()
    cb_id = get_compile_time_arg_val(base)
    page_size = get_compile_time_arg_val(base + 1)
    dst_addr = get_common_arg_val(args_dst.next_common_runtime_args_offset())
    start_page = get_arg_val(0)
    end_page = get_arg_val(1)
    dst = TensorAccessor(args_dst, dst_addr, get_compile_time_arg_val(base + 2))
    for page_id in range(start_page, end_page):
        cb_wait_front(cb_id, 1)
        noc_async_write(get_read_ptr(cb_id), dst.get_noc_addr(page_id), page_size)
        noc_async_write_barrier()
        cb_pop_front(cb_id, 1)
