"""The batched DRAM-sharded matmul and the device's DRAM bank -> worker map (tt-metal 622c6fb9:
ttnn/cpp/ttnn/operations/matmul/device/factory/matmul_multicore_reuse_batched_hs_dram_sharded_program_factory.cpp with
reader_bmm_tile_layout_in0 / in1_sender_dram_sharded_height.cpp, tt_metal/impl/device/device.cpp
get_optimal_dram_bank_to_logical_worker_assignment and tt_metal/common/core_assignment.cpp).

- The bank map: the workers derived by hand from the SoC descriptor's DRAM views (NOC_0 worker endpoints) and
  tensix's worker rows (rows 0, 6, 10 and 11 are not worker rows), NOC_1 refused.
- Products: [1, B, M, K] x [1, B, K, N] with in0 / output height-sharded by batch on the workers and in1 in the DRAM
  banks equal, bit for bit, the interleaved MatmulMultiCoreReuseProgramConfig product with the same K blocks and
  compute kernel config (same compute kernel, same accumulation); with per_core_M > 1 and several K blocks the in0
  reader takes the shard's next tiles as they lie (as the C++ does): the product equals the interleaved one of that
  re-read in0, bit for bit.
- Program cache: one entry for two runs on new tensors.
- tt-metal's refusals (TTNNError) and tensix's (NotModelledError).
"""

import importlib

import pytest
import torch

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError

MM = importlib.import_module("tensix.ttnn.operations.matmul")
BF16, BFP8 = ttnn.bfloat16, ttnn.bfloat8_b
L1, DRAM = ttnn.BufferType.L1, ttnn.BufferType.DRAM

# bank i's NOC_0 worker endpoint (wormhole_b0_80_arch.yaml dram_views) -> one column right (one row down from rows 0
# and 6); bank 0's (1, 11) and bank 5's (6, 11) are on a row without workers: the bottom-most of each DRAM column's
# group moves up to the first worker row no worker of its group has (9, 4), three columns right (4, 9). In logical
# coordinates (NoC x 1,2,3,4,6,7,8,9 and y 1,2,3,4,5,7,8,9 -> 0..7):
BANK_WORKERS = [(3, 7), (0, 0), (0, 4), (0, 5), (4, 0), (7, 3), (4, 1), (4, 7), (4, 6), (4, 2), (4, 4), (4, 5)]


@pytest.fixture(scope="module")
def dev():
    d = ttnn.open_device(device_id=0)
    yield d
    ttnn.close_device(d)


def workers(dev):
    return dev.get_optimal_dram_bank_to_logical_worker_assignment(ttnn.NOC.NOC_0)


def worker_grid(cores):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(c.x, c.y), ttnn.CoreCoord(c.x, c.y)) for c in cores])


def hs(shape, buf, grid):
    spec = ttnn.ShardSpec(grid, list(shape), ttnn.ShardOrientation.ROW_MAJOR)
    return ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, buf, spec)


def ckc(fidelity=ttnn.MathFidelity.LoFi, acc=True, fp32=False):
    return ttnn.WormholeComputeKernelConfig(math_fidelity=fidelity, math_approx_mode=False, fp32_dest_acc_en=fp32,
                                            packer_l1_acc=acc)


def operands(dev, a, b, th=32, d0=BF16, d1=BFP8, in0_grid=None, in1_shard=None):
    """in0 height-sharded by batch in L1 on the workers, in1 height-sharded by batch over the 12 DRAM banks."""
    w = workers(dev)
    B, M, K, N = a.shape[1], a.shape[2], a.shape[3], b.shape[3]
    bpc = B // len(w)
    ta = ttnn.from_torch(a, dtype=d0, layout=ttnn.TILE_LAYOUT, device=dev, tile=ttnn.Tile((th, 32)),
                         memory_config=hs([bpc * M, K], L1, in0_grid or worker_grid(w)))
    banks = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(len(w) - 1, 0))})
    tb = ttnn.from_torch(b, dtype=d1, layout=ttnn.TILE_LAYOUT, device=dev,
                         memory_config=hs(in1_shard or [bpc * K, N], DRAM, banks))
    return ta, tb


def batched(dev, ta, tb, th, bw, N, kc=None, out_grid=None, **kw):
    w = workers(dev)
    B, M = ta.shape[1], ta.shape[2]
    bpc = B // len(w)
    pc = ttnn.MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig(
        in0_block_w=bw, per_core_M=M // th, per_core_N=N // 32, **kw)
    return ttnn.matmul(ta, tb, program_config=pc, memory_config=hs([bpc * M, N], L1, out_grid or worker_grid(w)),
                       dtype=BF16, compute_kernel_config=kc or ckc(), output_tile=ttnn.Tile((th, 32)))


def interleaved(dev, a, b, th, bw, kc, d0=BF16, d1=BFP8):
    """The same product with interleaved operands and the reuse program, blocked over K as the batched program."""
    M, N = a.shape[2], b.shape[3]
    sh, sw = MM._subblock_params(M // th, N // 32, False, False, False)
    pc = ttnn.MatmulMultiCoreReuseProgramConfig(compute_with_storage_grid_size=ttnn.CoreCoord(8, 8), in0_block_w=bw,
                                                out_subblock_h=sh, out_subblock_w=sw, per_core_M=M // th,
                                                per_core_N=N // 32)
    ia = ttnn.from_torch(a, dtype=d0, layout=ttnn.TILE_LAYOUT, device=dev, tile=ttnn.Tile((th, 32)))
    ib = ttnn.from_torch(b, dtype=d1, layout=ttnn.TILE_LAYOUT, device=dev)
    return ttnn.to_torch(ttnn.matmul(ia, ib, program_config=pc, dtype=BF16, compute_kernel_config=kc,
                                     output_tile=ttnn.Tile((th, 32))))


# ------------------------------------------------------------------------------------------------ the bank map
def test_bank_map_cores(dev):
    got = workers(dev)
    assert [(c.x, c.y) for c in got] == BANK_WORKERS
    assert len(got) == dev.num_dram_channels() == 12
    assert len(set(BANK_WORKERS)) == 12                      # one worker per bank
    assert workers(dev) == got                               # the same list again (tt-metal caches it)
    # the int form of the NoC works as the enum
    assert dev.get_optimal_dram_bank_to_logical_worker_assignment(0) == got


def test_bank_map_workers_next_to_their_banks(dev):
    from tensix.device import soc
    for bank, c in enumerate(workers(dev)):
        nx, ny = dev.sim.worker_core_from_logical_core(c)
        ex, ey = soc.DRAM_BANK_WORKER_ENDPOINT[bank]
        if bank in (0, 5):          # moved off row 11 (no workers): three columns right, up to row 9 / 4
            assert (nx, ny) == (ex + 4, {0: 9, 5: 4}[bank])
        else:
            assert (nx, ny) == (ex + 1, ey)


def test_bank_map_refusals(dev):
    with pytest.raises(NotModelledError, match="NOC_1"):
        dev.get_optimal_dram_bank_to_logical_worker_assignment(ttnn.NOC.NOC_1)
    with pytest.raises(TTNNError, match="is not a NoC"):
        dev.get_optimal_dram_bank_to_logical_worker_assignment(5)


# ------------------------------------------------------------------------------------------------ products
@pytest.mark.parametrize("B, M, K, N, bw, th, d1, kc", [
    (12, 32, 64, 64, 2, 32, BFP8, ckc()),                                   # one K block, bfloat8_b in1
    (24, 64, 128, 32, 4, 32, BFP8, ckc()),                                  # 2 batches a worker, per_core_M 2
    (12, 32, 128, 64, 1, 32, BFP8, ckc()),                                  # 4 K blocks, packer L1 accumulation
    (12, 32, 128, 64, 1, 32, BF16, ckc(ttnn.MathFidelity.HiFi4, acc=False)),  # K blocks reloaded into Dst
    (12, 32, 96, 64, 3, 32, BF16, ckc(ttnn.MathFidelity.HiFi2)),
    (12, 32, 64, 32, 2, 32, BF16, ckc(ttnn.MathFidelity.HiFi4, acc=False, fp32=True)),  # fp32 partials
    (24, 4, 64, 32, 2, 4, BFP8, ckc()),                                     # [4, 32] in0 / output tiles
])
def test_product_equals_interleaved_bit_for_bit(dev, B, M, K, N, bw, th, d1, kc):
    torch.manual_seed(B + M + K + N)
    a, b = torch.randn(1, B, M, K), torch.randn(1, B, K, N)
    ta, tb = operands(dev, a, b, th=th, d1=d1)
    out = batched(dev, ta, tb, th, bw, N, kc)
    assert list(out.shape) == [1, B, M, N]
    assert out.memory_config().memory_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED
    got = ttnn.to_torch(out)
    want = interleaved(dev, a, b, th, bw, kc, d1=d1)
    assert torch.equal(got, want)
    # and it is the product (the error of bfloat8_b and LoFi only: LoFi reads 7 bits of in0's mantissa)
    gold = (a.double() @ b.double())
    err = (got.double() - gold).norm() / gold.norm()
    assert err < 0.05


def test_fused_relu(dev):
    torch.manual_seed(3)
    a, b = torch.randn(1, 12, 32, 64), torch.randn(1, 12, 64, 32)
    ta, tb = operands(dev, a, b)
    got = ttnn.to_torch(batched(dev, ta, tb, 32, 2, 32, fused_activation=ttnn.UnaryWithParam(ttnn.UnaryOpType.RELU)))
    plain = interleaved(dev, a, b, 32, 2, ckc())
    assert torch.equal(got, torch.relu(plain))


def test_in0_blocks_read_as_they_lie(dev):
    """per_core_M = 2 with two K blocks: the reader takes each block as the shard's next 2 * in0_block_w tiles (tile
    rows of K tiles), not the block's tiles; tensix computes what the card would: the product of that re-read in0."""
    torch.manual_seed(5)
    B, M, K, N, bw = 12, 64, 128, 32, 2
    a, b = torch.randn(1, B, M, K), torch.randn(1, B, K, N)
    ta, tb = operands(dev, a, b)
    got = ttnn.to_torch(batched(dev, ta, tb, 32, bw, N))
    pm, Kt = M // 32, K // 32
    tiles = a.reshape(1, B, pm, 32, Kt, 32).permute(0, 1, 2, 4, 3, 5).reshape(1, B, pm * Kt, 32, 32)
    reread = torch.empty_like(a)
    for kb in range(Kt // bw):
        for i in range(pm):
            for j in range(bw):
                flat = kb * pm * bw + i * bw + j
                reread[:, :, i * 32:(i + 1) * 32, (kb * bw + j) * 32:(kb * bw + j + 1) * 32] = tiles[:, :, flat]
    assert torch.equal(got, interleaved(dev, reread, b, 32, bw, ckc()))
    assert not torch.equal(got, interleaved(dev, a, b, 32, bw, ckc()))


def test_program_cache(dev):
    dev.disable_and_clear_program_cache()
    dev.enable_program_cache()
    added = []
    for seed in range(2):
        torch.manual_seed(seed)
        a, b = torch.randn(1, 12, 32, 64), torch.randn(1, 12, 64, 32)
        ta, tb = operands(dev, a, b)
        ttnn.from_torch(torch.randn(1, 1, 32, 32), dtype=BF16, layout=ttnn.TILE_LAYOUT, device=dev,
                        memory_config=ttnn.L1_MEMORY_CONFIG)       # moves the next allocations
        before = dev.num_program_cache_entries()
        out = batched(dev, ta, tb, 32, 2, 32)
        added.append(dev.num_program_cache_entries() - before)
        assert torch.equal(ttnn.to_torch(out), interleaved(dev, a, b, 32, 2, ckc()))   # this run's tensors
    assert added == [1, 0]


# ------------------------------------------------------------------------------------------------ refusals
def test_config_is_keyword_only():
    with pytest.raises(TypeError):
        ttnn.MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig(2, 1, 1)


def _ab(B=12, M=32, K=64, N=32):
    torch.manual_seed(0)
    return torch.randn(1, B, M, K), torch.randn(1, B, K, N)


def test_refuses_interleaved_in0(dev):
    a, b = _ab()
    _, tb = operands(dev, a, b)
    ta = ttnn.from_torch(a, dtype=BF16, layout=ttnn.TILE_LAYOUT, device=dev)
    with pytest.raises(TTNNError, match="Input tensor A must be sharded for batch-sharded DRAM matmul"):
        batched(dev, ta, tb, 32, 2, 32)


def test_refuses_width_sharded_in0(dev):
    a, b = _ab()
    _, tb = operands(dev, a, b)
    spec = ttnn.ShardSpec(worker_grid(workers(dev)[:2]), [12 * 32, 32], ttnn.ShardOrientation.ROW_MAJOR)
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.WIDTH_SHARDED, L1, spec)
    ta = ttnn.from_torch(a, dtype=BF16, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=mc)
    with pytest.raises(TTNNError, match="Input A memory layout must be HEIGHT_SHARDED"):
        batched(dev, ta, tb, 32, 2, 32)


def test_refuses_storage_cores_out_of_bank_order(dev):
    a, b = _ab()
    w = workers(dev)
    ta, tb = operands(dev, a, b, in0_grid=worker_grid([w[1], w[0]] + w[2:]))
    with pytest.raises(TTNNError, match="Input storage core ordering mismatch at index 0"):
        batched(dev, ta, tb, 32, 2, 32)
    ta, tb = operands(dev, a, b)
    pc = ttnn.MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig(in0_block_w=2, per_core_M=1, per_core_N=1)
    with pytest.raises(TTNNError, match=r"Output storage cores \(11\) must match number of workers/DRAM banks \(12\)"):
        ttnn.matmul(ta, tb, program_config=pc, memory_config=hs([64, 32], L1, worker_grid(w[:11])), dtype=BF16)


def test_refuses_block_and_core_counts(dev):
    a, b = _ab()
    ta, tb = operands(dev, a, b)
    with pytest.raises(TTNNError, match=r"N dimension \(2\) must be divisible by in0_block_w \(3\)"):
        batched(dev, ta, tb, 32, 3, 32)
    pc = ttnn.MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig(in0_block_w=2, per_core_M=2, per_core_N=1)
    with pytest.raises(TTNNError, match=r"per_core_M \(2\) must equal M \(1\)"):
        ttnn.matmul(ta, tb, program_config=pc, memory_config=hs([32, 32], L1, worker_grid(workers(dev))), dtype=BF16)


def test_refuses_batch_not_a_multiple_of_the_banks(dev):
    torch.manual_seed(0)
    a, b = torch.randn(1, 7, 32, 32), torch.randn(1, 7, 32, 32)
    w = workers(dev)
    ta = ttnn.from_torch(a, dtype=BF16, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=hs([32, 32], L1,
                                                                                              worker_grid(w)))
    banks = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(11, 0))})
    tb = ttnn.from_torch(b, dtype=BFP8, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=hs([32, 32], DRAM, banks))
    pc = ttnn.MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig(in0_block_w=1, per_core_M=1, per_core_N=1)
    with pytest.raises(NotModelledError, match="B = 7 batches on 12 workers"):
        ttnn.matmul(ta, tb, program_config=pc, memory_config=hs([32, 32], L1, worker_grid(w)), dtype=BF16)


def test_refuses_in1_shards_other_than_the_batches(dev):
    a, b = _ab(B=24)
    ta, tb = operands(dev, a, b, in1_shard=[64 * 3, 32])       # 3 batches a bank: 8 shards, not 12
    with pytest.raises(NotModelledError, match="input_tensor_b .* is not what the batched DRAM-sharded program reads"):
        batched(dev, ta, tb, 32, 2, 32)


def test_refuses_in1_in_l1_bias_transpose_and_rank(dev):
    a, b = _ab()
    ta, tb = operands(dev, a, b)
    w = workers(dev)
    tb_l1 = ttnn.from_torch(b, dtype=BFP8, layout=ttnn.TILE_LAYOUT, device=dev,
                            memory_config=hs([64, 32], L1, worker_grid(w)))
    with pytest.raises(NotModelledError, match="sharded in L1"):
        batched(dev, ta, tb_l1, 32, 2, 32)
    pc = ttnn.MatmulMultiCoreReuseMultiCastBatchedDRAMShardedProgramConfig(in0_block_w=2, per_core_M=1, per_core_N=1)
    mem = hs([32, 32], L1, worker_grid(w))
    _, tb_t = operands(dev, a, b.transpose(-1, -2).contiguous(), in1_shard=[32, 64])     # [1, 12, 32, 64] in1
    with pytest.raises(NotModelledError, match="transpose"):
        ttnn.matmul(ta, tb_t, program_config=pc, memory_config=mem, dtype=BF16, transpose_b=True)
    bias = ttnn.from_torch(torch.randn(1, 1, 32, 32), dtype=BF16, layout=ttnn.TILE_LAYOUT, device=dev)
    # a bias of a batched in1 is added after the matmul (get_post_process_bias): it runs
    got = ttnn.to_torch(ttnn.linear(ta, tb, bias=bias, program_config=pc, memory_config=mem, dtype=BF16,
                                    compute_kernel_config=ckc()))
    plain = ttnn.to_torch(batched(dev, ta, tb, 32, 2, 32))
    want = ttnn.to_torch(ttnn.add(ttnn.from_torch(plain, dtype=BF16, layout=ttnn.TILE_LAYOUT, device=dev), bias))
    assert torch.equal(got, want)
    a3, b3 = torch.randn(12, 32, 64), torch.randn(12, 64, 32)
    ta3 = ttnn.from_torch(a3, dtype=BF16, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=hs([32, 64], L1,
                                                                                                worker_grid(w)))
    banks = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(11, 0))})
    tb3 = ttnn.from_torch(b3, dtype=BFP8, layout=ttnn.TILE_LAYOUT, device=dev, memory_config=hs([64, 32], DRAM, banks))
    with pytest.raises(NotModelledError, match=r"\[1, B, M, K\]"):
        ttnn.matmul(ta3, tb3, program_config=pc, memory_config=mem, dtype=BF16)
