"""Compute kernel of ttnn's min along H (reduce_min = -max(-x), ReduceMultiCoreHProgramFactory with negate): the
columns of a core come in chunks of DEST_AUTO_LIMIT (the reader's N, W_skip, H, W_chunk order); per row of a chunk,
its tiles are copied to Dst and negated (negative_tile, each popped one by one) and packed to c_5, then the running
maxima are reloaded from c_4 (after the first row), GMPOOLed with the negated tiles (reduce_tile MAX, REDUCE_COL)
and packed back to c_4; after the last row the maxima are negated again into the output CB c_3.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/compute/reduce_h_neg.cpp, its FPU
path (the Int32 SFPU path is refused on the host), with its data-format reconfigurations. Compile-time args: Ht, Wt
(columns of this core), NC, post-mul scaler bits (REDUCE_POST_MUL: the result multiplied by it after the negation).
Defines: REDUCE_OP (MAX), REDUCE_DIM (REDUCE_COL)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    Ht = get_compile_time_arg_val(0)
    Wt = get_compile_time_arg_val(1)
    NC = get_compile_time_arg_val(2)
    post_mul = R.reduce_post_mul(globals().get("REDUCE_POST_MUL", 0))
    cb_input, cb_scaler, cb_output = CBIndex.c_0, CBIndex.c_2, CBIndex.c_3
    cb_acc, cb_ineg = CBIndex.c_4, CBIndex.c_5
    row_chunk = R.compute_dest_auto_limit()

    compute_kernel_hw_startup(cb_input, cb_scaler, cb_output)
    cb_wait_front(cb_scaler, 1)             # the scaler tile from the reader
    for _nc in range(NC):
        for wt in range(0, Wt, row_chunk):
            ntiles = min(wt + row_chunk, Wt) - wt
            for ht in range(Ht):
                tile_regs_acquire()
                cb_wait_front(cb_input, ntiles)
                reconfig_data_format_srca(cb_input)
                copy_tile_init(cb_input)
                negative_tile_init()
                for i in range(ntiles):     # each tile from the front, popped one by one (no stale slots)
                    copy_tile(cb_input, 0, i)
                    cb_pop_front(cb_input, 1)
                    negative_tile(i)
                tile_regs_commit()
                cb_reserve_back(cb_ineg, ntiles)
                tile_regs_wait()
                pack_reconfig_data_format(cb_ineg)
                for i in range(ntiles):
                    pack_tile(i, cb_ineg)
                tile_regs_release()
                cb_push_back(cb_ineg, ntiles)

                tile_regs_acquire()
                if ht > 0:
                    cb_wait_front(cb_acc, ntiles)
                cb_wait_front(cb_ineg, ntiles)
                if ht > 0:
                    reconfig_data_format_srca(cb_acc)
                    copy_tile_init(cb_acc)
                    for i in range(ntiles):
                        copy_tile(cb_acc, i, i)
                pack_reconfig_data_format(cb_acc)
                reduce_init(cb_ineg, cb_scaler, cb_acc, pool=REDUCE_OP, dim=REDUCE_DIM)
                for i in range(ntiles):
                    reduce_tile(cb_ineg, cb_scaler, i, 0, i, pool=REDUCE_OP, dim=REDUCE_DIM)
                reduce_uninit(cb_ineg)
                tile_regs_commit()
                cb_pop_front(cb_ineg, ntiles)
                if ht > 0:
                    cb_pop_front(cb_acc, ntiles)
                cb_reserve_back(cb_acc, ntiles)
                tile_regs_wait()
                for i in range(ntiles):
                    pack_tile(i, cb_acc)
                tile_regs_release()
                cb_push_back(cb_acc, ntiles)

            tile_regs_acquire()
            cb_wait_front(cb_acc, ntiles)
            reconfig_data_format_srca(cb_acc)
            copy_tile_init(cb_acc)
            for i in range(ntiles):
                copy_tile(cb_acc, i, i)
            negative_tile_init()
            for i in range(ntiles):
                negative_tile(i)
            if post_mul is not None:            # REDUCE_POST_MUL: one binop_with_scalar_tile_init, then per tile
                binop_with_scalar_tile_init()
                for i in range(ntiles):
                    mul_unary_tile(i, get_compile_time_arg_val(3))
            tile_regs_commit()
            cb_pop_front(cb_acc, ntiles)
            cb_reserve_back(cb_output, ntiles)
            tile_regs_wait()
            pack_reconfig_data_format(cb_output)
            for i in range(ntiles):
                pack_tile(i, cb_output)
            tile_regs_release()
            cb_push_back(cb_output, ntiles)
