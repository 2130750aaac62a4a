"""tensix.sfpu: the Wormhole Vector Unit (SFPU), bit-exact and fast.

- `isa`: the instruction table, `Instr`, `make`, `encode`, mode constants (ISA names).
- `state`: `SfpuState`, the LReg file, lane flags, flag stack, PRNG, LaneConfig, Dst RWCs.
- `dst`: Dst storage (`uint16 DstBits[1024][16]`) and tile placement.
- `execute`: the numba interpreter (`execute`, `run_instrs`).
- `fma_model`: SFPMAD arithmetic (`mad_bits` for compiled code; `fma(a, b, c)` on arrays, re-exported here).
"""

from tensix.sfpu import isa
from tensix.sfpu.dst import new_dst, read_tiles16, read_tiles32, write_tiles16, write_tiles32
from tensix.sfpu.execute import execute, run_instrs
from tensix.sfpu.fma_model import fma, mad_bits
from tensix.sfpu.isa import OPCODE_NAMES, Instr, encode, listing, make
from tensix.sfpu.state import SfpuState

__all__ = [
    "isa", "Instr", "make", "encode", "listing", "OPCODE_NAMES", "SfpuState", "new_dst",
    "read_tiles16", "read_tiles32", "write_tiles16", "write_tiles32", "execute", "run_instrs", "fma", "mad_bits",
]
