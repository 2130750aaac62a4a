"""ttnn.matmul and ttnn.linear on the simulated device (tensix.ttnn.operations.matmul: tt-metal 622c6fb9's program
config selection and its multi-core program factories and kernels: 2D multicast, 1D multicast (mcast_in0 /
mcast_in1), MatmulMultiCoreReuse, MatmulMultiCore).

- Bit for bit against the per-tile model: the same op with tensix.kernel.matmul_batch.MatmulBatch.reference on,
  where every queued tile product runs on its own through fpu.matmul in call order (the batched numerics must not
  change a bit), over every factory, fidelity, both Dst modes, packer L1 accumulation on and off, bias, fused
  activations, transposes, batches and dtypes.
- Against float64 numpy with bounds derived from the fidelity model (the significand bits each fidelity phase
  multiplies: in0 through SrcB, hidden bit + 6 then 4 more; in1 through SrcA, hidden bit + 4 then 5 more), the Dst
  accumulation's rounding, the spills / L1 accumulation in the intermediate format and the output format's rounding.
- Program config selection (which factory ttnn picks), user configs, odd shapes, bias fused and post-processed,
  fused SFPU activations, errors."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.kernel.matmul_batch import MatmulBatch
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError

RNG = np.random.default_rng(1234)
F = ttnn.MathFidelity


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def ckc(fidelity=F.HiFi4, fp32=True, l1acc=True, approx=False):
    return ttnn.WormholeComputeKernelConfig(math_fidelity=fidelity, math_approx_mode=approx, fp32_dest_acc_en=fp32,
                                           packer_l1_acc=l1acc)


def tensor(device, shape, dtype=ttnn.bfloat16, scale=1.0, layout=ttnn.TILE_LAYOUT):
    x = (RNG.standard_normal(shape) * scale).astype(np.float32)
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, device=device)


def values(t) -> np.ndarray:
    return ttnn.to_numpy(t).astype(np.float64)


def last_program() -> str:
    return ttnn.op_report()[-1].program


def run_both(fn):
    """fn() run batched and with the per-tile reference model: both outputs, as raw bytes must agree."""
    out = fn()
    MatmulBatch.reference = True
    try:
        ref = fn()
    finally:
        MatmulBatch.reference = False
    return ttnn.to_numpy(out), ttnn.to_numpy(ref)


# ----------------------------------------------------------------------------- bit for bit vs the per-tile model
BIT_CASES = [
    # (a shape, b shape, kwargs, expected program)
    ((96, 200), (200, 130), dict(compute_kernel_config=ckc(F.HiFi4, True, True)), "mcast_2d"),
    ((96, 200), (200, 130), dict(compute_kernel_config=ckc(F.HiFi2, False, False)), "mcast_2d"),
    ((96, 256), (256, 160), dict(compute_kernel_config=ckc(F.HiFi3, False, True)), "mcast_2d"),
    ((32, 256), (256, 800), dict(compute_kernel_config=ckc(F.LoFi, False, False)), "mcast_1d"),
    ((800, 192), (192, 64), dict(compute_kernel_config=ckc(F.HiFi4, True, False)), "mcast_1d"),
    ((2, 64, 96), (2, 96, 128), dict(core_grid=ttnn.CoreGrid(y=2, x=2), compute_kernel_config=ckc(F.HiFi3, True)),
     "reuse_optimized"),
    ((70, 100), (100, 90), dict(program_config=ttnn.MatmulMultiCoreProgramConfig(),
                                compute_kernel_config=ckc(F.HiFi2, False)), "multicore"),
    ((130, 70), (130, 90), dict(transpose_a=True, compute_kernel_config=ckc(F.HiFi4, False, True)), "mcast_2d"),
    ((70, 130), (90, 130), dict(transpose_b=True, compute_kernel_config=ckc(F.HiFi4, True, True)), "mcast_2d"),
]


@pytest.mark.parametrize("sa, sb, kw, program", BIT_CASES)
def test_batched_numerics_bit_exact_with_per_tile_model(device, sa, sb, kw, program):
    a, b = tensor(device, sa), tensor(device, sb)
    got, ref = run_both(lambda: ttnn.matmul(a, b, **kw))
    assert program in last_program()
    assert got.tobytes() == ref.tobytes()


@pytest.mark.parametrize("dtype_a, dtype_b, out_dtype", [
    (ttnn.float32, ttnn.float32, ttnn.float32), (ttnn.bfloat8_b, ttnn.bfloat16, ttnn.bfloat16),
    (ttnn.bfloat16, ttnn.bfloat8_b, ttnn.bfloat8_b)])
def test_dtypes_bit_exact_with_per_tile_model(device, dtype_a, dtype_b, out_dtype):
    a, b = tensor(device, (64, 160), dtype_a), tensor(device, (160, 96), dtype_b)
    got, ref = run_both(lambda: ttnn.matmul(a, b, dtype=out_dtype, compute_kernel_config=ckc(F.HiFi4, True, True)))
    assert got.tobytes() == ref.tobytes()


@pytest.mark.parametrize("activation", [None, "relu", "gelu", "silu", "sigmoid", "tanh"])
def test_linear_bias_activation_bit_exact_with_per_tile_model(device, activation):
    a, b, bias = tensor(device, (64, 192), scale=0.3), tensor(device, (192, 96), scale=0.3), tensor(device, (1, 96))
    got, ref = run_both(lambda: ttnn.linear(a, b, bias=bias, activation=activation, core_grid=ttnn.CoreGrid(y=2, x=2),
                                            compute_kernel_config=ckc(F.HiFi2, False, True)))
    assert got.tobytes() == ref.tobytes()


# ----------------------------------------------------------------------------- float64 with derived bounds
# relative error of one tile product per fidelity (the significand bits the phases leave out: in0 keeps hidden + 6
# bits in phases without SrcB's low part, in1 hidden + 4 in phases without SrcA's low part; then the last bits of
# a TF32 Src value, 2^-10 and 2^-9 of x and y)
_PRODUCT_EPS = {F.LoFi: 2 ** -4 + 2 ** -6 + 2 ** -10, F.HiFi2: 2 ** -6 + 2 ** -9 + 2 ** -15,
                F.HiFi3: 2 ** -10 + 2 ** -10 + 2 ** -9, F.HiFi4: 2 ** -10 + 2 ** -9 + 2 ** -19}
_PHASES = {F.LoFi: 1, F.HiFi2: 2, F.HiFi3: 3, F.HiFi4: 4}


def _unit(dtype) -> float:
    """Relative rounding of a value stored in a format (half an ulp; bfloat8_b handled per block in _round_bound)."""
    return {ttnn.float32: 2 ** -24, ttnn.bfloat16: 2 ** -8, ttnn.bfloat8_b: 2 ** -6}[dtype]


def _round_bound(ref, dtype):
    """What storing ref in dtype can change: relative for float formats, per 16-datum block (a face row sharing one
    exponent, 7 significand bits) for bfloat8_b."""
    if dtype != ttnn.bfloat8_b:
        return _unit(dtype) * np.abs(ref)
    r = np.abs(ref)
    pad = (-r.shape[-1]) % 16
    rp = np.pad(r, [(0, 0)] * (r.ndim - 1) + [(0, pad)])
    m = rp.reshape(*rp.shape[:-1], -1, 16).max(-1, keepdims=True)
    return (np.broadcast_to(m, rp.reshape(*rp.shape[:-1], -1, 16).shape).reshape(rp.shape)[..., :r.shape[-1]]
            * 2 ** -6)


def derived_bound(A, B, fidelity, fp32_dest, in_fp32, out_dtype, num_blocks, interm_unit):
    absprod = np.abs(A) @ np.abs(B)
    kt = -(-A.shape[-1] // 32)
    eps = _PRODUCT_EPS[fidelity] + (2 ** -10 if in_fp32 else 0)
    adds = _PHASES[fidelity] * 2 * kt
    u_dst = 2 ** -24 if fp32_dest else 2 ** -8
    acc = (eps + adds * (u_dst + 2 ** -24) + num_blocks * interm_unit) * absprod
    return acc + _round_bound(A @ B, out_dtype) * (1 + 2 ** -6) + 1e-30


@pytest.mark.parametrize("fidelity", [F.LoFi, F.HiFi2, F.HiFi3, F.HiFi4])
@pytest.mark.parametrize("dtype, fp32_dest", [(ttnn.bfloat16, True), (ttnn.bfloat16, False), (ttnn.float32, True),
                                              (ttnn.bfloat8_b, True)])
def test_against_float64_within_fidelity_bounds(device, fidelity, dtype, fp32_dest):
    M, K, N = 70, 300, 100                      # odd shapes: padding in every dim, K padded in the last tile
    a, b = tensor(device, (M, K), dtype), tensor(device, (K, N), dtype)
    A, B = values(a), values(b)
    out = ttnn.matmul(a, b, compute_kernel_config=ckc(fidelity, fp32_dest, True))
    c = values(out)
    out_dtype = dtype
    # the partials reloaded into Dst pass SrcA: TF32 (10 fraction bits) from the fp32 intermediate CB, exact from a
    # bf16 one (after its own rounding); the L1 accumulation adds in fp32 (or bf16)
    interm = 2 ** -10 + 2 ** -24 if fp32_dest else 2 ** -8
    bound = derived_bound(A, B, fidelity, fp32_dest, dtype == ttnn.float32, out_dtype, 10, interm)
    err = np.abs(c - A @ B)
    assert np.all(err <= bound), float((err / bound).max())
    if fidelity == F.LoFi:       # the bound is not vacuous: LoFi's truncation shows, HiFi4 is much closer
        hifi4 = values(ttnn.matmul(a, b, compute_kernel_config=ckc(F.HiFi4, fp32_dest, True)))
        assert np.abs(hifi4 - A @ B).max() < np.abs(c - A @ B).max()


def test_hifi4_bf16_inputs_products_exact(device):
    """bf16 operands fit the HiFi4 phases whole: with fp32 Dst, one K block and a float32 output the only errors are
    the fp32 roundings of the 16-term partial sums and of the Dst accumulation. With several K blocks the partials
    spilled to the fp32 intermediate CB come back through SrcA (copy_tile without UnpackToDestFp32, as tt-metal's
    factories configure it), which keeps TF32's 10 fraction bits: a visibly larger, bounded error."""
    a, b = tensor(device, (64, 128)), tensor(device, (128, 64))
    A, B = values(a), values(b)
    absprod = np.abs(A) @ np.abs(B)
    one_block = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(2, 2), in0_block_w=4, out_subblock_h=1, out_subblock_w=1, out_block_h=1,
        out_block_w=1, per_core_M=1, per_core_N=1, transpose_mcast=False, fused_activation=None)
    c = values(ttnn.matmul(a, b, dtype=ttnn.float32, program_config=one_block,
                           compute_kernel_config=ckc(F.HiFi4, True, True)))
    err1 = np.abs(c - A @ B)
    assert np.all(err1 <= 4 * 2 * 4 * 2 ** -24 * absprod + 2 ** -24 * np.abs(A @ B))
    c = values(ttnn.matmul(a, b, dtype=ttnn.float32, compute_kernel_config=ckc(F.HiFi4, True, True)))
    assert ttnn.op_report()[-1].attributes["program_config"].split("in0_block_w=")[1].startswith("1,")
    err4 = np.abs(c - A @ B)
    assert np.all(err4 <= (2 ** -10 + 4 * 2 * 4 * 2 ** -24) * absprod + 2 ** -24 * np.abs(A @ B))
    assert err4.max() > 16 * err1.max()


# ----------------------------------------------------------------------------- config selection and factories
@pytest.mark.parametrize("sa, sb, kw, config, program", [
    ((256, 256), (256, 256), {}, "MatmulMultiCoreReuseMultiCastProgramConfig", "mcast_2d"),
    ((64, 256), (256, 1024), {}, "MatmulMultiCoreReuseMultiCast1DProgramConfig", "mcast_1d"),
    ((1024, 256), (256, 64), {}, "MatmulMultiCoreReuseMultiCast1DProgramConfig", "mcast_1d"),
    ((3, 64, 96), (3, 96, 128), dict(core_grid=ttnn.CoreGrid(y=4, x=4)), "MatmulMultiCoreReuseProgramConfig",
     "reuse_optimized"),
    ((96, 128), (128, 96), dict(core_grid=ttnn.CoreGrid(y=2, x=3)), "MatmulMultiCoreReuseMultiCastProgramConfig",
     "mcast_2d"),
])
def test_default_program_config_selection(device, sa, sb, kw, config, program):
    a, b = tensor(device, sa), tensor(device, sb)
    out = ttnn.matmul(a, b, **kw)
    rec = ttnn.op_report()[-1]
    assert rec.attributes["program_config"].startswith(config + "(")
    assert program in rec.program
    ref = values(a) @ values(b)
    assert np.abs(values(out) - ref).max() <= 0.05 * np.abs(ref).max()


def test_default_compute_kernel_config(device):
    """create_matmul_attributes: HiFi2 without a user config, LoFi with one, fp32 accumulation for a float32 output,
    packer L1 accumulation otherwise."""
    a, b = tensor(device, (64, 64)), tensor(device, (64, 64))
    ttnn.matmul(a, b)
    at = ttnn.op_report()[-1].attributes
    assert (at["math_fidelity"], at["fp32_dest_acc_en"], at["packer_l1_acc"]) == ("HiFi2", False, True)
    ttnn.matmul(a, b, dtype=ttnn.float32)
    at = ttnn.op_report()[-1].attributes
    assert (at["fp32_dest_acc_en"], at["packer_l1_acc"]) == (True, False)
    ttnn.matmul(a, b, core_grid=ttnn.CoreGrid(y=1, x=2))
    assert ttnn.op_report()[-1].attributes["math_fidelity"] == "LoFi"


def _check(out, ref, rel=0.02):
    got = values(out)
    assert got.shape == ref.shape
    assert np.abs(got - ref).max() <= rel * np.abs(ref).max()


def test_user_program_configs(device):
    a, b = tensor(device, (200, 250)), tensor(device, (250, 300))
    ref = values(a) @ values(b)
    k = ckc(F.HiFi4, True, True)
    pc2d = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(4, 3), in0_block_w=2, out_subblock_h=1, out_subblock_w=2, out_block_h=3,
        out_block_w=4, per_core_M=3, per_core_N=4, transpose_mcast=False, fused_activation=None)
    _check(ttnn.matmul(a, b, program_config=pc2d, compute_kernel_config=k), ref)
    assert "mcast_2d" in last_program() and ttnn.op_report()[-1].cores == 9     # 3 x 3 output blocks
    pc1d = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=(3, 2), in0_block_w=4, out_subblock_h=1, out_subblock_w=2, out_block_h=7,
        out_block_w=2, per_core_M=7, per_core_N=2, fuse_batch=True, fused_activation=None, mcast_in0=True)
    _check(ttnn.matmul(a, b, program_config=pc1d, compute_kernel_config=k), ref)
    assert "mcast_1d" in last_program() and ttnn.op_report()[-1].cores == 5
    pc1d_in1 = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=(8, 8), in0_block_w=1, out_subblock_h=1, out_subblock_w=5, out_block_h=1,
        out_block_w=10, per_core_M=1, per_core_N=10, fuse_batch=True, fused_activation=None, mcast_in0=False)
    _check(ttnn.matmul(a, b, program_config=pc1d_in1, compute_kernel_config=ckc(F.HiFi4, False, False)), ref)
    assert ttnn.op_report()[-1].cores == 7
    _check(ttnn.matmul(a, b, program_config=ttnn.MatmulMultiCoreProgramConfig(), compute_kernel_config=k), ref)
    assert "multicore" in last_program()


def test_batched_inputs(device):
    k = ckc(F.HiFi4, True, True)
    a, b = tensor(device, (3, 70, 96)), tensor(device, (96, 50))
    _check(ttnn.matmul(a, b, compute_kernel_config=k), values(a) @ values(b))
    b3 = tensor(device, (3, 96, 50))
    _check(ttnn.matmul(a, b3, compute_kernel_config=k), values(a) @ values(b3))
    a4, b4 = tensor(device, (2, 2, 40, 64)), tensor(device, (2, 2, 64, 40))
    _check(ttnn.matmul(a4, b4, compute_kernel_config=k), values(a4) @ values(b4))
    # in0 reuse: a [1, 1, M, K] kept in L1 for every batch of b (1D mcast_in1)
    a1, bh = tensor(device, (1, 1, 64, 96)), tensor(device, (1, 3, 96, 64))
    pc = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=(8, 8), in0_block_w=1, out_subblock_h=1, out_subblock_w=2, out_block_h=1,
        out_block_w=2, per_core_M=1, per_core_N=2, fuse_batch=False, fused_activation=None, mcast_in0=False)
    out = ttnn.matmul(a1, bh, program_config=pc, compute_kernel_config=k)
    assert list(out.shape) == [1, 3, 64, 64]
    _check(out, values(a1) @ values(bh))
    # rank-1 b: a matrix-vector product
    v = tensor(device, (96,))
    out = ttnn.matmul(a, v, compute_kernel_config=k)
    assert list(out.shape) == [3, 70]
    _check(out, values(a) @ values(v))


def test_transposes(device):
    k = ckc(F.HiFi4, True, True)
    a, b = tensor(device, (130, 70)), tensor(device, (90, 130))
    A, B = values(a), values(b)
    _check(ttnn.matmul(a, b, transpose_a=True, transpose_b=True, compute_kernel_config=k), A.T @ B.T)
    bb = tensor(device, (130, 90))
    _check(ttnn.matmul(a, bb, transpose_a=True, program_config=ttnn.MatmulMultiCoreProgramConfig(),
                       compute_kernel_config=k), A.T @ values(bb))
    a3, b3 = tensor(device, (3, 64, 96)), tensor(device, (3, 128, 64))
    _check(ttnn.matmul(a3, b3, transpose_a=True, transpose_b=True, core_grid=ttnn.CoreGrid(y=4, x=4),
                       compute_kernel_config=k), np.swapaxes(values(a3), -1, -2) @ np.swapaxes(values(b3), -1, -2))
    assert "reuse_optimized" in last_program()


def test_linear_bias(device):
    k = ckc(F.HiFi4, True, True)
    a, b = tensor(device, (100, 160)), tensor(device, (160, 200))
    ref = values(a) @ values(b)
    for shape in [(1, 200), (200,)]:
        bias = tensor(device, shape)
        out = ttnn.linear(a, b, bias=bias, compute_kernel_config=k)
        assert [r.op for r in ttnn.op_report()[-1:]] == ["ttnn.matmul"]     # fused into the matmul program
        _check(out, ref + values(bias).reshape(1, 200))
    bias2 = tensor(device, (100, 200))       # padded height above one tile: added after the matmul (ttnn.add)
    out = ttnn.linear(a, b, bias=bias2, compute_kernel_config=k)
    assert ttnn.op_report()[-1].op != "ttnn.matmul"
    _check(out, ref + values(bias2))
    # bias with several K blocks and both L1 accumulation settings, bf16 Dst
    for l1 in (True, False):
        bias = tensor(device, (1, 200))
        out = ttnn.linear(a, b, bias=bias, compute_kernel_config=ckc(F.HiFi2, False, l1))
        _check(out, ref + values(bias).reshape(1, 200), 0.03)


@pytest.mark.parametrize("activation, fn, tol", [
    ("relu", lambda x: np.maximum(x, 0), 2e-3), ("gelu", None, 2e-3), ("gelu_approx", None, 0.03),
    ("silu", lambda x: x / (1 + np.exp(-x)), 2e-3), ("sigmoid", lambda x: 1 / (1 + np.exp(-x)), 2e-3),
    ("sigmoid_approx", lambda x: 1 / (1 + np.exp(-x)), 0.125), ("tanh", np.tanh, 2e-3),
    ("relu6", lambda x: np.clip(x, 0, 6), 2e-3)])   # the LUT: 3 segments
def test_fused_activation(device, activation, fn, tol):
    if fn is None:
        from math import erf
        fn = np.vectorize(lambda x: 0.5 * x * (1 + erf(x / 2 ** 0.5)))
    a, b, bias = tensor(device, (64, 128), scale=0.3), tensor(device, (128, 96), scale=0.3), tensor(device, (1, 96))
    ref = fn(values(a) @ values(b) + values(bias))
    out = ttnn.linear(a, b, bias=bias, activation=activation, core_grid=ttnn.CoreGrid(y=2, x=2),
                      compute_kernel_config=ckc(F.HiFi4, True, True))
    assert ttnn.op_report()[-1].op == "ttnn.matmul"            # fused (core_grid given)
    got = values(out)
    assert np.all(np.abs(got - ref) <= 2 ** -7 * np.abs(ref) + tol)


def test_fused_fast_gelu_every_tile(device):
    """The fast gelu's LUT stays valid for every tile of a core (each core packs several subblocks)."""
    a, eye = tensor(device, (64, 64)), ttnn.from_numpy(np.eye(64, dtype=np.float32), dtype=ttnn.bfloat16,
                                                       layout=ttnn.TILE_LAYOUT, device=device)
    ref = ttnn.to_numpy(ttnn.gelu(a, fast_and_approximate_mode=True))
    pc = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(1, 1), in0_block_w=2, out_subblock_h=1, out_subblock_w=1, out_block_h=2,
        out_block_w=2, per_core_M=2, per_core_N=2, transpose_mcast=False,
        fused_activation=ttnn.UnaryWithParam(ttnn.UnaryOpType.GELU, 1.0))
    got = ttnn.to_numpy(ttnn.matmul(a, eye, program_config=pc, compute_kernel_config=ckc(F.HiFi4, False, False)))
    assert got.tobytes() == ref.tobytes()


def test_activation_post_processed_without_core_grid(device):
    a, b = tensor(device, (64, 64)), tensor(device, (64, 64))
    out = ttnn.matmul(a, b, activation="relu", compute_kernel_config=ckc())
    assert ttnn.op_report()[-1].op != "ttnn.matmul"
    _check(out, np.maximum(values(a) @ values(b), 0))


def test_output_dtype_and_memory_config(device):
    a, b = tensor(device, (64, 96)), tensor(device, (96, 64))
    out = ttnn.matmul(a, b, dtype=ttnn.float32, memory_config=ttnn.L1_MEMORY_CONFIG, compute_kernel_config=ckc())
    assert out.dtype == ttnn.float32 and out.memory_config().buffer_type == ttnn.BufferType.L1
    _check(out, values(a) @ values(b), 0.01)


def test_device_time_scales_with_work(device):
    a, b = tensor(device, (256, 256)), tensor(device, (256, 256))
    k = ckc(F.HiFi4, True, True)
    ttnn.matmul(a, b, compute_kernel_config=k)
    t4 = ttnn.op_report()[-1].device_ns
    ttnn.matmul(a, b, compute_kernel_config=ckc(F.LoFi, True, True))
    t1 = ttnn.op_report()[-1].device_ns
    assert 0 < t1 < t4


# ----------------------------------------------------------------------------- errors
def test_errors(device):
    a, b = tensor(device, (64, 96)), tensor(device, (64, 96))
    with pytest.raises(ShapeError, match="The width of the first tensor must be equal to the height of the second"):
        ttnn.matmul(a, b)
    rm = tensor(device, (96, 64), layout=ttnn.ROW_MAJOR_LAYOUT)
    with pytest.raises(LayoutError, match="must be tilized"):
        ttnn.matmul(a, rm)
    i32 = ttnn.from_numpy(np.ones((96, 64), np.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(DTypeError):
        ttnn.matmul(a, i32)
    b2 = tensor(device, (96, 64))
    with pytest.raises(TTNNError, match="Cannot use both"):
        ttnn.matmul(a, b2, core_grid=ttnn.CoreGrid(y=1, x=1), program_config=ttnn.MatmulMultiCoreProgramConfig())
    bad = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(2, 2), in0_block_w=2, out_subblock_h=1, out_subblock_w=1, out_block_h=1,
        out_block_w=1, per_core_M=1, per_core_N=1, transpose_mcast=False, fused_activation=None)
    with pytest.raises(TTNNError, match="in0_block_w"):
        ttnn.matmul(tensor(device, (32, 96)), tensor(device, (96, 32)), program_config=bad)
    big_sb = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(2, 2), in0_block_w=1, out_subblock_h=2, out_subblock_w=4, out_block_h=2,
        out_block_w=4, per_core_M=2, per_core_N=4, transpose_mcast=False, fused_activation=None)
    with pytest.raises(TTNNError, match="to fit in hardware"):
        ttnn.matmul(tensor(device, (64, 64)), tensor(device, (64, 128)), program_config=big_sb,
                    compute_kernel_config=ckc(F.HiFi4, True))
    reuse = ttnn.MatmulMultiCoreReuseProgramConfig((2, 2), 1, 1, 1, 2, 2)
    with pytest.raises(NotModelledError, match="no bias path"):
        ttnn.linear(tensor(device, (64, 64)), tensor(device, (64, 64)), bias=tensor(device, (1, 64)),
                    program_config=reuse)
    with pytest.raises(NotModelledError, match="selu"):
        ttnn.linear(tensor(device, (64, 64)), tensor(device, (64, 64)), core_grid=ttnn.CoreGrid(y=1, x=2),
                    activation=ttnn.UnaryWithParam(ttnn.UnaryOpType.SELU))
    dram_shard = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.DRAM, ttnn.ShardSpec(
        ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))]), [32, 64],
        ttnn.ShardOrientation.ROW_MAJOR))
    with pytest.raises(NotModelledError, match="sharded output memory config in DRAM"):
        ttnn.matmul(a, b2, memory_config=dram_shard)
