"""A second implementation of SFPLOADMACRO's scheduling, written from tt-isa-documentation 393047195250
WormholeB0/TensixTile/TensixCoprocessor/SFPLOADMACRO.md alone (and SFPLOAD.md / SFPSTORE.md / SFPIADD.md / SFPAND.md
/ SFPMOV.md / SFPSHFT2.md for the few instructions it executes), for tests/test_sfpu_loadmacro.py.

It shares no code with tensix.sfpu.loadmacro and is built differently on purpose:
- each sub-unit is a row of delay slots, as hardware might hold it: an instruction scheduled with delay d goes into
  slot d + 1 (replacing what is there: the page's "forget any pre-existing scheduled instruction which would
  execute at the same point in time"; delay 7 does not replace, so slot 8 is a list), every slot moves down by one at
  the end of a cycle on which delays count, and slot 0 executes at the start of the next cycle;
- all instructions of one cycle read the state of the start of the cycle and their writes are applied together
  (a snapshot), where tensix orders them readers-first;
- Dst is a logical uint32 array Dst32[row][column], lanes all enabled, RWC.Dst a plain counter.

Instructions are tuples (name, fields dict); the reference executes SFPLOAD / SFPSTORE (FP32 bits), SFPIADD with
Mod1 = 4 (VD = VC + VB), SFPAND / SFPOR / SFPXOR (VD = VB op VC), SFPMOV Mod1 = 0, SFPSHFT2 Mod1 = 6 (VD = VB <<
Imm12) and SFPNOP. Templates are written as instructions (the reference remembers what it wrote: it never decodes
instruction words).
"""

import numpy as np

SIMPLE_OPS = {"SFPIADD", "SFPAND", "SFPOR", "SFPXOR", "SFPMOV", "SFPNOP"}
ROUND_OPS = {"SFPSHFT2", "SFPNOP"}
MAD_OPS = {"SFPNOP"}  # of the instructions the reference knows
STORE_OPS = {"SFPSTORE"}
COLUMNS = (SIMPLE_OPS, MAD_OPS, ROUND_OPS, STORE_OPS)


class UB(Exception):
    pass


class Ambiguous(Exception):
    """Something the page leaves open happened (two writes of one thing on one cycle, two instructions due on one
    sub-unit on one cycle); the test accepts tensix's NotModelledError then."""


class Reference:
    def __init__(self, dst32, addr_mod_incr):
        self.L = np.zeros((17, 32), np.uint64)
        self.D = dst32.astype(np.uint64).copy()  # (1024, 16)
        self.rwc = 0
        self.incr = list(addr_mod_incr)
        self.templates = [None] * 4
        self.sequence = [None] * 4
        self.misc = None
        self.slots = [[[] for _ in range(9)] for _ in range(4)]  # [unit][slot] -> list of (insn, kind)
        self.overlap = False  # a same-cycle read/write overlap happened (tensix may refuse: NotModelledError)

    # ---- helpers ----------------------------------------------------------------------------------------------
    def _addr(self, imm10):
        return (imm10 + self.rwc) & 0x3FF

    @staticmethod
    def _rows_cols(addr):
        lanes = np.arange(32)
        return (addr & ~3) + lanes // 8, (lanes % 8) * 2 + ((addr >> 1) & 1)

    def _outstanding(self):
        return [(u, k, e) for u in range(4) for k in range(9) for e in self.slots[u][k]]

    # ---- what one instruction reads and writes (from the start-of-cycle state) --------------------------------
    def _effect(self, name, f, macro=False, store_addr=None):
        """-> (reads, writes as {key: value}) where keys are ('L', i) or ('D', row, col) or 'rwc'."""
        L = self.L
        reads, writes = set(), {}
        if name == "SFPNOP":
            return reads, writes
        if name == "SFPLOAD":
            a = self._addr(f["Imm10"])
            rows, cols = self._rows_cols(a)
            for r, c in zip(rows, cols):
                reads.add(("D", int(r), int(c)))
            if f["VD"] < 8:
                writes[("L", f["VD"])] = self.D[rows, cols].copy()
            writes["rwc"] = (self.rwc + self.incr[f["AddrMod"]]) & 0x3FF
            return reads, writes
        if name == "SFPSTORE":
            a = store_addr if macro else self._addr(f["Imm10"])
            rows, cols = self._rows_cols(a)
            reads.add(("L", f["VD"]))
            for r, c, v in zip(rows, cols, L[f["VD"]]):
                writes[("D", int(r), int(c))] = v
            if not macro:
                writes["rwc"] = (self.rwc + self.incr[f["AddrMod"]]) & 0x3FF
            return reads, writes
        vd = f["VD"]
        vb = f.get("VB", vd)
        vc = f.get("VC")
        if name == "SFPIADD":
            reads |= {("L", vb), ("L", vc)}
            val = (L[vc] + L[vb]) & 0xFFFFFFFF
        elif name in ("SFPAND", "SFPOR", "SFPXOR"):
            reads |= {("L", vb), ("L", vc)}
            val = {"SFPAND": L[vb] & L[vc], "SFPOR": L[vb] | L[vc], "SFPXOR": L[vb] ^ L[vc]}[name]
        elif name == "SFPMOV":
            reads.add(("L", vc))
            val = L[vc].copy()
        elif name == "SFPSHFT2":
            src = vb if (macro and f.get("_vb_from_macro")) else f["Imm12"] & 15
            reads.add(("L", src))
            val = (L[src] << (f["Imm12"] & 31)) & 0xFFFFFFFF
        else:
            raise AssertionError(name)
        if vd < 8 or vd == 16:
            writes[("L", vd)] = val
        return reads, writes

    # ---- SFPLOADMACRO.md's functional model -------------------------------------------------------------------
    def _schedule(self, f):
        vd = (f["VDHi"] << 2) | f["VDLo"]
        imm10 = (f["Imm9"] << 1) | f["VDHi"]
        macro = f["MacroIndex"]
        store_addr = self._addr(imm10)
        seq, misc = self.sequence[macro], self.misc
        for i in range(4):
            bits = (seq >> (8 * i)) & 0xFF
            delay = (bits >> 3) & 7
            sel = bits & 7
            if sel == 0:
                # the page's pseudo-code forgets before this test; tensix (and this reference) follow tt-llk's
                # mul_int, which needs an empty slot to forget nothing (tensix/sfpu/loadmacro.py's module doc)
                continue
            if delay != 7:
                self.slots[i][delay + 1] = []  # forget what would execute at the same time
            if sel == 1:
                raise UB("template 1")
            if sel == 2:
                name, t = "SFPNOP", {}
            elif sel == 3:
                name, t = "SFPSTORE", {"VD": 0}
            else:
                name, t = self.templates[sel - 4]
                t = dict(t)
            if name not in COLUMNS[i]:
                name, t = "SFPNOP", {}
                if i == 3:
                    raise UB("store gets a NOP")
            if i != 3:
                had_vb = name in ("SFPSHFT2",)  # of the reference's instructions, only SFPSHFT2 has a VB field
                had_vc = name in ("SFPIADD", "SFPAND", "SFPOR", "SFPXOR", "SFPMOV", "SFPSHFT2")
                tvd = t.get("VD", 0)
                if bits & 0x80:
                    t["VB"] = vd
                    t["_vb_from_macro"] = True
                    if not had_vc:
                        t["VC"] = tvd
                else:
                    t["VC"] = vd
                    if not had_vb:
                        t["VB"] = tvd
                t["VD"] = 16 if bits & 0x40 else vd
            else:
                if bits & 0x40:
                    t["VD"] = 16
                elif not bits & 0x80:
                    t["VD"] = vd
                t["Mod0"] = f["Mod0"] if (misc >> (4 + macro)) & 1 else misc & 15
                t["_addr"] = store_addr
            kind = (misc >> (8 + i)) & 1
            self.slots[i][min(delay + 1, 8)].append((name, t, kind))

    # ---- one cycle ---------------------------------------------------------------------------------------------
    def cycle(self, regular):
        due = []
        for u in range(4):
            if len(self.slots[u][0]) > 1:
                raise Ambiguous("two due on one sub-unit")
            for name, t, kind in self.slots[u][0]:
                due.append((u, name, t))
            self.slots[u][0] = []
        todo = [(name, t, True) for u, name, t in due]
        if regular is not None:
            name, f = regular
            unit = next((u for u, col in enumerate(COLUMNS) if name in col and name != "SFPNOP"), None)
            if name == "SFPNOP" or unit is None or unit not in [u for u, _, _ in due]:
                todo.append((name, f, False))
        # † and ‡
        simple = [t for name, t, m in todo if name in SIMPLE_OPS - {"SFPNOP"}]
        rnd = [t for name, t, m in todo if name == "SFPSHFT2"]
        if simple and rnd:
            a, b = simple[0]["VD"], rnd[0]["VD"]
            if not ((a == 16) != (b == 16) or (a < 4 and 4 <= b < 8) or (b < 4 and 4 <= a < 8)):
                raise UB("simple and round")
        effects = []
        for name, t, m in todo:
            if name == "SFPLOADMACRO":
                effects.append(self._effect("SFPLOAD", {"VD": (t["VDHi"] << 2) | t["VDLo"], "AddrMod": t["AddrMod"],
                                                        "Imm10": (t["Imm9"] << 1) | t["VDHi"]}))
            else:
                effects.append(self._effect(name, t, m, t.get("_addr")))
        for a in range(len(effects)):
            for b in range(len(effects)):
                if a != b and (set(effects[a][1]) & (effects[b][0] | set(effects[b][1]))):
                    self.overlap = True
                    if set(effects[a][1]) & set(effects[b][1]):
                        raise Ambiguous("two writes")
        for name, t, m in todo:  # scheduling happens after the load part, before the cycle ends
            if name == "SFPLOADMACRO":
                self._schedule(t)
        for _, w in effects:
            for k, v in w.items():
                if k == "rwc":
                    self.rwc = v
                elif k[0] == "L":
                    self.L[k[1]] = v
                else:
                    self.D[k[1], k[2]] = v
        issued = regular is not None
        outstanding = self._outstanding()
        by_instr = any(e[2] == 1 for _, _, e in outstanding)
        if issued or not by_instr:
            for u in range(4):  # every slot moves down one (slot 0 executed at the start of this cycle)
                assert not self.slots[u][0]
                self.slots[u] = self.slots[u][1:] + [[]]

    def run(self, program):
        for ins in program:
            self.cycle(ins)
        while True:
            out = self._outstanding()
            if not out:
                break
            if not (any(k == 0 for _, k, _ in out) or all(e[2] == 0 for _, _, e in out)):
                break
            self.cycle(None)
