"""Compute kernel of ttnn.lgamma for a bfloat16 input (get_compute_kernel_path: lgamma_fast_kernel.cpp): per tile x
copied to Dst 0 and 1, lgamma_stirling_tile(0) (the log and reflection inside the SFPU kernel), then the reflection
term of lgamma_kernel (where_tile<Float16_b>) and lgamma_adjusted_tile(0, 1, 2, 0); pack Dst 0.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/compute/lgamma_fast_kernel.cpp.
Runtime args: num_tiles."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.lgamma_kernel import lgamma_tiles


def stirling_bfloat16():
    lgamma_stirling_tile_init()
    lgamma_stirling_tile(0)


def kernel_main():
    lgamma_tiles(stirling_bfloat16, "Float16_b", False)
