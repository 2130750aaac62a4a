"""ttnn.repeat_interleave, as tt-metal 622c6fb9 composes it (ttnn/cpp/ttnn/operations/data_movement/
repeat_interleave/repeat_interleave.cpp):
- repeats == 1: ttnn.to_memory_config(input, memory_config);
- the last dim: transpose(-1, -2), repeat_interleave along -2, transpose back;
- else: typecast to BFLOAT16 unless it is, to ROW_MAJOR, unsqueeze at dim + 1, concat of the unsqueezed tensor with
  itself along dim + 1 in batches of 32 (then of the batches), reshape to the repeated shape, back to the input's
  layout and dtype.
Every step is the ttnn op's own program (no host-side repetition)."""

from __future__ import annotations

from tensix.ttnn.errors import TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout

__all__ = ["repeat_interleave"]

_BATCH = 32     # repeats_batched


def repeat_interleave(input_tensor: Tensor, repeats, dim: int, *, memory_config=None) -> Tensor:
    """ttnn.repeat_interleave(input_tensor, repeats, dim, *, memory_config=None) (repeat_interleave_nanobind.cpp:
    repeats is an int)."""
    from tensix.ttnn import core, operations as ops
    what = "ttnn.repeat_interleave"
    if isinstance(repeats, Tensor) or not isinstance(repeats, int) or isinstance(repeats, bool):
        raise TypeError(f"{what}: repeats must be an int (uint32_t in ttnn's binding), got {type(repeats).__name__}")
    if repeats < 0:
        raise TypeError(f"{what}: repeats must be a non-negative int (uint32_t in ttnn's binding), got {repeats}")
    a = input_tensor
    mc = memory_config or a.memory_config()
    if repeats == 1:
        return ops.to_memory_config(a, mc)
    shape = [int(d) for d in a.shape]
    rank = len(shape)
    if not -rank <= dim < rank:
        raise TTNNError(f"{what}: Index is out of bounds for the rank, should be between {-rank} and {rank - 1} "
                        f"however is {dim}")
    nd = dim + rank if dim < 0 else dim
    if nd == rank - 1:
        t = ops.transpose(a, -1, -2, memory_config=mc)
        t = repeat_interleave(t, repeats, -2, memory_config=mc)
        return ops.transpose(t, -1, -2, memory_config=mc)
    rm = a
    cast = a.dtype != DataType.BFLOAT16
    if cast:
        rm = core.typecast(rm, DataType.BFLOAT16, memory_config=mc)
    rm = core.to_layout(rm, Layout.ROW_MAJOR)
    final = list(shape)
    final[nd] *= repeats
    unsq = ops.unsqueeze(rm, nd + 1)
    combined, batch = [], []
    for i in range(repeats):
        batch.append(unsq)
        if len(batch) == _BATCH or i == repeats - 1:
            combined.append(ops.concat(batch, nd + 1))
            batch = []
    cat = ops.concat(combined, nd + 1)
    out = core.to_layout(ops.reshape(cat, final), a.layout)
    return core.typecast(out, a.dtype, memory_config=mc) if cast else out
