"""reduce_tile with PoolType.AVG and matmul_tiles with in1 transposed (issue 3).

What the sources say (see tensix.device.fpu._pool and _transpose_in1):
- AVG is the SUM datapath (GAPOOL) unchanged; the 1/N (1/sqrt(N) for REDUCE_SCALAR) is the caller's scaler.
- transpose: in1 (SrcA) is transposed within each face by the unpacker and its faces 1/2 are read swapped by
  the math thread: Dst += in0 @ in1.T, same numerics as a plain matmul of in1.T. The transpose is configured
  by mm_init / mm_init_short / matmul_init.

References: numpy float64 with the documented precision (SrcA 5-bit / SrcB 7-bit multipliers per fidelity
phase, FP32 or BF16 Dst rounding), explicit bit masks from ISA SrcASrcB.md, and exact cases.
"""

import numpy as np
import pytest
from device_helpers import bits, f32, run_single, src, val

import tensix.metalium as tm
from tensix.device import formats as F
from tensix.device import fpu
from tensix.device.errors import ComputeInitError
from tensix.device.formats import DataFormat as DF
from tensix.device.fpu import MathFidelity as MF
from tensix.kernel import (
    CBIndex,
    PoolType,
    ReduceDim,
    cb_pop_front,
    cb_push_back,
    cb_reserve_back,
    cb_wait_front,
    compute_kernel_hw_startup,
    copy_tile_init,
    matmul_init,
    matmul_tiles,
    mm_init,
    mm_init_short,
    pack_tile,
    reduce_init,
    reduce_tile,
    tile_regs_acquire,
    tile_regs_commit,
    tile_regs_release,
    tile_regs_wait,
)

RNG = np.random.default_rng(1313)
FIDELITIES = [MF.LoFi, MF.HiFi2, MF.HiFi3, MF.HiFi4]


def asym(shape=(32, 32)):
    """A tile far from symmetric: x - x.T has no small entries where it matters."""
    x = RNG.standard_normal(shape)
    return x + np.arange(32)[:, None] * 0.25 - np.arange(32)[None, :] * 0.5


# ---------------------------------------------------------------------------------------- FPU: transpose


def test_in1_transpose_is_full_transpose_via_faces():
    b = RNG.standard_normal((3, 32, 32)).astype(np.float32)
    t = fpu._transpose_in1(b.view(np.uint32))
    assert np.array_equal(t.view(np.float32), b.transpose(0, 2, 1))
    # the two hardware steps one by one: a within-face transpose alone is NOT the tile transpose
    m = np.arange(1024, dtype=np.uint32).reshape(1, 32, 32)
    within = m.reshape(1, 2, 16, 2, 16).transpose(0, 1, 4, 3, 2).reshape(1, 32, 32)
    assert not np.array_equal(within, m.transpose(0, 2, 1))
    assert np.array_equal(within[0, :16, 16:], m[0, :16, 16:].T)  # face 1 transposed in place
    assert np.array_equal(fpu._transpose_in1(m)[0, :16, 16:], m[0, 16:, :16].T)  # then faces 1, 2 swapped


@pytest.mark.parametrize("fp32_dest", [True, False])
@pytest.mark.parametrize("fid", FIDELITIES)
def test_matmul_transpose_equals_matmul_of_transposed_in1(fid, fp32_dest):
    a = src(asym((2, 32, 32)), fp32_dest=fp32_dest)
    b = src(asym((2, 32, 32)), fp32_dest=fp32_dest)
    acc = fpu.matmul(b, a, fidelity=fid, fp32_dest=fp32_dest)  # some non-zero Dst contents
    for use_acc in (None, acc):
        got = fpu.matmul(a, b, acc=use_acc, fidelity=fid, fp32_dest=fp32_dest, transpose=True)
        ref = fpu.matmul(a, np.ascontiguousarray(b.transpose(0, 2, 1)), acc=use_acc, fidelity=fid,
                         fp32_dest=fp32_dest)
        assert np.array_equal(got, ref)
        assert not np.array_equal(got, fpu.matmul(a, b, acc=use_acc, fidelity=fid, fp32_dest=fp32_dest))


def _masked_ref(a, b, fid):
    """float64 sum over the fidelity phases of (SrcB bits of a) @ (SrcA bits of b), written from the ISA
    SrcASrcB.md tables: SrcA phase bits [implicit 1 + m22..m19] / [m18..m14]; SrcB [1 + m22..m17] / [m16..m13]."""
    ab, bb = bits(a), bits(b)
    a_hi = f32(ab & 0xFFFE0000).astype(np.float64)
    a_lo = a.astype(np.float64) - a_hi  # the SrcB bits beyond the first 6 mantissa bits
    b_hi = f32(bb & 0xFFF80000).astype(np.float64)
    b_mid = f32(bb & 0xFFFFC000).astype(np.float64) - b_hi  # the 5 SrcA bits of odd phases (TF32 LSB unused)
    parts = [(a_hi, b_hi), (a_hi, b_mid), (a_lo, b_hi), (a_lo, b_mid)]
    return sum(x @ y for x, y in parts[:fpu.num_fidelity_phases(fid)])


@pytest.mark.parametrize("fid", FIDELITIES)
def test_matmul_transpose_against_float64(fid):
    a, b = src(asym((2, 32, 32))), src(asym((2, 32, 32)))
    got = val(fpu.matmul(a, b, fidelity=fid, fp32_dest=True, transpose=True), True)
    ref = _masked_ref(a, np.ascontiguousarray(b.transpose(0, 2, 1)), fid)
    scale = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64)).transpose(0, 2, 1)
    # every partial sum is rounded to FP32 once per MVMUL and once per Dst accumulation: 2 * 8 roundings
    assert np.all(np.abs(got - ref) <= 16 * 2.0**-24 * scale + 1e-30)
    if fid == MF.HiFi4:  # BF16 inputs: HiFi4 uses every bit, so this is the exact product up to FP32 rounding
        exact = a.astype(np.float64) @ b.astype(np.float64).transpose(0, 2, 1)
        assert np.all(np.abs(got - exact) <= 16 * 2.0**-24 * scale + 1e-30)


def test_matmul_transpose_keeps_operand_roles():
    # the transposed in1 still goes through the 5-bit SrcA multiplier, in0 through the 7-bit SrcB one
    a = np.zeros((32, 32), np.float32)
    b = np.zeros((32, 32), np.float32)
    a[0, 3] = 1 + 2.0**-6          # needs 7 significant bits: kept whole by SrcB
    b[21, 3] = 1 + 2.0**-6         # in1.T[3, 21]: truncated to 1 + 4 bits in LoFi
    d = val(fpu.matmul(src(a), src(b), fidelity=MF.LoFi, fp32_dest=True, transpose=True), True)
    assert d[0, 21] == 1 + 2.0**-6
    assert np.count_nonzero(d) == 1
    d = val(fpu.matmul(src(a), src(b), fidelity=MF.HiFi2, fp32_dest=True, transpose=True), True)
    assert d[0, 21] == (1 + 2.0**-6) ** 2


def test_matmul_transpose_bf16_dest_error_bound():
    a, b = src(asym((2, 32, 32)), fp32_dest=False), src(asym((2, 32, 32)), fp32_dest=False)
    bt = b.astype(np.float64).transpose(0, 2, 1)
    got = val(fpu.matmul(a, b, fidelity=MF.HiFi4, fp32_dest=False, transpose=True), False)
    ref = a.astype(np.float64) @ bt
    bound = 8 * 2.0**-8 * (np.abs(a.astype(np.float64)) @ np.abs(bt)) + 1e-30
    assert np.all(np.abs(got - ref) <= bound)


# --------------------------------------------------------------------------------------------- FPU: AVG


@pytest.mark.parametrize("dim", ["row", "col", "scalar"])
@pytest.mark.parametrize("fp32_dest,fmt", [(True, DF.Float32), (True, DF.Float16_b), (False, DF.Float16_b)])
def test_reduce_avg_is_sum_datapath(dim, fp32_dest, fmt):
    a = src(RNG.standard_normal((2, 32, 32)), fmt, fp32_dest)
    acc = fpu.reduce("sum", a, "col", fp32_dest=fp32_dest, in_fmt=fmt)
    for fid in FIDELITIES:
        for scaler in (1.0, 1 / 32, 1 / 3):
            for use_acc in (None, acc):
                kw = {"scaler": scaler, "fidelity": fid, "fp32_dest": fp32_dest, "acc": use_acc, "in_fmt": fmt}
                avg = fpu.reduce(PoolType.AVG, a, dim, **kw)
                assert np.array_equal(avg, fpu.reduce("sum", a, dim, **kw))
                assert np.array_equal(avg, fpu.reduce("avg", a, dim, **kw))


@pytest.mark.parametrize("dim,axis,scaler", [("row", 2, 1 / 32), ("col", 1, 1 / 32), ("scalar", (1, 2), 1 / 32)])
def test_reduce_avg_with_documented_scaler_is_the_mean(dim, axis, scaler):
    # tt-metal reduce_init docs: scaler 1/N, and 1/sqrt(N) for REDUCE_SCALAR (N = 1024 -> 1/32 as well)
    x = RNG.standard_normal((3, 32, 32))
    a = src(x, DF.Float32, True)
    d = val(fpu.reduce("avg", a, dim, scaler=scaler, fidelity=MF.HiFi4, fp32_dest=True, in_fmt=DF.Float32), True)
    # SrcA never uses the TF32 LSB (ISA SrcASrcB.md): the mean of what the multipliers see
    seen = f32(bits(a) & 0xFFFFC000).astype(np.float64)
    ref = seen.mean(axis=axis)
    got = {"row": d[:, :, 0], "col": d[:, 0, :], "scalar": d[:, 0, 0]}[dim]
    scale = np.abs(seen).mean(axis=axis)
    # REDUCE_ROW / SCALAR pass partial results through Src (TF32, relative 2^-10)
    tol = (2.0**-9 if dim != "col" else 2.0**-20) * scale + 1e-7
    assert np.all(np.abs(got - ref) <= tol)


@pytest.mark.parametrize("dim", ["row", "col", "scalar"])
def test_reduce_avg_exact_cases(dim):
    ones = src(np.full((32, 32), 3.0))
    d = val(fpu.reduce("avg", ones, dim, scaler=1 / 32, fp32_dest=True), True)
    assert {"row": d[:, 0], "col": d[0, :], "scalar": d[0, 0]}[dim].tolist() == (
        [3.0] * 32 if dim != "scalar" else 3.0)
    # scalar with a 1/N scaler (not 1/sqrt(N)) gives mean / N: the scaler is applied twice
    s = val(fpu.reduce("avg", ones, "scalar", scaler=1 / 1024, fp32_dest=True), True)[0, 0]
    assert s == 3.0 / 1024


def test_reduce_unknown_pool_still_refused():
    with pytest.raises(fpu.FpuError, match="'sum', 'avg' or 'max'"):
        fpu.reduce("mean", src(np.ones((32, 32))), "row")


# ------------------------------------------------------------------------------------------ kernel level


def run(compute_body, in_tiles, fmt_in, fmt_out, cfg):
    """One reader/compute/writer program; the packed output tile's bytes."""
    return run_single(compute_body, in_tiles, fmt_in, fmt_out, cfg)[0]


def pack_one():
    tile_regs_commit()
    cb_reserve_back(CBIndex.c_16, 1)
    tile_regs_wait()
    pack_tile(0, CBIndex.c_16)
    tile_regs_release()
    cb_push_back(CBIndex.c_16, 1)


@pytest.mark.parametrize("fp32", [False, True])
@pytest.mark.parametrize("dim", [ReduceDim.REDUCE_ROW, ReduceDim.REDUCE_COL, ReduceDim.REDUCE_SCALAR])
def test_kernel_reduce_avg(dim, fp32):
    """Mean of two tiles per row/column/tile: reduce_tile<AVG> twice onto one Dst tile, scaler 1/N."""
    fmt = DF.Float16_b
    x = RNG.standard_normal((2, 32, 32)).astype(np.float32)
    n = 1024 * 2 if dim == ReduceDim.REDUCE_SCALAR else 64
    scaler = 1 / 32 / np.sqrt(2) if dim == ReduceDim.REDUCE_SCALAR else 1 / n  # 1/sqrt(N) for SCALAR
    scal_tile = F.pack_tile_bytes(np.full((32, 32), scaler, np.float32), fmt)
    tiles = [F.pack_tile_bytes(x[i], fmt) for i in range(2)]

    def compute():
        compute_kernel_hw_startup(CBIndex.c_0, CBIndex.c_2, CBIndex.c_16)
        reduce_init(CBIndex.c_0, CBIndex.c_2, CBIndex.c_16, pool=PoolType.AVG, dim=dim)
        cb_wait_front(CBIndex.c_2, 1)
        tile_regs_acquire()
        for _ in range(2):
            cb_wait_front(CBIndex.c_0, 1)
            reduce_tile(CBIndex.c_0, CBIndex.c_2, 0, 0, 0)
            cb_pop_front(CBIndex.c_0, 1)
        pack_one()

    cfg = tm.ComputeConfig(fp32_dest_acc_en=fp32)
    got = run(compute, [(2, scal_tile), (0, tiles[0]), (0, tiles[1])], fmt, fmt, cfg)
    # bit-exact against the FPU model called on the same Src values (the SUM datapath)
    s = float(F.unpack_to_src(scal_tile, fmt, fp32_dest=fp32)[0, 0])
    ref = None
    for t in tiles:
        ref = fpu.reduce("sum", F.unpack_to_src(t, fmt, fp32_dest=fp32), dim.value, s, "HiFi4", fp32,
                         acc=np.zeros((32, 32), np.uint32 if fp32 else np.uint16) if ref is None else ref,
                         in_fmt=fmt)
    assert np.array_equal(got, F.pack_from_dest(ref, fp32, fmt))
    # and close to the float64 mean
    v = F.unpack_tile_bytes(got, fmt).astype(np.float64)
    xs = np.stack([F.unpack_tile_bytes(t, fmt) for t in tiles]).astype(np.float64)
    if dim == ReduceDim.REDUCE_ROW:
        res, ref64, scale = v[:, 0], xs.mean(axis=(0, 2)), np.abs(xs).mean(axis=(0, 2))
    elif dim == ReduceDim.REDUCE_COL:
        res, ref64, scale = v[0, :], xs.mean(axis=(0, 1)), np.abs(xs).mean(axis=(0, 1))
    else:
        res, ref64, scale = v[0, 0], xs.mean(), np.abs(xs).mean()
    # bf16 scaler 1/(32 sqrt 2) is off by up to 2^-8 (applied twice); BF16 Dst/output rounding ~ 2^-8 per step
    tol = (2.0**-4 if not fp32 else 2.0**-6) * scale + 1e-3
    assert np.all(np.abs(res - ref64) <= tol)


@pytest.mark.parametrize("fp32,fid", [(False, "LoFi"), (False, "HiFi4"), (True, "HiFi2"), (True, "HiFi4")])
@pytest.mark.parametrize("init", ["mm_init", "mm_init_short", "matmul_init", "none"])
def test_kernel_matmul_transpose_accumulates(init, fp32, fid):
    """C = A0 @ B0.T + A1 @ B1.T accumulated in Dst by two matmul_tiles calls with in1 transposed. The short inits
    follow compute_kernel_hw_startup with in1's format in SrcA (matmul unpacks in1 to SrcA, in0 to SrcB); without
    any matmul init the unpacker and math are not programmed, which is refused."""
    fmt = DF.Float32 if fp32 else DF.Float16_b
    a = [asym().astype(np.float32) for _ in range(2)]
    b = [asym().astype(np.float32) for _ in range(2)]
    ta = [F.pack_tile_bytes(t, fmt) for t in a]
    tb = [F.pack_tile_bytes(t, fmt) for t in b]

    def compute():
        if init != "mm_init":
            compute_kernel_hw_startup(CBIndex.c_1, CBIndex.c_0, CBIndex.c_16)
        if init == "mm_init":
            mm_init(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16, 1)
        elif init == "mm_init_short":
            mm_init_short(CBIndex.c_0, CBIndex.c_1, transpose=1)
        elif init == "matmul_init":
            matmul_init(CBIndex.c_0, CBIndex.c_1, 1)
        tile_regs_acquire()
        for _ in range(2):
            cb_wait_front(CBIndex.c_0, 1)
            cb_wait_front(CBIndex.c_1, 1)
            if init == "matmul_init":  # the newer tt-metal signature has no transpose flag
                matmul_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
            else:
                matmul_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 0, True)
            cb_pop_front(CBIndex.c_0, 1)
            cb_pop_front(CBIndex.c_1, 1)
        pack_one()

    cfg = tm.ComputeConfig(math_fidelity=getattr(tm.MathFidelity, fid), fp32_dest_acc_en=fp32)
    if init == "none":
        with pytest.raises(ComputeInitError, match=r"(?s)matmul_tiles.*programmed for nothing.*Fix: call mm_init_short"):
            run(compute, [(0, ta[0]), (1, tb[0]), (0, ta[1]), (1, tb[1])], fmt, fmt, cfg)
        return
    got = run(compute, [(0, ta[0]), (1, tb[0]), (0, ta[1]), (1, tb[1])], fmt, fmt, cfg)
    ref = np.zeros((32, 32), np.uint32 if fp32 else np.uint16)
    for x, y in zip(ta, tb):
        sa = F.unpack_to_src(x, fmt, fp32_dest=fp32)
        sb = F.unpack_to_src(y, fmt, fp32_dest=fp32)
        ref = fpu.matmul(sa, np.ascontiguousarray(sb.T), acc=ref, fidelity=fid, fp32_dest=fp32)
    assert np.array_equal(got, F.pack_from_dest(ref, fp32, fmt))
    v = F.unpack_tile_bytes(got, fmt).astype(np.float64)
    x64 = [F.unpack_tile_bytes(t, fmt).astype(np.float64) for t in ta]
    y64 = [F.unpack_tile_bytes(t, fmt).astype(np.float64) for t in tb]
    exact = x64[0] @ y64[0].T + x64[1] @ y64[1].T
    scale = np.abs(x64[0]) @ np.abs(y64[0]).T + np.abs(x64[1]) @ np.abs(y64[1]).T
    # ISA SrcASrcB.md: LoFi keeps 1+4 bits of in1 (SrcA); HiFi2 keeps 1+6 bits of in0 (SrcB); HiFi4 drops only
    # the TF32 LSB of in1 (2^-9); a BF16 Dst rounds each of the 16 accumulations (2^-9 of |partial| <= scale)
    rel = {"LoFi": 2.0**-4, "HiFi2": 2.0**-6, "HiFi4": 2.0**-8 if fp32 else 16 * 2.0**-9}[fid]
    assert np.all(np.abs(v - exact) <= rel * scale + 1e-6)
    assert not np.allclose(v, x64[0] @ y64[0] + x64[1] @ y64[1], atol=0.5)


def test_kernel_matmul_transpose_flag_contradicting_init_is_refused():
    fmt = DF.Float16_b
    t = F.pack_tile_bytes(asym().astype(np.float32), fmt)

    def compute():
        mm_init(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)  # transpose=0
        tile_regs_acquire()
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        matmul_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 0, True)
        pack_one()

    with pytest.raises(fpu.FpuError, match=r"(?s)transpose=1.*configured transpose=0.*Fix: pass transpose=1"):
        run(compute, [(0, t), (1, t)], fmt, fmt, tm.ComputeConfig())


def test_kernel_matmul_init_transpose_without_flag():
    """mm_init(..., transpose=1) and matmul_tiles(..., 5 args): the init alone decides, as on hardware."""
    fmt = DF.Float32
    a, b = asym().astype(np.float32), asym().astype(np.float32)
    ta, tb = F.pack_tile_bytes(a, fmt), F.pack_tile_bytes(b, fmt)

    def compute():
        mm_init(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16, transpose=1)
        tile_regs_acquire()
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        matmul_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
        pack_one()

    cfg = tm.ComputeConfig(fp32_dest_acc_en=True)
    got = run(compute, [(0, ta), (1, tb)], fmt, fmt, cfg)
    sa, sb = F.unpack_to_src(ta, fmt, fp32_dest=True), F.unpack_to_src(tb, fmt, fp32_dest=True)
    ref = fpu.matmul(sa, sb, fidelity="HiFi4", fp32_dest=True, transpose=True)
    assert np.array_equal(got, F.pack_from_dest(ref, True, fmt))


@pytest.mark.parametrize("reinit", [False, True])
def test_kernel_matmul_after_another_init_needs_a_matmul_init_again(reinit):
    """An init for another op (here copy_tile_init) reprograms the unpacker and math; a matmul after it without a
    new matmul init would compute garbage on Wormhole, so it is refused; mm_init_short restores the config."""
    fmt = DF.Float32
    a, b = asym().astype(np.float32), asym().astype(np.float32)
    ta, tb = F.pack_tile_bytes(a, fmt), F.pack_tile_bytes(b, fmt)

    def compute():
        mm_init(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16, transpose=1)
        copy_tile_init(CBIndex.c_0)
        if reinit:
            mm_init_short(CBIndex.c_0, CBIndex.c_1, 1)
        tile_regs_acquire()
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        matmul_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
        pack_one()

    cfg = tm.ComputeConfig(fp32_dest_acc_en=True)
    if not reinit:
        with pytest.raises(ComputeInitError,
                           match=r"(?s)programmed for copy_tile .*by copy_tile_init at .*Fix: call mm_init_short"):
            run(compute, [(0, ta), (1, tb)], fmt, fmt, cfg)
        return
    got = run(compute, [(0, ta), (1, tb)], fmt, fmt, cfg)
    sa, sb = F.unpack_to_src(ta, fmt, fp32_dest=True), F.unpack_to_src(tb, fmt, fp32_dest=True)
    want = fpu.matmul(sa, sb, fidelity="HiFi4", fp32_dest=True, transpose=True)
    assert np.array_equal(got, F.pack_from_dest(want, True, fmt))
