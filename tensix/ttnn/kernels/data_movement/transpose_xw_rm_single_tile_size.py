"""Compute kernel of ttnn.permute for row-major tensors whose last dim moves (MultiCoreBlockedGeneric): each 32 x 32
block of c_0 (32 row pieces) tilized into c_1, transposed (transpose_wh_tile) and packed back to rows
(pack_untilize_dest) into c_2: 32 rows of the new last dim.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/compute/
transpose_xw_rm_single_tile_size.cpp (unary_op_init_common is tensix's init_sfpu). Compile-time args: x_block_size,
w_block_size. Runtime args: num_blocks."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement import kernel_lib as K

unary_op_init_common = init_sfpu


def kernel_main():
    x_block_size = get_compile_time_arg_val(0)
    w_block_size = get_compile_time_arg_val(1)
    num_blocks = get_arg_val(0)
    cb_in, cb_tilize, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2
    unary_op_init_common(cb_in, cb_out)
    transpose_wh_init(cb_tilize, cb_out)
    for _ in range(num_blocks):
        K.tilize(1, cb_in, cb_tilize, 1, total_input_pages=x_block_size,
                 reconfig_mode=K.ReconfigureRegisterDatatypeMode.NoReconfigure)
        cb_wait_front(cb_tilize, 1)
        transpose_wh_init_short(cb_tilize)
        pack_untilize_dest_init[1](cb_out)
        tile_regs_acquire()
        transpose_wh_tile(cb_tilize, 0, 0)
        tile_regs_commit()
        cb_reserve_back(cb_out, w_block_size)
        tile_regs_wait()
        pack_untilize_dest[1](cb_out)
        tile_regs_release()
        cb_push_back(cb_out, w_block_size)
        pack_untilize_uninit(cb_out)
        cb_pop_front(cb_tilize, 1)
