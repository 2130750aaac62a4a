"""ttnn's comparison ops (gt, lt, ge, le, eq, ne) in tensix.ttnn, as binary_ng runs them at tt-metal 622c6fb9
(binary_ng_utils.cpp OpConfig / get_sfpu_init_fn, binary_ng_device_operation.cpp is_binary_sfpu_op): two float32 or
two bfloat16 tensors run the SFPU's <op>_binary_tile (ckernel_sfpu_binary_comp.h calculate_binary_comp_fp32), and
what the TTNN route of tensix.mlir does with them (ttir.ge, tosa.greater_equal).

References: torch's comparisons for normal numbers, infinities, zeros and NaN; for subnormals, which the kernel
compares as zero (its |a| + |b| == 0 test), a numpy model written from the kernel's description."""

import numpy as np
import pytest

torch = pytest.importorskip("torch")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import tensix.ttnn as ttnn  # noqa: E402
from tensix.errors import NotModelledError  # noqa: E402

OPS = ("gt", "lt", "ge", "le", "eq", "ne")


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def dev_tensor(x, dtype, device):
    return ttnn.from_torch(torch.as_tensor(x), dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def host(t):
    return ttnn.to_torch(t).float()


def special_pair():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((64, 64)).astype(np.float32)
    b = rng.standard_normal((64, 64)).astype(np.float32)
    b[:8] = a[:8]                                            # ties
    a[8, :6] = [0.0, -0.0, np.inf, -np.inf, np.inf, 5.0]
    b[8, :6] = [-0.0, 0.0, np.inf, 1.0, -np.inf, -np.inf]
    a[9, :3] = np.nan
    b[9, 2:4] = np.nan
    a[10] = -a[10]
    return a, b


@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
@pytest.mark.parametrize("op", OPS)
def test_matches_torch_with_specials(device, dtype, op):
    a, b = special_pair()
    dt = getattr(ttnn, dtype)
    ta, tb = dev_tensor(a, dt, device), dev_tensor(b, dt, device)
    out = getattr(ttnn, op)(ta, tb)
    assert out.dtype == dt and tuple(out.shape) == (64, 64)
    ref = getattr(torch, op)(host(ta), host(tb)).float()
    assert torch.equal(host(out), ref)


def kernel_model(op, a, b):
    """The comparison as calculate_binary_comp_fp32 does it: subnormals (and zeros) compare equal to zero, NaN is
    unordered (only ne is true)."""
    a = np.where(np.abs(a) < np.finfo(np.float32).tiny, 0.0, a)
    b = np.where(np.abs(b) < np.finfo(np.float32).tiny, 0.0, b)
    with np.errstate(invalid="ignore"):
        return {"gt": a > b, "lt": a < b, "ge": a >= b, "le": a <= b, "eq": a == b, "ne": a != b}[op].astype(
            np.float32)


def test_float32_subnormals_compare_as_zero(device):
    tiny = np.float32(1e-40)                                 # a float32 subnormal
    a = np.full((32, 32), 1.0, np.float32)
    b = np.zeros((32, 32), np.float32)
    a[0, :4] = [tiny, -tiny, tiny, 0.0]
    b[0, :4] = [0.0, 0.0, -tiny, tiny]
    ta, tb = dev_tensor(a, ttnn.float32, device), dev_tensor(b, ttnn.float32, device)
    for op in OPS:
        got = host(getattr(ttnn, op)(ta, tb)).numpy()
        np.testing.assert_array_equal(got, kernel_model(op, a, b), err_msg=op)
    assert host(ttnn.gt(ta, tb))[0, 0] == 0.0 and torch.gt(torch.tensor(tiny), 0.0)   # torch says 1e-40 > 0


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(OPS), st.integers(0, 2**32 - 1))
def test_random_bit_patterns_float32(device, op, seed):
    """Any float32 bits (NaNs, infinities, subnormals, both zeros) against the kernel model."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2**32, (32, 32), dtype=np.uint64).astype(np.uint32).view(np.float32)
    b = rng.integers(0, 2**32, (32, 32), dtype=np.uint64).astype(np.uint32).view(np.float32)
    b[:4] = a[:4]
    ta, tb = dev_tensor(a, ttnn.float32, device), dev_tensor(b, ttnn.float32, device)
    got = host(getattr(ttnn, op)(ta, tb)).numpy()
    np.testing.assert_array_equal(got, kernel_model(op, host(ta).numpy(), host(tb).numpy()))


def test_broadcast_scalar_and_dtype(device):
    rng = np.random.default_rng(1)
    a = rng.standard_normal((2, 64, 64)).astype(np.float32)
    col = rng.standard_normal((2, 64, 1)).astype(np.float32)
    ta, tc = dev_tensor(a, ttnn.bfloat16, device), dev_tensor(col, ttnn.bfloat16, device)
    assert torch.equal(host(ttnn.lt(ta, tc)), (host(ta) < host(tc)).float())
    assert torch.equal(host(ttnn.ge(ta, 0.25)), (host(ta) >= 0.25).float())
    out = ttnn.eq(ta, ta, dtype=ttnn.float32)
    assert out.dtype == ttnn.float32 and torch.all(host(out) == 1.0)
    assert ttnn.op_report()[-1].op in ("ttnn.eq", "ttnn.typecast")


def test_mixed_dtypes_take_the_fpu_path_and_a_number_first_is_not_modelled(device):
    """bfloat16 against bfloat8_b: binary_ng's FPU path, a - b then GEZ (gez_tile); values on a grid of quarters
    keep the difference exact, so the result is numpy's, zero differences included."""
    rng = np.random.default_rng(3)
    x = (rng.integers(-8, 8, (32, 64)) / 4).astype(np.float32)
    y = (rng.integers(-8, 8, (32, 64)) / 4).astype(np.float32)
    y[0] = x[0]
    a = dev_tensor(x, ttnn.bfloat16, device)
    b = dev_tensor(y, ttnn.bfloat8_b, device)
    np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(ttnn.ge(a, b)), np.float32), (x >= y).astype(np.float32))
    with pytest.raises(NotModelledError, match="number as input_tensor_a"):
        ttnn.ge(0.5, a)


def test_tosa_greater_equal_runs_on_the_ttnn_route():
    pytest.importorskip("xdsl")
    import tensix.mlir as tm

    t = "tensor<64x64xf32>"
    text = (f"module {{\n  func.func @f(%a: {t}, %b: {t}) -> {t} {{\n"
            f"    %0 = tosa.greater_equal %a, %b : ({t}, {t}) -> {t}\n    return %0 : {t}\n  }}\n}}\n")
    a, b = special_pair()
    f = tm.compile(text)
    with np.errstate(invalid="ignore"):
        np.testing.assert_array_equal(f(a, b), (a >= b).astype(np.float32))
    assert any(o.op == "ttnn.ge" and o.device_ns > 0 for o in f.report.ops)
