"""Compute kernel of ttnn.var / ttnn.std over H (WelfordReduceProgramFactory, reduce_dim H): per column of Ht tiles
(the reader delivers them column by column), each tile copied into Dst and fed to welford_update as it is (its rows
are the samples of each column; the last tile over its H % 32 valid rows only: welford_update_rows), the variance
finalized to row 0 of Dst tile 2 with 1/H or, with Bessel's correction, 1/(H - 1) (the RISC-V's reciprocal: an empty
table), square-rooted for std, packed to c_16. With do_scale each tile is first multiplied by the scalar tile
(mul_tiles_bcast_scalar into Dst) and welford_reinit restores the unpacker / math state.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/compute/welford_reduce_h.cpp.
Compile-time args: Ht, H, tile_height, do_scale, correction, is_std. Runtime args: NCWt."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK
from tensix.ttnn.kernels.reduction.welford_lib import VAR_DST, h_column, pack_one


def kernel_main():
    NCWt = get_arg_val(0)
    Ht = get_compile_time_arg_val(0)
    H = get_compile_time_arg_val(1)
    tile_height = get_compile_time_arg_val(2)
    do_scale = get_compile_time_arg_val(3) != 0
    correction = get_compile_time_arg_val(4) != 0
    is_std = get_compile_time_arg_val(5) != 0
    cb_in, cb_scalar, cb_out = CBIndex.c_0, CBIndex.c_2, CBIndex.c_16
    last_tile_rows = tile_height if H % tile_height == 0 else H % tile_height
    scale_idx = H - 2 if correction else H - 1

    def sqrt_var():
        sqrt_tile_init(version=FORK)
        sqrt_tile(VAR_DST, version=FORK)

    compute_kernel_hw_startup(cb_in, cb_out)
    pack_reconfig_data_format(cb_out)
    if do_scale:
        cb_wait_front(cb_scalar, 1)
    for _ncwt in range(NCWt):
        h_column(cb_in, cb_scalar, Ht, tile_height, last_tile_rows, scale_idx, do_scale, sqrt_var if is_std else None)
        pack_one(VAR_DST, cb_out)
