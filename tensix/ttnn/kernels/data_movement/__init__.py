"""Kernels of ttnn's data movement ops (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/.../kernels), one
file per tt-metal kernel, and kernel_lib (ttnn's compute_kernel_lib tilize / untilize helpers)."""
