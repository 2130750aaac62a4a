"""What ttnn.argmax's dataflow kernels share (tt-metal 622c6fb9 argmax/device/kernels/argmax_common.hpp,
argmax_tile_layout.hpp and tt_metal/hw/inc/api/numeric/{bfloat16,float32,int32}.h), vectorised over a row.

The C++ scans a row element by element with `if (greater(val, max_val)) {max_val = val; max_idx = i;}` from the
format's default (-inf for Float16_b / Float32, INT32_MIN for Int32, 0 for UInt16 / UInt32). `order_key` maps the raw
L1 words to integers whose order is that `greater`, so the scan's result is "the first index of the largest key, or
the start index when no key beats the default's":
- bfloat16_greater compares sign-magnitude bit patterns: +0 beats -0, a positive NaN pattern beats +inf (it is the
  larger pattern), a negative NaN is below -inf (never taken);
- float32_greater: NaN is never greater (nor beaten), +0 and -0 are equal;
- int32_greater is the signed order; UInt16 / UInt32 the unsigned one.
Keys are int64; the same equality as the C++'s raw `val == max_val` holds except float32's +-0 (equal keys, unequal
words), where neither side is `greater` either, so the first one stays in both."""

from __future__ import annotations

import numpy as np

from tensix.device.formats import DataFormat

# RV32 cycles of one element of the scalar scan (a 16/32-bit L1 load, the sign / magnitude compare of
# bfloat16_greater / float32_greater with its branches, the loop): ESTIMATE from the C++ (about ten instructions at
# <= 1 IPC [tt-isa-documentation WormholeB0/TensixTile/BabyRISCV/README.md]); no measured figure.
CYCLES_PER_ELEMENT = 10

_NP = {DataFormat.Float16_b: np.uint16, DataFormat.UInt16: np.uint16, DataFormat.Float32: np.uint32,
       DataFormat.UInt32: np.uint32, DataFormat.Int32: np.int32}


def word_dtype(fmt):
    """The C++ element type get_tt_l1_ptr_based_on_data_format reads the CB as."""
    try:
        return _NP[DataFormat(fmt)]
    except KeyError:
        raise ValueError(f"argmax kernels: unsupported data format {fmt!r} (get_tt_l1_ptr_based_on_data_format "
                         "static_assert)") from None


def order_key(words: np.ndarray, fmt) -> np.ndarray:
    """int64 keys whose order is the format's `greater` (see the module docstring); NaN float32 words get -1.
    Sign-magnitude to an ordered integer: a positive word gets its sign bit set, a negative one all bits flipped."""
    fmt = DataFormat(fmt)
    if fmt == DataFormat.Float16_b:
        b = words.astype(np.int64)
        return b ^ (0x8000 | ((b >> 15) * 0x7FFF))
    if fmt == DataFormat.Float32:
        b = words.astype(np.int64) & 0xFFFFFFFF
        key = b ^ (0x80000000 | ((b >> 31) * 0x7FFFFFFF))
        mag = b & 0x7FFFFFFF
        zero, nan = mag == 0, mag > 0x7F800000
        if zero.any():
            key[zero] = 0x80000000          # -0 == +0
        if nan.any():
            key[nan] = -1
        return key
    return words.astype(np.int64)       # Int32 (signed words), UInt16, UInt32


def default_key(fmt) -> int:
    """order_key of get_default_value<fmt>()."""
    fmt = DataFormat(fmt)
    if fmt == DataFormat.Float16_b:
        return int(order_key(np.array([0xFF80], np.uint16), fmt)[0])
    if fmt == DataFormat.Float32:
        return int(order_key(np.array([0xFF800000], np.uint32), fmt)[0])
    if fmt == DataFormat.Int32:
        return -(1 << 31)
    return 0


def default_word(fmt):
    fmt = DataFormat(fmt)
    return {DataFormat.Float16_b: 0xFF80, DataFormat.Float32: 0xFF800000, DataFormat.Int32: -(1 << 31)}.get(fmt, 0)


def scan(keys: np.ndarray, dkey: int):
    """The scalar scan over the last axis of `keys` (rows of one scan each): (position of the winner, or -1 where no
    key beats the default's). np.argmax gives the first of equal maxima, as the strict `>` keeps the first."""
    pos = np.argmax(keys, axis=-1)
    best = np.take_along_axis(keys, pos[..., None], axis=-1)[..., 0]
    return np.where(best > dkey, pos, -1)


def tile_rows_cols(words: np.ndarray, tile_h: int, tile_w: int) -> np.ndarray:
    """A 32x32 tile of four 16x16 faces (face order 0 1 / 2 3, each row-major) as its [tile_h, tile_w] matrix: the
    element order process_input_tile / process_loaded_tile_all_h_columns address (face_ptr + row * 16 + col)."""
    fh, fw = tile_h // 2, tile_w // 2
    return words.reshape(2, 2, fh, fw).transpose(0, 2, 1, 3).reshape(tile_h, tile_w)


def write_pages(noc_write, s_dst, start_page: int, count: int, page_elements: int, dst_addr: int):
    """write_to_output: `count` collected uint32 values at dst_addr go out as pages of page_elements values (one NoC
    write and barrier each); returns the next page id."""
    page = start_page
    for sent in range(0, count, page_elements):
        noc_write(dst_addr + 4 * sent, s_dst.get_noc_addr(page), page_elements * 4)
        page += 1
    return page
