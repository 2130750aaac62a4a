"""Writer of ttnn.untilize(use_multicore=False) (UntilizeSingleCoreProgramFactory, one core): for each row of tile
blocks (32 rows of the output) and each column of blocks, the untilized blocks of c_16 written row by row: row l of a
block to output stick (i * 32 + l) * columns + j at the block's byte offset in that stick.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize/device/kernels/dataflow/
writer_unary_stick_layout_split_rows_single_core.cpp. Compile-time args: cb_id_out0, output_stick_size, tile_height,
num_blocks_across_height, num_output_columns_of_blocks, num_blocks_per_output_column_row, num_tiles_per_output_block,
output_single_block_width_size, the output's TensorAccessorArgs. Runtime args: dst_addr."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    cb, stick_size, tile_height, nbh, ncols, nbpr, tiles_per_block, block_bytes = (
        get_compile_time_arg_val(i) for i in range(8))
    s = TensorAccessor(TensorAccessorArgs(8), dst_addr, stick_size)
    for i in range(nbh):
        for j in range(ncols):
            sticks = [(i * tile_height + k) * ncols + j for k in range(tile_height)]
            offset = 0
            for _ in range(nbpr):
                cb_wait_front(cb, tiles_per_block)
                l1 = get_read_ptr(cb)
                for stick in sticks:
                    noc_async_write(l1, get_noc_addr(stick, s, offset), block_bytes)
                    l1 += block_bytes
                offset += block_bytes
                noc_async_write_barrier()
                cb_pop_front(cb, tiles_per_block)
