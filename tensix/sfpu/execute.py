"""The SFPU interpreter: runs encoded programs (tensix.sfpu.isa.encode) inside one numba call.

Structure: `_run` loops over instances and instructions, keeps the lane-enable mask cached until an
instruction changes flags or LaneConfig, executes SFPMAD/SFPADD/SFPMUL itself (the hot path) and hands every
other instruction to one of five numba functions by group (`_g_mad`, `_g_ldst`, `_g_simple`, `_g_cc`,
`_g_xlane`). Splitting the groups halves the cold numba compile time and makes the hot loop faster.
When every lane is enabled (and, for Dst access, LaneConfig has no bit that changes it), the frequent simple
cases run in `_run` without per-lane tests and without the group call: direct SFPMAD/ADD/MUL (through
`fma_model.mad_rows`, whose branch-free loop compiles to SIMD code; SFPMUL and adds through `mul_rows` and
`add_rows`, all inlined), 32-bit SFPLOAD/SFPSTORE (`_move32_plain`), SFPLOADI and SFPMOV. tests/test_sfpu_fast_paths.py
holds them to a numpy model and to the general path.

Every instruction follows the functional model of its ISA page (tt-isa-documentation
WormholeB0/TensixTile/TensixCoprocessor/SFP*.md, VectorUnit.md, LReg.md, Dst.md, INCRWC.md, SETRWC.md).
MAD-unit arithmetic (SFPMAD/ADD/MUL/ADDI/MULI/LUT/LUTFP32) goes through `tensix.sfpu.fma_model.mad_bits`
(the bit-exact `fma_model_wh`).

Decisions where the sources are silent or self-contradictory (each also noted at its code):
- Dst is stored as logical values (see tensix.sfpu.dst); LO16/HI16 SFPSTORE write raw bits to Dst32b, so
  they are stored as `UnshuffleFP32(raw)`, which is what a later 32-bit SFPLOAD sees on hardware.
- Dst address `Imm10 + base + RWC.Dst` is a 10-bit quantity on hardware and wraps silently; a sum >= 1024
  is reported as an error (almost certainly a kernel bug). `base` is DEST_TARGET_REG_CFG_MATH_Offset with
  DEST_REGW_BASE taken as 0, so MOD0_FMT_INT32_ALL uses `Imm10 + base + (RWC.Dst & 3)`.
- Newer ISA text: the extracted pages (2025-06 snapshot) were checked against the 2025-09 revision of
  tt-isa-documentation (commit e739ac0, as mirrored in jasondavies/tt-isa-documentation). Where they differ the
  newer text is followed: SFPENCC reads its immediate bits from Imm2 (fix 945964e/6b8c33b); SFPABS float mode
  keeps only -NaN (`x > 0xff800000`, fix 2752adf), so -Inf becomes +Inf; SFPSWAP Mod1 9..15 means
  "VD = max, VC = min" in all lanes; SFPSTOCHRND always calls AdvancePRNG (even without StochasticRounding)
  and compares `DiscardedBits >= (PRNGBits >> n)` in the FP16A/FP16B modes (fix 2d91617, "to match hardware").
- SFPLUTFP32: the page's `Mod1 & FP16_3ENTRY_TABLE` and `Mod1 & FP16_6ENTRY_TABLE2` tests are read as
  `(Mod1 & 10) == 10` and `(Mod1 & 3) == 3` (otherwise 6-entry mode and TABLE1 would be unreachable).
- Ops that the page writes outside a lanewise block with an unindexed `LaneConfig` (SFPTRANSP, SFPSHFT2
  shuffle modes) use lane 0's DISABLE_BACKDOOR_LOAD.
- PRNG: advances once per lane, exactly where the functional model calls AdvancePRNG: for enabled lanes
  (that pass the VD < 12 / DISABLE_BACKDOOR_LOAD test) of SFPCAST with RND_STOCH, of every SFPSTOCHRND (all
  modes, with or without StochasticRounding, even when the result is not written), and of SFPMOV from
  special register 9. Lanes are independent; disabled lanes do not advance.
- Undefined behaviour is an error: SFPPUSHC on a full stack, SFPPOPC Mod1=0 on an empty one, SFPSHFT2
  SHFLSHR1 before any SHFLROR1 (the HW bug then reads unknown data), runtime inputs that do not fit the
  immediate field.
- INCRWC/SETRWC: only the Dst counters (Dst, Dst_Cr) are modelled; SrcA/SrcB/Fidelity counters are
  ignored (they do not affect the SFPU).
"""

from __future__ import annotations

import numba
import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros

from tensix.errors import SfpuError
from tensix.sfpu import isa
from tensix.sfpu.fma_model import add_rows, mad_bits, mad_rows, mul_rows, unit_row
from tensix.sfpu.state import SfpuState

M32 = 0xFFFFFFFF
assert [isa.OPCODES[n] for n in ("SFPMAD", "SFPADD", "SFPMUL", "SFPADDI", "SFPMULI", "SFPLUT", "SFPLUTFP32")] == list(
    range(7)
), "the interpreter relies on the MAD sub-unit opcodes being 0..6"
assert [isa.OPCODES[n] for n in ("SFPEXEXP", "SFPEXMAN", "SFPSETEXP", "SFPSETMAN", "SFPSETSGN", "SFPABS", "SFPDIVP2",
                                 "SFPLZ", "SFPAND", "SFPOR", "SFPXOR", "SFPNOT", "SFPSHFT")] == list(
    range(isa.OPCODES["SFPEXEXP"], isa.OPCODES["SFPSHFT"] + 1)
), "the interpreter dispatches SFPEXEXP..SFPSHFT as one opcode range"

# opcodes as plain ints for numba
_OPS = isa.OPCODES
OP_SFPMAD = _OPS["SFPMAD"]
OP_SFPLOAD = _OPS["SFPLOAD"]
OP_SFPSTORE = _OPS["SFPSTORE"]
OP_SFPADD = _OPS["SFPADD"]
OP_SFPMUL = _OPS["SFPMUL"]
OP_SFPADDI = _OPS["SFPADDI"]
OP_SFPMULI = _OPS["SFPMULI"]
OP_SFPLOADI = _OPS["SFPLOADI"]
OP_SFPNOP = _OPS["SFPNOP"]
OP_SFPMOV = _OPS["SFPMOV"]
OP_SFPIADD = _OPS["SFPIADD"]
OP_SFPSETCC = _OPS["SFPSETCC"]
OP_SFPENCC = _OPS["SFPENCC"]
OP_SFPPUSHC = _OPS["SFPPUSHC"]
OP_SFPPOPC = _OPS["SFPPOPC"]
OP_SFPCOMPC = _OPS["SFPCOMPC"]
OP_SFPEXEXP = _OPS["SFPEXEXP"]
OP_SFPEXMAN = _OPS["SFPEXMAN"]
OP_SFPSETEXP = _OPS["SFPSETEXP"]
OP_SFPSETMAN = _OPS["SFPSETMAN"]
OP_SFPSETSGN = _OPS["SFPSETSGN"]
OP_SFPABS = _OPS["SFPABS"]
OP_SFPDIVP2 = _OPS["SFPDIVP2"]
OP_SFPLZ = _OPS["SFPLZ"]
OP_SFPAND = _OPS["SFPAND"]
OP_SFPOR = _OPS["SFPOR"]
OP_SFPXOR = _OPS["SFPXOR"]
OP_SFPNOT = _OPS["SFPNOT"]
OP_SFPSHFT = _OPS["SFPSHFT"]
OP_SFPSHFT2 = _OPS["SFPSHFT2"]
OP_SFPSWAP = _OPS["SFPSWAP"]
OP_SFPTRANSP = _OPS["SFPTRANSP"]
OP_SFPLUT = _OPS["SFPLUT"]
OP_SFPLUTFP32 = _OPS["SFPLUTFP32"]
OP_SFPCAST = _OPS["SFPCAST"]
OP_SFPSTOCHRND = _OPS["SFPSTOCHRND"]
OP_SFPCONFIG = _OPS["SFPCONFIG"]
OP_SFPLOADMACRO = _OPS["SFPLOADMACRO"]
OP_INCRWC = _OPS["INCRWC"]
OP_SETRWC = _OPS["SETRWC"]

# error codes returned by the kernel
ERR_STACK_FULL = 1
ERR_STACK_EMPTY = 2
ERR_DST_RANGE = 3
ERR_SHFL_BUG = 4
ERR_INPUT_RANGE = 5
ERR_LOADMACRO = 6
X_SWAP_LREGS, X_STORE_AT = isa.X_SWAP_LREGS, isa.X_STORE_AT

_ERR_TEXT = {
    ERR_STACK_FULL: ("SFPPUSHC with a full flag stack (depth 8) is undefined behaviour (SFPPUSHC.md)",
                     "pop (SFPPOPC) before pushing again, or nest v_if less deeply"),
    ERR_STACK_EMPTY: ("SFPPOPC with Mod1=0 on an empty flag stack is undefined behaviour (SFPPOPC.md)",
                      "balance every SFPPOPC with an earlier SFPPUSHC"),
    ERR_DST_RANGE: ("the Dst address Imm10 + base + RWC.Dst is beyond the 10-bit Dst address space "
                    "(hardware would silently wrap to row 0)",
                    "check the dst_reg index, the tile index (base) and the INCRWC/SETRWC counter"),
    ERR_SHFL_BUG: ("SFPSHFT2 SUBVEC_SHFLSHR1 reads the hardware-bug value left by the last SHFLROR1, but no "
                   "SHFLROR1 has run on this state (SFPSHFT2.md)",
                   "run SFPSHFT2 Mod1=SUBVEC_SHFLROR1 with VC=VD=9 first to make the shifted-in value 0"),
    ERR_INPUT_RANGE: ("a runtime input does not fit the instruction's immediate field",
                      "pass a value that fits the field width (e.g. 0..0xffff for Imm16)"),
    ERR_LOADMACRO: ("SFPLOADMACRO and SFPMOV from LoadMacroConfig reached the batched interpreter, which does not "
                    "model LoadMacroConfig", "run the program through tensix.sfpu.execute (it hands such programs "
                    "to tensix.sfpu.loadmacro)"),
}


@numba.njit(inline="always", cache=True)
def _advance_prng(prng, s, lane):
    """VectorUnit.md AdvancePRNG: return the state, shift right, new bit 31 = NOT parity(state & taps)."""
    r = np.int64(prng[s, lane])
    par = ((r >> 31) ^ (r >> 21) ^ (r >> 1) ^ r) & 1
    prng[s, lane] = np.uint32((((par ^ 1) << 31) | (r >> 1)) & M32)
    return r


@numba.njit(inline="always", cache=True)
def _clz32(x):
    return np.int64(leading_zeros(np.uint64(x))) - 32


@numba.njit(inline="always", cache=True)
def _i32(x):
    return ((x & M32) ^ 0x80000000) - 0x80000000


@numba.njit(inline="always", cache=True)
def _sm_to_2c(x):
    """SignMagToTwosComp (SFPLOAD.md)."""
    mag = x & 0x7FFFFFFF
    return ((-mag) & M32) if (x & 0x80000000) else mag


@numba.njit(inline="always", cache=True)
def _to_sm(x):
    """ToSignMag (SFPSTORE.md): two's complement -> sign + 31-bit magnitude."""
    sign = x & 0x80000000
    mag = ((-x) & M32) if sign else x
    return sign | (mag & 0x7FFFFFFF)


@numba.njit(inline="always", cache=True)
def _unshuffle_fp32(x):
    """UnshuffleFP32 (SFPLOAD.md): Sign,ManHi7,Exp8,ManLo16 -> Sign,Exp8,Man23."""
    hi = x >> 16
    hi = (hi & 0x8000) | ((hi & 0xFF) << 7) | ((hi & 0x7F00) >> 8)
    return (hi << 16) | (x & 0xFFFF)


@numba.njit(inline="always", cache=True)
def _lut8(x):
    """Lut8ToFp32 (SFPLUT.md)."""
    if x == 0xFF:
        return np.int64(0)
    return ((x >> 7) << 31) | ((127 - ((x >> 4) & 7)) << 23) | ((x & 0xF) << 19)


@numba.njit(inline="always", cache=True)
def _lut16(x):
    """Lut16ToFp32 (SFPLUTFP32.md)."""
    e = (x >> 10) & 0x1F
    return ((x >> 15) << 31) | ((0 if e == 0x1F else 112 + e) << 23) | ((x & 0x3FF) << 13)


@numba.njit(inline="always", cache=True)
def _rd32(dsts, d, row, col):
    a = ((row & 0x1F8) << 1) | (row & 0x207)
    return (np.int64(dsts[d, a, col]) << 16) | np.int64(dsts[d, a + 8, col])


@numba.njit(inline="always", cache=True)
def _wr32(dsts, d, row, col, v):
    a = ((row & 0x1F8) << 1) | (row & 0x207)
    dsts[d, a, col] = np.uint16((v >> 16) & 0xFFFF)
    dsts[d, a + 8, col] = np.uint16(v & 0xFFFF)


@numba.njit(inline="always", cache=True)
def _loadi_value(imm, mod):
    """The 32-bit value SFPLOADI (SFPLOADI.md) writes for Mod0 0 (BF16), 1 (FP16 without special cases),
    2 (UINT16), 4 (INT16, sign-extended); other modes (8/10: one half only) are handled lane by lane."""
    if mod == 0:
        return imm << 16
    if mod == 1:
        return ((imm >> 15) << 31) | ((((imm >> 10) & 0x1F) + 112) << 23) | ((imm & 0x3FF) << 13)
    if mod == 4 and (imm & 0x8000):
        return (imm | ~np.int64(0xFFFF)) & M32
    return imm


@numba.njit(inline="always", cache=True)
def _move32_plain(R, vd, dsts, d, addr, store):
    """SFPLOAD (store False) or SFPSTORE (store True) of LReg vd (row vd of the instance's LRegs R) in a 32-bit
    format, all lanes, as _g_ldst does with no LaneConfig bit set: lane L uses Dst row (addr & ~3) + L // 8, column
    2 * (L % 8) (+1 when addr & 2), the high half at the row's Dst32b position and the low half 8 rows below it
    (_rd32/_wr32). Indexed, not sliced: a slice costs more than its eight lanes (see fma_model.mad_rows)."""
    c0 = 1 if (addr & 2) else 0
    for r in range(4):
        row = (addr & ~3) + r
        a = ((row & 0x1F8) << 1) | (row & 0x207)
        if store:
            for j in range(8):
                v = R[vd, 8 * r + j]
                dsts[d, a, 2 * j + c0] = np.uint16(v >> np.uint32(16))
                dsts[d, a + 8, 2 * j + c0] = np.uint16(v & np.uint32(0xFFFF))
        else:
            for j in range(8):
                R[vd, 8 * r + j] = ((np.uint32(dsts[d, a, 2 * j + c0]) << np.uint32(16))
                                    | np.uint32(dsts[d, a + 8, 2 * j + c0]))


@numba.njit(inline="always", cache=True)
def _sm_less(c, d):
    """SignMagIsSmaller (SFPSWAP.md): sign-magnitude / FP32 total order."""
    if c & 0x80000000:
        c ^= 0x7FFFFFFF
    if d & 0x80000000:
        d ^= 0x7FFFFFFF
    return _i32(c) < _i32(d)


@numba.njit(cache=True)
def _g_mad(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags, stk_f, stk_u, stk_n, prng,
           lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts):
    """SFPADDI, SFPMULI, SFPLUT, SFPLUTFP32 (MAD sub-unit, via mad_bits)."""
    if op <= OP_SFPLUTFP32:  # opcodes 3..6 here (0..2 are handled in _run)
        # SFPADDI.md, SFPMULI.md, SFPLUT.md, SFPLUTFP32.md: one shared mad_bits call site (each
        # inlined copy costs seconds of numba compile time).
        for L in range(32):
            if not en[L] or not (bd_all or (lcfg[s, L] & 2)):
                continue
            sgn = False
            ind = (mod & 8) != 0
            l3 = np.int64(0)
            if op == OP_SFPADDI:  # BF16(Imm16) * 1.0 + VC (VC = VD unless SFPLOADMACRO scheduled it)
                a = imm << 16
                bb = np.int64(0x3F800000)
                c = np.int64(lregs[s, vc, L])
            elif op == OP_SFPMULI:  # BF16(Imm16) * VC + 0.0
                a = imm << 16
                bb = np.int64(lregs[s, vc, L])
                c = np.int64(0)
            else:
                l3 = np.int64(lregs[s, 3, L])
                bb = l3 & 0x7FFFFFFF  # fabsf; compared as bits (NaN compares false, as in C)
                ix = 0 if bb < 0x3F800000 else (1 if bb < 0x40000000 else 2)
                sgn = (mod & 4) != 0
                if op == OP_SFPLUT:
                    co = np.int64(lregs[s, ix, L])
                    a = _lut8((co >> 8) & 0xFF)
                    c = _lut8(co & 0xFF)
                elif mod & 2:
                    if (mod & 10) == 10:  # FP16 3-entry table (bit 3 also makes it INDIRECT_VD)
                        co = np.int64(lregs[s, ix, L])
                        a = _lut16((co >> 16) & 0xFFFF)
                        c = _lut16(co & 0xFFFF)
                    else:  # FP16 6-entry tables; TABLE2 moves the last cut from 3.0 to 4.0
                        cut = 0x40800000 if (mod & 3) == 3 else 0x40400000
                        if bb < 0x3F000000:
                            j = 0
                        elif bb < 0x3F800000:
                            j = 16
                        elif bb < 0x3FC00000:
                            j = 0
                        elif bb < 0x40000000:
                            j = 16
                        elif bb < cut:
                            j = 0
                        else:
                            j = 16
                        a = _lut16((np.int64(lregs[s, ix, L]) >> j) & 0xFFFF)
                        c = _lut16((np.int64(lregs[s, 4 + ix, L]) >> j) & 0xFFFF)
                else:
                    a = np.int64(lregs[s, ix, L])
                    c = np.int64(lregs[s, 4 + ix, L])
            r = np.int64(mad_bits(a, bb, c))
            if sgn:  # SGN_RETAIN: copysignf(d, LReg[3])
                r = (r & 0x7FFFFFFF) | (l3 & 0x80000000)
            dd = (lregs[s, 7, L] & 15) if ind else vd
            if dd < 8:
                lregs[s, dd, L] = np.uint32(r)
    return 0


@numba.njit(cache=True)
def _g_ldst(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags, stk_f, stk_u, stk_n, prng,
           lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts):
    """SFPLOAD / SFPSTORE (SFPLOAD.md, SFPSTORE.md) and their partial AddrMod."""
    if op == OP_SFPLOAD or op == OP_SFPSTORE:
        fmt = mod
        if fmt == 0:  # MOD0_FMT_SRCB resolution (SFPLOAD.md / SFPSTORE.md)
            fmt = 3 if fp32[s] else (2 if srcb_bf16[s] else 1)
        if fmt == 10:  # INT32_ALL: only the low 2 bits of the counter (+REGW_BASE, taken as 0)
            addr = imm + b + (rwc[s, 0] & 3)
        else:
            addr = imm + b + rwc[s, 0]
        if addr < 0 or addr >= 1024:
            return ERR_DST_RANGE
        if op == OP_SFPLOAD:
            if vd < 8:
                for L in range(32):
                    cfg = lcfg[s, L]
                    if cfg & 0x20:  # BLOCK_SFPU_RD_FROM_DEST
                        continue
                    if not (en[L] or fmt == 10):
                        continue
                    row = (addr & ~3) + (L >> 3)
                    col = (L & 7) * 2
                    if (addr & 2) or (lcfg[s, L & 7] & 0x40):  # DEST_RD_COL_EXCHANGE
                        col += 1
                    old = np.int64(lregs[s, vd, L])
                    if fmt == 3 or fmt == 4 or fmt == 10:
                        dat = _rd32(dsts, d, row, col)
                    elif fmt == 12:
                        dat = _sm_to_2c(_rd32(dsts, d, row, col))
                    else:
                        h = np.int64(dsts[d, row, col])
                        if fmt == 1:  # ReadFP16 on the unshuffled FP16 pattern
                            e = (h >> 10) & 0x1F
                            m = h & 0x3FF
                            if (cfg & 1) and e == 0x1F and m == 0x3FF:
                                e = np.int64(255)
                                m = np.int64(0)
                            elif e != 0:
                                e += 112
                            dat = ((h >> 15) << 31) | (e << 23) | (m << 13)
                        elif fmt == 2:
                            dat = h << 16
                        elif fmt == 5:  # SignMag8ToSignMag32 (Mag = low 7 bits of the FP16 mantissa)
                            dat = ((h >> 15) << 31) | (h & 0x7F)
                        elif fmt == 13:  # SignMag11ToSignMag32 then two's complement
                            dat = _sm_to_2c(((h >> 15) << 31) | (h & 0x3FF))
                        elif fmt == 14:
                            dat = (old & 0xFFFF0000) | h
                        elif fmt == 15:
                            dat = (h << 16) | (old & 0xFFFF)
                        elif fmt == 8:
                            dat = ((h >> 15) << 31) | (h & 0x7FFF)
                        elif fmt == 6 or fmt == 9:
                            dat = h
                        elif fmt == 7:
                            dat = h << 16
                        else:  # 11: MOD0_FMT_ZERO
                            dat = np.int64(0)
                    lregs[s, vd, L] = np.uint32(dat & M32)
                    if vd < 4 and (cfg & 4) and (cfg & 8):  # ENABLE_DEST_INDEX + CAPTURE
                        lregs[s, vd + 4, L] = np.uint32((row << 4) | col)
        else:
            for L in range(32):
                cfg = lcfg[s, L]
                if cfg & 0x10:  # BLOCK_DEST_WR_FROM_SFPU
                    continue
                if not (bd_all or (cfg & 2)):
                    continue
                if not (en[L] or fmt == 10):
                    continue
                row = (addr & ~3) + (L >> 3)
                col = (L & 7) * 2
                if (addr & 2) or (lcfg[s, L & 7] & 0x80):  # DEST_WR_COL_EXCHANGE
                    col += 1
                dat = np.int64(lregs[s, vd, L])
                if fmt == 3 or fmt == 4 or fmt == 10:
                    _wr32(dsts, d, row, col, dat)
                elif fmt == 12:
                    _wr32(dsts, d, row, col, _to_sm(dat))
                elif fmt == 9:  # LO16: raw rotated bits into Dst32b (see module doc)
                    _wr32(dsts, d, row, col, _unshuffle_fp32(((dat << 16) | (dat >> 16)) & M32))
                elif fmt == 7:  # HI16: raw bits into Dst32b
                    _wr32(dsts, d, row, col, _unshuffle_fp32(dat))
                else:
                    if fmt == 1:  # ToFP16: flush, saturate, truncate
                        e = ((dat >> 23) & 0xFF) - 112
                        m = dat & 0x7FFFFF
                        if e <= 0:
                            e = np.int64(0)
                            m = np.int64(0)
                        elif e > 31:
                            e = np.int64(31)
                            m = np.int64(0x7FFFFF)
                        h = ((dat >> 31) << 15) | (e << 10) | (m >> 13)
                    elif fmt == 2:  # ToBF16: flush denormals, truncate
                        if (dat & 0x7F800000) == 0:
                            dat &= 0x80000000
                        h = dat >> 16
                    elif fmt == 5 or fmt == 13:  # SignMag11ToFP16 (Integer "8")
                        if fmt == 13:
                            dat = _to_sm(dat)
                        h = ((dat >> 31) << 15) | (16 << 10) | (dat & 0x3FF)
                    elif fmt == 14 or fmt == 6:
                        h = dat & 0xFFFF
                    elif fmt == 15:
                        h = dat >> 16
                    elif fmt == 8:
                        h = ((dat >> 31) << 15) | (dat & 0x7FFF)
                    else:  # 11: MOD0_FMT_ZERO
                        h = np.int64(0)
                    dsts[d, row, col] = np.uint16(h & 0xFFFF)
        # ApplyPartialAddrMod: the Dst increment of the AddrMod slot (state.addr_mod_dst_incr).
        rwc[s, 0] = (rwc[s, 0] + amod[s, x & 3]) & 0x3FF
    return 0


@numba.njit(cache=True)
def _g_simple(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags, stk_f, stk_u, stk_n, prng,
           lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts):
    """Simple sub-unit lanewise ops: SFPLOADI, SFPMOV, SFPIADD, field and bit manipulation, shifts."""
    if op == OP_SFPLOADI:
        if vd < 8:
            val = _loadi_value(imm, mod)
            for L in range(32):
                if en[L]:
                    if mod == 8:
                        lregs[s, vd, L] = np.uint32((imm << 16) | (np.int64(lregs[s, vd, L]) & 0xFFFF))
                    elif mod == 10:
                        lregs[s, vd, L] = np.uint32((np.int64(lregs[s, vd, L]) & 0xFFFF0000) | imm)
                    else:
                        lregs[s, vd, L] = np.uint32(val)
    elif op == OP_SFPNOP:
        pass
    elif op == OP_SFPMOV:
        for L in range(32):
            if not (bd_all or (lcfg[s, L] & 2)):
                continue
            if not (en[L] or mod == 2):
                continue
            if mod & 8:
                if vc == 9:
                    xv = _advance_prng(prng, s, L)
                elif vc == 15:
                    xv = np.int64(lcfg[s, L])
                elif vc <= 8:
                    return ERR_LOADMACRO  # LoadMacroConfig: tensix.sfpu.loadmacro executes these
                else:
                    xv = np.int64(0)  # 10..14
            else:
                xv = np.int64(lregs[s, vc, L])
                if mod & 1:
                    xv ^= 0x80000000
            if vd < 8:
                lregs[s, vd, L] = np.uint32(xv)
    elif op == OP_SFPIADD:
        if vd < 8:
            simm = _i32(imm | ~np.int64(0xFFF)) if (imm & 0x800) else imm
            for L in range(32):
                if not en[L]:
                    continue
                cv = np.int64(lregs[s, vc, L])
                if mod & 1:
                    r = (cv + simm) & M32
                elif mod & 2:
                    r = (cv - np.int64(lregs[s, vb, L])) & M32
                else:
                    r = (cv + np.int64(lregs[s, vb, L])) & M32
                lregs[s, vd, L] = np.uint32(r)
                if not (mod & 4):
                    flags[s, L] = r >= 0x80000000
                if mod & 8:
                    flags[s, L] = not flags[s, L]
    elif op == OP_SFPEXEXP:
        if vd < 8:
            bias = 0 if (mod & 1) else 127
            for L in range(32):
                if not en[L]:
                    continue
                e = ((np.int64(lregs[s, vc, L]) >> 23) & 0xFF) - bias
                lregs[s, vd, L] = np.uint32(e & M32)
                if mod & 2:
                    flags[s, L] = e < 0
                if mod & 8:
                    flags[s, L] = not flags[s, L]
    elif op == OP_SFPEXMAN:
        if vd < 8:
            hid = 0 if (mod & 1) else 0x800000
            for L in range(32):
                if en[L]:
                    lregs[s, vd, L] = np.uint32(hid + (np.int64(lregs[s, vc, L]) & 0x7FFFFF))
    elif op == OP_SFPSETEXP or op == OP_SFPSETMAN or op == OP_SFPSETSGN or op == OP_SFPDIVP2:
        if vd < 8:
            for L in range(32):
                if not en[L]:
                    continue
                c = np.int64(lregs[s, vc, L])
                sg = c >> 31
                e = (c >> 23) & 0xFF
                m = c & 0x7FFFFF
                bv = np.int64(lregs[s, vb, L])
                if op == OP_SFPSETEXP:
                    if mod & 1:
                        e = imm
                    elif mod & 2:
                        e = (bv >> 23) & 0xFF
                    else:
                        e = bv & 0xFF
                elif op == OP_SFPSETMAN:
                    m = (imm << 11) if (mod & 1) else (bv & 0x7FFFFF)
                elif op == OP_SFPSETSGN:
                    sg = imm if (mod & 1) else (bv >> 31)
                else:  # SFPDIVP2
                    if mod & 1:
                        if e != 255:
                            e = (e + imm) & 0xFF
                    else:
                        e = imm
                lregs[s, vd, L] = np.uint32((sg << 31) | (e << 23) | m)
    elif op == OP_SFPABS:
        if vd < 8:
            for L in range(32):
                if not en[L]:
                    continue
                xv = np.int64(lregs[s, vc, L])
                if xv >= 0x80000000:
                    if mod & 1:
                        # -NaN (> 0xff800000) is left as it is; -Inf becomes +Inf (SFPABS.md, 2025-07 fix)
                        if xv <= 0xFF800000:
                            xv &= 0x7FFFFFFF
                    else:
                        xv = (-xv) & M32
                lregs[s, vd, L] = np.uint32(xv)
    elif op == OP_SFPLZ:
        if vd < 8:
            for L in range(32):
                if not en[L]:
                    continue
                c = np.int64(lregs[s, vc, L])
                if mod & 4:
                    c &= 0x7FFFFFFF
                lregs[s, vd, L] = np.uint32(_clz32(c) if c != 0 else 32)
                if mod & 2:
                    flags[s, L] = c != 0
                if mod & 8:
                    flags[s, L] = not flags[s, L]
    elif op == OP_SFPAND or op == OP_SFPOR or op == OP_SFPXOR or op == OP_SFPNOT:
        if vd < 8:
            for L in range(32):
                if not en[L]:
                    continue
                c = lregs[s, vc, L]
                if op == OP_SFPAND:
                    lregs[s, vd, L] = lregs[s, vb, L] & c
                elif op == OP_SFPOR:
                    lregs[s, vd, L] = lregs[s, vb, L] | c
                elif op == OP_SFPXOR:
                    lregs[s, vd, L] = lregs[s, vb, L] ^ c
                else:
                    lregs[s, vd, L] = np.uint32((~np.int64(c)) & M32)
    elif op == OP_SFPSHFT or (op == OP_SFPSHFT2 and mod >= 5):
        # SFPSHFT: VD = VD shifted; SFPSHFT2 mode 5: VD = VB shifted by VC; mode 6: VB = Imm12 & 15.
        if vd < 8:
            simm = _i32(imm | ~np.int64(0xFFF)) if (imm & 0x800) else imm
            # SFPSHFT: VB = VD (isa._row); SFPSHFT2 mode 6: VB = Imm12 & 15 unless SFPLOADMACRO set VB (x = 1)
            src = (imm & 15) if (op == OP_SFPSHFT2 and mod == 6 and x == 0) else vb
            for L in range(32):
                if not en[L]:
                    continue
                if (op == OP_SFPSHFT and (mod & 1)) or (op == OP_SFPSHFT2 and mod == 6):
                    amt = simm
                else:
                    amt = _i32(np.int64(lregs[s, vc, L]))
                bv = np.int64(lregs[s, src, L])
                if amt >= 0:
                    r = (bv << (amt & 31)) & M32
                else:
                    r = bv >> ((-amt) & 31)
                lregs[s, vd, L] = np.uint32(r)
    return 0


@numba.njit(cache=True)
def _g_cc(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags, stk_f, stk_u, stk_n, prng,
           lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts):
    """Conditional execution (SFPSETCC/ENCC/PUSHC/POPC/COMPC), SFPCONFIG, INCRWC/SETRWC."""
    if op == OP_SFPSETCC:
        for L in range(32):
            if not en[L] or not (bd_all or (lcfg[s, L] & 2)):
                continue
            if use_flags[s, L] == 0 or (mod & 8):
                fl = False
            elif mod & 1:
                fl = imm != 0
            else:
                cv = _i32(np.int64(lregs[s, vc, L]))
                if mod == 0:
                    fl = cv < 0
                elif mod == 2:
                    fl = cv != 0
                elif mod == 4:
                    fl = cv >= 0
                else:
                    fl = cv == 0
            flags[s, L] = fl
    elif op == OP_SFPENCC:
        # Immediate bits from Imm2 (see module doc). Ignores lane enables.
        for L in range(32):
            if not (bd_all or (lcfg[s, L] & 2)):
                continue
            if mod & 2:
                use_flags[s, L] = (imm & 1) != 0
            elif mod & 1:
                use_flags[s, L] = use_flags[s, L] == 0
            if mod & 8:
                flags[s, L] = (imm & 2) != 0
            else:
                flags[s, L] = True
    elif op == OP_SFPPUSHC:
        for L in range(32):
            if not (bd_all or (lcfg[s, L] & 2)):
                continue
            n = stk_n[s, L]
            if n >= 8:
                return ERR_STACK_FULL
            stk_f[s, n, L] = flags[s, L]
            stk_u[s, n, L] = use_flags[s, L]
            stk_n[s, L] = n + 1
    elif op == OP_SFPPOPC:
        for L in range(32):
            if not (bd_all or (lcfg[s, L] & 2)):
                continue
            n = stk_n[s, L]
            if n == 0:
                tu = False
                tf = False
            else:
                tu = stk_u[s, n - 1, L] != 0
                tf = stk_f[s, n - 1, L] != 0
            if mod == 0:
                if n == 0:
                    return ERR_STACK_EMPTY
                stk_n[s, L] = n - 1
            elif n == 8:  # hardware bug: the bottom entry is overwritten with the top
                stk_u[s, 0, L] = tu
                stk_f[s, 0, L] = tf
            a_f = flags[s, L] != 0
            if mod == 0:
                use_flags[s, L] = tu
                flags[s, L] = tf
            elif mod <= 12:
                use_flags[s, L] = tu
                if mod == 1:
                    r_f = tf
                elif mod == 2:
                    r_f = not tf
                elif mod == 3:
                    r_f = a_f and tf
                elif mod == 4:
                    r_f = a_f or tf
                elif mod == 5:
                    r_f = a_f and not tf
                elif mod == 6:
                    r_f = a_f or not tf
                elif mod == 7:
                    r_f = (not a_f) and tf
                elif mod == 8:
                    r_f = (not a_f) or tf
                elif mod == 9:
                    r_f = (not a_f) and not tf
                elif mod == 10:
                    r_f = (not a_f) or not tf
                elif mod == 11:
                    r_f = a_f != tf
                else:
                    r_f = a_f == tf
                flags[s, L] = r_f
            elif mod == 13:
                flags[s, L] = not a_f
            elif mod == 14:
                use_flags[s, L] = True
                flags[s, L] = True
            else:
                use_flags[s, L] = True
                flags[s, L] = False
    elif op == OP_SFPCOMPC:
        for L in range(32):
            if not (bd_all or (lcfg[s, L] & 2)):
                continue
            n = stk_n[s, L]
            if n == 0:
                tu = True
                tf = True
            else:
                tu = stk_u[s, n - 1, L] != 0
                tf = stk_f[s, n - 1, L] != 0
            if tu and use_flags[s, L] != 0:
                flags[s, L] = tf and flags[s, L] == 0
            else:
                flags[s, L] = False
    elif op == OP_SFPCONFIG:
        for L in range(32):
            if (mod & 8) and not ((imm >> ((L & 7) * 2)) & 1):
                continue
            if use_flags[s, L & 7] != 0 and flags[s, L & 7] == 0:
                continue
            l0 = np.int64(lregs[s, 0, L & 7])
            if vd >= 11 and vd <= 14:
                if mod & 1:
                    if vd == 11:
                        lregs[s, vd, L] = np.uint32(0xBF800000)
                    elif vd == 12:
                        lregs[s, vd, L] = np.uint32(0x37800000)
                    elif vd == 13:
                        lregs[s, vd, L] = np.uint32(0xBF2CC4C7)
                    else:
                        lregs[s, vd, L] = np.uint32(0xBEB08FF9)
                else:
                    lregs[s, vd, L] = np.uint32(l0)
            elif vd == 15:
                orig = np.int64(lcfg[s, L])
                val = imm if (mod & 1) else l0
                m6 = mod & 6
                if m6 == 0:
                    nv = val
                elif m6 == 2:
                    nv = orig | val
                elif m6 == 4:
                    nv = orig & val
                else:
                    nv = orig ^ val
                nv &= 0x3FFFF
                if mod & 1:
                    nv |= orig & ~np.int64(0xFFFF) & 0x3FFFF
                lcfg[s, L] = np.uint32(nv)
            # VD 0..8 write LoadMacroConfig, which nothing modelled can read (SFPLOADMACRO and
            # SFPMOV FROM_SPECIAL 0..8 are rejected); VD 9, 10 do nothing.
    elif op == OP_INCRWC:
        if x & 1:
            rwc[s, 1] = (rwc[s, 1] + imm) & 0x3FF
            rwc[s, 0] = rwc[s, 1]
        else:
            rwc[s, 0] = (rwc[s, 0] + imm) & 0x3FF
    elif op == OP_SETRWC:
        # x = Dst | DstCr << 1 | DstCtoCr << 2 (SETRWC.md); Src/Fidelity counters not modelled.
        if (x & 1) or (x & 4):
            val = imm
            if x & 4:
                val += rwc[s, 0]
            elif x & 2:
                val += rwc[s, 1]
            val &= 0x3FF
            rwc[s, 0] = val
            rwc[s, 1] = val
    return 0


@numba.njit(cache=True)
def _g_xlane(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags, stk_f, stk_u, stk_n, prng,
           lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts):
    """Cross-lane and rounding ops: SFPSHFT2 shuffles, SFPSWAP, SFPTRANSP, SFPCAST, SFPSTOCHRND."""
    if op == OP_SFPSHFT2:
        bd0 = bd_all or (lcfg[s, 0] & 2) != 0
        if mod == 0 or mod == 1 or mod == 2:
            if mod == 1:
                for L in range(32):
                    t0[L] = lregs[s, 0, L]
            elif mod == 2:
                if bd0:
                    for L in range(32):
                        t0[L] = lregs[s, vc, L]
                        vc0[s, L] = lregs[s, vc, L]
                    vc0_valid[s] = 1
            for L in range(32):
                if mod == 2:
                    if not bd0:
                        break
                elif not (bd_all or (lcfg[s, L] & 2)):
                    continue
                if not en[L]:
                    continue
                lregs[s, 0, L] = lregs[s, 1, L]
                lregs[s, 1, L] = lregs[s, 2, L]
                lregs[s, 2, L] = lregs[s, 3, L]
                if mod == 0:
                    lregs[s, 3, L] = 0
                elif mod == 1:
                    lregs[s, 3, L] = np.uint32(t0[L + 8]) if L < 24 else 0
                else:
                    lregs[s, 3, L] = np.uint32(t0[L - 1] if (L & 7) else t0[L + 7])
        elif mod == 3:
            if bd0:
                for L in range(32):
                    t0[L] = lregs[s, vc, L]
                    vc0[s, L] = lregs[s, vc, L]
                vc0_valid[s] = 1
                if vd < 8:
                    for L in range(32):
                        if en[L]:
                            lregs[s, vd, L] = np.uint32(t0[L - 1] if (L & 7) else t0[L + 7])
        else:  # mod == 4: SUBVEC_SHFLSHR1 with the documented hardware bug
            if vd < 8:
                for L in range(32):
                    t0[L] = lregs[s, vc, L]
                for L in range(32):
                    if not en[L]:
                        continue
                    if L & 7:
                        lregs[s, vd, L] = np.uint32(t0[L - 1])
                    else:
                        if vc0_valid[s] == 0:
                            return ERR_SHFL_BUG
                        lregs[s, vd, L] = vc0[s, L + 7]
    elif op == OP_SFPSWAP:
        if mod == 0:
            mask = np.int64(0)
        elif mod == 1:
            mask = np.int64(0xFFFFFFFF)
        elif mod == 2:
            mask = np.int64(0x0000FFFF)
        elif mod == 3:
            mask = np.int64(0x00FF00FF)
        elif mod == 4:
            mask = np.int64(0xFF0000FF)
        elif mod == 5:
            mask = np.int64(0x000000FF)
        elif mod == 6:
            mask = np.int64(0x0000FF00)
        elif mod == 7:
            mask = np.int64(0x00FF0000)
        elif mod == 8:
            mask = np.int64(0xFF000000)
        else:  # 9..15: VD = max, VC = min in all lanes (SFPSWAP.md 2025-09)
            mask = np.int64(0)
        for L in range(32):
            cfg = lcfg[s, L]
            if not (bd_all or (cfg & 2)) or not en[L]:
                continue
            cv = np.int64(lregs[s, vc, L])
            dv = np.int64(lregs[s, vd, L])
            if mod == 0:
                sw = True
            else:
                if (mask >> L) & 1:
                    sw = _sm_less(cv, dv)
                else:
                    sw = not _sm_less(cv, dv)
                if cfg & 0x100:  # EXCHANGE_SRCB_SRCC
                    sw = not sw
            if sw:
                if cfg & 4:  # ENABLE_DEST_INDEX: argmin/argmax
                    if vc < 4:
                        lregs[s, vc, L] = np.uint32(dv)
                    if vd < 4:
                        lregs[s, vd, L] = np.uint32(cv)
                    vca = 4 + (vc & 3)
                    vda = 4 + (vd & 3)
                    ta = lregs[s, vca, L]
                    tb = lregs[s, vda, L]
                    lregs[s, vca, L] = tb
                    lregs[s, vda, L] = ta
                else:
                    if vc < 8:
                        lregs[s, vc, L] = np.uint32(dv)
                    if vd < 8:
                        lregs[s, vd, L] = np.uint32(cv)
    elif op == OP_SFPTRANSP:
        if bd_all or (lcfg[s, 0] & 2):
            for bse in (0, 4):
                for col in range(8):
                    for ii in range(4):
                        for jj in range(ii):
                            lij = jj * 8 + col
                            lji = ii * 8 + col
                            vij = lregs[s, bse + ii, lij]
                            vji = lregs[s, bse + jj, lji]
                            if en[lij]:
                                lregs[s, bse + ii, lij] = vji
                            if en[lji]:
                                lregs[s, bse + jj, lji] = vij
    elif op == OP_SFPCAST:
        for L in range(32):
            if not en[L] or not (bd_all or (lcfg[s, L] & 2)):
                continue
            c = np.int64(lregs[s, vc, L])
            sign = c & 0x80000000
            mag = c & 0x7FFFFFFF
            lz = _clz32(mag) if mag != 0 else np.int64(157)
            norm = (mag << (lz & 31)) & M32
            r = sign + ((157 - lz) << 23) + (norm >> 8)
            if mod & 1:
                if (norm & 0xFE) > ((_advance_prng(prng, s, L) >> 9) & 0xFE):
                    r += 1
            else:
                if (norm & 0x80) and (norm & 0x17F):
                    r += 1
            if vd < 8:
                lregs[s, vd, L] = np.uint32(r & M32)
    elif op == OP_SFPSTOCHRND:
        stoch = (x & 1) != 0
        useimm = (x & 2) != 0
        for L in range(32):
            if not en[L] or not (bd_all or (lcfg[s, L] & 2)):
                continue
            pb = _advance_prng(prng, s, L) & 0x7FFFFF  # advances even without StochasticRounding
            if not stoch:
                pb = np.int64(0x400000)
            c = np.int64(lregs[s, vc, L])
            if mod <= 1:  # SFPSTOCHRND_FloatFloat.md
                e = (c >> 23) & 0xFF
                if e == 0:
                    r = np.int64(0)
                elif e == 255:
                    r = c & 0xFF800000
                elif mod == 0:
                    disc = c & 0x1FFF
                    r = c - disc
                    if disc >= (pb >> 10):
                        r += 0x2000
                else:
                    disc = c & 0xFFFF
                    r = c - disc
                    if disc >= (pb >> 7):
                        r += 0x10000
            elif mod == 4 or mod == 5:  # SFPSTOCHRND_IntInt.md
                sign = c & 0x80000000
                mg = (c & 0x7FFFFFFF) << 23
                mg >>= imm if useimm else (np.int64(lregs[s, vb, L]) & 31)
                mg = (mg >> 23) + np.int64((mg & 0x7FFFFF) >= pb)
                if mod == 4:
                    if mg > 255:
                        mg = np.int64(255)
                    sign = 0
                else:
                    if mg > 127:
                        mg = np.int64(127)
                    if mg == 0:
                        sign = 0
                r = sign + mg
            else:  # SFPSTOCHRND_FloatInt.md: 2 UINT8, 3 INT8, 6 UINT16, 7 INT16
                keep = mod == 3 or mod == 7
                mx = 127 if mod == 3 else (255 if mod == 2 else (32767 if mod == 7 else 65535))
                sign = (c & 0x80000000) if keep else np.int64(0)
                e = ((c >> 23) & 0xFF) - 127
                if e < -1:
                    mg = np.int64(0)
                    sign = 0
                elif e >= 16:
                    mg = np.int64(mx)
                else:
                    mg = 0x800000 | (c & 0x7FFFFF)
                    mg = (mg << e) if e >= 0 else (mg >> (-e))
                    mg = (mg >> 23) + np.int64((mg & 0x7FFFFF) >= pb)
                    if mg > mx:
                        mg = np.int64(mx)
                    if mg == 0:
                        sign = 0
                r = sign + mg
            if vd < 8:
                lregs[s, vd, L] = np.uint32(r & M32)
    return 0




@numba.njit(cache=True, nogil=True)
def _run(prog, lregs, flags, use_flags, stk_f, stk_u, stk_n, prng, lcfg, rwc, fp32, srcb_bf16, amod,
         vc0, vc0_valid, dsts, state_of, dst_of, base, inputs, counts, err):
    nins = prog.shape[0]
    K = state_of.shape[0]
    en = np.zeros(32, np.bool_)
    t0 = np.zeros(32, np.int64)
    f0 = np.zeros(32, np.float32)
    f0b = f0.view(np.uint32)
    lregs_f = lregs.view(np.float32)
    for k in range(K):
        s = state_of[k]
        R = lregs[s]        # this instance's LRegs, for the register-wide SFPMAD forms (fma_model.mad_rows ...)
        RF = lregs_f[s]
        d = dst_of[k]
        b = base[k]
        dirty = True
        all_en = False
        plain = False
        # LReg9 is the constant 0 (no instruction writes it); a state set up by hand might hold something else
        zero9 = True
        for L in range(32):
            zero9 = zero9 and lregs[s, 9, L] == 0
        restore = False
        saved0 = saved1 = 0
        for i in range(nins):
            if restore:  # after an X_STORE_AT row: its Dst RWCs back
                rwc[s, 0] = saved0
                rwc[s, 1] = saved1
                restore = False
            op = prog[i, 0]
            va = prog[i, 1]
            vb = prog[i, 2]
            vc = prog[i, 3]
            vd = prog[i, 4]
            mod = prog[i, 5]
            imm = np.int64(prog[i, 6])
            inp = prog[i, 7]
            x = prog[i, 8]
            counts[op] += 1
            if x >= X_SWAP_LREGS:
                # internal rows of a replayed SFPLOADMACRO schedule (tensix.sfpu.loadmacro.Trace; check_program
                # admits C_X <= 7 only, so no program given to execute carries them)
                if x == X_SWAP_LREGS:  # exchange LReg[VC] and LReg[VD] (0..16) on every lane, not an instruction
                    counts[op] -= 1
                    for L in range(32):
                        t = lregs[s, vc, L]
                        lregs[s, vc, L] = lregs[s, vd, L]
                        lregs[s, vd, L] = t
                    continue
                # X_STORE_AT | AddrMod: the SFPSTORE that SFPLOADMACRO scheduled, at Imm + base with the Dst RWCs
                # taken as 0 for it and restored before the next row (its AddrMod increment is lost)
                saved0 = rwc[s, 0]
                saved1 = rwc[s, 1]
                rwc[s, 0] = 0
                restore = True
                x = x & 7
            if inp >= 0:
                w = prog[i, 9]
                v = np.int64(inputs[k, inp])
                lo = 0
                if prog[i, 10] != 0:
                    v = _i32(v)
                    lo = -(np.int64(1) << (w - 1))
                if v < lo or v > (np.int64(1) << w) - 1:
                    err[0] = ERR_INPUT_RANGE
                    err[1] = i
                    err[2] = k
                    return
                imm = v & ((np.int64(1) << w) - 1)
            if op == OP_SFPNOP:  # the most frequent instruction after the MADs: no lanes, no state
                continue
            if dirty:
                # IsLaneEnabled (VectorUnit.md): ROW_MASK of LaneConfig[Lane & 7], then the lane flags.
                all_en = True
                plain = True
                for L in range(32):
                    rm = (lcfg[s, L & 7] >> (12 + (L >> 3))) & 1
                    en[L] = rm == 0 and (use_flags[s, L] == 0 or flags[s, L] != 0)
                    all_en = all_en and en[L]
                    plain = plain and (lcfg[s, L] & 0xFC) == 0
                # `plain`: every lane enabled and no LaneConfig bit that changes a Dst access (index capture,
                # blocked reads/writes, column exchange); then the fast paths below do what the general
                # code does, without the per-lane tests (only SFPCONFIG changes LaneConfig, and it sets dirty)
                plain = plain and all_en
                dirty = False
            bd_all = vd < 12  # "VD < 12 || LaneConfig.DISABLE_BACKDOOR_LOAD"

            if op <= OP_SFPMUL:
                # SFPMAD.md (SFPADD/SFPMUL: "as per SFPMAD"): the hot path, kept as a tight loop.
                direct = (mod & 12) == 0
                if direct and vd >= 8:
                    continue  # VD >= 8 without indirection: nothing is written
                if direct and all_en:
                    if vc == 9 and zero9:  # SFPMUL (the addend is LReg9 = 0): a multiply per lane
                        mul_rows(R, RF, va, vb, vd, f0, f0b)
                    elif unit_row(R, va):  # SFPADD, SFPI's x - y (VA = +-1.0): an add per lane
                        add_rows(R, RF, va, vb, vc, vd, f0, f0b)
                    else:
                        mad_rows(R, va, vb, vc, vd, f0b)
                    continue
                ra = lregs[s, va]
                rb = lregs[s, vb]
                rc = lregs[s, vc]
                rd = lregs[s, vd & 7]
                for L in range(32):
                    if not en[L] or not (bd_all or (lcfg[s, L] & 2)):
                        continue
                    if direct:
                        rd[L] = mad_bits(ra[L], rb[L], rc[L])
                    else:
                        av = lregs[s, lregs[s, 7, L] & 15, L] if (mod & 4) else ra[L]
                        dd = (lregs[s, 7, L] & 15) if (mod & 8) else vd
                        r32 = mad_bits(av, rb[L], rc[L])
                        if dd < 8:
                            lregs[s, dd, L] = r32
            elif plain and (op == OP_SFPLOAD or op == OP_SFPSTORE) and bd_all and (
                    mod == 3 or mod == 4 or (mod == 0 and fp32[s] != 0)):
                # 32-bit SFPLOAD/SFPSTORE with every lane enabled and a plain LaneConfig: _g_ldst's FP32/INT32
                # formats (fmt 3 and 4 move the same bits) without its per-lane tests
                addr = imm + b + rwc[s, 0]
                if addr < 0 or addr >= 1024:
                    err[0] = ERR_DST_RANGE
                    err[1] = i
                    err[2] = k
                    return
                if op == OP_SFPSTORE or vd < 8:
                    _move32_plain(R, vd, dsts, d, addr, op == OP_SFPSTORE)
                rwc[s, 0] = (rwc[s, 0] + amod[s, x & 3]) & 0x3FF
            elif all_en and op == OP_SFPLOADI and vd < 8 and (mod == 0 or mod == 1 or mod == 2 or mod == 4):
                v = np.uint32(_loadi_value(imm, mod))
                for L in range(32):
                    R[vd, L] = v
            elif all_en and op == OP_SFPMOV and vd < 8 and (mod == 0 or mod == 1):
                sign = np.uint32(0x80000000 if mod == 1 else 0)
                for L in range(32):
                    R[vd, L] = R[vc, L] ^ sign
            else:
                if op <= OP_SFPLUTFP32:
                    code = _g_mad(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags,
                                     stk_f, stk_u, stk_n, prng, lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts)
                elif op <= OP_SFPSTORE:
                    code = _g_ldst(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags,
                                     stk_f, stk_u, stk_n, prng, lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts)
                elif op == OP_SFPLOADI or op == OP_SFPNOP or op == OP_SFPMOV or op == OP_SFPIADD or (
                        op >= OP_SFPEXEXP and op <= OP_SFPSHFT) or (op == OP_SFPSHFT2 and mod >= 5):
                    code = _g_simple(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags,
                                     stk_f, stk_u, stk_n, prng, lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts)
                elif op == OP_SFPSHFT2 or op == OP_SFPSWAP or op == OP_SFPTRANSP or op == OP_SFPCAST or (
                        op == OP_SFPSTOCHRND):
                    code = _g_xlane(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags,
                                     stk_f, stk_u, stk_n, prng, lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts)
                elif op == OP_SFPLOADMACRO:
                    code = ERR_LOADMACRO
                else:
                    code = _g_cc(op, va, vb, vc, vd, mod, imm, x, s, d, b, bd_all, en, t0, lregs, flags, use_flags,
                                     stk_f, stk_u, stk_n, prng, lcfg, rwc, fp32, srcb_bf16, amod, vc0, vc0_valid, dsts)
                if code != 0:
                    err[0] = code
                    err[1] = i
                    err[2] = k
                    return
                if (op == OP_SFPIADD or op == OP_SFPSETCC or op == OP_SFPENCC or op == OP_SFPPOPC
                        or op == OP_SFPCOMPC or op == OP_SFPEXEXP or op == OP_SFPLZ or op == OP_SFPCONFIG):
                    dirty = True
        if restore:
            rwc[s, 0] = saved0
            rwc[s, 1] = saved1


def _as_index(arr, K, default, name, limit):
    if arr is None:
        return default
    a = np.ascontiguousarray(np.asarray(arr, dtype=np.int64).reshape(-1))
    if a.shape[0] != K:
        raise SfpuError(f"execute: {name} has {a.shape[0]} entries but there are {K} instances")
    if limit is not None and K and (a.min() < 0 or a.max() >= limit):
        raise SfpuError(f"execute: {name} entries must be in 0..{limit - 1}, got {a.min()}..{a.max()}")
    return a


def check_program(program) -> np.ndarray:
    """The program as the interpreter takes it (int32, C-contiguous), after checking that every row is a valid
    encoding: the interpreter indexes registers with its columns unchecked."""
    prog = np.ascontiguousarray(program, dtype=np.int32)
    if prog.ndim != 2 or prog.shape[1] != isa.NCOLS:
        raise SfpuError(f"execute: program must be isa.encode() output of shape (n, {isa.NCOLS}), got {prog.shape}")
    if prog.shape[0]:
        # Hand-built arrays are checked too: the interpreter indexes registers with these columns unchecked.
        bad = ((prog[:, isa.C_OP] < 0) | (prog[:, isa.C_OP] >= isa.NUM_OPCODES)
               | (prog[:, isa.C_VA:isa.C_VD + 1] < 0).any(axis=1) | (prog[:, isa.C_VA:isa.C_VD + 1] > 15).any(axis=1)
               | (prog[:, isa.C_MOD] < 0) | (prog[:, isa.C_MOD] > 15) | (prog[:, isa.C_IMM] < 0)
               | (prog[:, isa.C_IMM] > 0xFFFF) | (prog[:, isa.C_INPUT] < -1) | (prog[:, isa.C_X] < 0)
               | (prog[:, isa.C_X] > 7) | (prog[:, isa.C_IMMW] < 0) | (prog[:, isa.C_IMMW] > 16))
        if bad.any():
            i = int(np.argmax(bad))
            raise SfpuError(f"execute: program row {i} ({prog[i].tolist()}) is not a valid encoding; "
                            "build programs with tensix.sfpu.isa.encode")
    return prog


def execute(program: np.ndarray, state: SfpuState, dsts: np.ndarray, *, state_of=None, dst_of=None, base=None,
            inputs=None, instrs=None, threads: int = 1) -> np.ndarray:
    """Run `program` (isa.encode output) once per instance k, in k order, inside one numba call.

    Instance k uses SFPU state `state_of[k]` (default k), Dst `dst_of[k]` (default k if the number of Dsts
    equals the number of instances, else 0), Dst base row `base[k]` (DEST_TARGET_REG_CFG_MATH_Offset, e.g.
    64 * tile index; default 0) and runtime immediates `inputs[k]` (uint32, (K, n_inputs)). Instances that
    share a state or a Dst see each other's effects exactly as consecutive calls would.

    Returns int64 counts per opcode (isa.OPCODE_NAMES order) over all instances. `instrs` (the Instr list)
    is only used to name the failing instruction in errors. `threads` > 1 runs the instances on that many host
    threads when no two instances share a state or a Dst (they are then independent, so the order does not
    matter); otherwise in one thread, in k order.
    """
    prog = check_program(program)
    if not isinstance(state, SfpuState):
        raise SfpuError("execute: state must be an SfpuState")
    if not isinstance(dsts, np.ndarray) or dsts.dtype != np.uint16 or dsts.ndim != 3 or dsts.shape[1:] != (1024, 16):
        raise SfpuError("execute: dsts must be a uint16 (D, 1024, 16) array from tensix.sfpu.dst.new_dst(D)")
    if not dsts.flags.c_contiguous:
        raise SfpuError("execute: dsts must be C-contiguous (it is updated in place)")
    S, D = state.n, dsts.shape[0]
    if state_of is not None:
        K = int(np.asarray(state_of).size)
    elif dst_of is not None:
        K = int(np.asarray(dst_of).size)
    elif base is not None:
        K = int(np.asarray(base).size)
    elif inputs is not None:
        K = int(np.asarray(inputs).reshape(np.asarray(inputs).shape[0], -1).shape[0])
    else:
        K = S
    s_of = _as_index(state_of, K, np.arange(K, dtype=np.int64) if K == S or state_of is None else None,
                     "state_of", S)
    if state_of is None and K != S:
        if S == 1:
            s_of = np.zeros(K, np.int64)
        else:
            raise SfpuError(f"execute: {K} instances but {S} states; pass state_of")
    d_default = np.arange(K, dtype=np.int64) if D == K else np.zeros(K, np.int64)
    d_of = _as_index(dst_of, K, d_default, "dst_of", D)
    b_of = _as_index(base, K, np.zeros(K, np.int64), "base", 1024)
    if inputs is None:
        inp = np.zeros((K, 0), np.uint32)
    else:
        raw = np.asarray(inputs)
        if raw.ndim == 1:
            raw = raw.reshape(K, -1) if K else raw.reshape(0, -1)
        if raw.shape[0] != K:
            raise SfpuError(f"execute: inputs has {raw.shape[0]} rows but there are {K} instances")
        if raw.dtype.kind == "f":
            raise SfpuError("execute: inputs are immediate bit patterns; pass integers (e.g. float bits via view)")
        inp = np.ascontiguousarray((raw.astype(np.int64) & 0xFFFFFFFF).astype(np.uint32))
    used = prog[:, isa.C_INPUT]
    if used.size and used.max() >= inp.shape[1]:
        bad = int(np.argmax(used >= inp.shape[1]))
        raise SfpuError(f"execute: instruction {bad} reads input {int(used[bad])} but inputs has only "
                        f"{inp.shape[1]} columns; pass inputs of shape (K, {int(used.max()) + 1})")
    from tensix.sfpu import loadmacro
    if loadmacro.needs_engine(prog):
        return run_with_loadmacro(prog, state, dsts, s_of, d_of, b_of, inp, instrs, threads)
    return run_prepared(prog, state, dsts, s_of, d_of, b_of, inp, instrs, threads)


def run_with_loadmacro(prog, state, dsts, s_of, d_of, b_of, inp, instrs=None, threads=1):
    """A program that uses LoadMacroConfig (tensix.sfpu.loadmacro.needs_engine), run cycle by cycle by
    tensix.sfpu.loadmacro.Engine; every instruction still executes in the batched interpreter. Independent
    instances (distinct states and Dsts, the same outstanding scheduled instructions) run in lockstep, others one
    after the other, as consecutive calls would. A run from a starting point the engine has seen before replays the
    rows it ran then, in one batched call (tensix.sfpu.loadmacro.schedule_key / Trace)."""
    from tensix.sfpu import loadmacro

    K = s_of.shape[0]
    independent = np.unique(s_of).size == K and np.unique(d_of).size == K
    groups = [np.arange(K)] if independent else [np.array([k]) for k in range(K)]
    counts = np.zeros(isa.NUM_OPCODES, np.int64)
    for g in groups:
        gs, gd, gb, gi = s_of[g], d_of[g], b_of[g], inp[g]
        key = loadmacro.schedule_key(prog, state, gs, gb)
        trace = loadmacro.TRACES.get(key) if key is not None else None
        if trace is not None:
            # the schedule this program had from this starting point: its rows in one batched run
            run_prepared(trace.prog, state, dsts, gs, gd, gb, gi, instrs, threads, independent, trace.origin, prog)
            counts += trace.counts * len(g)
            continue

        def run_rows(p, ins, base=None, gs=gs, gd=gd, gb=gb, gi=gi):
            return run_prepared(np.ascontiguousarray(p), state, dsts, gs, gd, gb if base is None else
                                np.asarray(base, np.int64), gi, ins, threads, independent)

        eng = loadmacro.Engine(state, dsts, gs, gd, gb, gi, run_rows, instrs=instrs, record=key is not None)
        try:
            eng.run_program(prog)
        finally:
            eng.save()
        counts += eng.counts
        if key is not None:
            loadmacro.keep_trace(key, eng)
    return counts


def run_prepared(prog, state: SfpuState, dsts, s_of, d_of, b_of, inp, instrs=None, threads: int = 1,
                 independent: bool = False, origin=None, text_prog=None) -> np.ndarray:
    """execute() after its argument checks, for a caller that builds valid arguments itself (a device's SFPU
    batch, every call): prog an isa.encode array (int32, C-contiguous), s_of/d_of/b_of int64 (K,) within the
    state/Dst/row ranges, inp uint32 (K, n_inputs) with every input column the program reads. The interpreter
    indexes with these unchecked, so nothing else may call this. independent: no two instances share a state or
    a Dst (the caller knows; otherwise it is tested before the instances are split over threads). origin /
    text_prog: for a replayed SFPLOADMACRO schedule, the program row each row of `prog` comes from and that
    program, so that an error names the instruction the user wrote."""
    K = s_of.shape[0]
    counts = np.zeros(isa.NUM_OPCODES, np.int64)
    err = np.zeros(3, np.int64)
    arrays = state.arrays()
    parts = _split(K, threads, s_of, d_of, independent)
    if len(parts) == 1:
        _run(prog, *arrays, dsts, s_of, d_of, b_of, inp, counts, err)
    else:
        results = [(np.zeros(isa.NUM_OPCODES, np.int64), np.zeros(3, np.int64)) for _ in parts]
        jobs = [(prog, *arrays, dsts, s_of[a:b], d_of[a:b], b_of[a:b], inp[a:b], c, e)
                for (a, b), (c, e) in zip(parts, results)]
        # the calling thread runs the first part itself: waking a pool thread can take a good fraction of a
        # millisecond on a VM, and the caller would only wait meanwhile
        futures = [_pool(len(parts) - 1).submit(_run, *job) for job in jobs[1:]]
        _run(*jobs[0])
        for f in futures:
            f.result()
        for (a, _b), (c, e) in zip(parts, results):
            counts += c
            if e[0] and not err[0]:  # the first failing instance, as a sequential run reports it
                err[:] = e
                err[2] += a
    if err[0]:
        if origin is not None:
            err[1] = origin[err[1]]
        raise SfpuError(error_text(err, prog if text_prog is None else text_prog, instrs))
    return counts


def error_text(err: np.ndarray, prog: np.ndarray, instrs=None) -> str:
    """The message of the error the interpreter recorded in err = (code, instruction, instance)."""
    code, idx, k = int(err[0]), int(err[1]), int(err[2])
    what, fix = _ERR_TEXT[code]
    if instrs is not None and idx < len(instrs):
        ins = instrs[idx]
        name = f"{ins}" + (f" at {ins.loc}" if ins.loc and str(ins).find(ins.loc) < 0 else "")
    else:
        name = isa.OPCODE_NAMES[int(prog[idx, 0])]
    return f"instruction {idx} ({name}), instance {k}: {what}. Fix: {fix}."


_POOLS: dict = {}


def _pool(n: int):
    from concurrent.futures import ThreadPoolExecutor

    p = _POOLS.get(n)
    if p is None:
        p = _POOLS[n] = ThreadPoolExecutor(n, thread_name_prefix="tensix-sfpu")
    return p


def _split(K: int, threads: int, s_of: np.ndarray, d_of: np.ndarray,
           independent: bool = False) -> list[tuple[int, int]]:
    """Contiguous instance ranges for `threads` host threads; one range unless the instances are independent
    (distinct states and Dsts) and there are enough of them to pay for the hand-off."""
    n = min(int(threads), K // 4)
    if n <= 1 or not (independent or (np.unique(s_of).size == K and np.unique(d_of).size == K)):
        return [(0, K)]
    cuts = [K * i // n for i in range(n + 1)]
    return list(zip(cuts[:-1], cuts[1:]))


def run_instrs(instrs, state: SfpuState | None = None, dsts: np.ndarray | None = None, **kw):
    """Encode `instrs` and execute them; returns (state, dsts, counts). Creates a fresh state/Dst if omitted."""
    from tensix.sfpu.dst import new_dst

    instrs = list(instrs)
    if state is None:
        state = SfpuState(1)
    if dsts is None:
        dsts = new_dst(1)
    prog = isa.encode(instrs)
    counts = execute(prog, state, dsts, instrs=instrs, **kw)
    return state, dsts, counts
