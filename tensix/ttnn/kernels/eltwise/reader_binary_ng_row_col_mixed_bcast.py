"""Reader of binary_ng with one input broadcast along columns and the other along rows (ROW_B_COL_A: a is
[..., H, 1], b [..., 1, W]; ROW_A_COL_B the other way round): the column input's tile once per output tile row,
always filled from its first column (FILL_TILE_WITH_FIRST_COLUMN); the row input's tile (tw of its single tile row)
per output tile, filled from its first row unless the compute kernel broadcasts it (BCAST_LLK).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_row_col_mixed_bcast.cpp (interleaved). Defines SRC_BCAST_COL (a is the column input),
SRC_BCAST_ROW_B (b is the row input), BCAST_LLK. Args as reader_binary_ng_no_bcast.py."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    r = NgReader()
    a = r.args
    col = (r.cb_a, r.src_a, a.strides) if SRC_BCAST_COL else (r.cb_b, r.src_b, a.strides_b)
    row = (r.cb_b, r.src_b, a.strides_b) if SRC_BCAST_ROW_B else (r.cb_a, r.src_a, a.strides)
    for ch, th, tw, _, new_row in r.tiles():
        if new_row:
            read_one(col[0], channel_base(ch, col[2]) + th, col[1], "col")
        read_one(row[0], channel_base(ch, row[2]) + tw, row[1], None if BCAST_LLK else "row")
