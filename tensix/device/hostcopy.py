"""Large host-side array copies (tilize, untilize, buffer reads and writes) split over two host threads.

numpy releases the GIL while it copies plain data, so a copy cut in two halves along its first long axis runs
on two CPUs at once; the bytes are those of one np.copyto. Copies below MIN_BYTES, or on a one-CPU host, stay
in the calling thread (handing half of a small copy over costs more than it saves)."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

MIN_BYTES = 4 << 20
CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
_POOL: list = []


def _pool() -> ThreadPoolExecutor:
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(1, thread_name_prefix="tensix-host-copy"))
    return _POOL[0]


def copyto(dst: np.ndarray, src: np.ndarray) -> None:
    """np.copyto(dst, src) for arrays of one shape, in two halves on two threads when it is worth it."""
    axis = next((i for i, n in enumerate(dst.shape) if n >= 2), None)
    if CPUS < 2 or dst.nbytes < MIN_BYTES or axis is None or dst.shape != src.shape:
        np.copyto(dst, src)
        return
    half = dst.shape[axis] // 2
    cut = (slice(None),) * axis
    lo, hi = cut + (slice(0, half),), cut + (slice(half, None),)
    other = _pool().submit(np.copyto, dst[hi], src[hi])
    np.copyto(dst[lo], src[lo])
    other.result()


def both(first, second) -> None:
    """Run first() here and second() on the copy thread at the same time (each a set of numpy copies)."""
    if CPUS < 2:
        first()
        second()
        return
    other = _pool().submit(second)
    first()
    other.result()
