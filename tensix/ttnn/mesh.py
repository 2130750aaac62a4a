"""ttnn's mesh API over the one simulated n150: a 1x1 MeshDevice, the mesh mappers and composers, tensor topologies.

Today's ttnn runs every device as a MeshDevice (ttnn.open_device returns a 1x1 one), and on a machine with one card
``ttnn.open_mesh_device`` gives the same 1x1 mesh; tt-metal's ``mesh_device`` fixture opens that mesh on an n150 and
skips the tests that ask for more devices. So the API here is exact for one device, as tt-metal 622c6fb9 defines it:

- mappers (ttnn/core/distributed/distributed_tensor.cpp): ``replicate_tensor_to_mesh_mapper`` = MeshMapperConfig
  ([Replicate], mesh_shape_override = MeshShape(num_devices)), ``shard_tensor_to_mesh_mapper(dim)`` the same with
  [Shard(dim)]; ``TensorToMesh::create`` refuses a distribution shape larger than the mesh or with another number of
  dims than placements. On one device a shard is the whole tensor (one chunk along the dim), a replica too.
- composers: ``concat_mesh_to_tensor_composer(dim)`` concatenates the devices' tensors along dim: one tensor here.
- topologies (tt_metal/api/tt-metalium/experimental/tensor/topology/tensor_topology.hpp): a tensor without a mapper
  has TensorTopology(MeshShape([1]), [PlacementReplicate()], [MeshCoordinate([0, 0])]); a mapper's tensor gets the
  mapper's distribution shape and placements; an op's outputs get the placements and shape that
  ``compute_output_placements_and_shape`` (ttnn/core/device_operation_detail.cpp) derives from its inputs.
- ``distributed.py``'s Python wrappers (ReplicateTensorToMesh, ShardTensorToMesh, ShardTensor2dMesh, ...).

A mesh of more than one device is refused (TTNNError): tensix simulates one card."""

from __future__ import annotations

import contextlib
import functools
import numbers

from tensix.ttnn.errors import TTNNError

__all__ = [
    "MeshShape", "MeshCoordinate", "PlacementReplicate", "PlacementShard", "MeshMapperConfig", "MeshComposerConfig",
    "TensorTopology", "CppTensorToMesh", "CppMeshToTensor", "TensorToMesh", "MeshToTensor",
    "replicate_tensor_to_mesh_mapper", "shard_tensor_to_mesh_mapper", "create_mesh_mapper",
    "concat_mesh_to_tensor_composer", "create_mesh_composer", "ReplicateTensorToMeshWrapper", "ReplicateTensorToMesh",
    "ShardTensorToMesh", "ConcatMeshToTensor", "ShardTensor2dMesh", "ConcatMesh2dToTensor", "open_mesh_device",
    "close_mesh_device", "create_mesh_device", "get_device_tensors", "aggregate_as_tensor", "distribute",
    "topology_of", "set_topology", "device_topology", "output_topology",
]


class _Dims:
    """A tuple of non-negative ints with ttnn's MeshShape / MeshCoordinate interface and repr."""

    __slots__ = ("_v",)

    def __init__(self, *values):
        if len(values) == 1 and not isinstance(values[0], numbers.Integral):
            values = tuple(values[0])
        if not values or any(int(v) < 0 for v in values):
            raise TTNNError(f"ttnn.{type(self).__name__}{tuple(values)}: needs one or more non-negative values.")
        self._v = tuple(int(v) for v in values)

    def dims(self) -> int:
        return len(self._v)

    def __getitem__(self, i):
        return self._v[i]

    def __iter__(self):
        return iter(self._v)

    def __len__(self):
        return len(self._v)

    def __eq__(self, other):
        return type(other) is type(self) and other._v == self._v

    def __hash__(self):
        return hash((type(self).__name__, self._v))

    def __repr__(self):
        return f"{type(self).__name__}([{', '.join(map(str, self._v))}])"


class MeshShape(_Dims):
    """ttnn.MeshShape(rows, cols) / MeshShape(n) / MeshShape([s0, ..., sn])."""

    __slots__ = ()

    def mesh_size(self) -> int:
        n = 1
        for v in self._v:
            n *= v
        return n


class MeshCoordinate(_Dims):
    """ttnn.MeshCoordinate(r, c) / MeshCoordinate([c0, ..., cn])."""

    __slots__ = ()


class PlacementReplicate:
    def __eq__(self, other):
        return isinstance(other, PlacementReplicate)

    def __hash__(self):
        return hash("PlacementReplicate")

    def __repr__(self):
        return "PlacementReplicate()"


class PlacementShard:
    def __init__(self, dim: int):
        self.dim = int(dim)

    def __eq__(self, other):
        return isinstance(other, PlacementShard) and other.dim == self.dim

    def __hash__(self):
        return hash(("PlacementShard", self.dim))

    def __repr__(self):
        return f"PlacementShard({self.dim})"


def _override_repr(shape) -> str:
    return "" if shape is None else f", mesh_shape_override={shape!r}"


class MeshMapperConfig:
    """ttnn.MeshMapperConfig(placements, mesh_shape_override=None), or the 2-D form MeshMapperConfig(row_dim, col_dim)
    (None replicates over that mesh dimension; the nanobind 2-D constructor drops its mesh_shape_override)."""

    def __init__(self, placements=None, mesh_shape_override=None, *, row_dim=None, col_dim=None):
        if placements is None or isinstance(placements, numbers.Integral):
            row = placements if placements is not None else row_dim
            col = mesh_shape_override if isinstance(mesh_shape_override, numbers.Integral) else col_dim
            placements = [PlacementReplicate() if d is None else PlacementShard(d) for d in (row, col)]
            mesh_shape_override = None
        placements = list(placements)
        for p in placements:
            if not isinstance(p, (PlacementReplicate, PlacementShard)):
                raise TTNNError(f"ttnn.MeshMapperConfig: {p!r} is not a placement.\n"
                                "Fix: use ttnn.PlacementReplicate() or ttnn.PlacementShard(dim).")
        self.placements = placements
        self.mesh_shape_override = None if mesh_shape_override is None else MeshShape(mesh_shape_override)

    def __repr__(self):
        return (f"MeshMapperConfig(placements: [{', '.join(map(repr, self.placements))}]"
                f"{_override_repr(self.mesh_shape_override)})")


class MeshComposerConfig:
    """ttnn.MeshComposerConfig(dims, mesh_shape_override=None), or MeshComposerConfig(row_dim, col_dim)."""

    def __init__(self, dims, mesh_shape_override=None, *args):
        if isinstance(dims, numbers.Integral):      # the 2-D form (row_dim, col_dim, mesh_shape_override=None)
            dims, mesh_shape_override = [dims, mesh_shape_override], (args[0] if args else None)
        self.dims = [int(d) for d in dims]
        self.mesh_shape_override = None if mesh_shape_override is None else MeshShape(mesh_shape_override)

    def __repr__(self):
        return f"MeshComposerConfig(dims: [{', '.join(map(str, self.dims))}]{_override_repr(self.mesh_shape_override)})"


class TensorTopology:
    """ttnn.TensorTopology(distribution_shape, placements, mesh_coords): how a tensor is spread over the mesh."""

    def __init__(self, distribution_shape=None, placements=None, mesh_coords=None):
        self._shape = MeshShape(1) if distribution_shape is None else MeshShape(distribution_shape)
        self._placements = [PlacementReplicate()] if placements is None else list(placements)
        self._coords = [MeshCoordinate(0, 0)] if mesh_coords is None else [MeshCoordinate(c) for c in mesh_coords]

    def distribution_shape(self) -> MeshShape:
        return self._shape

    def placements(self) -> list:
        return list(self._placements)

    def mesh_coords(self) -> list:
        return list(self._coords)

    def __eq__(self, other):
        return (isinstance(other, TensorTopology) and other._shape == self._shape
                and other._placements == self._placements and other._coords == self._coords)

    def __hash__(self):
        return hash((self._shape, tuple(self._placements), tuple(self._coords)))

    def __repr__(self):
        return (f"TensorTopology(distribution_shape={self._shape!r}, placements=[{', '.join(map(repr, self._placements))}]"
                f", mesh_coords={', '.join(map(repr, self._coords))})")


_DEFAULT_TOPOLOGY = TensorTopology()


def topology_of(tensor) -> TensorTopology:
    """The tensor's TensorTopology (the default one unless a mapper or its inputs gave it another)."""
    return getattr(tensor, "_topology", None) or _DEFAULT_TOPOLOGY


def set_topology(tensor, topology) -> None:
    tensor._topology = None if topology is None or topology == _DEFAULT_TOPOLOGY else topology


def device_topology(device) -> TensorTopology:
    """create_device_tensor's topology for a new device tensor (tt-metal 622c6fb9 ttnn/core/tensor/tensor_ops.cpp):
    replicated over the mesh's shape, one coordinate per device."""
    shape = device.shape
    return TensorTopology(shape, [PlacementReplicate()] * shape.dims(), [MeshCoordinate([0] * shape.dims())])


def output_topology(inputs) -> TensorTopology | None:
    """An op's output topology from its input tensors, as compute_output_placements_and_shape derives it (tt-metal
    622c6fb9 ttnn/core/device_operation_detail.cpp): the max distribution rank of the sharded inputs (else of the
    first input), per distribution dim the largest extent and the first shard placement of a tensor dim not sharded
    over another distribution dim yet. None when every input has the default topology (the output keeps it)."""
    inputs = [t for t in inputs if t is not None]
    tops = [topology_of(t) for t in inputs]
    if not tops or all(t is _DEFAULT_TOPOLOGY for t in tops):
        return None
    sharded = [t for t in tops if any(isinstance(p, PlacementShard) for p in t._placements)]
    rank = max(t._shape.dims() for t in sharded) if sharded else tops[0]._shape.dims()
    strides = [1] * rank
    placements = [PlacementReplicate()] * rank
    shard_dims: dict = {}
    for t in tops:
        if t._shape.dims() != rank:
            continue
        for i in range(rank):
            strides[i] = max(strides[i], t._shape[i])
        for i, p in enumerate(t._placements[:rank]):
            out = placements[i]
            if isinstance(p, PlacementShard) and p.dim not in shard_dims:
                shard_dims[p.dim] = i
                if isinstance(out, PlacementShard):
                    continue
                out = p
            placements[i] = out
    return TensorTopology(MeshShape(strides), placements, [MeshCoordinate(0, 0)])


# ---------------------------------------------------------------------------------------------- mappers
def _mesh_shape(mesh_device) -> MeshShape:
    from tensix.ttnn.device import MeshDevice
    if not isinstance(mesh_device, MeshDevice):
        raise TTNNError(f"{mesh_device!r} is not a ttnn MeshDevice.\nFix: pass the device ttnn.open_device or "
                        "ttnn.open_mesh_device returned.")
    return mesh_device.shape


def _distribution_shape(mesh_device, override, n_config: int, config, what: str) -> MeshShape:
    """TensorToMesh::create / MeshToTensor::create's checks (distributed_tensor.cpp)."""
    device_shape = _mesh_shape(mesh_device)
    shape = override if override is not None else device_shape
    if shape.mesh_size() > device_shape.mesh_size():
        raise TTNNError(f"{what}: the size of the supplied mesh shape {shape!r} does not match the device shape size "
                        f"{device_shape!r} (tensix simulates one n150: a 1x1 mesh).\nFix: use a mesh shape of one "
                        "device, e.g. ttnn.MeshShape(1, 1).")
    if shape.dims() != n_config:
        raise TTNNError(f"{what}: the number of dimensions in the mesh shape {shape!r} does not match the number of "
                        f"{'placements' if what.endswith('mapper') else 'dimensions'} in the config {config!r}.")
    return shape


class TensorToMesh:
    """ttnn.CppTensorToMesh: a host tensor to its per-device tensors (one here)."""

    def __init__(self, mesh_device, config: MeshMapperConfig):
        self.mesh_device = mesh_device
        self._config = config
        self.distribution_shape = _distribution_shape(mesh_device, config.mesh_shape_override, len(config.placements),
                                                      config, "ttnn.create_mesh_mapper")

    def config(self) -> MeshMapperConfig:
        return self._config

    def topology(self) -> TensorTopology:
        return TensorTopology(self.distribution_shape, self._config.placements, [MeshCoordinate(0, 0)])

    def check(self, shape) -> None:
        """A shard dim must exist in the tensor (the C++ mapper's normalize_index)."""
        rank = len(shape)
        for p in self._config.placements:
            if isinstance(p, PlacementShard) and not -rank <= p.dim < rank:
                raise TTNNError(f"ttnn mesh mapper: shard dim {p.dim} is out of range for a tensor of rank {rank} "
                                f"(shape {list(shape)}).\nFix: shard over a dim in [{-rank}, {rank - 1}].")


class MeshToTensor:
    """ttnn.CppMeshToTensor: the per-device tensors concatenated back into one (one here)."""

    def __init__(self, mesh_device, config: MeshComposerConfig):
        self.mesh_device = mesh_device
        self._config = config
        self.distribution_shape = _distribution_shape(mesh_device, config.mesh_shape_override, len(config.dims),
                                                      config, "ttnn.create_mesh_composer")

    def config(self) -> MeshComposerConfig:
        return self._config


CppTensorToMesh = TensorToMesh
CppMeshToTensor = MeshToTensor


def replicate_tensor_to_mesh_mapper(mesh_device) -> TensorToMesh:
    n = _mesh_shape(mesh_device).mesh_size()
    return TensorToMesh(mesh_device, MeshMapperConfig([PlacementReplicate()], MeshShape(n)))


def shard_tensor_to_mesh_mapper(mesh_device, dim: int, cluster_axis: int | None = None) -> TensorToMesh:
    shape = _mesh_shape(mesh_device)
    if cluster_axis is None:
        return TensorToMesh(mesh_device, MeshMapperConfig([PlacementShard(dim)], MeshShape(shape.mesh_size())))
    if not 0 <= cluster_axis < shape.dims():
        raise TTNNError(f"Cluster axis {cluster_axis} is out of range for mesh device with {shape.dims()} dimensions")
    placements = [PlacementReplicate()] * shape.dims()
    placements[cluster_axis] = PlacementShard(dim)
    return TensorToMesh(mesh_device, MeshMapperConfig(placements))


def create_mesh_mapper(mesh_device, config: MeshMapperConfig) -> TensorToMesh:
    return TensorToMesh(mesh_device, config)


def concat_mesh_to_tensor_composer(mesh_device, dim: int) -> MeshToTensor:
    n = _mesh_shape(mesh_device).mesh_size()
    return MeshToTensor(mesh_device, MeshComposerConfig([dim], MeshShape(n)))


def create_mesh_composer(mesh_device, config: MeshComposerConfig) -> MeshToTensor:
    return MeshToTensor(mesh_device, config)


class ReplicateTensorToMeshWrapper:
    """ttnn's wrapper that marks a mapper made by ReplicateTensorToMesh (its cache files are named differently)."""

    def __init__(self, mapper: TensorToMesh):
        self._mapper = mapper

    def unwrap(self) -> TensorToMesh:
        return self._mapper


def ReplicateTensorToMesh(mesh_device):
    return ReplicateTensorToMeshWrapper(replicate_tensor_to_mesh_mapper(mesh_device))


def ShardTensorToMesh(mesh_device, dim: int):
    return shard_tensor_to_mesh_mapper(mesh_device, dim)


def ConcatMeshToTensor(mesh_device, dim: int):
    return concat_mesh_to_tensor_composer(mesh_device, dim)


def ShardTensor2dMesh(mesh_device, mesh_shape, dims):
    return create_mesh_mapper(mesh_device, MeshMapperConfig(
        [PlacementReplicate() if d is None else PlacementShard(d) for d in dims[:2]],
        MeshShape(mesh_shape[0], mesh_shape[1])))


def ConcatMesh2dToTensor(mesh_device, mesh_shape, dims):
    return create_mesh_composer(mesh_device, MeshComposerConfig([dims[0], dims[1]],
                                                                MeshShape(mesh_shape[0], mesh_shape[1])))


def unwrap_mapper(mapper) -> TensorToMesh:
    """from_torch's mesh_mapper argument as a TensorToMesh (ReplicateTensorToMesh gives a wrapper)."""
    if isinstance(mapper, ReplicateTensorToMeshWrapper):
        mapper = mapper.unwrap()
    if not isinstance(mapper, TensorToMesh):
        raise TTNNError(f"mesh_mapper={mapper!r} is not a ttnn mesh mapper.\nFix: use ttnn.ReplicateTensorToMesh, "
                        "ttnn.ShardTensorToMesh or ttnn.create_mesh_mapper.")
    return mapper


def check_composer(composer, tensor) -> None:
    """to_torch's mesh_composer: a MeshToTensor whose concat dims exist in the tensor."""
    if not isinstance(composer, MeshToTensor):
        raise TTNNError(f"mesh_composer={composer!r} is not a ttnn mesh composer.\nFix: use ttnn.ConcatMeshToTensor or "
                        "ttnn.create_mesh_composer.")
    rank = len(tensor.shape)
    for d in composer.config().dims:
        if not -rank <= d < rank:
            raise TTNNError(f"ttnn mesh composer: concat dim {d} is out of range for a tensor of rank {rank}.")


# ---------------------------------------------------------------------------------------------- devices
def open_mesh_device(mesh_shape=None, l1_small_size: int = 0, trace_region_size: int = 0, num_command_queues: int = 1,
                     dispatch_core_config=None, offset=None, physical_device_ids=(), worker_l1_size: int = 0,
                     **kwargs):
    """ttnn.open_mesh_device(mesh_shape=None, ...): the 1x1 mesh of the simulated n150 (the system mesh's shape when
    mesh_shape is None). A larger mesh is refused as ttnn refuses one larger than the machine's."""
    from tensix.ttnn.device import open_device
    shape = MeshShape(1, 1) if mesh_shape is None else MeshShape(mesh_shape)
    if shape.mesh_size() != 1:
        raise TTNNError(f"ttnn.open_mesh_device(mesh_shape={shape!r}): the system has 1 device (tensix simulates one "
                        "Wormhole n150), fewer than the requested mesh.\nFix: open ttnn.MeshShape(1, 1).")
    if offset is not None and any(MeshCoordinate(offset)):
        raise TTNNError(f"ttnn.open_mesh_device(offset={offset!r}): the 1x1 system mesh has only coordinate (0, 0).")
    if physical_device_ids and list(physical_device_ids) != [0]:
        raise TTNNError(f"ttnn.open_mesh_device(physical_device_ids={list(physical_device_ids)}): the only device is 0.")
    dev = open_device(0, l1_small_size=l1_small_size, trace_region_size=trace_region_size,
                      num_command_queues=num_command_queues, dispatch_core_config=dispatch_core_config, **kwargs)
    dev._mesh_shape = shape
    return dev


def close_mesh_device(mesh_device) -> None:
    from tensix.ttnn.device import close_device
    close_device(mesh_device)


@contextlib.contextmanager
def create_mesh_device(*args, **kwargs):
    """with ttnn.create_mesh_device(...) as mesh_device: ... (closed on exit)."""
    dev = open_mesh_device(*args, **kwargs)
    try:
        yield dev
    finally:
        close_mesh_device(dev)


def get_device_tensors(tensor) -> list:
    """The per-device tensors of a (host or device) tensor: on the one device, the tensor itself."""
    from tensix.ttnn.tensor import Tensor
    if not isinstance(tensor, Tensor):
        raise TTNNError(f"ttnn.get_device_tensors: {type(tensor).__name__} is not a ttnn.Tensor.")
    return [tensor]


def aggregate_as_tensor(tensors) -> object:
    """ttnn.aggregate_as_tensor(list of per-device tensors): one device's list is its one tensor."""
    tensors = list(tensors)
    if len(tensors) != 1:
        raise TTNNError(f"ttnn.aggregate_as_tensor: {len(tensors)} tensors for a mesh of 1 device (tensix simulates "
                        "one n150).\nFix: pass the one device's tensor.")
    return tensors[0]


@contextlib.contextmanager
def distribute(default):
    """with ttnn.distribute(mapper_or_composer): from_torch / to_torch use it by default (ttnn's distributed.py)."""
    import tensix.ttnn as tt
    from_torch, to_torch = tt.from_torch, tt.to_torch
    try:
        if isinstance(default, (TensorToMesh, ReplicateTensorToMeshWrapper)):
            tt.from_torch = functools.partial(from_torch, mesh_mapper=default)
        elif isinstance(default, MeshToTensor):
            tt.to_torch = functools.partial(to_torch, mesh_composer=default)
        else:
            raise ValueError("Argument must be an instance of either TensorToMesh or MeshToTensor.")
        yield
    finally:
        tt.from_torch, tt.to_torch = from_torch, to_torch
