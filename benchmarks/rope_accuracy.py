"""Seed 000's accuracy study, runnable: why RoPE on the SFPU failed at position 1000 with exp_21f, how exp_24f
fixed it, and how far the accurate kernel goes.

1. The frequency (exp) error of exp_21f and exp_24f on the bit-exact SFPU across the kernel's exponent range,
   against float64 exp of the same float32 input (seed 000's ROOT canvas: values, error distribution, error
   against value with a linear fit, relative error against value on a log axis). PNGs: docs/rope_accuracy/.
2. The whole RoPE compute (tensix.ggml.rope_sfpu) in seed 000's configuration (D = 2048, n_dims = 256, NEOX,
   32 rows = heads of one token, inputs U(-1, 1)) against GGML's CPU op at positions 1, 1000 and a sweep up to
   4096: pass rate (share of elements within 0.1 of the reference, as the seed's harness counts it, over all
   D columns; also over the rotated columns only), max error and NMSE, for each variant.
3. The accurate variant's worst NMSE over test-backend-ops' two always-run RoPE shapes (all 32 parameter
   combinations, positions < 512); GGML's backend bound is 1e-7.

Prints one JSON line with the figures.  Usage: python benchmarks/rope_accuracy.py [--out docs/rope_accuracy]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import time

import numpy as np

import tensix.sfpi as sfpi
from tensix.ggml import ROPE_TYPE_NEOX, ROPE_TYPE_NORMAL, rope_ext
from tensix.ggml.rope_sfpu import VARIANTS, rope_sfpu
from tensix.sfpi.lib import exp_tile

D, N_DIMS, ROWS = 2048, 256, 32  # seed 000's harness (facts sheet section 6, "Test harness")


def exp_study(out_dir: str, plt) -> dict:
    """exp_21f vs exp_24f on the SFPU over x in [-20, 0] (the kernel uses -2k/n*ln(1e4) - ln(pi) in [-10.4, -1.1])."""
    n_tiles = 32
    x = np.linspace(-20.0, 0.0, n_tiles * 1024).astype(np.float32)
    tiles = x.reshape(n_tiles, 32, 32)
    ref = np.exp(x.astype(np.float64))
    res = {}
    for variant in ("exp_21f", "exp_24f"):
        dev = sfpi.map_tiles(exp_tile, tiles, variant).tiles.reshape(-1).astype(np.float64)
        err = np.abs(dev - ref)
        rel = err / ref
        res[variant] = {"max_abs_err": float(err.max()), "max_rel_err": float(rel.max()),
                        "mean_rel_err": float(rel.mean()), "dev": dev, "err": err, "rel": rel}
        fig, ax = plt.subplots(2, 2, figsize=(11, 8))
        ax[0, 0].plot(ref, dev, ",")
        ax[0, 0].set(title=f"{variant}: device vs CPU", xlabel="cpu exp(x)", ylabel="device exp(x)")
        nz = err[err > 0]
        ax[0, 1].hist(nz, bins=100)
        ax[0, 1].set(title="error distribution", xlabel="|cpu - device|", ylabel="count")
        ax[1, 0].plot(ref, err, ",")
        slope, icpt = np.polyfit(ref, err, 1)
        xs = np.linspace(0, 1, 50)
        ax[1, 0].plot(xs, slope * xs + icpt, "r-", label=f"fit {slope:.3g} x + {icpt:.2g}")
        ax[1, 0].legend()
        ax[1, 0].set(title="error vs value", xlabel="cpu exp(x)", ylabel="|error|")
        ax[1, 1].semilogx(ref, rel, ",")
        ax[1, 1].set(title="relative error vs value", xlabel="cpu exp(x)", ylabel="|error| / value")
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, f"{variant}.png"), dpi=90)
        plt.close(fig)
    fig, ax = plt.subplots(figsize=(9, 5))
    for variant in ("exp_21f", "exp_24f"):
        ax.semilogy(x, np.maximum(res[variant]["rel"], 1e-10), ",", label=variant)
    ax.set(title="relative error of exp on the SFPU (bit-exact model)", xlabel="x", ylabel="|exp(x) error| / exp(x)")
    ax.legend(markerscale=20)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "exp_relative_error.png"), dpi=90)
    plt.close(fig)
    return {v: {k: res[v][k] for k in ("max_abs_err", "max_rel_err", "mean_rel_err")} for v in res}


def rope_study(out_dir: str, plt, sweep: int) -> dict:
    rng = np.random.default_rng(0)
    positions = np.unique(np.concatenate([[1, 1000], np.linspace(0, 4096, sweep).astype(np.int64)])).astype(np.int32)
    a = rng.uniform(-1, 1, (positions.size, ROWS, D)).astype(np.float32)
    ref = rope_ext(a, positions, n_dims=N_DIMS, mode=ROPE_TYPE_NEOX)
    out = {}
    per_pos = {}
    for variant in VARIANTS:
        t0 = time.perf_counter()
        dev, counts = rope_sfpu(a, positions, n_dims=N_DIMS, mode=ROPE_TYPE_NEOX, variant=variant,
                                return_counts=True)
        secs = time.perf_counter() - t0
        err = np.abs(dev.astype(np.float64) - ref)
        e2 = (err ** 2).reshape(positions.size, -1).sum(1)
        r2 = (ref.astype(np.float64) ** 2).reshape(positions.size, -1).sum(1)
        per_pos[variant] = {
            "pass": (err <= 0.1).reshape(positions.size, -1).mean(1),
            "pass_active": (err[..., :N_DIMS] <= 0.1).reshape(positions.size, -1).mean(1),
            "max": err.reshape(positions.size, -1).max(1),
            "nmse": e2 / r2,
        }
        pick = {int(p): i for i, p in enumerate(positions)}
        n_items = positions.size * (N_DIMS // 64)
        out[variant] = {
            f"pos{p}": {"pass_rate": float(per_pos[variant]["pass"][pick[p]]),
                        "pass_rate_active": float(per_pos[variant]["pass_active"][pick[p]]),
                        "max_err": float(per_pos[variant]["max"][pick[p]]),
                        "nmse": float(per_pos[variant]["nmse"][pick[p]])} for p in (1, 1000, 4096)}
        out[variant]["sweep_0_4096"] = {"min_pass_rate": float(per_pos[variant]["pass"].min()),
                                       "min_pass_rate_active": float(per_pos[variant]["pass_active"].min()),
                                       "max_err": float(per_pos[variant]["max"].max()),
                                       "worst_nmse": float(per_pos[variant]["nmse"].max())}
        out[variant]["sfpu_instructions_per_work_item"] = int(round(sum(counts.values()) / n_items))
        out[variant]["host_seconds"] = round(secs, 2)
    fig, ax = plt.subplots(1, 2, figsize=(12, 4.5))
    for variant in VARIANTS:
        ax[0].semilogy(positions, np.maximum(per_pos[variant]["max"], 1e-9), ".-", label=variant)
        ax[1].plot(positions, 100 * per_pos[variant]["pass_active"], ".-", label=variant)
    ax[0].axhline(0.1, color="k", lw=0.5)
    ax[0].set(title=f"RoPE max |error| vs GGML (D={D}, n_dims={N_DIMS}, NEOX)", xlabel="position", ylabel="max |error|")
    ax[1].set(title="pass rate of the rotated columns (|error| <= 0.1)", xlabel="position", ylabel="%")
    for x in ax:
        x.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "rope_error_vs_position.png"), dpi=90)
    plt.close(fig)
    return out


def backend_grid() -> dict:
    """test-backend-ops' always-run shapes, all 32 (fw, fs, ef, af, ff) combinations, positions < 512."""
    rng = np.random.default_rng(1)
    worst = {}
    for mode, shape, n_dims in ((ROPE_TYPE_NORMAL, (2, 32, 128), 128), (ROPE_TYPE_NEOX, (2, 128, 64), 64)):
        for variant in VARIANTS:
            w = 0.0
            for fw, fs, ef, af, ff in itertools.product((False, True), (1.0, 1.4245), (0.0, 0.7465), (1.0, 1.4245),
                                                        (False, True)):
                a = rng.uniform(-1, 1, shape).astype(np.float32)
                pos = rng.integers(0, 512, shape[0]).astype(np.int32)
                ffv = rng.uniform(0.9, 1.1, n_dims // 2).astype(np.float32) if ff else None
                kw = dict(n_dims=n_dims, mode=mode, freq_scale=fs, ext_factor=ef, attn_factor=af, backward=fw,
                          beta_fast=1.0, beta_slow=1.0)
                ref = rope_ext(a, pos, ffv, **kw).astype(np.float64)
                dev = rope_sfpu(a, pos, ffv, variant=variant, **kw)
                w = max(w, float(((ref - dev) ** 2).sum() / (ref ** 2).sum()))
            worst[f"{'NORMAL' if mode == ROPE_TYPE_NORMAL else 'NEOX'}{list(shape)}/{n_dims} {variant}"] = w
    return worst


def _g(x) -> str:
    return f"{x:.2g}" if abs(x) >= 0.01 else f"{x:.2e}".replace("e-0", "e-")


def _pct(x) -> str:
    return f"{100 * x:.4g}%"


def write_readme(out_dir: str, r: dict, command: str) -> None:
    """docs/rope_accuracy/README.md from this run's figures (every number in it comes from `r`)."""
    ex, ro, grid = r["exp"], r["rope"], r["backend_ops_worst_nmse"]

    def row(label, cell):
        return "| " + label + " | " + " | ".join(cell(v) for v in VARIANTS) + " |"

    def grid_worst(v):
        return _g(max(w for k, w in grid.items() if k.endswith(" " + v)))

    lines = [
        "# RoPE on the SFPU: seed 000's accuracy study", "",
        f"Generated by `{command}` (it rewrites the PNGs and this file, and prints one JSON line). Kernel:",
        "`tensix.ggml.rope_sfpu` (`rope_tile` on Dst, `rope_sfpu` for the whole op); reference: GGML's CPU op,",
        "`tensix.ggml.rope_ext`.", "",
        "| plot | what |", "|---|---|",
        "| `exp_21f.png`, `exp_24f.png` | the exponential on the bit-exact SFPU over x in [-20, 0] against float64 exp: "
        "device vs CPU, error distribution, error vs value with a linear fit, relative error vs value (seed 000's "
        "four-panel ROOT canvas) |",
        "| `exp_relative_error.png` | both exponentials' relative error against x |",
        f"| `rope_error_vs_position.png` | whole RoPE in seed 000's configuration (D = {D}, n_dims = {N_DIMS}, NEOX, "
        f"{ROWS} heads, inputs U(-1, 1)): max error and pass rate (\\|err\\| <= 0.1) against position, 0 .. 4096 |", "",
        "Figures measured (the JSON line):", "",
        "| | " + " | ".join(VARIANTS) + " |", "|---|" + "---|" * len(VARIANTS),
        row("exp max relative error", lambda v: _g(ex[v]["max_rel_err"]) if v in ex else "(no exp: RISC-V table)"),
        row("RoPE pos 1: max error", lambda v: _g(ro[v]["pos1"]["max_err"])),
        row("RoPE pos 1000: pass rate (rotated columns / all)",
            lambda v: f"{_pct(ro[v]['pos1000']['pass_rate_active'])} / {_pct(ro[v]['pos1000']['pass_rate'])}"),
        row("RoPE pos 1000: max error", lambda v: _g(ro[v]["pos1000"]["max_err"])),
        row("RoPE 0 .. 4096: lowest pass rate (rotated columns)",
            lambda v: _pct(ro[v]["sweep_0_4096"]["min_pass_rate_active"])),
        row("RoPE 0 .. 4096: max error", lambda v: _g(ro[v]["sweep_0_4096"]["max_err"])),
        row(f"test-backend-ops always-run shapes, worst NMSE (bound {r['ggml_nmse_bound']:g})", grid_worst),
        row("SFPU instructions per NEOX work item (2 tiles)", lambda v: str(ro[v]["sfpu_instructions_per_work_item"])),
        "",
        "Seed 000 reported exp_21f's maximum error as \"~0.0018\" and exp_24f's \"in the 2x10^-5 range\", and, with",
        "exp_24f, \"pos=1000 have 100% pass rate. With maximum error of the final result at 0.03\": compare the rows",
        "above. GGML's backend tolerance is NMSE <= 1e-7; the whole test-backend-ops grid (all five modes, forward and",
        "backward, YaRN, freq factors) is checked in tests/test_rope_sfpu.py, tests/test_rope_device.py and, against",
        "ggml itself, tests/test_rope_device_vs_ggml.py.", ""]
    with open(os.path.join(out_dir, "README.md"), "w") as f:
        f.write("\n".join(lines))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "docs", "rope_accuracy"))
    ap.add_argument("--sweep", type=int, default=65, help="positions in the 0..4096 sweep")
    args = ap.parse_args()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(args.out, exist_ok=True)
    t0 = time.perf_counter()
    result = {"exp": exp_study(args.out, plt), "rope": rope_study(args.out, plt, args.sweep),
              "backend_ops_worst_nmse": backend_grid(), "ggml_nmse_bound": 1e-7,
              "config": {"D": D, "n_dims": N_DIMS, "rows": ROWS, "mode": "NEOX", "inputs": "U(-1,1)",
                         "pass": "|err| <= 0.1"},
              "plots": sorted(f for f in os.listdir(args.out) if f.endswith(".png"))}
    result["seconds"] = round(time.perf_counter() - t0, 1)
    sweep = "" if args.sweep == 65 else f" --sweep {args.sweep}"
    write_readme(args.out, result, f"python benchmarks/rope_accuracy.py{sweep}")
    print(json.dumps(result, default=lambda v: float(v) if isinstance(v, np.floating) else str(v)))


if __name__ == "__main__":
    main()
