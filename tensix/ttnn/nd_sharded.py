"""ND-sharded device storage: a tensor whose MemoryConfig was made with an NdShardSpec that has no legacy 2-D equivalent
(or is in DRAM), laid out as tt-metal 622c6fb9 lays out a buffer with a BufferDistributionSpec
(tt_metal/impl/buffers/buffer_distribution_spec.cpp, tt_metal/impl/tensor/spec/layout/{tensor_layout,page_config}.cpp):

- Pages: a 32x32 tile in TILE layout; in ROW_MAJOR layout a piece of a row as wide as the shard
  (RowMajorPageConfig::get_page_shape: (1, shard_shape[-1])), the row padded to a multiple of that width
  (create_default_alignment; the padding holds zeros). tt-metal's to_device of an existing row-major host tensor keeps
  the host tensor's alignment and refuses a width that is not a multiple (compute_buffer_sharding_args); tensix pads
  there too. A TILE shard's last two dims are rounded up to whole tiles.
- The tensor's shape in pages is the padded shape with the last dim divided by the page width and the one before by
  the page height; the shard's likewise. squeeze_shape_ranks then merges dims: tensor dims beyond the shard's rank
  are multiplied into its outermost dim (the shard's outermost dim runs over all of them, flattened), and runs of
  dims the shard covers whole are merged (which changes nothing).
- Shards are numbered row-major over the grid of shards (the last one along a dim may be partial); shard k goes to
  core k % n (the cores of the grid in row-major order for a ROW_MAJOR orientation, column-major for COL_MAJOR;
  GRID_2D: the grid trimmed to the shards along height and width) at slot k // n, i.e. pages
  (k // n) * shard volume + (the page's row-major offset within the full shard shape) of that core. The pages a
  partial shard lacks are padding: written by nobody.
- Each core holds max_num_shards_per_core full shards at one address (the allocator allocates in lockstep), pages
  at the buffer type's alignment (16 bytes in L1, 32 in DRAM). In DRAM a "core" (x, 0) of the grid is DRAM bank x
  (an assumption: the values read back do not depend on it; a kernel's TensorAccessor resolves bank x as tt-metal's
  get_dram_bank_base_offset does).

The host moves data in and out of such a buffer (ttnn.from_torch / to_device / full / zeros ... with such a memory
config, ttnn.to_torch / from_device), and kernels reach its pages through a TensorAccessor (distribution_spec). Ops
whose tt-metal program writes its output that way accept such an output config (tilize, tilize_with_val_padding,
untilize: make_output(..., nd_ok=True)); ND-sharded inputs are refused loudly (tensix.ttnn.op.device_of), and ops whose
sharded paths work on the legacy 2-D geometry raise NotModelledError for an ND spec without an equivalent
(tensix.ttnn.tensor_spec.resolve_memory_config)."""

from __future__ import annotations

import numpy as np

from tensix.device import soc
from tensix.device.errors import DramOverflowError, L1OverflowError
from tensix.device.formats import tile_size
from tensix.device.memory import align
from tensix.ttnn.errors import ShardSpecError
from tensix.ttnn.sharded import LockstepBuffer, _cores_in_order
from tensix.ttnn.tensor_spec import ShardDistributionStrategy
from tensix.ttnn.types import (TILE_SIZE, BufferType, Layout, MemoryConfig, ShardOrientation, data_format,
                               element_size)


def _div_up(a: int, b: int) -> int:
    return -(-a // b)


def _to_pages(shape: list[int], page_h: int, page_w: int) -> list[int]:
    """convert_shape_to_pages: the last dim divided by the page width, the one before by the page height (rounded
    up)."""
    if len(shape) >= 2:
        return shape[:-2] + [_div_up(shape[-2], page_h), _div_up(shape[-1], page_w)]
    return [_div_up(shape[-1], page_w)]


def squeeze_shape_ranks(tensor: list[int], shard: list[int]) -> tuple[list[int], list[int]]:
    """buffer_distribution_spec.cpp detail::squeeze_shape_ranks: the (tensor, shard) shapes in pages with dims merged
    (see the module docstring)."""
    if len(tensor) < len(shard):
        raise ShardSpecError(f"Tensor shape rank ({len(tensor)}) can't be less than shard shape rank ({len(shard)})!")
    t_vol, s_vol = int(np.prod(tensor, dtype=np.int64)), int(np.prod(shard, dtype=np.int64))
    new_t, new_s = [], []
    matching = divisible = False
    cur_t = cur_s = 1
    for d in range(-1, -len(shard) - 1, -1):
        ts, ss = tensor[d], shard[d]
        merge = d < -1 and (matching or (ss == 1 and divisible))
        if merge:
            new_t[-1] *= ts
            new_s[-1] *= ss
        else:
            new_t.append(ts)
            new_s.append(ss)
            matching = True
        matching = matching and ts == ss
        divisible = ts % ss == 0
        cur_t *= ts
        cur_s *= ss
        if cur_t == t_vol and cur_s == s_vol:
            break
    for d in range(-len(shard) - 1, -len(tensor) - 1, -1):
        new_t[-1] *= tensor[d]
    return new_t[::-1], new_s[::-1]


def _cores(grid, orientation, strategy, tensor_pages, shard_pages) -> list[tuple[int, int]]:
    """BufferDistributionSpec::compute_core_list."""
    row_wise = orientation == ShardOrientation.ROW_MAJOR
    if strategy == ShardDistributionStrategy.ROUND_ROBIN_1D:
        return [(c.x, c.y) for c in _cores_in_order(grid, row_wise)]
    if len(shard_pages) > 2:
        raise ShardSpecError("2D grid distribution is only supported for 2D sharding!")
    if len(grid.ranges) != 1:
        raise ShardSpecError("2D grid distribution is only supported for one contiguous core grid!")
    r = grid.ranges[0]
    along_w = max(_div_up(tensor_pages[-1], shard_pages[-1]), 1)
    vol = int(np.prod(tensor_pages, dtype=np.int64))
    height = 0 if vol == 0 else vol // tensor_pages[-1]
    along_h = max(_div_up(height, shard_pages[-2] if len(shard_pages) > 1 else 1), 1)
    if not row_wise:
        along_w, along_h = along_h, along_w
    if along_w > r.end.x - r.start.x + 1:
        raise ShardSpecError("Number of shards along width must not exceed core grid width!")
    if along_h > r.end.y - r.start.y + 1:
        raise ShardSpecError("Number of shards along height must not exceed core grid height!")
    xs, ys = range(r.start.x, r.start.x + along_w), range(r.start.y, r.start.y + along_h)
    return [(x, y) for y in ys for x in xs] if row_wise else [(x, y) for x in xs for y in ys]


def page_placement(t_sq: list[int], s_sq: list[int], ncores: int) -> tuple[np.ndarray, np.ndarray]:
    """For every page of a tensor of page shape t_sq (row-major order) sharded by s_sq: its core index and its slot
    on that core (iterate_over_shards / iterate_within_shard: shard k row-major over the shard grid, on core
    k % ncores, slot (k // ncores) * shard volume + the page's row-major offset in the full shard). Vectorised: one
    broadcast sum per dim, no loop over pages."""
    rank = len(t_sq)
    shard_id = np.zeros((), np.int64)
    within = np.zeros((), np.int64)
    g_stride = s_stride = 1
    for d in range(rank - 1, -1, -1):
        idx = np.arange(t_sq[d], dtype=np.int64).reshape((-1,) + (1,) * (rank - 1 - d))
        shard_id = shard_id + (idx // s_sq[d]) * g_stride
        within = within + (idx % s_sq[d]) * s_stride
        g_stride *= _div_up(t_sq[d], s_sq[d])
        s_stride *= s_sq[d]
    shard_id, within = (a.reshape(-1) for a in np.broadcast_arrays(shard_id, within))
    volume = int(np.prod(s_sq, dtype=np.int64))
    return shard_id % ncores, (shard_id // ncores) * volume + within


class NdGeometry:
    """Where an ND-sharded tensor's pages live: page size, the squeezed shapes in pages, the cores, and for every page
    of the tensor (in page order) its core index and slot."""

    def __init__(self, shape, padded, dtype, layout: Layout, mc: MemoryConfig):
        self.legacy_dram = is_legacy_dram(mc)
        if self.legacy_dram:
            # tt-metal checks the legacy spec against the physical shape (tensor_spec.cpp
            # get_shape_fits_shard_grid_error) and places the buffer by its ND twin
            # (TensorSpec::populate_nd_shard_spec_from_legacy: shard [h, w], the grid, the orientation, GRID_2D for
            # block sharding)
            from tensix.ttnn.sharded import ShardGeometry
            from tensix.ttnn.tensor_spec import resolve_memory_config
            ShardGeometry(shape, padded, dtype, layout, mc, "DRAM-sharded tensor", dram_ok=True)
            mc = resolve_memory_config(mc, shape, dtype, layout, padded, strict=False)
        spec = mc.nd_shard_spec
        self.row_bytes = None           # row-major: the bytes of a logical row and of its (padded) physical row
        self.physical_row_bytes = None
        self.is_dram = mc.buffer_type == BufferType.DRAM
        dims = list(padded if layout == Layout.TILE else shape)
        shard = list(spec.shard_shape)
        if not dims:
            dims = [1]
        if layout == Layout.TILE:
            # a shard that is not tile-sized covers whole tiles all the same (convert_shape_to_pages rounds up): the
            # host path (to_device: TensorLayout::with_memory_config) does not run TensorLayout's tile-size check
            page_h, page_w = TILE_SIZE, TILE_SIZE
            self.page_size = tile_size(data_format(dtype))
        else:
            # the row's width is padded to a multiple of the shard's (RowMajorPageConfig::create_default_alignment:
            # the ND shard's last dim), so its last page may hold padding
            page_h, page_w = 1, shard[-1]
            self.row_bytes = dims[-1] * element_size(dtype)
            dims[-1] = _div_up(dims[-1], page_w) * page_w
            self.physical_row_bytes = dims[-1] * element_size(dtype)
            self.page_size = page_w * element_size(dtype)
        self.tensor_pages = _to_pages(dims, page_h, page_w)
        self.shard_pages = shard_pages = _to_pages(shard, page_h, page_w)
        if any(s == 0 for s in shard_pages):
            raise ShardSpecError("Shard shape must have non zero volume!")
        cores = _cores(spec.grid, spec.orientation, spec.shard_distribution_strategy, self.tensor_pages, shard_pages)
        self.t_sq, self.s_sq = squeeze_shape_ranks(self.tensor_pages, shard_pages)
        self.shard_volume = int(np.prod(self.s_sq, dtype=np.int64))
        self.num_pages = int(np.prod(self.t_sq, dtype=np.int64))
        grid = [_div_up(t, s) for t, s in zip(self.t_sq, self.s_sq)]
        self.num_shards = int(np.prod(grid, dtype=np.int64))
        self._check_cores(cores)
        self.cores = cores
        self.shards_per_core = _div_up(self.num_shards, len(cores)) if cores else 0
        self.aligned_page_size = align(self.page_size, soc.DRAM_ALIGNMENT if self.is_dram else soc.L1_ALIGNMENT)
        self.bytes_per_core = max(self.shards_per_core * self.shard_volume * self.aligned_page_size, 1)
        self.page_core, self.page_slot = page_placement(self.t_sq, self.s_sq, max(len(cores), 1))

    def _check_cores(self, cores):
        if self.num_pages and not cores:
            raise ShardSpecError("Can't distribute non zero volume tensor over an empty set of cores")
        for x, y in cores:
            if self.is_dram and (y != 0 or not 0 <= x < soc.NUM_DRAM_BANKS):
                raise ShardSpecError(f"DRAM ND shard grid core ({x}, {y}) is not a DRAM bank: the DRAM grid is "
                                     f"{soc.NUM_DRAM_BANKS}x1.\nFix: use cores (0..{soc.NUM_DRAM_BANKS - 1}, 0).")
            if not self.is_dram and not (0 <= x < soc.GRID_X and 0 <= y < soc.GRID_Y):
                raise ShardSpecError(f"ND shard grid core ({x}, {y}) is outside the {soc.GRID_X}x{soc.GRID_Y} worker "
                                     "grid.\nFix: use cores within compute_with_storage_grid_size().")


class NdShardedBuffer(LockstepBuffer):
    """A buffer holding an NdGeometry's shards: bytes_per_core at one address in each of its cores' L1 (or DRAM
    banks). A DRAM-sharded buffer of a legacy (height / width / block) shard spec is not an ND placement for the ops
    (nd_placement False, dram_sharded True): tt-metal's ops see a legacy sharded DRAM tensor, their interleaved
    programs reach its pages through TensorAccessors, and the paths that need L1 shards refuse it (ShardGeometry,
    CircularBufferConfig.set_globally_allocated_address)."""

    nd_placement = True         # tensix.ttnn.op.device_of refuses ops on it

    def __init__(self, device, geom: NdGeometry):
        self.geom = geom
        self.dram_sharded = geom.is_dram
        if geom.legacy_dram:
            self.nd_placement = False
        self.page_size = geom.page_size
        self.aligned_page_size = geom.aligned_page_size
        self.num_pages = geom.num_pages
        super().__init__(device, geom.bytes_per_core, geom.is_dram)
        self.size = self._per_bank * len(geom.cores)

    def distribution_spec(self):
        """For a kernel's TensorAccessor (tensix.metalium.accessor): the squeezed tensor and shard shapes in pages and
        the cores' NoC coords ((bank, 0) for a DRAM bank, which the accessor resolves as tt-metal's
        get_dram_bank_base_offset does)."""
        g = self.geom
        banks = [(x, 0) if self.is_dram else self.device.cores[(x, y)].noc_xy for x, y in g.cores]
        return list(g.t_sq), list(g.s_sq), banks

    def _slots(self, i: int) -> np.ndarray:
        """Core i's pages, (shards_per_core * shard_volume, page_size), a view of its memory."""
        x, y = self.geom.cores[i]
        mem = self.device.dram.mem[x] if self.is_dram else self.device.cores[(x, y)].l1
        region = mem[self._address:self._address + self.geom.shards_per_core * self.geom.shard_volume
                     * self.aligned_page_size]
        return region.reshape(-1, self.aligned_page_size)[:, :self.page_size]

    def write_pages(self, pages: np.ndarray) -> None:
        """pages: (num_pages, page_size) uint8 in the tensor's page order."""
        g = self.geom
        for i in range(len(g.cores)):
            sel = g.page_core == i
            self._slots(i)[g.page_slot[sel]] = pages[sel]

    def read_pages(self) -> np.ndarray:
        g = self.geom
        out = np.empty((g.num_pages, self.page_size), np.uint8)
        for i in range(len(g.cores)):
            sel = g.page_core == i
            out[sel] = self._slots(i)[g.page_slot[sel]]
        return out


def dram_worker_cores(geom: NdGeometry) -> list:
    """get_optimal_worker_cores_for_sharded_tensor of a DRAM-sharded tensor (tt-metal 622c6fb9 tensor_utils.cpp): for
    each DRAM bank with shards, in shard order, the worker core tt-metal assigns to it
    (Device::get_optimal_dram_bank_to_logical_worker_assignment(NOC_0): tensix.device.core_assignment)."""
    from tensix.device.core_assignment import optimal_dram_bank_workers
    from tensix.metalium.types import CoreCoord
    workers = optimal_dram_bank_workers(0)
    return [CoreCoord(*workers[x]) for x, _ in geom.cores[:min(len(geom.cores), geom.num_shards)]]


def is_legacy_dram(mc: MemoryConfig) -> bool:
    """A legacy (HEIGHT / WIDTH / BLOCK_SHARDED + ShardSpec) config in DRAM."""
    return (mc is not None and mc.is_sharded() and not mc.created_with_nd_shard_spec and mc.shard_spec is not None
            and mc.buffer_type == BufferType.DRAM)


def uses_nd_storage(mc: MemoryConfig, shape, dtype, layout, padded) -> bool:
    """True for a config that tensix stores the ND way: one made with an ND shard spec without a legacy 2-D
    equivalent, or any sharded config in DRAM (legacy or ND: tt-metal places both by their BufferDistributionSpec;
    the legacy 2-D storage, tensix.ttnn.sharded, models L1 only)."""
    if is_legacy_dram(mc):
        return True
    if mc is None or not mc.is_sharded() or not mc.created_with_nd_shard_spec or mc.nd_shard_spec is None:
        return False
    if mc.buffer_type == BufferType.DRAM:
        return True
    from tensix.ttnn.tensor_spec import resolve_memory_config
    return resolve_memory_config(mc, shape, dtype, layout, padded, strict=False).shard_spec is None


def allocate(device, geom: NdGeometry, mc: MemoryConfig) -> NdShardedBuffer:
    """A buffer for the geometry on a ttnn device; ttnn's out-of-memory error where it does not fit."""
    from tensix.ttnn import tensor as T
    try:
        return NdShardedBuffer(device.sim, geom)
    except (L1OverflowError, DramOverflowError) as e:
        raise T._oom(e, geom.bytes_per_core * len(geom.cores), geom.page_size, mc.buffer_type) from None


def write_to_device(t, device, mc: MemoryConfig):
    """A host tensor into a new ND-sharded device buffer (ttnn.from_torch / to_device / full ... with an ND config)."""
    from tensix.ttnn import tensor as T
    from tensix.ttnn.tensor_spec import resolve_memory_config
    geom = NdGeometry(t.shape, t.padded_shape, t.dtype, t.layout, mc)
    buf = allocate(device, geom, mc)
    raw = T.device_bytes(t)
    if geom.num_pages == 0 or raw.size == 0:
        raw = np.zeros(geom.num_pages * geom.page_size, np.uint8)
    elif geom.row_bytes is not None:      # row-major: each row padded with zeros to its physical width
        rows = raw.reshape(-1, geom.row_bytes)
        wide = np.zeros((rows.shape[0], geom.physical_row_bytes), np.uint8)
        wide[:, :geom.row_bytes] = rows
        raw = wide
    buf.write_pages(raw.reshape(geom.num_pages, geom.page_size))
    mc = resolve_memory_config(mc, t.shape, t.dtype, t.layout, t.padded_shape, strict=False)
    return T.Tensor._make(t.shape, t.dtype, t.layout, device=device, buffer=buf, memory_config=mc,
                          padded=t.padded_shape)


def read_bytes(buf: NdShardedBuffer) -> np.ndarray:
    """The tensor's bytes in page order, row-major rows without their padding (the inverse of write_to_device)."""
    pages = buf.read_pages()
    g = buf.geom
    if g.row_bytes is None or pages.size == 0:
        return pages.reshape(-1)
    return pages.reshape(-1, g.physical_row_bytes)[:, :g.row_bytes].reshape(-1)
