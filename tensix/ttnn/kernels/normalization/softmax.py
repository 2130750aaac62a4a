"""Compute kernel of ttnn's softmax (SoftmaxProgramFactoryAttentionOptimized, the small-tensor kernel): per tile row
of Wt tiles, optionally scale (FUSED_SCALE_MASK: times the scale tile, plus the attention mask, row broadcast or
CAUSAL_MASK tiles), with a padded width add the -inf padding mask to the row's last tile, with NUMERIC_STABLE
subtract the row max (compute_kernel_lib::reduce MAX along rows, then sub_tiles_bcast_cols), exp (EXP_APPROX),
the row sum and its reciprocal (compute_kernel_lib::reduce SUM along rows: a matmul by the column-0 scaler, then
recip_tile), and the exps times the reciprocal (mul_tiles_bcast<COL>) into c_11.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/softmax/device/kernels/attention/compute/softmax.cpp
with ttnn's kernel_lib reduce (tensix/ttnn/kernels/reduction/reduce_lib.py). Runtime args: NCHt (rows of this
core), Ht, Wt, ndst (block size), start_ht, mask_padded_data, cb_length. Defines: EXP_APPROX,
ENABLE_FP32_DEST_ACC, NUMERIC_STABLE, FUSED_SCALE_MASK, CAUSAL_MASK."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK, sm_exp_tile, sm_exp_tile_init
from tensix.ttnn.kernels.reduction import reduce_lib as R

cb_max_scaler, cb_sum_scaler = CBIndex.c_2, CBIndex.c_13
cb_fused_scale, cb_fused_attn, cb_mask_padded = CBIndex.c_3, CBIndex.c_4, CBIndex.c_5
cb_exps, cb_scale_mask, cb_recipsumexps = CBIndex.c_6, CBIndex.c_9, CBIndex.c_7
cb_in0, cb_out0 = CBIndex.c_0, CBIndex.c_11


def calc_numeric_stable(cb_in, cb_max, cb_out, Wt, ndst, approx):
    """calc_numeric_stable<cb_in, cb_max_scaler, cb_max, cb_out>: the row max, then exp(x - max) into cb_out."""
    R.reduce(PoolType.MAX, ReduceDim.REDUCE_ROW, cb_in, cb_max_scaler, cb_max, 1, Wt, 1,
             policy=R.ReduceInputPolicy.WaitUpfrontNoPop, reconfig=R.ReduceDataFormatReconfigMode.INPUT)
    sm_exp_tile_init(approx)
    reconfig_data_format_srcb(cb_max)
    cb_wait_front(cb_max, 1)
    sub_bcast_cols_init_short(cb_in, cb_max)
    for wt in range(0, Wt, ndst):
        tile_regs_acquire()
        for wt8 in range(ndst):
            sub_tiles_bcast_cols(cb_in, cb_max, wt + wt8, 0, wt8)
        cb_reserve_back(cb_out, ndst)
        for wt8 in range(ndst):
            sm_exp_tile(wt8, approx)
        tile_regs_commit()
        tile_regs_wait()
        for wt8 in range(ndst):
            pack_tile(wt8, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, ndst)
    cb_pop_front(cb_in, Wt)
    cb_pop_front(cb_max, 1)
    cb_wait_front(cb_out, Wt)


def _recip_post(idst):
    recip_tile_init(version=FORK)
    recip_tile(0, version=FORK)


def kernel_main():
    NCHt = get_arg_val(0)
    Ht = get_arg_val(1)
    Wt = get_arg_val(2)
    ndst = get_arg_val(3)
    start_ht = get_arg_val(4)
    mask_padded_data = get_arg_val(5)
    approx = EXP_APPROX == 1
    stable = globals().get("NUMERIC_STABLE", 0) == 1
    fused = globals().get("FUSED_SCALE_MASK", 0) == 1
    causal = globals().get("CAUSAL_MASK", 0) == 1
    binary_op_init_common(cb_in0, cb_max_scaler, cb_exps)
    cb_max = CBIndex.c_8
    cb_x = CBIndex.c_10 if stable else cb_exps
    cb_wait_front(cb_max_scaler, 1)
    cb_wait_front(cb_sum_scaler, 1)
    if fused:
        cb_wait_front(cb_fused_scale, 1)
    ht = start_ht
    wait_mask = True
    for _ncht in range(NCHt):
        if fused:
            reconfig_data_format(cb_in0, cb_fused_scale)
            pack_reconfig_data_format(cb_scale_mask)
            mul_tiles_bcast_scalar_init_short(cb_in0, cb_fused_scale)
            for _wt in range(0, Wt, ndst):
                tile_regs_acquire()
                cb_wait_front(cb_in0, ndst)
                cb_reserve_back(cb_scale_mask, ndst)
                for wt8 in range(ndst):
                    mul_tiles_bcast_scalar(cb_in0, cb_fused_scale, wt8, 0, wt8)
                tile_regs_commit()
                tile_regs_wait()
                for wt8 in range(ndst):
                    pack_tile(wt8, cb_scale_mask)
                tile_regs_release()
                cb_push_back(cb_scale_mask, ndst)
                cb_pop_front(cb_in0, ndst)
            reconfig_data_format(cb_scale_mask, cb_fused_attn)
            if not stable:
                sm_exp_tile_init(approx)
            if causal:
                add_tiles_init(cb_scale_mask, cb_fused_attn)
            else:
                add_bcast_rows_init_short(cb_scale_mask, cb_fused_attn)
            for wt in range(0, Wt, ndst):
                tile_regs_acquire()
                cb_wait_front(cb_scale_mask, ndst)
                if causal:
                    cb_wait_front(cb_fused_attn, wt + ndst)
                    for wt8 in range(ndst):
                        add_tiles(cb_scale_mask, cb_fused_attn, wt8, wt + wt8, wt8)
                else:
                    if wait_mask:
                        cb_wait_front(cb_fused_attn, wt + ndst)
                    for wt8 in range(ndst):
                        add_tiles_bcast_rows(cb_scale_mask, cb_fused_attn, wt8, wt + wt8, wt8)
                cb_pop_front(cb_scale_mask, ndst)
                cb_reserve_back(cb_x, ndst)
                if not stable:
                    for wt8 in range(ndst):
                        sm_exp_tile(wt8, approx)
                tile_regs_commit()
                tile_regs_wait()
                for wt8 in range(ndst):
                    pack_tile(wt8, cb_x)
                tile_regs_release()
                cb_push_back(cb_x, ndst)
            if stable:
                calc_numeric_stable(cb_x, cb_max, cb_exps, Wt, ndst, approx)
            if causal:
                cb_pop_front(cb_fused_attn, Wt)
            else:
                wait_mask = False
                ht += 1
                if ht == Ht:
                    cb_pop_front(cb_fused_attn, Wt)
                    ht = 0
                    wait_mask = True
            reconfig_data_format(cb_exps, cb_sum_scaler)
        else:
            reconfig_data_format(cb_in0, cb_in0)
            pack_reconfig_data_format(cb_exps)
            copy_tile_to_dst_init_short(cb_in0)
            if not stable:
                sm_exp_tile_init(approx)
            if mask_padded_data:
                for wt in range(0, Wt, ndst):
                    tile_regs_acquire()
                    cb_wait_front(cb_in0, ndst)
                    for wt8 in range(ndst):
                        if wt == Wt - ndst and wt8 == ndst - 1:
                            reconfig_data_format(cb_in0, cb_mask_padded)
                            add_bcast_rows_init_short(cb_in0, cb_mask_padded)
                            cb_wait_front(cb_mask_padded, 1)
                            add_tiles_bcast_rows(cb_in0, cb_mask_padded, wt8, 0, wt8)
                        else:
                            copy_tile(cb_in0, wt8, wt8)
                    cb_pop_front(cb_in0, ndst)
                    cb_reserve_back(cb_x, ndst)
                    if not stable:
                        for wt8 in range(ndst):
                            sm_exp_tile(wt8, approx)
                    tile_regs_commit()
                    tile_regs_wait()
                    for wt8 in range(ndst):
                        pack_tile(wt8, cb_x)
                    tile_regs_release()
                    cb_push_back(cb_x, ndst)
                if stable:
                    calc_numeric_stable(cb_x, cb_max, cb_exps, Wt, ndst, approx)
            else:
                if stable:
                    calc_numeric_stable(cb_in0, cb_max, cb_exps, Wt, ndst, approx)
                else:
                    for _wt in range(0, Wt, ndst):
                        tile_regs_acquire()
                        cb_wait_front(cb_in0, ndst)
                        for wt8 in range(ndst):
                            copy_tile(cb_in0, wt8, wt8)
                        cb_pop_front(cb_in0, ndst)
                        cb_reserve_back(cb_exps, ndst)
                        for wt8 in range(ndst):
                            sm_exp_tile(wt8, approx)
                        tile_regs_commit()
                        tile_regs_wait()
                        for wt8 in range(ndst):
                            pack_tile(wt8, cb_exps)
                        tile_regs_release()
                        cb_push_back(cb_exps, ndst)
        R.reduce(PoolType.SUM, ReduceDim.REDUCE_ROW, cb_exps, cb_sum_scaler, cb_recipsumexps, 1, Wt, 1,
                 policy=R.ReduceInputPolicy.WaitUpfrontNoPop, post_reduce_op=_recip_post)
        cb_wait_front(cb_recipsumexps, 1)
        reconfig_data_format(cb_exps, cb_recipsumexps)
        pack_reconfig_data_format(cb_out0)
        mul_bcast_cols_init_short(cb_exps, cb_recipsumexps)
        for wt in range(0, Wt, ndst):
            tile_regs_acquire()
            cb_reserve_back(cb_out0, ndst)
            for wt8 in range(ndst):
                mul_tiles_bcast[BroadcastType.COL](cb_exps, cb_recipsumexps, wt + wt8, 0, wt8)
            tile_regs_commit()
            tile_regs_wait()
            for wt8 in range(ndst):
                pack_tile(wt8, cb_out0)
            tile_regs_release()
            cb_push_back(cb_out0, ndst)
        cb_pop_front(cb_recipsumexps, 1)
        cb_pop_front(cb_exps, Wt)
