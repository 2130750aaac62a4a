"""ttnn.slice's rank > 4 strided path and its tensor-args overload against numpy references (tt-metal 622c6fb9
ttnn/cpp/ttnn/operations/data_movement/slice/):

- strided slices of rank-5..7 row-major tensors run SliceRmStrideProgramFactory's _nd kernels
  (reader_multicore_slice_nd / writer_multicore_slice_nd), for every dtype a row-major tensor can have; TILE inputs go
  through row-major and back (slice.cpp's rm_only path); bfloat8_b is refused as slice.cpp refuses it;
- ttnn.slice(input, start_tensor, end_tensor, ...): ROW_MAJOR inputs or steps read both tensors back to the host
  (Tensor::to_vector<uint32_t>) and run the list slice; a TILE input without steps runs the device-only
  SliceTileTensorArgsProgramFactory, whose reader takes the begins from the start tensor's buffer on the card and whose
  output is the input with slice_dim divided by num_devices; tt-metal's validation errors, and tensix's refusals of
  reads the card would make outside the tensors."""

import ml_dtypes
import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(20261128)

_INT_RANGE = {ttnn.uint8: (0, 256), ttnn.uint16: (0, 65536), ttnn.uint32: (0, 2 ** 32),
              ttnn.int32: (-2 ** 31, 2 ** 31)}
_NP = {ttnn.uint8: np.uint8, ttnn.uint16: np.uint16, ttnn.uint32: np.uint32, ttnn.int32: np.int32,
       ttnn.float32: np.float32, ttnn.bfloat16: ml_dtypes.bfloat16}


def _data(shape, dtype):
    """Values the dtype holds exactly (so the reference is the slice of the same values)."""
    if dtype in _INT_RANGE:
        lo, hi = _INT_RANGE[dtype]
        return RNG.integers(lo, hi, size=shape, dtype=np.int64).astype(_NP[dtype])
    return RNG.standard_normal(shape).astype(np.float32).astype(_NP[dtype])


def _dev(x, dtype, device, layout=ttnn.ROW_MAJOR_LAYOUT, mc=None):
    return ttnn.from_numpy(np.asarray(x), dtype=dtype, layout=layout, device=device, memory_config=mc)


def _check(got_t, want):
    got = ttnn.to_numpy(got_t)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got.astype(np.float64), want.astype(np.float64))


ND_CASES = [
    ((1, 1, 32, 32, 64), [0, 0, 0, 0, 0], [1, 1, 32, 1, 32], [1, 1, 2, 1, 2]),   # the vendored test_slice_5d case
    ((3, 4, 5, 6, 8), [1, 0, 1, 2, 1], [3, 4, 5, 6, 8], [1, 3, 2, 3, 3]),
    ((2, 3, 4, 5, 16), [0, 1, 0, 0, 0], [2, 3, 4, 5, 16], [1, 1, 1, 1, 2]),       # only the last dim strided
    ((2, 3, 4, 5, 16), [1, 0, 0, 1, 0], [2, 3, 4, 5, 16], [1, 2, 3, 2, 1]),       # the last dim whole
    ((1, 1, 1, 1, 1, 256), [0] * 5 + [0], [1] * 5 + [256], [1] * 5 + [2]),
    ((1, 1, 1, 1, 1, 1, 256), [0] * 7, [1] * 6 + [256], [1] * 6 + [2]),            # test_slice_7d_strided
    ((2, 3, 2, 3, 2, 4, 6), [0, 0, 1, 0, 0, 1, 0], [2, 3, 2, 3, 2, 4, 6], [1, 2, 1, 2, 1, 2, 5]),
]


@pytest.mark.parametrize("shape,begins,ends,steps", ND_CASES)
def test_strided_slice_rank5_plus_bfloat16(device, shape, begins, ends, steps):
    x = _data(shape, ttnn.bfloat16)
    ttnn.clear_op_report()
    r = ttnn.slice(_dev(x, ttnn.bfloat16, device), begins, ends, steps)
    idx = tuple(slice(b, e, s) for b, e, s in zip(begins, ends, steps))
    _check(r, x[idx])
    rec = ttnn.op_report()[-1]
    assert rec.program == "slice_rm_stride"
    assert {row[2] for row in rec.run.rows} == {"reader_multicore_slice_nd.py", "writer_multicore_slice_nd.py"}
    out_rows = int(np.prod(x[idx].shape[:-1]))
    assert rec.cores == min(out_rows, 64)          # rows split over the 8x8 grid, the first cores one more


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32, ttnn.uint32, ttnn.uint16, ttnn.uint8])
def test_strided_slice_rank5_every_row_major_dtype(device, dtype):
    """SliceRmStrideProgramFactory takes any row-major dtype (element size 1, 2 or 4: the reader packs the kept
    elements byte by byte); 70 output rows over 64 cores (6 cores take two)."""
    x = _data((2, 5, 7, 3, 24), dtype)
    begins, ends, steps = [0, 0, 0, 0, 3], [2, 5, 7, 3, 24], [1, 1, 1, 2, 5]
    r = ttnn.slice(_dev(x, dtype, device), begins, ends, steps)
    assert r.dtype == dtype and r.layout == ttnn.ROW_MAJOR_LAYOUT
    _check(r, x[:, :, :, 0:3:2, 3:24:5])


def test_strided_slice_rank6_getitem_negative_indices_l1_output(device):
    x = _data((2, 3, 4, 2, 3, 40), ttnn.float32)
    t = _dev(x, ttnn.float32, device)
    _check(t[:, -2:, ::3, 1, :, 1:-1:4], x[:, -2:, ::3, 1, :, 1:-1:4])
    r = ttnn.slice(t, [0, 1, 0, 0, 0, 0], [2, -1, 4, 2, 3, 40], [2, 1, 2, 1, 2, 3], memory_config=ttnn.L1_MEMORY_CONFIG)
    assert r.memory_config().buffer_type == ttnn.BufferType.L1
    _check(r, x[0:2:2, 1:-1, 0:4:2, :, 0:3:2, 0:40:3])


def test_strided_slice_rank5_cache_hit_on_another_tensor(device):
    """The program is cached by the specs and the slice; a second tensor of the same spec reuses it (new
    addresses only)."""
    a, b = _data((2, 2, 3, 4, 32), ttnn.bfloat16), _data((2, 2, 3, 4, 32), ttnn.bfloat16)
    args = ([0, 1, 0, 1, 0], [2, 2, 3, 4, 32], [1, 1, 2, 2, 4])
    ttnn.clear_op_report()
    _check(ttnn.slice(_dev(a, ttnn.bfloat16, device), *args), a[:, 1:, ::2, 1::2, ::4])
    _check(ttnn.slice(_dev(b, ttnn.bfloat16, device), *args), b[:, 1:, ::2, 1::2, ::4])
    recs = [r for r in ttnn.op_report() if r.program == "slice_rm_stride"]
    assert [r.cache_hit for r in recs] == [False, True]


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
def test_strided_slice_rank5_tile_input_goes_through_row_major(device, dtype):
    x = _data((2, 3, 2, 40, 64), dtype)
    r = ttnn.slice(_dev(x, dtype, device, ttnn.TILE_LAYOUT), [0, 0, 1, 0, 0], [2, 3, 2, 40, 64], [1, 2, 1, 3, 2])
    assert r.layout == ttnn.TILE_LAYOUT
    _check(r, x[:, ::2, 1:, ::3, ::2])


def test_strided_slice_rank5_refusals(device):
    x = _data((2, 2, 2, 32, 32), ttnn.bfloat16)
    b8 = ttnn.from_numpy(x.astype(np.float32), dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(ttnn.DTypeError, match="Strided slice is not supported for BFLOAT8"):
        ttnn.slice(b8, [0] * 5, [2, 2, 2, 32, 32], [1, 1, 1, 2, 1])
    t = _dev(x, ttnn.bfloat16, device)
    with pytest.raises(ttnn.ShapeError, match="should be positive"):
        ttnn.slice(t, [0] * 5, [2, 2, 2, 32, 32], [1, 1, 0, 1, 1])
    with pytest.raises(ttnn.ShapeError, match="less than or equal to the shape"):
        ttnn.slice(t, [0] * 5, [2, 2, 3, 32, 32], [1, 1, 1, 2, 1])
    empty = ttnn.slice(t, [0, 0, 1, 0, 0], [2, 2, 1, 32, 32], [1, 1, 1, 2, 1])
    assert list(empty.shape) == [2, 2, 0, 16, 32]


# ------------------------------------------------------------------------------------------------ tensor args
def _idx(v, device=None, layout=ttnn.ROW_MAJOR_LAYOUT):
    """An index tensor as the vendored tests build it: ttnn.from_torch(torch.tensor(list)) (int64 -> uint32)."""
    return ttnn.from_numpy(np.asarray(v, dtype=np.int64), dtype=ttnn.uint32, layout=layout, device=device)


@pytest.mark.parametrize("shape,start,end", [((4, 4), [0, 1], [1, 2]), ((1, 28, 56, 96), [0, 0, 0, 0],
                                                                            [1, 16, 32, 32]), ((10,), [2], [7])])
@pytest.mark.parametrize("on_device", [False, True])
def test_tensor_args_row_major_reads_the_indices_on_the_host(device, shape, start, end, on_device):
    """The vendored test_slice_tensor_args cases: ROW_MAJOR, so slice.cpp reads the index tensors back
    (to_vector<uint32_t>) wherever they are and runs the list slice."""
    x = _data(shape, ttnn.bfloat16)
    d = device if on_device else None
    r = ttnn.slice(_dev(x, ttnn.bfloat16, device), _idx(start, d), _idx(end, d))
    _check(r, x[tuple(slice(b, e) for b, e in zip(start, end))])


def test_tensor_args_with_steps_and_tile_input_runs_the_list_slice(device):
    """Steps take the host path whatever the layout: a TILE input with steps is sliced through row-major."""
    x = _data((2, 3, 40, 64), ttnn.float32)
    t = _dev(x, ttnn.float32, device, ttnn.TILE_LAYOUT)
    r = ttnn.slice(t, _idx([0, 1, 3, 0], device), _idx([2, 3, 40, 64], device), [1, 1, 2, 4])
    assert r.layout == ttnn.TILE_LAYOUT
    _check(r, x[:, 1:, 3::2, ::4])
    r5 = ttnn.slice(_dev(_data((2, 2, 3, 4, 8), ttnn.int32), ttnn.int32, device), _idx([0] * 5), _idx([2, 2, 3, 4, 8]),
                    [1, 2, 2, 1, 3])
    assert list(r5.shape) == [2, 1, 2, 4, 3]


def test_tensor_args_host_path_errors(device):
    x = _data((4, 64), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device)
    with pytest.raises(ttnn.ShapeError, match="start tensor for slicing must be in 1D shape, but got 2D"):
        ttnn.slice(t, ttnn.from_numpy(np.zeros((1, 2), np.int64), dtype=ttnn.uint32), _idx([4, 64]))
    with pytest.raises(ttnn.ShapeError, match="end tensor for slicing must be in 1D shape"):
        ttnn.slice(t, _idx([0, 0]), ttnn.from_numpy(np.full((1, 2), 4, np.int64), dtype=ttnn.uint32))
    with pytest.raises(ttnn.DTypeError, match="Unsupported data type for to_vector"):
        ttnn.slice(t, ttnn.from_numpy(np.array([0, 0], np.int32), dtype=ttnn.int32), _idx([4, 64]))
    with pytest.raises(ttnn.DeviceMismatchError, match="Input tensor must be on device for tensor args slice"):
        ttnn.slice(ttnn.from_numpy(x.astype(np.float32), dtype=ttnn.bfloat16), _idx([0, 0]), _idx([4, 64]))
    with pytest.raises(ttnn.ShapeError, match="same size"):
        ttnn.slice(t, _idx([0, 0, 0]), _idx([4, 64, 1]))
    with pytest.raises(TypeError, match="both be ttnn tensors"):
        ttnn.slice(t, _idx([0, 0]), [4, 64])
    with pytest.raises(TypeError, match="slice_dim / num_devices belong"):
        ttnn.slice(t, [0, 0], [4, 64], slice_dim=0, num_devices=1)


@pytest.mark.parametrize("shape,slice_dim,num_devices,start", [
    ((1, 1, 128, 64), 2, 4, [0, 0, 32, 0]),          # test_slice_tensor_args_device_path's pattern
    ((1, 1, 128, 64), 2, 4, [0, 0, 96, 0]),
    ((1, 1, 64, 128), 3, 2, [0, 0, 0, 64]),
    ((1, 6, 32, 64), 1, 3, [0, 2, 0, 0]),
    ((4, 64, 96), 0, 2, [2, 0, 0]),
    ((96, 64), 0, 3, [32, 0]),
])
def test_tensor_args_device_only_tile_path(device, shape, slice_dim, num_devices, start):
    x = _data(shape, ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    end = list(start)
    end[slice_dim] += shape[slice_dim] // num_devices
    end = [e if i == slice_dim else shape[i] for i, e in enumerate(end)]
    ttnn.clear_op_report()
    r = ttnn.slice(t, _idx(start, device), _idx(end, device), slice_dim=slice_dim, num_devices=num_devices)
    rec = ttnn.op_report()[-1]
    assert rec.program == "SliceTileTensorArgsProgramFactory" and r.layout == ttnn.TILE_LAYOUT
    _check(r, x[tuple(slice(b, e) for b, e in zip(start, end))])


def test_tensor_args_device_only_reads_begins_at_run_time(device):
    """The begins are data on the card: a cached program run again with another start tensor slices elsewhere."""
    x = _data((1, 1, 128, 64), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    ttnn.clear_op_report()
    outs = [ttnn.slice(t, _idx([0, 0, b, 0], device), _idx([1, 1, b + 32, 64], device), slice_dim=2, num_devices=4)
            for b in (0, 64)]
    assert ttnn.op_report()[-1].cache_hit
    _check(outs[0], x[:, :, 0:32])
    _check(outs[1], x[:, :, 64:96])


def test_tensor_args_device_only_refuses_tt_metals_upper_dim_offset(device):
    """reader_unary_unpad_dims_interleaved_start_id_tensor_args.cpp folds the upper dims' begins from dim rank - 3
    down to dim 0 (upper = upper * shape[i] + begin[i]), so dim 0 weighs least: on a [2, 3, 32, 32] input a begin of 1
    in dim 1 gives an offset of 1 * 2 planes, and the slice the card returns starts at plane (0, 2), not (0, 1).
    That is wrong data on the card: tensix refuses it, naming the reader."""
    x = _data((2, 3, 32, 32), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    with pytest.raises(tensix.NotModelledError, match="folds the begins of the outer dims in the wrong order"):
        ttnn.slice(t, _idx([0, 1, 0, 0], device), _idx([2, 2, 32, 32], device), slice_dim=1, num_devices=3)
    # a begin in dim 1 only when dim 0 has size 1 (the vendored tests' shapes) is the row-major offset
    y = _data((1, 3, 32, 32), ttnn.bfloat16)
    r1 = ttnn.slice(_dev(y, ttnn.bfloat16, device, ttnn.TILE_LAYOUT), _idx([0, 1, 0, 0], device),
                    _idx([1, 2, 32, 32], device), slice_dim=1, num_devices=3)
    _check(r1, y[:, 1:2])


def test_tensor_args_device_only_errors_and_refusals(device):
    x = _data((1, 1, 128, 64), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    s, e = _idx([0, 0, 32, 0], device), _idx([1, 1, 64, 64], device)
    with pytest.raises(ValueError, match="slice_dim and num_devices must be provided"):
        ttnn.slice(t, s, e)
    with pytest.raises(ttnn.DeviceMismatchError, match="Start tensor must be on device"):
        ttnn.slice(t, _idx([0, 0, 32, 0]), e, slice_dim=2, num_devices=4)
    with pytest.raises(ttnn.DeviceMismatchError, match="End tensor must be on device"):
        ttnn.slice(t, s, _idx([1, 1, 64, 64]), slice_dim=2, num_devices=4)
    with pytest.raises(ttnn.ShapeError, match=r"slice_dim \(4\) must be less than tensor rank \(4\)"):
        ttnn.slice(t, s, e, slice_dim=4, num_devices=1)
    with pytest.raises(ttnn.ShapeError, match="must be evenly divisible by num_devices"):
        ttnn.slice(t, s, e, slice_dim=2, num_devices=3)
    with pytest.raises(ttnn.ShapeError, match="height begin index aligned to tiles"):
        ttnn.slice(t, s, e, slice_dim=2, num_devices=8)
    with pytest.raises(ttnn.ShapeError, match="width begin index aligned to tiles"):
        ttnn.slice(t, s, e, slice_dim=3, num_devices=4)
    v = _dev(_data((64,), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.ShapeError, match="Index out of bounds: -2"):
        ttnn.slice(v, _idx([0], device), _idx([32], device), slice_dim=0, num_devices=2)
    with pytest.raises(tensix.NotModelledError, match="past the input's"):
        ttnn.slice(t, _idx([0, 0, 128, 0], device), e, slice_dim=2, num_devices=4)
    with pytest.raises(tensix.NotModelledError, match="3 values in its first page for a rank-4"):
        ttnn.slice(t, _idx([0, 0, 32], device), _idx([1, 1, 64], device), slice_dim=2, num_devices=4)
    bf = ttnn.from_numpy(np.array([0, 0, 32, 0], np.float32), dtype=ttnn.bfloat16, device=device)
    with pytest.raises(tensix.NotModelledError, match="bits would be read as indices"):
        ttnn.slice(t, bf, e, slice_dim=2, num_devices=4)
    with pytest.raises(tensix.NotModelledError, match="sharded tensor-args slice"):
        grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 0))])
        hs = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                               ttnn.ShardSpec(grid, (32, 64), ttnn.ShardOrientation.ROW_MAJOR))
        ttnn.slice(t, s, e, slice_dim=2, num_devices=4, memory_config=hs)


_GRIDS = {
    "single core": ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(1, 0))]),
    "two ranges": ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(3, 6)),
                                     ttnn.CoreRange(ttnn.CoreCoord(5, 0), ttnn.CoreCoord(6, 6))]),
}


@pytest.mark.parametrize("grid", list(_GRIDS))
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
@pytest.mark.parametrize("step", [[1, 1], [4, 4]], ids=["step1", "step4"])
@pytest.mark.parametrize("args_as_tensor", [True, False])
def test_sub_core_grids(device, grid, layout, step, args_as_tensor):
    """test_slice_subcores' cases on a smaller input: every factory splits its work over sub_core_grids
    (split_work_to_cores' CoreRangeSet overload); the to_layout hops of a strided TILE slice use the whole grid."""
    g = _GRIDS[grid]
    x = _data((32, 4096), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, layout)
    ttnn.clear_op_report()
    if args_as_tensor:
        r = ttnn.slice(t, _idx([0, 0], device), _idx([32, 1024], device), step, slice_dim=1, num_devices=4,
                       sub_core_grids=g)
    else:
        r = ttnn.slice(t, [0, 0], [32, 1024], step, sub_core_grids=g)
    _check(r, x[::step[0], 0:1024:step[1]])
    slices = [rec for rec in ttnn.op_report() if "slice" in rec.program.lower()]
    assert len(slices) == 1
    used = {row[0] for row in slices[0].run.rows}
    assert used and all(g.contains(ttnn.CoreCoord(*c)) for c in used)
    if grid == "two ranges" and step == [1, 1]:
        assert any(c[0] >= 5 for c in used)        # 32 rows / tiles over 21 + 14 cores: the second range works too
