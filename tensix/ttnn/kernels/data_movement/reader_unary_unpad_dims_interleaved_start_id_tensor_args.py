"""Reader of the device-only tensor-args ttnn.slice (SliceTileTensorArgsProgramFactory): the begins and ends read
from page 0 of the start / end tensors' buffers into c_1 (one input tile's worth of bytes each, num_dims uint32
words used; the ends are unused), the begins turned into a tile offset, then the core's output tiles read from the
input tile by tile, walking the input's tiles dim by dim past those outside the slice.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
reader_unary_unpad_dims_interleaved_start_id_tensor_args.cpp. The offset is tt-metal's: the last two dims' begins in
tiles (begin // tile size), plus the upper dims' begins folded from dim num_dims - 3 down to dim 0
(upper = upper * shape[i] + begin[i], so dim 0 weighs least) times the tiles of one (h, w) plane.
Compile-time args: cb_id_in0, cb_id_tensor, num_dims, tile_width, tile_height, then the TensorAccessorArgs of the
input, the start tensor and the end tensor. Common runtime args: src_addr, start_addr, end_addr, num_dims words each
of num_unpadded_tiles, num_padded_tiles and the input's padded shape. Runtime args: start_id, num_tiles, num_dims
words of id_per_dim."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    cb_id_in0 = get_compile_time_arg_val(0)
    cb_id_tensor = get_compile_time_arg_val(1)
    num_dims = get_compile_time_arg_val(2)
    tile_width = get_compile_time_arg_val(3)
    tile_height = get_compile_time_arg_val(4)
    src_args = TensorAccessorArgs(5)
    start_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())
    end_args = TensorAccessorArgs(start_args.next_compile_time_args_offset())
    src_addr = get_common_arg_val(0)
    start_addr = get_common_arg_val(1)
    end_addr = get_common_arg_val(2)
    num_unpadded = [get_common_arg_val(3 + j) for j in range(num_dims)]
    num_padded = [get_common_arg_val(3 + num_dims + j) for j in range(num_dims)]
    start_id = get_arg_val(0)
    num_tiles = get_arg_val(1)
    id_per_dim = [get_arg_val(2 + j) for j in range(num_dims)]
    tile_size = get_tile_size(cb_id_in0)
    s0 = TensorAccessor(src_args, src_addr, tile_size)
    start_acc = TensorAccessor(start_args, start_addr, tile_size)
    end_acc = TensorAccessor(end_args, end_addr, tile_size)

    def read_indices(acc):
        cb_reserve_back(cb_id_tensor, 1)
        l1 = get_write_ptr(cb_id_tensor)
        noc_async_read(get_noc_addr(0, acc), l1, tile_size)
        noc_async_read_barrier()
        words = [int(v) for v in l1_ptr(l1, np.uint32, num_dims)]
        cb_push_back(cb_id_tensor, 1)     # the C++ pops a page it never pushed; here the page goes round the CB
        cb_wait_front(cb_id_tensor, 1)
        cb_pop_front(cb_id_tensor, 1)
        return words

    start_indices = read_indices(start_acc)
    read_indices(end_acc)
    start_offset = 0
    if num_dims >= 2:
        shape = [get_common_arg_val(3 + 2 * num_dims + i) for i in range(num_dims)]
        pages_w = shape[num_dims - 1] // tile_width
        start_offset += start_indices[num_dims - 2] // tile_height * pages_w + start_indices[num_dims - 1] // tile_width
        if num_dims > 2:
            upper = 0
            for i in range(num_dims - 3, -1, -1):
                upper = (upper * shape[i] + start_indices[i]) & 0xFFFFFFFF
            start_offset += upper * (shape[num_dims - 2] // tile_height) * pages_w
    src_tile_id = (start_id + start_offset) & 0xFFFFFFFF
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
