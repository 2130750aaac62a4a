"""Compute kernel of ttnn.experimental.rotary_embedding with a head dim of one tile (prefill): per tile row,
rotated = x @ T (matmul_tiles with the rotate_half transformation matrix, packed to c_24 in the input format),
sin_part = rotated * sin, cos_part = x * cos (mul_tiles, into c_26 / c_25), out = cos_part + sin_part (add_tiles).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/rotary_embedding/device/kernels/compute/
rotary_embedding_single_tile.cpp. Compile-time args: in_cb, cos_cb, sin_cb, trans_mat_cb, rotated_in_interm_cb,
cos_interm_cb, sin_interm_cb, out_cb, num_rows; DECODE_MODE (the token's cos / sin row retilized first, then broadcast
over the rows and never popped): then untilized cos, its sync, untilized sin, its sync, retilized cos, retilized sin."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.transformer.rotary_compute_lib import retilize_token_rows


def _pack_one(out_cb):
    cb_reserve_back(out_cb, 1)
    tile_regs_wait()
    pack_tile(0, out_cb)
    tile_regs_release()
    cb_push_back(out_cb, 1)


def _mul(in0_cb, in1_cb):
    if DECODE_MODE:         # the token's row broadcast over the tile's rows
        mul_bcast_rows_init_short(in0_cb, in1_cb)
        mul_tiles_bcast_rows(in0_cb, in1_cb, 0, 0, 0)
    else:
        mul_tiles_init(in0_cb, in1_cb)
        mul_tiles(in0_cb, in1_cb, 0, 0, 0)


def kernel_main():
    (in_cb, cos_cb, sin_cb, trans_mat_cb, rotated_cb, cos_interm_cb, sin_interm_cb, out_cb,
     num_rows) = (get_compile_time_arg_val(i) for i in range(9))
    if DECODE_MODE:
        cos_cb, sin_cb = retilize_token_rows(1, cos_cb, sin_cb, sin_cb,
                                             *(get_compile_time_arg_val(9 + i) for i in range(6)))
    cb_wait_front(trans_mat_cb, 1)
    binary_op_init_common(rotated_cb, sin_cb, sin_interm_cb)
    for _i in range(num_rows):
        cb_wait_front(in_cb, 1)                   # rotated = x @ T
        reconfig_data_format(in_cb, trans_mat_cb)
        pack_reconfig_data_format(rotated_cb)
        matmul_init(in_cb, trans_mat_cb)
        tile_regs_acquire()
        matmul_tiles(in_cb, trans_mat_cb, 0, 0, 0)
        tile_regs_commit()
        _pack_one(rotated_cb)
        cb_wait_front(rotated_cb, 1)              # sin_part = rotated * sin
        cb_wait_front(sin_cb, 1)
        reconfig_data_format(rotated_cb, sin_cb)
        pack_reconfig_data_format(sin_interm_cb)
        tile_regs_acquire()
        _mul(rotated_cb, sin_cb)
        tile_regs_commit()
        cb_pop_front(rotated_cb, 1)
        if not DECODE_MODE:
            cb_pop_front(sin_cb, 1)
        _pack_one(sin_interm_cb)
        cb_wait_front(cos_cb, 1)                  # cos_part = x * cos
        reconfig_data_format(in_cb, cos_cb)
        pack_reconfig_data_format(cos_interm_cb)
        tile_regs_acquire()
        _mul(in_cb, cos_cb)
        tile_regs_commit()
        cb_pop_front(in_cb, 1)
        if not DECODE_MODE:
            cb_pop_front(cos_cb, 1)
        _pack_one(cos_interm_cb)
        cb_wait_front(cos_interm_cb, 1)           # out = cos_part + sin_part
        cb_wait_front(sin_interm_cb, 1)
        reconfig_data_format(cos_interm_cb, sin_interm_cb)
        pack_reconfig_data_format(out_cb)
        add_tiles_init(cos_interm_cb, sin_interm_cb)
        tile_regs_acquire()
        add_tiles(cos_interm_cb, sin_interm_cb, 0, 0, 0)
        tile_regs_commit()
        cb_pop_front(cos_interm_cb, 1)
        cb_pop_front(sin_interm_cb, 1)
        _pack_one(out_cb)
