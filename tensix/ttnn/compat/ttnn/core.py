"""`ttnn.core` as ttnn's Python package has it (tt-metal 622c6fb9 ttnn/ttnn/core.py): the small helpers tt-metal's tests
call through the module (`ttnn.core.divup`, `ttnn.core.roundup`, `has_tile_padding`, ...); every other name is
tensix.ttnn.core's (get_memory_config, is_tensor_storage_on_device, ...) or the facade's."""

from __future__ import annotations

import tensix.ttnn.core as _core
from tensix.ttnn.compat import fallback_getattr

__all__ = []


def divup(a, b):
    """ceil(a / b) for integers."""
    return (a + b - 1) // b


def roundup(a, b):
    """a rounded up to a multiple of b."""
    return divup(a, b) * b


def has_storage_type_of(tensor, storage_type) -> bool:
    return tensor.storage_type() == storage_type


def is_sharded(tensor) -> bool:
    return tensor.is_sharded()


def has_tile_padding(tensor, *, dim=None) -> bool:
    """Whether the logical shape differs from the padded one in `dim`, or (dim None) in either of the last two dims."""
    if dim is not None:
        rank = len(tensor.shape)
        dim = dim if dim >= 0 else rank + dim
        return tensor.shape[dim] != tensor.padded_shape[dim]
    if len(tensor.shape) > 1:
        return tuple(tensor.shape[-2:]) != tuple(tensor.padded_shape[-2:])
    return False


def ttnn_dtype_to_torch_dtype(dtype):
    """ttnn's table: block floats read back as float32."""
    import torch

    from tensix.ttnn.types import DataType
    return {DataType.UINT8: torch.uint8, DataType.UINT16: torch.uint16, DataType.UINT32: torch.uint32,
            DataType.INT32: torch.int32, DataType.FLOAT32: torch.float32, DataType.BFLOAT16: torch.bfloat16,
            DataType.BFLOAT8_B: torch.float32, DataType.BFLOAT4_B: torch.float32}[dtype]


def num_cores_to_corerangeset(target_num_cores, grid_size, row_wise=False):
    import tensix.ttnn.compat.ttnn as facade
    return facade.num_cores_to_corerangeset(target_num_cores, grid_size, row_wise)


def __getattr__(name):
    import tensix.ttnn.compat.ttnn as facade
    return fallback_getattr("ttnn.core", [_core, facade], name)
