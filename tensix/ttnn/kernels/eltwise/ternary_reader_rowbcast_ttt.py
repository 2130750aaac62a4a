"""Reader of ternary (TTT, ROW_BCAST): per output tile a tile of each operand into c_0 / c_1 / c_2, one barrier for
the three; an operand of height 1 (SRC_BCAST_A / _B / _C) has one tile row, so its tile is the one of column tw.
Without the LLK broadcast (BCAST_LLK 0) its row 0 is then copied to every row in L1 (FILL_TILE_WITH_FIRST_ROW of
its format); with BCAST_LLK 1 (three bfloat16 operands) the compute kernel ternary_sfpu_row_bcast_ttt expands it.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/dataflow/
ternary_reader_rowbcast_ttt.cpp (interleaved operands: sharded ones are refused by ternary_reader_setup). The
output tiles are walked from start_tile_id over (nd, d, n, c, th, tw) (eltwise_api.walk): a broadcast operand's page
is its channel base (its own strides) + tw, the others' their channel base + th * Wt + tw, as the C++'s running
tile_offset / tile_offset_b / tile_offset_c give them (a broadcast operand's offset skips start_th * Wt and the
per-row += Wt). The fill is the one of the tile's format: the factory refuses block-float operands to fill, whose
FILL_TILE_WITH_FIRST_ROW ternary's make_dataflow_defines sets to the bfloat16 variant (2 KiB of stores on a 1088 /
576-byte tile). Runtime args: as ternary_reader_nosubtilebcast_ttt (27 words). Compile-time args: the three CB ids,
the three TensorAccessorArgs, has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    ops, start, n_tiles, dims = ternary_reader_setup("ternary_reader_rowbcast_ttt",
                                                     (SRC_SHARDED_A, SRC_SHARDED_B, SRC_SHARDED_C))
    flags = (SRC_BCAST_A, SRC_BCAST_B, SRC_BCAST_C)
    wt = dims[-1]
    for ch, th, tw, _new_channel, _new_row in walk(start, n_tiles, *dims):
        for (cb, acc, s), bc in zip(ops, flags):
            cb_reserve_back(cb, 1)
            noc_async_read_tile(channel_base(ch, s) + (0 if bc else th * wt) + tw, acc, get_write_ptr(cb))
        noc_async_read_barrier()
        if not BCAST_LLK:
            for (cb, _acc, _s), bc in zip(ops, flags):
                if bc:
                    fill_tile("row", get_dataformat(cb), get_write_ptr(cb))
        for cb, _acc, _s in ops:
            cb_push_back(cb, 1)
