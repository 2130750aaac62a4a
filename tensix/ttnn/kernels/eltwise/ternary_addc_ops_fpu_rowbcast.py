"""Compute kernel of ternary ADDCMUL / ADDCDIV (TTT, ROW_BCAST of three bfloat16 operands: is_llk_bcast and is_fpu):
per output tile, each broadcast operand's tile (BCAST_B, BCAST_C, then BCAST_A: c_1, c_2, c_0, row 0 only
meaningful, the reader does not fill it) expanded with unary_bcast<ROW> into c_5 / c_6 / c_4 and popped; then the
effective CBs (the expanded one or the operand's own) copied to Dst 0, 1, 2 (copy_tile_init each),
TERNARY_SFPU_OP_INIT / TERNARY_SFPU_OP_FUNC(0, 1, 2, 0, scalar_arg), c_3 reserved, Dst 0 packed into c_3, the
effective CBs popped.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/compute/
ternary_addc_ops_fpu_rowbcast.cpp (despite its name the arithmetic is the SFPU op; the FPU only moves tiles). Its
init is binary_op_init_common(effective b, effective c, c_3). As in ternary_sfpu_row_bcast_ttt, unary_bcast_init
retargets the packer and puts the Src zero flag back to its default. Defines: BCAST_A / _B / _C,
TERNARY_SFPU_OP_INIT, TERNARY_SFPU_OP_FUNC. Runtime args: num_tiles, (freq, counter: unused), scalar_arg;
compile-time: num_tiles_per_cycle (1)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    scalar_arg = get_arg_val(3)
    per_cycle = get_compile_time_arg_val(0)
    cb_out = CBIndex.c_3
    pre = (CBIndex.c_0, CBIndex.c_1, CBIndex.c_2)
    expanded = (CBIndex.c_4, CBIndex.c_5, CBIndex.c_6)
    flags = (bool(BCAST_A), bool(BCAST_B), bool(BCAST_C))
    eff = tuple(x if bc else p for p, x, bc in zip(pre, expanded, flags))
    binary_op_init_common(eff[1], eff[2], cb_out)
    for _ in range(num_tiles):
        for k in (1, 2, 0):         # the C++'s order: B, C, then A
            if not flags[k]:
                continue
            cb_pre, cb_bcast = pre[k], expanded[k]
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
        for cb in eff:
            cb_wait_front(cb, per_cycle)
        tile_regs_acquire()
        for i, cb in enumerate(eff):
            copy_tile_init(cb)
            copy_tile(cb, 0, i)
        TERNARY_SFPU_OP_INIT()
        TERNARY_SFPU_OP_FUNC(0, 1, 2, 0, scalar_arg)
        tile_regs_commit()
        tile_regs_wait()
        cb_reserve_back(cb_out, per_cycle)
        pack_tile(0, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, per_cycle)
        for cb in eff:
            cb_pop_front(cb, per_cycle)
