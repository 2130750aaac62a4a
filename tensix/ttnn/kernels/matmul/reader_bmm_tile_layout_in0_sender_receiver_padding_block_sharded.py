"""in0 reader of the blocked matmuls for an in0 sharded in L1 (width-sharded in0 of the 1D multicast program,
block-sharded in0 of the 2D program): every core of the in0 shard grid is in turn the sender of the K blocks its
shard holds. For K block `block` the core whose shard holds it (block_id = block / blocks per shard == its
sender_id) takes the block from its shard (c_2, the CB placed on in0's buffer) -- in place when the shard is one
block high or one block wide, else copied row by row into c_0 (extract_shard_sub_blocks) --, zeroes the columns
(rows, with transpose) beyond the logical K in the last K tile, waits until the other receivers have reserved their
c_0 space (their increments of its sender semaphore), multicasts the block into c_0 of the receiver rectangle
(itself included: from c_2 with loopback; from c_0 to the others when it extracted the block) and sets their
receiver semaphore VALID. The other cores increment that sender's semaphore and wait for VALID.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_bmm_tile_layout_in0_sender_receiver_padding_block_sharded.cpp without the fused all-gather (fuse_op: the
factories refuse it). Compile-time args 0-21 as the C++ (core_has_output_block_work,
core_in_in0_receiver_mcast_grid, in0_block_num_tiles, in0_block_size_bytes, the K padding, the three block counts,
the semaphore ids, multicast dests and cores, num_x, num_y, transpose_mcast, the shard width and height in tiles,
in0_block_w, in0_block_h, batch, fuse_op). Runtime args: sender_id, the multicast rectangle (NoC start x/y, end
x/y), then num_x NoC x and num_y NoC y coordinates of the shard grid."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import INVALID, VALID, pad_last_ktile, pad_last_transposed_ktile, \
    sem_set, sem_up, sem_wait


def kernel_main():
    core_has_output_block_work = bool(get_compile_time_arg_val(0))
    core_in_in0_receiver_mcast_grid = bool(get_compile_time_arg_val(1))
    in0_block_num_tiles = get_compile_time_arg_val(2)
    in0_block_size_bytes = get_compile_time_arg_val(3)
    in0_last_ktile_w = get_compile_time_arg_val(4)
    in0_last_ktile_h = get_compile_time_arg_val(5)
    num_blocks_inner_dim = get_compile_time_arg_val(6)
    num_blocks_w_dim = get_compile_time_arg_val(7)
    num_blocks_h_dim = get_compile_time_arg_val(8)
    sender_sem = get_compile_time_arg_val(9)
    receiver_sem = get_compile_time_arg_val(10)
    in0_mcast_num_dests = get_compile_time_arg_val(11)
    in0_mcast_num_cores = get_compile_time_arg_val(12)
    num_x = get_compile_time_arg_val(13)
    num_y = get_compile_time_arg_val(14)
    transpose_mcast = bool(get_compile_time_arg_val(15))
    shard_width_in_tiles = get_compile_time_arg_val(16)
    shard_height_in_tiles = get_compile_time_arg_val(17)
    in0_block_w = get_compile_time_arg_val(18)
    in0_block_h = get_compile_time_arg_val(19)
    batch = get_compile_time_arg_val(20)

    sender_id = get_arg_val(0)
    mcast_x0 = get_arg_val(1)
    mcast_y0 = get_arg_val(2)
    mcast_x1 = get_arg_val(3)
    mcast_y1 = get_arg_val(4)
    in0_mcast_noc_x = [get_arg_val(5 + i) for i in range(num_x)]
    in0_mcast_noc_y = [get_arg_val(5 + num_x + i) for i in range(num_y)]

    cb_id_in0 = NAMED["cb_in0"]
    cb_id_in2 = NAMED["cb_in0_sharded"]
    in0_single_tile_size_bytes = get_tile_size(cb_id_in0)
    in0_data_format = get_dataformat(cb_id_in0)

    num_blocks_per_shard = shard_width_in_tiles // in0_block_w
    # several blocks per shard and a shard more than one tile high: the blocks are copied out of the shard first
    extract_shard_sub_blocks = shard_height_in_tiles > 1 and num_blocks_per_shard > 1
    out_block_h = shard_height_in_tiles // num_blocks_h_dim
    shard_read_stride = shard_width_in_tiles * in0_single_tile_size_bytes
    shard_read_width = in0_single_tile_size_bytes * in0_block_w
    in0_tensor_next_h_dim_block_stride = shard_read_stride * in0_block_h

    # the NoC coordinates of the sender of each K block (the shard grid's cores row by row, or column by column)
    num_remote_senders = (num_blocks_inner_dim + num_blocks_per_shard - 1) // num_blocks_per_shard
    remote_sender_noc_x, remote_sender_noc_y = [], []
    x = y = 0
    for _ in range(num_remote_senders):
        remote_sender_noc_x.append(in0_mcast_noc_x[x])
        remote_sender_noc_y.append(in0_mcast_noc_y[y])
        if transpose_mcast:
            y += 1
            if y == num_y:
                y, x = 0, x + 1
        else:
            x += 1
            if x == num_x:
                x, y = 0, y + 1
    sem_set(receiver_sem, VALID)

    cb_reserve_back(cb_id_in2, batch * in0_block_num_tiles)
    in0_tensor_shard_read_addr = get_read_ptr(cb_id_in2)
    in0_tensor_read_addr = 0

    for b in range(batch):
        in0_tensor_current_h_dim_block_start_addr = in0_tensor_shard_read_addr
        for bh in range(num_blocks_h_dim):
            for bw in range(num_blocks_w_dim):
                in0_tensor_current_inner_dim_block_start_addr = in0_tensor_current_h_dim_block_start_addr
                for block in range(num_blocks_inner_dim):
                    block_id = block // num_blocks_per_shard
                    cb_reserve_back(cb_id_in0, in0_block_num_tiles)
                    # every core of the receiver grid receives, with output work or not (the multicast goes from
                    # and to the same CB address on all of them)
                    if core_in_in0_receiver_mcast_grid:
                        sem_set(receiver_sem, INVALID)

                    if block_id == sender_id:
                        in0_tensor_local_l1_write_addr = get_write_ptr(cb_id_in0)
                        last_k = block == num_blocks_inner_dim - 1
                        if extract_shard_sub_blocks:
                            in0_tensor_read_addr = in0_tensor_local_l1_write_addr
                            l1_write_extract_shard_in0 = in0_tensor_local_l1_write_addr
                            noc_shard_read_l1_addr = in0_tensor_current_inner_dim_block_start_addr
                            for _ in range(out_block_h):
                                noc_async_read(get_noc_addr(my_x[0], my_y[0], noc_shard_read_l1_addr),
                                               l1_write_extract_shard_in0, shard_read_width)
                                l1_write_extract_shard_in0 += shard_read_width
                                noc_shard_read_l1_addr += shard_read_stride
                            in0_tensor_current_inner_dim_block_start_addr += shard_read_width
                            noc_async_read_barrier()
                            pad_h = out_block_h
                        else:
                            in0_tensor_read_addr = in0_tensor_current_inner_dim_block_start_addr
                            in0_tensor_current_inner_dim_block_start_addr += in0_block_size_bytes
                            pad_h = in0_block_h
                        if in0_last_ktile_w > 0 and last_k:
                            for h in range(pad_h):
                                pad_last_ktile(in0_data_format, in0_tensor_read_addr
                                               + (h * in0_block_w + in0_block_w - 1) * in0_single_tile_size_bytes,
                                               in0_last_ktile_w)
                        if in0_last_ktile_h > 0 and last_k:
                            for w in range(in0_block_w):
                                pad_last_transposed_ktile(in0_data_format, in0_tensor_read_addr
                                                          + ((pad_h - 1) * in0_block_w + w)
                                                          * in0_single_tile_size_bytes, in0_last_ktile_h)

                        # wait for the receivers' increments (not counting this core when it receives too)
                        sem_wait(sender_sem, in0_mcast_num_dests - 1 if core_in_in0_receiver_mcast_grid
                                 else in0_mcast_num_dests)
                        sem_set(sender_sem, 0)

                        if core_in_in0_receiver_mcast_grid:
                            if extract_shard_sub_blocks:
                                # the block is already in this core's c_0: multicast to the others only
                                if in0_mcast_num_cores > 1:
                                    noc_async_write_multicast(
                                        in0_tensor_read_addr,
                                        get_noc_multicast_addr(mcast_x0, mcast_y0, mcast_x1, mcast_y1,
                                                               in0_tensor_local_l1_write_addr),
                                        in0_block_size_bytes, in0_mcast_num_cores - 1, linked=True)
                            elif in0_mcast_num_cores == 1:
                                # a local copy from the shard into c_0
                                noc_async_write(in0_tensor_read_addr,
                                                get_noc_addr(mcast_x0, mcast_y0, in0_tensor_local_l1_write_addr),
                                                in0_block_size_bytes)
                            else:
                                noc_async_write_multicast_loopback_src(
                                    in0_tensor_read_addr,
                                    get_noc_multicast_addr(mcast_x0, mcast_y0, mcast_x1, mcast_y1,
                                                           in0_tensor_local_l1_write_addr),
                                    in0_block_size_bytes, in0_mcast_num_cores, linked=True)
                            sem_set(receiver_sem, VALID)
                            if in0_mcast_num_cores > 1:
                                addr = get_semaphore(receiver_sem)
                                noc_semaphore_set_multicast_loopback_src(
                                    addr, get_noc_multicast_addr(mcast_x0, mcast_y0, mcast_x1, mcast_y1, addr),
                                    in0_mcast_num_cores)
                        else:
                            noc_async_write_multicast(
                                in0_tensor_read_addr,
                                get_noc_multicast_addr(mcast_x0, mcast_y0, mcast_x1, mcast_y1,
                                                       in0_tensor_local_l1_write_addr),
                                in0_block_size_bytes, in0_mcast_num_cores, linked=True)
                            sem_set(receiver_sem, VALID)
                            addr = get_semaphore(receiver_sem)
                            noc_semaphore_set_multicast(
                                addr, get_noc_multicast_addr(mcast_x0, mcast_y0, mcast_x1, mcast_y1, addr),
                                in0_mcast_num_cores)
                        # the semaphore multicast reads receiver_sem's L1 word: flush before it is set INVALID again
                        if not (core_in_in0_receiver_mcast_grid and in0_mcast_num_cores == 1):
                            noc_async_writes_flushed()
                    elif core_in_in0_receiver_mcast_grid:
                        sem_up(sender_sem, remote_sender_noc_x[block_id], remote_sender_noc_y[block_id], 1)

                    if core_in_in0_receiver_mcast_grid:
                        sem_wait(receiver_sem, VALID)
                    cb_push_back(cb_id_in0, in0_block_num_tiles)
                    # a core without output work frees c_0 at once (the multicasts keep every core's c_0 pointers in
                    # lockstep)
                    if not core_has_output_block_work:
                        # departure: the C++ pops without a cb_wait_front; tensix's CB model refuses a pop of pages
                        # the consumer has not waited for, and the wait returns at once after this core's own push
                        cb_wait_front(cb_id_in0, in0_block_num_tiles)
                        cb_pop_front(cb_id_in0, in0_block_num_tiles)
            in0_tensor_current_h_dim_block_start_addr += in0_tensor_next_h_dim_block_stride
    noc_async_write_barrier()
