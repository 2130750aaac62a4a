"""ttnn's element-wise binary ops on the simulated device (tensix.ttnn.operations.binary, binary_ng of tt-metal
622c6fb9): which path each op and dtype takes (FPU / SFPU, the LLK broadcast or the reader's fill), the numbers bit
for bit against independent numpy models of the hardware's arithmetic (float64 sums rounded as Dst and the packer
round them, the FPU's fidelity phases, SFPU rounding to nearest even), bounds against float64, broadcasts of every
kind on both sides, scalars, activations, output dtypes, in-place and preallocated outputs, odd shapes, multi-core
splits, the program cache and the errors."""

import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn
from tensix.device import formats, fpu
from tensix.device.formats import DataFormat as DF


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(2024)


def dev_tensor(device, x, dtype):
    return ttnn.from_numpy(np.asarray(x, np.float32), dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)


def padded(t):
    """A device tensor's padded values as float64 (what its tiles hold)."""
    return np.asarray(t.host_values(), np.float64)


# ---- models of the arithmetic --------------------------------------------------------------------------------
def f32_bits(v):
    return np.ascontiguousarray(np.asarray(v, np.float64).astype(np.float32)).view(np.uint32)


def dst16(v):
    """A float64 result written to a 16-bit Dst by the FPU: rounded to float32, then to BF16 to nearest with ties
    to even, denormals flushed (tensix.device.fpu _Dst, DST_BF16_ROUNDING)."""
    bits = f32_bits(v)
    bits = np.where((bits & 0x7F800000) == 0, bits & 0x80000000, bits).astype(np.uint32)
    b16 = formats.fp32_to_bf16_rne(bits).astype(np.uint32)
    return (b16 << 16).view(np.float32).astype(np.float64)


def bf16_rne(v):
    """float32 -> bf16 to nearest even (the SFPU's float32_to_bf16_rne in integer arithmetic)."""
    bits = f32_bits(v).astype(np.uint64)
    r = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    return r.view(np.float32).astype(np.float64)


def f32(v):
    """A float64 value rounded to float32 with denormals flushed (an fp32 Dst / SFPU result)."""
    bits = f32_bits(v)
    bits = np.where((bits & 0x7F800000) == 0, bits & 0x80000000, bits).astype(np.uint32)
    return bits.view(np.float32).astype(np.float64)


def tf32(v):
    """float32 -> TF32 by truncation (an FPU operand of a Float32 tile in SrcA/SrcB, fp32 Dst)."""
    return (f32_bits(v) & np.uint32(0xFFFFE000)).view(np.float32).astype(np.float64)


def to_tiles(x):
    h, w = x.shape[-2:]
    return x.reshape(-1, h // 32, 32, w // 32, 32).transpose(0, 1, 3, 2, 4).reshape(-1, 32, 32)


def from_tiles(t, shape):
    h, w = shape[-2:]
    return t.reshape(-1, h // 32, w // 32, 32, 32).transpose(0, 1, 3, 2, 4).reshape(shape)


def pack_bfp8(v16):
    """Values of a 16-bit Dst (padded array, BF16 values) packed to Bfp8_b by the packer and read back."""
    bits = (f32_bits(v16) >> 16).astype(np.uint16)
    tiles = to_tiles(bits)
    raw = formats.pack_from_dest(tiles, False, DF.Bfp8_b)
    return from_tiles(formats.unpack_tile_bytes(raw, DF.Bfp8_b).astype(np.float64), v16.shape)


def bcast_padded(t, out):
    """A tensor's padded values as the op sees them in the output's padded shape: outer dims broadcast, a
    [..., 1, W] / [..., H, 1] / [..., 1, 1] operand's row 0 / column 0 / datum [0, 0] of each tile repeated (the
    LLK broadcast and the reader's fill both do this; padding rows/columns take the repeated values)."""
    xp = padded(t)
    shape, oshape = tuple(t.shape), tuple(out.shape)
    h = shape[-2] if len(shape) > 1 else 1
    if h == 1 and oshape[-2] > 1:
        xp = xp[..., 0:1, :]
    if shape[-1] == 1 and oshape[-1] > 1:
        xp = xp[..., :, 0:1]
    return np.broadcast_to(xp, tuple(out.padded_shape))


def logical(v, shape):
    return v[tuple(slice(0, d) for d in shape)] if len(shape) == v.ndim else v.reshape(v.shape[-len(shape):])


def expect(op, ta, tb, out, model):
    """model(A, B) on the padded operands as the hardware combines them, compared on the logical region."""
    a = bcast_padded(ta, out)
    b = bcast_padded(tb, out) if isinstance(tb, ttnn.Tensor) else tb
    want = model(a, b)
    got = padded(out)
    sl = tuple(slice(0, d) for d in out.shape)
    return got[sl], want[sl]


def check(op, ta, tb, out, model):
    got, want = expect(op, ta, tb, out, model)
    np.testing.assert_array_equal(got, want)


# ---- FPU add / subtract -----------------------------------------------------------------------------------------
SHAPES_B = [(2, 3, 40, 70), (1, 3, 40, 70), (2, 3, 1, 70), (2, 3, 40, 1), (1, 1, 1, 1), (3, 1, 1), (40, 1), (70,)]


@pytest.mark.parametrize("shape_b", SHAPES_B)
@pytest.mark.parametrize("name,fn", [("add", np.add), ("subtract", np.subtract)])
def test_fpu_add_sub_bf16_bit_exact_with_every_broadcast(device, name, fn, shape_b):
    """bfloat16 operands: ELWADD / ELWSUB on the FPU, the float32 sum rounded once to BF16 by the 16-bit Dst;
    subtile broadcasts of b (ROW / COL / SCALAR, the LLK broadcast), then the same with the operands swapped (a
    broadcast)."""
    a = RNG.standard_normal((2, 3, 40, 70)) * 4
    b = RNG.standard_normal(shape_b)
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    out = getattr(ttnn, name)(ta, tb)
    assert out.shape == (2, 3, 40, 70) and out.dtype == ttnn.bfloat16
    rec = ttnn.op_report()[-1]
    assert rec.attributes["sfpu"] is False
    check(name, ta, tb, out, lambda x, y: dst16(fn(x, y)))
    out2 = getattr(ttnn, name)(tb, ta)
    check(name, tb, ta, out2, lambda x, y: dst16(fn(x, y)))


def test_broadcast_kinds_pick_binary_ngs_kernels(device):
    ta = dev_tensor(device, RNG.standard_normal((2, 64, 64)), ttnn.bfloat16)
    cases = {(2, 64, 64): ("NONE", "reader_binary_ng_no_bcast", "eltwise_binary_no_bcast"),
             (2, 1, 64): ("ROW_B", "reader_binary_ng_row_bcast", "eltwise_binary_row_bcast"),
             (2, 64, 1): ("COL_B", "reader_binary_ng_col_bcast", "eltwise_binary_col_bcast"),
             (1, 1): ("SCALAR_B", "reader_binary_ng_scalar_bcast", "eltwise_binary_col_bcast")}
    for shape, (kind, reader, compute) in cases.items():
        tb = dev_tensor(device, RNG.standard_normal(shape), ttnn.bfloat16)
        ttnn.add(ta, tb)
        rec = ttnn.op_report()[-1]
        assert rec.attributes["bcast"] == kind
        assert rec.attributes["kernels"][:2] == (reader, compute)
    # different dtypes: no LLK broadcast, the reader fills the tile and the plain compute kernels run
    tb = dev_tensor(device, RNG.standard_normal((2, 64, 1)), ttnn.bfloat8_b)
    ttnn.add(ta, tb)
    assert ttnn.op_report()[-1].attributes["kernels"][1] == "eltwise_binary"
    ttnn.add(ta, 2.0)
    assert ttnn.op_report()[-1].attributes["kernels"] == ("reader_binary_ng_scalar_op", "eltwise_binary_scalar",
                                                          "writer_binary_ng_scalar")


@pytest.mark.parametrize("a_shape,b_shape", [((3, 1, 70), (3, 40, 1)), ((40, 1), (1, 70)), ((2, 1, 1, 33), (2, 5, 1))])
def test_row_and_column_broadcast_together(device, a_shape, b_shape):
    a, b = RNG.standard_normal(a_shape), RNG.standard_normal(b_shape)
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    out = ttnn.subtract(ta, tb)
    assert out.shape == np.broadcast_shapes(a_shape, b_shape)
    check("subtract", ta, tb, out, lambda x, y: dst16(x - y))
    np.testing.assert_allclose(ttnn.to_numpy(out), padded(ta)[..., :a_shape[-2], :a_shape[-1]] -
                               padded(tb)[..., :b_shape[-2], :b_shape[-1]], rtol=2**-7, atol=1e-30)


@pytest.mark.parametrize("shape_b", [(1, 3, 1, 70), (2, 3, 40, 1), (1, 1)])
def test_mixed_dtypes_fill_the_broadcast_tile_in_the_reader(device, shape_b):
    """bfloat16 + bfloat8_b: no LLK broadcast; the reader copies row 0 / column 0 / datum 0 of b's bfp8 tile
    (fill_tile_utils *_bfp8) and the FPU adds."""
    a = RNG.standard_normal((2, 3, 40, 70))
    b = RNG.standard_normal(shape_b)
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat8_b)
    out = ttnn.add(ta, tb)
    assert out.dtype == ttnn.bfloat16
    check("add", ta, tb, out, lambda x, y: dst16(x + y))
    out2 = ttnn.add(tb, ta)     # a is bfloat8_b: the output is bfloat8_b, packed with shared exponents
    assert out2.dtype == ttnn.bfloat8_b
    check("add", tb, ta, out2, lambda x, y: pack_bfp8(dst16(x + y)))


def test_bfloat8_b_add_packs_with_shared_exponents(device):
    a, b = RNG.standard_normal((1, 2, 64, 96)) * 3, RNG.standard_normal((1, 2, 64, 96))
    ta, tb = dev_tensor(device, a, ttnn.bfloat8_b), dev_tensor(device, b, ttnn.bfloat8_b)
    out = ttnn.add(ta, tb)
    assert out.dtype == ttnn.bfloat8_b
    check("add", ta, tb, out, lambda x, y: pack_bfp8(dst16(x + y)))


def test_output_dtypes(device):
    a, b = RNG.standard_normal((2, 40, 70)), RNG.standard_normal((2, 40, 70))
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    # bf16 inputs, float32 output: fp32_dest_acc_en, the packer writes the float32 sum (no typecast)
    out = ttnn.add(ta, tb, dtype=ttnn.float32)
    assert out.dtype == ttnn.float32
    check("add", ta, tb, out, lambda x, y: f32(x + y))
    # bfloat8_b output from bf16: the packer's BFP8 conversion
    out = ttnn.add(ta, tb, dtype=ttnn.bfloat8_b)
    assert out.dtype == ttnn.bfloat8_b
    check("add", ta, tb, out, lambda x, y: pack_bfp8(dst16(x + y)))
    # float32 inputs, bfloat16 output: the SFPU add then the post activation TYPECAST (fp32 -> fp16b, to nearest
    # even), then the packer
    ta32, tb32 = dev_tensor(device, a, ttnn.float32), dev_tensor(device, b, ttnn.float32)
    out = ttnn.add(ta32, tb32, dtype=ttnn.bfloat16)
    assert out.dtype == ttnn.bfloat16 and ttnn.op_report()[-1].attributes["sfpu"] is True
    check("add", ta32, tb32, out, lambda x, y: bf16_rne(f32(x + y)))


def test_float32_with_bfloat16_runs_the_fpu_with_tf32_sources(device):
    """Different dtypes are not an SFPU add (is_binary_sfpu_op wants a == b): the FPU adds, and a Float32 tile in
    SrcA is truncated to TF32 (fp32_dest_acc_en because an operand is Float32)."""
    a, b = RNG.standard_normal((40, 70)), RNG.standard_normal((40, 70))
    ta, tb = dev_tensor(device, a, ttnn.float32), dev_tensor(device, b, ttnn.bfloat16)
    out = ttnn.add(ta, tb)
    assert out.dtype == ttnn.float32 and ttnn.op_report()[-1].attributes["sfpu"] is False
    check("add", ta, tb, out, lambda x, y: f32(tf32(x) + y))


# ---- SFPU paths ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape_b", [(2, 40, 70), (2, 1, 70), (2, 40, 1), (1, 1)])
@pytest.mark.parametrize("name,fn", [("add", np.add), ("subtract", np.subtract), ("multiply", np.multiply)])
def test_float32_add_sub_mul_on_the_sfpu_round_once(device, name, fn, shape_b):
    """float32 operands: add/sub/mul_binary_tile, one IEEE rounding to float32 (SFPMAD with RNE; denormals flushed),
    broadcasts by the LLK with unpack to Dst (exact)."""
    a, b = RNG.standard_normal((2, 40, 70)), RNG.standard_normal(shape_b)
    ta, tb = dev_tensor(device, a, ttnn.float32), dev_tensor(device, b, ttnn.float32)
    out = getattr(ttnn, name)(ta, tb)
    assert out.dtype == ttnn.float32 and ttnn.op_report()[-1].attributes["sfpu"] is True
    check(name, ta, tb, out, lambda x, y: f32(fn(x, y)))


def test_bfloat16_multiply_is_the_sfpu_with_round_to_nearest_even(device):
    """ttnn.multiply of bfloat16 tensors runs mul_binary_tile (fast_and_approximate_mode defaults to off): the exact
    product (8-bit mantissas fit in float32) rounded to bf16 to nearest even; bfloat8_b operands force the FPU's
    ELWMUL (HiFi4 fidelity phases)."""
    a, b = RNG.standard_normal((2, 40, 70)), RNG.standard_normal((2, 40, 70))
    a[0, 0, :5] = 0
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    out = ttnn.multiply(ta, tb)
    assert ttnn.op_report()[-1].attributes["sfpu"] is True
    check("multiply", ta, tb, out, lambda x, y: bf16_rne(x * y))
    out = ta * tb       # the Tensor operator is ttnn.multiply
    check("multiply", ta, tb, out, lambda x, y: bf16_rne(x * y))
    # fast_and_approximate_mode: the FPU (phases accumulated in the 16-bit Dst)
    out = ttnn.multiply(ta, tb, fast_and_approximate_mode=True)
    assert ttnn.op_report()[-1].attributes["sfpu"] is False
    check("multiply", ta, tb, out, lambda x, y: _fpu_mul(x, y, DF.Float16_b))


def _fpu_mul(x, y, fmt, fp32=False):
    """ELWMUL at HiFi4 per tile (tensix.device.fpu, an independent model of the phases) on the operands' Src
    values."""
    xs = to_tiles(np.ascontiguousarray(x)).astype(np.float32)
    ys = to_tiles(np.ascontiguousarray(np.broadcast_to(y, x.shape))).astype(np.float32)
    d = fpu.eltwise_binary("mul", xs, ys, None, "HiFi4", fp32)
    v = (d.astype(np.uint32) << 16).view(np.float32) if not fp32 else d.view(np.float32)
    return from_tiles(v.astype(np.float64), x.shape)


def test_bfloat8_b_multiply_runs_elwmul(device):
    a, b = RNG.standard_normal((64, 96)), RNG.standard_normal((64, 96))
    ta, tb = dev_tensor(device, a, ttnn.bfloat8_b), dev_tensor(device, b, ttnn.bfloat8_b)
    out = ttnn.multiply(ta, tb)
    assert ttnn.op_report()[-1].attributes["sfpu"] is False and out.dtype == ttnn.bfloat8_b
    check("multiply", ta, tb, out, lambda x, y: pack_bfp8(_fpu_mul(x, y, DF.Bfp8_b)))


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_divide(device, dtype):
    """div_binary_tile: x * recip(y) (2 Newton steps), one Markstein correction with an fp32 Dst, rounded to bf16
    to nearest even for a 16-bit Dst; y == 0 gives +-inf (0/0 NaN)."""
    a, b = RNG.standard_normal((40, 70)), RNG.standard_normal((40, 70)) + 0.01
    b[0, :3] = 0
    a[0, 0] = 0
    ta, tb = dev_tensor(device, a, dtype), dev_tensor(device, b, dtype)
    out = ttnn.divide(ta, tb)
    got, A, B = ttnn.to_numpy(out).astype(np.float64), ttnn.to_numpy(ta).astype(np.float64), \
        ttnn.to_numpy(tb).astype(np.float64)
    # 0/0 is NaN in Dst; the packer's rounding conversion to bf16 turns NaN into infinity (ISA Packers/
    # FormatConversion.md), an fp32 output keeps it
    assert (np.isnan(got[0, 0]) if dtype == ttnn.float32 else np.isinf(got[0, 0])) and np.isinf(got[0, 1:3]).all()
    assert (np.sign(got[0, 1:3]) == np.sign(A[0, 1:3])).all()
    ok = B != 0
    rel = np.abs(got[ok] - A[ok] / B[ok]) / np.abs(A[ok] / B[ok])
    # bf16: the fp32 quotient is within a few float32 ulps, then one rounding to bf16 (half an ulp, 2**-8)
    assert rel.max() <= (2**-8 + 2**-20 if dtype == ttnn.bfloat16 else 2**-21), rel.max()
    assert ttnn.op_report()[-1].attributes["sfpu"] is True
    out = ta / tb       # Tensor.__truediv__
    np.testing.assert_array_equal(ttnn.to_numpy(out), got.astype(np.float32))
    # a number over a tensor: ttnn sets Tensor.__rtruediv__ to ttnn.rdiv(self, other)
    np.testing.assert_array_equal(ttnn.to_numpy(2.5 / tb), ttnn.to_numpy(ttnn.rdiv(tb, 2.5)))


def test_divide_fast_mode_is_fpu_multiply_by_sfpu_reciprocal(device):
    """fast_and_approximate_mode with bfloat16: process_rhs RECIP (recip_tile<false> of b into c_4, packed to bf16)
    then ELWMUL on the FPU."""
    a, b = RNG.standard_normal((40, 70)), RNG.standard_normal((40, 70)) + 3
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    out = ttnn.divide(ta, tb, fast_and_approximate_mode=True)
    assert ttnn.op_report()[-1].attributes["sfpu"] is False
    recip = ttnn.to_numpy(ttnn.reciprocal(tb)).astype(np.float64)        # the same SFPU op, as a unary op
    want = _fpu_mul(padded(ta), np.pad(recip, ((0, 24), (0, 26))), DF.Float16_b)[:40, :70]
    np.testing.assert_array_equal(ttnn.to_numpy(out), want.astype(np.float32))


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
@pytest.mark.parametrize("name,fn", [("maximum", np.maximum), ("minimum", np.minimum)])
def test_maximum_minimum_are_exact(device, dtype, name, fn):
    a, b = RNG.standard_normal((2, 40, 70)), RNG.standard_normal((2, 1, 70))
    ta, tb = dev_tensor(device, a, dtype), dev_tensor(device, b, dtype)
    out = getattr(ttnn, name)(ta, tb)
    assert ttnn.op_report()[-1].attributes["sfpu"] is True
    if dtype == ttnn.bfloat8_b:
        check(name, ta, tb, out, lambda x, y: pack_bfp8(fn(x, y)))
    else:
        check(name, ta, tb, out, fn)


def test_squared_difference(device):
    a, b = RNG.standard_normal((2, 40, 70)), RNG.standard_normal((2, 40, 70))
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    out = ttnn.squared_difference(ta, tb)
    # ELWSUB into the 16-bit Dst, then square_tile (SFPMUL, stored truncated to bf16 by the SFPSTORE)
    d = dst16(padded(ta) - padded(tb))
    sq = (f32_bits(f32(d * d)) & np.uint32(0xFFFF0000)).view(np.float32).astype(np.float64)
    np.testing.assert_array_equal(ttnn.to_numpy(out), sq[..., :40, :70].astype(np.float32))
    t32a, t32b = dev_tensor(device, a, ttnn.float32), dev_tensor(device, b, ttnn.float32)
    out = ttnn.squared_difference(t32a, t32b)
    d = f32(padded(t32a) - padded(t32b))
    np.testing.assert_array_equal(ttnn.to_numpy(out), f32(d * d)[..., :40, :70].astype(np.float32))


# ---- scalars ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
def test_scalar_operand(device, dtype):
    """A number as b: binary_ng's scalar op (the writer fills c_1 with the scalar once: two bf16s of it rounded to
    nearest even, or its float32 bits for a float32 SFPU op)."""
    a = RNG.standard_normal((3, 40, 70))
    ta = dev_tensor(device, a, dtype)
    s = 0.3
    out = ttnn.add(ta, s)
    if dtype == ttnn.float32:
        check("add", ta, np.float32(s).astype(np.float64), out, lambda x, y: f32(x + y))
    elif dtype == ttnn.bfloat16:
        check("add", ta, bf16_rne(s), out, lambda x, y: dst16(x + y))
    else:
        check("add", ta, bf16_rne(s), out, lambda x, y: pack_bfp8(dst16(x + y)))
    out = ta + s                # the Tensor operators
    out2 = s + ta
    np.testing.assert_array_equal(ttnn.to_numpy(out), ttnn.to_numpy(out2))
    sub = s - ta                # rsub: on the FPU NEG of a (negative_tile) then ELWADD
    want = s - ttnn.to_numpy(ta).astype(np.float64)
    # bfloat8_b: up to half the quantum of a 16-value block whose largest magnitude is below 8 (2^-5), plus the
    # bf16 rounding of the scalar
    np.testing.assert_allclose(ttnn.to_numpy(sub), want, rtol=2**-6 if dtype == ttnn.bfloat8_b else 2**-8,
                               atol=2**-4 if dtype == ttnn.bfloat8_b else 2**-6)


def test_scalar_multiply_and_divide(device):
    a = RNG.standard_normal((40, 70))
    ta = dev_tensor(device, a, ttnn.bfloat16)
    check("multiply", ta, bf16_rne(1.7), ttnn.multiply(ta, 1.7), lambda x, y: bf16_rne(x * y))
    q = ttnn.to_numpy(ttnn.divide(ta, 3)).astype(np.float64)
    A = ttnn.to_numpy(ta).astype(np.float64)
    assert np.max(np.abs(q - A / 3) / np.maximum(np.abs(A / 3), 1e-30)) <= 2**-8 + 2**-20


def test_one_d_and_rank_one(device):
    x = np.arange(64, dtype=np.float32)
    t = dev_tensor(device, x, ttnn.bfloat16)
    out = t + 3
    assert out.shape == (64,)
    np.testing.assert_array_equal(ttnn.to_numpy(out), x + 3)


# ---- activations, in place, output tensors -------------------------------------------------------------------------
def test_activations(device):
    a, b = RNG.standard_normal((2, 40, 70)), RNG.standard_normal((2, 40, 70))
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    # a lone RELU post activation without broadcast is the packer's ReLU (PACK_RELU)
    out = ttnn.add(ta, tb, activations=[ttnn.UnaryWithParam(ttnn.UnaryOpType.RELU)])
    check("add", ta, tb, out, lambda x, y: np.maximum(dst16(x + y), 0))
    # with a broadcast it is relu_tile after the op
    tb1 = dev_tensor(device, b[:, :1], ttnn.bfloat16)
    out = ttnn.add(ta, tb1, activations=["relu"])
    check("add", ta, tb1, out, lambda x, y: np.maximum(dst16(x + y), 0))
    # an input activation goes through c_3 (copy, SFPU op, pack) before the FPU op
    out = ttnn.subtract(ta, tb, input_tensor_a_activations=[ttnn.UnaryOpType.NEG])
    check("subtract", ta, tb, out, lambda x, y: dst16(-x - y))
    out = ttnn.add(ta, tb, input_tensor_b_activations=[ttnn.UnaryOpType.ABS],
                   activations=[ttnn.UnaryOpType.SQUARE])
    s = dst16(padded(ta) + np.abs(padded(tb)))
    sq = (f32_bits(f32(s * s)) & np.uint32(0xFFFF0000)).view(np.float32)
    np.testing.assert_array_equal(ttnn.to_numpy(out), sq[:, :40, :70])


def test_in_place_and_output_tensor(device):
    a, b = RNG.standard_normal((2, 40, 70)), RNG.standard_normal((2, 1, 70))
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    want = dst16(padded(ta) + bcast_padded(tb, ta))[:, :40, :70]
    addr = ta.buffer_address()
    r = ttnn.add_(ta, tb)
    assert r is ta and ta.buffer_address() == addr
    np.testing.assert_array_equal(ttnn.to_numpy(ta), want.astype(np.float32))
    before = ttnn.to_numpy(ta).astype(np.float64)
    ttnn.multiply_(ta, 2.0)
    np.testing.assert_array_equal(ttnn.to_numpy(ta), bf16_rne(before * 2).astype(np.float32))
    ttnn.subtract_(ta, ta)
    assert not ttnn.to_numpy(ta).any()
    o = dev_tensor(device, np.zeros((2, 40, 70)), ttnn.bfloat16)
    r = ttnn.subtract(dev_tensor(device, a, ttnn.bfloat16), tb, output_tensor=o)
    assert r is o
    check("subtract", dev_tensor(device, a, ttnn.bfloat16), tb, o, lambda x, y: dst16(x - y))
    with pytest.raises(ttnn.DTypeError, match="should match"):
        ttnn.add(ta, tb, dtype=ttnn.float32, output_tensor=o)
    with pytest.raises(ttnn.ShapeError, match="does not match the broadcasted output"):
        ttnn.add(ta, tb, output_tensor=dev_tensor(device, np.zeros((2, 41, 70)), ttnn.bfloat16))
    with pytest.raises(TypeError):
        ttnn.add_(ta, tb, dtype=ttnn.float32)


def test_odd_shapes_many_cores_and_memory_configs(device):
    """77 x 3 x 5 tiles = 105 tiles: split over the 64 cores (41 cores with 2 tiles, 23 with 1); L1 output."""
    a = RNG.standard_normal((7, 70, 150))
    b = RNG.standard_normal((1, 1, 150))
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    out = ttnn.add(ta, tb, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert out.memory_config() == ttnn.L1_MEMORY_CONFIG
    assert ttnn.op_report()[-1].cores == 64
    check("add", ta, tb, out, lambda x, y: dst16(x + y))


def test_high_rank_broadcast(device):
    a = RNG.standard_normal((2, 3, 2, 1, 3, 33, 34))
    b = RNG.standard_normal((2, 3, 1, 2, 1, 33, 34))
    ta, tb = dev_tensor(device, a, ttnn.bfloat16), dev_tensor(device, b, ttnn.bfloat16)
    out = ttnn.add(ta, tb)
    assert out.shape == (2, 3, 2, 2, 3, 33, 34)
    np.testing.assert_array_equal(ttnn.to_numpy(out),
                                  dst16(ttnn.to_numpy(ta).astype(np.float64) + ttnn.to_numpy(tb)).astype(np.float32))


def test_program_cache_does_not_key_on_shapes_or_scalars(device):
    device.disable_and_clear_program_cache()
    device.enable_program_cache()
    for shape in ((1, 32, 64), (3, 40, 70)):
        t = dev_tensor(device, RNG.standard_normal(shape), ttnn.float32)
        for s in (0.5, 1.5):
            np.testing.assert_array_equal(ttnn.to_numpy(ttnn.add(t, s)), (ttnn.to_numpy(t) + np.float32(s)))
    assert device.num_program_cache_entries() == 1
    assert [r.cache_hit for r in ttnn.op_report()[-4:]] == [False, True, True, True]


# ---- errors --------------------------------------------------------------------------------------------------
def test_errors(device):
    ta = dev_tensor(device, np.ones((2, 40, 70)), ttnn.bfloat16)
    with pytest.raises(ttnn.ShapeError, match="Broadcasting rule violation"):
        ttnn.add(ta, dev_tensor(device, np.ones((3, 40, 70)), ttnn.bfloat16))
    with pytest.raises(RuntimeError, match="Fix"):
        ttnn.add(ta, dev_tensor(device, np.ones((40, 71)), ttnn.bfloat16))
    rm = ttnn.from_numpy(np.ones((2, 40, 70), np.float32), dtype=ttnn.bfloat16, device=device)
    rm_one = ttnn.from_numpy(np.ones((2, 1, 1), np.float32), dtype=ttnn.bfloat16, device=device)
    assert ttnn.add(rm, rm_one).layout == ttnn.ROW_MAJOR_LAYOUT     # SCALAR_B: rm_scalar_bcast
    rm_row = ttnn.from_numpy(np.ones((2, 1, 70), np.float32), dtype=ttnn.bfloat16, device=device)
    rm_col = ttnn.from_numpy(np.ones((2, 40, 1), np.float32), dtype=ttnn.bfloat16, device=device)
    assert ttnn.add(rm_row, rm_col).layout == ttnn.ROW_MAJOR_LAYOUT  # ROW_A_COL_B: rm_row_col_mixed_bcast
    assert ttnn.add(rm, rm).layout == ttnn.ROW_MAJOR_LAYOUT     # the row-major path
    with pytest.raises(ttnn.LayoutError, match="Row Major"):
        ttnn.add(rm, rm, output_tensor=ta)
    host = ttnn.from_numpy(np.ones((2, 40, 70), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.DeviceMismatchError, match="host"):
        ttnn.add(ta, host)
    ti = ttnn.from_numpy(np.ones((2, 40, 70), np.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT, device=device)
    assert (ttnn.to_numpy(ttnn.multiply(ti, ti)) == 1).all()      # mul_int_tile<Int32>: mul_int32 (helper-62)
    with pytest.raises(ttnn.TTNNError, match="a ttnn.Tensor or a number"):
        ttnn.add(ta, "x")
    with pytest.raises(tensix.NotModelledError, match="unary op MAXIMUM"):
        ttnn.maximum(ta, 1.0)
    with pytest.raises(TypeError, match="SubDeviceId"):                 # ttnn's binding takes a ttnn.SubDeviceId
        ttnn.add(ta, ta, sub_device_id=1)
    with pytest.raises(RuntimeError, match="SubDevice index 1 out of bounds 1"):    # the default manager has one
        ttnn.add(ta, ta, sub_device_id=ttnn.SubDeviceId(1))


def test_sub_core_grids_and_queue_id(device):
    """get_worker_grid: the kernels on sub_core_grids, the output tiles split over its cores range by range."""
    x, y = RNG.standard_normal((3, 200, 96)), RNG.standard_normal((1, 200, 1))
    a, b = dev_tensor(device, x, ttnn.bfloat16), dev_tensor(device, y, ttnn.bfloat16)
    grids = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(3, 6)),
                               ttnn.CoreRange(ttnn.CoreCoord(5, 0), ttnn.CoreCoord(6, 6))])
    got = ttnn.add(a, b, sub_core_grids=grids)
    rec = ttnn.op_report()[-1]
    assert rec.cores == 35 and {r.core for r in rec.run.riscvs} == {(c.x, c.y) for c in grids}
    np.testing.assert_array_equal(ttnn.to_numpy(got), ttnn.to_numpy(ttnn.add(a, b)))
    got = ttnn.multiply(a, 3.0, sub_core_grids=grids, queue_id=0)
    np.testing.assert_array_equal(ttnn.to_numpy(got), ttnn.to_numpy(ttnn.multiply(a, 3.0)))


# ---- natively sharded operands (binary_ng's native L1 sharding) ---------------------------------------------------
def _sharded_mc(strategy, shard, grid, orientation=ttnn.ShardOrientation.ROW_MAJOR):
    """A sharded L1 memory config with this shard shape on the grid's cores (ShardSpec as given)."""
    layout = {ttnn.ShardStrategy.HEIGHT: ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
              ttnn.ShardStrategy.WIDTH: ttnn.TensorMemoryLayout.WIDTH_SHARDED,
              ttnn.ShardStrategy.BLOCK: ttnn.TensorMemoryLayout.BLOCK_SHARDED}[strategy]
    cores = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(grid.x - 1, grid.y - 1))])
    return ttnn.MemoryConfig(layout, ttnn.BufferType.L1, ttnn.ShardSpec(cores, shard, orientation))


SHARDINGS = [(ttnn.ShardStrategy.HEIGHT, (64, 96), ttnn.CoreGrid(x=4, y=1), ttnn.ShardOrientation.ROW_MAJOR),
             (ttnn.ShardStrategy.HEIGHT, (64, 96), ttnn.CoreGrid(x=1, y=4), ttnn.ShardOrientation.COL_MAJOR),
             (ttnn.ShardStrategy.WIDTH, (256, 32), ttnn.CoreGrid(x=3, y=1), ttnn.ShardOrientation.ROW_MAJOR),
             (ttnn.ShardStrategy.BLOCK, (64, 32), ttnn.CoreGrid(x=3, y=4), ttnn.ShardOrientation.ROW_MAJOR),
             (ttnn.ShardStrategy.BLOCK, (64, 32), ttnn.CoreGrid(x=4, y=3), ttnn.ShardOrientation.COL_MAJOR)]


@pytest.mark.parametrize("strategy,shard,grid,orientation", SHARDINGS)
def test_sharded_operands_and_output(device, strategy, shard, grid, orientation):
    """a, b and the output sharded alike: the CBs are the shards (the readers push them, the writer has nothing to
    write), 8 tiles a cycle on the FPU; L1-interleaved inputs into a sharded output: each core reads its output
    shard's tiles (c_start_id from the shard's position, rows of c_current_shard_width tiles)."""
    mc = _sharded_mc(strategy, shard, grid, orientation)
    x, y = RNG.standard_normal((2, 128, 96)), RNG.standard_normal((2, 128, 96))
    a, b = dev_tensor(device, x, ttnn.bfloat16), dev_tensor(device, y, ttnn.bfloat16)
    sa, sb = ttnn.to_memory_config(a, mc), ttnn.to_memory_config(b, mc)
    out = ttnn.add(sa, sb)
    rec = ttnn.op_report()[-1]
    assert out.memory_config() == mc and rec.cores == grid.num_cores
    np.testing.assert_array_equal(padded(ttnn.to_memory_config(out, ttnn.DRAM_MEMORY_CONFIG)),
                                  dst16(padded(a) + padded(b)))
    la, lb = (ttnn.to_memory_config(t, ttnn.L1_MEMORY_CONFIG) for t in (a, b))
    out = ttnn.subtract(la, lb, memory_config=mc)
    assert out.memory_config() == mc
    np.testing.assert_array_equal(ttnn.to_numpy(out), ttnn.to_numpy(ttnn.subtract(a, b)))


def test_sharded_broadcast_scalar_sfpu_and_in_place(device):
    mc = _sharded_mc(*SHARDINGS[0])
    x = RNG.standard_normal((2, 128, 96))
    for dtype in (ttnn.bfloat16, ttnn.float32):
        a = dev_tensor(device, x, dtype)
        sa = ttnn.to_memory_config(a, mc)
        # a height-sharded, b interleaved with a COL / SCALAR broadcast (is_native_L1_sharding's height case)
        for shape_b in ((2, 128, 1), (1, 1, 1)):
            b = dev_tensor(device, RNG.standard_normal(shape_b), dtype)
            out = ttnn.multiply(sa, b)
            assert out.is_sharded()
            np.testing.assert_array_equal(ttnn.to_numpy(out), ttnn.to_numpy(ttnn.multiply(a, b)))
        # a number as b: the scalar program with the shard as c_0 (2 tiles a cycle on the SFPU)
        out = ttnn.multiply(sa, 3.0)
        np.testing.assert_array_equal(ttnn.to_numpy(out), ttnn.to_numpy(ttnn.multiply(a, 3.0)))
        # float32: the SFPU path, 2 tiles a cycle
        b = dev_tensor(device, RNG.standard_normal((2, 128, 96)), dtype)
        want = ttnn.to_numpy(ttnn.divide(a, b))
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.divide(sa, ttnn.to_memory_config(b, mc))), want)
    # in place: c_0 and c_2 are the same shard
    a, b = (dev_tensor(device, RNG.standard_normal((2, 128, 96)), ttnn.bfloat16) for _ in range(2))
    want = ttnn.to_numpy(ttnn.add(a, b))
    sa = ttnn.to_memory_config(a, mc)
    ttnn.add_(sa, ttnn.to_memory_config(b, mc))
    np.testing.assert_array_equal(ttnn.to_numpy(sa), want)
    # uneven shards are native when a, b and the output share one spec
    mc3 = _sharded_mc(ttnn.ShardStrategy.HEIGHT, (96, 96), ttnn.CoreGrid(x=3, y=1))
    a, b = (dev_tensor(device, RNG.standard_normal((2, 100, 96)), ttnn.bfloat16) for _ in range(2))
    out = ttnn.add(ttnn.to_memory_config(a, mc3), ttnn.to_memory_config(b, mc3))
    np.testing.assert_array_equal(ttnn.to_numpy(out), ttnn.to_numpy(ttnn.add(a, b)))


def test_sharded_operands_off_the_native_path_go_through_tensor_accessors(device):
    """Off is_native_L1_sharding (get_shard_specs gives nullopt), binary_ng runs its interleaved program: the work
    split row-wise over the worker grid, the readers and the writer reaching the sharded buffers' pages through
    TensorAccessors over them. The numbers are the interleaved op's; the output keeps the memory config prim::binary_ng
    picks (a sharded a's spec, or the one asked for)."""
    mc = _sharded_mc(*SHARDINGS[0])
    a, b = (dev_tensor(device, RNG.standard_normal((2, 128, 96)), ttnn.bfloat16) for _ in range(2))
    want = ttnn.to_numpy(ttnn.add(a, b))
    sa = ttnn.to_memory_config(a, mc)
    cases = [(ttnn.add(sa, b), mc),                                          # b interleaved in DRAM
             (ttnn.add(a, b, memory_config=mc), mc),                         # DRAM inputs into a sharded output
             (ttnn.add(sa, b, memory_config=ttnn.DRAM_MEMORY_CONFIG), ttnn.DRAM_MEMORY_CONFIG)]
    for out, out_mc in cases:
        assert out.memory_config() == out_mc
        np.testing.assert_array_equal(ttnn.to_numpy(out), want)
    # the interleaved program: every worker core takes part (not the shard grid's 4) and no CB is a shard
    ttnn.clear_op_report()
    ttnn.add(sa, b)
    rec = ttnn.op_report()[-1]
    assert rec.attributes.get("sharded") in (None, False) and rec.cores > mc.shard_spec.num_cores()
    # a block-sharded a and a width-sharded b of other grids, with a row broadcast, into a height-sharded output
    x, y = RNG.standard_normal((2, 128, 96)), RNG.standard_normal((2, 1, 96))
    a, b = dev_tensor(device, x, ttnn.bfloat16), dev_tensor(device, y, ttnn.bfloat16)
    want = ttnn.to_numpy(ttnn.multiply(a, b))
    sa = ttnn.to_memory_config(a, _sharded_mc(*SHARDINGS[3]))
    sb = ttnn.to_memory_config(b, _sharded_mc(ttnn.ShardStrategy.WIDTH, (64, 32), ttnn.CoreGrid(x=3, y=1)))
    out = ttnn.multiply(sa, sb, memory_config=mc)
    assert out.memory_config() == mc
    np.testing.assert_array_equal(ttnn.to_numpy(out), want)
    # uneven shards with a scalar: not native, so the interleaved program over the uneven shards' pages
    mc3 = _sharded_mc(ttnn.ShardStrategy.HEIGHT, (96, 96), ttnn.CoreGrid(x=3, y=1))
    x = dev_tensor(device, RNG.standard_normal((2, 100, 96)), ttnn.bfloat16)
    out = ttnn.add(ttnn.to_memory_config(x, mc3), 1.0)
    assert out.memory_config() == mc3
    np.testing.assert_array_equal(ttnn.to_numpy(out), ttnn.to_numpy(ttnn.add(x, 1.0)))
    # binary_ng keeps 8 tiles a cycle with an fp32 Dst (a float32 output): 8 tiles do not fit a half of Dst
    sa, sb = (ttnn.to_memory_config(dev_tensor(device, RNG.standard_normal((2, 128, 96)), ttnn.bfloat16), mc)
              for _ in range(2))
    with pytest.raises(tensix.device.errors.DstCapacityError):
        ttnn.add(sa, sb, dtype=ttnn.float32)


@pytest.mark.parametrize("dtype,np_dtype", [(ttnn.int32, np.int32), (ttnn.uint32, np.uint32)])
@pytest.mark.parametrize("name,fn", [("maximum", np.maximum), ("minimum", np.minimum)])
def test_integer_maximum_minimum_run_tt_llks_int32_kernel(device, dtype, np_dtype, name, fn):
    """maximum / minimum of INT32 (UINT32) tensors: binary_ng's SFPU kernel with binary_{max,min}_{int32,uint32}_tile
    (tt-llk's calculate_binary_max_min_int32), exact on every 32-bit word: extremes, equal pairs, an odd multi-core
    shape, and a column broadcast of b."""
    rng = np.random.default_rng(7)
    info = np.iinfo(np_dtype)
    a = rng.integers(info.min, info.max, (3, 45, 70), dtype=np.int64, endpoint=True).astype(np_dtype)
    b = rng.integers(info.min, info.max, (3, 45, 70), dtype=np.int64, endpoint=True).astype(np_dtype)
    a.flat[:4] = [info.min, info.max, 0, info.max]
    b.flat[:4] = [info.max, info.min, 0, info.max]
    to = lambda x: ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)  # noqa: E731
    got = ttnn.to_numpy(getattr(ttnn, name)(to(a), to(b)))
    np.testing.assert_array_equal(np.asarray(got).astype(np_dtype), fn(a, b))
    col = b[:, :, :1].copy()
    got = ttnn.to_numpy(getattr(ttnn, name)(to(a), to(col)))
    np.testing.assert_array_equal(np.asarray(got).astype(np_dtype), fn(a, col))


@pytest.mark.parametrize("dtype,np_dtype", [(ttnn.int32, np.int32), (ttnn.uint32, np.uint32), (ttnn.uint16, np.uint16)])
def test_integer_comparisons_run_the_int_compare_kernels(device, dtype, np_dtype):
    """lt / gt / le / ge of INT32, UINT32 and UINT16 tensors: binary_ng's SFPU kernel with {op}_int_tile<format>
    (calculate_binary_comp_int32 / _uint: a - b with the sign fix-ups, shifted to 0 or 1), exact against numpy on
    every pair of extremes (where a - b overflows 32 bits), on equal pairs, with a scalar operand and a row broadcast
    (eq / ne: test_integer_add_subtract_eq_ne)."""
    rng = np.random.default_rng(8)
    info = np.iinfo(np_dtype)
    a = rng.integers(info.min, info.max, (2, 40, 96), dtype=np.int64, endpoint=True)
    b = rng.integers(info.min, info.max, (2, 40, 96), dtype=np.int64, endpoint=True)
    edge = np.array([info.min, info.max, 0, 1, info.max - 1, info.min + 1, info.max // 2, info.max // 2 + 1])
    a[0, 0, :64] = np.repeat(edge, 8)
    b[0, 0, :64] = np.tile(edge, 8)
    b[1, 1] = a[1, 1]
    to = lambda x: ttnn.from_numpy(np.asarray(x).astype(np_dtype), dtype=dtype, layout=ttnn.TILE_LAYOUT,  # noqa: E731
                                   device=device)
    ta, tb = to(a), to(b)
    row = b[:, :1, :]
    for name, ref in (("lt", np.less), ("gt", np.greater), ("le", np.less_equal), ("ge", np.greater_equal)):
        fn = getattr(ttnn, name)
        np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(fn(ta, tb))).astype(np.int64), ref(a, b), err_msg=name)
        np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(fn(ta, to(row)))).astype(np.int64), ref(a, row))
        np.testing.assert_array_equal(np.asarray(ttnn.to_numpy(fn(ta, 5))).astype(np.int64), ref(a, 5))


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
def test_deg2rad_rad2deg_multiply_by_their_float32_constant(device, dtype):
    """ttnn.deg2rad / rad2deg are ttnn.multiply(x, c, dtype=x.dtype) with c the float32 of pi/180 / 180/pi (622c6fb9
    unary.cpp): bit for bit that multiply, and within a rounding of numpy's x * c."""
    rng = np.random.default_rng(9)
    x = rng.uniform(-720, 720, (2, 40, 70)).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    xin = np.asarray(ttnn.to_numpy(t), np.float64)
    ulp = 2.0 ** -23 if dtype == ttnn.float32 else 2.0 ** -7
    for name, c in (("deg2rad", 0.017453292519943295), ("rad2deg", 57.29577951308232)):
        c32 = float(np.float32(c))
        got = np.asarray(ttnn.to_numpy(getattr(ttnn, name)(t)), np.float32)
        same = np.asarray(ttnn.to_numpy(ttnn.multiply(t, c32, dtype=dtype)), np.float32)
        np.testing.assert_array_equal(got.view(np.uint32), same.view(np.uint32))
        ref = xin * c32
        assert np.all(np.abs(got - ref) <= np.abs(ref) * ulp + 1e-30), name


@pytest.mark.parametrize("dtype,np_dtype", [(ttnn.int32, np.int32), (ttnn.uint32, np.uint32), (ttnn.uint16, np.uint16)])
def test_integer_add_subtract_eq_ne(device, dtype, np_dtype):
    """add / subtract of integer tensors: add_int_tile / sub_int_tile<format> (tt-llk's _add_int_ / _sub_int_, one
    SFPIADD per row), wrapping modulo 2^32 (2^16 for UINT16) exactly as numpy, extremes included; eq / ne: sub_int_tile
    then EQZ / NEZ of the difference (binary_ng_utils.cpp OpConfig). For UINT32 that EQZ is eqz_tile_uint32, which
    reads 2^31 as zero (SFPLZ's NOSGN_MASK), so eq says equal where a - b wraps to 2^31, on the card as here."""
    rng = np.random.default_rng(10)
    info = np.iinfo(np_dtype)
    a = rng.integers(info.min, info.max, (2, 40, 70), dtype=np.int64, endpoint=True)
    b = rng.integers(info.min, info.max, (2, 40, 70), dtype=np.int64, endpoint=True)
    a.flat[:4] = [info.max, info.min, info.max, 0]
    b.flat[:4] = [1, 1, info.min, 0]
    b[1, 3] = a[1, 3]
    if np_dtype == np.uint32:
        b.flat[4] = (a.flat[4] + 2 ** 31) % 2 ** 32
    to = lambda x: ttnn.from_numpy(x.astype(np_dtype), dtype=dtype, layout=ttnn.TILE_LAYOUT,  # noqa: E731
                                   device=device)
    ta, tb = to(a), to(b)
    wrap = lambda x: x.astype(np_dtype).astype(np.int64)  # noqa: E731
    back = lambda t: np.asarray(ttnn.to_numpy(t)).astype(np.int64)  # noqa: E731
    np.testing.assert_array_equal(back(ttnn.add(ta, tb)), wrap(a + b))
    np.testing.assert_array_equal(back(ttnn.subtract(ta, tb)), wrap(a - b))
    diff = wrap(a - b)
    same = (diff == 0) | ((diff == 2 ** 31) if np_dtype == np.uint32 else False)
    np.testing.assert_array_equal(back(ttnn.eq(ta, tb)), same.astype(np.int64))
    np.testing.assert_array_equal(back(ttnn.ne(ta, tb)), (diff != 0).astype(np.int64))
    if np_dtype == np.uint32:
        assert back(ttnn.eq(ta, tb)).flat[4] == 1 and a.flat[4] != b.flat[4]


# ---- logical ops -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b, ttnn.int32])
def test_logical_and_or_xor(device, dtype):
    """binary_ng_utils.cpp OpConfig: NEZ of each operand, mul (and) / add (or) / sub (xor), NEZ: 1 where the rule
    holds, else 0. The SFPU for float32 and int32 pairs, the FPU else; inf reads as nonzero, a denormal as zero on the
    FPU path (unpacked through SrcA, flushed) and as nonzero on float32's SFPU path (unpacked to Dst as it is; NEZ
    tests its bits). int32 logical_and multiplies the NEZs with the SFPU's mul_int32 (helper-62)."""
    a = RNG.integers(-2, 3, (2, 40, 70)).astype(np.float64)
    b = RNG.integers(-2, 3, (2, 40, 70)).astype(np.float64)
    if dtype != ttnn.int32:
        a.flat[:4] = [np.inf, -np.inf, 1e-40, -0.0]
        b.flat[:4] = [0.0, 0.0, 1.0, 0.0]
    ta, tb = dev_tensor(device, a, dtype), dev_tensor(device, b, dtype)
    av, bv = (ttnn.to_numpy(t).astype(np.float64) for t in (ta, tb))
    flush = dtype in (ttnn.bfloat16, ttnn.bfloat8_b)
    nz_a = (av != 0) & ~(flush & (np.abs(av) < 2.0 ** -126))
    nz_b = (bv != 0) & ~(flush & (np.abs(bv) < 2.0 ** -126))
    for name, rule in (("logical_and", np.logical_and), ("logical_or", np.logical_or),
                       ("logical_xor", np.logical_xor)):
        got = ttnn.to_numpy(getattr(ttnn, name)(ta, tb))
        np.testing.assert_array_equal(got, rule(nz_a, nz_b).astype(got.dtype), err_msg=name)
    if dtype != ttnn.int32:
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.logical_or(ta, 0.0)), nz_a.astype(np.float32))
        row = dev_tensor(device, b[:, :1, :], dtype)                # a row broadcast
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.logical_and(ta, row)),
                                      (nz_a & nz_b[:, :1, :]).astype(np.float32))
        ttnn.logical_xor_(ta, tb)                                   # in place
        np.testing.assert_array_equal(ttnn.to_numpy(ta), np.logical_xor(nz_a, nz_b).astype(np.float32))
