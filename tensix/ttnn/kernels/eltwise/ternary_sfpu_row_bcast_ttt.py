"""Compute kernel of ternary (TTT, ROW_BCAST by the LLK: three bfloat16 operands): per output tile, each broadcast
operand's tile (BCAST_A / _B / _C: c_0 / c_1 / c_2, row 0 only meaningful, the reader does not fill it) is expanded
with unary_bcast<ROW> into c_4 / c_5 / c_6 and popped; then the effective CBs (the expanded one or the operand's
own) are copied to Dst 0, 1, 2 (copy_tile_to_dst_init_short each), TERNARY_SFPU_OP_INIT /
TERNARY_SFPU_OP_FUNC(0, 1, 2, 0), Dst 0 packed into c_3, the effective CBs popped.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/compute/
ternary_sfpu_row_bcast_ttt.cpp (in the C++'s order: the unary_bcast passes, reserve c_3, wait the effective CBs,
...). As in the C++ the packer is left on the last expanded CB's format after the passes (unary_bcast_init
retargets it; no pack_reconfig follows): the factory picks this kernel for three bfloat16 operands, so with a
bfloat16 output the formats agree; a preallocated output of another dtype would get bfloat16 data on the card, and
tensix refuses that pack_tile (ComputeInitError). unary_bcast_init also runs llk_math_hw_configure, which puts the
Src zero flag back to its default (unary_op_init_common had turned it off): from the first tile on, copy_tile
writes +0 for a bfloat16 -0.0 or denormal (tensix.kernel.compute._configure), so a -0.0 predicate selects the false
value here, unlike ternary_sfpu_no_bcast_ttt. Defines: BCAST_A / _B / _C, TERNARY_SFPU_OP_INIT,
TERNARY_SFPU_OP_FUNC. Runtime args: num_tiles (then freq, counter, scalar: unused); compile-time:
num_tiles_per_cycle (1)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    per_cycle = get_compile_time_arg_val(0)
    cb_out = CBIndex.c_3
    pre = (CBIndex.c_0, CBIndex.c_1, CBIndex.c_2)
    expanded = (CBIndex.c_4, CBIndex.c_5, CBIndex.c_6)
    flags = (bool(BCAST_A), bool(BCAST_B), bool(BCAST_C))
    eff = tuple(x if bc else p for p, x, bc in zip(pre, expanded, flags))
    unary_op_init_common(eff[0], cb_out)
    for _ in range(num_tiles):
        for cb_pre, cb_bcast, bc in zip(pre, expanded, flags):
            if not bc:
                continue
            cb_wait_front(cb_pre, per_cycle)
            cb_reserve_back(cb_bcast, per_cycle)
            unary_bcast_init[BCAST_ROW](cb_pre, cb_bcast)
            tile_regs_acquire()
            unary_bcast[BCAST_ROW](cb_pre, 0, 0)
            tile_regs_commit()
            tile_regs_wait()
            pack_tile(0, cb_bcast)
            cb_push_back(cb_bcast, per_cycle)
            tile_regs_release()
            cb_pop_front(cb_pre, per_cycle)
        cb_reserve_back(cb_out, per_cycle)
        for cb in eff:
            cb_wait_front(cb, per_cycle)
        tile_regs_acquire()
        for i, cb in enumerate(eff):
            copy_tile_to_dst_init_short(cb)
            copy_tile(cb, 0, i)
        TERNARY_SFPU_OP_INIT()
        TERNARY_SFPU_OP_FUNC(0, 1, 2, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, per_cycle)
        for cb in eff:
            cb_pop_front(cb, per_cycle)
