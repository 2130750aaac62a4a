"""Compute kernel of ttnn's Welford layernorm when a row does not fit in L1 (LayerNormMultiCoreProgramFactory with
large_tensor_needed and use_welford): per tile row two passes over the row streamed by the reader:
- E[x] and Var[x] by Welford's algorithm on the SFPU, each input tile transposed into Dst (transpose_wh_tile) and
  fed row by row (welford_update; the last tile over its valid rows only, welford_update_rows), then
  welford_finalize_to_row with the reciprocal table. Without a residual all in one Dst section, one tile at a time
  (a Float32 input read through cb_x_welford, a UnpackToDestFp32 alias of cb_in, with welford_init<PreserveStats>
  after every transpose). With one (welford_fuse_pre_add), per block: x = a + b (add_tiles) packed to cb_x, the
  running mean and M2 copied back into Dst from cb_ex / cb_ex2 (through their UnpackToDestFp32 aliases c_30 / c_31
  with an fp32 Dst) and restored into the SFPU, the block's tiles added, the state saved and packed again;
- mean and variance packed, transposed back to columns and packed into cb_ex / cb_ex2; 1/sqrt(Var + eps) (add_tiles
  with the eps tile, rsqrt_tile) into cb_ex2pe, its column 0 broadcast over the tile (unary_bcast<COL>);
- per block x - E[x] in Dst (sub_tiles_bcast_cols), plus b (binary_dest_reuse_tiles ELWADD DEST_TO_SRCB), times
  the broadcast reciprocal root: binary_dest_reuse_tiles ELWMUL DEST_TO_SRCB, or, on Wormhole with an
  UnpackToDestFp32 alias in use (tt-metal issue #45216), x - E[x] packed to cb_xmm and mul_tiles_bcast_cols; then
  times gamma (mul_tiles_bcast_rows) and plus beta (add_tiles_bcast_rows) through cb_xmm.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/compute/
layernorm_large_tensor_welford.cpp (the Wormhole build: ARCH_WORMHOLE defined). Compile-time args: Wt, blk, do_gamma,
do_beta, FLOAT32_DTYPE (unused), W, tile_width, rms_norm (unused), fuse_pre_add. Runtime args: NCHt. Named
(CB_NAMES): the CB ids, cb_x_welford / welford_fp32_alias, cb_ex_welford / cb_ex2_welford /
welford_state_fp32_alias. The reciprocal table (cb_reciprocals: W float32 values 1/1 .. 1/W) is read through its
first page's address (get_pointer_to_cb_data).

Difference from the C++ text: with the Welford-fp32 alias (a Float32 input, no residual) the C++ waits on the alias
and pops cb_in without ever waiting on it (the reader pushes cb_in before the alias, over the same pages); tensix
refuses a pop of pages no cb_wait_front made visible, so a cb_wait_front(cb_in) precedes those pops."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import unary_bcast, unary_bcast_init, unary_op_init_common
from tensix.ttnn.kernels.normalization.norm_lib import blocks, pack_ex2pe, pre_add_block
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK

_ADD_B = (EltwiseBinaryType.ELWADD, EltwiseBinaryReuseDestType.DEST_TO_SRCB)
_MUL_B = (EltwiseBinaryType.ELWMUL, EltwiseBinaryReuseDestType.DEST_TO_SRCB)
INPUT_DST, MEAN_DST, VAR_DST = 0, 1, 2


def _each(call, cbs):
    """call(cb, 1) for each CB in turn (the kernel's one-page reserve / push / wait / pop of cb_ex, cb_ex2 and their
    aliases)."""
    for cb in cbs:
        call(cb, 1)


def _pack_state(cb_ex, cb_ex2, aliases, reconfig):
    """Mean and M2 (Dst MEAN_DST / VAR_DST) packed into cb_ex / cb_ex2 (and the aliases' pointers moved along);
    `reconfig`: the pack_reconfig_data_format arguments before the first pack_tile."""
    _each(cb_reserve_back, (cb_ex, cb_ex2) + aliases)
    tile_regs_wait()
    pack_reconfig_data_format(*reconfig)
    pack_tile(MEAN_DST, cb_ex)
    pack_tile(VAR_DST, cb_ex2)
    tile_regs_release()
    _each(cb_push_back, (cb_ex, cb_ex2) + aliases)


def _reload_state(cb_ex_w, cb_ex2_w):
    """The running mean / M2 copied into Dst (through the fp32 aliases when active) and restored into the SFPU."""
    copy_tile_init(cb_ex_w)
    copy_tile(cb_ex_w, 0, MEAN_DST)
    reconfig_data_format_srca(cb_ex_w, cb_ex2_w)
    copy_tile_to_dst_init_short_with_dt(cb_ex_w, cb_ex2_w)
    copy_tile(cb_ex2_w, 0, VAR_DST)
    welford_restore_state(MEAN_DST)


def _welford_fuse_pre_add(n, Wt, tile_width, W, blk, lut):
    cb_in, cb_inb, cb_interm, cb_ex, cb_ex2 = n["cb_in"], n["cb_inb"], n["cb_x"], n["cb_ex"], n["cb_ex2"]
    cb_ex_w, cb_ex2_w = n["cb_ex_welford"], n["cb_ex2_welford"]
    aliases = (cb_ex_w, cb_ex2_w) if n["welford_state_fp32_alias"] != 0 else ()
    last_tile_rows = W % tile_width
    sample_idx = 0
    tile_regs_acquire()
    welford_init()
    welford_save_state(MEAN_DST)
    tile_regs_commit()
    _pack_state(cb_ex, cb_ex2, aliases, (cb_ex,))
    for block in blocks(Wt, blk):
        reconfig_data_format(cb_in, cb_inb)
        add_tiles_init(cb_in, cb_inb)
        pre_add_block(cb_in, cb_inb, cb_interm, block, pack_reconfig=True)
        cb_wait_front(cb_interm, block.full_block_size)
        _each(cb_wait_front, (cb_ex, cb_ex2) + aliases)
        tile_regs_acquire()
        reconfig_data_format_srca(cb_in, cb_ex_w)
        _reload_state(cb_ex_w, cb_ex2_w)
        reconfig_data_format_srca(cb_ex2_w, cb_interm)
        transpose_wh_init_short(cb_interm)
        for i in block.local():
            transpose_wh_tile(cb_interm, i, INPUT_DST)
            if last_tile_rows and block.to_global(i) == Wt - 1:
                welford_update_rows(INPUT_DST, sample_idx, 0, last_tile_rows, lut)
            else:
                welford_update(INPUT_DST, sample_idx, lut)
            sample_idx += tile_width
        welford_save_state(MEAN_DST)
        tile_regs_commit()
        cb_pop_front(cb_interm, block.full_block_size)
        _each(cb_pop_front, (cb_ex, cb_ex2) + aliases)
        _pack_state(cb_ex, cb_ex2, aliases, (cb_interm, cb_ex))
    reconfig_data_format_srca(cb_interm, cb_ex_w)
    _each(cb_wait_front, (cb_ex, cb_ex2) + aliases)
    tile_regs_acquire()
    _reload_state(cb_ex_w, cb_ex2_w)
    welford_finalize_to_row(MEAN_DST, W - 1, lut)
    tile_regs_commit()
    _each(cb_pop_front, (cb_ex, cb_ex2) + aliases)


def _welford_no_fuse_pre_add(n, Wt, tile_width, W, blk, lut):
    cb_in, cb_x_w, cb_ex = n["cb_in"], n["cb_x_welford"], n["cb_ex"]
    alias = n["welford_fp32_alias"] != 0
    last_tile_rows = W % tile_width
    sample_idx = 0
    reconfig_data_format_srca(cb_x_w)
    if alias:
        transpose_wh_init(cb_x_w, cb_ex)
    else:
        transpose_wh_init_short(cb_x_w)
    tile_regs_acquire()
    welford_init()
    for _wt in range(Wt - 1):
        if alias:
            cb_wait_front(cb_x_w, 1)
            transpose_wh_init_short(cb_x_w)
        else:
            cb_wait_front(cb_in, 1)
        transpose_wh_tile(cb_x_w, 0, INPUT_DST)
        if alias:
            welford_init(WelfordInitMode.PreserveStats)
        welford_update(INPUT_DST, sample_idx, lut)
        if alias:
            cb_pop_front(cb_x_w, 1)
            cb_wait_front(cb_in, 1)     # not in the C++ (see the module docstring)
        cb_pop_front(cb_in, 1)
        sample_idx += tile_width
    last = blocks(Wt, blk)[-1]
    num_to_sync = last.full_block_size - last.size + 1
    if alias:
        cb_wait_front(cb_x_w, num_to_sync)
        transpose_wh_init_short(cb_x_w)
    else:
        cb_wait_front(cb_in, num_to_sync)
    transpose_wh_tile(cb_x_w, 0, INPUT_DST)
    if alias:
        welford_init(WelfordInitMode.PreserveStats)
    if last_tile_rows == 0:
        welford_update(INPUT_DST, sample_idx, lut)
    else:
        welford_update_rows(INPUT_DST, sample_idx, 0, last_tile_rows, lut)
    welford_finalize_to_row(MEAN_DST, W - 1, lut)
    tile_regs_commit()
    if alias:
        # the C++ pops cb_in here without having waited on it (it waited on the alias, pushed after cb_in over the
        # same pages); tensix refuses a pop of pages not waited for, so it waits first (they are there)
        cb_wait_front(cb_in, num_to_sync)
        cb_pop_front(cb_x_w, num_to_sync)
    cb_pop_front(cb_in, num_to_sync)


def _pack_block_of(cb, block, release_first):
    """The packer's part of a block (cb already reserved): wait for Dst, pack, push and release (or release first)."""
    tile_regs_wait()
    for i in block.local():
        pack_tile(i, cb)
    if release_first:
        tile_regs_release()
    cb_push_back(cb, block.full_block_size)
    if not release_first:
        tile_regs_release()


def kernel_main():
    NCHt = get_arg_val(0)
    Wt, blk = get_compile_time_arg_val(0), get_compile_time_arg_val(1)
    do_gamma, do_beta = get_compile_time_arg_val(2) == 1, get_compile_time_arg_val(3) == 1
    W, tile_width = get_compile_time_arg_val(5), get_compile_time_arg_val(6)
    fuse_pre_add = bool(get_compile_time_arg_val(8))
    n = CB_NAMES
    welford_fp32_alias = n["welford_fp32_alias"] != 0
    cb_x_w = n["cb_x_welford"]
    cb_eps, cb_in, cb_inb, cb_out = n["cb_eps"], n["cb_in"], n["cb_inb"], n["cb_out"]
    cb_gamma, cb_beta, cb_xmm_named = n["cb_gamma"], n["cb_beta"], n["cb_xmm"]
    cb_ex, cb_ex2, cb_ex2pe = n["cb_ex"], n["cb_ex2"], n["cb_ex2pe"]
    # Wormhole: ELWMUL DEST_TO_SRCB after an UnpackToDestFp32 read corrupts (tt-metal #45216): the kernel avoids it
    workaround = welford_fp32_alias or n["welford_state_fp32_alias"] != 0
    if fuse_pre_add:
        binary_op_init_common(cb_in, cb_inb, n["cb_x"])
    else:
        unary_op_init_common(cb_in, cb_ex)
    cb_wait_front(cb_eps, 1)
    dst0 = 0
    lut = l1_ptr(get_tile_address(n["cb_reciprocals"], 0), np.uint32, W)
    for _ncht in range(NCHt):
        if fuse_pre_add:
            _welford_fuse_pre_add(n, Wt, tile_width, W, blk, lut)
        else:
            _welford_no_fuse_pre_add(n, Wt, tile_width, W, blk, lut)
        _pack_state(cb_ex, cb_ex2, (), (cb_ex,))
        # mean and variance transposed back to columns
        reconfig_data_format_srca(cb_ex)
        transpose_wh_init_short(cb_ex)
        _each(cb_wait_front, (cb_ex, cb_ex2))
        tile_regs_acquire()
        transpose_wh_tile(cb_ex, 0, MEAN_DST)
        transpose_wh_tile(cb_ex2, 0, VAR_DST)
        tile_regs_commit()
        _each(cb_pop_front, (cb_ex, cb_ex2))
        _each(cb_reserve_back, (cb_ex, cb_ex2))
        tile_regs_wait()
        pack_reconfig_data_format(cb_ex)
        pack_tile(MEAN_DST, cb_ex)
        pack_reconfig_data_format(cb_ex2)
        pack_tile(VAR_DST, cb_ex2)
        tile_regs_release()
        _each(cb_push_back, (cb_ex, cb_ex2))
        # 1 / sqrt(Var + eps)
        reconfig_data_format(cb_ex2, cb_eps)
        add_tiles_init(cb_ex2, cb_eps)
        cb_wait_front(cb_ex2, 1)
        tile_regs_acquire()
        add_tiles(cb_ex2, cb_eps, 0, 0, dst0)
        rsqrt_tile_init(version=FORK)
        rsqrt_tile(dst0, version=FORK)
        pack_ex2pe(cb_ex2, cb_ex2pe)
        # its column 0 broadcast over the tile
        cb_wait_front(cb_ex2pe, 1)
        tile_regs_acquire()
        reconfig_data_format_srca(cb_ex2pe)
        unary_bcast_init[BroadcastType.COL](cb_ex2pe, cb_ex2pe)
        unary_bcast[BroadcastType.COL](cb_ex2pe, 0, dst0)
        cb_pop_front(cb_ex2pe, 1)
        tile_regs_commit()
        cb_reserve_back(cb_ex2pe, 1)
        tile_regs_wait()
        pack_tile(dst0, cb_ex2pe)
        tile_regs_release()
        cb_push_back(cb_ex2pe, 1)
        # the output
        cb_wait_front(cb_ex2pe, 1)
        cb_wait_front(cb_ex, 1)
        for block in blocks(Wt, blk):
            full = block.full_block_size
            cb_wait_front(cb_in, full)
            if welford_fp32_alias and not fuse_pre_add:
                cb_wait_front(cb_x_w, full)      # the alias's pointers kept in lockstep with cb_in's
            tile_regs_acquire()
            reconfig_data_format(cb_in, cb_ex)
            sub_bcast_cols_init_short(cb_in, cb_ex)
            for i in block.local():
                sub_tiles_bcast_cols(cb_in, cb_ex, i, 0, i)
            cb_pop_front(cb_in, full)
            if welford_fp32_alias and not fuse_pre_add:
                cb_pop_front(cb_x_w, full)
            if fuse_pre_add:
                reconfig_data_format_srca(cb_in, cb_inb)
                binary_dest_reuse_tiles_init[_ADD_B](cb_inb)
                cb_wait_front(cb_inb, full)
                for i in block.local():
                    binary_dest_reuse_tiles[_ADD_B](cb_inb, i, i)
                cb_pop_front(cb_inb, full)
                reconfig_data_format_srca(cb_inb, cb_ex2pe)
            if workaround:
                tile_regs_commit()
                pack_reconfig_data_format(cb_xmm_named)
                cb_reserve_back(cb_xmm_named, full)
                _pack_block_of(cb_xmm_named, block, release_first=False)
                reconfig_data_format(cb_xmm_named, cb_ex2pe)
                mul_bcast_cols_init_short(cb_xmm_named, cb_ex2pe)
                cb_wait_front(cb_xmm_named, full)
                tile_regs_acquire()
                for i in block.local():
                    mul_tiles_bcast_cols(cb_xmm_named, cb_ex2pe, i, 0, i)
                cb_pop_front(cb_xmm_named, full)
                tile_regs_commit()
            else:
                reconfig_data_format_srca(cb_inb if fuse_pre_add else cb_in, cb_ex2pe)
                binary_dest_reuse_tiles_init[_MUL_B](cb_ex2pe)
                for i in block.local():
                    binary_dest_reuse_tiles[_MUL_B](cb_ex2pe, 0, i)
                tile_regs_commit()
            cb_xmm = cb_xmm_named if (do_gamma or do_beta) else cb_out
            pack_reconfig_data_format(cb_xmm)
            cb_reserve_back(cb_xmm, full)
            _pack_block_of(cb_xmm, block, release_first=False)
            if do_gamma:
                reconfig_data_format(cb_xmm, cb_gamma)
                tile_regs_acquire()
                cb_wait_front(cb_gamma, full)
                cb_wait_front(cb_xmm, full)
                mul_bcast_rows_init_short(cb_xmm, cb_gamma)
                for i in block.local():
                    mul_tiles_bcast_rows(cb_xmm, cb_gamma, i, i, i)
                tile_regs_commit()
                cb_pop_front(cb_gamma, full)
                cb_pop_front(cb_xmm, full)
                if not do_beta:
                    pack_reconfig_data_format(cb_out)
                dst_cb = cb_xmm if do_beta else cb_out
                tile_regs_wait()
                cb_reserve_back(dst_cb, full)
                for i in block.local():
                    pack_tile(i, dst_cb)
                cb_push_back(dst_cb, full)
                tile_regs_release()
            if do_beta:
                tile_regs_acquire()
                reconfig_data_format(cb_xmm, cb_beta)
                add_bcast_rows_init_short(cb_xmm, cb_beta)
                cb_wait_front(cb_xmm, full)
                cb_wait_front(cb_beta, full)
                for i in block.local():
                    add_tiles_bcast_rows(cb_xmm, cb_beta, i, i, i)
                tile_regs_commit()
                cb_pop_front(cb_beta, full)
                cb_pop_front(cb_xmm, full)
                pack_reconfig_data_format(cb_out)
                cb_reserve_back(cb_out, full)
                _pack_block_of(cb_out, block, release_first=True)
        cb_pop_front(cb_ex2pe, 1)
        cb_pop_front(cb_ex, 1)
