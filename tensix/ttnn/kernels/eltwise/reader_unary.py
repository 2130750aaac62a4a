"""Reader of ttnn's unary ops: pages of the input into c_0, one at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/reader_unary.cpp.
SRC_SHARDED (the native L1 sharded path): c_0 is the core's input shard; the reader only reserves and pushes its
num_pages pages. Interleaved TILE: tiles start_id .. start_id + num_pages - 1. ROW_MAJOR (define RM_INTERLEAVED): a
block is rows_per_tile rows; each row is read in chunks of a tile's bytes, chunk j of the block's rows into one CB
page (row r at offset r * bytes). Runtime args: src_addr, num_pages, start_id, chunks_per_row, chunk_size,
last_chunk_size, rows_per_tile, total_rows."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    src_addr, num_pages, start = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    cb = CBIndex.c_0
    if SRC_SHARDED:
        if num_pages:       # a core outside the shard grid has 0 (a no-op on hardware; tensix's CB refuses 0 pages)
            cb_reserve_back(cb, num_pages)
            cb_push_back(cb, num_pages)
        return
    src = unary_accessor(cb, src_addr, RM_INTERLEAVED)
    if RM_INTERLEAVED:
        for base, rows, offset, nbytes in rm_chunks(start, num_pages):
            cb_reserve_back(cb, 1)
            ptr = get_write_ptr(cb)
            for r in range(rows):
                noc_async_read(src.get_noc_addr(base + r, offset), ptr + r * nbytes, nbytes)
            noc_async_read_barrier()
            cb_push_back(cb, 1)
    else:
        for i in range(start, start + num_pages):
            read_one(cb, i, src)
