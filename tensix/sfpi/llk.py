"""The SFPU code behind tt-metal's unary compute kernel ops (``exp_tile``, ``recip_tile``, ...), in the SFPI DSL.

tensix's own code, written from the algorithms of tt-llk's Wormhole B0 SFPU kernels (``ckernel_sfpu_*.h``) and
tt-metal's compute kernel API (``compute_kernel_api/eltwise_unary/*.h``); each function names the one it follows
and the version read. :data:`UNARY` lists the ops ``tensix.kernel`` exposes as ``<name>_tile(idst)`` /
``<name>_tile_init()``: per op, its template parameters, the tile program (one 32x32 tile of Dst, walked as the
LLK driver does with VectorMode::RC: per face ``ITERATIONS = 8`` rows of ``dst_reg[0] ... dst_reg += 1``, then
two SETRWC(CR_D, 8) to the next face) and, if its code reads programmable constants, the init program that
loads them (SFPCONFIG).
"""

from __future__ import annotations

from dataclasses import dataclass

from tensix.errors import NotModelledError
from tensix.sfpi import lib
from tensix.sfpi.intrinsics import abs as _sfpabs
from tensix.sfpi.intrinsics import (
    addexp,
    exexp,
    float_to_fp16b,
    setexp,
    setsgn,
    vec_min_max,
)
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import (
    dst_reg,
    reinterpret,
    s2vFloat16b,
    v_else,
    v_if,
    vConst1,
    vConstFloatPrgm0,
    vConstFloatPrgm1,
    vConstFloatPrgm2,
    vConstIntPrgm0,
    vFloat,
    vInt,
    vUInt,
)


@dataclass(frozen=True)
class UnaryOp:
    """An op of the compute API: `program(*template)` walks one tile; `init(*init_args(template))` (if any) loads
    the programmable constants `program` reads."""

    key: str
    params: tuple           # ((name, default), ...): the C++ template parameters, in order
    program: object         # program(approx, fp32_dest, *template): approx is ComputeConfig.math_approx_mode
    doc: str                # (tt-metal's APPROX define), fp32_dest its fp32_dest_acc_en (DST_ACCUM_MODE)
    init: object = None     # init(*init_args(approx, template)): SFPCONFIG of the constants program reads
    init_args: object = None
    # its init reloads the programmable constants although this op's code reads none (tt-metal's exp init, whose
    # values changed from version to version): an op that needs its own constants must be initialised again
    init_clobbers: bool = False


# One 32x32 tile as the LLK driver walks it (tt-llk ``_llk_math_eltwise_unary_sfpu_params_``, VectorMode::RC): four
# faces of eight iterations, two SETRWC(CR_D, 8) after each face, the Dst counter cleared at the end.
_tile = lib._unary_tile


def _bf16_unless_fp32(y, fp32_dest):
    """tt-llk's ending of an op whose result must be rounded for a 16-bit Dst: float_to_fp16b(y, 0) (SFPSTOCHRND
    FP32 -> FP16B with round to nearest; a plain SFPSTORE would truncate)."""
    if not fp32_dest:
        y = reinterpret(vFloat, float_to_fp16b(y, 0))
    return y


def face_program(first_fn, fn, vector_mode, *args):
    """The LLK driver around a face function (tt-metal's ``llk_math_eltwise_unary_sfpu_0_param(first_func, func,
    dst_index, vector_mode)``, seed 002; tt-llk ``_llk_math_eltwise_unary_sfpu_params_``): RC runs it on the four
    faces, stepping the Dst counter 16 rows (two SETRWC(CR_D, 8)) after each; R on faces 0 and 1 (first_func, then
    func), then four more steps; C on faces 0 and 2 (four steps after each). Then the counter is cleared."""
    first_fn, fn = sfpi_inline(first_fn), sfpi_inline(fn)   # plain face functions may use `dst_reg += 1`
    if vector_mode == "rc":
        for _ in range(4):
            fn(*args)
            lib._next_face()
    elif vector_mode == "r":
        for f in (first_fn, fn):
            f(*args)
            lib._next_face()
        lib._next_face()
        lib._next_face()
    elif vector_mode == "c":
        for _ in range(2):
            fn(*args)
            lib._next_face()
            lib._next_face()
    else:
        raise NotModelledError(f"VectorMode {vector_mode!r}: the LLK driver has RC, R and C")
    lib._clear_dst_counter()


def abs_tile_program(approx, fp32_dest):
    """tt-llk ``_calculate_abs_``: |x| by SFPABS (float mode: clears the sign bit; NaN stays NaN)."""
    _tile(lambda v: _sfpabs(v))


def negative_tile_program(approx, fp32_dest):
    """tt-llk ``_calculate_negative_``: -x (SFPMOV with the sign complemented)."""
    _tile(lambda v: -v)


def square_tile_program(approx, fp32_dest):
    """tt-llk ``_calculate_square_``: x * x (SFPMUL)."""
    _tile(lambda v: v * v)


def relu_tile_program(approx, fp32_dest):
    """tt-llk since August 2025 (``_relu_min_<vFloat, APPROX, 8, uint32_t>(0)``, which tt-metal's ``relu_tile``
    calls): the threshold +0 in an LReg, and per row SFPSWAP VEC_MIN_MAX of x and the threshold, the max stored:
    max(x, +0) in sign-magnitude order (-0 and -NaN become +0, +NaN passes)."""
    threshold = vFloat(0.0)
    _tile(lambda v: vec_min_max(v, threshold)[1])


def sin_tile_program(approx, fp32_dest):
    """tt-metal ``calculate_sine<APPROX>`` (2025): x / pi reduced to the nearest half turn, odd polynomial of degree
    9, or 5 in approximate mode (lib)."""
    lib.sin_tile(approx)


def cos_tile_program(approx, fp32_dest):
    """tt-metal ``calculate_cosine<APPROX>`` (2025): sin(pi * (x / pi + 0.5)) (lib)."""
    lib.cos_tile(approx)


def exp_tile_program(approx, fp32_dest, approx_t, fast_and_approx):
    """tt-metal mid-2025 ``exp_tile<false>``: ``calculate_exponential`` with approximation off runs
    ``_sfpu_exp_21f_<is_fp32_dest_acc_en>`` on each element (Moroz et al.'s exp_21f; tensix.sfpi.lib.exp_21f,
    which rounds to bf16 for a 16-bit Dst). The approximate modes (``exp_tile<true>``: the SFPLOADMACRO and
    LUT-based fast paths) are not modelled: refused."""
    if approx_t:
        raise NotModelledError("exp_tile<approx=true> (tt-llk's fast approximate exponential, built on SFPLOADMACRO "
                               "sequences and LUT constants) is not modelled by tensix.\nFix: use exp_tile<false> "
                               "(the default), or write the approximation in SFPI and call it with call_sfpu.")
    _tile(lambda v: lib.exp_21f(v, fp32_dest))


@sfpi_inline
def _reciprocal(x, max_iter):
    """tt-llk 9003e2160 (2025-07-03) ``_sfpu_reciprocal_<max_iter>`` (ckernel_sfpu_recip.h, the version before the
    September 2025 rewrite; tt-metal keeps its numbers as ``recip_tile<legacy_compat = true>``): the mantissa as a
    negative number in [-1, -0.5) (setsgn 1, setexp 126), first guess k * (m * k + 2) with k = vConstFloatPrgm0 = 1.442695, then
    max_iter - 1 Newton steps r = r * (m * r + 2) (vConstFloatPrgm1 = 2.0); the exponent is rebuilt as
    exp(r) - exp(x) + 126, a result whose exponent would be negative saturates to 0."""
    val = setexp(setsgn(x, 1), 126)
    k = vConstFloatPrgm0
    two = vConstFloatPrgm1
    result = k * (val * k + two)
    for _ in range(max_iter - 1):
        result = result * (val * result + two)
    new_exp = exexp(result)
    new_exp -= exexp(x)
    new_exp += 126
    with v_if(new_exp < 0):
        result = vFloat(0.0)
        new_exp = vInt(0)
    return setexp(result, new_exp)


@sfpi_inline
def _recip_row(v, approx, fp32_dest):
    out = _reciprocal(v, 2 if approx else 3)
    with v_if(v < 0.0):
        out = -out
    if approx:
        return out
    return _bf16_unless_fp32(out, fp32_dest)


def recip_tile_program(approx, fp32_dest):
    """tt-llk 9003e2160 ``_calculate_reciprocal_<APPROX, 8, is_fp32_dest_acc_en>``: _reciprocal with 3 iterations (2
    in approximate mode), the sign of x restored, rounded with float_to_fp16b for a 16-bit Dst unless approximate.
    The September 2025 rewrite (a quadratic first estimate and one or two Newton steps, tt-metal's
    ``recip_tile<legacy_compat = false>``) is not modelled."""
    _tile(_recip_row, approx, fp32_dest)


def recip_init():
    """tt-llk 9003e2160 ``_init_reciprocal_``: vConstFloatPrgm0 = 1.442695 (ln2_recip, the first guess), Prgm1 = 2.0."""
    vConstFloatPrgm0.set(1.442695)
    vConstFloatPrgm1.set(2.0)


@sfpi_inline
def _sqrt_body(x, approx, reciprocal):
    """tt-llk b1c01bc22 (2025-09-05, "Rewrite {recip,rsqrt,sqrt} LLKs") ``_calculate_sqrt_body_<APPROXIMATE,
    RECIPROCAL>``, after Kokosinski, Gepner, Moroz et al. (Numer. Algor. 2024): y = magic - (bits(x) >> 1) as a
    float, then SQRT_10-bits (approx: one step with vConstFloatPrgm1) or SQRT_23-bits (a polynomial step with
    Prgm1 and Prgm2, then one correction), for sqrt(x) or 1/sqrt(x). Special cases of that version: sqrt(inf)
    = inf; rsqrt(0) = inf, rsqrt(inf) = 0 (through the bits of inf - x). Negative inputs are not special there
    (the November 2025 NaN fix is a later version)."""
    i = reinterpret(vInt, reinterpret(vUInt, x) >> 1)
    y = reinterpret(vFloat, vConstIntPrgm0 - i)
    infinity = vFloat(s2vFloat16b(float("inf")))
    infinity_bits = reinterpret(vInt, infinity)
    if approx:
        c = x * y
        negative_y = -y
        t = vConstFloatPrgm1 + negative_y * c
        if reciprocal:
            x_bits = reinterpret(vInt, x)
            infinity_minus_x_bits = infinity_bits - x_bits
            with v_if((infinity_minus_x_bits != 0) & (x_bits != 0)):
                y = y * t
            with v_else():
                y = reinterpret(vFloat, infinity_minus_x_bits)
        else:
            y = c
            with v_if(reinterpret(vInt, x) != infinity_bits):
                y = y * t
    else:
        xy = x * y
        negative_y = -y
        c = negative_y * xy
        y = y * (vConstFloatPrgm1 + c * (vConstFloatPrgm2 + c))
        xy = x * y
        negative_y = -y
        one_minus_xyy = vConst1 + negative_y * xy
        if reciprocal:
            half_y = addexp(y, -1)
            x_bits = reinterpret(vInt, x)
            infinity_minus_x_bits = infinity_bits - x_bits
            with v_if((infinity_minus_x_bits != 0) & (x_bits != 0)):
                y = one_minus_xyy * half_y + y
            with v_else():
                y = reinterpret(vFloat, infinity_minus_x_bits)
        else:
            half_xy = 0.5 * xy
            with v_if(reinterpret(vInt, x) < infinity_bits):
                y = one_minus_xyy * half_xy + xy
    return y


@sfpi_inline
def _sqrt_row(v, approx, fp32_dest, reciprocal):
    return _bf16_unless_fp32(_sqrt_body(v, approx, reciprocal), fp32_dest)


def sqrt_tile_program(approx, fp32_dest):
    """tt-llk b1c01bc22 ``_calculate_sqrt_internal_<APPROX, 8, fp32_dest_acc_en, false>``: _sqrt_body, rounded with
    float_to_fp16b for a 16-bit Dst."""
    _tile(_sqrt_row, approx, fp32_dest, False)


def rsqrt_tile_program(approx, fp32_dest):
    """The same with RECIPROCAL = true (``_calculate_rsqrt_``, legacy_compat = false): 1/sqrt(x)."""
    _tile(_sqrt_row, approx, fp32_dest, True)


def sqrt_init(approx):
    """tt-llk b1c01bc22 ``_init_sqrt_<APPROX, false>``: the magic constant in vConstIntPrgm0 and the polynomial
    constants."""
    if approx:
        vConstIntPrgm0.set(0x5F0B3892)
        vConstFloatPrgm1.set(1.89099014875)
    else:
        vConstIntPrgm0.set(0x5F1110A0)
        vConstFloatPrgm1.set(2.2825186)
        vConstFloatPrgm2.set(2.2533049)


def _approx_only(approx, template):
    return (approx,)


UNARY = {
    "abs": UnaryOp("abs", (), abs_tile_program, "Dst tile idst = |x|."),
    "negative": UnaryOp("negative", (), negative_tile_program, "Dst tile idst = -x."),
    "square": UnaryOp("square", (), square_tile_program, "Dst tile idst = x * x."),
    "relu": UnaryOp("relu", (), relu_tile_program, "Dst tile idst = max(x, 0) (relu_min 0)."),
    "sin": UnaryOp("sin", (), sin_tile_program, "Dst tile idst = sin(x) (|x| / pi below 32767.5)."),
    "cos": UnaryOp("cos", (), cos_tile_program, "Dst tile idst = cos(x) (|x| / pi below 32767)."),
    "exp": UnaryOp("exp", (("approx", False), ("fast_and_approx", True)), exp_tile_program,
                   "Dst tile idst = e**x (exp_21f; 0 below -88).", init_clobbers=True),
    "recip": UnaryOp("recip", (), recip_tile_program, "Dst tile idst = 1/x (Newton-Raphson).", recip_init,
                     lambda approx, template: ()),
    "sqrt": UnaryOp("sqrt", (), sqrt_tile_program, "Dst tile idst = sqrt(x) (x >= 0).", sqrt_init,
                    _approx_only),
    "rsqrt": UnaryOp("rsqrt", (), rsqrt_tile_program, "Dst tile idst = 1/sqrt(x) (x > 0).", sqrt_init,
                     _approx_only),
}
