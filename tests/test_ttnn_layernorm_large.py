"""ttnn.layer_norm / ttnn.rms_norm on rows too wide for the small program's circular buffers: tt-metal 622c6fb9's
large-tensor program (LayerNormMultiCoreProgramFactory with large_tensor_needed: layernorm_large_tensor.cpp and
reader_unary_interleaved_ln_large_tensor.cpp, the row streamed block by block three times; with use_welford
layernorm_large_tensor_welford.cpp and its reader, twice).

- Which program runs: the op report's kernel file names (the small program below 95% of L1, the large one past it).
- Against float64 (odd widths, the tile padding holding -42, several tile rows over several cores, weight, bias,
  residual, bfloat16 and float32), with an fp32 Dst (layer_norm's default config; rms_norm given it), bounds in units
  of the row's scale s = max|ref| + 1: every FPU operand is truncated to TF32 (2^-10 relative) and the normalized
  value goes through about three such products (x - E[x] times the reciprocal root, times gamma) before the output
  is rounded to its format: float32 outputs within s * 2^-8, bfloat16 ones (a further 2^-9 rounding, and the
  bfloat16 inputs of the residual add) within s * 2^-7.
- Bit for bit against the small program, the same numbers run through both (tensix.ttnn.operations.normalization.
  _LN_L1_SHARE lowered to 0 sends narrow rows to the large program). The two C++ kernels are not the same algorithm:
  the small one squares x - E[x] on the FPU (mul_tiles, after packing it: TF32 operands with an fp32 Dst, the product
  rounded into a 16-bit Dst), the large one on the SFPU (square_tile on the Dst value); with a residual the small one
  adds first and takes the mean of a + b, the large one sums a's tiles and then b's and computes (a - E[x]) + b. So
  the inputs are small integers whose rows sum to 0: E[x] is exactly 0, every intermediate up to the sum of squares
  is exact in every format, and both programs must then agree to the last bit (the reciprocal root, the products
  with it, gamma and beta are the same calls). Random data differs in the last bits (checked too: the comparison
  can fail). The Welford kernels agree bit for bit where they run the same calls (a Float32 input, no residual)."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.ttnn.operations import normalization as N
import test_ttnn_normalization as TN
from test_ttnn_normalization import _ln_ref, _make

device = TN.device          # the module-scoped device fixture
pytestmark = TN.pytestmark

LARGE = "layernorm_large_tensor.py"
LARGE_READER = "reader_unary_interleaved_ln_large_tensor.py"
LARGE_WELFORD = "layernorm_large_tensor_welford.py"
LARGE_WELFORD_READER = "reader_unary_interleaved_ln_large_tensor_welford.py"


def _kernels():
    return {r.kernel for r in ttnn.op_report()[-1].run.riscvs}


def _cfg(fp32):
    return ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi4, math_approx_mode=False,
                                           fp32_dest_acc_en=fp32)


@pytest.mark.parametrize("rms", [False, True], ids=["layer_norm", "rms_norm"])
def test_wide_rows_take_the_large_tensor_program(device, rms):
    op = ttnn.rms_norm if rms else ttnn.layer_norm
    x = np.random.default_rng(1).standard_normal((1, 32, 8192)).astype(np.float32)
    op(_make(device, x[..., :1024], ttnn.bfloat16), epsilon=1e-5)
    assert "layernorm.py" in _kernels() and LARGE not in _kernels()
    op(_make(device, x, ttnn.float32), epsilon=1e-5, compute_kernel_config=_cfg(True))
    kernels = _kernels()
    assert {LARGE, LARGE_READER, "writer_unary_interleaved_start_id_blocked.py"} <= kernels
    assert ttnn.op_report()[-1].program == "LayerNormMultiCoreProgramFactory"


CASES = [(rms, res, aff) for rms in (False, True) for res in (False, True) for aff in (False, True)]
IDS = [f"{'rms' if c[0] else 'ln'}-{'res' if c[1] else 'nores'}-{'wb' if c[2] else 'plain'}" for c in CASES]


def _welford_kw(device, W):
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))})
    return dict(program_config=ttnn.LayerNormDefaultProgramConfig(use_welford=True),
                recip_tensor=ttnn.create_layer_norm_reciprocals(device, grid, W))


def _against_float64(device, dtype, rms, residual, affine, welford):
    rng = np.random.default_rng(21)
    W = 3821                                    # 120 tiles, 13 datums of the last one valid
    x = (rng.standard_normal((1, 72, W)) * 2 + 1).astype(np.float32)    # 3 tile rows, the last one 8 rows high
    t = _make(device, x, dtype)
    tr = _make(device, rng.standard_normal((1, 72, W)), dtype) if residual else None
    tg = _make(device, rng.random(W) + 0.5, dtype) if affine else None
    tb = _make(device, rng.standard_normal(W), dtype) if affine else None
    op = ttnn.rms_norm if rms else ttnn.layer_norm
    kw = _welford_kw(device, W) if welford else {}
    got = ttnn.to_numpy(op(t, epsilon=1e-5, weight=tg, bias=tb, residual_input_tensor=tr,
                           compute_kernel_config=_cfg(True), **kw)).astype(np.float64)
    kernels = _kernels()
    assert (LARGE_WELFORD if welford else LARGE) in kernels and ttnn.op_report()[-1].cores == 3
    assert (LARGE_WELFORD_READER if welford else LARGE_READER) in kernels
    xv = ttnn.to_numpy(t).astype(np.float64)
    if residual:
        xv = xv + ttnn.to_numpy(tr).astype(np.float64)
    g = ttnn.to_numpy(tg).astype(np.float64) if affine else None
    b = ttnn.to_numpy(tb).astype(np.float64) if affine else None
    ref = _ln_ref(xv, g, b, 1e-5, rms)
    scale = np.abs(ref).max(-1, keepdims=True) + 1.0
    tol = scale * (2.0 ** -7 if dtype == ttnn.bfloat16 else 2.0 ** -8)
    assert got.shape == ref.shape
    assert np.all(np.abs(got - ref) <= tol), (np.abs(got - ref) / scale).max()


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("rms, residual, affine", CASES, ids=IDS)
def test_large_against_float64(device, dtype, rms, residual, affine):
    _against_float64(device, dtype, rms, residual, affine, welford=False)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("residual", [False, True], ids=["nores", "res"])
@pytest.mark.parametrize("affine", [False, True], ids=["plain", "wb"])
def test_large_welford_against_float64(device, dtype, residual, affine):
    """layernorm_large_tensor_welford.cpp: a Float32 input without a residual reads Welford's tiles through the
    UnpackToDestFp32 alias c_29; with a residual the running mean / M2 go through c_30 / c_31 between blocks."""
    _against_float64(device, dtype, False, residual, affine, welford=True)


def _zero_sum_rows(rng, shape, r=None):
    """Integers in [-3, 3] whose rows (plus r's) sum to exactly 0: the correction spread one unit per datum."""
    x = rng.integers(-2, 3, shape).astype(np.float32)
    need = -(x.sum(-1) + (r.sum(-1) if r is not None else 0))
    cols = np.arange(shape[-1])
    x += np.sign(need)[..., None] * (cols < np.abs(need)[..., None])
    return x


def _both(device, monkeypatch, op, make, kw, kernels=("layernorm.py", LARGE)):
    monkeypatch.setattr(N, "_LN_L1_SHARE", 0.95)
    small = ttnn.to_numpy(op(make(), **kw))
    assert kernels[0] in _kernels()
    monkeypatch.setattr(N, "_LN_L1_SHARE", 0.0)
    large = ttnn.to_numpy(op(make(), **kw))
    assert kernels[1] in _kernels()
    return small, large


@pytest.mark.parametrize("dtype, fp32", [(ttnn.bfloat16, False), (ttnn.bfloat16, True), (ttnn.float32, True)],
                         ids=["bf16-dst16", "bf16-dst32", "f32-dst32"])
@pytest.mark.parametrize("rms, residual, affine", CASES, ids=IDS)
def test_large_matches_small_bit_for_bit(device, monkeypatch, dtype, fp32, rms, residual, affine):
    """300 wide (10 tiles: a partial last block of 2 or 6 tiles, a partial last tile of 12 datums), 2 x 40 rows."""
    rng = np.random.default_rng(5)
    shape = (2, 40, 300)
    r = rng.integers(-2, 3, shape).astype(np.float32) if residual else None
    x = _zero_sum_rows(rng, shape, r)
    kw = dict(epsilon=1e-5, compute_kernel_config=_cfg(fp32))
    if residual:
        kw["residual_input_tensor"] = _make(device, r, dtype)
    if affine:
        kw["weight"] = _make(device, rng.random(300) + 0.5, dtype)
        kw["bias"] = _make(device, rng.standard_normal(300), dtype)
    op = ttnn.rms_norm if rms else ttnn.layer_norm
    small, large = _both(device, monkeypatch, op, lambda: _make(device, x, dtype), kw)
    np.testing.assert_array_equal(small, large)


def test_large_and_small_differ_on_random_data(device, monkeypatch):
    """The FPU square of the small program and the SFPU square of the large one round differently (the comparison
    above is not vacuous)."""
    x = (np.random.default_rng(6).standard_normal((1, 32, 300)) * 2 + 1).astype(np.float32)
    small, large = _both(device, monkeypatch, ttnn.layer_norm, lambda: _make(device, x, ttnn.bfloat16),
                         dict(epsilon=1e-5))
    assert not np.array_equal(small, large)
    assert np.abs(small.astype(np.float64) - large).max() <= 2.0 ** -5


@pytest.mark.parametrize("affine", [False, True], ids=["plain", "wb"])
def test_large_welford_matches_small_welford_bit_for_bit(device, monkeypatch, affine):
    """A Float32 input without a residual: both Welford kernels run the same one-section Welford pass over the
    alias c_29 and, on Wormhole with that alias in use, the large one stages x - E[x] through cb_xmm and multiplies
    with mul_tiles_bcast_cols as the small one does (tt-metal issue #45216's workaround), so the two must agree to the
    last bit. Without the alias (bfloat16 inputs) the large kernel multiplies by binary_dest_reuse_tiles<ELWMUL>
    (operands in the other Src registers: the fidelity phases' partial products round in another order), and with a
    residual it computes (a - E[x]) + b and spills the running mean / M2 between blocks: not the same numbers."""
    rng = np.random.default_rng(8)
    x = (rng.standard_normal((2, 40, 300)) * 2 + 1).astype(np.float32)
    kw = dict(epsilon=1e-5, compute_kernel_config=_cfg(True), **_welford_kw(device, 300))
    if affine:
        kw["weight"] = _make(device, rng.random(300) + 0.5, ttnn.float32)
        kw["bias"] = _make(device, rng.standard_normal(300), ttnn.float32)
    small, large = _both(device, monkeypatch, ttnn.layer_norm, lambda: _make(device, x, ttnn.float32), kw,
                         kernels=("layernorm_welford.py", LARGE_WELFORD))
    np.testing.assert_array_equal(small, large)


@pytest.mark.parametrize("mode", ["layer_norm", "rms_norm", "welford"])
def test_large_padding_never_leaks(device, mode):
    x = np.random.default_rng(12).standard_normal((45, 4001)).astype(np.float32)
    op = ttnn.rms_norm if mode == "rms_norm" else ttnn.layer_norm
    kw = _welford_kw(device, 4001) if mode == "welford" else {}
    outs = []
    for pad in (0.0, -42.0, 1e4):
        t = ttnn.from_numpy(x, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device, pad_value=pad)
        outs.append(ttnn.to_numpy(op(t, epsilon=1e-5, compute_kernel_config=_cfg(True), **kw)))
        assert (LARGE_WELFORD if mode == "welford" else LARGE) in _kernels()
    np.testing.assert_array_equal(outs[0], outs[1])
    np.testing.assert_array_equal(outs[0], outs[2])

