"""Seed 001's example function `silly`, lane by lane, against an independent numpy evaluation."""

import importlib.util
import pathlib

import numpy as np

import tensix.sfpi as sfpi
from tests.sfpi_helpers import bits, floats, get_lanes

EXAMPLE = pathlib.Path(__file__).parent.parent / "examples" / "sfpi" / "silly.py"


def load_example():
    spec = importlib.util.spec_from_file_location("silly_example", EXAMPLE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def clz32(x):
    x = np.asarray(x, np.uint64)
    out = np.full(x.shape, 32, np.int64)
    nz = x != 0
    out[nz] = 31 - np.floor(np.log2(x[nz].astype(np.float64))).astype(np.int64)
    return out


def reference(tiles, prgm0, value):
    """What `silly(True, value)` writes, computed with numpy from the C++ semantics.

    Inputs lie on a quarter grid so every product and difference is exact; a single-rounding MAD then
    equals float64 arithmetic rounded once to float32."""
    d0, d1 = get_lanes(tiles, 0).astype(np.float64), get_lanes(tiles, 1).astype(np.float64)
    f32 = np.float32
    a = (d0 + 2.0).astype(f32)
    out = {}
    out[3] = (f32(a.astype(np.float64) * -d1 + prgm0) + f32(0.5)).astype(f32)
    out[4] = (a.astype(np.float64) * 1.5 + np.float64(f32(1.2))).astype(f32)
    out[5] = (a.astype(np.float64) * value + np.float64(f32(1.2))).astype(f32)
    ab = bits(a)
    first = ((a >= 4) & (a < 8)) | ((a >= 12) & (a < 16))
    b = ((ab >> 23) & 0xFF) & 0xAA
    out[6] = np.where(first & (b >= 130), floats((ab & 0x807FFFFF) | (127 << 23)), np.nan)
    second = ~first & (a == 3.0)
    out[7] = np.where(second, np.abs(a), np.nan)
    third = ~first & ~second
    e = ~(clz32(ab) - 19) & 0xFF
    v = (ab & 0x807FFFFF) | (e.astype(np.uint32) << 23)
    out[8] = np.where(third, floats(v ^ 0x80000000), np.nan)
    return out


def test_silly_matches_numpy_lane_by_lane():
    mod = load_example()
    rng = np.random.default_rng(3)
    tiles = (rng.integers(-24, 64, size=(1, 32, 32)) / 4).astype(np.float32)
    tiles[0, 0, :8] = [1.0, 2.0, 10.0, 11.5, -1.0, 0.0, 4.0, 13.0]  # cover every branch
    result = sfpi.run(mod.silly_kernel, tiles, True, 0.75, 0.25)
    want = reference(tiles, 0.25, 0.75)
    for k, values in want.items():
        got = get_lanes(result.tiles, k)
        original = get_lanes(tiles, k)
        expected = np.where(np.isnan(values), original, values)  # lanes not written keep Dst
        np.testing.assert_array_equal(got, expected, err_msg=f"dst_reg[{k}]")
    a = get_lanes(tiles, 0) + 2
    assert ((a >= 4) & (a < 8)).any() and (a == 3).any() and ((a < 4) & (a != 3)).any()


def test_silly_example_script_runs(capsys):
    load_example().main()
    assert "SFPMAD" in capsys.readouterr().out
