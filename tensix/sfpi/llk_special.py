"""The SFPU kernels of tt-metal 622c6fb9's special-function unary ops (exp2, expm1, log1p, softplus, erf, erfc,
erfinv, i0, and log_sigmoid's binary logsigmoid_tile), in the SFPI DSL.

tensix's own code, written from the arithmetic of tt-metal 622c6fb9's Wormhole B0 kernels
(tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ckernel_sfpu_<name>.h, "llk_sfpu/" below) and the compute
API headers that call them (tt_metal/hw/inc/api/compute/..., "api/"): the same constants, the same order of
operations, the same conversions. Conventions as in tensix.sfpi.llk (whose helpers these reuse): a program is
`program(approx, fp32_dest, *template, *runtime)` over one tile, an init loads the programmable constants; a literal
addend that is bf16-exact (but not 0.0 / +-1.0, the constant registers) is an SFPADDI after the product
(tensix.sfpi.lib.addi, as sfpi 7.60's compiler builds it), while an addend held in a vFloat variable or a ``__builtin_rvtt_sfpmad`` is one SFPMAD. :data:`SPECIAL_OPS` holds each
op's UnaryOp fields (:data:`SPECIAL_BINARY_OPS` the BinaryOp fields of logsigmoid); tensix.sfpi.llk builds them into
UNARY_FORK (BINARY), which makes them ``tensix.kernel.<name>_tile`` / ``<name>_tile_init``. llk's helpers are read
at trace time (``_llk`` is bound at the bottom), so this module can be imported on its own or from llk while llk
builds UNARY_FORK.
"""

from __future__ import annotations

import numpy as np

from tensix.sfpi import lib
from tensix.sfpi.intrinsics import abs as _sfpabs
from tensix.sfpi.intrinsics import (
    exexp_nodebias,
    float_to_int8,
    float_to_int16,
    int32_to_float,
    setexp,
    setman,
    setsgn,
    vec_min_max,
)
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import (
    dst_reg,
    reinterpret,
    v_and,
    v_block,
    v_elseif,
    v_if,
    vConst0,
    vConst1,
    vConstFloatPrgm0,
    vConstFloatPrgm1,
    vConstFloatPrgm2,
    vConstNeg1,
    vFloat,
    vInt,
    vUInt,
)

_INF = float("inf")


def _f32(x) -> float:
    """A C++ float literal / constexpr float: the double rounded to float32."""
    return float(np.float32(x))


def _bits_float(bits):
    """A uint32 kernel argument read as a float (Converter::as_float), as a vector constant."""
    return reinterpret(vFloat, vUInt(bits))


def _mad(p, x, c):
    """p * x + c for a coefficient c of the kernel's literals and constexpr tables (an SFPADDI after the product when
    c is bf16-exact, as sfpi's compiler builds it)."""
    return lib.addi(p * x, _f32(c))


@sfpi_inline
def _setexp_unless_out_of_range(y, r, e):
    """The ending the fp32 exp kernels share (622c6fb9 ckernel_sfpu_exp2.h, after Juffa): where the biased exponent
    e < 255 (one SFPIADD e - 255 with CC), y = setexp(r, e), and 0 where also e < 1 (underflow, subnormals
    included); elsewhere y stays as it came (y * inf: inf, or NaN)."""
    with v_block():
        v_and(e < 255)
        e_lt_255 = e - 255
        y = setexp(r, e)
        with v_if(e_lt_255 < -254):
            y = vFloat(0.0)
    return y


# ---- exp2 --------------------------------------------------------------------------------------------------------
EXP2_FP32_PRGM = tuple(float.fromhex(h) for h in ("0x1.62e42ep-1", "0x1.ebfba0p-3", "0x1.c6afd8p-5"))
EXP2_FP32_C = tuple(float.fromhex(h) for h in ("0x1.41cp-13", "0x1.5f4p-10", "0x1.3b4p-7"))


@sfpi_inline
def _exp2_fp32_accurate(x):
    """622c6fb9 llk_sfpu/ckernel_sfpu_exp2.h ``_sfpu_exp2_fp32_accurate_``: j = x rounded to a sign-magnitude int16
    (SFPSTOCHRND, nearest) and back (SFPCAST), f = x - j, 2**f by a degree-6 minimax polynomial (three fp16 literals,
    then vConstFloatPrgm2..0, then + 1.0 in one SFPMAD with L10), interleaved with |sm| given j's sign (the two's complement
    exponent offset i) and y = (r f + Prgm2) * inf; where |x| >= 0 (not -NaN), the exponent e = exexp(r) + i through
    _setexp_unless_out_of_range."""
    sm = float_to_int16(x, 0)
    j = int32_to_float(sm, 0)
    f = x - j
    r = vFloat(EXP2_FP32_C[0])
    r = _mad(r, f, EXP2_FP32_C[1])
    r = _mad(r, f, EXP2_FP32_C[2])
    i = _sfpabs(reinterpret(vInt, sm))
    y = r * f + vConstFloatPrgm2
    i = reinterpret(vInt, setsgn(reinterpret(vFloat, i), j))
    r = y * f + vConstFloatPrgm1
    y = y * _INF
    r = r * f + vConstFloatPrgm0
    abs_x = _sfpabs(x)
    r = lib.addi(r * f, 1.0)
    with v_if(abs_x >= 0.0):
        e = exexp_nodebias(r) + i
        y = _setexp_unless_out_of_range(y, r, e)
    return y


def exp2_program(approx, fp32_dest):
    """622c6fb9 api/compute_kernel_api.h ``exp2_tile`` -> llk_sfpu/ckernel_sfpu_exp2.h ``calculate_exp2<true,
    DST_ACCUM_MODE>``: an fp32 Dst runs _exp2_fp32_accurate per row; a 16-bit Dst ``_sfpu_exp2_bf16_``, exp_21f
    without the 1/ln2 (lib.exp_21f_bf16 base2: xlog2 = x + 127 clamped to [0, 255] by two SFPSWAPs, the integer part
    the exponent, the fraction through c0 + f (c1 + f c2)), rounded to bf16 (SFPSTOCHRND, nearest). APPROXIMATION_MODE
    (always true) selects nothing."""
    if fp32_dest:
        _llk._rows(_exp2_fp32_accurate)
    else:
        _llk._rows(lambda v: lib.exp_21f_bf16(v, False, base2=True))


def exp2_init(approx, fp32_dest):
    """622c6fb9 ``exp2_init<true, fp32>``: for an fp32 Dst the polynomial's Prgm0..2 (0x1.62e42ep-1, 0x1.ebfba0p-3,
    0x1.c6afd8p-5); nothing for a 16-bit Dst."""
    if fp32_dest:
        for c, k in zip((vConstFloatPrgm0, vConstFloatPrgm1, vConstFloatPrgm2), EXP2_FP32_PRGM):
            c.set(k)


# ---- expm1 -------------------------------------------------------------------------------------------------------
EXPM1_ROUNDING_BIAS = 12582912.0     # 1.5 * 2**23


@sfpi_inline
def _expm1_big_j(r, jm2):
    """_sfpu_expm1_'s saturation (both Dst widths): r = (j - 2) * inf (+inf, NaN propagated), -0.5 where j - 2 < 0
    (the result, doubled, is -1)."""
    r = jm2 * vFloat(_INF)
    with v_if(jm2 < 0.0):
        r = vFloat(-0.5)
    return r


@sfpi_inline
def _expm1_row(a, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_expm1.h ``_sfpu_expm1_<is_fp32_dest_acc_en>`` (after N. Juffa): j = a * log2e
    (Prgm0) + 1.5 * 2**23 in one SFPMAD (__builtin_rvtt_sfpmad), its bits i, j - bias the integer; f = a - j ln2
    (16-bit Dst: one step with Prgm1 = -ln2; fp32: Prgm1 = -ln2_hi and -1.42860677e-6), r = expm1(f) by a
    polynomial (r s + f, or r s + u with u = f + 0.5 where j == 1, fp32); where j != 0 (and for fp32 j != 1) the
    half-scaled reconstruction with t = 0.5 * 2**i built by adding i << 23 to 0.5's bits (fp32: y = t - 0.5 and
    x = (t - y) - 0.5, a double-float split), saturated where |j - 2| rounds (SFPSTOCHRND to a sign-magnitude int8)
    to >= 127; then doubled."""
    rounding_bias = vFloat(EXPM1_ROUNDING_BIAS)
    j = a * vConstFloatPrgm0 + rounding_bias
    i = reinterpret(vInt, j)
    w = vFloat(0.5)
    if not fp32_dest:
        r = vFloat(_f32(8.361816406e-03))
        j = j - rounding_bias
        c2 = vFloat(_f32(4.177856445e-02))
        f = j * vConstFloatPrgm1 + a
        r = r * f + c2
        s = f * f
        r = r * f + vConstFloatPrgm2
        r = r * f + w
        r = r * s + f
        with v_if(j != 0.0):
            jm2 = lib.addi(j, -2.0)
            scale = reinterpret(vFloat, (i << 23) + reinterpret(vInt, w))
            abs_jm2 = _sfpabs(jm2)
            bias = scale - w
            tail = reinterpret(vInt, float_to_int8(abs_jm2, 0))
            r = scale * r + bias
            with v_if(tail >= 127):
                r = _expm1_big_j(r, jm2)
            r = r * 2.0
        return r
    r = vFloat(_f32(1.974105835e-04))
    j = j - rounding_bias
    c4 = vFloat(_f32(1.393107930e-3))
    f = j * vConstFloatPrgm1 + a
    f = j * _f32(-1.42860677e-6) + f
    s = f * f
    r = r * f + c4
    r = _mad(r, f, 8.333439939e-3)
    r = _mad(r, f, 4.166680202e-2)
    r = r * f + vConstFloatPrgm2
    c0 = reinterpret(vFloat, reinterpret(vInt, w) + -1)
    u = f
    jm1 = lib.addi(j, -1.0)
    r = r * f + c0
    with v_if(jm1 == 0.0):
        u = lib.addi(u, 0.5)
    r = r * s + u
    with v_if(j != 0.0):
        with v_if(jm1 != 0.0):
            t = reinterpret(vFloat, (i << 23) + reinterpret(vInt, w))
            y = t - w
            x = t - y
            jm2 = lib.addi(jm1, -1.0)
            x = x - w
            abs_jm2 = _sfpabs(jm2)
            r = r * t + x
            clamped = reinterpret(vInt, float_to_int8(abs_jm2, 0))
            r = r + y
            with v_if(clamped >= 127):
                r = _expm1_big_j(r, jm2)
        r = r * 2.0
    return r


def expm1_program(approx, fp32_dest, approx_t):
    """622c6fb9 api/compute_kernel_api.h ``expm1_tile<approx>`` -> llk_sfpu/ckernel_sfpu_expm1.h
    ``calculate_expm1<approx, DST_ACCUM_MODE, 8>``: _expm1_row per row, rounded to bf16 (convert<vFloat16b>,
    nearest) for a 16-bit Dst. The approx template argument selects nothing."""
    _llk._rows(lambda v: _llk._bf16_unless_fp32(_expm1_row(v, fp32_dest), fp32_dest))


def expm1_init(fp32_dest):
    """622c6fb9 ``expm1_init<approx, fp32>``: Prgm0 = 1.442695f (log2 e); fp32 Dst: Prgm1 = -0.693145752f (-ln2_hi),
    Prgm2 = 1.666667163e-1f; 16-bit Dst: Prgm1 = -ln2 (as float), Prgm2 = 1.666259766e-01f."""
    vConstFloatPrgm0.set(_f32(1.442695))
    vConstFloatPrgm1.set(_f32(-0.693145752 if fp32_dest else -0.6931471805599453))
    vConstFloatPrgm2.set(_f32(1.666667163e-1 if fp32_dest else 1.666259766e-01))


# ---- log1p -------------------------------------------------------------------------------------------------------
@sfpi_inline
def _log1p_row(a, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_log1p.h ``calculate_log1p_fp32<is_fp32_dest_acc_en>`` (after N. Juffa): u = a + 1;
    NaN unless u >= 0; e = bits(u) - bits(0.75) with the mantissa cleared (k << 23), m = bits(a) - e and
    s' = bits(-4.0) - e scaled by 2**-k, t = -0.25 s' - 1 = 2**-k - 1 (one SFPMAD), m = m + t; log1p(m) = m + m**2 P(m)
    (degree 8 from LOG_FP32_R with Prgm1/2 and -0.5 for an fp32 Dst; -0.25, Prgm1, Prgm2 for a 16-bit one), plus the
    float of |e| with e's sign times Prgm0 (ln2 * 2**-23); u itself where u's bits are >= inf's (inf, +NaN)."""
    u = a + vConst1
    r = vFloat(float("nan"))
    with v_if(u >= 0.0):
        three_quarters = vFloat(0.75)
        e = reinterpret(vInt, u) - reinterpret(vInt, three_quarters)
        e = reinterpret(vInt, setman(reinterpret(vFloat, e), 0))
        m = reinterpret(vFloat, reinterpret(vInt, a) - e)
        neg_four = vFloat(-4.0)
        s = reinterpret(vFloat, reinterpret(vInt, neg_four) - e)
        neg_quarter = vFloat(-0.25)
        t = neg_quarter * s + vConstNeg1
        abs_e = _sfpabs(e)
        m = m + t
        if fp32_dest:
            r = vFloat(_llk.LOG_FP32_R[0])
            for c in _llk.LOG_FP32_R[1:]:
                r = _mad(r, m, c)
            e_float = int32_to_float(abs_e, 0)
            r = r * m + vConstFloatPrgm1
            s = m * m
            r = r * m + vConstFloatPrgm2
            r = lib.addi(r * m, -0.5)
        else:
            e_float = int32_to_float(abs_e, 0)
            r = neg_quarter * m + vConstFloatPrgm1
            s = m * m
            r = r * m + vConstFloatPrgm2
        e_float = setsgn(e_float, reinterpret(vFloat, e))
        r = r * s + m
        infinity = vFloat(_INF)
        r = e_float * vConstFloatPrgm0 + r
        with v_if(reinterpret(vInt, u) >= reinterpret(vInt, infinity)):
            r = u
    return r


def log1p_program(approx, fp32_dest, fast_approx):
    """622c6fb9 api/eltwise_unary/log1p.h ``log1p_tile<fast_and_approx>`` -> llk_sfpu/ckernel_sfpu_log1p.h
    ``calculate_log1p<APPROX, fast_and_approx, fp32>``: _log1p_row per row, bf16 rounding (nearest) for a 16-bit
    Dst; FAST_APPROX and APPROXIMATION_MODE are ignored by the kernel. Its init is log_init's (the same constants:
    tensix.sfpi.llk.log_init)."""
    _llk._rows(lambda v: _llk._bf16_unless_fp32(_log1p_row(v, fp32_dest), fp32_dest))


# ---- softplus ----------------------------------------------------------------------------------------------------
SOFTPLUS_POLY = (6.9310557842e-01, -4.9926245213e-01, 1.2186349183e-01, 5.6753782555e-03, -1.0528374463e-02,
                 2.7290175203e-03, -3.4358495031e-04, 2.1285692128e-05, -4.8245715334e-07)   # f(a) on [0, 5], C0..C8
SOFTPLUS_EXP_TAYLOR = (1.0, 0.5, 0.166666667, 0.0416666667, 0.00833333333, 0.00138888889, 0.000198412698)  # c1..c7


@sfpi_inline
def _softplus_exp_negative(x):
    """622c6fb9 ckernel_sfpu_softplus.h ``softplus_exp_negative`` with INP_FLOAT32 (the only form softplus calls): k =
    round(x / ln2) by adding and subtracting 0x4B400000 (``_sfpu_round_to_nearest_int32_``; k_int the bits'
    difference), r = x - k ln2 in two Cody-Waite steps, exp(r) by the degree-7 Taylor polynomial from 1, 2**k added
    to its exponent; 0 where that exponent is not above 0 (flush to zero)."""
    z = x * _f32(1.4426950408889634)
    c231 = reinterpret(vFloat, vUInt(0x4B400000))
    tmp = z + c231
    k = tmp - c231
    k_int = reinterpret(vInt, tmp) - reinterpret(vInt, c231)
    r = k * _f32(-0.6931152343750000) + x
    r = k * _f32(-3.19461832987e-05) + r
    poly = lib.horner(r, vConst1, *(_f32(c) if c != 1.0 else vConst1 for c in SOFTPLUS_EXP_TAYLOR))
    new_exp = exexp_nodebias(poly) + k_int
    result = vFloat(vConst0)
    with v_if(new_exp > 0):
        result = setexp(poly, new_exp)
    return result


@sfpi_inline
def _softplus_residual(t, inp_float32):
    """``calculate_softplus_body``'s residual f(|t|) = ln(1 + exp(-|t|)): the degree-8 polynomial on [0, 5], above
    |t| = 5 exp(-|t|) (INP_FLOAT32: _softplus_exp_negative and the 3-term ln(1 + e) = e (1 + e (-0.5 + e/3)); else
    _sfpu_exp_21f_bf16_<false>, rounded to bf16)."""
    a = setsgn(t, 0)
    residual = lib.horner(a, *(_f32(c) for c in SOFTPLUS_POLY))
    neg_a = setsgn(a, 1)
    with v_if(a > 5.0):
        if inp_float32:
            e = _softplus_exp_negative(neg_a)
            residual = e * (vConst1 + e * lib.addi(e * _f32(0.333333343), -0.5))
        else:
            residual = lib.exp_21f_bf16(neg_a, False)
    return residual


def softplus_program(approx, fp32_dest, inp_float32, beta_bits, beta_recip_bits, threshold_bits):
    """622c6fb9 api/eltwise_unary/softplus.h ``softplus_tile(idst, beta, beta_reciprocal, threshold)`` ->
    llk_sfpu/ckernel_sfpu_softplus.h ``calculate_softplus<APPROX, fp32>`` (the floats whose bits are the arguments;
    beta_reciprocal is the host's 1.0f / beta): per row t = beta * x; where t < threshold, Dst = beta_reciprocal *
    (max(t, 0) + _softplus_residual(t)) (the max an SFPSWAP), rounded to bf16 for a 16-bit Dst; elsewhere Dst keeps
    x. The residual's tail follows the INP_FLOAT32 define (a float32 input), the rounding DST_ACCUM_MODE."""
    def face():
        for _ in range(8):
            _softplus_row(beta_bits, beta_recip_bits, threshold_bits, fp32_dest, inp_float32)
            dst_reg += 1
    _llk._faces(face)


@sfpi_inline
def _softplus_row(beta_bits, recip_bits, threshold_bits, fp32_dest, inp_float32):
    """One row of calculate_softplus_body (a function, so that each row's variables are its own). The C++ holds
    beta, 1/beta and the threshold as scalar floats: each use loads its vector constant (SFPLOADI) there."""
    val = dst_reg[0]
    t = _bits_float(beta_bits) * val
    with v_if(t < _bits_float(threshold_bits)):
        residual = _softplus_residual(t, inp_float32)
        _zero, t = vec_min_max(vFloat(0.0), t)
        sp = t + residual
        dst_reg[0] = _llk._bf16_unless_fp32(_bits_float(recip_bits) * sp, fp32_dest)


# ---- erf / erfc: piecewise rationals (ckernel_sfpu_piecewise_rational.h) ---------------------------------------------
ERF_BF16_NUM_ODD = (1.1280932447e+00, 2.7609212279e-01, 4.5400281738e-02, 7.4481184425e-04)      # 1, 3, 5, 7
ERF_BF16_DEN_EVEN = (1.0, 5.7439188334e-01, 1.3675764810e-01, 8.2844606784e-03, 2.4813862145e-05)  # 0, 2, .., 8
ERFC_BREAK = 2.5
ERFC_SEGMENTS = (   # [0, 2.5) and [2.5, 5]: numerator degree 4, denominator degree 5, from the constant term up
    ((1.0000233650e+00, -1.3375675678e+00, 6.8185544014e-01, -1.5691982210e-01, 1.3746744953e-02),
     (1.0000000000e+00, -2.0801517367e-01, 4.3667086959e-01, -3.4568668343e-03, 2.5104774162e-02, 2.8375532478e-02)),
    ((-2.5655237550e-05, 2.1275576728e-05, -6.6162156145e-06, 9.1439767402e-07, -4.7387182178e-08),
     (1.0000000000e+00, -1.6457208991e-01, -2.0572184026e-01, -1.3888636231e-01, 1.2677097321e-01,
      -2.1375391632e-02)),
)


@sfpi_inline
def _parity_rational(x, num_odd, den_even):
    """``piecewise_rational_eval<N, D, 1, .., USE_PARITY = true>``'s numerator and denominator: x2 = x * x; the
    even denominator by Horner in x2 from its top coefficient, one step ahead (D/2 > (N-1)/2 steps), then both chains
    step by step; the odd numerator times x at the end. num_odd / den_even list the coefficients of x, x^3, ... and
    1, x^2, ... ."""
    x2 = x * x
    numer = vFloat(_f32(num_odd[-1]))
    denom = vFloat(_f32(den_even[-1]))
    extra = (len(den_even) - 1) - (len(num_odd) - 1)
    for k in range(extra):
        denom = _mad(denom, x2, den_even[-2 - k])
    for k in range(len(num_odd) - 1):
        numer = _mad(numer, x2, num_odd[-2 - k])
        denom = _mad(denom, x2, den_even[-2 - extra - k])
    return numer * x, denom


@sfpi_inline
def _rational(x, num, den):
    """``piecewise_rational_eval_numer_denom<N, D>`` (no parity): Horner in x of both, the longer one (the
    denominator here) stepped alone first, then the two interleaved. num / den from the constant term up."""
    numer = vFloat(_f32(num[-1]))
    denom = vFloat(_f32(den[-1]))
    extra = len(den) - len(num)
    for k in range(extra):
        denom = _mad(denom, x, den[-2 - k])
    for k in range(len(num) - 1):
        numer = _mad(numer, x, num[-2 - k])
        denom = _mad(denom, x, den[-2 - extra - k])
    return numer, denom


@sfpi_inline
def _erf_row(x, fast_approx, inp_float32):
    """One row of calculate_erf: |x| clamped at 10 (SFPSWAP) with x's sign again (copysgn), the parity rational
    (n16/d16 with INP_FLOAT32, n8/d8 else) as numer * sfpu_reciprocal<APPROX>(denom) (sfpu_reciprocal_iter<0> or
    <2>), clamped to [-1, 1] by two SFPSWAPs."""
    ax = setsgn(x, 0)
    ax, _threshold = vec_min_max(ax, vFloat(10.0))
    x = setsgn(ax, x)
    if inp_float32:
        numer, denom = _parity_rational(x, _llk.GELU_ERF_NUM_ODD, _llk.GELU_ERF_DEN_EVEN)
    else:
        numer, denom = _parity_rational(x, ERF_BF16_NUM_ODD, ERF_BF16_DEN_EVEN)
    result = numer * lib.sfpu_reciprocal_iter(denom, 0 if fast_approx else 2)
    _neg_one, result = vec_min_max(vFloat(vConstNeg1), result)
    result, _pos_one = vec_min_max(result, vFloat(vConst1))
    return result


def erf_program(approx, fp32_dest, fast_approx, inp_float32):
    """622c6fb9 api/eltwise_unary/erf_erfc.h ``erf_tile<fast_and_approx>`` (C++ default true; ttnn.erf passes its
    fast_and_approximate_mode, default false) -> llk_sfpu/ckernel_sfpu_erf.h ``calculate_erf<fast_and_approx>``:
    _erf_row per row, stored as computed (no rounding step for a 16-bit Dst). The LUT (n16/d16 or the WH-refit n8/d8)
    is chosen by the INP_FLOAT32 define (a float32 input), not by DST_ACCUM_MODE."""
    _llk._rows(_erf_row, fast_approx, inp_float32)


@sfpi_inline
def _erfc_row(x):
    """One row of calculate_erfc: a = min(|x|, 5); the rational of segment 0 (n4/d5), replaced where a >= 2.5 by
    segment 1's (v_if), times sfpu_reciprocal<true>(denom) (sfpu_reciprocal_iter<0>); 2 - r where x < 0."""
    ax = setsgn(x, 0)
    ax, _limit = vec_min_max(ax, vFloat(5.0))
    numer, denom = _rational(ax, *ERFC_SEGMENTS[0])
    with v_if(ax >= ERFC_BREAK):
        numer, denom = _rational(ax, *ERFC_SEGMENTS[1])
    r = numer * lib.sfpu_reciprocal_iter(denom, 0)
    with v_if(x < 0.0):
        r = 2.0 - r
    return r


def erfc_program(approx, fp32_dest):
    """622c6fb9 api/eltwise_unary/erf_erfc.h ``erfc_tile`` -> llk_sfpu/ckernel_sfpu_erfc.h ``calculate_erfc<8>``:
    _erfc_row per row, stored as computed."""
    _llk._rows(_erfc_row)


def recip_constants_init(approx):
    """622c6fb9 ``erf_init<APPROX>`` / ``erfc_init<APPROX>``: sfpu_reciprocal_init (vConstFloatPrgm0..2)."""
    lib.sfpu_reciprocal_init()


# ---- erfinv ------------------------------------------------------------------------------------------------------
ERFINV_TWO_PI_A = _f32(-4.330746750799873)     # -2 / (pi * 0.147)
ERFINV_ONE_DIV_A = _f32(6.802721088435375)     # 1 / 0.147


@sfpi_inline
def _erfinv_body(x):
    """622c6fb9 llk_sfpu/ckernel_sfpu_erfinv.h ``calculate_erfinv_body<false>`` (Winitzki's approximation, a = 0.147):
    l = calculate_log_body<false, false, false>(1 - x * x) (the 16-bit Dst log body whatever the Dst), tmp = -2/(pi a)
    + -0.5 l, sqrt(tmp + sqrt(tmp * tmp - l / a)) with sfpu_sqrt_custom twice."""
    log_value = _llk._log_body(vConst1 - x * x, False, False)
    tmp = lib.addi(-0.5 * log_value, ERFINV_TWO_PI_A)
    calculated_value = tmp * tmp - log_value * ERFINV_ONE_DIV_A
    intermediate_result = _llk._sqrt_custom(calculated_value)
    calculated_value = tmp + intermediate_result
    return _llk._sqrt_custom(calculated_value)


def erfinv_program(approx, fp32_dest):
    """622c6fb9 api/eltwise_unary/erfinv.h ``erfinv_tile`` -> ``calculate_erfinv<APPROX>``: per row _erfinv_body, Dst
    read again, the result given its sign (copysgn), stored as computed."""
    def face():
        for _ in range(8):
            _erfinv_row()
            dst_reg += 1
    _llk._faces(face)


@sfpi_inline
def _erfinv_row():
    """One row of calculate_erfinv: in = Dst, the body, in read again (the C++ reloads it, for register pressure),
    Dst = copysgn(result, in)."""
    x = dst_reg[0]
    result = _erfinv_body(x)
    x = dst_reg[0]
    dst_reg[0] = setsgn(result, x)


def erfinv_init(approx):
    """622c6fb9 ``erfinv_init<APPROX>`` = log_init<false, false, false>: the 16-bit Dst log constants."""
    _llk.log_init(approx, False, False)


# ---- i0 ----------------------------------------------------------------------------------------------------------
I0_C = (1.0, 0.25, 0.015625, 0.0004340277778, 0.000006781684028, 6.78E-08, 4.71E-10, 2.40E-12, 9.39E-15, 2.90E-17,
        7.24E-20, 1.50E-22)    # 1 + sum (x^2)^k / (4^k k!^2), k = 1..11, as the kernel rounds them


def i0_program(approx, fp32_dest):
    """622c6fb9 api/eltwise_unary/i0.h ``i0_tile`` -> llk_sfpu/ckernel_sfpu_i0.h ``calculate_i0<APPROX>``: per row
    1 + POLYVAL10(..., x * x): Horner in x^2 from 1.5e-22 down (each coefficient added after the product: SFPMAD, or
    SFPADDI for the bf16-exact 0.25 and 0.015625, one SFPMAD with L10 for the final 1.0), stored as computed."""
    _llk._rows(lambda v: lib.horner(v * v, *(_f32(c) for c in I0_C)))


# ---- logsigmoid (a binary SFPU op: x and exp(-x) in two Dst tiles) ------------------------------------------------
LOGSIGMOID_POLY = (0.6924354434013367, 0.49275708198547363, 0.12142381817102432, 0.0031102809589356184,
                   -0.00330807245336473, -0.00028794066747650504, 5.3185409342404455e-05, 7.1853546614875086e-06,
                   7.4961114648886e-08)      # softplus(u) on [-4, 4), u = -x, c0..c8


@sfpi_inline
def _logsigmoid_row(x, exp_neg_x):
    """One row of calculate_logsigmoid: u = -x (a sign flip); -exp(-x) where u < -4 (x > 4), -softplus(u) by the
    degree-8 polynomial where -4 <= u < 4, else x itself (x <= -4)."""
    result = x
    x = -x
    with v_if(x < -4.0):
        result = -exp_neg_x
    with v_elseif((x >= -4.0) and (x < 4.0)):
        result = lib.horner(x, *(_f32(c) for c in LOGSIGMOID_POLY))
        result = -result
    return result


def logsigmoid_program(approx, fp32_dest, tiles):
    """622c6fb9 api/compute/logsigmoid.h ``logsigmoid_tile(idst_in0, idst_in1, idst_out)`` -> llk_sfpu/
    ckernel_sfpu_logsigmoid.h ``calculate_logsigmoid<APPROX, 8>``: per row _logsigmoid_row(Dst[in0], Dst[in1]) into
    Dst[out], stored as computed (no rounding step for a 16-bit Dst). Dst[in1] must hold exp(-x): the op's compute
    kernel (logsigmoid_kernel) makes it with negative_tile and exp_tile<true>."""
    _llk._binary_rows(_logsigmoid_row, tiles)


# ---- registration ------------------------------------------------------------------------------------------------
def _approx_only(approx, template):
    return (approx,)


def _log_init(approx, fp32_dest, fast_approx):
    """622c6fb9 ``log1p_init<APPROX, FAST_APPROX, fp32>``: the constants of log_init (tensix.sfpi.llk.log_init)."""
    _llk.log_init(approx, fp32_dest, fast_approx)


SPECIAL_OPS = {
    "exp2": dict(key="exp2", params=(), program=exp2_program, doc="Dst tile idst = 2**x (fp32: a minimax polynomial "
                 "and exponent add; 16-bit: exp_21f in base 2, RNE to bf16).", init=exp2_init,
                 init_args=lambda approx, t, fp32: (approx, fp32), version=lib.FORK, fp32_init=True),
    "expm1": dict(key="expm1", params=(("approx", False),), program=expm1_program, doc="Dst tile idst = exp(x) - 1 "
                  "(Juffa's half-scaled reconstruction).", init=expm1_init, init_args=lambda approx, t, fp32: (fp32,),
                  version=lib.FORK, fp32_init=True),
    "log1p": dict(key="log1p", params=(("fast_and_approx", False),), program=log1p_program, doc="Dst tile idst = "
                  "ln(1 + x) (NaN below -1).", init=_log_init, init_args=lambda approx, t, fp32: (approx, fp32, t[0]),
                  version=lib.FORK, fp32_init=True),
    "softplus": dict(key="softplus", params=(("inp_float32", False),), program=softplus_program, doc="Dst tile idst "
                     "= ln(1 + exp(beta x)) / beta where beta x < threshold, else x.", version=lib.FORK,
                     runtime=("beta", "beta_reciprocal", "threshold")),
    "erf": dict(key="erf", params=(("fast_and_approx", True), ("inp_float32", False)), program=erf_program,
                doc="Dst tile idst = erf(x) (parity rational, clamped to [-1, 1]).", init=recip_constants_init,
                init_args=_approx_only, version=lib.FORK),
    "erfc": dict(key="erfc", params=(), program=erfc_program, doc="Dst tile idst = erfc(x) (two-segment rational on "
                 "|x| <= 5).", init=recip_constants_init, init_args=_approx_only, version=lib.FORK),
    "erfinv": dict(key="erfinv", params=(), program=erfinv_program, doc="Dst tile idst = erfinv(x) (Winitzki's "
                   "approximation).", init=erfinv_init, init_args=_approx_only, version=lib.FORK),
    "i0": dict(key="i0", params=(), program=i0_program, doc="Dst tile idst = I0(x) (degree-11 series in x * x).",
               version=lib.FORK),
}
"""The UnaryOp fields (tensix.sfpi.llk.UnaryOp) of this module's ops; llk builds them into UNARY_FORK."""

SPECIAL_BINARY_OPS = {
    "logsigmoid": dict(key="logsigmoid", program=logsigmoid_program, doc="Dst[odst] = log(sigmoid(x)) for x = "
                       "Dst[idst0], given exp(-x) in Dst[idst1] (a polynomial on |x| < 4)."),
}
"""The BinaryOp fields (tensix.sfpi.llk.BinaryOp) of this module's binary SFPU ops; llk builds them into BINARY."""


from tensix.sfpi import llk as _llk  # noqa: E402  (read at trace time only, so llk can import this module)
