"""Welford's algorithm as tt-metal 622c6fb9 runs it: tt-llk's SFPU kernel (ckernel_sfpu_welfords.h, tensix.sfpi.
llk_welford) held bit for bit to a numpy re-implementation written from the C++ (each SFPMAD through the bit-exact
SFPMAD model tensix.sfpu.fma, in the kernel's order), the compute API (api/compute/welford.h, tensix.kernel.welford)
and its guards, and ttnn.layer_norm(program_config=LayerNormDefaultProgramConfig(use_welford=True)) against numpy
float64."""

import numpy as np
import pytest
from test_kernel_sfpu_loadmacro_ops import _pipeline
from test_sfpu_batch import launch

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError, UndefinedBehaviourError
from tensix.kernel import (CBIndex, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, copy_tile,
                           copy_tile_init, exp_tile, exp_tile_init, get_arg_val, init_sfpu, pack_tile,
                           tile_regs_acquire, tile_regs_commit, tile_regs_release, tile_regs_wait,
                           transpose_wh_init_short, transpose_wh_tile, welford_clear,
                           welford_finalize_to_face, welford_finalize_to_row, welford_init, welford_restore_state,
                           welford_save_state, welford_update, welford_update_rows)
from tensix.sfpi import llk_welford as W
from tensix.sfpu import SfpuState, fma, new_dst, run_instrs
from tensix.sfpu.dst import read_tiles32, write_tiles32

U32 = np.uint32
NEG1 = np.full(32, 0xBF800000, U32)     # LReg11 = -1.0
ZERO = np.zeros(32, U32)


def _bits(a):
    return np.asarray(a, np.float32).view(U32)


def _lut(n):
    """The table create_layer_norm_reciprocals makes: 1/(i+1) in doubles, rounded to float32."""
    return np.array([1.0 / (i + 1) for i in range(n)]).astype(np.float32).view(U32)


def _lane_columns():
    """Tile column of each lane of LReg0-7 after the block load's SFPTRANSP: lane 8 g + c holds column
    16 (g // 2) + 2 c + g % 2 (g: the SFPLOAD at offset 0 / 2 / 16 / 18 it came from)."""
    return np.array([16 * (L // 16) + 2 * (L % 8) + (L // 8) % 2 for L in range(32)])


def _reference_rows(x_bits, mean, m2, start_idx, rows, lut):
    """The replayed _compute_welfords_row_ for each row in order, lanes as columns (uint32 bits): alpha = -1 * mean + x,
    mean' = alpha * r + mean, d = -1 * mean + x, beta = -1 * mean' + x, M2 = d * beta + M2, mean = mean'; r =
    lut[sample index]."""
    idx = start_idx
    for row in rows:
        x = x_bits[row]
        r = np.full(32, lut[idx], U32)
        alpha = fma(NEG1, mean, x)
        new = fma(alpha, r, mean)
        d = fma(NEG1, mean, x)
        beta = fma(NEG1, new, x)
        m2 = fma(d, beta, m2)
        mean = new
        idx += 1
    return mean, m2


def _sfpu(x_tiles):
    state = SfpuState(1)
    state.set_sfpu_fp32(True)
    dst = new_dst(1)
    write_tiles32(dst, 0, np.asarray(x_tiles, np.float32).view(U32))
    return state, dst


def _inputs(seed, n=1, scale=3.0, offset=100.0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((n, 32, 32)) * scale + offset).astype(np.float32)


def test_llk_every_row_step_bit_exact():
    """One replayed row at a time (welford_update_rows with one row): after each step LReg4 / LReg5 hold, per lane,
    the reference's mean and M2 of that lane's column, bit for bit (including the SFPTRANSP round trip of LReg4-7)."""
    x = _inputs(1)
    lut = _lut(32)
    state, dst = _sfpu(x)
    run_instrs(W.init_instrs(True), state, dst)
    cols = _lane_columns()
    xb = _bits(x[0])[:, cols]       # lane order
    mean, m2 = ZERO.copy(), ZERO.copy()
    for row in range(32):
        run_instrs(W.tile_rows(row, row, 1, lut), state, dst)
        mean, m2 = _reference_rows(xb, mean, m2, row, [row], lut)
        assert np.array_equal(state.lregs[0, 4], mean), row
        assert np.array_equal(state.lregs[0, 5], m2), row
    # and the statistics are those of the columns (float64 check of the layout, loose)
    got = state.lregs[0, 4].view(np.float32)
    assert np.allclose(got, x[0].astype(np.float64).mean(0)[cols], rtol=1e-6)


@pytest.mark.parametrize("rows", [(0, 32), (0, 7), (5, 20), (13, 3), (31, 1), (4, 0)])
def test_llk_tiles_and_partial_tile_then_finalize_to_row(rows):
    """Two full tiles (start_idx 0 and 32), then rows [start, start + n) of a third (start_idx 64), then
    welford_finalize_to_row with 1/N: the mean lands in row 0 of Dst tile 1 and the variance in row 0 of tile 2, rows
    1-3 of faces 0 and 1 become 0, everything else is untouched."""
    start, n = rows
    x = _inputs(2, 3)
    total = 64 + n
    lut = _lut(total + 5)
    state, dst = _sfpu(x)
    sentinel = np.full((2, 32, 32), 7.0, np.float32)
    write_tiles32(dst, 3, sentinel.view(U32))
    for t in range(3):
        write_tiles32(dst, 0, x[t:t + 1].view(U32))
        prog = W.tile_rows(32 * t, 0, 32, lut) if t < 2 else W.tile_rows(64, start, n, lut)
        if t == 0:
            prog = W.init_instrs(True) + prog
        run_instrs(prog, state, dst)
    run_instrs(W.finalize_row_instrs(int(lut[total - 1])), state, dst, base=np.array([64 * 3]))
    out = read_tiles32(dst, 3, 2)[0]
    mean, m2 = ZERO.copy(), ZERO.copy()
    xb = _bits(x)
    for t in range(3):
        rr = range(32) if t < 2 else range(start, start + n)
        mean, m2 = _reference_rows(xb[t], mean, m2, 32 * t if t < 2 else 64, rr, lut)
    var = fma(np.full(32, lut[total - 1], U32), m2, ZERO)
    assert np.array_equal(out[0, 0], mean)
    assert np.array_equal(out[1, 0], var)
    for k in range(2):
        assert not out[k, 1:4].any()
        assert np.array_equal(out[k, 4:], sentinel[k, 4:].view(U32))
    ref = np.concatenate([x[0], x[1], x[2, start:start + n]]).astype(np.float64)
    assert np.allclose(out[0, 0].view(np.float32), ref.mean(0), rtol=1e-6, atol=1e-6)
    assert np.allclose(out[1, 0].view(np.float32), ref.var(0), rtol=1e-4)


def test_llk_save_restore_and_finalize_to_face_groups():
    """save (raw: 4 rows x 8 even columns of face 0 at row 4 g), a clobber of LReg4 / LReg5, restore, and
    finalize_to_face for group 2: the raw values are LReg4 and scale * LReg5, bit for bit."""
    x = _inputs(3)
    lut = _lut(32)
    state, dst = _sfpu(x)
    run_instrs(W.init_instrs(True) + W.tile_rows(0, 0, 32, lut), state, dst)
    mean, m2 = state.lregs[0, 4].copy(), state.lregs[0, 5].copy()
    run_instrs(W.save_instrs(1), state, dst, base=np.array([64]))
    run_instrs(W.clear_instrs(), state, dst)
    assert not state.lregs[0, 4].any()
    run_instrs(W.restore_instrs(1), state, dst, base=np.array([64]))
    assert np.array_equal(state.lregs[0, 4], mean) and np.array_equal(state.lregs[0, 5], m2)
    run_instrs(W.finalize_face_instrs(int(lut[31]), 2), state, dst, base=np.array([64]))
    t = read_tiles32(dst, 1, 2)[0]
    lanes = lambda tile, row0: np.array([tile[row0 + L // 8, 2 * (L % 8)] for L in range(32)])  # noqa: E731
    assert np.array_equal(lanes(t[0], 8), mean)
    assert np.array_equal(lanes(t[1], 8), fma(np.full(32, lut[31], U32), m2, ZERO))
    assert np.array_equal(lanes(t[0], 4), mean)          # the save of group 1 is still there


def test_recip_fallback_and_table_bounds():
    """An empty table: the RISC-V's 1.0f / (idx + 1); a table index past its end is undefined behaviour."""
    for i in (0, 2, 6, 999):
        assert W.recip_bits(i, ()) == int((np.float32(1) / np.float32(i + 1)).view(U32))
    with pytest.raises(UndefinedBehaviourError):
        W.tile_rows(0, 0, 32, _lut(31))
    with pytest.raises(NotModelledError):
        W.tile_rows(0, 30, 3, _lut(64))


# ---- the compute API, in a kernel --------------------------------------------------------------------------------
LUT = _lut(64)


def compute_stats():
    """Per core: tile 1 (samples 0..31), tile 2 (rows 0..9, samples 32..41) with a save / clear / restore between
    them, finalized to row 0 of Dst tile 1 (variance in tile 2: not packed)."""
    n = get_arg_val(0)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    assert n == 2
    cb_wait_front(CBIndex.c_0, 2)
    tile_regs_acquire()
    copy_tile(CBIndex.c_0, 0, 0)
    welford_init()
    welford_update(0, 0, LUT)
    welford_save_state(2)
    welford_clear()
    welford_restore_state(2)
    copy_tile(CBIndex.c_0, 1, 0)
    welford_update_rows(0, 32, 0, 10, LUT)
    welford_finalize_to_row(1, 41, LUT)
    tile_regs_commit()
    cb_pop_front(CBIndex.c_0, 2)
    cb_reserve_back(CBIndex.c_16, 2)
    tile_regs_wait()
    pack_tile(1, CBIndex.c_16)
    pack_tile(2, CBIndex.c_16)
    tile_regs_release()
    cb_push_back(CBIndex.c_16, 2)


def test_compute_api_matches_llk_reference():
    x = _inputs(4, 4, scale=2.0, offset=-5.0)      # 2 cores x 2 tiles
    out = launch(compute_stats, x, 2, 2)
    for c in range(2):
        xb = _bits(x[2 * c:2 * c + 2])
        mean, m2 = _reference_rows(xb[0], ZERO, ZERO, 0, range(32), LUT)
        mean, m2 = _reference_rows(xb[1], mean, m2, 32, range(10), LUT)
        var = fma(np.full(32, LUT[41], U32), m2, ZERO)
        assert np.array_equal(_bits(out[2 * c, 0]), mean)
        assert np.array_equal(_bits(out[2 * c + 1, 0]), var)
        assert not out[2 * c, 1:4].any()


def _kernel(body, exp=False):
    """A compute kernel running body() once per tile inside _pipeline (Dst tile 0 packed), after copy_tile's init
    (and exp_tile_init with exp)."""
    def compute():
        n = get_arg_val(0)
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        if exp:
            exp_tile_init()
        _pipeline(lambda i: body(), n)
    return compute


def _no_init():
    copy_tile(CBIndex.c_0, 0, 0)
    welford_update(0, 0, LUT)


def _other_op_between():
    copy_tile(CBIndex.c_0, 0, 0)
    welford_init()
    copy_tile(CBIndex.c_0, 0, 1)
    exp_tile(1)
    welford_update(0, 0, LUT)


def _saved_around_other_op():
    copy_tile(CBIndex.c_0, 0, 0)
    welford_init()
    welford_update(0, 0, LUT)
    welford_save_state(2)
    copy_tile(CBIndex.c_0, 0, 1)
    exp_tile(1)
    welford_restore_state(2)
    welford_finalize_to_row(0, 31, LUT)


def _to_face():
    copy_tile(CBIndex.c_0, 0, 0)
    welford_init()
    welford_update(0, 0, LUT)
    welford_finalize_to_face(0, 31, LUT)


def test_compute_api_finalize_to_face():
    """welford_finalize_to_face: the mean raw (lane L at row L // 8, column 2 (L % 8) of face 0) in Dst tile 0."""
    x = _inputs(8)
    out = launch(_kernel(_to_face), x, 1, 1)
    mean, _ = _reference_rows(_bits(x[0])[:, _lane_columns()], ZERO, ZERO, 0, range(32), LUT)
    assert np.array_equal(np.array([_bits(out[0, L // 8, 2 * (L % 8)]) for L in range(32)]), mean)


def _transpose_clobbers_replay():
    """transpose_wh_init_short of an UnpackToDestFp32 CB (launch's c_0 with an fp32 Dst) records the transpose-dest
    sequence over Welford's replay slots: an update without welford_init<PreserveStats> after it is refused."""
    welford_init()
    transpose_wh_init_short(CBIndex.c_0)
    transpose_wh_tile(CBIndex.c_0, 0, 0)
    welford_update(0, 0, LUT)


@pytest.mark.parametrize("body, text", [(_no_init, "no welford_init ran"),
                                        (_other_op_between, "another SFPU op ran"),
                                        (_transpose_clobbers_replay, "transpose-dest sequence")])
def test_compute_api_refuses_unknown_lregs(body, text):
    with pytest.raises(NotModelledError, match=text):
        launch(_kernel(body, exp=True), _inputs(5), 1, 1)


def test_compute_api_save_restore_around_other_op():
    x = _inputs(6)
    out = launch(_kernel(_saved_around_other_op, exp=True), x, 1, 1)
    mean, _ = _reference_rows(_bits(x[0]), ZERO, ZERO, 0, range(32), LUT)
    assert np.array_equal(_bits(out[0, 0]), mean)


# ---- ttnn.layer_norm(use_welford=True) -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _grid(device):
    g = device.compute_with_storage_grid_size()
    return ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(g.x - 1, g.y - 1))})


def _to_dev(device, a, dtype, pad=None):
    if a is None:
        return None
    t = ttnn.from_torch(a, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    return ttnn.fill_implicit_tile_padding(t, pad) if pad is not None else t


def _host(t, dtype):
    """What the device holds of a host array (bfloat16: rounded to nearest even), as float64."""
    if dtype == ttnn.float32:
        return t.astype(np.float64)
    b = t.astype(np.float32).view(U32)
    b = (b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000
    return b.view(np.float32).astype(np.float64)


# Bound (per element): the mean and variance are float32 Welford results (relative error ~1e-6); what limits the result
# is the FPU after Welford, whose SrcA / SrcB reads truncate float32 to TF32 (10 explicit mantissa bits: relative error
# < 2**-10 per operand). x (and x + residual) read for x - E[x] errs by up to 2**-10 * max|x| of the row, which the
# normalization divides by the row's std; x - E[x] and 1/sqrt(var + eps) read for the multiply err by 2**-10 * |n|
# each (n the normalized value); gamma and beta add 2**-10 * |y|. So |error| <= 1.5 * 2**-10 * (max|x| / std + |n| +
# |y|) (1.5: margin; the measured ratio is <= 0.95 over the cases below), plus 2**-8 * |y| for a bfloat16 output
# (rounded to 8 bits; the inputs' own bfloat16 rounding is in the float64 reference).
@pytest.mark.parametrize("shape, dtype, affine, residual", [
    ((32, 32), ttnn.float32, False, False),
    ((64, 96), ttnn.float32, True, False),
    ((40, 200), ttnn.bfloat16, True, True),
    ((2, 32, 45), ttnn.float32, True, True),
    ((33, 31), ttnn.bfloat16, False, False),
    ((32, 519), ttnn.float32, False, True),
])
def test_layer_norm_welford(device, shape, dtype, affine, residual):
    rng = np.random.default_rng(hash(shape) % 2**32)
    w = shape[-1]
    x = rng.random(shape).astype(np.float32)
    r = rng.random(shape).astype(np.float32) if residual else None
    g = rng.random(w).astype(np.float32) if affine else None
    b = rng.random(w).astype(np.float32) if affine else None
    eps = 1e-5
    xs = _host(x, dtype) + (_host(r, dtype) if residual else 0)
    mu = xs.mean(-1, keepdims=True)
    std = np.sqrt(((xs - mu) ** 2).mean(-1, keepdims=True) + eps)
    norm = (xs - mu) / std
    ref = norm * _host(g, dtype) + _host(b, dtype) if affine else norm
    bound = 1.5 * 2.0 ** -10 * (np.abs(xs).max(-1, keepdims=True) / std + np.abs(norm) + np.abs(ref))
    if dtype == ttnn.bfloat16:
        bound += 2.0 ** -8 * np.abs(ref)
    recip = ttnn.create_layer_norm_reciprocals(device, _grid(device), w)
    out = ttnn.layer_norm(_to_dev(device, x, dtype, pad=-42.0), epsilon=eps, weight=_to_dev(device, g, dtype),
                          bias=_to_dev(device, b, dtype), residual_input_tensor=_to_dev(device, r, dtype, pad=-42.0),
                          program_config=ttnn.LayerNormDefaultProgramConfig(use_welford=True), recip_tensor=recip)
    got = ttnn.to_torch(out).float().numpy().astype(np.float64)
    assert got.shape == ref.shape
    err = np.abs(got - ref)
    assert (err <= bound).all(), float((err / bound).max())


def test_layer_norm_welford_uses_the_table(device):
    """The kernel reads the reciprocals from the table: a table of 1/(i+1) doubled gives other numbers (the mean is
    scaled by the first update's 2 / 1), so the op is not computing the statistics some other way."""
    x = np.random.default_rng(7).random((32, 64)).astype(np.float32)
    cfg = ttnn.LayerNormDefaultProgramConfig(use_welford=True)
    recip = ttnn.create_layer_norm_reciprocals(device, _grid(device), 64)
    good = ttnn.to_torch(ttnn.layer_norm(_to_dev(device, x, ttnn.float32), program_config=cfg, recip_tensor=recip))
    g = device.compute_with_storage_grid_size()
    n = g.x * g.y
    bad_table = np.tile(2 * np.array([1.0 / (i + 1) for i in range(64)], np.float32), (n, 1))
    spec = ttnn.ShardSpec(_grid(device), (1, 64), ttnn.ShardOrientation.ROW_MAJOR)
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, spec)
    bad = ttnn.from_torch(bad_table, dtype=ttnn.float32, layout=ttnn.ROW_MAJOR_LAYOUT, device=device,
                          memory_config=mc)
    worse = ttnn.to_torch(ttnn.layer_norm(_to_dev(device, x, ttnn.float32), program_config=cfg, recip_tensor=bad))
    assert not np.allclose(good.numpy(), worse.numpy(), atol=1e-2)


def test_layer_norm_welford_refusals(device):
    x = _to_dev(device, np.ones((32, 64), np.float32), ttnn.float32)
    cfg = ttnn.LayerNormDefaultProgramConfig(use_welford=True)
    with pytest.raises(ttnn.TTNNError if hasattr(ttnn, "TTNNError") else Exception, match="Reciprocal tensor"):
        ttnn.layer_norm(x, program_config=cfg)
    recip = ttnn.create_layer_norm_reciprocals(device, _grid(device), 64)
    with pytest.raises(Exception, match="not supported for RMSNorm"):
        ttnn.rms_norm(x, program_config=cfg, recip_tensor=recip)


# ---- ttnn.var / ttnn.std (ttnn::prim::welford_reduce) ----------------------------------------------------------------
def _column_stats(x, scale_bits_idx):
    """Per column of x (rows in order): the Welford LLK's mean and variance bits as the H / HW kernels leave them
    (reciprocals from the RISC-V's float division: an empty table), variance = 1/(idx+1) * M2."""
    xb = _bits(x)
    mean, m2 = np.zeros(x.shape[1], U32), np.zeros(x.shape[1], U32)
    neg1 = np.full(x.shape[1], 0xBF800000, U32)
    for i in range(x.shape[0]):
        r = np.full(x.shape[1], W.recip_bits(i, ()), U32)
        new = fma(fma(neg1, mean, xb[i]), r, mean)
        m2 = fma(fma(neg1, mean, xb[i]), fma(neg1, new, xb[i]), m2)
        mean = new
    var = fma(np.full(x.shape[1], W.recip_bits(scale_bits_idx, ()), U32), m2, np.zeros(x.shape[1], U32))
    return mean.view(np.float32), var.view(np.float32)


def _hw_reference(x, correction):
    """writer_welford_hw.cpp: the columns' (mean, population variance) combined in float32 in column order
    (welford_combine.h combine), then * N / (N - 1) with Bessel's correction."""
    f = np.float32
    mean, var = _column_stats(x, x.shape[0] - 1)
    h = x.shape[0]
    m, v, n = f(0), f(0), 0
    for c in range(x.shape[1]):
        d = mean[c] - m
        t = n + h
        # result.mean = a.mean + delta * (float(b.count) / count); variance = (m2_a + m2_b + delta * delta *
        # (float(a.count) * b.count / count)) / count, each operation rounded to float32
        m, v, n = m + d * (f(h) / f(t)), (v * f(n) + var[c] * f(h) + d * d * (f(n) * f(h) / f(t))) / f(t), t
    if correction:
        v = v * f(n) / f(n - 1)
    return f(v)


@pytest.mark.parametrize("shape, correction", [((1, 40, 45), True), ((2, 64, 33), False)])
def test_var_hw_bit_exact(device, shape, correction):
    """ttnn.var over (-2, -1) of float32 data: every step (the SFPU Welford per column, the RISC-V combine) in
    float32, so the result is reproduced bit for bit; the tile padding (-42) is left out."""
    x = (np.random.default_rng(11).standard_normal(shape) * 5 + 3).astype(np.float32)
    t = _to_dev(device, x, ttnn.float32, pad=-42.0)
    got = ttnn.to_torch(ttnn.var(t, dim=(-2, -1), keepdim=True, correction=correction)).numpy()
    for b in range(shape[0]):
        want = _hw_reference(x[b], correction)
        assert got[b, 0, 0].view(U32) == want.view(U32), (got[b, 0, 0], want)


def test_var_h_bit_exact(device):
    """ttnn.var over H of float32 data: the per-column LLK variance with 1/(H - 1), bit for bit."""
    x = (np.random.default_rng(12).standard_normal((2, 70, 40)) * 2 - 1).astype(np.float32)
    got = ttnn.to_torch(ttnn.var(_to_dev(device, x, ttnn.float32, pad=-42.0), dim=-2, keepdim=True)).numpy()
    for b in range(2):
        _, var = _column_stats(x[b], 70 - 2)
        assert np.array_equal(got[b, 0].view(U32), var.view(U32))


@pytest.mark.parametrize("kind", ["var", "std"])
@pytest.mark.parametrize("shape, dim, dtype", [
    ((3, 40, 45), -1, ttnn.float32), ((3, 40, 45), -2, ttnn.bfloat16), ((2, 3, 40, 45), 1, ttnn.float32),
    ((4, 33, 70), None, ttnn.bfloat16), ((3, 40, 45), (0, 2), ttnn.float32), ((45,), 0, ttnn.float32)])
def test_var_std_against_float64(device, kind, shape, dim, dtype):
    """Against numpy float64 of the values the device holds. Bounds: float32 data is reduced in float32 (Welford's
    recurrence: each step's rounding is relative to the samples' magnitude, so the variance errs by a few ulps of
    max x**2: 1e-5 relative plus 1e-5 * max x**2, i.e. 1e-5 * max|x| for std); a bfloat16 result is rounded to 8
    bits (relative 2**-9; 2**-8 allowed)."""
    rng = np.random.default_rng(13)
    x = (rng.standard_normal(shape) * 4 + 10).astype(np.float32)
    xs = _host(x, dtype)
    axis = None if dim is None else dim
    ref = np.var(xs, axis=axis, ddof=1, keepdims=True)
    if kind == "std":
        ref = np.sqrt(ref)
    t = _to_dev(device, x, dtype, pad=-42.0)
    got = ttnn.to_torch(getattr(ttnn, kind)(t, dim=dim, keepdim=True)).float().numpy().astype(np.float64)
    assert got.shape == ref.shape
    rel = 1e-5 if dtype == ttnn.float32 else 2.0 ** -8
    atol = 1e-5 * float(np.abs(xs).max()) ** (2 if kind == "var" else 1) if dtype == ttnn.float32 else 0.0
    assert np.allclose(got, ref, rtol=rel, atol=atol), float(np.abs(got - ref).max())


def test_var_std_shapes_and_refusals(device):
    x = _to_dev(device, np.ones((2, 32, 32), np.float32), ttnn.float32)
    assert tuple(ttnn.var(x, dim=-1).shape) == (2, 32)
    assert tuple(ttnn.std(x, dim=(1, 2), keepdim=True).shape) == (2, 1, 1)
    one = ttnn.to_torch(ttnn.var(_to_dev(device, np.ones((3, 1), np.float32), ttnn.float32), dim=-1)).numpy()
    assert one.shape == (3,) and np.isnan(one).all()                 # one element, Bessel's correction: NaN
    with pytest.raises(Exception, match="fp32_dest_acc_en"):
        ttnn.var(x, dim=-1, compute_kernel_config=ttnn.WormholeComputeKernelConfig(fp32_dest_acc_en=False))
    rm = ttnn.from_torch(np.ones((32, 32), np.float32), dtype=ttnn.float32, layout=ttnn.ROW_MAJOR_LAYOUT,
                         device=device)
    with pytest.raises(NotModelledError, match="ROW_MAJOR"):
        ttnn.var(rm, dim=-1)


def test_layer_norm_welford_float32_with_row_major_gamma_hangs(device):
    """tt-metal 622c6fb9's own behaviour: a Float32 input makes the factory read Welford's input through the alias
    CB 29, which reader_unary_interleaved_ln.cpp pushes but reader_unary_interleaved_ln_rm_gb.cpp (a ROW_MAJOR
    gamma or beta) never does, so the compute kernel waits on it forever; tensix reports the hang."""
    from tensix.device.errors import DeadlockError
    x = _to_dev(device, np.random.default_rng(9).random((32, 32)).astype(np.float32), ttnn.float32)
    gamma = ttnn.from_torch(np.ones((1, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT,
                            device=device)
    with pytest.raises(DeadlockError, match="cb=29"):
        ttnn.layer_norm(x, weight=gamma, program_config=ttnn.LayerNormDefaultProgramConfig(use_welford=True),
                        recip_tensor=ttnn.create_layer_norm_reciprocals(device, _grid(device), 32))
