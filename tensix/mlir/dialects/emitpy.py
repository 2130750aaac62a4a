"""A small `emitpy` dialect: Python code as IR, the way `emitc` is C++ code as IR. tt-mlir added an EmitPy dialect
in 2025 (include/ttmlir/Dialect/EmitPy); this one is tensix's own and smaller: `emitpy.import` (a module import),
`emitpy.call` (a call whose `args` are Python source strings in which `$N` stands for operand N, keyword arguments
written in the same way), and the `!emitpy.opaque<"python type">` type."""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, StringAttr
from xdsl.ir import Dialect, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import IRDLOperation, irdl_attr_definition, irdl_op_definition, prop_def, var_operand_def, \
    var_result_def
from xdsl.parser import AttrParser

from tensix.mlir.dialects.tt import _MLIRParams


@irdl_attr_definition
class OpaqueType(_MLIRParams, ParametrizedAttribute, TypeAttribute):
    name = "emitpy.opaque"
    value: StringAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            return (StringAttr(parser.parse_str_literal()),)

    def mlir_params(self, p) -> str:
        return f'<"{self.value.data}">'


OpaqueType.__eq__ = _MLIRParams.__eq__
OpaqueType.__hash__ = _MLIRParams.__hash__


@irdl_op_definition
class ImportOp(IRDLOperation):
    name = "emitpy.import"
    module = prop_def(StringAttr)


@irdl_op_definition
class CallOp(IRDLOperation):
    """`%r = "emitpy.call"(%a, %d) <{callee = "ttnn.to_device", args = ["$0", "$1", "memory_config=..."]}>`."""

    name = "emitpy.call"
    callee = prop_def(StringAttr)
    args = prop_def(ArrayAttr)
    call_operands = var_operand_def()
    res = var_result_def()


EmitPy = Dialect("emitpy", [ImportOp, CallOp], [OpaqueType])
