"""Writer of ttnn.experimental.rotary_embedding (prefill): num_tiles tiles from the output CB to the output from
start_id, each with its own write barrier; with OUT_SHARDED the output CB is the core's output shard, so the writer only
waits for the num_tiles tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/rotary_embedding/device/kernels/dataflow/
writer_rotary_embedding_interleaved_start_id.cpp. DECODE_MODE first moves the token's row of the untilized sin and
cos to the start of their buffers (rotary_lib.move_token_row). Compile-time args: cb_id_out,
the output's TensorAccessorArgs. Runtime args: dst_addr, num_tiles, start_id, cos_sin_offset, Wt, Wbytes (the last three
for DECODE_MODE, with the untilized cos / cos sync / sin / sin sync CB ids as compile-time args after the accessor)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.transformer.rotary_lib import move_token_row


def kernel_main():
    dst_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    start_id = get_arg_val(2)
    cb_id_out = get_compile_time_arg_val(0)
    dst_args = TensorAccessorArgs(1)
    if DECODE_MODE:
        offset, wt, row_bytes = get_arg_val(3), get_arg_val(4), get_arg_val(5)
        base = dst_args.next_compile_time_args_offset()
        u_cos, u_cos_sync, u_sin, u_sin_sync = (get_compile_time_arg_val(base + i) for i in range(4))
        move_token_row(u_sin, u_sin_sync, wt, offset, row_bytes)
        move_token_row(u_cos, u_cos_sync, wt, offset, row_bytes)
    if OUT_SHARDED:
        cb_wait_front(cb_id_out, num_tiles)
        return
    s = TensorAccessor(dst_args, dst_addr, get_tile_size(cb_id_out))
    for i in range(start_id, start_id + num_tiles):
        cb_wait_front(cb_id_out, 1)
        noc_async_write_tile(i, s, get_read_ptr(cb_id_out))
        noc_async_write_barrier()
        cb_pop_front(cb_id_out, 1)
