"""The Wormhole Tensix instruction set as data: decode, disassemble, encode, and the `.ttinsn` form.

Encodings (opcode, field names, shifts, widths) are tt-llk's ckernel_ops.h, kept as tensix's own table in
`tensix.encoding.tables` (see SOURCE_ENCODINGS there). Which unit executes each instruction and which ISA page
describes it come from tt-isa-documentation 39304719 (WormholeB0/TensixTile/TensixCoprocessor/*.md, each page's
"execution unit" line). The `.ttinsn` rotation is BabyRISCV/PushTensixInstruction.md: a Tensix instruction word
(always < 0xC0000000) rotated left by two bits is a 32-bit RISC-V instruction whose low two bits are not 0b11.
"""

import operator
from typing import NamedTuple

from tensix.encoding.tables import BLOCK_BITS as _ISA_BLOCK_BITS
from tensix.encoding.tables import DIAGRAMS, ENCODINGS
from tensix.errors import TileError  # noqa: F401 - also isa.TileError

ISA_DIR = "tt-isa-documentation 39304719 WormholeB0/TensixTile/TensixCoprocessor"

# Per-instruction ISA page name where it differs from the mnemonic (ckernel_ops.h splits RMWCIB by byte and
# spells SFPSTOCHRND with underscores).
_PAGE_ALIAS = {"RMWCIB0": "RMWCIB", "RMWCIB1": "RMWCIB", "RMWCIB2": "RMWCIB", "RMWCIB3": "RMWCIB",
               "SFP_STOCH_RND": "SFPSTOCHRND"}
# Mnemonics in ckernel_ops.h with no page in tt-isa-documentation 39304719 (RDCFG is described only in
# BackendConfiguration.md as "Tensix explicit read"; NOP only in MOPExpander.md and STALLWAIT.md).
_NO_PAGE = frozenset({"APOOL3S1", "APOOL3S2", "CONV3S1", "CONV3S2", "MFCONV3S1", "MOVB2A", "MPOOL3S1",
                      "MPOOL3S2", "NOP", "RAREB", "RDCFG", "RSTDMA", "SETASHRMH", "SETASHRMH0", "SETASHRMH1",
                      "SETASHRMV", "SETIBRWC", "SETPKEDGOF", "TBUFCMD", "TRNSPSRCA", "UNPACR_NOP"})

# The unit each instruction executes in ("execution unit" line of its ISA page). Instructions without a page go
# where their neighbours in the opcode map and the STALLWAIT block table put them (RSTDMA, UNPACR_NOP, MOVB2A,
# the pooling / convolution family); NOP passes the Wait Gate and does nothing (MOPExpander.md, STALLWAIT.md).
_UNIT_MEMBERS = {
    "mop": ("MOP", "MOP_CFG"),
    "replay": ("REPLAY",),
    "sync": ("ATGETM", "ATRELM", "SEMINIT", "SEMPOST", "SEMGET", "SEMWAIT", "STALLWAIT"),
    "scalar": ("SETDMAREG", "ADDDMAREG", "SUBDMAREG", "MULDMAREG", "BITWOPDMAREG", "CMPDMAREG", "SHIFTDMAREG",
               "LOADIND", "STOREIND", "ATSWAP", "ATCAS", "ATINCGET", "ATINCGETPTR", "LOADREG", "STOREREG",
               "REG2FLOP", "FLUSHDMA", "DMANOP"),
    "config": ("SETC16", "WRCFG", "RDCFG", "RMWCIB0", "RMWCIB1", "RMWCIB2", "RMWCIB3"),
    "misc": ("SETADC", "SETADCXX", "SETADCXY", "SETADCZW", "INCADCXY", "INCADCZW", "ADDRCRXY", "ADDRCRZW",
             "SETDVALID", "RSTDMA"),
    "unpack": ("UNPACR", "UNPACR_NOP"),
    "pack": ("PACR", "PACR_SETREG"),
    "mover": ("XMOV",),
    "nop": ("NOP",),
}
UNIT = {name: unit for unit, names in _UNIT_MEMBERS.items() for name in names}
for _name in ENCODINGS:
    if _name.startswith("SFP"):
        UNIT[_name] = "vector"
    elif _name not in UNIT and _name not in ("RAREB", "SETASHRMH", "SETASHRMH0", "SETASHRMH1", "SETASHRMV",
                                              "SETIBRWC", "SETPKEDGOF", "TBUFCMD"):
        UNIT[_name] = "matrix"
for _name in ENCODINGS:
    UNIT.setdefault(_name, "undocumented")

# Wait Gate block bits per mnemonic (STALLWAIT.md's table). Instructions without a row are not modelled at the
# Wait Gate; NOP is blocked only when all nine bits are set, MOP / MOP_CFG / REPLAY never reach the gate.
BLOCK_BITS = {name: _ISA_BLOCK_BITS[_PAGE_ALIAS.get(name, name)] for name in ENCODINGS
              if _PAGE_ALIAS.get(name, name) in _ISA_BLOCK_BITS}
BLOCK_BITS["NOP"] = 0x1FF  # special: see above; the Wait Gate compares for "all bits set"

OPCODE = {name: opcode for name, (opcode, _) in ENCODINGS.items()}
FIELDS = {name: fields for name, (_, fields) in ENCODINGS.items()}
# opcode -> (mnemonic, ((field, shift, mask), ...)); None for opcodes that are not instructions
_BY_OPCODE = [None] * 256
for _name, (_opcode, _fields) in ENCODINGS.items():
    _BY_OPCODE[_opcode] = (_name, tuple((f, s, (1 << w) - 1) for f, s, w in _fields))
# bits 23:0 that no field of the instruction covers (the disassembly shows them if set)
_SPARE = {name: 0xFFFFFF & ~sum(((1 << w) - 1) << s for _, s, w in fields) for name, fields in FIELDS.items()}


# opcode -> the ISA diagrams drawn for it: (diagram, fixed-bit mask, fixed-bit value, fields, blank mask), where
# the blank mask holds the bits 23:0 that the diagram leaves empty (neither a field nor a fixed bit)
_DIAGRAMS_BY_OPCODE = {}
for _d, (_opcode, _fixed, _dfields) in DIAGRAMS.items():
    _fmask = sum(((1 << w) - 1) << lsb for lsb, w, _ in _fixed)
    _fval = sum(v << lsb for lsb, _, v in _fixed)
    _covered = _fmask | sum(((1 << w) - 1) << lsb for _, lsb, w in _dfields)
    _DIAGRAMS_BY_OPCODE.setdefault(_opcode, []).append((_d, _fmask, _fval, _dfields, 0xFFFFFF & ~_covered))


def diagram(word):
    """The ISA encoding diagram that describes `word` (e.g. "ADDDMAREGi", "STOREIND_L1"), chosen by the
    diagrams' fixed bits; None when the ISA draws none for it or none matches. Where two diagrams share their
    fixed bits, the page's own rule picks: SFPSHFT2b when Mod1 is SHFT_IMM (6, SFPSHFT2.md), else SFPSHFT2;
    SFPSTOCHRNDi (the superset of SFPSTOCHRND's fields)."""
    word = _check_word(word)
    matches = [d for d in _DIAGRAMS_BY_OPCODE.get(word >> 24, ()) if word & d[1] == d[2]]
    if not matches:
        return None
    if len(matches) > 1:
        names = {d[0] for d in matches}
        pick = {"SFPSHFT2", "SFPSHFT2b"} == names and ("SFPSHFT2b" if word & 15 == 6 else "SFPSHFT2") \
            or {"SFPSTOCHRND", "SFPSTOCHRNDi"} == names and "SFPSTOCHRNDi"
        if not pick:
            raise AssertionError(f"ambiguous ISA diagrams {sorted(names)}")  # the table changed: decide anew
        matches = [d for d in matches if d[0] == pick]
    return matches[0][0]


def isa_fields(word):
    """The ISA's view of a word: (diagram, {field: value}) with the ISA pages' field names, or None."""
    d = diagram(word)
    if d is None:
        return None
    fields = next(x[3] for x in _DIAGRAMS_BY_OPCODE[word >> 24] if x[0] == d)
    return d, {f: (word >> lsb) & ((1 << w) - 1) for f, lsb, w in fields}


def blank_bits(word):
    """The bits of `word` set where its ISA diagram draws nothing (0 if none), or None without a diagram."""
    d = diagram(word)
    if d is None:
        return None
    return word & next(x[4] for x in _DIAGRAMS_BY_OPCODE[word >> 24] if x[0] == d)


def page(name):
    """The tt-isa-documentation page describing `name`, or None where there is none."""
    if name in _NO_PAGE:
        return None
    return f"{ISA_DIR}/{_PAGE_ALIAS.get(name, name)}.md"


class Instruction(NamedTuple):
    """A decoded instruction word: mnemonic, opcode, fields by ckernel_ops.h's names, and the word itself."""
    name: str
    opcode: int
    fields: dict
    word: int

    def __str__(self):
        return disassemble(self.word)


def _check_word(word):
    try:
        word = operator.index(word)
    except TypeError:
        raise TileError(f"{word!r} is not an instruction word (a 32-bit unsigned integer). "
                        "Fix: pass an int such as a TT_OP_* result.") from None
    if not 0 <= word <= 0xFFFFFFFF:
        raise TileError(f"{word:#x} does not fit in 32 bits, so it is not a Tensix instruction word. "
                        "Fix: pass a 32-bit value such as a TT_OP_* result.")
    return word


def _lookup(word):
    entry = _BY_OPCODE[word >> 24]
    if entry is None:
        why = "; opcodes >= 0xC0 are never instructions" if word >= 0xC0000000 else ""
        raise TileError(f"word 0x{word:08X}: opcode 0x{word >> 24:02X} is not a Wormhole Tensix instruction "
                        f"(no TT_OP_* in ckernel_ops.h has it{why}). "
                        "Fix: build words with tensix.tile.ops.TT_OP_<NAME>(...).")
    return entry


def name_of(word):
    """The mnemonic of an instruction word (TileError for an unknown opcode)."""
    return _lookup(_check_word(word))[0]


def decode(word):
    """Instruction word -> Instruction(name, opcode, fields, word). Fields carry ckernel_ops.h's names."""
    word = _check_word(word)
    name, fields = _lookup(word)
    return Instruction(name, word >> 24, {f: (word >> s) & m for f, s, m in fields}, word)


def encode(name, fields=None, **kw):
    """Mnemonic and fields (a dict and/or keywords, ckernel_ops.h's names; missing fields are 0) -> word,
    each field range-checked as TT_OP_<name> does."""
    if name not in ENCODINGS:
        raise TileError(f"{name!r} is not a Wormhole Tensix instruction mnemonic (ckernel_ops.h). "
                        f"Fix: use one of tensix.tile.isa.OPCODE's keys.")
    given = dict(fields or {}, **kw)
    opcode, layout = ENCODINGS[name]
    word = opcode << 24
    for f, s, w in layout:
        v = given.pop(f, 0)
        word |= check_field(name, f, v, w) << s
    if given:
        raise TileError(f"{name} has no field(s) {sorted(given)}; its fields are {[f for f, _, _ in layout]}. "
                        "Fix: use ckernel_ops.h's field names.")
    return word


def check_field(name, field, value, width):
    """`value` as an int if it fits in `width` unsigned bits, else TileError naming instruction and field."""
    try:
        v = operator.index(value)
    except TypeError:
        raise TileError(f"TT_OP_{name}: field {field} must be an integer, got {value!r}. "
                        "Fix: pass an int.") from None
    if not 0 <= v < (1 << width):
        raise TileError(f"TT_OP_{name}: {field}={v} does not fit its {width}-bit field (0..{(1 << width) - 1}; "
                        f"ckernel_ops.h TT_{name}_VALID). Fix: pass a value in range; the hardware would "
                        "corrupt the neighbouring fields.")
    return v


def _fmt(v):
    return str(v) if v < 10 else f"0x{v:X}"


def disassemble(word, names="ckernel"):
    """One line of listing: `SEMWAIT stall_res=2, sem_sel=4, wait_sem_cond=1` with ckernel_ops.h's field names
    (bits that no field covers are shown as `spare=0x..` when set), or with names="isa" the ISA pages' view:
    `SEMWAIT BlockMask=2, SemaphoreMask=1, ConditionMask=1`, naming the diagram where an instruction has several
    (`ADDDMAREGi`, `STOREIND_L1`) and showing bits the diagram leaves blank as `blank=0x..`."""
    word = _check_word(word)
    name, fields = _lookup(word)
    if names == "isa":
        view = isa_fields(word)
        if view is not None:
            d, values = view
            parts = [f"{f}={_fmt(v)}" for f, v in sorted(values.items(), key=lambda kv: -_lsb(d, kv[0]))]
            if blank_bits(word):
                parts.append(f"blank=0x{blank_bits(word):06X}")
            return f"{d} {', '.join(parts)}" if parts else d
    elif names != "ckernel":
        raise TileError(f"disassemble(names={names!r}): the choices are 'ckernel' and 'isa'.")
    parts = [f"{f}={_fmt((word >> s) & m)}" for f, s, m in fields]
    spare = word & _SPARE[name]
    if spare:
        parts.append(f"spare=0x{spare:06X}")
    return f"{name} {', '.join(parts)}" if parts else name


def _lsb(d, field):
    return next(lsb for f, lsb, _ in DIAGRAMS[d][2] if f == field)


def listing(words, names="ckernel"):
    """Several words as a listing: address-free lines `0x<word>  <disassembly>`."""
    return "\n".join(f"0x{w:08X}  {disassemble(w, names)}" for w in words)


def to_riscv_stream(word):
    """The `.ttinsn` form of a Tensix instruction: the word rotated left by two bits
    (BabyRISCV/PushTensixInstruction.md). Words >= 0xC0000000 have no such form."""
    word = _check_word(word)
    if word >= 0xC0000000:
        raise TileError(f"word 0x{word:08X} has opcode 0x{word >> 24:02X} >= 0xC0: rotated left by two bits it "
                        "would end in 0b11 and be a plain RISC-V instruction, so it has no .ttinsn form "
                        "(PushTensixInstruction.md). Fix: push it with a store to 0xFFE40000 instead.")
    _lookup(word)
    return ((word << 2) | (word >> 30)) & 0xFFFFFFFF


def from_riscv_stream(insn):
    """Inverse of to_riscv_stream: a 32-bit RISC-V instruction word whose low two bits are not 0b11 -> the
    Tensix instruction it pushes (rotated right by two bits)."""
    insn = _check_word(insn)
    if insn & 3 == 3:
        raise TileError(f"RISC-V word 0x{insn:08X} ends in 0b11: it is an ordinary 32-bit RISC-V instruction, "
                        "not a .ttinsn (PushTensixInstruction.md). Fix: only words whose low two bits are "
                        "0b00, 0b01 or 0b10 carry Tensix instructions.")
    return ((insn >> 2) | (insn << 30)) & 0xFFFFFFFF
