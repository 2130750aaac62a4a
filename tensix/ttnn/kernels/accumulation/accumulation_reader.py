"""Reader of ttnn's accumulation program (cumsum): for each of this core's rows (one tile position across the
accumulated dim), the row's tiles_per_row tiles into c_0 one at a time, last first when flip (reverse_order).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/accumulation/device/kernels/dataflow/
accumulation_reader.cpp (get_tile_id of accumulation_common.hpp). Compile-time args: the input's TensorAccessorArgs.
Runtime args: input_addr, num_rows_per_core, tiles_per_row, input_tile_offset, start_id, low_rank_offset,
high_rank_offset, flip."""

from tensix.kernel import *  # noqa: F401,F403

CB_IN = 0


def get_tile_id(low, high, j, tiles_per_row, tile_offset):
    return low * (tiles_per_row * tile_offset) + high + j * tile_offset


def kernel_main():
    addr, rows, tiles_per_row, tile_offset, start, low, high, flip = (get_arg_val(i) for i in range(8))
    tile_bytes = get_tile_size(CB_IN)
    s = TensorAccessor(TensorAccessorArgs(0), addr, tile_bytes)
    for _ in range(rows):
        for j in range(tiles_per_row):
            tj = tiles_per_row - j - 1 if flip else j
            cb_reserve_back(CB_IN, 1)
            noc_async_read_tile(get_tile_id(low, high, tj, tiles_per_row, tile_offset), s, get_write_ptr(CB_IN))
            noc_async_read_barrier()
            cb_push_back(CB_IN, 1)
        high += 1
        if high >= tile_offset:
            high = 0
            low += 1
