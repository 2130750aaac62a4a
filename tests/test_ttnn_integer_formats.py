"""UInt8 tiles and UInt16 data in a 32-bit Dst through the compute engine: tensix.device.formats copy_tile_to_dest /
pack_from_dest and the typecast kernels that rely on them (tensix.sfpi.llk_typecast), held bit for bit to the
conversions as read from the sources, written out again here:

- copy_tile of UInt8 (ISA Unpackers/FormatConversion.md UINT8 -> Integer "8", ELWADD with INT8 math, MatrixUnit.md
  ReadSrcInt8): the byte's value as an int32 in a 32-bit Dst;
- the packer to UInt8 from a 32-bit Dst (Packers/FormatConversion.md INT32 -> UINT8, Read_raw 0, shift 0): the
  sign-magnitude int32 saturated to 0..255;
- copy_tile of UInt16 into a 32-bit Dst (tt-llk's MOVA2D UseDst32bLo, ISA MOVA2D.md): the value in the word's low
  half, the high half kept;
- the packer to UInt16 from a 32-bit Dst (tt-llk ckernel_sfpu_typecast.h): the high 16 bits of the word as Dst
  stores them (ISA Dst.md DstEncodeFP32: tensix holds the unshuffled word);
- the typecast kernels (622c6fb9 ckernel_sfpu_typecast.h) per their instruction lists.

Every uint8 and every uint16 value goes through; edge values (0, 255, 256, 65535, values above the target range,
negative ones, -0, NaN); the paths that stay refused."""

import numpy as np
import pytest

import tensix.metalium as tm
import tensix.ttnn as ttnn
from tensix.device import formats
from tensix.device.formats import DataFormat as DF
from tensix.errors import NotModelledError
from tensix.kernel import (CBIndex, InterleavedAddrGenFast, cb_pop_front, cb_push_back, cb_reserve_back,
                           cb_wait_front, copy_tile, copy_tile_init, copy_tile_to_dst_init_short_with_dt, get_arg_val,
                           get_read_ptr, get_write_ptr, init_sfpu, noc_async_read_barrier, noc_async_read_tile,
                           noc_async_write_barrier, noc_async_write_tile, pack_tile, tile_regs_acquire,
                           tile_regs_commit, tile_regs_release, tile_regs_wait)

U8 = np.arange(1024, dtype=np.int64).reshape(32, 32) % 256          # every uint8 value, four times


@pytest.fixture(scope="module")
def device():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def dev(device, a, dtype):
    return ttnn.from_numpy(a, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


# ---- independent references (ISA pseudocode and the kernels' arithmetic, written out here) -------------------------
def isa_decode_fp32(x):
    """ISA Dst.md DstDecodeFP32: the stored (Sign, Man7, Exp8, ManLo16) word -> the IEEE-layout word."""
    x = np.asarray(x, np.uint64)
    h = x >> 16
    e, m = h & 255, (h >> 8) & 127
    return (((h & 0x8000) | (e << 7) | m) << 16 | (x & 0xFFFF)).astype(np.uint32)


def isa_encode_bf16(h):
    """ISA Dst.md DstEncodeBF16."""
    h = np.asarray(h, np.uint32)
    return ((h & 0x8000) | ((h & 127) << 8) | ((h >> 7) & 255)).astype(np.uint16)


def low_byte(v):
    """The low byte of an integer, two's complement (the kernels' + 256, & 0xFF)."""
    return (np.asarray(v, np.int64) & 0xFF).astype(np.uint8)


def trunc_low_byte(x):
    """calculate_typecast_fp32_to_uint8 for |x| < 2^31: truncation toward zero, then its low byte."""
    x = np.asarray(x, np.float64)
    return low_byte(np.trunc(x).astype(np.int64))


def round_away_u16(x):
    """calculate_typecast_fp32_to_uint16: max(x, +0) in sign-magnitude order, then to nearest with ties away from zero,
    clamped to 0..65535 (NaN and +Inf: 65535)."""
    x = np.asarray(x, np.float64)
    with np.errstate(invalid="ignore"):
        r = np.where(np.signbit(x), 0.0, np.floor(np.abs(x) + 0.5))
        r = np.where(np.isnan(x) & ~np.signbit(x), 65535.0, r)
    return np.minimum(r, 65535).astype(np.uint16)


# ---- tensix.device.formats --------------------------------------------------------------------------------------
def test_uint8_copy_tile_gives_the_byte_as_int32():
    raw = formats.pack_tile_bytes(U8, DF.UInt8)
    bits = formats.copy_tile_to_dest(raw, DF.UInt8, fp32_dest=True)
    assert bits.dtype == np.uint32
    np.testing.assert_array_equal(bits, U8.astype(np.uint32))
    # the zero flag does not matter (ReadSrcInt8 only flushes exponent-0 datums, which are the zero magnitudes)
    np.testing.assert_array_equal(formats.copy_tile_to_dest(raw, DF.UInt8, fp32_dest=True, flush=False), bits)


def test_uint8_pack_saturates_the_sign_magnitude_int32():
    words = np.array([0, 1, 127, 128, 255, 256, 257, 65535, 0x7FFFFFFF, 0x80000000, 0x80000001, 0x800000FF,
                      0xFFFFFFFF, 0x3F800000], np.uint32)
    want = np.array([0, 1, 127, 128, 255, 255, 255, 255, 255, 0, 0, 0, 0, 255], np.uint8)
    tile = np.zeros((32, 32), np.uint32)
    tile.flat[:words.size] = words
    out = formats.unpack_tile_bytes(formats.pack_from_dest(tile, True, DF.UInt8), DF.UInt8)
    np.testing.assert_array_equal(out.flat[:words.size], want)
    assert not out.flat[words.size:].any()


def test_uint8_round_trip_every_value():
    raw = formats.pack_tile_bytes(U8, DF.UInt8)
    back = formats.pack_from_dest(formats.copy_tile_to_dest(raw, DF.UInt8, fp32_dest=True), True, DF.UInt8)
    np.testing.assert_array_equal(back, raw)


def test_uint8_needs_a_32_bit_dst():
    raw = formats.pack_tile_bytes(U8, DF.UInt8)
    with pytest.raises(NotModelledError, match="16-bit Dst"):
        formats.copy_tile_to_dest(raw, DF.UInt8, fp32_dest=False)
    with pytest.raises(NotModelledError, match="16-bit Dst"):
        formats.pack_from_dest(np.zeros((32, 32), np.uint16), False, DF.UInt8)
    with pytest.raises(NotModelledError, match="SrcA / SrcB for FPU math"):     # the FPU operand path stays refused
        formats.unpack_to_src(raw, DF.UInt8)


def test_uint16_copy_into_a_32_bit_dst_keeps_the_high_halves():
    vals = np.arange(65536, dtype=np.int64).reshape(64, 32, 32)            # every uint16 value
    raw = formats.pack_tile_bytes(vals, DF.UInt16)
    old = np.random.default_rng(3).integers(0, 2**32, (64, 32, 32), dtype=np.uint64).astype(np.uint32)
    bits = formats.copy_tile_to_dest(raw, DF.UInt16, fp32_dest=True, dst_old=old)
    np.testing.assert_array_equal(bits >> 16, old >> 16)
    np.testing.assert_array_equal(bits & 0xFFFF, vals.astype(np.uint32))
    # a released Dst (read as zeros by the FPU, ZEROACC.md): the plain value
    zero = formats.copy_tile_to_dest(raw[:1], DF.UInt16, fp32_dest=True, dst_old=np.zeros((1, 32, 32), np.uint32))
    np.testing.assert_array_equal(zero[0], vals[0].astype(np.uint32))
    with pytest.raises(NotModelledError, match="dst_old"):
        formats.copy_tile_to_dest(raw[:1], DF.UInt16, fp32_dest=True)
    # 16-bit Dst: unchanged (the opaque INT16 transfer)
    np.testing.assert_array_equal(formats.copy_tile_to_dest(raw[:1], DF.UInt16, fp32_dest=False), vals[:1])


def test_uint16_pack_from_a_32_bit_dst_reads_the_stored_high_half():
    x = np.random.default_rng(4).integers(0, 2**32, (2, 32, 32), dtype=np.uint64).astype(np.uint32)
    # SFPSTORE MOD0_FMT_LO16 writes the stored word (x << 16) | (x >> 16) (ISA SFPSTORE.md); tensix holds the word
    # unshuffled (DstDecodeFP32): the packer must give x's low half
    rot = ((x.astype(np.uint64) << 16) | (x >> 16)).astype(np.uint32)
    logical = isa_decode_fp32(rot)
    out = formats.unpack_tile_bytes(formats.pack_from_dest(logical, True, DF.UInt16), DF.UInt16)
    np.testing.assert_array_equal(out, (x & 0xFFFF).astype(np.uint16))
    # a word stored as FP32 / INT32 (e.g. 1.0f = 0x3F800000): the packer sees its shuffled high half, 0x007F
    one = np.full((32, 32), 0x3F800000, np.uint32)
    out = formats.unpack_tile_bytes(formats.pack_from_dest(one, True, DF.UInt16), DF.UInt16)
    assert (out == 0x007F).all()
    assert (out == isa_encode_bf16(0x3F80)).all()


def test_other_formats_are_unchanged():
    """The float / 32-bit paths do not look at dst_old."""
    rng = np.random.default_rng(5)
    f = rng.standard_normal((2, 32, 32)).astype(np.float32)
    raw = formats.pack_tile_bytes(f, DF.Float16_b)
    old = rng.integers(0, 2**32, (2, 32, 32), dtype=np.uint64).astype(np.uint32)
    np.testing.assert_array_equal(formats.copy_tile_to_dest(raw, DF.Float16_b, fp32_dest=True, dst_old=old),
                                  formats.copy_tile_to_dest(raw, DF.Float16_b, fp32_dest=True))


# ---- copy_tile of UInt16 onto a Dst tile that holds data, in a kernel ---------------------------------------------
def test_uint16_copy_tile_onto_a_written_dst_tile_keeps_its_high_halves():
    """copy_tile of a UInt32 tile to Dst 0 (unpacked to Dst), then of a UInt16 tile onto the same Dst tile in the same
    acquire, packed as UInt32: the UInt32 word's high half with the uint16 value below it."""
    rng = np.random.default_rng(6)
    w = rng.integers(0, 2**32, (32, 32), dtype=np.uint64).astype(np.uint32)
    v = rng.integers(0, 2**16, (32, 32)).astype(np.uint16)
    d = tm.CreateDevice(0)
    cq = d.command_queue()
    c0 = tm.CoreCoord(0, 0)
    s32, s16 = formats.tile_size(DF.UInt32), formats.tile_size(DF.UInt16)
    b32 = tm.CreateBuffer(tm.InterleavedBufferConfig(d, s32, s32, tm.BufferType.DRAM))
    b16 = tm.CreateBuffer(tm.InterleavedBufferConfig(d, s16, s16, tm.BufferType.DRAM))
    bo = tm.CreateBuffer(tm.InterleavedBufferConfig(d, s32, s32, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(cq, b32, formats.pack_tile_bytes(w, DF.UInt32))
    tm.EnqueueWriteBuffer(cq, b16, formats.pack_tile_bytes(v, DF.UInt16))
    prog = tm.CreateProgram()
    for i, f, s in ((0, DF.UInt32, s32), (1, DF.UInt16, s16), (16, DF.UInt32, s32)):
        tm.CreateCircularBuffer(prog, c0, tm.CircularBufferConfig(2 * s, {i: f}).set_page_size(i, s))

    def reader():
        for cb, arg, size in ((CBIndex.c_0, 0, s32), (CBIndex.c_1, 1, s16)):
            g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(arg), page_size=size)
            cb_reserve_back(cb, 1)
            noc_async_read_tile(0, g, get_write_ptr(cb))
            noc_async_read_barrier()
            cb_push_back(cb, 1)

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        copy_tile_to_dst_init_short_with_dt(CBIndex.c_0, CBIndex.c_1)
        copy_tile(CBIndex.c_1, 0, 0)
        tile_regs_commit()
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)
        cb_pop_front(CBIndex.c_0, 1)
        cb_pop_front(CBIndex.c_1, 1)

    def writer():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=s32)
        cb_wait_front(CBIndex.c_16, 1)
        noc_async_write_tile(0, g, get_read_ptr(CBIndex.c_16))
        noc_async_write_barrier()
        cb_pop_front(CBIndex.c_16, 1)

    rk = tm.CreateKernel(prog, reader, c0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, c0, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    tm.CreateKernel(prog, compute, c0, tm.ComputeConfig(fp32_dest_acc_en=True))
    tm.SetRuntimeArgs(prog, rk, c0, [b32.address(), b16.address()])
    tm.SetRuntimeArgs(prog, wk, c0, [bo.address()])
    tm.EnqueueProgram(cq, prog)
    out = formats.unpack_tile_bytes(tm.EnqueueReadBuffer(cq, bo), DF.UInt32)
    tm.CloseDevice(d)
    np.testing.assert_array_equal(out, (w & np.uint32(0xFFFF0000)) | v.astype(np.uint32))


# ---- ttnn: identity and typecast ------------------------------------------------------------------------------------
def test_identity_of_every_uint8_value(device):
    x = np.tile(U8, (2, 4)).astype(np.uint8).reshape(1, 1, 64, 128)
    out = ttnn.identity(dev(device, x, ttnn.uint8))
    assert out.dtype == ttnn.uint8
    np.testing.assert_array_equal(ttnn.to_numpy(out), x)


@pytest.mark.parametrize("dst", [ttnn.float32, ttnn.bfloat16, ttnn.int32, ttnn.uint32, ttnn.uint16],
                         ids=lambda d: d.name)
def test_typecast_from_every_uint8_value(device, dst):
    x = U8.astype(np.uint8)
    out = ttnn.to_numpy(ttnn.typecast(dev(device, x, ttnn.uint8), dst))
    np.testing.assert_array_equal(out.astype(np.int64), U8)           # 0..255 are exact in every target


F_EDGES = np.array([0.0, -0.0, 1e-40, 0.4, 0.5, 0.99, 1.0, 1.5, 2.5, 127.9, 128.0, 255.0, 255.9, 256.0, 257.5, 300.7,
                    65535.0, 70000.2, 2.0 ** 24, 2.0 ** 31 - 128, -0.4, -1.0, -1.5, -255.0, -256.0, -300.7, -65535.0,
                    -(2.0 ** 31 - 128)], np.float32)


def test_typecast_float32_to_uint8(device):
    x = np.zeros((32, 32), np.float32)
    x.flat[:F_EDGES.size] = F_EDGES
    x.flat[F_EDGES.size:] = np.random.default_rng(7).uniform(-1000, 1000, 1024 - F_EDGES.size)
    out = ttnn.to_numpy(ttnn.typecast(dev(device, x, ttnn.float32), ttnn.uint8))
    assert out.dtype == np.uint8
    np.testing.assert_array_equal(out, trunc_low_byte(x))
    assert list(out.flat[:F_EDGES.size][[9, 13, 15, 22, 25]]) == [127, 0, 44, 255, 212]


def test_typecast_bfloat16_to_uint8(device):
    x = np.random.default_rng(8).uniform(-600, 600, (32, 64)).astype(np.float32)
    t = dev(device, x, ttnn.bfloat16)
    out = ttnn.to_numpy(ttnn.typecast(t, ttnn.uint8))
    np.testing.assert_array_equal(out, trunc_low_byte(ttnn.to_numpy(t).astype(np.float32)))


@pytest.mark.parametrize("src,vals", [
    (ttnn.int32, [0, 1, 127, 128, 255, 256, 257, -1, -2, -255, -256, 2**31 - 1, -2**31, 123456789]),
    (ttnn.uint32, [0, 1, 255, 256, 65535, 65536, 2**31, 2**32 - 1, 4000000000]),
], ids=["int32", "uint32"])
def test_typecast_int_to_uint8_keeps_the_low_byte(device, src, vals):
    x = np.zeros((32, 32), np.int64)
    x.flat[:len(vals)] = vals
    x.flat[len(vals):] = np.arange(1024 - len(vals)) * 4099
    a = x.astype(np.int32 if src == ttnn.int32 else np.uint32)
    out = ttnn.to_numpy(ttnn.typecast(dev(device, a, src), ttnn.uint8))
    np.testing.assert_array_equal(out, low_byte(x))


def test_typecast_every_uint16_to_uint8(device):
    v = np.arange(65536, dtype=np.int64).reshape(256, 256)
    out = ttnn.to_numpy(ttnn.typecast(dev(device, v.astype(np.uint16), ttnn.uint16), ttnn.uint8))
    np.testing.assert_array_equal(out, low_byte(v))


@pytest.mark.parametrize("dst", [ttnn.uint32, ttnn.int32, ttnn.float32], ids=lambda d: d.name)
def test_typecast_every_uint16_through_a_32_bit_dst(device, dst):
    v = np.arange(65536, dtype=np.int64).reshape(256, 256)
    out = ttnn.to_numpy(ttnn.typecast(dev(device, v.astype(np.uint16), ttnn.uint16), dst))
    np.testing.assert_array_equal(out.astype(np.int64), v)


def test_typecast_float32_to_uint16_with_a_32_bit_dst(device):
    edges = np.array([0.0, -0.0, 0.49, 0.5, 1.5, 2.5, 3.49, 65534.5, 65535.0, 65535.5, 70000.0, 1e30, np.inf, -1.0,
                      -0.6, -np.inf, np.nan], np.float32)
    x = np.zeros((32, 32), np.float32)
    x.flat[:edges.size] = edges
    x.flat[edges.size:] = np.random.default_rng(9).uniform(-100, 70000, 1024 - edges.size)
    out = ttnn.to_numpy(ttnn.typecast(dev(device, x, ttnn.float32), ttnn.uint16))
    np.testing.assert_array_equal(out, round_away_u16(x))
    assert list(out.flat[:edges.size]) == [0, 0, 0, 1, 2, 3, 3, 65535, 65535, 65535, 65535, 65535, 65535, 0, 0, 0,
                                           65535]


def test_typecast_int32_and_uint32_to_uint16(device):
    i = np.array([0, 1, 255, 65535, 65536, 2**31 - 1, -1, -5, -2**31, 40000], np.int64)
    x = np.zeros((32, 32), np.int64)
    x.flat[:i.size] = i
    out = ttnn.to_numpy(ttnn.typecast(dev(device, x.astype(np.int32), ttnn.int32), ttnn.uint16))
    np.testing.assert_array_equal(out, np.clip(x, 0, 65535).astype(np.uint16))    # |x| < 2^24 or clamped: exact
    u = np.array([0, 1, 255, 65535, 65536, 65537, 2**31, 2**32 - 1, 131071], np.int64)
    y = np.zeros((32, 32), np.int64)
    y.flat[:u.size] = u
    out = ttnn.to_numpy(ttnn.typecast(dev(device, y.astype(np.uint32), ttnn.uint32), ttnn.uint16))
    np.testing.assert_array_equal(out, np.minimum(y, 65535).astype(np.uint16))


def test_binary_typecast_output_to_uint16_from_a_32_bit_dst(device):
    """binary_ng's post-activation TYPECAST (float32 / uint32 -> uint16) packs UInt16 out of a 32-bit Dst."""
    rng = np.random.default_rng(10)
    f = rng.uniform(-10, 40000, (32, 64)).astype(np.float32)
    out = ttnn.to_numpy(ttnn.add(dev(device, f, ttnn.float32), dev(device, f, ttnn.float32), dtype=ttnn.uint16))
    np.testing.assert_array_equal(out, round_away_u16(f + f))
    u = rng.integers(0, 70000, (32, 64)).astype(np.uint32)
    out = ttnn.to_numpy(ttnn.add(dev(device, u, ttnn.uint32), dev(device, u, ttnn.uint32), dtype=ttnn.uint16))
    np.testing.assert_array_equal(out, np.minimum(u.astype(np.int64) * 2, 65535).astype(np.uint16))


def test_where_with_a_uint16_condition_in_a_32_bit_dst(device):
    """ttnn.where(uint16, float32, float32): fp32_dest_acc_en, the condition copied into the low halves of its Dst
    tile (the high halves of a released tile: zero), where_tile<Float32> tests the whole word for non-zero."""
    rng = np.random.default_rng(12)
    c = (rng.integers(0, 2, (32, 64)) * rng.integers(1, 65536, (32, 64))).astype(np.uint16)
    c[0, :3] = [0, 1, 65535]
    a, b = rng.standard_normal((2, 32, 64)).astype(np.float32)
    out = ttnn.where(dev(device, c, ttnn.uint16), dev(device, a, ttnn.float32), dev(device, b, ttnn.float32))
    np.testing.assert_array_equal(ttnn.to_numpy(out), np.where(c != 0, a, b))


def test_square_uint16_then_typecast_to_uint32(device):
    """The vendored test_unary_square_uint16_ttnn: mul_int_tile<UInt16> in a 16-bit Dst, then uint16 -> uint32."""
    x = np.random.default_rng(11).integers(0, 256, (3, 128, 32)).astype(np.uint16)
    out = ttnn.typecast(ttnn.square(dev(device, x, ttnn.uint16)), ttnn.uint32)
    np.testing.assert_array_equal(ttnn.to_numpy(out).astype(np.int64), x.astype(np.int64) ** 2)


# ---- refused ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("op", ["relu", "exp", "neg", "eqz", "square", "floor"])
def test_unary_ops_on_uint8_are_refused(device, op):
    with pytest.raises(NotModelledError, match="UINT8"):
        getattr(ttnn, op)(dev(device, U8.astype(np.uint8), ttnn.uint8))


def test_binary_and_ternary_on_uint8_are_refused(device):
    t = dev(device, U8.astype(np.uint8), ttnn.uint8)
    with pytest.raises(NotModelledError, match="SrcA / SrcB for FPU math"):
        ttnn.add(t, t)
    with pytest.raises(NotModelledError, match="UInt8"):
        ttnn.multiply(t, t)
    with pytest.raises(NotModelledError, match="UInt8"):
        ttnn.where(t, t, t)


def test_uint16_ops_in_a_32_bit_dst_are_refused(device):
    """A uint16 operand with fp32_dest_acc_en (a 32-bit output): the UInt16 kernels' LO16 loads and stores would read
    Dst16b rows of a 32-bit Dst."""
    t = dev(device, np.ones((32, 32), np.uint16), ttnn.uint16)
    with pytest.raises(NotModelledError, match="mixed 16 / 32-bit view"):
        ttnn.add(t, t, dtype=ttnn.uint32)
    with pytest.raises(NotModelledError, match="mixed 16 / 32-bit view"):
        ttnn.add(t, dev(device, np.ones((32, 32), np.float32), ttnn.float32))


def test_other_uint8_paths_stay_refused(device):
    t = dev(device, U8.astype(np.uint8), ttnn.uint8)
    with pytest.raises(NotModelledError, match="holds UInt8 data"):
        ttnn.to_layout(t, ttnn.ROW_MAJOR_LAYOUT)        # untilize: the packer writes UInt8 rows
    with pytest.raises(NotModelledError, match="bfp8_pack_precise"):
        ttnn.typecast(t, ttnn.bfloat8_b)
    from tensix.ttnn.kernels.eltwise import typecast_sfpu
    with pytest.raises(NotModelledError, match="16-bit Dst"):
        typecast_sfpu.refuse_unmodelled(DF.Float16_b, DF.UInt8, False)
    rm = ttnn.from_numpy(U8.astype(np.uint8), dtype=ttnn.uint8, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    with pytest.raises(NotModelledError, match="row-major"):
        ttnn.typecast(rm, ttnn.int32)
