"""ttnn.Tile (tt-metal 622c6fb9 tt_metal/impl/data_format/tile.cpp, ttnn-nanobind tensor.cpp): its shapes, sizes,
equality and errors, and what tensix.ttnn does with one: 32x32 tiles in normal order are accepted wherever ttnn takes a
tile, the others (tiny or transposed tiles) are refused as not modelled."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError


@pytest.fixture
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


# (tile shape) -> (face shape, faces, partial_face, narrow_tile), written out from tile.cpp's table and formulas
CASES = {
    (32, 32): ((16, 16), 4, 0, 0),
    (16, 32): ((16, 16), 2, 1, 0),
    (32, 16): ((16, 16), 2, 0, 1),
    (16, 16): ((16, 16), 1, 1, 1),
    (8, 32): ((8, 16), 2, 1, 0),
    (1, 32): ((1, 16), 2, 1, 0),
    (4, 16): ((4, 16), 1, 1, 1),
}


@pytest.mark.parametrize("shape", list(CASES))
def test_tile_shapes_faces_and_flags(shape):
    face, faces, partial, narrow = CASES[shape]
    t = ttnn.Tile(shape)
    assert t.tile_shape == list(shape)
    assert t.face_shape == list(face)
    assert (t.num_faces, t.partial_face, t.narrow_tile) == (faces, partial, narrow)
    assert not t.transpose_within_face and not t.transpose_of_faces
    assert repr(t) == f"Tile with shape: [{shape[0]}, {shape[1]}]"


def test_tile_sizes_per_dtype():
    full = ttnn.Tile((32, 32))
    # the 32x32 sizes every ttnn user knows (bfloat8_b: 1024 mantissa bytes + 64 exponent bytes)
    assert [full.get_tile_size(d) for d in (ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b, ttnn.bfloat4_b,
                                            ttnn.uint32, ttnn.uint16, ttnn.uint8)] == [2048, 4096, 1088, 576, 4096,
                                                                                       2048, 1024]
    # 16x32: two 16x16 faces, 16 exponent rows each = 32 bytes (already 16-byte aligned)
    assert ttnn.Tile((16, 32)).get_tile_size(ttnn.bfloat8_b) == 512 + 32
    # 1x32: two 1x16 faces: 2 exponent bytes padded to the 16-byte L1 alignment
    assert ttnn.Tile((1, 32)).get_tile_size(ttnn.bfloat4_b) == 16 + 16
    assert ttnn.Tile((8, 16)).get_tile_size(ttnn.bfloat16) == 256


def test_tile_equality_ignores_the_transpose_and_tiles_are_unhashable():
    assert ttnn.Tile((32, 32)) == ttnn.Tile([32, 32], transpose_tile=True)
    assert ttnn.Tile((16, 32)) != ttnn.Tile((32, 16))
    assert ttnn.Tile() == ttnn.Tile((32, 32))
    t = ttnn.Tile((16, 32), transpose_tile=True)
    assert t.transpose_within_face and t.transpose_of_faces
    with pytest.raises(TypeError):
        hash(ttnn.Tile())


@pytest.mark.parametrize("shape", [(3, 32), (32, 8), (64, 32), (16, 64)])
def test_invalid_tile_shapes_are_refused(shape):
    with pytest.raises(TTNNError, match="Tile size is not valid for our hardware"):
        ttnn.Tile(shape)


def test_transposed_tiles_need_height_16_or_32():
    with pytest.raises(TTNNError, match="Tile height must equal 16 or 32 in transpose mode"):
        ttnn.Tile((8, 32), transpose_tile=True)
    with pytest.raises(TypeError):
        ttnn.Tile((32,))


def test_full_tiles_are_accepted_and_equal_to_no_tile(dev):
    x = np.arange(32 * 96, dtype=np.float32).reshape(32, 96) / 64
    w = np.ones((96, 32), np.float32)
    kw = dict(dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=dev)
    a = ttnn.from_torch(x, tile=ttnn.Tile((32, 32)), **kw)
    b = ttnn.from_torch(x, **kw)
    assert a.tile == ttnn.Tile() and b.tile.tile_shape == [32, 32]
    wt = ttnn.from_torch(w, **kw)
    got = ttnn.to_numpy(ttnn.matmul(a, wt, output_tile=ttnn.Tile([32, 32])))
    assert np.array_equal(got, ttnn.to_numpy(ttnn.matmul(b, wt)))
    spec = ttnn.TensorSpec((32, 96), ttnn.bfloat16, ttnn.TILE_LAYOUT, tile=ttnn.Tile((32, 32)))
    assert spec.tile == ttnn.Tile()


def test_ops_on_tiny_and_transposed_tiles_are_not_modelled(dev):
    """Tensors may be stored in tiny / transposed tiles (tests/test_ttnn_tiny_tiles.py); ops refuse them."""
    x = np.ones((32, 64), np.float32)
    kw = dict(dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=dev)
    tiny = ttnn.from_torch(x, tile=ttnn.Tile((16, 32)), **kw)
    with pytest.raises(NotModelledError, match=r"ttnn.add: input 0 .* is stored in tiles of shape \[16, 32\]"):
        ttnn.add(tiny, tiny)
    tr = ttnn.from_torch(x, tile=ttnn.Tile((32, 32), transpose_tile=True), **kw)
    with pytest.raises(NotModelledError, match=r"transposed 32x32 tiles \(transpose_tile\)"):
        ttnn.exp(tr)
    spec = ttnn.TensorSpec((32, 64), ttnn.bfloat16, ttnn.TILE_LAYOUT, tile=ttnn.Tile((32, 16)))
    assert spec.tile.tile_shape == [32, 16]
    a = ttnn.from_torch(x, **kw)
    b = ttnn.from_torch(x.T.copy(), **kw)
    for op in (ttnn.matmul, ttnn.linear):      # get_output_tile: the output tile's height is in0's tile height
        with pytest.raises(ttnn.TTNNError, match=r"output tile height \(16\) must equal to the in0 tile height"):
            op(a, b, output_tile=ttnn.Tile([16, 32]))
