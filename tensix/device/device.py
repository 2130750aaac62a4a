"""The simulated Wormhole n150 chip: 8x8 worker cores with L1, 12 DRAM banks, NoC address resolution.

Programs are run by tensix.metalium (EnqueueProgram), which creates kernel threads on the scheduler."""

from __future__ import annotations

import weakref

import numpy as np

from tensix.device import soc
from tensix.device.coords import CoreCoord
from tensix.device.errors import NocAddressError
from tensix.device.memory import DramBanks, L1Allocator, lazy_zeros
from tensix.device.profiler import Profiler


def _l1_storage() -> np.ndarray:
    """A core's zeroed L1 bytes, on a lazily zeroed mapping where the OS has one (memory.lazy_zeros: 64 cores
    of np.zeros cost ~100 MB of memset per device once glibc serves them from the heap)."""
    try:
        return lazy_zeros(soc.L1_SIZE)
    except (OSError, AttributeError, ValueError, MemoryError):
        return np.zeros(soc.L1_SIZE, np.uint8)


class CommandQueue:
    """Metalium's command queue of a device (re-exported by tensix.metalium): programs and buffer transfers are
    enqueued on it and run at once."""

    def __init__(self, device):
        self.device = device


class Core:
    def __init__(self, device, lx, ly):
        self.device = device
        self.logical = (lx, ly)
        self.noc_xy = (soc.WORKER_NOC_X[lx], soc.WORKER_NOC_Y[ly])
        self.l1 = _l1_storage()
        self.cbs = {}               # cb index -> CircularBuffer (of the running program)
        self.sem_waiters = {}       # L1 address -> [threads] waiting in noc_semaphore_wait
        self.sem_time = {}          # L1 address -> simulated time of the last small (semaphore) write
        self.program_top = soc.L1_UNRESERVED_BASE
        self.num_semaphores = 0
        self.dst = None             # per-program Dst state (tensix.kernel.compute)
        self.sfpu_state = None      # tensix.sfpu.state.SfpuState(1) once an SFPU op runs on this core
        self.dst_bits = None        # tensix.sfpu.dst.new_dst(1)[0]: the core's Dst register file

    def __repr__(self):
        return f"Core(logical={self.logical}, noc={self.noc_xy})"

    def notify_l1_write(self, lo, hi, t):
        """A write to [lo, hi) of this core's L1 completed at time t: wake semaphore waiters in range."""
        if hi - lo <= 16:
            for a in range(lo - lo % 4, hi, 4):
                self.sem_time[a] = t
        if self.sem_waiters:
            for a in list(self.sem_waiters):
                if lo <= a < hi:
                    self.device.sched.wake_all(self.sem_waiters.pop(a))


class Device:
    """A Wormhole n150: use tensix.metalium.CreateDevice(0) to get one."""

    def __init__(self, device_id: int = 0):
        self.id = device_id
        self.cores = {(x, y): Core(self, x, y) for y in range(soc.GRID_Y) for x in range(soc.GRID_X)}
        self.noc_to_core = {c.noc_xy: c for c in self.cores.values()}
        self.dram = DramBanks()
        self.l1_alloc = L1Allocator()
        self.profiler = Profiler()
        self.sched = None
        self.timing = None
        self.closed = False
        self._cq = None
        # the buffers allocated on the device and not yet freed (tt-metal's allocator keeps this set for its
        # reports, ttnn._ttnn.reports): weak, so a buffer nobody refers to leaves it when it gives its memory back
        self.allocated_buffers = weakref.WeakSet()

    # ---- Metalium-style queries --------------------------------------------------------------------
    def compute_with_storage_grid_size(self):
        return CoreCoord(soc.GRID_X, soc.GRID_Y)

    def worker_core_from_logical_core(self, core):
        x, y = (core.x, core.y) if hasattr(core, "x") else core
        if not (0 <= x < soc.GRID_X and 0 <= y < soc.GRID_Y):
            raise NocAddressError(f"logical core ({x}, {y}) is outside the {soc.GRID_X}x{soc.GRID_Y} worker grid.\n"
                                  "Fix: use 0 <= x < 8 and 0 <= y < 8.")
        return CoreCoord(*self.cores[(x, y)].noc_xy)

    def dram_bank_noc_xy(self, bank: int):
        return soc.DRAM_BANK_WORKER_ENDPOINT[bank]

    def num_dram_banks(self):
        return soc.NUM_DRAM_BANKS

    def l1_size_per_core(self):
        return soc.L1_SIZE

    def command_queue(self, i: int = 0):
        if self._cq is None:
            self._cq = CommandQueue(self)
        return self._cq

    # ---- NoC address resolution --------------------------------------------------------------------
    def resolve(self, noc_addr: int, size: int, what):
        """NoC address -> (memory array, offset, kind, core or bank) with a range check. Alignment is checked by
        the transfer (tensix.kernel.dataflow), which knows both ends. `what` (str or callable) names the call."""
        x = (noc_addr >> 36) & 63
        y = (noc_addr >> 42) & 63
        local = noc_addr & soc.LOCAL_MASK
        core = self.noc_to_core.get((x, y))
        if core is not None:
            if local + size <= soc.L1_SIZE and size >= 0:
                return core.l1, local, "l1", core
            what = what() if callable(what) else what
            raise NocAddressError(
                f"{what}: L1 range [{local:#x}, {local + size:#x}) on core at NoC ({x}, {y}) exceeds L1 "
                f"({soc.L1_SIZE:#x} bytes).\nFix: check the address and size passed to get_noc_addr / the transfer.")
        ch = soc.NOC_TO_DRAM_CHANNEL.get((x, y))
        if ch is not None:
            bank = 2 * ch + (1 if local >= soc.DRAM_BANK_SIZE else 0)
            off = local - soc.DRAM_BANK_OFFSET[bank]
            mem = self.dram.mem[bank]
            if off + size <= mem.size and size >= 0:
                return mem, off, "dram", bank
            what = what() if callable(what) else what
            raise NocAddressError(
                f"{what}: DRAM range [{off:#x}, {off + size:#x}) in bank {bank} is outside allocated DRAM "
                f"(bank holds {soc.DRAM_BANK_SIZE:#x} bytes, {mem.size:#x} allocated).\n"
                "Fix: check the page id / address; only access buffers you created.")
        what = what() if callable(what) else what
        raise NocAddressError(
            f"{what}: NoC coordinate ({x}, {y}) (from NoC address {noc_addr:#x}) is neither a worker core nor a "
            "DRAM bank of this Wormhole.\nFix: get worker coordinates with my_x/my_y or "
            "device.worker_core_from_logical_core, DRAM addresses from an address generator / TensorAccessor.")
