"""The worker core tt-metal assigns to each DRAM bank (Device::get_optimal_dram_bank_to_logical_worker_assignment),
for programs that read or write DRAM shards from the Tensix cores next to the DRAM controllers.

Ports tt-metal 622c6fb9 tt_metal/impl/device/device.cpp (get_optimal_dram_bank_to_logical_worker_assignment: the
banks' NoC 0 endpoints, the worker grid's physical rows and columns) and tt_metal/common/core_assignment.cpp
(get_optimal_dram_to_physical_worker_assignment and reassign_dram_interface_cores_for_wormhole), on tensix's n150
(tensix.device.soc): a bank's worker starts one column right of its endpoint (one row down from rows 0 and 6); then,
per DRAM column, a worker on a row that is not a worker row, or on a row two workers share, moves to the first free
worker row searching from the bottom (a bank endpoint on the last row) or the top, three, then two, ... columns to the
right. As in the C++, the search bounds are the whole NoC grid's rows (0 and 11), not the worker rows. Which rows a real
board has harvested decides the result; tensix's are soc.WORKER_NOC_Y's (its module docstring)."""

from __future__ import annotations

from functools import lru_cache

from tensix.device import soc


def _reassign_wormhole(non_worker_rows, workers, num_banks, max_y, min_y):
    """reassign_dram_interface_cores_for_wormhole: workers [(x, y)] in bank order -> the moved ones: the first DRAM
    column's group, then the other's, each in its original order (the C++ merges the groups so; with the first group
    being the first banks, as on Wormhole, that is bank order)."""
    first_x = workers[0][0]
    result = []
    for group in ([c for c in workers if c[0] == first_x], [c for c in workers if c[0] != first_x]):
        order = sorted(range(len(group)), key=lambda i: group[i][1])    # by row (std::sort; rows are distinct here)
        order = order[-1:] + order[:-1]                 # the bottom-most worker first (std::rotate)
        rows = [group[i][1] for i in order]             # the group's rows, not updated by the moves
        moved = list(group)
        x_step = 3
        for i in order:
            x, y = group[i]
            if y in non_worker_rows or rows.count(y) >= 2:
                span = range(max_y, min_y - 1, -1) if y >= num_banks - 1 else range(min_y, max_y + 1)
                free = [j for j in span if j not in non_worker_rows]
                new = next((j for j in free if rows.count(j) == 0), free[0] if free else None)
                if new is not None:
                    x, y = x + x_step, new
                    x_step -= 1
            moved[i] = (x, y)
        result += moved
    return result


@lru_cache(maxsize=None)
def optimal_dram_bank_workers(noc: int = 0) -> tuple:
    """The logical (x, y) worker core of each DRAM bank (index = the bank's channel, as
    dram_channel_from_logical_core gives it for the DRAM grid's core (x, 0)), for NoC 0."""
    if noc != 0:
        from tensix.errors import NotModelledError
        raise NotModelledError("get_optimal_dram_bank_to_logical_worker_assignment(NOC_1): the DRAM banks' NoC 1 "
                               "endpoints are not in tensix's SoC tables (tensix.device.soc); only NOC_0 is modelled.")
    grid_y = soc.NOC_GRID[1]
    non_worker_rows = [y for y in range(grid_y) if y not in soc.WORKER_NOC_Y]
    workers = []
    for x, y in soc.DRAM_BANK_WORKER_ENDPOINT:
        workers.append((x + 1, y + 1 if y in (0, 6) else y))
    moved = _reassign_wormhole(non_worker_rows, workers, len(workers), grid_y - 1, 0)
    logical = []
    for x, y in moved:
        core = soc.NOC_TO_LOGICAL.get((x, y))
        if core is None:        # the C++'s TT_ASSERT (a release build would go on with a bad core)
            raise AssertionError(f"Worker dram interface core ({x}, {y}) should be a Tensix core, algorithm to place "
                                 "DRAM interfacing workers is invalid")
        logical.append(core)
    return tuple(logical)
