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


class CoreRangeSet:
    """Immutable, as tt-metal's: its ranges are a tuple, and its cores (each once, in range order) are listed once,
    on first use (a host program iterates a kernel's or a CB's cores several times per launch)."""

    def __init__(self, ranges=()):
        if isinstance(ranges, (CoreRange, CoreCoord)):
            ranges = [ranges]
        self.ranges = tuple(r if isinstance(r, CoreRange) else CoreRange(r) for r in ranges)
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
