"""Host-side value types with Metalium's names: CoreCoord, CoreRange, CoreRangeSet, enums and configs."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Iterator

from tensix.device.errors import DeviceError
from tensix.device.coords import CoreCoord
from tensix.device.formats import DataFormat  # noqa: F401 (re-exported: Metalium hosts name it here)


def _cc(c) -> CoreCoord:
    if isinstance(c, CoreCoord):
        return c
    x, y = c
    return CoreCoord(int(x), int(y))


@dataclass(frozen=True)
class CoreRange:
    start: CoreCoord
    end: CoreCoord

    def __init__(self, start, end=None):
        s = _cc(start)
        e = s if end is None else _cc(end)
        if e.x < s.x or e.y < s.y:
            raise DeviceError(f"CoreRange({s}, {e}): end must be >= start in x and y.\nFix: swap the corners.")
        object.__setattr__(self, "start", s)
        object.__setattr__(self, "end", e)

    def __iter__(self) -> Iterator[CoreCoord]:
        for y in range(self.start.y, self.end.y + 1):
            for x in range(self.start.x, self.end.x + 1):
                yield CoreCoord(x, y)

    def size(self) -> int:
        return (self.end.x - self.start.x + 1) * (self.end.y - self.start.y + 1)

    def contains(self, c) -> bool:
        c = _cc(c)
        return self.start.x <= c.x <= self.end.x and self.start.y <= c.y <= self.end.y

    def grid_size(self) -> CoreCoord:
        """tt-metal CoreRange::grid_size: the range's extent as CoreCoord(columns, rows)."""
        return CoreCoord(self.end.x - self.start.x + 1, self.end.y - self.start.y + 1)

    def intersection(self, other: "CoreRange") -> "CoreRange | None":
        """tt-metal CoreRange::intersection: the common rectangle, None when the ranges do not meet."""
        x1, y1 = max(self.start.x, other.start.x), max(self.start.y, other.start.y)
        x2, y2 = min(self.end.x, other.end.x), min(self.end.y, other.end.y)
        return CoreRange(CoreCoord(x1, y1), CoreCoord(x2, y2)) if x1 <= x2 and y1 <= y2 else None


def _range_order(r: CoreRange):
    """tt-metal's operator< of CoreRange (start, then end; a CoreCoord by x, then y): a std::set's order."""
    return (r.start.x, r.start.y, r.end.x, r.end.y)


def _line_merge(a: CoreRange, b: CoreRange) -> CoreRange | None:
    """tt-metal CoreRange::merge: two touching or adjacent ranges lined up in x (same columns) or in y (same rows)
    as one rectangle, else None."""
    x1, y1 = max(a.start.x, b.start.x), max(a.start.y, b.start.y)
    x2, y2 = min(a.end.x, b.end.x), min(a.end.y, b.end.y)
    if not ((x1 <= x2 and y1 <= y2) or (x2 + 1 == x1 and y1 <= y2) or (y2 + 1 == y1 and x1 <= x2)):
        return None
    if a.start.x == b.start.x and a.end.x == b.end.x:
        return CoreRange(CoreCoord(a.start.x, min(a.start.y, b.start.y)), CoreCoord(a.end.x, max(a.end.y, b.end.y)))
    if a.start.y == b.start.y and a.end.y == b.end.y:
        return CoreRange(CoreCoord(min(a.start.x, b.start.x), a.start.y), CoreCoord(max(a.end.x, b.end.x), a.end.y))
    return None


def _merged(ranges) -> list[CoreRange]:
    """tt-metal CoreRangeSet::merge (tt_metal/common/core_coord.cpp) of an empty set with `ranges`: the covered cores
    row by row as maximal runs, each run joined with the rectangle above it when their columns agree; the result in
    std::set order. A set of disjoint rectangles this way becomes a canonical one (merge_ranges)."""
    crs = set(ranges)
    if not crs:
        return []
    covered = {c for r in crs for c in r}
    min_y, max_y = min(r.start.y for r in crs), max(r.end.y for r in crs)
    min_x, max_x = min(r.start.x for r in crs), max(r.end.x for r in crs)
    crs = set()
    for y in range(min_y, max_y + 1):
        runs, x = [], min_x
        while x <= max_x:
            if CoreCoord(x, y) in covered:
                x0 = x
                while x <= max_x and CoreCoord(x, y) in covered:
                    x += 1
                runs.append(CoreRange(CoreCoord(x0, y), CoreCoord(x - 1, y)))
            x += 1
        dropped, joined = set(), set()
        for cr in runs:
            for prev in sorted(crs, key=_range_order):
                m = _line_merge(cr, prev)
                if m is not None:
                    joined.add(m)
                    dropped.update((prev, cr))
            crs.add(cr)
        crs = (crs - dropped) | joined
    return sorted(crs, key=_range_order)


class _Ranges(tuple):
    """A CoreRangeSet's ranges: a tuple, as tensix's own code reads `crs.ranges`, and callable, as tt-metal's Python
    binding exposes them (`crs.ranges()`, a list)."""

    __slots__ = ()

    def __call__(self) -> list:
        return list(self)


class CoreRangeSet:
    """Immutable, as tt-metal's: its ranges are a tuple, and its cores (each once, in range order) are listed once,
    on first use (a host program iterates a kernel's or a CB's cores several times per launch)."""

    def __init__(self, ranges=()):
        if isinstance(ranges, (CoreRange, CoreCoord)):
            ranges = [ranges]
        self.ranges = _Ranges(r if isinstance(r, CoreRange) else CoreRange(r) for r in ranges)
        self._cores = None
        self._xy = None

    def __iter__(self) -> Iterator[CoreCoord]:
        if self._cores is None:
            self._cores = tuple(dict.fromkeys(c for r in self.ranges for c in r))
        return iter(self._cores)

    def num_cores(self) -> int:
        return sum(1 for _ in self)

    def merge(self, other) -> "CoreRangeSet":
        return CoreRangeSet(self.ranges + tuple(to_core_set(other).ranges))

    def contains(self, c) -> bool:
        return any(r.contains(c) for r in self.ranges)

    def intersects(self, other) -> bool:
        """tt-metal CoreRangeSet::intersects: whether any core is in both sets (a CoreCoord, CoreRange or set)."""
        return any(a.intersection(b) is not None for a in self.ranges for b in to_core_set(other).ranges)

    def merge_ranges(self) -> "CoreRangeSet":
        """tt-metal CoreRangeSet::merge_ranges: the same cores as the fewest lined-up rectangles, in std::set order
        (a set of at most one range is returned as it is)."""
        return self if len(self.ranges) <= 1 else CoreRangeSet(_merged(self.ranges))

    def subtract(self, other) -> "CoreRangeSet":
        """tt-metal CoreRangeSet::subtract (tt_metal/common/core_coord.cpp): the cores of this set not in `other`,
        as rectangles. Both sets are merged first; each range of this one is cut by each range of the other into
        what lies left of the overlap (full height), right of it (full height), below it and above it (the overlap's
        columns), in that order."""
        mine, theirs = self.merge_ranges(), to_core_set(other).merge_ranges()
        if not theirs.ranges or not mine.ranges or not mine.intersects(theirs):
            return mine
        out = []
        for rng in mine.ranges:
            left = [rng]
            for cut in theirs.ranges:
                nxt = []
                for r in left:
                    i = r.intersection(cut)
                    if i is None:
                        nxt.append(r)
                        continue
                    if r.start.x < i.start.x:
                        nxt.append(CoreRange(r.start, CoreCoord(i.start.x - 1, r.end.y)))
                    if r.end.x > i.end.x:
                        nxt.append(CoreRange(CoreCoord(i.end.x + 1, r.start.y), r.end))
                    x0, x1 = max(r.start.x, i.start.x), min(r.end.x, i.end.x)
                    if r.start.y < i.start.y:
                        nxt.append(CoreRange(CoreCoord(x0, r.start.y), CoreCoord(x1, i.start.y - 1)))
                    if r.end.y > i.end.y:
                        nxt.append(CoreRange(CoreCoord(x0, i.end.y + 1), CoreCoord(x1, r.end.y)))
                left = nxt
            out += left
        return CoreRangeSet(out)

    def has_core(self, c: CoreCoord) -> bool:
        """contains() for a CoreCoord, from the set of the cores listed once (SetRuntimeArgs asks it per core)."""
        if self._xy is None:
            self._xy = frozenset(self)
        return c in self._xy

    def bounding_box(self) -> CoreRange:
        """tt-metal CoreRangeSet::bounding_box: the smallest CoreRange holding every range."""
        if not self.ranges:
            raise DeviceError("CoreRangeSet.bounding_box: the set is empty.\nFix: give it a range.")
        return CoreRange(CoreCoord(min(r.start.x for r in self.ranges), min(r.start.y for r in self.ranges)),
                         CoreCoord(max(r.end.x for r in self.ranges), max(r.end.y for r in self.ranges)))

    def __repr__(self):
        return f"CoreRangeSet({self.ranges})"


def to_core_set(spec) -> CoreRangeSet:
    if isinstance(spec, CoreRangeSet):
        return spec
    if isinstance(spec, (CoreRange, CoreCoord)):
        return CoreRangeSet([spec])
    if isinstance(spec, tuple) and len(spec) == 2 and all(isinstance(v, int) for v in spec):
        return CoreRangeSet([CoreCoord(*spec)])
    return CoreRangeSet(list(spec))


class BufferType(enum.Enum):
    DRAM = "DRAM"
    L1 = "L1"


class DataMovementProcessor(enum.Enum):
    RISCV_0 = 0   # BRISC
    RISCV_1 = 1   # NCRISC


class NOC(enum.Enum):
    RISCV_0_default = 0
    RISCV_1_default = 1
    NOC_0 = 0
    NOC_1 = 1


class MathFidelity(enum.Enum):
    LoFi = 0
    HiFi2 = 2
    HiFi3 = 3
    HiFi4 = 4


class UnpackToDestMode(enum.Enum):
    Default = 0
    UnpackToDestFp32 = 1


@dataclass
class DataMovementConfig:
    processor: DataMovementProcessor = DataMovementProcessor.RISCV_0
    noc: NOC = NOC.RISCV_0_default
    compile_args: list = field(default_factory=list)
    defines: dict = field(default_factory=dict)


@dataclass
class ReaderDataMovementConfig(DataMovementConfig):
    """tt-metal kernel_types.cpp (622c6fb9): RISCV_1 (NCRISC) on preferred_noc_for_dram_read = NOC_0 (Wormhole)."""
    processor: DataMovementProcessor = DataMovementProcessor.RISCV_1
    noc: NOC = NOC.NOC_0


@dataclass
class WriterDataMovementConfig(DataMovementConfig):
    """tt-metal kernel_types.cpp (622c6fb9): RISCV_0 (BRISC) on preferred_noc_for_dram_write = NOC_1 (Wormhole)."""
    processor: DataMovementProcessor = DataMovementProcessor.RISCV_0
    noc: NOC = NOC.NOC_1


@dataclass
class ComputeConfig:
    math_fidelity: MathFidelity = MathFidelity.HiFi4
    fp32_dest_acc_en: bool = False
    dst_full_sync_en: bool = False
    unpack_to_dest_mode: list | dict | None = None
    math_approx_mode: bool = False
    compile_args: list = field(default_factory=list)
    defines: dict = field(default_factory=dict)
