"""ttnn's mesh API on the one simulated n150 (tensix.ttnn.mesh): the 1x1 MeshDevice, mappers and composers, tensor
topologies as tt-metal 622c6fb9 defines them, and the refusals of anything larger than one device."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.ttnn import mesh


@pytest.fixture(scope="module")
def md():
    d = ttnn.open_mesh_device(mesh_shape=ttnn.MeshShape(1, 1))
    yield d
    ttnn.close_mesh_device(d)


def _x(shape=(2, 40, 70), seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_mesh_shape_and_coordinate():
    s = ttnn.MeshShape(2, 4)
    assert (s.dims(), s.mesh_size(), list(s), s[1]) == (2, 8, [2, 4], 4)
    assert repr(s) == "MeshShape([2, 4])" and repr(ttnn.MeshShape(1)) == "MeshShape([1])"
    assert ttnn.MeshShape([2, 4]) == s and ttnn.MeshShape(4, 2) != s and tuple(s) == (2, 4)
    assert ttnn.MeshShape(np.int64(3)) == ttnn.MeshShape([3]) and ttnn.MeshShape(s) == s
    assert repr(ttnn.MeshCoordinate(0, 0)) == "MeshCoordinate([0, 0])"
    with pytest.raises(ttnn.TTNNError, match="non-negative"):
        ttnn.MeshShape(-1, 2)


def test_open_mesh_device_is_the_one_n150(md):
    assert md.get_num_devices() == 1 and md.shape == ttnn.MeshShape(1, 1)
    assert md.get_devices() == [md] and md.get_submeshes() == []
    assert md.compute_with_storage_grid_size().x == 8
    with pytest.raises(ttnn.TTNNError, match="fewer than the requested mesh"):
        ttnn.open_mesh_device(mesh_shape=ttnn.MeshShape(2, 4))
    with pytest.raises(ttnn.TTNNError, match="only coordinate"):
        ttnn.open_mesh_device(mesh_shape=ttnn.MeshShape(1, 1), offset=ttnn.MeshCoordinate(0, 1))
    with pytest.raises(ttnn.TTNNError, match="1 device"):
        md.reshape(ttnn.MeshShape(2, 2))
    md.reshape(ttnn.MeshShape(1, 1, 1))
    assert md.shape == ttnn.MeshShape(1, 1, 1)
    md.reshape(ttnn.MeshShape(1, 1))


def test_create_mesh_device_context_closes():
    with ttnn.create_mesh_device(mesh_shape=ttnn.MeshShape(1, 1)) as d:
        assert d.is_open
    assert not d.is_open


@pytest.mark.parametrize("make", [
    lambda d: ttnn.ReplicateTensorToMesh(d),
    lambda d: ttnn.ShardTensorToMesh(d, dim=0),
    lambda d: ttnn.ShardTensorToMesh(d, dim=-1),
    lambda d: ttnn.ShardTensor2dMesh(d, mesh_shape=(1, 1), dims=(None, 1)),
    lambda d: ttnn.create_mesh_mapper(d, ttnn.MeshMapperConfig([ttnn.PlacementShard(0), ttnn.PlacementShard(1)])),
    lambda d: ttnn.shard_tensor_to_mesh_mapper(d, 2, cluster_axis=1),
])
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_mapped_tensor_is_the_whole_tensor(md, make, layout):
    """On one device a shard (one chunk along its dim) and a replica are the whole tensor; the composer's
    concatenation of the one device's tensor is that tensor."""
    x = _x()
    t = ttnn.from_torch(x, dtype=ttnn.float32, layout=layout, device=md, mesh_mapper=make(md))
    shards = ttnn.get_device_tensors(t.cpu())
    assert len(shards) == 1
    np.testing.assert_array_equal(ttnn.to_numpy(shards[0]), x)
    comp = ttnn.ConcatMeshToTensor(md, dim=0)
    pytest.importorskip("torch")
    np.testing.assert_array_equal(ttnn.to_torch(t, mesh_composer=comp).numpy(), x)
    np.testing.assert_array_equal(
        ttnn.to_torch(t, mesh_composer=ttnn.create_mesh_composer(md, ttnn.MeshComposerConfig([0, 1]))).numpy(), x)


def test_topologies(md):
    """A tensor without a mapper has TensorTopology()'s default; a mapper's tensor its distribution shape and
    placements (kept through to_device / from_device); create_device_tensor's (ttnn.empty) replicates over the
    mesh's shape; empty_like keeps a device tensor's."""
    x = _x()
    plain = ttnn.from_torch(x, dtype=ttnn.bfloat16, device=md)
    assert plain.tensor_topology() == ttnn.TensorTopology(ttnn.MeshShape(1), [ttnn.PlacementReplicate()],
                                                          [ttnn.MeshCoordinate(0, 0)])
    assert repr(plain.tensor_topology()) == ("TensorTopology(distribution_shape=MeshShape([1]), "
                                             "placements=[PlacementReplicate()], mesh_coords=MeshCoordinate([0, 0]))")
    sh = ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=md,
                         mesh_mapper=ttnn.ShardTensorToMesh(md, dim=0))
    top = sh.tensor_topology()
    assert top.placements() == [ttnn.PlacementShard(0)] and top.distribution_shape() == ttnn.MeshShape(1)
    assert ttnn.from_device(sh).tensor_topology() == top
    assert ttnn.empty_like(sh).tensor_topology() == top
    e = ttnn.empty([1, 1, 32, 32], ttnn.bfloat16, ttnn.TILE_LAYOUT, md, ttnn.DRAM_MEMORY_CONFIG)
    assert e.tensor_topology() == ttnn.TensorTopology(ttnn.MeshShape(1, 1), [ttnn.PlacementReplicate()] * 2,
                                                      [ttnn.MeshCoordinate(0, 0)])
    # an empty_like of a host tensor is a new device tensor: the mesh-shaped replicated topology
    assert ttnn.empty_like(ttnn.from_torch(x), device=md).tensor_topology() == e.tensor_topology()


def test_op_outputs_take_their_inputs_topology(md):
    """update_output_tensor_topologies: an op's output gets compute_output_placements_and_shape of its inputs."""
    x = _x((1, 1, 64, 64))
    a = ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=md,
                        mesh_mapper=ttnn.ShardTensorToMesh(md, dim=3))
    b = ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=md)
    assert ttnn.add(b, a).tensor_topology().placements() == [ttnn.PlacementShard(3)]
    assert ttnn.exp(b).tensor_topology() == b.tensor_topology()


def _top(shape, *dims):
    return mesh.TensorTopology(ttnn.MeshShape(*shape),
                               [ttnn.PlacementReplicate() if d is None else ttnn.PlacementShard(d) for d in dims])


class _T:
    def __init__(self, top):
        self._topology = top


def test_output_topology_rules():
    """compute_output_placements_and_shape (tt-metal 622c6fb9 ttnn/core/device_operation_detail.cpp), in the
    distribution shapes a larger mesh would have: the max distribution rank of the sharded inputs, the largest
    extent per distribution dim, the first shard of a tensor dim, a tensor dim sharded once."""
    assert mesh.output_topology([_T(None), _T(None)]) is None
    out = mesh.output_topology([_T(_top((2, 4), None, 3)), _T(_top((2, 4), 1, None))])
    assert out.distribution_shape() == ttnn.MeshShape(2, 4)
    assert out.placements() == [ttnn.PlacementShard(1), ttnn.PlacementShard(3)]
    # the same tensor dim over two distribution dims: the second is replicated
    out = mesh.output_topology([_T(_top((2, 4), 0, None)), _T(_top((2, 4), None, 0))])
    assert out.placements() == [ttnn.PlacementShard(0), ttnn.PlacementReplicate()]
    # two tensor dims over one distribution dim: the earliest kept
    out = mesh.output_topology([_T(_top((4,), 2)), _T(_top((4,), 1))])
    assert out.placements() == [ttnn.PlacementShard(2)]
    # inputs of another distribution rank do not count when one is sharded
    out = mesh.output_topology([_T(_top((1, 1), None, None)), _T(_top((8,), 1))])
    assert (out.distribution_shape(), out.placements()) == (ttnn.MeshShape(8), [ttnn.PlacementShard(1)])


def test_mapper_and_composer_refusals(md):
    x = _x()
    with pytest.raises(ttnn.TTNNError, match="does not match the device shape size"):
        ttnn.ShardTensor2dMesh(md, mesh_shape=(2, 4), dims=(0, 1))
    with pytest.raises(ttnn.TTNNError, match="number of dimensions in the mesh shape"):
        ttnn.create_mesh_mapper(md, ttnn.MeshMapperConfig([ttnn.PlacementShard(0)]))
    with pytest.raises(ttnn.TTNNError, match="does not match the device shape size"):
        ttnn.ConcatMesh2dToTensor(md, mesh_shape=(2, 1), dims=(0, 1))
    with pytest.raises(ttnn.TTNNError, match="shard dim 5 is out of range"):
        ttnn.from_torch(x, mesh_mapper=ttnn.ShardTensorToMesh(md, dim=5))
    with pytest.raises(ttnn.TTNNError, match="not a ttnn mesh mapper"):
        ttnn.from_torch(x, mesh_mapper=ttnn.ConcatMeshToTensor(md, 0))
    with pytest.raises(ttnn.TTNNError, match="Cluster axis 2"):
        ttnn.shard_tensor_to_mesh_mapper(md, 0, cluster_axis=2)
    with pytest.raises(ttnn.TTNNError, match="2 tensors for a mesh of 1 device"):
        ttnn.aggregate_as_tensor([ttnn.from_torch(x), ttnn.from_torch(x)])


def test_reprs_and_configs():
    assert repr(ttnn.MeshMapperConfig([ttnn.PlacementShard(0)], ttnn.MeshShape(1))) == \
        "MeshMapperConfig(placements: [PlacementShard(0)], mesh_shape_override=MeshShape([1]))"
    assert ttnn.MeshMapperConfig(None, 1).placements == [ttnn.PlacementReplicate(), ttnn.PlacementShard(1)]
    assert repr(ttnn.MeshComposerConfig(0, 1)) == "MeshComposerConfig(dims: [0, 1])"
    assert ttnn.PlacementShard(2).dim == 2 and ttnn.PlacementShard(2) != ttnn.PlacementShard(1)


def test_distribute_sets_the_default_mapper(md):
    x = _x()
    with ttnn.distribute(ttnn.ShardTensorToMesh(md, dim=1)):
        t = ttnn.from_torch(x)
    assert t.tensor_topology().placements() == [ttnn.PlacementShard(1)]
    assert ttnn.from_torch(x).tensor_topology().placements() == [ttnn.PlacementReplicate()]
    with pytest.raises(ValueError, match="TensorToMesh or MeshToTensor"):
        with ttnn.distribute(object()):
            pass


def test_as_tensor_cache_keeps_the_topology(tmp_path, md):
    torch = pytest.importorskip("torch")
    x = torch.from_numpy(_x())
    kw = dict(dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=md, memory_config=ttnn.DRAM_MEMORY_CONFIG,
              cache_file_name=tmp_path / "w")
    first = ttnn.as_tensor(x, mesh_mapper=ttnn.ShardTensorToMesh(md, dim=2), **kw)
    again = ttnn.as_tensor(x, mesh_mapper=ttnn.ShardTensorToMesh(md, dim=2), **kw)     # from the file
    assert first.tensor_topology() == again.tensor_topology()
    assert again.tensor_topology().placements() == [ttnn.PlacementShard(2)]
    np.testing.assert_array_equal(ttnn.to_numpy(first), ttnn.to_numpy(again))
    # ReplicateTensorToMesh: ttnn caches the tensor unreplicated (the file's topology is the default one)
    rep = ttnn.as_tensor(x, mesh_mapper=ttnn.ReplicateTensorToMesh(md), **{**kw, "cache_file_name": tmp_path / "r"})
    assert rep.tensor_topology() == ttnn.from_torch(x).tensor_topology()
