"""Page-interleaved buffer layout shared by the host (EnqueueWrite/ReadBuffer) and kernels (address generators).

Page i of an interleaved buffer lives in bank i % num_banks at bank address
base + (i // num_banks) * aligned_page_size, aligned_page_size = page_size rounded up to the bank alignment
(32 B DRAM, 16 B L1) [tt-metal InterleavedAddrGen; DESIGN: pages round-robin over banks].
DRAM banks: 12, reached at their preferred worker NoC endpoint plus the bank's channel offset (soc.py).
L1 banks: the 64 worker cores in logical row-major order (bank i = core (i % 8, i // 8)); a documented choice,
tt-metal's L1 bank order depends on the board."""

from __future__ import annotations

from tensix.device import soc
from tensix.device.memory import align

NUM_L1_BANKS = soc.GRID_X * soc.GRID_Y
L1_BANK_NOC = tuple((soc.WORKER_NOC_X[i % soc.GRID_X], soc.WORKER_NOC_Y[i // soc.GRID_X]) for i in range(NUM_L1_BANKS))


def aligned_page_size(page_size: int, is_dram: bool) -> int:
    return align(page_size, soc.DRAM_ALIGNMENT if is_dram else soc.L1_ALIGNMENT)


def num_banks(is_dram: bool) -> int:
    return soc.NUM_DRAM_BANKS if is_dram else NUM_L1_BANKS


def page_noc_addr(is_dram: bool, base: int, aligned_page: int, page_id: int, offset: int = 0) -> int:
    if is_dram:
        bank = page_id % soc.NUM_DRAM_BANKS
        x, y = soc.DRAM_BANK_WORKER_ENDPOINT[bank]
        local = soc.DRAM_BANK_OFFSET[bank] + base + (page_id // soc.NUM_DRAM_BANKS) * aligned_page + offset
    else:
        bank = page_id % NUM_L1_BANKS
        x, y = L1_BANK_NOC[bank]
        local = base + (page_id // NUM_L1_BANKS) * aligned_page + offset
    return soc.noc_xy_addr(x, y, local)
