"""MLIR's `emitc` dialect as xDSL 0.74 has it, plus `emitc.include` (which xDSL lacks): `emitc.include "header"`
or `emitc.include <"header">` for a standard include (llvm-project mlir/include/mlir/Dialect/EmitC/IR/EmitC.td)."""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr, UnitAttr
from xdsl.dialects.emitc import EmitC as _XDSL_EMITC
from xdsl.ir import Dialect
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_prop_def, prop_def


@irdl_op_definition
class IncludeOp(IRDLOperation):
    name = "emitc.include"
    include = prop_def(StringAttr)
    is_standard_include = opt_prop_def(UnitAttr)

    def __init__(self, header: str, standard: bool = False):
        props = {"include": StringAttr(header)}
        if standard:
            props["is_standard_include"] = UnitAttr()
        super().__init__(properties=props)

    @classmethod
    def parse(cls, parser):
        standard = parser.parse_optional_punctuation("<") is not None
        header = parser.parse_str_literal()
        if standard:
            parser.parse_punctuation(">")
        return cls(header, standard)


EmitC = Dialect("emitc", [*_XDSL_EMITC.operations, IncludeOp], list(_XDSL_EMITC.attributes))
