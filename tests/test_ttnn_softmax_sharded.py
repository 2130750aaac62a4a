"""The sharded softmax program (SoftmaxShardedProgramFactoryAttentionOptimized, tt-metal 622c6fb9) through
ttnn.softmax_in_place / scale_mask_softmax_in_place / scale_causal_mask_hw_dims_softmax_in_place with a
ttnn.SoftmaxShardedMultiCoreProgramConfig.

The sharded compute kernel (softmax_sharded.cpp) runs per tile the same compute-API calls as the interleaved one
(softmax.cpp) with the same CB formats (intermediates Float32 with fp32 accumulation else Float16_b, the scale tile
Float16_b, the mask in its own format), only in subblocks of subblock_w tiles instead of blocks of
find_max_divisor(Wt, 8): so on inputs without tile padding its results are compared bit for bit with the interleaved
program's (ttnn.softmax / ttnn.scale_mask_softmax on the same data), and loosely with a float64 softmax. The
hw_dims variant (one causal mask for every head) is compared bit for bit with the fused-head causal reader on the
same mask (the same compute kernel, another reader)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.sfpi import llk
from tensix.ttnn.errors import TTNNError

pytestmark = pytest.mark.skipif(not hasattr(llk, "UNARY_FORK"),
                                reason="the 622c6fb9 SFPU kernels (exp, recip) are not in tensix.kernel yet")


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _mc(shape, x, y, orientation=ttnn.ShardOrientation.ROW_MAJOR):
    return ttnn.create_sharded_memory_config(shape, core_grid=ttnn.CoreGrid(y=y, x=x),
                                             strategy=ttnn.ShardStrategy.HEIGHT, orientation=orientation)


def _pc(x, y, subblock_w, block_h, block_w):
    return ttnn.SoftmaxShardedMultiCoreProgramConfig(compute_with_storage_grid_size=(x, y), subblock_w=subblock_w,
                                                     block_h=block_h, block_w=block_w)


def _cfg(approx=True, fp32=False):
    return ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, math_approx_mode=approx,
                                            fp32_dest_acc_en=fp32)


def _np(t):
    return ttnn.to_numpy(t).astype(np.float64)


def _ref(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _mask_row(rng, n, w):
    """A [n, 1, 1, w] attention mask of 0 and -inf (as tt-metal's tests build it), the first column always 0."""
    m = np.where(rng.random((n, 1, 1, w)) > 0.5, 0.0, -np.inf).astype(np.float32)
    m[..., 0] = 0.0
    return m


# shape, core grid (x, y), orientation, subblock_w, dtype, fp32 accumulation, numeric_stable
CASES = [
    ((1, 2, 64, 128), (4, 1), "row", 2, ttnn.bfloat16, False, False),
    ((1, 2, 64, 128), (2, 2), "row", 4, ttnn.bfloat16, False, True),
    ((2, 1, 128, 192), (2, 2), "col", 3, ttnn.bfloat16, True, True),
    ((1, 1, 128, 256), (2, 1), "row", 8, ttnn.bfloat8_b, False, True),
    ((1, 1, 64, 96), (2, 1), "row", 1, ttnn.float32, True, False),
]


@pytest.mark.parametrize("shape, grid, orient, sbw, dtype, fp32, stable", CASES)
def test_softmax_in_place_matches_interleaved(device, shape, grid, orient, sbw, dtype, fp32, stable):
    rng = np.random.default_rng(1)
    x = (rng.standard_normal(shape) * 3).astype(np.float32)
    gx, gy = grid
    orientation = ttnn.ShardOrientation.COL_MAJOR if orient == "col" else ttnn.ShardOrientation.ROW_MAJOR
    rows = int(np.prod(shape[:-1])) // (gx * gy)
    cfg = _cfg(approx=True, fp32=fp32)
    ti = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    ref = _np(ttnn.softmax(ti, -1, compute_kernel_config=cfg, numeric_stable=stable))
    ts = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device,
                         memory_config=_mc(shape, gx, gy, orientation))
    out = ttnn.softmax_in_place(ts, program_config=_pc(gx, gy, sbw, rows // 32, shape[-1] // 32),
                                compute_kernel_config=cfg, numeric_stable=stable)
    assert out is ts and out.is_sharded()
    got = _np(out)
    np.testing.assert_array_equal(got, ref)
    xq = _np(ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT))
    assert np.abs(got - _ref(xq)).max() < 0.08          # the approximate exp: within 4% of each exp
    rec = ttnn.op_report()[-1]
    assert rec.op == "ttnn.softmax_in_place" and rec.program == "SoftmaxShardedProgramFactoryAttentionOptimized"
    assert rec.cores == gx * gy and rec.device_ns > 0


@pytest.mark.parametrize("stable, fp32, dtype", [(False, False, ttnn.bfloat16), (True, False, ttnn.bfloat16),
                                                 (True, True, ttnn.bfloat8_b)])
def test_scale_mask_matches_interleaved(device, stable, fp32, dtype):
    """A row-broadcast mask [N, 1, 1, W] (one tile row per batch; the shard of each core inside one batch)."""
    rng = np.random.default_rng(2)
    shape = (2, 2, 64, 128)
    x = (rng.standard_normal(shape) * 4).astype(np.float32)
    m = _mask_row(rng, 2, 128)
    cfg = _cfg(approx=False, fp32=fp32)
    mt = ttnn.from_numpy(m, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    ti = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    ref = _np(ttnn.scale_mask_softmax(ti, 0.5, mt, compute_kernel_config=cfg, numeric_stable=stable))
    ts = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=_mc(shape, 4, 2))
    out = ttnn.scale_mask_softmax_in_place(ts, 0.5, mt, program_config=_pc(4, 2, 2, 1, 4),
                                           compute_kernel_config=cfg, numeric_stable=stable)
    got = _np(out)
    np.testing.assert_array_equal(got, ref)
    xq = _np(ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT))
    assert np.abs(got - _ref(xq * 0.5 + m)).max() < 0.03
    assert np.all(got[np.broadcast_to(np.isinf(m), shape)] == 0)


def _causal(h, w):
    return np.where(np.arange(w)[None, :] <= np.arange(h)[:, None], 0.0, -np.inf).astype(np.float32)


def test_causal_mask_interleaved_fused_heads(device):
    """is_causal_mask with an interleaved [N, 1, H, W] mask: each shard holds two heads (fused_head = 2), the reader
    streams the whole mask for each; equal to the interleaved causal program."""
    rng = np.random.default_rng(3)
    shape = (1, 4, 64, 128)
    x = (rng.standard_normal(shape) * 2).astype(np.float32)
    m = _causal(64, 128)[None, None]
    mt = ttnn.from_numpy(m, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    ti = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    ref = _np(ttnn.scale_mask_softmax(ti, 1.0, mt, is_causal_mask=True, numeric_stable=True))
    ts = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=_mc(shape, 2, 1))
    out = ttnn.scale_mask_softmax_in_place(ts, 1.0, mt, program_config=_pc(2, 1, 4, 4, 4), is_causal_mask=True,
                                           numeric_stable=True)
    np.testing.assert_array_equal(_np(out), ref)


def test_causal_mask_sharded(device):
    """SHARDED_CAUSAL_MASK: the mask sharded like the input, c_3 placed on its shard."""
    rng = np.random.default_rng(4)
    shape = (2, 1, 64, 128)
    x = (rng.standard_normal(shape) * 2).astype(np.float32)
    m = np.broadcast_to(_causal(64, 128), shape).copy()
    m[1] = np.where(rng.random((64, 128)) > 0.3, 0.0, -np.inf)
    m[1, :, 0] = 0.0
    mc = _mc(shape, 2, 2)
    mi = ttnn.from_numpy(m, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    ti = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    ref = _np(ttnn.scale_mask_softmax(ti, 0.25, mi, is_causal_mask=True))
    ms = ttnn.from_numpy(m, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    ts = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    out = ttnn.scale_mask_softmax_in_place(ts, 0.25, ms, program_config=_pc(2, 2, 2, 1, 4), is_causal_mask=True)
    np.testing.assert_array_equal(_np(out), ref)


def test_hw_dims_matches_fused_head_reader(device):
    """scale_causal_mask_hw_dims_softmax_in_place: one [1, 1, H, W] mask for every head, read block_h x block_w tiles
    per core wrapping at its end; the same numbers as the fused-head causal reader on that mask."""
    rng = np.random.default_rng(5)
    shape = (1, 4, 64, 128)
    x = (rng.standard_normal(shape) * 2).astype(np.float32)
    m = _causal(64, 128)[None, None]
    mt = ttnn.from_numpy(m, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    t1 = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=_mc(shape, 4, 1))
    a = _np(ttnn.scale_causal_mask_hw_dims_softmax_in_place(t1, 0.5, mt, program_config=_pc(4, 1, 4, 2, 4)))
    t2 = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=_mc(shape, 4, 1))
    b = _np(ttnn.scale_mask_softmax_in_place(t2, 0.5, mt, program_config=_pc(4, 1, 4, 2, 4), is_causal_mask=True))
    np.testing.assert_array_equal(a, b)
    xq = _np(ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT))
    assert np.abs(a - _ref(xq * 0.5 + m)).max() < 0.08


def test_program_cache_and_report(device):
    """The second call (another buffer, other data) hits the cache and rebinds the shard CBs to the new buffer."""
    rng = np.random.default_rng(6)
    shape = (1, 1, 128, 128)
    mc = _mc(shape, 4, 1)
    pc = _pc(4, 1, 4, 1, 4)
    device.clear_program_cache()
    outs = []
    for i in range(2):
        pad = ttnn.from_numpy(np.zeros((1, 1, 32, 32 * (i + 1)), np.float32), dtype=ttnn.bfloat16,
                              layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.L1_MEMORY_CONFIG)
        x = (rng.standard_normal(shape) * 2).astype(np.float32)
        ts = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
        ti = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
        ref = _np(ttnn.softmax(ti, -1))
        outs.append((ts, pad))
        np.testing.assert_array_equal(_np(ttnn.softmax_in_place(ts, program_config=pc)), ref)
        rec = ttnn.op_report()[-1]
        assert rec.cache_hit == (i == 1) and rec.cores == 4 and rec.device_ns > 0
    assert device.num_program_cache_entries() == 2      # the interleaved softmax and the sharded one


def test_config_fields_and_repr():
    pc = _pc(8, 4, 6, 12, 12)
    assert repr(pc) == ("SoftmaxShardedMultiCoreProgramConfig(compute_with_storage_grid_size=(x=8,y=4), subblock_w=6, "
                        "block_h=12, block_w=12)")
    assert (pc.compute_with_storage_grid_size.x, pc.compute_with_storage_grid_size.y) == (8, 4)
    pc.block_w = 6
    assert pc.block_w == 6 and pc == _pc(8, 4, 6, 12, 6)
    with pytest.raises(TypeError):
        ttnn.SoftmaxShardedMultiCoreProgramConfig((8, 4), 1, 1, 1)       # keyword-only
    with pytest.raises(TypeError):
        _pc(8, 4, 1.0, 1, 1)                                             # noconvert


def _sharded(device, shape=(1, 1, 128, 128), grid=(4, 1), dtype=ttnn.bfloat16):
    x = np.zeros(shape, np.float32)
    return ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device,
                           memory_config=_mc(shape, *grid))


def _mask(device, w=128):
    return ttnn.from_numpy(np.zeros((1, 1, 32, w), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                           device=device)


def test_validation_messages(device):
    sm = ttnn.scale_mask_softmax_in_place
    with pytest.raises(TTNNError, match=r"block_h \(2\) must match the shard height in tiles \(1\)"):
        ttnn.softmax_in_place(_sharded(device), program_config=_pc(4, 1, 4, 2, 4))
    with pytest.raises(TTNNError, match=r"block_w \(2\) must match the shard width in tiles \(4\)"):
        ttnn.softmax_in_place(_sharded(device), program_config=_pc(4, 1, 2, 1, 2))
    inter = ttnn.from_numpy(np.zeros((1, 1, 128, 128), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                            device=device)
    with pytest.raises(TTNNError, match="output_mem_config must have a shard_spec"):
        ttnn.softmax_in_place(inter, program_config=_pc(4, 1, 4, 1, 4))
    with pytest.raises(TTNNError, match="Input tensor must be sharded when using SoftmaxShardedMultiCoreProgramConfig"):
        sm(inter, 1.0, _mask(device), program_config=_pc(4, 1, 4, 1, 4))
    with pytest.raises(TTNNError, match="block_w must be divisible by subblock_w"):
        sm(_sharded(device), 1.0, _mask(device), program_config=_pc(4, 1, 3, 1, 4))
    with pytest.raises(TTNNError, match="number of shards must equal to number of cores"):
        sm(_sharded(device), 1.0, _mask(device), program_config=_pc(2, 1, 4, 1, 4))
    with pytest.raises(TTNNError, match="Scale value must not be set when mask is not present"):
        sm(_sharded(device), 2.0, None, program_config=_pc(4, 1, 4, 1, 4))
    with pytest.raises(TTNNError, match=r"program_config grid \(9x1\) must be contained within device grid"):
        ttnn.softmax_in_place(_sharded(device), program_config=_pc(9, 1, 4, 1, 4))
    with pytest.raises(TTNNError, match=r"shard_spec.grid size 4x1 does not fit within program_config grid 2x2"):
        ttnn.softmax_in_place(_sharded(device), program_config=_pc(2, 2, 4, 1, 4))
    with pytest.raises(TTNNError, match="subblock_w must be > 0"):
        ttnn.softmax_in_place(_sharded(device), program_config=_pc(4, 1, 0, 1, 4))
    with pytest.raises(TTNNError, match="Invalid dimension: 2. Currently softmax inplace supports dim -1"):
        ttnn.softmax_in_place(_sharded(device), dim=2, program_config=_pc(4, 1, 4, 1, 4))
    with pytest.raises(TTNNError, match="Scale causal mask HW dims softmax not supported in default program config"):
        ttnn.scale_causal_mask_hw_dims_softmax_in_place(_sharded(device), 1.0, _mask(device))
    with pytest.raises(TTNNError, match="Scale value is required for scale causal mask HW dims softmax"):
        ttnn.scale_causal_mask_hw_dims_softmax_in_place(_sharded(device), None, _mask(device),
                                                        program_config=_pc(4, 1, 4, 1, 4))
    with pytest.raises(TypeError, match="not a SoftmaxProgramConfig"):
        ttnn.softmax_in_place(_sharded(device), program_config=object())


def test_not_modelled_masks(device):
    rm = ttnn.from_numpy(np.zeros((1, 1, 4, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT,
                         device=device)
    with pytest.raises(NotModelledError, match="reader_unary_sharded_sm_rm_mask"):
        ttnn.scale_mask_softmax_in_place(_sharded(device), 1.0, rm, program_config=_pc(4, 1, 4, 1, 4))
    ms = _sharded(device)
    with pytest.raises(NotModelledError, match="sharded mask without is_causal_mask"):
        ttnn.scale_mask_softmax_in_place(_sharded(device), 1.0, ms, program_config=_pc(4, 1, 4, 1, 4))


def test_softmax_in_place_default_config(device):
    """softmax_in_place with the default config: the interleaved program writing back into the input's buffer."""
    rng = np.random.default_rng(7)
    x = (rng.standard_normal((1, 1, 64, 96)) * 2).astype(np.float32)
    ref = _np(ttnn.softmax(ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device), -1))
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.softmax_in_place(t)
    assert out is t
    np.testing.assert_array_equal(_np(t), ref)
