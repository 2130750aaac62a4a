"""Helpers shared by the data movement ops (ttnn.tilize / untilize / reshape / permute / concat / slice / pad /
embedding / clone / to_memory_config): tt-metal's work splits for tilize-style programs (ttnn/cpp/ttnn/operations/
core/work_split/work_split_tilize.hpp at 622c6fb9), its core orderings, the block representation of padded tensors
(BlockRep / distribute_work), the L1 space check of the layout ops (data_movement/common/common.cpp
is_enough_space), output tensors with a given padded shape, and the refusal of inputs an op does not take."""

from __future__ import annotations

import math
from dataclasses import dataclass

from tensix.device import soc
from tensix.errors import NotModelledError
from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet
from tensix.ttnn import tensor as T
from tensix.ttnn.errors import LayoutError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DRAM_MEMORY_CONFIG, TILE_SIZE, DataType, Layout, MemoryConfig, Shape, padded_shape

TILE_HW = TILE_SIZE * TILE_SIZE


def dim(shape, i: int) -> int:
    """shape[i] as tt-metal's Shape reads it: shapes of rank < 4 have leading 1s (ShapeBase::init), so shape[-4]
    of a 2-D shape is 1."""
    dims = tuple(shape)
    n = len(dims)
    if i < 0:
        return dims[i] if -i <= n else 1
    return dims[i]


def div_up(a: int, b: int) -> int:
    return -(-a // b)


def round_up(a: int, b: int) -> int:
    return div_up(a, b) * b


def merge_num_sticks_to_read(n: int, stick_bytes: int, max_read: int) -> int:
    """tt-metal work_split.cpp merge_num_sticks_to_read: into how many equal reads of whole sticks, each at most
    max_read bytes, the n sticks' bytes are merged (the largest such read wins; n when none is larger than a stick)."""
    total = n * stick_bytes
    best = n
    size = stick_bytes
    while size <= max_read:
        if total % size == 0:
            best = total // size
        size += stick_bytes
    return best


# ------------------------------------------------------------------------------------------- core orders
def corerange_to_cores(crs, max_cores=None, row_wise=False) -> list[CoreCoord]:
    """tt-metal corerange_to_cores (tt_metal/common/work_split.cpp): the cores of each range in turn, column by
    column (x outer, y inner) unless row_wise, cut to max_cores."""
    ranges = crs.ranges if isinstance(crs, CoreRangeSet) else (crs,)
    out = []
    for r in ranges:
        if row_wise:
            out += [CoreCoord(x, y) for y in range(r.start.y, r.end.y + 1) for x in range(r.start.x, r.end.x + 1)]
        else:
            out += [CoreCoord(x, y) for x in range(r.start.x, r.end.x + 1) for y in range(r.start.y, r.end.y + 1)]
    return out[:max_cores] if max_cores else out


def device_grid(device) -> CoreRangeSet:
    g = device.compute_with_storage_grid_size()
    return CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(g.x - 1, g.y - 1))])


def compute_ncores(grid_area: int, nblocks: int) -> tuple[int, int]:
    """work_split_tilize.hpp compute_ncores: (cores used, blocks per core)."""
    per = 1 if grid_area == 0 else math.ceil(nblocks / grid_area)
    ncores = nblocks if per == 0 else math.ceil(nblocks / per)
    return ncores, per


def _closest_square_larger_than_b(b, width, height, ref):
    if ref <= 0:
        return 1, 1
    s = math.isqrt(b)
    if s * s == b:
        if div_up(width, s) * div_up(height, s) < ref:
            return b, s
    for c in range(s + 1, width * height + 1):
        if div_up(width, c) * div_up(height, c) < ref:
            return c * c, c
    return 1, 1


def compute_ncores_wh(grid_area: int, nblocks: int, width_tiles: int, height_tiles: int) -> int:
    """work_split_tilize.hpp compute_ncores_wh: the cores a 2-D block split would use (only the count is needed to
    choose between the factories)."""
    per = 1 if grid_area == 0 else div_up(nblocks, grid_area)
    per, size = _closest_square_larger_than_b(per, width_tiles, height_tiles, grid_area)
    total = div_up(width_tiles, size) * div_up(height_tiles, size)
    return nblocks if per == 0 else total


def _ncores_wh_full(grid_area, nblocks, width_tiles, height_tiles):
    per = 1 if grid_area == 0 else div_up(nblocks, grid_area)
    per, size = _closest_square_larger_than_b(per, width_tiles, height_tiles, grid_area)
    bw, bh = div_up(width_tiles, size), div_up(height_tiles, size)
    return (nblocks if per == 0 else bw * bh), per, bw, bh, size


def _ncores_wh_sb(grid_area, nblocks, width_tiles, height_tiles, limit):
    """work_split_tilize.hpp compute_ncores_wh_sb: blocks split into sub-blocks of at most `limit` - 1 tiles when a
    block would not fit L1. Returns (ncores, per, total_w, total_h, block size, sub-block size)."""
    per = 1 if grid_area == 0 else div_up(nblocks, grid_area)
    bw, bh = div_up(width_tiles, limit), div_up(height_tiles, limit)
    if bw * bh < grid_area:
        return bw * bh, per, bw, bh, limit, limit
    best = None         # (n, total blocks, sub, block)
    for sub in range(limit - 1, 0, -1):
        for n in range(2, div_up(width_tiles, sub) + 1):
            size = n * sub
            total = div_up(width_tiles, size) * div_up(height_tiles, size)
            cliff = width_tiles - (width_tiles // size) * size
            if total <= grid_area and cliff < limit and (best is None or total > best[1] or
                                                          (total == best[1] and n < best[0])):
                best = (n, total, sub, size)
    if best is None:
        raise ValueError("split_blocks_for_tilize_wh: No solution found for single_block_size")
    size, sub = best[3], best[2]
    bw, bh = div_up(width_tiles, size), div_up(height_tiles, size)
    return (nblocks if per == 0 else bw * bh), per, bw, bh, size, sub


@dataclass
class BlockSplitWH:
    ncores: int
    cores: list                 # the cores in block order (block rows of full_cores_per_row (+1 cliff) cores)
    core_range: list
    cliff_row: list
    cliff_col: list
    cliff_col_row: list
    single_block_size: int
    single_block_size_cliff_row: int
    single_block_size_cliff_col: int
    has_cliff_row: bool
    has_cliff_col: bool
    full_cores_per_row: int
    full_cores_per_col: int
    single_sub_block_size: int


def split_blocks_for_tilize_wh(grid, nblocks: int, width_tiles: int, height_tiles: int,
                               limit: int | None = None) -> BlockSplitWH:
    """work_split_tilize.hpp split_blocks_for_tilize_wh: square blocks of single_block_size tiles (the smallest
    whose count fits the grid), cores taken row of blocks by row of blocks, a cliff block at the end of each row and a
    cliff row at the bottom; blocks larger than `limit` tiles are split into sub-blocks (compute_ncores_wh_sb). The
    cores: corerange_to_cores(grid) order for a CoreRangeSet, row by row from (0, 0) for a grid size (CoreCoord)."""
    if isinstance(grid, CoreCoord):
        cores = [CoreCoord(i % grid.x, i // grid.x) for i in range(grid.x * grid.y)]
    else:
        cores = corerange_to_cores(grid)
    area = len(cores)
    ncores, _per, bw, bh, size = _ncores_wh_full(area, nblocks, width_tiles, height_tiles)
    sub = size
    if limit is not None and size > limit:
        ncores, _per, bw, bh, size, sub = _ncores_wh_sb(area, nblocks, width_tiles, height_tiles, limit)
    fr, fc = width_tiles // size, height_tiles // size
    has_cr, has_cc = fr < bw, fc < bh
    groups = {"core": [], "row": [], "col": [], "colrow": []}
    order = []

    def add(kind):
        c = cores[len(order)]
        groups[kind].append(c)
        order.append(c)

    for _ in range(fc):
        for _ in range(fr):
            add("core")
        if has_cr:
            add("row")
    if has_cc:
        for _ in range(fr):
            add("col")
        if has_cr:
            add("colrow")
    return BlockSplitWH(ncores, order, groups["core"], groups["row"], groups["col"], groups["colrow"], size,
                        width_tiles - fr * size, height_tiles - fc * size, has_cr, has_cc, fr, fc, sub)


@dataclass
class BlockSplit:
    ncores: int
    cores: list                 # all cores in work order (the cliff core, if any, last)
    full: list                  # cores with nblocks_per_core blocks
    cliff: list                 # at most one core with nblocks_per_core_cliff blocks
    nblocks_per_core: int
    nblocks_per_core_cliff: int


def split_blocks_for_tilize(grid: CoreRangeSet, nblocks: int) -> BlockSplit:
    """work_split_tilize.hpp split_blocks_for_tilize(const CoreRangeSet&, nblocks): ncores consecutive cores of
    corerange_to_cores(grid) (column by column), the last one a cliff core when nblocks is not a multiple."""
    cores = corerange_to_cores(grid)
    ncores, per = compute_ncores(len(cores), nblocks)
    cliff_blocks = 0 if per == 0 else nblocks % per
    n_full = ncores - 1 if cliff_blocks else ncores
    full = cores[:n_full]
    cliff = cores[n_full:n_full + 1] if cliff_blocks else []
    return BlockSplit(ncores, full + cliff, full, cliff, per, cliff_blocks)


def split_blocks_for_tilize_grid(grid_size: CoreCoord, nblocks: int) -> BlockSplit:
    """work_split_tilize.hpp split_blocks_for_tilize(CoreCoord grid_size, nblocks): the cores row by row from
    (0, 0); the cliff core (if any) is the last."""
    ncores, per = compute_ncores(grid_size.x * grid_size.y, nblocks)
    cliff_blocks = 0 if per == 0 else nblocks % per
    cores = [CoreCoord(i % grid_size.x, i // grid_size.x) for i in range(ncores)]
    n_full = ncores - 1 if cliff_blocks else ncores
    return BlockSplit(ncores, cores, cores[:n_full], cores[n_full:] if cliff_blocks else [], per, cliff_blocks)


def ranges_of(cores) -> CoreRangeSet:
    return CoreRangeSet([CoreRange(c, c) for c in cores])


# -------------------------------------------------------------------------------- padded tensors' blocks
@dataclass
class BlockRep:
    """work_split_tilize.hpp BlockRep: n_data full tile-rows, a mixed tile-row of n_mixed data rows (0: none),
    n_pads padding tile-rows, the pattern repeated `times`."""

    n_data: int
    n_mixed: int
    n_pads: int
    times: int

    def __post_init__(self):
        if self.n_data == 0 and self.n_mixed == 0:
            self.n_pads *= self.times
            self.times = 1
        elif self.n_pads == 0 and self.n_mixed == 0:
            self.n_data *= self.times
            self.times = 1

    def has_mixed(self) -> bool:
        return self.n_mixed > 0

    def single_rep(self) -> int:
        return self.n_data + self.has_mixed() + self.n_pads

    def block_count(self) -> int:
        return self.single_rep() * self.times

    def data_row_count(self) -> int:
        return (self.n_data * 32 + self.n_mixed) * self.times

    def key(self):
        return (self.n_data, self.n_mixed, self.n_pads, self.times)

    def split_at(self, idx: int):
        first, second = [], []
        rep = idx // self.single_rep()
        if rep > 0:
            first.append(BlockRep(self.n_data, self.n_mixed, self.n_pads, rep))
        within = idx % self.single_rep()
        if within > 0:
            if within <= self.n_data:
                first.append(BlockRep(within, 0, 0, 1))
                second.append(BlockRep(self.n_data - within, self.n_mixed, self.n_pads, 1))
            elif within == self.n_data + 1 and self.has_mixed():
                first.append(BlockRep(self.n_data, self.n_mixed, 0, 1))
                second.append(BlockRep(0, 0, self.n_pads, 1))
            else:
                within -= self.n_data + self.has_mixed()
                first.append(BlockRep(self.n_data, self.n_mixed, within, 1))
                second.append(BlockRep(0, 0, self.n_pads - within, 1))
        remaining = self.times - rep - (within > 0)
        if remaining > 0:
            second.append(BlockRep(self.n_data, self.n_mixed, self.n_pads, remaining))
        return first, second


def distribute_work(logical, padded, ncores, per_core, has_cliff, per_core_cliff, tile_height=32):
    """work_split_tilize.hpp distribute_work: each core's list of BlockReps over the 4-D view of the tensor."""
    w, z, y = dim(logical, -4), dim(logical, -3), dim(logical, -2)
    pw, pz, py = dim(padded, -4) - w, dim(padded, -3) - z, dim(padded, -2) - y
    if (y + py) % tile_height:
        raise NotModelledError(f"distribute_work: rows {y + py} are not a multiple of the tile height")
    rep = BlockRep(y // tile_height, y % tile_height, py // tile_height, z)
    pad = BlockRep(0, 0, (y + py) * pz // tile_height, 1)
    work = []
    for _ in range(w):
        work.append(rep)
        if pad.n_pads:
            work.append(pad)
    work.append(BlockRep(0, 0, (y + py) * (z + pz) * pw, 1))
    out = []
    for i in range(ncores):
        todo = per_core_cliff if (i == ncores - 1 and has_cliff) else per_core
        mine, count = [], 0
        while count < todo and work:
            first = work[0]
            if first.block_count() <= todo - count:
                mine.append(first)
                count += first.block_count()
                work.pop(0)
            else:
                head, tail = first.split_at(todo - count)
                for el in head:
                    mine.append(el)
                    count += el.block_count()
                work[0:1] = tail
        out.append(mine)
    return out


def block_rep_args(assignment) -> tuple[list, int, int]:
    """The runtime words a core's BlockReps become (the factories' compress loop: each run of equal BlockReps as
    n_data, n_mixed, n_pads, times, repeat count), the core's block count and its data rows."""
    words, blocks, rows = [], 0, 0
    ref, count = assignment[0], 0
    for el in assignment:
        blocks += el.block_count()
        rows += el.data_row_count()
        if el.key() == ref.key():
            count += 1
        else:
            words += [*ref.key(), count]
            ref, count = el, 1
    words += [*ref.key(), count]
    return words, blocks, rows


def block_rep_work(split: BlockSplit, logical, padded, tiles_per_row: int) -> list:
    """Each core's (core, first data row, BlockRep words, first tile, tiles, BlockReps) for a tilize- or
    untilize-style program over a padded tensor (the loop of tilize_with_val_padding's and untilize_with_unpadding's
    factories). The kernels' n_block_reps argument is the last: the number of BlockReps in the core's assignment
    (assignment.size()), not of the compressed 5-word groups (each group is read repeat_count times)."""
    out = []
    row = tile = 0
    for c, assignment in zip(split.cores, distribute_work(logical, padded, split.ncores, split.nblocks_per_core,
                                                          bool(split.cliff), split.nblocks_per_core_cliff)):
        words, blocks, rows = block_rep_args(assignment)
        out.append((c, row, words, tile, tiles_per_row * blocks, len(assignment)))
        row += rows
        tile += tiles_per_row * blocks
    return out


# -------------------------------------------------------------------------------------- L1 and outputs
def max_l1_space(device) -> int:
    """data_movement/common/common.cpp get_max_l1_space: from the allocator's base to the lowest L1 buffer."""
    return device.sim.l1_alloc.bottom - soc.L1_UNRESERVED_BASE


def is_enough_space(device, in_tile_size: int, out_tile_size: int, num_tiles_per_row: int) -> bool:
    """data_movement/common/common.cpp is_enough_space: a row of input and output tiles fits L1's free space."""
    return max_l1_space(device) > (in_tile_size + out_tile_size) * num_tiles_per_row


def make_output(device, shape, dtype: DataType, layout: Layout, mc: MemoryConfig | None, padded=None,
                nd_ok: bool = False) -> Tensor:
    """A device tensor for an op's result, with an explicit padded shape if given (buffer allocated). nd_ok: the op's
    program reaches its output through a TensorAccessor, so an ND-sharded config without a legacy equivalent (or in
    DRAM) gets an ND buffer (tensix.ttnn.nd_sharded); otherwise such a config raises NotModelledError."""
    mc = mc or DRAM_MEMORY_CONFIG
    nd = False
    if mc.is_sharded():         # an ND-sharded config as its legacy equivalent (tt-metal's TensorSpec fills it in)
        from tensix.ttnn import nd_sharded
        from tensix.ttnn.tensor_spec import resolve_memory_config
        p = padded if padded is not None else padded_shape(as_shape(shape), layout)
        nd = nd_ok and nd_sharded.uses_nd_storage(mc, shape, dtype, layout, p)
        mc = resolve_memory_config(mc, shape, dtype, layout, padded, strict=not nd)
    t = Tensor._make(shape, dtype, layout, device=device, memory_config=mc, padded=padded)
    if nd:
        t._buffer = nd_sharded.allocate(device, nd_sharded.NdGeometry(t.shape, t.padded_shape, dtype, layout, mc), mc)
        return t
    if mc.is_sharded():
        from tensix.ttnn import sharded
        t._buffer = sharded.allocate(device, sharded.ShardGeometry(t.shape, t.padded_shape, dtype, layout, mc))
        return t
    t._buffer = T.allocate_buffer(device, max(t.num_pages * t.page_size, t.page_size), t.page_size, mc)
    return t


def refuse_sharded(op: str, *tensors, memory_config=None):
    """ops without a sharded variant in tensix refuse sharded tensors and sharded output configs."""
    for i, t in enumerate(tensors):
        if t is not None and t.is_sharded():
            raise NotModelledError(
                f"{op}: input {i} is {t.memory_config().memory_layout.name}; tensix.ttnn runs this op on interleaved "
                "tensors only (its sharded program factories are not ported yet).\nFix: "
                "ttnn.to_memory_config(tensor, ttnn.DRAM_MEMORY_CONFIG) first (or L1_MEMORY_CONFIG), then shard the "
                "result if needed.")
    if memory_config is not None and memory_config.is_sharded():
        raise NotModelledError(
            f"{op}: a sharded output ({memory_config.memory_layout.name}) is not modelled for this op in tensix.ttnn."
            "\nFix: ask for an interleaved output and ttnn.to_memory_config(result, sharded_config) after.")


def require_layout(op: str, t: Tensor, layout: Layout, name="input_tensor"):
    if t.layout != layout:
        raise LayoutError(f"{op}: {name} is in {t.layout!r}; this op takes {layout!r}.\nFix: "
                          f"ttnn.to_layout({name}, {'ttnn.TILE_LAYOUT' if layout == Layout.TILE else 'ttnn.ROW_MAJOR_LAYOUT'})"
                          " first.")


def shape4(shape) -> tuple[int, int, int, int]:
    return tuple(dim(shape, i) for i in (-4, -3, -2, -1))


def as_shape(shape) -> Shape:
    return shape if isinstance(shape, Shape) else Shape(shape)


# ------------------------------------------------------------------------------- split_work_to_cores (tt)
def num_cores_to_ranges(start: CoreCoord, n: int, grid: CoreCoord, row_wise: bool) -> list[CoreRange]:
    """tt-metal num_cores_to_corerangeset(start_core, n, grid_size, row_wise) (tt_metal/common/work_split.cpp):
    at most 3 ranges (a partial row / column at the start, full rows / columns, a partial one at the end)."""
    gx, gy = grid.x, grid.y
    out, left, s = [], n, start
    if row_wise:
        if s.x != 0 and left > gx - start.x:
            out.append(CoreRange(s, CoreCoord(gx - 1, s.y)))
            left -= out[-1].size()
            s = CoreCoord(0, s.y + 1)
        if left > gx:
            rows = left // gx
            out.append(CoreRange(s, CoreCoord(gx - 1, s.y + rows - 1)))
            left -= out[-1].size()
            s = CoreCoord(0, s.y + rows)
        if left > 0:
            out.append(CoreRange(s, CoreCoord(s.x + left - 1, s.y)))
    else:
        if s.y != 0 and left > gy - start.y:
            out.append(CoreRange(s, CoreCoord(s.x, gy - 1)))
            left -= out[-1].size()
            s = CoreCoord(s.x + 1, 0)
        if left > gy:
            cols = left // gy
            out.append(CoreRange(s, CoreCoord(s.x + cols - 1, gy - 1)))
            left -= out[-1].size()
            s = CoreCoord(s.x + cols, 0)
        if left > 0:
            out.append(CoreRange(s, CoreCoord(s.x, s.y + left - 1)))
    return out


@dataclass
class WorkSplit:
    num_cores: int
    all_ranges: list
    group_1: CoreRangeSet
    group_2: CoreRangeSet
    per_core_1: int
    per_core_2: int

    def units_of(self, core) -> int:
        return self.per_core_1 if self.group_1.contains(core) else self.per_core_2


def split_work_to_cores(grid: CoreCoord, units: int, row_wise: bool = False) -> WorkSplit:
    """tt-metal split_work_to_cores(grid_size, units, row_wise) with its core ranges (work_split.cpp): the first
    units % num_cores cores (in row_wise / column order) take one unit more."""
    if units == 0:
        return WorkSplit(0, [], CoreRangeSet([]), CoreRangeSet([]), 0, 0)
    total = grid.x * grid.y
    if units >= total:
        n = total
        ranges = [CoreRange(CoreCoord(0, 0), CoreCoord(grid.x - 1, grid.y - 1))]
    else:
        n = units
        ranges = num_cores_to_ranges(CoreCoord(0, 0), n, grid, row_wise)
    per, extra = units // n, units % n
    if extra == 0:
        return WorkSplit(n, ranges, CoreRangeSet(ranges), CoreRangeSet([]), per, 0)
    g1 = num_cores_to_ranges(CoreCoord(0, 0), extra, grid, row_wise)
    last = g1[-1].end
    if row_wise:
        start = CoreCoord(last.x + 1, last.y) if last.x != grid.x - 1 else CoreCoord(0, last.y + 1)
    else:
        start = CoreCoord(last.x, last.y + 1) if last.y != grid.y - 1 else CoreCoord(last.x + 1, 0)
    g2 = num_cores_to_ranges(start, n - extra, grid, row_wise)
    return WorkSplit(n, ranges, CoreRangeSet(g1), CoreRangeSet(g2), per + 1, per)
