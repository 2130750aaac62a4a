"""Writer of ttnn.experimental.paged_update_cache: finds the user's cache tile and the byte offset of its row in the
untilized tile row (runtime args, or from the index / page-table pages the reader left in L1), then per head: copies
the head's untilized input row over that row of the untilized cache tile row (a NoC read of this core's L1), hands it
to the compute kernel through the second index of the same buffer, and writes the retilized tile row back (not for a
skipped user). With share_cache it then signals the next core's reader.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/dataflow/
writer_update_cache_interleaved_start_id.cpp. Compile-time args: cache_cb (retilized output), untilized_cache_cb,
untilized_cache2_cb, untilized_input_cb, use_index_tensor, index_cb, cache_batch_num_tiles, Wt, Wbytes,
is_paged_cache, num_heads, block_size, block_size_t, max_blocks_per_seq, page_table_cb, St, receiver semaphore id,
cache_position_modulo, the cache's TensorAccessorArgs. Runtime args: cache_addr, cache_start_id, cache_tile_offset_B,
my_batch_idx, send_signal, send_core_x, send_core_y."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.paged_cache.paged_lib import SKIP, first_cache_tile, raw_update_idx, wrap, write_cache_rows


def kernel_main():
    cache_addr, cache_start_id, offset_B, my_batch_idx, send_signal, send_x, send_y = (
        get_arg_val(i) for i in range(7))
    (cache_cb, untilized_cache_cb, untilized_cache2_cb, untilized_input_cb, use_index_tensor, index_cb,
     cache_batch_num_tiles, Wt, Wbytes, is_paged, num_heads, block_size, block_size_t, _max_blocks, page_table_cb, St,
     sem_id, modulo) = (get_compile_time_arg_val(i) for i in range(18))
    cache_args = TensorAccessorArgs(18)
    head_offset_t = Wt * St
    cache_tile_bytes = get_tile_size(cache_cb)
    s0 = TensorAccessor(cache_args, cache_addr, cache_tile_bytes)
    cache_id = cache_start_id
    skip = False
    if use_index_tensor:
        cb_wait_front(index_cb, 1)
        raw = raw_update_idx(get_read_ptr(index_cb), my_batch_idx)
        if raw == SKIP:
            skip = True
        else:
            update_idx = wrap(raw, modulo)
            pt_l1 = None
            if is_paged:
                cb_wait_front(page_table_cb, 1)
                pt_l1 = get_read_ptr(page_table_cb)
            cache_id = first_cache_tile(update_idx, my_batch_idx, cache_batch_num_tiles, Wt, pt_l1, num_heads,
                                        block_size, block_size_t)
            offset_B = update_idx % 32 * Wbytes
    cb_wait_front(untilized_input_cb, Wt)
    input_l1 = get_read_ptr(untilized_input_cb)
    write_cache_rows(num_heads, input_l1, untilized_cache_cb, untilized_cache2_cb, cache_cb, Wt, offset_B, Wbytes, skip,
                     cache_id, head_offset_t, s0, cache_tile_bytes)
    cb_pop_front(untilized_input_cb, Wt)
    if send_signal:
        noc_semaphore_inc(get_noc_addr(send_x, send_y, get_semaphore(sem_id)), 1)
        noc_async_write_barrier()     # noc_async_atomic_barrier: tensix counts the increment among the writes
