"""Writer of untilize's sub-core-grid program (UntilizeMultiCoreSubCoreGridsProgramFactory): the core's untilized
tiles (one a CB page, c_16) written column by column into the row-major output: for each tile row of num_sticks
rows, num_tiles_per_core tiles, each tile's 32 rows of tile_width_size bytes to the sticks of that tile row at the
core's running byte offset (which, as in tt-metal, is not reset between tile rows).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize/device/kernels/dataflow/
writer_unary_stick_layout_split_rows_interleaved_parallel_columns.cpp. Compile-time args: stick_size, then the
output's TensorAccessorArgs. Runtime args: dst_addr, num_sticks, num_tiles_per_core, tile_width_size,
start_stick_id, offset_within_stick."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    cb_id_out0 = 16
    tile_height = 32
    dst_addr = get_arg_val(0)
    num_sticks = get_arg_val(1)
    num_tiles_per_core = get_arg_val(2)
    tile_width_size = get_arg_val(3)
    start_stick_id = get_arg_val(4)
    offset_within_stick = get_arg_val(5)
    stick_size = get_compile_time_arg_val(0)
    s = TensorAccessor(TensorAccessorArgs(1), dst_addr, stick_size)

    stick_id = start_stick_id
    curr_offset = offset_within_stick
    for _i in range(num_sticks // tile_height):
        for _t in range(num_tiles_per_core):
            cb_wait_front(cb_id_out0, 1)
            l1_read_addr = get_read_ptr(cb_id_out0)
            for k in range(tile_height):
                noc_async_write(l1_read_addr, get_noc_addr(stick_id + k, s, curr_offset), tile_width_size)
                l1_read_addr += tile_width_size
            noc_async_write_barrier()
            cb_pop_front(cb_id_out0, 1)
            curr_offset += tile_width_size
        stick_id += tile_height
