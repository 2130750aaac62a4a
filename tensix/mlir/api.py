"""`tensix.mlir.compile`: MLIR text (TTIR or TTNN dialect) to a callable that runs on the simulated Wormhole."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from tensix.errors import NotModelledError
from tensix.mlir.errors import MLIRError


class Compiled:
    """A compiled function: call it with numpy arrays (or torch tensors) and get numpy arrays (torch tensors when
    given torch) back; `report` is the last call's per-op device time, `mlir` the compiled module's text."""

    def __init__(self, module: ModuleOp, function: str | None, sources: dict[str, str]):
        self.module = module
        self.function = function
        self.sources = sources
        self.report = None

    @property
    def mlir(self) -> str:
        from tensix.mlir.asm import print_module

        return print_module(self.module)

    def __call__(self, *inputs, device=None):
        from tensix.mlir.runtime import run_function

        is_torch = [type(x).__module__.split(".")[0] == "torch" for x in inputs]
        torch_like = [x for x, t in zip(inputs, is_torch) if t]
        arrays = [x.detach().cpu().float().numpy() if t else x for x, t in zip(inputs, is_torch)]
        outs, self.report = run_function(self.module, arrays, self.function, device)
        if torch_like:
            import torch

            outs = [torch.from_numpy(o).to(torch_like[0].dtype) for o in outs]
        return outs[0] if len(outs) == 1 else tuple(outs)


def compile(module_or_text, route: str = "ttnn", function: str | None = None, options: str = "",
            filename: str = "<compile>") -> Compiled:
    """Compile a TTIR module through `--ttir-to-ttnn-backend-pipeline` (with `options`, e.g.
    "enable-grid-set=false"); a module already in the TTNN dialect is taken as it is."""
    from tensix.mlir.ir import parse, verify
    from tensix.mlir.passes import run_pass

    if route == "ttmetal":
        raise NotModelledError("tensix.mlir.compile(route='ttmetal'): the TTMetal route (ttir-generic, ttir-allocate, "
                               "convert-ttir-to-ttmetal, TTKernel lowering) is not built yet.\nFix: use "
                               "route='ttnn'.")
    if route != "ttnn":
        raise ValueError(f"route must be 'ttnn' or 'ttmetal', got {route!r}")
    if isinstance(module_or_text, str):
        sources = {filename: module_or_text}
        module = parse(module_or_text, filename)
    elif isinstance(module_or_text, ModuleOp):
        sources, module = {}, module_or_text.clone()
    else:
        raise TypeError(f"compile() takes MLIR text or an xDSL ModuleOp, not {type(module_or_text).__name__}")
    verify(module, sources)
    if any(op.name.startswith("ttir.") for op in module.walk()):
        run_pass(module, "ttir-to-ttnn-backend-pipeline", options, sources)
        verify(module, sources)
    elif not any(op.name.startswith("ttnn.") for op in module.walk()):
        raise MLIRError("compile(): the module has neither ttir nor ttnn ops; the TTNN route starts from TTIR "
                        "(front ends from TOSA / linalg are not built yet).")
    return Compiled(module, function, sources)
