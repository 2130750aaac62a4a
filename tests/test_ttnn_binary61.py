"""Tests of helper-61's work, each against an independent reference (torch / numpy float64, or a numpy emulation of
the kernel's float32 steps):
- ttnn.Tensor's comparison operators (==, !=, <, <=, >, >=: ttnn.eq / ne / lt / le / gt / ge, as ttnn/__init__.py
  sets them) give device tensors of 1.0 / 0.0, and tensors keep identity hashing, so dicts, sets, the program cache,
  deallocation and the op report still work;
- ttnn.xlogy, ttnn.atan2, ttnn.isclose (tensix.ttnn.operations.binary_special: binary_ng SFPU ops on
  tensix.sfpi.llk_binary_special's kernels) and ttnn.nextafter (binary_composite: where / lt / gt / add / subtract),
  with their edge cases and refusals."""

import math

import numpy as np
import pytest
import torch

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn import report
from tensix.ttnn.errors import TTNNError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _dev(device, x, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT):
    return ttnn.from_torch(x, dtype=dtype, layout=layout, device=device)


def _host(t) -> np.ndarray:
    return ttnn.to_torch(t).to(torch.float64).numpy()


# ---------------------------------------------------------------------------------------- comparison operators
_OPS = {"__eq__": np.equal, "__ne__": np.not_equal, "__lt__": np.less, "__le__": np.less_equal,
        "__gt__": np.greater, "__ge__": np.greater_equal}


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
@pytest.mark.parametrize("name", sorted(_OPS))
def test_comparison_operators_are_the_ops(device, name, dtype):
    torch.manual_seed(0)
    a = torch.randint(-3, 4, (2, 40, 70)).float()
    b = torch.randint(-3, 4, (2, 40, 70)).float()
    ta, tb = _dev(device, a, dtype), _dev(device, b, dtype)
    out = getattr(ta, name)(tb)
    assert isinstance(out, ttnn.Tensor) and out.dtype == dtype and tuple(out.shape) == (2, 40, 70)
    want = _OPS[name](a.numpy(), b.numpy()).astype(np.float64)
    assert np.array_equal(_host(out), want)
    # with a number (binary_ng's scalar op), and reflected: 1.5 < t is t > 1.5
    assert np.array_equal(_host(getattr(ta, name)(1.0)), _OPS[name](a.numpy(), 1.0).astype(np.float64))
    assert np.array_equal(_host(1.5 < ta), (a.numpy() > 1.5).astype(np.float64))
    assert np.array_equal(_host(1.0 == ta), (a.numpy() == 1.0).astype(np.float64))


def test_comparison_operators_syntax_and_truthiness(device):
    a = _dev(device, torch.tensor([[1.0, 2.0, 3.0]]))
    b = _dev(device, torch.tensor([[1.0, 5.0, 0.0]]))
    assert np.array_equal(_host(a == b), [[1, 0, 0]])
    assert np.array_equal(_host(a != b), [[0, 1, 1]])
    assert np.array_equal(_host(a < b), [[0, 1, 0]])
    assert np.array_equal(_host(a <= b), [[1, 1, 0]])
    assert np.array_equal(_host(a > b), [[0, 0, 1]])
    assert np.array_equal(_host(a >= b), [[1, 0, 1]])
    # a tensor is truthy whatever its values (ttnn's Tensor has no __bool__): `a == b` asserts as in ttnn
    assert (a == b) and (a != a)
    # a comparison with something that is neither a tensor nor a number is refused by the op, not answered False
    with pytest.raises(TTNNError, match="input_tensor_b must be a ttnn.Tensor or a number"):
        a == "x"       # noqa: B015
    with pytest.raises(TTNNError):
        a == None      # noqa: E711,B015


def test_tensors_hash_by_identity(device):
    a = _dev(device, torch.ones(1, 32))
    b = _dev(device, torch.ones(1, 32))
    assert hash(a) == object.__hash__(a) and hash(a) != hash(b)
    d = {a: "a", b: "b"}
    assert d[a] == "a" and d[b] == "b"
    s = {a}
    assert a in s and b not in s
    assert ttnn.Tensor.__hash__ is object.__hash__


def test_deallocate_program_cache_and_op_report_with_operators(device):
    """The paths that hold tensors (deallocation, the program cache's keys and runtime args, the op report) still
    tell tensors apart now that == is an op."""
    x = torch.arange(64 * 64, dtype=torch.float32).reshape(64, 64) % 7
    a, b = _dev(device, x), _dev(device, x.T.contiguous())
    first = a < b
    n = device.num_program_cache_entries()
    report.clear_op_report()
    again = a < b                       # the same program: a cache hit with new buffers
    swapped = b < a                     # same specs: a hit too, its runtime args pointing at b and a
    assert device.num_program_cache_entries() == n
    recs = report.op_report()
    assert [r.cache_hit for r in recs] == [True, True] and all(r.op == "ttnn.lt" for r in recs)
    assert np.array_equal(_host(first), _host(again))
    assert np.array_equal(_host(swapped), (x.T.numpy() < x.numpy()).astype(np.float64))
    ttnn.deallocate(first)
    assert first.is_allocated() is False and again.is_allocated() and a.is_allocated()
    with pytest.raises(Exception):
        ttnn.to_torch(first)
    assert np.array_equal(_host(again), (x.numpy() < x.T.numpy()).astype(np.float64))


def test_preallocated_output_compares_as_ttnn_does(device):
    # vendored test_cumsum_with_preallocated_output asserts `out_tensor == result`: a (truthy) tensor in ttnn
    x = torch.randn(2, 3)
    t = _dev(device, x, layout=ttnn.TILE_LAYOUT)
    out = ttnn.zeros_like(t)
    res = ttnn.cumsum(t, 0, out=out)
    assert isinstance(out == res, ttnn.Tensor)
    assert np.allclose(_host(res), np.cumsum(ttnn.to_torch(t).double().numpy(), 0), atol=1e-5)


# ------------------------------------------------------------------------------------------------------- xlogy
_F = np.float32
_LOG = tuple(_F(c) for c in (0.1058, -0.7166, 2.0871, -1.4753, 0.692871))   # _init_log_ and the body's literals


def _fma(a, b, c):
    return (a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)).astype(np.float32)


def _xlogy_fp32_reference(x, y):
    """calculate_sfpu_binary<XLOGY> on an fp32 Dst, step by step in float32 (each SFPMAD one rounding)."""
    a, b, c, d, ln2 = (np.full(y.shape, v, np.float32) for v in _LOG)
    bits = y.view(np.uint32)
    m = ((bits & 0x807FFFFF) | (127 << 23)).astype(np.uint32).view(np.float32)      # setexp(y, 127)
    e = (((bits >> 23) & 0xFF).astype(np.int64) - 127).astype(np.float32)          # exexp(y)
    log = _fma(e, ln2, _fma(m, _fma(m, _fma(m, a, b), c), d))
    log = np.where(y == 0, np.float32(-np.inf), log)
    out = (log * x).astype(np.float32)
    return np.where(np.signbit(y), np.float32(np.nan), out)       # y < 0 (a sign test: -0.0 too)


def test_xlogy_float32_against_the_kernel_steps_and_torch(device):
    rng = np.random.default_rng(61)
    x = (rng.standard_normal((3, 64, 96)) * 20).astype(np.float32)
    y = np.exp(rng.uniform(-30, 30, x.shape)).astype(np.float32)
    y[:, ::5] *= -1
    got = _host(ttnn.xlogy(_dev(device, torch.from_numpy(x)), _dev(device, torch.from_numpy(y))))
    ref = _xlogy_fp32_reference(x, y).astype(np.float64)
    assert np.array_equal(np.isnan(got), np.isnan(ref)) and np.isnan(got).sum() == np.signbit(y).sum()
    ok = ~np.isnan(ref)
    # within rounding of the steps: 2 ulps of the product, plus x times 2 ulps of the log's largest addend (the
    # cubic's terms reach 2.09, e * ln 2 up to 88; the SFPMAD model and the float64 emulation may round differently)
    e_ln2 = np.abs(((y.view(np.uint32) >> 23) & 0xFF).astype(np.float64) - 127) * 0.693
    addend = np.maximum(e_ln2, 2.1).astype(np.float32)
    tol = 2 * np.spacing(np.abs(ref).astype(np.float32)) + np.abs(x) * 2 * np.spacing(addend)
    assert np.all(np.abs(got[ok] - ref[ok]) <= tol[ok])
    assert np.mean(got[ok] == ref[ok]) > 0.9       # mostly bit for bit
    # and x * log(y) in float64 within the kernel's own error: the cubic on [1, 2) is off by up to 0.01425 (its
    # maximum over the interval), and 0.692871 is ln 2 - 2.762e-4 per unit of the exponent
    exact = x.astype(np.float64) * np.log(np.abs(y.astype(np.float64)))
    e = np.abs(((y.view(np.uint32) >> 23) & 0xFF).astype(np.float64) - 127)
    assert np.all(np.abs(got[ok] - exact[ok]) <= np.abs(x[ok]) * (0.01425 + e[ok] * 2.762e-4 + 1e-5))


def test_xlogy_edge_cases_and_number_b(device):
    x = torch.tensor([[2.0, 0.0, 1.5, -3.0, 4.0, 3.0, 2.0]])
    y = torch.tensor([[1.0, 5.0, 0.0, 0.0, -0.0, math.inf, math.nan]])
    got = _host(ttnn.xlogy(_dev(device, x), _dev(device, y)))
    ref = _xlogy_fp32_reference(x.numpy(), y.numpy())
    assert got[0, 0] == pytest.approx(ref[0, 0]) and abs(got[0, 0]) < 0.02      # log(1) from the cubic: ~0
    assert got[0, 1] == 0.0                                                    # 0 * log(5)
    assert got[0, 2] == -math.inf and got[0, 3] == math.inf                    # x * log(0) = x * -inf
    assert math.isnan(got[0, 4])                                               # -0.0 takes the `< 0` branch
    # `y == nan` is a float compare, false for a NaN y: inf and NaN go through the cubic (inf: mantissa 1, exponent
    # 128; the NaN's mantissa 1.5), finite results where torch.xlogy gives inf / NaN
    assert np.array_equal(got[0, 5:], ref[0, 5:]) and np.all(np.isfinite(got[0, 5:]))
    # a number b is binary_ng's scalar op (writer_binary_ng_scalar fills the tile)
    xs = torch.linspace(-5, 5, 64).reshape(2, 32)
    got = _host(ttnn.xlogy(_dev(device, xs), 2.5))
    assert np.allclose(got, xs.double().numpy() * math.log(2.5), rtol=3e-3, atol=1e-3)


def test_xlogy_bfloat16_is_close_to_torch(device):
    torch.manual_seed(3)
    x = (torch.rand(1, 1, 64, 64) * 200 - 100).to(torch.bfloat16)
    y = (torch.rand(1, 1, 64, 64) * 150 + 1e-2).to(torch.bfloat16)
    got = _host(ttnn.xlogy(_dev(device, x, ttnn.bfloat16), _dev(device, y, ttnn.bfloat16)))
    ref = torch.xlogy(x.double(), y.double()).numpy()
    assert np.all(np.abs(got - ref) <= 0.02 * np.abs(ref) + 0.02 * np.abs(x.double().numpy()))


def test_xlogy_refusals(device):
    xi = _dev(device, torch.ones(1, 32, dtype=torch.int32), ttnn.int32)
    with pytest.raises(NotModelledError, match="xlogy"):
        ttnn.xlogy(xi, xi)
    with pytest.raises(TypeError, match="input_tensor_a must be a ttnn.Tensor"):
        ttnn.xlogy(2.0, _dev(device, torch.ones(1, 32)))


# ------------------------------------------------------------------------------------------------------- atan2
def test_atan2_float32_against_float64(device):
    rng = np.random.default_rng(7)
    y = (rng.standard_normal((2, 64, 64)) * 10 ** rng.uniform(-3, 3, (2, 64, 64))).astype(np.float32)
    x = (rng.standard_normal((2, 64, 64)) * 10 ** rng.uniform(-3, 3, (2, 64, 64))).astype(np.float32)
    got = _host(ttnn.atan2(_dev(device, torch.from_numpy(y)), _dev(device, torch.from_numpy(x))))
    ref = np.arctan2(y.astype(np.float64), x.astype(np.float64))
    assert np.max(np.abs(got - ref)) < 1e-6


def test_atan2_bfloat16_within_one_ulp(device):
    torch.manual_seed(5)
    y = (torch.rand(1, 1, 64, 96) * 200 - 100).to(torch.bfloat16)
    x = (torch.rand(1, 1, 64, 96) * 300 - 150).to(torch.bfloat16)
    got = _host(ttnn.atan2(_dev(device, y, ttnn.bfloat16), _dev(device, x, ttnn.bfloat16)))
    ref = np.arctan2(y.double().numpy(), x.double().numpy())
    ulp = 2.0 ** (np.floor(np.log2(np.maximum(np.abs(ref), 1e-30))) - 7)      # a bfloat16 ulp at |ref|
    assert np.all(np.abs(got - ref) <= ulp)


def test_atan2_special_values(device):
    inf, nan = math.inf, math.nan
    y = torch.tensor([[0.0, 0.0, -0.0, 1.0, inf, inf, -inf, 3.0, nan, 2.0, -5.0]])
    x = torch.tensor([[0.0, -1.0, -1.0, 0.0, inf, -inf, inf, 3.0, 1.0, nan, -5.0]])
    got = _host(ttnn.atan2(_dev(device, y), _dev(device, x)))[0]
    want = np.arctan2(y.double().numpy(), x.double().numpy())[0]
    assert np.array_equal(np.isnan(got), np.isnan(want))
    ok = ~np.isnan(want)
    assert np.allclose(got[ok], want[ok], atol=1e-6) and np.array_equal(np.signbit(got[ok]), np.signbit(want[ok]))
    with pytest.raises(TypeError, match="ttnn.Tensors"):
        ttnn.atan2(_dev(device, y), 1.0)


# ----------------------------------------------------------------------------------------------------- isclose
@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
def test_isclose_matches_torch(device, dtype):
    torch.manual_seed(11)
    a = torch.randn(2, 64, 64) * 10
    b = a + torch.randn(2, 64, 64) * torch.rand(2, 64, 64) * 3
    ta, tb = _dev(device, a, dtype), _dev(device, b, dtype)
    ha, hb = ttnn.to_torch(ta).float(), ttnn.to_torch(tb).float()
    for rtol, atol in ((1e-5, 1e-8), (0.1, 0.5), (1.0, 0.0), (0.0, 2.0)):
        got = _host(ttnn.isclose(ta, tb, rtol=rtol, atol=atol))
        assert np.array_equal(got, torch.isclose(ha, hb, rtol=rtol, atol=atol).double().numpy()), (rtol, atol)


def test_isclose_runtime_tolerances_and_equal_nan_program(device):
    """rtol / atol are runtime args of one program (a cache hit gets the new values); equal_nan is a define (its
    own program), as binary_ng's program hash has it."""
    a = _dev(device, torch.tensor([[1.0, 2.0, 3.0, math.nan, math.nan]]))
    b = _dev(device, torch.tensor([[1.5, 2.0, 4.0, math.nan, 1.0]]))
    ttnn.isclose(a, b, rtol=0.0, atol=0.1)
    n = device.num_program_cache_entries()
    assert np.array_equal(_host(ttnn.isclose(a, b, rtol=0.0, atol=0.6)), [[1, 1, 0, 0, 0]])
    assert np.array_equal(_host(ttnn.isclose(a, b, rtol=0.0, atol=0.1)), [[0, 1, 0, 0, 0]])
    assert np.array_equal(_host(ttnn.isclose(a, b, rtol=0.25, atol=0.0)), [[0, 1, 1, 0, 0]])
    assert device.num_program_cache_entries() == n
    assert np.array_equal(_host(ttnn.isclose(a, b, rtol=0.0, atol=0.1, equal_nan=True)), [[0, 1, 0, 1, 0]])
    assert device.num_program_cache_entries() == n + 1


def test_isclose_infinities(device):
    inf = math.inf
    a = _dev(device, torch.tensor([[inf, -inf, inf, 1.0, 3e9]]))
    b = _dev(device, torch.tensor([[-inf, inf, 1.0, inf, 3e9]]))
    # unequal infinities and inf against a number are not close; the fix-up's test is |v| >= 2139095040.0f (the
    # kernel's int inf_bits as a float), so two equal finite values from 2**31 - 2**23 up are not close either
    assert np.array_equal(_host(ttnn.isclose(a, b)), [[0, 0, 0, 0, 0]])


def test_isclose_int32_and_row_major(device):
    torch.manual_seed(2)
    x = torch.randint(-100000, 100000, (1, 1, 64, 64), dtype=torch.int32)
    y = x + torch.randint(-3, 4, x.shape, dtype=torch.int32)
    got = ttnn.isclose(_dev(device, x, ttnn.int32), _dev(device, y, ttnn.int32), rtol=1e-5, atol=0.5)
    assert got.dtype == ttnn.float32        # the INT32 operands are cast to FLOAT32 first
    assert np.array_equal(_host(got), torch.isclose(x.float(), y.float(), rtol=1e-5, atol=0.5).double().numpy())
    a = torch.randn(3, 50)
    rm = ttnn.isclose(_dev(device, a, layout=ttnn.ROW_MAJOR_LAYOUT),
                      _dev(device, a + 0.01, layout=ttnn.ROW_MAJOR_LAYOUT), rtol=0.0, atol=0.02)
    assert rm.layout == ttnn.ROW_MAJOR_LAYOUT     # binary_ng's row-major path
    assert np.array_equal(_host(rm), torch.isclose(a, a + 0.01, rtol=0.0, atol=0.02).double().numpy())


def test_isclose_refusals(device):
    a = _dev(device, torch.ones(1, 32))
    with pytest.raises(TTNNError, match="rtol must be a finite, non-negative value"):
        ttnn.isclose(a, a, rtol=-1.0)
    with pytest.raises(TTNNError, match="atol must be a finite, non-negative value"):
        ttnn.isclose(a, a, atol=math.inf)
    with pytest.raises(TypeError, match="ttnn.Tensors"):
        ttnn.isclose(a, 1.0)


# --------------------------------------------------------------------------------------------------- nextafter
def test_nextafter_is_the_composite(device):
    eps = np.float32(1.19209e-7)        # hal::get_eps() on Wormhole (EPS_WHB0)
    a = np.array([[1e-7, 2e-7, -3e-7, 5e-6, 0.0, 1.0, 2.5e-7]], np.float32)
    b = np.array([[1.0, -1.0, -3e-7, 0.0, 1.0, 1.0, 0.0]], np.float32)
    got = ttnn.to_torch(ttnn.nextafter(_dev(device, torch.from_numpy(a)), _dev(device, torch.from_numpy(b)))).numpy()
    # a < b: a - eps (away from b, as binary_composite_op.cpp has it), a > b: a + eps, else a (float32 SFPU add)
    want = np.where(a < b, a - eps, np.where(a > b, a + eps, a)).astype(np.float32)
    assert np.array_equal(got, want)
    with pytest.raises(TypeError, match="ttnn.Tensors"):
        ttnn.nextafter(_dev(device, torch.from_numpy(a)), 1.0)
