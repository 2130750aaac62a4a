"""tilize / tilize_with_val_padding / untilize with sharded tensors, as tt-metal 622c6fb9 runs them:
- interleaved inputs into sharded outputs (legacy height / width / block in L1, ND in L1 and DRAM): the interleaved-input
  factories, their writers reaching the output's pages through a TensorAccessor over the sharded buffer;
- tilize of legacy-sharded row-major inputs (the height-sharded program where the output is sharded alike, else the
  default one reading shard-wide pages through the accessor);
- untilize of legacy-sharded inputs (even: the input CB is the shard; uneven: the block reader through the accessor's
  shard_pages), into interleaved, differently sharded and identically sharded outputs, multi- and single-core.
The values must be the input's, exactly."""

import math

import numpy as np
import pytest

import tensix.ttnn as ttnn
from tensix.errors import NotModelledError
from tensix.ttnn.errors import ShardSpecError, TTNNError
from tensix.ttnn.tensor import device_bytes

ROW, COL = ttnn.ShardOrientation.ROW_MAJOR, ttnn.ShardOrientation.COL_MAJOR
HS, WS, BS = (ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.TensorMemoryLayout.WIDTH_SHARDED,
              ttnn.TensorMemoryLayout.BLOCK_SHARDED)


@pytest.fixture
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _grid(x1, y1):
    return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(x1, y1))])


def _legacy(kind, grid, shard, orient=ROW):
    return ttnn.MemoryConfig(kind, ttnn.BufferType.L1, ttnn.ShardSpec(_grid(*grid), list(shard), orient))


def _nd(shard, grid, bt=ttnn.BufferType.L1):
    return ttnn.MemoryConfig(bt, ttnn.NdShardSpec(ttnn.Shape(list(shard)), _grid(*grid)))


def _data(shape, seed=0):
    x = np.random.default_rng(seed).standard_normal(shape).astype(np.float32)
    return ttnn.to_numpy(ttnn.from_numpy(x, dtype=ttnn.bfloat16))    # bf16-exact values


OUTPUTS = [
    ("height", (1, 2, 128, 64), lambda: _legacy(HS, (3, 0), (64, 64))),
    ("width", (1, 1, 64, 256), lambda: _legacy(WS, (3, 0), (64, 64))),
    ("width-uneven", (1, 1, 64, 224), lambda: _legacy(WS, (3, 0), (64, 64))),
    ("block", (1, 1, 128, 128), lambda: _legacy(BS, (1, 3), (32, 64))),
    ("block-col", (1, 1, 128, 128), lambda: _legacy(BS, (3, 1), (32, 64), COL)),
    ("nd-l1", (3, 64, 96), lambda: _nd((2, 32, 64), (2, 0))),
    ("nd-dram", (3, 64, 96), lambda: _nd((2, 32, 64), (3, 0), ttnn.BufferType.DRAM)),
]


@pytest.mark.parametrize("multicore", [True, False], ids=["multi", "single"])
@pytest.mark.parametrize("name,shape,mc", OUTPUTS, ids=[o[0] for o in OUTPUTS])
def test_untilize_into_a_sharded_output(device, name, shape, mc, multicore):
    x = _data(shape)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    if not multicore and name in ("width-uneven", "nd-l1", "nd-dram"):
        with pytest.raises(ShardSpecError, match="single core"):       # validate: even shards only
            ttnn.untilize(t, memory_config=mc(), use_multicore=False)
        return
    out = ttnn.untilize(t, memory_config=mc(), use_multicore=multicore)
    assert out.is_sharded() and out.layout == ttnn.ROW_MAJOR_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(out), x)


@pytest.mark.parametrize("name,shape,mc", OUTPUTS, ids=[o[0] for o in OUTPUTS])
def test_tilize_into_a_sharded_output(device, name, shape, mc):
    x = _data(shape, 1)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    out = ttnn.tilize(t, memory_config=mc())
    assert out.is_sharded() and out.layout == ttnn.TILE_LAYOUT
    np.testing.assert_array_equal(ttnn.to_numpy(out), x)


def test_tilize_with_val_padding_into_an_nd_sharded_output(device):
    x = _data((3, 50, 70), 2)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    out = ttnn.tilize_with_val_padding(t, (3, 64, 96), 7.0, memory_config=_nd((2, 32, 64), (2, 1)))
    assert out.is_sharded() and tuple(out.padded_shape) == (3, 64, 96)
    np.testing.assert_array_equal(ttnn.to_numpy(out), x)
    # the tile padding holds the pad value, as in the interleaved result's tiles
    ref = ttnn.tilize_with_val_padding(t, (3, 64, 96), 7.0)
    np.testing.assert_array_equal(device_bytes(ttnn.from_device(out)), device_bytes(ttnn.from_device(ref)))


def test_to_layout_into_an_nd_sharded_row_major_output(device):
    x = _data((2, 3, 64, 64), 3)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    out = ttnn.to_layout(t, ttnn.ROW_MAJOR_LAYOUT, memory_config=_nd((1, 2, 32, 32), (1, 1)))
    assert out.memory_config().nd_shard_spec is not None
    np.testing.assert_array_equal(ttnn.to_numpy(out), x)


def test_an_unaligned_sharded_untilize_output_is_refused(device):
    t = ttnn.from_numpy(_data((1, 1, 32, 64)), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(ShardSpecError, match="must be aligned to 16 bytes"):
        ttnn.untilize(t, memory_config=_nd((1, 1, 32, 4), (3, 0)))


INPUTS = [
    # (name, shape, input config): even and uneven legacy shards of a TILE tensor
    ("height", (1, 2, 128, 64), lambda: _legacy(HS, (3, 0), (64, 64))),
    ("height-uneven", (1, 1, 160, 64), lambda: _legacy(HS, (2, 0), (64, 64))),
    ("width", (1, 1, 64, 256), lambda: _legacy(WS, (3, 0), (64, 64))),
    ("width-uneven", (1, 1, 64, 224), lambda: _legacy(WS, (3, 0), (64, 64))),
    ("block", (1, 1, 128, 128), lambda: _legacy(BS, (1, 3), (32, 64))),
    ("block-uneven", (1, 1, 96, 160), lambda: _legacy(BS, (2, 1), (64, 64))),
    ("block-col", (1, 1, 128, 128), lambda: _legacy(BS, (3, 1), (32, 64), COL)),
]


@pytest.mark.parametrize("out", ["dram", "same", "width"])
@pytest.mark.parametrize("name,shape,mc", INPUTS, ids=[i[0] for i in INPUTS])
def test_untilize_of_a_sharded_input(device, name, shape, mc, out):
    x = _data(shape, 4)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc())
    out_mc = {"dram": ttnn.DRAM_MEMORY_CONFIG, "same": mc(), "width": _legacy(WS, (7, 0), (math.prod(shape[:-1]),
                                                                                        32))}[out]
    got = ttnn.untilize(t, memory_config=out_mc)
    np.testing.assert_array_equal(ttnn.to_numpy(got), x)
    if out == "same" and "uneven" not in name:
        assert _last_program() == "untilize_identical_shard_spec"


@pytest.mark.parametrize("name,shape,mc", [i for i in INPUTS if "uneven" not in i[0]], ids=lambda v: v if
                         isinstance(v, str) else "")
def test_single_core_untilize_of_an_evenly_sharded_input(device, name, shape, mc):
    x = _data(shape, 5)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc())
    np.testing.assert_array_equal(ttnn.to_numpy(ttnn.untilize(t, use_multicore=False)), x)


def test_single_core_untilize_refuses_an_unevenly_sharded_input(device):
    t = ttnn.from_numpy(_data((1, 1, 64, 224)), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                        memory_config=_legacy(WS, (3, 0), (64, 64)))
    with pytest.raises(ShardSpecError, match="Uneven input shard"):
        ttnn.untilize(t, use_multicore=False)


def _last_program():
    return ttnn.op_report()[-1].program


RM_INPUTS = [
    # (name, shape, row-major input config, output config, program): tilize_device_operation.cpp's choice
    ("height-same", (1, 2, 128, 64), lambda: _legacy(HS, (3, 0), (64, 64)), lambda: _legacy(HS, (3, 0), (64, 64)),
     "tilize_multi_core_sharded"),
    ("height-to-dram", (1, 2, 128, 64), lambda: _legacy(HS, (3, 0), (64, 64)), lambda: ttnn.DRAM_MEMORY_CONFIG,
     "tilize_multi_core_default"),
    ("height-col-same", (1, 1, 128, 64), lambda: _legacy(HS, (1, 1), (32, 64), COL),
     lambda: _legacy(HS, (1, 1), (32, 64), COL), "tilize_multi_core_default"),
    ("width-to-dram", (1, 1, 64, 224), lambda: _legacy(WS, (3, 0), (64, 64)), lambda: ttnn.DRAM_MEMORY_CONFIG,
     "tilize_multi_core_default"),
    ("block-to-l1", (1, 1, 96, 160), lambda: _legacy(BS, (2, 1), (64, 64)), lambda: ttnn.L1_MEMORY_CONFIG,
     "tilize_multi_core_default"),
    ("block-to-width", (1, 1, 64, 128), lambda: _legacy(BS, (1, 1), (32, 64)), lambda: _legacy(WS, (3, 0), (64, 32)),
     "tilize_multi_core_default"),
]


@pytest.mark.parametrize("name,shape,mc,out_mc,program", RM_INPUTS, ids=[i[0] for i in RM_INPUTS])
def test_tilize_of_a_sharded_input(device, name, shape, mc, out_mc, program):
    x = _data(shape, 6)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device, memory_config=mc())
    got = ttnn.tilize(t, memory_config=out_mc())
    assert _last_program() == program
    if program == "tilize_multi_core_sharded":      # the output takes the input's shard spec
        assert got.memory_config().shard_spec == t.memory_config().shard_spec
    np.testing.assert_array_equal(ttnn.to_numpy(got), x)
    back = ttnn.to_layout(got, ttnn.ROW_MAJOR_LAYOUT)
    np.testing.assert_array_equal(ttnn.to_numpy(back), x)


def test_width_sharded_tilize_into_width_shards_is_not_modelled(device):
    t = ttnn.from_numpy(_data((1, 1, 32, 128)), dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device,
                        memory_config=_legacy(WS, (3, 0), (32, 32)))
    with pytest.raises(NotModelledError, match="width-sharded tilize"):
        ttnn.tilize(t, memory_config=_legacy(WS, (3, 0), (32, 32)))


def test_to_layout_refuses_a_sharded_tensor_whose_shards_are_not_tile_sized(device):
    t = ttnn.from_numpy(_data((1, 1, 64, 64)), dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device,
                        memory_config=_legacy(HS, (3, 0), (16, 64)))
    with pytest.raises(TTNNError, match="multiple of TILE_SIZE"):
        ttnn.to_layout(t, ttnn.TILE_LAYOUT)


ND_INPUTS = [
    # (name, shape, ND input config): several shards per core, partial shards, more cores than shards
    ("multi-per-core", (3, 64, 96), lambda: _nd((2, 32, 64), (1, 0))),
    ("uneven", (3, 96, 160), lambda: _nd((2, 64, 64), (2, 1))),
    ("spare-cores", (2, 64, 96), lambda: _nd((1, 32, 64), (4, 1))),
]


@pytest.mark.parametrize("out", ["dram", "nd-other", "nd-same", "width"])
@pytest.mark.parametrize("name,shape,mc", ND_INPUTS, ids=[i[0] for i in ND_INPUTS])
def test_untilize_of_an_nd_sharded_input(device, name, shape, mc, out):
    x = _data(shape, 7)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc())
    out_mc = {"dram": ttnn.DRAM_MEMORY_CONFIG, "nd-other": _nd((1, 32, 32), (2, 2)), "nd-same": mc(),
              "width": _legacy(WS, (1, 0), (math.prod(shape[:-1]), shape[-1] // 2))}[out]
    got = ttnn.untilize(t, memory_config=out_mc)
    assert _last_program() == ("untilize_identical_nd_shard_spec" if out == "nd-same" else
                               "untilize_multi_core_nd_shard_input")
    np.testing.assert_array_equal(ttnn.to_numpy(got), x)


def test_untilize_of_an_nd_sharded_dram_input(device):
    """The ND-shard-input programs on a DRAM input run on the worker core of each bank with shards."""
    from tensix.device.core_assignment import optimal_dram_bank_workers
    x = _data((3, 64, 96))
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                        memory_config=_nd((2, 32, 64), (3, 0), ttnn.BufferType.DRAM))
    g = t._buffer.geom
    workers = {optimal_dram_bank_workers()[x] for x, _ in g.cores[:min(len(g.cores), g.num_shards)]}
    assert len(workers) == 4
    got = ttnn.untilize(t)
    assert _last_program() == "untilize_multi_core_nd_shard_input"
    assert {r[0] for r in ttnn.op_report()[-1].run.rows} == workers
    np.testing.assert_array_equal(ttnn.to_numpy(got), x)
    got = ttnn.untilize_with_unpadding(t, output_tensor_end=[1, 31, 31])
    assert _last_program() == "untilize_with_unpadding_multi_core_nd_sharded"
    np.testing.assert_array_equal(ttnn.to_numpy(got), x[:2, :32, :32])


@pytest.mark.parametrize("out", ["l1", "height", "nd"])
@pytest.mark.parametrize("end", [(2, 63, 95), (1, 40, 70), (0, 31, 31), (2, 0, 5)], ids=lambda e: "x".join(map(str, e)))
@pytest.mark.parametrize("name,shape,mc", ND_INPUTS[:2], ids=[i[0] for i in ND_INPUTS[:2]])
def test_untilize_with_unpadding_of_an_nd_sharded_input(device, name, shape, mc, end, out):
    """UntilizeWithUnpaddingMultiCoreNDShardedProgramFactory: the blocks starting outside the output are dropped, the
    others cut at the output's width and height; interleaved, height-sharded (one output row per page) and ND outputs.
    Exactly the input's slice."""
    x = _data(shape, 9)
    end = tuple(min(e, d - 1) for e, d in zip(end, shape))
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc())
    rows = math.prod(e + 1 for e in end[:-1])
    out_mc = {"l1": ttnn.L1_MEMORY_CONFIG,
              "height": _legacy(HS, (0, 0), (rows, end[-1] + 1)) if (end[-1] + 1) * 2 % 16 == 0 else
              ttnn.DRAM_MEMORY_CONFIG,
              "nd": _nd((1, 32, 32), (2, 2)) if (end[-1] + 1) % 32 == 0 else ttnn.L1_MEMORY_CONFIG}[out]
    got = ttnn.untilize_with_unpadding(t, output_tensor_end=list(end), memory_config=out_mc)
    assert _last_program() == "untilize_with_unpadding_multi_core_nd_sharded"
    np.testing.assert_array_equal(ttnn.to_numpy(got), x[tuple(slice(0, e + 1) for e in end)])


def test_untilize_with_unpadding_of_an_nd_sharded_input_refusals(device):
    x = _data((3, 64, 96))
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                        memory_config=_nd((2, 32, 64), (1, 0)))
    with pytest.raises(ShardSpecError, match="aligned to 16 bytes"):   # a 5-element (10-byte) output shard row
        ttnn.untilize_with_unpadding(t, output_tensor_end=[2, 63, 94], memory_config=_nd((1, 32, 5), (1, 0)))
    with pytest.raises(TTNNError, match="sub core grid"):
        ttnn.untilize_with_unpadding(t, output_tensor_end=[2, 63, 94], sub_core_grids=_grid(1, 0))
    five = ttnn.from_numpy(_data((2, 1, 3, 64, 96)), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                           memory_config=_nd((1, 1, 1, 32, 64), (1, 0)))
    with pytest.raises(TTNNError, match="view"):
        ttnn.untilize_with_unpadding(five, output_tensor_end=[1, 0, 2, 63, 95])


@pytest.mark.parametrize("name,shape,mc", [("rm-uneven", (3, 64, 96), lambda: _nd((2, 32, 64), (2, 0))),
                                            ("rm-dram", (2, 64, 64), lambda: _nd((1, 64, 32), (3, 0),
                                                                                 ttnn.BufferType.DRAM))],
                         ids=["l1", "dram"])
def test_tilize_of_an_nd_sharded_row_major_input(device, name, shape, mc):
    x = _data(shape, 8)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device, memory_config=mc())
    got = ttnn.tilize(t)
    assert _last_program() == "tilize_multi_core_default"
    np.testing.assert_array_equal(ttnn.to_numpy(got), x)


@pytest.mark.parametrize("name,shape,mc,end", [
    ("height", (1, 1, 256, 128), lambda: _legacy(HS, (3, 0), (64, 128)), (0, 0, 200, 100)),
    ("height-col", (1, 1, 128, 64), lambda: _legacy(HS, (0, 1), (64, 64), COL), (0, 0, 100, 50)),
    ("width", (1, 1, 64, 256), lambda: _legacy(WS, (3, 0), (64, 64)), (0, 0, 63, 200)),
    ("block", (1, 1, 128, 128), lambda: _legacy(BS, (1, 1), (64, 64)), (0, 0, 100, 100)),
    ("block-col", (1, 1, 128, 192), lambda: _legacy(BS, (1, 2), (64, 64), COL), (0, 0, 127, 150)),
])
def test_untilize_with_unpadding_of_a_legacy_sharded_input(device, name, shape, mc, end):
    """UntilizeWithUnpaddingMultiCoreShardedProgramFactory into an interleaved output:
    writer_unary_stick_layout_interleaved_blocks writes each core's block from its first row and byte offset, the last
    block of a row and the last rows cut to the output. Exactly the input's slice."""
    x = _data(shape, 11)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc())
    got = ttnn.untilize_with_unpadding(t, output_tensor_end=list(end), memory_config=ttnn.L1_MEMORY_CONFIG)
    assert _last_program() == "untilize_with_unpadding_multi_core_sharded" and not got.is_sharded()
    np.testing.assert_array_equal(ttnn.to_numpy(got), x[tuple(slice(0, e + 1) for e in end)])


@pytest.mark.parametrize("shape,end", [((2, 1, 64, 128), (1, 0, 63, 100)), ((1, 2, 128, 64), (0, 1, 127, 31)),
                                       ((1, 1, 256, 32), (0, 0, 255, 15))], ids=["batch-rows", "cut-width", "w16"])
def test_untilize_with_unpadding_of_a_height_sharded_input_into_a_sharded_output(device, shape, end):
    """Into a height-sharded output (compute_output_specs: the output rows over the input's cores, rounded up to tiles,
    by the output width): writer_unary_unpad_batch_rows_sharded copies each batch's unpadded rows into the output
    shard; an output of width 16 skips the untilize (eltwise_copy) and copies faces 0 and 2
    (writer_unary_unpad_width_16_sharded)."""
    x = _data(shape, 12)
    rows = math.prod(shape[:-1])
    mc = _legacy(HS, (1, 0), (rows // 2, shape[-1]))
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=mc)
    got = ttnn.untilize_with_unpadding(t, output_tensor_end=list(end), memory_config=mc)
    assert _last_program() == "untilize_with_unpadding_multi_core_sharded" and got.is_sharded()
    out_rows = math.prod(e + 1 for e in end[:-1])
    assert tuple(got.memory_config().shard_spec.shape) == (-(-(-(-out_rows // 2)) // 32) * 32, end[-1] + 1)
    np.testing.assert_array_equal(ttnn.to_numpy(got), x[tuple(slice(0, e + 1) for e in end)])


def test_untilize_with_unpadding_of_a_legacy_sharded_input_refusals(device):
    x = _data((1, 1, 256, 64), 13)
    t = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                        memory_config=_legacy(HS, (1, 0), (128, 64)))
    with pytest.raises(NotModelledError, match="width 16"):
        ttnn.untilize_with_unpadding(t, output_tensor_end=[0, 0, 255, 15], memory_config=ttnn.L1_MEMORY_CONFIG)
    with pytest.raises(NotModelledError, match="shards one tile"):     # 64-wide shards: other tiles' columns
        ttnn.untilize_with_unpadding(t, output_tensor_end=[0, 0, 255, 15], memory_config=t.memory_config())
    with pytest.raises(TTNNError, match="must not be ND_SHARDED"):
        ttnn.untilize_with_unpadding(t, output_tensor_end=[0, 0, 255, 63], memory_config=_nd((1, 1, 64, 64), (1, 0)))
    b = ttnn.from_numpy(_data((1, 1, 128, 128)), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                        memory_config=_legacy(BS, (1, 1), (64, 64)))
    with pytest.raises(TTNNError, match="INTERLEAVED output"):
        ttnn.untilize_with_unpadding(b, output_tensor_end=[0, 0, 127, 100], memory_config=_legacy(BS, (1, 1),
                                                                                                    (64, 64)))
