"""ttnn.permute and ttnn.transpose (tt-metal 622c6fb9's transpose WH / HC / CN and permute row-invariant, blocked,
tile-invariant, tile-row-invariant and tiled-generic programs) against numpy on the logical values: every 4-D
permutation in both layouts, ranks 1-5, float32's TF32 paths (the blocked / tiled-generic permutes tilize and
transpose through SrcA, as tt-metal's tests note), bfloat8_b (requantized by the packer: the device typecast is the
reference), pad values in the tile padding, the pack_untilize_dest kernel API, errors."""

import itertools

import numpy as np
import pytest

import tensix
import tensix.ttnn as ttnn
from tensix.ttnn.tensor import _read_raw, values_from_bytes


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


RNG = np.random.default_rng(7)


def _data(shape, dtype):
    if dtype in (ttnn.int32,):
        return RNG.integers(-2**31, 2**31 - 1, shape, dtype=np.int64)
    if dtype == ttnn.uint32:
        return RNG.integers(0, 2**32 - 1, shape, dtype=np.int64)
    return RNG.standard_normal(shape) * 10


def _dev(x, dtype, device, layout):
    return ttnn.from_numpy(x, dtype=dtype, layout=layout, device=device)


def _vals(t):
    return ttnn.to_numpy(t)


def _padded(t):
    return values_from_bytes(_read_raw(t, "test"), t._shape, t._padded, t._dtype, t._layout)[0]


def _tf32(x):
    return (np.asarray(x, np.float32).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def _programs(n):
    return [r.program for r in ttnn.op_report()[-n:]]


PERMS = list(itertools.permutations(range(4)))


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_every_4d_permutation_bf16(device, layout):
    x = _data((2, 3, 33, 45), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, layout)
    xr = _vals(t)
    for p in PERMS:
        y = ttnn.permute(t, p)
        assert y.layout == layout and tuple(y.shape) == tuple(xr.transpose(p).shape)
        np.testing.assert_array_equal(_vals(y), xr.transpose(p), err_msg=str(p))


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_float32_exact_or_tf32_by_program(device, layout):
    """float32 is exact where whole tiles move or transpose_wh unpacks to Dst (UnpackToDestFp32), TF32 where the
    factory tilizes and transposes through SrcA (row-major with the last dim moved, tiled with both tile dims
    moved)."""
    x = _data((1, 2, 40, 36), ttnn.float32).astype(np.float32)
    x.reshape(-1)[:4] = [1 + 2**-20, -3.0000002, 1e-30, 65504.004]
    t = _dev(x, ttnn.float32, device, layout)
    for p in PERMS:
        got = _vals(ttnn.permute(t, p))
        lossy = p[-1] != 3 if layout == ttnn.ROW_MAJOR_LAYOUT else p[-1] not in (2, 3)
        exp = x.transpose(p)
        np.testing.assert_array_equal(got, _tf32(exp) if lossy else exp, err_msg=str(p))


@pytest.mark.parametrize("dtype", [ttnn.int32, ttnn.uint32])
@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_integers_exact(device, dtype, layout):
    x = _data((3, 2, 31, 40), dtype)
    t = _dev(x, dtype, device, layout)
    for p in [(0, 1, 3, 2), (1, 0, 2, 3), (0, 2, 1, 3), (3, 1, 0, 2), (2, 3, 1, 0), (0, 2, 3, 1)]:
        np.testing.assert_array_equal(_vals(ttnn.permute(t, p)), x.transpose(p), err_msg=str(p))


def test_bfloat8_b_requantized_by_the_packer(device):
    """WH / CN / CN+WH stay bfloat8_b (whole tiles, transpose_wh packs the transposed rows' shared exponents); the
    others typecast to bfloat16, permute and typecast back, as tt-metal does: both equal the device typecast of the
    permuted values."""
    x = _data((2, 3, 33, 45), ttnn.float32)
    t = _dev(x, ttnn.bfloat8_b, device, ttnn.TILE_LAYOUT)
    xr = _vals(t)
    for p in [(0, 1, 3, 2), (1, 0, 3, 2), (0, 2, 1, 3), (0, 2, 3, 1), (3, 2, 1, 0)]:
        got = ttnn.permute(t, p)
        assert got.dtype == ttnn.bfloat8_b
        exp = np.ascontiguousarray(xr.transpose(p))
        ref = ttnn.typecast(_dev(exp, ttnn.bfloat16, device, ttnn.TILE_LAYOUT), ttnn.bfloat8_b)
        np.testing.assert_array_equal(_vals(got), _vals(ref), err_msg=str(p))


def test_programs_chosen_as_tt_metal(device):
    t = _dev(_data((2, 3, 40, 64), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    cases = {(0, 1, 3, 2): "transpose_wh", (1, 0, 2, 3): "transpose_cn", (0, 2, 1, 3): "transpose_hc_tiled",
             (1, 0, 3, 2): "permute_tile_invariant", (2, 1, 0, 3): "permute_tile_row_invariant",
             (0, 3, 1, 2): "permute_tile_row_invariant", (0, 2, 3, 1): "permute_tiled_generic"}
    for p, prog in cases.items():
        ttnn.permute(t, p)
        assert _programs(1) == [prog], p
    r = _dev(_data((2, 3, 40, 64), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.ROW_MAJOR_LAYOUT)
    for p, prog in {(1, 0, 2, 3): "permute_rm_row_invariant", (0, 1, 3, 2): "permute_rm_blocked_generic"}.items():
        ttnn.permute(r, p)
        assert _programs(1) == [prog], p
    assert ttnn.op_report()[-1].device_ns > 0


@pytest.mark.parametrize("layout", [ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT])
def test_other_ranks(device, layout):
    for shape, p in [((70,), (0,)), ((33, 65), (1, 0)), ((5, 33, 40), (2, 0, 1)), ((5, 33, 40), (1, 0, 2)),
                     ((2, 3, 4, 33, 40), (4, 0, 3, 1, 2)), ((2, 3, 4, 33, 40), (2, 1, 0, 3, 4)),
                     ((2, 3, 4, 33, 40), (0, 1, 2, 4, 3))]:
        x = _data(shape, ttnn.bfloat16)
        t = _dev(x, ttnn.bfloat16, device, layout)
        xr = _vals(t)
        y = ttnn.permute(t, p)
        np.testing.assert_array_equal(_vals(y), xr.transpose(p), err_msg=f"{shape} {p}")
    x = _data((3, 33, 40), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, layout)
    xr = _vals(t)
    for d1, d2 in [(0, 1), (1, 2), (-1, -2), (0, 2), (2, 2)]:
        np.testing.assert_array_equal(_vals(ttnn.transpose(t, d1, d2)), np.swapaxes(xr, d1, d2), err_msg=f"{d1} {d2}")


def test_transpose_pairs_4d(device):
    x = _data((3, 5, 33, 40), ttnn.bfloat16)
    for layout in (ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT):
        t = _dev(x, ttnn.bfloat16, device, layout)
        xr = _vals(t)
        for d1, d2 in itertools.combinations(range(4), 2):
            np.testing.assert_array_equal(_vals(ttnn.transpose(t, d1, d2)), np.swapaxes(xr, d1, d2))


def test_pad_value_fills_the_new_tile_padding(device):
    x = np.arange(2 * 3 * 40 * 70, dtype=np.float64).reshape(2, 3, 40, 70) % 251
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    hc = ttnn.transpose(t, 1, 2, pad_value=7.0)
    p = _padded(hc)
    assert tuple(hc.padded_shape) == (2, 40, 32, 96)
    assert np.all(p[:, :, 3:, :70] == 7.0)                           # channel rows past C: the pad value
    np.testing.assert_array_equal(p[:, :, :3, :70], x.swapaxes(1, 2))
    g = ttnn.permute(t, (0, 2, 3, 1), pad_value=-1.5)                    # both tile dims move
    p = _padded(g)
    assert np.all(p[:, :, 70:, :] == -1.5) and np.all(p[:, :, :70, 3:] == -1.5)
    r = ttnn.permute(t, (2, 0, 1, 3), pad_value=3.0)                     # H moved out
    assert np.all(_padded(r)[:, :, 3:, :70] == 3.0)
    with pytest.raises(ttnn.TTNNError, match="Non-zero padding"):
        ttnn.transpose(t, -2, -1, pad_value=1.0)


def test_memory_config_and_nop(device):
    t = _dev(_data((1, 1, 64, 32), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    y = ttnn.permute(t, (0, 1, 3, 2), memory_config=ttnn.L1_MEMORY_CONFIG)
    assert y.memory_config() == ttnn.L1_MEMORY_CONFIG
    np.testing.assert_array_equal(_vals(y), _vals(t).transpose(0, 1, 3, 2))
    same = ttnn.permute(t, (1, 0, 2, 3))            # moves only size-1 dims: ttnn.to_memory_config, no program
    assert same is t
    np.testing.assert_array_equal(_vals(ttnn.transpose(t, 0, 1)), _vals(t))


def test_large_multicore(device):
    x = _data((4, 8, 64, 96), ttnn.bfloat16)
    t = _dev(x, ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    xr = _vals(t)
    y = ttnn.permute(t, (0, 2, 3, 1))
    assert ttnn.op_report()[-1].cores == 64
    np.testing.assert_array_equal(_vals(y), xr.transpose(0, 2, 3, 1))


def test_errors(device):
    t = _dev(_data((1, 2, 32, 32), ttnn.bfloat16), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)
    with pytest.raises(ttnn.TTNNError, match="does not match the length of the desired ordering"):
        ttnn.permute(t, (0, 1, 2))
    with pytest.raises(ttnn.TTNNError, match="not a permutation"):
        ttnn.permute(t, (0, 1, 1, 2))
    with pytest.raises(ttnn.TTNNError, match="out of range"):
        ttnn.transpose(t, 0, 4)
    with pytest.raises(ttnn.TTNNError, match="must already be on device"):
        ttnn.permute(ttnn.from_numpy(np.zeros((2, 3))), (1, 0))
    sh = ttnn.create_sharded_memory_config((32, 32), ttnn.CoreGrid(x=2, y=1), ttnn.ShardStrategy.HEIGHT)
    with pytest.raises(ttnn.TTNNError, match="must be tile 32x32 sized"):     # (16, 32) shards of a TILE output
        ttnn.permute(t, (0, 1, 3, 2), memory_config=sh)


def test_pack_untilize_dest_kernel_api():
    """pack_untilize_dest<2>: Dst tiles 0 and 1 packed as 32 rows of 64 datums (the tiles side by side), after a
    copy_tile of each; and its errors (no init, packer not owning Dst)."""
    from device_helpers import run_single
    import tensix.metalium as tm
    from tensix.device import formats
    from tensix.kernel import (cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, copy_tile, copy_tile_init,
                               init_sfpu, pack_untilize_dest, pack_untilize_dest_init, pack_untilize_uninit,
                               tile_regs_acquire, tile_regs_commit, tile_regs_release, tile_regs_wait)
    bf = formats.DataFormat.Float16_b
    x = (np.arange(2 * 1024) % 251 - 125).astype(np.float32).reshape(2, 32, 32)
    tiles = [(0, formats.pack_tile_bytes(x[i], bf)) for i in range(2)]

    def body():
        init_sfpu(0, 16)
        copy_tile_init(0)
        cb_wait_front(0, 2)
        tile_regs_acquire()
        copy_tile(0, 0, 0)
        copy_tile(0, 1, 1)
        tile_regs_commit()
        pack_untilize_dest_init[2](16)
        cb_reserve_back(16, 2)
        tile_regs_wait()
        pack_untilize_dest[2](16)
        tile_regs_release()
        cb_push_back(16, 2)
        pack_untilize_uninit(16)
        cb_pop_front(0, 2)

    out = run_single(body, tiles, bf, bf, tm.ComputeConfig(), n_out=2)
    rows = out.reshape(-1).view(np.uint16).reshape(32, 64)
    exp = np.concatenate([x[0], x[1]], axis=1).astype(np.float32).view(np.uint32) >> 16
    np.testing.assert_array_equal(rows, exp.astype(np.uint16))

    def no_init():
        init_sfpu(0, 16)
        copy_tile_init(0)
        cb_wait_front(0, 1)
        tile_regs_acquire()
        copy_tile(0, 0, 0)
        tile_regs_commit()
        cb_reserve_back(16, 1)
        tile_regs_wait()
        pack_untilize_dest[1](16)

    with pytest.raises(Exception, match="pack_untilize_dest_init"):
        run_single(no_init, tiles[:1], bf, bf, tm.ComputeConfig())
    with pytest.raises(tensix.NotModelledError, match="narrow_row"):
        pack_untilize_dest_init[1, 1, True]
