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


def test_sfploadmacro_ops_benchmark_runs_at_toy_size():
    r = run("sfploadmacro_ops.py", "64", "1")
    assert r["tiles"] == 4 and r["identical"] is True and r["cpu_s_sfploadmacro"] > 0 and r["cpu_s_disabled"] > 0


def test_ttnn_mlp_benchmark_runs_at_toy_size():
    pytest.importorskip("torch")
    r = run("ttnn_mlp.py", "--tokens", "32", "--dim", "64", "--ffn", "128", "--heads", "2", "--head-dim", "64",
            "--repeat", "1")
    assert r["target_ratio"] == 20
    for block in ("mlp", "attention"):
        b = r[block]
        assert b["pcc"] > 0.99 and b["wall_s"] > 0 and b["torch_wall_s"] > 0 and b["device_us"] > 0
        assert {op for op, _cores, _us in b["ops"]} >= ({"ttnn.matmul", "ttnn.silu", "ttnn.multiply"} if block == "mlp"
                                                       else {"ttnn.matmul", "ttnn.softmax",
                                                             "ttnn.experimental.rotary_embedding",
                                                             "ttnn.experimental.nlp_create_qkv_heads",
                                                             "ttnn.experimental.nlp_concat_heads"})


def test_rope_docs_are_generated_by_their_scripts(tmp_path):
    """docs/rope_journey.md and docs/rope_accuracy/README.md are what their scripts write today (deterministic:
    simulated times and bit-exact numbers), and the accuracy script writes its four plots."""
    r = run("rope_journey.py", "--out", str(tmp_path / "journey.md"))
    assert len(r["steps"]) == 10
    assert (tmp_path / "journey.md").read_text() == (ROOT / "docs" / "rope_journey.md").read_text()
    acc = tmp_path / "acc"
    r = run("rope_accuracy.py", "--out", str(acc))
    assert sorted(r["plots"]) == ["exp_21f.png", "exp_24f.png", "exp_relative_error.png", "rope_error_vs_position.png"]
    assert (acc / "README.md").read_text() == (ROOT / "docs" / "rope_accuracy" / "README.md").read_text()
    assert r["backend_ops_worst_nmse"] and max(v for k, v in r["backend_ops_worst_nmse"].items()
                                               if k.endswith(" accurate")) < r["ggml_nmse_bound"]
