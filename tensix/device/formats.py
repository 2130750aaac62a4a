"""Tile data formats: host conversions, the unpackers (L1 -> SrcA/SrcB/Dst) and the packers (Dst -> L1).

Pure functions on numpy arrays; no dependence on the runtime. Everything is vectorised over many tiles:
a "tile" argument is ``(32, 32)`` or ``(n, 32, 32)``, tile bytes are ``(tile_size,)`` or ``(n, tile_size)``.

Three families of conversion live here, because the real stack has three different converters:

1. **Host side** (``pack_tile_bytes`` / ``unpack_tile_bytes`` / ``tilize_nfaces`` / ``untilize_nfaces``):
   what tt-metal's host code writes into a buffer and reads back. Float32 -> Float16_b rounds to nearest,
   ties to even, NaN -> 0x7FC0 (tt-metal ``bfloat16.hpp`` ``fp32_to_bf16_bits_round_to_nearest_even``,
   PR #19882). Bfp8_b and Bfp4_b follow tt-metal ``blockfloat_common.cpp`` ``convert_u32_to_bfp`` /
   ``convert_bfp_to_u32`` bit for bit (shared exponent = largest exponent of 16 values; mantissa shifted
   right by the exponent difference, *then* rounded to nearest-even on the remaining 7 or 3 bits).
2. **Unpacker** (``unpack_to_src``, ``unpack_to_dest``, ``src_to_dest``, ``copy_tile_to_dest``): the
   ``FormatConversion`` of ISA ``UNPACR_Regular.md`` plus the ``MOVA2D`` datacopy (ISA ``MOVA2D.md``), with
   the unpacker output formats tt-metal chooses (``tt_metal/jit_build/data_format.cpp``
   ``get_unpack_dst_formats``: Float32 in L1 -> Tf32 in Src when fp32_dest_acc_en, else Float16_b).
3. **Packer** (``pack_from_dest``): ISA ``Packers/FormatConversion.md`` with the configuration tt-llk programs
   (``tt_llk_wormhole_b0/common/inc/cpack_common.h``: ``PCK_DEST_RD_CTRL_Read_int8`` (= ``Read_raw``) left 0,
   ``ALU_FORMAT_SPEC_REG2_Dstacc`` = pack source format from ``data_format.cpp get_single_pack_src_format``).
   Hence FP32 Dst -> BF16 is *rounding* (round to nearest, ties away from zero; denormals and -0 -> +0,
   NaN -> Inf), never truncation; BF16 -> Bfp8_b rounds ties away from zero with one shared exponent per
   16 datums, and Bfp4_b is that Bfp8_b datum truncated to its sign and top 3 magnitude bits.

Representations used across tensix (shared with ``tensix.sfpu.dst``, which stores logical, unshuffled
values): Dst in 32-bit mode = ``uint32`` IEEE-layout FP32 bits; Dst in 16-bit mode = ``uint16`` BF16 (or
FP16) bits. Src values are returned as ``float32`` arrays whose *bit pattern* is the Src datum in IEEE
layout (TF32: low 13 mantissa bits zero; BF16: low 16 bits zero). The FPU interprets exponent 255 as a
finite number and exponent 0 as zero (ISA ``FloatBitPatterns.md``); ``tensix.device.fpu`` does that.
"""

from __future__ import annotations

import enum

import numpy as np

from tensix.device import hostcopy
from tensix.errors import NotModelledError, TensixError

__all__ = [
    "DataFormat",
    "FormatError",
    "TILE_HW",
    "FACE_HW",
    "tile_size",
    "to_face_order",
    "from_face_order",
    "tilize_nfaces",
    "untilize_nfaces",
    "pack_tile_bytes",
    "unpack_tile_bytes",
    "fp32_to_bf16_rne",
    "fp32_to_bf16_round_away",
    "dst_encode_bf16",
    "unpack_to_src",
    "unpack_to_dest",
    "src_to_dest",
    "copy_tile_to_dest",
    "dest_to_float",
    "pack_from_dest",
]

TILE_HW = 32
FACE_HW = 16
TILE_ELEMS = TILE_HW * TILE_HW


class FormatError(TensixError):
    """A tile's bytes or values do not fit the data format, or a conversion the hardware forbids."""


class DataFormat(enum.IntEnum):
    """tt-metal's ``tt::DataFormat`` numbering (``tt_backend_api_types.hpp``); the subset tensix models."""

    Float32 = 0
    Float16 = 1
    Float16_b = 5
    Bfp8_b = 6
    Bfp4_b = 7
    Int32 = 8
    UInt16 = 9
    UInt32 = 24
    UInt8 = 30


_FLOAT_FORMATS = (DataFormat.Float32, DataFormat.Float16, DataFormat.Float16_b, DataFormat.Bfp8_b, DataFormat.Bfp4_b)
_BYTES_PER_DATUM = {
    DataFormat.Float32: 4,
    DataFormat.Int32: 4,
    DataFormat.UInt32: 4,
    DataFormat.Float16: 2,
    DataFormat.Float16_b: 2,
    DataFormat.UInt16: 2,
    DataFormat.UInt8: 1,
}
# Block floats: one exponent byte per 16 datums (one per face row: 4 faces x 16 rows = 64), then the datums in face
# order, a sign bit and BFP_MAG_BITS magnitude bits each: a byte each for Bfp8_b (1024 bytes), a nibble for Bfp4_b
# (512 bytes; datum 2k in the low nibble of byte k: tt-metal create_packed_bfp_packed_as_u32 puts datum [0] in the
# low bits of each 32-bit word)
BFP8_EXP_BYTES = TILE_ELEMS // 16
BFP8_TILE_BYTES = BFP8_EXP_BYTES + TILE_ELEMS
BFP_MAG_BITS = {DataFormat.Bfp8_b: 7, DataFormat.Bfp4_b: 3}


def _fmt(fmt) -> DataFormat:
    """Accept a DataFormat, its int value or its name (any enum with a matching ``.name``)."""
    if isinstance(fmt, DataFormat):
        return fmt
    name = getattr(fmt, "name", fmt)
    try:
        if isinstance(name, str):
            return DataFormat[name]
        return DataFormat(int(name))
    except (KeyError, ValueError):
        raise NotModelledError(
            f"data format {fmt!r} is not modelled by tensix; "
            f"use one of {', '.join(f.name for f in DataFormat)}"
        ) from None


def tile_size(fmt) -> int:
    """Bytes of one 32x32 tile in L1: 4096 (32-bit), 2048 (16-bit), 1088 (Bfp8_b: 64 exponent bytes +
    1024 sign/magnitude bytes), 576 (Bfp4_b: 64 + 512). [tt-metal ``tile.cpp``/``blockfloat_common.cpp``; facts
    sheet section 1]"""
    fmt = _fmt(fmt)
    w = BFP_MAG_BITS.get(fmt)
    if w is not None:
        return BFP8_EXP_BYTES + TILE_ELEMS * (w + 1) // 8
    return TILE_ELEMS * _BYTES_PER_DATUM[fmt]


# --------------------------------------------------------------------------------------------- layout


def _as_tiles(values) -> tuple[np.ndarray, bool]:
    a = np.asarray(values)
    if a.shape[-2:] != (TILE_HW, TILE_HW) or a.ndim not in (2, 3):
        raise FormatError(
            f"expected a 32x32 tile or a stack (n, 32, 32) of tiles, got shape {a.shape}; "
            "reshape the data into row-major 32x32 tiles first (see tilize_nfaces for whole matrices)"
        )
    single = a.ndim == 2
    return (a[None] if single else a), single


def to_face_order(tiles: np.ndarray) -> np.ndarray:
    """(n, 32, 32) row-major tiles -> (n, 1024) in L1 order: faces 0..3 (TL, TR, BL, BR), each 16x16
    row-major. [facts sheet section 1, TILES]"""
    n = tiles.shape[0]
    return tiles.reshape(n, 2, FACE_HW, 2, FACE_HW).transpose(0, 1, 3, 2, 4).reshape(n, TILE_ELEMS)


def from_face_order(flat: np.ndarray) -> np.ndarray:
    """Inverse of :func:`to_face_order`: (n, 1024) face-ordered -> (n, 32, 32) row-major."""
    n = flat.shape[0]
    return flat.reshape(n, 2, 2, FACE_HW, FACE_HW).transpose(0, 1, 3, 2, 4).reshape(n, TILE_HW, TILE_HW)


def _check_matrix(data, rows: int, cols: int) -> np.ndarray:
    a = np.asarray(data)
    if rows % TILE_HW or cols % TILE_HW or rows <= 0 or cols <= 0:
        raise FormatError(
            f"tilize/untilize needs rows and cols that are positive multiples of 32, got {rows}x{cols}; "
            "pad the matrix to whole tiles first"
        )
    if a.size % (rows * cols):
        raise FormatError(
            f"data has {a.size} elements, not a whole number of {rows}x{cols} matrices; "
            "pass the full row-major data of each 2-D slice"
        )
    return a.reshape(-1, rows, cols)


def _as_words(m: np.ndarray, row: int) -> tuple[np.ndarray, int] | None:
    """A C-contiguous, 8-byte aligned array of plain values viewed as uint64 words, ``row`` elements (one face
    row) becoming ``row * itemsize // 8`` words: the layout copies below then move 8 bytes per element
    instead of one datum (same bytes, fewer element copies). None where such a view does not exist."""
    it = m.dtype.itemsize
    if (m.dtype.hasobject or it not in (1, 2, 4, 8) or not m.flags.c_contiguous or m.size == 0
            or m.ctypes.data % 8):
        return None
    return m.reshape(-1).view(np.uint8).view(np.uint64), row * it // 8


def _into(out, src_view: np.ndarray, dtype, what: str) -> np.ndarray:
    """Copy the transposed view into `out` (a C-contiguous array of the data's dtype and size, e.g. a staging
    buffer reused from call to call, which spares the fresh pages a new array costs) or into a new array."""
    if out is None:
        out = np.empty(src_view.shape, dtype)
        hostcopy.copyto(out, src_view)
        return out.reshape(-1)
    if (not isinstance(out, np.ndarray) or out.dtype != dtype or out.size != src_view.size
            or not out.flags.c_contiguous):
        raise FormatError(
            f"{what}(out=...): out must be a C-contiguous {np.dtype(dtype)} array of {src_view.size} elements, got "
            f"{type(out).__name__}" + (f" {out.dtype} of {out.size} elements"
                                       f"{'' if out.flags.c_contiguous else ', not C-contiguous'}"
                                       if isinstance(out, np.ndarray) else "")
            + ".\nFix: pass np.empty(data.size, data.dtype), or out=None for a new array.")
    hostcopy.copyto(out.reshape(src_view.shape), src_view)
    return out.reshape(-1)


def _relayout(data, rows: int, cols: int, out, what: str, src_axes: tuple, order: tuple) -> np.ndarray:
    """One transposed copy of each rows x cols matrix of `data`: split it as src_axes ("h", "fr", "r", "w",
    "fc", "c" with their tile/face sizes), reorder to `order`. Plain 1-, 2-, 4- or 8-byte data moves as
    uint64 words (FACE_HW elements of a face row becoming fewer, wider ones); the bytes are the same."""
    m = _check_matrix(data, rows, cols)
    b, ht, wt = m.shape[0], rows // TILE_HW, cols // TILE_HW
    size = {"h": ht, "w": wt, "fr": 2, "fc": 2, "r": FACE_HW, "c": FACE_HW}
    perm = (0,) + tuple(1 + src_axes.index(a) for a in order)
    words = _as_words(m, FACE_HW)
    if words is not None and (out is None or (isinstance(out, np.ndarray) and out.dtype == m.dtype
                                              and out.size == m.size and out.flags.c_contiguous and out.ctypes.data % 8 == 0)):
        w, k = words
        size["c"] = k
        t = w.reshape((b,) + tuple(size[a] for a in src_axes)).transpose(perm)
        flat = None if out is None else out.reshape(-1).view(np.uint8).view(np.uint64)
        res = _into(flat, t, np.uint64, what)
        return res.view(m.dtype) if out is None else out.reshape(-1)
    t = m.reshape((b,) + tuple(size[a] for a in src_axes)).transpose(perm)
    return _into(out, t, m.dtype, what)


def tilize_nfaces(data, rows: int, cols: int, out=None) -> np.ndarray:
    """Row-major ``rows x cols`` matrix (or a batch of them) -> 1-D array in TILED_NFACES order, as
    tt-metal's ``convert_layout(..., LIN_ROW_MAJOR, TILED_NFACES)``: tiles row-major over the
    (rows/32, cols/32) grid (tile index ``h*Wt + w``), each tile in face order. [facts sheet section 1]

    One transposed copy (no per-tile work): element (h*32 + fr*16 + r, w*32 + fc*16 + c) of each matrix
    goes to tile ``h*Wt + w``, face ``2*fr + fc``, face row ``r``, column ``c``. Returns a new array of the
    input's dtype, or fills and returns `out` (C-contiguous, same dtype and size; tensix's addition)."""
    return _relayout(data, rows, cols, out, "tilize_nfaces", ("h", "fr", "r", "w", "fc", "c"),
                     ("h", "w", "fr", "fc", "r", "c"))


def untilize_nfaces(data, rows: int, cols: int, out=None) -> np.ndarray:
    """Inverse of :func:`tilize_nfaces`: TILED_NFACES data -> 1-D row-major data (``reshape(-1, rows,
    cols)`` to get matrices). One transposed copy; returns a new array of the input's dtype, or fills `out`."""
    return _relayout(data, rows, cols, out, "untilize_nfaces", ("h", "w", "fr", "fc", "r", "c"),
                     ("h", "fr", "r", "w", "fc", "c"))


# ----------------------------------------------------------------------------------- bit-level helpers


def _f32_bits(values) -> np.ndarray:
    return np.ascontiguousarray(np.asarray(values, dtype=np.float32)).view(np.uint32)


def _bits_f32(bits) -> np.ndarray:
    return np.ascontiguousarray(np.asarray(bits, dtype=np.uint32)).view(np.float32)


def fp32_to_bf16_rne(bits: np.ndarray) -> np.ndarray:
    """FP32 bits -> BF16 bits, round to nearest, ties to even; NaN -> 0x7FC0 (positive canonical quiet NaN).
    This is tt-metal's host ``fp32_to_bf16_bits_round_to_nearest_even`` (``bfloat16.hpp``, PR #19882).
    Denormals are rounded like any other value (host code, not hardware)."""
    b = np.asarray(bits, dtype=np.uint32).astype(np.uint64)
    lsb = (b >> np.uint64(16)) & np.uint64(1)
    r = ((b + np.uint64(0x7FFF) + lsb) >> np.uint64(16)).astype(np.uint16)
    nan = (b & np.uint64(0x7FFFFFFF)) > np.uint64(0x7F800000)
    return np.where(nan, np.uint16(0x7FC0), r)


def fp32_to_bf16_round_away(bits: np.ndarray) -> np.ndarray:
    """FP32 bits -> BF16 bits as the packer's early format conversion does with ``Read_raw = false``:
    round to nearest with ties away from zero, denormals (exponent 0) and -0 -> +0, NaN -> Inf of the same
    sign. [ISA Packers/FormatConversion.md, "Early format conversion" table and denormal/NaN list]
    Overflow past the largest BF16 gives the exponent-255/mantissa-0 (Inf) pattern."""
    b = np.asarray(bits, dtype=np.uint32)
    mag = b & np.uint32(0x7FFFFFFF)
    sign = (b >> np.uint32(16)).astype(np.uint16) & np.uint16(0x8000)
    r = ((mag + np.uint32(0x8000)) >> np.uint32(16)).astype(np.uint16)  # on the magnitude: ties away
    r |= sign
    r = np.where(mag > np.uint32(0x7F800000), sign | np.uint16(0x7F80), r)  # NaN -> Inf (sign kept)
    r[(b & np.uint32(0x7F800000)) == 0] = 0
    return r


def dst_encode_bf16(hi16) -> np.ndarray:
    """ISA Dst.md ``DstEncodeBF16``: the high half of a logical (IEEE-layout) FP32 / INT32 word -> the 16 bits Dst
    stores there (Sign, Man(7b), Exp(8b)); its inverse is ``DstDecodeBF16`` (tensix.sfpu.execute._unshuffle_fp32)."""
    x = np.asarray(hi16).astype(np.uint32)
    return ((x & 0x8000) | ((x & 0x7F) << 8) | ((x >> 7) & 0xFF)).astype(np.uint16)


def _bf16_pack_round(bits16: np.ndarray) -> np.ndarray:
    """BF16 -> BF16 early conversion with ``Read_raw = false`` ("rounding"): flush denormals to zero,
    -0 -> +0, NaN -> Inf. [ISA Packers/FormatConversion.md]"""
    b = np.asarray(bits16, dtype=np.uint16)
    out = np.where((b & np.uint16(0x7FFF)) > np.uint16(0x7F80), b & np.uint16(0xFF80), b)
    out[(b & np.uint16(0x7F80)) == 0] = 0
    return out


# --------------------------------------------------------------------------- block floats (host side)


def _bfp_host_encode(bits_rows: np.ndarray, w: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """tt-metal ``get_max_exp`` + ``convert_u32_to_bfp<Bfp8_b / Bfp4_b, false>`` over rows of 16 FP32 bit patterns,
    w = 7 / 3 magnitude bits (the hidden bit included). Returns (shared exponents uint8 (..., ), datums uint8
    (..., 16): sign << w | magnitude). Zeros and denormals (exponent 0) become datum 0 (tt-metal 622c6fb9
    blockfloat_common.cpp: ``is_zero_or_denormal``; the ttnn 0.81.1 wheel agrees)."""
    b = bits_rows.astype(np.uint32)
    exp = (b >> 23) & 0xFF
    shared = exp.max(axis=-1)
    is_zero = exp == 0
    mant = (b & 0x007FFFFF) | np.uint32(1 << 23)
    diff = (shared[..., None] - exp).astype(np.uint32)
    # tt-metal shifts by at most 31 at a time; a 24-bit mantissa is gone after 24, so one clipped shift
    # gives the same result.
    mant = mant >> np.minimum(diff, np.uint32(31))
    shift = 24 - w
    round_value = mant & np.uint32((1 << shift) - 1)
    mant = mant >> shift
    guard = mant & 1
    tie = np.uint32(1 << (shift - 1))
    up = (round_value > tie) | ((round_value == tie) & (guard == 1))
    mant = np.minimum(mant + up.astype(np.uint32), np.uint32((1 << w) - 1))
    sign = np.where(mant == 0, np.uint32(0), b >> 31)
    datum = np.where(is_zero, np.uint32(0), (sign << w) | mant).astype(np.uint8)
    return shared.astype(np.uint8), datum


def _bfp_host_decode(datum: np.ndarray, shared: np.ndarray, w: int = 7) -> np.ndarray:
    """tt-metal ``convert_bfp_to_u32(Bfp8_b / Bfp4_b, ...)`` (w = 7 / 3): -> FP32 bit patterns (uint32). Reproduces
    its uint32 wrap-around when the shift count exceeds the shared exponent (a value tt-metal's own encoder never
    produces)."""
    d = datum.astype(np.uint32)
    sign = d >> w
    man = d & ((1 << w) - 1)
    nz = man != 0
    # shift_cnt = number of left shifts until bit w - 1 is set = w - bit length of man
    bitlen = np.zeros_like(man)
    for k in range(w):  # w fixed steps over whole arrays, not a per-element loop
        bitlen = np.where(man >> k != 0, np.uint32(k + 1), bitlen)
    shift = np.where(nz, np.uint32(w) - bitlen, np.uint32(0))
    man_out = np.where(nz, (man << (shift + 1)) & ((1 << w) - 1), np.uint32(0))
    exp = np.where(nz, shared.astype(np.uint32) - shift, np.uint32(0))  # uint32 wrap as in C++
    return (sign << 31) | (exp << 23) | (man_out << (23 - w))


def _bfp_split(raw: np.ndarray, fmt: DataFormat) -> tuple[np.ndarray, np.ndarray]:
    """Block-float tile bytes (n, tile_size) -> (shared exponents (n, 64, 1), datums (n, 64, 16) uint8 in face
    order: a byte each for Bfp8_b, a nibble each, low nibble first, for Bfp4_b)."""
    n = raw.shape[0]
    shared = raw[:, :BFP8_EXP_BYTES][..., None]
    body = raw[:, BFP8_EXP_BYTES:]
    if fmt == DataFormat.Bfp4_b:
        datum = np.empty((n, TILE_ELEMS), np.uint8)
        datum[:, 0::2] = body & 15
        datum[:, 1::2] = body >> 4
    else:
        datum = body
    return shared, datum.reshape(n, BFP8_EXP_BYTES, 16)


def _bfp_join(shared: np.ndarray, datum: np.ndarray, fmt: DataFormat, n: int) -> np.ndarray:
    """Inverse of _bfp_split: (shared (n, 64), datums (n, 64, 16)) -> tile bytes (n, tile_size)."""
    d = datum.reshape(n, TILE_ELEMS)
    if fmt == DataFormat.Bfp4_b:
        d = d[:, 0::2] | (d[:, 1::2] << 4)
    return np.concatenate([shared.reshape(n, BFP8_EXP_BYTES), d], axis=1)


# -------------------------------------------------------------------------------- host pack / unpack


def pack_tile_bytes(values, fmt) -> np.ndarray:
    """Logical row-major tile(s) -> tile bytes in L1 (uint8, ``(tile_size,)`` or ``(n, tile_size)``),
    converted as tt-metal's host code does (see the module docstring for the rounding of each format).

    Float formats take any real values (first cast to float32 like C++ ``static_cast<float>``); Float16 is
    IEEE binary16 round-to-nearest-even (numpy). Int32/UInt32/UInt16 take integers in range and store
    their raw little-endian bits (two's complement for Int32, as tt-metal's host does; the hardware's
    sign-magnitude view of INT32 is the kernel's business).
    """
    fmt = _fmt(fmt)
    tiles, single = _as_tiles(values)
    n = tiles.shape[0]
    if fmt in _FLOAT_FORMATS:
        if not (np.issubdtype(tiles.dtype, np.floating) or np.issubdtype(tiles.dtype, np.integer)
                or tiles.dtype == bool):
            raise FormatError(f"{fmt.name} tiles need real numbers, got dtype {tiles.dtype}")
        with np.errstate(over="ignore"):  # out-of-range doubles become +-inf, as static_cast<float> does
            flat = to_face_order(tiles.astype(np.float32))
        if fmt == DataFormat.Float32:
            out = flat.astype("<f4").view(np.uint8)
        elif fmt == DataFormat.Float16_b:
            out = fp32_to_bf16_rne(flat.view(np.uint32)).astype("<u2").view(np.uint8)
        elif fmt == DataFormat.Float16:
            with np.errstate(over="ignore"):
                out = flat.astype("<f2").view(np.uint8)
        else:  # Bfp8_b / Bfp4_b: exponent section first (one per face row), then datums in face order
            shared, datum = _bfp_host_encode(flat.view(np.uint32).reshape(n, BFP8_EXP_BYTES, 16), BFP_MAG_BITS[fmt])
            out = _bfp_join(shared, datum, fmt, n)
    else:
        if not (np.issubdtype(tiles.dtype, np.integer) or tiles.dtype == bool):
            if not np.all(np.isfinite(tiles)) or np.any(tiles != np.round(tiles)):
                raise FormatError(
                    f"{fmt.name} tiles need integer values; got non-integers. Round or cast the data first"
                )
        ints = tiles.astype(np.int64)
        lo, hi, dt = {
            DataFormat.Int32: (-(2**31), 2**31 - 1, "<i4"),
            DataFormat.UInt32: (0, 2**32 - 1, "<u4"),
            DataFormat.UInt16: (0, 2**16 - 1, "<u2"),
            DataFormat.UInt8: (0, 2**8 - 1, "u1"),
        }[fmt]
        if ints.size and (ints.min() < lo or ints.max() > hi):
            raise FormatError(
                f"{fmt.name} tile values must lie in [{lo}, {hi}], got [{ints.min()}, {ints.max()}]; "
                "choose a wider data format or clamp the data"
            )
        out = to_face_order(ints).astype(dt).view(np.uint8)
    out = np.ascontiguousarray(out).reshape(n, tile_size(fmt))
    return out[0] if single else out


def _as_tile_bytes(tile_bytes, fmt: DataFormat) -> tuple[np.ndarray, bool]:
    if isinstance(tile_bytes, (bytes, bytearray, memoryview)):
        raw = np.frombuffer(tile_bytes, dtype=np.uint8)
    else:
        raw = np.asarray(tile_bytes)
        if raw.dtype != np.uint8:
            raise FormatError(f"tile bytes must be uint8 (or bytes), got dtype {raw.dtype}")
    size = tile_size(fmt)
    if raw.ndim == 1 and raw.size == size:
        return raw.reshape(1, size), True
    if raw.size % size or raw.size == 0:
        raise FormatError(
            f"{raw.size} bytes are not a whole number of {fmt.name} tiles ({size} bytes each); "
            "check the CB page size and data format"
        )
    return np.ascontiguousarray(raw).reshape(-1, size), False


def unpack_tile_bytes(tile_bytes, fmt) -> np.ndarray:
    """Tile bytes in L1 -> logical row-major values ``(32, 32)`` / ``(n, 32, 32)`` as tt-metal's host
    reads them back: float32 for float formats (Float16_b widened exactly, Bfp8_b / Bfp4_b via
    ``convert_bfp_to_u32``), int32 / uint32 / uint16 for the integer formats."""
    fmt = _fmt(fmt)
    raw, single = _as_tile_bytes(tile_bytes, fmt)
    n = raw.shape[0]
    if fmt == DataFormat.Float32:
        flat = raw.view("<f4").astype(np.float32)
    elif fmt == DataFormat.Float16_b:
        flat = _bits_f32(raw.view("<u2").astype(np.uint32) << 16)
    elif fmt == DataFormat.Float16:
        flat = raw.view("<f2").astype(np.float32)
    elif fmt in BFP_MAG_BITS:
        shared, datum = _bfp_split(raw, fmt)
        flat = _bits_f32(_bfp_host_decode(datum, shared, BFP_MAG_BITS[fmt]).reshape(n, TILE_ELEMS))
    elif fmt == DataFormat.Int32:
        flat = raw.view("<i4").astype(np.int32)
    elif fmt == DataFormat.UInt32:
        flat = raw.view("<u4").astype(np.uint32)
    elif fmt == DataFormat.UInt8:
        flat = raw.copy()
    else:
        flat = raw.view("<u2").astype(np.uint16)
    tiles = from_face_order(flat.reshape(n, TILE_ELEMS))
    return tiles[0] if single else tiles


# ------------------------------------------------------------------------------------------ unpacker


def _bfp8_to_bf16_hw(datum: np.ndarray, shared: np.ndarray) -> np.ndarray:
    """ISA ``BFP8ToBF16`` (UNPACR_Regular.md, FloatBitPatterns.md "Conversion routines"), bit for bit,
    including the uint8 wrap of ``ExpBits -= LZ`` and sign+zero magnitude -> 0xff80 (-Inf pattern). ISA
    ``BFP4ToBF16(d, e)`` is ``BFP8ToBF16(d << 4, e)``: callers pass Bfp4_b datums shifted."""
    d = datum.astype(np.uint32)
    sign = d >> 7
    mag = (d << 1) & 0xFF
    lz = np.full_like(mag, 8)
    for k in range(8):  # leading zeros of an 8-bit value: 8 whole-array steps
        lz = np.where((mag >> k) != 0, np.uint32(7 - k), lz)
    mag_n = (mag << lz) & 0xFF
    exp = (shared.astype(np.uint32) - lz) & 0xFF
    out = (sign << 15) | (exp << 7) | (mag_n & 0x7E)
    zero = np.where(sign != 0, np.uint32(0xFF80), np.uint32(0))
    return np.where(mag == 0, zero, out).astype(np.uint16)


def _l1_datums(tile_bytes, fmt: DataFormat) -> tuple[np.ndarray, bool]:
    """Raw datums of each tile in logical row-major order: uint32 for 32-bit formats, uint16 for 16-bit
    formats and for Bfp8_b / Bfp4_b (already converted to BF16 by the unpacker's BFP8ToBF16 / BFP4ToBF16)."""
    if fmt == DataFormat.UInt8:
        raise NotModelledError(UINT8_COMPUTE_NOT_MODELLED)
    raw, single = _as_tile_bytes(tile_bytes, fmt)
    n = raw.shape[0]
    if fmt in (DataFormat.Float32, DataFormat.Int32, DataFormat.UInt32):
        flat = raw.view("<u4").astype(np.uint32)
    elif fmt in BFP_MAG_BITS:
        shared, datum = _bfp_split(raw, fmt)
        if fmt == DataFormat.Bfp4_b:
            datum = datum << 4          # BFP4ToBF16(d, e) = BFP8ToBF16(d << 4, e)
        flat = _bfp8_to_bf16_hw(datum, shared).reshape(n, TILE_ELEMS)
    else:
        flat = raw.view("<u2").astype(np.uint16)
    return from_face_order(flat.reshape(n, TILE_ELEMS)), single


UINT8_COMPUTE_NOT_MODELLED = (
    "UInt8 tiles in SrcA / SrcB for FPU math (Integer \"8\" operands with INT8 math: ELWADD / ELWSUB / ELWMUL / "
    "MVMUL / reduce, and the tilize / untilize unpack paths) are not modelled by tensix; it models UInt8 through "
    "copy_tile into a 32-bit Dst and pack_tile from it (tensix.device.formats.copy_tile_to_dest / pack_from_dest).\n"
    "Fix: typecast to a wider dtype first (uint16, int32), or use an op that copies UInt8 tiles (identity, typecast).")


def unpack_to_src(tile_bytes, fmt, *, fp32_dest: bool = True, all_cbs_float32: bool = False) -> np.ndarray:
    """L1 tile bytes -> the values SrcA/SrcB hold after ``UNPACR`` (float32 bit containers, logical
    row-major ``(32, 32)`` / ``(n, 32, 32)``).

    - Float32: with ``fp32_dest`` (tt-metal picks ``Tf32`` as the unpacker output format when
      fp32_dest_acc_en, ``data_format.cpp get_unpack_dst_formats``) FP32 -> TF32 by truncation,
      ``bits & ~0x1fff`` (ISA UNPACR_Regular.md ``WriteSrcTF32(DatumBits >> 13)``; facts sheet "unpack path
      caveat"). Without it the output format is tt-metal's ``unpack_conditional_dst_format``
      (``genfiles.cpp``): Float16_b when the kernel's CB formats have exponent precision B (any Float16_b /
      Bfp8_b CB): exponent-0 inputs become signed zero, then the low 16 bits are dropped (truncation; ISA
      ``case BF16``). If *every* CB is Float32 (``all_cbs_float32``) it is Float16 (FP16), which tensix
      does not model -> NotModelledError.
    - Float16_b: exact. Bfp8_b / Bfp4_b: ISA ``BFP8ToBF16`` / ``BFP4ToBF16`` (lossless for what the packer
      writes).
    - Float16 (FP16-style Src, FP16 Dst): not modelled by the FPU path -> NotModelledError.
    - Int32/UInt32: INT32 into SrcA/SrcB is undefined behaviour in the ISA -> FormatError.
    - UInt16: the opaque INT16 transfer; values returned as uint16 (no FPU math on them).

    Denormals and exponent-255 patterns are kept as bit patterns; the FPU reads exponent 0 as zero and
    exponent 255 as a finite number (ISA FloatBitPatterns.md), see ``tensix.device.fpu``.
    """
    fmt = _fmt(fmt)
    if fmt == DataFormat.Float16:
        raise NotModelledError(
            "Float16 (FP16-style SrcA/SrcB with an FP16 Dst) FPU math is not modelled by tensix; "
            "use Float16_b or Float32 tiles for FPU operations, or unpack to Dst for SFPU work"
        )
    if fmt in (DataFormat.Int32, DataFormat.UInt32):
        raise FormatError(
            f"unpacking {fmt.name} into SrcA/SrcB is undefined behaviour on Wormhole (ISA UNPACR_Regular.md "
            "FormatConversion: INT32 only to Dst); set UnpackToDestMode.UnpackToDestFp32 for this CB"
        )
    if fmt == DataFormat.Float32 and not fp32_dest and all_cbs_float32:
        raise NotModelledError(
            "with every CB Float32 and fp32_dest_acc_en off, tt-metal unpacks Float32 to FP16 (Float16) in "
            "SrcA/SrcB, and FP16 FPU math is not modelled; set fp32_dest_acc_en=True (TF32 Src, FP32 Dst)"
        )
    datums, single = _l1_datums(tile_bytes, fmt)
    if fmt == DataFormat.UInt16:
        out = datums
    elif fmt == DataFormat.Float32:
        if fp32_dest:
            out = _bits_f32(datums & np.uint32(0xFFFFE000))
        else:
            flushed = np.where((datums & 0x7F800000) == 0, datums & np.uint32(0x80000000), datums)
            out = _bits_f32(flushed & np.uint32(0xFFFF0000))
    else:
        out = _bits_f32(datums.astype(np.uint32) << 16)
    return out[0] if single else out


def src_to_dest(src_values, fp32_dest: bool, flush: bool = True) -> np.ndarray:
    """The datacopy ``MOVA2D`` from SrcA to Dst (what ``copy_tile`` does after unpacking to SrcA).

    ISA MOVA2D.md: with ``ALU_ACC_CTRL_Zero_Flag_disabled_src`` clear (`flush`: tt-llk's DEFAULT state for float
    formats, which every math hw configure / reconfig sets) a datum whose exponent is 0 becomes +0 (the sign is lost
    too); with it set (622c6fb9 unary_op_init_common / init_sfpu: UNARY_PRESERVE) it moves unchanged. A TF32/BF16 Src value lands in a 32-bit
    Dst exactly (low mantissa bits zero); into a 16-bit Dst the BF16 bits move unchanged (a TF32 Src
    would lose its 3 low mantissa bits, ``RemoveLowMantissa``). Assumption where the ISA page is silent: a
    BF16-format SrcA with fp32_dest_acc_en yields the same value in FP32 Dst (what tt-metal users observe
    for ``copy_tile`` of a bf16 CB with fp32_dest_acc_en).
    Returns Dst bits: uint32 if ``fp32_dest`` else uint16.
    """
    bits = _f32_bits(src_values).copy()
    if flush:
        bits[(bits & np.uint32(0x7F800000)) == 0] = 0
    if fp32_dest:
        return bits
    return (bits >> np.uint32(16)).astype(np.uint16)


def unpack_to_dest(tile_bytes, fmt, fp32_dest: bool) -> np.ndarray:
    """L1 tile bytes -> Dst bits written by ``UNPACR`` with ``UnpackToDst`` (tt-metal's
    ``UnpackToDestMode::UnpackToDestFp32``), logical row-major ``(32, 32)`` / ``(n, 32, 32)``.

    ISA UNPACR_Regular.md ``FormatConversion`` with ``UnpackToDst``: FP32/TF32/INT32 datums go to
    ``Dst32b`` unchanged (denormals and NaN preserved; ``WriteDstFP32`` is only the internal shuffle), 16-bit
    datums to ``Dst16b`` unchanged, BFP8 via ``BFP8ToBF16``. tt-metal only unpacks 32-bit formats straight
    to Dst when fp32_dest_acc_en; 16-bit formats with a 16-bit Dst are also modelled (same ISA path).
    Returns uint32 (32-bit formats) or uint16 (16-bit formats, Bfp8_b, Bfp4_b).
    """
    fmt = _fmt(fmt)
    is32 = fmt in (DataFormat.Float32, DataFormat.Int32, DataFormat.UInt32)
    if is32 and not fp32_dest:
        raise FormatError(
            f"unpacking {fmt.name} straight to Dst writes 32-bit Dst rows, but Dst is in 16-bit mode; "
            "set fp32_dest_acc_en=True in the ComputeConfig (or drop UnpackToDestFp32 for this CB)"
        )
    if not is32 and fp32_dest:
        raise NotModelledError(
            f"unpacking a 16-bit format ({fmt.name}) straight into a 32-bit Dst is not modelled "
            "(tt-metal only unpacks 32-bit formats to Dst); use the default unpack path (copy via SrcA)"
        )
    datums, single = _l1_datums(tile_bytes, fmt)
    return datums[0] if single else datums


def copy_tile_to_dest(tile_bytes, fmt, *, fp32_dest: bool, unpack_to_dest_fp32: bool = False,
                      all_cbs_float32: bool = False, flush: bool = True, dst_old=None) -> np.ndarray:
    """What ``copy_tile`` leaves in Dst for a CB of format ``fmt`` (Dst bits as :func:`unpack_to_dest`).

    With ``unpack_to_dest_fp32`` and a 32-bit format: :func:`unpack_to_dest` (exact). Otherwise the data
    goes L1 -> SrcA (:func:`unpack_to_src`: Float32 truncated to TF32, or to BF16 with a 16-bit Dst) ->
    ``MOVA2D`` (:func:`src_to_dest`, `flush` as there). Int32/UInt32 need ``unpack_to_dest_fp32`` (INT32 cannot go through
    SrcA). ``all_cbs_float32``: see :func:`unpack_to_src`. UInt16 through SrcA is passed through unchanged (tt-llk disables the Src zero flag for UInt16,
    ``llk_unpack_A.h`` note on issue #960 — an assumption: that flag is not modelled bit by bit).

    The two integer formats whose datacopy differs (622c6fb9 tt-llk ``llk_math_eltwise_unary_datacopy.h``
    ``eltwise_unary_configure_mop``; UInt8 / UInt16 never unpack straight to Dst: ``should_unpack_to_dest`` is only
    for 32-bit formats):

    - UInt16 with a 32-bit Dst: ``MOVA2D`` with ``UseDst32bLo`` ("typecasting uint16 to 32bit data, need data to be
      written to lower 16 bits without modification"): the 16 bits go to the low half of each Dst32b word and the high
      half keeps what the word held (ISA MOVA2D.md). `dst_old` is that tile's current Dst bits (uint32 (32, 32) /
      (n, 32, 32): zeros on a row the packer's release left undefined, which the FPU reads as zero, ZEROACC.md). The
      low half is the same in tensix's logical (unshuffled) Dst bits as in the hardware's (DstEncodeFP32 only moves
      the high half), so the result is ``(dst_old & 0xFFFF0000) | value``. Without `dst_old`: NotModelledError.
    - UInt8 (needs a 32-bit Dst): the unpacker writes Integer "8" into SrcA (ISA Unpackers/FormatConversion.md:
      UINT8 -> magnitude 0..255, sign 0), the datacopy is ``ELWADD`` with SrcB zeroed (``llk_unpack_A.h``
      ``unpack_srcb_zerosrc``) and INT8 math on (``llk_math_common.h``: SrcA format Int8), which writes
      ``SrcA + SrcB`` as Integer "32" to Dst32b (ISA ELWADD.md, MatrixUnit.md ``ReadSrcInt8``): the byte's value,
      a non-negative sign-magnitude int32 = the plain uint32 value. With a 16-bit Dst ELWADD with INT8 math still
      writes Dst32b (a mixed 16 / 32-bit Dst): NotModelledError (tt-metal runs every UInt8 program with
      fp32_dest_acc_en).
    """
    fmt = _fmt(fmt)
    is32 = fmt in (DataFormat.Float32, DataFormat.Int32, DataFormat.UInt32)
    if unpack_to_dest_fp32 and is32:
        return unpack_to_dest(tile_bytes, fmt, fp32_dest)
    if fmt == DataFormat.UInt8:
        if not fp32_dest:
            raise NotModelledError(
                "copy_tile of a UInt8 CB with a 16-bit Dst: the datacopy is ELWADD with INT8 math, which writes "
                "Integer \"32\" words into Dst32b whatever the Dst mode (ISA ELWADD.md), so the 16-bit Dst would hold "
                "half words; not modelled.\nFix: fp32_dest_acc_en=True in the ComputeConfig (tt-metal's UInt8 "
                "programs set it).")
        raw, single = _as_tile_bytes(tile_bytes, fmt)
        vals = from_face_order(raw.reshape(-1, TILE_ELEMS)).astype(np.uint32)
        return vals[0] if single else vals
    if fmt == DataFormat.UInt16:
        datums, single = _l1_datums(tile_bytes, fmt)
        if not fp32_dest:
            return datums[0] if single else datums
        if dst_old is None:
            raise NotModelledError(
                "copy_tile of a UInt16 CB into a 32-bit Dst writes only the low half of each Dst word (MOVA2D "
                "UseDst32bLo) and keeps the high half, so it needs the tile's current Dst bits; this caller does not "
                "pass them (dst_old), so it is not modelled here.\nFix: use a 16-bit Dst for UInt16 data, or pass "
                "dst_old.")
        old = np.asarray(dst_old)
        if old.dtype != np.uint32 or old.shape[-2:] != (TILE_HW, TILE_HW):
            raise FormatError(f"dst_old must be the Dst tile's uint32 bits (.., 32, 32), got {old.dtype} {old.shape}")
        out = (old.reshape(datums.shape) & np.uint32(0xFFFF0000)) | datums.astype(np.uint32)
        return out[0] if single else out
    if fmt == DataFormat.Float16:
        return unpack_to_dest(tile_bytes, fmt, fp32_dest)  # FP16 passes through MOVA2D unchanged
    src = unpack_to_src(tile_bytes, fmt, fp32_dest=fp32_dest, all_cbs_float32=all_cbs_float32)
    return src_to_dest(src, fp32_dest, flush)


def dest_to_float(dst_bits, fp32_dest: bool, *, dst16_format=DataFormat.Float16_b) -> np.ndarray:
    """Dst bits -> float32 values with IEEE meaning (for tests and debugging, not a hardware path).
    32-bit Dst: bitcast. 16-bit Dst: BF16 widened exactly, or FP16 via numpy."""
    b = np.asarray(dst_bits)
    if fp32_dest:
        return _bits_f32(b.astype(np.uint32))
    if _fmt(dst16_format) == DataFormat.Float16:
        return b.astype(np.uint16).view(np.float16).astype(np.float32)
    return _bits_f32(b.astype(np.uint32) << 16)


# -------------------------------------------------------------------------------------------- packer


def _bf16_to_bfp8_hw(bf16_rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Late format conversion BF16 -> BFP8 (ISA Packers/FormatConversion.md: "round to BFP8 with one
    shared 8b exponent per 16 datums", deterministic rounding = to nearest, ties away from zero).

    Shared exponent = largest exponent in the group. Each datum's 8-bit significand (implicit 1 + 7 bits)
    is scaled to the shared exponent and rounded to 7 magnitude bits (value = Mag/2^6 * 2^(Exp-127)).
    Not documented, chosen as tt-metal's host encoder does: a magnitude that rounds up to 128 is clamped
    to 127, and a datum whose magnitude rounds to 0 gets sign 0.
    Input (..., 16) uint16 BF16 bits (already flushed by the early conversion). Returns (exp, datums).
    """
    b = bf16_rows.astype(np.uint32)
    exp = (b >> 7) & 0xFF
    shared = exp.max(axis=-1)
    sig = np.where(exp == 0, np.uint32(0), (b & 0x7F) | 0x80)  # value = sig/2^7 * 2^(exp-127)
    # mag7 = sig / 2^(1 + shared - exp): shift right by s >= 1, round half away from zero.
    s = np.minimum(np.uint32(1) + shared[..., None] - exp, np.uint32(31))
    mag = (sig + (np.uint32(1) << (s - 1))) >> s
    mag = np.minimum(mag, np.uint32(127))
    sign = np.where(mag == 0, np.uint32(0), (b >> 15) & 1)
    return shared.astype(np.uint8), ((sign << 7) | mag).astype(np.uint8)


def pack_from_dest(dst_values, fp32_dest: bool, out_fmt, *, dst16_format=DataFormat.Float16_b) -> np.ndarray:
    """Dst tile(s) -> output tile bytes, as ``pack_tile`` with tt-llk's packer configuration.

    ``dst_values``: Dst bits, uint32 ``(.., 32, 32)`` in 32-bit mode (float32 arrays are accepted and
    bit-cast), uint16 in 16-bit mode (``dst16_format`` says whether they are BF16 or FP16).
    Conversions (pack source format per tt-metal ``get_single_pack_src_format``; rounding per ISA
    Packers/FormatConversion.md with ``Read_raw = false`` as tt-llk's ``set_packer_config`` leaves it):

    ============  ================================  ===============================================
    Dst           out_fmt                           conversion
    ============  ================================  ===============================================
    FP32          Float32 / Int32 / UInt32          identity (denormals and NaN preserved)
    FP32          Float16_b                         round to nearest, ties away; denormal, -0 -> +0;
                                                    NaN -> Inf
    FP32          Bfp8_b                            the FP32->BF16 rounding above, then BF16 -> BFP8
                                                    rounding (ties away) with shared exponents
    FP32 / BF16   Bfp4_b                            as Bfp8_b, then truncated to BFP4
    BF16 (16b)    Float16_b                         flush denormals, -0 -> +0, NaN -> Inf
    BF16 (16b)    Float32                           the same, then exact widening
    BF16 (16b)    Bfp8_b                            the same, then BF16 -> BFP8 rounding
    FP16 (16b)    Float16                           flush denormals (``Read_raw = false``)
    16b           UInt16                            identity
    32b           UInt16                            the word's high 16 bits as Dst stores them (below)
    32b           UInt8                             sign-magnitude int32 saturated to 0..255 (below)
    ============  ================================  ===============================================

    UInt16 from a 32-bit Dst: tt-metal packs with pack source format UInt16 (``get_single_pack_src_format``) and
    ``Read_32b_data`` (``cpack_common.h``: set with fp32_dest_acc_en); the packer then takes the high 16 bits of each
    Dst32b word as stored, without the FP32 unshuffle (622c6fb9 ``ckernel_sfpu_typecast.h``: the SFPSTORE mode that
    rotates by 16, ``MOD0_FMT_LO16``, is used "so a value computed in the low 16 bits lands in the high 16 bits where
    the packer reads UInt16 out of a 32-bit dest word"; the ISA's early-conversion table lists no INT32 -> INT16, so
    this is tt-llk's word). tensix keeps Dst words unshuffled (ISA Dst.md ``DstDecodeFP32``), so those stored bits
    are ``DstEncodeBF16(bits >> 16)``.
    UInt8 from a 32-bit Dst: pack source format UInt8, ``Read_raw`` (``PCK_DEST_RD_CTRL_Read_int8``) 0 and
    ``Read_unsigned`` 1 (``cpack_common.h``), no INT_DESCALE: the early conversion INT32 -> UINT8 "shift then round
    then saturate (0 to 255)" with shift 0 (ISA Packers/FormatConversion.md) on the sign-magnitude int32: magnitudes
    above 255 give 255, and a negative value (sign bit set, -0 too) saturates to 0 (reading "saturate to 0..255" of
    a value below the range).

    Other combinations raise NotModelledError (or FormatError where tt-metal itself refuses them).
    Returns uint8 ``(tile_size,)`` / ``(n, tile_size)``.
    """
    out_fmt = _fmt(out_fmt)
    if out_fmt == DataFormat.UInt8 and not fp32_dest:
        raise NotModelledError(
            "packing UInt8 from a 16-bit Dst (Read_raw set by tt-llk's set_packer_config, the UInt8 datums being "
            "Integer \"8\" half words) is not modelled; tt-metal packs UInt8 from a 32-bit Dst.\nFix: "
            "fp32_dest_acc_en=True in the ComputeConfig.")
    dst16_format = _fmt(dst16_format)
    arr = np.asarray(dst_values)
    if fp32_dest and arr.dtype == np.float32:
        arr = arr.view(np.uint32)
    tiles, single = _as_tiles(arr)
    n = tiles.shape[0]
    if fp32_dest:
        if tiles.dtype != np.uint32:
            raise FormatError(
                f"a 32-bit Dst holds uint32 bit patterns (or float32), got dtype {tiles.dtype}; "
                "pass the Dst bits as read from Dst in 32-bit mode"
            )
        bits = to_face_order(tiles)
        if out_fmt in (DataFormat.Float32, DataFormat.Int32, DataFormat.UInt32):
            out = bits.astype("<u4").view(np.uint8)
        elif out_fmt == DataFormat.Float16_b:
            out = fp32_to_bf16_round_away(bits).astype("<u2").view(np.uint8)
        elif out_fmt in BFP_MAG_BITS:
            out = _pack_bfp(fp32_to_bf16_round_away(bits), n, out_fmt)
        elif out_fmt == DataFormat.UInt16:
            out = dst_encode_bf16(bits >> np.uint32(16)).astype("<u2").view(np.uint8)
        elif out_fmt == DataFormat.UInt8:
            mag = np.minimum(bits & np.uint32(0x7FFFFFFF), np.uint32(255))
            out = np.where(bits >> np.uint32(31) != 0, np.uint32(0), mag).astype(np.uint8)
        else:
            raise NotModelledError(
                "packing an FP32 Dst to Float16 (via BF16 then the late FP16 conversion) is not modelled; "
                "use Float16_b, Bfp8_b or Float32 outputs"
            )
    else:
        if tiles.dtype != np.uint16:
            raise FormatError(
                f"a 16-bit Dst holds uint16 bit patterns, got dtype {tiles.dtype}; "
                "pass the BF16/FP16 bits as read from Dst in 16-bit mode"
            )
        bits = to_face_order(tiles)
        if out_fmt == DataFormat.UInt16:
            out = bits.astype("<u2").view(np.uint8)
        elif out_fmt in (DataFormat.Int32, DataFormat.UInt32):
            raise FormatError(
                f"{out_fmt.name} output needs a 32-bit Dst (tt-metal: no conversion from a 16-bit Dst); "
                "set fp32_dest_acc_en=True"
            )
        elif dst16_format == DataFormat.Float16:
            if out_fmt != DataFormat.Float16:
                raise NotModelledError(
                    f"packing an FP16 Dst to {out_fmt.name} (exponent-width conversion) is not modelled"
                )
            exp = (bits >> 10) & 0x1F
            out = np.where(exp == 0, np.uint16(0), bits).astype("<u2").view(np.uint8)
        elif out_fmt == DataFormat.Float16:
            raise NotModelledError(
                "packing a BF16 Dst to Float16 (exponent-width conversion) is not modelled; "
                "use Float16_b, Bfp8_b or Float32 outputs"
            )
        else:
            r = _bf16_pack_round(bits)
            if out_fmt == DataFormat.Float16_b:
                out = r.astype("<u2").view(np.uint8)
            elif out_fmt == DataFormat.Float32:
                out = (r.astype(np.uint32) << 16).astype("<u4").view(np.uint8)
            else:
                out = _pack_bfp(r, n, out_fmt)
    out = np.ascontiguousarray(out).reshape(n, tile_size(out_fmt))
    return out[0] if single else out


def _pack_bfp(bf16_face_order: np.ndarray, n: int, fmt: DataFormat) -> np.ndarray:
    """The late conversion to a block float (ISA Packers/FormatConversion.md): BF16 -> BFP8 rounding; for BFP4
    "converted to BFP8, then truncate to BFP4": the sign and the top 3 of the 7 magnitude bits. Not documented,
    chosen as for BFP8 (and as tt-metal's host encoder does): a datum whose magnitude truncates to 0 gets sign 0
    (sign 1 with magnitude 0 is the -Inf pattern the unpacker would read back)."""
    shared, datum = _bf16_to_bfp8_hw(bf16_face_order.reshape(n, BFP8_EXP_BYTES, 16))
    if fmt == DataFormat.Bfp4_b:
        mag = (datum & 0x7F) >> 4
        datum = np.where(mag == 0, 0, ((datum >> 7) << 3) | mag).astype(np.uint8)
    return _bfp_join(shared, datum, fmt, n)
