"""Compute kernel of ttnn.var / ttnn.std over W (WelfordReduceProgramFactory, reduce_dim W): per row of Wt tiles,
each input tile transposed into Dst (its columns become rows) and fed to welford_update (the last tile over its W % 32
valid columns only: welford_update_rows), the variance finalized to row 0 of Dst tile 2 with 1/W or, with Bessel's
correction, 1/(W - 1) (the reciprocal computed by the RISC-V: an empty table), packed to c_19, transposed back into
column 0, square-rooted for std, packed to c_16. With do_scale (scalar != 1) each tile is first multiplied by the
scalar tile (mul_tiles_bcast_scalar) and packed to c_20, from which the transpose reads.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/compute/welford_reduce_w.cpp.
Compile-time args: Wt, W, tile_width, do_scale, correction, is_std; named: welford_fp32_input (CB_NAMES). Runtime
args: NCHt."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK
from tensix.ttnn.kernels.reduction.welford_lib import INPUT_DST, VAR_DST, pack_one, welford_step


def kernel_main():
    NCHt = get_arg_val(0)
    Wt = get_compile_time_arg_val(0)
    W = get_compile_time_arg_val(1)
    tile_width = get_compile_time_arg_val(2)
    do_scale = get_compile_time_arg_val(3) != 0
    correction = get_compile_time_arg_val(4) != 0
    is_std = get_compile_time_arg_val(5) != 0
    welford_fp32_input = CB_NAMES["welford_fp32_input"] != 0
    cb_in, cb_scalar, cb_out, cb_var, cb_scaled = CBIndex.c_0, CBIndex.c_2, CBIndex.c_16, CBIndex.c_19, CBIndex.c_20
    last_tile_rows = tile_width if W % tile_width == 0 else W % tile_width
    scale_idx = W - 2 if correction else W - 1

    compute_kernel_hw_startup(cb_in, cb_out)
    pack_reconfig_data_format(cb_out)
    if do_scale:
        cb_wait_front(cb_scalar, 1)
    for _ncht in range(NCHt):
        start_N = 0
        welford_init()
        if not do_scale:
            reconfig_data_format_srca(cb_in)
            transpose_wh_init_short(cb_in)
            tile_regs_acquire()
        for wt in range(Wt):
            if do_scale:
                cb_wait_front(cb_in, 1)
                tile_regs_acquire()
                reconfig_data_format_srca(cb_in)
                mul_tiles_bcast_scalar_init_short(cb_in, cb_scalar)
                mul_tiles_bcast_scalar(cb_in, cb_scalar, 0, 0, INPUT_DST)
                tile_regs_commit()
                cb_pop_front(cb_in, 1)
                pack_one(INPUT_DST, cb_scaled)
                cb_wait_front(cb_scaled, 1)
                tile_regs_acquire()
                reconfig_data_format_srca(cb_scaled)
                transpose_wh_init_short(cb_scaled)
                transpose_wh_tile(cb_scaled, 0, INPUT_DST)
                cb_pop_front(cb_scaled, 1)
            else:
                cb_wait_front(cb_in, 1)
                if welford_fp32_input:
                    transpose_wh_init_short(cb_in)
                transpose_wh_tile(cb_in, 0, INPUT_DST)
                cb_pop_front(cb_in, 1)
            if welford_fp32_input:
                welford_init(WelfordInitMode.PreserveStats)
            welford_step(wt, Wt, start_N, last_tile_rows, scale_idx, do_scale)
            start_N += tile_width

        # the variance (row 0) packed and transposed back to column 0
        pack_one(VAR_DST, cb_var)
        cb_wait_front(cb_var, 1)
        reconfig_data_format_srca(cb_var)
        transpose_wh_init_short(cb_var)
        tile_regs_acquire()
        transpose_wh_tile(cb_var, 0, VAR_DST)
        if is_std:
            sqrt_tile_init(version=FORK)
            sqrt_tile(VAR_DST, version=FORK)
        tile_regs_commit()
        cb_pop_front(cb_var, 1)
        pack_one(VAR_DST, cb_out)
