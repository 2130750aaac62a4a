"""--ttir-layout's default-memory-space option (tt-mlir's September 2024 Layout.cpp getLegalMemorySpace) and the
--ttnn-l1-interleaved optimisation: intermediates move from DRAM to L1 within the L1 budget, results unchanged.
(The device-time saving is measured by benchmarks/l1_intermediates.py, not asserted here.)"""

import os
import re
import sys

import numpy as np
import pytest

pytest.importorskip("xdsl")

import tensix.mlir as tm  # noqa: E402
from tensix.mlir import MLIRError  # noqa: E402
from tensix.mlir.asm import attr_str  # noqa: E402
from tensix.mlir.dialects.tt import ChipCapabilityAttr, ChipCoordAttr, ChipDescAttr, SystemDescAttr  # noqa: E402
from tensix.mlir.ir import parse  # noqa: E402
from tensix.mlir.opt import run  # noqa: E402
from tensix.mlir.translate import to_python  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "benchmarks"))
from l1_intermediates import ttir_block  # noqa: E402

BLOCK = ttir_block(64, 128)
DRAM = "default-memory-space=dram"


def spaces(text, op):
    """The memory space of each `op` result, in order."""
    aliases = dict(re.findall(r"^(#\w+) = #tt.layout<.*memref<[^,]*, (#\w+)>>$", text, re.M))
    return [aliases[m] for m in re.findall(rf'"{re.escape(op)}"\(.*-> tensor<[^,]*, (#\w+)>$', text, re.M)]


def test_default_memory_space_dram_puts_device_tensors_in_dram():
    out = run(BLOCK, [("ttir-to-ttnn-backend-pipeline", DRAM)])
    assert spaces(out, "ttnn.matmul") == ["#dram", "#dram"]
    assert set(spaces(out, "ttnn.relu") + spaces(out, "ttnn.softmax")) == {"#dram"}
    default = run(BLOCK, [("ttir-to-ttnn-backend-pipeline", "")])
    assert spaces(default, "ttnn.matmul") == ["#l1_", "#l1_"]          # 2024: L1 first


def test_l1_interleaved_moves_intermediates_and_keeps_results():
    out = run(BLOCK, [("ttir-to-ttnn-backend-pipeline", DRAM + " enable-l1-interleaved=true")])
    for op in ("ttnn.matmul", "ttnn.relu", "ttnn.add", "ttnn.softmax"):
        assert set(spaces(out, op)) == {"#l1_"}, op
    assert spaces(out, "ttnn.to_memory_config")[-1] == "#system"      # the result still goes back to the host
    assert run(out, []) == out                                        # verifies and round-trips
    rng = np.random.default_rng(3)
    x = rng.standard_normal((64, 128)).astype(np.float32)
    w1, w2 = [(rng.standard_normal((128, 128)) / 12).astype(np.float32) for _ in range(2)]
    base = tm.compile(BLOCK, options=DRAM)(x, w1, w2)
    opt = tm.compile(BLOCK, options=DRAM + " enable-l1-interleaved=true")(x, w1, w2)
    np.testing.assert_allclose(opt, base, atol=0.02)   # the matmul program may block differently for L1
    ref = np.maximum(x @ w1, 0) + x
    ref = ref @ w2
    e = np.exp(ref - ref.max(-1, keepdims=True))
    np.testing.assert_allclose(opt, e / e.sum(-1, keepdims=True), atol=0.02)


def test_l1_budget_is_respected(tmp_path):
    tiny = SystemDescAttr([ChipDescAttr("wormhole_b0", (8, 8), 64, 12, 1 << 20, 16, 32, 32)], [0],
                          [ChipCapabilityAttr(3)], [ChipCoordAttr(0, 0, 0, 0)])
    path = tmp_path / "tiny.mlir"
    path.write_text(attr_str(tiny))
    out = run(BLOCK, [("ttir-load-system-desc", f"path={path}"),
                      ("ttir-to-ttnn-backend-pipeline", DRAM + " enable-l1-interleaved=true")])
    assert "l1_size = 64," in out
    assert "#l1_" not in out                 # 64 bytes x 64 cores / 2 holds no 64x128 tensor


def test_emitpy_places_results_like_the_ir():
    out = run(BLOCK, [("ttir-to-ttnn-backend-pipeline", DRAM + " enable-l1-interleaved=true"),
                      ("convert-ttnn-to-emitpy", "")])
    code = to_python(parse(out))
    assert re.search(r"= ttnn\.matmul\(v\d+, v\d+, dtype=ttnn\.bfloat16, memory_config=ttnn\.L1_MEMORY_CONFIG\)", code)


def test_bad_options():
    with pytest.raises(MLIRError, match="default-memory-space must be"):
        run(BLOCK, [("ttir-to-ttnn-backend-pipeline", "default-memory-space=sram")])
    with pytest.raises(MLIRError, match="cannot read the system desc file"):
        run(BLOCK, [("ttir-load-system-desc", "path=/nonexistent/desc.mlir")])
    with pytest.raises(MLIRError, match="tt.system_desc"):
        run(BLOCK, [("ttnn-l1-interleaved", "")])


@pytest.mark.parametrize("script, args, fields", [
    ("compile_speed.py", ["--ops", "30"], ("parse_verify_s", "ttnn_pipeline_s", "print_s", "emitc_cpp_s", "total_s")),
    ("l1_intermediates.py", ["--tokens", "64", "--dim", "64"], ("dram_device_us", "l1_interleaved_device_us",
                                                                 "saving_us", "bit_identical")),
])
def test_mlir_benchmarks_print_one_json_line(script, args, fields):
    import json
    import subprocess

    root = os.path.join(os.path.dirname(__file__), "..", "benchmarks")
    out = subprocess.run([sys.executable, os.path.join(root, script), *args], capture_output=True, text=True,
                         check=True, timeout=600).stdout.strip().splitlines()
    assert len(out) == 1, out
    r = json.loads(out[0])
    assert all(k in r for k in fields)
