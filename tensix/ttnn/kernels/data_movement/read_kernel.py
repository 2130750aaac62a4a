"""Reader of ttnn.clone (TILE layout): tiles start_id .. + num_tiles - 1 into the CB of ct arg 0, one at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/clone/device/kernels/read_kernel.cpp. Compile-time
args: src_cb_id, then the source's TensorAccessorArgs. Runtime args: input_buffer_address, num_tiles, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import read_pages


def kernel_main():
    src_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    start_id = get_arg_val(2)
    src_cb_id = get_compile_time_arg_val(0)
    tile_bytes = get_tile_size(src_cb_id)
    s = TensorAccessor(TensorAccessorArgs(1), src_addr, tile_bytes)
    read_pages(src_cb_id, s, start_id, num_tiles, tile_bytes)
