"""Compute kernel of ttnn's softmax over the first two dims of the 4D view (SoftmaxProgramFactoryGeneralCLarge): per
tile position, elementwise over the dim_size tiles along the softmax dim: the running max (binary_max_tile on the
SFPU), then exp(x - max) summed tile after tile (the FPU's add_tiles), the reciprocal of the sum (recip_tile), and
exp(x - max) computed again times it into c_16. Every step is a moreh `*_to_cb` call: one tile through Dst and back
to a CB (packed in the intermediate format).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/moreh_softmax_c_large.cpp built
with SOFTMAX (not LOG). Compile-time args: N (tiles of this core), dim_size. Defines: SOFTMAX, FP32_DEST_ACC_EN."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.moreh_lib import (add_tiles_to_cb, copy_tile_init_with_dt, copy_tile_to_cb,
                                                          exp_tile_to_cb, mul_tiles_to_cb, pack_tile_with_dt,
                                                          recip_tile_to_cb, sub_tiles_to_cb)

cb_in0, cb_out0, cb_exps, cb_recipsumexps = CBIndex.c_0, CBIndex.c_16, CBIndex.c_24, CBIndex.c_25
cb_add, cb_max, cb_tmp = CBIndex.c_26, CBIndex.c_27, CBIndex.c_28


def kernel_main():
    dt = bool(globals().get("FP32_DEST_ACC_EN", 0))
    N = get_compile_time_arg_val(0)
    dim_size = get_compile_time_arg_val(1)
    binary_op_init_common(cb_in0, cb_exps, cb_out0)
    for _n in range(N):
        # the running max
        for i in range(dim_size):
            if i == 0:
                copy_tile_to_cb(cb_in0, cb_max, dt)
                continue
            cb_wait_front(cb_in0, 1)
            cb_wait_front(cb_max, 1)
            tile_regs_acquire()
            copy_tile_init_with_dt(cb_in0, dt)
            copy_tile(cb_in0, 0, 0)
            copy_tile_init_with_dt(cb_max, dt)
            copy_tile(cb_max, 0, 1)
            binary_max_tile_init()
            binary_max_tile(0, 1, 0)
            tile_regs_commit()
            cb_pop_front(cb_max, 1)
            cb_reserve_back(cb_max, 1)
            tile_regs_wait()
            pack_tile_with_dt(0, cb_max, dt)
            tile_regs_release()
            cb_push_back(cb_max, 1)
            cb_pop_front(cb_in0, 1)
        # the sum of exp(x - max)
        for i in range(dim_size):
            sub_tiles_to_cb(cb_in0, cb_max, cb_tmp, dt, 0, 0, 1, 0)
            exp_tile_to_cb(cb_tmp, cb_exps, dt)
            if i == 0:
                copy_tile_to_cb(cb_exps, cb_add, dt)
            else:
                add_tiles_to_cb(cb_add, cb_exps, cb_add, dt)
        recip_tile_to_cb(cb_add, cb_recipsumexps, dt)
        # exp(x - max) / sum
        cb_wait_front(cb_recipsumexps, 1)
        for _i in range(dim_size):
            sub_tiles_to_cb(cb_in0, cb_max, cb_tmp, dt, 0, 0, 1, 0)
            exp_tile_to_cb(cb_tmp, cb_exps, dt)
            mul_tiles_to_cb(cb_exps, cb_recipsumexps, cb_out0, dt, 0, 0, 1, 0)
        cb_pop_front(cb_recipsumexps, 1)
        cb_pop_front(cb_max, 1)
