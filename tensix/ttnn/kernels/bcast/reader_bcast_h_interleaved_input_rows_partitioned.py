"""Reader of bcast H (BcastMultiCoreHProgramFactory): for each of the NC batches, this core's Ht rows of a's tiles
(from start_id within the batch), each a tile paired with b's tile of the same column; b's tile index wraps back
by Wt after every row (b has one tile row), and moves on to the next batch's row unless b has one batch (nc1).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/bcast/device/kernels/dataflow/
reader_bcast_h_interleaved_input_rows_partitioned.cpp. Compile-time args: a's TensorAccessorArgs, then b's.
Runtime args (15, of which the kernel reads 0, 4, 8-14): src0_addr, -, -, num_tiles, src1_addr, -, -, -, NCHtWt,
NC, Ht, Wt, nc1, start_id, HtWt."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src0_addr = get_arg_val(0)
    src1_addr = get_arg_val(4)
    NC = get_arg_val(9)
    Ht = get_arg_val(10)
    Wt = get_arg_val(11)
    nc1 = get_arg_val(12)
    start_id = get_arg_val(13)
    HtWt = get_arg_val(14)
    cb_in0, cb_in1 = 0, 1
    args0 = TensorAccessorArgs(0)
    args1 = TensorAccessorArgs(args0.next_compile_time_args_offset())
    tile_bytes_0 = get_tile_size(cb_in0)
    tile_bytes_1 = get_tile_size(cb_in1)
    s0 = TensorAccessor(args0, src0_addr, tile_bytes_0)
    s1 = TensorAccessor(args1, src1_addr, tile_bytes_1)
    i1 = 0
    i_nc = 0
    for _nc in range(NC):
        i = i_nc + start_id
        for _ht in range(Ht):
            for _wt in range(Wt):
                cb_reserve_back(cb_in0, 1)
                noc_async_read_tile(i, s0, get_write_ptr(cb_in0))
                noc_async_read_barrier()
                cb_push_back(cb_in0, 1)

                cb_reserve_back(cb_in1, 1)
                noc_async_read_tile(i1, s1, get_write_ptr(cb_in1))
                noc_async_read_barrier()
                cb_push_back(cb_in1, 1)
                i1 += 1
                i += 1
            i1 -= Wt                 # the same b row for every row of a
        if nc1 == 0:
            i1 += Wt                 # b has a row per batch: the next one
        i_nc += HtWt
