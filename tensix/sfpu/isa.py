"""The Wormhole SFPU instruction set as data: one table, `Instr`, `make` and `encode`.

Field names and widths are those of the ISA "Syntax" lines
(tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/SFP*.md, INCRWC.md, SETRWC.md).
Mode constants carry the ISA names from the "Supporting definitions" of each page.

`encode` turns a list of `Instr` into an int32 array, one row per instruction, which the numba
interpreter in `tensix.sfpu.execute` runs. Opcode numbers are this package's own choice (they are
not the hardware opcodes).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tensix.errors import NotModelledError, SfpuError

# ---------------------------------------------------------------------------------------------
# Mode constants (ISA names). Source: the "Supporting definitions" of each instruction page.
# ---------------------------------------------------------------------------------------------
# SFPLOAD.md / SFPSTORE.md
MOD0_FMT_SRCB = 0
MOD0_FMT_FP16 = 1
MOD0_FMT_BF16 = 2
MOD0_FMT_FP32 = 3
MOD0_FMT_INT32 = 4
MOD0_FMT_INT8 = 5
MOD0_FMT_UINT16 = 6
MOD0_FMT_HI16 = 7
MOD0_FMT_INT16 = 8
MOD0_FMT_LO16 = 9
MOD0_FMT_INT32_ALL = 10
MOD0_FMT_ZERO = 11
MOD0_FMT_INT32_SM = 12
MOD0_FMT_INT8_COMP = 13
MOD0_FMT_LO16_ONLY = 14
MOD0_FMT_HI16_ONLY = 15
# SFPLOADI.md
SFPLOADI_MOD0_FLOATB = 0
SFPLOADI_MOD0_FLOATA = 1
SFPLOADI_MOD0_USHORT = 2
SFPLOADI_MOD0_SHORT = 4
SFPLOADI_MOD0_UPPER = 8
SFPLOADI_MOD0_LOWER = 10
# SFPMAD.md / SFPADDI.md / SFPMULI.md
SFPMAD_MOD1_INDIRECT_VA = 4
SFPMAD_MOD1_INDIRECT_VD = 8
# SFPEXEXP.md
SFPEXEXP_MOD1_NODEBIAS = 1
SFPEXEXP_MOD1_SET_CC_SGN_EXP = 2
SFPEXEXP_MOD1_SET_CC_COMP_EXP = 8
# SFPEXMAN.md
SFPEXMAN_MOD1_PAD9 = 1
# SFPSETEXP.md / SFPSETMAN.md / SFPSETSGN.md
SFPSETEXP_MOD1_ARG_IMM = 1
SFPSETEXP_MOD1_ARG_EXPONENT = 2
SFPSETMAN_MOD1_ARG_IMM = 1
SFPSETSGN_MOD1_ARG_IMM = 1
# SFPABS.md / SFPDIVP2.md
SFPABS_MOD1_FLOAT = 1
SFPDIVP2_MOD1_ADD = 1
# SFPLZ.md
SFPLZ_MOD1_CC_NE0 = 2
SFPLZ_MOD1_NOSGN_MASK = 4
SFPLZ_MOD1_CC_COMP = 8
# SFPIADD.md
SFPIADD_MOD1_ARG_LREG_DST = 0
SFPIADD_MOD1_ARG_IMM = 1
SFPIADD_MOD1_ARG_2SCOMP_LREG_DST = 2
SFPIADD_MOD1_CC_LT0 = 0
SFPIADD_MOD1_CC_NONE = 4
SFPIADD_MOD1_CC_GTE0 = 8
# SFPSHFT.md / SFPSHFT2.md
SFPSHFT_MOD1_ARG_IMM = 1
SFPSHFT2_MOD1_COPY4 = 0
SFPSHFT2_MOD1_SUBVEC_CHAINED_COPY4 = 1
SFPSHFT2_MOD1_SUBVEC_SHFLROR1_AND_COPY4 = 2
SFPSHFT2_MOD1_SUBVEC_SHFLROR1 = 3
SFPSHFT2_MOD1_SUBVEC_SHFLSHR1 = 4
SFPSHFT2_MOD1_SHFT_LREG = 5
SFPSHFT2_MOD1_SHFT_IMM = 6
# SFPMOV.md
SFPMOV_MOD1_NEGATE = 1
SFPMOV_MOD1_ALL_LANES_ENABLED = 2
SFPMOV_MOD1_FROM_SPECIAL = 8
# SFPSWAP.md
SFPSWAP_MOD1_SWAP = 0
SFPSWAP_MOD1_VEC_MIN_MAX = 1
SFPSWAP_MOD1_SUBVEC_MIN01_MAX23 = 2
SFPSWAP_MOD1_SUBVEC_MIN02_MAX13 = 3
SFPSWAP_MOD1_SUBVEC_MIN03_MAX12 = 4
SFPSWAP_MOD1_SUBVEC_MIN0_MAX123 = 5
SFPSWAP_MOD1_SUBVEC_MIN1_MAX023 = 6
SFPSWAP_MOD1_SUBVEC_MIN2_MAX013 = 7
SFPSWAP_MOD1_SUBVEC_MIN3_MAX012 = 8
# SFPLUT.md / SFPLUTFP32.md
SFPLUT_MOD0_SGN_RETAIN = 4
SFPLUT_MOD0_INDIRECT_VD = 8
SFPLUTFP32_MOD1_FP32_3ENTRY_TABLE = 0
SFPLUTFP32_MOD1_FP16_3ENTRY_TABLE = 10
SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE1 = 2
SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE2 = 3
SFPLUTFP32_MOD1_SGN_RETAIN = 4
SFPLUTFP32_MOD1_INDIRECT_VD = 8
# SFPCAST.md
SFPCAST_MOD1_RND_STOCH = 1
# SFPSTOCHRND_*.md (the Mod1 field is 3 bits; UseImm5 is a separate bit)
SFPSTOCHRND_MOD1_FP32_TO_FP16A = 0
SFPSTOCHRND_MOD1_FP32_TO_FP16B = 1
SFPSTOCHRND_MOD1_FP32_TO_UINT8 = 2
SFPSTOCHRND_MOD1_FP32_TO_INT8 = 3
SFPSTOCHRND_MOD1_INT32_TO_UINT8 = 4
SFPSTOCHRND_MOD1_INT32_TO_INT8 = 5
SFPSTOCHRND_MOD1_FP32_TO_UINT16 = 6
SFPSTOCHRND_MOD1_FP32_TO_INT16 = 7
# SFPSETCC.md
SFPSETCC_MOD1_IMM_BIT0 = 1
SFPSETCC_MOD1_CLEAR = 8
SFPSETCC_MOD1_LREG_LT0 = 0
SFPSETCC_MOD1_LREG_NE0 = 2
SFPSETCC_MOD1_LREG_GTE0 = 4
SFPSETCC_MOD1_LREG_EQ0 = 6
# SFPENCC.md
SFPENCC_MOD1_EC = 1
SFPENCC_MOD1_EI = 2
SFPENCC_MOD1_RI = 8
SFPENCC_IMM2_E = 1  # Imm2 bits (named SFPENCC_IMM12_* in the 2025-06 text, which also misread them from Mod1)
SFPENCC_IMM2_R = 2
SFPENCC_IMM12_E = SFPENCC_IMM2_E
SFPENCC_IMM12_R = SFPENCC_IMM2_R
# SFPCONFIG.md (ISA names have no SFPCONFIG_ prefix; both spellings are provided)
MOD1_IMM16_IS_VALUE = 1
MOD1_BITWISE_OR = 2
MOD1_BITWISE_AND = 4
MOD1_BITWISE_XOR = 6
MOD1_IMM16_IS_LANE_MASK = 8
SFPCONFIG_MOD1_IMM16_IS_VALUE = MOD1_IMM16_IS_VALUE
SFPCONFIG_MOD1_BITWISE_OR = MOD1_BITWISE_OR
SFPCONFIG_MOD1_BITWISE_AND = MOD1_BITWISE_AND
SFPCONFIG_MOD1_BITWISE_XOR = MOD1_BITWISE_XOR
SFPCONFIG_MOD1_IMM16_IS_LANE_MASK = MOD1_IMM16_IS_LANE_MASK
# LaneConfig bits (SFPCONFIG.md "LaneConfig" table)
LANECFG_ENABLE_FP16A_INF = 1 << 0
LANECFG_DISABLE_BACKDOOR_LOAD = 1 << 1
LANECFG_ENABLE_DEST_INDEX = 1 << 2
LANECFG_CAPTURE_DEFAULT_DEST_INDEX = 1 << 3
LANECFG_BLOCK_DEST_WR_FROM_SFPU = 1 << 4
LANECFG_BLOCK_SFPU_RD_FROM_DEST = 1 << 5
LANECFG_DEST_RD_COL_EXCHANGE = 1 << 6
LANECFG_DEST_WR_COL_EXCHANGE = 1 << 7
LANECFG_EXCHANGE_SRCB_SRCC = 1 << 8
LANECFG_BLOCK_DEST_MOV_SHIFT = 9  # 2 bits; only used by Matrix Unit MOV instructions
LANECFG_ROW_MASK_SHIFT = 12  # 4 bits, one per lane row (IsLaneEnabled in VectorUnit.md)

# ---------------------------------------------------------------------------------------------
# The instruction table.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FieldSpec:
    name: str
    width: int
    signed: bool = False  # i12 fields: accept -2**(w-1) .. 2**w - 1, stored as the w-bit pattern
    required: bool = True


def _f(name: str, width: int, signed: bool = False, required: bool | None = None) -> FieldSpec:
    if required is None:
        # Registers and immediates must be given; modes, flags and AddrMod default to 0.
        required = name.startswith("V") or name.startswith("Imm")
    return FieldSpec(name, width, signed, required)


V = lambda n: _f(n, 4)  # noqa: E731  (4-bit LReg index)
MOD0 = _f("Mod0", 4)
MOD1 = _f("Mod1", 4)

# name -> (opcode, fields in ISA Syntax order, name of the immediate field or None)
_TABLE: dict[str, tuple[int, tuple[FieldSpec, ...], str | None]] = {}


def _op(name: str, fields: tuple[FieldSpec, ...], imm: str | None = None) -> None:
    _TABLE[name] = (len(_TABLE), fields, imm)


# Order = opcode number. The seven MAD sub-unit ops come first (opcodes 0..6: the interpreter tests
# `op <= OP_SFPLUTFP32`), then load/store, then the rest.
_op("SFPMAD", (V("VA"), V("VB"), V("VC"), V("VD"), MOD1))
_op("SFPADD", (V("VA"), V("VB"), V("VC"), V("VD"), MOD1))
_op("SFPMUL", (V("VA"), V("VB"), V("VC"), V("VD"), MOD1))
_op("SFPADDI", (_f("Imm16", 16), V("VD"), MOD1), "Imm16")
_op("SFPMULI", (_f("Imm16", 16), V("VD"), MOD1), "Imm16")
_op("SFPLUT", (V("VD"), MOD0))
_op("SFPLUTFP32", (V("VD"), MOD1))
_op("SFPLOAD", (V("VD"), MOD0, _f("AddrMod", 2), _f("Imm10", 10)), "Imm10")
_op("SFPSTORE", (V("VD"), MOD0, _f("AddrMod", 2), _f("Imm10", 10)), "Imm10")
_op("SFPLOADI", (V("VD"), MOD0, _f("Imm16", 16)), "Imm16")
_op("SFPNOP", ())
_op("SFPMOV", (V("VC"), V("VD"), MOD1))
_op("SFPIADD", (_f("Imm12", 12, signed=True, required=False), V("VC"), V("VD"), MOD1), "Imm12")
_op("SFPSETCC", (_f("Imm1", 1, required=False), V("VC"), _f("VD", 4, required=False), MOD1), "Imm1")
_op("SFPENCC", (_f("Imm2", 2, required=False), _f("VD", 4, required=False), MOD1), "Imm2")
_op("SFPPUSHC", (_f("VD", 4, required=False),))
_op("SFPPOPC", (_f("VD", 4, required=False), MOD1))
_op("SFPCOMPC", (_f("VD", 4, required=False),))
_op("SFPEXEXP", (V("VC"), V("VD"), MOD1))
_op("SFPEXMAN", (V("VC"), V("VD"), MOD1))
_op("SFPSETEXP", (_f("Imm8", 8, required=False), V("VC"), V("VD"), MOD1), "Imm8")
_op("SFPSETMAN", (_f("Imm12", 12, required=False), V("VC"), V("VD"), MOD1), "Imm12")
_op("SFPSETSGN", (_f("Imm1", 1, required=False), V("VC"), V("VD"), MOD1), "Imm1")
_op("SFPABS", (V("VC"), V("VD"), MOD1))
_op("SFPDIVP2", (_f("Imm8", 8), V("VC"), V("VD"), MOD1), "Imm8")
_op("SFPLZ", (V("VC"), V("VD"), MOD1))
_op("SFPAND", (V("VC"), V("VD")))
_op("SFPOR", (V("VC"), V("VD")))
_op("SFPXOR", (V("VC"), V("VD")))
_op("SFPNOT", (V("VC"), V("VD")))
_op("SFPSHFT", (_f("Imm12", 12, signed=True, required=False), V("VC"), V("VD"), MOD1), "Imm12")
_op("SFPSHFT2", (_f("Imm12", 12, signed=True, required=False), _f("VB", 4, required=False),
                 _f("VC", 4, required=False), V("VD"), MOD1), "Imm12")
_op("SFPSWAP", (V("VC"), V("VD"), MOD1))
_op("SFPTRANSP", (_f("VD", 4, required=False),))
_op("SFPCAST", (V("VC"), V("VD"), MOD1))
_op("SFPSTOCHRND", (_f("StochasticRounding", 1), _f("Imm5", 5, required=False), _f("VB", 4, required=False),
                    V("VC"), V("VD"), _f("UseImm5", 1), _f("Mod1", 3)), "Imm5")
_op("SFPCONFIG", (_f("Imm16", 16, required=False), V("VD"), MOD1), "Imm16")
_op("SFPLOADMACRO", (_f("MacroIndex", 2), _f("VDLo", 2), MOD0, _f("AddrMod", 2), _f("Imm9", 9), _f("VDHi", 1)))
_op("INCRWC", (_f("DstCr", 1), _f("SrcBCr", 1), _f("SrcACr", 1), _f("DstInc", 4), _f("SrcBInc", 4),
               _f("SrcAInc", 4)))
_op("SETRWC", (_f("FlipSrcB", 1), _f("FlipSrcA", 1), _f("DstCtoCr", 1), _f("DstCr", 1), _f("SrcBCr", 1),
               _f("SrcACr", 1), _f("DstVal", 4), _f("SrcBVal", 4), _f("SrcAVal", 4), _f("Fidelity", 1),
               _f("Dst", 1), _f("SrcB", 1), _f("SrcA", 1)))

OPCODE_NAMES: list[str] = list(_TABLE)
OPCODES: dict[str, int] = {name: spec[0] for name, spec in _TABLE.items()}
FIELDS: dict[str, tuple[FieldSpec, ...]] = {name: spec[1] for name, spec in _TABLE.items()}
IMM_FIELD: dict[str, str | None] = {name: spec[2] for name, spec in _TABLE.items()}
# SFPSTOCHRND is the ISA's SFP_STOCH_RND.
ALIASES = {"SFP_STOCH_RND": "SFPSTOCHRND"}

# Opcode numbers as module constants for the interpreter (OP_SFPMAD, ...).
for _name, _code in OPCODES.items():
    globals()["OP_" + _name] = _code
NUM_OPCODES = len(OPCODE_NAMES)

# Encoded columns.
C_OP, C_VA, C_VB, C_VC, C_VD, C_MOD, C_IMM, C_INPUT, C_X, C_IMMW, C_IMMS = range(11)
NCOLS = 11
# Internal row markers in the C_X column, above the 3 bits a program row uses (execute.check_program admits no more):
# tensix.sfpu.loadmacro's replayed schedules exchange two LRegs on every lane (LReg[16] through a free one), and
# store where an SFPLOADMACRO said (X_STORE_AT | AddrMod: Imm + base, the Dst RWCs as 0); execute._run runs them.
X_SWAP_LREGS = 8
X_STORE_AT = 16

_REG_FIELDS = {"VA", "VB", "VC", "VD"}
# Instructions whose functional model starts `unsigned VB = VD;` or `unsigned VC = VD;` (tt-isa-documentation
# 393047195250 SFPAND.md, SFPOR.md, SFPXOR.md, SFPIADD.md, SFPSETEXP.md, SFPSETMAN.md, SFPSETSGN.md, SFPSHFT.md;
# SFPADDI.md, SFPMULI.md). SFPLOADMACRO.md: instructions it schedules skip that assignment.
VB_IS_VD = frozenset({"SFPAND", "SFPOR", "SFPXOR", "SFPIADD", "SFPSETEXP", "SFPSETMAN", "SFPSETSGN", "SFPSHFT"})
VC_IS_VD = frozenset({"SFPADDI", "SFPMULI"})


@dataclass(frozen=True)
class Instr:
    """One SFPU (or RWC) instruction: ISA name and fields in ISA Syntax order.

    `input >= 0` replaces the instruction's immediate field at run time by `inputs[instance, input]`
    (runtime scalars such as an SFPLOADI constant or an SFPIADD offset). `loc` is a source location.
    """

    op: str
    fields: tuple[tuple[str, int], ...]
    input: int = -1
    loc: str = ""

    def __getitem__(self, name: str) -> int:
        for k, v in self.fields:
            if k == name:
                return v
        raise KeyError(f"{self.op} has no field {name!r}; fields: {[k for k, _ in self.fields]}")

    def get(self, name: str, default: int = 0) -> int:
        for k, v in self.fields:
            if k == name:
                return v
        return default

    def __str__(self) -> str:
        specs = {s.name: s for s in FIELDS[self.op]}
        imm = IMM_FIELD[self.op]
        parts = [self.op]
        for k, v in self.fields:
            s = specs[k]
            if k == imm and self.input >= 0:
                parts.append(f"{k}=in[{self.input}]")
            elif k in _REG_FIELDS:
                parts.append(f"{k}=L{v}")
            elif s.signed:
                parts.append(f"{k}={v - (1 << s.width) if v >> (s.width - 1) else v}")
            elif k in ("Imm16", "Imm12") or (s.width >= 8 and k.startswith("Imm") and k != "Imm10"):
                parts.append(f"{k}=0x{v:x}")
            else:
                parts.append(f"{k}={v}")
        text = " ".join(parts)
        return f"{text}  ; {self.loc}" if self.loc else text


def _canon(op: str) -> str:
    op = ALIASES.get(op, op)
    if op not in _TABLE:
        raise SfpuError(f"unknown SFPU instruction {op!r}; known: {', '.join(OPCODE_NAMES)}")
    return op


def make(op: str, *, input: int = -1, loc: str = "", **fields: int) -> Instr:
    """Build an `Instr`, validating field names, required fields, ranges and modes.

    Signed (i12) fields accept -2048..4095 and are stored as their 12-bit pattern. Writes to
    registers the ISA drops (e.g. VD >= 8) are accepted here and dropped by the executor.
    """
    op = _canon(op)
    specs = FIELDS[op]
    names = {s.name for s in specs}
    for k in fields:
        if k not in names:
            raise SfpuError(f"{op}: unknown field {k!r}; the ISA fields are {[s.name for s in specs]}")
    imm = IMM_FIELD[op]
    if input >= 0 and imm is None:
        raise SfpuError(f"{op}: has no immediate field, so it cannot take a runtime input")
    out = []
    for s in specs:
        if s.name in fields:
            v = fields[s.name]
        elif s.name == imm and input >= 0:
            v = 0
        elif s.required:
            raise SfpuError(f"{op}: field {s.name} is required (u{s.width})")
        else:
            v = 0
        v = int(v)
        lo = -(1 << (s.width - 1)) if s.signed else 0
        hi = (1 << s.width) - 1
        if not lo <= v <= hi:
            kind = f"i{s.width}" if s.signed else f"u{s.width}"
            raise SfpuError(f"{op}: field {s.name}={v} does not fit {kind} ({lo}..{hi})")
        out.append((s.name, v & hi))
    ins = Instr(op, tuple(out), input, loc)
    _check_modes(ins)
    if op == "SFPSHFT2" and ins["Mod1"] == SFPSHFT2_MOD1_SHFT_IMM:
        # The Imm12 bits overlap VB (SFPSHFT2.md: VB = Imm12 & 15); show the register actually read.
        ins = Instr(op, tuple((k, ins["Imm12"] & 15 if k == "VB" else v) for k, v in out), input, loc)
    return ins


def _check_modes(ins: Instr) -> None:
    op = ins.op
    if op == "SFPLOADI" and ins["Mod0"] not in (0, 1, 2, 4, 8, 10):
        raise SfpuError(f"SFPLOADI: Mod0={ins['Mod0']} is undefined behaviour (SFPLOADI.md); "
                        "use SFPLOADI_MOD0_FLOATB/FLOATA/USHORT/SHORT/UPPER/LOWER")
    if op == "SFPSTOCHRND":
        m, ui = ins["Mod1"], ins["UseImm5"]
        if ui and m not in (SFPSTOCHRND_MOD1_INT32_TO_UINT8, SFPSTOCHRND_MOD1_INT32_TO_INT8):
            raise SfpuError("SFPSTOCHRND: UseImm5 only exists in the INT32_TO_(U)INT8 modes "
                            "(SFPSTOCHRND_IntInt.md); clear UseImm5")
    if op == "SFPSHFT2":
        if ins["Mod1"] > 6:
            raise SfpuError(f"SFPSHFT2: Mod1={ins['Mod1']} is not a mode of SFPSHFT2.md (0..6)")
        if ins["Imm12"] and ins["Mod1"] != SFPSHFT2_MOD1_SHFT_IMM:
            raise SfpuError("SFPSHFT2: Imm12 is only used by SFPSHFT2_MOD1_SHFT_IMM (its bits overlap VB/VC)")
        if ins["Mod1"] == SFPSHFT2_MOD1_SHFT_IMM and ins["VB"] and ins["VB"] != ins["Imm12"] & 15:
            raise SfpuError("SFPSHFT2_MOD1_SHFT_IMM takes VB from Imm12 & 15; do not give VB")


def _not_modelled(ins: Instr) -> str | None:
    op = ins.op
    if op == "SETRWC" and (ins["FlipSrcA"] or ins["FlipSrcB"]):
        return "SETRWC FlipSrcA/FlipSrcB (Src bank flips) are not modelled by the SFPU; clear them"
    return None


def _row(ins: Instr) -> list[int]:
    op = ins.op
    r = [0] * NCOLS
    r[C_OP] = OPCODES[op]
    r[C_INPUT] = ins.input
    g = ins.get
    r[C_VA], r[C_VB], r[C_VC], r[C_VD] = g("VA"), g("VB"), g("VC"), g("VD")
    # The functional models' `unsigned VB = VD;` / `unsigned VC = VD;` (SFPAND.md, SFPADDI.md, ...): the
    # interpreter reads the column, which SFPLOADMACRO's scheduled instructions set otherwise (SFPLOADMACRO.md).
    if op in VB_IS_VD:
        r[C_VB] = r[C_VD]
    elif op in VC_IS_VD:
        r[C_VC] = r[C_VD]
    r[C_MOD] = g("Mod0") if any(s.name == "Mod0" for s in FIELDS[op]) else g("Mod1")
    imm = IMM_FIELD[op]
    if imm is not None:
        spec = next(s for s in FIELDS[op] if s.name == imm)
        r[C_IMM] = g(imm)
        r[C_IMMW] = spec.width
        r[C_IMMS] = int(spec.signed)
    if op in ("SFPLOAD", "SFPSTORE"):
        r[C_X] = g("AddrMod")
    elif op == "SFPSTOCHRND":
        r[C_X] = g("StochasticRounding") | (g("UseImm5") << 1)
    elif op == "SFPSHFT2" and g("Mod1") == SFPSHFT2_MOD1_SHFT_IMM:
        r[C_VB] = g("Imm12") & 15
    elif op == "SFPLOADMACRO":  # SFPLOADMACRO.md: VD = VDHi << 2 | VDLo, Imm10 = Imm9 << 1 | VDHi
        r[C_VA] = g("MacroIndex")
        r[C_VD] = (g("VDHi") << 2) | g("VDLo")
        r[C_IMM] = (g("Imm9") << 1) | g("VDHi")
        r[C_X] = g("AddrMod")
    elif op == "INCRWC":
        r[C_X] = g("DstCr")
        r[C_IMM] = g("DstInc")
    elif op == "SETRWC":
        r[C_X] = g("Dst") | (g("DstCr") << 1) | (g("DstCtoCr") << 2)
        r[C_IMM] = g("DstVal")
    return r


def encode(instrs) -> np.ndarray:
    """Encode a sequence of `Instr` into the int32 (n, NCOLS) array the executor runs."""
    rows = []
    for i, ins in enumerate(instrs):
        if not isinstance(ins, Instr):
            raise SfpuError(f"encode: item {i} is {type(ins).__name__}, not an Instr; build it with isa.make")
        msg = _not_modelled(ins)
        if msg:
            where = f" at {ins.loc}" if ins.loc else ""
            raise NotModelledError(f"instruction {i} ({ins}){where}: {msg}")
        rows.append(_row(ins))
    if not rows:
        return np.zeros((0, NCOLS), np.int32)
    return np.asarray(rows, dtype=np.int32)


def listing(instrs) -> str:
    """One assembly line per instruction, numbered."""
    return "\n".join(f"{i:4d}  {ins}" for i, ins in enumerate(instrs))
