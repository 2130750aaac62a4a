"""Compute kernel of ttnn's layernorm with Welford's algorithm (LayerNormMultiCoreProgramFactory, use_welford, not
large): per tile row, with fuse_pre_add x = a + b into cb_x; E[x] and Var[x] in one pass on the SFPU (each input
tile transposed into Dst, welford_update over its 32 rows = the input's columns, the last tile over its valid
columns only: welford_update_rows; welford_finalize_to_row with 1/W), mean and variance packed, transposed back to
columns and packed again into cb_ex / cb_ex2; x - E[x] (sub_tiles_bcast_cols) into cb_xmm; 1/sqrt(Var + eps)
(add_tiles with the eps tile, rsqrt_tile); (x - E[x]) * that (mul_tiles_bcast_cols), times gamma and plus beta
(bcast rows) when given; blocks of blk tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/compute/layernorm_welford.cpp.
Compile-time args: Wt, blk, do_gamma, do_beta, FLOAT32_DTYPE, W, tile_width, rms_norm (unused), fuse_pre_add. Runtime
args: NCHt. Named compile-time args (CB_NAMES): the CB ids, cb_x_welford and welford_fp32_alias (a Float32 input
read for Welford through a second index of cb_x's memory, configured UnpackToDestFp32: then transpose_wh_tile takes
the unpack-to-Dst path, whose init records over Welford's replay slots, so welford_init<PreserveStats> follows
every transpose). The reciprocal table (cb_reciprocals, W float32 values 1/1 .. 1/W) is read through
get_tile_address."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.layernorm import _bcast_rows_step
from tensix.ttnn.kernels.normalization.norm_lib import (blocks, pack_block, pack_ex2pe, pre_add_blocks,
                                                        total_with_remainder)
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK


def _pack_mean_var(cb_ex, cb_ex2, mean_dst, var_dst, reconfig_first):
    """The mean and variance Dst tiles packed into cb_ex / cb_ex2 (one page each); the kernel does it twice, the
    second time with the packer's first reconfig before tile_regs_wait."""
    cb_reserve_back(cb_ex, 1)
    cb_reserve_back(cb_ex2, 1)
    if reconfig_first:
        pack_reconfig_data_format(cb_ex)
    tile_regs_wait()
    if not reconfig_first:
        pack_reconfig_data_format(cb_ex)
    pack_tile(mean_dst, cb_ex)
    pack_reconfig_data_format(cb_ex2)
    pack_tile(var_dst, cb_ex2)
    tile_regs_release()
    cb_push_back(cb_ex, 1)
    cb_push_back(cb_ex2, 1)


def kernel_main():
    NCHt = get_arg_val(0)
    Wt = get_compile_time_arg_val(0)
    blk = get_compile_time_arg_val(1)
    do_gamma = get_compile_time_arg_val(2)
    do_beta = get_compile_time_arg_val(3)
    FLOAT32_DTYPE = get_compile_time_arg_val(4) == 1
    W = get_compile_time_arg_val(5)
    tile_width = get_compile_time_arg_val(6)
    fuse_pre_add = bool(get_compile_time_arg_val(8))
    n = CB_NAMES
    cb_eps, cb_in, cb_inb, cb_out = n["cb_eps"], n["cb_in"], n["cb_inb"], n["cb_out"]
    cb_gamma, cb_beta, cb_xmm = n["cb_gamma"], n["cb_beta"], n["cb_xmm"]
    cb_ex, cb_ex2, cb_ex2pe, cb_fusion = n["cb_ex"], n["cb_ex2"], n["cb_ex2pe"], n["cb_fusion"]
    cb_reciprocals = n["cb_reciprocals"]
    cb_im_or_out = cb_fusion if (do_gamma or do_beta) else cb_out
    cb_x = n["cb_x"] if fuse_pre_add else cb_in
    cb_x_welford = n["cb_x_welford"]
    welford_fp32_alias = n["welford_fp32_alias"] != 0
    input_dst, mean_dst, var_dst, dst0 = 0, 1, 2, 0
    # the Welford LLK is given transposed data: the valid columns of the last tile are its first rows
    last_tile_rows = tile_width if W % tile_width == 0 else W % tile_width

    cb_wait_front(cb_eps, 1)
    if fuse_pre_add:
        binary_op_init_common(cb_in, cb_inb, cb_x)
        pack_reconfig_data_format(cb_x)
    else:
        compute_kernel_hw_startup(cb_in, cb_ex)
        pack_reconfig_data_format(cb_ex)
    # std::array<uint32_t, W> at the reciprocal CB's first page
    p_reciprocals = l1_ptr(get_tile_address(cb_reciprocals, 0), np.uint32, W)
    total_buffer_size = total_with_remainder(Wt, blk)

    for _ncht in range(NCHt):
        if fuse_pre_add:
            add_tiles_init(cb_in, cb_inb)
            reconfig_data_format(cb_in, cb_inb)
            pack_reconfig_data_format(cb_x)
            pre_add_blocks(cb_in, cb_inb, cb_x, Wt, blk, cb_x_welford if welford_fp32_alias else None)
            reconfig_data_format(cb_in, cb_x, cb_inb, cb_ex)

        # E[x] and Var[x] by Welford's algorithm
        start_N = 0
        reconfig_data_format_srca(cb_x_welford)
        if welford_fp32_alias:
            transpose_wh_init(cb_x_welford, cb_ex)
        else:
            transpose_wh_init_short(cb_x_welford)
        tile_regs_acquire()
        welford_init()
        for wt in range(Wt - 1):
            if welford_fp32_alias:
                cb_wait_front(cb_x_welford, wt + 1)
                transpose_wh_init_short(cb_x_welford)
            else:
                cb_wait_front(cb_x, wt + 1)
            transpose_wh_tile(cb_x_welford, wt, input_dst)
            if welford_fp32_alias:
                welford_init(WelfordInitMode.PreserveStats)
            welford_update(input_dst, start_N, p_reciprocals)
            start_N += tile_width
        num_to_wait = total_with_remainder(Wt, blk)
        if welford_fp32_alias:
            cb_wait_front(cb_x_welford, num_to_wait)
            transpose_wh_init_short(cb_x_welford)
        else:
            cb_wait_front(cb_x, num_to_wait)
        transpose_wh_tile(cb_x_welford, Wt - 1, input_dst)
        if welford_fp32_alias:
            welford_init(WelfordInitMode.PreserveStats)
        welford_update_rows(input_dst, start_N, 0, last_tile_rows, p_reciprocals)
        welford_finalize_to_row(mean_dst, W - 1, p_reciprocals)
        tile_regs_commit()
        if welford_fp32_alias:
            cb_pop_front(cb_x_welford, total_buffer_size)

        # mean and variance (row 0) packed, transposed back to column 0
        _pack_mean_var(cb_ex, cb_ex2, mean_dst, var_dst, False)
        cb_wait_front(cb_ex, 1)
        cb_wait_front(cb_ex2, 1)
        reconfig_data_format_srca(cb_ex)
        transpose_wh_init_short(cb_ex)
        tile_regs_acquire()
        transpose_wh_tile(cb_ex, 0, mean_dst)
        transpose_wh_tile(cb_ex2, 0, var_dst)
        tile_regs_commit()
        cb_pop_front(cb_ex, 1)
        cb_pop_front(cb_ex2, 1)
        _pack_mean_var(cb_ex, cb_ex2, mean_dst, var_dst, True)

        # x - E[x]
        if FLOAT32_DTYPE:
            reconfig_data_format(cb_x, cb_ex)
        cb_wait_front(cb_ex, 1)
        if welford_fp32_alias:
            # the C++ kernel reads and pops cb_x without waiting on it (it waited on the alias, which its producer
            # pushes after cb_x, so the pages are there); tensix refuses reading pages not waited for, so it waits
            cb_wait_front(cb_x, total_buffer_size)
        cb_reserve_back(cb_xmm, total_buffer_size)
        sub_bcast_cols_init_short(cb_x, cb_ex)
        for block in blocks(Wt, blk):
            tile_regs_acquire()
            for i in block.local():
                sub_tiles_bcast_cols(cb_x, cb_ex, i, 0, i)
            tile_regs_commit()
            pack_block(block, cb_xmm)
            cb_push_back(cb_xmm, block.full_block_size)
            cb_pop_front(cb_x, block.full_block_size)
        cb_pop_front(cb_ex, 1)
        cb_wait_front(cb_xmm, total_buffer_size)
        if not fuse_pre_add:
            reconfig_data_format_srca(cb_x, cb_xmm)

        # 1/sqrt(Var[x] + eps)
        if FLOAT32_DTYPE:
            reconfig_data_format(cb_ex2, cb_eps)
        cb_wait_front(cb_ex2, 1)
        tile_regs_acquire()
        add_tiles_init(cb_ex2, cb_eps)
        add_tiles(cb_ex2, cb_eps, 0, 0, dst0)
        rsqrt_tile_init(version=FORK)
        rsqrt_tile(dst0, version=FORK)
        pack_ex2pe(cb_ex2, cb_ex2pe)

        # (x - E[x]) * 1/sqrt(Var[x] + eps) * gamma + beta
        cb_wait_front(cb_ex2pe, 1)
        for block in blocks(Wt, blk):
            reconfig_data_format(cb_xmm, cb_ex2pe)
            pack_reconfig_data_format(cb_fusion if (do_gamma or do_beta) else cb_out)
            mul_bcast_cols_init_short(cb_xmm, cb_ex2pe)
            tile_regs_acquire()
            for i in block.local():
                mul_tiles_bcast_cols(cb_xmm, cb_ex2pe, block.to_global(i), 0, i)
            tile_regs_commit()
            cb_reserve_back(cb_im_or_out, block.full_block_size)
            pack_block(block, cb_im_or_out)
            cb_push_back(cb_im_or_out, block.full_block_size)
            if do_gamma:
                if not do_beta:
                    pack_reconfig_data_format(cb_out)
                reconfig_data_format_srcb(cb_ex2pe, cb_gamma)
                _bcast_rows_step(mul_bcast_rows_init_short, mul_tiles_bcast_rows, cb_fusion, cb_gamma,
                                 cb_fusion if do_beta else cb_out, block, init_first=True)
            if do_beta:
                pack_reconfig_data_format(cb_out)
                reconfig_data_format_srcb(cb_gamma if do_gamma else cb_ex2pe, cb_beta)
                _bcast_rows_step(add_bcast_rows_init_short, add_tiles_bcast_rows, cb_fusion, cb_beta, cb_out, block,
                                 init_first=True)
        cb_pop_front(cb_ex2pe, 1)
        cb_pop_front(cb_xmm, total_buffer_size)
