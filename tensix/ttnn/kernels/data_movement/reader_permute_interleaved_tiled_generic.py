"""Reader of ttnn.permute for tiled tensors where both tile dims move (MultiCoreTiledGeneric): for each block (32
indices of the dim X that becomes the output's width, 32 elements of W, at one H row), the face lines of the input
tiles into c_0 as a 32 x 32 row-major block (row = X index, columns = W), padding rows past X filled with the pad
value; then, if the output's Y dim needs padding, one page of c_3 filled with it.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/dataflow/
reader_permute_interleaved_tiled_generic.cpp (the misaligned-read path: a read to an offset L1 address, then
tt_memmove). Compile-time args: the source's TensorAccessorArgs, then the named args rank, page_size, element_size,
tile_height, tile_width, face_height, face_width, x_dim_index_in_input, X, W, H, X_p, W_p, H_p, H_t, W_t,
final_tile_real_w, final_tile_real_faces_w, xw_blocks, x_blocks, w_blocks, num_writes, padding_val_packed,
needs_x_padding, needs_y_padding, rows_per_x, misalignment, read_alignment. Runtime args: src_addr, start_block,
end_block, input_shape[rank], dims[rank]."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import fill_with_val, tt_memmove


def kernel_main():
    src_addr = get_arg_val(0)
    start_block = get_arg_val(1)
    end_block = get_arg_val(2)
    args = TensorAccessorArgs(0)
    o = args.next_compile_time_args_offset()
    (R, _page, es, TH, TW, FH, FW, x_dim, X, W, H, X_p, _W_p, _H_p, H_t, W_t, _frw, real_faces_w_last, _xwb,
     x_blocks, w_blocks, num_writes, pad_val, needs_x_padding, needs_y_padding, rows_per_x, misalignment,
     read_alignment) = (get_compile_time_arg_val(o + i) for i in range(28))
    shape = [get_arg_val(3 + i) for i in range(R)]
    face_hw_bytes = FH * FW * es
    line = FW * es
    tile_line = TW * es
    nfw = TW // FW
    face_h_stride = nfw * face_hw_bytes
    ratio = 4 // es
    final_face_real_w = W % FW
    final_x_pad_write = num_writes if final_face_real_w == 0 else -(-final_face_real_w // ratio)
    tiled = shape[:R - 2] + [H_t, W_t]
    strides = [1] * R
    for i in range(R - 2, -1, -1):
        strides[i] = strides[i + 1] * tiled[i + 1]
    x_stride = strides[x_dim]
    s = TensorAccessor(args, src_addr, get_tile_size(0))
    am = read_alignment - 1
    idxs = [0] * R
    for block in range(start_block, end_block):
        rem, w_block = divmod(block, w_blocks)
        rem, x_block = divmod(rem, x_blocks)
        h = rem % H
        base_line = ((h % TH) // FH) * face_h_stride + (h % FH) * line
        r = rem % rows_per_x
        x_start = x_block * TH
        x_end = min(x_start + TH, X)
        for d in range(R - 2, -1, -1):
            if d == x_dim:
                idxs[d] = 0
                continue
            r, idxs[d] = divmod(r, shape[d])
        idxs[R - 1] = w_block
        base = 0
        for d in range(R):
            if d != x_dim:
                base += (idxs[d] // TH if d == R - 2 else idxs[d]) * strides[d]
        real_faces_w = real_faces_w_last if w_block == W_t - 1 else nfw
        cb_reserve_back(0, 1)
        l1 = get_write_ptr(0)
        tile = base + x_start * x_stride
        col = l1
        for x in range(x_start, x_end):
            for i in range(real_faces_w):
                off = base_line + i * face_hw_bytes
                dst = col + i * line
                if misalignment > 0 and (s.get_noc_addr(tile, off) & am) != (dst & am):
                    noc_async_read(get_noc_addr(tile, s, off), dst + misalignment, line)
                    noc_async_read_barrier()
                    tt_memmove(dst, dst + misalignment, line, guaranteed_16B_aligned=True, use_read_datamover=False)
                else:
                    noc_async_read(get_noc_addr(tile, s, off), dst, line)
            tile += x_stride
            col += tile_line
        if needs_x_padding and x_block == x_blocks - 1:
            col = l1 + (x_end - x_start) * tile_line
            for _px in range(x_end, X_p):
                for i in range(real_faces_w):
                    last = w_block == w_blocks - 1 and i == real_faces_w - 1
                    fill_with_val(col + i * line, final_x_pad_write if last else num_writes, pad_val)
                col += tile_line
        noc_async_read_barrier()
        cb_push_back(0, 1)
    if needs_y_padding:
        cb_reserve_back(3, 1)
        fill_with_val(get_write_ptr(3), num_writes, pad_val)
        cb_push_back(3, 1)
