"""tensix.tile: one Wormhole T tile's Tensix coprocessor at instruction level (seed 004).

`Tile` is the tile: three threads' MOP and Replay expanders, the Wait Gate and Sync Unit, the Scalar Unit (ThCon)
and the Configuration Unit. `tensix.tile.ops` has TT_OP_<NAME>(...) for every instruction (tt-llk's
ckernel_ops.h), `tensix.tile.isa` decodes, disassembles and converts to / from the RISC-V `.ttinsn` form.
Semantics follow tenstorrent/tt-isa-documentation's WormholeB0/TensixTile pages; each module cites the pages it
follows. This package imports nothing from tensix but the error classes.
"""

from tensix.tile import isa, ops
from tensix.tile.errors import TileError
from tensix.tile.tile import Tile

__all__ = ["isa", "ops", "Tile", "TileError"]
