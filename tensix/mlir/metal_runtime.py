"""Run a TTMetal-dialect function (the output of --ttir-to-ttmetal-backend-pipeline) on the simulated Wormhole
through tensix's Metalium host API and kernel API.

The 2024 route (tt-mlir be6c5b5c98) stops at IR whose kernels are placeholders: the two data-movement regions only
`ttkernel.cb_push_back` their CB, the compute region is one `ttkernel.builtin {op = @mulitply, kind = @eltwise}`
on the CBs, and every CB is the L1 allocation of its operand (`!ttkernel.cb<address, port, memref>`). tensix runs it
with that design:
- `ttmetal.alloc` in L1: one L1 buffer on the dispatch core (the shard, one page, so it lands in L1 bank 0, logical
  core (0, 0)); System allocations are host arrays; `ttmetal.dealloc` frees the buffer;
- `ttmetal.host_write`: the host tensor tilized into 32x32 f32 tiles (tile padding zero) and written to the buffer;
  `ttmetal.host_read`: read back and untilized;
- `ttmetal.dispatch`: a program on the core range (1x1 in 2024), each operand a circular buffer placed in its buffer
  (tt-metal's `set_globally_allocated_address`) at CB index = its port, page = one tile;
  - a data-movement region's `ttkernel.cb_push_back(%cb)` publishes the CB's whole shard (its tiles are already in
    L1: reserve + push, as tt-metal's sharded readers do), on RISCV_0 for `noc0`, RISCV_1 for `noc1`;
  - the compute region's `ttkernel.builtin` is the loop tt-metal's eltwise kernels run (tt-metal 622c6fb9
    eltwise_binary.cpp / eltwise_sfpu.cpp): for each tile, wait for the inputs, acquire Dst, `add_tiles` /
    `mul_tiles` / `sub_tiles` (or `copy_tile` + `relu_tile`), commit, pop, reserve the output, pack, release, push;
    fp32 Dst accumulation, as f32 CBs need;
- the dispatch's device time is the simulator's (per dispatch in the report).
Not modelled (NotModelledError): grids other than 1x1, DRAM allocations as CBs, `@ge` and matmul kernels, shards
that are not whole tiles (the 2024 allocator sizes an allocation as its scalars)."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import Float32Type, ModuleOp

import numpy as np

from tensix.errors import NotModelledError
from tensix.mlir.dialects import ttkernel, ttmetal
from tensix.mlir.dialects.tt import LayoutAttr
from tensix.mlir.errors import MLIRError
from tensix.mlir.runtime import OpTime, Report

_TILE = 32
_BINARY = {"add": "add", "mulitply": "mul", "multiply": "mul", "subtract": "sub"}


def _where(op) -> str:
    from tensix.mlir.ir import file_loc

    loc = file_loc(op.location)
    return f"{loc[0]}:{loc[1]}:{loc[2]}: '{op.name}'" if loc else f"'{op.name}'"


def _shard(ty, where: str) -> tuple[int, int]:
    """The (rows, cols) of a tensor's shard memref, checked to be a 2-D f32 shard of whole tiles."""
    lay = ty.encoding
    if not isinstance(lay, LayoutAttr):
        raise MLIRError(f"{where}: a tensor without #tt.layout")
    if lay.grid.dims != (1, 1):
        raise NotModelledError(f"{where}: a {'x'.join(map(str, lay.grid.dims))} grid; the TTMetal route runs on one "
                               f"core (the 2024 pipeline's 1x1 grid).\nFix: leave the generic on #tt.grid<1x1>.")
    shape = lay.memref.get_shape()
    if len(shape) != 2 or not isinstance(lay.element_type, Float32Type):
        raise NotModelledError(f"{where}: shard memref {list(shape)} of {lay.element_type}; the TTMetal route runs "
                               f"2-D f32 shards (the 2024 allocator supports f32 only).")
    if shape[0] % _TILE or shape[1] % _TILE:
        raise NotModelledError(f"{where}: shard {shape[0]}x{shape[1]} is not whole 32x32 tiles, and the 2024 "
                               f"allocator sized its L1 as scalars, so its tiles would not fit.\nFix: tensor shapes "
                               f"whose collapsed 2-D shape is a multiple of 32 on both dims.")
    return shape[0], shape[1]


def _tilize(x: np.ndarray, rows: int, cols: int) -> np.ndarray:
    from tensix.device.formats import tilize_nfaces

    return tilize_nfaces(np.ascontiguousarray(x, np.float32).reshape(rows, cols), rows, cols)


def _untilize(data: np.ndarray, rows: int, cols: int) -> np.ndarray:
    from tensix.device.formats import untilize_nfaces

    return untilize_nfaces(data, rows, cols).reshape(rows, cols)


def _reader(pushes):
    """A data-movement region: `cb_push_back` of whole CBs, their tiles already in L1 (reserve then push, as
    tt-metal's sharded readers do for a CB placed in its shard, e.g. reader_unary_sharded.cpp)."""
    from tensix.kernel import cb_push_back, cb_reserve_back

    def kernel():
        for cb, tiles in pushes:
            cb_reserve_back(cb, tiles)
            cb_push_back(cb, tiles)

    return kernel


def _compute(builtin, ports, tiles, where):
    """The loop a `ttkernel.builtin {kind = @eltwise}` stands for, on CB indices `ports` (inputs..., output)."""
    import tensix.kernel as k

    name = builtin.op.root_reference.data
    kind = builtin.kind.root_reference.data
    if kind != "eltwise":
        raise NotModelledError(f"{where}: ttkernel.builtin of kind @{kind}; the TTMetal route runs @eltwise kernels.")
    if name in _BINARY and len(ports) == 3:
        a, b, out = ports
        init = getattr(k, f"{_BINARY[name]}_tiles_init")
        op = getattr(k, f"{_BINARY[name]}_tiles")

        def kernel():
            k.binary_op_init_common(a, b, out)
            init(a, b)
            for _ in range(tiles):
                k.cb_wait_front(a, 1)
                k.cb_wait_front(b, 1)
                k.tile_regs_acquire()
                op(a, b, 0, 0, 0)
                k.tile_regs_commit()
                k.cb_pop_front(a, 1)
                k.cb_pop_front(b, 1)
                k.cb_reserve_back(out, 1)
                k.tile_regs_wait()
                k.pack_tile(0, out)
                k.tile_regs_release()
                k.cb_push_back(out, 1)

        return kernel
    if name == "relu" and len(ports) == 2:
        a, out = ports

        def kernel():
            k.init_sfpu(a, out)
            k.copy_tile_init(a)
            k.relu_tile_init()
            for _ in range(tiles):
                k.cb_wait_front(a, 1)
                k.tile_regs_acquire()
                k.copy_tile(a, 0, 0)
                k.relu_tile(0)
                k.tile_regs_commit()
                k.cb_pop_front(a, 1)
                k.cb_reserve_back(out, 1)
                k.tile_regs_wait()
                k.pack_tile(0, out)
                k.tile_regs_release()
                k.cb_push_back(out, 1)

        return kernel
    raise NotModelledError(f"{where}: ttkernel.builtin @{name} on {len(ports)} CBs has no kernel in the TTMetal "
                           f"route (it runs @add, @mulitply, @subtract on two inputs and @relu on one).")


def _dispatch(tm, device, op, env, where):
    ranges = op.core_ranges.data
    if any(tuple(v.data for v in r.size.data) != (1, 1) or tuple(v.data for v in r.offset.data) != (0, 0)
           for r in ranges):
        raise NotModelledError(f"{where}: core ranges other than 0x0 / 1x1; the TTMetal route runs on one core.")
    ports = [p.value.data for p in op.operand_cb_port_mapping.data]
    program = tm.CreateProgram()
    core = tm.CoreCoord(0, 0)
    tiles = {}
    for value, port in zip(op.operands, ports):
        rows, cols = _shard(value.type, where)
        buf = env[value]
        if not hasattr(buf, "address"):
            raise NotModelledError(f"{where}: dispatch operand is not an L1 allocation; the TTMetal route places "
                                   f"CBs in ttmetal.alloc L1 buffers.")
        tiles[port] = rows * cols // (_TILE * _TILE)
        cfg = tm.CircularBufferConfig(rows * cols * 4, {port: tm.DataFormat.Float32})
        cfg.set_page_size(port, _TILE * _TILE * 4).set_globally_allocated_address(buf)
        tm.CreateCircularBuffer(program, core, cfg)
    threads = [t.case for t in op.threadTypes.data]
    for region, thread in zip(op.regions, threads):
        block = region.blocks[0]
        arg_port = {a: a.type.port.data for a in block.args}
        body = [o for o in block.ops if not isinstance(o, ttkernel.ReturnOp)]
        if thread in ("noc0", "noc1"):
            if any(not isinstance(o, ttkernel.CBPushBackOp) for o in body):
                raise NotModelledError(f"{where}: a {thread} region with ops other than ttkernel.cb_push_back.")
            pushes = [(arg_port[o.cb], tiles[arg_port[o.cb]]) for o in body]
            proc = tm.DataMovementProcessor.RISCV_0 if thread == "noc0" else tm.DataMovementProcessor.RISCV_1
            noc = tm.NOC.RISCV_0_default if thread == "noc0" else tm.NOC.RISCV_1_default
            tm.CreateKernel(program, _reader(pushes), core, tm.DataMovementConfig(processor=proc, noc=noc))
        elif thread == "tensix":
            if len(body) != 1 or not isinstance(body[0], ttkernel.BuiltinOp):
                raise NotModelledError(f"{where}: a tensix region other than one ttkernel.builtin.")
            cb_ports = [arg_port[v] for v in body[0].args]
            kernel = _compute(body[0], cb_ports, tiles[cb_ports[-1]], where)
            tm.CreateKernel(program, kernel, core, tm.ComputeConfig(math_fidelity=tm.MathFidelity.HiFi4,
                                                                    fp32_dest_acc_en=True))
        else:
            raise NotModelledError(f"{where}: a {thread} thread; the TTMetal route runs noc0, noc1 and tensix.")
    cq = device.command_queue()
    tm.EnqueueProgram(cq, program, False)
    tm.Finish(cq)
    for res, out in zip(op.results, op.outputs):
        env[res] = env[out]
    from tensix import arch

    return device.profiler.last_run().duration_cycles * 1e9 / arch.CLOCK_HZ


def run_function(module: ModuleOp, inputs, name: str | None = None):
    """Run function `name` (the first by default) of a TTMetal module on numpy inputs: (numpy outputs, Report)."""
    import tensix.metalium as tm

    funcs = [o for o in module.walk() if isinstance(o, func.FuncOp)]
    f = next((x for x in funcs if name is None or x.sym_name.data == name), None)
    if f is None:
        raise MLIRError(f"no function @{name} in the module")
    block = f.body.blocks[0]
    if len(inputs) != len(block.args):
        raise MLIRError(f"@{f.sym_name.data} takes {len(block.args)} inputs, got {len(inputs)}")
    device = tm.CreateDevice(0)
    report = Report()
    try:
        env = {}
        for arg, x in zip(block.args, inputs):
            x = np.asarray(x, np.float32)
            if tuple(x.shape) != tuple(arg.type.get_shape()):
                raise MLIRError(f"@{f.sym_name.data}: expected an input of shape {list(arg.type.get_shape())}, got "
                                f"{list(x.shape)}")
            env[arg] = x
        cq = device.command_queue()
        outputs = None
        for op in block.ops:
            where = _where(op)
            if isinstance(op, ttmetal.AllocOp):
                space = op.memory_space.case
                if space in ("system", "mmio"):
                    env[op.result] = None
                    continue
                if space != "l1":
                    raise NotModelledError(f"{where}: a {space} allocation; the TTMetal route places CBs in L1.")
                rows, cols = _shard(op.result.type, where)
                size = op.size.value.data
                if size < rows * cols * 4:
                    raise MLIRError(f"{where}: {size} bytes for a {rows}x{cols} f32 shard")
                env[op.result] = tm.CreateBuffer(tm.InterleavedBufferConfig(device, size, size, tm.BufferType.L1))
            elif isinstance(op, ttmetal.DeallocOp):
                buf = env.pop(op.input, None)
                if buf is not None and hasattr(buf, "address"):
                    tm.DeallocateBuffer(buf)
            elif isinstance(op, ttmetal.HostWriteOp):
                rows, cols = _shard(op.output.type, where)
                host = env[op.input]
                tm.EnqueueWriteBuffer(cq, env[op.output], _tilize(host, rows, cols), True)
                env[op.result] = env[op.output]
                report.ops.append(OpTime(op.name, ["host transfer"], 0.0))
            elif isinstance(op, ttmetal.HostReadOp):
                rows, cols = _shard(op.input.type, where)
                data = tm.EnqueueReadBuffer(cq, env[op.input], dtype=np.float32)
                shape = op.result.type.get_shape()
                env[op.result] = _untilize(np.asarray(data)[: rows * cols], rows, cols).reshape(shape)
                report.ops.append(OpTime(op.name, ["host transfer"], 0.0))
            elif isinstance(op, ttmetal.DispatchOp):
                ns = _dispatch(tm, device, op, env, where)
                kernel = next((o.op.root_reference.data for o in op.walk() if isinstance(o, ttkernel.BuiltinOp)), "")
                report.ops.append(OpTime(op.name, [f"eltwise {kernel}"], ns))
            elif isinstance(op, func.ReturnOp):
                outputs = [np.asarray(env[v]) for v in op.operands]
            else:
                raise NotModelledError(f"{where}: the TTMetal route has no runtime for '{op.name}' (run "
                                       f"--ttir-to-ttmetal-backend-pipeline first).")
        return outputs or [], report
    finally:
        tm.CloseDevice(device)
