"""Golden functions of ttnn.addcmul and ttnn.addcdiv (tt-metal 622c6fb9 ttnn/ttnn/operations/ternary.py): torch.addcmul
/ torch.addcdiv of the three tensors with ttnn's `value` (default 1)."""

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
