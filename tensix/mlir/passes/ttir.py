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
        ft = op.function_type
        new_ft = FunctionType.from_lists([_convert_type(t) for t in ft.inputs.data],
                                         [_convert_type(t) for t in ft.outputs.data])
        if new_ft != ft:
            op.properties["function_type"] = new_ft
            updated = True
    return updated


def _desired_space(constraint_bits: int) -> str:
    """uppermostMemorySpace: L1 if the constraint allows it, else DRAM, else System."""
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


def _operands_rewriter(op: Operation, rw: Rewriter) -> bool:
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
        new = _to_layout(rw, op, value, _desired_space(constraints[i].bits))
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


def layout(module: ModuleOp) -> None:
    """TTIRLayout: two greedy runs, type conversion then operand placement (pattern order as registered)."""
    apply_greedily(module, _type_rewriter)

    def pattern(op: Operation, rw: Rewriter) -> bool:
        if isinstance(op, ttir.LAYOUT_OPS):
            return _operands_rewriter(op, rw)
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
