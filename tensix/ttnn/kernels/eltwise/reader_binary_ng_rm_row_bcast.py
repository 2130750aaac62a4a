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
from tensix.ttnn.kernels.eltwise.reader_binary_ng_rm_no_bcast import _strides


def kernel_main():
    (src_addr, dst_num_tiles, aD, aN, aC, aHt, aND, src_addr_b, bD, bN, bC, bHt, bND, cHt, cC, cND,
     current_block_start, rows_per_tile, row_width_elements, page_size_a_arg, page_size_b_arg, alignment_a,
     alignment_b, tiles_per_row, stride_size_bytes) = (get_arg_val(i) for i in range(25))
    cb_src, cb_src_b = CBIndex.c_0, CBIndex.c_1
    src_args = TensorAccessorArgs(0)
    src_b_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    element_size = get_tile_size(cb_src) // 1024
    row_width_bytes = row_width_elements * element_size
    outN = max(aN, bN)
    outD = max(aD, bD)
    src = TensorAccessor(src_args, src_addr, align_up(page_size_a_arg, alignment_a))
    src_b = TensorAccessor(src_b_args, src_addr_b, align_up(page_size_b_arg, alignment_b))
    sh_a, sc_a, sn_a, sd_a, snd_a = _strides(aD, aN, aC, aHt, aND)
    sh_b, sc_b, sn_b, sd_b, snd_b = _strides(bD, bN, bC, bHt, bND)
    for nd, d, n, c, th, limit in rm_row_blocks(current_block_start, dst_num_tiles, cND, outD, outN, cC, cHt,
                                                rows_per_tile):
        row_block_a = nd * snd_a + d * sd_a + n * sn_a + c * sc_a + th * sh_a
        row_block_b = nd * snd_b + d * sd_b + n * sn_b + c * sc_b + th * sh_b
        for off, chunk in rm_chunks_of_row(row_width_bytes, tiles_per_row, stride_size_bytes):
            elems = chunk // element_size
            len_a = align_up(chunk, alignment_a)
            len_b = align_up(chunk, alignment_b)
            cb_reserve_back(cb_src, 1)
            l1_a = get_write_ptr(cb_src)
            cb_reserve_back(cb_src_b, 1)
            l1_b = get_write_ptr(cb_src_b)
            if SRC_BCAST:  # noqa: F405
                noc_async_read(src.get_noc_addr(row_block_a, off), l1_a, len_a)
                cur = l1_b
                for k in range(limit):
                    noc_async_read(src_b.get_noc_addr(row_block_b + k * sh_b, off), cur, len_b)
                    cur += chunk
                noc_async_read_barrier()
                fill_first_row_rm(element_size, l1_a, elems, limit)
            else:
                cur = l1_a
                for k in range(limit):
                    noc_async_read(src.get_noc_addr(row_block_a + k * sh_a, off), cur, len_a)
                    cur += chunk
                noc_async_read(src_b.get_noc_addr(row_block_b, off), l1_b, len_b)
                noc_async_read_barrier()
                fill_first_row_rm(element_size, l1_b, elems, limit)
            cb_push_back(cb_src, 1)
            cb_push_back(cb_src_b, 1)
