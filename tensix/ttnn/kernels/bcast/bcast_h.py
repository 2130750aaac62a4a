"""Compute kernel of bcast H: per tile, BCAST_OP<ROW>(c_0, c_1) -- a's tile op row 0 of b's tile, repeated down
the rows -- packed to c_16. The reader pairs every a tile with its b tile, so the loop just walks both.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/bcast/device/kernels/compute/bcast_h.cpp. Defines
(bcast_types.cpp get_defines): BCAST_OP (add/sub/mul_tiles_bcast), BCAST_LLKOP (EltwiseBinaryType), BCAST_DIM
(BroadcastType). Runtime args: B, Ht, Wt."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    cb_a, cb_b, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_16
    B, Ht, Wt = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    init_bcast[BCAST_LLKOP, BCAST_DIM](cb_a, cb_b, cb_out)
    op = BCAST_OP[BroadcastType.ROW]
    for _b in range(B):
        for _h in range(Ht):
            for _w in range(Wt):
                cb_wait_front(cb_b, 1)
                cb_wait_front(cb_a, 1)
                tile_regs_acquire()
                op(cb_a, cb_b, 0, 0, 0)
                tile_regs_commit()
                cb_pop_front(cb_a, 1)
                cb_pop_front(cb_b, 1)
                cb_reserve_back(cb_out, 1)
                tile_regs_wait()
                pack_tile(0, cb_out)
                tile_regs_release()
                cb_push_back(cb_out, 1)
