"""norm::kernel_util::compute::combine_welford_partials (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/
kernel_util/compute/combine_welford.h): the [mean, variance] tile pairs of num_sets Welford partials, each over
next_set_size(b) samples, merged into one mean and one variance (Chan's parallel update, on the SFPU in Dst), with
optionally 1/sqrt(Var + eps) in place of the variance; both packed into cb_combined.

Per set b, with n_a the samples merged so far and n_b = next_set_size(b) (the RISC-V's float32 arithmetic: the
weights are compile-time-like scalars passed as float bits):
    delta = x_b - mean;  mean = mean * n_a/(n_a+n_b) + x_b * n_b/(n_a+n_b)
    M2 += delta^2 * (n_a * n_b/(n_a+n_b)) + var_b * n_b
then var = M2 * (1/n). Dst 0 and 1 are scratch, 2 the mean, 3 M2; all four are zeroed first (fill_tile)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK

_TMP0, _TMP1, _MEAN, _M2 = 0, 1, 2, 3
_MEAN_IDX, _VAR_IDX = 0, 1


def f32_bits(x) -> int:
    """generic::bit_cast<uint32_t>(float)."""
    return int(np.array([x], np.float32).view(np.uint32)[0])


def combine_welford_partials(cb_partials, cb_combined, num_sets, next_set_size, rsqrt=False, eps_bits=0):
    """combine_welford_partials(cb_partials, cb_combined, num_sets, next_set_size_fn, RSqrtPolicy{rsqrt, eps}):
    consumes 2 * num_sets tiles of cb_partials; reserves 2 pages of cb_combined and packs the mean and the variance
    (or 1/sqrt(variance + eps)) without pushing them (the caller pushes all its rows' pairs at once)."""
    reconfig_data_format(cb_partials, cb_partials)
    pack_reconfig_data_format(cb_combined)
    tile_regs_acquire()
    fill_tile_init()
    for d in (_TMP0, _TMP1, _MEAN, _M2):
        fill_tile(d, 0.0)
    acc_n = 0
    for b in range(num_sets):
        cb_wait_front(cb_partials, 2)
        n_a = np.float32(acc_n)
        n_b = np.float32(next_set_size(b))
        n_a_norm = n_a / (n_a + n_b)            # float32 division, as the RISC-V computes it
        n_b_norm = n_b / (n_a + n_b)

        copy_tile_to_dst_init_short(cb_partials)
        copy_tile(cb_partials, _MEAN_IDX, _TMP1)
        sub_binary_tile_init()
        sub_binary_tile(_TMP1, _MEAN, _TMP0)                    # delta = x_b - mean
        binop_with_scalar_tile_init()
        mul_unary_tile(_MEAN, f32_bits(n_a_norm), version=FORK)
        binop_with_scalar_tile_init()
        mul_unary_tile(_TMP1, f32_bits(n_b_norm), version=FORK)
        add_binary_tile_init()
        add_binary_tile(_MEAN, _TMP1, _MEAN)
        square_tile_init(version=FORK)
        square_tile(_TMP0, version=FORK)
        binop_with_scalar_tile_init()
        mul_unary_tile(_TMP0, f32_bits(n_a * n_b_norm), version=FORK)
        add_binary_tile_init()
        add_binary_tile(_M2, _TMP0, _M2)

        copy_tile_to_dst_init_short(cb_partials)
        copy_tile(cb_partials, _VAR_IDX, _TMP0)
        binop_with_scalar_tile_init()
        mul_unary_tile(_TMP0, f32_bits(n_b), version=FORK)      # M2_b = var_b * n_b
        add_binary_tile_init()
        add_binary_tile(_M2, _TMP0, _M2)

        acc_n += int(n_b)
        cb_pop_front(cb_partials, 2)

    binop_with_scalar_tile_init()
    mul_unary_tile(_M2, f32_bits(np.float32(1.0) / np.float32(acc_n)), version=FORK)
    if rsqrt:
        binop_with_scalar_tile_init()
        add_unary_tile(_M2, int(eps_bits), version=FORK)
        rsqrt_tile_init(version=FORK)
        rsqrt_tile(_M2, version=FORK)

    tile_regs_commit()
    cb_reserve_back(cb_combined, 2)
    tile_regs_wait()
    pack_tile(_MEAN, cb_combined)
    pack_tile(_M2, cb_combined)
    tile_regs_release()
