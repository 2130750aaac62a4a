"""Time in the tile: each thread's clock, each backend unit's clock, and the busy / stall cycles the profile shows.

Every figure comes from tensix/costs.json (read here directly, so that tensix.tile needs nothing of tensix but its
errors and tensix.sfpu); the keys and their sources:

- `tile.instruction.issue`: a thread's Wait Gate passes at most one instruction per cycle (the expanders emit one
  per cycle: MOPExpander.md, REPLAY.md).
- Scalar Unit (ScalarUnit.md): one instruction at a time, no pipelining; while it runs, the issuing thread passes
  nothing through its Wait Gate and other threads' ThCon instructions wait. `tile.thcon.short` (SETDMAREG,
  DMANOP), `.reg2flop` (REG2FLOP, FLUSHDMA), `.arith` / `.arith_far` (the six GPR arithmetic instructions:
  ADDDMAREG.md's rule on aligned groups of four GPRs), `.memory` (loads, stores, ATSWAP, ATINCGET), `.atomic`
  (ATCAS, ATINCGETPTR, per attempt).
- Configuration Unit (ConfigurationUnit.md): SETC16 one per thread per cycle; WRCFG one per cycle over all
  threads; RMWCIB and RDCFG one of them per cycle over all threads, and not in the cycle after a WRCFG or an RDCFG
  (`tile.config.*`, `tile.config.after_wrcfg_rdcfg`).
- Sync Unit (SyncUnit.md): one cycle each; SEMINIT / SEMPOST / SEMGET one per cycle over all threads.
- Matrix Unit: SETRWC / INCRWC (MatrixUnit.md, `tile.matrix.rwc`).
- Vector Unit: one instruction per cycle over all threads (`sfpu.instruction`; VectorUnit.md); after SFPSWAP a
  non-SFPNOP instruction stalls one cycle (`tile.sfpu.swap_stall`, SFPSWAP.md).

A thread that waits at its Wait Gate (SEMWAIT / STALLWAIT latch, ATGETM, a failing ATCAS / ATINCGETPTR) resumes at
the time of the last instruction that changed what it waits on (a semaphore, a mutex, L1, a GPR): the time of the
change, not of the poll. Unit-busy waits and those resumptions count as the thread's stall cycles.

- MOP Expander (MOPExpander.md): after a MOP, if the next instruction is not a MOP, one cycle in which it neither
  ingests nor emits (`tile.mop.transition`). The word after the MOP's output passes no earlier than one cycle plus
  the penalty after the MOP's last word could first pass: the loss shows only if that last word passed without
  waiting, and never when it was a REPLAY of two or more words (the page's advice; tensix.tile.frontend marks the
  words). This assumes the frontend holds one word ahead of the Wait Gate, as no page gives the depth.

What is not modelled: instructions in flight across units (every instruction's effect is visible when it passes
the Wait Gate, docs/tile.md), memory contention.
"""

import json
from pathlib import Path

import numba
import numpy as np

from tensix.tile import isa

RESUMED = 1 << 34  # log flag: the instruction passed after its thread had waited at the Wait Gate

_COSTS_PATH = Path(__file__).resolve().parents[1] / "costs.json"
UNITS = ("scalar", "config", "sync", "matrix", "vector", "other")


def _costs():
    table = json.loads(_COSTS_PATH.read_text())
    return {k: v["value"] for k, v in table.items() if isinstance(v, dict) and "value" in v}


def tables():
    """Per opcode: (unit index, cycles the unit is busy, cycles no other instruction may enter the unit, cycles the
    issuing thread is held), and the arithmetic opcodes whose cost depends on their GPRs."""
    c = _costs()
    issue = c["tile.instruction.issue"]
    unit = [UNITS.index("other")] * 256
    busy = [issue] * 256
    occupy = [0] * 256
    hold = [issue] * 256

    def put(names, u, b, occ, h):
        for n in names:
            op = isa.OPCODE[n]
            unit[op], busy[op], occupy[op], hold[op] = UNITS.index(u), b, occ, h

    for names, key in (((("SETDMAREG", "DMANOP"), "tile.thcon.short")),
                       (("REG2FLOP", "FLUSHDMA"), "tile.thcon.reg2flop"),
                       (("ADDDMAREG", "SUBDMAREG", "MULDMAREG", "CMPDMAREG", "BITWOPDMAREG", "SHIFTDMAREG"),
                        "tile.thcon.arith"),
                       (("LOADIND", "LOADREG", "ATINCGET", "STOREIND", "STOREREG", "ATSWAP"), "tile.thcon.memory"),
                       (("ATCAS", "ATINCGETPTR"), "tile.thcon.atomic")):
        put(names, "scalar", c[key], c[key], c[key])  # no pipelining; the thread waits for completion
    # the Configuration Unit's issue rules are its own (_account, CONFIG_KIND): no unit-wide occupancy
    put(("SETC16",), "config", c["tile.config.setc16"], 0, issue)
    put(("WRCFG",), "config", c["tile.config.wrcfg"], 0, issue)
    put(("RMWCIB0", "RMWCIB1", "RMWCIB2", "RMWCIB3"), "config", c["tile.config.rmwcib"], 0, issue)
    put(("RDCFG",), "config", c["tile.config.rdcfg"], 0, issue)
    s = c["tile.sync.instruction"]
    put(("ATGETM", "ATRELM", "SEMWAIT", "STALLWAIT"), "sync", s, 0, issue)
    put(("SEMINIT", "SEMPOST", "SEMGET"), "sync", s, 1, issue)
    put(("SETRWC", "INCRWC"), "matrix", c["tile.matrix.rwc"], 1, issue)
    v = c["sfpu.instruction"]
    put([n for n, u in isa.UNIT.items() if u == "vector"], "vector", v, 1, issue)
    arith = frozenset(isa.OPCODE[n] for n in ("ADDDMAREG", "SUBDMAREG", "MULDMAREG", "CMPDMAREG", "BITWOPDMAREG",
                                              "SHIFTDMAREG"))
    kind = [0] * 256
    for name, k in CONFIG_KIND.items():
        kind[isa.OPCODE[name]] = k
    return unit, busy, occupy, hold, arith, c["tile.thcon.arith_far"] - c["tile.thcon.arith"], \
        c["tile.sfpu.swap_stall"], kind, c["tile.config.after_wrcfg_rdcfg"]


# ConfigurationUnit.md's issue rules: SETC16 one per thread per cycle (no rule across threads); WRCFG one per cycle
# over all threads; RMWCIB and RDCFG one of them per cycle over all threads, and not in the cycle after a WRCFG or
# an RDCFG (a RDCFG counts as both kinds)
CFG_WRCFG, CFG_RMW, CFG_RDCFG = 1, 2, 3
CONFIG_KIND = {"WRCFG": CFG_WRCFG, "RMWCIB0": CFG_RMW, "RMWCIB1": CFG_RMW, "RMWCIB2": CFG_RMW, "RMWCIB3": CFG_RMW,
               "RDCFG": CFG_RDCFG}


@numba.njit(cache=True, nogil=True)
def _account(log, unit_of, busy_of, occupy_of, hold_of, is_arith, far, swap_stall, config_kind, cfg_gap, scalar_u,
             sync_u, vector_u, sfpswap, sfpnop, mop_penalty, late, late_at, seq, arrival, thread, stall, free, ubusy,
             ucount, misc, entry):
    """Advance the clocks over a log of passed instructions (word | thread << 32 | RESUMED), in execution order.
    misc = [last_change, swap_at, WRCFG free at, RMWCIB / RDCFG free at, last WRCFG / RDCFG issue].
    late: per thread, the sequence numbers of the words a MOP transition delays (from late_at[thread] on); seq:
    each thread's passed words so far; arrival: when each thread's last word could first pass. entry[0]: the cycle
    the last word entered its unit."""
    for k in range(log.shape[0]):
        e = log[k]
        w = np.int64(e & 0xFFFFFFFF)
        ti = np.int64((e >> 32) & 3)
        op = w >> 24
        now = thread[ti]
        s = seq[ti]
        seq[ti] = s + 1
        while late_at[ti] < late.shape[1] and 0 <= late[ti, late_at[ti]] < s:
            late_at[ti] += 1  # (not expected: every word passes once, in order)
        if late_at[ti] < late.shape[1] and late[ti, late_at[ti]] == s:
            late_at[ti] += 1
            ready = arrival[ti] + 1 + mop_penalty  # the word before it came out as the MOP's last: one cycle lost
            if ready > now:
                stall[ti] += ready - now
                now = ready
        arrival[ti] = now
        if (e >> 34) & 1 and misc[0] > now:  # resumes when what it waited on changed
            stall[ti] += misc[0] - now
            now = misc[0]
        u = unit_of[op]
        k = config_kind[op]
        if k == 0:
            ready = free[u]
        elif k == 1:  # CFG_WRCFG
            ready = misc[2]
        else:  # CFG_RMW, CFG_RDCFG
            ready = max(misc[3], misc[4] + 1 + cfg_gap)
        if ready > now:
            stall[ti] += ready - now
            now = ready
        if k == 1:
            misc[2] = now + 1
            misc[4] = now
        elif k != 0:
            misc[3] = now + 1
            if k == 3:
                misc[4] = now
        b = busy_of[op]
        if u == scalar_u:
            if is_arith[op] and not (w >> 23) & 1 and (w & 0x3F) >> 2 != ((w >> 6) & 0x3F) >> 2:
                b += far  # ADDDMAREG.md: RightReg in another aligned group of four GPRs
            free[u] = now + b
            thread[ti] = now + b
            if now + b > misc[0]:
                misc[0] = now + b
        else:
            if u == vector_u:
                if misc[1] == now - 1 and op != sfpnop:
                    stall[ti] += swap_stall
                    now += swap_stall
                if op == sfpswap:
                    misc[1] = now
            if occupy_of[op]:
                free[u] = now + occupy_of[op]
            thread[ti] = now + hold_of[op]
            if u == sync_u and now + b > misc[0]:
                misc[0] = now + b
        ubusy[u] += b
        ucount[u] += 1
        entry[0] = now


class Clocks:
    """Thread and unit clocks of one tile, and what the profile reports. The Wait Gate only logs what passes
    (`log`); drain() accounts the log in one compiled call, so time costs the hot loop one list append."""

    def __init__(self):
        self.thread = np.zeros(3, np.int64)
        self.stall = np.zeros(3, np.int64)
        self.unit_free = np.zeros(len(UNITS), np.int64)
        self.unit_busy = np.zeros(len(UNITS), np.int64)
        self.unit_count = np.zeros(len(UNITS), np.int64)
        # last change that can release a wait; cycle of the last SFPSWAP; the Configuration Unit's issue rules
        self.misc = np.array([0, -2, 0, 0, -8], np.int64)
        self.blocked = [False, False, False]
        self.log = []
        self.late = ([], [], [])  # per thread: sequence numbers of words a MOP transition delays (Tile.push)
        self._seq = np.zeros(3, np.int64)
        self._arrival = np.zeros(3, np.int64)
        self._entry = np.zeros(1, np.int64)
        unit, busy, occupy, hold, arith, far, swap, kind, gap = tables()
        self._tables = (np.array(unit, np.int64), np.array(busy, np.int64), np.array(occupy, np.int64),
                        np.array(hold, np.int64), np.array([op in arith for op in range(256)], np.bool_), far, swap,
                        np.array(kind, np.int64), gap,
                        UNITS.index("scalar"), UNITS.index("sync"), UNITS.index("vector"), isa.OPCODE["SFPSWAP"],
                        isa.OPCODE["SFPNOP"], _costs()["tile.mop.transition"])

    def _late(self):
        width = max(1, max(len(x) for x in self.late))
        late = np.full((3, width), -1, np.int64)
        for t, x in enumerate(self.late):
            late[t, :len(x)] = x
        return late, np.zeros(3, np.int64)

    def drain(self):
        if self.log:
            log = np.array(self.log, np.uint64)
            self.log.clear()
            late, late_at = self._late()
            _account(log, *self._tables, late, late_at, self._seq, self._arrival, self.thread, self.stall,
                     self.unit_free, self.unit_busy, self.unit_count, self.misc, self._entry)
            for t, x in enumerate(self.late):
                del x[:late_at[t]]  # the ones that passed

    def entry_cycle(self, thread, word):
        """The cycle on which `word`, passing thread `thread`'s Wait Gate now, enters its unit: the accounting of
        drain() run on copies of the clocks (a unit that needs the time while it executes the word: the Vector
        Unit's SFPLOADMACRO schedule)."""
        self.drain()
        log = np.array([word | thread << 32 | (RESUMED if self.blocked[thread] else 0)], np.uint64)
        late, late_at = self._late()
        out = np.zeros(1, np.int64)
        _account(log, *self._tables, late, late_at, self._seq.copy(), self._arrival.copy(), self.thread.copy(),
                 self.stall.copy(), self.unit_free.copy(), self.unit_busy.copy(), self.unit_count.copy(),
                 self.misc.copy(), out)
        return int(out[0])

    def advance_to(self, thread, cycle):
        """Thread `thread`'s next instruction cannot pass before `cycle` (its RISC-V stores it then)."""
        self.drain()
        if self.thread[thread] < cycle:
            self.thread[thread] = cycle

    def charge(self, unit, start, cycles, instructions):
        """Work that reaches unit `unit` outside the Wait Gate's log (the compute API's batched SFPU programs):
        it occupies the unit from `start` (or when the unit is free) for `cycles`, counting `instructions`."""
        self.drain()
        u = UNITS.index(unit)
        begin = max(int(start), int(self.unit_free[u]))
        self.unit_free[u] = begin + cycles
        self.unit_busy[u] += cycles
        self.unit_count[u] += instructions

    def profile(self):
        self.drain()
        return {
            "threads": {f"T{t}": {"cycles": int(self.thread[t]), "stall": int(self.stall[t])} for t in range(3)},
            "units": {u: {"busy": int(self.unit_busy[i]), "instructions": int(self.unit_count[i])}
                      for i, u in enumerate(UNITS) if self.unit_count[i]},
            "cycles": int(max(self.thread.max(), self.unit_free.max())),
        }
