"""Writer of untilize_with_unpadding's sharded-input factory into an interleaved output: for each block of the core's
shard (batch x num_blocks_h x num_blocks_w, each num_rows_block rows of block_row_size bytes, untilized in c_16), per
tile row of the block its rows written to the output rows from block_start_row_id, block_row_offset bytes into each,
the last block of a row cut to its unpadded bytes and no row past num_output_rows_unpadded written.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/kernel/dataflow/writer_unary_stick_layout_interleaved_blocks.cpp
(write_tiles_in_block). Compile-time args: FLOAT32_DTYPE, the output's row size (the accessor's page), the output's
TensorAccessorArgs. Runtime args: dst_addr, num_rows_block, block_row_size, batch, num_blocks_h, num_blocks_w,
last_block_row_size_unpadded, num_output_rows_unpadded, block_start_row_id, block_start_row_offset."""

from tensix.kernel import *  # noqa: F401,F403


def _write_tiles_in_block(cb, height_ntiles, width_ntiles, row_id, row_offset, row_size, row_size_unpadded,
                          rows_unpadded, s):
    for _t in range(height_ntiles):
        cb_wait_front(cb, width_ntiles)
        l1 = get_read_ptr(cb)
        for _j in range(32):
            if row_id >= rows_unpadded:
                break
            noc_async_write(l1, s.get_noc_addr(row_id, row_offset), row_size_unpadded)
            l1 += row_size
            row_id += 1
        noc_async_write_barrier()
        cb_pop_front(cb, width_ntiles)


def kernel_main():
    (dst_addr, num_rows_block, block_row_size, batch, num_blocks_h, num_blocks_w, last_unpadded, rows_unpadded,
     block_start_row_id, block_start_row_offset) = (get_arg_val(i) for i in range(10))
    fp32 = get_compile_time_arg_val(0) == 1
    s = TensorAccessor(TensorAccessorArgs(2), dst_addr, get_compile_time_arg_val(1))
    cb_id_out0 = CBIndex.c_16
    width_ntiles = block_row_size >> 7 if fp32 else block_row_size >> 6   # 128 / 64 bytes per tile row
    height_ntiles = num_rows_block // 32
    rows_end = rows_unpadded + block_start_row_id
    row_id = block_start_row_id
    for _b in range(batch):
        for _h in range(num_blocks_h):
            offset = block_start_row_offset
            for w in range(num_blocks_w):
                unpadded = last_unpadded if w == num_blocks_w - 1 else block_row_size
                _write_tiles_in_block(cb_id_out0, height_ntiles, width_ntiles, row_id, offset, block_row_size,
                                      unpadded, rows_end, s)
                offset += block_row_size
            row_id += num_rows_block
