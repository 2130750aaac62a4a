"""`--convert-ttnn-to-emitc` as tt-mlir be6c5b5c98 had it (lib/Conversion/TTNNToEmitC/TTNNToEmitC.cpp and
TTNNToEmitCPass.cpp): a full conversion of the TTNN ops to `emitc.call_opaque "ttnn::<op>"(operands)` (no `args`,
no `template_args`: attributes such as `fillValue` or `dimension` are dropped, as they were), `!tt.device` to
`!emitc.opaque<"ttnn::Device">`, every tensor to `!emitc.opaque<"ttnn::Tensor">` (function signatures too), and
the six `emitc.include` headers of the time at the start of the module (seed 003's placement; the 2024 code's
OpBuilder(module) put them before the module, fixed to the module body on 2024-08-13, 6c3776748a)."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, ModuleOp, TensorType
from xdsl.dialects.emitc import EmitC_CallOpaqueOp, EmitC_OpaqueType
from xdsl.dialects.builtin import StringAttr

from tensix.mlir.dialects.emitc import IncludeOp
from tensix.mlir.dialects.tt import DeviceType
from tensix.mlir.errors import MLIRError
from tensix.mlir.ir import diagnostic
from tensix.mlir.passes.driver import set_type

HEADERS = (
    "ttnn/device.h",
    "ttnn/operations/eltwise/binary/binary.hpp",
    "ttnn/operations/core.hpp",
    "ttnn/operations/creation.hpp",
    "ttnn/operations/reduction/generic/generic_reductions.hpp",
    "ttnn/operations/normalization.hpp",
)


def _convert_type(ty):
    if isinstance(ty, DeviceType):
        return EmitC_OpaqueType(StringAttr("ttnn::Device"))
    if isinstance(ty, TensorType):
        return EmitC_OpaqueType(StringAttr("ttnn::Tensor"))
    return ty


def convert_ttnn_to_emitc(module: ModuleOp, sources: dict[str, str] | None = None) -> None:
    body = module.body.block
    first = body.first_op
    for h in HEADERS:
        inc = IncludeOp(h)
        if first is None:
            body.add_op(inc)
        else:
            body.insert_op_before(inc, first)
    for f in [o for o in module.walk() if isinstance(o, func.FuncOp)]:
        ft = f.function_type
        f.properties["function_type"] = FunctionType.from_lists([_convert_type(t) for t in ft.inputs.data],
                                                                [_convert_type(t) for t in ft.outputs.data])
        for block in f.body.blocks:
            for a in block.args:
                set_type(a, _convert_type(a.type))
    for op in list(module.walk()):
        if not op.name.startswith("ttnn."):
            continue
        if len(op.results) > 1:
            msg = f"'{op.name}' has {len(op.results)} results; DefaultOpConversionPattern supports at most one"
            raise MLIRError(msg, diagnostic(op, msg, sources))
        call = EmitC_CallOpaqueOp("ttnn::" + op.name[len("ttnn."):], list(op.operands),
                                  [_convert_type(r.type) for r in op.results])
        call.location = op.location
        op.parent_block().insert_op_before(call, op)
        for old, new in zip(op.results, call.results):
            old.replace_all_uses_with(new)
        op.parent_block().erase_op(op)
    for op in module.walk():
        if op is module or op.name in ("func.func", "func.return", "func.call") or op.name.startswith("emitc."):
            continue
        msg = f"failed to legalize operation '{op.name}'"
        raise MLIRError(msg, diagnostic(op, msg, sources))
