"""Kernels of ttnn.topk (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/), one file per
tt-metal kernel."""
