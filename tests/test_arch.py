"""Consistency checks of tensix.arch: derived quantities agree, and every fact has a source."""

import numpy as np
import pytest

from tensix import arch


def test_every_fact_is_a_module_constant_with_a_source():
    assert len(arch.FACTS) >= 30
    for name, fact in arch.FACTS.items():
        assert fact.name == name
        assert getattr(arch, name) is fact.value, name
        assert isinstance(fact.source, str) and fact.source.strip(), f"{name} has no source"
        assert arch.source(name) == fact.source


def test_unknown_fact_names_the_known_ones():
    with pytest.raises(KeyError, match="L1_BYTES"):
        arch.source("L1_SIZE")


def test_tile_and_face_geometry():
    assert arch.FACES_PER_TILE * arch.FACE_ROWS * arch.FACE_COLS == arch.TILE_ROWS * arch.TILE_COLS
    assert (arch.TILE_ROWS // arch.FACE_ROWS) * (arch.TILE_COLS // arch.FACE_COLS) == arch.FACES_PER_TILE
    assert sorted(arch.FACE_ORDER) == list(arch.FACE_ORDER)  # row-major over the 2x2 face grid
    assert arch.TILE_BYTES_FP32 == arch.TILE_ROWS * arch.TILE_COLS * 4
    assert arch.TILE_BYTES_BF16 == arch.TILE_ROWS * arch.TILE_COLS * 2
    # FACE_ORDER reproduces the documented tilize permutation: offset = face*256 + (i%16)*16 + j%16.
    a = np.arange(32 * 32).reshape(32, 32)
    faces = [a[r * 16:(r + 1) * 16, c * 16:(c + 1) * 16].ravel() for r, c in arch.FACE_ORDER]
    tiled = np.concatenate(faces)
    i, j = np.divmod(np.arange(1024), 32)
    offset = ((i // 16) * 2 + j // 16) * 256 + (i % 16) * 16 + j % 16
    assert (tiled[offset] == a.ravel()).all()


def test_dst_sizes_are_consistent():
    assert arch.DST_ROWS_16B * arch.DST_COLS * 2 == arch.DST_BYTES
    assert arch.DST_ROWS_32B * arch.DST_COLS * 4 == arch.DST_BYTES
    assert arch.DST_HALF_ROWS * 2 == arch.DST_ROWS_16B
    # One 32x32 tile fills 64 rows of 16 columns: the LLK tile stride.
    assert arch.TILE_ROWS * arch.TILE_COLS // arch.DST_COLS == arch.DST_TILE_STRIDE_ROWS


@pytest.mark.parametrize("fp32", [False, True])
@pytest.mark.parametrize("full_sync", [False, True])
def test_dst_capacity_follows_from_rows_and_tile_size(fp32, full_sync):
    rows = arch.DST_ROWS_32B if fp32 else arch.DST_ROWS_16B
    if not full_sync:
        rows //= 2
    expected = rows // arch.DST_TILE_STRIDE_ROWS
    assert arch.dst_capacity_tiles(fp32, full_sync) == expected == arch.DST_TILES[(fp32, full_sync)]


def test_sfpu_registers():
    assert arch.SFPU_LANES == 32 == arch.SFPU_LANE_GRID[0] * arch.SFPU_LANE_GRID[1]
    special = set(arch.LREG_FIXED_CONSTANTS) | set(arch.LREG_PROGRAMMABLE) | {arch.LREG_LANE_INDEX}
    assert special == set(range(arch.LREG_GENERAL, 16))
    assert arch.LREG_COUNT == 17
    assert arch.LREG_FIXED_CONSTANTS[10] == 1.0 and arch.LREG_FIXED_CONSTANTS[9] == 0.0
    assert arch.LREG_PROGRAMMABLE_DEFAULTS[11] == -1.0
    assert arch.FLAG_STACK_DEPTH == 8


def test_chip():
    assert arch.L1_BYTES == 1499136  # tt-metal soc descriptor worker_l1_size
    assert arch.RISCV_PER_TILE == len(arch.RISCV_DATA_MOVEMENT) + len(arch.RISCV_COMPUTE)
    assert arch.DRAM_BANKS * arch.DRAM_BANK_BYTES == arch.DRAM_BYTES
    assert arch.WORKER_GRID_N150[0] * arch.WORKER_GRID_N150[1] <= arch.TENSIX_TILES_PER_ASIC
    assert arch.NOC_COUNT == 2 and arch.CLOCK_HZ == 10**9


def test_facts_are_read_only():
    with pytest.raises(TypeError):
        arch.FACTS["X"] = None
    with pytest.raises(TypeError):
        arch.DST_TILES[(True, True)] = 99
