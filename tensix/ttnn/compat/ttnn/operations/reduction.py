"""Golden functions of the reductions (tt-metal 622c6fb9 ttnn/ttnn/operations/reduction.py): torch's function with
`dim` and `keepdim`; dim=None reduces every dim (all dims listed explicitly when keepdim is set)."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _reduction(torch_name):
    def golden(input_tensor, dim=None, keepdim=False, **_):
        import torch
        fn = getattr(torch, torch_name)
        if dim is None:
            if keepdim:
                return fn(input_tensor, dim=tuple(range(len(input_tensor.shape))), keepdim=True)
            return fn(input_tensor)
        return fn(input_tensor, dim=dim, keepdim=keepdim)
    return golden


for _name in ("mean", "sum", "max", "min", "var", "std", "argmax"):
    attach_golden_function(_name, _reduction(_name))


def _topk(input_tensor, k, dim=None, largest=True, sorted=True, **_):
    import torch
    return torch.topk(input_tensor, k, dim=dim, largest=largest, sorted=sorted)


attach_golden_function("topk", _topk)
