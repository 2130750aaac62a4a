"""`ttmlir.dialects.tt` as tt-mlir's 2024-07-29 bindings had it (python/TTModule.cpp at 5ebfe37a44): the enums and
attribute helpers under `tt.ir` (also, as after 3e61037265, directly under `tt`). `with_grid_` and
`with_element_type_` return the unwrapped attribute, which `.wrapped()` turns into a printable one, as there."""

from __future__ import annotations

import enum
import types

from tensix.mlir.compat.ttmlir.ir import Attribute, Type


def register_dialect(context=None, load=True):
    """The bindings register the dialect with a context; tensix.mlir's dialects are always there."""


class DataType(enum.IntEnum):
    Float32 = 0
    Float16 = 1
    BFloat16 = 2
    BFP_Float8 = 3
    BFP_BFloat8 = 4
    BFP_Float4 = 5
    BFP_BFloat4 = 6
    BFP_Float2 = 7
    BFP_BFloat2 = 8
    UInt32 = 9
    UInt16 = 10
    UInt8 = 11


class MemorySpace(enum.IntEnum):
    System = 0
    SystemMMIO = 1
    DeviceDRAM = 2
    DeviceL1 = 3


class OOBVal(enum.IntEnum):
    Undef = 0
    Zero = 1
    One = 2
    Inf = 3
    NegInf = 4


_DATA_TYPE = ("f32", "f16", "bf16", "bfp_f8", "bfp_bf8", "bfp_f4", "bfp_bf4", "bfp_f2", "bfp_bf2", "u32", "u16", "u8")
_SPACE = ("system", "mmio", "dram", "l1")
_OOB = ("undef", "zero", "one", "inf", "neginf")


def _tt():
    from tensix.mlir.dialects import tt

    return tt


class GridAttr(Attribute):
    @staticmethod
    def get(context, shape):
        return GridAttr(_tt().GridAttr(list(shape)))

    @property
    def shape(self):
        return list(self._attr.dims)


class TileType(Type):
    @staticmethod
    def get(context, height, width, data_type):
        return TileType(_tt().TileType(int(height), int(width), _DATA_TYPE[int(data_type)]))


class _Unwrapped:
    """The C++ attribute the `*_` helpers return: `wrapped()` gives the printable MLIR attribute."""

    def __init__(self, attr):
        self._attr = attr

    def wrapped(self):
        return LayoutAttr(self._attr)


def _intervals(collapse_intervals):
    return [(int(a), int(b)) for a, b in collapse_intervals]


class LayoutAttr(Attribute):
    @staticmethod
    def get(context, ranked_tensor_type, memory_space, grid, collapse_intervals=((0, -1),), oob_val=OOBVal.Undef):
        ty = ranked_tensor_type._attr
        return LayoutAttr(_tt().LayoutAttr.make(ty.get_shape(), ty.element_type, _SPACE[int(memory_space)],
                                                grid._attr, _intervals(collapse_intervals), _OOB[int(oob_val)]))

    @staticmethod
    def with_grid(context, self, tensor_shape, grid, collapse_intervals=((0, -1),)):
        return LayoutAttr.with_grid_(context, self, tensor_shape, grid, collapse_intervals).wrapped()

    @staticmethod
    def with_grid_(context, self, tensor_shape, grid, collapse_intervals=((0, -1),)):
        return _Unwrapped(self._attr.with_grid(list(tensor_shape), grid._attr, _intervals(collapse_intervals)))

    @staticmethod
    def with_element_type(context, self, element_type):
        return LayoutAttr.with_element_type_(context, self, element_type).wrapped()

    @staticmethod
    def with_element_type_(context, self, element_type):
        return _Unwrapped(self._attr.with_element_type(element_type._attr))

    def wrapped(self):
        return self

    @property
    def memory_space(self):
        return MemorySpace(_SPACE.index(self._attr.memory_space))

    @property
    def oobval(self):
        return OOBVal(_OOB.index(self._attr.oob_val.case))

    @property
    def shard_shape(self):
        return self._attr.shard_shape()

    def stride(self, logical_shape):
        return self._attr.stride(list(logical_shape))


ir = types.SimpleNamespace(DataType=DataType, MemorySpace=MemorySpace, OOBVal=OOBVal, GridAttr=GridAttr,
                           TileType=TileType, LayoutAttr=LayoutAttr)

__all__ = ["register_dialect", "ir", "DataType", "MemorySpace", "OOBVal", "GridAttr", "TileType", "LayoutAttr"]
