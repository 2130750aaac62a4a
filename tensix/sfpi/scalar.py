"""Runtime scalars: arguments of an SFPI function that vary between calls.

In C++ an SFPI function's scalar parameters live in RISC-V registers; the compiled SFPU code is the same for
every call and only the immediates it loads change. tensix keeps that property: while tracing, a numeric
argument is a `Scalar`, a symbolic expression over the call's arguments. Scalar arithmetic is evaluated per
call with the RISC-V's semantics (int32 wrap-around, float32 round-to-nearest-even soft-float), and a vector
use of a scalar becomes an SFPLOADI whose immediate is a program input.

Python control flow on a scalar (`if take_abs:`, `range(n)`) needs its value at trace time: the tracer then
re-traces with that argument baked in (`StaticNeeded`), exactly like a C++ template parameter.
"""

from __future__ import annotations

import operator

import numpy as np


class StaticNeeded(Exception):
    """Raised while tracing when Python control flow needs the value of runtime argument `index`."""

    def __init__(self, index: int):
        super().__init__(index)
        self.index = index


def _f32(x) -> np.float32:
    return np.float32(x)


def _i32(x) -> int:
    x = int(x) & 0xFFFFFFFF
    return x - (1 << 32) if x & 0x80000000 else x


def _c_div(x: int, y: int) -> int:
    if y == 0:
        return -1
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def f32_bits(x) -> int:
    return int(np.float32(x).view(np.uint32))


def _charge(kind: str) -> None:
    """Record one soft-float operation in the trace being built: the RISC-V (RV32IM, no FPU) does it in
    software on every call, which the cost model charges (seed 000: hoisting `1.f/D` out of the loop)."""
    from tensix.sfpi import tracer

    if tracer._stack:
        ops = tracer._stack[-1].scalar_ops
        ops[kind] = ops.get(kind, 0) + 1


class Scalar:
    """A symbolic int32 or float32 scalar: `eval(args)` computes it for one call."""

    __slots__ = ("kind", "eval", "sources")

    def __init__(self, kind: str, fn, sources: frozenset):
        self.kind = kind  # "int" or "float"
        self.eval = fn
        self.sources = sources  # indices of the arguments it depends on

    @staticmethod
    def argument(index: int, kind: str) -> Scalar:
        conv = _f32 if kind == "float" else _i32
        return Scalar(kind, lambda args, i=index, c=conv: c(args[i]), frozenset({index}))

    # -- Python control flow needs a concrete value: ask the tracer for a re-trace ----------------------
    def _static(self):
        raise StaticNeeded(min(self.sources))

    def __bool__(self):
        self._static()

    def __index__(self):
        self._static()

    def __int__(self):
        self._static()

    def __float__(self):
        self._static()

    def __hash__(self):
        self._static()

    # -- arithmetic ------------------------------------------------------------------------------------
    def _binop(self, other, op, reverse=False, kind=None):
        if isinstance(other, bool) or not isinstance(other, (int, float, np.number, Scalar)):
            return NotImplemented
        o = other if isinstance(other, Scalar) else Scalar.constant(other)
        a, b = (o, self) if reverse else (self, o)
        if kind is None:
            kind = "float" if "float" in (a.kind, b.kind) else "int"
        conv = _f32 if kind == "float" else _i32
        fa, fb = a.eval, b.eval
        if kind == "float":
            _charge("riscv.softfloat_div" if op is operator.truediv else "riscv.softfloat_op")

        def fn(args):
            x, y = fa(args), fb(args)
            if kind == "float":
                return conv(op(_f32(x), _f32(y)))
            return conv(op(int(x), int(y)))

        return Scalar(kind, fn, a.sources | b.sources)

    @staticmethod
    def constant(value) -> Scalar:
        kind = "float" if isinstance(value, (float, np.floating)) else "int"
        v = _f32(value) if kind == "float" else _i32(value)
        return Scalar(kind, lambda args: v, frozenset())

    def __add__(self, o):
        return self._binop(o, operator.add)

    def __radd__(self, o):
        return self._binop(o, operator.add, True)

    def __sub__(self, o):
        return self._binop(o, operator.sub)

    def __rsub__(self, o):
        return self._binop(o, operator.sub, True)

    def __mul__(self, o):
        return self._binop(o, operator.mul)

    def __rmul__(self, o):
        return self._binop(o, operator.mul, True)

    def __truediv__(self, o):
        return self._binop(o, operator.truediv, kind="float")

    def __rtruediv__(self, o):
        return self._binop(o, operator.truediv, True, kind="float")

    def __floordiv__(self, o):
        """C `/` on ints: truncates toward zero; by zero RV32IM's DIV gives -1 (RISC-V spec, M extension)."""
        return self._binop(o, _c_div)

    def __mod__(self, o):
        """C `%` on ints: the remainder takes the dividend's sign; by zero RV32IM's REM gives the dividend."""
        return self._binop(o, lambda x, y: x - _c_div(x, y) * y if y else x)

    def __and__(self, o):
        return self._binop(o, operator.and_)

    __rand__ = __and__

    def __or__(self, o):
        return self._binop(o, operator.or_)

    __ror__ = __or__

    def __xor__(self, o):
        return self._binop(o, operator.xor)

    def __lshift__(self, o):
        return self._binop(o, lambda x, y: x << (y & 31))

    def __rshift__(self, o):
        return self._binop(o, lambda x, y: x >> (y & 31))

    def __neg__(self):
        return self._binop(-1, operator.mul)

    def to_float(self) -> Scalar:
        f = self.eval
        if self.kind == "int":
            _charge("riscv.softfloat_op")  # int -> float conversion is a soft-float call too
        return Scalar("float", lambda args: _f32(f(args)), self.sources)

    def to_int(self) -> Scalar:
        f = self.eval
        return Scalar("int", lambda args: _i32(int(f(args))), self.sources)

    def bits(self) -> Scalar:
        """The 32-bit pattern of this scalar (float32 bits or int32 two's complement)."""
        f, kind = self.eval, self.kind
        if kind == "float":
            return Scalar("int", lambda args: f32_bits(f(args)), self.sources)
        return Scalar("int", lambda args: int(f(args)) & 0xFFFFFFFF, self.sources)

    def __repr__(self):
        return f"Scalar({self.kind}, args {sorted(self.sources)})"
