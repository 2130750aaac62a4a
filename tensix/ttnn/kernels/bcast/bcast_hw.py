"""Compute kernel of bcast HW: per tile, BCAST_OP<SCALAR>(c_0, c_1) -- a's tile op datum [0, 0] of b's tile --
packed to c_16; b's tile is waited for and popped per tile, or (BCAST_SCALAR: b has one batch) waited for once and
never popped.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/bcast/device/kernels/compute/bcast_hw.cpp. Defines:
BCAST_OP, BCAST_LLKOP, BCAST_DIM (bcast_types.cpp get_defines), BCAST_SCALAR. Runtime args: B, Ht, Wt."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    cb_a, cb_b, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_16
    B, Ht, Wt = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    scalar = bool(globals().get("BCAST_SCALAR"))
    init_bcast[BCAST_LLKOP, BCAST_DIM](cb_a, cb_b, cb_out)
    op = BCAST_OP[BroadcastType.SCALAR]
    if scalar:
        cb_wait_front(cb_b, 1)
    for _b in range(B):
        for _h in range(Ht):
            for _w in range(Wt):
                if not scalar:
                    cb_wait_front(cb_b, 1)
                cb_wait_front(cb_a, 1)
                tile_regs_acquire()
                op(cb_a, cb_b, 0, 0, 0)
                tile_regs_commit()
                cb_pop_front(cb_a, 1)
                if not scalar:
                    cb_pop_front(cb_b, 1)
                cb_reserve_back(cb_out, 1)
                tile_regs_wait()
                pack_tile(0, cb_out)
                tile_regs_release()
                cb_push_back(cb_out, 1)
