"""ttnn.max_pool2d / ttnn.avg_pool2d / ttnn.global_avg_pool2d (tensix.ttnn.operations.pool, pool_sliding) against
torch.nn.functional references:
- max pool is exact (GMPOOL on the bfloat16 sticks; the padding is -inf);
- average pool (sliding window) is the FPU's sum of x * s with s = bfloat16::truncate(1/divisor) (get_bf16_pool_scalar
  truncates), one pool per chunk of window rows, packed to bfloat16: within these roundings of the float64 sum of
  x * s (the pool's default 16-bit Dst takes each HiFi4 fidelity phase rounded, tensix.device.fpu: half an ulp of the
  partial sums, bounded by the sum of |x| * s, per phase; half an ulp more for the pack), and visibly not torch's mean
  where the truncation matters (1/9);
- global average pool is pool_sum (the reduce op's H reduce with the scaler 1/(H*W) truncated to bfloat16);
- what is not modelled raises NotModelledError naming it."""

import numpy as np
import pytest
import torch

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _bf16(x):
    return torch.as_tensor(x).to(torch.bfloat16).float()


def _trunc_bf16(v: float) -> float:
    b = np.array([v], np.float32).view(np.uint32) & np.uint32(0xFFFF0000)
    return float(b.view(np.float32)[0])


def _flat(device, x_nchw, layout=ttnn.ROW_MAJOR_LAYOUT, memory_config=None):
    n, c, h, w = x_nchw.shape
    return ttnn.from_torch(x_nchw.permute(0, 2, 3, 1).reshape(1, 1, n * h * w, c), dtype=ttnn.bfloat16,
                           layout=layout, device=device, memory_config=memory_config)


def _back(out, n, c, oh, ow):
    return ttnn.to_torch(out).float().reshape(n, oh, ow, c).permute(0, 3, 1, 2)


@pytest.mark.parametrize("shape,k,s,p,d", [
    ((1, 32, 8, 8), (2, 2), (2, 2), (0, 0), (1, 1)),
    ((2, 40, 9, 9), (3, 3), (2, 2), (1, 1), (1, 1)),        # padding, channels % 32 = 8 (16-row chunks)
    ((1, 64, 12, 12), (3, 3), (1, 1), (1, 1), (2, 2)),      # dilation
    ((1, 300, 6, 6), (3, 3), (1, 1), (1, 1), (1, 1)),       # 10 channel tiles: two blocks (8 + 2)
    ((1, 16, 12, 12), (5, 5), (1, 1), (2, 2), (1, 1)),      # 25 positions: two 16-row chunks
    ((1, 3, 7, 5), (3, 2), (2, 1), (1, 1), (1, 1)),         # odd channels, non-square everything
])
def test_max_pool2d_exact(device, shape, k, s, p, d):
    torch.manual_seed(0)
    x = _bf16(torch.randn(shape))
    ref = torch.nn.functional.max_pool2d(x, k, s, p, d)
    n, c, h, w = shape
    out = ttnn.max_pool2d(_flat(device, x, memory_config=ttnn.L1_MEMORY_CONFIG), n, h, w, c, k, s, p, d)
    assert tuple(out.shape) == (1, 1, n * ref.shape[2] * ref.shape[3], c)
    assert torch.equal(_back(out, n, c, ref.shape[2], ref.shape[3]), ref)


def test_max_pool2d_nhwc_tile_dram_input_paths(device):
    """An (N, H, W, C) TILE input in DRAM: small enough for one slice, tt-metal runs the L1 path, (1, 1, N*OH*OW, C);
    an explicit num_slices > 1 takes the DRAM path, (N, OH, OW, C) DRAM-interleaved. The same numbers either way."""
    torch.manual_seed(1)
    x = _bf16(torch.randn(2, 48, 10, 10))
    ref = torch.nn.functional.max_pool2d(x, (3, 3), (2, 2), (1, 1))
    t = ttnn.from_torch(x.permute(0, 2, 3, 1), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.max_pool2d(t, 2, 10, 10, 48, [3, 3], [2, 2], [1, 1], [1, 1],
                          applied_shard_scheme=ttnn.TensorMemoryLayout.HEIGHT_SHARDED)
    assert tuple(out.shape) == (1, 1, 50, 48)
    assert torch.equal(_back(out, 2, 48, 5, 5), ref)
    sliced = ttnn.max_pool2d(t, 2, 10, 10, 48, [3, 3], [2, 2], [1, 1], [1, 1],
                             dram_slice_config=ttnn.Op2DSliceConfig(slice_type=ttnn.Op2DDRAMSliceWidth, num_slices=2))
    assert tuple(sliced.shape) == (2, 5, 5, 48) and sliced.memory_config().is_dram()
    assert torch.equal(ttnn.to_torch(sliced).float().permute(0, 3, 1, 2), ref)


def test_max_pool2d_sharded_memory_config(device):
    """memory_config is applied to the result as pool2d_L1 does (ttnn.to_memory_config)."""
    torch.manual_seed(7)
    x = _bf16(torch.randn(1, 32, 16, 16))
    ref = torch.nn.functional.max_pool2d(x, 2, 2)
    mc = ttnn.create_sharded_memory_config((64, 32), ttnn.CoreGrid(x=1, y=1), ttnn.ShardStrategy.HEIGHT,
                                           use_height_and_width_as_shard_shape=True)
    out = ttnn.max_pool2d(_flat(device, x), 1, 16, 16, 32, (2, 2), (2, 2), (0, 0), (1, 1), memory_config=mc)
    assert out.memory_config().is_sharded()
    assert torch.equal(_back(out, 1, 32, 8, 8), ref)


@pytest.mark.parametrize("shape,k,s,p,d", [
    ((1, 32, 13, 8), (4, 3), (6, 5), (2, 1), (1, 1)),      # the last window would start in the padding: dropped
    ((1, 16, 59, 59), (3, 5), (4, 2), (1, 1), (5, 4)),
    ((1, 48, 28, 28), (3, 3), (2, 2), (1, 1), (1, 1)),
])
def test_max_pool2d_ceil_mode(device, shape, k, s, p, d):
    torch.manual_seed(8)
    x = _bf16(torch.randn(shape))
    ref = torch.nn.functional.max_pool2d(x, k, s, p, d, ceil_mode=True)
    n, c, h, w = shape
    out = ttnn.max_pool2d(_flat(device, x), n, h, w, c, k, s, p, d, ceil_mode=True)
    assert tuple(out.shape) == (1, 1, n * ref.shape[2] * ref.shape[3], c)
    assert torch.equal(_back(out, n, c, ref.shape[2], ref.shape[3]), ref)


def test_max_pool2d_many_chunks_ragged_blocks(device):
    """25x25 = 625 positions in 40 chunks of 16 rows (100 channels: the last tile 4 wide): blocks of 3 tiles (c_1's
    budget of 128 tiles), so the 4 channel tiles run as 3 + 1, every block on whole-block CB pages."""
    torch.manual_seed(9)
    x = _bf16(torch.randn(1, 100, 25, 27))
    ref = torch.nn.functional.max_pool2d(x, (25, 25), 1)
    out = ttnn.max_pool2d(_flat(device, x), 1, 25, 27, 100, (25, 25), (1, 1), (0, 0), (1, 1))
    assert torch.equal(_back(out, 1, 100, 1, 3), ref)


@pytest.mark.parametrize("dtype", [ttnn.bfloat8_b, ttnn.bfloat4_b])
def test_max_pool2d_block_float_tile_output(device, dtype):
    """TILE output in bfloat8_b / bfloat4_b: the bfloat16 result rows tilized into the block format on the device
    (compute_pool_2d.cpp: pack_untilize to bfloat16, fast_tilize into the output format; the packer's block-float
    conversion, not the host's from_torch quantisation)."""
    torch.manual_seed(12)
    x = _bf16(torch.randn(1, 64, 8, 8))
    ref = torch.nn.functional.max_pool2d(x, 2, 2)
    out = ttnn.max_pool2d(_flat(device, x), 1, 8, 8, 64, (2, 2), (2, 2), (0, 0), (1, 1), dtype=dtype,
                          output_layout=ttnn.TILE_LAYOUT)
    assert out.dtype == dtype and out.layout == ttnn.TILE_LAYOUT
    rows = ttnn.from_torch(ref.permute(0, 2, 3, 1).reshape(1, 1, 16, 64), dtype=ttnn.bfloat16, device=device)
    expect = ttnn.to_torch(ttnn.to_layout(rows, ttnn.TILE_LAYOUT, dtype=dtype)).float()
    assert torch.equal(ttnn.to_torch(out).float(), expect)


def test_max_pool2d_tile_output_and_asymmetric_padding(device):
    torch.manual_seed(2)
    x = _bf16(torch.randn(1, 32, 8, 8))
    ref = torch.nn.functional.max_pool2d(torch.nn.functional.pad(x, (1, 0, 0, 1), value=float("-inf")), 2, 2)
    out = ttnn.max_pool2d(_flat(device, x, memory_config=ttnn.L1_MEMORY_CONFIG), 1, 8, 8, 32, (2, 2), (2, 2),
                          [0, 1, 1, 0], (1, 1), output_layout=ttnn.TILE_LAYOUT)
    assert out.layout == ttnn.TILE_LAYOUT
    assert torch.equal(_back(out, 1, 32, ref.shape[2], ref.shape[3]), ref)


def _avg_model(x, k, s, p, divisor):
    """float64 sum over the window (zero padding) of x * bfloat16_truncate(1/divisor)."""
    sc = _trunc_bf16(float(np.float32(1.0 / divisor)))
    summed = torch.nn.functional.avg_pool2d(x.double(), k, s, p, count_include_pad=True, divisor_override=1)
    return summed * sc


@pytest.mark.parametrize("shape,k,s,p,div", [
    ((1, 32, 8, 8), (2, 2), (2, 2), (0, 0), None),
    ((2, 40, 9, 9), (3, 3), (2, 2), (1, 1), None),
    ((1, 64, 10, 10), (3, 3), (1, 1), (1, 1), 5),
    ((1, 32, 12, 12), (7, 7), (5, 5), (3, 3), None),      # 49 positions: fp32 Dst, two 32-row chunks, 4-tile blocks
])
def test_avg_pool2d_card_numerics(device, shape, k, s, p, div):
    torch.manual_seed(3)
    x = _bf16(torch.randn(shape))
    n, c, h, w = shape
    divisor = div if div is not None else k[0] * k[1]
    model = _avg_model(x, k, s, p, divisor)
    out = ttnn.avg_pool2d(_flat(device, x), n, h, w, c, k, s, p, divisor_override=div)
    got = ttnn.to_torch(out).float().reshape(n, model.shape[2], model.shape[3], c).permute(0, 3, 1, 2).double()
    def ulp(v):
        return torch.maximum(v.abs(), torch.full_like(v, 1e-30)).log2().floor().exp2() * 2.0 ** -7
    # the running partial sums are at most the sum of |x| * s: half an ulp of it per fidelity phase (4), then the pack
    bound = 2 * ulp(_avg_model(x.abs(), k, s, p, divisor)) + ulp(model) / 2
    assert ((got - model).abs() <= bound + 1e-12).all(), (got - model).abs().max()
    torch_ref = torch.nn.functional.avg_pool2d(x, k, s, p, divisor_override=div)
    assert torch.allclose(got.float(), torch_ref, rtol=0.02, atol=0.02)


def test_avg_pool2d_truncated_scaler(device):
    """All ones through a 3x3 average: 9 * truncate_bf16(1/9) = 0.99756 packs to 0.99609375, not torch's 1.0."""
    x = torch.ones(1, 32, 6, 6)
    out = ttnn.avg_pool2d(_flat(device, x), 1, 6, 6, 32, (3, 3), (3, 3), (0, 0))
    got = ttnn.to_torch(out).float()
    assert torch.all(got == 0.99609375)


@pytest.mark.parametrize("shape", [(1, 2048, 7, 7), (1, 64, 1, 32), (1, 144, 7, 7), (3, 80, 14, 14)])
def test_global_avg_pool2d(device, shape):
    torch.manual_seed(4)
    x = _bf16(torch.randn(shape))
    ref = torch.nn.functional.adaptive_avg_pool2d(x, (1, 1))
    t = ttnn.from_torch(x.permute(0, 2, 3, 1), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.global_avg_pool2d(t)
    assert tuple(out.shape) == (shape[0], 1, 1, shape[1]) and out.layout == ttnn.TILE_LAYOUT
    got = ttnn.to_torch(out).float().permute(0, 3, 1, 2)
    # the scaler 1/(H*W) truncated to bfloat16 (relative error < 2^-8) and the bfloat16 result (2^-9)
    sc = _trunc_bf16(float(np.float32(1.0 / (shape[2] * shape[3]))))
    model = x.double().sum(dim=(2, 3), keepdim=True) * sc
    assert torch.allclose(got.double(), model, rtol=2 ** -7, atol=1e-3)
    assert torch.allclose(got, ref, rtol=0.02, atol=0.01)


def test_global_avg_pool2d_rank3_and_l1_output(device):
    torch.manual_seed(5)
    x = _bf16(torch.randn(7, 7, 64))
    t = ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.global_avg_pool2d(t, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert tuple(out.shape) == (1, 1, 1, 64) and out.memory_config().buffer_type == ttnn.BufferType.L1
    assert torch.allclose(ttnn.to_torch(out).float().reshape(64), x.mean(dim=(0, 1)), rtol=0.02, atol=0.01)


def test_avg_pool2d_global_fast_path_divisor_override(device):
    torch.manual_seed(6)
    x = _bf16(torch.randn(2, 64, 8, 8))
    ref = torch.nn.functional.avg_pool2d(x, (8, 8), divisor_override=5)
    out = ttnn.avg_pool2d(_flat(device, x), 2, 8, 8, 64, (8, 8), (1, 1), (0, 0), divisor_override=5)
    assert tuple(out.shape) == (1, 1, 2, 64) and out.layout == ttnn.ROW_MAJOR_LAYOUT
    assert torch.allclose(ttnn.to_torch(out).float().reshape(2, 64), ref.reshape(2, 64), rtol=0.02, atol=0.05)


@pytest.mark.parametrize("kwargs,name", [
    (dict(return_indices=True), "return_indices"),
])
def test_max_pool2d_refusals(device, kwargs, name):
    x = _flat(device, torch.randn(1, 32, 8, 8))
    args = [x, 1, 8, 8, 32, (2, 2), (2, 2), (0, 0), (1, 1)]
    with pytest.raises(NotModelledError, match=name):
        ttnn.max_pool2d(*args, **kwargs)


def test_max_pool2d_height_sharded_input(device):
    torch.manual_seed(11)
    x = _bf16(torch.randn(1, 32, 8, 8))
    ref = torch.nn.functional.max_pool2d(x, 3, 1, 1)
    mc = ttnn.create_sharded_memory_config((32, 32), ttnn.CoreGrid(x=2, y=1), ttnn.ShardStrategy.HEIGHT,
                                           use_height_and_width_as_shard_shape=True)
    sharded = ttnn.to_memory_config(_flat(device, x), mc)
    out = ttnn.max_pool2d(sharded, 1, 8, 8, 32, (3, 3), (1, 1), (1, 1), (1, 1))
    assert torch.equal(_back(out, 1, 32, 8, 8), ref)
    with pytest.raises(ttnn.TTNNError, match="should not be specified for a sharded input"):
        ttnn.max_pool2d(sharded, 1, 8, 8, 32, (3, 3), (1, 1), (1, 1), (1, 1),
                        applied_shard_scheme=ttnn.TensorMemoryLayout.HEIGHT_SHARDED)
    # deallocate_input on a sharded input frees the input itself (pool2d_L1's input_tensor_sharded is it)
    ttnn.max_pool2d(sharded, 1, 8, 8, 32, (3, 3), (1, 1), (1, 1), (1, 1), deallocate_input=True)
    assert not sharded.is_allocated()


def test_pool_refuses_big_auto_slicing(device):
    big = _flat(device, torch.zeros(1, 64, 256, 256))
    with pytest.raises(NotModelledError, match="determine_slice_config"):
        ttnn.max_pool2d(big, 1, 256, 256, 64, (2, 2), (2, 2), (0, 0), (1, 1))


@pytest.mark.parametrize("shape,k,s,p,ceil,cip", [
    ((1, 32, 8, 8), (3, 3), (1, 1), (1, 1), False, False),       # the border windows' divisors 4 and 6
    ((1, 48, 9, 9), (3, 3), (2, 2), (0, 0), True, True),         # ceil padding: the last windows hold 6 or 4
    ((2, 40, 7, 10), (2, 3), (2, 2), (1, 1), True, False),
])
def test_avg_pool2d_divisor_per_stick(device, shape, k, s, p, ceil, cip):
    """Not one_scalar_per_core: each output stick's own scaler, truncate_bf16(1/area) (get_bf16_avg_pool_config_scalars:
    the ceil padding never counts, the normal padding only with count_include_pad)."""
    torch.manual_seed(13)
    x = _bf16(torch.randn(shape))
    n, c, h, w = shape
    ref = torch.nn.functional.avg_pool2d(x, k, s, p, ceil_mode=ceil, count_include_pad=cip)
    oh, ow = ref.shape[2], ref.shape[3]
    sums = torch.nn.functional.avg_pool2d(x.double(), k, s, p, ceil_mode=ceil, count_include_pad=cip,
                                          divisor_override=1)
    ones = torch.ones(1, 1, h, w, dtype=torch.float64)
    areas = (torch.nn.functional.avg_pool2d(ones, k, s, p, ceil_mode=ceil, count_include_pad=cip,
                                            divisor_override=1) if not cip else
             torch.nn.functional.avg_pool2d(torch.nn.functional.pad(ones, (p[1], p[1], p[0], p[0]), value=1.0), k, s,
                                            0, ceil_mode=ceil, divisor_override=1))
    sc = areas.reshape(-1).tolist()
    sc = torch.tensor([_trunc_bf16(float(np.float32(1.0) / np.float32(a))) for a in sc],
                      dtype=torch.float64).reshape(1, 1, oh, ow)
    model = sums * sc
    out = ttnn.avg_pool2d(_flat(device, x), n, h, w, c, k, s, p, ceil_mode=ceil, count_include_pad=cip)
    got = _back(out, n, c, oh, ow).double()
    bound = model.abs() * 2.0 ** -6 + 2.0 ** -12     # the 16-bit Dst's phase roundings and the pack (see above)
    assert ((got - model).abs() <= bound).all(), (got - model).abs().max()
    assert torch.allclose(got.float(), ref, rtol=0.02, atol=0.03)


def test_avg_pool2d_ceil_mode_without_ceil_padding_and_count_include_pad_false_without_padding(device):
    """One scalar per core still: ceil_mode whose ceil padding is 0, count_include_pad=False with no padding."""
    torch.manual_seed(10)
    x = _bf16(torch.randn(1, 32, 8, 8))
    ref = torch.nn.functional.avg_pool2d(x, 2, 2, ceil_mode=True, count_include_pad=False)
    out = ttnn.avg_pool2d(_flat(device, x), 1, 8, 8, 32, (2, 2), (2, 2), (0, 0), ceil_mode=True,
                          count_include_pad=False)
    assert torch.allclose(_back(out, 1, 32, 4, 4), ref, rtol=0.02, atol=0.02)


def test_pool_validation_errors(device):
    x = _flat(device, torch.randn(1, 32, 8, 8))
    with pytest.raises(ttnn.TTNNError, match="should not exceed half of kernel size"):
        ttnn.max_pool2d(x, 1, 8, 8, 32, (2, 2), (1, 1), (2, 2), (1, 1))
    with pytest.raises(ttnn.TTNNError, match="neither"):
        ttnn.max_pool2d(x, 1, 8, 4, 32, (2, 2), (1, 1), (0, 0), (1, 1))
    with pytest.raises(ttnn.TTNNError, match="ROW_MAJOR layout"):
        ttnn.avg_pool2d(x, 1, 8, 8, 32, (2, 2), (1, 1), (0, 0), dtype=ttnn.bfloat8_b)
