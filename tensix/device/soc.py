"""Wormhole n150 SoC layout used by the runtime: worker grid, NoC coordinates, DRAM banks, L1 size.

Source: tenstorrent/tt-metal `tt_metal/soc_descriptors/wormhole_b0_80_arch.yaml` (commit 049e2880):
NoC grid 10x12; functional workers at NoC x in {1,2,3,4,6,7,8,9} and y in {1,2,3,4,5,7,8,9,10,11}
(x=5 and y=6 are the DRAM column and the Ethernet row); `worker_l1_size: 1499136` (= 1464 KiB);
12 DRAM banks: 6 channels, each with two 1 GiB sub-banks (`dram_address_offsets` 0 / 1073741824),
`dram_preferred_worker_endpoint` gives the NoC coordinate a worker uses for each bank.

n150 exposes an 8x8 compute-with-storage grid (the remaining worker rows are harvested or used by the
dispatcher); logical core (x, y) maps to the x-th worker column and the y-th worker row of the list above.
Which physical rows are harvested differs per chip; tensix uses the first 8 rows (a decision where the
sources are silent: the NoC coordinates of a real board depend on its harvesting mask).
TODO: read these facts from `tensix.arch` once it exists.
"""

from __future__ import annotations

GRID_X = 8
GRID_Y = 8
WORKER_NOC_X = (1, 2, 3, 4, 6, 7, 8, 9)
WORKER_NOC_Y = (1, 2, 3, 4, 5, 7, 8, 9)          # first 8 of (1,2,3,4,5,7,8,9,10,11)
NOC_GRID = (10, 12)
L1_SIZE = 1499136                                  # worker_l1_size
L1_UNRESERVED_BASE = 0x20000                       # ESTIMATE: firmware, mailboxes, kernel text below this
L1_ALIGNMENT = 16                                  # tt-metal HAL L1 alignment on Wormhole
DRAM_ALIGNMENT = 32                                # tt-metal HAL DRAM alignment on Wormhole
NUM_DRAM_BANKS = 12
DRAM_BANK_SIZE = 1 << 30                           # dram_bank_size
DRAM_UNRESERVED_BASE = 0x10000                     # ESTIMATE: low DRAM reserved for the runtime
# channel -> its NoC endpoints; bank 2c and 2c+1 share channel c at address offsets 0 / 1 GiB
DRAM_CHANNEL_CORES = (
    ((0, 0), (0, 1), (0, 11)),
    ((0, 5), (0, 6), (0, 7)),
    ((5, 0), (5, 1), (5, 11)),
    ((5, 2), (5, 9), (5, 10)),
    ((5, 3), (5, 4), (5, 8)),
    ((5, 5), (5, 6), (5, 7)),
)
DRAM_BANK_WORKER_ENDPOINT = ((0, 11), (0, 1), (0, 5), (0, 7), (5, 1), (5, 11),
                             (5, 2), (5, 9), (5, 8), (5, 3), (5, 5), (5, 7))
DRAM_BANK_OFFSET = tuple((b % 2) * DRAM_BANK_SIZE for b in range(NUM_DRAM_BANKS))

# NoC address encoding (Wormhole: 36 local address bits, 6-bit node ids):
# unicast  = local | x << 36 | y << 42
# multicast= local | x_end << 36 | y_end << 42 | x_start << 48 | y_start << 54
NOC_LOCAL_BITS = 36
NOC_ID_BITS = 6
LOCAL_MASK = (1 << NOC_LOCAL_BITS) - 1
ID_MASK = (1 << NOC_ID_BITS) - 1

NOC_TO_LOGICAL = {(nx, ny): (lx, ly) for lx, nx in enumerate(WORKER_NOC_X) for ly, ny in enumerate(WORKER_NOC_Y)}
NOC_TO_DRAM_CHANNEL = {xy: c for c, cores in enumerate(DRAM_CHANNEL_CORES) for xy in cores}


def noc_xy_addr(x: int, y: int, addr: int) -> int:
    return (addr & LOCAL_MASK) | (x << NOC_LOCAL_BITS) | (y << (NOC_LOCAL_BITS + NOC_ID_BITS))


def noc_mcast_addr(x_start: int, y_start: int, x_end: int, y_end: int, addr: int) -> int:
    return ((addr & LOCAL_MASK) | (x_end << 36) | (y_end << 42) | (x_start << 48) | (y_start << 54))


def decode_unicast(noc_addr: int) -> tuple[int, int, int]:
    return ((noc_addr >> 36) & ID_MASK, (noc_addr >> 42) & ID_MASK, noc_addr & LOCAL_MASK)


def decode_mcast(noc_addr: int) -> tuple[int, int, int, int, int]:
    return ((noc_addr >> 48) & ID_MASK, (noc_addr >> 54) & ID_MASK,
            (noc_addr >> 36) & ID_MASK, (noc_addr >> 42) & ID_MASK, noc_addr & LOCAL_MASK)
