"""ttnn.layer_norm / ttnn.rms_norm of sharded inputs: tt-metal 622c6fb9's LayerNormShardedProgramFactory
(layernorm_op_multi_core_sharded.cpp; tensix.ttnn.operations.layernorm_sharded), the statistics of each row of shards
combined across its cores (partials, the all-to-all workers' combine, the sender's multicast).

- Against float64 (WIDTH_SHARDED on one row of cores, BLOCK_SHARDED ROW_MAJOR and COL_MAJOR, the two-stage reduce
  of WIDTH_SHARDED inputs on several grid rows / COL_MAJOR columns, rows split among several all-to-all workers and a
  last worker with fewer, weight / bias / residual, bfloat16 and float32), bounds in
  units of the row's scale s = max|ref| + 1 (as test_ttnn_layernorm_large: TF32 operands, a few products, the output
  rounding; rms_norm's default config accumulates in a 16-bit Dst).
- Bit for bit against the interleaved program (LayerNormMultiCoreProgramFactory) where the numbers cannot depend on
  the reduction order: rows of +-1 (E[x] = 0, E[x^2] = Var = 1 exactly in every format and in any order), gamma and
  beta multiples of 1/8, a power-of-two number of blocks (1/num_blocks exact in bfloat16; with 6 blocks the
  sharded program's bfloat16(1/6) moves Var to 1.00195, checked too). The two programs reduce differently (per-core
  matmul row reduce against bfloat16(1/block_w), then the partials against 1/num_blocks, against one
  reduce_tile<SUM> of the row times 1/W), so random data differs in the last bits (checked: the comparison can
  fail). The float32 case also pins the global scaler: c_4 is Float32 there and the unpacker reads it as Float16_b
  (the packed bfloat16 pair), which gives exactly 1/num_blocks; reading the 32 bits as a float (0.50000381 for 1/2) would move Var off 1 and the float32 outputs off the interleaved ones.
- ROW_MAJOR gamma / beta ([Wt, 32] sticks, writer_unary_sharded_ln_rm_gb): the same bits as TILE ones.
- The device operation's validation messages, and the refusal of resharded outputs (Welford:
  test_ttnn_norm_sharded_vendored.py)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError
import test_ttnn_normalization as TN
from test_ttnn_normalization import _ln_ref

device = TN.device          # the module-scoped device fixture
pytestmark = TN.pytestmark

WS, BS, HS = (ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.TensorMemoryLayout.BLOCK_SHARDED,
              ttnn.TensorMemoryLayout.HEIGHT_SHARDED)
RM, CM = ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR
SHARDED_KERNELS = {"reader_mcast_sender_unary_sharded_ln.py", "writer_unary_sharded_ln.py", "layernorm_sharded.py"}


def _mc(layout, grid, shard, orient=RM):
    gx, gy = grid
    crs = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(gx - 1, gy - 1))})
    return ttnn.MemoryConfig(layout, ttnn.BufferType.L1, ttnn.ShardSpec(crs, list(shard), orient))


def _pc(grid, shard, subblock_w=1, **kw):
    return ttnn.LayerNormShardedMultiCoreProgramConfig(compute_with_storage_grid_size=grid, subblock_w=subblock_w,
                                                       block_h=shard[0] // 32, block_w=shard[1] // 32, **kw)


def _t(device, x, dtype=ttnn.bfloat16, mc=None):
    return ttnn.from_torch(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)


def _run(device, rms, x, layout, grid, shard, orient=RM, g=None, b=None, r=None, dtype=ttnn.bfloat16, cfg=None,
         sharded=True, eps=1e-5, **pc_kw):
    """The op on x (sharded as given, or interleaved with the default program); returns the output as float64."""
    mc = _mc(layout, grid, shard, orient) if sharded else None
    kw = {}
    if g is not None:
        kw["weight"] = _t(device, g.reshape(1, -1))
    if b is not None:
        kw["bias"] = _t(device, b.reshape(1, -1))
    if r is not None:
        kw["residual_input_tensor"] = _t(device, r, dtype, mc)
    if sharded:
        kw["program_config"] = _pc(grid, shard, **pc_kw)
    f = ttnn.rms_norm if rms else ttnn.layer_norm
    out = f(_t(device, x, dtype, mc), epsilon=eps, compute_kernel_config=cfg, **kw)
    return ttnn.to_torch(out).double().numpy(), out


def _kernels():
    return {r.kernel for r in ttnn.op_report()[-1].run.riscvs}


def _bf16(a):
    return np.asarray(ttnn.to_torch(ttnn.from_torch(np.asarray(a, np.float32), dtype=ttnn.bfloat16)).float(),
                      np.float64)


CASES = [  # layout, grid, shard, orientation, (M, K)
    (WS, (8, 1), (32, 128), RM, (32, 1024)),       # one shard high: mcast_1d, every core a block of the row
    (WS, (4, 1), (96, 64), RM, (96, 256)),         # block_h 3 over 4 blocks: three all-to-all workers
    (WS, (2, 1), (96, 128), RM, (96, 256)),        # block_h 3 over 2 blocks: 2 rows, then 1 (the last worker)
    (BS, (2, 4), (32, 128), RM, (128, 256)),       # 2D: each grid row a row of shards
    (BS, (4, 2), (32, 128), CM, (128, 256)),       # 2D COL_MAJOR: each grid column a row of shards
    (WS, (4, 2), (32, 128), RM, (32, 1024)),       # two-stage reduce: grid rows first, then the first row
    (WS, (4, 2), (96, 128), RM, (96, 1024)),       # two-stage, 3 rows: 3 workers per grid row
    (WS, (2, 4), (32, 128), CM, (32, 1024)),       # two-stage COL_MAJOR: grid columns first
    (WS, (1, 4), (64, 64), CM, (64, 256)),         # one column, COL_MAJOR: single stage down the column
    (BS, (1, 4), (32, 256), RM, (128, 256)),       # one block per row of shards: no handshake, no multicast
    (WS, (1, 1), (64, 256), RM, (64, 256)),        # a single core
]


@pytest.mark.parametrize("case", range(len(CASES)))
@pytest.mark.parametrize("rms", [False, True], ids=["layer_norm", "rms_norm"])
@pytest.mark.parametrize("extras", ["none", "gamma_beta_residual"])
def test_against_float64(device, case, rms, extras):
    layout, grid, shard, orient, (M, K) = CASES[case]
    rng = np.random.default_rng(7 + case)
    x = (rng.random((1, 1, M, K)) * 2 - 1).astype(np.float32)
    g = b = r = None
    if extras != "none":
        g = (rng.random(K) * 2 - 1).astype(np.float32)
        b = (rng.random(K) * 2 - 1).astype(np.float32)
        r = (rng.random((1, 1, M, K)) * 2 - 1).astype(np.float32)
    y, _ = _run(device, rms, x, layout, grid, shard, orient, g, b, r)
    assert _kernels() >= SHARDED_KERNELS
    xin = _bf16(x) + (_bf16(r) if r is not None else 0)
    ref = _ln_ref(xin, None if g is None else _bf16(g), None if b is None else _bf16(b), 1e-5, rms)
    s = np.abs(ref).max() + 1
    # rms_norm's default config: 16-bit Dst (the squares and their sums in bfloat16)
    tol = s * (2.0 ** -5 if rms else 2.0 ** -6)
    assert np.abs(y - ref).max() <= tol


def test_float32_against_float64(device):
    rng = np.random.default_rng(3)
    x = (rng.random((1, 1, 64, 512)) * 4 - 2).astype(np.float32)
    g = (rng.random(512) * 2 - 1).astype(np.float32)
    y, out = _run(device, False, x, WS, (4, 1), (64, 128), g=g, dtype=ttnn.float32)
    assert out.dtype == ttnn.float32 and out.is_sharded()
    ref = _ln_ref(x.astype(np.float64), _bf16(g), None, 1e-5, False)
    assert np.abs(y - ref).max() <= (np.abs(ref).max() + 1) * 2.0 ** -8


def _pm1(rng, shape):
    """Rows of +-1 with as many of each: E[x] = 0 and E[x^2] = Var = 1 exactly, in any summation order."""
    M, K = shape[-2], shape[-1]
    base = np.where(np.arange(K) < K // 2, 1.0, -1.0)
    return np.stack([rng.permutation(base) for _ in range(M)]).reshape(shape).astype(np.float32)


@pytest.mark.parametrize("case", [0, 2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("rms", [False, True], ids=["layer_norm", "rms_norm"])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32], ids=["bf16", "fp32"])
def test_bits_match_interleaved_on_exact_statistics(device, case, rms, dtype):
    layout, grid, shard, orient, (M, K) = CASES[case]
    rng = np.random.default_rng(11)
    s = _pm1(rng, (1, 1, M, K))
    g = (rng.integers(-8, 8, K) / 4).astype(np.float32)
    b = (rng.integers(-8, 8, K) / 8).astype(np.float32)
    a, r = 2 * s, -s            # the residual path: a + b = s exactly
    ys, _ = _run(device, rms, a, layout, grid, shard, orient, g, b, r, dtype=dtype)
    yi, _ = _run(device, rms, a, layout, grid, shard, orient, g, b, r, dtype=dtype, sharded=False)
    assert np.array_equal(ys, yi)
    ref = _ln_ref(s.astype(np.float64), g, b, 1e-5, rms)
    assert np.abs(ys - ref).max() <= 2.0 ** -6 * (np.abs(ref).max() + 1)


def test_random_data_differs_from_interleaved_only_in_last_bits(device):
    rng = np.random.default_rng(5)
    x = (rng.random((1, 1, 64, 512)) * 2 - 1).astype(np.float32)
    ys, _ = _run(device, False, x, WS, (4, 1), (64, 128))
    yi, _ = _run(device, False, x, WS, (4, 1), (64, 128), sharded=False)
    d = np.abs(ys - yi)
    assert d.max() > 0                                  # the reduction orders differ
    assert d.max() <= 2.0 ** -6 * (np.abs(yi).max() + 1)


def test_default_program_config_and_inplace(device):
    rng = np.random.default_rng(9)
    x = (rng.random((1, 1, 32, 256)) * 2 - 1).astype(np.float32)
    mc = _mc(WS, (4, 1), (32, 64))
    t = _t(device, x, mc=mc)
    y = ttnn.rms_norm(t, epsilon=1e-5)                  # create_layernorm_program_config from the shard spec
    assert _kernels() >= SHARDED_KERNELS
    assert y.memory_config() == mc
    ref = _ln_ref(_bf16(x), None, None, 1e-5, True)
    assert np.abs(ttnn.to_torch(y).double().numpy() - ref).max() <= 2.0 ** -5 * (np.abs(ref).max() + 1)
    y2 = ttnn.rms_norm(t, epsilon=1e-5, program_config=_pc((4, 1), (32, 64), inplace=True))
    assert y2 is t
    assert np.array_equal(ttnn.to_torch(y2).double().numpy(), ttnn.to_torch(y).double().numpy())


def test_grid_offset(device):
    """A shard grid away from (0, 0) (the factory's grid_offset): cores (2, 3)..(5, 4), BLOCK_SHARDED."""
    rng = np.random.default_rng(8)
    x = (rng.random((1, 1, 64, 512)) * 2 - 1).astype(np.float32)
    g = (rng.random(512) * 2 - 1).astype(np.float32)
    crs = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(2, 3), ttnn.CoreCoord(5, 4))})
    mc = ttnn.MemoryConfig(BS, ttnn.BufferType.L1, ttnn.ShardSpec(crs, [32, 128], RM))
    out = ttnn.layer_norm(_t(device, x, mc=mc), epsilon=1e-5, weight=_t(device, g.reshape(1, -1)),
                          program_config=_pc((6, 5), (32, 128)))
    assert _kernels() >= SHARDED_KERNELS
    y = ttnn.to_torch(out).double().numpy()
    ref = _ln_ref(_bf16(x), _bf16(g), None, 1e-5, False)
    assert np.abs(y - ref).max() <= (np.abs(ref).max() + 1) * 2.0 ** -6
    y0, _ = _run(device, False, x, BS, (4, 2), (32, 128), g=g)
    assert np.array_equal(y, y0)


def test_subblocks(device):
    rng = np.random.default_rng(2)
    x = (rng.random((1, 1, 32, 1024)) * 2 - 1).astype(np.float32)
    y1, _ = _run(device, False, x, WS, (4, 1), (32, 256), subblock_w=1)
    y4, _ = _run(device, False, x, WS, (4, 1), (32, 256), subblock_w=4)
    assert np.array_equal(y1, y4)


# ------------------------------------------------------------------------------------------------ validation
def _call(device, x, layout, grid, shard, orient=RM, rms=False, pc=None, **kw):
    t = _t(device, x, mc=_mc(layout, grid, shard, orient))
    f = ttnn.rms_norm if rms else ttnn.layer_norm
    return f(t, program_config=pc if pc is not None else _pc(grid, shard), **kw)


X = np.zeros((1, 1, 64, 256), np.float32)


def test_height_sharded_refused(device):
    with pytest.raises(TTNNError, match="Height sharded inputs are not supported"):
        _call(device, X, HS, (2, 1), (32, 256), pc=_pc((2, 1), (32, 256)))


def test_block_w_must_match(device):
    with pytest.raises(TTNNError, match=r"block_w \(2\) must equal to K \(in tiles\) / num_cores \(4\)"):
        _call(device, X[..., :32, :], WS, (2, 1), (32, 128), pc=ttnn.LayerNormShardedMultiCoreProgramConfig(
            compute_with_storage_grid_size=(2, 1), subblock_w=1, block_h=1, block_w=2))


def test_subblock_must_divide_and_fit(device):
    with pytest.raises(TTNNError, match="block_w must be divisible by subblock_w"):
        _call(device, X, BS, (2, 2), (32, 128), pc=_pc((2, 2), (32, 128), subblock_w=3))
    x = np.zeros((1, 1, 32, 1024), np.float32)
    with pytest.raises(TTNNError, match="subblock_wt=8, but subblock width must less than 4 tiles in fp32 mode"):
        _call(device, x, WS, (4, 1), (32, 256), pc=_pc((4, 1), (32, 256), subblock_w=8))


def test_output_must_be_sharded_and_residual_match(device):
    with pytest.raises(TTNNError, match="Sharded inputs require sharded outputs"):
        _call(device, X, BS, (2, 2), (32, 128), memory_config=ttnn.L1_MEMORY_CONFIG)
    r = _t(device, X, mc=_mc(BS, (2, 2), (32, 128), CM))
    with pytest.raises(Exception, match="same shard spec"):
        _call(device, X, BS, (2, 2), (32, 128), residual_input_tensor=r)


def test_config_input_mismatch(device):
    with pytest.raises(TTNNError, match="needs a sharded input"):
        ttnn.layer_norm(_t(device, X), program_config=_pc((2, 2), (32, 128)))
    with pytest.raises(TTNNError, match="needs a LayerNormShardedMultiCoreProgramConfig"):
        _call(device, X, BS, (2, 2), (32, 128), pc=ttnn.LayerNormDefaultProgramConfig())


# -------------------------------------------------------------------------------------------------- refusals
def test_six_blocks_scale_by_bfloat16_of_one_sixth(device):
    """num_blocks = 6 (a 3 x 2 two-stage grid): the combine scales the sum of the 6 partial means by bfloat16(1/6) =
    0.1669921875, so rows of +-1 get Var = 1.00195 instead of the interleaved program's exact 1 (float32 data and fp32
    accumulation: layer_norm's default config), and a smaller reciprocal root: the same on every element. (Both
    roots go through the SFPU's rsqrt, whose own error near 1 is about 1e-3, so the ratio is not 1/sqrt(1.00195).)
    With a power-of-two grid of the same rows (4 x 2) the two programs agree to the bit."""
    s = _pm1(np.random.default_rng(4), (1, 1, 32, 768))
    y, _ = _run(device, False, s, WS, (3, 2), (32, 128), dtype=ttnn.float32)
    yi, _ = _run(device, False, s, WS, (3, 2), (32, 128), dtype=ttnn.float32, sharded=False)
    ratio = y / yi
    assert np.all(ratio == ratio.flat[0])
    assert 1 - 2e-3 < ratio.flat[0] < 1 - 2e-4
    s8 = _pm1(np.random.default_rng(4), (1, 1, 32, 1024))
    y8, _ = _run(device, False, s8, WS, (4, 2), (32, 128), dtype=ttnn.float32)
    yi8, _ = _run(device, False, s8, WS, (4, 2), (32, 128), dtype=ttnn.float32, sharded=False)
    assert np.array_equal(y8, yi8)


def test_welford_needs_recip_tensor(device):
    """use_welford runs layernorm_sharded_welford.cpp (tests/test_ttnn_norm_sharded_vendored.py), which needs the
    reciprocal table."""
    with pytest.raises(TTNNError, match="Reciprocal tensor not provided"):
        _call(device, X, BS, (2, 2), (32, 128), pc=_pc((2, 2), (32, 128), use_welford=True))


@pytest.mark.parametrize("wdtype", [ttnn.bfloat16, ttnn.float32], ids=["bf16", "fp32"])
@pytest.mark.parametrize("rms", [False, True], ids=["layer_norm", "rms_norm"])
def test_row_major_weights(device, wdtype, rms):
    """gamma / beta as [Wt, 32] ROW_MAJOR sticks (tt-metal's test_layernorm_sharded_mix_precision_rm): the RM writer;
    the same bits as TILE weights of the same values."""
    rng = np.random.default_rng(6)
    M, K = 128, 512
    x = (rng.random((1, 1, M, K)) * 2 - 0.95).astype(np.float32)
    g = (rng.random(K) * 2 - 1).astype(np.float32)
    b = (rng.random(K) * 2 - 1.1).astype(np.float32)
    mc = _mc(BS, (4, 4), (32, 128), CM)
    pc = _pc((4, 4), (32, 128), subblock_w=4, inplace=True)
    f = ttnn.rms_norm if rms else ttnn.layer_norm
    rm = {k: ttnn.from_torch(v.reshape(1, 1, -1, 32), dtype=wdtype, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
          for k, v in (("weight", g), ("bias", b))}
    y_rm = ttnn.to_torch(f(_t(device, x, mc=mc), epsilon=1e-2, program_config=pc, **rm)).double().numpy()
    assert "writer_unary_sharded_ln_rm_gb.py" in _kernels()
    tl = {k: _t(device, v.reshape(1, -1), wdtype) for k, v in (("weight", g), ("bias", b))}
    y_t = ttnn.to_torch(f(_t(device, x, mc=mc), epsilon=1e-2, program_config=pc, **tl)).double().numpy()
    assert np.array_equal(y_rm, y_t)
    cast = (lambda v: v.astype(np.float64)) if wdtype == ttnn.float32 else _bf16
    ref = _ln_ref(_bf16(x), cast(g), cast(b), 1e-2, rms)
    assert np.abs(y_rm - ref).max() <= (np.abs(ref).max() + 1) * (2.0 ** -5 if rms else 2.0 ** -6)


def test_row_major_weight_shape_checked(device):
    g = ttnn.from_torch(np.ones((4, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT,
                        device=device)
    with pytest.raises(Exception, match="needs to equal tile width"):
        _call(device, X, BS, (2, 2), (32, 128), weight=g)


def test_resharded_output_refused(device):
    with pytest.raises(NotModelledError, match="write_resharded_data"):
        _call(device, X, BS, (2, 2), (32, 128), memory_config=_mc(BS, (2, 2), (32, 128), CM))
