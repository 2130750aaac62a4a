"""Writer of ttnn.untilize_with_unpadding's ND-sharded-input factory: for each block the reader read (the same shard
order), the block's element coordinates in the input's padded shape from its first page's id; a block that starts
outside the output (a coordinate past the output's extent in some dim) is dropped, the others have their rows written
to the row-major output, cut at the output's width and height.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize_with_unpadding/device/kernels/dataflow/
writer_unary_stick_layout_split_rows_multicore_nd_sharded.cpp. Compile-time args: cb_id_out0, output_stick_size,
tile_height, num_tiles_per_input_block, num_output_blocks_across_width, output_element_size,
num_cols_per_input_block, num_cols_per_output_block, input tile size, num_shards, num_cores, num_tiles_per_input_row,
num_tiles_per_output_row, tile_width, output_tensor_width, output_tensor_height, tensor_rank, then the output's and
the input's TensorAccessorArgs. Common runtime args: the output's padded shape, then the input's (tensor_rank words
each). Runtime args: dst_addr, src_addr, start_shard_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_untilized_block


def kernel_main():
    dst_addr = get_arg_val(0)
    src_addr = get_arg_val(1)
    start_shard_id = get_arg_val(2)
    cb_id_out0 = get_compile_time_arg_val(0)
    stick_size = get_compile_time_arg_val(1)
    tile_height = get_compile_time_arg_val(2)
    tiles_per_block = get_compile_time_arg_val(3)
    blocks_across_width = get_compile_time_arg_val(4)
    es = get_compile_time_arg_val(5)
    cols_per_input_block = get_compile_time_arg_val(6)
    cols_per_output_block = get_compile_time_arg_val(7)
    in_tile_size = get_compile_time_arg_val(8)
    num_shards = get_compile_time_arg_val(9)
    num_cores = get_compile_time_arg_val(10)
    tiles_per_input_row = get_compile_time_arg_val(11)
    tiles_per_output_row = get_compile_time_arg_val(12)
    tile_width = get_compile_time_arg_val(13)
    out_width = get_compile_time_arg_val(14)
    out_height = get_compile_time_arg_val(15)
    rank = get_compile_time_arg_val(16)
    dst_args = TensorAccessorArgs(17)
    dst = TensorAccessor(dst_args, dst_addr, stick_size)
    src = TensorAccessor(TensorAccessorArgs(dst_args.next_compile_time_args_offset()), src_addr, in_tile_size)
    out_shape = [get_common_arg_val(i) for i in range(rank)]
    in_shape = [get_common_arg_val(rank + i) for i in range(rank)]

    def write_block(first_row, out_block_start, unpadded_cols, cols_done_first, rows):
        write_untilized_block(cb_id_out0, dst, tiles_per_block, cols_per_input_block * es, es,
                              first_row * blocks_across_width + out_block_start, blocks_across_width,
                              cols_per_output_block, unpadded_cols, cols_done_first, rows)

    coord = [0] * rank
    for shard_id in range(start_shard_id, num_shards, num_cores):
        pages = src.shard_pages(shard_id)
        page_iter, end = pages.begin(), pages.end()
        while page_iter != end:
            page_id = page_iter.page_id()
            element = (page_id // tiles_per_input_row * tile_height * in_shape[rank - 1]
                       + page_id % tiles_per_input_row * tile_width)
            inside = True
            for i in range(rank - 1, -1, -1):
                coord[i] = element % in_shape[i]
                if coord[i] >= out_shape[i]:
                    inside = False
                    break
                element //= in_shape[i]
            if not inside:          # the block starts outside the output: consumed, not written
                cb_wait_front(cb_id_out0, tiles_per_block)
                cb_pop_front(cb_id_out0, tiles_per_block)
                page_iter += tiles_per_block
                continue
            planes_before = 0
            for i in range(rank - 2):
                planes_before = planes_before * out_shape[i] + coord[i]
            row = coord[rank - 2]
            start_row = planes_before * out_shape[rank - 2] + row
            tile_in_output = (-(-out_shape[rank - 2] // tile_height) * tiles_per_output_row * planes_before
                              + (row // tile_height) * tiles_per_output_row + coord[rank - 1] // tile_width)
            tile_col = tile_in_output % tiles_per_output_row
            unpadded = cols_per_input_block
            if (tile_col + tiles_per_block) * tile_width - 1 >= out_width:
                unpadded = out_width - tile_col * tile_width
            rows = tile_height
            if row + tile_height - 1 >= out_height:
                rows = out_height - row
            col0 = (tile_col // tiles_per_block) * cols_per_input_block
            write_block(start_row, col0 // cols_per_output_block, unpadded, col0 % cols_per_output_block, rows)
            page_iter += tiles_per_block
