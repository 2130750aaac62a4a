"""Compute kernel of ttnn's layernorm and rms_norm when a row does not fit in L1 (LayerNormMultiCoreProgramFactory with
large_tensor_needed, not Welford): the row is streamed from the reader three times (twice for RMSNORM), block by
block, nothing of it kept between the passes but one-tile results:
- E[x] (not RMSNORM): numeric::row_wise_mean over cb_in, popping as it goes; with FUSE_PRE_ADD
  row_wise_mean_with_pre_add: all of a's tiles, then all of b's, reduced into the same Dst tile, times 1/W;
- Var: per block x - E[x] in Dst (sub_tiles_bcast_cols; RMSNORM: copy_tile of x), with FUSE_PRE_ADD plus b
  (binary_dest_reuse_tiles ELWADD, DEST_TO_SRCB: (a - E[x]) + b), squared on the SFPU (square_tile), packed to
  cb_xmm2 and reduced along rows (reduce_tile SUM) onto the running sum, which is packed to cb_accumulate between
  blocks and copied back (copy_tile) before the next; after the last block times 1/W into cb_ex2;
- 1/sqrt(Var + eps) (add_tiles with the eps tile, rsqrt_tile<LEGACY_RSQRT>) into cb_ex2pe, then its column 0
  broadcast over the tile (unary_bcast<COL>) and packed back into cb_ex2pe;
- per block x - E[x] again (plus b) packed to cb_xmm, times the broadcast tile (mul_tiles) into cb_fusion (cb_out
  without gamma and beta), times gamma (mul_tiles_bcast_rows) and plus beta (add_tiles_bcast_rows), gamma's and
  beta's blocks streamed by the reader with each block and popped.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/compute/
layernorm_large_tensor.cpp (its TILIZE_IN / UNTILIZE_OUT and fused-activation builds are not run by tensix.ttnn).
Compile-time args: Wt, block_size, do_gamma, do_beta, FLOAT32_DTYPE, FLOAT32_REDUCTION, LEGACY_RSQRT, W, tile_width.
Runtime args: NCHt. Defines: FUSE_PRE_ADD, RMSNORM. CB ids: CB_NAMES (named compile-time args).

Differences from the C++ text, none in what a thread does:
- the C++ packs into cb_ex2pe twice per row without a cb_reserve_back (the CB has 8 pages and holds at most one, so
  the space is always free); tensix refuses a pack or push into pages nobody reserved, so a cb_reserve_back(cb_ex2pe,
  1) precedes each of those packs;
- in the gamma and beta steps the C++ calls the packer's tile_regs_wait (and pack_reconfig_data_format) right after
  the math thread's tile_regs_acquire, before the unpacker's waits and the math thread's commit: that only works
  because they are different TRISCs. Here the packer's wait and reconfig follow the commit and the unpacker's pops;
  each thread's own calls keep the C++ order;
- with RMSNORM the C++ never waits for the reduce scaler tiles it reads (it relies on the reader having pushed them
  before the eps tile); here a cb_wait_front(cb_scaler) follows the eps wait."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import unary_bcast, unary_bcast_init
from tensix.ttnn.kernels.normalization.norm_lib import (blocks, inv_bits, ln_compute_args, row_wise_mean,
                                                        var_plus_eps_rsqrt)
from tensix.ttnn.kernels.normalization.sfpu_lib import binop_with_scalar_tile_init, mul_unary_tile
from tensix.ttnn.kernels.reduction.reduce_lib import reduce_tile_ex

_ADD_B = (EltwiseBinaryType.ELWADD, EltwiseBinaryReuseDestType.DEST_TO_SRCB)


def _x_minus_mean(block, rms, pre_add, cb_in, cb_inb, cb_ex, final_pass):
    """Dst tiles 0 .. size - 1 of a block: x - E[x] (RMSNORM: x), plus b with FUSE_PRE_ADD; cb_in's (and cb_inb's)
    block popped. The variance pass waits for cb_in before the Dst section, the final pass after it, and waits for
    cb_ex (already visible) only in the final pass; its srca reconfig for b names only the new CB (same effect)."""
    if not final_pass:
        cb_wait_front(cb_in, block.full_block_size)
    tile_regs_acquire()
    if final_pass:
        cb_wait_front(cb_in, block.full_block_size)
    if rms:
        reconfig_data_format_srca(cb_in)
        copy_tile_init(cb_in)
        for i in block.local():
            copy_tile(cb_in, i, i)
    else:
        if final_pass:
            cb_wait_front(cb_ex, 1)
        reconfig_data_format(cb_in, cb_ex)
        sub_bcast_cols_init_short(cb_in, cb_ex)
        for i in block.local():
            sub_tiles_bcast_cols(cb_in, cb_ex, i, 0, i)
    cb_pop_front(cb_in, block.full_block_size)
    if pre_add:
        cb_wait_front(cb_inb, block.full_block_size)
        reconfig_data_format_srca(cb_inb)
        binary_dest_reuse_tiles_init[_ADD_B](cb_inb)
        for i in block.local():
            binary_dest_reuse_tiles[_ADD_B](cb_inb, i, i)
        cb_pop_front(cb_inb, block.full_block_size)


def _weight_step(init, op, cb_fusion, cb_w, cb_dst, block, pack_reconfig, release_first):
    """The gamma (mul_tiles_bcast_rows) or beta (add_tiles_bcast_rows) step of a block: cb_fusion's and cb_w's
    blocks (both popped) into cb_dst; `pack_reconfig`: the packer switched to cb_dst's format first;
    `release_first`: Dst released before the push (the beta step) rather than after it (the gamma step)."""
    tile_regs_acquire()
    reconfig_data_format(cb_fusion, cb_w)
    cb_wait_front(cb_w, block.full_block_size)
    cb_wait_front(cb_fusion, block.full_block_size)
    init(cb_fusion, cb_w)
    for i in block.local():
        op(cb_fusion, cb_w, i, i, i)
    tile_regs_commit()
    cb_pop_front(cb_w, block.full_block_size)
    cb_pop_front(cb_fusion, block.full_block_size)
    tile_regs_wait()                    # the C++ calls it after tile_regs_acquire (see the module docstring)
    if pack_reconfig:
        pack_reconfig_data_format(cb_dst)
    cb_reserve_back(cb_dst, block.full_block_size)
    for i in block.local():
        pack_tile(i, cb_dst)
    if release_first:
        tile_regs_release()
    cb_push_back(cb_dst, block.full_block_size)
    if not release_first:
        tile_regs_release()


def _commit_and_pack(cb, tiles, pages, release_first=True):
    """Commit Dst; the packer waits for it, reserves `pages` of cb, switches to cb's format, packs Dst tiles `tiles`,
    then releases Dst and pushes (or, with release_first False, pushes and releases)."""
    tile_regs_commit()
    tile_regs_wait()
    cb_reserve_back(cb, pages)
    pack_reconfig_data_format(cb)
    for i in tiles:
        pack_tile(i, cb)
    if release_first:
        tile_regs_release()
    cb_push_back(cb, pages)
    if not release_first:
        tile_regs_release()


def _pack_one(cb):
    _commit_and_pack(cb, range(1), 1)


def kernel_main():
    (NCHt, Wt, block_size, do_gamma, do_beta, FLOAT32_REDUCTION, LEGACY_RSQRT, W, tile_width, rms,
     pre_add) = ln_compute_args(globals())
    n = CB_NAMES
    cb_scaler, cb_eps, cb_in, cb_inb, cb_out = n["cb_scaler"], n["cb_eps"], n["cb_in"], n["cb_inb"], n["cb_out"]
    cb_gamma, cb_beta, cb_xmm, cb_ex, cb_ex2 = n["cb_gamma"], n["cb_beta"], n["cb_xmm"], n["cb_ex"], n["cb_ex2"]
    cb_xmm2, cb_ex2pe, cb_acc = n["cb_xmm2"], n["cb_ex2pe"], n["cb_accumulate"]
    cb_fusion = n["cb_fusion"] if (do_gamma or do_beta) else cb_out
    if pre_add:
        binary_op_init_common(cb_in, cb_inb, cb_xmm if rms else n["cb_x"])
    else:
        binary_op_init_common(cb_in, cb_scaler, cb_xmm2 if rms else cb_ex)
    cb_wait_front(cb_eps, 1)
    last_tile_is_partial = W % tile_width > 0
    if rms:
        # not in the C++: with RMSNORM nothing waits for the scaler tiles (row_wise_mean, which does, is skipped), and
        # the variance's reduce_tile reads them all the same; on the card they are there because the reader pushed
        # them before the eps tile waited for above. tensix refuses reading pages no cb_wait_front made visible.
        cb_wait_front(cb_scaler, 2 if last_tile_is_partial else 1)
    for _ncht in range(NCHt):
        if not rms:
            # E[x]: FullBlockWithPopPolicy (with FUSE_PRE_ADD the sum of a's tiles and b's)
            row_wise_mean(cb_in, cb_scaler, cb_ex, W, Wt, block_size, FLOAT32_REDUCTION, pop=True,
                          sync_full_block=True, tile_width=tile_width,
                          additional_cbs=(cb_inb,) if pre_add else ())
        # Var[x]: the squares of a block reduced onto the running sum (kept in cb_accumulate between blocks)
        for block in blocks(Wt, block_size):
            _x_minus_mean(block, rms, pre_add, cb_in, cb_inb, cb_ex, final_pass=False)
            square_tile_init()
            for i in block.local():
                square_tile(i)
            _commit_and_pack(cb_xmm2, block.local(), block.full_block_size)
            tile_regs_acquire()
            if not block.is_first():
                cb_wait_front(cb_acc, 1)
                reconfig_data_format_srca(cb_acc)
                copy_tile_init(cb_acc)
                copy_tile(cb_acc, 0, 0)
                cb_pop_front(cb_acc, 1)
            cb_wait_front(cb_xmm2, block.full_block_size)
            reconfig_data_format(cb_xmm2, cb_scaler)
            reduce_init(cb_xmm2, cb_scaler, cb_acc, pool=PoolType.SUM, dim=ReduceDim.REDUCE_ROW)
            for i in block.local():
                scaler_idx = 1 if (block.to_global(i) == Wt - 1 and last_tile_is_partial) else 0
                reduce_tile_ex(cb_xmm2, cb_scaler, i, scaler_idx, 0, PoolType.SUM, ReduceDim.REDUCE_ROW,
                               enforce_fp32_accumulation=FLOAT32_REDUCTION)
            cb_pop_front(cb_xmm2, block.full_block_size)
            final_iter = block.last() == Wt
            if final_iter:
                binop_with_scalar_tile_init()
                mul_unary_tile(0, inv_bits(W))
            reduce_uninit()
            _pack_one(cb_ex2 if final_iter else cb_acc)
        # 1 / sqrt(Var + eps) into cb_ex2pe (the C++ packs it without a reserve: see the module docstring)
        var_plus_eps_rsqrt(cb_ex2, cb_eps, LEGACY_RSQRT)
        _pack_one(cb_ex2pe)
        cb_pop_front(cb_ex2, 1)
        # its column 0 broadcast over the whole tile, back into cb_ex2pe
        cb_wait_front(cb_ex2pe, 1)
        tile_regs_acquire()
        reconfig_data_format_srca(cb_ex2pe)
        unary_bcast_init[BroadcastType.COL](cb_ex2pe, cb_ex2pe)
        unary_bcast[BroadcastType.COL](cb_ex2pe, 0, 0)
        cb_pop_front(cb_ex2pe, 1)
        tile_regs_commit()
        tile_regs_wait()
        cb_reserve_back(cb_ex2pe, 1)
        pack_tile(0, cb_ex2pe)
        tile_regs_release()
        cb_push_back(cb_ex2pe, 1)
        cb_wait_front(cb_ex2pe, 1)
        # the output, block by block
        for block in blocks(Wt, block_size):
            _x_minus_mean(block, rms, pre_add, cb_in, cb_inb, cb_ex, final_pass=True)
            _commit_and_pack(cb_xmm, block.local(), block.full_block_size, release_first=False)
            cb_wait_front(cb_xmm, block.full_block_size)
            reconfig_data_format(cb_xmm, cb_ex2pe)
            tile_regs_acquire()
            mul_tiles_init(cb_xmm, cb_ex2pe)
            for i in block.local():
                mul_tiles(cb_xmm, cb_ex2pe, i, 0, i)
            _commit_and_pack(cb_fusion, block.local(), block.full_block_size)
            cb_pop_front(cb_xmm, block.full_block_size)
            if do_gamma:
                _weight_step(mul_bcast_rows_init_short, mul_tiles_bcast_rows, cb_fusion, cb_gamma,
                             cb_fusion if do_beta else cb_out, block, pack_reconfig=not do_beta, release_first=False)
            if do_beta:
                _weight_step(add_bcast_rows_init_short, add_tiles_bcast_rows, cb_fusion, cb_beta, cb_out, block,
                             pack_reconfig=True, release_first=True)
        if not rms:
            cb_pop_front(cb_ex, 1)
        cb_pop_front(cb_ex2pe, 1)
