"""Writer of ttnn.permute for tiled tensors where one tile dim leaves the last two (MultiCoreTileRowInvariant): each
input tile of the CB (transposed first when W and H swap roles) is written one face line at a time: input row h of
the tile goes to the output row its permuted index gives, same tile column. Then the output rows past output_H in
the last row of tiles are written with the pad value (c_1), for this core's padded tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/dataflow/
writer_permute_interleaved_tiled_row_invariant.cpp. Compile-time args: the output's TensorAccessorArgs, then the named
args element_size, output_cb_index, output_H, H, W, tile_height, tile_width, face_height, face_width, needs_padding,
rank, h_in_dest. Runtime args: dst_addr, start_tile, end_tile, start_padding_tile_idx, end_padding_tile_idx,
input_shape[rank], perm[rank]."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_last_tile_row_padding


def kernel_main():
    dst_addr = get_arg_val(0)
    start_tile = get_arg_val(1)
    end_tile = get_arg_val(2)
    start_pad = get_arg_val(3)
    end_pad = get_arg_val(4)
    args = TensorAccessorArgs(0)
    o = args.next_compile_time_args_offset()
    es, cb, out_H, H, W, TH, TW, FH, FW, needs_padding, R, h_in_dest = (
        get_compile_time_arg_val(o + i) for i in range(12))
    shape = [get_arg_val(5 + i) for i in range(R)]
    perm = [get_arg_val(5 + R + i) for i in range(R)]
    out_shape = [shape[p] for p in perm]
    nfh, nfw = TH // FH, TW // FW
    out_H_t = -(-out_H // TH)
    H_t = -(-H // TH)
    W_t = -(-W // TW)
    line = FW * es
    s = TensorAccessor(args, dst_addr, get_tile_size(cb))
    H_last = H - (H_t - 1) * TH
    rem_faces_h = -(-H_last // FH)
    sub_lines_real = H_last % FH or FH
    fhw = FH * FW
    face_h_stride = nfw * fhw
    in_tiled = shape[:R - 2] + [H_t, W_t]
    out_padded = out_shape[:R - 2] + [out_H_t * TH, W_t * TW]
    out_tiled = out_shape[:R - 2] + [out_H_t, W_t]
    strides = [1] * R
    for i in range(R - 3, -1, -1):
        strides[i] = strides[i + 1] * out_padded[i + 1]
    src = [0] * R
    for tile in range(start_tile, end_tile):
        rem = tile
        for d in range(R - 1, -1, -1):
            rem, src[d] = divmod(rem, in_tiled[d])
        w_t = src[R - 1]
        h_t = src[R - 2]
        num_faces_h = rem_faces_h if h_t == H_t - 1 else nfh
        src[R - 2] *= TH
        tile_start = 0
        for d in range(R - 1):
            tile_start = tile_start * shape[d] + src[d]
        dest = [src[p] for p in perm]
        base_row = 0
        for i in range(R - 1):
            if i != h_in_dest:
                base_row += dest[i] * strides[i]
        r_in_tile = dest[R - 2] % TH
        face_line_bytes = ((r_in_tile // FH) * face_h_stride + (r_in_tile % FH) * FW) * es
        cb_wait_front(cb, 1)
        rd0 = get_read_ptr(cb)
        for face_h in range(num_faces_h):
            last = h_t == H_t - 1 and face_h == num_faces_h - 1
            lines = sub_lines_real if last else FH
            row0 = tile_start + face_h * FH
            for k in range(lines):
                h = (row0 + k) % shape[R - 2]
                out_row = base_row + h * strides[h_in_dest]
                out_tile = (out_row // TH) * W_t + w_t
                for face_w in range(nfw):
                    noc_async_write(rd0 + face_h * face_h_stride * es + face_w * fhw * es + k * line,
                                    get_noc_addr(out_tile, s, face_line_bytes + face_w * fhw * es), line)
        noc_async_write_barrier()
        cb_pop_front(cb, 1)
    if needs_padding == 1:
        write_last_tile_row_padding(1, s, out_tiled, out_H, start_pad, end_pad, es, TH, TW, FH, FW)
