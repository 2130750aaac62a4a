"""Reader of ttnn's fill_pad op: this core's border tiles (right column, bottom row, corner of every [H, W] slice) into
c_0, one at a time, in the order the compute kernel and the writer process them (fill_lib.border_tiles).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/fill_pad/device/kernels/dataflow/fill_pad_reader.cpp.
Compile-time args: W_tiles, H_tiles, N_slices, has_right_pad, has_bottom_pad, W_mod32, H_mod32, elem_size,
fill_bits, cb_data_in, then the tensor's TensorAccessorArgs. Runtime args: buf_addr, then (start, num) for the right,
bottom and corner phases."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.reduction.fill_lib import border_tiles


def kernel_main():
    W_tiles = get_compile_time_arg_val(0)
    H_tiles = get_compile_time_arg_val(1)
    has_right_pad = get_compile_time_arg_val(3)
    has_bottom_pad = get_compile_time_arg_val(4)
    cb_in = get_compile_time_arg_val(9)
    tile_bytes = get_tile_size(cb_in)
    s = TensorAccessor(TensorAccessorArgs(10), get_arg_val(0), tile_bytes)
    rt = [get_arg_val(i) for i in range(1, 7)]
    for tile_id in border_tiles(W_tiles, H_tiles, has_right_pad, has_bottom_pad, rt):
        cb_reserve_back(cb_in, 1)
        noc_async_read_tile(tile_id, s, get_write_ptr(cb_in))
        noc_async_read_barrier()
        cb_push_back(cb_in, 1)
