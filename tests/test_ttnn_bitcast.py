"""ttnn.bitcast (tt-metal 622c6fb9 unary.cpp: a BITCAST chain, the unary program with the input CB in the output's
format and the identity kernel): the bits go through the unpacker and packer as the output format, bit for bit as
tensix's format model says, and the refusals."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device import formats
from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError


@pytest.fixture(scope="module")
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def _tile_bits(values, dtype, dev, layout=ttnn.TILE_LAYOUT, shape=(1, 1, 32, 32)):
    x = np.zeros(int(np.prod(shape)), values.dtype)
    x[:len(values)] = values
    return ttnn.from_numpy(x.reshape(shape), dtype=dtype, layout=layout, device=dev)


def test_uint16_to_bfloat16_through_the_packer(dev):
    """uint16 patterns read as bfloat16 and repacked from a 16-bit Dst: normal values exact, denormals flushed to +0,
    NaN patterns packed as infinity (the packer's Float16_b conversion, formats.pack_from_dest)."""
    rng = np.random.default_rng(0)
    bits = rng.integers(0, 2**16, 1024).astype(np.uint16)
    bits[:6] = [0x4049, 0x7FC1, 0xFFFF, 0x0001, 0x8000, 0x7F80]      # normal, NaNs, denormal, -0, +inf
    t = _tile_bits(bits, ttnn.uint16, dev)
    out = ttnn.bitcast(t, ttnn.bfloat16)
    assert out.dtype == ttnn.bfloat16 and out.layout == ttnn.TILE_LAYOUT
    got = ttnn.to_numpy(out).astype(np.float32).view(np.uint32).reshape(-1) >> 16
    raw = formats.pack_tile_bytes(bits.reshape(32, 32), DataFormat.UInt16)
    dst = formats.copy_tile_to_dest(raw, DataFormat.Float16_b, fp32_dest=False)
    ref = formats.unpack_tile_bytes(formats.pack_from_dest(dst, False, DataFormat.Float16_b), DataFormat.Float16_b)
    np.testing.assert_array_equal(got, ref.view(np.uint32).reshape(-1) >> 16)
    normal = ((bits >> 7) & 0xFF != 0) & ((bits >> 7) & 0xFF != 0xFF)
    np.testing.assert_array_equal(got[normal], bits[normal])        # ordinary values keep their bits
    assert got[2] in (0x7F80, 0xFF80) and got[3] == 0


@pytest.mark.parametrize("src, dst", [(ttnn.bfloat16, ttnn.uint16), (ttnn.int32, ttnn.uint32),
                                      (ttnn.uint32, ttnn.int32)])
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_integer_results_keep_every_bit(dev, src, dst, layout):
    rng = np.random.default_rng(1)
    if src == ttnn.bfloat16:       # normal bfloat16 values (a Float16_b unpack keeps them)
        vals = (rng.standard_normal(2 * 40 * 70).astype(np.float32))
        t = ttnn.from_numpy(vals.reshape(2, 40, 70), dtype=src, layout=layout, device=dev)
        want = (ttnn.to_numpy(t).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    else:
        vals = rng.integers(0, 2**31, 2 * 40 * 70)
        t = ttnn.from_numpy(vals.reshape(2, 40, 70), dtype=src, layout=layout, device=dev)
        want = ttnn.to_numpy(t).view(np.uint32 if dst == ttnn.uint32 else np.int32)
    out = ttnn.bitcast(t, dst)
    assert out.dtype == dst and out.layout == layout and list(out.shape) == [2, 40, 70]
    np.testing.assert_array_equal(ttnn.to_numpy(out), want)


def test_uint32_to_float32_reads_tf32(dev):
    """uint32 -> float32: the input is not float32, so it is not unpacked straight to Dst: the Float32 CB goes
    through SrcA as TF32 (the low 13 mantissa bits dropped), as tensix's unpacker model has it."""
    vals = np.array([1078523331, 16457, 0x3F800001, 0x7F7FFFFF], np.uint32)
    out = ttnn.to_numpy(ttnn.bitcast(_tile_bits(vals, ttnn.uint32, dev), ttnn.float32)).reshape(-1)[:4]
    np.testing.assert_array_equal(out.view(np.uint32), vals & np.uint32(0xFFFFE000))


def test_refusals(dev):
    t = _tile_bits(np.arange(8, dtype=np.uint16), ttnn.uint16, dev)
    with pytest.raises(NotModelledError, match="different sizes"):
        ttnn.bitcast(t, ttnn.float32)
    with pytest.raises(NotModelledError, match="different sizes"):
        ttnn.bitcast(_tile_bits(np.ones(4, np.float32), ttnn.bfloat16, dev), ttnn.bfloat8_b)
    with pytest.raises(ttnn.DTypeError, match="should match"):
        ttnn.bitcast(t, ttnn.bfloat16, output_tensor=_tile_bits(np.arange(8, dtype=np.uint16), ttnn.uint16, dev))
