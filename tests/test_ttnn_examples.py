"""Every example in examples/ttnn/ runs under `tensix run` (plain `import ttnn` scripts) and says what it promises."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples" / "ttnn").glob("*.py"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_ttnn_example_runs_under_tensix_run(example, tmp_path):
    csv = tmp_path / "ops.csv"
    proc = subprocess.run([sys.executable, "-m", "tensix.cli", "run", "--op-report", "--op-report-csv", str(csv),
                           str(example)], capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "PCC against torch" in proc.stdout
    pcc = float(proc.stdout.split("PCC against torch float32:")[1].split()[0])
    assert pcc > 0.999
    assert "ttnn.matmul" in proc.stderr and "device us" in proc.stderr      # the per-op report
    assert csv.read_text().startswith("OP CODE,")
