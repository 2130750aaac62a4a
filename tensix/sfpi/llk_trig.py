"""The SFPU kernels of tan, atan, atanh, sinh, cosh, bitwise_not and rsub (logit's) of tt-metal 622c6fb9 (2026-06-23),
in the SFPI DSL.

tensix's own code, written from the algorithms of the fork's Wormhole B0 kernels (paths relative to that tree:
"llk_sfpu/" = tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/, "api/" = tt_metal/hw/inc/api/compute/), in
the style of tensix.sfpi.llk's fork section (same constants, same operation order; an addend that is a bf16-exact
literal other than 0.0 / +-1.0 is an SFPMUL then an SFPADDI, as sfpi 7.60 builds it: lib.addi / lib.horner). :data:`TRIG_OPS` holds the
UnaryOp fields of each op; tensix.sfpi.llk merges them into UNARY_FORK (so ``tensix.kernel.tan_tile`` etc. exist).

This module reads tensix.sfpi.llk's helpers at trace time only (``_llk`` is bound at the bottom), so it can be
imported on its own or from llk while llk builds UNARY_FORK.
"""

from __future__ import annotations

from tensix.sfpi import lib
from tensix.sfpi.intrinsics import abs as _sfpabs
from tensix.sfpi.intrinsics import exexp, exexp_nodebias, exman9, float_to_uint8, int32_to_float, setman, setsgn
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import (
    dst_reg,
    reinterpret,
    v_else,
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

_h = float.fromhex

# ---- tan (llk_sfpu/ckernel_sfpu_trigonometry.h calculate_tangent / sfpu_tan, tangent_init) ------------------------
TAN_P0, TAN_P1 = _h("-0x1.92p+0"), _h("-0x1.fbp-12")       # -pi/2 = P0 + P1 + Prgm0 + Prgm1
TAN_P2, TAN_P3 = _h("-0x1.51p-22"), _h("-0x1.0b4612p-34")
FRAC_2_PI = 0.6366197466850281
# the odd polynomial t(s) of tan on [-pi/4, pi/4], s = a*a, constant term first (C++: Horner from the last)
TAN_FP32_C = tuple(_h(c) for c in ("0x1.555556p-2", "0x1.111072p-3", "0x1.ba5716p-5", "0x1.620abcp-6",
                                   "0x1.4787dp-7", "0x1.2b404p-10", "0x1.fa9f82p-9"))
TAN_BF16_C = tuple(_h(c) for c in ("0x1.55953p-2", "0x1.02b98p-3", "0x1.4f1f4ep-4"))


@sfpi_inline
def _recip_neg_estimate(negative_x, r):
    """sfpu_tan's reciprocal of the odd quadrants: the quadratic estimate k2 + k1 m + k0 m^2 (m = negative_x, the
    mantissa of r as -[1, 2)), one Newton step, and the scale 2**(254 - exp(r)) with r's sign flipped (~bits, mantissa
    cleared, times 0.5): t * scale is about -1/r. Returns (t, scale)."""
    t = lib.addi(lib.RECIP_K0 * negative_x, lib.RECIP_K1)
    scale_bits = ~reinterpret(vInt, r)
    t = lib.addi(t * negative_x, lib.RECIP_K2)
    scale = setman(reinterpret(vFloat, scale_bits), 0)
    e = vConst1 + negative_x * t
    scale = scale * 0.5
    t = t * e + t
    return t, scale


@sfpi_inline
def _sfpu_tan(a, i, fp32_dest):
    """622c6fb9 ``sfpu_tan<is_fp32_dest_acc_en>(a, i)``: tan(a) = a + a * s * t(s) on the reduced a; where the
    quadrant is odd (i, its LSB in the sign bit, < 0) -1/tan(a) through _recip_neg_estimate, for an fp32 Dst with
    the compensated residual s = (a - r) + t*a and the reconstruction r*t + 1, s*t + r, r*t + t."""
    s = a * a
    t = lib.horner(s, *(TAN_FP32_C if fp32_dest else TAN_BF16_C))
    t = t * s
    r = t * a + a
    with v_if(i < 0):
        negative_x = lib.copyman(vConstNeg1, r)
        if fp32_dest:
            s = vConstNeg1 * r + a
            s = t * a + s
            t, scale = _recip_neg_estimate(negative_x, r)
            t = t * scale
            r = r * t + vConst1
            r = s * t + r
            r = r * t + t
        else:
            t, scale = _recip_neg_estimate(negative_x, r)
            r = t * scale
    return r


@sfpi_inline
def _tan_row(v, fp32_dest):
    a, q = _llk._cody_waite_reduce(v, TAN_P0, TAN_P1, _llk._sine_quadrant)
    return _sfpu_tan(a, q << 31, fp32_dest)


def tan_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_tangent<APPROX, fp32, 8>`` (tan_tile): j = round(x /
    (pi/2)) by x * (2/pi, vConstFloatPrgm2) + 1.5*2**23 in one SFPMAD, its bits shifted left 31 (the quadrant's
    parity as a sign), the four-stage Cody-Waite reduction by pi/2 (P0 = -0x1.92p+0, P1 = -0x1.fbp-12, Prgm0/1 from
    tangent_init), then _sfpu_tan (degree 13 for an fp32 Dst, 5 and convert<vFloat16b>(Nearest) for a 16-bit Dst).
    APPROX does not change it."""
    _llk._rounded_rows(_tan_row, fp32_dest)


def tan_init(approx):
    """622c6fb9 ``tangent_init``: Prgm0/1 = P2 = -0x1.51p-22, P3 = -0x1.0b4612p-34 of the reduction by pi/2, Prgm2 =
    2/pi (FRAC_2_PI)."""
    vConstFloatPrgm0.set(TAN_P2)
    vConstFloatPrgm1.set(TAN_P3)
    vConstFloatPrgm2.set(FRAC_2_PI)


# ---- atan (calculate_atan / sfpu_atan, atan_init) ---------------------------------------------------------------
# Sollya fpminimax polynomials of atan(x)/x in x*x on [0, 1], constant term first
ATAN_BF16_C = (0.999787867069244384765625, -0.325808584690093994140625, 0.1555790007114410400390625,
               -4.4326744973659515380859375e-2)
ATAN_FP32_C = (-0.3333314359188079833984375, 0.19993579387664794921875, -0.14209578931331634521484375,
               0.1066047251224517822265625, -7.5408883392810821533203125e-2, 4.3082617223262786865234375e-2,
               -1.62907354533672332763671875e-2, 2.90188402868807315826416015625e-3)   # after the 1.0 (vConst1)
PI_2 = 1.5707963705062866


@sfpi_inline
def _atan_row(val, fp32_dest):
    """622c6fb9 ``sfpu_atan<APPROX, fp32>``: NaN for a NaN pattern (exexp NoDebias 255, exman nonzero); else with
    t0 = |x|, 1/t0 (sfpu_reciprocal<false> = sfpu_reciprocal_iter<2>) where |x| - 1 > 0, t0 * P(t0 * t0) (degree 3
    in t0^2 for a 16-bit Dst, 8 from 1.0 for an fp32 Dst), pi/2 minus it where |x| > 1, the sign of x (copysgn)."""
    t0 = _sfpabs(val)
    result = vFloat(vConst0)
    exponent = exexp_nodebias(val)
    mantissa = exman9(val)
    with v_if((exponent == 255) & (mantissa != 0)):
        result = vFloat(float("nan"))
    with v_else():
        absval_minus_1 = t0 - vConst1
        with v_if(absval_minus_1 > 0.0):
            t0 = lib.sfpu_reciprocal_iter(t0, 2)
        t1 = t0 * t0
        if fp32_dest:
            t1 = lib.horner(t1, vConst1, *ATAN_FP32_C)
        else:
            t1 = lib.horner(t1, *ATAN_BF16_C)
        t1 = t1 * t0
        with v_if(absval_minus_1 > 0.0):
            t1 = PI_2 - t1
        result = setsgn(t1, val)
    return result


def atan_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_atan<APPROX, fp32, 8>`` (atan_tile): _atan_row, then
    for a 16-bit Dst convert<vFloat16b>(result, Nearest)."""
    _llk._rounded_rows(_atan_row, fp32_dest)


# ---- atanh (calculate_atanh, init_atanh) ------------------------------------------------------------------------
@sfpi_inline
def _atanh_row(inp, approx, fp32_dest):
    """622c6fb9 ``calculate_atanh<APPROX, fp32, 8>`` per row: NaN where |x| > 1, copysgn(inf, x) where |x| == 1, else
    0.5 * log((1 + x) * 1/(1 - x)) with sfpu_reciprocal_iter<APPROX ? 0 : 2> (its sign copied from 1 - x again), the
    reciprocal rounded to bf16 (convert<vFloat16b>, Nearest) for a 16-bit Dst unless APPROX, and
    _calculate_log_body_no_init_. A NaN input takes the last branch. Stored as computed (no final rounding)."""
    abs_inp = _sfpabs(inp)
    res = vFloat(float("nan"))
    with v_if(abs_inp > vConst1):
        res = vFloat(float("nan"))
    with v_elseif(abs_inp == vConst1):
        res = setsgn(vFloat(float("inf")), inp)
    with v_else():
        num = vConst1 + inp
        den = vConst1 - inp
        tmp = lib.sfpu_reciprocal_iter(den, 0 if approx else 2)
        tmp = setsgn(tmp, den)
        if fp32_dest or approx:
            den = tmp
        else:
            den = _llk._bf16_unless_fp32(tmp, False)
        num = num * den
        den = _llk._log_body_no_init(num)
        res = 0.5 * den
    return res


def atanh_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_atanh<APPROX, fp32, 8>`` (atanh_tile): _atanh_row."""
    _llk._rows(_atanh_row, approx, fp32_dest)


# ---- cosh / sinh (calculate_cosh / calculate_sinh, cosh_init / sinh_init) ----------------------------------------
RECIP_GT0_MAGIC = 0xFEF392E0
COSH_BF16_C = (0.038877178, 0.168174848)        # then Prgm2 = c2 and 0x3f7ffd9b (1.0's bits - 613)
COSH_FP32_C = (1.37805939e-3, 8.37312452e-3, 4.16695364e-2, 1.66664720e-1)     # then Prgm2 = c2, 1.0, 1.0
EXPM1_BF16_C = (8.361816406e-03, 4.177856445e-02)                               # then Prgm2 = c1, 0.5
EXPM1_FP32_C = (1.974105835e-04, 1.393107930e-3, 8.333439939e-3, 4.166680202e-2)  # then Prgm2 = c1, 4.999999702e-1
LN2_LO_NEG = -1.42860677e-6
LOG2E = 1.442695


@sfpi_inline
def _reciprocal_gt0(x, fp32_dest):
    """622c6fb9 ``_sfpu_reciprocal_gt0_<fp32>`` (x > 0): y = -1/x estimated as the bits 0xfef392e0 - bits(x),
    e = x*y + 1 (one SFPMAD with L10), for an fp32 Dst one more step y = y*e + y, e = x*y + 1; then
    y = -y * (e*e + e) - y... in the C++ order: p = e*e + e, y = -y, y = y*p + y."""
    y = reinterpret(vFloat, vInt(RECIP_GT0_MAGIC) - reinterpret(vInt, x))
    e = lib.addi(x * y, 1.0)
    if fp32_dest:
        y = y * e + y
        e = lib.addi(x * y, 1.0)
    p = e * e + e
    y = -y
    y = y * p + y
    return y


@sfpi_inline
def _reduce_log2e(x):
    """The shared head of _sfpu_quarter_exp_abs_ / _sfpu_quarter_expm1_abs_: j = x * log2(e) (Prgm0), a = |x|, i =
    round(|j|) clamped to [0, 255] (convert<vUInt8>(j, Nearest): SFPSTOCHRND FP32 -> UINT8), j = float(i) (SFPCAST);
    returns (a, j, i)."""
    j = x * vConstFloatPrgm0
    a = setsgn(x, 0)
    m = float_to_uint8(j, 0)
    j = int32_to_float(m, 0)
    return a, j, reinterpret(vInt, m)


@sfpi_inline
def _cody_waite_ln2(j, a, fp32_dest):
    """f = a - j ln2: j * Prgm1 (-ln2, or -ln2_hi) + a, and for an fp32 Dst j * -ln2_lo + f."""
    f = j * vConstFloatPrgm1 + a
    if fp32_dest:
        f = j * LN2_LO_NEG + f
    return f


@sfpi_inline
def _quarter_exp_abs(x, fp32_dest):
    """622c6fb9 ``_sfpu_quarter_exp_abs_<fp32>``: exp(|x|) / 4 without overflow: the reduction above, a polynomial
    in f (degree 3 for a 16-bit Dst with the last coefficient 0x3f7ffd9b; 6 for an fp32 Dst, its two additions of
    1.0 SFPMADs with L10), i + 125 as the exponent; |x| * inf where i >= 255 (NaN stays NaN), else r * 2**(i + 125 - 127)."""
    a, j, i = _reduce_log2e(x)
    f = _cody_waite_ln2(j, a, fp32_dest)
    if fp32_dest:
        r = lib.horner(f, *reversed(COSH_FP32_C))
        r = r * f + vConstFloatPrgm2
        i = i + 125
        r = lib.addi(r * f, 1.0)
    else:
        r = lib.horner(f, *reversed(COSH_BF16_C))
        i = i + 125
        r = r * f + vConstFloatPrgm2
        c1 = reinterpret(vFloat, reinterpret(vInt, vFloat(vConst1)) - 613)
        r = r * f + c1
    y = a * float("inf")
    r = lib.addi(r * f, 1.0)
    with v_if(i < 255):
        y = r * reinterpret(vFloat, i << 23)
    return y


@sfpi_inline
def _cosh_row(x, fp32_dest):
    """622c6fb9 ``calculate_cosh`` per row: q = exp(|x|) / 4, r = 1/q (_reciprocal_gt0) / 8, y = 2q, plus r where
    exexp(q) < 24."""
    a = setsgn(x, 0)
    q = _quarter_exp_abs(a, fp32_dest)
    r = _reciprocal_gt0(q, fp32_dest)
    y = q + q
    r = r * 0.125
    q_exp = exexp(q)
    with v_if(q_exp < 24):
        y = y + r
    return y


def cosh_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_cosh<APPROX, fp32, 8>`` (cosh_tile): _cosh_row, then
    for a 16-bit Dst convert<vFloat16b>(y, Nearest). APPROX does not change it."""
    _llk._rounded_rows(_cosh_row, fp32_dest)


def _exp_init(fp32_dest, c_fp32, c_bf16):
    vConstFloatPrgm0.set(LOG2E)
    if fp32_dest:
        vConstFloatPrgm1.set(-0.693145752)
        vConstFloatPrgm2.set(c_fp32)
    else:
        vConstFloatPrgm1.set(-0.6931471805599453)
        vConstFloatPrgm2.set(c_bf16)


def cosh_init(approx, fp32_dest):
    """622c6fb9 ``cosh_init<APPROX, fp32>``: Prgm0 = log2(e) = 1.442695; fp32: Prgm1 = -ln2_hi = -0.693145752, Prgm2
    = 4.99999851e-1; 16-bit: Prgm1 = -ln2, Prgm2 = 0.500122011."""
    _exp_init(fp32_dest, 4.99999851e-1, 0.500122011)


@sfpi_inline
def _quarter_expm1_abs(x, fp32_dest):
    """622c6fb9 ``_sfpu_quarter_expm1_abs_<fp32>``: expm1(|x|) / 4: the reduction of _reduce_log2e on x (its sign
    dropped by the UINT8 conversion), r = f + s * P(f) with s = f*f (P ends in Prgm2 and 0.5, the last step one
    SFPMAD as the C++ forces it, for a 16-bit Dst; in Prgm2 and 4.999999702e-1 for an fp32 Dst), scale = 2**i / 4
    from the bits (i << 23) + bits(0.25), bias = scale - 0.25; |x| * inf where i >= 130, else r * scale + bias."""
    a, j, i = _reduce_log2e(x)
    f = _cody_waite_ln2(j, a, fp32_dest)
    if fp32_dest:
        r = lib.horner(f, *reversed(EXPM1_FP32_C))
        s = f * f
        r = r * f + vConstFloatPrgm2
        r = lib.addi(r * f, 4.999999702e-1)
    else:
        r = lib.horner(f, *reversed(EXPM1_BF16_C))
        s = f * f
        r = r * f + vConstFloatPrgm2
        c0 = vFloat(0.5)
        r = r * f + c0
    w = vFloat(0.25)
    r = r * s + f
    scale = reinterpret(vFloat, (i << 23) + reinterpret(vInt, w))
    bias = scale - w
    y = a * float("inf")
    with v_if(i < 130):
        y = r * scale + bias
    return y


@sfpi_inline
def _sinh_row(x, fp32_dest):
    """622c6fb9 ``_sfpu_sinh_<fp32>``: q = expm1(|x|) / 4, r = 1/(4q + 1) (_reciprocal_gt0; 4q + 1 one SFPMAD
    with L10); x itself where exexp(q) < -27, 2q where exexp(q) >= 23, else 2q * r + 2q; the sign of x (copysgn)."""
    q = _quarter_expm1_abs(x, fp32_dest)
    e = lib.addi(4.0 * q, 1.0)
    r = _reciprocal_gt0(e, fp32_dest)
    y = x
    q_exp = exexp(q)
    with v_if(q_exp >= -27):
        y = q + q
        with v_if(q_exp < 23):
            y = y * r + y
    return setsgn(y, x)


def sinh_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_sinh<APPROX, fp32, 8>`` (sinh_tile): _sinh_row, then
    for a 16-bit Dst convert<vFloat16b>(y, Nearest). APPROX does not change it."""
    _llk._rounded_rows(_sinh_row, fp32_dest)


def sinh_init(approx, fp32_dest):
    """622c6fb9 ``sinh_init<APPROX, fp32>``: Prgm0 = 1.442695; fp32: Prgm1 = -0.693145752, Prgm2 = c1 =
    1.666667163e-1; 16-bit: Prgm1 = -ln2, Prgm2 = 1.666259766e-01."""
    _exp_init(fp32_dest, 1.666667163e-1, 1.666259766e-01)


def reciprocal_init(approx):
    """622c6fb9 ``atan_init`` / ``init_atanh``: sfpu_reciprocal_init (vConstFloatPrgm0..2 = k0, k1, k2)."""
    lib.sfpu_reciprocal_init()


# ---- bitwise_not (llk_sfpu/ckernel_sfpu_bitwise_not.h: tt-llk's instruction list) --------------------------------
def bitwise_not_face(iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_bitwise_not.h ``calculate_bitwise_not<APPROX, 8>`` for one face: per row
    SFPLOAD LReg0 in INT32 mode (InstrMod 4, ADDR_MOD_3), SFPNOT LReg0, SFPSTORE LReg0 in INT32 mode, dst_reg++."""
    mk = _llk._mk
    row = [mk("SFPLOAD", VD=0, Mod0=4, AddrMod=3, Imm10=0), mk("SFPNOT", VC=0, VD=0),
           mk("SFPSTORE", VD=0, Mod0=4, AddrMod=3, Imm10=0), mk("INCRWC", DstInc=2)]
    return row * iterations


def bitwise_not_programs():
    """(tile program, init program) of 622c6fb9 ``bitwise_not_tile(idst)`` / ``bitwise_not_tile_init()``
    (api/compute/eltwise_unary/bitwise_not.h): bitwise_not_face in the unary driver's RC walk; the unary SFPU init."""
    L = _llk
    tile = L._instr_program(("bitwise_not",), lambda: L.InstrProgram(
        "bitwise_not_tile", L._driver_rc(bitwise_not_face()), L._BINARY_AMODS))
    init = L._instr_program(("bitwise_not_init",), lambda: L.InstrProgram(
        "bitwise_not_tile_init", L._sfpu_config_reset(), L._BINARY_AMODS))
    return tile, init


# ---- the binop-with-scalar family (llk_sfpu/ckernel_sfpu_binop_with_unary.h calculate_binop_with_scalar) -----------
# logit_kernel's rsub_tile, and api/compute/eltwise_unary/binop_with_scalar.h's add / sub / mul / div / rsub_unary_tile
# (after binop_with_scalar_tile_init) that the reduce kernels' REDUCE_POST_MUL and the *_UNARY_SFPU op types run
@sfpi_inline
def _binop_row(val, parameter, fp32_dest, mode):
    """One row of BINOP_MODE `mode`: x + s, x - s, x * s (DIV too: the host passes 1 / s), or s - x, which for a
    16-bit Dst is rounded to bf16 to nearest even in integer arithmetic (float32_to_bf16_rne: the C++ comment says it
    makes logit's 1 - x match torch's bf16 rsub)."""
    if mode == "add":
        return val + parameter
    if mode == "sub":
        return val - parameter
    if mode in ("mul", "div"):
        return val * parameter
    result = parameter - val
    if not fp32_dest:
        result = lib.float32_to_bf16_rne(result)
    return result


def binop_with_scalar_program(approx, fp32_dest, scalar, mode="rsub"):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binop_with_unary.h ``calculate_binop_with_scalar<APPROX, BINOP_MODE, 8>(scalar)``
    (rsub.h ``rsub_tile``, binop_with_scalar.h ``{add,sub,mul,div,rsub}_unary_tile``): the float whose bits are
    `scalar` (Converter::as_float, loaded once per face), per row _binop_row."""
    def face():
        parameter = reinterpret(vFloat, vUInt(scalar))
        for _ in range(8):
            dst_reg[0] = _binop_row(dst_reg[0], parameter, fp32_dest, mode)
            dst_reg += 1
    _llk._faces(face)


rsub_program = binop_with_scalar_program


def _binop_unary_program(approx, fp32_dest, mode, scalar):
    """{mode}_unary_tile: the template parameter (the BINOP_MODE) before the runtime scalar, as UnaryOp orders them."""
    binop_with_scalar_program(approx, fp32_dest, scalar, mode)


# ---- digamma (llk_sfpu/ckernel_sfpu_digamma.h, ckernel_sfpu_piecewise_rational.h) ---------------------------------
# DIGAMMA_LUT: segment lower bounds (the first unused) and upper end, then per segment the numerator and denominator
# coefficients from the constant term up. INP_FLOAT32: two segments ([0.01, 51.005), [51.005, 102]), degrees 10 / 9;
# else one, degrees 6 / 5.
DIGAMMA_FP32 = ((0.01, 51.005, 102.0), 10, 9, (
    -4.2596286535e-01, -1.2459139824e+00, -7.0374596119e-01, 3.5418295860e-01, 3.9686101675e-01, 1.0760356486e-01,
    1.1159370653e-02, 4.5299832709e-04, 6.4513715188e-06, 2.3348954770e-08, 3.3629592167e-12,
    -6.3762914866e-08, 4.2596703768e-01, 1.0000000000e+00, 8.2736301422e-01, 3.0081826448e-01, 4.9985647202e-02,
    3.7117889151e-03, 1.1463041301e-04, 1.2610012732e-06, 3.3732798776e-09,
    1.3856337913e+05, -2.7915017828e+05, 5.5189096727e+04, 2.6230285816e+04, 2.0102400217e+03, 5.4774037756e+01,
    6.1410588531e-01, 2.8495312547e-03, 4.9248967852e-06, 2.2963254970e-09, 3.8530168912e-14,
    -1.6724299601e+05, 1.0000000000e+00, 6.3677231206e+04, 1.1013851737e+04, 5.9383811201e+02, 1.2890647910e+01,
    1.2061770104e-01, 4.7490052009e-04, 6.9240316615e-07, 2.5925175628e-10))
DIGAMMA_BF16 = ((0.01, 102.0), 6, 5, (
    -3.3767190625e+05, -6.0287050000e+05, 2.1532992188e+05, 2.1398454688e+05, 1.9496867188e+04, 2.4847094727e+02,
    8.7151519954e-02,
    1.0000000000e+00, 3.3760150000e+05, 4.0892268750e+05, 9.9775718750e+04, 5.1246479492e+03, 4.1351390839e+01))
DIGAMMA_ASYMPTOTIC_FROM = 102.0


def _digamma_segments(lut):
    """[(lower bound, numerator, denominator)] of a DIGAMMA_* table."""
    bounds, n_deg, d_deg, coeffs = lut
    per = n_deg + d_deg + 2
    return [(bounds[k], coeffs[k * per:k * per + n_deg + 1], coeffs[k * per + n_deg + 1:(k + 1) * per])
            for k in range(len(bounds) - 1)]


@sfpi_inline
def _digamma_row(x, inp_float32):
    """622c6fb9 ``calculate_digamma`` per row: ``piecewise_rational_eval<N, D, S>`` (segment 0's numerator and
    denominator by Horner in x, the longer chain stepped alone first; each further segment's in v_if(x >= its bound);
    numer * sfpu_reciprocal<false>(denom)), then where x > 102 the asymptotic series ln(x) - 1/(2x) - 1/(12x^2) +
    1/(120x^4) with _calculate_log_body_no_init_ and sfpu_reciprocal_iter<2>, +inf for +inf. Stored as computed."""
    segments = _digamma_segments(DIGAMMA_FP32 if inp_float32 else DIGAMMA_BF16)
    # llk_special._rational steps its second argument's chain alone first; the chains are independent, so the
    # numerator (the longer here) goes second and the pair comes back swapped
    denom, numer = _special._rational(x, segments[0][2], segments[0][1])
    for bound, num, den in segments[1:]:
        with v_if(x >= bound):
            denom, numer = _special._rational(x, den, num)
    result = numer * lib.sfpu_reciprocal_iter(denom, 2)
    with v_if(x > DIGAMMA_ASYMPTOTIC_FROM):
        inv_x = lib.sfpu_reciprocal_iter(x, 2)
        inv_x2 = inv_x * inv_x
        bern = vFloat(0.0833333333) - inv_x2 * vFloat(0.0083333333)
        result = _llk._log_body_no_init(x) - inv_x * vFloat(0.5) - inv_x2 * bern
        with v_if((exexp(x) == 128) & (exman9(x) == 0)):
            result = vFloat(float("inf"))
    return result


def digamma_program(approx, fp32_dest, inp_float32):
    """622c6fb9 api/compute/eltwise_unary/digamma.h ``digamma_tile`` -> llk_sfpu/ckernel_sfpu_digamma.h
    ``calculate_digamma<APPROX>``: _digamma_row per row; the LUT (DIGAMMA_FP32 or DIGAMMA_BF16) is chosen by the
    INP_FLOAT32 define of a float32 input (the template parameter inp_float32 here)."""
    _llk._rows(_digamma_row, inp_float32)


# ---- lgamma (llk_sfpu/ckernel_sfpu_lgamma.h: the Stirling kernels and the reflection adjustment) -----------------
LOG_SQRT_2PI = 0.9189385332046727
LOG_SQRT_PI = 0.57236494
LN_PI = 1.1447298858
STIRLING_R = (0.0833333333, -0.0027777777, 0.0007936507, -0.0005952380)       # 1/12, -1/360, 1/1260, -1/1680
LGAMMA_NEAR_1 = (-0.57721566, 0.82246703, -0.40068563, 0.27058081, -0.20738555)   # Taylor at z = 1, in z - 1
LGAMMA_NEAR_2 = (0.42278434, 0.32246703, -0.06735230, 0.02058081, -0.00738555)    # Taylor at z = 2, in z - 2


@sfpi_inline
def _reflect_below_half(x):
    """z = x, or 1 - x where x < 0.5 (both Stirling kernels' step 1)."""
    z = x
    with v_if(x < 0.5):
        z = 1.0 - x
    return z


@sfpi_inline
def _stirling_base(z, log_z):
    """(z - 0.5) * ln z - z + ln sqrt(2 pi): an SFPADDI, a product, a subtraction, an addition (each rounded)."""
    return (z - 0.5) * log_z - z + LOG_SQRT_2PI


@sfpi_inline
def _lgamma_stirling_row(x, fp32_dest):
    """622c6fb9 ``calculate_lgamma_stirling<APPROX, fp32>`` per row: z = _reflect_below_half(x), the Stirling base with
    _calculate_log_body_no_init_(z), plus 1/z (sfpu_reciprocal_iter<2>) times r0 + (1/z)^2 r1 (the last addition
    fused into an SFPMAD); 0 where x is 1 or 2. (The reflection itself is lgamma_adjusted_tile's.)"""
    z = _reflect_below_half(x)
    res = _stirling_base(z, _llk._log_body_no_init(z))
    inv_z = lib.sfpu_reciprocal_iter(z, 2)
    correction = inv_z * (STIRLING_R[0] + (inv_z * inv_z) * STIRLING_R[1])
    res = res + correction
    with v_if((x == 1.0) | (x == 2.0)):
        res = vFloat(0.0)
    return res


def lgamma_stirling_program(approx, fp32_dest):
    """622c6fb9 api/compute/eltwise_unary/lgamma.h ``lgamma_stirling_tile`` -> ``calculate_lgamma_stirling<APPROX,
    DST_ACCUM_MODE>`` (ttnn.lgamma's bfloat16 kernel, lgamma_fast_kernel): _lgamma_stirling_row, then for a 16-bit
    Dst convert<vFloat16b>(res, Nearest)."""
    _llk._rounded_rows(_lgamma_stirling_row, fp32_dest)


@sfpi_inline
def _lgamma_stirling_fp32_row(x, log_z):
    """622c6fb9 ``calculate_lgamma_stirling_fp32`` per row (x from Dst idst0, ln z from idst1, the caller's log_tile
    of z): z = _reflect_below_half(x); a degree-5 Taylor polynomial d * P(d) where |z - 1| < 0.25 (d = z - 1) or
    |z - 2| < 0.25 (d = z - 2); else the Stirling base plus 1/z * (r0 + r1/z^2 + r2/z^4 + r3/z^6) (the final addition
    fused); ln sqrt(pi) where |z - 0.5| < 0.01. Stored as computed."""
    z = _reflect_below_half(x)
    d1 = z - 1.0
    d2 = z - 2.0
    abs_range1 = _sfpabs(d1)
    abs_range2 = _sfpabs(d2)
    res = z
    with v_if(abs_range1 < 0.25):
        res = d1 * lib.horner(d1, *LGAMMA_NEAR_1)
    with v_elseif(abs_range2 < 0.25):
        res = d2 * lib.horner(d2, *LGAMMA_NEAR_2)
    with v_else():
        res = _stirling_base(z, log_z)
        inv_z = lib.sfpu_reciprocal_iter(z, 2)
        inv_z2 = inv_z * inv_z
        correction = lib.horner(inv_z2, *STIRLING_R)
        res = res + inv_z * correction
    with v_if(_sfpabs(z - 0.5) < 0.01):
        res = vFloat(LOG_SQRT_PI)
    return res


def lgamma_stirling_fp32_program(approx, fp32_dest, tiles):
    """622c6fb9 ``lgamma_stirling_float_tile(idst0, idst1, idst2)`` -> ``calculate_lgamma_stirling_fp32`` in the binary
    SFPU driver (ttnn.lgamma's float32 kernel): Dst[idst2] = _lgamma_stirling_fp32_row(Dst[idst0], Dst[idst1])."""
    _llk._binary_rows(_lgamma_stirling_fp32_row, tiles)


@sfpi_inline
def _lgamma_adjusted_row(res_stirling, log_sin_pi_x, x, fp32_dest):
    """622c6fb9 ``calculate_lgamma_adjusted`` per row: where x < 0.5, (ln pi - ln|sin(pi x)|) - lgamma(1 - x) (the
    reflection formula), else the Stirling result; a 16-bit Dst rounds it (convert<vFloat16b>, Nearest), a 32-bit one
    gives +inf for x = +-inf (exexp 128, exman 0)."""
    reflection_adj = LN_PI - log_sin_pi_x
    result = res_stirling
    with v_if(x < 0.5):
        result = reflection_adj - res_stirling
    if not fp32_dest:
        return _llk._bf16_unless_fp32(result, False)
    with v_if((exexp(x) == 128) & (exman9(x) == 0)):
        result = vFloat(float("inf"))
    return result


def lgamma_adjusted_program(approx, fp32_dest, tiles):
    """622c6fb9 ``lgamma_adjusted_tile(idst0, idst1, idst2, idst3)`` -> ``calculate_lgamma_adjusted`` in the ternary
    SFPU driver (Dst base at tile 0, tiles as dst_reg offsets of 32 rows): Dst[idst3] = _lgamma_adjusted_row(Dst[idst0],
    Dst[idst1], Dst[idst2])."""
    i0, i1, i2, o = [32 * t for t in tiles]

    def face():
        for _ in range(8):
            dst_reg[o] = _lgamma_adjusted_row(dst_reg[i0], dst_reg[i1], dst_reg[i2], fp32_dest)
            dst_reg += 1
    _llk._faces(face)


def _approx_only(approx, template):
    return (approx,)


def _approx_fp32(approx, template, fp32):
    return (approx, fp32)


TRIG_OPS = {
    "tan": dict(key="tan", params=(), program=tan_program, doc="Dst tile idst = tan(x) (Cody-Waite reduction by "
                "pi/2, -1/tan in the odd quadrants).", init=tan_init, init_args=_approx_only, version=lib.FORK),
    "atan": dict(key="atan", params=(), program=atan_program, doc="Dst tile idst = atan(x) (1/|x| above 1, a "
                 "polynomial in x*x).", init=reciprocal_init, init_args=_approx_only, version=lib.FORK),
    "atanh": dict(key="atanh", params=(), program=atanh_program, doc="Dst tile idst = atanh(x) = 0.5 log((1 + x) / "
                  "(1 - x)) (NaN for |x| > 1, +/-inf at |x| = 1).", init=reciprocal_init, init_args=_approx_only,
                  version=lib.FORK),
    "cosh": dict(key="cosh", params=(), program=cosh_program, doc="Dst tile idst = cosh(x) = 2q + 1/(8q), q = "
                 "exp(|x|)/4.", init=cosh_init, init_args=_approx_fp32, version=lib.FORK, fp32_init=True),
    "sinh": dict(key="sinh", params=(), program=sinh_program, doc="Dst tile idst = sinh(x) from expm1(|x|) (x itself "
                 "for tiny |x|).", init=sinh_init, init_args=_approx_fp32, version=lib.FORK, fp32_init=True),
    "digamma": dict(key="digamma", params=(("inp_float32", False),), program=digamma_program, doc="Dst tile idst = "
                    "digamma(x) (a piecewise rational on [0.01, 102], the asymptotic series above).",
                    init=reciprocal_init, init_args=_approx_only, version=lib.FORK),
    "lgamma_stirling": dict(key="lgamma_stirling", params=(), program=lgamma_stirling_program, doc="Dst tile idst = "
                            "lgamma(x) for x >= 0.5, lgamma(1 - x) below (Stirling; the reflection is "
                            "lgamma_adjusted_tile's).", init=reciprocal_init, init_args=_approx_only, version=lib.FORK),
    "rsub": dict(key="rsub", params=(), program=rsub_program, doc="Dst tile idst = float(scalar) - x (bf16 RNE for "
                 "a 16-bit Dst).", version=lib.FORK, runtime=("scalar",)),
    **{f"{m}_unary": dict(key=f"{m}_unary", params=(("mode", m),), program=_binop_unary_program,
                          doc=f"Dst tile idst = {what} (binop_with_scalar_tile_init; param1 the float's bits).",
                          version=lib.FORK, runtime=("param1",))
       for m, what in (("add", "x + float(param1)"), ("sub", "x - float(param1)"), ("mul", "x * float(param1)"),
                       ("div", "x * float(param1) (the host passes the reciprocal's bits)"),
                       ("rsub", "float(param1) - x (bf16 RNE for a 16-bit Dst)"))},
    "bitwise_not": dict(key="bitwise_not", params=(), program=None, doc="Dst tile idst = ~x on int32 (tt-llk's "
                        "instruction list: INT32 load, SFPNOT, INT32 store).", version=lib.FORK,
                        llk=lambda t: bitwise_not_programs()),
}
"""The UnaryOp fields (tensix.sfpi.llk.UnaryOp) of this module's ops; llk builds them into UNARY_FORK."""

TRIG_BINARY_OPS = {
    "lgamma_stirling_float": dict(key="lgamma_stirling_float", program=lgamma_stirling_fp32_program,
                                  doc="Dst[idst2] = lgamma(x) for x >= 0.5, lgamma(1 - x) below, from x = Dst[idst0] "
                                  "and ln z = Dst[idst1] (Stirling, Taylor near 1 and 2).", init=reciprocal_init),
}
"""The BinaryOp fields (tensix.sfpi.llk.BinaryOp) of this module's binary SFPU ops; llk builds them into BINARY."""

LGAMMA_ADJUSTED = dict(key="lgamma_adjusted", program=lgamma_adjusted_program,
                       doc="Dst[idst3] = ln pi - Dst[idst1] - Dst[idst0] where x = Dst[idst2] < 0.5, else Dst[idst0] "
                       "(the ternary SFPU driver; tensix.ttnn.kernels.eltwise.lgamma_lib.lgamma_adjusted_tile).")


from tensix.sfpi import llk as _llk  # noqa: E402  (read at trace time; see the module docstring)
from tensix.sfpi import llk_special as _special  # noqa: E402  (its piecewise-rational Horner, at trace time)
