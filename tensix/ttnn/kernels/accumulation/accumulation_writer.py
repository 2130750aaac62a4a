"""Writer of ttnn's accumulation program (cumsum): the accumulated tiles from c_1 to the same tile ids the reader read
(last first when flip), one at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/accumulation/device/kernels/dataflow/
accumulation_writer.cpp. Compile-time args: the output's TensorAccessorArgs. Runtime args: output_addr,
num_rows_per_core, tiles_per_row, input_tile_offset, start_id, low_rank_offset, high_rank_offset, flip."""

from tensix.kernel import *  # noqa: F401,F403

CB_OUT = 1


def kernel_main():
    addr, rows, tiles_per_row, tile_offset, start, low, high, flip = (get_arg_val(i) for i in range(8))
    tile_bytes = get_tile_size(CB_OUT)
    s = TensorAccessor(TensorAccessorArgs(0), addr, tile_bytes)
    for _ in range(rows):
        for j in range(tiles_per_row):
            tj = tiles_per_row - j - 1 if flip else j
            tile_id = low * (tiles_per_row * tile_offset) + high + tj * tile_offset
            cb_wait_front(CB_OUT, 1)
            noc_async_write_tile(tile_id, s, get_read_ptr(CB_OUT))
            noc_async_write_barrier()
            cb_pop_front(CB_OUT, 1)
        high += 1
        if high >= tile_offset:
            high = 0
            low += 1
