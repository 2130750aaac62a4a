"""Run a TTMetal-dialect function (the output of --ttir-to-ttmetal-backend-pipeline) on the simulated Wormhole
through tensix's Metalium host API and kernel API.

The 2024 route (tt-mlir be6c5b5c98) stops at IR whose kernels are placeholders: the two data-movement regions only
`ttkernel.cb_push_back` their CB, the compute region is one `ttkernel.builtin {op = @mulitply, kind = @eltwise}`
on the CBs, and every CB is the L1 allocation of its operand (`!ttkernel.cb<address, port, memref>`). tensix runs it
with that design:
- `ttmetal.alloc` in L1: an L1-interleaved buffer with one shard-sized page per L1 bank up to the grid's last core,
  so every core of the layout's grid holds its shard at the same address (a 1x1 grid: one page, bank 0, logical core
  (0, 0)); System allocations are host arrays; `ttmetal.dealloc` frees the buffer;
- `ttmetal.host_write`: the host tensor cut into the grid's shards, each tilized into 32x32 f32 tiles and written to
  its core's page; `ttmetal.host_read`: read back, untilized and put together;
- `ttmetal.dispatch`: a program on its core range (1x1 in 2024; any grid from 0x0 that tensix's --ttir-metal-grid
  chose, `--ttir-to-ttmetal-backend-pipeline="grid=auto"`), each operand a circular buffer placed in its buffer
  (tt-metal's `set_globally_allocated_address`) at CB index = its port, page = one tile;
  - the regions are lowered first where they still hold the 2024 placeholders (`--ttkernel-lower-builtin`:
    `ttkernel.builtin` as tt-metal's eltwise loop, a whole-CB `cb_push_back` as reserve + push of the shard's tiles)
    and then run as kernels, each TTKernel op the tensix.kernel call of the same name: `noc0` on RISCV_0, `noc1` on
    RISCV_1, `tensix` on the three TRISCs with fp32 Dst accumulation (f32 CBs);
- the dispatch's device time is the simulator's (per dispatch in the report).
Matmul: `ttkernel.builtin {kind = @matmul}` is written out as a loop of matmul_tiles over the resident shards
(--ttkernel-lower-builtin), on one core.
Not modelled (NotModelledError): core ranges that do not start at core 0x0, DRAM allocations as CBs, `@ge` kernels,
a matmul split over cores, shards that are not whole tiles (the 2024 allocator sizes an allocation as its scalars)."""

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


def _where(op) -> str:
    from tensix.mlir.ir import file_loc

    loc = file_loc(op.location)
    return f"{loc[0]}:{loc[1]}:{loc[2]}: '{op.name}'" if loc else f"'{op.name}'"


def _grid(ty, where: str) -> tuple[int, int]:
    """The layout's grid (rows x cols of cores), checked to fit the device's worker grid from core (0, 0)."""
    from tensix.device import soc

    dims = tuple(ty.encoding.grid.dims)
    if len(dims) != 2 or dims[0] > soc.GRID_Y or dims[1] > soc.GRID_X:
        raise NotModelledError(f"{where}: a {'x'.join(map(str, dims))} grid; the TTMetal route runs 2-D grids of at "
                               f"most {soc.GRID_Y}x{soc.GRID_X} cores.")
    return dims


def _banks(grid) -> list[int]:
    """The L1 bank of each shard, row-major over the grid: shard (i, j) is on logical core (x = j, y = i), which
    holds L1 bank i * GRID_X + j (tensix.device.interleave: bank b is core (b % GRID_X, b // GRID_X))."""
    from tensix.device import soc

    return [i * soc.GRID_X + j for i in range(grid[0]) for j in range(grid[1])]


def _shard(ty, where: str) -> tuple[int, int]:
    """The (rows, cols) of a tensor's shard memref, checked to be a 2-D f32 shard of whole tiles."""
    lay = ty.encoding
    if not isinstance(lay, LayoutAttr):
        raise MLIRError(f"{where}: a tensor without #tt.layout")
    _grid(ty, where)
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


def _kernel(block, where):
    """A dispatch region as a kernel: its TTKernel ops interpreted one by one, each the tensix.kernel call of the
    same name (a CB operand passes its port, an i32 / index operand its constant), `scf.for` as a loop."""
    import tensix.kernel as api
    from xdsl.dialects import arith, scf

    ports = {a: a.type.port.data for a in block.args}
    calls = {}
    for o in block.walk():
        if o.name.startswith("ttkernel.") and not isinstance(o, ttkernel.ReturnOp):
            if isinstance(o, ttkernel.BuiltinOp):
                raise MLIRError(f"{where}: ttkernel.builtin left in a region (run --ttkernel-lower-builtin)")
            if o.name.startswith("ttkernel.cb_") and o.num_pages is None:
                raise MLIRError(f"{where}: '{o.name}' without a page count (run --ttkernel-lower-builtin)")
            fn = getattr(api, o.name[len("ttkernel."):], None)
            if fn is None:
                raise NotModelledError(f"{where}: '{o.name}' has no tensix.kernel function to run it")
            calls[o] = fn

    def run(ops, env):
        for o in ops:
            if isinstance(o, arith.ConstantOp):
                env[o.result] = o.value.value.data
            elif isinstance(o, arith.IndexCastOp):
                env[o.result] = env[o.input]
            elif isinstance(o, arith.MuliOp):
                env[o.result] = env[o.lhs] * env[o.rhs]
            elif isinstance(o, arith.AddiOp):
                env[o.result] = env[o.lhs] + env[o.rhs]
            elif isinstance(o, scf.ForOp):
                body = o.body.blocks[0]
                inner = [x for x in body.ops if not isinstance(x, scf.YieldOp)]
                for i in range(env[o.lb], env[o.ub], env[o.step]):
                    env[body.args[0]] = i
                    run(inner, env)
            elif isinstance(o, ttkernel.ReturnOp):
                return
            elif o in calls:
                calls[o](*[ports[v] if v in ports else env[v] for v in o.operands])
            else:
                raise NotModelledError(f"{where}: '{o.name}' in a kernel region is not run by the TTMetal route")

    ops = list(block.ops)

    def kernel():
        run(ops, {})

    return kernel


def _dispatch(tm, device, op, env, where):
    ranges = op.core_ranges.data
    sizes = {tuple(v.data for v in r.size.data) for r in ranges}
    if len(sizes) != 1 or any(tuple(v.data for v in r.offset.data) != (0, 0) for r in ranges):
        raise NotModelledError(f"{where}: core ranges {[str(r) for r in ranges]}; the TTMetal route runs the three "
                               f"threads on one range from core 0x0.")
    grid = sizes.pop()
    ports = [p.value.data for p in op.operand_cb_port_mapping.data]
    program = tm.CreateProgram()
    core = tm.CoreRange(tm.CoreCoord(0, 0), tm.CoreCoord(grid[1] - 1, grid[0] - 1))
    for value, port in zip(op.operands, ports):
        rows, cols = _shard(value.type, where)
        if _grid(value.type, where) != grid:
            raise MLIRError(f"{where}: an operand on a {'x'.join(map(str, _grid(value.type, where)))} grid in a "
                            f"dispatch on {'x'.join(map(str, grid))} cores: each core's CB holds its shard.\nFix: "
                            f"lay the operands out on the dispatch's grid.")
        buf = env[value]
        if not hasattr(buf, "address"):
            raise NotModelledError(f"{where}: dispatch operand is not an L1 allocation; the TTMetal route places "
                                   f"CBs in ttmetal.alloc L1 buffers.")
        cfg = tm.CircularBufferConfig(rows * cols * 4, {port: tm.DataFormat.Float32})
        cfg.set_page_size(port, _TILE * _TILE * 4).set_globally_allocated_address(buf)
        tm.CreateCircularBuffer(program, core, cfg)
    threads = [t.case for t in op.threadTypes.data]
    for region, thread in zip(op.regions, threads):
        kernel = _kernel(region.blocks[0], where)
        if thread in ("noc0", "noc1"):
            proc = tm.DataMovementProcessor.RISCV_0 if thread == "noc0" else tm.DataMovementProcessor.RISCV_1
            noc = tm.NOC.RISCV_0_default if thread == "noc0" else tm.NOC.RISCV_1_default
            tm.CreateKernel(program, kernel, core, tm.DataMovementConfig(processor=proc, noc=noc))
        elif thread == "tensix":
            # a kernel that copies tiles into Dst for the SFPU (relu, ge) unpacks its Float32 CBs straight to the
            # 32-bit Dst, as ttnn's SFPU programs do for float32 (binary_ng: UnpackToDestFp32 per input CB), so the
            # SFPU sees the exact values instead of SrcA's TF32; the FPU kernels (add, matmul) read SrcA / SrcB
            sfpu = any(o.name == "ttkernel.copy_tile" for o in region.walk())
            unpack = {p: tm.UnpackToDestMode.UnpackToDestFp32 for p in ports} if sfpu else None
            tm.CreateKernel(program, kernel, core, tm.ComputeConfig(math_fidelity=tm.MathFidelity.HiFi4,
                                                                    fp32_dest_acc_en=True,
                                                                    unpack_to_dest_mode=unpack))
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
    if any(isinstance(o, ttkernel.BuiltinOp) or (o.name.startswith("ttkernel.cb_") and o.num_pages is None)
           for o in f.walk()):
        from tensix.mlir.passes.ttkernel import lower_builtin

        module = module.clone()
        lower_builtin(module)
        f = next(x for x in module.walk() if isinstance(x, func.FuncOp) and x.sym_name == f.sym_name)
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
                # one page per L1 bank up to the grid's last core: every bank holds its page at the same address,
                # so each core of the grid finds its shard where the CBs of a dispatch are placed
                pages = _banks(_grid(op.result.type, where))[-1] + 1
                env[op.result] = tm.CreateBuffer(tm.InterleavedBufferConfig(device, size * pages, size,
                                                                            tm.BufferType.L1))
            elif isinstance(op, ttmetal.DeallocOp):
                buf = env.pop(op.input, None)
                if buf is not None and hasattr(buf, "address"):
                    tm.DeallocateBuffer(buf)
            elif isinstance(op, ttmetal.HostWriteOp):
                rows, cols = _shard(op.output.type, where)
                grid = _grid(op.output.type, where)
                buf = env[op.output]
                host = np.ascontiguousarray(env[op.input], np.float32).reshape(rows * grid[0], cols * grid[1])
                pages = np.zeros((buf.size // (rows * cols * 4), rows * cols), np.float32)
                for k, bank in enumerate(_banks(grid)):
                    i, j = divmod(k, grid[1])
                    pages[bank] = _tilize(host[i * rows:(i + 1) * rows, j * cols:(j + 1) * cols], rows, cols)
                tm.EnqueueWriteBuffer(cq, buf, pages.reshape(-1), True)
                env[op.result] = env[op.output]
                report.ops.append(OpTime(op.name, ["host transfer"], 0.0))
            elif isinstance(op, ttmetal.HostReadOp):
                rows, cols = _shard(op.input.type, where)
                grid = _grid(op.input.type, where)
                data = np.asarray(tm.EnqueueReadBuffer(cq, env[op.input], dtype=np.float32)).reshape(-1, rows * cols)
                out = np.empty((rows * grid[0], cols * grid[1]), np.float32)
                for k, bank in enumerate(_banks(grid)):
                    i, j = divmod(k, grid[1])
                    out[i * rows:(i + 1) * rows, j * cols:(j + 1) * cols] = _untilize(data[bank], rows, cols)
                env[op.result] = out.reshape(op.result.type.get_shape())
                report.ops.append(OpTime(op.name, ["host transfer"], 0.0))
            elif isinstance(op, ttmetal.DispatchOp):
                ns = _dispatch(tm, device, op, env, where)
                kernel = next((o.name[len("ttkernel."):] for o in op.walk() if o.name.endswith("_tiles")
                               or o.name in ("ttkernel.relu_tile", "ttkernel.ge_binary_tile")), "kernels")
                report.ops.append(OpTime(op.name, [kernel], ns))
            elif isinstance(op, func.ReturnOp):
                outputs = [np.asarray(env[v]) for v in op.operands]
            elif op.name.startswith("ttir."):
                raise NotModelledError(f"{where}: --ttir-to-ttmetal-backend-pipeline leaves '{op.name}' as it is "
                                       f"(the 2024 TTMetal lowering converts eltwise ttir.generic kernels and host <-> L1 "
                                       f"ttir.to_layout only), so "
                                       f"the TTMetal route cannot run it.\nFix: compile with route='ttnn'.")
            else:
                raise NotModelledError(f"{where}: the TTMetal route has no runtime for '{op.name}' (run "
                                       f"--ttir-to-ttmetal-backend-pipeline first).")
        return outputs or [], report
    finally:
        tm.CloseDevice(device)
