"""Writer of ttnn.transpose(-2, -1) on row-major tensors (TransposeWHProgramFactory, row-major path): for each plane,
Wt groups of Ht tile-wide pages of c_16 (32 untilized output rows at a stride of Ht * 32 datums), of which the first
W_per_tile (W_per_tile_last in the last group) rows are written to consecutive output rows, each through
noc_async_write_sharded (split over the shards of a BLOCK / WIDTH sharded output).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
writer_unary_transpose_wh_interleaved_start_id_rm.cpp. Compile-time args: cb_out, Ht, H, Wt, W_per_tile,
W_per_tile_last, HtWt, H_size_bytes, l1_read_offset_bytes, the output's aligned page size, the output's
TensorAccessorArgs. Runtime args: dst_addr, start_id, num_hw_blocks_per_core."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_write_sharded


def kernel_main():
    dst_addr = get_arg_val(0)
    i_stick = get_arg_val(1)
    num_blocks = get_arg_val(2)
    cb = get_compile_time_arg_val(0)
    Ht = get_compile_time_arg_val(1)
    Wt = get_compile_time_arg_val(3)
    W_per_tile = get_compile_time_arg_val(4)
    W_per_tile_last = get_compile_time_arg_val(5)
    stick_size = get_compile_time_arg_val(7)
    row_stride = get_compile_time_arg_val(8)
    page_size = get_compile_time_arg_val(9)
    s = TensorAccessor(TensorAccessorArgs(10), dst_addr, page_size)
    for _n in range(num_blocks):
        for w in range(Wt):
            cb_wait_front(cb, Ht)
            l1 = get_read_ptr(cb)
            for _r in range(W_per_tile_last if w == Wt - 1 else W_per_tile):
                noc_async_write_sharded(l1, s, i_stick, 0, stick_size)
                l1 += row_stride
                i_stick += 1
            noc_async_write_barrier()
            cb_pop_front(cb, Ht)
