"""Tests for tensix.device.formats: layouts, host conversions, unpacker and packer conversions.

References are independent of the implementation: explicit index formulas for the layouts, ml_dtypes
for IEEE-style BF16 rounding, scalar Python-int re-derivations of the tt-metal / ISA bit recipes.
"""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tensix.device import formats as F
from tensix.device.formats import DataFormat as DF
from tensix.errors import NotModelledError, TensixError

RNG = np.random.default_rng(1234)


def bits(x):
    return np.asarray(x, dtype=np.float32).view(np.uint32)


def f32(b):
    return np.asarray(b, dtype=np.uint32).view(np.float32)


# ------------------------------------------------------------------------------------------ layout


def test_tile_sizes():
    assert F.tile_size(DF.Float32) == 4096
    assert F.tile_size(DF.Int32) == 4096
    assert F.tile_size(DF.UInt32) == 4096
    assert F.tile_size(DF.Float16_b) == 2048
    assert F.tile_size(DF.Float16) == 2048
    assert F.tile_size(DF.UInt16) == 2048
    assert F.tile_size(DF.Bfp8_b) == 1024 + 64
    assert F.tile_size(DF.Bfp4_b) == 512 + 64
    assert F.tile_size("Float16_b") == 2048 and F.tile_size(5) == 2048


def test_unknown_format_is_loud():
    with pytest.raises(NotModelledError):
        F.tile_size("Bfp2_b")


def test_face_order_matches_offset_formula():
    # facts sheet section 1: face = (i//16)*2 + j//16, offset = face*256 + (i%16)*16 + j%16
    t = np.arange(1024, dtype=np.int64).reshape(1, 32, 32)
    flat = F.to_face_order(t)[0]
    i, j = np.indices((32, 32))
    off = ((i // 16) * 2 + j // 16) * 256 + (i % 16) * 16 + j % 16
    assert np.array_equal(flat[off], t[0])
    assert np.array_equal(F.from_face_order(F.to_face_order(t)), t)


def test_tilize_multi_tile_grid_order():
    rows, cols = 64, 96
    m = np.arange(rows * cols).reshape(rows, cols)
    t = F.tilize_nfaces(m, rows, cols)
    wt = cols // 32
    for h in range(rows // 32):
        for w in range(wt):
            tile = F.from_face_order(t[(h * wt + w) * 1024:(h * wt + w + 1) * 1024][None])[0]
            assert np.array_equal(tile, m[h * 32:(h + 1) * 32, w * 32:(w + 1) * 32])
    assert np.array_equal(F.untilize_nfaces(t, rows, cols).reshape(rows, cols), m)


def test_tilize_batch_and_errors():
    m = RNG.standard_normal((3, 32, 64))
    t = F.tilize_nfaces(m, 32, 64)
    assert np.array_equal(F.untilize_nfaces(t, 32, 64).reshape(3, 32, 64), m)
    with pytest.raises(TensixError, match="multiples of 32"):
        F.tilize_nfaces(np.zeros(40 * 32), 40, 32)
    with pytest.raises(TensixError, match="whole number"):
        F.tilize_nfaces(np.zeros(100), 32, 32)


# ------------------------------------------------------------------------------- host round trips


def test_float32_round_trip_is_bit_exact_including_specials():
    b = RNG.integers(0, 2**32, (2, 32, 32), dtype=np.uint64).astype(np.uint32)
    b[0, 0, :4] = [0x7FC00001, 0x00000001, 0x80000000, 0x7F800000]  # NaN payload, denormal, -0, inf
    data = F.pack_tile_bytes(f32(b), DF.Float32)
    assert data.shape == (2, 4096) and data.dtype == np.uint8
    assert np.array_equal(bits(F.unpack_tile_bytes(data, DF.Float32)), b)
    # bytes are little-endian FP32 in face order
    assert np.array_equal(data[0, :4].view("<u4"), b[0, 0, :1])
    assert np.array_equal(data[0, 64:68].view("<u4"), b[0, 1, :1])  # face 0 row 1 starts at datum 16


def test_float16_b_host_rounding_is_rne_like_ml_dtypes():
    x = RNG.standard_normal((32, 32)).astype(np.float32) * np.float32(1e3)
    got = F.unpack_tile_bytes(F.pack_tile_bytes(x, DF.Float16_b), DF.Float16_b)
    ref = x.astype(ml_dtypes.bfloat16).astype(np.float32)
    assert np.array_equal(got, ref)


def test_float16_b_ties_and_nan():
    x = f32(np.array([0x3F808000, 0x3F818000, 0xBF808000, 0x7FC12345, 0xFFFFFFFF], dtype=np.uint32))
    t = np.zeros((32, 32), np.float32)
    t[0, :5] = x
    raw = F.pack_tile_bytes(t, DF.Float16_b)[:10].view("<u2")
    # ties to even: 0x3f80|8000 -> 0x3f80, 0x3f81|8000 -> 0x3f82; NaN -> canonical 0x7fc0 (tt-metal)
    assert list(raw) == [0x3F80, 0x3F82, 0xBF80, 0x7FC0, 0x7FC0]


def test_float16_round_trip_ieee():
    x = RNG.standard_normal((32, 32)).astype(np.float32)
    got = F.unpack_tile_bytes(F.pack_tile_bytes(x, DF.Float16), DF.Float16)
    assert np.array_equal(got, x.astype(np.float16).astype(np.float32))


@pytest.mark.parametrize("fmt,lo,hi,dt", [(DF.Int32, -(2**31), 2**31 - 1, np.int32),
                                          (DF.UInt32, 0, 2**32 - 1, np.uint32),
                                          (DF.UInt16, 0, 2**16 - 1, np.uint16)])
def test_integer_round_trips_and_range(fmt, lo, hi, dt):
    v = RNG.integers(lo, hi, (3, 32, 32), endpoint=True)
    v[0, 0, 0], v[0, 0, 1] = lo, hi
    out = F.unpack_tile_bytes(F.pack_tile_bytes(v, fmt), fmt)
    assert out.dtype == dt and np.array_equal(out.astype(np.int64), v)
    bad = np.zeros((32, 32), np.int64)
    bad[5, 5] = hi + 1
    with pytest.raises(TensixError, match="must lie in"):
        F.pack_tile_bytes(bad, fmt)
    with pytest.raises(TensixError, match="integer"):
        F.pack_tile_bytes(np.full((32, 32), 0.5), fmt)


def test_int32_stored_twos_complement():
    v = np.zeros((32, 32), np.int64)
    v[0, 0] = -1
    assert list(F.pack_tile_bytes(v, DF.Int32)[:4]) == [0xFF] * 4


def test_bytes_input_forms_and_errors():
    x = RNG.standard_normal((32, 32)).astype(np.float32)
    raw = F.pack_tile_bytes(x, DF.Float32)
    assert np.array_equal(F.unpack_tile_bytes(raw.tobytes(), DF.Float32), x)
    assert F.unpack_tile_bytes(np.concatenate([raw, raw]), DF.Float32).shape == (2, 32, 32)
    with pytest.raises(TensixError, match="whole number"):
        F.unpack_tile_bytes(raw[:100], DF.Float32)
    with pytest.raises(TensixError, match="32x32"):
        F.pack_tile_bytes(np.zeros((16, 32)), DF.Float32)


# ------------------------------------------------------------------------------------------ Bfp8_b


def ref_bfp_row(vals, w=7):
    """Scalar re-derivation of tt-metal convert_u32_to_bfp<Bfp8_b> (w = 7 magnitude bits, the hidden bit included) or
    <Bfp4_b> (w = 3) for one row of 16 floats: the other 24 - w bits rounded to nearest, ties to even."""
    bs = [int(b) for b in bits(vals)]
    shared = max((b >> 23) & 0xFF for b in bs)
    cut = 24 - w
    out = []
    for b in bs:
        if (b >> 23) & 0xFF == 0:
            out.append(0)
            continue
        m = (b & 0x7FFFFF) | (1 << 23)
        m >>= min(shared - ((b >> 23) & 0xFF), 31)
        rnd, m = m & ((1 << cut) - 1), m >> cut
        if rnd > (1 << (cut - 1)) or (rnd == (1 << (cut - 1)) and m & 1):
            m += 1
        m = min(m, (1 << w) - 1)
        out.append(((b >> 31) << w | m) if m else 0)
    return shared, out


def test_bfp8_layout_and_host_rounding_against_scalar_reference():
    x = RNG.standard_normal((2, 32, 32)).astype(np.float32) * np.float32(7.0)
    x[0, 3, 5] = 1000.0  # one large value in face 0 row 3
    raw = F.pack_tile_bytes(x, DF.Bfp8_b)
    faces = F.to_face_order(x).reshape(2, 64, 16)
    for t in range(2):
        for r in range(64):
            shared, datums = ref_bfp_row(faces[t, r])
            assert raw[t, r] == shared
            assert list(raw[t, 64 + 16 * r: 64 + 16 * (r + 1)]) == datums


def test_bfp8_shared_exponent_is_per_face_row():
    x = np.full((32, 32), 0.01, np.float32)
    x[3, 5] = 1000.0
    back = F.unpack_tile_bytes(F.pack_tile_bytes(x, DF.Bfp8_b), DF.Bfp8_b)
    # same face row as the large value: the small values fall below the shared exponent's quantum
    assert back[3, 5] == 1000.0
    assert np.all(back[3, :16][np.arange(16) != 5] == 0.0)
    # other rows (and the other face of the same tile row) keep their own exponent
    assert np.allclose(back[4, :], 0.01, rtol=2**-6)
    assert np.allclose(back[3, 16:], 0.01, rtol=2**-6)


def test_bfp8_exact_values_round_trip():
    # 7-bit magnitudes on one exponent are exactly representable: k/64 * 2^e, |k| < 128
    k = RNG.integers(-127, 128, (32, 32))
    k[:, 0] = 127  # make every face row's shared exponent the same (bit 6 set)
    x = (k / 64.0 * 2.0**3).astype(np.float32)
    back = F.unpack_tile_bytes(F.pack_tile_bytes(x, DF.Bfp8_b), DF.Bfp8_b)
    assert np.array_equal(back, x)


@settings(max_examples=60, deadline=None)
@given(hnp.arrays(np.float32, (32, 32), elements=st.floats(-2.0**100, 2.0**100, width=32, allow_subnormal=False)))
def test_bfp8_error_bound_and_idempotence(x):
    raw = F.pack_tile_bytes(x, DF.Bfp8_b)
    back = F.unpack_tile_bytes(raw, DF.Bfp8_b)
    shared = raw[:64].astype(np.int64)
    quantum = np.ldexp(1.0, shared - 127 - 6)
    err = np.abs(F.to_face_order(back[None])[0].reshape(64, 16).astype(np.float64)
                 - F.to_face_order(x[None])[0].reshape(64, 16))
    assert np.all(err <= quantum[:, None] * (1 + 2**-10))
    assert np.array_equal(F.pack_tile_bytes(back, DF.Bfp8_b), raw)


@settings(max_examples=60, deadline=None)
@given(hnp.arrays(np.uint32, (32, 32)))
def test_float32_bits_round_trip_property(b):
    assert np.array_equal(bits(F.unpack_tile_bytes(F.pack_tile_bytes(f32(b), DF.Float32), DF.Float32)), b)


@settings(max_examples=60, deadline=None)
@given(hnp.arrays(np.float32, (32, 32), elements=st.floats(width=32, allow_nan=False)))
def test_float16_b_property_matches_ml_dtypes(x):
    got = F.unpack_tile_bytes(F.pack_tile_bytes(x, DF.Float16_b), DF.Float16_b)
    assert np.array_equal(bits(got), bits(x.astype(ml_dtypes.bfloat16).astype(np.float32)))


def test_bfp4_layout_nibbles_and_host_rounding_against_scalar_reference():
    x = RNG.standard_normal((2, 32, 32)).astype(np.float32) * np.float32(7.0)
    x[1, 20, 30] = 1000.0
    raw = F.pack_tile_bytes(x, DF.Bfp4_b)
    assert raw.shape == (2, 576)
    faces = F.to_face_order(x).reshape(2, 64, 16)
    for t in range(2):
        for r in range(64):
            shared, datums = ref_bfp_row(faces[t, r], 3)
            assert raw[t, r] == shared
            body = raw[t, 64 + 8 * r: 64 + 8 * (r + 1)]
            # datum 2k in the low nibble of byte k (tt-metal create_packed_bfp_packed_as_u32: [0] in the LSBs)
            assert [int(v) for v in body] == [datums[2 * k] | datums[2 * k + 1] << 4 for k in range(8)]


def test_bfp4_exact_values_round_trip_and_host_decode():
    k = RNG.integers(-7, 8, (32, 32))
    k[:, 0] = 7   # bit 2 set: every face row's shared exponent is 2^1 below
    x = (k / 4.0 * 2.0**1).astype(np.float32)
    raw = F.pack_tile_bytes(x, DF.Bfp4_b)
    assert np.array_equal(F.unpack_tile_bytes(raw, DF.Bfp4_b), x)
    # the unpacker's BFP4ToBF16 agrees with tt-metal's host decoder on what the encoder writes
    assert np.array_equal(F.unpack_to_src(raw, DF.Bfp4_b), x)


def _bfp4_to_bf16_isa(datum4, exp):
    """ISA FloatBitPatterns.md, scalar: BFP4ToBF16(d, e) = BFP8ToBF16(d << 4, e)."""
    d8 = (datum4 << 4) & 0xFF
    sign, mag = d8 >> 7, (d8 << 1) & 0xFF
    if mag == 0:
        return 0xFF80 if sign else 0
    lz = 8 - mag.bit_length()
    return (sign << 15) | (((exp - lz) & 0xFF) << 7) | (((mag << lz) & 0xFF) & 0x7E)


def test_bfp4_unpacker_is_the_isa_conversion_for_every_datum():
    raw = np.zeros(576, np.uint8)
    raw[:64] = RNG.integers(0, 256, 64)
    raw[0], raw[1] = 0, 2                              # exponents that wrap below zero
    raw[64:] = RNG.integers(0, 256, 512)
    raw[64:72] = np.arange(16, dtype=np.uint8)[0::2] | (np.arange(16, dtype=np.uint8)[1::2] << 4)  # all 16 datums
    src = F.unpack_to_src(raw, DF.Bfp4_b)
    got = F.to_face_order(bits(src)[None])[0] >> 16
    shared = raw[:64]
    datums = np.empty(1024, np.int64)
    datums[0::2], datums[1::2] = raw[64:] & 15, raw[64:] >> 4
    want = [_bfp4_to_bf16_isa(int(datums[i]), int(shared[i // 16])) for i in range(1024)]
    assert [int(v) for v in got] == want


def test_pack_bfp4_is_bfp8_rounding_then_truncation():
    """ISA Packers/FormatConversion.md: to BFP4 "converted to BFP8 ..., then truncate to BFP4"."""
    h = np.zeros((32, 32), np.uint16)
    h[0, :6] = [0x3F80, 0x3F70, 0x3F7C, 0xBE80, 0x3D00, 0xBC00]
    # 1.0 -> mag8 64 -> 4; 0.9375 -> 60 -> 3 (truncated, not rounded to 4); 0.984375 -> 63 -> 3;
    # -0.25 -> 16 -> sign + 1; 0.03125 -> 4 -> 0; -0.0078125 -> 1 -> 0, sign dropped
    raw = F.pack_from_dest(h, False, DF.Bfp4_b)
    assert raw[0] == 127
    assert [int(raw[64 + k]) & 15 for k in range(3)] == [4, 3, 0]
    assert [int(raw[64 + k]) >> 4 for k in range(3)] == [3, 8 | 1, 0]
    back = F.unpack_tile_bytes(raw, DF.Bfp4_b)
    assert list(back[0, :6]) == [1.0, 0.75, 0.75, -0.25, 0.0, 0.0]
    # the same through an fp32 Dst: FP32 -> BF16 rounding first
    d = (h.astype(np.uint32) << 16)
    assert np.array_equal(F.pack_from_dest(d, True, DF.Bfp4_b), raw)


@settings(max_examples=40, deadline=None)
@given(hnp.arrays(np.uint16, (32, 32), elements=st.integers(0, 0xFFFF).filter(lambda v: (v & 0x7F80) != 0x7F80)))
def test_pack_bfp4_property_against_bfp8(h):
    """Every Bfp4_b datum is the matching Bfp8_b datum's sign and top 3 magnitude bits (sign 0 if those are 0),
    under the same shared exponent."""
    r8 = F.pack_from_dest(h, False, DF.Bfp8_b)
    r4 = F.pack_from_dest(h, False, DF.Bfp4_b)
    assert np.array_equal(r8[:64], r4[:64])
    d8 = r8[64:].astype(np.int64)
    mag = (d8 & 0x7F) >> 4
    want = np.where(mag == 0, 0, ((d8 >> 7) << 3) | mag)
    got = np.empty(1024, np.int64)
    got[0::2], got[1::2] = r4[64:] & 15, r4[64:] >> 4
    assert np.array_equal(got, want)


# ---------------------------------------------------------------------------------------- unpacker


def test_unpack_to_src_tf32_truncation():
    b = RNG.integers(0, 2**32, (32, 32), dtype=np.uint64).astype(np.uint32)
    raw = F.pack_tile_bytes(f32(b), DF.Float32)
    src = F.unpack_to_src(raw, DF.Float32)  # fp32_dest default: Tf32 unpack format
    assert np.array_equal(bits(src), b & 0xFFFFE000)
    # truncation, not rounding: 1 + 0x1fff ulps stays 1.0
    one = np.ones((32, 32), np.float32)
    one[0, 0] = f32(np.uint32(0x3F801FFF))
    assert bits(F.unpack_to_src(F.pack_tile_bytes(one, DF.Float32), DF.Float32))[0, 0] == 0x3F800000


def test_unpack_to_src_float32_with_16bit_dest_is_bf16_truncation_with_flush():
    b = np.full((32, 32), 0x3F80FFFF, np.uint32)
    b[0, 0] = 0x80000123  # negative denormal -> -0
    src = bits(F.unpack_to_src(F.pack_tile_bytes(f32(b), DF.Float32), DF.Float32, fp32_dest=False))
    assert src[0, 0] == 0x80000000 and src[1, 1] == 0x3F800000


def test_unpack_to_src_bf16_and_bfp8():
    x = RNG.standard_normal((32, 32)).astype(np.float32)
    raw = F.pack_tile_bytes(x, DF.Float16_b)
    assert np.array_equal(F.unpack_to_src(raw, DF.Float16_b), F.unpack_tile_bytes(raw, DF.Float16_b))
    raw8 = F.pack_tile_bytes(x, DF.Bfp8_b)
    # the hardware BFP8ToBF16 agrees with tt-metal's host decoder on packer-produced data
    assert np.array_equal(F.unpack_to_src(raw8, DF.Bfp8_b), F.unpack_tile_bytes(raw8, DF.Bfp8_b))


def test_bfp8_hw_decoder_special_cases():
    # ISA BFP8ToBF16: sign with zero magnitude -> 0xff80; small exponent wraps modulo 256
    raw = np.zeros(1088, np.uint8)
    raw[0] = 3  # shared exponent of face 0 row 0
    raw[64] = 0x80  # sign, magnitude 0
    raw[65] = 0x01  # magnitude 1: leading zeros 6 -> exponent 3 - 6 wraps to 253
    src = bits(F.unpack_to_src(raw, DF.Bfp8_b))
    assert src[0, 0] == 0xFF800000
    assert src[0, 1] == (253 << 23)


def test_unpack_to_src_rejects_int_and_fp16():
    raw = F.pack_tile_bytes(np.zeros((32, 32), np.int64), DF.Int32)
    with pytest.raises(TensixError, match="UnpackToDestFp32"):
        F.unpack_to_src(raw, DF.Int32)
    with pytest.raises(NotModelledError):
        F.unpack_to_src(F.pack_tile_bytes(np.zeros((32, 32)), DF.Float16), DF.Float16)


def test_unpack_to_dest_exact_and_mode_checks():
    b = RNG.integers(0, 2**32, (2, 32, 32), dtype=np.uint64).astype(np.uint32)
    raw = F.pack_tile_bytes(f32(b), DF.Float32)
    d = F.unpack_to_dest(raw, DF.Float32, fp32_dest=True)
    assert d.dtype == np.uint32 and np.array_equal(d, b)
    with pytest.raises(TensixError, match="fp32_dest_acc_en"):
        F.unpack_to_dest(raw, DF.Float32, fp32_dest=False)
    raw16 = F.pack_tile_bytes(f32(b), DF.Float16_b)
    d16 = F.unpack_to_dest(raw16, DF.Float16_b, fp32_dest=False)
    assert d16.dtype == np.uint16
    assert np.array_equal(d16, F.from_face_order(raw16.view("<u2").reshape(2, 1024)))
    with pytest.raises(NotModelledError):
        F.unpack_to_dest(raw16, DF.Float16_b, fp32_dest=True)


def test_copy_tile_paths():
    b = np.full((32, 32), 0x3F801234, np.uint32)
    b[0, 0] = 0x80000000  # -0 -> +0 through MOVA2D (zero flag)
    b[0, 1] = 0x00000005  # denormal -> +0
    raw = F.pack_tile_bytes(f32(b), DF.Float32)
    via_src = F.copy_tile_to_dest(raw, DF.Float32, fp32_dest=True)
    assert via_src[0, 0] == 0 and via_src[0, 1] == 0 and via_src[1, 1] == 0x3F800000
    direct = F.copy_tile_to_dest(raw, DF.Float32, fp32_dest=True, unpack_to_dest_fp32=True)
    assert np.array_equal(direct, b)
    bf = F.copy_tile_to_dest(raw, DF.Float32, fp32_dest=False)
    assert bf.dtype == np.uint16 and bf[1, 1] == 0x3F80
    ints = F.pack_tile_bytes(np.arange(1024).reshape(32, 32) - 512, DF.Int32)
    with pytest.raises(TensixError, match="UnpackToDestFp32"):
        F.copy_tile_to_dest(ints, DF.Int32, fp32_dest=True)
    di = F.copy_tile_to_dest(ints, DF.Int32, fp32_dest=True, unpack_to_dest_fp32=True)
    assert np.array_equal(di.view(np.int32), np.arange(1024).reshape(32, 32) - 512)


# ------------------------------------------------------------------------------------------ packer


def test_pack_fp32_dest_to_bf16_rounds_ties_away():
    d = np.zeros((32, 32), np.uint32)
    d[0, :7] = [0x3F808000, 0xBF808000, 0x3F818000, 0x00000123, 0x80000000, 0x7FC00001, 0x3F807FFF]
    out = F.pack_from_dest(d, True, DF.Float16_b)[:14].view("<u2")
    # ties away from zero (RNE would give 0x3f80, 0xbf80, 0x3f82); denormal and -0 -> +0; NaN -> Inf
    assert list(out) == [0x3F81, 0xBF81, 0x3F82, 0, 0, 0x7F80, 0x3F80]


def test_pack_identity_and_bf16_dest():
    b = RNG.integers(0, 2**32, (32, 32), dtype=np.uint64).astype(np.uint32)
    assert np.array_equal(F.unpack_tile_bytes(F.pack_from_dest(b, True, DF.Float32), DF.Float32).view(np.uint32), b)
    h = np.full((32, 32), 0x3F81, np.uint16)
    h[0, 0], h[0, 1], h[0, 2] = 0x0001, 0x8000, 0x7FC1  # denormal, -0, NaN
    out = F.pack_from_dest(h, False, DF.Float16_b)[:6].view("<u2")
    assert list(out) == [0, 0, 0x7F80]
    wide = F.unpack_tile_bytes(F.pack_from_dest(h, False, DF.Float32), DF.Float32)
    assert wide[1, 1] == f32(np.uint32(0x3F810000))
    with pytest.raises(TensixError, match="fp32_dest_acc_en"):
        F.pack_from_dest(h, False, DF.Int32)
    with pytest.raises(TensixError, match="uint16"):
        F.pack_from_dest(b, False, DF.Float16_b)


def test_pack_bfp8_from_dest_rounds_ties_away_with_shared_exponent():
    h = np.zeros((32, 32), np.uint16)
    h[0, 0] = 0x3F81  # 1.0078125: significand 129 at the shared exponent -> 64.5 -> 65 (ties away)
    h[0, 1] = 0x3E80  # 0.25: two exponents below -> 128 >> 3 = 16
    h[0, 2] = 0xBF80  # -1.0 -> sign + 64
    raw = F.pack_from_dest(h, False, DF.Bfp8_b)
    assert raw[0] == 127  # shared exponent of face 0 row 0
    assert list(raw[64:67]) == [65, 16, 0x80 | 64]
    assert raw[1] == 0 and raw[64 + 16] == 0  # an all-zero row
    back = F.unpack_tile_bytes(raw, DF.Bfp8_b)
    assert back[0, 0] == 65 / 64 and back[0, 1] == 0.25 and back[0, 2] == -1.0


def test_pack_bfp8_from_fp32_dest_double_rounding():
    d = np.zeros((32, 32), np.uint32)
    d[0, 0] = 0x3F80FFFF  # -> BF16 0x3f81 (round) -> BFP8 65 (round) : 1.015625
    back = F.unpack_tile_bytes(F.pack_from_dest(d, True, DF.Bfp8_b), DF.Bfp8_b)
    assert back[0, 0] == 65 / 64


def test_dest_to_float():
    assert F.dest_to_float(np.array([0x3F80], np.uint16), False)[0] == 1.0
    assert F.dest_to_float(np.array([0x3C00], np.uint16), False, dst16_format=DF.Float16)[0] == 1.0
    assert F.dest_to_float(np.array([0x40000000], np.uint32), True)[0] == 2.0


@settings(max_examples=80, deadline=None)
@given(hnp.arrays(np.float32, 64, elements=st.floats(width=32, allow_nan=False, allow_infinity=False,
                                                     allow_subnormal=False)))
def test_packer_bf16_rounding_property_ties_away(x):
    """Independent reference: round |x| / ulp half away from zero in float64 (exact at these sizes)."""
    got = F.fp32_to_bf16_round_away(bits(x))
    x64 = x.astype(np.float64)
    mag = np.abs(x64)
    e = np.floor(np.log2(np.where(mag > 0, mag, 1.0)))
    ulp = np.ldexp(1.0, (e - 7).astype(np.int64))
    ref = np.copysign(np.floor(mag / ulp + 0.5) * ulp, x64)
    ref = np.where(mag == 0, 0.0, ref)
    ref = np.where(np.abs(ref) >= 2.0**128, np.copysign(np.inf, x64), ref)
    assert np.array_equal(f32(got.astype(np.uint32) << 16).astype(np.float64), ref)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.integers(1, 2))
def test_tilize_round_trip_property(ht, wt, batch):
    rows, cols = 32 * ht, 32 * wt
    m = np.arange(batch * rows * cols, dtype=np.int64)
    t = F.tilize_nfaces(m, rows, cols)
    assert sorted(t.tolist()) == m.tolist()
    assert np.array_equal(F.untilize_nfaces(t, rows, cols), m)


def test_all_float32_cbs_without_fp32_dest_is_loud():
    raw = F.pack_tile_bytes(np.ones((32, 32)), DF.Float32)
    with pytest.raises(NotModelledError, match="FP16"):
        F.unpack_to_src(raw, DF.Float32, fp32_dest=False, all_cbs_float32=True)
    with pytest.raises(NotModelledError, match="fp32_dest_acc_en"):
        F.copy_tile_to_dest(raw, DF.Float32, fp32_dest=False, all_cbs_float32=True)
    assert F.copy_tile_to_dest(raw, DF.Float32, fp32_dest=True, all_cbs_float32=True)[0, 0] == 0x3F800000


def test_packer_nan_with_large_payload_becomes_signed_inf():
    d = np.zeros((32, 32), np.uint32)
    d[0, :4] = [0xFFFFFFFF, 0x7FFFFFFF, 0xFF800001, 0x7F7FFFFF]
    out = F.pack_from_dest(d, True, DF.Float16_b)[:8].view("<u2")
    assert list(out) == [0xFF80, 0x7F80, 0xFF80, 0x7F80]  # last: largest finite rounds up to Inf
