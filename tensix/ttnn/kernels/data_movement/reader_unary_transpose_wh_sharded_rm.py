"""Reader of ttnn.transpose(-2, -1) on natively sharded row-major tensors (TransposeWHShardedRMProgramFactory): the
core's own input shard (c_0, on the input buffer) read row after row over the NoC into c_24 in groups of up to 32
rows, Wt tile-wide pages per group (rows at a stride of Wt * 32 datums, ready for tilize), Ht groups per H x W plane.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
reader_unary_transpose_wh_sharded_rm.cpp (its set_async_read_state / async_read_with_state pair on this core's
own NoC coordinates is a plain NoC read of this core's L1 here). Compile-time args: num_hw_blocks_per_core, Ht,
H_per_tile, H_per_tile_last, Wt, W_size_bytes, l1_write_offset_bytes."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_blocks = get_compile_time_arg_val(0)
    Ht = get_compile_time_arg_val(1)
    H_per_tile = get_compile_time_arg_val(2)
    H_per_tile_last = get_compile_time_arg_val(3)
    Wt = get_compile_time_arg_val(4)
    stick = get_compile_time_arg_val(5)
    row_stride = get_compile_time_arg_val(6)
    cb_src, cb_dst = CBIndex.c_0, CBIndex.c_24
    src = get_read_ptr(cb_src)
    for _n in range(num_blocks):
        for h in range(Ht):
            cb_reserve_back(cb_dst, Wt)
            l1 = get_write_ptr(cb_dst)
            for _r in range(H_per_tile_last if h == Ht - 1 else H_per_tile):
                noc_async_read(get_noc_addr(src), l1, stick)
                l1 += row_stride
                src += stick
            noc_async_read_barrier()
            cb_push_back(cb_dst, Wt)
