"""Writer of ttnn.transpose(-2, -1) on natively sharded row-major tensors (TransposeWHShardedRMProgramFactory): only
when Ht > 8 (tt-metal's "temporary fix until pack_untilize is fully fixed": the compute kernel then packs into c_27
instead of straight into the output shard) — for each tile column, the first W_per_tile (W_per_tile_last in the
last column) of the 32 untilized rows of c_27 copied over the NoC to the next rows of the core's own output shard
(c_16, on the output buffer). With Ht <= 8 it does nothing.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
writer_unary_transpose_wh_sharded_rm.cpp. Compile-time args: num_hw_blocks_per_core, Ht, Wt, W_per_tile,
W_per_tile_last, H_size_bytes, l1_read_offset_bytes."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_blocks = get_compile_time_arg_val(0)
    Ht = get_compile_time_arg_val(1)
    Wt = get_compile_time_arg_val(2)
    W_per_tile = get_compile_time_arg_val(3)
    W_per_tile_last = get_compile_time_arg_val(4)
    stick = get_compile_time_arg_val(5)
    row_stride = get_compile_time_arg_val(6)
    cb_src, cb_dst = CBIndex.c_27, CBIndex.c_16
    if Ht <= 8:
        return
    dst = get_write_ptr(cb_dst)
    for _n in range(num_blocks):
        for w in range(Wt):
            cb_wait_front(cb_src, Ht)
            l1 = get_read_ptr(cb_src)
            for _r in range(W_per_tile_last if w == Wt - 1 else W_per_tile):
                noc_async_write(l1, get_noc_addr(dst), stick)
                l1 += row_stride
                dst += stick
            noc_async_writes_flushed()
            cb_pop_front(cb_src, Ht)
    noc_async_write_barrier()
