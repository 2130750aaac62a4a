"""Legacy DRAM sharding (HEIGHT / WIDTH_SHARDED ShardSpecs whose grid names DRAM banks): storage placed as tt-metal
622c6fb9 places it (TensorSpec::populate_nd_shard_spec_from_legacy -> BufferDistributionSpec), ops through
TensorAccessors, and the refusals."""

import numpy as np
import pytest
import torch

import tensix.ttnn as ttnn
from tensix.device import soc
from tensix.errors import NotModelledError
from tensix.ttnn.errors import ShardSpecError
from tensix.ttnn.tensor import device_bytes


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _grid(n, x0=0):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, 0), ttnn.CoreCoord(x0 + n - 1, 0))])


def _mc(kind, nbanks, shape, orient=ttnn.ShardOrientation.ROW_MAJOR, x0=0):
    return ttnn.MemoryConfig(kind, ttnn.BufferType.DRAM, ttnn.ShardSpec(_grid(nbanks, x0), shape, orient))


H, W = ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.TensorMemoryLayout.WIDTH_SHARDED
ORIENTS = [ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR]

CASES = [  # shape, layout, kind, banks, shard
    ((2, 64, 96), ttnn.TILE_LAYOUT, H, 4, [32, 96]),
    ((3, 50, 70), ttnn.TILE_LAYOUT, H, 6, [64, 96]),       # odd shape: padded to tiles, last shard partial
    ((64, 256), ttnn.TILE_LAYOUT, W, 5, [64, 64]),
    ((40, 200), ttnn.TILE_LAYOUT, W, 3, [64, 96]),         # partial last width shard
    ((5, 7, 48), ttnn.ROW_MAJOR_LAYOUT, H, 12, [3, 48]),
    ((10, 64), ttnn.ROW_MAJOR_LAYOUT, W, 4, [10, 16]),
]


def _torch(shape, dtype):
    g = torch.Generator().manual_seed(7)
    t = torch.randn(shape, generator=g)
    return t.to(torch.bfloat16) if dtype == ttnn.bfloat16 else t


@pytest.mark.parametrize("orient", ORIENTS)
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[2].name}-{c[1].name}" for c in CASES])
def test_round_trip_exact(device, case, dtype, orient):
    shape, layout, kind, nb, shard = case
    x = _torch(shape, dtype)
    mc = _mc(kind, nb, shard, orient)
    t = ttnn.from_torch(x, dtype=dtype, layout=layout, device=device, memory_config=mc)
    got = t.memory_config()
    assert got.memory_layout == kind and got.buffer_type == ttnn.BufferType.DRAM
    assert got.shard_spec == mc.shard_spec and not got.created_with_nd_shard_spec
    assert torch.equal(ttnn.to_torch(t), x)
    # to_device of a host tensor, and deallocate gives the banks back
    h = ttnn.from_torch(x, dtype=dtype, layout=layout)
    t2 = ttnn.to_device(h, device, memory_config=mc)
    assert torch.equal(ttnn.to_torch(t2), x)
    free = device.sim.dram.free_bytes() if hasattr(device.sim.dram, "free_bytes") else None
    ttnn.deallocate(t2)
    if free is not None:
        assert device.sim.dram.free_bytes() > free


def test_round_trip_bfloat8_b(device):
    x = torch.randn(2, 64, 128)
    mc = _mc(W, 4, [128, 32])
    t = ttnn.from_torch(x, dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    ref = ttnn.to_torch(ttnn.from_torch(x, dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, device=device))
    assert torch.equal(ttnn.to_torch(t), ref)


def _expected_placement(padded, layout, kind, shard, nbanks, orient, dtype):
    """tt-metal's rule, computed independently of tensix.ttnn.nd_sharded: the 2-D physical array (height = all dims
    but the last) cut into [h, w] shards; shards numbered row-major over the shard grid (one of its axes is 1 for
    height / width sharding); shard k on the k-th bank of the grid (cores (x, 0): both orientations give the same
    order); a page's slot = its row-major offset inside the full shard in pages; pages at 32-byte DRAM alignment."""
    Wd = padded[-1]
    Hd = int(np.prod(padded[:-1]))
    if layout == ttnn.TILE_LAYOUT:
        ph, pw = 32, 32
    else:
        ph, pw = 1, shard[1]
        Wd = -(-Wd // pw) * pw
    sh, sw = shard[0] // ph, -(-shard[1] // pw)
    th, tw = -(-Hd // ph), Wd // pw
    n_w = -(-tw // sw)
    out = {}
    for r in range(th):
        for c in range(tw):
            k = (r // sh) * n_w + c // sw
            out[r * tw + c] = (k % nbanks, (r % sh) * sw + c % sw)
    return out


@pytest.mark.parametrize("orient", ORIENTS)
@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[2].name}-{c[1].name}" for c in CASES])
def test_bank_placement(device, case, orient):
    shape, layout, kind, nb, shard = case
    x = _torch(shape, ttnn.bfloat16)
    x0 = 1                                       # banks 1..nb (not starting at 0)
    if x0 + nb > soc.NUM_DRAM_BANKS:
        x0 = 0
    mc = _mc(kind, nb, shard, orient, x0)
    t = ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=layout, device=device, memory_config=mc)
    h = ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=layout)
    raw = device_bytes(h)
    buf = t._buffer
    addr = buf.address()
    page = buf.page_size
    apage = -(-page // soc.DRAM_ALIGNMENT) * soc.DRAM_ALIGNMENT
    if layout == ttnn.ROW_MAJOR_LAYOUT:        # rows padded with zeros to a multiple of the shard width
        row = shape[-1] * 2
        prow = -(-shape[-1] // shard[1]) * shard[1] * 2
        rows = raw.reshape(-1, row)
        wide = np.zeros((rows.shape[0], prow), np.uint8)
        wide[:, :row] = rows
        raw = wide.reshape(-1)
    pages = raw.reshape(-1, page)
    exp = _expected_placement(list(t.padded_shape), layout, kind, shard, nb, orient, ttnn.bfloat16)
    assert len(exp) == pages.shape[0]
    for pid, (bank_i, slot) in exp.items():
        bank = x0 + bank_i
        mem = device.sim.dram.mem[bank]
        got = mem[addr + slot * apage: addr + slot * apage + page]
        assert np.array_equal(got, pages[pid]), (pid, bank, slot)


def test_add_dram_sharded_and_interleaved(device):
    a = torch.randn(2, 64, 96).bfloat16()
    b = torch.randn(2, 64, 96).bfloat16()
    mc = _mc(H, 4, [32, 96])
    ta = ttnn.from_torch(a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    tb = ttnn.from_torch(b, layout=ttnn.TILE_LAYOUT, device=device)
    ref = ttnn.to_torch(ttnn.add(ttnn.from_torch(a, layout=ttnn.TILE_LAYOUT, device=device), tb))
    for out in (ttnn.add(ta, tb), ttnn.add(tb, ta)):
        assert out.memory_config().buffer_type == ttnn.BufferType.DRAM
        assert torch.equal(ttnn.to_torch(out), ref)
    out = ttnn.add(ta, tb, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    assert not out.is_sharded() and torch.equal(ttnn.to_torch(out), ref)


def test_unary_dram_sharded(device):
    a = torch.randn(64, 256).bfloat16()
    mc = _mc(W, 4, [64, 64])
    ta = ttnn.from_torch(a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    out = ttnn.relu(ta)
    assert out.memory_config() == ta.memory_config()
    assert torch.equal(ttnn.to_torch(out), torch.relu(a))


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_to_memory_config_dram_sharded_to_interleaved_and_l1(device, layout):
    a = torch.randn(4, 32, 64).bfloat16()
    mc = _mc(H, 4, [32, 64])
    ta = ttnn.from_torch(a, layout=layout, device=device, memory_config=mc)
    for target in (ttnn.DRAM_MEMORY_CONFIG, ttnn.L1_MEMORY_CONFIG):
        out = ttnn.to_memory_config(ta, target)
        assert not out.is_sharded() and torch.equal(ttnn.to_torch(out), a)


def test_dram_bank_workers():
    """Device::get_optimal_dram_bank_to_logical_worker_assignment on tensix's n150, worked by hand from
    core_assignment.cpp: each bank's NoC 0 endpoint one column right (rows 0 and 6 one down), then per DRAM column the
    workers on rows that are not worker rows (11 here) moved to the first free worker row from the bottom, 3 columns
    right: bank 0 (0, 11) -> (1, 11) -> NoC (4, 9), bank 5 (5, 11) -> (6, 11) -> NoC (9, 4)."""
    from tensix.device.core_assignment import optimal_dram_bank_workers
    noc = [(soc.WORKER_NOC_X[x], soc.WORKER_NOC_Y[y]) for x, y in optimal_dram_bank_workers()]
    assert noc == [(4, 9), (1, 1), (1, 5), (1, 7), (6, 1), (9, 4), (6, 2), (6, 9), (6, 8), (6, 3), (6, 5), (6, 7)]
    assert len(set(noc)) == 12
    with pytest.raises(NotModelledError, match="NOC_1"):
        optimal_dram_bank_workers(1)


I2S_CASES = [  # shape, layout, kind, banks, shard, source buffer
    ((2, 64, 96), ttnn.TILE_LAYOUT, H, 4, [32, 96], ttnn.DRAM_MEMORY_CONFIG),
    ((3, 50, 70), ttnn.TILE_LAYOUT, H, 6, [64, 96], ttnn.L1_MEMORY_CONFIG),     # padded; the last shard partial
    ((40, 200), ttnn.TILE_LAYOUT, W, 3, [64, 96], ttnn.DRAM_MEMORY_CONFIG),     # partial last width shard
    ((5, 7, 48), ttnn.ROW_MAJOR_LAYOUT, H, 12, [3, 48], ttnn.DRAM_MEMORY_CONFIG),
    ((10, 64), ttnn.ROW_MAJOR_LAYOUT, W, 4, [10, 16], ttnn.L1_MEMORY_CONFIG),
]


@pytest.mark.parametrize("orient", ORIENTS)
@pytest.mark.parametrize("case", I2S_CASES, ids=[f"{c[0]}-{c[2].name}-{c[1].name}" for c in I2S_CASES])
def test_interleaved_to_dram_shards(device, case, orient):
    """interleaved_to_sharded into DRAM shards (dst_is_dram): the program runs on the bank workers of the banks with
    shards, writes through the output's TensorAccessor, and the DRAM holds what the host would have placed there."""
    from tensix.device.core_assignment import optimal_dram_bank_workers
    shape, layout, kind, banks, shard, src_mc = case
    a = _torch(shape, ttnn.bfloat16)
    mc = _mc(kind, banks, shard, orient)
    ti = ttnn.from_torch(a, layout=layout, device=device, memory_config=src_mc)
    ttnn.clear_op_report()
    out = ttnn.interleaved_to_sharded(ti, mc)
    rec = ttnn.op_report()[-1]
    assert rec.program == "interleaved_to_sharded" and rec.device_ns > 0
    ref = ttnn.from_torch(a, layout=layout, device=device, memory_config=mc)
    nshards = len(out._buffer.geom.cores[:out._buffer.geom.num_shards])
    workers = {optimal_dram_bank_workers()[x] for x, _ in out._buffer.geom.cores[:nshards]}
    assert {r[0] for r in rec.run.rows} == workers
    assert out.memory_config() == mc
    assert np.array_equal(device_bytes(ttnn.from_device(out)), device_bytes(ttnn.from_device(ref)))
    assert torch.equal(ttnn.to_torch(out), a)


@pytest.mark.parametrize("out_dtype", [ttnn.float32, ttnn.bfloat8_b])
def test_interleaved_to_dram_shards_with_a_dtype_conversion(device, out_dtype):
    a = _torch((4, 32, 64), ttnn.float32)
    ti = ttnn.from_torch(a, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.interleaved_to_sharded(ti, _mc(H, 4, [32, 64]), out_dtype)
    want = ttnn.to_torch(ttnn.typecast(ti, out_dtype)).float()
    assert out.dtype == out_dtype and torch.equal(ttnn.to_torch(out).float(), want)

@pytest.mark.parametrize("out_mc", [None, ttnn.L1_MEMORY_CONFIG], ids=["as-input", "l1"])
@pytest.mark.parametrize("shape,kind,banks,shard", [((2, 64, 96), H, 4, [32, 96]), ((64, 256), W, 5, [64, 64]),
                                                    ((64, 192), W, 3, [64, 96])])
def test_untilize_of_a_dram_sharded_input(device, shape, kind, banks, shard, out_mc):
    """UntilizeMultiCoreProgramFactory with input_is_dram_sharded: the block reader over the input's TensorAccessor on
    the worker core of each bank with shards; the values exactly the input's."""
    from tensix.device.core_assignment import optimal_dram_bank_workers
    a = _torch(shape, ttnn.bfloat16)
    td = ttnn.from_torch(a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=_mc(kind, banks, shard))
    ttnn.clear_op_report()
    out = ttnn.untilize(td, memory_config=out_mc)
    rec = ttnn.op_report()[-1]
    nshards = min(banks, td._buffer.geom.num_shards)
    assert rec.program == "untilize_multi_core"
    assert {r[0] for r in rec.run.rows} == {optimal_dram_bank_workers()[x] for x in range(nshards)}
    assert out.layout == ttnn.ROW_MAJOR_LAYOUT and torch.equal(ttnn.to_torch(out), a)

def test_refusals(device):
    a = torch.randn(64, 64).bfloat16()
    ti = ttnn.from_torch(a, layout=ttnn.TILE_LAYOUT, device=device)
    mc = _mc(H, 2, [32, 64])
    td = ttnn.from_torch(a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    with pytest.raises(ShardSpecError, match="DRAM block sharding"):
        ttnn.interleaved_to_sharded(ti, ttnn.MemoryConfig(ttnn.TensorMemoryLayout.BLOCK_SHARDED, ttnn.BufferType.DRAM,
                                                          ttnn.ShardSpec(_grid(2), [64, 32],
                                                                         ttnn.ShardOrientation.ROW_MAJOR)))
    with pytest.raises(ShardSpecError, match="Input tensor must be in L1"):
        ttnn.sharded_to_interleaved(td, ttnn.DRAM_MEMORY_CONFIG)
    l1 = ttnn.MemoryConfig(H, ttnn.BufferType.L1, ttnn.ShardSpec(ttnn.CoreRangeSet(
        [ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))]), [32, 64], ttnn.ShardOrientation.ROW_MAJOR))
    with pytest.raises(NotModelledError, match="Reshard"):
        ttnn.reshard(td, l1)
    # a grid core that is not a DRAM bank, and a spec that does not cover the tensor
    with pytest.raises(ShardSpecError, match="DRAM bank"):
        ttnn.from_torch(a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.MemoryConfig(
            H, ttnn.BufferType.DRAM, ttnn.ShardSpec(ttnn.CoreRangeSet([ttnn.CoreRange(
                ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 1))]), [32, 64], ttnn.ShardOrientation.ROW_MAJOR)))
    with pytest.raises(ShardSpecError, match="must not exceed"):
        ttnn.from_torch(a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=_mc(H, 1, [32, 64]))
    with pytest.raises(ShardSpecError, match="must match physical width"):
        ttnn.from_torch(a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=_mc(H, 2, [32, 32]))
