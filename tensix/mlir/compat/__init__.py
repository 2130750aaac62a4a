"""Facades of other projects' Python packages, for scripts that run unmodified under `tensix run`:
`ttmlir` (tt-mlir's 2024 Python bindings, as seed 003's layout script uses them) is tensix.mlir.compat.ttmlir."""
