"""Golden functions of matmul, linear and addmm (tt-metal 622c6fb9 ttnn/ttnn/operations/matmul.py)."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function
from tensix.ttnn.compat.ttnn.operations.activations import get_golden_function_for_activation


def _product(a, b, transpose_a, transpose_b):
    if transpose_a:
        a = a.transpose(-1, -2)
    if transpose_b:
        b = b.transpose(-1, -2)
    return a @ b.to(a.dtype)


def _activate(out, program_config, activation):
    """A program config's fused_activation wins over the `activation` argument."""
    fused = getattr(program_config, "fused_activation", None) if program_config is not None else None
    if fused:
        return get_golden_function_for_activation(fused.op_type)(out)
    if activation is not None:
        return get_golden_function_for_activation(activation)(out)
    return out


def _squeeze_to(out, a):
    while len(out.shape) > len(a.shape):
        out = out.squeeze(0)
    return out


def _matmul(input_tensor_a, input_tensor_b, transpose_a=False, transpose_b=False, *, bias=None, activation=None,
            program_config=None, **kwargs):
    """a @ b (b cast to a's dtype; `bias` is ignored, as in ttnn's golden for matmul), then the activation."""
    out = _product(input_tensor_a, input_tensor_b, transpose_a, transpose_b)
    return _squeeze_to(_activate(out, program_config, activation), input_tensor_a)


def _linear(input_tensor_a, input_tensor_b, transpose_a=False, transpose_b=False, *, bias=None, program_config=None,
            activation=None, **kwargs):
    """a @ b + bias (a bias of len 2 must have one row, which is used), then the activation."""
    out = _product(input_tensor_a, input_tensor_b, transpose_a, transpose_b)
    if bias is not None:
        if len(bias) == 2:
            if bias.shape[0] != 1:
                raise RuntimeError("bias must be a 1D tensor")
            bias = bias[0]
        out += bias
    return _squeeze_to(_activate(out, program_config, activation), input_tensor_a)


def _addmm(input_tensor, mat1_tensor, mat2_tensor, alpha=1.0, beta=1.0, out_tensor=None, **kwargs):
    import torch
    return torch.addmm(input_tensor, mat1_tensor, mat2_tensor, alpha=alpha, beta=beta, out=out_tensor)


attach_golden_function("matmul", _matmul)
attach_golden_function("linear", _linear)
attach_golden_function("addmm", _addmm)
