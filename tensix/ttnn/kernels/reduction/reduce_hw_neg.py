"""Compute kernel of ttnn's min over H and W of one tile (reduce_min = -max(-x), ReduceSingleCoreHwProgramFactory with
negate): per input tile, copy it to Dst and negate it (negative_tile), pack it to c_5; reload the running maximum
from c_4 (after the first tile), GMPOOL the negated tile onto it (reduce_tile MAX, REDUCE_SCALAR) and pack it back
to c_4; at the end of each NC slice negate the maximum again into the output CB c_3.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/compute/reduce_hw_neg.cpp.
Compile-time args: Ht, Wt, NC, post-mul scaler bits (REDUCE_POST_MUL: the result multiplied by it after the
negation). Defines: REDUCE_OP (MAX), REDUCE_DIM (REDUCE_SCALAR)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction import reduce_lib as R


def kernel_main():
    Ht = get_compile_time_arg_val(0)
    Wt = get_compile_time_arg_val(1)
    NC = get_compile_time_arg_val(2)
    post_mul = R.reduce_post_mul(globals().get("REDUCE_POST_MUL", 0))
    cb_input, cb_scaler, cb_output = CBIndex.c_0, CBIndex.c_2, CBIndex.c_3
    cb_acc, cb_ineg = CBIndex.c_4, CBIndex.c_5
    onetile = 1
    dst_idx = 0

    compute_kernel_hw_startup(cb_input, cb_scaler, cb_output)
    cb_wait_front(cb_scaler, 1)             # the scaler tile from the reader
    for _nc in range(NC):
        for ht in range(Ht):
            for wt in range(Wt):
                reload = wt > 0 or ht > 0
                cb_wait_front(cb_input, onetile)
                tile_regs_acquire()
                copy_tile_init(cb_input)
                copy_tile(cb_input, 0, dst_idx)
                negative_tile_init()
                negative_tile(dst_idx)
                tile_regs_commit()
                cb_pop_front(cb_input, onetile)
                cb_reserve_back(cb_ineg, onetile)
                tile_regs_wait()
                pack_tile(dst_idx, cb_ineg)
                tile_regs_release()
                cb_push_back(cb_ineg, onetile)

                if reload:
                    cb_wait_front(cb_acc, onetile)
                cb_wait_front(cb_ineg, onetile)
                tile_regs_acquire()
                if reload:
                    copy_tile_init(cb_acc)
                    copy_tile(cb_acc, 0, dst_idx)
                reduce_init(cb_ineg, cb_scaler, cb_acc, pool=REDUCE_OP, dim=REDUCE_DIM)
                reduce_tile(cb_ineg, cb_scaler, 0, 0, dst_idx, pool=REDUCE_OP, dim=REDUCE_DIM)
                reduce_uninit()
                tile_regs_commit()
                cb_pop_front(cb_ineg, onetile)
                if reload:
                    cb_pop_front(cb_acc, onetile)
                cb_reserve_back(cb_acc, onetile)
                tile_regs_wait()
                pack_tile(dst_idx, cb_acc)
                tile_regs_release()
                cb_push_back(cb_acc, onetile)

        cb_wait_front(cb_acc, onetile)
        tile_regs_acquire()
        copy_tile_init(cb_acc)
        copy_tile(cb_acc, 0, dst_idx)
        negative_tile_init()
        negative_tile(dst_idx)
        if post_mul is not None:                # REDUCE_POST_MUL: binop_with_scalar_tile_init, mul_unary_tile
            post_mul(dst_idx)
        tile_regs_commit()
        cb_pop_front(cb_acc, onetile)
        cb_reserve_back(cb_output, onetile)
        tile_regs_wait()
        pack_tile(dst_idx, cb_output)
        tile_regs_release()
        cb_push_back(cb_output, onetile)
