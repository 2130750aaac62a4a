"""Reader of ttnn.transpose(-2, -1) on row-major tensors (TransposeWHProgramFactory, row-major path): for each H x W
plane, Ht groups of up to 32 rows into c_0 (Wt tile-wide pages per group, rows at a stride of Wt * 32 datums, ready
for tilize), each row through noc_async_read_sharded (split over the shards of a BLOCK / WIDTH sharded input).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
reader_unary_transpose_wh_interleaved_start_id_rm.cpp. Compile-time args: Ht, H_per_tile, H_per_tile_last, Wt, W,
HtWt, W_size_bytes, l1_write_offset_bytes, the input's aligned page size, the input's TensorAccessorArgs. Runtime
args: src_addr, start_id, num_hw_blocks_per_core."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_read_sharded


def kernel_main():
    src_addr = get_arg_val(0)
    i_stick = get_arg_val(1)
    num_blocks = get_arg_val(2)
    Ht = get_compile_time_arg_val(0)
    H_per_tile = get_compile_time_arg_val(1)
    H_per_tile_last = get_compile_time_arg_val(2)
    Wt = get_compile_time_arg_val(3)
    stick_size = get_compile_time_arg_val(6)
    row_stride = get_compile_time_arg_val(7)
    page_size = get_compile_time_arg_val(8)
    s = TensorAccessor(TensorAccessorArgs(9), src_addr, page_size)
    cb = CBIndex.c_0
    for _n in range(num_blocks):
        for h in range(Ht):
            cb_reserve_back(cb, Wt)
            l1 = get_write_ptr(cb)
            for _r in range(H_per_tile_last if h == Ht - 1 else H_per_tile):
                noc_async_read_sharded(l1, s, i_stick, 0, stick_size)
                l1 += row_stride
                i_stick += 1
            noc_async_read_barrier()
            cb_push_back(cb, Wt)
