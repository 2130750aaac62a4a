"""Reader of ttnn.interleaved_to_sharded (ROW_MAJOR layout): the shard's rows (sticks), each the shard's width of a
row of the interleaved input, into the CB of ct arg 0 at padded_block_width_bytes strides. When the row segment is
not DRAM-aligned, each row goes through the scratch CB (ct arg 1): read with the aligned start into a scratch slot,
then copied from the scratch slot (aligned_offset into it) to its place by a NoC read of this core's L1.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sharded/device/kernels/dataflow/
reader_unary_stick_layout_sharded_blocks_interleaved_start_id.cpp. The C++ kernel keeps num_trids transactions in
flight with transaction ids; here the rows go num_trids at a time (their src->scratch reads issued together, then
their scratch->dest reads): the same data, overlapped in groups instead of by transaction id (an approximation of the
timing). Compile-time args: cb_id_in0, cb_id_in1 (scratch), num_trids, then the source's TensorAccessorArgs and
(tensix) the source's page size, which tt-metal's accessor carries in its args. Runtime
args: src_addr, (unused), block_height, block_width_bytes, padded_block_width_bytes, aligned,
aligned_input_width_offset_bytes, aligned_block_width_bytes, aligned_offset, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import get_local_cb_interface


def kernel_main():
    src_addr = get_arg_val(0)
    block_height = get_arg_val(2)
    block_width_bytes = get_arg_val(3)
    padded_block_width_bytes = get_arg_val(4)
    aligned = get_arg_val(5) != 0
    aligned_input_width_offset_bytes = get_arg_val(6)
    aligned_block_width_bytes = get_arg_val(7)
    aligned_offset = get_arg_val(8)
    start_id = get_arg_val(9)
    cb_id_in0 = get_compile_time_arg_val(0)
    cb_id_in1 = get_compile_time_arg_val(1)
    num_trids = get_compile_time_arg_val(2)
    src_page = get_compile_time_arg_val(4)      # tensix: the source's page size (its accessor's stride)
    s0 = TensorAccessor(TensorAccessorArgs(3), src_addr + aligned_input_width_offset_bytes, src_page)
    stick_id = start_id
    cb_reserve_back(cb_id_in0, block_height)
    base = get_write_ptr(cb_id_in0)
    if aligned:
        dest_off = 0
        for _h in range(block_height):
            noc_async_read(get_noc_addr(stick_id, s0), base + dest_off, block_width_bytes)
            stick_id += 1
            dest_off += padded_block_width_bytes
        noc_async_read_barrier()
    else:
        cb_reserve_back(cb_id_in1, num_trids)
        scratch_page = get_local_cb_interface(cb_id_in1).fifo_page_size
        scratch = get_write_ptr(cb_id_in1)
        dest_off = 0
        row = 0
        while row < block_height:
            n = min(num_trids, block_height - row)
            for slot in range(n):
                noc_async_read(get_noc_addr(stick_id, s0), scratch + slot * scratch_page, aligned_block_width_bytes)
                stick_id += 1
            noc_async_read_barrier()
            for slot in range(n):
                noc_async_read(get_noc_addr(scratch + slot * scratch_page + aligned_offset),
                               base + dest_off + slot * padded_block_width_bytes, block_width_bytes)
            noc_async_read_barrier()
            dest_off += n * padded_block_width_bytes
            row += n
    cb_push_back(cb_id_in0, block_height)
