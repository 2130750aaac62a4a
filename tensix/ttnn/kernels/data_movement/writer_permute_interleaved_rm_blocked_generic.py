"""Writer of ttnn.permute for row-major tensors whose last dim W moves (MultiCoreBlockedGeneric): each transposed
block of c_2 (32 pages: one per W index, holding up to 32 consecutive X values) written piece by piece to the
output rows of its permuted indices.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/dataflow/
writer_permute_interleaved_rm_blocked_generic.cpp (each piece through noc_async_write_sharded, split over the
shards of a BLOCK / WIDTH sharded output). Compile-time args: the output's TensorAccessorArgs, then the
named args N, output_page_size, num_rows, X, X_stride, x_dim, W_stride, input_page_size, element_size,
num_blocks_total, x_blocks, w_blocks, x_block_size, w_block_size, W, output_tensor_page_size (also tensix's page size
for the accessor). Runtime args: dst_addr, start_block, end_block, input_shape[N], perm[N], dest_strides[N]."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_write_sharded


def kernel_main():
    dst_addr = get_arg_val(0)
    start_block = get_arg_val(1)
    end_block = get_arg_val(2)
    args = TensorAccessorArgs(0)
    o = args.next_compile_time_args_offset()
    (N, out_page, num_rows, X, _xs, x_dim, _ws, _ip, es, _total, x_blocks, w_blocks, xbs, wbs, W, tpage) = (
        get_compile_time_arg_val(o + i) for i in range(16))
    shape = [get_arg_val(3 + i) for i in range(N)]
    perm = [get_arg_val(3 + N + i) for i in range(N)]
    strides = [get_arg_val(3 + 2 * N + i) for i in range(N)]
    w_dim = N - 1
    shape[x_dim], shape[w_dim] = shape[w_dim], shape[x_dim]
    perm = [w_dim if p == x_dim else (x_dim if p == w_dim else p) for p in perm]
    x_in_dest = perm.index(x_dim) if x_dim in perm else N
    s = TensorAccessor(args, dst_addr, tpage)
    non_x_rows = num_rows // X
    src = [0] * N
    dest = [0] * N
    cb = 2
    for block in range(start_block, end_block):
        rem, w_block = divmod(block, w_blocks)
        rem, x_block = divmod(rem, x_blocks)
        r = rem % non_x_rows
        x_start = x_block * xbs
        x_end = min(x_start + xbs, X)
        w_start = w_block * wbs
        w_end = min(w_start + wbs, W)
        nbytes = (x_end - x_start) * es
        x_off = x_start * es
        for d in range(N - 2, -1, -1):
            if d == x_dim:
                continue
            r, src[d] = divmod(r, shape[d])
        base = 0
        for i in range(N):
            if perm[i] != x_dim:
                dest[i] = src[perm[i]]
                if i < w_dim:
                    base += dest[i] * strides[i]
        cb_wait_front(cb, wbs)
        rd = get_read_ptr(cb)
        xs = strides[x_in_dest] if x_in_dest < w_dim else 0
        for w in range(w_start, w_end):
            noc_async_write_sharded(rd + (w - w_start) * out_page, s, base + w * xs, x_off, nbytes)
        noc_async_write_barrier()
        cb_pop_front(cb, wbs)
