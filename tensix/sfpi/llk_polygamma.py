"""The SFPU kernels of tt-metal 622c6fb9's polygamma and xIELU unary ops, in the SFPI DSL.

tensix's own code, written from the arithmetic of tt-metal 622c6fb9's Wormhole B0 kernels
tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ckernel_sfpu_polygamma.h and ckernel_sfpu_xielu.h
("llk_sfpu/" below), the compute API headers that call them (tt_metal/hw/inc/api/compute/eltwise_unary/polygamma.h,
xielu.h) and the tt-llk helpers they use (tt_metal/tt-llk/tt_llk_wormhole_b0/common/inc/sfpu/ckernel_sfpu_polyval.h
``PolynomialEvaluator``: tensix.sfpi.lib.horner; llk_sfpu/ckernel_sfpu_recip.h ``sfpu_reciprocal_iter``:
tensix.sfpi.lib.sfpu_reciprocal_iter; llk_sfpu/ckernel_sfpu_exp.h ``_sfpu_round_to_nearest_int32_``): the same
constants, order of operations and conversions. Conventions as in tensix.sfpi.llk_special: a program is
``program(approx, fp32_dest, *template, *runtime)`` over one tile, an init loads the programmable constants, and a
bf16-exact literal addend is an SFPADDI after the product (tensix.sfpi.lib.addi; sfpi 7.60, docs/sfpi_addi_fusion.md)
except 0.0, 1.0 and -1.0, which sfpi 7.60 turns into the constant registers L9 / L10 / L11 before that pass, so those
fuse into one SFPMAD. :data:`POLYGAMMA_OPS` holds the UnaryOp fields; tensix.sfpi.llk builds them into UNARY_FORK
(``tensix.kernel.polygamma_tile`` / ``xielu_tile`` and their ``_init``).

Runtime arguments. ttnn passes both ops' parameters as literals in the SFPU_OP_CHAIN_0 define
(unary_op_utils.cpp: ``polygamma_tile(0, 0x40000000u, 0xc0000000u);``), and tt-metal builds kernels with -O3, so the
compiler sees them as constants through the always-inline compute API. polygamma's order n sets its loop counts (a
static parameter of the trace, as a C++ template argument); its Bernoulli coefficients, which the C++ computes from
n in float32 (``c_b2 = n1 / 12.0f``, ...), are here the same float32 operations done in numpy, and enter the tail
polynomial as literals (constant-folded): a bf16-exact one other than +-1 is an SFPADDI after the product. The
scale and xIELU's alphas only multiply, where literal or register gives the same numbers; they stay runtime inputs
(SFPLOADI of the call's bits), as softplus' beta does in llk_special.
"""

from __future__ import annotations

import struct

import numpy as np

from tensix.errors import NotModelledError
from tensix.sfpi import lib
from tensix.sfpi.intrinsics import exexp_nodebias, setexp, vec_min_max
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.vector import (
    dst_reg,
    emit,
    reinterpret,
    v_else,
    v_elseif,
    v_if,
    vConst0,
    vConst1,
    vConstFloatPrgm0,
    vConstFloatPrgm1,
    vConstFloatPrgm2,
    vFloat,
    vInt,
    vUInt,
)

_f32 = np.float32


def _bits_float(bits):
    """A uint32 kernel argument read as a float (Converter::as_float), as a vector constant."""
    return reinterpret(vFloat, vUInt(bits))


def _as_float(bits) -> np.float32:
    """Converter::as_float on the RISC-V for a static argument."""
    return np.uint32(int(bits) & 0xFFFFFFFF).view(np.float32)


def _muli(x, c):
    """``c * x`` for a bf16-exact literal c whose other operand is dead afterwards: sfpi 7.60's SFPMULI (in place),
    which no later addition can fuse with (docs/sfpi_addi_fusion.md, section 3c)."""
    imm = struct.unpack("<I", struct.pack("<f", float(c)))[0] >> 16
    return vFloat._wrap(emit("SFPMULI", {"Imm16": imm, "Mod1": 0}, {"VD": x.v}, tie="VD"))


# ---- polygamma -----------------------------------------------------------------------------------------------------
POLYGAMMA_NUM_TERMS = 11     # calculate_polygamma's NUM_TERMS: the exact terms k = 0..10


def polygamma_constants(n: int) -> tuple:
    """calculate_polygamma's scalars for order n, in float32 as the C++ computes them: (inv_nf, c_b2, c_b4, c_b6) =
    (1.0f / nf, n1 / 12.0f, -(n1 * n2 * n3) / 720.0f, (n1 * n2 * n3 * n4 * n5) / 30240.0f), each product left to
    right and rounded to float32, ni = float(n + i)."""
    n1, n2, n3, n4, n5 = (_f32(n + i) for i in range(1, 6))
    with np.errstate(divide="ignore", over="ignore"):
        inv_nf = _f32(1.0) / _f32(n)
        c_b2 = n1 / _f32(12.0)
        c_b4 = -(n1 * n2 * n3) / _f32(720.0)
        c_b6 = (n1 * n2 * n3 * n4 * n5) / _f32(30240.0)
    return inv_nf, c_b2, c_b4, c_b6


def _recip(v, approx, fp32_dest):
    """calculate_polygamma's reciprocal: sfpu_reciprocal_iter<0> under APPROXIMATION_MODE, else <2> for an fp32 Dst
    and <1> for a 16-bit one (lib.sfpu_reciprocal_iter: 0 acts as 1)."""
    return lib.sfpu_reciprocal_iter(v, 0 if approx else 2 if fp32_dest else 1)


@sfpi_inline
def _polygamma_row(x, approx, fp32_dest, n, scale_bits):
    """One row of llk_sfpu/ckernel_sfpu_polygamma.h ``calculate_polygamma<APPROX, is_fp32_dest_acc_en>`` (622c6fb9):
    sum over k = 0..10 of (1/(x + k))**(n+1), each power by repeated multiplication of the reciprocal and added to the
    running sum (the last product fused into that addition: one SFPMAD, as sfpi's combine pass fuses a single-use
    SFPMUL into the SFPADD); then the Euler-Maclaurin tail at z = x + 11: inv_z = 1/z, inv_z2 = inv_z**2, inv_z_n =
    inv_z**n by repeated multiplication, E = PolynomialEvaluator::eval(inv_z2, inv_nf, c_b2, c_b4, c_b6) (Horner,
    literal coefficients: lib.horner), tail = inv_z_n * (E + 0.5f * inv_z) (for n > 1 0.5f * inv_z is an SFPMULI,
    inv_z being dead, then a plain addition; for n = 1 inv_z_n is inv_z, so one SFPMAD), sum + tail (fused), times
    scale; rounded to bf16 (convert<vFloat16b>, nearest) for a 16-bit Dst."""
    inv_nf, c_b2, c_b4, c_b6 = polygamma_constants(n)
    total = vFloat(vConst0)
    for k in range(POLYGAMMA_NUM_TERMS):
        xi = x + float(k)
        inv_xi = _recip(xi, approx, fp32_dest)
        inv_power = inv_xi
        for _j in range(1, n):
            inv_power = inv_power * inv_xi
        total = total + inv_power * inv_xi
    z = x + float(POLYGAMMA_NUM_TERMS)
    inv_z = _recip(z, approx, fp32_dest)
    inv_z2 = inv_z * inv_z
    inv_z_n = inv_z
    for _j in range(1, n):
        inv_z_n = inv_z_n * inv_z
    e = lib.horner(inv_z2, *(float(c) for c in (inv_nf, c_b2, c_b4, c_b6)))   # 0 / +-1: L9 / L10 / L11
    if n == 1:      # inv_z_n is inv_z, still needed: no SFPMULI, the product fuses into the addition (SFPMAD)
        total = total + inv_z_n * (e + inv_z * 0.5)
    else:
        total = total + inv_z_n * (e + _muli(inv_z, 0.5))
    return _llk._bf16_unless_fp32(total * _bits_float(scale_bits), fp32_dest)


def polygamma_order(n_bits) -> int:
    """calculate_polygamma's ``int n = static_cast<int>(Converter::as_float(n_packed))`` for a static argument,
    refused (NotModelledError) outside the documented range (api/compute/eltwise_unary/polygamma.h: "must encode an
    integer n in [1, 11]; other values are implementation-defined"): tensix does not guess those."""
    nf = _as_float(n_bits)
    if not np.isfinite(nf) or not 1.0 <= float(nf) < 12.0:
        raise NotModelledError(f"polygamma_tile with n_packed = {int(n_bits) & 0xFFFFFFFF:#x} (n = {float(nf)!r}): the "
                               "kernel is documented for an integer order n in [1, 11] only (other values are "
                               "implementation-defined); tensix does not model them.\nFix: pass the float bits of an "
                               "integer in [1, 11] (ttnn.polygamma's k).")
    return int(nf)      # static_cast<int>: toward zero


def polygamma_program(approx, fp32_dest, n_bits, scale_bits):
    """622c6fb9 api/compute/eltwise_unary/polygamma.h ``polygamma_tile(idst, n_packed, scale_packed)`` ->
    llk_sfpu/ckernel_sfpu_polygamma.h ``calculate_polygamma<APPROX, DST_ACCUM_MODE>``: _polygamma_row per row of
    the tile (VectorMode::RC). n_packed is the order's float bits (its integer part sets the loop counts: a static
    parameter of the trace), scale_packed the float bits of (-1)**(n+1) * n! (ttnn's unary_composite_op.cpp)."""
    n = polygamma_order(n_bits)
    _llk._rows(_polygamma_row, approx, fp32_dest, n, scale_bits)


def polygamma_init(approx):
    """622c6fb9 ``polygamma_init<APPROX, fp32>`` = recip_init<APPROX, fp32, false> = sfpu_reciprocal_init:
    vConstFloatPrgm0..2 (the reciprocal's quadratic estimate)."""
    lib.sfpu_reciprocal_init()


# ---- xielu ---------------------------------------------------------------------------------------------------------
XIELU_PRGM = (1.4426950408889634, -1e-6, -0.0000009999995427)     # xielu_init: 1/ln2, eps, expm1(eps)
XIELU_UNDERFLOW = -126.5            # _sfpu_neg_exp_f32_'s clamp of x / ln2
XIELU_LN2_HI = -0.6931152343750000
XIELU_LN2_LO = -3.19461832987e-05
# the Taylor coefficients of exp(r), c2..c7 (1.0f / 6.0f, ...: float32 divisions); c0 = c1 = vConst1
XIELU_EXP_TAYLOR = (0.5,) + tuple(float(_f32(1.0) / _f32(d)) for d in (6.0, 24.0, 120.0, 720.0, 5040.0))
# (expm1(x) - x) / x**2 on [-0.5, 0) (Sollya fpminimax, single), c2..c7
XIELU_EXPM1_POLY = (0.500000059604644775390625, 0.16666667163372039794921875, 4.16650883853435516357421875e-2,
                    8.333188481628894805908203125e-3, 1.400390756316483020782470703125e-3,
                    1.99588379473425447940826416015625e-4)


@sfpi_inline
def _neg_exp_f32(val):
    """llk_sfpu/ckernel_sfpu_xielu.h ``_sfpu_neg_exp_f32_``: z = val * Prgm0 (1/ln2), clamped below at -126.5
    (vec_min_max, SFPSWAP), k = round(z) by adding and subtracting 0x4B400000 (``_sfpu_round_to_nearest_int32_``,
    k_int the bits' difference), r = val - k ln2 in two Cody-Waite SFPMADs (k * LN2_HI + val, k * LN2_LO + r_hi),
    exp(r) by the degree-7 Taylor polynomial (PolynomialEvaluator with vConst1, vConst1, 0.5f (an SFPADDI step),
    1/6f .. 1/5040f), its exponent raised by k_int (exexp NoDebias + k_int, setexp); no underflow check. Below
    x = -87.68 the clamp fixes k = -126 while r keeps growing, so from about x = -88.03 to -90.97 exexp(p) + k_int is
    negative and setexp keeps its low 8 bits: NaN or ~1e37, as the C++ computes (tests/test_ttnn_polygamma_xielu.py
    test_xielu_exp_window)."""
    z = val * vConstFloatPrgm0
    underflow_bound = vFloat(XIELU_UNDERFLOW)
    underflow_bound, z = vec_min_max(underflow_bound, z)
    c231 = reinterpret(vFloat, vUInt(0x4B400000))
    tmp = z + c231
    k = tmp - c231
    k_int = reinterpret(vInt, tmp) - reinterpret(vInt, c231)
    r_hi = k * float(_f32(XIELU_LN2_HI)) + val
    r = k * float(_f32(XIELU_LN2_LO)) + r_hi
    p = lib.horner(r, vConst1, vConst1, *XIELU_EXP_TAYLOR)
    new_exp = exexp_nodebias(p) + k_int
    return setexp(p, new_exp)


@sfpi_inline
def _xielu_store(mul_a, mul_b, addend, fp32_dest):
    """``_xielu_mad_<is_fp32_dest_acc_en>``: Dst = mul_a * mul_b + addend (one SFPMAD), rounded to bf16 (nearest)
    for a 16-bit Dst."""
    dst_reg[0] = _llk._bf16_unless_fp32(mul_a * mul_b + addend, fp32_dest)


@sfpi_inline
def _xielu_row(alpha_p, alpha_n, fp32_dest):
    """One row of llk_sfpu/ckernel_sfpu_xielu.h ``calculate_xielu``: beta_mul_x = 0.5f * x; x > 0: alpha_p x * x +
    beta_mul_x; else x >= Prgm1 (eps = -1e-6): alpha_n (Prgm2 - x) + beta_mul_x (Prgm2 = expm1(eps)); else x > -0.5:
    alpha_n (x * x * P(x)) + beta_mul_x, P the degree-5 minimax of (expm1(x) - x) / x**2; else alpha_n
    ((_neg_exp_f32(x) - 1) - x) + beta_mul_x. Each branch stores its lanes."""
    x = dst_reg[0]
    beta_mul_x = x * 0.5
    with v_if(x > 0.0):
        _xielu_store(alpha_p * x, x, beta_mul_x, fp32_dest)
    with v_elseif(x >= vConstFloatPrgm1):
        exp_tiny = vConstFloatPrgm2 - x
        _xielu_store(alpha_n, exp_tiny, beta_mul_x, fp32_dest)
    with v_elseif(x > -0.5):
        exp_small = x * x * lib.horner(x, *(float(_f32(c)) for c in XIELU_EXPM1_POLY))
        _xielu_store(alpha_n, exp_small, beta_mul_x, fp32_dest)
    with v_else():
        exp_large = _neg_exp_f32(x) - vConst1 - x
        _xielu_store(alpha_n, exp_large, beta_mul_x, fp32_dest)


def xielu_program(approx, fp32_dest, alpha_p_bits, alpha_n_bits):
    """622c6fb9 api/compute/eltwise_unary/xielu.h ``xielu_tile(idst, alpha_p, alpha_n)`` -> llk_sfpu/
    ckernel_sfpu_xielu.h ``calculate_xielu<APPROX, DST_ACCUM_MODE>(param0, param1)``: per face alpha_p and alpha_n
    (Converter::as_float of the arguments, vFloats loaded before the row loop), then _xielu_row per row."""
    def face():
        alpha_p = _bits_float(alpha_p_bits)
        alpha_n = _bits_float(alpha_n_bits)
        for _ in range(8):
            _xielu_row(alpha_p, alpha_n, fp32_dest)
            dst_reg += 1
    _llk._faces(face)


def xielu_init(approx):
    """622c6fb9 ``xielu_init<APPROX>``: vConstFloatPrgm0 = 1.4426950408889634f (1/ln2), Prgm1 = -1e-6f (eps), Prgm2 =
    -0.0000009999995427f (expm1(eps))."""
    for c, v in zip((vConstFloatPrgm0, vConstFloatPrgm1, vConstFloatPrgm2), XIELU_PRGM):
        c.set(float(_f32(v)))


# ---- registration ------------------------------------------------------------------------------------------------
def _approx_only(approx, template):
    return (approx,)


POLYGAMMA_OPS = {
    "polygamma": dict(key="polygamma", params=(), program=polygamma_program, doc="Dst tile idst = psi^(n)(x): "
                      "(-1)**(n+1) n! times 11 exact terms 1/(x + k)**(n+1) plus an Euler-Maclaurin tail (n = the "
                      "float n_packed, 1..11; scale_packed the float (-1)**(n+1) n!).", init=polygamma_init,
                      init_args=_approx_only, version=lib.FORK, runtime=("n_packed", "scale_packed")),
    "xielu": dict(key="xielu", params=(), program=xielu_program, doc="Dst tile idst = xIELU(x): alpha_p x^2 + x/2 for "
                  "x > 0, else alpha_n (expm1(min(x, -1e-6)) - x) + x/2 (floats alpha_p, alpha_n).", init=xielu_init,
                  init_args=_approx_only, version=lib.FORK, runtime=("alpha_p", "alpha_n")),
}
"""The UnaryOp fields (tensix.sfpi.llk.UnaryOp) of this module's ops; llk builds them into UNARY_FORK."""


from tensix.sfpi import llk as _llk  # noqa: E402  (read at trace time only, so llk can import this module)
