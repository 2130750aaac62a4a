"""Seed 004, "Tensix Instruction Pipe": a T core pushes Tensix instructions by storing them to 0xFFE40000, or
executes them as `.ttinsn` words (the instruction rotated left by two bits) in its RISC-V stream.

RISC-V T0 sets GPR 4 to 0x12345678 with two SETDMAREG (16 bits each), adds 5 into GPR 6, and reads both back
through the GPR window at 0xFFE00000."""

from tensix.tile import Tile, isa, ops

INSTRN_BUF_BASE, REGFILE_BASE = 0xFFE40000, 0xFFE00000

tile = Tile()
words = [
    ops.TT_OP_SETDMAREG(0, 0x5678, 0, 8),   # low half of GPR 4 (half-register 8)
    ops.TT_OP_SETDMAREG(0, 0x1234, 0, 9),   # high half of GPR 4
    ops.TT_OP_ADDDMAREG(1, 6, 5, 4),        # GPR 6 = GPR 4 + 5 (immediate)
]
print(isa.listing(words))
tile.mmio_write("T0", INSTRN_BUF_BASE, words[0])  # sw to the push address
# the same push as a .ttinsn in T0's instruction stream: its low two bits are never 0b11
ttinsn = isa.to_riscv_stream(words[1])
assert ttinsn & 3 != 3
tile.mmio_write("T0", INSTRN_BUF_BASE, isa.from_riscv_stream(ttinsn))
tile.push(0, [words[2]])                           # tile.push is the same store
tile.run()
gpr4, gpr6 = tile.mmio_read("T0", REGFILE_BASE + 4 * 4), tile.mmio_read("T0", REGFILE_BASE + 4 * 6)
print(f".ttinsn of the second word: 0x{ttinsn:08X}; GPR 4 = 0x{gpr4:08X}, GPR 6 = 0x{gpr6:08X}")
assert (gpr4, gpr6) == (0x12345678, 0x1234567D)
