"""Test helpers: where dst_reg[k]'s lanes live in a tile, computed from the ISA text (not from tensix)."""

import numpy as np


def lane_positions(k: int):
    """Tile (row, col) of each of the 32 lanes of dst_reg[k] (DESIGN.md / facts sheet section 2).

    dst_reg[k] lane L is Dst row 4*(k//2) + L//8, column 2*(L%8) + k%2 relative to the tile base;
    Dst row r of a tile is face r//16 row r%16; face f covers tile rows 16*(f//2).., cols 16*(f%2)..
    """
    lanes = np.arange(32)
    t, kk = divmod(k, 32)
    r = 4 * (kk // 2) + lanes // 8
    c = 2 * (lanes % 8) + kk % 2
    face, rr = divmod(r, 16)
    return t, 16 * (face // 2) + rr, 16 * (face % 2) + c


def get_lanes(tiles, k):
    t, rows, cols = lane_positions(k)
    return tiles[t, rows, cols]


def set_lanes(tiles, k, values):
    t, rows, cols = lane_positions(k)
    tiles[t, rows, cols] = values


def bits(x):
    return np.asarray(x, np.float32).view(np.uint32)


def floats(b):
    return np.asarray(b, np.uint32).view(np.float32)
