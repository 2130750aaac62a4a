"""The SFPI library calls of seed 001 ("Library"), each lowered to the instruction Wormhole's sfpi_lib.h uses.

Rounding modes follow the 2025 SFPI: `round_mode=0` is the non-stochastic mode (SFPCAST: round to nearest
even; SFPSTOCHRND: round half away from zero on the magnitude, ISA SFPSTOCHRND_*.md, which SFPI misleadingly
calls "RND_EVEN"), and the default `round_mode=1` is stochastic rounding driven by the SFPU PRNG.

C++ functions that modify their reference arguments (`vec_swap`, `vec_min_max`, `subvec_transp`) return
the new values in Python: `a, b = vec_swap(a, b)`.
"""

from __future__ import annotations

from tensix.errors import SfpiError
from tensix.sfpu.isa import (  # mode values with their ISA names
    SFPLUT_MOD0_SGN_RETAIN,
    SFPSHFT2_MOD1_SUBVEC_SHFLROR1,
    SFPSHFT2_MOD1_SUBVEC_SHFLSHR1,
    SFPSTOCHRND_MOD1_FP32_TO_FP16A,
    SFPSTOCHRND_MOD1_FP32_TO_FP16B,
    SFPSTOCHRND_MOD1_FP32_TO_INT16,
    SFPSTOCHRND_MOD1_FP32_TO_INT8,
    SFPSTOCHRND_MOD1_FP32_TO_UINT16,
    SFPSTOCHRND_MOD1_FP32_TO_UINT8,
    SFPSTOCHRND_MOD1_INT32_TO_INT8,
    SFPSTOCHRND_MOD1_INT32_TO_UINT8,
    SFPSWAP_MOD1_SWAP,
    SFPSWAP_MOD1_VEC_MIN_MAX,
)
from tensix.sfpi import tracer
from tensix.sfpi.ir import Op, Value
from tensix.sfpi.scalar import Scalar
from tensix.sfpi.vector import (
    DstRef,
    _Const,
    _IntBase,
    _Vec,
    emit,
    vFloat,
    vInt,
    vUInt,
)

SFPLUT_MOD0_SGN_UPDATE = 0  # SFPI's name for SFPLUT without SGN_RETAIN: the result takes the computed sign


def _vec(x, cls=vFloat) -> Value:
    if isinstance(x, DstRef):
        return x.load(cls is vFloat).v
    if isinstance(x, (_Vec, _Const)) or not isinstance(x, Scalar):
        return cls._coerce(x)
    return cls._coerce(x)


def _static_int(x, what: str) -> int:
    if isinstance(x, Scalar):
        raise SfpiError(f"{tracer.user_location()}: {what} must be known at compile time (an instruction immediate)")
    return int(x)


def _round_mode(mode) -> int:
    mode = _static_int(mode, "round_mode")
    if mode not in (0, 1):
        raise SfpiError(f"{tracer.user_location()}: round_mode is 0 (non-stochastic) or 1 (stochastic), got {mode}")
    return mode


# -- exponent / mantissa / sign -------------------------------------------------------------------------
def exexp(v) -> vInt:
    """The exponent of v, debiased (SFPEXEXP)."""
    return vInt._wrap(emit("SFPEXEXP", {"Mod1": 0}, {"VC": _vec(v)}))


def exexp_nodebias(v) -> vInt:
    """The raw 8-bit exponent of v (SFPEXEXP NODEBIAS)."""
    return vInt._wrap(emit("SFPEXEXP", {"Mod1": 1}, {"VC": _vec(v)}))


def exman8(v) -> vInt:
    """The mantissa with its hidden bit (SFPEXMAN, 8 zero bits on the left)."""
    return vInt._wrap(emit("SFPEXMAN", {"Mod1": 0}, {"VC": _vec(v)}))


def exman9(v) -> vInt:
    """The 23 fraction bits (SFPEXMAN PAD9)."""
    return vInt._wrap(emit("SFPEXMAN", {"Mod1": 1}, {"VC": _vec(v)}))


def setexp(v, exp) -> vFloat:
    """v with its exponent field replaced by bits 7:0 of exp (SFPSETEXP, immediate or vector form)."""
    if isinstance(exp, (_IntBase, _Const)):
        return vFloat._wrap(emit("SFPSETEXP", {"Imm8": 0, "Mod1": 0}, {"VC": _vec(v), "VD": _vec(exp, vInt)},
                                 tie="VD"))
    e = _static_int(exp, "setexp's exponent (use a vInt for a run-time exponent)")
    return vFloat._wrap(emit("SFPSETEXP", {"Imm8": e & 0xFF, "Mod1": 1}, {"VC": _vec(v)}))


def setman(v, man) -> vFloat:
    """v with its mantissa replaced (SFPSETMAN: Imm12 << 11, or the low 23 bits of a vector)."""
    if isinstance(man, (_IntBase, _Const)):
        return vFloat._wrap(emit("SFPSETMAN", {"Imm12": 0, "Mod1": 0}, {"VC": _vec(v), "VD": _vec(man, vInt)},
                                 tie="VD"))
    m = _static_int(man, "setman's mantissa")
    if not 0 <= m < 4096:
        raise SfpiError(f"{tracer.user_location()}: setman immediate {m:#x} does not fit SFPSETMAN's Imm12 "
                        "(the top 12 mantissa bits); pass a vInt for other mantissas")
    return vFloat._wrap(emit("SFPSETMAN", {"Imm12": m, "Mod1": 1}, {"VC": _vec(v)}))


def setsgn(v, sgn):
    """v with its sign replaced: from bit 0 of an int, or from the sign bit of a vector (SFPSETSGN)."""
    cls = type(v) if isinstance(v, _Vec) else vFloat
    if isinstance(sgn, (_Vec, _Const, DstRef)):
        return cls._wrap(emit("SFPSETSGN", {"Imm1": 0, "Mod1": 0}, {"VC": _vec(v), "VD": _vec(sgn)}, tie="VD"))
    s = _static_int(sgn, "setsgn's sign")
    return cls._wrap(emit("SFPSETSGN", {"Imm1": s & 1, "Mod1": 1}, {"VC": _vec(v)}))


def addexp(v, exp) -> vFloat:
    """Add exp to v's exponent field (SFPDIVP2 ADD mode; Inf/NaN unchanged, wraps modulo 256)."""
    e = _static_int(exp, "addexp's exponent")
    return vFloat._wrap(emit("SFPDIVP2", {"Imm8": e & 0xFF, "Mod1": 1}, {"VC": _vec(v)}))


def lz(v) -> vInt:
    """Count of leading zeros (SFPLZ; 32 for zero)."""
    return vInt._wrap(emit("SFPLZ", {"Mod1": 0}, {"VC": _vec(v, type(v) if isinstance(v, _Vec) else vFloat)}))


def lz_nosgn(v) -> vInt:
    """Count of leading zeros ignoring the sign bit (SFPLZ NOSGN_MASK)."""
    return vInt._wrap(emit("SFPLZ", {"Mod1": 4}, {"VC": _vec(v, type(v) if isinstance(v, _Vec) else vFloat)}))


def abs(v):  # noqa: A001 - SFPI's name
    """|v|: float (SFPABS FLOAT: sign cleared) or two's-complement integer (SFPABS INT)."""
    if isinstance(v, _IntBase):
        return type(v)._wrap(emit("SFPABS", {"Mod1": 0}, {"VC": v.v}))
    return vFloat._wrap(emit("SFPABS", {"Mod1": 1}, {"VC": _vec(v)}))


def shft(v, amt) -> vUInt:
    """Logical shift: left for positive amounts, right for negative (SFPSHFT)."""
    if isinstance(amt, (_IntBase, _Const)):
        return vUInt._wrap(emit("SFPSHFT", {"Imm12": 0, "Mod1": 0}, {"VC": _vec(amt, vInt), "VD": _vec(v, vUInt)},
                                tie="VD"))
    a = _static_int(amt, "shft's amount (use a vInt for a run-time amount)")
    return vUInt._wrap(emit("SFPSHFT", {"Imm12": a & 0xFFF, "VC": 0, "Mod1": 1}, {"VD": _vec(v, vUInt)}, tie="VD"))


# -- conversions ------------------------------------------------------------------------------------------
def int32_to_float(v, round_mode=1) -> vFloat:
    """Sign-magnitude int32 -> float32 (SFPCAST: mode 0 nearest even, 1 stochastic)."""
    return vFloat._wrap(emit("SFPCAST", {"Mod1": _round_mode(round_mode)}, {"VC": _vec(v, vInt)}))


int_to_float = int32_to_float


def _stochrnd(mode: int, v, round_mode, cls=vUInt, imm5: int = 0, use_imm=0, descale=None):
    ins = {"VC": v}
    if descale is not None:
        ins["VB"] = descale
    return cls._wrap(emit("SFPSTOCHRND", {"StochasticRounding": _round_mode(round_mode), "Imm5": imm5,
                                          "UseImm5": use_imm, "Mod1": mode}, ins))


def float_to_fp16a(v, round_mode=1) -> vUInt:
    return _stochrnd(SFPSTOCHRND_MOD1_FP32_TO_FP16A, _vec(v), round_mode)


def float_to_fp16b(v, round_mode=1) -> vUInt:
    return _stochrnd(SFPSTOCHRND_MOD1_FP32_TO_FP16B, _vec(v), round_mode)


def float_to_uint8(v, round_mode=1) -> vUInt:
    return _stochrnd(SFPSTOCHRND_MOD1_FP32_TO_UINT8, _vec(v), round_mode)


def float_to_int8(v, round_mode=1) -> vUInt:
    return _stochrnd(SFPSTOCHRND_MOD1_FP32_TO_INT8, _vec(v), round_mode)


def float_to_uint16(v, round_mode=1) -> vUInt:
    return _stochrnd(SFPSTOCHRND_MOD1_FP32_TO_UINT16, _vec(v), round_mode)


def float_to_int16(v, round_mode=1) -> vUInt:
    return _stochrnd(SFPSTOCHRND_MOD1_FP32_TO_INT16, _vec(v), round_mode)


def _int32_to_8(mode, v, descale, round_mode):
    if isinstance(descale, (_IntBase, _Const)):
        return _stochrnd(mode, _vec(v, vInt), round_mode, descale=_vec(descale, vInt))
    d = _static_int(descale, "descale (use a vUInt for a run-time amount)")
    if not 0 <= d < 32:
        raise SfpiError(f"{tracer.user_location()}: descale {d} does not fit SFPSTOCHRND's Imm5")
    return _stochrnd(mode, _vec(v, vInt), round_mode, imm5=d, use_imm=1)


def int32_to_uint8(v, descale, round_mode=1) -> vUInt:
    return _int32_to_8(SFPSTOCHRND_MOD1_INT32_TO_UINT8, v, descale, round_mode)


def int32_to_int8(v, descale, round_mode=1) -> vUInt:
    return _int32_to_8(SFPSTOCHRND_MOD1_INT32_TO_INT8, v, descale, round_mode)


# -- cross-lane and multi-register operations --------------------------------------------------------------
def _two_out(mode: int, a, b):
    t = tracer.current()
    ca, cb = type(a) if isinstance(a, _Vec) else vFloat, type(b) if isinstance(b, _Vec) else vFloat
    out_a, out_b = t.new_value(), t.new_value()
    t.emit(Op("SFPSWAP", {"Mod1": mode}, {"VD": _vec(a, ca), "VC": _vec(b, cb)}, out_a, out_b,
              tie="VD", tie2="VC"))
    return ca._wrap(out_a), cb._wrap(out_b)


def vec_swap(a, b):
    """Swap two vectors (SFPSWAP SWAP). Returns (new a, new b)."""
    return _two_out(SFPSWAP_MOD1_SWAP, a, b)


def vec_min_max(a, b):
    """Lane-wise (min, max) in sign-magnitude order (SFPSWAP VEC_MIN_MAX). Returns (min, max)."""
    return _two_out(SFPSWAP_MOD1_VEC_MIN_MAX, a, b)


def subvec_shflror1(v):
    """Rotate right by one lane inside each row of 8 lanes (SFPSHFT2 SUBVEC_SHFLROR1)."""
    cls = type(v) if isinstance(v, _Vec) else vFloat
    return cls._wrap(emit("SFPSHFT2", {"Imm12": 0, "VB": 0, "Mod1": SFPSHFT2_MOD1_SUBVEC_SHFLROR1},
                          {"VC": _vec(v, cls)}))


def subvec_shflshr1(v):
    """Shift right by one lane inside each row of 8 lanes (SFPSHFT2 SUBVEC_SHFLSHR1; lane 0 of each row gets
    a stale value on Wormhole, ISA SFPSHFT2.md)."""
    cls = type(v) if isinstance(v, _Vec) else vFloat
    return cls._wrap(emit("SFPSHFT2", {"Imm12": 0, "VB": 0, "Mod1": SFPSHFT2_MOD1_SUBVEC_SHFLSHR1},
                          {"VC": _vec(v, cls)}))


def _pin(values, regs):
    pinned = []
    for x, r in zip(values, regs):
        pinned.append(emit("SFPMOV", {"Mod1": 0}, {"VC": x}, fixed=r))
    return pinned


def subvec_transp(a, b, c, d):
    """Transpose the 4x4 blocks formed by the lanes of a, b, c, d (SFPTRANSP on LReg0-3).

    SFPTRANSP also transposes LReg4-7, so no other value may live there across it. Returns (a, b, c, d)."""
    xs = [a, b, c, d]
    classes = [type(x) if isinstance(x, _Vec) else vFloat for x in xs]
    pinned = _pin([_vec(x, cls) for x, cls in zip(xs, classes)], range(4))
    t = tracer.current()
    outs = [t.new_value(fixed=r) for r in range(8)]
    t.emit(Op("SFPTRANSP", {"VD": 0}, {f"_L{r}": p for r, p in enumerate(pinned)}, None,
              implicit_reads=tuple(range(8)), pinned_outs=outs))
    return tuple(cls._wrap(emit("SFPMOV", {"Mod1": 0}, {"VC": o})) for cls, o in zip(classes, outs[:4]))


def _lut(v, l0, l1, l2, mod0):
    pinned = _pin([_vec(l0, vUInt), _vec(l1, vUInt), _vec(l2, vUInt), _vec(v)], range(4))
    return vFloat._wrap(emit("SFPLUT", {"Mod0": mod0}, {f"_L{r}": p for r, p in enumerate(pinned)},
                             implicit_reads=(0, 1, 2, 3)))


def lut(v, l0, l1, l2, offset=0) -> vFloat:
    """Piecewise-linear `A*|v| + B` with (A, B) 8-bit floats from l0/l1/l2 chosen by |v| (SFPLUT), sign
    of v kept. SFPLUT reads LReg0-3, so the operands are moved there first."""
    if offset:
        raise SfpiError(f"{tracer.user_location()}: lut's offset (bias) is a Grayskull SFPLUT mode; Wormhole's "
                        "SFPLUT has no bias. Add the offset with a separate addition.")
    return _lut(v, l0, l1, l2, SFPLUT_MOD0_SGN_RETAIN)


def lut_sign(v, l0, l1, l2, offset=0) -> vFloat:
    """As `lut`, but the result's sign is the computed one (SFPLUT without SGN_RETAIN)."""
    if offset:
        raise SfpiError(f"{tracer.user_location()}: lut_sign's offset is a Grayskull SFPLUT mode; not on Wormhole")
    return _lut(v, l0, l1, l2, SFPLUT_MOD0_SGN_UPDATE)
