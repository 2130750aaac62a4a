"""The passes and pipelines of `tensix-opt`, under ttmlir-opt's 2024 flag names.

Each pass is `run(module, options, sources)`; options are MLIR's pass-option syntax (`name="a=1 b=x"`).
Pipelines (tt-mlir be6c5b5c98 lib/Dialect/TTNN/Pipelines/TTNNPipelines.cpp):
`ttir-to-ttnn-backend-pipeline` = ttir-load-system-desc, ttir-implicit-device, ttir-layout,
[ttir-grid-set if enable-grid-set (default true), with override-grid-sizes], ttnn-open-device, convert-ttir-to-ttnn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp

from tensix.mlir.errors import MLIRError


@dataclass(frozen=True)
class PassInfo:
    name: str
    summary: str
    options: dict[str, str]          # option -> help
    run: Callable[[ModuleOp, dict[str, str], dict[str, str] | None], None]


def parse_options(pass_name: str, text: str, known: dict[str, str]) -> dict[str, str]:
    """`a=1 b="x y" c` (MLIR pass options; a bare name means true)."""
    out: dict[str, str] = {}
    for m in re.finditer(r'([\w-]+)(?:=("[^"]*"|\{[^}]*\}|[^\s]*))?', text or ""):
        key, value = m.group(1), m.group(2)
        if key not in known:
            hint = ", ".join(known) if known else "none"
            raise MLIRError(f"'{pass_name}' does not provide an option named '{key}' (its options: {hint}).\n"
                            f"Fix: check the spelling, e.g. --{pass_name}=\"{next(iter(known), 'opt')}=...\".")
        out[key] = (value or "true").strip('"')
    return out


def _bool(pass_name: str, key: str, value: str) -> bool:
    if value.lower() in ("true", "1", ""):
        return True
    if value.lower() in ("false", "0"):
        return False
    raise MLIRError(f"'{pass_name}' option '{key}': '{value}' is not a boolean.\nFix: use true or false.")


def _convert_tosa_to_ttir(m, opts, sources):
    from tensix.mlir.passes import tosa

    tosa.convert_tosa_to_ttir(m, sources)


def _convert_linalg_to_ttir(m, opts, sources):
    from tensix.mlir.passes import linalg

    linalg.convert_linalg_to_ttir(m, sources)


def _load_system_desc(m, opts, sources):
    from tensix.mlir.passes import ttir

    ttir.load_system_desc(m, opts.get("path", ""))


def _implicit_device(m, opts, sources):
    from tensix.mlir.passes import ttir

    ttir.implicit_device(m)


def _layout(m, opts, sources):
    from tensix.mlir.passes import ttir

    ttir.layout(m, opts.get("default-memory-space"))


def _grid_set(m, opts, sources):
    from tensix.mlir.passes import ttir

    ttir.grid_set(m, ttir.parse_grid_overrides(opts.get("override-grid-sizes", "")))


def _generic(m, opts, sources):
    from tensix.mlir.passes import ttir

    ttir.generic(m)


def _allocate(m, opts, sources):
    from tensix.mlir.passes import ttir

    ttir.allocate(m)


def _operands_to_memref(m, opts, sources):
    from tensix.mlir.passes import ttmetal

    ttmetal.generic_region_operands_to_memref(m)


def _convert_ttir_to_ttmetal(m, opts, sources):
    from tensix.mlir.passes import ttmetal

    ttmetal.convert_ttir_to_ttmetal(m)


def _ttmetal_pipeline(m, opts, sources):
    names = ["ttir-load-system-desc", "ttir-implicit-device", "ttir-generic", "ttir-layout",
             "ttir-generic-region-operands-to-memref", "ttir-allocate", "convert-ttir-to-ttmetal"]
    grid = opts.get("grid", "1x1")
    if grid != "1x1":
        names.insert(4, "ttir-metal-grid")
    for name in names:
        PASSES[name].run(m, {"grid": grid} if name == "ttir-metal-grid" else {}, sources)


def _metal_grid(m, opts, sources):
    from tensix.mlir.passes import ttir

    ttir.metal_grid(m, opts.get("grid", "auto"))


def _lower_builtin(m, opts, sources):
    from tensix.mlir.passes import ttkernel

    ttkernel.lower_builtin(m)


def _open_device(m, opts, sources):
    from tensix.mlir.passes import ttnn

    ttnn.open_device(m)


def _convert_ttir_to_ttnn(m, opts, sources):
    from tensix.mlir.passes import ttnn

    ttnn.convert_ttir_to_ttnn(m, sources)


def _convert_ttnn_to_emitc(m, opts, sources):
    from tensix.mlir.passes import emitc

    emitc.convert_ttnn_to_emitc(m, sources)


def _l1_interleaved(m, opts, sources):
    from tensix.mlir.passes import optimize

    optimize.l1_interleaved(m)


def _convert_ttnn_to_emitpy(m, opts, sources):
    from tensix.mlir.passes import emitpy

    emitpy.convert_ttnn_to_emitpy(m, sources)


def _ttnn_pipeline(m, opts, sources):
    layout_opts = {k: v for k, v in opts.items() if k == "default-memory-space"}
    steps = [("ttir-load-system-desc", {}), ("ttir-implicit-device", {}), ("ttir-layout", layout_opts)]
    if _bool("ttir-to-ttnn-backend-pipeline", "enable-grid-set", opts.get("enable-grid-set", "true")):
        steps.append(("ttir-grid-set", {"override-grid-sizes": opts.get("override-grid-sizes", "")}))
    steps += [("ttnn-open-device", {}), ("convert-ttir-to-ttnn", {})]
    if _bool("ttir-to-ttnn-backend-pipeline", "enable-l1-interleaved", opts.get("enable-l1-interleaved", "false")):
        steps.append(("ttnn-l1-interleaved", {}))
    for name, o in steps:      # verified once at the end (tensix-opt verifies after the pipeline)
        PASSES[name].run(m, o, sources)


PASSES: dict[str, PassInfo] = {p.name: p for p in [
    PassInfo("convert-linalg-to-ttir", "Lower linalg named ops and linalg.generic to TTIR ops / ttir.generic.", {},
             _convert_linalg_to_ttir),
    PassInfo("convert-tosa-to-ttir", "Lower tosa.add / mul / sub / greater_equal to TTIR.", {},
             _convert_tosa_to_ttir),
    PassInfo("ttir-load-system-desc", "Set tt.system_desc on the module (the default one unless it has one).",
             {"path": "a file holding a #tt.system_desc<...> attribute"}, _load_system_desc),
    PassInfo("ttir-implicit-device", "Set tt.device from the system desc unless the module has one.", {},
             _implicit_device),
    PassInfo("ttir-layout", "Give every tensor a #tt.layout and move operands to their constraint's memory space.",
             {"default-memory-space": "system|mmio|dram|l1: preferred where the constraint allows (default: the "
                                      "2024 choice, L1 first)"}, _layout),
    PassInfo("ttir-grid-set", "Lay every op result out on the device grid (or an override per NameLoc).",
             {"override-grid-sizes": "name=AxB,name2=CxD"}, _grid_set),
    PassInfo("ttir-generic", "Wrap the named eltwise ops in ttir.generic regions around a ttir.kernel.", {},
             _generic),
    PassInfo("ttir-allocate", "Replace tensor.empty by statically addressed ttir.alloc / ttir.dealloc.", {},
             _allocate),
    PassInfo("ttir-generic-region-operands-to-memref", "Type ttir.generic region arguments as their shard memrefs.",
             {}, _operands_to_memref),
    PassInfo("convert-ttir-to-ttmetal", "Lower TTIR to ttmetal.dispatch / host_write / host_read / alloc with "
             "TTKernel regions.", {}, _convert_ttir_to_ttmetal),
    PassInfo("ttir-to-ttmetal-backend-pipeline", "TTIR to TTMetal: system desc, device, generic, layout, memref "
             "regions, allocate, conversion.", {"grid": "1x1 (the 2024 route, default), AxB or auto: run "
                                                       "ttir-metal-grid after ttir-layout"}, _ttmetal_pipeline),
    PassInfo("ttir-metal-grid", "tensix's: put every ttir.generic and L1 tensor on one grid of whole-tile shards "
             "(multi-core TTMetal).", {"grid": "auto (default) or AxB"}, _metal_grid),
    PassInfo("ttkernel-lower-builtin", "Write ttkernel.builtin out as tt-metal's eltwise loop of TTKernel compute ops "
             "(and whole-CB pushes with their page counts).", {}, _lower_builtin),
    PassInfo("ttnn-open-device", "Open the device at the start of each function and close it at the end.", {},
             _open_device),
    PassInfo("convert-ttir-to-ttnn", "Lower TTIR ops to TTNN ops.", {}, _convert_ttir_to_ttnn),
    PassInfo("convert-ttnn-to-emitc", "Lower TTNN ops to emitc.call_opaque calls of ttnn's C++ API.", {},
             _convert_ttnn_to_emitc),
    PassInfo("convert-ttnn-to-emitpy", "Lower TTNN ops to emitpy calls of ttnn's Python API (then "
             "tensix-translate -mlir-to-python).", {}, _convert_ttnn_to_emitpy),
    PassInfo("ttir-to-ttnn-backend-pipeline", "TTIR to TTNN: system desc, device, layout, grid, open device, "
             "conversion.", {"enable-grid-set": "run ttir-grid-set (default true)",
                             "override-grid-sizes": "name=AxB,... for ttir-grid-set",
                             "default-memory-space": "for ttir-layout",
                             "enable-l1-interleaved": "run ttnn-l1-interleaved last (default false)"},
             _ttnn_pipeline),
    PassInfo("ttnn-l1-interleaved", "Keep intermediate results in L1 (interleaved) where they fit, instead of DRAM.",
             {}, _l1_interleaved),
]}


def run_pass(module: ModuleOp, name: str, option_text: str = "", sources: dict[str, str] | None = None) -> None:
    info = PASSES.get(name)
    if info is None:
        raise MLIRError(f"no pass named '--{name}' (tensix-opt has: {', '.join('--' + p for p in PASSES)}).")
    info.run(module, parse_options(name, option_text, info.options), sources)
