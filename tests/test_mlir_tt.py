"""tensix.mlir's `tt` dialect: the #tt.layout construction math and attribute spellings of tt-mlir be6c5b5c98.

Expected strings come from tt-mlir's own tests and docs at that commit (test/python/tensor_layout.py,
test/python/device_attr.py, the TT_LayoutAttr description in TTOpsTypes.td, the lit tests' CHECK lines) and from
seed 003's five printed layout lines; the strides are checked against numpy's C-order strides."""

import numpy as np
import pytest

pytest.importorskip("xdsl")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from xdsl.dialects.builtin import BFloat16Type, Float32Type, TensorType  # noqa: E402
from xdsl.parser import Parser  # noqa: E402

from tensix.mlir import MLIRLayoutError  # noqa: E402
from tensix.mlir.asm import attr_str  # noqa: E402
from tensix.mlir.dialects.tt import (  # noqa: E402
    ChipDescAttr,
    DeviceAttr,
    GridAttr,
    LayoutAttr,
    OperandConstraintAttr,
    SystemDescAttr,
    TileType,
    collapsed_linear_map,
)
from tensix.mlir.ir import context  # noqa: E402

F32 = Float32Type()
BFP8 = TileType(32, 32, "bfp_bf8")


def parse_attr(text):
    return Parser(context(), text).parse_attribute()


# ------------------------------------------------------------------------------------------------ seed 003
SEED_LINES = [
    "tensor<2x3x64x128xf32, #tt.layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 64 + d2, d3), undef, <2x4>, "
    "memref<192x32xf32, #tt.memory_space<l1>>>>",
    "#tt.layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 64 + d2, d3), undef, <2x4>, "
    "memref<6x1x!tt.tile<32 x 32, bfp_bf8>, #tt.memory_space<l1>>>",
    "#tt.layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 64 + d2, d3), undef, <3x2>, "
    "memref<128x64xf32, #tt.memory_space<l1>>>",
    "#tt.layout<(d0, d1, d2, d3) -> (d0, d1 * 64 + d2, d3), undef, <2x2x4>, "
    "memref<1x3x1x!tt.tile<32 x 32, bfp_bf8>, #tt.memory_space<l1>>>",
    "#tt.layout<(d0, d1, d2, d3) -> (d0 * 192 + d1 * 64 + d2, d3), undef, <3x2>, "
    "memref<128x64xf32, #tt.memory_space<l1>>>",
]


def test_seed_layout_api_lines():
    """The seed's createTensorLayout / tilize / parallelize script, as tensix.mlir calls."""
    shape = [2, 3, 64, 128]
    t0 = LayoutAttr.make(shape, F32, "l1", [2, 4])
    t1 = LayoutAttr.make(shape, F32, "l1", [2, 2, 4], [(1, -1)])
    got = [
        attr_str(TensorType(F32, shape, t0)),
        attr_str(t0.with_element_type(BFP8)),
        attr_str(t0.with_grid(shape, [3, 2])),
        attr_str(t1.with_element_type(BFP8)),
        attr_str(t1.with_grid(shape, [3, 2])),
    ]
    assert got == SEED_LINES


@pytest.mark.parametrize("text", SEED_LINES[1:])
def test_seed_layouts_round_trip(text):
    attr = parse_attr(text)
    assert isinstance(attr, LayoutAttr)
    assert attr_str(attr) == text


# ------------------------------------------------------------------------------------------------ spec examples
@pytest.mark.parametrize("shape, grid, intervals, expected", [
    # TT_LayoutAttr's description in TTOpsTypes.td
    ([8, 300], [1, 2], [(0, -1)], "#tt.layout<(d0, d1) -> (d0, d1), undef, <1x2>, memref<8x150xf32, #tt.memory_space<l1>>>"),
    ([8, 96, 32], [2, 1], [(0, -1)],
     "#tt.layout<(d0, d1, d2) -> (d0 * 96 + d1, d2), undef, <2x1>, memref<384x32xf32, #tt.memory_space<l1>>>"),
    # the lit tests' CHECKs (test_grid_set.mlir, multiple_add_with_loc*.mlir)
    ([64, 128], [8, 8], [(0, -1)], "#tt.layout<(d0, d1) -> (d0, d1), undef, <8x8>, memref<8x16xf32, #tt.memory_space<l1>>>"),
    ([1, 32, 32], [8, 8], [(0, -1)],
     "#tt.layout<(d0, d1, d2) -> (d0 * 32 + d1, d2), undef, <8x8>, memref<4x4xf32, #tt.memory_space<l1>>>"),
    ([1, 32, 32], [4, 4], [(0, -1)],
     "#tt.layout<(d0, d1, d2) -> (d0 * 32 + d1, d2), undef, <4x4>, memref<8x8xf32, #tt.memory_space<l1>>>"),
    # padding: 53x63 on 3x2 leaves one scalar row / column of padding on the last cores
    ([53, 63], [3, 2], [(0, -1)], "#tt.layout<(d0, d1) -> (d0, d1), undef, <3x2>, memref<18x32xf32, #tt.memory_space<l1>>>"),
    # collapse intervals (0, 2) of a 4-D tensor onto a 3-D grid (the collapsedLinearAffineMap comment)
    ([2, 3, 4, 5], [1, 1, 1], [(0, 2)],
     "#tt.layout<(d0, d1, d2, d3) -> (d0 * 3 + d1, d2, d3), undef, <1x1x1>, memref<6x4x5xf32, #tt.memory_space<l1>>>"),
])
def test_layout_construction(shape, grid, intervals, expected):
    assert attr_str(LayoutAttr.make(shape, F32, "l1", grid, intervals)) == expected


def test_layout_defaults_and_padding_tiles():
    lay = LayoutAttr.make([64, 128], F32)
    assert attr_str(lay) == "#tt.layout<(d0, d1) -> (d0, d1), undef, <1x1>, memref<64x128xf32, #tt.memory_space<system>>>"
    tiled = LayoutAttr.make([53, 63], F32, "l1", [3, 2]).with_element_type(BFP8)
    assert tiled.memref.get_shape() == (1, 1)           # 18x32 scalars -> one tile each way (tile padding)
    assert tiled.shard_shape() == [32, 32]
    back = tiled.with_element_type(F32)                 # the shard is rebuilt from the tiled (padded) shape
    assert back.memref.get_shape() == (32, 32)
    assert LayoutAttr.make([5, 7], F32, "dram", [1, 1], oob_val="zero").oob_val.case == "zero"


def test_layout_stride_and_physical_shape_match_the_spec():
    lay = LayoutAttr.make([2, 3, 64, 128], F32, "l1", [2, 4])
    assert lay.physical_shape([2, 3, 64, 128]) == [384, 128]
    assert lay.stride([2, 3, 64, 128]) == [24576, 8192, 128, 1]


@settings(max_examples=60, deadline=None)
@given(shape=st.lists(st.integers(1, 40), min_size=2, max_size=5), gy=st.integers(1, 8), gx=st.integers(1, 8))
def test_default_collapse_is_c_order(shape, gy, gx):
    """Collapsing [0, -1) onto a 2-D grid: the physical shape is (volume of the leading dims, last dim), the
    strides are numpy's C-order element strides, the shard is the physical shape ceil-divided by the grid, and
    the map sends every index into the physical shape."""
    lay = LayoutAttr.make(shape, F32, "l1", [gy, gx])
    lead = int(np.prod(shape[:-1]))
    assert lay.physical_shape(shape) == [lead, shape[-1]]
    assert lay.stride(shape) == [s // 4 for s in np.zeros(shape, np.float32).strides]
    assert list(lay.memref.get_shape()) == [-(-lead // gy), -(-shape[-1] // gx)]
    m = lay.linear.data
    rng = np.random.default_rng(len(shape))
    corners = [tuple(s - 1 for s in shape), tuple(0 for _ in shape)]
    for idx in corners + [tuple(int(rng.integers(s)) for s in shape) for _ in range(40)]:
        y, x = m.eval(list(idx), [])
        assert y == int(np.ravel_multi_index(idx[:-1], shape[:-1])) and x == idx[-1]


@settings(max_examples=40, deadline=None)
@given(shape=st.lists(st.integers(1, 300), min_size=2, max_size=4), gy=st.integers(1, 8), gx=st.integers(1, 8),
       space=st.sampled_from(["system", "mmio", "dram", "l1"]), tiled=st.booleans())
def test_layout_round_trips_through_text(shape, gy, gx, space, tiled):
    lay = LayoutAttr.make(shape, F32, space, [gy, gx])
    if tiled:
        lay = lay.with_element_type(TileType(32, 32, "bf16"))
    text = attr_str(lay)
    assert parse_attr(text) == lay
    assert attr_str(parse_attr(text)) == text


def test_layout_errors_are_tt_mlirs_asserts():
    with pytest.raises(MLIRLayoutError, match="end > 0"):
        LayoutAttr.make([64], F32, "l1", [1])           # 1-D tensors assert at be6c5b5c98
    with pytest.raises(MLIRLayoutError, match="shape must be >= gridShape"):
        LayoutAttr.make([64, 64], F32, "l1", [1, 1, 1])
    with pytest.raises(MLIRLayoutError, match="Dim does not participate"):
        collapsed_linear_map([2, 3, 4, 5], [1, 1], [(0, 2)])   # grid rank does not match the collapse
    with pytest.raises(MLIRLayoutError, match="32x32"):
        TileType(16, 16, "bfp_bf8").size_bytes()


def test_tile_sizes():
    assert TileType(32, 32, "f32").size_bytes() == 4096
    assert TileType(32, 32, "bf16").size_bytes() == 2048
    assert TileType(32, 32, "bfp_bf8").size_bytes() == 1024
    assert TileType(32, 32, "bfp_bf4").size_bytes() == 512
    assert TileType(16, 32, "u8").size_bytes() == 512
    assert TileType(32, 32, "bfp_bf8").tiled_shape([64, 33]) == [2, 2]


def test_tile_type_spellings():
    assert attr_str(TileType(32, 32, "bfp_bf8")) == "!tt.tile<32 x 32, bfp_bf8>"
    assert parse_attr("!tt.tile<32x32, bf16>" if False else "!tt.tile<32 x 32, bf16>") == TileType(32, 32, "bf16")
    with pytest.raises(Exception, match="tile data type"):
        parse_attr("!tt.tile<32 x 32, f64>")


# ------------------------------------------------------------------------------------------------ system, device
SYSTEM_DESC = ("#tt.system_desc<[{arch = <wormhole_b0>, grid = 8x8, l1_size = 1048576, num_dram_channels = 12, "
               "dram_channel_size = 1048576, noc_l1_address_align_bytes = 16, pcie_address_align_bytes = 32, "
               "noc_dram_address_align_bytes = 32}], [0], [<pcie|host_mmio>], [<0, 0, 0, 0>]>")


def test_default_system_desc_prints_as_ttmlir_opt_did():
    assert attr_str(SystemDescAttr.default()) == SYSTEM_DESC
    assert parse_attr(SYSTEM_DESC) == SystemDescAttr.default()
    assert SystemDescAttr.default().address_align_bytes() == 32


def test_pre_0724_grid_spelling_parses():
    old = SYSTEM_DESC.replace("grid = 8x8", "grid = <8x8>")
    assert attr_str(parse_attr(old)) == SYSTEM_DESC


def test_n150_system_desc_from_tensix_facts():
    from tensix import arch
    from tensix.device import soc

    chip = SystemDescAttr.wormhole_b0_n150().chip_descs.data[0]
    assert isinstance(chip, ChipDescAttr)
    assert chip.grid_shape == tuple(arch.WORKER_GRID_N150)
    assert chip.l1_size.data == soc.L1_SIZE == 1499136
    assert chip.num_dram_channels.data == 12 and chip.dram_channel_size.data == 1 << 30


def test_device_attr_from_system_desc():
    dev = DeviceAttr.from_system_desc(SystemDescAttr.default())
    assert attr_str(dev) == "#tt.device<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>"
    two = SystemDescAttr([SystemDescAttr.default().chip_descs.data[0]] * 2, [0, 1],
                         list(SystemDescAttr.default().chip_capabilities.data) * 2,
                         list(SystemDescAttr.default().chip_coords.data) * 2)
    with pytest.raises(MLIRLayoutError, match="single chip"):
        DeviceAttr.from_system_desc(two)


DEVICE_ATTR_CHECKS = [
    # test/python/device_attr.py CHECK lines (be6c5b5c98): multi-chip grids and their affine maps
    "tt.device<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>",
    "tt.device<#tt.grid<2x8x8, (d0, d1, d2) -> (d0 + d1 floordiv 8 + d2 floordiv 8, d1, d2)>, [0, 1]>",
    "tt.device<#tt.grid<8x16, (d0, d1) -> ((d0 floordiv 8) * 2 + d1 floordiv 8, d0, d1 mod 8)>, [0, 1]>",
    "tt.device<#tt.grid<16x8, (d0, d1) -> (d0 floordiv 8 + d1 floordiv 8, d0 mod 8, d1)>, [0, 1]>",
    "tt.device<#tt.grid<2x8x16, (d0, d1, d2) -> (d0 * 2 + (d1 floordiv 8) * 2 + d2 floordiv 8, d1, d2 mod 8)>, "
    "[0, 1, 2, 3]>",
    "tt.device<#tt.grid<3x2x8x8, (d0, d1, d2, d3) -> (d0 * 2 + d1 + d2 floordiv 8 + d3 floordiv 8, d2, d3)>, "
    "[0, 1, 2, 3, 4, 5]>",
    "tt.device<#tt.grid<2x4x8, (d0, d1, d2) -> (0, d0 * 4 + d1, d2)>, [0]>",
    "tt.device<#tt.grid<8x8, (d0, d1) -> (0, d1, d0)>, [0]>",
    "tt.device<#tt.grid<64x1, (d0, d1) -> (0, d1 * 8 + d0 floordiv 8, d0 mod 8)>, [0]>",
    "tt.device<#tt.grid<8x8, (d0, d1) -> (0, d0, (d0 + d1) mod 8)>, [0]>",
]


@pytest.mark.parametrize("text", DEVICE_ATTR_CHECKS)
def test_device_attr_affine_maps_print_as_mlir(text):
    attr = parse_attr("#" + text)
    assert isinstance(attr, DeviceAttr)
    assert attr_str(attr) == "#" + text


def test_device_attr_verifier():
    with pytest.raises(Exception, match="3 results"):
        parse_attr("#tt.device<#tt.grid<8x8, (d0, d1) -> (d0, d1)>, [0]>")
    with pytest.raises(Exception, match="at least one chip"):
        parse_attr("#tt.device<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, []>")


def test_operand_constraint_spelling():
    """Bits in declaration order, then every fully covered group; parsing ORs the words."""
    any_device = parse_attr("#tt.operand_constraint<dram|l1|tile|any_device|any_device_tile>")
    assert any_device.bits == 30
    assert attr_str(any_device) == "#tt.operand_constraint<dram|l1|scalar|tile|any_device|any_device_tile>"
    assert attr_str(OperandConstraintAttr(22)) == "#tt.operand_constraint<dram|l1|tile|any_device_tile>"
    assert attr_str(OperandConstraintAttr(31)) == ("#tt.operand_constraint<system|dram|l1|scalar|tile|any|"
                                                   "any_device|any_device_tile>")
    assert OperandConstraintAttr(4).alias_name() == "operand_constraint"
    with pytest.raises(Exception, match="expected one of"):
        parse_attr("#tt.operand_constraint<dram|sram>")


def test_grid_and_memory_space_text():
    assert attr_str(GridAttr([1, 1])) == "#tt.grid<1x1>"
    assert parse_attr("#tt.grid<4>") == GridAttr([4])
    assert attr_str(parse_attr("#tt.memory_space<mmio>")) == "#tt.memory_space<mmio>"
    with pytest.raises(Exception, match="expected one of"):
        parse_attr("#tt.memory_space<sram>")
    lay = LayoutAttr.make([32, 32], BFloat16Type(), "dram")
    assert attr_str(lay).endswith("memref<32x32xbf16, #tt.memory_space<dram>>>")


def test_without_xdsl_the_import_error_names_the_extra():
    import subprocess
    import sys

    code = (
        "import importlib.abc, sys\n"
        "class Block(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'xdsl':\n"
        "            raise ModuleNotFoundError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import tensix, tensix.ttnn.compat as c\n"
        "assert 'ttmlir' not in c.MAPPINGS\n"
        "try:\n"
        "    import tensix.mlir\n"
        "except ImportError as e:\n"
        "    print(e)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "pip install 'tensix[mlir]'" in r.stdout
