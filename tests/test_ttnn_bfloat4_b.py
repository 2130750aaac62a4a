"""ttnn.bfloat4_b on the simulated device: host packing (held to the ttnn wheel in test_ttnn_host_oracle.py), device
round trips, and ops whose result is pinned by an identity that holds on the card because the unpacker's BFP4ToBF16 is
lossless (ISA FloatBitPatterns.md): a bfloat4_b operand gives the same SrcA/SrcB values as a bfloat16 tensor holding
the same numbers, and a bfloat4_b output is the packer's BF16 -> BFP8 -> BFP4 conversion of the same Dst."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device import formats
from tensix.errors import NotModelledError


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _rand(shape, seed, scale=1.0):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(np.float32)


def _held(x):
    """The values a bfloat4_b tensor of x holds (host conversion)."""
    return ttnn.to_numpy(ttnn.from_numpy(x, dtype=ttnn.bfloat4_b, layout=ttnn.TILE_LAYOUT))


def _bits(a):
    return np.asarray(a, np.float32).view(np.uint32)


def test_bfloat4_b_is_tile_only_and_576_bytes_a_tile(device):
    x = _rand((40, 70), 0)
    with pytest.raises(ttnn.LayoutError, match="bfloat4_b tensors exist only in TILE_LAYOUT"):
        ttnn.from_numpy(x, dtype=ttnn.bfloat4_b, layout=ttnn.ROW_MAJOR_LAYOUT)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat4_b)           # the layout defaults to TILE for block floats
    assert t.layout == ttnn.TILE_LAYOUT and list(t.padded_shape) == [64, 96]
    d = ttnn.to_device(t, device)
    assert d.page_size == formats.tile_size(formats.DataFormat.Bfp4_b) == 576


@pytest.mark.parametrize("memory_config", [ttnn.DRAM_MEMORY_CONFIG, ttnn.L1_MEMORY_CONFIG])
def test_device_round_trip_keeps_every_bit(device, memory_config):
    x = _rand((2, 37, 45), 1, 30.0)
    want = _held(x)
    back = ttnn.from_device(ttnn.from_numpy(x, dtype=ttnn.bfloat4_b, device=device, memory_config=memory_config))
    np.testing.assert_array_equal(_bits(ttnn.to_numpy(back)), _bits(want))


def test_matmul_with_bfloat4_b_weights_is_the_bfloat16_matmul_of_their_values(device):
    a = _rand((64, 256), 2)
    w = _rand((256, 96), 3, 1 / 16)
    w4 = _held(w)
    A = ttnn.from_numpy(a, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    W4 = ttnn.from_numpy(w, dtype=ttnn.bfloat4_b, layout=ttnn.TILE_LAYOUT, device=device)
    W16 = ttnn.from_numpy(w4, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    assert np.array_equal(ttnn.to_numpy(W16), w4)         # bfloat4_b values are bfloat16 numbers
    got = ttnn.to_numpy(ttnn.matmul(A, W4))
    same = ttnn.to_numpy(ttnn.matmul(A, W16))
    np.testing.assert_array_equal(_bits(got), _bits(same))
    ref = ttnn.to_numpy(A).astype(np.float64) @ w4
    assert np.abs(got - ref).max() <= 2.0**-5 * np.abs(ref).max()     # bfloat16 Dst accumulation, bfloat16 out


@pytest.mark.parametrize("op", ["add", "subtract", "multiply"])
def test_binary_of_bfloat4_b_is_the_bfloat16_op_packed_to_bfloat4_b(device, op):
    a, b = _rand((2, 64, 96), 4), _rand((2, 64, 96), 5)
    a4, b4 = _held(a), _held(b)
    A4, B4 = (ttnn.from_numpy(v, dtype=ttnn.bfloat4_b, device=device) for v in (a, b))
    A16, B16 = (ttnn.from_numpy(v, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device) for v in (a4, b4))
    out = getattr(ttnn, op)(A4, B4)
    assert out.dtype == ttnn.bfloat4_b
    # the same Dst values, then the bfloat16 -> bfloat4_b typecast (no SFPU code: the packer's conversion alone)
    want = ttnn.typecast(getattr(ttnn, op)(A16, B16), ttnn.bfloat4_b)
    np.testing.assert_array_equal(_bits(ttnn.to_numpy(out)), _bits(ttnn.to_numpy(want)))


def _face_rows(v):
    """A (64, 128) matrix as its 16-value face rows, the groups that share an exponent."""
    tiles = np.stack([v[i:i + 32, j:j + 32] for i in (0, 32) for j in (0, 32, 64, 96)])
    return formats.to_face_order(tiles).reshape(-1, 16).astype(np.float64)


def test_typecast_to_bfloat4_b_truncates_the_packers_bfloat8_b(device):
    """ISA Packers/FormatConversion.md: to BFP4, "converted to BFP8, then truncate": every device bfloat4_b value is
    the device bfloat8_b value with its magnitude cut to the top 3 of 7 bits, under the same shared exponents."""
    x = _rand((64, 128), 6, 4.0)
    X = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    q4 = _face_rows(ttnn.to_numpy(ttnn.typecast(X, ttnn.bfloat4_b)))
    q8 = _face_rows(ttnn.to_numpy(ttnn.typecast(X, ttnn.bfloat8_b)))
    shared = np.floor(np.log2(np.abs(_face_rows(ttnn.to_numpy(X))).max(axis=1)))
    mag8 = np.abs(q8) / np.exp2(shared - 6)[:, None]       # 7-bit magnitudes
    assert np.array_equal(mag8, np.round(mag8)) and mag8.max() <= 127
    want = np.sign(q8) * np.floor(mag8 / 16) * np.exp2(shared - 2)[:, None]
    np.testing.assert_array_equal(q4, want)
    assert np.mean(q4 == q8) < 0.5            # not a plain copy of the bfloat8_b values


@pytest.mark.parametrize("op,fn", [("relu", lambda v: np.maximum(v, 0)), ("neg", np.negative),
                                   ("abs", np.abs)])
def test_exact_unary_ops_keep_bfloat4_b_values(device, op, fn):
    x = _rand((64, 64), 7, 3.0)
    x4 = _held(x)
    out = getattr(ttnn, op)(ttnn.from_numpy(x, dtype=ttnn.bfloat4_b, device=device))
    assert out.dtype == ttnn.bfloat4_b
    np.testing.assert_array_equal(ttnn.to_numpy(out), fn(x4))


def test_transpose_wh_of_bfloat4_b_moves_values_and_other_dims_are_loud(device):
    x = _rand((1, 2, 64, 96), 8)
    x4 = _held(x)
    X = ttnn.from_numpy(x, dtype=ttnn.bfloat4_b, device=device)
    t = ttnn.transpose(X, -2, -1)
    # transpose_wh_tile unpacks the tile to BF16 (losslessly), transposes it and packs it to bfloat4_b again, with
    # new shared exponents for the new face rows: what transposing the bfloat16 tensor of the same values and
    # typecasting it (the same packer conversion) gives
    want = ttnn.typecast(ttnn.transpose(ttnn.from_numpy(x4, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                                                        device=device), -2, -1), ttnn.bfloat4_b)
    np.testing.assert_array_equal(ttnn.to_numpy(t), ttnn.to_numpy(want))
    with pytest.raises(NotModelledError, match="bfloat4_b"):
        ttnn.transpose(X, 1, 2)
