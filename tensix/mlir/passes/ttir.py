"""The TTIR passes of tt-mlir be6c5b5c98 (lib/Dialect/TTIR/Transforms/Passes.cpp and lib/Dialect/TTIR/Analysis):
`--ttir-load-system-desc`, `--ttir-implicit-device`, `--ttir-layout`, `--ttir-grid-set`."""

from __future__ import annotations

from xdsl.dialects import func, tensor
from xdsl.dialects.builtin import FunctionType, ModuleOp, NoneAttr, TensorType
from xdsl.ir import Operation, SSAValue

from tensix.mlir.dialects import ttir
from tensix.mlir.dialects.tt import DeviceAttr, GridAttr, LayoutAttr, SystemDescAttr
from tensix.mlir.errors import MLIRError
from tensix.mlir.ir import loc_name
from tensix.mlir.passes.driver import Rewriter, apply_greedily, set_type

SYSTEM_DESC = "tt.system_desc"
DEVICE = "tt.device"


def system_desc(module: ModuleOp) -> SystemDescAttr:
    desc = module.attributes.get(SYSTEM_DESC)
    if not isinstance(desc, SystemDescAttr):
        raise MLIRError("the module has no tt.system_desc attribute (tt-mlir asserts 'expected system desc to be "
                        "present on the module').\nFix: run --ttir-load-system-desc first.")
    return desc


def load_system_desc(module: ModuleOp, path: str = "") -> None:
    """TTIRLoadSystemDesc: with `path`, the system desc read from that file (here: a text file holding a
    `#tt.system_desc<...>` attribute; tt-mlir reads a flatbuffer, which tensix does not model); otherwise the
    default one unless the module already has one."""
    if path:
        from tensix.mlir.ir import context
        from xdsl.parser import Parser

        try:
            text = open(path).read().strip()
        except OSError as e:
            raise MLIRError(f"--ttir-load-system-desc: cannot read the system desc file '{path}': {e.strerror}.\n"
                            f"Fix: give a file holding a #tt.system_desc<...> attribute.") from None
        try:
            attr = Parser(context(), text, path).parse_attribute()
        except Exception as e:
            raise MLIRError(f"--ttir-load-system-desc: '{path}' is not a #tt.system_desc attribute in MLIR text "
                            f"({str(e).strip().splitlines()[-1]}). tt-mlir reads a system_desc flatbuffer here, "
                            f"which tensix does not model.\nFix: write the attribute as text, e.g. "
                            f"`tensix-opt --print-system-desc`.") from None
        if not isinstance(attr, SystemDescAttr):
            raise MLIRError(f"--ttir-load-system-desc: '{path}' holds {attr.name}, not #tt.system_desc.")
        module.attributes[SYSTEM_DESC] = attr
    elif SYSTEM_DESC not in module.attributes:
        module.attributes[SYSTEM_DESC] = SystemDescAttr.default()


def implicit_device(module: ModuleOp) -> None:
    """TTIRImplicitDevice: `tt.device = DeviceAttr::get(system_desc)` unless the module has a device."""
    if DEVICE not in module.attributes:
        module.attributes[DEVICE] = DeviceAttr.from_system_desc(system_desc(module))


# ------------------------------------------------------------------------------------------------ ttir-layout
def _convert_type(ty):
    """TTIRLayoutTensorTypeConverter: a ranked tensor without encoding gets the default (System, 1x1) layout."""
    if isinstance(ty, TensorType) and isinstance(ty.encoding, NoneAttr):
        return TensorType(ty.element_type, ty.get_shape(), LayoutAttr.for_tensor(ty))
    return ty


def _type_rewriter(op: Operation, rw: Rewriter) -> bool:
    """TTIRLayoutTensorTypeRewriter: convert operand, result and function types in place."""
    updated = False
    for v in (*op.operands, *op.results):
        new = _convert_type(v.type)
        if new is not v.type and new != v.type:
            set_type(v, new)
            updated = True
    if isinstance(op, func.FuncOp):
        # tt-mlir converts only the values ops use, so an unused argument kept its old type and the function failed
        # MLIR's verifier ('type of entry block argument'); tensix converts the entry block's arguments too
        for a in (op.body.blocks[0].args if op.body.blocks else ()):
            new = _convert_type(a.type)
            if new != a.type:
                set_type(a, new)
                updated = True
        ft = op.function_type
        new_ft = FunctionType.from_lists([_convert_type(t) for t in ft.inputs.data],
                                         [_convert_type(t) for t in ft.outputs.data])
        if new_ft != ft:
            op.properties["function_type"] = new_ft
            updated = True
    return updated


_SPACE_BIT = {"system": 1, "mmio": 1, "dram": 2, "l1": 4}


def _desired_space(constraint_bits: int, default: str | None = None) -> str:
    """Without a default: be6c5b5c98's uppermostMemorySpace, L1 if the constraint allows it, else DRAM, else System.
    With `default` (the `default-memory-space` option tt-mlir's ttir-layout gained in September 2024, Layout.cpp
    getLegalMemorySpace at 62a4d6fd9f): the default if the constraint allows it, else DRAM, else L1, else System."""
    if default is not None:
        if constraint_bits & _SPACE_BIT[default]:
            return default
        return "dram" if constraint_bits & 2 else "l1" if constraint_bits & 4 else "system"
    if constraint_bits & 4:
        return "l1"
    if constraint_bits & 2:
        return "dram"
    return "system"


def _to_layout(rw: Rewriter, anchor: Operation, value: SSAValue, space: str) -> SSAValue | None:
    """createToLayoutOp: nothing if the value is already in `space`; else a `tensor.empty` of the default layout
    in `space` before `anchor`, which replaces the value's own `tensor.empty` if it has one (a DPS init) and is
    otherwise the destination of a new `ttir.to_layout`."""
    ty = value.type
    layout = ty.encoding
    if layout.memory_space == space:
        return None
    want = TensorType(ty.element_type, ty.get_shape(), LayoutAttr.for_tensor(ty, space))
    empty = tensor.EmptyOp([], want)
    empty.location = anchor.location
    rw.insert_before(empty, anchor)
    owner = value.owner
    if isinstance(owner, tensor.EmptyOp):
        rw.replace(owner, [empty.tensor])
        return empty.tensor
    conv = ttir.ToLayoutOp(operands=[value, empty.tensor], result_types=[want])
    conv.location = anchor.location
    rw.insert_before(conv, anchor)
    return conv.result


def _operands_rewriter(op: Operation, rw: Rewriter, default: str | None = None) -> bool:
    """TTIRLayoutOperandsRewriter: move each operand to the memory space its operand constraint asks for."""
    constraints = op.constraints()
    outputs = op.dps_outputs()
    modified = False
    for i in range(len(op.operands)):
        value = op.operands[i]
        if not isinstance(value.type.encoding, LayoutAttr):
            return modified  # not type converted yet
        if i >= len(constraints):
            raise MLIRError(f"'{op.name}' op has {len(op.operands)} operands but {len(constraints)} "
                            f"operand_constraints; --ttir-layout reads one per operand.\nFix: give one "
                            f"#tt.operand_constraint per operand.")
        is_result = any(value is o for o in outputs)
        new = _to_layout(rw, op, value, _desired_space(constraints[i].bits, default))
        if new is None:
            continue
        modified = True
        op.operands[i] = new
        block_arg = None
        if len(op.regions) == 1:
            block_arg = op.regions[0].blocks[0].args[i]
            set_type(block_arg, new.type)
        if is_result:
            set_type(op.results[0], new.type)
            if block_arg is not None:
                for use in list(block_arg.uses):
                    set_type(use.operation.results[0], new.type)
        rw.modified(op)
    return modified


def _return_rewriter(op: Operation, rw: Rewriter) -> bool:
    modified = False
    for i in range(len(op.operands)):
        value = op.operands[i]
        if not isinstance(value.type, TensorType) or not isinstance(value.type.encoding, LayoutAttr):
            continue
        new = _to_layout(rw, op, value, "system")
        if new is not None:
            op.operands[i] = new
            rw.modified(op)
            modified = True
    return modified


def layout(module: ModuleOp, default_memory_space: str | None = None) -> None:
    """TTIRLayout: two greedy runs, type conversion then operand placement (pattern order as registered)."""
    if default_memory_space not in (None, "system", "mmio", "dram", "l1"):
        raise MLIRError(f"--ttir-layout: default-memory-space must be system, mmio, dram or l1, got "
                        f"'{default_memory_space}'")
    apply_greedily(module, _type_rewriter)

    def pattern(op: Operation, rw: Rewriter) -> bool:
        if isinstance(op, ttir.LAYOUT_OPS):
            return _operands_rewriter(op, rw, default_memory_space)
        if isinstance(op, func.ReturnOp):
            return _return_rewriter(op, rw)
        return False

    apply_greedily(module, pattern)


# ------------------------------------------------------------------------------------------------ ttir-grid-set
def parse_grid_overrides(text: str) -> dict[str, list[int]]:
    """GridSizeOverrideParser (TTNN/Pipelines/Passes.h): `name=AxB,name2=CxD`."""
    out: dict[str, list[int]] = {}
    if not text:
        return out
    for item in text.split(","):
        kv = item.split("=")
        if len(kv) != 2:
            raise MLIRError(f"Invalid format for override grid sizes: {item}")
        grid = []
        for part in kv[1].split("x"):
            if not part.strip().isdigit():
                raise MLIRError(f"Invalid grid size: {part}")
            grid.append(int(part))
        out[kv[0]] = grid
    return out


def grid_set(module: ModuleOp, overrides: dict[str, list[int]] | None = None) -> None:
    """TTIRGridSet: every op's first result gets its layout rebuilt on the chosen grid (LegalGridAnalysis: the
    device grid, or the override for the op's NameLoc; OptimalTargetGridAnalysis: the first legal grid); each
    function's result types become its return operands' types."""
    device = module.attributes.get(DEVICE)
    if not isinstance(device, DeviceAttr):
        raise MLIRError("--ttir-grid-set needs the module's tt.device (tt-mlir asserts it).\nFix: run "
                        "--ttir-implicit-device first.")
    max_grid = device.grid.dims
    overrides = overrides or {}
    for f in [o for o in module.walk() if isinstance(o, func.FuncOp)]:
        result_types = None
        for op in f.walk():
            if op is f:
                continue
            if not op.results:
                if isinstance(op, func.ReturnOp):
                    result_types = [v.type for v in op.operands]
                continue
            ty = op.results[0].type
            if not isinstance(ty, TensorType) or not isinstance(ty.encoding, LayoutAttr):
                raise MLIRError(f"--ttir-grid-set: '{op.name}' has a result without a #tt.layout (tt-mlir casts "
                                f"it and crashes).\nFix: run --ttir-layout first.")
            name = loc_name(op.location)
            grid = list(overrides.get(name, max_grid)) if name is not None else list(max_grid)
            shape = ty.get_shape()
            set_type(op.results[0], TensorType(ty.element_type, shape, ty.encoding.with_grid(shape, GridAttr(grid))))
        if result_types is not None:
            f.properties["function_type"] = FunctionType.from_lists(list(f.function_type.inputs.data),
                                                                    result_types)


def _tile_grid(shapes, max_grid) -> list[int]:
    """The largest grid (each dim at most the device's) that splits every rows x cols into whole 32x32 tiles: per
    dim the largest divisor of the tile counts' gcd (1 where a tensor is not whole tiles: the check then fails)."""
    from math import gcd

    grid = []
    for axis in (0, 1):
        g = 0
        for sh in shapes:
            g = gcd(g, sh[axis] // 32 if sh[axis] % 32 == 0 else 1)
        grid.append(max(d for d in range(1, max_grid[axis] + 1) if g % d == 0) if g else 1)
    return grid


def metal_grid(module: ModuleOp, grid_text: str = "auto") -> None:
    """tensix's `--ttir-metal-grid` (tt-mlir's 2024 TTMetal route ran every ttir.generic on one core; this pass is
    tensix's own): every ttir.generic of a function and every L1 tensor in it move to one grid, `grid=AxB` or
    `grid=auto` (the largest grid, up to the device's, splitting every L1 tensor's 2-D shape into whole tiles), each
    layout rebuilt on it (withGrid: the shard is the tensor / grid); run after --ttir-layout, before
    --ttir-generic-region-operands-to-memref. A tensor the grid does not split into whole tiles is an error."""
    device = module.attributes.get(DEVICE)
    if not isinstance(device, DeviceAttr):
        raise MLIRError("--ttir-metal-grid needs the module's tt.device.\nFix: run --ttir-implicit-device first.")
    max_grid = device.grid.dims
    fixed = None
    if grid_text != "auto":
        parts = grid_text.split("x")
        if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
            raise MLIRError(f"--ttir-metal-grid: grid must be 'auto' or AxB, got '{grid_text}'")
        fixed = [int(p) for p in parts]
        if fixed[0] > max_grid[0] or fixed[1] > max_grid[1]:
            raise MLIRError(f"--ttir-metal-grid: grid {grid_text} is larger than the device's "
                            f"{max_grid[0]}x{max_grid[1]}")
    for f in [o for o in module.walk() if isinstance(o, func.FuncOp)]:
        values = []
        for op in f.walk():
            for v in (*op.results, *(a for r in op.regions for blk in r.blocks for a in blk.args)):
                ty = v.type
                if isinstance(ty, TensorType) and isinstance(ty.encoding, LayoutAttr) and \
                        ty.encoding.memory_space == "l1" and v not in values:
                    values.append(v)
        shapes = [tuple(v.type.encoding.memref.get_shape()) for v in values]
        grid = fixed if fixed is not None else _tile_grid([sh for sh in shapes if len(sh) == 2], max_grid)
        for v, sh in zip(values, shapes):
            if len(sh) != 2 or sh[0] % (32 * grid[0]) or sh[1] % (32 * grid[1]):
                raise MLIRError(f"--ttir-metal-grid: an L1 tensor of {'x'.join(map(str, sh))} does not split into "
                                f"whole 32x32 tiles on a {grid[0]}x{grid[1]} grid.\nFix: another grid=, or shapes "
                                f"that are multiples of 32 x the grid.")
        for v in values:
            ty = v.type
            set_type(v, TensorType(ty.element_type, ty.get_shape(), ty.encoding.with_grid(ty.get_shape(), grid)))
        for op in f.walk():
            if isinstance(op, ttir.GenericOp):
                op.properties["grid"] = GridAttr(grid)


# ------------------------------------------------------------------------------------------------ ttir-generic
# TTIRNamedToKernelRewriter's kernel names (`mulitply` is tt-mlir's own spelling)
_KERNEL_NAMES = {"ttir.add": "add", "ttir.multiply": "mulitply", "ttir.subtract": "subtract", "ttir.ge": "ge",
                 "ttir.relu": "relu"}


def _generic_pattern(op: Operation, rw: Rewriter) -> bool:
    """TTIRNamedToKernelRewriter, then TTIRKernelGenericRewriter: a named eltwise op becomes `ttir.kernel {op, kind =
    @eltwise}`, and a kernel outside a generic is wrapped in `ttir.generic` (grid 1x1, identity indexing maps,
    parallel iterators, any_device constraints; matmul kernels: the systolic maps and any_device_tile) whose region
    holds the kernel on the block arguments and yields its result."""
    from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, SymbolRefAttr
    from xdsl.ir import Block, Region
    from xdsl.ir.affine import AffineMap

    from tensix.mlir.dialects.tt import IteratorTypeAttr, OperandConstraintAttr

    if isinstance(op, ttir.MatmulOp) and not isinstance(op.parent_op(), ttir.GenericOp):
        # tensix's: tt-mlir's 2024 named rewriter left ttir.matmul alone, though its kernel-to-generic rewriter
        # already knew @matmul kernels (the systolic maps below); --ttkernel-lower-builtin writes them out
        kernel = ttir.KernelOp(operands=[[op.a, op.b], [op.output]], result_types=[[op.result.type]],
                               properties={"op": SymbolRefAttr("matmul"), "kind": SymbolRefAttr("matmul")})
        rw.insert_before(kernel, op)
        kernel.location = op.location
        rw.replace(op, list(kernel.results))
        return True
    if op.name in _KERNEL_NAMES:
        kernel = ttir.KernelOp(operands=[list(op.inputs), list(op.outputs)],
                               result_types=[[r.type for r in op.results]],
                               properties={"op": SymbolRefAttr(_KERNEL_NAMES[op.name]),
                                           "kind": SymbolRefAttr("eltwise")})
        rw.insert_before(kernel, op)
        kernel.location = op.location
        rw.replace(op, list(kernel.results))
        return True
    if not isinstance(op, ttir.KernelOp) or isinstance(op.parent_op(), ttir.GenericOp):
        return False
    kind = op.kind.root_reference.data
    operands = list(op.operands)
    ranks = {len(v.type.get_shape()) for v in operands}
    if len(ranks) != 1:
        raise MLIRError("'ttir.kernel' operands of different ranks cannot be wrapped in ttir.generic (tt-mlir "
                        "asserts 'For now all operands must have the same rank')")
    rank = ranks.pop()
    if kind == "eltwise":
        maps = [AffineMap.identity(rank)] * len(operands)
        iters = [IteratorTypeAttr("parallel")] * rank
        constraint = OperandConstraintAttr(30)
    elif kind == "matmul":
        n = rank + 1
        ident = list(AffineMap.identity(n).results)
        lhs = ident[: n - 2] + ident[n - 1:]
        rhs = ident[: n - 3] + [ident[n - 1], ident[n - 2]]
        out = ident[: n - 1]
        maps = [AffineMap(n, 0, tuple(r)) for r in (lhs, rhs, out)]
        iters = [IteratorTypeAttr("parallel")] * rank + [IteratorTypeAttr("systolic")]
        constraint = OperandConstraintAttr(22)
    else:
        raise MLIRError(f"'ttir.kernel' of kind @{kind}: tt-mlir's ttir-generic knows only @eltwise and @matmul")
    block = Block(arg_types=[v.type for v in operands])
    inner = op.clone()
    for i, a in enumerate(block.args):
        inner.operands[i] = a
    block.add_op(inner)
    block.add_op(ttir.YieldOp(operands=[[inner.results[0]]]))
    generic = ttir.GenericOp(
        operands=[list(op.inputs), list(op.outputs)], result_types=[[r.type for r in op.results]],
        properties={"grid": GridAttr([1, 1]), "indexing_maps": ArrayAttr([AffineMapAttr(m) for m in maps]),
                    "iterator_types": ArrayAttr(iters), "operand_constraints": ArrayAttr([constraint] * len(operands))},
        regions=[Region([block])])
    generic.location = op.location
    rw.insert_before(generic, op)
    rw.replace(op, list(generic.results))
    return True


def generic(module: ModuleOp) -> None:
    apply_greedily(module, _generic_pattern)


# ------------------------------------------------------------------------------------------------ ttir-allocate
_BASE_ADDRESS = 1 << 18


def _memref_bytes(ty: TensorType, where: Operation) -> int:
    """getTensorMemrefSizeBytes: the shard memref's elements times 4 (tt-mlir asserts f32 only)."""
    from xdsl.dialects.builtin import Float32Type

    layout = ty.encoding
    if not isinstance(layout, LayoutAttr):
        raise MLIRError(f"--ttir-allocate: '{where.name}' has a tensor without #tt.layout.\nFix: run --ttir-layout "
                        f"first.")
    if not isinstance(layout.element_type, Float32Type):
        raise MLIRError(f"--ttir-allocate supports f32 only (tt-mlir asserts 'Only support f32 for now'), got "
                        f"{layout.element_type} at '{where.name}'")
    size = 4
    for d in layout.memref.get_shape():
        size *= d
    return size


def _last_user_in_block(value: SSAValue, block) -> Operation:
    """Liveness::getEndOperation: the last op of the block that uses the value (uses in nested regions count for
    their ancestor in the block)."""
    order = {id(o): i for i, o in enumerate(block.ops)}
    best = value.owner if isinstance(value.owner, Operation) else None
    best_i = order.get(id(best), -1) if best is not None else -1
    for use in value.uses:
        user = use.operation
        while user is not None and id(user) not in order:
            user = user.parent_op()
        if user is not None and order[id(user)] > best_i:
            best, best_i = user, order[id(user)]
    return best


def allocate(module: ModuleOp) -> None:
    """TTIRAllocate: a bump allocator per memory space from 1 << 18, aligned to the system desc's largest
    alignment (System / MMIO get address 0); function arguments recorded as `tt.arg_alloc`; each `tensor.empty`
    becomes `ttir.alloc` and gets a `ttir.dealloc` after its last use, following DPS chains (a value used as an
    op's DPS init lives on as that op's result), unless the chain ends at `func.return`."""
    from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, i64

    from tensix.mlir.dialects.tt import ArgumentAllocationAttr, MemorySpaceAttr

    align = system_desc(module).address_align_bytes()
    for f in [o for o in module.walk() if isinstance(o, func.FuncOp)]:
        if len(f.body.blocks) != 1:
            raise MLIRError(f"--ttir-allocate: @{f.sym_name.data} must have one block (tt-mlir asserts it)")
        block = f.body.blocks[0]
        pointers: dict[str, int] = {}

        def bump(size: int, space: str) -> int:
            if space in ("system", "mmio"):
                return 0
            p = pointers.get(space, _BASE_ADDRESS)
            p = -(-p // align) * align
            pointers[space] = p + size
            return p

        arg_allocs = []
        for a in block.args:
            size = _memref_bytes(a.type, f)
            space = a.type.encoding.memory_space
            arg_allocs.append(ArgumentAllocationAttr(bump(size, space), size, space))
        f.attributes["tt.arg_alloc"] = ArrayAttr(arg_allocs)
        for empty in [o for o in f.walk() if isinstance(o, tensor.EmptyOp)]:
            ty = empty.tensor.type
            value, end = empty.tensor, _last_user_in_block(empty.tensor, block)
            while end is not None and hasattr(end, "dps_outputs") and any(value is o for o in end.dps_outputs()):
                value = end.results[0]
                end = _last_user_in_block(value, block)
            size = _memref_bytes(ty, empty)
            space = ty.encoding.memory_space
            alloc = ttir.AllocOp(result_types=[ty], properties={
                "address": IntegerAttr(bump(size, space), i64), "size": IntegerAttr(size, i64),
                "memory_space": MemorySpaceAttr(space)})
            alloc.location = empty.location
            block.insert_op_before(alloc, empty)
            empty.tensor.replace_all_uses_with(alloc.result)
            if end is empty:
                end = alloc
            block.erase_op(empty)
            if isinstance(end, func.ReturnOp):
                continue
            dealloc = ttir.DeallocOp(operands=[alloc.result])
            dealloc.location = end.location
            nxt = end.next_op
            if nxt is None:
                block.add_op(dealloc)
            else:
                block.insert_op_before(dealloc, nxt)
