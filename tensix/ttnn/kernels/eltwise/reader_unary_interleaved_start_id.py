"""Reader of ttnn.typecast: pages start_id .. start_id + num_pages - 1 of the input into CB 0.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/
reader_unary_interleaved_start_id.cpp. Runtime args: src_addr, num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr, num_pages, start = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    cb = 0
    src = TensorAccessor(TensorAccessorArgs(0), src_addr, get_tile_size(cb))
    for i in range(start, start + num_pages):
        cb_reserve_back(cb, 1)
        noc_async_read_tile(i, src, get_write_ptr(cb))
        noc_async_read_barrier()
        cb_push_back(cb, 1)
