"""ttnn._ttnn.reports: the device's allocated buffers, as tt-metal 622c6fb9 ttnn/core/reports.cpp lists them
(get_buffers, get_buffer_pages; get_device_info is not modelled; bound in ttnn/cpp/ttnn-nanobind/reports.cpp).
tt-metal's tests use get_buffer_pages to check that an op with a preallocated output allocates nothing.

- get_buffers(device): one BufferInfo per allocated buffer (DRAM and L1): address, the largest number of pages any
  bank holds times the page size (max_size_per_bank), buffer_type, buffer_layout.
- get_buffer_pages(device): one BufferPageInfo per page of every allocated *L1* buffer (DRAM buffers are skipped, as
  the C++ does): an interleaved buffer's pages round-robin over the L1 banks from bank 0 (tensix's L1 bank order:
  tensix.device.interleave), a sharded buffer's pages shard by shard, each page of the tensor's page grid inside the
  shard (a partial shard lists only the pages it holds). As in the C++, an interleaved page's bank_id is the bank
  *after* the one its core and address belong to (reports.cpp advances bank_id before it records it).
Buffers are tensix's live allocations (tensix.device.Device.allocated_buffers); an ND-sharded buffer's page map is
not modelled (NotModelledError).
"""

from __future__ import annotations

from dataclasses import dataclass

from tensix.device import interleave, soc
from tensix.errors import NotModelledError
from tensix.ttnn.sharded import ShardGeometry
from tensix.ttnn.types import TILE_SIZE, BufferType, Layout, TensorMemoryLayout

__all__ = ["BufferInfo", "BufferPageInfo", "get_buffers", "get_buffer_pages"]


@dataclass(frozen=True)
class BufferInfo:
    device_id: int
    address: int
    max_size_per_bank: int
    buffer_type: BufferType
    buffer_layout: TensorMemoryLayout


@dataclass(frozen=True)
class BufferPageInfo:
    device_id: int
    address: int
    core_y: int
    core_x: int
    bank_id: int
    page_index: int
    page_address: int
    page_size: int
    buffer_type: BufferType


def _devices(device):
    return list(device) if isinstance(device, (list, tuple)) else [device]


def _live(dev):
    sim = getattr(dev, "sim", dev)
    bufs = [b for b in list(sim.allocated_buffers) if not b.deallocated]
    return sim, sorted(bufs, key=lambda b: (b.is_dram, b._address))


def _ttnn_type(b) -> BufferType:
    return BufferType.DRAM if b.is_dram else BufferType.L1


def _legacy_geometry(b):
    """The buffer's legacy 2-D shard geometry (tensix.ttnn.sharded.ShardGeometry), or None for an ND-sharded one."""
    geom = getattr(b, "geom", None)
    return geom if isinstance(geom, ShardGeometry) else None


def _layout(b) -> TensorMemoryLayout:
    if not getattr(b, "is_sharded", False):
        return TensorMemoryLayout.INTERLEAVED
    geom = _legacy_geometry(b)
    return TensorMemoryLayout.ND_SHARDED if geom is None else geom.kind


def _shard_pages(b):
    """(core, device page, host page) of a legacy-sharded buffer, shard by shard (BufferPageMapping's order)."""
    geom = _legacy_geometry(b)
    if geom is None:
        raise NotModelledError("ttnn._ttnn.reports: the page map of an ND-sharded buffer (or of a DRAM-sharded one, "
                               "stored as ND) is not modelled by tensix.")
    if geom.layout == Layout.TILE:
        rows, cols = geom.height // TILE_SIZE, geom.width // TILE_SIZE
    else:
        rows, cols = geom.height, geom.n_w
    for core, r, c in geom.shards:
        for i in range(geom.pages_h):
            gr = r * geom.pages_h + i
            for j in range(geom.pages_w):
                gc = c * geom.pages_w + j
                if gr < rows and gc < cols:
                    yield core, i * geom.pages_w + j, gr * cols + gc


def get_buffers(device) -> list:
    out = []
    for dev in _devices(device):
        sim, bufs = _live(dev)
        for b in bufs:
            if getattr(b, "is_sharded", False):
                per_bank = {}
                for core, _, _ in _shard_pages(b):
                    per_bank[(core.x, core.y)] = per_bank.get((core.x, core.y), 0) + 1
                most = max(per_bank.values(), default=0)
            else:
                most = -(-b.num_pages // interleave.num_banks(b.is_dram))
            out.append(BufferInfo(sim.id, b._address, most * b.page_size, _ttnn_type(b), _layout(b)))
    return out


def get_buffer_pages(device) -> list:
    out = []
    nbanks = interleave.NUM_L1_BANKS
    for dev in _devices(device):
        sim, bufs = _live(dev)
        for b in bufs:
            if b.is_dram:
                continue
            t = _ttnn_type(b)
            if getattr(b, "is_sharded", False):
                for core, dev_page, host_page in _shard_pages(b):
                    bank = core.y * soc.GRID_X + core.x
                    out.append(BufferPageInfo(sim.id, b._address, core.y, core.x, bank, host_page,
                                              b._address + dev_page * b.aligned_page_size, b.page_size, t))
                continue
            for page in range(b.num_pages):
                bank = page % nbanks
                out.append(BufferPageInfo(sim.id, b._address, bank // soc.GRID_X, bank % soc.GRID_X,
                                          (bank + 1) % nbanks, page,
                                          b._address + (page // nbanks) * b.aligned_page_size, b.page_size, t))
    return out
