"""Compute kernel of ttnn's fast_reduce_nc: per output tile, Dst[0] accumulates every input tile (add_tiles against a
zero tile with acc_to_dest), then it is packed to c_16.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/reduction/fast_reduce_nc/device/kernels/reduce_nc.cpp.
Compile-time args: num_output_tiles, num_input_tiles, input_granularity. Defines: FP32_DEST_ACC_EN."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction.reduce_lib import add_tiles_acc, add_tiles_init_acc


def kernel_main():
    num_output_tiles = get_compile_time_arg_val(0)
    num_input_tiles = get_compile_time_arg_val(1)
    granularity = get_compile_time_arg_val(2)
    cb_in0, cb_in1, cb_out0 = CBIndex.c_0, CBIndex.c_1, CBIndex.c_16
    iters = num_input_tiles // granularity
    binary_op_init_common(cb_in0, cb_in1, cb_out0)
    cb_wait_front(cb_in1, 1)
    for _i in range(num_output_tiles):
        add_tiles_init_acc(cb_in0, cb_in1)
        reconfig_data_format(cb_in0, cb_in1)
        tile_regs_acquire()
        for _j in range(iters):
            cb_wait_front(cb_in0, granularity)
            for k in range(granularity):
                add_tiles_acc(cb_in0, cb_in1, k, 0, 0)
            cb_pop_front(cb_in0, granularity)
        tile_regs_commit()
        cb_reserve_back(cb_out0, 1)
        pack_reconfig_data_format(cb_out0)
        tile_regs_wait()
        pack_tile(0, cb_out0)
        tile_regs_release()
        cb_push_back(cb_out0, 1)
