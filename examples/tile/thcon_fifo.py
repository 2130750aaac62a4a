"""Seed 004, "Tensix Scalar (ThCon)": a FIFO whose read and write pointers live in L1, driven by ATINCGETPTR
(ATINCGETPTR.md). With IntWidth 3 the FIFO holds 4 entries and the pointers count modulo 8.

T0 pushes five entries: the fifth finds the FIFO full, so T0 waits at that instruction, and holds the Scalar
Unit meanwhile (so T1's ThCon instructions wait too). A consumer outside the tile (a RISC-V or the NoC) pops
one entry by advancing Rd; the push then completes."""

import numpy as np

from tensix.tile import Tile, ops

tile = Tile()
fifo = tile.l1[0x800:0x808].view(np.uint32)  # Rd, Wr
tile.gpr(0)[1] = 0x80                        # the FIFO control block at L1 0x800 (GPR * 16)
push = ops.TT_OP_ATINCGETPTR(0, 0, 0, 3, 1, 5, 1)   # Ofs 1: push (Wr += 1) once not full; GPR 5 = old Wr
tile.push(0, [push] * 5)
assert tile.run() == [0]
tile.push(1, [ops.TT_OP_SETDMAREG(0, 1, 0, 0)])
assert tile.run() == [0, 1]
print("Rd, Wr =", fifo.tolist(), "|", tile.wait_reason(0), "|", tile.wait_reason(1))
assert fifo.tolist() == [0, 4] and tile.gpr(0)[5] == 3
fifo[0] = 1                                  # the consumer pops one entry
assert tile.run() == []
print("after a pop: Rd, Wr =", fifo.tolist(), "; last slot pushed:", tile.gpr(0)[5])
assert fifo.tolist() == [1, 5] and tile.gpr(0)[5] == 4 and tile.gpr(1)[0] == 1
