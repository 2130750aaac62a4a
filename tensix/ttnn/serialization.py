"""ttnn.as_tensor, ttnn.dump_tensor and ttnn.load_tensor: host tensors to and from files, as ttnn 622c6fb9 uses them
to cache converted weights (ttnn/ttnn/operations/core.py as_tensor; ttnn's dump_tensor_flatbuffer /
load_tensor_flatbuffer).

as_tensor(tensor, dtype, *, layout=ROW_MAJOR, device, memory_config, cache_file_name, preprocess, mesh_mapper):
- mesh_mapper goes to from_torch (tensix.ttnn.mesh), except that a ReplicateTensorToMesh tensor is cached unreplicated
  (as ttnn does);
- a device without a memory_config is refused ("memory_config must be specified when device is specified");
- without cache_file_name: preprocess (if given) on the torch tensor, then from_torch(dtype, layout, device,
  memory_config);
- with it: the file is f"{cache_file_name}_dtype_{dtype.name}_layout_{layout.name}.tensorbin" ("None" for a missing
  dtype or layout). When the file is missing, the tensor is converted on the host (preprocess, from_torch without a
  device), written there (parent directories made), then moved to the device with memory_config; when it exists it
  is loaded instead (the torch tensor and preprocess are not used), onto the device with memory_config; a file that
  cannot be read is converted and written again, as ttnn does after a failed load.

The files are tensix's own format, not ttnn's flatbuffer: a numpy .npz archive (no pickled objects) holding the
logical and padded shapes, dtype, layout, mesh topology, the host values and, for bfloat8_b / bfloat4_b, the packed tiles, so a
cache round-trips bit for bit. A ttnn flatbuffer file is not readable here (as_tensor then regenerates it, as after
any failed load; load_tensor raises TTNNError). Only host storage is written: a device tensor is read back first.
"""

from __future__ import annotations

import pathlib
import warnings

import numpy as np

from tensix.errors import NotModelledError
from tensix.ttnn import core, mesh
from tensix.ttnn import tensor as T
from tensix.ttnn.errors import TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, MemoryConfig, Tile

__all__ = ["as_tensor", "dump_tensor", "load_tensor"]

_MAGIC = "tensix.ttnn tensor v1"


def dump_tensor(file_name, tensor: Tensor, distribute=None) -> None:
    """ttnn.dump_tensor(file_name, tensor): the tensor's host storage (read back from the device if it is there) to
    `file_name` in tensix's format (module docstring)."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"ttnn.dump_tensor: tensor must be a ttnn.Tensor, got {type(tensor).__name__}.")
    if distribute is not None:
        raise NotModelledError("ttnn.dump_tensor(distribute=...): tensix's tensor files hold one device's tensor; "
                               "writing them distributed is not modelled.")
    tensor._check_alive("ttnn.dump_tensor")
    host = tensor if tensor.storage_type().name == "HOST" else core.from_device(tensor)
    fields = dict(magic=np.array(_MAGIC), shape=np.array(list(host.shape), np.int64),
                  padded=np.array(list(host.padded_shape), np.int64), dtype=np.array(host.dtype.name),
                  layout=np.array(host.layout.name), values_shape=np.array(np.shape(host._host), np.int64),
                  values=np.ascontiguousarray(host._host).view(np.uint8).reshape(-1))
    if host._bfp is not None:
        fields["bfp"] = np.asarray(host._bfp)
    if host._tile is not None:      # a tiny or transposed tile: [height, width, transpose_tile]
        fields["tile"] = np.array([*host._tile.tile_shape, int(host._tile.transpose_within_face)], np.int64)
    top = mesh.topology_of(host)    # placements: -1 replicates, d >= 0 shards tensor dim d
    fields["topology"] = np.array([top.distribution_shape().dims(), *top.distribution_shape(),
                                   *(getattr(p, "dim", -1) for p in top.placements())], np.int64)
    with open(file_name, "wb") as f:      # a file object: np.savez would add ".npz" to a name
        np.savez(f, **fields)


def load_tensor(file_name, device=None, memory_config: MemoryConfig | None = None) -> Tensor:
    """ttnn.load_tensor(file_name, device=None): a tensor written by dump_tensor, on the host, or on `device` with
    `memory_config` (DRAM interleaved if none: tensix's files do not keep the memory config)."""
    try:
        with np.load(file_name, allow_pickle=False) as z:
            if str(z["magic"]) != _MAGIC:
                raise ValueError("not a tensix tensor file")
            shape, padded = [int(v) for v in z["shape"]], [int(v) for v in z["padded"]]
            dtype, layout = DataType[str(z["dtype"])], Layout[str(z["layout"])]
            raw, vshape = z["values"], tuple(int(v) for v in z["values_shape"])
            container = np.asarray(T.convert_values(np.zeros(1), dtype)).dtype     # the dtype's host container
            values = raw.view(container).reshape(vshape).copy()
            bfp = z["bfp"].copy() if "bfp" in z.files else None
            top = [int(v) for v in z["topology"]] if "topology" in z.files else None
            tile = ([int(v) for v in z["tile"]] if "tile" in z.files else None)
    except (OSError, ValueError, KeyError) as e:
        raise TTNNError(f"ttnn.load_tensor: {file_name} is not a tensor file tensix wrote ({e}). tensix reads only "
                        "its own format (ttnn.dump_tensor / ttnn.as_tensor of tensix), not ttnn's flatbuffer.\n"
                        "Fix: write the file with tensix's ttnn.dump_tensor, or delete it to have as_tensor "
                        "convert the tensor again.") from e
    tile = None if tile is None else Tile(tile[:2], transpose_tile=bool(tile[2]))
    t = Tensor._make(shape, dtype, layout, host=values, bfp=bfp, padded=padded, tile=tile)
    if top is not None:
        rank = top[0]
        mesh.set_topology(t, mesh.TensorTopology(
            mesh.MeshShape(top[1:1 + rank]),
            [mesh.PlacementReplicate() if d < 0 else mesh.PlacementShard(d) for d in top[1 + rank:]]))
    if device is not None:
        t = core.to_device(t, device, memory_config=memory_config)
    return t


def as_tensor(tensor, dtype: DataType | None = None, *, layout: Layout | None = Layout.ROW_MAJOR, device=None,
              memory_config: MemoryConfig | None = None, cache_file_name=None, preprocess=None,
              mesh_mapper=None) -> Tensor:
    """ttnn.as_tensor: from_torch with an optional file cache of the converted host tensor (module docstring)."""
    if device is not None and memory_config is None:
        raise RuntimeError("memory_config must be specified when device is specified")

    def convert(dev, mapper=mesh_mapper):
        src = preprocess(tensor) if preprocess is not None else tensor
        return core.from_torch(src, dtype=dtype, layout=layout, device=dev, memory_config=memory_config,
                               mesh_mapper=mapper)

    if cache_file_name is None:
        return convert(device)
    dtype_name = dtype.name if dtype is not None else "None"
    layout_name = layout.name if layout is not None else "None"
    path = pathlib.Path(f"{cache_file_name}_dtype_{dtype_name}_layout_{layout_name}.tensorbin")

    def convert_and_dump():
        # ttnn caches a ReplicateTensorToMesh tensor once, unreplicated (ttnn/operations/core.py as_tensor)
        host = convert(None, None if isinstance(mesh_mapper, mesh.ReplicateTensorToMeshWrapper) else mesh_mapper)
        path.parent.mkdir(parents=True, exist_ok=True)
        dump_tensor(path, host)
        return core.to_device(host, device, memory_config=memory_config) if device is not None else host

    if not path.is_file():
        return convert_and_dump()
    try:
        return load_tensor(path, device=device, memory_config=memory_config)
    except TTNNError as e:
        warnings.warn(f"Failed to load cache for {path}: {e}", stacklevel=2)
        return convert_and_dump()
