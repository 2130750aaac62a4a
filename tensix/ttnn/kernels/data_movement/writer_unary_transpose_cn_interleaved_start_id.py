"""Writer of ttnn.transpose(0, 1) (TransposeCNProgramFactory): pages of c_0 to the output from start_id, each write
completed before its pop.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
writer_unary_transpose_cn_interleaved_start_id.cpp (with CN_RM each row through noc_async_write_sharded, split over the
shards of a BLOCK / WIDTH sharded output). Compile-time args: cb_id_out, page_size, write_size, the
output's TensorAccessorArgs. Runtime args: dst_addr, num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_pages
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_write_sharded


def kernel_main():
    dst_addr = get_arg_val(0)
    num_pages = get_arg_val(1)
    start_id = get_arg_val(2)
    cb = get_compile_time_arg_val(0)
    page_size = get_compile_time_arg_val(1)
    write_size = get_compile_time_arg_val(2)
    s = TensorAccessor(TensorAccessorArgs(3), dst_addr, page_size)
    if not globals().get("CN_RM"):
        write_pages(cb, s, start_id, num_pages, page_size)
        return
    for i in range(start_id, start_id + num_pages):
        cb_wait_front(cb, 1)
        noc_async_write_sharded(get_read_ptr(cb), s, i, 0, write_size)
        noc_async_write_barrier()
        cb_pop_front(cb, 1)
