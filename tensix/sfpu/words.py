"""The Vector Unit's instruction words: a tensix.sfpu instruction <-> its 32-bit Tensix instruction word (the
TT_OP_SFP* encoding, and SETRWC / INCRWC), through the ISA pages' encoding diagrams (tensix.encoding.tables,
generated from tt-isa-documentation 39304719 Diagrams/Src/Bits32.lua), whose field names are the ones
tensix.sfpu.isa uses. The SFPU decodes words itself where the hardware does: SFPLOADMACRO's instruction templates
are words (tensix.sfpu.loadmacro). tensix.tile's Vector Unit and tensix.sfpi's listings use the same codec."""

from tensix.encoding import words as isa
from tensix.encoding.tables import DIAGRAMS
from tensix.errors import NotModelledError, SfpuError, UndefinedBehaviourError
from tensix.sfpu import isa as sisa

# tensix.sfpu opcode of each Tensix SFP* mnemonic (ckernel spells SFPSTOCHRND with underscores)
_SFPU_NAME = {n: ("SFPSTOCHRND" if n == "SFP_STOCH_RND" else n) for n in isa.ENCODINGS
              if n.startswith("SFP") or n in ("SETRWC", "INCRWC")}


def _diagram_of(op, fields):
    """The ISA diagram that encodes tensix.sfpu instruction `op` with these fields."""
    if op == "SFPSHFT2":
        return "SFPSHFT2b" if fields.get("Mod1") == sisa.SFPSHFT2_MOD1_SHFT_IMM else "SFPSHFT2"
    if op == "SFPSTOCHRND":
        return "SFPSTOCHRNDi"
    return op


def to_instr(word, thread=None):
    """Instruction word -> tensix.sfpu Instr (SFP*, SETRWC, INCRWC), read through the ISA page's encoding
    diagram. A word setting bits the diagram leaves blank raises NotModelledError; a mode the page calls
    undefined raises UndefinedBehaviourError."""
    where = f"T{thread}: " if thread is not None else ""
    word = isa._check_word(word)
    name = isa.name_of(word)
    if name not in _SFPU_NAME:
        raise NotModelledError(f"{where}0x{word:08X} ({isa.disassemble(word)}) is not a Vector Unit instruction "
                               "nor SETRWC / INCRWC. Fix: pass an SFP* word.")
    view = isa.isa_fields(word)
    if view is None:
        raise NotModelledError(f"{where}0x{word:08X} ({isa.disassemble(word)}): no encoding diagram of "
                               f"{isa.page(name)} matches its fixed bits; what the hardware does with it is not "
                               "documented. Fix: build the word with tensix.tile.ops.")
    blank = isa.blank_bits(word)
    if blank:
        raise NotModelledError(
            f"{where}0x{word:08X} ({isa.disassemble(word)}) sets bits 0x{blank:06X} that {isa.page(name)} "
            "leaves blank (ckernel_ops.h gives the field more bits); what the hardware does with them is not "
            "documented. Fix: keep operands within the ISA's fields.")
    op = _SFPU_NAME[name]
    fields = dict(view[1])
    if op == "SFPSHFT2" and view[0] == "SFPSHFT2b":
        fields.pop("VB", None)
    try:
        return sisa.make(op, **fields)
    except SfpuError as e:
        err = UndefinedBehaviourError if "undefined" in str(e) else NotModelledError
        raise err(f"{where}0x{word:08X} ({isa.disassemble(word, names='isa')}): {e} ({isa.page(name)}). "
                  "Fix: use a mode the page defines.") from None


def to_word(instr, imm=None):
    """tensix.sfpu Instr -> its 32-bit Tensix instruction word (the TT_OP_SFP* encoding), placed through the ISA
    page's encoding diagram. `imm` replaces the immediate field (a runtime input's value, as a TT_ macro builds
    the word on the RISC-V at run time)."""
    op = instr.op
    fields = dict(instr.fields)
    if imm is not None:
        fields[sisa.IMM_FIELD[op]] = int(imm)
    d = _diagram_of(op, fields)
    if d not in DIAGRAMS:
        raise NotModelledError(f"{instr}: no ISA encoding diagram for {op}. Fix: use an instruction the ISA draws.")
    opcode, fixed, dfields = DIAGRAMS[d]
    word = opcode << 24
    for lsb, _w, v in fixed:
        word |= v << lsb
    placed = set()
    for f, lsb, w in dfields:
        v = fields.get(f, 0)
        if not 0 <= v < (1 << w):
            raise SfpuError(f"{instr}: field {f}={v} does not fit the {w} bits of diagram {d}")
        word |= v << lsb
        placed.add(f)
    for f, v in fields.items():
        if v and f not in placed and not (d == "SFPSHFT2b" and f == "VB"):
            raise SfpuError(f"{instr}: field {f}={v} has no place in the ISA encoding diagram {d}")
    return word


# ---- programs as word streams (tensix.sfpi's one stack) ----
def words_of(instrs):
    """The Tensix instruction words of a tensix.sfpu program, in order (what the RISC-V pushes). An instruction
    whose immediate is a runtime input (a TT_ macro building its word at run time) gets 0 there."""
    return tuple(to_word(i, imm=0 if i.input >= 0 else None) for i in instrs)


def word_text(instr):
    """An instruction's word as 8 hex digits for listings; the digits of a runtime immediate are `?`."""
    w = to_word(instr, imm=0 if instr.input >= 0 else None)
    text = f"{w:08X}"
    if instr.input < 0:
        return text
    d = _diagram_of(instr.op, dict(instr.fields))
    imm = sisa.IMM_FIELD[instr.op]
    _, lsb, width = next(f for f in DIAGRAMS[d][2] if f[0] == imm)
    lo, hi = lsb // 4, (lsb + width - 1) // 4  # nibbles holding the field
    return "".join("?" if lo <= 7 - i <= hi else c for i, c in enumerate(text))
