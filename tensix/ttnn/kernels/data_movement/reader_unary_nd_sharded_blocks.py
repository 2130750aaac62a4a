"""Reader of ttnn.untilize's ND-sharded-input factory: the shards of this core (start_shard_id, then every
num_cores-th), each read one block (num_tiles_per_input_block consecutive pages of a shard row) at a time into c_0,
through the TensorAccessor's shard_pages iterator (which skips a partial shard's pages outside the tensor).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
reader_unary_nd_sharded_blocks.cpp. Compile-time args: cb_id_in0, num_tiles_per_input_block, num_shards, num_cores,
the input's TensorAccessorArgs. Runtime args: src_addr, start_shard_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr = get_arg_val(0)
    start_shard_id = get_arg_val(1)
    cb_id_in0 = get_compile_time_arg_val(0)
    tiles_per_block = get_compile_time_arg_val(1)
    num_shards = get_compile_time_arg_val(2)
    num_cores = get_compile_time_arg_val(3)
    tile_size_bytes = get_tile_size(cb_id_in0)
    s = TensorAccessor(TensorAccessorArgs(4), src_addr, tile_size_bytes)
    for shard_id in range(start_shard_id, num_shards, num_cores):
        pages = s.shard_pages(shard_id)
        page_iter, end = pages.begin(), pages.end()
        while page_iter != end:
            cb_reserve_back(cb_id_in0, tiles_per_block)
            noc_async_read(s.get_noc_addr(page_iter.page_id()), get_write_ptr(cb_id_in0),
                           tile_size_bytes * tiles_per_block)
            noc_async_read_barrier()
            cb_push_back(cb_id_in0, tiles_per_block)
            page_iter += tiles_per_block
