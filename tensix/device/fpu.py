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
- **16-bit Dst rounding** (``RoundToBF16`` in the ISA pages is not defined): chosen as round to nearest,
  ties away from zero, the rounding the ISA documents for FP32 -> BF16 narrowing in the packers
  (``Packers/FormatConversion.md``). See ``DST_BF16_ROUNDING``.

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

DST_BF16_ROUNDING = "round to nearest, ties away from zero (assumed; ISA RoundToBF16 is undefined)"

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
    exponent 255 -> (1 + m/2^23) * 2^128 (finite), everything else its IEEE value."""
    b = np.ascontiguousarray(bits, dtype=np.uint32)
    with np.errstate(invalid="ignore"):  # NaN patterns are replaced below
        v = b.view(np.float32).astype(np.float64)
    mag = b & np.uint32(0x7FFFFFFF)
    denormal = (mag - np.uint32(1)) < np.uint32(0x7FFFFF)  # exponent 0, mantissa != 0 (0 wraps around)
    special = mag >= np.uint32(0x7F800000)  # exponent 255
    if denormal.any() or special.any():  # rare: fix up only when present (keeps the common path fast)
        neg = (b >> 31) == 1
        big = (1.0 + (b & 0x7FFFFF).astype(np.float64) * 2.0**-23) * 2.0**128
        v = np.where(special, np.where(neg, -big, big), v)
        v = np.where(denormal, np.where(neg, -0.0, 0.0), v)
    return v


def _to_f32_bits(v: np.ndarray) -> np.ndarray:
    """float64 -> FP32 bits: round to nearest-even, overflow -> Inf pattern, denormal results -> signed 0."""
    with np.errstate(over="ignore"):
        b = np.ascontiguousarray(v, dtype=np.float64).astype(np.float32).view(np.uint32)
    denormal = ((b & np.uint32(0x7FFFFFFF)) - np.uint32(1)) < np.uint32(0x7FFFFF)
    if denormal.any():
        b = np.where(denormal, b & np.uint32(0x80000000), b)
    return b


def _round_bf16(bits: np.ndarray) -> np.ndarray:
    """FP32 bits -> BF16 bits for a 16-bit Dst (DST_BF16_ROUNDING); exponent 0 -> signed zero."""
    b = np.asarray(bits, dtype=np.uint32)
    sign = (b >> 16) & 0x8000
    mag = b & 0x7FFFFFFF
    r = ((mag + np.uint32(0x8000)) >> 16) | sign
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
    return (((u & 0x7FFFFFFF) + 0x8000) >> 16) | sign  # DST_BF16_ROUNDING


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
#   slices, which OpenBLAS evaluates per slice as a sequential fused-multiply-add over k = 0..15 (checked against
#   an explicit sequential loop on operands of huge exponent range, where another summation order differs in 11%
#   of the elements; tests/test_matmul_batch.py keeps checking it). The products are exact in float64 (at most 5 x
#   7 significant bits), so a plain 2-D float64 gemm with K = 16 over many tiles at once, which OpenBLAS also
#   accumulates sequentially in k, gives the same sums: one gemm per (group of tiles, phase, K chunk).
# - The Dst accumulation is a sequence per Dst datum: for each product in order, for each phase, for each K chunk,
#   d <- write(d + f32(sum)). Datums are independent, so the sequences of many tiles run side by side; products
#   on one Dst tile keep their order (waves: the k-th product of every Dst tile is in wave k).
# - The fast accumulation kernel computes float32(d + float64(float32(sum))) (then the BF16 rounding for a 16-bit
#   Dst), which is write(d + x) whenever no value is denormal or out of FP32 range. It is only used for tiles where
#   that is guaranteed: every operand value, sum and Dst value is then a multiple of 2^L with L the sum of the two
#   operand tiles' least significant bit exponents (Dst too), so with L >= -126 a nonzero |value| is never below
#   the smallest normal; and a bound on |Dst| keeps it below 2^126. Anything else runs the exact kernel, which is
#   the element-wise model of _Dst with the FPU's reading of exponent 0 and 255 (_nb_interp, _nb_write).

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


@numba.njit(cache=True, nogil=True)
def _nb_mm_stats(bits, lsb, mx):
    """Per tile of FP32-layout bits (n, 1024): the exponent of the least significant set bit of the FPU's reading
    over its nonzero values (1 << 20 for an all-zero tile) and the largest |reading| (exponent 255 reads as
    (1 + m / 2^23) * 2^128, exponent 0 as zero)."""
    for t in range(bits.shape[0]):
        lo = 1 << 20
        hi = 0.0
        for k in range(bits.shape[1]):
            b = np.int64(bits[t, k])
            e = (b >> 23) & 0xFF
            if e == 0:
                continue
            sig = (b & 0x7FFFFF) | 0x800000
            z = int(math.log2(sig & -sig))     # trailing zeros (a power of two: log2 is exact)
            e2 = (128 if e == 255 else e - 127) - 23 + z
            if e2 < lo:
                lo = e2
            v = math.ldexp(sig * 1.0, (128 if e == 255 else e - 127) - 23)
            if v > hi:
                hi = v
        lsb[t] = lo
        mx[t] = hi


def _mm_tile_stats(bits32: np.ndarray):
    """(least significant bit exponents, largest magnitudes) of (n, 32, 32) FP32-layout bit tiles (_nb_mm_stats)."""
    flat = np.ascontiguousarray(bits32, dtype=np.uint32).reshape(len(bits32), -1)
    lsb = np.empty(len(flat), np.int64)
    mx = np.empty(len(flat), np.float64)
    _nb_mm_stats(flat, lsb, mx)
    return lsb, mx


@numba.njit(cache=True, nogil=True)
def _nb_mm_acc_fast(C, prods, D, fp32):
    """d <- write(d + f32(C block)) for each product (dst, row tile, column tile) of a gemm result C, valid only
    where no value is denormal or out of FP32 range (see the comment above). D: (nd, 32, 32) float64 readings.
    (Row views keep the inner loops free of index wrap-around checks, so LLVM vectorizes them.)"""
    t32 = np.empty(32, np.float32)
    tb = t32.view(np.uint32)
    for q in range(prods.shape[0]):
        dt = prods[q, 0]
        r0 = prods[q, 1] * 32
        c0 = prods[q, 2] * 32
        for i in range(32):
            drow = D[dt, i]
            crow = C[r0 + i, c0:c0 + 32]
            if fp32:
                for j in range(32):
                    drow[j] = np.float64(np.float32(drow[j] + np.float64(np.float32(crow[j]))))
            else:
                for j in range(32):
                    t32[j] = np.float32(drow[j] + np.float64(np.float32(crow[j])))
                for j in range(32):   # DST_BF16_ROUNDING (no exponent-0 case can arise here)
                    b = tb[j]
                    tb[j] = ((((b & np.uint32(0x7FFFFFFF)) + np.uint32(0x8000)) >> np.uint32(16)) << np.uint32(16)) \
                        | (b & np.uint32(0x80000000))
                for j in range(32):
                    drow[j] = np.float64(t32[j])


@numba.njit(cache=True, nogil=True)
def _nb_mm_acc_exact(C, prods, D, fp32):
    """The same steps with the full number model of matmul() (exponent 0 and 255, overflow, denormal flushing)."""
    tmp = np.empty(1, np.float32)
    tmpu = tmp.view(np.uint32)
    ncol = C.shape[1]
    for q in range(prods.shape[0]):
        dt = prods[q, 0]
        r0 = prods[q, 1] * 32
        c0 = prods[q, 2] * 32
        for i in range(32):
            for j in range(32):
                x = _nb_interp(_nb_f32_bits(C[r0 + i, c0 + j], tmp, tmpu), tmp, tmpu)
                o = _nb_write(D[dt, i, j] + x, fp32, tmp, tmpu)
                D[dt, i, j] = _nb_read(o, fp32, tmp, tmpu)


@numba.njit(cache=True, nogil=True)
def _nb_mm_write(D, fp32, out):
    tmp = np.empty(1, np.float32)
    tmpu = tmp.view(np.uint32)
    Df = D.reshape(-1)
    of = out.reshape(-1)
    for i in range(Df.size):
        of[i] = _nb_write(Df[i], fp32, tmp, tmpu)


def _mm_rectangles(a_idx: np.ndarray, b_idx: np.ndarray):
    """Cover the (a, b) pairs of one wave with rectangles of a tiles x b tiles, each one gemm per phase and K chunk:
    the whole wave's a tiles x b tiles when at least half of those pairs are wanted (cores that share operands, as
    a multicast block shares them, make it dense; the pairs nobody wants are computed and dropped), else the a tiles
    that pair with the same set of b tiles, times that set. Yields (a list, b list, positions of the pairs in the
    wave, their row and column in the rectangle)."""
    ua, ra = np.unique(a_idx, return_inverse=True)
    ub, rb = np.unique(b_idx, return_inverse=True)
    if 2 * len(a_idx) >= len(ua) * len(ub):
        yield ua.tolist(), ub, np.arange(len(a_idx)), ra.astype(np.int64), rb.astype(np.int64)
        return
    order = np.lexsort((b_idx, a_idx))
    sa = a_idx[order]
    bounds = np.flatnonzero(np.r_[True, sa[1:] != sa[:-1], True])
    groups: dict = {}
    for s0, s1 in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
        sel = order[s0:s1]
        key = b_idx[sel]
        if len(key) > 1 and (key[1:] == key[:-1]).any():
            key = np.unique(key)
        groups.setdefault(key.tobytes(), (key, []))[1].append((int(sa[s0]), sel))
    for key, members in groups.values():
        a_list = [a for a, _ in members]
        where = np.concatenate([sel for _, sel in members])
        rows = np.repeat(np.arange(len(members), dtype=np.int64), [len(sel) for _, sel in members])
        cols = np.searchsorted(key, b_idx[where]).astype(np.int64)
        yield a_list, key, where, rows, cols


_MM_WORK: dict = {}
# host threads for the gemms and kernels of a wave (TENSIX_THREADS overrides the machine's CPU count, as for the SFPU
# batches); both release the GIL
_MM_THREADS = min(2, int(os.environ.get("TENSIX_THREADS", 0)) or (
    len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)))


def _blas_local_threads():
    """OpenBLAS's openblas_set_num_threads_local (numpy's bundled scipy-openblas, OpenBLAS >= 0.3.27), or None. The
    gemms here are small (K = 16): threads cost more than they give, and on a machine whose cores are busy they
    wait for each other; matmul_sequence runs them on the calling thread alone."""
    fn = _MM_WORK.get("blas_threads", False)
    if fn is False:
        fn = None
        try:
            import ctypes
            import glob
            import os
            libdir = os.path.join(os.path.dirname(np.__file__), "..", "numpy.libs")
            for path in glob.glob(os.path.join(libdir, "libscipy_openblas*.so")) + \
                    glob.glob(os.path.join(libdir, "libopenblas*.so")):
                lib = ctypes.CDLL(path)
                f = getattr(lib, "openblas_set_num_threads_local", None)
                if f is not None:
                    f.restype = ctypes.c_int
                    f.argtypes = [ctypes.c_int]
                    fn = f
                    break
        except OSError:
            fn = None
        _MM_WORK["blas_threads"] = fn
    return fn
_MM_BLOCK = 16          # tiles per side of a gemm at most (its result, 512 x 512 doubles, stays in cache)


def _mm_buffer(shape, slot=0) -> np.ndarray:
    """A reused float64 work array of at least this size for thread `slot` (fresh multi-megabyte arrays cost page
    faults)."""
    n = shape[0] * shape[1]
    buf = _MM_WORK.get(("sums", slot))
    if buf is None or buf.size < n:
        buf = _MM_WORK[("sums", slot)] = np.empty(max(n, 1 << 16))
    return buf[:n].reshape(shape)


class MatmulOperands:
    """Operand tiles prepared for matmul_sequence: their phase parts for the fidelity (float64, (n, 32, 32) each;
    None where the fidelity does not use them) and per tile the exponent of the least significant set bit and the
    largest magnitude (which decide whether the fast accumulation kernel is exact, see above). ``role`` "a": in0 tiles
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

    def __len__(self):
        return len(self.hi)

    def take(self, idx) -> "MatmulOperands":
        return MatmulOperands(self.hi[idx], None if self.lo is None else self.lo[idx], self.lsb[idx], self.max[idx])

    @staticmethod
    def concat(items) -> "MatmulOperands":
        lo = None if items[0].lo is None else np.concatenate([x.lo for x in items])
        return MatmulOperands(np.concatenate([x.hi for x in items]), lo, np.concatenate([x.lsb for x in items]),
                              np.concatenate([x.max for x in items]))


def matmul_sequence(a, b, products, dst, fidelity=MathFidelity.HiFi4, fp32_dest: bool = False,
                    transpose: bool = False) -> np.ndarray:
    """Many ``matmul_tiles`` products at once: for each row ``(d, i, j)`` of ``products``, in order,
    ``dst[d] = matmul(a[i], b[j], acc=dst[d], fidelity, fp32_dest, transpose)``. Bit for bit what those calls give
    one after the other (see the comment above this function for why), in a few large float64 gemms.

    ``a``: (na, 32, 32) in0 Src values, ``b``: (nb, 32, 32) in1 Src values (float32, as unpack_to_src gives them;
    or MatmulOperands prepared for this fidelity and transpose); ``dst``: (nd, 32, 32) Dst bits (uint32 with
    ``fp32_dest``, else uint16); ``transpose``: in1 transposed, for all products (matmul()'s flag). Returns the new
    Dst bits (a new array)."""
    A = a if isinstance(a, MatmulOperands) else MatmulOperands.prepare(a, "a", fidelity)
    B = b if isinstance(b, MatmulOperands) else MatmulOperands.prepare(b, "b", fidelity, transpose)
    dstc = _Dst(fp32_dest)
    d_bits = _lead(_tiles(dst, "dst", dstc.dtype))[0]
    prods = np.asarray(products, dtype=np.int64).reshape(-1, 3)
    nph = num_fidelity_phases(fidelity)
    if len(prods) == 0:
        return d_bits.copy()
    if (nph > 2 and A.lo is None) or (nph > 1 and B.lo is None):
        raise FpuError("matmul_sequence: the operands were prepared for a lower fidelity")
    if prods.min() < 0 or prods[:, 0].max() >= len(d_bits) or prods[:, 1].max() >= len(A) \
            or prods[:, 2].max() >= len(B):
        raise FpuError("matmul_sequence: a product names a tile outside dst, a or b")
    # float64 readings (updated in place) and statistics of the Dst tiles; all-zero tiles (a fresh section: the usual
    # case) read as +0.0 with the statistics _nb_mm_stats gives them, without converting them
    nz = d_bits.reshape(len(d_bits), -1).any(axis=1)
    if nz.all():
        D = dstc.read(d_bits)
        d_lsb, d_bound = _mm_tile_stats(d_bits if fp32_dest else d_bits.astype(np.uint32) << 16)
    else:
        D = np.zeros(d_bits.shape, np.float64)
        d_lsb = np.full(len(d_bits), 1 << 20, np.int64)
        d_bound = np.zeros(len(d_bits), np.float64)
        if nz.any():
            nzb = d_bits[nz]
            D[nz] = dstc.read(nzb)
            d_lsb[nz], d_bound[nz] = _mm_tile_stats(nzb if fp32_dest else nzb.astype(np.uint32) << 16)
    # waves: the k-th product of each Dst tile
    dcol = prods[:, 0]
    order = np.argsort(dcol, kind="stable")
    pos = np.empty(len(prods), np.int64)
    sd = dcol[order]
    first = np.r_[True, sd[1:] != sd[:-1]]
    run_start = np.maximum.accumulate(np.where(first, np.arange(len(sd)), 0))
    pos[order] = np.arange(len(sd)) - run_start
    set_threads = _blas_local_threads()
    before = set_threads(1) if set_threads is not None else None
    try:
        _mm_waves(prods, pos, nph, A.hi, A.lo, B.hi, B.lo, A.lsb, A.max, B.lsb, B.max, d_lsb, d_bound, D, fp32_dest)
    finally:
        if before is not None:
            set_threads(before)
    out = np.empty_like(d_bits)
    _nb_mm_write(D, fp32_dest, out)
    return out


def _mm_waves(prods, pos, nph, a_hi, a_lo, b_hi, b_lo, a_lsb, a_max, b_lsb, b_max, d_lsb, d_bound, D, fp32_dest):
    """The waves of matmul_sequence: each wave's rectangles are cut into units of at most _MM_BLOCK x _MM_BLOCK tiles
    (a gemm's result stays in cache for the kernel); a unit runs one gemm per phase and K chunk, each followed by
    the accumulation kernel. The units of a wave touch distinct Dst tiles, so with two host CPUs half of them run
    on a second thread (gemm and kernels release the GIL)."""
    a_stack = [a_hi] + ([a_lo] if nph > 2 else [])      # phase p multiplies a part p >> 1 by b part p & 1
    b_stack = [b_hi] + ([b_lo] if nph > 1 else [])
    for w in range(int(pos.max()) + 1):
        wave = prods[pos == w]
        units = []
        for a_list, b_list, where, rows, cols in _mm_rectangles(wave[:, 1], wave[:, 2]):
            dsts = wave[where, 0]
            na, nb = len(a_list), len(b_list)
            step = 16.0 * 2 * nph * float(a_max[a_list].max()) * float(b_max[b_list].max())
            lsb = int(a_lsb[a_list].min()) + int(b_lsb[b_list].min())
            fast = lsb >= _MM_LSB_FLOOR and bool((d_lsb[dsts] >= _MM_LSB_FLOOR).all()) \
                and bool((d_bound[dsts] + step < _MM_MAX_BOUND).all())
            d_bound[dsts] += step
            if not fast:
                d_lsb[dsts] = -(1 << 20)     # the exact kernel may leave anything: later steps stay exact
            bw = _MM_BLOCK
            if _MM_THREADS > 1 and na * nb >= 16 and na <= _MM_BLOCK and nb <= _MM_BLOCK:
                bw = max(1, -(-nb // 2))     # one unit otherwise: split its columns over the two threads
            for r0 in range(0, na, _MM_BLOCK):
                for c0 in range(0, nb, bw):
                    sel = (rows >= r0) & (rows < r0 + _MM_BLOCK) & (cols >= c0) & (cols < c0 + bw)
                    if not sel.any():
                        continue
                    rp = np.stack([dsts[sel], rows[sel] - r0, cols[sel] - c0], axis=1)
                    units.append((rp, a_list[r0:r0 + _MM_BLOCK], b_list[c0:c0 + bw], fast))
        if _MM_THREADS > 1 and len(units) > 1:
            half = len(units) // 2
            fut = _mm_pool().submit(_mm_units, units[half:], a_stack, b_stack, nph, D, fp32_dest, 1)
            try:
                _mm_units(units[:half], a_stack, b_stack, nph, D, fp32_dest, 0)
            finally:
                fut.result()
        else:
            _mm_units(units, a_stack, b_stack, nph, D, fp32_dest, 0)


def _mm_units(units, a_stack, b_stack, nph, D, fp32_dest, slot):
    set_threads = _blas_local_threads() if slot else None
    before = set_threads(1) if set_threads is not None else None
    try:
        for rp, al, bl, fast in units:
            acc = _nb_mm_acc_fast if fast else _nb_mm_acc_exact
            mats_a = [x[al].reshape(-1, 32) for x in a_stack]
            mats_b = [x[bl].transpose(1, 0, 2).reshape(32, -1) for x in b_stack]
            work = _mm_buffer((mats_a[0].shape[0], mats_b[0].shape[1]), slot)
            for p in range(nph):
                ma, mb = mats_a[p >> 1], mats_b[p & 1]
                for k in (slice(0, 16), slice(16, 32)):
                    np.matmul(ma[:, k], mb[k, :], out=work)
                    acc(work, rp, D, fp32_dest)
    finally:
        if before is not None:
            set_threads(before)


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


def reduce(op, a, dim, scaler=1.0, fidelity=MathFidelity.HiFi4, fp32_dest: bool = False, acc=None,
           in_fmt=DataFormat.Float16_b, enforce_fp32_accumulation: bool = False) -> np.ndarray:
    """``reduce_tile<PoolType, ReduceDim>``: sum (GAPOOL) or max (GMPOOL) of a tile, scaled by ``scaler``.

    ``op`` "avg" (PoolType.AVG) is the sum datapath unchanged; the average comes from a 1/N scaler (1/sqrt(N)
    for REDUCE_SCALAR) that the caller puts in the scaler tile, as on Wormhole (see :func:`_pool`).

    Where the result lands (tt-llk ``llk_math_reduce.h``; tt-metal convention): REDUCE_ROW ("row", reduce
    along each row) -> column 0; REDUCE_COL ("col") -> row 0; REDUCE_SCALAR ("scalar") -> element [0, 0].
    Other positions keep ``acc`` (zeros if None), except that GMPOOL zeroes rows 1-3 under its result row
    (ISA GMPOOL.md); the scratch values tt-llk leaves beside the result (the accumulated row vector, transposed
    SrcB leftovers) are not modelled: reduce_init's packer edge mask zeroes them on hardware, and a compute kernel
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
    if d == "row":
        x3 = x3.transpose(0, 2, 1)  # the unpacker transposes each face; rows become columns
    exact_row = enforce_fp32_accumulation
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
