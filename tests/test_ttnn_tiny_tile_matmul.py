"""ttnn.matmul / ttnn.linear with tiles other than 32x32 (tensix.kernel.tile_shape; the tile handling of tt-metal
622c6fb9's 1D / 2D multicast and reuse program factories): in0 in [h, 32] tiles, in1 in [32, 32] / [32, 16] tiles
or transposed 32x32 ones, the output and the bias in [h, in1 tile width] tiles.

- The byte moves of the unpacker / packer (tile_shape.expand / compress) against the host's tilize and block-float
  packing of the tile (tensix.ttnn.tile_layout).
- Each output row is the row of the 32x32 product bit for bit: the same matmul with 32x32 tiles gives the same
  bits (tt-llk issues the MVMULs touching the tile's rows in the 32x32 order, tile_shape's docstring).
- Against float64 numpy of the bf16 inputs with the tolerance of a bf16 output.
- MVMUL counts and the cost figures; the refusals of what is not modelled; other ops still refuse the tiles."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.kernel import tile_shape as TS
from tensix.ttnn import tile_layout as TL
from tensix.ttnn.types import DataType

RNG = np.random.default_rng(54)


@pytest.fixture(scope="module")
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def bf16(x):
    """Round-to-nearest-even bf16 values of float32 x (as from_torch does for bfloat16)."""
    b = np.asarray(x, np.float32).view(np.uint32)
    b = ((b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    return b.view(np.float32)


def ref(a, b, bias=None):
    out = bf16(a).astype(np.float64) @ bf16(b).astype(np.float64)
    return out if bias is None else out + bf16(bias).astype(np.float64)


def close(got, want, k):
    """bf16 output: 2^-8 relative rounding of the result plus the bf16 Dst accumulation over k products."""
    err = np.abs(got.astype(np.float64) - want)
    bound = 2.0 ** -7 * np.abs(want) + 2.0 ** -8 * np.sqrt(k) * np.abs(want).max()
    assert np.all(err <= bound), float(np.max(err - bound))


def put(dev, x, tile=None, dtype=ttnn.bfloat16, mem=None):
    return ttnn.from_torch(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=dev, tile=tile,
                           memory_config=mem or ttnn.L1_MEMORY_CONFIG)


def ckc(l1acc=False):
    return ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, math_approx_mode=False,
                                           fp32_dest_acc_en=False, packer_l1_acc=l1acc)


def cfg_1d(m, k, n, th, tw, ncores, in0_block_w=None):
    pn = n // ncores // tw
    return ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=(ncores, 1), in0_block_w=in0_block_w or k // 32, out_subblock_h=1,
        out_subblock_w=1, per_core_M=m // th, per_core_N=pn, fuse_batch=True, fused_activation=None, mcast_in0=True)


# ------------------------------------------------------------------------------------ the byte moves
@pytest.mark.parametrize("shape", [(1, 32), (2, 32), (4, 32), (8, 32), (16, 32), (32, 16), (16, 16)])
@pytest.mark.parametrize("fmt", [DataFormat.Float16_b, DataFormat.Bfp8_b, DataFormat.Bfp4_b])
def test_expand_compress_match_host_tiles(shape, fmt):
    tile = ttnn.Tile(shape)
    th, tw = shape
    v = RNG.standard_normal((th, tw)).astype(np.float32)
    full = np.zeros((32, 32), np.float32)
    full[:th, :tw] = v
    if fmt == DataFormat.Float16_b:
        def enc(x, t):
            bits = (bf16(x).view(np.uint32) >> 16).astype(np.uint16)
            return TL.tilize(bits, t).reshape(-1).view(np.uint8)
    else:
        def enc(x, t):
            return TL.pack_bfp(x, fmt, t).reshape(-1)
    raw, raw32 = enc(v, tile), enc(full, ttnn.Tile((32, 32)))
    dt = {DataFormat.Float16_b: DataType.BFLOAT16, DataFormat.Bfp8_b: DataType.BFLOAT8_B,
          DataFormat.Bfp4_b: DataType.BFLOAT4_B}[fmt]
    assert raw.size == TS.size(fmt, tile) == tile.get_tile_size(dt)
    assert np.array_equal(TS.expand(raw, fmt, tile), raw32)        # zeros where the tile has no rows / columns
    assert np.array_equal(TS.compress(raw32, fmt, tile), raw)


def test_mvmul_counts_and_costs():
    """tt-llk llk_math_matmul.h matmul_configure_mop replay_buf_len."""
    T = ttnn.Tile
    assert TS.mvmuls(None, None) == 16
    assert TS.mvmuls(T((16, 32)), None) == 8
    assert TS.mvmuls(None, T((32, 16))) == 8
    assert TS.mvmuls(T((16, 32)), T((32, 16))) == 4
    for h in (1, 2, 4, 8):                                  # partial_face
        assert TS.mvmuls(T((h, 32)), None) == 4
    assert TS.unpack_cycles(32, T((16, 32))) == 16 and TS.unpack_cycles(32, None) == 32
    assert TS.pack_cycles(32, T((8, 32))) == 16 and TS.pack_cycles(32, T((32, 16))) == 32


# ------------------------------------------------------------------------------------ the products
@pytest.mark.parametrize("th", [1, 4, 16])
def test_1d_in0_tiny_rows_equal_the_32x32_product(dev, th):
    """An output row from an in0 of [th, 32] tiles is bit for bit the 32x32 product's row (one K block: the same
    Dst accumulation), and close to float64."""
    m, k, n = 32, 128, 128
    a = RNG.standard_normal((1, 1, m, k)).astype(np.float32)
    b = RNG.standard_normal((1, 1, k, n)).astype(np.float32)
    out_tiny = ttnn.matmul(put(dev, a, ttnn.Tile((th, 32))), put(dev, b), program_config=cfg_1d(m, k, n, th, 32, 2),
                           memory_config=ttnn.L1_MEMORY_CONFIG, compute_kernel_config=ckc(),
                           output_tile=ttnn.Tile((th, 32)))
    assert out_tiny.tile.tile_shape == [th, 32]
    out_full = ttnn.matmul(put(dev, a), put(dev, b), program_config=cfg_1d(m, k, n, 32, 32, 2),
                           memory_config=ttnn.L1_MEMORY_CONFIG, compute_kernel_config=ckc())
    got = ttnn.to_numpy(out_tiny)
    assert np.array_equal(got, ttnn.to_numpy(out_full))
    close(got.reshape(m, n), ref(a, b).reshape(m, n), k)


def test_1d_in1_32x16_tiles_with_row_bias_and_l1_acc(dev):
    """in0 [16, 32] x in1 [32, 16] tiles (4 MVMULs a tile), a row bias in [16, 16] tiles, packer L1 accumulation
    over two K blocks; the output comes in [16, 16] tiles."""
    m, k, n = 32, 128, 64
    a = RNG.standard_normal((1, 1, m, k)).astype(np.float32)
    b = RNG.standard_normal((1, 1, k, n)).astype(np.float32)
    bias = RNG.standard_normal((1, 1, 1, n)).astype(np.float32)
    out = ttnn.linear(put(dev, a, ttnn.Tile((16, 32))), put(dev, b, ttnn.Tile((32, 16))),
                      bias=put(dev, bias, ttnn.Tile((16, 16))), program_config=cfg_1d(m, k, n, 16, 16, 2, 2),
                      memory_config=ttnn.L1_MEMORY_CONFIG, compute_kernel_config=ckc(l1acc=True))
    assert out.tile.tile_shape == [16, 16]
    close(ttnn.to_numpy(out).reshape(m, n), ref(a, b, bias).reshape(m, n), k)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.bfloat8_b])
def test_transposed_32x32_in1(dev, dtype):
    """A transposed 32x32 in1 (IN1_TRANSPOSE_TILE: its bytes are a normal tile of the transpose) with an in0 of
    [8, 32] tiles: bit for bit the same matmul with a normal in1 tile for bfloat16 (bfloat8_b's shared exponents run
    down the columns of a transposed tile, so its values differ: compared with float64), and the program cache
    tells the two apart (the tile is part of the key)."""
    m, k, n = 16, 64, 64
    a = RNG.standard_normal((1, 1, m, k)).astype(np.float32)
    b = RNG.standard_normal((1, 1, k, n)).astype(np.float32)
    pc = cfg_1d(m, k, n, 8, 32, 2)
    kw = dict(program_config=pc, memory_config=ttnn.L1_MEMORY_CONFIG, compute_kernel_config=ckc())
    a_t = put(dev, a, ttnn.Tile((8, 32)))
    got = ttnn.to_numpy(ttnn.matmul(a_t, put(dev, b, ttnn.Tile((32, 32), transpose_tile=True), dtype), **kw))
    normal = ttnn.to_numpy(ttnn.matmul(a_t, put(dev, b, None, dtype), **kw))
    if dtype == ttnn.bfloat16:
        assert np.array_equal(got, normal)
    for x in (got, normal):
        close(x.reshape(m, n), ref(a, b).reshape(m, n), k if dtype == ttnn.bfloat16 else 4 * k)


def test_reuse_program_height_sharded(dev):
    """MatmulMultiCoreReuseProgramConfig with in0 / in1 / output height-sharded, in0 in [4, 32] tiles."""
    bsz, m, k, n = 2, 64, 64, 64
    a = RNG.standard_normal((bsz, 1, m, k)).astype(np.float32)
    b = RNG.standard_normal((bsz, 1, k, n)).astype(np.float32)

    def shard(shape):
        return ttnn.create_sharded_memory_config(shape, core_grid=ttnn.CoreGrid(y=1, x=bsz),
                                                 strategy=ttnn.ShardStrategy.HEIGHT,
                                                 orientation=ttnn.ShardOrientation.ROW_MAJOR)
    pc = ttnn.MatmulMultiCoreReuseProgramConfig(compute_with_storage_grid_size=(bsz, 1), in0_block_w=k // 32,
                                                out_subblock_h=1, out_subblock_w=2, per_core_M=m // 4,
                                                per_core_N=n // 32)
    out = ttnn.matmul(put(dev, a, ttnn.Tile((4, 32)), mem=shard(a.shape)), put(dev, b, mem=shard(b.shape)),
                      program_config=pc, output_tile=ttnn.Tile((4, 32)),
                      memory_config=ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1))
    assert out.tile.tile_shape == [4, 32] and out.is_sharded()
    for i in range(bsz):
        close(ttnn.to_numpy(out)[i, 0], ref(a[i, 0], b[i, 0]), k)


def test_dram_sharded_program_in0_16x32(dev):
    """MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig with an in0 of [16, 32] tiles (width-sharded in L1 over
    4 cores) and a 32x32 in1 sharded over the 12 DRAM banks: the output in [16, 32] tiles is bit for bit the rows of
    the same matmul with 32x32 tiles (in0 padded to 32 rows)."""
    k, n, banks = 256, 384, 12
    a = RNG.standard_normal((1, 1, 16, k)).astype(np.float32)
    b = RNG.standard_normal((1, 1, k, n)).astype(np.float32)
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(3, 0))})
    row = ttnn.ShardOrientation.ROW_MAJOR
    ws = ttnn.TensorMemoryLayout.WIDTH_SHARDED
    dram = ttnn.MemoryConfig(ws, ttnn.BufferType.DRAM, ttnn.ShardSpec(
        ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(banks - 1, 0))}), [k, n // banks], row))
    pc = ttnn.MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig(in0_block_w=2, per_core_M=1,
                                                                      per_core_N=n // banks // 32,
                                                                      fused_activation=None)
    outs = []
    for th in (16, 32):
        x = a if th == 16 else np.concatenate([a, np.zeros_like(a)], axis=2)
        mc = ttnn.MemoryConfig(ws, ttnn.BufferType.L1, ttnn.ShardSpec(grid, [th, k // 4], row))
        out = ttnn.matmul(put(dev, x, ttnn.Tile((th, 32)) if th == 16 else None, mem=mc), put(dev, b, mem=dram),
                          program_config=pc, memory_config=ttnn.MemoryConfig(ws, ttnn.BufferType.L1),
                          compute_kernel_config=ckc(l1acc=True), dtype=ttnn.bfloat16,
                          output_tile=ttnn.Tile((th, 32)))
        outs.append(ttnn.to_numpy(out).reshape(-1, n)[:16])
    assert np.array_equal(outs[0], outs[1])
    close(outs[0], ref(a, b).reshape(16, n), k)


def test_fewer_math_cycles_for_tiny_in0(dev):
    """The same 16 rows: in0 in [16, 32] tiles costs half the MVMULs of 32x32 tiles (the rows padded to 32)."""
    from tensix.ttnn import report
    m, k, n = 16, 256, 64
    a = RNG.standard_normal((1, 1, m, k)).astype(np.float32)
    b = RNG.standard_normal((1, 1, k, n)).astype(np.float32)
    times = []
    for th in (16, 32):
        out = ttnn.matmul(put(dev, a, ttnn.Tile((th, 32)) if th != 32 else None), put(dev, b),
                          program_config=cfg_1d(32 if th == 32 else m, k, n, th, 32, 2),
                          memory_config=ttnn.L1_MEMORY_CONFIG, compute_kernel_config=ckc())
        times.append(report.op_report()[-1].device_cycles)
        close(ttnn.to_numpy(out).reshape(-1, n)[:m], ref(a, b).reshape(m, n), k)
    assert times[0] < times[1]


# ------------------------------------------------------------------------------------ refusals
def test_refusals(dev):
    x = RNG.standard_normal((1, 1, 32, 64)).astype(np.float32)
    w = RNG.standard_normal((1, 1, 64, 64)).astype(np.float32)
    a16 = put(dev, x, ttnn.Tile((16, 32)))
    b = put(dev, w)
    pc = cfg_1d(32, 64, 64, 16, 32, 2)
    # no program config: ttnn's generation picks MatmulMultiCoreProgramConfig here (L1 inputs, a DRAM output, one
    # block), which tt-metal's validation refuses for tiny tiles
    with pytest.raises(ttnn.TTNNError, match="non-optimized program config does not support tiny tile"):
        ttnn.matmul(a16, b)
    with pytest.raises(NotModelledError, match=r"transposed 32x16 in1.*\nFix"):
        ttnn.matmul(a16, put(dev, w, ttnn.Tile((32, 16), transpose_tile=True)), program_config=cfg_1d(32, 64, 64,
                                                                                                          16, 16, 2))
    with pytest.raises(NotModelledError, match=r"wider than the in1 tile.*\nFix"):
        ttnn.matmul(a16, put(dev, w, ttnn.Tile((32, 16))), program_config=cfg_1d(32, 64, 64, 16, 16, 2),
                    memory_config=ttnn.MemoryConfig(ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.L1),
                    output_tile=ttnn.Tile((16, 32)))
    with pytest.raises(NotModelledError, match=r"transpose_a.*\nFix"):
        ttnn.matmul(put(dev, w, ttnn.Tile((16, 32))), b, transpose_a=True, program_config=pc)
    with pytest.raises(ttnn.TTNNError, match="inner dim equal to 32"):
        ttnn.matmul(a16, put(dev, w, ttnn.Tile((16, 32))), program_config=pc)
    with pytest.raises(ttnn.TTNNError, match="must equal to the in0 tile height"):
        ttnn.matmul(a16, b, program_config=pc, output_tile=ttnn.Tile((32, 32)))
    with pytest.raises(NotModelledError, match=r"pad_last_ktile.*\nFix"):
        ttnn.matmul(put(dev, x[..., :40], ttnn.Tile((16, 32))), put(dev, w[..., :40, :]), program_config=pc)
    # every other op still refuses the tiles
    with pytest.raises(NotModelledError, match=r"ttnn.add: input 0 .*tiles of shape \[16, 32\]"):
        ttnn.add(a16, a16)
