"""tt-metal's split_work_to_cores over a CoreRangeSet (the sub_core_grids overload), as tt-metal 622c6fb9
tt_metal/common/work_split.cpp writes it: num_cores_to_corerangeset_in_subcoregrids walks the set's ranges from a start
core, row by row (row_wise) or column by column (the default), emitting one range per row / column it takes cores from,
then merges consecutive rows (columns) of the same span into rectangles.

split_work_to_cores(core_grid, units, row_wise=False): min(units, cores) cores; with units >= cores all_cores is
core_grid itself, else the first `units` cores from the first range's start. The first `units % n` cores
(core_group_1) take one unit more; core_group_2 starts right after group 1's last core (same row / column, the next
one, or the next range's start).

The groups are CoreRangeSets; which core does which units is up to each program factory (most walk all_cores' ranges
row by row and give each core its group's count)."""

from __future__ import annotations

from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet
from tensix.ttnn.errors import TTNNError


def _range_size(r: CoreRange) -> int:
    return (r.end.x - r.start.x + 1) * (r.end.y - r.start.y + 1)


def _merge(ranges: list[CoreRange], row_wise: bool) -> list[CoreRange]:
    """merge_rectangles: consecutive rows (row_wise) / columns of identical span become one rectangle."""
    if not ranges:
        return []
    out = []
    cur = ranges[0]
    for nxt in ranges[1:]:
        if row_wise:
            ok = (cur.start.x == nxt.start.x and cur.end.x == nxt.end.x and nxt.start.y == cur.end.y + 1
                  and nxt.end.y == cur.end.y + 1)
        else:
            ok = (cur.start.y == nxt.start.y and cur.end.y == nxt.end.y and nxt.start.x == cur.end.x + 1
                  and nxt.end.x == cur.end.x + 1)
        if ok:
            cur = CoreRange(cur.start, nxt.end)
            continue
        out.append(cur)
        cur = nxt
    out.append(cur)
    return out


def cores_in_subcoregrids(start: CoreCoord, n: int, grid: CoreRangeSet, row_wise: bool = False) -> CoreRangeSet:
    """num_cores_to_corerangeset_in_subcoregrids(start_core, n, sub_core_grids, row_wise)."""
    total = sum(_range_size(r) for r in grid.ranges)
    if n <= 0:
        raise TTNNError("Target number of cores must be greater than 0")
    if n > total:
        raise TTNNError(f"Target number of cores {n} is greater than total available cores {total}")
    if not grid.contains(start):
        raise TTNNError("Start core must be inside sub_core_grids")
    result: list[CoreRange] = []
    remaining = n
    active = False
    for r in grid.ranges:
        if not active:
            if not r.contains(start):
                continue
            active = True
            cs = start
        else:
            cs = r.start
        if row_wise:
            y = cs.y
            while y <= r.end.y and remaining > 0:
                x0 = cs.x if y == cs.y else r.start.x
                take = min(r.end.x - x0 + 1, remaining)
                result.append(CoreRange(CoreCoord(x0, y), CoreCoord(x0 + take - 1, y)))
                remaining -= take
                y += 1
        else:
            x = cs.x
            while x <= r.end.x and remaining > 0:
                y0 = cs.y if x == cs.x else r.start.y
                take = min(r.end.y - y0 + 1, remaining)
                result.append(CoreRange(CoreCoord(x, y0), CoreCoord(x, y0 + take - 1)))
                remaining -= take
                x += 1
        if remaining == 0:
            break
    if remaining:
        raise TTNNError(f"Failed to assign all {n} requested cores")
    return CoreRangeSet(_merge(result, row_wise))


def split_work_to_cores(grid: CoreRangeSet, units: int, row_wise: bool = False):
    """(num_cores, all_cores, core_group_1, core_group_2, units_per_core_group_1, units_per_core_group_2)."""
    empty = CoreRangeSet([])
    if units == 0:
        return 0, empty, empty, empty, 0, 0
    max_cores = sum(_range_size(r) for r in grid.ranges)
    if max_cores == 0:
        raise TTNNError("Core grid must contain at least one core")
    start = grid.ranges[0].start
    if units >= max_cores:
        n, all_cores = max_cores, grid
    else:
        n, all_cores = units, cores_in_subcoregrids(start, units, grid, row_wise)
    per, extra = units // n, units % n
    if extra == 0:
        return n, all_cores, all_cores, empty, per, 0
    g1 = cores_in_subcoregrids(start, extra, grid, row_wise)
    last = g1.ranges[-1].end
    counted, i = 0, 0
    for i, r in enumerate(grid.ranges):
        counted += _range_size(r)
        if counted >= extra:
            break
    rng = grid.ranges[i]
    if last == rng.end:
        nxt = grid.ranges[i + 1].start
    elif row_wise:
        nxt = CoreCoord(last.x + 1, last.y) if last.x != rng.end.x else CoreCoord(rng.start.x, last.y + 1)
    else:
        nxt = CoreCoord(last.x, last.y + 1) if last.y != rng.end.y else CoreCoord(last.x + 1, rng.start.y)
    g2 = cores_in_subcoregrids(nxt, n - extra, grid, row_wise)
    return n, all_cores, g1, g2, per + 1, per


def cores_row_wise(all_cores: CoreRangeSet) -> list[CoreCoord]:
    """The factories' walk over all_cores with sub_core_grids: each range in turn, row by row."""
    return [CoreCoord(x, y) for r in all_cores.ranges for y in range(r.start.y, r.end.y + 1)
            for x in range(r.start.x, r.end.x + 1)]
