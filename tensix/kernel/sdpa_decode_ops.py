"""SDPA compute calls that ttnn's decode kernel needs beyond tensix.kernel.sdpa_ops: exp_tile_first_column with
SDPA_EXP_APPROX_MODE = false, i.e. ckernel_sfpu_sdpa.h calculate_exponential_polynomial (tt-metal 622c6fb9,
tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/experimental/llk_sfpu/ckernel_sfpu_sdpa.h), the SDPA program config's
exp_approx_mode=False.

The function is hand-written TTI code, so tensix runs its instruction list (a tensix.sfpi.llk.InstrProgram through
tensix.sfpu's instruction model), word for word: per face call (VectorMode::C: faces 0 and 2) the polynomial's
coefficients into LReg5-7 (degree 2, a 16-bit Dst) or LReg3-7 (degree 4, fp32 Dst), then four iterations over the
first column's rows -- x = Dst * scale (bf16), n = round(x / ln 2) (SFP_STOCH_RND to int8, SFPCAST back), r = x - n ln
2, p(r) by Horner (SFPMAD), 2^n built as the exponent field of n + 127 (SFPADDI, SFP_STOCH_RND to uint8, SFPSETEXP),
p * 2^n, zero where n + 127 < 0 (SFPSETCC / SFPLOADI / SFPENCC), rounded to bf16 for a 16-bit Dst, stored, Dst += 4
rows -- with ADDR_MOD_7 (the instructions' ADDR_MOD_3) set to no increment."""

from __future__ import annotations

import numpy as np

from tensix.kernel import compute as _C
from tensix.kernel import sfpu_ops as _S
from tensix.sfpi import llk
from tensix.tile import ops

_LREG0, _LREG1, _LREG2, _LREG3, _LREG4, _LREG5, _LREG6, _LREG7 = range(8)
_LCONST_0 = 9                    # p_sfpu::LCONST_0
_FP16B, _FP32 = 2, 3             # InstrModLoadStore
_LO16, _HI16 = 0xA, 0x8          # SFPLOADI: write the low / high 16 bits only
_TO_FP16B, _TO_UINT8, _TO_INT8 = 1, 2, 3     # SFPSTOCHRND_MOD1_FP32_TO_*
_LN2_RECIP = 1.44269504088896340736
_M_LN2 = -0.69314718055994530942
# the polynomial's coefficients c0, c1, c2, (c3, c4) by degree (calculate_exponential_polynomial's constexprs)
_COEFFS = {
    2: (0.999848792924395313327307061545061386175496934006, 1.01508760098521056684783640695492761469306929535975,
        0.50628367056745568861842335616023694454759126020461),
    4: (1.0000001510806179002040134468008959160576106495165, 0.99996228117047652035114096488703457970402030983204,
        0.49998365704615426417337683145647067790385638465486, 0.16792157982882225102649214918047336097544632172075,
        4.1959439860014343843000081999668024587178974865521e-2),
}


def _bits(x):
    return int(np.float32(x).view(np.uint32))


def _loadi32(reg, x):
    b = _bits(x)
    return [ops.TT_OP_SFPLOADI(reg, _LO16, b & 0xFFFF), ops.TT_OP_SFPLOADI(reg, _HI16, b >> 16)]


def _poly_face_words(scale_bf16, degree, fp32):
    """One call of calculate_exponential_polynomial<SCALE_EN = true, ITERATIONS = 4, USE_SFPARECIP_INSTR = false,
    degree, fp32, scale_bf16>() as TTI words."""
    c = _COEFFS[degree]
    nop = ops.TT_OP_SFPNOP
    words = []
    if degree >= 4:
        words += _loadi32(_LREG3, c[4]) + _loadi32(_LREG4, c[3])
    words += _loadi32(_LREG5, c[2]) + _loadi32(_LREG6, c[1]) + _loadi32(_LREG7, c[0])
    mode = _FP32 if fp32 else _FP16B
    for _ in range(4):
        words += [ops.TT_OP_SFPLOAD(_LREG2, mode, 3, 0),
                  ops.TT_OP_SFPLOADI(_LREG0, 0, scale_bf16 & 0xFFFF),
                  ops.TT_OP_SFPMAD(_LREG2, _LREG0, _LCONST_0, _LREG2, 0), nop]
        words += _loadi32(_LREG1, _LN2_RECIP) + [ops.TT_OP_SFPMAD(_LREG2, _LREG1, _LCONST_0, _LREG0, 0), nop,
                                                 ops.TT_OP_SFP_STOCH_RND(0, 0, 0, _LREG0, _LREG1, _TO_INT8),
                                                 ops.TT_OP_SFPCAST(_LREG1, _LREG1, 0)]
        words += _loadi32(_LREG0, _M_LN2) + [ops.TT_OP_SFPMAD(_LREG1, _LREG0, _LREG2, _LREG0, 0), nop]
        if degree == 2:
            words += [ops.TT_OP_SFPMAD(_LREG0, _LREG5, _LREG6, _LREG2, 0), nop,
                      ops.TT_OP_SFPMAD(_LREG0, _LREG2, _LREG7, _LREG0, 0)]
        else:
            words += [ops.TT_OP_SFPMAD(_LREG0, _LREG3, _LREG4, _LREG2, 0), nop,
                      ops.TT_OP_SFPMAD(_LREG0, _LREG2, _LREG5, _LREG2, 0), nop,
                      ops.TT_OP_SFPMAD(_LREG0, _LREG2, _LREG6, _LREG2, 0), nop,
                      ops.TT_OP_SFPMAD(_LREG0, _LREG2, _LREG7, _LREG0, 0)]
        words += [nop, ops.TT_OP_SFPADDI(0x42FE, _LREG1, 0), nop,
                  ops.TT_OP_SFP_STOCH_RND(0, 0, 0, _LREG1, _LREG2, _TO_UINT8),
                  ops.TT_OP_SFPSETEXP(0, _LCONST_0, _LREG2, 0),
                  ops.TT_OP_SFPMAD(_LREG0, _LREG2, _LCONST_0, _LREG2, 0), nop,
                  ops.TT_OP_SFPSETCC(0, _LREG1, 0, 6), ops.TT_OP_SFPLOADI(_LREG2, 0, 0), ops.TT_OP_SFPENCC(0, 0, 0, 0)]
        if not fp32:
            words.append(ops.TT_OP_SFP_STOCH_RND(0, 0, 0, _LREG2, _LREG2, _TO_FP16B))
        words += [ops.TT_OP_SFPSTORE(_LREG2, mode, 3, 0), ops.TT_OP_INCRWC(0, 4, 0, 0)]
    return words


def _driver_c(face):
    """The unary driver's VectorMode::C walk: the face function on faces 0 and 2 (four SETRWC(CR_D, 8) steps after
    each), then the Dst counter cleared."""
    step = llk._mk("SETRWC", DstCr=1, DstVal=8, Dst=1)
    out = []
    for _ in range(2):
        out += list(face) + [step] * 4
    return out + [llk._mk("SETRWC", DstCr=0, DstVal=0, Dst=1)]


def exponential_polynomial_program(scale_bf16, fp32):
    """The InstrProgram of exp_tile_first_column<false, scale_bf16> for a 16-bit (degree 2) or fp32 (degree 4) Dst."""
    degree = 4 if fp32 else 2
    key = ("sdpa_exp_polynomial", int(scale_bf16) & 0xFFFF, bool(fp32))
    return llk._instr_program(key, lambda: llk.InstrProgram(
        f"calculate_exponential_polynomial<scale=0x{int(scale_bf16) & 0xFFFF:04X}, degree {degree}>",
        _driver_c(llk._words_to_instrs(_poly_face_words(int(scale_bf16), degree, bool(fp32)))), ((3, 0),)))


def exp_tile_first_column_polynomial(idst, scale_bf16):
    """exp_tile_first_column<SDPA_EXP_APPROX_MODE = false, scale_bf16>(idst): exp(x * scale) on the first column of
    Dst tile idst by calculate_exponential_polynomial (degree 2 with a 16-bit Dst, rounded to bf16; degree 4 with an
    fp32 Dst). Its constants are immediates: it needs no init beyond the exp_tile_init<false>() the kernel issues."""
    th, cs = _C._cs("exp_tile_first_column")
    program = _S._llk_program(th, cs, exponential_polynomial_program(scale_bf16, cs.fp32), "exp_tile_first_column")
    _C._run_sfpu(program, (), idst)


# ---- fused_max_sub_exp_add_tile (correction_block of the decode tree reduction) ------------------------------------
def _fused_face(scale, fp32):
    """calculate_fused_max_sub_exp_add_tile, one face: Dst tiles 0 (prev max), 1 (worker max), 3 (prev sum), 4
    (worker sum) in; tile 2 = cur max = max(prev, worker); tiles 0 / 1 = exp((prev - cur) * scale) / exp((worker -
    cur) * scale) (_ckernel_sfpu_exp_accurate_ with the bf16 scale: exp_21f rounded to bf16 on a 16-bit Dst, the fp32
    accurate exponential otherwise); tile 3 = exp_worker * worker_sum + exp_prev * prev_sum (each product stored and
    reloaded, as the C++ does through Dst)."""
    from tensix.sfpi import lib
    from tensix.sfpi.vector import dst_reg, s2vFloat16b, v_else, v_if, vFloat
    for _ in range(4):
        prev_max, worker_max = dst_reg[0], dst_reg[32]
        prev_sum, worker_sum = dst_reg[96], dst_reg[128]
        with v_if(prev_max < worker_max):
            dst_reg[64] = worker_max
        with v_else():
            dst_reg[64] = prev_max
        cur_max = dst_reg[64]
        s = vFloat(s2vFloat16b(scale))
        d_prev, d_worker = (prev_max - cur_max) * s, (worker_max - cur_max) * s
        exp_prev = lib.exp_fp32_accurate(d_prev) if fp32 else lib.exp_21f_bf16(d_prev, False)
        exp_worker = lib.exp_fp32_accurate(d_worker) if fp32 else lib.exp_21f_bf16(d_worker, False)
        dst_reg[0] = exp_prev
        dst_reg[32] = exp_worker
        dst_reg[128] = exp_worker * worker_sum
        dst_reg[96] = exp_prev * prev_sum
        dst_reg[96] = dst_reg[128] + dst_reg[96]
        dst_reg += 2


def _fused_program(scale, fp32):
    llk.face_program(_fused_face, _fused_face, "c", scale, fp32)


def fused_max_sub_exp_add_tile(idst, scale_bf16):
    """fused_max_sub_exp_add_tile<VectorMode::C>(idst, scale_bf16) (compute_common.hpp over ckernel_sfpu_sdpa.h
    calculate_fused_max_sub_exp_add_tile): the two-way softmax merge of correction_block on the first column of Dst
    tiles idst .. idst + 4 (see _fused_face)."""
    th, cs = _C._cs("fused_max_sub_exp_add_tile")
    _C._run_sfpu(_fused_program, (_bf16_bits_float(int(scale_bf16)), bool(cs.fp32)), idst)


def _bf16_bits_float(bits):
    return float(np.uint32((bits & 0xFFFF) << 16).view(np.float32))
