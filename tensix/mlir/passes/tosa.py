"""`--convert-tosa-to-ttir` as tt-mlir be6c5b5c98 had it (lib/Conversion/TosaToTTIR/TosaToTTIR.cpp): a full
conversion of `tosa.add` / `tosa.mul` / `tosa.sub` / `tosa.greater_equal` to `tensor.empty` + the ttir namesake
with `operand_constraints` of any_device_tile for every operand; `tosa.mul` must not shift (tt-mlir asserts
shift == 0; the current spec's shift operand must be a zero `tosa.const`). Any other op fails as MLIR's
conversion does: `failed to legalize operation 'tosa.xyz' that was explicitly marked illegal`."""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, TensorType

from tensix.mlir.dialects import ttir
from tensix.mlir.dialects.tt import OperandConstraintAttr
from tensix.mlir.errors import MLIRError
from tensix.mlir.ir import diagnostic

_TARGET = {"tosa.add": ttir.AddOp, "tosa.mul": ttir.MultiplyOp, "tosa.sub": ttir.SubtractOp,
           "tosa.greater_equal": ttir.GreaterEqualOp}
_LEGAL = ("builtin.module", "func.func", "func.return", "tensor.empty")


def _zero_shift(op) -> bool:
    if op.shift is not None:
        return op.shift.value.data == 0
    if op.shift_operand is None:
        return True
    const = op.shift_operand.owner
    if getattr(const, "name", None) != "tosa.const":
        return False
    values = const.properties.get("values") or const.properties.get("value") or const.attributes.get("values")
    try:
        return all(int(v) == 0 for v in values.get_values())
    except (AttributeError, TypeError, ValueError):
        return False


def convert_tosa_to_ttir(module: ModuleOp, sources: dict[str, str] | None = None) -> None:
    for op in list(module.walk()):
        target = _TARGET.get(op.name)
        if target is None:
            continue
        if op.name == "tosa.mul" and not _zero_shift(op):
            msg = ("'tosa.mul' with a shift that is not zero: tt-mlir's TOSA to TTIR conversion asserts shift == 0 "
                   "(a shift is fixed-point integer multiplication, which TTIR does not have)")
            raise MLIRError(msg, diagnostic(op, msg, sources))
        ins = [op.input1, op.input2]
        out_type = op.results[0].type
        if not isinstance(out_type, TensorType):
            msg = f"'{op.name}': only ranked tensor types are supported"
            raise MLIRError(msg, diagnostic(op, msg, sources))
        empty = tensor.EmptyOp([], TensorType(out_type.element_type, out_type.get_shape()))
        empty.location = op.location
        cons = ArrayAttr([OperandConstraintAttr(22)] * (len(ins) + 1))
        new = target(operands=[ins, [empty.tensor]], result_types=[[empty.tensor.type]],
                     properties={"operand_constraints": cons})
        new.location = op.location
        block = op.parent_block()
        block.insert_op_before(empty, op)
        block.insert_op_before(new, op)
        op.results[0].replace_all_uses_with(new.results[0])
        shift_def = op.shift_operand.owner if op.name == "tosa.mul" and op.shift_operand is not None else None
        block.erase_op(op)
        if shift_def is not None and not list(shift_def.results[0].uses):
            shift_def.parent_block().erase_op(shift_def)
    for op in module.walk():
        if op.name in _LEGAL or op.name.startswith("ttir."):
            continue
        suffix = " that was explicitly marked illegal" if op.name.startswith("tosa.") else ""
        msg = f"failed to legalize operation '{op.name}'{suffix}"
        raise MLIRError(msg, diagnostic(op, msg, sources))


__all__ = ["convert_tosa_to_ttir"]
