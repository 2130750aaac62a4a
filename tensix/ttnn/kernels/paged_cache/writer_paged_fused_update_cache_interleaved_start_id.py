"""Writer of ttnn.experimental.paged_fused_update_cache (tiled inputs): as paged_update_cache's writer, on a core of
either input's grid (its cache is the runtime arg's): finds the user's cache tile and the byte offset of its row in
the untilized tile row (runtime args, or the index / page-table pages the reader left in L1), then per head copies
the head's untilized input row over that row, hands the block to the compute kernel through c_25 (the same buffer as
c_24), writes the retilized tile row back (not for a skipped user); with share_cache it then signals the next core of
its grid. A core in neither grid has no work. No cache_position_modulo wrap.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/dataflow/
writer_paged_fused_update_cache_interleaved_start_id.cpp. Compile-time args: cache_cb (retilized output),
untilized_cache_cb, untilized_cache2_cb, untilized_input_cb, use_index_tensor, index_cb, cache_batch_num_tiles, Wt,
Wbytes, is_paged_cache, num_heads, block_size, block_size_t, max_blocks_per_seq, page_table_cb, St, receiver
semaphore id, batch_size, page_table_stick_size, page_table_is_dram, the cache's TensorAccessorArgs. Runtime args:
has_work, then cache_addr, cache_start_id, cache_tile_offset_B, my_batch_idx, send_signal, send_core_x,
send_core_y."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.paged_cache.paged_lib import SKIP, first_cache_tile, raw_update_idx, write_cache_rows


def kernel_main():
    fused_writer(row_major=False)


def fused_writer(row_major):
    """The writer's body. row_major (the row-major program's writer): an is_input1 runtime arg after has_work, the
    two inputs' own CBs (their rows, one page) in place of the untilized input CB."""
    if not get_arg_val(0):
        return
    a = 2 if row_major else 1                   # runtime args: has_work[, is_input1], ...
    cache_addr, cache_start_id, offset_B, my_batch_idx, send_signal, send_x, send_y = (
        get_arg_val(i) for i in range(a, a + 7))
    c = 5 if row_major else 4                   # compile-time args: the CBs, then the shared words
    cbs = [get_compile_time_arg_val(i) for i in range(c)]
    cache_cb, untilized_cache_cb, untilized_cache2_cb = cbs[:3]
    (use_index_tensor, index_cb, cache_batch_num_tiles, Wt, Wbytes, is_paged, num_heads, block_size, block_size_t,
     _max_blocks, page_table_cb, St, sem_id, _batch_size, _pt_stick, _pt_is_dram) = (
        get_compile_time_arg_val(i) for i in range(c, c + 16))
    cache_args = TensorAccessorArgs(c + 16)
    if row_major:                               # the input's own rows (one page), by the core's input
        untilized_input_cb, input_pages = (cbs[3] if get_arg_val(1) else cbs[4]), 1
    else:
        untilized_input_cb, input_pages = cbs[3], Wt
    head_offset_t = Wt * St
    cache_tile_bytes = get_tile_size(cache_cb)
    s0 = TensorAccessor(cache_args, cache_addr, cache_tile_bytes)
    cache_id = cache_start_id
    skip = False
    if use_index_tensor:
        cb_wait_front(index_cb, 1)
        update_idx = raw_update_idx(get_read_ptr(index_cb), my_batch_idx)
        if update_idx == SKIP:
            skip = True
        else:
            pt_l1 = None
            if is_paged:
                cb_wait_front(page_table_cb, 1)
                pt_l1 = get_read_ptr(page_table_cb)
            cache_id = first_cache_tile(update_idx, my_batch_idx, cache_batch_num_tiles, Wt, pt_l1, num_heads,
                                        block_size, block_size_t)
            offset_B = update_idx % 32 * Wbytes
    cb_wait_front(untilized_input_cb, input_pages)
    input_l1 = get_read_ptr(untilized_input_cb)
    write_cache_rows(num_heads, input_l1, untilized_cache_cb, untilized_cache2_cb, cache_cb, Wt, offset_B, Wbytes, skip,
                     cache_id, head_offset_t, s0, cache_tile_bytes)
    cb_pop_front(untilized_input_cb, input_pages)
    if send_signal:
        noc_semaphore_inc(get_noc_addr(send_x, send_y, get_semaphore(sem_id)), 1)
        noc_async_write_barrier()     # noc_async_atomic_barrier: tensix counts the increment among the writes
