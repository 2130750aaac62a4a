"""Reader of ttnn.experimental.rotary_embedding with a head dim of one tile (prefill, interleaved input): the
rotate_half transformation matrix into c_1 once, then per tile row the input tile into c_0 and the sin and cos tiles
into c_3 and c_2; cos/sin walk the cache's [Ht, 1] tiles and wrap at every Ht rows.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/rotary_embedding/device/kernels/dataflow/
reader_rotary_embedding_single_tile_interleaved_start_id.cpp (DECODE_MODE: the token's cos / sin tiles read once). Compile-time args: input_cb,
cos_cb, sin_cb, trans_mat_cb, Ht, HtWt, then the TensorAccessorArgs of input, cos, sin. Runtime args: src_addr,
cos_addr, sin_addr, num_rows, start_id, start_row_id, cos_sin_start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.transformer.rotary_lib import fill_rotate_half_trans_mat, read_decode_cos_sin


def _read_page(cb, page, acc):
    cb_reserve_back(cb, 1)
    noc_async_read_page(page, acc, get_write_ptr(cb))
    noc_async_read_barrier()
    cb_push_back(cb, 1)


def _read_cos_sin_row(sin_cb, cos_cb, s_sin, s_cos, page, ht, Ht, HtWt):
    """A tile row's sin and cos tiles (page `page` of the caches); the next row's page and ht, wrapping every Ht rows."""
    _read_page(sin_cb, page, s_sin)
    _read_page(cos_cb, page, s_cos)
    ht += 1
    if ht == Ht:
        return page + 1 - HtWt, 0
    return page + 1, ht


def kernel_main():
    src_addr, cos_addr, sin_addr = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    num_rows = get_arg_val(3)
    input_curr_id = get_arg_val(4)
    ht = get_arg_val(5)
    cos_sin_curr_id = get_arg_val(6)
    input_cb, cos_cb, sin_cb, trans_mat_cb, Ht, HtWt = (get_compile_time_arg_val(i) for i in range(6))
    src_args = TensorAccessorArgs(6)
    cos_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    sin_args = TensorAccessorArgs(cos_args.next_compile_time_args_offset())
    s0 = TensorAccessor(src_args, src_addr, get_tile_size(input_cb))
    s1 = TensorAccessor(cos_args, cos_addr, get_tile_size(cos_cb))
    s2 = TensorAccessor(sin_args, sin_addr, get_tile_size(sin_cb))
    fill_rotate_half_trans_mat(trans_mat_cb)
    if DECODE_MODE:
        read_decode_cos_sin(cos_cb, sin_cb, s1, s2, cos_sin_curr_id, 1)
    for _i in range(num_rows):
        _read_page(input_cb, input_curr_id, s0)
        input_curr_id += 1
        if not DECODE_MODE:
            cos_sin_curr_id, ht = _read_cos_sin_row(sin_cb, cos_cb, s2, s1, cos_sin_curr_id, ht, Ht, HtWt)
