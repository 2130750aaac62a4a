"""Reader of ttnn.clone's sharded TILE program: this core's input shard, tile by tile from its own L1 (a NoC read of
this core at consecutive tile-size offsets from the buffer address) into src_cb.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/clone/device/kernels/read_kernel_sharded.cpp.
Compile-time args: src_cb_id. Runtime args: input_buffer_address, num_tiles."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    src_cb_id = get_compile_time_arg_val(0)
    tile_size = get_tile_size(src_cb_id)
    for _ in range(num_tiles):
        cb_reserve_back(src_cb_id, 1)
        noc_async_read(get_noc_addr(my_x[0], my_y[0], addr), get_write_ptr(src_cb_id), tile_size)
        noc_async_read_barrier()
        cb_push_back(src_cb_id, 1)
        addr += tile_size
