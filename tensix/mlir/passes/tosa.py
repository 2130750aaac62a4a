"""`--convert-tosa-to-ttir`: the TOSA that torch-mlir emits today, to TTIR.

The 2024 pass (tt-mlir be6c5b5c98 lib/Conversion/TosaToTTIR/TosaToTTIR.cpp) converted `tosa.add` / `mul` / `sub` /
`greater_equal` to `tensor.empty` + the ttir namesake with `operand_constraints` of any_device_tile on every
operand, `tosa.mul` only without a shift. tt-mlir's later patterns (TosaToTTIRPatterns.cpp at 02c5df54b1) add what
torch-mlir's TOSA of today needs, and tensix follows them onto the ttir ops it has, in the same 2024 style (DPS,
any_device_tile constraints):
- `tosa.const` -> `ttir.constant` (dense or dense_resource values kept as they are);
- `tosa.reshape %x, %shape` -> `ttir.reshape {shape}` (the `tosa.const_shape` operand read, an i32 array);
- `tosa.transpose {perms}` -> `ttir.transpose` (tt-mlir: ttir.permute, which tensix's 2024 TTIR lacks; a
  permutation is written as the swaps that make it, one ttir.transpose each, in the order a selection sort of the
  permutation finds them: `[1, 0, 2]` is one transpose, `[1, 2, 0]` two);
- `tosa.matmul %a, %b, %a_zp, %b_zp` -> `ttir.matmul %a, %b` (batched 3-D as TOSA has it); the zero points must be
  zero constants (a non-zero one is integer quantisation, which TTIR does not have);
- `tosa.reduce_sum` / `tosa.reduce_max {axis}` -> `ttir.sum` / `ttir.max` with `keep_dim = true` and `dim_arg =
  [axis]` (TOSA keeps the reduced dim as 1);
- `tosa.exp` / `sigmoid` / `reciprocal` / `rsqrt` / `tanh` / `abs` / `maximum` / `minimum` -> their namesakes
  (tt-mlir's later eltwise ops), `tosa.negate` (zero points zero) -> `ttir.neg`, `tosa.pow` by a constant 2.0
  (torch's `x.pow(2)`, `x ** 2`) -> `ttir.multiply(x, x)` (x * x: one rounding, as IEEE pow(x, 2); any other
  exponent fails to legalize: tensix.ttnn has no pow program), `tosa.cast` (float to float) -> `ttir.typecast`,
  `tosa.concat {axis}` -> `ttir.concat {dim}`, `tosa.clamp` with min 0 and no max (a float's largest value or
  +inf, what torch's relu becomes) -> `ttir.relu`;
- binary ops whose operands broadcast (`x - max(x)` over a kept dim, a `tensor<1x1x1xf32>` scale) keep their
  shapes: TTIR's implicit broadcast (verifyBroadcastable); tensix.ttnn's binary programs broadcast as binary_ng.
`tosa.mul`'s shift must be zero (tt-mlir: "conversion does not support shifted multiply"). The conversion is full:
any other op fails as MLIR's does: `failed to legalize operation 'tosa.xyz' that was explicitly marked illegal`,
at its location; `tosa.const` / `tosa.const_shape` left without users (shift, zero points, shapes) are dropped."""

from __future__ import annotations

import math

import numpy as np
from xdsl.dialects import tensor
from xdsl.dialects.builtin import ArrayAttr, BoolAttr, DenseArrayBase, FloatAttr, IntegerAttr, IntegerType, \
    ModuleOp, Signedness, TensorType

from tensix.mlir.dialects import ttir
from tensix.mlir.dialects.tt import OperandConstraintAttr
from tensix.mlir.errors import MLIRError
from tensix.mlir.ir import diagnostic

_BINARY = {"tosa.add": ttir.AddOp, "tosa.mul": ttir.MultiplyOp, "tosa.sub": ttir.SubtractOp,
           "tosa.greater_equal": ttir.GreaterEqualOp, "tosa.maximum": ttir.MaximumOp, "tosa.minimum": ttir.MinimumOp}
_UNARY = {"tosa.exp": ttir.ExpOp, "tosa.sigmoid": ttir.SigmoidOp, "tosa.reciprocal": ttir.ReciprocalOp,
          "tosa.rsqrt": ttir.RsqrtOp, "tosa.tanh": ttir.TanhOp, "tosa.abs": ttir.AbsOp}
_REDUCE = {"tosa.reduce_sum": ttir.SumOp, "tosa.reduce_max": ttir.MaxOp}
_LEGAL = ("builtin.module", "func.func", "func.return", "tensor.empty")
_ANY_DEVICE_TILE = 22
_I32 = IntegerType(32)
_SI32 = IntegerType(32, Signedness.SIGNED)


def _fail(op, msg: str, sources):
    raise MLIRError(msg, diagnostic(op, msg, sources))


def _const_values(value, what: str, op, sources) -> np.ndarray:
    """The elements of a `tosa.const` / `tosa.const_shape` defining `value`."""
    const = value.owner
    if getattr(const, "name", None) not in ("tosa.const", "tosa.const_shape"):
        _fail(op, f"'{op.name}' op conversion expects {what} to be defined by a tosa.const op", sources)
    attr = const.properties.get("values") or const.properties.get("value")
    from xdsl.dialects.builtin import DenseResourceAttr

    if isinstance(attr, DenseResourceAttr):
        from tensix.mlir.resources import array

        return array(attr)
    try:
        return np.asarray(attr.get_values())
    except (AttributeError, TypeError, ValueError):
        _fail(op, f"'{op.name}' op conversion expects {what} to be dense elements", sources)


def _zero_shift(op, sources) -> bool:
    if op.shift is not None:
        return op.shift.value.data == 0
    if op.shift_operand is None:
        return True
    return bool(np.all(_const_values(op.shift_operand, "shift value", op, sources) == 0))


class _Builder:
    def __init__(self, op, sources):
        self.op, self.sources = op, sources
        self.block = op.parent_block()

    def insert(self, new):
        new.location = self.op.location
        self.block.insert_op_before(new, self.op)
        return new

    def dps(self, cls, ins, out_type: TensorType, props=None, grouped=False):
        """tensor.empty + the ttir op in the 2024 style: inputs, the empty as output, any_device_tile constraints."""
        if not isinstance(out_type, TensorType):
            _fail(self.op, f"'{self.op.name}': only ranked tensor types are supported", self.sources)
        empty = self.insert(tensor.EmptyOp([], TensorType(out_type.element_type, out_type.get_shape())))
        props = dict(props or {})
        props["operand_constraints"] = ArrayAttr([OperandConstraintAttr(_ANY_DEVICE_TILE)] * (len(ins) + 1))
        operands = [list(ins), [empty.tensor]] if grouped else [*ins, empty.tensor]
        result_types = [[empty.tensor.type]] if grouped else [empty.tensor.type]
        return self.insert(cls(operands=operands, result_types=result_types, properties=props)).results[0]


def _shape_of(t) -> list[int]:
    return list(t.get_shape())


def _convert(op, sources) -> bool:
    """Rewrite one TOSA op; False if it has no pattern."""
    b = _Builder(op, sources)
    name = op.name
    out = op.results[0].type if op.results else None
    if name in _BINARY:
        if name == "tosa.mul" and not _zero_shift(op, sources):
            _fail(op, "'tosa.mul' op conversion does not support shifted multiply (tt-mlir's TOSA to TTIR patterns "
                      "refuse a shift: it is fixed-point integer multiplication, which TTIR does not have)", sources)
        ins = [op.input1, op.input2] if hasattr(op, "input1") else list(op.inputs)[:2]
        new = b.dps(_BINARY[name], ins, out, grouped=True)
    elif name in _UNARY:
        new = b.dps(_UNARY[name], [op.operands[0]], out, grouped=True)
    elif name == "tosa.negate":
        for zp in list(op.operands)[1:]:
            if not np.all(_const_values(zp, "the zero point", op, sources) == 0):
                _fail(op, "'tosa.negate' op with a non-zero zero point: integer quantised negate has no TTIR "
                          "lowering", sources)
        new = b.dps(ttir.NegOp, [op.operands[0]], out, grouped=True)
    elif name == "tosa.pow":
        exponent = op.operands[1]
        owner = exponent.owner
        values = _const_values(exponent, "the exponent", op, sources) \
            if getattr(owner, "name", None) == "tosa.const" else None
        if values is None or values.size == 0 or not np.all(values == 2.0):
            return False
        new = b.dps(ttir.MultiplyOp, [op.operands[0], op.operands[0]], out, grouped=True)
    elif name == "tosa.clamp":
        lo, hi = op.properties.get("min_val"), op.properties.get("max_val")
        is_relu = isinstance(lo, FloatAttr) and lo.value.data == 0.0 and isinstance(hi, FloatAttr) and \
            (math.isinf(hi.value.data) or hi.value.data >= 3.4028234e38)
        if not is_relu:
            return False
        new = b.dps(ttir.ReluOp, [op.operands[0]], out, grouped=True)
    elif name == "tosa.cast":
        from xdsl.dialects.builtin import AnyFloat

        if not (isinstance(op.operands[0].type.element_type, AnyFloat) and isinstance(out.element_type, AnyFloat)):
            return False
        new = b.dps(ttir.TypecastOp, [op.operands[0]], out)
    elif name in _REDUCE:
        axis = op.properties["axis"].value.data
        new = b.dps(_REDUCE[name], [op.operands[0]], out, {
            "keep_dim": BoolAttr(True, IntegerType(1)), "dim_arg": ArrayAttr([IntegerAttr(axis, _I32)])})
    elif name == "tosa.reshape":
        shape = [int(v) for v in _const_values(op.operands[1], "the shape", op, sources)] \
            if len(op.operands) > 1 else _shape_of(out)
        new = b.dps(ttir.ReshapeOp, [op.operands[0]], out, {"shape": ArrayAttr([IntegerAttr(v, _I32)
                                                                                  for v in shape])})
    elif name == "tosa.transpose":
        perms = op.properties["perms"]
        perms = [int(v) for v in (perms.get_values() if isinstance(perms, DenseArrayBase) else perms.get_values())]
        value = op.operands[0]
        cur = list(range(len(perms)))
        shape = _shape_of(value.type)
        for i in range(len(perms)):
            if cur[i] == perms[i]:
                continue
            j = cur.index(perms[i])
            cur[i], cur[j] = cur[j], cur[i]
            shape[i], shape[j] = shape[j], shape[i]
            ty = TensorType(out.element_type, shape)
            value = b.dps(ttir.TransposeOp, [value], ty, {"dimension1": IntegerAttr(i, _SI32),
                                                         "dimension2": IntegerAttr(j, _SI32)})
        new = value
        if new is op.operands[0]:   # the identity permutation
            new = op.operands[0]
    elif name == "tosa.matmul":
        for zp, what in ((op.operands[2], "a_zp"), (op.operands[3], "b_zp")) if len(op.operands) == 4 else ():
            if not np.all(_const_values(zp, f"the zero point {what}", op, sources) == 0):
                _fail(op, f"'tosa.matmul' op with a non-zero zero point ({what}): integer quantised matmul has no "
                          f"TTIR lowering", sources)
        new = b.dps(ttir.MatmulOp, [op.operands[0], op.operands[1]], out)
    elif name == "tosa.concat":
        new = b.dps(ttir.ConcatOp, list(op.operands), out, {"dim": IntegerAttr(op.properties["axis"].value.data,
                                                                               _SI32)})
    elif name == "tosa.const":
        users = list(op.results[0].uses)
        if not users:
            b.block.erase_op(op)
            return True
        value = op.elements()
        new = b.insert(ttir.ConstantOp(properties={"value": value}, result_types=[out])).results[0]
    else:
        return False
    op.results[0].replace_all_uses_with(new)
    shift_or_shape = [v.owner for v in op.operands[1:] if getattr(v.owner, "name", "") in
                      ("tosa.const", "tosa.const_shape")]
    b.block.erase_op(op)
    for d in shift_or_shape:
        if d.parent is not None and not any(True for _ in d.results[0].uses):
            d.parent_block().erase_op(d)
    return True


def convert_tosa_to_ttir(module: ModuleOp, sources: dict[str, str] | None = None) -> None:
    ops = [op for op in module.walk() if op.name.startswith("tosa.")]
    # constants last, so that those only feeding shifts, zero points and shapes are gone by then
    ops = [o for o in ops if o.name not in ("tosa.const", "tosa.const_shape")] + \
          [o for o in ops if o.name in ("tosa.const", "tosa.const_shape")]
    failed = None
    for op in ops:
        if op.parent is None:
            continue
        if op.name == "tosa.const_shape":
            if not any(True for _ in op.results[0].uses):
                op.parent_block().erase_op(op)
            continue
        if not _convert(op, sources) and failed is None:
            failed = op
    for op in module.walk():
        if op.name in _LEGAL or op.name.startswith("ttir."):
            continue
        suffix = " that was explicitly marked illegal" if op.name.startswith("tosa.") else ""
        msg = f"failed to legalize operation '{op.name}'{suffix}"
        raise MLIRError(msg, diagnostic(op, msg, sources))


__all__ = ["convert_tosa_to_ttir"]
