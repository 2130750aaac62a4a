"""tt-mlir's own lit tests (be6c5b5c98, vendored in tests/mlir_lit) pass with tensix-opt in place of ttmlir-opt,
run by lit with the PyPI filecheck in place of LLVM's FileCheck."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("xdsl")
pytest.importorskip("lit")
pytest.importorskip("filecheck")

LIT_DIR = os.path.join(os.path.dirname(__file__), "mlir_lit")


def test_vendored_lit_tests_pass(tmp_path):
    env = dict(os.environ, TENSIX_LIT_EXEC_ROOT=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", "from lit.main import main; main()", "-v", "-j", "2", LIT_DIR],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-3000:]
    tests = [f for d, _, fs in os.walk(LIT_DIR) if "Output" not in d for f in fs
             if f.endswith(".mlir") or (f.endswith(".py") and f != "lit.cfg.py")]
    assert len(tests) >= 26                      # tt-mlir's 25 lit tests vendored so far, and the Python one
    assert f"Passed: {len(tests)}" in r.stdout, r.stdout[-2000:]


def test_seed_layout_script_prints_the_seeds_five_lines():
    """Seed 003's script (tt-mlir's test/python/tensor_layout.py) unmodified under `tensix run`."""
    r = subprocess.run([sys.executable, "-c", "import sys; from tensix.cli import main; sys.exit(main())", "run",
                        os.path.join(LIT_DIR, "python", "tensor_layout.py")], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    from tests.test_mlir_tt import SEED_LINES

    assert r.stdout.splitlines() == SEED_LINES


def test_a_wrong_tool_fails_the_suite(tmp_path):
    """The harness can fail: with a `ttmlir-opt` that prints its input unchanged, FileCheck rejects the tests."""
    env = dict(os.environ, TENSIX_LIT_EXEC_ROOT=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", "from lit.main import main; main()", "-q",
                        "-Dtensix_opt=cat", os.path.join(LIT_DIR, "TTNN", "simple_multiply.mlir")],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode != 0
