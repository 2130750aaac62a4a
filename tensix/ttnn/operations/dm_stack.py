"""ttnn.stack, as tt-metal 622c6fb9 composes it (ttnn/cpp/ttnn/operations/data_movement/stack/stack.cpp): every
input unsqueezed at dim (ttnn.unsqueeze: a view reshape), then ttnn.concat of them along dim (of the unsqueezed rank),
whose programs do the copying."""

from __future__ import annotations

from tensix.ttnn.errors import TTNNError
from tensix.ttnn.tensor import Tensor

__all__ = ["stack"]


def stack(input_tensors, dim: int) -> Tensor:
    """ttnn.stack(input_tensors, dim) (stack_nanobind.cpp: no keyword arguments)."""
    from tensix.ttnn import operations as ops
    tensors = list(input_tensors)
    if not tensors:
        raise TTNNError("ttnn.stack: Stack expects at least one tensor.\nFix: pass a non-empty list of tensors.")
    return ops.concat([ops.unsqueeze(t, dim) for t in tensors], dim)
