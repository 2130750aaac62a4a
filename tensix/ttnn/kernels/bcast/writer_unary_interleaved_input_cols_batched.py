"""Writer of bcast H and W: c_16's tiles to the output, for each of the NC batches this core's Ht x Wt block
(from Wt_read within the batch, skipping Wt_skip tiles at the end of each row: the other cores' columns), each
write waited for before its pop.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/bcast/device/kernels/dataflow/
writer_unary_interleaved_input_cols_batched.cpp. Compile-time args: the output's TensorAccessorArgs. Runtime args
(9, of which the kernel reads 0, 3-8): dst_addr, -, -, Ht, Wt, Wt_read, Wt_skip, NC, HtWt."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    Ht = get_arg_val(3)
    Wt = get_arg_val(4)
    Wt_read = get_arg_val(5)
    Wt_skip = get_arg_val(6)
    NC = get_arg_val(7)
    HtWt = get_arg_val(8)
    cb_out = 16
    s = TensorAccessor(TensorAccessorArgs(0), dst_addr, get_tile_size(cb_out))
    i_nc = 0
    for _nc in range(NC):
        tile_id = i_nc + Wt_read
        for _i in range(Ht):
            for _j in range(Wt):
                cb_wait_front(cb_out, 1)
                noc_async_write_tile(tile_id, s, get_read_ptr(cb_out))
                noc_async_write_barrier()
                cb_pop_front(cb_out, 1)
                tile_id += 1
            tile_id += Wt_skip
        i_nc += HtWt
