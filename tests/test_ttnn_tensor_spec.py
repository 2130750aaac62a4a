"""ttnn.TensorSpec, ttnn.NdShardSpec and ND memory configs (tensix.ttnn.tensor_spec), against what the ttnn 0.81.1
wheel gives on its host side for the same calls (n150 mock cluster; the expected memory configs below were printed by
it), and ND-sharded tensors on the simulated device: stored as their legacy equivalent, or refused loudly."""

import ml_dtypes
import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.compat.ttnn import model_preprocessing as mp

GRID = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 2))})
_RR = '"shard_distribution_strategy":"ShardDistributionStrategy::ROUND_ROBIN_1D"'


def _grid_json(x1, y1):
    return f'[{{"start":{{"x":0,"y":0}},"end":{{"x":{x1},"y":{y1}}}}}]'


def _spec():
    return ttnn.TensorSpec(shape=[3, 128, 160], dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                           buffer_type=ttnn.BufferType.L1)


# (name, spec factory, memory layout, legacy shard shape or None, ND shard shape) as the wheel prints them
CASES = [
    ("sharded", lambda s: s.sharded(ttnn.Shape([2, 64, 64]), GRID), "ND_SHARDED", None, [2, 64, 64]),
    ("across12", lambda s: s.sharded_across_dims([1, 2], GRID), "ND_SHARDED", None, [3, 32, 32]),
    ("across0", lambda s: s.sharded_across_dims([0], GRID), "HEIGHT_SHARDED", (128, 160), [1, 128, 160]),
    ("height", lambda s: s.height_sharded(GRID), "HEIGHT_SHARDED", (64, 160), [64, 160]),
    ("width", lambda s: s.width_sharded(GRID), "WIDTH_SHARDED", (384, 32), [384, 32]),
    ("sh1", lambda s: s.sharded(ttnn.Shape([1, 128, 160]), GRID), "HEIGHT_SHARDED", (128, 160), [1, 128, 160]),
    ("sh2", lambda s: s.sharded(ttnn.Shape([3, 128, 32]), GRID), "WIDTH_SHARDED", (384, 32), [3, 128, 32]),
]


@pytest.mark.parametrize("name,make,layout,legacy,nd", CASES, ids=[c[0] for c in CASES])
def test_sharded_specs_match_ttnn(name, make, layout, legacy, nd):
    mc = make(_spec()).memory_config
    assert mc.memory_layout == getattr(ttnn.TensorMemoryLayout, layout)
    assert mc.created_with_nd_shard_spec
    assert list(mc.nd_shard_spec.shard_shape) == nd
    assert (mc.shard_spec.shape if mc.shard_spec is not None else None) == legacy
    text = repr(mc)
    assert f'nd_shard_spec={{"shard_shape":[{", ".join(map(str, nd))}],"grid":{_grid_json(1, 2)},' in text
    assert _RR in text and "created_with_nd_shard_spec=1" in text


def test_block_sharded_spec_uses_grid_2d():
    mc = _spec().block_sharded(ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(4, 2))).memory_config
    assert mc.memory_layout == ttnn.TensorMemoryLayout.BLOCK_SHARDED
    assert mc.shard_spec.shape == (128, 32)
    assert mc.nd_shard_spec.shard_distribution_strategy == ttnn.ShardDistributionStrategy.GRID_2D


def test_row_major_recommended_alignment_is_64_bytes():
    spec = ttnn.TensorSpec([3, 100, 150], ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT, ttnn.BufferType.L1)
    nd = spec.sharded(ttnn.Shape([1, 100, 150]), GRID).memory_config.nd_shard_spec
    assert list(nd.shard_shape) == [1, 100, 160]      # bf16: 32 elements
    nd32 = ttnn.TensorSpec([3, 100, 150], ttnn.float32, ttnn.ROW_MAJOR_LAYOUT).sharded(
        ttnn.Shape([1, 100, 150]), GRID).memory_config.nd_shard_spec
    assert list(nd32.shard_shape) == [1, 100, 160]    # f32: 16 elements


def test_memory_config_nd_form_and_equality():
    nd = ttnn.NdShardSpec(ttnn.Shape([64, 160]), GRID)
    a = ttnn.MemoryConfig(ttnn.BufferType.L1, nd)
    b = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=nd)
    assert a == b and a.is_sharded() and a.memory_layout == ttnn.TensorMemoryLayout.ND_SHARDED
    assert a.shard_spec is None
    legacy = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                               ttnn.ShardSpec(GRID, [64, 160], ttnn.ShardOrientation.ROW_MAJOR))
    populated = _spec().height_sharded(GRID).memory_config
    assert populated != a             # the wheel: layouts differ (HEIGHT_SHARDED vs ND_SHARDED)
    assert populated != legacy        # mixed creation paths compare both specs; the legacy one has no ND twin
    with pytest.raises(TypeError):
        ttnn.MemoryConfig(ttnn.BufferType.L1)
    assert repr(nd) == ('{"shard_shape":[64, 160],"grid":' + _grid_json(1, 2)
                        + ',"orientation":"ShardOrientation::ROW_MAJOR",' + _RR + "}")


def test_tensor_spec_checks_legacy_shard_fit():
    with pytest.raises(ttnn.ShardSpecError, match="Number of shards along height 12 must not exceed number of cores 6"):
        ttnn.TensorSpec([3, 128, 160], ttnn.bfloat16, ttnn.TILE_LAYOUT, ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
                        ttnn.ShardSpec(GRID, [32, 160], ttnn.ShardOrientation.ROW_MAJOR), ttnn.BufferType.L1)


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def test_nd_sharded_tensor_with_a_legacy_equivalent_round_trips(device):
    x = np.random.default_rng(0).standard_normal((3, 128, 160)).astype(np.float32)
    spec = _spec().sharded_across_dims([0], GRID)
    t = ttnn.from_torch(x, spec=spec, device=device)
    assert t.memory_config().memory_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED
    assert t.memory_config() == spec.memory_config
    got = ttnn.to_numpy(t)
    want = x.astype(ml_dtypes.bfloat16).astype(np.float32)
    np.testing.assert_array_equal(got, want)
    back = ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG)
    np.testing.assert_array_equal(ttnn.to_numpy(back), want)
    # an ND config to to_memory_config: resolved for the tensor, then tensix's interleaved_to_sharded
    again = ttnn.to_memory_config(back, ttnn.MemoryConfig(ttnn.BufferType.L1, ttnn.NdShardSpec([1, 128, 160], GRID)))
    assert again.memory_config().shard_spec.shape == (128, 160)
    np.testing.assert_array_equal(ttnn.to_numpy(again), want)


def test_nd_sharded_tensor_without_a_legacy_equivalent_is_stored_and_ops_refuse_it(device):
    x = np.arange(3 * 128 * 160, dtype=np.float32).reshape(3, 128, 160)
    spec = _spec().sharded(ttnn.Shape([2, 64, 64]), GRID)
    t = ttnn.from_torch(x, spec=spec, device=device)      # tensix.ttnn.nd_sharded: the BufferDistributionSpec layout
    assert t.memory_config().memory_layout == ttnn.TensorMemoryLayout.ND_SHARDED
    np.testing.assert_array_equal(ttnn.to_numpy(t), ttnn.to_numpy(ttnn.from_numpy(x, dtype=spec.dtype)))
    with pytest.raises(NotModelledError, match="ND-sharded"):
        ttnn.relu(t)


def test_core_range_set_bounding_box_and_grid_size():
    crs = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(2, 1)),
                             ttnn.CoreRange(ttnn.CoreCoord(0, 3), ttnn.CoreCoord(0, 4))})
    box = crs.bounding_box()
    assert (box.start, box.end) == (ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 4))
    assert box.grid_size() == ttnn.CoreCoord(3, 5)


def test_max_worker_l1_unreserved_size_is_the_wheels():
    assert ttnn.get_max_worker_l1_unreserved_size() == 1463968


def test_tile_reshape_map_modes_give_the_same_numbers(device):
    x = np.arange(16 * 5, dtype=np.float32).reshape(16, 1, 5)
    a = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    for mode in (ttnn.TileReshapeMapMode.CACHE, ttnn.TileReshapeMapMode.RECREATE):
        out = ttnn.reshape(a, (4, 2, 10), reshape_tile_mode=mode)
        np.testing.assert_array_equal(ttnn.to_numpy(out), x.reshape(4, 2, 10))


def test_compat_core_helpers():
    from tensix.ttnn.compat.ttnn import core
    assert core.divup(5, 2) == 3 and core.roundup(5, 4) == 8 and core.roundup(8, 4) == 8
    assert core.get_memory_config is ttnn.get_memory_config


def test_model_preprocessing_converts_a_torch_model(device):
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)

    class Model(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.child = torch.nn.Linear(128, 96)
            self.parameter = torch.nn.Parameter(torch.rand(96))
            self.layers = torch.nn.ModuleList([torch.nn.LayerNorm(96), torch.nn.Embedding(10, 32)])

    model = Model()
    p = mp.preprocess_model_parameters(initialize_model=lambda: model, device=device)
    assert list(p) == ["parameter", "child", "layers"]
    assert list(p.child.weight.shape) == [128, 96] and p.child.weight.layout == ttnn.TILE_LAYOUT
    assert list(p.child.bias.shape) == [1, 96]
    assert list(p.layers[0].weight.shape) == [1, 96] and p.layers[1].weight.layout == ttnn.ROW_MAJOR_LAYOUT
    assert p.parameter.dtype == ttnn.bfloat16 and p.parameter.storage_type() == ttnn.StorageType.DEVICE
    bf = torch.bfloat16
    np.testing.assert_array_equal(ttnn.to_torch(p.child.weight).float().numpy(),
                                  model.child.weight.detach().T.to(bf).float().numpy())
    np.testing.assert_array_equal(ttnn.to_torch(p.parameter).float().numpy(),
                                  model.parameter.detach().to(bf).float().numpy())
    assert "ttnn.Tensor(shape=Shape([128, 96]), layout=Layout.TILE, dtype=DataType.BFLOAT16)" in repr(p)
    # a module not converted keeps torch tensors, a Linear's weight transposed
    q = mp.preprocess_model_parameters(initialize_model=lambda: model, convert_to_ttnn=lambda m, name: False)
    assert q.child.weight.shape == (128, 96) and isinstance(q.child.weight, torch.Tensor)
    with pytest.raises(NotModelledError):
        mp.preprocess_model(initialize_model=lambda: model, run_model=lambda m: m)
    w, b = mp.fold_batch_norm2d_into_conv2d(torch.nn.Conv2d(2, 3, 1), torch.nn.BatchNorm2d(3).eval())
    assert w.shape == (3, 2, 1, 1) and b.shape == (3,)
