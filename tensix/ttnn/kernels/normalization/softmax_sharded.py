"""Compute kernel of ttnn's sharded softmax (SoftmaxShardedProgramFactoryAttentionOptimized): per tile row of the
shard (block_h rows of block_w tiles, c_0 placed on the input's shard), subblock_w tiles per Dst acquire:
optionally scale (FUSED_SCALE_MASK: times the scale tile c_2 into c_8, plus the mask c_3: row broadcast, or whole
tiles with CAUSAL_MASK), with NUMERIC_STABLE subtract the row max (compute_kernel_lib::reduce MAX along rows into
c_9, then sub_tiles_bcast_cols), exp (EXP_APPROX), the row sum and its reciprocal (compute_kernel_lib::reduce SUM
along rows with recip_tile on the result, into c_7), and the exps times the reciprocal (mul_tiles_bcast<COL>) into
c_11, which is placed on the output's shard (nothing writes it out).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/softmax/device/kernels/attention/compute/
softmax_sharded.cpp with ttnn's kernel_lib reduce (tensix/ttnn/kernels/reduction/reduce_lib.py) and the fork's
exp / recip (sfpu_lib). Compile-time args: block_h, block_w, subblock_w, num_subblocks_w. Defines: EXP_APPROX,
ENABLE_FP32_DEST_ACC, NUMERIC_STABLE, FUSED_SCALE_MASK, CAUSAL_MASK, SHARDED_CAUSAL_MASK.

One addition, for tensix's CB model: the C++ reads c_0 (and a sharded causal mask's c_3) without cb_wait_front and
pops it though nothing pushed it (the shard is in L1 before the program starts; the card's pop only moves the read
pointer). tensix counts pages and lets the compute API read only pages waited for, so this kernel first publishes the
whole shard (cb_reserve_back + cb_push_back of its pages: no data moves) and waits for each row's block_w pages
before reading them. The L1 reads and the numbers are the C++'s; the cost is those few CB calls."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK, sm_exp_tile, sm_exp_tile_init
from tensix.ttnn.kernels.reduction import reduce_lib as R

cb_in0, cb_max_scaler, cb_sum_scaler = CBIndex.c_0, CBIndex.c_1, CBIndex.c_13
cb_fused_scale, cb_fused_attn = CBIndex.c_2, CBIndex.c_3
cb_exps, cb_recipsumexps, cb_scale_mask, cb_out0 = CBIndex.c_6, CBIndex.c_7, CBIndex.c_8, CBIndex.c_11
cb_max, cb_stable_x = CBIndex.c_9, CBIndex.c_10


def publish_shard(cb, pages):
    """tensix only (see the module docstring): make the shard already in L1 count as pushed pages."""
    cb_reserve_back(cb, pages)
    cb_push_back(cb, pages)


def subblocks(num_subblocks_w, subblock_w, cb_out, fill, post=None):
    """The C++'s subblock loop: per subblock, fill(index, dst) for its subblock_w tiles into Dst, post(dst) on each
    (the fused exp), then pack them into cb_out and push."""
    off = 0
    for _j in range(num_subblocks_w):
        tile_regs_acquire()
        cb_reserve_back(cb_out, subblock_w)
        for w in range(subblock_w):
            fill(w + off, w)
        if post is not None:
            for w in range(subblock_w):
                post(w)
        tile_regs_commit()
        tile_regs_wait()
        for w in range(subblock_w):
            pack_tile(w, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, subblock_w)
        off += subblock_w


def calc_numeric_stable(cb_in, cb_out, block_w, num_subblocks_w, subblock_w, approx):
    """calc_numeric_stable<..., cb_in, cb_max_scaler, cb_max, cb_out>: the row max (reduce MAX along rows,
    NoWaitNoPop, the default INPUT_AND_OUTPUT reconfiguration), then exp(x - max) into cb_out."""
    R.reduce(PoolType.MAX, ReduceDim.REDUCE_ROW, cb_in, cb_max_scaler, cb_max, 1, block_w, 1,
             policy=R.ReduceInputPolicy.NoWaitNoPop)
    sm_exp_tile_init(approx)
    reconfig_data_format_srcb(cb_max)
    cb_wait_front(cb_max, 1)
    sub_bcast_cols_init_short(cb_in, cb_max)
    subblocks(num_subblocks_w, subblock_w, cb_out,
              lambda i, w: sub_tiles_bcast_cols(cb_in, cb_max, i, 0, w), lambda w: sm_exp_tile(w, approx))
    cb_pop_front(cb_in, block_w)
    cb_pop_front(cb_max, 1)
    cb_wait_front(cb_out, block_w)


def _recip_post(idst):
    recip_tile_init(version=FORK)
    recip_tile(0, version=FORK)


def scale_mask(block_w, num_subblocks_w, subblock_w, cb_x, approx, stable, causal):
    """FUSED_SCALE_MASK: x * scale into c_8, + mask (and exp unless NUMERIC_STABLE) into cb_x."""
    reconfig_data_format(cb_in0, cb_fused_scale)
    pack_reconfig_data_format(cb_scale_mask)
    cb_wait_front(cb_fused_scale, 1)
    mul_tiles_bcast_scalar_init_short(cb_in0, cb_fused_scale)
    cb_wait_front(cb_in0, block_w)                          # tensix only (module docstring)
    subblocks(num_subblocks_w, subblock_w, cb_scale_mask,
              lambda i, w: mul_tiles_bcast_scalar(cb_in0, cb_fused_scale, i, 0, w))
    cb_pop_front(cb_in0, block_w)
    reconfig_data_format(cb_scale_mask, cb_fused_attn)
    cb_wait_front(cb_scale_mask, block_w)
    cb_wait_front(cb_fused_attn, block_w)                   # the C++ skips it for SHARDED_CAUSAL_MASK (tensix only)
    if causal:
        add_tiles_init(cb_scale_mask, cb_fused_attn)
        add = lambda i, w: add_tiles(cb_scale_mask, cb_fused_attn, i, i, w)  # noqa: E731
    else:
        add_bcast_rows_init_short(cb_scale_mask, cb_fused_attn)
        add = lambda i, w: add_tiles_bcast_rows(cb_scale_mask, cb_fused_attn, i, i, w)  # noqa: E731
    if not stable:
        sm_exp_tile_init(approx)
    subblocks(num_subblocks_w, subblock_w, cb_x, add, None if stable else (lambda w: sm_exp_tile(w, approx)))
    cb_pop_front(cb_scale_mask, block_w)
    if stable:
        cb_wait_front(cb_x, block_w)
        calc_numeric_stable(cb_x, cb_exps, block_w, num_subblocks_w, subblock_w, approx)
    if causal:
        cb_pop_front(cb_fused_attn, block_w)                # without CAUSAL_MASK the mask row stays for every row
    reconfig_data_format(cb_exps, cb_sum_scaler)


def plain_exp(block_w, num_subblocks_w, subblock_w, approx, stable):
    """No FUSED_SCALE_MASK: exp(x) (or exp(x - max)) of the row of c_0 into c_6."""
    cb_wait_front(cb_in0, block_w)                          # tensix only (module docstring)
    if stable:
        calc_numeric_stable(cb_in0, cb_exps, block_w, num_subblocks_w, subblock_w, approx)
        return
    reconfig_data_format(cb_in0, cb_in0)
    pack_reconfig_data_format(cb_exps)
    copy_tile_to_dst_init_short(cb_in0)
    sm_exp_tile_init(approx)
    subblocks(num_subblocks_w, subblock_w, cb_exps, lambda i, w: copy_tile(cb_in0, i, w),
              lambda w: sm_exp_tile(w, approx))
    cb_pop_front(cb_in0, block_w)


def kernel_main():
    block_h = get_compile_time_arg_val(0)
    block_w = get_compile_time_arg_val(1)
    subblock_w = get_compile_time_arg_val(2)
    num_subblocks_w = get_compile_time_arg_val(3)
    approx = EXP_APPROX == 1
    stable = globals().get("NUMERIC_STABLE", 0) == 1
    fused = globals().get("FUSED_SCALE_MASK", 0) == 1
    causal = globals().get("CAUSAL_MASK", 0) == 1
    sharded_mask = globals().get("SHARDED_CAUSAL_MASK", 0) == 1
    cb_x = cb_stable_x if stable else cb_exps
    binary_op_init_common(cb_in0, cb_max_scaler, cb_exps)
    publish_shard(cb_in0, block_h * block_w)
    if sharded_mask:
        publish_shard(cb_fused_attn, block_h * block_w)
    for _i in range(block_h):
        if fused:
            scale_mask(block_w, num_subblocks_w, subblock_w, cb_x, approx, stable, causal)
        else:
            plain_exp(block_w, num_subblocks_w, subblock_w, approx, stable)
        cb_wait_front(cb_exps, block_w)
        R.reduce(PoolType.SUM, ReduceDim.REDUCE_ROW, cb_exps, cb_sum_scaler, cb_recipsumexps, 1, block_w, 1,
                 policy=R.ReduceInputPolicy.NoWaitNoPop, post_reduce_op=_recip_post)
        reconfig_data_format(cb_exps, cb_recipsumexps)
        pack_reconfig_data_format(cb_out0)
        cb_wait_front(cb_recipsumexps, 1)
        mul_bcast_cols_init_short(cb_exps, cb_recipsumexps)
        subblocks(num_subblocks_w, subblock_w, cb_out0,
                  lambda i, w: mul_tiles_bcast[BroadcastType.COL](cb_exps, cb_recipsumexps, i, 0, w))
        cb_pop_front(cb_recipsumexps, 1)
        cb_pop_front(cb_exps, block_w)
