"""ttnn.TensorSpec and ND sharding's value types (ttnn.NdShardSpec, ShardDistributionStrategy, ShardShapeAlignment), as
tt-metal 622c6fb9 defines them (tt_metal/impl/tensor/spec/tensor_spec.cpp, .../memory_config/memory_config.cpp,
.../layout/page_config.cpp; the Python forms of ttnn/cpp/ttnn-nanobind/tensor.cpp, checked against the 0.81.1 wheel).

A TensorSpec is a logical shape, a dtype, a layout and a memory config. When its memory config was created with an ND
shard spec, tt-metal fills in the equivalent legacy (2-D) shard spec where one exists
(TensorSpec::populate_legacy_shard_spec_from_nd: the shard shape folded to 2-D, the shards fit the grid, HEIGHT / WIDTH /
BLOCK as the distribution says); a legacy config gets its ND twin (populate_nd_shard_spec_from_legacy).
`resolve_memory_config` does both, for every sharded tensor tensix.ttnn makes (Tensor storage, ShardGeometry).

tensix stores sharded tensors the legacy way (tensix.ttnn.sharded): an ND shard spec with a legacy equivalent runs as
that; one without (shards over outer dims that do not fold to 2-D, CONTIGUOUS_1D, a block spec whose grid does not
match) raises NotModelledError when a tensor is made with it. TensorSpecs themselves (shapes, memory configs,
alignment of shard shapes) are pure host values and always work."""

from __future__ import annotations

import json
import math

from tensix.errors import NotModelledError
from tensix.metalium.types import CoreRange, CoreRangeSet
from tensix.ttnn.errors import ShardSpecError
from tensix.ttnn.types import (TILE_SIZE, BufferType, DataType, Layout, MemoryConfig, ShardOrientation, ShardSpec, Shape,
                               TensorMemoryLayout, Tile, _CppEnum, element_size, padded_shape)

__all__ = ["TensorSpec", "NdShardSpec", "ShardDistributionStrategy", "ShardShapeAlignment", "resolve_memory_config"]


class ShardDistributionStrategy(_CppEnum):
    """How ND shards go to cores (tt-metal buffer_distribution_spec.hpp): round robin over the grid's cores in order,
    a 2-D grid matching the shard grid (block sharding), or contiguous runs of shards per core."""

    ROUND_ROBIN_1D = 0
    GRID_2D = 1
    CONTIGUOUS_1D = 2


class ShardShapeAlignment(_CppEnum):
    """TensorSpec.sharded: round the shard shape up to nothing, the page config's required alignment (tiles in TILE
    layout, 1 in ROW_MAJOR) or its recommended one (tiles; 64 bytes of a row in ROW_MAJOR)."""

    NONE = 0
    REQUIRED = 1
    RECOMMENDED = 2


def _grid_json(grid) -> str:
    return "[" + ", ".join(
        f'{{"start":{{"x":{r.start.x},"y":{r.start.y}}},"end":{{"x":{r.end.x},"y":{r.end.y}}}}}'
        for r in grid.ranges) + "]"


class NdShardSpec:
    """ttnn.NdShardSpec(shard_shape, grid, orientation=ROW_MAJOR, shard_distribution_strategy=ROUND_ROBIN_1D): shards
    of any rank (a shard's shape has the tensor's rank or fewer dims, the innermost aligned), on `grid`."""

    def __init__(self, shard_shape, grid, orientation=ShardOrientation.ROW_MAJOR,
                 shard_distribution_strategy=ShardDistributionStrategy.ROUND_ROBIN_1D):
        if isinstance(grid, CoreRange):
            grid = CoreRangeSet([grid])
        self.shard_shape = shard_shape if isinstance(shard_shape, Shape) else Shape(shard_shape)
        self.grid = grid
        self.orientation = orientation
        self.shard_distribution_strategy = shard_distribution_strategy

    def num_cores(self) -> int:
        return self.grid.num_cores()

    def _key(self):
        return (tuple(self.shard_shape), tuple(self.grid), self.orientation, self.shard_distribution_strategy)

    def __eq__(self, other):
        return isinstance(other, NdShardSpec) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (f'{{"shard_shape":[{", ".join(str(d) for d in self.shard_shape)}],"grid":{_grid_json(self.grid)},'
                f'"orientation":"{self.orientation.cpp}",'
                f'"shard_distribution_strategy":"{self.shard_distribution_strategy.cpp}"}}')

    __str__ = __repr__

    def to_json(self) -> str:
        return json.dumps({"shard_shape": list(self.shard_shape),
                           "grid": [{"start": {"x": r.start.x, "y": r.start.y}, "end": {"x": r.end.x, "y": r.end.y}}
                                    for r in self.grid.ranges],
                           "orientation": self.orientation.value,
                           "shard_distribution_strategy": self.shard_distribution_strategy.value})


# ------------------------------------------------------------------------------------------ page configs
def _tile_hw(tile) -> tuple:
    return (TILE_SIZE, TILE_SIZE) if tile is None else tuple(tile.tile_shape)


def _required_alignment(layout: Layout, tile=None) -> tuple:
    """page_config.cpp get_required_shard_shape_alignment: the tile in TILE layout, 1 in ROW_MAJOR."""
    return _tile_hw(tile) if layout == Layout.TILE else (1,)


def _recommended_alignment(layout: Layout, dtype: DataType, tile=None) -> tuple:
    """get_recommended_shard_shape_alignment: the tile; in ROW_MAJOR lcm(64 B, element size) / element size."""
    if layout == Layout.TILE:
        return _tile_hw(tile)
    es = element_size(dtype)
    return (math.lcm(64, es) // es,)


def _physical_2d(shape: Shape, padded: Shape, layout: Layout, mc: MemoryConfig) -> tuple:
    """TensorLayout::compute_physical_shape: the padded shape flattened to (height, width). In ROW_MAJOR the width is
    rounded up to the shard width when the config has a shard spec (RowMajorPageConfig::create_default_alignment)."""
    dims = tuple(padded)
    if not dims:
        return 1, 1
    width = dims[-1]
    if layout == Layout.ROW_MAJOR:
        if mc.shard_spec is not None:
            width = -(-width // mc.shard_spec.shape[1]) * mc.shard_spec.shape[1]
        elif mc.nd_shard_spec is not None:
            sw = mc.nd_shard_spec.shard_shape[-1]
            width = -(-width // sw) * sw
    return math.prod(dims[:-1]), width


def _legacy_from_nd(mc: MemoryConfig, padded: Shape, phys_h: int, phys_w: int):
    """tensor_spec.cpp populate_legacy_shard_spec_from_nd: the legacy MemoryConfig equivalent to an ND one, or None."""
    nd = mc.nd_shard_spec
    nd_shape = tuple(nd.shard_shape)
    pad = tuple(padded)
    shard = [1, nd_shape[-1]]
    cur_volume = pad[-1] if pad else 1
    total = math.prod(pad) if pad else 1
    rank = len(nd_shape)
    for dim in range(-2, -rank - 1, -1):
        tensor_size = pad[dim] if -dim <= len(pad) else 1
        shard_size = nd_shape[dim]
        cur_volume *= tensor_size
        shard[0] *= shard_size
        if tensor_size == shard_size:
            continue
        if math.prod(nd_shape) != shard[0] * shard[1]:
            return None
        is_last = dim == -rank
        if is_last or tensor_size % shard_size == 0 or total == cur_volume:
            break
        return None
    spec = ShardSpec(nd.grid, shard, nd.orientation)
    n_h = -(-phys_h // shard[0])
    n_w = -(-phys_w // shard[1])
    if nd.orientation != ShardOrientation.ROW_MAJOR:
        n_h, n_w = n_w, n_h
    if n_h * n_w > nd.grid.num_cores():
        return None
    kind = TensorMemoryLayout.BLOCK_SHARDED
    if nd.shard_distribution_strategy == ShardDistributionStrategy.ROUND_ROBIN_1D:
        if shard[0] == (total // pad[-1] if pad and pad[-1] else 1):
            kind = TensorMemoryLayout.WIDTH_SHARDED
        elif shard[1] == (pad[-1] if pad else 1):
            kind = TensorMemoryLayout.HEIGHT_SHARDED
    if kind != TensorMemoryLayout.BLOCK_SHARDED:
        return MemoryConfig(kind, mc.buffer_type, spec, nd, _created_with_nd=True)
    if len(nd.grid.ranges) != 1:
        return None
    r = nd.grid.ranges[0]
    gx, gy = r.end.x - r.start.x + 1, r.end.y - r.start.y + 1
    if nd.shard_distribution_strategy == ShardDistributionStrategy.ROUND_ROBIN_1D and n_w != gx:
        return None
    if n_w > gx or n_h > gy:
        return None
    return MemoryConfig(TensorMemoryLayout.BLOCK_SHARDED, mc.buffer_type, spec, nd, _created_with_nd=True)


def _nd_from_legacy(mc: MemoryConfig, padded: Shape) -> MemoryConfig:
    """tensor_spec.cpp populate_nd_shard_spec_from_legacy."""
    spec = mc.shard_spec
    shard_shape = [spec.shape[0], spec.shape[1]]
    if len(tuple(padded)) == 1:
        if spec.shape[0] != 1:
            raise ShardSpecError("Shard shape must be 1D for 1D tensor!")
        shard_shape = [spec.shape[1]]
    strategy = (ShardDistributionStrategy.GRID_2D if mc.memory_layout == TensorMemoryLayout.BLOCK_SHARDED
                else ShardDistributionStrategy.ROUND_ROBIN_1D)
    nd = NdShardSpec(Shape(shard_shape), spec.grid, spec.orientation, strategy)
    return MemoryConfig(mc.memory_layout, mc.buffer_type, spec, nd, _created_with_nd=False)


def resolve_memory_config(mc: MemoryConfig, shape, dtype: DataType, layout: Layout, padded=None,
                          *, strict: bool = True) -> MemoryConfig:
    """The memory config a tensor of this spec gets (TensorSpec::populate_sharding_specs): an ND config with its legacy
    shard spec filled in (HEIGHT / WIDTH / BLOCK_SHARDED), a legacy one with its ND twin. With strict (an op's output or
    sharded program is being made), an ND config that has no legacy equivalent raises NotModelledError: tensix's ops
    work on the legacy 2-D shard geometry (the host stores such tensors with tensix.ttnn.nd_sharded)."""
    if mc is None or not mc.is_sharded():
        return mc
    shape = shape if isinstance(shape, Shape) else Shape(shape)
    padded = padded_shape(shape, layout) if padded is None else (padded if isinstance(padded, Shape) else
                                                                   Shape(padded))
    if mc.created_with_nd_shard_spec:
        if mc.nd_shard_spec is None:
            return mc
        h, w = _physical_2d(shape, padded, layout, mc)
        legacy = _legacy_from_nd(mc, padded, h, w)
        if legacy is not None:
            return legacy
        if strict:
            raise NotModelledError(
                f"ND sharding: the shard spec {mc.nd_shard_spec!r} of a tensor of padded shape {list(padded)} has no "
                "legacy (2-D height / width / block) equivalent, and this op's sharded program works on legacy "
                "shards only in tensix.ttnn (ND-sharded tensors are stored for host transfers, and tilize / untilize "
                "reach them through TensorAccessors).\nFix: shard over the "
                "flattened height or "
                "the width (a shard shape that folds to 2-D and whose shards fit the grid), or use an interleaved "
                "memory config.")
        return mc
    if mc.shard_spec is not None and mc.nd_shard_spec is None:
        return _nd_from_legacy(mc, padded)
    return mc


class TensorSpec:
    """ttnn.TensorSpec(shape, dtype, layout, buffer_type=DRAM, tile=None) (interleaved),
    TensorSpec(shape, dtype, layout, memory_layout, shard_spec=None, buffer_type=DRAM, tile=None) (legacy sharded) or
    TensorSpec(shape, dtype, layout, nd_shard_spec, buffer_type=DRAM, tile=None) (ND sharded): what a tensor will be.
    `ttnn.from_torch(t, spec=spec, device=...)` makes one. The sharded() family returns ND-sharded specs, as
    tt-metal's; their memory_config has the legacy shard spec filled in where one is equivalent."""

    def __init__(self, shape, dtype, layout, *args, buffer_type=None, tile=None, memory_layout=None, shard_spec=None,
                 nd_shard_spec=None, memory_config=None):
        args = list(args)
        if args and isinstance(args[0], NdShardSpec):
            nd_shard_spec = args.pop(0)
        elif args and isinstance(args[0], TensorMemoryLayout):
            memory_layout = args.pop(0)
            if args and (args[0] is None or isinstance(args[0], ShardSpec)):
                shard_spec = args.pop(0)
        if args and isinstance(args[0], BufferType):
            buffer_type = args.pop(0)
        if args:
            tile = args.pop(0)
        if args:
            raise TypeError(f"TensorSpec: unexpected arguments {args!r}")
        if tile is not None and not isinstance(tile, Tile):
            raise TypeError(f"TensorSpec: tile must be a ttnn.Tile, got {type(tile).__name__}")
        bt = BufferType.DRAM if buffer_type is None else buffer_type
        if memory_config is not None:
            mc = memory_config
        elif nd_shard_spec is not None:
            mc = MemoryConfig(bt, nd_shard_spec)
        elif memory_layout is not None:
            mc = MemoryConfig(memory_layout, bt, shard_spec)
        else:
            mc = MemoryConfig(TensorMemoryLayout.INTERLEAVED, bt)
        self.shape = shape if isinstance(shape, Shape) else Shape(shape)
        self.dtype = dtype
        self.layout = layout
        self.tile = tile            # None: the default 32x32 tile (padded_shape follows the tile, as TensorLayout's)
        self.padded_shape = padded_shape(self.shape, layout, tile)
        if layout == Layout.ROW_MAJOR and dtype in (DataType.BFLOAT8_B, DataType.BFLOAT4_B):
            # tensor_spec.cpp: the same message for both block floats
            raise ShardSpecError("Only TILE layout is supported for BFLOAT8_B dtype!")
        self._check_fits(mc)
        self.memory_config = resolve_memory_config(mc, self.shape, dtype, layout, self.padded_shape, strict=False)

    def _check_fits(self, mc: MemoryConfig) -> None:
        """tensor_spec.cpp get_shape_fits_shard_grid_error, for a legacy sharded config (checked at construction)."""
        if not mc.is_sharded() or mc.shard_spec is None or mc.created_with_nd_shard_spec:
            return
        h, w = _physical_2d(self.shape, self.padded_shape, self.layout, mc)
        sh, sw = mc.shard_spec.shape
        cores = mc.shard_spec.grid.num_cores()
        kind = mc.memory_layout
        err = None
        if kind == TensorMemoryLayout.HEIGHT_SHARDED:
            if w != sw:
                err = f"Shard width {sw} must match physical width {w} for height sharded"
            elif -(-h // sh) > cores:
                err = f"Number of shards along height {-(-h // sh)} must not exceed number of cores {cores}"
        elif kind == TensorMemoryLayout.WIDTH_SHARDED:
            if h != sh:
                err = f"Shard height {sh} must match physical height {h} for width sharded"
            elif -(-w // sw) > cores:
                err = f"Number of shards along width {-(-w // sw)} must not exceed number of cores {cores}"
        elif kind == TensorMemoryLayout.BLOCK_SHARDED:
            if len(mc.shard_spec.grid.ranges) != 1:
                err = "Shard grid must be one full rectangular grid for block sharded!"
            else:
                r = mc.shard_spec.grid.ranges[0]
                gx, gy = r.end.x - r.start.x + 1, r.end.y - r.start.y + 1
                rows, cols = (gy, gx) if mc.shard_spec.orientation == ShardOrientation.ROW_MAJOR else (gx, gy)
                if -(-h // sh) > rows:
                    err = f"Number of shards along height {-(-h // sh)} must not exceed number of rows {rows}"
                elif -(-w // sw) > cols:
                    err = f"Number of shards along width {-(-w // sw)} must not exceed number of columns {cols}"
        if err:
            raise ShardSpecError(f"TensorSpec: {err}.\nFix: a shard shape whose shards cover the tensor on the grid.")

    # ---- tt-metal TensorSpec's sharding helpers
    def _with(self, mc: MemoryConfig) -> "TensorSpec":
        return TensorSpec(self.shape, self.dtype, self.layout, tile=self.tile, memory_config=mc)

    def _physical(self):
        return _physical_2d(self.shape, self.padded_shape, self.layout, MemoryConfig())

    def sharded(self, shard_shape, grid=None, shard_alignment=ShardShapeAlignment.RECOMMENDED,
                orientation=ShardOrientation.ROW_MAJOR,
                shard_distribution_strategy=ShardDistributionStrategy.ROUND_ROBIN_1D) -> "TensorSpec":
        """sharded(shard_shape, grid, shard_alignment=RECOMMENDED, orientation=ROW_MAJOR,
        shard_distribution_strategy=ROUND_ROBIN_1D) or sharded(nd_shard_spec, shard_alignment=RECOMMENDED): the shard
        shape's innermost dims rounded up to the alignment."""
        if isinstance(shard_shape, NdShardSpec):
            nd = shard_shape
            if isinstance(grid, ShardShapeAlignment):
                shard_alignment = grid
        else:
            nd = NdShardSpec(shard_shape, grid, orientation, shard_distribution_strategy)
        dims = list(nd.shard_shape)
        if shard_alignment != ShardShapeAlignment.NONE:
            align = (_required_alignment(self.layout, self.tile) if shard_alignment == ShardShapeAlignment.REQUIRED
                     else _recommended_alignment(self.layout, self.dtype, self.tile))
            for k in range(1, len(align) + 1):
                if k <= len(dims):
                    dims[-k] = -(-dims[-k] // align[-k]) * align[-k]
        nd = NdShardSpec(Shape(dims), nd.grid, nd.orientation, nd.shard_distribution_strategy)
        return self._with(MemoryConfig(self.memory_config.buffer_type, nd))

    def sharded_across_dims(self, dims, grid, orientation=ShardOrientation.ROW_MAJOR) -> "TensorSpec":
        """The shard shape is the padded shape with each of `dims` set to 1."""
        shard = list(self.padded_shape)
        for d in dims:
            shard[d] = 1
        return self.sharded(NdShardSpec(Shape(shard), grid, orientation), ShardShapeAlignment.RECOMMENDED)

    def sharded_across_dims_except(self, dims, grid, orientation=ShardOrientation.ROW_MAJOR) -> "TensorSpec":
        """The shard shape is 1 in every dim but `dims`, which keep the padded shape's extent."""
        shard = [1] * len(self.padded_shape)
        for d in dims:
            shard[d] = self.padded_shape[d]
        return self.sharded(NdShardSpec(Shape(shard), grid, orientation), ShardShapeAlignment.RECOMMENDED)

    def height_sharded(self, grid, orientation=ShardOrientation.ROW_MAJOR) -> "TensorSpec":
        h, w = self._physical()
        nd = NdShardSpec(Shape([-(-h // grid.num_cores()), w]), grid, orientation)
        return self.sharded(nd, ShardShapeAlignment.REQUIRED)

    def width_sharded(self, grid, orientation=ShardOrientation.ROW_MAJOR) -> "TensorSpec":
        h, w = self._physical()
        nd = NdShardSpec(Shape([h, -(-w // grid.num_cores())]), grid, orientation)
        return self.sharded(nd, ShardShapeAlignment.REQUIRED)

    def block_sharded(self, grid, orientation=ShardOrientation.ROW_MAJOR) -> "TensorSpec":
        if isinstance(grid, CoreRangeSet):
            grid = grid.ranges[0]
        h, w = self._physical()
        gx, gy = grid.end.x - grid.start.x + 1, grid.end.y - grid.start.y + 1
        rows, cols = (gy, gx) if orientation == ShardOrientation.ROW_MAJOR else (gx, gy)
        nd = NdShardSpec(Shape([-(-h // rows), -(-w // cols)]), CoreRangeSet([grid]), orientation,
                         ShardDistributionStrategy.GRID_2D)
        return self.sharded(nd, ShardShapeAlignment.RECOMMENDED)

    def _key(self):
        return (tuple(self.shape), self.dtype, self.layout, self.memory_config, self.tile or Tile())

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and self._key() == other._key()

    def __hash__(self):
        return hash((tuple(self.shape), self.dtype, self.layout))

    def __repr__(self):
        return (f"TensorSpec(shape={self.shape!r}, dtype={self.dtype!r}, layout={self.layout!r}, "
                f"memory_config={self.memory_config!r})")
