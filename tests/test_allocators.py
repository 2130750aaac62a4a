"""DRAM and L1 buffer allocators: first fit, merged free ranges, and buffers freed when nobody refers to them."""

import gc
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

import tensix.metalium as tm
from tensix.device import soc
from tensix.device.memory import DramBanks, L1Allocator


def _exercise(ops, alloc, free, align, bounds):
    """Run random allocate/release steps; after each, the live allocations are disjoint and inside bounds()."""
    live = {}
    for is_alloc, size, pick in ops:
        if is_alloc or not live:
            a = alloc(size)
            live[a] = (a, -(-size // align) * align)
        else:
            a = sorted(live)[pick % len(live)]
            free(a, live.pop(a)[1])
        lo, hi = bounds()
        spans = sorted(live.values())
        assert all(lo <= a and a + n <= hi for a, n in spans)
        assert all(a + n <= b for (a, n), (b, _) in pairwise(spans)), "two live allocations overlap"
    for a, (_, n) in list(live.items()):
        free(a, n)


OPS = st.lists(st.tuples(st.booleans(), st.integers(1, 5000), st.integers(0, 10**6)), max_size=60)


@settings(max_examples=200, deadline=None)
@given(OPS)
def test_dram_allocator_never_overlaps_and_returns_to_the_bottom(ops):
    d = DramBanks()

    def bounds():
        assert all(n > 0 for _, n in d.free)
        assert all(a + n < b for (a, n), (b, _) in pairwise(d.free)), "free ranges sorted and merged"
        return soc.DRAM_UNRESERVED_BASE, d.top

    _exercise(ops, d.allocate, d.release, soc.DRAM_ALIGNMENT, bounds)
    assert d.top == soc.DRAM_UNRESERVED_BASE and d.free == []


@settings(max_examples=200, deadline=None)
@given(OPS)
def test_l1_allocator_never_overlaps_and_returns_to_the_top(ops):
    al = L1Allocator()
    _exercise(ops, lambda n: al.allocate(n, soc.L1_UNRESERVED_BASE), al.release, soc.L1_ALIGNMENT,
              lambda: (al.bottom, soc.L1_SIZE))
    assert al.bottom == soc.L1_SIZE and al.free == []


def test_freed_neighbours_merge_so_a_larger_buffer_fits_between():
    d = DramBanks()
    a, b, c, top = d.allocate(1024), d.allocate(1024), d.allocate(1024), d.allocate(64)
    d.release(a, 1024)
    d.release(b, 1024)
    assert d.allocate(2048) == a          # the two freed neighbours hold it; the bump pointer does not move
    d.release(c, 1024)
    high = d.top
    d.release(top, 64)                    # the highest buffer: the bump pointer comes down past c's range too
    assert d.top == c < high and d.free == []


def _dram(dev, pages=12):
    return tm.CreateBuffer(tm.InterleavedBufferConfig(dev, pages * 2048, 2048, tm.BufferType.DRAM))


def test_a_buffer_nobody_refers_to_gives_its_memory_back():
    dev = tm.CreateDevice(0)
    kept = _dram(dev)
    dropped = _dram(dev)
    addr = dropped.address()
    del dropped
    gc.collect()
    again = _dram(dev)
    assert again.address() == addr                         # reused, not allocated above
    assert _dram(dev).address() not in (kept.address(), again.address())
    tm.DeallocateBuffer(again)
    del again                                               # already deallocated: not released twice
    assert [a for a, _ in dev.dram.free] == [] and dev.dram.top == addr
    l1 = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 64 * 2048, 2048, tm.BufferType.L1))
    l1_addr = l1.address()
    del l1
    assert tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 64 * 2048, 2048, tm.BufferType.L1)).address() == l1_addr
    buf = _dram(dev)
    tm.CloseDevice(dev)
    del buf                                                 # after CloseDevice: nothing to give back, no error
