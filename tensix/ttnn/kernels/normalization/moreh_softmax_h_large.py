"""Compute kernel of ttnn's softmax down the tile columns when a column does not fit in L1
(SoftmaxProgramFactoryGeneralHLarge): per tile column, its Ht tiles streamed from c_0 three times (the reader sends
the column three times): the column max (reduce MAX along REDUCE_COL over the first Ht - 1 tiles, then the last tile
masked with mask_tile, padding rows counting as 0.0, reduced onto it); the sum of exps, tile by tile: x - max
(sub_tiles_bcast_rows_to_cb into c_28), exp into c_24 (the last tile's padding rows masked to 0,
exp_tile_and_mask_tile_to_cb), added onto c_26 (the FPU's add_tiles; moreh_softmax_common.add_tiles_to_cb: c_26
holds one page); its column sum and reciprocal (reduce SUM along REDUCE_COL of the one accumulated tile, recip_tile
post-op) into c_25; then x - max, exp and the product with the reciprocal (mul_tiles_bcast_rows_to_cb) into c_16.
Every step packs into an intermediate CB (Float32 with fp32 accumulation, else Float16_b).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/moreh_softmax_h_large.cpp built
with SOFTMAX (not LOG). Compile-time args: N (tile columns of this core), Ht. Defines: SOFTMAX, FP32_DEST_ACC_EN."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.moreh_lib import copy_tile_to_cb, exp_tile_to_cb, mask_tile_to_cb
from tensix.ttnn.kernels.normalization.moreh_softmax_common import (add_tiles_to_cb, exp_tile_and_mask_tile_to_cb,
                                                                     mul_tiles_bcast_rows_to_cb,
                                                                     sub_tiles_bcast_rows_to_cb)
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK
from tensix.ttnn.kernels.reduction import reduce_lib as R

cb_in0, cb_mask, cb_max_scaler, cb_sum_scaler = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2, CBIndex.c_3
cb_out0, cb_exps, cb_recipsumexps, cb_add, cb_max, cb_tmp = (CBIndex.c_16, CBIndex.c_24, CBIndex.c_25, CBIndex.c_26,
                                                             CBIndex.c_27, CBIndex.c_28)


def _recip(dst_idx):
    recip_tile_init(version=FORK)
    recip_tile(dst_idx, version=FORK)


def kernel_main():
    dt = bool(globals().get("FP32_DEST_ACC_EN", 0))
    binary_op_init_common(cb_in0, cb_max_scaler, cb_out0)
    N = get_compile_time_arg_val(0)
    Ht = get_compile_time_arg_val(1)
    for _n in range(N):
        # the column max
        if Ht == 1:
            mask_tile_to_cb(cb_in0, cb_mask, cb_tmp, 0, 0, 1, 0, dt)
            R.reduce(PoolType.MAX, ReduceDim.REDUCE_COL, cb_tmp, cb_max_scaler, cb_max, 1, 1)
        else:
            R.reduce(PoolType.MAX, ReduceDim.REDUCE_COL, cb_in0, cb_max_scaler, cb_max, Ht - 1, 1)
            mask_tile_to_cb(cb_in0, cb_mask, cb_tmp, 0, 0, 1, 0, dt)
            R.reduce(PoolType.MAX, ReduceDim.REDUCE_COL, cb_tmp, cb_max_scaler, cb_max, 1, 1,
                     accumulate=R.Accumulate.at(cb_max, 1))
        # the sum of exp(x - max), tile by tile
        for h in range(Ht):
            sub_tiles_bcast_rows_to_cb(cb_in0, cb_max, cb_tmp, dt, 0, 0, 1, 0)
            if h == Ht - 1:
                exp_tile_and_mask_tile_to_cb(cb_tmp, cb_mask, cb_exps, dt, 0, 0, 1, 0)
            else:
                exp_tile_to_cb(cb_tmp, cb_exps, dt)
            if h == 0:
                copy_tile_to_cb(cb_exps, cb_add, dt)
            else:
                add_tiles_to_cb(cb_add, cb_exps, cb_add, dt)
        # 1 / sum (the accumulated tile reduced down the column, then popped)
        R.reduce(PoolType.SUM, ReduceDim.REDUCE_COL, cb_add, cb_sum_scaler, cb_recipsumexps, 1, 1,
                 policy=R.ReduceInputPolicy.BulkWaitBulkPop, post_reduce_op=_recip)
        # exp(x - max) * (1 / sum)
        for _h in range(Ht):
            sub_tiles_bcast_rows_to_cb(cb_in0, cb_max, cb_tmp, dt, 0, 0, 1, 0)
            exp_tile_to_cb(cb_tmp, cb_exps, dt)
            mul_tiles_bcast_rows_to_cb(cb_exps, cb_recipsumexps, cb_out0, dt, 0, 0, 1, 0)
        cb_pop_front(cb_recipsumexps, 1)
        cb_pop_front(cb_max, 1)
