"""Writer of ttnn's unary ops: c_2's pages to the output, one at a time, flushed per page, one barrier at the end.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/writer_unary.cpp
(DST_SHARDED: c_2 is the core's output shard, the writer waits for its num_pages pages; interleaved; ROW_MAJOR as
reader_unary.py: chunk j of each of the block's rows from CB offset r * bytes). Runtime args as reader_unary.py with
dst_addr."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    dst_addr, num_pages, start = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    cb = CBIndex.c_2
    if DST_SHARDED:
        if num_pages:       # as reader_unary.py: 0 pages is a no-op on hardware
            cb_wait_front(cb, num_pages)
        return
    dst = unary_accessor(cb, dst_addr, RM_INTERLEAVED)
    pages = rm_chunks(start, num_pages) if RM_INTERLEAVED else ((i, 1, 0, 0) for i in range(start, start + num_pages))
    for base, rows, offset, nbytes in pages:
        cb_wait_front(cb, 1)
        ptr = get_read_ptr(cb)
        if RM_INTERLEAVED:
            for r in range(rows):
                noc_async_write(ptr + r * nbytes, dst.get_noc_addr(base + r, offset), nbytes)
        else:
            noc_async_write_tile(base, dst, ptr)
        noc_async_writes_flushed()
        cb_pop_front(cb, 1)
    noc_async_write_barrier()
