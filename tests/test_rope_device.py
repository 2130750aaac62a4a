"""RoPE as kernels on the simulated device (tensix.ggml.rope_device, rope_ext(device=...)).

Independent references: rope_ext(device=None) (GGML's CPU op, bit-exact against ggml-python) for the
tolerance, and rope_sfpu (the host emulation of the same SFPU computation, tested in test_rope_sfpu.py) for
bit equality; the device run goes through the reader/compute/writer kernels, CBs, NoC and DRAM.
"""

import numpy as np
import pytest

import tensix.metalium as tm
from tensix.errors import NotModelledError, TensixError
from tensix.ggml import ROPE_TYPE_IMROPE, ROPE_TYPE_MROPE, ROPE_TYPE_NEOX, ROPE_TYPE_NORMAL, ROPE_TYPE_VISION
from tensix.ggml import RopeArgumentError, rope_ext
from tensix.ggml.rope_device import rope_device
from tensix.ggml.rope_sfpu import rope_sfpu
from tests.test_rope_sfpu import GRID_PARAMS, SEED_EXPECTED, _grid_case, nmse


@pytest.fixture(scope="module")
def dev():
    d = tm.CreateDevice(0)
    yield d
    tm.CloseDevice(d)


def bits(x):
    return np.ascontiguousarray(x, np.float32).view(np.uint32)


def test_seed_known_case(dev):
    a = np.arange(32, dtype=np.float32).reshape(1, 1, 32)
    pos = np.array([1], np.int32)
    out = rope_ext(a, pos, n_dims=16, mode=ROPE_TYPE_NEOX, device=dev)
    np.testing.assert_allclose(out[0, 0], SEED_EXPECTED, atol=5e-6)
    np.testing.assert_array_equal(bits(out[0, 0, 16:]), bits(a[0, 0, 16:]))  # passive: bit for bit
    assert dev.profiler.last_run().duration_cycles > 0


# (mode, shape, n_dims): test-backend-ops shapes (as test_rope_sfpu.py) cut to a few tokens, plus unaligned
# head counts and n_dims, and a 32-aligned Llama-like case
SHAPES = [
    (ROPE_TYPE_NORMAL, (2, 32, 128), 128),
    (ROPE_TYPE_NEOX, (2, 40, 64), 64),      # 40 heads: two blocks per token, the second padded
    (ROPE_TYPE_NEOX, (2, 32, 80), 20),      # unaligned n_dims, passive columns
    (ROPE_TYPE_NORMAL, (3, 7, 80), 32),
    (ROPE_TYPE_MROPE, (2, 12, 128), 128),
    (ROPE_TYPE_IMROPE, (2, 16, 128), 128),
    (ROPE_TYPE_VISION, (2, 16, 80), 40),
]


@pytest.mark.parametrize("mode,shape,n_dims", SHAPES)
def test_accurate_equals_rope_sfpu_and_meets_tolerance(dev, mode, shape, n_dims):
    rng = np.random.default_rng(mode * 100 + n_dims)
    # all 32 parameter combinations (backward, freq_scale, ext_factor, attn_factor, freq factors) for the first
    # shape, a sample of 6 for the others
    picks = range(len(GRID_PARAMS)) if shape == (2, 32, 128) else rng.choice(len(GRID_PARAMS), 6, replace=False)
    for i in picks:
        a, pos, ffv, kw = _grid_case(rng, mode, shape, n_dims, *GRID_PARAMS[i])
        ref = rope_ext(a, pos, ffv, **kw)
        emu = rope_sfpu(a, pos, ffv, variant="accurate", **kw)
        out = rope_ext(a, pos, ffv, device=dev, variant="accurate", **kw)
        np.testing.assert_array_equal(bits(out), bits(emu))
        assert nmse(ref, out) <= 1e-7, (GRID_PARAMS[i], nmse(ref, out))


@pytest.mark.parametrize("variant", ["exp_21f", "exp_24f"])
@pytest.mark.parametrize("mode,ff,ef", [(ROPE_TYPE_NEOX, True, 0.7465), (ROPE_TYPE_NORMAL, False, 0.0),
                                        (ROPE_TYPE_IMROPE, True, 0.0)])
def test_exp_variants_equal_rope_sfpu(dev, variant, mode, ff, ef):
    rng = np.random.default_rng(7)
    a, pos, ffv, kw = _grid_case(rng, mode, (3, 8, 128), 128, True, 1.4245, ef, 1.0, ff)
    emu = rope_sfpu(a, pos, ffv, variant=variant, **kw)
    out = rope_ext(a, pos, ffv, device=dev, variant=variant, **kw)
    np.testing.assert_array_equal(bits(out), bits(emu))


def test_four_dim_input_and_core_counts(dev):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((2, 5, 4, 64)).astype(np.float32)
    pos = rng.integers(0, 3000, 5).astype(np.int32)
    ref = rope_ext(a, pos, n_dims=64, mode=ROPE_TYPE_NEOX)
    outs = [rope_device(a, pos, n_dims=64, mode=ROPE_TYPE_NEOX, device=dev, cores=c) for c in (1, 3, 64)]
    for o in outs[1:]:
        np.testing.assert_array_equal(bits(o), bits(outs[0]))  # the split does not change the numbers
    assert nmse(ref, outs[0]) <= 1e-7
    # more cores: the same 10 blocks finish sooner
    rope_device(a, pos, n_dims=64, mode=ROPE_TYPE_NEOX, device=dev, cores=1)
    one = dev.profiler.last_run().duration_cycles
    rope_device(a, pos, n_dims=64, mode=ROPE_TYPE_NEOX, device=dev, cores=10)
    # fixed DRAM/NoC latency remains; the fluid DRAM model depends a little on host processing order
    assert dev.profiler.last_run().duration_cycles < 0.6 * one


def test_positions_cross_pages(dev):
    """A core whose blocks straddle the 32-block position pages reads the next page (70 blocks, 2 cores)."""
    rng = np.random.default_rng(5)
    a = rng.standard_normal((70, 3, 32)).astype(np.float32)
    pos = rng.permutation(70).astype(np.int32) * 17
    emu = rope_sfpu(a, pos, n_dims=32, mode=ROPE_TYPE_NEOX, variant="accurate")
    out = rope_device(a, pos, n_dims=32, mode=ROPE_TYPE_NEOX, device=dev, cores=2)
    np.testing.assert_array_equal(bits(out), bits(emu))


def test_float16_input(dev):
    rng = np.random.default_rng(11)
    a = rng.uniform(-1, 1, (4, 8, 64)).astype(np.float16)
    pos = rng.integers(0, 500, 4).astype(np.int32)
    ref = rope_ext(a, pos, n_dims=48, mode=ROPE_TYPE_NEOX)
    out = rope_ext(a, pos, n_dims=48, mode=ROPE_TYPE_NEOX, device=dev)
    assert out.dtype == np.float16
    emu = rope_sfpu(a.astype(np.float32), pos, n_dims=48, mode=ROPE_TYPE_NEOX, variant="accurate")
    np.testing.assert_array_equal(out.view(np.uint16), emu.astype(np.float16).view(np.uint16))
    np.testing.assert_array_equal(out[..., 48:].view(np.uint16), a[..., 48:].view(np.uint16))
    # fp16 rounding of results within ~1e-7 of GGML's: at most one fp16 ulp apart
    diff = np.abs(out.astype(np.float32) - ref.astype(np.float32))
    assert (diff <= np.spacing(np.abs(ref)).astype(np.float32)).all()


def test_bfloat16_input_on_the_device(dev):
    """bfloat16 (device only, Float16_b CBs): exact widening into the fp32 Dst except that SrcA flushes
    denormals, the packer's ties-away rounding on the way out, the pass-through columns copied bit for bit (NaN
    and denormals included)."""
    import ml_dtypes

    from tensix.device.formats import fp32_to_bf16_round_away

    rng = np.random.default_rng(12)
    a = rng.uniform(-1, 1, (4, 8, 64)).astype(ml_dtypes.bfloat16)
    a[0, 0, 60] = np.nan
    tiny = np.array([3e-39, -5e-40], np.float32).astype(ml_dtypes.bfloat16)  # bfloat16 denormals
    a[1, 2, 5], a[2, 3, 50] = tiny
    pos = rng.integers(0, 500, 4).astype(np.int32)
    out = rope_ext(a, pos, n_dims=48, mode=ROPE_TYPE_NEOX, device=dev)
    assert out.dtype == a.dtype and out.shape == a.shape
    a32 = a.astype(np.float32)
    a32[1, 2, 5] = 0.0  # the unpacker's SrcA path flushes the denormal in a rotated column
    emu = rope_sfpu(a32, pos, n_dims=48, mode=ROPE_TYPE_NEOX, variant="accurate")
    want = fp32_to_bf16_round_away(np.ascontiguousarray(emu[..., :48]).view(np.uint32))
    np.testing.assert_array_equal(out[..., :48].view(np.uint16), want)
    np.testing.assert_array_equal(out[..., 48:].view(np.uint16), a[..., 48:].view(np.uint16))
    ref = rope_ext(a.astype(np.float32), pos, n_dims=48, mode=ROPE_TYPE_NEOX)
    err = np.abs(out[..., :48].astype(np.float32) - ref[..., :48])
    assert (err <= 2 ** -8 * np.abs(ref[..., :48]) + 1e-6).all()  # one bf16 rounding of a ~1e-7-accurate value
    with pytest.raises(RopeArgumentError, match="bfloat16"):
        rope_ext(a, pos, n_dims=48, mode=ROPE_TYPE_NEOX)  # the GGML reference takes float32/float16 only


def test_tf32_unpack_path_truncates_inputs(dev):
    """Seed 000's kernel (no UnpackToDestFp32): the inputs reach Dst as TF32; with position 0 the rotation is
    the identity, so the output is the input with its 13 low mantissa bits cleared."""
    rng = np.random.default_rng(2)
    a = rng.standard_normal((1, 4, 64)).astype(np.float32)
    pos = np.array([0], np.int32)
    out = rope_device(a, pos, n_dims=64, mode=ROPE_TYPE_NEOX, device=dev, unpack_to_dest=False)
    np.testing.assert_array_equal(bits(out), bits(a) & np.uint32(0xFFFFE000))
    exact = rope_device(a, pos, n_dims=64, mode=ROPE_TYPE_NEOX, device=dev)
    np.testing.assert_array_equal(bits(exact), bits(a))


def test_invalid_arguments_raise_like_rope_ext(dev):
    a = np.zeros((2, 4, 64), np.float32)
    pos = np.zeros(2, np.int32)
    cases = [
        dict(a=a.astype(np.float64), pos=pos, n_dims=64, mode=ROPE_TYPE_NEOX),
        dict(a=a, pos=pos, n_dims=65, mode=ROPE_TYPE_NEOX),
        dict(a=a, pos=pos, n_dims=128, mode=ROPE_TYPE_NEOX),
        dict(a=a, pos=pos, n_dims=64, mode=3),
        dict(a=a, pos=pos.astype(np.int64), n_dims=64, mode=ROPE_TYPE_NEOX),
        dict(a=a, pos=pos, n_dims=64, mode=ROPE_TYPE_MROPE),  # no sections
        dict(a=a, pos=pos, n_dims=64, mode=ROPE_TYPE_NEOX, variant="exp_99"),
    ]
    for kw in cases:
        with pytest.raises(RopeArgumentError):
            rope_ext(device=dev, **kw)
        with pytest.raises(RopeArgumentError):
            rope_device(device=dev, **kw)
    with pytest.raises(RopeArgumentError):
        rope_device(a, pos, n_dims=64, mode=ROPE_TYPE_NEOX, device=dev, cores=65)
    with pytest.raises(RopeArgumentError):
        rope_device(a, pos, n_dims=64, mode=ROPE_TYPE_NEOX, device=None)
    with pytest.raises(RopeArgumentError, match="CreateDevice"):
        rope_ext(a, pos, n_dims=64, mode=ROPE_TYPE_NEOX, device=object())
    # not modelled, loudly: VISION + YaRN on an exp variant, non-positive freq factors on an exp variant
    av = np.zeros((2, 4, 80), np.float32)
    with pytest.raises(NotModelledError):
        rope_ext(av, np.zeros(8, np.int32), n_dims=40, mode=ROPE_TYPE_VISION, sections=[10, 10, 0, 0],
                 ext_factor=0.5, device=dev, variant="exp_24f")
    with pytest.raises(NotModelledError):
        rope_ext(a, pos, -np.ones(32, np.float32), n_dims=64, mode=ROPE_TYPE_NEOX, device=dev, variant="exp_24f")
    assert issubclass(RopeArgumentError, TensixError)


def test_progress_hook_counts_blocks(dev):
    a = np.zeros((5, 40, 32), np.float32)  # 5 tokens x 2 head blocks
    seen = []
    rope_device(a, np.arange(5, dtype=np.int32), n_dims=32, mode=ROPE_TYPE_NEOX, device=dev,
                progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (10, 10) and len(seen) == 10


def test_example_script():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "examples" / "rope" / "llama_rope.py"
    spec = importlib.util.spec_from_file_location("llama_rope_example", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    r = mod.main(2)
    assert r["accurate"]["nmse"] <= 1e-7
    assert r["exp_24f"]["nmse"] < r["exp_21f"]["nmse"]


@pytest.mark.parametrize("shape,n_dims,mode", [((0, 4, 32), 32, ROPE_TYPE_NEOX), ((2, 4, 32), 0, ROPE_TYPE_NEOX),
                                               ((2, 4, 32), 0, ROPE_TYPE_NORMAL), ((2, 0, 32), 32, ROPE_TYPE_NEOX),
                                               ((3, 4, 200), 130, ROPE_TYPE_NORMAL)])
def test_edge_shapes(dev, shape, n_dims, mode):
    rng = np.random.default_rng(1)
    a = rng.standard_normal(shape).astype(np.float32)
    if a.size:
        a[..., -1] = np.float32("nan")  # passive columns travel the bypass CB bit for bit (NaN payload too)
        a.view(np.uint32)[..., -1] |= np.uint32(0x1234)
    pos = np.arange(shape[0], dtype=np.int32) * 7
    out = rope_ext(a, pos, n_dims=n_dims, mode=mode, device=dev)
    assert out.shape == a.shape
    if a.size:
        np.testing.assert_array_equal(bits(out[..., n_dims:]), bits(a[..., n_dims:]))
        emu = rope_sfpu(a, pos, n_dims=n_dims, mode=mode, variant="accurate") if n_dims else a
        np.testing.assert_array_equal(bits(out), bits(emu))


def test_reader_groups_are_equal_and_bounded():
    """Every reader push / writer pop of a block has the same size (so no group wraps around the CB's end) and
    stays within MAX_CHUNK_TILES data tiles; a single work item always fits."""
    from tensix.ggml.rope_device import MAX_CHUNK_TILES, _chunks

    for n in range(1, 13):
        for pair in (1, 2):
            groups = _chunks(list(range(n)), pair)
            assert sum(groups, []) == list(range(n))
            assert len({len(g) for g in groups}) == 1
            assert len(groups[0]) * pair <= max(MAX_CHUNK_TILES, pair)
    assert [len(g) for g in _chunks(list(range(5)), 2)] == [1] * 5  # 5 is prime and 2 * 5 > 8
    assert [len(g) for g in _chunks(list(range(2)), 2)] == [2]      # NEOX head_dim 128: one push per block
