"""Step 10, multi-core (issue 4; seed 000 stops before this): the step-8 kernel (positions and exponents kept in
Dst, half-sync Dst, one pair per acquire) on 4 cores; core c rotates tile pair c of every tile row and forwards
a quarter of the passive tiles (host.run_step splits both ranges). The reader/writer of every core share the
DRAM banks and the NoC, which the device's fluid bandwidth model charges."""

from __future__ import annotations

from .s08_exp_in_dst import compute, rope_tile, rope_tile_precompute_pos  # noqa: F401  (the kernel)

NAME = "multi-core (4 cores)"
SEED = "not in the seed"
SEED_US = None
PER_ROW, FULL_SYNC, BATCH = True, False, 1
N_CORES = 4
