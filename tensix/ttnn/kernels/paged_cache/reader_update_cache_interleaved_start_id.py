"""Reader of ttnn.experimental.paged_update_cache: announces the core's input shard (one user's Wt tiles: its heads
as rows), finds where the user's update lands (from the runtime args, or with an index tensor from its page in L1,
through the user's page-table row in paged mode; index -1 skips the user), waits for its turn with share_cache, then
per head reads the head's cache tile row (Wt tiles; skipped users get the CB pages unread) into the cache CB.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/dataflow/
reader_update_cache_interleaved_start_id.cpp. Compile-time args: cache_cb, input_cb, use_index_tensor, index_cb,
cache_batch_num_tiles, Wt, log2_page_size, index_stick_size, is_paged_cache, num_heads, block_size, block_size_t,
max_blocks_per_seq, log2_page_table_stick_size, page_table_stick_size, page_table_cb, St, receiver semaphore id,
cache_position_modulo, then the TensorAccessorArgs of the cache, the index tensor and the page table (one placeholder
word for an absent tensor). Runtime args: cache_addr, cache_start_id, index_tensor_addr, my_batch_idx,
page_table_addr, wait_to_start."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.paged_cache.paged_lib import (SKIP, first_cache_tile, raw_update_idx, read_cache_rows,
                                                     read_page_table_row, wrap)


def kernel_main():
    cache_addr, cache_start_id, index_addr, my_batch_idx, page_table_addr, wait_to_start = (
        get_arg_val(i) for i in range(6))
    (cache_cb, input_cb, use_index_tensor, index_cb, cache_batch_num_tiles, Wt, _log2, index_stick_size,
     is_paged, num_heads, block_size, block_size_t, _max_blocks, _log2_pt, page_table_stick_size, page_table_cb, St,
     sem_id, modulo) = (get_compile_time_arg_val(i) for i in range(19))
    cache_args = TensorAccessorArgs(19)
    index_args = TensorAccessorArgs(cache_args.next_compile_time_args_offset())
    page_table_args = TensorAccessorArgs(index_args.next_compile_time_args_offset())
    head_offset_t = Wt * St
    cb_reserve_back(input_cb, Wt)               # the shard: kick off compute
    cb_push_back(input_cb, Wt)
    cache_tile_bytes = get_tile_size(cache_cb)
    cache_id = cache_start_id
    s0 = TensorAccessor(cache_args, cache_addr, cache_tile_bytes)
    skip = False
    if use_index_tensor:
        cb_reserve_back(index_cb, 1)
        index_l1 = get_write_ptr(index_cb)
        noc_async_read(get_noc_addr(0, TensorAccessor(index_args, index_addr, index_stick_size)), index_l1,
                       index_stick_size)
        noc_async_read_barrier()
        cb_push_back(index_cb, 1)
        raw = raw_update_idx(index_l1, my_batch_idx)
        if raw == SKIP:
            skip = True
        else:
            update_idx = wrap(raw, modulo)
            pt_l1 = None
            if is_paged:
                pt_l1 = read_page_table_row(page_table_cb, page_table_args, page_table_addr, page_table_stick_size,
                                            my_batch_idx)
            cache_id = first_cache_tile(update_idx, my_batch_idx, cache_batch_num_tiles, Wt, pt_l1, num_heads,
                                        block_size, block_size_t)
    if wait_to_start:
        # share_cache: the previous core's writer signals once it no longer needs the shared cache rows
        sem = get_semaphore(sem_id)
        noc_semaphore_wait(sem, 1)
        noc_semaphore_set(sem, 0)
    read_cache_rows(num_heads, cache_cb, Wt, skip, cache_id, head_offset_t, s0, cache_tile_bytes)
