"""Errors of the instruction-level tile. Every one is a TensixError; messages name the word (hex and
disassembly), the thread and the rule, then the fix. TileError is defined in tensix.errors, because the
instruction-set codec below tensix.sfpu (tensix.encoding) raises it too."""

from tensix.errors import TileError  # noqa: F401
