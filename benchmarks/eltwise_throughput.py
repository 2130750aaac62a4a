"""Element-wise add of two 4096x4096 bf16 tensors on all 64 cores, one-tile reader/compute/writer loops.

Prints ONE JSON line: output tiles per wall second of simulation, and the simulated device time."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def main(n: int = 4096):
    spec = importlib.util.spec_from_file_location("ex_eltwise", ROOT / "examples" / "metalium" / "eltwise_binary.py")
    ex = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ex)
    import tensix.metalium as tm
    rng = np.random.default_rng(0)
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    dev = tm.CreateDevice(0)
    t0 = time.perf_counter()
    out, run = ex.run(a, b, device=dev)
    wall = time.perf_counter() - t0
    tiles = n * n // 1024
    ok = bool(np.allclose(out.astype(np.float32), a + b, atol=0.05, rtol=0.02))
    print(json.dumps({"benchmark": "eltwise_add_bf16", "shape": [n, n], "cores": 64, "tiles": tiles,
                      "wall_s": round(wall, 3), "tiles_per_s": round(tiles / wall, 1),
                      "device_cycles": int(run.duration_cycles), "device_us": round(run.duration_ns / 1000, 2),
                      "correct": ok}))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4096)
