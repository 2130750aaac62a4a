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


def _strides(D, N, C, Ht, ND):
    """s_h, s_c, s_n, s_d, s_nd of an operand (in rows; 0 along a dim of size 1)."""
    return (0 if Ht == 1 else 1, 0 if C == 1 else Ht, 0 if N == 1 else C * Ht, 0 if D == 1 else N * C * Ht,
            0 if ND == 1 else D * N * C * Ht)


def kernel_main():
    (src_addr, dst_num_tiles, aD, aN, aC, aHt, aND, src_addr_b, bD, bN, bC, bHt, bND, cHt, cC, cND,
     current_block_start, rows_per_tile, row_width_elements, page_size_a_arg, page_size_b_arg, alignment_a,
     alignment_b, tiles_per_row, stride_size_bytes) = (get_arg_val(i) for i in range(25))
    cb_src, cb_src_b = CBIndex.c_0, CBIndex.c_1
    src_args = TensorAccessorArgs(0)
    src_b_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    element_size = get_tile_size(cb_src) // 1024            # src_tile_bytes / get_tile_hw (32 x 32 tiles)
    row_width_bytes = row_width_elements * element_size
    outN = max(aN, bN)
    outD = max(aD, bD)
    page_size_a = align_up(page_size_a_arg, alignment_a)
    page_size_b = align_up(page_size_b_arg, alignment_b)
    src = TensorAccessor(src_args, src_addr, page_size_a)
    src_b = TensorAccessor(src_b_args, src_addr_b, page_size_b)
    sh_a, sc_a, sn_a, sd_a, snd_a = _strides(aD, aN, aC, aHt, aND)
    sh_b, sc_b, sn_b, sd_b, snd_b = _strides(bD, bN, bC, bHt, bND)
    for nd, d, n, c, th, limit in rm_row_blocks(current_block_start, dst_num_tiles, cND, outD, outN, cC, cHt,
                                                rows_per_tile):
        row_block_a = nd * snd_a + d * sd_a + n * sn_a + c * sc_a + th * sh_a
        row_block_b = nd * snd_b + d * sd_b + n * sn_b + c * sc_b + th * sh_b
        for off, chunk in rm_chunks_of_row(row_width_bytes, tiles_per_row, stride_size_bytes):
            len_a = align_up(chunk, alignment_a)
            len_b = align_up(chunk, alignment_b)
            cb_reserve_back(cb_src, 1)
            l1_a = get_write_ptr(cb_src)
            cb_reserve_back(cb_src_b, 1)
            l1_b = get_write_ptr(cb_src_b)
            for k in range(limit):
                noc_async_read(src.get_noc_addr(row_block_a + k * sh_a, off), l1_a, len_a)
                l1_a += chunk
            noc_async_read_barrier()
            for k in range(limit):
                noc_async_read(src_b.get_noc_addr(row_block_b + k * sh_b, off), l1_b, len_b)
                l1_b += chunk
            noc_async_read_barrier()
            cb_push_back(cb_src, 1)
            cb_push_back(cb_src_b, 1)
