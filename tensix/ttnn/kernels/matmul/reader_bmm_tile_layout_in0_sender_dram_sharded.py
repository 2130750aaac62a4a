"""in0 reader of the DRAM-sharded matmul (MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig): in0 is width-sharded
in L1 on its storage cores; the K blocks of each shard are multicast from that storage core to the whole device grid
(the factory's rectangle), where the worker cores (one next to each DRAM bank) receive them into c_0 for the compute
kernel. Four kinds of core (runtime arg 0, worker_core_type):
- 0: in the program's rectangle but neither storage nor worker: returns at once;
- 1: storage core that is not a worker (sender only): for each block of its shard, waits until every worker has
  reserved its c_0 space (their increments of its sender semaphore), zeroes the columns beyond the logical K of
  the last K tile (the last storage core only), multicasts the block from its shard (c_2, the CB on in0's buffer)
  into the others' c_0 (double-buffered: the odd blocks to the second half) and multicasts VALID;
- 2: storage core that is also a worker: for each K block, the sender of that block (block / blocks per shard ==
  its sender_id) multicasts it with loopback (itself included), the others increment the block's sender's
  semaphore; then it waits for VALID and pushes the block;
- 3: worker only: reserves c_0, marks INVALID, increments the block's sender's semaphore, waits for VALID, pushes.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_bmm_tile_layout_in0_sender_dram_sharded.cpp. Compile-time args 0-15 as the C++ (in0_block_num_tiles,
in0_block_size_bytes, in0_last_ktile_w / _h, the sender / receiver semaphore ids, the multicast dests and cores,
num_blocks, the multicast rectangle's NoC start / end x / y, the VALID semaphore id, num_blocks_per_shard,
in0_block_w); SKIP_MCAST in DEFINES. Runtime args: worker_core_type, sender_id, is_last_ktile_padded, then the NoC x
and the NoC y of the storage cores (num_blocks / num_blocks_per_shard each)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import INVALID, VALID, pad_last_ktile, pad_last_transposed_ktile, \
    sem_set, sem_up, sem_wait


def _pad(fmt, addr, in0_block_h, in0_block_w, tile_bytes, last_ktile_w, last_ktile_h):
    """Zero the padding beyond the logical K of the block's last K tile column (row, transposed)."""
    if last_ktile_w > 0:
        for h in range(in0_block_h):
            pad_last_ktile(fmt, addr + (h * in0_block_w + in0_block_w - 1) * tile_bytes, last_ktile_w)
    if last_ktile_h > 0:
        for w in range(in0_block_w):
            pad_last_transposed_ktile(fmt, addr + ((in0_block_h - 1) * in0_block_w + w) * tile_bytes, last_ktile_h)


def kernel_main():
    in0_block_num_tiles = get_compile_time_arg_val(0)
    in0_block_size_bytes = get_compile_time_arg_val(1)
    in0_last_ktile_w = get_compile_time_arg_val(2)
    in0_last_ktile_h = get_compile_time_arg_val(3)
    sender_sem = get_compile_time_arg_val(4)
    receiver_sem = get_compile_time_arg_val(5)
    in0_mcast_num_dests = get_compile_time_arg_val(6)
    in0_mcast_num_cores = get_compile_time_arg_val(7)
    num_blocks = get_compile_time_arg_val(8)
    x0 = get_compile_time_arg_val(9)
    y0 = get_compile_time_arg_val(10)
    x1 = get_compile_time_arg_val(11)
    y1 = get_compile_time_arg_val(12)
    num_blocks_per_shard = get_compile_time_arg_val(14)
    in0_block_w = get_compile_time_arg_val(15)
    in0_block_h = in0_block_num_tiles // in0_block_w
    num_storage_cores = num_blocks // num_blocks_per_shard
    skip_mcast = "SKIP_MCAST" in DEFINES

    worker_core_type = get_arg_val(0)
    if worker_core_type == 0:
        return
    sender_id = get_arg_val(1)
    is_last_ktile_padded = bool(get_arg_val(2))
    sender_noc_x = [get_arg_val(3 + i) for i in range(num_storage_cores)]
    sender_noc_y = [get_arg_val(3 + num_storage_cores + i) for i in range(num_storage_cores)]
    sender_block_id = sender_id * num_blocks_per_shard

    cb_id_in0 = NAMED["cb_in0"]
    cb_id_in2 = NAMED["cb_in0_sharded"]
    tile_bytes = get_tile_size(cb_id_in0)
    fmt = get_dataformat(cb_id_in0)

    sem_set(receiver_sem, VALID)
    local_read_addr = get_read_ptr(cb_id_in2)
    rect = get_noc_multicast_addr

    if worker_core_type == 1:       # sender without compute
        for i in range(num_blocks_per_shard):
            block_id = sender_block_id + i
            l1_write_addr_in0 = get_write_ptr(cb_id_in0)
            if block_id % 2:        # the receivers' double buffer
                l1_write_addr_in0 += in0_block_size_bytes
            sem_wait(sender_sem, in0_mcast_num_dests)
            sem_set(sender_sem, 0)
            if is_last_ktile_padded and i == num_blocks_per_shard - 1:
                _pad(fmt, local_read_addr, in0_block_h, in0_block_w, tile_bytes, in0_last_ktile_w, in0_last_ktile_h)
            if not skip_mcast:
                # the sender is in the rectangle: a plain multicast skips it and does not count it
                noc_async_write_multicast(local_read_addr, rect(x0, y0, x1, y1, l1_write_addr_in0),
                                          in0_block_size_bytes, in0_mcast_num_cores - 1, linked=True)
            addr = get_semaphore(receiver_sem)
            noc_semaphore_set_multicast(addr, rect(x0, y0, x1, y1, addr), in0_mcast_num_cores - 1)
            local_read_addr += in0_block_size_bytes
    elif worker_core_type == 2:     # sender and worker
        for block in range(num_blocks):
            block_id = block // num_blocks_per_shard
            cb_reserve_back(cb_id_in0, in0_block_num_tiles)
            sem_set(receiver_sem, INVALID)
            if block_id == sender_id:
                l1_write_addr_in0 = get_write_ptr(cb_id_in0)
                sem_wait(sender_sem, in0_mcast_num_dests - 1)
                sem_set(sender_sem, 0)
                if is_last_ktile_padded and block == num_blocks - 1:
                    _pad(fmt, local_read_addr, in0_block_h, in0_block_w, tile_bytes, in0_last_ktile_w,
                         in0_last_ktile_h)
                if not skip_mcast:
                    noc_async_write_multicast_loopback_src(local_read_addr, rect(x0, y0, x1, y1, l1_write_addr_in0),
                                                           in0_block_size_bytes, in0_mcast_num_cores, linked=True)
                sem_set(receiver_sem, VALID)
                if in0_mcast_num_cores > 1:
                    addr = get_semaphore(receiver_sem)
                    noc_semaphore_set_multicast_loopback_src(addr, rect(x0, y0, x1, y1, addr), in0_mcast_num_cores)
                    # the NoC must have read VALID before the next block sets the word INVALID again
                    noc_async_writes_flushed()
                local_read_addr += in0_block_size_bytes
            else:
                sem_up(sender_sem, sender_noc_x[block_id], sender_noc_y[block_id], 1)
            sem_wait(receiver_sem, VALID)
            cb_push_back(cb_id_in0, in0_block_num_tiles)
    else:                           # worker only
        for block in range(num_blocks):
            block_id = block // num_blocks_per_shard
            cb_reserve_back(cb_id_in0, in0_block_num_tiles)
            sem_set(receiver_sem, INVALID)
            sem_up(sender_sem, sender_noc_x[block_id], sender_noc_y[block_id], 1)
            sem_wait(receiver_sem, VALID)
            cb_push_back(cb_id_in0, in0_block_num_tiles)
    # noc_async_atomic_barrier: tensix's NoC counts an atomic increment among the outstanding writes, so the write
    # barrier waits for the semaphore increments too
    noc_async_write_barrier()
