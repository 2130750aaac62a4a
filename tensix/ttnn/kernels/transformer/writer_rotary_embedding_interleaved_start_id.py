"""Writer of ttnn.experimental.rotary_embedding (prefill): num_tiles tiles from the output CB to the output from
start_id, each with its own write barrier; with OUT_SHARDED the output CB is the core's output shard, so the writer only
waits for the num_tiles tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/rotary_embedding/device/kernels/dataflow/
writer_rotary_embedding_interleaved_start_id.cpp (without DECODE_MODE). Compile-time args: cb_id_out,
the output's TensorAccessorArgs. Runtime args: dst_addr, num_tiles, start_id (then cos_sin_offset, Wt, Wbytes, which
only DECODE_MODE reads)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    start_id = get_arg_val(2)
    cb_id_out = get_compile_time_arg_val(0)
    if OUT_SHARDED:
        cb_wait_front(cb_id_out, num_tiles)
        return
    s = TensorAccessor(TensorAccessorArgs(1), dst_addr, get_tile_size(cb_id_out))
    for i in range(start_id, start_id + num_tiles):
        cb_wait_front(cb_id_out, 1)
        noc_async_write_tile(i, s, get_read_ptr(cb_id_out))
        noc_async_write_barrier()
        cb_pop_front(cb_id_out, 1)
