"""Block reader of ttnn.untilize's multi-core factory for an unevenly sharded input (use_block_reader): the core's
shard (start_shard_id) read one block (a row of the shard's tiles) at a time into a double-buffered CB, through the
TensorAccessor's shard_pages iterator, which skips the rows of a partial shard that lie outside the tensor.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/untilize/device/kernels/dataflow/
reader_unary_sharded_blocks.cpp. Compile-time args: cb_id_in0, tiles_per_block, the input's TensorAccessorArgs.
Runtime args: src_addr, start_shard_id, num_blocks."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr = get_arg_val(0)
    start_shard_id = get_arg_val(1)
    num_blocks = get_arg_val(2)
    cb_id_in0 = get_compile_time_arg_val(0)
    tiles_per_block = get_compile_time_arg_val(1)
    tile_size_bytes = get_tile_size(cb_id_in0)
    block_size_bytes = tiles_per_block * tile_size_bytes
    s = TensorAccessor(TensorAccessorArgs(2), src_addr, tile_size_bytes)
    page_iter = s.shard_pages(start_shard_id).begin()
    for _b in range(num_blocks):
        cb_reserve_back(cb_id_in0, tiles_per_block)
        noc_async_read(page_iter.noc_addr, get_write_ptr(cb_id_in0), block_size_bytes)
        page_iter += tiles_per_block
        noc_async_read_barrier()
        cb_push_back(cb_id_in0, tiles_per_block)
