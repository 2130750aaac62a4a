"""Compute kernel of ttnn's softmax over the last dim of a rank > 4 tensor (SoftmaxProgramFactoryGeneralWSmall): per
tile row of Wt tiles, held whole in c_0, the row max (compute_kernel_lib::reduce MAX along REDUCE_ROW over the first
Wt - 1 tiles, then the last tile masked with mask_tile, so its padding columns count as 0.0, reduced onto the running
max: Accumulate reloads it with the within-face transpose, reduce_lib._reload_accumulator), x - max
(sub_tiles_bcast<COL>), exp with the padding columns of the last tile masked to 0, the row sum and its reciprocal
(reduce SUM along REDUCE_ROW, the matmul-based row reduce, recip_tile as the post-reduce op), and the exps times it
(mul_tiles_bcast_cols) into c_16.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/moreh_softmax_w.cpp built with
SOFTMAX (not LOG), with ttnn's kernel_lib reduce (tensix/ttnn/kernels/reduction/reduce_lib.py). Compile-time args:
N (tile rows of this core), Wt. Defines: SOFTMAX, FP32_DEST_ACC_EN."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.moreh_lib import (copy_tile_init_with_dt, mask_tile_to_cb, pack_tile_with_dt)
from tensix.ttnn.kernels.normalization.moreh_softmax_common import (mul_bcast_cols_init_short_with_dt,
                                                                     sub_bcast_cols_init_short_with_dt)
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK, sm_exp_tile, sm_exp_tile_init
from tensix.ttnn.kernels.reduction import reduce_lib as R

cb_in0, cb_mask, cb_max_scaler, cb_sum_scaler = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2, CBIndex.c_3
cb_out0, cb_exps, cb_recipsumexps, cb_max, cb_x_m_max, cb_tmp = (CBIndex.c_16, CBIndex.c_24, CBIndex.c_25,
                                                                 CBIndex.c_26, CBIndex.c_27, CBIndex.c_28)


def _recip(dst_idx):
    recip_tile_init(version=FORK)
    recip_tile(dst_idx, version=FORK)


def kernel_main():
    dt = bool(globals().get("FP32_DEST_ACC_EN", 0))
    binary_op_init_common(cb_in0, cb_max_scaler, cb_out0)
    N = get_compile_time_arg_val(0)
    Wt = get_compile_time_arg_val(1)
    cb_wait_front(cb_mask, 1)
    cb_wait_front(cb_max_scaler, 1)
    cb_wait_front(cb_sum_scaler, 1)
    for _n in range(N):
        # the row max
        if Wt == 1:
            mask_tile_to_cb(cb_in0, cb_mask, cb_tmp, 0, 0, 0, 0, dt)
            R.reduce(PoolType.MAX, ReduceDim.REDUCE_ROW, cb_tmp, cb_max_scaler, cb_max, 1, 1)
        else:
            R.reduce(PoolType.MAX, ReduceDim.REDUCE_ROW, cb_in0, cb_max_scaler, cb_max, 1, Wt - 1,
                     policy=R.ReduceInputPolicy.WaitUpfrontNoPop)
            mask_tile_to_cb(cb_in0, cb_mask, cb_tmp, Wt - 1, 0, 0, 0, dt)
            R.reduce(PoolType.MAX, ReduceDim.REDUCE_ROW, cb_tmp, cb_max_scaler, cb_max, 1, 1,
                     accumulate=R.Accumulate.at(cb_max, 1))
        # x - max(x)
        cb_reserve_back(cb_x_m_max, Wt)
        cb_wait_front(cb_in0, Wt)
        cb_wait_front(cb_max, 1)
        for w in range(Wt):
            tile_regs_acquire()
            sub_bcast_cols_init_short_with_dt(cb_in0, cb_max, dt)
            sub_tiles_bcast[BroadcastType.COL](cb_in0, cb_max, w, 0, 0)
            tile_regs_commit()
            tile_regs_wait()
            pack_tile_with_dt(0, cb_x_m_max, dt)
            tile_regs_release()
        cb_pop_front(cb_max, 1)
        cb_pop_front(cb_in0, Wt)
        cb_push_back(cb_x_m_max, Wt)
        # exp(x - max(x)), the padding columns of the last tile masked to 0
        cb_reserve_back(cb_exps, Wt)
        cb_wait_front(cb_x_m_max, Wt)
        for w in range(Wt):
            tile_regs_acquire()
            copy_tile_init_with_dt(cb_x_m_max, dt)
            copy_tile(cb_x_m_max, w, 0)
            sm_exp_tile_init(False)
            sm_exp_tile(0, False)
            if w == Wt - 1:
                copy_tile_init_with_dt(cb_mask, dt)
                copy_tile(cb_mask, 0, 1)
                mask_tile_init()
                mask_tile(0, 1)
            tile_regs_commit()
            tile_regs_wait()
            pack_tile_with_dt(0, cb_exps, dt)
            tile_regs_release()
        cb_push_back(cb_exps, Wt)
        # 1 / sum, the exps kept for the product
        R.reduce(PoolType.SUM, ReduceDim.REDUCE_ROW, cb_exps, cb_sum_scaler, cb_recipsumexps, 1, Wt,
                 policy=R.ReduceInputPolicy.WaitUpfrontNoPop, post_reduce_op=_recip)
        # exp(x - max) * (1 / sum)
        cb_reserve_back(cb_out0, Wt)
        cb_wait_front(cb_x_m_max, Wt)
        cb_wait_front(cb_recipsumexps, 1)
        cb_wait_front(cb_exps, Wt)
        for w in range(Wt):
            tile_regs_acquire()
            mul_bcast_cols_init_short_with_dt(cb_exps, cb_recipsumexps, dt)
            mul_tiles_bcast_cols(cb_exps, cb_recipsumexps, w, 0, 0)
            tile_regs_commit()
            tile_regs_wait()
            pack_tile_with_dt(0, cb_out0, dt)
            tile_regs_release()
        cb_pop_front(cb_recipsumexps, 1)
        cb_pop_front(cb_x_m_max, Wt)
        cb_push_back(cb_out0, Wt)
        cb_pop_front(cb_exps, Wt)
