"""Writer of binary_ng's row-major path: per row block and chunk, c_2's page written back as rows_per_tile output
rows (rows of the output are its pages).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
writer_interleaved_rm_no_bcast.cpp: row k of a block is output row (((nd * D + d) * N + n) * C + c) * Ht + th + k,
its chunk written at the chunk's offset with the length aligned up to the output's alignment (the aligned tail lands
in the page's unused end), one barrier per CB page. Runtime args (14): dst_addr, row_width_elements, dst_num_tiles
(row blocks), D, N, C, Ht, ND, current_block_start, rows_per_tile, page_size, alignment, tiles_per_row,
stride_size_bytes. Compile-time args: the TensorAccessorArgs, has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    (dst_addr, row_width_elements, dst_num_tiles, outD, outN, outC, outHt, outND, current_block_start,
     rows_per_tile, page_size_arg, alignment, tiles_per_row, stride_size_bytes) = (get_arg_val(i) for i in range(14))
    cb_out = CBIndex.c_2
    element_size = get_tile_size(cb_out) // 1024            # tile_bytes / get_tile_hw (32 x 32 tiles)
    row_width_bytes = row_width_elements * element_size
    dst = TensorAccessor(TensorAccessorArgs(0), dst_addr, align_up(page_size_arg, alignment))
    for nd, d, n, c, th, limit in rm_row_blocks(current_block_start, dst_num_tiles, outND, outD, outN, outC, outHt,
                                                rows_per_tile):
        base_row = ((((nd * outD) + d) * outN + n) * outC + c) * outHt + th
        for off, chunk in rm_chunks_of_row(row_width_bytes, tiles_per_row, stride_size_bytes):
            write_len = align_up(chunk, alignment)
            cb_wait_front(cb_out, 1)
            l1 = get_read_ptr(cb_out)
            for row in range(limit):
                noc_async_write(l1, dst.get_noc_addr(base_row + row, off), write_len)
                l1 += chunk
            noc_async_write_barrier()
            cb_pop_front(cb_out, 1)
