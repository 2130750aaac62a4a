"""ttnn.as_tensor / dump_tensor / load_tensor (tensix.ttnn.serialization): the cache file's name and life cycle as
ttnn 622c6fb9's as_tensor, bit-exact round trips of every dtype, and the errors."""

import warnings

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError


@pytest.fixture(scope="module")
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def _bits(t):
    return ttnn.to_numpy(t).view(np.uint8)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b, ttnn.bfloat4_b, ttnn.uint16,
                                   ttnn.int32])
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_dump_load_round_trip(tmp_path, dev, dtype, layout):
    if dtype in (ttnn.bfloat8_b, ttnn.bfloat4_b) and layout == ttnn.ROW_MAJOR_LAYOUT:
        pytest.skip("block-float tensors exist only in TILE_LAYOUT")
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 37, 70)) * 50
    if dtype in (ttnn.uint16, ttnn.int32):
        x = np.abs(x).astype(np.int32)
    t = ttnn.from_numpy(x, dtype=dtype, layout=layout, device=dev)
    f = tmp_path / "t.tensorbin"
    ttnn.dump_tensor(f, t)                       # a device tensor: read back, then written
    host = ttnn.load_tensor(f)
    assert host.storage_type() == ttnn.StorageType.HOST
    assert (host.dtype, host.layout, list(host.shape), list(host.padded_shape)) == \
        (dtype, layout, list(t.shape), list(t.padded_shape))
    np.testing.assert_array_equal(_bits(host), _bits(t))
    on = ttnn.load_tensor(f, device=dev)
    assert on.storage_type() == ttnn.StorageType.DEVICE
    np.testing.assert_array_equal(_bits(on), _bits(t))


def test_as_tensor_without_cache_is_from_torch(dev):
    torch = pytest.importorskip("torch")
    x = torch.randn(40, 33)
    a = ttnn.as_tensor(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=ttnn.L1_MEMORY_CONFIG)
    b = ttnn.from_torch(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=ttnn.L1_MEMORY_CONFIG)
    np.testing.assert_array_equal(_bits(a), _bits(b))
    assert a.memory_config() == ttnn.L1_MEMORY_CONFIG
    assert ttnn.as_tensor(x).layout == ttnn.ROW_MAJOR_LAYOUT        # ttnn's default layout


def test_as_tensor_cache_life_cycle(tmp_path, dev):
    torch = pytest.importorskip("torch")
    x = torch.randn(64, 96)
    calls = []

    def double(t):
        calls.append(1)
        return t * 2

    name = tmp_path / "weights" / "layer0.w"
    kw = dict(dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=ttnn.DRAM_MEMORY_CONFIG,
              cache_file_name=name, preprocess=double)
    first = ttnn.as_tensor(x, **kw)
    path = tmp_path / "weights" / "layer0.w_dtype_BFLOAT8_B_layout_TILE.tensorbin"
    assert path.is_file() and len(calls) == 1
    second = ttnn.as_tensor(torch.zeros(64, 96), **kw)      # loaded: neither the tensor nor preprocess is used
    assert len(calls) == 1
    np.testing.assert_array_equal(_bits(second), _bits(first))
    np.testing.assert_allclose(ttnn.to_numpy(first), (x * 2).numpy(), rtol=0.07, atol=0.07)
    # no dtype / layout: "None" in the name
    ttnn.as_tensor(x, cache_file_name=tmp_path / "plain", layout=None)
    assert (tmp_path / "plain_dtype_None_layout_None.tensorbin").is_file()


def test_unreadable_cache_is_regenerated_with_a_warning(tmp_path):
    torch = pytest.importorskip("torch")
    (tmp_path / "w_dtype_BFLOAT16_layout_TILE.tensorbin").write_bytes(b"a ttnn flatbuffer, say")
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        t = ttnn.as_tensor(torch.ones(4, 4), ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, cache_file_name=tmp_path / "w")
    assert any("Failed to load cache" in str(m.message) for m in w)
    np.testing.assert_array_equal(ttnn.to_numpy(t), np.ones((4, 4), np.float32))
    assert ttnn.load_tensor(tmp_path / "w_dtype_BFLOAT16_layout_TILE.tensorbin").dtype == ttnn.bfloat16


def test_errors(tmp_path, dev):
    torch = pytest.importorskip("torch")
    with pytest.raises(RuntimeError, match="memory_config must be specified when device is specified"):
        ttnn.as_tensor(torch.ones(2, 2), device=dev)
    with pytest.raises(ttnn.TTNNError, match="is not a ttnn mesh mapper"):
        ttnn.as_tensor(torch.ones(2, 2), mesh_mapper=object())
    with pytest.raises(NotModelledError, match="distribute"):
        ttnn.dump_tensor(tmp_path / "d", ttnn.from_torch(torch.ones(2, 2)), distribute=object())
    bad = tmp_path / "bad.tensorbin"
    bad.write_bytes(b"\x00" * 10)
    with pytest.raises(ttnn.TTNNError, match="not a tensor file tensix wrote"):
        ttnn.load_tensor(bad)
    with pytest.raises(TypeError, match="must be a ttnn.Tensor"):
        ttnn.dump_tensor(bad, np.ones(3))
