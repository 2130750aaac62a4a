"""Golden functions of the transformer ops (tt-metal 622c6fb9 ttnn/ttnn/operations/transformer.py)."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _rotary_embedding(x, cos_cached, sin_cached, token_idx, **_):
    """x * cos + rotate_half(x) * sin with the caches' rows [token_idx, token_idx + 1) (rotate_half: the halves of
    the last dim swapped, the new first half negated)."""
    import torch
    idx = slice(token_idx, token_idx + 1)
    cos = cos_cached[:, :, idx, ...]
    sin = sin_cached[:, :, idx, ...]
    half = x.shape[-1] // 2
    rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
    return (x * cos) + (rotated * sin)


attach_golden_function("experimental.rotary_embedding", _rotary_embedding)
