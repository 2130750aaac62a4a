"""L1 and DRAM storage and their allocators.

L1: one uint8 array of `worker_l1_size` = 1499136 bytes (1464 KiB) per core [soc descriptor, see soc.py].
Layout per core, bottom up (tt-metal's order: program semaphores and circular buffers grow up from the
unreserved base, L1 buffers are allocated top-down from the end of L1): the two must not meet.
DRAM: 12 banks of 1 GiB; storage is grown on demand to the allocator's high-water mark. Interleaved buffers
take the same address range in every bank [tt-metal interleaved allocator]."""

from __future__ import annotations

import numpy as np

from tensix.device import soc
from tensix.device.errors import DramOverflowError, L1OverflowError


def align(n: int, a: int) -> int:
    return (n + a - 1) // a * a


class DramBanks:
    def __init__(self):
        self.mem = [np.zeros(0, np.uint8) for _ in range(soc.NUM_DRAM_BANKS)]
        self.top = soc.DRAM_UNRESERVED_BASE      # bump pointer (same in every bank)
        self.free: list[tuple[int, int]] = []    # freed (addr, size) ranges, reused first-fit

    def allocate(self, size_per_bank: int) -> int:
        size_per_bank = align(max(size_per_bank, 1), soc.DRAM_ALIGNMENT)
        for i, (a, s) in enumerate(self.free):
            if s >= size_per_bank:
                self.free[i] = (a + size_per_bank, s - size_per_bank)
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
        self.free.append((addr, align(max(size_per_bank, 1), soc.DRAM_ALIGNMENT)))

    def _grow(self, n: int) -> None:
        for b, m in enumerate(self.mem):
            if m.size < n:
                new = np.zeros(max(n, 2 * m.size), np.uint8)
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
                self.free[i] = (a + size, s - size)
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
        self.free.append((addr, align(max(size, 1), soc.L1_ALIGNMENT)))
