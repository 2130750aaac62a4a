"""Reader of binary_ng's row-major path with a number as b: c_1 filled once with the scalar, then per row block and
chunk a's rows into one c_0 page.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_rm_scalar_op.cpp: the row-major path fills the scalar tile in the reader (FILL_WITH_VALUE(_FLOAT)_B
of make_dataflow_defines for c_1's format: fill_tile_utils.hpp, eltwise_api.fill_with_val), not in the writer as
the tiled scalar op does. It shares the row-major reader's 26 runtime args (reader_binary_ng_rm_no_bcast), skipping
b's address and shape, page size and alignment; the last word is the packed scalar. outN / outD are a's (no b).
Compile-time args: the two TensorAccessorArgs (a's twice), has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    src_addr, dst_num_tiles, aD, aN, aC, aHt, aND = (get_arg_val(i) for i in range(7))
    (cHt, cC, cND, current_block_start, rows_per_tile, row_width_elements, page_size_a_arg) = \
        (get_arg_val(i) for i in range(13, 20))
    alignment_a = get_arg_val(21)
    tiles_per_row, stride_size_bytes, packed_scalar = (get_arg_val(i) for i in range(23, 26))
    cb_src, cb_src_b = CBIndex.c_0, CBIndex.c_1
    src_args = TensorAccessorArgs(0)
    element_size = get_tile_size(cb_src) // 1024            # src_tile_bytes / get_tile_hw (32 x 32 tiles)
    row_width_bytes = row_width_elements * element_size
    src = TensorAccessor(src_args, src_addr, align_up(page_size_a_arg, alignment_a))
    cb_reserve_back(cb_src_b, 1)
    fill_with_val(get_dataformat(cb_src_b), get_write_ptr(cb_src_b), packed_scalar)
    cb_push_back(cb_src_b, 1)
    s_h = 0 if aHt == 1 else 1
    s_c = 0 if aC == 1 else aHt
    s_n = 0 if aN == 1 else aC * aHt
    s_d = 0 if aD == 1 else aN * aC * aHt
    s_nd = 0 if aND == 1 else aD * aN * aC * aHt
    for nd, d, n, c, th, limit in rm_row_blocks(current_block_start, dst_num_tiles, cND, aD, aN, cC, cHt,
                                                rows_per_tile):
        row_block = nd * s_nd + d * s_d + n * s_n + c * s_c + th * s_h
        for off, chunk in rm_chunks_of_row(row_width_bytes, tiles_per_row, stride_size_bytes):
            read_len = align_up(chunk, alignment_a)
            cb_reserve_back(cb_src, 1)
            l1 = get_write_ptr(cb_src)
            for k in range(limit):
                noc_async_read(src.get_noc_addr(row_block + k * s_h, off), l1, read_len)
                l1 += chunk
            noc_async_read_barrier()
            cb_push_back(cb_src, 1)
