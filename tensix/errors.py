"""The error hierarchy. Every error tensix raises on purpose derives from TensixError.

Messages come in two parts, as a kernel author needs them: what rule was broken and where,
then what to do about it.
"""


class TensixError(Exception):
    """Base class of every error tensix raises on purpose."""


class NotModelledError(TensixError):
    """A hardware feature that tensix does not model (faithful or loud)."""


class SfpuError(TensixError):
    """Misuse of the vector unit: an illegal operand, register or mode."""


class SfpiError(TensixError):
    """An SFPI program that the SFPI compiler would reject or that misuses the DSL."""


class RegisterSpillError(SfpiError):
    """More live vector values than the 8 general LRegs (the SFPI compiler's register spill)."""


class UndefinedBehaviourError(TensixError):
    """An instruction or access that the ISA documentation calls undefined behaviour: the hardware gives no
    answer to copy, so tensix stops instead of inventing one. The message names the ISA page."""


class DeviceError(TensixError):
    """Base class of runtime (device, kernel, host API) misuse."""


class DeadlockError(DeviceError):
    """Every unfinished thread is blocked (RISC-V threads of a device program, or a tile's Tensix threads): on
    hardware the program would hang forever. Defined here, below both tensix.device and tensix.tile, which raise it."""


class TileError(TensixError):
    """Bad input to the instruction-level tile or the instruction-set codec: an unknown opcode, an operand that does
    not fit its field, a push to a pipe that does not exist or that the pushing core cannot reach, an MMIO access to
    an unmapped address."""
