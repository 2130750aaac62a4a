"""The SFPU kernels of tt-metal 622c6fb9's ttnn.addcmul / ttnn.addcdiv (TernaryOpType::ADDCMUL / ADDCDIV), in the SFPI
DSL.

tensix's own code, written from the arithmetic of tt-metal 622c6fb9's Wormhole B0 kernels
(tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ckernel_sfpu_addcmul.h and ckernel_sfpu_addcdiv.h) and the
compute API headers that call them (tt_metal/hw/inc/api/compute/eltwise_unary/addcmul.h, addcdiv.h:
SFPU_TERNARY_CALL with VectorMode::RC, the Dst base at tile 0, four faces of eight rows).

- ``addcmul_tile<data_format>(idst0, idst1, idst2, odst, value)``: per row SFPLOADI of the 32 value bits into a
  register, t = in1 * value (SFPMUL: in1 * value + 0), r = in2 * t + in0 (one SFPMAD), for a 16-bit Dst
  SFP_STOCH_RND(RND_EVEN, FP32_TO_FP16B) of r, SFPSTORE. The C++ loads and stores with InstrModLoadStore::FP32 for
  Float32 and DEFAULT otherwise; tensix's dst_reg accesses are the DEFAULT mode, which on an fp32 Dst reads and
  writes the same 32 bits, so a Float32 data format on a 16-bit Dst (never built by ttnn's ternary program) is
  refused.
- ``addcdiv_tile<data_format>(idst0, idst1, idst2, odst, value)``: in0 + (in1 * value) * sfpu_reciprocal_iter<2>(in2)
  (the outer product fused with the addition into one SFPMAD, as sfpi's compiler builds it), for a 16-bit Dst
  float32_to_bf16_rne (integer round to nearest even). addcdiv_tile_init is init_addcdiv: sfpu_reciprocal_init
  (vConstFloatPrgm0..2). Division by zero follows the reciprocal: 1/0 = inf with the sign of the zero, so
  x / 0 = +-inf and 0 / 0 = NaN through 0 * inf (no special case in the kernel).

The tiles are template parameters here (``idst0``, ``idst1``, ``idst2``, ``odst``) and the op is called at Dst tile 0:
tensix.kernel's unary call form takes one tile and the uint32 runtime arguments (the value's bits).
"""

from __future__ import annotations

from tensix.errors import NotModelledError
from tensix.sfpi import lib
from tensix.sfpi.intrinsics import float_to_fp16b
from tensix.sfpi.vector import dst_reg, reinterpret, vFloat, vUInt

_FORMATS = ("Float32", "Float16_b", "Bfp8_b")


def _check(name, data_format, fp32_dest, formats):
    if data_format not in formats:
        raise NotModelledError(f"{name}<{data_format}>: the kernel's static_assert takes {', '.join(formats)}.")
    if data_format == "Float32" and not fp32_dest:
        raise NotModelledError(f"{name}<Float32> on a 16-bit Dst (InstrModLoadStore::FP32 loads of 16-bit Dst rows) "
                               "is not modelled by tensix.")


def addcmul_program(approx, fp32_dest, data_format, i0, i1, i2, o, value_bits):
    """622c6fb9 ckernel_sfpu_addcmul.h ``calculate_addcmul<APPROX, fp32, data_format, 8>``: Dst[o] = in0 + in2 *
    (in1 * value), value the float whose bits are the runtime argument; rounded to bf16 (nearest even, SFPSTOCHRND)
    for a 16-bit Dst."""
    _check("addcmul_tile", data_format, fp32_dest, _FORMATS)
    a, b, c, d = 32 * int(i0), 32 * int(i1), 32 * int(i2), 32 * int(o)

    def face():
        value = reinterpret(vFloat, vUInt(value_bits))      # TT_SFPLOADI LOWER / UPPER into LREG3
        for _ in range(8):
            t = dst_reg[b] * value                          # SFPMUL(LREG1, LREG3, LCONST_0)
            r = dst_reg[c] * t + dst_reg[a]                 # SFPMAD(LREG2, LREG4, LREG0)
            if not fp32_dest:
                r = reinterpret(vFloat, float_to_fp16b(r, 0))   # SFP_STOCH_RND RND_EVEN FP32_TO_FP16B
            dst_reg[d] = r
            dst_reg += 1
    _llk._faces(face)


def addcdiv_program(approx, fp32_dest, data_format, i0, i1, i2, o, value_bits):
    """622c6fb9 ckernel_sfpu_addcdiv.h ``calculate_addcdiv<APPROX, fp32, data_format, 8>``: Dst[o] = in0 + (in1 *
    value) * sfpu_reciprocal_iter<2>(in2); float32_to_bf16_rne for a 16-bit Dst. Reads vConstFloatPrgm0..2
    (addcdiv_tile_init)."""
    _check("addcdiv_tile", data_format, fp32_dest, ("Float32", "Float16_b"))
    a, b, c, d = 32 * int(i0), 32 * int(i1), 32 * int(i2), 32 * int(o)

    def face():
        value = reinterpret(vFloat, vUInt(value_bits))      # Converter::as_float(value)
        for _ in range(8):
            in0 = dst_reg[a]
            in1 = dst_reg[b]
            in2 = dst_reg[c]
            result = in0 + (in1 * value) * lib.sfpu_reciprocal_iter(in2, 2)
            if not fp32_dest:
                result = lib.float32_to_bf16_rne(result)
            dst_reg[d] = result
            dst_reg += 1
    _llk._faces(face)


def addcdiv_init(approx):
    """622c6fb9 ``init_addcdiv<APPROX>``: sfpu_reciprocal_init."""
    lib.sfpu_reciprocal_init()


_PARAMS = (("data_format", "Float16_b"), ("idst0", 0), ("idst1", 1), ("idst2", 2), ("odst", 0))

ADDC_OPS = {
    "addcmul": dict(key="addcmul", params=_PARAMS, program=addcmul_program, doc="Dst tile odst = Dst[idst0] + value "
                    "* Dst[idst1] * Dst[idst2] (call at Dst tile 0; the tiles are template parameters).",
                    version=lib.FORK, runtime=("value",)),
    "addcdiv": dict(key="addcdiv", params=_PARAMS, program=addcdiv_program, doc="Dst tile odst = Dst[idst0] + value "
                    "* Dst[idst1] / Dst[idst2] (reciprocal, two Newton steps; call at Dst tile 0).",
                    init=addcdiv_init, init_args=lambda approx, t: (approx,), version=lib.FORK, runtime=("value",)),
}
"""The UnaryOp fields (tensix.sfpi.llk.UnaryOp) of addcmul / addcdiv; llk builds them into UNARY_FORK, which makes
them ``tensix.kernel.addcmul_tile`` / ``addcdiv_tile`` (and their ``_init``)."""


from tensix.sfpi import llk as _llk  # noqa: E402  (read at trace time only, so llk can import this module)
