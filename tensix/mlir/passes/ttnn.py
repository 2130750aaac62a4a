"""`--ttnn-open-device` and `--convert-ttir-to-ttnn` as tt-mlir be6c5b5c98 had them
(lib/Dialect/TTNN/Transforms/Passes.cpp, lib/Conversion/TTIRToTTNN/TTIRToTTNN.cpp, TTIRToTTNNPass.cpp)."""

from __future__ import annotations

from xdsl.dialects import func, tensor
from xdsl.dialects.builtin import Float32Type, FloatAttr, ModuleOp
from xdsl.ir import Operation

from tensix.mlir.dialects import ttir, ttnn
from tensix.mlir.dialects.tt import DeviceAttr, DeviceType
from tensix.mlir.errors import MLIRError
from tensix.mlir.ir import diagnostic
from tensix.mlir.passes.ttir import system_desc


def open_device(module: ModuleOp) -> None:
    """TTNNOpenDevice: `ttnn.open_device` at the start of every function, `ttnn.close_device` before its
    terminator (single chip only, as tt-mlir asserts)."""
    desc = system_desc(module)
    if len(desc.chip_desc_indices.data) != 1:
        raise MLIRError("--ttnn-open-device: multiple chips are not supported (tt-mlir asserts 'Multiple chips not "
                        "supported yet').\nFix: describe one chip in tt.system_desc.")
    device_type = DeviceType(DeviceAttr.from_system_desc(desc))
    for f in [o for o in module.walk() if isinstance(o, func.FuncOp)]:
        if len(f.body.blocks) != 1:
            raise MLIRError(f"--ttnn-open-device: @{f.sym_name.data} has {len(f.body.blocks)} blocks; tt-mlir "
                            f"asserts one.")
        block = f.body.blocks[0]
        opened = ttnn.OpenDeviceOp(result_types=[device_type])
        opened.location = f.location
        first = block.first_op
        if first is None:
            block.add_op(opened)
        else:
            block.insert_op_before(opened, first)
        closed = ttnn.CloseDeviceOp(operands=[opened.device])
        closed.location = f.location
        term = block.last_op
        if term is not None and term is not opened and term.has_trait(_terminator()):
            block.insert_op_before(closed, term)
        else:
            block.add_op(closed)


def _terminator():
    from xdsl.traits import IsTerminator

    return IsTerminator


def _find_device(op: Operation):
    block = op.parent_block()
    while block is not None:
        for o in block.ops:
            if isinstance(o, ttnn.OpenDeviceOp):
                return o.device
        parent = block.parent_op()
        block = parent.parent_block() if parent is not None else None
    raise MLIRError(diagnostic(op, f"'{op.name}': no ttnn.open_device in scope (tt-mlir asserts 'No device "
                                   f"found').\nFix: run --ttnn-open-device before --convert-ttir-to-ttnn."))


_ELTWISE = {t: n for t, n in zip(ttir.ELTWISE, ttnn.ELTWISE)}
_SAME = {  # ttir op -> (ttnn op, the properties carried over)
    ttir.SumOp: (ttnn.SumOp, ("keep_dim", "dim_arg")),
    ttir.MeanOp: (ttnn.MeanOp, ("keep_dim", "dim_arg")),
    ttir.MaxOp: (ttnn.MaxOp, ("keep_dim", "dim_arg")),
    ttir.SoftmaxOp: (ttnn.SoftmaxOp, ("dimension",)),
    ttir.TransposeOp: (ttnn.TransposeOp, ("dimension1", "dimension2")),
    ttir.MatmulOp: (ttnn.MatmulOp, ()),
    ttir.ReshapeOp: (ttnn.ReshapeOp, ("shape",)),
    ttir.ConcatOp: (ttnn.ConcatOp, ("dim",)),
    ttir.EmbeddingOp: (ttnn.EmbeddingOp, ()),
    ttir.LayerNormOp: (ttnn.LayerNormOp, ("normalized_shape", "epsilon", "operandSegmentSizes")),
    ttir.TypecastOp: (ttnn.TypecastOp, ()),
    ttir.ConstantOp: (ttnn.ConstantOp, ("value",)),
}


def _replace(op: Operation, new: Operation) -> None:
    new.location = op.location
    op.parent_block().insert_op_before(new, op)
    for old, nv in zip(op.results, new.results):
        old.replace_all_uses_with(nv)
    op.parent_block().erase_op(op)


def convert_ttir_to_ttnn(module: ModuleOp, sources: dict[str, str] | None = None) -> None:
    """ConvertTTIRToTTNN (a partial conversion, ttir illegal): `tensor.empty` -> `ttnn.full(device) {fillValue =
    0.0}`, `ttir.to_layout` -> `ttnn.to_memory_config`, the compute ops to their ttnn namesakes with operand
    constraints dropped. An op without a pattern fails like MLIR: "failed to legalize operation"."""
    for op in list(module.walk()):
        if isinstance(op, tensor.EmptyOp):
            full = ttnn.FullOp(operands=[_find_device(op)], result_types=[op.tensor.type],
                               properties={"fillValue": FloatAttr(0.0, Float32Type())})
            _replace(op, full)
        elif isinstance(op, ttir.ToLayoutOp):
            _replace(op, ttnn.ToMemoryConfigOp(operands=[op.input, op.output], result_types=[op.result.type]))
        elif type(op) in _ELTWISE:
            new = _ELTWISE[type(op)](operands=[list(op.inputs), list(op.outputs)],
                                     result_types=[[r.type for r in op.results]])
            _replace(op, new)
        elif type(op) in _SAME:
            cls, props = _SAME[type(op)]
            new = cls(operands=_operand_groups(op), result_types=[op.results[0].type],
                      properties={k: op.properties[k] for k in props if k in op.properties})
            _replace(op, new)
    for op in module.walk():
        if op.name.startswith("ttir."):
            msg = f"failed to legalize operation '{op.name}' that was explicitly marked illegal"
            raise MLIRError(msg, diagnostic(op, msg, sources))


def _operand_groups(op: Operation) -> list:
    """The op's operands grouped by its operand definitions (variadic groups as lists)."""
    from xdsl.irdl import VarOperandDef
    from xdsl.irdl.operations import OptOperandDef

    groups = []
    for name, d in type(op).get_irdl_definition().operands:
        value = getattr(op, name)
        groups.append(list(value) if isinstance(d, (VarOperandDef, OptOperandDef)) else value)
    return groups
