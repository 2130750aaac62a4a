"""`--convert-ttnn-to-emitpy`: a TTNN-dialect module to `emitpy` calls of ttnn's Python API, which
`tensix-translate -mlir-to-python` prints as a ttnn script (it runs under `tensix run`, or on a card with ttnn).

The calls do what tt-mlir's 2024 TTNN runtime did for each op (be6c5b5c98 runtime/lib/ttnn/program.cpp, the same
semantics as tensix.mlir.runtime), decided statically from the layouts in the types: `ttnn.full` is dropped (it
only names a DPS destination), `ttnn.to_memory_config` becomes the host / device moves its source and destination
memory spaces call for (host tilize unless bfloat16, to_device, device tilize, typecast, from_device + untilize, or
ttnn.to_memory_config between device spaces), the compute ops their ttnn namesakes, transpose a permute."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, BFloat16Type, FunctionType, ModuleOp, StringAttr, TensorType

from tensix.mlir.dialects import ttnn as d
from tensix.mlir.dialects.emitpy import CallOp, ImportOp, OpaqueType
from tensix.mlir.dialects.tt import DeviceType, LayoutAttr
from tensix.mlir.errors import MLIRError
from tensix.mlir.ir import diagnostic
from tensix.mlir.passes.driver import set_type

TENSOR = OpaqueType(StringAttr("ttnn.Tensor"))
DEVICE = OpaqueType(StringAttr("ttnn.Device"))


def _convert_type(ty):
    if isinstance(ty, DeviceType):
        return DEVICE
    if isinstance(ty, TensorType):
        return TENSOR
    return ty


def _space(ty) -> str:
    lay = ty.encoding if isinstance(ty, TensorType) else None
    if not isinstance(lay, LayoutAttr):
        raise MLIRError("--convert-ttnn-to-emitpy: a tensor without #tt.layout")
    return lay.memory_space


def _dtype(ty) -> str:
    return "ttnn.bfloat16" if isinstance(ty.element_type, BFloat16Type) else "ttnn.float32"


class _EmitterProxy:
    def __init__(self, inner, call):
        self.inner, self.call = inner, call

    def type(self, v):
        return self.inner.type(v)


class _Emitter:
    def __init__(self, anchor, device, types):
        self.anchor = anchor
        self.device = device
        self.types = types        # value -> its TTNN type (emitted values are opaque)

    def type(self, v):
        return self.types.get(v, v.type)

    def call(self, callee: str, operands, args, result=True):
        op = CallOp(operands=[list(operands)], result_types=[[TENSOR] if result else []],
                    properties={"callee": StringAttr(callee), "args": ArrayAttr([StringAttr(a) for a in args])})
        op.location = self.anchor.location
        self.anchor.parent_block().insert_op_before(op, self.anchor)
        return op.results[0] if result else None


def _to_memory_config(e: _Emitter, op):
    src, dst = e.type(op.input), e.type(op.output)
    s_space, t_space = _space(src), _space(dst)
    x = op.input
    host = ("system", "mmio")
    mem = "memory_config=ttnn.L1_MEMORY_CONFIG" if t_space == "l1" else "memory_config=ttnn.DRAM_MEMORY_CONFIG"
    if t_space in host:
        if s_space not in host:
            x = e.call("ttnn.from_device", [x], ["$0"])
        x = e.call("ttnn.to_layout", [x], ["$0", "ttnn.ROW_MAJOR_LAYOUT", f"dtype={_dtype(dst)}"])
        return x
    if s_space in host:
        bf16 = isinstance(src.element_type, BFloat16Type)
        if not bf16:
            x = e.call("ttnn.to_layout", [x], ["$0", "ttnn.TILE_LAYOUT"])
        x = e.call("ttnn.to_device", [x, e.device], ["$0", "$1", mem])
        if bf16:
            x = e.call("ttnn.to_layout", [x], ["$0", "ttnn.TILE_LAYOUT"])
        if _dtype(src) != _dtype(dst):
            x = e.call("ttnn.typecast", [x], ["$0", _dtype(dst)])
        return x
    if _dtype(src) != _dtype(dst):
        x = e.call("ttnn.typecast", [x], ["$0", _dtype(dst)])
    return e.call("ttnn.to_memory_config", [x], ["$0", mem.split("=", 1)[1]])


def _compute(e: _Emitter, op):
    name = op.name.split(".", 1)[1]
    space = _space(op.results[0].type) if op.results else None
    mem = {"l1": "memory_config=ttnn.L1_MEMORY_CONFIG", "dram": "memory_config=ttnn.DRAM_MEMORY_CONFIG"}.get(space)
    call = e.call

    def e_call(callee, operands, args):       # every compute call places its result as the IR says
        return call(callee, operands, args + ([mem] if mem else []))

    e = _EmitterProxy(e, e_call)
    if isinstance(op, d.ELTWISE):
        ins = list(op.inputs)
        return e.call(f"ttnn.{name}", ins, [f"${i}" for i in range(len(ins))])
    if isinstance(op, (d.SumOp, d.MeanOp, d.MaxOp)):
        dims = op.dims()
        dim = "None" if dims is None else str(dims[0]) if len(dims) == 1 else str(tuple(dims))
        return e.call(f"ttnn.{name}", [op.input], ["$0", f"dim={dim}", f"keepdim={bool(op.keep_dim.value.data)}"])
    if isinstance(op, d.SoftmaxOp):
        return e.call("ttnn.softmax", [op.input], ["$0", f"dim={op.dimension.value.data}"])
    if isinstance(op, d.TransposeOp):
        rank = len(e.type(op.input).get_shape())
        order = list(range(rank))
        a, b = op.dimension1.value.data % rank, op.dimension2.value.data % rank
        order[a], order[b] = order[b], order[a]
        return e.call("ttnn.permute", [op.input], ["$0", str(order)])
    if isinstance(op, d.MatmulOp):
        return e.call("ttnn.matmul", [op.a, op.b], ["$0", "$1", f"dtype={_dtype(op.result.type)}"])
    if isinstance(op, d.TypecastOp):
        return e.call("ttnn.typecast", [op.input], ["$0", _dtype(op.result.type)])
    if isinstance(op, d.ReshapeOp):
        return e.call("ttnn.reshape", [op.input], ["$0", str(list(op.output.type.get_shape()))])
    if isinstance(op, d.ConcatOp):
        ins = list(op.inputs)
        return e.call("ttnn.concat", ins, ["[" + ", ".join(f"${i}" for i in range(len(ins))) + "]",
                                           f"dim={op.dim.value.data}"])
    return None


def _constant(e: _Emitter, op, sources):
    """`ttnn.constant`: its elements as float32 bytes (exact for f32 and bf16) in a hex string, a torch tensor of
    them, `ttnn.from_torch` to a row-major host tensor of the IR's dtype (what tensix.mlir.runtime builds)."""
    import numpy as np
    from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, DenseResourceAttr

    ty = op.result.type
    if isinstance(op.value, DenseResourceAttr):
        from tensix.mlir.resources import array

        data = array(op.value).astype(np.float32)
    elif isinstance(op.value, DenseIntOrFPElementsAttr):
        data = np.asarray(op.value.get_values(), dtype=np.float32)
        data = np.broadcast_to(data, ty.get_shape()) if data.size == 1 else data.reshape(ty.get_shape())
    else:
        msg = f"--convert-ttnn-to-emitpy: a constant of {op.value.name} has no Python form"
        raise MLIRError(msg, diagnostic(op, msg, sources))
    hexdata = np.ascontiguousarray(data, dtype="<f4").tobytes().hex()
    shape = list(ty.get_shape())
    return e.call("ttnn.from_torch", [], [f"torch.frombuffer(bytearray.fromhex(\"{hexdata}\"), dtype=torch.float32)"
                                          f".reshape({shape})", f"dtype={_dtype(ty)}", "layout=ttnn.ROW_MAJOR_LAYOUT"])


def convert_ttnn_to_emitpy(module: ModuleOp, sources: dict[str, str] | None = None) -> None:
    body = module.body.block
    imp = ImportOp(properties={"module": StringAttr("ttnn")})
    if body.first_op is None:
        body.add_op(imp)
    else:
        body.insert_op_before(imp, body.first_op)
    for f in [o for o in module.walk() if isinstance(o, func.FuncOp)]:
        ft = f.function_type
        from tensix.mlir.asm import attr_str

        # the inputs' tensor types, for the script's __main__ block (the signature becomes opaque)
        f.attributes["emitpy.inputs"] = ArrayAttr([StringAttr(attr_str(TensorType(t.element_type, t.get_shape())))
                                                   for t in ft.inputs.data if isinstance(t, TensorType)])
        f.properties["function_type"] = FunctionType.from_lists([_convert_type(t) for t in ft.inputs.data],
                                                                [_convert_type(t) for t in ft.outputs.data])
        needs_torch = False
        for block in f.body.blocks:
            types = {}
            device = None
            for op in list(block.ops):
                if not op.name.startswith("ttnn."):
                    continue
                e = _Emitter(op, device, types)
                if isinstance(op, d.OpenDeviceOp):
                    call = CallOp(operands=[[]], result_types=[[DEVICE]],
                                  properties={"callee": StringAttr("ttnn.open_device"),
                                              "args": ArrayAttr([StringAttr("device_id=0")])})
                    call.location = op.location
                    block.insert_op_before(call, op)
                    device = call.results[0]
                    new = device
                elif isinstance(op, d.CloseDeviceOp):
                    new = e.call("ttnn.close_device", [op.device], ["$0"], result=False)
                elif isinstance(op, d.FullOp):
                    new = None
                elif isinstance(op, d.ConstantOp):
                    new = _constant(e, op, sources)
                    needs_torch = True
                elif isinstance(op, d.ToMemoryConfigOp):
                    new = _to_memory_config(e, op)
                elif isinstance(op, d.ToDeviceOp):
                    space = _space(op.result.type)
                    mem = "ttnn.L1_MEMORY_CONFIG" if space == "l1" else "ttnn.DRAM_MEMORY_CONFIG"
                    new = e.call("ttnn.to_device", [op.input, device], ["$0", "$1", f"memory_config={mem}"])
                elif isinstance(op, d.FromDeviceOp):
                    new = e.call("ttnn.from_device", [op.input], ["$0"])
                elif isinstance(op, d.ToLayoutOp):
                    layout = "ttnn.TILE_LAYOUT" if op.layout.data == "tile" else "ttnn.ROW_MAJOR_LAYOUT"
                    new = e.call("ttnn.to_layout", [op.input], ["$0", layout])
                else:
                    new = _compute(e, op)
                    if new is None:
                        msg = f"--convert-ttnn-to-emitpy has no Python form for '{op.name}' yet"
                        raise MLIRError(msg, diagnostic(op, msg, sources))
                if op.results and new is not None:
                    types[new] = op.results[0].type
                    op.results[0].replace_all_uses_with(new)
            for op in reversed(list(block.ops)):     # users before their definitions (the fulls, the device)
                if op.name.startswith("ttnn."):
                    block.erase_op(op, safe_erase=False)
            for a in block.args:
                set_type(a, _convert_type(a.type))
        if needs_torch and not any(isinstance(o, ImportOp) and o.module.data == "torch" for o in body.ops):
            body.insert_op_after(ImportOp(properties={"module": StringAttr("torch")}), imp)
