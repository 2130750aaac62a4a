"""ttnn.Tensor: a logical shape, a dtype, a layout and its storage, on the host or in a device buffer.

Host storage is a numpy array: the logical shape in ROW_MAJOR layout, the padded shape (ttnn's padded_shape) in
TILE layout, holding the values as the dtype stores them (bfloat16 as ml_dtypes.bfloat16, bfloat8_b as the
dequantized float32 values beside its packed tile bytes, which are the truth). Device storage is an interleaved
buffer of the simulated chip (tensix.metalium.Buffer) in DRAM or L1: in TILE layout one page per tile, tiles
in row-major order over (outer dims, Ht, Wt), each tile in face order and the dtype's tile format; in ROW_MAJOR
layout one page per row of the last dimension (tt-metal's interleaved tensor layout).

A tensor carries its ttnn.Tile (32x32 unless made with another: `tile=` of from_torch / TensorSpec). A tensor in
another tile (a tiny tile or a transposed one) is padded to that tile's height and width, its pages are tiles of
Tile.get_tile_size bytes laid out by tensix.ttnn.tile_layout, and its device buffer is tagged with the tile
(`ttnn_tile`) so that a view made without it is refused; device operations refuse such tensors (tensix.ttnn.op)."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np

from tensix.device import formats
from tensix.device.errors import DramOverflowError, L1OverflowError
from tensix.errors import NotModelledError
from tensix.device.formats import DataFormat
from tensix.metalium import host as mh
from tensix.metalium.types import BufferType as MBufferType
from tensix.ttnn.errors import DeallocatedError, DeviceMismatchError, DTypeError, LayoutError, OutOfMemoryError, \
    TTNNError
from tensix.ttnn import tile_layout
from tensix.ttnn.types import (DRAM_MEMORY_CONFIG, TILE_SIZE, BufferType, DataType, Layout, MemoryConfig, Shape,
                               StorageType, TensorMemoryLayout, Tile, data_format, describe_tile, element_size,
                               is_block_float, is_full_tile, padded_shape)

# numpy container of each dtype's host values (bfloat8_b, bfloat4_b: float32 values of their packed tiles)
_HOST_NP = {
    DataType.BFLOAT16: np.dtype(ml_dtypes.bfloat16),
    DataType.FLOAT32: np.dtype(np.float32),
    DataType.BFLOAT8_B: np.dtype(np.float32),
    DataType.BFLOAT4_B: np.dtype(np.float32),
    DataType.UINT16: np.dtype(np.uint16),
    DataType.UINT32: np.dtype(np.uint32),
    DataType.INT32: np.dtype(np.int32),
    DataType.UINT8: np.dtype(np.uint8),
}
# numpy container whose raw bytes are the device's for plain (not block-float) dtypes
_RAW_NP = {
    DataType.BFLOAT16: np.dtype(np.uint16),
    DataType.FLOAT32: np.dtype(np.float32),
    DataType.UINT16: np.dtype(np.uint16),
    DataType.UINT32: np.dtype(np.uint32),
    DataType.INT32: np.dtype(np.int32),
    DataType.UINT8: np.dtype(np.uint8),
}


def host_np_dtype(dtype: DataType) -> np.dtype:
    try:
        return _HOST_NP[dtype]
    except KeyError:
        raise DTypeError(f"dtype {dtype!r} is not modelled by tensix.ttnn; use one of "
                         f"{', '.join(repr(d) for d in _HOST_NP)}.") from None


# ---------------------------------------------------------------------------------------- host conversions
def convert_values(values: np.ndarray, dtype: DataType) -> np.ndarray:
    """Numbers -> the host values of `dtype`, converted as tt-metal's host does: float -> bfloat16 rounds to
    nearest even (bfloat16.hpp; NaN -> 0x7FC0), float -> float32 as static_cast<float>, float -> an integer
    type truncates toward zero, then saturates (uint16, int32) or wraps (uint32), as the ttnn 0.81.1 wheel does
    (tests/ttnn_reference; float -> uint8 is refused: not established), integers wrap as C++ casts do. bfloat8_b / bfloat4_b: float32 here; quantised when tiled
    (pack_bfp)."""
    a = np.asarray(values)
    if dtype == DataType.BFLOAT16:
        if a.dtype == ml_dtypes.bfloat16:
            return a
        with np.errstate(over="ignore", invalid="ignore"):
            f = np.ascontiguousarray(a.astype(np.float32))
        return formats.fp32_to_bf16_rne(f.view(np.uint32)).astype(np.uint16).view(ml_dtypes.bfloat16).reshape(a.shape)
    if dtype == DataType.FLOAT32 or is_block_float(dtype):
        with np.errstate(over="ignore", invalid="ignore"):
            return a.astype(np.float32)
    target = host_np_dtype(dtype)
    if dtype == DataType.UINT8 and (a.dtype.kind == "f" or a.dtype == ml_dtypes.bfloat16):
        raise NotModelledError("ttnn: converting floating-point values to uint8 is not modelled by tensix (how "
                               "ttnn's host rounds and clamps them is not established).\nFix: pass integers "
                               "(e.g. torch.uint8 or int tensors).")
    if a.dtype.kind == "f" or a.dtype == ml_dtypes.bfloat16:
        f = np.nan_to_num(np.trunc(a.astype(np.float64)), nan=0.0)
        if dtype == DataType.UINT32:        # wraps modulo 2^32 (the ttnn 0.81.1 wheel: -68859.4 -> 4294898437)
            return np.clip(f, -2.0**63, 2.0**63 - 1).astype(np.int64).astype(np.uint32)
        info = np.iinfo(target)             # uint16 and int32 saturate (the wheel agrees)
        return np.clip(f, info.min, info.max).astype(target)
    if a.dtype == bool:
        return a.astype(target)
    return a.astype(np.int64).astype(target)


def pad_to(values: np.ndarray, shape: Shape, pad_value=0) -> np.ndarray:
    """`values` (logical shape) placed at the start of an array of the padded `shape`, the rest `pad_value`."""
    if tuple(values.shape) == tuple(shape):
        return values
    src = values.reshape((1,) * (len(shape) - values.ndim) + tuple(values.shape)) if values.ndim < len(shape) \
        else values
    out = np.full(tuple(shape), pad_value, values.dtype)
    out[tuple(slice(0, d) for d in src.shape)] = src
    return out


def unpad(values: np.ndarray, shape: Shape) -> np.ndarray:
    """The logical part (shape `shape`) of padded `values`."""
    if tuple(values.shape) == tuple(shape):
        return values
    if len(shape) < values.ndim:        # rank 0 / 1 tensors are padded to rank 2
        lead = values.ndim - len(shape)
        values = values[(0,) * lead]
    out = np.ascontiguousarray(values[tuple(slice(0, d) for d in shape)])
    return out.reshape(()) if len(shape) == 0 else out     # ascontiguousarray makes a 0-d array 1-d


def _as_tiles(values: np.ndarray) -> np.ndarray:
    """A padded (..., H, W) array -> (n, 32, 32) tiles in row-major tile order."""
    h, w = values.shape[-2:]
    return (values.reshape(-1, h // TILE_SIZE, TILE_SIZE, w // TILE_SIZE, TILE_SIZE)
            .transpose(0, 1, 3, 2, 4).reshape(-1, TILE_SIZE, TILE_SIZE))


def _from_tiles(tiles: np.ndarray, shape) -> np.ndarray:
    h, w = shape[-2:]
    return (tiles.reshape(-1, h // TILE_SIZE, w // TILE_SIZE, TILE_SIZE, TILE_SIZE)
            .transpose(0, 1, 3, 2, 4).reshape(tuple(shape)))


def pack_bfp(values: np.ndarray, dtype: DataType, tile: Tile | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Padded float values -> (tile bytes (n, 1088 for bfloat8_b, 576 for bfloat4_b; Tile.get_tile_size for another
    tile), the values they hold), tt-metal's host block-float packing (blockfloat_common.cpp convert_u32_to_bfp
    through tensix.device.formats; pack_as_bfp_tiles with the tile: tensix.ttnn.tile_layout)."""
    fmt = data_format(dtype)
    if not is_full_tile(tile):
        tiles = tile_layout.pack_bfp(values, fmt, tile)
        return tiles, tile_layout.unpack_bfp(tiles, fmt, tile, values.shape)
    tiles = formats.pack_tile_bytes(_as_tiles(values.astype(np.float32)), fmt)
    tiles = tiles.reshape(-1, formats.tile_size(fmt))
    return tiles, _from_tiles(formats.unpack_tile_bytes(tiles, fmt), values.shape)


# --------------------------------------------------------------------------------------------- the tensor
class Tensor:
    """ttnn.Tensor. Made by ttnn.from_torch / from_numpy / the creation ops / the ops; `Tensor(data, shape, dtype,
    layout)` builds a host tensor from a flat list as ttnn's constructor does."""

    _topology = None        # a ttnn.TensorTopology other than the default (tensix.ttnn.mesh.topology_of)

    def __init__(self, data=None, shape=None, dtype=None, layout=None, device=None, memory_config=None, *,
                 tensor=None, data_type=None, mem_config=None, tile=None, **kwargs):
        from tensix.ttnn import core
        if isinstance(shape, DataType):
            # ttnn's array overload, positionally: Tensor(tensor, data_type, device=None, layout=None, mem_config=None)
            shape, dtype, device, memory_config = None, shape, dtype, device
        src = tensor if tensor is not None else data
        if src is None:
            raise TTNNError("ttnn.Tensor(...) needs data (a list with a shape, a numpy array or a torch tensor).")
        arr = core._to_numpy_input(src)
        if shape is not None:
            arr = np.asarray(arr).reshape(tuple(shape))
        t = core.from_numpy(arr, dtype=dtype or data_type, layout=layout, device=device,
                            memory_config=memory_config or mem_config, tile=tile)
        self.__dict__.update(t.__dict__)

    @classmethod
    def _make(cls, shape, dtype, layout, *, host=None, bfp=None, device=None, buffer=None, memory_config=None,
              padded=None, tile=None):
        t = cls.__new__(cls)
        t._shape = Shape(shape)
        t._tile = None if is_full_tile(tile) else tile      # None: the 32x32 tile in normal face order
        # padded: a padded shape other than the layout's default (tilize_with_val_padding, views of ttnn.reshape)
        t._padded = padded_shape(t._shape, layout, t._tile) if padded is None else Shape(padded)
        t._dtype = dtype
        t._layout = layout
        t._host = host              # numpy values (host storage)
        t._bfp = bfp                # bfloat8_b / bfloat4_b: packed tile bytes (host storage)
        t._device = device          # MeshDevice (device storage)
        t._buffer = buffer          # tensix.metalium Buffer
        t._memory_config = memory_config
        t._deallocated = False
        if bfp is not None and layout == Layout.TILE and bfp.ndim == 2 and bfp.shape[1] != t.page_size:
            # packed tiles of another tile's size, given to a tensor of this tile: an op that does not know tiles
            # (a host reshape, say) made it from a tensor in tiny tiles; its pages would be misread
            raise NotModelledError(
                f"a {dtype.name.lower()} tensor of {t.tile_shape[0]}x{t.tile_shape[1]} tiles ({t.page_size} B) was "
                f"made from packed tiles of {bfp.shape[1]} B (a tensor stored in another ttnn.Tile), by an operation that "
                "does not model tiles other than 32x32.\nFix: run the operation on a tensor in the default tile.")
        return t

    # ---- spec ----
    @property
    def shape(self) -> Shape:
        return self._shape

    @property
    def logical_shape(self) -> Shape:
        return self._shape

    @property
    def padded_shape(self) -> Shape:
        return self._padded

    @property
    def dtype(self) -> DataType:
        return self._dtype

    @property
    def layout(self) -> Layout:
        return self._layout

    def get_dtype(self) -> DataType:
        return self._dtype

    def get_layout(self) -> Layout:
        return self._layout

    def memory_config(self) -> MemoryConfig:
        """The tensor's memory config; a host tensor's spec carries ttnn's default, DRAM interleaved."""
        return self._memory_config if self._memory_config is not None else DRAM_MEMORY_CONFIG

    def tensor_topology(self):
        """How the tensor is spread over the mesh (a ttnn.TensorTopology; tensix.ttnn.mesh)."""
        from tensix.ttnn.mesh import topology_of
        return topology_of(self)

    def storage_type(self) -> StorageType:
        return StorageType.DEVICE if self._device is not None else StorageType.HOST

    def device(self):
        return self._device

    def is_allocated(self) -> bool:
        return not self._deallocated

    def is_sharded(self) -> bool:
        return self._memory_config is not None and self._memory_config.is_sharded()

    def volume(self) -> int:
        return self._padded.volume()

    def logical_volume(self) -> int:
        return self._shape.volume()

    def element_size(self) -> int:
        return element_size(self._dtype)

    def buffer_address(self) -> int:
        return self._require_device("buffer_address").address()

    @property
    def tile_shape(self):
        return (TILE_SIZE, TILE_SIZE) if self._tile is None else tuple(self._tile.tile_shape)

    @property
    def tile(self) -> Tile:
        """ttnn Tensor.tile: the tile the tensor is stored in (its tensor spec's page config keeps it in ROW_MAJOR
        layout too, as tt-metal's to_layout does)."""
        return Tile() if self._tile is None else self._tile

    # ---- storage access ----
    def _check_alive(self, what):
        if self._deallocated:
            raise DeallocatedError(f"{what}: this tensor (shape {self._shape!r}, {self._dtype!r}) was deallocated "
                                   "(ttnn.deallocate); its buffer may hold another tensor's data now.\nFix: do not "
                                   "use a tensor after deallocating it, or deallocate it later.")

    def _require_device(self, what):
        self._check_alive(what)
        if self._device is None:
            raise DeviceMismatchError(f"{what}: the tensor is on the host.\nFix: ttnn.to_device(tensor, device) first "
                                      "(or pass device= to ttnn.from_torch).")
        self._device.sim   # refuses a closed device
        return self._buffer

    @property
    def num_pages(self) -> int:
        if self._layout == Layout.TILE:
            th, tw = self.tile_shape
            return self._padded.volume() // (th * tw)
        return self._shape.volume() // max(self._shape[-1], 1) if len(self._shape) else 1

    @property
    def page_size(self) -> int:
        if self._layout == Layout.TILE:
            if self._tile is not None:
                return self._tile.get_tile_size(self._dtype)
            return formats.tile_size(data_format(self._dtype))
        return max(self._shape[-1] if len(self._shape) else 1, 1) * element_size(self._dtype)

    def host_values(self) -> np.ndarray:
        """The host storage's values (padded in TILE layout), reading the device buffer for a device tensor."""
        self._check_alive("reading the tensor")
        if self._device is None:
            return self._host
        return read_device_values(self)

    def values(self) -> np.ndarray:
        """The logical values, as a numpy array of the host container dtype."""
        v = self.host_values()
        return unpad(v, self._shape) if self._layout == Layout.TILE else v

    # ---- conversions (method forms of the module functions) ----
    def to(self, target, memory_config=None, *args, **kwargs):
        from tensix.ttnn import core
        if isinstance(target, Layout):
            return core.to_layout(self, target)
        return core.to_device(self, target, memory_config=memory_config)

    def cpu(self, blocking=True, *args, **kwargs):
        from tensix.ttnn import core
        return core.from_device(self)

    def to_torch(self, *args, **kwargs):
        from tensix.ttnn import core
        return core.to_torch(self)

    def to_numpy(self, *args, **kwargs):
        from tensix.ttnn import core
        return core.to_numpy(self)

    def to_torch_with_padded_shape(self):
        """ttnn's Tensor.to_torch_with_padded_shape() (ttnn-nanobind/pytensor.cpp, legacy): a host tensor's values in
        its padded shape, tile padding included, converted as ttnn.to_torch converts."""
        from tensix.ttnn import core
        if self._device is not None:
            raise TTNNError("to_torch_with_padded_shape: the tensor must be on host.\nFix: tensor.cpu() first.")
        padded = Tensor._make(self._padded, self._dtype, Layout.ROW_MAJOR,
                              host=np.asarray(self.host_values()).reshape(tuple(self._padded)), tile=self._tile)
        return core.to_torch(padded)

    def to_list(self):
        return self.to_numpy().tolist()

    def item(self):
        v = self.to_numpy()
        if v.size != 1:
            raise TTNNError(f"Tensor.item(): the tensor has {v.size} elements, not one.")
        return v.reshape(()).item()

    def reshape(self, *shape):
        from tensix.ttnn import operations
        if len(shape) == 1 and not isinstance(shape[0], int):
            shape = tuple(shape[0])
        return operations.reshape(self, shape)

    def pad_to_tile(self, pad_value):
        from tensix.ttnn import core
        return core.to_layout(self, Layout.TILE, pad_value=pad_value) if self._layout != Layout.TILE else self

    def deallocate(self, force=True):
        from tensix.ttnn import core
        core.deallocate(self, force)

    def __getitem__(self, slices):
        from tensix.ttnn import operations
        return operations.getitem(self, slices)

    # ---- operators (ttnn.Tensor's Python operators call the ops) ----
    def _binary(self, name, other, reflected=False):
        from tensix.ttnn import operations
        op = getattr(operations, name)
        return op(other, self) if reflected else op(self, other)

    def __add__(self, other):
        return self._binary("add", other)

    def __radd__(self, other):
        return self._binary("add", other, True)

    def __sub__(self, other):
        return self._binary("subtract", other)

    def __rsub__(self, other):
        return self._binary("subtract", other, True)

    def __mul__(self, other):
        return self._binary("multiply", other)

    def __rmul__(self, other):
        return self._binary("multiply", other, True)

    def __truediv__(self, other):
        return self._binary("divide", other)

    def __rtruediv__(self, other):
        # ttnn/__init__.py (622c6fb9) sets Tensor.__rtruediv__ to ttnn.rdiv(self, other): other / self
        from tensix.ttnn import operations
        return operations.rdiv(self, other)

    def __matmul__(self, other):
        return self._binary("matmul", other)

    def __neg__(self):
        from tensix.ttnn import operations
        return operations.neg(self)

    def __repr__(self):
        from tensix.ttnn.printing import tensor_repr
        return tensor_repr(self)

    __str__ = __repr__


def _comparison_operator(name: str):
    def operator(self, other):
        from tensix.ttnn import operations
        return getattr(operations, name)(self, other)
    operator.__name__ = operator.__qualname__ = f"__{name}__"
    operator.__doc__ = f"ttnn.{name}(self, other): a tensor of 1.0 / 0.0, not a bool (ttnn/__init__.py, 622c6fb9)."
    return operator


# ttnn/__init__.py (622c6fb9) sets these after the class is made: `a == b` between tensors is the element-wise
# ttnn.eq, a (truthy) Tensor. Assigned here, after the class statement, so that Tensor keeps object.__hash__ (a
# class body defining __eq__ would set __hash__ to None): tensors stay usable as dict keys and set members by
# identity (dict and set lookups compare identity first, and equal identity hashes mean the same tensor). Membership
# in a list or tuple (`t in [...]`, list.index / remove / count) compares with ==, whose (truthy) tensor makes it true
# for the first tensor there: tensix's own code tells tensors apart with `is` (tests/test_ttnn_binary61.py).
for _name in ("eq", "ne", "gt", "ge", "lt", "le"):
    setattr(Tensor, f"__{_name}__", _comparison_operator(_name))
del _name


# ------------------------------------------------------------------------------------- device storage I/O
def _oom(exc, size, page_size, buffer_type) -> OutOfMemoryError:
    kind = "DRAM" if buffer_type == BufferType.DRAM else "L1"
    return OutOfMemoryError(
        f"Out of Memory: Not enough space to allocate {size} B {kind} buffer across the {kind} banks (page size "
        f"{page_size} B): {exc}\nFix: deallocate tensors you no longer need (ttnn.deallocate), use DRAM instead of L1, "
        "or work on smaller tensors.")


def allocate_buffer(device, size: int, page_size: int, memory_config: MemoryConfig):
    """An interleaved buffer of `size` bytes in pages of `page_size` on `device` (a MeshDevice)."""
    if memory_config.is_sharded():
        from tensix.errors import NotModelledError
        raise NotModelledError(f"a sharded output ({memory_config.memory_layout!r}) is not modelled for this op by "
                               "tensix.ttnn (sharded tensors are made by ttnn.from_torch / to_device / "
                               "to_memory_config and the ops that have sharded variants).\nFix: ask for an interleaved "
                               "output (ttnn.DRAM_MEMORY_CONFIG / ttnn.L1_MEMORY_CONFIG) and ttnn.to_memory_config it.")
    bt = MBufferType.DRAM if memory_config.buffer_type == BufferType.DRAM else MBufferType.L1
    try:
        return mh.CreateBuffer(mh.InterleavedBufferConfig(device.sim, max(size, page_size), page_size, bt))
    except (DramOverflowError, L1OverflowError) as e:
        raise _oom(e, size, page_size, memory_config.buffer_type) from None


def device_bytes(t: Tensor) -> np.ndarray:
    """The bytes a host tensor has in a device buffer, page after page (see the module docstring)."""
    if t._padded.volume() == 0:             # a zero-volume tensor has no pages
        return np.zeros(0, np.uint8)
    if t._layout == Layout.TILE:
        if is_block_float(t._dtype):
            return t._bfp.reshape(-1)
        raw = np.ascontiguousarray(t._host).view(_RAW_NP[t._dtype])
        if t._tile is not None:
            return tile_layout.tilize(raw.reshape(tuple(t._padded)), t._tile).reshape(-1).view(np.uint8)
        h, w = t._padded[-2:]
        return formats.tilize_nfaces(raw.reshape(-1, w), raw.size // w, w).view(np.uint8)
    return np.ascontiguousarray(t._host).view(_RAW_NP[t._dtype]).reshape(-1).view(np.uint8)


def values_from_bytes(raw: np.ndarray, shape: Shape, padded: Shape, dtype: DataType, layout: Layout,
                      tile: Tile | None = None):
    """Inverse of device_bytes: (host values, bfp tile bytes or None)."""
    tiny = not is_full_tile(tile)
    if padded.volume() == 0:
        size = tile.get_tile_size(dtype) if tiny else formats.tile_size(data_format(dtype))
        bfp = np.zeros((0, size), np.uint8) if is_block_float(dtype) else None
        return np.zeros(tuple(padded if layout == Layout.TILE else shape), _HOST_NP[dtype]), bfp
    if layout == Layout.TILE and tiny:
        if is_block_float(dtype):
            fmt = data_format(dtype)
            tiles = raw.reshape(-1, tile.get_tile_size(dtype)).copy()
            return tile_layout.unpack_bfp(tiles, fmt, tile, tuple(padded)), tiles
        th, tw = tile.tile_shape
        flat = raw.view(_RAW_NP[dtype]).reshape(-1, th * tw)
        return tile_layout.untilize(flat, tuple(padded), tile).view(_HOST_NP[dtype]), None
    if layout == Layout.TILE:
        if is_block_float(dtype):
            fmt = data_format(dtype)
            tiles = raw.reshape(-1, formats.tile_size(fmt)).copy()
            vals = _from_tiles(formats.unpack_tile_bytes(tiles, fmt), tuple(padded))
            return vals, tiles
        h, w = padded[-2:]
        flat = raw.view(_RAW_NP[dtype])
        vals = formats.untilize_nfaces(flat, flat.size // w, w).reshape(tuple(padded))
        return vals.view(_HOST_NP[dtype]), None
    return raw.view(_RAW_NP[dtype]).reshape(tuple(shape)).view(_HOST_NP[dtype]).copy(), None


def write_to_device(t: Tensor, device, memory_config: MemoryConfig) -> Tensor:
    if memory_config.is_sharded():
        from tensix.ttnn import nd_sharded, sharded
        if nd_sharded.uses_nd_storage(memory_config, t._shape, t._dtype, t._layout, t._padded):
            if t._tile is not None:
                raise NotModelledError(
                    f"ttnn.to_device: an ND- or DRAM-sharded tensor ({memory_config.memory_layout!r} in "
                    f"{memory_config.buffer_type!r}) stored in {describe_tile(t._tile)} is not modelled by tensix.ttnn "
                    "(its BufferDistributionSpec placement counts 32x32 tiles); interleaved tensors and L1 height / "
                    "width / block sharded ones may use any tile.\nFix: use one of those, or the default 32x32 tile.")
            return nd_sharded.write_to_device(t, device, memory_config)     # BufferDistributionSpec placement
        return sharded.write_to_device(t, device, memory_config)            # one 2-D shard per core
    data = device_bytes(t)
    size = t.num_pages * t.page_size
    buf = allocate_buffer(device, size, t.page_size, memory_config)
    buf.write_bytes(data)
    if t._tile is not None and t._layout == Layout.TILE:
        buf.ttnn_tile = t._tile         # a view made over these pages without the tile is refused (storage_tile)
    return Tensor._make(t._shape, t._dtype, t._layout, device=device, buffer=buf, memory_config=memory_config,
                        padded=t._padded, tile=t._tile)


def storage_tile(t: Tensor) -> Tile | None:
    """The tile a device tensor's pages hold, if not the 32x32 one: its own, or the one its buffer (or the buffer it
    views) was written with (a view made by an op that does not know tiles would otherwise claim 32x32 pages)."""
    if t._tile is not None:
        return t._tile
    buf = t._buffer
    while buf is not None:
        tile = getattr(buf, "ttnn_tile", None)
        if tile is not None:
            return tile
        buf = getattr(buf, "_parent", None)
    return None


def _read_raw(t: Tensor, what: str) -> np.ndarray:
    """The device tensor's bytes in page order (interleaved pages, or the shards gathered)."""
    buf = t._require_device(what)
    if t._tile is None and storage_tile(t) is not None:
        raise NotModelledError(
            f"{what}: this tensor views a device buffer stored in {describe_tile(storage_tile(t))} but claims 32x32 "
            "tiles (it was made by an op that does not model other tiles); reading it would give wrong values.\n"
            "Fix: do not run ops on tensors stored in tiles other than 32x32 (ttnn.to_torch the original tensor).")
    if t.is_sharded():
        from tensix.ttnn import nd_sharded, sharded
        if isinstance(buf, nd_sharded.NdShardedBuffer):
            return nd_sharded.read_bytes(buf)
        return sharded.read_shards(buf)
    raw = np.empty(t.num_pages * t.page_size, np.uint8)
    buf.read_into(raw, raw.size)
    return raw


def read_device_values(t: Tensor) -> np.ndarray:
    vals, _ = values_from_bytes(_read_raw(t, "reading the tensor"), t._shape, t._padded, t._dtype, t._layout,
                                t._tile)
    return vals


def read_to_host(t: Tensor) -> Tensor:
    vals, bfp = values_from_bytes(_read_raw(t, "ttnn.from_device"), t._shape, t._padded, t._dtype, t._layout,
                                  t._tile)
    return Tensor._make(t._shape, t._dtype, t._layout, host=vals, bfp=bfp, padded=t._padded, tile=t._tile)


def tile_count(shape) -> int:
    p = padded_shape(shape, Layout.TILE)
    return math.prod(p) // (TILE_SIZE * TILE_SIZE)
