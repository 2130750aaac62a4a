"""Reader of ttnn.transpose(0, 1) (TransposeCNProgramFactory): pages into c_0 in the output's order, i.e. for each
output (c, n) the HtWt pages of input (n, c); batch_step / channel_step jump between them.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
reader_unary_transpose_cn_interleaved_start_id.cpp: with CN_RM (row-major pages) each row goes through
noc_async_read_sharded, which splits it over the shards of a BLOCK / WIDTH sharded buffer. Compile-time args: cb_id_in0, page_size, read_size, the source's TensorAccessorArgs. Runtime args:
src_addr, N, C, HtWt, batch_step, channel_step, num_pages, start_id, hw, n."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_read_sharded


def kernel_main():
    src_addr = get_arg_val(0)
    N = get_arg_val(1)
    HtWt = get_arg_val(3)
    batch_step = get_arg_val(4)
    channel_step = get_arg_val(5)
    num_pages = get_arg_val(6)
    page_idx = get_arg_val(7)
    hw = get_arg_val(8)
    n = get_arg_val(9)
    cb = get_compile_time_arg_val(0)
    page_size = get_compile_time_arg_val(1)
    read_size = get_compile_time_arg_val(2)
    s = TensorAccessor(TensorAccessorArgs(3), src_addr, page_size)
    rm = bool(globals().get("CN_RM"))
    for _ in range(num_pages):
        cb_reserve_back(cb, 1)
        if rm:
            noc_async_read_sharded(get_write_ptr(cb), s, page_idx, 0, read_size)
        else:
            noc_async_read(get_noc_addr(page_idx, s), get_write_ptr(cb), page_size)
        noc_async_read_barrier()
        cb_push_back(cb, 1)
        page_idx += 1
        hw += 1
        if hw == HtWt:
            hw = 0
            n += 1
            page_idx += batch_step
            if n == N:
                n = 0
                page_idx -= channel_step
