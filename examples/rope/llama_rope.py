"""GGML RoPE on the simulated Wormhole: Llama-style NEOX rotation of 32 heads x 128 dims for a few tokens, as
reader/compute/writer kernels on every core (tensix/ggml/rope_device.py holds the host program and kernels,
tensix/ggml/rope_sfpu.py the SFPI compute), checked against GGML's CPU op and timed on the simulated device.

    python examples/rope/llama_rope.py [n_tokens]
"""

from __future__ import annotations

import sys

import numpy as np

import tensix.metalium as tm
from tensix.ggml import ROPE_TYPE_NEOX, rope_ext


def main(n_tokens: int = 32) -> dict:
    rng = np.random.default_rng(0)
    q = rng.uniform(-1, 1, (n_tokens, 32, 128)).astype(np.float32)    # (tokens, heads, head_dim)
    pos = np.arange(1000, 1000 + n_tokens, dtype=np.int32)            # one position per token
    dev = tm.CreateDevice(0)
    report = {}
    for variant in ("accurate", "exp_24f", "exp_21f"):                 # seed 000's exponentials, and the table
        out = rope_ext(q, pos, n_dims=128, mode=ROPE_TYPE_NEOX, device=dev, variant=variant)
        run = dev.profiler.last_run()
        ref = rope_ext(q, pos, n_dims=128, mode=ROPE_TYPE_NEOX)      # GGML's CPU op
        err = np.abs(out.astype(np.float64) - ref)
        nmse = float((err ** 2).sum() / (ref.astype(np.float64) ** 2).sum())
        report[variant] = dict(max_abs_err=float(err.max()), nmse=nmse, pass_rate=float((err <= 0.1).mean()),
                               device_us=run.duration_cycles / 1e3)
        print(f"{variant:<9} max abs err {err.max():.2e}  NMSE {nmse:.2e}  within 0.1: "
              f"{100 * (err <= 0.1).mean():6.2f}%  device {run.duration_cycles / 1e3:.1f} us")
    tm.CloseDevice(dev)
    return report


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 32)
