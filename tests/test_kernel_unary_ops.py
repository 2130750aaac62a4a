"""The unary SFPU tile ops of the compute kernel API (tensix.kernel.sfpu_ops over tensix.sfpi.llk): each through
a real reader/compute/writer program, against float64 numpy (accuracy) and against the same SFPI program run
directly on the SFPU model (wiring: same bits); init rules and template parameters."""

import numpy as np
import pytest
from device_helpers import run_single

import tensix.kernel as K
import tensix.metalium as tm
from tensix.device import formats
from tensix.device.errors import KernelError
from tensix.device.formats import DataFormat as DF
from tensix.kernel import (
    CBIndex,
    SfpuInitError,
    cb_push_back,
    cb_reserve_back,
    cb_wait_front,
    copy_tile,
    init_sfpu,
    pack_tile,
    tile_regs_acquire,
    tile_regs_commit,
    tile_regs_release,
    tile_regs_wait,
)
from tensix.sfpi import dst_reg, llk

FP32_CFG = tm.ComputeConfig(fp32_dest_acc_en=True, unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})


def through_kernel(op, x, *, init=True, init_kw=None, op_call=None, cfg=FP32_CFG, fmt=DF.Float32):
    """Run `op` on one tile x through a compute kernel (copy_tile, init, op, pack); returns float32 values."""
    name = op if isinstance(op, str) else op.__name__

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        if init:
            getattr(K, f"{name}_tile_init")(**(init_kw or {}))
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        (op_call or getattr(K, f"{name}_tile"))(0)
        tile_regs_commit()
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)

    raw = run_single(compute, [(0, formats.pack_tile_bytes(np.asarray(x, np.float32), fmt))], fmt, fmt, cfg)
    return formats.unpack_tile_bytes(raw[0], fmt)


def direct(name, x, approx=False, template=()):
    """The op's init (if any) and tile program run straight on the SFPU model, fp32 Dst (no kernel, no batch)."""
    from tensix.sfpi.runner import _inputs, compiled_for
    from tensix.sfpu import dst as dstmod
    from tensix.sfpu.execute import execute
    from tensix.sfpu.state import SfpuState
    spec = llk.UNARY[name]
    state = SfpuState(1)
    state.set_sfpu_fp32(True)
    d = dstmod.new_dst(1)
    dstmod.write_tiles32(d[0], 0, np.asarray(x, np.float32)[None].view(np.uint32))
    steps = [(spec.program, (approx, True) + tuple(template))]
    if spec.init is not None:
        steps.insert(0, (spec.init, spec.init_args(approx, template)))
    for fn, args in steps:
        c = compiled_for(fn, args)
        execute(c.program, state, d, inputs=_inputs(c, args, 1))
    return dstmod.read_tiles32(d[0], 0, 1)[0].view(np.float32)


def rand(seed, lo=-4.0, hi=4.0):
    return np.random.default_rng(seed).uniform(lo, hi, (32, 32)).astype(np.float32)


@pytest.mark.parametrize("name,ref", [("abs", np.abs), ("negative", np.negative), ("square", np.square)])
def test_exact_ops(name, ref):
    x = rand(1)
    x[0, :4] = [0.0, -0.0, 1e-30, -3.5]
    got = through_kernel(name, x)
    want = ref(x.astype(np.float64)).astype(np.float32)
    if name == "square":
        want[np.abs(want) < np.finfo(np.float32).tiny] = 0.0    # the MAD unit flushes denormal results to +0
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("name,ref,tol", [("sin", np.sin, 2e-6), ("cos", np.cos, 2e-6)])
def test_trig_ops(name, ref, tol):
    x = rand(2, -20.0, 20.0)
    got = through_kernel(name, x)
    np.testing.assert_array_equal(got.view(np.uint32), direct(name, x).view(np.uint32))
    assert np.max(np.abs(got - ref(x.astype(np.float64)))) < tol


def test_trig_follows_math_approx_mode():
    """math_approx_mode is tt-metal's APPROX: sin_tile then runs calculate_sine's degree-5 polynomial."""
    x = rand(19, -3.0, 3.0)
    cfg = tm.ComputeConfig(fp32_dest_acc_en=True, math_approx_mode=True,
                           unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})
    got = through_kernel("sin", x, cfg=cfg)
    np.testing.assert_array_equal(got.view(np.uint32), direct("sin", x, True).view(np.uint32))
    assert not np.array_equal(got, direct("sin", x, False))
    assert np.max(np.abs(got - np.sin(x.astype(np.float64)))) < 1e-3


def test_relu():
    """max(x, +0) by SFPSWAP's sign-magnitude order: -0 and -NaN give +0, +NaN passes, +Inf passes."""
    x = rand(4)
    neg_nan = np.array([0xFFC00001], np.uint32).view(np.float32)[0]
    x[0, :6] = [0.0, -0.0, -1e-30, 2.5, np.inf, -np.inf]
    x[1, :2] = [neg_nan, np.nan]
    got = through_kernel("relu", x)
    want = np.maximum(x, 0.0)
    want[0, 1] = want[1, 0] = 0.0
    want[1, 1] = np.nan
    np.testing.assert_array_equal(got.view(np.uint32)[2:], want.view(np.uint32)[2:])
    np.testing.assert_array_equal(got[0], want[0])
    assert got[1, 0] == 0.0 and not np.signbit(got[1, 0]) and np.isnan(got[1, 1])


def rel_err(got, want):
    return np.abs(got.astype(np.float64) - want) / np.abs(want)


# tt-llk 2025's reciprocal: first guess r0 = k (2 - k m) with k = 1.442695 for the mantissa m in [0.5, 1); its
# relative error e0 = 1 - m r0 is largest at m -> 1: 0.19598. Each Newton step squares it: with 3 "iterations"
# (the guess and two steps) e0**4 = 1.475e-3, in approximate mode (one step) e0**2 = 0.0384: tt-llk issue #154
# ("_calculate_reciprocal_ has poor precision"). The bounds below are those, plus float32 rounding.
E0 = 1.0 - 1.442695 * (2.0 - 1.442695)


@pytest.mark.parametrize("approx,bound", [(False, E0 ** 4 + 1e-6), (True, E0 ** 2 + 1e-6)])
def test_recip(approx, bound):
    """1/x over many binades and both signs, within the method's error bound, and reaching it (no better: this
    is the 2025 code, not an IEEE division)."""
    rng = np.random.default_rng(5)
    x = (rng.uniform(1.0, 2.0, (32, 32)) * 2.0 ** rng.integers(-60, 60, (32, 32))).astype(np.float32)
    x *= np.where(rng.random((32, 32)) < 0.5, -1, 1).astype(np.float32)
    cfg = tm.ComputeConfig(fp32_dest_acc_en=True, math_approx_mode=approx,
                           unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})
    got = through_kernel("recip", x, cfg=cfg)
    np.testing.assert_array_equal(got.view(np.uint32), direct("recip", x, approx).view(np.uint32))
    assert np.all(np.sign(got) == np.sign(x))
    err = rel_err(got, 1.0 / x.astype(np.float64))
    assert bound * 0.9 < err.max() < bound


def fp16b_round(f32):
    """SFPSTOCHRND FP32 -> FP16B without stochastic rounding, as the ISA page models it: add 0x10000 when the 16
    discarded bits are >= 0x8000 (to nearest, ties away from zero), keep the top 16 bits."""
    b = np.asarray(f32, np.float32).view(np.uint32).astype(np.int64)
    b = (b + np.where((b & 0xFFFF) >= 0x8000, 0x10000, 0)) & 0xFFFF0000
    return b.astype(np.uint32).view(np.float32)


def test_recip_bf16_dst_rounds_to_nearest():
    """With a 16-bit Dst the result is rounded with float_to_fp16b before the store: every output is the fp32
    Newton result rounded to bf16 by the ISA rule, within half a bf16 ulp (2**-8 relative) of 1/x plus the
    method's error."""
    x = rand(6, 0.5, 8.0)
    cfg = tm.ComputeConfig(fp32_dest_acc_en=False)
    got = through_kernel("recip", x, cfg=cfg, fmt=DF.Float16_b)
    xb = formats.unpack_tile_bytes(formats.pack_tile_bytes(x, DF.Float16_b), DF.Float16_b).astype(np.float64)
    assert rel_err(got, 1.0 / xb).max() <= 2.0 ** -8 + E0 ** 4
    fp32_result = direct("recip", xb.astype(np.float32))
    np.testing.assert_array_equal(got, fp16b_round(fp32_result))


@pytest.mark.parametrize("name", ["sqrt", "rsqrt"])
@pytest.mark.parametrize("approx,bound", [(False, 3e-7), (True, 2e-3)])
def test_sqrt_rsqrt(name, approx, bound):
    rng = np.random.default_rng(7)
    x = (rng.uniform(1.0, 4.0, (32, 32)) * 4.0 ** rng.integers(-30, 30, (32, 32))).astype(np.float32)
    cfg = tm.ComputeConfig(fp32_dest_acc_en=True, math_approx_mode=approx,
                           unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})
    got = through_kernel(name, x, cfg=cfg)
    np.testing.assert_array_equal(got.view(np.uint32), direct(name, x, approx).view(np.uint32))
    want = np.sqrt(x.astype(np.float64))
    assert rel_err(got, want if name == "sqrt" else 1.0 / want).max() < bound


@pytest.mark.parametrize("approx", [False, True])
def test_sqrt_rsqrt_special_cases(approx):
    """The special cases of the September 2025 code: sqrt(+inf) = +inf, sqrt(+0) = +0, rsqrt(+0) = +inf,
    rsqrt(+inf) = +0; and a 16-bit Dst gets the result rounded by float_to_fp16b."""
    x = rand(14, 0.25, 4.0)
    x[0, :3] = [np.inf, 0.0, 1.0]
    cfg = tm.ComputeConfig(fp32_dest_acc_en=True, math_approx_mode=approx,
                           unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})
    s = through_kernel("sqrt", x, cfg=cfg)
    r = through_kernel("rsqrt", x, cfg=cfg)
    assert s[0, 0] == np.inf and s[0, 1] == 0.0 and not np.signbit(s[0, 1])
    assert r[0, 0] == 0.0 and r[0, 1] == np.inf
    bf = through_kernel("sqrt", x, cfg=tm.ComputeConfig(math_approx_mode=approx), fmt=DF.Float16_b)
    xb = formats.unpack_tile_bytes(formats.pack_tile_bytes(x, DF.Float16_b), DF.Float16_b)
    np.testing.assert_array_equal(bf[1:], fp16b_round(direct("sqrt", xb, approx))[1:])


def test_exp_matches_exp21f_and_numpy():
    """exp_21f is the fast, limited-accuracy algorithm (seed 000: "good enough" for most uses, not for RoPE at
    large positions); the bound is its measured error on [-10, 10] on the model, a regression check."""
    x = rand(8, -10.0, 10.0)
    got = through_kernel("exp", x)
    np.testing.assert_array_equal(got.view(np.uint32), direct("exp", x, False, (False, True)).view(np.uint32))
    assert rel_err(got, np.exp(x.astype(np.float64))).max() < 2.5e-3


def test_exp_approx_is_refused():
    from tensix.errors import NotModelledError
    with pytest.raises(NotModelledError, match="exp_tile<approx=true>"):
        through_kernel("exp", rand(9), op_call=lambda i: K.exp_tile[True](i))


def test_template_subscript_and_keyword():
    x = rand(10, -2.0, 2.0)
    a = through_kernel("exp", x, op_call=lambda i: K.exp_tile[False](i))
    b = through_kernel("exp", x, op_call=lambda i: K.exp_tile(i, approx=False))
    np.testing.assert_array_equal(a, b)
    with pytest.raises(KernelError, match="unknown template parameter"):
        through_kernel("abs", x, op_call=lambda i: K.abs_tile(i, approx=True))


def test_op_without_its_init_is_refused():
    with pytest.raises(SfpuInitError, match=r"recip_tile .*recip_tile_init.*no SFPU op init"):
        through_kernel("recip", rand(11), init=False)


def test_op_after_another_ops_init_is_refused():
    """sqrt_tile_init loads vConstIntPrgm0 and Prgm1/2 over recip's constants: recip_tile after it is refused."""
    def op(i):
        K.sqrt_tile_init()
        K.recip_tile(i)
    with pytest.raises(SfpuInitError, match="the last op init was for sqrt"):
        through_kernel("recip", rand(12), op_call=op)


def test_op_after_exp_init_is_refused():
    """exp's init reloads the programmable constants on hardware: sqrt_tile after it needs sqrt_tile_init again."""
    def op(i):
        K.exp_tile_init()
        K.sqrt_tile(i)
    with pytest.raises(SfpuInitError, match="the last op init was for exp"):
        through_kernel("sqrt", rand(15, 0.5, 2.0), op_call=op)


def test_init_then_ops_on_several_tiles_keep_order():
    """An init queued behind earlier SFPU calls does not change what they compute: sqrt on tile 0, then
    recip_tile_init and recip on the same tile gives 1/sqrt(x) within the reciprocal's own error (test_recip)."""
    x = rand(13, 0.5, 4.0)

    def op(i):
        K.sqrt_tile(i)
        K.recip_tile_init()
        K.recip_tile(i)
    got = through_kernel("sqrt", x, op_call=op)
    assert rel_err(got, 1.0 / np.sqrt(x.astype(np.float64))).max() < E0 ** 4 + 1e-6


def _face_add(iterations=8):
    for _ in range(iterations):         # one face: 8 row groups of 4x8 lanes; tile 1 starts 32 dst_reg rows on
        dst_reg[0] = dst_reg[0] + dst_reg[32]
        dst_reg += 1


@pytest.mark.parametrize("mode,faces", [("RC", (0, 1, 2, 3)), ("R", (0, 1)), ("C", (0, 2))])
def test_seed_002_llk_call_form(mode, faces):
    """Seed 002's `llk_math_eltwise_unary_sfpu_0_param(func, func, dst, VectorMode::RC)` with a face function:
    the driver runs it on the faces the mode selects; the others keep tile 0's values."""
    from tensix.kernel import VectorMode, llk_math_eltwise_unary_sfpu_0_param
    a, b = rand(16), rand(17)

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, 2)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        copy_tile(CBIndex.c_0, 1, 1)
        llk_math_eltwise_unary_sfpu_0_param(_face_add, _face_add, 0, getattr(VectorMode, mode))
        tile_regs_commit()
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)

    pages = [(0, formats.pack_tile_bytes(t, DF.Float32)) for t in (a, b)]
    got = formats.unpack_tile_bytes(run_single(compute, pages, DF.Float32, DF.Float32, FP32_CFG)[0], DF.Float32)
    want = a.copy()
    for f in faces:                     # face f: rows 16 * (f // 2) .., columns 16 * (f % 2) ..
        r, c = 16 * (f // 2), 16 * (f % 2)
        want[r:r + 16, c:c + 16] = a[r:r + 16, c:c + 16] + b[r:r + 16, c:c + 16]
    np.testing.assert_array_equal(got, want)


def test_direct_sfpi_call_in_a_kernel_names_the_fix():
    from tensix.errors import SfpiError

    def bad(i):
        _face_add_direct()

    with pytest.raises(SfpiError, match=r"call_sfpu\(fn, dst_index.*llk_math_eltwise_unary_sfpu_0_param"):
        through_kernel("abs", rand(18), op_call=bad)


def _face_add_direct():
    x = dst_reg[0]
    dst_reg[0] = x
