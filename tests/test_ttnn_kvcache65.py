"""ttnn.update_cache / ttnn.fill_cache / ttnn.kv_cache.* (tensix.ttnn.operations.kv_cache) and
ttnn.experimental.paged_update_cache / paged_fill_cache (tensix.ttnn.operations.paged_cache) on the simulated n150.

These ops only move data: the written rows must equal the input's device values bit for bit (a bfloat8_b input
through a bfloat16 cache: the input's own bfloat8_b values) and every other cache element must be untouched, checked
against a numpy/torch reference of the whole cache. A bfloat8_b cache re-quantizes the tile rows the update untilizes
and tilizes again: the rows of those tiles are compared within the format's step, the other tiles bit for bit.
Refusals: the device ops' validation messages and the paths tensix does not model (NotModelledError)."""

from __future__ import annotations

import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.compat.ttnn import num_cores_to_corerangeset
from tensix.ttnn.errors import DTypeError, ShapeError, ShardSpecError, TTNNError

torch = pytest.importorskip("torch")


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _bf16(*shape):
    return torch.randn(*shape).bfloat16().float()


def _tile(t, device, dtype=ttnn.bfloat16, mc=None):
    return ttnn.from_torch(t, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)


def _height_sharded(t, device, dtype, num_cores):
    """t height-sharded over the first num_cores cores (row-wise), shards of rows / num_cores rows."""
    host = ttnn.Tensor(t, dtype).to(ttnn.TILE_LAYOUT)
    grid = num_cores_to_corerangeset(num_cores, device.compute_with_storage_grid_size(), True)
    rows = host.volume() // host.padded_shape[-1]
    spec = ttnn.ShardSpec(grid, [rows // num_cores, host.padded_shape[-1]], ttnn.ShardOrientation.ROW_MAJOR)
    return host.to(device, ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, spec))


def _decode_input(x, batch_offset):
    """x [users, heads, 1, d] as update_cache takes it: [1, heads, 32 (or users), d], the users at batch_offset."""
    users, heads, _, d = x.shape
    if users < 32:
        x = torch.cat([torch.zeros(batch_offset, heads, 1, d), x, torch.zeros(32 - users - batch_offset, heads, 1, d)])
    return x.permute(2, 1, 0, 3).contiguous()


# ------------------------------------------------------------------------------------------------ update_cache
@pytest.mark.parametrize("users, heads, idx, batch_offset, sharded", [
    (8, 2, 127, 16, False), (8, 2, 31, 0, True), (32, 1, 1057, 0, False), (32, 3, 0, 0, True),
    (64, 2, 5, 0, False), (16, 1, 200, 8, True)])
def test_update_cache_bf16_exact(device, users, heads, idx, batch_offset, sharded):
    cache = _bf16(users, heads, 256 if idx < 256 else 1088, 64)
    x = _bf16(users, heads, 1, 64)
    xin = _decode_input(x, batch_offset)
    ct = _tile(cache, device)
    if sharded:
        xt = _height_sharded(xin, device, ttnn.bfloat16, max(users, 32) // 32 * heads)
    else:
        xt = _tile(xin, device)
    out = ttnn.update_cache(ct, xt, idx, batch_offset=batch_offset)
    assert out is ct
    ref = cache.clone()
    ref[:, :, idx] = x[:, :, 0]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)
    assert ttnn.op_report()[-1].program == "UpdateCacheMultiCoreProgramFactory"


def test_update_cache_bfloat8_b_input_and_program_cache(device):
    """A bfloat8_b input written into a bfloat16 cache: the rows are the input's bfloat8_b values. A second call at
    another position reuses the program (update_idx is a runtime arg)."""
    users, heads = 32, 2
    cache = _bf16(users, heads, 128, 64)
    ct = _tile(cache, device)
    ref = cache.clone()
    for idx in (33, 64):
        x = _bf16(users, heads, 1, 64)
        xt = _tile(_decode_input(x, 0), device, ttnn.bfloat8_b)
        xq = ttnn.to_torch(xt).float().permute(2, 1, 0, 3)     # the input's device values, [users, heads, 1, d]
        ttnn.update_cache(ct, xt, idx)
        ref[:, :, idx] = xq[:, :, 0]
    assert ttnn.op_report()[-1].cache_hit
    assert torch.equal(ttnn.to_torch(ct).float(), ref)


def test_update_cache_fp32_dest(device):
    """A float32 cache with fp32_dest_acc_en (Float32 untilized buffers): exact for values SrcA carries unchanged."""
    cache = _bf16(8, 1, 128, 64)
    x = _bf16(8, 1, 1, 64)
    ct = _tile(cache, device, ttnn.float32)
    cfg = ttnn.WormholeComputeKernelConfig(fp32_dest_acc_en=True)
    ttnn.update_cache(ct, _tile(_decode_input(x, 4), device, ttnn.float32), 77, batch_offset=4,
                      compute_kernel_config=cfg)
    ref = cache.clone()
    ref[:, :, 77] = x[:, :, 0]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)


@pytest.mark.parametrize("fp32, low_bits", [(False, 0xFFFF), (True, 0x1FFF)])
def test_update_cache_float32_precision(device, fp32, low_bits):
    """A float32 cache's updated tile row goes through the untilized buffers (Float16_b without fp32_dest_acc_en) and
    SrcA (TF32) in the untilize / tilize copies: its other rows keep only the bits those carry (bfloat16: the low 16
    bits may change; TF32: the low 13); tile rows the update does not touch stay bit for bit."""
    import numpy as np
    torch.manual_seed(65)
    cache = torch.randn(8, 1, 64, 32)
    x = torch.randn(8, 1, 1, 32)
    ct = _tile(cache, device, ttnn.float32)
    cfg = ttnn.WormholeComputeKernelConfig(fp32_dest_acc_en=fp32)
    ttnn.update_cache(ct, _tile(_decode_input(x, 0), device, ttnn.float32), 5, compute_kernel_config=cfg)
    got = ttnn.to_torch(ct).float()
    assert torch.equal(got[:, :, 32:], cache[:, :, 32:])
    others = [r for r in range(32) if r != 5]
    changed = got[:, :, others].numpy().view(np.uint32) ^ cache[:, :, others].numpy().view(np.uint32)
    assert changed.any() and not (changed & ~np.uint32(low_bits)).any()
    new = got[:, :, 5].numpy().view(np.uint32) ^ x[:, :, 0].numpy().view(np.uint32)
    assert not (new & ~np.uint32(low_bits)).any()


def test_update_cache_bfloat8_b_cache(device):
    """A bfloat8_b cache: tiles other than the updated tile row are bit for bit unchanged; the updated tile row is
    re-quantized (its rows stay within a bfloat8_b step of their old values) and holds the new row."""
    users, idx = 32, 70
    ct = _tile(_bf16(users, 1, 128, 64), device, ttnn.bfloat8_b)
    before = ttnn.to_torch(ct).float()
    x = _bf16(users, 1, 1, 64)
    ttnn.update_cache(ct, _tile(_decode_input(x, 0), device), idx)
    got = ttnn.to_torch(ct).float()
    t = idx // 32 * 32
    assert torch.equal(got[:, :, :t], before[:, :, :t]) and torch.equal(got[:, :, t + 32:], before[:, :, t + 32:])
    rows = [r for r in range(t, t + 32) if r != idx]
    assert torch.equal(got[:, :, rows], before[:, :, rows])     # re-quantizing bfloat8_b values is exact
    step = x.abs().amax(dim=-1, keepdim=True) / 64              # 7-bit mantissa with a shared exponent per 16
    assert ((got[:, :, idx:idx + 1] - x).abs() <= step).all()


def test_update_cache_for_token_alias(device):
    cache = _bf16(32, 1, 64, 32)
    x = _bf16(32, 1, 1, 32)
    ct = _tile(cache, device)
    ttnn.kv_cache.update_cache_for_token_(ct, _tile(_decode_input(x, 0), device), 40)
    ref = cache.clone()
    ref[:, :, 40] = x[:, :, 0]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)


# ------------------------------------------------------------------------------------------------ fill_cache
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.bfloat8_b, ttnn.float32])
@pytest.mark.parametrize("sharded", [False, True])
def test_fill_cache(device, dtype, sharded):
    users, heads, seq = 3, 2, 256
    ct = _tile(_bf16(users, heads, 512, 64), device, dtype)
    ref = ttnn.to_torch(ct).float()
    for user, update_idx in ((0, 0), (2, 256), (1, 96)):
        x = _bf16(1, heads, seq if update_idx != 96 else 128, 64)
        xt = _height_sharded(x, device, dtype, x.shape[2] // 32 * heads // 2) if sharded else _tile(x, device, dtype)
        ttnn.fill_cache(ct, xt, user, update_idx=update_idx)
        ref[user, :, update_idx:update_idx + x.shape[2]] = ttnn.to_torch(xt).float()[0]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)
    assert ttnn.op_report()[-1].program == "FillCacheMultiCoreProgramFactory"


def test_fill_cache_for_user_alias(device):
    cache = _bf16(2, 1, 64, 32)
    x = _bf16(1, 1, 32, 32)
    ct = _tile(cache, device)
    ttnn.kv_cache.fill_cache_for_user_(ct, _tile(x, device), 1, update_idx=32)
    ref = cache.clone()
    ref[1, :, 32:64] = x[0]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)


@pytest.mark.parametrize("shard", [[1, 1, 32, 32], [1, 1, 64, 32]])
def test_kv_cache_nd_sharded_dram_cache(device, shard):
    """An ND-sharded DRAM cache (several shards a bank: ND_SHARDED; one a bank: HEIGHT_SHARDED created from the ND
    spec), as the validation admits: the kernels reach it through TensorAccessors."""
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 0))])
    mc = ttnn.MemoryConfig(ttnn.BufferType.DRAM, ttnn.NdShardSpec(ttnn.Shape(shard), grid,
                                                                  ttnn.ShardOrientation.ROW_MAJOR))
    cache = _bf16(2, 1, 256, 32)
    ct = _tile(cache, device, mc=mc)
    assert ct.memory_config().memory_layout == (ttnn.TensorMemoryLayout.ND_SHARDED if shard[2] == 32
                                                else ttnn.TensorMemoryLayout.HEIGHT_SHARDED)
    x = _bf16(1, 1, 64, 32)
    ttnn.fill_cache(ct, _tile(x, device), 1, update_idx=64)
    y = _bf16(2, 1, 1, 32)
    ttnn.update_cache(ct, _tile(_decode_input(y, 0), device), 200)
    ref = cache.clone()
    ref[1, :, 64:128] = x[0]
    ref[:, :, 200] = y[:, :, 0]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)


# ------------------------------------------------------------------------------------------------ refusals
def test_kv_cache_refusals(device):
    ct = _tile(_bf16(4, 1, 128, 64), device)
    with pytest.raises(DTypeError, match="same dtype"):
        ttnn.fill_cache(ct, _tile(_bf16(1, 1, 32, 64), device, ttnn.bfloat8_b), 0)
    with pytest.raises(ShapeError, match="multiple of TILE_HEIGHT"):
        ttnn.fill_cache(ct, _tile(_bf16(1, 1, 32, 64), device), 0, update_idx=16)
    with pytest.raises(ShapeError, match="must be <= cache tensor height"):
        ttnn.fill_cache(ct, _tile(_bf16(1, 1, 64, 64), device), 0, update_idx=96)
    with pytest.raises(ShapeError, match="Batch index"):
        ttnn.fill_cache(ct, _tile(_bf16(1, 1, 32, 64), device), 4)
    with pytest.raises(ShapeError, match="Batch offset"):
        ttnn.update_cache(ct, _tile(_bf16(1, 1, 32, 64), device), 0, batch_offset=30)
    with pytest.raises(ShapeError, match="width"):
        ttnn.update_cache(ct, _tile(_bf16(1, 1, 32, 32), device), 0)
    big = _tile(_bf16(64, 1, 32, 32), device)
    with pytest.raises(ShapeError, match="Batch offset must be 0"):
        ttnn.update_cache(big, _tile(_bf16(1, 1, 64, 32), device), 0, batch_offset=1)
    l1_sharded = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, ttnn.ShardSpec(
        num_cores_to_corerangeset(4, device.compute_with_storage_grid_size(), True), [128, 64],
        ttnn.ShardOrientation.ROW_MAJOR))
    with pytest.raises(ShardSpecError, match="Cache tensor memory layout"):
        ttnn.update_cache(_tile(_bf16(4, 1, 128, 64), device, mc=l1_sharded), _tile(_bf16(1, 1, 32, 64), device), 0)
    with pytest.raises(TypeError):
        ttnn.update_cache(ct, _tile(_bf16(1, 1, 32, 64), device), 0, bogus=1)


# ------------------------------------------------------------------------------------------------ paged
def _user_sharded(x, device, dtype=ttnn.bfloat16):
    """x [1, users, heads, d]: heads padded to 32, one user per core."""
    xp = torch.nn.functional.pad(x, (0, 0, 0, 32 - x.shape[2]))
    return _height_sharded(xp, device, dtype, x.shape[1])


@pytest.mark.parametrize("block_size, head_dim, heads", [(64, 128, 1), (32, 64, 4), (128, 64, 2)])
def test_paged_update_cache_page_table(device, block_size, head_dim, heads):
    users, per = 4, 4
    nb = users * per
    cache = _bf16(nb, heads, block_size, head_dim)
    ct = _tile(cache, device)
    pt = torch.randperm(nb, dtype=torch.int32).reshape(users, per)
    idxs = [block_size + 5, 3, -1, per * block_size - 1]        # -1: the user is skipped
    x = _bf16(1, users, heads, head_dim)
    ttnn.experimental.paged_update_cache(
        ct, _user_sharded(x, device), update_idxs_tensor=ttnn.from_torch(torch.tensor(idxs, dtype=torch.int32),
                                                                         dtype=ttnn.int32, device=device),
        page_table=ttnn.from_torch(pt, dtype=ttnn.int32, device=device))
    ref = cache.clone()
    for u, p in enumerate(idxs):
        if p >= 0:
            ref[pt[u, p // block_size], :, p % block_size] = x[0, u]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)
    assert ttnn.op_report()[-1].program == "PagedUpdateCacheProgramFactory"


def test_paged_update_cache_position_modulo(device):
    """cache_position_modulo wraps the position before the page-table lookup (a bounded sliding-window cache)."""
    users, block = 2, 32
    cache = _bf16(4, 1, block, 64)
    ct = _tile(cache, device)
    pt = torch.tensor([[3, 1], [0, 2]], dtype=torch.int32)
    idxs = [64 + 40, 7]                         # user 0: 104 % 64 = 40 -> virtual block 1, row 8
    x = _bf16(1, users, 1, 64)
    ttnn.experimental.paged_update_cache(
        ct, _user_sharded(x, device),
        update_idxs_tensor=ttnn.from_torch(torch.tensor(idxs, dtype=torch.int32), dtype=ttnn.int32, device=device),
        page_table=ttnn.from_torch(pt, dtype=ttnn.int32, device=device), cache_position_modulo=64)
    ref = cache.clone()
    ref[1, 0, 8] = x[0, 0, 0]
    ref[0, 0, 7] = x[0, 1, 0]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)


@pytest.mark.parametrize("share", [False, True])
def test_paged_update_cache_unpaged_list(device, share):
    users, heads = 5, 2
    cache = _bf16(1 if share else users, heads, 128, 64)
    ct = _tile(cache, device)
    x = _bf16(1, users, heads, 64)
    idxs = [3, 40, 77, 127, 64]
    ttnn.experimental.paged_update_cache(ct, _user_sharded(x, device), update_idxs=idxs, share_cache=share)
    ref = cache.clone()
    for u, p in enumerate(idxs):
        ref[0 if share else u, :, p] = x[0, u]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)
    idxs2 = [0, 1, 2, 3, 4]                     # runtime args only: the cached program
    ttnn.experimental.paged_update_cache(ct, _user_sharded(x, device), update_idxs=idxs2, share_cache=share)
    assert ttnn.op_report()[-1].cache_hit
    for u, p in enumerate(idxs2):
        ref[0 if share else u, :, p] = x[0, u]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.bfloat8_b])
def test_paged_fill_cache(device, dtype):
    users, heads, block, per, nb = 3, 2, 64, 4, 12
    ct = _tile(_bf16(nb, heads, block, 64), device, dtype)
    ref = ttnn.to_torch(ct).float()
    pt = torch.randperm(nb, dtype=torch.int32).reshape(users, per)
    pt[2, 1] = -1                                # a skipped block: its rows are dropped
    ptt = ttnn.from_torch(pt, dtype=ttnn.int32, device=device)
    x = _bf16(1, heads, 160, 64)
    xt = _tile(x, device, dtype)
    xq = ttnn.to_torch(xt).float()
    for b in (1, 2):
        ttnn.experimental.paged_fill_cache(ct, xt, ptt, batch_idx=b)
        for s in range(160):
            if pt[b, s // block] >= 0:
                ref[pt[b, s // block], :, s % block] = xq[0, :, s]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)


def test_paged_fill_cache_batch_idx_tensor_and_modulo(device):
    """Two input batch rows filled through a batch_idx tensor; cache_position_modulo keeps the last 64 positions."""
    heads, block, nb = 1, 32, 6
    cache = _bf16(nb, heads, block, 64)
    ct = _tile(cache, device)
    pt = torch.tensor([[4, 1], [0, 5], [2, 3]], dtype=torch.int32)
    x = _bf16(2, heads, 96, 64)                 # 3 tiles a row; the bound keeps 2
    ttnn.experimental.paged_fill_cache(
        ct, _tile(x, device), ttnn.from_torch(pt, dtype=ttnn.int32, device=device),
        batch_idx_tensor=ttnn.from_torch(torch.tensor([2, 0], dtype=torch.int32), dtype=ttnn.int32, device=device),
        cache_position_modulo=64)
    ref = cache.clone()
    for row, b in enumerate((2, 0)):
        for s in range(32, 96):                 # seq tile 0 is skipped (it would be overwritten by tile 2)
            w = s % 64
            ref[pt[b, w // block], :, w % block] = x[row, :, s]
    assert torch.equal(ttnn.to_torch(ct).float(), ref)


def test_paged_refusals(device):
    ct = _tile(_bf16(4, 1, 32, 64), device)
    x = _user_sharded(_bf16(1, 4, 1, 64), device)
    pt = ttnn.from_torch(torch.arange(4, dtype=torch.int32).reshape(4, 1), dtype=ttnn.int32, device=device)
    it = ttnn.from_torch(torch.zeros(4, dtype=torch.int32), dtype=ttnn.int32, device=device)
    with pytest.raises(TTNNError, match="share_cache not supported"):
        ttnn.experimental.paged_update_cache(ct, x, update_idxs_tensor=it, page_table=pt, share_cache=True)
    with pytest.raises(TTNNError, match="Not both or neither"):
        ttnn.experimental.paged_update_cache(ct, x)
    with pytest.raises(ShapeError, match="geometry mismatch"):
        ttnn.experimental.paged_update_cache(ct, x, update_idxs_tensor=it, page_table=pt, block_size=64)
    with pytest.raises(TTNNError, match="only supported in paged mode"):
        ttnn.experimental.paged_update_cache(ct, x, update_idxs=[0, 0, 0, 0], block_size=32)
    with pytest.raises(ShardSpecError, match="num_cores"):
        ttnn.experimental.paged_update_cache(ct, _height_sharded(torch.nn.functional.pad(
            _bf16(1, 4, 1, 64), (0, 0, 0, 31)), device, ttnn.bfloat16, 2), update_idxs=[0, 0, 0, 0])
    with pytest.raises(ShardSpecError, match="sharded"):
        ttnn.experimental.paged_update_cache(ct, _tile(_bf16(1, 4, 32, 64), device), update_idxs=[0, 0, 0, 0])
    with pytest.raises(TTNNError, match="uint32 positions"):
        ttnn.experimental.paged_update_cache(ct, x, update_idxs=[0, -1, 0, 0])
    with pytest.raises(NotModelledError, match="mesh_coords"):
        ttnn.experimental.paged_update_cache(ct, x, update_idxs=[0, 0, 0, 0], mesh_coords=set())
    with pytest.raises(ShardSpecError, match="must not overlap"):      # the fused op: tests/test_ttnn_kvcache71.py
        ttnn.experimental.paged_fused_update_cache(ct, x, ct, x, update_idxs=[0, 0, 0, 0])
    with pytest.raises(DTypeError, match="unconverted"):
        ttnn.experimental.paged_fill_cache(ct, _tile(_bf16(1, 1, 32, 64), device, ttnn.float32), pt)
    with pytest.raises(ShapeError, match="input_batch must be 1"):
        ttnn.experimental.paged_fill_cache(ct, _tile(_bf16(2, 1, 32, 64), device), pt)
    with pytest.raises(ShapeError, match="Batch idx"):
        ttnn.experimental.paged_fill_cache(ct, _tile(_bf16(1, 1, 32, 64), device), pt, batch_idx=4)
