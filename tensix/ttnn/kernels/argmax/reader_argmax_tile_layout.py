"""Reader of ttnn.argmax's single-core program for a TILE input reduced along W (the last dim): per outer index and
row of tiles, every tile of the row is read (c_0) and its logical rows scanned for the running (max, index) of each of
the 32 rows; the row of tiles' logical rows then go out as ROW_MAJOR uint32 pages (one value a page with keepdim, the
logical height's values a page without).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/argmax/device/kernels/reader_argmax_tile_layout.cpp with
argmax_tile_layout.hpp (process_input_tile over the faces' logical part, get_face_data_range; collect_row_major_output,
write_to_output). The padding of the last tiles (rows and columns beyond the logical shape) is never read as data.
The element scan is argmax_lib.scan over the tile row's logical columns, charged per element.
Compile-time args: src_cb, dst_cb, src_page_size, dst_page_size, tile_height, tile_width, input_height and
input_width (tiles), logical_height, logical_width, outer_dim_size, reduce_all, keepdim, then the input's and the
output's TensorAccessorArgs. Runtime args: src_addr, dst_addr."""

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
    keepdim = bool(get_compile_time_arg_val(12))
    src_args = TensorAccessorArgs(13)
    dst_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    page_elements = 1 if keepdim else logical_h
    s_src = TensorAccessor(src_args, get_arg_val(0), src_page_size)
    s_dst = TensorAccessor(dst_args, get_arg_val(1), page_elements * 4)
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
    collected = 0       # keepdim=False: values in c_1 so far (write_to_output when a page is full)
    for o in range(outer):
        for i in range(Ht):
            rows = tile_h if (h_rem == 0 or i < Ht - 1) else h_rem
            best_key = np.full(rows, dkey, np.int64)
            arg = np.zeros(rows, np.int64)
            for j in range(Wt):
                noc_async_read(s_src.get_noc_addr(o * Ht * Wt + i * Wt + j), src_addr, src_page_size)
                noc_async_read_barrier()
                cols = tile_w if (w_rem == 0 or j < Wt - 1) else w_rem
                keys = order_key(tile_rows_cols(l1_ptr(src_addr, wdt, n_words), tile_h, tile_w), fmt)[:rows, :cols]
                riscv_wait(CYCLES_PER_ELEMENT * rows * cols)
                pos = np.argmax(keys, axis=1)
                k = keys[np.arange(rows), pos]
                better = k > best_key        # the tiles come in column order: a later equal never replaces
                best_key = np.where(better, k, best_key)
                arg = np.where(better, j * tile_w + pos, arg)
            if keepdim:     # collected on the stack, then one page per value, each copied to c_1's start
                out = l1_ptr(dst_addr, np.uint32, 1)
                for v in arg:
                    out[0] = v
                    write(dst_addr, s_dst.get_noc_addr(page), 4)
                    page += 1
            else:
                l1_ptr(dst_addr + 4 * collected, np.uint32, rows)[:] = arg
                collected += rows
                if collected >= page_elements:
                    page = write_pages(write, s_dst, page, collected, page_elements, dst_addr)
                    collected = 0
