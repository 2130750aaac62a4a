"""`ttmlir.dialects`: the `tt` dialect's Python API (tensix.mlir.compat.ttmlir.dialects.tt)."""
