"""Layering: a package imports only from the layers below it (DESIGN.md, "Layers"). Each case imports one package
in a fresh interpreter and lists the tensix modules that came with it."""

import json
import subprocess
import sys

import pytest

ABOVE = {
    "tensix.sfpu": ("tensix.sfpi", "tensix.device", "tensix.kernel", "tensix.metalium", "tensix.ttnn",
                    "tensix.ggml", "tensix.tile", "tensix.mlir"),
    # the tile needs tensix.errors and tensix.sfpu only: its DeadlockError lives in tensix.errors for that reason
    "tensix.tile": ("tensix.sfpi", "tensix.device", "tensix.kernel", "tensix.metalium", "tensix.ttnn",
                    "tensix.ggml", "tensix.mlir"),
    "tensix.device": ("tensix.kernel", "tensix.metalium", "tensix.ttnn", "tensix.ggml", "tensix.mlir"),
    "tensix.kernel": ("tensix.metalium", "tensix.ttnn", "tensix.ggml", "tensix.mlir"),
    "tensix.ggml": ("tensix.sfpi", "tensix.device", "tensix.kernel", "tensix.metalium", "tensix.ttnn",
                    "tensix.mlir"),  # the reference RoPE is numpy; the device RoPE loads its layers when run
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
