"""The `ttmetal` dialect as tt-mlir had it at be6c5b5c98 (include/ttmlir/Dialect/TTMetal/IR/TTMetalOps.td,
TTMetalOpsTypes.td, lib/Dialect/TTMetal/IR/TTMetalOps.cpp): `#ttmetal.core_range<offset, size>`, `dispatch`
(one region per thread, operands mapped to CB ports), `host_write`, `host_read`, `alloc`, `dealloc`."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr, IntegerAttr, TensorType
from xdsl.ir import Dialect, ParametrizedAttribute
from xdsl.irdl import (AttrSizedOperandSegments, IRDLOperation, irdl_attr_definition, irdl_op_definition,
                       operand_def, prop_def, result_def, var_operand_def, var_region_def, var_result_def)
from xdsl.parser import AttrParser

from tensix.mlir.dialects import _common as c
from tensix.mlir.dialects.tt import LayoutAttr, MemorySpaceAttr, _dims_str, _MLIRParams, _parse_dims
from tensix.mlir.dialects.ttir import verify_alloc
from tensix.mlir.dialects.ttkernel import CBType


@irdl_attr_definition
class CoreRangeAttr(_MLIRParams, ParametrizedAttribute):
    """`#ttmetal.core_range<0x0, 1x1>`: the offset and size of a rectangle of cores."""

    name = "ttmetal.core_range"
    offset: ArrayAttr[IntAttr]
    size: ArrayAttr[IntAttr]

    def __init__(self, offset: Sequence[int], size: Sequence[int]):
        super().__init__(ArrayAttr([IntAttr(v) for v in offset]), ArrayAttr([IntAttr(v) for v in size]))

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            offset = _parse_dims(parser)
            parser.parse_punctuation(",")
            size = _parse_dims(parser)
        return cls(offset, size).parameters

    def mlir_params(self, p) -> str:
        return f"<{_dims_str([v.data for v in self.offset.data])}, {_dims_str([v.data for v in self.size.data])}>"


CoreRangeAttr.__eq__ = _MLIRParams.__eq__
CoreRangeAttr.__hash__ = _MLIRParams.__hash__


def _layout(v, which: str) -> LayoutAttr:
    lay = v.type.encoding if isinstance(v.type, TensorType) else None
    if not isinstance(lay, LayoutAttr):
        c.fail(f"{which} tensor missing layout attribute")
    return lay


@irdl_op_definition
class DispatchOp(IRDLOperation):
    name = "ttmetal.dispatch"
    inputs = var_operand_def(TensorType)
    outputs = var_operand_def(TensorType)
    core_ranges = prop_def(ArrayAttr)
    threadTypes = prop_def(ArrayAttr)
    operand_cb_port_mapping = prop_def(ArrayAttr)
    results_ = var_result_def(TensorType)
    regions_ = var_region_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def dps_outputs(self):
        return list(self.outputs)

    def verify_(self) -> None:
        """DispatchOp::verify: operands in device memory, every region argument a CB."""
        for v in self.operands:
            if _layout(v, "Input").memory_space not in ("dram", "l1"):
                c.fail("Input tensor must be in device memory space")
        for region in self.regions:
            for block in region.blocks:
                if any(not isinstance(a.type, CBType) for a in block.args):
                    c.fail("Block inputs must be CBType")
        c.verify_dps(self, list(self.outputs))


@irdl_op_definition
class HostWriteOp(IRDLOperation):
    name = "ttmetal.host_write"
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)

    def dps_outputs(self):
        return [self.output]

    def verify_(self) -> None:
        if _layout(self.input, "Input").memory_space not in ("system", "mmio"):
            c.fail("Input tensor must be in system memory space")
        if _layout(self.output, "Input").memory_space not in ("dram", "l1"):
            c.fail("Output tensor must be in device memory space")


@irdl_op_definition
class HostReadOp(IRDLOperation):
    name = "ttmetal.host_read"
    input = operand_def(TensorType)
    output = operand_def(TensorType)
    result = result_def(TensorType)

    def dps_outputs(self):
        return [self.output]

    def verify_(self) -> None:
        if _layout(self.output, "Input").memory_space not in ("system", "mmio"):
            c.fail("Output tensor must be in system memory space")
        if _layout(self.input, "Input").memory_space not in ("dram", "l1"):
            c.fail("Input tensor must be in device memory space")


@irdl_op_definition
class AllocOp(IRDLOperation):
    name = "ttmetal.alloc"
    address = prop_def(IntegerAttr)
    size = prop_def(IntegerAttr)
    memory_space = prop_def(MemorySpaceAttr)
    result = result_def(TensorType)

    def verify_(self) -> None:
        verify_alloc(self)


@irdl_op_definition
class DeallocOp(IRDLOperation):
    name = "ttmetal.dealloc"
    input = operand_def(TensorType)


TTMetal = Dialect("ttmetal", [DispatchOp, HostWriteOp, HostReadOp, AllocOp, DeallocOp], [CoreRangeAttr])
