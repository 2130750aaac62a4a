"""The TTMetal route of tt-mlir be6c5b5c98: `--ttir-generic-region-operands-to-memref`
(TTIR/Transforms/Passes.cpp) and `--convert-ttir-to-ttmetal` (TTMetal/Transforms/Passes.cpp, greedy patterns):
to_layout System -> device as `ttmetal.host_write`, device -> System as `ttmetal.host_read` (device -> device is
left alone, as in 2024), a `ttir.kernel` whose result is unused as `ttkernel.builtin`, `ttir.yield` as
`ttkernel.return`, `ttir.generic` (once its kernel is lowered) as `ttmetal.dispatch` with three threads
(noc0, noc1, tensix) on the generic's grid, the tensix region taking the generic's body with its arguments
retyped to `!ttkernel.cb<address, port, memref>` (address 0: a block argument has no ttir.alloc, as tt-mlir's
lookupAddress finds), the two data-movement regions a `cb_push_back` of operand 0 / 1 and a return; alloc and
dealloc one for one.

One departure from be6c5b5c98: its noc1 region pushes operand 1 whatever that is, which for a one-input generic (relu)
is the output CB; the compute kernel's cb_reserve_back on that full CB then never returns (the program hangs a card;
tensix raises DeadlockError). Here a data-movement region pushes only an input CB, so the noc1 region of a one-input
generic is a bare return: binary generics come out exactly as in 2024 (tt-mlir's TTMetal lit tests are all binary),
unary ones run."""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, MemRefType, ModuleOp, i64
from xdsl.ir import Block, Operation, Region

from tensix.mlir.dialects import ttir, ttkernel, ttmetal
from tensix.mlir.dialects.tt import LayoutAttr
from tensix.mlir.passes.driver import Rewriter, apply_greedily, set_type


def _operands_to_memref(op: Operation, rw: Rewriter) -> bool:
    if not isinstance(op, ttir.GenericOp):
        return False
    outputs = op.dps_outputs()
    block = op.regions[0].blocks[0]
    for i, value in enumerate(op.operands):
        layout = value.type.encoding
        if not isinstance(layout, LayoutAttr):
            return False
        arg = block.args[i]
        if isinstance(arg.type, MemRefType):
            return False
        set_type(arg, layout.memref)
        if any(value is o for o in outputs):
            for use in list(arg.uses):
                set_type(use.operation.results[0], layout.memref)
    rw.modified(op)
    return True


def generic_region_operands_to_memref(module: ModuleOp) -> None:
    apply_greedily(module, _operands_to_memref)


def _to_ttmetal(op: Operation, rw: Rewriter) -> bool:
    if isinstance(op, ttir.ToLayoutOp):
        src, dst = op.input.type.encoding, op.result.type.encoding
        if not isinstance(src, LayoutAttr) or not isinstance(dst, LayoutAttr):
            return False
        if src.memory_space in ("system", "mmio"):
            cls = ttmetal.HostWriteOp
        elif dst.memory_space in ("system", "mmio"):
            cls = ttmetal.HostReadOp
        else:
            return False
        new = cls(operands=[op.input, op.output], result_types=[op.result.type])
        rw.insert_before(new, op)
        rw.replace(op, [new.result])
        return True
    if isinstance(op, ttir.KernelOp):
        if any(list(r.uses) for r in op.results):
            return False
        rw.insert_before(ttkernel.BuiltinOp(operands=[list(op.operands)],
                                            properties={"op": op.op, "kind": op.kind}), op)
        rw.erase(op)
        return True
    if isinstance(op, ttir.YieldOp):
        rw.insert_before(ttkernel.ReturnOp(), op)
        rw.erase(op)
        return True
    if isinstance(op, ttir.AllocOp):
        new = ttmetal.AllocOp(result_types=[op.result.type], properties={
            "address": op.address, "size": op.size, "memory_space": op.memory_space})
        rw.insert_before(new, op)
        rw.replace(op, [new.result])
        return True
    if isinstance(op, ttir.DeallocOp):
        rw.insert_before(ttmetal.DeallocOp(operands=[op.result]), op)
        rw.erase(op)
        return True
    if isinstance(op, ttir.GenericOp):
        if any(isinstance(o, ttir.KernelOp) for o in op.walk()):
            return False
        grid = op.grid.dims
        if len(grid) != 2:
            from tensix.mlir.errors import MLIRError

            raise MLIRError(f"--convert-ttir-to-ttmetal: a {len(grid)}-D grid; tt-mlir asserts 'Grid shape must be "
                            f"2D for now'")
        threads = [ttkernel.ThreadTypeAttr(t) for t in ("noc0", "noc1", "tensix")]
        ranges = [ttmetal.CoreRangeAttr([0, 0], grid)] * 3
        ports = ArrayAttr([IntegerAttr(i, i64) for i in range(len(op.operands))])
        body = op.regions[0].blocks[0]
        cbs = [ttkernel.CBType(0, i, a.type) for i, a in enumerate(body.args)]
        for a, t in zip(body.args, cbs):
            set_type(a, t)
        tensix_region = op.detach_region(op.regions[0])
        regions = []
        for k in range(2):
            b = Block(arg_types=cbs)
            if k < len(op.inputs):   # tensix: only input CBs (see the module docstring)
                b.add_op(ttkernel.CBPushBackOp(operands=[b.args[k], []]))
            b.add_op(ttkernel.ReturnOp())
            regions.append(Region([b]))
        regions.append(tensix_region)
        dispatch = ttmetal.DispatchOp(
            operands=[list(op.inputs), list(op.outputs)], result_types=[[r.type for r in op.results]],
            properties={"core_ranges": ArrayAttr(ranges), "threadTypes": ArrayAttr(threads),
                        "operand_cb_port_mapping": ports}, regions=[regions])
        rw.insert_before(dispatch, op)
        rw.replace(op, list(dispatch.results))
        return True
    return False


def convert_ttir_to_ttmetal(module: ModuleOp) -> None:
    apply_greedily(module, _to_ttmetal)
