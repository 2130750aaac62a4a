"""Writer of ternary: the output CB's tiles to the output, one at a time, from start_tile_id.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/dataflow/ternary_writer_nobcast.cpp
(interleaved output; DST_SHARDED: nothing to write). Runtime args (11): dst_addr, dst_num_tiles, start_tile_id,
dst_shard_width, D, N, C, Ht, Wt, cND, 0. Compile-time args: the output CB id, the TensorAccessorArgs,
has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    dst_addr, n, start, shard_w, d, nn, c, ht, wt, cnd = (get_arg_val(i) for i in range(10))
    cb_out = get_compile_time_arg_val(0)
    if DST_SHARDED:
        return
    dst_args = TensorAccessorArgs(1)
    dst = TensorAccessor(dst_args, dst_addr, get_tile_size(cb_out))
    has_sharding = get_compile_time_arg_val(dst_args.next_compile_time_args_offset()) == 1
    write_tiles(cb_out, dst, start, n, (cnd, d, nn, c, ht, wt) + ((shard_w,) if has_sharding else ()))
