"""Writer of ttnn.sharded_to_interleaved (ROW_MAJOR layout): the shard's rows from the CB of ct arg 0 (at
padded_block_width_bytes strides) to their segment of the interleaved output's rows (the accessor's base address
offset by the segment's byte offset within a row).


Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
writer_unary_stick_layout_sharded_blocks_interleaved_start_id.cpp. Compile-time args: cb_id_out0, then the output's
TensorAccessorArgs and (tensix) the output's page size, which tt-metal's accessor carries in its args. Runtime args: dst_addr, (unused), block_height, block_width_bytes, padded_block_width_bytes,
input_width_offset_bytes, start_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    block_height = get_arg_val(2)
    block_width_bytes = get_arg_val(3)
    padded_block_width_bytes = get_arg_val(4)
    input_width_offset_bytes = get_arg_val(5)
    start_id = get_arg_val(6)
    cb_id_out0 = get_compile_time_arg_val(0)
    page = get_compile_time_arg_val(2)      # tensix: the output's page size (its accessor's stride)
    s0 = TensorAccessor(TensorAccessorArgs(1), dst_addr + input_width_offset_bytes, page)
    stick_id = start_id
    cb_wait_front(cb_id_out0, block_height)
    l1_read_addr = get_read_ptr(cb_id_out0)
    for _h in range(block_height):
        noc_async_write(l1_read_addr, get_noc_addr(stick_id, s0), block_width_bytes)
        stick_id += 1
        l1_read_addr += padded_block_width_bytes
    noc_async_write_barrier()
    cb_pop_front(cb_id_out0, block_height)
