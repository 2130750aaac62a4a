"""Checks shared by the ttir and ttnn ops: MLIR's interface and trait verifiers, and tt-mlir's op verifiers.

The texts are MLIR's (llvm-project 9ddfe62f5c11): DestinationStyleOpInterface.cpp
`verifyDestinationStyleOpInterface`, OpDefinition.cpp `verifyElementwise`; and tt-mlir's (be6c5b5c98
lib/Dialect/TTIR/IR/TTIROps.cpp and lib/Dialect/TTNN/IR/TTNNOps.cpp; the ops tt-mlir added after 2024-08-08,
reshape / concat / embedding, from lib/Dialect/TTIR/IR/TTIROps.cpp at 8f3f90aa00, 2024-11-15).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import TensorType
from xdsl.ir import SSAValue
from xdsl.utils.exceptions import VerifyException


def fail(message: str):
    raise VerifyException(message)


def verify_dps(op, outputs: Sequence[SSAValue]) -> None:
    """DestinationStyleOpInterface: one tensor result per output tensor, of the output's type."""
    tensor_outputs = [o for o in outputs if isinstance(o.type, TensorType)]
    tensor_results = [r for r in op.results if isinstance(r.type, TensorType)]
    if len(tensor_results) != len(tensor_outputs):
        fail(f"expected the number of tensor results ({len(tensor_results)}) to be equal to the number of output "
             f"tensors ({len(tensor_outputs)})")
    from tensix.mlir.asm import attr_str

    for res, out in zip(tensor_results, tensor_outputs):
        if res.type != out.type:
            index = list(op.operands).index(out)
            fail(f"expected type of operand #{index} ({attr_str(out.type)}) to match type of corresponding result "
                 f"({attr_str(res.type)})")


def broadcast_shape(*shapes: Sequence[int]) -> tuple[int, ...] | None:
    """MLIR's OpTrait::util::getBroadcastedShape (numpy's rule: trailing dims equal or 1); None if incompatible."""
    rank = max(len(s) for s in shapes)
    out = []
    for i in range(rank):
        dims = {s[len(s) - rank + i] for s in shapes if len(s) - rank + i >= 0} - {1}
        if len(dims) > 1:
            return None
        out.append(dims.pop() if dims else 1)
    return tuple(out)


def verify_elementwise(op, inputs: Sequence[SSAValue] | None = None) -> None:
    """OpTrait::Elementwise: every tensor operand and result has the same shape (2024). With `inputs` (a binary op),
    inputs that broadcast to the outputs' shape are accepted too: tt-mlir's later implicit broadcast
    (TTIROpsInterfaces.cpp verifyBroadcastable, 2024-11 on), what torch-mlir's TOSA needs (`x - max(x)` over a
    kept dim, a scalar scale)."""
    mappable = [v.type for v in (*op.operands, *op.results) if isinstance(v.type, TensorType)]
    if not mappable:
        return
    shapes = {tuple(t.get_shape()) for t in mappable}
    if len(shapes) > 1:
        if inputs is not None:
            ins = [tuple(v.type.get_shape()) for v in inputs]
            rest = {tuple(v.type.get_shape()) for v in op.operands if v not in inputs} | \
                {tuple(r.type.get_shape()) for r in op.results}
            if len(rest) == 1 and broadcast_shape(*ins) == next(iter(rest)):
                return
        fail("all non-scalar operands/results must have the same shape and base type")


def rank(v: SSAValue) -> int:
    return len(v.type.get_shape())


def shape(v: SSAValue) -> tuple[int, ...]:
    return tuple(v.type.get_shape())


def verify_softmax(inp: SSAValue, out: SSAValue, dimension: int) -> None:
    if shape(inp) != shape(out):
        fail("Input and output shapes must be the same")
    if dimension >= rank(inp) or dimension < -rank(inp):
        fail("Dimension attribute must be within the bounds of the input tensor")


def verify_transpose(inp: SSAValue, out: SSAValue, dim1: int, dim2: int) -> None:
    r = rank(inp)
    if r < 2:
        fail("Input must be at least a 2D tensor")
    if r != rank(out):
        fail("Input must have the same rank as output")
    if dim1 >= r or dim1 < -r:
        fail("Dimension 1 attribute must be within the bounds of the input tensor")
    if dim2 >= r or dim2 < -r:
        fail("Dimension 2 attribute must be within the bounds of the input tensor")
    dim1 %= r
    dim2 %= r
    si, so = shape(inp), shape(out)
    if so[dim1] != si[dim2] or so[dim2] != si[dim1]:
        fail("Input-output transpose dimension mismatch.")


def verify_matmul(a: SSAValue, b: SSAValue, out: SSAValue) -> None:
    sa, sb, so = shape(a), shape(b), shape(out)
    if len(sa) < 2:
        fail("Input A must be at least a 2D tensor")
    if len(sb) < 2:
        fail("Input B must be at least a 2D tensor")
    if len(sa) != len(sb):
        fail("Input A and B must have the same rank")
    if len(sa) != len(so):
        fail("Input A and B must have the same rank as the output")
    if sa[-1] != sb[-2]:
        fail("Input A and B must have matching inner dimensions")
    if so[-2] != sa[-2]:
        fail("Output must have the same number of rows as input A")
    if so[-1] != sb[-1]:
        fail("Output must have the same number of columns as input B")


def verify_reshape(inp: SSAValue, out: SSAValue, new_shape: Sequence[int]) -> None:
    n = len(new_shape)
    if n != rank(out):
        fail("Shape attribute size must match output tensor rank")
    if n == 0:
        fail("Shape attribute must be non-empty")
    if n > 5:
        fail("Shape attribute must have at most 5 elements")
    vol_in, vol_out = _volume(shape(inp)), _volume(shape(out))
    if vol_in != vol_out:
        fail("Input and output tensors must have the same number of elements")
    negative, known = False, 1
    for i, d in enumerate(new_shape):
        if d == -1:
            if negative:
                fail("Shape attribute must have at most one -1 element")
            negative = True
        else:
            if d <= 0:
                fail("All dimensions must be positive except the one with -1")
            if d != shape(out)[i]:
                fail("Shape attribute must match the output tensor shape for dimensions that are not -1")
            known *= d
    if negative and vol_in % known != 0:
        fail("Invalid shape: the dimensions do not multiply to the total number of elements in the tensor")


def verify_concat(inputs: Sequence[SSAValue], dim: int) -> None:
    if not inputs:
        fail("expects at least one input")
    first = shape(inputs[0])
    d = dim + len(first) if dim < 0 else dim
    if d < 0 or d >= len(first):
        fail(f"Invalid dimension {dim} for concatenation.")
    for v in inputs[1:]:
        s = shape(v)
        if len(s) != len(first):
            fail("All input tensors must have the same rank.")
        for i in range(len(first)):
            if i != d and s[i] != first[i]:
                fail(f"All input tensors must have the same dimensions, except for dimension {d}.")


def verify_embedding(inp: SSAValue, weight: SSAValue, out: SSAValue) -> None:
    if rank(weight) != 2:
        fail("Weight must be a 2D tensor")
    if rank(out) - rank(inp) != 1:
        fail("Output must have one dimension more than input")


def verify_reduction(inp: SSAValue, out: SSAValue, keep_dim: bool, dims: Sequence[int] | None) -> None:
    """tt-mlir's 2024 reductions have no verifier; tensix checks what the TTNN route relies on (dims in range)."""
    r = rank(inp)
    for d in dims or ():
        if d >= r or d < -r:
            fail(f"Reduce dimension {d} is out of range for a rank-{r} input")
    if keep_dim and rank(out) != r:
        fail("keep_dim = true needs an output of the input's rank")


def _volume(s: Sequence[int]) -> int:
    v = 1
    for d in s:
        v *= d
    return v
