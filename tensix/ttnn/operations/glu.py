"""The gated linear units ttnn.glu, ttnn.reglu, ttnn.geglu and ttnn.swiglu, as tt-metal 622c6fb9 runs them.

Sources (tt-metal 622c6fb9): ttnn/cpp/ttnn/operations/eltwise/unary/device/unary_composite_op.cpp (glu, reglu,
geglu, swiglu and detail::split_tensor_for_glu), unary_composite.hpp (dim defaults to -1) and unary_nanobind.cpp
(bind_unary_operation_with_dim_parameter: `op(input_tensor, dim=-1, *, memory_config=None)`).

Each op is a host-side composite of three or four device programs, in this order, every one given the op's
memory_config (None: each op's own default, the input's):
1. split_tensor_for_glu: ttnn.slice(x, [0, 0, 0, 0], [P0, P1, P2, P3 / 2]) and ttnn.slice(x, [0, 0, 0, P3 / 2],
   [P0, P1, P2, P3]), where P is the input's *padded* shape (so a tensor whose logical shape is not tile-aligned is
   sliced over its tile padding, as on the card);
2. the gate on the second half: glu ttnn.sigmoid(b, vector_mode=RC, mode=Accurate); reglu ttnn.relu(b); geglu
   ttnn.gelu(b, fast_and_approximate_mode=True) (the composite's constexpr fast_appx); swiglu ttnn.swish(b) (SILU);
3. ttnn.multiply(a, gate) (dtype left to multiply).

Validation, as the C++ does it:
- dim: a TT_ASSERT that dim is -1 or 3. TT_ASSERT is compiled only into DEBUG builds; a release build skips it and
  splits the last dim whatever dim says (checking the tile condition below on shape[dim]). tensix refuses such a dim
  (ShapeError), as a debug build does, rather than return that result.
- the padded shape is indexed [3] (ttnn::Shape: "ShapeBase[] index out of range" below rank 4) and the slices get
  4 begins / ends (slice: "Input rank and begins must have the same size" above rank 4): rank 4 only.
- TT_FATAL((P[dim] / 2) % TILE_WIDTH == 0, "Split tensor dimension should be in full tile").
"""

from __future__ import annotations

from tensix.ttnn import op as O
from tensix.ttnn.errors import ShapeError
from tensix.ttnn.operations.binary import multiply
from tensix.ttnn.operations.dm_slice import slice as _slice
from tensix.ttnn.operations.unary import SigmoidMode, gelu, relu, sigmoid, swish
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import TILE_SIZE

__all__ = ["glu", "reglu", "geglu", "swiglu"]


def _split(op: str, x: Tensor, dim: int, memory_config):
    """detail::split_tensor_for_glu: the two halves of the padded last dim (after the dim / rank / tile checks)."""
    if not isinstance(x, Tensor):
        raise TypeError(f"{op}: input_tensor must be a ttnn.Tensor, got {type(x).__name__}.")
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"{op}: dim must be an int, got {type(dim).__name__}.")
    if dim not in (-1, 3):
        raise ShapeError(f"{op}: last dim {op[5:].upper()} only supported at this time (dim={dim}; the TT_ASSERT of "
                         "ttnn's debug builds).\nFix: dim=-1 or dim=3 (permute the dim to split to the last one).")
    x._check_alive(op)
    padded = tuple(x.padded_shape)
    rank = len(padded)
    if rank < 4:
        raise ShapeError(f"{op}: ShapeBase[] index out of range. 3 not in [-4, {rank}) (the split indexes the padded "
                         f"shape {list(padded)} at dim 3; only rank-4 tensors are split).\nFix: reshape the input "
                         "to rank 4, e.g. ttnn.reshape(x, [1] * (4 - rank) + shape).")
    half = padded[3] // 2
    if half % TILE_SIZE != 0:   # padded[dim] with dim 3 (not the last dim of a rank > 4 tensor)
        raise ShapeError(f"{op}: Split tensor dimension should be in full tile (padded shape {list(padded)}: "
                         f"{padded[3]} / 2 = {half} is not a multiple of {TILE_SIZE}).\nFix: a last dim that is a "
                         f"multiple of {2 * TILE_SIZE}.")
    if rank > 4:    # checked after the tile condition (on dim 3, not the last dim), by the slices
        raise ShapeError(f"{op}: Input rank {rank} and begins 4 must have the same size (the split slices with 4 "
                         "begins / ends; only rank-4 tensors are split).\nFix: reshape the input to rank 4.")
    p0, p1, p2, p3 = padded
    a = _slice(x, [0, 0, 0, 0], [p0, p1, p2, half], [1, 1, 1, 1], memory_config=memory_config)
    b = _slice(x, [0, 0, 0, half], [p0, p1, p2, p3], [1, 1, 1, 1], memory_config=memory_config)
    return a, b


def _gated(name: str, doc: str, gate):
    def fn(input_tensor, dim=-1, *, memory_config=None, **kwargs):
        op = f"ttnn.{name}"
        O.refuse_unknown_kwargs(op, kwargs)
        a, b = _split(op, input_tensor, dim, memory_config)
        return multiply(a, gate(b, memory_config), memory_config=memory_config)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


glu = _gated("glu", "ttnn.glu(x, dim=-1): a * sigmoid(b) of the halves a, b of the last dim (sigmoid Accurate, RC).",
             lambda b, mc: sigmoid(b, vector_mode=4, mode=SigmoidMode.Accurate, memory_config=mc))
reglu = _gated("reglu", "ttnn.reglu(x, dim=-1): a * relu(b) of the halves a, b of the last dim.",
               lambda b, mc: relu(b, memory_config=mc))
geglu = _gated("geglu", "ttnn.geglu(x, dim=-1): a * gelu(b) of the halves a, b of the last dim (gelu_tile<true>: the "
               "composite's fast_appx is constexpr true).",
               lambda b, mc: gelu(b, fast_and_approximate_mode=True, memory_config=mc))
swiglu = _gated("swiglu", "ttnn.swiglu(x, dim=-1): a * silu(b) of the halves a, b of the last dim (ttnn.swish).",
                lambda b, mc: swish(b, memory_config=mc))
