"""The speed benchmarks run (at toy sizes) and print the one JSON line with the fields their docstrings promise;
the figures themselves are never asserted (timings are measured by hand, see benchmarks/)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(script, *args):
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], capture_output=True, text=True,
                         check=True, timeout=600).stdout.strip().splitlines()
    assert len(out) == 1, out
    return json.loads(out[0])


@pytest.mark.parametrize("script, args, fields", [
    ("eltwise_throughput.py", ["64", "1"], {"tiles": 4, "correct": True}),
    ("rope_llama.py", ["--tokens", "8", "--heads", "4", "--cores", "2", "--repeat", "1"], {"target_ratio": 5}),
    ("sfpu_throughput.py", ["--tiles", "4", "--repeat", "1"], {"tiles": 4}),
])
def test_benchmark_prints_one_json_line(script, args, fields):
    r = run(script, *args)
    for k, v in fields.items():
        assert r[k] == v
    if script == "rope_llama.py":
        assert r["nmse"] < 1e-7 and r["wall_s"] > 0 and r["reference_wall_s"] > 0 and r["device_us"] > 0
    elif script == "eltwise_throughput.py":
        assert r["tiles_per_s"] > 0 and r["device_cycles"] > 0
    else:
        assert r["lane_instr_per_s"] > 0 and r["instructions_executed"] > 0
