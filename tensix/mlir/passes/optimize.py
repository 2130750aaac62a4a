"""`--ttnn-l1-interleaved`: keep intermediate results in L1 (interleaved) instead of DRAM where they fit.

After `--ttir-to-ttnn-backend-pipeline="default-memory-space=dram"` every device tensor lives in DRAM, so each op
reads its inputs from DRAM and writes its result back there. This pass walks each function in order and moves the
result of every TTNN compute op, and of every `ttnn.to_memory_config` into DRAM (the inputs' host-to-device copies
and the device copies the 2024 bottom-up layout pass leaves between ops), from DRAM to L1 (the result type and its `ttnn.full` destination), as
long as the
L1 tensors live at that point, this one included, take at most half of the chip's L1 (the system desc's `l1_size`
times its grid; the other half is left to the ops' circular buffers); a tensor's size counts its 32x32 tile padding.
It is the idea of tt-mlir's later TTNN optimizer policy "L1 interleaved" (2024-11), written for the 2024 IR.
The TTNN route runs each op with its result's memory space, so the simulator measures the saving
(`benchmarks/l1_intermediates.py`)."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import BFloat16Type, ModuleOp, TensorType

from tensix.mlir.dialects import ttnn as d
from tensix.mlir.dialects.tt import LayoutAttr, SystemDescAttr
from tensix.mlir.errors import MLIRError
from tensix.mlir.passes.driver import set_type

_NOT_COMPUTE = (d.OpenDeviceOp, d.CloseDeviceOp, d.FullOp, d.ToMemoryConfigOp, d.ToDeviceOp, d.FromDeviceOp,
                d.ToLayoutOp, d.AllocOp, d.DeallocOp)


def tensor_bytes(ty: TensorType) -> int:
    """Device bytes of a tiled tensor: 32x32 tiles on the last two dims (bf16 2 bytes, else 4)."""
    shape = list(ty.get_shape()) or [1]
    if len(shape) == 1:
        shape = [1] + shape
    shape[-2] = -(-shape[-2] // 32) * 32
    shape[-1] = -(-shape[-1] // 32) * 32
    n = 2 if isinstance(ty.element_type, BFloat16Type) else 4
    for s in shape:
        n *= s
    return n


def _space(ty) -> str | None:
    lay = ty.encoding if isinstance(ty, TensorType) else None
    return lay.memory_space if isinstance(lay, LayoutAttr) else None


def l1_interleaved(module: ModuleOp) -> None:
    desc = module.attributes.get("tt.system_desc")
    if not isinstance(desc, SystemDescAttr):
        raise MLIRError("--ttnn-l1-interleaved needs the module's tt.system_desc (its L1 size).\nFix: run it after "
                        "--ttir-to-ttnn-backend-pipeline.")
    chip = desc.chip_descs.data[0]
    cores = 1
    for g in chip.grid_shape:
        cores *= g
    budget = chip.l1_size.data * cores // 2
    for f in [o for o in module.walk() if isinstance(o, func.FuncOp)]:
        for block in f.body.blocks:
            ops = list(block.ops)
            position = {id(o): i for i, o in enumerate(ops)}

            def last_use(v) -> int:
                return max((position.get(id(u.operation), len(ops)) for u in v.uses), default=-1)

            live: list[tuple[int, int]] = []       # (last use, bytes) of the L1 tensors
            for i, op in enumerate(ops):
                live = [(end, n) for end, n in live if end > i]
                device_copy = isinstance(op, d.ToMemoryConfigOp)   # to DRAM from the host or another device space
                if (isinstance(op, _NOT_COMPUTE) and not device_copy) or not op.results or \
                        not isinstance(op, d.TTNNOp):
                    for r in op.results:
                        if _space(r.type) == "l1":
                            live.append((last_use(r), tensor_bytes(r.type)))
                    continue
                r = op.results[0]
                if _space(r.type) != "dram":
                    if _space(r.type) == "l1":
                        live.append((last_use(r), tensor_bytes(r.type)))
                    continue
                outs = op.dps_outputs()
                dest = outs[0] if len(outs) == 1 else None
                if dest is None or not isinstance(dest.owner, d.FullOp) or len(list(dest.uses)) != 1:
                    continue
                size = tensor_bytes(r.type)
                if sum(n for _, n in live) + size > budget:
                    continue
                new_type = TensorType(r.type.element_type, r.type.get_shape(),
                                      r.type.encoding.with_memory_space("l1"))
                set_type(dest, new_type)
                set_type(r, new_type)
                live.append((last_use(r), size))
