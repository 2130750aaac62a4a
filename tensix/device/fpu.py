"""The Matrix Unit (FPU) numerics on whole tiles: element-wise add/sub/mul with broadcasts, reductions
(sum and avg via GAPOOL, max via GMPOOL) and matmul (MVMUL, optionally with in1 transposed), with
math-fidelity phases and Dst accumulation.

Inputs are Src values as :func:`tensix.device.formats.unpack_to_src` returns them (float32 containers of
TF32 / BF16 bit patterns); outputs and the optional ``acc`` are Dst bits as ``tensix.device.formats``
represents Dst: ``uint32`` FP32 bits with ``fp32_dest`` (fp32_dest_acc_en), else ``uint16`` BF16 bits.
All functions take ``(32, 32)`` or ``(n, 32, 32)`` tiles and are vectorised over tiles.

What is modelled, and from where:

- **Number interpretation** (ISA ``FloatBitPatterns.md``): the FPU reads exponent 0 as zero (denormals
  flushed) and exponent 255 as the finite value ``(1 + m/2^23) * 2^128``; results too large to represent
  become the exponent-255 / mantissa-0 pattern (which IEEE software reads as infinity); denormal results
  are flushed to (signed) zero. Internally values are carried in float64, which holds all of these exactly.
- **Fidelity phases** (ISA ``SrcASrcB.md`` "Fidelity phases", ``ELWMUL.md`` ``SrcAFidelityBits`` /
  ``SrcBFidelityBits``): the multipliers take 5 bits of SrcA significand (implicit 1 + 4 bits in even
  phases, the next 5 bits in odd phases; the TF32 LSB is never used) and 7 bits of SrcB significand
  (implicit 1 + 6 bits in phases 0-1, the remaining 4 bits in phases 2-3). ``MathFidelity`` LoFi / HiFi2 /
  HiFi3 / HiFi4 run phases ``0`` / ``0-1`` / ``0-2`` / ``0-3`` (tt-llk ``llk_defs.h``: the enum value is
  the number of phases, LoFi = 1; ``get_math_num_fidelity_phases``). Each phase accumulates into Dst
  separately, so with a 16-bit Dst every phase is rounded to BF16.
- **Operand roles** (tt-llk): ``add/sub/mul_tiles(in0, in1)`` put in0 in SrcA and in1 in SrcB; broadcasts
  apply to SrcB (ISA ``ELWADD.md``). ``matmul_tiles(in0, in1)`` computes ``Dst += SrcB @ SrcA`` with in0
  in SrcB and in1 in SrcA (ISA ``MVMUL.md``), so in0 gets the 7-bit SrcB multiplier and in1 the 5-bit
  SrcA one. Reductions put the data in SrcA and the scaler in SrcB (``GAPOOL.md``, ``GMPOOL.md``).
- **Accumulation order** (tt-llk ``llk_math_matmul.h`` MOP: the fidelity loop is the outer loop over the
  whole tile; ``llk_math_reduce.h``: per face, the phases are the inner loop). Within one MVMUL/GAPOOL the
  16-term dot product is summed in float64 (exact unless the products span more than 53 bits) and rounded
  once to FP32 before being added to Dst;
  the ISA model says its order and precision are "a rough guide", so this is the documented nearest
  behaviour, not a bit-exact claim. Additions to an FP32 Dst round to nearest-even in FP32.
- **16-bit Dst rounding** (``RoundToBF16`` in the ISA pages is not defined): round to nearest, ties to even. See
  ``DST_BF16_ROUNDING`` for why (until 2026-11-27 tensix used ties away from zero, the packers' documented rounding).

Not modelled (raise NotModelledError): FP16-style Src math (Float16 CBs), integer "8" FPU math.

Speed: element-wise ops run in a numba kernel (``_nb_eltwise``, per element, same number model), tested
bit for bit against the whole-array numpy model ``_eltwise_numpy``; matmul and reductions are numpy
(``@`` per fidelity phase and K chunk).
"""

from __future__ import annotations

import enum
import math
import os

import numba
import numpy as np

from tensix.device.formats import DataFormat, _fmt
from tensix.errors import NotModelledError, TensixError

__all__ = [
    "MathFidelity",
    "FpuError",
    "DST_BF16_ROUNDING",
    "num_fidelity_phases",
    "eltwise_binary",
    "reduce",
    "matmul",
    "matmul_sequence",
    "MatmulOperands",
    "pack_l1_accumulate",
    "PACK_L1_ACC_ROUNDING",
]

DST_BF16_ROUNDING = "round to nearest, ties to even (assumed; ISA RoundToBF16 is undefined)"
# Why ties to even: a fidelity phase's product has few significant bits (5 x 7 at most), so its sum with the Dst value
# lands exactly half-way between two BF16 values far more often than random data would; rounding those ties away from
# zero made every HiFi4 ELWMUL product about 0.17 BF16 ulp too large in magnitude on average (ties to even: 0.05; one
# rounding of the exact product: 0.01; measured on 200 000 random BF16 products), and long chains of products drift:
# ttnn.prod over 77 values (tt-metal's test_prod, whose bound was set on cards) came out 5 % high, Frobenius 0.080
# against the test's 0.071, and 0.031 with ties to even. Every other vendored tt-metal test gives the same verdict
# either way (the full run at b5d7152 with ties to even: nothing newly failing, nothing newly passing). To be checked
# on a card.

_F32_MIN_NORMAL = 2.0**-126


class FpuError(TensixError):
    """An FPU operation used with arguments the hardware (or tt-llk) does not accept."""


class MathFidelity(enum.IntEnum):
    """tt-metal ``MathFidelity`` (value = number of fidelity phases, except LoFi = 0 -> one phase)."""

    LoFi = 0
    HiFi2 = 2
    HiFi3 = 3
    HiFi4 = 4


def num_fidelity_phases(fidelity) -> int:
    """LoFi -> 1, HiFi2 -> 2, HiFi3 -> 3, HiFi4 -> 4 phases (tt-llk ``MathFidelity``; phases run 0, 1, ...)."""
    name = getattr(fidelity, "name", fidelity)
    try:
        f = MathFidelity[name] if isinstance(name, str) else MathFidelity(int(name))
    except (KeyError, ValueError):
        raise FpuError(
            f"unknown math fidelity {fidelity!r}; use MathFidelity.LoFi, HiFi2, HiFi3 or HiFi4"
        ) from None
    return 1 if f == MathFidelity.LoFi else int(f)


# ------------------------------------------------------------------------------ number representation


def _tiles(x, what: str, dtype=None) -> np.ndarray:
    a = np.asarray(x)
    if dtype is not None and a.dtype != dtype:
        if dtype == np.uint32 and a.dtype == np.float32:
            a = a.view(np.uint32)
        else:
            raise FpuError(f"{what} must have dtype {np.dtype(dtype).name}, got {a.dtype}")
    if a.shape[-2:] != (32, 32) or a.ndim not in (2, 3):
        raise FpuError(f"{what} must be a 32x32 tile or (n, 32, 32) tiles, got shape {a.shape}")
    return a


def _src_bits(x, what: str) -> np.ndarray:
    a = _tiles(x, what)
    if a.dtype != np.float32:
        raise FpuError(
            f"{what} must be float32 Src values (from formats.unpack_to_src), got dtype {a.dtype}; "
            "unpack the tile first so the TF32/BF16 precision of SrcA/SrcB is applied"
        )
    return np.ascontiguousarray(a).view(np.uint32)


def _interp(bits) -> np.ndarray:
    """FPU reading of FP32-layout bits as float64 (ISA FloatBitPatterns.md): exponent 0 -> signed zero,
    exponent 255 -> (1 + m/2^23) * 2^128 (finite), everything else its IEEE value. (One compiled pass, _nb_interp_into:
    the model's helpers run on small arrays many times per tile; tests/test_fpu_fast_equivalence.py checks it
    against the numpy form it replaced.)"""
    b = np.ascontiguousarray(bits, dtype=np.uint32)
    out = np.empty(b.shape, np.float64)
    _nb_interp_into(b.reshape(-1), out.reshape(-1))
    return out


def _to_f32_bits(v: np.ndarray) -> np.ndarray:
    """float64 -> FP32 bits: round to nearest-even, overflow -> Inf pattern, denormal results -> signed 0."""
    a = np.ascontiguousarray(v, dtype=np.float64)
    out = np.empty(a.shape, np.uint32)
    _nb_f32_bits_into(a.reshape(-1), out.reshape(-1))
    return out


@numba.njit(cache=True, nogil=True)
def _nb_interp_into(b, out):
    """_interp over 1-D arrays: the float32 value, fixed up where the exponent is 0 (signed zero) or 255."""
    f = b.view(np.float32)
    special = False
    for i in range(b.size):
        e = (b[i] >> 23) & 0xFF
        special |= (e == 255) | ((e == 0) & ((b[i] & 0x7FFFFF) != 0))
        out[i] = np.float64(f[i])
    if special:
        for i in range(b.size):
            x = np.int64(b[i])
            e = (x >> 23) & 0xFF
            if e == 0:
                out[i] = -0.0 if (x >> 31) & 1 else 0.0
            elif e == 255:
                m = math.ldexp(1.0 + (x & 0x7FFFFF) * 2.0 ** -23, 128)
                out[i] = -m if (x >> 31) & 1 else m


@numba.njit(cache=True, nogil=True)
def _nb_f32_bits_into(v, out):
    """_to_f32_bits over 1-D arrays: float32 conversion (round to nearest even, overflow to infinity), denormal
    results to signed zero."""
    f = out.view(np.float32)
    for i in range(v.size):
        f[i] = np.float32(v[i])
    for i in range(v.size):
        u = np.int64(out[i])
        if ((u & 0x7FFFFFFF) - 1) & 0xFFFFFFFF < 0x7FFFFF:
            out[i] = u & 0x80000000


def _round_bf16(bits: np.ndarray) -> np.ndarray:
    """FP32 bits -> BF16 bits for a 16-bit Dst (DST_BF16_ROUNDING); exponent 0 -> signed zero."""
    b = np.asarray(bits, dtype=np.uint32)
    sign = (b >> 16) & 0x8000
    mag = b & 0x7FFFFFFF
    r = ((mag + np.uint32(0x7FFF) + ((mag >> np.uint32(16)) & np.uint32(1))) >> 16) | sign
    return np.where(((b >> 23) & 0xFF) == 0, sign, r).astype(np.uint16)


class _Dst:
    """Dst value bookkeeping: bits in the Dst format and their float64 FPU reading."""

    def __init__(self, fp32_dest: bool):
        self.fp32 = fp32_dest

    def read(self, bits) -> np.ndarray:
        b = np.asarray(bits)
        return _interp(b.astype(np.uint32) if self.fp32 else b.astype(np.uint32) << 16)

    def write(self, v: np.ndarray) -> np.ndarray:
        """float64 result -> Dst bits (FP32 rounding, then BF16 rounding for a 16-bit Dst)."""
        f = _to_f32_bits(v)
        return f if self.fp32 else _round_bf16(f)

    def accumulate(self, d: np.ndarray, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``x`` (float64, already an FP32 value) added onto Dst value ``d``; returns (bits, new value)."""
        bits = self.write(d + x)
        return bits, self.read(bits)

    def initial(self, acc, shape) -> np.ndarray:
        if acc is None:
            return np.zeros(shape, dtype=np.float64)
        a = _lead(_tiles(acc, "acc", self.dtype))[0]
        if a.shape[0] not in (1, shape[0]):
            raise FpuError(f"acc has {a.shape[0]} tiles but the operands have {shape[0]}")
        return np.broadcast_to(self.read(a), shape).copy()

    @property
    def dtype(self):
        return np.uint32 if self.fp32 else np.uint16


def _a_part(bits: np.ndarray, phase: int) -> np.ndarray:
    """SrcA significand bits used in ``phase`` (ISA ELWMUL.md ``SrcAFidelityBits``), as float64."""
    if phase & 1 == 0:
        return _interp(bits & np.uint32(0xFFF80000))
    return _interp(bits) - _interp(bits & np.uint32(0xFFF83FFF))


def _b_part(bits: np.ndarray, phase: int) -> np.ndarray:
    """SrcB significand bits used in ``phase`` (ISA ELWMUL.md ``SrcBFidelityBits``), as float64."""
    if phase & 2 == 0:
        return _interp(bits & np.uint32(0xFFFE0000))
    return _interp(bits) - _interp(bits & np.uint32(0xFFFE1FFF))


def _f32(v: np.ndarray) -> np.ndarray:
    """Round a float64 partial result to the FP32 value the FPU adds to Dst (flushing denormals)."""
    return _interp(_to_f32_bits(v))


def _lead(a: np.ndarray) -> tuple[np.ndarray, bool]:
    return (a[None] if a.ndim == 2 else a), a.ndim == 2


# ------------------------------------------------------------------------------------------ eltwise

_OPS = {"add": "add", "elwadd": "add", "sub": "sub", "elwsub": "sub", "mul": "mul", "elwmul": "mul"}


def _bcast(b: np.ndarray, bcast) -> np.ndarray:
    name = getattr(bcast, "name", bcast)
    key = None if name is None else str(name).lower()
    if key in (None, "none"):
        return b
    if key == "row":  # BroadcastType::ROW: row 0 of in1 to every row (ISA ELWADD BroadcastSrcBRow)
        return np.broadcast_to(b[:, 0:1, :], b.shape)
    if key == "col":  # BroadcastType::COL: column 0 of in1 to every column (BroadcastSrcBCol0)
        return np.broadcast_to(b[:, :, 0:1], b.shape)
    if key == "scalar":  # BroadcastType::SCALAR: element [0, 0] everywhere (both broadcasts)
        return np.broadcast_to(b[:, 0:1, 0:1], b.shape)
    raise FpuError(f"unknown broadcast {bcast!r}; use None, 'row', 'col' or 'scalar'")


def _eltwise_numpy(kind: str, a3, b3, nph: int, dst: "_Dst", acc) -> np.ndarray:
    """Whole-array numpy model of ELWADD/ELWSUB/ELWMUL; the reference the numba kernel is tested against."""
    if kind in ("add", "sub"):
        va, vb = _interp(a3), _interp(b3)
        return dst.write(va + vb if kind == "add" else va - vb)
    d = dst.initial(acc, a3.shape)
    out = dst.write(d)  # always overwritten: there is at least one phase
    for p in range(nph):
        out, d = dst.accumulate(d, _f32(_a_part(a3, p) * _b_part(b3, p)))
    return out


# Scalar helpers for the numba kernel: the same number model as _interp / _Dst, one element at a time.


@numba.njit(cache=True, inline="always")
def _nb_interp(b, tmp, tmpu):
    e = (b >> 23) & 0xFF
    if e == 0:
        return -0.0 if (b >> 31) & 1 else 0.0
    if e == 255:  # (1 + m) * 2^128, finite for the FPU
        v = math.ldexp(1.0 + (b & 0x7FFFFF) * 2.0**-23, 128)
        return -v if (b >> 31) & 1 else v
    tmpu[0] = b  # bit-cast through a one-element buffer
    return np.float64(tmp[0])


@numba.njit(cache=True, inline="always")
def _nb_f32_bits(v, tmp, tmpu):
    tmp[0] = v  # float64 -> float32: round to nearest-even, overflow -> inf
    u = np.int64(tmpu[0])
    if ((u & 0x7FFFFFFF) - 1) & 0xFFFFFFFF < 0x7FFFFF:  # denormal result -> signed zero
        u &= 0x80000000
    return u


@numba.njit(cache=True, inline="always")
def _nb_write(v, fp32, tmp, tmpu):
    u = _nb_f32_bits(v, tmp, tmpu)
    if fp32:
        return u
    sign = (u >> 16) & 0x8000
    if (u >> 23) & 0xFF == 0:
        return sign
    return (((u & 0x7FFFFFFF) + 0x7FFF + ((u >> 16) & 1)) >> 16) | sign  # DST_BF16_ROUNDING


@numba.njit(cache=True, inline="always")
def _nb_read(bits, fp32, tmp, tmpu):
    return _nb_interp(bits if fp32 else bits << 16, tmp, tmpu)


@numba.njit(cache=True, inline="always")
def _nb_part(b, phase, is_a, tmp, tmpu):
    if is_a:
        if phase & 1 == 0:
            return _nb_interp(b & 0xFFF80000, tmp, tmpu)
        return _nb_interp(b, tmp, tmpu) - _nb_interp(b & 0xFFF83FFF, tmp, tmpu)
    if phase & 2 == 0:
        return _nb_interp(b & 0xFFFE0000, tmp, tmpu)
    return _nb_interp(b, tmp, tmpu) - _nb_interp(b & 0xFFFE1FFF, tmp, tmpu)


@numba.njit(cache=True)
def _nb_eltwise(a, b, kind, nph, fp32, acc, has_acc, out):
    """a, b: uint32 Src bits (flat, b already broadcast); acc/out: Dst bits (flat). kind 0 add 1 sub 2 mul."""
    tmp = np.empty(1, np.float32)
    tmpu = tmp.view(np.uint32)
    for i in range(a.size):
        ab = np.int64(a[i])
        bb = np.int64(b[i])
        if kind == 0:
            out[i] = _nb_write(_nb_interp(ab, tmp, tmpu) + _nb_interp(bb, tmp, tmpu), fp32, tmp, tmpu)
        elif kind == 1:
            out[i] = _nb_write(_nb_interp(ab, tmp, tmpu) - _nb_interp(bb, tmp, tmpu), fp32, tmp, tmpu)
        else:
            d = _nb_read(np.int64(acc[i]), fp32, tmp, tmpu) if has_acc else 0.0
            o = np.int64(0)
            for p in range(nph):
                prod = _nb_part(ab, p, True, tmp, tmpu) * _nb_part(bb, p, False, tmp, tmpu)
                x = _nb_interp(_nb_f32_bits(prod, tmp, tmpu), tmp, tmpu)
                o = _nb_write(d + x, fp32, tmp, tmpu)
                d = _nb_read(o, fp32, tmp, tmpu)
            out[i] = o


def eltwise_binary(op, a, b, bcast=None, fidelity=MathFidelity.HiFi4, fp32_dest: bool = False,
                   acc=None) -> np.ndarray:
    """``add_tiles`` / ``sub_tiles`` / ``mul_tiles`` (and their ``*_bcast_*`` forms): Dst = a op b.

    ``a`` is in0 (SrcA), ``b`` is in1 (SrcB, the broadcast operand). add/sub (ISA ELWADD.md / ELWSUB.md,
    issued by tt-llk with ``AddDst = acc_to_dest = 0`` and fidelity phase 0, so ``fidelity`` and ``acc``
    do not apply): the FP32 sum overwrites Dst (rounded to BF16 for a 16-bit Dst). mul (ISA ELWMUL.md is
    always ``Dst +=``; tt-llk ``llk_math_eltwise_binary.h`` issues no ZEROACC in the normal path): one
    partial product per fidelity phase, each accumulated onto Dst with Dst's rounding, starting from
    ``acc`` (Dst bits before the call; None = zero, as the packer leaves Dst after ``tile_regs_release``).
    Returns Dst bits (uint32 with ``fp32_dest``, else uint16), same tile shape as ``a``.
    """
    kind = _OPS.get(str(getattr(op, "name", op)).lower())
    if kind is None:
        raise FpuError(f"unknown element-wise op {op!r}; use 'add', 'sub' or 'mul'")
    a_bits = _src_bits(a, "a (in0, SrcA)")
    b_bits = _src_bits(b, "b (in1, SrcB)")
    if a_bits.shape != b_bits.shape:
        raise FpuError(f"a and b must have the same tile shape, got {a_bits.shape} and {b_bits.shape}")
    a3, single = _lead(a_bits)
    b3 = np.ascontiguousarray(_bcast(_lead(b_bits)[0], bcast))
    dst = _Dst(fp32_dest)
    nph = num_fidelity_phases(fidelity)
    out = np.empty(a3.shape, dtype=dst.dtype)
    if acc is None or kind != "mul":
        accf, has_acc = out, False
    else:
        accf = np.ascontiguousarray(np.broadcast_to(_lead(_tiles(acc, "acc", dst.dtype))[0], a3.shape))
        has_acc = True
    _nb_eltwise(np.ascontiguousarray(a3).reshape(-1), b3.reshape(-1), ("add", "sub", "mul").index(kind), nph,
                fp32_dest, accf.reshape(-1), has_acc, out.reshape(-1))
    return out[0] if single else out


# ------------------------------------------------------------------------------------------- matmul


def _transpose_in1(b3: np.ndarray) -> np.ndarray:
    """in1 as SrcA holds it for ``matmul_tiles`` with transpose: a full 32x32 transpose, done in two steps.

    1. The unpacker transposes each 16x16 face as it writes SrcA (ISA ``UNPACR_Regular.md``: with
       ``THCON_SEC0 Haloize_mode`` set, unpacker 0 swaps the low 4 bits of the SrcA row with the column;
       tt-llk ``llk_unpack_AB_matmul.h`` ``_llk_unpack_AB_matmul_init_`` sets it from ``transpose``).
    2. The math thread reads the faces in the order f0, f2, f1, f3 (tt-llk ``llk_math_matmul.h``
       ``matmul_configure_addrmod`` / ``matmul_configure_mop``: "if in1 is transposed then faces 1&2 need to
       be swapped during read by changing address increment amount via addr_mods").
    Face (r, c) of the result is therefore face (c, r) of in1 transposed: in1.T. Pure data movement.
    """
    n = b3.shape[0]
    faces = b3.reshape(n, 2, 16, 2, 16)                   # [tile, face row, row, face col, col]
    within = faces.transpose(0, 1, 4, 3, 2)               # step 1: each face transposed in place
    swapped = within.transpose(0, 3, 2, 1, 4)             # step 2: faces 1 and 2 exchanged
    return np.ascontiguousarray(swapped.reshape(n, 32, 32))


def matmul(a, b, acc=None, fidelity=MathFidelity.HiFi4, fp32_dest: bool = False,
           transpose: bool = False) -> np.ndarray:
    """``matmul_tiles(in0, in1)``: Dst = acc + a @ b on 32x32 tiles, a = in0 (SrcB role), b = in1 (SrcA).

    Per fidelity phase (outer loop, tt-llk MOP), per 16-wide K chunk (k 0-15 then 16-31): one MVMUL's
    16-term dot product, rounded to FP32, accumulated onto Dst with Dst's rounding (ISA MVMUL.md).
    ``acc`` = Dst bits before the call (None = zeros, as after the packer's clear). Returns Dst bits.

    ``transpose`` (tt-metal ``mm_init`` / ``mm_init_short`` / ``matmul_init`` ``transpose``: "transpose
    operation on B", i.e. in1): Dst = acc + a @ b.T. Only data movement changes (:func:`_transpose_in1`):
    in1 still goes through the SrcA multiplier, the MOP still runs the K chunks 0-15 then 16-31 for every
    output face and the fidelity phases outermost, so the numerics are those of ``matmul(a, b.T)``.
    """
    a_bits = _src_bits(a, "a (in0, SrcB)")
    b_bits = _src_bits(b, "b (in1, SrcA)")
    if a_bits.shape != b_bits.shape:
        raise FpuError(f"a and b must have the same tile shape, got {a_bits.shape} and {b_bits.shape}")
    a3, single = _lead(a_bits)
    b3, _ = _lead(b_bits)
    if transpose:
        b3 = _transpose_in1(b3)
    dst = _Dst(fp32_dest)
    d = dst.initial(acc, a3.shape)
    out = dst.write(d)
    for p in range(num_fidelity_phases(fidelity)):
        ap, bp = _b_part(a3, p), _a_part(b3, p)  # in0 through the SrcB multiplier, in1 through SrcA's
        for k in (slice(0, 16), slice(16, 32)):
            out, d = dst.accumulate(d, _f32(ap[:, :, k] @ bp[:, k, :]))
    return out[0] if single else out


# ------------------------------------------------------------------------------ batched matmul
#
# matmul_sequence runs many matmul_tiles products at once with exactly the numbers of calling matmul() for each in
# turn. Why it can be exact, step by step:
# - The fidelity-phase parts of an operand tile depend only on that tile, so they are extracted once per tile
#   (_a_part / _b_part, the same functions as matmul()).
# - One MVMUL's 16-term dot product: matmul() computes it with numpy's float64 `@` on (n, 32, 16) @ (n, 16, 32)
#   slices, which OpenBLAS evaluates per slice as a sequential sum over k = 0..15 from +0.0 (checked against an
#   explicit sequential loop on operands of huge exponent range, where another summation order differs in 11% of
#   the elements; tests/test_matmul_batch.py keeps checking it). The products are exact in float64 (at most 5 x 7
#   significant bits), so a compiled loop that adds them in the same order from +0.0 (_nb_mm_products: sixteen
#   named terms per column, which LLVM vectorizes over the columns without reordering them) gives the same sums.
# - The Dst accumulation is a sequence per Dst datum: for each product in order, for each phase, for each K chunk,
#   d <- write(d + f32(sum)). The products run in call order; Dst tiles are independent, so with two host threads
#   the products of disjoint sets of Dst tiles run side by side, each set in its call order.
# - The fast accumulation computes float32(d + float64(float32(sum))) (then the BF16 rounding for a 16-bit Dst),
#   which is write(d + x) whenever no value is denormal or out of FP32 range. It is only used for products where
#   that is guaranteed: every operand value, sum and Dst value is then a multiple of 2^L with L the sum of the two
#   operand tiles' least significant bit exponents (Dst too), so with L >= -126 a nonzero |value| is never below
#   the smallest normal; and a bound on |Dst| keeps it below 2^126. Anything else runs the exact element-wise
#   model of _Dst with the FPU's reading of exponent 0 and 255 (_nb_interp, _nb_write).

_MM_LSB_FLOOR = -126          # smallest normal FP32 exponent: values that are multiples of 2^-126 are never denormal
_MM_MAX_BOUND = 2.0 ** 126    # |Dst| bound below which no FP32 rounding can overflow


def _mm_parts(src_bits: np.ndarray, role: str, nph: int):
    """The phase parts (float64) an operand contributes: role "a" = in0 through the SrcB multiplier (phases 0-1 use
    the high part, 2-3 the low), role "b" = in1 through SrcA's (even phases high, odd low). Only the parts the
    fidelity needs are computed; the others are None."""
    if role == "a":
        hi = _b_part(src_bits, 0)
        lo = _b_part(src_bits, 2) if nph > 2 else None
    else:
        hi = _a_part(src_bits, 0)
        lo = _a_part(src_bits, 1) if nph > 1 else None
    return hi, lo


@numba.njit(cache=True, nogil=True, inline="always")
def _nb_row_stats(row, low, lowu):
    """(least significant bit exponent, largest magnitude) of one tile's FP32-layout bits (see _nb_mm_stats)."""
    m = row.shape[0]
    for k in range(m):
        sig = (np.int64(row[k]) & 0x7FFFFF) | 0x800000
        low[k] = np.float32(sig & -sig)
    lo = np.int64(1 << 20)
    hi = np.int64(0)
    for k in range(m):
        b = np.int64(row[k])
        e = (b >> 23) & 0xFF
        e2 = e + np.int64(lowu[k] >> 23) - 277      # e - 150 + (biased exponent of the low bit - 127)
        mag = b & 0x7FFFFFFF
        if e == 0:
            e2 = np.int64(1 << 20)
            mag = np.int64(0)
        lo = min(lo, e2)
        hi = max(hi, mag)
    if hi == 0:
        return lo, 0.0
    return lo, math.ldexp(np.float64((hi & 0x7FFFFF) | 0x800000), int((hi >> 23) & 0xFF) - 150)


@numba.njit(cache=True, nogil=True)
def _nb_mm_stats(bits, lsb, mx):
    """Per tile of FP32-layout bits (n, 1024): the exponent of the least significant set bit of the FPU's reading
    over its nonzero values (1 << 20 for an all-zero tile) and the largest |reading| (exponent 255 reads as
    (1 + m / 2^23) * 2^128, exponent 0 as zero).

    Branch-free so that LLVM vectorizes it (tests/test_fpu_fast_equivalence.py checks it against the element loop
    it replaced): a nonzero reading is sig * 2^(e - 150) with sig = 1.m (24 bits) for every exponent e of 1..255
    (255 - 127 = 128), so its least significant bit is e - 150 + (trailing zeros of sig), and the trailing zeros
    are the exponent of float32(sig & -sig), a power of two (exact). Magnitudes compare as their bits with the sign
    cleared (exponent-255 patterns above every finite one), so the largest is found on integers and converted once."""
    n, m = bits.shape
    low = np.empty(m, np.float32)
    lowu = low.view(np.uint32)
    for t in range(n):
        lsb[t], mx[t] = _nb_row_stats(bits[t], low, lowu)


def _mm_tile_stats(bits32: np.ndarray):
    """(least significant bit exponents, largest magnitudes) of (n, 32, 32) FP32-layout bit tiles (_nb_mm_stats)."""
    flat = np.ascontiguousarray(bits32, dtype=np.uint32).reshape(len(bits32), -1)
    lsb = np.empty(len(flat), np.int64)
    mx = np.empty(len(flat), np.float64)
    _nb_mm_stats(flat, lsb, mx)
    return lsb, mx


@numba.njit(cache=True, nogil=True, inline="always")
def _nb_read_masked(row, mask, out, f, ff):
    """out[k] = _interp(row[k] & mask) (FP32-layout bits -> the FPU's float64 reading): the float32 value, except
    exponent 0 with a nonzero mantissa (signed zero) and exponent 255 ((1 + m / 2^23) * 2^128), fixed up in a second
    loop only when the tile has them."""
    m = row.shape[0]
    for k in range(m):
        f[k] = row[k] & mask
    special = False
    for k in range(m):
        e = (f[k] >> 23) & 0xFF
        special |= (e == 255) | ((e == 0) & ((f[k] & 0x7FFFFF) != 0))
        out[k] = np.float64(ff[k])
    if special:
        for k in range(m):
            b = np.int64(f[k])
            e = (b >> 23) & 0xFF
            if e == 0:
                out[k] = -0.0 if (b >> 31) & 1 else 0.0
            elif e == 255:
                v = math.ldexp(1.0 + (b & 0x7FFFFF) * 2.0 ** -23, 128)
                out[k] = -v if (b >> 31) & 1 else v


@numba.njit(cache=True, nogil=True)
def _nb_mm_prepare(bits, role_a, need_lo, hi, lo, lsb, mx):
    """MatmulOperands.prepare's parts and statistics of (n, 1024) FP32-layout Src bits in one pass per tile: role a
    (in0, SrcB multiplier): hi = _b_part(bits, 0), lo = _b_part(bits, 2); role b (in1, SrcA's): hi = _a_part(bits,
    0), lo = _a_part(bits, 1) (lo only if need_lo); then _nb_mm_stats."""
    n, m = bits.shape
    f = np.empty(m, np.uint32)
    ff = f.view(np.float32)
    whole = np.empty(m)
    part = np.empty(m)
    low = np.empty(m, np.float32)
    lowu = low.view(np.uint32)
    hmask = np.uint32(0xFFFE0000) if role_a else np.uint32(0xFFF80000)
    lmask = np.uint32(0xFFFE1FFF) if role_a else np.uint32(0xFFF83FFF)
    for t in range(n):
        row = bits[t]
        _nb_read_masked(row, hmask, hi[t], f, ff)
        if need_lo:
            _nb_read_masked(row, np.uint32(0xFFFFFFFF), whole, f, ff)
            _nb_read_masked(row, lmask, part, f, ff)
            lt = lo[t]
            for k in range(m):
                lt[k] = whole[k] - part[k]
        lsb[t], mx[t] = _nb_row_stats(row, low, lowu)


@numba.njit(cache=True, nogil=True)
def _nb_dst_read_stats(bits, shift, D, lsb, mx):
    """Dst tiles (n, 1024) of bits (uint32 FP32, or uint16 BF16 with shift 16) -> their float64 FPU readings in D
    (as _Dst.read: exponent 0 reads as signed zero, exponent 255 as (1 + m / 2^23) * 2^128) and their _nb_mm_stats,
    in one pass per tile."""
    n, m = bits.shape
    f = np.empty(m, np.uint32)
    ff = f.view(np.float32)
    low = np.empty(m, np.float32)
    lowu = low.view(np.uint32)
    for t in range(n):
        row = bits[t]
        drow = D[t]
        for k in range(m):
            f[k] = np.uint32(np.int64(row[k]) << shift)
        big = False
        for k in range(m):
            e = (f[k] >> 23) & 0xFF
            big |= e == 255
            drow[k] = np.float64(ff[k]) if e != 0 else 0.0
        for k in range(m):      # signed zeros for exponent 0 (kept out of the loop above so that it vectorizes)
            if ((f[k] >> 23) & 0xFF) == 0 and (f[k] >> 31) != 0:
                drow[k] = -0.0
        if big:
            for k in range(m):
                b = np.int64(f[k])
                if ((b >> 23) & 0xFF) == 255:
                    v = math.ldexp(1.0 + (b & 0x7FFFFF) * 2.0 ** -23, 128)
                    drow[k] = -v if (b >> 31) & 1 else v
        lsb[t], mx[t] = _nb_row_stats(f, low, lowu)


@numba.njit(cache=True, nogil=True, fastmath={"contract"})
def _nb_mm_products(prods, a_hi, a_lo, b_hi, b_lo, nph, a_lsb, a_max, b_lsb, b_max, d_lsb, d_bound, D, fp32, w):
    """The products (d, i, j) of `prods` in order: D[d] <- write(D[d] + f32(sum)) per fidelity phase and K chunk
    (matmul()'s order), D holding float64 readings of Dst. `w` is 32, passed at run time so that LLVM vectorizes the
    column loops rather than unrolling them. Per product the fast accumulation is used where it is exact (see the
    comment above matmul_sequence), else the exact element model. fastmath "contract" only lets LLVM fuse each
    `s += a * b` into an FMA: a * b is exact in float64 (at most 5 x 7 significant bits), so the fused and the separate
    roundings are the same one rounding of a * b + s (tests/test_matmul_batch.py checks the sums bit for bit).

    Two rows of the output per pass (s for row i, t for row i + 1): each sum is still the 16 terms in K order, but
    two independent chains share each loaded column of B, which keeps the FMA units busier (about 10 % faster than
    one row per pass on this project's Zen 4 machine; the sums are the same bits). The Dst update is written out
    here rather than in an inlined helper: with the helper numba's code ran 40 % slower."""
    sums = np.empty((2, w))
    t32 = np.empty(w, np.float32)
    tb = t32.view(np.uint32)
    tmp = np.empty(1, np.float32)
    tmpu = tmp.view(np.uint32)
    for q in range(prods.shape[0]):
        d = prods[q, 0]
        ia = prods[q, 1]
        ib = prods[q, 2]
        step = 16.0 * 2 * nph * a_max[ia] * b_max[ib]
        fast = a_lsb[ia] + b_lsb[ib] >= -126 and d_lsb[d] >= -126 and d_bound[d] + step < 2.0 ** 126
        d_bound[d] += step
        if not fast:
            d_lsb[d] = -(1 << 20)    # the exact model may leave anything: later products on this tile stay exact
        Dt = D[d]
        for p in range(nph):
            A = a_hi[ia] if p < 2 else a_lo[ia]             # in0's part p >> 1 (SrcB: phases 0-1 high, 2-3 low)
            B = b_hi[ib] if (p & 1) == 0 else b_lo[ib]      # in1's part p & 1 (SrcA: even phases high, odd low)
            for c0 in range(0, 32, 16):
                B0, B1, B2, B3 = B[c0], B[c0 + 1], B[c0 + 2], B[c0 + 3]
                B4, B5, B6, B7 = B[c0 + 4], B[c0 + 5], B[c0 + 6], B[c0 + 7]
                B8, B9, B10, B11 = B[c0 + 8], B[c0 + 9], B[c0 + 10], B[c0 + 11]
                B12, B13, B14, B15 = B[c0 + 12], B[c0 + 13], B[c0 + 14], B[c0 + 15]
                for i in range(0, w, 2):
                    Ar, Ar2 = A[i], A[i + 1]
                    a0, a1, a2, a3 = Ar[c0], Ar[c0 + 1], Ar[c0 + 2], Ar[c0 + 3]
                    a4, a5, a6, a7 = Ar[c0 + 4], Ar[c0 + 5], Ar[c0 + 6], Ar[c0 + 7]
                    a8, a9, a10, a11 = Ar[c0 + 8], Ar[c0 + 9], Ar[c0 + 10], Ar[c0 + 11]
                    a12, a13, a14, a15 = Ar[c0 + 12], Ar[c0 + 13], Ar[c0 + 14], Ar[c0 + 15]
                    e0, e1, e2, e3 = Ar2[c0], Ar2[c0 + 1], Ar2[c0 + 2], Ar2[c0 + 3]
                    e4, e5, e6, e7 = Ar2[c0 + 4], Ar2[c0 + 5], Ar2[c0 + 6], Ar2[c0 + 7]
                    e8, e9, e10, e11 = Ar2[c0 + 8], Ar2[c0 + 9], Ar2[c0 + 10], Ar2[c0 + 11]
                    e12, e13, e14, e15 = Ar2[c0 + 12], Ar2[c0 + 13], Ar2[c0 + 14], Ar2[c0 + 15]
                    srow, trow = sums[0], sums[1]
                    for j in range(w):
                        s = 0.0                 # not a0 * b: 0.0 + (-0.0) is +0.0, as the one-row loop summed
                        t = 0.0
                        b = B0[j]
                        s += a0 * b
                        t += e0 * b
                        b = B1[j]
                        s += a1 * b
                        t += e1 * b
                        b = B2[j]
                        s += a2 * b
                        t += e2 * b
                        b = B3[j]
                        s += a3 * b
                        t += e3 * b
                        b = B4[j]
                        s += a4 * b
                        t += e4 * b
                        b = B5[j]
                        s += a5 * b
                        t += e5 * b
                        b = B6[j]
                        s += a6 * b
                        t += e6 * b
                        b = B7[j]
                        s += a7 * b
                        t += e7 * b
                        b = B8[j]
                        s += a8 * b
                        t += e8 * b
                        b = B9[j]
                        s += a9 * b
                        t += e9 * b
                        b = B10[j]
                        s += a10 * b
                        t += e10 * b
                        b = B11[j]
                        s += a11 * b
                        t += e11 * b
                        b = B12[j]
                        s += a12 * b
                        t += e12 * b
                        b = B13[j]
                        s += a13 * b
                        t += e13 * b
                        b = B14[j]
                        s += a14 * b
                        t += e14 * b
                        b = B15[j]
                        s += a15 * b
                        t += e15 * b
                        srow[j] = s
                        trow[j] = t
                    for r in range(2):
                        srow = sums[r]
                        drow = Dt[i + r]
                        if fast:
                            if fp32:
                                for j in range(w):
                                    drow[j] = np.float64(np.float32(drow[j] + np.float64(np.float32(srow[j]))))
                            else:
                                for j in range(w):
                                    t32[j] = np.float32(drow[j] + np.float64(np.float32(srow[j])))
                                for j in range(w):   # DST_BF16_ROUNDING (no exponent-0 case can arise here)
                                    u = tb[j]
                                    tb[j] = ((((u & np.uint32(0x7FFFFFFF)) + np.uint32(0x7FFF) + ((u >> np.uint32(16))
                                                                                              & np.uint32(1)))
                                              >> np.uint32(16)) << np.uint32(16)) | (u & np.uint32(0x80000000))
                                for j in range(w):
                                    drow[j] = np.float64(t32[j])
                        else:
                            for j in range(w):
                                x = _nb_interp(_nb_f32_bits(srow[j], tmp, tmpu), tmp, tmpu)
                                o = _nb_write(drow[j] + x, fp32, tmp, tmpu)
                                drow[j] = _nb_read(o, fp32, tmp, tmpu)


@numba.njit(cache=True, nogil=True)
def _nb_mm_write(D, fp32, out):
    """out = _Dst.write(D) (float64 readings -> Dst bits, _nb_write per datum) in blocks that LLVM vectorizes: the
    float32 conversion (round to nearest even, overflow to the infinity pattern), denormal results to signed zero,
    then for a 16-bit Dst DST_BF16_ROUNDING (exponent 0 -> signed zero)."""
    Df = D.reshape(-1)
    of = out.reshape(-1)
    n = Df.size
    buf = np.empty(1024, np.float32)
    bu = buf.view(np.uint32)
    for s0 in range(0, n, 1024):
        m = min(1024, n - s0)
        for k in range(m):
            buf[k] = np.float32(Df[s0 + k])
        for k in range(m):
            u = np.int64(bu[k])
            if ((u & 0x7FFFFFFF) - 1) & 0xFFFFFFFF < 0x7FFFFF:     # a denormal result -> signed zero
                u &= 0x80000000
            if fp32:
                of[s0 + k] = u
            else:
                sign = (u >> 16) & 0x8000
                r = ((((u & 0x7FFFFFFF) + 0x7FFF + ((u >> 16) & 1)) >> 16) | sign) if (u >> 23) & 0xFF else sign
                of[s0 + k] = r


@numba.njit(cache=True, nogil=True)
def _nb_mm_range(lo, hi, bits, shift, D, D2, d_lsb, d_bound, part, a_hi, a_lo, b_hi, b_lo, nph, a_lsb, a_max, b_lsb,
                 b_max, fp32, out, touched):
    """MatmulSequence.run of Dst tiles lo..hi - 1 in one compiled call (a second host thread takes the GIL only to
    start it and to return, not between its steps): their readings and statistics, the products `part` (on those
    tiles, in call order), the new bits of the tiles a product names into out."""
    if hi <= lo:
        return
    _nb_dst_read_stats(bits[lo:hi], shift, D2[lo:hi], d_lsb[lo:hi], d_bound[lo:hi])
    if part.shape[0]:
        _nb_mm_products(part, a_hi, a_lo, b_hi, b_lo, nph, a_lsb, a_max, b_lsb, b_max, d_lsb, d_bound, D, fp32, 32)
    for t in range(lo, hi):
        if touched[t]:
            _nb_mm_write(D[t:t + 1], fp32, out[t:t + 1])


_MM_WORK: dict = {}
# host threads for the products (TENSIX_THREADS overrides the machine's CPU count, as for the SFPU batches): with
# two, the products of two disjoint sets of Dst tiles run side by side (the compiled kernel releases the GIL)
_MM_THREADS = min(2, int(os.environ.get("TENSIX_THREADS", 0)) or (
    len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)))
_MM_SPLIT_MIN = 64      # products below which one thread does them all (a hand-off costs more)


class MatmulOperands:
    """Operand tiles prepared for matmul_sequence: their phase parts for the fidelity (float64, (n, 32, 32) each;
    None where the fidelity does not use them) and per tile the exponent of the least significant set bit and the
    largest magnitude (which decide whether the fast accumulation is exact, see above). ``role`` "a": in0 tiles
    (through the SrcB multiplier); "b": in1 tiles (SrcA's), transposed as the unpacker and math do when
    ``transpose``. Rows can be gathered (``take``) to combine prepared tiles of several batches."""

    __slots__ = ("hi", "lo", "lsb", "max")

    def __init__(self, hi, lo, lsb, mx):
        self.hi, self.lo, self.lsb, self.max = hi, lo, lsb, mx

    @classmethod
    def prepare(cls, src, role: str, fidelity=MathFidelity.HiFi4, transpose: bool = False) -> "MatmulOperands":
        bits, _ = _lead(_src_bits(src, "a (in0, SrcB)" if role == "a" else "b (in1, SrcA)"))
        if transpose:
            bits = _transpose_in1(bits)
        nph = num_fidelity_phases(fidelity)
        hi, lo = _mm_parts(bits, role, nph)
        lsb, mx = _mm_tile_stats(bits)
        return cls(hi, lo, lsb, mx)

    @classmethod
    def prepare_fast(cls, src, role: str, fidelity=MathFidelity.HiFi4, transpose: bool = False) -> "MatmulOperands":
        """prepare() in one compiled pass per tile (_nb_mm_prepare; tests/test_fpu_fast_equivalence.py checks the
        two agree bit for bit)."""
        n = len(_lead(np.asarray(src))[0])
        nph = num_fidelity_phases(fidelity)
        hi = np.empty((n, 32, 32))
        lo = np.empty((n, 32, 32)) if (nph > 2 if role == "a" else nph > 1) else None
        lsb, mx = np.empty(n, np.int64), np.empty(n)
        prepare_into(src, role, fidelity, transpose, hi, lo, lsb, mx)
        return cls(hi, lo, lsb, mx)

    def __len__(self):
        return len(self.hi)

    def take(self, idx) -> "MatmulOperands":
        return MatmulOperands(self.hi[idx], None if self.lo is None else self.lo[idx], self.lsb[idx], self.max[idx])

    @staticmethod
    def concat(items) -> "MatmulOperands":
        lo = None if items[0].lo is None else np.concatenate([x.lo for x in items])
        return MatmulOperands(np.concatenate([x.hi for x in items]), lo, np.concatenate([x.lsb for x in items]),
                              np.concatenate([x.max for x in items]))


def prepare_into(src, role: str, fidelity, transpose: bool, hi, lo, lsb, mx):
    """MatmulOperands.prepare of Src values `src` ((n, 32, 32) float32) written into the given arrays (hi, lo:
    (n, 32, 32) float64, lo None when the fidelity does not use it; lsb, mx: (n,)), by _nb_mm_prepare."""
    bits, _ = _lead(_src_bits(src, "a (in0, SrcB)" if role == "a" else "b (in1, SrcA)"))
    if transpose:
        bits = _transpose_in1(bits)
    n = len(bits)
    flat = np.ascontiguousarray(bits).reshape(n, -1)
    h = hi.reshape(n, -1)
    _nb_mm_prepare(flat, role == "a", lo is not None, h, h if lo is None else lo.reshape(n, -1), lsb, mx)


def matmul_sequence(a, b, products, dst, fidelity=MathFidelity.HiFi4, fp32_dest: bool = False,
                    transpose: bool = False) -> np.ndarray:
    """Many ``matmul_tiles`` products at once: for each row ``(d, i, j)`` of ``products``, in order,
    ``dst[d] = matmul(a[i], b[j], acc=dst[d], fidelity, fp32_dest, transpose)``. Bit for bit what those calls give
    one after the other (see the comment above this function for why), in one compiled loop.

    ``a``: (na, 32, 32) in0 Src values, ``b``: (nb, 32, 32) in1 Src values (float32, as unpack_to_src gives them;
    or MatmulOperands prepared for this fidelity and transpose); ``dst``: (nd, 32, 32) Dst bits (uint32 with
    ``fp32_dest``, else uint16); ``transpose``: in1 transposed, for all products (matmul()'s flag). Returns the new
    Dst bits (a new array)."""
    seq = MatmulSequence(a, b, products, dst, fidelity, fp32_dest, transpose)
    prods, nd = seq.prods, len(seq.out)
    cut = nd
    if _MM_THREADS > 1 and len(prods) >= _MM_SPLIT_MIN and nd > 1:
        # two disjoint ranges of Dst tiles (about half the products each), each in call order
        counts = np.bincount(prods[:, 0], minlength=nd)
        cut = min(int(np.searchsorted(np.cumsum(counts), len(prods) // 2)) + 1, nd)
    if cut < nd:
        low = prods[:, 0] < cut
        fut = _mm_pool().submit(seq.run, cut, nd, prods[~low])
        try:
            seq.run(0, cut, prods[low])
        finally:
            fut.result()
    else:
        seq.run(0, nd, prods)
    return seq.out


class MatmulSequence:
    """matmul_sequence's work, checked and set up, to be run in ranges of Dst tiles: ``run(lo, hi, part)`` computes
    the products `part` (rows of ``prods`` in call order, all on Dst tiles lo..hi - 1) and writes those tiles' new
    bits into ``out[lo:hi]``. Ranges are independent (each reads and writes only its own tiles), so they may run on
    different host threads at once; ``out`` of a range is final once its run returns. A Dst tile no product names
    keeps its bits (its FPU reading need not round-trip: exponent-255 patterns read as finite numbers and write
    back as Inf)."""

    def __init__(self, a, b, products, dst, fidelity=MathFidelity.HiFi4, fp32_dest: bool = False,
                 transpose: bool = False):
        A = a if isinstance(a, MatmulOperands) else MatmulOperands.prepare(a, "a", fidelity)
        B = b if isinstance(b, MatmulOperands) else MatmulOperands.prepare(b, "b", fidelity, transpose)
        dstc = _Dst(fp32_dest)
        d_bits = _lead(_tiles(dst, "dst", dstc.dtype))[0]
        prods = np.ascontiguousarray(products, dtype=np.int64).reshape(-1, 3)
        nph = num_fidelity_phases(fidelity)
        if len(prods) and ((nph > 2 and A.lo is None) or (nph > 1 and B.lo is None)):
            raise FpuError("matmul_sequence: the operands were prepared for a lower fidelity")
        if len(prods) and (prods.min() < 0 or prods[:, 0].max() >= len(d_bits) or prods[:, 1].max() >= len(A)
                           or prods[:, 2].max() >= len(B)):
            raise FpuError("matmul_sequence: a product names a tile outside dst, a or b")
        nd = len(d_bits)
        self.prods = prods
        self.bits = np.ascontiguousarray(d_bits).reshape(nd, -1)
        self.out = d_bits.copy()
        self.touched = np.zeros(nd, bool)
        self.touched[prods[:, 0]] = True
        # float64 readings (updated in place) and statistics of the Dst tiles
        self.D = np.empty((nd, 32, 32), np.float64)
        self.d_lsb = np.empty(nd, np.int64)
        self.d_bound = np.empty(nd, np.float64)
        self.fp32 = fp32_dest
        self.A, self.B, self.nph = A, B, nph

    def run(self, lo: int, hi: int, part) -> None:
        """The products `part` (rows of prods, all on Dst tiles lo..hi - 1) into out[lo:hi]."""
        A, B = self.A, self.B
        D = self.D
        _nb_mm_range(lo, hi, self.bits, 0 if self.fp32 else 16, D, D.reshape(len(D), -1), self.d_lsb, self.d_bound,
                     np.ascontiguousarray(part), A.hi, A.hi if A.lo is None else A.lo, B.hi,
                     B.hi if B.lo is None else B.lo, self.nph, A.lsb, A.max, B.lsb, B.max, self.fp32, self.out,
                     self.touched)


def _mm_pool():
    pool = _MM_WORK.get("pool")
    if pool is None:
        from concurrent.futures import ThreadPoolExecutor
        pool = _MM_WORK["pool"] = ThreadPoolExecutor(1, thread_name_prefix="tensix-matmul")
    return pool


# ------------------------------------------------------------------------------- packer L1 accumulation


@numba.njit(cache=True, nogil=True)
def pack_l1_accumulate_fp32_into(l1: np.ndarray, packed: np.ndarray) -> None:
    """pack_l1_accumulate for Float32 in place: l1 (float32 view of the L1 page) += packed, IEEE FP32 adds (the same
    numbers as pack_l1_accumulate, without numpy's overflow warnings for garbage in padded rows)."""
    for i in range(l1.shape[0]):
        l1[i] = l1[i] + packed[i]


PACK_L1_ACC_ROUNDING = ("IEEE FP32 addition (round to nearest even) of the L1 datum and the packed datum, both "
                        "widened to FP32 exactly, then the L1 format's narrowing as the packer rounds (BF16: nearest, "
                        "ties away from zero) (assumed: the ISA documents the accumulation stage, not its adder)")


def pack_l1_accumulate(l1_bytes, packed_bytes, fmt) -> np.ndarray:
    """The packer's L1 accumulation (tt-llk ``llk_pack_reconfig_l1_acc(1)``; ISA Packers/README.md "Accumulation, to
    perform L1 += Datum rather than L1 = Datum"): the tile bytes L1 ends up with when the packer writes
    ``packed_bytes`` (what it would write without accumulation) onto ``l1_bytes`` of format ``fmt``.
    Arithmetic: PACK_L1_ACC_ROUNDING. Float32 and Float16_b tiles are modelled (the intermediate formats ttnn's
    matmul accumulates in); other formats raise NotModelledError."""
    fmt = _fmt(fmt)
    old = np.ascontiguousarray(l1_bytes, dtype=np.uint8).reshape(-1)
    new = np.ascontiguousarray(packed_bytes, dtype=np.uint8).reshape(-1)
    if fmt == DataFormat.Float32:
        with np.errstate(all="ignore"):
            return (old.view(np.float32) + new.view(np.float32)).view(np.uint8)
    if fmt == DataFormat.Float16_b:
        a = (old.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
        b = (new.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
        with np.errstate(all="ignore"):
            bits = (a + b).view(np.uint32)
        from tensix.device.formats import fp32_to_bf16_round_away
        return fp32_to_bf16_round_away(bits).astype(np.uint16).view(np.uint8)
    raise NotModelledError(f"packer L1 accumulation into {fmt.name} tiles is not modelled (Float32 and Float16_b "
                           "are); pack the partial results in one of those formats")


# ------------------------------------------------------------------------------------------- reduce


def _dim(dim) -> str:
    key = str(getattr(dim, "name", dim)).lower().replace("reduce_", "")
    if key not in ("row", "col", "scalar"):
        raise FpuError(f"unknown reduce dim {dim!r}; use 'row' (REDUCE_ROW), 'col' or 'scalar'")
    return key


def _pool(op) -> str:
    """PoolType -> the FPU datapath: "max" (GMPOOL) or "sum" (GAPOOL).

    PoolType.AVG runs exactly the SUM datapath: tt-llk ``llk_math_reduce.h`` (``_llk_math_reduce_``) only
    distinguishes ``type == PoolType::MAX`` (GMPOOL) from everything else (GAPOOL), and
    ``llk_unpack_AB_reduce.h`` clears SrcA to zero for AVG and SUM alike; GAPOOL itself has no averaging
    (ISA ``GAPOOL.md``: ``Dst += SrcB @ SrcA``). The 1/N comes only from the caller's scaler tile: tt-metal
    ``reduce_init`` docs ask for scaler 1/N for AVG, and 1/sqrt(N) for REDUCE_SCALAR, whose scaler is applied
    twice (see :func:`reduce`). (The separate SFPU reduce, ``ckernel_sfpu_reduce.h``, does divide by 32 for
    AVG; that is not ``reduce_tile``.)
    """
    key = str(getattr(op, "name", op)).lower()
    if key == "avg":
        return "sum"
    if key not in ("sum", "max"):
        raise FpuError(
            f"unknown reduce op {op!r}; use 'sum', 'avg' or 'max' (PoolType.SUM / PoolType.AVG / PoolType.MAX)"
        )
    return key


def _src_style_tf32(in_fmt, fp32_dest: bool) -> bool:
    """True if SrcA holds TF32 (Float32 CB with fp32_dest_acc_en, tt-metal data_format.cpp), else BF16."""
    fmt = _fmt(in_fmt)
    if fmt in (DataFormat.Float16, DataFormat.Int32, DataFormat.UInt32, DataFormat.UInt16):
        raise NotModelledError(
            f"FPU reduce of {fmt.name} data is not modelled; use Float32, Float16_b or Bfp8_b tiles"
        )
    return fmt == DataFormat.Float32 and fp32_dest


def _dst_to_src(bits: np.ndarray, fp32_dest: bool, tf32: bool) -> np.ndarray:
    """MOVD2B (ISA MOVD2B.md): Dst -> SrcB truncates FP32 to TF32 (TF32 style) or BF16; a 16-bit Dst
    moves its BF16 bits unchanged. Returns FP32-layout bits of the Src value."""
    if not fp32_dest:
        return bits.astype(np.uint32) << 16
    return bits & np.uint32(0xFFFFE000 if tf32 else 0xFFFF0000)


def _gap_chunk(data: np.ndarray, s_bits: np.uint32, phase: int) -> np.ndarray:
    """One GAPOOL's result row: sum over the last axis of A_p(data) * B_p(scaler), rounded to FP32."""
    bp = _b_part(np.asarray(s_bits, dtype=np.uint32), phase)
    return _f32((_a_part(data, phase) * bp).sum(axis=-1))


# reduce() runs the compiled _nb_reduce; with REDUCE_REFERENCE set (tests) it runs the numpy model below it
# (_reduce_sum / _reduce_max), which _nb_reduce must match bit for bit (tests/test_fpu_reduce_compiled.py).
REDUCE_REFERENCE = False


@numba.njit(cache=True, inline="always")
def _nb_pairwise16(t):
    """numpy's float64 sum of 16 contiguous terms (pairwise_sum for 8 <= n <= 128: eight running sums, combined as
    ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))): the reference model's order, kept where the sum is inexact."""
    r0 = t[0] + t[8]
    r1 = t[1] + t[9]
    r2 = t[2] + t[10]
    r3 = t[3] + t[11]
    r4 = t[4] + t[12]
    r5 = t[5] + t[13]
    r6 = t[6] + t[14]
    r7 = t[7] + t[15]
    return ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))


@numba.njit(cache=True, inline="always")
def _nb_gap(vals, bp, phase, terms, tmp, tmpu):
    """_gap_chunk for one result datum: the FP32 rounding of sum_k A_phase(vals[k]) * bp (16 SrcA bit patterns)."""
    for k in range(16):
        terms[k] = _nb_part(np.int64(vals[k]), phase, True, tmp, tmpu) * bp
    return _nb_interp(_nb_f32_bits(_nb_pairwise16(terms), tmp, tmpu), tmp, tmpu)


@numba.njit(cache=True, inline="always")
def _nb_gm_key(sign, exp, man):
    return -(exp * 1024 + man) if sign == 1 else exp * 1024 + man


@numba.njit(cache=True, inline="always")
def _nb_gmpool(dbits, vals, s_bits, tf32, fp32):
    """_gm_pool for one result datum: Dst bits `dbits` and 16 SrcA bit patterns `vals` -> the new Dst bits (ISA
    GMPOOL.md: the largest of the Dst datum and the scaled Src datums, the first of equal keys as np.argmax)."""
    b = dbits if fp32 else dbits << 16
    bs = (b >> 31) & 1
    be = ((b >> 23) & 0xFF) + 127
    bm = (b >> 13) & 0x3FF
    if not fp32:
        bm &= 0x3F8
    bk = _nb_gm_key(bs, be, bm)
    e_b = (s_bits >> 23) & 0xFF
    for k in range(16):
        v = np.int64(vals[k])
        if e_b == 0:        # scaler exponent 0: "effectively minus infinity"
            ss, se, sm = 1, 0x1FF, 0x3FF
        else:
            e_a = (v >> 23) & 0xFF
            if e_a == 0:    # denormal / zero SrcA -> +0
                ss, se, sm = 0, 0, 0
            else:
                ss = (v >> 31) & 1
                se = e_a + e_b
                sm = (v >> 13) & 0x3FF
                if not tf32:
                    sm &= 0x3F8
        key = _nb_gm_key(ss, se, sm)
        if key > bk:
            bk, bs, be, bm = key, ss, se, sm
    if be == 0:
        return 0
    e8 = (be - 127) & 0xFF
    if fp32:
        return (bs << 31) | (e8 << 23) | (bm << 13)
    return (bs << 15) | (e8 << 7) | ((bm & 0x3F8) >> 3)


@numba.njit(cache=True, inline="always")
def _nb_d2s(bits, fp32, tf32):
    """_dst_to_src of one datum (MOVD2B)."""
    if not fp32:
        return bits << 16
    return bits & (0xFFFFE000 if tf32 else 0xFFFF0000)


@numba.njit(cache=True, nogil=True)
def _nb_reduce(x, d, is_max, s_bits, nph, fp32, tf32, has_acc, exact_row, out):
    """fpu.reduce after its argument handling, compiled: x (n, 32, 32) uint32 SrcA bits (not transposed), d 0 row
    / 1 col / 2 scalar, out (n, 32, 32) Dst bits holding acc (or zeros), written in place as reduce() places the
    result. The same steps as _reduce_sum / _reduce_max per result datum."""
    tmp = np.empty(1, np.float32)
    tmpu = tmp.view(np.uint32)
    vals = np.empty(16, np.int64)
    terms = np.empty(16)
    col = np.empty(16, np.int64)
    undefined = 0xFFFFFFFF if fp32 else 0xFFFF
    bps = np.empty(4)
    for p in range(nph):
        bps[p] = _nb_part(s_bits, p, False, tmp, tmpu)
    for t in range(x.shape[0]):
        xt = x[t]
        ot = out[t]
        if d != 2:
            for j in range(32):         # one result datum per row (REDUCE_ROW) or column (REDUCE_COL)
                prev = np.int64(ot[j, 0] if d == 0 else ot[0, j])
                if is_max:
                    bits = prev if has_acc else undefined
                    for h in range(2):
                        for k in range(16):
                            vals[k] = xt[j, 16 * h + k] if d == 0 else xt[16 * h + k, j]
                        bits = _nb_gmpool(bits, vals, s_bits, tf32, fp32)
                else:
                    val = _nb_read(prev, fp32, tmp, tmpu) if has_acc else 0.0
                    bits = _nb_write(val, fp32, tmp, tmpu)
                    for h in range(2):
                        for k in range(16):
                            vals[k] = xt[j, 16 * h + k] if d == 0 else xt[16 * h + k, j]
                        for p in range(nph):
                            bits = _nb_write(val + _nb_gap(vals, bps[p], p, terms, tmp, tmpu), fp32, tmp, tmpu)
                            val = _nb_read(bits, fp32, tmp, tmpu)
                if d == 0 and not exact_row:    # MOVD2B, TRNSPSRCB, ELWADD 0 + SrcB -> Dst
                    bits = _nb_write(_nb_interp(_nb_d2s(bits, fp32, tf32), tmp, tmpu), fp32, tmp, tmpu)
                if d == 0:
                    ot[j, 0] = bits
                else:
                    ot[0, j] = bits
            if d == 1 and is_max:
                for r in range(1, 4):
                    for j in range(32):
                        ot[r, j] = 0
            continue
        # REDUCE_SCALAR: four pools of the faces onto one 16-wide scratch row, moved to Src, pooled again
        prev = np.int64(ot[0, 0])
        for j in range(16):
            if is_max:
                bits = undefined
                for r0 in (0, 16):
                    for c0 in (0, 16):
                        for k in range(16):
                            vals[k] = xt[r0 + k, c0 + j]
                        bits = _nb_gmpool(bits, vals, s_bits, tf32, fp32)
            else:
                val = 0.0
                bits = 0
                for r0 in (0, 16):
                    for c0 in (0, 16):
                        for k in range(16):
                            vals[k] = xt[r0 + k, c0 + j]
                        for p in range(nph):
                            bits = _nb_write(val + _nb_gap(vals, bps[p], p, terms, tmp, tmpu), fp32, tmp, tmpu)
                            val = _nb_read(bits, fp32, tmp, tmpu)
            col[j] = _nb_d2s(bits, fp32, tf32)
        if is_max:
            res = _nb_gmpool(prev if has_acc else undefined, col, s_bits, tf32, fp32)
            for r in range(1, 4):
                for j in range(16):
                    ot[r, j] = 0
        else:
            val = _nb_read(prev, fp32, tmp, tmpu) if has_acc else 0.0
            res = _nb_write(val, fp32, tmp, tmpu)
            for p in range(nph):
                res = _nb_write(val + _nb_gap(col, bps[p], p, terms, tmp, tmpu), fp32, tmp, tmpu)
                val = _nb_read(res, fp32, tmp, tmpu)
        ot[0, 0] = res


def reduce(op, a, dim, scaler=1.0, fidelity=MathFidelity.HiFi4, fp32_dest: bool = False, acc=None,
           in_fmt=DataFormat.Float16_b, enforce_fp32_accumulation: bool = False) -> np.ndarray:
    """``reduce_tile<PoolType, ReduceDim>``: sum (GAPOOL) or max (GMPOOL) of a tile, scaled by ``scaler``.

    ``op`` "avg" (PoolType.AVG) is the sum datapath unchanged; the average comes from a 1/N scaler (1/sqrt(N)
    for REDUCE_SCALAR) that the caller puts in the scaler tile, as on Wormhole (see :func:`_pool`).

    Where the result lands (tt-llk ``llk_math_reduce.h``; tt-metal convention): REDUCE_ROW ("row", reduce
    along each row) -> column 0; REDUCE_COL ("col") -> row 0; REDUCE_SCALAR ("scalar") -> element [0, 0].
    Other positions keep ``acc`` (zeros if None), except that GMPOOL zeroes rows 1-3 under its result row
    (ISA GMPOOL.md); the scratch values tt-llk leaves beside the result (the accumulated row vector, which
    tensix.kernel.compute's reduce_tile adds and reads its running result from, transposed SrcB leftovers) are not
    modelled here: reduce_init's packer edge mask zeroes them on hardware, and a compute kernel
    that packs a reduce result without that mask gets NaN there (tensix.kernel.hwconfig.REDUCE_SCRATCH).

    - ``scaler``: the value in the scaler CB as SrcB holds it (a float; pass the unpacked Src value). Sum:
      every product ``a * scaler`` goes through the fidelity phases (data = SrcA, scaler = SrcB). Max: only
      the scaler's exponent applies, ``a * 2^(exp(scaler) - 127)``; exponent 0 gives "minus infinity"
      (ISA GMPOOL.md ``ReadAndScaleSrc``, bit-level model incl. its exponent wrap-around).
    - REDUCE_ROW moves each partial result Dst -> SrcB (MOVD2B: truncated to TF32 or BF16 Src precision)
      and back with ELWADD; REDUCE_SCALAR reduces columns first (all four faces into one 16-wide row),
      truncates that row to Src precision and pools it again, so the scaler is applied twice (tt-metal
      passes sqrt(scaler) for HW reductions for that reason).
    - ``in_fmt``: the input CB's format; decides whether SrcA holds TF32 (Float32 with fp32_dest) or BF16.
    - ``enforce_fp32_accumulation`` (tt-metal ``reduce_tile`` template flag, tt-llk ``llk_math_reduce.h``;
      needs fp32_dest): REDUCE_ROW moves its results as two 16-bit halves (MOVD2B/MOVB2D hi16/lo16), so
      nothing is truncated; tt-llk then sets the SrcA format register to Float32, i.e. BF16-style SrcA
      (ISA ELWADD.md format table): assumed here to mean Float32 data is read with 7 mantissa bits.
    - ``acc``: Dst bits before the call (None = Dst cleared: zero for sum, "undefined = minus infinity" for
      max, ISA GMPOOL.md). With ``acc`` the result accumulates onto the result positions, the logical
      contract of calling ``reduce_tile`` in a loop on one Dst tile. The scratch row of REDUCE_SCALAR is
      assumed cleared.
    Returns Dst bits.
    """
    pool, d = _pool(op), _dim(dim)
    tf32 = _src_style_tf32(in_fmt, fp32_dest)
    x_bits = _src_bits(a, "a (SrcA)")
    if enforce_fp32_accumulation:
        if not fp32_dest:
            raise FpuError(
                "reduce with enforce_fp32_accumulation needs fp32_dest_acc_en=True (tt-llk static_assert); "
                "enable fp32_dest_acc_en in the ComputeConfig or drop the flag"
            )
        if tf32:  # SrcA format register forced to Float32 -> BF16-style SrcA (assumption, see docstring)
            x_bits = x_bits & np.uint32(0xFFFF0000)
            tf32 = False
    x3, single = _lead(x_bits)
    s_bits = np.asarray(np.float32(scaler)).reshape(()).view(np.uint32)
    dst = _Dst(fp32_dest)
    n = x3.shape[0]
    if acc is None:
        out = np.zeros((n, 32, 32), dtype=dst.dtype)
    else:
        a_ = _tiles(acc, "acc", dst.dtype)
        out = np.broadcast_to(_lead(a_)[0], (n, 32, 32)).copy()
    exact_row = enforce_fp32_accumulation
    if not REDUCE_REFERENCE:
        _nb_reduce(np.ascontiguousarray(x3), ("row", "col", "scalar").index(d), pool == "max", int(s_bits),
                   num_fidelity_phases(fidelity), fp32_dest, tf32, acc is not None, exact_row, out)
        return out[0] if single else out
    if d == "row":
        x3 = x3.transpose(0, 2, 1)  # the unpacker transposes each face; rows become columns
    if pool == "sum":
        res = _reduce_sum(x3, d, s_bits, fidelity, dst, tf32, out, acc is not None, exact_row)
    else:
        res = _reduce_max(x3, d, s_bits, dst, tf32, out, acc is not None, exact_row)
    if d == "row":
        out[:, :, 0] = res
    elif d == "col":
        if pool == "max":
            out[:, 1:4, :] = 0
        out[:, 0, :] = res
    else:
        if pool == "max":
            out[:, 1:4, 0:16] = 0
        out[:, 0, 0] = res
    return out[0] if single else out


def _reduce_sum(x3, d, s_bits, fidelity, dst: _Dst, tf32: bool, out, has_acc, exact_row: bool):
    phases = num_fidelity_phases(fidelity)
    if d in ("row", "col"):
        # x3[:, i, j] reduced over i (rows after the transpose for REDUCE_ROW); result per column j.
        prev = out[:, :, 0] if d == "row" else out[:, 0, :]
        val = dst.read(prev) if has_acc else np.zeros(prev.shape)
        bits = dst.write(val)
        for rows in (slice(0, 16), slice(16, 32)):
            chunk = np.moveaxis(x3[:, rows, :], 1, -1)  # (n, 32 columns, 16 summed values)
            for p in range(phases):
                bits, val = dst.accumulate(val, _gap_chunk(chunk, s_bits, p))
        if d == "row" and not exact_row:  # MOVD2B (Src precision), TRNSPSRCB, ELWADD 0 + SrcB -> Dst
            bits = dst.write(_interp(_dst_to_src(bits, dst.fp32, tf32)))
        return bits
    # REDUCE_SCALAR: 4 GAPOOLs into a scratch row (all faces onto the same 16 columns)
    faces = [x3[:, r:r + 16, c:c + 16] for r in (0, 16) for c in (0, 16)]
    val = np.zeros((x3.shape[0], 16))
    bits = dst.write(val)
    for f in faces:
        chunk = np.moveaxis(f, 1, -1)  # (n, 16 columns, 16 rows)
        for p in range(phases):
            bits, val = dst.accumulate(val, _gap_chunk(chunk, s_bits, p))
    col = _dst_to_src(bits, dst.fp32, tf32)  # (n, 16) now a SrcA column
    r = dst.read(out[:, 0, 0]) if has_acc else np.zeros(x3.shape[0])
    rbits = dst.write(r)
    for p in range(phases):
        rbits, r = dst.accumulate(r, _gap_chunk(col, s_bits, p))
    return rbits


# GMPOOL datum = (sign, 9-bit exponent, 10-bit magnitude/mantissa), compared as
# sign * (exponent * 1024 + mantissa) (ISA GMPOOL.md AsComparable).


def _gm_src(bits: np.ndarray, s_bits, tf32: bool):
    """ISA GMPOOL.md ``ReadAndScaleSrc`` for TF32/BF16-style SrcA values (FP32-layout bits)."""
    e_a = ((bits >> 23) & 0xFF).astype(np.int64)
    man = ((bits >> 13) & 0x3FF).astype(np.int64)
    if not tf32:
        man &= 0x3F8
    sign = (bits >> 31).astype(np.int64)
    e_b = int((int(s_bits) >> 23) & 0xFF)
    if e_b == 0:  # scaler exponent 0: "effectively minus infinity"
        return np.ones_like(sign), np.full_like(e_a, 0x1FF), np.full_like(man, 0x3FF)
    zero = e_a == 0  # denormal / zero SrcA -> +0
    return (np.where(zero, 0, sign), np.where(zero, 0, e_a + e_b), np.where(zero, 0, man))


def _gm_read_dst(bits: np.ndarray, fp32_dest: bool):
    """ISA GMPOOL.md ``ReadDst`` (TF32 style in a 32-bit Dst, BF16 in a 16-bit Dst)."""
    b = bits.astype(np.uint32) if fp32_dest else bits.astype(np.uint32) << 16
    sign = (b >> 31).astype(np.int64)
    exp = ((b >> 23) & 0xFF).astype(np.int64) + 127
    man = ((b >> 13) & 0x3FF).astype(np.int64)
    if not fp32_dest:
        man &= 0x3F8
    return sign, exp, man


def _gm_write_dst(sign, exp, man, fp32_dest: bool) -> np.ndarray:
    """ISA GMPOOL.md ``WriteDst``: exponent 0 -> 0; else (exponent - 127) & 0xff (wraps if scaled)."""
    zero = exp == 0
    e8 = ((exp - 127) & 0xFF).astype(np.uint32)
    if fp32_dest:
        b = (sign.astype(np.uint32) << 31) | (e8 << 23) | (man.astype(np.uint32) << 13)
        return np.where(zero, np.uint32(0), b).astype(np.uint32)
    b = (sign.astype(np.uint32) << 15) | (e8 << 7) | ((man.astype(np.uint32) & 0x3F8) >> 3)
    return np.where(zero, np.uint32(0), b).astype(np.uint16)


def _gm_pool(dst_bits, src_bits, s_bits, tf32: bool, fp32_dest: bool) -> np.ndarray:
    """One GMPOOL per column: max of the Dst datum and 16 scaled Src datums along the last axis."""
    ds, de, dm = _gm_read_dst(dst_bits, fp32_dest)
    ss, se, sm = _gm_src(src_bits, s_bits, tf32)
    sign = np.concatenate([ds[..., None], ss], axis=-1)
    exp = np.concatenate([de[..., None], se], axis=-1)
    man = np.concatenate([dm[..., None], sm], axis=-1)
    key = np.where(sign == 1, -1, 1) * (exp * 1024 + man)
    # ">=" keeps the last of equal keys; equal keys are identical datums, so argmax is the same value.
    k = np.argmax(key, axis=-1)[..., None]
    pick = lambda v: np.take_along_axis(v, k, axis=-1)[..., 0]  # noqa: E731
    return _gm_write_dst(pick(sign), pick(exp), pick(man), fp32_dest)


def _reduce_max(x3, d, s_bits, dst: _Dst, tf32: bool, out, has_acc, exact_row: bool):
    undefined = np.uint32(0xFFFFFFFF) if dst.fp32 else np.uint16(0xFFFF)  # ZEROACC'd rows read as -inf
    n = x3.shape[0]
    if d in ("row", "col"):
        prev = (out[:, :, 0] if d == "row" else out[:, 0, :]) if has_acc else np.full((n, 32), undefined)
        bits = prev.astype(dst.dtype)
        for rows in (slice(0, 16), slice(16, 32)):
            bits = _gm_pool(bits, np.moveaxis(x3[:, rows, :], 1, -1), s_bits, tf32, dst.fp32)
        if d == "row" and not exact_row:
            bits = dst.write(_interp(_dst_to_src(bits, dst.fp32, tf32)))
        return bits
    bits = np.full((n, 16), undefined)
    for r in (0, 16):
        for c in (0, 16):
            bits = _gm_pool(bits, np.moveaxis(x3[:, r:r + 16, c:c + 16], 1, -1), s_bits, tf32, dst.fp32)
    col = _dst_to_src(bits, dst.fp32, tf32)
    prev = out[:, 0, 0] if has_acc else np.full(n, undefined)
    return _gm_pool(prev.astype(dst.dtype), col, s_bits, tf32, dst.fp32)
