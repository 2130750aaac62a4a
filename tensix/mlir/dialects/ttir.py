"""The `ttir` dialect as tt-mlir defined it at be6c5b5c98 (include/ttmlir/Dialect/TTIR/IR/TTIROps.td).

Destination-passing ops: each compute op takes its output tensor (a `tensor.empty`) as its last operand(s) and
returns a tensor of the same type; eltwise ops take `inputs` and `outputs` segments (`operandSegmentSizes`); each
compute op carries `operand_constraints` (one `#tt.operand_constraint` per operand), which `--ttir-layout` reads to
choose the operand's memory space.

2024 ops: generic, to_layout, alloc, dealloc, kernel, yield, add, subtract, multiply, ge, relu, sum, mean, softmax,
transpose, matmul. Ops tt-mlir added later in 2024 in the same style (TTIROps.td at 8f3f90aa00, 2024-11-15), which
tensix's TTNN library runs: exp, sqrt, sigmoid, reciprocal, max (reduction), reshape, concat, embedding; and
layer_norm (tt-mlir added it in 2025 without operand constraints; here in the 2024 style, with them).
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    IntegerAttr,
    SymbolRefAttr,
    TensorType,
)
from xdsl.ir import Dialect
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import IsTerminator, Pure

from tensix.mlir.dialects import _bodies as b
from tensix.mlir.dialects import _common as c
from tensix.mlir.dialects.tt import GridAttr, LayoutAttr, MemorySpaceAttr, OperandConstraintAttr


class TTIROp(IRDLOperation):
    """An op with `operand_constraints`: `constraints()` gives one OperandConstraintAttr per operand."""

    def constraints(self) -> list[OperandConstraintAttr]:
        attr = self.properties.get("operand_constraints")
        return [] if attr is None else list(attr.data)

    def dps_outputs(self):
        return [self.output]

    def verify_constraints(self) -> None:
        cons = self.properties.get("operand_constraints")
        if cons is None:
            return
        for a in cons.data:
            if not isinstance(a, OperandConstraintAttr):
                c.fail("operand_constraints must be #tt.operand_constraint attributes")


# ------------------------------------------------------------------------------------------------ compute ops
# operands, properties and verifiers shared with ttnn (tensix.mlir.dialects._bodies); ttir adds the constraints
class _Constrained(TTIROp):
    operand_constraints = prop_def(ArrayAttr)

    def verify_dialect(self) -> None:
        self.verify_constraints()


def _eltwise(mnemonic: str, arity: int):
    cls = type("".join(p.title() for p in mnemonic.split("_")) + "Op", (b.EltwiseBody, _Constrained),
               {"name": f"ttir.{mnemonic}", "__module__": __name__, "__doc__": f"Eltwise {mnemonic}."})
    cls = irdl_op_definition(cls)
    cls.ARITY = arity
    return cls


ELTWISE = tuple(_eltwise(m, n) for m, n in b.ELTWISE_OPS)
(AddOp, SubtractOp, MultiplyOp, GreaterEqualOp, ReluOp, ExpOp, SqrtOp, SigmoidOp, ReciprocalOp, RsqrtOp, TanhOp, NegOp,
 AbsOp, MaximumOp, MinimumOp) = ELTWISE


@irdl_op_definition
class ConstantOp(b.ConstantBody, TTIROp):
    name = "ttir.constant"


@irdl_op_definition
class TypecastOp(b.TypecastBody, _Constrained):
    name = "ttir.typecast"


@irdl_op_definition
class SumOp(b.ReductionBody, _Constrained):
    name = "ttir.sum"


@irdl_op_definition
class MeanOp(b.ReductionBody, _Constrained):
    name = "ttir.mean"


@irdl_op_definition
class MaxOp(b.ReductionBody, _Constrained):
    name = "ttir.max"


@irdl_op_definition
class SoftmaxOp(b.SoftmaxBody, _Constrained):
    name = "ttir.softmax"


@irdl_op_definition
class TransposeOp(b.TransposeBody, _Constrained):
    name = "ttir.transpose"


@irdl_op_definition
class MatmulOp(b.MatmulBody, _Constrained):
    name = "ttir.matmul"


@irdl_op_definition
class ReshapeOp(b.ReshapeBody, _Constrained):
    name = "ttir.reshape"


@irdl_op_definition
class ConcatOp(b.ConcatBody, _Constrained):
    name = "ttir.concat"


@irdl_op_definition
class EmbeddingOp(b.EmbeddingBody, _Constrained):
    name = "ttir.embedding"


@irdl_op_definition
class LayerNormOp(b.LayerNormBody, _Constrained):
    name = "ttir.layer_norm"


# ------------------------------------------------------------------------------------------------ layout, memory
@irdl_op_definition
class ToLayoutOp(TTIROp):
    name = "ttir.to_layout"
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)

    def verify_(self) -> None:
        if not isinstance(self.input.type.encoding, LayoutAttr):
            c.fail("Input tensor type missing layout attribute")
        if not isinstance(self.output.type.encoding, LayoutAttr):
            c.fail("Output tensor type missing layout attribute")
        if c.shape(self.input) != c.shape(self.output):
            c.fail("Input and output shapes must be the same")
        c.verify_dps(self, [self.output])


def verify_alloc(op) -> None:
    """AllocOp::verify (TTIROps.cpp; TTNN and TTMetal have the same)."""
    layout = op.result.type.encoding
    if not isinstance(layout, LayoutAttr):
        c.fail("Result type missing layout attribute")
    if op.size.value.data == 0:
        c.fail("Alloc size must be non-zero")
    space = layout.memory_space
    if space != op.memory_space.case:
        c.fail("Input tensor layout memory space must match alloc memory space")
    if op.memory_space.is_system and op.address.value.data != 0:
        c.fail("Allocating from system memory space must have address set to 0, implicitly allocated by the "
               "runtime")
    if space in ("dram", "l1") and op.address.value.data == 0:
        c.fail("Allocating from a device memory space must have address set to a non-zero value, device addresses "
               "are statically allocated")


@irdl_op_definition
class AllocOp(TTIROp):
    name = "ttir.alloc"
    address = prop_def(IntegerAttr)
    size = prop_def(IntegerAttr)
    memory_space = prop_def(MemorySpaceAttr)
    result = result_def(TensorType)

    def verify_(self) -> None:
        verify_alloc(self)


@irdl_op_definition
class DeallocOp(TTIROp):
    name = "ttir.dealloc"
    result = operand_def(TensorType)


@irdl_op_definition
class GenericOp(TTIROp):
    """`ttir.generic`: dispatch a region to a grid of cores (linalg.generic-like indexing maps and iterators)."""

    name = "ttir.generic"
    inputs = var_operand_def(TensorType)
    outputs = var_operand_def(TensorType)
    grid = prop_def(GridAttr)
    indexing_maps = prop_def(ArrayAttr[AffineMapAttr])
    iterator_types = prop_def(ArrayAttr)
    operand_constraints = prop_def(ArrayAttr)
    results_ = var_result_def(TensorType)
    region = region_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def dps_outputs(self):
        return list(self.outputs)

    def verify_(self) -> None:
        self.verify_constraints()
        c.verify_dps(self, list(self.outputs))


@irdl_op_definition
class KernelOp(TTIROp):
    """`ttir.kernel {op = @multiply, kind = @eltwise}`: a kernel call a backend pattern-matches."""

    name = "ttir.kernel"
    op = prop_def(SymbolRefAttr)
    kind = prop_def(SymbolRefAttr)
    inputs = var_operand_def()
    outputs = var_operand_def()
    results_ = var_result_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def dps_outputs(self):
        return list(self.outputs)


@irdl_op_definition
class YieldOp(TTIROp):
    name = "ttir.yield"
    values = var_operand_def()
    traits = traits_def(Pure(), IsTerminator())


TTIR = Dialect(
    "ttir",
    [*ELTWISE, SumOp, MeanOp, MaxOp, SoftmaxOp, TransposeOp, MatmulOp, ReshapeOp, ConcatOp, EmbeddingOp,
     LayerNormOp, ConstantOp, TypecastOp, ToLayoutOp, AllocOp, DeallocOp, GenericOp, KernelOp, YieldOp],
    [],
)

# the ops `--ttir-layout` rewrites (2024: generic, the eltwise ops, sum, mean, softmax, transpose, matmul)
LAYOUT_OPS = (*ELTWISE, TypecastOp, SumOp, MeanOp, MaxOp, SoftmaxOp, TransposeOp, MatmulOp, ReshapeOp, ConcatOp, EmbeddingOp,
              LayerNormOp, GenericOp)

__all__ = ["TTIR", "TTIROp", "ELTWISE", "LAYOUT_OPS"] + [
    n for n in dir() if n.endswith("Op") and n != "IRDLOperation"]
