"""L1 and DRAM storage and their allocators.

L1: one uint8 array of `worker_l1_size` = 1499136 bytes (1464 KiB) per core [soc descriptor, see soc.py].
Layout per core, bottom up (tt-metal's order: program semaphores and circular buffers grow up from the
unreserved base, L1 buffers are allocated top-down from the end of L1): the two must not meet.
DRAM: 12 banks of 1 GiB; storage is grown on demand to the allocator's high-water mark. Interleaved buffers
take the same address range in every bank [tt-metal interleaved allocator].

Host speed: each bank's storage is one 1 GiB anonymous memory mapping reserved at the first allocation (the OS
provides zeroed pages only when they are first touched), and `DramBanks.mem[b]` is a view of its first `capacity`
bytes. Growing re-slices the view: no bank is copied, and arrays handed out earlier stay valid. Above
`_HUGE_FROM` bytes the mapping asks for transparent huge pages (first touch of large buffers is ~4x cheaper);
below it, small pages keep the memory of the many small devices a test suite creates small."""

from __future__ import annotations

import mmap

import numpy as np

from tensix.device import soc
from tensix.device.errors import DramOverflowError, L1OverflowError


def align(n: int, a: int) -> int:
    return (n + a - 1) // a * a


_HUGE_FROM = 2 << 20  # bank offsets from here on may use 2 MiB pages


def lazy_zeros(nbytes: int, huge_from: int | None = None) -> np.ndarray:
    """A zero-filled uint8 array backed by its own anonymous private memory mapping (POSIX): no memory is used
    and nothing is zeroed until a page is first touched, and freeing the array unmaps it. Bytes from
    `huge_from` on may use transparent huge pages. Raises OSError/AttributeError where no such mapping exists.

    Why not np.zeros: glibc serves allocations below its (dynamic, up to 32 MiB) mmap threshold from the heap,
    where calloc must memset reused memory: 64 cores' 1.5 MiB L1s then cost ~100 MB of writes per device."""
    m = mmap.mmap(-1, nbytes, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    if huge_from is not None and huge_from < nbytes and hasattr(mmap, "MADV_HUGEPAGE"):
        m.madvise(mmap.MADV_HUGEPAGE, huge_from, nbytes - huge_from)
    return np.frombuffer(m, np.uint8)


def _take(free: list[tuple[int, int]], i: int, size: int) -> None:
    """Allocate the first `size` bytes of free range i (first fit)."""
    a, n = free[i]
    if n == size:
        del free[i]
    else:
        free[i] = (a + size, n - size)


def _release(free: list[tuple[int, int]], addr: int, size: int, edge: int, grows_up: bool) -> int:
    """Return [addr, addr + size) to a free list kept sorted by address, merged with the free ranges it touches
    (so that freeing a buffer and allocating a larger one does not grow the memory in use forever). A merged range
    that reaches the allocator's bump pointer `edge` (a top that grows up, or a bottom that grows down) goes back
    to the bump region instead: returns the new edge."""
    i = 0
    while i < len(free) and free[i][0] < addr:
        i += 1
    free.insert(i, (addr, size))
    if i + 1 < len(free) and addr + size == free[i + 1][0]:        # merge with the next range
        free[i] = (addr, size + free.pop(i + 1)[1])
    if i > 0 and free[i - 1][0] + free[i - 1][1] == free[i][0]:     # and with the previous one
        a, n = free.pop(i - 1)
        i -= 1
        free[i] = (a, n + free[i][1])
    a, n = free[i]
    if grows_up and a + n == edge:
        free.pop(i)
        return a
    if not grows_up and a == edge:
        free.pop(i)
        return a + n
    return edge


class DramBanks:
    """The 12 DRAM banks' storage and their shared bump/first-fit allocator.

    `mem[b]` is bank b's storage: a uint8 array whose size is the *allocated* capacity (NoC accesses past it are
    reported as outside allocated DRAM, tensix.device.device.Device.resolve). Capacity follows the allocator's
    high-water mark, growing geometrically (at least doubling, at most the 1 GiB bank)."""

    def __init__(self):
        self.mem = [np.zeros(0, np.uint8) for _ in range(soc.NUM_DRAM_BANKS)]
        self.top = soc.DRAM_UNRESERVED_BASE      # bump pointer (same in every bank)
        self.free: list[tuple[int, int]] = []    # freed (addr, size) ranges, reused first-fit
        # per bank: a whole-bank zeroed reservation (None until the first growth; False if the OS refused it,
        # then growth copies into larger arrays as before)
        self._store: list[np.ndarray] | None | bool = None

    def allocate(self, size_per_bank: int) -> int:
        size_per_bank = align(max(size_per_bank, 1), soc.DRAM_ALIGNMENT)
        for i, (a, s) in enumerate(self.free):
            if s >= size_per_bank:
                _take(self.free, i, size_per_bank)
                return a
        addr = self.top
        if addr + size_per_bank > soc.DRAM_BANK_SIZE:
            raise DramOverflowError(
                f"DRAM full: a buffer needs {size_per_bank} bytes in each of the {soc.NUM_DRAM_BANKS} banks at "
                f"address {addr:#x}, but a bank holds {soc.DRAM_BANK_SIZE} bytes.\n"
                "Fix: free (deallocate) buffers you no longer need or use smaller buffers.")
        self.top = addr + size_per_bank
        self._grow(self.top)
        return addr

    def release(self, addr: int, size_per_bank: int) -> None:
        self.top = _release(self.free, addr, align(max(size_per_bank, 1), soc.DRAM_ALIGNMENT), self.top, True)

    def _grow(self, n: int) -> None:
        """Make every bank hold at least n bytes (n <= the bank size, checked by allocate)."""
        cap = self.mem[0].size                   # all banks always have the same capacity
        if cap >= n:
            return
        new_cap = min(max(n, 2 * cap), soc.DRAM_BANK_SIZE)
        if self._store is None:
            try:
                self._store = [lazy_zeros(soc.DRAM_BANK_SIZE, _HUGE_FROM) for _ in range(soc.NUM_DRAM_BANKS)]
            except (AttributeError, OSError, ValueError, MemoryError):  # no such mapping on this OS / refused
                self._store = False
        if self._store:
            self.mem[:] = [s[:new_cap] for s in self._store]   # in place: the list object is shared
            return
        for b, m in enumerate(self.mem):
            new = np.zeros(new_cap, np.uint8)
            new[: m.size] = m
            self.mem[b] = new


class L1Allocator:
    """Top-down allocator of L1 buffers shared by all cores (an L1 interleaved buffer uses the same address
    on every core it touches, as in tt-metal)."""

    def __init__(self):
        self.bottom = soc.L1_SIZE
        self.free: list[tuple[int, int]] = []

    def allocate(self, size: int, reserved_top: int) -> int:
        size = align(max(size, 1), soc.L1_ALIGNMENT)
        for i, (a, s) in enumerate(self.free):
            if s >= size:
                _take(self.free, i, size)
                return a
        addr = self.bottom - size
        if addr < reserved_top:
            raise L1OverflowError(
                f"L1 full: an L1 buffer needs {size} bytes per core; only {self.bottom - reserved_top} bytes are "
                f"free between the program area (up to {reserved_top:#x}) and the L1 buffers (from "
                f"{self.bottom:#x}); L1 is {soc.L1_SIZE} bytes.\nFix: use smaller or fewer L1 buffers or CBs.")
        self.bottom = addr
        return addr

    def release(self, addr: int, size: int) -> None:
        self.bottom = _release(self.free, addr, align(max(size, 1), soc.L1_ALIGNMENT), self.bottom, False)
