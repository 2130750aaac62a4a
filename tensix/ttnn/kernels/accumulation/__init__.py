"""Kernels of ttnn.cumsum (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/accumulation/device/kernels/), one
file per tt-metal kernel."""
