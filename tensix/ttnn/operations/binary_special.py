"""ttnn.xlogy, ttnn.atan2 and ttnn.isclose: binary_ng SFPU ops with kernels of their own (tt-metal 622c6fb9).

Sources (tt-metal 622c6fb9): ttnn/cpp/ttnn/operations/eltwise/binary/binary.cpp (TTNN_BINARY_OP_TENSOR_TENSOR_IMPL /
_TENSOR_SCALAR_IMPL(xlogy, XLOGY): invoke_binary_ng; invoke_binary_ng_isclose), binary/device/binary_composite_op.cpp
(atan2: invoke_binary_ng ATAN2 with no dtype or output tensor), binary_nanobind.cpp (xlogy: bind_binary_operation;
atan2: bind_binary_composite `atan2(input_tensor_a, input_tensor_b, *, memory_config=None)`; isclose:
bind_binary_composite_with_rtol_atol `isclose(input_tensor_a, input_tensor_b, *, rtol=1e-05, atol=1e-08,
equal_nan=False, memory_config=None)`), binary_ng_device_operation.cpp (is_binary_sfpu_op: all three always on the
SFPU; ISCLOSE's rtol / atol validation and its equal_nan in the program hash), binary_ng_program_factory.cpp
(ISCLOSE_OP / ISCLOSE_EQUAL_NAN defines, the compute kernel's runtime args 3 and 4 = the bits of rtol / atol),
binary_ng_utils.cpp (get_sfpu_init_fn: xlogy_binary_tile, atan2_binary_tile, isclose_binary_tile<EQUAL_NAN>) and
kernels/compute/eltwise_binary_sfpu*.cpp (BINARY_SFPU_OP(i*2, i*2+1, i*2, rtol_bits, atol_bits) for ISCLOSE_OP).

The programs are tensix.ttnn.operations.binary's binary_ng (BinaryOpType XLOGY / ATAN2 / ISCLOSE); the SFPU kernels
are tensix.sfpi.llk_binary_special. isclose casts INT32 operands to FLOAT32 first (ttnn.typecast programs), then
runs on the row-major path when both operands are ROW_MAJOR and interleaved, else on tiles (a row-major operand
tilized; both row-major and sharded: the result untilized back), as binary_ng's generic path does. Its output dtype is
the (cast) first operand's (1.0 / 0.0 values). INT32 xlogy / atan2 are refused: binary_ng would run the float kernel
on the integer bits (tensix.ttnn.operations.binary._sfpu_math).
"""

from __future__ import annotations

import math

from tensix.kernel.compute import _cs, _run_sfpu
from tensix.kernel.dataflow import get_arg_val
from tensix.kernel.sfpu_batch import compiled_of
from tensix.kernel.sfpu_ops import _BinaryOp, _BinarySpec
from tensix.sfpi import llk, llk_binary_special
from tensix.ttnn import op as O
from tensix.ttnn.errors import TTNNError
from tensix.ttnn.kernels.eltwise.eltwise_api import SfpuMath
from tensix.ttnn.operations.binary import BinaryOpType, _is_scalar, invoke_binary_ng
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType

__all__ = ["xlogy", "atan2", "isclose"]


def xlogy(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.xlogy(a, b): a * log(b), NaN where b < 0 (or -0.0) (b a tensor or a number; the SFPU's xlogy_binary_tile:
    a cubic log, off by up to 0.0143 on [1, 2) plus 2.8e-4 per unit of the exponent; 0 * log(0) is NaN and a NaN or
    infinite b gives a finite log, unlike torch.xlogy: tensix.sfpi.llk_binary_special.xlogy_binary_program)."""
    if not isinstance(input_tensor_a, Tensor):
        raise TypeError(f"ttnn.xlogy(): incompatible function arguments: input_tensor_a must be a ttnn.Tensor (got "
                        f"{type(input_tensor_a).__name__}).")
    return invoke_binary_ng("xlogy", BinaryOpType.XLOGY, input_tensor_a, input_tensor_b, dtype=dtype,
                            memory_config=memory_config, output_tensor=output_tensor, **kwargs)


def atan2(input_tensor_a, input_tensor_b, *, memory_config=None, **kwargs):
    """ttnn.atan2(a, b): the angle of the point (b, a), atan2(a, b) as torch.atan2 (the SFPU's atan2_binary_tile;
    binary_composite_op.cpp atan2 passes no dtype and no output tensor)."""
    O.refuse_unknown_kwargs("ttnn.atan2", kwargs)
    a, b = input_tensor_a, input_tensor_b
    if not isinstance(a, Tensor) or not isinstance(b, Tensor):
        raise TypeError("ttnn.atan2(): incompatible function arguments: input_tensor_a and input_tensor_b must be "
                        f"ttnn.Tensors (got {type(a).__name__}, {type(b).__name__}).")
    return invoke_binary_ng("atan2", BinaryOpType.ATAN2, a, b, memory_config=memory_config)


def isclose(input_tensor_a, input_tensor_b, *, rtol=1e-05, atol=1e-08, equal_nan=False, memory_config=None,
            **kwargs):
    """ttnn.isclose(a, b, *, rtol=1e-05, atol=1e-08, equal_nan=False): 1.0 where |a - b| <= atol + rtol * |b|, else
    0.0 (binary.cpp invoke_binary_ng_isclose; see the module docstring). NaN is close to nothing (to NaN with
    equal_nan); the kernel's infinity test is a float compare with 2139095040.0f (tensix.sfpi.llk_binary_special)."""
    O.refuse_unknown_kwargs("ttnn.isclose", kwargs)
    a, b = input_tensor_a, input_tensor_b
    if not isinstance(a, Tensor) or not isinstance(b, Tensor):
        raise TypeError("ttnn.isclose(): incompatible function arguments: input_tensor_a and input_tensor_b must be "
                        f"ttnn.Tensors (got {type(a).__name__}, {type(b).__name__}).")
    for name, v in (("rtol", rtol), ("atol", atol)):
        if not _is_scalar(v):
            raise TypeError(f"ttnn.isclose(): incompatible function arguments: {name} must be a float (got "
                            f"{type(v).__name__}).")
    rtol32, atol32 = _f32(rtol), _f32(atol)
    # validate_on_program_cache_miss (binary_ng_device_operation.cpp)
    if not (math.isfinite(rtol32) and rtol32 >= 0.0):
        raise TTNNError(f"ttnn.isclose: rtol must be a finite, non-negative value, got {rtol32}.\nFix: pass rtol >= 0.")
    if not (math.isfinite(atol32) and atol32 >= 0.0):
        raise TTNNError(f"ttnn.isclose: atol must be a finite, non-negative value, got {atol32}.\nFix: pass atol >= 0.")
    from tensix.ttnn.operations.unary import typecast
    fa = typecast(a, DataType.FLOAT32) if a.dtype == DataType.INT32 else a
    fb = typecast(b, DataType.FLOAT32) if b.dtype == DataType.INT32 else b
    return invoke_binary_ng("isclose", BinaryOpType.ISCLOSE, fa, fb, memory_config=memory_config,
                            isclose=(rtol32, atol32, bool(equal_nan)))


def _f32(v) -> float:
    """The C++ binding's float parameter: the value rounded to float32."""
    import numpy as np
    return float(np.float32(v))


# ---- the compute API op of ISCLOSE -----------------------------------------------------------------------------------
class _IscloseBinaryTile(_BinaryOp):
    """``isclose_binary_tile<EQUAL_NAN>(idst0, idst1, odst, rtol_bits, atol_bits)`` (622c6fb9 api/isclose.h): the
    binary SFPU op with two runtime arguments (tensix.sfpi.llk_binary_special.isclose_binary_program);
    ``isclose_binary_tile_init()`` is the plain binary SFPU init (no constants)."""

    def __init__(self):
        super().__init__("isclose_binary", _BinarySpec(llk.BinaryOp(
            "isclose_binary", llk_binary_special.isclose_binary_program,
            "Dst[odst] = 1.0 where |Dst[idst0] - Dst[idst1]| <= atol + rtol * |Dst[idst1]|, else 0.0.")))

    def __call__(self, idst0, idst1, odst, rtol_bits, atol_bits, equal_nan=False):
        th, cs = _cs(self.name)
        for i in (idst0, idst1, odst):
            if i.__class__ is not int or not 0 <= i < cs.capacity:
                cs.check_dst(i, self.name)
        args = (cs.approx, cs.fp32, (idst0, idst1, odst), int(rtol_bits) & 0xFFFFFFFF, int(atol_bits) & 0xFFFFFFFF,
                bool(equal_nan))
        program = self.spec.program
        compiled = compiled_of(program, args)
        self._check(th, cs, self.spec, (), compiled, self.name)
        _run_sfpu(program, args, 0)
        self._after(cs, compiled, ("written by an op", f"written by {self.name}"), False)


isclose_binary_tile = _IscloseBinaryTile()


def isclose_math(equal_nan: bool, dtype: DataType, pack_relu: bool) -> SfpuMath:
    """BINARY_SFPU_INIT / BINARY_SFPU_OP of ISCLOSE_OP: the compute kernel reads rtol_bits / atol_bits from its
    runtime args ISCLOSE_RTOL_RT_ARG_IDX (3) and ISCLOSE_ATOL_RT_ARG_IDX (4) and passes them to
    isclose_binary_tile<ISCLOSE_EQUAL_NAN>. (The kernels read them once in kernel_main; here at each call, the same
    values.) Operands are float32 or bfloat16 here (isclose casts INT32 first)."""
    if dtype not in (DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.BFLOAT4_B):
        from tensix.errors import NotModelledError
        raise NotModelledError(f"binary_ng's SFPU isclose of {dtype!r} operands is not modelled by tensix.ttnn (the "
                               "kernel takes float32 or bfloat16).\nFix: ttnn.typecast the operands to float32 first.")

    def op(i0, i1, o):
        isclose_binary_tile(i0, i1, o, get_arg_val(3), get_arg_val(4), equal_nan)
    return SfpuMath(op, isclose_binary_tile.init, pack_relu)
