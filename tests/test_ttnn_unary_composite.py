"""ttnn.tril, ttnn.triu and ttnn.multigammaln (tensix.ttnn.operations.unary_composite) against numpy and against the
chain of device ops the C++ composites run."""

import math

import numpy as np
import pytest

import tensix.ttnn as ttnn


@pytest.fixture(scope="module")
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def _on(dev, x, dtype=ttnn.bfloat16):
    return ttnn.from_numpy(np.asarray(x, np.float32), dtype=dtype, layout=ttnn.TILE_LAYOUT, device=dev)


@pytest.mark.parametrize("shape", [(64, 128), (2, 37, 45), (5, 5), (1, 3, 33, 70)])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("diagonal", [-40, -3, 0, 1, 2, 50])
def test_tril_triu_match_numpy(dev, shape, dtype, diagonal):
    x = np.random.default_rng(len(shape) * 7 + diagonal + 60).standard_normal(shape).astype(np.float32) * 3
    t = _on(dev, x, dtype)
    xv = ttnn.to_numpy(t)
    lo, up = ttnn.tril(t, diagonal), ttnn.triu(t, diagonal=diagonal)
    assert lo.dtype == dtype and list(lo.shape) == list(shape)
    np.testing.assert_array_equal(ttnn.to_numpy(lo), np.tril(xv, diagonal))
    np.testing.assert_array_equal(ttnn.to_numpy(up), np.triu(xv, diagonal))


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_masked_elements_are_x_times_zero(dev, dtype):
    """The mask is multiplied in (not selected): each masked element is whatever the device's multiply gives for
    x * 0 (the FPU's for bfloat16, which reads an infinity as a finite number, the SFPU's IEEE product for float32),
    the kept ones x * 1."""
    x = np.array([[1.0, -2.0, np.inf], [4.0, 5.0, -np.inf], [np.nan, 8.0, 9.0]], np.float32)
    t = _on(dev, x, dtype)
    for upper, fn in ((False, ttnn.tril), (True, ttnn.triu)):
        mask = (np.triu(np.ones((3, 3))) if upper else np.tril(np.ones((3, 3)))).astype(np.float32)
        want = ttnn.to_numpy(ttnn.multiply(t, _on(dev, mask)))
        got = ttnn.to_numpy(fn(t))
        np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


def test_tril_runs_a_multiply_program(dev):
    ttnn.clear_op_report()
    ttnn.triu(_on(dev, np.ones((40, 40))), 1)
    recs = ttnn.op_report()
    assert recs[-1].op == "ttnn.multiply" and recs[-1].device_ns > 0


def test_multigammaln_is_the_composite_chain(dev):
    x = np.random.default_rng(3).uniform(1.6, 100, (5, 5)).astype(np.float32)
    t = _on(dev, x)
    got = ttnn.to_numpy(ttnn.multigammaln(t))
    r = ttnn.lgamma(t)
    for s in (0.5, 1.0, 1.5):
        r = ttnn.add(r, ttnn.lgamma(ttnn.subtract(t, s)))
    want = ttnn.to_numpy(ttnn.add(r, 3.434189657547))
    np.testing.assert_array_equal(got, want)
    xv = ttnn.to_numpy(t).astype(np.float64)
    ref = sum(np.vectorize(math.lgamma)(xv - s) for s in (0.0, 0.5, 1.0, 1.5)) + 3 * math.log(math.pi)
    np.testing.assert_allclose(got, ref, rtol=2 ** -6, atol=0.1)


def test_errors(dev):
    t = _on(dev, np.ones((4, 4)))
    with pytest.raises(TypeError, match="diagonal must be an int"):
        ttnn.tril(t, 1.5)
    with pytest.raises(TypeError, match="input_tensor must be a ttnn.Tensor"):
        ttnn.triu(np.ones((4, 4)))
    ttnn.deallocate(t)
    with pytest.raises(Exception, match="deallocat"):
        ttnn.multigammaln(t)
