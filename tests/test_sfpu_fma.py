"""Differential and property tests of the Wormhole SFPMAD model (tensix.sfpu.fma).

`_reference_mad` below is a second, independent implementation written from the *description* of the
Wormhole datapath (ISA SFPMAD.md "IEEE754 conformance / divergence"; tt-isa-documentation
Miscellaneous/FMA/README.md; facts sheet section 3 "SFPMAD family"). It works on whole numpy arrays and
on *values*: significands and the exact product are float64 numbers (exact: at most 48 significant
bits), every quantisation is an explicit floor on a power-of-two grid with an explicit sticky rule, and
the leading-one position comes from np.frexp. tensix.sfpu.fma works on integer bit fields in a scalar
numba kernel. Agreement of the two on millions of operands, plus hand-derived expected bit patterns
for documented edge cases, is the evidence that the model is right.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from tensix.errors import SfpuError, TensixError
from tensix.sfpu.fma_model import FmaOperandError, fma, mad_bits

ONE = 0x3F800000
SIGN = 1 << 31
NAN_BASE = 0x7F800001


# ----------------------------------------------------------------------------------------------------
# Independent reference (vectorised numpy, value-based)
# ----------------------------------------------------------------------------------------------------

def _floor_sticky(x, always):
    """Quantise non-negative float64 `x` to an integer: floor, then mark inexactness in bit 0.

    always=True: round-to-odd (the product narrowed to the addend's grid keeps a sticky bit).
    always=False: "semi-sticky" alignment: the mark is only set if something is left (README: a value
    shifted out completely becomes 0).
    """
    q = np.floor(x)
    inexact = x != q
    if not always:
        inexact &= q > 0
    return q + (inexact & (np.fmod(q, 2) == 0))


def _reference_mad(a, b, c):
    a = a.astype(np.int64)
    b = b.astype(np.int64)
    c = c.astype(np.int64)
    ea, eb, ec = ((x >> 23) & 0xFF for x in (a, b, c))
    fa, fb, fc = ((x & 0x7FFFFF) for x in (a, b, c))
    neg_p = ((a ^ b) >> 31) & 1
    neg_c = (c >> 31) & 1
    # Significands with the hidden bit; exponent field 0 reads as zero (denormals flushed).
    sig = lambda e, f: np.where(e > 0, f + (1 << 23), 0).astype(np.float64)  # noqa: E731
    A, B, C = sig(ea, fa), sig(eb, fb), sig(ec, fc)

    # Grid of exponent e: unit 2**(e - 127 - 26) (hidden bit at 2**26, three extra bits below fp32).
    # The exact product A*B*2**(ea+eb-300) on the grid of pe = ea+eb-127 is A*B / 2**20.
    pe = ea + eb - 127
    P = _floor_sticky(np.ldexp(A * B, -20), always=True)
    Cg = C * 8.0

    nan_a = (ea == 255) & (fa != 0)
    nan_b = (eb == 255) & (fb != 0)
    nan_c = (ec == 255) & (fc != 0)
    inf_c = (ec == 255) & (fc == 0)
    special = (ea == 255) | (eb == 255) | (ec == 255) | (pe >= 255)
    invalid = nan_a | nan_b | ((ea == 255) & (eb == 0)) | ((eb == 255) & (ea == 0))
    prod_inf = (ea == 255) | (eb == 255) | (pe >= 255)
    nan_from_p = special & (invalid | (inf_c & prod_inf & (neg_c != neg_p)))
    nan_from_c = special & ~nan_from_p & nan_c
    give_c = special & ~nan_from_p & ~nan_from_c & inf_c
    give_pinf = special & ~nan_from_p & ~nan_from_c & ~inf_c
    nan = np.where(nan_from_p, (neg_p << 31) | NAN_BASE, np.where(nan_from_c, (neg_c << 31) | NAN_BASE, 0))
    pe = np.where(special, np.minimum(pe, 255), pe)

    # A zero product, or one below exponent 0, is exactly zero.
    p_zero = (A * B == 0) | (pe < 0)
    give_z = p_zero & (nan == 0) & ~give_c & ~give_pinf
    P = np.where(p_zero, 0.0, P)
    pe = np.where(p_zero, 0, pe)

    # Align both to the larger exponent (exact power-of-two scaling, then semi-sticky floor).
    re = np.maximum(pe, ec)
    P = _floor_sticky(np.ldexp(P, pe - re), always=False)
    Cg = _floor_sticky(np.ldexp(Cg, ec - re), always=False)
    S = np.where(neg_p == 1, -P, P) + np.where(neg_c == 1, -Cg, Cg)
    neg_r = (S < 0).astype(np.int64)
    M = np.abs(S)

    # Normalise: leading one to 2**26. For a right shift only the old LSB survives as sticky.
    _, ex = np.frexp(M)
    n = ex.astype(np.int64) - 27
    E = re + n
    scaled = np.ldexp(M, -n)
    R = np.where(n <= 0, scaled, np.floor(scaled))
    lsb_lost = (n > 0) & (np.fmod(M, 2) == 1) & (np.fmod(R, 2) == 0)
    R = R + lsb_lost
    # Round to nearest even on the three extra bits.
    Mt = np.floor(R / 8)
    g = R - 8 * Mt
    up = (g > 4) | ((g == 4) & (np.fmod(Mt, 2) == 1))
    bits = (E << 23) + (Mt.astype(np.int64) - (1 << 23)) + up
    ok = (M > 0) & (E >= 0) & (E < 255) & (bits >= (1 << 23))
    overflow = (M > 0) & (E >= 255)
    finite = np.where(ok, (neg_r << 31) | bits, np.where(overflow, (neg_r << 31) | 0x7F800000, 0))
    with_nan = np.where(ok, nan | bits, nan)
    out = np.where(nan != 0, with_nan, finite)
    out = np.where(give_z, np.where(ec > 0, c, 0), out)
    out = np.where(give_c, c, out)
    out = np.where(give_pinf, (neg_p << 31) | 0x7F800000, out)
    return out.astype(np.uint32)


# ----------------------------------------------------------------------------------------------------
# Operand generators
# ----------------------------------------------------------------------------------------------------

def _pack(rng, sign, exp, man):
    n = len(exp)
    if sign is None:
        sign = rng.integers(0, 2, n)
    return ((np.asarray(sign, np.uint64) << 31) | (np.asarray(exp, np.uint64) << 23)
            | np.asarray(man, np.uint64)).astype(np.uint32)


def _random_bits(rng, n):
    return [rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32) for _ in range(3)]


def _close_exponents(rng, n):
    """c's exponent within 3 of the product's: heavy cancellation and carries."""
    ea = rng.integers(1, 255, n)
    eb = rng.integers(90, 165, n)
    ec = np.clip(ea + eb - 127 + rng.integers(-3, 4, n), 0, 255)
    man = lambda: rng.integers(0, 2**23, n)  # noqa: E731
    return _pack(rng, None, ea, man()), _pack(rng, None, eb, man()), _pack(rng, None, ec, man())


def _near_negated_product(rng, n):
    """c = -(fp32 rounding of a*b) +- a few ulps: cancellation down to the sticky bits."""
    man = lambda: rng.integers(0, 2**23, n)  # noqa: E731
    a = _pack(rng, None, rng.integers(64, 190, n), man())
    b = _pack(rng, None, rng.integers(64, 190, n), man())
    p = (a.view(np.float32).astype(np.float64) * b.view(np.float32)).astype(np.float32).view(np.uint32)
    c = (p ^ np.uint32(SIGN)) + rng.integers(-4, 5, n).astype(np.uint32)
    return a, b, c


def _extreme_products(rng, n):
    """Exponent fields summing near 127 (product underflow) and 381/382 (product overflow)."""
    ea = rng.integers(1, 255, n)
    target = rng.choice(np.array([125, 126, 127, 128, 380, 381, 382, 383]), n)
    eb = np.clip(target - ea, 1, 254)
    man = lambda: rng.integers(0, 2**23, n)  # noqa: E731
    ec = rng.choice(np.array([0, 1, 2, 3, 20, 126, 127, 252, 253, 254, 255]), n)
    mc = rng.choice(np.array([0, 1, 0x400000, 0x7FFFFF]), n)
    return _pack(rng, None, ea, man()), _pack(rng, None, eb, man()), _pack(rng, None, ec, mc)


def _special_grid(rng, n):
    """Exponents and mantissas from a small set of boundary values: zeros, denormals, Inf, NaN, ..."""
    ex = np.array([0, 1, 2, 63, 64, 125, 126, 127, 128, 190, 253, 254, 255])
    mx = np.array([0, 1, 2, 3, 0x400000, 0x400001, 0x7FFFFE, 0x7FFFFF])
    pick = lambda: _pack(rng, None, rng.choice(ex, n), rng.choice(mx, n))  # noqa: E731
    return pick(), pick(), pick()


def _assert_same(a, b, c):
    got = fma(a, b, c)
    want = _reference_mad(a, b, c)
    bad = np.flatnonzero(got != want)
    detail = [
        f"a={a[i]:#010x} b={b[i]:#010x} c={c[i]:#010x}: tensix {got[i]:#010x}, reference {want[i]:#010x}"
        for i in bad[:10]
    ]
    assert bad.size == 0, f"{bad.size} mismatches of {a.size}:\n" + "\n".join(detail)


@pytest.mark.parametrize(
    "gen, n",
    [
        (_random_bits, 400_000),
        (_close_exponents, 300_000),
        (_near_negated_product, 200_000),
        (_extreme_products, 150_000),
        (_special_grid, 150_000),
    ],
)
def test_differential_random(gen, n):
    rng = np.random.default_rng(0x5F9AD + n)
    _assert_same(*gen(rng, n))


@pytest.mark.parametrize("gen", [_random_bits, _close_exponents, _extreme_products, _special_grid])
def test_mul_lanes_is_sfpmad_with_a_zero_addend(gen):
    """fma_model.mul_rows (the interpreter's SFPMUL path: a float32 multiply where the product
    is a normal float32, mad_bits elsewhere) against the independent reference with c = +0."""
    from tensix.sfpu.fma_model import _lanes_loop

    rng = np.random.default_rng(0xA11)
    a, b, _ = gen(rng, 300_000)
    got = np.empty_like(a)
    _lanes_loop(1, a, b, a, got)
    want = _reference_mad(a, b, np.zeros_like(a))
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, [(hex(a[i]), hex(b[i]), hex(got[i]), hex(want[i])) for i in bad[:5]]


def _addends(rng, n):
    """Addend pairs for SFPADD: exponents up to 60 apart, near-cancellations, sums near the denormal range."""
    eb = rng.integers(1, 255, n)
    ec = np.clip(eb + rng.integers(-60, 61, n), 0, 255)
    b = _pack(rng, None, eb, rng.integers(0, 2**23, n))
    c = _pack(rng, None, ec, rng.integers(0, 2**23, n))
    k = n // 4
    c[:k] = ((b[:k] ^ np.uint32(SIGN)).astype(np.int64) + rng.integers(-3, 4, k)).astype(np.uint32)
    low = slice(k, k + n // 8)
    b[low] = _pack(rng, None, rng.integers(1, 4, n // 8), rng.integers(0, 2**23, n // 8))
    c[low] = _pack(rng, None, rng.integers(1, 4, n // 8), rng.integers(0, 2**23, n // 8))
    return b, c


@pytest.mark.parametrize("unit", [ONE, ONE | SIGN])
@pytest.mark.parametrize("gen", [_random_bits, _close_exponents, _near_negated_product, _special_grid, "addends"])
def test_add_lanes_is_sfpmad_with_a_unit_factor(gen, unit):
    """fma_model.add_rows (the interpreter's path for SFPADD and SFPI's x - y: a float32 sum
    where both addends and the sum are normal, mad_bits elsewhere) against the independent reference."""
    from tensix.sfpu.fma_model import _lanes_loop

    rng = np.random.default_rng(0xADD + unit % 7)
    if gen == "addends":
        b, c = _addends(rng, 300_000)
    else:
        _, b, c = gen(rng, 300_000)
    a = np.full_like(b, unit)
    got = np.empty_like(b)
    _lanes_loop(2, a, b, c, got)
    want = _reference_mad(a, b, c)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, [(hex(b[i]), hex(c[i]), hex(got[i]), hex(want[i])) for i in bad[:5]]


def test_differential_sfpadd_and_sfpmul_forms():
    rng = np.random.default_rng(11)
    n = 200_000
    a, b, c = _close_exponents(rng, n)
    ones = np.full(n, ONE, np.uint32)
    _assert_same(ones, b, c)  # SFPADD: 1.0 * b + c
    _assert_same(a, b, np.zeros(n, np.uint32))  # SFPMUL: a * b + 0
    x, y, z = _random_bits(rng, n)
    _assert_same(ones, y, z)
    _assert_same(x, y, np.zeros(n, np.uint32))


# ----------------------------------------------------------------------------------------------------
# Hand-derived edge cases (expected values worked out from the documented rules, not from either model)
# ----------------------------------------------------------------------------------------------------

EDGE_CASES = [
    # (a, b, c, expected, why)
    (ONE, ONE, 0x00000000, ONE, "1*1+0"),
    (ONE, 0x40000000, ONE, 0x40400000, "1*2+1 = 3"),
    (0x00000000, ONE, 0x80000000, 0x00000000, "0*1 + -0 = +0 (MAD never emits -0)"),
    (0x80000000, ONE, 0x80000000, 0x00000000, "-0*1 + -0 = +0"),
    (ONE, ONE, 0xBF800000, 0x00000000, "exact cancellation 1 - 1 = +0"),
    (0xBF800000, ONE, ONE, 0x00000000, "exact cancellation -1 + 1 = +0"),
    (0x00000001, 0x7F000000, 0x00000000, 0x00000000, "denormal a flushed: 0 * 2^127"),
    (ONE, ONE, 0x00400000, ONE, "denormal addend flushed: 1 + denormal = 1"),
    (0x00000000, ONE, 0x00400000, 0x00000000, "zero product and denormal addend: +0"),
    (0x00000000, ONE, 0xC0000000, 0xC0000000, "zero product returns the addend bits"),
    (0x7F800000, ONE, ONE, 0x7F800000, "+Inf*1+1 = +Inf"),
    (0xFF800000, ONE, ONE, 0xFF800000, "-Inf*1+1 = -Inf"),
    (ONE, ONE, 0xFF800000, 0xFF800000, "finite + -Inf = -Inf (addend returned)"),
    (0x7F800000, 0x00000000, 0x00000000, 0x7F800001, "Inf*0: NaN with the mantissa LSB set"),
    (0x7F800000, 0x00000001, 0x00000000, 0x7F800001, "Inf*denormal = Inf*0: NaN"),
    (0x7F800000, 0x80000000, 0x3FC00000, 0xFFC00001, "Inf*-0 + 1.5: NaN, then 1.5's bits leak in"),
    (ONE, 0x7F800000, 0xFF800000, 0x7F800001, "Inf - Inf = NaN"),
    (0x7FC12345, ONE, 0x00000000, 0x7F800001, "NaN payload not propagated"),
    (0xFFC00000, 0x3F000000, 0x00000000, 0xFFC00001, "NaN*0.5: sign kept, mantissa leaks"),
    (ONE, ONE, 0xFFC00000, 0xFF800001, "NaN addend: its sign | 0x7f800001"),
    (0x7F7FFFFF, ONE, 0x00000000, 0x7F7FFFFF, "max finite * 1"),
    (0x7F7FFFFF, 0x40000000, 0x00000000, 0x7F800000, "max finite * 2 = Inf (exponent pre-check)"),
    (ONE, 0x7F7FFFFF, 0x7F7FFFFF, 0x7F800000, "max + max = Inf"),
    (0x7F000000, 0x40000000, 0xFF400000, 0x7F800000, "2^127*2 - 1.5*2^127: Inf, not 2^126 (partial fusion)"),
    (0x7F000000, 0x40000000, 0xFF800000, 0x7F800001, "overflowing finite product vs -Inf: NaN"),
    (0x00800000, ONE, 0x00000000, 0x00800000, "min normal * 1"),
    (0x00800000, 0x3F000000, 0x00000000, 0x00000000, "min normal * 0.5 is denormal: +0"),
    (0x80800000, 0x3F000000, 0x00000000, 0x00000000, "-min normal * 0.5: +0, sign discarded"),
    (0x20000001, 0x1FFFFFFE, 0x00000000, 0x00800000, "(2 - 2^-45) * 2^-127 rounds up to min normal"),
    (0x1FFFFFFF, 0x20000000, 0x00000000, 0x00000000, "(2 - 2^-23) * 2^-127 stays below: +0 (IEEE: 2^-126)"),
    (0x1F800000, 0x1FC00000, 0x00800000, 0x00800000, "underflowing product counts as 0"),
    (0x3F800001, 0x3F800001, 0xBF800002, 0x32800000, "(1+u)^2 - (1+2u): sticky gives 2^-26"),
]


@pytest.mark.parametrize("a, b, c, expected, why", EDGE_CASES, ids=[e[4] for e in EDGE_CASES])
def test_edge_cases(a, b, c, expected, why):
    arr = lambda v: np.array([v], np.uint32)  # noqa: E731
    assert int(mad_bits(np.uint32(a), np.uint32(b), np.uint32(c))) == expected, why
    assert int(fma(arr(a), arr(b), arr(c))[0]) == expected, why
    assert int(_reference_mad(arr(a), arr(b), arr(c))[0]) == expected, why


def test_n_equals_two_sticky_quirk():
    """Right shift by 2 in normalisation keeps only the old bit 0 as sticky (README: hardware bug).

    Hand case: a = 1.75 (0x3fe00000, so a*b has no bits below the narrowed grid), b = 1.875 + 3*2^-23,
    c = 1 + 5*2^-23. On the common grid (unit 2^-26 at exponent 127) the sum is 274*2^20 + 82, whose low
    six bits are 010010: after the shift by 2 the kept bits end in ...0|100 (a tie, even mantissa), and
    the dropped bit 1 would have made it "above half". Wormhole rounds down to 0x40890002; the exact
    fused result rounds up to 0x40890003.
    """
    a, b, c = 0x3FE00000, 0x3FF00003, 0x3F800005
    assert int(mad_bits(np.uint32(a), np.uint32(b), np.uint32(c))) == 0x40890002
    assert _round_fp32(_value(a) * _value(b) + _value(c)) == 0x40890003
    arr = lambda v: np.array([v], np.uint32)  # noqa: E731
    assert int(_reference_mad(arr(a), arr(b), arr(c))[0]) == 0x40890002

    # Random operands that all take the n == 2 path: product in [3.06, 4), addend in [1, 2) at the
    # product's exponent, so the sum carries into bit 28. a's mantissa is a multiple of 2^20, so the
    # product is exact on the narrowed grid (no sticky from narrowing) and only the quirk can lose
    # information: against the exact fused result rounded once, some results are 1 ulp low, none high.
    rng = np.random.default_rng(3)
    n = 100_000
    a = _pack(rng, np.zeros(n), np.full(n, 127), rng.choice(np.array([0x600000, 0x700000]), n))
    b = _pack(rng, np.zeros(n), np.full(n, 127), rng.integers(0x600000, 0x800000, n))
    c = _pack(rng, np.zeros(n), np.full(n, 127), rng.integers(0, 0x800000, n))
    got = fma(a, b, c)
    np.testing.assert_array_equal(got, _reference_mad(a, b, c))
    m = 3000
    exact = [_round_fp32(_value(x) * _value(y) + _value(z)) for x, y, z in zip(a[:m], b[:m], c[:m])]
    diff = np.array(exact, np.int64) - got[:m].astype(np.int64)
    assert set(np.unique(diff)) <= {0, 1}
    assert (diff == 1).any()


# ----------------------------------------------------------------------------------------------------
# Properties
# ----------------------------------------------------------------------------------------------------

def _normals(rng, n, lo, hi):
    return _pack(rng, None, rng.integers(lo, hi, n), rng.integers(0, 2**23, n))


def test_sfpmul_equals_ieee_on_normal_results():
    """SFPMUL (c = +0) equals float32 RNE multiply when the exact product is a normal float32.

    ISA SFPMAD.md: "If multiplying by one or adding zero, then the partially fused operation is
    equivalent to a standalone add or standalone multiply"; facts sheet section 3 own check.
    """
    rng = np.random.default_rng(5)
    n = 300_000
    a = _normals(rng, n, 1, 255)
    b = _normals(rng, n, 1, 255)
    exact = np.abs(a.view(np.float32).astype(np.float64) * b.view(np.float32).astype(np.float64))
    with np.errstate(over="ignore", under="ignore"):
        ieee = (a.view(np.float32) * b.view(np.float32)).view(np.uint32)
    keep = (exact >= 2.0**-126) & np.isfinite(ieee.view(np.float32))
    assert keep.sum() > 100_000
    got = fma(a, b, np.zeros(n, np.uint32))
    np.testing.assert_array_equal(got[keep], ieee[keep])


def test_sfpadd_equals_ieee_on_normal_results():
    """SFPADD (b = 1.0) equals float32 RNE add when the exact sum is normal (or exactly zero -> +0)."""
    rng = np.random.default_rng(6)
    n = 300_000
    ea = rng.integers(1, 255, n)
    ec = np.clip(ea + rng.integers(-40, 41, n), 1, 254)
    a = _pack(rng, None, ea, rng.integers(0, 2**23, n))
    c = _pack(rng, None, ec, rng.integers(0, 2**23, n))
    # Some exact cancellations too.
    c[:1000] = a[:1000] ^ np.uint32(SIGN)
    exact = np.abs(a.view(np.float32).astype(np.float64) + c.view(np.float32).astype(np.float64))
    with np.errstate(over="ignore"):
        ieee = (a.view(np.float32) + c.view(np.float32)).view(np.uint32)
    keep = ((exact >= 2.0**-126) | (exact == 0)) & np.isfinite(ieee.view(np.float32))
    got = fma(np.full(n, ONE, np.uint32), a, c)
    np.testing.assert_array_equal(got[keep], ieee[keep])
    assert (got[:1000] == 0).all()


def _value(bits) -> Fraction:
    """Exact value of a finite float32 bit pattern (denormals as IEEE reads them)."""
    bits = int(bits)
    e, f = (bits >> 23) & 0xFF, bits & 0x7FFFFF
    if e == 0:
        mag = Fraction(f, 1 << 23) * Fraction(2) ** -126
    else:
        mag = Fraction(f | (1 << 23), 1 << 23) * Fraction(2) ** (e - 127)
    return -mag if bits >> 31 else mag


def _round_fp32(q: Fraction) -> int:
    """IEEE754 float32 round-to-nearest-even of an exact rational; returns the bit pattern (+0 for 0)."""
    if q == 0:
        return 0
    sign = SIGN if q < 0 else 0
    q = abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    e = max(e, -126)
    m = q / Fraction(2) ** (e - 23)
    k = m.numerator // m.denominator
    rem = m - k
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and k % 2 == 1):
        k += 1
    if k == 1 << 24:
        k, e = 1 << 23, e + 1
    if e > 127:
        return sign | 0x7F800000
    field = e + 127 if k >= 1 << 23 else 0
    return sign | (field << 23) | (k & 0x7FFFFF)


def test_partial_fusion_differs_from_true_fma():
    """The documented partial fusion: results differ from an IEEE fused multiply-add in some cases.

    (numpy has no fma; the exact fused result is computed with fractions and rounded once.)
    """
    documented = [
        # (a, b, c, wormhole, ieee fma)
        (0x3F800001, 0x3F800001, 0xBF800002, 0x32800000, 0x28800000),  # narrowed product: 2^-26 vs 2^-46
        (0x7F000000, 0x40000000, 0xFF400000, 0x7F800000, 0x7E800000),  # product exponent overflow
        (0x1F800000, 0x1FC00000, 0x00800000, 0x00800000, 0x00B00000),  # product underflow counts as 0
    ]
    for a, b, c, wh, ieee in documented:
        assert _round_fp32(_value(a) * _value(b) + _value(c)) == ieee
        assert int(mad_bits(np.uint32(a), np.uint32(b), np.uint32(c))) == wh

    rng = np.random.default_rng(9)
    a, b, c = _close_exponents(rng, 4000)
    keep = ((a >> 23) & 0xFF > 0) & ((a >> 23) & 0xFF < 255) & ((b >> 23) & 0xFF < 255)
    keep &= ((c >> 23) & 0xFF > 0) & ((c >> 23) & 0xFF < 255)
    ea, eb = (a >> 23) & 0xFF, (b >> 23) & 0xFF
    keep &= (ea.astype(int) + eb - 127 > 30) & (ea.astype(int) + eb - 127 < 220)
    a, b, c = a[keep], b[keep], c[keep]
    got = fma(a, b, c)
    true = np.array([_round_fp32(_value(x) * _value(y) + _value(z)) for x, y, z in zip(a, b, c)], np.int64)
    differs = got.astype(np.int64) != true
    assert 0 < differs.mean() < 0.2


# ----------------------------------------------------------------------------------------------------
# API
# ----------------------------------------------------------------------------------------------------

def test_fma_broadcasting_and_shapes():
    x = np.array([[ONE, 0x40000000], [0x40400000, 0x40800000]], np.uint32)
    out = fma(x, np.uint32(0x40000000), np.zeros((1, 2), np.uint32))
    assert out.shape == (2, 2) and out.dtype == np.uint32
    np.testing.assert_array_equal(out.view(np.float32), [[2.0, 4.0], [6.0, 8.0]])
    # Non-contiguous input views are fine.
    y = np.arange(20, dtype=np.float32).view(np.uint32)[::2]
    even = np.arange(0, 20, 2.0)
    np.testing.assert_array_equal(fma(y, y, y).view(np.float32), even**2 + even)
    assert fma(np.zeros(0, np.uint32), np.zeros(0, np.uint32), np.zeros(0, np.uint32)).shape == (0,)


def test_fma_rejects_bad_operands():
    good = np.zeros(4, np.uint32)
    with pytest.raises(FmaOperandError, match="dtype float32"):
        fma(np.zeros(4, np.float32), good, good)
    with pytest.raises(FmaOperandError, match="dtype int64"):
        fma(good, np.zeros(4, np.int64), good)
    with pytest.raises(FmaOperandError, match="int"):
        fma(good, good, 3)
    with pytest.raises(FmaOperandError, match="do not broadcast"):
        fma(good, np.zeros(3, np.uint32), good)
    assert issubclass(FmaOperandError, SfpuError) and issubclass(FmaOperandError, TensixError)


def test_public_name_is_the_function():
    """The issue's API: tensix.sfpu.fma(a, b, c) on uint32 arrays of any equal shape."""
    import tensix.sfpu

    a = np.full((2, 3), 0x3F800000, np.uint32)
    out = tensix.sfpu.fma(a, a, a)
    assert out.shape == (2, 3) and out.dtype == np.uint32 and (out == 0x40000000).all()
