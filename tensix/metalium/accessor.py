"""Host-side TensorAccessorArgs and the tilize helpers."""

from __future__ import annotations

from tensix.device.formats import tilize_nfaces, untilize_nfaces  # noqa: F401  (re-exported)
from tensix.errors import NotModelledError


class TensorAccessorArgs:
    """Host side: TensorAccessorArgs(buffer).get_compile_time_args() -> words to append to compile_args.

    Encoding (tensix's, read by tensix.kernel.TensorAccessorArgs), all compile-time as tt-metal's default ArgsConfig:
    - [flags], bit0 = is_dram, for an interleaved buffer;
    - [flags | 2, rank, num_banks, tensor shape in pages (rank words), shard shape in pages (rank words), bank NoC
      coords (num_banks words, (x << 8) | y as tt-metal packs them)] for a sharded one: its distribution spec after
      squeeze_shape_ranks, as tt-metal 622c6fb9 tensor_accessor_args.cpp emits it (there the coords are two per
      word). The buffer gives it by distribution_spec() -> (tensor_pages, shard_pages, bank_noc_coords)."""

    def __init__(self, buffer=None):
        self.buffer = buffer

    def get_compile_time_args(self):
        if self.buffer is None:
            raise NotModelledError("TensorAccessorArgs() without a buffer is not modelled; pass the buffer.")
        flags = 1 if self.buffer.is_dram else 0
        if not getattr(self.buffer, "is_sharded", False):
            return [flags]
        tensor_pages, shard_pages, banks = self.buffer.distribution_spec()
        return ([flags | 2, len(tensor_pages), len(banks)] + [int(d) for d in tensor_pages]
                + [int(d) for d in shard_pages] + [(x << 8) | y for x, y in banks])

    def get_common_runtime_args(self):
        return []
