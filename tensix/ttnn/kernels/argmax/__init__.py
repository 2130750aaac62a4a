"""Kernels of ttnn.argmax (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/argmax/device/kernels/), one file per
tt-metal kernel; argmax_lib.py holds what their shared headers (argmax_common.hpp, argmax_tile_layout.hpp) define."""
