"""tensix.mlir: the TT-MLIR compiler of mid-2024 (tenstorrent/tt-mlir be6c5b5c98, 2024-08-08) in Python, on xDSL.

Dialects `tt`, `ttir`, `ttnn`; the passes of `ttmlir-opt` (`tensix-opt`); text parsed and printed as ttmlir-opt
did; `compile(text)` runs a module on the simulated Wormhole through tensix.ttnn. Needs the `mlir` extra
(`pip install 'tensix[mlir]'`); tensix's core never imports this package. Importing the package itself is cheap
(xDSL loads with the first module that needs it), so `tensix run` can map `ttmlir` to tensix.mlir.compat.ttmlir.
"""

from __future__ import annotations

import importlib
import importlib.util

try:
    _XDSL = importlib.util.find_spec("xdsl")
except (ImportError, ValueError):
    _XDSL = None
if _XDSL is None:
    raise ImportError(
        "tensix.mlir needs xDSL, which is not installed.\n"
        "Fix: pip install 'tensix[mlir]' (it pins the xDSL version tensix.mlir is written against).")

_LAZY = {
    "compile": "tensix.mlir.api",
    "Compiled": "tensix.mlir.api",
    "MLIRError": "tensix.mlir.errors",
    "MLIRLayoutError": "tensix.mlir.errors",
}


def __getattr__(name):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tensix.mlir' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))


__all__ = ["MLIRError", "MLIRLayoutError", "compile", "Compiled"]
