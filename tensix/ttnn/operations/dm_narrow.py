"""ttnn.narrow as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/data_movement/narrow/narrow.cpp): no program, a
view. The result shares the input's device memory: for a DRAM interleaved tensor narrowed along its first dim of
size > 1 (the dims before it all 1), a buffer starting `start_page / banks` slots further in every bank, which needs
the first page to be a multiple of the bank count; its pages are the input's pages from there on.


An L1 (legacy) sharded tensor narrowed to whole shards, or within one shard (along the width only when a shard is one
page tall), is a view too: a buffer at the input's address plus the first kept page of a shard, over the cores that
hold kept pages (narrow.cpp's filter over cores_with_data), the narrowed shard shape, shard k on the k-th kept core
(its BufferDistributionSpec), memory config with the narrowed ShardSpec (ROW_MAJOR).

Not modelled (NotModelledError): ND-sharded tensors, a row-major width split inside one-row shards (the view keeps the
input's page size while its spec says another). Refused as ttnn does (TTNNError, TT_FATAL's message): start or length
out of range, tile-unaligned narrowing of a TILE tensor's last two dims, a ROW_MAJOR width start not a multiple of the
buffer alignment, non-trivial dims before the narrowed one, a first page not on bank 0, an L1 sharded narrowing that
is neither whole shards nor inside one shard, host tensors, other memory configs."""

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
        return _narrow_l1_sharded(what, t, d, s, length, shape)
    raise TTNNError("Narrowing for the given tensor configuration is not yet implemented.Supported: DRAM INTERLEAVED "
                    "tensors on first non-trivial dimension, L1 sharded tensors with restrictions.")


def _narrow_l1_sharded(what, t: Tensor, d: int, start: int, length: int, shape) -> Tensor:
    """narrow.cpp's L1 sharded branch (tt-metal 622c6fb9): the narrowed shard shape and first page offset, the cores
    of cores_with_data that hold kept pages, the view's buffer at address + page_offset * aligned page size."""
    import copy
    import math

    from tensix.metalium.types import CoreRange, CoreRangeSet
    from tensix.ttnn import sharded as S
    from tensix.ttnn.types import MemoryConfig, ShardOrientation, ShardSpec
    buf = t._buffer
    mc = t.memory_config()
    if mc.shard_spec is None or not isinstance(buf, S.ShardedBuffer):
        raise NotModelledError(f"{what} of an ND-sharded tensor (no legacy 2-D shard spec) is not modelled by "
                               "tensix.ttnn.\nFix: a height / width / block sharded tensor, or an interleaved one.")
    g = buf.geom
    padded = list(t.padded_shape)
    rank = len(padded)
    narrow_width = d == rank - 1
    per_row = math.prod(padded[d + 1:rank - 1])     # rows of the 2-D view per index of dim d
    sh, sw = mc.shard_spec.shape
    page_h, page_w = (TILE_SIZE, TILE_SIZE) if t.layout == Layout.TILE else (1, sw)
    new_h, new_w = sh, sw
    page_offset = 0
    if narrow_width:
        if sh == page_h and start % sw + length <= sw:
            if t.layout != Layout.TILE:
                raise NotModelledError(
                    f"{what}: a ROW_MAJOR width split inside one-row shards: narrow.cpp keeps the input's page size "
                    "(the shard's row) for a view whose spec has narrower pages, which tensix does not model.\nFix: "
                    "narrow whole shards, or use TILE_LAYOUT.")
            new_w, page_offset = length, start % sw // page_w
        elif not (start % sw == 0 and length % sw == 0):
            raise TTNNError(f"Narrowing on last dimension for L1 sharded tensor only supports full shards or splitting "
                            f"within single shard. Got start {start} and length {length} with shard shape ({sh}, {sw})")
    else:
        start_rows, length_rows = start * per_row, length * per_row
        if start_rows % sh + length_rows <= sh:
            new_h, page_offset = length_rows, start_rows % sh // page_h * (sw // page_w)
        elif not (start_rows % sh == 0 and length_rows % sh == 0):
            raise TTNNError(f"Narrowing on non-last dimension for L1 sharded tensor only supports full shards or "
                            f"splitting within single shard. Got start {start} and length {length} with shard shape "
                            f"({sh}, {sw})")
    tensor_pages = (g.height // page_h, g.width // page_w)
    shard_pages = (sh // page_h, sw // page_w)
    grid_width = tensor_pages[1] // shard_pages[1]
    kept = []
    for core_id, core in enumerate(g.cores):          # cores_with_data, in shard order
        if narrow_width:
            page = core_id % grid_width * sw // page_w + page_offset
            lo, hi = start // page_w, (start + length) // page_w
        else:
            page = (core_id // grid_width * sh // page_h + page_offset // (sw // page_w)) % (padded[d] * per_row
                                                                                             // page_h)
            lo, hi = start * per_row // page_h, (start + length) * per_row // page_h
        if lo <= page < hi:
            kept.append(core)
    spec = ShardSpec(CoreRangeSet([CoreRange(c, c) for c in kept]), (new_h, new_w), ShardOrientation.ROW_MAJOR)
    out_mc = MemoryConfig(mc.memory_layout, BufferType.L1, spec)
    out = Tensor._make(tuple(shape), t.dtype, t.layout, device=t.device(), memory_config=out_mc)
    dims = tuple(out.padded_shape) if t.layout == Layout.TILE else tuple(shape)
    geom = copy.copy(g)
    geom.memory_config = out_mc
    geom.orientation = ShardOrientation.ROW_MAJOR
    geom.width, geom.height = dims[-1], math.prod(dims[:-1])
    geom.shard_h, geom.shard_w = new_h, new_w
    geom.n_h, geom.n_w = -(-geom.height // new_h), -(-geom.width // new_w)
    geom.pages_h, geom.pages_w = new_h // page_h, new_w // page_w
    geom.shard_pages = geom.pages_h * geom.pages_w
    if len(kept) != geom.n_h * geom.n_w:
        raise NotModelledError(f"{what}: the narrowed tensor has {geom.n_h * geom.n_w} shards but narrow.cpp's filter "
                               f"keeps {len(kept)} cores; how the card's view places them then is not modelled.")
    geom.shards = [(c, k // geom.n_w, k % geom.n_w) for k, c in enumerate(kept)]
    geom.cores = kept
    out._buffer = S.ShardedBufferView(buf, geom, page_offset * g.aligned_page_size)
    return out

