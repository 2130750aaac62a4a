"""tensix: the Tenstorrent Wormhole programming stack in Python, on a simulated chip."""

from tensix.errors import (
    NotModelledError,
    RegisterSpillError,
    SfpiError,
    SfpuError,
    TensixError,
)

__version__ = "0.1.0"

__all__ = [
    "TensixError",
    "NotModelledError",
    "SfpuError",
    "SfpiError",
    "RegisterSpillError",
    "__version__",
]
