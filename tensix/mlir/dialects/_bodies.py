"""The compute ops ttir and ttnn share (tt-mlir defines them twice, TTIROps.td and TTNNOps.td, the same but for
ttir's `operand_constraints`): operands, properties, results and verifiers, written once as mixins. A dialect's op
is `class SoftmaxOp(SoftmaxBody, TTIROp)`; its base adds what the dialect has on top (`verify_dialect`)."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, FloatAttr, IntegerAttr, TensorType
from xdsl.ir import Attribute
from xdsl.irdl import AttrSizedOperandSegments, operand_def, opt_prop_def, prop_def, result_def, traits_def, \
    var_operand_def, var_result_def
from xdsl.traits import Pure

from tensix.mlir.dialects import _common as c


class Body:
    traits = traits_def(Pure())

    def dps_outputs(self):
        return [self.output]

    def verify_dialect(self) -> None:
        """What the dialect checks on top (ttir: its operand constraints)."""

    def verify_(self) -> None:
        self.verify_dialect()
        c.verify_dps(self, self.dps_outputs())
        self.verify_body()

    def verify_body(self) -> None:
        pass


class EltwiseBody(Body):
    """`inputs` and `outputs` segments (`operandSegmentSizes`), one result per output; no broadcasting."""

    inputs = var_operand_def(TensorType)
    outputs = var_operand_def(TensorType)
    results_ = var_result_def(TensorType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    ARITY: ClassVar[int] = 2

    def dps_outputs(self):
        return list(self.outputs)

    def verify_body(self) -> None:
        c.verify_elementwise(self, list(self.inputs) if self.ARITY == 2 else None)


class ReductionBody(Body):
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    keep_dim = prop_def(IntegerAttr)
    dim_arg = opt_prop_def(ArrayAttr)
    result = result_def(TensorType)

    def dims(self) -> list[int] | None:
        return None if self.dim_arg is None else [a.value.data for a in self.dim_arg.data]

    def verify_body(self) -> None:
        c.verify_reduction(self.input, self.output, bool(self.keep_dim.value.data), self.dims())


class SoftmaxBody(Body):
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    dimension = prop_def(IntegerAttr)
    result = result_def(TensorType)

    def verify_body(self) -> None:
        c.verify_softmax(self.input, self.output, self.dimension.value.data)


class TransposeBody(Body):
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    dimension1 = prop_def(IntegerAttr)
    dimension2 = prop_def(IntegerAttr)
    result = result_def(TensorType)

    def verify_body(self) -> None:
        c.verify_transpose(self.input, self.output, self.dimension1.value.data, self.dimension2.value.data)


class MatmulBody(Body):
    a = operand_def(TensorType)
    b = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)

    def verify_body(self) -> None:
        c.verify_matmul(self.a, self.b, self.output)


class ReshapeBody(Body):
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    shape = prop_def(ArrayAttr)
    result = result_def(TensorType)

    def verify_body(self) -> None:
        c.verify_reshape(self.input, self.output, [a.value.data for a in self.shape.data])


class ConcatBody(Body):
    inputs = var_operand_def(TensorType)
    output = operand_def(TensorType)
    dim = prop_def(IntegerAttr)
    result = result_def(TensorType)

    def verify_body(self) -> None:
        c.verify_concat(list(self.inputs), self.dim.value.data)


class EmbeddingBody(Body):
    input = operand_def(TensorType)
    weight = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)

    def verify_body(self) -> None:
        c.verify_embedding(self.input, self.weight, self.output)


class LayerNormBody(Body):
    """`layer_norm(input, weight?, bias?, output) {normalized_shape, epsilon}` over the trailing dims."""

    input = operand_def(TensorType)
    weight = var_operand_def(TensorType)
    bias = var_operand_def(TensorType)
    output = operand_def(TensorType)
    normalized_shape = prop_def(DenseArrayBase)
    epsilon = prop_def(FloatAttr)
    result = result_def(TensorType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def verify_body(self) -> None:
        if len(self.weight) > 1 or len(self.bias) > 1:
            c.fail("takes at most one weight and one bias")
        norm = [int(v) for v in self.normalized_shape.get_values()]
        s = c.shape(self.input)
        if not norm or len(norm) > len(s) or tuple(s[len(s) - len(norm):]) != tuple(norm):
            c.fail(f"normalized_shape {norm} must be the trailing dims of the input shape {list(s)}")
        for v in (*self.weight, *self.bias):
            if c.shape(v) != tuple(norm):
                c.fail(f"weight and bias must have the normalized shape {norm}")
        if c.shape(self.output) != s:
            c.fail("Input and output shapes must be the same")


class ConstantBody(Body):
    """`constant {value = dense<...> | dense_resource<key>}`: tt-mlir's TTIR_ConstantOp (TTIROps.td, from 2024-09),
    what TOSA's `tosa.const` lowers to (TosaToTTIRPatterns.cpp at 02c5df54b1). Not DPS."""

    value = prop_def(Attribute)
    result = result_def(TensorType)

    def dps_outputs(self):
        return []

    def verify_(self) -> None:
        self.verify_body()

    def verify_body(self) -> None:
        ty = getattr(self.value, "type", None)
        if ty != self.result.type and not (isinstance(ty, TensorType) and
                                           ty.get_shape() == self.result.type.get_shape() and
                                           ty.element_type == self.result.type.element_type):
            c.fail("value type must match the result type")


class TypecastBody(Body):
    """`typecast(input, output)`: the element type of `output` (tt-mlir's TTIR_TypecastOp, what `tosa.cast`
    lowers to)."""

    input = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)

    def verify_body(self) -> None:
        if c.shape(self.input) != c.shape(self.output):
            c.fail("Input and output shapes must be the same")


ELTWISE_OPS = (("add", 2), ("subtract", 2), ("multiply", 2), ("ge", 2), ("relu", 1), ("exp", 1), ("sqrt", 1),
               ("sigmoid", 1), ("reciprocal", 1),
               # tt-mlir's later eltwise ops (TTIROps.td, from late 2024) that torch-mlir's TOSA needs and
               # tensix.ttnn runs: rsqrt (RMSNorm), tanh (tanh-GELU), neg, abs, maximum, minimum
               ("rsqrt", 1), ("tanh", 1), ("neg", 1), ("abs", 1), ("maximum", 2), ("minimum", 2))
