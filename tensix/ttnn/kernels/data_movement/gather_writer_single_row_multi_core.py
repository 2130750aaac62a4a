"""Writer of ttnn.gather's single-row multi-core program: for each row and each of this core's index tiles, the
row's Wt_input input tiles are read into c_0 one at a time (for the reader), then the output tile written from c_2.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/gather/device/kernels/dataflow/
gather_writer_single_row_multi_core.cpp. Compile-time args: input cb, output cb, input_is_dram, output_is_dram, Ht,
Wt_input, Wt_index, total_number_of_cores, grid x, grid y, the input's and the output's TensorAccessorArgs. Runtime
args: input addr, output addr, core_loop_count, core_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    in_addr, out_addr, loops, core_id = (get_arg_val(i) for i in range(4))
    in_cb, out_cb = get_compile_time_arg_val(0), get_compile_time_arg_val(1)
    ht, wt_in, wt_idx, n_cores = (get_compile_time_arg_val(i) for i in (4, 5, 6, 7))
    in_args = TensorAccessorArgs(10)
    out_args = TensorAccessorArgs(in_args.next_compile_time_args_offset())
    src = TensorAccessor(in_args, in_addr, get_tile_size(in_cb))
    dst = TensorAccessor(out_args, out_addr, get_tile_size(out_cb))
    for h in range(ht):
        for loop in range(loops):
            tile = core_id + loop * n_cores
            if tile >= wt_idx:
                break
            for w in range(wt_in):
                cb_reserve_back(in_cb, 1)
                noc_async_read_tile(h * wt_in + w, src, get_write_ptr(in_cb))
                noc_async_read_barrier()
                cb_push_back(in_cb, 1)
            cb_wait_front(out_cb, 1)
            noc_async_write_tile(h * wt_idx + tile, dst, get_read_ptr(out_cb))
            noc_async_write_barrier()
            cb_pop_front(out_cb, 1)
