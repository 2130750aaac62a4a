"""What the paged_update_cache and paged_fused_update_cache readers and writers share (tt-metal 622c6fb9
.../paged_cache/device/kernels/dataflow/reader_update_cache_interleaved_start_id.cpp,
writer_update_cache_interleaved_start_id.cpp and their paged_fused_update_cache counterparts compute it the same way
from the same words): a user's update position from the index words in L1, the cache tile its head 0 row lives in
(paged: through the user's page-table row), and the per-head loops that read the cache rows and write them back."""

import numpy as np

from tensix.kernel import l1_ptr

SKIP = 0xFFFFFFFF           # update_idx == (uint32_t)-1: leave the user's cache alone


def raw_update_idx(index_l1_addr, my_batch_idx):
    """index_ptr[my_batch_idx]: the user's word of the index tensor's page in L1 (read as uint32)."""
    return int(l1_ptr(index_l1_addr, np.uint32, my_batch_idx + 1)[my_batch_idx])


def wrap(raw, cache_position_modulo):
    """The bounded sliding-window wrap (0 = unbounded)."""
    return raw % cache_position_modulo if cache_position_modulo > 0 else raw


def first_cache_tile(update_idx, my_batch_idx, cache_batch_num_tiles, Wt, page_table_l1_addr, num_heads, block_size,
                     block_size_t):
    """The cache tile id of the user's head-0 tile row holding update_idx: through the page table (the user's
    virtual block -> physical block, then the block's tile row) when page_table_l1_addr is not None, else the user's
    batch offset plus the tile row."""
    if page_table_l1_addr is not None:
        vblock = update_idx // block_size
        physical = int(l1_ptr(page_table_l1_addr, np.uint32, vblock + 1)[vblock])
        return (physical * num_heads * block_size_t * Wt + (update_idx % block_size) // 32 * Wt) & 0xFFFFFFFF
    return my_batch_idx * cache_batch_num_tiles + update_idx // 32 * Wt


def read_page_table_row(page_table_cb, page_table_args, page_table_addr, page_table_stick_size, my_batch_idx):
    """The readers' read of the user's page-table row into page_table_cb (pushed): its L1 address."""
    from tensix.kernel import (TensorAccessor, cb_push_back, cb_reserve_back, get_noc_addr, get_write_ptr,
                               noc_async_read, noc_async_read_barrier)
    cb_reserve_back(page_table_cb, 1)
    pt_l1 = get_write_ptr(page_table_cb)
    pt = TensorAccessor(page_table_args, page_table_addr, page_table_stick_size)
    noc_async_read(get_noc_addr(my_batch_idx, pt), pt_l1, page_table_stick_size)
    noc_async_read_barrier()
    cb_push_back(page_table_cb, 1)
    return pt_l1


def read_cache_rows(num_heads, cache_cb, Wt, skip, cache_id, head_offset_t, s0, cache_tile_bytes):
    """The readers' loop over the heads: each head's Wt cache tiles of the user's tile row into cache_cb (nothing read
    for a skipped user, the pages pushed all the same)."""
    from tensix.kernel import cb_push_back, cb_reserve_back, get_write_ptr, noc_async_read_barrier, noc_async_read_page
    for _h in range(num_heads):
        cb_reserve_back(cache_cb, Wt)
        if not skip:
            l1 = get_write_ptr(cache_cb)
            for tile in range(cache_id, cache_id + Wt):
                noc_async_read_page(tile, s0, l1)
                l1 += cache_tile_bytes
            noc_async_read_barrier()
        cb_push_back(cache_cb, Wt)
        cache_id += head_offset_t


def write_cache_rows(num_heads, input_l1, untilized_cache_cb, untilized_cache2_cb, cache_cb, Wt, offset_B, Wbytes,
                     skip, cache_id, head_offset_t, s0, cache_tile_bytes):
    """The writers' loop over the heads: the head's new row (Wbytes at input_l1) copied into the untilized cache row at
    offset_B, handed to the compute kernel to tilize, and the tilized tiles written back to the cache (not for a
    skipped user)."""
    from tensix.kernel import (cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, get_noc_addr,
                               get_read_ptr, noc_async_read, noc_async_read_barrier, noc_async_write_barrier,
                               noc_async_write_page, noc_async_writes_flushed)
    for _h in range(num_heads):
        cb_wait_front(untilized_cache_cb, Wt)
        cb_reserve_back(untilized_cache2_cb, Wt)
        noc_async_read(get_noc_addr(input_l1), get_read_ptr(untilized_cache_cb) + offset_B, Wbytes)
        noc_async_read_barrier()
        cb_push_back(untilized_cache2_cb, Wt)
        cb_pop_front(untilized_cache_cb, Wt)
        cb_wait_front(cache_cb, Wt)
        if not skip:
            l1 = get_read_ptr(cache_cb)
            for tile in range(cache_id, cache_id + Wt):
                noc_async_write_page(tile, s0, l1)
                l1 += cache_tile_bytes
            noc_async_writes_flushed()
        cb_pop_front(cache_cb, Wt)
        if not skip:
            noc_async_write_barrier()
        input_l1 += Wbytes                  # the next head's row
        cache_id += head_offset_t
