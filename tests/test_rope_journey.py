"""Seed 000's optimisation journey (examples/rope_journey/): every step against GGML's RoPE (tensix.ggml.rope_ext,
NEOX), the bit-identities between steps that only move work around, and the timing facts each step is about.

Reduced size: 64 rows (two tile rows, so per-row positions change between tile rows), D = 320 (10 tiles),
n_dims = 256 (4 tile pairs, as in the seed, and 2 passive tiles)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo root: examples/ is not installed

from examples.rope_journey import (STEPS, host, s01_baseline, s02_hoist_division, s03_reuse_exp, s04_sine_phase,
                                   s05_prgm_constants, s06_per_row, s07_pos_in_dst, s08_exp_in_dst, s09_batching,
                                   s10_multicore)
from examples.rope_journey.host import JourneyError
from tensix.costs import cost
from tensix.ggml import ROPE_TYPE_NEOX, rope_ext

ROWS, D, N_DIMS, POS = 64, 320, 256, 1000


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    x = rng.uniform(-1.0, 1.0, (ROWS, D)).astype(np.float32)
    pos = rng.integers(0, 1100, ROWS).astype(np.int32)
    pos[0] = 0  # position 0: the identity rotation
    return x, pos


@pytest.fixture(scope="module")
def results(data):
    x, pos = data
    out = {}
    for step in STEPS:
        p = pos if step.PER_ROW else POS
        out[step.__name__] = host.run_step(step, x, p, N_DIMS, n_cores=getattr(step, "N_CORES", 1))
    return out


def _ref(x, pos):
    return rope_ext(x.reshape(ROWS, 1, D), np.broadcast_to(np.asarray(pos, np.int32), (ROWS,)).copy(),
                    n_dims=N_DIMS, mode=ROPE_TYPE_NEOX).reshape(ROWS, D)


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.__name__.rsplit(".", 1)[-1])
def test_step_matches_ggml(step, data, results):
    x, pos = data
    y, rep = results[step.__name__]
    ref = _ref(x, pos if step.PER_ROW else POS)
    # the seed's accuracy with exp_24f at positions up to ~1000: max error ~0.03 (tensix.ggml.rope_sfpu docstring)
    assert np.abs(y - ref).max() < 0.06
    assert np.array_equal(y[:, N_DIMS:], x[:, N_DIMS:])  # passive tiles forwarded bit for bit
    assert rep["sfpi_zone_cycles"] > 0 and rep["device_cycles"] > rep["sfpi_zone_cycles"] // rep["cores"]


def test_position_zero_row_is_identity_in_per_row_steps(data, results):
    x, _ = data
    for step in STEPS[5:]:
        y, _ = results[step.__name__]
        # pos 0: angle 0, sin_phase(0) = 0 and sin_phase(0.5) = 1 exactly, so x*1 - y*0 = x
        assert np.array_equal(y[0, :N_DIMS], x[0, :N_DIMS]), step.NAME


def test_steps_that_only_move_work_are_bit_identical(results):
    same = lambda a, b: np.array_equal(results[a.__name__][0], results[b.__name__][0])
    # hoisting and exponent reuse change where values are computed, not the arithmetic
    assert same(s01_baseline, s02_hoist_division) and same(s02_hoist_division, s03_reuse_exp)
    # Prgm constants: 2*k*(1/256) and k*(1/128) are the same exact float, ln constants the same float32 bits
    assert same(s04_sine_phase, s05_prgm_constants)
    # positions and exponents stored in fp32 Dst and reloaded, batching and multi-core: same bits
    for s in (s07_pos_in_dst, s08_exp_in_dst, s09_batching, s10_multicore):
        assert same(s06_per_row, s), s.NAME
    # the phase form changes the numerics (1/pi folded into the exponential)
    assert not same(s03_reuse_exp, s04_sine_phase)


def test_per_row_with_equal_positions_equals_shared_position(data, results):
    x, _ = data
    y, _ = host.run_step(s06_per_row, x, np.full(ROWS, POS, np.int32), N_DIMS)
    assert np.array_equal(y, results[s05_prgm_constants.__name__][0])


def test_timing_facts_of_each_step(results):
    rep = {s: results[s.__name__][1] for s in STEPS}
    pairs, faces = (ROWS // 32) * (N_DIMS // 64), 4
    div = cost("riscv.softfloat_div")
    imm = cost("riscv.sfpu_runtime_immediate")
    # baseline: 1.f/D_active on the RISC-V for every face of every tile pair; hoisted: once per kernel. The
    # rest of the scalar cycles is building the instructions with runtime immediates, the same in both steps
    assert rep[s01_baseline]["riscv_scalar_cycles"] - rep[s02_hoist_division]["riscv_scalar_cycles"] \
        == (pairs * faces - 1) * div
    rest = rep[s02_hoist_division]["riscv_scalar_cycles"] - div
    assert rest > 0 and rest % imm == 0
    assert rep[s01_baseline]["sfpu_cycles"] == rep[s02_hoist_division]["sfpu_cycles"]
    zone = {s: rep[s]["sfpi_zone_cycles"] for s in STEPS}
    # the seed's direction at every step with a hardware figure
    assert zone[s01_baseline] > zone[s02_hoist_division] > zone[s03_reuse_exp] > zone[s04_sine_phase] \
        > zone[s05_prgm_constants]
    assert zone[s06_per_row] > zone[s05_prgm_constants]
    assert zone[s06_per_row] > zone[s07_pos_in_dst] > zone[s08_exp_in_dst] > zone[s09_batching]
    # exponent reuse is the big one (seed: -17 of 44 us)
    assert zone[s02_hoist_division] - zone[s03_reuse_exp] > 0.4 * zone[s02_hoist_division]
    # multi-core: each of 4 cores does a quarter of the pairs; the device time drops
    assert rep[s10_multicore]["cores"] == 4
    assert rep[s10_multicore]["math_busy"] < rep[s08_exp_in_dst]["math_busy"] / 3
    assert rep[s10_multicore]["device_cycles"] < rep[s08_exp_in_dst]["device_cycles"] / 2


def test_seed_form_of_positions_in_dst_does_not_pass_silently(data):
    """The seed precomputes positions into Dst on the first two acquires only; the packer's release ZEROACCs the
    half (SFPU reads of it are undefined, ISA ZEROACC.md). tensix must not reproduce a correct result there."""
    from tensix.device.errors import DstUndefinedError

    x, pos = data
    with pytest.raises(DstUndefinedError, match=r"reads Dst tile\(s\) \[2\].*ZEROACC"):
        host.run_step(s07_pos_in_dst, x, pos, N_DIMS, precompute_every_acquire=False)


def test_argument_errors(data):
    x, pos = data
    with pytest.raises(JourneyError, match="one position per row"):
        host.run_step(s06_per_row, x, POS, N_DIMS)
    with pytest.raises(JourneyError, match="shares one position"):
        host.run_step(s01_baseline, x, pos, N_DIMS)
    with pytest.raises(JourneyError, match="whole tile pairs"):
        host.run_step(s01_baseline, x, POS, 96)
    with pytest.raises(JourneyError, match="split evenly"):
        host.run_step(s09_batching, x, pos, 64)
    with pytest.raises(JourneyError, match="one tile pair per acquire"):
        host.run_step(s08_exp_in_dst, x, pos, N_DIMS, batch=2)
