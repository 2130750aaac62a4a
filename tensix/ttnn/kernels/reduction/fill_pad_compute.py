"""Compute kernel of ttnn's fill_pad op: per border tile, data -> Dst[0], the mask -> Dst[2] (the corner tile: right
mask -> Dst[2], bottom mask -> Dst[3]), the fill value -> Dst[1] (fill_tile_bitcast, or fill_tile_int for integer
types), then where_tile(mask, fill, data) (twice for the corner: the right mask's result is the bottom mask's false
value), the last result packed to c_16.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/fill_pad/device/kernels/compute/fill_pad_compute.cpp
(process_masked_tile, process_corner_tile). Defines as the program factory's: FILL_PAD_DATA_FMT (where_tile's format:
get_where_data_fmt), FILL_PAD_FILL_DATA_FMT (fill_tile_int's format; None: FILL_PAD_FILL_FN is fill_tile_bitcast).
Compile-time args: W_tiles, H_tiles, has_right_pad, has_bottom_pad, elem_size, fill_bits, cb_data_in, cb_right_mask,
cb_bot_mask, cb_data_out. Runtime args: num_right, num_bottom, num_corner."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction.fill_lib import fill_tile_bitcast, fill_tile_init, fill_tile_int


def _process(cb_in, masks, cb_out, fill_bits, fmt):
    """process_masked_tile (one mask) or process_corner_tile (right and bottom masks)."""
    cb_wait_front(cb_in, 1)
    cb_reserve_back(cb_out, 1)
    tile_regs_acquire()
    copy_tile_to_dst_init_short(cb_in)
    copy_tile(cb_in, 0, 0)
    for k, cb_mask in enumerate(masks):
        copy_tile_to_dst_init_short(cb_mask)
        copy_tile(cb_mask, 0, 2 + k)
    fill_tile_init()
    if FILL_PAD_FILL_DATA_FMT is None:   # FILL_PAD_FILL_FN: fill_tile_bitcast (float types) or fill_tile_int<fmt>
        fill_tile_bitcast(1, fill_bits)
    else:
        fill_tile_int(1, fill_bits, FILL_PAD_FILL_DATA_FMT)
    where_tile_init()
    where_tile(2, 1, 0, 2, fmt)
    if len(masks) == 2:
        where_tile(3, 1, 2, 3, fmt)
    tile_regs_commit()
    tile_regs_wait()
    pack_tile(1 + len(masks), cb_out)
    tile_regs_release()
    cb_pop_front(cb_in, 1)
    cb_push_back(cb_out, 1)


def kernel_main():
    has_right_pad = get_compile_time_arg_val(2)
    has_bottom_pad = get_compile_time_arg_val(3)
    fill_bits = get_compile_time_arg_val(5)
    cb_in = get_compile_time_arg_val(6)
    cb_right = get_compile_time_arg_val(7)
    cb_bot = get_compile_time_arg_val(8)
    cb_out = get_compile_time_arg_val(9)
    num_right, num_bottom, num_corner = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    if num_right + num_bottom + num_corner == 0:
        return
    fmt = FILL_PAD_DATA_FMT          # get_where_data_fmt: Float32, UInt32, Int32, else Float16_b
    init_sfpu(cb_in, cb_out)         # unary_op_init_common
    if has_right_pad:
        cb_wait_front(cb_right, 1)
    if has_bottom_pad:
        cb_wait_front(cb_bot, 1)
    for _ in range(num_right if has_right_pad else 0):
        _process(cb_in, (cb_right,), cb_out, fill_bits, fmt)
    for _ in range(num_bottom if has_bottom_pad else 0):
        _process(cb_in, (cb_bot,), cb_out, fill_bits, fmt)
    for _ in range(num_corner if has_right_pad and has_bottom_pad else 0):
        _process(cb_in, (cb_right, cb_bot), cb_out, fill_bits, fmt)
    if has_right_pad:
        cb_pop_front(cb_right, 1)
    if has_bottom_pad:
        cb_pop_front(cb_bot, 1)
