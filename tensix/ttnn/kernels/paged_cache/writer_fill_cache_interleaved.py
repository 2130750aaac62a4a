"""Writer of ttnn.experimental.paged_fill_cache: for each of the core's input tile rows (row_id -> batch row, head,
sequence tile), the batch index (a scalar runtime arg, or the batch_idx tensor's entry for the row, read once into
L1), the page-table row of that batch index (re-read when it changes), the physical tile of the row (block of the
sequence tile through the page table, head, row in the block); its Wt tiles written there (a barrier per row), or
dropped when the page-table entry is -1, or when a bounded cache (capacity_t) would overwrite it later.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/dataflow/
writer_fill_cache_interleaved.cpp. Compile-time args: cb_id_in, cb_id_page_table, num_heads,
num_blocks_of_work_per_head, block_size_t, Wt, log2_page_table_stick_size, page_table_stick_size,
use_batch_idx_tensor, cb_id_batch_idx, batch_idx_stick_size, batch_idx_num_elements, num_blocks_per_batch,
capacity_t, the TensorAccessorArgs of the cache, the page table and the batch_idx tensor (one placeholder word when
absent). Runtime args: dst_addr, page_table_addr, start_row_num, num_rows, batch_idx_tensor_addr or the batch index,
noop."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403

SKIP = 0xFFFFFFFF


def kernel_main():
    (cb_id_in, cb_id_page_table, num_heads, per_head, block_size_t, Wt, _log2, page_table_stick_size,
     use_batch_idx_tensor, cb_id_batch_idx, batch_idx_stick_size, batch_idx_num_elements, per_batch,
     capacity_t) = (get_compile_time_arg_val(i) for i in range(14))
    batched = batch_idx_num_elements > 1
    dst_addr, page_table_addr, start_row, num_rows, batch_arg, noop = (get_arg_val(i) for i in range(6))
    if noop == 1:
        return
    cache_args = TensorAccessorArgs(14)
    pt_args = TensorAccessorArgs(cache_args.next_compile_time_args_offset())
    bidx_args = TensorAccessorArgs(pt_args.next_compile_time_args_offset())
    if use_batch_idx_tensor:
        nbytes = batch_idx_stick_size * batch_idx_num_elements
        cb_reserve_back(cb_id_batch_idx, 1)
        bidx_l1 = get_write_ptr(cb_id_batch_idx)
        noc_async_read(get_noc_addr(0, TensorAccessor(bidx_args, batch_arg, nbytes)), bidx_l1, nbytes)
        noc_async_read_barrier()
        batch_idx_arr = l1_ptr(bidx_l1, np.uint32, batch_idx_num_elements)
    tile_bytes = get_tile_size(cb_id_in)
    out = TensorAccessor(cache_args, dst_addr, tile_bytes)
    pt = TensorAccessor(pt_args, page_table_addr, page_table_stick_size)
    cb_reserve_back(cb_id_page_table, 1)
    pt_l1 = get_write_ptr(cb_id_page_table)
    cached_batch = SKIP
    # a bounded cache keeps only the last capacity_t tiles of each head's range: the earlier ones are drained unwritten
    skip_tiles = per_head - capacity_t if 0 < capacity_t < per_head else 0
    block_stride = num_heads * block_size_t * Wt
    for row_id in range(start_row, start_row + num_rows):
        cur_batch, within = divmod(row_id, per_batch) if batched else (0, row_id)
        cur_head, seq_tile_id = divmod(within, per_head)
        if seq_tile_id < skip_tiles:
            cb_wait_front(cb_id_in, Wt)
            cb_pop_front(cb_id_in, Wt)
            continue
        batch_idx = int(batch_idx_arr[cur_batch if batched else 0]) if use_batch_idx_tensor else batch_arg
        if batch_idx != cached_batch:
            noc_async_read(get_noc_addr(batch_idx, pt), pt_l1, page_table_stick_size)
            noc_async_read_barrier()
            cached_batch = batch_idx
        if capacity_t > 0:
            seq_tile_id %= capacity_t
        vblock = seq_tile_id // block_size_t
        physical_block = int(l1_ptr(pt_l1, np.uint32, vblock + 1)[vblock])
        cb_wait_front(cb_id_in, Wt)
        if physical_block != SKIP:
            tile = (physical_block * block_stride + cur_head * block_size_t * Wt
                    + seq_tile_id % block_size_t * Wt) & 0xFFFFFFFF
            l1 = get_read_ptr(cb_id_in)
            for _w in range(Wt):
                noc_async_write_page(tile, out, l1)
                l1 += tile_bytes
                tile += 1
            noc_async_write_barrier()
        cb_pop_front(cb_id_in, Wt)
