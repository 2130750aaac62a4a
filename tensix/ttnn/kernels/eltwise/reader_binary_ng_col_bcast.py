"""Reader of binary_ng with a COL broadcast (COL_A: a is [..., H, 1]; COL_B: b): the broadcast input's tile is read
once per output tile row (tile th of its single tile column), the other input's per output tile, each with its own
barrier. Without the LLK broadcast the reader copies column 0 to all columns (FILL_TILE_WITH_FIRST_COLUMN).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_col_bcast.cpp (interleaved). Defines SRC_BCAST, SRC_BCAST_B, BCAST_LLK. Args as
reader_binary_ng_no_bcast.py. A sharded input is its CB: a sharded broadcast input's tile is reserved and pushed
(filled) without a read, the other's shard is pushed at once."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    r = NgReader(SRC_SHARDED, SRC_SHARDED_B, SRC_BCAST, SRC_BCAST_B)
    a, wt = r.args, r.args.Wt
    inputs = ((r.cb_a, r.src_a, a.strides, SRC_BCAST, r.sharded_a),
              (r.cb_b, r.src_b, a.strides_b, SRC_BCAST_B, r.sharded_b))
    fill = None if BCAST_LLK else "col"
    for ch, th, tw, new_channel, new_row in r.tiles():
        for cb, acc, strides, bc, sharded in inputs:
            if bc and new_row:
                read_one(cb, channel_base(ch, strides) + th, None if sharded else acc, fill)
        for cb, acc, strides, bc, sharded in inputs:
            if not bc and not sharded:
                read_one(cb, channel_base(ch, strides) + th * wt + tw, acc)
