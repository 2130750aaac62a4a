"""GGML's RoPE operator, ported bit for bit from GGML's CPU backend.

This is the reference that RoPE on the simulated device is measured against. It implements
``ggml_rope_ext``, ``ggml_rope_multi`` and their ``_back`` variants as GGML's CPU backend
computes them (ggml-org/ggml ``src/ggml-cpu/ops.cpp``: ``rope_yarn_ramp``, ``rope_yarn``,
``ggml_rope_cache_init``, ``ggml_mrope_cache_init``, ``rotate_pairs``,
``ggml_compute_forward_rope_flt``; corr dims from ``src/ggml.c`` ``ggml_rope_yarn_corr_dims``;
the same code ships in ggml 0.15.3 inside ggml-python 0.0.45). Semantics and the numerical
fine print are collected in /work/shared/reference/ggml_rope.md (sections A.1, A.2).

How the port stays bit-exact:

* Everything is float32, in the order of the C source, including the *iterative* angle
  recurrence ``theta *= theta_scale`` (a closed form ``pos * base**(-2k/n)`` drifts away
  from GGML as positions grow, reference section A.2 note 1).
* ``cosf``, ``sinf``, ``logf`` and ``powf`` are the C library's: numba lowers ``math.cos`` etc.
  on float32 to the LLVM intrinsics, which become calls to the process's libm (glibc on
  Linux), the same functions GGML calls. numpy's own float32 ``np.cos`` differs from glibc
  in the last bit of ~15% of the values, so it is not used.
* C's ``MAX``/``MIN`` macros (``a > b ? a : b``) are reproduced literally, so the infinities of
  ``n_ctx_orig = 0`` (corr dims ``(0, -inf)``) propagate as in C (reference A.2 note 3).
* FMA contraction: GGML is built by default with ``-O3 -march=native`` and gcc's
  ``-ffp-contract=fast``, so on a CPU with FMA gcc fuses some multiply-adds. ``fma=True``
  (the default) evaluates exactly those fused forms with a true single-rounding float32 FMA
  (LLVM's ``llvm.fma`` intrinsic), matching ggml-python 0.0.45 built natively on x86-64 with
  FMA (gcc 12). ``fma=False`` is the plain expression order of ops.cpp, which matches a build
  without contraction (``GGML_FMA=OFF``/no ``-mfma``, or a CPU without FMA). Reference
  section A.2 note 2 and B.4. Which multiply-adds are fused is listed at ``_yarn_theta``,
  ``_cache_kernel`` and ``_fused_pairs`` (gcc leaves the scalar tail of its vectorized float32
  NORMAL loop unfused). Measured: fma=True is bit-identical to the native build, and
  fma=False to a build with every x86 extension off (GGML_NATIVE/AVX*/FMA/F16C=OFF), in every
  case of test-backend-ops' RoPE grid plus 400 random argument sets (tests/test_ggml_rope.py).
  Other compilers or vector widths may fuse differently; the oracle test detects which of the
  two a given GGML build matches.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from tensix.errors import TensixError

# Mode constants, ggml.h (GGML_ROPE_TYPE_*). GGML dispatches on exact equality.
ROPE_TYPE_NORMAL = 0
ROPE_TYPE_NEOX = 2
ROPE_TYPE_MROPE = 8
ROPE_TYPE_VISION = 24
ROPE_TYPE_IMROPE = 40

MODE_NAMES = {
    ROPE_TYPE_NORMAL: "NORMAL",
    ROPE_TYPE_NEOX: "NEOX",
    ROPE_TYPE_MROPE: "MROPE",
    ROPE_TYPE_VISION: "VISION",
    ROPE_TYPE_IMROPE: "IMROPE",
}

# Exponential approximations the device kernels will choose between (seed 000); the
# reference itself is always the CPU op, the argument is only validated here.
VARIANTS = ("accurate", "exp_21f", "exp_24f")

# How the cache kernel picks each pair's angle (ggml_rope_cache_init vs ggml_mrope_cache_init).
_LAYOUT_PLAIN = 0  # NORMAL, NEOX: one position per token
_LAYOUT_MROPE = 1  # sections t|h|w|e, contiguous
_LAYOUT_IMROPE = 2  # sections interleaved (Qwen3-VL)
_LAYOUT_VISION = 3  # MROPE sections, each restarting the frequency exponent


class GgmlError(TensixError):
    """Misuse of a GGML-semantics operation in tensix.ggml."""


class RopeArgumentError(GgmlError, ValueError):
    """An argument GGML's RoPE would reject (GGML_ASSERT) or that makes no sense for RoPE."""


# ---------------------------------------------------------------------------------------------
# float32 primitives with C semantics
# ---------------------------------------------------------------------------------------------


@intrinsic
def _fmaf(typingctx, a, b, c):
    """C's fmaf: a*b + c in float32 with one rounding (LLVM llvm.fma.f32, never split)."""
    sig = types.float32(types.float32, types.float32, types.float32)

    def codegen(context, builder, signature, args):
        f32 = ir.FloatType()
        fn = builder.module.declare_intrinsic("llvm.fma", [f32], ir.FunctionType(f32, [f32, f32, f32]))
        return builder.call(fn, args)

    return sig, codegen


@numba.njit(cache=True, inline="always")
def _cmax(a, b):
    """C's MAX macro, ``a > b ? a : b`` (returns b when either is NaN)."""
    return a if a > b else b


@numba.njit(cache=True, inline="always")
def _cmin(a, b):
    """C's MIN macro, ``a < b ? a : b`` (returns b when either is NaN)."""
    return a if a < b else b


@numba.njit(cache=True, error_model="numpy")
def _scalars(n_dims, n_ctx_orig, freq_base, beta_fast, beta_slow):
    """theta_scale and the YaRN corr dims, all float32 as in C.

    ops.cpp ``ggml_compute_forward_rope_flt``: ``theta_scale = powf(freq_base, -2.0f/n_dims)``.
    ggml.c ``ggml_rope_yarn_corr_dim(n_dims, n_ctx_orig, n_rot, base) =
    n_dims * logf(n_ctx_orig / (n_rot * 2 * (float)M_PI)) / (2 * logf(base))`` and
    ``ggml_rope_yarn_corr_dims``: ``dims = (MAX(0, floorf(cd(beta_fast))),
    MIN(n_dims - 1, ceilf(cd(beta_slow))))``. With n_ctx_orig = 0 this is (0, -inf).
    """
    f_dims = np.float32(n_dims)
    theta_scale = np.float32(math.pow(freq_base, np.float32(-2.0) / f_dims))
    two = np.float32(2.0)
    pi_f = np.float32(math.pi)  # (float)M_PI
    f_ctx = np.float32(n_ctx_orig)
    den = two * np.float32(math.log(freq_base))
    cd_fast = f_dims * np.float32(math.log(f_ctx / (beta_fast * two * pi_f))) / den
    cd_slow = f_dims * np.float32(math.log(f_ctx / (beta_slow * two * pi_f))) / den
    lo = _cmax(np.float32(0.0), np.float32(np.floor(cd_fast)))
    hi = _cmin(np.float32(n_dims - 1), np.float32(np.ceil(cd_slow)))
    return theta_scale, lo, hi


@numba.njit(cache=True, error_model="numpy", inline="always")
def _yarn_theta(theta_extrap, k, freq_scale, corr_lo, corr_hi, ext_factor, fma):
    """The angle of ops.cpp ``rope_yarn`` (without the cos/sin), slot k = i0/2.

    ``theta_interp = freq_scale * theta_extrap``; when ext_factor != 0 the YaRN ramp
    ``rope_yarn_ramp(low, high, i0) = 1 - MIN(1, MAX(0, (i0/2 - low) / MAX(0.001f, high - low)))``
    mixes ``theta = theta_interp * (1 - ramp_mix) + theta_extrap * ramp_mix`` with
    ``ramp_mix = ramp * ext_factor``. Under contraction gcc fuses the first product of the sum
    (``ramp_mix`` has two uses, so ``1 - ramp_mix`` stays a plain subtraction).
    """
    one = np.float32(1.0)
    theta_interp = freq_scale * theta_extrap
    if ext_factor == np.float32(0.0):
        return theta_interp
    y = (np.float32(k) - corr_lo) / _cmax(np.float32(0.001), corr_hi - corr_lo)
    ramp = one - _cmin(one, _cmax(np.float32(0.0), y))
    ramp_mix = ramp * ext_factor
    if fma:
        return _fmaf(theta_interp, one - ramp_mix, theta_extrap * ramp_mix)
    return theta_interp * (one - ramp_mix) + theta_extrap * ramp_mix


@numba.njit(cache=True, error_model="numpy")
def _cache_kernel(pos4, n_slots, theta_scale, freq_scale, ff, corr_lo, corr_hi, ext_factor,
                  attn_factor, sin_sign, layout, sections, fma):
    """Per-token cos/sin cache of ops.cpp ``ggml_rope_cache_init`` / ``ggml_mrope_cache_init``.

    pos4: int64 (n_tokens, 4) positions t, h, w, e (only t for the plain layout). Returns
    float32 (n_tokens, n_slots) cos and sin (sin already times sin_sign). The loop over slots
    stays innermost and serial because of the float32 recurrence ``theta *= theta_scale``;
    the four section angles all advance every slot, as in C.
    """
    # Pin every float scalar to float32: a Python float argument would make numba compute the
    # whole recurrence (and cos/sin) in float64.
    theta_scale = np.float32(theta_scale)
    freq_scale = np.float32(freq_scale)
    corr_lo = np.float32(corr_lo)
    corr_hi = np.float32(corr_hi)
    ext_factor = np.float32(ext_factor)
    attn_factor = np.float32(attn_factor)
    sin_sign = np.float32(sin_sign)
    n_tok = pos4.shape[0]
    cos_out = np.empty((n_tok, n_slots), np.float32)
    sin_out = np.empty((n_tok, n_slots), np.float32)
    one = np.float32(1.0)
    # rope_yarn: mscale starts as attn_factor and, with YaRN on, is multiplied by
    # 1 + 0.1*logf(1/freq_scale); gcc fuses that multiply-add under contraction.
    mscale = attn_factor
    if ext_factor != np.float32(0.0):
        lg = np.float32(math.log(one / freq_scale))
        if fma:
            mscale = mscale * _fmaf(np.float32(0.1), lg, one)
        else:
            mscale = mscale * (one + np.float32(0.1) * lg)
    s0 = sections[0]
    s1 = sections[1]
    s2 = sections[2]
    sect_dims = sections[0] + sections[1] + sections[2] + sections[3]
    sec_w = s0 + s1
    sec_e = s2 + sec_w
    for t in range(n_tok):
        # ``const int64_t p = pos[i2]`` passed as ``float theta_base``: int -> float, RNE.
        base_t = np.float32(pos4[t, 0])
        base_h = np.float32(pos4[t, 1])
        base_w = np.float32(pos4[t, 2])
        base_e = np.float32(pos4[t, 3])
        th_t = base_t
        th_h = base_h
        th_w = base_w
        th_e = base_e
        for k in range(n_slots):
            theta = th_t
            if layout != _LAYOUT_PLAIN:
                sector = k % sect_dims
                if layout == _LAYOUT_VISION:
                    # indep_sects: restart the section's angle where the section starts
                    # (the else-if chain of the C source, kept in its order).
                    if sector == 0:
                        th_t = base_t
                    elif sector == s0:
                        th_h = base_h
                    elif sector == sec_w:
                        th_w = base_w
                    elif sector == sec_e:
                        th_e = base_e
                theta = th_t
                if layout == _LAYOUT_IMROPE:
                    if sector % 3 == 1 and sector < 3 * s1:
                        theta = th_h
                    elif sector % 3 == 2 and sector < 3 * s2:
                        theta = th_w
                    elif sector % 3 == 0 and sector < 3 * s0:
                        theta = th_t
                    else:
                        theta = th_e
                else:
                    if sector >= s0 and sector < sec_w:
                        theta = th_h
                    elif sector >= sec_w and sector < sec_w + s2:
                        theta = th_w
                    elif sector >= sec_w + s2:
                        theta = th_e
            th = _yarn_theta(theta / ff[k], k, freq_scale, corr_lo, corr_hi, ext_factor, fma)
            cos_out[t, k] = np.float32(math.cos(th)) * mscale
            sin_out[t, k] = (np.float32(math.sin(th)) * mscale) * sin_sign
            th_t = th_t * theta_scale
            th_w = th_w * theta_scale
            th_h = th_h * theta_scale
            th_e = th_e * theta_scale
    return cos_out, sin_out


@numba.njit(cache=True, error_model="numpy")
def _rotate_kernel(x0, x1, cos_c, sin_c, n_fused):
    """ops.cpp ``rotate_pairs``: ``y0 = x0*c - x1*s``, ``y1 = x0*s + x1*c`` in float32.

    x0, x1: float32 (B, T, H, P) first and second element of each pair; cos_c, sin_c:
    (T, P). Pairs p < n_fused are evaluated as gcc contracts them, the first product of each
    sum fused: ``y0 = fmaf(x0, c, -(x1*s))``, ``y1 = fmaf(x0, s, x1*c)`` (reference A.2
    note 2); the others in plain float32 (see ``_fused_pairs``).
    """
    nb, nt, nh, npair = x0.shape
    y0 = np.empty((nb, nt, nh, npair), np.float32)
    y1 = np.empty((nb, nt, nh, npair), np.float32)
    for b in range(nb):
        for t in range(nt):
            for h in range(nh):
                for p in range(npair):
                    c = cos_c[t, p]
                    s = sin_c[t, p]
                    a0 = x0[b, t, h, p]
                    a1 = x1[b, t, h, p]
                    if p < n_fused:
                        y0[b, t, h, p] = _fmaf(a0, c, -(a1 * s))
                        y1[b, t, h, p] = _fmaf(a0, s, a1 * c)
                    else:
                        y0[b, t, h, p] = a0 * c - a1 * s
                        y1[b, t, h, p] = a0 * s + a1 * c
    return y0, y1


def _fused_pairs(fma: bool, mode: int, dtype: np.dtype, n_pairs: int) -> int:
    """How many leading pairs of a row the modelled GGML build computes with fused multiply-adds.

    Measured against ggml-python 0.0.45 built natively (gcc 12.2, -O3 -march=native, x86-64 with
    AVX2/AVX-512 and FMA), pair by pair for 1..64 pairs in every mode and both types: the float16
    loops and the NEOX/MROPE/IMROPE/VISION float32 loops are contracted throughout, but gcc
    vectorizes the float32 NORMAL loop (interleaved pairs) four pairs per 256-bit vector and its
    scalar remainder, the last ``n_pairs % 4`` pairs, is left uncontracted.
    """
    if not fma:
        return 0
    if mode == ROPE_TYPE_NORMAL and dtype == np.float32:
        return n_pairs - n_pairs % 4
    return n_pairs


# ---------------------------------------------------------------------------------------------
# argument checking
# ---------------------------------------------------------------------------------------------


def _fail(msg: str) -> None:
    raise RopeArgumentError(msg)


def _check_int(name: str, value, lo: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        _fail(f"rope_ext: {name} must be an int, got {type(value).__name__} {value!r}; pass an int.")
    value = int(value)
    if not -(2**31) <= value < 2**31:
        _fail(f"rope_ext: {name}={value} does not fit GGML's int32 parameter; use a value in int32 range.")
    if lo is not None and value < lo:
        _fail(f"rope_ext: {name}={value} is below {lo}; pass {name} >= {lo}.")
    return value


def _check_float(name: str, value) -> np.float32:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        _fail(f"rope_ext: {name} must be a real number, got {type(value).__name__} {value!r}.")
    # GGML's C API takes float: the double is rounded to float32 (RNE) on the call.
    return np.float32(value)


def _check_mode(mode) -> int:
    if isinstance(mode, bool) or not isinstance(mode, numbers.Integral):
        _fail(f"rope_ext: mode must be an int, got {type(mode).__name__} {mode!r}; "
              f"use one of {_mode_list()}.")
    mode = int(mode)
    if mode & 1:
        # ggml.c ggml_rope_impl: GGML_ASSERT((mode & 1) == 0 && "mode & 1 == 1 is no longer supported")
        _fail(f"rope_ext: mode={mode} has bit 0 set, which GGML no longer supports; "
              f"use one of {_mode_list()}.")
    if mode not in MODE_NAMES:
        # ops.cpp dispatches with switch(mode) on exact values; anything else aborts.
        _fail(f"rope_ext: unknown mode {mode}; GGML's CPU op accepts exactly {_mode_list()} "
              "(combinations such as NEOX|MROPE abort in GGML).")
    return mode


def _mode_list() -> str:
    return ", ".join(f"{v} ({k})" for k, v in ((n, m) for m, n in MODE_NAMES.items()))


def _check_sections(sections, mode: int, head_dim: int) -> np.ndarray:
    if not mode & ROPE_TYPE_MROPE:
        if sections is not None:
            _fail(f"rope_ext: sections={sections!r} given for mode {MODE_NAMES[mode]}, which has no "
                  "sections (GGML ignores them there); pass sections=None or use MROPE/VISION/IMROPE.")
        return np.zeros(4, np.int64)
    if sections is None:
        _fail(f"rope_ext: mode {MODE_NAMES[mode]} needs sections (4 ints: t, h, w, e pair counts); "
              "pass e.g. sections=(n_dims//6, n_dims//6, n_dims//6, 0) as ggml_rope_multi does.")
    if isinstance(sections, (str, bytes)) or not isinstance(sections, (Sequence, np.ndarray)):
        _fail(f"rope_ext: sections must be a sequence of 4 ints, got {type(sections).__name__}.")
    vals = list(sections)
    if len(vals) != 4 or any(isinstance(v, bool) or not isinstance(v, numbers.Integral) for v in vals):
        _fail(f"rope_ext: sections must be exactly 4 ints (t, h, w, e), got {sections!r}.")
    vals = [int(v) for v in vals]
    if any(v < 0 for v in vals):
        _fail(f"rope_ext: sections={vals} has a negative entry; section sizes count pairs and must be >= 0.")
    if not (vals[0] > 0 or vals[1] > 0 or vals[2] > 0):
        # ops.cpp: GGML_ASSERT(sections[0] > 0 || sections[1] > 0 || sections[2] > 0)
        _fail(f"rope_ext: sections={vals}: GGML needs at least one of the first three sections > 0.")
    if sum(vals) > head_dim:
        # ops.cpp ggml_mrope_cache_init: GGML_ASSERT(sect_dims <= ne0)
        _fail(f"rope_ext: sum(sections)={sum(vals)} exceeds head_dim={head_dim} (GGML asserts "
              "sect_dims <= ne0); shrink the sections.")
    return np.array(vals, np.int64)


def _is_bfloat16(dtype) -> bool:
    return dtype.name == "bfloat16"


def _check_array(a, device=None) -> np.ndarray:
    if not isinstance(a, np.ndarray):
        _fail(f"rope_ext: a must be a numpy array, got {type(a).__name__}; wrap it with np.asarray(..., "
              "dtype=np.float32).")
    if _is_bfloat16(a.dtype) and device is None:
        _fail("rope_ext: a is bfloat16, which GGML's RoPE (the reference, device=None) does not take; bfloat16 "
              "runs on the simulated device (device=...). For the reference, convert with a.astype(np.float32).")
    if a.dtype not in (np.float32, np.float16) and not _is_bfloat16(a.dtype):
        # ops.cpp: GGML_ASSERT(src0->type == GGML_TYPE_F32 || src0->type == GGML_TYPE_F16)
        _fail(f"rope_ext: a has dtype {a.dtype}; GGML's RoPE takes only float32 or float16. "
              "Convert with a.astype(np.float32).")
    if a.ndim not in (3, 4):
        _fail(f"rope_ext: a has shape {a.shape}; expected (n_tokens, n_head, head_dim) or "
              "(ne3, n_tokens, n_head, head_dim), GGML order with the contiguous dim last.")
    return a


def _check_pos(pos, n_tokens: int, mode: int) -> np.ndarray:
    if not isinstance(pos, np.ndarray):
        _fail(f"rope_ext: pos must be a numpy int32 array, got {type(pos).__name__}; "
              "use np.asarray(pos, dtype=np.int32).")
    if pos.dtype != np.int32:
        # ggml.c ggml_rope_impl: GGML_ASSERT(b->type == GGML_TYPE_I32)
        _fail(f"rope_ext: pos has dtype {pos.dtype}; GGML positions are int32. Use pos.astype(np.int32).")
    if pos.ndim != 1:
        _fail(f"rope_ext: pos has shape {pos.shape}; GGML wants a vector. Flatten it (pos.ravel()).")
    want = 4 * n_tokens if mode & ROPE_TYPE_MROPE else n_tokens
    if pos.shape[0] != want:
        if mode & ROPE_TYPE_MROPE:
            _fail(f"rope_ext: mode {MODE_NAMES[mode]} needs 4 positions per token laid out "
                  f"[t | h | w | e], i.e. length 4*n_tokens={want}, got {pos.shape[0]}.")
        _fail(f"rope_ext: pos has length {pos.shape[0]} but a has n_tokens={n_tokens} "
              "(axis -3); pass one position per token.")
    return pos


def _check_freq_factors(freq_factors, n_slots: int, mode: int) -> np.ndarray:
    if freq_factors is None:
        # C uses ff = 1.0f when there are none; theta/1.0f is exact.
        return np.ones(n_slots, np.float32)
    if not isinstance(freq_factors, np.ndarray) or freq_factors.dtype != np.float32:
        # ggml.c: GGML_ASSERT(c->type == GGML_TYPE_F32)
        _fail("rope_ext: freq_factors must be a float32 numpy array (GGML takes an F32 tensor); "
              "use np.asarray(ff, dtype=np.float32).")
    if freq_factors.ndim != 1:
        _fail(f"rope_ext: freq_factors has shape {freq_factors.shape}; pass a 1-D array.")
    if freq_factors.shape[0] < n_slots:
        if mode == ROPE_TYPE_VISION:
            # GGML only asserts ne[0] >= n_dims/2, but VISION reads ne0/2 = n_dims factors,
            # past the end of a shorter tensor; that read is not modelled.
            _fail(f"rope_ext: VISION reads one freq factor per pair, {n_slots} of them, but "
                  f"freq_factors has {freq_factors.shape[0]} (GGML would read past its end); "
                  f"pass at least {n_slots}.")
        # ggml.c: GGML_ASSERT(c->ne[0] >= n_dims / 2)
        _fail(f"rope_ext: freq_factors has {freq_factors.shape[0]} entries; GGML needs at least "
              f"n_dims/2 = {n_slots}.")
    return np.ascontiguousarray(freq_factors[:n_slots])


# ---------------------------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------------------------


def rope_yarn_corr_dims(n_dims: int, n_ctx_orig: int, freq_base: float, beta_fast: float,
                        beta_slow: float) -> tuple[float, float]:
    """GGML's ``ggml_rope_yarn_corr_dims`` (ggml.c), float32: the YaRN ramp's (low, high) slots."""
    n_dims = _check_int("n_dims", n_dims)
    n_ctx_orig = _check_int("n_ctx_orig", n_ctx_orig)
    _, lo, hi = _scalars(n_dims, n_ctx_orig, _check_float("freq_base", freq_base),
                         _check_float("beta_fast", beta_fast), _check_float("beta_slow", beta_slow))
    return float(lo), float(hi)


def _prepare(head_dim, pos, freq_factors, n_dims, mode, n_ctx_orig, freq_base, freq_scale,
             ext_factor, attn_factor, beta_fast, beta_slow, sections, backward, n_tokens, fma):
    """Validate everything that does not involve the data tensor; return the cache arguments."""
    mode = _check_mode(mode)
    n_dims = _check_int("n_dims", n_dims, lo=0)
    if n_dims % 2:
        # ops.cpp: GGML_ASSERT(n_dims % 2 == 0)
        _fail(f"rope_ext: n_dims={n_dims} is odd; RoPE rotates pairs, so n_dims must be even.")
    if n_dims > head_dim:
        # ops.cpp: GGML_ASSERT(n_dims <= ne0)
        _fail(f"rope_ext: n_dims={n_dims} exceeds head_dim={head_dim} (a.shape[-1]); "
              "pass n_dims <= head_dim.")
    if mode == ROPE_TYPE_VISION and 2 * n_dims != head_dim:
        # ops.cpp: if (is_vision) GGML_ASSERT(n_dims == ne0/2)
        _fail(f"rope_ext: VISION needs n_dims == head_dim/2 = {head_dim // 2}, got {n_dims} "
              f"(and an even head_dim, got {head_dim}).")
    if not isinstance(backward, (bool, np.bool_)):
        _fail(f"rope_ext: backward must be a bool, got {backward!r}.")
    if not isinstance(fma, (bool, np.bool_)):
        _fail(f"rope_ext: fma must be a bool, got {fma!r}.")
    sect = _check_sections(sections, mode, head_dim)
    pos = _check_pos(pos, n_tokens, mode)
    # VISION's rotate_pairs runs over ne0 and so reads ne0/2 cache slots; the others read n_dims/2.
    n_slots = n_dims if mode == ROPE_TYPE_VISION else n_dims // 2
    ff = _check_freq_factors(freq_factors, n_slots, mode)
    n_ctx_orig = _check_int("n_ctx_orig", n_ctx_orig)
    f_base = _check_float("freq_base", freq_base)
    f_scale = _check_float("freq_scale", freq_scale)
    f_ext = _check_float("ext_factor", ext_factor)
    f_attn = _check_float("attn_factor", attn_factor)
    f_fast = _check_float("beta_fast", beta_fast)
    f_slow = _check_float("beta_slow", beta_slow)

    pos4 = np.zeros((n_tokens, 4), np.int64)
    if mode & ROPE_TYPE_MROPE:
        pos4[:] = pos.astype(np.int64).reshape(4, n_tokens).T
        layout = {ROPE_TYPE_MROPE: _LAYOUT_MROPE, ROPE_TYPE_IMROPE: _LAYOUT_IMROPE,
                  ROPE_TYPE_VISION: _LAYOUT_VISION}[mode]
    else:
        pos4[:, 0] = pos
        layout = _LAYOUT_PLAIN
    # numba hands float32 results back as Python floats (exactly); make them float32 again.
    theta_scale, lo, hi = (np.float32(v) for v in _scalars(n_dims, n_ctx_orig, f_base, f_fast, f_slow))
    # backward: ops.cpp sin_sign = forward ? 1.0f : -1.0f (the transposed rotation)
    sin_sign = np.float32(-1.0 if backward else 1.0)
    cache_args = (pos4, n_slots, theta_scale, f_scale, ff, lo, hi, f_ext, f_attn, sin_sign,
                  layout, sect, bool(fma))
    return mode, n_dims, cache_args


def _check_variant(variant) -> None:
    if not isinstance(variant, str) or variant not in VARIANTS:
        _fail(f"rope_ext: unknown variant {variant!r}; use one of {', '.join(map(repr, VARIANTS))}.")


def rope_cache(pos: np.ndarray, head_dim: int, freq_factors: np.ndarray | None = None, *, n_dims: int,
               mode: int, n_ctx_orig: int = 0, freq_base: float = 10000.0, freq_scale: float = 1.0,
               ext_factor: float = 0.0, attn_factor: float = 1.0, beta_fast: float = 32.0,
               beta_slow: float = 1.0, sections: Sequence[int] | None = None, backward: bool = False,
               fma: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """GGML's per-token cos/sin cache (ops.cpp ``ggml_[m]rope_cache_init``), float32.

    Returns ``(cos, sin)``, each (n_tokens, n_slots) with n_slots = n_dims/2 (VISION: n_dims);
    slot k rotates pair k of :func:`rope_ext`. ``sin`` is already negated when ``backward``.
    Arguments as in :func:`rope_ext`; ``pos`` length decides n_tokens.
    """
    head_dim = _check_int("head_dim", head_dim, lo=0)
    m = _check_mode(mode)
    if not isinstance(pos, np.ndarray) or pos.ndim != 1:
        _fail("rope_cache: pos must be a 1-D numpy int32 array; use np.asarray(pos, dtype=np.int32).")
    n_tokens = pos.shape[0] // 4 if m & ROPE_TYPE_MROPE else pos.shape[0]
    _, _, cache_args = _prepare(head_dim, pos, freq_factors, n_dims, mode, n_ctx_orig, freq_base,
                                freq_scale, ext_factor, attn_factor, beta_fast, beta_slow, sections,
                                backward, n_tokens, fma)
    return _cache_kernel(*cache_args)


def rope_ext(a: np.ndarray, pos: np.ndarray, freq_factors: np.ndarray | None = None, *, n_dims: int,
             mode: int, n_ctx_orig: int = 0, freq_base: float = 10000.0, freq_scale: float = 1.0,
             ext_factor: float = 0.0, attn_factor: float = 1.0, beta_fast: float = 32.0,
             beta_slow: float = 1.0, sections: Sequence[int] | None = None, backward: bool = False,
             device=None, variant: str = "accurate", fma: bool = True) -> np.ndarray:
    """GGML's RoPE: ``ggml_rope_ext`` / ``ggml_rope_multi`` (and ``_back`` with backward=True).

    a: (n_tokens, n_head, head_dim) or (ne3, n_tokens, n_head, head_dim), float32 or float16,
    GGML's ne order reversed (head_dim = ne0 last). pos: int32, one per token (ne2), or
    4*n_tokens laid out [t | h | w | e] for MROPE (8), VISION (24) and IMROPE (40); every head
    and every ne3 slice of a token uses that token's position. freq_factors: optional float32,
    each pair's angle is divided by its factor.

    Pair k (k < n_dims/2) is rotated by ``theta_k = freq_scale * pos * theta_scale**k / ff[k]``
    (iterative float32, plus YaRN when ext_factor != 0), scaled by attn_factor:
    NORMAL (0) rotates (x[2k], x[2k+1]); NEOX (2), MROPE, IMROPE rotate (x[k], x[k+n_dims/2]);
    VISION rotates (x[k], x[k+n_dims]) for k < n_dims = head_dim/2. Elements at or beyond
    n_dims pass through unchanged (bit for bit). backward=True is ``ggml_rope_ext_back``:
    the same op with sin negated, i.e. the transpose (the gradient), not the inverse when
    attn/YaRN scaling != 1. float16 is converted to float32, computed, rounded back (RNE).

    fma: True matches GGML built natively with FMA contraction (the default build on x86-64
    with FMA, as ggml-python installs it); False matches a build without contraction (see the
    module docstring). device: None computes the reference here; a tensix device (tm.CreateDevice(0))
    runs the op as kernels on the simulated chip (tensix.ggml.rope_device, all 64 cores; fma is then
    irrelevant). variant: the device's SFPU computation ("accurate", "exp_21f", "exp_24f"; see
    tensix.ggml.rope_sfpu), ignored for device=None.

    Raises RopeArgumentError (a TensixError and ValueError) for anything GGML would reject.
    """
    _check_variant(variant)
    a = _check_array(a, device)
    head_dim = a.shape[-1]
    n_tokens = a.shape[-3]
    mode, n_dims, cache_args = _prepare(head_dim, pos, freq_factors, n_dims, mode, n_ctx_orig,
                                        freq_base, freq_scale, ext_factor, attn_factor, beta_fast,
                                        beta_slow, sections, backward, n_tokens, fma)
    if device is not None:
        # RoPE as reader/compute/writer kernels on the simulated chip (tensix.ggml.rope_device);
        # arguments were validated above exactly as for the reference.
        from tensix.ggml.rope_device import rope_device
        return rope_device(a, pos, freq_factors, n_dims=n_dims, mode=mode, n_ctx_orig=n_ctx_orig,
                           freq_base=freq_base, freq_scale=freq_scale, ext_factor=ext_factor,
                           attn_factor=attn_factor, beta_fast=beta_fast, beta_slow=beta_slow,
                           sections=sections, backward=backward, device=device, variant=variant)

    cos_c, sin_c = _cache_kernel(*cache_args)
    a4 = a.reshape((1,) + a.shape) if a.ndim == 3 else a
    a32 = a4.astype(np.float32)  # float16 -> float32 is exact, as GGML's to_f32
    if mode == ROPE_TYPE_NORMAL:
        sl0, sl1 = slice(0, n_dims, 2), slice(1, n_dims, 2)
    elif mode == ROPE_TYPE_VISION:
        sl0, sl1 = slice(0, n_dims), slice(n_dims, 2 * n_dims)
    else:
        half = n_dims // 2
        sl0, sl1 = slice(0, half), slice(half, n_dims)
    x0 = np.ascontiguousarray(a32[..., sl0])
    x1 = np.ascontiguousarray(a32[..., sl1])
    n_fused = _fused_pairs(bool(cache_args[-1]), mode, a.dtype, x0.shape[-1])
    y0, y1 = _rotate_kernel(x0, x1, cos_c, sin_c, n_fused)
    # Untouched elements are copied from a itself (GGML copies the raw values, NaN payloads too).
    out = np.array(a4, dtype=a.dtype, copy=True, order="C")
    out[..., sl0] = y0.astype(a.dtype)  # float32 -> float16 rounds to nearest even, as from_f32
    out[..., sl1] = y1.astype(a.dtype)
    return out.reshape(a.shape)
