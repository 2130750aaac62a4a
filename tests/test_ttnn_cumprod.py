"""ttnn.cumprod (tensix.ttnn.operations.accumulation): tt-metal's accumulation program with CUMPROD's defines
(mul_binary_tile / mul_int_tile<fmt>, starting from 1). References: numpy's sequential float32 / int64 products."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError

torch = pytest.importorskip("torch")


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _bf16_input(device, shape, lo=0.5, hi=1.5, seed=0):
    x = np.random.default_rng(seed).uniform(lo, hi, shape).astype(np.float32)
    xt = torch.from_numpy(x).to(torch.bfloat16)
    return xt.float().numpy(), ttnn.from_torch(xt, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)


@pytest.mark.parametrize("dim", [0, 1, -3])
def test_float32_products_are_sequential_float32_products(device, dim):
    """The running product stays in a Float32 CB and the SFPU multiplies in float32: along a dim the op does not
    transpose, every output is numpy's float32 cumprod bit for bit (odd shape: tile padding ignored)."""
    x, t = _bf16_input(device, (3, 40, 70))
    got = ttnn.to_torch(ttnn.cumprod(t, dim, dtype=ttnn.float32)).numpy()
    ref = np.cumprod(x, axis=dim, dtype=np.float32)
    assert got.dtype == np.float32 and np.array_equal(got.view(np.uint32), ref.view(np.uint32))


def test_reverse_order(device):
    x, t = _bf16_input(device, (2, 33, 64), seed=1)
    got = ttnn.to_torch(ttnn.cumprod(t, 1, dtype=ttnn.float32, reverse_order=True)).numpy()
    ref = np.flip(np.cumprod(np.flip(x, 1), axis=1, dtype=np.float32), 1)
    assert np.array_equal(got, ref)


def test_last_dim_goes_through_the_transposes_tf32(device):
    """Along the last dim accumulation_invoke permutes the dim to the front and back (ttnn.permute of a TILE tensor:
    transpose_wh through SrcA), so the float32 products come back with TF32's 10 mantissa bits (truncated), as
    cumsum's do."""
    x, t = _bf16_input(device, (3, 40, 70), seed=2)
    got = ttnn.to_torch(ttnn.cumprod(t, -1, dtype=ttnn.float32)).numpy()
    ref = np.cumprod(x, axis=-1, dtype=np.float32)
    tf32 = (ref.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)
    assert np.array_equal(got, tf32)


def test_bfloat16_output_within_an_ulp(device):
    x, t = _bf16_input(device, (64, 96), seed=3)
    got = ttnn.to_torch(ttnn.cumprod(t, 0)).float().numpy()
    ref = np.cumprod(x.astype(np.float64), axis=0)
    assert np.all(np.abs(got - ref) <= np.abs(ref) * 2.0 ** -8 + 1e-30)


def test_int32_products_wrap_as_on_the_card(device):
    """INT32: mul_int_tile<Int32> from the integer 1; products wrap modulo 2^32 (numpy int64 reference)."""
    rng = np.random.default_rng(4)
    x = rng.integers(-7, 8, (5, 32, 40), dtype=np.int64)
    t = ttnn.from_torch(torch.from_numpy(x.astype(np.int32)), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT,
                        device=device)
    got = ttnn.to_torch(ttnn.cumprod(t, 0)).numpy().astype(np.int64)
    ref = np.cumprod(x, axis=0)
    ref = ((ref + 2 ** 31) % 2 ** 32) - 2 ** 31
    assert np.array_equal(got, ref)


def test_cumprod_and_cumsum_are_different_programs(device):
    _x, t = _bf16_input(device, (32, 32), seed=5)
    ttnn.cumsum(t, 0)                   # its permutes (the dim moved to the front and back) are cached now
    before = device.num_program_cache_entries()
    ttnn.cumprod(t, 0)
    assert device.num_program_cache_entries() == before + 1     # the accumulation program with CUMPROD's defines
    ttnn.cumprod(t, 0)
    assert device.num_program_cache_entries() == before + 1


def test_out_of_another_spec_is_refused(device):
    _x, t = _bf16_input(device, (32, 32), seed=6)
    out = ttnn.zeros_like(t)
    with pytest.raises(NotModelledError, match="ttnn.cumprod: out= of another spec"):
        ttnn.cumprod(t, 0, dtype=ttnn.float32, out=out)
