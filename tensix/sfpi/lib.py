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
    exexp_nodebias,
    exman8,
    exman9,
    float_to_fp16b,
    float_to_int16,
    int32_to_float,
    setexp,
    setman,
    setsgn,
    shft,
    vec_min_max,
)
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import (
    dst_reg,
    emit,
    reinterpret,
    v_and,
    v_block,
    v_elseif,
    v_else,
    v_if,
    vConst1,
    vConstFloatPrgm0,
    vConstFloatPrgm1,
    vConstFloatPrgm2,
    vConstNeg1,
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


# ================================================================================================================
# Routines of the tt-metal fork at 622c6fb9 (2026-06-23; nyoshifujiTT/tt-metal, the sources of the ttnn 0.81.1 wheel)
# that several of its SFPU kernels share. tensix's own code from the C++ of that commit, each with the file it
# follows (tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ = "llk_sfpu/", tt_metal/tt-llk/
# tt_llk_wormhole_b0/common/inc/sfpu/ = "tt-llk sfpu/"). SFPI of that tt-metal (sfpi 7.60.0) lowers its calls on
# Wormhole as: convert<vFloat16b>(x, Nearest) = SFPSTOCHRND FP32->FP16B non-stochastic (float_to_fp16b(x, 0));
# convert<vSMag16>(x, Nearest) = SFPSTOCHRND FP32->INT16 non-stochastic (float_to_int16(x, 0)); convert<vFloat>
# of a sign-magnitude integer (vSMag, vMag) = SFPCAST round to nearest even (int32_to_float(x, 0)); exman(x) =
# SFPEXMAN PAD9 (exman9), exman(x, ImplicitOne) = exman8; exexp(x, NoDebias) = exexp_nodebias; copyman(a, b) =
# SFPSETMAN (sign and exponent of a, mantissa of b); copysgn(a, b) = SFPSETSGN (sign of b) (sfpi sfpi_lib.h).
# ================================================================================================================
FORK = "622c6fb9"

# sfpu_reciprocal_init (llk_sfpu/ckernel_sfpu_recip.h): y = k2 - k1*x + k0*x**2 on [1, 2), exact float32 values
RECIP_K0 = 0.3232325017452239990234375
RECIP_K1 = 1.4545459747314453125
RECIP_K2 = 2.121212482452392578125


def sfpu_reciprocal_init():
    """622c6fb9 llk_sfpu/ckernel_sfpu_recip.h ``sfpu_reciprocal_init``: vConstFloatPrgm0..2 = k0, k1, k2."""
    vConstFloatPrgm0.set(RECIP_K0)
    vConstFloatPrgm1.set(RECIP_K1)
    vConstFloatPrgm2.set(RECIP_K2)


def copyman(v, man):
    """SFPI ``copyman(v, man)``: sign and exponent of v, mantissa of man (SFPSETMAN, vector form)."""
    return setman(v, reinterpret(vInt, man) if isinstance(man, vFloat) else man)


@sfpi_inline
def sfpu_reciprocal_iter(x, max_iter=2):
    """622c6fb9 llk_sfpu/ckernel_sfpu_recip.h ``sfpu_reciprocal_iter<max_iter>``: 1/x from the mantissa scaled to
    -[1, 2) (copyman of -1.0), a quadratic first estimate with vConstFloatPrgm0..2 (sfpu_reciprocal_init), one Newton
    step y += y*(1 - x*y) (two for max_iter = 2; 0 acts as 1), then the scale 2**(254 - exp) built as ~bits with the
    mantissa cleared, times 0.5 (x = 0 gives inf, x = inf gives 0), and the sign of x (copysgn)."""
    negative_x = copyman(vConstNeg1, x)
    y = vConstFloatPrgm1 + vConstFloatPrgm0 * negative_x
    scale_bits = ~reinterpret(vUInt, x)
    y = vConstFloatPrgm2 + y * negative_x
    scale = setman(reinterpret(vFloat, scale_bits), 0)
    t = vConst1 + negative_x * y
    scale = scale * 0.5
    y = y + y * t
    if max_iter > 1:
        t = vConst1 + negative_x * y
        y = y + y * t
    y = y * scale
    return setsgn(y, x)


def float_to_int32_for_exp_21f(val):
    """622c6fb9 llk_sfpu/ckernel_sfpu_exp.h ``_float_to_int32_for_exp_21f_``: the mantissa with its hidden bit
    shifted left by the (debiased) exponent, as an integer (exexp, exman8, SFPSHFT)."""
    return shft(reinterpret(vUInt, exman8(val)), exexp(val))


# _sfpu_exp_21f_bf16_'s polynomial for 2**f on the fraction (in units of 2**-23): c0 + f*(c1 + f*c2)
EXP21F_C0 = 1.0017248
EXP21F_C1 = 7.839635491371155e-08
EXP21F_C2 = 4.791750143340323e-15
ONE_LN2 = 1.4426950216293334961   # 0x3fb8aa3b


@sfpi_inline
def exp_21f_bf16(val, fp32_dest, clamp_low=True, base2=False):
    """622c6fb9 llk_sfpu/ckernel_sfpu_exp.h ``_sfpu_exp_21f_bf16_<is_fp32_dest_acc_en>`` (Moroz et al.'s exp_21f,
    rewritten): xlog2 = val * (1/ln2) + 127 clamped to [0, 255] by two SFPSWAP min/max, its integer part (shifted
    mantissa) gives the exponent, its fraction f the mantissa through c0 + f*(c1 + f*c2); rounded to bf16
    (float_to_fp16b, round half away) unless fp32_dest. clamp_low=False drops the lower clamp (not a variant of
    this function; the TTI kernel of exp_tile has it as CLAMP_NEGATIVE). base2=True: 2**val, without the
    multiplication by 1/ln2 (622c6fb9 llk_sfpu/ckernel_sfpu_exp2.h ``_sfpu_exp2_bf16_``: xlog2 = val + 127)."""
    xlog2 = addi(val, 127.0) if base2 else addi(val * ONE_LN2, 127.0)
    if clamp_low:
        threshold_low, xlog2 = vec_min_max(vFloat(0.0), xlog2)
    xlog2, threshold_high = vec_min_max(xlog2, vFloat(255.0))
    z = reinterpret(vFloat, float_to_int32_for_exp_21f(xlog2))
    exponential_part = exexp_nodebias(z)
    frac = int32_to_float(exman9(z), 0)
    frac = EXP21F_C0 + frac * (EXP21F_C1 + frac * EXP21F_C2)
    y = setexp(frac, exponential_part)
    if not fp32_dest:
        y = reinterpret(vFloat, float_to_fp16b(y, 0))
    return y


@sfpi_inline
def relu_max_body(val, threshold):
    """tt-llk sfpu/ckernel_sfpu_relu.h ``_relu_max_body_`` (and the row of ``_relu_max_impl_``): val clamped above
    at threshold (v_if val > threshold), then negatives to +0 (v_if val < 0)."""
    result = val
    with v_if(result > threshold):
        result = threshold
    with v_if(result < 0.0):
        result = vFloat(0.0)
    return result


@sfpi_inline
def int_to_smag(v):
    """SFPI ``convert<vSMag>(vInt)`` on Wormhole (impl_::int_to_smag, sfpi sfpi_lib.h): the same instructions as
    smag_to_int, read the other way: a negative two's complement integer becomes sign | magnitude."""
    return smag_to_int(v)


@sfpi_inline
def smag_to_int(v):
    """SFPI ``convert<vInt>(vSMag)`` on Wormhole (impl_::smag_to_int, sfpi sfpi_lib.h): a negative sign-magnitude
    integer becomes 0 - magnitude."""
    v = reinterpret(vInt, v)
    with v_if(v < 0):
        v = reinterpret(vInt, setsgn(reinterpret(vFloat, v), 0))
        v = vInt(0) - v
    return v


@sfpi_inline
def exp_fp32_accurate(a, unsafe=False):
    """622c6fb9 llk_sfpu/ckernel_sfpu_exp.h ``_sfpu_exp_fp32_accurate_<unsafe>`` (after N. Juffa): j = round(a/ln2)
    through SFPSTOCHRND to a sign-magnitude int16 and back, f = a - j*ln2 in two Cody-Waite steps, exp(f) by a
    degree-7 polynomial (MADs), exponent += j. Not unsafe: y * inf first (overflow gives inf, NaN stays NaN); where
    the exponent e < 255 (SFPIADD e - 255 with CC), y = setexp(r, e), and 0 where e < 1 (underflow)."""
    j = 1.442695 * a
    r = vFloat(1.37805939e-3)
    i_smag = float_to_int16(j, 0)
    j = int32_to_float(i_smag, 0)
    f = j * -6.93145752e-1 + a
    f = j * -1.42860677e-6 + f
    r = r * f + 8.37312452e-3
    r = r * f + 4.16695364e-2
    r = r * f + 1.66664720e-1
    r = r * f + 4.99999851e-1
    y = addi(r * f, 1.0)
    i_2c = smag_to_int(i_smag)
    r = addi(y * f, 1.0)
    e = exexp_nodebias(r) + i_2c
    if unsafe:
        y = setexp(r, e)
    else:
        y = y * float("inf")
        with v_block():
            v_and(e < 255)
            e_lt_255 = e - 255
            y = setexp(r, e)
            with v_if(e_lt_255 < -254):
                y = vFloat(0.0)
    return y


@sfpi_inline
def sfpu_sigmoid(x, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_sigmoid.h ``_sfpu_sigmoid_<is_fp32_acc_to_dest_mode>``: 1 / (1 + exp(-x)) with
    exp_fp32_accurate and sfpu_reciprocal_iter<2> for an fp32 Dst, exp_21f_bf16<true> (no bf16 rounding) and
    sfpu_reciprocal_iter<1> otherwise. Reads the reciprocal's vConstFloatPrgm0..2."""
    if fp32_dest:
        exp_neg_x = exp_fp32_accurate(-x)
    else:
        exp_neg_x = exp_21f_bf16(-x, True)
    denominator = vConst1 + exp_neg_x
    return sfpu_reciprocal_iter(denominator, 2 if fp32_dest else 1)


def bf16_exact(c) -> bool:
    """Whether a Python number is a float32 whose low 16 bits are zero (one SFPLOADI FLOATB, or an SFPADDI/SFPMULI
    immediate)."""
    import struct
    return isinstance(c, (int, float)) and not isinstance(c, bool) and \
        struct.unpack("<I", struct.pack("<f", float(c)))[0] & 0xFFFF == 0


def addi(x, c):
    """``x + c`` for a float literal c as sfpi 7.60's compiler (sfpi-gcc rvtt_combine, Wormhole) builds it: an
    addend that is a bf16-exact literal becomes SFPADDI *before* products are fused into SFPMADs, so ``a*b + c``
    with such a c is an SFPMUL and an SFPADDI (two roundings), not one SFPMAD (tt-metal 622c6fb9's trigonometry
    kernels work around exactly this with __builtin_rvtt_sfpmad). Other literals: an ordinary addition (fused). So are
    0.0, 1.0 and -1.0: sfpi 7.60 turns those into the constant registers L9 / L10 / L11 before it looks for
    immediates (gimple-rvtt-immvar.cc immvar_simplify in pass_rvtt_immload_shorten, which runs before
    pass_rvtt_combine; docs/sfpi_addi_fusion.md section 3b), so ``a*b + 1.0f`` is one SFPMAD with L10."""
    if not bf16_exact(c) or is_constant_register(c):
        return x + c
    import struct
    imm = struct.unpack("<I", struct.pack("<f", float(c)))[0] >> 16
    x = x if isinstance(x, vFloat) else vFloat(x)
    return vFloat._wrap(emit("SFPADDI", {"Imm16": imm, "Mod1": 0}, {"VD": x.v}, tie="VD"))


def is_constant_register(c) -> bool:
    """0.0 (not -0.0), 1.0 and -1.0: the literals sfpi 7.60 reads from L9 / L10 / L11 instead of loading them."""
    import struct
    bits = struct.unpack("<I", struct.pack("<f", float(c)))[0]
    return bits == 0 or bits & 0x7FFFFFFF == 0x3F800000


def horner(x, *coeffs):
    """622c6fb9 tt-llk sfpu/ckernel_sfpu_polyval.h ``PolynomialEvaluator::eval(x, c0, c1, ..., cn)`` = c0 + x*(c1 +
    x*(... + x*cn)), built in the same order: each step one SFPMAD, except that a bf16-exact float coefficient other
    than 0.0 / +-1.0 is added with SFPADDI after the SFPMUL, as sfpi's compiler does (addi)."""
    if len(coeffs) == 1:
        return coeffs[0]
    c0 = coeffs[0]
    product = x * horner(x, *coeffs[1:])
    if bf16_exact(c0):
        return addi(product, c0)
    return c0 + product


# 622c6fb9 tt-llk sfpu/ckernel_sfpu_expm1_cw.h: Cody-Waite constants and the factored expm1 polynomials h(r)
CW_INV_LN2 = 1.4426950408889634
CW_NEG_LN2_HI = -0.6931152343750000
CW_NEG_LN2_LO = -3.19461832987e-05
EXPM1_H_FP32 = (5.0000000000e-01, 1.6666504741e-01, 4.1666239500e-02, 8.3691505715e-03, 1.3948583510e-03)
EXPM1_H_BF16 = (4.9999371171e-01, 1.6666433215e-01, 4.1875664145e-02, 8.3751315251e-03)


@sfpi_inline
def expm1_cw_clamped(x, inp_float32):
    """622c6fb9 tt-llk ``expm1_cw_clamped`` (ELU / CELU / SELU's exp(x) - 1): x clamped below at -87 (SFPSWAP), Cody-
    Waite reduction x = k ln2 + r (k from x / ln2 + 1.5 * 2^23 rounded by the float addition), expm1(r) = r * h(r)
    with h of degree 5 (built with INP_FLOAT32, the float32 input's define) or 4, then (2^k - 1) + 2^k * expm1(r),
    2^k made by SFPSETEXP from k's integer bits."""
    lo = vFloat(-87.0)
    lo, x = vec_min_max(lo, x)
    c231 = reinterpret(vFloat, vUInt(0x4B400000))
    tmp = x * CW_INV_LN2 + c231
    k_f = tmp - c231
    r = k_f * CW_NEG_LN2_HI + x
    r = r + k_f * CW_NEG_LN2_LO
    h = horner(r, vConst1, *(EXPM1_H_FP32 if inp_float32 else EXPM1_H_BF16))
    h = r * h
    two_k = setexp(vConst1, reinterpret(vInt, tmp) - 0x4B3FFF81)
    return (two_k - vConst1) + two_k * h


def float32_to_bf16_rne(v):
    """622c6fb9 llk_sfpu/ckernel_sfpu_conversions.h ``float32_to_bf16_rne``: round a float32 to bf16 to nearest even
    in integer arithmetic: bits + 0x7fff + ((bits >> 16) & 1), low 16 bits cleared."""
    bits = reinterpret(vUInt, v)
    lsb = (bits >> 16) & 1
    bits = bits + 0x7FFF + lsb
    bits = bits & 0xFFFF0000
    return reinterpret(vFloat, bits)


def _in_regs(values, regs):
    """Operand values placed in the LRegs an instruction reads implicitly: a value already in its register (an
    l_reg read of that register) is used as it is, the others are copied there (SFPMOV)."""
    from tensix.sfpi.intrinsics import _pin, _vec

    out = []
    for x, r in zip(values, regs):
        v = x.v if isinstance(x, (vFloat, vInt, vUInt)) else _vec(x)
        out.append(v if v.fixed == r else _pin([v], [r])[0])
    return out


def in_lreg(x, r):
    """x copied into LReg r (SFPMOV), for an instruction that reads LReg r implicitly (SFPLUT/SFPLUTFP32 read x
    from LReg3): copying first lets x's own register go before the tables fill the others."""
    return vFloat._wrap(_in_regs([x], [r])[0])


def lut(v, l0, l1, l2, sign_retain=True):
    """SFPI ``lut(v, l0, l1, l2)`` (``lut_sign`` with sign_retain=False; sfpi sfpi_lib.h): SFPLUT, which reads its
    three 16-bit table words from LReg0-2 and x from LReg3. Unlike tensix.sfpi.lut, tables that are l_reg reads of
    LReg0-2 (tt-llk's SFPLUT kernels keep them there across calls) stay where they are."""
    from tensix.sfpi.intrinsics import SFPLUT_MOD0_SGN_UPDATE
    from tensix.sfpu.isa import SFPLUT_MOD0_SGN_RETAIN

    regs = (0, 1, 2, 3)
    vals = _in_regs([l0, l1, l2, v], regs)
    mod0 = SFPLUT_MOD0_SGN_RETAIN if sign_retain else SFPLUT_MOD0_SGN_UPDATE
    return vFloat._wrap(emit("SFPLUT", {"Mod0": mod0}, {f"_L{r}": p for r, p in zip(regs, vals)},
                             implicit_reads=regs))


def lut2_sign(v, a01, a23, a45, b01, b23, b45, mode=1):
    """SFPI ``lut2_sign(v, a01, a23, a45, b01, b23, b45, mode)`` (sfpi sfpi_lib.h): SFPLUTFP32 with six fp16-packed
    table entries (FP16_6ENTRY_TABLE1, or TABLE2 for mode 2) and the computed sign (SGN_UPDATE). The instruction
    reads its tables from LReg0-2 and LReg4-6 and x from LReg3 (operands not already there are moved there)."""
    from tensix.sfpu.isa import SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE1, SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE2

    regs = (0, 1, 2, 4, 5, 6, 3)
    vals = _in_regs([a01, a23, a45, b01, b23, b45, v], regs)
    mod1 = SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE1 if mode == 1 else SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE2
    return vFloat._wrap(emit("SFPLUTFP32", {"Mod1": mod1}, {f"_L{r}": p for r, p in zip(regs, vals)},
                             implicit_reads=regs))
