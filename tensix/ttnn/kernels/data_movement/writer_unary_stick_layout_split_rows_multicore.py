"""Writer of ttnn.untilize_with_unpadding (multi-core interleaved factory): for each block representation, the data
rows of each untilized tile-row from c_16 to the output sticks (unpadded width), the padding tile-rows popped unread.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize_with_unpadding/device/kernels/dataflow/
writer_unary_stick_layout_split_rows_multicore.cpp. Compile-time args: FLOAT32_DTYPE (4-byte datums),
unpadded_X_size, then the output's TensorAccessorArgs. Runtime args: dst_addr, padded_X_size, start_stick_id,
n_block_reps, then 5 words per block representation (n_data, n_mixed, n_pads, times, repeat_count)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import block_reps


def kernel_main():
    cb_id_out0 = 16
    tile_height = 32
    dst_addr = get_arg_val(0)
    padded_X_size = get_arg_val(1)
    start_stick_id = get_arg_val(2)
    n_block_reps = get_arg_val(3)
    float32_dtype = get_compile_time_arg_val(0) == 1
    unpadded_X_size = get_compile_time_arg_val(1)
    num_tiles_per_row = padded_X_size >> (7 if float32_dtype else 6)
    s = TensorAccessor(TensorAccessorArgs(2), dst_addr, unpadded_X_size)

    def pop_blocks(num_blocks):
        for _i in range(num_blocks):
            cb_wait_front(cb_id_out0, num_tiles_per_row)
            cb_pop_front(cb_id_out0, num_tiles_per_row)

    def write_block(base_stick_id, num_rows):
        padding_rows = (tile_height - num_rows) & 31
        if num_rows + padding_rows == 0:        # wait / pop of 0 pages: nothing happens
            return
        cb_wait_front(cb_id_out0, num_tiles_per_row)
        l1_read_addr = get_read_ptr(cb_id_out0)
        for k in range(num_rows):
            noc_async_write(l1_read_addr, get_noc_addr(base_stick_id + k, s), unpadded_X_size)
            noc_async_write_barrier()
            l1_read_addr += padded_X_size
        cb_pop_front(cb_id_out0, num_tiles_per_row)

    stick_id = start_stick_id
    for n_data, n_mixed, n_pads, times in block_reps(4, n_block_reps):
        for _t in range(times):
            for _y in range(n_data):
                write_block(stick_id, tile_height)
                stick_id += tile_height
            write_block(stick_id, n_mixed)
            stick_id += n_mixed
            pop_blocks(n_pads)
