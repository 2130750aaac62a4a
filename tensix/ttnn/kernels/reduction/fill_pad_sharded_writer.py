"""Writer of ttnn's fill_pad op on an L1-sharded tensor: the mask tiles first (the right mask if the tensor has
right padding, the bottom mask if this core has the bottom padding: fill_pad_writer's generate_mask_tile), then the
filled border tiles from c_16 back into this core's own shard, in the reader's order.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/fill_pad/device/kernels/dataflow/
fill_pad_sharded_writer.cpp. Compile-time args: W_tiles, has_right_pad, W_mod32, H_mod32, cb_right_mask,
cb_bot_mask, cb_data_out. Runtime args as the sharded reader's. Defines: MASK_VALUE, MASK_ELEM_BYTES."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def _push_mask(cb, w_thresh, h_thresh):
    """push_right_mask_tile / push_bottom_mask_tile (fill_pad_dataflow_common.hpp generate_mask_tile): face order,
    MASK_VALUE where gcol >= w_thresh or grow >= h_thresh, 0 elsewhere."""
    cb_reserve_back(cb, 1)
    dt = np.uint32 if MASK_ELEM_BYTES == 4 else np.uint16
    p = l1_ptr(get_write_ptr(cb), dt, 1024)
    r = np.arange(16)
    for fr in range(2):
        for fc in range(2):
            face = np.where(((fc * 16 + r)[None, :] >= w_thresh) | ((fr * 16 + r)[:, None] >= h_thresh),
                            dt(MASK_VALUE), dt(0))
            p[(fr * 2 + fc) * 256:(fr * 2 + fc + 1) * 256] = face.reshape(-1)
    cb_push_back(cb, 1)


def kernel_main():
    W_tiles = get_compile_time_arg_val(0)
    has_right_pad = get_compile_time_arg_val(1)
    W_mod32 = get_compile_time_arg_val(2)
    H_mod32 = get_compile_time_arg_val(3)
    cb_right = get_compile_time_arg_val(4)
    cb_bot = get_compile_time_arg_val(5)
    cb_out = get_compile_time_arg_val(6)
    tile_bytes = get_tile_size(cb_out)
    base = get_arg_val(0)
    shard_H_tiles = get_arg_val(1)
    has_bottom_pad_core = get_arg_val(2)
    num_work = get_arg_val(3)
    local_right_col = get_arg_val(4)
    if num_work == 0:
        return
    if has_right_pad:
        _push_mask(cb_right, W_mod32, 32)
    if has_bottom_pad_core:
        _push_mask(cb_bot, 32, H_mod32)

    def write(tile):            # (row, col) of the shard, row-major tiles
        cb_wait_front(cb_out, 1)
        noc_async_write(get_read_ptr(cb_out), get_noc_addr(base + tile * tile_bytes), tile_bytes)
        noc_async_writes_flushed()
        cb_pop_front(cb_out, 1)

    if has_bottom_pad_core:
        if has_right_pad:
            for r in range(shard_H_tiles - 1):
                write(r * W_tiles + local_right_col)
        for c in range(local_right_col + 1):        # the bottom row, the corner (if any) last
            write((shard_H_tiles - 1) * W_tiles + c)
    elif has_right_pad:
        for r in range(shard_H_tiles):
            write(r * W_tiles + local_right_col)
    noc_async_write_barrier()
