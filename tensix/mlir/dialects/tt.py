"""The `tt` dialect of tt-mlir as of be6c5b5c98 (2024-08-08): attributes, types, enums and the layout math.

Sources (tenstorrent/tt-mlir at be6c5b5c98): include/ttmlir/Dialect/TT/IR/TTOpsTypes.td (parameters and assembly
formats), TTOpsEnums.td (enum cases and their spellings), lib/Dialect/TT/IR/TTOpsTypes.cpp (`LayoutAttr::get`,
`collapsedLinearAffineMap`, `buildMemRef`, `getStride`, `getPhysicalShape`, `withGrid`, `withElementType`,
`SystemDescAttr::getDefault`, `DeviceAttr::get`, `TileType::getSizeBytes`) and TTDialect.cpp (alias names).

Every attribute prints its parameters through `mlir_params(p)`, with `p` the printer (tensix.mlir.asm) that spells
nested attributes (and their aliases) the way ttmlir-opt did. Where tt-mlir's C++ asserts, the layout math raises
MLIRLayoutError naming the assert.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    Float16Type,
    Float32Type,
    BFloat16Type,
    IntAttr,
    MemRefType,
    NoneAttr,
    StringAttr,
    TensorType,
)
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, TypeAttribute
from xdsl.ir.affine import AffineMap
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from tensix.mlir.affine import const, dim, evaluate, uses_dim
from tensix.mlir.errors import MLIRLayoutError


def _plain():
    from tensix.mlir.asm import AsmPrinter

    return AsmPrinter()


class _MLIRParams:
    """Mixin: xDSL's own printer prints the parameters as tensix.mlir.asm spells them."""

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(self.mlir_params(_plain()))

    # structural equality over the IRDL parameters (the dataclass one sees no fields in these subclasses); the
    # hash is computed once (attributes are immutable) since printing and the passes hash them a great deal
    def __eq__(self, other: object) -> bool:
        return self is other or (type(self) is type(other) and hash(self) == hash(other)
                                 and self.parameters == other.parameters)

    def __hash__(self) -> int:
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash((type(self).__name__, self.parameters))
            object.__setattr__(self, "_hash", h)
        return h


def _parse_dims(parser: AttrParser) -> list[int]:
    """MLIR's DimensionList without `?`: `8x8`, `4`."""
    dims = [parser.parse_shape_dimension(allow_dynamic=False)]
    while parser._parse_optional_shape_delimiter() is not None:
        dims.append(parser.parse_shape_dimension(allow_dynamic=False))
    return dims


def _dims_str(dims: Sequence[int]) -> str:
    return "x".join(str(d) for d in dims)


# ------------------------------------------------------------------------------------------------- enums
class _EnumAttr(_MLIRParams, ParametrizedAttribute):
    """An I32EnumAttr: one case, printed `<case>` after the mnemonic, bare inside other attributes."""

    CASES: ClassVar[tuple[str, ...]] = ()
    value: StringAttr

    def __init__(self, value: str | StringAttr):
        super().__init__(StringAttr(value) if isinstance(value, str) else value)

    def verify(self) -> None:
        if self.value.data not in self.CASES:
            raise VerifyException(f"invalid {self.name} value '{self.value.data}': expected one of "
                                  f"{', '.join(self.CASES)}")

    @property
    def case(self) -> str:
        return self.value.data

    @classmethod
    def parse_bare(cls, parser: AttrParser):
        pos = parser.pos
        word = parser.parse_identifier(f" ({cls.name} value)")
        if word not in cls.CASES:
            parser.raise_error(f"expected one of [{', '.join(cls.CASES)}] for {cls.name}, got '{word}'", pos,
                               parser.pos)
        return cls(word)

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            return cls.parse_bare(parser).parameters

    def mlir_params(self, p) -> str:
        return f"<{self.value.data}>"


@irdl_attr_definition
class MemorySpaceAttr(_EnumAttr):
    name = "tt.memory_space"
    CASES = ("system", "mmio", "dram", "l1")

    @property
    def is_system(self) -> bool:
        return self.case in ("system", "mmio")

    @property
    def is_device(self) -> bool:
        return self.case in ("dram", "l1")


@irdl_attr_definition
class OOBValAttr(_EnumAttr):
    name = "tt.oob_val"
    CASES = ("undef", "zero", "one", "inf", "neginf")


@irdl_attr_definition
class IteratorTypeAttr(_EnumAttr):
    name = "tt.iterator_type"
    CASES = ("parallel", "systolic", "broadcast")


@irdl_attr_definition
class ArchAttr(_EnumAttr):
    name = "tt.arch"
    CASES = ("grayskull", "wormhole_b0", "blackhole")


DATA_TYPES = ("f32", "f16", "bf16", "bfp_f8", "bfp_bf8", "bfp_f4", "bfp_bf4", "bfp_f2", "bfp_bf2", "u32", "u16",
              "u8")


class _BitEnumAttr(_MLIRParams, ParametrizedAttribute):
    """An I32BitEnumAttr: printed as every set bit in declaration order, then every group whose bits are all set,
    joined by `|` (MLIR's generated stringify); parsing ORs the named bits and groups."""

    BITS: ClassVar[tuple[tuple[str, int], ...]] = ()
    GROUPS: ClassVar[tuple[tuple[str, int], ...]] = ()
    value: IntAttr

    def __init__(self, value: int | IntAttr):
        super().__init__(IntAttr(value) if isinstance(value, int) else value)

    @property
    def bits(self) -> int:
        return self.value.data

    def spelled(self) -> str:
        v = self.value.data
        words = [n for n, b in self.BITS if v & b] + [n for n, g in self.GROUPS if v & g == g]
        return "|".join(words)

    @classmethod
    def parse_bare(cls, parser: AttrParser):
        table = dict(cls.BITS + cls.GROUPS)
        value = 0
        while True:
            pos = parser.pos
            word = parser.parse_identifier(f" ({cls.name} value)")
            if word not in table:
                parser.raise_error(f"expected one of [{', '.join(table)}] for {cls.name}, got '{word}'", pos,
                                   parser.pos)
            value |= table[word]
            if parser.parse_optional_punctuation("|") is None:
                return cls(value)

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            return cls.parse_bare(parser).parameters

    def mlir_params(self, p) -> str:
        return f"<{self.spelled()}>"


@irdl_attr_definition
class OperandConstraintAttr(_BitEnumAttr):
    name = "tt.operand_constraint"
    BITS = (("system", 1), ("dram", 2), ("l1", 4), ("scalar", 8), ("tile", 16))
    GROUPS = (("any", 31), ("any_device", 30), ("any_device_tile", 22))


    def alias_name(self) -> str:
        """TTDialect.cpp getAlias: `any`, `any_device`, `any_device_tile`, else `operand_constraint`."""
        return {31: "any", 30: "any_device", 22: "any_device_tile"}.get(self.bits, "operand_constraint")


@irdl_attr_definition
class ChipCapabilityAttr(_BitEnumAttr):
    name = "tt.Chip_capability"
    BITS = (("pcie", 1), ("host_mmio", 2))


# ------------------------------------------------------------------------------------------------- grid, tile
@irdl_attr_definition
class GridAttr(_MLIRParams, ParametrizedAttribute):
    """`#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>`; the mapping defaults to the empty map and is then not printed."""

    name = "tt.grid"
    shape: ArrayAttr[IntAttr]
    mapping: AffineMapAttr

    def __init__(self, shape: Sequence[int], mapping: AffineMap | None = None):
        super().__init__(ArrayAttr([IntAttr(s) for s in shape]),
                         AffineMapAttr(mapping if mapping is not None else AffineMap(0, 0, ())))

    @property
    def dims(self) -> tuple[int, ...]:
        return tuple(s.data for s in self.shape.data)

    @classmethod
    def parse_bare(cls, parser: AttrParser) -> "GridAttr":
        with parser.in_angle_brackets():
            shape = _parse_dims(parser)
            mapping = parser.parse_affine_map() if parser.parse_optional_punctuation(",") else None
        return cls(shape, mapping)

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        return cls.parse_bare(parser).parameters

    def mlir_params(self, p) -> str:
        m = self.mapping.data
        if m == AffineMap(0, 0, ()):
            return f"<{_dims_str(self.dims)}>"
        return f"<{_dims_str(self.dims)}, {p.affine_map(m)}>"


ANY, ANY_DEVICE, ANY_DEVICE_TILE = 31, 30, 22   # the OperandConstraint groups
_TILE_BYTES_32x32 = {"bfp_f8": 1024, "bfp_bf8": 1024, "bfp_f4": 512, "bfp_bf4": 512, "bfp_f2": 256, "bfp_bf2": 256}
_SCALAR_BYTES = {"f32": 4, "f16": 2, "bf16": 2, "u32": 4, "u16": 2, "u8": 1}


@irdl_attr_definition
class TileType(_MLIRParams, ParametrizedAttribute, TypeAttribute):
    """`!tt.tile<32 x 32, bfp_bf8>` (spaces around `x`, as the 2024 assembly format `$height `x` $width` printed)."""

    name = "tt.tile"
    height: IntAttr
    width: IntAttr
    data_type: StringAttr

    def __init__(self, height: int, width: int, data_type: str):
        super().__init__(IntAttr(height), IntAttr(width), StringAttr(data_type))

    def verify(self) -> None:
        if self.data_type.data not in DATA_TYPES:
            raise VerifyException(f"invalid tt.tile data type '{self.data_type.data}': expected one of "
                                  f"{', '.join(DATA_TYPES)}")

    @property
    def shape(self) -> tuple[int, int]:
        return self.height.data, self.width.data

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            h = parser.parse_integer(allow_boolean=False, allow_negative=False)
            # `32 x 32` and the later `32x32` both lex as integer, then an identifier starting with x
            parser.parse_shape_delimiter()
            if parser._current_token.kind.name == "BARE_IDENT":
                parser.raise_error("expected the tile width after 'x'")
            w = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_punctuation(",")
            pos = parser.pos
            dt = parser.parse_identifier(" (tile data type)")
            if dt not in DATA_TYPES:
                parser.raise_error(f"expected one of [{', '.join(DATA_TYPES)}] for the tile data type, got '{dt}'",
                                   pos, parser.pos)
        return cls(h, w, dt).parameters

    def mlir_params(self, p) -> str:
        return f"<{self.height.data} x {self.width.data}, {self.data_type.data}>"

    def tiled_shape(self, scalar_shape: Sequence[int]) -> list[int]:
        """TileType::getTiledShape: the last two dims ceil-divided by the tile."""
        if len(scalar_shape) < 2:
            raise MLIRLayoutError("TileType::getTiledShape asserts 'expected at least 2D shape'")
        out = list(scalar_shape)
        out[-2] = -(-out[-2] // self.height.data)
        out[-1] = -(-out[-1] // self.width.data)
        return out

    def scalar_shape(self, tiled_shape: Sequence[int]) -> list[int]:
        if len(tiled_shape) < 2:
            raise MLIRLayoutError("TileType::getScalarShape asserts 'expected at least 2D shape'")
        out = list(tiled_shape)
        out[-2] *= self.height.data
        out[-1] *= self.width.data
        return out

    def size_bytes(self) -> int:
        """TileType::getSizeBytes: block-float tiles are only defined at 32x32."""
        dt, h, w = self.data_type.data, self.height.data, self.width.data
        if dt in _TILE_BYTES_32x32:
            if (h, w) != (32, 32):
                raise MLIRLayoutError(f"TileType::getSizeBytes asserts 32x32 for {dt} tiles, got {h}x{w}")
            return _TILE_BYTES_32x32[dt]
        return h * w * _SCALAR_BYTES[dt]


# ------------------------------------------------------------------------------------------------- system, device
@irdl_attr_definition
class ChipDescAttr(_MLIRParams, ParametrizedAttribute):
    """`{arch = <wormhole_b0>, grid = 8x8, l1_size = ..., ...}` (the pre-07-24 spelling `grid = <8x8>` also parses)."""

    name = "tt.chip_desc"
    arch: ArchAttr
    grid: ArrayAttr[IntAttr]
    l1_size: IntAttr
    num_dram_channels: IntAttr
    dram_channel_size: IntAttr
    noc_l1_address_align_bytes: IntAttr
    pcie_address_align_bytes: IntAttr
    noc_dram_address_align_bytes: IntAttr

    FIELDS: ClassVar[tuple[str, ...]] = ("l1_size", "num_dram_channels", "dram_channel_size", "noc_l1_address_align_bytes",
              "pcie_address_align_bytes", "noc_dram_address_align_bytes")

    def __init__(self, arch: str, grid: Sequence[int], *numbers: int):
        super().__init__(ArchAttr(arch), ArrayAttr([IntAttr(g) for g in grid]), *(IntAttr(n) for n in numbers))

    @property
    def grid_shape(self) -> tuple[int, ...]:
        return tuple(g.data for g in self.grid.data)

    @classmethod
    def parse_bare(cls, parser: AttrParser) -> "ChipDescAttr":
        parser.parse_punctuation("{")
        parser.parse_keyword("arch")
        parser.parse_punctuation("=")
        arch = ArchAttr.new(ArchAttr.parse_parameters(parser))
        parser.parse_punctuation(",")
        parser.parse_keyword("grid")
        parser.parse_punctuation("=")
        if parser.parse_optional_punctuation("<") is not None:
            grid = _parse_dims(parser)
            parser.parse_punctuation(">")
        else:
            grid = _parse_dims(parser)
        numbers = []
        for field in cls.FIELDS:
            parser.parse_punctuation(",")
            parser.parse_keyword(field)
            parser.parse_punctuation("=")
            numbers.append(parser.parse_integer(allow_boolean=False, allow_negative=False))
        parser.parse_punctuation("}")
        return cls(arch.case, grid, *numbers)

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            return cls.parse_bare(parser).parameters

    def body(self) -> str:
        nums = ", ".join(f"{f} = {getattr(self, f).data}" for f in self.FIELDS)
        return f"{{arch = <{self.arch.case}>, grid = {_dims_str(self.grid_shape)}, {nums}}}"

    def mlir_params(self, p) -> str:
        return f"<{self.body()}>"


@irdl_attr_definition
class ChipCoordAttr(_MLIRParams, ParametrizedAttribute):
    name = "tt.chip_coord"
    rack: IntAttr
    shelf: IntAttr
    y: IntAttr
    x: IntAttr

    def __init__(self, rack: int, shelf: int, y: int, x: int):
        super().__init__(IntAttr(rack), IntAttr(shelf), IntAttr(y), IntAttr(x))

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            vals = parser.parse_comma_separated_list(
                parser.Delimiter.NONE, lambda: parser.parse_integer(allow_boolean=False, allow_negative=False))
        if len(vals) != 4:
            parser.raise_error(f"#tt.chip_coord takes 4 values (rack, shelf, y, x), got {len(vals)}")
        return cls(*vals).parameters

    def mlir_params(self, p) -> str:
        return f"<{self.rack.data}, {self.shelf.data}, {self.y.data}, {self.x.data}>"


@irdl_attr_definition
class ChipChannelAttr(_MLIRParams, ParametrizedAttribute):
    name = "tt.chip_channel"
    endpoint0: IntAttr
    endpoint1: IntAttr

    def __init__(self, e0: int, e1: int):
        super().__init__(IntAttr(e0), IntAttr(e1))

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            a = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_punctuation(",")
            b = parser.parse_integer(allow_boolean=False, allow_negative=False)
        return cls(a, b).parameters

    def mlir_params(self, p) -> str:
        return f"<{self.endpoint0.data}, {self.endpoint1.data}>"


@irdl_attr_definition
class SystemDescAttr(_MLIRParams, ParametrizedAttribute):
    """`#tt.system_desc<[chip_desc...], [indices], [capabilities], [coords](, [channels])?>`."""

    name = "tt.system_desc"
    chip_descs: ArrayAttr[ChipDescAttr]
    chip_desc_indices: ArrayAttr[IntAttr]
    chip_capabilities: ArrayAttr[ChipCapabilityAttr]
    chip_coords: ArrayAttr[ChipCoordAttr]
    chip_channels: ArrayAttr[ChipChannelAttr]

    def __init__(self, chip_descs, chip_desc_indices, chip_capabilities, chip_coords, chip_channels=()):
        super().__init__(ArrayAttr(list(chip_descs)), ArrayAttr([IntAttr(i) for i in chip_desc_indices]),
                         ArrayAttr(list(chip_capabilities)), ArrayAttr(list(chip_coords)),
                         ArrayAttr(list(chip_channels)))

    @classmethod
    def default(cls) -> "SystemDescAttr":
        """SystemDescAttr::getDefault at be6c5b5c98: one wormhole_b0 chip, 8x8 grid, l1_size 1 << 20, 12 DRAM
        channels of 1 << 20 bytes, alignments 16 / 32 / 32, pcie|host_mmio, coordinate <0, 0, 0, 0>.

        These are tt-mlir's 2024 placeholder figures (what ttmlir-opt printed, and what the seed and the lit tests
        show), not the card's: `wormhole_b0_n150()` gives the simulated chip's own."""
        return cls([ChipDescAttr("wormhole_b0", (8, 8), 1 << 20, 12, 1 << 20, 16, 32, 32)], [0],
                   [ChipCapabilityAttr(3)], [ChipCoordAttr(0, 0, 0, 0)])

    @classmethod
    def wormhole_b0_n150(cls) -> "SystemDescAttr":
        """The simulated n150 from tensix's own facts (tensix/arch.py, tensix/device/soc.py): the 8x8 worker
        grid, 1499136 bytes of L1 per core, 12 DRAM banks of 1 GiB, L1 / PCIe / DRAM alignments 16 / 32 / 32."""
        from tensix import arch
        from tensix.device import soc

        chip = ChipDescAttr("wormhole_b0", arch.WORKER_GRID_N150, soc.L1_SIZE, arch.DRAM_BANKS,
                            arch.DRAM_BANK_BYTES, soc.L1_ALIGNMENT, 32, soc.DRAM_ALIGNMENT)
        return cls([chip], [0], [ChipCapabilityAttr(3)], [ChipCoordAttr(0, 0, 0, 0)])

    def address_align_bytes(self, chip: int = 0) -> int:
        """SystemDescAttr::getAddressAlignBytes: the largest of the three alignments."""
        c = self.chip_descs.data[chip]
        return max(c.noc_l1_address_align_bytes.data, c.noc_dram_address_align_bytes.data,
                   c.pcie_address_align_bytes.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        def bracketed(fn):
            return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, fn)

        with parser.in_angle_brackets():
            descs = bracketed(lambda: ChipDescAttr.parse_bare(parser))
            parser.parse_punctuation(",")
            indices = bracketed(lambda: parser.parse_integer(allow_boolean=False, allow_negative=False))
            parser.parse_punctuation(",")
            caps = bracketed(lambda: ChipCapabilityAttr.new(ChipCapabilityAttr.parse_parameters(parser)))
            parser.parse_punctuation(",")
            coords = bracketed(lambda: ChipCoordAttr.new(ChipCoordAttr.parse_parameters(parser)))
            channels = []
            if parser.parse_optional_punctuation(","):
                channels = bracketed(lambda: ChipChannelAttr.new(ChipChannelAttr.parse_parameters(parser)))
        return cls(descs, indices, caps, coords, channels).parameters

    def mlir_params(self, p) -> str:
        parts = [
            "[" + ", ".join(d.body() for d in self.chip_descs.data) + "]",
            "[" + ", ".join(str(i.data) for i in self.chip_desc_indices.data) + "]",
            "[" + ", ".join(c.mlir_params(p) for c in self.chip_capabilities.data) + "]",
            "[" + ", ".join(c.mlir_params(p) for c in self.chip_coords.data) + "]",
        ]
        if self.chip_channels.data:
            parts.append("[" + ", ".join(c.mlir_params(p) for c in self.chip_channels.data) + "]")
        return f"<{', '.join(parts)}>"


@irdl_attr_definition
class DeviceAttr(_MLIRParams, ParametrizedAttribute):
    """`#tt.device<#tt.grid<8x8, (d0, d1) -> (0, d0, d1)>, [0]>` (the grid printed qualified)."""

    name = "tt.device"
    grid: GridAttr
    chip_ids: ArrayAttr[IntAttr]

    def __init__(self, grid: GridAttr, chip_ids: Sequence[int]):
        super().__init__(grid, ArrayAttr([IntAttr(c) for c in chip_ids]))

    def verify(self) -> None:
        """DeviceAttr::verify."""
        if not self.chip_ids.data:
            raise VerifyException("expected at least one chip")
        if any(d <= 0 for d in self.grid.dims):
            raise VerifyException("expected positive grid dimensions")
        if len(self.grid.mapping.data.results) != 3:
            raise VerifyException("expected physical grid mapping to have 3 results")

    @classmethod
    def from_system_desc(cls, system_desc: SystemDescAttr, chip_ids: Sequence[int] | None = None) -> "DeviceAttr":
        """DeviceAttr::get(ctx, systemDesc): the chip grid (the chip count prepended past one chip) mapped by
        `(..., dy, dx) -> (0, dy, dx)`. tt-mlir asserts a single chip at this commit."""
        if chip_ids is None:
            chip_ids = list(range(len(system_desc.chip_desc_indices.data)))
        if not chip_ids:
            raise MLIRLayoutError("DeviceAttr::get asserts 'expected at least one chip'")
        if len(chip_ids) != 1:
            raise MLIRLayoutError("DeviceAttr::get asserts 'only single chip supported for now' (tt-mlir be6c5b5c98); "
                              f"the system desc has {len(chip_ids)} chips.\nFix: describe one chip.")
        grid = list(system_desc.chip_descs.data[chip_ids[0]].grid_shape)
        if len(grid) != 2:
            raise MLIRLayoutError("DeviceAttr::get asserts 'expected 2D grid'")
        n = len(grid)
        mapping = AffineMap(n, 0, (const(0), dim(n - 2), dim(n - 1)))
        return cls(GridAttr(grid, mapping), chip_ids)

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            pos = parser.pos
            grid = parser.parse_attribute()
            if not isinstance(grid, GridAttr):
                parser.raise_error("expected a #tt.grid as the first #tt.device parameter", pos, parser.pos)
            parser.parse_punctuation(",")
            ids = parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False, allow_negative=False))
        return cls(grid, ids).parameters

    def mlir_params(self, p) -> str:
        ids = ", ".join(str(c.data) for c in self.chip_ids.data)
        return f"<{p.attr(self.grid)}, [{ids}]>"


@irdl_attr_definition
class DeviceType(_MLIRParams, ParametrizedAttribute, TypeAttribute):
    """`!tt.device<<#tt.grid<...>, [0]>>`: the device attribute printed unqualified inside."""

    name = "tt.device"
    desc: DeviceAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            return (DeviceAttr.new(DeviceAttr.parse_parameters(parser)),)

    def mlir_params(self, p) -> str:
        return f"<{self.desc.mlir_params(p)}>"


@irdl_attr_definition
class ArgumentAllocationAttr(_MLIRParams, ParametrizedAttribute):
    """`#tt.arg_alloc<address, size, memory_space>` (from 2024-08-07, 9fe2003755)."""

    name = "tt.arg_alloc"
    address: IntAttr
    size: IntAttr
    memory_space: MemorySpaceAttr

    def __init__(self, address: int, size: int, memory_space: str):
        super().__init__(IntAttr(address), IntAttr(size), MemorySpaceAttr(memory_space))

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            addr = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_punctuation(",")
            size = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_punctuation(",")
            space = MemorySpaceAttr.parse_bare(parser)
        return cls(addr, size, space.case).parameters

    def mlir_params(self, p) -> str:
        return f"<{self.address.data}, {self.size.data}, {self.memory_space.case}>"


# ------------------------------------------------------------------------------------------------- layout
def collapsed_linear_map(shape: Sequence[int], grid_shape: Sequence[int],
                         intervals: Sequence[tuple[int, int]] = ((0, -1),)) -> AffineMap:
    """collapsedLinearAffineMap (TTOpsTypes.cpp, be6c5b5c98), quirks kept.

    Start from the minor identity map (the last len(grid) dims); for each interval [b, e) (negative indices count
    from the rank) replace *result* b by d_b * (S_{b+1} ... S_{e-1}) + ... + d_{e-1}; then the dims below the
    smallest b become results 0..b-1. tt-mlir uses the interval's dim index b as a result index, which is right
    for one interval (and when earlier intervals do not shift positions); where that misplaces a dim, tt-mlir's
    assert 'Dim does not participate in AffineMap RHS' fires, and so does MLIRLayoutError here."""
    rank, grid_rank = len(shape), len(grid_shape)
    if rank < grid_rank:
        raise MLIRLayoutError(f"collapsedLinearAffineMap asserts 'shape must be >= gridShape': a rank-{rank} tensor "
                          f"on a rank-{grid_rank} grid.\nFix: use a grid of rank <= {rank}.")
    results = [dim(d) for d in range(rank - grid_rank, rank)]
    minimum_dim = rank
    for begin, end in intervals:
        if begin < 0:
            begin += rank
        if end < 0:
            end += rank
        if not end > 0:
            raise MLIRLayoutError(f"collapsedLinearAffineMap asserts 'end > 0' for the collapse interval ending at "
                              f"{end} on a rank-{rank} tensor (tt-mlir be6c5b5c98 cannot lay out 1-D tensors; "
                              f"48b3340062 added that later).\nFix: give the tensor at least 2 dims.")
        minimum_dim = min(minimum_dim, begin)
        # d_b * (S_{b+1}...S_{e-1}) + ... + d_{e-1}, associated to the left as MLIR's parser reads the printed
        # text back (tt-mlir builds it right-associated; both print the same)
        terms = []
        multiplier = 1
        for d in range(end - 1, begin - 1, -1):
            terms.append(dim(d) * multiplier)
            multiplier *= shape[d]
        collapsed = const(0)
        for i, term in enumerate(reversed(terms)):
            collapsed = term if i == 0 else collapsed + term
        if not 0 <= begin < len(results) + 1 or begin >= len(results):
            raise MLIRLayoutError(f"collapsedLinearAffineMap: collapse interval starting at dim {begin} is used as "
                              f"result index {begin} of a {len(results)}-result map (AffineMap::dropResult "
                              f"asserts).\nFix: choose intervals that leave as many dims as the grid has.")
        results[begin] = collapsed
    for d in range(minimum_dim):
        if d >= len(results):
            raise MLIRLayoutError("collapsedLinearAffineMap: more implicit lower dims than grid dims (dropResult "
                              "asserts).\nFix: choose intervals that leave as many dims as the grid has.")
        results[d] = dim(d)
    for d in range(rank):
        if not any(uses_dim(r, d) for r in results):
            raise MLIRLayoutError(f"collapsedLinearAffineMap asserts 'Dim does not participate in AffineMap RHS' for "
                              f"d{d} (shape {list(shape)}, grid {list(grid_shape)}, intervals {list(intervals)}).\n"
                              f"Fix: the grid rank must be the tensor rank minus the dims the intervals collapse.")
    return AffineMap(rank, 0, tuple(results))


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def build_memref(shard_shape: Sequence[int], element_type: Attribute, memory_space: str) -> MemRefType:
    """buildMemRef: the shard, tiled on its last two dims when the element is a !tt.tile, in the memory space."""
    shape = list(shard_shape)
    if isinstance(element_type, TileType):
        shape = element_type.tiled_shape(shape)
    return MemRefType(element_type, shape, NoneAttr(), MemorySpaceAttr(memory_space))


_LAYOUT_CACHE: dict = {}   # LayoutAttr.make's results (attributes are immutable)


@irdl_attr_definition
class LayoutAttr(_MLIRParams, ParametrizedAttribute):
    """`#tt.layout<linear, oob_val, grid, memref<shard x element, #tt.memory_space<...>>>`."""

    name = "tt.layout"
    linear: AffineMapAttr
    oob_val: OOBValAttr
    grid: GridAttr
    memref: MemRefType

    def verify(self) -> None:
        if len(self.memref.get_shape()) != len(self.grid.dims):
            raise VerifyException(f"#tt.layout: the shard memref has rank {len(self.memref.get_shape())} but the "
                                  f"grid has rank {len(self.grid.dims)}; they must be equal")
        if not isinstance(self.memref.memory_space, MemorySpaceAttr):
            raise VerifyException("#tt.layout: the shard memref needs a #tt.memory_space")

    @classmethod
    def make(cls, shape: Sequence[int], element_type: Attribute, memory_space: str = "system",
             grid: GridAttr | Sequence[int] | None = None,
             collapse_intervals: Sequence[tuple[int, int]] = ((0, -1),), oob_val: str = "undef") -> "LayoutAttr":
        """LayoutAttr::get(ctx, tensorShape, elementType, memorySpace = System, grid = 1x1 (1 for rank 1),
        collapseIntervals = [(0, -1)], oobVal = Undef): the linear map collapses the tensor onto the grid's rank,
        the shard is the map at the last index plus one, ceil-divided by the grid (padding on the last cores)."""
        if grid is None:
            grid = GridAttr([1] if len(shape) == 1 else [1, 1])
        elif not isinstance(grid, GridAttr):
            grid = GridAttr(list(grid))
        key = (tuple(shape), element_type, memory_space, grid, tuple(map(tuple, collapse_intervals)), oob_val)
        cached = _LAYOUT_CACHE.get(key)
        if cached is None:
            cached = _LAYOUT_CACHE[key] = cls._make(shape, element_type, memory_space, grid, collapse_intervals,
                                                    oob_val)
            if len(_LAYOUT_CACHE) > 4096:
                _LAYOUT_CACHE.pop(next(iter(_LAYOUT_CACHE)))
        return cached

    @classmethod
    def _make(cls, shape, element_type, memory_space, grid, collapse_intervals, oob_val) -> "LayoutAttr":
        linear = collapsed_linear_map(shape, grid.dims, collapse_intervals)
        last = evaluate(linear, [s - 1 for s in shape])
        shard = [_ceil_div(v + 1, g) for v, g in zip(last, grid.dims)]
        return cls(AffineMapAttr(linear), OOBValAttr(oob_val), grid, build_memref(shard, element_type,
                                                                                   memory_space))

    @classmethod
    def for_tensor(cls, ty: TensorType, memory_space: str = "system", grid=None,
                   collapse_intervals=((0, -1),), oob_val: str = "undef") -> "LayoutAttr":
        return cls.make(ty.get_shape(), ty.get_element_type(), memory_space, grid, collapse_intervals, oob_val)

    @property
    def memory_space(self) -> str:
        return self.memref.memory_space.case

    @property
    def element_type(self) -> Attribute:
        return self.memref.get_element_type()

    def shard_shape(self) -> list[int]:
        """getShardShape: the memref shape, in scalars (times the tile on the last two dims)."""
        shape = list(self.memref.get_shape())
        et = self.element_type
        return et.scalar_shape(shape) if isinstance(et, TileType) else shape

    def physical_shape(self, logical_shape: Sequence[int]) -> list[int]:
        """getPhysicalShape: the linear map at the last index, plus one."""
        return [v + 1 for v in evaluate(self.linear.data, [s - 1 for s in logical_shape])]

    def stride(self, logical_shape: Sequence[int]) -> list[int]:
        """getStride: from the innermost result outwards, each dim's step in that result times the elements of
        the results inside it."""
        m = self.linear.data
        physical = self.physical_shape(logical_shape)
        rank = len(logical_shape)
        stride = [0] * rank
        prev = 1
        for i in range(len(m.results) - 1, -1, -1):
            expr = m.results[i]
            at0 = expr.eval([0] * rank, [])
            for j in range(rank):
                if not uses_dim(expr, j):
                    continue
                point = [0] * rank
                point[j] = 1
                stride[j] = prev * (expr.eval(point, []) - at0)
            prev *= physical[i]
        return stride

    def with_grid(self, shape: Sequence[int], grid: GridAttr | Sequence[int],
                  collapse_intervals: Sequence[tuple[int, int]] = ((0, -1),)) -> "LayoutAttr":
        """withGrid: the layout recomputed from scratch on a new grid, keeping element type, space and oob."""
        return LayoutAttr.make(shape, self.element_type, self.memory_space, grid, collapse_intervals,
                               self.oob_val.case)

    def with_element_type(self, element_type: Attribute) -> "LayoutAttr":
        """withElementType: the same map and grid, the scalar shard rebuilt for the new element (re-tiled)."""
        return LayoutAttr(self.linear, self.oob_val, self.grid,
                          build_memref(self.shard_shape(), element_type, self.memory_space))

    def with_memory_space(self, memory_space: str) -> "LayoutAttr":
        return LayoutAttr(self.linear, self.oob_val, self.grid,
                          MemRefType(self.element_type, self.memref.get_shape(), NoneAttr(),
                                     MemorySpaceAttr(memory_space)))

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            linear = parser.parse_affine_map()
            parser.parse_punctuation(",")
            oob = OOBValAttr.parse_bare(parser)
            parser.parse_punctuation(",")
            grid = GridAttr.parse_bare(parser)
            parser.parse_punctuation(",")
            pos = parser.pos
            memref = parser.parse_type()
            if not isinstance(memref, MemRefType):
                parser.raise_error("expected a memref as the fourth #tt.layout parameter", pos, parser.pos)
        return (AffineMapAttr(linear), oob, grid, memref)

    def mlir_params(self, p) -> str:
        return (f"<{p.affine_map(self.linear.data)}, {self.oob_val.case}, {self.grid.mlir_params(p)}, "
                f"{p.type(self.memref)}>")


def scalar_type(name: str) -> Attribute:
    """The builtin element type for a tt data type name where one exists (f32, f16, bf16)."""
    return {"f32": Float32Type(), "f16": Float16Type(), "bf16": BFloat16Type()}[name]


def tensor_layout(ty: Attribute) -> LayoutAttr | None:
    if isinstance(ty, TensorType) and isinstance(ty.encoding, LayoutAttr):
        return ty.encoding
    return None


_ATTRS = [MemorySpaceAttr, OOBValAttr, IteratorTypeAttr, ArchAttr, OperandConstraintAttr, ChipCapabilityAttr, GridAttr,
     TileType, ChipDescAttr, ChipCoordAttr, ChipChannelAttr, SystemDescAttr, DeviceAttr, DeviceType,
     ArgumentAllocationAttr, LayoutAttr]
for _cls in _ATTRS:  # the generated dataclass __eq__ compares no fields when they are declared on a base class
    _cls.__eq__ = _MLIRParams.__eq__
    _cls.__hash__ = _MLIRParams.__hash__

TT = Dialect("tt", [], _ATTRS)

__all__ = ["TT", "LayoutAttr", "GridAttr", "TileType", "MemorySpaceAttr", "OOBValAttr", "IteratorTypeAttr",
           "ArchAttr", "OperandConstraintAttr", "ChipCapabilityAttr", "ChipDescAttr", "ChipCoordAttr",
           "ChipChannelAttr", "SystemDescAttr", "DeviceAttr", "DeviceType", "ArgumentAllocationAttr",
           "collapsed_linear_map", "build_memref", "tensor_layout", "DATA_TYPES"]
