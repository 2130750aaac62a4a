"""Reader of ttnn.permute for tiled tensors whose two tile dims stay last (MultiCoreTileInvariant): the output's
tiles start_tile .. end_tile - 1 in order, each read from the input tile its inverse-permuted index gives.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/permute/device/kernels/dataflow/
reader_permute_interleaved_tiled_invariant.cpp. Compile-time args: the source's TensorAccessorArgs, then the named
args rank, page_size, num_tiles. Runtime args: src_addr, start_tile, end_tile, output_tiled_shape[N], inv_perm[N],
src_strides[N] (in tiles)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr = get_arg_val(0)
    start_tile = get_arg_val(1)
    end_tile = get_arg_val(2)
    args = TensorAccessorArgs(0)
    N = get_compile_time_arg_val(args.next_compile_time_args_offset())
    shape = [get_arg_val(3 + i) for i in range(N)]
    inv = [get_arg_val(3 + N + i) for i in range(N)]
    strides = [get_arg_val(3 + 2 * N + i) for i in range(N)]
    tile_bytes = get_tile_size(0)
    s = TensorAccessor(args, src_addr, tile_bytes)
    dest = [0] * N
    for tile in range(start_tile, end_tile):
        rem = tile
        for d in range(N - 1, -1, -1):
            rem, dest[d] = divmod(rem, shape[d])
        src = 0
        for i in range(N):
            src += dest[inv[i]] * strides[i]
        cb_reserve_back(0, 1)
        noc_async_read(get_noc_addr(src, s), get_write_ptr(0), tile_bytes)
        noc_async_read_barrier()
        cb_push_back(0, 1)
