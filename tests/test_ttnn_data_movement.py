"""tensix.ttnn's data movement ops against independent references (numpy on the logical values; the host's
conversions; tensix.device.formats for the card's unpack / pack numerics): device tilize / untilize and to_layout
(tt-metal 622c6fb9's tilize, tilize_with_val_padding, untilize, untilize_with_unpadding programs), the kernel API they
add (tilize_block, fast_tilize_block, pack_untilize_block, transpose_wh_tile), and errors."""

import ml_dtypes
import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn
from tensix.device import formats


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(20261126)


def _data(shape, dtype):
    x = RNG.standard_normal(shape) * 50
    if dtype in (ttnn.int32,):
        return np.round(x * 1000).astype(np.int64)
    if dtype in (ttnn.uint16, ttnn.uint32):
        return np.abs(np.round(x * 100)).astype(np.int64)
    return x


def _host(x, dtype, layout=ttnn.ROW_MAJOR_LAYOUT, pad_value=None):
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, pad_value=pad_value)


def _dev(x, dtype, device, layout=ttnn.ROW_MAJOR_LAYOUT, mc=None):
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, device=device, memory_config=mc)


def _last(n=1):
    return ttnn.op_report()[-n:]


# ---------------------------------------------------------------------------------- tilize / untilize
@pytest.mark.parametrize("shape,dtype", [((64, 96), ttnn.bfloat16), ((2, 3, 64, 128), ttnn.float32),
                                         ((32, 32), ttnn.int32), ((96, 64), ttnn.uint16), ((3, 32, 64), ttnn.uint32),
                                         ((2, 1, 2, 96, 32), ttnn.bfloat16)])
def test_tilize_untilize_exact_round_trip(device, shape, dtype):
    x = _data(shape, dtype)
    t = _dev(x, dtype, device)
    tt = ttnn.tilize(t)
    assert tt.layout == ttnn.TILE_LAYOUT and tt.shape == shape and tt.dtype == dtype
    ref = _host(x, dtype, ttnn.TILE_LAYOUT)
    np.testing.assert_array_equal(ttnn.to_numpy(tt), ttnn.to_numpy(ref))
    # the device tiles are the host's tiles, byte for byte
    assert np.array_equal(tt._buffer.read_bytes()[:tt.num_pages * tt.page_size],
                          ttnn.to_device(ref, device)._buffer.read_bytes()[:tt.num_pages * tt.page_size])
    u = ttnn.untilize(tt)
    assert u.layout == ttnn.ROW_MAJOR_LAYOUT and u.shape == shape
    np.testing.assert_array_equal(ttnn.to_numpy(u), ttnn.to_numpy(_host(x, dtype)))
    tilize_rec, untilize_rec = _last(2)
    assert tilize_rec.op == "ttnn.tilize" and untilize_rec.op == "ttnn.untilize"
    assert tilize_rec.device_ns > 0 and untilize_rec.device_ns > 0


def test_tilize_multicore_split_and_cliff(device):
    """65 tile-rows over 64 cores: tt-metal's split_blocks_for_tilize gives 2 blocks per core on 33 cores with a
    cliff core of 1 block."""
    x = _data((65 * 32, 64), ttnn.bfloat16)
    tt = ttnn.tilize(_dev(x, ttnn.bfloat16, device))
    assert _last()[0].cores == 33
    np.testing.assert_array_equal(ttnn.to_numpy(tt), ttnn.to_numpy(_host(x, ttnn.bfloat16)))
    u = ttnn.untilize(tt)
    assert _last()[0].cores == 33
    np.testing.assert_array_equal(ttnn.to_numpy(u), ttnn.to_numpy(_host(x, ttnn.bfloat16)))


def test_untilize_wider_than_dst_uses_sub_blocks(device):
    """A row of 12 bf16 tiles does not fit the 8-tile Dst: the untilize helper packs sub-blocks of 6 (largest
    divisor <= 8) into one row-major block; float32 (4-tile Dst): sub-blocks of 4."""
    for dtype in (ttnn.bfloat16, ttnn.float32):
        x = _data((64, 12 * 32), dtype)
        u = ttnn.untilize(_dev(x, dtype, device, ttnn.TILE_LAYOUT))
        np.testing.assert_array_equal(ttnn.to_numpy(u), ttnn.to_numpy(_host(x, dtype)))


def test_tilize_bfloat16_to_bfloat8_b_is_the_packers_conversion(device):
    """tilize(dtype=bfloat8_b) of bfloat16 rows: fast tilize through a 16-bit Dst, the packer's BF16 -> BFP8
    rounding (tensix.device.formats.pack_from_dest), not the host's float32 -> bfp8 encoder."""
    x = _data((64, 64), ttnn.bfloat16)
    tt = ttnn.tilize(_dev(x, ttnn.bfloat16, device), dtype=ttnn.bfloat8_b)
    assert tt.dtype == ttnn.bfloat8_b
    bf = np.asarray(ttnn.to_numpy(_host(x, ttnn.bfloat16)), np.float32)
    tiles = bf.reshape(2, 32, 2, 32).transpose(0, 2, 1, 3).reshape(4, 32, 32)
    bits16 = (tiles.view(np.uint32) >> 16).astype(np.uint16)
    want = formats.unpack_tile_bytes(formats.pack_from_dest(bits16, False, formats.DataFormat.Bfp8_b),
                                     formats.DataFormat.Bfp8_b).reshape(2, 2, 32, 32).transpose(0, 2, 1, 3)
    np.testing.assert_array_equal(ttnn.to_numpy(tt), want.reshape(64, 64))
    u = ttnn.untilize(tt)           # bfloat8_b untilizes to bfloat16
    assert u.dtype == ttnn.bfloat16
    np.testing.assert_array_equal(ttnn.to_numpy(u), want.reshape(64, 64))


def test_tilize_float32_is_lossless_and_float32_to_bfloat16_rounds_as_the_packer(device):
    """Float32 input takes tilize_block with UnpackToDestFp32 (tt-metal's Fp32Mode::Lossless): exact, including
    values a TF32 SrcA would truncate (tt-metal's test_tilize_fp32_truncation); to bfloat16 the packer rounds to
    nearest with ties away from zero (formats.fp32_to_bf16_round_away), not the host's ties-to-even."""
    x = np.full((64, 128), 1.9908e-05, np.float32)
    x[0, :4] = [1 + 2 ** -10, 1 + 2 ** -20, 1 + 3 * 2 ** -8, 1 + 2 ** -8]     # the last two: bf16 ties
    t = _dev(x, ttnn.float32, device)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.tilize(t)), x)
    tb = ttnn.tilize(t, dtype=ttnn.bfloat16)
    want = formats._bits_f32(formats.fp32_to_bf16_round_away(x.view(np.uint32)).astype(np.uint32) << 16)
    np.testing.assert_array_equal(ttnn.to_numpy(tb), want)
    assert ttnn.to_numpy(tb)[0, 3] == np.float32(1 + 2 ** -7)      # tie rounded away (RNE would give 1.0)


def test_tilize_bfloat16_special_values_follow_the_unpack_and_pack_models(device):
    """bf16 denormals and -0 go through the A2D datacopy (exponent-0 datums become +0) and the packer (NaN -> Inf),
    as tensix.device.formats models Wormhole."""
    bits = np.zeros((32, 32), np.uint16)
    bits[0, :6] = [0x0001, 0x8000, 0x7FC0, 0xFF80, 0x3F80, 0x807F]
    x = bits.view(ml_dtypes.bfloat16)
    t = _dev(x, ttnn.bfloat16, device)
    got = np.asarray(ttnn.tilize(t).host_values()).view(np.uint16)[0, :6]
    raw = formats.to_face_order(bits[None]).reshape(-1).view(np.uint8)
    d = formats.copy_tile_to_dest(raw, formats.DataFormat.Float16_b, fp32_dest=False)
    want = formats.pack_from_dest(d, False, formats.DataFormat.Float16_b).view(np.uint16)
    want = formats.from_face_order(want.reshape(1, 1024))[0, 0, :6]
    np.testing.assert_array_equal(got, want)
    assert list(got) == [0, 0, 0x7F80, 0xFF80, 0x3F80, 0]


@pytest.mark.parametrize("shape,dtype,pad", [((3, 5), ttnn.bfloat16, -7.0), ((2, 33, 70), ttnn.float32, 3.5),
                                             ((7,), ttnn.bfloat16, 0.0), ((2, 3, 40, 50), ttnn.int32, -32.0),
                                             ((1, 2, 3, 4, 5), ttnn.bfloat16, 1.0), ((40, 33), ttnn.uint32, 42.0),
                                             ((33, 65), ttnn.uint16, 9.0)])
def test_to_layout_on_device_pads_and_unpads(device, shape, dtype, pad):
    x = _data(shape, dtype)
    t = _dev(x, dtype, device)
    tt = ttnn.to_layout(t, ttnn.TILE_LAYOUT, pad_value=pad)
    ref = _host(x, dtype, ttnn.TILE_LAYOUT, pad_value=pad)
    assert tt.shape == ref.shape and tt.padded_shape == ref.padded_shape
    np.testing.assert_array_equal(np.asarray(tt.host_values()), np.asarray(ref.host_values()))   # padding too
    assert _last()[0].op == "ttnn.tilize_with_val_padding"
    u = ttnn.to_layout(tt, ttnn.ROW_MAJOR_LAYOUT)
    assert u.shape == shape and u.layout == ttnn.ROW_MAJOR_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(u), ttnn.to_numpy(_host(x, dtype)))
    assert _last()[0].op == "ttnn.untilize_with_unpadding"


def test_tilize_with_val_padding_to_a_larger_padded_shape(device):
    x = _data((2, 3, 5), ttnn.bfloat16)
    tt = ttnn.tilize_with_val_padding(_dev(x, ttnn.bfloat16, device), [3, 64, 64], 2.0)
    assert tt.shape == [2, 3, 5] and tt.padded_shape == [3, 64, 64]
    hv = np.asarray(tt.host_values(), np.float32)
    want = np.full((3, 64, 64), 2.0, np.float32)
    want[:2, :3, :5] = ttnn.to_numpy(_host(x, ttnn.bfloat16))
    np.testing.assert_array_equal(hv, want)
    u = ttnn.untilize_with_unpadding(tt, [1, 2, 4])
    np.testing.assert_array_equal(ttnn.to_numpy(u), ttnn.to_numpy(_host(x, ttnn.bfloat16)))
    part = ttnn.untilize_with_unpadding(tt, [1, 1, 2])
    np.testing.assert_array_equal(ttnn.to_numpy(part), ttnn.to_numpy(_host(x, ttnn.bfloat16))[:, :2, :3])


def test_tilize_untilize_errors(device):
    t = _dev(_data((30, 64), ttnn.bfloat16), ttnn.bfloat16, device)
    with pytest.raises(ttnn.ShapeError, match="multiples of 32"):
        ttnn.tilize(t)
    with pytest.raises(ttnn.LayoutError, match="ROW_MAJOR"):
        ttnn.tilize(ttnn.to_layout(t, ttnn.TILE_LAYOUT))
    with pytest.raises(ttnn.LayoutError):
        ttnn.untilize(t)
    with pytest.raises(tensix.NotModelledError, match="single-core"):
        ttnn.tilize(_dev(_data((32, 64), ttnn.bfloat16), ttnn.bfloat16, device), use_multicore=False)
    with pytest.raises(ttnn.ShapeError, match="greater than or equal"):
        ttnn.tilize_with_val_padding(t, [30, 32], 0.0)
    with pytest.raises(ttnn.DTypeError, match="ROW_MAJOR"):
        ttnn.to_layout(ttnn.to_layout(t, ttnn.TILE_LAYOUT), ttnn.ROW_MAJOR_LAYOUT, dtype=ttnn.float32)
    wide = ttnn.to_layout(_dev(_data((32, 40 * 32), ttnn.bfloat16), ttnn.bfloat16, device), ttnn.TILE_LAYOUT)
    with pytest.raises(tensix.NotModelledError, match="drops whole tile columns"):
        ttnn.untilize_with_unpadding(wide, [31, 1000])


@pytest.mark.parametrize("shape,dtype", [((1, 1, 32, 2048), ttnn.bfloat16), ((1, 64, 2400), ttnn.float32),
                                         ((2, 3, 32, 1536), ttnn.bfloat16), ((96, 4096), ttnn.int32),
                                         ((1, 1, 64, 2048), ttnn.bfloat8_b)])
def test_block_tilize_and_untilize_for_wide_rows(device, shape, dtype):
    """Rows wider than 32 tiles with few tile-rows: tt-metal's 2-D block factories (square blocks of tiles, cliff
    blocks at the row end and the bottom), exact both ways (bfloat8_b: the host's tiles)."""
    x = _data(shape, dtype)
    src = ttnn.float32 if dtype == ttnn.bfloat8_b else dtype
    t = _dev(x, src, device)
    if dtype == ttnn.bfloat8_b:
        ref_t = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
        u = ttnn.untilize(ref_t)
        assert _last()[0].program == "untilize_multi_core_block" and u.dtype == ttnn.bfloat16
        np.testing.assert_array_equal(ttnn.to_numpy(u), ttnn.to_numpy(ref_t))
        return
    tt = ttnn.tilize(t)
    assert _last()[0].program == "tilize_multi_core_block" and _last()[0].cores > 8
    np.testing.assert_array_equal(ttnn.to_numpy(tt), ttnn.to_numpy(_host(x, dtype, ttnn.TILE_LAYOUT)))
    u = ttnn.untilize(tt)
    assert _last()[0].program == "untilize_multi_core_block"
    np.testing.assert_array_equal(ttnn.to_numpy(u), ttnn.to_numpy(_host(x, dtype)))
    end = [d - 1 for d in shape[:-1]] + [shape[-1] - 10]
    part = ttnn.untilize_with_unpadding(tt, end)
    assert _last()[0].program == "untilize_with_unpadding_multi_core_block_interleaved"
    np.testing.assert_array_equal(ttnn.to_numpy(part), ttnn.to_numpy(_host(x, dtype))[..., :shape[-1] - 9])


def _padded_values(t):
    from tensix.ttnn.tensor import _read_raw, values_from_bytes
    return values_from_bytes(_read_raw(t, "test"), t._shape, t._padded, t._dtype, t._layout)[0]


def test_block_tilize_with_val_padding(device):
    x = np.arange(33 * 1100, dtype=np.float64).reshape(1, 1, 33, 1100) % 97
    t = _dev(x, ttnn.bfloat16, device)
    y = ttnn.tilize_with_val_padding(t, [1, 1, 64, 1120], 7.0)
    assert _last()[0].program == "tilize_with_val_padding_multi_core_block_interleaved"
    p = _padded_values(y)
    np.testing.assert_array_equal(p[..., :33, :1100], x)
    assert np.all(p[..., 33:, :] == 7.0) and np.all(p[..., :33, 1100:] == 7.0)
    # a block past the input row's width: the reader's unsigned column arithmetic skips the pad fill and reads past
    # the row (tt-metal's kernel); rows below the input are still padded
    y = ttnn.tilize_with_val_padding(t, [1, 1, 64, 1184], 7.0)
    p = _padded_values(y)
    np.testing.assert_array_equal(p[..., :33, :1100], x)
    assert np.all(p[..., 33:, :] == 7.0) and not np.all(p[..., :33, 1120:] == 7.0)


# ------------------------------------------------------------------------------------------------- sharding
def _crs(x0, y0, x1, y1):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))])


def _sharded(kind, grid, shape, orientation=ttnn.ShardOrientation.ROW_MAJOR):
    return ttnn.MemoryConfig(kind, ttnn.BufferType.L1, ttnn.ShardSpec(grid, shape, orientation))


HS, WS, BS = (ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.TensorMemoryLayout.WIDTH_SHARDED,
              ttnn.TensorMemoryLayout.BLOCK_SHARDED)
RMO, CMO = ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR

SHARD_CASES = [  # (tensor shape, kind, grid, shard shape, orientation, {core: (shard row, shard col)})
    ((2, 64, 96), HS, _crs(0, 0, 3, 0), (32, 96), RMO, {(0, 0): (0, 0), (3, 0): (3, 0)}),
    ((2, 64, 96), HS, _crs(0, 0, 1, 1), (32, 96), CMO, {(0, 1): (1, 0), (1, 0): (2, 0)}),
    ((128, 96), WS, _crs(0, 0, 1, 1), (128, 32), CMO, {(0, 1): (0, 1), (1, 0): (0, 2)}),
    ((128, 96), BS, _crs(1, 1, 3, 2), (64, 32), RMO, {(3, 1): (0, 2), (1, 2): (1, 0)}),
    ((128, 96), BS, _crs(1, 1, 2, 3), (64, 32), CMO, {(2, 1): (1, 0), (1, 3): (0, 2)}),
    ((100, 70), BS, _crs(0, 0, 2, 3), (32, 32), RMO, {(2, 3): (3, 2)}),      # partial shards at the edges
]


def _expected_shard(x2d, layout, dtype, shard, rc):
    """The shard's bytes computed independently: the 2-D block of the (padded) values, tilized (face order) or as
    rows."""
    sh, sw = shard
    r, c = rc
    vals = np.asarray(ttnn.to_numpy(_host(x2d, dtype)), np.float32)
    if layout == ttnn.TILE_LAYOUT:
        H, W = -(-vals.shape[0] // 32) * 32, -(-vals.shape[1] // 32) * 32
        vals = np.pad(vals, ((0, H - vals.shape[0]), (0, W - vals.shape[1])))
    blk = vals[r * sh:(r + 1) * sh, c * sw:(c + 1) * sw]
    full = np.zeros((sh, sw), np.float32)
    full[:blk.shape[0], :blk.shape[1]] = blk
    bits = (full.view(np.uint32) >> 16).astype(np.uint16)
    if layout == ttnn.TILE_LAYOUT:
        bits = formats.tilize_nfaces(bits, sh, sw)
    return bits.reshape(-1).view(np.uint8), blk.shape


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
@pytest.mark.parametrize("case", range(len(SHARD_CASES)))
def test_sharded_placement_from_host_and_by_interleaved_to_sharded(device, layout, case):
    shape, kind, grid, shard, orient, where = SHARD_CASES[case]
    if layout == ttnn.ROW_MAJOR_LAYOUT and shape == (100, 70):
        shard, grid = (32, 40), _crs(0, 0, 1, 3)     # a row-major shard row must be 16-byte aligned (80 bytes)
        where = {(1, 3): (3, 1)}
    x = _data(shape, ttnn.bfloat16)
    x2d = x.reshape(-1, shape[-1])
    mc = _sharded(kind, grid, shard, orient)
    host_made = _dev(x, ttnn.bfloat16, device, layout, mc)
    dev_made = ttnn.to_memory_config(_dev(x, ttnn.bfloat16, device, layout), mc)
    assert _last()[0].op == "ttnn.interleaved_to_sharded"
    assert dev_made.memory_config() == mc and dev_made.is_sharded()
    for t in (host_made, dev_made):
        for (cx, cy), rc in where.items():
            want, valid = _expected_shard(x2d, layout, ttnn.bfloat16, shard, rc)
            got = t._buffer.shard(ttnn.CoreCoord(cx, cy))
            if layout == ttnn.TILE_LAYOUT:
                vt = (-(-valid[0] // 32), -(-valid[1] // 32))       # the valid tiles (padding pages are undefined)
                g = got.reshape(shard[0] // 32, shard[1] // 32, -1)[:vt[0], :vt[1]]
                w = want.reshape(shard[0] // 32, shard[1] // 32, -1)[:vt[0], :vt[1]]
            else:
                g = got.reshape(shard[0], -1)[:valid[0], :valid[1] * 2]
                w = want.reshape(shard[0], -1)[:valid[0], :valid[1] * 2]
            np.testing.assert_array_equal(g, w)
        np.testing.assert_array_equal(ttnn.to_numpy(t), ttnn.to_numpy(_host(x, ttnn.bfloat16)))
    for out_mc in (ttnn.DRAM_MEMORY_CONFIG, ttnn.L1_MEMORY_CONFIG):     # 80-byte rows: DRAM writes at 16-byte offsets
        back = ttnn.to_memory_config(dev_made, out_mc)
        assert _last()[0].op == "ttnn.sharded_to_interleaved" and back.memory_config() == out_mc
        np.testing.assert_array_equal(ttnn.to_numpy(back), ttnn.to_numpy(_host(x, ttnn.bfloat16)))


def test_create_sharded_memory_config_round_trip(device):
    x = _data((1, 1, 256, 256), ttnn.float32)       # every strategy's even split of it is whole tiles
    for strategy in (ttnn.ShardStrategy.HEIGHT, ttnn.ShardStrategy.WIDTH, ttnn.ShardStrategy.BLOCK):
        mc = ttnn.create_sharded_memory_config(x.shape, ttnn.CoreGrid(y=2, x=4), strategy)
        t = ttnn.to_memory_config(_dev(x, ttnn.float32, device, ttnn.TILE_LAYOUT), mc)
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG)),
                                      x.astype(np.float32))


def test_interleaved_to_sharded_with_a_dtype_change(device):
    """interleaved_to_sharded(output_dtype=bfloat8_b) converts through copy_tile / pack_tile (the packer's BF16 ->
    BFP8 rounding); sharded_to_interleaved back to bfloat16 unpacks it exactly."""
    x = _data((64, 64), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    mc = _sharded(HS, _crs(0, 0, 1, 0), (32, 64))
    s = ttnn.interleaved_to_sharded(t, mc, ttnn.bfloat8_b)
    assert s.dtype == ttnn.bfloat8_b
    want = ttnn.to_numpy(ttnn.tilize(_dev(x, ttnn.bfloat16, device), dtype=ttnn.bfloat8_b))
    np.testing.assert_array_equal(ttnn.to_numpy(s), want)
    back = ttnn.sharded_to_interleaved(s, ttnn.DRAM_MEMORY_CONFIG, output_dtype=ttnn.bfloat16)
    np.testing.assert_array_equal(ttnn.to_numpy(back), want)


def test_shard_specs_that_do_not_cover_the_tensor_are_refused(device):
    x = np.zeros((128, 64))
    bad = [(_sharded(HS, _crs(0, 0, 1, 0), (32, 64)), "shards along height 4 must not exceed number of cores 2"),
           (_sharded(HS, _crs(0, 0, 3, 0), (32, 32)), "Shard width 32 must match physical width 64"),
           (_sharded(WS, _crs(0, 0, 3, 0), (64, 32)), "Shard height 64 must match physical height 128"),
           (_sharded(BS, _crs(0, 0, 1, 1), (32, 32), RMO), "shards along height 4 must not exceed number of rows 2"),
           (_sharded(BS, _crs(0, 0, 1, 3), (32, 16), RMO), "tile 32x32 sized"),
           (ttnn.MemoryConfig(HS, ttnn.BufferType.L1), "has no shard_spec")]
    for mc, msg in bad:
        with pytest.raises(ttnn.ShardSpecError, match=msg) as e:
            _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT, mc)
        assert "Fix:" in str(e.value)
        with pytest.raises(ttnn.ShardSpecError, match=msg):
            ttnn.to_memory_config(_dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT), mc)
    # DRAM sharding is stored (tests/test_ttnn_dram_sharded.py); a grid core that is not a DRAM bank is refused
    with pytest.raises(ttnn.ShardSpecError, match="DRAM bank"):
        _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT,
             ttnn.MemoryConfig(HS, ttnn.BufferType.DRAM, ttnn.ShardSpec(_crs(0, 0, 3, 1), (32, 64), RMO)))
    narrow = _sharded(WS, _crs(0, 0, 3, 0), (64, 5))
    with pytest.raises(ttnn.ShardSpecError, match="L1 aligned page size"):
        ttnn.interleaved_to_sharded(_dev(np.zeros((64, 20)), ttnn.bfloat16, device), narrow)
    # to_memory_config_op.cpp falls back to ttnn::prim::copy where interleaved_to_sharded refuses: copy's row-major
    # program writes the 10-byte shard rows through the sharded TensorAccessor
    y = RNG.standard_normal((64, 20))
    got = ttnn.to_memory_config(_dev(y, ttnn.bfloat16, device), narrow)
    assert _last()[0].program == "copy_default_row_major" and got.memory_config() == narrow
    np.testing.assert_array_equal(ttnn.to_numpy(got), ttnn.to_numpy(_dev(y, ttnn.bfloat16, device)))


def test_ops_without_a_sharded_variant_refuse_sharded_tensors(device):
    mc = _sharded(HS, _crs(0, 0, 1, 0), (32, 64))
    s = _dev(np.zeros((64, 64)), ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT, mc)
    with pytest.raises(tensix.NotModelledError, match="TransposeWHShardedRMProgramFactory with 32-row input"):
        ttnn.transpose(s, -2, -1)       # native row-major WH of half planes per shard (tt-metal leaves rows out)
    # resharding runs ttnn::reshard (tests/test_ttnn_reshard.py); a dtype with it runs prim::copy, whose dtype
    # conversion takes TILE tensors only (tt-metal's own error for this row-major one)
    r = ttnn.to_memory_config(s, _sharded(HS, _crs(0, 0, 3, 0), (16, 64)))
    np.testing.assert_array_equal(ttnn.to_numpy(r), ttnn.to_numpy(s))
    with pytest.raises(ttnn.LayoutError, match="Only tile layout supports dtype conversion"):
        ttnn.to_memory_config(s, _sharded(HS, _crs(0, 0, 3, 0), (16, 64)), dtype=ttnn.float32)
    from tensix.metalium.accessor import TensorAccessorArgs
    # a kernel-side accessor sees its distribution spec: rank 2, 2 banks, 64 rows of 1 page, shards of 32 rows
    args = TensorAccessorArgs(s._buffer).get_compile_time_args()
    assert args[:7] == [2, 2, 2, 64, 1, 32, 1] and len(args) == 9


# ------------------------------------------------------------------------------- copy, clone, reallocate
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_to_memory_config_between_dram_and_l1(device, layout):
    x = _data((3, 40, 64), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, layout)
    assert ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG) is t
    # to_memory_config_op.cpp returns the tensor itself for its own config, whatever dtype asks for
    assert ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG, dtype=ttnn.float32) is t
    l1 = ttnn.to_memory_config(t, ttnn.L1_MEMORY_CONFIG)
    assert l1.memory_config() == ttnn.L1_MEMORY_CONFIG and l1.buffer_address() != t.buffer_address()
    assert _last()[0].program == ("copy_default_tilized" if layout == ttnn.TILE_LAYOUT else "copy_default_row_major")
    np.testing.assert_array_equal(ttnn.to_numpy(l1), ttnn.to_numpy(_host(x, ttnn.bfloat16)))
    d = ttnn.to_memory_config(l1, ttnn.DRAM_MEMORY_CONFIG)
    np.testing.assert_array_equal(ttnn.to_numpy(d), ttnn.to_numpy(_host(x, ttnn.bfloat16)))


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_to_memory_config_into_an_output_tensor(device, layout):
    """output_tensor=: the program writes into it (to_memory_config_op.cpp: with an output tensor even the same config
    runs prim::copy; to a sharded config interleaved_to_sharded, from one sharded_to_interleaved); the output's spec
    must be the result's."""
    x = _data((3, 32, 64), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, layout)
    o = _dev(np.zeros_like(x), ttnn.bfloat16, device, layout)
    assert ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG, output_tensor=o) is o
    assert _last()[0].program == "copy_same_memory_config"
    np.testing.assert_array_equal(ttnn.to_numpy(o), ttnn.to_numpy(t))
    hs = _sharded(HS, _crs(0, 0, 2, 0), (32, 64))
    so = ttnn.to_memory_config(_dev(np.zeros_like(x), ttnn.bfloat16, device, layout), hs)
    assert ttnn.to_memory_config(t, hs, output_tensor=so) is so
    np.testing.assert_array_equal(ttnn.to_numpy(so), ttnn.to_numpy(t))
    back = _dev(np.zeros_like(x), ttnn.bfloat16, device, layout, ttnn.L1_MEMORY_CONFIG)
    assert ttnn.to_memory_config(so, ttnn.L1_MEMORY_CONFIG, output_tensor=back) is back
    np.testing.assert_array_equal(ttnn.to_numpy(back), ttnn.to_numpy(t))
    wrong = _dev(np.zeros((3, 32, 32), np.float32), ttnn.bfloat16, device, layout)
    with pytest.raises(ttnn.TTNNError, match="output tensor's shape"):
        ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG, output_tensor=wrong)
    with pytest.raises(ttnn.TTNNError, match="memory config"):
        ttnn.to_memory_config(t, ttnn.L1_MEMORY_CONFIG, output_tensor=o)


def test_clone_and_reallocate(device):
    x = _data((2, 33, 70), ttnn.float32)
    t = _dev(x, ttnn.float32, device, ttnn.TILE_LAYOUT)
    c = ttnn.clone(t)
    assert c.buffer_address() != t.buffer_address() and _last()[0].op == "ttnn.clone"
    np.testing.assert_array_equal(ttnn.to_numpy(c), ttnn.to_numpy(t))
    # through copy_tile / pack_tile with clone's default config (16-bit Dst): the unpacker's Float32 -> Float16_b
    # SrcA conversion truncates the low mantissa bits (formats.unpack_to_src)
    cb = ttnn.clone(t, dtype=ttnn.bfloat16)
    want = (np.asarray(ttnn.to_numpy(t), np.float32).view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32)
    np.testing.assert_array_equal(ttnn.to_numpy(cb), want)
    # with fp32_dest_acc_en the value reaches Dst as TF32 and the packer rounds to nearest (ties away)
    cfg = ttnn.WormholeComputeKernelConfig(fp32_dest_acc_en=True)
    cr = ttnn.clone(t, dtype=ttnn.bfloat16, compute_kernel_config=cfg)
    tf32 = np.asarray(ttnn.to_numpy(t), np.float32).view(np.uint32) & np.uint32(0xFFFFE000)
    want = formats._bits_f32(formats.fp32_to_bf16_round_away(tf32).astype(np.uint32) << 16)
    np.testing.assert_array_equal(ttnn.to_numpy(cr), want)
    r = ttnn.clone(_dev(x, ttnn.float32, device), memory_config=ttnn.L1_MEMORY_CONFIG)    # row-major
    np.testing.assert_array_equal(ttnn.to_numpy(r), x.astype(np.float32))
    with pytest.raises(ttnn.LayoutError, match="tile layout"):
        ttnn.clone(_dev(x, ttnn.float32, device), dtype=ttnn.bfloat16)
    moved = ttnn.reallocate(c)
    assert not c.is_allocated()
    np.testing.assert_array_equal(ttnn.to_numpy(moved), ttnn.to_numpy(t))
    with pytest.raises(ttnn.DeallocatedError):
        ttnn.to_numpy(c)


# ---------------------------------------------------------------------------------------------------- reshape
def test_reshape_views_share_the_buffer(device):
    x = _data((2, 3, 64, 96), ttnn.bfloat16)
    for layout, new in ((ttnn.TILE_LAYOUT, (6, 64, 96)), (ttnn.TILE_LAYOUT, (2, 6, 32, 96)),
                        (ttnn.ROW_MAJOR_LAYOUT, (12, 32, 96)), (ttnn.ROW_MAJOR_LAYOUT, (-1, 96))):
        t = _dev(x, ttnn.bfloat16, device, layout)
        n = len(ttnn.op_report())
        r = ttnn.reshape(t, new)
        assert len(ttnn.op_report()) == n and r.buffer_address() == t.buffer_address()     # no program ran
        np.testing.assert_array_equal(ttnn.to_numpy(r), ttnn.to_numpy(t).reshape(r.shape))
    t = _dev(_data((2, 3, 40, 50), ttnn.float32), ttnn.float32, device, ttnn.TILE_LAYOUT)
    r = t.reshape(6, 40, 50)
    assert r.shape == [6, 40, 50] and r.padded_shape == [6, 64, 64] and r.buffer_address() == t.buffer_address()


def test_reshape_sub_core_grids(device):
    """sub_core_grids only matters to the reshape programs: a view ignores it (as tt-metal's runs none); a reshape
    that moves data with it is refused (its sub-grid split is not modelled)."""
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(3, 6))])
    t = _dev(_data((1, 1445, 192), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    r = ttnn.reshape(t, (1445, 192), sub_core_grids=grid)
    assert r.buffer_address() == t.buffer_address() and r.shape == [1445, 192]
    with pytest.raises(tensix.NotModelledError, match="sub_core_grids for a reshape that moves data"):
        ttnn.reshape(t, (1445 * 2, 96), sub_core_grids=grid)


@pytest.mark.parametrize("shape,new,dtype", [((4, 6), (3, 8), ttnn.bfloat16), ((64, 48), (48, 64), ttnn.bfloat16),
                                             ((30, 10), (15, 20), ttnn.int32), ((5, 7, 3), (-1,), ttnn.float32),
                                             ((12, 20), (16, 15), ttnn.uint32), ((3, 100), (10, 30), ttnn.bfloat16)])
def test_reshape_row_major_program(device, shape, new, dtype):
    x = _data(shape, dtype)
    r = ttnn.reshape(_dev(x, dtype, device), new)
    assert _last()[0].program == "reshape_view_rm"
    np.testing.assert_array_equal(ttnn.to_numpy(r), ttnn.to_numpy(_host(x, dtype)).reshape(r.shape))


@pytest.mark.parametrize("shape,new,dtype", [((3, 40, 50), (-1, 20, 100), ttnn.bfloat16),
                                             ((1, 1, 33, 70), (70, 33), ttnn.float32), ((256,), (16, 16), ttnn.bfloat16),
                                             ((2, 64, 96), (96, 128), ttnn.int32), ((7, 9), (63,), ttnn.uint32),
                                             ((4, 96, 32), (2, 3, 32, 64), ttnn.bfloat16)])
def test_reshape_tiled_program(device, shape, new, dtype):
    x = _data(shape, dtype)
    t = _dev(x, dtype, device, ttnn.TILE_LAYOUT)
    r = ttnn.reshape(t, new)
    assert _last()[0].program == "reshape_view_tiled" and r.layout == ttnn.TILE_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(r), ttnn.to_numpy(_host(x, dtype)).reshape(r.shape))
    again = ttnn.reshape(t, new)                            # a cached program with its mapping tensor
    assert _last()[0].cache_hit
    np.testing.assert_array_equal(ttnn.to_numpy(again), ttnn.to_numpy(r))


def _mapping_reference(in3, out3):
    """tt-metal's reshape_map_output_page / compute_reshape_mapping_host_tensor, element by element."""
    def faced(h, w):
        h, w = h % 32, w % 32
        return ((h // 16) * 2 + w // 16) * 256 + (h % 16) * 16 + w % 16
    wt_i, ht_i = -(-in3[2] // 32), -(-in3[1] // 32)
    wt_o, ht_o = -(-out3[2] // 32), -(-out3[1] // 32)
    pages = []
    for p in range(out3[0] * wt_o * ht_o):
        co, hw = divmod(p, wt_o * ht_o)
        ho0, wo0 = (hw // wt_o) * 32, (hw % wt_o) * 32
        groups, prev = {}, (0, 0, 0)
        for ho in range(ho0, min(out3[1], ho0 + 32)):
            for wo in range(wo0, min(out3[2], wo0 + 32)):
                flat = co * out3[1] * out3[2] + ho * out3[2] + wo
                ci, r = divmod(flat, in3[1] * in3[2])
                hi, wi = divmod(r, in3[2])
                page = ci * wt_i * ht_i + (hi // 32) * wt_i + wi // 32
                oi, oo = faced(hi, wi), faced(ho, wo)
                if page in groups and page == prev[0] and oi - prev[1] == 1 and oo - prev[2] == 1:
                    groups[page][-1][3] += 1
                else:
                    groups.setdefault(page, []).append([page, oi, oo, 1])
                prev = (page, oi, oo)
        width = max(len(g) for g in groups.values())
        flat_segs = []
        for page in sorted(groups):
            flat_segs += groups[page] + [[0, 0, 0, 0]] * (width - len(groups[page]))
        pages.append(flat_segs)
    m = max(len(s) for s in pages)
    m += m % 16
    out = np.zeros((len(pages), m, 4), np.uint32)
    for i, s in enumerate(pages):
        out[i, :len(s)] = s
    return out.reshape(len(pages), -1)


@pytest.mark.parametrize("in3,out3", [((1, 40, 50), (1, 20, 100)), ((2, 33, 70), (1, 70, 66)), ((1, 1, 256), (1, 16, 16))])
def test_reshape_mapping_matches_tt_metals_loop(in3, out3):
    from tensix.ttnn.operations.dm_reshape import reshape_mapping
    np.testing.assert_array_equal(reshape_mapping(in3, out3), _mapping_reference(in3, out3))


def test_reshape_bfloat8_b_and_pad_value(device):
    """reshape_tiled: bfloat8_b goes through bfloat16 (typecast, reshape, fill the new tile padding, typecast back:
    the device typecast of the reshaped values is the reference); an explicit pad_value fills the tile padding."""
    x = _data((2, 40, 50), ttnn.float32)
    b = _dev(x, ttnn.bfloat8_b, device, ttnn.TILE_LAYOUT)
    y = ttnn.reshape(b, (4, 20, 50))
    assert y.dtype == ttnn.bfloat8_b
    assert [r.program for r in _last(4)] == ["typecast", "reshape_view_tiled", "FillPadProgramFactory", "typecast"]
    ref = ttnn.typecast(_dev(ttnn.to_numpy(b).reshape(4, 20, 50), ttnn.bfloat16, device, ttnn.TILE_LAYOUT),
                        ttnn.bfloat8_b)
    np.testing.assert_array_equal(ttnn.to_numpy(y), ttnn.to_numpy(ref))
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    z = ttnn.reshape(t, (4, 20, 50), pad_value=3.0)
    np.testing.assert_array_equal(ttnn.to_numpy(z), ttnn.to_numpy(t).reshape(4, 20, 50))
    p = _padded_values(z)
    assert np.all(p[:, 20:, :] == 3.0) and np.all(p[:, :, 50:] == 3.0)


def test_reshape_errors(device):
    t = _dev(_data((4, 6), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.ShapeError, match="volume"):
        ttnn.reshape(t, (5, 5))
    with pytest.raises(ttnn.ShapeError, match="more than 1"):
        ttnn.reshape(t, (-1, -1))
    d = _data((4, 6), ttnn.int32)
    i = _dev(d, ttnn.int32, device, ttnn.TILE_LAYOUT)
    r = ttnn.reshape(i, (6, 4), pad_value=1)          # through fill_implicit_tile_padding's integer fill
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(r)), np.asarray(d).reshape(6, 4))
    assert ttnn.reshape(t, (4, 6)) is t
    h = ttnn.reshape(_host(_data((4, 6), ttnn.bfloat16), ttnn.bfloat16), (2, 12))    # host tensors reshape too
    assert h.shape == [2, 12] and h.storage_type() == ttnn.StorageType.HOST


# ------------------------------------------------------------------------------------------- slice / getitem
SLICE_CASES = [((4, 6), ttnn.ROW_MAJOR_LAYOUT, (slice(1, 3), slice(2, 5)), "slice_rm"),
               ((2, 64, 96), ttnn.TILE_LAYOUT, (slice(None), slice(32, 64), slice(0, 40)), "slice_tile"),
               ((2, 64, 96), ttnn.TILE_LAYOUT, (1, slice(3, 50), slice(5, 90)), "tilize_with_val_padding"),
               ((3, 40, 50), ttnn.ROW_MAJOR_LAYOUT, (slice(0, 3, 2), slice(1, 40, 3), slice(4, 50, 5)),
                "slice_rm_stride"),
               ((3, 40, 50), ttnn.ROW_MAJOR_LAYOUT, (Ellipsis, slice(7, 33)), "slice_rm"),
               ((5, 33, 70), ttnn.TILE_LAYOUT, (slice(-3, None), slice(0, 32), slice(32, 64)), "slice_tile"),
               ((100,), ttnn.ROW_MAJOR_LAYOUT, (slice(10, 90),), "slice_rm"),
               ((2, 3, 8, 40), ttnn.ROW_MAJOR_LAYOUT, (1, slice(None), slice(2, 7), slice(3, 37)), "slice_rm"),
               ((70, 40), ttnn.ROW_MAJOR_LAYOUT, (slice(0, 70, 4),), "slice_rm_stride")]


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32])
@pytest.mark.parametrize("case", range(len(SLICE_CASES)))
def test_getitem_and_slice_against_numpy(device, case, dtype):
    shape, layout, idx, program = SLICE_CASES[case]
    x = _data(shape, dtype)
    t = _dev(x, dtype, device, layout)
    r = t[idx]
    assert any(rec.program.startswith(program) for rec in _last(3))
    want = ttnn.to_numpy(_host(x, dtype))[idx]
    got = ttnn.to_numpy(r)
    assert r.layout == layout and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def test_slice_api_and_errors(device):
    x = _data((4, 64, 64), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    r = ttnn.slice(t, [1, 0, 32], [3, 64, 64], [1, 1, 1])
    np.testing.assert_array_equal(ttnn.to_numpy(r), ttnn.to_numpy(_host(x, ttnn.bfloat16))[1:3, :, 32:])
    r2 = ttnn.slice(t, [0, 0, 0], [-1, 32, 32])          # negative ends wrap
    assert r2.shape == [3, 32, 32]
    same = ttnn.slice(t, [0, 0, 0], [4, 64, 64])         # the whole tensor: returned as it is
    assert same.buffer_address() == t.buffer_address()
    with pytest.raises(ttnn.ShapeError, match="same size"):
        ttnn.slice(t, [0, 0], [1, 1])
    with pytest.raises(ttnn.ShapeError, match="greater than or equal"):
        ttnn.slice(t, [2, 0, 0], [1, 64, 64])
    with pytest.raises(IndexError, match="out of bounds"):
        t[4]
    with pytest.raises(tensix.NotModelledError, match="pad_value"):
        ttnn.slice(t, [0, 0, 0], [1, 30, 30], pad_value=0.0)
    h = _host(x, ttnn.bfloat16)[1, 2:5]                  # host tensors slice on the host
    np.testing.assert_array_equal(ttnn.to_numpy(h), ttnn.to_numpy(_host(x, ttnn.bfloat16))[1, 2:5])


def test_reshape_with_an_explicit_padded_shape_is_a_view(device):
    """ttnn.reshape(t, logical, padded_shape=...) (tt-metal 622c6fb9 reshape.cpp): a tiled tensor keeps its tiles under
    a smaller logical shape (the old values stay in what is now padding, as on the card); a -1 makes the padded shape
    the inferred one; a volume change that is not a tile-row view is refused."""
    x = np.arange(32 * 64, dtype=np.float32).reshape(1, 1, 32, 64)
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    v = ttnn.reshape(t, (1, 1, 32, 40), padded_shape=(1, 1, 32, 64))
    assert tuple(v.shape) == (1, 1, 32, 40) and tuple(v.padded_shape) == (1, 1, 32, 64)
    np.testing.assert_array_equal(ttnn.to_numpy(v), ttnn.to_numpy(t)[..., :40])
    w = ttnn.reshape(t, (1, 32, -1), (1, 32, 64))
    assert tuple(w.shape) == (1, 32, 64)
    with pytest.raises(ttnn.ShapeError, match="different volumes"):
        ttnn.reshape(t, (1, 1, 16, 64), padded_shape=(1, 1, 32, 128))
    with pytest.raises(tensix.NotModelledError, match="host tensor viewed with padded shape"):
        ttnn.reshape(ttnn.from_numpy(x), (1, 1, 32, 40), padded_shape=(1, 1, 32, 64))


@pytest.mark.parametrize("shape,dtype", [((2, 64, 96), ttnn.bfloat16), ((3, 32, 64), ttnn.int32),
                                         ((1, 32, 3200), ttnn.float32), ((1, 64, 6400), ttnn.bfloat16),
                                         ((2, 32, 128), ttnn.bfloat8_b)])
def test_untilize_single_core(device, shape, dtype):
    """use_multicore=False: UntilizeSingleCoreProgramFactory on core (0, 0); rows whose input and output CBs would
    not fit half of L1 go in blocks of the largest divisor of the row's tiles that fit (float32 3200 wide: 100 tiles,
    blocks of 50; bfloat16 6400 wide: 200 tiles, blocks of 100). The same rows as the multi-core program."""
    x = _data(shape, dtype)
    t = ttnn.to_layout(_dev(x, dtype, device) if dtype != ttnn.bfloat8_b else
                       ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device), ttnn.TILE_LAYOUT)
    ttnn.clear_op_report()
    single = ttnn.untilize(t, use_multicore=False)
    rec = ttnn.op_report()[-1]
    assert rec.cores == 1 and single.layout == ttnn.ROW_MAJOR_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(single), ttnn.to_numpy(ttnn.untilize(t)))
