"""The SFPU calls of every core of a program, executed in batches: one interpreter call for many cores.

A compute kernel's SFPU call (``call_sfpu``, ``exp_tile``, ...) does not run at once. It is queued with the
core's Dst section, its runtime inputs and its static cost (an SFPU program is straight-line code: every
instruction issues, predicated or not, so its cycles are known before it runs; the math clock is charged when
the call is made, as before). The queue runs when the kernel next touches that Dst (a pack, a math op, the
release; a copy or add/sub fast path only if it writes a half with queued calls, so the math thread may fill one
half while the calls on the other wait), and then not at once either: the thread is parked with the
scheduler's ``defer`` until no other thread can run, by which time the other cores have queued their calls too,
and all of them run in one ``tensix.sfpu.execute`` call (one instance per core, each with its own SFPU state
and Dst).

With two or more host CPUs (x86-64), a batch whose calls all run one program goes to a background thread
instead (``_Flight``): the parked threads resume at once, in the scheduler's usual order, and each waits only
for the step of the batch that holds its own calls, while the kernels' Python and the interpreter run on two
CPUs. The scheduling is the same as with batches run in place (a thread parks at the same calls, and waiting
for a step is a host wait, not a scheduler one), so are the numbers and the simulated times.

Programs that use SFPLOADMACRO (tensix.sfpu.loadmacro.needs_engine: tt-llk's exp_tile<approx=true> and binary max /
min, given as instruction lists by tensix.sfpi.llk.InstrProgram) run in place through tensix.sfpu's SFPLOADMACRO
engine (execute.run_with_loadmacro: the group's cores in lockstep, cycle by cycle), with the ADDR_MOD increments their
kernel programs. What an init writes in LoadMacroConfig stays in the core's SFPU state for its later calls, as on the
card; a core whose state still holds scheduled instructions runs its next program, whatever it is, through the
engine too. Every other program runs exactly as before.

Why this is exact: the SFPU of a core only reads and writes that core's Dst and its own SFPU state, so
executing the calls of different cores in one batch (in any order) gives each core what it would have got
alone; the calls of one core keep their order (rounds below). A compute kernel's other effects reach other
threads only through CBs, whose hand-offs are timestamped, so parking it changes no simulated time (scheduler
``defer``). Errors raised inside the batch name the core, kernel and source line of the call.
"""

from __future__ import annotations

import os
import platform
import time
from concurrent.futures import ThreadPoolExecutor, wait

import numba as nb
import numpy as np

from tensix.device.scheduler import frame_pos_text
from tensix.kernel.dstpool import dst_pools
from tensix.errors import NotModelledError, SfpuError, UndefinedBehaviourError
from tensix.sfpi.llk import InstrProgram
from tensix.sfpi.runner import compiled_for
from tensix.sfpu import dst as dstmod
from tensix.sfpu import isa
from tensix.sfpu.dst import _move16_one, _read32_one, _write32_one
from tensix.sfpu.execute import _run, check_program, error_text, run_prepared, run_with_loadmacro
from tensix.sfpu.loadmacro import needs_engine
from tensix.sfpu.state import SfpuState

# host threads for a batch: the cores' calls are independent, so they run in parallel (the interpreter releases
# the GIL); TENSIX_THREADS overrides the machine's CPU count
THREADS = int(os.environ.get("TENSIX_THREADS", 0)) or (
    len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))
# with two or more host CPUs, a batch of one SFPU program runs on a background thread while the kernels go on
# (_Flight); TENSIX_SFPU_ASYNC=0 runs every batch in place. Only on x86-64: a waiting kernel learns that its step
# is done from a counter the batch thread stores after the step's Dst tiles, and x86's memory order makes those
# stores visible in that order (a weaker memory order, as on ARM, would need fences numba does not offer).
ASYNC = (os.environ.get("TENSIX_SFPU_ASYNC", "1") != "0"
         and platform.machine().lower() in ("x86_64", "amd64"))
CHUNK = 4           # calls per step of a background batch: a resumed core waits for its step, not the batch
HERE_STEPS = 2      # steps of a background batch the thread that starts it runs itself


class ProgramInfo:
    """What the batch needs of a compiled SFPI program, computed once: its encoded form, its static cycles
    (SFPU issue + the RISC-V's soft-float work for the runtime scalars) and the Dst tiles it touches."""

    __slots__ = ("compiled", "program", "cycles", "sfpu_cycles", "sfpu_instructions", "lo", "hi", "ins", "outs", "runs_arrays", "name", "_at",
                 "engine", "addr_mods", "leaves_addr_mods")

    def __init__(self, compiled, name):
        from tensix.sfpi.runner import program_of, riscv_cycles, sfpu_cycles

        self.compiled = compiled
        # once: every batch runs it through run_prepared. program_of: by default the program expanded from the
        # instruction words the LLK issues (tensix.sfpi.runner.PATH, issue 16's one stack)
        self.program = check_program(program_of(compiled))
        used = self.program[:, isa.C_INPUT]
        if used.size and used.max() >= compiled.n_inputs:
            raise SfpuError(f"internal error: {name} reads runtime input {int(used.max())} of "
                            f"{compiled.n_inputs}; please report this with the SFPI function")
        ops = np.bincount(self.program[:, isa.C_OP], minlength=isa.NUM_OPCODES) if len(self.program) else []
        counts = {isa.OPCODE_NAMES[i]: int(c) for i, c in enumerate(ops) if c}
        self.sfpu_cycles, self.sfpu_instructions = sfpu_cycles(counts), len(self.program)
        self.cycles = self.sfpu_cycles + riscv_cycles(compiled)
        touched = set(compiled.dst_reads) | set(compiled.dst_writes)
        # the span of tiles (relative to the call's Dst base) the program touches: it must fit the Dst section
        self.lo = min(touched) if touched else 0
        self.hi = max(touched) + 1 if touched else 0
        # the batch copies in the tiles the program reads or writes, and out only those it writes. A written tile
        # comes in too: a program may store only some of its rows, and the others must keep their data
        self.ins = _runs(set(compiled.dst_reads) | set(compiled.dst_writes))
        self.outs = _runs(compiled.dst_writes)
        self.runs_arrays = tuple(np.array(r, np.int64).reshape(-1, 2) for r in (self.ins, self.outs))  # _run_steps'
        self.name = name
        self._at: dict = {}
        # a program that uses LoadMacroConfig (SFPLOADMACRO, its SFPCONFIGs, backdoor template writes) runs through
        # tensix.sfpu's SFPLOADMACRO engine (execute.run_with_loadmacro), never on the background thread; tt-llk's
        # instruction lists (tensix.sfpi.llk.InstrProgram) bring the ADDR_MOD increments their kernel programs
        self.engine = needs_engine(self.program)
        self.addr_mods = getattr(compiled, "addr_mods", ())
        self.leaves_addr_mods = getattr(compiled, "leaves_addr_mods", ())

    def footprint_at(self, base: int) -> tuple[frozenset, frozenset]:
        """(tiles read before written, tiles written) for a call at Dst tile `base`."""
        f = self._at.get(base)
        if f is None:
            c = self.compiled
            f = self._at[base] = (frozenset(base + t for t in c.dst_reads), frozenset(base + t for t in c.dst_writes))
        return f


def _runs(tiles) -> tuple:
    """Sorted tile indices as (first, count) runs of consecutive tiles: {0, 1, 3} -> ((0, 2), (3, 1))."""
    runs = []
    for t in sorted(tiles):
        if runs and runs[-1][0] + runs[-1][1] == t:
            runs[-1][1] += 1
        else:
            runs.append([t, 1])
    return tuple((a, n) for a, n in runs)


def compiled_of(fn, args):
    """The Compiled of an SFPU program for these arguments: an SFPI function's (traced and compiled once per static
    signature) or the fixed instruction list of a tensix.sfpi.llk.InstrProgram."""
    if fn.__class__ is InstrProgram:
        return fn.compiled(args)
    return compiled_for(fn, args)


def program_info(fn, args) -> ProgramInfo:
    """The ProgramInfo of fn's compiled program for these arguments, kept with the compiled program."""
    compiled = compiled_of(fn, args)
    info = compiled.__dict__.get("batch_info")
    if info is None:
        info = compiled.__dict__["batch_info"] = ProgramInfo(compiled, getattr(fn, "__name__", str(fn)))
    return info


class Job:
    __slots__ = ("th", "cs", "half", "info", "inputs", "base", "where")

    def __init__(self, th, cs, half, info, inputs, base, where):
        self.th, self.cs, self.half, self.info = th, cs, half, info
        self.inputs, self.base, self.where = inputs, base, where


class SfpuBatch:
    """The queued SFPU calls of one program run (one scheduler), and the SFPU states of its compute cores."""

    def __init__(self, sched):
        self.sched = sched
        self.pending: dict = {}     # thread -> [Job, ...] in call order
        self.slot: dict = {}        # thread -> index of its SFPU state
        computes = [t for t in sched.threads if t.compute is not None]
        self.states = SfpuState(max(len(computes), 1))
        self.flush_hook = self.flush
        self.flight = None          # the batch running in the background (_Flight)
        self.retiring = None        # the future of the last background batch, all of whose calls have run
        sched.end_hooks.append(self.join)
        self._dst_cache: dict = {}
        self._aranges: dict = {}
        # The Dst sections of all compute kernels of one shape move into one pool array (each ComputeState keeps
        # a view of its row), so a batch moves its cores' tiles into and out of the SFPU's Dsts in one compiled
        # call. Safe at any time: every compute API call reads cs.dst afresh, none keeps it across a yield.
        # (tensix.kernel.dstpool, shared with the run's matmul batches)
        self.pools, self.row = dst_pools(sched)     # (shape, dtype) -> pool array; thread -> (pool key, row)
        self.row_slot: dict = {}    # thread -> (its row in its pool, its SFPU state slot), once it has a slot
        # once a program ran through the SFPLOADMACRO engine, a core's SFPU state may hold scheduled instructions
        # that have not executed yet (state.lm_pending): its next program, whatever it is, runs through the engine too
        self.lm_used = False
        # thread -> (ADDR_MOD increments, op) a tt-llk program left programmed (exp_tile<approx=true>'s ADDR_MOD_7 dest
        # += 2) until an op's init resets them (sfpu_ops clears it): tensix's SFPI programs assume no increment
        self.addr_mods_left: dict = {}

    def _arange(self, k):
        a = self._aranges.get(k)
        if a is None:
            a = self._aranges[k] = np.arange(k, dtype=np.int64)
        return a

    def _dsts(self, k):
        """The SFPU Dsts of a batch of k calls, reused from batch to batch (a fresh 2 MB array per batch costs
        more in page faults than its execution). Not cleared: a batch only moves out the Dst tiles of its
        footprint, which it moves in, in full, before it runs (ProgramInfo.ins)."""
        d = self._dst_cache.get(k)
        if d is None:
            d = self._dst_cache[k] = dstmod.new_dst(k)
        return d

    def add(self, th, job):
        info = job.info
        if self.addr_mods_left:
            self._check_addr_mods(th, job)
        if info.leaves_addr_mods:
            self.addr_mods_left[th] = (info.leaves_addr_mods, info.name)
        hooks = self.sched.idle_hooks
        if self.flush_hook not in hooks:  # queued calls run at the latest when the program ends
            hooks.append(self.flush_hook)
        lst = self.pending.get(th)
        if lst is None:
            lst = self.pending[th] = []
            if th not in self.slot:
                k = self.slot[th] = len(self.slot)
                self.row_slot[th] = (self.row[th][1], k)
                self.states.set_sfpu_fp32(job.cs.fp32, k)
        lst.append(job)
        job.cs.sfpu_pending += 1
        job.cs.pending_halves |= 1 << job.half

    def _check_addr_mods(self, th, job):
        """Refuse an SFPI program while an ADDR_MOD slot its SFPLOAD / SFPSTORE select still holds an increment a
        tt-llk program set (its rows would step on hardware; the batched SFPI program does not model that)."""
        left = self.addr_mods_left.get(th)
        if left is None or job.info.addr_mods:
            return          # nothing left, or the program brings its own ADDR_MODs
        used = {i["AddrMod"] for i in job.info.compiled.instrs if i.op in ("SFPLOAD", "SFPSTORE", "SFPLOADMACRO")}
        bad = [(a, incr) for a, incr in left[0] if a in used and incr]
        if not bad:
            return
        slots = ", ".join(f"ADDR_MOD_{a + 4} (dest += {incr})" for a, incr in bad)
        raise NotModelledError(
            f"SFPU op {job.info.name} on core {th.core.logical} (kernel {th.kernel.name!r}) called at "
            f"{frame_pos_text(job.where)}: its SFPLOAD / SFPSTORE select {slots}, which {left[1]} left programmed; "
            "on hardware each would step the Dst row counter, which tensix's batched SFPI programs do not model."
            "\nFix: call the op's *_tile_init() first (llk_math_eltwise_unary_sfpu_init sets ADDR_MOD_7 to 0), as "
            "tt-metal's kernels do after an op of another kind.")

    def wait(self, th):
        """Called by a compute thread before it touches a Dst with queued SFPU calls: park until the batch holding
        them has been started, then wait until its own calls have run."""
        if th in self.pending:
            self.sched.defer(th, self.flush_hook)
            if th in self.pending:  # defensive: the hook runs before deferred threads resume
                self.flush()
        if self.flight is not None:
            self.flight.await_thread(th)
        th.compute.sfpu_pending = th.compute.pending_halves = 0

    def join(self):
        """Wait for the batch running in the background, if any (and report its error), and for the batch thread
        to be free: the program's end (an end hook)."""
        self.settle_flight()
        f, self.retiring = self.retiring, None
        if f is not None:
            f.result()

    def settle_flight(self):
        """Wait until every call of the batch running in the background has run (and report its error). The batch
        thread may still be returning from it: the next batch, on the same one-thread executor, starts after
        that, and join waits for it at the program's end."""
        f, self.flight = self.flight, None
        if f is not None:
            self.retiring = f.finish()

    def flush(self):
        """Run every queued call: round r holds the r-th queued call of each core (so one core's calls keep
        their order); within a round, calls of the same program, Dst mode and base run as one batch. Calls that
        all run one program on one kind of Dst go to a background thread instead (_Flight), unless the program
        is ending."""
        self.settle_flight()        # one batch at a time: it shares the SFPU Dsts, and a core's calls keep order
        pending = self.pending
        if not pending:
            return
        self.pending = {}
        if ASYNC and THREADS >= 2 and not self.sched.finishing:
            flight = _Flight.start(self, pending)
            if flight is not None:
                self.flight = flight
                return
        lists = list(pending.values())
        for r in range(max(len(lst) for lst in lists)):
            groups: dict = {}
            for lst in lists:
                if r < len(lst):
                    j = lst[r]
                    groups.setdefault((id(j.info), self.row[j.th][0], j.base), []).append(j)
            for jobs in groups.values():
                self._run_group(jobs)
        for th in pending:
            th.compute.sfpu_pending = th.compute.pending_halves = 0

    def _run_group(self, jobs):
        info = jobs[0].info
        fp32 = jobs[0].cs.fp32
        base = jobs[0].base
        k = len(jobs)
        dsts = self._dsts(k)
        pool = self.pools[self.row[jobs[0].th][0]]
        which = np.array([(self.row[j.th][1], j.half) for j in jobs], np.int64).reshape(k, 2)
        for lo, n in info.ins:
            lo += base
            if fp32:
                dstmod.write_pool_tiles32(dsts, lo, n, pool, which)
            else:
                dstmod.write_tiles16(dsts, lo, pool[which[:, 0], which[:, 1], lo:lo + n])
        slots = np.fromiter((self.slot[j.th] for j in jobs), np.int64, k)
        n_in = info.compiled.n_inputs
        inputs = np.array([j.inputs for j in jobs], np.uint32).reshape(k, n_in)
        states = self.states
        # the LLK SFPU driver starts from and ends with a cleared Dst RWC (SETRWC; facts sheet section 2,
        # tt-llk llk_math_eltwise_unary_sfpu.h / _params.h), so dst_reg[0] is the tile base on every call
        states.rwc[slots] = 0
        try:
            # the checks of execute() hold by construction: a compiled program (checked once, ProgramInfo), one
            # state slot and one Dst per core, rows inside the Dst, one input column per runtime immediate
            if info.engine or info.addr_mods or (self.lm_used and self._scheduled(slots)):
                self._run_special(info, slots, dsts, k, base, inputs)
            else:
                run_prepared(info.program, states, dsts, slots, self._arange(k),
                             np.full(k, dstmod.TILE_ROWS * base, np.int64), inputs, info.compiled.instrs, THREADS,
                             independent=True)
        except (SfpuError, NotModelledError, UndefinedBehaviourError) as e:
            msg = str(e)
            j = jobs[0]
            marker = ", instance "
            if marker in msg:
                try:
                    j = jobs[int(msg.split(marker, 1)[1].split(":", 1)[0])]
                except (ValueError, IndexError):
                    pass
            raise type(e)(f"SFPU op {info.name} on core {j.th.core.logical} (kernel {j.th.kernel.name!r}) called at "
                          f"{frame_pos_text(j.where)}: {msg}") from None
        states.rwc[slots] = 0
        for lo, n in info.outs:
            lo += base
            if fp32:
                dstmod.read_pool_tiles32(dsts, lo, n, pool, which)
            else:
                pool[which[:, 0], which[:, 1], lo:lo + n] = dstmod.read_tiles16(dsts, lo, n)

    def _scheduled(self, slots) -> bool:
        """Whether any of these SFPU states holds instructions an SFPLOADMACRO scheduled that have not run yet."""
        pending = self.states.lm_pending
        return any(pending[s] for s in slots.tolist())

    def _run_special(self, info, slots, dsts, k, base, inputs):
        """One group of calls of a program that needs the SFPLOADMACRO engine, or runs on a core whose state holds
        scheduled instructions, or brings ADDR_MOD increments (a tt-llk instruction list). The engine
        (execute.run_with_loadmacro) runs the calls of distinct cores in lockstep, cycle by cycle, on one host thread
        (a cycle's rows are too few to pay for a hand-off). The LoadMacroConfig an init wrote stays in each core's
        SFPU state for its later calls, as on the card, and so do scheduled instructions still pending at the
        program's end. The program's ADDR_MOD increments (tt-llk programs ADDR_MOD_6 / 7 in the op's init or call)
        hold while it runs; afterwards the slots are zero again, as the next op's init (llk_math_eltwise_*_sfpu_init)
        sets ADDR_MOD_7, which is what tensix's SFPI programs assume."""
        amod = self.states.addr_mod_dst_incr
        saved = amod[slots].copy()
        for a, incr in info.addr_mods:
            amod[slots, a] = incr
        bases = np.full(k, dstmod.TILE_ROWS * base, np.int64)
        try:
            if info.engine or (self.lm_used and self._scheduled(slots)):
                self.lm_used = True
                run_with_loadmacro(info.program, self.states, dsts, slots, self._arange(k), bases, inputs,
                                   info.compiled.instrs, 1)
            else:
                run_prepared(info.program, self.states, dsts, slots, self._arange(k), bases, inputs,
                             info.compiled.instrs, THREADS, independent=True)
        finally:
            amod[slots] = saved


def batch_of(th) -> SfpuBatch:
    cs = th.compute
    b = cs.batch
    if b is None:
        # kept with the program run's scheduler, and freed with it (a table keyed by the scheduler would keep
        # every run's threads, Dsts and SFPU states alive: the batch refers to its scheduler)
        b = th.sched.attached.get("sfpu_batch")
        if b is None:
            b = th.sched.attached["sfpu_batch"] = SfpuBatch(th.sched)
        cs.batch = b
    return b


@nb.njit(cache=True, nogil=True)
def _run_steps(prog, lregs, flags, use_flags, stk_f, stk_u, stk_n, prng, lcfg, rwc, fp32, srcb_bf16, amod, vc0,
               vc0_valid, dsts, pool, which, slots, d_of, b_of, inputs, bases, ins, outs, bounds, first, last,
               dst32, progress, counts, err):
    """Steps first..last - 1 of a batch of one program (step c: calls bounds[c]..bounds[c + 1]): for each call in
    turn, its Dst tiles in from the pool, the interpreter, the tiles it writes back (as SfpuBatch._run_group does),
    then progress[0] = c + 1. One call at a time: two calls of one core (on its one SFPU state) may share a step,
    and the second one starts from a cleared Dst RWC and sees the first one's results. On an interpreter error
    progress[1] = 1 and err names the call."""
    for c in range(first, last):
        for k in range(bounds[c], bounds[c + 1]):
            rwc[slots[k], 0] = 0  # the LLK driver starts and ends with a cleared Dst RWC (see _run_group)
            rwc[slots[k], 1] = 0
            for r in range(ins.shape[0]):
                t0 = bases[k] + ins[r, 0]
                tiles = pool[which[k, 0], which[k, 1], t0:t0 + ins[r, 1]]
                if dst32:
                    _write32_one(tiles, dsts[k], t0)
                else:
                    _move16_one(tiles, dsts[k], t0, True)
            _run(prog, lregs, flags, use_flags, stk_f, stk_u, stk_n, prng, lcfg, rwc, fp32, srcb_bf16, amod, vc0,
                 vc0_valid, dsts, slots[k:k + 1], d_of[k:k + 1], b_of[k:k + 1], inputs[k:k + 1], counts, err)
            if err[0] != 0:
                err[2] += k
                progress[1] = 1
                return
            rwc[slots[k], 0] = 0
            rwc[slots[k], 1] = 0
            for r in range(outs.shape[0]):
                t0 = bases[k] + outs[r, 0]
                tiles = pool[which[k, 0], which[k, 1], t0:t0 + outs[r, 1]]
                if dst32:
                    _read32_one(dsts[k], t0, tiles)
                else:
                    _move16_one(tiles, dsts[k], t0, False)
        progress[0] = c + 1


def _steps(k: int) -> np.ndarray:
    """Step boundaries for k calls: 1, 1, 2, then CHUNK calls per step. The first thread to resume waits for the
    first step only, while the batch thread goes on with the rest."""
    bounds = [0]
    for size in (1, 1, 2):
        if bounds[-1] < k:
            bounds.append(min(k, bounds[-1] + size))
    bounds += range(bounds[-1] + CHUNK, k, CHUNK)
    if bounds[-1] != k:
        bounds.append(k)
    return np.array(bounds, np.int64)


_WORKER: list = []


def _worker() -> ThreadPoolExecutor:
    if not _WORKER:
        _WORKER.append(ThreadPoolExecutor(1, thread_name_prefix="tensix-sfpu-batch"))
    return _WORKER[0]


class _Flight:
    """A batch running on a background thread while the kernels go on: the same calls, inputs and order of each
    core's calls as SfpuBatch.flush (so the same numbers), in steps of CHUNK calls ordered as the scheduler will
    resume their threads (clock, then park order). A thread that needs its Dst waits for the step holding its
    last call (await_thread); everything else it does meanwhile is untouched by the batch, which only reads and
    writes the Dst tiles and SFPU states of the queued calls (module docstring)."""

    @classmethod
    def start(cls, batch, pending) -> _Flight | None:
        """Start the batch, or None if it holds more than one program or kind of Dst (flush runs it in place)."""
        jobs = [j for lst in pending.values() for j in lst]
        info = jobs[0].info
        key = batch.row[jobs[0].th][0]
        if any(j.info is not info or batch.row[j.th][0] != key for j in jobs):
            return None
        if info.engine or info.addr_mods or (batch.lm_used and batch._scheduled(
                np.fromiter((batch.slot[j.th] for j in jobs), np.int64, len(jobs)))):
            return None     # in place (SfpuBatch._run_special)
        return cls(batch, pending, info, key)

    def __init__(self, batch, pending, info, key):
        sched = batch.sched
        parked = {th: i for i, th in enumerate(sched.deferred)}
        n_parked = len(parked)
        lists = [pending[th] for th in sorted(pending, key=lambda th: (th.clocks[th.cur], parked.get(th, n_parked)))]
        jobs = [j for lst in lists for j in lst]    # each thread's calls together, in its order
        k = len(jobs)
        self.jobs, self.info = jobs, info
        bounds = _steps(k)
        # the step holding each thread's last call (a later call of a thread overrides its earlier ones)
        self.done_at = dict(zip([j.th for j in jobs], (np.searchsorted(bounds, np.arange(k), "right") - 1).tolist()))
        rs = batch.row_slot
        meta = np.array([rs[j.th] + (j.half, j.base) for j in jobs], np.int64).reshape(k, 4)  # row slot half base
        which = meta[:, 0::2].copy()    # (pool row, half)
        slots = meta[:, 1].copy()
        bases = meta[:, 3].copy()
        inputs = np.array([j.inputs for j in jobs], np.uint32).reshape(k, info.compiled.n_inputs)
        ins, outs = info.runs_arrays
        pool = batch.pools[key]
        self.progress = np.zeros(2, np.int64)
        self.err = np.zeros(3, np.int64)
        args = (info.program, *batch.states.arrays(), batch._dsts(k), pool, which, slots, batch._arange(k),
                dstmod.TILE_ROWS * bases, inputs, bases, ins, outs, bounds)
        n_steps = self.n_steps = len(bounds) - 1
        # this thread runs the first steps, up to HERE_STEPS, ending where a thread's calls end: the two host
        # threads run at the same time, and one core's calls use its SFPU state in turn
        ends = {0, *np.cumsum([len(lst) for lst in lists]).tolist()}
        here = max(s for s in range(min(HERE_STEPS, n_steps) + 1) if int(bounds[s]) in ends)
        self.progress[0] = here     # done below, before any thread resumes; the batch thread only counts up
        # the batch thread takes the later steps; this thread runs the first ones itself meanwhile (the first
        # cores to resume need them, and the batch thread takes a while to wake and get the GIL)
        self.future = _worker().submit(_run_steps, *args, here, n_steps, pool.dtype == np.uint32, self.progress,
                                       np.zeros(isa.NUM_OPCODES, np.int64), self.err)
        err = np.zeros(3, np.int64)
        try:
            _run_steps(*args, 0, here, pool.dtype == np.uint32, np.zeros(2, np.int64),
                       np.zeros(isa.NUM_OPCODES, np.int64), err)
        except BaseException:
            wait([self.future])     # nothing may still be writing the Dst arrays when the exception leaves
            raise
        if err[0]:
            self.err = err
            self._raise()

    def await_thread(self, th):
        """Return once th's calls in this batch have run (at once if it has none)."""
        step = self.done_at.pop(th, None)
        if step is None:
            return
        progress = self.progress
        while progress[0] <= step:
            if progress[1]:
                self._raise()
            if self.future.done() and progress[0] <= step:   # the batch thread ended without this step
                self.future.result()                          # (its exception, if it raised one)
                raise SfpuError("internal error: an SFPU batch ended before running every call; please report "
                                "this with the program that did it")
            time.sleep(0)           # let the batch thread run (sleep releases the GIL)

    def finish(self):
        """Return once every call has run (raising the batch's error if one failed): at once when the progress
        counter says so, without waiting for the batch thread to return (that takes a GIL hand-over). Returns the
        future, done or not."""
        progress = self.progress
        if progress[0] < self.n_steps or progress[1]:
            self.future.result()
        if self.err[0]:
            self._raise()
        return self.future

    def _raise(self):
        self.future.result()        # the batch thread has stopped at the error
        j = self.jobs[int(self.err[2])]
        raise SfpuError(f"SFPU op {self.info.name} on core {j.th.core.logical} (kernel {j.th.kernel.name!r}) called "
                        f"at {frame_pos_text(j.where)}: "
                        f"{error_text(self.err, self.info.program, self.info.compiled.instrs)}") from None
