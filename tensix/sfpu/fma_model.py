"""Wormhole SFPMAD arithmetic, bit for bit: ``a * b + c`` on float32 bit patterns.

Every floating-point add, multiply and multiply-add of the Wormhole Vector Unit (SFPU) goes through one
datapath: SFPMAD (``VD = VA * VB + VC``); SFPADD is SFPMAD with ``VA = LReg10 = 1.0``, SFPMUL is SFPMAD
with ``VC = LReg9 = 0``, SFPADDI/SFPMULI use a BF16 immediate, and SFPLUT/SFPLUTFP32 do the same
arithmetic. ``mad_bits`` is that datapath for one lane; ``mad_rows`` applies it to whole registers (a
branch-free SIMD loop for ordinary operands, ``mad_bits`` for specials), and ``fma`` to numpy arrays.

Sources
-------
- ISA: ``WormholeB0/TensixTile/TensixCoprocessor/SFPMAD.md``, section "IEEE754 conformance / divergence":
  denormal inputs read as zero; NaN/Inf follow IEEE754 rules but an emitted NaN has the mantissa LSB set
  (other mantissa bits and the sign may also be set); multiply and add are *partially* fused; one
  round-to-nearest-even; denormal or negative-zero outputs become +0.
- [FMA] tenstorrent/tt-isa-documentation ``Miscellaneous/FMA/fma.c`` (``fma_model_wh``) and its
  ``README.md``: the bit-exact model of that datapath. This module is an independent implementation of
  the behaviour described there (not a transliteration).
- Facts sheet (/work/shared/reference/tensix_facts.md) section 3, "SFPMAD family -- exact arithmetic".

The model, step by step (value of a magnitude ``m`` at exponent ``e`` is ``m * 2**(e - 127 - 26)``, i.e.
mantissas carry the hidden bit at bit 26 and three guard/round/sticky bits below the fraction):

1. Unpack. An exponent field of 0 means zero: denormal inputs are flushed (mantissa 0).
2. Product ``a_m * b_m`` (48 bits) is *narrowed to the addend's scale*: shifted right by 20 (so it has
   one possible extra top bit, 23 fraction bits and 3 extra bits) with the OR of the 20 dropped bits as a
   sticky bit. It is not rounded to float32. Its exponent is ``a_e + b_e - 127``.
3. Specials (any exponent field 255, or the product's exponent ``>= 255`` before normalisation):
   invalid product (NaN operand, Inf * 0) or Inf - Inf (an Inf or pre-normalisation-overflowing product
   against an opposite-sign Inf addend) gives the pending NaN ``product_sign | 0x7f800001``; else a NaN
   addend gives ``addend_sign | 0x7f800001``; else an Inf addend is returned unchanged; else the product
   is Inf and ``product_sign | 0x7f800000`` is returned (so a product whose exponent fields add to
   ``>= 382`` is Inf even if the addend would have pulled the sum back into range). A pending NaN does
   not return at once: the computation continues (product exponent clamped to 255) and mantissa/exponent
   bits of the finite result can be ORed into the NaN ("later mantissa leakage").
4. A zero product or one whose exponent is below 0 (product underflow) counts as exactly zero: the
   result is the addend's bit pattern, or +0 if the addend is zero/denormal (unless a NaN is pending).
5. Align both to the larger exponent with a *semi-sticky* right shift: the dropped bits are ORed into
   the LSB only if something survived the shift; a value shifted out completely becomes 0.
6. Signed add; the sign is that of the larger aligned magnitude. A zero sum gives +0 (or the NaN).
7. Normalise so the leading 1 is at bit 26. Exponent ``>= 255``: +-Inf (or the NaN); exponent ``< 0``:
   +0 (or the NaN), sign discarded. A right shift by 1 or 2 keeps only the old bit 0 as sticky: with a
   shift of 2 the higher dropped bit is lost (a hardware bug documented in [FMA] README).
8. Round to nearest even on the three low bits. If the exponent field is then 0 the result is +0 (or
   the NaN): denormal results flush to +0 after rounding, so a value just below the smallest normal can
   still round up to it.
"""

from __future__ import annotations

import numba
import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros

from tensix.errors import SfpuError

__all__ = ["mad_bits", "mad_rows", "mul_rows", "add_rows", "unit_row", "fma", "FmaOperandError"]

_SIGN = 0x80000000
_INF = 0x7F800000
# Every NaN the MAD unit makes starts as sign | this pattern (ISA SFPMAD.md: mantissa LSB always set).
_NAN = 0x7F800001
_FRAC = 0x7FFFFF
_HIDDEN = 0x800000


class FmaOperandError(SfpuError):
    """Operands given to :func:`fma` that are not uint32 float32 bit patterns of compatible shapes."""


@numba.njit(inline="always", cache=True)
def _semi_sticky_shift_right(v, s):
    """``v >> s`` with the dropped bits ORed into bit 0, but only if the shifted value is non-zero.

    [FMA] ``semi_sticky_shift``: a value shifted out completely is 0, not a sticky 1. ``v < 2**29``, so
    any ``s >= 29`` gives 0; clamp ``s`` so the int64 shift stays defined.
    """
    s = min(s, 62)
    t = v >> s
    lost = (t << s) != v
    return t | np.int64(lost and t != 0)


@numba.njit(inline="always", cache=True)
def _unpack_and_multiply(a, b, c):
    """Steps 1 and 2 on int64 operands: (a_e, b_e, c_e, c_m, p_sign, c_sign, p_m, p_e)."""
    a_e = (a >> 23) & 0xFF
    b_e = (b >> 23) & 0xFF
    c_e = (c >> 23) & 0xFF
    # Step 1: exponent 0 is zero (denormal inputs flushed), otherwise the hidden bit is set.
    a_m = ((a & _FRAC) | _HIDDEN) * np.int64(a_e != 0)
    b_m = ((b & _FRAC) | _HIDDEN) * np.int64(b_e != 0)
    c_m = (((c & _FRAC) | _HIDDEN) * np.int64(c_e != 0)) << 3  # 3 guard/round/sticky bits
    # Step 2: product narrowed to the addend's scale with a sticky bit (not rounded to fp32).
    prod = a_m * b_m
    p_m = (prod >> 20) | np.int64((prod & 0xFFFFF) != 0)
    return a_e, b_e, c_e, c_m, (a ^ b) & _SIGN, c & _SIGN, p_m, a_e + b_e - 127


@numba.njit(inline="always", cache=True)
def mad_bits(a, b, c):
    """What Wormhole SFPMAD writes for ``a * b + c``; float32 bit patterns (np.uint32) in and out.

    Bit-exact model of the Wormhole Vector Unit multiply-add ([FMA] ``fma_model_wh``; ISA SFPMAD.md
    "IEEE754 conformance / divergence"; facts sheet section 3). See the module docstring for the steps.
    All arithmetic is done in int64: the product needs 48 bits, everything else fits in 30. Inside numba
    code the operands may be any integer type holding the 32 bits (uint32, or int32/int64 sign-extended):
    only the low 32 bits are used and the result is always np.uint32.
    """
    a = np.int64(a)
    b = np.int64(b)
    c = np.int64(c)
    a_e, b_e, c_e, c_m, p_sign, c_sign, p_m, p_e = _unpack_and_multiply(a, b, c)

    # Step 3: specials. Rare, so a branch is cheaper than computing them for every lane.
    nan = np.int64(0)
    if a_e == 255 or b_e == 255 or c_e == 255 or p_e >= 255:
        a_nan = a_e == 255 and (a & _FRAC) != 0
        b_nan = b_e == 255 and (b & _FRAC) != 0
        c_nan = c_e == 255 and (c & _FRAC) != 0
        c_inf = c_e == 255 and (c & _FRAC) == 0
        invalid_product = a_nan or b_nan or (a_e == 255 and b_e == 0) or (b_e == 255 and a_e == 0)
        # Not invalid: the product is Inf when an operand is Inf or the exponents already overflow.
        product_inf = a_e == 255 or b_e == 255 or p_e >= 255
        if invalid_product or (c_inf and product_inf and c_sign != p_sign):
            nan = p_sign | _NAN
        elif c_nan:
            nan = c_sign | _NAN
        elif c_inf:
            return np.uint32(c)
        else:
            return np.uint32(p_sign | _INF)
        p_e = min(p_e, 255)

    # Step 4: a zero or underflowing product is exactly zero.
    if p_m == 0 or p_e < 0:
        if nan == 0:
            return np.uint32(c if c_e != 0 else 0)
        p_m = np.int64(0)
        p_e = np.int64(0)

    # Step 5: align to the larger exponent with the semi-sticky shift.
    d = p_e - c_e
    r_e = max(p_e, c_e)
    p_m = _semi_sticky_shift_right(p_m, max(-d, 0))
    c_m = _semi_sticky_shift_right(c_m, max(d, 0))

    # Step 6: signed add; sign of the larger magnitude (the product's on a tie).
    if p_sign == c_sign:
        r_m = p_m + c_m
        r_sign = p_sign
    else:
        r_m = p_m - c_m
        r_sign = p_sign if r_m >= 0 else c_sign
        r_m = abs(r_m)
    if r_m == 0:
        return np.uint32(nan)

    # Step 7: normalise the leading 1 to bit 26 (n is in [-26, 2]).
    n = 37 - np.int64(leading_zeros(np.uint64(r_m)))
    r_e += n
    if r_e >= 255:
        return np.uint32(nan if nan != 0 else r_sign | _INF)
    if r_e < 0:
        return np.uint32(nan)
    if n <= 0:
        r_m <<= -n
    else:
        r_m = (r_m >> n) | (r_m & 1)  # only old bit 0 is sticky (hardware bug for n == 2)

    # Step 8: assemble, round to nearest even, flush an exponent-0 result.
    r = (r_e << 23) + ((r_m >> 3) & _FRAC)
    r += np.int64((r_m & 7) + (r & 1) > 4)
    if r < _HIDDEN:
        return np.uint32(nan)
    return np.uint32((nan if nan != 0 else r_sign) | r)


@numba.njit(cache=True)
def mad_one(a, b, c):
    """mad_bits as a compiled function of its own, for the rare lanes of the SIMD paths below: each inlined copy
    of mad_bits costs seconds of cold numba compile time in every function that inlines it."""
    return mad_bits(a, b, c)


@numba.njit(inline="always", cache=True)
def _mad_ordinary(a, b, c):
    """mad_bits without branches, for operands that are not special (step 3): returns (result, special), and
    the result is only valid when special is False. Steps 1-2 and 4-8 as in mad_bits, each choice made by
    selecting between computed values, so that a loop over lanes compiles to SIMD code (mad_bits' branches
    mispredict on real data: the add/subtract choice and the exponent cases vary from lane to lane).
    Shift counts are clamped to stay defined where a lane's value is discarded anyway."""
    a_e, b_e, c_e, c_m, p_sign, c_sign, p_m, p_e = _unpack_and_multiply(np.int64(a), np.int64(b), np.int64(c))
    special = (a_e == 255) | (b_e == 255) | (c_e == 255) | (p_e >= 255)
    product_zero = (p_m == 0) | (p_e < 0)
    d = p_e - c_e
    r_e = max(p_e, c_e)
    p_m = _semi_sticky_shift_right(p_m, max(-d, 0))
    c_m = _semi_sticky_shift_right(c_m, max(d, 0))
    sub = p_sign != c_sign
    r = p_m - c_m if sub else p_m + c_m
    r_sign = c_sign if (sub & (r < 0)) else p_sign
    r_m = abs(r)
    n = 37 - np.int64(leading_zeros(np.uint64(r_m)))
    r_e += n
    r_m = (r_m << max(-n, 0)) if n <= 0 else ((r_m >> n) | (r_m & 1))
    rr = (r_e << 23) + ((r_m >> 3) & _FRAC)
    rr += np.int64((r_m & 7) + (rr & 1) > 4)
    out = r_sign | rr
    out = np.int64(0) if rr < _HIDDEN else out
    out = np.int64(0) if r_e < 0 else out
    out = (r_sign | _INF) if r_e >= 255 else out
    out = np.int64(0) if r_m == 0 else out
    out = (np.int64(c) if c_e != 0 else np.int64(0)) if product_zero else out
    return out, special


# The register-wide forms below work on rows of one 2-D array R (the SFPU's LRegs of one state: (17, 32)), by
# row index, and are inlined where they are used: a call that passes arrays costs more than the 32 lanes' work
# (numba reference-counts every array argument and every slice), and an indexed row keeps the loops SIMD.
# RF is R viewed as float32 (one view, made by the caller once: a view costs as much as a few lanes).
# The output row may be one of the input rows (an SFPMAD whose VD is one of its sources): results go through
# the caller's scratch array first.


@numba.njit(inline="always", cache=True)
def mad_rows(R, ia, ib, ic, io, scratch):
    """R[io, i] = mad_bits(R[ia, i], R[ib, i], R[ic, i]) for every lane i: a SIMD loop over the ordinary lanes,
    then mad_bits for the (rare) special ones. scratch: uint32 array at least as long as a row."""
    n = R.shape[1]
    any_special = False
    for i in range(n):
        r, special = _mad_ordinary(R[ia, i], R[ib, i], R[ic, i])
        scratch[i] = np.uint32(r)
        any_special |= special
    if any_special:
        for i in range(n):
            a, b, c = R[ia, i], R[ib, i], R[ic, i]
            if _mad_ordinary(a, b, c)[1]:
                scratch[i] = mad_one(a, b, c)
    for i in range(n):
        R[io, i] = scratch[i]


@numba.njit(inline="always", cache=True)
def _mul_plain(a, b):
    """(zero, in range) for SFPMUL's operands, in uint32 arithmetic (one SIMD lane per operand pair).
    zero: a zero or denormal factor (read as zero: step 1) and no Inf/NaN one, so the product is exactly zero
    (step 4). In range: both operands normal (exponent fields 1..254) and the product exponent field
    a_e + b_e - 127 in 1..253, so that the exact product is a normal float32 value below 2**128 (its exponent is
    that field or one more). Unsigned wrap-around makes each range test one compare."""
    one = np.uint32(1)
    a_e = (a >> np.uint32(23)) & np.uint32(0xFF)
    b_e = (b >> np.uint32(23)) & np.uint32(0xFF)
    zero = ((a_e == np.uint32(0)) | (b_e == np.uint32(0))) & (a_e != np.uint32(255)) & (b_e != np.uint32(255))
    in_range = (((a_e - one) < np.uint32(254)) & ((b_e - one) < np.uint32(254))
                & ((a_e + b_e - np.uint32(128)) < np.uint32(253)))
    return zero, in_range


@numba.njit(inline="always", cache=True)
def mul_rows(R, RF, ia, ib, io, fs, fsb):
    """R[io, i] = mad_bits(R[ia, i], R[ib, i], 0) (SFPMUL: SFPMAD with the addend LReg9 = 0) for every lane i.

    In range (_mul_plain) the MAD unit's product is the IEEE float32 multiply rounded to nearest-even: the
    datapath narrows the exact 48-bit product to the addend's grid with a sticky bit, which is enough for one
    correct rounding, and with a zero addend nothing else happens (ISA SFPMAD.md: "if ... adding zero, then the
    partially fused operation is equivalent to a standalone ... multiply"; test_sfpu_fma checks it against the
    reference on millions of operands). The host's float32 multiply is that operation: a SIMD loop. A zero or
    denormal factor times a finite one gives +0 (the product is zero, and so is the addend: step 4), also in the
    loop. The other lanes (Inf/NaN, products near the ends of the range) take mad_bits. fs: float32 scratch at
    least as long as a row, fsb the same memory as uint32."""
    n = R.shape[1]
    odd = False
    for i in range(n):
        zero, in_range = _mul_plain(R[ia, i], R[ib, i])
        fs[i] = np.float32(0.0) if zero else RF[ia, i] * RF[ib, i]
        odd |= not (in_range | zero)
    if odd:
        for i in range(n):
            a, b = R[ia, i], R[ib, i]
            zero, in_range = _mul_plain(a, b)
            if not (in_range | zero):
                fsb[i] = mad_one(a, b, 0)
    for i in range(n):
        R[io, i] = fsb[i]


@numba.njit(inline="always", cache=True)
def unit_row(R, ia):
    """Every lane of R[ia] is +1.0 or -1.0 exactly (SFPADD's LReg10, or the -1.0 SFPI's `x - y` multiplies by)."""
    unit = True
    for i in range(R.shape[1]):
        unit &= (R[ia, i] & np.uint32(0x7FFFFFFF)) == np.uint32(0x3F800000)
    return unit


@numba.njit(inline="always", cache=True)
def _add_in_range(b, c):
    """Both addends normal with exponent fields at most 253 (so the sum stays below 2**128)."""
    b_e = (b >> np.uint32(23)) & np.uint32(0xFF)
    c_e = (c >> np.uint32(23)) & np.uint32(0xFF)
    return ((b_e - np.uint32(1)) < np.uint32(253)) & ((c_e - np.uint32(1)) < np.uint32(253))


@numba.njit(inline="always", cache=True)
def add_rows(R, RF, ia, ib, ic, io, fs, fsb):
    """R[io, i] = mad_bits(R[ia, i], R[ib, i], R[ic, i]) for every lane i, where every R[ia, i] is +-1.0
    (unit_row): SFPADD, and SFPI's subtraction SFPMAD(-1.0, y, x).

    Multiplying by one is exact, and then the MAD unit is a standalone float32 add rounded to nearest-even
    (ISA SFPMAD.md: "if multiplying by one ..., the partially fused operation is equivalent to a standalone
    add"): with both addends normal, its guard, round and sticky bits round the exact sum correctly, and an
    operand shifted out entirely (the "semi-sticky" case) is below half an ulp of the other. The host's float32
    add of +-b and c is that correctly rounded sum, and exact cancellation gives +0 as the hardware does, so the
    ordinary lanes are a SIMD loop. A zero or denormal addend (read as zero) gives the other one exactly;
    denormal sums (flushed on hardware), huge or special operands take mad_bits. test_sfpu_fma checks it
    against the reference. fs/fsb: as mul_rows'."""
    n = R.shape[1]
    odd = False
    for i in range(n):
        fs[i] = RF[ia, i] * RF[ib, i] + RF[ic, i]
        e = fsb[i] & np.uint32(0x7F800000)
        odd |= not _add_in_range(R[ib, i], R[ic, i]) or ((e == np.uint32(0)) & (fsb[i] != np.uint32(0)))
    if odd:
        for i in range(n):
            a, b, c = R[ia, i], R[ib, i], R[ic, i]
            b_e = (b >> 23) & 0xFF
            c_e = (c >> 23) & 0xFF
            if b_e == 0 and c_e != 255:     # a zero product (step 4): the addend, or +0 for a zero/denormal one
                fsb[i] = c if c_e != 0 else 0
            elif c_e == 0 and b_e != 255:   # a zero addend: the exact product +-b (no bits to round)
                fsb[i] = ((a ^ b) & np.uint32(_SIGN)) | (b & np.uint32(0x7FFFFFFF))
            elif not _add_in_range(b, c) or (((fsb[i] & np.uint32(0x7F800000)) == 0) and fsb[i] != 0):
                fsb[i] = mad_one(a, b, c)
    for i in range(n):
        R[io, i] = fsb[i]


@numba.njit(cache=True)
def _lanes_loop(kind, a, b, c, out):
    """out = the chosen register-wide form applied to arrays a, b, c of any length (for fma() and the tests):
    kind 0 mad_rows, 1 mul_rows (c unused), 2 add_rows (every a[i] must be +-1.0)."""
    n = out.shape[0]
    R = np.empty((4, n), np.uint32)
    R[0, :] = a
    R[1, :] = b
    R[2, :] = c
    RF = R.view(np.float32)
    fs = np.empty(n, np.float32)
    fsb = fs.view(np.uint32)
    if kind == 0:
        mad_rows(R, 0, 1, 2, 3, fsb)
    elif kind == 1:
        mul_rows(R, RF, 0, 1, 3, fs, fsb)
    else:
        add_rows(R, RF, 0, 1, 2, 3, fs, fsb)
    out[:] = R[3]


def fma(a, b, c) -> np.ndarray:
    """Lanewise Wormhole SFPMAD ``a * b + c`` over uint32 float32 bit-pattern arrays.

    ``a``, ``b``, ``c`` must be numpy uint32 arrays (or uint32 scalars) whose shapes broadcast together.
    Returns a new uint32 array of the broadcast shape. Semantics: :func:`mad_bits` ([FMA]
    ``fma_model_wh``; ISA SFPMAD.md). SFPADD is ``fma(one, x, y)`` with ``one = 0x3f800000``, SFPMUL is
    ``fma(x, y, zero)``.
    """
    ops = []
    for name, x in (("a", a), ("b", b), ("c", c)):
        dtype = getattr(x, "dtype", None)
        if dtype != np.uint32:
            raise FmaOperandError(
                f"fma operand {name} has dtype {dtype if dtype is not None else type(x).__name__}; "
                "SFPMAD works on float32 bit patterns. Pass np.uint32 arrays, e.g. "
                "np.asarray(values, dtype=np.float32).view(np.uint32)."
            )
        ops.append(np.asarray(x))
    try:
        ba, bb, bc = np.broadcast_arrays(*ops)
    except ValueError:
        shapes = ", ".join(str(x.shape) for x in ops)
        raise FmaOperandError(
            f"fma operand shapes {shapes} do not broadcast together; "
            "give arrays of equal shape or shapes numpy can broadcast."
        ) from None
    out = np.empty(ba.shape, dtype=np.uint32)
    _lanes_loop(0, np.ravel(ba), np.ravel(bb), np.ravel(bc), out.reshape(-1))
    return out
