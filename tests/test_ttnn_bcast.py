"""ttnn.bcast on the simulated device (tensix.ttnn.operations.bcast, tt-metal 622c6fb9 data_movement/bcast): every
math op and broadcast dim, batch-broadcast and per-batch b, odd shapes with tile padding, bfloat16 / bfloat8_b /
float32 operands, ROW_MAJOR inputs (tilized first), preallocated and L1 outputs, bit for bit against independent
numpy models of the FPU (float64 sums rounded as the 16-bit Dst rounds them; ELWMUL's HiFi4 phases from
tensix.device.fpu on pre-broadcast operands); the factories' work split, the program cache, the device time, the
golden function, and ttnn's validation errors."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device import formats, fpu
from tensix.device.formats import DataFormat as DF
from tensix.errors import NotModelledError
from tensix.ttnn.errors import DTypeError, ShapeError, TTNNError

H, W, HW = ttnn.BcastOpDim.H, ttnn.BcastOpDim.W, ttnn.BcastOpDim.HW
ADD, SUB, MUL = ttnn.BcastOpMath.ADD, ttnn.BcastOpMath.SUB, ttnn.BcastOpMath.MUL
RNG = np.random.default_rng(7)


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def dev_tensor(device, x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, **kw):
    return ttnn.from_numpy(np.asarray(x, np.float32), dtype=dtype, layout=layout, device=device, **kw)


def padded(t):
    return np.asarray(t.host_values(), np.float64)


# ---- models ---------------------------------------------------------------------------------------------------
def f32_bits(v):
    return np.ascontiguousarray(np.asarray(v, np.float64).astype(np.float32)).view(np.uint32)


def dst16(v):
    """A float64 result in a 16-bit Dst: rounded to float32, then to BF16 to nearest even, denormals flushed."""
    bits = f32_bits(v)
    bits = np.where((bits & 0x7F800000) == 0, bits & 0x80000000, bits).astype(np.uint32)
    b16 = formats.fp32_to_bf16_rne(bits).astype(np.uint32)
    return (b16 << 16).view(np.float32).astype(np.float64)


def to_tiles(x):
    h, w = x.shape[-2:]
    return x.reshape(-1, h // 32, 32, w // 32, 32).transpose(0, 1, 3, 2, 4).reshape(-1, 32, 32)


def from_tiles(t, shape):
    h, w = shape[-2:]
    return t.reshape(-1, h // 32, w // 32, 32, 32).transpose(0, 1, 3, 2, 4).reshape(shape)


def spread(bp, dim, shape):
    """b's padded values as the LLK broadcast reads them: row 0 of each tile (ROW), column 0 (COL), datum [0, 0]
    (SCALAR), repeated over the output's padded shape (outer dims of 1 broadcast too)."""
    if dim == H:
        bp = bp[..., 0:1, :]
    elif dim == W:
        bp = bp[..., :, 0:1]
    else:
        bp = bp[..., 0:1, 0:1]
    return np.broadcast_to(bp, shape)


def fpu_model(op, a, b):
    """The FPU's result in a 16-bit Dst (as float64) for Src values a, b of one padded shape."""
    if op in (ADD, SUB):
        return dst16(a + b if op == ADD else a - b)
    xs = to_tiles(np.ascontiguousarray(a)).astype(np.float32)
    ys = to_tiles(np.ascontiguousarray(b)).astype(np.float32)
    d = fpu.eltwise_binary("mul", xs, ys, None, "HiFi4", False)
    return from_tiles((d.astype(np.uint32) << 16).view(np.float32).astype(np.float64), a.shape)


def expected(op, dim, ta, tb):
    a = padded(ta)
    return fpu_model(op, a, spread(padded(tb), dim, a.shape))


def b_shape(a_shape, dim, batch=True):
    s = list(a_shape)
    if dim in (H, HW):
        s[-2] = 1
    if dim in (W, HW):
        s[-1] = 1
    if not batch:
        s[:-2] = [1] * (len(s) - 2)
    return tuple(s)


def run_case(device, op, dim, a_shape, batch=True, dtype=ttnn.bfloat16, scale=4.0):
    a = RNG.standard_normal(a_shape) * scale
    b = RNG.standard_normal(b_shape(a_shape, dim, batch)) * scale
    ta, tb = dev_tensor(device, a, dtype), dev_tensor(device, b, dtype)
    out = ttnn.bcast(ta, tb, op, dim)
    return ta, tb, out


# ---- numbers --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("batch", [True, False], ids=["b_per_batch", "b_one_batch"])
@pytest.mark.parametrize("dim", [H, W, HW], ids=["H", "W", "HW"])
@pytest.mark.parametrize("op", [ADD, SUB, MUL], ids=["add", "sub", "mul"])
def test_every_op_and_dim_bf16_bit_exact(device, op, dim, batch):
    """Multi-tile, two batch dims: a op b with b one tile row / column / datum per batch (or one for all), every
    padded datum equal to the FPU model's (the padding of a with b's broadcast values too)."""
    ta, tb, out = run_case(device, op, dim, (2, 3, 64, 96), batch)
    assert out.shape == (2, 3, 64, 96) and out.dtype == ttnn.bfloat16 and out.layout == ttnn.TILE_LAYOUT
    np.testing.assert_array_equal(padded(out), expected(op, dim, ta, tb))


@pytest.mark.parametrize("dim", [H, W, HW], ids=["H", "W", "HW"])
@pytest.mark.parametrize("op", [ADD, SUB, MUL], ids=["add", "sub", "mul"])
def test_odd_shape_with_tile_padding(device, op, dim):
    """[1, 3, 50, 70]: a's tiles padded with zeros, b [1, 3, 1, 70] / [1, 3, 50, 1] / [1, 3, 1, 1]."""
    ta, tb, out = run_case(device, op, dim, (1, 3, 50, 70))
    assert out.shape == (1, 3, 50, 70) and tuple(out.padded_shape) == (1, 3, 64, 96)
    np.testing.assert_array_equal(padded(out), expected(op, dim, ta, tb))
    # on the logical region the result is the plain numpy broadcast of the operands' values, rounded once
    A, B = ttnn.to_numpy(ta).astype(np.float64), ttnn.to_numpy(tb).astype(np.float64)
    if op != MUL:
        np.testing.assert_array_equal(ttnn.to_numpy(out), dst16(A + B if op == ADD else A - B))


@pytest.mark.parametrize("a_shape,dim", [((32, 32), H), ((64, 64), W), ((40, 33), HW), ((5, 70, 40), H)])
def test_low_rank_inputs(device, a_shape, dim):
    ta, tb, out = run_case(device, SUB, dim, a_shape)
    assert out.shape == a_shape
    np.testing.assert_array_equal(padded(out), expected(SUB, dim, ta, tb))


def pack_bfp8(v16):
    """BF16 Dst values packed to Bfp8_b by the packer and read back."""
    bits = (f32_bits(v16) >> 16).astype(np.uint16)
    raw = formats.pack_from_dest(to_tiles(bits), False, DF.Bfp8_b)
    return from_tiles(formats.unpack_tile_bytes(raw, DF.Bfp8_b).astype(np.float64), v16.shape)


@pytest.mark.parametrize("op", [ADD, MUL], ids=["add", "sub"])
def test_bfloat8_b_operands_and_output(device, op):
    """Bfp8_b tiles unpack exactly to BF16 in Src; the BF16 Dst is packed back to Bfp8_b (shared exponents)."""
    ta, tb, out = run_case(device, op, H, (1, 2, 64, 64), dtype=ttnn.bfloat8_b)
    assert out.dtype == ttnn.bfloat8_b
    np.testing.assert_array_equal(padded(out), pack_bfp8(expected(op, H, ta, tb)))


@pytest.mark.parametrize("b_dtype", [ttnn.bfloat16, ttnn.float32], ids=["b_bf16", "b_fp32"])
def test_float32_operands_are_truncated_to_bf16_in_src(device, b_dtype):
    """fp32_dest_acc_en is off (ComputeConfigDescriptor{}), so the unpacker's Src format is tt-metal's
    unpack_conditional_dst_format: Float16_b (exponent precision B; also when every CB is Float32, data_format.cpp
    get_data_exp_precision at 622c6fb9). float32 operands lose their low 16 bits (truncation); the float32 output
    holds the BF16 Dst values."""
    a = RNG.standard_normal((1, 1, 64, 64)) * 3
    b = RNG.standard_normal((1, 1, 64, 1))
    ta, tb = dev_tensor(device, a, ttnn.float32), dev_tensor(device, b, b_dtype)
    out = ttnn.bcast(ta, tb, ADD, W)
    assert out.dtype == ttnn.float32

    def trunc(v):
        return (f32_bits(v) & np.uint32(0xFFFF0000)).view(np.float32).astype(np.float64)
    at = trunc(padded(ta))
    want = dst16(at + trunc(spread(padded(tb), W, at.shape)))
    np.testing.assert_array_equal(padded(out), want)
    assert (want != dst16(padded(ta) + spread(padded(tb), W, at.shape))).any()     # the truncation shows


def test_row_major_inputs_are_tilized_first(device):
    """bcast.cpp tilizes both inputs (zero padding); a ROW_MAJOR b may be [.., 1, W] (H) or [.., H, 1] (W)."""
    a = RNG.standard_normal((1, 2, 40, 70))
    for dim in (H, W, HW):
        b = RNG.standard_normal(b_shape(a.shape, dim))
        ta_rm, tb_rm = (dev_tensor(device, x, layout=ttnn.ROW_MAJOR_LAYOUT) for x in (a, b))
        ta, tb = dev_tensor(device, a), dev_tensor(device, b)
        out = ttnn.bcast(ta_rm, tb_rm, MUL, dim)
        assert out.layout == ttnn.TILE_LAYOUT and out.shape == (1, 2, 40, 70)
        np.testing.assert_array_equal(padded(out), expected(MUL, dim, ta, tb))


def test_preallocated_and_l1_outputs(device):
    ta, tb, ref = run_case(device, ADD, HW, (2, 1, 64, 64))
    pre = dev_tensor(device, np.zeros((2, 1, 64, 64)))
    got = ttnn.bcast(ta, tb, ADD, HW, output_tensor=pre)
    assert got is pre
    np.testing.assert_array_equal(padded(pre), padded(ref))
    l1 = ttnn.bcast(ta, tb, ADD, HW, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert l1.memory_config().buffer_type == ttnn.BufferType.L1
    np.testing.assert_array_equal(padded(l1), padded(ref))


# ---- programs -------------------------------------------------------------------------------------------------
def test_factories_and_their_work_split(device):
    """H splits a's tile rows, W its tile columns, HW all tiles (over the 8x8 grid); HW with b of one batch reads
    b once (BCAST_SCALAR)."""
    cases = [(H, (1, 2, 320, 64), "BcastMultiCoreHProgramFactory", 10),
             (W, (1, 2, 64, 224), "BcastMultiCoreWProgramFactory", 7),
             (HW, (1, 2, 64, 64), "BcastMultiCoreHWProgramFactory", 8),
             (HW, (3, 5, 64, 96), "BcastMultiCoreHWProgramFactory", 64)]
    for dim, shape, program, cores in cases:
        ta, tb, out = run_case(device, ADD, dim, shape)
        rec = ttnn.op_report()[-1]
        assert (rec.op, rec.program, rec.cores) == ("ttnn.bcast", program, cores)
        np.testing.assert_array_equal(padded(out), expected(ADD, dim, ta, tb))
    run_case(device, ADD, HW, (2, 2, 64, 64), batch=False)
    assert ttnn.op_report()[-1].attributes == {"math_op": "ADD", "dim": "HW"}


def test_program_cache_and_device_time(device):
    device.disable_and_clear_program_cache()
    device.enable_program_cache()
    a = dev_tensor(device, RNG.standard_normal((1, 1, 64, 128)))
    b = dev_tensor(device, RNG.standard_normal((1, 1, 1, 128)))
    first = ttnn.bcast(a, b, ADD, H)
    a2 = dev_tensor(device, RNG.standard_normal((1, 1, 64, 128)))
    second = ttnn.bcast(a2, b, ADD, H)                       # new addresses, same program
    ttnn.bcast(a, b, MUL, H)                                 # another op: another program
    recs = ttnn.op_report()[-3:]
    assert [r.cache_hit for r in recs] == [False, True, False]
    assert device.num_program_cache_entries() == 2
    assert all(r.device_ns > 0 and r.device_cycles > 0 for r in recs)
    np.testing.assert_array_equal(padded(first), expected(ADD, H, a, b))
    np.testing.assert_array_equal(padded(second), expected(ADD, H, a2, b))


def test_golden_function_through_the_ttnn_facade():
    import torch
    import tensix.ttnn.compat.ttnn as cttnn
    assert cttnn.BcastOpDim is ttnn.BcastOpDim and cttnn.bcast is ttnn.bcast
    golden = cttnn.get_golden_function(cttnn.bcast)
    a, b = torch.ones(2, 3, 4, 5), torch.full((2, 3, 1, 5), 2.0)
    assert torch.equal(golden(a, b, MUL, H), torch.full((2, 3, 4, 5), 2.0))
    # where a has a dim of 1 that b does not, the golden keeps a's extent
    assert golden(torch.ones(1, 1, 1, 5), torch.ones(1, 1, 3, 5), ADD, H).shape == (1, 1, 1, 5)


# ---- errors ---------------------------------------------------------------------------------------------------
def _pair(device, a_shape, b_shape_, b_layout=ttnn.TILE_LAYOUT, a_dtype=ttnn.bfloat16):
    ta = dev_tensor(device, RNG.standard_normal(a_shape), a_dtype)
    tb = dev_tensor(device, RNG.standard_normal(b_shape_), layout=b_layout)
    return ta, tb


@pytest.mark.parametrize("a_shape,b_shape_,dim,layout,match", [
    ((64, 64), (64, 64), H, ttnn.TILE_LAYOUT,
     r"Input tensor B height \(64\) must equal TILE_HEIGHT \(32\) for tile layout"),
    ((64, 64), (1, 96), H, ttnn.TILE_LAYOUT,
     r"Input tensor A width \(64\) must equal input tensor B width \(96\) for height broadcast"),
    ((64, 64), (2, 64), H, ttnn.ROW_MAJOR_LAYOUT,
     r"Input tensor B height \(2\) must be 1 or TILE_HEIGHT \(32\) for row major layout"),
    ((64, 64), (32, 1), W, ttnn.TILE_LAYOUT,
     r"Input tensor A height \(64\) must equal input tensor B height \(32\) for width broadcast"),
    ((64, 64), (64, 64), W, ttnn.TILE_LAYOUT,
     r"Input tensor B width \(64\) must equal TILE_WIDTH \(32\) for tile layout"),
    ((64, 64), (1, 64), HW, ttnn.TILE_LAYOUT, r"^ttnn.bcast: Error"),
    ((2, 3, 64, 64), (2, 1, 1, 64), H, ttnn.TILE_LAYOUT,
     r"Broadcast with batch is currently only supported when bN\*bC=1 or N & C match or equivalent"),
    ((2, 3, 64, 64), (6, 1, 64), H, ttnn.TILE_LAYOUT,
     r"Broadcast with batch is currently only supported when input tensor ranks are the same"),
])
def test_shape_errors_carry_ttnns_messages(device, a_shape, b_shape_, dim, layout, match):
    ta, tb = _pair(device, a_shape, b_shape_, layout)
    with pytest.raises(ShapeError, match=match) as e:
        ttnn.bcast(ta, tb, ADD, dim)
    assert "\nFix: " in str(e.value)


def test_other_refusals(device):
    ta, tb = _pair(device, (64, 64), (1, 64), a_dtype=ttnn.uint32)
    with pytest.raises(DTypeError, match="Unsupported data format"):
        ttnn.bcast(ta, tb, ADD, H)
    ta, tb = _pair(device, (64, 64), (1, 64))
    with pytest.raises(ShapeError, match="The input tensors need a shape of"):
        ttnn.bcast(ta, tb, ADD, H, output_tensor=dev_tensor(device, np.zeros((32, 64))))
    with pytest.raises(TTNNError, match="Bcast does not currently support input0 sharding, except if dim is HW"):
        ttnn.bcast(ta, tb, ADD, H, memory_config=ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
                                                                  ttnn.BufferType.L1))
    with pytest.raises(TypeError, match="math_op"):
        ttnn.bcast(ta, tb, "add", H)
    with pytest.raises(TypeError, match="dim"):
        ttnn.bcast(ta, tb, ADD, 0)
    with pytest.raises(TypeError, match="unexpected keyword"):
        ttnn.bcast(ta, tb, ADD, H, bogus=1)
    tbi = dev_tensor(device, np.ones((1, 64)), ttnn.uint32)
    with pytest.raises(NotModelledError, match="input_b of DataType.UINT32"):
        ttnn.bcast(ta, tbi, ADD, H)
    rm_out = dev_tensor(device, np.zeros((64, 64)), layout=ttnn.ROW_MAJOR_LAYOUT)
    with pytest.raises(NotModelledError, match="output_tensor is Layout.ROW_MAJOR"):
        ttnn.bcast(ta, tb, ADD, H, output_tensor=rm_out)
    ta5, tb5 = _pair(device, (2, 1, 1, 32, 32), (1, 1, 1, 1, 32))
    with pytest.raises(NotModelledError, match="rank-5"):
        ttnn.bcast(ta5, tb5, ADD, H)


def test_sharded_input_is_not_modelled(device):
    x = RNG.standard_normal((1, 1, 64, 64))
    spec = ttnn.create_sharded_memory_config((1, 1, 64, 64), core_grid=ttnn.CoreGrid(y=2, x=1),
                                             strategy=ttnn.ShardStrategy.HEIGHT)
    ta = dev_tensor(device, x, memory_config=spec)
    tb = dev_tensor(device, RNG.standard_normal((1, 1, 1, 1)))
    with pytest.raises(NotModelledError, match="sharded"):
        ttnn.bcast(ta, tb, ADD, HW, memory_config=spec)
