"""tensix.mlir: the TT-MLIR compiler of mid-2024 (tenstorrent/tt-mlir be6c5b5c98, 2024-08-08) in Python, on xDSL.

Dialects `tt`, `ttir`, `ttnn`; the passes of `ttmlir-opt` (`tensix-opt`); text parsed and printed as ttmlir-opt
did. Needs the `mlir` extra (`pip install 'tensix[mlir]'`); tensix's core never imports this package.
"""

from __future__ import annotations

try:
    import xdsl  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "tensix.mlir needs xDSL, which is not installed.\n"
        "Fix: pip install 'tensix[mlir]' (it pins the xDSL version tensix.mlir is written against)."
    ) from exc

from tensix.mlir.api import Compiled, compile  # noqa: A004 - tensix.mlir.compile is the issue's name
from tensix.mlir.errors import MLIRError, MLIRLayoutError

__all__ = ["MLIRError", "MLIRLayoutError", "compile", "Compiled"]
