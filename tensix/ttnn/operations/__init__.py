"""The TTNN ops, one module per op family. Every module lists its public ops in `__all__`; this package gathers
them (so an op family is added by adding its module, without editing a shared list)."""

from __future__ import annotations

import importlib
import pkgutil

__all__: list[str] = []

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _info.name.startswith("_"):
        continue
    _mod = importlib.import_module(f"{__name__}.{_info.name}")
    for _name in getattr(_mod, "__all__", ()):
        globals()[_name] = getattr(_mod, _name)
        __all__.append(_name)
