"""The per-op report: every device program an op ran, with its device time and core count (tt-metal's ops perf
report), as records (`op_report()`), a CSV with the perf report's main columns (`op_report_csv(path)`), a table
(`print_op_report()`) and a Perfetto trace of the sequence of ops (`op_trace(path)`, one track per core)."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field

from tensix.costs import cost


@dataclass
class OpRecord:
    """One program run by an op. `device_ns` is the program's device time (first kernel start to last kernel end over
    all cores, tt-metal's DEVICE KERNEL DURATION), `host_s` the host wall time of the op call that ran it."""

    index: int
    op: str
    device_cycles: int
    device_ns: float
    cores: int
    cache_hit: bool
    host_s: float
    inputs: list = field(default_factory=list)
    outputs: list = field(default_factory=list)
    attributes: dict = field(default_factory=dict)
    program: str = ""
    run: object = None          # tensix.device.profiler.Run (per core and RISC-V times)

    @property
    def device_us(self) -> float:
        return self.device_ns / 1000.0


_records: list[OpRecord] = []
_enabled = True


def record(op, run, cores, cache_hit, host_s, inputs, outputs, attributes, program) -> OpRecord:
    r = OpRecord(len(_records), op, int(run.duration_cycles), float(run.duration_ns), int(cores), bool(cache_hit),
                 float(host_s), list(inputs), list(outputs), dict(attributes), program, run)
    if _enabled:
        _records.append(r)
    return r


def op_report() -> list[OpRecord]:
    """The records of every program the ops ran since the start (or the last clear_op_report)."""
    return list(_records)


def clear_op_report() -> None:
    _records.clear()


def total_device_ns(records=None) -> float:
    return sum(r.device_ns for r in (_records if records is None else records))


_CSV_COLUMNS = ["OP CODE", "GLOBAL CALL COUNT", "DEVICE ID", "CORE COUNT", "PROGRAM CACHE HIT",
                "DEVICE KERNEL DURATION [ns]", "HOST DURATION [ns]", "INPUTS", "OUTPUTS", "ATTRIBUTES", "PROGRAM"]


def op_report_csv(path, records=None) -> None:
    """Write the records as a CSV with tt-metal ops-perf-report columns (OP CODE, GLOBAL CALL COUNT, CORE COUNT,
    DEVICE KERNEL DURATION [ns], ...)."""
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(_CSV_COLUMNS)
        for r in (_records if records is None else records):
            w.writerow([r.op, r.index, 0, r.cores, r.cache_hit, round(r.device_ns), round(r.host_s * 1e9),
                        "; ".join(r.inputs), "; ".join(r.outputs),
                        "; ".join(f"{k}={v}" for k, v in r.attributes.items()), r.program])


def format_op_report(records=None) -> str:
    rows = _records if records is None else records
    out = [f"{'#':>3}  {'op':<28} {'cores':>5} {'device us':>10} {'host ms':>8}  cache  output"]
    for r in rows:
        out.append(f"{r.index:>3}  {r.op:<28} {r.cores:>5} {r.device_us:>10.2f} {r.host_s * 1e3:>8.1f}  "
                   f"{'hit' if r.cache_hit else 'miss':<5}  {r.outputs[0] if r.outputs else ''}")
    out.append(f"     {'total':<28} {'':>5} {total_device_ns(rows) / 1000:>10.2f}")
    return "\n".join(out)


def print_op_report(records=None) -> None:
    print(format_op_report(records))


def op_trace(path, records=None) -> None:
    """Chrome trace-event JSON (opens in ui.perfetto.dev): the ops one after another on a "device" track, each
    op's kernels on one track per core (RISC-V busy spans), with the ops' names and attributes."""
    rows = _records if records is None else records
    us = 1e6 / cost("clock_hz")
    ev = [{"ph": "M", "name": "process_name", "pid": 0, "args": {"name": "device 0 ops"}},
          {"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "device 0 cores"}}]
    t0 = 0.0
    cores_seen = {}
    for r in rows:
        ev.append({"ph": "X", "name": r.op, "pid": 0, "tid": 0, "ts": t0, "dur": r.device_cycles * us,
                   "args": {"cores": r.cores, "inputs": r.inputs, "outputs": r.outputs,
                            "attributes": {k: str(v) for k, v in r.attributes.items()}, "cache_hit": r.cache_hit}})
        if r.run is not None:
            ends = {}
            for rv in r.run.riscvs:
                ends[rv.core] = max(ends.get(rv.core, 0), rv.end)
            for core, end in ends.items():
                tid = cores_seen.setdefault(core, len(cores_seen) + 1)
                ev.append({"ph": "X", "name": r.op, "pid": 1, "tid": tid, "ts": t0, "dur": end * us})
        t0 += r.device_cycles * us
    for core, tid in cores_seen.items():
        ev.append({"ph": "M", "name": "thread_name", "pid": 1, "tid": tid, "args": {"name": f"core {core}"}})
    with open(path, "w") as f:
        json.dump({"traceEvents": ev, "displayTimeUnit": "ns"}, f)
