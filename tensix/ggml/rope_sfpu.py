"""GGML's RoPE computed on the SFPU: seed 000's compute kernel as SFPI functions on Dst, for all of GGML's
NORMAL/NEOX semantics, with three numerical variants.

One *work item* is what seed 000's compute kernel does between ``tile_regs_acquire`` and ``tile_regs_commit``
(facts sheet section 6, "Kernels"); :func:`rope_tile` transforms Dst in place:

==========  ============================  ========================================  ====================
variant   test-backend-ops grid,        seed config D=2048, n_dims=256, 32 heads:  SFPU instructions
          pos < 512: worst NMSE         pos 1000 pass / max err; 0..4096 max err   per NEOX work item
========  ============================  ========================================  ====================
exp_21f   2.9e-2 (always-run shapes)    85.8% / 1.46;   2.69                      1100 (per-row 3137)
exp_24f   8.9e-6                        100% / 0.029;   0.109 (99.95% at 4096)    1320 (per-row 3357)
accurate  2.6e-10 (all five modes)      100% / 8.2e-5;  6.4e-4 (NMSE <= 2.8e-9)   529 (per-row 2920)
========  ============================  ========================================  ====================

(pass = share of rotated elements within 0.1 of the reference, the seed harness's criterion.) The accurate
variant's remaining error is theta's float32 rounding (pos * F[k] against GGML's product started at pos); it
is also the shortest program, since the table replaces the exponential.

Validity (what the kernels compute outside is what the hardware would: wrong): the exp variants reduce with
``float_to_int16``, so ``pos * freq / pi`` must stay below 32767.5 half-turns (positions below ~102900 at
freq_scale 1); the accurate variant needs ``|theta| < pi * 2**22`` and is accurate to ~1e-7 while
``|theta| < 2e5`` (n*PI_A exact).

GGML parameters (reference ggml_rope.md A.2; facts sheet section 7):

* ``freq_base``: ``ln(base)`` in ``vConstFloatPrgm0`` (seed: ``FREQ_BASE_LOG``), ``ln(pi)`` in Prgm1, ``2/n_dims``
  in Prgm2 (computed once on the RISC-V: soft-float, seed "Hoisting the floating point division").
* ``freq_scale``, ``ext_factor`` and the YaRN ramp with corr dims ``(lo, hi)``: the frequency is multiplied by
  ``freq_scale*(1-rm) + rm`` with ``rm = ext_factor * (1 - clamp((k - lo) * inv_span, 0, 1))``,
  ``inv_span = 1/max(0.001, hi - lo)`` (RISC-V); mathematically GGML's ``theta_interp*(1-rm) + theta_extrap*rm``.
* ``attn_factor`` (and YaRN's ``1 + 0.1*ln(1/freq_scale)``) as ``mscale``: cos and sin are multiplied by it.
* freq factors: ``freq *= 1/ff[k]`` with an SFPU Newton reciprocal of the Dst tile 3 value (the fork used
  ``_reciprocal_compat_<8>``); for ``"accurate"`` they are folded into the table.
* backward (``ggml_rope_ext_back``): sin is multiplied by ``-mscale`` instead of ``mscale``.
* MROPE / IMROPE / VISION: all pairs of a section use that section's position (and VISION restarts the
  exponent at each section). The kernel is unchanged: the host runs a work item once per section that its
  32 columns touch, with that section's position (and, for VISION, ``col_offset - section_start`` so the
  exponent restarts; for "accurate" the table already encodes it), and keeps only that section's columns.
  :func:`rope_sfpu` does this for MROPE, IMROPE and VISION (VISION pairs are (k, k + n_dims), a NEOX layout
  with half-width n_dims); VISION with YaRN on the exp variants is not modelled (the ramp would see the
  shifted index) and raises NotModelledError.

Everything here is float32 in Dst (``fp32_dest_acc_en=true``, as seed 000's kernel requires); inputs are GGML
F32 tensors. F16 tensors and ``n_offs`` (``ggml_rope_set_offset``) raise NotModelledError in :func:`rope_sfpu`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from tensix.errors import NotModelledError, SfpiError
from tensix.ggml import rope as _ref
from tensix.ggml.rope import (
    ROPE_TYPE_IMROPE,
    ROPE_TYPE_MROPE,
    ROPE_TYPE_NORMAL,
    ROPE_TYPE_VISION,
    RopeArgumentError,
)
from tensix.sfpi import (
    abs as vabs,
    dst_reg,
    exexp,
    exexp_nodebias,
    int32_to_float,
    reinterpret,
    setexp,
    sfpi_inline,
    subvec_transp,
    v_elseif,
    v_if,
    vConstFloatPrgm0,
    vConstFloatPrgm1,
    vConstFloatPrgm2,
    vConstTileId,
    vFloat,
    vInt,
    vUInt,
)
from tensix.sfpi.lib import exp_21f, exp_24f, sfpu_sinpi, vector_sin_phase
from tensix.sfpi.runner import compiled_for
from tensix.sfpu import dst as dstmod
from tensix.sfpu import isa
from tensix.sfpu.execute import execute
from tensix.sfpu.state import SfpuState

VARIANTS = ("exp_21f", "exp_24f", "accurate")
MODES = ("neox", "normal")

LN_PI = 1.1447298526763916  # float32(ln(pi)), seed 000's vConstFloatPrgm1 = 1.14472988585f
INV_PI = 0.31830987334251404  # float32(1/pi)
# Cody-Waite split of pi: 8 + 12 significant bits, then the float32 remainder; A+B+C = pi - 3.6e-15.
PI_A = 3.140625
PI_B = 0.0009675025939941406
PI_C = 1.5099580252808664e-07
ROUND_MAGIC = 12582912.0  # 1.5 * 2**23: adding it rounds |x| < 2**22 to an integer (RNE), kept in the mantissa

# Dst scratch layout (dst_reg indices; tile t starts at 32*t)
SIN_BASE = 64  # shared position: sin of column group q
COS_BASE = 68  # shared position: cos of column group q
POS_BASE = 64  # per-row: position of row group r (tile rows 4r .. 4r+3)
FREQ_BASE = 72  # per-row, exp variants: frequency of column group q
COL_TILE = 96  # Dst tile 3: per-column values (freq factors or the accurate table)


@dataclass(frozen=True)
class RopeKernel:
    """The compile-time shape of the kernel (C++ template parameters / defines of seed 000's kernel)."""

    mode: str = "neox"  # "neox" (pairs k, k + n_dims/2 in tiles 0/1) or "normal" (pairs 2k, 2k+1 in tile 0)
    variant: str = "exp_24f"  # "exp_21f", "exp_24f" or "accurate"
    per_row: bool = False  # one position per tile row (32 positions) instead of one per tile
    freq_factors: bool = False  # exp variants: divide by the ff tile in Dst tile 3
    yarn: bool = False  # exp variants: ext_factor != 0 (YaRN ramp mix)

    def __post_init__(self):
        if self.mode not in MODES:
            raise SfpiError(f"RopeKernel: mode is one of {MODES}, not {self.mode!r}")
        if self.variant not in VARIANTS:
            raise SfpiError(f"RopeKernel: variant is one of {VARIANTS}, not {self.variant!r}")

    @property
    def column_groups(self) -> tuple:
        """(face column fc, parity h) of each distinct column vector: NEOX 4, NORMAL 2 (the even column)."""
        return ((0, 0), (0, 1), (1, 0), (1, 1)) if self.mode == "neox" else ((0, 0), (1, 0))


# ------------------------------------------------------------------------------------------------------------
# SFPU routines
# ------------------------------------------------------------------------------------------------------------
@sfpi_inline
def reciprocal_positive(x):
    """1/x for positive normal x: mantissa m in [1, 2) by SFPSETEXP, linear guess 24/17 - 8/17 m (max
    relative error 1/17), three Newton steps y *= 2 - m*y (fused SFPMADs), then the exponent of x subtracted
    with SFPEXEXP/SFPSETEXP (ISA SFPSETEXP.md, SFPEXEXP.md; SFPMAD's single RNE rounding: ISA SFPMAD.md,
    facts sheet section 3). Not valid for x <= 0, denormals, Inf or NaN (the caller's contract)."""
    m = setexp(x, 127)
    nm = -m
    y = nm * 0.47058824 + 1.4117647
    for _ in range(3):
        y = y * (nm * y + 2.0)
    e = exexp_nodebias(y) - exexp(x)
    return setexp(y, e)


@sfpi_inline
def sincos_accurate(theta):
    """(sin, cos) of theta in radians: Cody-Waite reduction by pi (three fused SFPMADs), full sfpu_sinpi.

    Valid for |theta| < pi * 2**22; absolute error ~1e-7 (float32 rounding of r and r/pi plus the
    polynomial's 1e-8) while n*PI_A is exact (|theta| < ~2e5). Relies on SFPMAD keeping the product unrounded
    before its single round-to-nearest-even (ISA SFPMAD.md; fma_model_wh, facts sheet section 3) and on
    the 2025 sfpu_sinpi coefficients (facts sheet section 5)."""
    t = theta * INV_PI + ROUND_MAGIC  # one SFPMAD: nearest integer n of theta/pi, in the mantissa of t
    n = t - ROUND_MAGIC
    r = n * (-PI_A) + theta
    r = n * (-PI_B) + r
    r = n * (-PI_C) + r
    s = r * INV_PI  # r/pi in [-0.5, 0.5]
    sinv = sfpu_sinpi(s)
    cosv = sfpu_sinpi(0.5 - vabs(s))
    odd = reinterpret(vInt, t) & 1
    with v_if(odd != 0):
        sinv = -sinv
        cosv = -cosv
    return sinv, cosv


@sfpi_inline
def sincos_phase(a):
    """(sin, cos) of a in half-turns, seed 000's ``vector_sin_phase(a)`` and ``vector_sin_phase(0.5f - a)``."""
    sinv = vector_sin_phase(a)
    cosv = vector_sin_phase(0.5 - a)
    return sinv, cosv


@sfpi_inline
def column_slot(cfg, col_offset, fc, h):
    """The pair (cache slot) index k of each lane of column group (fc, h), as a vInt.

    NEOX: the column of the half, ``(vConstTileId & 15) + c0 + 16*fc + h``; NORMAL: the head column
    ``(vConstTileId & 15) + c0 + 16*fc`` (even) shifted right once."""
    idx = (vConstTileId & 15) + (col_offset + (16 * fc + h))
    if cfg.mode == "normal":
        idx = reinterpret(vInt, reinterpret(vUInt, idx) >> 1)
    return idx


@sfpi_inline
def column_frequency(cfg, col_offset, fc, h, freq_scale, ext_factor, corr_lo, inv_span):
    """Frequency of column group (fc, h): half-turns per position (exp variants) or radians (accurate)."""
    if cfg.variant == "accurate":
        return vFloat(dst_reg[COL_TILE + 8 * fc + h])
    s = int32_to_float(column_slot(cfg, col_offset, fc, h), 0)
    exponent = s * vConstFloatPrgm2
    term = -exponent * vConstFloatPrgm0 - vConstFloatPrgm1  # -2k/n * ln(base) - ln(pi)
    if cfg.variant == "exp_21f":
        freq = exp_21f(term)
    else:
        freq = exp_24f(term, "seed")
    if cfg.yarn:
        y = (s - corr_lo) * inv_span
        with v_if(y < 0.0):
            y = vFloat(0.0)
        with v_elseif(y > 1.0):
            y = vFloat(1.0)
        rm = (1.0 - y) * ext_factor
        freq = freq * ((1.0 - rm) * freq_scale + rm)
    else:
        freq = freq * freq_scale
    if cfg.freq_factors:
        freq = freq * reciprocal_positive(vFloat(dst_reg[COL_TILE + 8 * fc + h]))
    return freq


@sfpi_inline
def sincos(cfg, angle):
    if cfg.variant == "accurate":
        return sincos_accurate(angle)
    return sincos_phase(angle)


@sfpi_inline
def load_into_row(p0, p1, p2, p3):
    """Seed 000's ``load_into_row``: lane L gets p[L//8] (``vConstTileId & ~15`` is 16*(L//8))."""
    row_mask = vConstTileId & -16
    v = vInt(p0)
    with v_if(row_mask == 16):
        v = vInt(p1)
    with v_elseif(row_mask == 32):
        v = vInt(p2)
    with v_elseif(row_mask == 48):
        v = vInt(p3)
    return v


def _pairs(cfg):
    """(k0, k1, q, r) for every pair of element vectors: dst_reg indices of the two elements, the column group
    index q (into cfg.column_groups) and the row group r (tile rows 4r .. 4r+3)."""
    out = []
    groups = cfg.column_groups
    for q, (fc, h) in enumerate(groups):
        for fr in range(2):
            face = 2 * fr + fc
            for g in range(4):
                k = face * 8 + 2 * g + h
                other = k + 32 if cfg.mode == "neox" else k + 1
                out.append((k, other, q, 4 * fr + g))
    return out


@sfpi_inline
def rope_tile(cfg, ln_base, inv_d, freq_scale, ext_factor, corr_lo, inv_span, cos_scale, sin_scale,
              col_offset, *pos):
    """One RoPE work item on Dst (layout in the module docstring); transforms tiles 0 (and 1) in place.

    cfg: RopeKernel (compile-time). Runtime inputs (RISC-V scalars): ln_base = ln(freq_base), inv_d = 2/n_dims,
    freq_scale, ext_factor, corr_lo, inv_span (YaRN), cos_scale = mscale, sin_scale = +-mscale (backward
    negates), col_offset = c0 (pair index of tile column 0; NORMAL: head column), pos = one position, or 32
    (one per tile row) with cfg.per_row. Unused inputs cost nothing."""
    if len(pos) != (32 if cfg.per_row else 1):
        raise SfpiError(f"rope_tile: {'32 positions (per_row)' if cfg.per_row else 'one position'} expected, "
                        f"got {len(pos)}")
    if cfg.variant != "accurate":
        vConstFloatPrgm0 = ln_base  # noqa: F841  (SFPCONFIG: seed 000's rope_tile_init)
        vConstFloatPrgm1 = LN_PI  # noqa: F841
        vConstFloatPrgm2 = inv_d  # noqa: F841
    groups = cfg.column_groups
    if not cfg.per_row:
        p = int32_to_float(vInt(pos[0]), 0)
        if cfg.variant == "accurate":
            # Every column group in one pass: a vector is 4 tile rows x 8 columns, and all rows share the
            # position, so one group would use 8 distinct angles in 32 lanes. The host packs group q's
            # frequencies into tile row q of Dst tile 3 (column_tile), so the 32 lanes hold 4 groups x 8
            # columns; SFPTRANSP of four copies of the result then gives each group's values in all 4 rows
            # (ISA SFPTRANSP.md: LReg[i][j*8+c] <- LReg[j][i*8+c]). Each lane's arithmetic is the one it had
            # per group, so the results are bit-identical, with one sincos instead of 4 (NEOX).
            sinv, cosv = sincos(cfg, p * vFloat(dst_reg[COL_TILE]))
            dst_reg[SIN_BASE] = sinv * sin_scale
            dst_reg[COS_BASE] = cosv * cos_scale
            for base in (SIN_BASE, COS_BASE):
                v = vFloat(dst_reg[base])
                rows = subvec_transp(v, v, v, v)
                for q in range(len(groups)):
                    dst_reg[base + q] = rows[q]
        else:
            for q, (fc, h) in enumerate(groups):
                freq = column_frequency(cfg, col_offset, fc, h, freq_scale, ext_factor, corr_lo, inv_span)
                sinv, cosv = sincos(cfg, p * freq)
                dst_reg[SIN_BASE + q] = sinv * sin_scale
                dst_reg[COS_BASE + q] = cosv * cos_scale
        for q in range(len(groups)):
            s = vFloat(dst_reg[SIN_BASE + q])
            c = vFloat(dst_reg[COS_BASE + q])
            for k0, k1, qq, _ in _pairs(cfg):
                if qq != q:
                    continue
                x = vFloat(dst_reg[k0])
                y = vFloat(dst_reg[k1])
                dst_reg[k0] = x * c - y * s
                dst_reg[k1] = x * s + y * c
        return
    # per-row positions: precompute them (and the exp variants' frequencies) into Dst tile 2
    for r in range(8):
        dst_reg[POS_BASE + r] = int32_to_float(load_into_row(*pos[4 * r:4 * r + 4]), 0)
    if cfg.variant != "accurate":
        for q, (fc, h) in enumerate(groups):
            dst_reg[FREQ_BASE + q] = column_frequency(cfg, col_offset, fc, h, freq_scale, ext_factor, corr_lo,
                                                      inv_span)
    for k0, k1, q, r in _pairs(cfg):
        fc, h = groups[q]
        if cfg.variant == "accurate":
            freq = vFloat(dst_reg[COL_TILE + 8 * fc + h])
        else:
            freq = vFloat(dst_reg[FREQ_BASE + q])
        sinv, cosv = sincos(cfg, dst_reg[POS_BASE + r] * freq)
        s = sinv * sin_scale
        c = cosv * cos_scale
        x = vFloat(dst_reg[k0])
        y = vFloat(dst_reg[k1])
        dst_reg[k0] = x * c - y * s
        dst_reg[k1] = x * s + y * c


# ------------------------------------------------------------------------------------------------------------
# RISC-V side: the scalars and the per-column tile (float32, as the kernel's host/RISC-V code computes them)
# ------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RopeScalars:
    """The runtime scalars of :func:`rope_tile`, float32, in argument order."""

    ln_base: np.float32
    inv_d: np.float32
    freq_scale: np.float32
    ext_factor: np.float32
    corr_lo: np.float32
    inv_span: np.float32
    cos_scale: np.float32
    sin_scale: np.float32

    def args(self) -> tuple:
        return (self.ln_base, self.inv_d, self.freq_scale, self.ext_factor, self.corr_lo, self.inv_span,
                self.cos_scale, self.sin_scale)


def rope_scalars(n_dims: int, *, n_ctx_orig: int = 0, freq_base: float = 10000.0, freq_scale: float = 1.0,
                 ext_factor: float = 0.0, attn_factor: float = 1.0, beta_fast: float = 32.0,
                 beta_slow: float = 1.0, backward: bool = False) -> RopeScalars:
    """The scalars a RISC-V computes once per op (float32, GGML's formulas, reference A.2)."""
    f32 = np.float32
    lo, hi = _ref.rope_yarn_corr_dims(n_dims, n_ctx_orig, freq_base, beta_fast, beta_slow)
    span = f32(hi) - f32(lo)
    span = span if span > f32(0.001) else f32(0.001)  # C's MAX(0.001f, high - low); -inf -> 0.001
    mscale = f32(attn_factor)
    if f32(ext_factor) != 0:
        mscale = f32(mscale * (f32(1.0) + f32(0.1) * f32(math.log(f32(1.0) / f32(freq_scale)))))
    return RopeScalars(
        ln_base=f32(math.log(f32(freq_base))), inv_d=f32(2.0) / f32(n_dims), freq_scale=f32(freq_scale),
        ext_factor=f32(ext_factor), corr_lo=f32(lo), inv_span=f32(1.0) / span, cos_scale=mscale,
        sin_scale=-mscale if backward else mscale)


def column_tile(cfg: RopeKernel, values) -> np.ndarray:
    """Dst tile 3 of a work item, (32, 32) float32, from the 32 per-column values of its column tile (the
    accurate variant's frequencies, or the exp variants' freq factors).

    Shared position with the accurate variant: packed, row q (q < number of column groups) holds column group
    q's 8 values at the even columns 0, 2, .., 14, which is what rope_tile's one load of dst_reg[COL_TILE]
    reads as 4 rows x 8 columns (lane row j = Dst row j, lane column c = tile column 2c; facts sheet section
    2); the rest is 0. Otherwise every row holds the per-column values (the kernel reads each group's own
    columns)."""
    v = np.asarray(values, np.float32).reshape(32)
    if cfg.variant == "accurate" and not cfg.per_row:
        tile = np.zeros((32, 32), np.float32)
        c = np.arange(8)
        for q, (fc, h) in enumerate(cfg.column_groups):
            tile[q, 2 * c] = v[16 * fc + 2 * c + h]
        return tile
    return np.ascontiguousarray(np.broadcast_to(v[None, :], (32, 32)))


def frequency_table(n_dims: int, n_slots: int | None = None, freq_factors=None, *, n_ctx_orig: int = 0,
                    freq_base: float = 10000.0, freq_scale: float = 1.0, ext_factor: float = 0.0,
                    beta_fast: float = 32.0, beta_slow: float = 1.0, restart=None) -> np.ndarray:
    """The accurate variant's per-slot frequency F[k] (radians per position), as GGML's cache computes the
    angle for position 1 (ops.cpp ``ggml_rope_cache_init`` / ``rope_yarn``): the iterative float32 product
    ``theta *= powf(base, -2/n_dims)``, ``/ ff[k]``, then ``theta_interp*(1-rm) + theta_extrap*rm``.

    restart: slots where the product restarts at 1 (VISION's per-section exponent). A per-op RISC-V loop
    over n_dims/2 slots, not a per-element loop."""
    f32 = np.float32
    n_slots = n_dims // 2 if n_slots is None else n_slots
    theta_scale = f32(math.pow(f32(freq_base), f32(-2.0) / f32(n_dims)))
    lo, hi = (f32(v) for v in _ref.rope_yarn_corr_dims(n_dims, n_ctx_orig, freq_base, beta_fast, beta_slow))
    span = hi - lo
    span = span if span > f32(0.001) else f32(0.001)
    ff = np.ones(n_slots, np.float32) if freq_factors is None else np.asarray(freq_factors, np.float32)
    restart = set() if restart is None else set(restart)
    out = np.empty(n_slots, np.float32)
    theta = f32(1.0)
    one = f32(1.0)
    for k in range(n_slots):
        if k in restart:
            theta = f32(1.0)
        extrap = f32(theta / ff[k])
        interp = f32(f32(freq_scale) * extrap)
        if f32(ext_factor) != 0:
            y = f32((f32(k) - lo) / span)
            ramp = one - min(one, max(f32(0.0), y))
            rm = f32(ramp * f32(ext_factor))
            out[k] = f32(f32(interp * f32(one - rm)) + f32(extrap * rm))
        else:
            out[k] = interp
        theta = f32(theta * theta_scale)
    return out


# ------------------------------------------------------------------------------------------------------------
# running many work items: one interpreter call, consecutive work items on one SFPU
# ------------------------------------------------------------------------------------------------------------
def run_work_items(cfg: RopeKernel, tiles: np.ndarray, scalars: RopeScalars, col_offsets, positions,
                   chunk: int = 512) -> tuple[np.ndarray, dict]:
    """Run :func:`rope_tile` once per work item, as a compute kernel's loop does (fp32 Dst).

    tiles: float32 (K, 4, 32, 32), Dst tiles 0-3 of each item. col_offsets: (K,) ints. positions: (K,) or,
    with cfg.per_row, (K, 32) ints. Returns (tiles 0-1 after the kernel, float32 (K, 2, 32, 32), instruction
    counts per opcode over all items)."""
    tiles = np.ascontiguousarray(tiles, np.float32)
    if tiles.ndim != 4 or tiles.shape[1:] != (4, 32, 32):
        raise SfpiError(f"run_work_items: tiles must be (K, 4, 32, 32), got {tiles.shape}")
    k_items = tiles.shape[0]
    cols = np.asarray(col_offsets, np.int64).reshape(k_items)
    pos = np.asarray(positions, np.int64).reshape(k_items, -1)
    if pos.shape[1] != (32 if cfg.per_row else 1):
        raise SfpiError(f"run_work_items: {'32 positions per item' if cfg.per_row else 'one position per item'} "
                        f"expected, got {pos.shape[1]}")
    sargs = scalars.args()

    def item_args(i):
        return (cfg, *sargs, int(cols[i]), *(int(p) for p in pos[i]))

    compiled = compiled_for(rope_tile, item_args(0))
    # runtime immediates per work item (the RISC-V's per-call values); one row of Python per item
    inputs = np.array([[int(f(item_args(i))) & 0xFFFFFFFF for f in compiled.inputs] for i in range(k_items)],
                      np.uint32).reshape(k_items, -1)
    if inputs.shape[1] == 0:
        inputs = np.zeros((k_items, 1), np.uint32)
    state = SfpuState(1)
    state.set_sfpu_fp32(True)
    out = np.empty((k_items, 2, 32, 32), np.float32)
    counts = np.zeros(0, np.int64)
    for start in range(0, k_items, chunk):
        stop = min(k_items, start + chunk)
        d = dstmod.new_dst(stop - start)
        dstmod.write_tiles32(d, 0, tiles[start:stop].view(np.uint32))
        raw = execute(compiled.program, state, d, state_of=np.zeros(stop - start, np.int64),
                      dst_of=np.arange(stop - start), inputs=inputs[start:stop], instrs=compiled.instrs)
        counts = raw if counts.size == 0 else counts + raw
        out[start:stop] = dstmod.read_tiles32(d, 0, 2).view(np.float32)
    return out, {isa.OPCODE_NAMES[i]: int(c) for i, c in enumerate(counts) if c}


# ------------------------------------------------------------------------------------------------------------
# the whole op: GGML's rope_ext through the SFPU kernel (host gathers tiles, runs, scatters)
# ------------------------------------------------------------------------------------------------------------
def slot_sections(mode: int, sections, n_slots: int, ext_factor: float, variant: str, who: str):
    """Section and VISION restart of every cache slot (all zero outside the multi-section modes); refuses what
    the kernels do not model (VISION with YaRN on the exp variants)."""
    if mode == ROPE_TYPE_VISION and np.float32(ext_factor) != 0 and variant != "accurate":
        raise NotModelledError(f"{who}: VISION with YaRN (ext_factor != 0) is not modelled for the exp variants "
                               "(the ramp would use the section-relative index); use variant='accurate'.")
    if mode & ROPE_TYPE_MROPE:
        return _sections_of_slots(mode, sections, n_slots)
    return np.zeros(n_slots, np.int64), np.zeros(n_slots, np.int64)


def _sections_of_slots(mode: int, sections, n_slots: int) -> tuple[np.ndarray, np.ndarray]:
    """For MROPE-family modes: the section (0..3 = t, h, w, e) of each slot and each slot's restart start
    (VISION), following ops.cpp ``ggml_mrope_cache_init``."""
    s0, s1, s2, s3 = (int(v) for v in sections)
    sect_dims = s0 + s1 + s2 + s3
    sec = np.zeros(n_slots, np.int64)
    start = np.zeros(n_slots, np.int64)
    for k in range(n_slots):  # per-op host loop over slots
        sector = k % sect_dims
        if mode == ROPE_TYPE_IMROPE:
            if sector % 3 == 1 and sector < 3 * s1:
                sec[k] = 1
            elif sector % 3 == 2 and sector < 3 * s2:
                sec[k] = 2
            elif sector % 3 == 0 and sector < 3 * s0:
                sec[k] = 0
            else:
                sec[k] = 3
        else:
            sec[k] = 0 if sector < s0 else 1 if sector < s0 + s1 else 2 if sector < s0 + s1 + s2 else 3
        if mode == ROPE_TYPE_VISION:
            bounds = (0, s0, s0 + s1, s0 + s1 + s2)
            start[k] = k - (sector - bounds[sec[k]])
    return sec, start


def rope_sfpu(a: np.ndarray, pos: np.ndarray, freq_factors: np.ndarray | None = None, *, n_dims: int,
              mode: int, n_ctx_orig: int = 0, freq_base: float = 10000.0, freq_scale: float = 1.0,
              ext_factor: float = 0.0, attn_factor: float = 1.0, beta_fast: float = 32.0,
              beta_slow: float = 1.0, sections=None, backward: bool = False, variant: str = "exp_24f",
              per_row: bool = False, return_counts: bool = False):
    """GGML's ``rope_ext`` (arguments as :func:`tensix.ggml.rope_ext`) computed by :func:`rope_tile` on the SFPU.

    The host part plays the reader/writer kernels: it gathers each work item's tiles (rows: heads of one
    token padded to 32, or with per_row any 32 consecutive (token, head) rows; columns: 32 pairs), fills
    Dst tile 3, runs every work item through one SFPU, and scatters the rotated pairs back; columns outside
    the rotated pairs pass through unchanged. a: float32 (n_tokens, n_head, head_dim) or
    (ne3, n_tokens, n_head, head_dim).

    Accuracy of each variant against GGML's CPU op: the table in the module docstring (accurate: worst NMSE
    2.6e-10 over test-backend-ops' grid at positions < 512; GGML's bound is 1e-7).
    return_counts: also return the SFPU instruction counts (per opcode, summed over all work items).
    """
    if variant not in VARIANTS:
        raise RopeArgumentError(f"rope_sfpu: variant is one of {VARIANTS}, not {variant!r}")
    a = np.asarray(a)
    if a.dtype != np.float32:
        raise NotModelledError(f"rope_sfpu: only float32 tensors are modelled (got {a.dtype}); the SFPU kernel "
                               "works on fp32 Dst. Convert F16 inputs with a.astype(np.float32).")
    if a.ndim not in (3, 4):
        raise RopeArgumentError(f"rope_sfpu: a must be (n_tokens, n_head, head_dim) or (ne3, n_tokens, n_head, "
                                f"head_dim), got shape {a.shape}")
    # the reference validates every argument exactly as GGML does (and raises RopeArgumentError)
    _ref.rope_cache(np.asarray(pos), a.shape[-1], freq_factors, n_dims=n_dims, mode=mode, n_ctx_orig=n_ctx_orig,
                    freq_base=freq_base, freq_scale=freq_scale, ext_factor=ext_factor, attn_factor=attn_factor,
                    beta_fast=beta_fast, beta_slow=beta_slow, sections=sections, backward=backward)
    a4 = a.reshape((1,) + a.shape) if a.ndim == 3 else a
    ne3, n_tok, n_head, head_dim = a4.shape
    pos = np.asarray(pos, np.int64)
    mrope = bool(mode & ROPE_TYPE_MROPE)
    pos4 = pos.reshape(4, n_tok).T if mrope else pos.reshape(n_tok, 1)
    if mode == ROPE_TYPE_NORMAL:
        kmode, n_slots, partner = "normal", n_dims // 2, 1
    elif mode == ROPE_TYPE_VISION:
        kmode, n_slots, partner = "neox", n_dims, n_dims
    else:
        kmode, n_slots, partner = "neox", n_dims // 2, n_dims // 2
    sec, sec_start = slot_sections(mode, sections, n_slots, ext_factor, variant, "rope_sfpu")
    yarn = np.float32(ext_factor) != 0
    if freq_factors is not None and variant != "accurate":
        ffa = np.asarray(freq_factors, np.float32)[:n_slots]
        if not (np.isfinite(ffa).all() and (ffa >= np.float32(2.0 ** -125)).all()):
            raise NotModelledError("rope_sfpu: the SFPU reciprocal of the exp variants needs positive normal "
                                   "freq factors; use variant='accurate' for others.")
    cfg = RopeKernel(kmode, variant, bool(per_row), freq_factors is not None and variant != "accurate",
                     bool(yarn) and variant != "accurate")
    scal = rope_scalars(n_dims, n_ctx_orig=n_ctx_orig, freq_base=freq_base, freq_scale=freq_scale,
                        ext_factor=ext_factor, attn_factor=attn_factor, beta_fast=beta_fast,
                        beta_slow=beta_slow, backward=backward)
    restart = set(np.unique(sec_start).tolist()) if mode == ROPE_TYPE_VISION else None
    table = frequency_table(n_dims, n_slots, freq_factors if freq_factors is None else
                            np.asarray(freq_factors, np.float32)[:n_slots], n_ctx_orig=n_ctx_orig,
                            freq_base=freq_base, freq_scale=freq_scale, ext_factor=ext_factor,
                            beta_fast=beta_fast, beta_slow=beta_slow, restart=restart)

    # rows of the op: (i3, token, head); the position of a row is its token's
    rows = a4.reshape(-1, head_dim)
    row_tok = np.broadcast_to(np.arange(n_tok)[None, :, None], (ne3, n_tok, n_head)).reshape(-1)
    if per_row:
        n_blocks = -(-rows.shape[0] // 32)
        block_rows = np.full((n_blocks, 32), -1, np.int64)
        block_rows.reshape(-1)[:rows.shape[0]] = np.arange(rows.shape[0])
    else:
        hb = -(-n_head // 32)
        block_rows = np.full((ne3 * n_tok, hb * 32), -1, np.int64)
        block_rows[:, :n_head] = np.arange(rows.shape[0]).reshape(ne3 * n_tok, n_head)
        block_rows = block_rows.reshape(-1, 32)
    valid = block_rows >= 0
    safe = np.where(valid, block_rows, 0)
    tok = np.where(valid, row_tok[safe], 0)  # (n_blocks, 32) token of each tile row
    n_blocks = block_rows.shape[0]

    # columns: element index of tile column j in tile 0 / tile 1, and the slot it rotates
    width = n_slots if kmode == "neox" else n_dims
    n_ct = -(-width // 32)
    j = np.arange(32)
    out_rows = rows.copy()
    total_counts: dict = {}
    for ct in range(n_ct):
        c0 = 32 * ct
        if kmode == "neox":
            slot = c0 + j
            ok = slot < n_slots
            e0, e1 = slot, slot + partner
        else:
            col = c0 + j
            ok = col < n_dims
            slot = col // 2
            e0, e1 = col, col  # tile 0 only
        slot_c = np.where(ok, slot, 0)
        # the sections this column tile touches; one run per section (one run for NORMAL/NEOX)
        for s_id in np.unique(sec[slot_c[ok]]):
            keep = ok & (sec[slot_c] == s_id)
            tiles = np.zeros((n_blocks, 4, 32, 32), np.float32)
            tiles[:, 0][:, :, keep] = rows[safe][:, :, e0[keep]] * valid[:, :, None]
            if kmode == "neox":
                tiles[:, 1][:, :, keep] = rows[safe][:, :, e1[keep]] * valid[:, :, None]
            if variant == "accurate":
                tiles[:, 3] = column_tile(cfg, np.where(ok, table[slot_c], 0.0))
            elif freq_factors is not None:
                ffv = np.asarray(freq_factors, np.float32)
                tiles[:, 3] = column_tile(cfg, np.where(ok, ffv[slot_c], 1.0))
            p_rows = pos4[tok, s_id]  # (n_blocks, 32)
            start = int(sec_start[slot_c[keep][0]]) if mode == ROPE_TYPE_VISION else 0
            col_offset = c0 - start if kmode == "neox" else c0
            positions = p_rows if per_row else p_rows[:, 0]
            res, counts = run_work_items(cfg, tiles, scal, np.full(n_blocks, col_offset), positions)
            for name, c in counts.items():
                total_counts[name] = total_counts.get(name, 0) + c
            # scatter the kept columns of valid rows back (the writer kernel)
            vr = block_rows[valid]
            y0 = res[:, 0][valid]  # (n_valid_rows, 32)
            out_rows[np.ix_(vr, e0[keep])] = y0[:, keep]
            if kmode == "neox":
                y1 = res[:, 1][valid]
                out_rows[np.ix_(vr, e1[keep])] = y1[:, keep]
    out = out_rows.reshape(a.shape)
    return (out, total_counts) if return_counts else out
