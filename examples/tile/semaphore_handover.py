"""Seed 004, "Tensix Sync": two Tensix threads hand work over through a semaphore.

T0 produces a value in L1 and posts semaphore 0; T1 waits on it with SEMWAIT (condition C0: wait while the
value is 0), takes it with SEMGET, and consumes the value. The block mask holds back both T1's Scalar Unit
instructions (B5) and its Sync instructions (B1), so its SEMGET waits too. T1's instructions are pushed
first: without the semaphore it would read L1 before T0 wrote it."""

from tensix.tile import Tile, ops

B1, B5 = 1 << 1, 1 << 5
tile = Tile()
tile.gpr(0)[1] = tile.gpr(1)[1] = 0x40  # both address L1 0x400
tile.push(1, [
    ops.TT_OP_SEMWAIT(B1 | B5, 0b1, 0b01),     # wait while semaphore 0 has Value == 0
    ops.TT_OP_SEMGET(0b1),
    ops.TT_OP_LOADIND(1, 0, 0, 7, 1),          # GPR 7 = L1[0x400]
    ops.TT_OP_ADDDMAREG(1, 7, 1, 7),           # GPR 7 += 1
])
assert tile.run() == [1]
print("T1 waits:", tile.wait_reason(1))
tile.push(0, [
    ops.TT_OP_SETDMAREG(0, 41, 0, 10),         # GPR 5 = 41
    ops.TT_OP_STOREIND(1, 0, 1, 0, 0, 5, 1),   # L1[0x400] = GPR 5
    ops.TT_OP_SEMPOST(0b1),
])
assert tile.run() == []
print("T1 read", tile.gpr(1)[7] - 1, "and made", tile.gpr(1)[7], "; semaphore 0 =", tile.semaphore(0))
assert tile.gpr(1)[7] == 42 and tile.semaphore(0) == (0, 0)
