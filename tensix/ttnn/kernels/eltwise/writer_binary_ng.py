"""Writer of ttnn's binary_ng ops: c_2's tiles to the output, one at a time, from start_tile_id.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
writer_interleaved_no_bcast.cpp (interleaved output). Runtime args: dst_addr, start_tile_id, num_tiles."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst = get_arg_val(0)
    start = get_arg_val(1)
    n = get_arg_val(2)
    cb_out = CBIndex.c_2
    out = TensorAccessor(TensorAccessorArgs(0), dst, get_tile_size(cb_out))
    for t in range(start, start + n):
        cb_wait_front(cb_out, 1)
        noc_async_write_tile(t, out, get_read_ptr(cb_out))
        noc_async_write_barrier()
        cb_pop_front(cb_out, 1)
