"""Compute kernel of ttnn.var / ttnn.std over H and W (WelfordReduceProgramFactory, reduce_dim HW): per output, for
each of reduce_batch_size NC slices and each of its Wt tile columns, the column's Ht tiles H-reduced by Welford as
welford_reduce_h does (population variance, 1/H), the mean / variance tiles (row 0) packed as a pair into c_21 for
the writer to combine; then the writer's combined scalar tile (c_22) copied into Dst, square-rooted for std and
packed into c_16 in the output format.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/compute/welford_reduce_hw.cpp.
Compile-time args: Ht, H, tile_height, Wt, do_scale, reduce_batch_size, is_std. Runtime args: NC_per_core."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK
from tensix.ttnn.kernels.reduction.welford_lib import INPUT_DST, MEAN_DST, h_column, pack_one


def kernel_main():
    NC_per_core = get_arg_val(0)
    Ht = get_compile_time_arg_val(0)
    H = get_compile_time_arg_val(1)
    tile_height = get_compile_time_arg_val(2)
    Wt = get_compile_time_arg_val(3)
    do_scale = get_compile_time_arg_val(4) != 0
    reduce_batch_size = get_compile_time_arg_val(5)
    is_std = get_compile_time_arg_val(6) != 0
    cb_in, cb_scalar, cb_out = CBIndex.c_0, CBIndex.c_2, CBIndex.c_16
    cb_partial, cb_combined = CBIndex.c_21, CBIndex.c_22
    last_tile_rows = tile_height if H % tile_height == 0 else H % tile_height

    compute_kernel_hw_startup(cb_in, cb_partial)
    pack_reconfig_data_format(cb_partial)
    if do_scale:
        cb_wait_front(cb_scalar, 1)
    for _out in range(NC_per_core // reduce_batch_size):
        reconfig_data_format_srca(cb_in)
        for _b in range(reduce_batch_size):
            for _wt in range(Wt):
                # population variance (1/H): the writer applies Bessel's correction after combining the columns
                h_column(cb_in, cb_scalar, Ht, tile_height, last_tile_rows, H - 1, do_scale)
                cb_reserve_back(cb_partial, 2)
                tile_regs_wait()
                pack_reconfig_data_format(cb_partial)
                pack_tile_block(MEAN_DST, cb_partial, 2)
                tile_regs_release()
                cb_push_back(cb_partial, 2)

        # the writer's combined scalar, square-rooted for std, repacked in the output format
        cb_wait_front(cb_combined, 1)
        reconfig_data_format_srca(cb_combined)
        tile_regs_acquire()
        copy_tile_to_dst_init_short(cb_combined)
        copy_tile(cb_combined, 0, INPUT_DST)
        if is_std:
            sqrt_tile_init(version=FORK)
            sqrt_tile(INPUT_DST, version=FORK)
        tile_regs_commit()
        cb_pop_front(cb_combined, 1)
        pack_one(INPUT_DST, cb_out)
