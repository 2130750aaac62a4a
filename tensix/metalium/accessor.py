"""Host-side TensorAccessorArgs and the tilize helpers."""

from __future__ import annotations

from tensix.device.formats import tilize_nfaces, untilize_nfaces  # noqa: F401  (re-exported)
from tensix.errors import NotModelledError


class TensorAccessorArgs:
    """Host side: TensorAccessorArgs(buffer).get_compile_time_args() -> words to append to compile_args.
    Encoding (tensix's, read by tensix.kernel.TensorAccessorArgs): [flags], bit0 = is_dram, bit1 = sharded."""

    def __init__(self, buffer=None):
        self.buffer = buffer

    def get_compile_time_args(self):
        if self.buffer is None:
            raise NotModelledError("TensorAccessorArgs() without a buffer is not modelled; pass the buffer.")
        # bit 1: a sharded buffer (tensix.ttnn.sharded), whose pages the kernel-side accessor does not model
        return [(1 if self.buffer.is_dram else 0) | (2 if getattr(self.buffer, "is_sharded", False) else 0)]

    def get_common_runtime_args(self):
        return []
