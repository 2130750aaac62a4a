"""Writer of ttnn.untilize (multi-core factory): each untilized block (32 rows of the input block's width) from c_16
to the row-major output, row by row, split at the output's page (stick or shard-width) boundaries.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize/device/kernels/dataflow/
writer_unary_stick_layout_split_rows_multi_core.cpp. Compile-time args: cb_id_out0, output_stick_size, tile_height,
num_tiles_per_input_block, num_output_blocks_across_width, output_element_size, num_cols_per_input_block,
num_cols_per_output_block, then the output's TensorAccessorArgs. Runtime args: dst_addr,
num_input_blocks_to_process, height_wise_input_block_start_index, num_unpadded_cols_per_input_block,
width_wise_output_block_start_index, num_cols_already_processed_in_first_output_block."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    num_input_blocks_to_process = get_arg_val(1)
    height_wise_input_block_start_index = get_arg_val(2)
    num_unpadded_cols_per_input_block = get_arg_val(3)
    width_wise_output_block_start_index = get_arg_val(4)
    num_cols_already_processed_in_first_output_block = get_arg_val(5)
    cb_id_out0 = get_compile_time_arg_val(0)
    output_stick_size = get_compile_time_arg_val(1)
    tile_height = get_compile_time_arg_val(2)
    num_tiles_per_input_block = get_compile_time_arg_val(3)
    num_output_blocks_across_width = get_compile_time_arg_val(4)
    output_element_size = get_compile_time_arg_val(5)
    num_cols_per_input_block = get_compile_time_arg_val(6)
    num_cols_per_output_block = get_compile_time_arg_val(7)
    s = TensorAccessor(TensorAccessorArgs(8), dst_addr, output_stick_size)

    def write_tiles_in_current_block(block_height_index):
        cb_wait_front(cb_id_out0, num_tiles_per_input_block)
        base_l1_read_addr = get_read_ptr(cb_id_out0)
        for j in range(tile_height):
            current_l1_read_addr = base_l1_read_addr + j * num_cols_per_input_block * output_element_size
            num_rows_already_processed = block_height_index * tile_height + j
            output_page_id = (num_rows_already_processed * num_output_blocks_across_width
                              + width_wise_output_block_start_index)
            num_cols_remaining = num_cols_per_output_block - num_cols_already_processed_in_first_output_block
            offset = num_cols_already_processed_in_first_output_block * output_element_size
            done = 0
            while done < num_unpadded_cols_per_input_block:
                ncols = min(num_unpadded_cols_per_input_block - done, num_cols_remaining)
                nbytes = ncols * output_element_size
                noc_async_write(current_l1_read_addr, get_noc_addr(output_page_id, s, offset), nbytes)
                done += ncols
                current_l1_read_addr += nbytes
                output_page_id += 1
                num_cols_remaining = num_cols_per_output_block
                offset = 0
        noc_async_write_barrier()
        cb_pop_front(cb_id_out0, num_tiles_per_input_block)

    index = height_wise_input_block_start_index
    for _i in range(num_input_blocks_to_process):
        write_tiles_in_current_block(index)
        index += 1
