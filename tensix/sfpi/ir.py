"""The traced form of an SFPI function: SSA values and SFPU operations before register allocation.

A traced function is a list of `Op`s. Each op is one real SFPU instruction (named as in the ISA documents)
whose register fields are still symbolic: inputs are `Value`s, the output is a new `Value`. The compiler
(`tensix.sfpi.compiler`) fuses, allocates LRegs, inserts SFPNOPs and turns ops into `tensix.sfpu.isa.Instr`.

Two register constraints appear here, both because SFPU instructions write their result in place:
- `tie`: the output must live in the register of one input (the VD-as-source instructions such as SFPIADD,
  SFPAND or SFPMULI, and predicated assignment, where lanes that are switched off keep the old value).
- `fixed`: a value pinned to one LReg (`l_reg[...]`, the operands of SFPLUT and SFPTRANSP).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

# Register numbers of the constant registers (ISA LReg.md; SFPI sfpi_constants.h).
CREG_0P8373 = 8
CREG_0 = 9
CREG_1 = 10
CREG_NEG1 = 11
CREG_PRGM0 = 12
CREG_PRGM1 = 13
CREG_PRGM2 = 14
CREG_TILEID = 15

_ids = itertools.count()


@dataclass(eq=False)
class Scope:
    """A region of code under one predicate (the top level, or the body of a v_if/v_elseif/v_else/v_block)."""

    parent: Scope | None = None
    depth: int = 0
    chain: object = None  # the v_if chain this scope is a branch of (tracer.Chain)

    def encloses(self, other: Scope) -> bool:
        """True if `other` is this scope or nested inside it."""
        s: Scope | None = other
        while s is not None:
            if s is self:
                return True
            s = s.parent
        return False


@dataclass(eq=False)
class Value:
    """One vector value (32 lanes x 32 bits) in SSA form."""

    scope: Scope
    loc: str = ""
    const_reg: int | None = None  # a constant register 8..15: never allocated, never written
    fixed: int | None = None  # pinned to LReg `fixed` (0..7)
    live_in: bool = False  # read from an LReg as the program starts (l_reg reads)
    live_out: bool = False  # must survive in its fixed LReg until the program ends (l_reg writes)
    covered: frozenset = frozenset()  # branch scopes of one chain in which the value was assigned
    uses: int = 0
    id: int = field(default_factory=lambda: next(_ids))

    def __repr__(self) -> str:
        if self.const_reg is not None:
            return f"L{self.const_reg}"
        return f"%{self.id}"


@dataclass(eq=False)
class Op:
    """One SFPU instruction with symbolic register operands.

    `ins` maps ISA register fields (VA, VB, VC, VD) to input values; `out` is the value written to VD (or
    None for instructions that write no LReg). `out2` is a second output (SFPSWAP writes VC too).
    `fields` holds the non-register fields (Mod0, Mod1, Imm16, ...). `input` names a runtime scalar slot that
    replaces the immediate field when the program runs. `reads`/`writes` list fixed registers touched implicitly
    (SFPLUT reads LReg0-3, SFPTRANSP reads and writes LReg0-7).
    """

    name: str
    fields: dict
    ins: dict = field(default_factory=dict)
    out: Value | None = None
    out2: Value | None = None
    tie: str | None = None  # the field in `ins` whose register the output reuses
    tie2: str | None = None  # the same for out2
    input: int = -1
    loc: str = ""
    implicit_reads: tuple = ()
    implicit_writes: tuple = ()
    pinned_outs: list = field(default_factory=list)  # extra outputs pinned to fixed LRegs (SFPTRANSP)

    def inputs(self):
        return [v for v in self.ins.values() if v is not None]


MAD_FAMILY = frozenset({"SFPMAD", "SFPADD", "SFPMUL", "SFPADDI", "SFPMULI", "SFPLUT", "SFPLUTFP32"})
"""Instructions of the MAD sub-unit: two cycles of latency (ISA VectorUnit.md), so the next instruction must
not read their result; the SFPI compiler puts an SFPNOP in between."""
