"""Regression tests of what vendoring tt-metal 622c6fb9's reduction and data-movement tests (tests/ttnn_vendored/,
helper-60) added or fixed, each against an independent reference (torch, numpy):
- ttnn.argmax (tensix/ttnn/operations/argmax.py): the multi-core ROW_MAJOR program (last dim and dim=None, a
  reduction dim split over many cores), the single-core TILE programs along W and H (padding never read), the NC
  program (non-HW dims, SFPU compare), a preallocated output, and tt-metal's raw-word compares where they differ from
  torch (bfloat16: +0 beats -0);
- ttnn.repeat (dm_repeat.py: the last-dim and higher-dim ROW_MAJOR programs with their in-L1 alignment moves, the
  tile-native program), ttnn.stack and ttnn.repeat_interleave (compositions), ttnn.cumsum (accumulation.py);
- ttnn.reallocate and ttnn.clone of sharded tensors (dm_move_sharded.py, dm_clone_sharded.py) and
  interleaved_to_sharded's refusal of a pure ND spec (a RuntimeError naming the rule, as tt-metal's validate, not
  NotModelledError)."""

import numpy as np
import pytest
import torch

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _argmax(device, x, layout, **kw):
    t = ttnn.from_torch(x, device=device, layout=layout)
    if layout == ttnn.TILE_LAYOUT:
        t = ttnn.fill_implicit_tile_padding(t, 1000.0)     # padding above every value: it must never be read
    out = ttnn.argmax(t, **kw)
    assert out.dtype == ttnn.uint32 and out.layout == ttnn.ROW_MAJOR_LAYOUT
    return ttnn.to_torch(out).to(torch.int64)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32, torch.int32])
def test_argmax_row_major_last_dim_split_over_cores(device, dtype):
    # 1000 elements in blocks of 16: 63 blocks over 63 cores, the last one 8 long; the maxima sit in various cores,
    # with ties (integers) resolved to the first index across core boundaries
    torch.manual_seed(1)
    x = (torch.randint(-50, 50, (6, 1000)) if dtype == torch.int32 else torch.randn(6, 1000)).to(dtype)
    x[0, 999] = 100
    x[1, 0] = 100
    x[2, 17] = 100
    x[2, 530] = 100        # a tie in a later core: the first index wins
    got = _argmax(device, x, ttnn.ROW_MAJOR_LAYOUT, dim=-1, keepdim=False)
    assert torch.equal(got, torch.argmax(x, dim=-1))
    assert got[2] == 17


def test_argmax_row_major_reduce_all(device):
    torch.manual_seed(2)
    x = torch.randn(3, 5, 70, dtype=torch.float32)
    x[2, 1, 33] = 9.0
    got = _argmax(device, x, ttnn.ROW_MAJOR_LAYOUT)
    assert got.shape == torch.Size([]) and int(got) == int(torch.argmax(x))


@pytest.mark.parametrize("dim,keepdim", [(-1, True), (-1, False), (-2, True), (-2, False)])
def test_argmax_tile_w_and_h_skip_padding(device, dim, keepdim):
    torch.manual_seed(3)
    x = torch.randn(2, 45, 70, dtype=torch.bfloat16)
    got = _argmax(device, x, ttnn.TILE_LAYOUT, dim=dim, keepdim=keepdim)
    assert torch.equal(got, torch.argmax(x, dim=dim, keepdim=keepdim))


def test_argmax_row_major_h_goes_through_tiles(device):
    torch.manual_seed(4)
    x = torch.randn(3, 40, 20, dtype=torch.float32)
    got = _argmax(device, x, ttnn.ROW_MAJOR_LAYOUT, dim=1, keepdim=False)
    assert torch.equal(got, torch.argmax(x, dim=1))


@pytest.mark.parametrize("dim", [0, 1])
def test_argmax_nc_first_index_of_ties(device, dim):
    x = torch.randint(0, 3, (4, 3, 40, 36)).to(torch.bfloat16)
    got = _argmax(device, x, ttnn.TILE_LAYOUT, dim=dim, keepdim=False)
    ref = np.argmax(x.float().numpy(), axis=dim)     # numpy: the first of equal maxima
    assert np.array_equal(got.numpy(), ref)


def test_argmax_preallocated_output_multicore(device):
    torch.manual_seed(5)
    x = torch.randn(4, 100, dtype=torch.bfloat16)
    t = ttnn.from_torch(x, device=device, layout=ttnn.ROW_MAJOR_LAYOUT)
    out = ttnn.zeros([4, 1], dtype=ttnn.uint32, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    res = ttnn.argmax(t, dim=-1, keepdim=True, output_tensor=out)
    assert res is out
    assert torch.equal(ttnn.to_torch(out).to(torch.int64), torch.argmax(x, dim=-1, keepdim=True))


def test_argmax_compares_raw_words_as_tt_metal(device):
    # bfloat16_greater (api/numeric/bfloat16.h) orders sign-magnitude patterns: +0 beats an earlier -0 (torch: equal,
    # the first wins); float32_greater treats them as equal
    x = torch.tensor([[-1.0, -0.0, 0.0, -2.0]])
    got16 = _argmax(device, x.to(torch.bfloat16), ttnn.ROW_MAJOR_LAYOUT, dim=-1)
    got32 = _argmax(device, x, ttnn.ROW_MAJOR_LAYOUT, dim=-1)
    assert int(got16[0]) == 2 and int(got32[0]) == 1


def test_argmax_refusals(device):
    t = ttnn.from_torch(torch.randn(4, 64), device=device, layout=ttnn.TILE_LAYOUT)
    with pytest.raises(TTNNError, match="dim parameter must be specified"):
        ttnn.argmax(t)
    with pytest.raises(TTNNError, match="Dimension out of range"):
        ttnn.argmax(t, dim=2)
    with pytest.raises(NotModelledError, match="sub_core_grids"):
        ttnn.argmax(t, dim=-1, sub_core_grids=ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0),
                                                                                ttnn.CoreCoord(1, 1))]))


# ---- ttnn.repeat (tensix/ttnn/operations/dm_repeat.py) ----------------------------------------------------------
@pytest.mark.parametrize("mc", [ttnn.DRAM_MEMORY_CONFIG, ttnn.L1_MEMORY_CONFIG])
@pytest.mark.parametrize("dtype,tdtype", [(ttnn.uint16, torch.int16), (ttnn.bfloat16, torch.bfloat16),
                                          (ttnn.float32, torch.float32)])
def test_repeat_row_major_odd_rows(device, mc, dtype, tdtype):
    # rows of 3 elements (6 / 12 bytes: the last-dim kernel doubles them in L1 until 16-byte aligned), over the
    # last dim and a higher one, from DRAM (64-byte read alignment) and L1 (16)
    x = torch.arange(2 * 5 * 3).reshape(2, 5, 3).to(tdtype)
    t = ttnn.from_torch(x, dtype=dtype, layout=ttnn.ROW_MAJOR_LAYOUT, device=device, memory_config=mc)
    got = ttnn.to_torch(ttnn.repeat(t, ttnn.Shape([3, 2, 7])))
    assert torch.equal(got.to(tdtype), x.repeat(3, 2, 7))


def test_repeat_tile_native_and_through_row_major(device):
    torch.manual_seed(6)
    x = torch.randn(2, 64, 32, dtype=torch.bfloat16)
    t = ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT, device=device)
    assert torch.equal(ttnn.to_torch(ttnn.repeat(t, [2, 3, 2])), x.repeat(2, 3, 2))    # whole tiles: tile pages
    y = torch.randn(3, 5, dtype=torch.bfloat16)                                          # not: ROW_MAJOR and back
    u = ttnn.from_torch(y, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.repeat(u, [2, 3])
    assert out.layout == ttnn.TILE_LAYOUT and torch.equal(ttnn.to_torch(out), y.repeat(2, 3))


def test_repeat_zero_and_identity(device):
    x = torch.ones(2, 3, dtype=torch.bfloat16)
    t = ttnn.from_torch(x, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    assert ttnn.repeat(t, [1, 1]) is t
    z = ttnn.repeat(t, [0, 2])
    assert list(z.shape) == [0, 6]


# ---- ttnn.stack, ttnn.repeat_interleave (compositions) ----------------------------------------------------------
def test_stack_and_repeat_interleave(device):
    torch.manual_seed(7)
    xs = [torch.randn(3, 40, dtype=torch.bfloat16) for _ in range(3)]
    ts = [ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT, device=device) for x in xs]
    assert torch.equal(ttnn.to_torch(ttnn.stack(ts, 1)), torch.stack(xs, 1))
    x = torch.randn(1, 2, 32, 32, dtype=torch.bfloat16)
    t = ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT, device=device)
    for dim in (1, 3):
        assert torch.equal(ttnn.to_torch(ttnn.repeat_interleave(t, 3, dim)), torch.repeat_interleave(x, 3, dim))


# ---- ttnn.reallocate of a sharded tensor (tensix/ttnn/operations/dm_move_sharded.py) --------------------------------
def test_reallocate_sharded_moves_overlapping_shards(device):
    torch.manual_seed(8)
    x = torch.randn(1, 1, 256, 64, dtype=torch.bfloat16)
    mc = ttnn.create_sharded_memory_config([1, 1, 256, 64], ttnn.CoreGrid(x=2, y=2), ttnn.ShardStrategy.HEIGHT)
    hole = ttnn.from_torch(torch.zeros(1, 1, 64, 32), layout=ttnn.ROW_MAJOR_LAYOUT, device=device,
                           memory_config=ttnn.L1_MEMORY_CONFIG)
    t = ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    before = t.buffer_address()
    ttnn.deallocate(hole)
    out = ttnn.reallocate(t)
    assert out.buffer_address() != before and out.memory_config() == mc
    assert torch.equal(ttnn.to_torch(out), x)


# ---- ttnn.interleaved_to_sharded refuses a pure ND spec as tt-metal does (RuntimeError, not NotModelledError) ----
def test_interleaved_to_sharded_rejects_pure_nd(device):
    t = ttnn.from_torch(torch.randn(6, 32, 64), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(3, 0))})
    mc = ttnn.MemoryConfig(ttnn.BufferType.L1, ttnn.NdShardSpec([3, 32, 32], grid))
    with pytest.raises(RuntimeError, match="does not support ND sharding") as e:
        ttnn.interleaved_to_sharded(t, mc)
    assert not isinstance(e.value, NotModelledError)


# ---- ttnn.cumsum (tensix/ttnn/operations/accumulation.py) -----------------------------------------------------------
@pytest.mark.parametrize("dtype,tdtype", [(ttnn.float32, torch.float32), (ttnn.bfloat16, torch.bfloat16),
                                          (ttnn.int32, torch.int32)])
@pytest.mark.parametrize("shape,dim", [((3, 40, 33), -1), ((3, 40, 33), 1), ((6, 2, 3, 40, 33), 0),
                                       ((6, 2, 3, 40, 33), 1)])
def test_cumsum_against_torch(device, dtype, tdtype, shape, dim):
    torch.manual_seed(9)
    x = torch.randint(-2, 3, shape).to(tdtype)
    t = ttnn.from_torch(x, dtype=dtype, layout=ttnn.TILE_LAYOUT, device=device)
    got = ttnn.to_torch(ttnn.cumsum(t, dim)).to(torch.float64)
    assert torch.equal(got, torch.cumsum(x.to(torch.float64), dim))       # small integers: exact in every dtype


def test_cumsum_reverse_and_dtype(device):
    x = torch.randint(-2, 3, (2, 50, 20)).to(torch.float32)
    t = ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.cumsum(t, 1, dtype=ttnn.bfloat16, reverse_order=True)
    assert out.dtype == ttnn.bfloat16
    ref = torch.flip(torch.cumsum(torch.flip(x, [1]), 1), [1])
    assert torch.equal(ttnn.to_torch(out).float(), ref)


def test_cumsum_out_takes_the_result(device):
    x = torch.randint(-2, 3, (33, 35, 37)).to(torch.float32)
    t = ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.zeros_like(t, layout=ttnn.TILE_LAYOUT)
    res = ttnn.cumsum(t, -1, out=out)
    assert torch.equal(ttnn.to_torch(out), torch.cumsum(x, -1)) and torch.equal(ttnn.to_torch(res), torch.cumsum(x, -1))


# ---- ttnn.clone of a sharded tensor (tensix/ttnn/operations/dm_clone_sharded.py) ------------------------------------
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
@pytest.mark.parametrize("strategy", [ttnn.ShardStrategy.HEIGHT, ttnn.ShardStrategy.BLOCK])
def test_clone_sharded(device, layout, strategy):
    torch.manual_seed(10)
    x = torch.randn(1, 1, 128, 64, dtype=torch.float32)
    mc = ttnn.create_sharded_memory_config([1, 1, 128, 64], ttnn.CoreGrid(x=2, y=2), strategy)
    t = ttnn.from_torch(x, dtype=ttnn.float32, layout=layout, device=device, memory_config=mc)
    same = ttnn.clone(t, memory_config=mc)
    assert same.memory_config() == mc and torch.equal(ttnn.to_torch(same), x)
    if layout == ttnn.TILE_LAYOUT:
        # a dtype change goes through the compute kernel's unpack / pack: without fp32_dest_acc_en the unpacker
        # hands the float32 data to SrcA, which keeps bfloat16's bits (truncation), as the interleaved clone does
        bf = ttnn.clone(t, dtype=ttnn.bfloat16, memory_config=mc)
        trunc = torch.from_numpy((x.numpy().view(np.uint32) & 0xFFFF0000).view(np.float32)).to(torch.bfloat16)
        assert bf.dtype == ttnn.bfloat16 and torch.equal(ttnn.to_torch(bf), trunc)
    other = ttnn.create_sharded_memory_config([1, 1, 128, 64], ttnn.CoreGrid(x=4, y=1), strategy)
    with pytest.raises(RuntimeError, match="shard specs must be identical|same memory layout"):
        ttnn.clone(t, memory_config=other)
