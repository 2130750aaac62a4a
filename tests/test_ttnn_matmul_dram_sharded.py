"""ttnn.matmul / ttnn.linear with MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig (tensix.ttnn.operations.matmul
_dram_sharded: tt-metal 622c6fb9's matmul_multicore_reuse_mcast_dram_sharded_program_factory.cpp and its kernels).

- Against float64 numpy within the inputs' rounding, and bit for bit against the interleaved 1D mcast_in0 program
  with the same in0_block_w: the compute kernel sees the same K blocks in the same order whether in0 was multicast
  from its L1 shards and in1 streamed from the DRAM banks, or both read from interleaved DRAM, so each output tile
  accumulates in the same order (same fidelity, Dst and packer L1 accumulation).
- The factory's geometry: workers next to the DRAM banks, banks holding only in1 padding dropped, in0 shards of one
  or several K blocks, the workers' columns written into output shards wider, narrower or as wide as theirs.
- Bias (row broadcast and a full tile row block), fused activations, bfloat8_b weights, program cache reuse with new
  tensors, and the validation errors (ttnn's TTNNError, tensix's NotModelledError where tt-metal would read other
  bytes)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError

RNG = np.random.default_rng(2027)
TML = ttnn.TensorMemoryLayout
ROW = ttnn.ShardOrientation.ROW_MAJOR
BANKS = 12


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def ckc(fp32=True, l1acc=True, fidelity=ttnn.MathFidelity.HiFi4):
    return ttnn.WormholeComputeKernelConfig(math_fidelity=fidelity, math_approx_mode=False, fp32_dest_acc_en=fp32,
                                           packer_l1_acc=l1acc)


def grid(x0, y0, x1, y1):
    return ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))})


def host(shape):
    return RNG.standard_normal(shape).astype(np.float32)


def in0_tensor(device, x, cores_x, cores_y=1):
    """in0 [.., 32, K] width-sharded in L1 over a cores_x x cores_y grid."""
    k = x.shape[-1]
    n = cores_x * cores_y
    mc = ttnn.MemoryConfig(TML.WIDTH_SHARDED, ttnn.BufferType.L1,
                           ttnn.ShardSpec(grid(0, 0, cores_x - 1, cores_y - 1), [x.shape[-2], k // n], ROW))
    return ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)


def dram_sharded(device, x, shard_h, dtype=ttnn.bfloat16, shard_w=None):
    """x [.., N] width-sharded in DRAM over the 12 banks, the shard width N padded to the banks (as the tests of
    tt-metal pad it: pad_to_dram_banks)."""
    n = x.shape[-1]
    if shard_w is None:
        shard_w = -(-n // (32 * BANKS)) * 32
    mc = ttnn.MemoryConfig(TML.WIDTH_SHARDED, ttnn.BufferType.DRAM,
                           ttnn.ShardSpec(grid(0, 0, BANKS - 1, 0), [shard_h, shard_w], ROW))
    return ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)


def interleaved(device, x, dtype=ttnn.bfloat16):
    return ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device,
                           memory_config=ttnn.DRAM_MEMORY_CONFIG)


OUT_WS = ttnn.MemoryConfig(TML.WIDTH_SHARDED, ttnn.BufferType.L1)


def pc_dram(in0_block_w, per_core_N, act=None):
    return ttnn.MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig(in0_block_w=in0_block_w, per_core_M=1,
                                                                      per_core_N=per_core_N, fused_activation=act)


def pc_1d(in0_block_w, act=None, per_core_N=1):
    """The interleaved reference: 1D mcast_in0, per_core_N output tile columns per core (the accumulation order over
    K is the in0_block_w blocks in turn, as the DRAM-sharded program's, whatever the columns per core)."""
    return ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=(8, 8), in0_block_w=in0_block_w, out_subblock_h=1, out_subblock_w=1,
        per_core_M=1, per_core_N=per_core_N, fuse_batch=True, fused_activation=act, mcast_in0=True)


def bf16(x):
    return ttnn.to_numpy(ttnn.from_numpy(x, dtype=ttnn.bfloat16)).astype(np.float64)


def bits(t):
    return ttnn.to_numpy(t).astype(np.float32).view(np.uint32)


def run_pair(device, a, b, *, in0_cores, in0_block_w, per_core_N, bias=None, act=None, b_dtype=ttnn.bfloat16,
             cfg=None, bias_full=False, ref_per_core_N=1):
    """The DRAM-sharded result and the interleaved 1D result of the same matmul / linear."""
    cfg = cfg or ckc()
    a_s = in0_tensor(device, a, *in0_cores)
    b_s = dram_sharded(device, b, a.shape[-1], b_dtype)
    kw = dict(memory_config=OUT_WS, compute_kernel_config=cfg, dtype=ttnn.bfloat16)
    if bias is not None:
        bias_s = dram_sharded(device, bias, 32)
        out = ttnn.linear(a_s, b_s, bias=bias_s, program_config=pc_dram(in0_block_w, per_core_N, act), **kw)
        ref = ttnn.linear(interleaved(device, a), interleaved(device, b, b_dtype), bias=interleaved(device, bias),
                          program_config=pc_1d(in0_block_w, act, ref_per_core_N), compute_kernel_config=cfg,
                          dtype=ttnn.bfloat16)
    else:
        out = ttnn.matmul(a_s, b_s, program_config=pc_dram(in0_block_w, per_core_N, act), **kw)
        ref = ttnn.matmul(interleaved(device, a), interleaved(device, b, b_dtype),
                          program_config=pc_1d(in0_block_w, act, ref_per_core_N), compute_kernel_config=cfg,
                          dtype=ttnn.bfloat16)
    return out, ref


@pytest.mark.parametrize("K,N,in0_cores,in0_block_w,per_core_N", [
    (256, 768, (8, 1), 1, 3),       # workers' 2 columns into 3-wide output shards (split over two shards)
    (256, 768, (4, 1), 1, 2),       # two K blocks per in0 shard; output shards as wide as a worker's columns
    (512, 768, (4, 2), 2, 1),       # in0 on a 4x2 grid, K blocks of 2 tiles; 1-wide output shards (two per worker)
    (128, 384, (1, 1), 4, 1),       # one in0 core, one K block (single-buffered CBs, no packer accumulation)
])
def test_matches_numpy_and_interleaved(device, K, N, in0_cores, in0_block_w, per_core_N):
    a, b = host((1, 1, 32, K)), host((1, 1, K, N))
    out, ref = run_pair(device, a, b, in0_cores=in0_cores, in0_block_w=in0_block_w, per_core_N=per_core_N)
    assert out.memory_config().memory_layout == TML.WIDTH_SHARDED
    assert list(out.memory_config().shard_spec.shape) == [32, per_core_N * 32]
    got = ttnn.to_numpy(out).astype(np.float64)
    want = bf16(a) @ bf16(b)
    np.testing.assert_allclose(got, want, atol=0.02 * np.sqrt(K / 32) + 0.01 * np.abs(want).max(), rtol=0.02)
    np.testing.assert_array_equal(bits(out), bits(ref))


@pytest.mark.parametrize("cols,fp32,with_bias", [(9, True, False), (11, True, True), (5, False, False)])
def test_narrowed_last_subblock(device, cols, fp32, with_bias):
    """Columns per worker that are not a multiple of the subblock width (N = 4096 gives 11 a worker, the common decode
    shape): the factory pads per_core_N and the compute kernel runs its last subblock's matmul_block with a smaller
    ct_dim after the init's (tt-llk's unpack and math loops take ct_dim at run time). Bit-identical to the interleaved
    1D program."""
    K, N = 256, cols * 32 * BANKS
    a, b = host((1, 1, 32, K)), host((1, 1, K, N))
    bias = host((1, 1, 1, N)) if with_bias else None
    out, ref = run_pair(device, a, b, in0_cores=(8, 1), in0_block_w=1, per_core_N=cols, bias=bias, cfg=ckc(fp32),
                        ref_per_core_N=cols)
    want = bf16(a) @ bf16(b) + (bf16(bias) if with_bias else 0)
    # sanity bound: with a 16-bit Dst each K block's partial sum is packed to bfloat16 (|sums| up to ~60 here)
    np.testing.assert_allclose(ttnn.to_numpy(out).astype(np.float64), want, atol=0.1 if fp32 else 0.6, rtol=0.02)
    np.testing.assert_array_equal(bits(out), bits(ref))


def test_padding_banks_dropped(device):
    """N = 40 tiles in 4-tile shards: 48 tiles over the banks, the last two banks hold only padding and have no
    worker; ten workers write 4 columns each into 5-wide output shards on 8 cores."""
    a, b = host((1, 1, 32, 256)), host((1, 1, 256, 1280))
    out, ref = run_pair(device, a, b, in0_cores=(8, 1), in0_block_w=1, per_core_N=5)
    assert out.memory_config().shard_spec.grid.num_cores() == 8
    np.testing.assert_array_equal(bits(out), bits(ref))
    np.testing.assert_allclose(ttnn.to_numpy(out).astype(np.float64), bf16(a) @ bf16(b), atol=0.1, rtol=0.02)


def test_single_worker_and_logical_padding(device):
    """A 1 x 90 by 90 x 16 matmul (padded to tiles, as the vendored test_matmul_padding): one worker (bank 0), the
    in0 pad columns of the last K tile zeroed before the multicast."""
    a = np.full((32, 96), 4.0, np.float32)
    b = np.full((96, 32), 2.0, np.float32)
    mc_a = ttnn.MemoryConfig(TML.WIDTH_SHARDED, ttnn.BufferType.L1, ttnn.ShardSpec(grid(0, 0, 2, 0), [32, 32], ROW))
    mc_b = ttnn.MemoryConfig(TML.WIDTH_SHARDED, ttnn.BufferType.DRAM, ttnn.ShardSpec(grid(0, 0, 2, 0), [96, 32], ROW))
    ta = ttnn.from_numpy(a, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc_a)
    tb = ttnn.from_numpy(b, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc_b)
    ta = ttnn.reshape(ta, (1, 90), padded_shape=(32, 96))
    tb = ttnn.reshape(tb, (90, 16), padded_shape=(96, 32))
    out = ttnn.matmul(ta, tb, program_config=pc_dram(1, 1), memory_config=OUT_WS)
    assert list(out.shape) == [1, 16]
    np.testing.assert_array_equal(ttnn.to_numpy(out), np.full((1, 16), 720.0, np.float32))


@pytest.mark.parametrize("bias_rows", [1, 32])
def test_bias(device, bias_rows):
    """A [1, N] bias (row broadcast, add_tiles_bcast_rows) and a [32, N] one (add_tiles), DRAM-sharded like in1."""
    a, b = host((1, 1, 32, 256)), host((1, 1, 256, 768))
    bias = host((1, 1, bias_rows, 768))
    out, ref = run_pair(device, a, b, in0_cores=(4, 1), in0_block_w=2, per_core_N=2, bias=bias)
    want = bf16(a) @ bf16(b) + bf16(bias)
    np.testing.assert_allclose(ttnn.to_numpy(out).astype(np.float64), want, atol=0.1, rtol=0.02)
    np.testing.assert_array_equal(bits(out), bits(ref))


@pytest.mark.parametrize("act,fn", [
    (ttnn.UnaryWithParam(ttnn.UnaryOpType.RELU), lambda x: np.maximum(x, 0)),
    (ttnn.UnaryWithParam(ttnn.UnaryOpType.SILU), lambda x: x / (1 + np.exp(-x))),
])
@pytest.mark.parametrize("with_bias", [False, True])
def test_fused_activation(device, act, fn, with_bias):
    a, b = host((1, 1, 32, 256)), host((1, 1, 256, 384)) * 0.2
    bias = host((1, 1, 1, 384)) if with_bias else None
    out, ref = run_pair(device, a, b, in0_cores=(8, 1), in0_block_w=1, per_core_N=1, bias=bias, act=act)
    lin = bf16(a) @ bf16(b) + (bf16(bias) if with_bias else 0)
    np.testing.assert_allclose(ttnn.to_numpy(out).astype(np.float64), fn(lin), atol=0.05, rtol=0.03)
    np.testing.assert_array_equal(bits(out), bits(ref))


@pytest.mark.parametrize("fp32,l1acc,fidelity,atol", [(True, True, ttnn.MathFidelity.HiFi4, 0.6),
                                                       (False, True, ttnn.MathFidelity.HiFi4, 0.6),
                                                       (False, False, ttnn.MathFidelity.HiFi2, 1.0),
                                                       (True, True, ttnn.MathFidelity.LoFi, 3.0)])
def test_bf8_weights(device, fp32, l1acc, fidelity, atol):
    """bfloat8_b weights (1088-byte tiles, the reader's pages a whole number of them); LoFi (the decode setting of
    the vendored tests) keeps the top mantissa bits only, so its tolerance is a K=512 sum of ~3% product errors. The
    bound against numpy is a sanity check (with a 16-bit Dst every phase's partial sum is rounded to bfloat16, so
    its error depends on the data: the operands are drawn from a generator of this test's own); the specification
    is the bit-identity with the interleaved program."""
    rng = np.random.default_rng(8)
    a, b = (rng.standard_normal(s).astype(np.float32) for s in ((1, 1, 32, 512), (1, 1, 512, 768)))
    cfg = ckc(fp32, l1acc, fidelity)
    out, ref = run_pair(device, a, b, in0_cores=(8, 1), in0_block_w=2, per_core_N=2, b_dtype=ttnn.bfloat8_b,
                        cfg=cfg)
    b8 = ttnn.to_numpy(ttnn.from_numpy(b, dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT)).astype(np.float64)
    np.testing.assert_allclose(ttnn.to_numpy(out).astype(np.float64), bf16(a) @ b8, atol=atol, rtol=0.05)
    np.testing.assert_array_equal(bits(out), bits(ref))


def test_program_cache_reuse(device):
    """The second call with new tensors of the same specs reuses the program (the CBs on in0's and the output's
    shards and the DRAM addresses rebound) and gives the new tensors' product."""
    device.disable_and_clear_program_cache()
    device.enable_program_cache()
    outs = []
    for _ in range(2):
        a, b = host((1, 1, 32, 256)), host((1, 1, 256, 384))
        out = ttnn.matmul(in0_tensor(device, a, 8), dram_sharded(device, b, 256), program_config=pc_dram(1, 1),
                          memory_config=OUT_WS, compute_kernel_config=ckc())
        outs.append((out, bf16(a) @ bf16(b)))
    assert device.num_program_cache_entries() == 1
    for out, want in outs:
        np.testing.assert_allclose(ttnn.to_numpy(out).astype(np.float64), want, atol=0.05, rtol=0.02)


# ------------------------------------------------------------------------------------------------ refusals
def _operands(device, K=256, N=384):
    return in0_tensor(device, host((1, 1, 32, K)), 8), dram_sharded(device, host((1, 1, K, N)), K)


def test_validation_errors(device):
    a, b = _operands(device)
    with pytest.raises(TTNNError, match="Output memory config must be sharded"):
        ttnn.matmul(a, b, program_config=pc_dram(1, 1))
    with pytest.raises(TTNNError, match="Input tensor A must be sharded"):
        ttnn.matmul(interleaved(device, host((1, 1, 32, 256))), b, program_config=pc_dram(1, 1),
                    memory_config=OUT_WS)
    with pytest.raises(TTNNError, match="K \\(8\\) must be divisible by in0_block_w \\(3\\)"):
        ttnn.matmul(a, b, program_config=pc_dram(3, 1), memory_config=OUT_WS)
    with pytest.raises(TTNNError, match="M \\(1\\) must equal per_core_M \\(2\\)"):
        ttnn.matmul(a, b, program_config=ttnn.MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig(
            in0_block_w=1, per_core_M=2, per_core_N=1), memory_config=OUT_WS)
    a64 = in0_tensor(device, host((1, 1, 64, 256)), 8)
    with pytest.raises(TTNNError, match="must equal per_core_M"):
        ttnn.matmul(a64, b, program_config=pc_dram(1, 1), memory_config=OUT_WS)
    with pytest.raises(TTNNError, match="Input B memory layout must be WIDTH_SHARDED"):
        ttnn.matmul(a, interleaved(device, host((1, 1, 256, 384))), program_config=pc_dram(1, 1),
                    memory_config=OUT_WS)
    hs = ttnn.MemoryConfig(TML.HEIGHT_SHARDED, ttnn.BufferType.L1)
    with pytest.raises(TTNNError, match="Input A and output memory layouts must match"):
        ttnn.matmul(a, b, program_config=pc_dram(1, 1), memory_config=hs)


def test_not_modelled(device):
    a, b = _operands(device)
    # a bias not sharded in DRAM like in1: the reader would stream other bytes from the bank
    with pytest.raises(NotModelledError, match="bias"):
        ttnn.linear(a, b, bias=interleaved(device, host((1, 1, 1, 384))), program_config=pc_dram(1, 1),
                    memory_config=OUT_WS)
    # in1 shards wider than the worker's columns: 4 tiles in 3-tile shards give 2 workers of 2 columns each, which
    # would read 2 of every 3 tiles of a shard row
    b_wide = dram_sharded(device, host((1, 1, 256, 128)), 256, shard_w=96)
    with pytest.raises(NotModelledError, match="input_tensor_b"):
        ttnn.matmul(a, b_wide, program_config=pc_dram(1, 1), memory_config=OUT_WS)
    with pytest.raises(NotModelledError, match="transpose"):
        ttnn.matmul(a, dram_sharded(device, host((1, 1, 256, 256)), 256), transpose_b=True,
                    program_config=pc_dram(1, 1), memory_config=OUT_WS)
    # in1 sharded in L1
    b_l1 = ttnn.from_numpy(host((1, 1, 256, 384)), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                           memory_config=ttnn.MemoryConfig(TML.WIDTH_SHARDED, ttnn.BufferType.L1,
                                                           ttnn.ShardSpec(grid(0, 0, 5, 1), [256, 32], ROW)))
    with pytest.raises(NotModelledError, match="sharded in L1"):
        ttnn.matmul(a, b_l1, program_config=pc_dram(1, 1), memory_config=OUT_WS)
    # a DRAM-sharded in1 with another program config
    with pytest.raises(NotModelledError, match="sharded in DRAM"):
        ttnn.matmul(a, b, memory_config=OUT_WS)
    # (the batched program is modelled since helper-70: tests/test_ttnn_matmul70.py; a width-sharded in0 is refused)
    with pytest.raises(TTNNError, match="Input A memory layout must be HEIGHT_SHARDED for batch-sharded DRAM"):
        ttnn.matmul(a, b, memory_config=OUT_WS,
                    program_config=ttnn.MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig(
                        in0_block_w=1, per_core_M=1, per_core_N=1))


def test_config_keyword_only():
    with pytest.raises(TypeError):
        ttnn.MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig(1, 1, 1)
    pc = pc_dram(2, 3)
    assert repr(pc) == ("MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig(in0_block_w=2, per_core_M=1, "
                        "per_core_N=3, fused_activation=None)")


def test_partial_last_shard(device):
    """N = 38 tiles in 4-tile shards: ten workers, the last one's shard half padding (the columns it computes past
    N are not written back); 5-wide output shards on 8 cores, the last one partly past N."""
    a, b = host((1, 1, 32, 256)), host((1, 1, 256, 38 * 32))
    out, ref = run_pair(device, a, b, in0_cores=(8, 1), in0_block_w=1, per_core_N=5)
    assert list(out.shape) == [1, 1, 32, 38 * 32]
    np.testing.assert_array_equal(bits(out), bits(ref))
    np.testing.assert_allclose(ttnn.to_numpy(out).astype(np.float64), bf16(a) @ bf16(b), atol=0.1, rtol=0.02)
