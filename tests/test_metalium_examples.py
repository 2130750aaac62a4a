"""Every example in examples/metalium runs and matches numpy."""

import importlib.util
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

EX = Path(__file__).resolve().parents[1] / "examples" / "metalium"


def load(name):
    spec = importlib.util.spec_from_file_location(f"ex_{name}", EX / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bf16_dst(x):
    """float32 -> bf16 value as a 16-bit Dst takes it: round to nearest, ties to even (fpu.DST_BF16_ROUNDING)."""
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    return r.astype(np.uint32).view(np.float32)


def test_eltwise_binary_matches_numpy():
    ex = load("eltwise_binary")
    rng = np.random.default_rng(7)
    a = rng.standard_normal((128, 192)).astype(np.float32)
    b = rng.standard_normal((128, 192)).astype(np.float32)
    out, run = ex.run(a, b)
    a16 = a.astype(ml_dtypes.bfloat16).astype(np.float32)
    b16 = b.astype(ml_dtypes.bfloat16).astype(np.float32)
    ref = bf16_dst(a16 + b16)            # sum is exact in fp32, rounded once into the 16-bit Dst
    np.testing.assert_array_equal(out.astype(np.float32), ref)
    assert run.duration_cycles > 0
    # 24 tiles over 24 cores: every core ran a reader, a writer and three TRISCs
    assert len({r.core for r in run.riscvs}) == 24


def test_eltwise_binary_uneven_split_two_groups():
    ex = load("eltwise_binary")
    rng = np.random.default_rng(8)
    a = rng.standard_normal((96, 96)).astype(np.float32)   # 9 tiles on a 2x2 grid: 3,2,2,2
    b = rng.standard_normal((96, 96)).astype(np.float32)
    import tensix.metalium as tm
    out, run = ex.run(a, b, grid=tm.CoreCoord(2, 2))
    ref = bf16_dst(a.astype(ml_dtypes.bfloat16).astype(np.float32) + b.astype(ml_dtypes.bfloat16).astype(np.float32))
    np.testing.assert_array_equal(out.astype(np.float32), ref)


def test_sender_receiver_semaphores():
    ex = load("sender_receiver")
    d = np.arange(ex.N_WORDS, dtype=np.uint32) * 3 + 5
    out, run = ex.run(d)
    np.testing.assert_array_equal(out, d * 2 + 1)


def test_multicast():
    ex = load("multicast")
    t = (np.arange(1024, dtype=np.uint32) * 7919 % 65536).astype(np.uint16)
    res, run = ex.run(t)
    assert res.shape[0] == 6
    for r in res:
        np.testing.assert_array_equal(r, t)


@pytest.mark.parametrize("fp32_dest", [True, False])
def test_matmul_several_cores(fp32_dest):
    ex = load("matmul")
    rng = np.random.default_rng(3)
    a = rng.standard_normal((64, 96)).astype(np.float32)
    b = rng.standard_normal((96, 128)).astype(np.float32)
    c, run = ex.run(a, b, fp32_dest=fp32_dest)
    ref = a.astype(ml_dtypes.bfloat16).astype(np.float64) @ b.astype(ml_dtypes.bfloat16).astype(np.float64)
    err = np.abs(c - ref).max() / np.abs(ref).max()
    assert err < (0.01 if fp32_dest else 0.03)
    assert len({r.core for r in run.riscvs}) == 8     # 2x4 output tiles -> 8 cores


@pytest.mark.parametrize("unpack_to_dest", [True, False])
def test_custom_sfpu_add(unpack_to_dest):
    ex = load("custom_sfpu_add")
    rng = np.random.default_rng(11)
    a = rng.standard_normal((96, 32)).astype(np.float32)
    b = rng.standard_normal((96, 32)).astype(np.float32)
    c, run = ex.run(a, b, unpack_to_dest=unpack_to_dest)
    if unpack_to_dest:
        ref = a + b                                   # exact FP32 operands in Dst, SFPADD rounds to nearest
    else:
        tf32 = lambda x: (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)
        ref = tf32(a) + tf32(b)                       # copy_tile through SrcA truncates FP32 to TF32
    np.testing.assert_array_equal(c, ref)
    # SFPU cycles were charged to the math thread
    assert run.per_core()[(0, 0)]["TRISC1"]["busy"] > 3 * 32


def test_fused_softmax():
    ex = load("softmax")
    x = np.random.default_rng(12).standard_normal((96, 128)).astype(np.float32)
    y, run = ex.run(x, max_cores=2)               # 3 tile rows over 2 cores (2 + 1)
    xb = x.astype(ml_dtypes.bfloat16).astype(np.float64)
    ref = np.exp(xb) / np.exp(xb).sum(1, keepdims=True)
    # bf16 exps in the CB, BF16-truncated row partials in the FPU reduce, bf16 output: a few percent at most
    np.testing.assert_allclose(y, ref, rtol=0.03)
    assert np.abs(y.sum(1) - 1).max() < 0.03
    assert len({r.core for r in run.riscvs}) == 2
