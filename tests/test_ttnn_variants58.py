"""Program variants of ops tensix.ttnn already runs, as tt-metal 622c6fb9 runs them:

- ttnn.reshard's ReshardGenericFactory between row-major shards of different widths (different page sizes:
  tensix.ttnn.operations.dm_reshard_diff_width, reshard_reader_diff_width), and its refusals where tt-metal's page
  ranges would read the wrong pages (a shard grid not starting at core (0, 0) with a partial last shard) or exceed
  the runtime-arg limit;
- ttnn.matmul's 2D multicast program with an ND_SHARDED in1 in DRAM (read through its TensorAccessor) and with a
  HEIGHT_SHARDED in1 in DRAM (the batched DRAM matmul: IN1_DRAM_HEIGHT_SHARDED), and the latter's refusals;
- ttnn.untilize on sub_core_grids (UntilizeMultiCoreSubCoreGridsProgramFactory), refused beyond one tile row;
- ttnn.to_memory_config(t, its own config, output_tensor=...) of row-major shards: copy's SameMemoryConfig program
  with shard_builder's ShardedAddrGen (tensix.ttnn.operations.dm_copy_sharded), and its refusals where the
  ShardedAddrGen pages miss rows of the tensor.

Values are checked against numpy: exactly for the data movement, against the float64 product for matmul."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import TTNNError
from tensix.ttnn.operations import dm_reshard_diff_width as DW
from tensix.ttnn.operations.dm_reshard import _PageStride

ROW, COL = ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR
HS, WS, BS = (ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.TensorMemoryLayout.WIDTH_SHARDED,
              ttnn.TensorMemoryLayout.BLOCK_SHARDED)
RM, TILE = ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _grid(x0, y0, x1, y1):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))])


def _mc(kind, grid, shard, orient=ROW):
    return ttnn.MemoryConfig(kind, ttnn.BufferType.L1, ttnn.ShardSpec(_grid(*grid), list(shard), orient))


def _nd(shard, grid, orient=ROW, bt=ttnn.BufferType.L1):
    return ttnn.MemoryConfig(bt, ttnn.NdShardSpec(ttnn.Shape(list(shard)), _grid(*grid), orientation=orient))


def _rm(device, shape, mc, dtype=ttnn.bfloat16, seed=0):
    rng = np.random.default_rng(seed)
    if dtype == ttnn.uint16:
        x = rng.integers(0, 60000, shape).astype(np.int32)
    else:
        x = rng.standard_normal(shape).astype(np.float32) * 4
    t = ttnn.from_numpy(x, dtype=dtype, layout=RM, device=device, memory_config=mc)
    return t, ttnn.to_numpy(t)


def _programs():
    return [r.program for r in ttnn.op_report()]


# ------------------------------------------------------------------------- reshard between different widths
DIFF_WIDTH = [
    # shape, input config, output config
    ((1, 1, 128, 128), _mc(BS, (0, 0, 1, 1), (64, 64)), _mc(HS, (0, 0, 1, 0), (64, 128))),
    ((1, 1, 128, 128), _mc(BS, (0, 0, 1, 1), (64, 64), COL), _mc(HS, (0, 0, 1, 0), (64, 128), COL)),
    ((1, 1, 128, 128), _nd((1, 1, 32, 32), (0, 0, 3, 3)), _mc(BS, (0, 0, 1, 1), (64, 64))),
    # partial last shards along both dims (100 = 3 x 32 + 4 and 64 + 36), both orientations
    ((1, 1, 100, 100), _nd((1, 1, 32, 32), (0, 0, 3, 3)), _mc(BS, (0, 0, 1, 1), (64, 64))),
    ((1, 1, 100, 100), _nd((1, 1, 32, 32), (0, 0, 3, 3), COL), _mc(BS, (0, 0, 1, 1), (64, 64), COL)),
    # WIDTH -> WIDTH with a partial last shard (ReshardGenericFactory: a grid row wider than the tensor), base pages
    # of 64 bytes, the output's last shard 8 of 96 columns
    ((1, 1, 64, 200), _mc(WS, (0, 0, 3, 0), (64, 64)), _mc(WS, (0, 0, 2, 0), (64, 96))),
    ((1, 1, 64, 256), _mc(WS, (0, 0, 3, 0), (64, 64)), _mc(BS, (0, 0, 7, 1), (32, 32))),
    ((2, 3, 64, 96), _mc(BS, (0, 0, 2, 3), (96, 32)), _mc(HS, (0, 0, 5, 0), (64, 96))),
    ((1, 1, 512, 128), _mc(HS, (0, 0, 7, 0), (64, 128)), _mc(BS, (0, 0, 1, 3), (128, 64))),
]


@pytest.mark.parametrize("shape,a,b", DIFF_WIDTH)
def test_reshard_diff_width(device, shape, a, b):
    t, ref = _rm(device, shape, a)
    ttnn.clear_op_report()
    r = ttnn.reshard(t, b)
    assert _programs() == ["reshard_generic_diff_width"]
    np.testing.assert_array_equal(ttnn.to_numpy(r), ref)
    np.testing.assert_array_equal(ttnn.to_numpy(t), ref)      # the input is untouched


def test_reshard_diff_width_via_to_memory_config_and_cache(device):
    """A config made from an ND spec skips to_memory_config's s2i -> i2s workaround; the second run takes the
    cached program with new buffers (its output CB rebound to the new output)."""
    b = _nd((1, 1, 64, 128), (0, 0, 1, 0))
    for seed in (1, 2):
        t, ref = _rm(device, (1, 1, 128, 128), _mc(BS, (0, 0, 1, 1), (64, 64)), seed=seed)
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.to_memory_config(t, b)), ref)


def test_reshard_diff_width_refuses_offset_grid(device):
    """get_core_page_ranges_diff_width finds a row's last shard by its position in the grid's size (core.x ==
    width - 1), not its coordinates: with the grids starting at x = 1 and partial last shards, its base-page
    table comes out wrong (tt-metal writes past its vector), so the case is refused."""
    t, _ = _rm(device, (1, 1, 64, 200), _mc(WS, (1, 0, 4, 0), (64, 64)))
    with pytest.raises(NotModelledError, match="get_core_page_ranges_diff_width") as e:
        ttnn.reshard(t, _mc(WS, (1, 1, 3, 1), (64, 96)))
    assert "Fix:" in str(e.value)


def test_reshard_diff_width_refuses_dangling_page_count(device):
    """48 x 32 from 32-row BLOCK shards on a 1 x 4 grid into one 48-wide WIDTH shard: the output core's ranges
    compress into four blocks, the first 46 ranges twice (232 runtime-arg words), so the page count summed through
    the dangling reference stays 0 and the second RISC-V would write over the first's 140 pages."""
    t, _ = _rm(device, (1, 1, 48, 32), _mc(BS, (0, 0, 0, 3), (32, 32)))
    with pytest.raises(NotModelledError, match="dangling") as e:
        ttnn.reshard(t, _mc(WS, (0, 0, 0, 0), (48, 48)))
    assert "output page offset 0 instead of 140" in str(e.value)


def test_reshard_diff_width_refuses_too_many_runtime_args(device):
    """256-row output shards read from 128-row input shards of another width: 64 page ranges per core that do not
    compress, 662 runtime args against tt-metal's 341."""
    t, _ = _rm(device, (1, 1, 1024, 256), _mc(BS, (0, 0, 7, 7), (128, 32)))
    with pytest.raises(TTNNError, match="over tt-metal's limit of 341"):
        ttnn.reshard(t, _mc(BS, (0, 0, 3, 3), (256, 64)))


def _ps(core, data, size=1, n=1, skip=False, sc=(0, 0), sd=0):
    return _PageStride(ttnn.CoreCoord(*core), data, size, sc, sd, n, skip)


def test_stride_of_strides_compression():
    """create_stride_of_strides_ret_map: the pattern covering the most ranges wins; its meta strides advance the
    start core and page; what does not repeat stays a block of one."""
    strides = [_ps((0, 0), 0), _ps((1, 0), 0), _ps((0, 0), 1), _ps((1, 0), 1), _ps((0, 0), 2), _ps((1, 0), 2),
               _ps((3, 3), 7, size=2)]
    blocks = DW.compress(strides)
    assert [(len(b.base_pattern), b.num_repeats) for b in blocks] == [(2, 3), (1, 1)]
    assert blocks[0].meta_strides == [((0, 0), 1), ((0, 0), 1)]
    # a structural repeat whose starts stop advancing evenly ends at the last even repetition ...
    strides = [_ps((0, 0), 0), _ps((0, 0), 4), _ps((0, 0), 8), _ps((0, 0), 13), _ps((0, 0), 20, size=2)]
    blocks = DW.compress(strides[:3] + strides[4:])
    assert [(len(b.base_pattern), b.num_repeats) for b in blocks] == [(1, 3), (1, 1)]
    # ... unless a longer pattern covers more: two repeats of (0, 4) -> (8, 13) beat three of one range
    blocks = DW.compress(strides)
    assert [(len(b.base_pattern), b.num_repeats) for b in blocks] == [(2, 2), (1, 1)]
    assert blocks[0].meta_strides == [((0, 0), 8), ((0, 0), 9)]


def test_page_count_through_dangling_reference():
    """get_runtime_args_for_given_ranges_diff_width sums the page count through a reference into its vector: once
    a push reallocates the vector (16 NoC coordinates: capacity 32 after the input address), later sums are lost.
    The word then is the first half's output page offset for the second RISC-V."""
    one = DW._Block([_ps((0, 0), 0, size=3)], [((0, 0), 0)], 1)
    args = DW.range_args([one, one], 0, 2, 0, 16)
    assert args[0] == 3                        # 20 + 7 words fit the capacity of 32, 20 + 14 do not
    args = DW.range_args([one], 0, 1, 0, 16)
    assert args[0] == 3
    big = DW._Block([_ps((0, 0), i) for i in range(3)], [((0, 0), 0)] * 3, 1)
    assert DW.range_args([big], 0, 1, 0, 16)[0] == 0      # 2 + 15 words: reallocated before the first sum


def test_replay_of_packed_args():
    """The kernel's view of the packed words: a repeated pattern with a core meta stride, and a skip range."""
    blocks = [DW._Block([_ps((1, 0), 2, size=2)], [((1, 0), 4)], 3), DW._Block([_ps((0, 0), 0, size=5, skip=True)],
                                                                               [((0, 0), 0)], 1)]
    args = DW.range_args(blocks, 0, 2, 0, 16)
    reads = list(DW.replay(args, 8, 8, 64))
    assert [(p, x, y, off // 64, n) for p, x, y, off, n, _ in reads] == [
        (0, 1, 0, 2, 2), (2, 2, 0, 6, 2), (4, 3, 0, 10, 2), (6, None, None, 0, 5)]


# ------------------------------------------------------------------------------ matmul with an ND in1 in DRAM
@pytest.mark.parametrize("k_splits,n_splits", [(1, 8), (2, 4)])
def test_matmul_2d_nd_sharded_dram_in1(device, k_splits, n_splits):
    m, k, n, grid = 256, 256, 256, (4, 4)
    rng = np.random.default_rng(5)
    x = rng.standard_normal((1, 1, m, k)).astype(np.float32)
    w = rng.standard_normal((1, 1, k, n)).astype(np.float32)
    a = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=TILE, device=device)
    b_int = ttnn.from_numpy(w, dtype=ttnn.bfloat16, layout=TILE, device=device)
    b_nd = ttnn.from_numpy(w, dtype=ttnn.bfloat16, layout=TILE, device=device,
                           memory_config=_nd((k // k_splits, n // n_splits), (0, 0, 3, 0), bt=ttnn.BufferType.DRAM))
    assert b_nd.memory_config().memory_layout == ttnn.TensorMemoryLayout.ND_SHARDED
    pc = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=grid, in0_block_w=k // 4 // 32, out_subblock_h=2, out_subblock_w=2,
        per_core_M=m // 4 // 32, per_core_N=n // 4 // 32, transpose_mcast=False, fused_activation=None,
        fuse_batch=False)
    ckc = ttnn.init_device_compute_kernel_config(device.arch(), math_fidelity=ttnn.MathFidelity.HiFi4,
                                                 fp32_dest_acc_en=False, packer_l1_acc=True)
    ttnn.clear_op_report()
    got = ttnn.to_numpy(ttnn.matmul(a, b_nd, program_config=pc, compute_kernel_config=ckc))
    assert _programs() == ["matmul_multicore_reuse_mcast_2d"]
    # the same tiles as from the interleaved in1, so the same bits
    np.testing.assert_array_equal(got, ttnn.to_numpy(ttnn.matmul(a, b_int, program_config=pc,
                                                                 compute_kernel_config=ckc)))
    golden = ttnn.to_numpy(a).astype(np.float64) @ ttnn.to_numpy(b_int).astype(np.float64)
    err = np.linalg.norm(got - golden) / np.linalg.norm(golden)
    assert err < 0.01, err                     # bfloat16 output, its K-block partials accumulated as bfloat16 in L1


def test_matmul_nd_in1_refusals(device):
    w = np.ones((1, 1, 128, 128), np.float32)
    a = ttnn.from_numpy(w, dtype=ttnn.bfloat16, layout=TILE, device=device)
    b_nd = ttnn.from_numpy(w, dtype=ttnn.bfloat16, layout=TILE, device=device,
                           memory_config=_nd((128, 32), (0, 0, 1, 0), bt=ttnn.BufferType.DRAM))
    pc = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(2, 2), in0_block_w=2, out_subblock_h=1, out_subblock_w=1, per_core_M=2,
        per_core_N=2, transpose_mcast=True, fused_activation=None, fuse_batch=False)
    with pytest.raises(TTNNError, match="Transpose MCAST not supported when input B is sharded"):
        ttnn.matmul(a, b_nd, program_config=pc)
    # other programs (here the default one) and an ND-sharded in0 stay refused
    with pytest.raises(NotModelledError, match="ND-sharded"):
        ttnn.matmul(a, b_nd)
    with pytest.raises(NotModelledError, match="ND-sharded"):
        ttnn.matmul(b_nd, a, program_config=pc)


# ------------------------------------------------------------ copy's SameMemoryConfig over row-major shards
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.uint16])
@pytest.mark.parametrize("shape,mc", [
    ((1, 1, 64, 100), _mc(WS, (0, 0, 3, 0), (64, 25))),                 # 50-byte shard rows (the vendored case)
    ((1, 1, 64, 100), _mc(WS, (0, 0, 0, 3), (64, 25), COL)),
    ((1, 1, 128, 36), _mc(HS, (0, 0, 3, 1), (16, 36))),                 # a full 4 x 2 grid, 72-byte rows
    ((1, 1, 96, 75), _mc(BS, (0, 0, 2, 2), (32, 25))),
])
def test_copy_same_config_sharded_rows(device, shape, mc, dtype):
    """(HEIGHT -> HEIGHT would be reshard's without a dtype: a dtype sends every layout to prim::copy.)"""
    t, ref = _rm(device, shape, mc, dtype)
    out, _ = _rm(device, shape, mc, dtype, seed=9)
    ttnn.clear_op_report()
    ttnn.to_memory_config(t, mc, dtype=dtype, output_tensor=out)
    assert _programs() == ["copy_same_memory_config_sharded"]
    np.testing.assert_array_equal(ttnn.to_numpy(out), ref)


def test_copy_same_config_sharded_refusals(device):
    # 30-column shards of a 100-column tensor: num_shards = 200 // 60 = 3 pages a row, the 4th shard never copied
    mc = _mc(WS, (0, 0, 3, 0), (64, 30))
    t, _ = _rm(device, (1, 1, 64, 100), mc)
    out, _ = _rm(device, (1, 1, 64, 100), mc, seed=9)
    with pytest.raises(NotModelledError, match="SameMemoryConfig program .* never copies row") as e:
        ttnn.to_memory_config(t, mc, output_tensor=out)
    assert "Fix:" in str(e.value)
    # HEIGHT ROW_MAJOR: shard_builder numbers the cores column by column, the shards fill them row by row. With 3
    # shards on a 2 x 2 grid both orders start with the same three cores (each page goes back where it was read:
    # the copy is whole); with 2 shards the pages go to cores (0, 0) and (0, 1), and the shard on (1, 0) is missed
    mc = _mc(HS, (0, 0, 1, 1), (16, 36))
    t, ref = _rm(device, (1, 1, 48, 36), mc)
    out, _ = _rm(device, (1, 1, 48, 36), mc, seed=9)
    ttnn.to_memory_config(t, mc, dtype=ttnn.bfloat16, output_tensor=out)
    np.testing.assert_array_equal(ttnn.to_numpy(out), ref)
    t, _ = _rm(device, (1, 1, 32, 36), mc)
    out, _ = _rm(device, (1, 1, 32, 36), mc, seed=9)
    with pytest.raises(NotModelledError, match="never copies row 0 of the shard on core \\(1, 0\\)"):
        ttnn.to_memory_config(t, mc, dtype=ttnn.bfloat16, output_tensor=out)


# ------------------------------------------------------------------------------- untilize on sub_core_grids
_SUB = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(3, 6)),
                          ttnn.CoreRange(ttnn.CoreCoord(5, 0), ttnn.CoreCoord(6, 6))])


@pytest.mark.parametrize("grid", [_SUB, _grid(1, 0, 1, 0)], ids=["two_ranges", "one_core"])
@pytest.mark.parametrize("shape,dtype", [((1, 1, 32, 256), ttnn.bfloat16), ((1, 1, 32, 2048), ttnn.bfloat16),
                                         ((1, 32, 96), ttnn.float32), ((1, 1, 32, 352), ttnn.bfloat8_b)])
def test_untilize_sub_core_grids(device, grid, shape, dtype):
    """UntilizeMultiCoreSubCoreGridsProgramFactory: 8 / 64 / 3 / 11 tiles over the largest divisor of them among the
    35 cores (8, 32, 3, 11), each core's tiles written at its byte offset into the 32 rows."""
    x = np.random.default_rng(1).standard_normal(shape).astype(np.float32) * 3
    t = ttnn.from_numpy(x, dtype=dtype, layout=TILE, device=device)
    ref = ttnn.to_numpy(t)
    ttnn.clear_op_report()
    r = ttnn.untilize(t, sub_core_grids=grid)
    assert _programs() == ["untilize_multi_core_sub_core_grids"]
    assert r.layout == RM and r.dtype == (ttnn.bfloat16 if dtype == ttnn.bfloat8_b else dtype)
    np.testing.assert_array_equal(ttnn.to_numpy(r), ref)
    if dtype == ttnn.bfloat16:
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.to_layout(t, RM, sub_core_grids=grid)), ref)


def test_untilize_sub_core_grids_refusals(device):
    t = ttnn.from_numpy(np.ones((1, 1, 64, 64), np.float32), dtype=ttnn.bfloat16, layout=TILE, device=device)
    # two tile rows: the writer would wait for twice the tiles its core untilizes (a hang on the card)
    with pytest.raises(NotModelledError, match="writer_unary_stick_layout_split_rows_interleaved_parallel_columns"):
        ttnn.untilize(t, sub_core_grids=_SUB)
    one_row = ttnn.from_numpy(np.ones((1, 1, 32, 64), np.float32), dtype=ttnn.bfloat16, layout=TILE, device=device)
    with pytest.raises(TTNNError, match="only supported when use_multicore"):
        ttnn.untilize(one_row, use_multicore=False, sub_core_grids=_SUB)
    with pytest.raises(TTNNError, match="Output memory layout must be interleaved"):
        ttnn.untilize(one_row, memory_config=_mc(WS, (0, 0, 1, 0), (32, 32)), sub_core_grids=_SUB)
    sharded = ttnn.from_numpy(np.ones((1, 1, 32, 64), np.float32), dtype=ttnn.bfloat16, layout=TILE, device=device,
                              memory_config=_mc(WS, (0, 0, 1, 0), (32, 32)))
    with pytest.raises(TTNNError, match="Input memory layout must be interleaved"):
        ttnn.untilize(sharded, sub_core_grids=_SUB)


# --------------------------------------------------- matmul with a HEIGHT_SHARDED (batched) in1 in DRAM banks
def _dram_hs(device, w, banks, rows, dtype=ttnn.bfloat16, bank0=0, kind=HS, cols=None):
    spec = ttnn.ShardSpec(_grid(bank0, 0, bank0 + banks - 1, 0), [rows, cols or w.shape[-1]], ROW)
    return ttnn.from_numpy(w, dtype=dtype, layout=TILE, device=device,
                           memory_config=ttnn.MemoryConfig(kind, ttnn.BufferType.DRAM, spec))


def _pc2d(M, N, grid=(2, 2), in0_block_w=1, fuse_batch=False):
    return ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=grid, in0_block_w=in0_block_w, out_subblock_h=1, out_subblock_w=1,
        per_core_M=M // 32 // grid[1], per_core_N=N // 32 // grid[0], transpose_mcast=False, fused_activation=None,
        fuse_batch=fuse_batch)


@pytest.mark.parametrize("B,K,banks,per_bank,dtype", [
    (4, 64, 4, 1, ttnn.bfloat16),       # one [K, N] matrix a bank
    (4, 64, 2, 2, ttnn.bfloat16),       # two a bank: the second at K * N tiles into the bank
    (3, 128, 2, 2, ttnn.bfloat16),      # the last bank half used (3 batches on 2 x 2 slots)
    (4, 64, 4, 1, ttnn.bfloat8_b),
])
def test_matmul_2d_batched_dram_height_sharded_in1(device, B, K, banks, per_bank, dtype):
    M = N = 64
    rng = np.random.default_rng(7)
    x = rng.standard_normal((B, 1, M, K)).astype(np.float32)
    w = rng.standard_normal((B, 1, K, N)).astype(np.float32)
    a = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=TILE, device=device)
    b_int = ttnn.from_numpy(w, dtype=dtype, layout=TILE, device=device)
    b_hs = _dram_hs(device, w, banks, per_bank * K, dtype)
    pc = _pc2d(M, N, in0_block_w=K // 64)
    ckc = ttnn.init_device_compute_kernel_config(device.arch(), math_fidelity=ttnn.MathFidelity.HiFi4)
    ttnn.clear_op_report()
    got = ttnn.to_numpy(ttnn.matmul(a, b_hs, program_config=pc, compute_kernel_config=ckc))
    assert _programs() == ["matmul_multicore_reuse_mcast_2d"]
    np.testing.assert_array_equal(got, ttnn.to_numpy(ttnn.matmul(a, b_int, program_config=pc,
                                                                 compute_kernel_config=ckc)))
    golden = ttnn.to_numpy(a).astype(np.float64) @ ttnn.to_numpy(b_int).astype(np.float64)
    assert np.linalg.norm(got - golden) / np.linalg.norm(golden) < 0.01


def test_matmul_batched_dram_in1_refusals(device):
    rng = np.random.default_rng(8)
    x = ttnn.from_numpy(rng.standard_normal((4, 1, 64, 64)).astype(np.float32), dtype=ttnn.bfloat16, layout=TILE,
                        device=device)
    w = rng.standard_normal((4, 1, 64, 64)).astype(np.float32)
    pc = _pc2d(64, 64)
    # the shards on banks 1..4: the kernel counts banks from 0
    with pytest.raises(NotModelledError, match="shard i is not on DRAM bank i"):
        ttnn.matmul(x, _dram_hs(device, w, 4, 64, bank0=1), program_config=pc)
    # one in1 batch broadcast over four in0 batches: batch b would be read from bank b
    w1 = _dram_hs(device, w[:1], 1, 64)
    with pytest.raises(NotModelledError, match="reads batch b from bank b / batches_per_bank"):
        ttnn.matmul(x, w1, program_config=pc)
    # tt-metal's validation
    x1 = ttnn.from_numpy(np.ones((1, 1, 64, 64), np.float32), dtype=ttnn.bfloat16, layout=TILE, device=device)
    with pytest.raises(TTNNError, match="requires fuse_batch=false"):
        ttnn.matmul(x1, w1, program_config=_pc2d(64, 64, fuse_batch=True))
    with pytest.raises(TTNNError, match="must be divisible by K"):
        ttnn.matmul(x, _dram_hs(device, w, 3, 96), program_config=pc)
    # a WIDTH_SHARDED DRAM in1 under the 2D program runs the IN1_DRAM_WIDTH_SHARDED path (helper-67,
    # tests/test_ttnn_matmul67.py): the product of the interleaved in1's, bit for bit
    w0 = w.reshape(1, 1, 256, 64)[:, :, :64]
    ws = _dram_hs(device, w0, 2, 64, kind=WS, cols=32)
    inter = ttnn.from_numpy(w0, dtype=ttnn.bfloat16, layout=TILE, device=device)
    assert np.array_equal(ttnn.to_numpy(ttnn.matmul(x1, ws, program_config=pc)),
                          ttnn.to_numpy(ttnn.matmul(x1, inter, program_config=pc)))
