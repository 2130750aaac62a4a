"""ttnn.mac (multiply-accumulate, a * b + c) as tt-metal 622c6fb9 composes it of device programs.

Sources (tt-metal 622c6fb9): ttnn/cpp/ttnn/operations/eltwise/ternary/ternary_composite_op.cpp (mac, both
overloads), ternary_nanobind.cpp (bind_ternary_mac: `mac(input_tensor_a, input_tensor_b, input_tensor_c, *,
memory_config=None)` and `mac(input_tensor_a, value1, value2, *, memory_config=None)`).

- three tensors: ttnn.multiply then ttnn.add (each binary_ng, output dtype None, the memory config passed to both);
  the order of the operands follows which ones are scalars (Tensor::is_scalar: rank 0 or one element): a tensor a
  gives add(multiply(a, b), c); a scalar a and a tensor b give add(multiply(b, a), c); scalar a and b with a tensor c
  give add(c, multiply(a, b)); three scalar tensors add(multiply(a, b), c) without the memory config.
- a tensor and two numbers: add(multiply(a, value1), value2) (binary_ng's scalar ops).
"""

from __future__ import annotations

from tensix.ttnn import op as O
from tensix.ttnn.operations.binary import _is_scalar, add, multiply
from tensix.ttnn.tensor import Tensor

__all__ = ["mac"]


def _is_scalar_tensor(t: Tensor) -> bool:
    """Tensor::is_scalar (tensor.cpp): logical rank 0 or volume 1."""
    shape = tuple(t.shape)
    vol = 1
    for d in shape:
        vol *= d
    return len(shape) == 0 or vol == 1


def mac(input_tensor_a, input_tensor_b, input_tensor_c, *, memory_config=None, **kwargs):
    """ttnn.mac(a, b, c): a * b + c (ternary_composite_op.cpp mac: ttnn.multiply, then ttnn.add)."""
    O.refuse_unknown_kwargs("ttnn.mac", kwargs)
    a, b, c = input_tensor_a, input_tensor_b, input_tensor_c
    if not isinstance(a, Tensor):
        raise TypeError("ttnn.mac(): incompatible function arguments: input_tensor_a must be a ttnn.Tensor (got "
                        f"{type(a).__name__}).")
    if isinstance(b, Tensor) and isinstance(c, Tensor):
        mc = memory_config
        if not _is_scalar_tensor(a):
            return add(multiply(a, b, memory_config=mc), c, memory_config=mc)
        if not _is_scalar_tensor(b):
            return add(multiply(b, a, memory_config=mc), c, memory_config=mc)
        if not _is_scalar_tensor(c):
            return add(c, multiply(a, b, memory_config=mc), memory_config=mc)
        return add(multiply(a, b), c)
    if _is_scalar(b) and _is_scalar(c):
        return add(multiply(a, float(b), memory_config=memory_config), float(c), memory_config=memory_config)
    raise TypeError("ttnn.mac(): incompatible function arguments: (Tensor, Tensor, Tensor) or (Tensor, float, float) "
                    f"(got Tensor, {type(b).__name__}, {type(c).__name__}).\nFix: pass three tensors, or a tensor "
                    "and two numbers.")
