"""Reader of binary_ng's row-major path with a mixed broadcast (ROW_B_COL_A: a [..., H, 1] and b [..., 1, W]; or
ROW_A_COL_B: a [..., 1, W] and b [..., H, 1]): per row block and per chunk of a row, the column-broadcast operand's
rows datum by datum (each row's one datum read into a scratch slot and spread over the row), then the row-broadcast
operand's one row into the first row of its page, one barrier, and that row copied to the block's other rows.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_rm_row_col_mixed_bcast.cpp. Define SRC_BCAST_ROW_B (1: ROW_B_COL_A, 0: ROW_A_COL_B). The column
operand's accessor pages are align(element_size, alignment) bytes, the row operand's its aligned page; the column
operand's rows go from the block's last (k = limit - 1) to its first, each with its own barrier (copy_one_element,
FILL_TILE_WITH_FIRST_COLUMN_RM over current_chunk_elements datums); the row operand reads align_up(chunk, alignment)
bytes from the chunk's offset, then FILL_TILE_WITH_FIRST_ROW_RM over `limit` rows. Runtime args as
reader_interleaved_rm_no_bcast.cpp (26)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    r = RmReaderArgs()
    alignment_a, alignment_b, element_size = r.alignment_a, r.alignment_b, r.element_size
    row_b = bool(SRC_BCAST_ROW_B)  # noqa: F405
    src, src_b = r.accessors(one_element_a=row_b, one_element_b=not row_b)
    sh_a, sh_b = r.strides_a[0], r.strides_b[0]
    for row_block_a, row_block_b, limit, off, chunk, l1_a, l1_b in r.page_pairs():
        elems = chunk // element_size
        if row_b:       # a's column, then b's row
            bcast_col_rows_rm(src, row_block_a, sh_a, limit, l1_a, chunk, elems, element_size, alignment_a)
            noc_async_read(src_b.get_noc_addr(row_block_b, off), l1_b, align_up(chunk, alignment_b))
            noc_async_read_barrier()
            fill_first_row_rm(element_size, l1_b, elems, limit)
        else:           # b's column, then a's row
            bcast_col_rows_rm(src_b, row_block_b, sh_b, limit, l1_b, chunk, elems, element_size, alignment_b)
            noc_async_read(src.get_noc_addr(row_block_a, off), l1_a, align_up(chunk, alignment_a))
            noc_async_read_barrier()
            fill_first_row_rm(element_size, l1_a, elems, limit)
