"""tensix.ttnn's core: types and their printed forms (against the ttnn 0.81.1 wheel's host side,
shared/reference/ttnn/ttnn_0.81.1_host_reprs.txt), host tensors and conversions, device storage, errors, the
program cache, the op report; and the first op (ttnn.add / subtract / multiply, the binary_ng FPU path)."""

import csv
import json

import ml_dtypes
import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn
from tensix.device import formats


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


# ---- types and printed forms (oracle: the ttnn 0.81.1 wheel, mock cluster, no card) --------------------------
def test_enum_and_memory_config_reprs_match_ttnn():
    assert repr(ttnn.bfloat16) == "DataType.BFLOAT16" and int(ttnn.bfloat16) == 0
    assert repr(ttnn.TILE_LAYOUT) == "Layout.TILE"
    assert repr(ttnn.DRAM_MEMORY_CONFIG) == (
        "MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::DRAM,"
        "shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,"
        "range_lockstep_allocation=0)")
    assert ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.L1) == ttnn.L1_MEMORY_CONFIG
    assert ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED) == ttnn.DRAM_MEMORY_CONFIG


def test_shape_behaves_as_ttnn_shape():
    s = ttnn.Shape([2, 3, 40])
    assert s == (2, 3, 40) and s == [2, 3, 40] and len(s) == 3 and tuple(s) == (2, 3, 40) and s[-1] == 40
    assert repr(s) == "Shape([2, 3, 40])"


@pytest.mark.parametrize("shape,padded", [([2, 3, 40], [2, 32, 64]), ([40], [32, 64]), ([5, 40], [32, 64]),
                                          ([1, 1, 32, 32], [1, 1, 32, 32]), ([3, 33, 1], [3, 64, 32])])
def test_tile_padded_shape_as_ttnn(shape, padded):
    t = ttnn.from_numpy(np.zeros(shape, np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT)
    assert t.shape == shape and t.padded_shape == padded


ORACLE_RM = """ttnn.Tensor([[[ 0.0000,  1.0000,  ..., 38.0000, 39.0000],
              [40.0000, 41.0000,  ..., 78.0000, 79.0000],
              [80.0000, 81.0000,  ..., 118.0000, 119.0000]],

             [[120.0000, 121.0000,  ..., 158.0000, 159.0000],
              [160.0000, 161.0000,  ..., 198.0000, 199.0000],
              [200.0000, 201.0000,  ..., 238.0000, 239.0000]]], shape=Shape([2, 3, 40]), dtype=DataType::BFLOAT16, \
layout=Layout::ROW_MAJOR)"""

# printed by the ttnn 0.81.1 wheel (research session of 2026-11-26): values -> repr
ORACLE_MORE = [
    (np.arange(5) - 2.5, [5], ttnn.bfloat16,
     "ttnn.Tensor([-2.5000, -1.5000,  ...,  0.5000,  1.5000], shape=Shape([5]), dtype=DataType::BFLOAT16, "
     "layout=Layout::ROW_MAJOR)"),
    (np.arange(6) * 1000.123, [2, 3], ttnn.bfloat16,
     "ttnn.Tensor([[ 0.0000, 1000.0000, 2000.0000],\n             [3008.0000, 4000.0000, 4992.0000]], "
     "shape=Shape([2, 3]), dtype=DataType::BFLOAT16, layout=Layout::ROW_MAJOR)"),
    (np.arange(6) * -0.001, [2, 3], ttnn.float32,
     "ttnn.Tensor([[-0.0000, -0.0010, -0.0020],\n             [-0.0030, -0.0040, -0.0050]], shape=Shape([2, 3]), "
     "dtype=DataType::FLOAT32, layout=Layout::ROW_MAJOR)"),
    (np.arange(42), [7, 6], ttnn.float32,
     "ttnn.Tensor([[ 0.0000,  1.0000,  ...,  4.0000,  5.0000],\n             [ 6.0000,  7.0000,  ..., 10.0000, "
     "11.0000],\n             ...,\n             [30.0000, 31.0000,  ..., 34.0000, 35.0000],\n             "
     "[36.0000, 37.0000,  ..., 40.0000, 41.0000]], shape=Shape([7, 6]), dtype=DataType::FLOAT32, "
     "layout=Layout::ROW_MAJOR)"),
    (np.arange(6), [6], ttnn.int32,
     "ttnn.Tensor([    0,     1,  ...,     4,     5], shape=Shape([6]), dtype=DataType::INT32, "
     "layout=Layout::ROW_MAJOR)"),
    ([1e-8, 1e8, 3.5], [3], ttnn.float32,
     "ttnn.Tensor([ 1.0000e-08,  1.0000e+08,  3.5000e+00], shape=Shape([3]), dtype=DataType::FLOAT32, "
     "layout=Layout::ROW_MAJOR)"),
    ([np.nan, np.inf, -np.inf], [3], ttnn.float32,
     "ttnn.Tensor([    nan,     inf,    -inf], shape=Shape([3]), dtype=DataType::FLOAT32, layout=Layout::ROW_MAJOR)"),
    ([7.0], [1], ttnn.bfloat16,
     "ttnn.Tensor([ 7.0000], shape=Shape([1]), dtype=DataType::BFLOAT16, layout=Layout::ROW_MAJOR)"),
    ([], [0], ttnn.bfloat16, "ttnn.Tensor([], shape=Shape([0]), dtype=DataType::BFLOAT16, layout=Layout::ROW_MAJOR)"),
]


def test_tensor_repr_matches_ttnn():
    t = ttnn.from_numpy(np.arange(240, dtype=np.float32).reshape(2, 3, 40), dtype=ttnn.bfloat16)
    assert repr(t) == ORACLE_RM
    for vals, shape, dtype, want in ORACLE_MORE:
        t = ttnn.Tensor(list(np.asarray(vals, np.float64).ravel()), shape, dtype, ttnn.ROW_MAJOR_LAYOUT)
        assert repr(t) == want


def test_tile_tensor_prints_its_logical_values(device):
    x = np.arange(240, dtype=np.float32).reshape(2, 3, 40)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    assert repr(t) == ORACLE_RM.replace("ROW_MAJOR", "TILE")


# ---- host conversions -------------------------------------------------------------------------------------
def test_bfloat16_conversion_rounds_to_nearest_even_as_tt_metal_host():
    # 1 + 2^-8 is a tie between 1 and 1 + 2^-7: to even -> 1.0; 1 + 3*2^-8 -> 1 + 2^-6 (even)
    x = np.array([1 + 2**-8, 1 + 3 * 2**-8, np.nan], np.float32)
    v = ttnn.to_numpy(ttnn.from_numpy(x, dtype=ttnn.bfloat16))
    assert v[0] == 1.0 and v[1] == 1 + 2**-6 and np.isnan(v[2])


@pytest.mark.parametrize("dtype,np_dtype", [(ttnn.bfloat16, np.float32), (ttnn.float32, np.float32),
                                            (ttnn.int32, np.int32), (ttnn.uint32, np.uint32),
                                            (ttnn.uint16, np.uint16)])
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
@pytest.mark.parametrize("memory_config", [ttnn.DRAM_MEMORY_CONFIG, ttnn.L1_MEMORY_CONFIG])
def test_device_round_trip_every_dtype(device, dtype, np_dtype, layout, memory_config):
    rng = np.random.default_rng(3)
    x = (rng.standard_normal((3, 37, 45)) * 100).astype(np.float32)
    if np_dtype != np.float32:
        x = np.abs(x).astype(np_dtype)
    want = ttnn.to_numpy(ttnn.from_numpy(x, dtype=dtype))
    t = ttnn.from_numpy(x, dtype=dtype, layout=layout, device=device, memory_config=memory_config)
    assert t.storage_type() == ttnn.StorageType.DEVICE and t.memory_config() == memory_config
    back = ttnn.from_device(t)
    assert back.storage_type() == ttnn.StorageType.HOST and back.layout == layout
    np.testing.assert_array_equal(ttnn.to_numpy(back), want)
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.to_layout(back, ttnn.ROW_MAJOR_LAYOUT)), want)


def test_tile_padding_value_and_device_bytes(device):
    x = np.arange(3 * 40, dtype=np.float32).reshape(3, 40)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, pad_value=-42.0)
    padded = t.host_values().astype(np.float32)
    assert padded.shape == (32, 64) and (padded[3:, :] == -42).all() and (padded[:3, 40:] == -42).all()
    d = ttnn.to_device(t, device)
    raw = d._buffer.read_bytes()[: 2 * 2048]
    tiles = formats.unpack_tile_bytes(raw.reshape(2, 2048), formats.DataFormat.Float16_b)
    np.testing.assert_array_equal(tiles[0], padded[:, :32])
    np.testing.assert_array_equal(tiles[1], padded[:, 32:])


def test_bfloat8_b_is_tiled_and_packed_as_tt_metal_host():
    x = np.linspace(-0.9, 0.9, 7 * 32, dtype=np.float32).reshape(7, 32)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat8_b)
    assert t.layout == ttnn.TILE_LAYOUT and t.padded_shape == [32, 32]
    packed = formats.pack_tile_bytes(np.pad(x, ((0, 25), (0, 0))), formats.DataFormat.Bfp8_b)
    np.testing.assert_array_equal(t._bfp.reshape(-1), packed)
    with pytest.raises(ttnn.LayoutError, match="TILE_LAYOUT"):
        ttnn.from_numpy(x, dtype=ttnn.bfloat8_b, layout=ttnn.ROW_MAJOR_LAYOUT)


def test_bfloat8_b_round_trip_first_row_matches_ttnn():
    # ttnn 0.81.1 (host reprs file): [-0.9, -0.6, -0.3, 0, 0.3, 0.6, 0.9, -0.9, ...] -> [-0.89844, -0.60156, ...]
    x = np.tile(np.array([-0.9, -0.6, -0.3, 0.0, 0.3, 0.6, 0.9], np.float32), 147)[:1024].reshape(32, 32)
    v = ttnn.to_numpy(ttnn.from_numpy(x, dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT))
    np.testing.assert_allclose(v[0, :8], [-0.89844, -0.60156, -0.29688, 0.0, 0.29688, 0.60156, 0.89844, -0.89844],
                               atol=6e-6)


def test_torch_round_trip():
    torch = pytest.importorskip("torch")
    x = torch.randn(2, 33, 65, dtype=torch.bfloat16)
    t = ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT)
    assert t.dtype == ttnn.bfloat16
    y = ttnn.to_torch(t)
    assert y.dtype == torch.bfloat16 and torch.equal(x, y)
    assert ttnn.to_torch(ttnn.from_torch(torch.arange(5, dtype=torch.int32))).dtype == torch.int32
    assert ttnn.to_torch(ttnn.from_torch(x, dtype=ttnn.bfloat8_b)).dtype == torch.float32


# ---- errors -------------------------------------------------------------------------------------------------
def test_use_after_deallocate_closed_device_and_host_tensor_errors(device):
    a = ttnn.from_numpy(np.ones((32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    host = ttnn.from_numpy(np.ones((32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.DeviceMismatchError, match=r"input 1 .* is on the host.*\nFix: ttnn.to_device"):
        ttnn.add(a, host)
    ttnn.deallocate(a)
    with pytest.raises(ttnn.DeallocatedError, match="was deallocated"):
        ttnn.add(a, a)
    with pytest.raises(RuntimeError):           # ttnn's errors are RuntimeErrors, as tt-metal's tests expect
        ttnn.to_numpy(a)
    b = ttnn.from_numpy(np.ones((32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    ttnn.close_device(device)
    with pytest.raises(ttnn.DeviceMismatchError, match="closed"):
        ttnn.add(b, b)


def test_out_of_memory_is_reported_as_ttnn_does(device):
    # 48 MiB of float32 take 768 KiB of each core's 1464 KiB L1: the second one does not fit
    keep = ttnn.zeros((3, 4096, 1024), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device,
                      memory_config=ttnn.L1_MEMORY_CONFIG)
    with pytest.raises(ttnn.OutOfMemoryError, match=r"Out of Memory: Not enough space to allocate .* L1 buffer"):
        ttnn.zeros((3, 4096, 1024), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device,
                   memory_config=ttnn.L1_MEMORY_CONFIG)
    ttnn.deallocate(keep)


def test_tiled_op_on_row_major_and_mismatched_dtypes_are_refused(device):
    x = np.ones((32, 32), np.float32)
    rm = ttnn.from_numpy(x, dtype=ttnn.bfloat16, device=device)
    tl = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    # a row-major operand beside a tiled one is tilized on the device first (binary.cpp invoke_binary_ng_impl)
    out = ttnn.add(rm, tl)
    assert out.layout == ttnn.TILE_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(out), 2 * x)
    with pytest.raises(ttnn.ShapeError, match="not broadcastable"):
        ttnn.add(ttnn.from_numpy(np.ones((2, 32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                                 device=device),
                 ttnn.from_numpy(np.ones((3, 32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                                 device=device))


def test_every_ttnn_error_is_a_tensix_error_and_runtime_error():
    for name in ("TTNNError", "ShapeError", "LayoutError", "DTypeError", "DeviceMismatchError", "DeallocatedError",
                 "OutOfMemoryError", "ShardSpecError"):
        cls = getattr(ttnn, name)
        assert issubclass(cls, tensix.TensixError) and issubclass(cls, RuntimeError)


# ---- the first op, the program cache and the report ---------------------------------------------------------
def _bf16(x):
    return np.asarray(x, np.float32).astype(ml_dtypes.bfloat16).astype(np.float64)


def _fpu_dst16(v64):
    """A float64 result in a 16-bit Dst: rounded to float32 then to BF16 (nearest, ties to even; tensix.device.fpu)."""
    bits = np.ascontiguousarray(v64.astype(np.float32)).view(np.uint32)
    return (formats.fp32_to_bf16_rne(bits).astype(np.uint32) << 16).view(np.float32)


@pytest.mark.parametrize("name,fn", [("add", np.add), ("subtract", np.subtract), ("multiply", np.multiply)])
def test_binary_ops_with_outer_broadcast_against_float64(device, name, fn):
    rng = np.random.default_rng(7)
    a = rng.standard_normal((2, 3, 64, 96)).astype(np.float32)
    b = rng.standard_normal((1, 3, 64, 96)).astype(np.float32)
    ta = ttnn.from_numpy(a, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    tb = ttnn.from_numpy(b, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    # multiply with fast_and_approximate_mode runs the FPU's ELWMUL (without it, bfloat16 operands take the SFPU's
    # mul_binary_tile at tt-metal 622c6fb9: tests/test_ttnn_binary.py)
    kw = {"fast_and_approximate_mode": True} if name == "multiply" else {}
    out = getattr(ttnn, name)(ta, tb, **kw)
    assert out.shape == (2, 3, 64, 96) and out.dtype == ttnn.bfloat16
    if name == "multiply":
        # ELWMUL runs HiFi4's four fidelity phases, each added to the 16-bit Dst with its rounding: not the
        # rounded exact product. Reference: tensix.device.fpu's model on the tiles, then the packer.
        from tensix.device import fpu
        bf = formats.DataFormat.Float16_b
        def tiles_of(v):
            v = np.broadcast_to(v, (2, 3, 64, 96))
            t = v.reshape(2, 3, 2, 32, 3, 32).transpose(0, 1, 2, 4, 3, 5).reshape(-1, 32, 32)
            return formats.unpack_to_src(formats.pack_tile_bytes(t, bf), bf, fp32_dest=False)
        ta_, tb_ = tiles_of(a), tiles_of(b)
        dst = fpu.eltwise_binary("mul", ta_, tb_, None, "HiFi4", False)
        tiles = formats.unpack_tile_bytes(formats.pack_from_dest(dst, False, bf), bf)
        want = tiles.reshape(2, 3, 2, 3, 32, 32).transpose(0, 1, 2, 4, 3, 5).reshape(2, 3, 64, 96)
        np.testing.assert_array_equal(ttnn.to_numpy(out), want)
        # near the exact product: the phase products and each addition round to BF16 (measured worst 1.02%)
        np.testing.assert_allclose(ttnn.to_numpy(out), fn(_bf16(a), _bf16(b)), rtol=2**-6, atol=1e-30)
    else:       # add / sub of two bf16s: exact in float64, rounded once by the 16-bit Dst
        np.testing.assert_array_equal(ttnn.to_numpy(out), _fpu_dst16(fn(_bf16(a), _bf16(b))))


def test_odd_shape_keeps_its_logical_shape_and_padding_does_not_leak(device):
    rng = np.random.default_rng(1)
    a = rng.standard_normal((3, 37, 45)).astype(np.float32)
    ta = ttnn.from_numpy(a, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.add(ta, ta)
    assert out.shape == (3, 37, 45) and out.padded_shape == (3, 64, 64)
    np.testing.assert_array_equal(ttnn.to_numpy(out), _fpu_dst16(2 * _bf16(a)))


def test_program_cache_hit_on_second_call_and_report(device, tmp_path):
    ttnn.clear_op_report()
    x = np.ones((1, 1, 64, 64), np.float32)
    a = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    ttnn.add(a, a)
    ttnn.add(a, a)
    assert device.num_program_cache_entries() == 1
    ttnn.multiply(a, a)
    assert device.num_program_cache_entries() == 2
    recs = ttnn.op_report()
    assert [r.op for r in recs] == ["ttnn.add", "ttnn.add", "ttnn.multiply"]
    assert [r.cache_hit for r in recs] == [False, True, False]
    assert all(r.cores == 4 and r.device_ns > 0 for r in recs)
    assert recs[0].device_cycles == recs[1].device_cycles
    ttnn.op_report_csv(tmp_path / "ops.csv")
    rows = list(csv.DictReader(open(tmp_path / "ops.csv")))
    assert rows[0]["OP CODE"] == "ttnn.add" and rows[0]["CORE COUNT"] == "4"
    assert float(rows[2]["DEVICE KERNEL DURATION [ns]"]) == pytest.approx(recs[2].device_ns, abs=1)
    ttnn.op_trace(tmp_path / "ops.json")
    ev = json.load(open(tmp_path / "ops.json"))["traceEvents"]
    ops = [e for e in ev if e.get("pid") == 0 and e["ph"] == "X"]
    assert [e["name"] for e in ops] == ["ttnn.add", "ttnn.add", "ttnn.multiply"]
    assert ops[1]["ts"] == pytest.approx(ops[0]["dur"])
    assert "ttnn.multiply" in ttnn.format_op_report()
    device.disable_and_clear_program_cache()
    ttnn.add(a, a)
    assert device.num_program_cache_entries() == 0


def test_manage_device_closes():
    with ttnn.manage_device(device_id=0) as dev:
        assert dev.compute_with_storage_grid_size() == ttnn.CoreCoord(8, 8)
        assert dev.arch() == ttnn.Arch.WORMHOLE_B0
        # Device::num_dram_channels is the SoC descriptor's DRAM views: 12 on Wormhole, one per dram_grid_size column
        assert dev.num_dram_channels() == 12 == dev.dram_grid_size().x
    assert not dev.is_open
    with pytest.raises(ttnn.TTNNError, match="device 0"):
        ttnn.open_device(device_id=1)


def test_create_sharded_memory_config_as_ttnn_core_py():
    """tt-metal 622c6fb9 ttnn/ttnn/core.py: shard shapes, the COL_MAJOR swap of a given shard shape, uneven splits."""
    grid = ttnn.CoreGrid(y=2, x=4)
    shard = lambda *a, **k: ttnn.create_sharded_memory_config(*a, **k).shard_spec.shape
    assert shard((1, 1, 256, 256), grid, ttnn.ShardStrategy.HEIGHT) == (32, 256)
    assert shard((1, 1, 256, 256), grid, ttnn.ShardStrategy.WIDTH) == (256, 32)
    assert shard((1, 1, 256, 256), grid, ttnn.ShardStrategy.BLOCK) == (128, 64)
    assert shard((1, 1, 256, 256), grid, ttnn.ShardStrategy.BLOCK, ttnn.ShardOrientation.COL_MAJOR) == (64, 128)
    assert shard((64, 32), grid, ttnn.ShardStrategy.HEIGHT, use_height_and_width_as_shard_shape=True) == (64, 32)
    assert shard((64, 32), grid, ttnn.ShardStrategy.HEIGHT, ttnn.ShardOrientation.COL_MAJOR,
                 use_height_and_width_as_shard_shape=True) == (32, 64)
    with pytest.raises(ttnn.TTNNError, match="Invalid sharding core_grid"):
        ttnn.create_sharded_memory_config((1, 1, 100, 64), grid, ttnn.ShardStrategy.HEIGHT)
    crs = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))])
    with pytest.raises(ttnn.TTNNError, match="height and width must be shard shape with CoreRangeSet"):
        ttnn.create_sharded_memory_config((64, 64), crs, ttnn.ShardStrategy.HEIGHT)
    mc = ttnn.create_sharded_memory_config_((1, 1, 100, 64), grid, ttnn.ShardStrategy.HEIGHT,
                                           ttnn.ShardOrientation.ROW_MAJOR, tile_layout=True)
    assert mc.shard_spec.shape == (32, 64) and mc.memory_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED


def test_rank0_zero_volume_and_host_memory_config(device):
    """Found by tt-metal's test_to_and_from_torch / test_full / test_creation: a rank-0 tensor keeps shape (), a
    zero-volume tensor goes to the device and back, a host tensor's spec has ttnn's DRAM default memory config."""
    assert ttnn.to_numpy(ttnn.full([], 3, dtype=ttnn.int32)).shape == ()
    assert ttnn.to_numpy(ttnn.full([], 3.0, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)).shape == ()
    for layout in (ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT):
        t = ttnn.from_numpy(np.zeros((0,), np.float32), dtype=ttnn.bfloat16, layout=layout, device=device)
        assert ttnn.to_numpy(t).shape == (0,)
    assert ttnn.arange(0, 10, 3).memory_config() == ttnn.DRAM_MEMORY_CONFIG


def test_col_tilize_transposes_before_packing():
    """ttnn 622c6fb9 from_torch(col_tilize=True): the BFP tiles of the transposed matrix, shape (..., N, K)."""
    x = np.random.default_rng(2).standard_normal((1, 1, 64, 96)).astype(np.float32)
    a = ttnn.from_torch(x, dtype=ttnn.bfloat8_b, col_tilize=True)
    b = ttnn.from_torch(np.swapaxes(x, -1, -2).copy(), dtype=ttnn.bfloat8_b)
    assert a.shape == (1, 1, 96, 64)
    np.testing.assert_array_equal(ttnn.to_numpy(a), ttnn.to_numpy(b))
    with pytest.raises(ttnn.TTNNError, match="requires BFP dtype"):
        ttnn.from_torch(x, dtype=ttnn.bfloat16, col_tilize=True)


def test_dtype_inferred_as_ttnn_dtype_traits():
    """tt-metal 622c6fb9 ttnn_dtype_traits.hpp: torch int64 -> uint32, int16 -> uint16, float16 -> bfloat16,
    int32 -> int32; no dtype for float64 (pass dtype=)."""
    torch = pytest.importorskip("torch")
    assert ttnn.from_torch(torch.arange(4)).dtype == ttnn.uint32
    assert ttnn.from_torch(torch.arange(4, dtype=torch.int16)).dtype == ttnn.uint16
    assert ttnn.from_torch(torch.ones(4, dtype=torch.float16)).dtype == ttnn.bfloat16
    assert ttnn.from_torch(torch.ones(4, dtype=torch.int32)).dtype == ttnn.int32
    with pytest.raises(ttnn.DTypeError, match="infers no dtype for float64.*\nFix: pass dtype="):
        ttnn.from_torch(torch.ones(4, dtype=torch.float64))
    assert ttnn.from_torch(torch.ones(4, dtype=torch.float64), dtype=ttnn.float32).dtype == ttnn.float32


def test_ops_refuse_keyword_arguments_they_do_not_model(device):
    """A keyword argument an op's signature does not name is never dropped silently (ttnn's binding would use it or
    refuse it): NotModelledError naming it; queue_id=0, the one command queue, is accepted."""
    t = ttnn.from_numpy(np.ones((32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    for call in (lambda: ttnn.matmul(t, t, definitely_not_an_arg=1), lambda: ttnn.softmax(t, -1, bogus=2),
                 lambda: ttnn.reshape(t, (1, 32, 32), nope=3), lambda: ttnn.sum(t, -1, typo_kwarg=True)):
        with pytest.raises(tensix.NotModelledError, match="keyword argument"):
            call()
    assert ttnn.to_numpy(ttnn.matmul(t, t, queue_id=0)).shape == (32, 32)
    # one mechanism for every op, eltwise included: the error is both NotModelledError and TypeError (a typo is
    # a TypeError in ttnn's binding), names the op and the argument; a second command queue is refused too
    for call, op in ((lambda: ttnn.exp(t, bogus=1), "ttnn.exp"), (lambda: ttnn.relu(t, queue_id=1), "ttnn.relu"),
                     (lambda: ttnn.typecast(t, ttnn.float32, nope=1), "ttnn.typecast"),
                     (lambda: ttnn.softmax(t, -1, bogus=2), "ttnn.softmax"),
                     (lambda: ttnn.add(t, t, bogus=1), "ttnn.add"), (lambda: ttnn.multiply(t, 2.0, queue_id=1),
                                                                     "ttnn.multiply")):
        with pytest.raises(ttnn.UnknownKeywordError, match=rf"{op}\(\) got unexpected keyword argument") as e:
            call()
        assert isinstance(e.value, tensix.NotModelledError) and isinstance(e.value, TypeError)
    assert ttnn.to_numpy(ttnn.exp(t, queue_id=0)).shape == (32, 32)
    assert ttnn.to_numpy(ttnn.add(t, t, queue_id=0)).shape == (32, 32)


def test_allocate_tensor_on_device_both_signatures(device):
    """ttnn.allocate_tensor_on_device: (shape, dtype, layout, device, memory_config=None) defaults to DRAM
    interleaved; (TensorSpec, device) takes the spec's memory config; the tensor serves as an op's preallocated
    output. allocate_tensor_on_host gives a host tensor of the spec."""
    t = ttnn.allocate_tensor_on_device(ttnn.Shape([2, 40, 64]), ttnn.bfloat16, ttnn.TILE_LAYOUT, device)
    assert t.storage_type() == ttnn.StorageType.DEVICE and tuple(t.shape) == (2, 40, 64)
    assert t.memory_config() == ttnn.DRAM_MEMORY_CONFIG and t.layout == ttnn.TILE_LAYOUT
    spec = ttnn.TensorSpec((64, 96), ttnn.float32, ttnn.ROW_MAJOR_LAYOUT, buffer_type=ttnn.BufferType.L1)
    s = ttnn.allocate_tensor_on_device(spec, device)
    assert s.memory_config().buffer_type == ttnn.BufferType.L1 and s.dtype == ttnn.float32
    x = np.arange(64 * 96, dtype=np.float32).reshape(64, 96)
    src = ttnn.from_numpy(x, dtype=ttnn.float32, device=device)
    out = ttnn.to_memory_config(src, memory_config=s.memory_config(), output_tensor=s)
    assert np.array_equal(ttnn.to_numpy(out), x) and np.array_equal(ttnn.to_numpy(s), x)
    h = ttnn.allocate_tensor_on_host(spec, device)
    assert h.storage_type() == ttnn.StorageType.HOST and tuple(h.shape) == (64, 96)
    with pytest.raises(TypeError, match="missing"):
        ttnn.allocate_tensor_on_device(ttnn.Shape([32, 32]), ttnn.bfloat16)
