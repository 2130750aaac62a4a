"""Diagnostics of the simulated runtime: every misuse a kernel author can make that real hardware would
punish with a hang, corrupt data or a compile/launch failure. All derive from `tensix.errors.TensixError`.
Messages: what rule was broken and where, then what to do about it."""

from tensix.errors import DeadlockError, DeviceError, TensixError  # noqa: F401 (the first two live below tensix.tile)


class SemaphoreNeverSatisfiedError(DeadlockError):
    """A noc_semaphore_wait whose value can no longer change: every other thread of the program finished."""


class CircularBufferError(DeviceError):
    """Over-push, over-pop, push without reserve, pop without wait, or a CB id that was never created."""


class CircularBufferConfigError(DeviceError):
    """A circular buffer whose page size or total size does not fit (page does not divide total, L1 full)."""


class L1OverflowError(DeviceError):
    """Circular buffers, semaphores and L1 buffers of a core need more than its L1."""


class DramOverflowError(DeviceError):
    """A DRAM buffer does not fit in the DRAM banks."""


class DstCapacityError(DeviceError):
    """A Dst tile index beyond the capacity of the configured Dst mode."""


class DstUndefinedError(DeviceError):
    """The SFPU read Dst rows that hold no data (undefined after the packer's release: ISA ZEROACC.md)."""


class NocAddressError(DeviceError):
    """A NoC access outside the target memory, to a coordinate with no core or bank, or misaligned."""


class ReadBarrierError(DeviceError):
    """CB data handed on (cb_push_back) before noc_async_read_barrier made it valid, or a CB page popped
    while a noc_async_write from it is still in flight."""


class RuntimeArgError(DeviceError):
    """A runtime / common runtime / compile-time argument index that was never set."""


class KernelError(DeviceError):
    """A kernel that cannot be loaded or used (no kernel_main, wrong API for its RISC-V, ...)."""


class TileRegsError(DeviceError):
    """tile_regs_* / acquire_dst protocol violated (pack before commit/wait, math without acquire, ...)."""


class ComputeInitError(KernelError):
    """A compute op run with another op's configuration: its init was not called (or another op's init came
    after it), or a CB's data format is not the one the unpacker or packer was configured for."""
