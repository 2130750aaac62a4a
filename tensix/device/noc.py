"""NoC transfer timing: latency plus bytes over bandwidth, with per-core NoC port and per-DRAM-bank occupancy.

Model (documented approximation): a transfer leaves the issuing core's NoC port (one per NoC) when the port
is free, occupying it for bytes / noc.bytes_per_cycle; a DRAM transfer also occupies its bank for
bytes / dram.bytes_per_cycle_per_bank. Completion = start + occupancy + latency. Link contention inside the
mesh is not modelled. Figures: costs.json (noc.*, dram.*)."""

from __future__ import annotations

from tensix.device.costs import cost


class NocTiming:
    def __init__(self):
        self.port_free = {}
        self.bank_free = {}
        self.noc_bw = cost("noc.bytes_per_cycle")
        self.noc_lat = cost("noc.latency")
        self.dram_bw = cost("dram.bytes_per_cycle_per_bank")
        self.dram_lat = cost("dram.latency")

    def transfer(self, t0: int, port, nbytes: int, bank=None) -> tuple[int, int]:
        """Return (flushed, completed): when the source bytes have left, and when the transfer is done."""
        pf = self.port_free.get(port, 0)
        s = t0 if t0 > pf else pf
        dur = -(-nbytes // self.noc_bw)
        self.port_free[port] = s + dur
        if bank is None:
            return s + dur, s + dur + self.noc_lat
        bf = self.bank_free.get(bank, 0)
        s2 = s if s > bf else bf
        bdur = -(-nbytes // self.dram_bw)
        self.bank_free[bank] = s2 + bdur
        end = s2 + (bdur if bdur > dur else dur)
        return end, end + self.noc_lat + self.dram_lat
