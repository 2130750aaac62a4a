"""Writer of ttnn.sharded_to_interleaved (TILE layout): the shard's block of tiles (without its padding tiles) from
the CB of ct arg 0 to the interleaved output, row by row of the block.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
writer_unary_sharded_blocks_interleaved_start_id.cpp. Compile-time args: cb_id_out, then the output's
TensorAccessorArgs. Runtime args: dst_addr, block_height_tiles, block_width_tiles, unpadded_block_height_tiles,
unpadded_block_width_tiles, output_width_tiles, block_num_tiles, start_id_offset, start_id_base."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    block_width_tiles = get_arg_val(2)
    unpadded_block_height_tiles = get_arg_val(3)
    unpadded_block_width_tiles = get_arg_val(4)
    output_width_tiles = get_arg_val(5)
    block_num_tiles = get_arg_val(6)
    start_id = get_arg_val(8) + get_arg_val(7)
    cb_id_out = get_compile_time_arg_val(0)
    tile_bytes = get_tile_size(cb_id_out)
    s = TensorAccessor(TensorAccessorArgs(1), dst_addr, tile_bytes)
    padded_width_diff = (block_width_tiles - unpadded_block_width_tiles) * tile_bytes
    row_start_tile_id = start_id
    cb_wait_front(cb_id_out, block_num_tiles)
    l1_read_addr = get_read_ptr(cb_id_out)
    for _h in range(unpadded_block_height_tiles):
        tile_id = row_start_tile_id
        for _w in range(unpadded_block_width_tiles):
            noc_async_write_tile(tile_id, s, l1_read_addr)
            tile_id += 1
            l1_read_addr += tile_bytes
        l1_read_addr += padded_width_diff
        row_start_tile_id += output_width_tiles
    noc_async_write_barrier()
    cb_pop_front(cb_id_out, block_num_tiles)
