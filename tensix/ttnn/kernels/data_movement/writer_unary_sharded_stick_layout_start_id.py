"""Writer of ttnn.interleaved_to_sharded into DRAM shards (ROW_MAJOR layout): the shard's rows from the CB of ct arg
0 to the DRAM-sharded output through its TensorAccessor, one page (stick) per row.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
writer_unary_sharded_stick_layout_start_id.cpp (noc.async_write(cb_out, s, bytes, {offset}, {page_id}): from the CB's
read pointer + offset to the accessor's page). Compile-time args: cb_id_out0, then the output's TensorAccessorArgs and (tensix) the output's aligned page size, which
tt-metal's accessor carries in its args (AlignedPageSize).
Runtime args: dst_addr, block_height (rows, also the pages waited for and popped), block_width_bytes (written per
row), padded_block_width_bytes (the rows' stride in the CB), start_id, output_width_in_pages (the page stride between
rows)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    block_height = get_arg_val(1)
    block_width_bytes = get_arg_val(2)
    padded_block_width_bytes = get_arg_val(3)
    stick_id = get_arg_val(4)
    output_width_in_pages = get_arg_val(5)
    cb_id_out0 = get_compile_time_arg_val(0)
    args = TensorAccessorArgs(1)
    s = TensorAccessor(args, dst_addr, get_compile_time_arg_val(args.next_compile_time_args_offset()))
    cb_wait_front(cb_id_out0, block_height)
    base = get_read_ptr(cb_id_out0)
    offset = 0
    for _h in range(block_height):
        noc_async_write(base + offset, s.get_noc_addr(stick_id), block_width_bytes)
        stick_id += output_width_in_pages
        offset += padded_block_width_bytes
    noc_async_write_barrier()
    cb_pop_front(cb_id_out0, block_height)
