"""Writer of binary_ng (tensor second operand): c_2's tiles to the output, one at a time, from start_tile_id.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
writer_interleaved_no_bcast.cpp (interleaved output). Runtime args: dst_addr, start_tile_id, dst_num_tiles,
dst_shard_width, D, N, C, Ht, Wt, cND, 0."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    dst_addr, start, n, _shard_w, d, nn, c, ht, wt, cnd = (get_arg_val(i) for i in range(10))
    cb_dst = CBIndex.c_2
    dst = TensorAccessor(TensorAccessorArgs(0), dst_addr, get_tile_size(cb_dst))
    write_tiles(cb_dst, dst, start, n, (cnd, d, nn, c, ht, wt))
