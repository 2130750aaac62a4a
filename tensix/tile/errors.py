"""Errors of the instruction-level tile. Every one is a TensixError; messages name the word (hex and
disassembly), the thread and the rule, then the fix."""

from tensix.errors import TensixError


class TileError(TensixError):
    """Bad input to the tile: an unknown opcode, an operand that does not fit its field, a push to a pipe that
    does not exist or that the pushing core cannot reach, an MMIO access to an unmapped address."""
