"""The per-tile element work of ttnn.gather's reader kernels (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/
data_movement/gather/device/kernels/dataflow/gather_common.hpp get_value_from_tile / write_value_to_tile, and the
i / j / k / l loops of gather_reader_single_row_{single,multi}_core.cpp), done on whole tiles with numpy.

The C++ walks a 32x32 tile's 1024 values in storage order (`count`: face row i, face column j, row k of the face,
column l), reads the index at `count` (an unsigned load of the index format's element size: tile size / 1024 bytes),
splits it into the input tile (index >> log2(tile_width)), the face column (bit 4 of the remainder) and the column
in the face (its low 4 bits), and loads the input value at
    local = tile * tile_width * tile_height + face_column * 256 + k * 16 + column + i * tile_width * 16
(the row stays the index's own: face row i, row k) as an unsigned value of the input's element size, stored at
`count` of the output tile with the output's element size (a C integer conversion: truncation to the narrower size).
local_index is a uint16_t in the C++: it wraps past 65535 (the single-core reader with a row of more than 64 input
tiles, which select_program_factory never gives it). An index at or past the input row's padded width (Wt_input
tiles) is refused (NotModelledError): the single-core reader would load L1 past the input CB and the multi-core one
leave the output CB page's stale value, neither of which tensix's L1 holds as a card's would."""

from __future__ import annotations

import numpy as np

from tensix.kernel import NotModelledError, l1_ptr, riscv_wait

# RV32 cycles of one value of the C++ loop: the index load (a switch on the element size), the shifts and masks, the
# local_index multiply-adds, the value load and store, the loop (~15 instructions at <= 1 IPC, tt-isa-documentation
# WormholeB0/TensixTile/BabyRISCV/README.md); a value of another input tile in the multi-core reader is the load,
# the shift and the compare (~6). ESTIMATE: no measured figure.
CYCLES_PER_VALUE = 15
CYCLES_PER_SKIP = 6

_UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}

FACE = 16


def uint_type(size: int):
    """read_data_from_type's T for an element size (gather_common.hpp: the default case reads uint16_t)."""
    return _UINT.get(size, np.uint16)


_ROWS = {}


def _rows_of_count(tile_width: int, tile_height: int):
    """For each storage position `count` of a tile: the i (face row) and k (row in the face) of the C++ loops."""
    key = (tile_width, tile_height)
    if key not in _ROWS:
        count = np.arange(tile_width * tile_height)
        _ROWS[key] = (count // (FACE * tile_width), (count // FACE) % FACE)
    return _ROWS[key]


def read_indices(idx_addr: int, idx_size: int, n: int) -> np.ndarray:
    """get_value_from_tile over the index tile: uint32_t values (a 64-bit load truncates)."""
    return (l1_ptr(idx_addr, uint_type(idx_size), n).astype(np.uint64) & 0xFFFFFFFF).astype(np.int64)


class IndexTile:
    """One index tile in L1, split as the C++ splits each index: its input tile (index >> log2(tile_width)) and the
    offset of its value inside that tile (face column * 256 + k * 16 + column + i * tile_width * 16). The readers
    read the index tile once per index tile; the C++ re-reads it from the same L1 page for every input tile, which
    nothing writes meanwhile (c_1 is the reader's own), so the values are the same."""

    def __init__(self, idx_addr: int, idx_size: int, tile_width: int, tile_height: int, wt_input: int):
        self.n = n = tile_width * tile_height
        i, k = _rows_of_count(tile_width, tile_height)
        index = read_indices(idx_addr, idx_size, n)
        shift = tile_width.bit_length() - 1          # __builtin_ctz of a power of two
        in_tile = index & (tile_width - 1)
        self.tile = index >> shift
        if int(self.tile.max()) >= wt_input:
            raise NotModelledError(
                f"ttnn.gather: index {int(index.max())} is past the input row's {wt_input * tile_width} (padded) "
                "values: the card's reader would load L1 past the input CB (single-core program) or keep the output "
                "CB page's stale value (multi-core), which tensix does not model.\nFix: indices below "
                "input.shape[dim], as torch.gather requires.")
        self.offset = (in_tile >> 4) * FACE * FACE + k * FACE + (in_tile & (FACE - 1)) + i * tile_width * FACE
        self._order = None

    def gather_full_row(self, in_addr, out_addr, in_size, out_size):
        """gather_reader_single_row_single_core.cpp's inner loops: the whole row of input tiles is in the input CB;
        local_index (uint16_t) = tile * tile_width * tile_height + offset."""
        local = (self.tile * self.n + self.offset) & 0xFFFF
        values = l1_ptr(in_addr, uint_type(in_size), int(local.max()) + 1)[local]
        _store(out_addr, out_size, np.arange(self.n), values)
        riscv_wait(CYCLES_PER_VALUE * self.n)

    def gather_one_input(self, wi, in_addr, out_addr, in_size, out_size):
        """gather_reader_single_row_multi_core.cpp's inner loops for input tile `wi`: only the values whose index
        falls in it are written (the others keep what the output CB page holds); local_index = offset."""
        if self._order is None:
            self._order = np.argsort(self.tile, kind="stable")
            self._sorted = self.tile[self._order]
        lo, hi = np.searchsorted(self._sorted, [wi, wi + 1])
        hit = self._order[lo:hi]
        if hit.size:
            local = self.offset[hit] & 0xFFFF
            values = l1_ptr(in_addr, uint_type(in_size), int(local.max()) + 1)[local]
            _store(out_addr, out_size, hit, values)
        riscv_wait(CYCLES_PER_VALUE * hit.size + CYCLES_PER_SKIP * (self.n - hit.size))


def _store(out_addr, out_size, where, values):
    """write_value_to_tile: the uint32_t value converted to the output's element type (truncating)."""
    t = uint_type(out_size)
    out = l1_ptr(out_addr, t, int(where.max()) + 1)
    out[where] = (values.astype(np.uint64) & 0xFFFFFFFF).astype(t)
