"""Pooling: ttnn.max_pool2d, ttnn.avg_pool2d and ttnn.global_avg_pool2d, as tt-metal 622c6fb9 runs them on Wormhole.

ttnn/cpp/ttnn/operations/pool/generic/generic_pools.cpp pool2d():
- a rank-3 [H, W, C] or rank-2 [H, W] input is first seen as [1, H, W, C] / [1, H, W, 1] (a reshape);
- the global average pool (avg_pool2d whose kernel is exactly the input's H x W, no padding, no dilation, no
  applied_shard_scheme, the padded spatial volume divisible by the batch, and a block-float TILE input only with
  H*W a tile multiple) is the "fast path": no halo and no pool kernel, but one reduction, pool_sum
  (generic_reductions.cpp: reduce_impl<Sum> over dim 2 with keepdim and the scalar 1/(H*W), or 1/divisor_override):
  a sharded input or requested output goes interleaved, a TILE input whose H*W is not a tile multiple goes
  ROW_MAJOR (the reduce tilizes it again with zero padding, so the tile padding never reaches the sum), the tensor
  is seen as (N, 1, H*W, C), reduced over H (ReduceMultiCoreHProgramFactory: GAPOOL with the scaler in bfloat16,
  tensix.ttnn.operations.reduction) to (N, 1, 1, C), reshaped to (1, 1, N, C) and brought to output_layout;
- everything else is the sliding-window path (halo, then the pool program of pool_multi_core_program_factory.cpp),
  see pool_sliding.py.

global_avg_pool2d is ttnn/ttnn/operations/pool.py's Python wrapper: a sharded input made interleaved, then
avg_pool2d with kernel (H, W), stride 1, no padding, TILE output, reshaped to (N, 1, 1, C).

Not modelled (NotModelledError): what pool_sliding.py names (return_indices, op_slicing's automatic slice choice for
big DRAM inputs, ...)."""

from __future__ import annotations

import enum

import numpy as np

from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, ShapeError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, MemoryConfig, TensorMemoryLayout

__all__ = ["max_pool2d", "avg_pool2d", "global_avg_pool2d", "Op2DSliceConfig", "Op2DDRAMSliceHeight",
           "Op2DDRAMSliceWidth", "Op2DL1Full", "Op2DL1FullSliceConfig"]

_BLOCK_FLOAT = (DataType.BFLOAT8_B, DataType.BFLOAT4_B)


class Op2DSliceConfig:
    """ttnn.Op2DSliceConfig(*, slice_type, num_slices=0) (sliding_window/op_slicing/op_slicing.hpp, bound in
    sliding_window_nanobind.cpp): how a conv2d / pool2d with a DRAM input is sliced along height or width (num_slices
    0: chosen by op_slicing::determine_slice_config), or L1Full (the whole op in L1)."""

    class SliceTypeEnum(enum.Enum):
        L1Full = 2
        DRAMSliceHeight = 0
        DRAMSliceWidth = 1

    def __init__(self, *, slice_type, num_slices: int = 0):
        if not isinstance(slice_type, Op2DSliceConfig.SliceTypeEnum):
            raise TTNNError(f"ttnn.Op2DSliceConfig: slice_type must be a ttnn.Op2DSliceConfig.SliceTypeEnum, got "
                            f"{slice_type!r}.")
        self.slice_type = slice_type
        self.num_slices = int(num_slices)

    def __repr__(self):
        return f"Op2DSliceConfig(slice_type={self.slice_type.name}, num_slices={self.num_slices})"


Op2DDRAMSliceHeight = Op2DSliceConfig.SliceTypeEnum.DRAMSliceHeight
Op2DDRAMSliceWidth = Op2DSliceConfig.SliceTypeEnum.DRAMSliceWidth
Op2DL1Full = Op2DSliceConfig.SliceTypeEnum.L1Full
Op2DL1FullSliceConfig = Op2DSliceConfig(slice_type=Op2DL1Full)


def _pair(what: str, name: str, v) -> tuple[int, int]:
    try:
        a, b = (int(x) for x in v)
    except (TypeError, ValueError):
        raise TTNNError(f"{what}: {name} must be a pair of ints (h, w), got {v!r}.") from None
    return a, b


def _padding_4d(what: str, padding) -> tuple[int, int, int, int]:
    """sliding_window.cpp get_pair_n4_padding: (pad_h, pad_w) is [pad_h, pad_h, pad_w, pad_w]; a 4-element padding
    is [top, bottom, left, right] as given."""
    p = [int(x) for x in padding]
    if len(p) == 2:
        return p[0], p[0], p[1], p[1]
    if len(p) == 4:
        return p[0], p[1], p[2], p[3]
    raise TTNNError(f"{what}: padding must have 2 (pad_h, pad_w) or 4 (top, bottom, left, right) elements, got "
                    f"{padding!r}.")


def _to_rank4(what: str, t: Tensor, batch_size: int, input_h: int, input_w: int, channels: int) -> Tensor:
    """pool2d(): a rank-3 [H, W, C] input as [1, H, W, C], a rank-2 [H, W] one as [1, H, W, 1] (reshape with the
    padded shape carried along)."""
    from tensix.ttnn.operations.dm_reshape import reshape
    shape, padded = tuple(t.shape), tuple(t.padded_shape)
    if len(shape) == 3:
        if batch_size != 1:
            raise ShapeError(f"{what}: For rank-3 input [H, W, C], batch_size must be 1, got {batch_size}")
        if (input_h, input_w, channels) != shape:
            raise ShapeError(f"{what}: For rank-3 input [H, W, C], dimensions must match: input_h={input_h}, "
                             f"input_w={input_w}, channels={channels}, but got shape {list(shape)}")
        return reshape(t, (1,) + shape, (1,) + padded)
    if len(shape) == 2:
        if batch_size != 1 or channels != 1:
            raise ShapeError(f"{what}: For rank-2 input [H, W], batch_size and channels must be 1, got "
                             f"batch_size={batch_size}, channels={channels}")
        if (input_h, input_w) != shape:
            raise ShapeError(f"{what}: For rank-2 input [H, W], dimensions must match: input_h={input_h}, "
                             f"input_w={input_w}, but got shape {list(shape)}")
        return reshape(t, (1,) + shape + (1,), (1,) + padded + (1,))
    if len(shape) != 4:
        raise ShapeError(f"{what}: Input tensor must be rank 2, 3, or 4, got rank {len(shape)}")
    return t


def _is_global(t4: Tensor, batch_size, input_h, input_w, kernel, pad4, dilation, applied_shard_scheme) -> bool:
    """generic_pools.cpp pool2d's gate of the global-pool fast path."""
    block_float_tile = t4.dtype in _BLOCK_FLOAT and t4.layout == Layout.TILE
    spatial_aligned = (input_h * input_w) % 32 == 0
    p = tuple(t4.padded_shape)
    return (kernel == (input_h, input_w) and pad4 == (0, 0, 0, 0) and dilation == (1, 1)
            and applied_shard_scheme is None and (p[0] * p[1] * p[2]) % batch_size == 0
            and (not block_float_tile or spatial_aligned))


def _global_avg(what: str, t4: Tensor, batch_size: int, input_h: int, input_w: int, channels: int,
                divisor_override, memory_config, compute_kernel_config, output_layout: Layout) -> Tensor:
    """The global average pool fast path of generic_pools.cpp pool2d (pool_sum, see the module docstring)."""
    from tensix.ttnn.core import to_layout
    from tensix.ttnn.operations.dm_memory import to_memory_config
    from tensix.ttnn.operations.dm_reshape import reshape
    from tensix.ttnn.operations.reduction import _reduce_impl
    in_mem = t4.memory_config()
    requested = memory_config if memory_config is not None else in_mem
    if requested.is_sharded() or in_mem.is_sharded():
        reduce_mem = MemoryConfig(TensorMemoryLayout.INTERLEAVED, requested.buffer_type)
    else:
        reduce_mem = requested
    honor_requested = not requested.is_sharded()
    hw = input_h * input_w
    # a float32 division on the host (1.0f / float(...)); the reduce's reader truncates it to bfloat16 in the scaler
    # tile (reduction.py)
    scalar = float(np.float32(1.0) / np.float32(divisor_override if divisor_override is not None else hw))
    x = t4
    if x.memory_config() != reduce_mem:
        x = to_memory_config(x, reduce_mem)
    block_float_tile = x.dtype in _BLOCK_FLOAT and x.layout == Layout.TILE
    if x.layout != Layout.ROW_MAJOR and hw % 32 != 0 and not block_float_tile:
        x = to_layout(x, Layout.ROW_MAJOR)
    p = tuple(x.padded_shape)
    total_padded_spatial = p[0] * p[1] * p[2]
    canonical = reshape(x, (batch_size, 1, hw, channels), (batch_size, 1, total_padded_spatial // batch_size, p[3]))
    out = _reduce_impl(what, "sum", canonical, [2], True, reduce_mem, compute_kernel_config, scalar, [], False, False)
    if batch_size != 1:
        out = reshape(out, (1, 1, batch_size, channels))
    if out.layout != output_layout:
        out = to_layout(out, output_layout, memory_config=reduce_mem)
    if honor_requested and out.memory_config() != requested:
        out = to_memory_config(out, requested)
    return out


def _pool2d(what: str, pool_type: str, input_tensor, batch_size, input_h, input_w, channels, kernel_size, stride,
            padding, dilation, ceil_mode, count_include_pad, divisor_override, memory_config, dram_slice_config,
            applied_shard_scheme, compute_kernel_config, deallocate_input, reallocate_halo_output, return_indices,
            dtype, output_layout, config_tensor_in_dram):
    """generic_pools.cpp pool2d: the rank-4 view, the global average fast path, else the sliding-window path."""
    if not isinstance(input_tensor, Tensor):
        raise TTNNError(f"{what}: input_tensor is a {type(input_tensor).__name__}, not a ttnn.Tensor.\nFix: "
                        "ttnn.from_torch(..., device=device) first.")
    O.device_of(what, input_tensor)
    batch_size, input_h, input_w, channels = int(batch_size), int(input_h), int(input_w), int(channels)
    kernel = _pair(what, "kernel_size", kernel_size)
    stride = _pair(what, "stride", stride)
    dil = (1, 1) if dilation is None else _pair(what, "dilation", dilation)
    pad4 = _padding_4d(what, padding)
    t4 = _to_rank4(what, input_tensor, batch_size, input_h, input_w, channels)
    if (pool_type == "avg" and not return_indices
            and _is_global(t4, batch_size, input_h, input_w, kernel, pad4, dil, applied_shard_scheme)):
        return [_global_avg(what, t4, batch_size, input_h, input_w, channels, divisor_override, memory_config,
                            compute_kernel_config, output_layout)]
    _check_out_dtype(what, dtype, output_layout)       # pool2d_L1's checks: the fast path above has none
    from tensix.ttnn.operations import pool_sliding
    return pool_sliding.pool2d_sliding(
        what, pool_type, t4, batch_size, input_h, input_w, channels, kernel, stride, pad4, dil, bool(ceil_mode),
        bool(count_include_pad), divisor_override, memory_config, dram_slice_config, applied_shard_scheme,
        compute_kernel_config, bool(deallocate_input), bool(return_indices), dtype, output_layout,
        bool(config_tensor_in_dram))


def _check_out_dtype(what: str, dtype, output_layout) -> None:
    """pool2d_L1's checks of the output format."""
    if dtype not in (DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.BFLOAT4_B):
        raise DTypeError(f"{what}: Currently only BFLOAT16, BFLOAT8_B, and BFLOAT4_B output data formats are "
                         f"supported (dtype={dtype!r}).")
    if dtype in _BLOCK_FLOAT and output_layout == Layout.ROW_MAJOR:
        raise DTypeError(f"{what}: BFLOAT8_B/BFLOAT4_B output data format is not supported with ROW_MAJOR layout.\n"
                         "Fix: output_layout=ttnn.TILE_LAYOUT, or dtype=ttnn.bfloat16.")


def max_pool2d(input_tensor, batch_size, input_h, input_w, channels, kernel_size, stride, padding, dilation,
               ceil_mode: bool = False, *, memory_config=None, dram_slice_config=None, applied_shard_scheme=None,
               deallocate_input: bool = False, reallocate_halo_output: bool = True, return_indices: bool = False,
               dtype=DataType.BFLOAT16, output_layout=Layout.ROW_MAJOR, config_tensor_in_dram: bool = False,
               **kwargs):
    """ttnn.max_pool2d(input_tensor, batch_size, input_h, input_w, channels, kernel_size, stride, padding, dilation,
    ceil_mode=False, *, memory_config=None, ...): the 2-D max pool of an NHWC input (flattened (1, 1, N*H*W, C) or
    (N, H, W, C)); the result is (1, 1, N*out_h*out_w, C). Exact (a maximum rounds nothing)."""
    what = "ttnn.max_pool2d"
    O.refuse_unknown_kwargs(what, kwargs)
    out = _pool2d(what, "max", input_tensor, batch_size, input_h, input_w, channels, kernel_size, stride, padding,
                  dilation, ceil_mode, True, None, memory_config, dram_slice_config, applied_shard_scheme, None,
                  deallocate_input, reallocate_halo_output, return_indices, dtype, output_layout,
                  config_tensor_in_dram)
    return tuple(out) if return_indices else out[0]


def avg_pool2d(input_tensor, batch_size, input_h, input_w, channels, kernel_size, stride, padding,
               ceil_mode: bool = False, count_include_pad: bool = True, divisor_override=None, *, memory_config=None,
               dram_slice_config=None, applied_shard_scheme=None, compute_kernel_config=None,
               deallocate_input: bool = False, reallocate_halo_output: bool = True, dtype=DataType.BFLOAT16,
               output_layout=Layout.ROW_MAJOR, config_tensor_in_dram: bool = False, **kwargs):
    """ttnn.avg_pool2d(input_tensor, batch_size, input_h, input_w, channels, kernel_size, stride, padding,
    ceil_mode=False, count_include_pad=True, divisor_override=None, *, ...): the 2-D average pool of an NHWC input;
    the result is (1, 1, N*out_h*out_w, C). The average is the FPU's sum of the window with a bfloat16 scaler
    (1/divisor) applied to each product, as the card computes it."""
    what = "ttnn.avg_pool2d"
    O.refuse_unknown_kwargs(what, kwargs)
    return _pool2d(what, "avg", input_tensor, batch_size, input_h, input_w, channels, kernel_size, stride, padding,
                   None, ceil_mode, count_include_pad, divisor_override, memory_config, dram_slice_config,
                   applied_shard_scheme, compute_kernel_config, deallocate_input, reallocate_halo_output, False,
                   dtype, output_layout, config_tensor_in_dram)[0]


def global_avg_pool2d(input_tensor, *, memory_config=None, dtype=None, **kwargs):
    """ttnn.global_avg_pool2d(input_tensor, *, memory_config=None, dtype=None) (ttnn/ttnn/operations/pool.py): the
    mean over H and W of an NHWC input (rank 4 [N, H, W, C], 3 [H, W, C] or 2 [H, W]) as (N, 1, 1, C) in TILE
    layout: avg_pool2d with the kernel (H, W), which takes its global-pool fast path (one pool_sum reduction)."""
    what = "ttnn.global_avg_pool2d"
    O.refuse_unknown_kwargs(what, kwargs)
    if not isinstance(input_tensor, Tensor):
        raise TTNNError(f"{what}: input_tensor is a {type(input_tensor).__name__}, not a ttnn.Tensor.")
    shape = list(input_tensor.shape)
    if len(shape) == 4:
        n, h, w, c = shape
    elif len(shape) == 3:
        (h, w, c), n = shape, 1
    elif len(shape) == 2:
        (h, w), n, c = shape, 1, 1
    else:
        raise ValueError(f"global_avg_pool2d expects rank 2, 3, or 4 input, got rank {len(shape)}")
    from tensix.ttnn.operations.dm_memory import to_memory_config
    from tensix.ttnn.operations.dm_reshape import reshape
    O.device_of(what, input_tensor)
    if input_tensor.memory_config().is_sharded():
        input_tensor = to_memory_config(
            input_tensor, MemoryConfig(TensorMemoryLayout.INTERLEAVED, input_tensor.memory_config().buffer_type))
    result = avg_pool2d(input_tensor, n, h, w, c, (h, w), (1, 1), (0, 0), memory_config=memory_config,
                        dtype=dtype if dtype is not None else DataType.BFLOAT16, output_layout=Layout.TILE)
    return reshape(result, (n, 1, 1, c))
