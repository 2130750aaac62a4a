"""Compute kernel of ttnn's accumulation program (cumsum, cumprod): per row the accumulator tile (c_2, Float32, or the
integer output format) is filled with the default value (0 for cumsum, 1 for cumprod), then for each tile of the row:
the input tile to Dst 0, the accumulator to Dst 1, BINARY_OP(0, 1 -> 1), packed both to the output (c_1) and back to
c_2, which the next tile unpacks again (UnpackToDestFp32: the running sum or product stays fp32).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/accumulation/device/kernels/compute/accumulation_compute.cpp.
The defines are callables here: BINARY_OP_INIT / BINARY_OP (add_binary_tile / mul_binary_tile, or add_int_tile /
mul_int_tile<Int32/UInt32>) and
FILL_TILE (fill_tile_bitcast, which is tensix's fill_tile: both take the float's bits, or fill_tile_int<fmt>).
Compile-time args: default_acc_value (bits). Runtime args: num_rows, tiles_per_row."""

from tensix.kernel import *  # noqa: F401,F403

CB_IN, CB_OUT, CB_ACC = 0, 1, 2
DST_IN, DST_ACC = 0, 1


def kernel_main():
    default_acc_value = get_compile_time_arg_val(0)
    num_rows = get_arg_val(0)
    tiles_per_row = get_arg_val(1)
    init_sfpu(CB_IN, CB_OUT)            # unary_op_init_common
    BINARY_OP_INIT()
    cb_reserve_back(CB_ACC, 1)
    cb_push_back(CB_ACC, 1)
    for _ in range(num_rows):
        cb_wait_front(CB_ACC, 1)        # unpacker / packer hand-off on c_2 between rows
        cb_pop_front(CB_ACC, 1)
        tile_regs_acquire()
        reconfig_data_format(CB_ACC, CB_ACC)
        fill_tile_init()
        FILL_TILE(DST_ACC, default_acc_value)
        tile_regs_commit()
        tile_regs_wait()
        cb_reserve_back(CB_ACC, 1)
        pack_reconfig_data_format(CB_ACC)
        pack_tile(DST_ACC, CB_ACC)
        tile_regs_release()
        cb_push_back(CB_ACC, 1)
        for _j in range(tiles_per_row):
            cb_wait_front(CB_ACC, 1)
            tile_regs_acquire()
            cb_wait_front(CB_IN, 1)
            reconfig_data_format(CB_IN, CB_IN)
            copy_tile_to_dst_init_short(CB_IN)
            copy_tile(CB_IN, 0, DST_IN)
            reconfig_data_format(CB_ACC, CB_ACC)
            copy_tile_to_dst_init_short(CB_ACC)
            copy_tile(CB_ACC, 0, DST_ACC)
            BINARY_OP(DST_IN, DST_ACC, DST_ACC)
            cb_pop_front(CB_ACC, 1)
            cb_pop_front(CB_IN, 1)
            tile_regs_commit()
            tile_regs_wait()
            cb_reserve_back(CB_OUT, 1)
            pack_reconfig_data_format(CB_ACC, CB_OUT)
            pack_tile(DST_ACC, CB_OUT)
            cb_push_back(CB_OUT, 1)
            cb_reserve_back(CB_ACC, 1)
            pack_reconfig_data_format(CB_OUT, CB_ACC)
            pack_tile(DST_ACC, CB_ACC)
            tile_regs_release()
            cb_push_back(CB_ACC, 1)
    cb_wait_front(CB_ACC, 1)
    cb_pop_front(CB_ACC, 1)
