"""Reader of ttnn.argmax's single-core program for a TILE input reduced along H (rank - 2): per outer index and column
of tiles, every tile of the column is read (c_0) and the running (max, index along H) of its 32 columns updated over
the tile's logical rows; the logical columns' indices go out as ROW_MAJOR uint32 pages of logical_width values.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/argmax/device/kernels/reader_argmax_tile_layout_h.cpp with
argmax_tile_h_col.hpp (process_loaded_tile_all_h_columns) and argmax_tile_layout.hpp (get_face_data_range,
collect_row_major_output<false>, write_to_output). The element scan is argmax_lib's over the tile column's logical
rows, charged per element.
Compile-time args: src_cb, dst_cb, src_page_size, dst_page_size, tile_height, tile_width, input_height and input_width
(tiles), logical_height, logical_width, outer_dim_size, then the input's and the output's TensorAccessorArgs. Runtime
args: src_addr, dst_addr."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.argmax.argmax_lib import (CYCLES_PER_ELEMENT, default_key, order_key, tile_rows_cols,
                                                    word_dtype, write_pages)


def kernel_main():
    src_cb, dst_cb, src_page_size = (get_compile_time_arg_val(i) for i in range(3))
    tile_h, tile_w = get_compile_time_arg_val(4), get_compile_time_arg_val(5)
    Ht, Wt = get_compile_time_arg_val(6), get_compile_time_arg_val(7)
    logical_h, logical_w = get_compile_time_arg_val(8), get_compile_time_arg_val(9)
    outer = get_compile_time_arg_val(10)
    src_args = TensorAccessorArgs(11)
    dst_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    s_src = TensorAccessor(src_args, get_arg_val(0), src_page_size)
    s_dst = TensorAccessor(dst_args, get_arg_val(1), logical_w * 4)
    fmt = get_dataformat(src_cb)
    wdt = word_dtype(fmt)
    dkey = default_key(fmt)
    src_addr, dst_addr = get_write_ptr(src_cb), get_write_ptr(dst_cb)
    h_rem, w_rem = logical_h % tile_h, logical_w % tile_w
    n_words = tile_h * tile_w

    def write(src, dst, size):
        noc_async_write(src, dst, size)
        noc_async_write_barrier()

    page = 0
    collected = 0
    for o in range(outer):
        for wt in range(Wt):
            cols = tile_w if (w_rem == 0 or wt < Wt - 1) else w_rem
            best_key = np.full(cols, dkey, np.int64)
            arg = np.zeros(cols, np.int64)
            for ht in range(Ht):
                noc_async_read(s_src.get_noc_addr(o * Ht * Wt + ht * Wt + wt), src_addr, src_page_size)
                noc_async_read_barrier()
                rows = tile_h if (h_rem == 0 or ht < Ht - 1) else h_rem
                keys = order_key(tile_rows_cols(l1_ptr(src_addr, wdt, n_words), tile_h, tile_w), fmt)[:rows, :cols]
                riscv_wait(CYCLES_PER_ELEMENT * rows * cols)
                pos = np.argmax(keys, axis=0)
                k = keys[pos, np.arange(cols)]
                better = k > best_key
                best_key = np.where(better, k, best_key)
                arg = np.where(better, ht * tile_h + pos, arg)
            l1_ptr(dst_addr + 4 * collected, np.uint32, cols)[:] = arg
            collected += cols
            if collected >= logical_w:
                page = write_pages(write, s_dst, page, collected, logical_w, dst_addr)
                collected = 0
