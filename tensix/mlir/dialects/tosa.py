"""MLIR's `tosa` dialect as xDSL 0.74 has it (the current spec), with `tosa.mul` reading both spellings and
`tosa.greater_equal` added (xDSL lacks it).

`tosa.mul`: today `tosa.mul %a, %b, %shift : (T, T, tensor<1xi8>) -> T` (shift an operand); in 2024 (the MLIR
tt-mlir pinned, llvm-project 9ddfe62f5c11, mlir/include/mlir/Dialect/Tosa/IR/TosaOps.td) `tosa.mul %a, %b {shift =
0 : i8} : (T, T) -> T` (shift an i8 attribute), as tt-mlir's tosa_to_ttir_multiply.mlir writes it. Both parse and
print back in their own spelling."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, TensorType
from xdsl.dialects.tosa import TOSA as _XDSL_TOSA
from xdsl.ir import Dialect
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, opt_operand_def, opt_prop_def, result_def


def _parse_elementwise(cls, parser, max_operands: int):
    """`%a, %b (, %c)? attr-dict : (types) -> type`."""
    start = parser.pos
    unresolved = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    ftype = parser.parse_function_type()
    if not 2 <= len(unresolved) <= max_operands:
        parser.raise_error(f"{cls.name} takes 2 to {max_operands} operands, got {len(unresolved)}", start, parser.pos)
    operands = parser.resolve_operands(unresolved, ftype.inputs.data, start)
    props = {k: v for k, v in attrs.items() if k in ("shift",)}
    rest = {k: v for k, v in attrs.items() if k not in props}
    if cls is MulOp:
        groups = [operands[0], operands[1], operands[2:]]
    else:
        groups = operands
    return cls(operands=groups, result_types=[ftype.outputs.data[0]], properties=props, attributes=rest)


@irdl_op_definition
class MulOp(IRDLOperation):
    name = "tosa.mul"
    input1 = operand_def(TensorType)
    input2 = operand_def(TensorType)
    shift_operand = opt_operand_def(TensorType)
    shift = opt_prop_def(IntegerAttr)
    output = result_def(TensorType)

    @classmethod
    def parse(cls, parser):
        return _parse_elementwise(cls, parser, 3)

    def shift_value(self) -> int | None:
        """The shift as a number when it is known (the 2024 attribute; None for a shift operand)."""
        return None if self.shift is None else self.shift.value.data


@irdl_op_definition
class GreaterEqualOp(IRDLOperation):
    name = "tosa.greater_equal"
    input1 = operand_def(TensorType)
    input2 = operand_def(TensorType)
    output = result_def(TensorType)

    @classmethod
    def parse(cls, parser):
        return _parse_elementwise(cls, parser, 2)


TOSA = Dialect("tosa", [op for op in _XDSL_TOSA.operations if op.name != "tosa.mul"] + [MulOp, GreaterEqualOp],
               list(_XDSL_TOSA.attributes))
