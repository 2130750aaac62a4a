"""ttnn::prim::copy over sharded tensors (tensix.ttnn.operations.dm_memory._copy), as tt-metal 622c6fb9 runs it
(copy/device/copy_device_operation.cpp, copy_default_tilized_program_factory.cpp,
copy_default_row_major_program_factory.cpp): the DefaultTilized / DefaultRowMajor kernels reach both buffers through
TensorAccessors, so legacy-sharded (L1) and ND-sharded (L1 / DRAM) tensors go through them; to_memory_config falls
back to it exactly where to_memory_config_op.cpp does (sharded -> sharded with a dtype, interleaved_to_sharded /
sharded_to_interleaved refusing, ND configs without a legacy equivalent). Values must be the input's exactly; the
programs that ran are checked in the op report."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import LayoutError

ROW, COL = ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR
HS, WS, BS = (ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.TensorMemoryLayout.WIDTH_SHARDED,
              ttnn.TensorMemoryLayout.BLOCK_SHARDED)
TILE, RM = ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT
L1, DRAM = ttnn.BufferType.L1, ttnn.BufferType.DRAM


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _grid(x1, y1, x0=0, y0=0):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))])


def _mc(kind, grid, shard, orient=ROW):
    return ttnn.MemoryConfig(kind, L1, ttnn.ShardSpec(_grid(*grid), list(shard), orient))


def _nd(shard, grid, orient=ROW, bt=L1):
    return ttnn.MemoryConfig(bt, ttnn.NdShardSpec(list(shard), _grid(*grid), orient))


def _host(shape, seed=0):
    return (np.random.default_rng(seed).standard_normal(shape) * 4).astype(np.float32)


def _tensor(device, shape, dtype, layout, mc, seed=0):
    return ttnn.from_numpy(_host(shape, seed), dtype=dtype, layout=layout, device=device, memory_config=mc)


def _programs():
    return [r.program for r in ttnn.op_report()]


def _run(device, shape, dtype, layout, a, b, programs, out_dtype=None):
    """to_memory_config(t in a, b, dtype=out_dtype): the programs, the output's config and dtype, and its values:
    the input's, or (with a dtype) those of the same conversion between interleaved DRAM tensors."""
    t = _tensor(device, shape, dtype, layout, a)
    ref = ttnn.to_numpy(t)
    if out_dtype is not None:
        d = ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG) if t.is_sharded() else t
        ref = ttnn.to_numpy(ttnn.to_memory_config(d, ttnn.L1_MEMORY_CONFIG, dtype=out_dtype))
    ttnn.clear_op_report()
    r = ttnn.to_memory_config(t, b, dtype=out_dtype)
    assert _programs() == programs
    want = b
    if b.is_sharded() and b.created_with_nd_shard_spec:
        want = None                    # resolved by the tensor spec: compare the ND spec
        assert r.memory_config().nd_shard_spec == b.nd_shard_spec
        assert r.memory_config().buffer_type == b.buffer_type
    if want is not None:
        assert r.memory_config() == want
    assert r.shape == t.shape and r.layout == t.layout and r.dtype == (out_dtype or t.dtype)
    np.testing.assert_array_equal(ttnn.to_numpy(r), ref)
    np.testing.assert_array_equal(ttnn.to_numpy(t), ttnn.to_numpy(t))
    return r


# ------------------------------------------------------------------ sharded -> sharded with a dtype: DefaultTilized
DTYPE_CASES = [
    ("hs-bs-bf16-f32", (1, 1, 128, 128), ttnn.bfloat16, _mc(HS, (3, 0), (32, 128)), _mc(BS, (1, 1), (64, 64)),
     ttnn.float32),
    ("ws-col-hs-f32-bf8", (1, 1, 128, 128), ttnn.float32, _mc(WS, (3, 0), (128, 32), COL), _mc(HS, (1, 1), (32, 128)),
     ttnn.bfloat8_b),
    ("bs-ws-bf8-bf16-odd", (2, 50, 70), ttnn.bfloat8_b, _mc(BS, (3, 2), (32, 32), COL), _mc(WS, (2, 0), (128, 32)),
     ttnn.bfloat16),
    ("hs-hs-f32-bf16-uneven", (3, 40, 64), ttnn.float32, _mc(HS, (2, 0), (64, 64)), _mc(HS, (5, 0), (32, 64), COL),
     ttnn.bfloat16),
]


@pytest.mark.parametrize("name,shape,dtype,a,b,out_dtype", DTYPE_CASES, ids=[c[0] for c in DTYPE_CASES])
def test_sharded_to_sharded_with_dtype_runs_copy(device, name, shape, dtype, a, b, out_dtype):
    _run(device, shape, dtype, TILE, a, b, ["copy_default_tilized"], out_dtype)


# ------------------------------------------------- interleaved_to_sharded / sharded_to_interleaved refuse: copy
RM_CASES = [
    # shard rows of 10 bytes: interleaved_to_sharded refuses (not L1 aligned)
    ("dram-ws5", (64, 20), ttnn.bfloat16, ttnn.DRAM_MEMORY_CONFIG, _mc(WS, (3, 0), (64, 5))),
    ("ws5-l1", (64, 20), ttnn.bfloat16, _mc(WS, (3, 0), (64, 5)), ttnn.L1_MEMORY_CONFIG),
    ("l1-bs-col", (3, 40, 24), ttnn.float32, ttnn.L1_MEMORY_CONFIG, _mc(BS, (2, 2), (40, 9), COL)),
    ("hs-odd-dram", (5, 7, 6), ttnn.bfloat16, _mc(HS, (3, 0), (9, 6)), ttnn.DRAM_MEMORY_CONFIG),
    # both unaligned, different shard widths in different layouts: the workaround's s2i refuses -> copy
    ("bs-ws-uint32", (3, 40, 24), ttnn.uint32, _mc(BS, (2, 2), (40, 9), COL), _mc(WS, (5, 0), (120, 5))),
]


@pytest.mark.parametrize("name,shape,dtype,a,b", RM_CASES, ids=[c[0] for c in RM_CASES])
def test_row_major_fallbacks_run_copy(device, name, shape, dtype, a, b):
    _run(device, shape, dtype, RM, a, b, ["copy_default_row_major"])


def test_workaround_s2i_then_copy(device):
    """Row-major shards of other widths in other layouts take the workaround; sharded_to_interleaved takes the
    aligned input, interleaved_to_sharded refuses the unaligned output: the DRAM copy is made for nothing and
    prim::copy runs from the sharded input (to_memory_config_op.cpp)."""
    _run(device, (64, 64), ttnn.bfloat16, RM, _mc(HS, (1, 0), (32, 64)), _mc(WS, (3, 0), (64, 17)),
         ["sharded_to_interleaved", "copy_default_row_major"])


def test_tile_narrow_block_grid_and_interleaved_paths_unchanged(device):
    # the sharded programs still run where they accept the tensor
    _run(device, (1, 1, 64, 128), ttnn.bfloat16, TILE, ttnn.DRAM_MEMORY_CONFIG, _mc(WS, (3, 0), (64, 32)),
         ["interleaved_to_sharded"])
    _run(device, (1, 1, 64, 128), ttnn.bfloat16, TILE, _mc(WS, (3, 0), (64, 32)), ttnn.DRAM_MEMORY_CONFIG,
         ["sharded_to_interleaved"])
    _run(device, (1, 1, 64, 128), ttnn.bfloat16, TILE, ttnn.DRAM_MEMORY_CONFIG, ttnn.L1_MEMORY_CONFIG,
         ["copy_default_tilized"])


# ----------------------------------------------------------------------------------------- ND-sharded sides
ND_CASES = [
    ("i-nd-l1-tile", (4, 3, 32, 64), ttnn.bfloat16, TILE, ttnn.DRAM_MEMORY_CONFIG, _nd((2, 1, 32, 64), (3, 1)),
     "copy_default_tilized"),
    ("i-nd-l1-tile-col-f32", (4, 96, 96), ttnn.float32, TILE, ttnn.L1_MEMORY_CONFIG, _nd((2, 64, 64), (3, 0), COL),
     "copy_default_tilized"),
    ("i-nd-dram-bf8", (4, 64, 64), ttnn.bfloat8_b, TILE, ttnn.DRAM_MEMORY_CONFIG, _nd((2, 32, 32), (7, 0), COL, DRAM),
     "copy_default_tilized"),
    ("i-nd-l1-rm", (6, 8, 64), ttnn.bfloat16, RM, ttnn.DRAM_MEMORY_CONFIG, _nd((4, 3, 24), (2, 0)),
     "copy_default_row_major"),
    ("i-nd-dram-rm-f32", (5, 7, 50), ttnn.float32, RM, ttnn.L1_MEMORY_CONFIG, _nd((2, 3, 12), (5, 0), ROW, DRAM),
     "copy_default_row_major"),
    ("nd-i-tile", (3, 5, 40, 70), ttnn.bfloat16, TILE, _nd((2, 3, 32, 64), (3, 1)), ttnn.DRAM_MEMORY_CONFIG,
     "copy_default_tilized"),
    ("nd-i-rm-col", (6, 8, 50), ttnn.bfloat16, RM, _nd((2, 4, 17), (5, 0), COL), ttnn.L1_MEMORY_CONFIG,
     "copy_default_row_major"),
    ("nd-dram-i-rm", (6, 8, 50), ttnn.uint32, RM, _nd((3, 8, 13), (3, 0), ROW, DRAM), ttnn.DRAM_MEMORY_CONFIG,
     "copy_default_row_major"),
    # an ND config with a legacy equivalent in DRAM: sharded_to_interleaved takes L1 inputs only
    ("nd-dram-legacy-i", (2, 64, 64), ttnn.bfloat16, TILE, _nd((1, 64, 64), (1, 0), ROW, DRAM),
     ttnn.L1_MEMORY_CONFIG, "copy_default_tilized"),
    # ND row-major shard rows of 34 bytes: reshard's validation refuses, sharded_to_interleaved too -> copy
    ("nd-nd-rm", (6, 8, 50), ttnn.bfloat16, RM, _nd((2, 4, 17), (5, 0)), _nd((3, 4, 13), (5, 1)),
     "copy_default_row_major"),
    ("nd-legacy-rm", (6, 8, 50), ttnn.bfloat16, RM, _nd((2, 4, 17), (5, 0)), _mc(WS, (1, 0), (48, 25)),
     "copy_default_row_major"),
]


@pytest.mark.parametrize("name,shape,dtype,layout,a,b,program", ND_CASES, ids=[c[0] for c in ND_CASES])
def test_nd_sharded_sides_run_copy(device, name, shape, dtype, layout, a, b, program):
    _run(device, shape, dtype, layout, a, b, [program])


def test_nd_with_dtype_runs_copy(device):
    _run(device, (4, 64, 96), ttnn.bfloat16, TILE, _nd((1, 64, 64), (3, 1)), _nd((3, 32, 32), (2, 1), COL),
         ["copy_default_tilized"], ttnn.float32)
    _run(device, (4, 64, 96), ttnn.float32, TILE, ttnn.DRAM_MEMORY_CONFIG, _nd((3, 32, 32), (2, 0), COL, DRAM),
         ["copy_default_tilized"], ttnn.bfloat8_b)


def test_preallocated_sharded_output(device):
    t = _tensor(device, (64, 20), ttnn.bfloat16, RM, ttnn.DRAM_MEMORY_CONFIG)
    mc = _mc(WS, (3, 0), (64, 5))
    out = ttnn.from_numpy(np.zeros((64, 20), np.float32), dtype=ttnn.bfloat16, layout=RM, device=device,
                          memory_config=mc)
    ttnn.clear_op_report()
    r = ttnn.to_memory_config(t, mc, output_tensor=out)
    assert _programs() == ["copy_default_row_major"] and r is out
    np.testing.assert_array_equal(ttnn.to_numpy(out), ttnn.to_numpy(t))


def test_program_cache_reuses_copy(device):
    a, b = _mc(HS, (3, 0), (32, 128)), _mc(BS, (1, 1), (64, 64))
    for seed in (1, 2):
        t = _tensor(device, (1, 1, 128, 128), ttnn.bfloat16, TILE, a, seed)
        ref = ttnn.to_numpy(ttnn.to_memory_config(ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG),
                                                  ttnn.DRAM_MEMORY_CONFIG, dtype=ttnn.float32))
        r = ttnn.to_memory_config(t, b, dtype=ttnn.float32)
        np.testing.assert_array_equal(ttnn.to_numpy(r), ref)


# --------------------------------------------------------------------------------------------------- refusals
def test_refusals(device):
    t = _tensor(device, (64, 64), ttnn.bfloat16, RM, _mc(HS, (1, 0), (32, 64)))
    # copy validates: only TILE converts
    with pytest.raises(LayoutError, match="Only tile layout supports dtype conversion"):
        ttnn.to_memory_config(t, _mc(HS, (3, 0), (16, 64)), dtype=ttnn.float32)
    # the input's own sharded config with an output tensor and a dtype: SameMemoryConfig's ShardedAddrGen program
    # (tests/test_ttnn_variants58.py has its refusals)
    out = ttnn.from_numpy(np.zeros((64, 64), np.float32), dtype=ttnn.bfloat16, layout=RM, device=device,
                          memory_config=t.memory_config())
    ttnn.to_memory_config(t, t.memory_config(), dtype=ttnn.bfloat16, output_tensor=out)
    np.testing.assert_array_equal(ttnn.to_numpy(out), ttnn.to_numpy(t))
    # ND -> ND of aligned row-major pages is reshard's, not copy's: pages of different sizes are refused there
    n = _tensor(device, (6, 8, 64), ttnn.bfloat16, RM, _nd((2, 4, 16), (5, 0)))
    with pytest.raises(NotModelledError, match="NdReshardCopyLocalShardFactory<local_is_input=true>") as e:
        ttnn.to_memory_config(n, _nd((3, 8, 32), (1, 0)))
    assert "Fix:" in str(e.value)
    # interleaved -> DRAM legacy sharding is interleaved_to_sharded's (its DRAM output from the banks' workers)
    d = _tensor(device, (4, 64, 64), ttnn.bfloat16, TILE, ttnn.DRAM_MEMORY_CONFIG)
    ttnn.clear_op_report()
    got = ttnn.to_memory_config(d, _nd((1, 64, 64), (3, 0), ROW, DRAM))
    assert ttnn.op_report()[-1].program == "interleaved_to_sharded"
    np.testing.assert_array_equal(ttnn.to_numpy(got), ttnn.to_numpy(d))


def test_interleaved_to_sharded_grid_size_overload(device):
    """interleaved_to_sharded(t, grid, shard_shape, scheme, orientation) with a grid size (CoreCoord, an (x, y) pair or
    a ttnn.CoreGrid): as many cores as the shards need, num_cores_to_corerangeset(n, grid, row_wise) from (0, 0)
    (interleaved_to_sharded.cpp), not the whole grid; a CoreRangeSet is taken as it is."""
    x = np.random.default_rng(3).standard_normal((1, 1, 64, 4096)).astype(np.float32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    WS, BS = ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.TensorMemoryLayout.BLOCK_SHARDED
    rect = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 3))])
    for grid in (ttnn.CoreCoord(8, 8), (8, 8), ttnn.CoreGrid(x=8, y=8), rect):
        s = ttnn.interleaved_to_sharded(t, grid, [64, 128], WS, ttnn.ShardOrientation.ROW_MAJOR)
        assert s.memory_config().shard_spec.grid.ranges == rect.ranges     # 32 shards: four rows of eight cores
        assert np.array_equal(ttnn.to_numpy(s), ttnn.to_numpy(t))
    # block shards, column-wise fill: 2 x 8 shards on the first two columns of an 8 x 8 grid
    s = ttnn.interleaved_to_sharded(t, ttnn.CoreCoord(8, 8), [32, 512], BS, ttnn.ShardOrientation.COL_MAJOR)
    assert s.memory_config().shard_spec.grid.ranges == (ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 7)),)
    assert np.array_equal(ttnn.to_numpy(s), ttnn.to_numpy(t))
    with pytest.raises(ttnn.ShardSpecError, match="need 128 cores but the grid 8x8 has 64"):
        ttnn.interleaved_to_sharded(t, ttnn.CoreCoord(8, 8), [32, 64], BS, ttnn.ShardOrientation.ROW_MAJOR)
