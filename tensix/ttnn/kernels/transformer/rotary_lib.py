"""Shared pieces of the rotary_embedding dataflow kernels (tt-metal 622c6fb9 .../rotary_embedding/device/kernels/).

fill_rotate_half_trans_mat: the rotate_half transformation matrix the single-tile readers build in L1 (
reader_rotary_embedding_single_tile_interleaved_start_id.cpp fill_rotate_half_trans_mat_bf16 / _bfp8):
T = [[0, I_16], [-I_16, 0]], so that x @ T = [-x[16:32], x[0:16]] for a 32-wide row. In face layout face 1 holds +I and
face 2 holds -I; a Float16_b tile (2048 bytes) is written as bfloat16 words, a Bfp8_b tile as its 64 exponent bytes (16
rows of 4 faces) and 1024 sign-magnitude mantissa bytes (exponent 127 with mantissa 0x40 = 1.0, 0xC0 = -1.0)."""

import numpy as np

from tensix.kernel import (cb_push_back, cb_reserve_back, cb_wait_front, get_noc_addr, get_read_ptr,
                           get_tile_size, get_write_ptr, l1_ptr, noc_async_read, noc_async_read_barrier,
                           noc_async_read_page)


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


def read_decode_cos_sin(cos_cb, sin_cb, s_cos, s_sin, first_page, wt):
    """The readers' DECODE_MODE prologue: the wt sin and cos tiles of the token's tile row (pages first_page..), read
    once into sin_cb and cos_cb (the compute kernel keeps them; they are not streamed)."""
    cb_reserve_back(sin_cb, wt)
    cb_reserve_back(cos_cb, wt)
    sin_l1, cos_l1 = get_write_ptr(sin_cb), get_write_ptr(cos_cb)
    sin_bytes, cos_bytes = get_tile_size(sin_cb), get_tile_size(cos_cb)
    for i in range(wt):
        noc_async_read_page(first_page + i, s_sin, sin_l1)
        noc_async_read_page(first_page + i, s_cos, cos_l1)
        sin_l1 += sin_bytes
        cos_l1 += cos_bytes
    noc_async_read_barrier()
    cb_push_back(sin_cb, wt)
    cb_push_back(cos_cb, wt)


def move_token_row(untilized_cb, sync_cb, wt, offset, row_bytes):
    """The writer's DECODE_MODE step for one of cos / sin (writer_rotary_embedding_interleaved_start_id.cpp): once the
    compute kernel has untilized the wt tiles into untilized_cb, copy the token's row (offset bytes in) to the start of
    that buffer over the NoC, then hand the buffer back through sync_cb (the same memory, another CB index)."""
    cb_wait_front(untilized_cb, wt)
    cb_reserve_back(sync_cb, wt)
    noc_async_read(get_noc_addr(get_read_ptr(untilized_cb)) + offset, get_read_ptr(untilized_cb), row_bytes)
    noc_async_read_barrier()
    cb_push_back(sync_cb, wt)
