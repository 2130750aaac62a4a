"""Writer of the block (2-D split) untilize programs: for each tile-row of this core's block, in every 2-D slice,
each sub-block's 32 rows from c_16 written to the output rows at the block's column offset (cut at the output row's
width), each write completed before the next.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize_with_unpadding/device/kernels/dataflow/
writer_unary_stick_layout_wh_multicore.cpp, which reads the CB at its write pointer after cb_wait_front (the CB holds
exactly one sub-block, so it is where the front is). A sub-block starting at or past the output row's width would
make the C++ write size wrap (unsigned): refused. Compile-time args: total_num_rows, third_dim, tile_height,
unpadded_X_size, the output's TensorAccessorArgs, then (tensix) the output's page size. Runtime args: dst_addr,
width_size, start_row_id, start_column_id, single_block_size_row_arg, single_block_size_col_arg,
sub_block_width_size, single_sub_block_size_row_arg."""

from tensix.device.errors import KernelError
from tensix.kernel import *  # noqa: F401,F403

_U32 = 0xFFFFFFFF


def kernel_main():
    total_rows, third_dim, tile_h, unpadded_x = (get_compile_time_arg_val(i) for i in range(4))
    args = TensorAccessorArgs(4)
    s = TensorAccessor(args, get_arg_val(0), get_compile_time_arg_val(args.next_compile_time_args_offset()))
    width_size = get_arg_val(1)
    cb = 16

    def write_block(num_rows, start_row, start_col, wsize, size_2d, block_tiles):
        cb_wait_front(cb, block_tiles)
        rd = get_write_ptr(cb)
        total = start_col + wsize
        size = wsize
        if total > unpadded_x:
            if total - unpadded_x > wsize:
                raise KernelError(f"writer_unary_stick_layout_wh_multicore: a sub-block at byte {start_col} starts "
                                  f"past the output row ({unpadded_x} bytes); the C++ write size wraps.")
            size -= total - unpadded_x
        for k in range(start_row, start_row + num_rows):
            noc_async_write(rd, get_noc_addr(size_2d + k, s, start_col), size)
            noc_async_write_barrier()
            rd += wsize
        cb_pop_front(cb, block_tiles)

    size_2d = 0
    for _ in range(third_dim):
        start_row = get_arg_val(2)
        start_col = get_arg_val(3)
        col_arg = get_arg_val(5)
        sub_width = get_arg_val(6)
        sub_tiles = get_arg_val(7)
        for _b in range(col_arg):
            n = tile_h if start_row + tile_h <= total_rows else (total_rows - start_row) & _U32
            if n > tile_h:
                raise KernelError(f"writer_unary_stick_layout_wh_multicore: start row {start_row} is past the "
                                  f"{total_rows} rows; the C++ would write {n} rows (unsigned wrap).")
            for m in range(0, width_size, sub_width):
                if n > 0:
                    write_block(n, start_row, start_col + m, sub_width, size_2d, sub_tiles)
            start_row += tile_h
        size_2d += total_rows
