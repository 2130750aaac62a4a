"""The SFPU calls of ttnn's normalization kernels (softmax, layernorm), at tt-metal 622c6fb9.

exp_tile<approx=true> (api/compute/eltwise_unary/exp.h, input_clamping ClampToNegative) is what ttnn.softmax runs by
default (its compute config has math_approx_mode = true, so EXP_APPROX = 1); tensix.kernel's fork exp refuses the
approximate kernel, so it is here: llk_sfpu/ckernel_sfpu_exp.h ``calculate_exponential<true, ..., CLAMP_NEGATIVE>``,
Schraudolph's exponential. Its default build issues SFPLOADMACRO sequences that exp_init programs; the sequence
registers hold the same instructions as the DISABLE_SFPLOADMACRO form of the kernel, which this program runs:
per row SFPLOAD x; SFPSWAP x with LREG14 = -88.5 keeping the larger (VEC_MIN_MAX); SFPMAD LREG12 * x + LREG13
(A = 256/ln2, B - C = 32500.818359375); SFP_STOCH_RND FP32 -> UINT16 with stochastic rounding off (the macro's
ROUND is installed with Stochastic = 0); SFPSHFT left by 15; SFPSTORE. exp_init<true, 0x3F800000, true> loads
LREG12-14 (SFPCONFIG). The cycle count charged is the plain loop's, not the macro schedule's.

The other SFPU ops (exp_tile<false>, recip_tile, rsqrt_tile, ...) are tensix.kernel's, in their 622c6fb9 version."""

from tensix.kernel import compute as _C
from tensix.kernel import exp_tile, exp_tile_init
from tensix.sfpi import llk
from tensix.sfpi.intrinsics import float_to_uint16, shft, vec_min_max
from tensix.sfpi.vector import dst_reg, reinterpret, vConstFloatPrgm0, vConstFloatPrgm1, vConstFloatPrgm2, vFloat

FORK = "622c6fb9"
EXP_APPROX_A = 256.0 * 1.4426950408889634      # float32: 369.329925537109375 (0x43b8aa3b)
EXP_APPROX_B_MINUS_C = 32500.818359375          # 0x46fde9a3
EXP_APPROX_THRESHOLD = -88.5                    # 0xc2b10000


def exp_approx_init_program():
    """exp_init<true, 0x3F800000 (scale 1.0), CLAMP_NEGATIVE = true>: LREG14 = -88.5, LREG12 = A, LREG13 = B - C."""
    vConstFloatPrgm2.set(EXP_APPROX_THRESHOLD)
    vConstFloatPrgm0.set(EXP_APPROX_A)
    vConstFloatPrgm1.set(EXP_APPROX_B_MINUS_C)


def exp_approx_program():
    """calculate_exponential<APPROXIMATION_MODE = true, ..., CLAMP_NEGATIVE = true> over the tile's four faces."""
    def face():
        for _ in range(8):
            x = dst_reg[0]
            _lo, x = vec_min_max(x, vConstFloatPrgm2)
            y = vConstFloatPrgm0 * x + vConstFloatPrgm1
            i = float_to_uint16(y, 0)
            dst_reg[0] = reinterpret(vFloat, shft(i, 15))
            dst_reg += 1
    llk._faces(face)


_KEY = ("exp_approx_622c6fb9", "loaded")


def sm_exp_tile_init(approx: bool):
    """exp_tile_init<EXP_APPROX>() as the fork's softmax kernels call it."""
    if approx:
        _C._init("exp_tile_init")
        _C.configure_sfpu(exp_approx_init_program)
        th, cs = _C._cs("exp_tile_init")
        cs.sfpu_init = _KEY
    else:
        exp_tile_init(approx=False, version=FORK)


def sm_exp_tile(idst, approx: bool):
    """exp_tile<EXP_APPROX>(idst): the approximate kernel above, or tensix.kernel's fork exp_tile<false>."""
    if approx:
        th, cs = _C._cs("exp_tile")
        if cs.sfpu_init != _KEY:
            from tensix.kernel.sfpu_ops import SfpuInitError
            raise SfpuInitError(f"exp_tile<true> on core {th.core.logical} at {th.source_line_now()}: its SFPU code "
                                "reads LREG12-14, which exp_tile_init<true> loads, but the last SFPU op init was "
                                "another.\nFix: call exp_tile_init<true>() (sm_exp_tile_init(True)) before it.")
        _C.call_sfpu(exp_approx_program, idst)
    else:
        exp_tile(idst, approx=False, version=FORK)


def mul_scalar_program(approx, fp32_dest, param_bits):
    """llk_sfpu/ckernel_sfpu_binop_with_unary.h calculate_binop_with_scalar<APPROX, MUL, 8>: per row
    dst = dst * as_float(param) (SFPMUL; a 16-bit Dst stores it truncated, as SFPSTORE does)."""
    from tensix.sfpi.vector import vUInt
    p = reinterpret(vFloat, vUInt(param_bits))

    def face():
        for _ in range(8):
            dst_reg[0] = dst_reg[0] * p
            dst_reg += 1
    llk._faces(face)


def binop_with_scalar_tile_init():
    """binop_with_scalar_tile_init(): SFPU_UNARY_INIT(unused) (no constants)."""
    _C._init("binop_with_scalar_tile_init")


def mul_unary_tile(idst, param1):
    """mul_unary_tile(idst, param1) (api/compute/eltwise_unary/binop_with_scalar.h): Dst[idst] *= as_float(param1)."""
    th, cs = _C._cs("mul_unary_tile")
    _C.call_sfpu(mul_scalar_program, idst, cs.approx, cs.fp32, int(param1) & 0xFFFFFFFF)
