"""Dataflow kernel API with tt-metal's names (dataflow_api.h): args, circular buffers, NoC, semaphores.

Kernels are plain Python `def kernel_main():` functions; these calls act on the core and RISC-V the scheduler is
running. Pointers of the C++ API are L1 addresses (ints) here. Every call costs RISC-V cycles from
tensix/device/costs.json; blocking calls block exactly where hardware blocks (scheduler.py)."""

from __future__ import annotations

import sys

import numpy as np

from tensix.costs import cost
from tensix.device import noc as _noc
from tensix.device import soc
from tensix.device.errors import (
    CircularBufferError,
    NocAddressError,
    ReadBarrierError,
    RuntimeArgError,
)
from tensix.device.interleave import aligned_page_size, page_noc_addr
from tensix.device.jitentry import entry_for
from tensix.device.noc import MAX_PACKET
from tensix.device.noc import _broken as _noc_broken
from tensix.kernel import _ctx

_C_CALL = cost("riscv.call")
_C_ARG = cost("riscv.get_arg_val")
_C_RES = cost("riscv.cb_reserve_back")
_C_PUSH = cost("riscv.cb_push_back")
_C_WAIT = cost("riscv.cb_wait_front")
_C_POP = cost("riscv.cb_pop_front")
_C_ISSUE = cost("riscv.noc_issue")
_C_BAR = cost("riscv.noc_barrier")
_C_SEM = cost("riscv.semaphore_local")
_C_ADDR = cost("riscv.addrgen")
_C_DPRINT = cost("riscv.dprint")

SEMAPHORE_BASE = soc.L1_UNRESERVED_BASE
SEMAPHORE_STRIDE = 16           # one semaphore per 16-byte L1 slot (NoC alignment)
NUM_SEMAPHORES = 16             # per core per program (tt-metal NUM_SEMAPHORES)

uint32_t = int
int32_t = int


class CBIndex:
    """tt::CBIndex::c_0 .. c_31."""


for _i in range(32):
    setattr(CBIndex, f"c_{_i}", _i)


class CB:
    """Legacy names tt::CB::c_in0..7 (0..7), c_out0..7 (16..23), c_intermed0..7 (24..31)."""


for _i in range(8):
    setattr(CB, f"c_in{_i}", _i)
    setattr(CB, f"c_out{_i}", 16 + _i)
    setattr(CB, f"c_intermed{_i}", 24 + _i)


# ---- arguments ----------------------------------------------------------------------------------------
def _arg(th, args, idx, what, setter):
    th.advance(_C_ARG)
    if not isinstance(idx, int) or idx < 0 or idx >= len(args) or args[idx] is None:
        raise RuntimeArgError(
            f"{what}({idx}) in {th.name()} at {th.source_line_now()}: index {idx} was never set "
            f"({len(args)} argument(s) set for this core).\nFix: pass it with {setter} on the host.")
    return args[idx]


# The three getters check and charge inline (_arg's checks, in the order that lets a set argument return at once): a
# kernel reads a few dozen arguments, and every op starts a kernel per core and RISC-V.
def get_arg_val(idx, *_):
    th = _ctx.th
    args = th.rt_args
    if idx.__class__ is int and 0 <= idx < len(args):
        v = args[idx]
        if v is not None:
            th.clocks[th.cur] += _C_ARG
            return v
    return _arg(th, args, idx, "get_arg_val", "SetRuntimeArgs(program, kernel, core, [...])")


def get_common_arg_val(idx, *_):
    th = _ctx.th
    args = th.kernel.common_args
    if idx.__class__ is int and 0 <= idx < len(args):
        v = args[idx]
        if v is not None:
            th.clocks[th.cur] += _C_ARG
            return v
    return _arg(th, args, idx, "get_common_arg_val", "SetCommonRuntimeArgs(program, kernel, [...])")


def get_compile_time_arg_val(idx):
    th = _ctx.th
    args = th.kernel.compile_args
    if idx.__class__ is int and 0 <= idx < len(args):
        v = args[idx]
        if v is not None:
            th.clocks[th.cur] += _C_ARG
            return v
    return _arg(th, args, idx, "get_compile_time_arg_val",
                "compile_args=[...] in the kernel's DataMovementConfig / ComputeConfig")


# ---- circular buffers ---------------------------------------------------------------------------------
def _cb(th, cb_id, call):
    cb = th.core.cbs.get(cb_id)
    if cb is None:
        cb = th.core.cbs.get(int(cb_id))
    if cb is None:
        raise CircularBufferError(
            f"{call}: CB {int(cb_id)} does not exist on core {th.core.logical} ({th.name()}, at "
            f"{th.source_line_now()}).\nFix: CreateCircularBuffer(program, cores, CircularBufferConfig(..., "
            f"{{{int(cb_id)}: fmt}})) for this core.")
    return cb


# The four CB calls below run once per page in every streaming kernel, so they inline the cost accounting, look
# the CB up directly (_cb only on a miss, to raise its diagnostic) and read the CB's time rings themselves for
# the page counts they have checked (CircularBuffer.filled_time / free_time for 0 < n <= num_pages).
def cb_reserve_back(cb_id, num_pages):
    th = _ctx.th
    try:
        cb = th.core.cbs[cb_id]
    except (KeyError, TypeError):
        cb = _cb(th, cb_id, "cb_reserve_back")
    i = th.cur = 2 if th.compute is not None else 0
    th.clocks[i] += _C_RES
    if not 0 < num_pages <= cb.num_pages:
        if num_pages == 0:      # dataflow_api.h waits while free pages < 0: never (sharded factories rely on it)
            return
        cb.check_pages(num_pages, "cb_reserve_back")
    need = cb.pushed + num_pages - cb.num_pages     # pages that must have been popped (CircularBuffer.free_time)
    if need > 0:
        while cb.popped < need:
            th.sched.block(th, cb.waiters, ("cb_reserve_back(cb=%s, %s)", cb.index, num_pages), cb)
        t = cb.pop_t[(need - 1) % cb.num_pages]
        if t > th.clocks[i]:                # free at a later time: move there (as Scheduler.wait)
            th.idle[i] += t - th.clocks[i]
            th.clocks[i] = t
    if num_pages > cb.reserved:
        cb.reserved = num_pages
    if cb.guards:
        _reserve_over_guards(th, cb, num_pages, i)


def _reserve_over_guards(th, cb, num_pages, i):
    """cb_reserve_back granted pages some of which an outgoing noc_async_write may still read (CircularBuffer.guard).
    The packer's writes are checked when they happen (their times are known); another producer's writes (NoC reads,
    stores through get_write_ptr) are not tracked, so granting it such a page before the write has read it out is
    refused here."""
    t = th.clocks[i]
    lo = cb.wr_ptr
    hi = lo + num_pages * cb.page_size
    spans = [(lo, min(hi, cb.limit))] + ([(cb.base, cb.base + hi - cb.limit)] if hi > cb.limit else [])
    what = f"cb_reserve_back({cb.index}, {num_pages}) at {th.source_line_now()} (a producer that is not the packer)"
    for a, b in spans:
        if th.compute is None:
            cb.check_overwrite(a, b, t, what)
        else:
            cb.guards = [g for g in cb.guards if g[2] > t]


def cb_push_back(cb_id, num_pages):
    th = _ctx.th
    try:
        cb = th.core.cbs[cb_id]
    except (KeyError, TypeError):
        cb = _cb(th, cb_id, "cb_push_back")
    i = th.cur = 2 if th.compute is not None else 0
    th.clocks[i] += _C_PUSH
    if th.reads:
        lo, hi = cb.wr_ptr, cb.wr_ptr + num_pages * cb.page_size
        for rlo, rhi, done in th.reads:
            if rlo < hi and lo < rhi:
                raise ReadBarrierError(
                    f"cb_push_back({cb.index}, {num_pages}) on core {th.core.logical} at {th.source_line_now()}: "
                    f"L1 [{rlo:#x}, {rhi:#x}) of the pushed pages is the destination of a noc_async_read that no "
                    "noc_async_read_barrier has completed; the consumer would read stale data.\n"
                    "Fix: call noc_async_read_barrier() before cb_push_back.")
    if not 0 <= num_pages <= cb.reserved:
        if num_pages < 0:
            cb.check_pages(num_pages, "cb_push_back")
        # the card keeps no reservation count: after a reservation, pages past it that were free (popped) by this
        # thread's time are pushed as they are (ttnn topk_final reserves one page at a time and pushes them all);
        # others would overwrite unread data, and a push with nothing reserved is refused
        free_at = cb.free_time(num_pages) if cb.reserved else None
        if free_at is None or free_at > th.clocks[i]:
            raise cb.over_push(num_pages)
        cb.reserved = num_pages
    cb.reserved -= num_pages
    t = th.clocks[i]
    p = cb.pushed
    if num_pages == 1:                      # the push-time ring (CircularBuffer)
        cb.push_t[p % cb.num_pages] = t
    else:
        n = cb.num_pages
        for q in range(p, p + num_pages):
            cb.push_t[q % n] = t
    cb.pushed = p + num_pages
    cb.wr_tile = 0                          # the packer's fifo_wr_tile_ptr (llk_push_tiles)
    w = cb.wr_ptr + num_pages * cb.page_size
    cb.wr_ptr = w - cb.size if w >= cb.limit else w
    if cb.waiters:
        th.sched.wake_all(cb.waiters)


def cb_wait_front(cb_id, num_pages):
    th = _ctx.th
    try:
        cb = th.core.cbs[cb_id]
    except (KeyError, TypeError):
        cb = _cb(th, cb_id, "cb_wait_front")
    th.cur = 0
    clocks = th.clocks
    clocks[0] += _C_WAIT
    if not 0 < num_pages <= cb.num_pages:
        if num_pages == 0:      # waits while received pages < 0: never
            return
        cb.check_pages(num_pages, "cb_wait_front")
    need = cb.popped + num_pages                     # pages that must have been pushed (CircularBuffer.filled_time)
    while cb.pushed < need:
        th.sched.block(th, cb.waiters, ("cb_wait_front(cb=%s, %s)", cb.index, num_pages), cb)
    t = cb.push_t[(need - 1) % cb.num_pages]
    if t > clocks[0]:                       # filled at a later time: move there (as Scheduler.wait)
        th.idle[0] += t - clocks[0]
        clocks[0] = t
    if num_pages > cb.visible:
        cb.visible = num_pages


def cb_pop_front(cb_id, num_pages):
    th = _ctx.th
    try:
        cb = th.core.cbs[cb_id]
    except (KeyError, TypeError):
        cb = _cb(th, cb_id, "cb_pop_front")
    th.cur = 0
    th.clocks[0] += _C_POP
    if th.write_src:        # a popped page a write still reads out: the producer must not overwrite it until then
        lo, hi = cb.rd_ptr, cb.rd_ptr + num_pages * cb.page_size
        for wlo, whi, fl in th.write_src:
            if wlo < hi and lo < whi and fl > th.clocks[0]:
                cb.guard(max(wlo, lo), min(whi, hi), fl,
                         f"the noc_async_write of core {th.core.logical} whose pages cb_pop_front({cb.index}, "
                         f"{num_pages}) at {th.source_line_now()} freed without a write barrier")
    if not 0 <= num_pages <= cb.visible:
        if num_pages < 0:
            cb.check_pages(num_pages, "cb_pop_front")
        raise cb.over_pop(num_pages)
    cb.visible -= num_pages
    t = th.clocks[0]
    p = cb.popped
    if num_pages == 1:                      # the pop-time ring (CircularBuffer)
        cb.pop_t[p % cb.num_pages] = t
    else:
        n = cb.num_pages
        for q in range(p, p + num_pages):
            cb.pop_t[q % n] = t
    cb.popped = p + num_pages
    r = cb.rd_ptr + num_pages * cb.page_size
    cb.rd_ptr = r - cb.size if r >= cb.limit else r
    if cb.waiters:
        th.sched.wake_all(cb.waiters)


def cb_pages_available_at_front(cb_id, num_pages):
    th = _ctx.th
    cb = _cb(th, cb_id, "cb_pages_available_at_front")
    th.advance(_C_CALL)
    t = cb.filled_time(num_pages)
    return t is not None and t <= th.clock


def cb_pages_reservable_at_back(cb_id, num_pages):
    th = _ctx.th
    cb = _cb(th, cb_id, "cb_pages_reservable_at_back")
    th.advance(_C_CALL)
    t = cb.free_time(num_pages)
    return t is not None and t <= th.clock


def get_write_ptr(cb_id):
    th = _ctx.th
    i = th.cur
    th.clocks[i] += _C_CALL
    try:
        return th.core.cbs[cb_id].wr_ptr
    except (KeyError, TypeError):
        return _cb(th, cb_id, "get_write_ptr").wr_ptr


def get_read_ptr(cb_id):
    th = _ctx.th
    i = th.cur
    th.clocks[i] += _C_CALL
    try:
        return th.core.cbs[cb_id].rd_ptr
    except (KeyError, TypeError):
        return _cb(th, cb_id, "get_read_ptr").rd_ptr


def get_tile_size(cb_id):
    th = _ctx.th
    th.advance(_C_CALL)
    cb = _cb(th, cb_id, "get_tile_size")
    if cb.tile is not None:         # the CB's tile dims (set_tile_dims): Tile::get_tile_size of its format
        from tensix.kernel import tile_shape
        return tile_shape.size(cb.fmt, cb.tile)
    return _tile_size(cb.fmt, cb.page_size)


def get_dataformat(cb_id):
    th = _ctx.th
    return _cb(th, cb_id, "get_dataformat").fmt


def _tile_size(fmt, default):
    try:
        from tensix.device.formats import tile_size
    except ImportError:
        return default
    return tile_size(fmt)


# ---- addressing ----------------------------------------------------------------------------------------
def get_noc_addr(a, b=None, c=None, noc=None):
    """get_noc_addr(x, y, addr) -> unicast NoC address; get_noc_addr(addr) -> this core's L1;
    get_noc_addr(page_id, addrgen[, offset]) -> the page's address."""
    th = _ctx.th
    th.advance(_C_CALL)
    if b is None:
        x, y = th.core.noc_xy
        return soc.noc_xy_addr(x, y, a)
    if hasattr(b, "get_noc_addr"):
        return b.get_noc_addr(a, 0 if c is None else c)
    return soc.noc_xy_addr(a, b, c)


def get_noc_multicast_addr(x_start, y_start, x_end, y_end, addr, noc=None):
    th = _ctx.th
    th.advance(_C_CALL)
    return soc.noc_mcast_addr(x_start, y_start, x_end, y_end, addr)


class _AddrGen:
    def __init__(self, is_dram=True, bank_base_address=0, page_size=0, data_format=None, log_base_2_of_page_size=None):
        self.is_dram = bool(is_dram)
        self.bank_base_address = int(bank_base_address)
        if log_base_2_of_page_size is not None:
            page_size = 1 << log_base_2_of_page_size
        if not page_size and data_format is not None:
            page_size = _tile_size(data_format, 0)
        self.page_size = int(page_size)
        self.aligned_page_size = aligned_page_size(self.page_size, self.is_dram)

    def get_noc_addr(self, page_id, offset=0, noc=None):
        th = _ctx.th
        th.advance(_C_ADDR)
        if not 0 <= page_id <= 0xFFFFFFFF:
            raise NocAddressError(
                f"page id {page_id} on core {th.core.logical} at {th.source_line_now()}: page ids are uint32 in "
                "tt-metal's address generators, so a negative id wraps to a page about 4 billion pages on, far "
                "outside any buffer (Python would quietly take a page before the buffer's first one).\n"
                "Fix: pass a page id from 0 to the buffer's page count - 1.")
        return page_noc_addr(self.is_dram, self.bank_base_address, self.aligned_page_size, page_id, offset)


class InterleavedAddrGen(_AddrGen):
    pass


class InterleavedAddrGenFast(_AddrGen):
    pass


class InterleavedPow2AddrGenFast(_AddrGen):
    pass


class TensorAccessorArgs:
    """Kernel side: reads the accessor's compile-time args at `offset` (host: TensorAccessorArgs(buffer), whose
    docstring gives the encoding): an interleaved buffer's one word, or a sharded buffer's distribution spec."""

    NUM_ARGS = 1        # an interleaved buffer's; a sharded one's instance says its own

    def __init__(self, offset=0, common_offset=0):
        self.offset = offset
        flags = get_compile_time_arg_val(offset)
        self.is_dram = bool(flags & 1)
        self.is_sharded = bool(flags & 2)
        if self.is_sharded:
            rank = get_compile_time_arg_val(offset + 1)
            banks = get_compile_time_arg_val(offset + 2)
            words = [get_compile_time_arg_val(offset + 3 + i) for i in range(2 * rank + banks)]
            self.tensor_shape = tuple(words[:rank])
            self.shard_shape = tuple(words[rank:2 * rank])
            self.bank_coords = tuple(((w >> 8) & 0xFF, w & 0xFF) for w in words[2 * rank:])
            self.NUM_ARGS = 3 + 2 * rank + banks

    def next_compile_time_args_offset(self):
        return self.offset + self.NUM_ARGS

    def next_common_runtime_args_offset(self):
        return 0


class TensorAccessor(_AddrGen):
    """TensorAccessor(args, bank_base_address, page_size). Over a sharded buffer it is a _ShardedAccessor."""

    def __new__(cls, args=None, bank_base_address=0, page_size=0):
        if cls is TensorAccessor and getattr(args, "is_sharded", False):
            return object.__new__(_ShardedAccessor)
        return object.__new__(cls)

    def __init__(self, args, bank_base_address, page_size):
        super().__init__(args.is_dram, bank_base_address, page_size)


class _ShardedAccessor(TensorAccessor):
    """A TensorAccessor over a sharded buffer, as tt-metal 622c6fb9 tensor_accessor.h's
    get_bank_and_offset_from_page_id and get_noc_addr: the page id's coordinates in the tensor's page shape give the
    shard (row-major over the shard grid) and the page's row-major offset within the full shard shape; shard k is on
    bank k % num_banks at bank page offset (k // num_banks) * shard volume + that offset; the address is the bank's
    start + base + bank page offset * page_size + offset, page_size as the kernel passed it (not aligned here: the
    shards' pages sit at the buffer's aligned page size, so a kernel passing another size reads what the card would)."""

    def __init__(self, args, bank_base_address, page_size):
        self.is_dram = args.is_dram
        self.bank_base_address = int(bank_base_address)
        self.page_size = self.aligned_page_size = int(page_size)
        self.tensor_shape, self.shard_shape, self.bank_coords = args.tensor_shape, args.shard_shape, args.bank_coords
        grid, strides = [], []
        g = s = 1
        for t, sh in zip(reversed(self.tensor_shape), reversed(self.shard_shape)):
            grid.append(g)
            strides.append(s)
            g *= -(-t // sh)
            s *= sh
        self._grid_strides, self._shard_strides = grid[::-1], strides[::-1]
        self.shard_volume = s
        self.num_pages = 1
        for t in self.tensor_shape:
            self.num_pages *= t

    def bank_and_offset(self, page_id):
        """(bank index, page offset within the bank) of a page id."""
        shard = within = 0
        pid = page_id
        for d in range(len(self.tensor_shape) - 1, -1, -1):
            t, sh = self.tensor_shape[d], self.shard_shape[d]
            coord = pid % t
            pid //= t
            shard += (coord // sh) * self._grid_strides[d]
            within += (coord % sh) * self._shard_strides[d]
        nb = len(self.bank_coords)
        return shard % nb, (shard // nb) * self.shard_volume + within

    def shard_pages(self, shard_id, start_page_offset=0, end_page_offset=0, noc=None):
        """tensor_accessor.h shard_pages: the pages of shard `shard_id` that lie inside the tensor, in row-major order
        within the full shard shape (end_page_offset 0: the shard's volume); iterate with begin()."""
        return _ShardPages(self, shard_id, start_page_offset, end_page_offset or self.shard_volume)

    def _bank_addr(self, bank, bank_page_offset, offset=0):
        x, y = self.bank_coords[bank]
        local = self.bank_base_address + bank_page_offset * self.page_size + offset
        if self.is_dram:
            local += soc.DRAM_BANK_OFFSET[x]
            x, y = soc.DRAM_BANK_WORKER_ENDPOINT[x]
        return soc.noc_xy_addr(x, y, local)

    def get_noc_addr(self, page_id, offset=0, noc=None):
        th = _ctx.th
        th.advance(_C_ADDR)
        if not 0 <= page_id < self.num_pages:
            raise NocAddressError(
                f"page id {page_id} on core {th.core.logical} at {th.source_line_now()}: the sharded tensor has "
                f"{self.num_pages} pages (page shape {list(self.tensor_shape)}); tt-metal's sharded TensorAccessor "
                "only ASSERTs the bound and otherwise wraps the id onto another page.\nFix: pass a page id from 0 to "
                f"{self.num_pages - 1}.")
        return self._bank_addr(*self.bank_and_offset(page_id), offset)


class _ShardPages:
    """tensor_accessor::ShardPages: begin() gives a _ShardPageIter at start_page_offset, end() one at the end offset."""

    def __init__(self, acc, shard_id, start, end):
        self.acc, self.shard_id, self._start, self._end = acc, shard_id, start, end

    def begin(self):
        return _ShardPageIter(self.acc, self.shard_id, self._start, self._end)

    def end(self):
        return _ShardPageIter(self.acc, self.shard_id, self._end, self._end)


class _ShardPageIter:
    """tensor_accessor::ShardPagesAddressIterator (shard_pages_address_iterator.h, 622c6fb9): `noc_addr` is the current
    page's address (what *it resolves to); `it += n` moves n pages within the full shard shape and keeps moving by n
    while the page lies outside the tensor (a partial shard's padding), stopping at the end offset."""

    def __init__(self, acc, shard_id, start, end):
        self.acc, self.cur, self.end = acc, start, end
        nb = len(acc.bank_coords)
        self._bank, self._base = shard_id % nb, (shard_id // nb) * acc.shard_volume
        # the shard's first page coordinates in the tensor (shard grid row-major over tensor dims)
        origin, sid = [], shard_id
        for t, sh in zip(reversed(acc.tensor_shape), reversed(acc.shard_shape)):
            n = -(-t // sh)
            origin.append((sid % n) * sh)
            sid //= n
        self._origin = origin[::-1]
        while self.cur < self.end and not self._inside():
            self.cur += 1
        self.cur = min(self.cur, self.end)

    def _inside(self):
        rem = self.cur
        for d in range(len(self.acc.shard_shape) - 1, -1, -1):
            sh = self.acc.shard_shape[d]
            if self._origin[d] + rem % sh >= self.acc.tensor_shape[d]:
                return False
            rem //= sh
        return True

    @property
    def noc_addr(self):
        return self.acc._bank_addr(self._bank, self._base + self.cur)

    def page_id(self):
        """The current page's id in the tensor (its coordinates, row-major over the tensor's page shape)."""
        pid, stride, rem = 0, 1, self.cur
        for d in range(len(self.acc.shard_shape) - 1, -1, -1):
            sh = self.acc.shard_shape[d]
            pid += (self._origin[d] + rem % sh) * stride
            rem //= sh
            stride *= self.acc.tensor_shape[d]
        return pid

    def __eq__(self, other):
        return self._bank == other._bank and self._base == other._base and self.cur == other.cur

    def __ne__(self, other):
        return not self == other

    def __iadd__(self, steps):
        while self.cur < self.end:
            self.cur += steps
            if self.cur >= self.end:
                self.cur = self.end
                break
            if self._inside():
                break
        return self


# address generators whose get_noc_addr is exactly interleave.page_noc_addr (fast tile transfers above)
_PAGE_GENS = frozenset((_AddrGen, InterleavedAddrGen, InterleavedAddrGenFast, InterleavedPow2AddrGenFast,
                        TensorAccessor))


# ---- NoC transfers ------------------------------------------------------------------------------------
def _local_range(th, addr, size, what):
    if 0 <= addr and addr + size <= soc.L1_SIZE:
        return
    raise NocAddressError(
        f"{what}: local L1 range [{addr:#x}, {addr + size:#x}) on core {th.core.logical} at "
        f"{th.source_line_now()} is outside L1 ({soc.L1_SIZE:#x} bytes).\nFix: use a CB pointer "
        "(get_write_ptr/get_read_ptr) or an address inside L1.")




def _check_align(th, local, remote, kind, size, what, write=False):
    """NoC alignment rules: the NoC moves L1 data in aligned 16-byte units [ISA NoC/Ordering.md] and does not
    shift bytes, so both ends must sit at the same offset within 16 bytes (32 when reading DRAM: tt-metal
    622c6fb9's Wormhole noc_parameters.h NOC_L1_READ/WRITE_ALIGNMENT_BYTES = 16, NOC_DRAM_READ_ALIGNMENT_BYTES =
    32, NOC_DRAM_WRITE_ALIGNMENT_BYTES = 16, as its watcher's debug_sanitize checks them); transfers over one
    packet (8 KiB) are split by hardware only if both addresses are 16-byte aligned [ISA NoC/Counters.md]."""
    al = soc.DRAM_ALIGNMENT if kind == "dram" and not write else soc.L1_ALIGNMENT
    if (local - remote) % al:
        raise NocAddressError(
            f"{what} on core {th.core.logical} at {th.source_line_now()}: misaligned NoC access: local L1 address "
            f"{local:#x} and {'DRAM' if kind == 'dram' else 'remote L1'} address {remote:#x} are at different "
            f"offsets within {al} bytes ({local % al} vs {remote % al}); the NoC does not realign data.\n"
            f"Fix: give both ends the same address modulo {al} (ideally {al}-byte aligned buffers and offsets).")
    if size > MAX_PACKET and (local % 16 or remote % 16):
        raise NocAddressError(
            f"{what} on core {th.core.logical} at {th.source_line_now()}: a {size}-byte transfer is split into "
            "8 KiB packets by hardware only if both addresses are 16-byte aligned.\nFix: align both addresses to "
            "16 bytes or split the transfer yourself.")


def _port(th, noc):
    return (th.core.logical, th.noc if noc is None else noc)


def _lat(th, noc_addr, noc, read):
    n = th.noc if noc is None else noc
    return th.core.device.timing.latency(th.core.noc_xy, ((noc_addr >> 36) & 63, (noc_addr >> 42) & 63), n, read)


def _data_movement_only(th, call):
    """NoC and semaphore calls exist only in data movement kernels: tt-metal's compute kernels (the TRISCs) have no
    NoC access and do not compile against dataflow_api.h. (tensix.kernel.sfpu_batch also relies on compute
    kernels reaching other threads only through CBs.)"""
    if th.compute is not None:
        from tensix.device.errors import KernelError
        raise KernelError(f"{call} in compute kernel {th.kernel.name!r} on core {th.core.logical} at "
                          f"{th.source_line_now()}: NoC and semaphore calls are data movement APIs; a compute kernel "
                          "(TRISC) has no NoC access and would not compile.\nFix: move the transfer or semaphore "
                          "operation into the reader or writer kernel and hand the data over through a CB.")



def noc_async_read(src_noc_addr, dst_local_l1_addr, size, noc=None):
    """Reads need no global-time sync: the data they see was written before in program order or by a write
    that a synced semaphore/CB hand-off ordered before them (else the program races on hardware too), and
    their bandwidth model is order-insensitive (noc.py)."""
    th = _ctx.th
    if th.compute is not None:
        _data_movement_only(th, "noc_async_read")
    th.clocks[th.cur] += _C_ISSUE
    core = th.core
    dev = core.device
    dst = dst_local_l1_addr
    # fast paths (one packet at most, both ends 32-byte aligned alike, in range: what passes every check below): the
    # same copy, occupancy, latency and completion as the general path, in this frame
    if (_FAST_IO and size.__class__ is int and dst.__class__ is int and src_noc_addr.__class__ is int
            and 0 < size <= MAX_PACKET and 0 <= dst and dst + size <= _L1_SIZE):
        xy = ((src_noc_addr >> 36) & 63, (src_noc_addr >> 42) & 63)
        local = src_noc_addr & _LOCAL_MASK
        n = th.noc if noc is None else noc
        timing = dev.timing
        src_core = dev.noc_to_core.get(xy)
        if src_core is not None:
            if local + size <= _L1_SIZE and not (dst - local) % 32:
                core.l1[dst:dst + size] = src_core.l1[local:local + size]
                port = timing.port_free.get((core.logical, n)) or timing.port((core.logical, n))
                done = port.place(th.clocks[th.cur], size) + timing.latency(core.noc_xy, xy, n, True)
                th.reads.append((dst, dst + size, done))
                return
        else:
            ch = _NOC_TO_DRAM.get(xy)
            if ch is not None:
                bank = 2 * ch + (1 if local >= _DRAM_BANK_SIZE else 0)
                off = local - _DRAM_OFFSET[bank]
                end = _dram_io(th, n, bank, dev.dram.mem[bank], off, core.l1, dst, size)
                if end >= 0:
                    th.reads.append((dst, dst + size, end + timing.latency(core.noc_xy, xy, n, True)
                                     + timing.dram_lat))
                    return
    mem, off, kind, where = dev.resolve(src_noc_addr, size, lambda: f"noc_async_read at {th.source_line_now()}")
    _local_range(th, dst_local_l1_addr, size, "noc_async_read destination")
    if (dst_local_l1_addr - off) % 32 or (size > MAX_PACKET):
        _check_align(th, dst_local_l1_addr, off, kind, size, "noc_async_read")
    th.core.l1[dst_local_l1_addr:dst_local_l1_addr + size] = mem[off:off + size]
    _, done = dev.timing.transfer(th.clocks[th.cur], _port(th, noc), size, where if kind == "dram" else None,
                                  _lat(th, src_noc_addr, noc, True))
    th.reads.append((dst_local_l1_addr, dst_local_l1_addr + size, done))


def noc_async_read_barrier(noc=None):
    th = _ctx.th
    i = th.cur
    c = th.clocks[i] + _C_BAR
    reads = th.reads
    if reads:
        t = c
        for r in reads:     # the latest completion (a loop: usually one or two reads)
            if r[2] > t:  # noqa: PLR1730 (max() costs a call per tile)
                t = r[2]
        if t > c:
            th.idle[i] += t - c
            c = t
        reads.clear()
    th.clocks[i] = c


def _write(th, src, dst_noc_addr, size, noc, what):
    dev = th.core.device
    mem, off, kind, where = dev.resolve(dst_noc_addr, size, lambda: f"{what} at {th.source_line_now()}")
    _local_range(th, src, size, f"{what} source")
    if (src - off) % 32 or (size > MAX_PACKET):
        _check_align(th, src, off, kind, size, what, write=True)
    mem[off:off + size] = th.core.l1[src:src + size]
    flushed, done = dev.timing.transfer(th.clocks[th.cur], _port(th, noc), size, where if kind == "dram" else None,
                                        _lat(th, dst_noc_addr, noc, False))
    if kind == "l1":
        where.notify_l1_write(off, off + size, done)
    th.writes.append(done)
    th.write_src.append((src, src + size, flushed))


def noc_async_write(src_local_l1_addr, dst_noc_addr, size, noc=None):
    th = _ctx.th
    if th.compute is not None:
        _data_movement_only(th, "noc_async_write")
    th.clocks[th.cur] += _C_ISSUE
    core = th.core
    dev = core.device
    dst = dev.noc_to_core.get(((dst_noc_addr >> 36) & 63, (dst_noc_addr >> 42) & 63))
    if dst is not None:
        th.sched.sync(th)   # writes into a core's L1 may wake semaphore waiters: keep them in time order
        # fast path (writes into L1 that pass every check of the general path below, one packet at most, both ends
        # 32-byte aligned alike): the same copy, port occupancy, latency and wake-ups as _write, in this frame
        off = dst_noc_addr & _LOCAL_MASK
        src = src_local_l1_addr
        if (_FAST_IO and size.__class__ is int and src.__class__ is int and 0 <= size <= MAX_PACKET and 0 <= src
                and src + size <= _L1_SIZE and off + size <= _L1_SIZE and not (src - off) % 32):
            dst.l1[off:off + size] = core.l1[src:src + size]
            n = th.noc if noc is None else noc
            timing = dev.timing
            port = timing.port_free.get((core.logical, n)) or timing.port((core.logical, n))
            end = port.place(th.clocks[th.cur], size)
            done = end + timing.latency(core.noc_xy, dst.noc_xy, n, False)
            dst.notify_l1_write(off, off + size, done)
            th.writes.append(done)
            th.write_src.append((src, src + size, end))
            return
    elif (_FAST_IO and size.__class__ is int and src_local_l1_addr.__class__ is int and dst_noc_addr.__class__ is int
          and 0 < size <= MAX_PACKET and 0 <= src_local_l1_addr and src_local_l1_addr + size <= _L1_SIZE):
        xy = ((dst_noc_addr >> 36) & 63, (dst_noc_addr >> 42) & 63)
        ch = _NOC_TO_DRAM.get(xy)
        if ch is not None:      # DRAM (no global-time sync, as _write): _write's copy, occupancy and completion
            local = dst_noc_addr & _LOCAL_MASK
            bank = 2 * ch + (1 if local >= _DRAM_BANK_SIZE else 0)
            n = th.noc if noc is None else noc
            src = src_local_l1_addr
            end = _dram_io(th, n, bank, core.l1, src, dev.dram.mem[bank], local - _DRAM_OFFSET[bank], size)
            if end >= 0:
                timing = dev.timing
                th.writes.append(end + timing.latency(core.noc_xy, xy, n, False) + timing.dram_lat)
                th.write_src.append((src, src + size, end))
                return
    _write(th, src_local_l1_addr, dst_noc_addr, size, noc, "noc_async_write")


def _dram_io(th, n, bank, src, soff, dst, doff, size) -> int:
    """A DRAM transfer of the fast paths: copy src[soff:] -> dst[doff:] and place the bytes on this core's NoC n port
    and the bank (NocTiming.transfer's order), compiled (noc.dram_page_io); the end of both, or -1 when
    dram_page_io refuses it (out of range, misaligned modulo 32: nothing done, the general path reports it)."""
    timing = th.core.device.timing
    key = (th.core.logical, n)
    p = timing.port_free.get(key) or timing.port(key)
    bk = timing.bank_free.get(bank) or timing.bank(bank)
    t = th.clocks[th.cur]
    end = _dram_page_io(src, soff, dst, doff, size, p.st, p.cap, p.bw, bk.st, bk.cap, bk.bw, t)
    while end == -2:            # a window state must grow first (nothing was done)
        p.reserve(t, size)
        bk.reserve(t, size)
        end = _dram_page_io(src, soff, dst, doff, size, p.st, p.cap, p.bw, bk.st, bk.cap, bk.bw, t)
    if end < -1:
        raise _noc_broken()
    return end


def noc_async_write_barrier(noc=None):
    th = _ctx.th
    i = th.cur
    c = th.clocks[i] + _C_BAR
    writes = th.writes
    if writes:
        t = max(writes)
        if t > c:
            th.idle[i] += t - c
            c = t
        writes.clear()
        th.write_src.clear()
    th.clocks[i] = c


def noc_async_writes_flushed(noc=None):
    th = _ctx.th
    th.advance(_C_BAR)
    if th.write_src:
        t = max(w[2] for w in th.write_src)
        c = th.clocks[th.cur]
        if t > c:
            th.clocks[th.cur] = t
            th.idle[th.cur] += t - c
        th.write_src.clear()


def noc_async_full_barrier(noc=None):
    noc_async_read_barrier(noc)
    noc_async_write_barrier(noc)


_NUM_DRAM_BANKS = soc.NUM_DRAM_BANKS
_FAST_IO = True     # noc_async_read / noc_async_write's fast paths (tests turn them off to compare with the general path)
_LOCAL_MASK = soc.LOCAL_MASK
_L1_SIZE = soc.L1_SIZE
_NOC_TO_DRAM = soc.NOC_TO_DRAM_CHANNEL
_DRAM_BANK_SIZE = soc.DRAM_BANK_SIZE
_DRAM_OFFSET = soc.DRAM_BANK_OFFSET
# the DRAM page transfer of _tile_io, without the dispatcher's type resolution (jitentry): the byte arrays are the
# banks' and the core's (uint8, contiguous), the window states are Fluid's, the rest are Python ints
_BYTES, _WINDOWS = np.zeros(1, np.uint8), np.zeros((3, 1), np.int64)
_dram_page_io = entry_for(_noc.dram_page_io, _BYTES, 0, _BYTES, 0, 0, _WINDOWS, 0, 0, _WINDOWS, 0, 0, 0)
_DRAM_ENDPOINT = soc.DRAM_BANK_WORKER_ENDPOINT
_C_TILE_IO = _C_ADDR + _C_ISSUE     # the addrgen's get_noc_addr, then the transfer's issue


def _dram_link(th, n, bank, read):
    """The figures a DRAM page transfer of thread th over NoC n to or from `bank` uses, as _tile_io keeps them in
    th.dram_links: (NoC port Fluid, bank Fluid, their capacities and bandwidths, the completion latency after
    the last byte has passed (route plus DRAM latency), the DRAM banks' storage list, the core's L1). None for
    a thread that is not a data movement kernel (the general path reports it)."""
    if th.compute is not None:
        return None
    core = th.core
    timing = core.device.timing
    p, bk = timing.port((core.logical, n)), timing.bank(bank)
    link = (p, bk, p.cap, p.bw, bk.cap, bk.bw,
            timing.latency(core.noc_xy, _DRAM_ENDPOINT[bank], n, read) + timing.dram_lat,
            core.device.dram.mem, core.l1)   # the banks' list is updated in place when DRAM grows (memory.py)
    th.dram_links[n][bank + 12 * read] = link
    return link


def _tile_io(read: bool):
    """noc_async_read_tile (read) or noc_async_write_tile: one function body for both, so that the DRAM fast path
    below runs in the API call's own frame (these calls run for every tile a kernel moves).

    Fast path: a page of a DRAM-interleaved buffer on the thread's default NoC. Same numbers as page_noc_addr +
    Device.resolve + the range and alignment checks + NocTiming.transfer: page i is in bank i % 12 at
    base + (i // 12) * aligned page size (interleave.py), and a bank offset below the bank size resolves back
    to the same bank (bank 2c + 1 is channel c's 1 GiB offset); costs are those of the addrgen's get_noc_addr
    then the read or write's issue. The compiled dram_page_io checks the ranges, the packet size and the
    alignment before it does anything; whatever it refuses (and anything else) takes the general path, which
    also reports what is wrong."""
    side = 12 if read else 0

    def tile_io(tile_id, addrgen, l1_addr, noc=None):
        th = _ctx.th
        if (noc is None and addrgen.__class__ in _PAGE_GENS and addrgen.is_dram and tile_id.__class__ is int
                and 0 <= tile_id <= 0xFFFFFFFF and l1_addr.__class__ is int):
            bank = tile_id % _NUM_DRAM_BANKS
            link = th.dram_links[th.noc][bank + side] or _dram_link(th, th.noc, bank, read)
            if link is not None:
                off = addrgen.bank_base_address + (tile_id // _NUM_DRAM_BANKS) * addrgen.aligned_page_size
                size = addrgen.page_size
                i = th.cur
                t = th.clocks[i] + _C_TILE_IO
                p, bk, c1, b1, c2, b2, lat, mems, l1 = link
                if read:
                    src, soff, dst, doff = mems[bank], off, l1, l1_addr
                else:
                    src, soff, dst, doff = l1, l1_addr, mems[bank], off
                end = _dram_page_io(src, soff, dst, doff, size, p.st, c1, b1, bk.st, c2, b2, t)
                while end == -2:            # a window state must grow first (nothing was done)
                    p.reserve(t, size)
                    bk.reserve(t, size)
                    end = _dram_page_io(src, soff, dst, doff, size, p.st, c1, b1, bk.st, c2, b2, t)
                if end >= 0:
                    th.clocks[i] = t
                    if read:
                        th.reads.append((l1_addr, l1_addr + size, end + lat))
                    else:  # DRAM destination: no global-time sync (see noc_async_write)
                        th.writes.append(end + lat)
                        th.write_src.append((l1_addr, l1_addr + size, end))
                    return
                if end != -1:
                    raise _noc_broken()
        if read:
            noc_async_read(addrgen.get_noc_addr(tile_id), l1_addr, addrgen.page_size, noc)
        else:
            noc_async_write(l1_addr, addrgen.get_noc_addr(tile_id), addrgen.page_size, noc)

    tile_io.__name__ = tile_io.__qualname__ = "noc_async_read_tile" if read else "noc_async_write_tile"
    tile_io.__doc__ = (("noc_async_read_tile(tile_id, addrgen, dst_local_l1_addr, noc=None): read page tile_id of "
                        "the interleaved buffer described by addrgen into this core's L1; valid after "
                        "noc_async_read_barrier().") if read else
                       ("noc_async_write_tile(tile_id, addrgen, src_local_l1_addr, noc=None): write this core's L1 "
                        "bytes to page tile_id of the interleaved buffer; the source may be reused after "
                        "noc_async_write_barrier() (or noc_async_writes_flushed())."))
    return tile_io


noc_async_read_tile = _tile_io(True)
noc_async_write_tile = _tile_io(False)


def noc_async_read_page(page_id, addrgen, dst_local_l1_addr, offset=0, noc=None):
    noc_async_read(addrgen.get_noc_addr(page_id, offset), dst_local_l1_addr, addrgen.page_size, noc)


def noc_async_write_page(page_id, addrgen, src_local_l1_addr, size=None, offset=0, noc=None):
    noc_async_write(src_local_l1_addr, addrgen.get_noc_addr(page_id, offset),
                    addrgen.page_size if size is None else size, noc)


def _mcast_targets(th, mcast_addr, num_dests, call, loopback):
    """The cores a multicast writes (in NoC row order) and the local address. tt-metal dataflow_api.h (622c6fb9):
    a non-loopback multicast may include the sender in its rectangle, but "data will NOT be written to self", and
    num_dests does not count it; the rectangle must hold another core. The loopback variants write the sender too
    and count it."""
    x0, y0, x1, y1, local = soc.decode_mcast(mcast_addr)
    xs, xe = min(x0, x1), max(x0, x1)
    ys, ye = min(y0, y1), max(y0, y1)
    dev = th.core.device
    ordered = dev.__dict__.get("_cores_noc_order")
    if ordered is None:     # the worker cores in NoC row order, listed once per device
        ordered = dev._cores_noc_order = [c for _, c in sorted(dev.noc_to_core.items(),
                                                                key=lambda kv: (kv[0][1], kv[0][0]))]
    cores = [c for c in ordered if xs <= c.noc_xy[0] <= xe and ys <= c.noc_xy[1] <= ye]
    if not cores:
        raise NocAddressError(f"{call} at {th.source_line_now()}: multicast rectangle NoC ({xs},{ys})-({xe},{ye}) "
                              "contains no worker core.\nFix: build it with get_noc_multicast_addr over worker "
                              "NoC coordinates.")
    has_self = th.core in cores
    if has_self and not loopback:
        cores = [c for c in cores if c is not th.core]
        if not cores:
            raise NocAddressError(
                f"{call} at {th.source_line_now()}: the multicast rectangle NoC ({xs},{ys})-({xe},{ye}) holds only the "
                "sending core; tt-metal: \"The destination range must not be just self\" (on hardware it may hang or "
                "do nothing).\nFix: use noc_async_write for a local copy, or widen the rectangle.")
    expected = len(cores)
    if num_dests != expected:
        counted = ("counting the sender (the loopback variants count it)" if loopback and has_self
                   else "not counting the sender" if has_self else "")
        raise NocAddressError(
            f"{call} at {th.source_line_now()}: num_dests={num_dests} but the rectangle NoC ({xs},{ys})-({xe},{ye}) "
            f"holds {expected} destination core(s){' ' + counted if counted else ''}; the NoC would wait for "
            f"acknowledgements that never come (hang).\nFix: pass num_dests={expected}.")
    return cores, local


def _mcast_write(th, src, mcast_addr, size, num_dests, noc, call, loopback):
    th.advance(_C_ISSUE)
    th.sched.sync(th)
    cores, local = _mcast_targets(th, mcast_addr, num_dests, call, loopback)
    _local_range(th, src, size, f"{call} source")
    if local + size > soc.L1_SIZE:
        raise NocAddressError(f"{call} at {th.source_line_now()}: destination L1 [{local:#x}, {local + size:#x}) is "
                              "outside L1.\nFix: use an address inside L1.")
    _check_align(th, src, local, "l1", size, call)
    data = th.core.l1[src:src + size].copy()
    timing = th.core.device.timing
    n = th.noc if noc is None else noc
    # the broadcast tree delivers to the farthest destination last
    lat = max(timing.latency(th.core.noc_xy, c.noc_xy, n, False) for c in cores)
    flushed, done = timing.transfer(th.clock, _port(th, noc), size, None, lat)
    for c in cores:
        c.l1[local:local + size] = data
        c.notify_l1_write(local, local + size, done)
    th.writes.append(done)
    th.write_src.append((src, src + size, flushed))


def noc_async_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, linked=False,
                              multicast_path_reserve=True, noc=None):
    _data_movement_only(_ctx.th, "noc_async_write_multicast")
    _mcast_write(_ctx.th, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, noc,
                 "noc_async_write_multicast", False)


def noc_async_write_multicast_loopback_src(src_local_l1_addr, dst_noc_addr_multicast, size, num_dests,
                                           linked=False, multicast_path_reserve=True, noc=None):
    _data_movement_only(_ctx.th, "noc_async_write_multicast_loopback_src")
    _mcast_write(_ctx.th, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, noc,
                 "noc_async_write_multicast_loopback_src", True)


# ---- semaphores ---------------------------------------------------------------------------------------
def get_semaphore(semaphore_id):
    th = _ctx.th
    _data_movement_only(th, "get_semaphore")
    th.advance(_C_CALL)
    if not (0 <= semaphore_id < th.core.num_semaphores):
        raise RuntimeArgError(
            f"get_semaphore({semaphore_id}) on core {th.core.logical} at {th.source_line_now()}: the program created "
            f"{th.core.num_semaphores} semaphore(s) on this core.\nFix: CreateSemaphore(program, cores, value) "
            "for this core and pass its id.")
    return SEMAPHORE_BASE + SEMAPHORE_STRIDE * semaphore_id


def _u32(core, addr):
    return int(core.l1[addr:addr + 4].view(np.uint32)[0])


def _set_u32(core, addr, v):
    core.l1[addr:addr + 4].view(np.uint32)[0] = v & 0xFFFFFFFF


def _sem_check(th, addr, call):
    if addr < 0 or addr + 4 > soc.L1_SIZE or addr % 4:
        raise NocAddressError(f"{call}({addr:#x}) on core {th.core.logical} at {th.source_line_now()}: not a 4-byte "
                              "aligned L1 address.\nFix: pass the address from get_semaphore(id).")


def _sem_wait(th, sem_addr, ready, call):
    """Block until ready() gives the time the semaphore's condition became true. Every block re-registers on the
    address's current wait list: a write to the semaphore wakes (and drops) the list it found, so a waiter woken by
    a value that does not satisfy it yet must join a fresh one (Core.notify_l1_write)."""
    core = th.core
    while True:
        t = ready()
        if t is not None:
            c = th.clocks[th.cur]
            if t > c:
                th.clocks[th.cur] = t
                th.idle[th.cur] += t - c
            return
        th.sched.block(th, core.sem_waiters.setdefault(sem_addr, []), call,
                       f"semaphore at L1 {sem_addr:#x} (value {_u32(core, sem_addr)})")


def noc_semaphore_wait(sem_addr, val):
    th = _ctx.th
    _data_movement_only(th, "noc_semaphore_wait")
    th.advance(_C_SEM)
    _sem_check(th, sem_addr, "noc_semaphore_wait")
    th.sched.sync(th)
    core = th.core

    def ready():
        return core.sem_time.get(sem_addr, 0) if _u32(core, sem_addr) == val else None

    _sem_wait(th, sem_addr, ready, f"noc_semaphore_wait(addr={sem_addr:#x}, val={val})")


def noc_semaphore_wait_min(sem_addr, val):
    th = _ctx.th
    _data_movement_only(th, "noc_semaphore_wait_min")
    th.advance(_C_SEM)
    _sem_check(th, sem_addr, "noc_semaphore_wait_min")
    th.sched.sync(th)
    core = th.core

    def ready():
        return core.sem_time.get(sem_addr, 0) if _u32(core, sem_addr) >= val else None

    _sem_wait(th, sem_addr, ready, f"noc_semaphore_wait_min(addr={sem_addr:#x}, val={val})")


def noc_semaphore_set(sem_addr, val):
    th = _ctx.th
    _data_movement_only(th, "noc_semaphore_set")
    th.advance(_C_SEM)
    _sem_check(th, sem_addr, "noc_semaphore_set")
    th.sched.sync(th)
    _set_u32(th.core, sem_addr, val)
    th.core.notify_l1_write(sem_addr, sem_addr + 4, th.clock)


def noc_semaphore_inc(addr, incr, noc=None):
    th = _ctx.th
    _data_movement_only(th, "noc_semaphore_inc")
    th.advance(_C_ISSUE)
    th.sched.sync(th)
    dev = th.core.device
    mem, off, kind, where = dev.resolve(addr, 4, lambda: f"noc_semaphore_inc at {th.source_line_now()}")
    if kind != "l1":
        raise NocAddressError(f"noc_semaphore_inc at {th.source_line_now()}: target is DRAM; atomic increments go to "
                              "a worker core's L1 semaphore.\nFix: get_noc_addr(x, y, get_semaphore(id)).")
    _set_u32(where, off, _u32(where, off) + incr)
    _, done = dev.timing.transfer(th.clock, _port(th, noc), 4, None, _lat(th, addr, noc, False))
    where.notify_l1_write(off, off + 4, done)
    th.writes.append(done)


def noc_semaphore_set_remote(src_local_l1_addr, dst_noc_addr, noc=None):
    th = _ctx.th
    _data_movement_only(th, "noc_semaphore_set_remote")
    th.advance(_C_ISSUE)
    th.sched.sync(th)
    _write(th, src_local_l1_addr, dst_noc_addr, 4, noc, "noc_semaphore_set_remote")


def noc_semaphore_set_multicast(src_local_l1_addr, dst_noc_addr_multicast, num_dests, linked=False,
                                multicast_path_reserve=True, noc=None):
    _data_movement_only(_ctx.th, "noc_semaphore_set_multicast")
    _mcast_write(_ctx.th, src_local_l1_addr, dst_noc_addr_multicast, 4, num_dests, noc,
                 "noc_semaphore_set_multicast", False)


def noc_semaphore_set_multicast_loopback_src(src_local_l1_addr, dst_noc_addr_multicast, num_dests, linked=False,
                                             multicast_path_reserve=True, noc=None):
    _data_movement_only(_ctx.th, "noc_semaphore_set_multicast_loopback_src")
    _mcast_write(_ctx.th, src_local_l1_addr, dst_noc_addr_multicast, 4, num_dests, noc,
                 "noc_semaphore_set_multicast_loopback_src", True)


# ---- L1 access from a kernel (stands in for C++ pointers) --------------------------------------------
def l1_ptr(addr, dtype=np.uint32, count=1):
    """A numpy view of this core's L1 at `addr` (what `reinterpret_cast<volatile T*>(addr)` gives in C++)."""
    th = _ctx.th
    th.advance(_C_CALL)
    dt = np.dtype(dtype)
    if addr < 0 or addr + dt.itemsize * count > soc.L1_SIZE:
        raise NocAddressError(f"l1_ptr({addr:#x}, {dt}, {count}) on core {th.core.logical}: outside L1.\n"
                              "Fix: use an address inside the core's 1464 KiB L1.")
    return th.core.l1[addr:addr + dt.itemsize * count].view(dt)


# ---- identity, debug print, profiling zones -----------------------------------------------------------
class _MyCoord:
    def __init__(self, axis):
        self.axis = axis

    def __getitem__(self, noc):
        return _ctx.th.core.noc_xy[self.axis]

    def __int__(self):
        return _ctx.th.core.noc_xy[self.axis]

    __index__ = __int__


my_x = _MyCoord(0)
my_y = _MyCoord(1)


def get_absolute_logical_x():
    return _ctx.th.core.logical[0]


def get_absolute_logical_y():
    return _ctx.th.core.logical[1]


class _Endl:
    pass


def ENDL():
    return _Endl


class _DPrintStream:
    def __init__(self):
        self.parts = []

    def __lshift__(self, v):
        th = _ctx.th
        if v is _Endl or isinstance(v, _Endl):
            th.advance(_C_DPRINT)
            text = "".join(self.parts)
            self.parts = []
            sys.stdout.write(f"{th.core.logical}:{'/'.join(th.riscvs)}: {text}\n")
        else:
            self.parts.append(str(v))
        return self

    def __call__(self, *args):
        for a in args:
            self << a
        return self << _Endl


DPRINT = _DPrintStream()


class DeviceZoneScopedN:
    """Profiler zone around a block: `with DeviceZoneScopedN("name"):` records its start and end cycle on every
    RISC-V clock of the kernel (a compute kernel's zone appears on its three TRISCs, as in tt-metal)."""

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.th = _ctx.th
        self.start = list(self.th.clocks)
        return self

    def __exit__(self, *exc):
        from tensix.device.profiler import Zone
        th = self.th
        for i, rv in enumerate(th.riscvs):
            th.zones.append(Zone(th.core.logical, rv, self.name, self.start[i], th.clocks[i]))
        return False


def DeviceZoneScoped():
    return DeviceZoneScopedN("kernel")


def riscv_wait(cycles):
    """Spin this RISC-V for `cycles` cycles (tt-metal's riscv_wait)."""
    th = _ctx.th
    th.advance(int(cycles))


def riscv_softfloat(ops=0, divs=0):
    """Charge scalar float work written in a kernel body (tensix's own call; C++ needs none, the compiler emits
    the soft-float calls). The Baby RISC-Vs are RV32IM without an FPU, so every float add/mul/convert is a
    libgcc call (`riscv.softfloat_op`) and a division costs more (`riscv.softfloat_div`), tensix/costs.json.
    In a compute kernel the body runs on all three TRISCs, so each of their clocks advances. Scalar
    arithmetic on the arguments of an SFPI function is charged automatically."""
    th = _ctx.th
    if ops < 0 or divs < 0:
        raise ValueError("riscv_softfloat: counts of operations cannot be negative")
    cycles = int(ops * cost("riscv.softfloat_op") + divs * cost("riscv.softfloat_div"))
    if getattr(th, "compute", None) is not None:
        for i in range(3):
            th.advance(cycles, i)
    else:
        th.advance(cycles)


def get_noc_addr_from_bank_id(bank_id, bank_address_offset, noc=None, is_dram=True):
    """NoC address of `bank_address_offset` in DRAM bank `bank_id` (0..11) or L1 bank (0..63)."""
    th = _ctx.th
    th.advance(_C_ADDR)
    from tensix.device.interleave import L1_BANK_NOC
    if is_dram:
        if not 0 <= bank_id < soc.NUM_DRAM_BANKS:
            raise NocAddressError(f"get_noc_addr_from_bank_id({bank_id}): Wormhole has {soc.NUM_DRAM_BANKS} DRAM "
                                  "banks.\nFix: use a bank id 0..11.")
        x, y = soc.DRAM_BANK_WORKER_ENDPOINT[bank_id]
        return soc.noc_xy_addr(x, y, soc.DRAM_BANK_OFFSET[bank_id] + bank_address_offset)
    x, y = L1_BANK_NOC[bank_id]
    return soc.noc_xy_addr(x, y, bank_address_offset)


noc_async_read_one_packet = noc_async_read
noc_async_write_one_packet = noc_async_write
