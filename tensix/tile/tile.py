"""One Wormhole T tile's Tensix coprocessor at instruction level: three threads, each with a MOP Expander and a
Replay Expander (tensix.tile.frontend), the Wait Gate and Sync Unit (tensix.tile.sync), and the backend units
that execute instructions: Scalar Unit / ThCon (tensix.tile.scalar) and Configuration Unit
(tensix.tile.config). Unpack, Matrix, Pack, Mover, Miscellaneous (ADCs) and Vector instructions are decoded
but raise NotModelledError when they reach the Wait Gate.

The frontend and the RISC-V views follow tt-isa-documentation 39304719 WormholeB0/TensixTile:
BabyRISCV/PushTensixInstruction.md (0xFFE40000 / 0xFFE50000 / 0xFFE60000), BabyRISCV/README.md (the memory
map), MOPExpander.md (mop_cfg at 0xFFB80000, write-only), ScalarUnit.md (GPRs at 0xFFE00000), SyncUnit.md
(semaphores at 0xFFE80020), BackendConfiguration.md (Config at 0xFFEF0000, ThreadConfig after it).

Time is not modelled here: `run()` lets the threads take turns, one instruction each per round (T0, T1, T2),
and every instruction completes when it passes the Wait Gate.
"""

from array import array
from collections import deque
from types import MethodType

import numpy as np

from tensix.errors import DeadlockError
from tensix.errors import NotModelledError, UndefinedBehaviourError
from tensix.tile import isa
from tensix.tile.errors import TileError
from tensix.tile.frontend import MopExpander, ReplayExpander
from tensix.tile.sync import SyncUnit, make_latch
from tensix.tile.timing import UNITS

L1_BYTES = 1464 * 1024  # L1.md / seed 004: 1464 KiB at address 0
N_GPRS = 64
CONFIG_WORDS = 47 * 4  # CFG_STATE_SIZE * 4 (cfg_defines.h, tt-metal 622c6fb9)
THREAD_CONFIG_WORDS = 57  # THD_STATE_SIZE
CORES = ("B", "T0", "T1", "T2", "NC")
_DOC = "tt-isa-documentation WormholeB0/TensixTile"

MOP_CFG_BASE = 0xFFB80000
REGFILE_BASE = 0xFFE00000
SEMAPHORE_BASE = 0xFFE80020
CFG_BASE = 0xFFEF0000
THREAD_CFG_BASE = CFG_BASE + 2 * CONFIG_WORDS * 4  # 0xFFEF05E0: after Config[2][188]

# Regions of BabyRISCV/README.md's memory map that tensix.tile does not model: (start, end, cores, what)
_BTN = ("B", "T0", "T1", "T2", "NC")
_UNMODELLED_REGIONS = (
    (0xFFB00000, 0xFFB00800, _BTN, "the core's local data RAM"),
    (0xFFB11000, 0xFFB12000, _BTN, "the TDMA-RISC registers"),
    (0xFFB12000, 0xFFB13000, _BTN, "the tile control / debug / status registers"),
    (0xFFB13000, 0xFFB14000, _BTN, "the PIC registers"),
    (0xFFB20000, 0xFFB30000, _BTN, "NoC 0's registers"),
    (0xFFB30000, 0xFFB40000, _BTN, "NoC 1's registers"),
    (0xFFB40000, 0xFFB80000, _BTN, "the NoC overlay registers"),
    (0xFFE80000, 0xFFE80004, ("B", "T0", "T1", "T2"), "a PCBuf"),
    (0xFFE80004, 0xFFE80020, ("T0", "T1", "T2"), "TTSync"),
    (0xFFE80004, 0xFFE90000, ("B",), "the PCBuf from B to T0"),
    (0xFFE90000, 0xFFEB0000, ("B",), "the PCBuf from B to T1 / T2"),
    (0xFFEC0000, 0xFFEC4000, ("B", "T0", "T1", "T2"), "the mailboxes"),
)


class _Thread:
    __slots__ = ("index", "mop", "replay", "queue", "latch", "reason", "issued", "executed", "queued")

    def __init__(self, index):
        self.index = index
        self.mop = MopExpander(index)
        self.replay = ReplayExpander(index)
        self.queue = deque()  # words between the Replay Expander and the Wait Gate
        self.latch = None  # the Wait Gate's latched SEMWAIT / STALLWAIT
        self.reason = None  # why the head of the queue cannot pass (for blocked() / DeadlockError)
        self.issued = []  # Tile(execute=False): what left the expanders
        self.executed = 0
        self.queued = 0  # words ever put in the queue: the sequence number of the next one


class Tile:
    """A standalone Tensix tile. `Tile(execute=False)` runs only the frontend (see `issued`)."""

    def __init__(self, execute=True):
        self.execute = bool(execute)
        self.l1 = np.zeros(L1_BYTES, dtype=np.uint8)
        # the GPRs: one buffer seen as a (3, 64) uint32 array (views, slices) and as three memoryview rows, whose
        # items are Python ints: the ThCon arithmetic handlers index these about three times faster
        gprs = array("I", bytes(4 * 3 * N_GPRS))
        self._gprs = np.frombuffer(gprs, np.uint32).reshape(3, N_GPRS)
        self._gpr_rows = [memoryview(gprs)[t * N_GPRS:(t + 1) * N_GPRS] for t in range(3)]
        self._config = np.zeros((2, CONFIG_WORDS), dtype=np.uint32)
        self._thread_config = np.zeros((3, THREAD_CONFIG_WORDS), dtype=np.uint16)
        self.sync = SyncUnit()
        self._threads = [_Thread(t) for t in range(3)]
        self._waiting_mutex = [None] * 3  # mutex index a thread's head ATGETM waits for
        self.scalar_owner = None  # thread whose retrying ATCAS / ATINCGETPTR holds the Scalar Unit
        from tensix.tile import config, scalar  # the backend units register their handlers
        self._handlers = [self._unknown] * 256
        for name in isa.UNIT:
            self._handlers[isa.OPCODE[name]] = self._not_modelled
        for opcode, fn in {**scalar.HANDLERS, **config.HANDLERS}.items():
            self._handlers[opcode] = MethodType(fn, self)
        for opcode, handler in self._sync_handlers().items():
            self._handlers[opcode] = handler
        from tensix.tile.vector import VectorUnit
        self.vector = VectorUnit(self)
        for name, unit in isa.UNIT.items():
            if unit == "vector":
                self._handlers[isa.OPCODE[name]] = self.vector.execute
        self._handlers[isa.OPCODE["SETRWC"]] = self.vector.setrwc
        self._handlers[isa.OPCODE["INCRWC"]] = self.vector.incrwc
        self._is_scalar = [False] * 256
        for name, unit in isa.UNIT.items():
            self._is_scalar[isa.OPCODE[name]] = unit == "scalar"
        self._block = [0] * 256
        for name, bits in isa.BLOCK_BITS.items():
            self._block[isa.OPCODE[name]] = bits
        from tensix.tile.timing import Clocks
        self.clocks = Clocks()
        self._step = self._make_step()

    # ---- state views -------------------------------------------------------------------------------------
    def gpr(self, thread):
        """Thread `thread`'s 64 GPRs (uint32, writable view; ScalarUnit.md)."""
        return self._gprs[self._thread_index(thread)]

    @property
    def dst(self):
        """Dst (uint16 (1024, 16), writable view; Dst.md's DstBits as tensix.sfpu.dst stores them: logical
        values, Dst32b row r is DstBits rows AdjRow(r) (high half) and AdjRow(r) + 8). Use
        tensix.sfpu.dst.write_tiles32 / read_tiles32 (or ..16) on it to place tiles."""
        return self.vector.dsts[0]

    @property
    def sfpu(self):
        """The Vector Unit's state (a tensix.sfpu.SfpuState with one instance: LRegs, lane flags, flag stack,
        LaneConfig, PRNG), writable."""
        return self.vector.state

    def rwc(self, thread):
        """Thread `thread`'s RWCs (RWCs.md) as a dict: Dst, Dst_Cr, SrcA, SrcA_Cr, SrcB, SrcB_Cr, FidelityPhase,
        ExtraAddrModBit. `set_rwc(thread, **values)` writes them."""
        from tensix.tile.vector import RWC_NAMES
        row = self.vector.rwc[self._thread_index(thread)]
        return {n: int(v) for n, v in zip(RWC_NAMES, row)}

    def set_rwc(self, thread, **values):
        from tensix.tile.vector import RWC_NAMES
        widths = dict(zip(RWC_NAMES, (10, 10, 6, 6, 6, 6, 2, 1)))
        row = self.vector.rwc[self._thread_index(thread)]
        for name, v in values.items():
            if name not in widths:
                raise TileError(f"{name!r} is not an RWC: they are {', '.join(RWC_NAMES)} (RWCs.md). "
                                "Fix: use one of those names.")
            if not 0 <= v < 1 << widths[name]:
                raise TileError(f"RWC {name}={v} does not fit its {widths[name]} bits (RWCs.md). "
                                f"Fix: pass 0..{(1 << widths[name]) - 1}.")
            row[RWC_NAMES.index(name)] = v

    def config(self, copy):
        """Config copy 0 or 1 (188 x uint32, writable raw view; BackendConfiguration.md). Writes through this
        view bypass the hardware's rules (words >= 152 shared, STATE_RESET); mmio_write applies them."""
        if copy not in (0, 1):
            raise TileError(f"Config copy {copy!r} does not exist: there are two, 0 and 1 "
                            "(BackendConfiguration.md). Fix: pass 0 or 1.")
        return self._config[copy]

    def thread_config(self, thread):
        """ThreadConfig of `thread` (57 x uint16, writable view)."""
        return self._thread_config[self._thread_index(thread)]

    def field(self, name, thread=0, copy=None):
        """A configuration field by its cfg_defines.h name (e.g. "ALU_ACC_CTRL_Fp32_enabled",
        "ADDR_MOD_SET_Base"): ThreadConfig fields of `thread`, Config fields of `copy` (default: the copy
        `thread`'s CFG_STATE_ID selects)."""
        from tensix.tile.config import field
        return field(self, name, self._thread_index(thread), copy)

    def state_id(self, thread):
        """CFG_STATE_ID::StateID of `thread`: which Config copy its instructions use (ThreadConfig word 0 bit 0)."""
        return int(self._thread_config[thread, 0]) & 1

    def semaphore(self, i):
        """(Value, Max) of semaphore `i` (SyncUnit.md)."""
        i = self._sem_index(i)
        return self.sync.sem_value[i], self.sync.sem_max[i]

    def set_semaphore(self, i, value, max):  # noqa: A002 - the ISA's name
        i = self._sem_index(i)
        for what, v in (("value", value), ("max", max)):
            if not 0 <= v <= 15:
                raise TileError(f"semaphore {i}: {what}={v} does not fit its 4 bits (SyncUnit.md). "
                                "Fix: pass 0..15.")
        self.sync.sem_value[i], self.sync.sem_max[i] = int(value), int(max)

    def mutex_holder(self, i):
        """The thread holding mutex `i`, or None. Mutexes are 0 and 2-7 (SyncUnit.md)."""
        if i not in (0, 2, 3, 4, 5, 6, 7):
            raise TileError(f"mutex {i!r} does not exist: the Sync Unit has mutexes 0 and 2-7 (SyncUnit.md). "
                            "Fix: pass one of those.")
        return self.sync.mutex[i]

    def mop_cfg(self, thread):
        """The MOP Expander configuration of `thread` (9 words, a list; written by mmio_write)."""
        return list(self._threads[self._thread_index(thread)].mop.cfg)

    def issued(self, thread):
        """Tile(execute=False): the words that left thread `thread`'s MOP and Replay expanders, in order."""
        if self.execute:
            raise TileError("issued() lists the frontend's output of a Tile(execute=False); this tile executes "
                            "its instructions. Fix: build Tile(execute=False) to inspect the expanders.")
        return list(self._threads[self._thread_index(thread)].issued)

    # ---- pushing instructions ----------------------------------------------------------------------------
    def push(self, thread, words, core=None):
        """What stores of `words` to the instruction buffer do: by RISC-V T<thread> (default) into the MOP
        Expander of that thread, or by core="B" into the FIFO after the MOP Expander (PushTensixInstruction.md,
        MOP.md: RISCV B cannot use MOP)."""
        t = self._threads[self._thread_index(thread)]
        if isinstance(words, (int, np.integer)):
            words = (words,)
        words = [isa._check_word(w) for w in words]
        transitions = []
        if core is None or core == f"T{thread}":
            after_mop = []
            t.mop.expand(words, after_mop, transitions if self.execute else None)
        elif core == "B":
            for w in words:
                if w >> 24 in (0x01, 0x03):
                    raise UndefinedBehaviourError(
                        f"RISC-V B pushed 0x{w:08X} ({isa.disassemble(w)}) to T{thread}: B's pushes enter after "
                        f"the MOP Expander, so it cannot use MOP or MOP_CFG ({_DOC}/TensixCoprocessor/MOP.md). "
                        f"Fix: push MOPs from RISC-V T{thread}.")
            after_mop = words
        else:
            raise TileError(f"core {core!r} cannot push to Tensix thread T{thread}: RISC-V T<i> pushes to T<i> "
                            f"and B to any thread; NC cannot push ({_DOC}/BabyRISCV/PushTensixInstruction.md). "
                            f"Fix: push from T{thread} or B.")
        out = t.issued if not self.execute else []
        if transitions:
            for k in t.replay.expand_tracked(after_mop, out, transitions):
                self.clocks.late[t.index].append(t.queued + k)  # the k-th word of this push comes a cycle late
        else:
            t.replay.expand(after_mop, out)
        if self.execute:
            t.queue.extend(out)
            t.queued += len(out)

    # ---- running -----------------------------------------------------------------------------------------
    def run(self):
        """Run until no thread can make progress. Returns the blocked threads (see blocked()).

        Threads with work take turns, one instruction each per round (T0, T1, T2); a thread alone with work runs
        on without the round-robin bookkeeping (nothing else can change the state it may wait on)."""
        threads, step = self._threads, self._step
        if len(self.clocks.log) > 1 << 20:
            self.clocks.drain()
        while True:
            busy = [t for t in threads if t.queue]
            if not busy:
                return []
            if len(busy) == 1:
                t = busy[0]
                if not step(t, len(t.queue) + 1):
                    return self.blocked()
                continue
            progressed = True
            while progressed:
                progressed = False
                for t in busy:
                    if t.queue and step(t):
                        progressed = True
                if not (busy[0].queue and busy[1].queue and (len(busy) == 2 or busy[2].queue)):
                    break  # a thread ran dry: re-form the rotation
            if not progressed:
                return self.blocked()

    def finish(self):
        """run(), then raise DeadlockError if any thread is left waiting, naming each one's instruction."""
        blocked = self.run()
        if blocked:
            lines = [f"  T{t}: 0x{self._threads[t].queue[0]:08X} {isa.disassemble(self._threads[t].queue[0])}: "
                     f"{self._threads[t].reason}" for t in blocked]
            raise DeadlockError("Tensix threads wait forever (nothing left to run can release them):\n"
                                + "\n".join(lines) + "\nFix: post the semaphore / release the mutex / write "
                                "the L1 word the waiter needs, or drop the wait.")

    def blocked(self):
        """Threads whose next instruction cannot pass the Wait Gate (SEMWAIT / STALLWAIT latch, ATGETM, a
        failing ATCAS or ATINCGETPTR)."""
        return [t.index for t in self._threads if t.queue]

    def wait_reason(self, thread):
        """Why thread `thread`'s next instruction does not proceed (None if it is not blocked)."""
        t = self._threads[self._thread_index(thread)]
        return t.reason if t.queue else None

    def describe(self):
        """A multi-line picture of the tile for debugging: each thread's next instruction and why it waits, its
        latched wait, the semaphores and the mutexes."""
        lines = []
        for t in self._threads:
            head = (f"next 0x{t.queue[0]:08X} {isa.disassemble(t.queue[0])} ({len(t.queue)} queued)"
                    if t.queue else "idle")
            lines.append(f"T{t.index}: {t.executed} executed, {head}")
            if t.queue and t.reason:
                lines.append(f"    waits: {t.reason}")
            if t.latch is not None:
                lines.append(f"    latched: {isa.disassemble(t.latch.word)}")
            if t.replay.recording:
                lines.append(f"    replay buffer recording, {t.replay.load_left} to go")
        sems = ", ".join(f"{i}:{v}/{m}" for i, (v, m) in enumerate(zip(self.sync.sem_value, self.sync.sem_max))
                         if v or m)
        lines.append(f"semaphores (value/max): {sems or 'all 0/0'}")
        held = ", ".join(f"{i}:T{h}" for i, h in enumerate(self.sync.mutex) if h is not None)
        lines.append(f"mutexes held: {held or 'none'}")
        return "\n".join(lines)

    def __repr__(self):
        return f"<tensix.tile.Tile execute={self.execute} blocked={self.blocked()}>"

    def clock(self, thread):
        """Thread `thread`'s clock in cycles: when its next instruction can pass its Wait Gate
        (tensix.tile.timing; figures in tensix/costs.json)."""
        self.clocks.drain()
        return int(self.clocks.thread[self._thread_index(thread)])

    def advance_to(self, thread, cycle):
        """Thread `thread`'s clock moves forward to `cycle` if it is behind: its RISC-V pushes the next words at
        that time (tensix.kernel.ckernel keeps a TRISC's clock and its tile thread's clock one)."""
        self.clocks.advance_to(self._thread_index(thread), int(cycle))

    def charge(self, unit, start, cycles, instructions):
        """Account work that a backend unit does for instructions that do not pass through this tile's Wait
        Gates, from cycle `start` (or when the unit is free) for `cycles`: the compute API's batched SFPU
        programs on a core whose kernel also uses the ckernel layer. It shows in profile() and delays the unit's
        next instruction. unit: one of tensix.tile.timing.UNITS."""
        if unit not in UNITS:
            raise TileError(f"unit {unit!r} is none of {', '.join(UNITS)}. Fix: name one of them.")
        self.clocks.charge(unit, start, int(cycles), int(instructions))

    def profile(self):
        """Each thread's cycles and stall cycles (waiting for a busy unit or at its Wait Gate), each unit's busy
        cycles and instruction count, and the tile's total cycles (tensix.tile.timing)."""
        return self.clocks.profile()

    def executed(self, thread):
        """How many instructions thread `thread` has passed through the Wait Gate."""
        return self._threads[self._thread_index(thread)].executed

    def _make_step(self):
        """The Wait Gate of a thread as a closure over the tile's fixed tables (the hot loop of run())."""
        handlers, block, is_scalar, latch_met = self._handlers, self._block, self._is_scalar, self.sync.latch_met
        tile = self
        from tensix.tile.timing import RESUMED
        log_append, blocked = self.clocks.log.append, self.clocks.blocked

        def step(t, limit=1):
            """Pass up to `limit` instructions of thread `t` through its Wait Gate; returns how many passed."""
            q, ti = t.queue, t.index
            tbits = ti << 32
            n = 0
            while q and n < limit:
                w = q[0]
                op = w >> 24
                latch = t.latch
                if latch is not None:
                    if latch_met(latch):
                        t.latch = None
                    elif (block[op] & latch.block if op != 0x02 else latch.block == 0x1FF):
                        t.reason = f"held at the Wait Gate by {isa.disassemble(latch.word)}"
                        blocked[ti] = True
                        break
                owner = tile.scalar_owner
                if owner is not None and owner != ti and is_scalar[op]:
                    t.reason = f"the Scalar Unit is busy with T{owner}'s retrying atomic (ATCAS.md, ATINCGETPTR.md)"
                    blocked[ti] = True
                    break
                if not handlers[op](ti, w):
                    blocked[ti] = True
                    break
                q.popleft()
                n += 1
                # time: logged here, accounted by tensix.tile.timing when the clocks are read (run() drains it)
                if blocked[ti]:
                    blocked[ti] = False
                    log_append(w | tbits | RESUMED)
                else:
                    log_append(w | tbits)
            t.executed += n
            return n

        return step

    def _release_latches(self):
        """Semaphores changed: the Wait Gates forget latches whose conditions now hold (they re-evaluate
        every cycle, SEMWAIT.md)."""
        for t in self._threads:
            if t.latch is not None and self.sync.latch_met(t.latch):
                t.latch = None

    # ---- Sync Unit instructions --------------------------------------------------------------------------
    def _sync_handlers(self):
        return {0x02: self._nop, 0xA0: self._atgetm, 0xA1: self._atrelm, 0xA2: self._wait, 0xA3: self._seminit,
                0xA4: self._sempost, 0xA5: self._semget, 0xA6: self._wait}

    def _nop(self, thread, w):
        # NOP has no page; MOPExpander.md and STALLWAIT.md treat it as an instruction that does nothing
        if w & 0xFFFFFF:
            raise NotModelledError(f"T{thread}: 0x{w:08X} is a NOP with operand bits set; NOP has no ISA page "
                                   "saying what they do. Fix: push TT_OP_NOP.")
        return True

    def _blank(self, thread, w, mask, page):
        if w & mask:
            raise NotModelledError(
                f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) sets bits 0x{w & mask:06X} that "
                f"{_DOC}/TensixCoprocessor/{page}.md leaves blank (ckernel_ops.h gives the field more bits); "
                "what the hardware does with them is not documented. Fix: keep operands within the ISA's fields.")

    def _atgetm(self, thread, w):
        self._blank(thread, w, 0xFF0000, "ATGETM")
        index = w & 0xFFFF
        t = self._threads[thread]
        if index == 1 or index > 7:
            t.reason = (f"ATGETM of mutex {index} waits forever: the mutexes are 0 and 2-7 "
                        f"({_DOC}/TensixCoprocessor/ATGETM.md)")
            return False
        holder = self.sync.mutex[index]
        if holder is None or holder == thread:
            self.sync.mutex[index] = thread
            self._waiting_mutex[thread] = None
            return True
        self._waiting_mutex[thread] = index
        t.reason = f"ATGETM waits for mutex {index}, held by T{holder}"
        return False

    def _atrelm(self, thread, w):
        self._blank(thread, w, 0xFF0000, "ATRELM")
        index = w & 0xFFFF
        if index == 1 or index > 7:
            self._threads[thread].reason = (f"ATRELM of mutex {index} waits forever: the mutexes are 0 and 2-7 "
                                            f"({_DOC}/TensixCoprocessor/ATRELM.md)")
            return False
        if self.sync.mutex[index] == thread:
            self.sync.mutex[index] = None
            # ATRELM.md: with both other threads waiting, T(i+1)%3 gets it (round-robin fairness)
            for other in ((thread + 1) % 3, (thread + 2) % 3):
                if self._waiting_mutex[other] == index:
                    self.sync.mutex[index] = other
                    break
        return True

    def _wait(self, thread, w):
        if w >> 24 == 0xA6:
            self._blank(thread, w, 0x7C00, "SEMWAIT")
        t = self._threads[thread]
        latch = make_latch(w, thread, isa.disassemble(w))
        t.latch = None if self.sync.latch_met(latch) else latch
        return True

    def _seminit(self, thread, w):
        self._blank(thread, w, 0xFC03, "SEMINIT")
        self.sync.seminit((w >> 2) & 0xFF, (w >> 16) & 15, (w >> 20) & 15)
        self._release_latches()
        return True

    def _sempost(self, thread, w):
        self._blank(thread, w, 0xFFFC03, "SEMPOST")
        self.sync.sempost((w >> 2) & 0xFF)
        self._release_latches()
        return True

    def _semget(self, thread, w):
        self._blank(thread, w, 0xFFFC03, "SEMGET")
        self.sync.semget((w >> 2) & 0xFF)
        self._release_latches()
        return True

    # ---- instructions that are not executed --------------------------------------------------------------
    def _unknown(self, thread, w):
        raise TileError(f"T{thread}: word 0x{w:08X} reached the Wait Gate but opcode 0x{w >> 24:02X} is not a "
                        "Wormhole Tensix instruction (an unrecorded replay-buffer entry plays back as 0). "
                        "Fix: push words built with tensix.tile.ops.")

    def _not_modelled(self, thread, w):
        name = isa.name_of(w)
        if name in ("MOP", "MOP_CFG", "REPLAY"):
            raise UndefinedBehaviourError(
                f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) reached the Wait Gate: {name} is consumed by the "
                f"{'MOP' if name != 'REPLAY' else 'Replay'} Expander and never reaches the gate "
                f"({_DOC}/TensixCoprocessor/STALLWAIT.md, MOPExpander.md, REPLAY.md); here it came from a "
                "replay-buffer playback or a tee. Fix: do not record MOP / MOP_CFG / REPLAY in the replay buffer.")
        unit = isa.UNIT[name]
        raise NotModelledError(
            f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) executes in the {unit} unit, which tensix.tile does not "
            f"execute yet ({isa.page(name) or 'no ISA page'}). Fix: only Sync, Scalar (ThCon) and Configuration "
            "instructions run on the instruction-level tile for now.")

    # ---- RISC-V memory-mapped views ----------------------------------------------------------------------
    def mmio_write(self, core, addr, value):
        """A 32-bit `sw` by RISC-V `core` ("B", "T0", "T1", "T2", "NC") to `addr` (BabyRISCV/README.md's map)."""
        core = self._core(core)
        addr, value = int(addr), int(value)
        if not 0 <= value <= 0xFFFFFFFF:
            raise TileError(f"{core}: sw of {value:#x} to 0x{addr:08X}: a store writes 32 bits. "
                            "Fix: pass a value in 0..0xFFFFFFFF.")
        region, index = self._decode_mmio(core, addr, write=True)
        if region == "push":
            self.push(index, value, core=core if core == "B" else None)
        elif region == "l1":
            self.l1[index:index + 4] = np.frombuffer(value.to_bytes(4, "little"), np.uint8)
        elif region == "mop_cfg":
            self._threads[index[0]].mop.cfg[index[1]] = value
        elif region == "gpr":
            self._gprs[index] = value
        elif region == "semaphore":
            (self.sync.semget if value & 1 else self.sync.sempost)(1 << index)
            self._release_latches()
        elif region == "config":
            from tensix.tile.config import write_config
            write_config(self, index[0], index[1], value)
        elif region == "thread_config":
            raise TileError(f"{core}: sw to 0x{addr:08X} (ThreadConfig): RISC-V cores cannot write ThreadConfig "
                            f"({_DOC}/TensixCoprocessor/BackendConfiguration.md). Fix: push a SETC16.")

    def mmio_read(self, core, addr):
        """A 32-bit `lw` by RISC-V `core` from `addr`."""
        core = self._core(core)
        addr = int(addr)
        region, index = self._decode_mmio(core, addr, write=False)
        if region == "mop_cfg":
            raise UndefinedBehaviourError(f"{core}: lw from 0x{addr:08X}: the MOP Expander configuration is "
                                          f"write-only; reading it is undefined behaviour "
                                          f"({_DOC}/TensixCoprocessor/MOPExpander.md). Fix: keep a copy in software.")
        if region == "l1":
            return int.from_bytes(self.l1[index:index + 4].tobytes(), "little")
        if region == "gpr":
            return int(self._gprs[index])
        if region == "semaphore":
            return self.sync.sem_value[index]
        if region == "config":
            return int(self._config[index])
        if region == "thread_config":
            return int(self._thread_config[index])
        raise NotModelledError(f"{core}: lw from 0x{addr:08X} (an instruction push address): what a load returns "
                               "there is not documented. Fix: do not read the push addresses.")

    def _decode_mmio(self, core, addr, write):
        """(region, index) of a 32-bit access by `core`, following BabyRISCV/README.md's memory map; regions of
        the map that tensix.tile does not model raise NotModelledError, unmapped addresses TileError."""
        if addr & 3:
            raise NotModelledError(f"{core}: access to 0x{addr:08X} is not 4-byte aligned; tensix models 32-bit "
                                   "lw / sw only. Fix: use aligned 32-bit accesses.")
        t = int(core[1]) if core[0] == "T" else None
        tensix_core = core != "NC"
        if addr < L1_BYTES:
            return "l1", addr
        if tensix_core and 0xFFE40000 <= addr < 0xFFE70000:
            which = (addr - 0xFFE40000) >> 16
            if not write:
                return "push", None
            if core == "B":
                return "push", which
            if which == 0:
                return "push", t
            raise TileError(f"{core}: sw to 0x{addr:08X}: only RISC-V B may push to INSTRN{which}_BUF_BASE; a T "
                            f"core storing there hangs ({_DOC}/BabyRISCV/PushTensixInstruction.md). "
                            "Fix: T cores push to 0xFFE40000.")
        if t is not None and MOP_CFG_BASE <= addr < MOP_CFG_BASE + 36:
            return "mop_cfg", (t, (addr - MOP_CFG_BASE) >> 2)
        if tensix_core and REGFILE_BASE <= addr < REGFILE_BASE + 0x1000:
            i = (addr - REGFILE_BASE) >> 2
            if core == "B" and i < 3 * N_GPRS:
                return "gpr", (i // N_GPRS, i % N_GPRS)
            if t is not None and i < N_GPRS:
                return "gpr", (t, i)
            return self._unmodelled(core, addr, "REGFILE_BASE past the GPRs this core sees (ScalarUnit.md)")
        if t is not None and SEMAPHORE_BASE <= addr < 0xFFE90000:
            i = (addr - SEMAPHORE_BASE) >> 2
            if i < 8:
                return "semaphore", i
            return self._unmodelled(core, addr, "the semaphore window past semaphore 7 (SyncUnit.md)")
        if tensix_core and CFG_BASE <= addr < 0xFFF00000:
            if addr < THREAD_CFG_BASE:
                i = (addr - CFG_BASE) >> 2
                return "config", (i // CONFIG_WORDS, i % CONFIG_WORDS)
            if addr < THREAD_CFG_BASE + 3 * THREAD_CONFIG_WORDS * 16:
                if addr & 15:
                    return self._unmodelled(core, addr, "the padding of a ThreadConfig entry (16 bytes apart, "
                                                        "BackendConfiguration.md)")
                i = (addr - THREAD_CFG_BASE) >> 4
                return "thread_config", (i // THREAD_CONFIG_WORDS, i % THREAD_CONFIG_WORDS)
            return self._unmodelled(core, addr, "TENSIX_CFG_BASE past Config and ThreadConfig (RISC-V control "
                                                "registers, BackendConfiguration.md)")
        for lo, hi, cores, what in _UNMODELLED_REGIONS:
            if lo <= addr < hi and core in cores:
                return self._unmodelled(core, addr, what)
        raise TileError(f"{core}: {'sw to' if write else 'lw from'} 0x{addr:08X}: nothing is mapped there for "
                        f"RISC-V {core} ({_DOC}/BabyRISCV/README.md). Fix: check the address against the memory map.")

    @staticmethod
    def _unmodelled(core, addr, what):
        raise NotModelledError(f"{core}: 0x{addr:08X} is {what}, which tensix.tile does not model "
                               f"({_DOC}/BabyRISCV/README.md). Fix: use L1, the push address, mop_cfg, the GPRs, "
                               "the semaphores or Config.")

    # ---- argument checks ---------------------------------------------------------------------------------
    @staticmethod
    def _thread_index(thread):
        if thread not in (0, 1, 2):
            raise TileError(f"Tensix thread {thread!r} does not exist: the coprocessor has threads 0, 1, 2 "
                            "(T0-T2). Fix: pass 0, 1 or 2.")
        return int(thread)

    @staticmethod
    def _sem_index(i):
        if i not in range(8):
            raise TileError(f"semaphore {i!r} does not exist: the Sync Unit has 8 (SyncUnit.md). Fix: pass 0-7.")
        return int(i)

    @staticmethod
    def _core(core):
        if core not in CORES:
            raise TileError(f"RISC-V core {core!r} does not exist: a T tile has B, T0, T1, T2 and NC. "
                            "Fix: pass one of those names.")
        return core
