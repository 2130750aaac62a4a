"""What the paged_update_cache reader and writer share (tt-metal 622c6fb9 .../paged_cache/device/kernels/dataflow/
reader_update_cache_interleaved_start_id.cpp and writer_update_cache_interleaved_start_id.cpp compute it the same way
from the same words): a user's update position from the index words in L1, and the cache tile its head 0 row lives
in (paged: through the user's page-table row)."""

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
