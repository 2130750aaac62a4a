"""Reader of binary_ng's row-major path without a subtile broadcast: per row block (rows_per_tile rows of the
output) and per chunk of a row, a's rows into one c_0 page and b's into one c_1 page.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_rm_no_bcast.cpp. The row blocks are walked from current_block_start (eltwise_api.rm_row_blocks);
an operand's row is its channel's first row from its nD/d/n/c strides in rows (0 along a broadcast dim, 1 along
H unless its H is 1) + th. Each row's chunk is read with its length aligned up to the operand's alignment, the next
row landing current_chunk_bytes further on in the page (the factory makes rows_per_tile 1 unless every row is its
whole aligned page, so the aligned tails only ever spill into the page's unused end); one barrier for a's rows, one
for b's, then both pages are pushed. Runtime args (26): src_addr, dst_num_tiles (row blocks), aD, aN, aC, aHt, aND,
src_addr_b, bD, bN, bC, bHt, bND, cHt, cC, cND, current_block_start, rows_per_tile, row_width_elements,
page_size_a, page_size_b, alignment_a, alignment_b, tiles_per_row, stride_size_bytes, (packed scalar, unused).
Compile-time args: the two TensorAccessorArgs, has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    r = RmReaderArgs()
    alignment_a, alignment_b = r.alignment_a, r.alignment_b
    src, src_b = r.accessors()
    sh_a, sh_b = r.strides_a[0], r.strides_b[0]
    for row_block_a, row_block_b, limit, off, chunk, l1_a, l1_b in r.page_pairs():
        read_rows_rm(src, row_block_a, sh_a, limit, off, l1_a, chunk, alignment_a)
        noc_async_read_barrier()
        read_rows_rm(src_b, row_block_b, sh_b, limit, off, l1_b, chunk, alignment_b)
        noc_async_read_barrier()
