"""The sharded layer_norm with Welford's algorithm (tt-metal 622c6fb9 layernorm_sharded_welford.cpp under
LayerNormShardedProgramFactory; tensix.ttnn.operations.layernorm_sharded), which tt-metal's
test_layer_norm_sharded.py (vendored) runs with use_welford=True, and ttnn.LayerNormInputs.

- Against float64 over the program's shapes: BLOCK_SHARDED ROW_MAJOR / COL_MAJOR (several all-to-all workers per
  row of shards), WIDTH_SHARDED one grid row (mcast_1d) and on two grid rows (the two-stage reduce: first-stage
  [mean, var] pairs merged again by the second-stage readers, weighted by a whole row's width), residual, weight and
  bias, bfloat16 and float32 inputs (float32 with an fp32 Dst reads x for Welford through the c_29 UnpackToDestFp32
  alias). Bound per element, as tests/test_ttnn_welford.py's for the interleaved program: the statistics are float32
  Welford results, but every FPU operand after them is read through SrcA / SrcB as TF32 (2**-10 relative), and so is
  each [mean, var] pair the combine copies into Dst: |error| <= 1.5 * 2**-10 * (max|x| / std + |n| + |y|), plus
  2**-8 * |y| for a bfloat16 output (n the normalized value, y the output).
- The merge's weights are the pairs' nominal widths (block_w columns each, as get_next_set_size gives them), not the
  columns a core holds: with a last core of fewer tiles its pair still counts block_w samples (checked against a
  host emulation of that merge, which the true layernorm is far from).
- The reciprocal table is what the kernel reads; the refusals (no table, a short table, a bias without a weight, a
  float32 input without fp32_dest_acc_en) and the device operation's RMSNorm check."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError

WS, BS = ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.TensorMemoryLayout.BLOCK_SHARDED
RM, CM = ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR
U32 = np.uint32


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _host(t, dtype):
    """What the device holds of a host array (bfloat16: rounded to nearest even), as float64."""
    if dtype == ttnn.float32:
        return t.astype(np.float64)
    b = t.astype(np.float32).view(U32)
    b = (b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000
    return b.view(np.float32).astype(np.float64)


def _mc(layout, grid, shard, orient=RM):
    gx, gy = grid
    crs = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(gx - 1, gy - 1))})
    return ttnn.MemoryConfig(layout, ttnn.BufferType.L1, ttnn.ShardSpec(crs, list(shard), orient))


def _pc(shard, **kw):
    return ttnn.LayerNormShardedMultiCoreProgramConfig(compute_with_storage_grid_size=(8, 8), subblock_w=1,
                                                       block_h=shard[0] // 32, block_w=-(-shard[1] // 32),
                                                       use_welford=True, **kw)


def _run(device, x, layout, grid, shard, orient=RM, dtype=ttnn.float32, g=None, b=None, r=None, recip=None,
         eps=1e-5):
    mc = _mc(layout, grid, shard, orient)
    kw = {}
    if r is not None:
        kw["residual_input_tensor"] = ttnn.from_torch(r, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device,
                                                      memory_config=mc)
    if g is not None:
        kw["weight"] = ttnn.from_torch(g, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    if b is not None:
        kw["bias"] = ttnn.from_torch(b, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    if recip is None:
        recip = ttnn.create_layer_norm_reciprocals(device, mc.shard_spec.grid, mc.shard_spec.shape[1])
    t = ttnn.from_torch(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    out = ttnn.layer_norm(t, epsilon=eps, program_config=_pc(shard), recip_tensor=recip, **kw)
    return ttnn.to_torch(out).double().numpy()


CASES = [  # (M, K), layout, grid, shard, orientation, dtype, affine, residual, offset of x
    ((64, 256), BS, (4, 2), (32, 64), RM, ttnn.float32, False, False, 0.0),
    ((64, 256), BS, (4, 2), (32, 64), RM, ttnn.bfloat16, True, False, 0.0),
    ((32, 256), WS, (4, 2), (32, 32), RM, ttnn.float32, False, False, 0.0),          # two-stage
    ((32, 768), WS, (3, 2), (32, 128), RM, ttnn.float32, True, True, 0.0),           # two-stage, 6 pairs per row
    ((128, 384), BS, (4, 3), (32, 128), CM, ttnn.float32, True, True, 0.0),
    ((256, 128), BS, (1, 2), (128, 128), RM, ttnn.bfloat16, True, True, 0.0),        # one core per row of shards
    ((64, 256), BS, (4, 2), (32, 64), RM, ttnn.float32, False, False, 100.0),         # mean >> std
    ((32, 768), WS, (6, 1), (32, 128), RM, ttnn.float32, False, True, 50.0),         # mcast_1d
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_welford_sharded_against_float64(device, case):
    (M, K), layout, grid, shard, orient, dtype, affine, residual, offset = CASES[case]
    rng = np.random.default_rng(case)
    x = (rng.random((M, K)) + offset + np.linspace(0, 3, K)).astype(np.float32)     # per-core means differ
    r = rng.standard_normal((M, K)).astype(np.float32) if residual else None
    g = rng.random(K).astype(np.float32) if affine else None
    b = rng.standard_normal(K).astype(np.float32) if affine else None
    eps = 1e-5
    xs = _host(x, dtype) + (_host(r, dtype) if residual else 0)
    mu = xs.mean(-1, keepdims=True)
    std = np.sqrt(((xs - mu) ** 2).mean(-1, keepdims=True) + eps)
    norm = (xs - mu) / std
    ref = norm * _host(g, ttnn.bfloat16) + _host(b, ttnn.bfloat16) if affine else norm
    bound = 1.5 * 2.0 ** -10 * (np.abs(xs).max(-1, keepdims=True) / std + np.abs(norm) + np.abs(ref))
    if dtype == ttnn.bfloat16:
        bound += 2.0 ** -8 * np.abs(ref)
    got = _run(device, x, layout, grid, shard, orient, dtype, g, b, r, eps=eps)
    assert got.shape == ref.shape
    ratio = np.abs(got - ref) / bound
    assert ratio.max() <= 1, float(ratio.max())
    kernels = {k.kernel for k in ttnn.op_report()[-1].run.riscvs}
    assert "layernorm_sharded_welford.py" in kernels and "layernorm_sharded.py" not in kernels


def test_welford_merge_weights_are_nominal(device):
    """K = 320 (10 tiles) WIDTH_SHARDED over 4 cores of 3 tiles: the last core holds 1 tile. Its pair is the mean and
    variance of its 32 columns (partial_reduce_W = 32), but get_next_set_size gives every pair block_w = 96 samples,
    so the merged statistics weight it 3x: the output matches a float64 emulation of that merge, not the layernorm."""
    rng = np.random.default_rng(11)
    x = rng.random((32, 320)).astype(np.float32)
    x[:, 288:] += 4.0                   # the last core's columns: another mean, to make the weighting visible
    got = _run(device, x, WS, (4, 1), (32, 96))
    xs = x.astype(np.float64)
    parts = [xs[:, 0:96], xs[:, 96:192], xs[:, 192:288], xs[:, 288:320]]
    mean = sum(p.mean(-1, keepdims=True) for p in parts) / 4                     # equal weights (96 each)
    m2 = sum(96 * (p.var(-1, keepdims=True) + (p.mean(-1, keepdims=True) - mean) ** 2) for p in parts)
    emul = (xs - mean) / np.sqrt(m2 / 384 + 1e-5)
    true = (xs - xs.mean(-1, keepdims=True)) / np.sqrt(xs.var(-1, keepdims=True) + 1e-5)
    assert np.abs(got - emul).max() < 0.02
    assert np.abs(got - true).max() > 0.3


def test_welford_sharded_reads_the_table(device):
    """A table of 2 / (i + 1) instead of 1 / (i + 1) gives other numbers: the kernel's statistics come from it."""
    x = np.random.default_rng(7).random((64, 256)).astype(np.float32)
    mc = _mc(BS, (4, 2), (32, 64))
    good = _run(device, x, BS, (4, 2), (32, 64))
    table = np.tile(2 * np.array([1.0 / (i + 1) for i in range(64)], np.float32), (8, 1))
    rmc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                            ttnn.ShardSpec(mc.shard_spec.grid, (1, 64), RM))
    bad = ttnn.from_torch(table, dtype=ttnn.float32, layout=ttnn.ROW_MAJOR_LAYOUT, device=device, memory_config=rmc)
    worse = _run(device, x, BS, (4, 2), (32, 64), recip=bad)
    assert not np.allclose(good, worse, atol=1e-2)


def test_welford_sharded_refusals(device):
    x = np.random.default_rng(3).random((64, 256)).astype(np.float32)
    mc = _mc(BS, (4, 2), (32, 64))
    t = ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    with pytest.raises(TTNNError, match="Reciprocal tensor not provided"):
        ttnn.layer_norm(t, program_config=_pc((32, 64)))
    short = ttnn.create_layer_norm_reciprocals(device, mc.shard_spec.grid, 32)
    with pytest.raises(NotModelledError, match="holds 32 per core"):
        ttnn.layer_norm(t, program_config=_pc((32, 64)), recip_tensor=short)
    one = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 0))})
    partial = ttnn.create_layer_norm_reciprocals(device, one, 64)
    with pytest.raises(NotModelledError, match="has no shard on core"):
        ttnn.layer_norm(t, program_config=_pc((32, 64)), recip_tensor=partial)
    recip = ttnn.create_layer_norm_reciprocals(device, mc.shard_spec.grid, 64)
    beta = ttnn.from_torch(np.ones(256, np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(NotModelledError, match="bias and no weight"):
        ttnn.layer_norm(t, bias=beta, program_config=_pc((32, 64)), recip_tensor=recip)
    with pytest.raises(TTNNError, match="not supported for RMSNorm"):
        ttnn.rms_norm(t, program_config=_pc((32, 64)), recip_tensor=recip)
    no_fp32 = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, math_approx_mode=False,
                                               fp32_dest_acc_en=False, packer_l1_acc=False)
    t32 = ttnn.from_torch(x, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    with pytest.raises(NotModelledError, match="only with fp32_dest_acc_en"):
        ttnn.layer_norm(t32, program_config=_pc((32, 64)), recip_tensor=recip, compute_kernel_config=no_fp32)


def test_layer_norm_inputs(device):
    """ttnn.LayerNormInputs(input): input required (TypeError without it, as nanobind), the optional tensors None
    until set, each field typed."""
    with pytest.raises(TypeError):
        ttnn.LayerNormInputs()
    t = ttnn.from_torch(np.zeros((32, 32), np.float32), layout=ttnn.TILE_LAYOUT, device=device)
    li = ttnn.LayerNormInputs(t)
    assert li.input is t
    assert all(getattr(li, f) is None for f in ("residual_input_tensor", "weight", "bias", "stats", "recip_tensor"))
    li.weight = t
    assert li.weight is t
    with pytest.raises(TypeError):
        li.bias = 1.0
    with pytest.raises(TypeError):
        ttnn.LayerNormInputs(np.zeros(3))
