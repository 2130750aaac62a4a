"""Reader of the block (2-D split) untilize programs (UntilizeMultiCoreBlockProgramFactory,
UntilizeWithUnpaddingMultiCoreBlockInterleavedProgramFactory): this core's block of tiles (single_block_size_col_arg
tile-rows of single_block_size_row_arg tiles) of every 2-D slice into c_0, one tile at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/
reader_unary_interleaved_wh_multicore.cpp (not the BACKWARDS variant). Compile-time args: num_tiles_per_2d, third_dim,
total_tiles_per_row, the source's TensorAccessorArgs. Runtime args: src_addr, start_id, single_block_size_row_arg,
single_block_size_col_arg."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr = get_arg_val(0)
    start_id = get_arg_val(1)
    rows = get_arg_val(2)
    cols = get_arg_val(3)
    per_2d, third_dim, per_row = (get_compile_time_arg_val(i) for i in range(3))
    tile_bytes = get_tile_size(0)
    s = TensorAccessor(TensorAccessorArgs(3), src_addr, tile_bytes)
    for dim in range(third_dim):
        for c in range(cols):
            base = start_id + dim * per_2d + c * per_row
            for r in range(rows):
                cb_reserve_back(0, 1)
                noc_async_read(get_noc_addr(base + r, s), get_write_ptr(0), tile_bytes)
                noc_async_read_barrier()
                cb_push_back(0, 1)
