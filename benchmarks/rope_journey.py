"""Seed 000's optimisation journey, measured on the simulated device: every step of examples/rope_journey/ in the
seed's configuration (32 rows, D = 2048, n_dims = 256, NEOX, inputs U(-1, 1); position 1000 shared by all rows up
to step 5, positions 1000..1031 from the per-row step on; one core except the multi-core step).

For each step: the simulated time of the ROPE-TILE zones on the math TRISC (the SFPI code: what seed 000 timed
with DeviceZoneScopedN("ROPE-TILE") on hardware) split into SFPU issue and RISC-V soft-float scalar work, the
device time of the whole program, unpack/pack (TRISC0/TRISC2) and data movement (BRISC/NCRISC) busy time, and
the accuracy against tensix.ggml.rope_ext (GGML's CPU op). Writes docs/rope_journey.md and prints one JSON line.

Usage: python benchmarks/rope_journey.py [--out docs/rope_journey.md]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

from tensix.errors import TensixError

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from examples.rope_journey import STEPS, host, s07_pos_in_dst  # noqa: E402
from tensix.costs import cost  # noqa: E402
from tensix.ggml import ROPE_TYPE_NEOX, rope_ext  # noqa: E402

ROWS, D, N_DIMS, POS = 32, 2048, 256, 1000


def measure():
    rng = np.random.default_rng(0)
    x = rng.uniform(-1.0, 1.0, (ROWS, D)).astype(np.float32)
    shared = np.full(ROWS, POS, np.int32)
    per_row = (POS + np.arange(ROWS)).astype(np.int32)
    refs = {}
    rows = []
    runs = [(s, {}) for s in STEPS]
    for step, opts in runs:
        pos = per_row if step.PER_ROW else shared
        key = bool(step.PER_ROW)
        if key not in refs:
            refs[key] = rope_ext(x.reshape(ROWS, 1, D), pos, n_dims=N_DIMS, mode=ROPE_TYPE_NEOX).reshape(ROWS, D)
        t0 = time.perf_counter()
        y, rep = host.run_step(step, x, pos if step.PER_ROW else POS, N_DIMS, n_cores=getattr(step, "N_CORES", 1),
                               **opts)
        err = np.abs(y.astype(np.float64) - refs[key])
        name = step.NAME + (" [seed form: precompute on the first 2 acquires only]" if opts else "")
        rows.append({"step": name, "module": step.__name__.rsplit(".", 1)[-1], "seed": step.SEED,
                     "seed_us": step.SEED_US if not opts else None, **rep,
                     "max_err": float(err.max()), "pass_rate": float((err <= 0.1).mean()),
                     "passive_exact": bool(np.array_equal(y[:, N_DIMS:], x[:, N_DIMS:])),
                     "wall_s": round(time.perf_counter() - t0, 2)})
    return rows


def seed_form_outcome() -> str:
    """Step 7 exactly as the seed wrote it: tensix refuses it (the error's first line), or says what it computed."""
    rng = np.random.default_rng(0)
    x = rng.uniform(-1.0, 1.0, (ROWS, D)).astype(np.float32)
    pos = (POS + np.arange(ROWS)).astype(np.int32)
    try:
        host.run_step(s07_pos_in_dst, x, pos, N_DIMS, precompute_every_acquire=False)
    except TensixError as e:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
        return f"`{type(e).__name__}`: {str(e).splitlines()[0].replace(root, '')}"
    return "it ran without an error (tensix no longer detects the undefined Dst read: a regression)"


def ranking_text(rows) -> str:
    """Per-step change of the SFPI zone time, simulated vs seed, and whether the order of the gains matches."""
    main = [r for r in rows if "seed form" not in r["step"]]
    lines = []
    pairs = []
    for prev, cur in zip(main, main[1:]):
        if cur["seed_us"] is None or prev["seed_us"] is None:
            continue
        d_sim = cur["sfpi_zone_us_per_core"] - prev["sfpi_zone_us_per_core"]
        d_seed = cur["seed_us"] - prev["seed_us"]
        pairs.append((cur["step"], d_seed, d_sim))
        lines.append(f"| {cur['step']} | {d_seed:+.2f} | {d_sim:+.2f} |")
    gains = [p for p in pairs if p[1] < 0]
    order_seed = [p[0] for p in sorted(gains, key=lambda p: p[1])]
    order_sim = [p[0] for p in sorted(gains, key=lambda p: p[2])]
    same_sign = all((p[1] < 0) == (p[2] < 0) for p in pairs)
    base = main[0]
    ratio = base["seed_us"] / base["sfpi_zone_us_per_core"]
    by = {r["module"]: r for r in main}
    groups = 4 * 8  # column groups computed per run: 4 tile pairs x 4 faces x 2 parities
    prgm_saved = (by["s04_sine_phase"]["sfpu_cycles"] - by["s05_prgm_constants"]["sfpu_cycles"]) / groups
    # divisions per run: the baseline's scalar cycles minus the hoisted step's are the 15 divisions it removed
    n_div = (by["s01_baseline"]["riscv_scalar_cycles"] - by["s02_hoist_division"]["riscv_scalar_cycles"]) \
        // cost("riscv.softfloat_div") + 1
    seed_row = 100 * (32.0 / (22.0 - 1.13 - 0.5) - 1)
    sim_row = 100 * (by["s06_per_row"]["sfpi_zone_us_per_core"] / by["s05_prgm_constants"]["sfpi_zone_us_per_core"]
                     - 1)
    out = ["| step | seed change (us) | simulated change (us) |", "|---|---|---|", *lines, ""]
    out.append(
        f"Every step moves the SFPI time in the seed's direction: {'yes' if same_sign else 'no'}. Gains ranked "
        f"largest first, seed: {', '.join(order_seed)}; simulated: {', '.join(order_sim)} -- "
        f"{'the same ranking' if order_seed == order_sim else 'a different ranking'}.")
    out.append("")
    out.append(
        f"Absolute times differ. The simulated baseline is {base['sfpi_zone_us_per_core']:.1f} us against the "
        f"seed's 44 us (x{ratio:.2f}): tensix charges one cycle per issued SFPU instruction (SFPNOPs included, "
        "costs.json `sfpu.instruction`) plus the RISC-V's scalar work (soft-float arithmetic, and "
        f"{cost('riscv.sfpu_runtime_immediate')} cycles to build each instruction with a runtime immediate), and "
        "nothing for the TRISC pushing constant instructions, loop overhead or the profiler's own cost, which the "
        f"seed warns is nontrivial. Hoisting the division gains {-pairs[0][2]:.2f} us here against 5 us on "
        f"hardware ({n_div} divisions at the cost file's {cost('riscv.softfloat_div')} cycles each, a figure "
        "derived from this very measurement of the seed, so this row is not an independent check), and per-row "
        f"positions cost +{sim_row:.0f}% here against +{seed_row:.0f}% on hardware: load_into_row is ~27 SFPU "
        "instructions of which 8 are SFPLOADIs with runtime immediates; the RISC-V's loads of the positions "
        "from L1 are not charged, a likely part of the rest. Programmable "
        f"constants save {prgm_saved:.1f} SFPU instructions per column group here (loads of ln(10000), "
        "ln(pi) and 1/D, and the multiply by 2), 0.5 us on hardware.")
    return "\n".join(out)


def write_doc(rows, path):
    head = ("| step | seed 000 on hardware | simulated SFPI zone (us) | SFPU cycles | RISC-V scalar cycles | "
            "device time (us) | unpack / pack busy | reader / writer busy | SFPU calls | max err vs rope_ext | "
            "pass (<= 0.1) |")
    lines = [head, "|" + "---|" * 11]
    for r in rows:
        zone = f"{r['sfpi_zone_us_per_core']:.2f}" + (f" per core ({r['cores']} cores)" if r["cores"] > 1 else "")
        lines.append(f"| {r['step']} | {r['seed']} | {zone} | {r['sfpu_cycles']} | {r['riscv_scalar_cycles']} | "
                     f"{r['device_us']:.2f} | {r['unpack_busy']} / {r['pack_busy']} | {r['reader_busy']} / "
                     f"{r['writer_busy']} | {r['sfpu_calls']} | {r['max_err']:.3g} | {100 * r['pass_rate']:.1f}% |")
    text = f"""# Seed 000's optimisation journey on the simulated device

Generated by `python benchmarks/rope_journey.py` (do not edit by hand). Steps: `examples/rope_journey/`
(one module per step, shared reader/writer in `host.py`). Configuration (seed 000): 32 rows, D = 2048,
n_dims = 256 (4 tile pairs rotated, 56 passive tiles forwarded), NEOX, freq_base 10000, Float32 tiles,
fp32 Dst, exp_24f; position 1000 shared up to step 5, 1000..1031 per row from step 6 on; inputs U(-1, 1).

Columns: the seed's figure is its `DeviceZoneScopedN("ROPE-TILE")` time for the 4 tile pairs on a Wormhole;
"simulated SFPI zone" is the same zone's time on the simulated math TRISC (summed over the calls; per core for
the multi-core step), split into SFPU instruction cycles and RISC-V soft-float cycles for runtime scalars
(tensix/costs.json `riscv.softfloat_op` / `riscv.softfloat_div`); device time is the whole program, dominated
by the reader and writer waiting on 128 DRAM tile transfers (64 tiles in, 64 out), each followed by a barrier
as in the seed's kernels; busy times (cycles, `device.profiler.last_run()`, maximum over cores) exclude waiting.
Max error and pass rate (share of the D columns within 0.1 of GGML's result, the seed harness's criterion)
are against `tensix.ggml.rope_ext` (GGML's CPU op, bit-exact port).

{chr(10).join(lines)}

Step 7 exactly as the seed wrote it precomputes the positions into Dst only on the first two acquires of a
tile row. On Wormhole the packer's release (`tile_regs_release` -> ZEROACC of the half) leaves those rows
undefined for the SFPU (ISA ZEROACC.md), so the later pairs read undefined data. tensix refuses to run it:

> {seed_form_outcome()}

The journey's step 7 therefore recomputes the positions on every acquire.

## Does the ranking of the optimisations match?

{ranking_text(rows)}

Steps 8-10 have no hardware figure in seed 000 (its text ends at batching). Exponents in Dst cut the exp_24f
count per tile pair from 8 to 4. Batching needs `dst_full_sync_en` (fp32 Dst holds 4 tiles per half, one
pair plus scratch): it saves the second position conversion and some sync, but without double buffering the
packer no longer overlaps the SFPU, so its device time is no better. Multi-core splits the pairs and the
passive tiles over 4 cores, which is where the device time goes (data movement).
"""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                  "docs", "rope_journey.md"))
    args = ap.parse_args(argv)
    rows = measure()
    write_doc(rows, args.out)
    print(json.dumps({"benchmark": "rope_journey", "rows": ROWS, "D": D, "n_dims": N_DIMS,
                      "steps": [{k: r[k] for k in ("module", "step", "seed_us", "sfpi_zone_us_per_core", "sfpu_cycles",
                                                   "riscv_scalar_cycles", "device_us", "max_err", "pass_rate",
                                                   "cores")} for r in rows]}))


if __name__ == "__main__":
    main()
