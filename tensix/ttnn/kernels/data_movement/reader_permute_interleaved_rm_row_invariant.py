"""Reader of ttnn.permute for row-major tensors whose last dim stays last (PermuteDeviceOperation::
MultiCoreRowInvariant): rows start_row .. end_row - 1 of the input into c_0, one page (the aligned row) at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/dataflow/
reader_permute_interleaved_rm_row_invariant.cpp: each row through noc_async_read_sharded (one read when interleaved
or HEIGHT sharded, split over the shards of a BLOCK / WIDTH sharded input). Compile-time args: the source's
TensorAccessorArgs, then tt-metal's named args N, page_size, num_rows, then (tensix) the source buffer's aligned
page size (tt-metal's accessor takes it from its args). Runtime args: src_addr, start_row, end_row."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_read_sharded


def kernel_main():
    src_addr = get_arg_val(0)
    start_row = get_arg_val(1)
    end_row = get_arg_val(2)
    args = TensorAccessorArgs(0)
    o = args.next_compile_time_args_offset()
    page_size = get_compile_time_arg_val(o + 1)
    s = TensorAccessor(args, src_addr, get_compile_time_arg_val(o + 3))
    for row in range(start_row, end_row):
        cb_reserve_back(0, 1)
        noc_async_read_sharded(get_write_ptr(0), s, row, 0, page_size)
        noc_async_read_barrier()
        cb_push_back(0, 1)
