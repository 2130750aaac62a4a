"""Reader of ternary (TTT, ROW_COL_BCAST: each operand full, a row [1, W], a column [H, 1] or a scalar [1, 1]):
per output tile row, each operand of width 1 (SRC_BCAST_A / _B / _C) is read once - a column operand's tile th with
column 0 copied across the tile (FILL_TILE_WITH_FIRST_COLUMN), a scalar operand's single tile (SRC_SCALAR_*) with
datum [0, 0] copied over it (FILL_TILE_WITH_FIRST_ELEMENT); then per output tile the other operands, a row operand
(SRC_ROW_BCAST_*) its tile tw with row 0 copied to every row (FILL_TILE_WITH_FIRST_ROW), a full one its tile
th * Wt + tw. Every read has its own barrier.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/dataflow/
ternary_reader_row_col_bcast_ttt.cpp (interleaved operands: sharded ones are refused by ternary_reader_setup). The
output tiles are walked from start_tile_id over (nd, d, n, c, th, tw) (eltwise_api.walk); the pages are the
channel base of each operand (its own strides) plus the offsets above, as the C++'s running offsets give them. The
factory refuses block-float operands to fill (ternary's make_dataflow_defines gives them the bfloat16 fills, 2 KiB
of stores on a block-float tile). Runtime args: as ternary_reader_nosubtilebcast_ttt (27 words). Compile-time args:
the three CB ids, the three TensorAccessorArgs, has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    ops, start, n_tiles, dims = ternary_reader_setup("ternary_reader_row_col_bcast_ttt",
                                                     (SRC_SHARDED_A, SRC_SHARDED_B, SRC_SHARDED_C))
    col = (SRC_BCAST_A, SRC_BCAST_B, SRC_BCAST_C)
    row = (SRC_ROW_BCAST_A, SRC_ROW_BCAST_B, SRC_ROW_BCAST_C)
    scalar = (SRC_SCALAR_A, SRC_SCALAR_B, SRC_SCALAR_C)
    per_row = [(op, bool(sc)) for op, c, sc in zip(ops, col, scalar) if c]
    per_tile = [(op, bool(r)) for op, c, r in zip(ops, col, row) if not c]
    wt = dims[-1]
    for ch, th, tw, _new_channel, new_row in walk(start, n_tiles, *dims):
        if new_row:
            for (cb, acc, s), sc in per_row:
                if sc:
                    read_one(cb, channel_base(ch, s), acc, fill="scalar")
                else:
                    read_one(cb, channel_base(ch, s) + th, acc, fill="col")
        for (cb, acc, s), r in per_tile:
            if r:
                read_one(cb, channel_base(ch, s) + tw, acc, fill="row")
            else:
                read_one(cb, channel_base(ch, s) + th * wt + tw, acc)
