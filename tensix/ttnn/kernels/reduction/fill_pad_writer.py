"""Writer of ttnn's fill_pad op: first the mask tiles (1.0 at the padding positions, 0 elsewhere, in the tensor's
format, face layout) into c_1 (right edge, columns >= W_mod32) and c_2 (bottom edge, rows >= H_mod32); then the
filled border tiles from c_16 back to the tensor, in the reader's order.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/fill_pad/device/kernels/dataflow/fill_pad_writer.cpp
and fill_pad_dataflow_common.hpp (generate_mask_tile). Compile-time args: W_tiles, H_tiles, N_slices,
has_right_pad, has_bottom_pad, W_mod32, H_mod32, cb_right_mask, cb_bot_mask, cb_data_out, then the tensor's
TensorAccessorArgs. Runtime args as the reader's. Defines: MASK_VALUE (1.0 in the format's bits), MASK_ELEM_BYTES
(MASK_ELEM_UINT's size)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction.fill_lib import border_tiles


def _push_mask(cb, w_thresh, h_thresh):
    """generate_mask_tile<T, W_thresh, H_thresh, 32>: face order, one_val where gcol >= W_thresh or grow >= H_thresh."""
    cb_reserve_back(cb, 1)
    dt = np.uint32 if MASK_ELEM_BYTES == 4 else np.uint16
    p = l1_ptr(get_write_ptr(cb), dt, 1024)
    r = np.arange(16)
    for fr in range(2):
        for fc in range(2):
            grow = (fr * 16 + r)[:, None]
            gcol = (fc * 16 + r)[None, :]
            face = np.where((gcol >= w_thresh) | (grow >= h_thresh), dt(MASK_VALUE), dt(0))
            base = (fr * 2 + fc) * 256
            p[base:base + 256] = face.reshape(-1)
    cb_push_back(cb, 1)


def kernel_main():
    W_tiles = get_compile_time_arg_val(0)
    H_tiles = get_compile_time_arg_val(1)
    has_right_pad = get_compile_time_arg_val(3)
    has_bottom_pad = get_compile_time_arg_val(4)
    W_mod32 = get_compile_time_arg_val(5)
    H_mod32 = get_compile_time_arg_val(6)
    cb_right = get_compile_time_arg_val(7)
    cb_bot = get_compile_time_arg_val(8)
    cb_out = get_compile_time_arg_val(9)
    tile_bytes = get_tile_size(cb_out)
    s = TensorAccessor(TensorAccessorArgs(10), get_arg_val(0), tile_bytes)
    if has_right_pad:
        _push_mask(cb_right, W_mod32, 32)
    if has_bottom_pad:
        _push_mask(cb_bot, 32, H_mod32)

    rt = [get_arg_val(i) for i in range(1, 7)]
    for tile_id in border_tiles(W_tiles, H_tiles, has_right_pad, has_bottom_pad, rt):
        cb_wait_front(cb_out, 1)
        noc_async_write_tile(tile_id, s, get_read_ptr(cb_out))
        noc_async_writes_flushed()
        cb_pop_front(cb_out, 1)
    noc_async_write_barrier()
