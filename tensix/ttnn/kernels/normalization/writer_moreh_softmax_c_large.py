"""Writer of ttnn's softmax over the first two dims of the 4D view (SoftmaxProgramFactoryGeneralCLarge): for each of
this core's tiles, its dim_size result tiles from c_16, one at a time, to pages outer * outer_stride + inner + d *
inner_size.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/writer_moreh_softmax_c_large.cpp.
Compile-time args: the output's TensorAccessorArgs. Runtime args: dst_addr, num_tiles, tile_offset, outer_stride,
inner_size, dim_size."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    tile_offset = get_arg_val(2)
    outer_stride = get_arg_val(3)
    inner_size = get_arg_val(4)
    dim_size = get_arg_val(5)
    cb_out = CBIndex.c_16
    tile_bytes = get_tile_size(cb_out)
    dst = TensorAccessor(TensorAccessorArgs(0), dst_addr, tile_bytes)
    curr_tile = tile_offset
    for _i in range(num_tiles):
        tile_idx = curr_tile // inner_size * outer_stride + curr_tile % inner_size
        for _d in range(dim_size):
            cb_wait_front(cb_out, 1)
            noc_async_write_tile(tile_idx, dst, get_read_ptr(cb_out))
            noc_async_write_barrier()
            cb_pop_front(cb_out, 1)
            tile_idx += inner_size
        curr_tile += 1
