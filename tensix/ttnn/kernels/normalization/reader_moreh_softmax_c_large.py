"""Reader of ttnn's softmax over the first two dims of the 4D view (SoftmaxProgramFactoryGeneralCLarge): for each of
this core's tiles (an (outer, inner) position of the softmax's slices), the dim_size tiles along the softmax dim
(page outer * outer_stride + inner, then + inner_size per step), one at a time into c_0, three times over (for the
max, the sum of exps and the result).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/reader_moreh_softmax_c_large.cpp.
Compile-time args: the input's TensorAccessorArgs. Runtime args: src_addr, num_tiles, tile_offset, outer_stride,
inner_size, dim_size."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    tile_offset = get_arg_val(2)
    outer_stride = get_arg_val(3)
    inner_size = get_arg_val(4)
    dim_size = get_arg_val(5)
    cb_in = CBIndex.c_0
    tile_bytes = get_tile_size(cb_in)
    src = TensorAccessor(TensorAccessorArgs(0), src_addr, tile_bytes)
    curr_tile = tile_offset
    for _i in range(num_tiles):
        first = curr_tile // inner_size * outer_stride + curr_tile % inner_size
        for _pass in range(3):
            tile_idx = first
            for _d in range(dim_size):
                cb_reserve_back(cb_in, 1)
                noc_async_read_tile(tile_idx, src, get_write_ptr(cb_in))
                noc_async_read_barrier()
                cb_push_back(cb_in, 1)
                tile_idx += inner_size
        curr_tile += 1
