"""Reader of binary_ng's row-major path with a scalar broadcast (SCALAR_A: a [..., 1, 1], or SCALAR_B: b
[..., 1, 1]): per row block and per chunk of a row, the full operand's rows into its page; for the broadcast operand
its one datum (of the block's channel), read into a scratch slot, spread over the first row and that row copied to
the block's other rows.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_rm_scalar_bcast.cpp. Defines SRC_BCAST (SCALAR_A) / SRC_BCAST_B (SCALAR_B). The broadcast
operand's accessor pages are align(element_size, alignment) bytes; element_size bytes of its page row_block read to
the page's start + the source address's low bits (a scratch slot), a barrier, the datum copied to the page's start
(copy_one_element) and FILL_TILE_WITH_FIRST_COLUMN_RM over current_chunk_elements datums. With SRC_BCAST that comes
first, then b's rows (align(chunk, alignment_b) bytes each, chunk bytes apart), one barrier, then a's
FILL_TILE_WITH_FIRST_ROW_RM over `limit` rows; with SRC_BCAST_B a's rows are read and waited for first, then b's
datum, its FILL_TILE_WITH_FIRST_COLUMN_RM and FILL_TILE_WITH_FIRST_ROW_RM. Runtime args as
reader_interleaved_rm_no_bcast.cpp (26)."""

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
            read_one_element_rm(src, row_block_a, l1_a, l1_a, elems, element_size, alignment_a)
            read_rows_rm(src_b, row_block_b, sh_b, limit, off, l1_b, chunk, alignment_b)
            noc_async_read_barrier()
            fill_first_row_rm(element_size, l1_a, elems, limit)
        else:
            read_rows_rm(src, row_block_a, sh_a, limit, off, l1_a, chunk, alignment_a)
            noc_async_read_barrier()
            read_one_element_rm(src_b, row_block_b, l1_b, l1_b, elems, element_size, alignment_b)
            fill_first_row_rm(element_size, l1_b, elems, limit)
