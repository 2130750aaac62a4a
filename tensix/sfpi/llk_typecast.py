"""tt-llk's integer typecast SFPU kernels for Wormhole, as the instruction streams they issue.

Source: tt-metal 622c6fb9 tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ckernel_sfpu_typecast.h (the
``calculate_typecast_*`` / ``init_typecast_*`` routines; the file's tt-llk twin at
tt_metal/tt-llk/tt_llk_wormhole_b0 is not separate at this commit: the metal llk_api copy is the one the compute API
includes), driven by tt_metal/hw/inc/api/compute/eltwise_unary/typecast.h (typecast_tile / typecast_tile_init) through
tt-llk's ``_llk_math_eltwise_unary_sfpu_params_`` (VectorMode::RC: four faces of ITERATIONS = 8 rows, two SETRWC
CR_D 8 after each face) and ``_llk_math_eltwise_unary_sfpu_init_<SfpuType::typecast>`` (``_init_sfpu_config_reg``,
ADDR_MOD_7 without increment, ADDR_MOD_6 dest += 2).

These kernels are written with TTI_ macros on fixed LRegs (and, in the default build, SFPLOADMACRO schedules), so
they are given here word for word as the C++ issues them: each TTI_X(args) is tensix.tile.ops.TT_OP_X(args) with the
same arguments (ckernel_ops.h's argument order), decoded to tensix.sfpu instructions by the tile's codec, and run by
the compute API as tensix.sfpi.llk.InstrPrograms (tensix.kernel.sfpu_batch, with tensix.sfpu's SFPLOADMACRO engine).
The kernels that have an SFPLOADMACRO form (uint16 -> fp16b, int32 -> fp16b, int32 -> fp32, uint32 -> fp32) run it
by default and their ``DISABLE_SFPLOADMACRO`` loop under TT_METAL_DISABLE_SFPLOADMACRO=1, as tt-metal builds them
(tensix.sfpi.llk.sfploadmacro_disabled); departure: tensix runs their DISABLE_SFPLOADMACRO loop in both builds (the
same bits, more cycles; LOADMACRO_RUNS says why).

What the kernels compute (lane by lane, from the instructions' ISA semantics; tests/test_ttnn_typecast_int.py holds
them to a numpy model written from this list):

- fp32 -> uint16 (``calculate_typecast_fp32_to_uint16``): SFPSWAP with LConst 0 keeps max(x, +0) in sign-magnitude
  order (negative numbers, -0, -Inf and negative NaNs become +0), SFP_STOCH_RND FP32 -> UINT16 rounds the magnitude
  to nearest with ties away from zero (non-stochastic), below 0.5 to 0, 65536 and above (+Inf, NaN) to 65535; LO16
  store (16-bit Dst) or the hi/lo swapping store 9 (32-bit Dst).
- fp32 -> int32: truncation toward zero; |x| < 1 (zero, denormals) gives 0; |x| >= 2^31, Inf and NaN give INT_MIN
  (0x80000000) whatever the sign.
- fp32 -> uint32: negative inputs (sign bit set: -0, -Inf, negative NaNs too) give 0; truncation; x >= 2^32, +Inf
  and positive NaNs give 0xFFFFFFFF.
- int32 -> fp32: SFPCAST of |x| (round to nearest even to 24 bits), the sign put back; INT_MIN (whose |x| is itself)
  becomes -2^31 by an SFPADDI (or the SFPLOADMACRO form's indirect SFPMAD).
- int32 -> fp16b: the fp32 result above rounded again by SFP_STOCH_RND FP32 -> FP16B (to nearest, ties away from
  zero, on the fp32 value: a double rounding).
- uint32 -> fp32: SFPCAST of the low 31 bits (nearest even), plus 2^31 by SFPADDI / SFPMAD (one more rounding to
  nearest even) when bit 31 is set.
- uint32 -> fp16b: that, rounded by SFP_STOCH_RND FP32 -> FP16B (ties away), stored FP32.
- uint16 -> fp16b: SFPCAST (exact) then SFP_STOCH_RND FP32 -> FP16B (ties away from zero).
- uint16 -> uint32 / int32 (and uint16 -> fp32): SFPLOAD INT32 masked with 0xFFFF (copy_tile wrote the UInt16 into
  the low half of each 32-bit Dst word and left the high half: tensix.device.formats.copy_tile_to_dest), stored INT32
  (or SFPCAST, exact, stored FP32).
- uint32 -> uint16: the low 16 bits, or 0xFFFF when any of the high 16 bits is set (x | ((0 - (x >> 16)) >> 16));
  int32 -> uint16: SFPCAST of the sign-magnitude word, max with +0, SFP_STOCH_RND FP32 -> UINT16 (nearest, ties away,
  65535 at most); both stored with the store mode 9 that rotates by 16, so the result is in the word's high half,
  where the packer reads UInt16 from a 32-bit Dst (tensix.device.formats.pack_from_dest).
- fp32 -> uint8 (``calculate_typecast_fp32_to_uint8``): truncation toward zero of |x| (|x| < 1, zero and denormals:
  0; the shift by exponent - 23 is SFPSHFT's, amount & 31, for |x| >= 2^31), negated for a negative x, then + 256 and
  & 0xFF: the low byte of the truncated value, two's complement (-1.5 -> 255, 300.7 -> 44); stored INT32.
- int32 / uint32 / uint16 -> uint8 (``calculate_typecast_uint_to_uint8``): the word (masked with 0xFFFF for uint16)
  + 256, & 0xFF: its low byte (an int32 read as two's complement); stored INT32.
- uint8 -> fp32 / fp16b / uint16: the uint32 kernels on the int32 copy_tile leaves (values 0..255, exact).
"""

from __future__ import annotations

from tensix.errors import NotModelledError

# p_sfpu LRegs and constants (ckernel_defs.h / sfpi)
LREG0, LREG1, LREG2, LREG3, LREG4, LREG7 = 0, 1, 2, 3, 4, 7
LREG12, LREG13, LREG14 = 12, 13, 14
LCONST_0, LCONST_1 = 9, 10
# InstrModLoadStore (Wormhole ckernel_instr_params.h) and the typecast header's swapping store mode
DEFAULT, FP32, INT32, LO16 = 0, 3, 4, 6
SFPSTORE_MODE_SWAP_HI_LO16 = 9
ADDR_MOD_2, ADDR_MOD_3 = 2, 3
# sfpi instruction modifiers (the ISA's values, tensix.sfpu.isa)
LOADI_FLOATB, LOADI_USHORT, LOADI_SHORT, LOADI_UPPER, LOADI_LOWER = 0, 2, 4, 8, 10
STOCHRND_FP32_TO_FP16B, STOCHRND_FP32_TO_UINT16 = 1, 6
EXEXP_SET_CC_SGN_EXP, EXEXP_SET_CC_COMP_EXP = 2, 8
IADD_ARG_IMM, IADD_ARG_2SCOMP_LREG_DST, IADD_CC_LT0, IADD_CC_NONE = 1, 2, 0, 4
SETCC_LREG_LT0, SETCC_LREG_GTE0 = 0, 4
SHFT2_SHFT_LREG = 5
MAD_INDIRECT_VA = 4
ITERATIONS = 8
UINT16_LOW_MASK = 0xFFFF


def _ops():
    from tensix.tile import ops
    return ops


def _decode(words):
    from tensix.tile.vector import to_instr
    return [to_instr(w) for w in words]


def _const_int_prgm(reg, value):
    """``sfpi::vConstIntPrgm<reg - 12> = value``: the value into LReg0 (SFPLOADI lower then upper half) and SFPCONFIG
    to LReg12..14 (as tensix.sfpi.llk._loadi32_l0 does for tt-llk's own constant writes)."""
    o = _ops()
    v = value & 0xFFFFFFFF
    return [o.TT_OP_SFPLOADI(LREG0, LOADI_LOWER, v & 0xFFFF), o.TT_OP_SFPLOADI(LREG0, LOADI_UPPER, v >> 16),
            o.TT_OP_SFPCONFIG(0, reg, 0)]


def _macro_lreg0(reg, simple, mad, rnd, store):
    """A Sequence written through LReg0: TTI_SFPLOADI(0, LOWER, mad << 8 | simple); TTI_SFPLOADI(0, UPPER,
    store << 8 | round); TTI_SFPCONFIG(0, reg, 0)."""
    o = _ops()
    return [o.TT_OP_SFPLOADI(0, LOADI_LOWER, (mad << 8) | simple),
            o.TT_OP_SFPLOADI(0, LOADI_UPPER, (store << 8) | rnd), o.TT_OP_SFPCONFIG(0, reg, 0)]


# ---- the calculate_typecast_* loops, one face (ITERATIONS rows) as words -----------------------------------------
def fp32_to_uint16_face(dst_accum):
    """``calculate_typecast_fp32_to_uint16<APPROX, 8, DST_ACCUM_MODE>``: SFPLOAD DEFAULT; SFPSWAP(0, LCONST_0, LREG0,
    9) (LReg0 = max(LReg0, 0)); SFP_STOCH_RND FP32 -> UINT16; SFPSTORE LO16 (16-bit Dst) or mode 9 (32-bit Dst)."""
    o = _ops()
    store = SFPSTORE_MODE_SWAP_HI_LO16 if dst_accum else LO16
    row = [o.TT_OP_SFPLOAD(LREG0, DEFAULT, ADDR_MOD_3, 0), o.TT_OP_SFPSWAP(0, LCONST_0, LREG0, 9),
           o.TT_OP_SFP_STOCH_RND(0, 0, 0, LREG0, LREG0, STOCHRND_FP32_TO_UINT16),
           o.TT_OP_SFPSTORE(LREG0, store, ADDR_MOD_2, 0)]
    return row * ITERATIONS


def uint16_to_fp16b_face(loadmacro):
    """``calculate_typecast_uint16_to_fp16b``: DISABLE_SFPLOADMACRO: SFPLOAD LO16, SFPCAST, SFP_STOCH_RND FP32 ->
    FP16B, SFPSTORE DEFAULT per row; default build: per row SFPLOADMACRO macro 0 (LO16, ADDR_MOD_2) alternating
    LReg0 / LReg1, then three SFPNOPs."""
    o = _ops()
    if not loadmacro:
        row = [o.TT_OP_SFPLOAD(LREG0, LO16, ADDR_MOD_3, 0), o.TT_OP_SFPCAST(LREG0, LREG0, 0),
               o.TT_OP_SFP_STOCH_RND(0, 0, 0, LREG0, LREG0, STOCHRND_FP32_TO_FP16B),
               o.TT_OP_SFPSTORE(LREG0, DEFAULT, ADDR_MOD_2, 0)]
        return row * ITERATIONS
    out = []
    for d in range(ITERATIONS):
        v = d & 1
        out.append(o.TT_OP_SFPLOADMACRO((0 << 2) | (v & 3), LO16, ADDR_MOD_2, v >> 2))
    return out + [o.TT_OP_SFPNOP] * 3


def _int32_to_float_plain_row(round_fp16b):
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, INT32, ADDR_MOD_3, 0),
           o.TT_OP_SFPABS(0, LREG0, LREG1, 0),                 # lreg[1] = iabs(lreg[0])
           o.TT_OP_SFPCAST(LREG1, LREG2, 0),                   # lreg[2] = cast(lreg[1])
           o.TT_OP_SFPSETSGN(0, LREG2, LREG0, 0),              # lreg[0] = sign(lreg[0]) | exp_man(lreg[2])
           o.TT_OP_SFPSETCC(0, LREG1, 0, SETCC_LREG_LT0),      # cc = lreg[1] < 0
           o.TT_OP_SFPADDI(0xCF00, LREG0, 0),                  # lreg[0] += -2**31
           o.TT_OP_SFPENCC(0, 0, 0, 0)]
    if round_fp16b:
        row.append(o.TT_OP_SFP_STOCH_RND(0, 0, 0, LREG0, LREG0, STOCHRND_FP32_TO_FP16B))
    return row + [o.TT_OP_SFPSTORE(LREG0, DEFAULT, ADDR_MOD_2, 0)]


def _int32_to_float_loadmacro_face(nops):
    o = _ops()
    t = LREG4
    out = [o.TT_OP_SFPLOADI(LREG0, LOADI_USHORT, 0), o.TT_OP_SFPLOADI(LREG1, LOADI_FLOATB, 0xCF00)]   # -2**31
    for d in range(ITERATIONS):
        v = 2 + (d & 1)         # LReg2 / LReg3 alternately
        out += [o.TT_OP_SFPLOADMACRO((0 << 2) | (v & 3), INT32, ADDR_MOD_2, v >> 2), o.TT_OP_SFPABS(0, v, t, 0),
                o.TT_OP_SFPSHFT2(t, LREG12, LREG7, SHFT2_SHFT_LREG), o.TT_OP_SFPCAST(t, t, 0)]
    return out + [o.TT_OP_SFPNOP] * nops


def int32_to_fp16b_face(loadmacro):
    """``calculate_typecast_int32_to_fp16b``: DISABLE_SFPLOADMACRO: SFPLOAD INT32, SFPABS, SFPCAST, SFPSETSGN, SFPSETCC
    (|x| < 0: x = INT_MIN), SFPADDI -2^31, SFPENCC, SFP_STOCH_RND FP32 -> FP16B, SFPSTORE DEFAULT; default build: L0 =
    0.0, L1 = -2^31, per row SFPLOADMACRO macro 0 into LReg2 / LReg3, SFPABS to LReg4, SFPSHFT2 LReg7 = LReg4 >> 31
    (by LReg12 = -31), SFPCAST LReg4, then five SFPNOPs."""
    if not loadmacro:
        return _int32_to_float_plain_row(True) * ITERATIONS
    return _int32_to_float_loadmacro_face(5)


def int32_to_fp32_face(loadmacro):
    """``calculate_typecast_int32_to_fp32``: int32_to_fp16b_face without the FP16B rounding (four SFPNOPs at the end
    of the SFPLOADMACRO form)."""
    if not loadmacro:
        return _int32_to_float_plain_row(False) * ITERATIONS
    return _int32_to_float_loadmacro_face(4)


def fp32_to_int32_face():
    """``calculate_typecast_fp32_to_int32``: result 0; where exp >= 0 result INT_MIN and, where also exp < 31, the
    mantissa with its implicit one shifted by exp - 23 (truncation); negated (two's complement) where the input is
    negative; SFPSTORE INT32."""
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, DEFAULT, ADDR_MOD_3, 0),
           o.TT_OP_SFPLOADI(LREG1, LOADI_USHORT, 0),
           o.TT_OP_SFPEXEXP(0, LREG0, LREG2, EXEXP_SET_CC_SGN_EXP | EXEXP_SET_CC_COMP_EXP),
           o.TT_OP_SFPLOADI(LREG1, LOADI_FLOATB, 0x8000),
           o.TT_OP_SFPIADD(-31 & 0xFFF, LREG2, LREG2, IADD_ARG_IMM | IADD_CC_LT0),
           o.TT_OP_SFPIADD(8, LREG2, LREG2, IADD_ARG_IMM | IADD_CC_NONE),
           o.TT_OP_SFPEXMAN(0, LREG0, LREG1, 0),
           o.TT_OP_SFPSHFT(0, LREG2, LREG1, 0),
           o.TT_OP_SFPENCC(0, 0, 0, 0),
           o.TT_OP_SFPSETCC(0, LREG0, 0, SETCC_LREG_LT0),
           o.TT_OP_SFPIADD(0, LCONST_0, LREG1, IADD_ARG_2SCOMP_LREG_DST | IADD_CC_NONE),
           o.TT_OP_SFPENCC(0, 0, 0, 0),
           o.TT_OP_SFPSTORE(LREG1, INT32, ADDR_MOD_2, 0)]
    return row * ITERATIONS


def fp32_to_uint32_face():
    """``calculate_typecast_fp32_to_uint32``: result 0; where the input is >= 0 (sign bit clear) and exp >= 0 result
    0xFFFFFFFF (SFPLOADI SHORT 0xffff) and, where also exp < 32, the mantissa shifted by exp - 23; SFPSTORE INT32."""
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, DEFAULT, ADDR_MOD_3, 0),
           o.TT_OP_SFPLOADI(LREG1, LOADI_USHORT, 0),
           o.TT_OP_SFPSETCC(0, LREG0, 0, SETCC_LREG_GTE0),
           o.TT_OP_SFPEXEXP(0, LREG0, LREG2, EXEXP_SET_CC_SGN_EXP | EXEXP_SET_CC_COMP_EXP),
           o.TT_OP_SFPLOADI(LREG1, LOADI_SHORT, 0xFFFF),
           o.TT_OP_SFPIADD(-32 & 0xFFF, LREG2, LREG2, IADD_ARG_IMM | IADD_CC_LT0),
           o.TT_OP_SFPIADD(9, LREG2, LREG2, IADD_ARG_IMM | IADD_CC_NONE),
           o.TT_OP_SFPEXMAN(0, LREG0, LREG1, 0),
           o.TT_OP_SFPSHFT(0, LREG2, LREG1, 0),
           o.TT_OP_SFPENCC(0, 0, 0, 0),
           o.TT_OP_SFPSTORE(LREG1, INT32, ADDR_MOD_2, 0)]
    return row * ITERATIONS


def uint32_to_fp16b_face():
    """``calculate_typecast_uint32_to_fp16b`` (no SFPLOADMACRO form): SFPLOAD INT32, SFPSETSGN 0 (bit 31 cleared),
    SFPCAST, where bit 31 was set SFPADDI 2^31, SFP_STOCH_RND FP32 -> FP16B, SFPSTORE FP32."""
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, INT32, ADDR_MOD_3, 0),
           o.TT_OP_SFPSETSGN(0, LREG0, LREG1, 1),
           o.TT_OP_SFPCAST(LREG1, LREG1, 0),
           o.TT_OP_SFPSETCC(0, LREG0, 0, SETCC_LREG_LT0),
           o.TT_OP_SFPADDI(0x4F00, LREG1, 0),                  # 2^31
           o.TT_OP_SFPENCC(0, 0, 0, 0),
           o.TT_OP_SFP_STOCH_RND(0, 0, 0, LREG1, LREG1, STOCHRND_FP32_TO_FP16B),
           o.TT_OP_SFPSTORE(LREG1, FP32, ADDR_MOD_2, 0)]
    return row * ITERATIONS


def uint32_to_fp32_face(loadmacro):
    """``calculate_typecast_uint32_to_fp32``: DISABLE_SFPLOADMACRO: as uint32_to_fp16b_face without the rounding;
    default build: L0 = 0.0, L1 = 2^31, per row three SFPLOADMACROs of the row (macro 0 into LReg2, macro 1 into LReg3
    with ADDR_MOD_3, macro 2 into LReg7 with ADDR_MOD_2), then four SFPNOPs."""
    o = _ops()
    if not loadmacro:
        row = [o.TT_OP_SFPLOAD(LREG0, INT32, ADDR_MOD_3, 0), o.TT_OP_SFPSETSGN(0, LREG0, LREG1, 1),
               o.TT_OP_SFPCAST(LREG1, LREG2, 0), o.TT_OP_SFPSETCC(0, LREG0, 0, SETCC_LREG_LT0),
               o.TT_OP_SFPADDI(0x4F00, LREG2, 0), o.TT_OP_SFPENCC(0, 0, 0, 0),
               o.TT_OP_SFPSTORE(LREG2, FP32, ADDR_MOD_2, 0)]
        return row * ITERATIONS
    a, b, l7 = LREG2, LREG3, LREG7
    out = [o.TT_OP_SFPLOADI(LREG0, LOADI_USHORT, 0), o.TT_OP_SFPLOADI(LREG1, LOADI_FLOATB, 0x4F00)]   # 2**31
    for _ in range(ITERATIONS):
        out += [o.TT_OP_SFPLOADMACRO((0 << 2) | (a & 3), INT32, ADDR_MOD_3, a >> 2),
                o.TT_OP_SFPLOADMACRO((1 << 2) | (b & 3), INT32, ADDR_MOD_3, b >> 2),
                o.TT_OP_SFPLOADMACRO((2 << 2) | (l7 & 3), INT32, ADDR_MOD_2, l7 >> 2)]
    return out + [o.TT_OP_SFPNOP] * 4


def uint16_to_uint32_face():
    """``calculate_typecast_uint16_to_uint32``: SFPLOAD INT32, SFPAND with LReg1 (= 0xFFFF from its init), SFPSTORE
    INT32."""
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, INT32, ADDR_MOD_3, 0), o.TT_OP_SFPAND(0, LREG1, LREG0, 0),
           o.TT_OP_SFPSTORE(LREG0, INT32, ADDR_MOD_2, 0)]
    return row * ITERATIONS


def uint16_to_fp32_face():
    """``calculate_typecast_uint16_to_fp32``: SFPLOAD INT32, SFPAND with LReg1 (0xFFFF), SFPCAST, SFPSTORE FP32."""
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, INT32, ADDR_MOD_3, 0), o.TT_OP_SFPAND(0, LREG1, LREG0, 0),
           o.TT_OP_SFPCAST(LREG0, LREG0, 0), o.TT_OP_SFPSTORE(LREG0, FP32, ADDR_MOD_2, 0)]
    return row * ITERATIONS


def uint32_to_uint16_face():
    """``calculate_typecast_uint32_to_uint16``: x | ((0 - (x >> 16)) >> 16) (saturation to 0xFFFF in the low half),
    stored with the hi/lo swapping store 9."""
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, INT32, ADDR_MOD_3, 0), o.TT_OP_SFPMOV(0, LREG0, LREG1, 0),
           o.TT_OP_SFPSHFT(-16 & 0xFFF, 0, LREG0, 1),
           o.TT_OP_SFPIADD(0, LCONST_0, LREG0, IADD_CC_NONE | IADD_ARG_2SCOMP_LREG_DST),
           o.TT_OP_SFPSHFT(-16 & 0xFFF, 0, LREG0, 1), o.TT_OP_SFPOR(0, LREG0, LREG1, 0),
           o.TT_OP_SFPSTORE(LREG1, SFPSTORE_MODE_SWAP_HI_LO16, ADDR_MOD_2, 0)]
    return row * ITERATIONS


def int32_to_uint16_face():
    """``calculate_typecast_int32_to_uint16``: SFPCAST (sign-magnitude), max with 0, SFP_STOCH_RND FP32 -> UINT16,
    the swapping store 9."""
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, INT32, ADDR_MOD_3, 0), o.TT_OP_SFPCAST(LREG0, LREG0, 0),
           o.TT_OP_SFPSWAP(0, LCONST_0, LREG0, 9),
           o.TT_OP_SFP_STOCH_RND(0, 0, 0, LREG0, LREG0, STOCHRND_FP32_TO_UINT16),
           o.TT_OP_SFPSTORE(LREG0, SFPSTORE_MODE_SWAP_HI_LO16, ADDR_MOD_2, 0)]
    return row * ITERATIONS


# ---- the init_typecast_* routines (after _init_sfpu_config_reg), as words -----------------------------------------
def uint16_to_fp16b_init(loadmacro):
    """``init_typecast_uint16_to_fp16b`` (default build only): templates by the backdoor [0] SFPCAST (VD 12), [1]
    SFP_STOCH_RND FP32 -> FP16B (VD 13); macro 0: Simple [0] delay 0, Round [1] delay 1 on the loaded LReg, Store
    delay 2; Misc 0x100 | DEFAULT (store format DEFAULT, UnitDelayKind 1 for the macro)."""
    if not loadmacro:
        return []
    o = _ops()
    return ([o.TT_OP_SFPCAST(0, 12, 0), o.TT_OP_SFP_STOCH_RND(0, 0, 0, 0, 13, STOCHRND_FP32_TO_FP16B)]
            + _macro_lreg0(4 + 0, 0x00 | 0x00 | (0 << 3) | (4 + 0), 0, 0x00 | 0x40 | (1 << 3) | (4 + 1),
                           0x00 | 0x40 | (2 << 3) | 3)
            + [o.TT_OP_SFPCONFIG(0x100 | DEFAULT, 8, 1)])


def _int32_to_float_init(round_fp16b):
    o = _ops()
    t = LREG4
    out = _const_int_prgm(LREG12, -31) + [o.TT_OP_SFPSETSGN(0, t, 12, 0),
                                          o.TT_OP_SFPMAD(0, LCONST_1, 0, 13, MAD_INDIRECT_VA)]
    if round_fp16b:
        out.append(o.TT_OP_SFP_STOCH_RND(0, 0, 0, 0, 14, STOCHRND_FP32_TO_FP16B))
        out += _macro_lreg0(4 + 0, 0x80 | 0x00 | (3 << 3) | (4 + 0), 0x00 | 0x00 | (4 << 3) | (4 + 1),
                            0x00 | 0x40 | (6 << 3) | (4 + 2), 0x00 | 0x40 | (7 << 3) | 3)
        return out + [o.TT_OP_SFPCONFIG(0x100 | DEFAULT, 8, 1)]
    out += _macro_lreg0(4 + 0, 0x80 | 0x00 | (3 << 3) | (4 + 0), 0x00 | 0x40 | (4 << 3) | (4 + 1), 0,
                        0x00 | 0x40 | (6 << 3) | 3)
    return out + [o.TT_OP_SFPCONFIG(0x100 | FP32, 8, 1)]


def int32_to_fp16b_init(loadmacro):
    """``init_typecast_int32_to_fp16b`` (default build only): vConstIntPrgm0 = -31; templates [0] SFPSETSGN (VC =
    LReg4), [1] SFPMAD LConst 1.0 with indirect VA (L[L7] * 1.0 + v), [2] SFP_STOCH_RND FP32 -> FP16B; macro 0:
    Simple [0] delay 3, MAD [1] delay 4, Round [2] delay 6, Store delay 7; Misc 0x100 | DEFAULT."""
    return _int32_to_float_init(True) if loadmacro else []


def int32_to_fp32_init(loadmacro):
    """``init_typecast_int32_to_fp32`` (default build only): as int32_to_fp16b_init without the rounding template;
    the MAD [1] writes LReg16 at delay 4, Store of it at delay 6; Misc 0x100 | FP32."""
    return _int32_to_float_init(False) if loadmacro else []


def uint32_to_fp32_init(loadmacro):
    """``init_typecast_uint32_to_fp32`` (default build only): vConstIntPrgm0 = -31; templates [0] SFPSETSGN imm 0,
    [1] SFPCAST of LReg2, [2] SFPSHFT2 by LReg12, [3] SFPMAD indirect VA; macro 0 [a]: Simple [0]; macro 1 [b]:
    Simple [1] delay 0 on VD, MAD [3] delay 2 to LReg16; macro 2 [L7]: Round [2] delay 0, Store of LReg16 delay 3;
    Misc 0x700 | FP32."""
    if not loadmacro:
        return []
    o = _ops()
    a = LREG2
    out = _const_int_prgm(LREG12, -31) + [
        o.TT_OP_SFPSETSGN(0, 0, 12, 1), o.TT_OP_SFPCAST(a, 13, 0), o.TT_OP_SFPSHFT2(0, LREG12, 14, SHFT2_SHFT_LREG),
        o.TT_OP_SFPMAD(0, LCONST_1, 0, 15, MAD_INDIRECT_VA)]
    simple0 = 0x00 | 0x00 | (0 << 3) | (4 + 0)
    out.append(o.TT_OP_SFPCONFIG((0 << 8) | simple0, 4 + 0, 1))
    simple1, mad1 = 0x80 | 0x00 | (0 << 3) | (4 + 1), 0x00 | 0x40 | (2 << 3) | (4 + 3)
    out.append(o.TT_OP_SFPCONFIG((mad1 << 8) | simple1, 4 + 1, 1))
    out += _macro_lreg0(4 + 2, 0, 0, 0x80 | 0x00 | (0 << 3) | (4 + 2), 0x00 | 0x40 | (3 << 3) | 3)
    return out + [o.TT_OP_SFPCONFIG(0x700 | FP32, 8, 1)]


def fp32_to_uint8_face():
    """``calculate_typecast_fp32_to_uint8``: result 0; exponent by SFPEXEXP with the lanes of exponent >= 0 enabled;
    there result = exman (implicit one) shifted by exponent - 23; lanes of a negative input negate it (SFPSETCC,
    SFPIADD two's complement); all lanes: + 256, & LReg12 (0xFF), SFPSTORE INT32."""
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, DEFAULT, ADDR_MOD_3, 0), o.TT_OP_SFPLOADI(LREG1, LOADI_USHORT, 0),
           o.TT_OP_SFPEXEXP(0, LREG0, LREG2, EXEXP_SET_CC_SGN_EXP | EXEXP_SET_CC_COMP_EXP),
           o.TT_OP_SFPEXMAN(0, LREG0, LREG1, 0),
           o.TT_OP_SFPIADD(-23 & 0xFFF, LREG2, LREG2, IADD_ARG_IMM | IADD_CC_NONE),
           o.TT_OP_SFPSHFT(0, LREG2, LREG1, 0),
           o.TT_OP_SFPSETCC(0, LREG0, 0, SETCC_LREG_LT0),
           o.TT_OP_SFPIADD(0, LCONST_0, LREG1, IADD_ARG_2SCOMP_LREG_DST | IADD_CC_NONE),
           o.TT_OP_SFPENCC(0, 0, 0, 0),
           o.TT_OP_SFPIADD(256, LREG1, LREG1, IADD_ARG_IMM | IADD_CC_NONE),
           o.TT_OP_SFPAND(0, LREG12, LREG1, 0),
           o.TT_OP_SFPSTORE(LREG1, INT32, ADDR_MOD_2, 0)]
    return row * ITERATIONS


def uint_to_uint8_face(u16):
    """``calculate_typecast_uint_to_uint8<u16>``: SFPLOAD INT32 (for UInt16 then & LReg13 = 0xFFFF), + 256,
    & LReg12 (0xFF), SFPSTORE INT32."""
    o = _ops()
    row = [o.TT_OP_SFPLOAD(LREG0, INT32, ADDR_MOD_3, 0)]
    if u16:
        row.append(o.TT_OP_SFPAND(0, LREG13, LREG0, 0))
    row += [o.TT_OP_SFPIADD(256, LREG0, LREG0, IADD_ARG_IMM | IADD_CC_NONE), o.TT_OP_SFPAND(0, LREG12, LREG0, 0),
            o.TT_OP_SFPSTORE(LREG0, INT32, ADDR_MOD_2, 0)]
    return row * ITERATIONS


def fp32_to_uint8_init():
    """``init_typecast_fp32_to_uint8``: vConstIntPrgm0 = 0xFF."""
    return _const_int_prgm(LREG12, 0xFF)


def uint_to_uint8_init():
    """``init_typecast_uint_to_uint8``: vConstIntPrgm0 = 0xFF, vConstIntPrgm1 = 0xFFFF (UINT16_LOW_MASK)."""
    return _const_int_prgm(LREG12, 0xFF) + _const_int_prgm(LREG13, UINT16_LOW_MASK)


def uint16_mask_init():
    """``init_typecast_uint16_to_uint32`` / ``init_typecast_uint16_to_fp32``: LReg1 = 0xFFFF (SFPLOADI USHORT)."""
    return [_ops().TT_OP_SFPLOADI(LREG1, LOADI_USHORT, UINT16_LOW_MASK)]


# ---- typecast_tile<IN, OUT> / typecast_tile_init<IN, OUT> -------------------------------------------------------
# typecast.h's dispatch for Wormhole: (in, out) -> (kernel name, face builder(loadmacro, dst_accum), init builder
# (loadmacro)); pairs that are "handled by the unpacker / packer" have no SFPU code (not listed). The float <-> float
# pairs are tensix.ttnn.kernels.eltwise.typecast_sfpu's (Float32 -> Float16_b is an SFPI program there).
_F16B, _F32, _BFP8, _BFP4, _I32, _U32, _U16, _U8 = ("Float16_b", "Float32", "Bfp8_b", "Bfp4_b", "Int32", "UInt32",
                                                    "UInt16", "UInt8")
_FLOAT_IN = (_F32, _F16B, _BFP8, _BFP4)
KERNELS: dict = {}
for _f in _FLOAT_IN:
    KERNELS[(_f, _U16)] = ("fp32_to_uint16", lambda lm, acc: fp32_to_uint16_face(acc), None)
    KERNELS[(_f, _I32)] = ("fp32_to_int32", lambda lm, acc: fp32_to_int32_face(), None)
    KERNELS[(_f, _U32)] = ("fp32_to_uint32", lambda lm, acc: fp32_to_uint32_face(), None)
for _f in (_F16B, _BFP8, _BFP4):
    KERNELS[(_U16, _f)] = ("uint16_to_fp16b", lambda lm, acc: uint16_to_fp16b_face(lm), uint16_to_fp16b_init)
    KERNELS[(_I32, _f)] = ("int32_to_fp16b", lambda lm, acc: int32_to_fp16b_face(lm), int32_to_fp16b_init)
    KERNELS[(_U32, _f)] = ("uint32_to_fp16b", lambda lm, acc: uint32_to_fp16b_face(), None)
KERNELS[(_I32, _F32)] = ("int32_to_fp32", lambda lm, acc: int32_to_fp32_face(lm), int32_to_fp32_init)
KERNELS[(_U32, _F32)] = ("uint32_to_fp32", lambda lm, acc: uint32_to_fp32_face(lm), uint32_to_fp32_init)
KERNELS[(_U16, _F32)] = ("uint16_to_fp32", lambda lm, acc: uint16_to_fp32_face(), lambda lm: uint16_mask_init())
KERNELS[(_U16, _U32)] = ("uint16_to_uint32", lambda lm, acc: uint16_to_uint32_face(), lambda lm: uint16_mask_init())
KERNELS[(_U16, _I32)] = KERNELS[(_U16, _U32)]          # "Calls same kernel as UInt32 case"
KERNELS[(_U32, _U16)] = ("uint32_to_uint16", lambda lm, acc: uint32_to_uint16_face(), None)
KERNELS[(_I32, _U16)] = ("int32_to_uint16", lambda lm, acc: int32_to_uint16_face(), None)
for _f in _FLOAT_IN:
    KERNELS[(_f, _U8)] = ("fp32_to_uint8", lambda lm, acc: fp32_to_uint8_face(), lambda lm: fp32_to_uint8_init())
for _f in (_I32, _U32, _U16):
    KERNELS[(_f, _U8)] = ("uint_to_uint8", (lambda u16: lambda lm, acc: uint_to_uint8_face(u16))(_f == _U16),
                          lambda lm: uint_to_uint8_init())
# UInt8 in: the uint32 kernels and their inits (typecast.h: "UInt8 -> Float32" calculate_typecast_uint32_to_fp32 ...)
KERNELS[(_U8, _F32)] = KERNELS[(_U32, _F32)]
for _f in (_F16B, _BFP8, _BFP4):
    KERNELS[(_U8, _f)] = KERNELS[(_U32, _f)]
KERNELS[(_U8, _U16)] = KERNELS[(_U32, _U16)]
del _f

# typecast.h's pairs with no SFPU code among the integer formats (typecast_tile does nothing; the unpacker and the
# packer move the bits): a format to itself, Int32 <-> UInt32 (no branch matches: the 32 bits move unchanged)
NO_SFPU = {(_I32, _I32), (_U32, _U32), (_U16, _U16), (_I32, _U32), (_U32, _I32), (_U8, _U8), (_U8, _I32),
           (_U8, _U32)}


# The kernels with an SFPLOADMACRO form in the default build, and those whose form tensix runs: none. tensix.sfpu's
# SFPLOADMACRO engine refuses each schedule on a cycle where two instructions may write the same state:
# - int32 -> fp16b, int32 -> fp32, uint32 -> fp32 schedule an SFPMAD with indirect VA (SFPMAD_MOD1_INDIRECT_VA: VA =
#   L[LReg7]), which tensix.sfpu.loadmacro counts as writing every LReg (it collides with the SFPABS to LReg4 issued
#   on that cycle) and refuses with VD = LReg16;
# - uint16 -> fp16b schedules SFP_STOCH_RND of one row on the cycle of the next row's SFPCAST, and the engine counts
#   both as writing the PRNG (SFPSTOCHRND advances it even when not stochastic: tensix.sfpu.execute's reading).
# So all four run their DISABLE_SFPLOADMACRO loop in both builds. The loops compute the same bits as the schedules:
# the schedule's L[L7] * 1.0 + v adds 0.0 (L7 = 0) or -2^31 / 2^31 (L7 = 1) to the same setsgn(cast(...)) value as the
# loop's predicated SFPADDI, one rounding in the same SFPMAD datapath (0.0 + v is v: v is never -0 or a denormal);
# uint16 -> fp16b is the same SFPCAST and SFP_STOCH_RND in both. Only the cycle count differs (the loop's is higher).
# The SFPLOADMACRO builders above stay for tensix.sfpu users and for when the engine models these schedules.
LOADMACRO_FORMS = ("uint16_to_fp16b", "int32_to_fp16b", "int32_to_fp32", "uint32_to_fp32")
LOADMACRO_RUNS = ()


def programs(in_fmt: str, out_fmt: str, dst_accum: bool, loadmacro: bool):
    """(tile InstrProgram, init InstrProgram) of ``typecast_tile<IN, OUT>`` / ``typecast_tile_init<IN, OUT>`` for an
    integer pair of KERNELS: the face in the unary driver's RC walk with ADDR_MOD_6 dest += 2 (SfpuType::typecast),
    and ``_init_sfpu_config_reg`` plus the pair's init routine."""
    from tensix.sfpi import llk as L
    spec = KERNELS.get((in_fmt, out_fmt))
    if spec is None:
        raise NotModelledError(f"typecast_tile<{in_fmt}, {out_fmt}> has no SFPU kernel in tensix.sfpi.llk_typecast "
                               "(622c6fb9 typecast.h).")
    name, face, init = spec
    lm = bool(loadmacro) and name in LOADMACRO_RUNS
    form = " (DISABLE_SFPLOADMACRO)" if name in LOADMACRO_FORMS and not lm else ""
    tile = L._instr_program(("typecast", in_fmt, out_fmt, bool(dst_accum), lm), lambda: L.InstrProgram(
        f"typecast_tile<{in_fmt}, {out_fmt}> calculate_typecast_{name}{form}",
        L._driver_rc(_decode(face(lm, dst_accum))), L._BINARY_AMODS))
    init_words = init(lm) if init is not None else []
    init_prog = L._instr_program(("typecast_init", in_fmt, out_fmt, lm), lambda: L.InstrProgram(
        f"typecast_tile_init<{in_fmt}, {out_fmt}>{form}", L._sfpu_config_reset() + _decode(init_words),
        L._BINARY_AMODS))
    return tile, init_prog
