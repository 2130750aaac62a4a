"""in1 reader and output writer of the batched DRAM-sharded matmul
(MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig), run on every core of the program's rectangle; the
cores that are not workers (runtime arg 0 != 1) return at once. in1 is height-sharded by batch in DRAM, shard i in
bank i: for each of its batches a worker reads the batch's K blocks from its bank (in1_block_num_tiles tiles each,
contiguous from the shard's start + batch * in1_tensor_stride_batch_bytes, in pages of at most in1_page_size bytes)
into c_1, one block at a time (reserve, read, barrier, push); with FUSE_BIAS the bias's in3_block_tiles from the same
bank into c_3; then it waits for the compute kernel's output block of the batch (c_4) and, with OUT_SHARDED, writes
it whole to the output storage core's shard at + batch * out_tensor_stride_batch_bytes, and pops it.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_bmm_tile_layout_in1_sender_dram_sharded_height.cpp (the virtual channel, runtime arg 4, sets no timing in
tensix's NoC model). Compile-time args 0-9: in1_page_size, in1_num_pages, in1_block_w, in1_block_num_tiles,
num_blocks, out_block_num_tiles, num_batches_per_core, in1_tensor_stride_batch_bytes,
out_tensor_stride_batch_bytes, out_shard_size_bytes, with FUSE_BIAS 10-12 (in3_page_size, in3_num_pages,
in3_block_tiles); named cb_in1, cb_bias, cb_out. Runtime args: is_worker_core, in1 address, bias address,
dram_bank_id, vc, the output storage core's NoC x and y, the output shard's L1 address."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    if get_arg_val(0) != 1:
        return      # idle core of the rectangle
    fuse_bias = "FUSE_BIAS" in DEFINES
    in1_tensor_addr = get_arg_val(1)
    in3_tensor_addr = get_arg_val(2) if fuse_bias else 0
    dram_bank_id = get_arg_val(3)
    output_storage_noc_x = get_arg_val(5)
    output_storage_noc_y = get_arg_val(6)
    output_shard_l1_addr = get_arg_val(7)

    in1_page_size = get_compile_time_arg_val(0)
    in1_block_num_tiles = get_compile_time_arg_val(3)
    num_blocks = get_compile_time_arg_val(4)
    out_block_num_tiles = get_compile_time_arg_val(5)
    num_batches_per_core = get_compile_time_arg_val(6)
    in1_tensor_stride_batch_bytes = get_compile_time_arg_val(7)
    out_tensor_stride_batch_bytes = get_compile_time_arg_val(8)

    cb_id_in1 = NAMED["cb_in1"]
    cb_id_out = NAMED["cb_out"]
    in1_block_size_bytes = in1_block_num_tiles * get_tile_size(cb_id_in1)
    out_block_size_bytes = out_block_num_tiles * get_tile_size(cb_id_out)

    for batch in range(num_batches_per_core):
        in1_batch_offset = batch * in1_tensor_stride_batch_bytes
        l1_read_addr_in1 = 0
        for _ in range(num_blocks):
            cb_reserve_back(cb_id_in1, in1_block_num_tiles)
            dst = get_write_ptr(cb_id_in1)
            remaining = in1_block_size_bytes
            offset = l1_read_addr_in1
            while remaining > 0:
                n = min(remaining, in1_page_size)
                noc_async_read(get_noc_addr_from_bank_id(dram_bank_id, in1_tensor_addr + in1_batch_offset + offset),
                               dst, n)
                dst += n
                offset += n
                remaining -= n
            noc_async_read_barrier()
            cb_push_back(cb_id_in1, in1_block_num_tiles)
            l1_read_addr_in1 += in1_block_size_bytes

        if fuse_bias:
            # the C++ reads the same bank's bias at the bias's address for every batch (no batch offset)
            in3_block_tiles = get_compile_time_arg_val(12)
            cb_id_in3 = NAMED["cb_bias"]
            cb_reserve_back(cb_id_in3, in3_block_tiles)
            noc_async_read(get_noc_addr_from_bank_id(dram_bank_id, in3_tensor_addr), get_write_ptr(cb_id_in3),
                           in3_block_tiles * get_tile_size(cb_id_in3))
            noc_async_read_barrier()
            cb_push_back(cb_id_in3, in3_block_tiles)

        cb_wait_front(cb_id_out, out_block_num_tiles)
        if "OUT_SHARDED" in DEFINES:
            dest = output_shard_l1_addr + batch * out_tensor_stride_batch_bytes
            noc_async_write(get_read_ptr(cb_id_out), get_noc_addr(output_storage_noc_x, output_storage_noc_y, dest),
                            out_block_size_bytes)
            noc_async_write_barrier()
        cb_pop_front(cb_id_out, out_block_num_tiles)
