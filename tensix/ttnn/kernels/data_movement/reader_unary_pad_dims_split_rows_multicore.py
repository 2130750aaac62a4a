"""Reader of ttnn.tilize_with_val_padding (multi-core default factory): for each block representation (n_data full
tile-rows, a mixed tile-row of n_mixed data rows, n_pads padding tile-rows, repeated `times`), the data rows into
c_0 with the padding columns and rows filled with the pad value; pure padding blocks filled whole.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/tilize_with_val_padding/device/kernels/dataflow/
reader_unary_pad_dims_split_rows_multicore.cpp (fill_with_val: the pad value written by the RISC-V in 4-byte words,
two packed 16-bit values for 2-byte dtypes). Compile-time args: tile_row_shift_bits, unpadded_X_size, elem_size,
num_pages_in_row, page_size, aligned_page_size, size_of_valid_data_in_last_page_in_row, then the source's
TensorAccessorArgs. Runtime args: src_addr, padded_X_size, pad_value, start_page_id, n_block_reps, then 5 words per
block representation (n_data, n_mixed, n_pads, times, repeat_count).
The RISC-V's stores of the pad value are not charged (tensix/costs.json has no per-store figure)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import block_reps


def fill_with_val(elem_size, start_addr, n_bytes, val):
    if n_bytes <= 0:
        return
    if elem_size == 2:
        l1_ptr(start_addr, np.uint16, n_bytes // 2)[:] = val & 0xFFFF
    else:
        l1_ptr(start_addr, np.uint32, n_bytes // 4)[:] = val


def kernel_main():
    cb_id_in0 = 0
    tile_height = 32
    tile_row_shift_bits = get_compile_time_arg_val(0)
    unpadded_X_size = get_compile_time_arg_val(1)
    elem_size = get_compile_time_arg_val(2)
    num_pages_in_row = get_compile_time_arg_val(3)
    page_size = get_compile_time_arg_val(4)
    aligned_page_size = get_compile_time_arg_val(5)
    last_size = get_compile_time_arg_val(6)
    src_addr = get_arg_val(0)
    padded_X_size = get_arg_val(1)
    pad_value = get_arg_val(2)
    start_page_id = get_arg_val(3)
    n_block_reps = get_arg_val(4)
    num_tiles_per_row = padded_X_size >> tile_row_shift_bits
    s = TensorAccessor(TensorAccessorArgs(7), src_addr, aligned_page_size)

    def pad_blocks(num_blocks):
        for _i in range(num_blocks):
            cb_reserve_back(cb_id_in0, num_tiles_per_row)
            fill_with_val(elem_size, get_write_ptr(cb_id_in0), padded_X_size << 5, pad_value)
            cb_push_back(cb_id_in0, num_tiles_per_row)

    def read_block(base_page_id, num_rows):
        padding_rows = (tile_height - num_rows) & 31
        if num_rows + padding_rows == 0:        # reserve / push of 0 pages: nothing happens
            return
        cb_reserve_back(cb_id_in0, num_tiles_per_row)
        l1_write_addr = get_write_ptr(cb_id_in0)
        for k in range(num_rows):
            row_start = l1_write_addr
            for i in range(num_pages_in_row - 1):
                noc_async_read(get_noc_addr(base_page_id + k * num_pages_in_row + i, s), l1_write_addr, page_size)
                l1_write_addr += page_size
            noc_async_read(get_noc_addr(base_page_id + k * num_pages_in_row + num_pages_in_row - 1, s),
                           l1_write_addr, last_size)
            pad_cols = padded_X_size - unpadded_X_size
            fill_with_val(elem_size, row_start + unpadded_X_size, pad_cols, pad_value)
            l1_write_addr += last_size + pad_cols
        fill_with_val(elem_size, l1_write_addr, padding_rows * padded_X_size, pad_value)
        noc_async_read_barrier()
        cb_push_back(cb_id_in0, num_tiles_per_row)

    page_id = start_page_id
    for n_data, n_mixed, n_pads, times in block_reps(5, n_block_reps):
        for _t in range(times):
            for _y in range(n_data):
                read_block(page_id, tile_height)
                page_id += tile_height * num_pages_in_row
            read_block(page_id, n_mixed)
            page_id += n_mixed * num_pages_in_row
            pad_blocks(n_pads)
