"""ttnn.operations: the Python side of ttnn's ops -- their golden functions (torch references, used by tt-metal's
tests through ttnn.get_golden_function) and the helpers tests import from these modules. One module per module of
tt-metal 622c6fb9 ttnn/ttnn/operations/, each registering the golden functions of its ops by ttnn name (written
for tensix from those files; the semantics, argument names and defaults are ttnn's).

Attributes not defined here fall back to tensix.ttnn.operations (the ops themselves)."""

from __future__ import annotations

import importlib
import pkgutil

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_info.name}")


def __getattr__(name):
    import tensix.ttnn.operations as ops
    try:
        return getattr(ops, name)
    except AttributeError:
        raise AttributeError(f"module 'ttnn.operations' has no attribute {name!r} in tensix") from None
