"""Writer of untilize_with_unpadding's sharded-input factory into a sharded output: per batch of the shard, its
untilized rows (padded_block_row_size_bytes apart in c_16) copied, unpadded_block_row_size_bytes each, into the
output shard (c_17, allocated in the output buffer, rows aligned_page_size apart), num_unpadded_rows_per_batch of them;
the shard's rows pushed at the end.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize_with_unpadding/device/kernels/dataflow/
writer_unary_unpad_batch_rows_sharded.cpp. Compile-time args: cb_id_untilize_out, cb_id_out, aligned_page_size.
Runtime args: num_unpadded_output_rows, num_padded_tiles_per_batch, num_unpadded_rows_per_batch,
padded_block_row_size_bytes, unpadded_block_row_size_bytes, batch."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    rows_out, tiles_per_batch, rows_per_batch, padded_row, unpadded_row, batch = (get_arg_val(i) for i in range(6))
    cb_untilize, cb_out, aligned_page = (get_compile_time_arg_val(i) for i in range(3))
    cb_reserve_back(cb_out, rows_out)
    dst = get_write_ptr(cb_out)
    for _b in range(batch):
        cb_wait_front(cb_untilize, tiles_per_batch)
        src = get_read_ptr(cb_untilize)
        for _r in range(rows_per_batch):
            noc_async_read(get_noc_addr(src), dst, unpadded_row)
            src += padded_row
            dst += aligned_page
        noc_async_read_barrier()
        cb_pop_front(cb_untilize, tiles_per_batch)
    cb_push_back(cb_out, rows_out)
