"""ttnn.floor_div, ttnn.polyval and ttnn.nextafter as tt-metal 622c6fb9 composes them of device programs.

Sources (tt-metal 622c6fb9): ttnn/cpp/ttnn/operations/eltwise/binary/device/binary_composite_op.cpp (floor_div's two
overloads, polyval), binary_nanobind.cpp (bind_binary_composite_overload: `floor_div(a, b, *, memory_config=None)`
with b a tensor or a number; bind_polyval: `polyval(input_tensor_a, coeffs, *, memory_config=None)`).

- floor_div(a, b): t = ttnn.div(a, b) and r = ttnn.div(a, b, rounding_mode="floor"), then
  where(logical_or(eq(t, nan), logical_or(eq(t, inf), eq(t, -inf))), t, r): a quotient that is NaN or infinite
  stays as it is. (eq with NaN is false everywhere, so a NaN quotient comes out of the floor branch.)
- floor_div(a, number): 0 gives where(eqz(a), nan, multiply(sign(a), inf)); otherwise floor(multiply(a, 1.0f / b))
  (the reciprocal in float32 on the host).
- polyval(x, coeffs): full_like(x, coeffs[0]) for one coefficient; else Horner's rule x * c0, + c1, * x, ...,
  + c_last, each step ttnn.add / ttnn.multiply with a number (binary_ng scalar ops) or with x.
- nextafter(a, b) (bind_binary_composite: `nextafter(input_tensor_a, input_tensor_b, *, memory_config=None)`): with
  eps = hal::get_eps() (Wormhole: EPS_WHB0 = 1.19209e-7f, wh_hal.cpp), where(lt(a, b), subtract(a, eps),
  where(gt(a, b), add(a, eps), a)). So it steps by a fixed eps, and *away* from b (a < b gives a - eps), unlike
  torch.nextafter's one ulp toward b; for |a| above about 1e-5 (bfloat16) a +- eps rounds back to a.
"""

from __future__ import annotations

import numpy as np

from tensix.ttnn import op as O
from tensix.ttnn.errors import TTNNError
from tensix.ttnn.operations.binary import _is_scalar, add, div, eq, logical_or, multiply
from tensix.ttnn.tensor import Tensor

__all__ = ["floor_div", "polyval", "nextafter"]

_EPS_WHB0 = float(np.float32(1.19209e-7))     # wh_hal.cpp EPS_WHB0, hal::get_eps() on Wormhole


def floor_div(input_tensor_a, input_tensor_b, *, memory_config=None, **kwargs):
    """ttnn.floor_div(a, b): floor(a / b) (binary_composite_op.cpp floor_div; see the module docstring)."""
    O.refuse_unknown_kwargs("ttnn.floor_div", kwargs)
    from tensix.ttnn.operations import unary
    from tensix.ttnn.operations.ternary import where
    a, b, mc = input_tensor_a, input_tensor_b, memory_config
    if not isinstance(a, Tensor):
        raise TypeError(f"ttnn.floor_div(): incompatible function arguments: input_tensor_a must be a ttnn.Tensor "
                        f"(got {type(a).__name__}).")
    if isinstance(b, Tensor):
        temp = div(a, b, memory_config=mc)
        result = div(a, b, rounding_mode="floor", memory_config=mc)
        special = logical_or(eq(temp, float("nan")), logical_or(eq(temp, float("inf")), eq(temp, float("-inf"))))
        return where(special, temp, result)
    if not _is_scalar(b):
        raise TypeError("ttnn.floor_div(): incompatible function arguments: input_tensor_b must be a ttnn.Tensor or a "
                        f"number (got {type(b).__name__}).")
    value = np.float32(b)
    if value == 0:
        inf_signed = multiply(unary.sign(a, memory_config=mc), float("inf"), memory_config=mc)
        return where(unary.eqz(a, memory_config=mc), float("nan"), inf_signed)
    temp = multiply(a, float(np.float32(1.0) / value), memory_config=mc)
    return unary.floor(temp)


def polyval(input_tensor_a, coeffs, *, memory_config=None, **kwargs):
    """ttnn.polyval(x, coeffs): coeffs[0] * x ** (n - 1) + ... + coeffs[-1] by Horner's rule (binary_composite_op.cpp
    polyval; see the module docstring)."""
    O.refuse_unknown_kwargs("ttnn.polyval", kwargs)
    coeffs = [float(np.float32(c)) for c in coeffs]
    if not coeffs:
        raise TTNNError("ttnn.polyval: coeffs should be 1 or more coefficients.\nFix: pass a non-empty list.")
    x, mc = input_tensor_a, memory_config
    if len(coeffs) == 1:
        from tensix.ttnn.core import full_like
        return full_like(x, coeffs[0])
    result = multiply(x, coeffs[0], memory_config=mc)
    for c in coeffs[1:-1]:
        result = add(result, c, memory_config=mc)
        result = multiply(x, result, memory_config=mc)
    return add(result, coeffs[-1], memory_config=mc)


def nextafter(input_tensor_a, input_tensor_b, *, memory_config=None, **kwargs):
    """ttnn.nextafter(a, b): a - eps where a < b, a + eps where a > b, else a (binary_composite_op.cpp nextafter, eps
    = 1.19209e-7f; see the module docstring: not torch.nextafter's step)."""
    O.refuse_unknown_kwargs("ttnn.nextafter", kwargs)
    from tensix.ttnn.operations.binary import gt, lt, subtract
    from tensix.ttnn.operations.ternary import where
    a, b, mc = input_tensor_a, input_tensor_b, memory_config
    if not isinstance(a, Tensor) or not isinstance(b, Tensor):
        raise TypeError("ttnn.nextafter(): incompatible function arguments: input_tensor_a and input_tensor_b must be "
                        f"ttnn.Tensors (got {type(a).__name__}, {type(b).__name__}).")
    eps_gt = where(gt(a, b, memory_config=mc), add(a, _EPS_WHB0, memory_config=mc), a)
    return where(lt(a, b, memory_config=mc), subtract(a, _EPS_WHB0, memory_config=mc), eps_gt)
