"""Reader of ttnn.fill_cache: num_tiles input tiles from start_id into c_0, one at a time, each read completed before
its push (BACKWARDS: downwards); with INPUT_SHARDED c_0 is the core's input shard, so the reader only announces its
num_tiles tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/kv_cache/device/kernels/dataflow/
reader_fill_cache_interleaved_start_id.cpp. Compile-time args: the input's TensorAccessorArgs. Runtime args: src_addr,
num_tiles, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import read_pages


def kernel_main():
    src_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    start_id = get_arg_val(2)
    cb_id_in0 = 0
    if globals().get("INPUT_SHARDED"):
        cb_reserve_back(cb_id_in0, num_tiles)
        cb_push_back(cb_id_in0, num_tiles)
        return
    tile_bytes = get_tile_size(cb_id_in0)
    s = TensorAccessor(TensorAccessorArgs(0), src_addr, tile_bytes)
    read_pages(cb_id_in0, s, start_id, num_tiles, tile_bytes, bool(globals().get("BACKWARDS")))
