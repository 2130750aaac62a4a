"""NoC transfer timing: hop latency plus bytes over bandwidth, with per-core NoC port and per-DRAM-bank occupancy.

Model (documented approximation):
- Latency from the route: NoC #0 flows rightwards and downwards, NoC #1 leftwards and upwards, on the 10x12
  torus [tt-isa-documentation WormholeB0/NoC/RoutingPaths.md]; unicast routes go along X then Y, so a route has
  (dx mod 10) + (dy mod 12) router hops in the NoC's direction. Each hop costs noc.hop_latency, entering and
  leaving the NoC noc.niu_latency each. A write completes when its data arrive (one way: initiator -> target);
  a read needs the request there and the response back (both ways on the same NoC, so a read that changes X
  or Y travels the full ring in that dimension).
- Bandwidth: each core's NoC port (per NoC) and each DRAM bank is a fluid resource: time is cut into windows
  of WINDOW cycles, each able to carry WINDOW * bandwidth bytes; a transfer fills the windows from its start
  time on, and completes when its last byte fits. Port: noc.bytes_per_cycle; bank:
  dram.bytes_per_cycle_per_bank, plus dram.latency. Because a transfer only takes capacity at or after its own
  start time, the result barely depends on the order in which the scheduler processes transfers of different
  threads (so DRAM traffic needs no global-time synchronisation). Link contention inside the mesh and header
  flits are not modelled.
Figures: costs.json (noc.*, dram.*)."""

from __future__ import annotations

import numba as nb
import numpy as np

from tensix.device import soc
from tensix.costs import cost

_W, _H = soc.NOC_GRID


def hops(src, dst, noc: int) -> int:
    """Router hops of a unicast route from NoC coordinate src to dst on NoC #noc."""
    dx = dst[0] - src[0]
    dy = dst[1] - src[1]
    if noc:
        dx, dy = -dx, -dy
    return dx % _W + dy % _H


WINDOW = 64
INITIAL_WINDOWS = 1024   # a new window state's length; grown on demand (Fluid.reserve)


@nb.njit(cache=True)
def _find(nxt, b):
    """Union-find root: the first window at or after b that has room (nxt[w] == 0 means w has room)."""
    n = nxt.shape[0]
    r = b
    while r < n and nxt[r] != 0:
        r = nxt[r]
    if r >= n:
        return n                             # past the state: _place reports the broken guarantee
    while nxt[b] != 0 and nxt[b] != r:       # path compression: point every window on the path at r
        following = nxt[b]
        nxt[b] = r
        b = following
    return r


@nb.njit(cache=True)
def _place(st, cap, bw, start, nbytes):
    """Fluid.place on the window state st = [used bytes; next-window links; top] (see Fluid); the caller
    guarantees st reaches every window touched (_room). Compiled without per-access bounds checks (they tripled
    the cost of a DRAM transfer), so every window index is checked here instead: -1 means the guarantee was
    broken. Keeps st[2, 0], the highest window any placement has ended in, up to date."""
    used = st[0]
    nxt = st[1]
    n = used.shape[0]
    b = start // WINDOW
    if b < 0 or b >= n:
        return -1
    first = nxt[b] == 0                      # the window `start` falls in has room: only its rest is usable
    if not first:
        b = _find(nxt, b + 1)
    while True:
        if b >= n:
            st[2, 0] = n  # windows up to the end may have been written: a recycled state clears them all
            return -1
        u = used[b]
        avail = cap - u
        if first:
            avail = min(avail, ((b + 1) * WINDOW - start) * bw)
        if avail > 0:
            take = nbytes if nbytes < avail else avail
            u += take
            used[b] = u
            nbytes -= take
            if u >= cap:
                nxt[b] = b + 1
            if nbytes == 0:
                end = b * WINDOW + -(-u // bw)
                if first:
                    end = max(start, end)
                break
        first = False
        b = _find(nxt, b + 1)
    w = end // WINDOW
    if w > st[2, 0]:
        st[2, 0] = w
    return end


@nb.njit(inline="always", cache=True)
def _room(st, cap, start, nbytes):
    """Whether a placement of nbytes from `start` stays inside st: windows past top (st[2, 0]) are empty, so it
    ends within nbytes // cap + 2 windows of max(top, start window); one extra window for the union-find link
    of a window that fills up (Fluid.reserve grows st to this bound)."""
    w = start // WINDOW
    top = st[2, 0]
    return (top if top > w else w) + nbytes // cap + 4 <= st.shape[1]


@nb.njit(cache=True)
def _place_in_room(st, cap, bw, start, nbytes):
    """_place, or -2 (nothing done) if st must grow first (Fluid.reserve): one compiled call per placement."""
    if not _room(st, cap, start, nbytes):
        return -2
    return _place(st, cap, bw, start, nbytes)


@nb.njit(cache=True)
def _copy_place2(src, soff, dst, doff, nbytes, st1, cap1, bw1, st2, cap2, bw2, start):
    """Copy nbytes src[soff:] -> dst[doff:] (the data moves at issue time) and place them on two resources that
    stream the same bytes concurrently (a core's NoC port and a DRAM bank): returns the later end; -2 (nothing
    done) if a window state must grow first (Fluid.reserve), -1 (nothing done) if a range is outside its array,
    -3 if a placement broke _room's guarantee. An explicit loop rather than a slice assignment: numba's
    shape-mismatch error path for the latter takes seconds to compile on first use."""
    if soff < 0 or doff < 0 or nbytes < 0 or soff + nbytes > src.shape[0] or doff + nbytes > dst.shape[0]:
        return -1
    if not (_room(st1, cap1, start, nbytes) and _room(st2, cap2, start, nbytes)):
        return -2
    for i in range(nbytes):
        dst[doff + i] = src[soff + i]
    e1 = _place(st1, cap1, bw1, start, nbytes)
    e2 = _place(st2, cap2, bw2, start, nbytes)
    if e1 < 0 or e2 < 0:
        return -3
    return e2 if e2 > e1 else e1


MAX_PACKET = 8192   # bytes: 256 data flits of 32 bytes [ISA NoC/Counters.md "Automatic request splitting"]
_DRAM_ALIGN = soc.DRAM_ALIGNMENT


@nb.njit(cache=True)
def dram_page_io(src, soff, dst, doff, nbytes, st1, cap1, bw1, st2, cap2, bw2, start):
    """_copy_place2 for one page between DRAM and L1 that the caller has not checked: also -1 (nothing done)
    unless 0 < nbytes <= one packet and both ends sit at the same offset modulo the DRAM alignment (the NoC
    rules that tensix.kernel.dataflow's general path reports)."""
    if nbytes <= 0 or nbytes > MAX_PACKET or (doff - soff) % _DRAM_ALIGN != 0:
        return -1
    return _copy_place2(src, soff, dst, doff, nbytes, st1, cap1, bw1, st2, cap2, bw2, start)


def _broken():
    from tensix.errors import TensixError
    return TensixError("internal error in tensix.device.noc: a transfer ran past its source or destination array, "
                       "or a bandwidth placement past its window state (Fluid.reserve's guarantee); please report "
                       "this with the program that did it.")


class Fluid:
    """A bandwidth resource (bytes per cycle) with windowed capacity; see the module docstring.
    Full windows are skipped with a union-find "next window with room" map, so a saturated resource costs
    O(1) amortised per transfer. The per-window state lives in one int64 array st (row 0: bytes used, row 1:
    next-window links, 0 = has room; st[2, 0]: the highest window a placement has ended in) grown on demand,
    so that the compiled _place can update it."""

    __slots__ = ("bw", "cap", "st")

    def __init__(self, bw, st=None):
        """st: an all-zero window state to reuse (NocTiming's recycling), else a new one is allocated."""
        if not isinstance(bw, int) or bw <= 0:
            from tensix.errors import NotModelledError
            raise NotModelledError(f"NoC/DRAM bandwidth {bw!r} bytes/cycle: the fluid bandwidth model needs a "
                                   "positive integer figure.\nFix: use an integer in tensix/costs.json.")
        self.bw = bw
        self.cap = bw * WINDOW
        self.st = np.zeros((3, INITIAL_WINDOWS), np.int64) if st is None else st

    def cleared_state(self) -> np.ndarray:
        """The window state, zeroed for reuse: only the windows a placement can have written (links and path
        compression never point more than one window past the top) are touched."""
        st = self.st
        st[:, :int(st[2, 0]) + 2] = 0
        st[2, 0] = 0
        return st

    def reserve(self, start: int, nbytes: int):
        """Grow st so a placement of nbytes from `start` has room (_room)."""
        need = max(int(self.st[2, 0]), start // WINDOW) + nbytes // self.cap + 4
        if need > self.st.shape[1]:
            st = np.zeros((3, max(need, 2 * self.st.shape[1])), np.int64)
            st[:, :self.st.shape[1]] = self.st
            self.st = st

    def place(self, start: int, nbytes: int) -> int:
        """Carry nbytes starting no earlier than `start`; return the cycle the last byte has passed."""
        end = _place_in_room(self.st, self.cap, self.bw, start, nbytes)
        if end == -2:
            self.reserve(start, nbytes)
            end = _place_in_room(self.st, self.cap, self.bw, start, nbytes)
        if end < 0:
            raise _broken()
        return end


class NocTiming:
    def __init__(self, previous: NocTiming | None = None):
        """previous: the timing of the device's last program, whose window arrays this one reuses (a long
        program grows each port's and bank's state to hundreds of KB; allocating and growing them again for
        every program cost tens of ms). The new states start all zero, as fresh ones."""
        self.port_free = {}
        self.bank_free = {}
        self._spare = [] if previous is None else [f.cleared_state() for f in (*previous.port_free.values(),
                                                                             *previous.bank_free.values())]
        self.noc_bw = cost("noc.bytes_per_cycle")
        self.niu = cost("noc.niu_latency")
        self.hop = cost("noc.hop_latency")
        self.dram_bw = cost("dram.bytes_per_cycle_per_bank")
        self.dram_lat = cost("dram.latency")
        # route latencies depend only on the endpoints and the cost figures: kept from program to program
        self._lat = {} if previous is None else previous._lat

    def _fluid(self, bw) -> Fluid:
        return Fluid(bw, self._spare.pop() if self._spare else None)

    def latency(self, src, dst, noc: int, read: bool) -> int:
        key = (src, dst, noc, read)
        v = self._lat.get(key)
        if v is None:
            one_way = 2 * self.niu + self.hop * hops(src, dst, noc)
            v = one_way + (2 * self.niu + self.hop * hops(dst, src, noc) if read else 0)
            self._lat[key] = v
        return v

    def transfer(self, t0: int, port, nbytes: int, bank=None, lat: int = 0) -> tuple[int, int]:
        """Return (flushed, completed): when the source bytes have left, and when the transfer is done."""
        p = self.port_free.get(port)
        if p is None:
            p = self.port_free[port] = self._fluid(self.noc_bw)
        if bank is None:
            end = p.place(t0, nbytes)
            return end, end + lat
        bk = self.bank_free.get(bank)
        if bk is None:
            bk = self.bank_free[bank] = self._fluid(self.dram_bw)
        end = p.place(t0, nbytes)
        bend = bk.place(t0, nbytes)          # port and bank stream the same bytes concurrently
        if bend > end:
            end = bend
        return end, end + lat + self.dram_lat

    def port(self, port) -> Fluid:
        """The Fluid of a NoC port key (core logical xy, noc), for callers that keep it (dataflow fast path)."""
        p = self.port_free.get(port)
        if p is None:
            p = self.port_free[port] = self._fluid(self.noc_bw)
        return p

    def bank(self, bank) -> Fluid:
        bk = self.bank_free.get(bank)
        if bk is None:
            bk = self.bank_free[bank] = self._fluid(self.dram_bw)
        return bk

    def dram_transfer(self, t0: int, p: Fluid, bk: Fluid, nbytes: int, lat: int, src, soff, dst, doff):
        """transfer() between NoC port p and DRAM bank bk, also copying the data src[soff:] -> dst[doff:]: one
        compiled call copies and places on both (they stream the same bytes concurrently).
        Returns (flushed, completed)."""
        end = _copy_place2(src, soff, dst, doff, nbytes, p.st, p.cap, p.bw, bk.st, bk.cap, bk.bw, t0)
        if end < 0:
            if end == -2:                   # a window state must grow first: nothing was done yet
                p.reserve(t0, nbytes)
                bk.reserve(t0, nbytes)
                end = _copy_place2(src, soff, dst, doff, nbytes, p.st, p.cap, p.bw, bk.st, bk.cap, bk.bw, t0)
            if end < 0:
                raise _broken()
        return end, end + lat + self.dram_lat
