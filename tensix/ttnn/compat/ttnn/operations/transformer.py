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


def _split_query_key_value_and_split_heads(input_tensor, kv_input_tensor=None, *, num_heads, num_kv_heads=None,
                                           transpose_key=True, **_):
    """The fused [B, S, (nq + 2 nkv) d] (or Q and KV concatenated on the last dim) cut into Q [B, nq, S, d],
    K [B, nkv, S, d] (transposed to [B, nkv, d, S] with transpose_key) and V [B, nkv, S, d]."""
    import torch
    x = input_tensor if kv_input_tensor is None else torch.cat([input_tensor, kv_input_tensor], dim=-1)
    nkv = num_heads if num_kv_heads is None else num_kv_heads
    b, s, w = x.shape
    d = w // (num_heads + 2 * nkv)

    def heads(lo, n):
        return x[..., lo:lo + n * d].reshape(b, s, n, d).permute(0, 2, 1, 3).contiguous()

    q, k, v = heads(0, num_heads), heads(num_heads * d, nkv), heads((num_heads + nkv) * d, nkv)
    if transpose_key:
        k = k.transpose(-2, -1).contiguous()
    return q, k, v


def _attention_softmax(input_tensor, *, head_size, attention_mask, **_):
    """softmax(x / sqrt(head_size) + mask) over the last dim (no scaling without a head_size)."""
    import torch
    x = input_tensor * (1.0 / head_size ** 0.5 if head_size is not None else 1.0)
    if attention_mask is not None:
        x = x + attention_mask
    return torch.softmax(x, -1)


def _concatenate_heads(input_tensor, **_):
    """[B, H, S, d] -> [B, S, H * d]: the heads side by side."""
    b, h, s, d = input_tensor.shape
    return input_tensor.permute(0, 2, 1, 3).reshape(b, s, h * d).contiguous()


attach_golden_function("transformer.split_query_key_value_and_split_heads", _split_query_key_value_and_split_heads)
attach_golden_function("transformer.attention_softmax", _attention_softmax)
attach_golden_function("transformer.attention_softmax_", _attention_softmax)
attach_golden_function("transformer.concatenate_heads", _concatenate_heads)
