"""Seed 004's "more than one instruction per cycle": SFPLOADMACRO (tt-isa-documentation 39304719 SFPLOADMACRO.md).

The Vector Unit can run a load and one instruction on each of its four sub-units (Simple, MAD, Round, Store) in
the same cycle, but only instructions that an SFPLOADMACRO scheduled. Here |x| of a 32x32 fp32 Dst tile, in place:
- the init writes an instruction template by the backdoor (an SFPABS whose VD is 12 goes to
  LoadMacroConfig.InstructionTemplate[0] instead of executing, SFPCONFIG.md) and, through LReg0 and SFPCONFIG, macro
  0's Sequence: Simple = template 0 with delay 0, its result to LReg16; Store = SFPSTORE of LReg16 with delay 1;
  Misc: the store takes the load's format (UsesLoadMod0ForStore of macro 0).
- the loop issues one SFPLOADMACRO per two Dst rows: it loads them into LReg(k), the SFPABS runs on the next cycle
  and the SFPSTORE back to the same rows on the one after, while the next SFPLOADMACRO is already loading.
32 instructions (plus two cycles to drain) do what the plain loop does in 96 (SFPLOAD, SFPABS, SFPSTORE per row)."""

import numpy as np

from tensix.sfpu.dst import read_tiles32, write_tiles32
from tensix.tile import Tile, ops
from tensix.tile._tables import CONFIG_FIELDS

FP32 = 3                                          # SFPLOAD / SFPSTORE Mod0: FP32 (SFPLOAD.md)
SIMPLE = 4 | (0 << 3) | 0x40                      # template 0, delay 0, result to LReg16
STORE = 3 | (1 << 3) | 0x40                       # SFPSTORE, delay 1, of LReg16
SEQUENCE = SIMPLE | STORE << 24                   # 8 bits per sub-unit: Simple, MAD, Round, Store

init = [ops.TT_OP_SFPABS(0, 0, 12, 1),            # backdoor: InstructionTemplate[0] = SFPABS (float mode)
        ops.TT_OP_SFPLOADI(0, 10, SEQUENCE & 0xFFFF),  # LReg0 low half
        ops.TT_OP_SFPLOADI(0, 8, SEQUENCE >> 16),      # LReg0 high half
        ops.TT_OP_SFPCONFIG(0, 4, 0),             # Sequence[0] = LReg0
        ops.TT_OP_SFPCONFIG(0x10, 8, 1)]          # Misc = 0x10: macro 0's store uses the load's Mod0
loop = [ops.TT_OP_SFPLOADMACRO((0 << 2) | (row >> 1) % 2, FP32, 0, row) for row in range(0, 64, 2)]
plain = [w for row in range(0, 64, 2) for w in (ops.TT_OP_SFPLOAD(0, FP32, 0, row), ops.TT_OP_SFPABS(0, 0, 0, 1),
                                                ops.TT_OP_SFPSTORE(0, FP32, 0, row))]


def run(words):
    tile = Tile()
    a, s, _ = CONFIG_FIELDS["ALU_ACC_CTRL_SFPU_Fp32_enabled"]
    tile.config(0)[a] |= np.uint32(1 << s)        # a 32-bit Dst
    write_tiles32(tile.dst, 0, x)
    tile.push(1, words)
    tile.finish()
    tile.vector.settle()                          # time passes: the last scheduled SFPABS / SFPSTORE run
    return read_tiles32(tile.dst, 0, 1).view(np.float32), tile.profile()


x = np.random.default_rng(0).standard_normal((1, 32, 32)).astype(np.float32)
y_macro, p_macro = run(init + loop)
y_plain, p_plain = run(plain)
assert np.array_equal(y_macro, np.abs(x)) and np.array_equal(y_plain, np.abs(x))
for name, p, n in (("SFPLOADMACRO", p_macro, len(loop)), ("plain loop", p_plain, len(plain))):
    print(f"{name:12}: {n:2} loop words, T1 at cycle {p['threads']['T1']['cycles']}")
