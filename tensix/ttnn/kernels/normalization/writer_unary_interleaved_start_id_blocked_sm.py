"""Writer of ttnn's softmax (SoftmaxProgramFactoryAttentionOptimized): with padded width, first the padding mask tile
into c_5 (bfloat16 0 in the num_datum_unpadded first columns, -inf (0xFF80) in the padded ones, every row:
fill_pad_tile<uint16_t, 32 - num_datum_padded, 32>), which the compute kernel adds (row broadcast) to each row's last
tile before the max and the exponentials; then the results from c_11, `blk` tiles at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/softmax/device/kernels/attention/dataflow/
writer_unary_interleaved_start_id_blocked_sm.cpp (and ttnn/cpp/ttnn/operations/kernel_helper_functions/pad_tile.hpp).
Compile-time args: num_datum_padded, tile_hw, the output's TensorAccessorArgs. Runtime args: dst_addr, num_tiles,
tile_offset, blk, mask_padded_data, num_datum_padded."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    tile_offset = get_arg_val(2)
    blk = get_arg_val(3)
    num_datum_padded = get_compile_time_arg_val(0)
    tile_hw = get_compile_time_arg_val(1)
    cb_out0 = CBIndex.c_11
    tile_bytes = get_tile_size(cb_out0)
    cb_mask = CBIndex.c_5
    mask_padded_data = get_arg_val(4)
    if mask_padded_data:
        # the C++ kernel pushes this page without a cb_reserve_back (the CB is empty and private to it)
        cb_reserve_back(cb_mask, 1)
        p = l1_ptr(get_write_ptr(cb_mask), np.uint16, tile_hw)
        p[:] = 0
        unpadded = 32 - num_datum_padded
        faces = p.reshape(2, 2, 16, 16)
        for fw in range(2):
            lo = fw * 16
            pad_from = min(max(unpadded - lo, 0), 16)
            faces[:, fw, :, pad_from:] = 0xFF80
        cb_push_back(cb_mask, 1)
    s = TensorAccessor(TensorAccessorArgs(2), dst_addr, tile_bytes)
    tile_id = tile_offset
    for _i in range(0, num_tiles, blk or 1):      # an idle core (blk 0) writes nothing
        cb_wait_front(cb_out0, blk)
        rp = get_read_ptr(cb_out0)
        for j in range(blk):
            noc_async_write_tile(tile_id, s, rp + j * tile_bytes)
            tile_id += 1
        noc_async_write_barrier()
        cb_pop_front(cb_out0, blk)
