"""repr(ttnn.Tensor) as ttnn 0.81.1 prints it (checked against the wheel's host printer):

    ttnn.Tensor([[ 0.0000,  1.0000,  ..., 38.0000, 39.0000],
                 [40.0000, 41.0000,  ..., 78.0000, 79.0000]], shape=Shape([2, 40]), dtype=DataType::BFLOAT16, layout=Layout::ROW_MAJOR)

Every dimension longer than 4 shows its first and last 2 entries around `...`; floats print with 4 decimals at a
width of at least 7 (scientific, width 11, when the finite non-zero magnitudes span more than 1000x, exceed 1e8 or
fall below 1e-4, as torch decides), integers at a width of at least 5; blocks of rank >= 3 are separated by an empty
line. The logical values are printed (a TILE tensor's padding is not)."""

from __future__ import annotations

import numpy as np

_EDGE = 2


def _summarize(a: np.ndarray) -> np.ndarray:
    """The entries that will be printed (for choosing the number format)."""
    for axis in range(a.ndim):
        if a.shape[axis] > 2 * _EDGE:
            idx = list(range(_EDGE)) + list(range(a.shape[axis] - _EDGE, a.shape[axis]))
            a = np.take(a, idx, axis=axis)
    return a


def _formatter(a: np.ndarray):
    if a.dtype.kind in "iub":
        return lambda v: f"{int(v):5d}"
    shown = _summarize(a).astype(np.float64)
    finite = np.abs(shown[np.isfinite(shown)])
    nz = finite[finite != 0]
    sci = nz.size > 0 and (nz.max() / nz.min() > 1000.0 or nz.max() > 1e8 or nz.min() < 1e-4)
    if sci:
        return lambda v: f"{float(v):11.4e}"
    return lambda v: f"{float(v):7.4f}"


def _rows(a: np.ndarray, fmt, indent: int) -> str:
    if a.ndim == 1:
        n = a.shape[0]
        if n > 2 * _EDGE:
            items = [fmt(v) for v in a[:_EDGE]] + [" ..."] + [fmt(v) for v in a[-_EDGE:]]
        else:
            items = [fmt(v) for v in a]
        return "[" + ", ".join(items) + "]"
    n = a.shape[0]
    parts = list(range(n)) if n <= 2 * _EDGE else list(range(_EDGE)) + [None] + list(range(n - _EDGE, n))
    sep = "," + "\n" * (a.ndim - 1) + " " * (indent + 1)
    out = []
    for i in parts:
        out.append("..." if i is None else _rows(a[i], fmt, indent + 1))
    return "[" + sep.join(out) + "]"


def tensor_repr(t) -> str:
    if t._deallocated:
        return f"ttnn.Tensor(<deallocated>, shape={t.shape!r}, dtype={t.dtype.cpp}, layout={t.layout.cpp})"
    vals = np.asarray(t.values())
    if vals.dtype.kind not in "iub":
        vals = vals.astype(np.float32)
    head = "ttnn.Tensor("
    body = "[]" if vals.size == 0 else (_rows(vals, _formatter(vals), len(head)) if vals.ndim else
                                        _formatter(vals.reshape(1))(vals.reshape(())))
    return f"{head}{body}, shape={t.shape!r}, dtype={t.dtype.cpp}, layout={t.layout.cpp})"
