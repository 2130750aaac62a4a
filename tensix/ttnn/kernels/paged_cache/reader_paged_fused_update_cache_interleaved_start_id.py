"""Reader of ttnn.experimental.paged_fused_update_cache (tiled inputs): as paged_update_cache's reader, on a core of
either input's grid: announces the core's shard (input1's CB or input2's, by the is_input1 runtime arg), finds where
the user's update lands (runtime args, or the index tensor's page in L1, through the user's page-table row in paged
mode; -1 skips the user), waits for its turn with share_cache, then per head reads the head's cache tile row (Wt
tiles; a skipped user's CB pages pushed unread). A core of the grids' bounding box in neither grid has no work.
Unlike paged_update_cache's reader there is no cache_position_modulo wrap.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/dataflow/
reader_paged_fused_update_cache_interleaved_start_id.cpp. Compile-time args: input1_cb, input2_cb, cache_cb,
use_index_tensor, index_is_dram, index_cb, cache_batch_num_tiles, Wt, log2_page_size, index_stick_size,
is_paged_cache, num_heads, block_size, block_size_t, max_blocks_per_seq, log2_page_table_stick_size,
page_table_stick_size, page_table_is_dram, page_table_cb, St, receiver semaphore id, batch_size, then the
TensorAccessorArgs of the cache, the index tensor and the page table (one placeholder word for an absent tensor).
Runtime args: has_work, then is_input1, cache_addr, cache_start_id, index_tensor_addr, my_batch_idx,
page_table_addr, wait_to_start.

Only DRAM index tensors and page tables reach this port (the factory refuses the L1-sharded ones: their CBs would be
the tensors' own buffers and the sharded page table's entries uint16)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.paged_cache.paged_lib import (SKIP, first_cache_tile, raw_update_idx, read_cache_rows,
                                                     read_page_table_row)


def kernel_main():
    fused_reader(input_pages_per_user=None)


def fused_reader(input_pages_per_user):
    """The reader's body; input_pages_per_user: the pages of the core's shard announced to compute (None: Wt, the
    tiled input's tile row; the row-major reader's one page)."""
    if not get_arg_val(0):
        return
    is_input1, cache_addr, cache_start_id, index_addr, my_batch_idx, page_table_addr, wait_to_start = (
        get_arg_val(i) for i in range(1, 8))
    (input1_cb, input2_cb, cache_cb, use_index_tensor, _index_is_dram, index_cb, cache_batch_num_tiles, Wt, _log2,
     index_stick_size, is_paged, num_heads, block_size, block_size_t, _max_blocks, _log2_pt, page_table_stick_size,
     _pt_is_dram, page_table_cb, St, sem_id, _batch_size) = (get_compile_time_arg_val(i) for i in range(22))
    cache_args = TensorAccessorArgs(22)
    index_args = TensorAccessorArgs(cache_args.next_compile_time_args_offset())
    page_table_args = TensorAccessorArgs(index_args.next_compile_time_args_offset())
    input_cb = input1_cb if is_input1 else input2_cb
    head_offset_t = Wt * St
    n_in = Wt if input_pages_per_user is None else input_pages_per_user
    cb_reserve_back(input_cb, n_in)             # the shard: kick off compute
    cb_push_back(input_cb, n_in)
    cache_tile_bytes = get_tile_size(cache_cb)
    s0 = TensorAccessor(cache_args, cache_addr, cache_tile_bytes)
    cache_id = cache_start_id
    skip = False
    if use_index_tensor:
        cb_reserve_back(index_cb, 1)
        index_l1 = get_write_ptr(index_cb)
        noc_async_read(get_noc_addr(0, TensorAccessor(index_args, index_addr, index_stick_size)), index_l1,
                       index_stick_size)
        noc_async_read_barrier()
        cb_push_back(index_cb, 1)
        update_idx = raw_update_idx(index_l1, my_batch_idx)
        if update_idx == SKIP:
            skip = True
        else:
            pt_l1 = None
            if is_paged:
                pt_l1 = read_page_table_row(page_table_cb, page_table_args, page_table_addr, page_table_stick_size,
                                            my_batch_idx)
            cache_id = first_cache_tile(update_idx, my_batch_idx, cache_batch_num_tiles, Wt, pt_l1, num_heads,
                                        block_size, block_size_t)
    if wait_to_start:
        # share_cache: the previous core of this input's grid signals once it no longer needs the shared rows
        sem = get_semaphore(sem_id)
        noc_semaphore_wait(sem, 1)
        noc_semaphore_set(sem, 0)
    read_cache_rows(num_heads, cache_cb, Wt, skip, cache_id, head_offset_t, s0, cache_tile_bytes)
