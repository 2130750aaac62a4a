"""Dataflow helpers of ttnn.sort's cross-core data exchange program: the tile exchange with a peer core, the
physical-coordinate lookup and the semaphore barrier.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sort/device/kernels/dataflow/
cross_core_data_exchange_common.hpp (sort_noc_exchange_Wt_tiles, get_core_physical_coordinates, sort_barrier)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def noc_async_atomic_barrier():
    """noc_async_atomic_barrier(): tensix's NoC counts an atomic increment among the core's outstanding writes, and
    the calls below have no other write in flight, so the write barrier waits for exactly the increment."""
    noc_async_write_barrier()


def sort_noc_exchange_Wt_tiles(sem_self, value_this_cb, index_this_cb, value_peer_cb, index_peer_cb, Wt,
                               value_tile_size, index_tile_size, other_x, other_y):
    """Wt tiles of this core's value / index CBs written into the peer's peer CBs (at this core's own write pointers:
    both cores run the same program, so their CBs sit and advance alike), each step a two-way semaphore handshake
    (counter 1, 3, 5, ... before the write, 2, 4, ... after); the semaphore is reset at the end."""
    sem_counter = 1
    for _w in range(Wt):
        cb_reserve_back(value_peer_cb, 1)
        cb_reserve_back(index_peer_cb, 1)
        value_peer_wr = get_write_ptr(value_peer_cb)
        index_peer_wr = get_write_ptr(index_peer_cb)
        noc_semaphore_inc(get_noc_addr(other_x, other_y, sem_self), 1)
        noc_async_atomic_barrier()
        noc_semaphore_wait(sem_self, sem_counter)
        cb_wait_front(value_this_cb, 1)
        cb_wait_front(index_this_cb, 1)
        noc_async_write(get_read_ptr(value_this_cb), get_noc_addr(other_x, other_y, value_peer_wr), value_tile_size)
        noc_async_write(get_read_ptr(index_this_cb), get_noc_addr(other_x, other_y, index_peer_wr), index_tile_size)
        noc_async_write_barrier()
        cb_pop_front(value_this_cb, 1)
        cb_pop_front(index_this_cb, 1)
        noc_semaphore_inc(get_noc_addr(other_x, other_y, sem_self), 1)
        noc_async_atomic_barrier()
        noc_semaphore_wait(sem_self, sem_counter + 1)
        cb_push_back(value_peer_cb, 1)
        cb_push_back(index_peer_cb, 1)
        sem_counter += 2
    noc_semaphore_set(sem_self, 0)


def get_core_physical_coordinates(core_id, lookup_cb, tile_size=1024):
    """(x, y) of core core_id from the lookup table at lookup_cb's read pointer; (0, 0) past the table's tile."""
    if 2 * core_id >= tile_size:
        return 0, 0
    p = l1_ptr(get_read_ptr(lookup_cb), np.uint32, 2 * core_id + 2)
    return int(p[2 * core_id]), int(p[2 * core_id + 1])


def sort_barrier(sem_barrier, lookup_cb, this_core_id, leader_core_id, num_cores, start_core_id):
    """All num_cores cores meet: the others increment the leader's semaphore and wait for its release."""
    if num_cores == 1:
        return
    if this_core_id == leader_core_id:
        noc_semaphore_wait(sem_barrier, num_cores - 1)
        noc_semaphore_set(sem_barrier, 0)
        for core_id in range(start_core_id, num_cores):
            if core_id == this_core_id:
                continue
            x, y = get_core_physical_coordinates(core_id, lookup_cb)
            noc_semaphore_inc(get_noc_addr(x, y, sem_barrier), 1)
            noc_async_atomic_barrier()
    else:
        x, y = get_core_physical_coordinates(leader_core_id, lookup_cb)
        noc_semaphore_inc(get_noc_addr(x, y, sem_barrier), 1)
        noc_async_atomic_barrier()
        noc_semaphore_wait(sem_barrier, 1)
        noc_semaphore_set(sem_barrier, 0)
