"""The Dst register file: `uint16 DstBits[1024][16]` per instance, and tile placement helpers.

Source: ISA Dst.md. `Dst16b[Row][Col]` is `DstBits[Row][Col]`; `Dst32b[Row][Col]` (Row < 512) is
`(DstBits[AdjRow][Col] << 16) | DstBits[AdjRow + 8][Col]` with `AdjRow = ((Row & 0x1f8) << 1) | (Row & 0x207)`.

Representation choice (the project's, not the hardware's): DstBits hold *logical* values, i.e. the
hardware's field shuffles (BF16/FP32 stored as Sign,Man,Exp; FP16 as Sign,Man10,Exp5) are undone. A 32-bit
datum is its plain IEEE / sign-magnitude pattern, a BF16 or FP16 datum its plain 16-bit pattern. Software
that writes Dst in one shuffle family (FP32/BF16, FP16/INT8, raw 16-bit) and reads it back in another would
see the shuffled bits on hardware; this model does not reproduce that (Dst.md: mixing views "tends to
require great care").

Tile placement (facts sheet section 1 and 2): 32x32 tile t occupies Dst rows 64t .. 64t+63 (Dst32b rows
for 32-bit data, Dst16b rows for 16-bit data); face f (0: rows 0-15/cols 0-15, 1: rows 0-15/cols 16-31,
2: rows 16-31/cols 0-15, 3: rows 16-31/cols 16-31) at rows 64t+16f .. +15, row-major within the face.
"""

from __future__ import annotations

import numba
import numpy as np

from tensix.errors import SfpuError

DST_ROWS16 = 1024
DST_ROWS32 = 512
DST_COLS = 16
TILE_ROWS = 64  # Dst rows per 32x32 tile


def new_dst(n: int = 1) -> np.ndarray:
    """`n` zeroed Dst register files, uint16 (n, 1024, 16)."""
    return np.zeros((n, DST_ROWS16, DST_COLS), np.uint16)


def adj_row(row):
    """Dst32b row -> DstBits row of its high half (Dst.md); the low half is at +8."""
    return ((row & 0x1F8) << 1) | (row & 0x207)


def _check(bits: np.ndarray, first_tile: int, count: int, rows_avail: int, what: str) -> None:
    if bits.dtype != np.uint16 or bits.shape[-2:] != (DST_ROWS16, DST_COLS):
        raise SfpuError(f"{what}: Dst must be uint16 (..., 1024, 16) from new_dst(), got {bits.dtype} {bits.shape}")
    last = (first_tile + count) * TILE_ROWS
    if first_tile < 0 or last > rows_avail:
        raise SfpuError(f"{what}: tiles {first_tile}..{first_tile + count - 1} need Dst rows up to {last - 1}, "
                        f"but this view has {rows_avail} rows ({rows_avail // TILE_ROWS} tiles); "
                        "use a smaller tile index")


def _to_rows(t: np.ndarray) -> np.ndarray:
    """Tiles (..., count, 32, 32) -> their Dst rows in order (..., count * 64, 16): face f of tile i is rows
    64 i + 16 f .. +15, row-major within the face (module docstring)."""
    lead = t.shape[:-2]
    return t.reshape(lead + (2, 16, 2, 16)).swapaxes(-3, -2).reshape(lead[:-1] + (lead[-1] * TILE_ROWS, 16))


def _from_rows(rows: np.ndarray, count: int) -> np.ndarray:
    lead = rows.shape[:-2]
    return rows.reshape(lead + (count, 2, 2, 16, 16)).swapaxes(-3, -2).reshape(lead + (count, 32, 32))


@numba.njit(cache=True, nogil=True)
def _dst32_row(t, i, j):
    """Dst32b row of element (i, j) of tile t (face (i // 16) * 2 + j // 16, row-major within the face)."""
    return 64 * t + ((i >> 4) * 2 + (j >> 4)) * 16 + (i & 15)


@numba.njit(cache=True, nogil=True)
def _write32_one(t, bits, first):
    """Tiles t (count, 32, 32) into one Dst `bits` (1024, 16) at Dst32b tile `first`."""
    for c in range(t.shape[0]):
        for i in range(32):
            for h in range(2):  # the 16 columns of one face row are one Dst row: a contiguous copy
                r = _dst32_row(first + c, i, 16 * h)
                a = ((r & 0x1F8) << 1) | (r & 0x207)  # AdjRow (Dst.md)
                hi = bits[a]
                lo = bits[a + 8]
                for k in range(16):
                    v = t[c, i, 16 * h + k]
                    hi[k] = v >> 16
                    lo[k] = v & 0xFFFF


@numba.njit(cache=True, nogil=True)
def _read32_one(bits, first, out):
    for c in range(out.shape[0]):
        for i in range(32):
            for h in range(2):
                r = _dst32_row(first + c, i, 16 * h)
                a = ((r & 0x1F8) << 1) | (r & 0x207)
                hi = bits[a]
                lo = bits[a + 8]
                for k in range(16):
                    out[c, i, 16 * h + k] = (np.uint32(hi[k]) << 16) | np.uint32(lo[k])


@numba.njit(cache=True, nogil=True)
def _move16_one(t, bits, first, to_dst):
    """Tiles t (count, 32, 32) into one Dst `bits` (1024, 16) at Dst16b tile `first` (to_dst, as write_tiles16),
    or those Dst tiles back into t."""
    for c in range(t.shape[0]):
        for f in range(4):
            for r in range(16):
                row = TILE_ROWS * (first + c) + 16 * f + r
                i = (f >> 1) * 16 + r
                j = (f & 1) * 16
                for k in range(16):
                    if to_dst:
                        bits[row, k] = t[c, i, j + k]
                    else:
                        t[c, i, j + k] = bits[row, k]


@numba.njit(cache=True)
def _write32(t, bits, first):
    for d in range(t.shape[0]):
        _write32_one(t[d], bits[d], first)


@numba.njit(cache=True)
def _read32(bits, first, out):
    for d in range(out.shape[0]):
        _read32_one(bits[d], first, out[d])


@numba.njit(cache=True)
def _pool_write32(pool, which, first, count, bits):
    for k in range(which.shape[0]):
        _write32_one(pool[which[k, 0], which[k, 1], first:first + count], bits[k], first)


@numba.njit(cache=True)
def _pool_read32(bits, first, count, pool, which):
    for k in range(which.shape[0]):
        _read32_one(bits[k], first, pool[which[k, 0], which[k, 1], first:first + count])


def write_pool_tiles32(bits: np.ndarray, first_tile: int, count: int, pool: np.ndarray, which: np.ndarray) -> None:
    """Dst k of the stack `bits` gets tiles first_tile.. (count) of pool[which[k, 0], which[k, 1]], a
    (..., tiles, 32, 32) uint32 array of Dst sections: the tiles of many cores moved with no gathered copy."""
    _check(bits, first_tile, count, DST_ROWS32, "write_pool_tiles32")
    _pool_write32(pool, np.ascontiguousarray(which, np.int64), first_tile, count, bits)


def read_pool_tiles32(bits: np.ndarray, first_tile: int, count: int, pool: np.ndarray, which: np.ndarray) -> None:
    """The inverse of write_pool_tiles32: tiles first_tile.. of Dst k back into pool[which[k, 0], which[k, 1]]."""
    _check(bits, first_tile, count, DST_ROWS32, "read_pool_tiles32")
    _pool_read32(bits, first_tile, count, pool, np.ascontiguousarray(which, np.int64))


def _stacked(bits: np.ndarray) -> np.ndarray:
    return bits.reshape((-1,) + bits.shape[-2:])


def write_tiles32(bits: np.ndarray, first_tile: int, tiles_u32) -> None:
    """Write 32-bit tiles (count, 32, 32) of logical bit patterns into Dst32b tiles first_tile...

    `bits` is one Dst (1024, 16) or a stack (D, 1024, 16) with tiles of shape (D, count, 32, 32).
    """
    t = np.asarray(tiles_u32)
    if t.dtype != np.uint32:
        if t.dtype == np.float32 or t.dtype == np.int32:
            t = t.view(np.uint32)
        else:
            raise SfpuError(f"write_tiles32: tiles must be uint32 bit patterns (or float32/int32), got {t.dtype}")
    if t.shape[-2:] != (32, 32):
        raise SfpuError(f"write_tiles32: tiles must have shape (count, 32, 32), got {t.shape}")
    if t.ndim == 2:
        t = t[None]
    count = t.shape[-3]
    _check(bits, first_tile, count, DST_ROWS32, "write_tiles32")
    if not bits.flags.c_contiguous:
        raise SfpuError("write_tiles32: the Dst array must be C-contiguous (it is written in place)")
    t = np.ascontiguousarray(np.broadcast_to(t, bits.shape[:-2] + (count, 32, 32)))  # one tile set for all Dsts
    _write32(t.reshape((-1, count, 32, 32)), _stacked(bits), first_tile)


def read_tiles32(bits: np.ndarray, first_tile: int, count: int = 1) -> np.ndarray:
    """Read `count` 32-bit tiles from Dst32b: uint32 (count, 32, 32) (or (D, count, 32, 32))."""
    _check(bits, first_tile, count, DST_ROWS32, "read_tiles32")
    st = _stacked(np.ascontiguousarray(bits))
    out = np.empty((st.shape[0], count, 32, 32), np.uint32)
    _read32(st, first_tile, out)
    return out.reshape(bits.shape[:-2] + (count, 32, 32))


def write_tiles16(bits: np.ndarray, first_tile: int, tiles_u16) -> None:
    """Write 16-bit tiles (count, 32, 32) of logical bit patterns (e.g. BF16 bits) into Dst16b."""
    t = np.asarray(tiles_u16)
    if t.dtype != np.uint16:
        if t.dtype == np.int16 or t.dtype == np.float16:
            t = t.view(np.uint16)
        else:
            raise SfpuError(f"write_tiles16: tiles must be uint16 bit patterns, got {t.dtype}")
    if t.shape[-2:] != (32, 32):
        raise SfpuError(f"write_tiles16: tiles must have shape (count, 32, 32), got {t.shape}")
    if t.ndim == 2:
        t = t[None]
    count = t.shape[-3]
    _check(bits, first_tile, count, DST_ROWS16, "write_tiles16")
    bits[..., TILE_ROWS * first_tile:TILE_ROWS * (first_tile + count), :] = _to_rows(t)


def read_tiles16(bits: np.ndarray, first_tile: int, count: int = 1) -> np.ndarray:
    """Read `count` 16-bit tiles from Dst16b: uint16 (count, 32, 32)."""
    _check(bits, first_tile, count, DST_ROWS16, "read_tiles16")
    return _from_rows(bits[..., TILE_ROWS * first_tile:TILE_ROWS * (first_tile + count), :], count)
