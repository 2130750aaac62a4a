"""ttnn.experimental: the experimental ops (ttnn.experimental.rotary_embedding, ...) -- whatever tensix.ttnn holds in
its own `experimental` namespace, when an op family adds one."""

from __future__ import annotations


def __getattr__(name):
    import tensix.ttnn as tt
    from tensix.ttnn.compat import fallback_getattr
    targets = [tt.experimental] if hasattr(tt, "experimental") else []
    try:
        return fallback_getattr("ttnn.experimental", targets, name)
    except AttributeError:
        if name.startswith("_"):     # not an op: a submodule or a dunder being looked up
            raise
        # an experimental op of ttnn's that tensix does not run: a placeholder whose call raises NotModelledError
        from tensix.ttnn.compat.ttnn import _unmodelled
        op = _unmodelled.lookup("ttnn.experimental", name)
        if op is None:
            raise
        return op
