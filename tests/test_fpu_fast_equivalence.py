"""Speed-ups of the FPU model's batched paths bit for bit against the forms they replaced (tensix.device.fpu): the
matmul operand statistics (_nb_mm_stats) against the element loop it replaced, on random, wide-range and arbitrary
bit patterns (NaN / Inf patterns, denormals, zeros)."""

import math
import zlib

import numba
import numpy as np
import pytest

from tensix.device import fpu


@numba.njit(cache=True)
def _stats_reference(bits, lsb, mx):
    """fpu._nb_mm_stats as it was (tensix 6b06e45): one element at a time, trailing zeros by log2."""
    for t in range(bits.shape[0]):
        lo = 1 << 20
        hi = 0.0
        for k in range(bits.shape[1]):
            b = np.int64(bits[t, k])
            e = (b >> 23) & 0xFF
            if e == 0:
                continue
            sig = (b & 0x7FFFFF) | 0x800000
            z = int(math.log2(sig & -sig))
            e2 = (128 if e == 255 else e - 127) - 23 + z
            if e2 < lo:
                lo = e2
            v = math.ldexp(sig * 1.0, (128 if e == 255 else e - 127) - 23)
            if v > hi:
                hi = v
        lsb[t] = lo
        mx[t] = hi


def _bit_cases(rng, n):
    bits = rng.integers(0, 2 ** 32, (n, 1024), dtype=np.uint64).astype(np.uint32)
    normal = rng.standard_normal((n, 1024)).astype(np.float32).view(np.uint32)
    with np.errstate(over="ignore"):
        wide = (rng.standard_normal((n, 1024)) * 2.0 ** rng.integers(-150, 129, (n, 1024))).astype(np.float32)
    sparse = bits.copy()
    sparse[rng.random((n, 1024)) < 0.995] = 0
    special = np.zeros((n, 1024), np.uint32)
    pats = np.array([0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FFFFFFF, 0x00000001, 0x807FFFFF,
                     0x00800000, 0x3F800000, 0x7F7FFFFF, 0xFF7FFFFF], np.uint32)
    special[:, :len(pats)] = pats
    special[1::2] = rng.permuted(special[1::2], axis=1)
    bf16 = normal & np.uint32(0xFFFF0000)
    return {"bits": bits, "normal": normal, "wide": wide.view(np.uint32), "sparse": sparse, "special": special,
            "bf16": bf16, "zeros": np.zeros((3, 1024), np.uint32)}


@pytest.mark.parametrize("kind", ["bits", "normal", "wide", "sparse", "special", "bf16", "zeros"])
def test_mm_stats_match_element_loop(kind):
    bits = _bit_cases(np.random.default_rng(11), 300)[kind]
    n = len(bits)
    l1, m1 = np.empty(n, np.int64), np.empty(n)
    l2, m2 = np.empty(n, np.int64), np.empty(n)
    _stats_reference(bits, l1, m1)
    fpu._nb_mm_stats(bits, l2, m2)
    assert np.array_equal(l1, l2)
    assert np.array_equal(m1, m2)


# ---- matmul_sequence (the compiled product loop, split over two host threads) against fpu.matmul per product ----

FIDELITIES = ("LoFi", "HiFi2", "HiFi3", "HiFi4")


def _src(rng, n, kind):
    if kind == "normal":
        x = rng.standard_normal((n, 32, 32)).astype(np.float32)
    elif kind == "wide":        # exponents over 140 binades: inexact float64 dot products, denormals, overflow
        with np.errstate(over="ignore"):
            x = (rng.standard_normal((n, 32, 32)) * 2.0 ** rng.integers(-70, 70, (n, 32, 32))).astype(np.float32)
    elif kind == "zeros":       # signed zeros and a few values: zero sums, -0.0 Dst
        x = np.where(rng.random((n, 32, 32)) < 0.9, -0.0, rng.standard_normal((n, 32, 32))).astype(np.float32)
    else:                       # any bit pattern: NaN / Inf patterns (read as big finite numbers), denormals
        x = rng.integers(0, 2 ** 32, (n, 32, 32), dtype=np.uint64).astype(np.uint32).view(np.float32)
    return (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)      # TF32 Src values


def _sequential(a, b, prods, dst, fid, fp32, tr):
    out = dst.copy()
    for d, i, j in prods:
        out[d] = fpu.matmul(a[i], b[j], acc=out[d], fidelity=fid, fp32_dest=fp32, transpose=tr)
    return out


@pytest.mark.parametrize("kind", ["normal", "wide", "zeros", "bits"])
@pytest.mark.parametrize("fp32", [True, False])
@pytest.mark.parametrize("threads", [1, 2])
def test_matmul_sequence_many_products_bit_exact(kind, fp32, threads, monkeypatch):
    """Enough products for the two-thread split (and one thread alone), repeated Dst tiles in call order, random
    initial Dst bits (negative zeros, denormals, exponent-255 patterns in the Dst too), all fidelities, in1
    transposed or not: bit for bit fpu.matmul applied product by product."""
    monkeypatch.setattr(fpu, "_MM_THREADS", threads)
    rng = np.random.default_rng(zlib.crc32(repr((kind, fp32, threads)).encode()))
    a, b = _src(rng, 6, kind), _src(rng, 5, kind)
    nd = 7
    if kind in ("bits", "zeros"):
        dst = rng.integers(0, 2 ** 32, (nd, 32, 32), dtype=np.uint64).astype(np.uint32)
        if kind == "zeros":
            dst = np.where(rng.random(dst.shape) < 0.5, np.uint32(0x80000000), np.uint32(0))
    else:
        dst = rng.standard_normal((nd, 32, 32)).astype(np.float32).view(np.uint32)
    if not fp32:
        dst = (dst >> 16).astype(np.uint16)
    prods = np.stack([rng.integers(0, nd, 80), rng.integers(0, 6, 80), rng.integers(0, 5, 80)], 1)
    for fid in FIDELITIES:
        for tr in (False, True):
            want = _sequential(a, b, prods, dst, fid, fp32, tr)
            got = fpu.matmul_sequence(a, b, prods, dst, fid, fp32, tr)
            assert np.array_equal(got, want), (fid, tr, np.argwhere(got != want)[:3])


@pytest.mark.parametrize("kind", ["bits", "normal", "wide", "sparse", "special", "bf16", "zeros"])
@pytest.mark.parametrize("fp32", [True, False])
def test_dst_read_stats_match_numpy_model(kind, fp32):
    """_nb_dst_read_stats: the Dst readings of _Dst.read (signed zeros, exponent-255 patterns) and the statistics of
    _nb_mm_stats on the Dst bits (a 16-bit Dst as BF16 bits)."""
    bits = _bit_cases(np.random.default_rng(5), 200)[kind]
    d_bits = bits if fp32 else (bits >> 16).astype(np.uint16)
    n = len(d_bits)
    D = np.empty((n, 1024))
    lsb, mx = np.empty(n, np.int64), np.empty(n)
    fpu._nb_dst_read_stats(d_bits, 0 if fp32 else 16, D, lsb, mx)
    want = fpu._Dst(fp32).read(d_bits)
    assert np.array_equal(D.view(np.uint64), want.view(np.uint64))     # bit for bit, -0.0 included
    l2, m2 = fpu._mm_tile_stats(d_bits.astype(np.uint32) if fp32 else d_bits.astype(np.uint32) << 16)
    assert np.array_equal(lsb, l2) and np.array_equal(mx, m2)


@pytest.mark.parametrize("kind", ["normal", "wide", "zeros", "bits"])
@pytest.mark.parametrize("role", ["a", "b"])
def test_prepare_fast_matches_prepare(kind, role):
    """The compiled operand preparation (phase parts and statistics, what the batch uses) bit for bit the numpy one,
    every fidelity, in1 transposed or not (negative zeros, denormal parts and exponent-255 patterns included)."""
    rng = np.random.default_rng(zlib.crc32(repr((kind, role)).encode()))
    src = _src(rng, 9, kind)
    for fid in FIDELITIES:
        for tr in ((False, True) if role == "b" else (False,)):
            want = fpu.MatmulOperands.prepare(src, role, fid, tr)
            got = fpu.MatmulOperands.prepare_fast(src, role, fid, tr)
            assert np.array_equal(got.hi.view(np.uint64), want.hi.view(np.uint64))
            assert (got.lo is None) == (want.lo is None)
            if got.lo is not None:
                assert np.array_equal(got.lo.view(np.uint64), want.lo.view(np.uint64))
            assert np.array_equal(got.lsb, want.lsb) and np.array_equal(got.max, want.max)


# ---- ops whose matmul-based reductions now run in the batch (reduce_lib.reduce_matmul_tiles) ----

def _run_both(fn):
    """fn() with the batched products and with MatmulBatch.reference (each product through fpu.matmul at once, as
    reduce_matmul_tiles did): (outputs, device ns) of each."""
    import tensix.ttnn as ttnn
    from tensix.kernel.matmul_batch import MatmulBatch
    res = []
    for ref in (False, True):
        MatmulBatch.reference = ref
        try:
            ttnn.clear_op_report()
            out = fn()
            res.append((ttnn.to_numpy(out), [r.device_ns for r in ttnn.op_report()]))
        finally:
            MatmulBatch.reference = False
    return res


@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
def test_matmul_reductions_bit_exact_in_batch(dtype):
    ttnn = pytest.importorskip("tensix.ttnn")
    dev = ttnn.open_device(device_id=0)
    try:
        rng = np.random.default_rng(21)
        dt = getattr(ttnn, dtype)
        x = rng.standard_normal((2, 3, 45, 70)).astype(np.float32) * 4
        x[0, 0, 0, :5] = [0.0, -0.0, 1e-39, 3e38, -3e38]
        t = ttnn.from_numpy(x, dtype=dt, layout=ttnn.TILE_LAYOUT, device=dev)
        w = ttnn.from_numpy(rng.standard_normal((70,)).astype(np.float32), dtype=dt, layout=ttnn.TILE_LAYOUT,
                            device=dev)
        for name, fn in (("softmax", lambda: ttnn.softmax(t, dim=-1)),
                         ("sum", lambda: ttnn.sum(t, dim=-1, keepdim=True)),
                         ("mean", lambda: ttnn.mean(t, dim=-1, keepdim=True)),
                         ("layer_norm", lambda: ttnn.layer_norm(t, weight=w, epsilon=1e-5)),
                         ("rms_norm", lambda: ttnn.rms_norm(t, weight=w, epsilon=1e-5))):
            (got, dev_got), (want, dev_want) = _run_both(fn)
            assert np.array_equal(got.view(np.uint8), want.view(np.uint8)), name
            assert dev_got == dev_want, name
    finally:
        ttnn.close_device(dev)


# ---- the dataflow fast paths (noc_async_read / noc_async_write in their own frame) against the general path ----

def _dm_ops(ttnn, dev):
    rng = np.random.default_rng(8)
    x = ttnn.from_numpy(rng.standard_normal((2, 40, 8, 96)).astype(np.float32), dtype=ttnn.bfloat16,
                        layout=ttnn.TILE_LAYOUT, device=dev)
    xr = ttnn.from_numpy(rng.standard_normal((3, 5, 33, 20)).astype(np.float32), dtype=ttnn.float32,
                         layout=ttnn.ROW_MAJOR_LAYOUT, device=dev)
    return (("reshape", lambda: ttnn.reshape(x, (2, 40, 4, 192))),
            ("transpose_hc", lambda: ttnn.transpose(x, 1, 2)),
            ("transpose_wh", lambda: ttnn.transpose(x, -2, -1)),
            ("permute", lambda: ttnn.permute(x, (0, 2, 1, 3))),
            ("permute_rm", lambda: ttnn.permute(xr, (2, 0, 3, 1))),
            ("slice_rm", lambda: ttnn.slice(xr, (0, 1, 3, 2), (3, 4, 30, 19))),
            ("reshape_rm", lambda: ttnn.reshape(xr, (15, 660))))


def test_dataflow_fast_paths_match_general_path(monkeypatch):
    """Data movement ops (local L1 moves, face-line DRAM writes, misaligned row reads) with the fast paths and with
    every transfer through the general path: the same bytes and the same device time."""
    ttnn = pytest.importorskip("tensix.ttnn")
    from tensix.kernel import dataflow
    dev = ttnn.open_device(device_id=0)
    try:
        for name, fn in _dm_ops(ttnn, dev):
            res = []
            for fast in (True, False):
                monkeypatch.setattr(dataflow, "_FAST_IO", fast)
                ttnn.clear_op_report()
                out = ttnn.to_numpy(fn())
                res.append((out, [(r.op, r.device_ns) for r in ttnn.op_report()]))
            assert np.array_equal(res[0][0].view(np.uint8), res[1][0].view(np.uint8)), name
            assert res[0][1] == res[1][1], name
    finally:
        ttnn.close_device(dev)


def test_copy_tile_fast_path_matches_general_path(monkeypatch):
    """copy_tile's fast path (now also for Float16_b CBs in UnpackToDestFp32 mode, as the binary_ng SFPU ops set it)
    against the general path (formats.copy_tile_to_dest) through whole ops: the same bytes and device time."""
    ttnn = pytest.importorskip("tensix.ttnn")
    import tensix.kernel as K
    from tensix.kernel import compute
    rng = np.random.default_rng(4)
    x = rng.standard_normal((70, 90)).astype(np.float32)
    x[0, :4] = [0.0, -0.0, 1e-39, -3e38]
    y = rng.standard_normal((70, 90)).astype(np.float32)
    res = []
    for general in (False, True):
        if general:         # every module that took copy_tile by name (the kernel libraries) gets the general path
            import sys
            calls = []

            def general_copy(*a, _f=compute._copy_tile):
                calls.append(1)
                return _f(*a)
            for m in list(sys.modules.values()):
                if getattr(m, "copy_tile", None) is compute.copy_tile and m is not compute and m is not K:
                    monkeypatch.setattr(m, "copy_tile", general_copy)
            monkeypatch.setattr(compute, "copy_tile", general_copy)
            monkeypatch.setattr(K, "copy_tile", general_copy)
        dev = ttnn.open_device(device_id=0)        # a new device: its programs load the kernels afresh
        try:
            outs = []
            for dt in (ttnn.bfloat16, ttnn.float32):
                a = ttnn.from_numpy(x, dtype=dt, layout=ttnn.TILE_LAYOUT, device=dev)
                b = ttnn.from_numpy(y, dtype=dt, layout=ttnn.TILE_LAYOUT, device=dev)
                ttnn.clear_op_report()
                for fn in (lambda: ttnn.multiply(a, b), lambda: ttnn.silu(a), lambda: ttnn.exp(a),
                           lambda: ttnn.divide(a, b)):
                    outs.append(ttnn.to_numpy(fn()).view(np.uint8).copy())
                outs.append([r.device_ns for r in ttnn.op_report()])
            res.append(outs)
        finally:
            ttnn.close_device(dev)
    assert calls        # the general path did run
    for got, want in zip(*res):
        assert np.array_equal(np.asarray(got), np.asarray(want))


@pytest.mark.parametrize("fp32", [True, False])
def test_mm_write_matches_dst_model(fp32):
    """_nb_mm_write (blocks of float32 conversions) against _Dst.write: float64 values of every kind (exact FP32
    values, values to round, overflow, denormal results, signed zeros, the FPU's 2^128 readings)."""
    rng = np.random.default_rng(13)
    with np.errstate(over="ignore"):
        v = rng.standard_normal(5000) * 2.0 ** rng.integers(-160, 140, 5000)
    v[:12] = [0.0, -0.0, 1e-45, -1e-40, 2.0 ** 128, -(2.0 ** 128) * 1.5, 3.4028235e38, 3.5e38, 2.0 ** -126,
              -(2.0 ** -127), 1.0 + 2.0 ** -24, 1.0 + 3 * 2.0 ** -24]
    D = np.resize(v, (5, 32, 32))
    out = np.empty((5, 32, 32), np.uint32 if fp32 else np.uint16)
    fpu._nb_mm_write(D, fp32, out)
    assert np.array_equal(out, fpu._Dst(fp32).write(D))


def _interp_numpy(bits):
    """fpu._interp as it was (numpy, tensix 6b06e45)."""
    b = np.ascontiguousarray(bits, dtype=np.uint32)
    with np.errstate(invalid="ignore"):
        v = b.view(np.float32).astype(np.float64)
    mag = b & np.uint32(0x7FFFFFFF)
    denormal = (mag - np.uint32(1)) < np.uint32(0x7FFFFF)
    special = mag >= np.uint32(0x7F800000)
    if denormal.any() or special.any():
        neg = (b >> 31) == 1
        big = (1.0 + (b & 0x7FFFFF).astype(np.float64) * 2.0**-23) * 2.0**128
        v = np.where(special, np.where(neg, -big, big), v)
        v = np.where(denormal, np.where(neg, -0.0, 0.0), v)
    return v


def _to_f32_bits_numpy(v):
    """fpu._to_f32_bits as it was (numpy, tensix 6b06e45)."""
    with np.errstate(over="ignore"):
        b = np.ascontiguousarray(v, dtype=np.float64).astype(np.float32).view(np.uint32)
    denormal = ((b & np.uint32(0x7FFFFFFF)) - np.uint32(1)) < np.uint32(0x7FFFFF)
    if denormal.any():
        b = np.where(denormal, b & np.uint32(0x80000000), b)
    return b


@pytest.mark.parametrize("kind", ["bits", "normal", "wide", "sparse", "special", "bf16", "zeros"])
def test_interp_and_f32_bits_match_numpy_forms(kind):
    """The compiled _interp / _to_f32_bits against the numpy forms they replaced, bit for bit, on every shape the
    model passes (tiles, rows, a scalar) and on transposed (non-contiguous) views."""
    bits = _bit_cases(np.random.default_rng(17), 40)[kind].reshape(-1, 32, 32)
    for x in (bits, bits[:, :, 0], bits[0, 0, 0], bits.transpose(0, 2, 1)[:, 3:19]):
        got, want = fpu._interp(x), _interp_numpy(x)
        assert got.shape == want.shape and np.array_equal(got.view(np.uint64), want.view(np.uint64))
        with np.errstate(over="ignore"):
            vals = want * np.float64(1.0 + 2.0 ** -30) - 2.0 ** -140   # values to round, overflow, denormal results
        for v in (want, vals):
            g, w = fpu._to_f32_bits(v), _to_f32_bits_numpy(v)
            assert g.shape == w.shape and g.dtype == w.dtype and np.array_equal(g, w)
