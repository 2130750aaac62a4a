"""Golden functions of softmax and the norms (tt-metal 622c6fb9 ttnn/ttnn/operations/normalization.py)."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _softmax(input_tensor, dim=None, **_):
    """torch.nn.Softmax over `dim` (dim=None or 0 means -1, as ttnn's `dim or -1`)."""
    import torch
    return torch.nn.Softmax(dim or -1)(input_tensor)


attach_golden_function("softmax", _softmax)
attach_golden_function("softmax_in_place", _softmax)


def _scale_mask_softmax(input_tensor, scalar, attention_mask=None, **_):
    import torch
    x = input_tensor.float() * scalar
    if attention_mask is not None:
        x = x + attention_mask
    return torch.softmax(x, dim=-1)


for _name in ("scale_mask_softmax", "scale_mask_softmax_in_place", "scale_causal_mask_hw_dims_softmax_in_place"):
    attach_golden_function(_name, _scale_mask_softmax)


def _layer_norm(input_tensor, *, epsilon=1e-12, residual_input_tensor=None, weight=None, bias=None, **_):
    """torch layer_norm over the last dim; a residual is added first (in place, as ttnn's golden does); weight and
    bias of rank >= 2 are squeezed and cast to the input's dtype."""
    import torch
    if residual_input_tensor is not None:
        input_tensor += residual_input_tensor

    def prep(p):
        if p is None:
            return None
        if len(p.shape) >= 2:
            p = p.squeeze()
        return p.to(input_tensor.dtype)

    return torch.nn.functional.layer_norm(input_tensor, (input_tensor.shape[-1],), prep(weight), prep(bias),
                                          eps=epsilon)


attach_golden_function("layer_norm", _layer_norm)


def _rms_norm(input_tensor, weight=None, *, epsilon=1e-12, **_):
    """x * rsqrt(mean(x^2 in float32) + eps), then * weight (cast to a half-precision weight's dtype first)."""
    import torch
    variance = input_tensor.to(torch.float32).pow(2).mean(-1, keepdim=True)
    out = input_tensor * torch.rsqrt(variance + epsilon)
    if weight is None:
        return out
    if weight.dtype in (torch.float16, torch.bfloat16):
        out = out.to(weight.dtype)
    return weight * out


attach_golden_function("rms_norm", _rms_norm)

