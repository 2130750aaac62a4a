"""Reader of ttnn.permute for row-major tensors whose last dim W moves (MultiCoreBlockedGeneric): for each block
(a 32 x 32 piece: 32 consecutive indices of the dim X that becomes last, 32 elements of W), the up to 32 input row
pieces into c_0, one 32-element page per X index.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/dataflow/
reader_permute_interleaved_rm_blocked_generic.cpp (each row piece through noc_async_read_sharded, split over the
shards of a BLOCK / WIDTH sharded input). Compile-time args: the source's TensorAccessorArgs, then the named
args N, page_size, num_rows, x_dim, num_blocks_total, x_blocks, w_blocks, x_block_size, w_block_size, element_size,
input_tensor_page_size (the source buffer's aligned page size, also tensix's page size for the accessor). Runtime
args: src_addr, start_block, end_block, input_shape[N], src_strides[N]."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.sharded_rows import noc_async_read_sharded


def kernel_main():
    src_addr = get_arg_val(0)
    start_block = get_arg_val(1)
    end_block = get_arg_val(2)
    args = TensorAccessorArgs(0)
    o = args.next_compile_time_args_offset()
    (N, page, num_rows, x_dim, _total, x_blocks, w_blocks, xbs, wbs, es, tpage) = (
        get_compile_time_arg_val(o + i) for i in range(11))
    shape = [get_arg_val(3 + i) for i in range(N)]
    strides = [get_arg_val(3 + N + i) for i in range(N)]
    X = shape[x_dim]
    X_stride = strides[x_dim]
    s = TensorAccessor(args, src_addr, tpage)
    non_x_rows = num_rows // X
    for block in range(start_block, end_block):
        rem, w_block = divmod(block, w_blocks)
        rem, x_block = divmod(rem, x_blocks)
        r = rem % non_x_rows
        x_start = x_block * xbs
        x_end = min(x_start + xbs, X)
        w_start = w_block * wbs
        w_end = min(w_start + wbs, shape[N - 1])
        base = 0
        for d in range(N - 2, -1, -1):
            if d == x_dim:
                continue
            r, idx = divmod(r, shape[d])
            base += idx * strides[d]
        cb_reserve_back(0, xbs)
        l1 = get_write_ptr(0)
        nbytes = (w_end - w_start) * es
        off = w_start * es
        for x in range(x_start, x_end):
            noc_async_read_sharded(l1, s, base + x * X_stride, off, nbytes)
            l1 += page
        noc_async_read_barrier()
        cb_push_back(0, xbs)
