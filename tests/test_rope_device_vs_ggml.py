"""Every device variant of RoPE against ggml's own op (ggml-python, tests/ggml_oracle.py) over test-backend-ops'
RoPE grid (reference/ggml_rope.md A.3), as that tool would compare a backend with the CPU: NMSE <= 1e-7 for the
accurate variant, float32 and float16, forward and backward, YaRN, freq factors, every mode and shape (long token
counts cut to a few tokens: RoPE is row-independent). The exp variants are compared on the always-run shapes and
must miss the bound in the way seed 000 describes (exp_21f worst, exp_24f far better), not by a broken port."""

import itertools

import numpy as np
import pytest

import tensix.metalium as tm
from tensix.ggml import (
    ROPE_TYPE_IMROPE,
    ROPE_TYPE_MROPE,
    ROPE_TYPE_NEOX,
    ROPE_TYPE_NORMAL,
    ROPE_TYPE_VISION,
    rope_ext,
)

oracle = pytest.importorskip("ggml_oracle")
if not oracle.available():
    pytest.skip("ggml-python is not installed (pip install '.[test]')", allow_module_level=True)

N, X, M, IM, V = ROPE_TYPE_NORMAL, ROPE_TYPE_NEOX, ROPE_TYPE_MROPE, ROPE_TYPE_IMROPE, ROPE_TYPE_VISION
# (mode, (tokens, heads, head_dim), n_dims); ggml's {ne0, ne1, ne2} is (head_dim, heads, tokens)
ALWAYS = [(N, (2, 32, 128), 128), (X, (2, 128, 64), 64)]
FIRST_ONLY = ([(N, (2, h, 128), 128) for h in (40, 52, 64)]
              + [(m, (4, 16, 16), 16) for m in (N, X)]
              + [(m, (t, 32, 80), d) for m in (N, X) for t, d in ((2, 20), (2, 32), (4, 32))]
              + [(X, (2, h, 64), 64) for h in (1, 71, 8)]
              + [(m, (2, h, 128), d) for m in (M, IM) for h, d in ((12, 128), (28, 128), (12, 20), (28, 32))]
              + [(IM, (2, 16, 128), 128), (IM, (4, 16, 16), 16), (V, (2, 16, 80), 40)])
VIEW36 = [(m, (3, 16, 36), 36 if m != V else 18) for m in (N, X, M, IM, V)]
PARAMS = list(itertools.product((False, True), (1.0, 1.4245), (0.0, 0.7465), (1.0, 1.4245)))  # fw fs ef af


@pytest.fixture(scope="module")
def dev():
    d = tm.CreateDevice(0)
    yield d
    tm.CloseDevice(d)


def case(rng, mode, shape, n_dims, dtype, backward, fs, ef, af, ff):
    a = rng.uniform(-1, 1, shape).astype(dtype)
    mrope = bool(mode & M)
    pos = rng.integers(0, 512, size=4 * shape[0] if mrope else shape[0]).astype(np.int32)
    n_slots = n_dims if mode == V else n_dims // 2
    ffv = rng.uniform(0.9, 1.1, n_slots).astype(np.float32) if ff else None
    sections = ([20, 20, 0, 0] if shape[2] == 80 else [n_dims // 2, n_dims // 2, 0, 0]) if mode == V else (
        [n_dims // 3] * 3 + [0] if mrope else None)
    kw = dict(n_dims=n_dims, mode=mode, freq_scale=fs, ext_factor=ef, attn_factor=af, backward=backward,
              beta_fast=1.0, beta_slow=1.0, sections=sections)
    return a, pos, ffv, kw


def nmse(ref, out):
    ref, out = np.asarray(ref, np.float64), np.asarray(out, np.float64)
    return float(((ref - out) ** 2).sum() / (ref ** 2).sum())


def worst(dev, cases, variant="accurate"):
    rng = np.random.default_rng(7)
    w = (0.0, None)
    for mode, shape, n_dims, dtype, params, ff in cases:
        a, pos, ffv, kw = case(rng, mode, shape, n_dims, dtype, *params, ff)
        ref = oracle.ggml_rope(a, pos, ffv, **kw)
        out = rope_ext(a, pos, ffv, device=dev, variant=variant, **kw)
        assert out.dtype == a.dtype and out.shape == a.shape
        e = nmse(ref, out)
        w = max(w, (e, (mode, shape, n_dims, np.dtype(dtype).name, params, ff)), key=lambda t: t[0])
    return w


@pytest.mark.parametrize("mode,shape,n_dims", ALWAYS)
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_always_run_shapes_whole_grid(dev, mode, shape, n_dims, dtype):
    e, where = worst(dev, [(mode, shape, n_dims, dtype, p, ff) for p in PARAMS for ff in (False, True)])
    assert e <= 1e-7, where


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_first_combination_shapes(dev, dtype):
    cases = [(m, s, d, dtype, (fw, 1.0, 0.0, 1.0), ff) for m, s, d in FIRST_ONLY for fw in (False, True)
             for ff in (False, True)]
    e, where = worst(dev, cases)
    assert e <= 1e-7, where


def test_view_shape_36_every_mode(dev):
    rng = np.random.default_rng(3)
    cases = [(m, s, d, dtype, PARAMS[i], ff) for m, s, d in VIEW36 for dtype in (np.float32, np.float16)
             for i, ff in zip(rng.choice(len(PARAMS), 4, replace=False), (False, True, False, True))]
    e, where = worst(dev, cases)
    assert e <= 1e-7, where


@pytest.mark.parametrize("mode,shape,n_dims", ALWAYS)
def test_exp_variants_against_ggml(dev, mode, shape, n_dims):
    cases = [(mode, shape, n_dims, np.float32, p, ff) for p in PARAMS[::3] for ff in (False, True)]
    e21, _ = worst(dev, cases, "exp_21f")
    e24, _ = worst(dev, cases, "exp_24f")
    acc, _ = worst(dev, cases, "accurate")
    assert acc <= 1e-7 < e21 and e24 < e21 / 100
