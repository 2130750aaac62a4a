"""The Configuration Unit: SETC16, WRCFG, RDCFG, RMWCIB0-3, and the rules every Config write follows.

Semantics: tt-isa-documentation 39304719 WormholeB0/TensixTile/TensixCoprocessor/ConfigurationUnit.md,
BackendConfiguration.md, SETC16.md, WRCFG.md, RMWCIB.md. RDCFG has no page: BackendConfiguration.md names it
as the "Tensix explicit read" of Config, and its layout (CfgReg 15:0, GprAddress 23:16) is ckernel_ops.h's.

- Config has two copies; a thread's CFG_STATE_ID::StateID (ThreadConfig word 0, bit 0; cfg_defines.h) picks
  the copy its WRCFG / RDCFG / RMWCIB / REG2FLOP use.
- A write to Config word >= GLOBAL_CFGREG_BASE_ADDR32 (152) lands in both copies.
- Writing anything to STATE_RESET_EN (word 4) by WRCFG, REG2FLOP or RISC-V (not RMWCIB) clears words 0..151 of
  that copy. For a 128-bit WRCFG covering word 4 the clear comes after the four words are written (the write
  "is equivalent to" the clear, so nothing of it remains).
- Field layouts (ISA diagrams): SETC16 CfgIndex 23:16, NewValue 15:0; WRCFG InputReg 21:16, Is128Bit 15,
  CfgIndex 10:0; RMWCIB Mask 23:16, NewValue 15:8, Index4 7:0, byte = opcode - 0xB3.
Immediate side effects of a few writes (PRNG seeding, instruction-cache invalidation, clock gaters, unpacker
context counters) act on parts tensix.tile does not model; the value is stored.
"""

import difflib

from tensix.errors import NotModelledError
from tensix.tile import isa
from tensix.tile._tables import CONFIG_FIELDS, SOURCE_CFG_FIELDS, THREAD_CONFIG_FIELDS
from tensix.tile.errors import TileError
from tensix.tile.scalar import _blank, _ub

CONFIG_WORDS = 188  # CFG_STATE_SIZE * 4
THREAD_CONFIG_WORDS = 57  # THD_STATE_SIZE
GLOBAL_CFGREG_BASE_ADDR32 = 152
STATE_RESET_EN_ADDR32 = 4


def field(tile, name, thread=0, copy=None):
    """The value of configuration field `name` (cfg_defines.h's names without _ADDR32): a ThreadConfig field of
    `thread`, or a Config field of `copy` (default: the copy `thread`'s CFG_STATE_ID selects)."""
    if name in THREAD_CONFIG_FIELDS:
        addr, shamt, mask = THREAD_CONFIG_FIELDS[name]
        return (int(tile.thread_config(thread)[addr]) & mask) >> shamt
    if name in CONFIG_FIELDS:
        addr, shamt, mask = CONFIG_FIELDS[name]
        return (int(tile.config(tile.state_id(thread) if copy is None else copy)[addr]) & mask) >> shamt
    close = difflib.get_close_matches(name, [*THREAD_CONFIG_FIELDS, *CONFIG_FIELDS], n=3)
    hint = f"did you mean {', '.join(close)}?" if close else "use a name from cfg_defines.h without _ADDR32."
    raise TileError(f"{name!r} is not a configuration field of {SOURCE_CFG_FIELDS}. Fix: {hint}")


def names_at(index, thread_config=False):
    """The configuration fields that live in word `index` of Config (or ThreadConfig), low bits first."""
    table = THREAD_CONFIG_FIELDS if thread_config else CONFIG_FIELDS
    return [n for n, (a, sh, _) in sorted(table.items(), key=lambda kv: kv[1][1]) if a == index]


def write_config(tile, copy, index, value, reset=True):
    """Config[copy][index] = value with the hardware's rules (shared words, STATE_RESET)."""
    cfg = tile._config
    if index >= GLOBAL_CFGREG_BASE_ADDR32:
        cfg[0, index] = value
        cfg[1, index] = value
    else:
        cfg[copy, index] = value
        if index == STATE_RESET_EN_ADDR32 and reset:
            cfg[copy, :GLOBAL_CFGREG_BASE_ADDR32] = 0


def setc16(tile, thread, w):
    index = (w >> 16) & 0xFF
    if index >= THREAD_CONFIG_WORDS:
        _ub(thread, w, "SETC16", f"CfgIndex {index} is past ThreadConfig's {THREAD_CONFIG_WORDS} entries")
    tile._thread_config[thread, index] = w & 0xFFFF
    return True


def wrcfg(tile, thread, w):
    _blank(thread, w, 0xC07800, "WRCFG")
    index = w & 0x7FF
    if index >= CONFIG_WORDS:
        _ub(thread, w, "WRCFG", f"CfgIndex {index} is past Config's {CONFIG_WORDS} words")
    g = tile._gprs[thread]
    reg = (w >> 16) & 63
    sid = tile.state_id(thread)
    if w >> 15 & 1:
        first, reg = index & ~3, reg & ~3
        for i in range(4):
            write_config(tile, sid, first + i, int(g[reg + i]), reset=False)
        if first == STATE_RESET_EN_ADDR32 & ~3:
            tile._config[sid, :GLOBAL_CFGREG_BASE_ADDR32] = 0
    else:
        write_config(tile, sid, index, int(g[reg]))
    return True


def rdcfg(tile, thread, w):
    index, reg = w & 0xFFFF, (w >> 16) & 0xFF
    if index >= CONFIG_WORDS or reg >= 64:
        raise NotModelledError(f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}): RDCFG with CfgReg >= {CONFIG_WORDS} "
                               "or GprAddress >= 64; RDCFG has no ISA page saying what that does. "
                               "Fix: read a Config word 0-187 into GPR 0-63.")
    tile._gprs[thread, reg] = tile._config[tile.state_id(thread), index]
    return True


def rmwcib(tile, thread, w):
    index = w & 0xFF
    if index >= CONFIG_WORDS:
        _ub(thread, w, "RMWCIB", f"Index4 {index} is past Config's {CONFIG_WORDS} words")
    byte = (w >> 24) - 0xB3
    mask, new = (w >> 16) & 0xFF, (w >> 8) & 0xFF
    sid = tile.state_id(thread)
    old = int(tile._config[sid, index])
    old_byte = (old >> (8 * byte)) & 0xFF
    value = (old & ~(0xFF << (8 * byte))) | (((new & mask) | (old_byte & ~mask & 0xFF)) << (8 * byte))
    write_config(tile, sid, index, value, reset=False)  # RMWCIB does not trigger STATE_RESET
    return True


HANDLERS = {isa.OPCODE["SETC16"]: setc16, isa.OPCODE["WRCFG"]: wrcfg, isa.OPCODE["RDCFG"]: rdcfg,
            **{isa.OPCODE[f"RMWCIB{i}"]: rmwcib for i in range(4)}}
