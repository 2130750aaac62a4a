"""Reader of ttnn.interleaved_to_sharded (TILE layout): the shard's block of tiles from the interleaved input into
the CB of ct arg 0 (the output shard itself when no format conversion is needed), row by row of the block, with a
read barrier every barrier_threshold tiles (8 KB of data for an 8x8 grid of readers).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
reader_unary_sharded_blocks_interleaved_start_id.cpp. Compile-time args: cb_id_in0, num_readers, then the source's
TensorAccessorArgs. Runtime args: src_addr, block_height_tiles, block_width_tiles, padded_offset_bytes,
input_width_offset_tiles, block_num_tiles, start_id_offset, start_id_base."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr = get_arg_val(0)
    block_height_tiles = get_arg_val(1)
    block_width_tiles = get_arg_val(2)
    padded_offset_bytes = get_arg_val(3)
    input_width_offset_tiles = get_arg_val(4)
    block_num_tiles = get_arg_val(5)
    start_id = get_arg_val(7) + get_arg_val(6)
    cb_id_in0 = get_compile_time_arg_val(0)
    num_readers = get_compile_time_arg_val(1)
    tile_bytes = get_tile_size(cb_id_in0)
    s = TensorAccessor(TensorAccessorArgs(2), src_addr, tile_bytes)
    barrier_threshold = ((512 // num_readers) * (1024 + 128)) // tile_bytes
    barrier_count = 0
    curr_tile_id = start_id
    cb_reserve_back(cb_id_in0, block_num_tiles)
    l1_write_addr = get_write_ptr(cb_id_in0)
    for _h in range(block_height_tiles):
        tile_id = curr_tile_id
        for _w in range(block_width_tiles):
            noc_async_read_tile(tile_id, s, l1_write_addr)
            tile_id += 1
            l1_write_addr += tile_bytes
            barrier_count += 1
            if barrier_count == barrier_threshold:
                noc_async_read_barrier()
                barrier_count = 0
        l1_write_addr += padded_offset_bytes
        curr_tile_id += input_width_offset_tiles
    noc_async_read_barrier()
    cb_push_back(cb_id_in0, block_num_tiles)
