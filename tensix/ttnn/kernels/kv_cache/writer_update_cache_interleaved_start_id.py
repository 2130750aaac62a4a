"""Writer of ttnn.update_cache: per batched head, once the compute kernel has untilized the head's input tiles, for
each user of the walk (u_count blocks of `granularity`): wait for the user's untilized cache tile row, copy the user's
input row (batch_read_offset + user * Wbytes into the untilized input) over row update_idx % 32 of it (`offset`
bytes in) with a NoC read of this core's L1, hand it to the compute kernel through the second index of the same
buffer (untilized_cache2_cb), then write the retilized tile rows back to the cache (flushed per row, one barrier at
the end).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/kv_cache/device/kernels/dataflow/
writer_update_cache_interleaved_start_id.cpp. Compile-time args: cache_cb (the retilized output), untilized_cache_cb,
untilized_cache2_cb, untilized_input_cb, granularity, u_count, the cache's TensorAccessorArgs. Runtime args:
cache_addr, Wt, B, num_batched_heads, cache_total_num_tiles, cache_batch_num_tiles, cache_head_num_tiles,
cache_start_id, batch_start_id, Wbytes, offset, batch_read_offset."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    (cache_addr, Wt, B, num_batched_heads, cache_total_num_tiles, cache_batch_num_tiles, cache_head_num_tiles,
     cache_start_id, batch_start_id, Wbytes, offset, batch_read_offset) = (get_arg_val(i) for i in range(12))
    cache_cb_id, untilized_cache_cb_id, untilized_cache2_cb_id, untilized_input_cb_id = (
        get_compile_time_arg_val(i) for i in range(4))
    granularity = get_compile_time_arg_val(4)
    u_count = get_compile_time_arg_val(5)
    cache_args = TensorAccessorArgs(6)
    cache_tile_bytes = get_tile_size(cache_cb_id)
    s0 = TensorAccessor(cache_args, cache_addr, cache_tile_bytes)
    cache_id = cache_start_id
    b = batch_start_id
    for _h in range(num_batched_heads):
        cb_wait_front(untilized_input_cb_id, Wt)
        input_l1_read_addr = get_noc_addr(get_read_ptr(untilized_input_cb_id)) + batch_read_offset
        for _u in range(u_count):
            # granularity > 1: a double-buffered pipeline between the compute kernel and this writer
            for _g in range(granularity):
                cb_wait_front(untilized_cache_cb_id, Wt)
                cb_reserve_back(untilized_cache2_cb_id, Wt)
                cache_l1_write_addr = get_read_ptr(untilized_cache_cb_id) + offset
                noc_async_read(input_l1_read_addr, cache_l1_write_addr, Wbytes)
                input_l1_read_addr += Wbytes
                noc_async_read_barrier()
                cb_push_back(untilized_cache2_cb_id, Wt)
                cb_pop_front(untilized_cache_cb_id, Wt)
            for _g in range(granularity):
                cb_wait_front(cache_cb_id, Wt)
                l1 = get_read_ptr(cache_cb_id)
                for tile in range(cache_id, cache_id + Wt):
                    noc_async_write_page(tile, s0, l1)
                    l1 += cache_tile_bytes
                cache_id += cache_batch_num_tiles
                b += 1
                if b == B:
                    b = 0
                    cache_id = cache_id - cache_total_num_tiles + cache_head_num_tiles
                noc_async_writes_flushed()
                cb_pop_front(cache_cb_id, Wt)
        cb_pop_front(untilized_input_cb_id, Wt)
    noc_async_write_barrier()       # the writes are synced once, at the end (the C++: "to maximize perf")
