"""Errors of tensix.ttnn. ttnn raises RuntimeError (TT_THROW / TT_FATAL), and tt-metal's tests catch that, so every
TTNN error is both a RuntimeError and a tensix TensixError. Messages: what is wrong, with which argument, then the
fix."""

from tensix.errors import NotModelledError, TensixError


class TTNNError(TensixError, RuntimeError):
    """An op or tensor call that ttnn refuses (TT_FATAL / TT_THROW)."""


class ShapeError(TTNNError):
    """Operand shapes that the op cannot combine (not broadcastable, inner dimensions differ, ...)."""


class LayoutError(TTNNError):
    """An op given a tensor in a layout it does not accept (e.g. a tiled op on a row-major tensor)."""


class DTypeError(TTNNError):
    """An op given a dtype it does not accept, or operands whose dtypes it cannot mix."""


class DeviceMismatchError(TTNNError):
    """A tensor on the host where a device tensor is needed, on another or a closed device."""


class DeallocatedError(TTNNError):
    """A tensor used after ttnn.deallocate."""


class OutOfMemoryError(TTNNError):
    """An L1 or DRAM allocation that does not fit (ttnn's "Out of Memory: Not enough space to allocate ...")."""


class ShardSpecError(TTNNError):
    """A shard spec that does not cover the tensor, or one that the op cannot use."""


class UnknownKeywordError(NotModelledError, TypeError):
    """A keyword argument that an op's signature does not name. ttnn's binding would either use it (an argument
    tensix.ttnn does not model: NotModelledError) or refuse it (a typo: Python's TypeError); tensix cannot tell which,
    so the error is both, and the argument is never dropped silently."""
