"""Sharded device storage: a tensor whose MemoryConfig is HEIGHT_, WIDTH_ or BLOCK_SHARDED with a ShardSpec, laid out
as tt-metal lays out sharded L1 buffers (tt-metal 622c6fb9: tt_metal/impl/tensor/spec/tensor_spec.cpp for the
checks, tt_metal/impl/buffers/buffer_distribution_spec.cpp for the placement; the legacy 2-D ShardSpec):

- The tensor is seen as a 2-D physical array: height = product of all dims but the last, width = the last dim, of
  the padded shape in TILE layout (the logical shape in ROW_MAJOR layout).
- It is cut into shards of shard_spec.shape = [height, width] (the last shard along each axis may be partial: it
  keeps a full shard's room, its padding pages hold zeros when written from the host).
- HEIGHT_SHARDED: shard i (along the height) on the i-th core of the grid, cores in row-major order for a
  ROW_MAJOR orientation and column-major order for COL_MAJOR (corerange_to_cores over the grid's ranges);
  WIDTH_SHARDED likewise along the width; BLOCK_SHARDED: shard (r, c) on core (x0 + c, y0 + r) of the grid's one
  rectangle (ROW_MAJOR) or (x0 + r, y0 + c) (COL_MAJOR).
- Each core holds its shard's pages contiguously in its L1 at one address, the same on every core (the L1
  allocator allocates in lockstep): in TILE layout the shard's tiles row by row (page = one tile), in ROW_MAJOR
  layout its rows (page = a shard-wide row); pages are aligned to L1's 16 bytes.

A memory config made with an ND shard spec (ttnn.MemoryConfig(buffer_type, ttnn.NdShardSpec(...))) is stored as its
legacy equivalent (tensix.ttnn.tensor_spec.resolve_memory_config, as tt-metal's TensorSpec fills it in); one without an
equivalent, or in DRAM, is stored by tensix.ttnn.nd_sharded for host transfers (ops refuse it), and an op asked for
such an output raises NotModelledError. A spec that does not cover the tensor, or one ttnn refuses, raises ShardSpecError
naming the rule and the fix. A legacy config in DRAM (shards in DRAM banks; the grid's core (x, 0) names bank x) is
checked here (ShardGeometry(..., dram_ok=True)) and stored by tensix.ttnn.nd_sharded the way tt-metal places it (its
BufferDistributionSpec from TensorSpec::populate_nd_shard_spec_from_legacy); programs that need the L1 geometry refuse
it (NotModelledError). Kernels reach shards through CBs placed in the
buffer (CircularBufferConfig.set_globally_allocated_address), NoC addresses of the cores, or a TensorAccessor over the
buffer (its distribution_spec: tensix.metalium.accessor), as tt-metal's kernels do. Ops without a sharded variant
refuse sharded tensors (tensix.ttnn.operations._dm_common.refuse_sharded)."""

from __future__ import annotations

import math

import numpy as np

from tensix.device import soc
from tensix.device.errors import L1OverflowError
from tensix.device.formats import tile_size
from tensix.device.memory import align
from tensix.errors import NotModelledError
from tensix.metalium.types import BufferType as MBufferType
from tensix.metalium.types import CoreCoord
from tensix.ttnn.errors import ShardSpecError
from tensix.ttnn.types import (TILE_SIZE, BufferType, DataType, Layout, MemoryConfig, ShardOrientation, Shape,
                               TensorMemoryLayout, data_format, element_size)


def _cores_in_order(grid, row_wise: bool) -> list[CoreCoord]:
    """tt-metal corerange_to_cores(grid, nullopt, row_wise): each range in turn, row by row or column by column."""
    out = []
    for r in grid.ranges:
        if row_wise:
            out += [CoreCoord(x, y) for y in range(r.start.y, r.end.y + 1) for x in range(r.start.x, r.end.x + 1)]
        else:
            out += [CoreCoord(x, y) for x in range(r.start.x, r.end.x + 1) for y in range(r.start.y, r.end.y + 1)]
    return out


class ShardGeometry:
    """Where a sharded tensor's data lives: the 2-D physical shape, the shard grid and each shard's core."""

    def __init__(self, shape, padded, dtype: DataType, layout: Layout, mc: MemoryConfig, what="sharded tensor",
                 dram_ok: bool = False, tile=None):
        # tile: the ttnn.Tile of a tensor stored in tiny / transposed tiles (host transfers only: ops refuse them)
        from tensix.ttnn.tensor_spec import resolve_memory_config
        mc = resolve_memory_config(mc, shape, dtype, layout, padded)     # an ND config as its legacy equivalent
        self.memory_config = mc
        spec = mc.shard_spec
        kind = mc.memory_layout
        if spec is None:
            raise ShardSpecError(f"{what}: memory config {kind.name} has no shard_spec.\nFix: "
                                 "ttnn.MemoryConfig(layout, ttnn.BufferType.L1, ttnn.ShardSpec(grid, [h, w], "
                                 "orientation)) or ttnn.create_sharded_memory_config(...).")
        is_dram = mc.buffer_type == BufferType.DRAM
        if is_dram and not dram_ok:
            # DRAM-sharded tensors are stored by tensix.ttnn.nd_sharded (BufferDistributionSpec placement over DRAM
            # banks) and reached through TensorAccessors; a program that needs the L1 shard geometry refuses them
            raise NotModelledError(f"{what}: a DRAM-sharded tensor ({kind.name} in DRAM banks) on a program path that "
                                   "works on L1 shards (shard-backed CBs or cores' L1) is not modelled by tensix.ttnn."
                                   "\nFix: shard in L1 (buffer_type=ttnn.BufferType.L1), or use an interleaved DRAM "
                                   "tensor (ttnn.to_memory_config).")
        self.kind, self.layout, self.dtype = kind, layout, dtype
        self.orientation = spec.orientation
        dims = tuple(padded) if layout == Layout.TILE else tuple(shape)
        if len(dims) == 0:
            dims = (1,)
        self.width = dims[-1]
        self.height = math.prod(dims[:-1]) if len(dims) > 1 else 1
        sh, sw = spec.shape
        self.shard_h, self.shard_w = sh, sw
        if sh <= 0 or sw <= 0:
            raise ShardSpecError(f"{what}: shard shape {list(spec.shape)} must be positive.")
        self.tile = tile
        th, tw = self.tile_hw = (TILE_SIZE, TILE_SIZE) if tile is None else tuple(tile.tile_shape)
        if layout == Layout.TILE and (sh % th or sw % tw):
            raise ShardSpecError(
                f"{what}: shard shape {list(spec.shape)} must be tile {th}x{tw} sized in TILE layout.\nFix: round the "
                f"shard's height and width up to multiples of {th} and {tw} (ttnn.create_sharded_memory_config does "
                "for 32x32 tiles in TILE layout).")
        self.n_h = -(-self.height // sh)
        self.n_w = -(-self.width // sw)
        grid = spec.grid
        gx_max, gy_max = (soc.NUM_DRAM_BANKS, 1) if is_dram else (soc.GRID_X, soc.GRID_Y)
        for c in grid:
            if is_dram and (c.x >= gx_max or c.y >= gy_max):
                raise ShardSpecError(f"{what}: DRAM shard grid core ({c.x}, {c.y}) is not a DRAM bank: the DRAM grid is "
                                     f"{gx_max}x1 (core (x, 0) = bank x).\nFix: use cores (0..{gx_max - 1}, 0).")
            if c.x >= gx_max or c.y >= gy_max:
                raise ShardSpecError(f"{what}: shard grid core ({c.x}, {c.y}) is outside the device's {gx_max}x{gy_max} "
                                     "compute grid.\nFix: use cores (0..7, 0..7).")
        num_cores = grid.num_cores()
        phys = f"physical shape [{self.height}, {self.width}]"
        if kind == TensorMemoryLayout.HEIGHT_SHARDED:
            if sw != self.width:
                raise ShardSpecError(f"{what}: Shard width {sw} must match physical width {self.width} for height "
                                     f"sharded ({phys}).\nFix: shard shape [{sh}, {self.width}].")
            if self.n_h > num_cores:
                raise ShardSpecError(
                    f"{what}: Number of shards along height {self.n_h} must not exceed number of cores {num_cores}: "
                    f"shards of {sh} rows do not cover the {phys} on {num_cores} cores.\nFix: shard height at least "
                    f"{-(-self.height // num_cores)} or more cores in the grid.")
            cores = _cores_in_order(grid, self.orientation == ShardOrientation.ROW_MAJOR)
            self.shards = [(cores[i], i, 0) for i in range(self.n_h)]
        elif kind == TensorMemoryLayout.WIDTH_SHARDED:
            if sh != self.height:
                raise ShardSpecError(f"{what}: Shard height {sh} must match physical height {self.height} for width "
                                     f"sharded ({phys}).\nFix: shard shape [{self.height}, {sw}].")
            if self.n_w > num_cores:
                raise ShardSpecError(
                    f"{what}: Number of shards along width {self.n_w} must not exceed number of cores {num_cores}: "
                    f"shards of {sw} columns do not cover the {phys} on {num_cores} cores.\nFix: shard width at "
                    f"least {-(-self.width // num_cores)} or more cores in the grid.")
            cores = _cores_in_order(grid, self.orientation == ShardOrientation.ROW_MAJOR)
            self.shards = [(cores[i], 0, i) for i in range(self.n_w)]
        elif kind == TensorMemoryLayout.BLOCK_SHARDED:
            if len(grid.ranges) != 1:
                raise ShardSpecError(f"{what}: Shard grid must be one full rectangular grid for block sharded!\nFix: "
                                     "one CoreRange.")
            r = grid.ranges[0]
            gx, gy = r.end.x - r.start.x + 1, r.end.y - r.start.y + 1
            rows, cols = (gy, gx) if self.orientation == ShardOrientation.ROW_MAJOR else (gx, gy)
            orient = "row" if self.orientation == ShardOrientation.ROW_MAJOR else "column"
            if self.n_h > rows:
                raise ShardSpecError(
                    f"{what}: Number of shards along height {self.n_h} must not exceed number of "
                    f"{'rows' if orient == 'row' else 'columns'} {rows} for {orient} major orientation ({phys}, "
                    f"shards [{sh}, {sw}]).\nFix: shard height at least {-(-self.height // rows)}.")
            if self.n_w > cols:
                raise ShardSpecError(
                    f"{what}: Number of shards along width {self.n_w} must not exceed number of "
                    f"{'columns' if orient == 'row' else 'rows'} {cols} for {orient} major orientation ({phys}, "
                    f"shards [{sh}, {sw}]).\nFix: shard width at least {-(-self.width // cols)}.")
            x0, y0 = r.start.x, r.start.y
            if self.orientation == ShardOrientation.ROW_MAJOR:
                self.shards = [(CoreCoord(x0 + c, y0 + rr), rr, c) for rr in range(self.n_h) for c in range(self.n_w)]
            else:
                self.shards = [(CoreCoord(x0 + rr, y0 + c), rr, c) for rr in range(self.n_h) for c in range(self.n_w)]
        else:
            raise ShardSpecError(f"{what}: {kind!r} is not a sharded layout.")
        if layout == Layout.TILE:
            self.page_size = tile_size(data_format(dtype)) if tile is None else tile.get_tile_size(dtype)
            self.pages_h, self.pages_w = sh // th, sw // tw
        else:
            self.page_size = sw * element_size(dtype)
            self.pages_h, self.pages_w = sh, 1
        self.shard_pages = self.pages_h * self.pages_w
        self.aligned_page_size = align(self.page_size, soc.L1_ALIGNMENT)
        self.cores = [c for c, _, _ in self.shards]

    def key(self):
        return (self.kind, self.height, self.width, self.shard_h, self.shard_w, tuple(self.cores))


class LockstepBuffer:
    """A sharded buffer's memory: `per_bank` bytes at one address in every core's L1 (or every DRAM bank), allocated
    in lockstep as tt-metal's allocator does, given back when the buffer is deallocated or no longer referenced. Has
    the attributes tensix.metalium's DeallocateBuffer uses."""

    is_sharded = True

    def __init__(self, device, per_bank: int, is_dram: bool = False):
        self.device = device
        self.is_dram = is_dram
        self.buffer_type = MBufferType.DRAM if is_dram else MBufferType.L1
        self._per_bank = per_bank
        self.deallocated = True
        if is_dram:
            self._address = device.dram.allocate(per_bank)
        else:
            top = max((c.program_top for c in device.cores.values()), default=soc.L1_UNRESERVED_BASE)
            self._address = device.l1_alloc.allocate(per_bank, top)
        self.deallocated = False
        device.allocated_buffers.add(self)

    def __del__(self):
        try:
            if not self.deallocated and not self.device.closed:
                (self.device.dram if self.is_dram else self.device.l1_alloc).release(self._address, self._per_bank)
                self.deallocated = True
        except (AttributeError, TypeError):
            pass

    def address(self) -> int:
        return self._address


class ShardedBuffer(LockstepBuffer):
    """An L1 buffer holding one shard per core of a ShardGeometry, at the same address on every core. Has the
    attributes CircularBufferConfig.set_globally_allocated_address uses."""

    def __init__(self, device, geom: ShardGeometry):
        self.geom = geom
        self.page_size = geom.page_size
        self.aligned_page_size = geom.aligned_page_size
        self.num_pages = geom.shard_pages * len(geom.shards)
        super().__init__(device, geom.shard_pages * geom.aligned_page_size)
        self.size = self._per_bank * len(geom.shards)

    def distribution_spec(self):
        """For a kernel's TensorAccessor (tensix.metalium.accessor): the tensor's and a shard's shape in pages and
        each shard's core (NoC coords), in shard order: tt-metal's BufferDistributionSpec of a legacy shard spec,
        one shard per core (shard (r, c) of the n_h x n_w shard grid is shard r * n_w + c)."""
        g = self.geom
        if g.layout == Layout.TILE:
            tensor = [g.height // TILE_SIZE, g.width // TILE_SIZE]
        else:
            tensor = [g.height, g.n_w]
        return tensor, [g.pages_h, g.pages_w], [self.device.cores[(c.x, c.y)].noc_xy for c, _, _ in g.shards]

    def shard(self, core) -> np.ndarray:
        """The shard's bytes in the core's L1 (a view), pages at aligned_page_size strides."""
        l1 = self.device.cores[(core.x, core.y)].l1
        return l1[self._address:self._address + self._per_bank]


class ShardedBufferView(ShardedBuffer):
    """A view of a ShardedBuffer (ttnn.narrow of an L1 sharded tensor): geometry `geom` over a subset of the parent's
    cores, at the parent's address + `offset` bytes on each of them. It keeps the parent alive and owns no memory:
    deallocating it frees nothing."""

    def __init__(self, parent: ShardedBuffer, geom: ShardGeometry, offset: int):
        self.geom = geom
        self.device = parent.device
        self.is_dram = parent.is_dram
        self.buffer_type = parent.buffer_type
        self.page_size = geom.page_size
        self.aligned_page_size = geom.aligned_page_size
        self.num_pages = geom.shard_pages * len(geom.shards)
        self._parent = parent
        self._address = parent._address + offset
        self._per_bank = geom.shard_pages * geom.aligned_page_size
        self.size = self._per_bank * len(geom.shards)
        self.deallocated = False

    def __del__(self):
        pass


def allocate(device, geom: ShardGeometry, what="sharded tensor"):
    from tensix.ttnn.tensor import _oom
    try:
        return ShardedBuffer(device.sim, geom)
    except L1OverflowError as e:
        raise _oom(e, geom.shard_pages * geom.aligned_page_size * len(geom.shards), geom.page_size,
                   BufferType.L1) from None


def _page_grid(raw: np.ndarray, geom: ShardGeometry) -> np.ndarray:
    """Page-ordered bytes (tiles row-major over the 2-D tile grid, or rows) -> (height pages, width pages, page)."""
    if geom.layout == Layout.TILE:
        return raw.reshape(geom.height // geom.tile_hw[0], geom.width // geom.tile_hw[1], geom.page_size)
    es = element_size(geom.dtype)
    return raw.reshape(geom.height, 1, geom.width * es)


def write_shards(buf: ShardedBuffer, raw: np.ndarray) -> None:
    """Scatter the tensor's page-ordered bytes (tensor.device_bytes) into the cores' shards."""
    g = buf.geom
    grid = _page_grid(raw, g)
    es = element_size(g.dtype) if g.layout != Layout.TILE else 0
    for core, r, c in g.shards:
        out = np.zeros((g.shard_pages, g.aligned_page_size), np.uint8)
        if g.layout == Layout.TILE:
            blk = grid[r * g.pages_h:(r + 1) * g.pages_h, c * g.pages_w:(c + 1) * g.pages_w]
            o = out[:, :g.page_size].reshape(g.pages_h, g.pages_w, g.page_size)
            o[:blk.shape[0], :blk.shape[1]] = blk
        else:
            blk = grid[r * g.shard_h:(r + 1) * g.shard_h, 0, c * g.shard_w * es:(c + 1) * g.shard_w * es]
            out[:blk.shape[0], :blk.shape[1]] = blk
        buf.shard(core)[:] = out.reshape(-1)


def read_shards(buf: ShardedBuffer) -> np.ndarray:
    """Gather the shards back into page-ordered bytes (the inverse of write_shards)."""
    g = buf.geom
    if g.layout == Layout.TILE:
        grid = np.empty((g.height // g.tile_hw[0], g.width // g.tile_hw[1], g.page_size), np.uint8)
    else:
        es = element_size(g.dtype)
        grid = np.empty((g.height, 1, g.width * es), np.uint8)
    for core, r, c in g.shards:
        shard = buf.shard(core).reshape(g.shard_pages, g.aligned_page_size)[:, :g.page_size]
        if g.layout == Layout.TILE:
            blk = grid[r * g.pages_h:(r + 1) * g.pages_h, c * g.pages_w:(c + 1) * g.pages_w]
            blk[...] = shard.reshape(g.pages_h, g.pages_w, g.page_size)[:blk.shape[0], :blk.shape[1]]
        else:
            blk = grid[r * g.shard_h:(r + 1) * g.shard_h, 0, c * g.shard_w * es:(c + 1) * g.shard_w * es]
            blk[...] = shard[:blk.shape[0], :blk.shape[1]]
    return grid.reshape(-1)


def geometry_of(t) -> ShardGeometry:
    return ShardGeometry(t.shape, t.padded_shape, t.dtype, t.layout, t.memory_config(), tile=t._tile)


def write_to_device(t, device, mc: MemoryConfig):
    """A host tensor into a new sharded device buffer (ttnn.from_torch / to_device with a sharded memory_config)."""
    from tensix.ttnn import tensor as T
    geom = ShardGeometry(t.shape, t.padded_shape, t.dtype, t.layout, mc, "ttnn.to_device", tile=t._tile)
    buf = allocate(device, geom)
    write_shards(buf, T.device_bytes(t))
    if t._tile is not None and t.layout == Layout.TILE:
        buf.ttnn_tile = t._tile         # a view made without the tile is refused (tensix.ttnn.tensor.storage_tile)
    return T.Tensor._make(t.shape, t.dtype, t.layout, device=device, buffer=buf, memory_config=geom.memory_config,
                          padded=t.padded_shape, tile=t._tile)


def read_bytes(t) -> np.ndarray:
    return read_shards(t._require_device("reading the tensor"))


def shape_key(t) -> tuple:
    return (tuple(t.shape), tuple(t.padded_shape))


def as_shape(s) -> Shape:
    return s if isinstance(s, Shape) else Shape(s)
