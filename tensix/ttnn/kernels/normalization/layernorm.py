"""Compute kernel of ttnn's layernorm and rms_norm (LayerNormMultiCoreProgramFactory, not Welford, not large): per
tile row, with FUSE_PRE_ADD x = a + b; E[x] (row_wise_mean), x - E[x] (sub_tiles_bcast_cols) into cb_xmm (RMSNORM
skips both: cb_xmm is the input); (x - E[x])^2; Var = row_wise_mean of it; 1/sqrt(Var + eps) (add_tiles with the
eps tile, rsqrt_tile<LEGACY_RSQRT>); (x - E[x]) * that (mul_tiles_bcast_cols), times gamma (mul_tiles_bcast_rows)
and plus beta (add_tiles_bcast_rows) when given; blocks of block_size tiles, intermediates in cb_data_format
(Float32 with fp32_dest_acc_en, else Float16_b).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/compute/layernorm.cpp,
including its `#if defined RMSNORM and not defined FUSED_PRE_ADD` tests (FUSED_PRE_ADD is never defined: they hold
for every RMSNORM build). Compile-time args: Wt, block_size, do_gamma, do_beta, FLOAT32_DTYPE, FLOAT32_REDUCTION,
LEGACY_RSQRT, W, tile_width. Runtime args: NCHt. Defines: FUSE_PRE_ADD, RMSNORM. CB ids: CB_NAMES (named
compile-time args)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.norm_lib import (blocks, ln_compute_args, pack_block, pre_add_blocks,
                                                        row_wise_mean, total_with_remainder, var_plus_eps_rsqrt)


def _bcast_rows_step(init, op, cb_fusion, cb_w, cb_dst, block, init_first=False):
    """The gamma (mul_tiles_bcast_rows) or beta (add_tiles_bcast_rows) step of a block: gamma/beta waited
    cumulatively (never popped: reused by every row), the block from cb_fusion, the result into cb_dst. The init
    inside the Dst section, or with init_first before the waits (layernorm_welford.cpp's order)."""
    if init_first:
        init(cb_fusion, cb_w)
    cb_wait_front(cb_w, block.start + block.full_block_size)
    cb_wait_front(cb_fusion, block.full_block_size)
    tile_regs_acquire()
    if not init_first:
        init(cb_fusion, cb_w)
    for i in block.local():
        op(cb_fusion, cb_w, i, block.to_global(i), i)
    tile_regs_commit()
    cb_pop_front(cb_fusion, block.full_block_size)
    cb_reserve_back(cb_dst, block.full_block_size)
    pack_block(block, cb_dst)
    cb_push_back(cb_dst, block.full_block_size)


def kernel_main():
    (NCHt, Wt, block_size, do_gamma, do_beta, FLOAT32_REDUCTION, LEGACY_RSQRT, W, tile_width, rms,
     pre_add) = ln_compute_args(globals())
    n = CB_NAMES
    cb_scaler, cb_eps, cb_in, cb_inb, cb_out = n["cb_scaler"], n["cb_eps"], n["cb_in"], n["cb_inb"], n["cb_out"]
    cb_gamma, cb_beta = n["cb_gamma"], n["cb_beta"]
    cb_xmm = cb_in if (rms and not pre_add) else n["cb_xmm"]
    cb_ex, cb_ex2, cb_xmm2, cb_ex2pe, cb_fusion = n["cb_ex"], n["cb_ex2"], n["cb_xmm2"], n["cb_ex2pe"], n["cb_fusion"]
    if pre_add:
        cb_x = cb_xmm if rms else n["cb_x"]
    else:
        cb_x = cb_in
    if pre_add:
        binary_op_init_common(cb_in, cb_inb, cb_x)
    elif rms:
        binary_op_init_common(cb_xmm, cb_xmm, cb_xmm2)
    else:
        binary_op_init_common(cb_x, cb_scaler, cb_ex)
    cb_wait_front(cb_eps, 1)
    cb_im_or_out = cb_fusion if (do_gamma or do_beta) else cb_out
    total_buffer_size = total_with_remainder(Wt, block_size)
    for _ncht in range(NCHt):
        if pre_add:
            reconfig_data_format(cb_in, cb_inb)
            pack_reconfig_data_format(cb_x)
            add_tiles_init(cb_in, cb_inb)
            pre_add_blocks(cb_in, cb_inb, cb_x, Wt, block_size)
            if not rms:
                reconfig_data_format(cb_in, cb_x, cb_inb, cb_scaler)
            else:
                reconfig_data_format(cb_in, cb_x, cb_inb, cb_x)
        elif rms:
            reconfig_data_format(cb_in, cb_in)
            pack_reconfig_data_format(cb_xmm2)
        if not rms:
            # E[x]: FullBlockWithoutPopPolicy
            row_wise_mean(cb_x, cb_scaler, cb_ex, W, Wt, block_size, FLOAT32_REDUCTION, pop=False,
                          sync_full_block=True, tile_width=tile_width)
            reconfig_data_format(cb_x, cb_ex)
            cb_reserve_back(cb_xmm, total_buffer_size)
            sub_bcast_cols_init_short(cb_x, cb_ex)
            for block in blocks(Wt, block_size):
                tile_regs_acquire()
                for i in block.local():
                    sub_tiles_bcast_cols(cb_x, cb_ex, i, 0, i)
                tile_regs_commit()
                cb_pop_front(cb_x, block.full_block_size)
                tile_regs_wait()
                for i in block.local():
                    pack_tile(i, cb_xmm)
                tile_regs_release()
                cb_push_back(cb_xmm, block.full_block_size)
            cb_pop_front(cb_ex, 1)
            if not pre_add:
                reconfig_data_format_srca(cb_x, cb_xmm)
        mul_tiles_init(cb_xmm, cb_xmm)
        for block in blocks(Wt, block_size):
            cb_wait_front(cb_xmm, block.start + (block.full_block_size if rms else block.size))
            tile_regs_acquire()
            for i in block.local():
                g = block.to_global(i)
                mul_tiles(cb_xmm, cb_xmm, g, g, i)
            tile_regs_commit()
            cb_reserve_back(cb_xmm2, block.full_block_size)
            tile_regs_wait()
            for i in block.local():
                pack_tile(i, cb_xmm2)
            tile_regs_release()
            cb_push_back(cb_xmm2, block.full_block_size)
        if rms:
            reconfig_data_format(cb_xmm, cb_xmm2, cb_xmm, cb_scaler)
        # Var[x]: FullBlockWithPopPolicy
        row_wise_mean(cb_xmm2, cb_scaler, cb_ex2, W, Wt, block_size, FLOAT32_REDUCTION, pop=True,
                      sync_full_block=True, tile_width=tile_width)
        var_plus_eps_rsqrt(cb_ex2, cb_eps, LEGACY_RSQRT)
        tile_regs_commit()
        cb_pop_front(cb_ex2, 1)
        cb_reserve_back(cb_ex2pe, 1)
        pack_reconfig_data_format(cb_ex2pe)
        tile_regs_wait()
        pack_tile(0, cb_ex2pe)
        tile_regs_release()
        cb_push_back(cb_ex2pe, 1)
        cb_wait_front(cb_ex2pe, 1)
        for block in blocks(Wt, block_size):
            reconfig_data_format(cb_xmm, cb_ex2pe)
            pack_reconfig_data_format(cb_out if not (do_gamma or do_beta) else cb_fusion)
            cb_reserve_back(cb_im_or_out, block.full_block_size)
            if rms:
                reconfig_data_format_srca(cb_fusion, cb_xmm)
            tile_regs_acquire()
            mul_bcast_cols_init_short(cb_xmm, cb_ex2pe)
            for i in block.local():
                mul_tiles_bcast_cols(cb_xmm, cb_ex2pe, block.to_global(i), 0, i)
            tile_regs_commit()
            tile_regs_wait()
            for i in block.local():
                pack_tile(i, cb_im_or_out)
            tile_regs_release()
            cb_push_back(cb_im_or_out, block.full_block_size)
            if (do_gamma or do_beta) and rms:
                reconfig_data_format_srca(cb_xmm, cb_fusion)
            if do_gamma:
                if not do_beta:
                    pack_reconfig_data_format(cb_out)
                reconfig_data_format_srcb(cb_ex2pe, cb_gamma)
                _bcast_rows_step(mul_bcast_rows_init_short, mul_tiles_bcast_rows, cb_fusion, cb_gamma,
                                 cb_fusion if do_beta else cb_out, block)
            if do_beta:
                pack_reconfig_data_format(cb_out)
                if do_gamma:
                    reconfig_data_format_srcb(cb_gamma, cb_beta)
                else:
                    reconfig_data_format_srcb(cb_ex2pe, cb_beta)
                _bcast_rows_step(add_bcast_rows_init_short, add_tiles_bcast_rows, cb_fusion, cb_beta, cb_out, block)
        cb_pop_front(cb_ex2pe, 1)
        # the C++ kernel pops the row's pages without waiting for the unused ones of a partial last block (it pushed
        # them itself); tensix refuses a pop of pages not waited for, so it waits for them first (they are there)
        cb_wait_front(cb_xmm, total_buffer_size)
        cb_pop_front(cb_xmm, total_buffer_size)
