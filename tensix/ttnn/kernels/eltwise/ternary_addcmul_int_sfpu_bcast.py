"""Compute kernel of ternary ADDCMUL for INT32 / UINT32 (TTT, COL_BCAST / SCALAR_BCAST / ROW_COL_BCAST): per group of
tile_freq output tiles (the first from tile_start), the broadcast operands' CBs (BCAST_A / _B / _C) waited for once,
the others per tile; per tile the steps of ternary_addcmul_int_sfpu (Dst 0..2 = a, b, c; Dst 3 = the value; Dst 0 =
a + value * b * c in integers), Dst 0 packed into c_3; the broadcast CBs popped after the group.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/compute/
ternary_addcmul_int_sfpu_bcast.cpp. Defines: ADDCMUL_DATA_FORMAT, BCAST_A / _B / _C. Runtime args: num_tiles,
tile_freq, tile_start, scalar_arg; compile-time: num_tiles_per_cycle."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles, tile_freq, tile_start = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    scalar_arg = get_arg_val(3)
    per_cycle = get_compile_time_arg_val(0)
    if num_tiles == 0:
        return
    cbs = (CBIndex.c_0, CBIndex.c_1, CBIndex.c_2)
    cb_out = CBIndex.c_3
    flags = (bool(BCAST_A), bool(BCAST_B), bool(BCAST_C))
    bcast = [cb for cb, bc in zip(cbs, flags) if bc]
    full = [cb for cb, bc in zip(cbs, flags) if not bc]
    fmt = ADDCMUL_DATA_FORMAT
    unary_op_init_common(cbs[0], cb_out)

    def process(freq, start):
        for cb in bcast:
            cb_wait_front(cb, per_cycle)
        for _ in range(start, freq):
            for cb in full:
                cb_wait_front(cb, per_cycle)
            cb_reserve_back(cb_out, per_cycle)
            tile_regs_acquire()
            for i, cb in enumerate(cbs):
                copy_tile_init(cb)
                copy_tile(cb, 0, i)
            fill_tile_init()
            fill_tile_int(3, scalar_arg, fmt)
            mul_int_tile_init(fmt)
            mul_int_tile(3, 1, 3, fmt)
            mul_int_tile(3, 2, 2, fmt)
            add_int_tile_init(fmt)
            add_int_tile(0, 2, 0, fmt)
            tile_regs_commit()
            tile_regs_wait()
            pack_tile(0, cb_out)
            tile_regs_release()
            cb_push_back(cb_out, per_cycle)
            for cb in full:
                cb_pop_front(cb, per_cycle)
        for cb in bcast:
            cb_pop_front(cb, per_cycle)

    in_groups(num_tiles, tile_freq, tile_start, process)
