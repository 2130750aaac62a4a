"""GGML RoPE at Llama-3-8B's prefill shape on the simulated Wormhole: 4096 tokens x 32 heads x head dim 128,
NEOX, float32, the accurate variant, all 64 cores (reader/compute/writer kernels, tensix.ggml.rope_device).

Prints ONE JSON line: `wall_s` (rope_ext(device=dev): host tilize, buffer writes, the simulated program on all
cores with every SFPU instruction executed bit-exactly, buffer read, untilize), `reference_wall_s` (numpy/numba
GGML CPU reference, rope_ext(device=None), same input), `ratio` = wall_s / reference_wall_s (target <= 5),
`device_us` (simulated device time at 1 GHz), the accuracy against the reference, and the SFPU work items.
Both sides are timed after a full-size warm-up run, each as the best of --repeat runs (the development VM's
speed varies by tens of percent from minute to minute).
`--profile` also prints the top of a cProfile of the device run to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokens", type=int, default=4096)
    ap.add_argument("--heads", type=int, default=32)
    ap.add_argument("--head-dim", type=int, default=128)
    ap.add_argument("--cores", type=int, default=64)
    ap.add_argument("--repeat", type=int, default=3, help="both timings: best of N runs")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)

    import tensix.metalium as tm
    from tensix.ggml import ROPE_TYPE_NEOX, rope_ext
    from tensix.ggml.rope_device import rope_device

    rng = np.random.default_rng(0)
    a = rng.uniform(-1.0, 1.0, (args.tokens, args.heads, args.head_dim)).astype(np.float32)
    pos = np.arange(args.tokens, dtype=np.int32)  # prefill: positions 0..n-1
    kw = dict(n_dims=args.head_dim, mode=ROPE_TYPE_NEOX)
    dev = tm.CreateDevice(0)
    # warm-up at full size, as the reference's best-of-N timing is: numba caches, the SFPI trace, and the
    # process's first touch of ~0.3 GB of fresh memory (on the development VM that alone costs ~2 ms per MB)
    rope_device(a, pos, device=dev, cores=args.cores, **kw)
    rope_ext(a, pos, **kw)

    ref_wall = float("inf")
    for _ in range(args.repeat):
        t = time.perf_counter()
        ref = rope_ext(a, pos, **kw)
        ref_wall = min(ref_wall, time.perf_counter() - t)

    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
    wall = float("inf")
    for _ in range(1 if args.profile else args.repeat):
        t = time.perf_counter()
        out = rope_device(a, pos, device=dev, cores=args.cores, **kw)
        wall = min(wall, time.perf_counter() - t)
    if args.profile:
        prof.disable()
        pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(20)
    run = dev.profiler.last_run()
    err = np.abs(out.astype(np.float64) - ref.astype(np.float64))
    nmse = float((err ** 2).sum() / (ref.astype(np.float64) ** 2).sum())
    work_items = args.tokens * -(-args.heads // 32) * -(-args.head_dim // 64)
    print(json.dumps({
        "shape": [args.tokens, args.heads, args.head_dim], "mode": "NEOX", "variant": "accurate",
        "cores": args.cores, "wall_s": round(wall, 3), "reference_wall_s": round(ref_wall, 4),
        "ratio": round(wall / ref_wall, 1), "target_ratio": 5, "device_us": run.duration_cycles / 1e3,
        "sfpu_work_items": work_items, "wall_ms_per_work_item": round(1e3 * wall / work_items, 3),
        "nmse": nmse, "max_abs_err": float(err.max()),
    }))
    tm.CloseDevice(dev)


if __name__ == "__main__":
    main()
