"""in0 reader of the batched DRAM-sharded matmul (MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig), run on
every core of the program's rectangle; the cores that are not workers (runtime arg 0 == 0) return at once. in0 is
height-sharded by batch in L1, shard i on worker i (the worker next to DRAM bank i): for each of its batches and each
K block, a worker reserves c_0, reads the block's in0_block_size_bytes from its storage core's shard (NoC read at the
shard's L1 address + batch * in0_tensor_stride_batch_bytes + block * in0_block_size_bytes), waits for the read and
pushes the block. The block is the shard's bytes as they lie: per_core_M x in0_block_w tiles only when the shard's
rows are one block wide or one tile high (the factory refuses the rest, see its docstring).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_bmm_tile_layout_in0_sender_dram_sharded_height.cpp. Compile-time args: in0_block_num_tiles,
in0_block_size_bytes, num_blocks, num_batches_per_core, in0_tensor_stride_batch_bytes, in0_shard_size_bytes (unused,
as in the C++); named cb_in0. Runtime args: worker_core_type, the input storage core's NoC x and y, the in0 shard's
L1 address."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    in0_block_num_tiles = get_compile_time_arg_val(0)
    in0_block_size_bytes = get_compile_time_arg_val(1)
    num_blocks = get_compile_time_arg_val(2)
    num_batches_per_core = get_compile_time_arg_val(3)
    in0_tensor_stride_batch_bytes = get_compile_time_arg_val(4)

    if get_arg_val(0) == 0:
        return      # idle core of the rectangle
    input_storage_noc_x = get_arg_val(1)
    input_storage_noc_y = get_arg_val(2)
    input_shard_l1_addr = get_arg_val(3)
    cb_id_in0 = NAMED["cb_in0"]

    for batch in range(num_batches_per_core):
        batch_offset = batch * in0_tensor_stride_batch_bytes
        for block in range(num_blocks):
            cb_reserve_back(cb_id_in0, in0_block_num_tiles)
            src = input_shard_l1_addr + batch_offset + block * in0_block_size_bytes
            noc_async_read(get_noc_addr(input_storage_noc_x, input_storage_noc_y, src), get_write_ptr(cb_id_in0),
                           in0_block_size_bytes)
            noc_async_read_barrier()
            cb_push_back(cb_id_in0, in0_block_num_tiles)
