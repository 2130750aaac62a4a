"""ttnn.transformer: the transformer ops (ttnn.transformer.split_query_key_value_and_split_heads, attention_softmax_,
concatenate_heads, ...) -- whatever tensix.ttnn holds in its own `transformer` namespace; the other ops of ttnn 0.81.1's
ttnn.transformer (scaled_dot_product_attention, ...) resolve to placeholders whose call raises NotModelledError."""

from __future__ import annotations


def __getattr__(name):
    import tensix.ttnn as tt
    from tensix.ttnn.compat import fallback_getattr
    targets = [tt.transformer] if hasattr(tt, "transformer") else []
    try:
        return fallback_getattr("ttnn.transformer", targets, name)
    except AttributeError:
        if name.startswith("_"):     # not an op: a submodule or a dunder being looked up
            raise
        from tensix.ttnn.compat.ttnn import _unmodelled
        op = _unmodelled.lookup("ttnn.transformer", name)
        if op is None:
            raise
        return op


def __dir__():
    import tensix.ttnn as tt
    return sorted(n for n in vars(getattr(tt, "transformer", object())) if not n.startswith("_"))
