"""The SFPU routines of the seeds, against numpy in float64, with the seeds' published figures."""

import numpy as np
import pytest

import tensix.sfpi as sfpi
from tensix.sfpi import dst_reg, lib
from tests.sfpi_helpers import get_lanes

rng = np.random.default_rng(11)


def uniform_tile(lo, hi, n=1):
    return rng.uniform(lo, hi, (n, 32, 32)).astype(np.float32)


def test_sin_and_cos_tiles_within_the_routine_error():
    x = uniform_tile(-20, 20, 2)
    for fn, ref in ((lib.sin_tile, np.sin), (lib.cos_tile, np.cos)):
        out = sfpi.run(fn, x[:1]).tiles
        err = np.abs(out - ref(x[:1].astype(np.float64)))
        assert err.max() < 5e-6  # degree-9 sinpi polynomial plus fp32 range reduction


def test_sin_cycle_count_matches_published_figure():
    """tt-metal issue #37891: the sfpu_sinpi-based sine costs 33 cycles per 32-lane row, cosine 35."""
    sin_cycles = sfpi.run(lib.sin_tile, uniform_tile(-3, 3)).cycles
    cos_cycles = sfpi.run(lib.cos_tile, uniform_tile(-3, 3)).cycles
    assert 32 * 32 <= sin_cycles <= 34 * 32 + 16
    assert 33 * 32 <= cos_cycles <= 36 * 32 + 16


def test_sinpi_approx_variant_is_less_accurate():
    def f(approx):
        v = dst_reg[0]
        dst_reg[0] = lib.sfpu_sinpi(v, approx)

    x = uniform_tile(-0.5, 0.5)
    exact = np.sin(np.pi * x.astype(np.float64))
    fine = np.abs(get_lanes(sfpi.run(f, x, False).tiles, 0) - get_lanes(exact, 0)).max()
    rough = np.abs(get_lanes(sfpi.run(f, x, True).tiles, 0) - get_lanes(exact, 0)).max()
    assert fine < 1e-6 < rough < 1e-3


def test_exp_24f_is_much_more_accurate_than_exp_21f():
    """Seed 000: exp_21f's maximum error made RoPE fail; exp_24f (Moroz et al.) is 50-100x better."""
    x = uniform_tile(-10, 3)
    ref = np.exp(x.astype(np.float64))
    rel = {}
    for variant in ("exp_21f", "exp_24f"):
        out = sfpi.run(lib.exp_tile, x, variant).tiles
        rel[variant] = np.max(np.abs(out - ref) / ref)
    assert rel["exp_21f"] < 3e-3
    assert rel["exp_24f"] < 1e-4
    assert rel["exp_21f"] > 30 * rel["exp_24f"]


def test_exp_24f_first_segment_constant_variants_differ():
    def f(first):
        v = dst_reg[0]
        dst_reg[0] = lib.exp_24f(v, first)

    x = uniform_tile(-4, 4)
    seed = sfpi.run(f, x, "seed").tiles
    paper = sfpi.run(f, x, "paper").tiles
    lanes = get_lanes(x, 0).astype(np.float64)
    ref = np.exp(lanes)
    assert not np.array_equal(get_lanes(seed, 0), get_lanes(paper, 0))
    for out in (seed, paper):
        assert np.max(np.abs(get_lanes(out, 0) - ref) / ref) < 1e-4


def test_exp2_21f():
    def f():
        v = dst_reg[0]
        dst_reg[0] = lib.exp2_21f(v)

    x = uniform_tile(-20, 20)
    out = get_lanes(sfpi.run(f, x).tiles, 0)
    ref = np.exp2(get_lanes(x, 0).astype(np.float64))
    assert np.max(np.abs(out - ref) / ref) < 3e-3


def test_exp_below_threshold_is_zero():
    def f():
        v = dst_reg[0]
        dst_reg[0] = lib.exp_21f(v)

    x = np.full((1, 32, 32), -100.0, np.float32)
    assert (get_lanes(sfpi.run(f, x).tiles, 0) == 0).all()


@pytest.mark.parametrize("value", [0.0, 0.7, -0.7, 1.0, -1.9, 123456.75, -8388609.0, 2.0**31, -3e9, 1e-30])
def test_float_to_int32_truncates_to_sign_magnitude(value):
    def f():
        v = dst_reg[0]
        dst_reg[0] = sfpi.reinterpret(sfpi.vFloat, lib._float_to_int32_(v))  # raw bits: SM result

    x = np.full((1, 32, 32), value, np.float32)
    got = get_lanes(sfpi.run(f, x).tiles.view(np.uint32), 0)
    v = np.float64(np.float32(value))
    mag = min(int(abs(v)), 0x7FFFFFFF)
    want = mag | (0x80000000 if v < 0 and mag else 0)
    assert (got == want).all(), (hex(int(got[0])), hex(want))


def test_exp_tile_in_16_bit_dest_rounds_to_bf16():
    x = uniform_tile(-2, 2)
    out = sfpi.run(lib.exp_tile, x, "exp_21f", False, fp32_dest=False).tiles
    assert (out.view(np.uint32) & 0xFFFF == 0).all()
    ref = np.exp(x.astype(np.float64))
    assert np.max(np.abs(out - ref) / ref) < 1e-2
