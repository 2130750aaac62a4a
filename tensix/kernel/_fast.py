"""Compiled fast paths for the hottest compute-kernel tile ops (benchmark-driven; numba, cache=True).

Each function here is a bit-exact re-implementation of the composition of tensix.device.formats / fpu
functions it replaces, for a few common format combinations; anything else goes through those reference
functions. tests/test_device_fastpath.py checks every path against the reference on random bit patterns
(including zeros, denormals, exponent-255 patterns and overflow).

Number semantics (from tensix.device.fpu, ISA FloatBitPatterns.md): the FPU reads exponent 0 as signed zero and
exponent 255 as the finite value (1 + m/2^23) * 2^128; a result is rounded to FP32 (nearest-even, overflow ->
the Inf pattern, denormal -> signed zero) and, for a 16-bit Dst, to BF16 with ties to even (fpu.DST_BF16_ROUNDING)."""

from __future__ import annotations

import math

import numba as nb
import numpy as np

from tensix.device.fpu import _nb_eltwise
from tensix.device.jitentry import entry_for

# Tiles are in face order in L1 (faces TL, TR, BL, BR, each 16x16 row-major) and row-major in Dst: _pos maps one
# to the other, and _face_rows gives the 16-element rows that are contiguous in both.


@nb.njit(cache=True, inline="always")
def _pos(i):
    """_pos(i) computed: face f = i // 256, its row r and column c -> row (f // 2) * 16 + r, column (f % 2) * 16 + c
    (arithmetic instead of a table load per element)."""
    return ((i >> 9) * 16 + ((i >> 4) & 15)) * 32 + ((i >> 8) & 1) * 16 + (i & 15)


@nb.njit(cache=True, inline="always")
def _face_rows(f, r):
    """(face-order index, row-major position) of the first of the 16 contiguous elements of row r of face f."""
    return f * 256 + r * 16, ((f >> 1) * 16 + r) * 32 + (f & 1) * 16


@nb.njit(cache=True, inline="always")
def _read(b):
    """FP32-layout bits -> the FPU's float64 reading."""
    e = (b >> 23) & 0xFF
    m = b & 0x7FFFFF
    if e == 0:
        v = 0.0
    elif e == 255:
        v = (1.0 + m * 2.0 ** -23) * 2.0 ** 128
    else:
        v = math.ldexp(1.0 + m * 2.0 ** -23, int(e) - 127)
    return -v if (b >> 31) else v


@nb.njit(cache=True)
def _to_dst(res, out, fp32):
    """float64 results (face order) -> Dst bits at row-major positions of `out` (uint32 or uint16 tile)."""
    bits = res.astype(np.float32).view(np.uint32)
    flat = out.reshape(-1)
    for i in range(1024):
        b = bits[i]
        sign = b & np.uint32(0x80000000)
        if ((b >> 23) & 0xFF) == 0:
            b = sign
        if fp32:
            flat[_pos(i)] = b
        else:
            if ((b >> 23) & 0xFF) == 0:
                flat[_pos(i)] = sign >> 16
            else:
                flat[_pos(i)] = (((b & np.uint32(0x7FFFFFFF)) + np.uint32(0x7FFF) + ((b >> np.uint32(16)) & np.uint32(1))) >> 16) | (sign >> 16)


@nb.njit(cache=True)
def _src_bits(raw, is_f32, fp32_dest):
    """L1 tile bytes (face order) -> SrcA/SrcB FP32-layout bits, as formats.unpack_to_src."""
    out = np.empty(1024, np.uint32)
    if is_f32:
        w = raw.view(np.uint32)
        for i in range(1024):
            b = w[i]
            if fp32_dest:
                out[i] = b & np.uint32(0xFFFFE000)
            else:
                if ((b >> 23) & 0xFF) == 0:
                    b = b & np.uint32(0x80000000)
                out[i] = b & np.uint32(0xFFFF0000)
    else:
        h = raw.view(np.uint16)
        for i in range(1024):
            out[i] = np.uint32(h[i]) << 16
    return out


@nb.njit(cache=True)
def src_tile(raw, is_f32, fp32_dest, out):
    """formats.unpack_to_src of one Float16_b / Float32 tile of L1 bytes: Src bits at the row-major positions of
    `out` ((32, 32) uint32)."""
    s = _src_bits(raw, is_f32, fp32_dest)
    flat = out.reshape(-1)
    for i in range(1024):
        flat[_pos(i)] = s[i]


@nb.njit(cache=True, inline="always")
def _read_fast(bits, vals, i):
    """_read for element i, using the float32 view `vals` of `bits` for the common (normal) case."""
    b = bits[i]
    e = (b >> 23) & 0xFF
    if e == 0 or e == 255:
        return _read(b)
    return np.float64(vals[i])


@nb.njit(cache=True)
def eltwise(raw_a, raw_b, a_f32, b_f32, op, fp32_dest, out):
    """add (op 0) / sub (op 1) of two tiles of L1 bytes into Dst tile `out` (fpu.eltwise_binary add/sub)."""
    a = _src_bits(raw_a, a_f32, fp32_dest)
    b = _src_bits(raw_b, b_f32, fp32_dest)
    fa = a.view(np.float32)
    fb = b.view(np.float32)
    res = np.empty(1024, np.float64)
    if op == 0:
        for i in range(1024):
            res[i] = _read_fast(a, fa, i) + _read_fast(b, fb, i)
    else:
        for i in range(1024):
            res[i] = _read_fast(a, fa, i) - _read_fast(b, fb, i)
    _to_dst(res, out, fp32_dest)


@nb.njit(cache=True)
def eltwise_any(raw_a, raw_b, a_f32, b_f32, kind, bcast, nph, fp32_dest, out):
    """fpu.eltwise_binary of two tiles of L1 bytes (after formats.unpack_to_src) into Dst tile `out`, for every op
    (kind 0 add, 1 sub, 2 mul with `nph` fidelity phases, from a cleared Dst) and broadcast of in1 (bcast 0 none,
    1 row, 2 col, 3 scalar: fpu._bcast): the operands unpacked to row-major Src bits here, then fpu's own
    element kernel (_nb_eltwise), so the numbers are those of the reference by construction."""
    a = _src_bits(raw_a, a_f32, fp32_dest)
    b = _src_bits(raw_b, b_f32, fp32_dest)
    ar = np.empty(1024, np.uint32)
    br = np.empty(1024, np.uint32)
    for i in range(1024):
        p = _pos(i)
        ar[p] = a[i]
        br[p] = b[i]
    if bcast == 1:          # BroadcastType::ROW: row 0 of in1 to every row
        for p in range(32, 1024):
            br[p] = br[p & 31]
    elif bcast == 2:        # COL: column 0 of in1 to every column
        for p in range(1024):
            br[p] = br[p & ~31]
    elif bcast == 3:        # SCALAR: element [0, 0] everywhere
        for p in range(1, 1024):
            br[p] = br[0]
    flat = out.reshape(-1)
    _nb_eltwise(ar, br, kind, nph, fp32_dest, flat, False, flat)


@nb.njit(cache=True)
def eltwise_bf16(raw_a, raw_b, op, fp32_dest, out):
    """eltwise for two Float16_b tiles in one pass over the face rows; returns False (and writes nothing) if an
    operand has exponent 255, whose FPU reading (2^128 range) needs eltwise's general _read.

    Otherwise the same numbers as eltwise: a BF16 operand widened to FP32 bits is exactly its float32 value,
    exponent 0 reads as signed zero; the float64 sum rounds to FP32 (nearest-even, overflow -> Inf), and
    x - y is x + (-1.0 * y) exactly; then exponent 0 -> signed zero and, for a 16-bit Dst, BF16 with ties to even
    (fpu.DST_BF16_ROUNDING)."""
    a = raw_a.view(np.uint16)
    b = raw_b.view(np.uint16)
    special = 0
    for i in range(1024):
        special |= ((a[i] & 0x7F80) == 0x7F80) | ((b[i] & 0x7F80) == 0x7F80)
    if special:
        return False
    exp = np.uint32(0x7F800000)
    sgn = np.uint32(0x80000000)
    sign_b = -1.0 if op else 1.0
    flat = out.reshape(-1)
    for f in range(4):
        for r in range(16):
            src, dst = _face_rows(f, r)
            for c in range(16):
                x = np.uint32(a[src + c]) << 16
                y = np.uint32(b[src + c]) << 16
                x = np.uint32(x if (x & exp) != 0 else x & sgn)
                y = np.uint32(y if (y & exp) != 0 else y & sgn)
                v = np.float32(np.float64(x.view(np.float32)) + sign_b * np.float64(y.view(np.float32)))
                v = v.view(np.uint32)
                sign = np.uint32(v & sgn)
                if fp32_dest:
                    flat[dst + c] = v if (v & exp) != 0 else sign
                else:
                    hi = (((v & np.uint32(0x7FFFFFFF)) + np.uint32(0x7FFF) + ((v >> np.uint32(16)) & np.uint32(1))) >> 16) | (sign >> 16)
                    flat[dst + c] = hi if (v & exp) != 0 else sign >> 16
    return True


@nb.njit(cache=True)
def copy_to_dst(raw, is_f32, fp32_dest, out, flush):
    """copy_tile via SrcA (formats.copy_tile_to_dest without UnpackToDestFp32) for Float16_b / Float32; `flush`:
    the Src zero flag is enabled, so MOVA2D makes an exponent-0 datum +0."""
    s = _src_bits(raw, is_f32, fp32_dest)
    flat = out.reshape(-1)
    for i in range(1024):
        b = s[i]
        if flush and ((b >> 23) & 0xFF) == 0:
            b = np.uint32(0)
        flat[_pos(i)] = b if fp32_dest else (b >> 16)


@nb.njit(cache=True)
def copy_exact32(raw, out):
    """copy_tile of a 32-bit CB with UnpackToDestFp32 into a 32-bit Dst: every datum unchanged, denormals and
    NaNs included (formats.unpack_to_dest; ISA UNPACR_Regular.md)."""
    w = raw.view(np.uint32)
    flat = out.reshape(-1)
    for f in range(4):  # face rows are 16 contiguous words on both sides
        for r in range(16):
            src, dst = _face_rows(f, r)
            for c in range(16):
                flat[dst + c] = w[src + c]


@nb.njit(cache=True, inline="always")
def _pack16(b):
    """One 16-bit Dst datum (BF16 layout) -> Float16_b: exponent 0 -> +0, NaN patterns keep sign, exponent and
    a zero mantissa (formats.pack_from_dest)."""
    e = (b >> 7) & 0xFF
    if e == 0:
        return np.uint32(0)
    if e == 255 and (b & 0x7F) != 0:
        return np.uint32(b & 0xFF80)
    return np.uint32(b)


@nb.njit(cache=True)
def pack(dst_tile, fp32_dest, out_f32, out):
    """pack_tile to Float16_b (out_f32 False) or Float32 (True) bytes in `out` (formats.pack_from_dest). Face
    rows are 16 contiguous elements on both sides, so every path walks them."""
    flat = dst_tile.reshape(-1)
    if out_f32:
        o = out.view(np.uint32)
        for f in range(4):
            for r in range(16):
                dst, src = _face_rows(f, r)
                if fp32_dest:  # FP32 Dst to Float32: the bits unchanged
                    for c in range(16):
                        o[dst + c] = flat[src + c]
                else:
                    for c in range(16):
                        o[dst + c] = _pack16(np.uint32(flat[src + c])) << 16
    else:
        o = out.view(np.uint16)
        for f in range(4):
            for r in range(16):
                dst, src = _face_rows(f, r)
                if fp32_dest:  # FP32 -> BF16: nearest, ties away from zero; NaN keeps sign, Inf pattern
                    for c in range(16):
                        b = np.uint32(flat[src + c])
                        sign = (b >> 16) & np.uint32(0x8000)
                        mag = b & np.uint32(0x7FFFFFFF)
                        if (b >> 23) & 0xFF == 0:
                            o[dst + c] = 0
                        elif mag > np.uint32(0x7F800000):
                            o[dst + c] = sign | np.uint32(0x7F80)
                        else:
                            o[dst + c] = ((mag + np.uint32(0x8000)) >> 16) | sign
                else:
                    for c in range(16):
                        o[dst + c] = _pack16(np.uint32(flat[src + c]))


# The compute API's entry points: the same functions on (L1 array, byte address) and (Dst sections, half, tile),
# so that the tile views are made here rather than as Python slices before every call. The callers check that
# the addresses are inside L1 and the tile inside its section.
@nb.njit(cache=True)
def copy_exact32_at(l1, addr, dst, h, t):
    copy_exact32(l1[addr:addr + 4096], dst[h, t])


@nb.njit(cache=True)
def copy_to_dst_at(l1, addr, is_f32, fp32_dest, dst, h, t, flush):
    copy_to_dst(l1[addr:addr + (4096 if is_f32 else 2048)], is_f32, fp32_dest, dst[h, t], flush)


@nb.njit(cache=True)
def pack_at(dst, h, t, fp32_dest, out_f32, l1, addr):
    pack(dst[h, t], fp32_dest, out_f32, l1[addr:addr + (4096 if out_f32 else 2048)])


@nb.njit(cache=True, inline="always")
def _ring(base, i, page, limit, size):
    """L1 address of page i counted from the ring pointer `base` of a CB (CircularBuffer.front_addr / back_addr)."""
    a = base + i * page
    return a - size if a >= limit else a


@nb.njit(cache=True)
def copy_block_at(l1, rd, page, limit, size, first, exact, is_f32, fp32_dest, dst, h, t0, n, flush):
    """copy_to_dst_at (copy_exact32_at if `exact`) of CB pages first.. first + n - 1 (counted from the read pointer
    `rd` of a CB of `page`-byte pages ending at `limit`, `size` bytes) into Dst tiles t0.. t0 + n - 1 of section h:
    copy_block_matmul_partials' tiles in one call."""
    nb_ = 4096 if is_f32 else 2048
    for i in range(n):
        a = _ring(rd, first + i, page, limit, size)
        if exact:
            copy_exact32(l1[a:a + 4096], dst[h, t0 + i])
        else:
            copy_to_dst(l1[a:a + nb_], is_f32, fp32_dest, dst[h, t0 + i], flush)


@nb.njit(cache=True)
def pack_block_at(dst, h, t0, n, fp32_dest, out_f32, l1, wr, page, limit, size, first):
    """pack_at of Dst tiles t0.. t0 + n - 1 of section h into CB pages first.. first + n - 1 counted from the write
    pointer `wr` (ring as copy_block_at): pack_tile_block's tiles in one call."""
    nb_ = 4096 if out_f32 else 2048
    for i in range(n):
        a = _ring(wr, first + i, page, limit, size)
        pack(dst[h, t0 + i], fp32_dest, out_f32, l1[a:a + nb_])


@nb.njit(cache=True)
def eltwise_bf16_at(l1, addr_a, addr_b, op, fp32_dest, dst, h, t):
    return eltwise_bf16(l1[addr_a:addr_a + 2048], l1[addr_b:addr_b + 2048], op, fp32_dest, dst[h, t])


@nb.njit(cache=True)
def zero_tile(dst, h, t):
    """Clear Dst tile t of section h (the packer's release of a tile the fast paths wrote)."""
    dst[h, t] = 0


# DstEntries: each entry point's function and example arguments (L1 bytes "l1", the Dst "dst", ints, bools)
_ENTRY_LIKE = {
    "copy_exact32": (copy_exact32_at, ("l1", 0, "dst", 0, 0)),
    "copy_to_dst": (copy_to_dst_at, ("l1", 0, True, True, "dst", 0, 0, True)),
    "pack": (pack_at, ("dst", 0, 0, True, True, "l1", 0)),
    "eltwise_bf16": (eltwise_bf16_at, ("l1", 0, 0, 0, True, "dst", 0, 0)),
    "zero_tile": (zero_tile, ("dst", 0, 0)),
    "copy_block": (copy_block_at, ("l1", 0, 0, 0, 0, 0, True, True, True, "dst", 0, 0, 0, True)),
    "pack_block": (pack_block_at, ("dst", 0, 0, 0, True, True, "l1", 0, 0, 0, 0, 0)),
}


class DstEntries:
    """The `*_at` functions above as direct entry points (tensix.device.jitentry) for Dst sections of one dtype
    (uint32: an FP32 Dst; uint16: a 16-bit one), each made on first use: `entries.pack(...)` is pack_at. Their
    callers pass the core's L1 (uint8), the ComputeState's Dst (C-contiguous, 4-D), bools and Python ints."""

    def __init__(self, dtype):
        self._arrays = {"l1": np.zeros(1, np.uint8), "dst": np.zeros((1, 1, 32, 32), dtype)}

    def __getattr__(self, name):  # only on the first use of a name: later uses find the instance attribute
        if name not in _ENTRY_LIKE:
            raise AttributeError(name)
        if name == "copy_exact32" and self._arrays["dst"].dtype != np.uint32:
            raise AttributeError("copy_exact32 moves 32-bit data: it has no entry point for a 16-bit Dst")
        fn, like = _ENTRY_LIKE[name]
        ep = entry_for(fn, *(self._arrays.get(v, v) if isinstance(v, str) else v for v in like))
        setattr(self, name, ep)
        return ep


_ENTRIES: dict = {}


def dst_entries(dtype) -> DstEntries:
    """The DstEntries of a Dst dtype (one per dtype per process)."""
    key = np.dtype(dtype).str
    e = _ENTRIES.get(key)
    if e is None:
        e = _ENTRIES[key] = DstEntries(dtype)
    return e
