"""Reader of ttnn.experimental.rotary_embedding with a sharded input (multi-tile head dim, prefill): the core's input
shard is c_0 (pushed whole at once); the -1.0 scalar tile into c_4; per row of tiles of the shard its rotate_half
partner row into c_1 (the row's second half of tiles, then its first half, copied from the shard in L1), then per tile
the sin and cos tiles into c_3 and c_2; cos/sin walk the cache's [Ht, Wt] tiles and wrap at every Ht rows.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/rotary_embedding/device/kernels/dataflow/
reader_rotary_embedding_interleaved_start_id_sharded.cpp (DECODE_MODE: the token's Wt cos / sin tiles read once). Compile-time args: input_cb,
rotated_cb, cos_cb, sin_cb, scalar_cb, scalar (bf16 bits), Ht, Wt, HtWt, half_Wt_size (bytes of half a row of input
tiles), then the TensorAccessorArgs of cos and sin. Runtime args: cos_addr, sin_addr, num_rows, start_row_id,
cos_sin_start_id."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.transformer.rotary_lib import read_decode_cos_sin


def kernel_main():
    cos_addr, sin_addr = get_arg_val(0), get_arg_val(1)
    num_rows = get_arg_val(2)
    ht = get_arg_val(3)
    cos_sin_curr_id = get_arg_val(4)
    input_cb, rotated_cb, cos_cb, sin_cb, scalar_cb = (get_compile_time_arg_val(i) for i in range(5))
    scalar_value = get_compile_time_arg_val(5)
    Ht = get_compile_time_arg_val(6)
    Wt = get_compile_time_arg_val(7)
    HtWt = get_compile_time_arg_val(8)
    half_size = get_compile_time_arg_val(9)
    cos_args = TensorAccessorArgs(10)
    sin_args = TensorAccessorArgs(cos_args.next_compile_time_args_offset())
    cb_reserve_back(input_cb, num_rows * Wt)
    cb_push_back(input_cb, num_rows * Wt)
    input_l1 = get_noc_addr(get_read_ptr(input_cb))
    s1 = TensorAccessor(cos_args, cos_addr, get_tile_size(cos_cb))
    s2 = TensorAccessor(sin_args, sin_addr, get_tile_size(sin_cb))
    cb_reserve_back(scalar_cb, 1)
    l1_ptr(get_write_ptr(scalar_cb), np.uint16, 1)[0] = scalar_value
    cb_push_back(scalar_cb, 1)
    row_size = 2 * half_size
    if DECODE_MODE:
        read_decode_cos_sin(cos_cb, sin_cb, s1, s2, cos_sin_curr_id, Wt)
    for _i in range(num_rows):
        cb_reserve_back(rotated_cb, Wt)
        rotated = get_write_ptr(rotated_cb)
        noc_async_read(input_l1 + half_size, rotated, half_size)
        noc_async_read(input_l1, rotated + half_size, half_size)
        input_l1 += row_size
        noc_async_read_barrier()
        cb_push_back(rotated_cb, Wt)
        if DECODE_MODE:
            continue
        for _j in range(Wt):
            cb_reserve_back(sin_cb, 1)
            noc_async_read_page(cos_sin_curr_id, s2, get_write_ptr(sin_cb))
            noc_async_read_barrier()
            cb_push_back(sin_cb, 1)
            cb_reserve_back(cos_cb, 1)
            noc_async_read_page(cos_sin_curr_id, s1, get_write_ptr(cos_cb))
            noc_async_read_barrier()
            cb_push_back(cos_cb, 1)
            cos_sin_curr_id += 1
        ht += 1
        if ht == Ht:
            ht = 0
            cos_sin_curr_id -= HtWt
