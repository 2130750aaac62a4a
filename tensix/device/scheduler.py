"""Deterministic discrete-event scheduler of the simulated RISC-V threads (greenlets).

Every kernel instance (one per core and RISC-V; a compute kernel is one instance for the three TRISCs) runs in
its own greenlet and keeps its own clocks in cycles. The scheduler always resumes the runnable thread with the
smallest clock (ties: creation order), so the program is deterministic.

Timing rules (documented decision; the hardware runs the threads truly in parallel):
- Every API call adds its cost (tensix/device/costs.json) to the calling thread's clock.
- A blocking call (cb_wait_front, cb_reserve_back, noc_semaphore_wait, ...) computes the simulated time at
  which its condition became true (CB push/pop histories, semaphore write completion times) and moves the
  waiter's clock to max(own clock, that time). A thread whose condition is false parks; the object it waits
  on wakes it when it changes.
- Calls whose effect other threads observe through waits (semaphore operations, NoC writes into a core's L1)
  first `sync`: the thread yields until no runnable thread has a smaller clock, so those effects happen in
  global time order. CB calls need no sync: a CB has one producer and one consumer and its counters are
  monotonic, so the timestamped histories give the same times in any execution order. DRAM transfers and NoC
  reads need none either: their data is ordered by those hand-offs (anything else is a race on hardware too)
  and their bandwidth model is insensitive to processing order (noc.py).
"""

from __future__ import annotations

import gc
import sys
from contextlib import contextmanager
from heapq import heappop, heappush

from greenlet import greenlet

from tensix.device.errors import DeadlockError, SemaphoreNeverSatisfiedError

READY, BLOCKED, DONE = 0, 1, 2


@contextmanager
def gc_paused():
    """Python's cyclic garbage collector off for the block, the caller's setting restored after (see
    Scheduler.run); nesting is harmless."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class _NoContext:
    """Scheduler.ctx until a caller sets its own (the kernel API reads the running thread from it)."""

    th = None


class KThread:
    """One simulated RISC-V thread (or the three TRISC threads of a compute kernel)."""

    def __init__(self, sched, core, kernel, riscvs: tuple[str, ...], fn):
        self.sched = sched
        self.core = core                # tensix.device.device.Core
        self.kernel = kernel            # tensix.metalium Kernel (name, config, args)
        self.riscvs = riscvs            # ("BRISC",) / ("NCRISC",) / ("TRISC0", "TRISC1", "TRISC2")
        # per RISC-V: its clock, and the cycles it spent waiting; the rest of its clock is busy time (every
        # clock move is an API call's cost or a wait, and only the waits are recorded: the profiler subtracts)
        self.clocks = [0] * len(riscvs)
        self.idle = [0] * len(riscvs)
        self.cur = 0                    # index of the clock the running call uses
        self.state = READY
        self.started = False
        self.blocked_on = None          # (call, object description) while BLOCKED
        self.seq = 0
        self.fn = fn
        self.g = greenlet(self._run, parent=sched.main)
        # per-thread kernel state (dataflow / compute API)
        self.reads = []                 # outstanding noc reads: (l1 lo, l1 hi, completion)
        self.writes = []                # completion times of outstanding noc writes
        self.write_src = []             # (src lo, src hi, flushed) of writes whose source is not yet read out
        self.rt_args = []               # runtime args of this kernel on this core
        self.noc = 0                    # default NoC of this RISC-V
        self.zones = []
        self.compute = None             # ComputeState for compute kernels
        # dataflow fast path (tensix.kernel.dataflow._tile_io): per NoC, per DRAM bank (+ 12 for reads), the
        # figures of that route, filled on first use
        self.dram_links = ([None] * 24, [None] * 24)

    def _run(self):
        self.started = True
        self.fn()
        self.state = DONE

    @property
    def clock(self):
        return self.clocks[self.cur]

    def advance(self, cycles, idx=None):
        i = self.cur if idx is None else idx
        self.clocks[i] += cycles

    def name(self):
        return f"core {self.core.logical} {'/'.join(self.riscvs)} kernel {self.kernel.name!r}"

    def source_line_now(self):
        """The kernel source line of the running call (for errors raised inside the thread)."""
        return current_frame_line(self.kernel.source_files)

    def source_line(self):
        """The kernel source line this (suspended) thread is executing."""
        f = self.g.gr_frame
        files = self.kernel.source_files
        found = None
        while f is not None:
            if f.f_code.co_filename in files:
                found = f
                break
            f = f.f_back
        if found is None:
            return "<unknown line>"
        return f"{found.f_code.co_filename}:{found.f_lineno}"


class Scheduler:
    def __init__(self):
        self.main = greenlet.getcurrent()
        self.heap = []
        self.seq = 0
        self.threads: list[KThread] = []
        self.ctx = _NoContext()         # an object whose .th is set to the running thread (tensix.kernel._ctx)
        self.deferred: list[KThread] = []   # threads parked by defer() until nothing else can run
        self.idle_hooks: list = []      # called once when only deferred threads are left (see defer)
        self.finishing = False          # True once every thread has ended or blocked for good (last idle hooks)
        self.end_hooks: list = []       # called when run() ends, also by an error: host work still in flight
        self.attached: dict = {}        # per-run state of the layers above, freed with the run (SFPU batches)

    def spawn(self, core, kernel, riscvs, fn) -> KThread:
        th = KThread(self, core, kernel, riscvs, fn)
        self.threads.append(th)
        self._push(th)
        return th

    def _push(self, th):
        self.seq += 1
        heappush(self.heap, (th.clocks[th.cur], self.seq, th))

    def run(self):
        """Run the threads to the end. Python's cyclic garbage collector is paused meanwhile: a program allocates
        many container objects that stay alive until its batches settle (queued products, CB snapshots, jobs),
        and the collector would scan them again and again (about 8 % of a matmul-heavy run's time); refcounting
        still frees everything acyclic, and the cycles a run leaves (threads and their greenlets) are collected
        after it."""
        with gc_paused():
            self._run_threads()

    def _run_threads(self):
        heap = self.heap
        ctx = self.ctx
        ended = False
        try:
            while True:
                while heap:
                    _, _, th = heappop(heap)
                    if th.state == DONE:
                        continue
                    ctx.th = th
                    th.g.switch()
                if not self.deferred:
                    break
                self._release_deferred()
            self.finishing = True
            self.run_idle_hooks()
            ended = True
        finally:
            self.finishing = True
            for hook in self.end_hooks:
                if ended:
                    hook()
                else:       # an error is on its way out: only let the host work finish, keep that error
                    try:
                        hook()
                    except Exception:  # noqa: BLE001
                        pass
        blocked = [t for t in self.threads if t.state == BLOCKED]
        if blocked:
            raise self._deadlock(blocked)

    def _yield(self):
        """Leave the running thread (already parked or queued) for the next thread in time order: switch to it
        directly rather than through run()'s loop (same choice as run(): smallest clock, then creation order);
        with nothing runnable, return to run(), which ends the program or reports the deadlock."""
        heap = self.heap
        while heap:
            nxt = heap[0][2]
            if nxt.state != DONE:
                if not nxt.started:
                    break   # greenlets start from run(): one started here would nest its Python stack depth
                heappop(heap)
                self.ctx.th = nxt
                nxt.g.switch()
                return
            heappop(heap)
        self.main.switch()

    def _release_deferred(self):
        """Nothing else can run: run the idle hooks (the batched work the deferred threads wait for), then
        queue the deferred threads again at their unchanged clocks."""
        self.run_idle_hooks()
        for th in self.deferred:
            self._push(th)
        self.deferred.clear()

    def run_idle_hooks(self):
        hooks = self.idle_hooks
        while hooks:
            hooks.pop(0)()

    def release(self):
        """Break the reference cycles of a finished run (each thread and its greenlet, its compute state, this
        scheduler), so that reference counting frees the run when the device starts its next program."""
        for th in self.threads:
            th.__dict__.clear()
        self.threads.clear()
        self.heap.clear()
        self.deferred.clear()
        self.idle_hooks.clear()
        self.end_hooks.clear()
        for state in self.attached.values():   # per-run batches hold bound methods of themselves as hooks
            getattr(state, "__dict__", {}).clear()
        self.attached.clear()

    # ---- called from inside a kernel thread ---------------------------------------------------------
    def defer(self, th, hook):
        """Park th, without moving its clocks, until no other thread can run; then run `hook` (once, however
        many threads deferred with it) and resume th. This lets a host-side batch (the SFPU calls of all cores)
        be executed in one go. Only valid for a thread whose next effects other threads observe through CBs
        alone (a compute kernel: its TRISCs have no NoC or semaphore access): CB hand-offs are timestamped, so
        running th later in host order gives the same simulated times (module docstring)."""
        if hook not in self.idle_hooks:
            self.idle_hooks.append(hook)
        self.deferred.append(th)
        self._yield()

    def sync(self, th):
        """Yield until no runnable thread has a smaller clock than th (global time order for effects)."""
        heap = self.heap
        if heap and heap[0][0] < th.clocks[th.cur]:
            self._push(th)
            self._yield()

    def wait(self, th, predicate, waitlist, call, obj):
        """Block th until predicate() returns the time its condition became true; then move th's clock.
        `call` names the blocking call for the deadlock report: a string, or (format, *args) so that the hot
        CB waits do not build the text unless it is needed."""
        while True:
            t = predicate()
            if t is not None:
                c = th.clocks[th.cur]
                if t > c:
                    th.clocks[th.cur] = t
                    th.idle[th.cur] += t - c
                return
            self.block(th, waitlist, call, obj)

    def block(self, th, waitlist, call, obj):
        """Park th on waitlist until a wake_all of it (the caller re-tests its condition and moves its clock,
        as wait() does; the CB calls do so inline). wake_all makes it READY again; blocked_on is only read for
        BLOCKED threads, so it is left as it was."""
        th.state = BLOCKED
        th.blocked_on = (call, obj)
        waitlist.append(th)
        self._yield()

    def wake_all(self, waitlist):
        heap = self.heap
        for th in waitlist:
            if th.state == BLOCKED:
                th.state = READY
                self.seq += 1                   # as _push, inlined: every CB push/pop with a waiter comes here
                heappush(heap, (th.clocks[th.cur], self.seq, th))
        waitlist.clear()

    # ---- diagnostics ----------------------------------------------------------------------------------
    def _deadlock(self, blocked):
        lines = []
        sem_only = True
        for t in blocked:
            call, obj = t.blocked_on = (_call_text(t.blocked_on[0]), t.blocked_on[1])
            if not call.startswith("noc_semaphore_wait"):
                sem_only = False
            desc = obj.desc() if hasattr(obj, "desc") else obj
            lines.append(f"  - {t.name()} (at cycle {t.clock}) blocked in {call} on {desc}, at {t.source_line()}")
        others_done = all(t.state == DONE for t in self.threads if t not in blocked)
        head = "deadlock: every unfinished RISC-V thread is blocked; on hardware this program hangs forever."
        fix = ("\nFix: make sure every cb_wait_front has a matching cb_push_back of as many pages by the producer "
               "(and every cb_reserve_back a matching cb_pop_front by the consumer), and every semaphore wait a "
               "matching set/inc from another core.")
        msg = head + "\nBlocked threads:\n" + "\n".join(lines) + fix
        if sem_only and len(blocked) == 1 and others_done:
            call, obj = blocked[0].blocked_on
            obj = obj.desc() if hasattr(obj, "desc") else obj
            return SemaphoreNeverSatisfiedError(
                f"semaphore wait can never be satisfied: {blocked[0].name()} waits in {call} on {obj} at "
                f"{blocked[0].source_line()}, but every other thread of the program has finished, so nothing "
                "can change the semaphore any more.\nFix: check the expected value and that the other cores "
                "signal (noc_semaphore_inc / noc_semaphore_set_remote) this core's semaphore address.\n" + msg)
        return DeadlockError(msg)


def _call_text(call) -> str:
    return call if isinstance(call, str) else call[0] % call[1:]


def current_frame_pos(files, skip=1):
    """(file, line) of the innermost frame running code of one of `files` (a kernel's sources), or None.
    skip: the frames of the caller's own call chain that cannot be kernel code (1: only the caller's)."""
    f = sys._getframe(skip)
    while f is not None:
        if f.f_code.co_filename in files:
            return f.f_code.co_filename, f.f_lineno
        f = f.f_back
    return None


def current_call_site(files, skip=1):
    """current_frame_pos for a caller that needs the position only if something fails later (an SFPU call that
    runs in a batch): (code object, instruction offset), whose line is looked up by frame_pos_text. Taking a
    frame's line number scans its code's line table; the offset is a field."""
    f = sys._getframe(skip)
    while f is not None:
        code = f.f_code
        if code.co_filename in files:
            return code, f.f_lasti
        f = f.f_back
    return None


def frame_pos_text(pos) -> str:
    """A position from current_frame_pos ((file, line)) or current_call_site ((code, offset)) as file:line."""
    if pos is None:
        return "<unknown line>"
    where, at = pos
    if not isinstance(where, str):      # a call site: the line of the instruction at offset `at`
        line = next((ln for start, end, ln in where.co_lines() if start <= at < end), None)
        where, at = where.co_filename, "?" if line is None else line
    return f"{where}:{at}"


def current_frame_line(files) -> str:
    return frame_pos_text(current_frame_pos(files))
