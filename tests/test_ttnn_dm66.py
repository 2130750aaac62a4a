"""helper-66's data-movement additions against numpy: ttnn.gather (tt-metal 622c6fb9's gather.cpp transforms and its
SingleRowSingleCore / SingleRowMultiCore programs: odd shapes, every dim, ranks 2-5, both index dtypes, the input
dtypes the kernels copy, the factory switch at 60 tiles, preallocated outputs, sub_core_grids, the raw-value store
into an output of another dtype, refusals), ttnn.pad's sub_core_grids (the multi-core factories' work split over
the given CoreRangeSet; the validation's refusals) and ttnn.moreh_full / moreh_full_like (prim::full's interleaved,
legacy-sharded and ND-sharded programs, the fill word's encoding, refusals)."""

import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn

RNG = np.random.default_rng(66)


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _dev(x, dtype, device, layout=ttnn.TILE_LAYOUT, mc=None):
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, device=device, memory_config=mc)


def _input(shape, dtype):
    if dtype == ttnn.int32:
        return RNG.integers(-2**31, 2**31 - 1, shape, dtype=np.int64)
    if dtype in (ttnn.uint32, ttnn.uint16):
        return RNG.integers(0, 60000, shape, dtype=np.int64)
    x = RNG.standard_normal(shape).astype(np.float32)
    if dtype == ttnn.bfloat16:      # values bfloat16 holds exactly: the gather copies them
        x = (x.view(np.uint32) & 0xFFFF0000).view(np.float32)
    return x


def _index(in_shape, idx_shape, dim):
    return RNG.integers(0, in_shape[dim], idx_shape, dtype=np.int64)


def _gather(x, i, dim):
    """torch.gather: out[..., j, ...] = x[..., i[..., j, ...], ...], the index at most as large as x but along dim."""
    dim %= x.ndim
    cut = tuple(slice(None) if d == dim else slice(0, n) for d, n in enumerate(i.shape))
    return np.take_along_axis(x[cut], i, dim)


# ---------------------------------------------------------------------------------------------------- ttnn.gather
@pytest.mark.parametrize("in_shape, idx_shape, dim", [
    ((37, 45), (37, 19), -1),
    ((37, 45), (20, 45), 0),
    ((3, 37, 45), (2, 11, 45), 1),
    ((5, 3, 33), (5, 3, 70), -1),          # the index row longer than the input's
    ((2, 3, 7, 65), (1, 3, 7, 65), 0),
    ((2, 3, 9, 40), (2, 2, 5, 40), 2),
    ((1, 2, 6, 3, 40), (1, 2, 4, 3, 33), 2),
])
@pytest.mark.parametrize("idx_dtype", [ttnn.uint16, ttnn.uint32])
def test_gather_matches_numpy(device, in_shape, idx_shape, dim, idx_dtype):
    x = _input(in_shape, ttnn.bfloat16)
    i = _index(in_shape, idx_shape, dim)
    got = ttnn.gather(_dev(x, ttnn.bfloat16, device), dim, index=_dev(i, idx_dtype, device))
    assert list(got.shape) == list(idx_shape)
    assert got.dtype == ttnn.bfloat16 and got.layout == ttnn.TILE_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(got), _gather(x, i, dim))


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.int32, ttnn.uint32, ttnn.uint16])
def test_gather_dtypes(device, dtype):
    """The kernels load and store raw values of the tile's element size: every non-block dtype comes out bit-exact."""
    x = _input((3, 50, 70), dtype)
    i = _index((3, 50, 70), (3, 41, 70), 1)
    got = ttnn.gather(_dev(x, dtype, device), 1, index=_dev(i, ttnn.uint32, device))
    assert got.dtype == dtype
    np.testing.assert_array_equal(ttnn.to_numpy(got), _gather(x, i, 1))


@pytest.mark.parametrize("w_in, w_idx, multi", [(60 * 32, 64, False), (61 * 32 - 5, 40, True), (64, 61 * 32, True)])
def test_gather_program_choice(device, w_in, w_idx, multi):
    """select_program_factory: SingleRowMultiCore once the input's or the index's row is over 60 tiles; the single
    core program splits rows of tiles, the multi-core one a row's index tiles."""
    x = _input((40, w_in), ttnn.bfloat16)
    i = _index((40, w_in), (40, w_idx), 1)
    ttnn.clear_op_report()
    got = ttnn.gather(_dev(x, ttnn.bfloat16, device), -1, index=_dev(i, ttnn.uint16, device))
    np.testing.assert_array_equal(ttnn.to_numpy(got), _gather(x, i, 1))
    rec = [r for r in ttnn.op_report() if r.op == "ttnn.gather"][-1]
    assert rec.program == ("gather_single_row_multi_core" if multi else "gather_single_row_single_core")
    assert rec.cores == (min(-(-w_idx // 32), 64) if multi else 2)


def test_gather_preallocated_output(device):
    x = _input((4, 33, 50), ttnn.bfloat16)
    i = _index((4, 33, 50), (4, 33, 21), 2)
    out = _dev(np.zeros((4, 33, 21), np.float32), ttnn.bfloat16, device)
    res = ttnn.gather(_dev(x, ttnn.bfloat16, device), -1, index=_dev(i, ttnn.uint16, device), out=out)
    np.testing.assert_array_equal(ttnn.to_numpy(out), _gather(x, i, 2))
    np.testing.assert_array_equal(ttnn.to_numpy(res), ttnn.to_numpy(out))
    with pytest.raises(tensix.ttnn.errors.ShapeError, match="Output tensor shape must be the same"):
        ttnn.gather(_dev(x, ttnn.bfloat16, device), -1, index=_dev(i, ttnn.uint16, device),
                    out=_dev(np.zeros((4, 33, 20), np.float32), ttnn.bfloat16, device))


def test_gather_output_of_another_dtype_stores_raw_bits(device):
    """write_value_to_tile stores the loaded uint32 value with the output's element size: a float32 input gathered
    into a bfloat16 `out` keeps each float's low 16 bits (a C integer conversion), as on the card."""
    x = _input((32, 64), ttnn.float32)
    i = _index((32, 64), (32, 64), 1)
    out = _dev(np.zeros((32, 64), np.float32), ttnn.bfloat16, device)
    ttnn.gather(_dev(x, ttnn.float32, device), 1, index=_dev(i, ttnn.uint16, device), out=out)
    low = (_gather(x, i, 1).view(np.uint32) & 0xFFFF) << 16
    np.testing.assert_array_equal(ttnn.to_numpy(out).view(np.uint32), low)


def test_gather_sub_core_grids(device):
    grids = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(2, 1)),
                               ttnn.CoreRange(ttnn.CoreCoord(5, 3), ttnn.CoreCoord(5, 5))])
    x = _input((8, 32, 100), ttnn.bfloat16)
    i = _index((8, 32, 100), (8, 32, 77), 2)
    ttnn.clear_op_report()
    got = ttnn.gather(_dev(x, ttnn.bfloat16, device), -1, index=_dev(i, ttnn.uint32, device), sub_core_grids=grids)
    np.testing.assert_array_equal(ttnn.to_numpy(got), _gather(x, i, 2))
    assert [r for r in ttnn.op_report() if r.op == "ttnn.gather"][-1].cores == 7     # 8 rows of tiles, 7 cores


def test_gather_refusals(device):
    x = _dev(_input((32, 64), ttnn.bfloat16), ttnn.bfloat16, device)
    i = _index((32, 64), (32, 64), 1)
    idx = _dev(i, ttnn.uint16, device)
    with pytest.raises(tensix.ttnn.errors.DTypeError, match="UINT32 or UINT16"):
        ttnn.gather(x, 1, index=_dev(i, ttnn.int32, device))
    with pytest.raises(tensix.ttnn.errors.LayoutError, match="tiled format"):
        ttnn.gather(x, 1, index=_dev(i, ttnn.uint16, device, ttnn.ROW_MAJOR_LAYOUT))
    with pytest.raises(tensix.ttnn.errors.TTNNError, match="out of range"):
        ttnn.gather(x, 2, index=idx)
    with pytest.raises(tensix.ttnn.errors.TTNNError, match="Sparse gradient"):
        ttnn.gather(x, 1, index=idx, sparse_grad=True)
    # an index larger than the input outside dim: gather.cpp's slice of the input to the index's outer dims stops
    # first (the device op's own check comes after it)
    with pytest.raises(tensix.ttnn.errors.TTNNError, match="Ends 64 must be less than or equal"):
        ttnn.gather(x, 1, index=_dev(_index((32, 64), (64, 64), 1), ttnn.uint16, device))
    with pytest.raises(tensix.NotModelledError, match="bfloat8_b|BFLOAT8_B"):
        ttnn.gather(_dev(_input((32, 64), ttnn.float32), ttnn.bfloat8_b, device), 1, index=idx)
    with pytest.raises(tensix.NotModelledError, match="past the input row"):
        ttnn.gather(x, 1, index=_dev(np.full((32, 64), 64, np.int64), ttnn.uint16, device))
    with pytest.raises(tensix.NotModelledError, match="one-element rank-1"):
        ttnn.gather(_dev(np.ones(1, np.float32), ttnn.bfloat16, device), 0,
                    index=_dev(np.zeros(1, np.int64), ttnn.uint16, device))


# ------------------------------------------------------------------------------------------- ttnn.pad sub_core_grids
_GRID = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(2, 2)),
                           ttnn.CoreRange(ttnn.CoreCoord(6, 4), ttnn.CoreCoord(6, 6))])     # 6 + 3 cores


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32, ttnn.uint16])
def test_pad_tile_sub_core_grids(device, dtype):
    x = _input((2, 3, 40, 33), dtype)
    t = _dev(x, dtype, device)
    ttnn.clear_op_report()
    got = ttnn.pad(t, [(0, 0), (0, 1), (0, 30), (0, 60)], 7, sub_core_grids=_GRID)
    np.testing.assert_array_equal(ttnn.to_numpy(got), np.pad(x, [(0, 0), (0, 1), (0, 30), (0, 60)],
                                                            constant_values=7))
    rec = [r for r in ttnn.op_report() if r.program == "pad_tile"][-1]
    assert rec.cores == 9       # 2 * 4 * 3 * 3 = 72 output tiles over the 9 cores


@pytest.mark.parametrize("shape, padding, cores", [((1, 3, 23, 40), [(0, 0), (1, 2), (3, 4), (5, 8)], 9),
                                                   ((1, 1, 5, 16), [(0, 0), (0, 0), (0, 2), (0, 8)], 7)])
def test_pad_row_major_sub_core_grids(device, shape, padding, cores):
    x = _input(shape, ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT)
    ttnn.clear_op_report()
    got = ttnn.pad(t, padding, 0.0, sub_core_grids=_GRID)
    np.testing.assert_array_equal(ttnn.to_numpy(got), np.pad(x, padding))
    assert [r for r in ttnn.op_report() if r.program == "pad_rm"][-1].cores == cores


def test_pad_sub_core_grids_refusals(device):
    x = _input((1, 1, 64, 64), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device)
    with pytest.raises(tensix.ttnn.errors.TTNNError, match="only supported when use_multicore is true"):
        ttnn.pad(t, [(0, 0), (0, 0), (0, 32), (0, 32)], 0, use_multicore=False, sub_core_grids=_GRID)
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))])
    sharded = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                                ttnn.ShardSpec(grid, (32, 64), ttnn.ShardOrientation.ROW_MAJOR))
    ts = ttnn.to_memory_config(t, sharded)
    with pytest.raises(tensix.ttnn.errors.ShardSpecError, match="Input memory layout must be interleaved"):
        ttnn.pad(ts, [(0, 0), (0, 0), (0, 32), (0, 0)], 0, sub_core_grids=_GRID)
    out_sharded = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                                    ttnn.ShardSpec(grid, (64, 64), ttnn.ShardOrientation.ROW_MAJOR))
    with pytest.raises(tensix.ttnn.errors.ShardSpecError, match="Output memory layout must be interleaved"):
        ttnn.pad(t, [(0, 0), (0, 0), (0, 64), (0, 0)], 0, memory_config=out_sharded, sub_core_grids=_GRID)


# ------------------------------------------------------------------------------------- ttnn.moreh_full(_like)
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
@pytest.mark.parametrize("shape", [(2, 37), (3, 5, 67, 45), (1, 200, 96)])
def test_moreh_full_like_interleaved(device, layout, shape):
    for dtype, value, want in ((ttnn.int32, -7, -7), (ttnn.float32, 0.1, np.float32(0.1)),
                               (ttnn.bfloat16, 2.00830080, 2.015625),     # bfloat16 rounds to nearest even
                               (ttnn.bfloat16, 0.0, 0.0)):
        t = _dev(_input(shape, dtype), dtype, device, layout)
        out = ttnn.moreh_full_like(t, value)
        assert out.dtype == dtype and out.layout == layout and list(out.shape) == list(shape)
        np.testing.assert_array_equal(ttnn.to_numpy(out), np.full(shape, want))


def test_moreh_full_like_tile_padding_and_int_word(device):
    """Whole pages are written: a TILE tensor's padding holds the value; an int fill value is the word's bits for
    every dtype (3 into bfloat16 is its high half, 0)."""
    t = _dev(_input((5, 40), ttnn.bfloat16), ttnn.bfloat16, device)
    out = ttnn.moreh_full_like(t, 1.5)
    from tensix.ttnn.tensor import _read_raw, values_from_bytes
    padded = values_from_bytes(_read_raw(out, "test"), out._shape, out._padded, out._dtype, out._layout)[0]
    assert padded.shape == (32, 64) and np.all(np.asarray(padded, np.float32) == 1.5)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.moreh_full_like(t, 3)), np.zeros((5, 40)))
    f = ttnn.moreh_full_like(t, 1, dtype=ttnn.float32)
    np.testing.assert_array_equal(ttnn.to_numpy(f).view(np.uint32), np.ones((5, 40), np.uint32))


def test_moreh_full_programs(device):
    ttnn.clear_op_report()
    ttnn.moreh_full([64, 96 * 32], 2.0, device)             # 192 tiles: a reader copy writes half of each core's
    rec = ttnn.op_report()[-1]
    assert rec.program == "full_interleaved" and rec.cores == 64
    grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1))])
    legacy = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.BLOCK_SHARDED, ttnn.BufferType.L1,
                               ttnn.ShardSpec(grid, (64, 64), ttnn.ShardOrientation.ROW_MAJOR))
    out = ttnn.moreh_full([2, 64, 128], -1, device, dtype=ttnn.int32, memory_config=legacy)
    np.testing.assert_array_equal(ttnn.to_numpy(out), np.full((2, 64, 128), -1))
    assert ttnn.op_report()[-1].program == "full_sharded"
    nd = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=ttnn.NdShardSpec(
        ttnn.Shape([2, 3, 64, 64]), grid, ttnn.ShardOrientation.ROW_MAJOR))
    out = ttnn.moreh_full([3, 4, 96, 100], 0.25, device, dtype=ttnn.float32, layout=ttnn.ROW_MAJOR_LAYOUT,
                          memory_config=nd)
    np.testing.assert_array_equal(ttnn.to_numpy(out), np.full((3, 4, 96, 100), 0.25, np.float32))
    assert ttnn.op_report()[-1].program in ("full_nd_sharded", "full_sharded")


def test_moreh_full_refusals(device):
    with pytest.raises(tensix.ttnn.errors.DTypeError, match="Unsupported data type"):
        ttnn.moreh_full([32, 32], 1.0, device, dtype=ttnn.uint32)
    with pytest.raises(tensix.ttnn.errors.ShapeError, match="Shape size must be greater than 1"):
        ttnn.moreh_full([32], 1.0, device)
    with pytest.raises(tensix.ttnn.errors.ShapeError, match="Invalid shape at index 1"):
        ttnn.moreh_full([2, 0, 3], 1.0, device)
    host = ttnn.from_numpy(np.ones((2, 32), np.float32), dtype=ttnn.bfloat16)
    with pytest.raises(tensix.ttnn.errors.TTNNError, match="Input must be on device"):
        ttnn.moreh_full_like(host, 1.0)
