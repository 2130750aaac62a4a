"""Golden functions of the data-movement ops (tt-metal 622c6fb9 ttnn/ttnn/operations/data_movement.py, and
core.py for reshape and Tensor.__getitem__)."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _pad(input_tensor, padding, value, **_):
    """torch constant pad; `padding` is ttnn's ((front, back) per dim, outermost first)."""
    import torch
    flat = []
    for front, back in reversed(padding):
        flat += [front, back]
    return torch.nn.functional.pad(input_tensor, pad=flat, mode="constant", value=value)


def _permute(input_tensor, dims, **_):
    import torch
    return torch.permute(input_tensor, dims)


def _concat(tensors, dim=0, groups=1, **_):
    """torch.concat; with groups > 1 two NHWC tensors are interleaved group by group along channels."""
    import torch
    if groups <= 1:
        return torch.concat(tensors, dim)
    act, res = tensors[0], tensors[1]
    assert act.shape[:-1] == res.shape[:-1], "Activations and residuals must have the same shape in all dims but -1"
    n, h, w, ca = act.shape
    cr = res.shape[-1]
    assert ca % groups == 0 and cr % groups == 0, "Channel count must be divisible by the number of groups"
    inter = torch.cat([act.view(n, h, w, groups, ca // groups), res.view(n, h, w, groups, cr // groups)], dim=-1)
    return inter.reshape(n, h, w, ca + cr)


def _repeat_interleave(tensor, repeats, dim=0, **_):
    import torch
    return torch.repeat_interleave(tensor, repeats, dim=dim)


def _repeat(tensor, shape, **_):
    return tensor.repeat(shape[0], shape[1], shape[2], shape[3])


def _reshape(input_tensor, shape, **_):
    return input_tensor.reshape(tuple(shape)).contiguous().clone()


def _getitem(input_tensor, slices):
    out = input_tensor[slices]
    if out.ndim == 0:
        raise RuntimeError("ttnn.Tensor.__getitem__: cannot return a scalar!")
    return out


attach_golden_function("pad", _pad)
attach_golden_function("permute", _permute)
attach_golden_function("concat", _concat)
attach_golden_function("repeat_interleave", _repeat_interleave)
attach_golden_function("repeat", _repeat)
attach_golden_function("reshape", _reshape)
attach_golden_function("Tensor.__getitem__", _getitem)
