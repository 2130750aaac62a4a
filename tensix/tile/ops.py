"""`TT_OP_<NAME>(...)` for every Wormhole Tensix instruction: tt-llk's ckernel_ops.h macros as Python
functions, same names, same argument order, each returning the 32-bit instruction word.

Unlike the C macros, every operand is range-checked against its field (the width of TT_<NAME>_VALID): a value
that does not fit raises TileError naming the instruction and the field, instead of spilling into the
neighbouring field. The functions are built once at import from the table in tensix.tile._tables.
Instructions without operands are plain ints, as in the header (`TT_OP_NOP`, not `TT_OP_NOP()`).
"""

from tensix.tile import isa
from tensix.tile._tables import ENCODINGS, SOURCE_ENCODINGS




# Where tt-llk's own calls pass wider values than TT_<NAME>_VALID allows, by design of the ISA: SETDMAREG's
# NewValue is 16 bits at 23:8 (SETDMAREG_Immediate.md), which the YAML splits into Payload_SigSel (21:8) and
# Payload_SigSelSize (23:22); tt-llk passes the whole 16-bit value as Payload_SigSel (cpack_common.h
# TT_SETDMAREG(0, LOWER_HALFWORD(addr), 0, LO_16(reg))). Both may not be given at once (see _SETDMAREG_CHECK).
_WIDTH_OVERRIDES = {("SETDMAREG", "Payload_SigSel"): 16}


def _setdmareg_check(size, payload):
    if size and payload >> 14:
        raise isa.TileError(f"TT_OP_SETDMAREG: Payload_SigSel=0x{payload:X} reaches bits 23:22, which "
                            f"Payload_SigSelSize={size} also sets; the 16-bit NewValue is one or the other "
                            "(SETDMAREG_Immediate.md). Fix: pass the 16-bit value in Payload_SigSel and 0 as "
                            "Payload_SigSelSize.")


def _make(name, opcode, fields):
    fields = tuple((f, s, _WIDTH_OVERRIDES.get((name, f), w)) for f, s, w in fields)
    args = ", ".join(f for f, _, _ in fields)
    lines = [f"def TT_OP_{name}({args}):"]
    for f, _, w in fields:
        lines.append(f"    if type({f}) is not int or not 0 <= {f} <= {(1 << w) - 1}:")
        lines.append(f"        {f} = _check({name!r}, {f!r}, {f}, {w})")
    if name == "SETDMAREG":
        lines.append("    _setdmareg_check(Payload_SigSelSize, Payload_SigSel)")
    expr = " | ".join([f"0x{opcode << 24:08X}"] + [f"({f} << {s})" for f, s, _ in fields])
    lines.append(f"    return {expr}")
    scope = {"_check": isa.check_field, "_setdmareg_check": _setdmareg_check}
    exec("\n".join(lines), scope)  # noqa: S102 - code generated from tensix's own table, not from input
    fn = scope[f"TT_OP_{name}"]
    fn.__module__ = __name__
    layout = ", ".join(f"{f}[{s + w - 1}:{s}]" if w > 1 else f"{f}[{s}]" for f, s, w in fields)
    where = isa.page(name) or "no ISA page"
    fn.__doc__ = (f"{name} (opcode 0x{opcode:02X}): {layout or 'no operands'} -> 32-bit word. "
                  f"Encoding: {SOURCE_ENCODINGS}; semantics: {where}.")
    return fn


__all__ = []
for _name, (_opcode, _fields) in ENCODINGS.items():
    # as in ckernel_ops.h, an instruction without operands (NOP, DMANOP, ...) is a constant, not a function
    globals()[f"TT_OP_{_name}"] = _make(_name, _opcode, _fields) if _fields else _opcode << 24
    __all__.append(f"TT_OP_{_name}")
