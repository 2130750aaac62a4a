"""The Sync Unit and the Wait Gate: 7 mutexes, 8 semaphores, SEMWAIT / STALLWAIT latching.

Semantics: tt-isa-documentation 39304719 WormholeB0/TensixTile/TensixCoprocessor/SyncUnit.md, ATGETM.md,
ATRELM.md, SEMINIT.md, SEMPOST.md, SEMGET.md, SEMWAIT.md, STALLWAIT.md. Field layouts from the ISA pages'
diagrams: SEMINIT NewMax 23:20, NewValue 19:16, SemaphoreMask 9:2; SEMPOST / SEMGET SemaphoreMask 9:2;
SEMWAIT BlockMask 23:15, SemaphoreMask 9:2, ConditionMask 1:0; STALLWAIT BlockMask 23:15, ConditionMask 14:0;
ATGETM / ATRELM Index 15:0.

STALLWAIT conditions in this model: the tile executes each instruction completely when it passes the Wait Gate,
and Unpack / Matrix / Pack / Mover / SFPU instructions are not executed at all (NotModelledError), so no
thread ever has a memory request or an instruction in flight: C0-C7 and C12-C14 are met as soon as they are
evaluated. C8-C11 test which client owns SrcA / SrcB banks, which is not modelled: NotModelledError.
"""

from tensix.errors import NotModelledError

_DOC = "tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor"
SRC_BANK_CONDITIONS = 0x0F00  # C8-C11
_BITS = [tuple(i for i in range(8) if m >> i & 1) for m in range(256)]  # the semaphores a mask selects


class Latch:
    """The Wait Gate's latched wait instruction of one thread."""

    __slots__ = ("semwait", "conditions", "semaphores", "block", "word")

    def __init__(self, semwait, conditions, semaphores, block, word):
        self.semwait, self.conditions, self.semaphores, self.block, self.word = (
            semwait, conditions, semaphores, block, word)


class SyncUnit:
    """Mutex and semaphore state shared by the three threads."""

    __slots__ = ("mutex", "sem_value", "sem_max")

    def __init__(self):
        self.mutex = [None] * 8  # holder thread per index; index 1 does not exist (SyncUnit.md)
        self.sem_value = [0] * 8
        self.sem_max = [0] * 8

    def seminit(self, mask, value, maximum):
        for i in range(8):
            if mask >> i & 1:
                self.sem_value[i], self.sem_max[i] = value, maximum

    def sempost(self, mask):
        v = self.sem_value
        for i in _BITS[mask]:
            if v[i] < 15:
                v[i] += 1

    def semget(self, mask):
        v = self.sem_value
        for i in _BITS[mask]:
            if v[i] > 0:
                v[i] -= 1

    def latch_met(self, latch):
        """True once every selected condition of the latched wait is met (SEMWAIT.md / STALLWAIT.md)."""
        if not latch.semwait:
            return True  # every evaluable STALLWAIT condition holds at once in this model (module docstring)
        v, m, c = self.sem_value, self.sem_max, latch.conditions
        for i in range(8):
            if latch.semaphores >> i & 1:
                if c & 1 and v[i] == 0:
                    return False
                if c & 2 and v[i] >= m[i]:
                    return False
        return True


def make_latch(word, thread, disassembly):
    """The latched wait instruction that a SEMWAIT or STALLWAIT word installs (their functional models)."""
    block = (word >> 15) & 0x1FF or 1 << 6
    if word >> 24 == 0xA6:  # SEMWAIT
        conditions = word & 3
        if conditions:
            return Latch(True, conditions, (word >> 2) & 0xFF, block, word)
        return Latch(False, 0x7F, 0, block, word)
    conditions = word & 0x7FFF or 0x7F
    if conditions & SRC_BANK_CONDITIONS:
        raise NotModelledError(
            f"T{thread}: 0x{word:08X} ({disassembly}) waits on C8-C11 (SrcA / SrcB bank ownership, "
            f"{_DOC}/STALLWAIT.md), which tensix does not model yet. Fix: drop those condition bits "
            "(tensix executes no unpack or matrix instruction that could own a bank).")
    return Latch(False, conditions, 0, block, word)
