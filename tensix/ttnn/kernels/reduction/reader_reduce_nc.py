"""Reader of ttnn's fast_reduce_nc (a sum over one outer dim): a zero tile into c_1 (prepare_zero_tile), then for each
output tile of this core the num_input_tiles tiles it sums (stride inner_tile_size), input_granularity tiles per
push into c_0.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/reduction/fast_reduce_nc/device/kernels/
reader_reduce_nc.cpp (interleaved; shard_factor 1). Compile-time args: input_granularity, shard_factor,
num_cores_to_be_used, the input's TensorAccessorArgs. Runtime args: input_addr, num_input_tiles, id_range_length,
start_id, dim, reduce_tile_size, inner_tile_size."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    granularity = get_compile_time_arg_val(0)
    shard_factor = get_compile_time_arg_val(1)
    num_cores = get_compile_time_arg_val(2)
    outer_inc = shard_factor * num_cores
    input_addr = get_arg_val(0)
    num_input_tiles = get_arg_val(1)
    id_range_length = get_arg_val(2)
    start_id = get_arg_val(3)
    dim = get_arg_val(4)
    reduce_tile_size = get_arg_val(5)
    inner_tile_size = get_arg_val(6)
    cb_in0, cb_in1 = 0, 1
    cb_reserve_back(cb_in1, 1)                      # prepare_zero_tile
    l1_ptr(get_write_ptr(cb_in1), np.uint8, get_tile_size(cb_in1))[:] = 0
    cb_push_back(cb_in1, 1)
    tile_bytes = get_tile_size(cb_in0)
    s = TensorAccessor(TensorAccessorArgs(3), input_addr, tile_bytes)
    gi = 0
    wp = 0
    for outer in range(start_id, start_id + id_range_length, outer_inc):
        for off in range(shard_factor):
            i = outer + off
            tid = i if dim == 0 else (i // inner_tile_size) * reduce_tile_size + i % inner_tile_size
            for _j in range(num_input_tiles):
                if gi == 0:
                    cb_reserve_back(cb_in0, granularity)
                    wp = get_write_ptr(cb_in0)
                noc_async_read_tile(tid, s, wp + gi * tile_bytes)
                tid += inner_tile_size
                gi += 1
                if gi == granularity:
                    noc_async_read_barrier()
                    cb_push_back(cb_in0, granularity)
                    gi = 0
