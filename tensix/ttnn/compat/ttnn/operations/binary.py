"""Golden functions of the element-wise binary ops (tt-metal 622c6fb9 ttnn/ttnn/operations/binary.py). Fused
`activations` (a list of UnaryWithParam) are applied after the op, as ttnn's apply_activations does."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function

_ACTIVATIONS = {"RELU": "relu", "SILU": "silu", "MISH": "mish", "SIGMOID": "sigmoid", "TANH": "tanh",
                "LOG": "torch.log", "SOFTPLUS": "softplus", "GELU": "gelu", "SQRT": "torch.sqrt"}


def apply_activations(tensor, activations):
    from tensix.ttnn.compat.ttnn.operations.activations import _torch_function
    for act in activations or ():
        name = act.op_type.name
        if name not in _ACTIVATIONS:
            raise KeyError(act.op_type)
        tensor = _torch_function(_ACTIVATIONS[name])(tensor)
    return tensor


def _arith(fn):
    def golden(input_tensor_a, input_tensor_b, *args, activations=None, **kwargs):
        return apply_activations(fn(input_tensor_a, input_tensor_b), activations)
    return golden


_add = _arith(lambda a, b: a + b)
_sub = _arith(lambda a, b: a - b)
_rsub = _arith(lambda a, b: b - a)
_mul = _arith(lambda a, b: a * b)
for _n in ("add", "add_"):
    attach_golden_function(_n, _add)
for _n in ("subtract", "subtract_"):
    attach_golden_function(_n, _sub)
for _n in ("rsub_",):
    attach_golden_function(_n, _rsub)
for _n in ("multiply", "multiply_"):
    attach_golden_function(_n, _mul)


def _torch2(name):
    def golden(input_tensor_a, input_tensor_b, *args, **kwargs):
        import torch
        return getattr(torch, name)(input_tensor_a, input_tensor_b)
    return golden


for _n in ("eq", "ne", "gt", "ge", "lt", "le", "logical_and", "logical_or", "logical_xor", "ldexp", "logaddexp",
           "logaddexp2", "maximum", "minimum", "atan2", "hypot", "xlogy", "nextafter", "gcd", "lcm",
           "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift"):
    attach_golden_function(_n, _torch2(_n))     # (the bitwise ones are in ttnn/operations/unary.py there)
attach_golden_function("logical_left_shift", _torch2("bitwise_left_shift"))
for _n in ("ldexp", "logaddexp", "logaddexp2"):
    attach_golden_function(_n + "_", _torch2(_n))


def _inplace(method):
    def golden(input_tensor_a, input_tensor_b, *args, **kwargs):
        return getattr(input_tensor_a, method)(input_tensor_b)
    return golden


for _n in ("logical_and_", "logical_or_", "logical_xor_", "gt_", "ge_", "lt_", "le_", "eq_", "ne_"):
    attach_golden_function(_n, _inplace(_n))


def _divide_(input_tensor_a, input_tensor_b, *args, **kwargs):
    import torch
    return torch.divide(input_tensor_a, input_tensor_b)


attach_golden_function("divide_", _divide_)


def _div(input_tensor_a, input_tensor_b, rounding_mode=None, *args, **kwargs):
    """ttnn.div (ttnn.divide is the same op in ttnn 622c6fb9: `divide = ttnn.div`)."""
    import torch
    return torch.div(input_tensor_a, input_tensor_b, rounding_mode=rounding_mode)


attach_golden_function("div", _div)
attach_golden_function("divide", _div)


def torch_squared_difference(x, y, *args, **kwargs):
    import torch
    return torch.square(torch.sub(x, y))


def _squared_difference(input_tensor_a, input_tensor_b, *args, **kwargs):
    return torch_squared_difference(input_tensor_a, input_tensor_b)


attach_golden_function("squared_difference", _squared_difference)
attach_golden_function("squared_difference_", _squared_difference)


def _bias_gelu(a, b, *args, **kwargs):
    import torch
    return torch.nn.functional.gelu(torch.add(a, b))


attach_golden_function("bias_gelu", _bias_gelu)
attach_golden_function("bias_gelu_", _bias_gelu)


def _addalpha(input_tensor_a, input_tensor_b, alpha, *args, **kwargs):
    import torch
    return torch.add(input_tensor_a, input_tensor_b, alpha=alpha)


def _subalpha(input_tensor_a, input_tensor_b, alpha, *args, **kwargs):
    import torch
    return torch.sub(input_tensor_a, input_tensor_b, alpha=alpha)


attach_golden_function("addalpha", _addalpha)
attach_golden_function("subalpha", _subalpha)


def _isclose(input_tensor_a, input_tensor_b, *args, rtol=1e-05, atol=1e-08, equal_nan=False, **kwargs):
    import torch
    return torch.isclose(input_tensor_a, input_tensor_b, rtol=rtol, atol=atol, equal_nan=equal_nan)


attach_golden_function("isclose", _isclose)


def _div_no_nan(input_tensor_a, input_tensor_b, *args, **kwargs):
    import torch
    if isinstance(input_tensor_b, float):
        return torch.zeros_like(input_tensor_a) if input_tensor_b == 0 else input_tensor_a / input_tensor_b
    return torch.where(input_tensor_b == 0, 0, input_tensor_a / input_tensor_b)


attach_golden_function("div_no_nan", _div_no_nan)


def _floor_div(input_tensor_a, input_tensor_b, *args, **kwargs):
    import torch
    return torch.floor_divide(input_tensor_a, input_tensor_b)


attach_golden_function("floor_div", _floor_div)


def _via_float_for_bf16_scalar(name, always):
    """remainder / fmod: with a scalar divisor a bfloat16 input is computed in float32 and rounded back (ttnn's
    golden); remainder also rounds back to bfloat16 with a tensor divisor."""
    def golden(input_tensor_a, input_tensor_b, *args, device=None, **kwargs):
        import torch
        dtype = input_tensor_a.dtype
        scalar = not torch.is_tensor(input_tensor_b)
        a = input_tensor_a.float() if scalar and dtype == torch.bfloat16 else input_tensor_a
        out = getattr(torch, name)(a, input_tensor_b)
        if dtype == torch.bfloat16 and (always or scalar):
            out = out.bfloat16()
        return out
    return golden


attach_golden_function("remainder", _via_float_for_bf16_scalar("remainder", True))
attach_golden_function("fmod", _via_float_for_bf16_scalar("fmod", False))


def _outer(input_tensor_a, input_tensor_b, *args, **kwargs):
    import torch
    return torch.outer(input_tensor_a.squeeze(), input_tensor_b.squeeze())


attach_golden_function("outer", _outer)


def _polyval(input_tensor_a, coeffs, *args, **kwargs):
    acc = 0.0
    for c in coeffs:
        acc = acc * input_tensor_a + c
    return acc


attach_golden_function("polyval", _polyval)


def _prelu(input_tensor_a, input_tensor_b, *args, **kwargs):
    import torch
    w = input_tensor_b if torch.is_tensor(input_tensor_b) else torch.tensor(input_tensor_b, dtype=input_tensor_a.dtype)
    return torch.nn.functional.prelu(input_tensor_a, weight=w)


attach_golden_function("prelu", _prelu)


def _logical_right_shift(input_tensor_a, shift_amt, *args, **kwargs):
    import torch
    return ((input_tensor_a.to(torch.int64) & 0xFFFFFFFF) >> shift_amt).to(torch.int32)


attach_golden_function("logical_right_shift", _logical_right_shift)
