"""The SFPU routines the seeds use, written in the SFPI DSL (tensix's own code from the published algorithms).

Sources (facts sheet section 5): tt-metal 2025 `ckernel_sfpu_trigonometry.h` (`sfpu_sinpi`,
`calculate_sine`, `calculate_cosine`), tt-llk `_float_to_int32_` (rounding_ops, 2025-09), tt-metal mid-2025
`_sfpu_exp_21f_` and `_sfpu_exp2_21f_`, and Moroz et al. 2022 ("Simple Multiple Precision Algorithms for
Exponential Functions", IEEE SPM 39(4)) for exp_21f/exp_24f; seed 000 for the RoPE kernel's exp_24f port
(first-segment constant 328 instead of the paper's 328.83582f) and `vector_sin_phase`.

Vector routines take and return vectors; `*_tile` functions walk a whole 32x32 tile in Dst the way the LLK
SFPU driver does: per face, 8 iterations of `dst_reg[0]` ... `dst_reg += 1`, then two SETRWC(CR_D, 8) that
move the Dst counter to the next face (16 rows) whatever the iterations did.
"""

from __future__ import annotations

from tensix.errors import SfpiError
from tensix.sfpi.intrinsics import (
    exexp,
    exman8,
    exman9,
    float_to_fp16b,
    float_to_int16,
    int32_to_float,
    setexp,
    setsgn,
    shft,
)
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import (
    dst_reg,
    emit,
    reinterpret,
    v_elseif,
    v_else,
    v_if,
    vFloat,
    vInt,
    vUInt,
)

PI = 3.1415927
PI_2 = 1.5707964
PI_4 = 0.7853982
FRAC_1_PI = 0.31830987

# sfpu_sinpi polynomial for sin(pi*x) on [-0.5, 0.5] (TRIG25; exact float32 values)
SINPI_C = (3.1415927, -5.1677151, 2.5501442, -0.59862554, 0.078222424)
SINPI_APPROX_C = (3.1412525, -5.1458025, 2.3266299)

# Moroz et al. exp_24f segments: (threshold on the fraction, d1, d2 constant, d3 constant)
EXP24F_SEGMENTS = (
    (0x600000, 0.52496276e-7, 0x81354A, 0x10A440),
    (0x400000, 0.4414393e-7, 0xCDF4B4, 0x3E4D6),
    (0x200000, 0.37120473e-7, 0x1113A74, 0x9F16),
)
EXP24F_FIRST = (0.31214472e-7, 0x151D842)
EXP24F_FIRST_D3_PAPER = 328.83582  # a float in the paper's code
EXP24F_FIRST_D3_SEED = 328  # the integer seed 000's kernel used


@sfpi_inline
def sfpu_sinpi(x, approx=False):
    """sin(pi * x) for x in [-0.5, 0.5]: odd polynomial in x (degree 9, or 5 with approx)."""
    xx = x * x
    if approx:
        c0, c1, c2 = SINPI_APPROX_C
        return x * ((c2 * xx + c1) * xx + c0)
    c0, c1, c2, c3, c4 = SINPI_C
    return x * ((((c4 * xx + c3) * xx + c2) * xx + c1) * xx + c0)


@sfpi_inline
def vector_sin_phase(v, approx=False):
    """sin(pi * v) for any v with |v| < 32767.5: reduce by the nearest integer (round half away) and flip
    the sign for odd half-turns (seed 000's `vector_sin_phase` = calculate_sine without the 1/pi)."""
    whole = float_to_int16(v, 0)
    v = v - int32_to_float(whole, 0)
    v = sfpu_sinpi(v, approx)
    with v_if(whole & 1):
        v = -v
    return v


@sfpi_inline
def calculate_sine(iterations=8, approx=False):
    """Dst rows -> sin(x) in place (tt-metal 2025 `calculate_sine`), `iterations` row groups."""
    for _ in range(iterations):
        v = dst_reg[0] * FRAC_1_PI
        dst_reg[0] = vector_sin_phase(v, approx)
        dst_reg += 1


@sfpi_inline
def calculate_cosine(iterations=8, approx=False):
    """Dst rows -> cos(x) in place: sin(pi * (x/pi + 0.5))."""
    for _ in range(iterations):
        v = dst_reg[0] * FRAC_1_PI + 0.5
        dst_reg[0] = vector_sin_phase(v, approx)
        dst_reg += 1


@sfpi_inline
def _float_to_int32_(v):
    """float -> sign-magnitude int32, truncating toward zero; |v| >= 2^31 saturates (tt-llk 2025)."""
    e = exexp(v)
    result = vInt(0)
    with v_if(e > 30):
        result = vInt(0x7FFFFFFF)
        with v_if(v < 0.0):
            result = reinterpret(vInt, setsgn(reinterpret(vFloat, result), 1))
    with v_elseif(e >= 0):
        man = exman8(v)
        result = reinterpret(vInt, shft(reinterpret(vUInt, man), e - 23))
        with v_if(v < 0.0):
            result = reinterpret(vInt, setsgn(reinterpret(vFloat, result), 1))
    return result


@sfpi_inline
def _bf16_round(y, fp32_dest):
    if not fp32_dest:
        y = reinterpret(vFloat, float_to_fp16b(y, 0))
    return y


def _split_exponent(val, scale):
    """z = int(val*scale + 127*2^23): its exponent field is the integer part of val*scale/2^23 (biased),
    its 23 fraction bits the fractional part (Moroz et al.)."""
    z = _float_to_int32_(val * scale + float(0x3F800000))
    return exexp(reinterpret(vFloat, z)), exman9(reinterpret(vFloat, z))


def _combine(d1, d2, d3, zii, fp32_dest):
    """2^fraction ~ d1*d2*d3 as an integer mantissa, then the exponent set from the integer part."""
    d2 = d1 * d2
    zif = _float_to_int32_(d2 * d3)
    return _bf16_round(setexp(reinterpret(vFloat, zif), zii + 127), fp32_dest)


@sfpi_inline
def _exp_21f_core(val, scale, floor, fp32_dest):
    """Moroz et al.'s exp_21f on `val * scale` in units of 2^-23 (tt-metal `_sfpu_exp_21f_` structure)."""
    y = vFloat(0.0)
    with v_if(val > floor):
        zii, zif = _split_exponent(val, scale)
        d1 = vFloat(0.40196114e-7)
        d2 = int32_to_float(zif + 0xF94EE7, 0)
        d3 = int32_to_float(zif + 0x560E, 0)
        y = _combine(d1, d2, d3, zii, fp32_dest)
    return y


def exp_21f(val, fp32_dest=True):
    """e**x by Moroz et al.'s exp_21f as tt-metal's `_sfpu_exp_21f_` (mid-2025): 0 below -88.
    0x00b8aa3b = log2(e) * 2^23 as a float by value (2025 SFPI has no int constructor for vFloat)."""
    return _exp_21f_core(val, float(0x00B8AA3B), -88.0, fp32_dest)


def exp2_21f(val, fp32_dest=True):
    """2**x by exp_21f (tt-metal `_sfpu_exp2_21f_`): 0 below -127."""
    return _exp_21f_core(val, float(0x00800000), -127.0, fp32_dest)


@sfpi_inline
def exp_24f(val, first_segment="seed", fp32_dest=True):
    """e**x by Moroz et al.'s exp_24f (four segments on the fraction), in the structure of `_sfpu_exp_21f_`.

    `first_segment="seed"`: seed 000's kernel, d3 = int32_to_float(328 + zif) like the other segments.
    `first_segment="paper"`: the paper's code, d3 = 328.83582f + float(zif) (a float addition)."""
    if first_segment not in ("seed", "paper"):
        raise SfpiError(f"exp_24f: first_segment is 'seed' or 'paper', not {first_segment!r}")
    y = vFloat(0.0)
    with v_if(val > -88.0):
        zii, zif = _split_exponent(val, float(0x00B8AA3B))
        (t4, a4, b4, c4), (t3, a3, b3, c3), (t2, a2, b2, c2) = EXP24F_SEGMENTS
        with v_if(zif > t4):
            d1 = vFloat(a4)
            d2 = int32_to_float(zif + b4, 0)
            d3 = int32_to_float(zif + c4, 0)
        with v_elseif(zif > t3):
            d1 = vFloat(a3)
            d2 = int32_to_float(zif + b3, 0)
            d3 = int32_to_float(zif + c3, 0)
        with v_elseif(zif > t2):
            d1 = vFloat(a2)
            d2 = int32_to_float(zif + b2, 0)
            d3 = int32_to_float(zif + c2, 0)
        with v_else():
            d1 = vFloat(EXP24F_FIRST[0])
            d2 = int32_to_float(zif + EXP24F_FIRST[1], 0)
            if first_segment == "seed":
                d3 = int32_to_float(zif + EXP24F_FIRST_D3_SEED, 0)
            else:
                d3 = int32_to_float(zif, 0) + EXP24F_FIRST_D3_PAPER
        y = _combine(d1, d2, d3, zii, fp32_dest)
    return y


def _next_face():
    """The LLK SFPU driver's face step: two SETRWC(CR_D, 8): Dst = Dst_Cr = Dst_Cr + 8, twice."""
    for _ in range(2):
        emit("SETRWC", {"DstCr": 1, "DstVal": 8, "Dst": 1}, out=False)


def _clear_dst_counter():
    emit("SETRWC", {"DstCr": 0, "DstVal": 0, "Dst": 1}, out=False)


@sfpi_inline
def _unary_tile(fn, *args):
    for _ in range(4):
        for _ in range(8):
            v = dst_reg[0]
            dst_reg[0] = fn(v, *args)
            dst_reg += 1
        _next_face()
    _clear_dst_counter()


def exp_tile(variant="exp_21f", fp32_dest=True):
    """exp over the Dst tile at the current base: 4 faces x 8 rows (LLK order). variant: exp_21f/exp_24f."""
    fn = {"exp_21f": exp_21f, "exp_24f": exp_24f}.get(variant)
    if fn is None:
        raise SfpiError(f"exp_tile: variant is 'exp_21f' or 'exp_24f', not {variant!r}")
    if fn is exp_24f:
        _unary_tile(lambda v: exp_24f(v, "seed", fp32_dest))
    else:
        _unary_tile(lambda v: exp_21f(v, fp32_dest))


def sin_tile(approx=False):
    """sin over the Dst tile at the current base (calculate_sine per face, LLK order)."""
    for _ in range(4):
        calculate_sine(8, approx)
        _next_face()
    _clear_dst_counter()


def cos_tile(approx=False):
    """cos over the Dst tile at the current base (calculate_cosine per face, LLK order)."""
    for _ in range(4):
        calculate_cosine(8, approx)
        _next_face()
    _clear_dst_counter()
