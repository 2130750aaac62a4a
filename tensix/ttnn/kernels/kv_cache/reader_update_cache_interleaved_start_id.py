"""Reader of ttnn.update_cache: per batched head (32 input rows: one row per user of a head), the head's Wt input
tiles into the input CB (with INPUT_SHARDED the core's shard is the input CB: announced once), then u_count blocks of
`granularity` users' cache tile rows (Wt tiles each, the tile row that holds the update position) into the cache CB.
Users are the cache's batch: the next user's tile row is cache_batch_num_tiles further; after the last user (b == B)
the walk moves to the next head.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/kv_cache/device/kernels/dataflow/
reader_update_cache_interleaved_start_id.cpp. Compile-time args: cache_cb, input_cb, granularity, u_count, the
cache's then the input's TensorAccessorArgs. Runtime args: cache_addr, input_addr, Wt, B (the cache's batch),
num_batched_heads, cache_total_num_tiles, cache_batch_num_tiles, cache_head_num_tiles, cache_start_id,
input_start_id, batch_start_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    (cache_addr, input_addr, Wt, B, num_batched_heads, cache_total_num_tiles, cache_batch_num_tiles,
     cache_head_num_tiles, cache_start_id, input_start_id, batch_start_id) = (get_arg_val(i) for i in range(11))
    cache_cb_id = get_compile_time_arg_val(0)
    input_cb_id = get_compile_time_arg_val(1)
    granularity = get_compile_time_arg_val(2)
    u_count = get_compile_time_arg_val(3)
    cache_args = TensorAccessorArgs(4)
    input_args = TensorAccessorArgs(cache_args.next_compile_time_args_offset())
    cache_tile_bytes = get_tile_size(cache_cb_id)
    input_tile_bytes = get_tile_size(input_cb_id)
    s0 = TensorAccessor(cache_args, cache_addr, cache_tile_bytes)
    sharded = bool(globals().get("INPUT_SHARDED"))
    if sharded:
        cb_reserve_back(input_cb_id, Wt * num_batched_heads)
        cb_push_back(input_cb_id, Wt * num_batched_heads)
    else:
        s1 = TensorAccessor(input_args, input_addr, input_tile_bytes)
        input_id = input_start_id
    cache_id = cache_start_id
    b = batch_start_id
    for _h in range(num_batched_heads):
        if not sharded:
            cb_reserve_back(input_cb_id, Wt)
            l1 = get_write_ptr(input_cb_id)
            for _i in range(Wt):
                noc_async_read_page(input_id, s1, l1)
                l1 += input_tile_bytes
                input_id += 1
            noc_async_read_barrier()
            cb_push_back(input_cb_id, Wt)
        for _u in range(u_count):
            cb_reserve_back(cache_cb_id, Wt * granularity)
            l1 = get_write_ptr(cache_cb_id)
            for _g in range(granularity):
                for tile in range(cache_id, cache_id + Wt):
                    noc_async_read_page(tile, s0, l1)
                    l1 += cache_tile_bytes
                cache_id += cache_batch_num_tiles       # the inputs' rows are users (the cache's batch) of one head
                b += 1
                if b == B:
                    b = 0
                    cache_id = cache_id - cache_total_num_tiles + cache_head_num_tiles     # the next head
            noc_async_read_barrier()
            cb_push_back(cache_cb_id, Wt * granularity)
