"""Host <-> device: from_torch / to_torch (torch optional), from_numpy / to_numpy (tensix's extension), to_device /
from_device, to_layout (tilize / untilize with ttnn's padding), deallocate, and the creation ops.

torch is imported only when a torch tensor is given or asked for, so tensix.ttnn works without it."""

from __future__ import annotations

import warnings

import numpy as np

from tensix.errors import NotModelledError
from tensix.ttnn import mesh
from tensix.ttnn import tensor as T
from tensix.ttnn.errors import DeviceMismatchError, DTypeError, LayoutError, TTNNError
from tensix.ttnn.types import (DRAM_MEMORY_CONFIG, DataType, Layout, MemoryConfig, Shape, Tile, is_block_float,
                               is_float, padded_shape)
from tensix.ttnn.tensor import Tensor

# ------------------------------------------------------------------------------------------------ torch
# the dtype ttnn infers when none is given: tt-metal 622c6fb9 ttnn/cpp/ttnn-nanobind/ttnn_dtype_traits.hpp ("torch
# ingress -> ttnn label inferred"); None: ttnn has none (pass dtype=). numpy: the same table, except that float64 arrays
# (numpy's default) become float32 (tensix's from_numpy convenience; ttnn's numpy ingress has none).
_TORCH_TO_DTYPE = {"bfloat16": DataType.BFLOAT16, "float32": DataType.FLOAT32, "float16": DataType.BFLOAT16,
                   "float64": None, "int32": DataType.INT32, "int64": DataType.UINT32, "int16": DataType.UINT16,
                   "uint16": None, "uint32": None, "uint64": None, "int8": None, "uint8": DataType.UINT8,
                   "bool": None}
_NP_TO_DTYPE = {"bfloat16": DataType.BFLOAT16, "float32": DataType.FLOAT32, "float64": DataType.FLOAT32,
                "float16": None, "int32": DataType.INT32, "int64": DataType.UINT32, "int16": DataType.UINT16,
                "uint16": None, "uint32": None, "uint64": None, "int8": None, "uint8": DataType.UINT8, "bool": None}


def _is_torch(x) -> bool:
    return type(x).__module__.startswith("torch") and hasattr(x, "detach")


def _torch_to_numpy(t) -> np.ndarray:
    import torch
    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        import ml_dtypes
        return t.contiguous().view(torch.int16).numpy().view(ml_dtypes.bfloat16)
    if t.dtype in (torch.uint16, torch.uint32):
        wide = t.to(torch.int64).numpy()
        return wide.astype(np.uint16 if t.dtype == torch.uint16 else np.uint32)
    return t.contiguous().numpy()


def _to_numpy_input(x) -> np.ndarray:
    if isinstance(x, np.ndarray):
        return x
    if _is_torch(x):
        return _torch_to_numpy(x)
    if isinstance(x, Tensor):
        return x.values()
    return np.asarray(x)


def _default_dtype(x, arr: np.ndarray) -> DataType:
    if _is_torch(x):
        name = str(x.dtype).replace("torch.", "")
        table = _TORCH_TO_DTYPE
    else:
        name = arr.dtype.name
        table = _NP_TO_DTYPE
    dtype = table.get(name)
    if dtype is None:
        raise DTypeError(f"ttnn.from_torch / from_numpy: ttnn infers no dtype for {name} (tt-metal "
                         "ttnn_dtype_traits.hpp).\nFix: pass dtype=ttnn.bfloat16, ttnn.float32, ttnn.int32, ttnn.uint16 "
                         "or ttnn.uint32.")
    return dtype


# ---------------------------------------------------------------------------------------- host creation
def _host_tensor(values: np.ndarray, shape, dtype: DataType, layout: Layout, pad_value=None, tile=None) -> Tensor:
    """A host tensor of logical `shape` from values of that shape (already in the dtype's host container), in TILE
    layout padded to the tile's height and width (32x32 unless `tile` is another ttnn.Tile) and, for the block
    floats, packed into tiles of that shape (tensix.ttnn.tile_layout)."""
    if is_block_float(dtype) and layout != Layout.TILE:
        raise LayoutError(f"{dtype.name.lower()} tensors exist only in TILE_LAYOUT (their exponents are shared by 16 "
                          "values of a tile's face row).\nFix: pass layout=ttnn.TILE_LAYOUT.")
    shape = Shape(shape)
    if layout == Layout.TILE:
        padded = padded_shape(shape, layout, tile)
        fill = 0 if pad_value is None else pad_value
        pad = np.asarray(T.convert_values(np.asarray([fill], np.float64 if is_float(dtype) else np.int64), dtype))[0]
        vals = T.pad_to(values.reshape(tuple(shape)), padded, pad)
        if is_block_float(dtype):
            tiles, vals = T.pack_bfp(vals, dtype, tile)
            return Tensor._make(shape, dtype, layout, host=vals, bfp=tiles, tile=tile)
        return Tensor._make(shape, dtype, layout, host=np.asarray(vals, order="C"), tile=tile)
    return Tensor._make(shape, dtype, layout, host=np.asarray(values.reshape(tuple(shape)), order="C"), tile=tile)


def from_numpy(array, dtype: DataType | None = None, *, layout: Layout | None = None, device=None,
               memory_config: MemoryConfig | None = None, pad_value=None, tile=None, **kwargs) -> Tensor:
    """tensix's numpy form of ttnn.from_torch: same arguments, a numpy array (or anything numpy takes)."""
    if array is None:
        return None
    src = array
    arr = _to_numpy_input(array)
    dtype = dtype or _default_dtype(src, arr)
    if layout is None:
        layout = Layout.TILE if is_block_float(dtype) else Layout.ROW_MAJOR
    if tile is not None and not isinstance(tile, Tile):
        raise TypeError(f"ttnn.from_torch: tile must be a ttnn.Tile, got {type(tile).__name__}")
    t = _host_tensor(T.convert_values(arr, dtype), arr.shape, dtype, layout, pad_value, tile)
    if device is not None:
        t = to_device(t, device, memory_config=memory_config)
    return t


def from_torch(tensor, dtype: DataType | None = None, *, spec=None, tile=None, pad_value=None,
               layout: Layout | None = None, device=None, memory_config: MemoryConfig | None = None,
               mesh_mapper=None, cq_id=None, preserve_nan_values=False, col_tilize=False, **kwargs) -> Tensor:
    """ttnn.from_torch(tensor, dtype=None, *, layout=ROW_MAJOR, device=None, memory_config=None, pad_value=None,
    col_tilize=False): a torch tensor (or numpy array) to a ttnn tensor, on `device` if given. col_tilize (block-float
    dtypes only, as ttnn 622c6fb9 ttnn/ttnn/operations/core.py): the last two dims are transposed on the host before
    the BFP tiles are packed, so the result has shape (..., N, K)."""
    if tensor is None:
        return None
    if spec is not None:
        if col_tilize:
            raise TTNNError("ttnn.from_torch: col_tilize=True is not supported with spec")
        dtype, layout, memory_config = spec.dtype, spec.layout, spec.memory_config
        tile = spec.tile if tile is None else tile
    mapper = None if mesh_mapper is None else mesh.unwrap_mapper(mesh_mapper)
    if col_tilize:
        if dtype not in (DataType.BFLOAT8_B, DataType.BFLOAT4_B):
            raise TTNNError("ttnn.from_torch: col_tilize=True requires BFP dtype (bfloat8_b or bfloat4_b)")
        arr = _to_numpy_input(tensor)
        if arr.ndim < 2:
            raise TTNNError("ttnn.from_torch: col_tilize=True requires tensor.ndim >= 2")
        if layout is not None and layout != Layout.TILE:
            raise TTNNError("ttnn.from_torch: col_tilize=True requires layout to be None or ttnn.TILE_LAYOUT")
        tensor = np.swapaxes(arr.astype(np.float32), -1, -2)
    if mapper is None:
        return from_numpy(tensor, dtype, layout=layout, device=device, memory_config=memory_config,
                          pad_value=pad_value, tile=tile)
    t = from_numpy(tensor, dtype, layout=layout, pad_value=pad_value, tile=tile)
    mapper.check(t.shape)       # one device: its shard (or replica) is the whole tensor
    mesh.set_topology(t, mapper.topology())
    return t if device is None else to_device(t, device, memory_config=memory_config)


def to_numpy(tensor: Tensor, dtype=None) -> np.ndarray:
    """The logical values as a numpy array: float32 for the float dtypes (exact for bfloat16 and the block floats), the
    integer dtypes as they are."""
    vals = np.asarray(tensor.values())
    if tensor.dtype == DataType.BFLOAT16 or is_block_float(tensor.dtype):
        vals = vals.astype(np.float32)
    return vals.astype(dtype) if dtype is not None else np.array(vals)


def to_torch(tensor: Tensor, dtype=None, *, torch_rank=None, mesh_composer=None, device=None, cq_id=None):
    """ttnn.to_torch: bfloat16 -> torch.bfloat16, float32 and bfloat8_b -> torch.float32, int32 -> torch.int32,
    uint16 / uint32 -> torch.uint16 / torch.uint32 (as today's ttnn)."""
    import torch
    if mesh_composer is not None:
        mesh.check_composer(mesh_composer, tensor)      # one device: the concatenation is its tensor
    vals = np.asarray(tensor.values())
    if tensor.dtype == DataType.BFLOAT16:
        out = torch.from_numpy(np.ascontiguousarray(vals).view(np.int16)).view(torch.bfloat16)
    elif tensor.dtype == DataType.UINT8:
        out = torch.from_numpy(np.ascontiguousarray(vals, np.uint8).copy())
    elif tensor.dtype in (DataType.UINT16, DataType.UINT32):
        out = torch.from_numpy(vals.astype(np.int64)).to(torch.uint16 if tensor.dtype == DataType.UINT16
                                                         else torch.uint32)
    else:
        out = torch.from_numpy(np.ascontiguousarray(vals).copy())
    out = out.reshape(vals.shape)       # np.ascontiguousarray makes a rank-0 tensor's values 1-d
    if torch_rank is not None:
        while out.dim() > torch_rank:
            if out.shape[0] != 1:
                raise TTNNError("ttnn.to_torch: Unable to squeeze to desired rank!")
            out = out.squeeze(0)
    return out.to(dtype) if dtype is not None else out


# ------------------------------------------------------------------------------------------ host/device
def _check_device(device, what):
    from tensix.ttnn.device import MeshDevice
    if not isinstance(device, MeshDevice):
        raise DeviceMismatchError(f"{what}: {device!r} is not a ttnn device.\nFix: pass the device ttnn.open_device "
                                  "returned.")
    device.sim     # refuses a closed device


def to_device(tensor: Tensor, device, memory_config: MemoryConfig | None = None, cq_id=None) -> Tensor:
    """ttnn.to_device(tensor, device, memory_config=DRAM_MEMORY_CONFIG): write the host tensor into a new device
    buffer. A tensor already on this device is returned as it is (ttnn does the same)."""
    tensor._check_alive("ttnn.to_device")
    _check_device(device, "ttnn.to_device")
    if tensor._device is not None:
        if tensor._device is device:
            return tensor
        raise DeviceMismatchError("ttnn.to_device: the tensor is on another device.\nFix: ttnn.from_device first.")
    out = T.write_to_device(tensor, device, memory_config or DRAM_MEMORY_CONFIG)
    out._topology = tensor._topology
    return out


def from_device(tensor: Tensor, blocking=True, cq_id=None, queue_id=None) -> Tensor:
    """ttnn.from_device: the device tensor's data read back into a host tensor (same layout, padding kept)."""
    tensor._check_alive("ttnn.from_device")
    if tensor._device is None:
        return tensor
    out = T.read_to_host(tensor)
    out._topology = tensor._topology
    return out


def to_layout(tensor: Tensor, layout: Layout, dtype: DataType | None = None, memory_config=None, device=None,
              pad_value=None, sub_core_grids=None, **kwargs) -> Tensor:
    """ttnn.to_layout: ROW_MAJOR <-> TILE. A host tensor is tilized (padded with 0, or pad_value) or untilized (its
    padding dropped) on the host; a device tensor by the tilize / untilize ops on the device."""
    tensor._check_alive("ttnn.to_layout")
    if not isinstance(layout, Layout) or layout == Layout.INVALID:
        raise LayoutError(f"ttnn.to_layout: {layout!r} is not a layout.\nFix: ttnn.ROW_MAJOR_LAYOUT or ttnn.TILE_LAYOUT.")
    if tensor._device is not None:
        from tensix.ttnn import operations
        return operations.device_to_layout(tensor, layout, dtype=dtype, memory_config=memory_config,
                                           pad_value=pad_value, sub_core_grids=sub_core_grids)
    if dtype is not None and dtype != tensor.dtype:
        tensor = typecast(tensor, dtype)
    if layout == tensor.layout:
        return tensor
    if is_block_float(tensor.dtype) and layout == Layout.ROW_MAJOR:
        # tt-metal 622c6fb9 tensor_apis.cpp to_layout_bfloat_impl: a host block-float tensor stays TILE (a logged
        # warning, "Conversion ... was not executed!"); to_layout_op.cpp then unpads one with tile padding, which
        # host_pad_apis.cpp unpad refuses for a TILE tensor
        if tuple(tensor.shape) != tuple(tensor.padded_shape):
            raise TTNNError("ttnn.to_layout: Tensor layout must be ROW_MAJOR for unpadding (a host block-float tensor "
                            "stays in TILE layout).\nFix: ttnn.typecast it to bfloat16 first, or convert it with "
                            "ttnn.to_torch.")
        warnings.warn("Tensor layout must be Layout::TILE for bfloat8_b or bfloat4_b! Conversion from Layout::TILE to "
                      "Layout::ROW_MAJOR was not executed!", stacklevel=2)
        return tensor
    vals = tensor.values()
    return _host_tensor(vals, tensor.shape, tensor.dtype, layout, pad_value, tensor._tile)     # the tile is kept


def typecast(tensor: Tensor, dtype: DataType, memory_config=None, **kwargs) -> Tensor:
    """ttnn.typecast: on the device, the typecast op; on the host, tt-metal's host conversion."""
    tensor._check_alive("ttnn.typecast")
    if tensor._device is not None:
        from tensix.ttnn import operations
        return operations.typecast(tensor, dtype, memory_config=memory_config)
    if dtype == tensor.dtype:
        return tensor
    vals = tensor.values()
    if tensor.dtype == DataType.BFLOAT16:
        vals = vals.astype(np.float32)
    return _host_tensor(T.convert_values(vals, dtype), tensor.shape, dtype, tensor.layout, tile=tensor._tile)


def deallocate(tensor: Tensor, force: bool = True) -> None:
    """ttnn.deallocate: give the device buffer back; using the tensor afterwards raises."""
    if tensor._deallocated:
        return
    if tensor._buffer is not None:
        from tensix.metalium import host as mh
        mh.DeallocateBuffer(tensor._buffer)
        tensor._buffer = None
    tensor._host = None
    tensor._bfp = None
    tensor._deallocated = True


def is_tensor_storage_on_device(tensor: Tensor) -> bool:
    return tensor._device is not None


def get_memory_config(tensor: Tensor):
    return tensor.memory_config()


# --------------------------------------------------------------------------------------------- creation
def _create(values: np.ndarray, dtype, layout, device, memory_config) -> Tensor:
    dtype = dtype or DataType.BFLOAT16
    layout = layout or Layout.ROW_MAJOR
    t = _host_tensor(T.convert_values(values, dtype), values.shape, dtype, layout)
    return to_device(t, device, memory_config) if device is not None else t


def _shape_of(shape):
    return tuple(int(s) for s in (shape if not isinstance(shape, int) else (shape,)))


def full(shape, fill_value, dtype=None, layout=None, device=None, memory_config=None, optional_tensor=None,
         queue_id=None, **kwargs) -> Tensor:
    """ttnn.full(shape, fill_value, dtype=bfloat16, layout=ROW_MAJOR, device=None, memory_config=None,
    optional_tensor=None). With optional_tensor (tt-metal 622c6fb9 creation.cpp full_impl) its shape, dtype, layout,
    device and memory config are used and the values are written into its buffer (copy_host_to_device_tensor): it is
    returned, nothing is allocated; except for a bfloat8_b / bfloat4_b optional_tensor, where the C++ makes and
    returns a new tensor and leaves optional_tensor as it was."""
    if optional_tensor is not None:
        o = optional_tensor
        o._check_alive("ttnn.full(optional_tensor=...)")
        if is_block_float(o.dtype):
            # the C++'s BFLOAT8_B / BFLOAT4_B case makes a new tensor and leaves optional_tensor as it was
            return _create(_fill_values(tuple(o.shape), fill_value), o.dtype, o.layout, o.device(), o.memory_config())
        host = _create(_fill_values(tuple(o.shape), fill_value), o.dtype, o.layout, None, None)
        copy_host_to_device_tensor(host, o)
        return o
    return _create(_fill_values(_shape_of(shape), fill_value), dtype, layout, device, memory_config)


def _fill_values(shape, fill_value) -> np.ndarray:
    return np.full(shape, fill_value, np.float64 if isinstance(fill_value, float) else np.int64
                   if isinstance(fill_value, (int, np.integer)) else np.float64)


def copy_host_to_device_tensor(host_tensor: Tensor, device_tensor: Tensor, cq_id=None) -> None:
    """ttnn.copy_host_to_device_tensor(host_tensor, device_tensor): the host tensor's bytes written into the device
    tensor's existing buffer (same shape, dtype and layout; an interleaved buffer)."""
    host_tensor._check_alive("ttnn.copy_host_to_device_tensor")
    device_tensor._check_alive("ttnn.copy_host_to_device_tensor")
    if host_tensor._device is not None:
        raise TTNNError("ttnn.copy_host_to_device_tensor: host_tensor is on a device.\nFix: ttnn.from_device it "
                        "first.")
    buf = device_tensor._require_device("ttnn.copy_host_to_device_tensor")
    spec = lambda t: (list(t.shape), list(t.padded_shape), t.dtype, t.layout, t.tile)     # noqa: E731
    if spec(host_tensor) != spec(device_tensor):
        raise TTNNError(f"ttnn.copy_host_to_device_tensor: the host tensor's spec {spec(host_tensor)} (shape, padded "
                        f"shape, dtype, layout) differs from the device tensor's {spec(device_tensor)}.\nFix: convert "
                        "the host tensor to the device tensor's dtype, layout and shape first.")
    if device_tensor.is_sharded():
        raise NotModelledError("ttnn.copy_host_to_device_tensor into a sharded device tensor is not modelled by "
                               "tensix.ttnn (interleaved buffers only).")
    buf.write_bytes(T.device_bytes(host_tensor))


def zeros(shape, dtype=None, layout=None, device=None, memory_config=None, **kwargs) -> Tensor:
    return full(shape, 0.0, dtype, layout, device, memory_config)


def ones(shape, dtype=None, layout=None, device=None, memory_config=None, **kwargs) -> Tensor:
    return full(shape, 1.0, dtype, layout, device, memory_config)


def empty(shape, dtype=None, layout=None, device=None, memory_config=None, **kwargs) -> Tensor:
    """ttnn.empty: uninitialised on a card; tensix fills it with zeros (what freshly mapped memory holds). A device
    tensor gets create_device_tensor's topology: replicated over the mesh's shape."""
    t = full(shape, 0.0, dtype, layout, device, memory_config)
    if device is not None:
        mesh.set_topology(t, mesh.device_topology(device))
    return t


def allocate_tensor_on_device(*args, **kwargs) -> Tensor:
    """ttnn.allocate_tensor_on_device(tensor_spec, mesh_device) or (shape, dtype, layout, mesh_device,
    memory_config=None) (ttnn-nanobind operations/core.cpp at 622c6fb9: create_device_tensor of the spec; the memory
    config defaults to MemoryConfig{}, DRAM interleaved). The buffer's contents are whatever it held (tensix: zeros,
    as ttnn.empty)."""
    from tensix.ttnn.tensor_spec import TensorSpec
    spec = args[0] if args else kwargs.get("tensor_spec")
    tile = None
    if isinstance(spec, TensorSpec):
        device = args[1] if len(args) > 1 else kwargs.get("mesh_device")
        shape, dtype, layout, mc, tile = tuple(spec.shape), spec.dtype, spec.layout, spec.memory_config, spec.tile
    else:
        names = ("shape", "dtype", "layout", "mesh_device", "memory_config")
        given = dict(zip(names, args)) | {k: v for k, v in kwargs.items() if k in names}
        missing = [n for n in names[:4] if n not in given]
        if missing or len(args) > len(names):
            raise TypeError("allocate_tensor_on_device(): takes (tensor_spec, mesh_device) or (shape, dtype, layout, "
                            f"mesh_device, memory_config=None); missing {missing}")
        shape, dtype, layout = tuple(given["shape"]), given["dtype"], given["layout"]
        device, mc = given["mesh_device"], given.get("memory_config") or DRAM_MEMORY_CONFIG
    if device is None:
        raise TypeError("allocate_tensor_on_device(): mesh_device must be an open device, not None")
    if tile is not None:        # the spec's tile (empty() makes 32x32 tiles)
        t = to_device(_host_tensor(T.convert_values(np.zeros(shape), dtype), shape, dtype, layout, tile=tile), device,
                      mc)
        mesh.set_topology(t, mesh.device_topology(device))
        return t
    return empty(shape, dtype, layout, device, mc)


def allocate_tensor_on_host(tensor_spec, mesh_device) -> Tensor:
    """ttnn.allocate_tensor_on_host(tensor_spec, mesh_device): a host tensor of the spec (zeros)."""
    if tensor_spec.tile is not None:
        shape = tuple(tensor_spec.shape)
        return _host_tensor(T.convert_values(np.zeros(shape), tensor_spec.dtype), shape, tensor_spec.dtype,
                            tensor_spec.layout, tile=tensor_spec.tile)
    return full(tuple(tensor_spec.shape), 0.0, tensor_spec.dtype, tensor_spec.layout)


def _like(tensor, value, dtype, layout, device, memory_config):
    return full(tuple(tensor.shape), value, dtype or tensor.dtype, layout or tensor.layout,
                device if device is not None else tensor.device(),
                memory_config or (tensor.memory_config() if tensor.device() is not None else None))


def full_like(tensor, fill_value, dtype=None, layout=None, device=None, memory_config=None, optional_tensor=None,
              queue_id=None, **kwargs) -> Tensor:
    """ttnn.full_like. With optional_tensor its dtype and layout are used (creation.cpp full_like_impl): for a TILE
    device tensor and a TILE bfloat16 / bfloat8_b / float32 result ttnn runs its fill device program into
    optional_tensor (ttnn::fill; tensix writes the same values from the host, no device time recorded), otherwise
    full(optional_tensor=...) (which leaves a block-float optional_tensor alone)."""
    if optional_tensor is not None:
        o = optional_tensor
        fill_program = (tensor.storage_type().name == "DEVICE" and tensor.layout == Layout.TILE
                        and o.layout == Layout.TILE
                        and o.dtype in (DataType.BFLOAT8_B, DataType.BFLOAT16, DataType.FLOAT32))
        if fill_program:
            o._check_alive("ttnn.full_like(optional_tensor=...)")
            copy_host_to_device_tensor(_create(_fill_values(tuple(o.shape), fill_value), o.dtype, o.layout, None,
                                               None), o)
            return o
        return full(tuple(tensor.shape), fill_value, optional_tensor=o)
    return _like(tensor, fill_value, dtype, layout, device, memory_config)


def zeros_like(tensor, dtype=None, layout=None, device=None, memory_config=None, **kwargs) -> Tensor:
    return _like(tensor, 0.0, dtype, layout, device, memory_config)


def ones_like(tensor, dtype=None, layout=None, device=None, memory_config=None, **kwargs) -> Tensor:
    return _like(tensor, 1.0, dtype, layout, device, memory_config)


def empty_like(tensor, dtype=None, layout=None, device=None, memory_config=None, **kwargs) -> Tensor:
    """ttnn.empty_like (creation.cpp): a device tensor's topology carries over when its distribution covers the
    target mesh, else the new device tensor is replicated over the mesh's shape."""
    t = _like(tensor, 0.0, dtype, layout, device, memory_config)
    target = device if device is not None else tensor.device()
    if target is not None:
        top = mesh.topology_of(tensor)
        keep = tensor.device() is not None and top.distribution_shape().mesh_size() == target.shape.mesh_size()
        mesh.set_topology(t, top if keep else mesh.device_topology(target))
    return t


def arange(start=0, end=None, step=1, dtype=None, device=None, layout=None, memory_config=None, **kwargs) -> Tensor:
    """ttnn.arange(start, end, step): a 1-D tensor (ttnn.arange(n) counts 0..n-1)."""
    if end is None:
        start, end = 0, start
    vals = np.arange(start, end, step, dtype=np.float64)
    return _create(vals, dtype, layout, device, memory_config)


def rand(shape, dtype=None, layout=None, device=None, memory_config=None, low=0.0, high=1.0, seed=0,
         **kwargs) -> Tensor:
    """ttnn.rand(shape, ...): uniform values in [low, high). The card draws them with its own generator; tensix
    draws them with numpy's PCG64 seeded by `seed` (the distribution is the same, the values are not the card's)."""
    vals = np.random.default_rng(seed).uniform(low, high, _shape_of(shape))
    return _create(vals, dtype, layout or Layout.TILE, device, memory_config)
