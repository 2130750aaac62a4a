"""A core's coordinates (Metalium's CoreCoord: logical x, y, or a NoC endpoint), used by the device itself
(compute_with_storage_grid_size, worker_core_from_logical_core) and re-exported by tensix.metalium."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class CoreCoord:
    x: int
    y: int

    def __init__(self, x, y=None):
        """CoreCoord(x, y), or ttnn's one-argument form CoreCoord((x, y))."""
        if y is None:
            x, y = x
        object.__setattr__(self, "x", int(x))
        object.__setattr__(self, "y", int(y))

    def __iter__(self):
        yield self.x
        yield self.y

    def __repr__(self):
        return f"CoreCoord(x={self.x}, y={self.y})"
