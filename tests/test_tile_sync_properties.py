"""Property tests of Tensix Sync on the tile: mutexes give mutual exclusion to read-modify-write sequences of
three threads (and without them updates are lost), semaphores hand over exactly as many items as posted."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tensix.tile import Tile, ops

B1, B5 = 1 << 1, 1 << 5
# one thread's non-atomic increment of the 32-bit word at L1 0x100 (GPR 1 = 0x10 addresses it):
# LOADIND GPR 4 <- L1, ADDDMAREG GPR 4 += 1, STOREIND L1 <- GPR 4
INCREMENT = [ops.TT_OP_LOADIND(1, 0, 0, 4, 1), ops.TT_OP_ADDDMAREG(1, 4, 1, 4), ops.TT_OP_STOREIND(1, 0, 1, 0, 0, 4, 1)]


def _tile():
    tile = Tile()
    for t in range(3):
        tile.gpr(t)[1] = 0x10
    return tile


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=3, max_size=3), st.sampled_from([0, 2, 3, 4, 5, 6, 7]),
       st.lists(st.integers(0, 3), min_size=3, max_size=3))
def test_mutex_makes_increments_atomic(counts, mutex, padding):
    tile = _tile()
    for t in range(3):
        section = [ops.TT_OP_ATGETM(mutex)] + INCREMENT + [ops.TT_OP_ATRELM(mutex)]
        tile.push(t, [ops.TT_OP_DMANOP] * padding[t] + section * counts[t])
    assert tile.run() == []
    assert tile.l1[0x100:0x104].view(np.uint32)[0] == sum(counts)
    assert tile.mutex_holder(mutex) is None


def test_without_the_mutex_updates_are_lost():
    tile = _tile()
    for t in range(3):
        tile.push(t, INCREMENT * 4)
    assert tile.run() == []
    assert tile.l1[0x100:0x104].view(np.uint32)[0] < 12  # the threads interleave their read-modify-writes


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 15), st.lists(st.integers(0, 2), min_size=1, max_size=40))
def test_semaphore_producer_consumer(items, maximum, gaps):
    """T0 produces `items` items, waiting while the semaphore is at Max (C1); T1 consumes them, waiting while it
    is 0 (C0). B1 in the block masks makes the SEMPOST / SEMGET after each wait wait too."""
    tile = _tile()
    producer = [ops.TT_OP_SEMINIT(maximum, 0, 1)]
    consumer = []
    for i in range(items):
        producer += [ops.TT_OP_SEMWAIT(B1, 1, 0b10), ops.TT_OP_SEMPOST(1)] + [ops.TT_OP_DMANOP] * gaps[i % len(gaps)]
        consumer += [ops.TT_OP_SEMWAIT(B1 | B5, 1, 0b01), ops.TT_OP_SEMGET(1), ops.TT_OP_ADDDMAREG(1, 9, 1, 9)]
    tile.push(0, producer)
    tile.run()  # the producer alone fills the semaphore up to Max and waits
    assert tile.semaphore(0)[0] == min(items, maximum)
    tile.push(1, consumer)
    assert tile.run() == []
    assert tile.gpr(1)[9] == items and tile.semaphore(0) == (0, maximum)
