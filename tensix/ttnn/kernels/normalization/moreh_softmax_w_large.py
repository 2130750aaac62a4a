"""Compute kernel of ttnn's softmax over the last dim of a rank > 4 tensor whose tile row does not fit in L1
(SoftmaxProgramFactoryGeneralWLarge): per tile row, its Wt tiles streamed from c_0 three times (the reader sends the
row three times): the row max (reduce MAX along REDUCE_ROW over the first Wt - 1 tiles, then the last tile masked
with mask_tile, padding columns counting as 0.0, reduced onto it: Accumulate's within-face transposing reload); the
sum of exps, tile by tile: x - max (sub_tiles_bcast_cols_to_cb into c_28), exp into c_24 (the last tile's padding
columns masked to 0, exp_tile_and_mask_tile_to_cb), added onto c_26 (the FPU's add_tiles;
moreh_softmax_common.add_tiles_to_cb: c_26 holds one page); its row sum and reciprocal (reduce SUM along REDUCE_ROW
of the one accumulated tile, recip_tile post-op) into c_25; then x - max, exp and the product with the reciprocal
(mul_tiles_bcast_cols_to_cb) into c_16. Every step packs into an intermediate CB (Float32 with fp32 accumulation,
else Float16_b).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/moreh_softmax_w_large.cpp built
with SOFTMAX (not LOG). Compile-time args: N (tile rows of this core), Wt. Defines: SOFTMAX, FP32_DEST_ACC_EN."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.moreh_lib import copy_tile_to_cb, exp_tile_to_cb, mask_tile_to_cb
from tensix.ttnn.kernels.normalization.moreh_softmax_common import (add_tiles_to_cb, exp_tile_and_mask_tile_to_cb,
                                                                     mul_tiles_bcast_cols_to_cb,
                                                                     sub_tiles_bcast_cols_to_cb)
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
    Wt = get_compile_time_arg_val(1)
    for _n in range(N):
        # the row max
        if Wt == 1:
            mask_tile_to_cb(cb_in0, cb_mask, cb_tmp, 0, 0, 1, 0, dt)
            R.reduce(PoolType.MAX, ReduceDim.REDUCE_ROW, cb_tmp, cb_max_scaler, cb_max, 1, 1)
        else:
            R.reduce(PoolType.MAX, ReduceDim.REDUCE_ROW, cb_in0, cb_max_scaler, cb_max, 1, Wt - 1)
            mask_tile_to_cb(cb_in0, cb_mask, cb_tmp, 0, 0, 1, 0, dt)
            R.reduce(PoolType.MAX, ReduceDim.REDUCE_ROW, cb_tmp, cb_max_scaler, cb_max, 1, 1,
                     accumulate=R.Accumulate.at(cb_max, 1))
        # the sum of exp(x - max), tile by tile
        for w in range(Wt):
            sub_tiles_bcast_cols_to_cb(cb_in0, cb_max, cb_tmp, dt, 0, 0, 1, 0)
            if w == Wt - 1:
                exp_tile_and_mask_tile_to_cb(cb_tmp, cb_mask, cb_exps, dt, 0, 0, 1, 0)
            else:
                exp_tile_to_cb(cb_tmp, cb_exps, dt)
            if w == 0:
                copy_tile_to_cb(cb_exps, cb_add, dt)
            else:
                add_tiles_to_cb(cb_add, cb_exps, cb_add, dt)
        # 1 / sum (the accumulated tile reduced along the row, then popped)
        R.reduce(PoolType.SUM, ReduceDim.REDUCE_ROW, cb_add, cb_sum_scaler, cb_recipsumexps, 1, 1,
                 policy=R.ReduceInputPolicy.BulkWaitBulkPop, post_reduce_op=_recip)
        # exp(x - max) * (1 / sum)
        for _w in range(Wt):
            sub_tiles_bcast_cols_to_cb(cb_in0, cb_max, cb_tmp, dt, 0, 0, 1, 0)
            exp_tile_to_cb(cb_tmp, cb_exps, dt)
            mul_tiles_bcast_cols_to_cb(cb_exps, cb_recipsumexps, cb_out0, dt, 0, 0, 1, 0)
        cb_pop_front(cb_recipsumexps, 1)
        cb_pop_front(cb_max, 1)
