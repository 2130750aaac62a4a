"""in1 reader and multicast sender, and output writer, of the blocked matmuls (2D and 1D multicast): for each batch,
output block and K block it reads the in1 block (in0_block_w x block_w tiles; columns beyond last_block_w of the
last block column are not read) into c_1 and multicasts it down its column of cores (receiver handshake as the
in0 sender); with FUSE_BIAS it reads and multicasts the bias block (block_w tiles of row 0 of the bias) into c_3;
then it writes the output block from c_4 to the interleaved output, subblock by subblock, skipping the padded
subblocks and tiles of the last block row and column.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_bmm_tile_layout_in1_sender_writer_padding.cpp for interleaved in1 and bias (no sparsity or fused CCL ops:
the factories refuse those). IN1_DRAM_WIDTH_SHARDED (the 2D program's DRAM width-sharded in1, without a bias): the
runtime args after last_num_blocks_w_dim name the banks this sender reads (a VC, the count, the byte offset of the
first read in its shard, then (row bytes, bank id) pairs); each K block copies in0_block_w shard rows of each bank,
tile by tile, side by side into c_1 (the shard rows in1_block_w_dram_bytes apart, the block's rows in1_block_w tiles
apart), the offset in the shards advancing by one K block of a shard. IN1_DRAM_HEIGHT_SHARDED (the 2D program's
batched DRAM in1): batch b's in1 block tiles are read from DRAM bank b / batches_per_bank at the batch's offset in
the bank (compile-time args after the bias accessor: K * N tiles a batch, batches per bank), tile ids relative to the
batch. IN1_SHARDED / BIAS_SHARDED (the 1D mcast_in0 program's width-sharded in1 / bias): c_1 / c_3 are this core's
shards, pushed without reading (in1 all its K blocks at the start, the bias block where it would have been read).
OUT_SHARDED: c_4 lives in the output's shard (the factory places it there), so the writer writes nothing, takes no
last_num_blocks_w_dim arg, and at the end waits until the compute kernel has pushed the whole shard (batch x nonzero
subblocks). Compile-time args 0-31 as the C++ then the TensorAccessorArgs of in1 (32), the sparsity placeholder, the
output and the bias. Runtime args as the factory sets them (in1 address and start tile, multicast rectangle,
sparsity_addr, output address and start tile, last_block_w, the eight writer padding args, bias address and start
tile, last_num_blocks_w_dim)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import VALID, mcast_send, sem_set, write_out_block


def kernel_main():
    in1_tensor_addr = get_arg_val(0)
    in1_tensor_start_tile_id = get_arg_val(1)
    mcast_x0 = get_arg_val(2)
    mcast_y0 = get_arg_val(3)
    mcast_x1 = get_arg_val(4)
    mcast_y1 = get_arg_val(5)
    out_tensor_addr = get_arg_val(7)
    out_tensor_start_tile_id = get_arg_val(8)
    last_block_w = get_arg_val(9)
    out_num_nonzero_subblocks_h = get_arg_val(10)
    out_last_subblock_h = get_arg_val(11)
    padded_block_tiles_h_skip = get_arg_val(12)
    out_num_nonzero_subblocks_w = get_arg_val(13)
    out_last_num_nonzero_subblocks_w = get_arg_val(14)
    out_last_subblock_w = get_arg_val(15)
    padded_subblock_tiles_addr_skip = get_arg_val(16)
    padded_block_tiles_w_skip = get_arg_val(17)
    fuse_bias = "FUSE_BIAS" in DEFINES
    if fuse_bias:
        in3_tensor_addr = get_arg_val(18)
        in3_tensor_start_tile_id = get_arg_val(19)
    out_sharded = "OUT_SHARDED" in DEFINES
    if not out_sharded:
        last_num_blocks_w_dim = get_arg_val(20)

    in1_tensor_stride_w = get_compile_time_arg_val(0)
    in1_tensor_stride_h = get_compile_time_arg_val(1)
    in1_tensor_next_block_stride = get_compile_time_arg_val(2)
    in1_tensor_next_w_dim_block_stride = get_compile_time_arg_val(3)
    in1_block_w = get_compile_time_arg_val(4)
    in1_block_h = get_compile_time_arg_val(5)
    in1_block_num_tiles = get_compile_time_arg_val(6)
    num_blocks_inner_dim = get_compile_time_arg_val(7)
    num_blocks_w_dim = get_compile_time_arg_val(8)
    num_blocks_h_dim = get_compile_time_arg_val(9)
    sender_sem = get_compile_time_arg_val(10)
    receiver_sem = get_compile_time_arg_val(11)
    in1_mcast_num_dests = get_compile_time_arg_val(12)
    in1_mcast_num_cores = get_compile_time_arg_val(13)
    KtNt = get_compile_time_arg_val(14)
    batch = get_compile_time_arg_val(15)
    bcast_B = get_compile_time_arg_val(16)
    out_tensor_stride_w = get_compile_time_arg_val(19)
    out_tensor_stride_h = get_compile_time_arg_val(20)
    out_tensor_next_subblock_stride_w = get_compile_time_arg_val(21)
    out_tensor_next_subblock_stride_h = get_compile_time_arg_val(22)
    out_tensor_next_w_dim_block_stride = get_compile_time_arg_val(23)
    out_tensor_next_h_dim_block_stride = get_compile_time_arg_val(24)
    out_subblock_w = get_compile_time_arg_val(25)
    out_subblock_h = get_compile_time_arg_val(26)
    out_subblock_tile_count = get_compile_time_arg_val(27)
    MtNt = get_compile_time_arg_val(28)
    in3_tensor_stride_w = get_compile_time_arg_val(29)
    in1_args = TensorAccessorArgs(32)
    sparsity_args = TensorAccessorArgs(in1_args.next_compile_time_args_offset())
    out_args = TensorAccessorArgs(sparsity_args.next_compile_time_args_offset())

    cb_id_in1 = NAMED["cb_in1"]
    cb_id_out0 = NAMED["cb_out"]
    in1_single_tile_size_bytes = get_tile_size(cb_id_in1)
    in1_aligned_tile_size_bytes = (in1_single_tile_size_bytes + 31) & ~31
    in1_block_size_bytes = in1_block_num_tiles * in1_aligned_tile_size_bytes
    output_single_tile_size_bytes = get_tile_size(cb_id_out0)
    skip_mcast = "SKIP_MCAST" in DEFINES

    in1_sharded = "IN1_SHARDED" in DEFINES
    bias_sharded = "BIAS_SHARDED" in DEFINES
    in1_dram_hs = "IN1_DRAM_HEIGHT_SHARDED" in DEFINES
    in1_dram_ws = "IN1_DRAM_WIDTH_SHARDED" in DEFINES
    if in1_dram_ws:
        i = 20 if out_sharded else 21
        # get_arg_val(i) is the NoC virtual channel of the reads (tensix's NoC model has no per-VC state)
        num_dram_shards_to_read = get_arg_val(i + 1)
        dram_tensor_start_offset = get_arg_val(i + 2)
        dram_reads = [(get_arg_val(i + 3 + 2 * r), get_arg_val(i + 4 + 2 * r))
                      for r in range(num_dram_shards_to_read)]           # (row bytes, bank id)
        after_bias = (TensorAccessorArgs(out_args.next_compile_time_args_offset()) if fuse_bias
                      else out_args).next_compile_time_args_offset()
        in1_dram_block_size_bytes = get_compile_time_arg_val(after_bias) * in1_single_tile_size_bytes
        in1_block_w_dram_bytes = get_compile_time_arg_val(after_bias + 1)
        in1_block_w_bytes = in1_block_w * in1_single_tile_size_bytes
        in1_block_size_bytes = in1_block_num_tiles * in1_single_tile_size_bytes     # c_1's natural stride
    if in1_dram_hs:
        after_bias = (TensorAccessorArgs(out_args.next_compile_time_args_offset()) if fuse_bias
                      else out_args).next_compile_time_args_offset()
        in1_batch_stride_bytes = get_compile_time_arg_val(after_bias) * in1_single_tile_size_bytes
        in1_batches_per_bank = get_compile_time_arg_val(after_bias + 1)
        in1_block_size_bytes = in1_block_num_tiles * in1_single_tile_size_bytes     # the shards' natural stride
    if in1_sharded:
        # c_1 is this core's in1 shard: all its K blocks are there from the start (natural tile stride)
        in1_block_size_bytes = in1_block_num_tiles * in1_single_tile_size_bytes
        cb_reserve_back(cb_id_in1, in1_block_num_tiles * num_blocks_inner_dim)
        cb_push_back(cb_id_in1, in1_block_num_tiles * num_blocks_inner_dim)
        if not skip_mcast:
            in1_sharded_start_address = get_write_ptr(cb_id_in1)
    else:
        s1 = TensorAccessor(in1_args, in1_tensor_addr, in1_single_tile_size_bytes)
    s = TensorAccessor(out_args, out_tensor_addr, output_single_tile_size_bytes)
    if fuse_bias:
        cb_id_in3 = NAMED["cb_bias"]
        bias_single_tile_size_bytes = get_tile_size(cb_id_in3)
        if not bias_sharded:
            bias_args = TensorAccessorArgs(out_args.next_compile_time_args_offset())
            s3 = TensorAccessor(bias_args, in3_tensor_addr, bias_single_tile_size_bytes)

    if not skip_mcast:
        sem_set(receiver_sem, VALID)

    for b in range(batch):
        in1_batch_tile_id = in1_tensor_start_tile_id
        if in1_dram_hs:
            in1_dram_bank_id = b // in1_batches_per_bank
            in1_dram_batch_offset = (b % in1_batches_per_bank) * in1_batch_stride_bytes
        in1_tensor_current_h_dim_block_tile_id = in1_batch_tile_id
        out_tensor_current_h_dim_block_tile_id = out_tensor_start_tile_id
        for bh in range(num_blocks_h_dim):
            in1_tensor_current_w_dim_block_tile_id = in1_tensor_current_h_dim_block_tile_id
            out_tensor_current_w_dim_block_tile_id = out_tensor_current_h_dim_block_tile_id
            if fuse_bias:
                in3_tensor_current_w_dim_block_tile_id = in3_tensor_start_tile_id
            for bw in range(num_blocks_w_dim):
                in1_tensor_current_inner_dim_block_start_tile_id = in1_tensor_current_w_dim_block_tile_id
                # IN1_DRAM_WIDTH_SHARDED: each output block row re-reads the banks from K = 0
                l1_read_addr_in1_offset = 0
                for block in range(num_blocks_inner_dim):
                    if in1_dram_ws:
                        cb_reserve_back(cb_id_in1, in1_block_num_tiles)
                        in1_start_address = get_write_ptr(cb_id_in1)
                        l1_write_addr_in1_offset = 0
                        for r, (row_bytes, bank) in enumerate(dram_reads):
                            base = in1_tensor_addr + (dram_tensor_start_offset if r == 0 else 0)
                            rd = l1_read_addr_in1_offset
                            wr = in1_start_address + l1_write_addr_in1_offset
                            for m in range(in1_block_h):
                                for w in range(row_bytes // in1_single_tile_size_bytes):
                                    off = w * in1_single_tile_size_bytes
                                    noc_async_read(get_noc_addr_from_bank_id(bank, base + rd + off), wr + off,
                                                   in1_single_tile_size_bytes)
                                rd += in1_block_w_dram_bytes
                                wr += in1_block_w_bytes
                            l1_write_addr_in1_offset += row_bytes
                        l1_read_addr_in1_offset += in1_dram_block_size_bytes
                        noc_async_read_barrier()
                        if not skip_mcast:
                            mcast_send(sender_sem, receiver_sem, in1_start_address, in1_block_size_bytes, mcast_x0,
                                       mcast_y0, mcast_x1, mcast_y1, in1_mcast_num_dests, in1_mcast_num_cores)
                        cb_push_back(cb_id_in1, in1_block_num_tiles)
                        continue
                    if in1_sharded:
                        if not skip_mcast:
                            # (as the C++: the block multicast from c_1's write pointer taken before the loop)
                            mcast_send(sender_sem, receiver_sem, in1_sharded_start_address, in1_block_size_bytes,
                                       mcast_x0, mcast_y0, mcast_x1, mcast_y1, in1_mcast_num_dests,
                                       in1_mcast_num_cores)
                        continue
                    cb_reserve_back(cb_id_in1, in1_block_num_tiles)
                    in1_start_address = get_write_ptr(cb_id_in1)
                    in1_write_offset = 0
                    in1_tensor_row_start_tile_id = in1_tensor_current_inner_dim_block_start_tile_id
                    for h in range(in1_block_h):
                        in1_tensor_tile_id = in1_tensor_row_start_tile_id
                        for w in range(in1_block_w):
                            if in1_dram_hs:
                                if bw < num_blocks_w_dim - 1 or w < last_block_w:
                                    noc_async_read(get_noc_addr_from_bank_id(
                                        in1_dram_bank_id, in1_tensor_addr + in1_dram_batch_offset
                                        + in1_tensor_tile_id * in1_single_tile_size_bytes),
                                        in1_start_address + in1_write_offset, in1_single_tile_size_bytes)
                                in1_write_offset += in1_single_tile_size_bytes
                                in1_tensor_tile_id += in1_tensor_stride_w
                                continue
                            if bw < num_blocks_w_dim - 1 or w < last_block_w:
                                noc_async_read_tile(in1_tensor_tile_id, s1, in1_start_address + in1_write_offset)
                            in1_write_offset += in1_aligned_tile_size_bytes
                            in1_tensor_tile_id += in1_tensor_stride_w
                        in1_tensor_row_start_tile_id += in1_tensor_stride_h
                    in1_tensor_current_inner_dim_block_start_tile_id += in1_tensor_next_block_stride
                    noc_async_read_barrier()
                    if not skip_mcast:
                        mcast_send(sender_sem, receiver_sem, in1_start_address, in1_block_size_bytes, mcast_x0,
                                   mcast_y0, mcast_x1, mcast_y1, in1_mcast_num_dests, in1_mcast_num_cores)
                    cb_push_back(cb_id_in1, in1_block_num_tiles)

                if fuse_bias and bias_sharded and ((b == 0 and bh == 0) or num_blocks_w_dim > 1):
                    # BIAS_SHARDED: c_3 is this core's bias shard
                    cb_reserve_back(cb_id_in3, in1_block_w)
                    cb_push_back(cb_id_in3, in1_block_w)
                elif fuse_bias and ((b == 0 and bh == 0) or num_blocks_w_dim > 1):
                    # the bias block: read on the first batch and block row only, unless there are several columns
                    cb_reserve_back(cb_id_in3, in1_block_w)
                    in3_start_address = get_write_ptr(cb_id_in3)
                    in3_write_offset = 0
                    in3_block_size_bytes = 0
                    in3_tensor_tile_id = in3_tensor_current_w_dim_block_tile_id
                    for w in range(in1_block_w):
                        if bw < num_blocks_w_dim - 1 or w < last_block_w:
                            noc_async_read_tile(in3_tensor_tile_id, s3, in3_start_address + in3_write_offset)
                        in3_write_offset += bias_single_tile_size_bytes
                        in3_tensor_tile_id += in3_tensor_stride_w
                        in3_block_size_bytes += bias_single_tile_size_bytes
                    noc_async_read_barrier()
                    if not skip_mcast:
                        mcast_send(sender_sem, receiver_sem, in3_start_address, in3_block_size_bytes, mcast_x0,
                                   mcast_y0, mcast_x1, mcast_y1, in1_mcast_num_dests, in1_mcast_num_cores)
                    cb_push_back(cb_id_in3, in1_block_w)

                if not out_sharded:
                    # WRITER
                    num_blocks_w_dim_ = (last_num_blocks_w_dim if bw >= last_num_blocks_w_dim - 1
                                         else num_blocks_w_dim)
                    last_col = bw == num_blocks_w_dim_ - 1
                    write_out_block(cb_id_out0, s, output_single_tile_size_bytes,
                                    out_tensor_current_w_dim_block_tile_id, out_num_nonzero_subblocks_h,
                                    out_last_num_nonzero_subblocks_w if last_col else out_num_nonzero_subblocks_w,
                                    bh == num_blocks_h_dim - 1, last_col, out_subblock_h, out_subblock_w,
                                    out_subblock_tile_count, out_last_subblock_h, out_last_subblock_w,
                                    padded_subblock_tiles_addr_skip, padded_block_tiles_w_skip,
                                    padded_block_tiles_h_skip,
                                    out_tensor_stride_w, out_tensor_stride_h, out_tensor_next_subblock_stride_w,
                                    out_tensor_next_subblock_stride_h, bw < num_blocks_w_dim_)

                in1_tensor_current_w_dim_block_tile_id += in1_tensor_next_w_dim_block_stride
                out_tensor_current_w_dim_block_tile_id += out_tensor_next_w_dim_block_stride
                if fuse_bias:
                    in3_tensor_current_w_dim_block_tile_id += in1_block_w
            out_tensor_current_h_dim_block_tile_id += out_tensor_next_h_dim_block_stride
        out_tensor_start_tile_id += MtNt
        in1_batch_tile_id += KtNt
        if bcast_B == 0 and not in1_dram_hs:    # height-sharded DRAM: the batch is the bank and its offset
            in1_tensor_start_tile_id += KtNt
    if out_sharded:
        cb_wait_front(cb_id_out0, batch * out_num_nonzero_subblocks_h * out_num_nonzero_subblocks_w * out_subblock_w
                      * out_subblock_h)
    noc_async_write_barrier()
