"""Host-side TensorAccessorArgs and the tilize helpers."""

from __future__ import annotations

import numpy as np

from tensix.errors import NotModelledError


class TensorAccessorArgs:
    """Host side: TensorAccessorArgs(buffer).get_compile_time_args() -> words to append to compile_args.
    Encoding (tensix's, read by tensix.kernel.TensorAccessorArgs): [flags], bit0 = is_dram."""

    def __init__(self, buffer=None):
        self.buffer = buffer

    def get_compile_time_args(self):
        if self.buffer is None:
            raise NotModelledError("TensorAccessorArgs() without a buffer is not modelled; pass the buffer.")
        return [1 if self.buffer.is_dram else 0]

    def get_common_runtime_args(self):
        return []


def _tilize_np(data, rows, cols):
    a = np.asarray(data).reshape(rows // 32, 32, cols // 32, 32)
    # tiles row-major over the tile grid; inside a tile faces (2x2 of 16x16), each row-major
    t = a.reshape(rows // 32, 2, 16, cols // 32, 2, 16).transpose(0, 3, 1, 4, 2, 5)
    return np.ascontiguousarray(t).reshape(-1)


def _untilize_np(data, rows, cols):
    t = np.asarray(data).reshape(rows // 32, cols // 32, 2, 2, 16, 16).transpose(0, 2, 4, 1, 3, 5)
    return np.ascontiguousarray(t).reshape(rows, cols)


try:
    from tensix.device.formats import tilize_nfaces, untilize_nfaces  # type: ignore  # H5's
except ImportError:  # pragma: no cover - until tensix.device.formats exists
    def tilize_nfaces(data, rows, cols):
        """Row-major (rows x cols) -> tiled order [TILES: faces 16x16 row-major in face order]."""
        return _tilize_np(data, rows, cols)

    def untilize_nfaces(data, rows, cols):
        return _untilize_np(data, rows, cols)
