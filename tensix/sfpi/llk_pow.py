"""The SFPU kernels of power (x ** scalar, its iterative form for small integer exponents), power_binary (x ** y),
rpow (scalar ** x) and rdiv (scalar / x) of tt-metal 622c6fb9 (2026-06-23), in the SFPI DSL.

tensix's own code, written from the algorithms of the fork's Wormhole B0 kernels (paths relative to that tree:
"llk_sfpu/" = tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/, "api/" = tt_metal/hw/inc/api/compute/):
llk_sfpu/ckernel_sfpu_unary_power.h, ckernel_sfpu_binary_pow.h, ckernel_sfpu_rpow.h, ckernel_sfpu_rdiv.h and
ckernel_sfpu_conversions.h (``_float_to_int32_positive_``). Same constants, same operation order; a bf16-exact literal
addend other than 0.0 / +-1.0 is an SFPMUL then an SFPADDI (lib.addi / lib.horner), ``c - a * b`` an SFPMUL then a subtraction (the DSL's
compiler never fuses a subtraction, tensix.sfpi.compiler).

Both kernels compute x ** y as 2 ** (y * log2|x|):
- a 16-bit Dst (``_sfpu_unary_power_21f_`` / ``_sfpu_binary_power_21f_``): log2 from a cubic in the mantissa, 2 ** z
  by Moroz et al.'s exp_21f (z clamped below at -127), the result rounded to bf16 to nearest;
- an fp32 Dst: log from the series 2 atanh((m - 1) / (m + 1)) on m in [sqrt(2)/2, sqrt(2)], 2 ** z by a Cody-Waite
  reduction and a degree-7 Taylor polynomial (unary: ``_sfpu_pow2_f32_accurate_``) or by ``_sfpu_exp_fp32_accurate_``
  of z ln 2 (binary; its reciprocal estimate differs from the unary's too).
Then 0 ** negative is NaN and a negative base gets the parity of round(y) as its sign, NaN unless y is an integer.

:data:`POW_OPS` / :data:`POW_BINARY_OPS` hold the UnaryOp / BinaryOp fields; tensix.sfpi.llk merges them into
UNARY_FORK / BINARY (so ``tensix.kernel.power_tile`` etc. exist).
"""

from __future__ import annotations

from tensix.errors import NotModelledError
from tensix.sfpi import lib
from tensix.sfpi.intrinsics import abs as _sfpabs
from tensix.sfpi.intrinsics import addexp, exexp, exexp_nodebias, exman8, exman9, float_to_fp16b, float_to_int16
from tensix.sfpi.intrinsics import int32_to_float, setexp, setsgn, shft, vec_min_max
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import dst_reg, reinterpret, v_else, v_elseif, v_if, vConst1
from tensix.sfpi.vector import vConstFloatPrgm0, vConstFloatPrgm1, vConstFloatPrgm2, vFloat, vInt, vUInt

_h = float.fromhex
POW21F_LOG2_C = (_h("-0x1.952992p+0"), _h("0x2.4f5388p+0"), _h("-0xd.e712ap-4"), _h("0x2.44734p-4"))  # c0..c3 on [1,2)
ONE_LN2_UNARY = 1.4426950408889634     # sfpu_unary_pow_init's Prgm0
ONE_LN2_BINARY = 1.442695              # sfpu_binary_pow_init's Prgm0
SQRT2 = 1.4142135381698608
LN2 = 0.693147180559945309
LN_SERIES = (1.0, 0.3333333333333333, 0.2, 0.14285714285714285, 0.1111111111111111, 0.09090909090909091)
POW2_LOW = -126.99999237060546875
POW2_LN2_HI, POW2_LN2_LO = lib.CW_NEG_LN2_HI, lib.CW_NEG_LN2_LO   # -0.693115234375, -3.19461832987e-05
POW2_TAYLOR = (0.5, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0, 1.0 / 720.0, 1.0 / 5040.0)   # after 1, 1
C231_BITS = 0x4B400000
QNAN = float("nan")


@sfpi_inline
def float_to_int32_positive(v):
    """622c6fb9 llk_sfpu/ckernel_sfpu_conversions.h ``_float_to_int32_positive_``: 0 where the exponent is negative,
    INT32_MAX above 30, else the mantissa with its hidden bit shifted by exponent - 23 (truncation toward zero)."""
    e = exexp(v)
    result = vInt(0)
    with v_if(e < 0):
        result = vInt(0)
    with v_elseif(e > 30):
        result = vInt(0x7FFFFFFF)
    with v_else():
        result = reinterpret(vInt, shft(reinterpret(vUInt, exman8(v)), e - 23))
    return result


@sfpi_inline
def _exponent_as_float(e):
    """convert<vFloat>(convert<vSMag>(e), Nearest): the two's complement exponent to sign-magnitude, SFPCAST."""
    return int32_to_float(lib.int_to_smag(e), 0)


@sfpi_inline
def _pow_21f(base, pow):
    """The common body of ``_sfpu_unary_power_21f_`` / ``_sfpu_binary_power_21f_`` up to y = 2 ** (pow * log2|base|)
    (Prgm0 = 1/ln2, Prgm1 = -127). Returns (y, |base|)."""
    abs_base = _sfpabs(base)
    x = setexp(abs_base, 127)
    series = lib.horner(x, *POW21F_LOG2_C)
    exp_f32 = _exponent_as_float(exexp(base))
    log2_result = exp_f32 + series * vConstFloatPrgm0
    z_f32 = pow * log2_result
    with v_if(z_f32 < vConstFloatPrgm1):
        z_f32 = vConstFloatPrgm1
    z_f32 = addexp(z_f32, 23)
    z = float_to_int32_positive(z_f32 + float(0x3F800000))
    zii = exexp(reinterpret(vFloat, z))
    zif = exman9(reinterpret(vFloat, z))
    d1 = vFloat(0.40196114e-7)
    d2 = int32_to_float(zif + 0xF94EE7, 0)
    d3 = int32_to_float(zif + 0x560E, 0)
    d2 = d1 * d2
    zif = float_to_int32_positive(d2 * d3)
    y = setexp(reinterpret(vFloat, zif), zii + 127)
    return y, abs_base


@sfpi_inline
def _ln_mantissa(abs_base, halve_by_mul, recip_c0, recip_c1):
    """The fp32 kernels' log: m = the mantissa in [1, 2) (setexp 127), halved (addexp -1, or m * 0.5 in the binary
    kernel) with the exponent + 1 where m >= sqrt(2); z = (m - 1) * (1 / (m + 1)) with 1/t from c0 - c1 t and two
    Newton steps y (2 - t y); ln m = 2 (z p(z*z)), p the odd series to z**10. Returns (exp_f32, ln m)."""
    m = setexp(abs_base, 127)
    e = exexp(abs_base)
    with v_if(m >= SQRT2):
        if halve_by_mul:
            m = m * 0.5
        else:
            m = addexp(m, -1)
        e = e + 1
    m_plus_1 = m + vConst1
    m_minus_1 = m - vConst1
    recip = recip_c0 - recip_c1 * m_plus_1
    recip = recip * (2.0 - m_plus_1 * recip)
    recip = recip * (2.0 - m_plus_1 * recip)
    z = m_minus_1 * recip
    z2 = z * z
    p = lib.horner(z2, vConst1, *LN_SERIES[1:])
    ln_m = 2.0 * (z * p)
    return _exponent_as_float(e), ln_m


@sfpi_inline
def pow2_f32_accurate(z):
    """622c6fb9 ``_sfpu_pow2_f32_accurate_``: z = max(z, -126.99999237) (SFPSWAP), k = round(z) through 0x4B400000,
    r = z ln2 + k (-ln2_hi) + k (-ln2_lo), e**r by the Taylor polynomial 1 + r + r**2/2 + ... + r**7/5040, k added to
    its exponent; inf where z >= 128."""
    low = vFloat(POW2_LOW)
    low, z = vec_min_max(low, z)
    c231 = reinterpret(vFloat, vUInt(C231_BITS))
    tmp = z + c231
    k = tmp - c231
    k_int = reinterpret(vInt, tmp) - reinterpret(vInt, c231)
    val = z * LN2
    r_hi = k * POW2_LN2_HI + val
    r = k * POW2_LN2_LO + r_hi
    p = lib.horner(r, vConst1, vConst1, *POW2_TAYLOR)
    result = setexp(p, exexp_nodebias(p) + k_int)
    with v_if(z >= 128.0):
        result = vFloat(float("inf"))
    return result


@sfpi_inline
def _negative_base(y, base, pow, nan):
    """Where base < 0: the sign of y from bit 0 of pow rounded to a sign-magnitude int16 (setsgn2: shifted to bit
    31), NaN where that rounding changed pow (a non-integer exponent)."""
    with v_if(base < 0.0):
        pow_int = float_to_int16(pow, 0)
        pow_rounded = int32_to_float(pow_int, 0)
        y = setsgn(y, reinterpret(vFloat, shft(pow_int, 31)))
        with v_if(pow_rounded != pow):
            y = nan
    return y


@sfpi_inline
def unary_power_row(base, pow, fp32_dest, negative_exponent):
    """622c6fb9 ``_sfpu_unary_power_21f_<positive>`` (16-bit Dst, bf16-rounded) / ``_sfpu_unary_power_61f_updated_
    <positive>`` (fp32 Dst); negative_exponent = the host's pow_scalar < 0 (then 0 ** pow is Prgm2 = NaN)."""
    if fp32_dest:
        abs_base = _sfpabs(base)
        exp_f32, ln_m = _ln_mantissa(abs_base, False, 1.003, 0.244)
        log2_result = exp_f32 + ln_m * vConstFloatPrgm0
        y = pow2_f32_accurate(pow * log2_result)
    else:
        y, abs_base = _pow_21f(base, pow)
    if negative_exponent:
        with v_if(abs_base == 0.0):
            y = vConstFloatPrgm2
    y = _negative_base(y, base, pow, vConstFloatPrgm2)
    if not fp32_dest:
        y = reinterpret(vFloat, float_to_fp16b(y, 0))
    return y


@sfpi_inline
def binary_power_row(base, pow, fp32_dest):
    """622c6fb9 ``_sfpu_binary_power_<fp32>``: ``_sfpu_binary_power_21f_<false>`` (16-bit Dst, bf16-rounded) or
    ``_sfpu_binary_power_f32_`` (fp32 Dst: no clamp of z, 2 ** z as _sfpu_exp_fp32_accurate_(z ln2)); NaN where base
    is 0 and pow < 0, then the negative-base fix-up with a NaN literal."""
    if fp32_dest:
        abs_base = _sfpabs(base)
        exp_f32, ln_m = _ln_mantissa(abs_base, True, vConst1, 0.2426406871192851)
        log2_result = exp_f32 + ln_m * vConstFloatPrgm0
        z_f32 = pow * log2_result
        y = lib.exp_fp32_accurate(z_f32 * LN2)
        with v_if(base == 0.0):
            with v_if(pow < 0.0):
                y = vFloat(QNAN)
    else:
        y, abs_base = _pow_21f(base, pow)
        with v_if(abs_base == 0.0):
            with v_if(pow < 0.0):
                y = vFloat(QNAN)
    y = _negative_base(y, base, pow, vFloat(QNAN))
    if not fp32_dest:
        y = reinterpret(vFloat, float_to_fp16b(y, 0))
    return y


def _scalar(bits):
    """Converter::as_float(bits) as a vector (the kernels load it once per call, i.e. per face)."""
    return reinterpret(vFloat, vUInt(bits))


def power_program(approx, fp32_dest, exponent):
    """622c6fb9 api/compute_kernel_api.h ``power_tile(idst, bits)`` -> ``calculate_unary_power<APPROX, fp32, 8>``:
    the float of `exponent`'s bits, unary_power_row per row (the <positive> template picked by its sign on the
    host: ``pow_scalar >= 0.0f``, so a NaN exponent takes the negative branch)."""
    import numpy as np
    pow_scalar = float(np.uint32(exponent).view(np.float32))
    negative = not pow_scalar >= 0.0

    def face():
        pow = _scalar(exponent)
        for _ in range(8):
            dst_reg[0] = unary_power_row(dst_reg[0], pow, fp32_dest, negative)
            dst_reg += 1
    _llk._faces(face)


def power_init(approx):
    """622c6fb9 ``sfpu_unary_pow_init``: Prgm0 = 1/ln2 (1.4426950408889634f), Prgm1 = -127, Prgm2 = quiet NaN."""
    vConstFloatPrgm0.set(ONE_LN2_UNARY)
    vConstFloatPrgm1.set(-127.0)
    vConstFloatPrgm2.set(QNAN)


def power_iterative_program(approx, fp32_dest, exponent):
    """622c6fb9 ``power_iterative_tile(idst, n)`` -> ``calculate_unary_power_iterative<APPROX, 8>(n)``: 1.0 for n = 0;
    else result = x and square-and-multiply on n - 1 (result *= x where the bit is set, then x *= x), no rounding of
    its own (a 16-bit Dst keeps the truncation of SFPSTORE)."""
    n = int(exponent)

    def row(v):
        if n == 0:
            return vFloat(1.0)
        result = v
        e = n - 1
        while e > 0:
            if e & 1:
                result = result * v
            v = v * v
            e >>= 1
        return result
    _llk._rows(row)


def binary_pow_init(approx):
    """622c6fb9 ``sfpu_binary_pow_init<APPROX>`` (power_binary_tile_init, rpow_tile_init): Prgm0 = 1.442695f, Prgm1 =
    -127 (Prgm2 is not set: the binary kernels use NaN literals)."""
    vConstFloatPrgm0.set(ONE_LN2_BINARY)
    vConstFloatPrgm1.set(-127.0)


def rpow_program(approx, fp32_dest, base_val):
    """622c6fb9 api/compute/eltwise_unary/rpow.h ``rpow_tile(idst, bits)`` -> ``calculate_rpow<APPROX, 8, fp32>``:
    binary_power_row(float(base_val's bits), x) per row."""
    def face():
        base = _scalar(base_val)
        for _ in range(8):
            dst_reg[0] = binary_power_row(base, dst_reg[0], fp32_dest)
            dst_reg += 1
    _llk._faces(face)


def power_binary_program(approx, fp32_dest, tiles):
    """622c6fb9 api/compute/eltwise_binary_sfpu.h ``power_binary_tile(idst0, idst1, odst)`` ->
    ``calculate_sfpu_binary_pow<APPROX, 8, fp32>``: binary_power_row(Dst[idst0], Dst[idst1]) into Dst[odst]."""
    _llk._binary_rows(lambda a, b: binary_power_row(a, b, fp32_dest), tiles)


RDIV_ROUNDING = ("None", "Trunc", "Floor")


def rdiv_program(approx, fp32_dest, rounding_mode, value):
    """622c6fb9 api/compute/eltwise_unary/rdiv.h ``rdiv_tile<rounding_mode>(idst, bits)`` -> ``calculate_rdiv<APPROX,
    fp32, rounding_mode, 8>``: r = sfpu_reciprocal_iter<0> (APPROX), <2> (fp32 Dst) or <1> rounded to bf16 to
    nearest (16-bit Dst); r * value, then _trunc_body_ / _floor_body_ for Trunc / Floor; stored as it is."""
    if rounding_mode not in RDIV_ROUNDING:
        raise NotModelledError(f"rdiv_tile<RoundingMode::{rounding_mode}>: the kernel has None, Trunc and Floor")

    def face():
        val = _scalar(value)
        for _ in range(8):
            x = dst_reg[0]
            if approx:
                recip = lib.sfpu_reciprocal_iter(x, 0)
            elif fp32_dest:
                recip = lib.sfpu_reciprocal_iter(x, 2)
            else:
                recip = lib.sfpu_reciprocal_iter(x, 1)
                recip = reinterpret(vFloat, float_to_fp16b(recip, 0))
            result = recip * val
            if rounding_mode == "Trunc":
                result = _llk._trunc_row(result)
            elif rounding_mode == "Floor":
                result = _llk._floor_ceil_row(result, False)
            dst_reg[0] = result
            dst_reg += 1
    _llk._faces(face)


def rdiv_init(approx):
    """622c6fb9 ``rdiv_init<APPROX>``: sfpu_reciprocal_init (Prgm0..2 = k0, k1, k2)."""
    lib.sfpu_reciprocal_init()


def _approx_only(approx, template):
    return (approx,)


POW_OPS = {
    "power": dict(key="power", params=(), program=power_program, doc="Dst tile idst = x ** float(param0) (2 ** (p "
                  "log2|x|); NaN for 0 ** negative and for a negative x with a non-integer p).", init=power_init,
                  init_args=_approx_only, version=lib.FORK, runtime=("param0",)),
    "power_iterative": dict(key="power_iterative", params=(), program=power_iterative_program, doc="Dst tile idst = "
                            "x ** n for an integer n >= 0 (square and multiply, unrounded).", version=lib.FORK,
                            runtime=("param0",)),
    "rpow": dict(key="rpow", params=(), program=rpow_program, doc="Dst tile idst = float(base_val) ** x (the binary "
                 "power kernel with a constant base).", init=binary_pow_init, init_args=_approx_only,
                 version=lib.FORK, runtime=("base_val",)),
    "rdiv": dict(key="rdiv", params=(("rounding_mode", "None"),), program=rdiv_program, doc="Dst tile idst = "
                 "float(value) / x (value * 1/x; RoundingMode Trunc / Floor applied after).", init=rdiv_init,
                 init_args=_approx_only, version=lib.FORK, runtime=("value",)),
}
"""The UnaryOp fields (tensix.sfpi.llk.UnaryOp) of this module's ops; llk builds them into UNARY_FORK."""

POW_BINARY_OPS = {
    "power_binary": dict(key="power_binary", program=power_binary_program, doc="Dst[odst] = Dst[idst0] ** Dst[idst1] "
                         "(2 ** (y log2|x|); NaN for 0 ** negative and a negative x with a non-integer y).",
                         init=binary_pow_init),
}
"""The BinaryOp fields (tensix.sfpi.llk.BinaryOp) of this module's binary SFPU ops; llk builds them into BINARY."""


from tensix.sfpi import llk as _llk  # noqa: E402  (read at trace time only, so llk can import this module)
