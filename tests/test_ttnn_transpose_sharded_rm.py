"""ttnn.transpose of sharded ROW_MAJOR tensors as tt-metal 622c6fb9 runs them: TransposeWHProgramFactory's row-major
path (tilize, transpose_wh, pack_untilize_dest), TransposeHCRMProgramFactory and TransposeCNProgramFactory with CN_RM
(every row of a BLOCK / WIDTH sharded buffer split over its shards by noc_async_*_sharded), and the native
TransposeHCShardedProgramFactory (its generic and USE_SPECIAL_CASE builds) and TransposeWHShardedRMProgramFactory
(its narrow-row pack_untilize_dest for H <= 16 included). Each result is compared bit for bit with numpy's swapaxes
of the input's values; program-cache reuse across fresh allocations; and the paths still refused."""

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError

H, W, B = ttnn.ShardStrategy.HEIGHT, ttnn.ShardStrategy.WIDTH, ttnn.ShardStrategy.BLOCK
GRID = ttnn.CoreGrid(x=2, y=4)
RNG = np.random.default_rng(27)
RM = ttnn.ROW_MAJOR_LAYOUT
ROWM, COLM = ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR


@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _data(shape, dtype):
    if dtype == ttnn.int32:
        return RNG.integers(-2**31, 2**31 - 1, shape, dtype=np.int64)
    # float32 values with a full mantissa: the row-major WH path must keep them (Fp32Mode::Lossless tilize and
    # UnpackToDestFp32 on c_0 / c_24), not round them to TF32
    return RNG.standard_normal(shape).astype(np.float32) * 10


def _mc(shape, strategy, grid=GRID, orientation=ROWM):
    return ttnn.create_sharded_memory_config(shape, core_grid=grid, strategy=strategy, orientation=orientation)


def _on_device(x, dtype, device, mc):
    return ttnn.from_numpy(x, dtype=dtype, layout=RM, device=device, memory_config=mc)


def _check(t, out, d1, d2):
    exp = np.ascontiguousarray(np.swapaxes(ttnn.to_numpy(t), d1, d2))
    got = ttnn.to_numpy(out)
    assert got.shape == exp.shape
    np.testing.assert_array_equal(got.view(np.uint8), exp.view(np.uint8))


def _program():
    return ttnn.op_report()[-1].program


def _hs_spec(grid_end, shard, orientation=ROWM):
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(*grid_end))})
    return ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                             ttnn.ShardSpec(grid, shard, orientation))


SHAPE = (1, 2, 64, 128)
PAIRS = [(H, H), (H, B), (B, H), (B, B), (H, W), (W, H), (W, W), (B, W), (W, B)]


@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32], ids=["bf16", "fp32", "int32"])
@pytest.mark.parametrize("sin, sout", PAIRS, ids=[f"{a.name}-{b.name}" for a, b in PAIRS])
@pytest.mark.parametrize("dims", [(2, 3), (1, 2), (0, 1)], ids=["wh", "hc", "cn"])
def test_every_shard_layout(device, dims, sin, sout, dtype):
    """Every pair of HEIGHT / WIDTH / BLOCK sharded input and output, each dim pair the transpose supports."""
    out_shape = list(SHAPE)
    out_shape[dims[0]], out_shape[dims[1]] = SHAPE[dims[1]], SHAPE[dims[0]]
    t = _on_device(_data(SHAPE, dtype), dtype, device, _mc(SHAPE, sin))
    omc = _mc(out_shape, sout)
    out = ttnn.transpose(t, *dims, memory_config=omc)
    assert out.memory_config() == omc
    native_hc = dims == (1, 2) and sin == H and sout == H
    expected = {(2, 3): "transpose_wh_rm", (1, 2): "transpose_hc_sharded" if native_hc else "transpose_hc_rm",
                (0, 1): "transpose_cn"}[dims]
    assert _program() == expected
    _check(t, out, *dims)


@pytest.mark.parametrize("shape", [(1, 1, 40, 72), (2, 3, 33, 20), (1, 2, 96, 8)], ids=str)
def test_wh_rm_partial_tiles(device, shape):
    """H and W not tile multiples (the reader's H_per_tile_last, the writer's W_per_tile_last rows); height
    sharded in and out (whole rows: no shard split)."""
    rows = int(np.prod(shape[:-1]))
    n = 2 if rows % 2 == 0 else 1
    x = _data(shape, ttnn.bfloat16)
    mc = _hs_spec((n - 1, 0), (rows // n, shape[-1]))
    t = _on_device(x, ttnn.bfloat16, device, mc)
    out = ttnn.transpose(t, 2, 3, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert _program() == "transpose_wh_rm"
    _check(t, out, 2, 3)


def test_wh_rm_interleaved_output_from_block(device):
    """A BLOCK sharded input to an interleaved output: the reader splits each row over the two shard columns."""
    t = _on_device(_data(SHAPE, ttnn.float32), ttnn.float32, device, _mc(SHAPE, B))
    out = ttnn.transpose(t, -2, -1, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    assert _program() == "transpose_wh_rm"
    _check(t, out, 2, 3)


# TransposeHCShardedProgramFactory: (shape, grid end, shard height, orientation) -> the build it takes
HC_NATIVE = [
    ((1, 4, 64, 16), (3, 0), 64, ROWM, "special, one H block per shard"),
    ((1, 2, 256, 32), (1, 3), 64, ROWM, "special, a part of an H block per shard"),
    ((2, 8, 16, 64), (3, 0), 64, ROWM, "special, several H blocks, C blocks split over reader and writer"),
    ((1, 4, 64, 16), (1, 1), 64, COLM, "special, column-major shard grid"),
    ((2, 3, 32, 32), (2, 0), 64, ROWM, "generic"),
    ((2, 3, 32, 32), (0, 2), 64, COLM, "generic, column-major shard grid"),
]


@pytest.mark.parametrize("shape, end, sh, orientation, what", HC_NATIVE, ids=[c[-1] for c in HC_NATIVE])
def test_hc_sharded_builds(device, shape, end, sh, orientation, what):
    """Native HEIGHT sharded HC: the output shard gathered from the input shards over the NoC."""
    Ww = shape[-1]
    assert sh * Ww % 1024 == 0          # native: the shard is whole tiles' worth of elements
    mc = _hs_spec(end, (sh, Ww), orientation)
    x = _data(shape, ttnn.bfloat16)
    t = _on_device(x, ttnn.bfloat16, device, mc)
    out = ttnn.transpose(t, 1, 2, memory_config=mc)
    assert _program() == "transpose_hc_sharded"
    assert out.memory_config() == mc
    _check(t, out, 1, 2)


def test_hc_sharded_generic_odd_dims_not_native(device):
    """(4, 3, 3, 16) over 2 cores: 18 x 16 shards are not whole tiles of elements, so the interleaved HC RM factory
    runs (tt-metal's test_transpose_hc_sharded_with_program_cache case)."""
    shape = (4, 3, 3, 16)
    mc = _hs_spec((0, 1), (18, 16))
    t = _on_device(_data(shape, ttnn.bfloat16), ttnn.bfloat16, device, mc)
    out = ttnn.transpose(t, 1, 2, memory_config=mc)
    assert _program() == "transpose_hc_rm"
    _check(t, out, 1, 2)


def test_program_cache_reuse(device):
    """Each factory built once and reused with fresh buffers (the sharded CBs re-pointed at the new shards)."""
    cases = [((1, 2, 64, 128), (2, 3), B, W, "transpose_wh_rm"), ((1, 2, 64, 128), (1, 2), W, B, "transpose_hc_rm"),
             ((1, 2, 64, 128), (0, 1), B, W, "transpose_cn"), ((1, 4, 64, 16), (1, 2), H, H, "transpose_hc_sharded"),
             ((2, 2, 64, 64), (2, 3), H, H, "transpose_wh_sharded_rm")]
    for shape, dims, sin, sout, program in cases:
        out_shape = list(shape)
        out_shape[dims[0]], out_shape[dims[1]] = shape[dims[1]], shape[dims[0]]
        imc, omc = _mc(shape, sin, ttnn.CoreGrid(x=2, y=2)), _mc(out_shape, sout, ttnn.CoreGrid(x=2, y=2))
        before = None
        for i in range(3):
            pad = ttnn.from_numpy(np.zeros((1, 1, 32, 32 * (i + 1)), np.float32), dtype=ttnn.bfloat16,
                                  layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.L1_MEMORY_CONFIG)
            t = _on_device(_data(shape, ttnn.bfloat16), ttnn.bfloat16, device, imc)
            out = ttnn.transpose(t, *dims, memory_config=omc)
            assert _program() == program
            _check(t, out, *dims)
            n = device.num_program_cache_entries()
            if before is None:
                before = n
            assert n == before, "the transpose's program was rebuilt on a cache hit"
            pad.deallocate()


WH_NATIVE = [
    ((2, 2, 64, 64), (3, 0), 64, ttnn.bfloat16, "whole planes per shard, Ht <= 8: packed into the output shard"),
    ((2, 2, 64, 64), (3, 0), 64, ttnn.float32, "float32 kept exact"),
    ((1, 2, 32, 96), (1, 0), 32, ttnn.bfloat16, "one tile row"),
    ((1, 2, 288, 64), (1, 0), 288, ttnn.float32, "Ht > 8: through c_27 and the writer"),
    ((1, 2, 320, 48), (1, 0), 320, ttnn.bfloat16, "Ht > 8, W not a tile multiple"),
    ((2, 1, 128, 64), (0, 0), 256, ttnn.bfloat16, "two planes in one shard"),
    ((1, 8, 16, 64), (1, 0), 64, ttnn.bfloat16, "H = 16: narrow-row packing"),
    ((1, 8, 8, 128), (1, 0), 32, ttnn.bfloat16, "H = 8: narrow rows, four planes per shard"),
    ((2, 4, 4, 256), (1, 0), 16, ttnn.float32, "H = 4 float32: narrow rows"),
]


@pytest.mark.parametrize("shape, end, sh, dtype, what", WH_NATIVE, ids=[c[-1] for c in WH_NATIVE])
def test_wh_sharded_rm(device, shape, end, sh, dtype, what):
    """Native HEIGHT sharded WH with whole H x W planes per shard: TransposeWHShardedRMProgramFactory, the output
    spec derived from the input's (shard_height / H planes of W rows of H)."""
    mc = _hs_spec(end, (sh, shape[-1]))
    t = _on_device(_data(shape, dtype), dtype, device, mc)
    out = ttnn.transpose(t, 2, 3)
    assert _program() == "transpose_wh_sharded_rm"
    omc = out.memory_config()
    assert omc.memory_layout == ttnn.TensorMemoryLayout.HEIGHT_SHARDED
    assert tuple(omc.shard_spec.shape) == (sh // shape[2] * shape[3], shape[2])
    _check(t, out, 2, 3)


def test_wh_sharded_rm_width_promotion(device):
    """N = C = 1 on one core: transpose_'s promotion to WIDTH_SHARDED with the shard shape swapped."""
    t = _on_device(_data((1, 1, 256, 64), ttnn.bfloat16), ttnn.bfloat16, device, _hs_spec((0, 0), (256, 64)))
    out = ttnn.transpose(t, 2, 3)
    assert _program() == "transpose_wh_sharded_rm"
    assert out.memory_config().memory_layout == ttnn.TensorMemoryLayout.WIDTH_SHARDED
    _check(t, out, 2, 3)


def test_refusals(device):
    """What stays unported raises NotModelledError naming it."""
    f = "TransposeWHShardedRMProgramFactory"
    # N = C = 1, 32-row shards of a 256-row plane: tt-metal's factory transposes shard_height / H = 0 planes
    t = _on_device(_data((1, 1, 256, 64), ttnn.bfloat16), ttnn.bfloat16, device, _mc((1, 1, 256, 64), H))
    with pytest.raises(NotModelledError, match=f"{f} with 32-row input shards"):
        ttnn.transpose(t, 2, 3)
    # H not a tile multiple past one tile row: narrow-row packing packs Dst tile 0 alone
    t = _on_device(_data((1, 2, 40, 128), ttnn.bfloat16), ttnn.bfloat16, device, _hs_spec((1, 0), (40, 128)))
    with pytest.raises(NotModelledError, match=f"{f} with H = 40"):
        ttnn.transpose(t, 2, 3)
    # H = 24 (< 32): narrow rows wider than a face
    t = _on_device(_data((1, 4, 24, 64), ttnn.bfloat16), ttnn.bfloat16, device, _hs_spec((1, 0), (48, 64)))
    with pytest.raises(NotModelledError, match=f"{f} with H = 24"):
        ttnn.transpose(t, 2, 3)
    # W not a tile multiple with Ht <= 8: tt-metal's output pages overlap
    t = _on_device(_data((1, 2, 64, 48), ttnn.bfloat16), ttnn.bfloat16, device, _hs_spec((1, 0), (64, 48)))
    with pytest.raises(NotModelledError, match=f"{f} with W = 48"):
        ttnn.transpose(t, 2, 3)
    # int32: the factory enables fp32_dest_acc_en for Float32 only; int32 through a 16-bit Dst is refused
    t = _on_device(_data((2, 2, 64, 64), ttnn.int32), ttnn.int32, device, _hs_spec((3, 0), (64, 64)))
    with pytest.raises(NotModelledError, match="32-bit Dst"):
        ttnn.transpose(t, 2, 3)
    # a native HC whose shard rows are not 16-byte multiples: tt-metal's kernels step by the unaligned row
    shape = (1, 2, 1024, 4)
    mc = _hs_spec((1, 0), (1024, 4))
    t = _on_device(_data(shape, ttnn.bfloat16), ttnn.bfloat16, device, mc)
    with pytest.raises(NotModelledError, match="TransposeHCShardedProgramFactory with rows of 8 bytes"):
        ttnn.transpose(t, 1, 2, memory_config=mc)
    # a shard grid that is not a prefix of its bounding box from (0, 0)
    grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(2, 1))})
    mc = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                           ttnn.ShardSpec(grid, (64, 16), ROWM))
    t = _on_device(_data((1, 4, 64, 16), ttnn.bfloat16), ttnn.bfloat16, device, mc)
    with pytest.raises(NotModelledError, match="prefix of its bounding box"):
        ttnn.transpose(t, 1, 2, memory_config=mc)


def test_sharded_row_split_pieces():
    """noc_async_*_sharded's split (common.hpp): a row of a WIDTH sharded buffer (page shape rows x 4, 64-byte
    pages) read from byte 40 for 150 bytes is pieces of pages 4 * row + 0, 1, 2, 3 cut at page ends; an interleaved
    or HEIGHT sharded accessor (one page per row) gets one transfer."""
    from types import SimpleNamespace

    from tensix.ttnn.kernels.data_movement.sharded_rows import _pieces
    width = SimpleNamespace(tensor_shape=(8, 4), aligned_page_size=64)
    assert _pieces(width, 3, 40, 150) == [(12, 40, 24), (13, 0, 64), (14, 0, 62)]
    assert _pieces(width, 0, 0, 256) == [(0, 0, 64), (1, 0, 64), (2, 0, 64), (3, 0, 64)]
    height = SimpleNamespace(tensor_shape=(8, 1), aligned_page_size=256)
    assert _pieces(height, 5, 0, 256) == [(5, 0, 256)]
    interleaved = SimpleNamespace(aligned_page_size=256)
    assert _pieces(interleaved, 5, 16, 100) == [(5, 16, 100)]


@pytest.mark.parametrize("rnd", [8, 16])
def test_pack_untilize_dest_narrow_row_kernel_api(rnd):
    """pack_untilize_dest<1, 1, false, narrow_row = true, rnd> (tt-llk wormhole_b0 llk_pack_untilize.h narrow-row
    MOP, cpack_common.h program_packer_untilized_destination): Dst tile 0's 32 rows, the first rnd datums of each,
    written back to back; outside one tile of rows <= 16 datums it is refused."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    from device_helpers import run_single

    import tensix.metalium as tm
    from tensix.device import formats
    from tensix.kernel import (cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front, copy_tile, copy_tile_init,
                               init_sfpu, pack_untilize_dest, pack_untilize_dest_init, pack_untilize_uninit,
                               tile_regs_acquire, tile_regs_commit, tile_regs_release, tile_regs_wait)
    bf = formats.DataFormat.Float16_b
    x = (np.arange(1024) % 251 - 125).astype(np.float32).reshape(32, 32)

    def body():
        init_sfpu(0, 16)
        copy_tile_init(0)
        cb_wait_front(0, 1)
        tile_regs_acquire()
        copy_tile(0, 0, 0)
        tile_regs_commit()
        pack_untilize_dest_init[1, 1, True, rnd](16)
        cb_reserve_back(16, 1)
        tile_regs_wait()
        pack_untilize_dest[1, 1, False, True, rnd](16)
        tile_regs_release()
        cb_push_back(16, 1)
        pack_untilize_uninit(16)
        cb_pop_front(0, 1)

    out = run_single(body, [(0, formats.pack_tile_bytes(x, bf))], bf, bf, tm.ComputeConfig())
    rows = out.reshape(-1).view(np.uint16)[:32 * rnd].reshape(32, rnd)
    exp = (x[:, :rnd].astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    np.testing.assert_array_equal(rows, exp)
    with pytest.raises(NotModelledError, match="narrow_row = true, row_num_datums = 24"):
        pack_untilize_dest_init[1, 1, True, 24]
    with pytest.raises(NotModelledError, match="narrow_row = true"):
        pack_untilize_dest[2, 2, False, True, 8]


def test_hc_sharded_other_output_shards_refused(device):
    """TransposeHCShardedProgramFactory writes an input shard's worth of rows into each output shard: an output
    spec with another shard height (same grid, so still native) is refused rather than scrambled."""
    shape = (1, 4, 64, 16)
    t = _on_device(_data(shape, ttnn.bfloat16), ttnn.bfloat16, device, _hs_spec((3, 0), (64, 16)))
    with pytest.raises(NotModelledError, match="into \\[128, 16\\]"):
        ttnn.transpose(t, 1, 2, memory_config=_hs_spec((3, 0), (128, 16)))


def test_cn_row_major_shards_not_16_byte_wide_are_refused(device):
    """A WIDTH / BLOCK sharded row-major CN transpose whose shard rows are not whole 16-byte words: the kernels'
    noc_async_*_sharded split each row at the aligned shard width, so the card would mix padding into the rows;
    tensix refuses it rather than reproduce the wrong data (a 16-byte shard width runs and is exact)."""
    x = (np.arange(2 * 2 * 32 * 96) % 251).astype(np.float32).reshape(2, 2, 32, 96)     # exact in bfloat16

    def width_sharded(shard_w, cores):
        g = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(cores - 1, 0))])
        return ttnn.MemoryConfig(ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.L1,
                                 ttnn.ShardSpec(g, (128, shard_w), ROWM))
    bad = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device,
                          memory_config=width_sharded(12, 8))
    with pytest.raises(NotModelledError, match="24 bytes wide, not a multiple of the 16-byte L1 alignment"):
        ttnn.transpose(bad, 0, 1)
    good = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device,
                           memory_config=width_sharded(24, 4))
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.transpose(good, 0, 1)), x.transpose(1, 0, 2, 3))
