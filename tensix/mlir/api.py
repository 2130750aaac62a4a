"""`tensix.mlir.compile`: MLIR text (TTIR or TTNN dialect) to a callable that runs on the simulated Wormhole."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from tensix.errors import NotModelledError
from tensix.mlir.errors import MLIRError


class Compiled:
    """A compiled function: call it with numpy arrays (or torch tensors) and get numpy arrays (torch tensors when
    given torch) back; `report` is the last call's per-op device time, `mlir` the compiled module's text."""

    def __init__(self, module: ModuleOp, function: str | None, sources: dict[str, str], route: str = "ttnn"):
        self.module = module
        self.route = route
        self.function = function
        self.sources = sources
        self.report = None

    @property
    def mlir(self) -> str:
        from tensix.mlir.asm import print_module

        return print_module(self.module)

    def __call__(self, *inputs, device=None):
        if self.route == "ttmetal":
            from tensix.mlir.metal_runtime import run_function as run_metal

            def run_function(module, arrays, function, device):
                if device is not None:
                    raise NotModelledError("the TTMetal route opens its own device (device= is for route='ttnn')")
                return run_metal(module, arrays, function)
        else:
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
    """Compile a TOSA / linalg (as torch-mlir emits them: text, or a torch_mlir module object), TTIR or TTNN module.
    TOSA and linalg are first lowered to TTIR (--convert-tosa-to-ttir / --convert-linalg-to-ttir); a TTIR module goes
    through `--ttir-to-ttnn-backend-pipeline` (route "ttnn", with `options`, e.g.
    "enable-grid-set=false") or `--ttir-to-ttmetal-backend-pipeline` (route "ttmetal"); a module already in the
    route's dialect is taken as it is. The TTNN route runs through tensix.ttnn (tensix.mlir.runtime), the TTMetal
    route through tensix.metalium (tensix.mlir.metal_runtime)."""
    from tensix.mlir.ir import parse, verify
    from tensix.mlir.passes import run_pass

    if route not in ("ttnn", "ttmetal"):
        raise ValueError(f"route must be 'ttnn' or 'ttmetal', got {route!r}")
    if not isinstance(module_or_text, (str, ModuleOp)) and hasattr(module_or_text, "operation"):
        module_or_text = str(module_or_text)   # an MLIR Python bindings module (torch-mlir's): its full text
    if isinstance(module_or_text, str):
        sources = {filename: module_or_text}
        module = parse(module_or_text, filename)
    elif isinstance(module_or_text, ModuleOp):
        sources, module = {}, module_or_text.clone()
    else:
        raise TypeError(f"compile() takes MLIR text or an xDSL ModuleOp, not {type(module_or_text).__name__}")
    verify(module, sources)
    names = {op.name.split(".", 1)[0] for op in module.walk()}
    if "tosa" in names:
        run_pass(module, "convert-tosa-to-ttir", "", sources)
    elif "linalg" in names:
        run_pass(module, "convert-linalg-to-ttir", "", sources)
    target = "ttnn." if route == "ttnn" else "ttmetal."
    if any(op.name.startswith("ttir.") for op in module.walk()):
        run_pass(module, f"ttir-to-{route}-backend-pipeline", options, sources)
        verify(module, sources)
    elif not any(op.name.startswith(target) for op in module.walk()):
        raise MLIRError(f"compile(route={route!r}): the module has neither ttir nor {target[:-1]} ops; the route "
                        f"starts from TTIR (--convert-tosa-to-ttir / --convert-linalg-to-ttir lower TOSA / linalg).")
    return Compiled(module, function, sources, route)
