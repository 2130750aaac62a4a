"""Errors of tensix's TT-MLIR compiler (tensix.mlir)."""

from __future__ import annotations

from tensix.errors import TensixError


class MLIRError(TensixError):
    """A diagnostic of the compiler: bad input text, a verifier failure, a pass that cannot proceed.

    `diagnostic` is the text MLIR tools print (`file:line:col: error: 'op' op message`), `message` the bare rule."""

    def __init__(self, message: str, diagnostic: str | None = None):
        super().__init__(diagnostic or message)
        self.message = message
        self.diagnostic = diagnostic or message


class MLIRLayoutError(MLIRError):
    """A `#tt.layout` that tt-mlir's layout construction (TTOpsTypes.cpp) cannot build: it asserts there."""
