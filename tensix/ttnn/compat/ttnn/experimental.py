"""ttnn.experimental: the experimental ops (ttnn.experimental.rotary_embedding, ...) -- whatever tensix.ttnn holds in
its own `experimental` namespace, when an op family adds one."""

from __future__ import annotations


def __getattr__(name):
    import tensix.ttnn as tt
    from tensix.ttnn.compat import fallback_getattr
    targets = [tt.experimental] if hasattr(tt, "experimental") else []
    return fallback_getattr("ttnn.experimental", targets, name)
