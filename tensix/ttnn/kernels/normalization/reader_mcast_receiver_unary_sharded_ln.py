"""Reader of the sharded layernorm / rms_norm (LayerNormShardedProgramFactory) on the cores of a row of shards other
than its first (the sender, reader_mcast_sender_unary_sharded_ln). For each statistic (E[x] unless RMSNORM, then
E[x^2] or Var[x]): wait for its own partial, set its sender semaphore INVALID, increment the sender's receiver
semaphore and wait for VALID; as an all-to-all worker (compile-time arg 4) read, for each of its rows, the row's
partial from every core of the row (starting from itself) into cb_ex_external, wait for its compute kernel's
combined rows (cb_ex / cb_ex2pe) and increment the sender's receiver semaphore again; then receive the multicast
combined rows into cb_ex_global, one all-to-all worker's rows at a time (its sender semaphore reaching block + 2),
and pop its partial. With the two-stage reduce an all-to-all worker of the first row (column) of cores -- a
second-stage reader -- also reads, once the other workers of its column (row) have reported on its second-stage
semaphore, their first-stage results (cb_ex / cb_ex2) into cb_ex_external; the other workers push those pages empty
(their compute kernel pops them unread) and report their first-stage results to it instead of to the sender.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/dataflow/
reader_mcast_receiver_unary_sharded_ln.cpp (and layernorm_dataflow_utils.h compute_two_stage_noc_addrs). With
use_welford the one statistic is the interleaved [mean, var] pair (num_tiles_scaler 2: every page count, offset and
read doubled; no second pass). Compile-time args as the C++ (0 receiver semaphore id, 1 sender semaphore id, 2
num_blocks, 3 block_h, 4 is_all_to_all_worker, 5 num_all_to_all_workers, 6 rows per worker, 7 the last worker's, 8
row_major, 9 num_x, 10 num_y, 11 use_two_stage_reduce, 12-13 blocks per stage, 14 second-stage semaphore id, 15
rms_norm, 16 use_welford). Runtime args: is_last_all_to_all_worker, its partial's byte offset, is_second_stage_reader,
start_x, start_y, then num_x NoC x and num_y NoC y coordinates (the sender's first). CB ids: CB_NAMES."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import INVALID, VALID, sem_set, sem_up, sem_wait
from tensix.ttnn.kernels.normalization.reader_mcast_sender_unary_sharded_ln import single_stage_coords


def kernel_main():
    receiver_sem, sender_sem = get_compile_time_arg_val(0), get_compile_time_arg_val(1)
    block_h = get_compile_time_arg_val(3)
    is_all_to_all_worker = get_compile_time_arg_val(4) == 1
    num_workers = get_compile_time_arg_val(5)
    num_tiles_per_worker = get_compile_time_arg_val(6)
    num_tiles_per_worker_last = get_compile_time_arg_val(7)
    row_major = bool(get_compile_time_arg_val(8))
    num_x, num_y = get_compile_time_arg_val(9), get_compile_time_arg_val(10)
    use_two_stage_reduce = bool(get_compile_time_arg_val(11))
    num_blocks_first_stage = get_compile_time_arg_val(12)
    num_blocks_second_stage = get_compile_time_arg_val(13)
    second_stage_sem = get_compile_time_arg_val(14)
    rms_norm = get_compile_time_arg_val(15) == 1
    use_welford = get_compile_time_arg_val(16) == 1
    is_last = bool(get_arg_val(0))
    tile_offset_bytes = get_arg_val(1)
    is_second_stage_reader = bool(get_arg_val(2))
    start_x, start_y = get_arg_val(3), get_arg_val(4)
    noc_x = [get_arg_val(5 + i) for i in range(num_x)]
    noc_y = [get_arg_val(5 + num_x + i) for i in range(num_y)]
    n = CB_NAMES
    num_tiles_to_read = num_tiles_per_worker_last if is_last else num_tiles_per_worker
    tile_bytes = get_tile_size(n["cb_ex_partial2"] if rms_norm else n["cb_ex_partial"])
    if is_all_to_all_worker and use_two_stage_reduce:
        remote, remote2 = two_stage_coords(noc_x, noc_y, start_x, start_y, num_x, num_y, row_major,
                                           num_blocks_first_stage, num_blocks_second_stage)
    elif is_all_to_all_worker:
        remote = single_stage_coords(noc_x, noc_y, start_x, start_y, num_x, num_y, row_major, num_blocks_first_stage)

    def global_reduce_receiver(cb_partial, cb_external, cb_ex, cb_ex_global, cb_first_stage, ts):
        # ts: num_tiles_scaler, the tiles per row of each statistic (2 for Welford's [mean, var] pairs)
        pair = ts * tile_bytes
        cb_wait_front(cb_partial, block_h * ts)
        sem_set(sender_sem, INVALID)
        sem_up(receiver_sem, noc_x[0], noc_y[0], 1)
        sem_wait(sender_sem, VALID)
        if is_all_to_all_worker:
            read_addr = get_read_ptr(cb_partial) + tile_offset_bytes * ts
            first_stage_addr = get_read_ptr(cb_first_stage) if use_two_stage_reduce else 0
            for i in range(num_tiles_to_read):
                cb_reserve_back(cb_external, num_blocks_first_stage * ts)
                wp = get_write_ptr(cb_external)
                for block in range(num_blocks_first_stage):
                    rx, ry = remote[block]
                    noc_async_read(get_noc_addr(rx, ry, read_addr), wp + block * pair, pair)
                read_addr += pair
                noc_async_read_barrier()
                cb_push_back(cb_external, num_blocks_first_stage * ts)
                if not use_two_stage_reduce:
                    continue
                if is_second_stage_reader:
                    if i == 0:
                        sem_wait(second_stage_sem, num_blocks_second_stage - 1)
                        sem_set(second_stage_sem, 0)
                    cb_reserve_back(cb_external, (num_blocks_second_stage - 1) * ts)
                    wp = get_write_ptr(cb_external)
                    for block in range(num_blocks_second_stage - 1):
                        rx, ry = remote2[block + 1]
                        noc_async_read(get_noc_addr(rx, ry, first_stage_addr), wp + block * pair, pair)
                    first_stage_addr += pair
                    noc_async_read_barrier()
                else:       # a dummy push, to move in lockstep with its compute kernel
                    cb_reserve_back(cb_external, (num_blocks_second_stage - 1) * ts)
                cb_push_back(cb_external, (num_blocks_second_stage - 1) * ts)
            if use_two_stage_reduce and not is_second_stage_reader:
                cb_wait_front(cb_first_stage, num_tiles_to_read * ts)
                sem_up(second_stage_sem, remote2[0][0], remote2[0][1], 1)
            else:
                cb_wait_front(cb_ex, num_tiles_to_read * ts)
                sem_up(receiver_sem, noc_x[0], noc_y[0], 1)
        for block in range(num_workers):
            tiles = num_tiles_per_worker_last if block == num_workers - 1 else num_tiles_per_worker
            cb_reserve_back(cb_ex_global, tiles * ts)
            noc_semaphore_wait_min(get_semaphore(sender_sem), block + 2)
            cb_push_back(cb_ex_global, tiles * ts)
        cb_pop_front(cb_partial, block_h * ts)

    if not rms_norm:
        global_reduce_receiver(n["cb_ex_partial"], n["cb_ex_external"], n["cb_ex"], n["cb_ex_global"], n["cb_ex"],
                               2 if use_welford else 1)
    if not use_welford:
        global_reduce_receiver(n["cb_ex_partial2"], n["cb_ex_external2"], n["cb_ex2pe"], n["cb_ex_global"],
                               n["cb_ex2"], 1)


def two_stage_coords(noc_x, noc_y, start_x, start_y, num_x, num_y, row_major, n_first, n_second):
    """layernorm_dataflow_utils.h compute_two_stage_noc_addrs: the first stage along this core's row (column), from
    itself on, wrapping; the second stage down its column (along its row) from the first row (column)."""
    first = []
    x, y = start_x, start_y
    for _ in range(n_first):
        first.append((noc_x[x], noc_y[y]))
        if row_major:
            x = 0 if x + 1 == num_x else x + 1
        else:
            y = 0 if y + 1 == num_y else y + 1
    x, y = (start_x, 0) if row_major else (0, start_y)
    second = []
    for _ in range(n_second):
        second.append((noc_x[x], noc_y[y]))
        if row_major:
            y += 1
        else:
            x += 1
    return first, second
