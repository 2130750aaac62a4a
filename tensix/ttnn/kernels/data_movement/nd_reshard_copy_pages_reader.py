"""Reader of ttnn.reshard's NdReshardCopyPagesFactory (DRAM -> DRAM): the input pages start_page .. end_page - 1, one
at a time through c_0 (page_size bytes: the input's aligned page size).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/reshard/device/kernels/
nd_reshard_copy_pages_reader.cpp. Compile-time args: the input's TensorAccessorArgs, cb_id, page_size. Common runtime
args: the input's address. Runtime args: start_page, end_page."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    args_src = TensorAccessorArgs(0)
    base = args_src.next_compile_time_args_offset()
    cb_id = get_compile_time_arg_val(base)
    page_size = get_compile_time_arg_val(base + 1)
    src_addr = get_common_arg_val(args_src.next_common_runtime_args_offset())
    start_page = get_arg_val(0)
    end_page = get_arg_val(1)
    src = TensorAccessor(args_src, src_addr, page_size)
    for page_id in range(start_page, end_page):
        cb_reserve_back(cb_id, 1)
        noc_async_read(src.get_noc_addr(page_id), get_write_ptr(cb_id), page_size)
        noc_async_read_barrier()
        cb_push_back(cb_id, 1)
