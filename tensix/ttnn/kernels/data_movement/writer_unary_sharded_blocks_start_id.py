"""Writer of ttnn.interleaved_to_sharded into DRAM shards (TILE layout): the shard's block of tiles from the CB of ct
arg 0 to the DRAM-sharded output through its TensorAccessor, tile by tile, row by row of the block (a partial last
shard's missing columns skipped in the CB by padded_offset bytes).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
writer_unary_sharded_blocks_start_id.cpp (its Noc / CircularBuffer object calls: noc.async_write(cb_out, s, bytes,
{offset in the CB's front page}, {page_id}) is a write from the CB's read pointer + offset to the accessor's page).
Compile-time args: cb_id_out, then the output's TensorAccessorArgs. Runtime args: dst_addr, block_height_tiles,
block_width_tiles, padded_offset, block_width_padded_num_tiles (the tiles to wait for and pop), output_width_tiles,
start_id_offset, start_id_base."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    block_height_tiles = get_arg_val(1)
    block_width_tiles = get_arg_val(2)
    padded_offset = get_arg_val(3)
    block_num_tiles = get_arg_val(4)
    output_width_tiles = get_arg_val(5)
    row_start_tile_id = get_arg_val(7) + get_arg_val(6)
    cb_id_out = get_compile_time_arg_val(0)
    tile_bytes = get_tile_size(cb_id_out)
    s = TensorAccessor(TensorAccessorArgs(1), dst_addr, tile_bytes)
    cb_wait_front(cb_id_out, block_num_tiles)
    base = get_read_ptr(cb_id_out)
    offset = 0
    for _h in range(block_height_tiles):
        tile_id = row_start_tile_id
        for _w in range(block_width_tiles):
            noc_async_write(base + offset, s.get_noc_addr(tile_id), tile_bytes)
            tile_id += 1
            offset += tile_bytes
        offset += padded_offset
        row_start_tile_id += output_width_tiles
    noc_async_write_barrier()
    cb_pop_front(cb_id_out, block_num_tiles)
