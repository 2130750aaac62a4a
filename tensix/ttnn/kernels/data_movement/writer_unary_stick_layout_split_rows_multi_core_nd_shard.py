"""Writer of ttnn.untilize's ND-sharded-input factory: for each block the reader read (same shard order), its place in
the tensor from the first page's id (tile row, tile column), then its rows written to the row-major output as the
multi-core writer does, dropping the columns past the output's width and the rows past its height.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize/device/kernels/dataflow/
writer_unary_stick_layout_split_rows_multi_core_nd_shard.cpp. Compile-time args: cb_id_out0, output_stick_size,
tile_height, num_tiles_per_input_block, num_output_blocks_across_width, output_element_size,
num_cols_per_input_block, num_cols_per_output_block, input tile size, num_shards, num_cores, num_tiles_per_row,
tile_width, output_tensor_width, output_tensor_height, the output's then the input's TensorAccessorArgs. Runtime args:
dst_addr, src_addr, start_shard_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_untilized_block


def kernel_main():
    dst_addr = get_arg_val(0)
    src_addr = get_arg_val(1)
    start_shard_id = get_arg_val(2)
    (cb_id_out0, output_stick_size, tile_height, tiles_per_block, blocks_across_width, es, cols_per_input_block,
     cols_per_output_block, in_tile_size, num_shards, num_cores, tiles_per_row, tile_width, out_width,
     out_height) = (get_compile_time_arg_val(i) for i in range(15))
    dst_args = TensorAccessorArgs(15)
    dst = TensorAccessor(dst_args, dst_addr, output_stick_size)
    src = TensorAccessor(TensorAccessorArgs(dst_args.next_compile_time_args_offset()), src_addr, in_tile_size)

    def write_block(first_row, out_block_start, unpadded_cols, cols_done_first, rows):
        write_untilized_block(cb_id_out0, dst, tiles_per_block, cols_per_input_block * es, es,
                              first_row * blocks_across_width + out_block_start, blocks_across_width,
                              cols_per_output_block, unpadded_cols, cols_done_first, rows)

    for shard_id in range(start_shard_id, num_shards, num_cores):
        pages = src.shard_pages(shard_id)
        page_iter, end = pages.begin(), pages.end()
        while page_iter != end:
            page_id = page_iter.page_id()
            block_row = page_id // tiles_per_row
            tile_col = page_id % tiles_per_row
            unpadded = cols_per_input_block
            if (tile_col + tiles_per_block) * tile_width - 1 >= out_width:
                unpadded = out_width - tile_col * tile_width
            rows = tile_height
            if (block_row + 1) * tile_height - 1 >= out_height:
                rows = out_height - block_row * tile_height
            col0 = (tile_col // tiles_per_block) * cols_per_input_block
            write_block(block_row * tile_height, col0 // cols_per_output_block, unpadded,
                        col0 % cols_per_output_block, rows)
            page_iter += tiles_per_block
