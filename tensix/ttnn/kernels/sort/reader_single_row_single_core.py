"""Reader of ttnn.sort's single-row single-core program: reads the input and writes the sorted indices.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sort/device/kernels/dataflow/
reader_single_row_single_core.cpp. The core's rows of tiles are h = core_loop * total_number_of_cores + (y * grid_x +
x) of its logical coordinate. TILE: the row's Wt input tiles into c_0, then the Wt sorted index tiles of c_5 to the
index tensor. ROW_MAJOR: the 32 rows of the tile row (one page each) into c_7, then the 32 untilized index rows of c_9
to the index tensor.

Compile-time args: input CB, index output CB, Wt, Ht, total_number_of_cores, grid x, grid y, is_row_major, rm input
CB, rm index output CB, W_value_bytes, W_index_bytes, then the input's and the index's TensorAccessorArgs. Runtime
args: input address, index address, core_loop_count."""

from tensix.kernel import *  # noqa: F401,F403

TILE_H = 32


def kernel_main():
    in_addr, idx_addr, core_loop_count = (get_arg_val(i) for i in range(3))
    (input_cb, index_out_cb, Wt, _Ht, total_cores, grid_x, _grid_y, is_row_major, rm_input_cb, rm_index_out_cb,
     w_value_bytes, w_index_bytes) = (get_compile_time_arg_val(i) for i in range(12))
    in_args = TensorAccessorArgs(12)
    idx_args = TensorAccessorArgs(in_args.next_compile_time_args_offset())
    core = get_absolute_logical_y() * grid_x + get_absolute_logical_x()
    if not is_row_major:
        src = TensorAccessor(in_args, in_addr, get_tile_size(input_cb))
        dst = TensorAccessor(idx_args, idx_addr, get_tile_size(index_out_cb))
        for core_loop in range(core_loop_count):
            h = core_loop * total_cores + core
            for w in range(Wt):
                cb_reserve_back(input_cb, 1)
                noc_async_read_tile(h * Wt + w, src, get_write_ptr(input_cb))
                noc_async_read_barrier()
                cb_push_back(input_cb, 1)
            for w in range(Wt):
                cb_wait_front(index_out_cb, 1)
                noc_async_write_tile(h * Wt + w, dst, get_read_ptr(index_out_cb))
                noc_async_write_barrier()
                cb_pop_front(index_out_cb, 1)
        return
    src = TensorAccessor(in_args, in_addr, w_value_bytes)
    dst = TensorAccessor(idx_args, idx_addr, w_index_bytes)
    for core_loop in range(core_loop_count):
        row_base = (core_loop * total_cores + core) * TILE_H
        for row in range(TILE_H):
            cb_reserve_back(rm_input_cb, 1)
            noc_async_read(get_noc_addr(row_base + row, src), get_write_ptr(rm_input_cb), w_value_bytes)
            noc_async_read_barrier()
            cb_push_back(rm_input_cb, 1)
        for row in range(TILE_H):
            cb_wait_front(rm_index_out_cb, 1)
            noc_async_write(get_read_ptr(rm_index_out_cb), get_noc_addr(row_base + row, dst), w_index_bytes)
            noc_async_write_barrier()
            cb_pop_front(rm_index_out_cb, 1)
