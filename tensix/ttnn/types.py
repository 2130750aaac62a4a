"""ttnn's value types: DataType, Layout, memory configurations, shard specs, Shape, CoreGrid and the compute kernel
configuration, with ttnn's names, enum values and printed forms (checked against the ttnn 0.81.1 wheel's host side:
shared/reference/ttnn/ttnn_0.81.1_host_reprs.txt)."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import numpy as np

from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet, MathFidelity
from tensix.ttnn.errors import TTNNError

TILE_SIZE = 32


class _CppEnum(enum.Enum):
    """An enum printed as ttnn's nanobind enums: repr and str `DataType.BFLOAT16`; `DataType::BFLOAT16` inside a
    tensor's repr (C++ spelling)."""

    def __repr__(self):
        return f"{type(self).__name__}.{self.name}"

    __str__ = __repr__

    def __int__(self):
        return self.value

    @property
    def cpp(self) -> str:
        return f"{type(self).__name__}::{self.name}"


class DataType(_CppEnum):
    """tt-metal ``tt::tt_metal::DataType`` (values as in ``tensor/types.hpp``)."""

    BFLOAT16 = 0
    FLOAT32 = 1
    UINT32 = 2
    BFLOAT8_B = 3
    BFLOAT4_B = 4
    UINT8 = 5
    UINT16 = 6
    INT32 = 7
    INVALID = 8


class Layout(_CppEnum):
    ROW_MAJOR = 0
    TILE = 1
    INVALID = 2


class TensorMemoryLayout(_CppEnum):
    INTERLEAVED = 0
    HEIGHT_SHARDED = 2
    WIDTH_SHARDED = 3
    BLOCK_SHARDED = 4
    ND_SHARDED = 5


class BufferType(_CppEnum):
    DRAM = 0
    L1 = 1
    SYSTEM_MEMORY = 2
    L1_SMALL = 3
    TRACE = 4


class ShardOrientation(_CppEnum):
    ROW_MAJOR = 0
    COL_MAJOR = 1


class ShardStrategy(_CppEnum):
    HEIGHT = 0
    WIDTH = 1
    BLOCK = 2


class StorageType(_CppEnum):
    HOST = 0
    DEVICE = 1


bfloat16 = DataType.BFLOAT16
float32 = DataType.FLOAT32
uint32 = DataType.UINT32
bfloat8_b = DataType.BFLOAT8_B
bfloat4_b = DataType.BFLOAT4_B
uint8 = DataType.UINT8
uint16 = DataType.UINT16
int32 = DataType.INT32
ROW_MAJOR_LAYOUT = Layout.ROW_MAJOR
TILE_LAYOUT = Layout.TILE

# dtype -> (tile data format on the device, numpy container of a host value, bytes per row-major element)
_FORMATS = {
    DataType.BFLOAT16: (DataFormat.Float16_b, np.float32, 2),
    DataType.FLOAT32: (DataFormat.Float32, np.float32, 4),
    DataType.BFLOAT8_B: (DataFormat.Bfp8_b, np.float32, None),
    DataType.BFLOAT4_B: (DataFormat.Bfp4_b, np.float32, None),
    DataType.UINT16: (DataFormat.UInt16, np.uint16, 2),
    DataType.UINT32: (DataFormat.UInt32, np.uint32, 4),
    DataType.INT32: (DataFormat.Int32, np.int32, 4),
    DataType.UINT8: (DataFormat.UInt8, np.uint8, 1),     # data movement only: no compute kernel takes UInt8 here
}


def data_format(dtype: DataType) -> DataFormat:
    """The tile data format a dtype has in L1 and DRAM (tt-metal ``datatype_to_dataformat_converter``)."""
    try:
        return _FORMATS[dtype][0]
    except KeyError:
        raise TTNNError(f"dtype {dtype!r} is not modelled by tensix.ttnn; use one of "
                        f"{', '.join(repr(d) for d in _FORMATS)}.") from None


def element_size(dtype: DataType) -> int:
    """Bytes of one row-major element (block-float types have none: they exist only in TILE layout)."""
    size = _FORMATS[dtype][2]
    if size is None:
        raise TTNNError(f"{dtype!r} is a block-float type and exists only in TILE_LAYOUT.\n"
                        "Fix: use layout=ttnn.TILE_LAYOUT, or bfloat16 for row-major data.")
    return size


BLOCK_FLOATS = (DataType.BFLOAT8_B, DataType.BFLOAT4_B)


def is_block_float(dtype: DataType) -> bool:
    """bfloat8_b and bfloat4_b: 16 values of a tile's face row share an exponent; TILE layout only."""
    return dtype in BLOCK_FLOATS


def is_float(dtype: DataType) -> bool:
    return dtype in (DataType.BFLOAT16, DataType.FLOAT32, DataType.BFLOAT8_B, DataType.BFLOAT4_B)


class Shape:
    """ttnn.Shape: a sequence of ints equal to any list or tuple with the same entries; printed `Shape([2, 3, 40])`."""

    __slots__ = ("_dims",)

    def __init__(self, dims=()):
        if isinstance(dims, Shape):
            dims = dims._dims
        self._dims = tuple(int(d) for d in dims)

    def __len__(self):
        return len(self._dims)

    def __iter__(self):
        return iter(self._dims)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Shape(self._dims[i])
        return self._dims[i]

    def __eq__(self, other):
        if isinstance(other, Shape):
            return self._dims == other._dims
        if isinstance(other, (list, tuple)):
            return self._dims == tuple(other)
        try:                                    # torch.Size, numpy shapes
            return self._dims == tuple(other)
        except TypeError:
            return NotImplemented

    def __hash__(self):
        return hash(self._dims)

    def __repr__(self):
        return f"Shape({list(self._dims)})"

    __str__ = __repr__

    @property
    def rank(self) -> int:
        return len(self._dims)

    def volume(self) -> int:
        return math.prod(self._dims)

    def to_rank(self, rank: int) -> "Shape":
        dims = self._dims
        if rank >= len(dims):
            return Shape((1,) * (rank - len(dims)) + dims)
        head = dims[: len(dims) - rank]
        if any(d != 1 for d in head):
            raise TTNNError(f"{self!r}.to_rank({rank}): the leading dims {list(head)} are not all 1.")
        return Shape(dims[len(dims) - rank:])

    def with_tile_padding(self) -> "Shape":
        return padded_shape(self, Layout.TILE)


def padded_shape(shape, layout: Layout, tile: "Tile | None" = None) -> Shape:
    """ttnn's padded shape: TILE pads the last two dims to multiples of the tile's height and width (32 x 32 unless
    `tile` says otherwise; a rank-1 shape [w] becomes [tile height, w_pad], as ttnn 0.81.1 prints it: tt-metal
    622c6fb9 TensorLayout::compute_padded_shape with TilePageConfig's alignment {tile height, tile width});
    ROW_MAJOR has no padding."""
    dims = tuple(shape)
    if layout != Layout.TILE:
        return Shape(dims)
    th, tw = (TILE_SIZE, TILE_SIZE) if tile is None else tuple(tile.tile_shape)
    if len(dims) == 0:
        return Shape((th, tw))
    if len(dims) == 1:
        return Shape((th, _round_up(dims[0], tw)))
    return Shape(dims[:-2] + (_round_up(dims[-2], th), _round_up(dims[-1], tw)))


def _round_up(n: int, m: int = TILE_SIZE) -> int:
    return -(-n // m) * m


# tt-metal 622c6fb9 tt_metal/impl/data_format/tile.cpp TILE_FACE_HW_CHOICES: the tile shapes a Tile may have and
# their face shapes (the 8 / 4 / 2 / 1-row ones are "for host loopback" there: no LLK supports them)
_TILE_FACES = {(32, 32): (16, 16), (16, 32): (16, 16), (32, 16): (16, 16), (16, 16): (16, 16), (8, 32): (8, 16),
               (4, 32): (4, 16), (2, 32): (2, 16), (1, 32): (1, 16), (8, 16): (8, 16), (4, 16): (4, 16),
               (2, 16): (2, 16), (1, 16): (1, 16)}
_L1_ALIGNMENT = 16      # Wormhole's L1 alignment (hal): the block-float exponent section is padded to it


class Tile:
    """ttnn.Tile(tile_shape, transpose_tile=False) (tt-metal tile.hpp / tile.cpp, bound in ttnn-nanobind
    tensor.cpp): a tile's shape, its face shape and face count, and the transposed storage flags. Equality compares
    the tile and face shapes only (as tile.cpp's operator==); like the nanobind class it defines no hash.

    Tensors may be stored in any of these tiles (tensix.ttnn.tile_layout: host tilize, block-float packing, device
    pages of get_tile_size bytes). ttnn.matmul / ttnn.linear compute on them (tensix.kernel.tile_shape; their
    output_tile); every other device operation computes on 32x32 tiles in their normal face order only:
    tensix.ttnn.op refuses a tensor in another tile (the "tiny tiles", transposed tiles), and require_full_tile()
    refuses one asked of an operation."""

    __hash__ = None

    def __init__(self, tile_shape=(32, 32), transpose_tile: bool = False):
        shape = tuple(tile_shape)
        if len(shape) != 2:
            raise TypeError(f"Tile: tile_shape must hold two integers (height, width), got {tile_shape!r}")
        shape = (int(shape[0]), int(shape[1]))
        face = _TILE_FACES.get(shape)
        if face is None:
            raise TTNNError(f"Tile size is not valid for our hardware: {list(shape)} (valid shapes: "
                            f"{', '.join(str(list(s)) for s in _TILE_FACES)})")
        if transpose_tile and shape[0] not in (16, 32):
            raise TTNNError(f"Tile height must equal 16 or 32 in transpose mode, got {shape[0]}")
        self._shape, self._face = shape, face
        self._transpose = bool(transpose_tile)

    @property
    def tile_shape(self) -> list:
        return list(self._shape)

    @property
    def face_shape(self) -> list:
        return list(self._face)

    @property
    def num_faces(self) -> int:
        return self._shape[0] * self._shape[1] // (self._face[0] * self._face[1])

    @property
    def partial_face(self) -> int:
        return int(self._shape[0] < TILE_SIZE)

    @property
    def narrow_tile(self) -> int:
        return int(self._shape[1] < TILE_SIZE)

    @property
    def transpose_within_face(self) -> bool:
        return self._transpose

    @property
    def transpose_of_faces(self) -> bool:
        return self._transpose

    def get_tile_size(self, dtype) -> int:
        """Bytes of one tile of `dtype` (tile.cpp get_tile_size: block floats add one exponent byte per face row,
        the section padded to the L1 alignment)."""
        hw = self._shape[0] * self._shape[1]
        exps = _round_up(self._face[0] * self.num_faces, _L1_ALIGNMENT)
        if dtype == DataType.BFLOAT8_B:
            return hw + exps
        if dtype == DataType.BFLOAT4_B:
            return hw // 2 + exps
        return hw * element_size(dtype)

    def __eq__(self, other):
        if not isinstance(other, Tile):
            return NotImplemented
        return self._shape == other._shape and self._face == other._face

    def __repr__(self):
        return f"Tile with shape: [{self._shape[0]}, {self._shape[1]}]"


def is_full_tile(tile) -> bool:
    """True for None and for a 32x32 Tile in normal face order: the tile every op of tensix.ttnn computes on."""
    return tile is None or (tuple(tile.tile_shape) == (TILE_SIZE, TILE_SIZE) and not tile.transpose_within_face)


def describe_tile(tile) -> str:
    """`tiles of shape [16, 32]`, `transposed 32x32 tiles (transpose_tile)` (for messages)."""
    shape = list(tile.tile_shape)
    if shape == [TILE_SIZE, TILE_SIZE]:
        return "transposed 32x32 tiles (transpose_tile)"
    return f"{'transposed ' if tile.transpose_within_face else ''}tiles of shape {shape}"


def require_full_tile(tile, what: str) -> None:
    """Refuse (NotModelledError) a tile other than 32x32 in normal order: None, a Tile or a (height, width) pair."""
    if tile is None:
        return
    shape = tuple(int(x) for x in (tile.tile_shape if isinstance(tile, Tile) else tile))
    transposed = isinstance(tile, Tile) and tile.transpose_within_face
    if shape == (TILE_SIZE, TILE_SIZE) and not transposed:
        return
    kind = f"tiles of shape {list(shape)}" if shape != (TILE_SIZE, TILE_SIZE) else "transposed tiles (transpose_tile)"
    raise NotModelledError(f"{what}: {kind} are not modelled; tensix.ttnn's operations compute on 32x32 tiles in "
                           "their normal face order only (tensors may be stored in other tiles, not computed on)."
                           "\nFix: use ttnn.Tile((32, 32)) or omit the tile argument.")


@dataclass(frozen=True)
class CoreGrid:
    """ttnn.CoreGrid(y=..., x=...)."""

    y: int
    x: int

    @property
    def num_cores(self) -> int:
        return self.x * self.y

    def __repr__(self):
        return f"ttnn.CoreGrid(x={self.x}, y={self.y})"


class ShardSpec:
    """ttnn.ShardSpec(grid, shape, orientation): every core of `grid` holds a shard of `shape` = [height, width]
    (elements of the tensor flattened to 2-D: height = the product of all dims but the last)."""

    def __init__(self, grid, shard_shape, shard_orientation=ShardOrientation.ROW_MAJOR, *args, **kwargs):
        if isinstance(grid, (CoreRange, CoreCoord)):
            grid = CoreRangeSet([grid])
        self.grid = grid
        self.shape = tuple(int(s) for s in shard_shape)
        if len(self.shape) != 2:
            raise TTNNError(f"ShardSpec shape {list(shard_shape)} must have two entries [height, width].")
        self.orientation = shard_orientation

    def num_cores(self) -> int:
        return self.grid.num_cores()

    def cores(self) -> list[CoreCoord]:
        """The grid's cores in shard order: row by row (ROW_MAJOR) or column by column (COL_MAJOR)."""
        cores = list(self.grid)
        if self.orientation == ShardOrientation.ROW_MAJOR:
            return sorted(cores, key=lambda c: (c.y, c.x))
        return sorted(cores, key=lambda c: (c.x, c.y))

    def __eq__(self, other):
        return (isinstance(other, ShardSpec) and list(self.grid) == list(other.grid) and self.shape == other.shape
                and self.orientation == other.orientation)

    def __hash__(self):
        return hash((tuple(self.grid), self.shape, self.orientation))

    def __repr__(self):
        return (f"ShardSpec(grid={{{', '.join(f'[{r.start} - {r.end}]' for r in self.grid.ranges)}}},"
                f"shape={{{self.shape[0]}, {self.shape[1]}}},orientation={self.orientation.cpp})")


class MemoryConfig:
    """ttnn.MemoryConfig(memory_layout=INTERLEAVED, buffer_type=DRAM, shard_spec=None), or ttnn's ND form
    MemoryConfig(buffer_type, nd_shard_spec) (tt-metal 622c6fb9 tt_metal/impl/tensor/spec/memory_config/
    memory_config.cpp): memory_layout ND_SHARDED, created with the ND shard spec. A tensor made with an ND config gets
    the equivalent legacy shard spec filled in where one exists (tensix.ttnn.tensor_spec.resolve_memory_config, as
    TensorSpec::populate_sharding_specs); equality compares the spec each side was created with, as tt-metal's."""

    def __init__(self, memory_layout=TensorMemoryLayout.INTERLEAVED, buffer_type=BufferType.DRAM, shard_spec=None,
                 nd_shard_spec=None, *, _created_with_nd=None):
        if isinstance(memory_layout, BufferType):       # MemoryConfig(buffer_type, nd_shard_spec), positionally
            if isinstance(buffer_type, BufferType) or shard_spec is not None or nd_shard_spec is not None:
                raise TypeError("MemoryConfig(buffer_type, nd_shard_spec): the ND form takes a BufferType and a "
                                "ttnn.NdShardSpec (or None)")
            memory_layout, buffer_type, nd_shard_spec = TensorMemoryLayout.INTERLEAVED, memory_layout, buffer_type
        created = nd_shard_spec is not None if _created_with_nd is None else _created_with_nd
        if nd_shard_spec is not None and created and memory_layout == TensorMemoryLayout.INTERLEAVED:
            memory_layout = TensorMemoryLayout.ND_SHARDED
        self.memory_layout = memory_layout
        self.buffer_type = buffer_type
        self.shard_spec = shard_spec
        self._nd_shard_spec = nd_shard_spec
        self._created_with_nd = bool(created)
        if self.is_sharded() and buffer_type not in (BufferType.L1, BufferType.DRAM):
            raise TTNNError(f"MemoryConfig: a sharded tensor lives in L1 or DRAM, not {buffer_type!r}.")

    def is_sharded(self) -> bool:
        return self.memory_layout != TensorMemoryLayout.INTERLEAVED

    def is_l1(self) -> bool:
        return self.buffer_type in (BufferType.L1, BufferType.L1_SMALL)

    def is_dram(self) -> bool:
        return self.buffer_type == BufferType.DRAM

    @property
    def nd_shard_spec(self):
        return self._nd_shard_spec

    @property
    def created_with_nd_shard_spec(self) -> bool:
        return self._created_with_nd

    def _key(self):
        return (self.memory_layout, self.buffer_type, self.shard_spec)

    def __eq__(self, other):
        """tt-metal memory_config.cpp operator==: layout and buffer type, then the authoritative shard spec (the ND one
        when both were created with it, the legacy one when neither was, both otherwise)."""
        if not isinstance(other, MemoryConfig):
            return False
        if (self.buffer_type, self.memory_layout) != (other.buffer_type, other.memory_layout):
            return False
        if self._created_with_nd and other._created_with_nd:
            return self._nd_shard_spec == other._nd_shard_spec
        if not self._created_with_nd and not other._created_with_nd:
            return self.shard_spec == other.shard_spec
        return self.shard_spec == other.shard_spec and self._nd_shard_spec == other._nd_shard_spec

    def __hash__(self):
        return hash((self.memory_layout, self.buffer_type))

    def __repr__(self):
        shard = "std::nullopt" if self.shard_spec is None else repr(self.shard_spec)
        nd = "std::nullopt" if self._nd_shard_spec is None else repr(self._nd_shard_spec)
        return (f"MemoryConfig(memory_layout={self.memory_layout.cpp},buffer_type={self.buffer_type.cpp},"
                f"shard_spec={shard},nd_shard_spec={nd},created_with_nd_shard_spec={int(self._created_with_nd)},"
                "per_core_allocation=0,range_lockstep_allocation=0)")


DRAM_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.DRAM)
L1_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.L1)


@dataclass
class WormholeComputeKernelConfig:
    """ttnn.WormholeComputeKernelConfig (defaults as tt-metal's ``compute_kernel_config.hpp``)."""

    math_fidelity: MathFidelity = MathFidelity.HiFi4
    math_approx_mode: bool = True
    fp32_dest_acc_en: bool = False
    packer_l1_acc: bool = False
    dst_full_sync_en: bool = False
    throttle_level: int = 0


GrayskullComputeKernelConfig = WormholeComputeKernelConfig
BlackholeComputeKernelConfig = WormholeComputeKernelConfig


def init_device_compute_kernel_config(arch=None, config=None, math_fidelity=MathFidelity.LoFi, math_approx_mode=True,
                                      fp32_dest_acc_en=False, packer_l1_acc=False, dst_full_sync_en=False,
                                      throttle_level=0):
    """ttnn.init_device_compute_kernel_config: `config` if given, else one from the keyword defaults (ttnn's
    defaults: LoFi, approx mode on)."""
    if config is not None:
        return config
    return WormholeComputeKernelConfig(math_fidelity, math_approx_mode, fp32_dest_acc_en, packer_l1_acc,
                                       dst_full_sync_en, throttle_level)


def _shard_grid(core_grid, need_hw: bool, use_hw: bool) -> CoreRangeSet:
    """The shard grid of ttnn's create_sharded_memory_config: a CoreGrid from (0, 0), a pair of CoreGrids (the first
    full, the second's columns in the row below it), or a CoreRangeSet (only with the shard shape given)."""
    if isinstance(core_grid, CoreGrid):
        return CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(core_grid.x - 1, core_grid.y - 1))])
    if isinstance(core_grid, (list, tuple)):
        if len(core_grid) != 2 or not all(isinstance(g, CoreGrid) for g in core_grid):
            raise TTNNError("create_sharded_memory_config: a core_grid list must hold two ttnn.CoreGrid.")
        a, b = core_grid
        return CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(a.x - 1, a.y - 1)),
                             CoreRange(CoreCoord(0, a.y), CoreCoord(b.x - 1, a.y))])
    if isinstance(core_grid, CoreRangeSet):
        if need_hw and not use_hw:
            raise TTNNError("create_sharded_memory_config: height and width must be shard shape with CoreRangeSet.\n"
                            "Fix: pass use_height_and_width_as_shard_shape=True (shape = the shard's [height, width]).")
        return core_grid
    raise TTNNError(f"create_sharded_memory_config: invalid core_grid type {type(core_grid).__name__}.")


_STRATEGY_LAYOUT = {ShardStrategy.HEIGHT: TensorMemoryLayout.HEIGHT_SHARDED,
                    ShardStrategy.WIDTH: TensorMemoryLayout.WIDTH_SHARDED,
                    ShardStrategy.BLOCK: TensorMemoryLayout.BLOCK_SHARDED}


def create_sharded_memory_config(shape, core_grid, strategy, orientation=None,
                                 use_height_and_width_as_shard_shape=False):
    """ttnn.create_sharded_memory_config, as tt-metal 622c6fb9 ttnn/ttnn/core.py: an L1 sharded config. With
    use_height_and_width_as_shard_shape the last two dims of `shape` are the shard's (height, width), swapped for
    COL_MAJOR; otherwise the tensor is seen as [prod(all dims but the last), width] and split evenly (HEIGHT over all
    cores, WIDTH over all cores, BLOCK height over the grid's rows and width over its columns, the other way round
    for COL_MAJOR); a split that does not divide evenly raises "Invalid sharding core_grid" as ttnn does."""
    if not isinstance(shape, (list, tuple, Shape)):
        raise TTNNError("Invalid input shape")
    if strategy not in _STRATEGY_LAYOUT:
        raise TTNNError("Invalid sharding strategy")
    orientation = orientation or ShardOrientation.ROW_MAJOR
    grid = _shard_grid(core_grid, True, use_height_and_width_as_shard_shape)
    *batch, height, width = tuple(shape)
    if use_height_and_width_as_shard_shape:
        shard = (height, width) if orientation == ShardOrientation.ROW_MAJOR else (width, height)
    else:
        h, w = math.prod(batch) * height, width
        if strategy == ShardStrategy.BLOCK:
            rows, cols = ((core_grid.y, core_grid.x) if orientation == ShardOrientation.ROW_MAJOR
                          else (core_grid.x, core_grid.y))
            if h % rows or w % cols:
                raise TTNNError("Invalid sharding core_grid")
            shard = (h // rows, w // cols)
        else:
            n = core_grid.x * core_grid.y
            if (h if strategy == ShardStrategy.HEIGHT else w) % n:
                raise TTNNError("Invalid sharding core_grid")
            shard = (h // n, w) if strategy == ShardStrategy.HEIGHT else (h, w // n)
    return MemoryConfig(_STRATEGY_LAYOUT[strategy], BufferType.L1, ShardSpec(grid, shard, orientation))


def create_sharded_memory_config_(shape, core_grid, strategy, orientation, use_height_and_width_as_shard_shape=False,
                                  tile_layout=False):
    """ttnn.create_sharded_memory_config_ (ttnn/ttnn/core.py): as create_sharded_memory_config, but the split need not
    be even: shards are rounded up (to whole tiles with tile_layout), the last one padded; `strategy` may be a
    TensorMemoryLayout and a CoreRangeSet grid is allowed without the shard shape."""
    layout = strategy if isinstance(strategy, TensorMemoryLayout) else _STRATEGY_LAYOUT[strategy]
    grid = _shard_grid(core_grid, False, use_height_and_width_as_shard_shape)
    *batch, height, width = tuple(shape)
    if use_height_and_width_as_shard_shape:
        shard = (height, width) if orientation == ShardOrientation.ROW_MAJOR else (width, height)
    else:
        h, w = math.prod(batch) * height, width
        rnd = _round_up if tile_layout else (lambda v: v)
        if layout == TensorMemoryLayout.BLOCK_SHARDED:
            xs = [c.x for c in grid]
            ys = [c.y for c in grid]
            gx, gy = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
            rows, cols = (gy, gx) if orientation == ShardOrientation.ROW_MAJOR else (gx, gy)
            shard = (rnd(-(-h // rows)), rnd(-(-w // cols)))
        elif layout == TensorMemoryLayout.HEIGHT_SHARDED:
            shard = (rnd(-(-h // grid.num_cores())), w)
        else:
            shard = (h, rnd(-(-w // grid.num_cores())))
    return MemoryConfig(layout, BufferType.L1, ShardSpec(grid, shard, orientation))
