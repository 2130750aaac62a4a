"""Writer of ttnn.sort's single-row single-core program: generates the index tiles and writes the sorted values.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sort/device/kernels/dataflow/
writer_single_row_single_core.cpp (generate_index_tile of sort_dataflow_common.hpp is topk's, shared from
tensix.ttnn.kernels.topk.topk_dataflow_lib). Per row of tiles h (as the reader's): Wt index tiles (uint32 when the
kernel runs with 32-bit Dst, else uint16) into c_1, then TILE: the Wt sorted value tiles of c_4 to the values tensor;
ROW_MAJOR: the 32 untilized value rows of c_8.

Compile-time args: value CB, index CB, Wt, Ht, total_number_of_cores, grid x, grid y, is_32_bit_data, is_row_major,
rm value output CB, W_value_bytes, then the values' TensorAccessorArgs. Runtime args: value address,
core_loop_count."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.topk.topk_dataflow_lib import generate_index_tile

TILE_H = 32


def kernel_main():
    val_addr, core_loop_count = get_arg_val(0), get_arg_val(1)
    (value_cb, index_cb, Wt, _Ht, total_cores, grid_x, _grid_y, is_32_bit, is_row_major, rm_value_out_cb,
     w_value_bytes) = (get_compile_time_arg_val(i) for i in range(11))
    idx_dtype = np.uint32 if is_32_bit else np.uint16
    core = get_absolute_logical_y() * grid_x + get_absolute_logical_x()
    page = w_value_bytes if is_row_major else get_tile_size(value_cb)
    dst = TensorAccessor(TensorAccessorArgs(11), val_addr, page)
    for core_loop in range(core_loop_count):
        h = core_loop * total_cores + core
        for w in range(Wt):
            generate_index_tile(index_cb, w, idx_dtype)
        if not is_row_major:
            for w in range(Wt):
                cb_wait_front(value_cb, 1)
                noc_async_write_tile(h * Wt + w, dst, get_read_ptr(value_cb))
                noc_async_write_barrier()
                cb_pop_front(value_cb, 1)
            continue
        for row in range(TILE_H):
            cb_wait_front(rm_value_out_cb, 1)
            noc_async_write(get_read_ptr(rm_value_out_cb), get_noc_addr(h * TILE_H + row, dst), w_value_bytes)
            noc_async_write_barrier()
            cb_pop_front(rm_value_out_cb, 1)
