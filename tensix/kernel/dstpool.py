"""The Dst sections of a program run's compute kernels, moved into one pool array per (shape, dtype).

Each ComputeState keeps a view of its row (``cs.dst is pool[row]``), so the batches that work on many cores' Dsts at
once (tensix.kernel.sfpu_batch, tensix.kernel.matmul_batch) move the tiles of all of them in and out with one
fancy index instead of one per core. Made once per run, on the first batch that needs it; safe at any time, since
every compute API call reads ``cs.dst`` afresh and none keeps it across a yield."""

from __future__ import annotations

import numpy as np


def dst_pools(sched):
    """(pools, row) of a run: pools maps (Dst shape, dtype str) to an (n, nbuf, tiles, 32, 32) array, row maps a
    compute thread to (its pool key, its row). The Dsts' contents move into the pool unchanged."""
    got = sched.attached.get("dst_pools")
    if got is None:
        by_key: dict = {}
        for t in sched.threads:
            if t.compute is not None:
                by_key.setdefault((t.compute.dst.shape, t.compute.dst.dtype.str), []).append(t)
        pools, row = {}, {}
        for key, ths in by_key.items():
            pool = pools[key] = np.stack([t.compute.dst for t in ths])
            for i, t in enumerate(ths):
                t.compute.dst = pool[i]
                row[t] = (key, i)
        got = sched.attached["dst_pools"] = (pools, row)
    return got
