"""Reader of ttnn.concat for tiled tensors (ConcatProgramFactory): num_tiles tiles into c_0 in the output's order,
taking num_tiles_per_block[t] consecutive tiles of input t in turn, from the tensor and tile ids this core starts at.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/concat/device/kernels/dataflow/
reader_concat_interleaved_start_id.cpp. Compile-time args: cb_id_in, num_tensors, page_size per tensor, the inputs'
TensorAccessorArgs. Runtime args: num_tiles, start_tensor, start_tensor_id, src_addr[num_tensors],
num_tiles_per_block[num_tensors], tile_id_per_tensor[num_tensors]."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import tensor_accessor_tuple


def kernel_main():
    num_tiles = get_arg_val(0)
    curr = get_arg_val(1)
    curr_id = get_arg_val(2)
    cb = get_compile_time_arg_val(0)
    n = get_compile_time_arg_val(1)
    tile_bytes = get_tile_size(cb)
    s = tensor_accessor_tuple(n, 2, 3)
    per_block = [get_arg_val(3 + n + i) for i in range(n)]
    tile_id = [get_arg_val(3 + 2 * n + i) for i in range(n)]
    for _ in range(num_tiles):
        cb_reserve_back(cb, 1)
        noc_async_read(get_noc_addr(tile_id[curr], s[curr]), get_write_ptr(cb), tile_bytes)
        noc_async_read_barrier()
        cb_push_back(cb, 1)
        tile_id[curr] += 1
        curr_id += 1
        if curr_id == per_block[curr]:
            curr_id = 0
            curr += 1
            if curr == n:
                curr = 0
