"""Writer of ttnn.transpose(1, 2) for tiled tensors (TransposeHCTiledInterleavedProgramFactory): each input tile
(n, c, ht, wt) of c_0 is written one face line (16 datums) at a time into the output tiles: input row h of channel c
becomes row c % 32 of output tile (n, h, c // 32, wt); the input tile's padding rows past H are skipped. Then the
rows of the last channel tile past C are written with the pad value (c_1) for this core's padded tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
writer_unary_transpose_hc_interleaved_tiled_padding_aware.cpp. Compile-time args: element_size, cb_id_out0, C, H, W,
TILE_HEIGHT, TILE_WIDTH, FACE_HEIGHT, FACE_WIDTH, needs_padding, the output's TensorAccessorArgs. Runtime args:
dst_addr, start_tile_idx, end_tile_idx, start_padding_tile_idx, end_padding_tile_idx."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    start_tile_idx = get_arg_val(1)
    end_tile_idx = get_arg_val(2)
    start_pad = get_arg_val(3)
    end_pad = get_arg_val(4)
    es, cb, C, H, W, TH, TW, FH, FW, needs_padding = (get_compile_time_arg_val(i) for i in range(10))
    nfh, nfw = TH // FH, TW // FW
    C_t = -(-C // TH)
    H_t = -(-H // TH)
    W_t = -(-W // TW)
    line = FW * es
    s = TensorAccessor(TensorAccessorArgs(10), dst_addr, get_tile_size(cb))
    H_last = H - (H_t - 1) * TH
    rem_faces_h = -(-H_last // FH)
    sub_lines_real = H_last % FH or FH
    fhw = FH * FW
    for tile_idx in range(start_tile_idx, end_tile_idx):
        w = tile_idx % W_t
        temp = tile_idx // W_t
        h = temp % H_t
        temp //= H_t
        c = temp % C
        n = temp // C
        ct, r = divmod(c, TH)
        face_h_offset = (r // FH) * nfw * fhw
        out_sub_line = r % FH
        cb_wait_front(cb, 1)
        rd = get_read_ptr(cb)
        last_h = h == H_t - 1
        num_faces_h = rem_faces_h if last_h else nfh
        base = n * H * C_t * W_t + ct * W_t + w
        for face_h in range(num_faces_h):
            row0 = h * TH + face_h * FH
            last_line = last_h and face_h == num_faces_h - 1
            lines = sub_lines_real if last_line else FH
            for face_w in range(nfw):
                offset = (face_h_offset + face_w * fhw + out_sub_line * FW) * es
                for k in range(lines):
                    noc_async_write(rd, get_noc_addr(base + (row0 + k) * C_t * W_t, s, offset), line)
                    rd += line
                if last_line:
                    rd += (FH - lines) * line
        noc_async_write_barrier()
        cb_pop_front(cb, 1)
    if needs_padding == 1:
        cb_wait_front(1, 1)
        pad = get_read_ptr(1)
        c_t = C_t - 1
        c_in_tile = C % TH
        face_c_start = c_in_tile // FH
        for tile_idx in range(start_pad, end_pad):
            n, r1 = divmod(tile_idx, H * W_t)
            h, w_t = divmod(r1, W_t)
            idx = n * H * C_t * W_t + h * C_t * W_t + c_t * W_t + w_t
            for face_c in range(face_c_start, nfh):
                start_line = c_in_tile % FH if face_c == face_c_start else 0
                for face_w in range(nfw):
                    offset = (face_c * nfw * fhw + face_w * fhw + start_line * FW) * es
                    noc_async_write(pad, get_noc_addr(idx, s, offset), line * (FH - start_line))
        noc_async_write_barrier()
        cb_pop_front(1, 1)
