"""Layering: a package imports only from the layers below it (DESIGN.md, "Layers"). Each lower package is imported in
a fresh interpreter (the modules that come with it), and its sources are read for imports of higher layers anywhere,
also inside functions (an import deferred to first use is still a dependency)."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_TOP = ("tensix.device", "tensix.kernel", "tensix.metalium", "tensix.ttnn", "tensix.ggml", "tensix.mlir")
# the order is encoding / arch < sfpu < tile < sfpi < device < kernel < metalium < ttnn, ggml < mlir
ABOVE = {
    "tensix.encoding": ("tensix.sfpu", "tensix.tile", "tensix.sfpi", *_TOP),
    "tensix.sfpu": ("tensix.tile", "tensix.sfpi", *_TOP),
    # the tile needs tensix.errors, tensix.encoding and tensix.sfpu only
    "tensix.tile": ("tensix.sfpi", *_TOP),
    "tensix.device": ("tensix.kernel", "tensix.metalium", "tensix.ttnn", "tensix.ggml", "tensix.mlir"),
    "tensix.kernel": ("tensix.metalium", "tensix.ttnn", "tensix.ggml", "tensix.mlir"),
}


@pytest.mark.parametrize("package", sorted(ABOVE))
def test_package_imports_nothing_from_above(package):
    code = (f"import json, sys; import {package}; "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('tensix'))))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                       text=True).stdout)
    assert package in loaded  # the probe saw the import
    wrong = [m for m in loaded if m.startswith(ABOVE[package])]
    assert wrong == [], f"{package} pulls in modules of higher layers: {wrong}"


def _imports(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from ((a.name, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module, node.lineno
            if node.module == "tensix":
                yield from ((f"tensix.{a.name}", node.lineno) for a in node.names)


@pytest.mark.parametrize("package", sorted(ABOVE))
def test_no_deferred_imports_from_above(package):
    folder = ROOT / package.replace(".", "/")
    files = sorted(folder.rglob("*.py")) if folder.is_dir() else [folder.with_suffix(".py")]
    wrong = [f"{p.relative_to(ROOT)}:{line} imports {name}" for p in files for name, line in _imports(p)
             if name.startswith(ABOVE[package])]
    assert wrong == [], "\n".join(wrong)
