"""Writer of ttnn's softmax over the last dim of a rank > 4 tensor whose row does not fit in L1
(SoftmaxProgramFactoryGeneralWLarge): for each of this core's N tile rows its Wt result tiles from c_16, one at a
time, to consecutive output pages from tile_offset.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/writer_moreh_softmax_w_large.cpp.
Compile-time args: the output's TensorAccessorArgs. Runtime args: dst_addr, N, tile_offset, Wt."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    N = get_arg_val(1)
    tile_offset = get_arg_val(2)
    Wt = get_arg_val(3)
    cb_out = CBIndex.c_16
    tile_bytes = get_tile_size(cb_out)
    dst = TensorAccessor(TensorAccessorArgs(0), dst_addr, tile_bytes)
    tile_id = tile_offset
    for _i in range(N):
        for _w in range(Wt):
            cb_wait_front(cb_out, 1)
            noc_async_write_tile(tile_id, dst, get_read_ptr(cb_out))
            noc_async_write_barrier()
            cb_pop_front(cb_out, 1)
            tile_id += 1
