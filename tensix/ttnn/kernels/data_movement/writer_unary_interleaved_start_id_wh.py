"""Writer of the block (2-D split) tilize programs: this core's block of tiles (single_block_size_col_arg tile-rows of
single_block_size_row_arg tiles) of every 2-D slice, from c_<ct arg 0> to the output, each write flushed, one barrier
at the end.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/
writer_unary_interleaved_start_id_wh.cpp (not the BACKWARDS variant). Compile-time args: cb_id_out, num_tiles_per_2d,
third_dim, total_tiles_per_row, the output's TensorAccessorArgs. Runtime args: dst_addr, start_id,
single_block_size_row_arg, single_block_size_col_arg."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    start_id = get_arg_val(1)
    rows = get_arg_val(2)
    cols = get_arg_val(3)
    cb, per_2d, third_dim, per_row = (get_compile_time_arg_val(i) for i in range(4))
    tile_bytes = get_tile_size(cb)
    s = TensorAccessor(TensorAccessorArgs(4), dst_addr, tile_bytes)
    for dim in range(third_dim):
        for c in range(cols):
            base = start_id + dim * per_2d + c * per_row
            for r in range(rows):
                cb_wait_front(cb, 1)
                noc_async_write(get_read_ptr(cb), get_noc_addr(base + r, s), tile_bytes)
                noc_async_writes_flushed()
                cb_pop_front(cb, 1)
    noc_async_write_barrier()
