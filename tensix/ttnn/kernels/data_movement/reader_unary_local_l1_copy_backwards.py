"""Reader of ttnn.move's sharded program (ttnn.reallocate of a sharded tensor): on each core of the shard grid, the
core's input shard (c_0, backed by the old buffer) is copied into its output shard (c_1, backed by the new buffer)
with NoC reads from its own L1, from the top down in chunks of move_chunk_size bytes (the distance between the two
buffers), so that an upward move over an overlapping range never reads what it already overwrote; a last remainder
chunk covers the bottom.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/move/device/kernels/dataflow/
reader_unary_local_l1_copy_backwards.cpp. Compile-time args: src_cb, dst_cb. Runtime args: total_size_bytes,
num_chunks, chunk_size_bytes, remainder_chunk_size_bytes."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    total_size = get_arg_val(0)
    num_chunks = get_arg_val(1)
    chunk = get_arg_val(2)
    remainder = get_arg_val(3)
    src_cb_id = get_compile_time_arg_val(0)
    dst_cb_id = get_compile_time_arg_val(1)
    # uint32 address arithmetic, as in the C++ (a downward move makes chunk wrap: no chunk, one remainder of all)
    src = (get_read_ptr(src_cb_id) + total_size) & 0xFFFFFFFF
    dst = (get_write_ptr(dst_cb_id) + total_size) & 0xFFFFFFFF
    for _ in range(num_chunks):
        src = (src - chunk) & 0xFFFFFFFF
        dst = (dst - chunk) & 0xFFFFFFFF
        noc_async_read(get_noc_addr(my_x[0], my_y[0], src), dst, chunk)
        noc_async_read_barrier()
    if remainder > 0:
        src = (src - remainder) & 0xFFFFFFFF
        dst = (dst - remainder) & 0xFFFFFFFF
        noc_async_read(get_noc_addr(my_x[0], my_y[0], src), dst, remainder)
        noc_async_read_barrier()
