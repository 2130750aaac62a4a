"""Wormhole B0 facts as data, each with its source.

Every fact is a plain module constant (``arch.TILE_ROWS == 32``) so that other layers use it directly,
and is also registered in :data:`FACTS` as a :class:`Fact` carrying the value and where it comes from;
:func:`source` looks a source up by name. Layers above read the chip from here rather than repeating
numbers.

Source keys (see /work/shared/reference/tensix_facts.md "Source keys"):

- ``[ISA:x]``: tenstorrent/tt-isa-documentation ``WormholeB0/x`` (extracted at /work/isa/WormholeB0).
- ``[TILES]``: tt-metal ``docs/source/tt-metalium/tt_metal/advanced_topics/tiles.rst``.
- ``[CE]``: tt-metal ``docs/.../advanced_topics/compute_engines_and_dataflow_within_tensix.rst``.
- ``[LLK:x]``: tenstorrent/tt-llk ``tt_llk_wormhole_b0/x``.
- ``[SOC]``: tt-metal ``tt_metal/soc_descriptors/wormhole_b0_80_arch.yaml``.
- ``[SEED004]``: /work/shared/seeds/004 (a walk through one Wormhole Tensix tile).
- ``[FACTS]``: /work/shared/reference/tensix_facts.md, with the section.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

__all__ = ["Fact", "FACTS", "source", "dst_capacity_tiles"]


@dataclass(frozen=True)
class Fact:
    """One hardware fact: its value and the source it was read from."""

    name: str
    value: Any
    source: str


_FACTS: dict[str, Fact] = {}


def _fact(name: str, value: Any, src: str) -> Any:
    """Register a fact and return its value (so the module constant is the plain value)."""
    if name in _FACTS:
        raise ValueError(f"arch fact {name} defined twice")
    _FACTS[name] = Fact(name, value, src)
    return value


# ---------------------------------------------------------------------------------------------------
# Tiles and faces
# ---------------------------------------------------------------------------------------------------
TILE_ROWS = _fact("TILE_ROWS", 32, "[TILES]: a tile is 32x32 values of one type ([FACTS] s1)")
TILE_COLS = _fact("TILE_COLS", 32, "[TILES] ([FACTS] s1)")
FACE_ROWS = _fact(
    "FACE_ROWS", 16, "[TILES]: four 16x16 faces per tile; [LLK] DEST_FACE_HEIGHT = 16 ([FACTS] s1, s2)"
)
FACE_COLS = _fact("FACE_COLS", 16, "[TILES]; [LLK] DEST_FACE_WIDTH = 16 ([FACTS] s1, s2)")
FACES_PER_TILE = _fact("FACES_PER_TILE", 4, "[TILES]: a 32x32 tile is four 16x16 faces ([FACTS] s1)")
FACE_ORDER = _fact(
    "FACE_ORDER",
    ((0, 0), (0, 1), (1, 0), (1, 1)),
    "[TILES]: face f covers (row block, col block) = FACE_ORDER[f]: face0 rows 0-15/cols 0-15, face1 rows "
    "0-15/cols 16-31, face2 rows 16-31/cols 0-15, face3 rows 16-31/cols 16-31; each face row-major "
    "([FACTS] s1)",
)
TILE_BYTES_FP32 = _fact("TILE_BYTES_FP32", 4096, "[TILES]: FP32 tile = 4096 B ([FACTS] s1)")
TILE_BYTES_BF16 = _fact("TILE_BYTES_BF16", 2048, "[TILES]: BF16 tile = 2048 B ([FACTS] s1)")

# ---------------------------------------------------------------------------------------------------
# Dst register
# ---------------------------------------------------------------------------------------------------
DST_COLS = _fact("DST_COLS", 16, "[ISA:TensixTile/TensixCoprocessor/Dst.md]: 16 columns in both views")
DST_ROWS_16B = _fact(
    "DST_ROWS_16B", 1024, "[ISA:TensixTile/TensixCoprocessor/Dst.md]: Dst16b is 1024 x 16 of 16-bit"
)
DST_ROWS_32B = _fact(
    "DST_ROWS_32B", 512, "[ISA:TensixTile/TensixCoprocessor/Dst.md]: Dst32b is 512 x 16 of 32-bit"
)
DST_BYTES = _fact(
    "DST_BYTES",
    32 * 1024,
    "[ISA:TensixTile/TensixCoprocessor/Dst.md]: uint16 DstBits[1024][16] = 32 KiB; [SEED004] '32 KiB in Dst'",
)
DST_HALF_ROWS = _fact(
    "DST_HALF_ROWS",
    512,
    "[LLK: common/inc/ckernel.h] DEST_REGISTER_HALF_SIZE = 512, base of the second half in half-sync mode "
    "([FACTS] s1, s2)",
)
DST_TILE_STRIDE_ROWS = _fact(
    "DST_TILE_STRIDE_ROWS",
    64,
    "[LLK: common/inc/cmath_common.h] set_dst_write_addr: dst_index = tile_index << DstTileSizeLog2, "
    "DstTileSizeLog2[Tile32x32] == 6 ([FACTS] s1)",
)
DST_TILES = _fact(
    "DST_TILES",
    MappingProxyType({(False, False): 8, (False, True): 16, (True, False): 4, (True, True): 8}),
    "[CE] and [LLK: common/inc/ckernel.h] get_dest_max_tiles(): tiles of 32x32 by "
    "(fp32_dest_acc_en, dst_full_sync_en): 16-bit half/full sync 8/16, fp32 half/full sync 4/8 ([FACTS] s2)",
)

# ---------------------------------------------------------------------------------------------------
# Vector unit (SFPU)
# ---------------------------------------------------------------------------------------------------
SFPU_LANES = _fact(
    "SFPU_LANES", 32, "[ISA:TensixTile/TensixCoprocessor/VectorUnit.md]: 32 lanes of 32 bits; LReg.md"
)
SFPU_LANE_GRID = _fact(
    "SFPU_LANE_GRID",
    (4, 8),
    "[ISA:TensixTile/TensixCoprocessor/LReg.md] 'Lane layout': lanes viewed as a 4x8 grid",
)
LREG_COUNT = _fact(
    "LREG_COUNT",
    17,
    "[ISA:TensixTile/TensixCoprocessor/LReg.md]: LReg[17][32] (LReg[16] only via SFPLOADMACRO)",
)
LREG_GENERAL = _fact(
    "LREG_GENERAL", 8, "[ISA:TensixTile/TensixCoprocessor/LReg.md]: LReg[0..7] read/write ([FACTS] s3)"
)
LREG_FIXED_CONSTANTS = _fact(
    "LREG_FIXED_CONSTANTS",
    MappingProxyType({8: 0.8373, 9: 0.0, 10: 1.0}),
    "[ISA:TensixTile/TensixCoprocessor/LReg.md]: read-only LReg8 = 0.8373, LReg9 = 0 (all-zero bits), "
    "LReg10 = 1.0. The fp32 bit pattern of 0.8373 is not documented; assumed to be the nearest fp32, "
    "0x3f56594b = 0.837300002..., consistent with SFPI's name CREG_IDX_0P837300003 ([FACTS] s3) (inference)",
)
LREG_LANE_INDEX = _fact(
    "LREG_LANE_INDEX",
    15,
    "[ISA:TensixTile/TensixCoprocessor/LReg.md]: read-only LReg15, lane i holds the integer 2*i "
    "(SFPI vConstTileId) ([FACTS] s2)",
)
LREG_PROGRAMMABLE = _fact(
    "LREG_PROGRAMMABLE",
    (11, 12, 13, 14),
    "[ISA:TensixTile/TensixCoprocessor/LReg.md]: LReg11..14 writable only via SFPCONFIG (LReg0 lanes 0-7 "
    "broadcast); the SFPI compiler reserves LReg11 = -1.0",
)
LREG_PROGRAMMABLE_DEFAULTS = _fact(
    "LREG_PROGRAMMABLE_DEFAULTS",
    MappingProxyType({11: -1.0, 12: 1 / 65536, 13: -0.67487759, 14: -0.34484843}),
    "[ISA:TensixTile/TensixCoprocessor/SFPCONFIG.md]: values SFPCONFIG writes to LReg11..14 with "
    "MOD1_IMM16_IS_VALUE (as fp32). Contents after reset are not documented.",
)
FLAG_STACK_DEPTH = _fact(
    "FLAG_STACK_DEPTH",
    8,
    "[ISA:TensixTile/TensixCoprocessor/SFPPUSHC.md]: the conditional stack holds at most eight entries; "
    "SFPPUSHC must not be used when full ([FACTS] s3)",
)

# ---------------------------------------------------------------------------------------------------
# Tile (core) and chip
# ---------------------------------------------------------------------------------------------------
CLOCK_HZ = _fact(
    "CLOCK_HZ",
    1_000_000_000,
    "[ISA:TensixTile/BabyRISCV/README.md]: RISC-V cores at 1 GHz; SFPMAD.md 'Wormhole's standard 1 GHz "
    "clock rate' ([FACTS] s4)",
)
L1_BYTES = _fact(
    "L1_BYTES",
    1464 * 1024,
    "[ISA:TensixTile/L1.md]: 1464 KiB of L1 per Tensix tile; [SOC] worker_l1_size 1499136; [SEED004]",
)
RISCV_PER_TILE = _fact(
    "RISCV_PER_TILE",
    5,
    "[ISA:TensixTile/README.md]: 5 baby RISC-V (RV32IM) cores: B, T0, T1, T2, NC; [SEED004]",
)
RISCV_DATA_MOVEMENT = _fact(
    "RISCV_DATA_MOVEMENT",
    ("B", "NC"),
    "[ISA:TensixTile/BabyRISCV/README.md]: with TT-Metalium, data movement kernels run on RISCV B and NC "
    "(BRISC / NCRISC)",
)
RISCV_COMPUTE = _fact(
    "RISCV_COMPUTE",
    ("T0", "T1", "T2"),
    "[ISA:TensixTile/BabyRISCV/README.md]: compute kernels run on T0 (UNPACK), T1 (MATH), T2 (PACK)",
)
RISCV_ISA = _fact(
    "RISCV_ISA",
    "RV32IM",
    "[ISA:TensixTile/BabyRISCV/README.md]: RV32IM, no floating-point extension (float math is soft-float) "
    "([FACTS] s4)",
)
NOC_COUNT = _fact(
    "NOC_COUNT",
    2,
    "[ISA:README.md]: 2x NoC; [ISA:NoC/README.md]: NoC #1 is physically separate from NoC #0 and flows in "
    "the opposite direction; [ISA:TensixTile/README.md]: 2 NoC connections per Tensix tile",
)
NOC_FLIT_BYTES = _fact("NOC_FLIT_BYTES", 32, "[ISA:NoC/README.md]: each flit is 256 bits (32 bytes)")
NOC_GRID = _fact("NOC_GRID", (10, 12), "[SOC]: grid x_size 10, y_size 12 (NoC coordinates, 2D torus)")
TENSIX_TILES_PER_ASIC = _fact(
    "TENSIX_TILES_PER_ASIC",
    80,
    "[ISA:README.md]: 80 Tensix tiles per ASIC, of which 64, 72 or 80 are available depending on the product",
)
WORKER_GRID_N150 = _fact(
    "WORKER_GRID_N150",
    (8, 8),
    "tenstorrent/tt-mlir PR #1897: compute_with_storage_grid_size is 8x8 on N150 (7x8 on N300 with worker "
    "dispatch); the remaining available row is used for fast dispatch",
)
DRAM_BANKS = _fact(
    "DRAM_BANKS",
    12,
    "[ISA:DRAMTile/README.md]: 12x 1 GiB channels of GDDR6; [SOC]: 12 dram entries, dram_bank_size 1 GiB",
)
DRAM_BANK_BYTES = _fact(
    "DRAM_BANK_BYTES", 1 << 30, "[SOC]: dram_bank_size 1073741824; [ISA:DRAMTile/README.md] 1 GiB channels"
)
DRAM_BYTES = _fact("DRAM_BYTES", 12 << 30, "[ISA:README.md]: 12 GiB of GDDR6 per ASIC")


FACTS: MappingProxyType[str, Fact] = MappingProxyType(_FACTS)


def source(name: str) -> str:
    """The source of the fact called ``name`` (e.g. ``source("L1_BYTES")``)."""
    try:
        return FACTS[name].source
    except KeyError:
        raise KeyError(f"no Wormhole fact named {name!r}; known facts: {', '.join(sorted(FACTS))}") from None


def dst_capacity_tiles(fp32_dest_acc_en: bool, dst_full_sync_en: bool) -> int:
    """How many 32x32 tiles Dst holds for one thread's use under the given ComputeConfig flags.

    [CE]; [LLK: common/inc/ckernel.h] get_dest_max_tiles(). Half sync (the default) gives half of Dst to
    the math thread while the packer drains the other half.
    """
    return DST_TILES[(bool(fp32_dest_acc_en), bool(dst_full_sync_en))]
