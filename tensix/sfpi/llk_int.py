"""tt-metal 622c6fb9's integer SFPU kernels that tensix.sfpi.llk did not have (helper-62):

- TTI instruction lists, ported instruction for instruction (the TTI_* argument order of ckernel_ops.h mapped to the
  ISA's fields, as tensix.sfpi.llk's other lists are): mul_int_tile<Int32 / UInt32> (llk_sfpu/ckernel_sfpu_mul_int32.h
  ``mul_int32``), rsub_int_tile<format> (llk_sfpu/ckernel_sfpu_rsub_int32.h ``calculate_rsub_int``), abs_tile_int32
  (llk_sfpu/ckernel_sfpu_abs.h ``calculate_abs_int32``), binary_logical_right_shift_tile<format>
  (llk_sfpu/ckernel_sfpu_shift.h ``calculate_logical_right_shift``);
- SFPI kernels, traced by tensix's DSL with the kernels' operation order: div_int32_tile
  (llk_sfpu/ckernel_sfpu_div_int32.h), div_int32_floor_tile / div_int32_trunc_tile
  (llk_sfpu/ckernel_sfpu_div_int32_floor.h), remainder_int32_tile / fmod_int32_tile
  (llk_sfpu/ckernel_sfpu_binary_remainder.h / _fmod.h ``compute_unsigned_remainder_int32``), negative_tile_int32
  (tt-llk sfpu/ckernel_sfpu_negative.h ``_calculate_negative_int_``).

They run on tensix.sfpu through the compute API (tensix.kernel.sfpu_int_ops; mul_int_tile is
tensix.kernel.sfpu_ops's, remainder / fmod_int32_tile tensix.sfpi.llk.BINARY's). Integers are the Dst's 32-bit words
as the kernels' load modes see them: INT32 (the two's complement word), SM32 (two's complement to sign-magnitude, the
SFPI default for a vInt on Wormhole), LO16 for UInt16; every result wraps modulo 2^32 (2^16) as on the card.
"""

from __future__ import annotations

from tensix.sfpi import lib
from tensix.sfpi.intrinsics import abs as _sfpabs
from tensix.sfpi.intrinsics import exman9, float_to_uint16, int32_to_float, setman
from tensix.sfpi.llk import (_BINARY_AMODS, InstrProgram, _driver_rc, _instr_program, _loadi32_l0, _mk,
                             _sfpu_config_reset)
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import (ADDR_MODE_NOINC, DstRef, dst_reg, emit, reinterpret, v_else, v_elseif, v_if, vConst1,
                                vConstFloatPrgm0, vConstFloatPrgm1, vConstFloatPrgm2, vFloat, vInt, vUInt)

_INT32, _LO16 = 4, 6            # InstrModLoadStore::INT32 / LO16
_FORMATS = ("Int32", "UInt32", "UInt16")


def _mod0(data_format):
    """sub_int_sfpu.h INSTRUCTION_MODE: LO16 for UInt16, else INT32."""
    if data_format not in _FORMATS:
        raise ValueError(f"integer SFPU kernel: data format {data_format!r} is not one of {_FORMATS}")
    return _LO16 if data_format == "UInt16" else _INT32


# ---- mul_int_tile<Int32 / UInt32>: ckernel_sfpu_mul_int32.h ---------------------------------------------------------
MUL_INT32_CONSTANTS = ((12, 0x7FF), (13, -11 & 0xFFFFFFFF), (14, 0x4B000000))   # 0x7ff, -11, 2**23 as a float


def mul_int32_face(dst_index_in0, dst_index_in1, dst_index_out, iterations=8):
    """622c6fb9 ``mul_int32<APPROX, 8>`` for one face. Per row both operands are split into 11-bit chunks (a =
    a2 << 22 | a1 << 11 | a0: SFPSHFT2 right by LReg13 = -11, SFPAND with LReg12 = 0x7ff), each chunk cast to float
    (SFPCAST, exact below 2^24); the partial sums top = a0 b2 + a1 b1 + a2 b0, mid = a0 b1 + a1 b0 and low = a0 b0
    (SFPMAD, each started from LReg14 = 2^23 so that SFPEXMAN PAD9 reads the integer out of the mantissa: every sum
    stays below 2^23, so every product and addition is exact) become integers again; then low + (mid << 11) +
    (top << 22) (SFPIADD without CC, the shifts dropping the bits above 32): the product modulo 2^32, for Int32 and
    UInt32 alike. INT32 loads with ADDR_MOD_3 (no increment), the INT32 store with ADDR_MOD_2 (dest += 2) moves on."""
    a0, b0, a1, b1, a2, b2, mid = 0, 1, 2, 3, 4, 5, 6
    mask, shift, two23 = 12, 13, 14
    cast = lambda r: _mk("SFPCAST", VC=r, VD=r, Mod1=0)               # noqa: E731  int (sign-magnitude) -> fp32
    chunk = lambda r: _mk("SFPAND", VC=mask, VD=r)                     # noqa: E731  r &= 0x7ff
    shr11 = lambda src, dst: _mk("SFPSHFT2", VB=src, VC=shift, VD=dst, Mod1=5)    # noqa: E731  dst = src >> 11
    mad = lambda a, b, c, d: _mk("SFPMAD", VA=a, VB=b, VC=c, VD=d, Mod1=0)       # noqa: E731  d = a * b + c
    exman = lambda r: _mk("SFPEXMAN", VC=r, VD=r, Mod1=1)              # noqa: E731  SFPEXMAN_MOD1_PAD9
    row = [_mk("SFPLOAD", VD=a0, Mod0=_INT32, AddrMod=3, Imm10=dst_index_in0 * 64),
           shr11(a0, a1), shr11(a1, a2),
           chunk(a1), cast(a1), cast(a2), chunk(a0), cast(a0),
           _mk("SFPLOAD", VD=b0, Mod0=_INT32, AddrMod=3, Imm10=dst_index_in1 * 64),
           shr11(b0, b1), shr11(b1, b2), cast(b2),
           mad(a0, b2, two23, b2),          # top = a0*b2 + 2**23 (in LReg5)
           chunk(b1), cast(b1),
           mad(a1, b1, b2, b2),             # top += a1*b1
           chunk(b0), cast(b0),
           mad(a2, b0, b2, b2),             # top += a2*b0
           mad(a0, b1, two23, mid),         # mid = a0*b1 + 2**23
           mad(a0, b0, two23, a0),          # low = a0*b0 + 2**23
           mad(a1, b0, mid, mid),           # mid += a1*b0
           exman(a0), exman(mid), exman(b2),
           _mk("SFPSHFT", Imm12=22, VC=0, VD=b2, Mod1=1),      # top <<= 22
           _mk("SFPSHFT", Imm12=11, VC=0, VD=mid, Mod1=1),     # mid <<= 11
           _mk("SFPIADD", Imm12=0, VC=mid, VD=a0, Mod1=4),     # SFPIADD_MOD1_CC_NONE
           _mk("SFPIADD", Imm12=0, VC=b2, VD=a0, Mod1=4),
           _mk("SFPSTORE", VD=a0, Mod0=_INT32, AddrMod=2, Imm10=dst_index_out * 64)]
    return row * iterations


def mul_int32_init():
    """622c6fb9 ``mul_int32_init``: vConstIntPrgm0 = 0x7ff, vConstIntPrgm1 = -11, vConstFloatPrgm2 = 2^23 (each
    through LReg0 and SFPCONFIG, as sfpi's constant registers are written)."""
    out = []
    for reg, value in MUL_INT32_CONSTANTS:
        out += _loadi32_l0(value) + [_mk("SFPCONFIG", Imm16=0, VD=reg, Mod1=0)]
    return out


def mul_int32_programs(data_format, tiles):
    """(tile program, init program) of 622c6fb9 ``mul_int_tile<Int32 / UInt32>(idst0, idst1, odst)`` /
    ``mul_int_tile_init<...>()`` (api/compute/mul_int_sfpu.h: mul_int32 in the binary driver's RC walk;
    SFPU_BINARY_INIT_FN(mul_int32, mul_int32_init), whose SfpuType sets ADDR_MOD_6 dest += 2)."""
    i0, i1, o = tiles
    tile = _instr_program(("mul_int32", data_format, tuple(tiles)), lambda: InstrProgram(
        f"mul_int_tile<{data_format}>({i0}, {i1}, {o})", _driver_rc(mul_int32_face(i0, i1, o)), _BINARY_AMODS,
        prgm_reads=(12, 13, 14)))
    init = _instr_program(("mul_int32_init", data_format), lambda: InstrProgram(
        f"mul_int_tile_init<{data_format}>", _sfpu_config_reset() + mul_int32_init(), _BINARY_AMODS))
    return tile, init


# ---- rsub_int_tile<format>: ckernel_sfpu_rsub_int32.h -------------------------------------------------------------
def rsub_int_face(dst_index_in0, dst_index_in1, dst_index_out, data_format, iterations=8):
    """622c6fb9 ``calculate_rsub_int<APPROX, INSTRUCTION_MODE, 8>`` for one face: per row a into LReg0, b into
    LReg1, SFPIADD(0, LReg1, LReg0, ARG_2SCOMP_LREG_DST | CC_NONE) (LReg0 = b - a, wrapping), the store of LReg0 with
    ADDR_MOD_3, dst_reg++."""
    mod0 = _mod0(data_format)
    row = [_mk("SFPLOAD", VD=0, Mod0=mod0, AddrMod=3, Imm10=dst_index_in0 * 64),
           _mk("SFPLOAD", VD=1, Mod0=mod0, AddrMod=3, Imm10=dst_index_in1 * 64),
           _mk("SFPIADD", Imm12=0, VC=1, VD=0, Mod1=6),
           _mk("SFPSTORE", VD=0, Mod0=mod0, AddrMod=3, Imm10=dst_index_out * 64), _mk("INCRWC", DstInc=2)]
    return row * iterations


def rsub_int_programs(data_format, tiles):
    """(tile program, init program) of 622c6fb9 ``rsub_int_tile<data_format>(idst0, idst1, odst)`` (Dst[odst] =
    Dst[idst1] - Dst[idst0]) / ``rsub_int_tile_init()`` (api/compute/sub_int_sfpu.h; the init is the binary SFPU
    init)."""
    i0, i1, o = tiles
    tile = _instr_program(("rsub_int", data_format, tuple(tiles)), lambda: InstrProgram(
        f"rsub_int_tile<{data_format}>({i0}, {i1}, {o})", _driver_rc(rsub_int_face(i0, i1, o, data_format)),
        _BINARY_AMODS))
    init = _instr_program(("rsub_int_init",), lambda: InstrProgram(
        "rsub_int_tile_init", _sfpu_config_reset(), _BINARY_AMODS))
    return tile, init


# ---- abs_tile_int32: ckernel_sfpu_abs.h calculate_abs_int32 ------------------------------------------------------
def abs_int32_face(idst, iterations=8):
    """622c6fb9 ``calculate_abs_int32<APPROX, 8>`` for one face: per row an INT32 load into LReg1, SFPABS(0, 1, 0, 0)
    (integer mode: the two's complement negation of a negative word, so INT32_MIN stays INT32_MIN), the INT32 store of
    LReg0, dst_reg++. The unary driver's Dst base (tile idst) is the list's offset here."""
    row = [_mk("SFPLOAD", VD=1, Mod0=_INT32, AddrMod=3, Imm10=idst * 64), _mk("SFPABS", VC=1, VD=0, Mod1=0),
           _mk("SFPSTORE", VD=0, Mod0=_INT32, AddrMod=3, Imm10=idst * 64), _mk("INCRWC", DstInc=2)]
    return row * iterations


def abs_int32_programs(data_format, tiles):
    """(tile program, init program) of 622c6fb9 ``abs_tile_int32(idst)`` / ``abs_tile_init()`` (api/compute/
    compute_kernel_api.h: calculate_abs_int32 in the unary driver's RC walk; the unary SFPU init, ADDR_MOD_7 0)."""
    (i,) = tiles
    tile = _instr_program(("abs_int32", i), lambda: InstrProgram(
        f"abs_tile_int32({i})", _driver_rc(abs_int32_face(i)), ((3, 0),)))
    init = _instr_program(("abs_int32_init",), lambda: InstrProgram(
        "abs_tile_init", _sfpu_config_reset(), ((3, 0),)))
    return tile, init


# ---- div_int32_tile, div_int32_floor_tile, div_int32_trunc_tile: SFPI kernels ---------------------------------------
# These kernels are SFPI (not TTI lists): tensix's DSL traces them like tensix.sfpi.llk's. Their loads name a Dst data
# layout: sfpi's ``dst_reg[k].mode<DataLayout::I32>()`` read as a vInt is an INT32 SFPLOAD (Mod0 4: the two's
# complement word as it is), read as a vSMag it is the SM32 load (Mod0 12: two's complement to sign-magnitude, what
# SFPCAST wants; sfpi_imp.h on Wormhole); a vInt stored with I32 is an INT32 SFPSTORE. tensix's dst_reg has the
# default layouts only, so these go through _load / _store.

_SM32 = 12      # SFPLOAD_MOD0_FMT_SM32 on Wormhole (tensix.sfpu.isa MOD0_FMT_INT32_SM)
_TILE_ROWS = 32  # dst_tile_size_sfpi: one Dst tile is dst_reg[32 * index]


def _load(tile, mod0, cls):
    """dst_reg[32 * tile].mode<...>() read with SFPLOAD Mod0 `mod0` as a `cls` vector."""
    return cls._wrap(emit("SFPLOAD", {"Mod0": mod0, "AddrMod": ADDR_MODE_NOINC,
                                      "Imm10": DstRef(_TILE_ROWS * tile).imm10()}))


def _store(tile, x, mod0):
    emit("SFPSTORE", {"Mod0": mod0, "AddrMod": ADDR_MODE_NOINC, "Imm10": DstRef(_TILE_ROWS * tile).imm10()},
         {"VD": x.v}, out=False)


def _int_faces(row, tiles, *args):
    from tensix.sfpi.llk import _faces

    def face():
        for _ in range(8):
            row(*tiles, *args)
            dst_reg += 1    # noqa: F841 (the DSL's in-place Dst counter, rewritten by sfpi_inline)
    _faces(face)


@sfpi_inline
def _div_int32_row(i0, i1, o):
    in0 = _load(i0, _SM32, vInt)        # vSMag: sign-magnitude
    in1 = _load(i1, _SM32, vInt)
    result = vFloat(1.0)
    with v_if((in0 == 0) or (in0 != in1)):
        float_in0 = int32_to_float(in0, 0)
        float_in1 = int32_to_float(in1, 0)
        result = float_in0 * lib.sfpu_reciprocal_iter(float_in1, 2)
    dst_reg[_TILE_ROWS * o] = result


def div_int32_program(approx, fp32_dest, tiles):
    """622c6fb9 llk_sfpu/ckernel_sfpu_div_int32.h ``calculate_div_int32`` (div_int32_tile: binary_ng DIV of two
    INT32 tensors, a FLOAT32 result): per row both operands loaded as sign-magnitude (SM32), then 1.0 where a == b != 0,
    else float(a) * sfpu_reciprocal_iter<2>(float(b)) (SFPCAST to nearest even, so |a| above 2^24 is rounded before
    the division); b == 0 gives +/-inf (0 / 0: NaN). The float result is stored in the default layout. Reads
    div_int32_tile_init's reciprocal constants."""
    _int_faces(_div_int32_row, tiles)


def div_int32_init(approx):
    """622c6fb9 ``div_init<APPROX>``: sfpu_reciprocal_init<false> (vConstFloatPrgm0..2 = k0, k1, k2)."""
    lib.sfpu_reciprocal_init()


DIV_TRUNC_PRGM = (17179869184.0, 0.470588266849517822265625, 1.41176474094390869140625)   # 2^34, linear 1/x fit
_OFF = 8388608.0        # MANTISSA_ALIGNMENT_OFFSET, 2^23: exman of (n + 2^23) is n for n < 2^23


@sfpi_inline
def _div_int32_body(i0, i1, o, floor):
    b_s = _load(i1, _INT32, vInt)
    b = reinterpret(vUInt, _sfpabs(b_s))            # vMag; abs(-2^31) stays 0x80000000
    b_f = int32_to_float(b, 0)
    with v_if(b_f < 0.0):                           # that one word casts to -0.0
        b_f = vFloat(2147483648.0)
    # 1/b to ~21 bits: linear estimate on the mantissa scaled to -[1, 2), one Newton step, one Halley step
    neg_b_f = lib.copyman(vFloat(-1.0), b_f)
    inv_b_f = vConstFloatPrgm2 + vConstFloatPrgm1 * neg_b_f
    scale = setman(b_f, 0)
    t = inv_b_f * neg_b_f + vConst1
    scale = reinterpret(vFloat, vInt(254 << 23) - reinterpret(vInt, scale))
    inv_b_f = t * inv_b_f + inv_b_f
    e = inv_b_f * neg_b_f + vConst1
    a_s = _load(i0, _INT32, vInt)
    e = e * e + e
    inv_b_f = e * inv_b_f + inv_b_f
    a_f = int32_to_float(_sfpabs(a_s), 0)
    inv_b_f = inv_b_f * scale
    with v_if(a_f < 0.0):
        a_f = vFloat(2147483648.0)
    # q = the top 21 bits of a / b (the 2^34 offset aligns them in the mantissa), q * b from 11-bit chunks
    q_f = a_f * inv_b_f + vConstFloatPrgm0
    q_m = reinterpret(vUInt, exman9(q_f))
    q1 = int32_to_float(q_m & 0x7FF, 0)
    q2 = int32_to_float(q_m >> 11, 0)
    b1 = int32_to_float((b >> 11) & 0x7FF, 0)
    b0 = int32_to_float(b & 0x7FF, 0)
    q = q_m << 11
    hi = q2 * b0 + _OFF
    lo = q1 * b0 + _OFF
    hi = q1 * b1 + hi
    qb = reinterpret(vInt, exman9(lo)) << 11
    qb = qb + (reinterpret(vInt, exman9(hi)) << 22)
    # remainder, and one correction of q from it (correction * b again from chunks)
    a_s = _sfpabs(_load(i0, _INT32, vInt))
    r = a_s - qb
    r_f = int32_to_float(_sfpabs(r), 0)
    correction_f = r_f * inv_b_f
    correction = float_to_uint16(correction_f, 0)
    correction_f = int32_to_float(correction, 0)
    # q -= (r >= 0 ? -correction : correction) is applied before correction * b is formed, and that product is
    # summed chunk by chunk, b2 formed when needed: the kernel's operations and values, in an order that fits in
    # eight LRegs (sfpi-gcc adds the 2^23 as an SFPADDI immediate, tensix's MAD fusion loads it into a register)
    cor = reinterpret(vUInt, correction)
    with v_if(r >= 0):
        cor = reinterpret(vUInt, -reinterpret(vInt, cor))
    q = q - cor
    tmp = exman9(correction_f * b0 + _OFF)
    tmp = tmp + (exman9(correction_f * b1 + _OFF) << 11)
    b2 = int32_to_float(b >> 22, 0)
    tmp = tmp + (exman9(correction_f * b2 + _OFF) << 22)
    with v_if(r >= 0):
        tmp = -tmp
    r = r + tmp
    # the correction may be off by one
    with v_if((r < 0) and ((r - 1) < 0)):
        q = q - 1
        r = r + b
    with v_elseif(r >= reinterpret(vInt, b)):
        q = q + 1
        r = r - b
    result = reinterpret(vInt, q)
    a_s = _load(i0, _INT32, vInt)
    b_s = _load(i1, _INT32, vInt)
    with v_if((a_s ^ b_s) < 0):
        result = -result
        if floor:
            with v_if(r != 0):
                result = result - 1
    _store(o, result, _INT32)


def div_int32_floor_trunc_program(approx, fp32_dest, floor, tiles):
    """622c6fb9 llk_sfpu/ckernel_sfpu_div_int32_floor.h ``calculate_div_int32_body<floor>`` (div_int32_floor_tile /
    div_int32_trunc_tile: binary_ng DIV_FLOOR / DIV_TRUNC of INT32 tensors, what ttnn.div(a, b, rounding_mode=...)
    runs): |a| / |b| from a ~21-bit float reciprocal (linear estimate, Newton, Halley; vConstFloatPrgm1 / 2 of
    div_trunc_init), the quotient's top 21 bits read out of the mantissa with the 2^34 offset (vConstFloatPrgm0),
    the remainder from 11-bit chunk products (each exact in float), one correction and a final +/- 1 step, then the
    sign of a ^ b (and for floor, one less where the remainder is not zero). Same operation order as the kernel; the
    result is stored as an INT32 word. b == 0 is not guarded (the kernel computes with 1/0's scale)."""
    _int_faces(_div_int32_body, tiles, floor)


def div_trunc_init(approx):
    """622c6fb9 ``div_trunc_init`` / ``div_floor_init``: vConstFloatPrgm0 = 2^34, vConstFloatPrgm1 =
    0.470588..., vConstFloatPrgm2 = 1.411764... (the linear reciprocal estimate)."""
    vConstFloatPrgm0.set(DIV_TRUNC_PRGM[0])
    vConstFloatPrgm1.set(DIV_TRUNC_PRGM[1])
    vConstFloatPrgm2.set(DIV_TRUNC_PRGM[2])


# ---- remainder_int32_tile / fmod_int32_tile: llk_sfpu/ckernel_sfpu_binary_{remainder,fmod}.h ----------------------
@sfpi_inline
def _unsigned_remainder_int32(i0, i1):
    """622c6fb9 ``compute_unsigned_remainder_int32(a_signed, b_signed)``: |a| mod |b| as the division kernel forms it
    (reciprocal by a linear estimate and two Newton steps, no Halley step; quotient from the 2^34-offset mantissa;
    q * b and correction * b from 11-bit chunks; a final +/- b). The kernel holds a_signed and b_signed in LRegs and
    recomputes |b| from b_signed; here each is reloaded from Dst where it is read (the same words: nothing writes
    Dst in between), which fits tensix's allocator (no rematerialization) in eight LRegs."""
    b = reinterpret(vUInt, _sfpabs(_load(i1, _INT32, vInt)))
    b_f = int32_to_float(b, 0)
    with v_if(b_f < 0.0):
        b_f = vFloat(2147483648.0)
    neg_b_f = lib.copyman(vFloat(-1.0), b_f)
    inv_b_f = vConstFloatPrgm2 + vConstFloatPrgm1 * neg_b_f
    scale = setman(b_f, 0)
    t = inv_b_f * neg_b_f + vConst1
    scale = reinterpret(vFloat, vInt(254 << 23) - reinterpret(vInt, scale))
    inv_b_f = t * inv_b_f + inv_b_f
    e = inv_b_f * neg_b_f + vConst1
    a = reinterpret(vUInt, _sfpabs(_load(i0, _INT32, vInt)))
    inv_b_f = e * inv_b_f + inv_b_f
    a_f = int32_to_float(a, 0)
    with v_if(a_f < 0.0):
        a_f = vFloat(2147483648.0)
    inv_b_f = inv_b_f * scale
    q_f = a_f * inv_b_f + vConstFloatPrgm0
    q = reinterpret(vUInt, exman9(q_f))
    b = reinterpret(vUInt, _sfpabs(_load(i1, _INT32, vInt)))
    q1 = int32_to_float(q & 0x7FF, 0)
    q2 = int32_to_float(q >> 11, 0)
    b1 = int32_to_float((b >> 11) & 0x7FF, 0)
    b0 = int32_to_float(b & 0x7FF, 0)
    hi = q2 * b0 + _OFF
    lo = q1 * b0 + _OFF
    hi = q1 * b1 + hi
    qb = reinterpret(vUInt, exman9(lo)) << 11
    qb = qb + (reinterpret(vUInt, exman9(hi)) << 22)
    a = reinterpret(vUInt, _sfpabs(_load(i0, _INT32, vInt)))
    r = reinterpret(vInt, a - qb)
    r_f = int32_to_float(_sfpabs(r), 0)
    correction_f = r_f * inv_b_f
    correction = float_to_uint16(correction_f, 0)
    correction_f = int32_to_float(correction, 0)
    b = reinterpret(vUInt, _sfpabs(_load(i1, _INT32, vInt)))
    # correction * b summed chunk by chunk (each chunk formed when needed: exact, the same sum)
    tmp = exman9(correction_f * int32_to_float(b & 0x7FF, 0) + _OFF)
    tmp = tmp + (exman9(correction_f * int32_to_float((b >> 11) & 0x7FF, 0) + _OFF) << 11)
    tmp = tmp + (exman9(correction_f * int32_to_float(b >> 22, 0) + _OFF) << 22)
    with v_if(r < 0):
        tmp = -tmp
    r = r - tmp
    b = reinterpret(vInt, _sfpabs(_load(i1, _INT32, vInt)))
    with v_if((r < 0) and ((r - 1) < 0)):
        r = r + b
    with v_elseif(r >= b):
        r = r - b
    return r


@sfpi_inline
def _remainder_int32_row(i0, i1, o):
    r = _unsigned_remainder_int32(i0, i1)
    a_signed = _load(i0, _INT32, vInt)
    b_signed = _load(i1, _INT32, vInt)
    sign = a_signed ^ b_signed
    with v_if(r != 0):
        with v_if(sign < 0):        # floor(a / b) = trunc(a / b) - 1: the remainder takes b's sign
            with v_if(a_signed < 0):
                r = b_signed - r
            with v_else():
                r = r + b_signed
        with v_elseif((a_signed < 0) and (b_signed < 0)):
            r = -r
    _store(o, r, _INT32)


@sfpi_inline
def _fmod_int32_row(i0, i1, o):
    r = _unsigned_remainder_int32(i0, i1)
    with v_if(_load(i0, _INT32, vInt) < 0):     # the sign of a
        r = -r
    _store(o, r, _INT32)


def remainder_int32_program(approx, fp32_dest, tiles):
    """622c6fb9 ``calculate_remainder_int32`` (remainder_int32_tile: binary_ng REMAINDER of INT32 tensors): the
    unsigned remainder |a| mod |b| (_unsigned_remainder_int32), then the sign of b (b - r where a < 0 < b, r + b where
    b < 0 < a, -r where both are negative; 0 stays 0). Stored as an INT32 word. Reads div_floor_init's constants."""
    _int_faces(_remainder_int32_row, tiles)


def fmod_int32_program(approx, fp32_dest, tiles):
    """622c6fb9 ``calculate_fmod_int32`` (fmod_int32_tile): |a| mod |b| with the sign of a. Reads div_floor_init's
    constants (fmod_int32_init)."""
    _int_faces(_fmod_int32_row, tiles)


# ---- binary_logical_right_shift_tile<format>: ckernel_sfpu_shift.h calculate_logical_right_shift ------------------
def logical_right_shift_face(dst_index_in0, dst_index_in1, dst_index_out, data_format, iterations=8):
    """622c6fb9 ``calculate_logical_right_shift<APPROX, 8, INSTRUCTION_MODE, false>`` for one face: per row the value
    into LReg0, the amount into LReg1 (INT32 loads, LO16 for UInt16); SFPSETCC amount >= 0, SFPIADD amount - 32
    (immediate 0xFE0, CC &= result < 0), SFPCOMPC, LReg0 = 0 where the amount is outside [0, 32), SFPENCC; LReg1 =
    0 - amount (SFPIADD with the 2's complement of LReg1), SFPSHFT LReg0 by LReg1 (a logical shift right: no sign
    fill), the store, dst_reg++."""
    mod0 = _mod0(data_format)
    lconst0 = 9
    row = [_mk("SFPLOAD", VD=0, Mod0=mod0, AddrMod=3, Imm10=dst_index_in0 * 64),
           _mk("SFPLOAD", VD=1, Mod0=mod0, AddrMod=3, Imm10=dst_index_in1 * 64),
           _mk("SFPSETCC", Imm1=0, VC=1, VD=0, Mod1=4), _mk("SFPIADD", Imm12=0xFE0, VC=1, VD=2, Mod1=1),
           _mk("SFPCOMPC", VD=0), _mk("SFPMOV", VC=lconst0, VD=0, Mod1=0), _mk("SFPENCC", Imm2=0, VD=0, Mod1=0),
           _mk("SFPIADD", Imm12=0, VC=lconst0, VD=1, Mod1=6), _mk("SFPSHFT", Imm12=0, VC=1, VD=0, Mod1=0),
           _mk("SFPSTORE", VD=0, Mod0=mod0, AddrMod=3, Imm10=dst_index_out * 64), _mk("INCRWC", DstInc=2)]
    return row * iterations


def logical_right_shift_programs(data_format, tiles):
    """(tile program, init program) of 622c6fb9 ``binary_logical_right_shift_tile<data_format>(idst0, idst1, odst)``
    / ``binary_shift_tile_init()`` (api/compute/binary_shift.h; the init is the binary SFPU init)."""
    i0, i1, o = tiles
    tile = _instr_program(("logical_right_shift", data_format, tuple(tiles)), lambda: InstrProgram(
        f"binary_logical_right_shift_tile<{data_format}>({i0}, {i1}, {o})",
        _driver_rc(logical_right_shift_face(i0, i1, o, data_format)), _BINARY_AMODS))
    init = _instr_program(("logical_right_shift_init",), lambda: InstrProgram(
        "binary_shift_tile_init", _sfpu_config_reset(), _BINARY_AMODS))
    return tile, init


# ---- negative_tile_int32: tt-llk ckernel_sfpu_negative.h _calculate_negative_int_ ---------------------------------
@sfpi_inline
def _negative_int_row():
    val = reinterpret(vInt, dst_reg[0].load(False))     # `vInt val = dst_reg[0]`: the SM32 load (Wormhole's default)
    with v_if(val != 0):
        dst_reg[0] = reinterpret(vInt, -reinterpret(vFloat, val))


def negative_int32_program(approx, fp32_dest):
    """tt-llk (622c6fb9) ``_calculate_negative_int_<APPROX, 8>`` (negative_tile_int32, after negative_tile_init()):
    per row vInt val = dst_reg[0] (the SM32 load: the two's complement word as sign-magnitude), and where val != 0
    its sign bit flipped (the float negation, SFPMOV) stored back through the SM32 store: -x for the two's complement
    word. INT32_MIN loads as -0 == 0 and is left as it is (its negation wraps to itself)."""
    from tensix.sfpi.llk import _faces

    def face():
        for _ in range(8):
            _negative_int_row()
            dst_reg += 1    # noqa: F841 (the DSL's in-place Dst counter, rewritten by sfpi_inline)
    _faces(face)


# ---- add_unary_tile_int32 / sub_unary_tile_int32 / rsub_unary_int32_tile: int32 words with a scalar ---------------
def _load_imm32(lreg, value):
    """tt-llk ``_sfpu_load_imm32_(lreg, value)``: SFPLOADI the low half (Mod0 10), then the high half (Mod0 8)."""
    value &= 0xFFFFFFFF
    return [_mk("SFPLOADI", VD=lreg, Mod0=10, Imm16=value & 0xFFFF), _mk("SFPLOADI", VD=lreg, Mod0=8, Imm16=value >> 16)]


def binop_scalar_int32_face(op, scalar, idst, iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binop_with_unary.h ``calculate_add_int32`` / ``calculate_sub_int32`` and
    ckernel_sfpu_rsub_int32.h ``calculate_rsub_scalar_int32`` for one face (each face call loads the scalar again):
    add / sub: LReg2 = scalar; per row an INT32 load of x into LReg0, SFPMOV LReg1 = LReg2, SFPIADD (Mod1 4: LReg1 =
    x + scalar; Mod1 6: LReg1 = x - scalar), the INT32 store of LReg1; rsub: LReg1 = scalar; per row x into LReg0,
    SFPIADD Mod1 6 (LReg0 = scalar - x), the store of LReg0. All wrap modulo 2^32; dst_reg++ per row. The unary
    driver's Dst base (tile idst) is the list's offset here."""
    off = idst * 64
    load = _mk("SFPLOAD", VD=0, Mod0=_INT32, AddrMod=3, Imm10=off)
    step = _mk("INCRWC", DstInc=2)
    if op == "rsub":
        row = [load, _mk("SFPIADD", Imm12=0, VC=1, VD=0, Mod1=6),
               _mk("SFPSTORE", VD=0, Mod0=_INT32, AddrMod=3, Imm10=off), step]
        return _load_imm32(1, scalar) + row * iterations
    row = [load, _mk("SFPMOV", VC=2, VD=1, Mod1=0), _mk("SFPIADD", Imm12=0, VC=0, VD=1, Mod1=4 if op == "add" else 6),
           _mk("SFPSTORE", VD=1, Mod0=_INT32, AddrMod=3, Imm10=off), step]
    return _load_imm32(2, scalar) + row * iterations


def binop_scalar_int32_programs(op, scalar, tiles):
    """(tile program, init program) of ``{add,sub}_unary_tile_int32(idst, scalar)`` after binop_with_scalar_tile_init()
    or ``rsub_unary_int32_tile(idst, scalar)`` after rsub_unary_int32_tile_init() (the unary SFPU init: ADDR_MOD_7
    0)."""
    (i,) = tiles
    scalar &= 0xFFFFFFFF
    name = "rsub_unary_int32_tile" if op == "rsub" else f"{op}_unary_tile_int32"
    tile = _instr_program(("binop_scalar_int32", op, scalar, i), lambda: InstrProgram(
        f"{name}({i}, {scalar:#x})", _driver_rc(binop_scalar_int32_face(op, scalar, i)), ((3, 0),)))
    init = _instr_program(("binop_scalar_int32_init",), lambda: InstrProgram(
        "binop_with_scalar_tile_init", _sfpu_config_reset(), ((3, 0),)))
    return tile, init
