"""SFPLOADMACRO: LoadMacroConfig, the four scheduling sub-units and the cycle-by-cycle execution they need.

Source: tt-isa-documentation 393047195250 WormholeB0/TensixTile/TensixCoprocessor/SFPLOADMACRO.md (functional
model, sub-unit table, the footnotes † and ‡, delays and UnitDelayKind, the Store sub-unit's considerations),
SFPCONFIG.md (writes of LoadMacroConfig: VD 0..3 InstructionTemplate, 4..7 Sequence, 8 Misc; LaneConfig's
DISABLE_BACKDOOR_LOAD "backdoor" template writes by instructions with VD >= 12), SFPMOV.md (FROM_SPECIAL reads of
LoadMacroConfig), LReg.md (LReg[16]), SFPSWAP.md (the stall after SFPSWAP), VectorUnit.md (sub-units).

Programs that use none of this run in tensix.sfpu.execute's batched interpreter unchanged; `needs_engine` tells
which programs come here (SFPLOADMACRO, SFPCONFIG with VD 0..8, SFPMOV from LoadMacroConfig, an instruction whose
page tests `VD < 12 || DISABLE_BACKDOOR_LOAD` with VD >= 12). `Engine` runs them one cycle at a time: every
instruction still executes in the batched interpreter (all instances at once), the engine only decides what runs
on which cycle. Those decisions never depend on data in the runs that matter (an op's program from a fixed
configuration), so the engine records the rows it ran and a second run from the same starting point replays them in
one batched call (Trace, below): tt-llk's binary max / min then costs what its plain form costs.

What one "cycle" is here (tensix.sfpu's straight-line programs): each program row is issued on a cycle of its own
(one instruction per cycle through the thread's Wait Gate, tile.instruction.issue), SETRWC / INCRWC included
(they occupy the cycle but are not issued to the Vector Unit, so they do not count for WaitForElapsedInstructions);
a regular SFPSWAP followed by a Vector Unit instruction other than SFPNOP adds one cycle on which nothing is issued
(SFPSWAP.md's automatic stall). After the last row, cycles keep passing while a scheduled instruction can still
execute without further issues (count 0, or every outstanding one counts cycles); the others stay pending in the
state and run in the next program. The tile (tensix.tile.vector) gives the engine its own clock instead.

Decisions where the sources are silent (each raises rather than guesses where it could matter):
- Instructions on one cycle (the issued one and the scheduled ones, on different sub-units) all read the state
  as it was at the start of the cycle (1-cycle results become visible on the next cycle): they run in an order
  that puts readers of an LReg, the lane flags, Dst, LaneConfig or LoadMacroConfig before its writers, or, when
  they read each other's results, each on a copy of the start state with their writes put together afterwards.
  Two that write the same thing raise NotModelledError (which write wins is not documented). tt-llk's schedules
  (tt-metal 622c6fb9) rely on this reading: binary max/min int32 puts an SFPSETCC and a predicated SFPSHFT2 on one
  cycle; where() a scheduled SFPSETCC reading the condition LReg on the cycle an SFPLOADMACRO reloads it.
- (‡) "SFPNOP needs to be scheduled to the MAD sub-unit" with a scheduled SFPSWAP is read as "the MAD sub-unit
  executes nothing else on that cycle": tt-llk's binary max/min schedules SFPSWAP with an empty MAD column. A MAD
  instruction on that cycle raises UndefinedBehaviourError.
- SFPLOADMACRO.md's pseudo-code forgets a sub-unit's pending instruction "which would execute at the same point in
  time" before it looks whether the Sequence schedules anything for that sub-unit (`case 0: continue` comes after).
  tt-llk's u16 multiply (622c6fb9 ckernel_sfpu_mul_int.h, by the author of that page; 12 cycles per row) issues an
  SFPLOADMACRO whose Store slot is empty (bits 0: delay 0) on the cycle before its scheduled SFPSTORE executes, and
  relies on that store. Decision: a slot that schedules nothing (template 0) forgets nothing.
- Two scheduled instructions due on one sub-unit on one cycle (possible with delay 7, which does not forget) raise
  NotModelledError; so does LoadMacroConfig differing between lanes (the page allows it but discourages it), and
  a Sequence / InstructionTemplate / Misc read before any write (power-on values undocumented).
- SFPSWAP's one-cycle stall (SFPSWAP.md) holds a thread that presents an instruction after its own SFPSWAP; a
  scheduled SFPSWAP does not stall the thread: tt-llk's binary max/min (622c6fb9) issues a non-SFPNOP instruction
  right after each scheduled SFPSWAP and states 3 cycles per row, with Round / Store delays counted in cycles.
- The scheduled SFPSTORE's address is the SFPLOADMACRO's own SFPLOAD address (Imm10 + base + RWC.Dst before its
  AddrMod); a Store with MOD0_FMT_INT32_ALL after a load without it (or the reverse) raises NotModelledError.
- LReg[16] is written / read through a free LReg: instructions that touch LRegs implicitly (SFPTRANSP, SFPSHFT2's
  copy modes, SFPLUT*, indirect SFPMAD) with VD = 16 raise NotModelledError.
- A scheduled SFPSWAP whose VB differs from its VD raises NotModelledError: SFPSWAP.md reads VD, tt-llk's
  exp_tile<approx> input clamp expects VB to be read (sources disagree).
- Backdoor template writes: every instruction with a VD field but SFPCONFIG (see BACKDOOR).
- Undefined behaviour (UndefinedBehaviourError naming SFPLOADMACRO.md): Sequence bits with template 1, a Store
  sub-unit given anything but SFPSTORE, a Simple and a Round instruction on one cycle without the † VD split.
"""

from __future__ import annotations

import numpy as np

from tensix.errors import NotModelledError, SfpuError, TileError, UndefinedBehaviourError
from tensix.encoding.words import name_of as word_name
from tensix.sfpu import isa
from tensix.sfpu.words import to_instr, to_word

_PAGE = "tt-isa-documentation 393047195250 WormholeB0/TensixTile/TensixCoprocessor/SFPLOADMACRO.md"

SIMPLE, MAD, ROUND, STORE, LOAD = range(5)
UNIT_NAMES = ("Simple", "MAD", "Round", "Store", "Load")
# SFPLOADMACRO.md's table (columns Simple, MAD, Round, Store); the load sub-unit takes SFPLOAD, SFPLOADI,
# SFPLOADMACRO (and SFPNOP, which every column lists).
_COLUMNS = (
    ("SFPABS", "SFPAND", "SFPCAST", "SFPCOMPC", "SFPCONFIG", "SFPDIVP2", "SFPENCC", "SFPEXEXP", "SFPEXMAN", "SFPIADD",
     "SFPLZ", "SFPMOV", "SFPNOP", "SFPNOT", "SFPOR", "SFPPOPC", "SFPPUSHC", "SFPSETCC", "SFPSETEXP", "SFPSETMAN",
     "SFPSETSGN", "SFPSHFT", "SFPSWAP", "SFPTRANSP", "SFPXOR"),
    ("SFPADD", "SFPADDI", "SFPLUT", "SFPLUTFP32", "SFPMAD", "SFPMUL", "SFPMULI", "SFPNOP"),
    ("SFPNOP", "SFPSHFT2", "SFPSTOCHRND"),
    ("SFPSTORE",),
)
CAN_EXECUTE = tuple(frozenset(isa.OPCODES[n] for n in col) for col in _COLUMNS)
UNIT_OF = {}
for _u, _col in enumerate(_COLUMNS):
    for _n in _col:
        if _n != "SFPNOP":
            UNIT_OF[isa.OPCODES[_n]] = _u
for _n in ("SFPLOAD", "SFPLOADI", "SFPLOADMACRO", "SFPNOP"):
    UNIT_OF[isa.OPCODES[_n]] = LOAD

# SFPCONFIG.md's LaneConfig table: with DISABLE_BACKDOOR_LOAD false, "instructions with VD >= 12 are treated as
# writes (of the instruction bits) to LoadMacroConfig.InstructionTemplate[VD - 12]". The pages whose functional
# model tests `VD < 12 || DISABLE_BACKDOOR_LOAD` (SFPMAD, SFPSWAP, SFPSTORE, SFPSTOCHRND, ...) are those that would
# otherwise act with such a VD; the others write only VD < 8, so the table's rule covers them too: tt-llk's
# exp_init (622c6fb9) loads InstructionTemplate[3] with SFPSETSGN VD=15, whose page has no such test. Decision:
# every instruction with a VD field, except SFPCONFIG, whose functional model writes LReg[VD] for VD 11..14 (the
# inits that load LReg12..14 rely on it), and SFPLOADMACRO (VD < 8).
BACKDOOR = frozenset(isa.OPCODES[n] for n, f in isa.FIELDS.items()
                     if n.startswith("SFP") and n not in ("SFPCONFIG", "SFPLOADMACRO")
                     and any(s.name == "VD" for s in f))

_O = isa.OPCODES
OP_LOADMACRO, OP_CONFIG, OP_MOV, OP_NOP, OP_SWAP = (_O["SFPLOADMACRO"], _O["SFPCONFIG"], _O["SFPMOV"], _O["SFPNOP"],
                                                    _O["SFPSWAP"])
OP_STORE, OP_LOAD, OP_SHFT2 = _O["SFPSTORE"], _O["SFPLOAD"], _O["SFPSHFT2"]
_RWC_OPS = frozenset((_O["SETRWC"], _O["INCRWC"]))
_HAS_VB = frozenset(_O[n] for n, f in isa.FIELDS.items() if any(s.name == "VB" for s in f))
_HAS_VC = frozenset(_O[n] for n, f in isa.FIELDS.items() if any(s.name == "VC" for s in f))
_MAD_OPS = frozenset(range(7))

C_OP, C_VA, C_VB, C_VC, C_VD, C_MOD, C_IMM, C_X = (isa.C_OP, isa.C_VA, isa.C_VB, isa.C_VC, isa.C_VD, isa.C_MOD,
                                                    isa.C_IMM, isa.C_X)


def _special(row) -> bool:
    """Does this program row need the engine (rather than the batched interpreter alone)?"""
    op, vc, vd, mod = int(row[C_OP]), int(row[C_VC]), int(row[C_VD]), int(row[C_MOD])
    if op == OP_LOADMACRO:
        return True
    if op == OP_CONFIG and vd <= 8:
        return True
    if op == OP_MOV and mod & isa.SFPMOV_MOD1_FROM_SPECIAL and vc <= 8:
        return True
    return op in BACKDOOR and vd >= 12


def needs_engine(prog: np.ndarray) -> bool:
    """Whether `prog` (isa.encode output) uses LoadMacroConfig, SFPLOADMACRO or a backdoor template write."""
    if prog.shape[0] == 0:
        return False
    ops = prog[:, C_OP]
    vd = prog[:, C_VD]
    if (ops == OP_LOADMACRO).any() or ((ops == OP_CONFIG) & (vd <= 8)).any():
        return True
    if ((ops == OP_MOV) & ((prog[:, C_MOD] & 8) != 0) & (prog[:, C_VC] <= 8)).any():
        return True
    return bool((np.isin(ops, list(BACKDOOR)) & (vd >= 12)).any())


# ---- which state an instruction reads and writes (conservative), for ordering one cycle's instructions ---------
_FLAGS, _DST, _LCFG, _LMC, _RWC, _PRNG = 17, 18, 19, 20, 21, 22
_ALL_LREGS = (1 << 17) - 1
_FLAG_WRITERS = frozenset(_O[n] for n in ("SFPSETCC", "SFPENCC", "SFPPUSHC", "SFPPOPC", "SFPCOMPC", "SFPIADD",
                                          "SFPEXEXP", "SFPLZ"))


_NO_VD_READ = frozenset(_O[n] for n in ("SFPLOAD", "SFPLOADMACRO", "SFPLOADI", "SFPMOV", "SFPCONFIG", "SFPEXEXP",
                                         "SFPEXMAN", "SFPABS", "SFPLZ", "SFPNOT", "SFPCAST", "SFPSTOCHRND", "SFPMAD",
                                         "SFPADD", "SFPMUL", "SFPSHFT2", "SFPSETCC", "SFPENCC", "SFPPUSHC",
                                         "SFPPOPC", "SFPCOMPC"))
_NO_LREG_WRITE = frozenset(_O[n] for n in ("SFPSETCC", "SFPENCC", "SFPPUSHC", "SFPPOPC", "SFPCOMPC"))
_HAS_VA = frozenset(_O[n] for n, f in isa.FIELDS.items() if any(s.name == "VA" for s in f))
_USES_VB = _HAS_VB | frozenset(_O[n] for n in isa.VB_IS_VD) | {OP_SHFT2}
_USES_VC = _HAS_VC | frozenset(_O[n] for n in isa.VC_IS_VD)


def _effects(row, scheduled, index_mode):
    """(reads, writes) as bit masks over LReg 0..16 and the flags / Dst / LaneConfig / LoadMacroConfig / RWC /
    PRNG. A superset: the register fields an instruction has are taken as read, every lane-predicated instruction
    reads the flags; Dst accesses are compared by address separately (_dst_key)."""
    op = int(row[C_OP])
    if op == OP_NOP:
        return 0, 0
    va, vb, vc, vd, mod = (int(row[c]) for c in (C_VA, C_VB, C_VC, C_VD, C_MOD))
    r = (1 << _FLAGS) | (1 << _LCFG)
    if op in _HAS_VA:
        r |= 1 << va
    if op in _USES_VB:
        r |= 1 << vb
    if op in _USES_VC:
        r |= 1 << vc
    if op not in _NO_VD_READ or (op in (OP_LOAD, OP_LOADMACRO) and mod in (14, 15)) or (
            op == _O["SFPLOADI"] and mod in (8, 10)):
        r |= 1 << vd
    w = 0
    if op == OP_LOAD or op == OP_LOADMACRO:
        r |= 1 << _DST
        w |= (1 << vd) | (0xF0 if vd < 4 and index_mode else 0)
        if op == OP_LOADMACRO:
            r |= 1 << _LMC
        if not scheduled:
            w |= 1 << _RWC
    elif op == OP_STORE:
        w |= 1 << _DST
        if not scheduled:
            w |= 1 << _RWC
    elif op in _RWC_OPS:
        return 1 << _RWC, 1 << _RWC
    elif op == OP_CONFIG:
        r |= 1
        w |= (1 << _LMC) if vd <= 8 else ((1 << _LCFG) if vd == 15 else (1 << vd))
    elif op == OP_SWAP:
        w |= (1 << vc) | (1 << vd) | (0xF0 if index_mode else 0)
    elif op in _MAD_OPS and mod & 12 or op in (_O["SFPLUT"], _O["SFPLUTFP32"], _O["SFPTRANSP"]) or (
            op == OP_SHFT2 and mod <= 4):
        r |= _ALL_LREGS
        w |= 0xFF | (1 << vd)
    elif op not in _NO_LREG_WRITE:
        w |= 1 << vd
    if op in _FLAG_WRITERS and not (op == _O["SFPIADD"] and mod & 4) and not (
            op in (_O["SFPEXEXP"], _O["SFPLZ"]) and not mod & 10):
        w |= 1 << _FLAGS  # SFPIADD with CC_NONE, SFPEXEXP / SFPLZ without their CC bits leave the flags alone
    if op == OP_MOV and mod & 8:
        r |= (1 << _LMC) | (1 << _PRNG)
        w |= 1 << _PRNG
    if op in (_O["SFPCAST"], _O["SFPSTOCHRND"]):
        r |= 1 << _PRNG
        w |= 1 << _PRNG
    if not scheduled and op in BACKDOOR and vd >= 12:
        w |= 1 << _LMC
    return r, w & ~(0x700)  # LReg 8..10 are constants: nothing writes them


class Entry:
    """An instruction SFPLOADMACRO scheduled: its sub-unit, remaining delay, delay kind (0 cycles, 1 issued
    instructions), the program row to execute, the Store's Dst address per instance, and a description."""

    __slots__ = ("unit", "count", "kind", "row", "addr", "_what", "new", "origin")

    def __init__(self, unit, count, kind, row, addr, what, origin=None):
        self.unit, self.count, self.kind, self.row, self.addr, self._what = unit, count, kind, row, addr, what
        self.new = True
        self.origin = origin  # the program row of the SFPLOADMACRO that scheduled it

    @property
    def what(self):
        """Its description (built when an error needs it: `_what` may be a function)."""
        if callable(self._what):
            self._what = self._what()
        return self._what

    def key(self):
        return (self.unit, self.count, self.kind, self.row.tobytes(),
                None if self.addr is None else self.addr.tobytes())


class Engine:
    """Runs a program (or a tile's word stream) one cycle at a time with LoadMacroConfig and the scheduled
    instructions. All instances run in lockstep: the caller guarantees they are independent and start with the
    same outstanding scheduled instructions.

    With `record`, the engine also notes the rows it runs, in order (`trace`; see Trace), and gives up noting
    (trace None) at anything a replay could not repeat."""

    def __init__(self, state, dsts, s_of, d_of, b_of, inp, run_rows, instrs=None, words=None, record=False):
        self.st, self.dsts, self.s_of, self.d_of, self.b_of, self.inp = state, dsts, s_of, d_of, b_of, inp
        self.run_rows = run_rows  # run_rows(prog, instrs, b_of=None): the batched interpreter on these instances
        self.instrs, self.words = instrs, words
        if not hasattr(state, "lm_pending"):  # a view made by hand (tensix.kernel.ckernel)
            state.lm_pending = [()] * state.n
        first = state.lm_pending[int(s_of[0])] if len(s_of) else ()
        for s in s_of:
            if [e.key() for e in state.lm_pending[int(s)]] != [e.key() for e in first]:
                raise NotModelledError("instances with different outstanding SFPLOADMACRO instructions cannot run "
                                       "in one batch. Fix: run them one at a time.")
        self.pending = [self._copy(e) for e in first]
        self.k = len(s_of)
        self.trace = [] if record else None
        self.cycle = 0
        self.counts = np.zeros(isa.NUM_OPCODES, np.int64)
        self.swap_regular = False
        self.discarded = False  # the last issued instruction lost its sub-unit to a scheduled one

    @staticmethod
    def _copy(e):
        c = Entry(e.unit, e.count, e.kind, e.row, e.addr, e._what, e.origin)
        c.new = False
        return c

    def save(self):
        for s in self.s_of:
            self.st.lm_pending[int(s)] = tuple(self.pending)

    # ---- the program driver -------------------------------------------------------------------------------
    def run_program(self, prog):
        """Every row of `prog` on its own cycle (with the SFPSWAP stall), then the cycles after it while a
        scheduled instruction can still execute without further issues."""
        i, n = 0, prog.shape[0]
        while i < n:
            if not self.pending and not _special(prog[i]):
                j = i + 1
                while j < n and not _special(prog[j]) and int(prog[j - 1, C_OP]) != OP_SWAP:
                    j += 1
                # a run of ordinary rows with nothing outstanding: one batched call (SFPSWAP ends a run: its stall
                # matters only if something gets scheduled after it, which the per-cycle path handles)
                self.counts += self.run_rows(prog[i:j], self._ins(i, j))
                self._note(prog[i:j], np.arange(i, j))
                self.cycle += j - i
                self.swap_regular = int(prog[j - 1, C_OP]) == OP_SWAP
                i = j
                continue
            self.issue(prog[i], i)
            i += 1
        self.settle()

    def settle(self):
        """Let cycles pass with nothing issued while that can still execute a scheduled instruction."""
        while self.pending and (any(e.count == 0 for e in self.pending) or all(e.kind == 0 for e in self.pending)):
            self.step(None, None)

    def _ins(self, i, j):
        return None if self.instrs is None else self.instrs[i:j]

    def _note(self, rows, origin):
        """Record rows the interpreter ran (program row `origin` each) for a replay."""
        if self.trace is not None:
            self.trace.append((rows.reshape(-1, isa.NCOLS), np.broadcast_to(np.asarray(origin, np.int64),
                                                                             (rows.size // isa.NCOLS,))))

    def issue(self, row, index, cycle=None):
        """Issue `row` (program row `index`, for messages and words) on the next cycle, or on `cycle` (the
        tile's clock: the cycles in between pass with nothing issued)."""
        op = int(row[C_OP])
        if cycle is not None:
            while self.cycle < cycle:
                if not self.pending:
                    self.cycle = cycle
                    break
                self.step(None, None)
        elif op != OP_NOP and op not in _RWC_OPS:
            if self.swap_regular:
                self.step(None, None)  # SFPSWAP.md: the thread is stalled one cycle
        self.step(row, index)

    # ---- one cycle ------------------------------------------------------------------------------------------
    def step(self, row, index):
        due = [e for e in self.pending if e.count == 0 and not e.new]
        units = [e.unit for e in due]
        if len(set(units)) != len(units):
            u = max(set(units), key=units.count)
            raise NotModelledError(
                f"cycle {self.cycle}: two scheduled instructions are due on the {UNIT_NAMES[u]} sub-unit at once "
                f"({', '.join(e.what for e in due if e.unit == u)}); with delay 7 an SFPLOADMACRO does not forget "
                f"the earlier one ({_PAGE}), and which executes is not documented. Fix: use delays that differ.")
        issued = row is not None and int(row[C_OP]) not in _RWC_OPS
        items = [(e.row, True, e) for e in due]
        if row is not None:
            op = int(row[C_OP])
            unit = UNIT_OF.get(op)
            self.discarded = not (op == OP_NOP or unit not in units)
            if not self.discarded:
                items.append((row, False, index))
            # else: "the scheduled instruction takes priority and the regular instruction is silently discarded"
        self._check_cycle(items)
        ordered, masks = self._order(items)
        if ordered is not None:
            for it in ordered:
                self._exec(it)
        else:
            self._snapshot_cycle(items, masks)
        self.pending = [e for e in self.pending if e not in due]
        self.swap_regular = row is not None and int(row[C_OP]) == OP_SWAP and any(
            not it[1] for it in items)
        by_instr = any(e.kind == 1 for e in self.pending)
        for e in self.pending:
            if e.new:
                e.new = False
            elif e.count > 0 and (issued or not by_instr):
                e.count -= 1
        self.cycle += 1

    def _check_cycle(self, items):
        simple = [r for r, s, _ in items if UNIT_OF.get(int(r[C_OP])) == SIMPLE and int(r[C_OP]) != OP_NOP]
        rnd = [r for r, s, _ in items if UNIT_OF.get(int(r[C_OP])) == ROUND and int(r[C_OP]) != OP_NOP]
        if simple and rnd:
            a, b = int(simple[0][C_VD]), int(rnd[0][C_VD])
            if not ((a == 16) != (b == 16) or (a < 4 and 4 <= b < 8) or (b < 4 and 4 <= a < 8)):
                raise UndefinedBehaviourError(
                    f"cycle {self.cycle}: a Simple ({isa.OPCODE_NAMES[int(simple[0][C_OP])]} VD={a}) and a Round "
                    f"({isa.OPCODE_NAMES[int(rnd[0][C_OP])]} VD={b}) instruction execute on the same cycle without "
                    f"one having VD == 16 and the other not, or one VD < 4 and the other 4 <= VD < 8 ({_PAGE}, †). "
                    "Fix: change the delays or the VD bits of the Sequence.")
        if any(s and int(r[C_OP]) == OP_SWAP and e.unit == SIMPLE for r, s, e in items):
            mad = [r for r, s, e in items if int(r[C_OP]) in _MAD_OPS]
            if mad:
                raise UndefinedBehaviourError(
                    f"cycle {self.cycle}: SFPSWAP scheduled to the Simple sub-unit while the MAD sub-unit executes "
                    f"{isa.OPCODE_NAMES[int(mad[0][C_OP])]}; SFPNOP needs to be scheduled to the MAD sub-unit for "
                    f"the same time ({_PAGE}, ‡). Fix: keep the MAD column free on that cycle.")

    def _order(self, items):
        """Readers before writers (all read the state at the start of the cycle); raise if impossible."""
        if len(items) <= 1:
            return items, None
        cfg = self.st.lane_config[self._lanes()]
        index_mode = bool((cfg & isa.LANECFG_ENABLE_DEST_INDEX).any())
        exchange = bool((cfg & (isa.LANECFG_DEST_RD_COL_EXCHANGE | isa.LANECFG_DEST_WR_COL_EXCHANGE)).any())
        eff = [_effects(r, s, index_mode) for r, s, _ in items]
        keys = [self._dst_key(it, exchange) for it in items]

        def dst_apart(a, b):
            return keys[a] is not None and keys[b] is not None and not (keys[a] == keys[b]).any()

        for a in range(len(items)):
            for b in range(a + 1, len(items)):
                both = eff[a][1] & eff[b][1]
                if both & (1 << _DST) and dst_apart(a, b):
                    both &= ~(1 << _DST)
                if both:
                    raise NotModelledError(
                        f"cycle {self.cycle}: {self._what(items[a])} and {self._what(items[b])} execute on the same "
                        f"cycle and both write {_state_names(both)}; which write wins is not documented ({_PAGE}). "
                        "Fix: schedule them on different cycles.")
        left = list(range(len(items)))
        out = []
        while left:
            for a in left:
                if not any(eff[a][1] & eff[b][0] & ~((1 << _DST) if dst_apart(a, b) else 0)
                           for b in left if b != a):
                    out.append(items[a])
                    left.remove(a)
                    break
            else:
                return None, [w for _, w in eff]  # a read/write cycle: run them on snapshots (_snapshot_cycle)
        return out, None

    def _exec(self, item):
        if item[1]:
            self._exec_scheduled(item[2])
        else:
            self._exec_regular(item[0], item[2])

    _FLAG_ARRAYS = ("flags", "use_flags", "stack_flags", "stack_use", "stack_size")
    _LMC_ARRAYS = ("lm_template", "lm_sequence", "lm_misc", "lm_written")

    def _snapshot_cycle(self, items, masks):
        """Instructions of one cycle that read each other's results: each runs on the state of the start of the
        cycle, then their writes (the superset _effects names; no two overlap, checked) are put together."""
        self.trace = None  # not rows in order: not replayable
        st = self.st
        names = [n for n, v in vars(st).items() if isinstance(v, np.ndarray)]
        start = {n: getattr(st, n).copy() for n in names}
        dst0 = self.dsts.copy()
        results = []
        for item, w in zip(items, masks):
            for n in names:
                getattr(st, n)[...] = start[n]
            self.dsts[...] = dst0
            self._exec(item)
            got = {}
            for i in range(17):
                if w >> i & 1:
                    got[("lregs", i)] = st.lregs[:, i].copy()
            for bit, arrays in ((_FLAGS, self._FLAG_ARRAYS), (_LCFG, ("lane_config",)), (_LMC, self._LMC_ARRAYS),
                                (_RWC, ("rwc",)), (_PRNG, ("prng",))):
                if w >> bit & 1:
                    for n in arrays:
                        got[n] = getattr(st, n).copy()
            if w >> _DST & 1:
                got["dsts"] = self.dsts.copy()
            results.append(got)
        for n in names:
            getattr(st, n)[...] = start[n]
        self.dsts[...] = dst0
        for got in results:
            for k, v in got.items():
                if k == "dsts":
                    self.dsts[...] = v
                elif isinstance(k, tuple):
                    st.lregs[:, k[1]] = v
                else:
                    getattr(st, k)[...] = v

    def _dst_key(self, item, exchange):
        """The Dst rows (and column half) an SFPLOAD / SFPSTORE item touches, per instance: 4-row group << 1 |
        odd columns (without the column bit when a LaneConfig column exchange is set); None for the others."""
        r, scheduled, e = item
        op = int(r[C_OP])
        if op not in (OP_LOAD, OP_LOADMACRO, OP_STORE):
            return None
        if scheduled and e.addr is not None:
            addr = np.asarray(e.addr, np.int64)
        else:
            addr = int(r[C_IMM]) + np.asarray(self.b_of, np.int64) + self.st.rwc[self._lanes(), 0].astype(np.int64)
            if int(r[C_MOD]) == isa.MOD0_FMT_INT32_ALL:
                return None
        return (addr >> 2) << 1 | (0 if exchange else (addr >> 1) & 1)

    def _what(self, item):
        r, s, e = item
        return f"scheduled {e.what}" if s else self._name(r, e)

    def _name(self, row, index):
        if self.instrs is not None and index is not None and index < len(self.instrs):
            return f"instruction {index} ({self.instrs[index]})"
        return f"instruction {index} ({isa.OPCODE_NAMES[int(row[C_OP])]})"

    # ---- executing ----------------------------------------------------------------------------------------------
    def _exec_regular(self, row, index):
        op = int(row[C_OP])
        ins = None if self.instrs is None or index is None else self.instrs[index:index + 1]
        if op == OP_CONFIG:
            self.trace = None  # SFPCONFIG may write LaneConfig or LoadMacroConfig from LReg0: the schedule is data
        if op == OP_LOADMACRO:
            self.counts[op] += self.k
            self._loadmacro(row, index)
        elif op == OP_CONFIG and int(row[C_VD]) <= 8:
            self.counts[op] += self.k
            self._config(row)
        elif op == OP_MOV and int(row[C_MOD]) & 8 and int(row[C_VC]) <= 8:
            self.trace = None
            self.counts[op] += self.k
            self._mov_special(row, scheduled=False)
        else:
            self.counts += self.run_rows(row[None, :], ins)
            self._note(row, index)
            if op in BACKDOOR and int(row[C_VD]) >= 12:
                self.trace = None
                self._backdoor(row, index)

    def _lanes(self):
        return np.asarray(self.s_of)

    def _backdoor(self, row, index):
        """SFPCONFIG.md, LaneConfig: DISABLE_BACKDOOR_LOAD false -> the instruction's bits go to
        InstructionTemplate[VD - 12]."""
        if int(row[isa.C_INPUT]) >= 0:
            raise NotModelledError(f"{self._name(row, index)} writes its own bits to an InstructionTemplate (VD >= "
                                   "12) with a runtime immediate. Fix: give the immediate in the instruction.")
        word = self._word(row, index)
        s = self._lanes()
        vd = int(row[C_VD])
        open_ = (self.st.lane_config[s] & isa.LANECFG_DISABLE_BACKDOOR_LOAD) == 0
        t = self.st.lm_template[s, vd - 12]
        self.st.lm_template[s, vd - 12] = np.where(open_, np.uint32(word), t)
        self.st.lm_written[s[open_.any(axis=1)], vd - 12] = 1

    def _word(self, row, index):
        if self.words is not None:
            return int(self.words[index])
        if self.instrs is None:
            raise SfpuError("an instruction with VD >= 12 writes its instruction word to LoadMacroConfig "
                            "(SFPCONFIG.md, DISABLE_BACKDOOR_LOAD): pass instrs= to execute so the word is known")
        return to_word(self.instrs[index])

    def _enabled8(self, s):
        """SFPCONFIG's lane test on lanes L & 7 (UseLaneFlagsForLaneEnable / LaneFlags)."""
        lanes = np.arange(32) & 7
        use = self.st.use_flags[s][:, lanes] != 0
        fl = self.st.flags[s][:, lanes] != 0
        return ~use | fl

    def _config(self, row):
        """SFPCONFIG.md with VD 0..8 (LoadMacroConfig), on every instance."""
        s = self._lanes()
        vd, mod, imm = int(row[C_VD]), int(row[C_MOD]), int(row[C_IMM])
        if int(row[isa.C_INPUT]) >= 0:
            raise NotModelledError("SFPCONFIG with a runtime Imm16 writing LoadMacroConfig. Fix: give Imm16 in the "
                                   "instruction.")
        en = self._enabled8(s)
        if mod & isa.MOD1_IMM16_IS_LANE_MASK:
            en &= ((imm >> ((np.arange(32) & 7) * 2)) & 1).astype(bool)[None, :]
        l0 = self.st.lregs[s, 0][:, np.arange(32) & 7]
        if vd <= 3:
            val, dst = l0, self.st.lm_template[:, vd]
        elif vd <= 7:
            val = np.full_like(l0, imm) if mod & 1 else l0
            dst = self.st.lm_sequence[:, vd - 4]
        else:
            val = (np.full_like(l0, imm) if mod & 1 else l0) & np.uint32(0xFFF)
            old = self.st.lm_misc[s]
            m6 = mod & 6
            val = val if m6 == 0 else (old | val if m6 == 2 else (old & val if m6 == 4 else old ^ val))
            dst = self.st.lm_misc
        dst[s] = np.where(en, val.astype(np.uint32), dst[s])
        self.st.lm_written[s[en.any(axis=1)], vd] = 1

    def _mov_special(self, row, scheduled):
        """SFPMOV.md with FROM_SPECIAL and VC 0..8 (LoadMacroConfig), on every instance."""
        s = self._lanes()
        vc, vd = int(row[C_VC]), int(row[C_VD])
        if not (self.st.lm_written[s, vc] != 0).all():
            raise NotModelledError(f"SFPMOV reads LoadMacroConfig {_lmc_name(vc)}, which nothing has written since "
                                   "reset: its power-on value is not documented. Fix: write it with SFPCONFIG first.")
        ok = (vd < 12) | scheduled | ((self.st.lane_config[s] & isa.LANECFG_DISABLE_BACKDOOR_LOAD) != 0)
        en = ok & self._lane_enabled(s)
        x = (self.st.lm_template[s, vc] if vc <= 3 else
             self.st.lm_sequence[s, vc - 4] if vc <= 7 else self.st.lm_misc[s])
        if vd < 8 or vd == 16:
            self.st.lregs[s, vd] = np.where(en, x, self.st.lregs[s, vd])

    def _lane_enabled(self, s):
        lanes = np.arange(32)
        rm = (self.st.lane_config[s][:, lanes & 7] >> (12 + lanes // 8)) & 1
        return (rm == 0) & ((self.st.use_flags[s] == 0) | (self.st.flags[s] != 0))

    def _loadmacro(self, row, index):
        """SFPLOADMACRO.md's functional model: the SFPLOAD part, then the scheduling."""
        s = self._lanes()
        vd, mod0, imm10, addr_mod = int(row[C_VD]), int(row[C_MOD]), int(row[C_IMM]), int(row[C_X]) & 3
        macro = int(row[C_VA])  # MacroIndex (isa._row keeps it in the VA column)
        base = imm10 + self.b_of + self.st.rwc[s, 0]
        if not self.st.lm_written[s, 4 + macro].all() or not self.st.lm_written[s, 8].all():
            what = f"Sequence[{macro}]" if not self.st.lm_written[s, 4 + macro].all() else "Misc"
            raise NotModelledError(f"{self._name(row, index)}: LoadMacroConfig {what} has not been written since "
                                   "reset and its power-on value is not documented. Fix: program it with SFPCONFIG.")
        load = row.copy()
        load[C_OP] = OP_LOAD
        load[C_VA] = 0
        self.run_rows(load[None, :], None)
        self._note(load, index)
        seq = self.st.lm_sequence[s, macro]
        misc = self.st.lm_misc[s]
        if (seq != seq[:, :1]).any() or (misc != misc[:, :1]).any():
            raise NotModelledError(f"{self._name(row, index)}: LoadMacroConfig differs between lanes; tensix models "
                                   f"one schedule for all lanes ({_PAGE} allows lanes to differ but discourages it). "
                                   "Fix: write the same configuration to every lane.")
        seq, misc = int(seq[0, 0]), int(misc[0, 0])
        for i in range(4):
            bits = (seq >> (8 * i)) & 0xFF
            delay = (bits >> 3) & 7
            sel = bits & 7
            if sel == 0:
                continue  # nothing scheduled: nothing forgotten either (module doc: tt-llk's mul_int needs it)
            if delay != 7:  # forget what would execute at the same time as this one
                self.pending = [e for e in self.pending if not (e.unit == i and e.count == delay + 1 and not e.new)]
            if sel == 1:
                raise UndefinedBehaviourError(
                    f"{self._name(row, index)}: Sequence[{macro}] selects template 1 for the {UNIT_NAMES[i]} "
                    f"sub-unit (bits 0x{bits:02X}), which is undefined behaviour ({_PAGE}). Fix: use 0 (nothing), 2 "
                    "(SFPNOP), 3 (SFPSTORE) or 4..7 (InstructionTemplate[0..3]).")
            if sel == 2:
                ins = _row_of_op(OP_NOP)
            elif sel == 3:
                ins = _row_of_op(OP_STORE)
            else:
                ins = self._template(sel - 4, row, index)
            if int(ins[C_OP]) not in CAN_EXECUTE[i]:
                ins = _row_of_op(OP_NOP)
                if i == STORE:
                    raise UndefinedBehaviourError(
                        f"{self._name(row, index)}: Sequence[{macro}] gives the Store sub-unit an instruction other "
                        f"than SFPSTORE, which becomes an SFPNOP the Store sub-unit cannot take ({_PAGE}). Fix: use "
                        "template 3 (SFPSTORE) or an InstructionTemplate holding an SFPSTORE.")
            addr = None
            if i != STORE:
                if bits & 0x80:
                    ins[C_VB] = vd
                    if int(ins[C_OP]) == OP_SHFT2:
                        ins[C_X] = 1  # SFPSHFT2_MOD1_SHFT_IMM then skips `VB = Imm12 & 15`
                    if int(ins[C_OP]) not in _HAS_VC:
                        ins[C_VC] = ins[C_VD]
                else:
                    ins[C_VC] = vd
                    if int(ins[C_OP]) not in _HAS_VB and not (int(ins[C_OP]) == OP_SHFT2 and int(ins[C_MOD]) == 6):
                        ins[C_VB] = ins[C_VD]
                ins[C_VD] = 16 if bits & 0x40 else vd
            else:
                if bits & 0x40:
                    ins[C_VD] = 16
                elif not bits & 0x80:
                    ins[C_VD] = vd
                smod = mod0 if (misc >> (4 + macro)) & 1 else misc & 0xF
                ins[C_MOD] = smod
                ins[C_IMM] = imm10
                if (smod == isa.MOD0_FMT_INT32_ALL) != (mod0 == isa.MOD0_FMT_INT32_ALL):
                    raise NotModelledError(
                        f"{self._name(row, index)}: the scheduled SFPSTORE uses Mod0 {smod} and the load Mod0 {mod0}; "
                        "one of them is MOD0_FMT_INT32_ALL, which computes the address differently, and which form "
                        f"SFPLOADMACRO computes for the store is not documented ({_PAGE}). Fix: use one family.")
                addr = np.asarray(base, np.int64).copy()
            kind = (misc >> (8 + i)) & 1
            def what(ins=ins, i=i):
                return (f"{isa.OPCODE_NAMES[int(ins[C_OP])]} (VD={int(ins[C_VD])}) on {UNIT_NAMES[i]}, from "
                        + self._name(row, index))

            self.pending.append(Entry(i, delay, kind, ins, addr, what, index))

    def _template(self, t, row, index):
        s = self._lanes()
        if not self.st.lm_written[s, t].all():
            raise NotModelledError(f"{self._name(row, index)}: LoadMacroConfig InstructionTemplate[{t}] has not been "
                                   "written since reset; its power-on value is not documented. Fix: write it (SFPCONFIG "
                                   "VD=t, or an instruction with VD = 12 + t).")
        words = self.st.lm_template[s, t]
        if (words != words[:, :1]).any():
            raise NotModelledError(f"{self._name(row, index)}: InstructionTemplate[{t}] differs between lanes; tensix "
                                   f"models one schedule for all lanes ({_PAGE}). Fix: write the same word to every lane.")
        word = int(words[0, 0])
        hit = _TEMPLATE_ROWS.get(word)
        if hit is not None:
            return hit.copy()
        try:
            name = word_name(word)
        except TileError:  # an opcode the ISA does not name: no sub-unit can execute it
            name = None
        if name is None or not name.startswith("SFP"):
            return _row_of_op(_NOT_SFPU)  # ParseInsn gives an opcode no column lists: it becomes SFPNOP
        try:
            ins = to_instr(word)
        except (NotModelledError, UndefinedBehaviourError, SfpuError) as e:
            raise NotModelledError(f"{self._name(row, index)}: InstructionTemplate[{t}] = 0x{word:08X}: {e}") from None
        r = _TEMPLATE_ROWS[word] = isa.encode([ins])[0]
        if len(_TEMPLATE_ROWS) > 4096:
            _TEMPLATE_ROWS.clear()
        return r.copy()

    def _exec_scheduled(self, e):
        row = e.row.copy()
        op = int(row[C_OP])
        self.counts[op] += self.k
        if op == OP_NOP:
            return
        if op == OP_CONFIG:
            self.trace = None
            if int(row[C_VD]) <= 8:
                self._config(row)
                return
        if op == OP_MOV and int(row[C_MOD]) & 8 and int(row[C_VC]) <= 8:
            self.trace = None
            self._mov_special(row, scheduled=True)
            return
        s = self._lanes()
        vd = int(row[C_VD])
        if op == OP_SWAP and int(row[C_VB]) != vd:
            raise NotModelledError(
                f"scheduled {e.what}: its VB (LReg{int(row[C_VB])}, set by SFPLOADMACRO) differs from VD "
                f"(LReg{vd}). SFPSWAP.md's functional model reads VD and never VB, so by the ISA the swap ignores "
                f"LReg{int(row[C_VB])}; tt-llk (622c6fb9 ckernel_sfpu_exp.h, the exp_tile<approx> input clamp) "
                "uses this form to compare against VB. The sources disagree, so tensix does not guess. Fix: set "
                "the Sequence's VB bit (0x80) so that VB = VD, as binary_max_min does.")
        temp = None
        if vd >= 8 and (op != OP_CONFIG or vd == 16):
            # LReg[16] (or a Store's VD >= 12 with DISABLE_BACKDOOR_LOAD taken as true): through a free LReg
            implicit = op in (_O["SFPTRANSP"], _O["SFPLUT"], _O["SFPLUTFP32"]) or (op == OP_SHFT2 and
                                                                                  int(row[C_MOD]) <= 4) or (
                op in _MAD_OPS and int(row[C_MOD]) & 12)
            if implicit:
                raise NotModelledError(f"scheduled {e.what} with VD={vd}: the instruction also touches LRegs "
                                       "implicitly, which tensix does not model together with LReg[16]. Fix: use "
                                       "an explicit-operand instruction for LReg[16].")
            if vd == 16 or op == OP_STORE:
                busy = {int(row[C_VA]), int(row[C_VB]), int(row[C_VC])}
                temp = next(t for t in range(8) if t not in busy)
                saved = self.st.lregs[s, temp].copy()
                self.st.lregs[s, temp] = self.st.lregs[s, vd]
                row[C_VD] = temp
                self._note(_swap_row(temp, vd), e.origin)  # the replay: exchange, run, exchange back
        if op == OP_STORE:
            row[C_IMM] = 0  # the address SFPLOADMACRO computed (Imm10 included) comes in as the base
            saved_rwc = self.st.rwc[s].copy()
            self.st.rwc[s, 0] = 0
            try:
                self.counts += self.run_rows(row[None, :], None, e.addr) - self.k * _one(op)
            finally:
                self.st.rwc[s] = saved_rwc
            if self.trace is not None:
                rel = np.asarray(e.addr, np.int64) - np.asarray(self.b_of, np.int64)
                if (rel != rel[0]).any():
                    self.trace = None
                else:
                    at = row.copy()
                    at[C_IMM] = int(rel[0])
                    at[C_X] = isa.X_STORE_AT | (int(row[C_X]) & 7)
                    self._note(at, e.origin)
        else:
            self.counts += self.run_rows(row[None, :], None) - self.k * _one(op)
            self._note(row, e.origin)
        if temp is not None:
            if vd == 16:
                self.st.lregs[s, 16] = self.st.lregs[s, temp]
            self.st.lregs[s, temp] = saved
            self._note(_swap_row(temp, vd), e.origin)


def _swap_row(a, b):
    r = _row_of_op(OP_MOV)
    r[C_VC], r[C_VD], r[C_X] = a, b, isa.X_SWAP_LREGS
    return r


# ---- replaying a schedule -------------------------------------------------------------------------------------
# What the engine decides (which instruction runs on which cycle, in which order, what SFPLOADMACRO schedules) depends
# only on the program, the instructions outstanding at its start, LoadMacroConfig, LaneConfig, the RWCs, the ADDR_MOD
# increments and the Dst base modulo 4; never on LReg or Dst data, as long as no SFPCONFIG, no SFPMOV from
# LoadMacroConfig and no backdoor write runs (they copy data into that configuration) and no immediate comes from the
# call's inputs. Then the rows the engine ran, in order, are one straight-line program: a second run from the same
# starting point runs them in one batched call. LReg[16] is reached by exchanging it with a free LReg around the
# instruction (X_SWAP_LREGS rows) and the scheduled SFPSTORE goes where its SFPLOADMACRO said (X_STORE_AT rows), both
# interpreted by tensix.sfpu.execute._run. tests/test_sfpu_loadmacro.py holds replays equal to the engine.
REPLAY = True       # False: every run goes through the engine (for tests that compare the two)
TRACES: dict = {}   # schedule_key -> Trace


class Trace:
    """A recorded schedule: the rows (isa.encode layout, with internal rows), the program row each comes from, and
    the instruction counts per instance."""

    __slots__ = ("prog", "origin", "counts")

    def __init__(self, prog, origin, counts):
        self.prog, self.origin, self.counts = prog, origin, counts


def schedule_key(prog, state, s_of, b_of):
    """The starting point that decides a run's schedule (see above), or None if the run cannot be replayed: instances
    that differ in it, instructions outstanding, an input immediate, a Dst base not a multiple of 4."""
    if not REPLAY or not hasattr(state, "lm_pending") or (prog[:, isa.C_INPUT] >= 0).any():
        return None
    if (np.asarray(b_of) & 3).any() or any(state.lm_pending[s] for s in s_of.tolist()):
        return None
    parts = [len(prog).to_bytes(4, "little"), prog.tobytes()]
    for a in (state.lm_template, state.lm_sequence, state.lm_misc, state.lm_written, state.lane_config, state.rwc,
              state.addr_mod_dst_incr):
        x = a[s_of]
        if (x != x[:1]).any():
            return None
        parts.append(x[0].tobytes())
    return b"".join(parts)


def keep_trace(key, eng):
    """Keep what a recording engine ran for `key`, if it can be replayed: nothing gave the recording up and
    nothing is left outstanding (a replay leaves nothing outstanding)."""
    if eng.trace is None or eng.pending or (eng.counts % eng.k).any():
        return
    if len(TRACES) >= 256:
        TRACES.clear()
    rows = [r for r, _ in eng.trace]
    prog = np.ascontiguousarray(np.concatenate(rows) if rows else np.zeros((0, isa.NCOLS)), np.int32)
    origin = np.concatenate([o for _, o in eng.trace]) if rows else np.zeros(0, np.int64)
    TRACES[key] = Trace(prog, origin, eng.counts // eng.k)


def _one(op):
    c = np.zeros(isa.NUM_OPCODES, np.int64)
    c[op] = 1
    return c


_TEMPLATE_ROWS: dict = {}  # instruction word -> its program row (ParseInsn), once per distinct word
_NOT_SFPU = isa.OPCODES["INCRWC"]  # stands for "an instruction no sub-unit column lists"


def _row_of_op(op):
    r = np.zeros(isa.NCOLS, np.int32)
    r[C_OP] = op
    r[isa.C_INPUT] = -1
    return r


def _lmc_name(i):
    return f"InstructionTemplate[{i}]" if i <= 3 else (f"Sequence[{i - 4}]" if i <= 7 else "Misc")


_NAMES = {_FLAGS: "the lane flags", _DST: "Dst", _LCFG: "LaneConfig", _LMC: "LoadMacroConfig", _RWC: "the RWCs",
          _PRNG: "the PRNG"}


def _state_names(mask):
    out = [f"LReg{i}" for i in range(17) if mask >> i & 1]
    out += [v for k, v in _NAMES.items() if mask >> k & 1]
    return ", ".join(out)
