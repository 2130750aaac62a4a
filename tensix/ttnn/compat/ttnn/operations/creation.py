"""Golden functions of the creation ops (tt-metal 622c6fb9 ttnn/ttnn/operations/creation.py)."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _like(name):
    def golden(input_tensor, **_):
        import torch
        return getattr(torch, name)(input_tensor)
    return golden


def _full_like(input_tensor, *, fill_value, **_):
    import torch
    return torch.full_like(input_tensor, fill_value)


def _empty_like(input_tensor, *, fill_value=None, **_):
    import torch
    return torch.empty_like(input_tensor)


def _shaped(name):
    def golden(input_shape, **_):
        import torch
        return getattr(torch, name)(tuple(input_shape))
    return golden


def _full(input_shape, fill_value, **_):
    import torch
    return torch.full(tuple(input_shape), fill_value=fill_value)


def _arange(start, end, step, **_):
    import torch
    return torch.arange(start, end, step)


attach_golden_function("zeros_like", _like("zeros_like"))
attach_golden_function("ones_like", _like("ones_like"))
attach_golden_function("full_like", _full_like)
attach_golden_function("empty_like", _empty_like)
attach_golden_function("zeros", _shaped("zeros"))
attach_golden_function("ones", _shaped("ones"))
attach_golden_function("empty", _shaped("empty"))
attach_golden_function("full", _full)
attach_golden_function("arange", _arange)
