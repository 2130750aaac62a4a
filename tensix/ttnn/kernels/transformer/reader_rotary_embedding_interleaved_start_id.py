"""Reader of ttnn.experimental.rotary_embedding (multi-tile head dim, prefill): the -1.0 scalar tile into c_4 (bf16 -1
at datum [0, 0]), then per tile of this core's rows: the rotate_half partner tile (the second half's tile for the first
half, the first half's for the second) into c_1, the sin tile into c_3, the input tile into c_0, the cos tile into
c_2; cos/sin walk the cache's [Ht, Wt] tiles and wrap at every Ht rows.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/rotary_embedding/device/kernels/dataflow/
reader_rotary_embedding_interleaved_start_id.cpp. Compile-time args: input_cb, rotated_cb,
cos_cb, sin_cb, scalar_cb, scalar (bf16 bits), Ht, Wt, HtWt, half_Wt, then the TensorAccessorArgs of input, cos, sin.
Runtime args: src_addr, cos_addr, sin_addr, num_rows, start_id, start_row_id, cos_sin_start_id."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.transformer.rotary_lib import read_decode_cos_sin


def _read(cb, acc, page, tile_bytes):
    cb_reserve_back(cb, 1)
    noc_async_read_tile(page, acc, get_write_ptr(cb))
    noc_async_read_barrier()
    cb_push_back(cb, 1)


def kernel_main():
    src_addr, cos_addr, sin_addr = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    num_rows = get_arg_val(3)
    start_id = get_arg_val(4)
    ht = get_arg_val(5)
    cos_sin_curr_id = get_arg_val(6)
    input_cb, rotated_cb, cos_cb, sin_cb, scalar_cb = (get_compile_time_arg_val(i) for i in range(5))
    scalar_value = get_compile_time_arg_val(5)
    Ht = get_compile_time_arg_val(6)
    Wt = get_compile_time_arg_val(7)
    HtWt = get_compile_time_arg_val(8)
    half_Wt = get_compile_time_arg_val(9)
    src_args = TensorAccessorArgs(10)
    cos_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    sin_args = TensorAccessorArgs(cos_args.next_compile_time_args_offset())
    in_bytes = get_tile_size(input_cb)
    s0 = TensorAccessor(src_args, src_addr, in_bytes)
    cos_bytes = get_tile_size(cos_cb)
    s1 = TensorAccessor(cos_args, cos_addr, cos_bytes)
    sin_bytes = get_tile_size(sin_cb)
    s2 = TensorAccessor(sin_args, sin_addr, sin_bytes)
    cb_reserve_back(scalar_cb, 1)
    l1_ptr(get_write_ptr(scalar_cb), np.uint16, 1)[0] = scalar_value
    cb_push_back(scalar_cb, 1)
    input_curr_id = start_id
    rotated_curr_id = start_id + half_Wt
    if DECODE_MODE:
        read_decode_cos_sin(cos_cb, sin_cb, s1, s2, cos_sin_curr_id, Wt)
    for _i in range(num_rows):
        for j in range(Wt):
            _read(rotated_cb, s0, rotated_curr_id, in_bytes)
            rotated_curr_id += 1
            if not DECODE_MODE:
                _read(sin_cb, s2, cos_sin_curr_id, sin_bytes)
            _read(input_cb, s0, input_curr_id, in_bytes)
            input_curr_id += 1
            if not DECODE_MODE:
                _read(cos_cb, s1, cos_sin_curr_id, cos_bytes)
                cos_sin_curr_id += 1
            if j == half_Wt - 1:
                rotated_curr_id -= Wt
        rotated_curr_id += Wt
        if not DECODE_MODE:
            ht += 1
            if ht == Ht:
                ht = 0
                cos_sin_curr_id -= HtWt
