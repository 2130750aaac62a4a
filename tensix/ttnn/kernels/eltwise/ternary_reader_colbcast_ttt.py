"""Reader of ternary (TTT, COL_BCAST): an operand with width 1 (SRC_BCAST_A / _B / _C) is read once per output tile
row (its tile th of the channel, then FILL_TILE_WITH_FIRST_COLUMN: column 0 across the tile), the others once per
output tile, each read with its own barrier.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/dataflow/
ternary_reader_colbcast_ttt.cpp (interleaved operands: sharded ones are refused by the factory). The output tiles
are walked from start_tile_id over (nd, d, n, c, th, tw) (eltwise_api.walk): a broadcast operand's page is its
channel base (its own strides) + th, the others' their channel base + th * Wt + tw, as the C++'s running offsets
give them. Runtime args: as ternary_reader_nosubtilebcast_ttt (27 words). Compile-time args: the three CB ids, the
three TensorAccessorArgs, has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    ops, start, n_tiles, dims = ternary_reader_setup("ternary_reader_colbcast_ttt",
                                                     (SRC_SHARDED_A, SRC_SHARDED_B, SRC_SHARDED_C))
    flags = (SRC_BCAST_A, SRC_BCAST_B, SRC_BCAST_C)
    bcast = [op for op, bc in zip(ops, flags) if bc]
    full = [op for op, bc in zip(ops, flags) if not bc]
    wt = dims[-1]
    for ch, th, tw, _new_channel, new_row in walk(start, n_tiles, *dims):
        if new_row:
            for cb, acc, s in bcast:
                read_one(cb, channel_base(ch, s) + th, acc, fill="col")
        for cb, acc, s in full:
            read_one(cb, channel_base(ch, s) + th * wt + tw, acc)
