"""MLIR's `tosa` dialect as torch-mlir emits it today (the current TOSA spec, LLVM of October 2026 in
torch-mlir 20261001), on top of what xDSL 0.74 has, plus the 2024 spelling tt-mlir's tests use.

- `tosa.mul`: today `tosa.mul %a, %b, %shift : (T, T, tensor<1xi8>) -> T` (shift an operand); in 2024 (the MLIR
  tt-mlir pinned, llvm-project 9ddfe62f5c11, mlir/include/mlir/Dialect/Tosa/IR/TosaOps.td) `tosa.mul %a, %b {shift =
  0 : i8} : (T, T) -> T` (shift an i8 attribute), as tt-mlir's tosa_to_ttir_multiply.mlir writes it. Both parse and
  print back in their own spelling.
- `!tosa.shape<N>` and `tosa.const_shape` (shapes as values: `tosa.reshape %x, %shape`), `tosa.const` whose
  `values` may be a `dense_resource` (torch-mlir's weights), `tosa.matmul` with its two zero-point operands,
  `tosa.transpose {perms}`, `tosa.cast` and the other element-wise / reduction ops torch-mlir's TorchToTosa emits.
  Their assembly is TosaOps.td's `operands attr-dict : functional-type(operands, results)`; an op's attributes
  (perms, axis, nan_mode, ...) are properties, as in MLIR.
Ops tensix cannot lower still parse here, so that --convert-tosa-to-ttir fails as MLIR does ("failed to legalize
operation") rather than with a parse error."""

from __future__ import annotations

from xdsl.dialects.builtin import IntAttr, IntegerAttr, TensorType
from xdsl.dialects.tosa import TOSA as _XDSL_TOSA
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    param_def,
    result_def,
    var_operand_def,
)


@irdl_attr_definition
class ShapeType(ParametrizedAttribute, TypeAttribute):
    """`!tosa.shape<rank>`: a shape held as an SSA value (tosa.const_shape's result)."""

    name = "tosa.shape"
    rank: IntAttr = param_def(IntAttr)

    @classmethod
    def parse_parameters(cls, parser):
        with parser.in_angle_brackets():
            return (IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False)),)

    def print_parameters(self, printer) -> None:
        printer.print_string(f"<{self.rank.data}>")

    def mlir_params(self, asm) -> str:
        return f"<{self.rank.data}>"


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


@irdl_op_definition
class ConstOp(IRDLOperation):
    """`"tosa.const"() <{values = dense<...> | dense_resource<key> : T}> : () -> T` (xDSL's takes only dense)."""

    name = "tosa.const"
    values = opt_prop_def(Attribute)
    value = opt_prop_def(Attribute)    # the 2024 spelling
    output = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)

    def elements(self) -> Attribute:
        return self.values if self.values is not None else self.value


_FORMAT = "operands attr-dict `:` functional-type(operands, results)"


def _op(mnemonic: str, props: tuple[str, ...] = ()) -> type[IRDLOperation]:
    """A TOSA op of TosaOps.td's common assembly format with the given (optional) properties."""
    body = {"name": f"tosa.{mnemonic}", "inputs": var_operand_def(), "output": result_def(),
            "assembly_format": _FORMAT, "irdl_options": (ParsePropInAttrDict(),),
            "__doc__": f"`tosa.{mnemonic}` (current TOSA spec; properties {', '.join(props) or 'none'})."}
    for p in props:
        body[p] = opt_prop_def(Attribute)
    cls_name = "".join(w.capitalize() for w in mnemonic.split("_")) + "Op"
    return irdl_op_definition(type(cls_name, (IRDLOperation,), body))


_NAN = ("nan_mode",)
_DEFS = {
    "const_shape": ("values",), "reshape": (), "transpose": ("perms",), "matmul": (), "cast": (),
    "exp": (), "log": (), "sigmoid": (), "tanh": (), "rsqrt": (), "reciprocal": (), "negate": (), "abs": (),
    "erf": (), "floor": (), "ceil": (), "sin": (), "cos": (), "clamp": ("min_val", "max_val", "nan_mode"),
    "add": (), "sub": (), "maximum": _NAN, "minimum": _NAN, "pow": (), "greater": (), "equal": (),
    "logical_and": (), "logical_or": (), "logical_not": (), "select": (), "concat": ("axis",),
    "reduce_sum": ("axis",), "reduce_max": ("axis", "nan_mode"), "reduce_min": ("axis", "nan_mode"),
    "reduce_product": ("axis",), "argmax": ("axis", "nan_mode"), "slice": (), "tile": (), "pad": (),
    "gather": (), "table": (), "conv2d": ("pad", "stride", "dilation", "acc_type", "local_bound"),
    "avg_pool2d": ("kernel", "stride", "pad", "acc_type"), "max_pool2d": ("kernel", "stride", "pad", "nan_mode"),
    "rescale": ("scale32", "rounding_mode", "per_channel", "input_unsigned", "output_unsigned"),
    "int_div": (), "bitwise_and": (), "identity": (),
}
GENERIC = {f"tosa.{m}": _op(m, p) for m, p in _DEFS.items()}

_OWN = [MulOp, GreaterEqualOp, ConstOp, *GENERIC.values()]
_OWN_NAMES = {o.name for o in _OWN}
TOSA = Dialect("tosa", [op for op in _XDSL_TOSA.operations if op.name not in _OWN_NAMES] + _OWN,
               [*_XDSL_TOSA.attributes, ShapeType])
