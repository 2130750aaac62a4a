"""tensix.ttnn's host conversions held to the real ttnn: tests/ttnn_reference/host_reference.npz holds what the
ttnn 0.81.1 wheel (host side, no card) makes of fixed inputs (make_host_reference.py beside it): bfloat16 rounding
(ties, denormals, NaN/Inf), bfloat8_b and bfloat4_b block packing (shared exponents, zero rows, rounding past an
exponent, ties of the 7- and 3-bit magnitudes, tile padding), float -> integer conversion, and TILE padded shapes of
every rank."""

from pathlib import Path

import numpy as np
import pytest

import tensix.ttnn as ttnn

REF = np.load(Path(__file__).parent / "ttnn_reference" / "host_reference.npz")
FLOAT_CASES = ["wide", "ties", "special", "blocky", "odd", "bfp_ties"]


def _same(a, b):
    """Equal values, NaN where NaN, and the same sign of zero."""
    a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
    assert a.shape == b.shape
    nan = np.isnan(b)
    np.testing.assert_array_equal(np.isnan(a), nan)
    np.testing.assert_array_equal(a.view(np.uint32)[~nan], b.view(np.uint32)[~nan])


@pytest.mark.parametrize("case", FLOAT_CASES)
def test_bfloat16_conversion_matches_ttnn(case):
    x = REF[f"{case}/input"]
    _same(ttnn.to_numpy(ttnn.from_numpy(x, dtype=ttnn.bfloat16)), REF[f"{case}/bfloat16"])


@pytest.mark.parametrize("dtype", ["bfloat8_b", "bfloat4_b"])
@pytest.mark.parametrize("case", [c for c in FLOAT_CASES if c != "special"])
def test_block_float_packing_matches_ttnn(case, dtype):
    x = REF[f"{case}/input"]
    t = ttnn.from_numpy(x, dtype=getattr(ttnn, dtype), layout=ttnn.TILE_LAYOUT)
    assert list(t.padded_shape) == list(REF[f"{case}/bfloat8_b_padded_shape"])
    _same(ttnn.to_numpy(t), REF[f"{case}/{dtype}"])


@pytest.mark.parametrize("dtype", ["uint16", "int32", "uint32"])
def test_float_to_integer_conversion_matches_ttnn(dtype):
    got = ttnn.to_numpy(ttnn.from_numpy(REF["ints/input"], dtype=getattr(ttnn, dtype)))
    np.testing.assert_array_equal(got, REF[f"ints/{dtype}"])


def test_tile_padded_shapes_match_ttnn():
    i = 0
    while f"shape{i}/shape" in REF:
        shape = tuple(int(s) for s in REF[f"shape{i}/shape"])
        t = ttnn.from_numpy(np.zeros(shape, np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT)
        assert list(t.padded_shape) == list(REF[f"shape{i}/padded"]), shape
        i += 1
    assert i >= 9
