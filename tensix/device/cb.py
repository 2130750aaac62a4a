"""Circular buffers with tt-metal semantics.

A CB is a FIFO of `num_pages` pages of `page_size` bytes in the core's L1 at [base, base + total_size).
The producer reserves space (cb_reserve_back), writes at get_write_ptr(), then cb_push_back(n) advances the
write pointer (wrapping at the end) and the pages-received counter; the consumer waits for pages
(cb_wait_front), reads at get_read_ptr(), and cb_pop_front(n) advances the read pointer and the pages-acked
counter. [tt-metal docs: Circular Buffers; dataflow_api.h cb_* descriptions]

Timing: push and pop events are kept with their simulated times so that a wait resolves to the time its
condition became true regardless of the order the scheduler ran the two sides in (see scheduler.py)."""

from __future__ import annotations

from tensix.device.errors import CircularBufferError, ReadBarrierError


class CircularBuffer:
    __slots__ = ("core", "index", "base", "size", "page_size", "num_pages", "fmt", "pushed", "popped",
                 "reserved", "visible", "wr_ptr", "rd_ptr", "limit", "push_t", "pop_t", "waiters", "kinfo",
                 "wr_tile", "guards", "tile")

    def __init__(self, core, index, base, size, page_size, fmt):
        self.core, self.index, self.base, self.size = core, index, base, size
        self.page_size, self.fmt = page_size, fmt
        self.num_pages = size // page_size
        self.pushed = self.popped = 0
        self.reserved = 0       # pages reserved by the producer and not yet pushed
        self.visible = 0        # pages the consumer has waited for and not yet popped
        self.wr_ptr = self.rd_ptr = base
        self.limit = base + size
        self.push_t = [0] * self.num_pages   # push time of page p at p % num_pages (see filled_time)
        self.pop_t = [0] * self.num_pages    # pop time of page p at p % num_pages (see free_time)
        self.waiters = []
        self.kinfo = None          # per-format facts the compute API caches here (tensix.kernel.compute._kinfo)
        # pages the packer wrote since the last cb_push_back: tt-metal's fifo_wr_tile_ptr (in pages), which an
        # in-order pack_tile writes at and advances, and llk_push_tiles resets to 0
        self.wr_tile = 0
        # (lo, hi, until, what): L1 of popped pages that a noc_async_write still reads out until `until` (see guard)
        self.guards = []
        # the CB's tile dims when not 32x32 (CircularBufferConfig.set_tile_dims: a ttnn.Tile; tensix.kernel.tile_shape)
        self.tile = None

    def front_addr(self, i):
        """L1 address of page i counted from the read pointer (the ring wraps at the CB's end)."""
        a = self.rd_ptr + i * self.page_size
        return a - self.size if a >= self.limit else a

    def back_addr(self, i):
        """L1 address of page i counted from the write pointer (the ring wraps at the CB's end)."""
        a = self.wr_ptr + i * self.page_size
        return a - self.size if a >= self.limit else a

    def guard(self, lo, hi, until, what):
        """Pages of [lo, hi) were popped while a noc_async_write (`what`) still reads them out of L1, until time
        `until`. The pop frees them on a card, so a producer may write them again: that is a race only if its write
        lands before the NoC has read the data out. Producers check with check_overwrite."""
        self.guards.append((lo, hi, until, what))

    def check_overwrite(self, lo, hi, t, call):
        """A producer writes [lo, hi) of this CB at time t (`call` names it): refuse it when a guarded outgoing write
        still reads there (the card would send the new data instead); guards that have expired by t are dropped."""
        keep = []
        for g in self.guards:
            glo, ghi, until, what = g
            if until <= t:
                continue
            if glo < hi and lo < ghi:
                raise ReadBarrierError(
                    f"{call} writes L1 [{max(lo, glo):#x}, {min(hi, ghi):#x}) of CB {self.index} on core "
                    f"{self.core.logical} at cycle {t}, but {what} reads that memory out until cycle {until}: "
                    "the write would send the new data, not the popped page's.\nFix: call noc_async_write_barrier() "
                    "(or noc_async_writes_flushed()) before cb_pop_front in the kernel that sends the page.")
            keep.append(g)
        self.guards = keep

    def desc(self):
        return (f"CB {self.index} (core {self.core.logical}, {self.num_pages} pages of {self.page_size} B, "
                f"{self.pushed - self.popped} filled)")

    # Pages are counted from 0 since the program started. The histories are rings of num_pages entries: a query
    # only reads the push times of pages in [popped, pushed) and the pop times of pages in
    # [pushed - num_pages, popped), and a page's entry is overwritten only by page + num_pages, which cannot be
    # pushed (popped) while page is still in that window. (tensix.kernel.dataflow's CB calls read and write the
    # rings inline for 0 < n <= num_pages, the case those calls have checked.)

    def filled_time(self, n):
        """The time at which at least n pages were filled, or None."""
        need = self.popped + n
        if self.pushed < need:
            return None
        k = need if n > 0 else self.popped + 1        # first page whose push time answers the query
        if k > self.pushed:
            return 0
        return self.push_t[(k - 1) % self.num_pages]

    def free_time(self, n):
        """The time at which at least n pages were free, or None."""
        need = self.pushed + n - self.num_pages   # popped count needed
        if need <= 0:
            return 0
        if self.popped < need:
            return None
        lo = self.pushed + 1 - self.num_pages
        k = need if need > lo else lo
        if k > self.popped:
            return 0
        return self.pop_t[(k - 1) % self.num_pages]

    def check_pages(self, n, call):
        if n > self.num_pages or n <= 0:
            raise CircularBufferError(
                f"{call}({self.index}, {n}): CB {self.index} on core {self.core.logical} has {self.num_pages} pages; "
                f"a request for {n} pages can never be satisfied.\nFix: request 1..{self.num_pages} pages or make "
                "the CB larger (CircularBufferConfig total size).")

    def over_push(self, n):
        return CircularBufferError(
            f"CB over-push: cb_push_back({self.index}, {n}) on core {self.core.logical} but only "
            f"{self.reserved} page(s) were reserved with cb_reserve_back; pushing unreserved pages overwrites "
            "pages the consumer has not read.\nFix: call cb_reserve_back(cb, n) before writing and pushing n pages.")

    def over_pop(self, n):
        return CircularBufferError(
            f"CB over-pop: cb_pop_front({self.index}, {n}) on core {self.core.logical} but the consumer has "
            f"only {self.visible} page(s) it waited for (cb_wait_front) and not yet popped.\n"
            "Fix: call cb_wait_front(cb, n) before reading and popping n pages.")
