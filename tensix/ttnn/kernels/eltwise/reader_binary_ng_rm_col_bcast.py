"""Reader of binary_ng's row-major path with a column broadcast (COL_A: a [..., H, 1], or COL_B: b [..., H, 1]): per
row block and per chunk of a row, the full operand's rows into its page; for the broadcast operand each row's one
datum, read into a scratch slot and spread over the row.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_rm_col_bcast.cpp. Defines SRC_BCAST (COL_A) / SRC_BCAST_B (COL_B). The broadcast operand's
accessor pages are align(element_size, alignment) bytes; its rows are walked from the block's last (k = limit - 1)
down to 0: element_size bytes of row k's page read to the page's start + the source address's low bits (a scratch
slot inside row 0), a barrier, the datum copied to row k's start (copy_one_element) and FILL_TILE_WITH_FIRST_COLUMN_RM
over current_chunk_elements datums. With SRC_BCAST a's datums are read before b's rows (b's reads, one barrier);
with SRC_BCAST_B a's rows are read and waited for first. Runtime args as reader_interleaved_rm_no_bcast.cpp (26)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    r = RmReaderArgs()
    alignment_a, alignment_b, element_size = r.alignment_a, r.alignment_b, r.element_size
    src, src_b = r.accessors(one_element_a=bool(SRC_BCAST), one_element_b=not SRC_BCAST)  # noqa: F405
    sh_a, sh_b = r.strides_a[0], r.strides_b[0]
    for row_block_a, row_block_b, limit, off, chunk, l1_a, l1_b in r.page_pairs():
        elems = chunk // element_size
        if SRC_BCAST:  # noqa: F405
            bcast_col_rows_rm(src, row_block_a, sh_a, limit, l1_a, chunk, elems, element_size, alignment_a)
            read_rows_rm(src_b, row_block_b, sh_b, limit, off, l1_b, chunk, alignment_b)
            noc_async_read_barrier()
        else:
            read_rows_rm(src, row_block_a, sh_a, limit, off, l1_a, chunk, alignment_a)
            noc_async_read_barrier()
            bcast_col_rows_rm(src_b, row_block_b, sh_b, limit, l1_b, chunk, elems, element_size, alignment_b)
