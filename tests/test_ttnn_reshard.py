"""ttnn.reshard and ttnn.to_memory_config between sharded configs, as tt-metal 622c6fb9 runs them
(tensix.ttnn.operations.dm_reshard): ReshardSameWidthFactory<true> (HEIGHT -> HEIGHT), ReshardGenericFactory with equal
page sizes (TILE between any layouts, row-major with the same shard width), ReshardSameHeightFactory<true> (row-major
WIDTH -> WIDTH covering the width exactly), to_memory_config's s2i -> i2s workaround (and its prim::copy
fallback), and the refusals. The values
must be the input's, exactly; the program that ran is checked in the op report."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import ShardSpecError

ROW, COL = ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR
HS, WS, BS = (ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.TensorMemoryLayout.WIDTH_SHARDED,
              ttnn.TensorMemoryLayout.BLOCK_SHARDED)
TILE, RM = ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _grid(x1, y1, x0=0, y0=0):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))])


def _mc(kind, grid, shard, orient=ROW, bt=ttnn.BufferType.L1):
    return ttnn.MemoryConfig(kind, bt, ttnn.ShardSpec(_grid(*grid), list(shard), orient))


def _tensor(device, shape, dtype, layout, mc, seed=0):
    x = np.random.default_rng(seed).standard_normal(shape).astype(np.float32) * 4
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, device=device, memory_config=mc)


def _programs():
    return [r.program for r in ttnn.op_report()]


def _check(device, shape, dtype, layout, a, b, program, via="to_memory_config"):
    t = _tensor(device, shape, dtype, layout, a)
    ref = ttnn.to_numpy(t)
    ttnn.clear_op_report()
    r = ttnn.to_memory_config(t, b) if via == "to_memory_config" else ttnn.reshard(t, b)
    assert _programs() == [program]
    assert r.memory_config() == b
    assert r.shape == t.shape and r.dtype == t.dtype and r.layout == t.layout
    got = ttnn.to_numpy(r)
    np.testing.assert_array_equal(got, ref)
    # the input is untouched
    np.testing.assert_array_equal(ttnn.to_numpy(t), ref)
    return r


SAME_WIDTH = [
    ("tile-4to2", (1, 1, 256, 64), TILE, (HS, (3, 0), (64, 64)), (HS, (1, 0), (128, 64))),
    ("tile-uneven", (1, 2, 96, 64), TILE, (HS, (5, 0), (32, 64)), (HS, (1, 1), (64, 64), COL)),
    ("tile-odd-shape", (1, 1, 100, 40), TILE, (HS, (3, 0), (32, 64)), (HS, (2, 0), (64, 64))),
    ("tile-col-grid", (2, 1, 128, 32), TILE, (HS, (1, 3), (32, 32), COL), (HS, (7, 0), (64, 32))),
    ("rm-uneven", (1, 1, 200, 64), RM, (HS, (3, 0), (64, 64)), (HS, (4, 0), (48, 64))),
    ("rm-3d", (3, 10, 32), RM, (HS, (2, 0), (10, 32)), (HS, (1, 1), (8, 32), COL)),
]


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b], ids=["bf16", "f32", "bfp8"])
@pytest.mark.parametrize("name,shape,layout,a,b", SAME_WIDTH, ids=[c[0] for c in SAME_WIDTH])
def test_same_width(device, name, shape, layout, a, b, dtype):
    if layout == RM and dtype == ttnn.bfloat8_b:
        pytest.skip("bfloat8_b is a tile format")
    _check(device, shape, dtype, layout, _mc(*a), _mc(*b), "reshard_same_width")


def test_same_width_via_reshard_and_program_cache(device):
    a, b = _mc(HS, (3, 0), (64, 64)), _mc(HS, (1, 0), (128, 64))
    _check(device, (1, 1, 256, 64), ttnn.bfloat16, TILE, a, b, "reshard_same_width", via="reshard")
    # a second call with other data hits the cache and rebinds the buffers
    t = _tensor(device, (1, 1, 256, 64), ttnn.bfloat16, TILE, a, seed=5)
    ttnn.clear_op_report()
    r = ttnn.reshard(t, b)
    assert [x.cache_hit for x in ttnn.op_report()] == [True]
    np.testing.assert_array_equal(ttnn.to_numpy(r), ttnn.to_numpy(t))


def test_same_width_into_output_tensor(device):
    a, b = _mc(HS, (3, 0), (32, 64)), _mc(HS, (1, 0), (64, 64))
    t = _tensor(device, (1, 1, 128, 64), ttnn.bfloat16, TILE, a)
    out = ttnn.to_memory_config(_tensor(device, (1, 1, 128, 64), ttnn.bfloat16, TILE, a, seed=3), b)
    r = ttnn.to_memory_config(t, b, output_tensor=out)
    assert r is out
    np.testing.assert_array_equal(ttnn.to_numpy(out), ttnn.to_numpy(t))


GENERIC = [
    ("block-to-height", (1, 1, 128, 128), TILE, (BS, (1, 1), (64, 64)), (HS, (3, 0), (32, 128))),
    ("height-to-block-col", (1, 1, 128, 128), TILE, (HS, (3, 0), (32, 128)), (BS, (3, 3), (32, 32), COL)),
    ("block-to-width-padded", (1, 1, 100, 100), TILE, (BS, (1, 1), (64, 64)), (WS, (3, 0), (128, 32))),
    ("width-to-width", (1, 1, 64, 128), TILE, (WS, (3, 0), (64, 32)), (WS, (1, 0), (64, 64))),
    ("width-to-height", (2, 1, 64, 96), TILE, (WS, (2, 0), (128, 32)), (HS, (1, 1), (32, 96))),
    ("block-to-block", (1, 1, 192, 128), TILE, (BS, (1, 2), (64, 64)), (BS, (3, 1), (64, 64), COL)),
    ("rm-block-to-block", (1, 1, 64, 128), RM, (BS, (1, 1), (32, 64)), (BS, (1, 3), (16, 64))),
    ("rm-height-to-block", (1, 1, 40, 32), RM, (HS, (4, 0), (8, 32)), (BS, (0, 2), (16, 32))),
    ("rm-width-padded", (1, 1, 30, 96), RM, (WS, (3, 0), (30, 32)), (WS, (2, 0), (30, 32), COL)),
]


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.bfloat8_b], ids=["bf16", "f32", "bfp8"])
@pytest.mark.parametrize("name,shape,layout,a,b", GENERIC, ids=[c[0] for c in GENERIC])
def test_generic(device, name, shape, layout, a, b, dtype):
    if layout == RM and dtype == ttnn.bfloat8_b:
        pytest.skip("bfloat8_b is a tile format")
    if name == "rm-width-padded" and dtype == ttnn.float32:
        pytest.skip("covered in bf16")
    _check(device, shape, dtype, layout, _mc(*a), _mc(*b), "reshard_generic")


SAME_HEIGHT = [
    ("4to2", (1, 1, 64, 128), (WS, (3, 0), (64, 32)), (WS, (1, 0), (64, 64))),
    ("col-3to4", (2, 3, 10, 96), (WS, (0, 2), (60, 32), COL), (WS, (3, 0), (60, 24))),
    ("2to8", (1, 1, 7, 256), (WS, (1, 0), (7, 128)), (WS, (7, 0), (7, 32))),
]


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("name,shape,a,b", SAME_HEIGHT, ids=[c[0] for c in SAME_HEIGHT])
def test_same_height(device, name, shape, a, b, dtype):
    if dtype == ttnn.float32 and name == "col-3to4":
        b = (WS, (1, 0), (60, 48))
    _check(device, shape, dtype, RM, _mc(*a), _mc(*b), "reshard_same_height")


def test_workaround_row_major_different_widths(device):
    """Row-major shards of different widths in different memory layouts: sharded_to_interleaved to DRAM, then
    interleaved_to_sharded (to_memory_config_op.cpp's workaround), not reshard."""
    a, b = _mc(BS, (1, 1), (32, 64)), _mc(HS, (1, 0), (32, 128))
    t = _tensor(device, (1, 1, 64, 128), ttnn.bfloat16, RM, a)
    ttnn.clear_op_report()
    r = ttnn.to_memory_config(t, b)
    assert _programs() == ["sharded_to_interleaved", "interleaved_to_sharded"]
    np.testing.assert_array_equal(ttnn.to_numpy(r), ttnn.to_numpy(t))


def test_reshard_validation_failure_falls_back(device):
    """An output shard row that is not 16-byte aligned fails reshard's validate_inputs: to_memory_config takes the
    workaround: sharded_to_interleaved runs, interleaved_to_sharded refuses the output, so tt-metal runs prim::copy
    from the sharded input (the DRAM copy was made for nothing)."""
    a, b = _mc(WS, (3, 0), (64, 32)), _mc(WS, (1, 0), (64, 50))
    t = _tensor(device, (1, 1, 64, 100), ttnn.bfloat16, RM, a)
    ttnn.clear_op_report()
    r = ttnn.to_memory_config(t, b)
    assert _programs() == ["sharded_to_interleaved", "copy_default_row_major"]
    assert r.memory_config() == b
    np.testing.assert_array_equal(ttnn.to_numpy(r), ttnn.to_numpy(t))
    with pytest.raises(ShardSpecError, match="Output row-major shard width 50"):
        ttnn.reshard(t, b)


def test_refuses_unaligned_same_width(device):
    a, b = _mc(HS, (3, 0), (32, 20)), _mc(HS, (1, 0), (64, 20))
    t = _tensor(device, (1, 1, 128, 20), ttnn.bfloat16, RM, a)
    with pytest.raises(NotModelledError, match=r"ReshardSameWidthFactory<local_is_output=true> with row-major "
                                               r"shard rows of 40 bytes"):
        ttnn.to_memory_config(t, b)


def test_generic_diff_width(device):
    """A config made from an ND spec skips the workaround: BLOCK -> HEIGHT of row-major shards of different widths
    is reshard's generic factory with different page sizes (tests/test_ttnn_variants58.py has more)."""
    a = _mc(BS, (1, 1), (64, 64))
    b = ttnn.MemoryConfig(ttnn.BufferType.L1, ttnn.NdShardSpec(ttnn.Shape([1, 1, 64, 128]), _grid(1, 0)))
    t = _tensor(device, (1, 1, 128, 128), ttnn.bfloat16, RM, a)
    ref = ttnn.to_numpy(t)
    ttnn.clear_op_report()
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.to_memory_config(t, b)), ref)
    assert _programs() == ["reshard_generic_diff_width"]


def test_dtype_runs_copy(device):
    """A dtype skips reshard: prim::copy's DefaultTilized factory over the sharded accessors
    (tests/test_ttnn_copy_sharded.py has more)."""
    a, b = _mc(HS, (3, 0), (32, 64)), _mc(HS, (1, 0), (64, 64))
    t = _tensor(device, (1, 1, 128, 64), ttnn.bfloat16, TILE, a)
    ttnn.clear_op_report()
    r = ttnn.to_memory_config(t, b, dtype=ttnn.float32)
    assert _programs() == ["copy_default_tilized"]
    assert r.memory_config() == b and r.dtype == ttnn.float32
    np.testing.assert_array_equal(ttnn.to_numpy(r), ttnn.to_numpy(t))


def test_refuses_dram_output(device):
    a = _mc(HS, (3, 0), (32, 64))
    b = _mc(HS, (1, 0), (64, 64), bt=ttnn.BufferType.DRAM)
    t = _tensor(device, (1, 1, 128, 64), ttnn.bfloat16, TILE, a)
    with pytest.raises(NotModelledError, match=r"ReshardSameWidthFactory<local_is_output=false>.*does not model"):
        ttnn.reshard(t, b)


# ------------------------------------------------------------------- ND factories (no legacy spec on one side)
def _nd(shard, grid, orient=ROW, bt=ttnn.BufferType.L1):
    return ttnn.MemoryConfig(bt, ttnn.NdShardSpec(list(shard), _grid(*grid), orient))


_L1, _DRAM = ttnn.BufferType.L1, ttnn.BufferType.DRAM
ND_CASES = [
    ("l1-l1-tile", (4, 64, 64), ttnn.bfloat16, TILE, _nd((1, 64, 64), (3, 1)), _nd((3, 32, 32), (2, 1), COL),
     "nd_reshard_copy_local_shard"),
    ("l1-dram-tile-odd", (3, 5, 40, 70), ttnn.float32, TILE, _nd((2, 3, 32, 64), (3, 1)),
     _nd((1, 2, 64, 32), (5, 0), COL, _DRAM), "nd_reshard_copy_local_shard"),
    ("dram-l1-bf8", (4, 64, 64), ttnn.bfloat8_b, TILE, _nd((3, 32, 32), (2, 0), COL, _DRAM), _nd((1, 64, 64), (3, 1)),
     "nd_reshard_copy_local_shard"),
    ("dram-dram-tile", (4, 64, 96), ttnn.float32, TILE, _nd((3, 32, 32), (2, 0), COL, _DRAM),
     _nd((2, 32, 64), (5, 0), ROW, _DRAM), "nd_reshard_copy_pages"),
    ("l1-l1-rm", (6, 8, 64), ttnn.bfloat16, RM, _nd((2, 4, 16), (5, 0)), _nd((3, 8, 16), (1, 0)),
     "nd_reshard_copy_local_shard"),
    ("dram-l1-rm-f32", (6, 8, 48), ttnn.float32, RM, _nd((2, 4, 8), (5, 0), ROW, _DRAM), _nd((3, 3, 8), (1, 1)),
     "nd_reshard_copy_local_shard"),
    ("dram-dram-rm-uint32", (6, 8, 48), ttnn.uint32, RM, _nd((2, 4, 8), (5, 0), ROW, _DRAM),
     _nd((3, 3, 8), (3, 0), COL, _DRAM), "nd_reshard_copy_pages"),
    ("legacy-nd", (4, 64, 64), ttnn.bfloat16, TILE, _mc(HS, (3, 0), (64, 64)), _nd((3, 32, 32), (2, 1), COL),
     "nd_reshard_copy_local_shard"),
    ("nd-legacy", (4, 64, 64), ttnn.bfloat16, TILE, _nd((3, 32, 32), (2, 1), COL), _mc(BS, (1, 1), (128, 32)),
     "nd_reshard_copy_local_shard"),
]


@pytest.mark.parametrize("name,shape,dtype,layout,a,b,program", ND_CASES, ids=[c[0] for c in ND_CASES])
@pytest.mark.parametrize("via", ["to_memory_config", "reshard"])
def test_nd_reshard_factories(device, name, shape, dtype, layout, a, b, program, via):
    t = _tensor(device, shape, dtype, layout, a)
    ref = ttnn.to_numpy(t)
    ttnn.clear_op_report()
    r = ttnn.to_memory_config(t, b) if via == "to_memory_config" else ttnn.reshard(t, b)
    assert _programs() == [program]
    if b.created_with_nd_shard_spec:
        assert r.memory_config().nd_shard_spec == b.nd_shard_spec and r.memory_config().buffer_type == b.buffer_type
    else:
        assert r.memory_config() == b
    np.testing.assert_array_equal(ttnn.to_numpy(r), ref)
    np.testing.assert_array_equal(ttnn.to_numpy(t), ref)


def test_nd_reshard_program_cache(device):
    a, b = _nd((3, 32, 32), (2, 0), COL, _DRAM), _nd((2, 32, 64), (5, 0), ROW, _DRAM)
    for seed in (3, 4):
        t = _tensor(device, (4, 64, 96), ttnn.bfloat16, TILE, a, seed)
        np.testing.assert_array_equal(ttnn.to_numpy(ttnn.to_memory_config(t, b)), ttnn.to_numpy(t))


def test_nd_reshard_refuses_different_page_sizes(device):
    """Row-major shards of other widths: the ND factories copy page p to page p, so tt-metal's result is not the
    tensor; NotModelledError names the factory."""
    t = _tensor(device, (6, 8, 64), ttnn.bfloat16, RM, _nd((2, 4, 16), (5, 0)))
    with pytest.raises(NotModelledError, match=r"NdReshardCopyLocalShardFactory<local_is_input=true> between pages "
                                               r"of 32 bytes") as e:
        ttnn.reshard(t, _nd((3, 8, 32), (1, 0)))
    assert "Fix:" in str(e.value)
    d = _tensor(device, (6, 8, 64), ttnn.bfloat16, RM, _nd((2, 4, 16), (5, 0), ROW, _DRAM))
    with pytest.raises(NotModelledError, match="NdReshardCopyPagesFactory"):
        ttnn.to_memory_config(d, _nd((3, 8, 32), (1, 0), ROW, _DRAM))
