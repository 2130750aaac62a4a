"""Tensors stored in tiny tiles (ttnn.Tile other than 32x32) and transposed tiles: host tilize, block-float packing,
padded shapes, device pages and round trips, against independent references (loop ports of tt-metal 622c6fb9's
tilize_utils.cpp to_tile_major_layout_nfaces and pack_as_bfp_tiles, and the 32x32 block-float path of
tensix.device.formats for the per-row quantisation); and the refusal of every op to compute on them."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device import formats
from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.ttnn import tile_layout

SHAPES = [(32, 32), (16, 32), (32, 16), (16, 16), (8, 32), (4, 32), (2, 32), (1, 32), (8, 16), (4, 16), (2, 16),
          (1, 16)]
TILES = [(s, False) for s in SHAPES] + [(s, True) for s in SHAPES if s[0] in (16, 32)]
PLAIN = [ttnn.bfloat16, ttnn.float32, ttnn.uint32, ttnn.int32, ttnn.uint16, ttnn.uint8]
BFP = [ttnn.bfloat8_b, ttnn.bfloat4_b]


@pytest.fixture(scope="module")
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def _tid(t):
    return f"{t[0][0]}x{t[0][1]}{'T' if t[1] else ''}"


def _ref_tilize(vals, tile):
    """Loop port of tilize_utils.cpp to_tile_major_layout_nfaces (one value list per tile, stored order)."""
    (th, tw), (fh, fw) = tile.tile_shape, tile.face_shape
    tf, tfo = tile.transpose_within_face, tile.transpose_of_faces
    h, w = vals.shape[-2:]
    out = []
    for m in vals.reshape(-1, h, w):
        for rt in range(h // th):
            for ct in range(w // tw):
                faces = [(i, j) for i in range(th // fh) for j in range(tw // fw)]
                if tfo:
                    faces = [(i, j) for j in range(tw // fw) for i in range(th // fh)]
                tile_vals = []
                for i, j in faces:
                    f = m[rt * th + i * fh:rt * th + (i + 1) * fh, ct * tw + j * fw:ct * tw + (j + 1) * fw]
                    tile_vals.append((f.T if tf else f).reshape(-1))
                out.append(np.concatenate(tile_vals))
    return np.stack(out)


def _ref_untilize(stored, padded, tile):
    """Inverse of _ref_tilize, by index: the logical position of every stored value."""
    idx = np.arange(int(np.prod(padded))).reshape(padded)
    pos = _ref_tilize(idx, tile).reshape(-1)
    out = np.empty(int(np.prod(padded)), stored.dtype)
    out[pos] = stored.reshape(-1)
    return out.reshape(padded)


def _quantise_rows(rows, fmt):
    """Each 16-value row quantised with one shared exponent, through tensix.device.formats' 32x32 path (the row
    alone in face row 0 of its own tile: zeros never raise the shared exponent)."""
    n = rows.shape[0]
    tiles = np.zeros((n, 32, 32), np.float32)
    tiles[:, 0, :16] = rows
    return formats.unpack_tile_bytes(formats.pack_tile_bytes(tiles, fmt), fmt)[:, 0, :16]


def _values(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    if dtype in (ttnn.uint32, ttnn.uint16, ttnn.uint8):
        hi = {ttnn.uint32: 2**32 - 1, ttnn.uint16: 2**16 - 1, ttnn.uint8: 255}[dtype]
        return rng.integers(0, hi, shape, dtype=np.int64, endpoint=True).astype(
            {ttnn.uint32: np.uint32, ttnn.uint16: np.uint16, ttnn.uint8: np.uint8}[dtype])
    if dtype == ttnn.int32:
        return rng.integers(-2**31, 2**31 - 1, shape, dtype=np.int64).astype(np.int32)
    x = rng.standard_normal(shape).astype(np.float32) * np.exp2(rng.integers(-6, 6, shape)).astype(np.float32)
    if dtype == ttnn.bfloat16:
        return ttnn.to_numpy(ttnn.from_numpy(x, dtype=ttnn.bfloat16))     # exactly representable
    return x


# ------------------------------------------------------------------------------------------ layout functions
@pytest.mark.parametrize("t", TILES, ids=_tid)
def test_tilize_matches_the_loop_port_and_inverts(t):
    tile = ttnn.Tile(t[0], transpose_tile=t[1])
    v = np.arange(2 * 64 * 96, dtype=np.int64).reshape(2, 64, 96)
    got = tile_layout.tilize(v, tile)
    assert np.array_equal(got, _ref_tilize(v, tile))
    assert np.array_equal(tile_layout.untilize(got, v.shape, tile), v)


def test_the_32x32_tile_matches_the_existing_paths():
    rng = np.random.default_rng(1)
    v = rng.standard_normal((2, 64, 96)).astype(np.float32)
    full = ttnn.Tile()
    assert np.array_equal(tile_layout.tilize(v, full).reshape(-1), formats.tilize_nfaces(v.reshape(-1, 96), 128, 96))
    tiles = v.reshape(2, 2, 32, 3, 32).transpose(0, 1, 3, 2, 4).reshape(-1, 32, 32)
    for fmt in (DataFormat.Bfp8_b, DataFormat.Bfp4_b):
        assert np.array_equal(tile_layout.pack_bfp(v, fmt, full), formats.pack_tile_bytes(tiles, fmt))


def test_transposed_32x32_tile_order():
    """transpose_tile: faces in order TL, BL, TR, BR, each stored transposed."""
    tile = ttnn.Tile((32, 32), transpose_tile=True)
    v = np.arange(1024).reshape(32, 32)
    got = tile_layout.tilize(v, tile).reshape(4, 16, 16)
    faces = [v[:16, :16], v[16:, :16], v[:16, 16:], v[16:, 16:]]
    for g, f in zip(got, faces):
        assert np.array_equal(g, f.T)
    # a one-face-wide tile has no face order to transpose (tilize_utils.cpp), only the faces' contents
    tile = ttnn.Tile((32, 16), transpose_tile=True)
    got = tile_layout.tilize(np.arange(512).reshape(32, 16), tile).reshape(2, 16, 16)
    assert np.array_equal(got[1], np.arange(512).reshape(32, 16)[16:].T)


# ------------------------------------------------------------------------------------------- padded shapes
@pytest.mark.parametrize("shape, tile, padded", [
    ((2, 71, 35), (8, 16), [2, 72, 48]), ((2, 71, 35), (1, 32), [2, 71, 64]), ((71, 35), (16, 32), [80, 64]),
    ((35,), (4, 16), [4, 48]), ((), (2, 32), [2, 32]), ((3, 5, 16, 16), (16, 16), [3, 5, 16, 16])])
def test_padded_shape_follows_the_tile(shape, tile, padded):
    x = np.ones(shape, np.float32)
    t = ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, tile=ttnn.Tile(tile))
    assert list(t.padded_shape) == padded and list(t.shape) == list(shape)
    assert t.tile.tile_shape == list(tile) and t.tile_shape == tile
    spec = ttnn.TensorSpec(shape, ttnn.bfloat16, ttnn.TILE_LAYOUT, tile=ttnn.Tile(tile))
    assert list(spec.padded_shape) == padded
    rm = ttnn.TensorSpec(shape, ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT, tile=ttnn.Tile(tile))
    assert list(rm.padded_shape) == list(shape)


def test_pad_value_fills_the_tile_padding():
    x = np.arange(5 * 20, dtype=np.float32).reshape(5, 20)
    t = ttnn.from_torch(x, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, tile=ttnn.Tile((4, 16)), pad_value=-7.0)
    p = t.to_torch_with_padded_shape().numpy()
    assert p.shape == (8, 32)
    assert np.array_equal(p[:5, :20], x) and np.all(p[5:] == -7) and np.all(p[:, 20:] == -7)


# ------------------------------------------------------------------------------------------------ round trips
@pytest.mark.parametrize("t", TILES, ids=_tid)
@pytest.mark.parametrize("dtype", PLAIN, ids=lambda d: d.name)
def test_plain_dtypes_round_trip_exactly(dev, t, dtype):
    tile = ttnn.Tile(t[0], transpose_tile=t[1])
    x = _values((2, 37, 50), dtype)
    host = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, tile=tile)
    assert host.tile == tile and host.tile.transpose_within_face == t[1]
    assert np.array_equal(ttnn.to_numpy(host), x.astype(ttnn.to_numpy(host).dtype))
    for mc in (ttnn.DRAM_MEMORY_CONFIG, ttnn.L1_MEMORY_CONFIG):
        d = ttnn.to_device(host, dev, memory_config=mc)
        th, tw = t[0]
        assert d.num_pages == int(np.prod(host.padded_shape)) // (th * tw)
        assert d.page_size == tile.get_tile_size(dtype)
        # the device pages hold the tiles in the stored order of tt-metal's host tilize
        raw = np.empty(d.num_pages * d.page_size, np.uint8)
        d._buffer.read_into(raw, raw.size)
        padded = np.asarray(host.host_values())
        raw_dtype = np.uint16 if dtype == ttnn.bfloat16 else padded.dtype
        assert np.array_equal(raw.view(raw_dtype), _ref_tilize(padded.view(raw_dtype), tile).reshape(-1))
        back = ttnn.from_device(d)
        assert back.tile == tile and back.tile.transpose_within_face == t[1]
        assert list(back.padded_shape) == list(host.padded_shape)
        assert np.array_equal(ttnn.to_numpy(back), ttnn.to_numpy(host))
        assert np.array_equal(ttnn.to_numpy(d), ttnn.to_numpy(host))


@pytest.mark.parametrize("t", TILES, ids=_tid)
@pytest.mark.parametrize("dtype", BFP, ids=lambda d: d.name)
def test_block_floats_share_an_exponent_per_stored_face_row(dev, t, dtype):
    tile = ttnn.Tile(t[0], transpose_tile=t[1])
    fmt = DataFormat.Bfp8_b if dtype == ttnn.bfloat8_b else DataFormat.Bfp4_b
    x = _values((2, 37, 50), ttnn.float32, seed=3)
    host = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, tile=tile)
    padded = np.zeros(tuple(host.padded_shape), np.float32)
    padded[:, :37, :50] = x
    stored = _ref_tilize(padded, tile)
    expect = _ref_untilize(_quantise_rows(stored.reshape(-1, 16), fmt).reshape(stored.shape), padded.shape, tile)
    assert np.array_equal(ttnn.to_numpy(host), expect[:, :37, :50])
    # bytes: the exponent section (one byte per stored face row, zero-padded to 16 bytes), then the datums
    size = tile.get_tile_size(dtype)
    assert host._bfp.shape == (stored.shape[0], size)
    rows = stored.shape[1] // 16
    exp_bytes = -(-rows // 16) * 16
    bits = stored.reshape(stored.shape[0], rows, 16).view(np.uint32)
    assert np.array_equal(host._bfp[:, :rows], ((bits >> 23) & 0xFF).max(axis=2))
    assert np.all(host._bfp[:, rows:exp_bytes] == 0)
    assert size == exp_bytes + stored.shape[1] * (8 if dtype == ttnn.bfloat8_b else 4) // 8
    d = ttnn.from_device(ttnn.to_device(host, dev, memory_config=ttnn.L1_MEMORY_CONFIG))
    assert np.array_equal(d._bfp, host._bfp) and np.array_equal(ttnn.to_numpy(d), ttnn.to_numpy(host))


def test_bfp_exponent_sections_as_get_tile_size():
    """tile.cpp get_tile_size: hw (bfloat8_b) or hw / 2 (bfloat4_b) plus the exponent section rounded to 16 B."""
    sizes = {(32, 32): (1088, 576), (16, 32): (544, 288), (16, 16): (272, 144), (8, 32): (272, 144),
             (4, 32): (144, 80), (1, 32): (48, 32), (1, 16): (32, 24), (2, 16): (48, 32)}
    for shape, (b8, b4) in sizes.items():
        x = np.ones((shape[0], shape[1]), np.float32)
        for dtype, size in ((ttnn.bfloat8_b, b8), (ttnn.bfloat4_b, b4)):
            t = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, tile=ttnn.Tile(shape))
            assert t._bfp.shape == (1, size) and t.page_size == size
    # a single 1x16 tile: exponent byte 127 (1.0), 15 zero bytes, then 16 datums 0x40 (1.0 with hidden bit)
    t = ttnn.from_numpy(np.ones((1, 16), np.float32), dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT,
                        tile=ttnn.Tile((1, 16)))
    assert list(t._bfp[0]) == [127] + [0] * 15 + [0x40] * 16


def test_transposed_bfp_shares_exponents_down_face_columns():
    """With transpose_tile a stored face row is a column of the logical face: a large value in one column costs
    precision in that column only."""
    x = np.full((32, 32), 1.0 + 2**-6, np.float32)
    x[:, 3] = 1024.0
    kw = dict(dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT)
    plain = ttnn.to_numpy(ttnn.from_numpy(x, tile=ttnn.Tile((32, 32)), **kw))
    tr = ttnn.to_numpy(ttnn.from_numpy(x, tile=ttnn.Tile((32, 32), transpose_tile=True), **kw))
    assert np.all(plain[:, :16][:, np.arange(16) != 3] == 0)        # rows share 1024's exponent: flushed
    assert np.all(tr[:, np.arange(32) != 3] == 1.0 + 2**-6)         # columns keep their own exponent
    assert np.all(tr[:, 3] == 1024.0)


@pytest.mark.parametrize("t", [((16, 32), False), ((1, 16), False), ((32, 16), True)], ids=_tid)
def test_torch_round_trip_and_repr(dev, t):
    torch = pytest.importorskip("torch")
    tile = ttnn.Tile(t[0], transpose_tile=t[1])
    x = torch.rand((1, 2, 71, 35), dtype=torch.bfloat16)
    a = ttnn.from_torch(x, tile=tile, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert torch.equal(ttnn.to_torch(a), x)
    r = repr(a)
    assert r.startswith("ttnn.Tensor(") and "shape=Shape([1, 2, 71, 35])" in r and "layout=Layout::TILE" in r


def test_host_to_layout_keeps_the_tile():
    x = _values((3, 20, 40), ttnn.float32)
    tile = ttnn.Tile((8, 16))
    a = ttnn.from_numpy(x, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, tile=tile)
    rm = ttnn.to_layout(a, ttnn.ROW_MAJOR_LAYOUT)
    assert rm.tile == tile and list(rm.padded_shape) == [3, 20, 40] and np.array_equal(ttnn.to_numpy(rm), x)
    back = ttnn.to_layout(rm, ttnn.TILE_LAYOUT)
    assert back.tile == tile and list(back.padded_shape) == [3, 24, 48]
    assert np.array_equal(ttnn.to_numpy(back), x)
    b16 = ttnn.typecast(a, ttnn.bfloat16)
    assert b16.tile == tile and list(b16.padded_shape) == [3, 24, 48]


def test_spec_and_allocation_carry_the_tile(dev):
    tile = ttnn.Tile((16, 16))
    spec = ttnn.TensorSpec((40, 40), ttnn.bfloat16, ttnn.TILE_LAYOUT, tile=tile)
    assert spec != ttnn.TensorSpec((40, 40), ttnn.bfloat16, ttnn.TILE_LAYOUT)
    t = ttnn.from_torch(np.ones((40, 40), np.float32), spec=spec, device=dev)
    assert t.tile == tile and list(t.padded_shape) == [48, 48] and t.num_pages == 9
    e = ttnn.allocate_tensor_on_device(spec, dev)
    assert e.tile == tile and list(e.padded_shape) == [48, 48]
    h = ttnn.allocate_tensor_on_host(spec, dev)
    assert h.tile == tile and np.all(ttnn.to_numpy(h) == 0)
    ttnn.copy_host_to_device_tensor(ttnn.from_torch(np.full((40, 40), 2.0, np.float32), spec=spec), e)
    assert np.all(ttnn.to_numpy(e) == 2)
    with pytest.raises(ttnn.TTNNError, match="spec"):
        ttnn.copy_host_to_device_tensor(ttnn.from_numpy(np.ones((40, 40), np.float32), dtype=ttnn.bfloat16,
                                                        layout=ttnn.TILE_LAYOUT, tile=ttnn.Tile((32, 16))), e)


# ------------------------------------------------------------------------------------------------- refusals
def test_ops_refuse_tiny_tiles(dev):
    x = np.ones((64, 64), np.float32)
    kw = dict(dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=dev)
    tiny = ttnn.from_numpy(x, tile=ttnn.Tile((16, 32)), **kw)
    full = ttnn.from_numpy(x, **kw)
    with pytest.raises(NotModelledError, match=r"ttnn.add: input 1 .*tiles of shape \[16, 32\].*\nFix"):
        ttnn.add(full, tiny)
    # matmul models tiny tiles, with or without a program config (tests/test_ttnn_tiny_tile_matmul.py,
    # tests/test_ttnn_matmul67.py): 64 ones summed, exact in bfloat16
    assert np.all(ttnn.to_numpy(ttnn.matmul(tiny, full)) == 64)
    with pytest.raises(NotModelledError, match=r"tiles of shape \[16, 32\]"):
        ttnn.to_layout(tiny, ttnn.ROW_MAJOR_LAYOUT)         # the device untilize op
    with pytest.raises(NotModelledError, match=r"tiles of shape \[16, 32\]"):
        ttnn.to_numpy(ttnn.reshape(tiny, (1, 64, 64)))      # a view made without the tile is refused on use
    with pytest.raises(NotModelledError, match=r"ttnn.add: .*tiles of shape \[16, 32\]"):       # output_tensor
        ttnn.add(full, full, output_tensor=tiny)
    # the tensor itself is still readable
    assert np.all(ttnn.to_numpy(tiny) == 1)


def test_run_checks_outputs_too(dev):
    from tensix.ttnn import op as O
    x = np.ones((32, 32), np.float32)
    tiny = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=dev, tile=ttnn.Tile((32, 16)))
    full = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=dev)
    with pytest.raises(NotModelledError, match=r"ttnn.some_op: output 0 .*tiles of shape \[32, 16\]"):
        O.run("ttnn.some_op", dev, None, None, [full, tiny], [tiny])
    with pytest.raises(NotModelledError, match=r"ttnn.some_op: input 1 .*tiles of shape \[32, 16\]"):
        O.device_of("ttnn.some_op", full, tiny)


def test_dump_and_load_keep_the_tile(dev, tmp_path):
    x = _values((20, 40), ttnn.float32, seed=5)
    tile = ttnn.Tile((16, 32), transpose_tile=True)
    a = ttnn.from_numpy(x, dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, tile=tile, device=dev)
    ttnn.dump_tensor(tmp_path / "t.bin", a)
    b = ttnn.load_tensor(tmp_path / "t.bin", device=dev)
    assert b.tile == tile and b.tile.transpose_within_face and list(b.padded_shape) == [32, 64]
    assert np.array_equal(ttnn.to_numpy(b), ttnn.to_numpy(a))


def test_host_ops_do_not_misread_tiny_block_float_tiles():
    a = ttnn.from_numpy(np.ones((2, 32, 32), np.float32), dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT,
                        tile=ttnn.Tile((16, 32)))
    with pytest.raises(NotModelledError, match=r"packed tiles of 544 B"):
        ttnn.reshape(a, (1, 2, 32, 32))         # tensix's host reshape keeps the packed tiles, not the tile


@pytest.mark.parametrize("t", [((16, 32), False), ((8, 16), False), ((32, 16), True), ((1, 32), False)], ids=_tid)
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.bfloat8_b], ids=lambda d: d.name)
@pytest.mark.parametrize("strategy", [ttnn.ShardStrategy.HEIGHT, ttnn.ShardStrategy.WIDTH, ttnn.ShardStrategy.BLOCK],
                         ids=lambda s: s.name)
def test_l1_sharded_round_trip(dev, t, dtype, strategy):
    tile = ttnn.Tile(t[0], transpose_tile=t[1])
    th, tw = t[0]
    x = _values((2, 64, 96), ttnn.float32, seed=7)
    grid = {ttnn.ShardStrategy.HEIGHT: ttnn.CoreGrid(y=2, x=2), ttnn.ShardStrategy.WIDTH: ttnn.CoreGrid(y=1, x=3),
            ttnn.ShardStrategy.BLOCK: ttnn.CoreGrid(y=2, x=3)}[strategy]
    mc = ttnn.create_sharded_memory_config((2, 64, 96), grid, strategy)
    host = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, tile=tile)
    d = ttnn.to_device(host, dev, memory_config=mc)
    assert d.is_sharded() and d.tile == tile
    assert d._buffer.geom.page_size == tile.get_tile_size(dtype)
    assert d._buffer.geom.shard_pages == (mc.shard_spec.shape[0] // th) * (mc.shard_spec.shape[1] // tw)
    if strategy == ttnn.ShardStrategy.HEIGHT:       # the first core holds the first shard's pages, in order
        from tensix.ttnn import tensor as T
        g = d._buffer.geom
        first = d._buffer.shard(g.cores[0]).reshape(g.shard_pages, g.aligned_page_size)[:, :g.page_size]
        assert np.array_equal(first.reshape(-1), T.device_bytes(host)[:g.shard_pages * g.page_size])
    back = ttnn.from_device(d)
    assert back.tile == tile and np.array_equal(ttnn.to_numpy(back), ttnn.to_numpy(host))
    with pytest.raises(NotModelledError, match=r"ttnn.exp: input 0 .*tiles"):
        ttnn.exp(d)


def test_dram_sharded_tiny_tiles_are_refused(dev):
    x = np.ones((64, 64), np.float32)
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))])
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.DRAM,
                           ttnn.ShardSpec(grid, (64, 32), ttnn.ShardOrientation.ROW_MAJOR))
    with pytest.raises(NotModelledError, match=r"DRAM-sharded tensor .*tiles of shape \[16, 32\]"):
        ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, tile=ttnn.Tile((16, 32)), device=dev,
                        memory_config=mc)
