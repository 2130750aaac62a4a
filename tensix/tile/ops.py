"""`TT_OP_<NAME>(...)` for every Wormhole Tensix instruction: tt-llk's ckernel_ops.h macros as Python
functions, same names, same argument order, each returning the 32-bit instruction word.

Unlike the C macros, every operand is range-checked against its field (the width of TT_<NAME>_VALID): a value
that does not fit raises TileError naming the instruction and the field, instead of spilling into the
neighbouring field. The functions are built once at import from the table in tensix.tile._tables.
Instructions without operands are plain ints, as in the header (`TT_OP_NOP`, not `TT_OP_NOP()`).
"""

from tensix.tile import isa
from tensix.tile._tables import ENCODINGS, SOURCE_ENCODINGS




def _make(name, opcode, fields):
    args = ", ".join(f for f, _, _ in fields)
    lines = [f"def TT_OP_{name}({args}):"]
    for f, _, w in fields:
        lines.append(f"    if type({f}) is not int or not 0 <= {f} <= {(1 << w) - 1}:")
        lines.append(f"        {f} = _check({name!r}, {f!r}, {f}, {w})")
    expr = " | ".join([f"0x{opcode << 24:08X}"] + [f"({f} << {s})" for f, s, _ in fields])
    lines.append(f"    return {expr}")
    scope = {"_check": isa.check_field}
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
