"""The SFPU kernels of xlogy_binary_tile, atan2_binary_tile and isclose_binary_tile of tt-metal 622c6fb9, in the SFPI
DSL: what binary_ng runs for ttnn.xlogy, ttnn.atan2 and ttnn.isclose (SfpuBinaryOp XLOGY / ATAN2 / ISCLOSE,
binary_ng_utils.cpp get_sfpu_init_fn).

tensix's own code, written from the algorithms of the fork's Wormhole B0 kernels ("llk_sfpu/" =
tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/, "api/" = tt_metal/hw/inc/api/compute/, "tt-llk/" =
tt_metal/tt-llk/tt_llk_wormhole_b0/common/inc/):
- api/xlogy.h -> llk_sfpu/ckernel_sfpu_binary.h ``calculate_sfpu_binary<APPROX, BinaryOp::XLOGY, 8>`` (the template's
  is_fp32_dest_acc_en is left at its default, false, and XLOGY does not read it), with tt-llk/sfpu/ckernel_sfpu_log.h
  ``_calculate_log_body_<false>`` and ``_init_log_`` (sfpu_binary_init<APPROX, XLOGY>);
- api/atan2.h -> llk_sfpu/ckernel_sfpu_atan2.h ``calculate_sfpu_atan2<APPROX, 8, DST_ACCUM_MODE>`` /
  ``calculate_sfpu_atan2_init`` (sfpu_reciprocal_init), with ckernel_sfpu_recip.h ``sfpu_reciprocal<is_bf16>``;
- api/isclose.h -> llk_sfpu/ckernel_sfpu_isclose.h ``calculate_sfpu_isclose<APPROX, 8, EQUAL_NAN>`` (rtol / atol as
  the bits of two runtime arguments).

Same constants, same operation order. SFPI resolves `vFloat >= int32_t` (isclose's `a_abs >= inf_bits`) to the
`operator>=(const float)` overload: the int converts to the float 2139095040.0f, so those tests are float compares
with 2**31 - 2**23, not bit compares (tensix's DSL turns a Python int into a float literal the same way).

:data:`BINARY_SPECIAL_OPS` holds the BinaryOp fields of xlogy / atan2, which tensix.sfpi.llk merges into BINARY (so
``tensix.kernel.xlogy_binary_tile`` etc. exist); isclose takes two runtime arguments and a template parameter, so its
compute API call is tensix.ttnn.operations.binary_isclose's.
"""

from __future__ import annotations

from tensix.sfpi import lib
from tensix.sfpi.intrinsics import abs as _sfpabs
from tensix.sfpi.intrinsics import addexp, exexp, float_to_fp16b, int32_to_float, setexp, setsgn, vec_min_max
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import dst_reg, reinterpret, v_else, v_if, vConst0, vConst1
from tensix.sfpi.vector import vConstFloatPrgm0, vConstFloatPrgm1, vConstFloatPrgm2, vFloat, vInt, vUInt

_h = float.fromhex
NAN = float("nan")
INF = float("inf")
# _init_log_: Prgm0 = ln 2 (0.692871f), Prgm1 = A' (0.1058f), Prgm2 = B' (-0.7166f); the body's C', D' are literals
LOG_LN2, LOG_A, LOG_B, LOG_C, LOG_D = 0.692871, 0.1058, -0.7166, 2.0871, -1.4753
# _sfpu_atan2_'s minimax polynomials in s = a * a, highest power first (q = c_n; q = q * s + c_k ...)
ATAN2_FP32 = tuple(_h(c) for c in ("0x1.01cp-8", "-0x1.4bcp-6", "0x1.93p-5", "-0x1.48cp-4", "0x1.bd4p-4",
                                   "-0x1.24p-3", "0x1.99938ap-3", "-0x1.555558p-2"))
ATAN2_BF16 = tuple(_h(c) for c in ("-0x1.de8p-5", "0x1.668p-3", "-0x1.54p-2"))
HALF_PI = _h("0x1.921fb6p+0")
INF_BITS = 0x7F800000       # isclose's inf_bits (int32_t), compared with vFloats: the float 2139095040.0f


# ---- xlogy -----------------------------------------------------------------------------------------------------------
def xlogy_init(approx):
    """tt-llk ``_init_log_<APPROX>`` (sfpu_binary_init<APPROX, BinaryOp::XLOGY>): vConstFloatPrgm0 = 0.692871f,
    Prgm1 = 0.1058f, Prgm2 = -0.7166f."""
    vConstFloatPrgm0.set(LOG_LN2)
    vConstFloatPrgm1.set(LOG_A)
    vConstFloatPrgm2.set(LOG_B)


@sfpi_inline
def _log_body_in_dst(o):
    """tt-llk ``_calculate_log_body_<false>(0, dst_idx)``: reads Dst row o, x = setexp(in, 127), the cubic
    x * (x * (x * Prgm1 + Prgm2) + 2.0871) - 1.4753, plus float(exexp(in)) (convert<vSMag> then convert<vFloat>
    round to nearest) times Prgm0; -inf where in == 0; written back to Dst row o."""
    inp = dst_reg[o]
    x = setexp(inp, 127)
    series = x * (x * (x * vConstFloatPrgm1 + vConstFloatPrgm2) + LOG_C) + LOG_D
    expf = int32_to_float(lib.int_to_smag(exexp(inp)), 0)
    result = expf * vConstFloatPrgm0 + series
    with v_if(inp == 0.0):
        result = vFloat(-INF)
    dst_reg[o] = result


def xlogy_binary_program(approx, fp32_dest, tiles):
    """622c6fb9 api/xlogy.h ``xlogy_binary_tile(idst0, idst1, odst)`` -> ``calculate_sfpu_binary<APPROX, XLOGY, 8>``:
    per row NaN where y = Dst[idst1] < 0 (SFPI's `< 0.0f` tests the sign bit: -0.0 too) or y == NaN (a float compare
    with NaN, false for every y: a NaN y goes through the log's cubic); elsewhere y is stored to Dst[odst],
    _calculate_log_body_ turns it into log(y) there (through Dst: a 16-bit Dst keeps the log's upper 16 bits, as its
    SFPSTORE does), and the result is that Dst value times x = Dst[idst0]; stored as computed (no rounding step,
    whatever the Dst). So x * log(0) is x * -inf (NaN for x = 0, where torch.xlogy gives 0) and log(inf) is finite
    (the cubic of inf's mantissa plus 128 ln 2)."""
    i0, i1, o = [32 * t for t in tiles]

    def face():
        for _ in range(8):
            in0 = dst_reg[i0]
            in1 = dst_reg[i1]
            result = vFloat(0.0)
            with v_if((in1 < 0.0) | (in1 == NAN)):
                result = vFloat(NAN)
            with v_else():
                dst_reg[o] = in1
                _log_body_in_dst(o)
                result = dst_reg[o] * in0
            dst_reg[o] = result
            dst_reg += 1
    _llk._faces(face)


# ---- atan2 -----------------------------------------------------------------------------------------------------------
def atan2_init(approx):
    """622c6fb9 ``calculate_sfpu_atan2_init<APPROX, fp32>``: sfpu_reciprocal_init (Prgm0..2 = k0, k1, k2; its
    APPROXIMATE parameter changes nothing)."""
    lib.sfpu_reciprocal_init()


@sfpi_inline
def atan2_row(y, x, approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_atan2.h ``_sfpu_atan2_<APPROX, fp32>(y, x)``: a = min(|x|, |y|) / max(|x|, |y|)
    (SFPSWAP min/max in sign-magnitude order, so a NaN lands in max; sfpu_reciprocal<is_bf16>: iteration count 0 for
    a 16-bit Dst or APPROX, else 2), atan(a) = a + a * s * q(s) with s = a * a (q: 8 terms for an fp32 Dst, 3 for a
    16-bit one, each step one SFPMAD), pi/2 - r where |y| >= |x| (as integers), pi/4 where |x| == |y| (0 where both
    are 0), pi - r where x < 0 (its sign bit: -0 too), rounded to bf16 to nearest for a 16-bit Dst, the sign of y, NaN
    where max's bits exceed +inf's."""
    is_bf16 = (not fp32_dest) or approx
    lo = setsgn(x, 0)
    hi = setsgn(y, 0)
    lo, hi = vec_min_max(lo, hi)
    a = lo * lib.sfpu_reciprocal_iter(hi, 0 if is_bf16 else 2)
    coeffs = ATAN2_FP32 if fp32_dest else ATAN2_BF16
    q = vFloat(coeffs[0])
    s = a * a
    for c in coeffs[1:]:
        q = q * s + vFloat(c)
    half_pi = vFloat(HALF_PI)
    t = q * s
    x_abs = setsgn(x, 0)
    r = t * a + a
    with v_if(reinterpret(vInt, lo) >= reinterpret(vInt, x_abs)):
        r = half_pi - r
        with v_if(reinterpret(vInt, lo) >= reinterpret(vInt, hi)):
            r = addexp(half_pi, -1)
            with v_if(lo == 0.0):
                r = vFloat(0.0)
    with v_if(x < 0.0):
        pi = addexp(half_pi, 1)
        r = pi - r
    if not fp32_dest:
        r = reinterpret(vFloat, float_to_fp16b(r, 0))
    r = setsgn(r, y)
    infinity = vFloat(INF)
    with v_if(reinterpret(vInt, infinity) < reinterpret(vInt, hi)):
        r = vFloat(NAN)
    return r


def atan2_binary_program(approx, fp32_dest, tiles):
    """622c6fb9 api/atan2.h ``atan2_binary_tile(idst0, idst1, odst)`` -> ``calculate_sfpu_atan2<APPROX, 8, fp32>``:
    Dst[odst] = atan2_row(y = Dst[idst0], x = Dst[idst1])."""
    _llk._binary_rows(lambda y, x: atan2_row(y, x, approx, fp32_dest), tiles)


# ---- isclose ---------------------------------------------------------------------------------------------------------
def isclose_binary_program(approx, fp32_dest, tiles, rtol_bits, atol_bits, equal_nan):
    """622c6fb9 api/isclose.h ``isclose_binary_tile<EQUAL_NAN>(idst0, idst1, odst, rtol_bits, atol_bits)`` ->
    ``calculate_sfpu_isclose<APPROX, 8, EQUAL_NAN>``: per face rtol / atol are the floats of the bits; per row 1.0
    where |a - b| <= atol + rtol * |b| (one SFPMAD), else 0.0; then where |a| or |b| >= 2139095040.0f (the int
    inf_bits as a float: +-inf, NaN and finite values from 2**31 - 2**23 up) the result is rebuilt: 1.0 only where
    |a| == 2139095040.0f and a, b have the same bits, and with EQUAL_NAN where |a| and |b| > 2139095040.0f; 0.0
    elsewhere."""
    i0, i1, o = [32 * t for t in tiles]

    def face():
        atol = reinterpret(vFloat, vUInt(atol_bits))
        rtol = reinterpret(vFloat, vUInt(rtol_bits))
        for _ in range(8):
            # (the kernel keeps a, b, their bits and magnitudes live through the row; tensix's allocator, which
            # loads each compare's constant into an LReg, runs out of LRegs that way: a and b are loaded from Dst
            # again where the fix-up needs them, the same values)
            a = dst_reg[i0]
            b = dst_reg[i1]
            abs_diff = _sfpabs(a - b)
            tol = atol + rtol * _sfpabs(b)
            result = vFloat(vConst0)
            with v_if(abs_diff <= tol):
                result = vFloat(vConst1)
            a_abs = _sfpabs(dst_reg[i0])
            b_abs = _sfpabs(dst_reg[i1])
            with v_if((a_abs >= INF_BITS) | (b_abs >= INF_BITS)):
                result = vFloat(vConst0)
                with v_if((a_abs == INF_BITS) & (reinterpret(vInt, dst_reg[i0]) == reinterpret(vInt, dst_reg[i1]))):
                    result = vFloat(vConst1)
                if equal_nan:
                    with v_if((a_abs > INF_BITS) & (b_abs > INF_BITS)):
                        result = vFloat(vConst1)
            dst_reg[o] = result
            dst_reg += 1
    _llk._faces(face)


BINARY_SPECIAL_OPS = {
    "xlogy_binary": dict(key="xlogy_binary", program=xlogy_binary_program, doc="Dst[odst] = Dst[idst0] * "
                         "log(Dst[idst1]) (tt-llk's cubic log; NaN for a negative or NaN y).", init=xlogy_init),
    "atan2_binary": dict(key="atan2_binary", program=atan2_binary_program, doc="Dst[odst] = atan2(Dst[idst0], "
                         "Dst[idst1]) (a minimax polynomial of min / max of the magnitudes).", init=atan2_init),
}
"""The BinaryOp fields (tensix.sfpi.llk.BinaryOp) of xlogy / atan2; llk builds them into BINARY."""


from tensix.sfpi import llk as _llk  # noqa: E402  (read at trace time only, so llk can import this module)
