"""Compute kernel of ttnn.permute for tiled tensors where both tile dims move (MultiCoreTiledGeneric): each 32 x 32
row-major XW block of c_0 tilized into c_1, transposed (transpose_wh_tile) and packed back to rows
(pack_untilize_dest) into c_2 as a WX block.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/compute/transpose_xw_tiled.cpp
(unary_op_init_common is tensix's init_sfpu). Runtime args: start_block, end_block."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement import kernel_lib as K

unary_op_init_common = init_sfpu


def kernel_main():
    start_block = get_arg_val(0)
    end_block = get_arg_val(1)
    cb_in, cb_tilize, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2
    unary_op_init_common(cb_in, cb_out)
    for _ in range(start_block, end_block):
        K.tilize(1, cb_in, cb_tilize, 1, reconfig_mode=K.ReconfigureRegisterDatatypeMode.NoReconfigure)
        cb_wait_front(cb_tilize, 1)
        transpose_wh_init_short(cb_tilize)
        pack_untilize_dest_init[1](cb_out)
        tile_regs_acquire()
        transpose_wh_tile(cb_tilize, 0, 0)
        tile_regs_commit()
        cb_reserve_back(cb_out, 1)
        tile_regs_wait()
        pack_untilize_dest[1](cb_out)
        tile_regs_release()
        cb_push_back(cb_out, 1)
        pack_untilize_uninit(cb_out)
        cb_pop_front(cb_tilize, 1)
