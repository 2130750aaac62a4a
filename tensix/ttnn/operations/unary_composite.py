"""ttnn.tril, ttnn.triu and ttnn.multigammaln: host-side composites of device programs, as tt-metal 622c6fb9 runs
them.

Sources (tt-metal 622c6fb9): ttnn/cpp/ttnn/operations/eltwise/unary/device/unary_composite_op.cpp (tril, triu,
multigammaln), ttnn/cpp/ttnn/operations/functions.hpp (index_trilu), unary_nanobind.cpp
(bind_unary_composite_int_with_default: `tril(input_tensor, diagonal=0, *, memory_config=None)`;
bind_unary_composite_2param: `multigammaln(input_tensor, *, memory_config=None)`).

- tril / triu: index_trilu<bfloat16> builds a 0 / 1 mask on the host over the input's *padded* shape (element
  (y, x) of every matrix is 1 where y >= x - diagonal for tril, x >= y + diagonal for triu, tile padding included),
  as a BFLOAT16 row-major tensor of the input's logical shape turned into TILE on the host and written to the device
  with the output memory config (the input's if none); then ttnn.multiply(input, mask). So masked elements are
  x * 0: -0.0 for a negative x, NaN for an infinite one, as on the card.
- multigammaln (p = 4): lgamma(x) + lgamma(x - 0.5) + lgamma(x - 1) + lgamma(x - 1.5) + 3.434189657547 (3 ln pi
  as a float32 literal), added left to right, each step a device program.
"""

from __future__ import annotations

import numpy as np

from tensix.ttnn import tensor as T
from tensix.ttnn.core import to_device
from tensix.ttnn.errors import ShapeError
from tensix.ttnn.operations.binary import add, multiply, subtract
from tensix.ttnn.operations.unary import lgamma
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout

__all__ = ["tril", "triu", "multigammaln"]

_LN_PI_TIMES_3 = 3.434189657547      # the C++ literal (3.434189657547f)


def _check(op: str, x, diagonal=None):
    if not isinstance(x, Tensor):
        raise TypeError(f"ttnn.{op}: input_tensor must be a ttnn.Tensor, got {type(x).__name__}.")
    if diagonal is not None and (isinstance(diagonal, bool) or not isinstance(diagonal, (int, np.integer))):
        raise TypeError(f"ttnn.{op}: diagonal must be an int (the binding's int32_t), got {type(diagonal).__name__}.")
    x._check_alive(f"ttnn.{op}")


def _index_trilu(x: Tensor, diagonal: int, upper: bool, memory_config) -> Tensor:
    """functions.hpp index_trilu<bfloat16, upper>: the mask over x's padded shape, TILE, on x's device."""
    padded = tuple(x.padded_shape)
    if len(padded) < 2:
        raise ShapeError(
            f"ttnn.{'triu' if upper else 'tril'}: the input needs at least two dims (index_trilu indexes the padded "
            f"shape at rank - 2), got padded shape {list(padded)}.")
    y = np.arange(padded[-2])[:, None]
    xs = np.arange(padded[-1])[None, :]
    tri = (xs >= y + diagonal) if upper else (y >= xs - diagonal)
    mask = np.broadcast_to(tri.astype(np.float32), padded)
    host = np.asarray(T.convert_values(np.ascontiguousarray(mask), DataType.BFLOAT16), order="C")
    m = Tensor._make(x.shape, DataType.BFLOAT16, Layout.TILE, host=host, padded=padded)
    return to_device(m, x.device(), memory_config=memory_config or x.memory_config())


def tril(input_tensor: Tensor, diagonal: int = 0, *, memory_config=None, **kwargs) -> Tensor:
    """ttnn.tril(input_tensor, diagonal=0, *, memory_config=None): input_tensor times index_tril's 0 / 1 mask
    (elements above the diagonal become x * 0)."""
    _check("tril", input_tensor, diagonal)
    mask = _index_trilu(input_tensor, int(diagonal), False, memory_config)
    return multiply(input_tensor, mask, memory_config=memory_config)


def triu(input_tensor: Tensor, diagonal: int = 0, *, memory_config=None, **kwargs) -> Tensor:
    """ttnn.triu(input_tensor, diagonal=0, *, memory_config=None): input_tensor times index_triu's 0 / 1 mask
    (elements below the diagonal become x * 0)."""
    _check("triu", input_tensor, diagonal)
    mask = _index_trilu(input_tensor, int(diagonal), True, memory_config)
    return multiply(input_tensor, mask, memory_config=memory_config)


def multigammaln(input_tensor: Tensor, *, memory_config=None, **kwargs) -> Tensor:
    """ttnn.multigammaln(input_tensor, *, memory_config=None): the multivariate log-gamma of order 4 (valid for
    x > 1.5), as the composite's chain of lgamma, subtract and add programs."""
    _check("multigammaln", input_tensor)
    x = input_tensor
    result = lgamma(x, memory_config=memory_config)
    for shift in (0.5, 1.0, 1.5):
        result = add(result, lgamma(subtract(x, shift, memory_config=memory_config), memory_config=memory_config),
                     memory_config=memory_config)
    return add(result, _LN_PI_TIMES_3, memory_config=memory_config)
