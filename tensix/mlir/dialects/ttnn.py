"""The `ttnn` dialect as tt-mlir defined it at be6c5b5c98 (include/ttmlir/Dialect/TTNN/IR/TTNNOps.td).

Device ops: open_device (-> !tt.device), close_device, full (a device tensor filled with `fillValue`, what
`tensor.empty` lowers to in 2024), to_memory_config (DPS: input, output); the same compute ops as ttir without
operand constraints; alloc / dealloc. tt-mlir added to_device / from_device / to_layout in September 2024
(930c18a492); they are here in that form (non-DPS) for hand-written TTNN modules.
"""

from __future__ import annotations

from xdsl.dialects.builtin import FloatAttr, IntegerAttr, StringAttr, TensorType
from xdsl.ir import Dialect
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
)

from tensix.mlir.dialects import _bodies as b
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


def _eltwise(mnemonic: str, arity: int):
    cls = type("".join(p.title() for p in mnemonic.split("_")) + "Op", (b.EltwiseBody, TTNNOp),
               {"name": f"ttnn.{mnemonic}", "__module__": __name__})
    cls = irdl_op_definition(cls)
    cls.ARITY = arity
    return cls


ELTWISE = tuple(_eltwise(m, n) for m, n in b.ELTWISE_OPS)
(AddOp, SubtractOp, MultiplyOp, GreaterEqualOp, ReluOp, ExpOp, SqrtOp, SigmoidOp, ReciprocalOp, RsqrtOp, TanhOp, NegOp,
 AbsOp, MaximumOp, MinimumOp) = ELTWISE


@irdl_op_definition
class ConstantOp(b.ConstantBody, TTNNOp):
    """`ttnn.constant`: a host tensor holding the value (tt-mlir lowers ttir.constant to it, or to ttnn.full for a
    splat; tensix keeps one op for both)."""

    name = "ttnn.constant"


@irdl_op_definition
class TypecastOp(b.TypecastBody, TTNNOp):
    name = "ttnn.typecast"


@irdl_op_definition
class SumOp(b.ReductionBody, TTNNOp):
    name = "ttnn.sum"


@irdl_op_definition
class MeanOp(b.ReductionBody, TTNNOp):
    name = "ttnn.mean"


@irdl_op_definition
class MaxOp(b.ReductionBody, TTNNOp):
    name = "ttnn.max"


@irdl_op_definition
class SoftmaxOp(b.SoftmaxBody, TTNNOp):
    name = "ttnn.softmax"


@irdl_op_definition
class TransposeOp(b.TransposeBody, TTNNOp):
    name = "ttnn.transpose"


@irdl_op_definition
class MatmulOp(b.MatmulBody, TTNNOp):
    name = "ttnn.matmul"


@irdl_op_definition
class ReshapeOp(b.ReshapeBody, TTNNOp):
    name = "ttnn.reshape"


@irdl_op_definition
class ConcatOp(b.ConcatBody, TTNNOp):
    name = "ttnn.concat"


@irdl_op_definition
class EmbeddingOp(b.EmbeddingBody, TTNNOp):
    name = "ttnn.embedding"


@irdl_op_definition
class LayerNormOp(b.LayerNormBody, TTNNOp):
    name = "ttnn.layer_norm"


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
     MeanOp, MaxOp, SoftmaxOp, TransposeOp, MatmulOp, ReshapeOp, ConcatOp, EmbeddingOp, LayerNormOp, ConstantOp,
     TypecastOp, AllocOp,
     DeallocOp],
    [],
)
