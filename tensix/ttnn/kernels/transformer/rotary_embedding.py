"""Compute kernel of ttnn.experimental.rotary_embedding (multi-tile head dim, prefill): per tile j of a row,
rotated = -x[j + Wt/2] (mul_tiles_bcast_scalar by the -1 tile, packed to the input format) for the first half and
x[j - Wt/2] for the second, sin_part = rotated * sin, cos_part = x * cos (mul_tiles), out = cos_part + sin_part
(add_tiles); intermediates c_24-c_26 in the input / cos / sin formats. DECODE_MODE: the token's cos / sin rows are
retilized first (rotary_compute_lib) and broadcast over the rows (mul_tiles_bcast_rows with tile j), never popped.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/rotary_embedding/device/kernels/compute/
rotary_embedding.cpp. Compile-time args: in_cb, rotated_in_cb, cos_cb, sin_cb, scalar_cb, rotated_in_interm_cb,
cos_interm_cb, sin_interm_cb, out_cb, num_rows, Wt, half_Wt; DECODE_MODE: then untilized cos, its sync, untilized sin,
its sync, retilized cos, retilized sin."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.transformer.rotary_compute_lib import retilize_token_rows


def _mul_tiles(in0_cb, in1_cb, out_cb, in1_idx=0):
    """MUL_TILES(in0, in1, out, 1, in1_idx): DECODE_MODE broadcasts in1's row 0 (tile in1_idx, kept), else an
    element-wise product (in1 popped)."""
    cb_wait_front(in0_cb, 1)
    cb_wait_front(in1_cb, in1_idx + 1)
    tile_regs_acquire()
    if DECODE_MODE:
        mul_bcast_rows_init_short(in0_cb, in1_cb)
        mul_tiles_bcast_rows(in0_cb, in1_cb, 0, in1_idx, 0)
    else:
        mul_tiles_init(in0_cb, in1_cb)
        mul_tiles(in0_cb, in1_cb, 0, 0, 0)
    tile_regs_commit()
    cb_pop_front(in0_cb, 1)
    if not DECODE_MODE:
        cb_pop_front(in1_cb, 1)
    cb_reserve_back(out_cb, 1)
    tile_regs_wait()
    pack_tile(0, out_cb)
    tile_regs_release()
    cb_push_back(out_cb, 1)


def kernel_main():
    (in_cb, rotated_in_cb, cos_cb, sin_cb, scalar_cb, rotated_in_interm_cb, cos_interm_cb, sin_interm_cb,
     out_cb) = (get_compile_time_arg_val(i) for i in range(9))
    num_rows = get_compile_time_arg_val(9)
    Wt = get_compile_time_arg_val(10)
    half_Wt = get_compile_time_arg_val(11)
    cb_wait_front(scalar_cb, 1)
    if DECODE_MODE:
        cos_cb, sin_cb = retilize_token_rows(Wt, cos_cb, sin_cb, scalar_cb,
                                             *(get_compile_time_arg_val(12 + i) for i in range(6)))
    else:
        binary_op_init_common(rotated_in_cb, scalar_cb, rotated_in_interm_cb)
    for _i in range(num_rows):
        for j in range(Wt):
            k = j if DECODE_MODE else 0
            if j < half_Wt:
                reconfig_data_format(rotated_in_cb, scalar_cb)
                pack_reconfig_data_format(rotated_in_interm_cb)
                cb_wait_front(rotated_in_cb, 1)
                tile_regs_acquire()
                mul_tiles_bcast_scalar_init_short(rotated_in_cb, scalar_cb)
                mul_tiles_bcast_scalar(rotated_in_cb, scalar_cb, 0, 0, 0)
                tile_regs_commit()
                cb_pop_front(rotated_in_cb, 1)
                cb_reserve_back(rotated_in_interm_cb, 1)
                tile_regs_wait()
                pack_tile(0, rotated_in_interm_cb)
                tile_regs_release()
                cb_push_back(rotated_in_interm_cb, 1)
                reconfig_data_format_srcb(scalar_cb, sin_cb)
                pack_reconfig_data_format(rotated_in_interm_cb, sin_interm_cb)
                _mul_tiles(rotated_in_interm_cb, sin_cb, sin_interm_cb, k)
            else:
                reconfig_data_format(rotated_in_cb, sin_cb)
                pack_reconfig_data_format(out_cb, sin_interm_cb)
                _mul_tiles(rotated_in_cb, sin_cb, sin_interm_cb, k)
            _mul_tiles(in_cb, cos_cb, cos_interm_cb, k)
            cb_wait_front(cos_interm_cb, 1)
            cb_wait_front(sin_interm_cb, 1)
            reconfig_data_format_srca(rotated_in_cb, cos_interm_cb)
            pack_reconfig_data_format(cos_interm_cb, out_cb)
            tile_regs_acquire()
            add_tiles_init(cos_interm_cb, sin_interm_cb)
            add_tiles(cos_interm_cb, sin_interm_cb, 0, 0, 0)
            tile_regs_commit()
            cb_pop_front(cos_interm_cb, 1)
            cb_pop_front(sin_interm_cb, 1)
            cb_reserve_back(out_cb, 1)
            tile_regs_wait()
            pack_tile(0, out_cb)
            tile_regs_release()
            cb_push_back(out_cb, 1)
