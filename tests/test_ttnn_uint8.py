"""ttnn.uint8 (tt-metal DataFormat::UInt8 = 30, one byte a datum): host conversions, both layouts on the device, the
data movement ops that only move bytes. Compute: copy_tile into a 32-bit Dst and pack_tile are modelled (identity,
typecast: tests/test_ttnn_integer_formats.py); the FPU operand path, tilize / untilize and the ops' kernels on UInt8
refuse it (NotModelledError)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device import formats
from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError

torch = pytest.importorskip("torch")


@pytest.fixture(scope="module")
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def _x(shape, seed=0):
    return torch.from_numpy(np.random.default_rng(seed).integers(0, 256, shape).astype(np.uint8))


def test_format_is_one_byte_a_datum_in_face_order():
    assert DataFormat.UInt8 == 30 and formats.tile_size(DataFormat.UInt8) == 1024
    v = np.arange(1024, dtype=np.int64).reshape(32, 32) % 256
    raw = formats.pack_tile_bytes(v, DataFormat.UInt8)
    assert raw.dtype == np.uint8 and raw.shape == (1024,)
    np.testing.assert_array_equal(raw, formats.to_face_order(v[None])[0].astype(np.uint8))
    np.testing.assert_array_equal(formats.unpack_tile_bytes(raw, DataFormat.UInt8), v)
    with pytest.raises(formats.FormatError, match=r"\[0, 255\]"):
        formats.pack_tile_bytes(v + 1, DataFormat.UInt8)


@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
@pytest.mark.parametrize("shape", [(7, 3), (3, 37, 70), (2, 64, 96)])
def test_round_trip(dev, layout, shape):
    x = _x(shape)
    t = ttnn.from_torch(x, dtype=ttnn.uint8, layout=layout, device=dev)
    assert t.dtype == ttnn.uint8 and list(t.shape) == list(shape)
    out = ttnn.to_torch(t)
    assert out.dtype == torch.uint8 and torch.equal(out, x)
    assert torch.equal(ttnn.to_torch(ttnn.from_device(t)), x)


def test_host_conversions():
    """torch.uint8 infers ttnn.uint8; wider integers wrap as C++'s casts do; floats are refused (ttnn's rounding and
    clamping of them is not established here)."""
    assert ttnn.from_torch(_x((4, 4))).dtype == ttnn.uint8
    wide = torch.tensor([[0, 255, 256, -1, 300]])
    assert ttnn.to_torch(ttnn.from_torch(wide, dtype=ttnn.uint8)).tolist() == [[0, 255, 0, 255, 44]]
    with pytest.raises(NotModelledError, match="floating-point values to uint8"):
        ttnn.from_torch(torch.ones(2, 2), dtype=ttnn.uint8)


def test_data_movement_moves_the_bytes(dev):
    x = _x((3, 64, 96), seed=1)
    rm = ttnn.from_torch(x, dtype=ttnn.uint8, device=dev)
    assert torch.equal(ttnn.to_torch(rm[:, 1:30, 5:69]), x[:, 1:30, 5:69])
    assert torch.equal(ttnn.to_torch(ttnn.concat([rm, rm], dim=1)), torch.cat([x, x], 1))
    tiled = ttnn.from_torch(x, dtype=ttnn.uint8, layout=ttnn.TILE_LAYOUT, device=dev)
    assert torch.equal(ttnn.to_torch(tiled[:, 32:64, 32:64]), x[:, 32:64, 32:64])


def test_compute_refuses_uint8(dev):
    x = _x((1, 1, 64, 128), seed=2)
    tiled = ttnn.from_torch(x, dtype=ttnn.uint8, layout=ttnn.TILE_LAYOUT, device=dev)
    assert torch.equal(ttnn.to_torch(ttnn.identity(tiled)), x)     # copy_tile + pack_tile: modelled
    with pytest.raises(NotModelledError, match="UInt8 tiles in SrcA / SrcB"):
        ttnn.add(tiled, tiled)
    with pytest.raises(NotModelledError, match="holds UInt8 data"):
        ttnn.to_layout(tiled, ttnn.ROW_MAJOR_LAYOUT)          # untilize: the packer writes UInt8 rows
    with pytest.raises(ttnn.DTypeError, match="UINT8"):
        ttnn.permute(tiled, (0, 1, 3, 2))
