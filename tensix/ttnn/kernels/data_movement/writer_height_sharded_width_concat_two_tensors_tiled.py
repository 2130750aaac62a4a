"""Writer of ConcatS2STiledProgramFactory: for each tile row, the compute kernel's output tiles (transposed back from
the concat CB, in the output's format) are copied in the core's L1 into the output's shard (CB output_cb, placed in
the output buffer), row after row.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/concat/device/kernels/dataflow/
writer_height_sharded_width_concat_two_tensors_tiled.cpp. Compile-time args: as the reader's (input0_cb, input1_cb,
input0_transpose_cb, input1_transpose_cb, concat_cb, output_transpose_cb, output_cb, input0 tiles (height, width),
input1 tiles (height, width), tile_size, groups, batch size)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    out_t_cb = get_compile_time_arg_val(5)
    out_cb = get_compile_time_arg_val(6)
    in0_ht, in0_wt = get_compile_time_arg_val(7), get_compile_time_arg_val(8)
    in1_wt = get_compile_time_arg_val(10)
    tile_size = get_compile_time_arg_val(11)
    out_wt = in0_wt + in1_wt
    row_bytes = tile_size * out_wt

    dst = get_write_ptr(out_cb)
    for _ in range(in0_ht):
        cb_reserve_back(out_cb, out_wt)
        cb_wait_front(out_t_cb, out_wt)
        noc_async_read(get_noc_addr(my_x[0], my_y[0], get_read_ptr(out_t_cb)), dst, row_bytes)
        dst += row_bytes
        noc_async_read_barrier()
        cb_pop_front(out_t_cb, out_wt)
        cb_push_back(out_cb, out_wt)
