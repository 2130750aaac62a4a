"""binary_ng's row-major path (tt-metal 622c6fb9 binary_ng_program_factory.cpp should_use_row_major_path,
kernels_ng/dataflow/reader_interleaved_rm_no_bcast.cpp / reader_interleaved_rm_scalar_op.cpp /
writer_interleaved_rm_no_bcast.cpp): ROW_MAJOR operands stay row-major, the compute kernel runs on row blocks as
tiles and the output is ROW_MAJOR. Element-wise math does not depend on where a value sits in a tile, so the result
must equal the same op on TILE_LAYOUT tensors bit for bit."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(7)


def put(device, x, dtype, layout):
    return ttnn.from_numpy(np.asarray(x), dtype=dtype, layout=layout, device=device)


def same_bits(r, e):
    r, e = np.asarray(r), np.asarray(e)
    assert r.shape == e.shape
    if r.dtype.itemsize == 4:
        return np.array_equal(r.view(np.uint32), e.view(np.uint32))
    return np.array_equal(r, e)


OPS = [ttnn.add, ttnn.subtract, ttnn.multiply, ttnn.divide, ttnn.maximum, ttnn.minimum, ttnn.gt, ttnn.lt, ttnn.eq,
       ttnn.ne, ttnn.ge, ttnn.le, ttnn.squared_difference, ttnn.rsub]
SHAPES = [((37,), (37,)), ((3, 7), (3, 7)), ((5, 33), (5, 33)), ((2, 64, 64), (2, 64, 64)), ((40, 8), (40, 8)),
          ((2, 3, 5, 1100), (1, 3, 5, 1100)), ((2, 1, 4, 24), (1, 3, 4, 24)), ((1, 1, 9, 2049), (1, 1, 9, 2049))]


def _run(device, op, x, y, dtype, layout):
    return op(put(device, x, dtype, layout), put(device, y, dtype, layout))


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("shapes", SHAPES, ids=lambda s: "x".join(map(str, s[0])) + "_" + "x".join(map(str, s[1])))
def test_tensor_tensor_matches_tile_layout(device, shapes, dtype):
    sa, sb = shapes
    x = RNG.standard_normal(sa).astype(np.float32) * 3
    y = RNG.standard_normal(sb).astype(np.float32) * 3
    y[np.abs(y) < 0.1] = 0.5
    x.flat[::5] = y.flat[:len(x.flat[::5])] if x.size == y.size else x.flat[::5]
    for op in OPS:
        r = _run(device, op, x, y, dtype, ttnn.ROW_MAJOR_LAYOUT)
        assert r.layout == ttnn.ROW_MAJOR_LAYOUT
        assert tuple(r.shape) == tuple(np.broadcast_shapes(sa, sb))
        e = _run(device, op, x, y, dtype, ttnn.TILE_LAYOUT)
        assert same_bits(ttnn.to_torch(r).float().numpy(), ttnn.to_torch(e).float().numpy()), (op, sa, sb, dtype)


def test_bounds_against_float64(device):
    x = RNG.standard_normal((3, 5, 45)).astype(np.float32)
    y = RNG.uniform(0.5, 2.0, (3, 5, 45)).astype(np.float32)
    for op, ref, tol in ((ttnn.add, np.add, 2 ** -7), (ttnn.multiply, np.multiply, 2 ** -7),
                         (ttnn.divide, np.divide, 2 ** -6), (ttnn.maximum, np.maximum, 0)):
        xb = put(device, x, ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT)
        yb = put(device, y, ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT)
        xr = ttnn.to_torch(xb).double().numpy()
        yr = ttnn.to_torch(yb).double().numpy()
        got = ttnn.to_torch(op(xb, yb)).double().numpy()
        want = ref(xr, yr)
        assert np.all(np.abs(got - want) <= tol * np.abs(want) + 1e-30), op
    f = put(device, x, ttnn.float32, ttnn.ROW_MAJOR_LAYOUT)
    g = put(device, y, ttnn.float32, ttnn.ROW_MAJOR_LAYOUT)
    got = ttnn.to_torch(ttnn.add(f, g)).double().numpy()
    assert np.array_equal(got, (x.astype(np.float64) + y).astype(np.float32))


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("shape", [(7,), (3, 37), (2, 4, 1030)])
def test_scalar_b_matches_tile_layout(device, shape, dtype):
    x = RNG.standard_normal(shape).astype(np.float32)
    for op, s in ((ttnn.add, 2.5), (ttnn.subtract, -1.25), (ttnn.multiply, 3.0), (ttnn.divide, 7.0),
                  (ttnn.gt, 0.25), (ttnn.rsub, 1.5)):
        r = op(put(device, x, dtype, ttnn.ROW_MAJOR_LAYOUT), s)
        assert r.layout == ttnn.ROW_MAJOR_LAYOUT
        e = op(put(device, x, dtype, ttnn.TILE_LAYOUT), s)
        assert same_bits(ttnn.to_torch(r).float().numpy(), ttnn.to_torch(e).float().numpy()), (op, s)


def test_report_names_row_major_kernels(device):
    a = put(device, RNG.standard_normal((4, 40)).astype(np.float32), ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT)
    r = ttnn.add(a, a)
    rec = ttnn.op_report()[-1]
    assert rec.attributes["kernels"] == ("reader_binary_ng_rm_no_bcast", "eltwise_binary_no_bcast",
                                         "writer_binary_ng_rm_no_bcast")
    assert rec.outputs and rec.cores >= 1
    ttnn.add(a, 1.0)
    assert ttnn.op_report()[-1].attributes["kernels"] == ("reader_binary_ng_rm_scalar_op", "eltwise_binary_scalar",
                                                         "writer_binary_ng_rm_no_bcast")
    ttnn.multiply(a, a)
    assert ttnn.op_report()[-1].attributes["kernels"][0] == "reader_binary_ng_rm_no_bcast"
    assert r.layout == ttnn.ROW_MAJOR_LAYOUT


def test_int32_add_row_major(device):
    x = RNG.integers(-1000, 1000, (3, 21)).astype(np.int32)
    y = RNG.integers(-1000, 1000, (3, 21)).astype(np.int32)
    try:
        e = ttnn.add(put(device, x, ttnn.int32, ttnn.TILE_LAYOUT), put(device, y, ttnn.int32, ttnn.TILE_LAYOUT))
    except NotModelledError:
        with pytest.raises(NotModelledError):
            ttnn.add(put(device, x, ttnn.int32, ttnn.ROW_MAJOR_LAYOUT), put(device, y, ttnn.int32,
                                                                            ttnn.ROW_MAJOR_LAYOUT))
        return
    r = ttnn.add(put(device, x, ttnn.int32, ttnn.ROW_MAJOR_LAYOUT), put(device, y, ttnn.int32, ttnn.ROW_MAJOR_LAYOUT))
    assert np.array_equal(ttnn.to_torch(r).numpy(), ttnn.to_torch(e).numpy())
    assert np.array_equal(ttnn.to_torch(r).numpy(), x + y)


def test_output_tensor_refused(device):
    a = put(device, np.ones((2, 24), np.float32), ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT)
    with pytest.raises(Exception, match="Optional output tensor with Row Major input"):
        ttnn.add(a, a, output_tensor=ttnn.add(a, a))


# ---- row-major subtile broadcasts (reader_interleaved_rm_{row,col,scalar}_bcast.cpp) ------------------------------------
BCAST_OPS = [ttnn.add, ttnn.multiply, ttnn.subtract, ttnn.maximum, ttnn.gt]
ROW_SHAPES = [((5, 37), (1, 37)), ((1, 37), (5, 37)), ((2, 9, 21), (2, 1, 21)), ((1, 3, 1, 45), (2, 3, 7, 45)),
              ((2, 40, 13), (1, 13)), ((3, 1100), (1, 1100))]
COL_SHAPES = [((5, 37), (5, 1)), ((5, 1), (5, 37)), ((2, 9, 21), (2, 9, 1)), ((2, 3, 7, 1), (1, 3, 7, 45)),
              ((2, 40, 13), (40, 1)), ((3, 1100), (3, 1))]
SCALAR_SHAPES = [((5, 37), (1, 1)), ((1, 1), (5, 37)), ((2, 9, 21), (2, 1, 1)), ((3, 1, 1), (2, 3, 7, 45)),
                 ((2, 40, 13), (1, 1)), ((1, 1, 1), (2, 40, 13)), ((3, 1100), (1, 1)), ((1, 1), (3, 1100))]


def _sid(s):
    return "x".join(map(str, s[0])) + "_" + "x".join(map(str, s[1]))


def _check_bcast(device, sa, sb, dtype):
    x = RNG.standard_normal(sa).astype(np.float32) * 3
    y = RNG.standard_normal(sb).astype(np.float32) * 3
    for op in BCAST_OPS:
        r = _run(device, op, x, y, dtype, ttnn.ROW_MAJOR_LAYOUT)
        assert r.layout == ttnn.ROW_MAJOR_LAYOUT
        assert tuple(r.shape) == tuple(np.broadcast_shapes(sa, sb))
        e = _run(device, op, x, y, dtype, ttnn.TILE_LAYOUT)
        assert same_bits(ttnn.to_torch(r).float().numpy(), ttnn.to_torch(e).float().numpy()), (op, sa, sb, dtype)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("shapes", ROW_SHAPES, ids=_sid)
def test_row_bcast_matches_tile_layout(device, shapes, dtype):
    _check_bcast(device, *shapes, dtype)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("shapes", COL_SHAPES, ids=_sid)
def test_col_bcast_matches_tile_layout(device, shapes, dtype):
    _check_bcast(device, *shapes, dtype)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("shapes", SCALAR_SHAPES, ids=_sid)
def test_scalar_bcast_matches_tile_layout(device, shapes, dtype):
    _check_bcast(device, *shapes, dtype)


# ROW_A_COL_B (a [..., 1, W], b [..., H, 1]) and ROW_B_COL_A: reader_interleaved_rm_row_col_mixed_bcast.cpp
MIXED_SHAPES = [((1, 24), (4, 1)), ((4, 1), (1, 24)), ((2, 1, 37), (2, 9, 1)), ((3, 9, 1), (1, 1, 37)),
                ((1, 3, 1, 45), (2, 3, 7, 1)), ((40, 1), (1, 13)), ((1, 1100), (3, 1)), ((5, 1), (1, 2049))]


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32])
@pytest.mark.parametrize("shapes", MIXED_SHAPES, ids=_sid)
def test_mixed_bcast_matches_tile_layout(device, shapes, dtype):
    _check_bcast(device, *shapes, dtype)
    ttnn.add(put(device, np.ones(shapes[0], np.float32), dtype, ttnn.ROW_MAJOR_LAYOUT),
             put(device, np.ones(shapes[1], np.float32), dtype, ttnn.ROW_MAJOR_LAYOUT))
    assert ttnn.op_report()[-1].attributes["kernels"][0] == "reader_binary_ng_rm_row_col_mixed_bcast"


@pytest.mark.parametrize("sa,sb", [((6, 45), (1, 45)), ((6, 45), (6, 1)), ((6, 1), (6, 45))])
def test_bcast_bounds_against_float64(device, sa, sb):
    x = RNG.standard_normal(sa).astype(np.float32)
    y = RNG.uniform(0.5, 2.0, sb).astype(np.float32)
    xb = put(device, x, ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT)
    yb = put(device, y, ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT)
    xr, yr = ttnn.to_torch(xb).double().numpy(), ttnn.to_torch(yb).double().numpy()
    for op, ref, tol in ((ttnn.add, np.add, 2 ** -7), (ttnn.multiply, np.multiply, 2 ** -7),
                         (ttnn.subtract, np.subtract, 2 ** -7), (ttnn.maximum, np.maximum, 0)):
        got = ttnn.to_torch(op(xb, yb)).double().numpy()
        want = ref(xr, yr)
        assert got.shape == want.shape
        assert np.all(np.abs(got - want) <= tol * np.abs(want) + 1e-30), op
    f, g = put(device, x, ttnn.float32, ttnn.ROW_MAJOR_LAYOUT), put(device, y, ttnn.float32, ttnn.ROW_MAJOR_LAYOUT)
    assert np.array_equal(ttnn.to_torch(ttnn.add(f, g)).numpy(), (x.astype(np.float64) + y).astype(np.float32))
    assert np.array_equal(ttnn.to_torch(ttnn.gt(f, g)).numpy(), (x > y).astype(np.float32))


@pytest.mark.parametrize("sa,sb,reader,compute", [
    ((4, 40), (1, 40), "reader_binary_ng_rm_row_bcast", "eltwise_binary_no_bcast"),
    ((1, 40), (4, 40), "reader_binary_ng_rm_row_bcast", "eltwise_binary_no_bcast"),
    ((4, 40), (4, 1), "reader_binary_ng_rm_col_bcast", "eltwise_binary"),
    ((4, 1), (4, 40), "reader_binary_ng_rm_col_bcast", "eltwise_binary"),
    ((4, 40), (1, 1), "reader_binary_ng_rm_scalar_bcast", "eltwise_binary"),
    ((1, 1), (4, 40), "reader_binary_ng_rm_scalar_bcast", "eltwise_binary")])
def test_report_names_rm_bcast_kernels(device, sa, sb, reader, compute):
    a = put(device, np.ones(sa, np.float32), ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT)
    b = put(device, np.ones(sb, np.float32), ttnn.bfloat16, ttnn.ROW_MAJOR_LAYOUT)
    ttnn.add(a, b)
    assert ttnn.op_report()[-1].attributes["kernels"] == (reader, compute, "writer_binary_ng_rm_no_bcast")
