"""ttnn.types (tt-metal 622c6fb9 ttnn/ttnn/types.py): tensix.ttnn.types' names, plus the constants ttnn defines in
Python (the L1 sharded memory configs without a shard spec) and fp8_e4m3, which tensix does not model."""

from __future__ import annotations

from tensix.ttnn.types import BufferType, MemoryConfig, TensorMemoryLayout

L1_BLOCK_SHARDED_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.BLOCK_SHARDED, BufferType.L1)
L1_HEIGHT_SHARDED_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.HEIGHT_SHARDED, BufferType.L1)
L1_WIDTH_SHARDED_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.WIDTH_SHARDED, BufferType.L1)


class _UnmodelledDataType:
    """A ttnn DataType tensix has no storage for: usable as a value (a dict key, a parameter, printed as ttnn prints
    it), refused by every tensor call (tensix's DTypeError names it)."""

    def __init__(self, name: str, value: int):
        self.name, self.value = name, value

    def __repr__(self):
        return f"DataType.{self.name}"

    __str__ = __repr__

    @property
    def cpp(self) -> str:
        return f"DataType::{self.name}"

    def __hash__(self):
        return hash(("DataType", self.name))

    def __eq__(self, other):
        return isinstance(other, _UnmodelledDataType) and other.name == self.name


# ttnn 0.81.1: DataType.FP8_E4M3 has the value 8
fp8_e4m3 = _UnmodelledDataType("FP8_E4M3", 8)


def __getattr__(name):
    import tensix.ttnn.types as t
    from tensix.ttnn.compat import fallback_getattr
    return fallback_getattr("ttnn.types", [t], name)
