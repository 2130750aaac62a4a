"""Reader of the block (2-D split) tilize programs (TilizeMultiCoreBlockProgramFactory,
TilizeWithValPaddingMultiCoreBlockInterleavedFactory): for each of this core's tile-rows of blocks, in every 2-D slice,
32 rows of each sub-block's width into c_0 (rows past the tensor's height and columns past its width filled with the
pad value); a row whose DRAM address and CB address sit at different offsets within the DRAM alignment is read
aligned-down into the c_1 staging buffer and copied into place (tt_memmove).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/tilize_with_val_padding/device/kernels/dataflow/
reader_unary_pad_multicore_both_dims.cpp, including its unsigned arithmetic: a sub-block starting past the input
row's width gets no pad fill (the row's size minus the start wraps) and reads what lies past the row.
Compile-time args: total_num_rows, third_dim, tile_height, element_size, unpadded_X_size, dram_alignment, the
source's TensorAccessorArgs, then (tensix) the source's page size. Runtime args: src_addr, pad_value, width_size,
start_row_id, start_column_id, single_block_size_row_arg, single_block_size_col_arg, sub_block_width_size,
single_sub_block_size_row_arg."""

from tensix.device.errors import KernelError
from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import fill_bytes_with_val, tt_memmove

_U32 = 0xFFFFFFFF


def kernel_main():
    total_rows, third_dim, tile_h, es, unpadded_x, dram_al = (get_compile_time_arg_val(i) for i in range(6))
    args = TensorAccessorArgs(6)
    s = TensorAccessor(args, get_arg_val(0), get_compile_time_arg_val(args.next_compile_time_args_offset()))
    pad_value = get_arg_val(1)
    width_size = get_arg_val(2)
    off_mask = dram_al - 1
    cb0, cb1 = 0, 1
    cb_reserve_back(cb1, 1)
    temp = (get_write_ptr(cb1) + dram_al - 1) & ~(dram_al - 1)
    cb_push_back(cb1, 1)

    def read_block(num_rows, start_row, start_col, wsize, size_2d, block_tiles):
        padding_rows = 0 if num_rows == 32 else 32 - num_rows
        has_rows = (num_rows + padding_rows) > 0
        cb_reserve_back(cb0, block_tiles * has_rows)
        l1 = get_write_ptr(cb0)
        this_block = (unpadded_x - start_col) & _U32
        for k in range(start_row, start_row + num_rows):
            src = get_noc_addr(size_2d + k, s)
            if ((src + start_col) & off_mask) == (l1 & off_mask):
                noc_async_read(get_noc_addr(size_2d + k, s, start_col), l1, wsize)
                noc_async_read_barrier()
                if this_block < wsize:
                    fill_bytes_with_val(l1 + this_block, wsize - this_block, pad_value, es)
            else:
                shift = (src + start_col) & off_mask
                noc_async_read((src + start_col) - shift, temp, wsize + dram_al)
                noc_async_read_barrier()
                if this_block < wsize:
                    fill_bytes_with_val(temp + shift + this_block, wsize - this_block, pad_value, es)
                tt_memmove(l1, temp + shift, wsize, use_read_datamover=True)
            l1 += wsize
        for _ in range(padding_rows):
            fill_bytes_with_val(l1, wsize, pad_value, es)
            l1 += wsize
        cb_push_back(cb0, block_tiles * has_rows)

    size_2d = 0
    for _ in range(third_dim):
        start_row = get_arg_val(3)
        start_col = get_arg_val(4)
        col_arg = get_arg_val(6)
        sub_width = get_arg_val(7)
        sub_tiles = get_arg_val(8)
        for _b in range(col_arg):
            n = tile_h if start_row + tile_h <= total_rows else (total_rows - start_row) & _U32
            if n > tile_h:
                raise KernelError(f"reader_unary_pad_multicore_both_dims: start row {start_row} is past the "
                                  f"{total_rows} rows; the C++ would read {n} rows (unsigned wrap).")
            if n > 0:
                for m in range(0, width_size, sub_width):
                    read_block(n, start_row, start_col + m, sub_width, size_2d, sub_tiles)
            start_row += tile_h
        size_2d += total_rows
