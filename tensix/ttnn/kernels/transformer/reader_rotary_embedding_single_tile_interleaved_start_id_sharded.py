"""Reader of ttnn.experimental.rotary_embedding with a head dim of one tile and a sharded input (prefill): the
core's input shard is c_0 (published whole at once), the rotate_half transformation matrix into c_1, then per tile
row the sin and cos tiles into c_3 and c_2, wrapping at every Ht rows.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/rotary_embedding/device/kernels/dataflow/
reader_rotary_embedding_single_tile_interleaved_start_id_sharded.cpp (DECODE_MODE: the token's cos / sin tiles read once). Compile-time args:
input_cb, cos_cb, sin_cb, trans_mat_cb, Ht, HtWt, then the TensorAccessorArgs of cos and sin. Runtime args: cos_addr,
sin_addr, num_rows, start_row_id, cos_sin_start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.transformer.reader_rotary_embedding_single_tile_interleaved_start_id import _read_cos_sin_row
from tensix.ttnn.kernels.transformer.rotary_lib import fill_rotate_half_trans_mat, read_decode_cos_sin


def kernel_main():
    cos_addr, sin_addr = get_arg_val(0), get_arg_val(1)
    num_rows = get_arg_val(2)
    ht = get_arg_val(3)
    cos_sin_curr_id = get_arg_val(4)
    input_cb, cos_cb, sin_cb, trans_mat_cb, Ht, HtWt = (get_compile_time_arg_val(i) for i in range(6))
    cos_args = TensorAccessorArgs(6)
    sin_args = TensorAccessorArgs(cos_args.next_compile_time_args_offset())
    cb_reserve_back(input_cb, num_rows)
    cb_push_back(input_cb, num_rows)
    s1 = TensorAccessor(cos_args, cos_addr, get_tile_size(cos_cb))
    s2 = TensorAccessor(sin_args, sin_addr, get_tile_size(sin_cb))
    fill_rotate_half_trans_mat(trans_mat_cb)
    if DECODE_MODE:
        read_decode_cos_sin(cos_cb, sin_cb, s1, s2, cos_sin_curr_id, 1)
    for _i in range(num_rows if not DECODE_MODE else 0):
        cos_sin_curr_id, ht = _read_cos_sin_row(sin_cb, cos_cb, s2, s1, cos_sin_curr_id, ht, Ht, HtWt)
