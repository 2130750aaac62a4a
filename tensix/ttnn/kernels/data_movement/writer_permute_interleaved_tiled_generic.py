"""Writer of ttnn.permute for tiled tensors where both tile dims move (MultiCoreTiledGeneric): each transposed WX
block of c_2 (32 rows, one per W index, of up to 32 X values) written one face line (16 X values) at a time to the
output tiles of its permuted indices; then the rows past Y of the last row of output tiles written with the pad
value (c_3) for this core's padded tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/dataflow/
writer_permute_interleaved_tiled_generic.cpp. Compile-time args: the output's TensorAccessorArgs, then the named args
rank, page_size, element_size, tile_height, tile_width, face_height, face_width, x_dim_index_in_input, X, W, Y, X_p,
W_p, rows_per_x, H_t, W_t, final_tile_real_x, final_tile_real_faces_x, xw_blocks, x_blocks, w_blocks,
needs_y_padding, permuted_w_dim. Runtime args: dst_addr, start_block, end_block, start_padding_tile_idx,
end_padding_tile_idx, input_shape[rank], dims[rank]."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_last_tile_row_padding


def kernel_main():
    dst_addr = get_arg_val(0)
    start_block = get_arg_val(1)
    end_block = get_arg_val(2)
    start_pad = get_arg_val(3)
    end_pad = get_arg_val(4)
    args = TensorAccessorArgs(0)
    o = args.next_compile_time_args_offset()
    (R, _page, es, TH, TW, FH, FW, x_dim, _X, _W, Y, X_p, _W_p, rows_per_x, _H_t, _W_t, _frx, real_faces_x_last,
     _xwb, x_blocks, w_blocks, needs_y_padding, pw) = (get_compile_time_arg_val(o + i) for i in range(23))
    shape = [get_arg_val(5 + i) for i in range(R)]
    dims = [get_arg_val(5 + R + i) for i in range(R)]
    out_shape = [shape[d] for d in dims]
    face_hw = FH * FW
    face_hw_bytes = face_hw * es
    line = FW * es
    tile_line = TW * es
    nfw = TW // FW
    face_h_stride = nfw * face_hw_bytes
    Y_t = -(-Y // TH)
    X_t = X_p // TH
    out_tiled = out_shape[:R - 2] + [Y_t, X_t]
    strides = [1] * R
    for i in range(R - 2, -1, -1):
        strides[i] = strides[i + 1] * out_tiled[i + 1]
    w_stride = strides[pw]
    s = TensorAccessor(args, dst_addr, get_tile_size(2))
    idxs = [0] * R
    w_is_y = pw == R - 2
    cb = 2
    for block in range(start_block, end_block):
        rem, w_block = divmod(block, w_blocks)
        rem, x_block = divmod(rem, x_blocks)
        r = rem % rows_per_x
        w_start = w_block * TW
        w_end = min(w_start + TW, shape[R - 1])
        for d in range(R - 2, -1, -1):
            if d == x_dim:
                idxs[d] = 0
                continue
            r, idxs[d] = divmod(r, shape[d])
        idxs[R - 1] = w_start
        dest = [idxs[d] for d in dims]
        base_line = 0
        if not w_is_y:
            y = dest[R - 2]
            base_line = ((y % TH) // FH) * face_h_stride + (y % FH) * line
        dest[R - 2] //= TH
        dest[R - 1] = x_block
        base = 0
        for i in range(R):
            if not w_is_y and i == pw:
                continue
            base += dest[i] * strides[i]
        real_faces_x = real_faces_x_last if x_block == X_t - 1 else nfw
        cb_wait_front(cb, 1)
        rd = get_read_ptr(cb)
        for w in range(w_start, w_end):
            if w_is_y:
                off = ((w % TH) // FH) * face_h_stride + (w % FH) * line
                tile = base
            else:
                off = base_line
                tile = base + w * w_stride
            for i in range(real_faces_x):
                noc_async_write(rd + i * line, get_noc_addr(tile, s, off + i * face_hw_bytes), line)
            rd += tile_line
        noc_async_write_barrier()
        cb_pop_front(cb, 1)
    if needs_y_padding:
        write_last_tile_row_padding(3, s, out_tiled, Y, start_pad, end_pad, es, TH, TW, FH, FW)
