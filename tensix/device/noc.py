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


class Fluid:
    """A bandwidth resource (bytes per cycle) with windowed capacity; see the module docstring.
    Full windows are skipped with a union-find "next window with room" map, so a saturated resource costs
    O(1) amortised per transfer."""

    __slots__ = ("bw", "cap", "used", "nxt")

    def __init__(self, bw):
        self.bw = bw
        self.cap = bw * WINDOW
        self.used = {}
        self.nxt = {}

    def _find(self, b):
        nxt = self.nxt
        r = b
        while r in nxt:
            r = nxt[r]
        while b in nxt and nxt[b] != r:
            nxt[b], b = r, nxt[b]
        return r

    def place(self, start: int, nbytes: int) -> int:
        """Carry nbytes starting no earlier than `start`; return the cycle the last byte has passed."""
        used, nxt, cap, bw = self.used, self.nxt, self.cap, self.bw
        b = start // WINDOW
        if b not in nxt:                      # the window `start` falls in: only its rest is usable
            u = used.get(b, 0)
            avail = min(cap - u, ((b + 1) * WINDOW - start) * bw)
            if avail > 0:
                take = nbytes if nbytes < avail else avail
                u += take
                used[b] = u
                nbytes -= take
                if u >= cap:
                    nxt[b] = b + 1
                if nbytes == 0:
                    return max(start, b * WINDOW + -(-u // bw))
        b = self._find(b + 1)
        while True:
            u = used.get(b, 0)
            avail = cap - u
            take = nbytes if nbytes < avail else avail
            u += take
            used[b] = u
            nbytes -= take
            if u >= cap:
                nxt[b] = b + 1
            if nbytes == 0:
                return b * WINDOW + -(-u // bw)
            b = self._find(b + 1)


class NocTiming:
    def __init__(self):
        self.port_free = {}
        self.bank_free = {}
        self.noc_bw = cost("noc.bytes_per_cycle")
        self.niu = cost("noc.niu_latency")
        self.hop = cost("noc.hop_latency")
        self.dram_bw = cost("dram.bytes_per_cycle_per_bank")
        self.dram_lat = cost("dram.latency")
        self._lat = {}

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
            p = self.port_free[port] = Fluid(self.noc_bw)
        end = p.place(t0, nbytes)
        if bank is None:
            return end, end + lat
        bk = self.bank_free.get(bank)
        if bk is None:
            bk = self.bank_free[bank] = Fluid(self.dram_bw)
        bend = bk.place(t0, nbytes)          # port and bank stream the same bytes concurrently
        if bend > end:
            end = bend
        return end, end + lat + self.dram_lat
