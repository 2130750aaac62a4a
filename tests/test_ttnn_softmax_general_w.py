"""ttnn.softmax along the last dim of a rank > 4 tensor whose rows span more than one tile: tt-metal 622c6fb9's
SoftmaxProgramFactoryGeneralWSmall / GeneralWLarge (moreh_softmax_w{,_large}.cpp). Their row max reduces the first
Wt - 1 tiles, then the masked last tile onto the running max with compute_kernel_lib::reduce's Accumulate (MAX along
REDUCE_ROW), whose reload copies the packed running max back into Dst with a within-face transpose
(copy_tile_to_dst_init_short(cb, 0, 1)): GMPOOL accumulates in row 0 of faces 0 and 2, the packed result is column 0.

Two layers:
- the compute API (tensix.kernel): copy_tile after copy_tile_to_dst_init_short(cb, 0, 1) writes each 16x16 face
  transposed; reduce_tile along REDUCE_ROW pools onto row 0 of faces 0 and 2 and leaves its row vector there (tt-llk
  _llk_math_reduce_ / reduce_row_perform_transpose), so a running max reloaded with the transpose continues, one
  reloaded without it is what Wormhole computes (row 0 holds one value per face);
- the programs, against float64 with the datapath's bounds (as tests/test_ttnn_normalization.py's general programs:
  the exps, sums and reciprocal rounded to the intermediate format, Float16_b 2^-8 or TF32 2^-10, one rounding per
  tile of the row in the running sum, x - max rounded before the exp, bfloat8_b's 2^-7 block step on the output, the
  approximate exp within 8%), and bit for bit against the same program where the accumulation order is the same
  (a row whose other tiles are -inf against the row of its one finite tile: the running max and the sums see the
  same numbers; GeneralWSmall against GeneralWLarge for rows of one tile; rows permuted within a tile row)."""

import numpy as np
import pytest
from device_helpers import run_single

import tensix.kernel as K
import tensix.metalium as tm
import tensix.ttnn as ttnn
from tensix.device import formats
from tensix.device.formats import DataFormat as DF
from tensix.errors import NotModelledError
from tensix.kernel import CBIndex
from tensix.sfpi import llk
from tensix.ttnn.operations import normalization as N

pytestmark = pytest.mark.skipif(not hasattr(llk, "UNARY_FORK"),
                                reason="the 622c6fb9 SFPU kernels (exp, recip) are not in tensix.kernel yet")

C0, C1, C2, C16 = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2, CBIndex.c_16
BF = DF.Float16_b


def _faces_t(x):
    """Each 16x16 face of a 32x32 tile transposed in place."""
    return x.reshape(2, 16, 2, 16).transpose(0, 3, 2, 1).reshape(32, 32)


def _bf(x):
    return formats.unpack_tile_bytes(formats.pack_tile_bytes(np.asarray(x, np.float32), BF), BF)


# ---- the compute API ------------------------------------------------------------------------------------------------
def test_copy_tile_with_the_within_face_transpose():
    """copy_tile_to_dst_init_short(cb, 0, 1): the unpacker's Haloize_mode transposes each face as it writes SrcA; the
    next copy_tile_init (transpose_within_16x16_face = 0, as every unpack init writes it) copies plainly again."""
    x = np.random.default_rng(1).standard_normal((32, 32)).astype(np.float32)
    a = formats.pack_tile_bytes(x, BF)

    def compute():
        K.compute_kernel_hw_startup(C0, C16)
        K.copy_tile_to_dst_init_short(C0, 0, 1)
        for again in (False, True):
            if again:
                K.copy_tile_init(C0)
            K.cb_wait_front(C0, 1)
            K.tile_regs_acquire()
            K.copy_tile(C0, 0, 0)
            K.tile_regs_commit()
            K.cb_reserve_back(C16, 1)
            K.tile_regs_wait()
            K.pack_tile(0, C16)
            K.tile_regs_release()
            K.cb_push_back(C16, 1)

    out = run_single(compute, [(0, a)], BF, BF, tm.ComputeConfig(), n_out=2)
    got = [formats.unpack_tile_bytes(o, BF) for o in out]
    np.testing.assert_array_equal(got[0], _faces_t(_bf(x)))
    np.testing.assert_array_equal(got[1], _bf(x))


def test_copy_tile_transposes_that_are_not_modelled_are_refused():
    """The face-order transpose (transpose_of_faces) is refused, and so is the within-face transpose of a Float32 CB
    that unpacks straight to Dst (Haloize_mode is a SrcA write mode)."""
    a = formats.pack_tile_bytes(np.ones((32, 32), np.float32), BF)

    def faces():
        K.compute_kernel_hw_startup(C0, C16)
        K.copy_tile_to_dst_init_short(C0, 1)

    with pytest.raises(NotModelledError, match="transpose=1"):
        run_single(faces, [(0, a)], BF, BF, tm.ComputeConfig())

    def to_dest():
        K.compute_kernel_hw_startup(C0, C16)
        K.copy_tile_to_dst_init_short(C0, 0, 1)
        K.cb_wait_front(C0, 1)
        K.tile_regs_acquire()
        K.copy_tile(C0, 0, 0)

    cfg = tm.ComputeConfig(fp32_dest_acc_en=True, unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})
    f32 = formats.pack_tile_bytes(np.ones((32, 32), np.float32), DF.Float32)
    with pytest.raises(NotModelledError, match="unpacks straight to Dst.*within-face transpose"):
        run_single(to_dest, [(0, f32)], DF.Float32, DF.Float32, cfg)


@pytest.mark.parametrize("within", [True, False], ids=["within_face", "plain_copy"])
def test_reduce_row_max_onto_a_reloaded_running_max(within):
    """A running row max packed under reduce_init's edge mask (column 0 only), copied back into Dst and GMPOOLed
    onto (compute_kernel_lib::reduce's Accumulate). With the within-face transpose the copy puts it in row 0 of faces
    0 and 2, where GMPOOL accumulates: the result is max(running, row max of the tile), exactly. A plain copy leaves
    row 0 holding the running max of tile rows 0 and 16 and zeros: what Wormhole then computes is what tensix gives
    (a plausible number, wrong for the other rows)."""
    rng = np.random.default_rng(2)
    x = _bf(rng.standard_normal((32, 32)) * 4)
    m = np.zeros((32, 32), np.float32)
    m[:, 0] = _bf(rng.standard_normal((32, 32)) * 3 + 8)[:, 0]
    ones = np.ones((32, 32), np.float32)

    def compute():
        K.compute_kernel_hw_startup(C0, C2, C16)
        for cb in (C0, C1, C2):
            K.cb_wait_front(cb, 1)
        K.tile_regs_acquire()
        K.copy_tile_to_dst_init_short(C1, 0, 1 if within else 0)
        K.copy_tile(C1, 0, 0)
        K.reduce_init(C0, C2, C16, pool=K.PoolType.MAX, dim=K.ReduceDim.REDUCE_ROW)
        K.reduce_tile(C0, C2, 0, 0, 0)
        K.tile_regs_commit()
        K.cb_reserve_back(C16, 1)
        K.tile_regs_wait()
        K.pack_tile(0, C16)
        K.tile_regs_release()
        K.cb_push_back(C16, 1)
        K.reduce_uninit()

    tiles = [(0, formats.pack_tile_bytes(x, BF)), (1, formats.pack_tile_bytes(m, BF)),
             (2, formats.pack_tile_bytes(ones, BF))]
    got = formats.unpack_tile_bytes(run_single(compute, tiles, BF, BF, tm.ComputeConfig())[0], BF)
    if within:
        running = m[:, 0]
    else:
        running = np.zeros(32, np.float32)
        running[[0, 16]] = m[[0, 16], 0]
    np.testing.assert_array_equal(got[:, 0], np.maximum(running, x.max(axis=1)))
    # the running max matters: it wins in some rows (not only 0 and 16), the tile's max in others
    wins = m[:, 0] > x.max(axis=1)
    assert wins[[r for r in range(32) if r not in (0, 16)]].any() and not wins.all()


def test_reduce_row_calls_in_a_row_accumulate_and_leave_the_row_vector():
    """reduce_tile along REDUCE_ROW twice onto one Dst tile: the max of both tiles' rows (the second GMPOOL reads the
    row vector the first left in row 0); packed after reduce_uninit (no edge mask) row 0 of faces 0 and 2 holds that
    row vector, i.e. column 0 transposed within the face."""
    rng = np.random.default_rng(3)
    x, y = _bf(rng.standard_normal((32, 32)) * 3), _bf(rng.standard_normal((32, 32)) * 3)
    ones = np.ones((32, 32), np.float32)

    def compute():
        K.compute_kernel_hw_startup(C0, C2, C16)
        for cb in (C0, C1, C2):
            K.cb_wait_front(cb, 1)
        K.tile_regs_acquire()
        K.reduce_init(C0, C2, C16, pool=K.PoolType.MAX, dim=K.ReduceDim.REDUCE_ROW)
        K.reduce_tile(C0, C2, 0, 0, 0)
        K.reduce_tile(C1, C2, 0, 0, 0)
        K.reduce_uninit()
        K.tile_regs_commit()
        K.cb_reserve_back(C16, 1)
        K.tile_regs_wait()
        K.pack_tile(0, C16)
        K.tile_regs_release()
        K.cb_push_back(C16, 1)

    tiles = [(0, formats.pack_tile_bytes(x, BF)), (1, formats.pack_tile_bytes(y, BF)),
             (2, formats.pack_tile_bytes(ones, BF))]
    got = formats.unpack_tile_bytes(run_single(compute, tiles, BF, BF, tm.ComputeConfig())[0], BF)
    want = np.maximum(x.max(axis=1), y.max(axis=1))
    np.testing.assert_array_equal(got[:, 0], want)
    np.testing.assert_array_equal(got[[0, 16], 0:16], want.reshape(2, 16))


# ---- the programs ---------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _make(device, x, dtype, pad=-42.0):
    t = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    return ttnn.fill_implicit_tile_padding(t, pad)


def _cfg(approx, fp32):
    return ttnn.WormholeComputeKernelConfig(math_fidelity=ttnn.MathFidelity.HiFi3 if fp32 else ttnn.MathFidelity.HiFi4,
                                            math_approx_mode=approx, fp32_dest_acc_en=fp32)


def _ref(xs):
    e = np.exp(xs - xs.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _tol(ref, xs, dtype, approx):
    """The general W programs' bound (see the module docstring): per tile of the row one rounding of the running sum
    (2^-7 in Float16_b intermediates, 2^-9 through TF32), the exps / reciprocal / product (2^-6, 2^-7 for float32),
    x - max rounded before the exp (|x - max| * 2^-8, 2^-20), bfloat8_b's output step, the approximate exp."""
    fp32 = dtype == ttnn.float32
    wt = -(-xs.shape[-1] // 32)
    rel = (2.0 ** -7 + wt * 2.0 ** -9) if fp32 else (2.0 ** -6 + wt * 2.0 ** -7)
    if approx:
        rel += 0.08
    spread = np.abs(xs - xs.max(-1, keepdims=True))
    tol = ref * (rel + spread * (2.0 ** -20 if fp32 else 2.0 ** -8)) + 2.0 ** -12
    return tol + (2.0 ** -7 * ref.max() if dtype == ttnn.bfloat8_b else 0)


def _softmax(t, cfg, dim=-1):
    ttnn.clear_op_report()
    out = ttnn.softmax(t, dim=dim, compute_kernel_config=cfg)
    return ttnn.to_numpy(out).astype(np.float64), ttnn.op_report()[-1].program


@pytest.mark.parametrize("shape, dim", [((1, 2, 1, 40, 33), -1), ((2, 1, 3, 35, 64), 4), ((1, 1, 2, 1, 64, 70), -1),
                                        ((1, 2, 1, 1, 1, 7, 257), 6)])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
@pytest.mark.parametrize("approx", [True, False], ids=["approx", "accurate"])
def test_wide_rows_run_general_w_small(device, shape, dim, dtype, approx):
    """Rows of 2 to 9 tiles (odd widths: the last tile masked, its padding -42 never leaking: the same bits with
    padding 1e4, except bfloat8_b, whose padding shares the block exponents), ranks 5 to 7, against float64."""
    x = (np.random.default_rng(shape[-1]).standard_normal(shape) * 3).astype(np.float32)
    cfg = _cfg(approx, dtype == ttnn.float32)
    t = _make(device, x, dtype)
    got, program = _softmax(t, cfg, dim)
    assert program == "SoftmaxProgramFactoryGeneralWSmall"
    xs = ttnn.to_numpy(t).astype(np.float64)
    ref = _ref(xs)
    tol = _tol(ref, xs, dtype, approx)
    assert np.all(np.abs(got - ref) <= tol), (np.abs(got - ref) - tol).max()
    if dtype != ttnn.bfloat8_b:
        np.testing.assert_array_equal(_softmax(_make(device, x, dtype, pad=1e4), cfg, dim)[0], got)


# the widest rows that still take the small W program (is_softmax_general_w_small_available, as for the H program's
# columns: the L1 base plus 2 * Wt input / output tiles, 2 * Wt intermediate tiles and five more within 512 KB)
_W_SMALL_MAX = {(ttnn.bfloat16, False): 46, (ttnn.float32, True): 22, (ttnn.bfloat8_b, False): 61}


@pytest.mark.parametrize("dtype, fp32", list(_W_SMALL_MAX))
@pytest.mark.parametrize("large", [False, True], ids=["small", "large"])
def test_rows_past_the_l1_budget_run_general_w_large(device, dtype, fp32, large):
    """One tile more than the small program's budget runs GeneralWLarge (the row streamed three times: the max, the
    sum of exps added tile by tile into one running tile, the result); against float64 within the same bounds."""
    wt = _W_SMALL_MAX[(dtype, fp32)] + (1 if large else 0)
    W = wt * 32 - 7
    x = (np.random.default_rng(wt).standard_normal((1, 1, 1, 33, W)) * 3).astype(np.float32)
    t = _make(device, x, dtype)
    got, program = _softmax(t, _cfg(False, fp32))
    assert program == "SoftmaxProgramFactoryGeneralW" + ("Large" if large else "Small")
    xs = ttnn.to_numpy(t).astype(np.float64)
    ref = _ref(xs)
    tol = _tol(ref, xs, ttnn.float32 if fp32 else dtype, False)
    assert np.all(np.abs(got - ref) <= tol), (np.abs(got - ref) - tol).max()


@pytest.fixture
def force_large(device, monkeypatch):
    """Run GeneralWLarge for any width (its L1 check answering no), the program cache cleared around it."""
    device.clear_program_cache()
    monkeypatch.setattr(N, "_moreh_small_available", lambda *a: False)
    yield
    monkeypatch.undo()
    device.clear_program_cache()


@pytest.mark.parametrize("large", [False, True], ids=["small", "large"])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
@pytest.mark.parametrize("approx", [True, False], ids=["approx", "accurate"])
def test_one_finite_tile_in_a_row_of_minus_inf_is_that_tile_alone_bit_for_bit(device, request, large, dtype, approx):
    """A row of three tiles, two of them -inf and one finite (first, middle, last: its max then comes through the
    reload of the running max, or is the last tile reduced onto it) gives, in the finite tile, the bits of the
    one-tile row (no accumulation): the max is exact, exp(-inf) is exactly 0, and the sums add exact zeros; the -inf
    columns are exactly 0. Values 2..8 above the padding's 0, so a running max lost on reload would show."""
    if large:
        request.getfixturevalue("force_large")
    fp32 = dtype == ttnn.float32
    cfg = _cfg(approx, fp32)
    x0 = (np.random.default_rng(4).standard_normal((1, 1, 2, 64, 32)) * 3 + 5).astype(np.float32)
    alone, _ = _softmax(_make(device, x0, dtype), cfg)
    for k in range(3):
        x = np.full((1, 1, 2, 64, 96), -np.inf, np.float32)
        x[..., 32 * k:32 * k + 32] = x0
        got, program = _softmax(_make(device, x, dtype), cfg)
        assert program == "SoftmaxProgramFactoryGeneralW" + ("Large" if large else "Small")
        np.testing.assert_array_equal(got[..., 32 * k:32 * k + 32], alone)
        assert not np.delete(got, np.s_[32 * k:32 * k + 32], axis=-1).any()


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
def test_general_w_large_and_small_agree_on_rows_of_one_tile(device, force_large, dtype):
    """GeneralWLarge's steps for a row of one tile are GeneralWSmall's (the running sum is the one exp tile copied):
    the same bits. (Wider rows differ: Large adds the exp tiles elementwise before one row reduce, Small reduces each
    tile onto the running sum in Dst.)"""
    x = (np.random.default_rng(5).standard_normal((1, 2, 1, 50, 27)) * 3).astype(np.float32)
    cfg = _cfg(True, dtype == ttnn.float32)
    t = _make(device, x, dtype)
    large, program = _softmax(t, cfg)
    assert program == "SoftmaxProgramFactoryGeneralWLarge"
    device.clear_program_cache()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(N, "_moreh_small_available", lambda *a: True)
        small, program = _softmax(t, cfg)
    device.clear_program_cache()
    assert program == "SoftmaxProgramFactoryGeneralWSmall"
    np.testing.assert_array_equal(large, small)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_rows_are_independent_bit_for_bit(device, dtype):
    """The reload maps each tile row's running max back to its own row: the rows of each tile row reversed give the
    reversed result, bit for bit (a row mix-up in the reload, e.g. faces 1 and 2 or rows and columns, would not)."""
    x = (np.random.default_rng(6).standard_normal((1, 1, 2, 64, 100)) * 3).astype(np.float32)
    cfg = _cfg(False, dtype == ttnn.float32)
    a, _ = _softmax(_make(device, x, dtype), cfg)
    b, _ = _softmax(_make(device, np.ascontiguousarray(x[..., ::-1, :]), dtype), cfg)
    np.testing.assert_array_equal(b[..., ::-1, :], a)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_minus_inf_and_large_values(device, dtype):
    """-inf entries give exactly 0; a +100 in the first tile (its max reaches the last tile only through the reload:
    without it exp(100) would overflow) or in the last gives one 1.0-ish entry and zeros; rows of 1e30 are uniform;
    a row of -1000 of a width that is a whole number of tiles is uniform, but with a masked last tile its padding
    counts as 0.0 in the row max (moreh's mask_tile), every exp underflows and the card gives zeros."""
    fp32 = dtype == ttnn.float32
    W = 70
    x = np.random.default_rng(7).standard_normal((1, 1, 1, 40, W)).astype(np.float32)
    x[0, 0, 0, 0, 3] = 100.0
    x[0, 0, 0, 1, 65] = 100.0
    x[0, 0, 0, 2, 10:40] = -np.inf
    x[0, 0, 0, 3, :] = -np.inf
    x[0, 0, 0, 3, 50] = 1.0
    x[0, 0, 0, 4, :] = 1e30
    x[0, 0, 0, 5, :] = -1000.0
    for approx in (True, False):
        t = _make(device, x, dtype)
        got, _ = _softmax(t, _cfg(approx, fp32))
        xs = ttnn.to_numpy(t).astype(np.float64)
        assert np.isfinite(got).all()
        for r, c in ((0, 3), (1, 65), (3, 50)):
            assert abs(got[0, 0, 0, r, c] - 1.0) <= (0.01 if approx else 2.0 ** -7)
            assert not np.delete(got[0, 0, 0, r], c).any()
        assert not got[0, 0, 0, 2, 10:40].any()
        for r in (2, 4):
            ref = _ref(xs[0, 0, 0, r][None])[0]
            keep = np.isfinite(xs[0, 0, 0, r])
            assert np.all(np.abs(got[0, 0, 0, r][keep] - ref[keep]) <= _tol(ref[keep], xs[0, 0, 0, r][keep], dtype,
                                                                             approx))
        assert not got[0, 0, 0, 5].any()
        whole = _make(device, np.full((1, 1, 1, 32, 64), -1000.0, np.float32), dtype)
        uniform, _ = _softmax(whole, _cfg(approx, fp32))
        np.testing.assert_allclose(uniform, 1 / 64, rtol=0.08 if approx else 2.0 ** -6)
