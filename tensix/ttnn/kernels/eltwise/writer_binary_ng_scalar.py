"""Writer of binary_ng with a scalar second operand: fills c_1 once with the scalar (the compute kernel reads that
tile for every output tile), then writes c_2's tiles to the output from start_tile_id.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels/dataflow/
writer_interleaved_scalar.cpp (DST_SHARDED: only the fill, c_2 is the output shard): FILL_WITH_VALUE(_FLOAT) of
fill_tile_utils.hpp for c_1's format (a bfloat16 pair for 16-bit tiles, the 32-bit word otherwise). Runtime args:
packed_scalar, dst_addr, start_tile_id, dst_num_tiles, dst_shard_width, D, N, C, Ht, Wt, cND, 0. Compile-time args:
the TensorAccessorArgs, has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    packed, dst_addr, start, n, shard_w, d, nn, c, ht, wt, cnd = (get_arg_val(i) for i in range(11))
    cb_src, cb_dst = CBIndex.c_1, CBIndex.c_2
    cb_reserve_back(cb_src, 1)
    fill_with_val(get_dataformat(cb_src), get_write_ptr(cb_src), packed)
    cb_push_back(cb_src, 1)
    if DST_SHARDED:             # c_2 is the core's output shard: the compute kernel's pushes are the result
        return
    dst_args = TensorAccessorArgs(0)
    dst = TensorAccessor(dst_args, dst_addr, get_tile_size(cb_dst))
    has_sharding = get_compile_time_arg_val(dst_args.next_compile_time_args_offset()) == 1
    write_tiles(cb_dst, dst, start, n, (cnd, d, nn, c, ht, wt) + ((shard_w,) if has_sharding else ()))
