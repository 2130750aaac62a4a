"""Writer of ttnn.permute for row-major tensors whose last dim stays last (MultiCoreRowInvariant): each row of c_0
goes to the output row its permuted index gives (row -> input multi-index -> permuted -> output row).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/dataflow/
writer_permute_interleaved_rm_row_invariant.cpp: each row through noc_async_write_sharded (split over the shards of
a BLOCK / WIDTH sharded output). Compile-time args: the output's TensorAccessorArgs, then the named args N,
page_size, num_rows, then (tensix) the output buffer's aligned page size. Runtime args: dst_addr, start_row,
end_row, input_shape[N], perm[N], dest_strides[N]."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_write_sharded


def kernel_main():
    dst_addr = get_arg_val(0)
    start_row = get_arg_val(1)
    end_row = get_arg_val(2)
    args = TensorAccessorArgs(0)
    o = args.next_compile_time_args_offset()
    N = get_compile_time_arg_val(o)
    page_size = get_compile_time_arg_val(o + 1)
    s = TensorAccessor(args, dst_addr, get_compile_time_arg_val(o + 3))
    shape = [get_arg_val(3 + i) for i in range(N)]
    perm = [get_arg_val(3 + N + i) for i in range(N)]
    strides = [get_arg_val(3 + 2 * N + i) for i in range(N)]
    for row in range(start_row, end_row):
        src = [0] * N
        rem = row
        for d in range(N - 2, -1, -1):
            rem, src[d] = divmod(rem, shape[d])
        dest = 0
        for i in range(N - 1):
            dest += src[perm[i]] * strides[i]
        cb_wait_front(0, 1)
        noc_async_write_sharded(get_read_ptr(0), s, dest, 0, page_size)
        noc_async_write_barrier()
        cb_pop_front(0, 1)
