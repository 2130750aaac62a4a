"""The rotate_half transformation matrix the single-tile rotary_embedding readers build in L1 (tt-metal 622c6fb9
reader_rotary_embedding_single_tile_interleaved_start_id.cpp fill_rotate_half_trans_mat_bf16 / _bfp8):
T = [[0, I_16], [-I_16, 0]], so that x @ T = [-x[16:32], x[0:16]] for a 32-wide row. In face layout face 1 holds +I and
face 2 holds -I; a Float16_b tile (2048 bytes) is written as bfloat16 words, a Bfp8_b tile as its 64 exponent bytes (16
rows of 4 faces) and 1024 sign-magnitude mantissa bytes (exponent 127 with mantissa 0x40 = 1.0, 0xC0 = -1.0)."""

import numpy as np

from tensix.kernel import cb_push_back, cb_reserve_back, get_tile_size, get_write_ptr, l1_ptr


def fill_rotate_half_trans_mat(cb_id):
    cb_reserve_back(cb_id, 1)
    addr = get_write_ptr(cb_id)
    r = np.arange(16)
    if get_tile_size(cb_id) == 2048:
        tile = l1_ptr(addr, np.uint16, 1024)
        tile[:] = 0
        tile[256 + r * 16 + r] = 0x3F80          # face 1 diagonal: +1.0
        tile[512 + r * 16 + r] = 0xBF80          # face 2 diagonal: -1.0
    else:
        p = l1_ptr(addr, np.uint8, 1088)
        p[:] = 0
        p[16 + r] = 127                          # face 1 row exponents
        p[320 + r * 16 + r] = 0x40
        p[32 + r] = 127                          # face 2 row exponents
        p[576 + r * 16 + r] = 0xC0
    cb_push_back(cb_id, 1)
