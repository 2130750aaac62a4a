"""Kernels of ttnn.sort (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/sort/device/kernels/), one file per
tt-metal kernel."""
