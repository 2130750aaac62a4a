"""Golden function of ttnn.embedding (tt-metal 622c6fb9 ttnn/ttnn/operations/embedding.py)."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _embedding(input_tensor, weight, **_):
    import torch
    return torch.nn.functional.embedding(input_tensor, weight)


attach_golden_function("embedding", _embedding)
