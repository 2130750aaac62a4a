"""in0 reader and multicast sender of the blocked matmuls (2D and 1D multicast): for each batch, output block and K
block it reads the in0 block (block_h x in0_block_w tiles, rows beyond last_block_h of the last block row are not
read) from the interleaved tensor into c_0, zeroes the columns beyond the logical K in the last K tile
(pad_last_ktile), waits until the receivers have reserved their c_0 space (their increments of the sender
semaphore), multicasts the block to them and sets their receiver semaphore VALID.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_bmm_tile_layout_in0_sender_padding.cpp (no sparsity or fused CCL op: the factories refuse those). SKIP_MCAST:
no receivers. IN0_SHARDED (the 1D program's height-sharded in0): the block is already in this core's L1 -- c_0 is
the shard itself, or, with extract_shard_sub_blocks (compile-time arg 9: more than one K block per shard row), the
block's rows are copied out of the shard (c_2, shard_width_in_tiles wide) into c_0 by NoC reads from this core --,
then the last K tile of each row is padded in place. Compile-time args 0-26 as the C++ (strides, block shape, K
padding, block counts, semaphore ids, multicast counts, MtKt and batches), then the in0 TensorAccessorArgs at 28.
Runtime args: in0 address, start tile id, the multicast rectangle (NoC x/y start, end), last_block_h,
sparsity_addr (unused)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import VALID, mcast_send, pad_last_ktile, pad_last_transposed_ktile, \
    sem_set


def kernel_main():
    in0_tensor_addr = get_arg_val(0)
    in0_tensor_start_tile_id = get_arg_val(1)
    mcast_x0 = get_arg_val(2)
    mcast_y0 = get_arg_val(3)
    mcast_x1 = get_arg_val(4)
    mcast_y1 = get_arg_val(5)
    last_block_h = get_arg_val(6)

    in0_tensor_stride_w = get_compile_time_arg_val(0)
    in0_tensor_stride_h = get_compile_time_arg_val(1)
    in0_tensor_next_inner_dim_block_stride = get_compile_time_arg_val(2)
    in0_tensor_next_h_dim_block_stride = get_compile_time_arg_val(3)
    in0_block_w = get_compile_time_arg_val(4)
    in0_block_h = get_compile_time_arg_val(5)
    in0_block_num_tiles = get_compile_time_arg_val(6)
    in0_last_ktile_w = get_compile_time_arg_val(7)
    in0_last_ktile_h = get_compile_time_arg_val(8)
    num_blocks_inner_dim = get_compile_time_arg_val(12)
    num_blocks_w_dim = get_compile_time_arg_val(13)
    num_blocks_h_dim = get_compile_time_arg_val(14)
    sender_sem = get_compile_time_arg_val(15)
    receiver_sem = get_compile_time_arg_val(16)
    in0_mcast_num_dests = get_compile_time_arg_val(17)
    in0_mcast_num_cores = get_compile_time_arg_val(18)
    MtKt = get_compile_time_arg_val(19)
    in0_B = get_compile_time_arg_val(20)
    in1_B = get_compile_time_arg_val(21)
    in0_reuse_in_CB = get_compile_time_arg_val(22)
    in0_args = TensorAccessorArgs(28)

    cb_id_in0 = NAMED["cb_in0"]
    in0_single_tile_size_bytes = get_tile_size(cb_id_in0)
    # tiles whose size is not a multiple of the DRAM alignment are padded to it in DRAM and in c_0 (no-op for the
    # 32x32 tiles tensix has: 2048, 4096 and 1088 bytes are multiples of 32)
    in0_aligned_tile_size_bytes = (in0_single_tile_size_bytes + 31) & ~31
    in0_sharded = "IN0_SHARDED" in DEFINES
    # the sharded path keeps the natural tile stride
    in0_block_size_bytes = in0_block_num_tiles * (in0_single_tile_size_bytes if in0_sharded
                                                  else in0_aligned_tile_size_bytes)
    skip_mcast = "SKIP_MCAST" in DEFINES
    in0_data_format = get_dataformat(cb_id_in0)

    if in0_sharded:
        # (read here only: tensix charges each argument read, and the interleaved path's timing stays as it was)
        extract_shard_sub_blocks = bool(get_compile_time_arg_val(9))
        shard_width_in_tiles = get_compile_time_arg_val(10)
        shard_read_stride = shard_width_in_tiles * in0_single_tile_size_bytes
        shard_read_width = in0_single_tile_size_bytes * in0_block_w
        in0_tensor_next_h_dim_block_stride_bytes = in0_tensor_next_h_dim_block_stride * in0_single_tile_size_bytes
        noc_shard_read_start_addr = get_read_ptr(NAMED["cb_in0_sharded"]) if extract_shard_sub_blocks else 0
        # the multicast source: c_0's write pointer before the loop, moved only by the extraction (as the C++)
        in0_sharded_mcast_addr = get_write_ptr(cb_id_in0)
    else:
        s0 = TensorAccessor(in0_args, in0_tensor_addr, in0_single_tile_size_bytes)

    if not skip_mcast:
        sem_set(receiver_sem, VALID)    # the local VALID value, multicast to the receivers after each block

    for b in range(in0_B):
        in0_tensor_current_h_dim_block_start_addr = noc_shard_read_start_addr if in0_sharded else 0
        in0_tensor_current_h_dim_block_tile_id = in0_tensor_start_tile_id
        for bh in range(num_blocks_h_dim):
            for bw in range(num_blocks_w_dim):
                in0_tensor_current_inner_dim_block_start_addr = in0_tensor_current_h_dim_block_start_addr
                in0_tensor_current_inner_dim_block_start_tile_id = in0_tensor_current_h_dim_block_tile_id
                for block in range(num_blocks_inner_dim):
                    cb_reserve_back(cb_id_in0, in0_block_num_tiles)
                    in0_start_address = get_write_ptr(cb_id_in0)
                    if in0_sharded:
                        if extract_shard_sub_blocks:
                            l1_write_addr_in0 = in0_sharded_mcast_addr = in0_start_address
                            noc_shard_read_l1_addr = in0_tensor_current_inner_dim_block_start_addr
                            for _ in range(in0_block_h):
                                noc_async_read(get_noc_addr(my_x[0], my_y[0], noc_shard_read_l1_addr),
                                               l1_write_addr_in0, shard_read_width)
                                l1_write_addr_in0 += shard_read_width
                                noc_shard_read_l1_addr += shard_read_stride
                            in0_tensor_current_inner_dim_block_start_addr += shard_read_width
                            noc_async_read_barrier()
                        if block == num_blocks_inner_dim - 1:
                            if in0_last_ktile_w > 0:
                                for h in range(in0_block_h):
                                    pad_last_ktile(in0_data_format, in0_start_address
                                                   + (h * in0_block_w + in0_block_w - 1) * in0_single_tile_size_bytes,
                                                   in0_last_ktile_w)
                            if in0_last_ktile_h > 0:
                                for w in range(in0_block_w):
                                    pad_last_transposed_ktile(in0_data_format, in0_start_address
                                                              + ((in0_block_h - 1) * in0_block_w + w)
                                                              * in0_single_tile_size_bytes, in0_last_ktile_h)
                        if not skip_mcast:
                            mcast_send(sender_sem, receiver_sem, in0_sharded_mcast_addr, in0_block_size_bytes, mcast_x0,
                                       mcast_y0, mcast_x1, mcast_y1, in0_mcast_num_dests, in0_mcast_num_cores)
                        cb_push_back(cb_id_in0, in0_block_num_tiles)
                        continue
                    in0_write_offset = 0
                    in0_tensor_row_start_tile_id = in0_tensor_current_inner_dim_block_start_tile_id
                    last_k = block == num_blocks_inner_dim - 1
                    for h in range(in0_block_h):
                        in0_tensor_tile_id = in0_tensor_row_start_tile_id
                        read_row = bh < num_blocks_h_dim - 1 or h < last_block_h
                        for w in range(in0_block_w):
                            if read_row:
                                noc_async_read_tile(in0_tensor_tile_id, s0, in0_start_address + in0_write_offset)
                            if last_k and w == in0_block_w - 1:
                                if in0_last_ktile_w > 0:
                                    noc_async_read_barrier()
                                    pad_last_ktile(in0_data_format, in0_start_address + in0_write_offset,
                                                   in0_last_ktile_w)
                                if in0_last_ktile_h > 0:
                                    noc_async_read_barrier()
                                    pad_last_transposed_ktile(in0_data_format, in0_start_address + in0_write_offset,
                                                              in0_last_ktile_h)
                            in0_write_offset += in0_aligned_tile_size_bytes
                            in0_tensor_tile_id += in0_tensor_stride_w
                        in0_tensor_row_start_tile_id += in0_tensor_stride_h
                    in0_tensor_current_inner_dim_block_start_tile_id += in0_tensor_next_inner_dim_block_stride
                    noc_async_read_barrier()

                    if not skip_mcast:
                        mcast_send(sender_sem, receiver_sem, in0_start_address, in0_block_size_bytes, mcast_x0,
                                   mcast_y0, mcast_x1, mcast_y1, in0_mcast_num_dests, in0_mcast_num_cores)
                    cb_push_back(cb_id_in0, in0_block_num_tiles)
            if in0_sharded:
                in0_tensor_current_h_dim_block_start_addr += in0_tensor_next_h_dim_block_stride_bytes
            in0_tensor_current_h_dim_block_tile_id += in0_tensor_next_h_dim_block_stride
        # without sparsity (batchB = 0) the C++ adds MtKt once per batch whether bcast_A or not
        in0_tensor_start_tile_id += MtKt
        # in0 [1, 1, M, K] times in1 [1, H, K, N]: the block stays in L1 for the other in1 batches
        if in0_reuse_in_CB:
            for _ in range(in1_B - in0_B):
                for _ in range(num_blocks_inner_dim):
                    cb_reserve_back(cb_id_in0, in0_block_num_tiles)
                    cb_push_back(cb_id_in0, in0_block_num_tiles)
    noc_async_write_barrier()
