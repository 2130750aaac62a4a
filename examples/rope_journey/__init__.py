"""Seed 000's RoPE optimisation journey, one compute kernel per step, runnable on the simulated device.

Each step module defines ``compute`` (the compute kernel), its SFPI functions written as the seed's code at that
step, ``NAME``, the seed's hardware figure (``SEED``, ``SEED_US``: DeviceZoneScopedN("ROPE-TILE") time for the
4 tile pairs of 32 rows x D=2048, n_dims=256) and the host options (``PER_ROW``, ``FULL_SYNC``, ``BATCH``,
optionally ``N_CORES``). ``host.run_step(step, x, pos, n_dims)`` runs it with the shared reader/writer.
benchmarks/rope_journey.py runs them all and writes docs/rope_journey.md."""

from . import (s01_baseline, s02_hoist_division, s03_reuse_exp, s04_sine_phase, s05_prgm_constants, s06_per_row,
               s07_pos_in_dst, s08_exp_in_dst, s09_batching, s10_multicore)

STEPS = (s01_baseline, s02_hoist_division, s03_reuse_exp, s04_sine_phase, s05_prgm_constants, s06_per_row,
         s07_pos_in_dst, s08_exp_in_dst, s09_batching, s10_multicore)
