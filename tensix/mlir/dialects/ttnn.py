"""The `ttnn` dialect as tt-mlir defined it at be6c5b5c98 (include/ttmlir/Dialect/TTNN/IR/TTNNOps.td).

Device ops: open_device (-> !tt.device), close_device, full (a device tensor filled with `fillValue`, what
`tensor.empty` lowers to in 2024), to_memory_config (DPS: input, output); the same compute ops as ttir without
operand constraints; alloc / dealloc. tt-mlir added to_device / from_device / to_layout in September 2024
(930c18a492); they are here in that form (non-DPS) for hand-written TTNN modules.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, FloatAttr, IntegerAttr, StringAttr, TensorType
from xdsl.ir import Dialect
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import Pure

from tensix.mlir.dialects import _common as c
from tensix.mlir.dialects.tt import DeviceType, LayoutAttr, MemorySpaceAttr
from tensix.mlir.dialects.ttir import verify_alloc


class TTNNOp(IRDLOperation):
    def dps_outputs(self):
        return [self.output]


@irdl_op_definition
class OpenDeviceOp(TTNNOp):
    name = "ttnn.open_device"
    device = result_def(DeviceType)


@irdl_op_definition
class CloseDeviceOp(TTNNOp):
    name = "ttnn.close_device"
    device = operand_def(DeviceType)


@irdl_op_definition
class FullOp(TTNNOp):
    name = "ttnn.full"
    device = operand_def(DeviceType)
    fillValue = prop_def(FloatAttr)
    result = result_def(TensorType)


@irdl_op_definition
class ToMemoryConfigOp(TTNNOp):
    name = "ttnn.to_memory_config"
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)

    def verify_(self) -> None:
        """ToMemoryConfigOp::verify (TTNNOps.cpp): both sides carry a layout."""
        if not isinstance(self.input.type.encoding, LayoutAttr):
            c.fail("Input tensor type missing layout attribute")
        if not isinstance(self.output.type.encoding, LayoutAttr):
            c.fail("Output tensor type missing layout attribute")
        c.verify_dps(self, [self.output])


@irdl_op_definition
class ToDeviceOp(TTNNOp):
    name = "ttnn.to_device"
    input = operand_def(TensorType)
    device = operand_def(DeviceType)
    result = result_def(TensorType)


@irdl_op_definition
class FromDeviceOp(TTNNOp):
    name = "ttnn.from_device"
    input = operand_def(TensorType)
    result = result_def(TensorType)


@irdl_op_definition
class ToLayoutOp(TTNNOp):
    """`ttnn.to_layout(input) {layout = "tile" | "row_major"}`."""

    name = "ttnn.to_layout"
    input = operand_def(TensorType)
    device = opt_operand_def(DeviceType)
    layout = prop_def(StringAttr)
    result = result_def(TensorType)

    def verify_(self) -> None:
        if self.layout.data not in ("tile", "row_major"):
            c.fail(f"layout must be \"tile\" or \"row_major\", got \"{self.layout.data}\"")


class _Eltwise(TTNNOp):
    inputs = var_operand_def(TensorType)
    outputs = var_operand_def(TensorType)
    results_ = var_result_def(TensorType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())
    ARITY: ClassVar[int] = 2

    def dps_outputs(self):
        return list(self.outputs)

    def verify_(self) -> None:
        c.verify_dps(self, list(self.outputs))
        c.verify_elementwise(self)


def _eltwise(mnemonic: str, arity: int):
    cls = type(f"{mnemonic.title().replace('_', '')}Op", (_Eltwise,), {"name": f"ttnn.{mnemonic}"})
    cls = irdl_op_definition(cls)
    cls.ARITY = arity
    return cls


AddOp = _eltwise("add", 2)
SubtractOp = _eltwise("subtract", 2)
MultiplyOp = _eltwise("multiply", 2)
GreaterEqualOp = _eltwise("ge", 2)
ReluOp = _eltwise("relu", 1)
ExpOp = _eltwise("exp", 1)
SqrtOp = _eltwise("sqrt", 1)
SigmoidOp = _eltwise("sigmoid", 1)
ReciprocalOp = _eltwise("reciprocal", 1)
ELTWISE = (AddOp, SubtractOp, MultiplyOp, GreaterEqualOp, ReluOp, ExpOp, SqrtOp, SigmoidOp, ReciprocalOp)


class _Reduction(TTNNOp):
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    keep_dim = prop_def(IntegerAttr)
    dim_arg = opt_prop_def(ArrayAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def dims(self) -> list[int] | None:
        return None if self.dim_arg is None else [a.value.data for a in self.dim_arg.data]

    def verify_(self) -> None:
        c.verify_dps(self, [self.output])
        c.verify_reduction(self.input, self.output, bool(self.keep_dim.value.data), self.dims())


@irdl_op_definition
class SumOp(_Reduction):
    name = "ttnn.sum"


@irdl_op_definition
class MeanOp(_Reduction):
    name = "ttnn.mean"


@irdl_op_definition
class MaxOp(_Reduction):
    name = "ttnn.max"


@irdl_op_definition
class SoftmaxOp(TTNNOp):
    name = "ttnn.softmax"
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    dimension = prop_def(IntegerAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        c.verify_dps(self, [self.output])
        c.verify_softmax(self.input, self.output, self.dimension.value.data)


@irdl_op_definition
class TransposeOp(TTNNOp):
    name = "ttnn.transpose"
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    dimension1 = prop_def(IntegerAttr)
    dimension2 = prop_def(IntegerAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        c.verify_dps(self, [self.output])
        c.verify_transpose(self.input, self.output, self.dimension1.value.data, self.dimension2.value.data)


@irdl_op_definition
class MatmulOp(TTNNOp):
    name = "ttnn.matmul"
    a = operand_def(TensorType)
    b = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        c.verify_dps(self, [self.output])
        c.verify_matmul(self.a, self.b, self.output)


@irdl_op_definition
class ReshapeOp(TTNNOp):
    name = "ttnn.reshape"
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    shape = prop_def(ArrayAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        c.verify_dps(self, [self.output])
        c.verify_reshape(self.input, self.output, [a.value.data for a in self.shape.data])


@irdl_op_definition
class ConcatOp(TTNNOp):
    name = "ttnn.concat"
    inputs = var_operand_def(TensorType)
    output = operand_def(TensorType)
    dim = prop_def(IntegerAttr)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        c.verify_dps(self, [self.output])
        c.verify_concat(list(self.inputs), self.dim.value.data)


@irdl_op_definition
class EmbeddingOp(TTNNOp):
    name = "ttnn.embedding"
    input = operand_def(TensorType)
    weight = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        c.verify_dps(self, [self.output])
        c.verify_embedding(self.input, self.weight, self.output)


@irdl_op_definition
class LayerNormOp(TTNNOp):
    name = "ttnn.layer_norm"
    input = operand_def(TensorType)
    weight = var_operand_def(TensorType)
    bias = var_operand_def(TensorType)
    output = operand_def(TensorType)
    normalized_shape = prop_def(DenseArrayBase)
    epsilon = prop_def(FloatAttr)
    result = result_def(TensorType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        c.verify_dps(self, [self.output])


@irdl_op_definition
class AllocOp(TTNNOp):
    name = "ttnn.alloc"
    address = prop_def(IntegerAttr)
    size = prop_def(IntegerAttr)
    memory_space = prop_def(MemorySpaceAttr)
    result = result_def(TensorType)

    def verify_(self) -> None:
        verify_alloc(self)


@irdl_op_definition
class DeallocOp(TTNNOp):
    name = "ttnn.dealloc"
    input = operand_def(TensorType)


TTNN = Dialect(
    "ttnn",
    [OpenDeviceOp, CloseDeviceOp, FullOp, ToMemoryConfigOp, ToDeviceOp, FromDeviceOp, ToLayoutOp, *ELTWISE, SumOp,
     MeanOp, MaxOp, SoftmaxOp, TransposeOp, MatmulOp, ReshapeOp, ConcatOp, EmbeddingOp, LayerNormOp, AllocOp,
     DeallocOp],
    [],
)
