"""Reader of binary_ng with a scalar second operand: a's tiles into c_0, one at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels/dataflow/
reader_interleaved_no_bcast.cpp (the older reader binary_ng keeps for the scalar op; SRC_SHARDED: c_0 is the core's
shard, pushed at once). Runtime args: the
first 15 of eltwise_api.ng_args (src, start_tile_id, src_num_tiles, dst_num_tiles, dst_shard_width, the four
strides, D, N, C, Ht, Wt, cND)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    a = ng_args()
    cb_src = CBIndex.c_0
    if SRC_SHARDED:
        if a.src_tiles:         # 0 pages (a core without a shard) is a no-op on hardware
            cb_reserve_back(cb_src, a.src_tiles)
            cb_push_back(cb_src, a.src_tiles)
        return
    src = TensorAccessor(TensorAccessorArgs(0), a.src, get_tile_size(cb_src))
    for ch, th, tw, _, _ in walk(a.start, a.dst_tiles, a.cND, a.D, a.N, a.C, a.Ht, a.Wt):
        read_one(cb_src, channel_base(ch, a.strides) + th * a.Wt + tw, src)
