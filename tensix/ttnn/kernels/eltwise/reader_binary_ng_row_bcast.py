"""Reader of binary_ng with a ROW broadcast (ROW_A: a is [..., 1, W]; ROW_B: b): per output tile a tile of each
input; the broadcast input's tile is the one of its single tile row (tw only). Without the LLK broadcast
(BCAST_LLK 0: operands of different dtypes) the reader copies row 0 to all rows (FILL_TILE_WITH_FIRST_ROW).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_row_bcast.cpp (interleaved). Defines SRC_BCAST, SRC_BCAST_B, BCAST_LLK. Args as
reader_binary_ng_no_bcast.py."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    r = NgReader()
    a, wt = r.args, r.args.Wt
    row_a = 0 if SRC_BCAST else wt          # the broadcast input has one tile row
    row_b = 0 if SRC_BCAST_B else wt
    for ch, th, tw, _, _ in r.tiles():
        cb_reserve_back(r.cb_a, 1)
        noc_async_read_tile(channel_base(ch, a.strides) + th * row_a + tw, r.src_a, get_write_ptr(r.cb_a))
        cb_reserve_back(r.cb_b, 1)
        noc_async_read_tile(channel_base(ch, a.strides_b) + th * row_b + tw, r.src_b, get_write_ptr(r.cb_b))
        noc_async_read_barrier()
        for cb, bc in ((r.cb_a, SRC_BCAST), (r.cb_b, SRC_BCAST_B)):
            if bc and not BCAST_LLK:
                fill_tile("row", get_dataformat(cb), get_write_ptr(cb))
        cb_push_back(r.cb_a, 1)
        cb_push_back(r.cb_b, 1)
