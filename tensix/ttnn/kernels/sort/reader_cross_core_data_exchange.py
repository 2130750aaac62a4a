"""Reader of ttnn.sort's cross-core data exchange program: this core's slice of each row in, the tile exchanges with
the peer cores, the sorted index slice out.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sort/device/kernels/dataflow/
reader_cross_core_data_exchange.cpp. The core (id y * grid_x + x) owns tiles core_id * n .. core_id * n + n - 1 of
every row (n = number_of_tiles_per_core). The physical-core lookup table's first page is read into c_10 once. Per
row: the slice into c_0 (TILE) or its 32 rows into c_12 (ROW_MAJOR); then for every step of the bitonic network
whose partner tile lies on another core, a barrier of all the cores and the exchange of the core's n tiles (c_6 /
c_7 out, the peer's into c_8 / c_9); finally the sorted index slice out of c_5 (TILE) or c_14 (ROW_MAJOR).

Compile-time args: grid x, grid y, input CB, index output CB, value / index intermediate CBs, value / index peer CBs,
lookup CB, Ht, Wt, n, cores used, ascending, exchange and barrier semaphore ids, is_row_major, rm input CB, rm index
output CB, W_value_slice_bytes, W_index_slice_bytes, then the input's, the index's and the lookup table's
TensorAccessorArgs. Runtime args: input, index and lookup table addresses."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.sort.cross_core_data_exchange_common import (get_core_physical_coordinates, sort_barrier,
                                                                      sort_noc_exchange_Wt_tiles)

TILE_H = 32


def kernel_main():
    in_addr, idx_addr, lookup_addr = (get_arg_val(i) for i in range(3))
    (grid_x, _grid_y, input_cb, index_out_cb, value_inter_cb, index_inter_cb, value_peer_cb, index_peer_cb, lookup_cb,
     Ht, Wt, n, cores_used, _ascending, sem_exchange_id, sem_barrier_id, is_row_major, rm_input_cb, rm_index_out_cb,
     w_value_slice, w_index_slice) = (get_compile_time_arg_val(i) for i in range(21))
    in_args = TensorAccessorArgs(21)
    idx_args = TensorAccessorArgs(in_args.next_compile_time_args_offset())
    lookup_args = TensorAccessorArgs(idx_args.next_compile_time_args_offset())
    core_id = (get_absolute_logical_y() * grid_x + get_absolute_logical_x()) & 0xFFFF     # uint16_t, as the C++
    tile_start = (core_id * n) & 0xFFFF
    tile_end = (tile_start + n) & 0xFFFF
    in_tile = get_tile_size(input_cb)
    idx_tile = get_tile_size(index_out_cb)
    lookup_tile = get_tile_size(lookup_cb)
    if is_row_major:
        # a page is a whole row (the accessor's page size comes from the buffer on the card); the core's slice of it
        # starts core_id * slice bytes in
        src = TensorAccessor(in_args, in_addr, Wt * in_tile // TILE_H)
        dst = TensorAccessor(idx_args, idx_addr, Wt * idx_tile // TILE_H)
    else:
        src = TensorAccessor(in_args, in_addr, in_tile)
        dst = TensorAccessor(idx_args, idx_addr, idx_tile)
    lookup = TensorAccessor(lookup_args, lookup_addr, lookup_tile)
    cb_reserve_back(lookup_cb, 1)
    noc_async_read(get_noc_addr(0, lookup), get_write_ptr(lookup_cb), lookup_tile)
    noc_async_read_barrier()
    sem_exchange = get_semaphore(sem_exchange_id)
    sem_barrier = get_semaphore(sem_barrier_id)
    value_off = core_id * w_value_slice
    index_off = core_id * w_index_slice
    stages = Wt.bit_length() - 1
    for h in range(Ht):
        if is_row_major:
            for row in range(TILE_H):
                cb_reserve_back(rm_input_cb, 1)
                noc_async_read(get_noc_addr(h * TILE_H + row, src) + value_off, get_write_ptr(rm_input_cb),
                               w_value_slice)
                noc_async_read_barrier()
                cb_push_back(rm_input_cb, 1)
        else:
            for w in range(n):
                cb_reserve_back(input_cb, 1)
                noc_async_read_tile(h * Wt + core_id * n + w, src, get_write_ptr(input_cb))
                noc_async_read_barrier()
                cb_push_back(input_cb, 1)
        for stage in range(2, stages + 1):
            for sub in range(stage, 0, -1):
                i = tile_start
                j = i ^ (1 << (sub - 1))
                if tile_start <= j < tile_end:
                    continue            # the step stays on this core
                # all cores reach the step before any starts its exchange (a fast core would otherwise hit a peer
                # still in the previous exchange on the shared semaphore)
                sort_barrier(sem_barrier, lookup_cb, core_id, 0, cores_used, 0)
                x, y = get_core_physical_coordinates(j // n, lookup_cb)
                sort_noc_exchange_Wt_tiles(sem_exchange, value_inter_cb, index_inter_cb, value_peer_cb, index_peer_cb,
                                           n, in_tile, idx_tile, x, y)
        if is_row_major:
            for row in range(TILE_H):
                cb_wait_front(rm_index_out_cb, 1)
                noc_async_write(get_read_ptr(rm_index_out_cb), get_noc_addr(h * TILE_H + row, dst) + index_off,
                                w_index_slice)
                noc_async_write_barrier()
                cb_pop_front(rm_index_out_cb, 1)
        else:
            for w in range(n):
                cb_wait_front(index_out_cb, 1)
                noc_async_write_tile(h * Wt + core_id * n + w, dst, get_read_ptr(index_out_cb))
                noc_async_write_barrier()
                cb_pop_front(index_out_cb, 1)
    cb_push_back(lookup_cb, 1)
