"""Reader of ttnn.untilize (multi-core factory, interleaved input): tiles start_page_id .. + num_tiles - 1 into the
CB of ct arg 0, one at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize/device/kernels/dataflow/
reader_unary_start_id.cpp. Compile-time args: cb_id_in0, then the source's TensorAccessorArgs. Runtime args:
src_addr, num_tiles, start_page_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    start_page_id = get_arg_val(2)
    cb_id_in0 = get_compile_time_arg_val(0)
    tile_bytes = get_tile_size(cb_id_in0)
    s = TensorAccessor(TensorAccessorArgs(1), src_addr, tile_bytes)
    for page_id in range(start_page_id, start_page_id + num_tiles):
        cb_reserve_back(cb_id_in0, 1)
        noc_async_read_tile(page_id, s, get_write_ptr(cb_id_in0))
        noc_async_read_barrier()
        cb_push_back(cb_id_in0, 1)
