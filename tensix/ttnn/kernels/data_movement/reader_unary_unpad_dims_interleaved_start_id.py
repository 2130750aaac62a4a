"""Reader of ttnn.slice for tiled tensors (SliceTileProgramFactory): the core's output tiles, read from the input
tile by tile, walking the input's tiles dim by dim past those outside the slice.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
reader_unary_unpad_dims_interleaved_start_id.cpp. Compile-time args: num_dims, the source's TensorAccessorArgs, then
cb_in (a named compile-time arg in tt-metal; tensix has none, so it is the last positional one). Common runtime
args: src_addr, num_dims words of num_unpadded_tiles, num_dims of num_padded_tiles. Runtime args: start_id,
num_tiles, num_dims words of id_per_dim."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_dims = get_compile_time_arg_val(0)
    args = TensorAccessorArgs(1)
    cb_id_in0 = get_compile_time_arg_val(args.next_compile_time_args_offset())
    src_addr = get_common_arg_val(0)
    num_unpadded = [get_common_arg_val(1 + j) for j in range(num_dims)]
    num_padded = [get_common_arg_val(1 + num_dims + j) for j in range(num_dims)]
    start_id = get_arg_val(0)
    num_tiles = get_arg_val(1)
    id_per_dim = [get_arg_val(2 + j) for j in range(num_dims)]
    tile_size = get_tile_size(cb_id_in0)
    s0 = TensorAccessor(args, src_addr, tile_size)
    src_tile_id = start_id
    for _i in range(num_tiles):
        cb_reserve_back(cb_id_in0, 1)
        noc_async_read_tile(src_tile_id, s0, get_write_ptr(cb_id_in0))
        noc_async_read_barrier()
        cb_push_back(cb_id_in0, 1)
        src_tile_id += 1
        for j in range(num_dims):
            id_per_dim[j] += 1
            if id_per_dim[j] == num_unpadded[j]:
                id_per_dim[j] = 0
                src_tile_id += num_padded[j]
            else:
                break
