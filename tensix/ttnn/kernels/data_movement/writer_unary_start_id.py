"""Writer of ttnn's copy (SameMemoryConfig factory, TILE layout) and clone (write_kernel): tiles of the CB of ct arg
0 to the output from start_id, one at a time, each write completed by a barrier before its pop (BACKWARDS define:
downwards).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/copy/device/kernels/writer_unary_start_id.cpp and
clone/device/kernels/write_kernel.cpp (the same loop and arguments). Compile-time args: cb_id_out, then the output's
TensorAccessorArgs. Runtime args: dst_addr, num_tiles, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_pages


def kernel_main():
    dst_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    start_id = get_arg_val(2)
    cb_id_out = get_compile_time_arg_val(0)
    if globals().get("OUT_SHARDED"):
        cb_wait_front(cb_id_out, num_tiles)
        return
    tile_bytes = get_tile_size(cb_id_out)
    s = TensorAccessor(TensorAccessorArgs(1), dst_addr, tile_bytes)
    write_pages(cb_id_out, s, start_id, num_tiles, tile_bytes, bool(globals().get("BACKWARDS")))
