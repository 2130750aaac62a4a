"""ttnn.softmax / scale_mask_softmax / layer_norm / rms_norm (tensix.ttnn.operations.normalization) against float64
references, with bounds derived from the datapath of tt-metal 622c6fb9's kernels:
- softmax in bfloat16 (the default config: HiFi4, a 16-bit Dst, bfloat16 intermediate CBs): the exponentials are
  packed to bfloat16 (2^-8 relative), the row sum accumulates in the 16-bit Dst tile after tile (a bfloat16 rounding
  per tile of the row: Wt * 2^-8), its reciprocal and the product are bfloat16 again; the approximate exp (the
  default, math_approx_mode) is Schraudolph's 8-fraction-bit exponential: within 4% of exp(x);
- float32 (fp32 Dst, HiFi3): the exps and sums through TF32 SrcA/SrcB (2^-9 per datum).
Padding never leaks: every input's tile padding holds -42 (as tt-metal's tests set it), and results are
bit-identical to those with other padding."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.sfpi import llk

pytestmark = pytest.mark.skipif(not hasattr(llk, "UNARY_FORK"),
                                reason="the 622c6fb9 SFPU kernels (exp, recip, rsqrt) are not in tensix.kernel yet")


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _make(device, x, dtype, pad=-42.0):
    t = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    return ttnn.fill_implicit_tile_padding(t, pad)


def _softmax_ref(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _cfg(approx, fp32, fidelity=ttnn.MathFidelity.HiFi4):
    return ttnn.WormholeComputeKernelConfig(math_fidelity=fidelity, math_approx_mode=approx, fp32_dest_acc_en=fp32)


def _softmax_tol(ref, W, dtype, approx):
    wt = -(-W // 32)
    if dtype == ttnn.float32:
        rel = 2.0 ** -7 + wt * 2.0 ** -9
    else:
        rel = 2.0 ** -6 + wt * 2.0 ** -7
    if approx:
        rel += 0.08
    return ref * rel + 2.0 ** -12


SHAPES = [(1, 1, 32, 32), (2, 3, 40, 70), (50, 33), (1, 64, 256), (5, 7)]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("approx", [True, False], ids=["approx", "accurate"])
@pytest.mark.parametrize("stable", [True, False], ids=["stable", "plain"])
def test_softmax_bounds(device, shape, dtype, approx, stable):
    x = (np.random.default_rng(1).standard_normal(shape) * 3).astype(np.float32)
    t = _make(device, x, dtype)
    cfg = _cfg(approx, dtype == ttnn.float32, ttnn.MathFidelity.HiFi3 if dtype == ttnn.float32 else
               ttnn.MathFidelity.HiFi4)
    got = ttnn.to_numpy(ttnn.softmax(t, dim=-1, numeric_stable=stable, compute_kernel_config=cfg)).astype(np.float64)
    ref = _softmax_ref(ttnn.to_numpy(t).astype(np.float64))
    assert got.shape == ref.shape
    assert np.all(np.abs(got - ref) <= _softmax_tol(ref, shape[-1], dtype, approx)), np.abs(got - ref).max()


def test_softmax_default_config_is_approximate(device):
    """ttnn.softmax's own config: math_approx_mode on (Schraudolph's exp), HiFi4, bfloat16 Dst."""
    x = np.random.default_rng(2).standard_normal((2, 40, 70)).astype(np.float32)
    t = _make(device, x, ttnn.bfloat16)
    a = ttnn.to_numpy(ttnn.softmax(t, dim=-1))
    b = ttnn.to_numpy(ttnn.softmax(t, dim=-1, compute_kernel_config=_cfg(True, False)))
    c = ttnn.to_numpy(ttnn.softmax(t, dim=-1, compute_kernel_config=_cfg(False, False)))
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)


@pytest.mark.parametrize("stable", [True, False])
def test_softmax_padding_never_leaks(device, stable):
    x = np.random.default_rng(3).standard_normal((2, 45, 70)).astype(np.float32)
    outs = []
    for pad in (0.0, -42.0, 1e4):
        t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, pad_value=pad)
        outs.append(ttnn.to_numpy(ttnn.softmax(t, dim=-1, numeric_stable=stable)))
    np.testing.assert_array_equal(outs[0], outs[1])
    np.testing.assert_array_equal(outs[0], outs[2])
    assert np.all(np.isfinite(outs[0]))


def test_softmax_numeric_stable_large_inputs(device):
    """tt-metal's test_softmax_stable_neg_values inputs: with the max subtracted the result is right."""
    for vec in ([100.0, 101.0], [100.0, 1000.0], [-100.0, -99.0], [-1000.0, -100.0], [-100, -108, -99, -100, -101, -98]):
        x = np.asarray([[vec]], np.float32)
        t = _make(device, x, ttnn.bfloat16)
        for approx in (True, False):
            got = ttnn.to_numpy(ttnn.softmax(t, dim=-1, numeric_stable=True,
                                             compute_kernel_config=_cfg(approx, False))).astype(np.float64)
            ref = _softmax_ref(x.astype(np.float64))
            assert np.all(np.abs(got - ref) <= _softmax_tol(ref, len(vec), ttnn.bfloat16, approx)), (vec, got, ref)


def test_softmax_multicore_and_report(device):
    x = np.random.default_rng(4).standard_normal((1, 2, 33 * 32, 64)).astype(np.float32)
    t = _make(device, x, ttnn.bfloat16)
    ttnn.clear_op_report()
    got = ttnn.to_numpy(ttnn.softmax(t, dim=-1, compute_kernel_config=_cfg(False, False))).astype(np.float64)
    rec = [r for r in ttnn.op_report() if r.op == "ttnn.softmax"]
    assert rec[-1].program == "SoftmaxProgramFactoryAttentionOptimized" and rec[-1].cores == 64
    assert rec[-1].device_ns > 0
    ref = _softmax_ref(x.astype(np.float64))
    ref = _softmax_ref(ttnn.to_numpy(t).astype(np.float64))
    assert np.all(np.abs(got - ref) <= _softmax_tol(ref, 64, ttnn.bfloat16, False))
    ttnn.softmax(t, dim=-1, compute_kernel_config=_cfg(False, False))
    assert ttnn.op_report()[-1].cache_hit


@pytest.mark.parametrize("causal", [False, True])
def test_scale_mask_softmax(device, causal):
    rng = np.random.default_rng(5)
    N, H, W = 2, 64, 96
    x = rng.standard_normal((N, 1, H, W)).astype(np.float32)
    scale = 0.125
    if causal:
        m = np.where(np.tril(np.ones((H, W))) > 0, 0.0, -1e4).astype(np.float32)[None, None].repeat(N, 0)
    else:
        m = np.where(rng.random((N, 1, 1, W)) > 0.3, 0.0, -1e4).astype(np.float32)
        m = np.concatenate([m, np.zeros((N, 1, 31, W), np.float32)], axis=2)   # [N, 1, 32, W]: row 0 is used
    t = _make(device, x, ttnn.bfloat16)
    tm = ttnn.from_numpy(m, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    got = ttnn.to_numpy(ttnn.scale_mask_softmax(t, scale, tm, is_causal_mask=causal, numeric_stable=True,
                                                compute_kernel_config=_cfg(False, False))).astype(np.float64)
    xs = ttnn.to_numpy(t).astype(np.float64)
    sc = np.float64(np.float32(scale))
    mm = ttnn.to_numpy(tm).astype(np.float64)
    ref = _softmax_ref(xs * sc + (mm if causal else mm[:, :, :1, :]))
    assert np.all(np.abs(got - ref) <= _softmax_tol(ref, W, ttnn.bfloat16, False) + 2.0 ** -8 * ref)


def _softmax_cols_ref(x, axis):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


@pytest.mark.parametrize("shape, dim", [((1, 1, 32, 32), -2), ((2, 3, 40, 70), 2), ((50, 33), 0), ((3, 70, 64), 1),
                                        ((5, 7), -2), ((1, 2, 200, 40), -2)])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
@pytest.mark.parametrize("approx", [True, False], ids=["approx", "accurate"])
def test_softmax_down_the_columns_runs_the_general_h_program(device, shape, dim, dtype, approx):
    """softmax over the second-last dim (of the 4D view): SoftmaxProgramFactoryGeneralHSmall, the moreh kernels. Against
    float64 within the datapath's bounds (the last-dim bounds with H for W, plus x - max rounded to the intermediate
    format before the exp, and bfloat8_b's own 2^-7 block step); the padding rows (-42 here) never leak: the same
    bits with another padding value."""
    x = np.random.default_rng(sum(shape) + dim).standard_normal(shape).astype(np.float32)
    fp32 = dtype == ttnn.float32
    cfg = _cfg(approx, fp32, ttnn.MathFidelity.HiFi3 if fp32 else ttnn.MathFidelity.HiFi4)
    t = _make(device, x, dtype)
    ttnn.clear_op_report()
    got = ttnn.to_numpy(ttnn.softmax(t, dim=dim, compute_kernel_config=cfg)).astype(np.float64)
    rec = ttnn.op_report()[-1]
    assert rec.program == "SoftmaxProgramFactoryGeneralHSmall"
    xs = ttnn.to_numpy(t).astype(np.float64)
    ref = _softmax_cols_ref(xs, dim)
    H = shape[dim]
    spread = np.abs(xs - xs.max(dim, keepdims=True))
    tol = _softmax_tol(ref, H, ttnn.float32 if fp32 else ttnn.bfloat16, approx)
    tol += ref * spread * (2.0 ** -20 if fp32 else 2.0 ** -8) + (2.0 ** -7 * ref.max() if dtype == ttnn.bfloat8_b else 0)
    assert np.all(np.abs(got - ref) <= tol)
    if dtype == ttnn.bfloat8_b:
        return      # the padding shares the valid values' block exponents: another padding changes the input itself
    other = ttnn.softmax(_make(device, x, dtype, pad=1e4), dim=dim, compute_kernel_config=cfg)
    np.testing.assert_array_equal(ttnn.to_numpy(other).view(np.uint8), ttnn.to_numpy(
        ttnn.softmax(t, dim=dim, compute_kernel_config=cfg)).view(np.uint8))


@pytest.mark.parametrize("shape, dim", [((16, 24, 42), 0), ((2, 3, 40, 70), 1), ((3, 2, 33, 31), 0), ((5, 32, 32), -3),
                                        ((7, 1, 32, 64), 0)])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("approx", [True, False], ids=["approx", "accurate"])
def test_softmax_across_slices_runs_the_general_c_program(device, shape, dim, dtype, approx):
    """softmax over dim 0 or 1 of the 4D view: SoftmaxProgramFactoryGeneralCLarge, tile by tile along the dim (the
    running max on the SFPU, the sum of exps on the FPU, each step packed to an intermediate CB). Against float64
    within the datapath's bounds; another tile padding gives the same logical values."""
    x = np.random.default_rng(sum(shape) - dim).standard_normal(shape).astype(np.float32)
    fp32 = dtype == ttnn.float32
    cfg = _cfg(approx, fp32, ttnn.MathFidelity.HiFi3 if fp32 else ttnn.MathFidelity.HiFi4)
    t = _make(device, x, dtype)
    ttnn.clear_op_report()
    got = ttnn.to_numpy(ttnn.softmax(t, dim=dim, compute_kernel_config=cfg)).astype(np.float64)
    assert ttnn.op_report()[-1].program == "SoftmaxProgramFactoryGeneralCLarge"
    xs = ttnn.to_numpy(t).astype(np.float64)
    ref = _softmax_cols_ref(xs, dim)
    spread = np.abs(xs - xs.max(dim, keepdims=True))
    # per step a rounding to the intermediate format: x - max, its exp, the running sum (dim_size of them), 1 / sum
    steps = shape[dim] + 4
    tol = ref * (steps * (2.0 ** -10 if fp32 else 2.0 ** -8) + spread * (2.0 ** -10 if fp32 else 2.0 ** -8)
                 + (0.08 if approx else 0)) + 2.0 ** -12
    assert np.all(np.abs(got - ref) <= tol)
    other = ttnn.to_numpy(ttnn.softmax(_make(device, x, dtype, pad=1e4), dim=dim, compute_kernel_config=cfg))
    np.testing.assert_array_equal(other.astype(np.float64), got)


def test_softmax_down_the_columns_counts_the_masked_padding_in_the_max(device):
    """moreh_softmax_h masks the last tile row's padding rows to 0.0 before the column max (mask_tile_to_cb), so a
    column whose values are all below about -87 gets max 0 instead of its own: every exp(x - 0) underflows to 0, the
    sum is 0 and the softmax collapses (0 times the reciprocal of 0). The same data with a height of whole tiles (no
    padding rows, no mask) is a correct softmax."""
    x = (np.random.default_rng(5).standard_normal((64, 32)) * 0.5 - 100).astype(np.float32)
    cfg = _cfg(False, True, ttnn.MathFidelity.HiFi4)
    full = ttnn.to_numpy(ttnn.softmax(_make(device, x, ttnn.float32), dim=0, compute_kernel_config=cfg))
    ref = _softmax_cols_ref(x.astype(np.float64), 0)
    # x - max goes through the FPU's 19-bit (TF32) operands: an absolute error of up to |x| * 2^-11 in the exponent
    assert np.all(np.abs(full - ref) <= ref * (np.abs(x).max() * 2.0 ** -10 + 2.0 ** -6))
    padded = ttnn.to_numpy(ttnn.softmax(_make(device, x[:40], ttnn.float32), dim=0, compute_kernel_config=cfg))
    assert np.all(np.abs(padded) < 1e-3) and ref[:40].max() > 0.01
    with pytest.raises(ttnn.TTNNError, match="FP32 destination accumulation must be enabled"):
        ttnn.softmax(_make(device, x, ttnn.float32), dim=0, compute_kernel_config=_cfg(False, False))


def test_softmax_errors(device):
    x = np.ones((2, 40, 70), np.float32)
    t = _make(device, x, ttnn.bfloat16)
    with pytest.raises(ttnn.TTNNError, match="Dimension out of range"):
        ttnn.softmax(t, dim=3)
    rm = ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device)
    with pytest.raises(ttnn.LayoutError, match="Inputs to softmax must be tilized"):
        ttnn.softmax(rm, dim=-1)        # rank 3, last dim: dim_adjusted 3 != rank - 1, so ttnn does not tilize
    ti = ttnn.from_numpy(x.astype(np.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(ttnn.DTypeError, match="FLOAT32, BFLOAT16, or BFLOAT8_B"):
        ttnn.softmax(ti, dim=-1)
    with pytest.raises(ttnn.TTNNError, match="Scale value must not be set"):
        ttnn.scale_mask_softmax(t, 0.5, None)
    wide = _make(device, np.ones((1, 32, 32 * 400), np.float32), ttnn.float32)
    with pytest.raises(NotModelledError, match="large-tensor"):
        ttnn.softmax(wide, dim=-1)


@pytest.mark.parametrize("shape,dim", [((1, 2, 40, 70), -1), ((2, 40, 70), 1), ((3, 33, 65), -2)])
def test_softmax_of_a_row_major_input_is_tilized_with_minus_inf(device, shape, dim):
    """softmax.cpp: a ROW_MAJOR input whose 4D dim equals its rank - 1 is tilized with -inf padding first, then the
    softmax runs on the tiles: the same bits as softmax of the TILE tensor padded with -inf."""
    x = np.random.default_rng(5).standard_normal(shape).astype(np.float32)
    rm = ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device)
    ttnn.clear_op_report()
    got = ttnn.softmax(rm, dim=dim)
    assert [r.op for r in ttnn.op_report()][-2:] == ["ttnn.tilize_with_val_padding", "ttnn.softmax"]
    assert got.layout == ttnn.TILE_LAYOUT and tuple(got.shape) == shape
    tiled = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, pad_value=float("-inf"))
    want = ttnn.softmax(ttnn.reshape(tiled, (1,) * (4 - len(shape)) + shape), dim=dim + 4 - len(shape) if dim >= 0
                        else dim)
    np.testing.assert_array_equal(ttnn.to_numpy(got), ttnn.to_numpy(want).reshape(shape))

@pytest.mark.parametrize("shape", [(0, 32), (2, 0, 5), (1, 3, 0, 70)])
def test_softmax_of_an_empty_tensor_is_full(device, shape):
    """softmax.cpp's early exit: ttnn.full(shape, 1.0) (scale_mask_softmax: the scale) with the input's dtype and
    layout on its device, no program run."""
    t = _make(device, np.zeros(shape, np.float32), ttnn.bfloat16)
    ttnn.clear_op_report()
    for out in (ttnn.softmax(t, dim=-1), ttnn.scale_mask_softmax(t, None, None)):
        assert tuple(out.shape) == shape and out.dtype == ttnn.bfloat16 and out.layout == ttnn.TILE_LAYOUT
        assert out.storage_type() == ttnn.StorageType.DEVICE and ttnn.to_numpy(out).size == 0
    assert not [r for r in ttnn.op_report() if "softmax" in r.op and r.device_ns]
    with pytest.raises(NotModelledError, match="ttnn.fill"):
        ttnn.scale_mask_softmax_in_place(t, None, None)

def _general_tol(ref, xs, dim, dtype, approx, program):
    """Bounds for the moreh programs, from the datapath: GeneralWSmall / GeneralHSmall / GeneralHLarge as in
    test_softmax_down_the_columns_runs_the_general_h_program (the last-dim bounds with the reduced length, plus x - max
    rounded to the intermediate format before the exp, and bfloat8_b's 2^-7 block step on the output);
    GeneralCLarge as in test_softmax_across_slices_runs_the_general_c_program (one rounding to the intermediate format
    per step: dim_size running sums, x - max, its exp, 1 / sum), its intermediates in the input's format without fp32
    accumulation, so in bfloat8_b each step rounds to 2^-7 of its 16-value block's largest magnitude."""
    fp32 = dtype == ttnn.float32
    spread = np.abs(xs - xs.max(dim, keepdims=True))
    n = xs.shape[dim]
    if program != "SoftmaxProgramFactoryGeneralCLarge":
        tol = _softmax_tol(ref, n, ttnn.float32 if fp32 else ttnn.bfloat16, approx)
        return tol + ref * spread * (2.0 ** -20 if fp32 else 2.0 ** -8) + (
            2.0 ** -7 * ref.max() if dtype == ttnn.bfloat8_b else 0)
    steps = n + 4
    if dtype == ttnn.bfloat8_b:
        return (ref * (steps * 2.0 ** -7 + spread.max() * 2.0 ** -7 + (0.08 if approx else 0))
                + 4 * 2.0 ** -7 * ref.max() + 2.0 ** -12)
    return ref * (steps * (2.0 ** -10 if fp32 else 2.0 ** -8) + spread * (2.0 ** -10 if fp32 else 2.0 ** -8)
                  + (0.08 if approx else 0)) + 2.0 ** -12


def _general_program(rank, dim):
    """select_program_factory for a rank > 4 tensor (softmax_device_operation.cpp): the last dim GeneralW (small
    here: rows of one tile), the second-last GeneralH, any other GeneralCLarge."""
    d = dim % rank
    return ("SoftmaxProgramFactoryGeneralWSmall" if d == rank - 1 else "SoftmaxProgramFactoryGeneralHSmall"
            if d == rank - 2 else "SoftmaxProgramFactoryGeneralCLarge")


@pytest.mark.parametrize("shape, dim", [((2, 3, 2, 40, 7), d) for d in range(5)] + [((2, 3, 2, 40, 7), -5)]
                         + [((2, 1, 2, 3, 33, 20), d) for d in range(6)] + [((1, 2, 1, 1, 3, 50, 31), -1)])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
@pytest.mark.parametrize("approx", [True, False], ids=["approx", "accurate"])
def test_softmax_rank_n_runs_the_general_programs(device, shape, dim, dtype, approx):
    """softmax of a rank > 4 tensor: prim::softmax hands the tensor and its dim to the device op unchanged, whose
    select_program_factory runs GeneralW for the last dim (the 4D view's last dim is AttentionOptimized, only rank 4
    gets it), GeneralH for the second-last and GeneralCLarge (over the leading dims: its outer stride the product of
    the dims from `dim` to the second-last) for the others. Against float64 within the datapath's bounds; odd shapes
    whose tile padding (-42 here) never leaks: the same bits with another padding value (not for bfloat8_b, where the
    padding shares the block exponents)."""
    x = np.random.default_rng(len(shape) * 10 + dim).standard_normal(shape).astype(np.float32)
    fp32 = dtype == ttnn.float32
    cfg = _cfg(approx, fp32, ttnn.MathFidelity.HiFi3 if fp32 else ttnn.MathFidelity.HiFi4)
    t = _make(device, x, dtype)
    ttnn.clear_op_report()
    out = ttnn.softmax(t, dim=dim, compute_kernel_config=cfg)
    program = _general_program(len(shape), dim)
    assert tuple(out.shape) == shape and ttnn.op_report()[-1].program == program
    got = ttnn.to_numpy(out).astype(np.float64)
    xs = ttnn.to_numpy(t).astype(np.float64)
    ref = _softmax_cols_ref(xs, dim)
    tol = _general_tol(ref, xs, dim, dtype, approx, program)
    assert np.all(np.abs(got - ref) <= tol), (np.abs(got - ref) - tol).max()
    if dtype != ttnn.bfloat8_b:
        other = ttnn.softmax(_make(device, x, dtype, pad=1e4), dim=dim, compute_kernel_config=cfg)
        np.testing.assert_array_equal(ttnn.to_numpy(other).astype(np.float64), got)


def test_softmax_rank_n_default_config_and_report(device):
    """ttnn.softmax's own config on a rank-5 tensor (HiFi4, approx, no fp32 accumulation for bfloat16; HiFi3 and
    fp32 accumulation for float32) runs the general programs: a float32 input without fp32 accumulation is refused
    as the factories refuse it."""
    x = np.random.default_rng(3).standard_normal((1, 3, 2, 45, 9)).astype(np.float32)
    for dtype in (ttnn.bfloat16, ttnn.float32):
        t = _make(device, x, dtype)
        ttnn.clear_op_report()
        for dim, program in ((-1, "WSmall"), (-2, "HSmall"), (2, "CLarge"), (0, "CLarge")):
            a = ttnn.to_numpy(ttnn.softmax(t, dim=dim))
            rec = ttnn.op_report()[-1]
            assert rec.program == "SoftmaxProgramFactoryGeneral" + program and rec.device_ns > 0
            b = ttnn.to_numpy(ttnn.softmax(t, dim=dim, compute_kernel_config=_cfg(
                True, dtype == ttnn.float32, ttnn.MathFidelity.HiFi3 if dtype == ttnn.float32 else
                ttnn.MathFidelity.HiFi4)))
            np.testing.assert_array_equal(a, b)
            assert ttnn.op_report()[-1].cache_hit
        if dtype == ttnn.float32:
            for dim in (-1, -2, 0):
                with pytest.raises(ttnn.TTNNError, match="FP32 destination accumulation must be enabled"):
                    ttnn.softmax(t, dim=dim, compute_kernel_config=_cfg(True, False))


# the tallest columns that still take the small H program (is_softmax_general_h_small_available: the L1 base
# 128 KB plus 2 * Ht input / output tiles, 2 * Ht intermediate tiles, two mask / scaler and three intermediate tiles
# within 512 KB), per input dtype and fp32 accumulation: one tile row more runs GeneralHLarge
_H_SMALL_MAX = {(ttnn.bfloat16, False): 46, (ttnn.bfloat16, True): 30, (ttnn.float32, True): 22,
                (ttnn.bfloat8_b, False): 61}


@pytest.mark.parametrize("dtype, fp32", list(_H_SMALL_MAX))
@pytest.mark.parametrize("large", [False, True], ids=["small", "large"])
def test_softmax_down_tall_columns_runs_the_general_h_large_program(device, dtype, fp32, large):
    """A column one tile row taller than the small H program's L1 budget runs SoftmaxProgramFactoryGeneralHLarge
    (the column streamed three times tile by tile: max, sum of exps in a one-tile running sum, result); one tile row
    shorter still runs GeneralHSmall. Odd heights (the last tile row masked) and widths, a rank-4 and a rank-5 view
    of the data; against float64 within the H program's bounds, the padding (-42) never leaking."""
    ht = _H_SMALL_MAX[(dtype, fp32)] + (1 if large else 0)
    H = ht * 32 - 5
    rng = np.random.default_rng(ht)
    cfg = _cfg(False, fp32, ttnn.MathFidelity.HiFi3 if dtype == ttnn.float32 else ttnn.MathFidelity.HiFi4)
    for shape, dim in (((1, 2, H, 40), -2), ((1, 1, 2, 1, H, 9), 4)):
        x = rng.standard_normal(shape).astype(np.float32)
        t = _make(device, x, dtype)
        ttnn.clear_op_report()
        got = ttnn.to_numpy(ttnn.softmax(t, dim=dim, compute_kernel_config=cfg)).astype(np.float64)
        program = "SoftmaxProgramFactoryGeneralH" + ("Large" if large else "Small")
        assert ttnn.op_report()[-1].program == program
        xs = ttnn.to_numpy(t).astype(np.float64)
        ref = _softmax_cols_ref(xs, dim)
        tol = _general_tol(ref, xs, dim, ttnn.float32 if fp32 and dtype != ttnn.bfloat8_b else dtype, False, program)
        assert np.all(np.abs(got - ref) <= tol), (np.abs(got - ref) - tol).max()
        if dtype != ttnn.bfloat8_b:
            other = ttnn.to_numpy(ttnn.softmax(_make(device, x, dtype, pad=1e4), dim=dim, compute_kernel_config=cfg))
            np.testing.assert_array_equal(other.astype(np.float64), got)


# (rows of more than one tile in GeneralWSmall / GeneralWLarge: tests/test_ttnn_softmax_general_w.py)


# ---- layer_norm / rms_norm ----------------------------------------------------------------------------------------
def _ln_ref(x, g, b, eps, rms):
    if rms:
        y = x / np.sqrt((x * x).mean(-1, keepdims=True) + eps)
    else:
        m = x.mean(-1, keepdims=True)
        y = (x - m) / np.sqrt(((x - m) ** 2).mean(-1, keepdims=True) + eps)
    if g is not None:
        y = y * g
    if b is not None:
        y = y + b
    return y


def _ln_tol(ref, x, dtype, rms):
    """Each of the kernel's intermediates (x - E[x], its square, the means, the reciprocal root, the products) is
    rounded once to the intermediate CBs' format: Float32 (fp32 Dst; SrcA keeps TF32, 2^-10) for layer_norm's default
    config, Float16_b (2^-8) for rms_norm's; the result is in units of the row's spread."""
    scale = np.abs(ref).max(-1, keepdims=True) + 1.0
    rel = 2.0 ** -6 if (rms or dtype == ttnn.bfloat8_b) else 2.0 ** -7
    return scale * rel + np.abs(ref) * 2.0 ** -7


LN_SHAPES = [(1, 1, 32, 32), (2, 3, 40, 70), (50, 33), (1, 64, 256)]


@pytest.mark.parametrize("shape", LN_SHAPES)
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("rms", [False, True], ids=["layer_norm", "rms_norm"])
@pytest.mark.parametrize("affine", [False, True], ids=["plain", "weight_bias"])
def test_norm_bounds(device, shape, dtype, rms, affine):
    rng = np.random.default_rng(11)
    x = (rng.standard_normal(shape) * 2 + 1).astype(np.float32)
    W = shape[-1]
    t = _make(device, x, dtype)
    g = b = tg = tb = None
    if affine:
        tg = ttnn.from_numpy((rng.random(W) + 0.5).astype(np.float32), dtype=dtype, layout=ttnn.TILE_LAYOUT,
                             device=device)
        tb = ttnn.from_numpy(rng.standard_normal(W).astype(np.float32), dtype=dtype, layout=ttnn.TILE_LAYOUT,
                             device=device)
        g, b = ttnn.to_numpy(tg).astype(np.float64), ttnn.to_numpy(tb).astype(np.float64)
    op = ttnn.rms_norm if rms else ttnn.layer_norm
    got = ttnn.to_numpy(op(t, epsilon=1e-5, weight=tg, bias=tb)).astype(np.float64)
    xv = ttnn.to_numpy(t).astype(np.float64)
    ref = _ln_ref(xv, g, b, 1e-5, rms)
    assert got.shape == ref.shape
    assert np.all(np.abs(got - ref) <= _ln_tol(ref, xv, dtype, rms)), np.abs(got - ref).max()


@pytest.mark.parametrize("rms", [False, True], ids=["layer_norm", "rms_norm"])
def test_norm_padding_never_leaks(device, rms):
    x = np.random.default_rng(12).standard_normal((2, 45, 70)).astype(np.float32)
    outs = []
    for pad in (0.0, -42.0, 1e4):
        t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, pad_value=pad)
        op = ttnn.rms_norm if rms else ttnn.layer_norm
        outs.append(ttnn.to_numpy(op(t, epsilon=1e-5)))
    np.testing.assert_array_equal(outs[0], outs[1])
    np.testing.assert_array_equal(outs[0], outs[2])


@pytest.mark.parametrize("rms", [False, True], ids=["layer_norm", "rms_norm"])
def test_norm_residual(device, rms):
    rng = np.random.default_rng(13)
    x = rng.standard_normal((64, 96)).astype(np.float32)
    r = rng.standard_normal((64, 96)).astype(np.float32)
    t, tr = _make(device, x, ttnn.bfloat16), _make(device, r, ttnn.bfloat16)
    op = ttnn.rms_norm if rms else ttnn.layer_norm
    got = ttnn.to_numpy(op(t, epsilon=1e-5, residual_input_tensor=tr)).astype(np.float64)
    s = ttnn.to_numpy(t).astype(np.float64) + ttnn.to_numpy(tr).astype(np.float64)
    ref = _ln_ref(s, None, None, 1e-5, rms)
    assert np.all(np.abs(got - ref) <= _ln_tol(ref, s, ttnn.bfloat16, True) + np.abs(ref) * 2.0 ** -7)


def test_norm_multicore_report_and_config(device):
    x = np.random.default_rng(14).standard_normal((1, 1, 70 * 32, 64)).astype(np.float32)
    t = _make(device, x, ttnn.bfloat16)
    ttnn.clear_op_report()
    ttnn.layer_norm(t, epsilon=1e-5)
    rec = ttnn.op_report()[-1]
    assert rec.program == "LayerNormMultiCoreProgramFactory" and rec.cores == 64 and rec.device_ns > 0
    ttnn.layer_norm(t, epsilon=1e-5)
    assert ttnn.op_report()[-1].cache_hit
    cfg = ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, math_approx_mode=False,
                                           fp32_dest_acc_en=False)
    a = ttnn.to_numpy(ttnn.layer_norm(t, epsilon=1e-5, compute_kernel_config=cfg))
    b = ttnn.to_numpy(ttnn.layer_norm(t, epsilon=1e-5))
    assert not np.array_equal(a, b)         # bf16 intermediates vs fp32 ones


RNG_W = np.random.default_rng(7)


def test_norm_errors(device):
    x = np.ones((2, 40, 70), np.float32)
    t = _make(device, x, ttnn.bfloat16)
    g = ttnn.from_numpy(np.ones(64, np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(ttnn.ShapeError, match="padded widths must match"):
        ttnn.layer_norm(t, weight=g)
    # a ROW_MAJOR weight is the [Wt, 32] stick form (reader_unary_interleaved_ln_rm_gb): same numbers as tiled
    w = RNG_W.standard_normal(96).astype(np.float32)
    grm = ttnn.from_numpy(w.reshape(3, 32), dtype=ttnn.bfloat16, device=device)
    gt = ttnn.from_numpy(w[:70], dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.layer_norm(t, weight=grm)),
                                  ttnn.to_numpy(ttnn.layer_norm(t, weight=gt)))
    with pytest.raises(ttnn.ShapeError, match="volume needs to align"):
        ttnn.layer_norm(t, weight=ttnn.from_numpy(np.ones((2, 32), np.float32), dtype=ttnn.bfloat16, device=device))
    with pytest.raises(NotModelledError, match="ROW_MAJOR weight of DataType.FLOAT32"):
        ttnn.layer_norm(t, weight=ttnn.from_numpy(np.ones((3, 32), np.float32), dtype=ttnn.float32, device=device))
    rm = ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device)
    with pytest.raises(ttnn.TTNNError, match="does not support ROW_MAJOR"):
        ttnn.rms_norm(rm)
    r = _make(device, np.ones((2, 40, 64), np.float32), ttnn.bfloat16)
    with pytest.raises(ttnn.ShapeError, match="residual"):
        ttnn.layer_norm(t, residual_input_tensor=r)
