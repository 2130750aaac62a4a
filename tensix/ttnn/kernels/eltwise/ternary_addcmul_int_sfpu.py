"""Compute kernel of ternary ADDCMUL for INT32 / UINT32 (TTT, NONE / OUTER_BCAST / ROW_BCAST with the reader's fill):
per tile c_0, c_1, c_2 (input_a, input_b, input_c) copied to Dst 0, 1, 2; the value filled into Dst 3
(fill_tile_int<ADDCMUL_DATA_FORMAT>); Dst 3 = value * b, Dst 2 = that * c (mul_int_tile: mul_int32, wrapping modulo
2^32), Dst 0 = a + Dst 2 (add_int_tile); Dst 0 packed into c_3.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/compute/ternary_addcmul_int_sfpu.cpp.
Defines: ADDCMUL_DATA_FORMAT ("Int32" / "UInt32": get_addcmul_int_kernel_defines). Runtime args: num_tiles, (freq,
counter: unused), scalar_arg (the value as an int32 / uint32 word); compile-time: num_tiles_per_cycle (1)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def addcmul_int_tile(scalar_arg):
    """The kernel's SFPU steps on Dst 0..3 (shared with ternary_addcmul_int_sfpu_bcast)."""
    fmt = ADDCMUL_DATA_FORMAT
    fill_tile_init()
    fill_tile_int(3, scalar_arg, fmt)
    mul_int_tile_init(fmt)
    mul_int_tile(3, 1, 3, fmt)
    mul_int_tile(3, 2, 2, fmt)
    add_int_tile_init(fmt)
    add_int_tile(0, 2, 0, fmt)


def kernel_main():
    num_tiles = get_arg_val(0)
    scalar_arg = get_arg_val(3)
    per_cycle = get_compile_time_arg_val(0)
    cb_in = (CBIndex.c_0, CBIndex.c_1, CBIndex.c_2)
    cb_out = CBIndex.c_3
    unary_op_init_common(cb_in[0], cb_out)
    for _ in range(num_tiles):
        for cb in cb_in:
            cb_wait_front(cb, per_cycle)
        cb_reserve_back(cb_out, per_cycle)
        tile_regs_acquire()
        for i, cb in enumerate(cb_in):
            copy_tile_init(cb)
            copy_tile(cb, 0, i)
        addcmul_int_tile(scalar_arg)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, per_cycle)
        for cb in cb_in:
            cb_pop_front(cb, per_cycle)
