"""Writer of binary_ng (tensor second operand): c_2's tiles to the output, one at a time, from start_tile_id.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
writer_interleaved_no_bcast.cpp (DST_SHARDED: nothing to write, c_2 is the output shard; compile-time args: the
TensorAccessorArgs, has_sharding). Runtime args: dst_addr, start_tile_id, dst_num_tiles, dst_shard_width, D, N,
C, Ht, Wt, cND, 0."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    dst_addr, start, n, shard_w, d, nn, c, ht, wt, cnd = (get_arg_val(i) for i in range(10))
    cb_dst = CBIndex.c_2
    if DST_SHARDED:             # c_2 is the core's output shard: the compute kernel's pushes are the result
        return
    dst_args = TensorAccessorArgs(0)
    dst = TensorAccessor(dst_args, dst_addr, get_tile_size(cb_dst))
    has_sharding = get_compile_time_arg_val(dst_args.next_compile_time_args_offset()) == 1
    write_tiles(cb_dst, dst, start, n, (cnd, d, nn, c, ht, wt) + ((shard_w,) if has_sharding else ()))
