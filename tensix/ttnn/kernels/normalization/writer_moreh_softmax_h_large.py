"""Writer of ttnn's softmax down the tile columns when a column does not fit in L1 (SoftmaxProgramFactoryGeneralHLarge):
for each of this core's N tile columns its Ht result tiles from c_16, one at a time, to the output pages
nc * Ht * Wt + w + h * Wt.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/moreh/moreh_softmax/device/kernels/writer_moreh_softmax_h_large.cpp.
Compile-time args: the output's TensorAccessorArgs. Runtime args: dst_addr, N, tile_offset, Ht, Wt."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    N = get_arg_val(1)
    tile_offset = get_arg_val(2)
    Ht = get_arg_val(3)
    Wt = get_arg_val(4)
    cb_out = CBIndex.c_16
    tile_bytes = get_tile_size(cb_out)
    dst = TensorAccessor(TensorAccessorArgs(0), dst_addr, tile_bytes)
    curr_tile = tile_offset
    for _i in range(N):
        w_idx = curr_tile % Wt
        nc_idx = curr_tile // Wt
        tile_idx = nc_idx * Ht * Wt + w_idx
        for _h in range(Ht):
            cb_wait_front(cb_out, 1)
            noc_async_write_tile(tile_idx, dst, get_read_ptr(cb_out))
            noc_async_write_barrier()
            cb_pop_front(cb_out, 1)
            tile_idx += Wt
        curr_tile += 1
