"""Writer of ttnn.clone's sharded TILE program: dst_cb's tiles into this core's output shard, at consecutive
tile-size offsets from the buffer address (NoC writes to its own L1).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/clone/device/kernels/write_kernel_sharded.cpp.
Compile-time args: dst_cb_id. Runtime args: output_buffer_address, num_tiles."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    dst_cb_id = get_compile_time_arg_val(0)
    tile_size = get_tile_size(dst_cb_id)
    for _ in range(num_tiles):
        cb_wait_front(dst_cb_id, 1)
        noc_async_write(get_read_ptr(dst_cb_id), get_noc_addr(my_x[0], my_y[0], addr), tile_size)
        noc_async_write_barrier()
        cb_pop_front(dst_cb_id, 1)
        addr += tile_size
