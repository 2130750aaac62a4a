"""The SFPU code behind tt-metal's unary compute kernel ops (``exp_tile``, ``recip_tile``, ...), in the SFPI DSL.

tensix's own code, written from the algorithms of tt-llk's Wormhole B0 SFPU kernels (``ckernel_sfpu_*.h``) and
tt-metal's compute kernel API (``compute_kernel_api/eltwise_unary/*.h``); each function names the one it follows
and the version read. :data:`UNARY` lists the ops ``tensix.kernel`` exposes as ``<name>_tile(idst)`` /
``<name>_tile_init()``: per op, its template parameters, the tile program (one 32x32 tile of Dst, walked as the
LLK driver does with VectorMode::RC: per face ``ITERATIONS = 8`` rows of ``dst_reg[0] ... dst_reg += 1``, then
two SETRWC(CR_D, 8) to the next face) and, if its code reads programmable constants, the init program that
loads them (SFPCONFIG). :data:`UNARY_FORK` holds the kernels of tt-metal 622c6fb9 (2026-06-23), what ttnn 0.81.1
runs (the compute API's ``version="622c6fb9"``; the ops tensix had keep their 2025 kernels by default), and
:data:`BINARY` the binary SFPU ops of that version (``add_binary_tile(idst0, idst1, odst)``, ...).

Compiler fidelity: SFPI 7.60's compiler (sfpi-gcc's rvtt_combine pass on Wormhole) turns an addition of a
bf16-exact literal into SFPADDI before it fuses multiplications and additions into SFPMADs, so ``a*b + 0.5f`` is an
SFPMUL and an SFPADDI there (two roundings); 0.0, 1.0 and -1.0 are read from the constant registers L9 / L10 / L11
instead (an earlier pass), so ``a*b + 1.0f`` is one SFPMAD (docs/sfpi_addi_fusion.md). The fork's kernels are written
with lib.addi where that applies, since tensix's own compiler fuses first (see tensix.sfpi.lib.addi).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from tensix.errors import NotModelledError
from tensix.sfpi import lib
from tensix.sfpi.intrinsics import abs as _sfpabs
from tensix.sfpi.intrinsics import (
    addexp,
    exexp,
    exexp_nodebias,
    exman9,
    float_to_fp16b,
    int32_to_float,
    setexp,
    setman,
    setsgn,
    shft,
    vec_min_max,
)
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import (
    LRegs,
    dst_reg,
    emit,
    l_reg,
    reinterpret,
    s2vFloat16a,
    s2vFloat16b,
    v_and,
    v_else,
    v_elseif,
    v_if,
    vConst0,
    vConst1,
    vConstNeg1,
    vConstFloatPrgm0,
    vConstFloatPrgm1,
    vConstFloatPrgm2,
    vConstIntPrgm0,
    vConstIntPrgm1,
    vFloat,
    vInt,
    vUInt,
)


LEGACY = "2025"        # the kernels tensix modelled first (tt-llk / tt-metal of 2025): the default version
FORK = lib.FORK        # "622c6fb9": the tt-metal fork of 2026-06-23 that ttnn 0.81.1 was built from


@dataclass(frozen=True)
class UnaryOp:
    """An op of the compute API: `program(*template)` walks one tile; `init(*init_args(template))` (if any) loads
    the programmable constants `program` reads."""

    key: str
    params: tuple           # ((name, default), ...): the C++ template parameters, in order
    program: object         # program(approx, fp32_dest, *template, *runtime): approx is ComputeConfig.math_approx_mode
    doc: str                # (tt-metal's APPROX define), fp32_dest its fp32_dest_acc_en (DST_ACCUM_MODE)
    init: object = None     # init(*init_args(approx, template)): SFPCONFIG of the constants program reads
    init_args: object = None
    # its init reloads the programmable constants although this op's code reads none (tt-metal's exp init, whose
    # values changed from version to version): an op that needs its own constants must be initialised again
    init_clobbers: bool = False
    version: str = LEGACY   # which kernels: LEGACY or FORK (the compute API's `version` keyword)
    runtime: tuple = ()     # names of the call's uint32 arguments after idst (clamp_tile(idst, param0, param1))
    fp32_init: bool = False  # init_args(approx, template, fp32_dest): the init depends on DST_ACCUM_MODE
    tables: object = None   # tables(template) -> LRegs (0-7) its init loads and its code reads in a later call
    # llk(template) -> (tile InstrProgram, init InstrProgram) for the template forms that run tt-llk's instruction
    # list itself (exp_tile<approx=true>: SFPLOADMACRO), else None (the SFPI `program` and `init`)
    llk: object = None
    # llk is llk(template, runtime): the instruction list depends on the call's runtime arguments too (they are its
    # immediates, and the LLK branches on them: clamp_tile_int32); runtime is None for the init's list
    llk_runtime: bool = False
    # names of the init call's uint32 arguments (remainder_tile_init(param0, param1)): init_args(approx, template,
    # *those) gives the init's arguments, and a call's own runtime arguments stand for them when it is checked
    init_runtime: tuple = ()


# One 32x32 tile as the LLK driver walks it (tt-llk ``_llk_math_eltwise_unary_sfpu_params_``, VectorMode::RC): four
# faces of eight iterations, two SETRWC(CR_D, 8) after each face, the Dst counter cleared at the end.
_tile = lib._unary_tile


def _bf16_unless_fp32(y, fp32_dest):
    """tt-llk's ending of an op whose result must be rounded for a 16-bit Dst: float_to_fp16b(y, 0) (SFPSTOCHRND
    FP32 -> FP16B with round to nearest; a plain SFPSTORE would truncate)."""
    if not fp32_dest:
        y = reinterpret(vFloat, float_to_fp16b(y, 0))
    return y


def _rounded_rows(row, fp32_dest, *args):
    """The tile, row by row: row(x, fp32_dest, *args) stored, rounded to nearest bf16 for a 16-bit Dst (the loops of
    the 622c6fb9 kernels that end in convert<vFloat16b>(result, Nearest))."""
    def face():
        for _ in range(8):
            dst_reg[0] = _bf16_unless_fp32(row(dst_reg[0], fp32_dest, *args), fp32_dest)
            dst_reg += 1
    _faces(face)


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
def _reciprocal(x, max_iter, compat=False):
    """tt-llk 9003e2160 (2025-07-03) ``_sfpu_reciprocal_<max_iter>`` (ckernel_sfpu_recip.h, the version before the
    September 2025 rewrite; tt-metal keeps its numbers as ``recip_tile<legacy_compat = true>``): the mantissa as a
    negative number in [-1, -0.5) (setsgn 1, setexp 126), first guess k * (m * k + 2) with k = vConstFloatPrgm0 = 1.442695, then
    max_iter - 1 Newton steps r = r * (m * r + 2) (vConstFloatPrgm1 = 2.0); the exponent is rebuilt as
    exp(r) - exp(x) + 126, a result whose exponent would be negative saturates to 0.

    compat: 622c6fb9 tt-llk sfpu/ckernel_sfpu_rsqrt_compat.h ``_reciprocal_compat_<max_iter>``, the same with 1.442695
    and 2.0 as immediates: `m * r + two` with `two` a bf16-exact literal is an SFPMUL and an SFPADDI there (lib.addi),
    where the programmable constant gave one SFPMAD."""
    val = setexp(setsgn(x, 1), 126)
    if compat:
        k = vFloat(1.442695)
        result = k * lib.addi(val * k, 2.0)
        for _ in range(max_iter - 1):
            result = result * lib.addi(val * result, 2.0)
    else:
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
def _recip_row(v, approx, fp32_dest, compat=False):
    out = _reciprocal(v, 2 if approx else 3, compat)
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


# ================================================================================================================
# The kernels of the tt-metal fork at 622c6fb9 (2026-06-23; nyoshifujiTT/tt-metal, the sources of the ttnn 0.81.1
# wheel): what ttnn's eltwise unary and binary ops run at that version. Paths below are relative to that tree:
# "llk_sfpu/" = tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/, "tt-llk sfpu/" =
# tt_metal/tt-llk/tt_llk_wormhole_b0/common/inc/sfpu/, "api/" = tt_metal/hw/inc/api/compute/. How SFPI 7.60 lowers
# the calls (convert<>, exman, copyman, ...) is in tensix.sfpi.lib's fork section.
#
# Where tensix already modelled an op with an earlier kernel (exp, recip, sqrt, rsqrt, sin, cos), the fork's kernel
# is the template parameter `version="622c6fb9"` of the same compute API call; the default (`version="2025"`) keeps
# the kernel tensix had, which other code relies on. abs, negative, square and relu are unchanged at 622c6fb9.
# ================================================================================================================


def _rows(fn, *args, mode="rc"):
    """A row function over the faces the LLK driver visits (tt-llk llk_math_eltwise_sfpu_common.h
    ``_llk_math_eltwise_sfpu_apply_vector_mode_``): RC all four, R faces 0 and 1, C faces 0 and 2; per face eight
    rows of dst_reg[0] ... dst_reg += 1, then two SETRWC(CR_D, 8); the counter cleared at the end."""
    def face():
        for _ in range(8):
            v = dst_reg[0]
            dst_reg[0] = fn(v, *args)
            dst_reg += 1
    _faces(face, mode)


def _faces(face, mode="rc"):
    """A face function over the faces the LLK driver visits (face_program with the same function for all)."""
    face_program(face, face, mode)


def _refuse(what, fix):
    raise NotModelledError(f"{what} is not modelled by tensix.\nFix: {fix}")


# ---- exp ---------------------------------------------------------------------------------------------------------
EXP_TTI_C0_FP16A = 0x3C02   # SFPLOADI FLOATA 0x3c02 = 1.001953125: the TTI kernel's c0 (its comment says 1.0017248)
EXP_TTI_C1_BITS = 0x33A85ADA
EXP_TTI_C2_BITS = 0x27ACA418
EXP_TTI_LN2_RECIP_BITS = 0x3FB8AA3B


@sfpi_inline
def _exp_21f_tti(val, fp32_dest, clamp_negative):
    """622c6fb9 llk_sfpu/ckernel_sfpu_exp.h ``_sfpu_exp_21f_bf16_tti_<false, is_fp32_dest_acc_en, CLAMP_NEGATIVE>``
    (the TTI form of _sfpu_exp_21f_bf16_ that exp_tile runs for a 16-bit Dst): xlog2 = val * LREG12 (1/ln2, from
    exp_init) + 127 in one SFPMAD, clamped below at 0 (CLAMP_NEGATIVE) and above at 255 by SFPSWAP, the integer
    part by EXEXP/EXMAN/SHFT, the fraction f cast (RNE), 2**f = (f * LREG13 + c1) * f + c0 with LREG13 = c2 =
    4.79175e-15 (exp_init), c1 = 7.839635e-08 and c0 = SFPLOADI FLOATA 0x3c02 = 1.001953125 (not the 1.0017248 of
    the SFPI version), exponent set by SETEXP, then SFPSTOCHRND to bf16 (round half away) for a 16-bit Dst."""
    xlog2 = val * vConstFloatPrgm0 + vFloat(127.0)
    if clamp_negative:
        zero, xlog2 = vec_min_max(vFloat(0.0), xlog2)
    xlog2, high = vec_min_max(xlog2, vFloat(255.0))
    z = reinterpret(vFloat, lib.float_to_int32_for_exp_21f(xlog2))
    frac = int32_to_float(exman9(z), 0)
    t = frac * vConstFloatPrgm1 + reinterpret(vFloat, vUInt(EXP_TTI_C1_BITS))
    frac = t * frac + vFloat(s2vFloat16a(EXP_TTI_C0_FP16A))
    y = setexp(frac, exexp_nodebias(z))
    return _bf16_unless_fp32(y, fp32_dest)


def exp_fork_program(approx, fp32_dest, approx_t, scale_en, input_clamping):
    """622c6fb9 api/eltwise_unary/exp.h ``exp_tile<approx, scale_en, input_clamping>`` -> llk_sfpu/ckernel_sfpu_exp.h
    ``calculate_exponential<approx, DST_ACCUM_MODE, scale_en, 8, CLAMP_NEGATIVE>``. Accurate mode (ttnn.exp's
    default, exp_tile<0u>): an fp32 Dst runs ``_sfpu_exp_fp32_accurate_`` per row (lib.exp_fp32_accurate), a 16-bit
    Dst the TTI exp_21f kernel (_exp_21f_tti; it reads exp_init's LREG12/13). approx = true (the Schraudolph kernel
    built on SFPLOADMACRO sequences and the replay buffer) is not SFPI code: the compute API runs tt-llk's
    instruction list (UNARY_FORK["exp"].llk, exp_approx_programs). Not modelled: scale_en (the scale argument)."""
    if approx_t:
        _refuse("exp_tile<approx=true> of 622c6fb9 as an SFPI program (it is tt-llk's SFPLOADMACRO instruction list: "
                "the compute API's exp_tile runs it, tensix.sfpi.llk.exp_approx_programs gives it)",
                "call exp_tile(idst, approx=True, input_clamping='None', version='622c6fb9') in a compute kernel.")
    if scale_en:
        _refuse("exp_tile<scale_en=true> (the input scale argument)", "scale the input with another op first.")
    if input_clamping not in ("ClampToNegative", "None"):
        raise NotModelledError(f"exp_tile input_clamping is 'ClampToNegative' or 'None', not {input_clamping!r}")
    if fp32_dest:
        _rows(lambda v: lib.exp_fp32_accurate(v))
    else:
        _rows(_exp_21f_tti, fp32_dest, input_clamping == "ClampToNegative")


def _exp_llk(approx_t, scale_en, input_clamping):
    """exp_tile<approx=true> runs tt-llk's instruction list (exp_approx_programs); approx=false the SFPI kernels."""
    if not approx_t:
        return None
    if scale_en:
        _refuse("exp_tile<approx=true, scale_en=true> (the input scale argument)", "scale the input with another op "
                "first (exp_tile_init's scale template is not modelled either).")
    if sfploadmacro_disabled():
        return exp_approx_disable_programs(input_clamping)
    if input_clamping not in ("ClampToNegative", "None"):
        raise NotModelledError(f"exp_tile input_clamping is 'ClampToNegative' or 'None', not {input_clamping!r}")
    return exp_approx_programs(input_clamping)


def exp_fork_init(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_exp.h ``exp_init<false, ...>``: a 16-bit Dst loads LREG12 = 1/ln2 and LREG13 =
    c2 for the TTI kernel; an fp32 Dst loads the reciprocal's constants (sfpu_reciprocal_init), which its code does
    not read."""
    if approx:
        _refuse("exp_tile_init<approx=true> of 622c6fb9 (it programs SFPLOADMACRO sequences and the replay buffer)",
                "use exp_tile_init<false> (ttnn.exp's default).")
    if fp32_dest:
        lib.sfpu_reciprocal_init()
    else:
        vConstIntPrgm0.set(EXP_TTI_LN2_RECIP_BITS)
        vConstIntPrgm1.set(EXP_TTI_C2_BITS)


# ---- reciprocal --------------------------------------------------------------------------------------------------
@sfpi_inline
def _recip_fork_row(v, approx, fp32_dest):
    if approx:
        return lib.sfpu_reciprocal_iter(v, 0)
    if fp32_dest:
        return lib.sfpu_reciprocal_iter(v, 2)
    return _bf16_unless_fp32(lib.sfpu_reciprocal_iter(v, 1), False)


def recip_fork_program(approx, fp32_dest, legacy_compat):
    """622c6fb9 api/eltwise_unary/recip.h ``recip_tile<legacy_compat>`` -> llk_sfpu/ckernel_sfpu_recip.h
    ``calculate_reciprocal``: legacy_compat (the C++ default) runs ``_calculate_reciprocal_compat_`` (the 2025
    numbers, constants as immediates: its init loads nothing); legacy_compat = false (what ttnn.reciprocal calls,
    recip_tile<false>) runs ``_calculate_reciprocal_internal_``: sfpu_reciprocal_iter<2> for an fp32 Dst, <1> and
    bf16 rounding for a 16-bit Dst, <0> in approximate mode."""
    if legacy_compat:
        _rows(_recip_row, approx, fp32_dest, True)
    else:
        _rows(_recip_fork_row, approx, fp32_dest)


def recip_fork_init(approx, fp32_dest, legacy_compat):
    """622c6fb9 ``recip_init<APPROX, fp32, legacy_compat>``: sfpu_reciprocal_init unless legacy_compat."""
    if not legacy_compat:
        lib.sfpu_reciprocal_init()


# ---- sqrt / rsqrt ------------------------------------------------------------------------------------------------
@sfpi_inline
def _sqrt_fork_row(v, approx, fp32_dest, reciprocal, fast_approx):
    """calculate_sqrt's row: _sqrt_checked, then the bf16 rounding for a 16-bit Dst (a quiet NaN becomes the
    SFPSTOCHRND of it, +inf)."""
    return _bf16_unless_fp32(_sqrt_checked(v, approx, reciprocal, fast_approx), fp32_dest)


@sfpi_inline
def _sqrt_checked(x, approx, reciprocal=False, fast_approx=False):
    """622c6fb9 llk_sfpu/ckernel_sfpu_sqrt.h ``_calculate_sqrt_body_<APPROX, RECIPROCAL, FAST_APPROX>``: the
    September 2025 body (_sqrt_body) and, unless FAST_APPROX, a quiet NaN where x < 0."""
    y = _sqrt_body(x, approx, reciprocal)
    if not fast_approx:
        with v_if(x < 0.0):
            y = vFloat(float("nan"))
    return y


def sqrt_fork_program(approx, fp32_dest, fast_approx):
    """622c6fb9 api/eltwise_unary/sqrt.h ``sqrt_tile<FAST_APPROX>`` -> ``calculate_sqrt`` (legacy_compat false)."""
    _rows(_sqrt_fork_row, approx, fp32_dest, False, fast_approx)


@sfpi_inline
def _sqrt_compat(val, approx):
    """622c6fb9 tt-llk sfpu/ckernel_sfpu_rsqrt_compat.h ``_sqrt_compat_<APPROX, 2>``."""
    if approx:
        val_s = reinterpret(vUInt, val) + vUInt((127 << 7) << 16)
        result = reinterpret(vFloat, val_s >> 1)
    else:
        result = vFloat(0.0)
        with v_if(val != 0.0):
            magic = vUInt(0x5F37 << 16)
            approx_ = reinterpret(vFloat, magic - (reinterpret(vUInt, val) >> 1))
            for _ in range(2):
                approx_ = lib.addi((approx_ * approx_) * (val * -0.5), 1.5) * approx_
            result = approx_ * val
        with v_else():
            result = val
    return result


def rsqrt_fork_program(approx, fp32_dest, legacy_compat, fast_approx):
    """622c6fb9 api/eltwise_unary/rsqrt.h ``rsqrt_tile<legacy_compat, FAST_APPROX>`` -> llk_sfpu/ckernel_sfpu_rsqrt.h
    ``calculate_rsqrt``: the sqrt body with RECIPROCAL (ttnn.rsqrt: rsqrt_tile<false, false>), or with legacy_compat
    ``_calculate_rsqrt_compat_``: _sqrt_compat_ stored to Dst, read back, then _reciprocal_compat_ and its sign."""
    if not legacy_compat:
        _rows(_sqrt_fork_row, approx, fp32_dest, True, fast_approx)
        return

    def face():
        for _ in range(8):
            dst_reg[0] = _sqrt_compat(dst_reg[0], approx)
            x = dst_reg[0]
            dst_reg[0] = _recip_row(x, approx, fp32_dest, True)
            dst_reg += 1
    _faces(face)


def sqrt_fork_init(approx, legacy_compat=False):
    """622c6fb9 ``sqrt_init<APPROX, legacy_compat>`` / ``rsqrt_init``: the constants of sqrt_init above unless
    legacy_compat."""
    if not legacy_compat:
        sqrt_init(approx)


# ---- sin / cos (Cody-Waite, February 2026) -------------------------------------------------------------------------
SIN_FP32_C = (float.fromhex("0x1.5dc908p-19"), float.fromhex("-0x1.9f70fp-13"), float.fromhex("0x1.110edap-7"),
              float.fromhex("-0x1.55554cp-3"))     # C3, C2, C1, C0
SIN_BF16_C = (float.fromhex("-0x1.8b10a4p-13"), float.fromhex("0x1.10c2a2p-7"), float.fromhex("-0x1.5554a4p-3"))


@sfpi_inline
def _sin_poly(a, q, cs, fp32_dest):
    """The shared tail of calculate_sine / calculate_cosine: sign from the quadrant's LSB (q << 31 XOR), then
    sin(a) = a + a**3 (C0 + a**2 (C1 + a**2 (C2 [+ a**2 C3]))) in the C++ order."""
    q = q << 31
    s = a * a
    a = reinterpret(vFloat, reinterpret(vInt, a) ^ q)
    if fp32_dest:
        c3, c2, c1, c0 = cs
        r = c3 * s + c2
        r = r * s + c1
        c = a * s
        r = r * s + c0
        r = r * c + a
    else:
        c2, c1, c0 = cs
        r = c2 * s + c1
        c = a * s
        r = r * s + c0
        r = r * c + a
        r = reinterpret(vFloat, float_to_fp16b(r, 0))
    return r


def _cody_waite_program(fp32_dest, p0, p1, quadrant):
    """The shared body of calculate_sine / calculate_cosine: (j, q) = quadrant(x), the four-stage Cody-Waite
    reduction a = x + j*P0 + j*P1 + j*Prgm0 + j*Prgm1 (P0 bf16-exact, P1 fp16-exact, P2/P3 from the init), then
    _sin_poly with the coefficients loaded once per call (as the C++ does before its loop)."""
    cs = tuple(vFloat(c) for c in (SIN_FP32_C if fp32_dest else SIN_BF16_C))

    def row(v):
        a, q = _cody_waite_reduce(v, p0, p1, quadrant)
        return _sin_poly(a, q, cs, fp32_dest)
    _rows(row)


def _cody_waite_reduce(v, p0, p1, quadrant):
    """(a, q): the quadrant's j and bits q, and a = x + j*P0 + j*P1 + j*Prgm0 + j*Prgm1 (also calculate_tangent's)."""
    j, q = quadrant(v)
    a = v + j * p0
    a = a + j * p1
    a = a + j * vConstFloatPrgm0
    a = a + j * vConstFloatPrgm1
    return a, q


def _sine_quadrant(v):
    rounding_bias = vFloat(s2vFloat16b(float.fromhex("0x1.8p23")))
    j = v * vConstFloatPrgm2 + rounding_bias
    q = reinterpret(vInt, j)
    return j - rounding_bias, q


def _cosine_quadrant(v):
    half = vFloat(s2vFloat16b(0.5))
    j = v * vConstFloatPrgm2 + half
    j = j + 12582912.0
    q = reinterpret(vInt, j)
    j = j + -12582912.0
    two = vFloat(s2vFloat16b(2.0))
    return j * two + vConstNeg1, q


def sin_fork_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_sine<APPROX, fp32, 8>`` (rewritten Feb 2026):
    j = round(x / pi) by x * (1/pi, vConstFloatPrgm2) + 1.5*2**23 in one SFPMAD (the C++ forces it with
    __builtin_rvtt_sfpmad), its bits kept for the sign, then the reduction by pi (P0 = -0x1.92p+1, P1 = -0x1.fbp-11)
    and the odd polynomial (degree 9 for an fp32 Dst, 7 and bf16 rounding for a 16-bit Dst). APPROX does not change
    it."""
    _cody_waite_program(fp32_dest, float.fromhex("-0x1.92p+1"), float.fromhex("-0x1.fbp-11"), _sine_quadrant)


def cos_fork_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_cosine<APPROX, fp32, 8>``: j = x * (1/pi) + 0.5
    (one SFPMAD), rounded by adding and subtracting 12582912, j = 2j - 1 (an odd quadrant index of pi/2, one SFPMAD),
    the reduction by pi/2 (P0 = -0x1.92p+0, P1 = -0x1.fbp-12) and the sine polynomial of calculate_sine."""
    _cody_waite_program(fp32_dest, float.fromhex("-0x1.92p+0"), float.fromhex("-0x1.fbp-12"), _cosine_quadrant)


FRAC_1_PI_FORK = 0.31830987334251404


def sin_fork_init(approx):
    """622c6fb9 ``sine_init``: P2 = -0x1.51p-21, P3 = -0x1.0b4612p-33 of the reduction by pi, Prgm2 = 1/pi."""
    vConstFloatPrgm0.set(float.fromhex("-0x1.51p-21"))
    vConstFloatPrgm1.set(float.fromhex("-0x1.0b4612p-33"))
    vConstFloatPrgm2.set(FRAC_1_PI_FORK)


def cos_fork_init(approx):
    """622c6fb9 ``cosine_init``: P2 = -0x1.51p-22, P3 = -0x1.0b4612p-34 of the reduction by pi/2, Prgm2 = 1/pi."""
    vConstFloatPrgm0.set(float.fromhex("-0x1.51p-22"))
    vConstFloatPrgm1.set(float.fromhex("-0x1.0b4612p-34"))
    vConstFloatPrgm2.set(FRAC_1_PI_FORK)


# ---- log ---------------------------------------------------------------------------------------------------------
LOG_FP32_R = tuple(float.fromhex(h) for h in ("-0x1.92cp-5", "0x1.b84p-4", "-0x1.0c4p-3", "0x1.274p-3", "-0x1.55p-3",
                                              "0x1.998p-3"))


@sfpi_inline
def _log_body(a, fast_approx, fp32_dest, base_scale=None):
    """622c6fb9 llk_sfpu/ckernel_sfpu_log.h ``calculate_log_body<FAST_APPROX, HAS_BASE_SCALING, fp32>`` (after N.
    Juffa): e = bits(a) - bits(0.75) with the mantissa cleared (the exponent k << 23 of a's binade around 1), m = a /
    2**k - 1 in [-0.25, 0.5), log1p(m) by a polynomial (degree 8 for an fp32 Dst, with vConstFloatPrgm1/2; degree 4
    for a 16-bit Dst), plus k * ln2 (vConstFloatPrgm0 = ln2 * 2**-23 times the float of |e| with e's sign). Not
    FAST_APPROX: a is normalised first (a*1 + 0: -0 and denormals become +0). Special cases through addexp(a, -1)
    (0 -> +inf, inf and NaN unchanged): result *= a where that has exponent 255, so log(0) = -inf, log(inf) = inf;
    a < 0 (and -NaN) skip the block and give NaN."""
    three_quarters = vFloat(0.75)
    e = reinterpret(vInt, a) - reinterpret(vInt, three_quarters)
    if not fast_approx:
        a = a * vConst1 + vConst0
    e = reinterpret(vInt, setman(reinterpret(vFloat, e), 0))
    m = reinterpret(vFloat, reinterpret(vInt, a) - e)
    result = vFloat(float("nan"))
    m = m - vConst1
    with v_if(a >= 0.0):
        s = m * m
        if fp32_dest:
            r = vFloat(LOG_FP32_R[0])
            for c in LOG_FP32_R[1:]:
                r = r * m + c
            abs_e = _sfpabs(e)
            r = r * m + vConstFloatPrgm1
            e_float = int32_to_float(abs_e, 0)
            r = r * m + vConstFloatPrgm2
            neg_half = vFloat(-0.5)
            r = r * m + neg_half
        else:
            abs_e = _sfpabs(e)
            neg_quarter = vFloat(-0.25)
            r = neg_quarter * m + vConstFloatPrgm1
            e_float = int32_to_float(abs_e, 0)
            r = r * m + vConstFloatPrgm2
        a = addexp(a, -1)
        r = r * s + m
        e_float = setsgn(e_float, reinterpret(vFloat, e))
        result = e_float * vConstFloatPrgm0 + r
        if base_scale is not None:
            result = result * reinterpret(vFloat, vUInt(base_scale))
        with v_if(exexp_nodebias(a) - 255 >= 0):
            result = result * a
    return result


def log_program(approx, fp32_dest, fast_approx):
    """622c6fb9 api/compute_kernel_api.h ``log_tile<fast_and_approx>`` -> llk_sfpu/ckernel_sfpu_log.h
    ``calculate_log<APPROX, fast_and_approx, false, fp32>``: _log_body per row, bf16 rounding for a 16-bit Dst."""
    _rows(lambda v: _bf16_unless_fp32(_log_body(v, fast_approx, fp32_dest), fp32_dest))


def log_with_base_program(approx, fp32_dest, fast_approx, base_scale):
    """622c6fb9 ``log_with_base_tile<fast_and_approx>(idst, base_scale)``: calculate_log with HAS_BASE_SCALING, the
    result times the float whose bits are base_scale (e.g. 0x3fb8aa3b = 1/ln2 for log2)."""
    _rows(lambda v: _bf16_unless_fp32(_log_body(v, fast_approx, fp32_dest, base_scale), fp32_dest))


def log_init(approx, fp32_dest, fast_approx):
    """622c6fb9 llk_sfpu/ckernel_sfpu_log.h ``log_init<APPROX, FAST_APPROX, fp32>``: Prgm0 = ln2 * 2**-23 (float
    product), Prgm1/2 = the m**2 and m**3 coefficients (-0x1.00001ap-2, 0x1.555572p-2 for an fp32 Dst; 0x1.744p-2,
    -0x1.008p-1 for a 16-bit Dst)."""
    import numpy as np
    vConstFloatPrgm0.set(float(np.float32(0.693147182) * np.float32(1.19209290e-7)))
    if fp32_dest:
        vConstFloatPrgm1.set(float.fromhex("-0x1.00001ap-2"))
        vConstFloatPrgm2.set(float.fromhex("0x1.555572p-2"))
    else:
        vConstFloatPrgm1.set(float.fromhex("0x1.744p-2"))
        vConstFloatPrgm2.set(float.fromhex("-0x1.008p-1"))


# ---- sigmoid / silu / tanh ----------------------------------------------------------------------------------------
def _lut_program(rows, mode="rc", regs=(LRegs.LReg0, LRegs.LReg1, LRegs.LReg2)):
    """An SFPLUT kernel: its tables are read from LRegs (loaded by the init and kept across calls, as tt-llk's
    l_reg[...] reads), the rows computed over the faces, and the tables written back for the next call. (The LLK
    driver calls the C++ function once per face, each reading and writing back the tables: the same values.)"""
    ls = [reinterpret(vUInt, l_reg[r]) for r in regs]

    def face():
        for _ in range(8):
            v = dst_reg[0]
            dst_reg[0] = rows(v, *ls)
            dst_reg += 1
    _faces(face, mode)
    for r, l in zip(regs, ls):
        l_reg[r] = l


def sigmoid_program(approx, fp32_dest, vec_mode, fast_approx):
    """622c6fb9 api/compute_kernel_api.h ``sigmoid_tile<vec_mode, fast_and_approx>`` -> llk_sfpu/ckernel_sfpu_sigmoid.h
    ``calculate_sigmoid<fast_and_approx, fp32, 8>``: accurate (ttnn.sigmoid's default): lib.sfpu_sigmoid per row,
    bf16 rounding for a 16-bit Dst. fast_and_approx: ckernel_sfpu_sigmoid_appx.h ``calculate_sigmoid_appx``:
    SFPLUT of x with the tables sigmoid_appx_init put in LReg0-2, + 0.5. vec_mode RC or C (faces 0 and 2)."""
    mode = {"RC": "rc", "C": "c"}.get(vec_mode)
    if mode is None:
        raise NotModelledError(f"sigmoid_tile<{vec_mode}>: ttnn uses VectorMode::RC or C")
    if fast_approx:
        _lut_program(lambda v, l0, l1, l2: lib.lut(v, l0, l1, l2) + 0.5, mode)
    else:
        _rows(lambda v: _bf16_unless_fp32(lib.sfpu_sigmoid(v, fp32_dest), fp32_dest), mode=mode)


SIGMOID_APPX_TABLES = (0x3DFF, 0x21D8, 0xFF10)
TANH_APPX_TABLES = (0x1DFF, 0x481A, 0xFF00)


def _load_imm16_tables(tables):
    """tt-llk ``_sfpu_load_imm16_(lreg, v)`` / TTI_SFPLOADI(lreg, 2, v): LReg0-2 = the tables (SFPLOADI USHORT)."""
    for r, bits in enumerate(tables):
        l_reg[r] = vFloat._wrap(emit("SFPLOADI", {"Mod0": 2, "Imm16": bits}, fixed=r))


def sigmoid_init(approx, fast_approx):
    """622c6fb9 ``sigmoid_init<fast_and_approx>``: accurate: recip_init<false, false> = sfpu_reciprocal_init;
    fast_and_approx: ``sigmoid_appx_init``, LReg0-2 = 0x3dff, 0x21d8, 0xff10 (SFPLOADI USHORT)."""
    if fast_approx:
        _load_imm16_tables(SIGMOID_APPX_TABLES)
    else:
        lib.sfpu_reciprocal_init()


def silu_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_silu.h ``calculate_silu<fp32, 8>``: x * _sfpu_sigmoid_(x), bf16 rounding for a
    16-bit Dst. (tt-llk's own _calculate_silu_, a piecewise polynomial, is not what silu_tile calls.)"""
    _rows(lambda v: _bf16_unless_fp32(v * lib.sfpu_sigmoid(v, fp32_dest), fp32_dest))


def silu_init(approx):
    """622c6fb9 ``silu_init<APPROX>``: sfpu_reciprocal_init (both modes load the same constants)."""
    lib.sfpu_reciprocal_init()


TANH_SMALL_C = (0.999999940395355224609375, -0.33332359790802001953125, 0.13310669362545013427734375,
                -5.21197654306888580322265625e-2, 1.5497927553951740264892578125e-2)
TANH_POLY_C = (0.999004364013671875, 3.0897438526153564453125e-2, -0.4890659749507904052734375)
TANH_POLY_PRGM = (5.876733921468257904052734375e-3, -6.6649019718170166015625e-2, 0.281917631626129150390625)


@sfpi_inline
def _tanh_fp32_accurate(val):
    """622c6fb9 llk_sfpu/ckernel_sfpu_tanh.h ``_sfpu_tanh_fp32_accurate_<true>``: NaN for NaN, +-1 for +-inf;
    |x| < 0.6: x * p(x**2) (degree-4 minimax in x**2) with x's sign; otherwise 2 * sigmoid(2x) - 1."""
    result = vFloat(0.0)
    exponent = exexp_nodebias(val)
    mantissa = exman9(val)
    with v_if(exponent == 255):
        result = vFloat(float("nan"))
        with v_if(mantissa == 0):
            one = vFloat(vConst1)
            result = setsgn(one, val)
    with v_else():
        abs_val = _sfpabs(val)
        with v_if(abs_val < 0.6):
            x2 = val * val
            p = lib.horner(x2, *TANH_SMALL_C)
            result = val * p
            result = setsgn(result, val)
        with v_else():
            two_x = 2.0 * val
            sig = lib.sfpu_sigmoid(two_x, True)
            result = 2.0 * sig - vConst1
    return result


@sfpi_inline
def _tanh_polynomial(x):
    """622c6fb9 llk_sfpu/ckernel_sfpu_tanh.h ``_sfpu_tanh_polynomial_``: |x| * (c1 + |x| (c2 + |x| (c3 + |x| (Prgm2 +
    |x| (Prgm1 + |x| Prgm0))))) (vConst0 + ...), clamped to 1 by SFPSWAP, x's sign."""
    val = _sfpabs(x)
    c1, c2, c3 = TANH_POLY_C
    result = lib.horner(val, vConst0, c1, c2, c3, vConstFloatPrgm2, vConstFloatPrgm1, vConstFloatPrgm0)
    result, threshold = vec_min_max(result, vFloat(vConst1))
    return setsgn(result, x)


def tanh_program(approx, fp32_dest, fast_approx):
    """622c6fb9 api/compute_kernel_api.h ``tanh_tile<fast_and_approx>`` -> llk_sfpu/ckernel_sfpu_tanh.h
    ``calculate_tanh<fast_and_approx, fp32, 8>``: fp32 Dst: _tanh_fp32_accurate; 16-bit Dst: _tanh_polynomial and
    bf16 rounding; fast_and_approx: SFPLUT with the tables tanh_init put in LReg0-2."""
    if fast_approx:
        _lut_program(lambda v, l0, l1, l2: lib.lut(v, l0, l1, l2))
    elif fp32_dest:
        _rows(_tanh_fp32_accurate)
    else:
        _rows(lambda v: _bf16_unless_fp32(_tanh_polynomial(v), False))


def tanh_init(approx, fp32_dest, fast_approx):
    """622c6fb9 ``tanh_init<fast_and_approx, fp32>``: LUT tables (LReg0-2 = 0x1dff, 0x481a, 0xff00), or
    sigmoid_init<false> for an fp32 Dst, or the polynomial's Prgm0..2 for a 16-bit Dst."""
    if fast_approx:
        _load_imm16_tables(TANH_APPX_TABLES)
    elif fp32_dest:
        lib.sfpu_reciprocal_init()
    else:
        for c, k in zip((vConstFloatPrgm0, vConstFloatPrgm1, vConstFloatPrgm2), TANH_POLY_PRGM):
            c.set(k)


# ---- gelu --------------------------------------------------------------------------------------------------------
GELU_CDF_CORE = (5.000000000e-01, 3.9894227818e-01, -6.6361041488e-02, 9.7720050615e-03, -1.0717806322e-03,
                 8.1812159812e-05, -3.8082057209e-06, 7.9821413868e-08)      # C0, C1, C3, ..., C13
GELU_HCORR = (3.0369991064e-01, 9.5413386822e-02, 1.3809983619e-02, 7.5950479368e-04)
GELU_ERF_NUM_ODD = (1.1283791065e+00, 2.1477432549e-01, 6.2133435160e-02, 5.6230435148e-03, 6.1307044234e-04,
                    1.7678321456e-05, 2.7384647439e-08, -2.8632063387e-10)    # coefficients 1, 3, ..., 15
GELU_ERF_DEN_EVEN = (1.0, 5.2367275953e-01, 1.2961706519e-01, 1.9642570987e-02, 1.9545555115e-03, 1.3179056987e-04,
                     1.3156344494e-06, -3.5153888689e-09, -6.7350725691e-12)  # coefficients 0, 2, ..., 16
GELU_APPX_TABLES = ((0, 0x37E7322B), (4, 0xB12286D8), (1, 0x38E138F3), (5, 0xB437B479), (2, 0x38003852),
                    (6, 0x7C00AFA4))


@sfpi_inline
def _gelu_piecewise(x):
    """622c6fb9 llk_sfpu/ckernel_sfpu_gelu.h ``calculate_gelu_piecewise``: 0 for x <= -5.54259443; above it
    x * round_to_2**-25(exp_21f(-x**2/2) * corr_H(x)); from -3.125 x * (0.5 + x * p(x**2)) (degree-13 odd CDF
    polynomial); from 2.78125 x itself (v_and narrowing, widest region first)."""
    result = vFloat(vConst0)
    x2 = x * x
    with v_if(x > -5.54259443):
        xlog2 = lib.addi(x2 * -0.72134752044, 127.0)
        z = reinterpret(vFloat, lib.float_to_int32_for_exp_21f(xlog2))
        exponential_part = exexp_nodebias(z)
        frac = int32_to_float(exman9(z), 0)
        frac = lib.horner(frac, lib.EXP21F_C0, lib.EXP21F_C1, lib.EXP21F_C2)
        exp_val = setexp(frac, exponential_part)
        h = exp_val * lib.horner(x, *GELU_HCORR)
        hs = lib.addi(h, 0.375) - 0.375
        result = x * hs
        v_and(x >= -3.125)
        odd_poly = lib.horner(x2, *GELU_CDF_CORE[1:])
        phi = lib.addi(x * odd_poly, GELU_CDF_CORE[0])
        result = x * phi
        v_and(x >= 2.78125)
        result = x
    return result


@sfpi_inline
def _gelu_fp32(x):
    """622c6fb9 llk_sfpu/ckernel_sfpu_gelu.h ``calculate_gelu<false, true>``: 0 for x <= -5.54259443; otherwise
    x * (0.5 + 0.5 erf(x/sqrt2)) with erf from the parity rational n16/d16 (x/sqrt2 clamped to 10; x**2-Horner of
    the odd numerator and even denominator, interleaved as piecewise_rational_eval_parity_numer_denom<16, 16>),
    times sfpu_reciprocal<false> of the denominator, clamped to [-1, 1]; where erf rounds to -1, x * 2**-25."""
    result = vFloat(vConst0)
    with v_if(x > -5.54259443):
        scaled = x * 0.7071067811865475
        scaled, threshold = vec_min_max(scaled, vFloat(10.0))
        x2 = scaled * scaled
        num = GELU_ERF_NUM_ODD
        den = GELU_ERF_DEN_EVEN
        numer = vFloat(num[7])
        denom = vFloat(den[8])
        denom = denom * x2 + den[7]
        for k in range(1, 8):
            numer = numer * x2 + num[7 - k]
            denom = lib.addi(denom * x2, den[7 - k])     # den[0] = 1.0: SFPADDI (lib.addi)
        erf_n = numer * scaled
        erf_val = erf_n * lib.sfpu_reciprocal_iter(denom, 2)
        neg_one, erf_val = vec_min_max(vFloat(vConstNeg1), erf_val)
        erf_val, pos_one = vec_min_max(erf_val, vFloat(vConst1))
        result = x * lib.addi(0.5 * erf_val, 0.5)
        with v_if(erf_val == -1.0):
            result = x * 2.9802322387695313e-08
    return result


@sfpi_inline
def _gelu_appx_row(v, *tables):
    """calculate_gelu_appx's row: in * Prgm0 (0.5) + lut2_sign(in, LReg0-2, LReg4-6)."""
    v = lib.in_lreg(v, 3)
    half_in = v * vConstFloatPrgm0
    result = lib.lut2_sign(v, *tables)
    return half_in + result


def gelu_program(approx, fp32_dest, fast_approx):
    """622c6fb9 api/eltwise_unary/gelu.h ``gelu_tile<fast_and_approx>`` (C++ default true; ttnn.gelu passes its
    fast_and_approximate_mode, default false) -> llk_sfpu/ckernel_sfpu_gelu.h ``calculate_gelu<fast_and_approx,
    fp32>``: fast: ``calculate_gelu_appx`` (x/2 + SFPLUTFP32 six-entry table with the computed sign); accurate, fp32
    Dst: the rational erf form (_gelu_fp32); accurate, 16-bit Dst: _gelu_piecewise and bf16 rounding."""
    if fast_approx:
        _lut_program(_gelu_appx_row, "rc", (LRegs.LReg0, LRegs.LReg1, LRegs.LReg2, LRegs.LReg4, LRegs.LReg5,
                                            LRegs.LReg6))
    elif fp32_dest:
        _rows(_gelu_fp32)
    else:
        _rows(lambda v: _bf16_unless_fp32(_gelu_piecewise(v), False))


def gelu_init(approx, fp32_dest, fast_approx):
    """622c6fb9 ``gelu_init<fast_and_approx, fp32>``: fast: Prgm0 = 0.5 and the six LUT words in LReg0-2/4-6
    (_sfpu_load_imm32_: SFPLOADI LOWER then UPPER); accurate fp32: sfpu_reciprocal_init; accurate bf16: nothing."""
    if fast_approx:
        vConstFloatPrgm0.set(0.5)
        for r, bits in GELU_APPX_TABLES:
            lo = emit("SFPLOADI", {"Mod0": 10, "Imm16": bits & 0xFFFF}, fixed=r)
            hi = emit("SFPLOADI", {"Mod0": 8, "Imm16": bits >> 16}, {"VD": lo}, tie="VD", fixed=r)
            l_reg[r] = vFloat._wrap(hi)
    elif fp32_dest:
        lib.sfpu_reciprocal_init()


# ---- clamp / hardtanh ---------------------------------------------------------------------------------------------
def clamp_program(approx, fp32_dest, min_bits, max_bits):
    """622c6fb9 api/eltwise_unary/clamp.h ``clamp_tile(idst, param0, param1)`` (ttnn.clamp / ttnn.clip with two
    float scalars: ttnn::clamp_tss -> CLAMP_TSS) -> llk_sfpu/ckernel_sfpu_clamp.h ``calculate_clamp``: per row,
    vConstIntPrgm0 = min (SFPLOADI + SFPCONFIG), SFPLOAD, SFPSWAP with LREG12 keeping the max, SFPSTORE; then the
    same with max keeping the min, reading the stored value back (with a 16-bit Dst the stored min is truncated to
    bf16 first). SFPSWAP orders sign-magnitude: -0 < +0, NaN beyond inf by sign. It leaves max in LREG12."""
    def face():
        for _ in range(8):
            vConstIntPrgm0.set(min_bits)
            x = dst_reg[0]
            lo, hi = vec_min_max(x, vConstFloatPrgm0)
            dst_reg[0] = hi
            vConstIntPrgm0.set(max_bits)
            x = dst_reg[0]
            lo, hi = vec_min_max(x, vConstFloatPrgm0)
            dst_reg[0] = lo
            dst_reg += 1
    _faces(face)


def hardtanh_program(approx, fp32_dest, min_bits, max_bits):
    """622c6fb9 api/eltwise_unary/hardtanh.h ``hardtanh_tile(idst, param0, param1)`` -> llk_sfpu/
    ckernel_sfpu_hardtanh.h ``calculate_hardtanh``: min and max (float bits) in LREG2/3, per row SFPSWAP max with
    min stored, read back, SFPSWAP min with max stored (the same numbers as clamp_tile, no programmable constant)."""
    def face():
        lo_v = reinterpret(vFloat, vUInt(min_bits))
        hi_v = reinterpret(vFloat, vUInt(max_bits))
        for _ in range(8):
            x = dst_reg[0]
            a, b = vec_min_max(x, lo_v)
            dst_reg[0] = b
            x = dst_reg[0]
            a, b = vec_min_max(x, hi_v)
            dst_reg[0] = a
            dst_reg += 1
    _faces(face)


def softshrink_program(approx, fp32_dest, param0):
    """622c6fb9 api/eltwise_unary/activations.h ``softshrink_tile(idst, param0)`` -> llk_sfpu/ckernel_sfpu_softshrink.h
    ``calculate_softshrink``: v - clamp(v, -lambda, lambda), lambda the float whose bits are param0; sfpi's clamp is
    min(max(v, lo), hi), each an SFPSWAP min / max (sign-magnitude order), then one SFPADD. So |v| <= lambda gives
    v - v = +0, and v > lambda gives v - lambda rounded once."""
    def face():
        lam = reinterpret(vFloat, vUInt(param0))
        for _ in range(8):
            v = dst_reg[0]
            _lo, above = vec_min_max(v, -lam)
            clamped, _hi = vec_min_max(above, lam)
            dst_reg[0] = v - clamped
            dst_reg += 1
    _faces(face)


def _elu_rows(fp32_dest, inp_float32, alpha_bits, recip_bits=None):
    """The loop of calculate_elu / calculate_celu: per row alpha * expm1_cw_clamped(x) (times recip first for celu),
    x where x >= 0, then for a 16-bit Dst convert<vFloat16b>(result, Nearest)."""
    def face():
        alpha = reinterpret(vFloat, vUInt(alpha_bits))
        recip = None if recip_bits is None else reinterpret(vFloat, vUInt(recip_bits))
        for _ in range(8):
            x = dst_reg[0]
            result = alpha * lib.expm1_cw_clamped(x if recip is None else recip * x, inp_float32)
            with v_if(x >= 0.0):
                result = x
            dst_reg[0] = _bf16_unless_fp32(result, fp32_dest)
            dst_reg += 1
    _faces(face)


def celu_program(approx, fp32_dest, inp_float32, alpha_bits, alpha_recip_bits):
    """622c6fb9 llk_sfpu/ckernel_sfpu_celu.h ``calculate_celu<APPROX, is_fp32_dest_acc_en>(alpha, alpha_recip)``: per
    row alpha * expm1_cw_clamped(alpha_recip * x) (tensix.sfpi.lib; its polynomial by the INP_FLOAT32 define), x where
    x >= 0, then for a 16-bit Dst convert<vFloat16b>(result, Nearest). alpha_recip is the host's float 1.0f / alpha."""
    _elu_rows(fp32_dest, inp_float32, alpha_bits, alpha_recip_bits)


def elu_program(approx, fp32_dest, inp_float32, slope_bits):
    """622c6fb9 llk_sfpu/ckernel_sfpu_elu.h ``calculate_elu<APPROX, is_fp32_dest_acc_en>(slope)``: per row
    alpha * expm1_cw_clamped(x) (its polynomial by the INP_FLOAT32 define), x where x >= 0, then for a 16-bit Dst
    convert<vFloat16b>(result, Nearest); alpha is the float whose bits are `slope`."""
    _elu_rows(fp32_dest, inp_float32, slope_bits)


def threshold_program(approx, fp32_dest, threshold_bits, value_bits):
    """tt-llk 622c6fb9 sfpu/ckernel_sfpu_threshold.h ``_calculate_threshold_<APPROX, 8, uint32_t>(threshold, value)``
    (threshold_tile(idst, param0, param1)): per row, where in <= threshold (SFPI's float compare) Dst gets value, else
    keeps in; both are the floats whose bits the call passes."""
    def face():
        thr = reinterpret(vFloat, vUInt(threshold_bits))
        value = reinterpret(vFloat, vUInt(value_bits))
        for _ in range(8):
            v = dst_reg[0]
            with v_if(v <= thr):
                dst_reg[0] = value
            dst_reg += 1
    _faces(face)


def fill_program(approx, fp32_dest, value_bits):
    """622c6fb9 tt-llk ckernel_sfpu_fill.h ``_calculate_fill_<APPROX, 8>(value)`` (fill_tile(idst, value); `value_bits`:
    the float's bits): the runtime float made a vFloat (its two 16-bit halves by SFPLOADI: exact), stored to each of
    the face's rows (a 16-bit Dst keeps what SFPSTORE keeps of it)."""
    def face():
        v = reinterpret(vFloat, vUInt(value_bits))
        for _ in range(8):
            dst_reg[0] = v
            dst_reg += 1
    _faces(face)


def heaviside_program(approx, fp32_dest, value_bits):
    """622c6fb9 llk_sfpu/ckernel_sfpu_heaviside.h ``calculate_heaviside(value)``: per row 0.0 where v < 0 (SFPSETCC on
    the sign bit: -0.0 too), 1.0 where v > 0, else the float whose bits are `value`."""
    def face():
        s_v = reinterpret(vFloat, vUInt(value_bits))
        for _ in range(8):
            v = dst_reg[0]
            with v_if(v < 0.0):
                v = vFloat(0.0)
            with v_elseif(v > 0.0):
                v = vFloat(1.0)
            with v_else():
                v = s_v
            dst_reg[0] = v
            dst_reg += 1
    _faces(face)


def prelu_program(approx, fp32_dest, value_bits):
    """622c6fb9 llk_sfpu/ckernel_sfpu_prelu.h ``calculate_prelu(value)``: per row a * weight where a < 0, else a;
    weight is the float whose bits are `value`; stored as computed."""
    def face():
        weight = reinterpret(vFloat, vUInt(value_bits))
        for _ in range(8):
            a = dst_reg[0]
            with v_if(a < 0.0):
                a = a * weight
            dst_reg[0] = a
            dst_reg += 1
    _faces(face)


def softsign_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_softsign.h ``calculate_softsign<APPROX>``: per row x * sfpu_reciprocal(|x| + 1)
    (the quadratic estimate and two Newton steps, none in approximate mode), stored as computed."""
    def face():
        for _ in range(8):
            v = dst_reg[0]
            tmp = _sfpabs(v) + vConst1
            tmp = lib.sfpu_reciprocal_iter(tmp, 0 if approx else 2)
            dst_reg[0] = v * tmp
            dst_reg += 1
    _faces(face)


def softsign_init(approx):
    """622c6fb9 ``init_softsign<APPROX>``: sfpu_reciprocal_init (vConstFloatPrgm0..2)."""
    lib.sfpu_reciprocal_init()


# 622c6fb9 llk_sfpu/ckernel_sfpu_tanhshrink.h: (x - tanh(x)) / x^3 in u = x*x below |x| = 1, tanh(|x|) on [1, 3.3]
TANHSHRINK_Q_FP32 = (3.3333331347e-01, -1.3333128393e-01, 5.3934831172e-02, -2.1660288796e-02, 8.2192532718e-03,
                     -2.5107525289e-03, 4.2079269770e-04)
TANHSHRINK_Q_BF16 = (3.3329936862e-01, -1.3223160803e-01, 4.8076551408e-02, -1.0762925260e-02)
TANHSHRINK_TANH_BF16 = (6.1829000893e-02, 1.0561303143e+00, -4.0859283753e-01, 5.3348409333e-02)


@sfpi_inline
def _tanhshrink_row(x, fp32_dest):
    """One row of calculate_tanhshrink: x^3 Q(x^2) (degree 6 for an fp32 Dst, 3 else); where |x| > 1, x - tanh(x):
    fp32, tanh(|x|) = 2 / (1 + exp(-2 min(|x|, 9))) - 1 (the unsafe accurate exp, sfpu_reciprocal_iter<2>), the sign of
    x; 16-bit, a cubic for tanh(|x|) clamped at 1.0, the sign of x."""
    ax = setsgn(x, 0)
    u = x * x
    q = lib.horner(u, *(TANHSHRINK_Q_FP32 if fp32_dest else TANHSHRINK_Q_BF16))
    result = x * u * q
    with v_if(ax > vFloat(1.0)):
        if fp32_dest:
            axc, _clamp = vec_min_max(ax, vFloat(9.0))
            e = lib.exp_fp32_accurate(-2.0 * axc, unsafe=True)
            sig = lib.sfpu_reciprocal_iter(vConst1 + e, 2)
            tanh_ax = 2.0 * sig - vConst1
            result = setsgn(ax - tanh_ax, x)
        else:
            p = lib.horner(ax, *TANHSHRINK_TANH_BF16)
            p, _one = vec_min_max(p, vConst1)
            result = x - setsgn(p, x)
    return result


def tanhshrink_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_tanhshrink.h ``calculate_tanhshrink<is_fp32_dest_acc_en>`` (tanhshrink_tile): per
    row _tanhshrink_row, then for a 16-bit Dst convert<vFloat16b>(result, Nearest)."""
    _rounded_rows(_tanhshrink_row, fp32_dest)


def tanhshrink_init(approx, fp32_dest):
    """622c6fb9 ``tanhshrink_init<APPROX, is_fp32_dest_acc_en>``: the reciprocal's constants for an fp32 Dst only."""
    if fp32_dest:
        lib.sfpu_reciprocal_init()


# 622c6fb9 llk_sfpu/ckernel_sfpu_cbrt.h: -1/3 / 256, the magic 0x548c2b4b / 256 + 2^23 (as the float expression
# folds), and cube_root_init's vConstFloatPrgm0..2
CBRT_NEG_THIRD_256 = float.fromhex("-0x1.555556p-10")
CBRT_MAGIC = 13929516.0
CBRT_P = (float.fromhex("0x1.c09806p0"), float.fromhex("-0x1.403e6cp0"), float.fromhex("0x1.04cdb2p-1"))


def cbrt_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_cbrt.h ``calculate_cube_root<APPROX, is_fp32_dest_acc_en>``: per row the
    magic-constant estimate (|x|'s bits as a sign-magnitude integer to float, times -1/768 plus the magic, shifted left
    8: i = 0x548c2b4b - i/3 in integer bits), then one refinement polynomial in c = x y^3 (vConstFloatPrgm0..2) and,
    for an fp32 Dst, a Newton-like step with t = 1 - (x y^3 - 1) / 3; the sign of x (copysgn); for a 16-bit Dst
    convert<vFloat16b>(y, Nearest)."""
    def face():
        negative_third_256 = vFloat(CBRT_NEG_THIRD_256)
        magic = vFloat(CBRT_MAGIC)
        for _ in range(8):
            a = dst_reg[0]
            x = _sfpabs(a)
            f = int32_to_float(reinterpret(vInt, x), 0)
            f = f * negative_third_256 + magic
            y = reinterpret(vFloat, shft(reinterpret(vUInt, f), 8))
            if fp32_dest:
                c = (x * y) * (y * y)
                y = y * (c * (vConstFloatPrgm2 * c + vConstFloatPrgm1) + vConstFloatPrgm0)
                d = x * (y * y)
                c = d * y + vConstNeg1
                negative_third = addexp(negative_third_256, 8)
                t = c * negative_third + vConst1
                d = setsgn(d, a)
                y = d * (t * t)
            else:
                d = x * (y * y)
                c = d * y
                t = c * (vConstFloatPrgm2 * c + vConstFloatPrgm1) + vConstFloatPrgm0
                d = setsgn(d, a)
                y = d * (t * t)
                y = reinterpret(vFloat, float_to_fp16b(y, 0))
            dst_reg[0] = y
            dst_reg += 1
    _faces(face)


def cbrt_init(approx):
    """622c6fb9 ``cube_root_init``: vConstFloatPrgm0..2 = the refinement polynomial's coefficients."""
    vConstFloatPrgm0.set(CBRT_P[0])
    vConstFloatPrgm1.set(CBRT_P[1])
    vConstFloatPrgm2.set(CBRT_P[2])


def hardmish_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_hardmish.h ``hardmish<APPROX>``: per row x * min(max(x * 0.5 + 1, 0), 1) (the
    clamps two SFPSWAPs), stored as computed."""
    def face():
        for _ in range(8):
            x = dst_reg[0]
            scale = x * 0.5 + 1.0
            low_bound = vFloat(0.0)
            high_bound = vFloat(1.0)
            low_bound, scale = vec_min_max(low_bound, scale)
            scale, high_bound = vec_min_max(scale, high_bound)
            dst_reg[0] = x * scale
            dst_reg += 1
    _faces(face)


@sfpi_inline
def _trunc_row(val):
    """tt-llk (622c6fb9) sfpu/ckernel_sfpu_rounding_ops.h ``_trunc_body_``: val's bits ANDed with a mask, 0x80000000
    (the sign) where its exponent is negative; else 0xFFFFFFFF shifted left by 23 - exponent where that is >= 0 (the
    fraction bits cleared), unshifted above (already an integer, inf, NaN). The C++ is TTI code (SFPEXEXP setting CC,
    SFPIADD with CC, SFPSHFT2 by a register, SFPAND); the same operations in SFPI."""
    exp = exexp(val)
    mask = vUInt(0x80000000)
    with v_if(exp >= 0):
        mask = vUInt(0xFFFFFFFF)
        shift = 23 - exp
        with v_if(shift >= 0):
            mask = mask << shift
    return reinterpret(vFloat, reinterpret(vUInt, val) & mask)


@sfpi_inline
def _floor_ceil_row(val, ceil):
    """``_floor_body_`` / ``_ceil_body_``: t = _trunc_body_(val); for floor where val's sign bit is set, for ceil where
    it is clear (SFPSETCC LT0 / GTE0 on the bits) and t's bits minus val's are negative (SFPIADD, two's complement),
    t - 1 / t + 1 (SFPMAD with LConst -1 / 1)."""
    t = _trunc_row(val)
    vi = reinterpret(vInt, val)
    with v_if((vi >= 0) if ceil else (vi < 0)):
        with v_if(reinterpret(vInt, t) - vi < 0):
            t = t + (vConst1 if ceil else vConstNeg1)
    return t


def rounding_program(approx, fp32_dest, op):
    """622c6fb9 api/compute/eltwise_unary/rounding.h ``floor_tile`` / ``ceil_tile`` / ``trunc_tile`` / ``frac_tile``
    (tt-llk ``_calculate_floor_`` ... ``_calculate_frac_``: per row the body, stored as it is; frac is x - trunc(x))."""
    def face():
        for _ in range(8):
            x = dst_reg[0]
            if op == "trunc":
                y = _trunc_row(x)
            elif op == "frac":
                y = x - _trunc_row(x)
            else:
                y = _floor_ceil_row(x, op == "ceil")
            dst_reg[0] = y
            dst_reg += 1
    _faces(face)


def sign_program(approx, fp32_dest):
    """622c6fb9 ``sign_tile(idst)`` (compute_kernel_api.h -> llk_sfpu/ckernel_sfpu_sign.h calculate_sign,
    exponent_size_8 unused): per row 1.0; -1.0 where v < 0 (SFPI's compare with zero: SFPSETCC LT0, the sign bit, so
    -0.0 gives -1.0); else 0.0 where _sfpu_is_fp16_zero_ (v == 0.0: SFPSETCC EQ0, all 32 bits)."""
    def face():
        for _ in range(8):
            v = dst_reg[0]
            res = vFloat(1.0)
            with v_if(v < 0.0):
                res = vFloat(-1.0)
            with v_elseif(v == 0.0):
                res = vFloat(0.0)
            dst_reg[0] = res
            dst_reg += 1
    _faces(face)


MISH_SAT_HI = 8.0     # 622c6fb9 calculate_mish: mish(x) is x itself from here up


def mish_program(approx, fp32_dest, approximation_mode):
    """622c6fb9 llk_sfpu/ckernel_sfpu_mish.h ``calculate_mish<APPROXIMATION_MODE, is_fp32_dest_acc_en>`` (mish_tile's
    template argument, not the kernel's APPROX): below x = 8, u = exp(x) (approximation: _sfpu_exp_21f_bf16_; else
    _sfpu_exp_accurate_: Juffa's fp32 exp for an fp32 Dst, _sfpu_exp_21f_bf16_ for a 16-bit one), then
    x * (u (u + 2) * 1 / ((1 + u)^2 + 1)) with sfpu_reciprocal_iter<0> (approximation), <2> (fp32) or <1>; from 8 up,
    x; for a 16-bit Dst convert<vFloat16b>(result, Nearest)."""
    _rounded_rows(_mish_row, fp32_dest, approximation_mode)


@sfpi_inline
def _mish_row(x, fp32_dest, approximation_mode):
    """One row of calculate_mish (its loop body's fresh variables: a function, so that each row's u is its own)."""
    result = x
    with v_if(x < MISH_SAT_HI):
        if approximation_mode or not fp32_dest:
            u = lib.exp_21f_bf16(x, fp32_dest)
        else:
            u = lib.exp_fp32_accurate(x)
        numer = u * (u + 2.0)
        one_plus_u = u + vConst1
        denom = one_plus_u * one_plus_u + vConst1
        iters = 0 if approximation_mode else (2 if fp32_dest else 1)
        result = x * (numer * lib.sfpu_reciprocal_iter(denom, iters))
    return result


def mish_init(approx):
    """622c6fb9 ``mish_init<APPROX, is_fp32_dest_acc_en>`` = recip_init<..., legacy_compat = false>: the reciprocal's
    constants (sfpu_reciprocal_init), whatever the mode; exp needs none."""
    lib.sfpu_reciprocal_init()


def hardshrink_program(approx, fp32_dest, param0):
    """622c6fb9 api/eltwise_unary/activations.h ``hardshrink_tile(idst, param0)`` -> llk_sfpu/ckernel_sfpu_hardshrink.h
    ``calculate_hardshrink``: v_if(setsgn(v, 0) <= lambda) { dst = vConst0 }, lambda the float whose bits are param0
    (ttnn rounds it to BF16 for a BF16 input, unary_op_utils.cpp). The compare is sfpi's vFloat <=, so it sees the
    SFPU's reading of both (FP32 -> FP19b in the subtraction); a lane outside keeps its Dst value untouched."""
    def face():
        lam = reinterpret(vFloat, vUInt(param0))
        for _ in range(8):
            v = dst_reg[0]
            with v_if(setsgn(v, 0) <= lam):
                dst_reg[0] = vConst0
            dst_reg += 1
    _faces(face)


def hardsigmoid_program(approx, fp32_dest):
    """622c6fb9 api/eltwise_unary/activations.h ``hardsigmoid_tile(idst)`` -> llk_sfpu/ckernel_sfpu_activations.h
    ``calculate_activation<APPROX, Hardsigmoid, 8>``: per row _relu_max_body_(v * vConstFloatPrgm0 + vConstFloatPrgm1,
    1.0f) (one SFPMAD, then the two conditional moves), stored as it is (no rounding step for a 16-bit Dst)."""
    _rows(lambda v: lib.relu_max_body(v * vConstFloatPrgm0 + vConstFloatPrgm1, vFloat(1.0)))


def alt_complex_rotate90_program(approx, fp32_dest):
    """622c6fb9 api/compute/compute_kernel_api.h ``alt_complex_rotate90_tile(idst)`` ->
    llk_sfpu/ckernel_sfpu_alt_complex_rotate90.h ``calculate_alt_complex_rotate90<APPROX, 4>``: per face four
    iterations of val = dst_reg[0]; dst_reg[0] = -dst_reg[1]; dst_reg[1] = val; dst_reg += 2. dst_reg[0] and
    dst_reg[1] are a row's even and odd columns, so each (re, im) pair of neighbouring columns becomes (-im, re); the
    negation is SFPMOV's sign flip (exact, NaNs and zeros included), and the stores write the loaded values back
    unchanged."""
    def face():
        for _ in range(4):
            val = dst_reg[0]
            dst_reg[0] = -vFloat(dst_reg[1])
            dst_reg[1] = val
            dst_reg += 2
    _faces(face)


def hardsigmoid_init(approx):
    """622c6fb9 ``hardsigmoid_init<APPROX>``: vConstFloatPrgm0 = 0.1666666716337204 (1/6 as FP32), Prgm1 = 0.5."""
    vConstFloatPrgm0.set(0.1666666716337204)
    vConstFloatPrgm1.set(0.5)


@sfpi_inline
def _log_body_no_init(base):
    """622c6fb9 tt-llk sfpu/ckernel_sfpu_log.h ``_calculate_log_body_no_init_``: x = setexp(base, 127) in [1, 2), a
    cubic in x (rminimax over [1, 2], hex-float coefficients), plus the float of exexp(base) (convert<vSMag> then
    convert<vFloat> round to nearest) times 0.692871; -inf where base == 0. Reads no programmable constant."""
    x = setexp(base, 127)
    series = x * (x * (x * float.fromhex("0x2.44734p-4") - float.fromhex("0xd.e712ap-4"))
                  + float.fromhex("0x2.4f5388p+0")) - float.fromhex("0x1.952992p+0")
    expf = int32_to_float(lib.int_to_smag(exexp(base)), 0)
    ln2 = vFloat(0.692871)
    result = expf * ln2 + series
    with v_if(base == 0.0):
        result = vFloat(float("-inf"))
    return result


def acosh_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_acosh<APPROX, 8>``: NaN below 1, +0 at 1, else
    log(x + sqrt(x * x - 1)) with ``_calculate_sqrt_body_<APPROX>`` (no reciprocal, NaN for a negative argument) and
    _calculate_log_body_no_init_; stored as computed (no rounding step for a 16-bit Dst)."""
    def face():
        for _ in range(8):
            inp = dst_reg[0]
            with v_if(inp < vConst1):
                dst_reg[0] = vFloat(float("nan"))
            with v_elseif(inp == vConst1):
                dst_reg[0] = vConst0
            with v_else():
                dst_reg[0] = _acosh_above_one(inp, approx)
            dst_reg += 1
    _faces(face)


@sfpi_inline
def _acosh_above_one(inp, approx):
    """calculate_acosh's v_else branch: log(x + sqrt(x * x - 1))."""
    tmp = inp * inp
    tmp = tmp - vConst1
    tmp = _sqrt_checked(tmp, approx)
    tmp = tmp + inp
    return _log_body_no_init(tmp)


def asinh_program(approx, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_asinh<APPROX, 8>``: log(|x| + sqrt(x * x + 1)) (the
    sqrt and log bodies of acosh), negated where x < 0; stored as computed."""
    def face():
        for _ in range(8):
            inp = dst_reg[0]
            tmp = inp * inp + vConst1
            tmp = _sqrt_checked(tmp, approx)
            tmp = tmp + _sfpabs(inp)
            res = _log_body_no_init(tmp)
            with v_if(inp < vConst0):
                res = -res
            dst_reg[0] = res
            dst_reg += 1
    _faces(face)


ISINF_ISNAN = ("isinf", "isposinf", "isneginf", "isnan", "isfinite")


@sfpi_inline
def _isinf_isnan_row(v, op):
    """tt-llk (622c6fb9) sfpu/ckernel_sfpu_isinf_isnan.h ``_calculate_{op}_``: from exexp(v) (128 for the
    exponent-255 patterns) and exman(v) (the fraction bits, SFPEXMAN PAD9), and for isposinf / isneginf the sign bit
    (reinterpret<vInt>(v) & 0x80000000), 1.0 where the test holds, else 0.0 (isfinite: 0.0 where exp == 128)."""
    exp = exexp(v)
    if op == "isfinite":
        out = vConst1
        with v_if(exp == 128):
            out = vConst0
        return out
    man = exman9(v)
    out = vConst0
    if op == "isnan":
        cond = (exp == 128) & (man != 0)
    elif op == "isinf":
        cond = (exp == 128) & (man == 0)
    else:
        signbit = reinterpret(vInt, v) & vInt(0x80000000 - (1 << 32))
        sign_ok = (signbit == 0) if op == "isposinf" else (signbit == vInt(0x80000000 - (1 << 32)))
        cond = sign_ok & (exp == 128) & (man == 0)
    with v_if(cond):
        out = vConst1
    return out


def isinf_isnan_program(approx, fp32_dest, op):
    """622c6fb9 api/compute/eltwise_unary/isinf_isnan.h ``{op}_tile(idst)`` -> tt-llk
    ``_calculate_sfpu_isinf_isnan_<op>``: per row dst_reg[0] = _calculate_{op}_(dst_reg[0]) (tensix:
    _isinf_isnan_row)."""
    def face():
        for _ in range(8):
            dst_reg[0] = _isinf_isnan_row(dst_reg[0], op)
            dst_reg += 1
    _faces(face)


def mask_program(approx, fp32_dest, idst2_mask):
    """622c6fb9 api/compute/mask.h ``mask_tile(idst_data, idst2_mask)`` with its default data_format Float16_b ->
    llk_sfpu/ckernel_sfpu_mask.h ``calculate_mask``: per row, where the mask (dst_reg[32], the next Dst tile: the
    kernel reads tile idst_data + 1 whatever idst2_mask says) is zero (tt-llk _sfpu_is_fp16_zero_: v == 0.0f), the
    data row becomes 0.0."""
    def face():
        for _ in range(8):
            m = dst_reg[32]
            with v_if(m == 0.0):
                dst_reg[0] = vFloat(0.0)
            dst_reg += 1
    _faces(face)


# 622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h sfpu_asin_ratio_poly_direct: asin(z) / z as a polynomial in z*z
ASIN_RATIO_BF16 = (0.999978601932525634765625, 0.16771225631237030029296875, 0.06381262838840484619140625,
                   0.083148844540119171142578125)
ASIN_RATIO_FP32 = (0.16666666666666666, 0.075, 0.044642857142857144, 0.030381944444444444, 0.022372159090909091,
                   0.017352764423076923, 0.01396484375, 0.011551800896139705, 0.009761609529194078)
TRIG_PI_2 = 1.5707963705062866


@sfpi_inline
def _asin_ratio_poly(val, fp32_dest):
    """sfpu_asin_ratio_poly_direct: val * P(val * val), P of degree 3 (16-bit Dst) or 9 from 1.0 (fp32 Dst)."""
    z2 = val * val
    if fp32_dest:
        ratio = lib.horner(z2, vConst1, *ASIN_RATIO_FP32)
    else:
        ratio = lib.horner(z2, *ASIN_RATIO_BF16)
    return val * ratio


@sfpi_inline
def _sqrt_custom(val):
    """622c6fb9 llk_sfpu/ckernel_sfpu_sqrt_custom.h ``sfpu_sqrt_custom``: for val != 0 the fast inverse square root
    seed (0x5f370000 minus half the bits) with two Newton steps, times val; 0 stays 0. Each step's ``+ 1.5f`` is an
    SFPADDI after the SFPMUL (sfpi 7.60 turns a bf16-exact literal addend into SFPADDI before it fuses products into
    SFPMADs: tensix.sfpi.lib.addi, as in _sqrt_compat)."""
    out = val
    with v_if(val != 0.0):
        magic = reinterpret(vUInt, vFloat(s2vFloat16b(0x5F37)))
        approx = reinterpret(vFloat, magic - (reinterpret(vUInt, val) >> 1))
        neg_half_val = val * -0.5
        for _ in range(2):      # + 1.5f: a bf16-exact literal, so sfpi 7.60 emits SFPMUL then SFPADDI (lib.addi)
            approx = lib.addi((approx * approx) * neg_half_val, 1.5) * approx
        out = approx * val
    return out


@sfpi_inline
def _asin_acos_row(v, fp32_dest, op):
    """One row of calculate_asin_acos_impl before the rounding: NaN unless |x| <= 1; there ``sfpu_asin_range_reduced``
    (the polynomial up to |x| = 0.625, else pi/2 - 2 asin(sqrt((1 - |x|) / 2)) with sfpu_sqrt_custom; the sign of x by
    copysgn), for acos pi/2 minus it. The condition's abs(v) and the reduction's are one SFPABS (sfpi's CSE), and pi/2
    is loaded on every lane (the lanes off never read it)."""
    result = vFloat(float("nan"))
    abs_v = _sfpabs(v)
    asin_abs = vFloat(TRIG_PI_2)
    with v_if(abs_v <= vConst1):
        with v_if(abs_v <= 0.625):
            asin_abs = _asin_ratio_poly(abs_v, fp32_dest)
        with v_else():
            t = (1.0 - abs_v) * 0.5
            root = _sqrt_custom(t)
            asin_root = _asin_ratio_poly(root, fp32_dest)
            asin_abs = asin_abs - 2.0 * asin_root
        a = setsgn(asin_abs, v)
        if op == "acos":
            result = TRIG_PI_2 - a
        else:
            result = a
    return result


def asin_acos_program(approx, fp32_dest, op):
    """622c6fb9 llk_sfpu/ckernel_sfpu_trigonometry.h ``calculate_asin_acos_impl<APPROX, is_fp32_dest_acc_en, IS_ACOS>``
    (asin_tile / acos_tile): per row _asin_acos_row, then for a 16-bit Dst convert<vFloat16b>(result, Nearest)."""
    _rounded_rows(_asin_acos_row, fp32_dest, op)


@sfpi_inline
def _comp_zero_int_row(v, mode):
    zero = vInt(0)
    cond = {"eqz": lambda: v == zero, "nez": lambda: v != zero, "ltz": lambda: v < zero, "gtz": lambda: v > zero,
            "lez": lambda: v <= zero, "gez": lambda: v >= zero}[mode]()
    with v_if(cond):
        v = vInt(1)
    with v_else():
        v = zero
    return v


def comp_zero_int_program(approx, fp32_dest, mode):
    """622c6fb9 llk_sfpu/ckernel_sfpu_comp.h ``calculate_comp_int<APPROX, mode>`` ({mode}_tile_int32): per row
    vInt v = dst_reg[0]; v_if (v <op> 0) v = 1; v_else v = 0; dst_reg[0] = v (sfpi's vInt compares with zero; the
    SFPLOAD / SFPSTORE of an Int32 Dst in their default mode)."""
    def face():
        for _ in range(8):
            dst_reg[0] = _comp_zero_int_row(vInt(dst_reg[0]), mode)
            dst_reg += 1
    _faces(face)


# ---- binary SFPU ops ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BinaryOp:
    """A binary SFPU op of the compute API: ``<name>_tile(idst0, idst1, odst)`` / ``<name>_tile_init()``.
    `program(approx, fp32_dest, (idst0, idst1, odst))` runs with the Dst base at tile 0, as tt-llk's
    ``_llk_math_eltwise_binary_sfpu_params_`` does (``_llk_math_eltwise_sfpu_start_(0)``): the tiles are SFPLOAD /
    SFPSTORE offsets (dst_reg[32 * index])."""

    key: str
    program: object
    doc: str
    init: object = None      # init(approx): SFPCONFIG of the constants program reads
    # llk((idst0, idst1, odst)) -> (tile InstrProgram, init InstrProgram) when the op runs tt-llk's instruction list
    # (the default build's SFPLOADMACRO form), None for the SFPI `program` (the DISABLE_SFPLOADMACRO form)
    llk: object = None


def _binary_rows(fn, tiles, *args):
    i0, i1, o = (32 * t for t in tiles)

    def face():
        for _ in range(8):
            a = dst_reg[i0]
            b = dst_reg[i1]
            dst_reg[o] = fn(a, b, *args)
            dst_reg += 1
    _faces(face)


def binary_arith_program(approx, fp32_dest, binop, tiles):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binary.h ``calculate_sfpu_binary<APPROX, BINOP, 8>`` (add_binary_tile,
    sub_binary_tile, rsub_binary_tile: what ttnn's binary_ng runs for float32 ADD/SUB): in0 + in1, in0 - in1,
    in1 - in0 in the SFPU (one rounding to float32; a 16-bit Dst stores it truncated, as SFPSTORE does: this
    kernel does not round to bf16)."""
    fns = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "rsub": lambda a, b: b - a}
    _binary_rows(fns[binop], tiles)


@sfpi_inline
def _mul_row(a, b, fp32_dest):
    result = a * b
    if not fp32_dest:
        result = lib.float32_to_bf16_rne(result)
        with v_if((a == 0.0) or (b == 0.0)):
            result = vFloat(0.0)
    return result


def mul_binary_program(approx, fp32_dest, tiles):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binary.h ``calculate_sfpu_binary_mul`` (mul_binary_tile: ttnn.multiply in
    binary_ng, float inputs): in0 * in1; for a 16-bit Dst rounded to bf16 to nearest even in integer arithmetic
    (float32_to_bf16_rne) and 0 where an input is 0 (as the FPU's bf16 multiply)."""
    _binary_rows(_mul_row, tiles, fp32_dest)


@sfpi_inline
def _div_row(a, b, fp32_dest):
    r = lib.sfpu_reciprocal_iter(b, 2)
    result = a * r
    if fp32_dest:
        with v_if(exexp_nodebias(result) != 255):
            e = a - result * b
            result = result + e * r
    with v_if(b == 0.0):
        with v_if(a == 0.0):
            result = vFloat(float("nan"))
        with v_else():
            result = vFloat(float("inf"))
            result = setsgn(result, a)
    if not fp32_dest:
        result = lib.float32_to_bf16_rne(result)
    return result


def div_binary_program(approx, fp32_dest, tiles):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binary.h ``calculate_sfpu_binary_div`` (div_binary_tile: ttnn.divide in
    binary_ng): r = sfpu_reciprocal_iter<2>(in1), in0 * r; with an fp32 Dst one residual (Markstein) correction
    result + (in0 - result*in1) * r unless in0*r has exponent 255; in1 == 0: NaN for 0/0, inf with in0's sign
    otherwise; a 16-bit Dst rounds to bf16 to nearest even (float32_to_bf16_rne). Reads div_binary_tile_init's
    reciprocal constants."""
    _binary_rows(_div_row, tiles, fp32_dest)


def binary_max_min_program(approx, fp32_dest, is_max, tiles):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binary_max_min.h ``calculate_binary_max_min<IS_MAX>`` (binary_max_tile /
    binary_min_tile: ttnn.maximum / ttnn.minimum of float tensors): SFPLOAD both, SFPSWAP VEC_MIN_MAX, SFPSTORE the
    max (or min) in sign-magnitude order (-0 < +0; NaNs order by sign beyond the infinities). This is the kernel's
    DISABLE_SFPLOADMACRO form (tt-metal's runtime option TT_METAL_DISABLE_SFPLOADMACRO); the default build issues
    the same SFPSWAP from an SFPLOADMACRO sequence (binary_max_min_init: instruction template SFPSWAP with Mod1 9,
    VD = max, stored through the round unit's copy), which computes the same values in fewer cycles. That form, as
    tt-llk issues it, is `binary_max_min_loadmacro_init` / `binary_max_min_loadmacro_face` (tensix.sfpu.loadmacro
    runs it; tests/test_sfpi_llk_loadmacro.py holds it equal to this form bit for bit). The compute API runs that
    form (binary_max_min_programs), and this one under TT_METAL_DISABLE_SFPLOADMACRO=1 as tt-metal does
    (tests/test_kernel_sfpu_loadmacro_ops.py holds the two equal)."""
    _binary_rows(lambda a, b: vec_min_max(a, b)[1 if is_max else 0], tiles)


def add_binary_program(approx, fp32_dest, tiles):
    """add_binary_tile: calculate_sfpu_binary<ADD> (binary_arith_program)."""
    binary_arith_program(approx, fp32_dest, "add", tiles)


def sub_binary_program(approx, fp32_dest, tiles):
    """sub_binary_tile: calculate_sfpu_binary<SUB>."""
    binary_arith_program(approx, fp32_dest, "sub", tiles)


def rsub_binary_program(approx, fp32_dest, tiles):
    """rsub_binary_tile: calculate_sfpu_binary<RSUB>."""
    binary_arith_program(approx, fp32_dest, "rsub", tiles)


def binary_max_program(approx, fp32_dest, tiles):
    """binary_max_tile: calculate_binary_max_min<true>."""
    binary_max_min_program(approx, fp32_dest, True, tiles)


def binary_min_program(approx, fp32_dest, tiles):
    """binary_min_tile: calculate_binary_max_min<false>."""
    binary_max_min_program(approx, fp32_dest, False, tiles)


_COMP_INF_BITS = 0x7F800000


@sfpi_inline
def _comp_abs_sum(a, b):
    """|a| + |b| (SFPSETSGN imm 0 on both, SFPMAD by 1.0): 0 when both are +-0 or +-subnormal (flushed), above
    inf's bits when either is NaN."""
    return setsgn(a, 0) + setsgn(b, 0)


@sfpi_inline
def _comp_equal_row(a, b, eq):
    """622c6fb9 ckernel_sfpu_binary_comp.h ``calculate_binary_comp_fp32_equal<eq | ne>``: the default result (eq 0,
    ne 1); the equal result where |a| + |b| == 0 (all +-0 and subnormals are equal), and where a and b are bitwise
    identical and neither is NaN (|a| + |b| <= inf as integers)."""
    result = vFloat(0.0) if eq else vFloat(1.0)
    total = _comp_abs_sum(a, b)
    with v_if(total == 0.0):
        result = vFloat(1.0) if eq else vFloat(0.0)
    same = reinterpret(vInt, a) ^ reinterpret(vInt, b)
    with v_if((vInt(_COMP_INF_BITS) - reinterpret(vInt, total) >= 0) & (same == 0)):
        result = vFloat(1.0) if eq else vFloat(0.0)
    return result


@sfpi_inline
def _comp_strict_row(a, b):
    """``calculate_binary_comp_fp32_strict_ordered``: 1 where a < b: |a| + |b| != 0 (two zeros / subnormals are
    not ordered), no NaN, and a is not the max of SFPSWAP's sign-magnitude order (its bits differ from the max's)."""
    result = vFloat(0.0)
    total = _comp_abs_sum(a, b)
    _, high = vec_min_max(a, b)
    with v_if((total != 0.0) & (vInt(_COMP_INF_BITS) - reinterpret(vInt, total) >= 0) &
              ((reinterpret(vInt, high) ^ reinterpret(vInt, a)) != 0)):
        result = vFloat(1.0)
    return result


@sfpi_inline
def _comp_weak_row(a, b):
    """``calculate_binary_comp_fp32_weak_ordered``: 1 where a >= b: 0 where |a| + |b| != 0 and a is not the max
    (a < b), and 0 where either is NaN (|a| + |b| > inf as integers)."""
    result = vFloat(1.0)
    total = _comp_abs_sum(a, b)
    _, high = vec_min_max(a, b)
    with v_if((total != 0.0) & ((reinterpret(vInt, high) ^ reinterpret(vInt, a)) != 0)):
        result = vFloat(0.0)
    with v_if(vInt(_COMP_INF_BITS) - reinterpret(vInt, total) < 0):
        result = vFloat(0.0)
    return result


def binary_comp_program(approx, fp32_dest, op, tiles):
    """622c6fb9 api/eltwise_binary_sfpu.h ``lt / gt / le / ge / eq / ne_binary_tile`` ->
    llk_sfpu/ckernel_sfpu_binary_comp.h ``calculate_binary_comp_fp32<APPROX, 8, op>`` (what ttnn's binary_ng runs for
    comparisons of two float32 or two bfloat16 tensors): 1.0 or 0.0 per element. gt and le swap the operands of lt
    and ge. The kernel stores a default and then the other value under lane conditions; the rows here compute the
    same final value per lane. Subnormals compare as zero (the |a| + |b| test), NaN compares false except in ne."""
    i0, i1, o = tiles
    if op in ("gt", "le"):
        i0, i1 = i1, i0
    if op in ("eq", "ne"):
        _binary_rows(lambda a, b: _comp_equal_row(a, b, op == "eq"), (i0, i1, o))
    elif op in ("lt", "gt"):
        _binary_rows(_comp_strict_row, (i0, i1, o))
    else:
        _binary_rows(_comp_weak_row, (i0, i1, o))


def _comp(op):
    def program(approx, fp32_dest, tiles):
        binary_comp_program(approx, fp32_dest, op, tiles)
    program.__doc__ = f"{op}_binary_tile: calculate_binary_comp_fp32<{op}> (binary_comp_program)."
    program.__name__ = f"{op}_binary_program"
    return program


def sfploadmacro_disabled() -> bool:
    """tt-metal's runtime option TT_METAL_DISABLE_SFPLOADMACRO (622c6fb9 llrt/rtoptions.cpp: enabled when the value
    starts with '1'; jit_build then defines DISABLE_SFPLOADMACRO): the kernels' loops without SFPLOADMACRO."""
    return os.environ.get("TT_METAL_DISABLE_SFPLOADMACRO", "")[:1] == "1"


def _max_min_llk(is_max, tiles):
    """binary_max_tile / binary_min_tile: the default build's SFPLOADMACRO form (binary_max_min_programs), or None
    (the DISABLE_SFPLOADMACRO loop, binary_max_min_program) under TT_METAL_DISABLE_SFPLOADMACRO=1."""
    return None if sfploadmacro_disabled() else binary_max_min_programs(is_max, tiles)


def div_binary_init(approx):
    """622c6fb9 ``sfpu_binary_init<APPROX, DIV>``: sfpu_reciprocal_init."""
    lib.sfpu_reciprocal_init()


# ---- remainder / fmod (622c6fb9) ------------------------------------------------------------------------------------
@sfpi_inline
def _remainder_row(a, b, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binary_remainder.h ``_sfpu_binary_remainder_<is_fp32_dest_acc_en>``."""
    div_result = a * lib.sfpu_reciprocal_iter(b, 2)
    floor_div = _floor_ceil_row(div_result, False)
    result = a - floor_div * b
    # sign correction: the XOR of the bit patterns is negative where result and b differ in sign
    with v_if(result != 0.0):
        signs = reinterpret(vInt, result) ^ reinterpret(vInt, b)
        v_and(signs < 0)
        result = result + b
    # magnitude correction: the reciprocal's error can make floor() one too large
    with v_if((b > 0.0) & (a > 0.0)):
        diff = result - b
        with v_if(diff >= 0.0):
            result = diff
    with v_if((b < 0.0) & (a < 0.0)):
        diff_neg = result - b
        with v_if(diff_neg <= 0.0):
            result = diff_neg
    with v_if(b == 0.0):
        result = vFloat(float("nan"))
    return _bf16_unless_fp32(result, fp32_dest)


@sfpi_inline
def _fmod_row(a, b, fp32_dest):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binary_fmod.h ``_sfpu_binary_fmod_<is_fp32_dest_acc_en>``."""
    b_abs = _sfpabs(b)
    recip = lib.sfpu_reciprocal_iter(b, 2)
    div_result = a * recip
    trunc_div = _trunc_row(div_result)
    result = a - trunc_div * b
    result_abs = _sfpabs(result)
    with v_if(result_abs >= b_abs):
        with v_if(result >= 0.0):
            result = result - b_abs
        with v_else():
            result = result + b_abs
    with v_if(a >= 0.0):
        with v_if(result < 0.0):
            result = result + b_abs
    with v_else():
        with v_if(result > 0.0):
            result = result - b_abs
    with v_if(a == b):
        result = vFloat(0.0)
    with v_if(b == 0.0):
        result = vFloat(float("nan"))
    return _bf16_unless_fp32(result, fp32_dest)


def remainder_binary_program(approx, fp32_dest, tiles):
    """tt-metal 622c6fb9 api/compute/binary_remainder.h ``remainder_binary_tile`` -> llk_sfpu/
    ckernel_sfpu_binary_remainder.h ``calculate_sfpu_binary_remainder<APPROX, 8, DST_ACCUM_MODE>`` (ttnn.remainder of
    two float tensors in binary_ng): per row r = a - floor(a * sfpu_reciprocal_iter<2>(b)) * b (one SFPMAD; floor is
    tt-llk's _floor_body_), then r += b where r != 0 and r, b differ in sign (the XOR of their bits is negative),
    then r -= b where a, b > 0 and r - b >= 0, or a, b < 0 and r - b <= 0; NaN where b == 0; for a 16-bit Dst
    convert<vFloat16b>(r, Nearest) (SFPSTOCHRND FP32 -> FP16B: half away from zero, NaN -> inf). Reads
    remainder_binary_tile_init's reciprocal constants."""
    _binary_rows(_remainder_row, tiles, fp32_dest)


def fmod_binary_program(approx, fp32_dest, tiles):
    """tt-metal 622c6fb9 api/compute/binary_fmod.h ``fmod_binary_tile`` -> llk_sfpu/ckernel_sfpu_binary_fmod.h
    ``calculate_sfpu_binary_fmod<APPROX, 8, DST_ACCUM_MODE>`` (ttnn.fmod of two float tensors): per row r = a -
    trunc(a * sfpu_reciprocal_iter<2>(b)) * b (tt-llk's _trunc_body_), r -+ |b| where |r| >= |b| (by r's sign), then
    r + |b| where a >= 0 and r < 0, r - |b| where a < 0 and r > 0; 0 where a == b; NaN where b == 0; for a 16-bit
    Dst convert<vFloat16b>(r, Nearest). Reads fmod_binary_tile_init's reciprocal constants."""
    _binary_rows(_fmod_row, tiles, fp32_dest)


def remainder_binary_init(approx):
    """622c6fb9 ``remainder_binary_init<APPROX, DST_ACCUM_MODE>``: recip_init<APPROX, fp32, false> =
    sfpu_reciprocal_init (vConstFloatPrgm0..2 = k0, k1, k2)."""
    lib.sfpu_reciprocal_init()


def fmod_binary_init(approx):
    """622c6fb9 ``fmod_binary_init<APPROX>``: sfpu_reciprocal_init<false>."""
    lib.sfpu_reciprocal_init()


def _int32_kernel(name):
    """remainder_int32_tile / fmod_int32_tile: tensix.sfpi.llk_int's port (imported when traced: it imports llk)."""
    def program(approx, fp32_dest, tiles):
        from tensix.sfpi import llk_int
        getattr(llk_int, f"{name}_program")(approx, fp32_dest, tiles)
    program.__name__ = f"{name}_program"
    return program


def _int32_kernel_init(approx):
    """remainder_int32_init / fmod_int32_init: div_floor_init (tensix.sfpi.llk_int.div_trunc_init)."""
    from tensix.sfpi import llk_int
    llk_int.div_trunc_init(approx)


@sfpi_inline
def _scalar_mod_quotient(v, recip_val):
    """The quotient of 622c6fb9 calculate_remainder / calculate_fmod: q = v * recip_val with its fraction bits
    cleared (exexp < 0: 0; exexp < 23: SFPSHFT right by 23 - exp then left back; else q itself), minus 1 where that
    exceeds v * recip_val."""
    exp = exexp(v * recip_val)
    quotient = vFloat(0.0)
    with v_if(exp < 0):
        quotient = vConst0
    with v_elseif(exp < 23):
        quotient = reinterpret(vFloat, shft(shft(reinterpret(vUInt, v * recip_val), exp - 23), 0 - (exp - 23)))
    with v_else():
        quotient = v * recip_val
    with v_if(quotient > v * recip_val):
        quotient = quotient - 1.0
    return quotient


def _scalar_mod_program(is_fmod):
    def face():
        s = vConstFloatPrgm0
        recip_val = vConstFloatPrgm1
        value_tmp = vFloat(s)
        s = _sfpabs(s)
        recip_val = _sfpabs(recip_val)
        for _ in range(8):
            val = dst_reg[0]
            v = _sfpabs(val)
            quotient = _scalar_mod_quotient(v, recip_val)
            v = v - quotient * s
            if is_fmod:
                v = setsgn(v, val)
            else:
                with v_if((val < 0.0) & (v != 0.0)):
                    v = s - v
                with v_if((value_tmp < 0.0) & (v != 0.0)):
                    v = v + value_tmp
                v = setsgn(v, value_tmp)
            with v_if(s == 0.0):
                v = vFloat(float("nan"))
            for _l in range(10):
                with v_if(v >= s):
                    v = s - v
            with v_if(_sfpabs(v) - s == 0.0):
                v = vFloat(0.0)
            dst_reg[0] = v
            dst_reg += 1
    _faces(face)


def remainder_program(approx, fp32_dest, value_bits, recip_bits):
    """tt-metal 622c6fb9 api/compute/eltwise_unary/remainder.h ``remainder_tile(idst, param0, param1)`` ->
    llk_sfpu/ckernel_sfpu_remainder.h ``calculate_remainder<APPROX>`` (ttnn.remainder(tensor, number): UnaryOpType
    REMAINDER). The divisor s and its host reciprocal come from vConstFloatPrgm0 / Prgm1 (remainder_tile_init's
    SFPCONFIG; the call's own arguments are unused by the kernel); per row |x| - q * |s| with q the truncated
    |x| * |1/s| (minus 1 where truncation went up), s - v where x < 0 and v != 0, v + s where s < 0 and v != 0, the
    sign of s (SFPSETSGN), NaN where s == 0, ten passes of `v >= |s|: v = |s| - v`, 0 where |v| - |s| == 0; stored
    as computed (no rounding to bf16)."""
    _scalar_mod_program(False)


def fmod_program(approx, fp32_dest, value_bits, recip_bits):
    """tt-metal 622c6fb9 api/compute/eltwise_unary/fmod.h ``fmod_tile(idst, param0, param1)`` -> llk_sfpu/
    ckernel_sfpu_fmod.h ``calculate_fmod<APPROX>`` (ttnn.fmod(tensor, number)): as remainder_program's kernel, but
    the result takes the sign of x (SFPSETSGN) and has no sign-of-s corrections."""
    _scalar_mod_program(True)


def scalar_mod_init(approx, value_bits, recip_bits):
    """622c6fb9 ``init_remainder`` / ``init_fmod(value, recip)``: _sfpu_load_config32_(0xC, value) and (0xD, recip):
    vConstFloatPrgm0 = the divisor's float bits, vConstFloatPrgm1 = its host reciprocal's (1.0f / param0)."""
    vConstIntPrgm0.set(int(value_bits) & 0xFFFFFFFF)
    vConstIntPrgm1.set(int(recip_bits) & 0xFFFFFFFF)


BINARY = {
    "add_binary": BinaryOp("add_binary", add_binary_program, "Dst[odst] = Dst[idst0] + Dst[idst1]."),
    "sub_binary": BinaryOp("sub_binary", sub_binary_program, "Dst[odst] = Dst[idst0] - Dst[idst1]."),
    "rsub_binary": BinaryOp("rsub_binary", rsub_binary_program, "Dst[odst] = Dst[idst1] - Dst[idst0]."),
    "mul_binary": BinaryOp("mul_binary", mul_binary_program, "Dst[odst] = Dst[idst0] * Dst[idst1]."),
    "div_binary": BinaryOp("div_binary", div_binary_program, "Dst[odst] = Dst[idst0] / Dst[idst1] (reciprocal and "
                           "a residual correction).", div_binary_init),
    "remainder_binary": BinaryOp("remainder_binary", remainder_binary_program, "Dst[odst] = Dst[idst0] - "
                                 "floor(Dst[idst0] / Dst[idst1]) * Dst[idst1] (sign of idst1; NaN for 0).",
                                 remainder_binary_init),
    "fmod_binary": BinaryOp("fmod_binary", fmod_binary_program, "Dst[odst] = Dst[idst0] - trunc(Dst[idst0] / "
                            "Dst[idst1]) * Dst[idst1] (sign of idst0; NaN for 0).", fmod_binary_init),
    **{f"{n}_int32": BinaryOp(f"{n}_int32", _int32_kernel(f"{n}_int32"), f"Dst[odst] = {n}(Dst[idst0], Dst[idst1]) "
                              "of int32 tiles (tensix.sfpi.llk_int).", _int32_kernel_init)
       for n in ("remainder", "fmod")},
    "binary_max": BinaryOp("binary_max", binary_max_program, "Dst[odst] = max (SFPSWAP order).",
                           llk=lambda tiles: _max_min_llk(True, tiles)),
    "binary_min": BinaryOp("binary_min", binary_min_program, "Dst[odst] = min (SFPSWAP order).",
                           llk=lambda tiles: _max_min_llk(False, tiles)),
    **{f"binary_{m}_{t}": BinaryOp(f"binary_{m}_{t}", None, f"Dst[odst] = {m}(Dst[idst0], Dst[idst1]) as {t} (tt-llk's "
                                   "instruction list only).",
                                   llk=lambda tiles, m=m, t=t: binary_max_min_int32_programs(m == "max", t == "uint32",
                                                                                           tiles))
       for m in ("max", "min") for t in ("int32", "uint32")},
    **{f"{op}_binary": BinaryOp(f"{op}_binary", _comp(op), f"Dst[odst] = 1.0 if Dst[idst0] {sym} Dst[idst1] else 0.0 "
                                "(float compare: subnormals as zero, NaN unordered).")
       for op, sym in (("lt", "<"), ("gt", ">"), ("le", "<="), ("ge", ">="), ("eq", "=="), ("ne", "!="))},
}
"""The binary SFPU ops of the compute API (tt-metal 622c6fb9 api/eltwise_binary_sfpu.h, api/binary_max_min.h)."""


def _vec_mode_name(m):
    return str(getattr(m, "name", m)).upper()


def _sigmoid_program(approx, fp32_dest, vec_mode, fast_approx):
    sigmoid_program(approx, fp32_dest, _vec_mode_name(vec_mode), fast_approx)


_approx_only3 = lambda approx, t, fp32: (approx,)  # noqa: E731
_LUT3 = lambda t: (0, 1, 2) if t[-1] else ()  # noqa: E731   the SFPLUT tables of fast_and_approx (last parameter)

_SAME = {k: UNARY[k] for k in ("abs", "negative", "square", "relu")}

UNARY_FORK = {
    **_SAME,
    "exp": UnaryOp("exp", (("approx", False), ("scale_en", False), ("input_clamping", "ClampToNegative")),
                   exp_fork_program, "Dst tile idst = e**x (accurate: Juffa's fp32 exp, or the TTI exp_21f for a "
                   "16-bit Dst; approx: Schraudolph's, tt-llk's SFPLOADMACRO kernel for InputClamping::None, its plain loops under "
                   "TT_METAL_DISABLE_SFPLOADMACRO=1).",
                   exp_fork_init, lambda approx, t, fp32: (t[0], fp32), version=FORK, fp32_init=True,
                   llk=lambda t: _exp_llk(*t)),
    "recip": UnaryOp("recip", (("legacy_compat", True),), recip_fork_program,
                     "Dst tile idst = 1/x (legacy_compat: the 2025 Newton-Raphson; false: quadratic estimate and "
                     "Newton steps).", recip_fork_init, lambda approx, t, fp32: (approx, fp32, t[0]), version=FORK,
                     fp32_init=True),
    "sqrt": UnaryOp("sqrt", (("FAST_APPROX", False),), sqrt_fork_program, "Dst tile idst = sqrt(x) (NaN for x < 0 "
                    "unless FAST_APPROX).", sqrt_fork_init, _approx_only, version=FORK),
    "rsqrt": UnaryOp("rsqrt", (("legacy_compat", False), ("FAST_APPROX", False)), rsqrt_fork_program,
                     "Dst tile idst = 1/sqrt(x).", sqrt_fork_init, lambda approx, t: (approx, t[0]), version=FORK),
    "sin": UnaryOp("sin", (), sin_fork_program, "Dst tile idst = sin(x) (Cody-Waite reduction by pi).",
                   sin_fork_init, _approx_only, version=FORK),
    "cos": UnaryOp("cos", (), cos_fork_program, "Dst tile idst = cos(x) (Cody-Waite reduction by pi/2).",
                   cos_fork_init, _approx_only, version=FORK),
    "log": UnaryOp("log", (("fast_and_approx", False),), log_program, "Dst tile idst = ln(x) (NaN for x < 0).",
                   log_init, lambda approx, t, fp32: (approx, fp32, t[0]), version=FORK, fp32_init=True),
    "log_with_base": UnaryOp("log_with_base", (("fast_and_approx", False),), log_with_base_program,
                             "Dst tile idst = ln(x) * float(base_scale).", log_init,
                             lambda approx, t, fp32: (approx, fp32, t[0]), version=FORK, runtime=("base_scale",),
                             fp32_init=True),
    "gelu": UnaryOp("gelu", (("fast_and_approx", True),), gelu_program, "Dst tile idst = gelu(x) (fast: LUT; "
                    "accurate: erf rational (fp32) or piecewise CDF (bf16)).", gelu_init,
                    lambda approx, t, fp32: (approx, fp32, t[0]), version=FORK, fp32_init=True,
                    tables=lambda t: (0, 1, 2, 4, 5, 6) if t[0] else ()),
    "sigmoid": UnaryOp("sigmoid", (("vec_mode", "RC"), ("fast_and_approx", False)), _sigmoid_program,
                       "Dst tile idst = 1/(1 + e**-x).", sigmoid_init, lambda approx, t: (approx, t[1]),
                       version=FORK, tables=_LUT3),
    "silu": UnaryOp("silu", (), silu_program, "Dst tile idst = x * sigmoid(x).", silu_init, _approx_only,
                    version=FORK),
    "tanh": UnaryOp("tanh", (("fast_and_approx", False),), tanh_program, "Dst tile idst = tanh(x).", tanh_init,
                    lambda approx, t, fp32: (approx, fp32, t[0]), version=FORK, fp32_init=True, tables=_LUT3),
    "clamp": UnaryOp("clamp", (), clamp_program, "Dst tile idst = min(max(x, float(param0)), float(param1)) "
                     "(SFPSWAP; leaves param1 in vConstIntPrgm0).", version=FORK, runtime=("param0", "param1")),
    "fill": UnaryOp("fill", (), fill_program, "Dst tile idst = the float whose bits are param0 in every datum "
                    "(_calculate_fill_).", version=FORK, runtime=("param0",)),
    "fill_int": UnaryOp("fill_int", (("data_format", "Int32"),), None, "Dst tile idst = param0 in every datum, stored "
                        "in the format's integer mode (_calculate_fill_int_; the C++ name is fill_tile_int).",
                        version=FORK, runtime=("param0",), llk_runtime=True,
                        llk=lambda t, rt: fill_int_programs(t[0], rt[0] if rt else None)),
    "clamp_int32": UnaryOp("clamp_int32", (), None, "Dst tile idst = min(max(x, param0), param1) on int32 (SFPSWAP on "
                           "sign-magnitude, complemented around a negative bound; leaves vConstIntPrgm0 changed).",
                           version=FORK, runtime=("param0", "param1"), llk_runtime=True,
                           llk=lambda t, rt: clamp_int32_programs(*(rt or (None, None)))),
    "mask": UnaryOp("mask", (), mask_program, "Dst tile idst = 0.0 where Dst tile idst + 1 (the mask) is zero.",
                    version=FORK, runtime=("idst2_mask",)),
    "celu": UnaryOp("celu", (("inp_float32", False),), celu_program, "Dst tile idst = x for x >= 0, else "
                    "alpha * (exp(x / alpha) - 1) (Cody-Waite expm1).", version=FORK, runtime=("alpha", "alpha_recip")),
    **{f"signbit{s}": UnaryOp(f"signbit{s}", (), None, f"Dst tile idst = 1 where the sign bit is set, else 0 ({w}; "
                              "tt-llk's instruction list).", version=FORK, llk=lambda t, i=bool(s): signbit_programs(i))
       for s, w in (("", "1.0 / 0.0 floats"), ("_int32", "int32"))},
    **{op: UnaryOp(op, (("op", op),), asin_acos_program, f"Dst tile idst = {op}(x) (NaN for |x| > 1).", version=FORK)
       for op in ("asin", "acos")},
    "softsign": UnaryOp("softsign", (), softsign_program, "Dst tile idst = x / (1 + |x|).", softsign_init,
                        _approx_only, version=FORK),
    "tanhshrink": UnaryOp("tanhshrink", (), tanhshrink_program, "Dst tile idst = x - tanh(x).", tanhshrink_init,
                          lambda approx, t, fp32: (approx, fp32), version=FORK, fp32_init=True),
    "cbrt": UnaryOp("cbrt", (), cbrt_program, "Dst tile idst = cbrt(x) (a magic-constant estimate and polynomial "
                    "refinement).", cbrt_init, _approx_only, version=FORK),
    "hardmish": UnaryOp("hardmish", (), hardmish_program, "Dst tile idst = x * clamp(x / 2 + 1, 0, 1).",
                        version=FORK),
    "mish": UnaryOp("mish", (("approximation_mode", False),), mish_program, "Dst tile idst = x * tanh(softplus(x)) "
                    "(exp, then x u (u + 2) / (u^2 + 2u + 2); x from 8 up).", mish_init, _approx_only, version=FORK),
    "hardtanh": UnaryOp("hardtanh", (), hardtanh_program, "Dst tile idst = min(max(x, float(param0)), "
                        "float(param1)).", version=FORK, runtime=("param0", "param1")),
    "hardshrink": UnaryOp("hardshrink", (), hardshrink_program, "Dst tile idst = 0 where |x| <= float(param0), "
                          "else x.", version=FORK, runtime=("param0",)),
    "alt_complex_rotate90": UnaryOp("alt_complex_rotate90", (), alt_complex_rotate90_program, "Dst tile idst: each "
                                    "pair of neighbouring columns (re, im) becomes (-im, re).", version=FORK),
    "hardsigmoid": UnaryOp("hardsigmoid", (), hardsigmoid_program, "Dst tile idst = min(max(x / 6 + 0.5, 0), 1).",
                           hardsigmoid_init, _approx_only, version=FORK),
    "acosh": UnaryOp("acosh", (), acosh_program, "Dst tile idst = acosh(x) = log(x + sqrt(x * x - 1)).",
                     sqrt_init, _approx_only, version=FORK),
    "asinh": UnaryOp("asinh", (), asinh_program, "Dst tile idst = asinh(x) = sign(x) log(|x| + sqrt(x * x + 1)).",
                     sqrt_init, _approx_only, version=FORK),
    **{m: UnaryOp(m, (), None, f"Dst tile idst = 1.0 where x {sym} 0, else 0.0 (float; tt-llk's instruction list).",
                  version=FORK, llk=lambda t, m=m: comp_zero_programs(m))
       for m, sym in (("eqz", "=="), ("nez", "!="), ("ltz", "<"), ("gtz", ">"), ("gez", ">="), ("lez", "<="))},
    **{f"{m}_{f.lower()}": UnaryOp(f"{m}_{f.lower()}", (), None, f"Dst tile idst = 1 where x {sym} 0 as a {f}, else "
                                   "0 (tt-llk's instruction list).", version=FORK,
                                   llk=lambda t, m=m, f=f: comp_zero_uint_programs(m, f))
       for m, sym in (("eqz", "=="), ("nez", "!=")) for f in ("UInt16", "UInt32")},
    **{op: UnaryOp(op, (("op", op),), rounding_program, f"Dst tile idst = {what} (tt-llk's rounding bodies).",
                   version=FORK)
       for op, what in (("floor", "floor(x)"), ("ceil", "ceil(x)"), ("trunc", "trunc(x), toward zero"),
                        ("frac", "x - trunc(x)"))},
    "elu": UnaryOp("elu", (("inp_float32", False),), elu_program, "Dst tile idst = x for x >= 0, else "
                   "alpha * (exp(x) - 1) (Cody-Waite expm1).", version=FORK, runtime=("slope",)),
    "threshold": UnaryOp("threshold", (), threshold_program, "Dst tile idst = float(param1) where x <= "
                         "float(param0), else x.", version=FORK, runtime=("param0", "param1")),
    "heaviside": UnaryOp("heaviside", (), heaviside_program, "Dst tile idst = 0 below 0, 1 above, float(value) at 0.",
                         version=FORK, runtime=("value",)),
    "prelu": UnaryOp("prelu", (), prelu_program, "Dst tile idst = x * float(value) where x < 0, else x.",
                     version=FORK, runtime=("value",)),
    "sign": UnaryOp("sign", (), sign_program, "Dst tile idst = -1.0, 0.0 or 1.0 by the sign of x.", version=FORK),
    "logical_not": UnaryOp("logical_not", (("data_format", "Float16_b"),), None, "Dst tile idst = 1 where x is 0, "
                           "else 0, in the format's load mode (tt-llk's instruction list).", version=FORK,
                           llk=lambda t: logical_not_programs(t[0])),
    **{op: UnaryOp(op, (("op", op),), isinf_isnan_program, f"Dst tile idst = 1.0 where {what}, else 0.0.",
                   version=FORK)
       for op, what in (("isinf", "x is +/-inf"), ("isposinf", "x is +inf"), ("isneginf", "x is -inf"),
                        ("isnan", "x is a NaN pattern"), ("isfinite", "x is neither inf nor NaN"))},
    **{f"{m}_int32": UnaryOp(f"{m}_int32", (("mode", m),), comp_zero_int_program,
                             f"Dst tile idst = 1 where x {sym} 0 as an int32, else 0.", version=FORK)
       for m, sym in (("eqz", "=="), ("nez", "!="), ("ltz", "<"), ("gtz", ">"), ("gez", ">="), ("lez", "<="))},
    **{op: UnaryOp(op, (), prog, f"Dst tile idst = {what} of x by the float whose bits are param0 (param1: the "
                   "bits of its host reciprocal 1.0f / param0; the kernel reads both from the constants "
                   f"{op}_tile_init(param0, param1) loads).", scalar_mod_init,
                   lambda approx, t, value, recip: (approx, value, recip), version=FORK, runtime=("param0", "param1"),
                   init_runtime=("param0", "param1"))
       for op, prog, what in (("remainder", remainder_program, "remainder (sign of the divisor)"),
                              ("fmod", fmod_program, "fmod (sign of x)"))},
    "softshrink": UnaryOp("softshrink", (), softshrink_program, "Dst tile idst = x - clamp(x, -float(param0), "
                          "float(param0)).", version=FORK, runtime=("param0",)),
}
"""The fork's (622c6fb9) unary ops: what ttnn 0.81.1's eltwise unary ops call. abs, negative, square and relu are the
kernels of UNARY (unchanged at 622c6fb9)."""

from tensix.sfpi import llk_trig as _llk_trig  # noqa: E402  tan, atan(h), sinh, cosh, bitwise_not, digamma, lgamma
UNARY_FORK.update({_k: UnaryOp(**_kw) for _k, _kw in _llk_trig.TRIG_OPS.items()})
BINARY.update({_k: BinaryOp(**_kw) for _k, _kw in _llk_trig.TRIG_BINARY_OPS.items()})
from tensix.sfpi import llk_special as _llk_special  # noqa: E402  exp2, expm1, log1p, softplus, erf(c/inv), i0
UNARY_FORK.update({_k: UnaryOp(**_kw) for _k, _kw in _llk_special.SPECIAL_OPS.items()})
BINARY.update({_k: BinaryOp(**_kw) for _k, _kw in _llk_special.SPECIAL_BINARY_OPS.items()})
from tensix.sfpi import llk_pow as _llk_pow  # noqa: E402  power(_iterative), power_binary, rpow, rdiv
UNARY_FORK.update({_k: UnaryOp(**_kw) for _k, _kw in _llk_pow.POW_OPS.items()})
BINARY.update({_k: BinaryOp(**_kw) for _k, _kw in _llk_pow.POW_BINARY_OPS.items()})
from tensix.sfpi import llk_polygamma as _llk_polygamma  # noqa: E402  polygamma, xielu
UNARY_FORK.update({_k: UnaryOp(**_kw) for _k, _kw in _llk_polygamma.POLYGAMMA_OPS.items()})
from tensix.sfpi import llk_addc as _llk_addc  # noqa: E402  addcmul, addcdiv (ternary)
UNARY_FORK.update({_k: UnaryOp(**_kw) for _k, _kw in _llk_addc.ADDC_OPS.items()})
from tensix.sfpi import llk_binary_special as _llk_binary_special  # noqa: E402  xlogy, atan2 (binary_ng)
BINARY.update({_k: BinaryOp(**_kw) for _k, _kw in _llk_binary_special.BINARY_SPECIAL_OPS.items()})

UNARY_VERSIONS = {name: {LEGACY: spec} for name, spec in UNARY.items()}
for _name, _spec in UNARY_FORK.items():
    UNARY_VERSIONS.setdefault(_name, {})[FORK] = _spec
DEFAULT_VERSION = {name: LEGACY if LEGACY in v else FORK for name, v in UNARY_VERSIONS.items()}
"""op name -> {version: UnaryOp}; DEFAULT_VERSION: the version an op runs without `version=` (LEGACY where tensix
had the op before, the fork otherwise)."""


# ---- tt-llk's SFPLOADMACRO kernels, as the instruction streams they issue ----------------------------------------
# The SFPI kernels above are tensix's own code (traced, register-allocated, scheduled); SFPLOADMACRO schedules depend
# on fixed LRegs and on which cycle each instruction issues, so these are written instruction for instruction as
# tt-metal 622c6fb9 issues them (TTI_* argument order of ckernel_ops.h mapped to the ISA's fields), for tensix.sfpu
# (tensix.sfpu.run_instrs / execute) and, as words, for tensix.tile (`words`, with the REPLAY records tt-llk uses).
# The compute API runs exp's and max / min's as InstrPrograms (below; tensix.kernel.sfpu_batch).
def _mk(op, **fields):
    from tensix.sfpu import make
    return make(op, **fields)


def _loadi32_l0(value):
    """TTI_SFPLOADI(0, 0xA, lo16); TTI_SFPLOADI(0, 0x8, hi16): LReg0 = value (tt-llk's way to feed SFPCONFIG)."""
    return [_mk("SFPLOADI", VD=0, Mod0=10, Imm16=value & 0xFFFF), _mk("SFPLOADI", VD=0, Mod0=8, Imm16=value >> 16)]


def _lm(lreg_ind, mod0, addr_mode, dest_addr):
    """TT_SFPLOADMACRO(lreg_ind, instr_mod0, sfpu_addr_mode, dest_reg_addr): lreg_ind = MacroIndex << 2 | VDLo, and
    bit 0 of the 10-bit address is VDHi (SFPLOADMACRO.md)."""
    return _mk("SFPLOADMACRO", MacroIndex=lreg_ind >> 2, VDLo=lreg_ind & 3, Mod0=mod0, AddrMod=addr_mode,
               Imm9=dest_addr >> 1, VDHi=dest_addr & 1)


def binary_max_min_loadmacro_init(is_max):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binary_max_min.h ``binary_max_min_init<IS_MAX_OP>`` (default build): the
    SFPSWAP (Mod1 9: VD = max, or VEC_MIN_MAX) and SFPSHFT2 (SHFT_IMM by 0: a copy) templates written by the backdoor
    (VD 12, 13), macro 0 = Simple SWAP delay 1 with VB = loaded LReg, Round copy to LReg16 delay 3; macro 1 = Store of
    LReg16 delay 2; Misc 0x330 (loads' Mod0 for the stores; Simple and MAD count issued instructions)."""
    simple0, round0 = 0x80 | (1 << 3) | 4, 0x80 | 0x40 | (3 << 3) | 5
    store1 = 0x40 | (2 << 3) | 3
    return ([_mk("SFPSWAP", VC=2, VD=12, Mod1=9 if is_max else 1), _mk("SFPSHFT2", Imm12=0, VC=0, VD=13, Mod1=6)]
            + _loadi32_l0(simple0 | round0 << 16) + [_mk("SFPCONFIG", Imm16=0, VD=4, Mod1=0)]
            + _loadi32_l0(store1 << 24) + [_mk("SFPCONFIG", Imm16=0, VD=5, Mod1=0)]
            + [_mk("SFPCONFIG", Imm16=0x330, VD=8, Mod1=1)])


def binary_max_min_loadmacro_face(dst_index_in0, dst_index_in1, dst_index_out, iterations=8):
    """622c6fb9 ``calculate_binary_max_min`` (default build, float): per row [a] = SFPLOADMACRO macro 0 of in0 (a
    alternating LReg0 / LReg1), b = SFPLOAD of in1 into LReg2, [c] = SFPLOADMACRO macro 1 at the output row (LReg3,
    ADDR_MOD_2 moves on), then three SFPNOPs; 3 cycles per row. ADDR_MOD_3 must leave the RWCs alone and ADDR_MOD_2
    add 2 (the binary SFPU init's slots)."""
    off0, off1, off2 = dst_index_in0 * 64, dst_index_in1 * 64, dst_index_out * 64
    out = []
    for i in range(iterations):
        a = i & 1
        out += [_lm(a, 0, 3, off0), _mk("SFPLOAD", VD=2, Mod0=0, AddrMod=3, Imm10=off1), _lm(4 | 3, 0, 2, off2)]
    return out + [_mk("SFPNOP")] * 3


EXP_APPROX_A = 0x43B8AA3B          # float(256.0f * 1.4426950408889634f): Schraudolph's A = 2**8 / ln 2
EXP_APPROX_B_MINUS_C = 0x46FDE9A3  # 32500.818359375f: B - C = 127 * 2**8 - 11.18...


def exp_approx_init(input_clamping="None", scale=0x3F800000):
    """622c6fb9 llk_sfpu/ckernel_sfpu_exp.h ``exp_init<true, scale, CLAMP_NEGATIVE>`` (default build).

    input_clamping "None" (exp_tile<true, false, InputClamping::None>): LReg12 = A * scale, LReg13 = B - C,
    LReg14 = 15 (SFPCONFIG from LReg0); templates by the backdoor: [1] SFPMAD L12 * VB + L13, [2] SFPSTOCHRND
    FP32 -> INT16 (round to nearest), [3] SFPSETSGN (exponent and mantissa from LReg4, sign from VB); Sequence 0 =
    0x731E85EF (MAD delay 0, Round delay 3, Simple SETSGN to LReg16 delay 5, Store of LReg16 delay 6); Misc 0xF00
    (store Mod0 SRCB, every sub-unit counts issued instructions). The replay buffer's 32 words (16 pairs of
    SFPLOADMACRO and SFPSHFT2 LReg4 = L[k] << LReg14) are recorded by `exp_approx_face`'s word stream; for
    tensix.sfpu they are part of the face program.

    input_clamping "ClampToNegative" (exp_tile<true>'s default) raises NotModelledError: its input clamp is an
    SFPSWAP template scheduled with VB != VD, where SFPSWAP.md and tt-llk disagree (tensix.sfpu.loadmacro)."""
    if input_clamping != "None":
        raise NotModelledError(
            "exp_tile<approx=true, ClampToNegative> of 622c6fb9: its input clamp is an SFPSWAP instruction template "
            "that SFPLOADMACRO schedules with VB = LReg14 (-88.5) and VC = VD = the loaded LReg; SFPSWAP.md's "
            "functional model never reads VB (the swap would do nothing), tt-llk's comments say it compares against "
            "LReg14. The sources disagree, so tensix does not guess.\nFix: use InputClamping::None (exact for inputs "
            "above -88), or exp_tile<false>.")
    a = float(np.float32(np.uint32(EXP_APPROX_A).view(np.float32)) * np.uint32(scale).view(np.float32))
    a_bits = int(np.float32(a).view(np.uint32))
    out = _loadi32_l0(a_bits) + [_mk("SFPCONFIG", Imm16=0, VD=12, Mod1=0)]
    out += _loadi32_l0(EXP_APPROX_B_MINUS_C) + [_mk("SFPCONFIG", Imm16=0, VD=13, Mod1=0)]
    out += _loadi32_l0(15) + [_mk("SFPCONFIG", Imm16=0, VD=14, Mod1=0)]
    out += [_mk("SFPMAD", VA=12, VB=0, VC=13, VD=13, Mod1=0),
            _mk("SFPSTOCHRND", StochasticRounding=0, Imm5=0, VB=0, VC=0, VD=14, UseImm5=0, Mod1=7),
            _mk("SFPSETSGN", Imm1=0, VC=4, VD=15, Mod1=0)]
    out += [_mk("SFPLOADI", VD=0, Mod0=10, Imm16=0x85EF), _mk("SFPLOADI", VD=0, Mod0=8, Imm16=0x731E),
            _mk("SFPCONFIG", Imm16=0, VD=4, Mod1=0), _mk("SFPCONFIG", Imm16=0xF00, VD=8, Mod1=1)]
    return out


def _exp_replay_body():
    """The 32 instructions exp_init records (lltt::record(0, 32), NoExec): 16 pairs SFPLOADMACRO(LReg k % 4, macro
    0, ADDR_MOD_3, Dst 0) and SFPSHFT2(VB = LReg (k + 2) % 4, VC = LReg14, VD = LReg4, SHFT_LREG)."""
    out = []
    for k in range(16):
        out += [_lm(k % 4, 0, 3, 0), _mk("SFPSHFT2", VB=(k + 2) % 4, VC=14, VD=4, Mod1=5)]
    return out


def exp_approx_face(iterations=8):
    """622c6fb9 ``calculate_exponential<true, ..., CLAMP_NEGATIVE = false>`` for one face of 8 rows: replay the first
    16 recorded instructions (8 SFPLOADMACRO + 8 SFPSHFT2, the first two SFPSHFT2s dummies), then the drain (SFPNOP,
    SFPSHFT2 of LReg2, SFPNOP, SFPSHFT2 of LReg3, two SFPNOPs). ADDR_MOD_3 (with the SFPU's ADDR_MOD base, slot 7)
    adds 2 to the Dst RWC per SFPLOADMACRO. 2.5 cycles per row."""
    if iterations != 8:
        raise NotModelledError("calculate_exponential<approx> of 622c6fb9 is written for 8 (or 32) iterations; "
                               "tensix has the 8-row face. Fix: iterations=8.")
    sh = lambda b: _mk("SFPSHFT2", VB=b, VC=14, VD=4, Mod1=5)  # noqa: E731
    nop = _mk("SFPNOP")
    return _exp_replay_body()[:16] + [nop, sh(2), nop, sh(3), nop, nop]


def exp_approx_words(face_words=True):
    """The words T1 issues for exp_tile<true, false, InputClamping::None> on one face, REPLAY included: exp_init's
    record (TT_OP_REPLAY(0, 32, 0, 1) then the 32 words) when face_words is False, else the face: TT_OP_REPLAY(0, 16,
    0, 0) and the drain."""
    from tensix.tile import ops
    from tensix.tile.vector import words_of
    if not face_words:
        return (ops.TT_OP_REPLAY(0, 32, 0, 1),) + words_of(_exp_replay_body())
    return (ops.TT_OP_REPLAY(0, 16, 0, 0),) + words_of(exp_approx_face()[16:])


# ---- the compute API's programs given as tt-llk's instruction lists -----------------------------------------------
# exp_tile<approx=true> and binary_max_tile / binary_min_tile (default build) are not SFPI code that tensix compiles:
# they are the instruction lists above, with fixed LRegs and SFPLOADMACRO schedules. An InstrProgram carries such a
# list to the compute API's batched SFPU path (tensix.kernel.sfpu_batch runs it through tensix.sfpu's SFPLOADMACRO
# engine, with the ADDR_MOD increments the kernel programs), as a Compiled like the SFPI programs' (no runtime
# inputs; the Dst tiles it touches; the programmable constants its templates read).
def _llk_compiled_type():
    from dataclasses import dataclass as _dc

    from tensix.sfpi.compiler import Compiled

    @_dc
    class LlkCompiled(Compiled):
        """A Compiled whose instructions are tt-llk's own; `addr_mods` ((AddrMod, Dst increment), ...): what the
        kernel programs in the ADDR_MOD slots its SFPLOAD / SFPSTORE / SFPLOADMACRO select (AddrMod 2 / 3 = slots 6 /
        7 with the SFPU's ADDR_MOD_SET_Base)."""

        addr_mods: tuple = ()
        leaves_addr_mods: tuple = ()    # the increments still programmed after it (until an op's init resets them)
    return LlkCompiled


_LLK_COMPILED: list = []


def _llk_footprint(instrs, addr_mods) -> tuple[frozenset, frozenset]:
    """(Dst tiles read before written, tiles written), relative to the base, of an instruction list that starts with
    the Dst RWC at 0: tensix.sfpi.compiler.dst_footprint of the list with each SFPLOADMACRO seen as an SFPLOAD and an
    SFPSTORE of its address (its sequence may schedule an SFPSTORE to the same row: the Store sub-unit keeps the
    SFPLOADMACRO's address; a tile counted as written that is not written is moved out unchanged) and each AddrMod
    increment of `addr_mods` as an INCRWC after the access that applies it."""
    from tensix.sfpi.compiler import dst_footprint

    incr = dict(addr_mods)
    seq = []
    for ins in instrs:
        if ins.op == "SFPLOADMACRO":
            addr = ins["Imm9"] << 1 | ins["VDHi"]
            seq += [_mk(op, VD=0, Mod0=ins["Mod0"], AddrMod=0, Imm10=addr) for op in ("SFPLOAD", "SFPSTORE")]
        else:
            seq.append(ins)
        if ins.op in ("SFPLOAD", "SFPSTORE", "SFPLOADMACRO") and incr.get(ins["AddrMod"]):
            seq.append(_mk("INCRWC", DstInc=incr[ins["AddrMod"]]))
    return dst_footprint(seq)


class InstrProgram:
    """A compute API SFPU program that is tt-llk's instruction list (not SFPI code): `compiled(args)` gives its
    Compiled (LlkCompiled) for the batched path, whatever the call's arguments (they are fixed in the list).
    `prgm_reads`: the programmable constants (LReg12-14) it reads, its instruction templates' reads included (they
    are not in the list's operands)."""

    def __init__(self, name, instrs, addr_mods=(), prgm_reads=(), leaves_addr_mods=(), unread_tiles=()):
        self.__name__ = self.__qualname__ = name
        self.instrs = list(instrs)
        # Dst tiles the list loads but whose values nothing uses (the kernel's builder knows): not reads of the
        # footprint, so a tile holding no data there is not refused (it is not on the card either)
        self.unread_tiles = frozenset(unread_tiles)
        self.addr_mods = tuple(addr_mods)
        self.leaves_addr_mods = tuple(leaves_addr_mods)
        self.prgm_reads = frozenset(prgm_reads)
        self._compiled = None

    def compiled(self, args=()):
        c = self._compiled
        if c is None:
            from tensix.sfpu import isa as _isa
            if not _LLK_COMPILED:
                _LLK_COMPILED.append(_llk_compiled_type())
            reads, writes = _llk_footprint(self.instrs, self.addr_mods)
            reads = reads - self.unread_tiles
            c = _LLK_COMPILED[0](instrs=self.instrs, program=_isa.encode(self.instrs), n_inputs=0, inputs=[],
                                 scalar_ops={}, dst_reads=reads, dst_writes=writes, input_sources=[],
                                 addr_mods=self.addr_mods, leaves_addr_mods=self.leaves_addr_mods)
            prgm_writes = frozenset(i["VD"] for i in self.instrs if i.op == "SFPCONFIG" and 12 <= i["VD"] <= 14)
            scanned = {i[r] for i in self.instrs if i.op != "SFPCONFIG" for r in ("VA", "VB", "VC", "VD")
                       if i.get(r, -1) in (12, 13, 14)}
            c.__dict__["prgm_use"] = (frozenset(self.prgm_reads | scanned) - prgm_writes, prgm_writes)
            self._compiled = c
        return c

    def __call__(self, *args):
        from tensix.errors import SfpiError
        raise SfpiError(f"{self.__name__} is tt-llk's instruction list, not an SFPI function: the compute API runs "
                        "it (tensix.kernel.sfpu_batch). Fix: call the compute API op, or run `.instrs` with "
                        "tensix.sfpu.run_instrs.")

    def __repr__(self):
        return f"InstrProgram({self.__name__!r}, {len(self.instrs)} instructions, addr_mods={self.addr_mods})"


def _sfpu_config_reset():
    """tt-llk ``_init_sfpu_config_reg``: TTI_SFPCONFIG(0, 0xF, 1), LaneConfig = 0 (every SFPU op's init)."""
    return [_mk("SFPCONFIG", Imm16=0, VD=15, Mod1=1)]


def _driver_rc(face):
    """tt-llk ``_llk_math_eltwise_unary_sfpu_params_`` / the binary one with VectorMode::RC around a face's words:
    per face the words, then two SETRWC(CR_D, 8); at the end the Dst counter is cleared (as lib._next_face /
    lib._clear_dst_counter emit them for the SFPI programs)."""
    step = _mk("SETRWC", DstCr=1, DstVal=8, Dst=1)
    out = []
    for _ in range(4):
        out += list(face) + [step, step]
    return out + [_mk("SETRWC", DstCr=0, DstVal=0, Dst=1)]


_EXP_AMODS = ((3, 2),)           # calculate_exponential<approx, 8>: ADDR_MOD_7 dest += 2 (set on every call)
_UNARY_INIT_AMODS = ((3, 0),)    # llk_math_eltwise_unary_sfpu_init: ADDR_MOD_7 all zero
_BINARY_AMODS = ((2, 2), (3, 0))  # eltwise_binary_sfpu_configure_addrmod<max>: ADDR_MOD_7 0, ADDR_MOD_6 dest += 2
_INSTR_PROGRAMS: dict = {}


def _instr_program(key, build):
    p = _INSTR_PROGRAMS.get(key)
    if p is None:
        p = _INSTR_PROGRAMS[key] = build()
    return p


def _words_to_instrs(words):
    from tensix.tile.vector import to_instr
    return [to_instr(w) for w in words]


EXP_APPROX_THRESHOLD = 0xC2B10000   # -88.5f: exp_init<true, .., CLAMP_NEGATIVE = true>'s LReg14


def exp_approx_disable_programs(input_clamping):
    """(tile program, init program) of 622c6fb9 exp_tile<approx=true> built with DISABLE_SFPLOADMACRO
    (TT_METAL_DISABLE_SFPLOADMACRO=1), as InstrPrograms of the TTI words ckernel_sfpu_exp.h issues (decoded by the
    tile's codec). The init loads the constants only: ClampToNegative LReg14 = -88.5, LReg12 = A, LReg13 = B - C;
    None LReg12 = A, LReg13 = B - C, LReg14 = 15. Per row, ClampToNegative: SFPLOAD L0, SFPSWAP(0, L14, L0, 9) (L0 =
    max(L0, -88.5); the LReg14 write is dropped), SFPMAD L12 * L0 + L13, SFP_STOCH_RND FP32 -> UINT16, SFPSHFT L0 <<
    15, SFPSTORE, dst_reg++; None: SFPLOAD, SFPMAD, SFP_STOCH_RND FP32 -> INT16, SFPSHFT2 L1 = L0 << L14, SFPSETSGN
    (sign of L0, the rest of L1), SFPSTORE, dst_reg++. ADDR_MOD_7 stays as the unary init sets it (no increment)."""
    from tensix.tile import ops
    if input_clamping == "ClampToNegative":
        consts = ((14, EXP_APPROX_THRESHOLD), (12, EXP_APPROX_A), (13, EXP_APPROX_B_MINUS_C))
        row = [ops.TT_OP_SFPLOAD(0, 0, 3, 0), ops.TT_OP_SFPSWAP(0, 14, 0, 9), ops.TT_OP_SFPMAD(12, 0, 13, 0, 0),
               ops.TT_OP_SFP_STOCH_RND(0, 0, 0, 0, 0, 6), ops.TT_OP_SFPSHFT(15, 0, 0, 1),
               ops.TT_OP_SFPSTORE(0, 0, 3, 0), ops.TT_OP_INCRWC(0, 2, 0, 0)]
    elif input_clamping == "None":
        consts = ((12, EXP_APPROX_A), (13, EXP_APPROX_B_MINUS_C), (14, 15))
        row = [ops.TT_OP_SFPLOAD(0, 0, 3, 0), ops.TT_OP_SFPMAD(12, 0, 13, 0, 0),
               ops.TT_OP_SFP_STOCH_RND(0, 0, 0, 0, 0, 7), ops.TT_OP_SFPSHFT2(0, 14, 1, 5),
               ops.TT_OP_SFPSETSGN(0, 1, 0, 0), ops.TT_OP_SFPSTORE(0, 0, 3, 0), ops.TT_OP_INCRWC(0, 2, 0, 0)]
    else:
        raise NotModelledError(f"exp_tile input_clamping is 'ClampToNegative' or 'None', not {input_clamping!r}")
    name = f"exp_tile<approx=true, InputClamping::{input_clamping}> (DISABLE_SFPLOADMACRO)"
    init = []
    for reg, bits in consts:
        init += _loadi32_l0(bits) + [_mk("SFPCONFIG", Imm16=0, VD=reg, Mod1=0)]
    tile = _instr_program(("exp_approx_disable", input_clamping), lambda: InstrProgram(
        name, _driver_rc(_words_to_instrs(row * 8)), _UNARY_INIT_AMODS, (12, 13, 14)))
    init = _instr_program(("exp_approx_disable_init", input_clamping), lambda: InstrProgram(
        f"{name} init", _sfpu_config_reset() + init, _UNARY_INIT_AMODS))
    return tile, init


def exp_approx_programs(input_clamping):
    """(tile program, init program) of 622c6fb9 exp_tile<approx=true, scale_en=false, input_clamping> /
    exp_tile_init<true, 0x3F800000, input_clamping> as InstrPrograms: the init is _init_sfpu_config_reg and
    exp_approx_init (its replay record is part of each face: tensix.sfpu has no replay buffer), the tile program
    the unary driver's RC walk around exp_approx_face, with ADDR_MOD_7 dest += 2. ClampToNegative raises
    NotModelledError (exp_approx_init says why)."""
    exp_approx_init(input_clamping)     # refuses ClampToNegative with the reason
    tile = _instr_program(("exp_approx", input_clamping), lambda: InstrProgram(
        "exp_tile<approx=true, InputClamping::None>", _driver_rc(exp_approx_face()), _EXP_AMODS, (12, 13, 14),
        leaves_addr_mods=_EXP_AMODS))
    init = _instr_program(("exp_approx_init", input_clamping), lambda: InstrProgram(
        "exp_tile_init<approx=true, InputClamping::None>", _sfpu_config_reset() + exp_approx_init(input_clamping),
        _UNARY_INIT_AMODS))
    return tile, init


def binary_max_min_programs(is_max, tiles):
    """(tile program, init program) of 622c6fb9 binary_max_tile / binary_min_tile (default build, float) on Dst tiles
    (idst0, idst1, odst): binary_max_min_loadmacro_face in the binary driver's RC walk with ADDR_MOD_6 dest += 2,
    and _init_sfpu_config_reg plus binary_max_min_loadmacro_init."""
    i0, i1, o = tiles
    name = "binary_max_tile" if is_max else "binary_min_tile"
    # the face's second SFPLOADMACRO loads odst's rows into LReg3 only to trigger macro 1 (a Store of LReg16): no
    # instruction and no template reads LReg3, so odst need not hold data (unless it is an input too)
    tile = _instr_program(("max_min", is_max, tuple(tiles)), lambda: InstrProgram(
        f"{name}({i0}, {i1}, {o})", _driver_rc(binary_max_min_loadmacro_face(i0, i1, o)), _BINARY_AMODS,
        unread_tiles=() if o in (i0, i1) else (o,)))
    init = _instr_program(("max_min_init", is_max), lambda: InstrProgram(
        f"{name}_init", _sfpu_config_reset() + binary_max_min_loadmacro_init(is_max), _BINARY_AMODS))
    return tile, init


def binary_max_min_int32_disable_face(dst_index_in0, dst_index_in1, dst_index_out, is_max, is_unsigned=False,
                                      iterations=8):
    """622c6fb9 ``calculate_binary_max_min_int32`` built with DISABLE_SFPLOADMACRO, for one face: per row SFPLOAD a and
    b (INT32), SFPSWAP VEC_MIN_MAX (Mod1 9 for unsigned), SFPSETCC LT0 (GTE0 unsigned) on both, a conditional
    SFPSWAP to fix the pairs the sign-magnitude order put backwards, SFPENCC, SFPSTORE of the max (LReg1) or min
    (LReg0) with ADDR_MOD_2 moving on."""
    off0, off1, offo = dst_index_in0 * 64, dst_index_in1 * 64, dst_index_out * 64
    cc = 4 if is_unsigned else 0
    row = [_mk("SFPLOAD", VD=0, Mod0=4, AddrMod=3, Imm10=off0), _mk("SFPLOAD", VD=1, Mod0=4, AddrMod=3, Imm10=off1),
           _mk("SFPSWAP", VC=1, VD=0, Mod1=9 if is_unsigned else 1),
           _mk("SFPSETCC", Imm1=0, VC=0, VD=0, Mod1=cc), _mk("SFPSETCC", Imm1=0, VC=1, VD=0, Mod1=cc),
           _mk("SFPSWAP", VC=1, VD=0, Mod1=0), _mk("SFPENCC", Imm2=0, VD=0, Mod1=0),
           _mk("SFPSTORE", VD=1 if is_max else 0, Mod0=4, AddrMod=2, Imm10=offo)]
    return row * iterations


def binary_max_min_int32_programs(is_max, is_unsigned, tiles):
    """(tile program, init program) of 622c6fb9 binary_{max,min}_{int32,uint32}_tile / _tile_init (api/compute/
    binary_max_min.h: calculate_binary_max_min_int32<IS_MAX, IS_UNSIGNED> in the binary driver's RC walk,
    binary_max_min_int32_init). The default build's SFPLOADMACRO form, or with TT_METAL_DISABLE_SFPLOADMACRO=1 the
    plain loop (whose init programs nothing beyond the binary SFPU init)."""
    i0, i1, o = tiles
    name = f"binary_{'max' if is_max else 'min'}_{'uint32' if is_unsigned else 'int32'}_tile"
    if sfploadmacro_disabled():
        tile = _instr_program(("max_min_int32_disable", is_max, is_unsigned, tuple(tiles)), lambda: InstrProgram(
            f"{name}({i0}, {i1}, {o})", _driver_rc(binary_max_min_int32_disable_face(i0, i1, o, is_max, is_unsigned)),
            _BINARY_AMODS))
        init = _instr_program(("max_min_int32_disable_init",), lambda: InstrProgram(
            f"{name}_init", _sfpu_config_reset(), _BINARY_AMODS))
        return tile, init
    tile = _instr_program(("max_min_int32", is_max, is_unsigned, tuple(tiles)), lambda: InstrProgram(
        f"{name}({i0}, {i1}, {o})", _driver_rc(binary_max_min_int32_loadmacro_face(i0, i1, o, is_unsigned)),
        _BINARY_AMODS, unread_tiles=() if o in (i0, i1) else (o,)))
    init = _instr_program(("max_min_int32_init", is_max, is_unsigned), lambda: InstrProgram(
        f"{name}_init", _sfpu_config_reset() + binary_max_min_int32_loadmacro_init(is_max, is_unsigned),
        _BINARY_AMODS))
    return tile, init


def mul_int_disable_face(dst_index_in0, dst_index_in1, dst_index_out, iterations=8):
    """tt-llk (622c6fb9) ``_mul_int_`` built with DISABLE_SFPLOADMACRO, for one face: per row the u16 inputs split
    into bytes (SFPSHFT2 by LReg13 = -8, SFPAND with LReg12 = 0xFF), cast to float, the three byte products (SFPMAD
    with 0), each rounded back to an integer (SFP_STOCH_RND FP32 -> UINT16), lo + ((hi0 + hi1) << 8), an LO16
    SFPSTORE with ADDR_MOD_2 moving on."""
    off0, off1, offo = dst_index_in0 * 64, dst_index_in1 * 64, dst_index_out * 64
    rnd = lambda r: _mk("SFPSTOCHRND", StochasticRounding=0, Imm5=0, VB=0, VC=r, VD=r, UseImm5=0, Mod1=6)  # noqa: E731
    row = []
    for src, off, lo, hi in ((0, off0, 0, 2), (1, off1, 1, 3)):
        row += [_mk("SFPLOAD", VD=lo, Mod0=6, AddrMod=3, Imm10=off), _mk("SFPSHFT2", VB=src, VC=13, VD=hi, Mod1=5),
                _mk("SFPCAST", VC=hi, VD=hi, Mod1=0), _mk("SFPAND", VC=12, VD=lo), _mk("SFPCAST", VC=lo, VD=lo, Mod1=0)]
    row += [_mk("SFPMAD", VA=0, VB=3, VC=9, VD=3, Mod1=0), _mk("SFPMAD", VA=0, VB=1, VC=9, VD=0, Mod1=0),
            _mk("SFPMAD", VA=2, VB=1, VC=9, VD=2, Mod1=0), rnd(0), rnd(2), rnd(3),
            _mk("SFPIADD", Imm12=0, VC=3, VD=2, Mod1=4), _mk("SFPSHFT", Imm12=8, VC=0, VD=2, Mod1=1),
            _mk("SFPIADD", Imm12=0, VC=2, VD=0, Mod1=4), _mk("SFPSTORE", VD=0, Mod0=6, AddrMod=2, Imm10=offo)]
    return row * iterations


def binary_comp_int_face(dst_index_in0, dst_index_in1, dst_index_out, op, data_format, iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binary_comp.h for one face: ``calculate_binary_comp_int32<op>`` (Int32) or
    ``calculate_binary_comp_uint<op, fmt>`` (UInt32, UInt16); op lt, gt, le or ge (gt and le swap the operands, le
    and ge take the complement through the sign immediate). Int32 and UInt32: per row INT32 loads of a and b,
    SFPSETSGN of b into a scratch, SFPIADD a - scratch without CC, the sign fix-ups (SFPXOR, SFPOR, SFPXOR), a
    logical shift right by 31 to 0 or 1, an INT32 store with ADDR_MOD_2 moving on. UInt16: LO16 loads, b = a - b,
    SFPNOT for le / ge, the shift, a LO16 store."""
    use_ge = op in ("le", "ge")
    ia, ib = (dst_index_in1, dst_index_in0) if op in ("gt", "le") else (dst_index_in0, dst_index_in1)
    a, b, scratch = 0, 1, 2
    mod0 = 6 if data_format == "UInt16" else 4      # InstrModLoadStore LO16 / INT32
    row = [_mk("SFPLOAD", VD=a, Mod0=mod0, AddrMod=3, Imm10=ia * 64),
           _mk("SFPLOAD", VD=b, Mod0=mod0, AddrMod=3, Imm10=ib * 64)]
    if data_format == "UInt16":
        row.append(_mk("SFPIADD", Imm12=0, VC=a, VD=b, Mod1=6))
        if use_ge:
            row.append(_mk("SFPNOT", VC=b, VD=b))
        result = b
    else:
        row += [_mk("SFPSETSGN", Imm1=1 if use_ge else 0, VC=b, VD=scratch, Mod1=1),
                _mk("SFPIADD", Imm12=0, VC=a, VD=scratch, Mod1=6)]
        if data_format == "Int32":      # calculate_binary_comp_int32: tmp ^= xor_src; tmp |= scratch; a ^= b
            tmp, xor_src = (b, a) if use_ge else (a, b)
            row += [_mk("SFPXOR", VC=xor_src, VD=tmp), _mk("SFPOR", VC=scratch, VD=tmp), _mk("SFPXOR", VC=b, VD=a)]
            result = a
        else:                           # calculate_binary_comp_uint<UInt32>: result ^= xor_src, |= scratch, ^= xor_src
            result, xor_src = (a, b) if use_ge else (b, a)
            row += [_mk("SFPXOR", VC=xor_src, VD=result), _mk("SFPOR", VC=scratch, VD=result),
                    _mk("SFPXOR", VC=xor_src, VD=result)]
    row += [_mk("SFPSHFT", Imm12=-31, VC=result, VD=result, Mod1=1),
            _mk("SFPSTORE", VD=result, Mod0=mod0, AddrMod=2, Imm10=dst_index_out * 64)]
    return row * iterations


def binary_comp_int_programs(op, data_format, tiles):
    """(tile program, init program) of 622c6fb9 ``{op}_int_tile<data_format>(idst0, idst1, odst)`` /
    ``{op}_int_tile_init<data_format>()`` (api/compute/binary_comp.h: rel_int_tile_dispatch in the binary driver's
    RC walk; the init is the binary SFPU init): Dst[odst] = 1 where Dst[idst0] op Dst[idst1], else 0, as integers."""
    i0, i1, o = tiles
    name = f"{op}_int_tile<{data_format}>"
    tile = _instr_program(("comp_int", op, data_format, tuple(tiles)), lambda: InstrProgram(
        f"{name}({i0}, {i1}, {o})", _driver_rc(binary_comp_int_face(i0, i1, o, op, data_format)), _BINARY_AMODS))
    init = _instr_program(("comp_int_init", op, data_format), lambda: InstrProgram(
        f"{op}_int_tile_init<{data_format}>", _sfpu_config_reset(), _BINARY_AMODS))
    return tile, init


COMP_ZERO = ("eqz", "nez", "ltz", "gtz", "gez", "lez")


def comp_zero_face(mode, iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_comp.h ``calculate_comp<APPROX, mode>`` (the float form of eqz_tile, nez_tile,
    ltz_tile, gtz_tile, gez_tile, lez_tile) for one face: for the ordered ones first LReg5 = +inf (SFPLOADI FLOATB
    0x7F80); per row SFPLOAD v, SFPSETSGN |v| into LReg2, the default result stored (LConst 0 or 1), then under
    SFPSETCC conditions on v's sign and |v| != 0 (and SFPIADD inf - |v| for NaN, whose |v| is above inf's bits) the
    other constant stored; the last store with ADDR_MOD_2 (dest += 2) moves on. So +/-0 are zero, subnormals are
    not, NaN is neither below, above nor equal to zero."""
    zero, one = 9, 10       # p_sfpu::LCONST_0, LCONST_1
    store = lambda reg, am: _mk("SFPSTORE", VD=reg, Mod0=0, AddrMod=am, Imm10=0)  # noqa: E731
    setcc = lambda reg, m: _mk("SFPSETCC", Imm1=0, VC=reg, VD=0, Mod1=m)          # noqa: E731
    encc = _mk("SFPENCC", Imm2=0, VD=0, Mod1=0)
    lt0, ne0, gte0, eq0 = 0, 2, 4, 6
    row = [_mk("SFPLOAD", VD=0, Mod0=0, AddrMod=3, Imm10=0), _mk("SFPSETSGN", Imm1=0, VC=0, VD=2, Mod1=1)]
    not_nan = _mk("SFPIADD", Imm12=0, VC=5, VD=2, Mod1=2 | 8)     # inf - |v| >= 0
    is_nan = _mk("SFPIADD", Imm12=0, VC=5, VD=2, Mod1=2)          # inf - |v| < 0
    if mode in ("eqz", "nez"):
        hit, miss = (one, zero) if mode == "eqz" else (zero, one)
        row += [store(miss, 3), setcc(2, eq0), store(hit, 2), encc]
    elif mode in ("ltz", "gtz"):
        row += [store(zero, 3), setcc(0, lt0 if mode == "ltz" else gte0), setcc(2, ne0), not_nan, store(one, 2), encc]
    elif mode in ("gez", "lez"):
        row += [store(one, 3), setcc(0, lt0 if mode == "gez" else gte0), setcc(2, ne0), store(zero, 3), encc, is_nan,
                store(zero, 2), encc]
    else:
        raise ValueError(f"comp_zero_face: {mode!r} is not one of {COMP_ZERO}")
    head = [] if mode in ("eqz", "nez") else [_mk("SFPLOADI", VD=5, Mod0=0, Imm16=0x7F80)]
    return head + row * iterations


def add_sub_int_face(dst_index_in0, dst_index_in1, dst_index_out, op, data_format, iterations=8):
    """tt-llk (622c6fb9) ``_add_int_`` / ``_sub_int_`` for one face (SIGN_MAGNITUDE_FORMAT false; INT32 loads and
    stores, LO16 for UInt16): per row the two loads, SFPIADD without CC (Mod1 4: a + b; Mod1 6: a - b, the
    2's complement of the destination operand), the store, dst_reg++. Integers wrap modulo 2^32 (the low 16 bits
    for UInt16)."""
    mod0 = 6 if data_format == "UInt16" else 4
    a, b = (0, 1) if op == "add" else (1, 0)        # _sub_int_ loads operand A into LReg1 and B into LReg0
    row = [_mk("SFPLOAD", VD=a, Mod0=mod0, AddrMod=3, Imm10=dst_index_in0 * 64),
           _mk("SFPLOAD", VD=b, Mod0=mod0, AddrMod=3, Imm10=dst_index_in1 * 64),
           _mk("SFPIADD", Imm12=0, VC=1, VD=0, Mod1=4 if op == "add" else 6),
           _mk("SFPSTORE", VD=0, Mod0=mod0, AddrMod=3, Imm10=dst_index_out * 64), _mk("INCRWC", DstInc=2)]
    return row * iterations


def add_sub_int_programs(op, data_format, tiles):
    """(tile program, init program) of 622c6fb9 ``{op}_int_tile<data_format>(idst0, idst1, odst)`` /
    ``{op}_int_tile_init()`` (api/compute/add_int_sfpu.h, sub_int_sfpu.h): add_sub_int_face in the binary driver's
    RC walk; the init is the binary SFPU init."""
    i0, i1, o = tiles
    tile = _instr_program(("add_sub_int", op, data_format, tuple(tiles)), lambda: InstrProgram(
        f"{op}_int_tile<{data_format}>({i0}, {i1}, {o})", _driver_rc(add_sub_int_face(i0, i1, o, op, data_format)),
        _BINARY_AMODS))
    init = _instr_program(("add_sub_int_init", op), lambda: InstrProgram(
        f"{op}_int_tile_init", _sfpu_config_reset(), _BINARY_AMODS))
    return tile, init


def binary_bitwise_face(dst_index_in0, dst_index_in1, dst_index_out, op, data_format, iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_binary_bitwise.h ``calculate_sfpu_binary_bitwise<APPROX, op, mode>`` for one
    face: per row the two loads (INT32, LO16 for UInt16: binary_bitwise_sfpu.h bitwise_instr_mode) into LReg0 /
    LReg1, SFPAND / SFPOR / SFPXOR(0, 1, 0, 0) (LReg0 = LReg0 op LReg1), the store of LReg0, dst_reg++."""
    mod0 = 6 if data_format == "UInt16" else 4
    row = [_mk("SFPLOAD", VD=0, Mod0=mod0, AddrMod=3, Imm10=dst_index_in0 * 64),
           _mk("SFPLOAD", VD=1, Mod0=mod0, AddrMod=3, Imm10=dst_index_in1 * 64),
           _mk({"and": "SFPAND", "or": "SFPOR", "xor": "SFPXOR"}[op], VC=1, VD=0),
           _mk("SFPSTORE", VD=0, Mod0=mod0, AddrMod=3, Imm10=dst_index_out * 64), _mk("INCRWC", DstInc=2)]
    return row * iterations


def binary_bitwise_programs(op, data_format, tiles):
    """(tile program, init program) of 622c6fb9 ``bitwise_{op}_binary_tile<data_format>(idst0, idst1, odst)`` /
    ``binary_bitwise_tile_init()`` (api/compute/binary_bitwise_sfpu.h): binary_bitwise_face in the binary driver's RC
    walk; the init is the binary SFPU init."""
    i0, i1, o = tiles
    tile = _instr_program(("binary_bitwise", op, data_format, tuple(tiles)), lambda: InstrProgram(
        f"bitwise_{op}_binary_tile<{data_format}>({i0}, {i1}, {o})",
        _driver_rc(binary_bitwise_face(i0, i1, o, op, data_format)), _BINARY_AMODS))
    init = _instr_program(("binary_bitwise_init",), lambda: InstrProgram(
        "binary_bitwise_tile_init", _sfpu_config_reset(), _BINARY_AMODS))
    return tile, init


def binary_shift_face(dst_index_in0, dst_index_in1, dst_index_out, op, data_format, iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_shift.h ``calculate_binary_left_shift`` / ``calculate_binary_right_shift``
    (SIGN_MAGNITUDE_FORMAT false; INT32 loads and stores, LO16 for UInt16) for one face, instruction for instruction:
    - left: LReg0 = value, LReg1 = amount; SFPSETCC amount >= 0, SFPIADD amount - 32 (imm, CC &= result < 0),
      SFPCOMPC, LReg0 = 0 where the amount is outside [0, 32), SFPENCC; SFPSHFT LReg0 by LReg1; store;
    - right: LReg4 = value; SFPSETCC amount >= 0, SFPIADD amount - 32 (imm, CC &= result >= 0), LReg0 = 0 where the
      amount is >= 32 (a negative amount is not zeroed: the kernel then shifts left by -amount), SFPENCC; LReg1 =
      -amount, SFPSHFT (a negative amount shifts right, logically); where the value was negative and the amount is
      not 0: LReg2 = 32 - amount, LReg3 = ~0 << LReg2 ORed in (the sign fill), SFPENCC; store."""
    mod0 = 6 if data_format == "UInt16" else 4
    lconst0 = 9
    loads = [_mk("SFPLOAD", VD=0, Mod0=mod0, AddrMod=3, Imm10=dst_index_in0 * 64),
             _mk("SFPLOAD", VD=1, Mod0=mod0, AddrMod=3, Imm10=dst_index_in1 * 64)]
    tail = [_mk("SFPSTORE", VD=0, Mod0=mod0, AddrMod=3, Imm10=dst_index_out * 64), _mk("INCRWC", DstInc=2)]
    encc = _mk("SFPENCC", Imm2=0, VD=0, Mod1=0)
    if op == "left":
        body = [_mk("SFPSETCC", Imm1=0, VC=1, VD=0, Mod1=4), _mk("SFPIADD", Imm12=0xFE0, VC=1, VD=2, Mod1=1),
                _mk("SFPCOMPC", VD=0), _mk("SFPMOV", VC=lconst0, VD=0, Mod1=0), encc,
                _mk("SFPSHFT", Imm12=0, VC=1, VD=0, Mod1=0)]
    else:
        body = [_mk("SFPMOV", VC=0, VD=4, Mod1=0),
                _mk("SFPSETCC", Imm1=0, VC=1, VD=0, Mod1=4),
                _mk("SFPIADD", Imm12=0xFE0, VC=1, VD=2, Mod1=lconst0),     # the C++ passes p_sfpu::LCONST_0 as Mod1
                _mk("SFPMOV", VC=lconst0, VD=0, Mod1=0), encc,
                _mk("SFPIADD", Imm12=0, VC=lconst0, VD=1, Mod1=6),
                _mk("SFPSHFT", Imm12=0, VC=1, VD=0, Mod1=0),
                _mk("SFPSETCC", Imm1=0, VC=4, VD=0, Mod1=0),
                _mk("SFPSETCC", Imm1=0, VC=1, VD=0, Mod1=2),
                _mk("SFPIADD", Imm12=0x020, VC=1, VD=2, Mod1=5),
                _mk("SFPNOT", VC=lconst0, VD=3),
                _mk("SFPSHFT", Imm12=0, VC=2, VD=3, Mod1=0),
                _mk("SFPOR", VC=3, VD=0), encc]
    return (loads + body + tail) * iterations


def binary_shift_programs(op, data_format, tiles):
    """(tile program, init program) of 622c6fb9 ``binary_{op}_shift_tile<data_format>(idst0, idst1, odst)`` /
    ``binary_shift_tile_init()`` (api/compute/binary_shift.h): binary_shift_face in the binary driver's RC walk; the
    init is the binary SFPU init."""
    i0, i1, o = tiles
    tile = _instr_program(("binary_shift", op, data_format, tuple(tiles)), lambda: InstrProgram(
        f"binary_{op}_shift_tile<{data_format}>({i0}, {i1}, {o})",
        _driver_rc(binary_shift_face(i0, i1, o, op, data_format)), _BINARY_AMODS))
    init = _instr_program(("binary_shift_init",), lambda: InstrProgram(
        "binary_shift_tile_init", _sfpu_config_reset(), _BINARY_AMODS))
    return tile, init


def comp_zero_uint_face(mode, data_format, iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_comp.h for one face of an unsigned tile, eqz / nez only:
    - UInt16 (calculate_comp_uint16): per row an LO16 load, LReg1 = 0 (SFPMOV of LConst 0), SFPSETCC EQ0 (NE0 for
      nez), LReg1 = 1 (SFPLOADI USHORT) where it holds, SFPENCC, an LO16 store, dst_reg++;
    - UInt32 eqz (calculate_eqz_uint32): LReg2 = -5 first (two SFPLOADIs); per row an INT32 load, SFPLZ with
      NOSGN_MASK (the leading zeros of the low 31 bits: 32 for 0, and for 2^31, which this kernel therefore reports
      as zero), SFPSHFT by LReg2 (32 >> 5 = 1, else 0), an INT32 store, dst_reg++;
    - UInt32 nez (calculate_nez_uint32): as UInt16 nez with INT32 loads and stores."""
    mod0 = 6 if data_format == "UInt16" else 4          # InstrModLoadStore LO16 / INT32
    load = _mk("SFPLOAD", VD=0, Mod0=mod0, AddrMod=3, Imm10=0)
    store = _mk("SFPSTORE", VD=1, Mod0=mod0, AddrMod=3, Imm10=0)
    step = _mk("INCRWC", DstInc=2)
    if data_format == "UInt32" and mode == "eqz":
        head = [_mk("SFPLOADI", VD=2, Mod0=10, Imm16=(-5) & 0xFFFF), _mk("SFPLOADI", VD=2, Mod0=8, Imm16=0xFFFF)]
        row = [load, _mk("SFPLZ", VC=0, VD=1, Mod1=4), _mk("SFPSHFT", Imm12=0, VC=2, VD=1, Mod1=0), store, step]
        return head + row * iterations
    row = [load, _mk("SFPMOV", VC=9, VD=1, Mod1=0), _mk("SFPSETCC", Imm1=0, VC=0, VD=0, Mod1=6 if mode == "eqz" else 2),
           _mk("SFPLOADI", VD=1, Mod0=2, Imm16=1), _mk("SFPENCC", Imm2=0, VD=0, Mod1=0), store, step]
    return row * iterations


# logical_not.h: the SFPLOAD / SFPSTORE mode of each data format (InstrModLoadStore DEFAULT 0, INT32 4, LO16 6)
LOGICAL_NOT_MODE = {"Float32": 0, "Float16_b": 0, "Bfp8_b": 0, "Bfp4_b": 0, "Int32": 4, "UInt32": 4, "UInt16": 6}


def logical_not_face(data_format, iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_logical_not.h ``calculate_logical_not<APPROX, INSTRUCTION_MODE>`` for one face:
    per row a load in the format's mode, LReg1 = 0 (SFPMOV of LConst 0), SFPSETCC EQ0 on the value, LReg1 = 1 where
    it holds (SFPMOV of LConst 1.0 in DEFAULT mode, SFPLOADI USHORT 1 for the integer modes), SFPENCC, the store,
    dst_reg++."""
    mod0 = LOGICAL_NOT_MODE[data_format]
    one = _mk("SFPMOV", VC=10, VD=1, Mod1=0) if mod0 == 0 else _mk("SFPLOADI", VD=1, Mod0=2, Imm16=1)
    row = [_mk("SFPLOAD", VD=0, Mod0=mod0, AddrMod=3, Imm10=0), _mk("SFPMOV", VC=9, VD=1, Mod1=0),
           _mk("SFPSETCC", Imm1=0, VC=0, VD=0, Mod1=6), one, _mk("SFPENCC", Imm2=0, VD=0, Mod1=0),
           _mk("SFPSTORE", VD=1, Mod0=mod0, AddrMod=3, Imm10=0), _mk("INCRWC", DstInc=2)]
    return row * iterations


def logical_not_programs(data_format):
    """(tile program, init program) of 622c6fb9 ``logical_not_tile<DataFormat>(idst)`` / ``logical_not_tile_init()``
    (api/compute/eltwise_unary/logical_not.h): logical_not_face in the unary driver's RC walk; the unary SFPU init."""
    if data_format not in LOGICAL_NOT_MODE:
        raise NotModelledError(f"logical_not_tile<DataFormat::{data_format}>: logical_not.h supports Float32, "
                               "Float16_b, Int32, UInt32, UInt16, Bfp8_b and Bfp4_b only (a static_assert).")
    tile = _instr_program(("logical_not", data_format), lambda: InstrProgram(
        f"logical_not_tile<{data_format}>", _driver_rc(logical_not_face(data_format)), _BINARY_AMODS))
    init = _instr_program(("logical_not_init",), lambda: InstrProgram(
        "logical_not_tile_init", _sfpu_config_reset(), _BINARY_AMODS))
    return tile, init


def comp_zero_uint_programs(mode, data_format):
    """(tile program, init program) of 622c6fb9 ``{mode}_tile_uint16`` / ``{mode}_tile_uint32`` (api/compute/
    eltwise_unary/comp.h) after ``{mode}_tile_init()``: comp_zero_uint_face in the unary driver's RC walk (its loads
    and stores use ADDR_MOD_3, dst_reg++ moves on)."""
    tile = _instr_program(("comp_zero_uint", mode, data_format), lambda: InstrProgram(
        f"{mode}_tile_{data_format.lower()}", _driver_rc(comp_zero_uint_face(mode, data_format)), _BINARY_AMODS))
    init = _instr_program(("comp_zero_init", mode), lambda: InstrProgram(
        f"{mode}_tile_init", _sfpu_config_reset(), _BINARY_AMODS))
    return tile, init


def clamp_int32_face(min_val, max_val, iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_clamp.h ``calculate_clamp_int32(min_val, max_val)`` for one face: per row, for
    the lower bound then the upper: load_value_param_int (vConstIntPrgm0 = the bound, or its complement when it is
    negative: SFPLOADI upper and lower halves into LReg0, SFPCONFIG to LReg12), then
    ckernel_sfpu_unary_max_min.h ``calculate_unary_max_min_int32_body<Max / Min>``: an INT32 load into LReg0, SFPSWAP
    with LReg12 keeping the max (Mod1 9) or min (VEC_MIN_MAX), which orders sign-magnitude; for a negative bound both
    sides are complemented around it (SFPNOT) and the order flips, so two's complement integers compare exactly;
    an INT32 store; dst_reg++ after both."""
    row = []
    for value, keep_max in ((min_val & 0xFFFFFFFF, True), (max_val & 0xFFFFFFFF, False)):
        nonneg = value < 0x80000000
        const = value if nonneg else ~value & 0xFFFFFFFF
        row += [_mk("SFPLOADI", VD=0, Mod0=8, Imm16=const >> 16), _mk("SFPLOADI", VD=0, Mod0=10, Imm16=const & 0xFFFF),
                _mk("SFPCONFIG", Imm16=0, VD=12, Mod1=0), _mk("SFPLOAD", VD=0, Mod0=4, AddrMod=3, Imm10=0)]
        if nonneg:
            row.append(_mk("SFPSWAP", VC=12, VD=0, Mod1=9 if keep_max else 1))
        else:
            no = _mk("SFPNOT", VC=0, VD=0)
            row += [no, _mk("SFPSWAP", VC=12, VD=0, Mod1=1 if keep_max else 9), no]
        row.append(_mk("SFPSTORE", VD=0, Mod0=4, AddrMod=3, Imm10=0))
    row.append(_mk("INCRWC", DstInc=2))
    return row * iterations


FILL_INT_MODE = {"Int32": 4, "UInt32": 4, "UInt16": 6}    # InstrModLoadStore INT32 / LO16 (fill.h)


def fill_int_programs(data_format, value=None):
    """(tile program, init program) of 622c6fb9 ``fill_tile_int<data_format>(idst, value)`` after ``fill_tile_init()``
    (api/compute/eltwise_unary/fill.h -> tt-llk ``_calculate_fill_int_<APPROX, mode, 8>``): per face the value into
    LReg1 (_sfpu_load_imm32_: SFPLOADI lower, then upper; UInt16: _sfpu_load_imm16_, one SFPLOADI unsigned), then per
    row an SFPSTORE of LReg1 in the format's mode (INT32, or LO16 for UInt16) with ADDR_MOD_3, dst_reg++. The init's
    list (value None) is the unary SFPU init."""
    if data_format not in FILL_INT_MODE:
        raise NotModelledError(f"fill_tile_int<DataFormat::{data_format}>: fill.h supports Int32, UInt32 and UInt16 "
                               "only (a static_assert).")
    init = _instr_program(("fill_init",), lambda: InstrProgram("fill_tile_init", _sfpu_config_reset(),
                                                               _UNARY_INIT_AMODS))
    if value is None:
        return None, init
    v = value & 0xFFFFFFFF
    mode = FILL_INT_MODE[data_format]

    def build():
        if mode == 6:
            head = [_mk("SFPLOADI", VD=1, Mod0=2, Imm16=v & 0xFFFF)]
        else:
            head = [_mk("SFPLOADI", VD=1, Mod0=10, Imm16=v & 0xFFFF), _mk("SFPLOADI", VD=1, Mod0=8, Imm16=v >> 16)]
        row = [_mk("SFPSTORE", VD=1, Mod0=mode, AddrMod=3, Imm10=0), _mk("INCRWC", DstInc=2)]
        return InstrProgram(f"fill_tile_int<{data_format}>({v:#x})", _driver_rc(head + row * 8), _UNARY_INIT_AMODS)
    return _instr_program(("fill_int", data_format, v), build), init


def relu_min_int32_program(threshold_smag):
    """622c6fb9 tt-llk ``_relu_min_<vInt, APPROX, 8, uint32_t>`` (relu_min_tile_int32) for a threshold already in
    sign-magnitude form (the RISC-V's conversion: a negative int becomes 0x80000000 | -int): per face
    _sfpu_load_imm32_(LREG2) (SFPLOADI lower, then upper), then per row an INT32_2S_COMP load (two's complement to
    sign-magnitude), SFPMOV LREG2 -> LREG1, SFPSWAP VEC_MIN_MAX (the larger, in sign-magnitude order, to LREG1), an
    INT32_2S_COMP store of LREG1 (back to two's complement), dst_reg++: max(x, threshold)."""
    t = threshold_smag & 0xFFFFFFFF

    def build():
        head = [_mk("SFPLOADI", VD=2, Mod0=10, Imm16=t & 0xFFFF), _mk("SFPLOADI", VD=2, Mod0=8, Imm16=t >> 16)]
        row = [_mk("SFPLOAD", VD=0, Mod0=12, AddrMod=3, Imm10=0), _mk("SFPMOV", VC=2, VD=1, Mod1=0),
               _mk("SFPSWAP", VC=1, VD=0, Mod1=1), _mk("SFPSTORE", VD=1, Mod0=12, AddrMod=3, Imm10=0),
               _mk("INCRWC", DstInc=2)]
        return InstrProgram(f"relu_min_tile_int32({t:#x})", _driver_rc(head + row * 8), _UNARY_INIT_AMODS)
    return _instr_program(("relu_min_int32", t), build)


def clamp_int32_programs(min_val=None, max_val=None):
    """(tile program, init program) of 622c6fb9 ``clamp_tile_int32(idst, param0, param1)`` after ``clamp_tile_init()``
    (api/compute/eltwise_unary/clamp.h; ttnn.clamp of an INT32 tensor with integer bounds): clamp_int32_face in the
    unary driver's RC walk, one list per pair of bounds (they are its immediates). The init's list (min_val None)
    is the unary SFPU init. The result is min(max(x, min_val), max_val) on int32."""
    init = _instr_program(("clamp_int32_init",), lambda: InstrProgram(
        "clamp_tile_init", _sfpu_config_reset(), _UNARY_INIT_AMODS))
    if min_val is None:
        return None, init
    tile = _instr_program(("clamp_int32", min_val, max_val), lambda: InstrProgram(
        f"clamp_tile_int32({min_val:#x}, {max_val:#x})", _driver_rc(clamp_int32_face(min_val, max_val)),
        _UNARY_INIT_AMODS))
    return tile, init


def signbit_face(is_int32, iterations=8):
    """622c6fb9 llk_sfpu/ckernel_sfpu_signbit.h ``calculate_signbit`` / ``calculate_signbit_int32`` for one face. The
    default build: per row an SFPLOADMACRO of macro 0 (float: VD alternating LReg0 / LReg1, DEFAULT loads; int32:
    LReg0, INT32 loads; ADDR_MOD_2 moves on), then three (int32: two) SFPNOPs. With DISABLE_SFPLOADMACRO the loop
    the macro stands for: SFPLOAD, SFPSHFT right by 31 (the sign bit as the integer 0 or 1), for a float SFPCAST
    to 0.0 / 1.0, SFPSTORE with ADDR_MOD_2."""
    mod0 = 4 if is_int32 else 0
    if sfploadmacro_disabled():
        row = [_mk("SFPLOAD", VD=0, Mod0=mod0, AddrMod=3, Imm10=0), _mk("SFPSHFT", Imm12=-31 & 0xFFF, VC=0, VD=0, Mod1=1)]
        if not is_int32:
            row.append(_mk("SFPCAST", VC=0, VD=0, Mod1=0))
        return (row + [_mk("SFPSTORE", VD=0, Mod0=mod0, AddrMod=2, Imm10=0)]) * iterations
    rows = [_lm(0 if is_int32 else d & 1, mod0, 2, 0) for d in range(iterations)]
    return rows + [_mk("SFPNOP")] * (2 if is_int32 else 3)


def signbit_loadmacro_init(is_int32):
    """622c6fb9 ``signbit_init`` / ``signbit_int32_init`` (default build): template 0 = SFPSHFT2 right by 31 (SHFT_IMM),
    for a float template 1 = SFPCAST; macro 0: float, Round = the shift (delay 0), Simple = the cast to LReg16 (delay
    1), Store of LReg16 (delay 2); int32, Round = the shift to LReg16, Store of LReg16 (delay 1); Misc 0x110 (the
    loads' Mod0 for the stores, Simple counts issued instructions)."""
    templates = [_mk("SFPSHFT2", Imm12=-31 & 0xFFF, VC=0, VD=12, Mod1=6)]
    if is_int32:
        simple, round_, store = 0, 0x80 | 0x40 | (0 << 3) | 4, 0x40 | (1 << 3) | 3
    else:
        templates.append(_mk("SFPCAST", VC=0, VD=13, Mod1=0))
        simple, round_, store = 0x40 | (1 << 3) | 5, 0x80 | (0 << 3) | 4, 0x40 | (2 << 3) | 3
    return (templates + _loadi32_l0(simple | round_ << 16 | store << 24)
            + [_mk("SFPCONFIG", Imm16=0, VD=4, Mod1=0), _mk("SFPCONFIG", Imm16=0x110, VD=8, Mod1=1)])


def signbit_programs(is_int32):
    """(tile program, init program) of 622c6fb9 ``signbit_tile(idst)`` / ``signbit_tile_int32(idst)`` after their
    inits (api/compute/compute_kernel_api.h): signbit_face in the unary driver's RC walk; the unary SFPU init for
    SfpuType::signbit sets ADDR_MOD_6 dest += 2, then the default build's signbit_init programs the macro."""
    name = "signbit_tile_int32" if is_int32 else "signbit_tile"
    disabled = sfploadmacro_disabled()
    tile = _instr_program(("signbit", is_int32, disabled), lambda: InstrProgram(
        name, _driver_rc(signbit_face(is_int32)), _BINARY_AMODS))
    init = _instr_program(("signbit_init", is_int32, disabled), lambda: InstrProgram(
        f"{name}_init", _sfpu_config_reset() + ([] if disabled else signbit_loadmacro_init(is_int32)),
        _BINARY_AMODS))
    return tile, init


def comp_zero_programs(mode):
    """(tile program, init program) of 622c6fb9 ``{mode}_tile(idst)`` / ``{mode}_tile_init()`` (api/compute/
    eltwise_unary/comp.h, the float form): comp_zero_face in the unary driver's RC walk; the init is the unary SFPU
    init, which for these SfpuTypes sets ADDR_MOD_6 dest += 2 (eltwise_unary_sfpu_configure_addrmod)."""
    tile = _instr_program(("comp_zero", mode), lambda: InstrProgram(
        f"{mode}_tile", _driver_rc(comp_zero_face(mode)), _BINARY_AMODS))
    init = _instr_program(("comp_zero_init", mode), lambda: InstrProgram(
        f"{mode}_tile_init", _sfpu_config_reset(), _BINARY_AMODS))
    return tile, init


def mul_int_programs(tiles):
    """(tile program, init program) of 622c6fb9 mul_int_tile<UInt16>(idst0, idst1, odst) / mul_int_tile_init<UInt16>
    (api/compute/mul_int_sfpu.h: _mul_int_ in the binary driver's RC walk, _init_mul_int_): the default build's
    SFPLOADMACRO form, or with TT_METAL_DISABLE_SFPLOADMACRO=1 the plain loop, whose init loads LReg12 = 0xFF and
    LReg13 = -8."""
    i0, i1, o = tiles
    name = f"mul_int_tile<UInt16>({i0}, {i1}, {o})"
    if sfploadmacro_disabled():
        tile = _instr_program(("mul_int_disable", tuple(tiles)), lambda: InstrProgram(
            name, _driver_rc(mul_int_disable_face(i0, i1, o)), _BINARY_AMODS))
        init = _instr_program(("mul_int_disable_init",), lambda: InstrProgram(
            "mul_int_tile_init<UInt16>", _sfpu_config_reset() + _loadi32_l0(0xFF)
            + [_mk("SFPCONFIG", Imm16=0, VD=12, Mod1=0)] + _loadi32_l0(-8 & 0xFFFFFFFF)
            + [_mk("SFPCONFIG", Imm16=0, VD=13, Mod1=0)], _BINARY_AMODS))
        return tile, init
    tile = _instr_program(("mul_int", tuple(tiles)), lambda: InstrProgram(
        name, _driver_rc(mul_int_loadmacro_face(i0, i1, o)), _BINARY_AMODS, prgm_reads=(12, 13),
        unread_tiles=() if o in (i0, i1) else (o,)))
    init = _instr_program(("mul_int_init",), lambda: InstrProgram(
        "mul_int_tile_init<UInt16>", _sfpu_config_reset() + mul_int_loadmacro_init(), _BINARY_AMODS))
    return tile, init


def where_programs(data_format, tiles):
    """(tile program, init program) of 622c6fb9 where_tile<data_format>(idst0, idst1, idst2, odst) / where_tile_init
    (api/compute/eltwise_unary/where.h): where_loadmacro_face in the ternary driver's RC walk
    (_llk_math_eltwise_ternary_sfpu_params_: Dst base 0, two SETRWC dest += 8 per face) with ADDR_MOD_6 dest += 2 and
    ADDR_MOD_7 0 (eltwise_ternary_sfpu_configure_addrmod<where>), and _init_sfpu_config_reg plus
    where_loadmacro_init."""
    i0, i1, i2, o = tiles
    tile = _instr_program(("where", data_format, tuple(tiles)), lambda: InstrProgram(
        f"where_tile<{data_format}>({i0}, {i1}, {i2}, {o})",
        _driver_rc(where_loadmacro_face(i0, i1, i2, o, data_format)), _BINARY_AMODS))
    init = _instr_program(("where_init",), lambda: InstrProgram(
        "where_tile_init", _sfpu_config_reset() + where_loadmacro_init(), _BINARY_AMODS))
    return tile, init


def binary_max_min_int32_loadmacro_init(is_max, is_unsigned=False):
    """622c6fb9 ``binary_max_min_int32_init<IS_MAX_OP, IS_UNSIGNED>`` (default build): templates by the backdoor
    [0] SFPSWAP(VC = LReg1, VD = 12), [1] SFPSWAP(VC = LReg3, VD = 13) (Mod1 9 when IS_MAX_OP ^ IS_UNSIGNED, else
    VEC_MIN_MAX), [2] SFPSETCC (VD = 14; GTE0 unsigned, LT0 signed), [3] SFPSHFT2 copy (VD = 15); macros 0 / 1:
    Simple SWAP [0] / [1] delay 3 with VB = loaded LReg, Round copy to LReg16 delay 5; macro 2: Simple SETCC delay 4,
    Round copy delay 6; macro 3: Store of LReg16 delay 4; Misc 0xFF0."""
    swap_mod = 9 if is_max ^ is_unsigned else 1
    cc = 4 if is_unsigned else 0
    seqs = ((0x80 | (3 << 3) | 4, 0x80 | 0x40 | (5 << 3) | 7, 0),
            (0x80 | (3 << 3) | 5, 0x80 | 0x40 | (5 << 3) | 7, 0),
            ((4 << 3) | 6, 0x80 | 0x40 | (6 << 3) | 7, 0),
            (0, 0, 0x40 | (4 << 3) | 3))
    out = [_mk("SFPSWAP", VC=1, VD=12, Mod1=swap_mod), _mk("SFPSWAP", VC=3, VD=13, Mod1=swap_mod),
           _mk("SFPSETCC", Imm1=0, VC=0, VD=14, Mod1=cc), _mk("SFPSHFT2", Imm12=0, VC=0, VD=15, Mod1=6)]
    for m, (simple, rnd, store) in enumerate(seqs):
        out += [_mk("SFPLOADI", VD=0, Mod0=10, Imm16=simple), _mk("SFPLOADI", VD=0, Mod0=8,
                                                                  Imm16=(store << 8) | rnd),
                _mk("SFPCONFIG", Imm16=0, VD=4 + m, Mod1=0)]
    return out + [_mk("SFPCONFIG", Imm16=0xFF0, VD=8, Mod1=1)]


def _int32_max_min_record(off0, off1, off2, is_unsigned):
    """The 10 instructions ``calculate_binary_max_min_int32`` records (lltt::record<NoExec>(0, 10))."""
    cc = 4 if is_unsigned else 0
    a0, b0, a1, b1, c = 0, 1, 2, 3, 7
    out = []
    for (a, b, other) in ((a0, b0, a1), (a1, b1, a0)):
        out += [_lm((0 if a == a0 else 1) << 2 | (a & 3), 4, 3, off0 | (a >> 2)),
                _lm(2 << 2 | (b & 3), 4, 3, off1 | (b >> 2)),
                _mk("SFPSETCC", Imm1=0, VC=other, VD=0, Mod1=cc), _mk("SFPENCC", Imm2=0, VD=0, Mod1=0),
                _lm(3 << 2 | (c & 3), 4, 2, off2 | (c >> 2))]
    return out


def binary_max_min_int32_loadmacro_face(dst_index_in0, dst_index_in1, dst_index_out, is_unsigned=False,
                                        iterations=8):
    """622c6fb9 ``calculate_binary_max_min_int32`` (default build) for one face, with the replay buffer expanded:
    ITERATIONS / 2 replays of the 10 recorded instructions, then (even ITERATIONS) two SFPNOPs, replay(2, 2) (the
    SETCC and ENCC) and an SFPNOP; 5 cycles per row."""
    rec = _int32_max_min_record(dst_index_in0 * 64, dst_index_in1 * 64, dst_index_out * 64, is_unsigned)
    nop = _mk("SFPNOP")
    out = rec * (iterations // 2)
    if iterations & 1:
        return out + rec[:5] + [nop, nop] + rec[7:9]
    return out + [nop, nop] + rec[2:4] + [nop]


def where_loadmacro_init():
    """tt-llk (622c6fb9) sfpu/ckernel_sfpu_where.h ``_init_where_`` (default build): templates by the backdoor
    [0] SFPSETCC LREG_EQ0 (VD 12), [1] SFPENCC (VD 13); macro 0 = Simple SETCC delay 0 and Store delay 2 (the
    where(a, b, c, a) case), macro 1 = Simple SETCC, macro 2 = Simple ENCC; Misc 0x770 (the loads' Mod0 for the
    stores; Simple, MAD, Round count issued instructions, Store counts cycles)."""
    return ([_mk("SFPSETCC", Imm1=0, VC=0, VD=12, Mod1=6), _mk("SFPENCC", Imm2=0, VD=13, Mod1=0)]
            + _loadi32_l0(4 | (((2 << 3) | 3) << 24)) + [_mk("SFPCONFIG", Imm16=0, VD=4, Mod1=0)]
            + [_mk("SFPCONFIG", Imm16=4, VD=5, Mod1=1), _mk("SFPCONFIG", Imm16=5, VD=6, Mod1=1),
               _mk("SFPCONFIG", Imm16=0x770, VD=8, Mod1=1)])


def where_loadmacro_face(dst_index_in0, dst_index_in1, dst_index_in2, dst_index_out, data_format="Float32",
                         iterations=8):
    """tt-llk (622c6fb9) ``_calculate_where_<APPROX, data_format, ITERATIONS>`` (default build), the replay buffer
    expanded: out = in1 where in0 != 0, else in2. Output over in0: per row SFPLOADMACRO macro 0 (in0), macro 2
    (in1), SFPLOAD of in2 (predicated by the scheduled SFPSETCC, ADDR_MOD_2 moves on): 3 cycles per row, the
    SFPSTORE scheduled by the first macro. Otherwise macro 1, macro 2, SFPLOAD, SFPSTORE: 4 cycles per row. Mod0
    INT32 (Float32, Int32, UInt32) or LO16 (6, MOD0_FMT_UINT16: Float16_b)."""
    if data_format not in ("Float32", "Int32", "UInt32", "Float16_b"):
        raise NotModelledError(f"_calculate_where_ supports Float32, Int32, UInt32 and Float16_b, not "
                               f"{data_format!r} (its static_assert)")
    mod0 = 6 if data_format == "Float16_b" else 4
    off = [i * 64 for i in (dst_index_in0, dst_index_in1, dst_index_in2, dst_index_out)]
    if dst_index_out == dst_index_in0:
        body = [_lm(0 << 2, mod0, 3, off[0]), _lm(2 << 2, mod0, 3, off[1]),
                _mk("SFPLOAD", VD=0, Mod0=mod0, AddrMod=2, Imm10=off[2])]
    else:
        body = [_lm(1 << 2, mod0, 3, off[0]), _lm(2 << 2, mod0, 3, off[1]),
                _mk("SFPLOAD", VD=0, Mod0=mod0, AddrMod=3, Imm10=off[2]),
                _mk("SFPSTORE", VD=0, Mod0=mod0, AddrMod=2, Imm10=off[3])]
    return body * iterations


def mul_int_loadmacro_init():
    """tt-llk (622c6fb9) sfpu/ckernel_sfpu_mul_int.h ``_init_mul_int_`` (default build): LReg12 = 0xFF, LReg13 =
    2**23 (SFPCONFIG from LReg0, as SFPI's vConstIntPrgm0 / vConstFloatPrgm1 assignments compile); templates by the
    backdoor [0] SFPSHFT2 by -8 (SHFT_IMM), [1] SFPCAST, [2] SFPSHFT2 by 8, [3] SFPIADD VC = LReg5 (CC_NONE); macro
    0 = Simple CAST delay 1, Round >>8 delay 0 (VB = loaded); macro 1 = Simple CAST delay 3; macro 2 = Simple CAST
    delay 2, Round >>8 delay 1; macro 3 = Simple IADD to LReg16 delay 6, Round <<8 delay 5, Store of LReg16 delay 7;
    Misc 0xFF0."""
    seqs = ((5 | (1 << 3), 0x80 | 4, 0), (5 | (3 << 3), 0, 0), (5 | (2 << 3), 0x80 | (1 << 3) | 4, 0),
            (0x80 | 0x40 | (6 << 3) | 7, 0x80 | (5 << 3) | 6, 0x40 | (7 << 3) | 3))
    out = _loadi32_l0(0xFF) + [_mk("SFPCONFIG", Imm16=0, VD=12, Mod1=0)]
    out += _loadi32_l0(0x4B000000) + [_mk("SFPCONFIG", Imm16=0, VD=13, Mod1=0)]
    out += [_mk("SFPSHFT2", Imm12=-8 & 0xFFF, VC=0, VD=12, Mod1=6), _mk("SFPCAST", VC=0, VD=13, Mod1=0),
            _mk("SFPSHFT2", Imm12=8, VC=0, VD=14, Mod1=6), _mk("SFPIADD", Imm12=0, VC=5, VD=15, Mod1=4)]
    for m, (simple, rnd, store) in enumerate(seqs):
        out += _loadi32_l0(simple | rnd << 16 | store << 24) + [_mk("SFPCONFIG", Imm16=0, VD=4 + m, Mod1=0)]
    return out + [_mk("SFPCONFIG", Imm16=0xFF0, VD=8, Mod1=1)]


def mul_int_loadmacro_face(dst_index_in0, dst_index_in1, dst_index_out, iterations=8):
    """tt-llk (622c6fb9) ``_mul_int_`` (default build) for one face: the u16 product's low 16 bits as (a0 * b0) +
    ((a0 * b1 + a1 * b0) << 8) with 8-bit halves cast to float and summed through 2**23 in SFPMADs; 12 cycles per
    row, three SFPNOPs at the end. Mod0 LO16 (6, MOD0_FMT_UINT16)."""
    off0, off1, offo = dst_index_in0 * 64, dst_index_in1 * 64, dst_index_out * 64
    a0, b0, a1, b1, o, tmp = 0, 1, 2, 3, 4, 5
    row = [_lm(0 << 2 | b1 & 3, 6, 3, off1 | b1 >> 2), _lm(1 << 2 | a0 & 3, 6, 3, off0 | a0 >> 2),
           _lm(1 << 2 | b0 & 3, 6, 3, off1 | b0 >> 2),
           _mk("SFPAND", VC=12, VD=a0), _mk("SFPAND", VC=12, VD=b0),
           _lm(2 << 2 | a1 & 3, 6, 3, off0 | a1 >> 2), _lm(3 << 2 | o & 3, 6, 2, offo | o >> 2),
           _mk("SFPMAD", VA=a0, VB=b1, VC=13, VD=b1, Mod1=0), _mk("SFPMAD", VA=a0, VB=b0, VC=13, VD=a0, Mod1=0),
           _mk("SFPMAD", VA=a1, VB=b0, VC=b1, VD=b1, Mod1=0),
           _mk("SFPEXMAN", VC=a0, VD=tmp, Mod1=1), _mk("SFPEXMAN", VC=b1, VD=o, Mod1=1)]
    return row * iterations + [_mk("SFPNOP")] * 3
