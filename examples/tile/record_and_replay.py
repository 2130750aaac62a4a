"""Seed 004, "Replay Expander": REPLAY records the next instructions into a 32-entry buffer (optionally
executing them as they pass), then plays them back, one per cycle, without the RISC-V pushing them again.

An LLK records its inner sequence once in its init step and replays it per tile; here, a three-instruction
sequence that appends a 32-bit value to L1 is recorded at index 30 (so it wraps to entries 31, 0) and replayed
four times."""

import numpy as np

from tensix.tile import Tile, isa, ops

tile = Tile()
g = tile.gpr(0)
g[1] = 0x100          # L1 base 0x1000 (GPR * 16); half-register 4 = low half of GPR 2 is the offset
g[3] = 0xC0FFEE00
sequence = [
    ops.TT_OP_STOREIND(1, 0, 1, 4, 2, 3, 1),   # 32-bit store of GPR 3 at 0x1000 + offset; offset += 4
    ops.TT_OP_ADDDMAREG(1, 3, 1, 3),           # GPR 3 += 1
    ops.TT_OP_DMANOP,
]
tile.push(0, [ops.TT_OP_REPLAY(30, 3, 0, 1)] + sequence)   # Load, no Exec: recorded only
tile.push(0, [ops.TT_OP_REPLAY(30, 3, 0, 0)] * 4)           # four playbacks
print(isa.listing([ops.TT_OP_REPLAY(30, 3, 0, 1), ops.TT_OP_REPLAY(30, 3, 0, 0)]))
tile.run()
stored = tile.l1[0x1000:0x1010].view(np.uint32)
print("L1 0x1000:", [hex(v) for v in stored])
assert stored.tolist() == [0xC0FFEE00, 0xC0FFEE01, 0xC0FFEE02, 0xC0FFEE03] and tile.executed(0) == 12
