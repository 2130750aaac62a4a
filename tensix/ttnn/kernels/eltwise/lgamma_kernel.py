"""Compute kernel of ttnn.lgamma for a float32 input (get_compute_kernel_path: lgamma_kernel.cpp unless BFLOAT16): per
tile x copied to Dst 0 and 1; z = 1 - x where x < 0.5, else x (fill_tile 0.5 / 1.0, sub_binary_tile, ltz_tile,
where_tile<Float32>) into Dst 1, its log_tile; lgamma_stirling_float_tile(0, 1, 0); then ln|sin(pi frac(x))| (0 at
integers: frac_tile, mul_binary_tile by a filled pi, sin_tile, floor_tile, eq_binary_tile, where_tile, abs_tile,
log_tile) into Dst 1, x into Dst 2, lgamma_adjusted_tile(0, 1, 2, 0); pack Dst 0.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/compute/lgamma_kernel.cpp (its M_PI is
the float 3.14159265f). Runtime args: num_tiles."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.lgamma_lib import (fill_tile, fill_tile_init, lgamma_adjusted_tile,
                                                    lgamma_adjusted_tile_init, rounding_op_tile_init)

FORK = "622c6fb9"
M_PI = 3.14159265358979323846


def log_abs_sin_pi_x(cb_input, where_format, recopy):
    """The kernels' shared tail before lgamma_adjusted_tile: Dst 1 = ln|sin(pi * frac(x))|, with 0 (so ln 0 = -inf)
    where x is an integer; Dst 2 = x. recopy: x copied to Dst 1 again first (lgamma_kernel, whose Dst 1 held ln z)."""
    fill_tile_init()
    fill_tile(2, M_PI)
    if recopy:
        copy_tile_to_dst_init_short(cb_input)
        copy_tile(cb_input, 0, 1)
    rounding_op_tile_init()
    frac_tile(1)
    mul_binary_tile_init()
    mul_binary_tile(1, 2, 1)
    sin_tile_init(version=FORK)
    sin_tile(1, version=FORK)
    copy_tile_to_dst_init_short(cb_input)
    copy_tile(cb_input, 0, 2)
    copy_tile(cb_input, 0, 3)
    rounding_op_tile_init()
    floor_tile(3)
    eq_binary_tile_init()
    eq_binary_tile(2, 3, 2)
    fill_tile_init()
    fill_tile(3, 0.0)
    where_tile_init()
    where_tile(2, 3, 1, 1, where_format)
    abs_tile_init()
    abs_tile(1)
    log_tile_init()
    log_tile(1)
    copy_tile_to_dst_init_short(cb_input)
    copy_tile(cb_input, 0, 2)
    lgamma_adjusted_tile_init()
    lgamma_adjusted_tile(0, 1, 2, 0)


def lgamma_tiles(stirling, where_format, recopy):
    """The two kernels' loop: per tile x copied to Dst 0 and 1, stirling(cb_input) leaving the Stirling result in Dst
    0, then log_abs_sin_pi_x and lgamma_adjusted_tile; pack Dst 0."""
    num_tiles = get_arg_val(0)
    cb_input, cb_output = CBIndex.c_0, CBIndex.c_2
    init_sfpu(cb_input, cb_output)
    for _ in range(num_tiles):
        tile_regs_acquire()
        cb_wait_front(cb_input, 1)
        cb_reserve_back(cb_output, 1)
        copy_tile_to_dst_init_short(cb_input)
        copy_tile(cb_input, 0, 0)
        copy_tile(cb_input, 0, 1)
        stirling()
        log_abs_sin_pi_x(cb_input, where_format, recopy)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_output)
        cb_pop_front(cb_input, 1)
        cb_push_back(cb_output, 1)
        tile_regs_release()


def stirling_float32():
    """Dst 1 = z = (x < 0.5 ? 1 - x : x) through fill / sub_binary / ltz / where<Float32>, then ln z; Dst 0 =
    lgamma_stirling_float_tile(x, ln z)."""
    fill_tile_init()
    fill_tile(2, 0.5)
    sub_binary_tile_init()
    sub_binary_tile(1, 2, 1)        # x - 0.5
    ltz_tile_init()
    ltz_tile(1)                     # x - 0.5 < 0
    fill_tile_init()
    fill_tile(2, 1.0)
    sub_binary_tile_init()
    sub_binary_tile(2, 0, 2)        # 1 - x
    where_tile_init()
    where_tile(1, 2, 0, 1, "Float32")   # z
    log_tile_init()
    log_tile(1)                     # ln z
    lgamma_stirling_float_tile_init()
    lgamma_stirling_float_tile(0, 1, 0)


def kernel_main():
    lgamma_tiles(stirling_float32, "Float32", True)
