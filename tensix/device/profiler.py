"""Device time of program runs: per core and RISC-V busy/idle cycles, DeviceZoneScopedN zones, Perfetto export.

Cycles are simulated cycles of the 1 GHz clock (costs.json `clock_hz`); a trace event's microsecond timestamp
is cycles / 1000."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from tensix.costs import cost
from tensix.errors import TensixError


@dataclass
class Zone:
    core: tuple
    riscv: str
    name: str
    start: int
    end: int


@dataclass
class RiscvTime:
    core: tuple
    riscv: str
    kernel: str
    end: int
    busy: int
    idle: int


@dataclass
class Run:
    duration_cycles: int
    # one plain tuple (core, riscv, kernel, end, busy, idle) per RISC-V: the op report keeps every run, and tuples
    # of atomic values leave the garbage collector's tracking, where hundreds of objects per run kept it busy
    rows: list[tuple] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    # core -> tensix.tile.Tile.profile() of the compute kernels that pushed instructions through
    # tensix.kernel.ckernel (each Tensix thread's cycles and stalls, each unit's busy cycles)
    tile_units: dict = field(default_factory=dict)

    @property
    def riscvs(self) -> list[RiscvTime]:
        """Per RISC-V of the run: its core, name, kernel, end cycle, busy and idle cycles."""
        return [RiscvTime(*r) for r in self.rows]

    @property
    def duration_ns(self) -> float:
        return self.duration_cycles * 1e9 / cost("clock_hz")

    def per_core(self) -> dict:
        out = {}
        for r in self.riscvs:
            out.setdefault(r.core, {})[r.riscv] = {"busy": r.busy, "idle": r.idle, "end": r.end, "kernel": r.kernel}
        return out

    def zones_named(self, name: str) -> list[Zone]:
        return [z for z in self.zones if z.name == name]

    def to_perfetto(self, path) -> None:
        """Write Chrome trace-event JSON (opens in ui.perfetto.dev): one process per core, one track per RISC-V."""
        us = 1e6 / cost("clock_hz")
        ev = []
        pids = {}
        for r in self.riscvs:
            pid = pids.setdefault(r.core, len(pids) + 1)
            ev.append({"ph": "M", "name": "process_name", "pid": pid, "args": {"name": f"core {r.core}"}})
            ev.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": r.riscv, "args": {"name": r.riscv}})
            ev.append({"ph": "X", "name": r.kernel, "pid": pid, "tid": r.riscv, "ts": 0, "dur": r.end * us,
                       "args": {"busy_cycles": r.busy, "idle_cycles": r.idle}})
        for z in self.zones:
            pid = pids.setdefault(z.core, len(pids) + 1)
            ev.append({"ph": "X", "name": z.name, "pid": pid, "tid": z.riscv, "ts": z.start * us,
                       "dur": (z.end - z.start) * us})
        with open(path, "w") as f:
            json.dump({"traceEvents": ev, "displayTimeUnit": "ns"}, f)


class Profiler:
    def __init__(self):
        self.last: Run | None = None    # only the last run is kept: a long session runs thousands of programs

    def record(self, threads) -> Run:
        run = Run(0)
        rows = run.rows
        for th in threads:
            clocks, idle, core, name = th.clocks, th.idle, th.core.logical, th.kernel.name
            for i, rv in enumerate(th.riscvs):
                rows.append((core, rv, name, clocks[i], clocks[i] - idle[i], idle[i]))
            run.duration_cycles = max(run.duration_cycles, *clocks)
            run.zones.extend(th.zones)
            tile = th.compute.__dict__.get("tile") if getattr(th, "compute", None) is not None else None
            if tile is not None:
                run.tile_units[th.core.logical] = tile.profile()
        self.last = run
        return run

    def last_run(self) -> Run:
        if self.last is None:
            raise TensixError("profiler: no program has run on this device yet.\nFix: call EnqueueProgram first.")
        return self.last
