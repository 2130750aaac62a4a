"""fpu.reduce's compiled form (_nb_reduce) against the numpy model it replaced (fpu.REDUCE_REFERENCE): bit for bit
over both pools, the three dims, every fidelity, both Dst modes, TF32 and BF16 SrcA, with and without an accumulated
Dst, enforce_fp32_accumulation, scalers with exponent 0, and bit patterns the FPU reads specially (exponent 0 with a
mantissa, exponent 255, signed zeros) and values spread over the whole exponent range (where the float64 sums are
inexact and their order shows)."""

import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tensix.device import fpu
from tensix.device.formats import DataFormat

FID = [fpu.MathFidelity.LoFi, fpu.MathFidelity.HiFi2, fpu.MathFidelity.HiFi3, fpu.MathFidelity.HiFi4]


def _src(bits: np.ndarray, tf32: bool) -> np.ndarray:
    """Src values as unpack_to_src leaves them: TF32 (low 13 bits clear) or BF16 (low 16 bits clear)."""
    return (bits & np.uint32(0xFFFFE000 if tf32 else 0xFFFF0000)).view(np.float32)


def _tiles(rng, n, kind):
    if kind == "normal":
        v = rng.standard_normal((n, 32, 32)).astype(np.float32)
    elif kind == "wide":        # magnitudes 2^-120 .. 2^120: inexact float64 sums
        v = (rng.choice([-1, 1], (n, 32, 32)) * np.exp2(rng.uniform(-120, 120, (n, 32, 32)))).astype(np.float32)
    else:                       # any bit pattern: denormals, exponent 255, signed zeros, ...
        v = rng.integers(0, 2 ** 32, (n, 32, 32), dtype=np.uint32).view(np.float32)
    return v.view(np.uint32)


def _both(monkeypatch, *args, **kw):
    monkeypatch.setattr(fpu, "REDUCE_REFERENCE", True)
    ref = fpu.reduce(*args, **kw)
    monkeypatch.setattr(fpu, "REDUCE_REFERENCE", False)
    return ref, fpu.reduce(*args, **kw)


@pytest.mark.parametrize("kind", ["normal", "wide", "bits"])
@pytest.mark.parametrize("op", ["sum", "max"])
@pytest.mark.parametrize("dim", ["row", "col", "scalar"])
def test_compiled_reduce_matches_numpy_model(monkeypatch, kind, op, dim):
    rng = np.random.default_rng(zlib.crc32(repr((kind, op, dim)).encode()))
    for fp32 in (False, True):
        for tf32 in ((False, True) if fp32 else (False,)):
            fmt = DataFormat.Float32 if tf32 else DataFormat.Float16_b
            a = _src(_tiles(rng, 2, kind), tf32)
            dt = np.uint32 if fp32 else np.uint16
            acc = rng.integers(0, 2 ** (32 if fp32 else 16), (2, 32, 32), dtype=np.uint64).astype(dt)
            for fid in FID:
                for scaler in ((1.0, 1e-40) if fid in (FID[0], FID[3]) else (0.0318, -3.5e-20, float(np.float32(2 ** 100)))):
                    for use_acc in (None, acc):
                        ref, got = _both(monkeypatch, op, a, dim, scaler, fid, fp32, acc=use_acc, in_fmt=fmt)
                        assert got.dtype == ref.dtype and np.array_equal(got, ref), (fp32, tf32, fid, scaler)
            if fp32:
                ref, got = _both(monkeypatch, op, a, dim, 0.5, fpu.MathFidelity.HiFi4, True, in_fmt=fmt,
                                 enforce_fp32_accumulation=True)
                assert np.array_equal(got, ref)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(["sum", "avg", "max"]), st.sampled_from(["row", "col", "scalar"]),
       st.booleans(), st.sampled_from(FID), st.floats(width=32, allow_nan=False, allow_infinity=False), st.booleans())
def test_compiled_reduce_property(seed, op, dim, fp32, fid, scaler, single):
    rng = np.random.default_rng(seed)
    a = _src(_tiles(rng, 1 if single else 2, "bits" if seed % 2 else "wide"), False)
    a = a[0] if single else a
    fpu.REDUCE_REFERENCE = True
    try:
        ref = fpu.reduce(op, a, dim, scaler, fid, fp32)
    finally:
        fpu.REDUCE_REFERENCE = False
    got = fpu.reduce(op, a, dim, scaler, fid, fp32)
    assert got.shape == ref.shape and np.array_equal(got, ref)


@pytest.mark.parametrize("dim", ["row", "col"])
def test_inexact_sum_keeps_the_reference_order(monkeypatch, dim):
    """A GAPOOL column whose float64 sum is inexact: 2^53, 1, 1, -2^53. numpy's pairwise order gives
    (2^53 + 1) + (1 - 2^53) = 1, a left-to-right sum gives 0; the compiled form must keep the model's order."""
    x = np.zeros((32, 32), np.float32)
    col = np.array([2.0 ** 53, 1, 1, -2.0 ** 53], np.float32)
    if dim == "col":
        x[0:4, 5] = col
    else:
        x[5, 0:4] = col
    ref, got = _both(monkeypatch, "sum", x, dim, 1.0, fpu.MathFidelity.LoFi, True)
    assert np.array_equal(got, ref)
    at = (0, 5) if dim == "col" else (5, 0)
    assert got[at].view(np.float32) == 1.0
