"""SFPI's vector types, registers and conditions (seed 001, "Data Type Details").

`vFloat`, `vInt` and `vUInt` wrap an SSA value; every operator records the SFPU instruction SFPI's wrapper
emits for it (sfpi.h / wormhole sfpi_imp.h):
- `a + b` = SFPADD (VA = LReg10 = 1.0, VB = a, VC = b); `a * b` = SFPMUL (VC = LReg9 = 0);
  `a - b` = SFPMAD(VA = LReg11 = -1.0, VB = b, VC = a), i.e. `-1*b + a`; unary `-a` = SFPMOV with the
  sign-flip mode. The optimiser later fuses an SFPMUL into the SFPADD that consumes it (SFPMAD).
- float literals load with one SFPLOADI when exactly representable as bf16 or fp16a, else two (UPPER,
  LOWER); 0.0, 1.0 and -1.0 use the constant registers 9, 10, 11.
- vInt/vUInt: `+`/`-` = SFPIADD, `& | ^ ~` = SFPAND/SFPOR/SFPXOR/SFPNOT, `<<` = SFPSHFT, `>>` (vUInt only,
  logical) = SFPSHFT by a negative amount.
- `dst_reg[k]` loads/stores with Imm10 = 2k (SFP_DESTREG_STRIDE); vFloat uses MOD0_FMT_SRCB, vInt/vUInt
  MOD0_FMT_INT32_SM (two's complement <-> Dst sign-magnitude); `dst_reg += n` is INCRWC on the Dst counter.
"""

from __future__ import annotations

import numpy as np

from tensix.errors import SfpiError
from tensix.sfpu.isa import (  # mode values with their ISA names
    MOD0_FMT_INT32_SM,
    MOD0_FMT_SRCB,
    SFPIADD_MOD1_ARG_2SCOMP_LREG_DST,
    SFPIADD_MOD1_ARG_IMM,
    SFPIADD_MOD1_ARG_LREG_DST,
    SFPIADD_MOD1_CC_GTE0,
    SFPIADD_MOD1_CC_LT0,
    SFPIADD_MOD1_CC_NONE,
    SFPLOADI_MOD0_FLOATA,
    SFPLOADI_MOD0_FLOATB,
    SFPLOADI_MOD0_LOWER,
    SFPLOADI_MOD0_SHORT,
    SFPLOADI_MOD0_UPPER,
    SFPLOADI_MOD0_USHORT,
    SFPMOV_MOD1_NEGATE,
    SFPSETCC_MOD1_LREG_EQ0,
    SFPSETCC_MOD1_LREG_GTE0,
    SFPSETCC_MOD1_LREG_LT0,
    SFPSETCC_MOD1_LREG_NE0,
    SFPSHFT_MOD1_ARG_IMM,
)
from tensix.sfpi import tracer
from tensix.sfpi.ir import (
    CREG_0,
    CREG_0P8373,
    CREG_1,
    CREG_NEG1,
    CREG_PRGM0,
    CREG_PRGM1,
    CREG_PRGM2,
    CREG_TILEID,
    Op,
    Value,
)
from tensix.sfpi.scalar import Scalar, f32_bits

SFP_DESTREG_STRIDE = 2  # SFPI sfpi_constants.h: dst_reg[k] addresses Imm10 = 2k
ADDR_MODE_NOINC = 3  # SFPI sfpi_constants.h: SFPLOAD_ADDR_MODE_NOINC / SFPSTORE_ADDR_MODE_NOINC on Wormhole


# ------------------------------------------------------------------------------------------------
# emission helpers
# ------------------------------------------------------------------------------------------------
def const_value(reg: int) -> Value:
    t = tracer.current()
    return Value(scope=t.root, const_reg=reg, loc="const")


def emit(name: str, fields: dict, ins: dict | None = None, *, out=True, tie=None, input=-1, fixed=None,
         implicit_reads=(), implicit_writes=()) -> Value | None:
    """Record one instruction and return its output value."""
    t = tracer.current()
    value = t.new_value(fixed=fixed) if out else None
    t.emit(Op(name, dict(fields), dict(ins or {}), value, tie=tie, input=input,
              implicit_reads=implicit_reads, implicit_writes=implicit_writes))
    return value


def _fp16a_imm(bits: int) -> int | None:
    """The FLOATA immediate that SFPLOADI expands to exactly `bits`, if any (ISA SFPLOADI: Exp += 112)."""
    sign, exp, man = bits >> 31, (bits >> 23) & 0xFF, bits & 0x7FFFFF
    if man & 0x1FFF:
        return None
    if exp == 0 and man == 0:
        return sign << 15
    if 113 <= exp <= 143:
        return (sign << 15) | ((exp - 112) << 10) | (man >> 13)
    return None


def load_bits(bits: int, *, is_float: bool, fixed=None) -> Value:
    """Load a 32-bit constant into a new LReg with the fewest SFPLOADIs SFPI would use."""
    bits &= 0xFFFFFFFF
    if is_float:
        if bits & 0xFFFF == 0:
            return emit("SFPLOADI", {"Mod0": SFPLOADI_MOD0_FLOATB, "Imm16": bits >> 16}, fixed=fixed)
        imm = _fp16a_imm(bits)
        if imm is not None:
            return emit("SFPLOADI", {"Mod0": SFPLOADI_MOD0_FLOATA, "Imm16": imm}, fixed=fixed)
    else:
        signed = bits - (1 << 32) if bits & 0x80000000 else bits
        if -32768 <= signed < 32768:
            return emit("SFPLOADI", {"Mod0": SFPLOADI_MOD0_SHORT, "Imm16": signed & 0xFFFF}, fixed=fixed)
        if 0 <= signed < 65536:
            return emit("SFPLOADI", {"Mod0": SFPLOADI_MOD0_USHORT, "Imm16": signed}, fixed=fixed)
    hi = emit("SFPLOADI", {"Mod0": SFPLOADI_MOD0_UPPER, "Imm16": bits >> 16}, fixed=fixed)
    return emit("SFPLOADI", {"Mod0": SFPLOADI_MOD0_LOWER, "Imm16": bits & 0xFFFF}, {"VD": hi}, tie="VD",
                fixed=fixed)


def load_scalar(s: Scalar, *, is_float: bool, fixed=None) -> Value:
    """Load a runtime scalar: SFPLOADI UPPER + LOWER with immediates taken from the call's arguments."""
    t = tracer.current()
    b = (s.to_float() if is_float else s.to_int()).bits()
    hi_slot = t.add_input(lambda args, f=b.eval: (f(args) >> 16) & 0xFFFF, b.sources)
    lo_slot = t.add_input(lambda args, f=b.eval: f(args) & 0xFFFF, b.sources)
    hi = emit("SFPLOADI", {"Mod0": SFPLOADI_MOD0_UPPER, "Imm16": 0}, input=hi_slot, fixed=fixed)
    return emit("SFPLOADI", {"Mod0": SFPLOADI_MOD0_LOWER, "Imm16": 0}, {"VD": hi}, tie="VD", input=lo_slot,
                fixed=fixed)


def _float_literal(x) -> Value:
    bits = f32_bits(x)
    special = {0x00000000: CREG_0, 0x3F800000: CREG_1, 0xBF800000: CREG_NEG1}
    if bits in special:
        return const_value(special[bits])
    return load_bits(bits, is_float=True)


def _is_number(x) -> bool:
    return isinstance(x, (int, float, np.number)) and not isinstance(x, bool)


# ------------------------------------------------------------------------------------------------
# vector types
# ------------------------------------------------------------------------------------------------
class _Vec:
    """Common base: a vector of 32 lanes x 32 bits held in an SSA value."""

    __slots__ = ("v",)
    _float = False

    def __init__(self, x=None):
        if x is None:
            raise SfpiError(
                f"{tracer.user_location()}: declare vector variables with a value, e.g. `vFloat(0.0)`; "
                "an uninitialised SFPI vector holds whatever its register held."
            )
        self.v = self._coerce(x)

    @classmethod
    def _wrap(cls, value: Value):
        obj = cls.__new__(cls)
        obj.v = value
        return obj

    @classmethod
    def _coerce(cls, x) -> Value:
        if isinstance(x, _Vec):
            if x._float != cls._float:
                raise SfpiError(
                    f"{tracer.user_location()}: a {type(x).__name__} is used where SFPI needs a {cls.__name__}; "
                    "SFPI has no implicit conversion between float and integer vectors. Use "
                    "reinterpret(vFloat/vInt, v) for the same bits, or int32_to_float / float_to_int16 to convert.")
            return x.v
        if isinstance(x, DstRef):
            return x.load(cls._float).v
        if isinstance(x, _Const):
            return x.value()
        if isinstance(x, S2VFloat16):
            return x.load()
        if isinstance(x, Scalar):
            return load_scalar(x, is_float=cls._float)
        if _is_number(x):
            if cls._float:
                return _float_literal(x)
            return load_bits(int(x), is_float=False)
        if isinstance(x, Cond):
            raise SfpiError(
                f"{tracer.user_location()}: a vector condition cannot be stored in a vector; SFPI has no vBool. "
                "Use it directly in v_if(...)."
            )
        raise SfpiError(f"{tracer.user_location()}: cannot make a {cls.__name__} from {type(x).__name__}")

    def __bool__(self):
        raise SfpiError(
            f"{tracer.user_location()}: a vector has 32 lanes, so it has no single truth value. "
            "Use `with v_if(cond):` for per-lane conditions."
        )

    def __iter__(self):
        raise SfpiError(f"{tracer.user_location()}: vectors are not iterable; SFPI has no arrays of vectors.")

    # comparisons build per-lane conditions for v_if (all six, for vFloat, vInt and vUInt)
    def __lt__(self, o):
        return Cmp("LT", self, o)

    def __le__(self, o):
        return Cmp("LE", self, o)

    def __gt__(self, o):
        return Cmp("GT", self, o)

    def __ge__(self, o):
        return Cmp("GE", self, o)

    def __eq__(self, o):
        return Cmp("EQ", self, o)

    def __ne__(self, o):
        return Cmp("NE", self, o)

    __hash__ = None


def _operand(x, like: type) -> Value:
    """An operand of a binary op: vectors as they are, scalars loaded as `like` (vFloat/vInt)."""
    if isinstance(x, (_Vec, DstRef, _Const, S2VFloat16)):
        if isinstance(x, DstRef):
            return x.load(like._float).v
        return like._coerce(x)
    if _is_number(x) or isinstance(x, Scalar):
        return like._coerce(x)
    raise SfpiError(f"{tracer.user_location()}: unsupported operand {type(x).__name__} in a vector expression")


def _vec_like(x) -> bool:
    return isinstance(x, (_Vec, DstRef, _Const, S2VFloat16, Scalar)) or _is_number(x)


class vFloat(_Vec):
    """A vector of 32 float32 values (SFPI vFloat)."""

    __slots__ = ()
    _float = True

    def __add__(self, o):
        if not _vec_like(o):
            return NotImplemented
        return vFloat._wrap(emit("SFPADD", {"Mod1": 0},
                                 {"VA": const_value(CREG_1), "VB": self.v, "VC": _operand(o, vFloat)}))

    def __radd__(self, o):
        if not _vec_like(o):
            return NotImplemented
        return vFloat._wrap(emit("SFPADD", {"Mod1": 0},
                                 {"VA": const_value(CREG_1), "VB": _operand(o, vFloat), "VC": self.v}))

    def __sub__(self, o):
        if not _vec_like(o):
            return NotImplemented
        if _is_number(o):  # sfpi: `v - float` is `v + vFloat(-float)`
            return self + (-float(o))
        return vFloat._wrap(emit("SFPMAD", {"Mod1": 0},
                                 {"VA": const_value(CREG_NEG1), "VB": _operand(o, vFloat), "VC": self.v}))

    def __rsub__(self, o):
        if not _vec_like(o):
            return NotImplemented
        return vFloat(o) - self

    def __mul__(self, o):
        if not _vec_like(o):
            return NotImplemented
        return vFloat._wrap(emit("SFPMUL", {"Mod1": 0},
                                 {"VA": self.v, "VB": _operand(o, vFloat), "VC": const_value(CREG_0)}))

    def __rmul__(self, o):
        if not _vec_like(o):
            return NotImplemented
        return vFloat._wrap(emit("SFPMUL", {"Mod1": 0},
                                 {"VA": _operand(o, vFloat), "VB": self.v, "VC": const_value(CREG_0)}))

    def __neg__(self):
        return vFloat._wrap(emit("SFPMOV", {"Mod1": SFPMOV_MOD1_NEGATE}, {"VC": self.v}))

    def __pos__(self):
        return self

    def __truediv__(self, o):
        raise SfpiError(
            f"{tracer.user_location()}: the SFPU has no divide instruction and SFPI has no vector `/`. "
            "Multiply by a reciprocal (computed on the RISC-V for a scalar, or with a reciprocal routine)."
        )

    __rtruediv__ = __truediv__



class _IntBase(_Vec):
    """Shared integer operators of vInt and vUInt."""

    __slots__ = ()

    def _same(self, value):
        return type(self)._wrap(value)

    def __add__(self, o):
        if isinstance(o, int) and not isinstance(o, bool) and -2048 <= o < 2048:
            return self._same(emit("SFPIADD", {"Imm12": o & 0xFFF, "Mod1": SFPIADD_MOD1_ARG_IMM | SFPIADD_MOD1_CC_NONE},
                                   {"VC": self.v}))
        if not _vec_like(o):
            return NotImplemented
        return self._same(emit("SFPIADD", {"Imm12": 0, "Mod1": SFPIADD_MOD1_ARG_LREG_DST | SFPIADD_MOD1_CC_NONE},
                               {"VC": self.v, "VD": _operand(o, vInt)}, tie="VD"))

    __radd__ = __add__

    def __sub__(self, o):
        if isinstance(o, int) and not isinstance(o, bool) and -2047 <= o <= 2048:
            return self + (-o)
        if not _vec_like(o):
            return NotImplemented
        return self._same(emit("SFPIADD",
                               {"Imm12": 0, "Mod1": SFPIADD_MOD1_ARG_2SCOMP_LREG_DST | SFPIADD_MOD1_CC_NONE},
                               {"VC": self.v, "VD": _operand(o, vInt)}, tie="VD"))

    def __rsub__(self, o):
        if not _vec_like(o):
            return NotImplemented
        return self._same(emit("SFPIADD",
                               {"Imm12": 0, "Mod1": SFPIADD_MOD1_ARG_2SCOMP_LREG_DST | SFPIADD_MOD1_CC_NONE},
                               {"VC": _operand(o, vInt), "VD": self.v}, tie="VD"))

    def _bitwise(self, name, o):
        if not _vec_like(o):
            return NotImplemented
        return self._same(emit(name, {}, {"VC": _operand(o, vInt), "VD": self.v}, tie="VD"))

    def __and__(self, o):
        return self._bitwise("SFPAND", o)

    def __or__(self, o):
        return self._bitwise("SFPOR", o)

    def __xor__(self, o):
        return self._bitwise("SFPXOR", o)

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__

    def __invert__(self):
        return self._same(emit("SFPNOT", {}, {"VC": self.v}))

    def _shift(self, amount, left: bool):
        if isinstance(amount, int) and not isinstance(amount, bool):
            imm = amount if left else -amount
            if not -2048 <= imm < 2048:
                raise SfpiError(f"{tracer.user_location()}: shift amount {amount} does not fit SFPSHFT's Imm12")
            return self._same(emit("SFPSHFT", {"Imm12": imm & 0xFFF, "VC": 0, "Mod1": SFPSHFT_MOD1_ARG_IMM},
                                   {"VD": self.v}, tie="VD"))
        amt = _operand(amount, vInt)
        if not left:
            amt = (vInt(0) - vInt._wrap(amt)).v
        return self._same(emit("SFPSHFT", {"Imm12": 0, "Mod1": 0}, {"VC": amt, "VD": self.v}, tie="VD"))

    def __lshift__(self, n):
        return self._shift(n, True)



class vInt(_IntBase):
    """A vector of 32 int32 values (two's complement; SFPI vInt). There is no signed right shift."""

    __slots__ = ()

    def __rshift__(self, n):
        raise SfpiError(
            f"{tracer.user_location()}: vInt has no `>>`: Wormhole's SFPSHFT shifts logically only and SFPI "
            "offers no arithmetic right shift. Reinterpret as vUInt for a logical shift."
        )

    def __neg__(self):
        return vInt(0) - self


class vUInt(_IntBase):
    """A vector of 32 uint32 values (SFPI vUInt); `>>` is a logical shift (SFPSHFT, Wormhole only)."""

    __slots__ = ()

    def __rshift__(self, n):
        return self._shift(n, False)


def reinterpret(cls, v):
    """Reinterpret the bits of a vector as another vector type (free: no instruction)."""
    if isinstance(v, DstRef):
        v = v.load(True)
    if not isinstance(v, _Vec):
        raise SfpiError(f"{tracer.user_location()}: reinterpret needs a vector, got {type(v).__name__}")
    return cls._wrap(v.v)


# ------------------------------------------------------------------------------------------------
# constants, s2vFloat16, registers
# ------------------------------------------------------------------------------------------------
class _Const:
    """A constant register used as an operand (SFPI vConst*)."""

    def __init__(self, reg: int, is_float: bool, name: str, writable: bool = False):
        self.reg, self.is_float, self.name, self.writable = reg, is_float, name, writable

    def value(self) -> Value:
        return const_value(self.reg)

    def _as(self):
        return (vFloat if self.is_float else vInt)._wrap(self.value())

    def __repr__(self):
        return self.name

    # Python looks special methods up on the type, so forward them explicitly.
    def __add__(self, o): return self._as() + o
    def __radd__(self, o): return o + self._as() if isinstance(o, _Vec) else self._as().__radd__(o)
    def __sub__(self, o): return self._as() - o
    def __rsub__(self, o): return self._as().__rsub__(o)
    def __mul__(self, o): return self._as() * o
    def __rmul__(self, o): return self._as().__rmul__(o)
    def __neg__(self): return -self._as()
    def __and__(self, o): return self._as() & o
    def __or__(self, o): return self._as() | o
    def __xor__(self, o): return self._as() ^ o
    def __invert__(self): return ~self._as()
    def __lshift__(self, o): return self._as() << o
    def __rshift__(self, o): return self._as() >> o
    def __lt__(self, o): return self._as() < o
    def __le__(self, o): return self._as() <= o
    def __gt__(self, o): return self._as() > o
    def __ge__(self, o): return self._as() >= o
    def __eq__(self, o): return self._as() == o
    def __ne__(self, o): return self._as() != o
    __hash__ = object.__hash__

    def set(self, x) -> None:
        """`vConstFloatPrgm0 = x`: load x into LReg0, then SFPCONFIG broadcasts lanes 0-7 into the constant."""
        if not self.writable:
            raise SfpiError(f"{tracer.user_location()}: {self.name} is a read-only constant register")
        if isinstance(x, _Vec):
            l0 = emit("SFPMOV", {"Mod1": 0}, {"VC": x.v}, fixed=0)
        elif isinstance(x, Scalar):
            l0 = load_scalar(x, is_float=self.is_float, fixed=0)
        elif isinstance(x, S2VFloat16):
            l0 = x.load(fixed=0)
        elif _is_number(x):
            l0 = load_bits(f32_bits(x) if self.is_float else int(x), is_float=self.is_float, fixed=0)
        else:
            raise SfpiError(f"{tracer.user_location()}: cannot assign {type(x).__name__} to {self.name}")
        emit("SFPCONFIG", {"Imm16": 0, "VD": self.reg, "Mod1": 0}, {"VC": l0}, out=False)


vConst0 = _Const(CREG_0, True, "vConst0")
vConst1 = _Const(CREG_1, True, "vConst1")
vConstNeg1 = _Const(CREG_NEG1, True, "vConstNeg1")
vConst0p8373 = _Const(CREG_0P8373, True, "vConst0p8373")
vConstTileId = _Const(CREG_TILEID, False, "vConstTileId")
vConstFloatPrgm0 = _Const(CREG_PRGM0, True, "vConstFloatPrgm0", True)
vConstFloatPrgm1 = _Const(CREG_PRGM1, True, "vConstFloatPrgm1", True)
vConstFloatPrgm2 = _Const(CREG_PRGM2, True, "vConstFloatPrgm2", True)
vConstIntPrgm0 = _Const(CREG_PRGM0, False, "vConstIntPrgm0", True)
vConstIntPrgm1 = _Const(CREG_PRGM1, False, "vConstIntPrgm1", True)
vConstIntPrgm2 = _Const(CREG_PRGM2, False, "vConstIntPrgm2", True)


def _round_bits(bits: int, keep: int) -> int:
    """Round a float32 pattern to `keep` mantissa bits, nearest-even (compile-time conversion)."""
    drop = 23 - keep
    half = 1 << (drop - 1)
    low = bits & ((1 << drop) - 1)
    bits &= ~((1 << drop) - 1)
    if low > half or (low == half and bits & (1 << drop)):
        bits += 1 << drop
    return bits & 0xFFFFFFFF


class S2VFloat16:
    """`s2vFloat16a(x)` / `s2vFloat16b(x)`: one SFPLOADI in fp16a (FLOATA) or bf16 (FLOATB) encoding.

    A float is converted at trace time (round to nearest even); an int is taken as the 16-bit pattern itself,
    as in SFPI ("An integer value ... is treated as a bit pattern")."""

    def __init__(self, x, kind: str):
        self.kind = kind
        if isinstance(x, Scalar):
            self.imm = x
            return
        if isinstance(x, int) and not isinstance(x, bool):
            self.imm = x & 0xFFFF
            return
        bits = f32_bits(x)
        if kind == "b":
            self.imm = _round_bits(bits, 7) >> 16
        else:
            r = _round_bits(bits, 10)
            sign, exp = r >> 31, (r >> 23) & 0xFF
            if exp == 0 or exp < 113:  # below fp16a's range: zero (SFPI: denormals not handled)
                self.imm = sign << 15
            elif exp > 143:
                raise SfpiError(f"{tracer.user_location()}: {x} is out of fp16a range for s2vFloat16a")
            else:
                self.imm = (sign << 15) | ((exp - 112) << 10) | ((r >> 13) & 0x3FF)

    def load(self, fixed=None) -> Value:
        mod0 = SFPLOADI_MOD0_FLOATB if self.kind == "b" else SFPLOADI_MOD0_FLOATA
        if isinstance(self.imm, Scalar):
            t = tracer.current()
            f = self.imm
            if self.kind == "b":
                slot = t.add_input(lambda args, g=f.to_float().bits().eval: g(args) >> 16, f.sources)
            else:
                slot = t.add_input(lambda args, g=f.to_float().eval: _fp16a_runtime(g(args)), f.sources)
            return emit("SFPLOADI", {"Mod0": mod0, "Imm16": 0}, input=slot, fixed=fixed)
        return emit("SFPLOADI", {"Mod0": mod0, "Imm16": self.imm}, fixed=fixed)


def _fp16a_runtime(x) -> int:
    """Run-time conversion float -> fp16a done by the RISC-V (truncating; SFPI's s2vFloat16 of a variable)."""
    bits = f32_bits(x)
    sign, exp, man = bits >> 31, (bits >> 23) & 0xFF, bits & 0x7FFFFF
    if exp < 113:
        return sign << 15
    exp = min(exp, 143)
    return (sign << 15) | ((exp - 112) << 10) | (man >> 13)


def s2vFloat16a(x):
    return S2VFloat16(x, "a")


def s2vFloat16b(x):
    return S2VFloat16(x, "b")


class DstRef:
    """`dst_reg[k]`: a row group of Dst, read with SFPLOAD or written with SFPSTORE (Imm10 = 2k)."""

    __slots__ = ("index",)

    def __init__(self, index: int):
        self.index = index

    def imm10(self) -> int:
        imm = self.index * SFP_DESTREG_STRIDE
        if not 0 <= imm < 1024:
            raise SfpiError(f"{tracer.user_location()}: dst_reg[{self.index}] is outside SFPLOAD's 10-bit address")
        return imm

    def load(self, as_float: bool = True) -> _Vec:
        mod0 = MOD0_FMT_SRCB if as_float else MOD0_FMT_INT32_SM
        # AddrMod 3: SFPI's SFPLOAD_ADDR_MODE_NOINC on Wormhole (sfpi_constants.h); with the LLK's
        # ADDR_MOD_SET_Base = 1 it selects ADDR_MOD_7, which the SFPU inits program to no increment
        v = emit("SFPLOAD", {"Mod0": mod0, "AddrMod": ADDR_MODE_NOINC, "Imm10": self.imm10()})
        return (vFloat if as_float else vInt)._wrap(v)

    def _f(self):
        return self.load(True)

    # behave as a vFloat in expressions
    def __add__(self, o): return self._f() + o
    def __radd__(self, o): return self._f().__radd__(o)
    def __sub__(self, o): return self._f() - o
    def __rsub__(self, o): return self._f().__rsub__(o)
    def __mul__(self, o): return self._f() * o
    def __rmul__(self, o): return self._f().__rmul__(o)
    def __neg__(self): return -self._f()
    def __truediv__(self, o): return self._f() / o
    def __lt__(self, o): return self._f() < o
    def __le__(self, o): return self._f() <= o
    def __gt__(self, o): return self._f() > o
    def __ge__(self, o): return self._f() >= o
    def __eq__(self, o): return self._f() == o
    def __ne__(self, o): return self._f() != o
    __hash__ = None

    def __bool__(self):
        raise SfpiError(f"{tracer.user_location()}: dst_reg[...] is a vector; use v_if for conditions")


class _DstRegFile:
    """`dst_reg`: index to load/store; `dst_reg += n` advances the Dst RWC by 2n rows (INCRWC)."""

    _sfpi_inplace = True  # `dst_reg += n` updates the global in place (see rewrite.py)

    def __getitem__(self, k):
        if isinstance(k, Scalar):
            raise SfpiError(
                f"{tracer.user_location()}: dst_reg[...] needs an index known when the function is compiled "
                "(SFPLOAD's Imm10); advance with `dst_reg += n` for run-time offsets."
            )
        return DstRef(int(k))

    def __setitem__(self, k, x):
        ref = self[k]
        if isinstance(x, DstRef):
            x = x.load(True)
        if isinstance(x, (_Const, S2VFloat16)) or _is_number(x) or isinstance(x, Scalar):
            x = vFloat(x) if not (isinstance(x, _Const) and not x.is_float) else vInt(x)
            if x.v.const_reg is not None:  # SFPI copies a constant register to an LReg before storing
                x = type(x)._wrap(emit("SFPMOV", {"Mod1": 0}, {"VC": x.v}))
        if not isinstance(x, _Vec):
            raise SfpiError(f"{tracer.user_location()}: cannot store {type(x).__name__} in dst_reg")
        mod0 = MOD0_FMT_SRCB if isinstance(x, vFloat) else MOD0_FMT_INT32_SM
        emit("SFPSTORE", {"Mod0": mod0, "AddrMod": ADDR_MODE_NOINC, "Imm10": ref.imm10()}, {"VD": x.v}, out=False)

    def __iadd__(self, n):
        if isinstance(n, Scalar):
            raise SfpiError(f"{tracer.user_location()}: `dst_reg += n` needs n known at compile time")
        rows = int(n) * SFP_DESTREG_STRIDE
        if rows < 0:
            raise SfpiError(f"{tracer.user_location()}: dst_reg can only move forward")
        while rows > 0:  # INCRWC's Dst increment is a 4-bit field
            step = min(rows, 14)
            emit("INCRWC", {"DstInc": step}, out=False)
            rows -= step
        return self

    def __add__(self, n):
        raise SfpiError(f"{tracer.user_location()}: use `dst_reg += n` (or dst_reg[k]) to address Dst")


dst_reg = _DstRegFile()


class LRegs:
    """The general-purpose LReg names (SFPI `LRegs` enum)."""

    LReg0, LReg1, LReg2, LReg3, LReg4, LReg5, LReg6, LReg7 = range(8)
    LRegCount = 8


class _LRegFile:
    """`l_reg[LRegs.LRegN]`: read or write one specific LReg (its value lives on across calls)."""

    def __getitem__(self, r):
        r = int(r)
        if not 0 <= r < 8:
            raise SfpiError(f"{tracer.user_location()}: l_reg index {r} is not a general LReg (0..7)")
        t = tracer.current()
        v = Value(scope=t.root, fixed=r, live_in=True, loc=tracer.user_location())
        return vFloat._wrap(v)

    def __setitem__(self, r, x):
        r = int(r)
        if not 0 <= r < 8:
            raise SfpiError(f"{tracer.user_location()}: l_reg index {r} is not a general LReg (0..7)")
        src = vFloat._coerce(x) if not isinstance(x, _Vec) else x.v
        if src.fixed == r and src.live_in:
            return  # writing back the value read from the same register: nothing to do
        v = emit("SFPMOV", {"Mod1": 0}, {"VC": src}, fixed=r)
        v.live_out = True


l_reg = _LRegFile()


# ------------------------------------------------------------------------------------------------
# conditions
# ------------------------------------------------------------------------------------------------
class Cond:
    """A per-lane condition (SFPI __vCond): only usable in v_if / v_elseif / v_and."""

    def __bool__(self):
        raise SfpiError(
            f"{tracer.user_location()}: a vector condition was used where Python needs one truth value "
            "(an `if`, `while`, `x if c else y`, or `and`/`or`/`not` outside an SFPI function). Vector "
            "conditions are per lane: use `with v_if(cond):`, and decorate helper functions that use "
            "`and`/`or`/`not` on conditions or assign inside v_if with @sfpi_inline."
        )

    def __and__(self, o):
        return And(self, as_cond(o))

    def __or__(self, o):
        return Or(self, as_cond(o))

    def __invert__(self):
        return Not(self)

    __rand__ = __and__
    __ror__ = __or__


class Cmp(Cond):
    def __init__(self, op: str, a, b):
        self.op, self.a, self.b = op, a, b


class And(Cond):
    def __init__(self, *xs):
        self.xs = xs


class Or(Cond):
    def __init__(self, *xs):
        self.xs = xs


class Not(Cond):
    def __init__(self, x):
        self.x = x


def as_cond(c) -> Cond:
    if isinstance(c, Cond):
        return c
    if isinstance(c, _IntBase):  # SFPI: a vInt used as a condition means `!= 0`
        return Cmp("NE", c, 0)
    raise SfpiError(f"{tracer.user_location()}: {type(c).__name__} is not a vector condition")


_NEGATE = {"LT": "GE", "GE": "LT", "EQ": "NE", "NE": "EQ", "GT": "LE", "LE": "GT"}


def _cnf(c: Cond, neg: bool = False) -> list[list[tuple]]:
    """Conjunctive normal form over atoms (op, a, b) with op in LT/GE/EQ/NE.

    GT expands to GE and NE, LE to LT or EQ (SFPI: `<=` and `>` cost more than the other compares)."""
    if isinstance(c, Not):
        return _cnf(c.x, not neg)
    if isinstance(c, (And, Or)):
        conj = isinstance(c, And) != neg
        parts = [_cnf(as_cond(x), neg) for x in c.xs]
        if conj:
            return [cl for p in parts for cl in p]
        result = [[]]
        for p in parts:
            result = [a + b for a in result for b in p]
        return result
    op = _NEGATE[c.op] if neg else c.op
    key = (id(c), c.a, c.b)
    if op == "GT":
        return [[("GE", key)], [("NE", key)]]
    if op == "LE":
        return [[("LT", key), ("EQ", key)]]
    return [[(op, key)]]


_SETCC = {"LT": SFPSETCC_MOD1_LREG_LT0, "GE": SFPSETCC_MOD1_LREG_GTE0,
          "EQ": SFPSETCC_MOD1_LREG_EQ0, "NE": SFPSETCC_MOD1_LREG_NE0}


def _difference(a, b) -> Value:
    """The value a compare tests against zero: `a` itself when b is 0, else `a - b`.

    Float: SFPMAD(b, -1.0, a), one rounding, as the SFPI compiler lowers float compares (so Inf, NaN and
    signed zeros compare the way the hardware subtraction says). Int: SFPIADD (immediate when it fits)."""
    is_float = isinstance(a, (vFloat, DstRef)) or (isinstance(a, _Const) and a.is_float)
    if isinstance(a, DstRef):
        a = a.load(True)
    if isinstance(a, _Const):
        a = a._as()
    if _is_number(b) and float(b) == 0.0 and not (is_float and f32_bits(float(b)) != 0):
        return a.v
    if is_float:
        if _is_number(b):
            bits = f32_bits(b)
            if bits == 0x3F800000:
                return emit("SFPMAD", {"Mod1": 0}, {"VA": const_value(CREG_1), "VB": const_value(CREG_NEG1),
                                                     "VC": a.v})
            if bits == 0xBF800000:
                return emit("SFPMAD", {"Mod1": 0}, {"VA": const_value(CREG_NEG1),
                                                     "VB": const_value(CREG_NEG1), "VC": a.v})
        bv = _operand(b, vFloat)
        return emit("SFPMAD", {"Mod1": 0}, {"VA": bv, "VB": const_value(CREG_NEG1), "VC": a.v})
    if isinstance(b, int) and not isinstance(b, bool) and -2047 <= b <= 2048:
        return emit("SFPIADD", {"Imm12": (-b) & 0xFFF, "Mod1": SFPIADD_MOD1_ARG_IMM | SFPIADD_MOD1_CC_NONE},
                    {"VC": a.v})
    bv = _operand(b, vInt)
    return emit("SFPIADD", {"Imm12": 0, "Mod1": SFPIADD_MOD1_ARG_2SCOMP_LREG_DST | SFPIADD_MOD1_CC_NONE},
                {"VC": a.v, "VD": bv}, tie="VD")


def eval_condition(t, cond, may_push: bool = True) -> int:
    """Narrow the enabled lanes by `cond`; return the number of SFPPUSHC left on the flag stack.

    The condition is put in conjunctive normal form and every difference it compares is computed first,
    under the lanes enabled on entry. A one-atom clause narrows with one SFPSETCC. A clause `x or y ...` is
    `PUSHC; SETCC(not x); SETCC(not y); ...; COMPC`, which leaves `entry and (x or y ...)` because SFPCOMPC
    computes `top and not flags`. v_elseif/v_else rely on the stack top being the chain's entry flags, so
    at most one such clause may stay on the stack, and it is evaluated first (its push saves exactly the
    entry flags). With more (or in v_and, which must not change the top), the result is materialised: a
    register set to 0 before and to 1 under the narrowed lanes, the clause pushes popped (restoring the
    entry flags), then one SFPSETCC on the register."""
    clauses = _cnf(as_cond(cond))
    multi = [c for c in clauses if len(c) > 1]
    single = [c for c in clauses if len(c) == 1]
    materialise = len(multi) > 1 or (multi and not may_push)
    flag = load_bits(0, is_float=False) if materialise else None
    first_diff_op = len(t.ops)
    diffs: dict = {}
    for clause in multi + single:
        for _, key in clause:
            if key[0] not in diffs:
                diffs[key[0]] = _difference(key[1], key[2])
    producers = {o.out.id: o for o in t.ops[first_diff_op:] if o.out is not None}
    uses = {}
    for clause in clauses:
        for _, key in clause:
            uses[key[0]] = uses.get(key[0], 0) + 1
    pushes = 0
    for clause in multi + single:
        if len(clause) == 1:
            op, key = clause[0]
            d = diffs[key[0]]
            producer = producers.get(d.id)
            if (not multi and op in ("LT", "GE") and uses[key[0]] == 1 and producer is not None
                    and producer.name == "SFPIADD" and d.uses == 0):
                # seed 001: "a subtract of 5 followed by a compare against 0 gets combined into one
                # operation": the SFPIADD sets the lane flags itself (CC_LT0 / CC_GTE0)
                producer.fields["Mod1"] = (producer.fields["Mod1"] & ~SFPIADD_MOD1_CC_NONE) | (
                    SFPIADD_MOD1_CC_GTE0 if op == "GE" else SFPIADD_MOD1_CC_LT0)
                continue
            emit("SFPSETCC", {"Imm1": 0, "VD": 0, "Mod1": _SETCC[op]}, {"VC": d}, out=False)
            continue
        t.push()
        pushes += 1
        for op, key in clause:
            emit("SFPSETCC", {"Imm1": 0, "VD": 0, "Mod1": _SETCC[_NEGATE[op]]}, {"VC": diffs[key[0]]},
                 out=False)
        emit("SFPCOMPC", {"VD": 0}, out=False)
    if not materialise:
        return pushes
    flag = emit("SFPLOADI", {"Mod0": SFPLOADI_MOD0_SHORT, "Imm16": 1}, {"VD": flag}, tie="VD")
    for _ in range(pushes):
        t.depth -= 1
        emit("SFPPOPC", {"VD": 0, "Mod1": 0}, out=False)
    emit("SFPSETCC", {"Imm1": 0, "VD": 0, "Mod1": SFPSETCC_MOD1_LREG_NE0}, {"VC": flag}, out=False)
    return 0


# ------------------------------------------------------------------------------------------------
# v_if / v_elseif / v_else / v_block / v_and
# ------------------------------------------------------------------------------------------------
class _Block:
    def __init__(self, cond, kind):
        self.cond, self.kind = cond, kind
        self.call = {"if": "v_if", "elseif": "v_elseif", "else": "v_else", "block": "v_block"}[kind]
        if tracer._stack:       # until a `with` enters it, the trace refuses to record anything (check_entered)
            tracer._stack[-1].unentered.append((self, tracer.user_location()))

    def __enter__(self):
        t = tracer.current()
        t.unentered[:] = [u for u in t.unentered if u[0] is not self]
        if self.kind == "if":
            t.begin_if(self.cond)
        elif self.kind == "block":
            t.begin_if(None, kind="block")
        else:
            t.begin_elseif(self.cond, else_=self.kind == "else")
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            tracer.current().end_block()
        return False


def _check_rewritten(what: str) -> None:
    from tensix.sfpi.rewrite import is_rewritten

    import sys

    code = sys._getframe(2).f_code
    if not is_rewritten(code):
        raise SfpiError(
            f"{tracer.user_location()}: {what} is used in `{code.co_name}`, which is not an SFPI function: "
            "assignments inside the block would not be predicated. Fix: decorate it with @sfpi_inline "
            "(functions passed to tensix.sfpi.run/listing are converted automatically)."
        )


def v_if(cond):
    """`with v_if(cond):` — predicate the block on `cond` (both sides of a chain always execute)."""
    _check_rewritten("v_if")
    return _Block(cond, "if")


def v_elseif(cond):
    _check_rewritten("v_elseif")
    return _Block(cond, "elseif")


def v_else():
    _check_rewritten("v_else")
    return _Block(None, "else")


def v_block():
    """`with v_block():` — a region that `v_and(...)` progressively narrows."""
    _check_rewritten("v_block")
    return _Block(None, "block")


def v_and(cond) -> None:
    tracer.current().v_and(cond)


def v_endif() -> None:
    """Accepted for symmetry with C++ SFPI; the `with` block already closes the chain."""
