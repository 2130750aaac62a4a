"""ttnn.transformer (split_query_key_value_and_split_heads, concatenate_heads, attention_softmax, attention_softmax_)
and ttnn.experimental.nlp_create_qkv_heads / nlp_concat_heads on the simulated n150.

The head ops only move tiles, so they are checked bit for bit against torch's reshape / permute of the input's device
values; the one computing step (the K heads transposed with transpose_wh_tile through Dst, which re-rounds bfloat8_b
blocks) against tensix's packer model. attention_softmax is checked bit for bit against ttnn.scale_mask_softmax /
ttnn.softmax (the programs ttnn composes it from) and within a derived bound against float64."""

from __future__ import annotations

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.device import formats
from tensix.errors import NotModelledError
from tensix.ttnn.errors import LayoutError, ShapeError, TTNNError

torch = pytest.importorskip("torch")
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, strategies as st  # noqa: E402


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _dev(t, device, dtype=ttnn.bfloat16, mc=None):
    return ttnn.from_torch(t, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)


def _heads(x, lo, n, d):
    b, s, _ = x.shape
    return x[..., lo:lo + n * d].reshape(b, s, n, d).permute(0, 2, 1, 3)


def _reference_qkv(x, nq, nkv, d, transpose):
    q = _heads(x, 0, nq, d)
    k = _heads(x, nq * d, nkv, d)
    v = _heads(x, (nq + nkv) * d, nkv, d)
    return q, (k.transpose(-2, -1) if transpose else k), v


_FMT = {ttnn.bfloat16: formats.DataFormat.Float16_b, ttnn.float32: formats.DataFormat.Float32,
        ttnn.bfloat8_b: formats.DataFormat.Bfp8_b}


def _transposed_through_dst(heads: torch.Tensor, dtype) -> torch.Tensor:
    """[..., Sp, d] device values (tile padding included) -> [..., d, Sp] as transpose_wh_tile + pack_tile leave them,
    from tensix.device.formats' unpacker / Dst / packer models: the unpacker reads float32 as TF32 (fp32 Dst, the
    factory's choice for float32 inputs) or bfloat16 / bfloat8_b as BF16 into a 16-bit Dst; the packer re-rounds
    bfloat8_b over the transposed tile's rows (the shared exponents now group what were columns)."""
    fmt, fp32 = _FMT[dtype], dtype == ttnn.float32
    v = heads.to(torch.float32).numpy()
    lead, (r, c) = v.shape[:-2], v.shape[-2:]
    tiles = np.ascontiguousarray(v.reshape(-1, r // 32, 32, c // 32, 32).transpose(0, 1, 3, 2, 4)).reshape(-1, 32, 32)
    dst = formats.src_to_dest(formats.unpack_to_src(formats.pack_tile_bytes(tiles, fmt), fmt, fp32_dest=fp32), fp32)
    dst = np.ascontiguousarray(dst.swapaxes(-1, -2))
    back = formats.unpack_tile_bytes(formats.pack_from_dest(dst, fp32, fmt), fmt).astype(np.float32)
    out = back.reshape(-1, r // 32, c // 32, 32, 32).transpose(0, 2, 3, 1, 4).reshape(*lead, c, r)
    return torch.from_numpy(np.ascontiguousarray(out))


# ------------------------------------------------------------------------ split_query_key_value_and_split_heads
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
@pytest.mark.parametrize("B, S, nq, nkv, d, transpose", [
    (1, 32, 1, 1, 32, True),
    (2, 100, 3, 3, 64, True),       # sequence not a multiple of 32: padded rows travel with their tiles
    (3, 64, 4, 2, 32, False),       # grouped-query: fewer K/V heads
    (1, 96, 5, 1, 96, True),        # odd head count, three-tile heads
])
def test_split_heads_moves_every_tile(device, dtype, B, S, nq, nkv, d, transpose):
    torch.manual_seed(B * 1000 + S + nq)
    x = torch.randn(B, S, (nq + 2 * nkv) * d) * torch.exp(torch.randn(B, S, (nq + 2 * nkv) * d))
    tx = _dev(x, device, dtype)
    xv = ttnn.to_torch(tx).to(torch.float32)           # the device's values (bfloat8_b / bfloat16 rounding done)
    q, k, v = ttnn.transformer.split_query_key_value_and_split_heads(
        tx, num_heads=nq, num_kv_heads=None if nkv == nq else nkv, transpose_key=transpose)
    rq, rk, rv = _reference_qkv(xv, nq, nkv, d, transpose)
    assert tuple(q.shape) == (B, nq, S, d) and tuple(v.shape) == (B, nkv, S, d)
    assert tuple(k.shape) == ((B, nkv, d, S) if transpose else (B, nkv, S, d))
    sp = -(-S // 32) * 32
    assert tuple(q.padded_shape) == (B, nq, sp, d)
    assert tuple(k.padded_shape) == ((B, nkv, d, sp) if transpose else (B, nkv, sp, d))
    assert q.dtype == k.dtype == v.dtype == dtype
    assert torch.equal(ttnn.to_torch(q).float(), rq)
    assert torch.equal(ttnn.to_torch(v).float(), rv)
    gk = ttnn.to_torch(k).float()
    if transpose:
        # the transpose goes through SrcA and Dst (from_torch zero-fills the tile padding, which moves along)
        kh = torch.nn.functional.pad(rk.transpose(-2, -1), (0, 0, 0, sp - S))
        assert torch.equal(gk, _transposed_through_dst(kh, dtype)[..., :S])
        if dtype == ttnn.bfloat16:
            assert torch.equal(gk, rk)                 # BF16 through a 16-bit Dst: every bit kept
    else:
        assert torch.equal(gk, rk)


def test_split_heads_float32_keys_are_tf32(device):
    """float32 K heads go through SrcA as TF32 (the factory sets fp32_dest_acc_en for float32 inputs so that the
    unpacker writes TF32, not BF16): the transposed keys keep 10 mantissa bits (truncated); Q and V keep all 23."""
    x = torch.randn(2, 64, 3 * 64, dtype=torch.float32) / 3.0
    q, k, _ = ttnn.transformer.split_query_key_value_and_split_heads(_dev(x, device, ttnn.float32), num_heads=1)
    ref = x[..., 64:128].reshape(2, 64, 1, 64).permute(0, 2, 3, 1).contiguous()
    tf32 = (ref.view(torch.int32) & ~0x1FFF).view(torch.float32)
    assert torch.equal(ttnn.to_torch(k), tf32) and not torch.equal(tf32, ref)
    assert torch.equal(ttnn.to_torch(q), x[..., :64].reshape(2, 64, 1, 64).permute(0, 2, 1, 3))


def test_split_heads_with_a_separate_kv_tensor(device):
    B, S, nq, nkv, d = 2, 64, 4, 2, 32
    xq = torch.randn(B, S, nq * d).to(torch.bfloat16)
    xkv = torch.randn(B, S, 2 * nkv * d).to(torch.bfloat16)
    q, k, v = ttnn.transformer.split_query_key_value_and_split_heads(
        _dev(xq, device), _dev(xkv, device), num_heads=nq, num_kv_heads=nkv)
    rq, rk, rv = _reference_qkv(torch.cat([xq, xkv], -1), nq, nkv, d, True)
    for got, ref in ((q, rq), (k, rk), (v, rv)):
        assert torch.equal(ttnn.to_torch(got), ref)
    assert ttnn.op_report()[-1].attributes["num_kv_heads"] == nkv


def test_split_heads_memory_config_and_program_cache(device):
    x = _dev(torch.randn(2, 64, 3 * 64), device)
    outs = ttnn.transformer.split_query_key_value_and_split_heads(x, num_heads=2, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert all(t.memory_config() == ttnn.L1_MEMORY_CONFIG for t in outs)
    rec = ttnn.op_report()[-1]
    assert rec.op == "ttnn.experimental.nlp_create_qkv_heads"
    assert rec.program == "NlpCreateHeadsDeviceOperation::Interleaved"
    assert rec.cores == 4 and rec.device_ns > 0          # 2 batches x 2 tile rows: one block per core
    outs = ttnn.transformer.split_query_key_value_and_split_heads(x, num_heads=2, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert ttnn.op_report()[-1].cache_hit
    y = ttnn.transformer.split_query_key_value_and_split_heads(x, num_heads=2)     # the input's memory config: DRAM
    assert y[0].memory_config() == x.memory_config()


def test_nlp_create_qkv_heads_4d_and_work_split(device):
    """The experimental op on [B, 1, S, W]: more tile rows than cores (uneven blocks per core)."""
    B, S, nq, d = 3, 800, 2, 32            # 75 blocks on 64 cores: 11 cores take two
    x = torch.randn(B, 1, S, 3 * nq * d).to(torch.bfloat16)
    q, k, v = ttnn.experimental.nlp_create_qkv_heads(_dev(x, device), num_heads=nq, transpose_k_heads=False)
    assert ttnn.op_report()[-1].cores == 64
    rq, rk, rv = _reference_qkv(x[:, 0], nq, nq, d, False)
    for got, ref in ((q, rq), (k, rk), (v, rv)):
        assert torch.equal(ttnn.to_torch(got), ref)


@settings(max_examples=12, deadline=None)
@given(B=st.integers(1, 3), St=st.integers(1, 4), extra=st.integers(0, 31), nkv=st.integers(1, 3),
       group=st.integers(1, 3), dt=st.integers(1, 2), transpose=st.booleans())
def test_split_heads_property_matches_golden(device, B, St, extra, nkv, group, dt, transpose):
    S = St * 32 - extra
    nq, d = nkv * group, dt * 32
    x = torch.randn(B, S, (nq + 2 * nkv) * d).to(torch.bfloat16)
    got = ttnn.transformer.split_query_key_value_and_split_heads(_dev(x, device), num_heads=nq, num_kv_heads=nkv,
                                                                 transpose_key=transpose)
    for g, r in zip(got, _reference_qkv(x, nq, nkv, d, transpose)):
        assert torch.equal(ttnn.to_torch(g), r)


def test_split_heads_errors(device):
    split = ttnn.transformer.split_query_key_value_and_split_heads
    x = _dev(torch.randn(1, 32, 96), device)
    with pytest.raises(ShapeError, match="expected 3 dimensions"):
        split(_dev(torch.randn(1, 1, 32, 96), device), num_heads=1)
    with pytest.raises(ShapeError, match="multiple of the tile width"):
        split(_dev(torch.randn(1, 32, 3 * 48), device), num_heads=1)
    with pytest.raises(ShapeError, match="Padding error"):
        split(_dev(torch.randn(1, 32, 194), device), num_heads=2)       # 194 // 6 = 32, padded 224 // 6 = 37
    with pytest.raises(LayoutError, match="TILE_LAYOUT"):
        split(ttnn.from_torch(torch.randn(1, 32, 96), device=device), num_heads=1)
    with pytest.raises(TTNNError, match="on a device"):
        split(ttnn.from_torch(torch.randn(1, 32, 96), layout=ttnn.TILE_LAYOUT), num_heads=1)
    with pytest.raises(NotModelledError, match="falcon7b"):
        split(x, num_heads=1, num_kv_heads=1, use_falcon7b_backend=True)
    sharded = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1)
    with pytest.raises(TTNNError, match="must be INTERLEAVED"):
        split(x, num_heads=1, memory_config=sharded)
    with pytest.raises(ShapeError, match="sequence length"):
        split(x, _dev(torch.randn(1, 64, 64), device), num_heads=1)
    with pytest.raises(ShapeError, match="divisible by 2 \\* num_kv_heads"):
        split(_dev(torch.randn(1, 32, 64), device), _dev(torch.randn(1, 32, 98), device), num_heads=2)
    with pytest.raises(ShapeError, match="divisible by num_heads"):
        ttnn.experimental.nlp_create_qkv_heads(_dev(torch.randn(1, 1, 32, 128), device), num_heads=1,
                                               num_kv_heads=1)
    with pytest.raises(ShapeError, match="not equal to 1"):
        ttnn.experimental.nlp_create_qkv_heads(_dev(torch.randn(1, 2, 32, 96), device), num_heads=1)


# --------------------------------------------------------------------------------------------- concatenate_heads
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b])
@pytest.mark.parametrize("B, H, S, d", [(1, 1, 32, 32), (2, 3, 100, 64), (3, 5, 64, 96), (1, 16, 384, 64)])
def test_concatenate_heads_bit_exact(device, dtype, B, H, S, d):
    torch.manual_seed(H * 100 + S)
    x = torch.randn(B, H, S, d) * torch.exp(torch.randn(B, H, S, d))
    tx = _dev(x, device, dtype)
    xv = ttnn.to_torch(tx).float()
    out = ttnn.transformer.concatenate_heads(tx)
    assert tuple(out.shape) == (B, S, H * d) and out.dtype == dtype
    assert tuple(out.padded_shape) == (B, -(-S // 32) * 32, H * d)
    assert torch.equal(ttnn.to_torch(out).float(), xv.permute(0, 2, 1, 3).reshape(B, S, H * d))
    rec = ttnn.op_report()[-1]
    assert rec.op == "ttnn.experimental.nlp_concat_heads" and rec.program == "NLPConcatHeadsProgramFactory"
    assert rec.cores == min(64, B * -(-S // 32))


def test_split_then_concatenate_round_trips(device):
    x = torch.randn(2, 70, 3 * 4 * 32).to(torch.bfloat16)
    q, k, v = ttnn.transformer.split_query_key_value_and_split_heads(_dev(x, device), num_heads=4)
    assert torch.equal(ttnn.to_torch(ttnn.transformer.concatenate_heads(q)), x[..., :128])
    assert torch.equal(ttnn.to_torch(ttnn.transformer.concatenate_heads(v, memory_config=ttnn.L1_MEMORY_CONFIG)),
                       x[..., 256:])
    assert ttnn.experimental.nlp_concat_heads(v).shape == ttnn.Shape([2, 1, 70, 128])


def test_concatenate_heads_errors(device):
    cat = ttnn.transformer.concatenate_heads
    with pytest.raises(ShapeError, match="rank 4"):
        cat(_dev(torch.randn(2, 32, 64), device))
    with pytest.raises(ShapeError, match="multiple of 32"):
        cat(_dev(torch.randn(1, 2, 32, 48), device))
    sharded = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1)
    with pytest.raises(TTNNError, match="must be INTERLEAVED"):
        cat(_dev(torch.randn(1, 2, 32, 64), device), memory_config=sharded)
    with pytest.raises(TTNNError, match="Unsupported data format"):
        cat(ttnn.from_torch(torch.ones(1, 2, 32, 64, dtype=torch.int32), dtype=ttnn.int32, layout=ttnn.TILE_LAYOUT,
                            device=device))


# --------------------------------------------------------------------------------------------- attention_softmax
def _softmax_bound(x64, mask64, scale, out, dtype):
    """float64 reference and an error bound derived from SoftmaxProgramFactoryAttentionOptimized's datapath (the
    scales here are powers of two, so x * scale is exact): the approximate exp (attention_softmax's config has
    math_approx_mode on; Schraudolph's exponential, within 4% each way: 8% on a ratio), the exps packed to the
    intermediate CB (bfloat16: 2^-8 relative; float32 through TF32 SrcA: 2^-10), the row sum rounded once per tile of
    the row (Wt roundings), the reciprocal and the product rounded again; plus 2^-12 absolute for the tiny terms."""
    logits = x64 * scale + mask64
    w = logits.shape[-1]
    wp = -(-w // 32) * 32
    # with a fused mask the kernel does not mask the tile padding of the width (softmax.cpp applies its -inf padding
    # mask only without FUSED_SCALE_MASK: ttnn expects the mask's padding to do it); from_torch zero-fills the
    # padding of the input and the mask, so the padded columns take part with logit 0
    if wp > w and not isinstance(mask64, float):
        logits = torch.nn.functional.pad(logits, (0, wp - w))
    ref = torch.softmax(logits, -1)[..., :w]
    wt = wp // 32
    rel = 0.08 + (2.0 ** -7 + wt * 2.0 ** -9 if dtype == ttnn.float32 else 2.0 ** -6 + wt * 2.0 ** -7)
    return ref, (out.double() - ref).abs(), ref * rel + 2.0 ** -12


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("B, H, S", [(1, 2, 64), (2, 3, 100)])
def test_attention_softmax_in_place(device, dtype, B, H, S):
    torch.manual_seed(S)
    x = torch.randn(B, H, S, S) * 4
    m = torch.where(torch.rand(B, 1, 1, S) < 0.2, -1e4, 0.0)
    tx, tm = _dev(x, device, dtype), _dev(m, device, dtype)
    x64, m64 = ttnn.to_torch(tx).double(), ttnn.to_torch(tm).double()
    same = ttnn.scale_mask_softmax(_dev(x, device, dtype), 1 / 8.0, tm, numeric_stable=True)
    out = ttnn.transformer.attention_softmax_(tx, attention_mask=tm, head_size=64)
    assert out is tx                                           # in place: the input tensor, overwritten
    rec = ttnn.op_report()[-1]
    assert rec.op == "ttnn.transformer.attention_softmax_" and rec.program == "SoftmaxProgramFactoryAttentionOptimized"
    got = ttnn.to_torch(out)
    assert torch.equal(got, ttnn.to_torch(same))               # the same program as scale_mask_softmax
    ref, err, bound = _softmax_bound(x64, m64, 1 / 8.0, got, dtype)
    assert bool((err <= bound).all()), float((err - bound).max())


def test_attention_softmax_out_of_place_and_without_mask(device):
    x = torch.randn(2, 2, 64, 96) * 3
    m = torch.randn(2, 1, 1, 96)
    tx, tm = _dev(x, device), _dev(m, device)
    out = ttnn.transformer.attention_softmax(tx, attention_mask=tm, head_size=32, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert out is not tx and out.memory_config() == ttnn.L1_MEMORY_CONFIG
    assert ttnn.op_report()[-1].op == "ttnn.transformer.attention_softmax"
    assert torch.equal(ttnn.to_torch(out), ttnn.to_torch(ttnn.scale_mask_softmax(tx, 32 ** -0.5, tm,
                                                                                 numeric_stable=True)))
    assert torch.equal(ttnn.to_torch(tx), x.to(torch.bfloat16))             # the input is untouched
    plain = ttnn.transformer.attention_softmax(tx, head_size=16)
    assert torch.equal(ttnn.to_torch(plain), ttnn.to_torch(ttnn.softmax(ttnn.multiply(tx, 0.25), -1)))
    ref, err, bound = _softmax_bound(ttnn.to_torch(tx).double(), 0.0, 0.25, ttnn.to_torch(plain), ttnn.bfloat16)
    assert bool((err <= bound).all())
    unscaled = ttnn.transformer.attention_softmax(tx)
    assert torch.equal(ttnn.to_torch(unscaled), ttnn.to_torch(ttnn.softmax(ttnn.multiply(tx, 1.0), -1)))


def test_scale_mask_softmax_in_place_public_op(device):
    x = torch.randn(1, 1, 64, 64)
    m = torch.randn(1, 1, 32, 64)
    tx, tm = _dev(x, device), _dev(m, device)
    ref = ttnn.to_torch(ttnn.scale_mask_softmax(tx, 0.5, tm))
    assert ttnn.scale_mask_softmax_in_place(tx, 0.5, tm) is tx
    assert torch.equal(ttnn.to_torch(tx), ref)


def test_attention_softmax_errors(device):
    tx = _dev(torch.randn(1, 1, 32, 32), device)
    with pytest.raises(TTNNError, match="attention_mask is not set"):
        ttnn.transformer.attention_softmax_(tx, head_size=32)

    class NotAConfig:
        pass

    with pytest.raises(TypeError, match="SoftmaxDefaultProgramConfig or"):
        ttnn.transformer.attention_softmax_(tx, attention_mask=tx, program_config=NotAConfig())
    # tt-metal's attention_softmax(_) ignore the program config (the in-place one runs the default program)
    cfg = ttnn.SoftmaxShardedMultiCoreProgramConfig(compute_with_storage_grid_size=ttnn.CoreCoord(1, 1),
                                                    subblock_w=1, block_h=1, block_w=1)
    ref = ttnn.to_torch(ttnn.transformer.attention_softmax(tx, attention_mask=tx, head_size=32))
    out = ttnn.transformer.attention_softmax_(tx, attention_mask=tx, head_size=32, program_config=cfg)
    assert out is tx and torch.equal(ttnn.to_torch(out), ref)
    with pytest.raises(NotModelledError, match="keyword argument"):
        ttnn.transformer.attention_softmax(tensor=tx, head_size=32, scale=2.0)       # not ttnn's: a typo
    with pytest.raises(NotModelledError, match="keyword argument"):
        ttnn.transformer.concatenate_heads(tx, sub_core_grids=None)
    assert ttnn.transformer.attention_softmax(tensor=tx, queue_id=0).shape == tx.shape


# ------------------------------------------------------------------------------------------------- the facade
def test_ttnn_transformer_through_the_compat_facade(device):
    from tensix.ttnn.compat import install, uninstall
    install()
    try:
        import importlib
        facade = importlib.import_module("ttnn")
        tr = importlib.import_module("ttnn.transformer")
        assert facade.transformer is tr
        assert tr.concatenate_heads is ttnn.transformer.concatenate_heads
        x = torch.randn(1, 2, 32, 64)
        golden = facade.get_golden_function(tr.concatenate_heads)
        assert torch.equal(ttnn.to_torch(tr.concatenate_heads(_dev(x, device))), golden(x).to(torch.bfloat16))
        with pytest.raises(TTNNError, match="scaled_dot_product_attention_decode: input_tensor_q is a NoneType"):
            tr.scaled_dot_product_attention_decode(None, None, None)
        with pytest.raises(NotModelledError, match="ring_joint_scaled_dot_product_attention"):
            tr.ring_joint_scaled_dot_product_attention(None)
        with pytest.raises(AttributeError):
            tr.no_such_op
        assert "attention_softmax_" in dir(tr)
    finally:
        uninstall()


def _height_sharded(t, device, shard_h):
    n = t.padded_shape.volume() // t.padded_shape[-1] // shard_h
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(n - 1, 0))])
    spec = ttnn.ShardSpec(grid, [shard_h, t.padded_shape[-1]], ttnn.ShardOrientation.ROW_MAJOR)
    return ttnn.to_memory_config(t, ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                                                      spec))


def test_sharded_inputs(device):
    """A sharded concatenate_heads input with an interleaved output is copied to interleaved first (as ttnn does);
    the sharded programs themselves are not modelled."""
    x = torch.randn(2, 2, 64, 64).to(torch.bfloat16)
    xs = _height_sharded(_dev(x, device), device, 64)
    assert xs.is_sharded()
    out = ttnn.transformer.concatenate_heads(xs, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    assert torch.equal(ttnn.to_torch(out), x.permute(0, 2, 1, 3).reshape(2, 64, 128))
    with pytest.raises(NotModelledError, match="sharded"):
        ttnn.transformer.concatenate_heads(xs)                 # sharded in, sharded out
    qkv = _height_sharded(_dev(torch.randn(1, 64, 96), device), device, 32)
    with pytest.raises(NotModelledError, match="create_qkv_heads"):
        ttnn.transformer.split_query_key_value_and_split_heads(qkv, num_heads=1)
