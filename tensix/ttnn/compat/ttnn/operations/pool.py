"""Golden functions of the pools (tt-metal 622c6fb9 ttnn/ttnn/operations/pool.py) and the names tests import from
`ttnn.operations.pool`: golden_maxpool2d, golden_avg_pool2d, golden_global_avg_pool2d. Inputs are flattened NHWC
(1, 1, N*H*W, C) torch tensors; a 4-element padding [top, bottom, left, right] is applied with torch's pad (-inf for
max, 0 for average) before an unpadded torch pool, a 2-element one is torch's padding; results are flattened NHWC.
They use tt-metal's test helpers (tests/sweep_framework/sweep_utils/pool2d_common.py), as ttnn's do."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def golden_maxpool2d(input_tensor, batch_size, input_h, input_w, channels, kernel_size, stride, padding, dilation,
                     ceil_mode=False, return_indices=False, **_):
    import torch
    from tests.sweep_framework.sweep_utils.pool2d_common import pool_output_to_flat_nhwc, prepare_torch_pool_input
    x, pad = prepare_torch_pool_input(input_tensor, batch_size, input_h, input_w, channels, padding,
                                      pad_fill_value=float("-inf"))
    values, indices = torch.nn.functional.max_pool2d(x, kernel_size=kernel_size, stride=stride, padding=pad,
                                                     dilation=dilation, ceil_mode=ceil_mode, return_indices=True)
    values = pool_output_to_flat_nhwc(values)
    return (values, pool_output_to_flat_nhwc(indices)) if return_indices else values


def golden_avg_pool2d(input_tensor, batch_size, input_h, input_w, channels, kernel_size, stride, padding,
                      ceil_mode=False, count_include_pad=True, divisor_override=None, **_):
    import torch
    from tests.sweep_framework.sweep_utils.pool2d_common import pool_output_to_flat_nhwc, prepare_torch_pool_input
    x, pad = prepare_torch_pool_input(input_tensor, batch_size, input_h, input_w, channels, padding,
                                      pad_fill_value=0)
    out = torch.nn.functional.avg_pool2d(x, kernel_size=kernel_size, stride=stride, padding=pad,
                                         ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                                         divisor_override=divisor_override)
    return pool_output_to_flat_nhwc(out)


def golden_global_avg_pool2d(input_tensor):
    """NHWC rank 4 [N, H, W, C], 3 [H, W, C] or 2 [H, W]: the mean over H and W, keeping them as 1."""
    rank = input_tensor.dim()
    if rank == 2:
        return input_tensor.mean(dim=(0, 1), keepdim=True)
    return input_tensor.mean(dim=(-3, -2), keepdim=True)


attach_golden_function("max_pool2d", golden_maxpool2d)
attach_golden_function("avg_pool2d", golden_avg_pool2d)
attach_golden_function("global_avg_pool2d", golden_global_avg_pool2d)
