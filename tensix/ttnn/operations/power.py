"""ttnn.pow, ttnn.rpow, ttnn.rdiv and ttnn.div_no_nan as tt-metal 622c6fb9 runs them.

Sources (tt-metal 622c6fb9, ttnn/cpp/ttnn/operations/eltwise/): binary/device/binary_composite_op.cpp (pow's four
overloads, div_no_nan), binary/binary_nanobind.cpp (bind_power: which overload a Python call reaches),
unary/unary.cpp (power = DEFINE_UNARY_OP_SCALAR_VARIANT(POWER), power_iterative, rpow = RPOW, rdiv = RDIV with the
rounding mode), unary/common/unary_op_utils.cpp (get_op_init_and_func: power_tile / power_iterative_tile /
rpow_tile / rdiv_tile<RoundingMode>), binary_ng (BinaryOpType::POWER: SfpuBinaryOp::POWER, power_binary_tile, an
SFPU op whose operands are unpacked to an fp32 Dst only when they are float32). The kernels: tensix.sfpi.llk_pow.

- pow(x, number): an exponent whose float floor converts to an int32 equal to it is an integer: 0, 1, 2, 3 run
  POWER_ITERATIVE (square and multiply), others POWER with the integer as a float; a non-integer runs POWER.
- pow(x, tensor): binary_ng POWER. pow(number, tensor): ttnn.full_like(exponent, number), then binary_ng POWER.
- rpow(x, base): UnaryOpType::RPOW (base ** x). rdiv(x, value, rounding_mode=None): UnaryOpType::RDIV (value / x,
  then trunc / floor).
- div_no_nan(a, number): zeros_like(a) for 0, else multiply(a, 1.0f / number). div_no_nan(a, b): multiply(a,
  reciprocal(b)) for float32 a and b, else divide(a, b), then where(eqz(b), 0.0f, that) (binary_ng WHERE_TST).
"""

from __future__ import annotations

import math
import struct

import numpy as np

from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType

__all__ = ["pow", "rpow", "rdiv", "div_no_nan"]

_INT = (DataType.INT32, DataType.UINT32, DataType.UINT16, DataType.UINT8)
_ROUNDING = {None: "None", "trunc": "Trunc", "floor": "Floor"}


def _bits(x) -> int:
    return struct.unpack("<I", struct.pack("<f", float(np.float32(x))))[0]


def pow_init_and_func(name, params, has, dtype):
    """unary_op_utils.cpp get_op_init_and_func_parameterized for POWER (power_tile(idst, bits(float(param)))),
    POWER_ITERATIVE (power_iterative_tile(idst, param), a non-negative integer), RPOW (rpow_tile(idst, bits)) and
    RDIV (rdiv_tile<RoundingMode{param1}>(idst, bits(param0)))."""
    from tensix.ttnn.operations.unary import _call
    if not has:
        raise TTNNError(f"Undefined non-parametrized op type UnaryOpType.{name} (unary_op_utils.cpp: it takes a "
                        "parameter).")
    if dtype in _INT:
        raise NotModelledError(f"UnaryOpType.{name} of a {dtype!r} tensor (the float kernel on integer data) is not "
                               "modelled by tensix.ttnn.\nFix: ttnn.typecast the input to float32 first.")
    p0 = float(params[0])
    if name == "POWER":
        return _call("power", (_bits(p0),))
    if name == "POWER_ITERATIVE":
        if not (p0 >= 0.0 and p0 == math.floor(p0)):
            raise TTNNError(f"POWER_ITERATIVE requires non-negative integer exponent, got {p0:g}")
        return _call("power_iterative", (int(p0),))
    if name == "RPOW":
        return _call("rpow", (_bits(p0),))
    mode = int(params[1]) if len(params) > 1 else 0
    if mode not in (0, 1, 2):
        raise NotModelledError(f"UnaryOpType.RDIV with rounding mode {mode} (the kernel has 0 None, 1 Trunc, "
                               "2 Floor)")
    return _call("rdiv", (_bits(p0),), rounding_mode=("None", "Trunc", "Floor")[mode])


def _unary(name, chain, t, memory_config, output_tensor, kwargs):
    from tensix.ttnn.operations.unary import _op
    return _op(name, chain, t, memory_config, output_tensor, kwargs)


def _is_number(x) -> bool:
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, bool)


def pow(input_tensor, exponent, *, memory_config=None, output_tensor=None, dtype=None, activations=None,  # noqa: A001
        input_tensor_a_activations=None, input_tensor_b_activations=None, **kwargs):
    """ttnn.pow(input_tensor, exponent): input ** exponent (binary_composite_op.cpp's overloads, as bind_power
    dispatches them: an int or float exponent runs the unary power ops, a tensor exponent binary_ng POWER, a number
    as input_tensor with a tensor exponent full_like then binary_ng POWER)."""
    if isinstance(input_tensor, Tensor) and _is_number(exponent):
        if dtype is not None or activations or input_tensor_a_activations or input_tensor_b_activations:
            raise TypeError("ttnn.pow(tensor, number) takes memory_config and output_tensor only (bind_power's int "
                            "and float overloads)")
        if isinstance(exponent, (int, np.integer)) and -2**31 <= int(exponent) < 2**31:
            e = int(exponent)
        else:       # a float, or an int beyond int32 (nanobind then takes the float overload)
            x = float(np.float32(exponent))
            f = math.floor(x) if math.isfinite(x) else None
            if f is None or not -2**31 <= f < 2**31 or f != x:
                return _unary("pow", [("POWER", (x,))], input_tensor, memory_config, output_tensor, kwargs)
            e = int(f)
        if e in (0, 1, 2, 3):
            return _unary("pow", [("POWER_ITERATIVE", (float(e),))], input_tensor, memory_config, output_tensor,
                          kwargs)
        return _unary("pow", [("POWER", (float(e),))], input_tensor, memory_config, output_tensor, kwargs)
    from tensix.ttnn.operations.binary import BinaryOpType, invoke_binary_ng
    if _is_number(input_tensor) and isinstance(exponent, Tensor):
        from tensix.ttnn.core import full_like
        input_tensor = full_like(exponent, float(np.float32(input_tensor)))
    if not (isinstance(input_tensor, Tensor) and isinstance(exponent, Tensor)):
        raise TypeError(f"ttnn.pow: incompatible arguments ({type(input_tensor).__name__}, "
                        f"{type(exponent).__name__}); bind_power takes (Tensor, int | float | Tensor) or (float, "
                        "Tensor)")
    return invoke_binary_ng("pow", BinaryOpType.POWER, input_tensor, exponent, dtype=dtype,
                            memory_config=memory_config, output_tensor=output_tensor, activations=activations,
                            input_tensor_a_activations=input_tensor_a_activations,
                            input_tensor_b_activations=input_tensor_b_activations, **kwargs)


def rpow(input_tensor, exponent, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.rpow(input_tensor, exponent): exponent ** input (UnaryOpType::RPOW, rpow_tile: the binary power kernel
    with the number as its base; the binding calls the number "exponent")."""
    return _unary("rpow", [("RPOW", (float(exponent),))], input_tensor, memory_config, output_tensor, kwargs)


def rdiv(input_tensor, value, *, rounding_mode=None, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.rdiv(input_tensor, value, rounding_mode=None): value / input (UnaryOpType::RDIV, rdiv_tile: value times
    the SFPU reciprocal), then trunc or floor for rounding_mode "trunc" / "floor"."""
    if rounding_mode not in _ROUNDING:
        raise TTNNError("Incorrect rounding mode (expected None, 'trunc', or 'floor')")
    mode = (None, "trunc", "floor").index(rounding_mode)
    return _unary("rdiv", [("RDIV", (float(value), float(mode)))], input_tensor, memory_config, output_tensor,
                  kwargs)


def div_no_nan(input_tensor_a, input_tensor_b, *, memory_config=None, **kwargs):
    """ttnn.div_no_nan(a, b): a / b, 0 where b is 0 (binary_composite_op.cpp). A number b: zeros_like(a) for 0, else
    ttnn.multiply(a, 1.0f / b). A tensor b: multiply(a, reciprocal(b)) for two float32 tensors, else divide(a, b),
    then ttnn.where(ttnn.eqz(b), 0.0f, that) (tensix.ttnn.operations.ternary)."""
    if kwargs:
        raise TypeError(f"ttnn.div_no_nan: unexpected keyword arguments {sorted(kwargs)}")
    if _is_number(input_tensor_b):
        value = np.float32(input_tensor_b)
        if value == 0:
            from tensix.ttnn.core import zeros_like
            return zeros_like(input_tensor_a)
        from tensix.ttnn.operations.binary import multiply
        with np.errstate(divide="ignore", over="ignore"):
            return multiply(input_tensor_a, float(np.float32(1.0) / value))
    from tensix.ttnn.operations.binary import divide, multiply
    from tensix.ttnn.operations.ternary import where
    from tensix.ttnn.operations.unary import eqz, reciprocal
    a, b = input_tensor_a, input_tensor_b
    if a.dtype == DataType.FLOAT32 and b.dtype == DataType.FLOAT32:    # multiply by the SFPU reciprocal
        div_result = multiply(a, reciprocal(b), memory_config=memory_config)
    else:
        div_result = divide(a, b, memory_config=memory_config)
    return where(eqz(b, memory_config=memory_config), 0.0, div_result)
