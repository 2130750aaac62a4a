"""Reader of the sharded layernorm / rms_norm (LayerNormShardedProgramFactory) on the first core of each row of
shards (width_index 0): the coordinator of the cross-core statistics. For each statistic (E[x] unless RMSNORM, then
E[x^2] or Var[x]):
1. wait for its own partial (cb_ex_partial / cb_ex_partial2, block_h tiles: one per tile row of its shard);
2. with more than one block: set its sender semaphore VALID, wait for every other core of the row to report its
   partial (the receiver semaphore reaching num_blocks - 1), reset it and multicast VALID to them;
3. as an all-to-all worker, for each of its num_tiles_per_worker tile rows read the row's partial from every core
   of the row (starting from itself, in row / column order) into cb_ex_external, for its compute kernel to combine;
4. wait for its own combined rows (cb_ex, or cb_ex2pe: 1/sqrt(Var + eps)), pop its partial, wait for the other
   all-to-all workers (the receiver semaphore reaching num_all_to_all_workers - 1);
5. gather every all-to-all worker's combined rows into cb_ex_global (block_h tiles) and multicast them, one worker's
   rows at a time, to the other cores of the row, each followed by the sender semaphore set to block + 2.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/dataflow/
reader_mcast_sender_unary_sharded_ln.cpp (and layernorm_dataflow_utils.h compute_single_stage_noc_addrs). With
use_welford the one statistic is the interleaved [mean, var] pair (num_tiles_scaler 2: every page count and read
above doubled; no second pass). With the two-stage reduce (one shard high on several rows of cores, or COL_MAJOR
columns) step 3 also reads, once the other first-stage workers of its column (row) have reported on the second-stage
semaphore, their first-stage results (cb_ex / cb_ex2 of the cores num_x (num_y) blocks on) for its rows.
Compile-time args as the C++ (0 receiver semaphore id, 1 sender semaphore id, 2 num_blocks, 3 block_h, 4 block_h bytes,
5 num_all_to_all_workers_first_stage, 6-9 rows per worker (and bytes, last worker's), 10 row_major, 11 num_x, 12 num_y,
13 use_two_stage_reduce, 14-15 blocks per stage, 16 second-stage semaphore id, 17 rms_norm, 18 use_welford).
Runtime args: the multicast rectangle (NoC start x, y, end x, y), start_x, start_y, num_x NoC x then num_y NoC y
coordinates. CB ids: CB_NAMES."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import VALID, sem_set, sem_set_multicast, sem_wait


def single_stage_coords(noc_x, noc_y, start_x, start_y, num_x, num_y, row_major, n):
    """layernorm_dataflow_utils.h compute_single_stage_noc_addrs: n NoC coordinates from (start_x, start_y) on, along
    x first (row_major) or y first, wrapping."""
    out = []
    x, y = start_x, start_y
    for _ in range(n):
        out.append((noc_x[x], noc_y[y]))
        if row_major:
            x += 1
            if x == num_x:
                x = 0
                y += 1
                if y == num_y:
                    y = 0
        else:
            y += 1
            if y == num_y:
                y = 0
                x += 1
                if x == num_x:
                    x = 0
    return out


def kernel_main():
    receiver_sem, sender_sem = get_compile_time_arg_val(0), get_compile_time_arg_val(1)
    num_blocks = get_compile_time_arg_val(2)
    block_h = get_compile_time_arg_val(3)
    num_workers = get_compile_time_arg_val(5)
    tiles_per_worker_bytes = get_compile_time_arg_val(7)
    tiles_per_worker_last_bytes = get_compile_time_arg_val(9)
    num_tiles_per_worker = get_compile_time_arg_val(6)
    row_major = bool(get_compile_time_arg_val(10))
    num_x, num_y = get_compile_time_arg_val(11), get_compile_time_arg_val(12)
    use_two_stage_reduce = bool(get_compile_time_arg_val(13))
    num_blocks_first_stage = get_compile_time_arg_val(14)
    num_blocks_second_stage = get_compile_time_arg_val(15)
    second_stage_sem = get_compile_time_arg_val(16)
    rms_norm = get_compile_time_arg_val(17) == 1
    use_welford = get_compile_time_arg_val(18) == 1
    x0, y0, x1, y1 = (get_arg_val(i) for i in range(4))
    start_x, start_y = get_arg_val(4), get_arg_val(5)
    noc_x = [get_arg_val(6 + i) for i in range(num_x)]
    noc_y = [get_arg_val(6 + num_x + i) for i in range(num_y)]
    n = CB_NAMES
    tile_bytes = get_tile_size(n["cb_ex_partial2"] if rms_norm else n["cb_ex_partial"])
    remote = single_stage_coords(noc_x, noc_y, start_x, start_y, num_x, num_y, row_major, num_blocks)

    def global_reduce_sender(cb_partial, cb_external, cb_ex, cb_ex_global, cb_first_stage, ts):
        # ts: num_tiles_scaler, the tiles per row of each statistic (2 for Welford's [mean, var] pairs)
        pair = ts * tile_bytes
        cb_wait_front(cb_partial, block_h * ts)
        if num_blocks > 1:
            sem_set(sender_sem, VALID)
            sem_wait(receiver_sem, num_blocks - 1)
            sem_set(receiver_sem, 0)
            sem_set_multicast(sender_sem, x0, y0, x1, y1, num_blocks - 1)
        # this worker's rows: every core's partial of the row, in the row's order from this core on
        read_addr = get_read_ptr(cb_partial)
        if use_two_stage_reduce:
            # the second stage: the first-stage results of the cores below (ROW_MAJOR) / right of this one
            first_stage_addr = get_read_ptr(cb_first_stage)
            stride = num_x if row_major else num_y
        for i in range(num_tiles_per_worker):
            cb_reserve_back(cb_external, num_blocks_first_stage * ts)
            wp = get_write_ptr(cb_external)
            for block in range(num_blocks_first_stage):
                rx, ry = remote[block]
                noc_async_read(get_noc_addr(rx, ry, read_addr), wp + block * pair, pair)
            read_addr += pair
            noc_async_read_barrier()
            cb_push_back(cb_external, num_blocks_first_stage * ts)
            if use_two_stage_reduce:
                if i == 0:
                    sem_wait(second_stage_sem, num_blocks_second_stage - 1)
                    sem_set(second_stage_sem, 0)
                cb_reserve_back(cb_external, (num_blocks_second_stage - 1) * ts)
                wp = get_write_ptr(cb_external)
                idx = stride
                for block in range(num_blocks_second_stage - 1):
                    rx, ry = remote[idx]
                    noc_async_read(get_noc_addr(rx, ry, first_stage_addr), wp + block * pair, pair)
                    idx += stride
                first_stage_addr += pair
                noc_async_read_barrier()
                cb_push_back(cb_external, (num_blocks_second_stage - 1) * ts)
        cb_wait_front(cb_ex, num_tiles_per_worker * ts)
        cb_pop_front(cb_partial, block_h * ts)
        if num_workers > 1:
            sem_wait(receiver_sem, num_workers - 1)
            sem_set(receiver_sem, 0)
        # gather every worker's combined rows (at the same L1 address on each), then multicast them
        remote_ex = get_read_ptr(cb_ex)
        cb_reserve_back(cb_ex_global, block_h * ts)
        wp = get_write_ptr(cb_ex_global)
        off = 0
        for block in range(num_workers):
            size = ts * (tiles_per_worker_last_bytes if block == num_workers - 1 else tiles_per_worker_bytes)
            rx, ry = remote[block]
            noc_async_read(get_noc_addr(rx, ry, remote_ex), wp + off, size)
            off += size
        noc_async_read_barrier()
        global_addr = get_read_ptr(cb_ex_global)
        cb_push_back(cb_ex_global, block_h * ts)
        if num_blocks > 1:
            src_off = 0
            for block in range(num_workers):
                sem_set(sender_sem, block + 2)
                size = ts * (tiles_per_worker_last_bytes if block == num_workers - 1 else tiles_per_worker_bytes)
                noc_async_write_multicast(global_addr + src_off,
                                          get_noc_multicast_addr(x0, y0, x1, y1, global_addr + src_off), size,
                                          num_blocks - 1, linked=True)
                sem_set_multicast(sender_sem, x0, y0, x1, y1, num_blocks - 1)
                src_off += size
                noc_async_write_barrier()

    if not rms_norm:
        global_reduce_sender(n["cb_ex_partial"], n["cb_ex_external"], n["cb_ex"], n["cb_ex_global"], n["cb_ex"],
                             2 if use_welford else 1)
    if not use_welford:
        global_reduce_sender(n["cb_ex_partial2"], n["cb_ex_external2"], n["cb_ex2pe"], n["cb_ex_global"],
                             n["cb_ex2"], 1)
