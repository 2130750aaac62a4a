"""Compute kernel of the sharded layernorm / rms_norm (LayerNormShardedProgramFactory, not Welford): the shard (block_h
rows of block_w tiles, c_0 on the input's buffer, c_1 on the residual's) in subblocks of subblock_w tiles per Dst
acquire:
- FUSE_PRE_ADD: x = a + b (add_tiles) into cb_x (cb_xmm for RMSNORM);
- unless RMSNORM: E[x] partial: each row's num_reduce_tiles_per_block_h tiles reduced (compute_kernel_lib::reduce
  <AVG, REDUCE_ROW>: the matmul row reduce against the 1/block_w scaler) into cb_ex_partial; on an all-to-all worker
  its rows combined from the num_blocks partials the reader gathered into cb_ex_external (reduce_tile<AVG,
  REDUCE_ROW, FP32_DEST_ACC> against the 1/num_blocks scaler c_4, accumulated in Dst in the reader's order) into
  cb_ex; then x - E[x] (sub_tiles_bcast_cols with the row's tile of cb_ex_global, the multicast result) into cb_xmm;
- (x - E[x])^2 (mul_tiles) into cb_x, its partial mean into cb_ex_partial2, on an all-to-all worker combined into
  cb_ex2 and 1/sqrt(. + eps) (add_tiles with the eps tile, rsqrt_tile<LEGACY_RSQRT>) into cb_ex2pe;
- (x - E[x]) * the row's tile of cb_ex_global (now 1/sqrt(Var + eps)), times gamma (mul_tiles_bcast_rows) and plus
  beta (add_tiles_bcast_rows), into c_16, placed on the output's buffer.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/compute/layernorm_sharded.cpp
(the factory refuses Welford; ttnn.layer_norm / rms_norm have no fused activation), with its
`#if defined RMSNORM and not defined FUSED_PRE_ADD` (FUSED_PRE_ADD is never defined: it holds for every RMSNORM
build). With the two-stage reduce a worker of the first row (column) of cores -- a second-stage reader -- combines
its row's partials and the other rows' first-stage sums (num_blocks_first_stage + num_blocks_second_stage - 1 tiles
against 1/num_blocks); the others only their row's (against 1.0, the reader's extra pages popped unread) and leave
the 1/sqrt to the reader. Compile-time args: 0, do_gamma, do_beta, num_blocks_first_stage, block_h, block_w,
subblock_w, num_subblocks_w, is_all_to_all_worker, block_h * block_w, FLOAT32_DTYPE, FLOAT32_REDUCTION (unused, as in
the C++), LEGACY_RSQRT, num_blocks_second_stage. Runtime args: num_reduce_tiles_per_block_h and, on an all-to-all
worker, its rows, use_two_stage_reduce, is_second_stage_reader. Defines: FUSE_PRE_ADD, RMSNORM. CB ids: CB_NAMES.

Additions for tensix's CB model, none moving data or changing a number: the C++ reads c_0 (and c_1) without
cb_wait_front and pops them though nothing pushed them (the shard is in L1 before the program starts), so this kernel
first publishes the shard (cb_reserve_back + cb_push_back of its pages) and waits for it; its 1/sqrt(Var + eps) loop
reads tile i of cb_ex2 after cb_wait_front(cb_ex2, 1) (the tiles were pushed before), so it waits for i + 1; and it
reads the writer's eps tile (c_3) without ever waiting for it (the writer pushes it first thing), so it waits for it
there. The C++'s extra tile_regs_wait() inside that loop's math section (before the commit) is left out: a
packer-side wait with nothing to wait for. The global combine's Float32 scaler read through a Float16_b SrcB:
_reduce_row_tile."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK
from tensix.ttnn.kernels.reduction import reduce_lib as R
from tensix.ttnn.kernels.reduction.reduce_lib import reduce_tile_ex


def _publish_shard(cb, pages):
    """tensix only (module docstring): the shard already in L1 counted as pushed pages, then waited for."""
    cb_reserve_back(cb, pages)
    cb_push_back(cb, pages)
    cb_wait_front(cb, pages)


def _subblocks(block_h, block_w, num_subblocks_w, subblock_w, cb_dst, op, h_offset=True, per_row=None):
    """The kernel's row / subblock loop: op(index, w) for each tile of a subblock into Dst w (index: the tile within
    the row plus, with h_offset, the row's offset), packed into cb_dst; per_row(i, before) around each row."""
    h_off = 0
    for i in range(block_h):
        if per_row is not None:
            per_row(i, True)
        sub_off = 0
        for _j in range(num_subblocks_w):
            tile_regs_acquire()
            for w in range(subblock_w):
                op(w + sub_off + (h_off if h_offset else 0), w)
            tile_regs_commit()
            tile_regs_wait()
            for k in range(subblock_w):
                pack_tile(k, cb_dst)
            tile_regs_release()
            sub_off += subblock_w
        if per_row is not None:
            per_row(i, False)
        h_off += block_w


def _reduce_row_tile(cb_external, cb_scaler_global, fp32_dest_acc):
    """reduce_tile<AVG, REDUCE_ROW, FP32_DEST_ACC>(cb_external, cb_scaler_global, 0, 0, 0) as the card runs it here.

    The unpacker's SrcB format is still cb_scaler's (Float16_b, from the kernel's reconfig_data_format(cb_ex_external,
    cb_scaler); reduce_init reconfigures nothing while the compute-kernel sentinel is off), while c_4 is Float32 with
    fp32_dest_acc_en. The unpacker then reads the first 2048 bytes of the Float32 scaler tile as Float16_b: the writer
    filled row 0 of each Float32 face with the packed pair bfloat16(1/num_blocks) x 2, so faces 0 and 2 of the bfloat16
    view get rows 0 and 1 = bfloat16(1/num_blocks) and faces 1 and 3 zeros: a scaler of bfloat16(1/num_blocks) on
    columns 0-15 and 0 on 16-31 (the pairing is what makes the misread read the intended value). The partials hold
    data in column 0 only (the matmul row reduce's result), so that is the pool reduce_tile_ex runs with a partial
    scaler tile. With a Float16_b c_4 (no fp32_dest_acc_en) the formats agree and reduce_tile_ex runs as is."""
    from tensix.kernel import compute as _C
    th, cs = _C._cs("reduce_tile")
    cscl = _C._cb(th, cb_scaler_global, "reduce_tile")
    fmt_b = cs.hw.src[1]
    if cscl.fmt == DataFormat.Float32 and fmt_b == DataFormat.Float16_b:
        cs.hw.src = (cs.hw.src[0], DataFormat.Float32)      # the view below is the misread; restored right after
        try:
            saved = _misread_as_bf16(th, cscl)
            try:
                reduce_tile_ex(cb_external, cb_scaler_global, 0, 0, 0, PoolType.AVG, ReduceDim.REDUCE_ROW,
                               enforce_fp32_accumulation=fp32_dest_acc)
            finally:
                saved()
        finally:
            cs.hw.src = (cs.hw.src[0], fmt_b)
        return
    reduce_tile_ex(cb_external, cb_scaler_global, 0, 0, 0, PoolType.AVG, ReduceDim.REDUCE_ROW,
                   enforce_fp32_accumulation=fp32_dest_acc)


def _misread_as_bf16(th, cb):
    """Rewrite the front Float32 tile of `cb` in L1 as the Float32 tile holding what a Float16_b unpacker reads from
    its first 2048 bytes (bit-exact: a bfloat16 widens to float32 exactly); returns the function that puts the
    original bytes back (no other reader sees the rewrite: the compute thread holds the scheduler meanwhile)."""
    import numpy as np

    from tensix.device import formats
    addr = cb.front_addr(0)
    size = formats.tile_size(DataFormat.Float32)
    orig = th.core.l1[addr:addr + size].copy()
    half = orig[:size // 2].view(np.uint16).astype(np.uint32) << 16          # the 1024 bfloat16 datums, in order
    th.core.l1[addr:addr + size] = half.view(np.uint8)

    def restore():
        th.core.l1[addr:addr + size] = orig
    return restore


def _global_combine(cb_external, cb_scaler_global, cb_out, num_tiles, num_blocks_reduce, fp32_dest_acc, skip=0):
    """An all-to-all worker's combine: per row the num_blocks_reduce partials of cb_external reduced along rows
    (reduce_tile<AVG, REDUCE_ROW, FP32_DEST_ACC> against the 1/num_blocks scaler, _reduce_row_tile) into one Dst
    tile, packed into cb_out."""
    reduce_init(cb_external, cb_scaler_global, cb_out, pool=PoolType.AVG, dim=ReduceDim.REDUCE_ROW)
    cb_reserve_back(cb_out, num_tiles)
    for _i in range(num_tiles):
        cb_wait_front(cb_scaler_global, 1)
        tile_regs_acquire()
        for _w in range(num_blocks_reduce):
            cb_wait_front(cb_external, 1)
            _reduce_row_tile(cb_external, cb_scaler_global, fp32_dest_acc)
            cb_pop_front(cb_external, 1)
        if skip:        # the reader's empty second-stage pages (two-stage reduce, not a second-stage reader)
            cb_wait_front(cb_external, skip)
            cb_pop_front(cb_external, skip)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_out)
        tile_regs_release()
    reduce_uninit()
    cb_push_back(cb_out, num_tiles)


def kernel_main():
    do_gamma = get_compile_time_arg_val(1) == 1
    do_beta = get_compile_time_arg_val(2) == 1
    num_blocks_first_stage = get_compile_time_arg_val(3)
    block_h = get_compile_time_arg_val(4)
    block_w = get_compile_time_arg_val(5)
    subblock_w = get_compile_time_arg_val(6)
    num_subblocks_w = get_compile_time_arg_val(7)
    is_allgather_worker = get_compile_time_arg_val(8) == 1
    num_tiles_per_block = get_compile_time_arg_val(9)
    FLOAT32_DTYPE = get_compile_time_arg_val(10) == 1
    LEGACY_RSQRT = get_compile_time_arg_val(12) == 1
    FP32_DEST_ACC = FLOAT32_DTYPE       # get_fp32_dest_acc_enabled(): the factory passes fp32_dest_acc_en as arg 10
    num_reduce_tiles = get_arg_val(0)
    num_tiles_per_worker = get_arg_val(1) if is_allgather_worker else 0
    use_two_stage_reduce = get_arg_val(2) == 1 if is_allgather_worker else False
    is_second_stage_reader = get_arg_val(3) == 1 if is_allgather_worker else False
    num_blocks_second_stage = get_compile_time_arg_val(13)
    rms = globals().get("RMSNORM", 0) == 1
    pre_add = globals().get("FUSE_PRE_ADD", 0) == 1
    num_blocks_reduce = num_blocks_first_stage + (num_blocks_second_stage - 1 if is_second_stage_reader else 0)
    # a first-stage-only worker leaves its sums unnormalised for the second-stage reader
    enable_sqrt = not (use_two_stage_reduce and not is_second_stage_reader)
    skip_second = num_blocks_second_stage - 1 if (use_two_stage_reduce and not is_second_stage_reader) else 0

    n = CB_NAMES
    cb_in0, cb_in1, cb_scaler, cb_eps = n["cb_in0"], n["cb_in1"], n["cb_scaler"], n["cb_eps"]
    cb_scaler_global, cb_gamma, cb_beta, cb_x = n["cb_scaler_global"], n["cb_gamma"], n["cb_beta"], n["cb_x"]
    cb_xmm = cb_in0 if (rms and not pre_add) else n["cb_xmm"]
    cb_ex_partial, cb_ex, cb_ex_external = n["cb_ex_partial"], n["cb_ex"], n["cb_ex_external"]
    cb_ex_partial2, cb_ex2, cb_ex_external2 = n["cb_ex_partial2"], n["cb_ex2"], n["cb_ex_external2"]
    cb_ex_global, cb_ex2pe, cb_out = n["cb_ex_global"], n["cb_ex2pe"], n["cb_out"]
    cb_xmm2 = cb_x
    cb_fusion = n["cb_xmm"]

    _publish_shard(cb_in0, num_tiles_per_block)
    if pre_add:
        _publish_shard(cb_in1, num_tiles_per_block)

    binary_op_init_common(cb_in0, cb_in0, cb_x)
    cb_in = (cb_xmm if rms else cb_x) if pre_add else cb_in0
    cb_im = cb_x if do_gamma else (cb_fusion if do_beta else cb_out)
    cb_outgamma = cb_fusion if do_beta else cb_out

    if pre_add:
        reconfig_data_format_srcb(cb_in0, cb_in1)
        add_tiles_init(cb_in0, cb_in1)
        cb_reserve_back(cb_in, num_tiles_per_block)
        _subblocks(block_h, block_w, num_subblocks_w, subblock_w, cb_in,
                   lambda idx, w: add_tiles(cb_in0, cb_in1, idx, idx, w))
        cb_push_back(cb_in, num_tiles_per_block)
        if not rms:
            reconfig_data_format(cb_in0, cb_in, cb_in1, cb_scaler)
        else:
            reconfig_data_format(cb_in0, cb_in, cb_in1, cb_in)
        cb_wait_front(cb_in, num_tiles_per_block)
    elif not rms:
        reconfig_data_format_srcb(cb_in0, cb_scaler)

    if not rms:
        # E[x]: the partial of each row of this shard, then (all-to-all worker) the rows this core combines
        R.reduce(PoolType.AVG, ReduceDim.REDUCE_ROW, cb_in, cb_scaler, cb_ex_partial, block_h, num_reduce_tiles, 1,
                 policy=R.ReduceInputPolicy.NoWaitNoPop, reconfig=R.ReduceDataFormatReconfigMode.INPUT,
                 row_stride=block_w)
        reconfig_data_format(cb_ex_external, cb_scaler)
        if is_allgather_worker:
            _global_combine(cb_ex_external, cb_scaler_global, cb_ex, num_tiles_per_worker, num_blocks_reduce,
                            FP32_DEST_ACC, skip_second)
            cb_wait_front(cb_ex, num_tiles_per_worker)
        # x - E[x]
        if FLOAT32_DTYPE:
            reconfig_data_format(cb_in, cb_ex_global)
        reconfig_data_format_srca(cb_ex_external, cb_in)
        sub_bcast_cols_init_short(cb_in, cb_ex_global)
        cb_reserve_back(cb_xmm, num_tiles_per_block)

        def sub_row(_i, before):
            if before:
                cb_wait_front(cb_ex_global, 1)
            else:
                cb_pop_front(cb_ex_global, 1)
                cb_pop_front(cb_in, block_w)

        _subblocks(block_h, block_w, num_subblocks_w, subblock_w, cb_xmm,
                   lambda idx, w: sub_tiles_bcast_cols(cb_in, cb_ex_global, idx, 0, w), h_offset=False,
                   per_row=sub_row)
        cb_push_back(cb_xmm, num_tiles_per_block)
        if not pre_add:
            reconfig_data_format_srca(cb_in, cb_xmm)
        cb_wait_front(cb_xmm, num_tiles_per_block)

    # (x - E[x])^2 (x^2 for RMSNORM)
    mul_tiles_init(cb_xmm, cb_xmm)
    cb_reserve_back(cb_xmm2, num_tiles_per_block)
    _subblocks(block_h, block_w, num_subblocks_w, subblock_w, cb_xmm2,
               lambda idx, w: mul_tiles(cb_xmm, cb_xmm, idx, idx, w))
    cb_push_back(cb_xmm2, num_tiles_per_block)
    if rms or FLOAT32_DTYPE:
        reconfig_data_format(cb_xmm, cb_xmm2, cb_xmm, cb_scaler)
    cb_wait_front(cb_xmm2, num_tiles_per_block)

    # Var[x] (E[x^2]): partial, then combined, then 1/sqrt(. + eps)
    R.reduce(PoolType.AVG, ReduceDim.REDUCE_ROW, cb_xmm2, cb_scaler, cb_ex_partial2, block_h, num_reduce_tiles, 1,
             policy=R.ReduceInputPolicy.NoWaitNoPop, reconfig=R.ReduceDataFormatReconfigMode.INPUT,
             row_stride=block_w)
    reconfig_data_format(cb_xmm2, cb_scaler)
    cb_pop_front(cb_xmm2, num_tiles_per_block)
    if is_allgather_worker:
        _global_combine(cb_ex_external2, cb_scaler_global, cb_ex2, num_tiles_per_worker, num_blocks_reduce,
                        FP32_DEST_ACC, skip_second)
        for i in range(num_tiles_per_worker if enable_sqrt else 0):
            cb_wait_front(cb_ex2, i + 1)        # the C++ waits for 1 and reads tile i (module docstring)
            cb_wait_front(cb_eps, 1)            # tensix only: the C++ reads the eps tile unwaited (module docstring)
            cb_reserve_back(cb_ex2pe, 1)
            tile_regs_acquire()
            add_tiles_init(cb_ex2, cb_eps)
            add_tiles(cb_ex2, cb_eps, i, 0, 0)
            rsqrt_tile_init(legacy_compat=LEGACY_RSQRT, version=FORK)
            rsqrt_tile(0, legacy_compat=LEGACY_RSQRT, version=FORK)
            tile_regs_commit()
            tile_regs_wait()
            pack_tile(0, cb_ex2pe)
            cb_push_back(cb_ex2pe, 1)
            tile_regs_release()

    if not do_gamma and not do_beta:
        pack_reconfig_data_format(cb_out)
    # (x - E[x]) * 1/sqrt(Var + eps)
    if FLOAT32_DTYPE:
        reconfig_data_format(cb_xmm, cb_ex_global)
    elif rms:
        reconfig_data_format_srca(cb_ex2, cb_xmm)
    mul_bcast_cols_init_short(cb_xmm, cb_ex_global)
    cb_reserve_back(cb_im, num_tiles_per_block)

    def mul_row(_i, before):
        if before:
            cb_wait_front(cb_ex_global, 1)
        else:
            cb_pop_front(cb_ex_global, 1)

    _subblocks(block_h, block_w, num_subblocks_w, subblock_w, cb_im,
               lambda idx, w: mul_tiles_bcast_cols(cb_xmm, cb_ex_global, idx, 0, w), per_row=mul_row)
    cb_push_back(cb_im, num_tiles_per_block)
    cb_pop_front(cb_xmm, num_tiles_per_block)
    cb_wait_front(cb_im, num_tiles_per_block)

    _gamma_beta(block_h, block_w, num_subblocks_w, subblock_w, num_tiles_per_block, do_gamma, do_beta, cb_im, cb_gamma,
                cb_outgamma, cb_fusion, cb_beta, cb_out)


def _gamma_beta(block_h, block_w, num_subblocks_w, subblock_w, num_tiles_per_block, do_gamma, do_beta, cb_im, cb_gamma,
                cb_outgamma, cb_fusion, cb_beta, cb_out):
    """The kernels' last steps (layernorm_sharded.cpp and layernorm_sharded_welford.cpp share them): the normalized
    block (cb_im) times the gamma row into cb_outgamma, then the block beta's add reads (cb_fusion, as the kernel set it
    up) plus the beta row into cb_out."""
    if do_gamma:
        reconfig_data_format(cb_im, cb_gamma)
        if not do_beta:
            pack_reconfig_data_format(cb_out)
        mul_bcast_rows_init_short(cb_im, cb_gamma)
        cb_wait_front(cb_gamma, block_w)
        cb_reserve_back(cb_outgamma, num_tiles_per_block)
        _rows_bcast(block_h, block_w, num_subblocks_w, subblock_w, cb_outgamma,
                    lambda a, b, w: mul_tiles_bcast_rows(cb_im, cb_gamma, a, b, w))
        cb_push_back(cb_outgamma, num_tiles_per_block)
        cb_pop_front(cb_im, num_tiles_per_block)
        cb_wait_front(cb_outgamma, num_tiles_per_block)

    if do_beta:
        reconfig_data_format(cb_fusion, cb_beta)
        pack_reconfig_data_format(cb_out)
        add_bcast_rows_init_short(cb_fusion, cb_beta)
        cb_wait_front(cb_beta, block_w)
        cb_reserve_back(cb_out, num_tiles_per_block)
        _rows_bcast(block_h, block_w, num_subblocks_w, subblock_w, cb_out,
                    lambda a, b, w: add_tiles_bcast_rows(cb_fusion, cb_beta, a, b, w))
        cb_push_back(cb_out, num_tiles_per_block)
        cb_pop_front(cb_fusion, num_tiles_per_block)
        cb_wait_front(cb_out, num_tiles_per_block)


def _rows_bcast(block_h, block_w, num_subblocks_w, subblock_w, cb_dst, op):
    """The gamma / beta loops: op(tile of the shard, tile of the weight row, w) per subblock tile."""
    h_off = 0
    for _i in range(block_h):
        sub_off = 0
        for _j in range(num_subblocks_w):
            tile_regs_acquire()
            for w in range(subblock_w):
                idx = w + sub_off
                op(idx + h_off, idx, w)
            tile_regs_commit()
            tile_regs_wait()
            for k in range(subblock_w):
                pack_tile(k, cb_dst)
            tile_regs_release()
            sub_off += subblock_w
        h_off += block_w
