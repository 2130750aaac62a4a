"""ttnn.narrow as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/data_movement/narrow/narrow.cpp): no program, a
view. The result shares the input's device memory: for a DRAM interleaved tensor narrowed along its first dim of
size > 1 (the dims before it all 1), a buffer starting `start_page / banks` slots further in every bank, which needs
the first page to be a multiple of the bank count; its pages are the input's pages from there on.

Not modelled (NotModelledError): L1 sharded tensors (the narrowed shard spec and core grid). Refused as ttnn does
(TTNNError, TT_FATAL's message): start or length out of range, tile-unaligned narrowing of a TILE tensor's last two
dims, a ROW_MAJOR width start not a multiple of the buffer alignment, non-trivial dims before the narrowed one, a
first page not on bank 0, host tensors, other memory configs."""

from __future__ import annotations

from tensix.device import soc
from tensix.errors import NotModelledError
from tensix.metalium.host import BufferView
from tensix.ttnn.errors import TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import TILE_SIZE, BufferType, Layout, TensorMemoryLayout, element_size

__all__ = ["narrow"]


def narrow(input_tensor: Tensor, dim: int, start: int, length: int) -> Tensor:
    """ttnn.narrow(input_tensor, dim, start, length): the `length` entries from `start` along `dim` (start may be
    negative), a view of the input's device memory."""
    what = "ttnn.narrow"
    t = input_tensor
    padded = list(t.padded_shape)
    rank = len(padded)
    if not -rank <= dim < rank:
        raise TTNNError(f"{what}: dim {dim} is out of range for a rank-{rank} tensor.")
    d = dim % rank
    size = padded[d]
    s = start + size if start < 0 else start      # wrap_index
    if s == 0 and length == size:
        return t
    if not s < size:
        raise TTNNError(f"Narrow start index {s} out of bounds for dimension {d} with size {size}")
    if not (length > 0 and s + length <= size):
        raise TTNNError(f"Narrow length {length} out of bounds for dimension {d} with start index {s} and size {size}")
    if t.device() is None:
        raise TTNNError(f"NarrowOperation currently only supports DEVICE tensors, got {t.storage_type()}")
    buf = t._require_device(what)
    width, height = d == rank - 1, d == rank - 2
    if t.layout == Layout.TILE and width and (s % TILE_SIZE or length % TILE_SIZE):
        raise TTNNError(f"Narrowing on width for TILE layout requires start and length to be multiples of TILE_WIDTH "
                        f"({TILE_SIZE}), got start {s} and length {length}")
    if t.layout == Layout.TILE and height and (s % TILE_SIZE or length % TILE_SIZE):
        raise TTNNError(f"Narrowing on height for TILE layout requires start and length to be multiples of "
                        f"TILE_HEIGHT ({TILE_SIZE}), got start {s} and length {length}")
    alignment = soc.DRAM_ALIGNMENT if buf.is_dram else soc.L1_ALIGNMENT
    if t.layout == Layout.ROW_MAJOR and width and s % alignment:
        raise TTNNError(f"Narrowing on width for ROW_MAJOR layout requires start ({s}) to be aligned to buffer "
                        f"alignment ({alignment})")
    mc = t.memory_config()
    shape = list(t.shape)
    shape[d] = length
    if mc.buffer_type == BufferType.DRAM and mc.memory_layout == TensorMemoryLayout.INTERLEAVED:
        if any(padded[i] != 1 for i in range(d)):
            raise TTNNError(f"Narrowing on dimension {d} for DRAM INTERLEAVED tensors requires all preceding dimensions "
                            f"to be trivial (size 1). Got non-trivial dimensions before dimension {d}.")
        per_block = 1
        for v in padded[d + 1:]:
            per_block *= v
        esize = element_size(t.dtype)
        logical_page = TILE_SIZE * TILE_SIZE * esize if t.layout == Layout.TILE else t.page_size
        start_page = s * esize * per_block // logical_page
        if start_page % buf.nbanks:
            raise TTNNError("Start page ID must be aligned with number of banks for INTERLEAVED DRAM buffer")
        out = Tensor._make(tuple(shape), t.dtype, t.layout, device=t.device(), memory_config=mc)
        out._buffer = BufferView(buf, start_page, out.num_pages)
        return out
    if mc.buffer_type == BufferType.L1 and t.is_sharded():
        raise NotModelledError(f"{what} of an L1 sharded tensor (the narrowed shard spec and core grid over the "
                               "shards it keeps) is not modelled by tensix.ttnn.")
    raise TTNNError("Narrowing for the given tensor configuration is not yet implemented.Supported: DRAM INTERLEAVED "
                    "tensors on first non-trivial dimension, L1 sharded tensors with restrictions.")
