"""ttnn.typecast between the float dtypes and int32 / uint32 / uint16 on the simulated device
(tensix.ttnn.operations.unary typecast with tt-metal 622c6fb9 typecast.h and ckernel_sfpu_typecast.h, tensix.sfpi.llk_typecast), bit for bit
against numpy references written from what the tt-llk routines compute (their instruction lists read with the ISA
pages' semantics), not from tensix's code:

- float -> uint16: max(x, +0) in sign-magnitude order, then the magnitude rounded to nearest, ties away from zero
  (SFP_STOCH_RND without stochastic rounding), saturated to 65535 (+Inf, NaN included);
- float -> int32: truncation toward zero; |x| < 1 gives 0; |x| >= 2^31, Inf, NaN give INT_MIN;
- float -> uint32: a set sign bit gives 0; truncation; x >= 2^32, +Inf, +NaN give 0xFFFFFFFF;
- int32 -> float32: |x| rounded to nearest even (SFPCAST), the sign put back (INT_MIN exact);
- int32 -> bfloat16: that float32 rounded again to bfloat16, ties away from zero (a double rounding);
- uint32 -> float32: the low 31 bits rounded to nearest even, plus 2^31 (one more rounding to nearest even);
- uint32 -> bfloat16: that, then ties away to bfloat16; uint16 -> bfloat16: ties away;
- int32 <-> uint32 and a type to itself: the bits unchanged.
Edge cases (zeros, denormals, NaN / Inf, beyond the integer range, negative to unsigned, int32 beyond bfloat16's
mantissa, double-rounding cases), odd shapes (tile padding), both SFPLOADMACRO build settings, and the pairs tensix
refuses."""

import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn
from tensix.sfpi import llk_typecast

U32 = np.uint32


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


@pytest.fixture(params=[False, True], ids=["default", "no_loadmacro"])
def build(request, monkeypatch):
    """Both tt-metal builds: the default and TT_METAL_DISABLE_SFPLOADMACRO=1."""
    if request.param:
        monkeypatch.setenv("TT_METAL_DISABLE_SFPLOADMACRO", "1")
    else:
        monkeypatch.delenv("TT_METAL_DISABLE_SFPLOADMACRO", raising=False)
    return request.param


# ---- references -------------------------------------------------------------------------------------------------
def _fields(bits):
    b = np.asarray(bits, np.uint32).astype(np.int64)
    return b >> 31, ((b >> 23) & 0xFF) - 127, (b & 0x7FFFFF) | 0x800000


def ref_float_to_uint16(bits):
    sign, e, m = _fields(bits)
    ec = np.clip(e, -1, 15)
    r = ((m << (ec + 1)) + (1 << 23)) >> 24          # round half away from zero, for e >= -1
    r = np.where(e < -1, 0, np.where(e >= 16, 65535, np.minimum(r, 65535)))
    return np.where(sign == 1, 0, r).astype(np.uint16)


def ref_float_to_int32(bits):
    sign, e, m = _fields(bits)
    ec = np.clip(e, 0, 30)
    t = (m << ec) >> 23
    t = np.where(e < 0, 0, np.where(e >= 31, 1 << 31, t))
    t = np.where(sign == 1, -t, t)
    return (t & 0xFFFFFFFF).astype(np.uint32).view(np.int32)


def ref_float_to_uint32(bits):
    sign, e, m = _fields(bits)
    ec = np.clip(e, 0, 31)
    t = (m << ec) >> 23
    t = np.where(e < 0, 0, np.where(e >= 32, 0xFFFFFFFF, t))
    return np.where(sign == 1, 0, t).astype(np.uint32)


def rne_f32(mag):
    """A non-negative integer below 2^53 rounded to float32, to nearest even (numpy's float64 -> float32)."""
    return np.asarray(mag, np.int64).astype(np.float64).astype(np.float32)


def to_bf16_ties_away(f32):
    """float32 -> bfloat16 bits, to nearest with ties away from zero on the magnitude (finite inputs)."""
    b = np.asarray(f32, np.float32).view(np.uint32).astype(np.int64)
    r = (b & ~0xFFFF) + np.where((b & 0xFFFF) >= 0x8000, 0x10000, 0)
    return (r >> 16).astype(np.uint16)


def ref_int32_to_float32(v):
    v = np.asarray(v, np.int64)
    f = rne_f32(np.abs(v))
    return np.where(v < 0, -f, f).astype(np.float32)


def ref_uint32_to_float32(u):
    u = np.asarray(u, np.int64)
    f = rne_f32(u & 0x7FFFFFFF).astype(np.float64)
    return np.where(u >> 31 == 1, (f + 2.0 ** 31).astype(np.float32), f.astype(np.float32))


def ref_uint16_to_bf16(u):
    return to_bf16_ties_away(np.asarray(u, np.int64).astype(np.float32))


def bf16_values(h):
    return (np.asarray(h, np.uint16).astype(np.uint32) << 16).view(np.float32)


# ---- inputs -------------------------------------------------------------------------------------------------------
RNG = np.random.default_rng(2026)

FLOAT_EDGES = np.array(
    [0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00400000, 0x3E800000, 0x3F000000, 0xBF000000, 0x3F400000,
     0x3F7FFFFF, 0x3F800000, 0xBF800000, 0x3FC00000, 0xBFC00000, 0x40200000, 0xC0200000, 0x40600000,
     0x477FFF00, 0x477FFF80, 0x477FFFC0, 0x47800000, 0x4788B800, 0xC788B800, 0x4EFFFFFF, 0x4F000000,
     0xCF000000, 0xCF000001, 0x4F7FFFFF, 0x4F800000, 0x4F32D05E, 0xCF32D05E, 0x60AD78EC, 0x7F800000,
     0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0x42F6E979, 0xC2F6E979, 0x46FFFF00, 0x4B800001,
     0x4B7FFFFF, 0xCB7FFFFF, 0x3F7FFF00], np.uint32)


def float_inputs(shape):
    n = int(np.prod(shape))
    sign = RNG.integers(0, 2, n).astype(np.uint32) << 31
    exp = RNG.integers(110, 165, n).astype(np.uint32) << 23
    man = RNG.integers(0, 1 << 23, n).astype(np.uint32)
    bits = sign | exp | man
    bits[:len(FLOAT_EDGES)] = FLOAT_EDGES
    return bits.reshape(shape).view(np.float32)


INT_EDGES = np.array([0, 1, -1, 2, -2, 255, 256, 257, 259, -257, 65535, 65536, 65537, 2 ** 24, 2 ** 24 + 1,
                      2 ** 24 + 3, -(2 ** 24 + 1), 2 ** 24 + 2 ** 16 - 1, 2 ** 24 + 2 ** 16 + 1,
                      -(2 ** 24 + 2 ** 16 - 1), 2 ** 25 + 2, 2 ** 25 + 6, 0x00FFFFFF, 12345678, -12345678,
                      2 ** 31 - 1, -2 ** 31, -2 ** 31 + 1, 2 ** 31 - 64, 2 ** 31 - 65, 0x7FFFFF7F, 0x7FFFFF80,
                      0x40000040, 0x40000041, 0x40000080, 0x400000C0], np.int64)

UINT_EDGES = np.array([0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 2 ** 31 + 128, 2 ** 31 + 129, 2 ** 31 + 384,
                       2 ** 32 - 1, 2 ** 32 - 128, 2 ** 32 - 129, 0x80000080, 0xFFFFFF80, 0xFFFFFF7F, 3000000000,
                       2 ** 24 + 1, 2 ** 24 + 2 ** 16 - 1, 0x7FFFFFC0, 0xC0000040, 0xC0000041, 65535, 65536],
                      np.int64)


def int32_inputs(shape):
    n = int(np.prod(shape))
    v = np.where(RNG.integers(0, 2, n) == 1, RNG.integers(-2 ** 31, 2 ** 31, n), RNG.integers(-70000, 70000, n))
    v[:len(INT_EDGES)] = INT_EDGES
    return v.astype(np.int32).reshape(shape)


def uint32_inputs(shape):
    n = int(np.prod(shape))
    v = np.where(RNG.integers(0, 2, n) == 1, RNG.integers(0, 2 ** 32, n), RNG.integers(0, 70000, n))
    v[:len(UINT_EDGES)] = UINT_EDGES
    return v.astype(np.uint32).reshape(shape)


def dev(device, x, dtype):
    return ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def bits_of(t):
    return np.ascontiguousarray(ttnn.to_numpy(t), np.float32).view(np.uint32)


SHAPES = [(3, 50, 70), (32, 32), (1, 2, 33, 65)]
FLOAT_DTYPES = [ttnn.float32, ttnn.bfloat16, ttnn.bfloat8_b, ttnn.bfloat4_b]


# ---- float -> integer ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("src", FLOAT_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("dst", [ttnn.int32, ttnn.uint32], ids=lambda d: d.name)
def test_float_to_int32_and_uint32(device, src, dst, shape):
    x = float_inputs(shape)
    if src in (ttnn.bfloat8_b, ttnn.bfloat4_b):
        x = np.where(np.isfinite(x), x, 0).astype(np.float32)   # block floats have no Inf / NaN on the host
    t = dev(device, x, src)
    held = bits_of(t)                                # what the device tensor holds (the host's conversion)
    out = ttnn.typecast(t, dst)
    assert out.dtype == dst and tuple(out.shape) == tuple(shape)
    got = ttnn.to_numpy(out)
    want = ref_float_to_int32(held) if dst == ttnn.int32 else ref_float_to_uint32(held)
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("src", [ttnn.bfloat16, ttnn.bfloat8_b, ttnn.bfloat4_b], ids=lambda d: d.name)
def test_float_to_uint16(device, src, shape):
    x = float_inputs(shape)
    if src != ttnn.bfloat16:
        x = np.where(np.isfinite(x), x, 0).astype(np.float32)
    t = dev(device, x, src)
    held = bits_of(t)
    got = ttnn.to_numpy(ttnn.typecast(t, ttnn.uint16))
    assert got.dtype == np.uint16
    np.testing.assert_array_equal(got, ref_float_to_uint16(held))


def test_float_edges_by_hand(device):
    """The documented behaviour on named values (float32 input: unpacked to Dst exactly)."""
    x = np.array([0.0, -0.0, 0.99, 1.0, 1.99, -1.99, 2.5, -2.5, 2.0 ** 31, -(2.0 ** 31), 2.0 ** 32, 3e9, -3e9,
                  np.inf, -np.inf, np.nan, 1e-40], np.float32)
    t = dev(device, np.resize(x, (32, 32)), ttnn.float32)
    i = ttnn.to_numpy(ttnn.typecast(t, ttnn.int32)).ravel()[:len(x)]
    u = ttnn.to_numpy(ttnn.typecast(t, ttnn.uint32)).ravel()[:len(x)]
    imin = -2 ** 31
    assert i.tolist() == [0, 0, 0, 1, 1, -1, 2, -2, imin, imin, imin, imin, imin, imin, imin, imin, 0]
    top = 2 ** 32 - 1
    assert u.tolist() == [0, 0, 0, 1, 1, 0, 2, 0, 2 ** 31, 0, top, 3000000000, 0, top, 0, top, 0]
    b = ttnn.typecast(dev(device, np.resize(np.array([0.4, 0.5, 1.5, 2.5, -2.5, 65535, 70000, -3, np.inf, -np.inf,
                                                      np.nan, -0.0], np.float32), (32, 32)), ttnn.bfloat16),
                      ttnn.uint16)
    assert ttnn.to_numpy(b).ravel()[:12].tolist() == [0, 1, 2, 3, 0, 65535, 65535, 0, 65535, 0, 65535, 0]


# ---- integer -> float ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_int32_to_float(device, build, shape):
    v = int32_inputs(shape)
    t = dev(device, v, ttnn.int32)
    f32 = ttnn.to_numpy(ttnn.typecast(t, ttnn.float32))
    want = ref_int32_to_float32(v)
    np.testing.assert_array_equal(f32.view(np.uint32), want.view(np.uint32))
    bf = ttnn.to_numpy(ttnn.typecast(t, ttnn.bfloat16))
    np.testing.assert_array_equal(bf.view(np.uint32), bf16_values(to_bf16_ties_away(want)).view(np.uint32))
    # bfloat4_b: the packer's block-float rounding of the same bfloat16 values
    b4 = ttnn.to_numpy(ttnn.typecast(t, ttnn.bfloat4_b))
    via = ttnn.to_numpy(ttnn.typecast(ttnn.typecast(t, ttnn.bfloat16), ttnn.bfloat4_b))
    np.testing.assert_array_equal(b4.view(np.uint32), via.view(np.uint32))


def test_int32_to_bfloat16_rounds_twice(device):
    """2^24 + 2^16 - 1: float32 rounds it to 2^24 + 2^16 (nearest even), which is a bfloat16 tie that goes away from
    zero: 2^24 + 2^17, where one rounding to nearest would give 2^24."""
    v = np.resize(np.array([2 ** 24 + 2 ** 16 - 1, -(2 ** 24 + 2 ** 16 - 1), -2 ** 31, 2 ** 31 - 1], np.int32),
                  (32, 32))
    got = ttnn.to_numpy(ttnn.typecast(dev(device, v, ttnn.int32), ttnn.bfloat16)).ravel()[:4]
    assert got.tolist() == [2.0 ** 24 + 2.0 ** 17, -(2.0 ** 24 + 2.0 ** 17), -(2.0 ** 31), 2.0 ** 31]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_uint32_to_float(device, build, shape):
    u = uint32_inputs(shape)
    t = dev(device, u, ttnn.uint32)
    f32 = ttnn.to_numpy(ttnn.typecast(t, ttnn.float32))
    want = ref_uint32_to_float32(u)
    np.testing.assert_array_equal(f32.view(np.uint32), want.view(np.uint32))
    bf = ttnn.to_numpy(ttnn.typecast(t, ttnn.bfloat16))
    np.testing.assert_array_equal(bf.view(np.uint32), bf16_values(to_bf16_ties_away(want)).view(np.uint32))
    b4 = ttnn.to_numpy(ttnn.typecast(t, ttnn.bfloat4_b))
    via = ttnn.to_numpy(ttnn.typecast(ttnn.typecast(t, ttnn.bfloat16), ttnn.bfloat4_b))
    np.testing.assert_array_equal(b4.view(np.uint32), via.view(np.uint32))


def test_uint16_to_bfloat16_every_value(device, build):
    u = np.arange(2 ** 16, dtype=np.uint16).reshape(256, 256)
    t = dev(device, u, ttnn.uint16)
    got = ttnn.to_numpy(ttnn.typecast(t, ttnn.bfloat16))
    np.testing.assert_array_equal(got.view(np.uint32), bf16_values(ref_uint16_to_bf16(u)).view(np.uint32))
    for blk in (ttnn.bfloat8_b, ttnn.bfloat4_b):
        b = ttnn.to_numpy(ttnn.typecast(t, blk))
        via = ttnn.to_numpy(ttnn.typecast(ttnn.typecast(t, ttnn.bfloat16), blk))
        np.testing.assert_array_equal(b.view(np.uint32), via.view(np.uint32))


@pytest.mark.parametrize("shape", [(3, 50, 70), (1, 33, 65)], ids=str)
def test_uint16_round_trip_through_bfloat16(device, shape):
    """uint16 -> bfloat16 -> uint16: exact up to 256, then bfloat16's 8 significant bits (ties away)."""
    u = RNG.integers(0, 2 ** 16, shape).astype(np.uint16)
    back = ttnn.to_numpy(ttnn.typecast(ttnn.typecast(dev(device, u, ttnn.uint16), ttnn.bfloat16), ttnn.uint16))
    np.testing.assert_array_equal(back, ref_float_to_uint16(bf16_values(ref_uint16_to_bf16(u)).view(np.uint32)))


# ---- integer -> integer (no SFPU code) -----------------------------------------------------------------------------
def test_integer_bits_move_unchanged(device):
    v = int32_inputs((3, 50, 70))
    t = dev(device, v, ttnn.int32)
    u = ttnn.to_numpy(ttnn.typecast(t, ttnn.uint32))
    np.testing.assert_array_equal(u, v.view(np.uint32))
    back = ttnn.to_numpy(ttnn.typecast(dev(device, u, ttnn.uint32), ttnn.int32))
    np.testing.assert_array_equal(back, v)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.typecast(t, ttnn.int32)), v)
    w = RNG.integers(0, 2 ** 16, (40, 70)).astype(np.uint16)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.typecast(dev(device, w, ttnn.uint16), ttnn.uint16)), w)


def test_preallocated_output_and_memory_config(device):
    v = int32_inputs((2, 40, 70))
    t = dev(device, v, ttnn.int32)
    out = ttnn.from_numpy(np.zeros((2, 40, 70), np.float32), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT,
                          device=device)
    r = ttnn.typecast(t, ttnn.float32, output_tensor=out)
    assert r is out
    np.testing.assert_array_equal(ttnn.to_numpy(out).view(np.uint32), ref_int32_to_float32(v).view(np.uint32))
    l1 = ttnn.typecast(t, ttnn.float32, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert l1.memory_config() == ttnn.L1_MEMORY_CONFIG
    np.testing.assert_array_equal(ttnn.to_numpy(l1), ttnn.to_numpy(out))


# ---- refused ------------------------------------------------------------------------------------------------------
# (uint16 with a 32-bit Dst -- float32 <-> uint16, uint16 <-> int32 / uint32, int32 / uint32 -> uint16 -- and the
# uint8 casts: tests/test_ttnn_integer_formats.py)
@pytest.mark.parametrize("src", [ttnn.int32, ttnn.uint32, ttnn.float32], ids=lambda d: d.name)
def test_bfloat8_b_from_a_32_bit_dst_is_refused(device, src):
    x = np.ones((40, 70), np.float32 if src == ttnn.float32 else np.int32 if src == ttnn.int32 else np.uint32)
    with pytest.raises(tensix.NotModelledError, match="bfp8_pack_precise"):
        ttnn.typecast(dev(device, x, src), ttnn.bfloat8_b)


def test_row_major_is_refused(device):
    rm = ttnn.from_numpy(np.ones((40, 70), np.int32), dtype=ttnn.int32, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    with pytest.raises(tensix.NotModelledError, match="row-major"):
        ttnn.typecast(rm, ttnn.float32)


def test_every_sfploadmacro_form_runs_its_loop():
    """Departure (tensix.sfpi.llk_typecast.LOADMACRO_RUNS): tensix's SFPLOADMACRO engine refuses the four schedules,
    so both builds run the DISABLE_SFPLOADMACRO loops, which compute the same bits."""
    for (src, dst), (name, _face, _init) in llk_typecast.KERNELS.items():
        tile, init = llk_typecast.programs(src, dst, False, True)
        assert not any(i.op == "SFPLOADMACRO" for i in tile.instrs)
        assert ("DISABLE_SFPLOADMACRO" in tile.__name__) == (name in llk_typecast.LOADMACRO_FORMS)
    # the SFPLOADMACRO words themselves are there, as the C++ issues them
    instrs = llk_typecast._decode(llk_typecast.uint32_to_fp32_face(True))
    assert sum(i.op == "SFPLOADMACRO" for i in instrs) == 24
