"""Reader of ternary (TTT, SCALAR_BCAST): an operand of height and width 1 (SRC_BCAST_A / _B / _C) is read once per
output channel (nd, d, n, c) the core enters, its datum [0, 0] copied over the tile in L1
(FILL_TILE_WITH_FIRST_ELEMENT of its format), before that channel's tiles; the other operands are read per output
tile, each read with its own barrier.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/dataflow/
ternary_reader_scalar_ttt.cpp (interleaved operands: sharded ones are refused by ternary_reader_setup). The output
tiles are walked from start_tile_id over (nd, d, n, c, th, tw) (eltwise_api.walk): a broadcast operand's page is its
channel base (its own strides), the others' their channel base + th * Wt + tw, as the C++'s running offsets give
them. The factory refuses block-float broadcast operands (ternary's make_dataflow_defines gives them the bfloat16
fill, 2 KiB of stores on a block-float tile). Runtime args: as ternary_reader_nosubtilebcast_ttt (27 words).
Compile-time args: the three CB ids, the three TensorAccessorArgs, has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    ops, start, n_tiles, dims = ternary_reader_setup("ternary_reader_scalar_ttt",
                                                     (SRC_SHARDED_A, SRC_SHARDED_B, SRC_SHARDED_C))
    flags = (SRC_BCAST_A, SRC_BCAST_B, SRC_BCAST_C)
    bcast = [op for op, bc in zip(ops, flags) if bc]
    full = [op for op, bc in zip(ops, flags) if not bc]
    wt = dims[-1]
    for ch, th, tw, new_channel, _new_row in walk(start, n_tiles, *dims):
        if new_channel:
            for cb, acc, s in bcast:
                read_one(cb, channel_base(ch, s), acc, fill="scalar")
        for cb, acc, s in full:
            read_one(cb, channel_base(ch, s) + th * wt + tw, acc)
