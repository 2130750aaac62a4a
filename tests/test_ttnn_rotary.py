"""ttnn.experimental.rotary_embedding (tensix.ttnn.operations.transformer) against a float64 reference
x * cos + rotate_half(x) * sin, with bounds from the kernel's datapath: each product is an FPU multiply of the two
tiles as SrcA / SrcB hold them (bfloat16 or TF32 values) packed to the intermediate CB's format, then an FPU add packed
to the output format: with a 16-bit Dst (the op's default config) float32 data is taken as bfloat16 and every step
rounds to bfloat16 (2^-8 relative each); with fp32 accumulation the error is TF32's (2^-10)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
import tensix
from tensix.errors import NotModelledError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _caches(S, D):
    pos = np.arange(S)[:, None]
    inv = 1.0 / (10000 ** (np.arange(0, D, 2) / D))
    ang = np.concatenate([pos * inv, pos * inv], -1)
    return np.cos(ang)[None, None].astype(np.float32), np.sin(ang)[None, None].astype(np.float32)


def _ref(x, c, s):
    h = x.shape[-1] // 2
    rot = np.concatenate([-x[..., h:], x[..., :h]], -1)
    return x * c + rot * s, np.abs(x * c) + np.abs(rot * s)


@pytest.mark.parametrize("shape,S", [((1, 1, 64, 64), 64), ((2, 4, 40, 128), 128), ((1, 8, 96, 64), 100),
                                     ((3, 70, 192), 70)])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
def test_rotary_embedding_bounds(device, shape, S, dtype):
    rng = np.random.default_rng(1)
    x = rng.standard_normal(shape).astype(np.float32)
    c, s = _caches(S, shape[-1])
    tx = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    tc = ttnn.from_numpy(c, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    ts = ttnn.from_numpy(s, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.experimental.rotary_embedding(tx, tc, ts)
    assert tuple(out.shape) == tuple(tx.padded_shape)     # tt-metal's output spec: the padded shape
    H = shape[-2]
    got = ttnn.to_numpy(out)[..., :H, :].astype(np.float64)
    xv = ttnn.to_numpy(tx).astype(np.float64)
    ref, mag = _ref(xv, ttnn.to_numpy(tc).astype(np.float64)[..., :H, :], ttnn.to_numpy(ts).astype(np.float64)[..., :H, :])
    # float32 data goes through a bfloat16 SrcA/SrcB (truncated) with the default 16-bit Dst: 4 roundings of 2^-7;
    # bfloat8_b output shares exponents over 16 datums of a row: its step is 2^-6 of the row's largest magnitude
    rel = 2.0 ** -6 if dtype == ttnn.bfloat16 else 2.0 ** -5
    tol = mag * rel + 1e-6
    if dtype == ttnn.bfloat8_b:
        tol = tol + np.abs(ref).max(-1, keepdims=True) * 2.0 ** -5
    assert np.all(np.abs(got - ref) <= tol), np.abs(got - ref).max()


def test_rotary_embedding_compute_config_reaches_only_core_group_2(device):
    """tt-metal's factory gives core group 1 a default ComputeConfigDescriptor (16-bit Dst) and only group 2 the op's
    config: with fp32_dest_acc_en, rows on group-1 cores still round to bfloat16, rows on group-2 cores keep TF32
    precision (2^-9)."""
    rng = np.random.default_rng(2)
    x = rng.standard_normal((1, 65, 32, 128)).astype(np.float32)     # 65 tile rows: group 1 = 1 core with 2 rows
    c, s = _caches(32, 128)
    tx, tc, ts = (ttnn.from_numpy(a, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device) for a in (x, c, s))
    cfg = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, fp32_dest_acc_en=True)
    got = ttnn.to_numpy(ttnn.experimental.rotary_embedding(tx, tc, ts, compute_kernel_config=cfg)).astype(np.float64)
    ref, mag = _ref(x.astype(np.float64), c.astype(np.float64), s.astype(np.float64))
    err = np.abs(got - ref) / (mag + 1e-12)
    assert err[0, :2].max() > 2.0 ** -9          # rows 0-1: core (0, 0), group 1, 16-bit Dst
    assert err[0, 2:].max() <= 2.0 ** -8         # the other 63 rows: group 2, fp32 Dst


def test_rotary_embedding_multicore_and_cache(device):
    x = np.random.default_rng(3).standard_normal((1, 70, 32 * 2, 64)).astype(np.float32)
    c, s = _caches(64, 64)
    tx, tc, ts = (ttnn.from_numpy(a, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device) for a in (x, c, s))
    ttnn.experimental.rotary_embedding(tx, tc, ts)
    rec = ttnn.op_report()[-1]
    assert rec.cores == 64 and rec.device_ns > 0
    ttnn.experimental.rotary_embedding(tx, tc, ts)
    assert ttnn.op_report()[-1].cache_hit


def test_rotary_embedding_errors(device):
    x = np.ones((1, 1, 64, 96), np.float32)
    tx = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    c96 = ttnn.from_numpy(np.ones((1, 1, 64, 96), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                          device=device)
    with pytest.raises(ttnn.ShapeError, match="divisible by 64"):
        ttnn.experimental.rotary_embedding(tx, c96, c96)
    x = ttnn.from_numpy(np.ones((1, 1, 64, 64), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                        device=device)
    c = ttnn.from_numpy(np.ones((1, 1, 32, 64), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                        device=device)
    with pytest.raises(ttnn.ShapeError, match="cover the input sequence length"):
        ttnn.experimental.rotary_embedding(x, c, c)
    c64 = ttnn.from_numpy(np.ones((1, 1, 64, 64), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                          device=device)
    c64f = ttnn.from_numpy(np.ones((1, 1, 64, 64), np.float32), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT,
                           device=device)
    with pytest.raises(ttnn.DTypeError, match="Cos and Sin dtypes must match"):
        ttnn.experimental.rotary_embedding(x, c64, c64f)
    host = ttnn.from_numpy(np.ones((1, 1, 64, 64), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.DeviceMismatchError):
        ttnn.experimental.rotary_embedding(host, c64, c64)


@pytest.mark.parametrize("shape,S", [((1, 2, 50, 64), 70), ((1, 1, 64, 32), 64)])
def test_rotary_embedding_row_major_inputs_are_tilized_first(device, shape, S):
    """rotary_embedding.cpp tilizes every input (tilize_with_val_padding, zero padding to whole tiles): row-major
    x / cos / sin give the same bits as their tiled twins, and the output is the tiled input's padded shape."""
    rng = np.random.default_rng(4)
    x = rng.standard_normal(shape).astype(np.float32)
    c, s = _caches(S, shape[-1])
    kw = dict(dtype=ttnn.bfloat16, device=device)
    rm = [ttnn.from_numpy(a, layout=ttnn.ROW_MAJOR_LAYOUT, **kw) for a in (x, c, s)]
    tiled = [ttnn.from_numpy(a, layout=ttnn.TILE_LAYOUT, **kw) for a in (x, c, s)]
    got = ttnn.experimental.rotary_embedding(*rm)
    want = ttnn.experimental.rotary_embedding(*tiled)
    assert got.layout == ttnn.TILE_LAYOUT and tuple(got.shape) == tuple(tiled[0].padded_shape)
    assert np.array_equal(ttnn.to_numpy(got).view(np.uint8), ttnn.to_numpy(want).view(np.uint8))
    # a mixed call (a tiled x with row-major caches) is the same too
    mixed = ttnn.experimental.rotary_embedding(tiled[0], rm[1], rm[2])
    assert np.array_equal(ttnn.to_numpy(mixed).view(np.uint8), ttnn.to_numpy(want).view(np.uint8))
    # the checks run on the row-major shapes, before the tilize: a head dim of 48 is refused, not padded to 64
    bad = ttnn.from_numpy(np.ones((1, 1, 32, 48), np.float32), layout=ttnn.ROW_MAJOR_LAYOUT, **kw)
    with pytest.raises(ttnn.ShapeError, match="divisible by 64"):
        ttnn.experimental.rotary_embedding(bad, bad, bad)


def _sharded_mc(kind, rows, width, grid, orient=ttnn.ShardOrientation.ROW_MAJOR):
    cores = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(grid[0] - 1, grid[1] - 1))])
    return ttnn.MemoryConfig(kind, ttnn.BufferType.L1, ttnn.ShardSpec(cores, (rows, width), orient))


HS, BS = ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.TensorMemoryLayout.BLOCK_SHARDED


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
@pytest.mark.parametrize("shape,in_mc,out_mc", [
    # a sharded input (its shard is c_0; the reader copies each row's rotate_half partner from L1) into a sharded
    # output (the output spec is the input's) or an interleaved one; orientations; a block-sharded input
    ((1, 1, 128, 64), (HS, 32, 64, (4, 1)), "same"),
    ((1, 2, 96, 128), (HS, 64, 128, (1, 3), ttnn.ShardOrientation.COL_MAJOR), "dram"),
    ((1, 1, 128, 64), (BS, 64, 64, (1, 2)), "same"),
    # an interleaved input into a sharded output: tile rows over the most grid cores that divide them
    ((1, 3, 160, 64), None, "height"),
], ids=["hs-hs", "hs-col-dram", "bs-bs", "dram-hs"])
def test_rotary_embedding_sharded(device, shape, in_mc, out_mc, dtype):
    """The sharded paths of RotaryEmbeddingProgramFactory (multi-tile head dim): bit for bit the interleaved program's
    result, on the shard grid's cores."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal(shape).astype(np.float32)
    c, s = _caches(256, shape[-1])
    tile = dict(dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    tx, tc, ts = (ttnn.from_numpy(a, **tile) for a in (x, c, s))
    want = ttnn.to_numpy(ttnn.experimental.rotary_embedding(tx, tc, ts))
    xin = ttnn.to_memory_config(tx, _sharded_mc(*in_mc)) if in_mc else tx
    mc = {"same": None, "dram": ttnn.DRAM_MEMORY_CONFIG,
          "height": ttnn.MemoryConfig(HS, ttnn.BufferType.L1)}[out_mc]
    got = ttnn.experimental.rotary_embedding(xin, tc, ts, memory_config=mc)
    rec = ttnn.op_report()[-1]
    rows = x.size // shape[-1] // 32
    if in_mc:
        assert rec.cores == xin.memory_config().shard_spec.num_cores()
        assert got.memory_config() == (xin.memory_config() if out_mc == "same" else ttnn.DRAM_MEMORY_CONFIG)
    else:
        n = max(i for i in range(1, 65) if rows % i == 0)
        assert got.is_sharded() and rec.cores == n and got.memory_config().shard_spec.shape == (rows // n * 32, 64)
    np.testing.assert_array_equal(ttnn.to_numpy(got), want)


def test_rotary_embedding_sharding_rules(device):
    tile = dict(dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    c, s = _caches(128, 64)
    tc, ts = ttnn.from_numpy(c, **tile), ttnn.from_numpy(s, **tile)
    tx = ttnn.from_numpy(np.ones((1, 1, 128, 64), np.float32), **tile)
    with pytest.raises(ttnn.ShardSpecError, match="WIDTH_SHARDED"):
        ttnn.experimental.rotary_embedding(tx, tc, ts, memory_config=ttnn.MemoryConfig(
            ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.L1))
    half = ttnn.to_memory_config(tx, _sharded_mc(BS, 64, 32, (2, 2)))
    with pytest.raises(ttnn.ShardSpecError, match="shard width"):
        ttnn.experimental.rotary_embedding(half, tc, ts)
    uneven = ttnn.to_memory_config(tx, _sharded_mc(HS, 96, 64, (2, 1)))
    with pytest.raises(ttnn.ShardSpecError, match="whole number of shards"):
        ttnn.experimental.rotary_embedding(uneven, tc, ts)
    with pytest.raises(NotModelledError, match="sharded cos"):
        ttnn.experimental.rotary_embedding(tx, ttnn.to_memory_config(tc, _sharded_mc(HS, 32, 64, (4, 1))), ts)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.bfloat8_b])
@pytest.mark.parametrize("in_sharded", [False, True], ids=["interleaved", "sharded"])
def test_rotary_embedding_single_tile_head_dim(device, dtype, in_sharded):
    """Head dim 32 (create_single_tile_descriptor): rotate_half by matmul_tiles with the reader's [[0, I], [-I, 0]]
    matrix (Float16_b, or Bfp8_b for a bfloat8_b input). With cos = 0 and sin = 1 the output is exactly
    rotate_half(x) (products by +-1 and 0 are exact at HiFi4, the adds of zeros too); with real caches it keeps the
    datapath's bounds."""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((1, 3, 64, 32)).astype(np.float32)
    tile = dict(dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    tx = ttnn.from_numpy(x, **tile)
    xv = ttnn.to_numpy(tx).astype(np.float64)
    mc = _sharded_mc(HS, 64, 32, (3, 1)) if in_sharded else None
    xin = ttnn.to_memory_config(tx, mc) if in_sharded else tx
    zeros, ones = (ttnn.from_numpy(np.full((1, 1, 64, 32), v, np.float32), **tile) for v in (0.0, 1.0))
    got = ttnn.to_numpy(ttnn.experimental.rotary_embedding(xin, zeros, ones)).astype(np.float64)
    np.testing.assert_array_equal(got, np.concatenate([-xv[..., 16:], xv[..., :16]], -1))
    assert ttnn.op_report()[-1].cores == (3 if in_sharded else 6)
    c, s = _caches(64, 32)
    tc, ts = ttnn.from_numpy(c, **tile), ttnn.from_numpy(s, **tile)
    got = ttnn.to_numpy(ttnn.experimental.rotary_embedding(xin, tc, ts)).astype(np.float64)
    ref, mag = _ref(xv, ttnn.to_numpy(tc).astype(np.float64), ttnn.to_numpy(ts).astype(np.float64))
    tol = mag * (2.0 ** -6 if dtype == ttnn.bfloat16 else 2.0 ** -5) + 1e-6
    if dtype == ttnn.bfloat8_b:
        tol = tol + np.abs(ref).max(-1, keepdims=True) * 2.0 ** -5
    assert np.all(np.abs(got - ref) <= tol)


def test_rotary_embedding_single_tile_float32_misconfigures_srca(device):
    """rotary_embedding_single_tile.cpp reconfigures SrcA to the input's format (reconfig_data_format(in, trans_mat))
    and then unpacks the Float16_b transformation matrix into SrcA (matmul's in1): for a float32 input the card would
    read it as Float32. tensix stops there rather than return those numbers."""
    tile = dict(dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
    x, c = (ttnn.from_numpy(np.ones((1, 1, 32, 32), np.float32), **tile) for _ in range(2))
    with pytest.raises(tensix.device.errors.ComputeInitError, match="SrcA format is Float32"):
        ttnn.experimental.rotary_embedding(x, c, c)


@pytest.mark.parametrize("X", [32, 64, 128])
@pytest.mark.parametrize("token", [0, 31, 37, 100])
def test_rotary_embedding_decode_mode(device, X, token):
    """token_index (DECODE_MODE): the token's cos / sin row, untilized, moved to row 0 and retilized on the device,
    broadcast over every row of the input (one position per user). A product with one-hot caches picks exactly that
    row: with cos = e_token (1 in row `token` only) and sin = 0 the output is x; with another token's row it is 0. With
    real caches the datapath's bounds hold."""
    rng = np.random.default_rng(token + X)
    x = rng.standard_normal((1, 2, 32, X)).astype(np.float32)
    tile = dict(dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    tx = ttnn.from_numpy(x, **tile)
    xv = ttnn.to_numpy(tx).astype(np.float64)
    onehot = np.zeros((1, 1, 128, X), np.float32)
    onehot[..., token, :] = 1.0
    tc, tz = ttnn.from_numpy(onehot, **tile), ttnn.from_numpy(np.zeros_like(onehot), **tile)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.experimental.rotary_embedding(tx, tc, tz, token)), xv)
    other = (token + 1) % 128
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.experimental.rotary_embedding(tx, tc, tz, other)), 0 * xv)
    c, s = _caches(128, X)
    tc, ts = ttnn.from_numpy(c, **tile), ttnn.from_numpy(s, **tile)
    got = ttnn.to_numpy(ttnn.experimental.rotary_embedding(tx, tc, ts, token)).astype(np.float64)
    cv, sv = (ttnn.to_numpy(t).astype(np.float64)[..., token:token + 1, :] for t in (tc, ts))
    ref, mag = _ref(xv, cv, sv)
    assert np.all(np.abs(got - ref) <= mag * 2.0 ** -6 + 1e-6)


def test_rotary_embedding_decode_mode_rules(device):
    tile = dict(dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    c = ttnn.from_numpy(np.ones((1, 1, 64, 64), np.float32), **tile)
    two = ttnn.from_numpy(np.ones((2, 1, 32, 64), np.float32), **tile)
    with pytest.raises(ttnn.ShapeError, match="sequence length must be 1"):
        ttnn.experimental.rotary_embedding(two, c, c, 3)
    one = ttnn.from_numpy(np.ones((1, 1, 32, 64), np.float32), **tile)
    with pytest.raises(ttnn.ShapeError, match="must cover the token index"):
        ttnn.experimental.rotary_embedding(one, c, c, 64)
