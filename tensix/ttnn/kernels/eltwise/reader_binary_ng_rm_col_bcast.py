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

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.reader_binary_ng_rm_no_bcast import _strides


def _bcast_rows(acc, row_block, s_h, limit, l1, chunk, elems, element_size, alignment):
    dt = {1: np.uint8, 2: np.uint16, 4: np.uint32}[element_size]
    for k in range(limit - 1, -1, -1):
        addr = acc.get_noc_addr(row_block + k * s_h)
        low = addr & (alignment - 1)
        scratch = l1 + low
        row_l1 = l1 + k * chunk
        noc_async_read(addr, scratch, element_size)
        noc_async_read_barrier()
        l1_ptr(row_l1, dt, 1)[0] = l1_ptr(scratch, dt, 1)[0]      # copy_one_element<element_size>
        fill_first_column_rm(element_size, row_l1, elems)


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
    if SRC_BCAST:  # noqa: F405
        page_size_a = align_up(element_size, alignment_a)
        page_size_b = align_up(page_size_b_arg, alignment_b)
    else:
        page_size_a = align_up(page_size_a_arg, alignment_a)
        page_size_b = align_up(element_size, alignment_b)
    src = TensorAccessor(src_args, src_addr, page_size_a)
    src_b = TensorAccessor(src_b_args, src_addr_b, page_size_b)
    sh_a, sc_a, sn_a, sd_a, snd_a = _strides(aD, aN, aC, aHt, aND)
    sh_b, sc_b, sn_b, sd_b, snd_b = _strides(bD, bN, bC, bHt, bND)
    for nd, d, n, c, th, limit in rm_row_blocks(current_block_start, dst_num_tiles, cND, outD, outN, cC, cHt,
                                                rows_per_tile):
        row_block_a = nd * snd_a + d * sd_a + n * sn_a + c * sc_a + th * sh_a
        row_block_b = nd * snd_b + d * sd_b + n * sn_b + c * sc_b + th * sh_b
        for off, chunk in rm_chunks_of_row(row_width_bytes, tiles_per_row, stride_size_bytes):
            elems = chunk // element_size
            cb_reserve_back(cb_src, 1)
            l1_a = get_write_ptr(cb_src)
            cb_reserve_back(cb_src_b, 1)
            l1_b = get_write_ptr(cb_src_b)
            if SRC_BCAST:  # noqa: F405
                len_b = align_up(chunk, alignment_b)
                _bcast_rows(src, row_block_a, sh_a, limit, l1_a, chunk, elems, element_size, alignment_a)
                cur = l1_b
                for k in range(limit):
                    noc_async_read(src_b.get_noc_addr(row_block_b + k * sh_b, off), cur, len_b)
                    cur += chunk
                noc_async_read_barrier()
            else:
                len_a = align_up(chunk, alignment_a)
                cur = l1_a
                for k in range(limit):
                    noc_async_read(src.get_noc_addr(row_block_a + k * sh_a, off), cur, len_a)
                    cur += chunk
                noc_async_read_barrier()
                _bcast_rows(src_b, row_block_b, sh_b, limit, l1_b, chunk, elems, element_size, alignment_b)
            cb_push_back(cb_src, 1)
            cb_push_back(cb_src_b, 1)
