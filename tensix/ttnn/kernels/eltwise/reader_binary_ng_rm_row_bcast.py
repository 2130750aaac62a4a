"""Reader of binary_ng's row-major path with a row broadcast (ROW_A: a [..., 1, W], or ROW_B: b [..., 1, W]): per
row block (rows_per_tile rows of the output) and per chunk of a row, the full operand's rows into its page and the
broadcast operand's one row into the first row of its page, then that row copied to the block's other rows.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_rm_row_bcast.cpp. Defines SRC_BCAST (ROW_A) / SRC_BCAST_B (ROW_B). The reads of a chunk
(align_up(chunk, alignment) bytes each, rows current_chunk_bytes apart), one barrier, then
FILL_TILE_WITH_FIRST_ROW_RM (the variant a's dtype picks) over current_chunk_elements datums and `limit` rows; both
pages pushed. Runtime args as reader_interleaved_rm_no_bcast.cpp (26)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    r = RmReaderArgs()
    alignment_a, alignment_b, element_size = r.alignment_a, r.alignment_b, r.element_size
    src, src_b = r.accessors()
    sh_a, sh_b = r.strides_a[0], r.strides_b[0]
    for row_block_a, row_block_b, limit, off, chunk, l1_a, l1_b in r.page_pairs():
        elems = chunk // element_size
        len_a = align_up(chunk, alignment_a)
        len_b = align_up(chunk, alignment_b)
        if SRC_BCAST:  # noqa: F405
            noc_async_read(src.get_noc_addr(row_block_a, off), l1_a, len_a)
            read_rows_rm(src_b, row_block_b, sh_b, limit, off, l1_b, chunk, alignment_b)
            noc_async_read_barrier()
            fill_first_row_rm(element_size, l1_a, elems, limit)
        else:
            read_rows_rm(src, row_block_a, sh_a, limit, off, l1_a, chunk, alignment_a)
            noc_async_read(src_b.get_noc_addr(row_block_b, off), l1_b, len_b)
            noc_async_read_barrier()
            fill_first_row_rm(element_size, l1_b, elems, limit)
