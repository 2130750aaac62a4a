"""Writer of untilize_with_unpadding's sharded-input factory for an output of width 16 (and height a multiple of 32)
into a sharded output: the tiles are not untilized (the compute kernel only copies them, converting the format); of
each tile faces 0 and 2 (its left 16 columns, 16 rows each, already row-major) are copied in turn into the output
shard, eight tiles at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize_with_unpadding/device/kernels/dataflow/
writer_unary_unpad_width_16_sharded.cpp. Compile-time args: cb_id_untilize_out, cb_id_out. Runtime args:
num_unpadded_output_rows, num_padded_tiles_per_core."""

from tensix.kernel import *  # noqa: F401,F403


def _copy_left_faces(cb, n, dst, quarter):
    cb_wait_front(cb, n)
    src = get_read_ptr(cb)
    for _i in range(n):
        for _face in range(2):              # faces 0 and 2: skip faces 1 and 3
            noc_async_read(get_noc_addr(src), dst, quarter)
            src += 2 * quarter
            dst += quarter
    noc_async_read_barrier()
    cb_pop_front(cb, n)
    return dst


def kernel_main():
    rows_out, tiles = get_arg_val(0), get_arg_val(1)
    cb_untilize, cb_out = get_compile_time_arg_val(0), get_compile_time_arg_val(1)
    quarter = get_tile_size(cb_out) // 4
    cb_reserve_back(cb_out, rows_out)
    dst = get_write_ptr(cb_out)
    for _i in range(tiles // 8):
        dst = _copy_left_faces(cb_untilize, 8, dst, quarter)
    _copy_left_faces(cb_untilize, tiles % 8, dst, quarter)
    cb_push_back(cb_out, rows_out)
