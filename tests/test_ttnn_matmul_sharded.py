"""ttnn.matmul / ttnn.linear with sharded operands and outputs (tensix.ttnn.operations.matmul: the sharded paths of
tt-metal 622c6fb9's 1D and 2D multicast program factories and of ttnn's program config selection).

- Each sharded path against float64 numpy within bfloat16 tolerance, and bit for bit against the same matmul with
  interleaved operands and the same program config: the compute kernel sees the same in0 / in1 blocks in the same
  order whether the reader took them from DRAM or from a shard, and a sharded output only changes where c_4 lives.
  Where ttnn's default config for the sharded tensor differs from the interleaved one (in0_block_w = gcd(shard width,
  K) against 2, so another accumulation order through the intermediate CB) only the float64 check applies; those
  tests say so.
- The shard geometries the kernels distinguish: more shard cores than cores with work (the in0 senders without work,
  inside and outside the multicast rectangle), several K blocks per shard with a shard more than a tile high
  (extract_shard_sub_blocks), odd logical shapes (the last K tile's padding zeroed in the shard's block), a cached
  program run again on new tensors (the CBs rebound to their buffers).
- The errors ttnn raises for shard specs its programs do not take, and tensix's NotModelledError where tt-metal
  would silently read or write the wrong L1."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError

RNG = np.random.default_rng(4321)
F = ttnn.MathFidelity
L1 = ttnn.BufferType.L1
ROW = ttnn.ShardOrientation.ROW_MAJOR
TML = ttnn.TensorMemoryLayout


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def ckc(fidelity=F.HiFi4, fp32=True, l1acc=True):
    return ttnn.WormholeComputeKernelConfig(math_fidelity=fidelity, math_approx_mode=False, fp32_dest_acc_en=fp32,
                                           packer_l1_acc=l1acc)


def grid(x0, y0, x1, y1):
    return ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))})


def shard_mc(layout, g, shape, orientation=ROW):
    return ttnn.MemoryConfig(layout, L1, ttnn.ShardSpec(g, list(shape), orientation))


def host(shape, scale=1.0):
    return (RNG.standard_normal(shape) * scale).astype(np.float32)


def dev_tensor(device, x, mc=None, dtype=ttnn.bfloat16):
    return ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)


def values(t) -> np.ndarray:
    return ttnn.to_numpy(t).astype(np.float64)


def bf16(x) -> np.ndarray:
    """x rounded to bfloat16 (what the device holds), as float64."""
    b = np.ascontiguousarray(x, np.float32).view(np.uint32)
    b = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    return b.astype(np.uint32).view(np.float32).astype(np.float64)


def check(out, ref, rel=0.02):
    got = values(out)
    assert got.shape == ref.shape
    assert np.abs(got - ref).max() <= rel * np.abs(ref).max()


def program() -> str:
    return ttnn.op_report()[-1].program


def same_bits(x, y):
    assert ttnn.to_numpy(x).tobytes() == ttnn.to_numpy(y).tobytes()


def pc1d(pm, pn, kw, mcast_in0, grid_xy=(8, 8), sh=1, sw=1, obh=None, obw=None):
    return ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=grid_xy, in0_block_w=kw, out_subblock_h=sh, out_subblock_w=sw,
        out_block_h=obh, out_block_w=obw, per_core_M=pm, per_core_N=pn, fuse_batch=True, mcast_in0=mcast_in0)


def pc2d(pm, pn, kw, grid_xy, sh=1, sw=1, obh=None, obw=None):
    return ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=grid_xy, in0_block_w=kw, out_subblock_h=sh, out_subblock_w=sw,
        out_block_h=obh, out_block_w=obw, per_core_M=pm, per_core_N=pn, transpose_mcast=False, fused_activation=None)


# ----------------------------------------------------------------------------- width-sharded in0, 1D mcast_in0
@pytest.mark.parametrize("m, k, n, shard_cores, kw, pn", [
    (64, 256, 256, 4, 2, 2),       # 4 shards of 2 tiles, 4 cores with work: every core sends its K blocks
    (32, 256, 64, 8, 1, 1),        # 8 shard cores, 2 with work: senders without work in and out of the rectangle
    (64, 512, 96, 2, 2, 1),        # 2 shards of 8 K tiles, 2 high: blocks copied out of the shard (extract)
    (32, 96, 320, 3, 1, 4),        # 3 shards, 3 cores with work (the last with padded output columns)
])
def test_width_sharded_in0_mcast_in0(device, m, k, n, shard_cores, kw, pn):
    xa, xb = host((m, k)), host((k, n))
    mc = shard_mc(TML.WIDTH_SHARDED, grid(0, 0, shard_cores - 1, 0), (m, k // shard_cores))
    a_sh, a_il, b = dev_tensor(device, xa, mc), dev_tensor(device, xa), dev_tensor(device, xb)
    cfg = pc1d(m // 32, pn, kw, True)
    got = ttnn.matmul(a_sh, b, program_config=cfg, compute_kernel_config=ckc())
    assert "mcast_1d" in program()
    check(got, bf16(xa) @ bf16(xb))
    same_bits(got, ttnn.matmul(a_il, b, program_config=cfg, compute_kernel_config=ckc()))
    # the shard is unchanged by the reader (no padding to zero: K is whole tiles)
    assert ttnn.to_numpy(a_sh).tobytes() == ttnn.to_numpy(a_il).tobytes()


def test_width_sharded_in0_two_rows(device):
    """12 shard cores over two grid rows, 10 cores with work: the multicast rectangle (the work cores' bounding box,
    16 cores) holds senders without work and cores with no kernel at all; 12 of them receive."""
    xa, xb = host((32, 384)), host((384, 320))
    g = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 0)),
                           ttnn.CoreRange(ttnn.CoreCoord(0, 1), ttnn.CoreCoord(3, 1))})
    a = dev_tensor(device, xa, shard_mc(TML.WIDTH_SHARDED, g, (32, 32)))
    b = dev_tensor(device, xb)
    cfg = pc1d(1, 1, 1, True)
    got = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc())
    assert ttnn.op_report()[-1].cores == 10
    check(got, bf16(xa) @ bf16(xb))
    same_bits(got, ttnn.matmul(dev_tensor(device, xa), b, program_config=cfg, compute_kernel_config=ckc()))


def test_width_sharded_in0_odd_k(device):
    """Logical K = 150 in 5 shards of 32 columns: the reader zeroes the columns beyond K in the last K tile of the
    block it multicasts (in the shard itself: pad_last_ktile writes the shard's L1)."""
    xa, xb = host((32, 150)), host((150, 64))
    a = dev_tensor(device, xa, shard_mc(TML.WIDTH_SHARDED, grid(0, 0, 4, 0), (32, 32)))
    b = dev_tensor(device, xb)
    cfg = pc1d(1, 1, 1, True)
    got = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc())
    check(got, bf16(xa) @ bf16(xb))
    same_bits(got, ttnn.matmul(dev_tensor(device, xa), b, program_config=cfg, compute_kernel_config=ckc()))


def test_program_cache_rebinds_the_shard(device):
    """The second call hits the program cache with new tensors: the CBs placed on the shards move to the new
    buffers (tt-metal's override_runtime_arguments / dynamic CB addresses)."""
    mc = shard_mc(TML.WIDTH_SHARDED, grid(0, 0, 3, 0), (32, 64))
    cfg = pc1d(1, 2, 2, True)
    outs = []
    for _ in range(3):
        xa, xb = host((32, 256)), host((256, 256))
        extra = dev_tensor(device, host((64, 64)), ttnn.L1_MEMORY_CONFIG)   # move the L1 allocation around
        a, b = dev_tensor(device, xa, mc), dev_tensor(device, xb)
        out = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc(),
                          memory_config=ttnn.MemoryConfig(TML.WIDTH_SHARDED, L1))
        check(out, bf16(xa) @ bf16(xb))
        outs.append((out, extra))


# ----------------------------------------------------------------------------- height-sharded in0, 1D mcast_in1
@pytest.mark.parametrize("m, k, n, cores, kw", [
    (256, 64, 96, 4, 2),       # in0_block_w == K: c_0 is the shard
    (256, 128, 64, 4, 2),      # two K blocks per shard row: copied out of the shard (extract_shard_sub_blocks)
    (192, 96, 64, 3, 1),
])
def test_height_sharded_in0_mcast_in1(device, m, k, n, cores, kw):
    xa, xb = host((m, k)), host((k, n))
    mc = shard_mc(TML.HEIGHT_SHARDED, grid(0, 0, cores - 1, 0), (m // cores, k))
    a_sh, a_il, b = dev_tensor(device, xa, mc), dev_tensor(device, xa), dev_tensor(device, xb)
    cfg = pc1d(m // cores // 32, n // 32, kw, False)
    got = ttnn.matmul(a_sh, b, program_config=cfg, compute_kernel_config=ckc())
    assert "mcast_1d" in program()
    check(got, bf16(xa) @ bf16(xb))
    same_bits(got, ttnn.matmul(a_il, b, program_config=cfg, compute_kernel_config=ckc()))


def test_height_sharded_in0_and_output(device):
    xa, xb = host((256, 64)), host((64, 64))
    mc = shard_mc(TML.HEIGHT_SHARDED, grid(0, 0, 3, 1), (32, 64))       # 8 shards on a 4x2 grid
    a = dev_tensor(device, xa, mc)
    b = dev_tensor(device, xb)
    cfg = pc1d(1, 2, 2, False, grid_xy=(4, 2), sw=2)
    out = ttnn.matmul(a, b, program_config=cfg, memory_config=ttnn.MemoryConfig(TML.HEIGHT_SHARDED, L1),
                      compute_kernel_config=ckc())
    assert out.memory_config().memory_layout == TML.HEIGHT_SHARDED
    assert list(out.memory_config().shard_spec.shape) == [32, 64]
    check(out, bf16(xa) @ bf16(xb))
    same_bits(out, ttnn.matmul(dev_tensor(device, xa), b, program_config=cfg, compute_kernel_config=ckc()))


# ----------------------------------------------------------------------------- block-sharded in0, 2D multicast
@pytest.mark.parametrize("m, k, n, gx, gy, pn, kw", [
    (128, 256, 192, 2, 2, 3, 2),     # 2 x 2 shards, 2 x 2 output blocks; shard 4 K tiles wide, 2 blocks each
    (64, 256, 64, 4, 2, 2, 1),       # 4 shard columns for 1 output column: senders without work
    (96, 64, 128, 2, 3, 2, 1),
])
def test_block_sharded_in0_mcast_2d(device, m, k, n, gx, gy, pn, kw):
    xa, xb = host((m, k)), host((k, n))
    mc = shard_mc(TML.BLOCK_SHARDED, grid(0, 0, gx - 1, gy - 1), (m // gy, k // gx))
    a_sh, a_il, b = dev_tensor(device, xa, mc), dev_tensor(device, xa), dev_tensor(device, xb)
    cfg = pc2d(m // gy // 32, pn, kw, (max(gx, n // 32 // pn), gy))
    got = ttnn.matmul(a_sh, b, program_config=cfg, compute_kernel_config=ckc())
    assert "mcast_2d" in program()
    check(got, bf16(xa) @ bf16(xb))
    same_bits(got, ttnn.matmul(a_il, b, program_config=cfg, compute_kernel_config=ckc()))


@pytest.mark.parametrize("m, k, n, gx, gy, pm, pn, kw", [
    (128, 192, 96, 2, 3, 2, 1, 2),    # COL_MAJOR 2 x 3 grid: shard (r, c) on core (r, c); 2 block rows, 3 K shards
    (64, 128, 128, 1, 2, 2, 2, 1),
])
def test_block_sharded_in0_transpose_mcast(device, m, k, n, gx, gy, pm, pn, kw):
    """transpose_mcast: in0 multicast down the columns from the top row, in1 along the rows from the left column;
    the same products in the same order as the interleaved run of the same config (transpose_mcast there too)."""
    xa, xb = host((m, k)), host((k, n))
    mc = shard_mc(TML.BLOCK_SHARDED, grid(0, 0, gx - 1, gy - 1), (m // gx, k // gy), ttnn.ShardOrientation.COL_MAJOR)
    a_sh, b = dev_tensor(device, xa, mc), dev_tensor(device, xb)
    cfg = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(max(gx, m // 32 // pm), max(gy, n // 32 // pn)), in0_block_w=kw,
        out_subblock_h=1, out_subblock_w=1, per_core_M=pm, per_core_N=pn, transpose_mcast=True,
        fused_activation=None)
    got = ttnn.matmul(a_sh, b, program_config=cfg, compute_kernel_config=ckc())
    check(got, bf16(xa) @ bf16(xb))
    il = ttnn.matmul(dev_tensor(device, xa), b, program_config=cfg, compute_kernel_config=ckc())
    check(il, bf16(xa) @ bf16(xb))
    same_bits(got, il)
    sh_out = ttnn.matmul(a_sh, b, program_config=cfg, compute_kernel_config=ckc(),
                         memory_config=ttnn.MemoryConfig(TML.BLOCK_SHARDED, L1))
    assert sh_out.memory_config().shard_spec.orientation == ttnn.ShardOrientation.COL_MAJOR
    same_bits(sh_out, il)


def test_interleaved_transpose_mcast_matches_untransposed(device):
    """The 2D program with transpose_mcast on interleaved tensors: the same blocks and K order as without it."""
    xa, xb = host((96, 128)), host((128, 160))
    a, b = dev_tensor(device, xa), dev_tensor(device, xb)
    outs = []
    for tm, g in ((False, (5, 3)), (True, (3, 5))):
        cfg = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
            compute_with_storage_grid_size=g, in0_block_w=1, out_subblock_h=1, out_subblock_w=1, per_core_M=1,
            per_core_N=1, transpose_mcast=tm, fused_activation=None)
        outs.append(ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc()))
        assert ttnn.op_report()[-1].cores == 15
    check(outs[1], bf16(xa) @ bf16(xb))
    same_bits(outs[0], outs[1])


def test_height_sharded_in0_mcast_2d(device):
    """The 2D program's IN0_SHARDED path: a height-sharded in0 on the grid's first column, K one block; the left
    column multicasts its shard along its row from c_0 placed on the shard."""
    xa, xb = host((128, 64)), host((64, 192))
    a = dev_tensor(device, xa, shard_mc(TML.HEIGHT_SHARDED, grid(0, 0, 0, 3), (32, 64)))
    b = dev_tensor(device, xb)
    cfg = pc2d(1, 2, 2, (3, 4))
    got = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc())
    assert "mcast_2d" in program() and ttnn.op_report()[-1].cores == 12
    check(got, bf16(xa) @ bf16(xb))
    same_bits(got, ttnn.matmul(dev_tensor(device, xa), b, program_config=cfg, compute_kernel_config=ckc()))
    with pytest.raises(TTNNError, match="must equal in0_block_w"):
        ttnn.matmul(a, b, program_config=pc2d(1, 2, 1, (3, 4)))


@pytest.mark.parametrize("obh, obw", [(3, 2), (6, 2), (1, 1), (1, 2)])
def test_block_sharded_in0_and_output_out_blocks(device, obh, obw):
    """tt-metal's test_sharded_matmul_with_multiple_out_block_values in small: out_block_h < per_core_M gives the
    output its own c_4 (the shard) apart from the intermediate c_5 (do_not_inplace_interm0_out_CB)."""
    xa, xb = host((384, 64)), host((64, 64))
    a = dev_tensor(device, xa, shard_mc(TML.BLOCK_SHARDED, grid(0, 0, 0, 1), (192, 64)))
    b = dev_tensor(device, xb)
    cfg = pc2d(6, 2, 1, (1, 2), obh=obh, obw=obw)
    k = ckc(F.LoFi, False, True)
    il = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=k)
    sh = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=k,
                     memory_config=ttnn.MemoryConfig(TML.BLOCK_SHARDED, L1))
    assert sh.is_sharded() and list(sh.memory_config().shard_spec.shape) == [192, 64]
    inferred = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=k)
    check(sh, bf16(xa) @ bf16(xb), 0.05)
    same_bits(sh, il)
    same_bits(inferred, il)


def test_block_sharded_default_config(device):
    """No program config: get_matmul_program_config picks the 2D program on the shard grid (per_core_M / N from
    the grid, in0_block_w = gcd(shard width, K) = 2 here as the interleaved default, so the same bits)."""
    xa, xb = host((128, 128)), host((128, 256))
    a = dev_tensor(device, xa, shard_mc(TML.BLOCK_SHARDED, grid(0, 0, 1, 1), (64, 64)))
    b = dev_tensor(device, xb)
    out = ttnn.matmul(a, b)
    assert "mcast_2d" in program() and ttnn.op_report()[-1].cores == 4
    check(out, bf16(xa) @ bf16(xb))


@pytest.mark.parametrize("strategy, grid_xy, a_shape, n, program_name", [
    (ttnn.ShardStrategy.WIDTH, (7, 1), (64, 224), 256, "mcast_1d"),
    (ttnn.ShardStrategy.HEIGHT, (1, 5), (320, 64), 64, "mcast_1d"),
])
def test_default_config_1d(device, strategy, grid_xy, a_shape, n, program_name):
    """Width- (mcast_in0) and height-sharded (mcast_in1) in0 without a program config. The default in0_block_w is
    gcd(shard width, K) (width) or K (height), not the interleaved choice, so only the float64 check applies."""
    xa, xb = host(a_shape), host((a_shape[1], n))
    mc = ttnn.create_sharded_memory_config(a_shape, ttnn.CoreGrid(y=grid_xy[1], x=grid_xy[0]), strategy)
    out = ttnn.matmul(dev_tensor(device, xa, mc), dev_tensor(device, xb))
    assert program_name in program()
    check(out, bf16(xa) @ bf16(xb))


@pytest.mark.parametrize("layout, shard, gxy, a_shape, n, program_name", [
    (TML.HEIGHT_SHARDED, (64, 64), (4, 1), (256, 64), 64, "mcast_1d"),      # systolic 1D forced tall
    (TML.WIDTH_SHARDED, (64, 64), (4, 1), (64, 256), 256, "mcast_1d"),      # forced wide
    (TML.BLOCK_SHARDED, (64, 64), (2, 2), (128, 128), 256, "mcast_2d"),     # per_core_N = N * shard width / K
])
def test_user_core_grid_with_sharded_in0(device, layout, shard, gxy, a_shape, n, program_name):
    """core_grid with a sharded in0: create_matmul_program_config's sharded branches."""
    xa, xb = host(a_shape), host((a_shape[1], n))
    a = dev_tensor(device, xa, shard_mc(layout, grid(0, 0, gxy[0] - 1, gxy[1] - 1), shard))
    out = ttnn.matmul(a, dev_tensor(device, xb), core_grid=ttnn.CoreGrid(y=gxy[1], x=gxy[0]),
                      compute_kernel_config=ckc())     # (a user core grid alone defaults to LoFi)
    assert program_name in program()
    check(out, bf16(xa) @ bf16(xb))


# ----------------------------------------------------------------------------- the reuse program (batched in1)
@pytest.mark.parametrize("b_sharded, out_sharded", [(True, False), (False, False), (True, True)])
def test_height_sharded_bmm_reuse(device, b_sharded, out_sharded):
    """tt-metal's test_sharded_matmul[bmm] in small: a batched in1 takes MatmulMultiCoreReuseProgramConfig on the
    shard grid (one batch per core); IN0_SHARDED / IN1_SHARDED / OUT_SHARDED push / keep whole shards."""
    xa, xb = host((2, 3, 64, 64)), host((2, 3, 64, 96))
    g = grid(0, 0, 2, 1)
    a = dev_tensor(device, xa, shard_mc(TML.HEIGHT_SHARDED, g, (64, 64)))
    b = dev_tensor(device, xb, shard_mc(TML.HEIGHT_SHARDED, g, (64, 96)) if b_sharded else None)
    mem = ttnn.MemoryConfig(TML.HEIGHT_SHARDED, L1) if out_sharded else None
    out = ttnn.matmul(a, b, memory_config=mem, compute_kernel_config=ckc())
    assert "reuse_optimized" in program() and ttnn.op_report()[-1].cores == 6
    assert out.is_sharded() == out_sharded
    check(out, bf16(xa) @ bf16(xb))
    cfg = ttnn.MatmulMultiCoreReuseProgramConfig((3, 2), 2, 1, 3, 2, 3)   # what ttnn chose (per_core_M = 2, K = 2)
    same_bits(out, ttnn.matmul(dev_tensor(device, xa), dev_tensor(device, xb), program_config=cfg,
                               compute_kernel_config=ckc()))


def test_height_sharded_in0_odd_m(device):
    """Logical M = 250 in 4 height shards of 64 rows (the last holds 58 rows and padding)."""
    xa, xb = host((250, 64)), host((64, 96))
    a = dev_tensor(device, xa, shard_mc(TML.HEIGHT_SHARDED, grid(0, 0, 3, 0), (64, 64)))
    b = dev_tensor(device, xb)
    cfg = pc1d(2, 3, 2, False)
    out = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc())
    assert list(out.shape) == [250, 96]
    check(out, bf16(xa) @ bf16(xb))
    same_bits(out, ttnn.matmul(dev_tensor(device, xa), b, program_config=cfg, compute_kernel_config=ckc()))


def test_sharded_output_odd_n(device):
    """Logical N = 100: the output's last shard holds 4 logical columns of its tile."""
    xa, xb = host((64, 64)), host((64, 100))
    a, b = dev_tensor(device, xa), dev_tensor(device, xb)
    cfg = pc1d(2, 1, 2, True)
    out = ttnn.matmul(a, b, program_config=cfg, memory_config=ttnn.MemoryConfig(TML.WIDTH_SHARDED, L1),
                      compute_kernel_config=ckc())
    assert list(out.shape) == [64, 100] and out.memory_config().shard_spec.grid.num_cores() == 4
    check(out, bf16(xa) @ bf16(xb))
    same_bits(out, ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc()))


# ----------------------------------------------------------------------------- sharded outputs
def test_interleaved_inputs_sharded_outputs(device):
    """tt-metal's test_interleaved_input_sharded_output_matmul: the output spec comes from the program config
    (compute_output_specs), the user's shard shape is replaced."""
    xa, xb = host((32, 32)), host((32, 256))
    a, b = dev_tensor(device, xa), dev_tensor(device, xb)
    ref = ttnn.matmul(a, b)
    w = ttnn.create_sharded_memory_config((32, 256), ttnn.CoreGrid(x=8, y=1), ttnn.ShardStrategy.WIDTH)
    out = ttnn.matmul(a, b, memory_config=w)
    assert out.memory_config().memory_layout == TML.WIDTH_SHARDED and "mcast_1d" in program()
    check(out, bf16(xa) @ bf16(xb))
    # the same 1D config with an interleaved output: the same bits (the interleaved default here is another program)
    cfg = pc1d(1, 1, 1, True)     # what ttnn chose, with its default compute config (HiFi2 without a program config)
    same_bits(out, ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc(F.HiFi2, False, True)))
    blk = ttnn.create_sharded_memory_config((256, 256), ttnn.CoreGrid(x=1, y=1), ttnn.ShardStrategy.BLOCK)
    out = ttnn.matmul(a, b, memory_config=blk)
    assert out.memory_config().memory_layout == TML.BLOCK_SHARDED and "mcast_2d" in program()
    check(out, bf16(xa) @ bf16(xb))
    assert ref.shape == out.shape


def test_sharded_output_matches_interleaved_bits(device):
    xa, xb = host((64, 128)), host((128, 256))
    a, b = dev_tensor(device, xa), dev_tensor(device, xb)
    cfg = pc1d(2, 2, 2, True, sw=2)
    il = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc(F.HiFi2, False, True))
    sh = ttnn.matmul(a, b, program_config=cfg, compute_kernel_config=ckc(F.HiFi2, False, True),
                     memory_config=ttnn.MemoryConfig(TML.WIDTH_SHARDED, L1))
    assert list(sh.memory_config().shard_spec.shape) == [64, 64]
    same_bits(sh, il)
    check(sh, bf16(xa) @ bf16(xb))


def test_block_sharded_output_on_one_row_is_width_sharded(device):
    """A BLOCK_SHARDED output on a 1-row grid takes the 1D mcast_in0 program with the user's shard spec and comes
    out WIDTH_SHARDED (compute_output_specs' 1D conversion)."""
    xa, xb = host((64, 64)), host((64, 128))
    a, b = dev_tensor(device, xa), dev_tensor(device, xb)
    mc = shard_mc(TML.BLOCK_SHARDED, grid(0, 0, 3, 0), (64, 32))
    out = ttnn.matmul(a, b, memory_config=mc)
    assert out.memory_config().memory_layout == TML.WIDTH_SHARDED and "mcast_1d" in program()
    check(out, bf16(xa) @ bf16(xb))


def test_width_sharded_in0_in1_bias_linear(device):
    """IN1_SHARDED / BIAS_SHARDED: tt-metal's test_linear_fused_non_broadcast_bias_width_sharded_in0_in1 on two
    cores (the bias a [M, N] tensor one tile high, added per row)."""
    m, k, n = 32, 64, 64
    xa, xb, xbias = host((1, 1, m, k)), host((1, 1, k, n)), host((1, 1, m, n))
    g = grid(0, 0, 1, 0)
    a = dev_tensor(device, xa, shard_mc(TML.WIDTH_SHARDED, g, (m, k // 2)))
    b = dev_tensor(device, xb, shard_mc(TML.WIDTH_SHARDED, g, (k, n // 2)))
    bias = dev_tensor(device, xbias, shard_mc(TML.WIDTH_SHARDED, g, (32, n // 2)))
    cfg = pc1d(1, 1, 1, True)
    k_cfg = ckc(F.HiFi4, True, True)
    out = ttnn.linear(a, b, bias=bias, program_config=cfg, compute_kernel_config=k_cfg,
                      memory_config=ttnn.MemoryConfig(TML.WIDTH_SHARDED, L1))
    check(out, bf16(xa) @ bf16(xb) + bf16(xbias))
    il = ttnn.linear(dev_tensor(device, xa), dev_tensor(device, xb), bias=dev_tensor(device, xbias),
                     program_config=cfg, compute_kernel_config=k_cfg)
    same_bits(out, il)


# ----------------------------------------------------------------------------- errors
def test_errors(device):
    xa, xb = host((64, 256)), host((256, 64))
    b = dev_tensor(device, xb)
    width = dev_tensor(device, xa, shard_mc(TML.WIDTH_SHARDED, grid(0, 0, 3, 0), (64, 64)))
    height = dev_tensor(device, xa, shard_mc(TML.HEIGHT_SHARDED, grid(0, 0, 1, 0), (32, 256)))
    with pytest.raises(TTNNError, match="must be width sharded"):
        ttnn.matmul(height, b, program_config=pc1d(2, 1, 1, True))
    with pytest.raises(TTNNError, match="must be height sharded"):
        ttnn.matmul(width, b, program_config=pc1d(1, 2, 1, False))
    with pytest.raises(TTNNError, match="per_core_M"):
        ttnn.matmul(width, b, program_config=pc1d(1, 1, 1, True))       # M = 2 tiles
    with pytest.raises(TTNNError, match="divisible by in0_block_w"):
        ttnn.matmul(width, b, program_config=pc1d(2, 1, 4, True))       # shard 2 tiles wide, in0_block_w 4
    with pytest.raises(TTNNError, match="per_core_M must be equal to shard_shape"):
        ttnn.matmul(height, b, program_config=pc1d(2, 2, 1, False))    # shard 1 tile high
    col = dev_tensor(device, xa, shard_mc(TML.WIDTH_SHARDED, grid(0, 0, 3, 0), (64, 64),
                                          ttnn.ShardOrientation.COL_MAJOR))
    with pytest.raises(TTNNError, match="ROW_MAJOR"):
        ttnn.matmul(col, b, program_config=pc1d(2, 1, 1, True))
    off = dev_tensor(device, xa, shard_mc(TML.WIDTH_SHARDED, grid(1, 0, 4, 0), (64, 64)))
    with pytest.raises(NotModelledError, match="row-major order from"):
        ttnn.matmul(off, b, program_config=pc1d(2, 1, 1, True))
    with pytest.raises(TTNNError, match="out_subblock_w must be equal to per_core_N"):
        ttnn.matmul(dev_tensor(device, host((64, 64))), dev_tensor(device, host((64, 128))),
                    program_config=pc1d(2, 2, 1, True, sh=2, sw=1),
                    memory_config=ttnn.MemoryConfig(TML.WIDTH_SHARDED, L1))
    with pytest.raises(TTNNError, match="Memory layout mismatch"):
        ttnn.matmul(width, b, program_config=pc1d(2, 1, 1, True),
                    memory_config=ttnn.MemoryConfig(TML.HEIGHT_SHARDED, L1))
    with pytest.raises(TTNNError, match="Output memory layout must be WIDTH_SHARDED"):
        ttnn.matmul(dev_tensor(device, xa), b, program_config=pc1d(2, 1, 1, True),
                    memory_config=ttnn.MemoryConfig(TML.HEIGHT_SHARDED, L1))
    with pytest.raises(TTNNError, match="out_block_w must be equal to per_core_N"):
        # tt-metal's test_sharded_matmul_with_multiple_out_block_values' invalid (3, 1): the blocks would land in
        # the shard in block order
        ttnn.matmul(dev_tensor(device, host((384, 64)), shard_mc(TML.BLOCK_SHARDED, grid(0, 0, 0, 1), (192, 64))),
                    dev_tensor(device, host((64, 64))), program_config=pc2d(6, 2, 1, (1, 2), obh=3, obw=1),
                    memory_config=ttnn.MemoryConfig(TML.BLOCK_SHARDED, L1))
    with pytest.raises(TTNNError, match="Batch fusion"):
        ttnn.matmul(width, b, program_config=ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
            compute_with_storage_grid_size=(8, 8), in0_block_w=1, out_subblock_h=1, out_subblock_w=1, per_core_M=2,
            per_core_N=1, fuse_batch=False, mcast_in0=True))
    blk = dev_tensor(device, xa, shard_mc(TML.BLOCK_SHARDED, grid(0, 0, 1, 1), (32, 128)))
    with pytest.raises(TTNNError, match="per_core_M"):
        ttnn.matmul(blk, b, program_config=pc2d(2, 1, 1, (2, 2)))
    with pytest.raises(NotModelledError, match="DRAM"):
        ttnn.matmul(dev_tensor(device, host((64, 64))), dev_tensor(device, host((64, 64))),
                    memory_config=ttnn.MemoryConfig(TML.WIDTH_SHARDED, ttnn.BufferType.DRAM))
    with pytest.raises(NotModelledError, match="MatmulMultiCoreProgramConfig"):
        ttnn.matmul(width, b, program_config=ttnn.MatmulMultiCoreProgramConfig())
