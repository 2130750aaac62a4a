"""`ttmlir.ir`: the few MLIR core binding classes the layout API takes (Context, Location, RankedTensorType,
the float types). Types print as MLIR prints them (tensix.mlir.asm)."""

from __future__ import annotations


class Context:
    """An MLIR context; tensix.mlir needs none, but the bindings' calls take one."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class Location:
    @staticmethod
    def unknown(context=None):
        return Location()


class _Wrapped:
    """A binding object around a tensix.mlir (xDSL) attribute or type; prints as MLIR does."""

    def __init__(self, attr):
        self._attr = attr

    def __str__(self):
        from tensix.mlir.asm import attr_str

        return attr_str(self._attr)

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, _Wrapped) and other._attr == self._attr

    def __hash__(self):
        return hash(self._attr)


class Type(_Wrapped):
    pass


class Attribute(_Wrapped):
    pass


def _float_type(name):
    class _F(Type):
        @staticmethod
        def get(context=None):
            from xdsl.dialects import builtin

            return Type({"f32": builtin.Float32Type, "f16": builtin.Float16Type,
                         "bf16": builtin.BFloat16Type}[name]())

    _F.__name__ = _F.__qualname__ = {"f32": "F32Type", "f16": "F16Type", "bf16": "BF16Type"}[name]
    return _F


F32Type = _float_type("f32")
F16Type = _float_type("f16")
BF16Type = _float_type("bf16")


class RankedTensorType(Type):
    @staticmethod
    def get(shape, element_type, encoding=None, loc=None):
        from xdsl.dialects.builtin import NoneAttr, TensorType

        enc = NoneAttr() if encoding is None else encoding._attr
        return RankedTensorType(TensorType(element_type._attr, list(shape), enc))

    @property
    def shape(self):
        return list(self._attr.get_shape())

    @property
    def element_type(self):
        return Type(self._attr.element_type)

    @property
    def encoding(self):
        from xdsl.dialects.builtin import NoneAttr

        return None if isinstance(self._attr.encoding, NoneAttr) else Attribute(self._attr.encoding)

    @property
    def rank(self):
        return len(self._attr.get_shape())


__all__ = ["Context", "Location", "Type", "Attribute", "F32Type", "F16Type", "BF16Type", "RankedTensorType"]
