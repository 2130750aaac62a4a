"""Golden functions of ttnn.addcmul, ttnn.addcdiv, ttnn.lerp, ttnn.mac and ttnn.where (tt-metal 622c6fb9
ttnn/ttnn/operations/ternary.py): torch.addcmul / torch.addcdiv of the three tensors with ttnn's `value` (default 1),
torch.lerp (the end and a tensor weight in the input's dtype), a * b + c, torch.where."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _golden_function_addcmul(input_tensor_a, input_tensor_b, input_tensor_c, *args, value=1, **kwargs):
    import torch
    return torch.addcmul(input_tensor_a, input_tensor_b, input_tensor_c, value=value)


def _golden_function_addcdiv(input_tensor_a, input_tensor_b, input_tensor_c, *args, value=1, **kwargs):
    import torch
    return torch.addcdiv(input_tensor_a, input_tensor_b, input_tensor_c, value=value)


attach_golden_function("addcmul", _golden_function_addcmul)
attach_golden_function("addcdiv", _golden_function_addcdiv)


def _golden_function_lerp(input_tensor_a, input_tensor_b, input_tensor_c, *args, **kwargs):
    import torch
    if torch.is_tensor(input_tensor_c):
        input_tensor_c = input_tensor_c.to(input_tensor_a.dtype)
    return torch.lerp(input_tensor_a, input_tensor_b.to(input_tensor_a.dtype), input_tensor_c)


def _golden_function_mac(input_tensor_a, input_tensor_b, input_tensor_c, *args, **kwargs):
    import torch
    return torch.add(torch.mul(input_tensor_a, input_tensor_b), input_tensor_c)


def _golden_function_where(input_tensor_a, input_tensor_b, input_tensor_c, *args, **kwargs):
    import torch
    return torch.where(input_tensor_a, input_tensor_b, input_tensor_c)


attach_golden_function("lerp", _golden_function_lerp)
attach_golden_function("mac", _golden_function_mac)
attach_golden_function("where", _golden_function_where)
