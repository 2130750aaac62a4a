"""SFPI library calls through the DSL, against numpy references written from the ISA text."""

import numpy as np
import pytest

import tensix
import tensix.sfpi as sfpi
from tensix.sfpi import (
    dst_reg,
    exexp,
    exexp_nodebias,
    exman8,
    exman9,
    float_to_fp16b,
    float_to_int16,
    float_to_uint8,
    int32_to_float,
    int32_to_int8,
    lut,
    lz,
    lz_nosgn,
    reinterpret,
    setexp,
    setman,
    setsgn,
    addexp,
    shft,
    subvec_shflror1,
    subvec_transp,
    vec_min_max,
    vec_swap,
    vFloat,
    vInt,
    vUInt,
)
from tests.sfpi_helpers import bits, floats, get_lanes, set_lanes

rng = np.random.default_rng(5)


def run_unary(body, lanes_in, as_bits=False):
    """Put 32 lanes in dst_reg[0], run body, return dst_reg[1]'s lanes as uint32."""
    tiles = np.zeros((1, 32, 32), np.uint32)
    set_lanes(tiles, 0, np.asarray(lanes_in, np.uint32) if as_bits else bits(lanes_in))
    out = sfpi.run(body, tiles).tiles
    return get_lanes(out, 1)


def normal_floats(n=32, lo=-1e4, hi=1e4):
    return rng.uniform(lo, hi, n).astype(np.float32)


def test_exexp_exman():
    x = normal_floats()

    def f():
        v = dst_reg[0]
        dst_reg[1] = exexp(v)
        dst_reg[2] = exexp_nodebias(v)
        dst_reg[3] = exman8(v)
        dst_reg[4] = exman9(v)

    tiles = np.zeros((1, 32, 32), np.uint32)
    set_lanes(tiles, 0, bits(x))
    out = sfpi.run(f, tiles).tiles
    b = bits(x).astype(np.int64)
    e = (b >> 23) & 0xFF

    def sm(v):  # vInt stores go through INT32_SM (two's complement -> sign-magnitude)
        v = np.asarray(v, np.int64)
        return np.where(v < 0, 0x80000000 | -v, v).astype(np.uint32)

    np.testing.assert_array_equal(get_lanes(out, 1), sm(e - 127))
    np.testing.assert_array_equal(get_lanes(out, 2), sm(e))
    np.testing.assert_array_equal(get_lanes(out, 3), sm((b & 0x7FFFFF) | 0x800000))
    np.testing.assert_array_equal(get_lanes(out, 4), sm(b & 0x7FFFFF))


def test_setexp_setman_setsgn_addexp():
    x = normal_floats()

    def f():
        v = dst_reg[0]
        dst_reg[1] = setexp(v, 130)
        dst_reg[2] = setman(v, 0x5A5)
        dst_reg[3] = setsgn(v, 1)
        dst_reg[4] = addexp(v, 3)
        dst_reg[5] = setexp(v, exexp_nodebias(v) + 1)

    tiles = np.zeros((1, 32, 32), np.uint32)
    set_lanes(tiles, 0, bits(x))
    out = sfpi.run(f, tiles).tiles
    b = bits(x)
    np.testing.assert_array_equal(get_lanes(out, 1), (b & 0x807FFFFF) | (130 << 23))
    np.testing.assert_array_equal(get_lanes(out, 2), (b & 0xFF800000) | (0x5A5 << 11))
    np.testing.assert_array_equal(get_lanes(out, 3), b | 0x80000000)
    np.testing.assert_array_equal(floats(get_lanes(out, 4)), x * 8)
    np.testing.assert_array_equal(floats(get_lanes(out, 5)), x * 2)


def test_lz_and_shifts_and_int_ops():
    vals = rng.integers(0, 2**31, 32, dtype=np.int64).astype(np.uint32) >> rng.integers(0, 31, 32).astype(np.uint32)

    def f():
        v = reinterpret(vUInt, dst_reg[0])
        dst_reg[1] = reinterpret(vFloat, lz(v))
        dst_reg[2] = reinterpret(vFloat, v << 3)
        dst_reg[3] = reinterpret(vFloat, v >> 5)
        dst_reg[4] = reinterpret(vFloat, shft(v, -2))
        dst_reg[5] = reinterpret(vFloat, (v & 0xFF) | 0x100)

    tiles = np.zeros((1, 32, 32), np.uint32)
    set_lanes(tiles, 0, vals)
    out = sfpi.run(f, tiles).tiles
    lzs = np.array([32 - int(v).bit_length() for v in vals], np.uint32)
    np.testing.assert_array_equal(get_lanes(out, 1), lzs)
    np.testing.assert_array_equal(get_lanes(out, 2), (vals << 3).astype(np.uint32))
    np.testing.assert_array_equal(get_lanes(out, 3), vals >> 5)
    np.testing.assert_array_equal(get_lanes(out, 4), vals >> 2)
    np.testing.assert_array_equal(get_lanes(out, 5), (vals & 0xFF) | 0x100)


def test_lz_nosgn_ignores_sign_bit():
    def f():
        dst_reg[1] = reinterpret(vFloat, lz_nosgn(reinterpret(vUInt, dst_reg[0])))

    got = run_unary(f, np.full(32, 0x80000001, np.uint32), as_bits=True)
    assert (got == 31).all()


def test_int32_to_float_and_float_to_int16_round_half_away():
    def f():
        v = dst_reg[0]
        w = float_to_int16(v, 0)
        dst_reg[1] = reinterpret(vFloat, w)
        dst_reg[2] = int32_to_float(w, 0)

    x = np.array([0.5, 1.5, 2.5, -0.5, -2.5, 0.49, 100.7, -100.7, 40000.0, -40000.0] + [0.0] * 22, np.float32)
    tiles = np.zeros((1, 32, 32), np.uint32)
    set_lanes(tiles, 0, bits(x))
    out = sfpi.run(f, tiles).tiles
    mag = np.minimum(np.floor(np.abs(x.astype(np.float64)) + 0.5), 32767)
    want = np.where((x < 0) & (mag > 0), 0x80000000, 0).astype(np.uint32) | mag.astype(np.uint32)
    np.testing.assert_array_equal(get_lanes(out, 1), want)
    np.testing.assert_array_equal(floats(get_lanes(out, 2)), np.copysign(mag, x).astype(np.float32))


def test_float_to_fp16b_round_half_away_and_uint8_clamp():
    def f():
        v = dst_reg[0]
        dst_reg[1] = reinterpret(vFloat, float_to_fp16b(v, 0))
        dst_reg[2] = reinterpret(vFloat, float_to_uint8(v, 0))

    x = np.array([1.0 + 2**-8, 1.0 + 3 * 2**-9, 300.0, -3.0, 2.4] + [1.0] * 27, np.float32)
    tiles = np.zeros((1, 32, 32), np.uint32)
    set_lanes(tiles, 0, bits(x))
    out = sfpi.run(f, tiles).tiles
    b = bits(x).astype(np.uint64)
    want16 = ((b & ~np.uint64(0xFFFF)) + np.where((b & 0xFFFF) >= 0x8000, 0x10000, 0)).astype(np.uint32)
    np.testing.assert_array_equal(get_lanes(out, 1), want16)
    u8 = get_lanes(out, 2)
    assert u8[2] == 255 and u8[3] == 3 and u8[4] == 2


def test_int32_to_int8_descale():
    def f():
        v = vInt(dst_reg[0])
        dst_reg[1] = reinterpret(vFloat, int32_to_int8(v, 4, 0))

    vals = np.array([16, 24, 40, 5000, 0] + [0] * 27, np.uint32)  # sign-magnitude in Dst (positive)
    got = run_unary(f, vals, as_bits=True)
    assert list(got[:5]) == [1, 2, 3, 127, 0]  # >>4 with round half away, clamp to 127


def test_vec_swap_and_min_max():
    a, b = normal_floats(), normal_floats()

    def f():
        x = dst_reg[0]
        y = dst_reg[1]
        x, y = vec_swap(x, y)
        dst_reg[2] = x
        dst_reg[3] = y
        lo, hi = vec_min_max(dst_reg[0], dst_reg[1])
        dst_reg[4] = lo
        dst_reg[5] = hi

    tiles = np.zeros((1, 32, 32), np.float32)
    set_lanes(tiles, 0, a)
    set_lanes(tiles, 1, b)
    result = sfpi.run(f, tiles)
    out = result.tiles
    np.testing.assert_array_equal(get_lanes(out, 2), b)
    np.testing.assert_array_equal(get_lanes(out, 3), a)
    np.testing.assert_array_equal(get_lanes(out, 4), np.minimum(a, b))
    np.testing.assert_array_equal(get_lanes(out, 5), np.maximum(a, b))
    ops = [line.split()[1] for line in result.listing.splitlines()]
    assert all(ops[i + 1] == "SFPNOP" for i, op in enumerate(ops) if op == "SFPSWAP")


def test_subvec_shflror1_rotates_within_rows_of_eight():
    x = np.arange(32, dtype=np.float32)

    def f():
        dst_reg[1] = subvec_shflror1(dst_reg[0])

    got = floats(run_unary(f, x))
    want = x.reshape(4, 8)[:, [7, 0, 1, 2, 3, 4, 5, 6]].reshape(32)
    np.testing.assert_array_equal(got, want)


def test_subvec_transp_transposes_4x4_blocks():
    xs = [np.arange(32, dtype=np.float32) + 100 * k for k in range(4)]

    def f():
        a, b, c, d = subvec_transp(dst_reg[0], dst_reg[1], dst_reg[2], dst_reg[3])
        dst_reg[4] = a
        dst_reg[5] = b
        dst_reg[6] = c
        dst_reg[7] = d

    tiles = np.zeros((1, 32, 32), np.float32)
    for k in range(4):
        set_lanes(tiles, k, xs[k])
    out = sfpi.run(f, tiles).tiles
    stack = np.stack(xs)  # register r, lane L = 8*row + col
    for r in range(4):
        want = np.array([stack[L // 8, 8 * r + L % 8] for L in range(32)], np.float32)
        np.testing.assert_array_equal(get_lanes(out, 4 + r), want)


def test_subvec_transp_of_four_copies_broadcasts_each_row():
    """subvec_transp(v, v, v, v) after an in-place op (SFPMULI keeps v's register): register r gets lane row r
    of v in all four rows. The register picked for v must stay clear of the LReg0-3 pins of the whole
    in-place chain (compiler.allocate)."""
    x = np.arange(32, dtype=np.float32) + 1

    def f():
        v = vFloat(dst_reg[0]) * 2.0
        rows = subvec_transp(v, v, v, v)
        for r in range(4):
            dst_reg[4 + r] = rows[r]

    tiles = np.zeros((1, 32, 32), np.float32)
    set_lanes(tiles, 0, x)
    out = sfpi.run(f, tiles).tiles
    for r in range(4):
        np.testing.assert_array_equal(get_lanes(out, 4 + r), np.tile(2 * x[8 * r:8 * r + 8], 4))


def test_lut_piecewise_linear():
    # A = 1.0 (sign 0, exp ext 0 -> 127, man 0) = 0x00; B = 0xFF means 0.
    one_and_zero = (0x00 << 8) | 0xFF

    def f():
        v = dst_reg[0]
        c = vUInt(one_and_zero)
        dst_reg[1] = lut(v, c, c, c)

    x = normal_floats(lo=-5, hi=5)
    got = floats(run_unary(f, x))
    np.testing.assert_array_equal(got, x)  # 1.0 * |x| + 0, sign of x retained


def test_lut_offset_is_a_grayskull_feature():
    def f():
        v = dst_reg[0]
        dst_reg[1] = lut(v, vUInt(0), vUInt(0), vUInt(0), 1)

    with pytest.raises(tensix.SfpiError, match="Grayskull"):
        sfpi.listing(f)
