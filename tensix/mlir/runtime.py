"""Run a `ttnn`-dialect function op by op on the simulated Wormhole through tensix.ttnn (the TTNN route).

The op semantics are those of tt-mlir's 2024 TTNN runtime (be6c5b5c98 runtime/lib/ttnn/program.cpp), which ran
the flatbuffer of the same module on a card:
- `ttnn.open_device` / `ttnn.close_device` / `ttnn.full` do nothing (the device is supplied by the caller; `full`
  only names the destination of a DPS op; its layout is what `to_memory_config` reads);
- `ttnn.to_memory_config(in, out)` moves `in` to the memory space of `out`'s layout and converts to its element
  type: to System, a device tensor comes back to the host and is untilized; to DRAM / L1, a host tensor is tilized
  on the host unless it is bfloat16 (device tilize needs bfloat16), sent to the device (DRAM / L1 interleaved) and
  then tilized on the device if it was not; a device tensor is typecast and moved with ttnn.to_memory_config;
- the compute ops call their ttnn namesake, transpose as permute with the two dims swapped; the result goes to
  the memory space of the op's result layout (L1 or DRAM interleaved), as tt-mlir's runtime did from September 2024
  (the be6c5b5c98 runtime left ttnn's default, the input's memory config; with the 2024 pipeline's L1 operands the
  two agree); the layouts' grids are not used.
Every ttnn op is a tensix.ttnn program, so the report has each op's device time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import BFloat16Type, Float32Type, ModuleOp

from tensix.errors import NotModelledError
from tensix.mlir.dialects import ttnn as d
from tensix.mlir.dialects.tt import LayoutAttr
from tensix.mlir.errors import MLIRError
from tensix.mlir.ir import diagnostic


@dataclass
class OpTime:
    """One MLIR op as run: its name, the tensix.ttnn ops it ran and their device time."""

    op: str
    ttnn_ops: list[str]
    device_ns: float


@dataclass
class Report:
    ops: list[OpTime] = field(default_factory=list)

    @property
    def device_ns(self) -> float:
        return sum(o.device_ns for o in self.ops)

    def __str__(self) -> str:
        lines = [f"{'#':>3}  {'mlir op':<26}{'device us':>10}  programs"]
        for i, o in enumerate(self.ops):
            lines.append(f"{i:>3}  {o.op:<26}{o.device_ns / 1000:>10.2f}  {', '.join(o.ttnn_ops) or '-'}")
        lines.append(f"     {'total':<26}{self.device_ns / 1000:>10.2f}")
        return "\n".join(lines)


class _Placeholder:
    """The value of a `ttnn.full`: only its type (the destination layout) matters to the 2024 runtime."""

    def __init__(self, ty):
        self.type = ty


def _ttnn():
    import tensix.ttnn as ttnn

    return ttnn


def _dtype(ttnn, element_type, where: str):
    if isinstance(element_type, Float32Type):
        return ttnn.float32
    if isinstance(element_type, BFloat16Type):
        return ttnn.bfloat16
    raise NotModelledError(f"{where}: element type {element_type} has no TTNN data type in tensix.mlir's TTNN "
                           f"route (f32 and bf16 do).\nFix: use f32 or bf16 tensors.")


def _to_memory_config(ttnn, device, value, out_type, where: str):
    layout = out_type.encoding
    if not isinstance(layout, LayoutAttr):
        raise MLIRError(f"{where}: the destination has no #tt.layout")
    dtype = _dtype(ttnn, out_type.element_type, where)
    space = layout.memory_space
    on_device = ttnn.is_tensor_storage_on_device(value)
    if space in ("system", "mmio"):
        host = ttnn.from_device(value) if on_device else value
        host = ttnn.to_layout(host, ttnn.ROW_MAJOR_LAYOUT)
        if host.dtype != dtype:
            host = ttnn.typecast(host, dtype) if on_device else ttnn.to_layout(host, ttnn.ROW_MAJOR_LAYOUT,
                                                                              dtype=dtype)
        return host
    mem = ttnn.L1_MEMORY_CONFIG if space == "l1" else ttnn.DRAM_MEMORY_CONFIG
    if not on_device:
        tilize_on_device = value.dtype == ttnn.bfloat16
        t = value if tilize_on_device else ttnn.to_layout(value, ttnn.TILE_LAYOUT)
        t = ttnn.to_device(t, device, memory_config=mem)
        if tilize_on_device:
            t = ttnn.to_layout(t, ttnn.TILE_LAYOUT)
        if t.dtype != dtype:
            t = ttnn.typecast(t, dtype)
        return t
    t = value if value.dtype == dtype else ttnn.typecast(value, dtype)
    return ttnn.to_memory_config(t, mem)


def _mem(ttnn, op) -> dict:
    """`memory_config=` of the op's result layout (L1 or DRAM interleaved): the IR's placement, which tt-mlir's
    runtime followed from September 2024 on (the be6c5b5c98 runtime left ttnn's default, the input's)."""
    lay = op.results[0].type.encoding if op.results else None
    if isinstance(lay, LayoutAttr) and lay.memory_space in ("l1", "dram"):
        return {"memory_config": ttnn.L1_MEMORY_CONFIG if lay.memory_space == "l1" else ttnn.DRAM_MEMORY_CONFIG}
    return {}


def _eltwise(ttnn, op, args, where):
    name = op.name.split(".", 1)[1]
    fn = {"ge": getattr(ttnn, "ge", None)}.get(name, getattr(ttnn, name, None))
    if fn is None:
        raise NotModelledError(f"{where}: tensix.ttnn has no ttnn.{name} program yet, so the TTNN route cannot "
                               f"run it.\nFix: lower to ops tensix.ttnn has, or add ttnn.{name} to tensix.ttnn.")
    return fn(*args, **_mem(ttnn, op))


def run_function(module: ModuleOp, inputs, name: str | None = None, device=None):
    """Run function `name` (the first one by default) of a TTNN-dialect module on numpy inputs; returns (list of
    numpy outputs, Report)."""
    ttnn = _ttnn()
    funcs = [o for o in module.walk() if isinstance(o, func.FuncOp)]
    f = next((x for x in funcs if name is None or x.sym_name.data == name), None)
    if f is None:
        raise MLIRError(f"no function @{name} in the module (it has {', '.join('@' + x.sym_name.data for x in funcs)})")
    block = f.body.blocks[0]
    if len(inputs) != len(block.args):
        raise MLIRError(f"@{f.sym_name.data} takes {len(block.args)} inputs, got {len(inputs)}")
    own = device is None
    if own:
        device = ttnn.open_device(device_id=0)
    report = Report()
    try:
        env = {}
        for arg, x in zip(block.args, inputs):
            ty = arg.type
            x = np.asarray(x)
            if tuple(x.shape) != tuple(ty.get_shape()):
                raise MLIRError(f"@{f.sym_name.data} argument {len(env)}: expected shape {list(ty.get_shape())}, got "
                                f"{list(x.shape)}")
            dtype = _dtype(ttnn, ty.element_type, f"@{f.sym_name.data} argument {len(env)}")
            env[arg] = ttnn.from_numpy(x.astype(np.float32), dtype=dtype, layout=ttnn.ROW_MAJOR_LAYOUT)
        results = None
        for op in block.ops:
            where = _where(op)
            start = len(ttnn.op_report())
            results = _run_op(ttnn, device, op, env, where)
            records = ttnn.op_report()[start:]
            if op.name not in ("ttnn.open_device", "ttnn.close_device", "ttnn.full") and \
                    not isinstance(op, func.ReturnOp):
                _check_shape(op, env, where)
                report.ops.append(OpTime(op.name, [r.op for r in records] or [_no_program(op)],
                                         sum(r.device_ns for r in records)))
        outs = []
        for v in results or []:
            host = ttnn.from_device(v) if ttnn.is_tensor_storage_on_device(v) else v
            host = ttnn.to_layout(host, ttnn.ROW_MAJOR_LAYOUT)
            outs.append(ttnn.to_numpy(host))
        return outs, report
    finally:
        if own:
            ttnn.close_device(device)


def _no_program(op) -> str:
    """What an op that ran no device program did: a host <-> device copy, or nothing (already in place)."""
    spaces = {v.type.encoding.memory_space for v in (*op.operands, *op.results)
              if isinstance(getattr(v.type, "encoding", None), LayoutAttr)}
    host = spaces & {"system", "mmio"}
    return "host transfer" if host and spaces - host else "host op" if host else "no-op"


def _where(op) -> str:
    """`file:line:col: 'op'` for messages raised while running."""
    first = diagnostic(op, "x").split("\n")[0]
    return first[: -len(": error: x")] + f": '{op.name}'"


def _check_shape(op, env, where: str) -> None:
    """The ttnn result must have the shape the IR declares (loud where tt-mlir's 2024 runtime copied blindly)."""
    for r in op.results:
        v = env.get(r)
        if v is None or isinstance(v, _Placeholder):
            continue
        got = tuple(v.shape)
        want = tuple(r.type.get_shape())
        if got != want:
            raise MLIRError(f"{where}: tensix.ttnn gives a result of shape {list(got)} but the IR declares "
                            f"{list(want)}; the 2024 TTNN runtime would copy the result into the declared buffer "
                            f"regardless.\nFix: declare the shape ttnn produces (e.g. a reduction with keep_dim "
                            f"keeps the reduced dim as 1).")


def _constant(ttnn, op, where: str):
    """`ttnn.constant`: a row-major host tensor of the value (dense elements or a dense_resource blob), placed by
    the `to_memory_config` that follows it as any host input is."""
    from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, DenseResourceAttr

    ty = op.result.type
    dtype = _dtype(ttnn, ty.element_type, where)
    value = op.value
    if isinstance(value, DenseResourceAttr):
        from tensix.mlir.resources import array

        data = array(value, f"{where}: ")
    elif isinstance(value, DenseIntOrFPElementsAttr):
        vals = value.get_values()
        data = np.asarray(vals, dtype=np.float32)
        data = np.broadcast_to(data, ty.get_shape()) if data.size == 1 else data.reshape(ty.get_shape())
    else:
        raise NotModelledError(f"{where}: a constant of {value.name} is not read by the TTNN route (dense and "
                               f"dense_resource elements are).")
    return ttnn.from_numpy(np.ascontiguousarray(data, dtype=np.float32), dtype=dtype, layout=ttnn.ROW_MAJOR_LAYOUT)


def _run_op(ttnn, device, op, env, where):
    get = env.__getitem__
    if isinstance(op, func.ReturnOp):
        return [get(v) for v in op.operands]
    if isinstance(op, (d.OpenDeviceOp, d.CloseDeviceOp)):
        return None
    if isinstance(op, d.FullOp):
        env[op.result] = _Placeholder(op.result.type)
        return None
    if isinstance(op, d.ToDeviceOp):
        mem = _mem(ttnn, op).get("memory_config", ttnn.DRAM_MEMORY_CONFIG)
        env[op.result] = ttnn.to_device(get(op.input), device, memory_config=mem)
        return None
    if isinstance(op, d.FromDeviceOp):
        env[op.result] = ttnn.from_device(get(op.input))
        return None
    if isinstance(op, d.ToLayoutOp):
        layout = ttnn.TILE_LAYOUT if op.layout.data == "tile" else ttnn.ROW_MAJOR_LAYOUT
        env[op.result] = ttnn.to_layout(get(op.input), layout)
        return None
    if isinstance(op, d.ToMemoryConfigOp):
        env[op.result] = _to_memory_config(ttnn, device, get(op.input), op.output.type, where)
        return None
    if isinstance(op, d.ELTWISE):
        env[op.results[0]] = _eltwise(ttnn, op, [get(v) for v in op.inputs], where)
        return None
    if isinstance(op, (d.SumOp, d.MeanOp, d.MaxOp)):
        fn = {"ttnn.sum": ttnn.sum, "ttnn.mean": ttnn.mean, "ttnn.max": ttnn.max}[op.name]
        dims = op.dims()
        dim = None if dims is None else (dims[0] if len(dims) == 1 else tuple(dims))
        env[op.result] = fn(get(op.input), dim, bool(op.keep_dim.value.data), **_mem(ttnn, op))
        return None
    if isinstance(op, d.SoftmaxOp):
        env[op.result] = ttnn.softmax(get(op.input), op.dimension.value.data, **_mem(ttnn, op))
        return None
    if isinstance(op, d.TransposeOp):
        x = get(op.input)
        rank = len(op.input.type.get_shape())
        order = list(range(rank))
        d1, d2 = op.dimension1.value.data % rank, op.dimension2.value.data % rank
        order[d1], order[d2] = order[d2], order[d1]
        env[op.result] = ttnn.permute(x, order, **_mem(ttnn, op))
        return None
    if isinstance(op, d.MatmulOp):
        out_dtype = _dtype(ttnn, op.result.type.element_type, where)
        env[op.result] = ttnn.matmul(get(op.a), get(op.b), dtype=out_dtype, **_mem(ttnn, op))
        return None
    if isinstance(op, d.ConstantOp):
        env[op.result] = _constant(ttnn, op, where)
        return None
    if isinstance(op, d.TypecastOp):
        x = get(op.input)
        dtype = _dtype(ttnn, op.result.type.element_type, where)
        env[op.result] = x if x.dtype == dtype else ttnn.typecast(x, dtype, **_mem(ttnn, op))
        return None
    if isinstance(op, d.ReshapeOp):
        env[op.result] = ttnn.reshape(get(op.input), list(op.output.type.get_shape()), **_mem(ttnn, op))
        return None
    if isinstance(op, d.ConcatOp):
        env[op.result] = ttnn.concat([get(v) for v in op.inputs], op.dim.value.data, **_mem(ttnn, op))
        return None
    if isinstance(op, d.EmbeddingOp):
        idx = get(op.input)
        if ttnn.is_tensor_storage_on_device(idx) and idx.dtype != ttnn.uint32:
            idx = ttnn.typecast(idx, ttnn.uint32)
        env[op.result] = ttnn.embedding(idx, get(op.weight), layout=ttnn.TILE_LAYOUT, **_mem(ttnn, op))
        return None
    if isinstance(op, d.LayerNormOp):
        w = get(op.weight[0]) if len(op.weight) else None
        b = get(op.bias[0]) if len(op.bias) else None
        env[op.result] = ttnn.layer_norm(get(op.input), epsilon=op.epsilon.value.data, weight=w, bias=b,
                                         **_mem(ttnn, op))
        return None
    raise NotModelledError(f"{where}: the TTNN route has no runtime for '{op.name}'.\nFix: lower it to the ops the "
                           f"route runs (tensix.mlir.runtime).")


__all__ = ["run_function", "Report", "OpTime"]
