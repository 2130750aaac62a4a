"""The matmul tile products of every core of a program, computed in batches (tensix.device.fpu.matmul_sequence).

``matmul_tiles`` and ``matmul_block`` do not compute at once. They record which CB tiles they multiply and which Dst
tiles they accumulate onto; the products run when the kernel next touches that Dst (a pack, a copy or binary op
into the half, an SFPU op, the release: the same points where queued SFPU calls settle, tensix.kernel.sfpu_batch),
and then not at once either: the thread is parked with the scheduler's ``defer`` until no other thread can run, by
which time the other cores have queued their products too, and all of them run in one matmul_sequence call per
(fidelity, Dst mode, transpose): a few large float64 gemms instead of one small one per tile product.

Why this is exact: a product reads two CB tiles and accumulates onto one Dst tile of its core; the products of one
Dst tile keep their order (matmul_sequence's waves), and different Dst tiles are independent. The CB tiles are
snapshotted when the product is queued: a CB page holds the same bytes from its cb_push_back to its cb_pop_front
(anything else is a race on hardware too), so a page is known by (CB, pages popped before it), and its bytes are
copied at the first use (the kernel may pop it before the products run). Pages with equal bytes and format are one
operand (the same in0 block multicast to a row of cores), which makes the gemms larger. Parking a compute kernel
changes no simulated time (its effects reach other threads only through timestamped CB hand-offs; scheduler
``defer``), and matmul_sequence's numbers are those of tensix.device.fpu.matmul for each product in turn.
"""

from __future__ import annotations

import numpy as np

from tensix.device import formats, fpu


class _Operands:
    """The distinct operand tiles of a program run: raw bytes and format, snapshotted once per CB page, shared by
    equal contents; their Src values, phase parts and statistics are prepared once per (tile, Dst mode)."""

    def __init__(self):
        self.by_page: dict = {}     # (cb, page number) -> tile id
        self.by_bytes: dict = {}    # (format, bytes) -> tile id
        self.raw: list = []         # tile id -> (format, bytes)
        self.pages: dict = {}       # id(cb) -> (cb, {page number: tile id}) for eviction
        self.src: dict = {}         # (tile id, fp32_dest) -> Src values (32, 32) float32
        self.prep: dict = {}        # (tile id, (role, fp32_dest, fidelity, transpose)) -> (hi, lo, lsb, max) of a tile

    def tile(self, cb, page, addr) -> int:
        """The operand id of page number `page` of CB `cb` (at L1 `addr`), snapshotting its bytes at the first use."""
        key = (cb, page)
        tid = self.by_page.get(key)
        if tid is not None:
            return tid
        size = cb.kinfo[1] if cb.kinfo is not None and cb.kinfo[1] is not None else formats.tile_size(cb.fmt)
        data = cb.core.l1[addr:addr + size].tobytes()
        ck = (cb.fmt, data)
        tid = self.by_bytes.get(ck)
        if tid is None:
            tid = self.by_bytes[ck] = len(self.raw)
            self.raw.append(ck)
        self.by_page[key] = tid
        ent = self.pages.get(id(cb))
        if ent is None:
            ent = self.pages[id(cb)] = (cb, {})
        ent[1][page] = tid
        return tid

    def evict_popped(self):
        """Forget the pages their CB has popped, and the prepared operands no live page holds (the raw bytes stay:
        ids remain valid for products queued later with the same contents)."""
        for cid, (cb, pages) in self.pages.items():
            gone = [p for p in pages if p < cb.popped]
            for p in gone:
                del pages[p]
                self.by_page.pop((cb, p), None)
        live = set(self.by_page.values())
        for cache in (self.src, self.prep):
            for k in [k for k in cache if k[0] not in live]:
                del cache[k]

    def src_values(self, ids, fp32_dest: bool) -> np.ndarray:
        """(len(ids), 32, 32) Src values of the tiles, unpacked as the unpacker does for this Dst mode."""
        missing = [t for t in dict.fromkeys(ids) if (t, fp32_dest) not in self.src]
        if missing:
            by_fmt: dict = {}
            for t in missing:
                by_fmt.setdefault(self.raw[t][0], []).append(t)
            for fmt, ts in by_fmt.items():
                raw = np.frombuffer(b"".join(self.raw[t][1] for t in ts), np.uint8).reshape(len(ts), -1)
                vals = formats.unpack_to_src(raw, fmt, fp32_dest=fp32_dest)
                for t, v in zip(ts, vals):
                    self.src[(t, fp32_dest)] = v
        return np.stack([self.src[(t, fp32_dest)] for t in ids])

    def prepared(self, ids, role, fp32_dest, fidelity, transpose) -> fpu.MatmulOperands:
        """The tiles as fpu.MatmulOperands (phase parts and statistics), prepared once per tile and use."""
        key = (role, fp32_dest, fidelity, transpose)
        missing = [t for t in dict.fromkeys(ids) if (t, key) not in self.prep]
        if missing:
            ops = fpu.MatmulOperands.prepare(self.src_values(missing, fp32_dest), role, fidelity,
                                             transpose and role == "b")
            for i, t in enumerate(missing):
                self.prep[(t, key)] = (ops.hi[i], None if ops.lo is None else ops.lo[i], ops.lsb[i], ops.max[i])
        got = [self.prep[(t, key)] for t in ids]
        lo = None if got[0][1] is None else np.stack([g[1] for g in got])
        return fpu.MatmulOperands(np.stack([g[0] for g in got]), lo, np.array([g[2] for g in got], np.int64),
                                  np.array([g[3] for g in got], np.float64))


class MatmulBatch:
    """The queued matmul products of one program run (one scheduler).

    ``MatmulBatch.reference = True`` (tests, diagnosis) computes each queued product on its own with fpu.matmul, in
    call order, instead of fpu.matmul_sequence: the per-tile model the batched path must match bit for bit."""

    reference = False

    def __init__(self, sched):
        self.sched = sched
        self.pending: dict = {}     # thread -> [(half, idst, ct, a ids, b ids, transpose), ...] in call order
        self.ops = _Operands()
        self.flush_hook = self.flush
        self.flushes = 0            # batches run (for tests and profiles)
        self.products = 0

    def add(self, th, cs, half, idst, ct, a_ids, b_ids, transpose):
        hooks = self.sched.idle_hooks
        if self.flush_hook not in hooks:    # queued products run at the latest when the program ends
            hooks.append(self.flush_hook)
        lst = self.pending.get(th)
        if lst is None:
            lst = self.pending[th] = []
        lst.append((half, idst, ct, a_ids, b_ids, transpose))
        n = len(a_ids) * len(b_ids)
        cs.mm_pending += n
        cs.sfpu_pending += n            # the compute API settles queued work before it touches Dst (_settle_sfpu)
        cs.pending_halves |= 1 << half

    def wait(self, th):
        """Called by a compute thread before it touches a Dst with queued products: park until no other thread can
        run (the other cores queue theirs meanwhile), then everything queued runs in one batch."""
        if th in self.pending:
            self.sched.defer(th, self.flush_hook)
            if th in self.pending:      # defensive: the hook runs before deferred threads resume
                self.flush()
        cs = th.compute
        cs.sfpu_pending -= cs.mm_pending
        cs.mm_pending = 0
        if not cs.sfpu_pending:
            cs.pending_halves = 0

    def flush(self):
        pending = self.pending
        if not pending:
            return
        self.pending = {}
        self.flushes += 1
        groups: dict = {}
        for th, calls in pending.items():
            cs = th.compute
            for call in calls:
                groups.setdefault((cs.fidelity, cs.fp32, call[5]), []).append((cs, call))
        for (fidelity, fp32, transpose), members in groups.items():
            self._run(members, fidelity, fp32, transpose)
        for th, calls in pending.items():
            cs = th.compute
            cs.sfpu_pending -= cs.mm_pending
            cs.mm_pending = 0
            if not cs.sfpu_pending:
                cs.pending_halves = 0
        self.ops.evict_popped()

    def _run(self, members, fidelity, fp32, transpose):
        """Compute the queued calls `members` ((ComputeState, call) in each core's call order) of one fidelity, Dst
        mode and transpose."""
        a_ids: dict = {}
        b_ids: dict = {}
        groups: dict = {}           # (ComputeState, Dst half) -> group number
        calls = []                  # (group, first Dst tile, a indices, b indices) in call order
        shapes = set()
        for cs, (half, idst, ct, a_list, b_list, _) in members:
            calls.append((groups.setdefault((cs, half), len(groups)), idst,
                          [a_ids.setdefault(a, len(a_ids)) for a in a_list],
                          [b_ids.setdefault(b, len(b_ids)) for b in b_list]))
            shapes.add((len(a_list), len(b_list)))
        # the products (Dst key = group * _CAP + tile, a index, b index), in call order: the call's rows of a times
        # its columns of b, Dst tiles idst, idst + 1, ... row-major
        if len(shapes) == 1:
            (rt, ct), = shapes
            n = len(calls)
            base = np.fromiter((c[0] * _CAP + c[1] for c in calls), np.int64, n)
            A = np.array([c[2] for c in calls], np.int64).reshape(n, rt)
            B = np.array([c[3] for c in calls], np.int64).reshape(n, ct)
            keys = (base[:, None, None] + (np.arange(rt)[:, None] * ct + np.arange(ct))[None]).reshape(-1)
            ai = np.broadcast_to(A[:, :, None], (n, rt, ct)).reshape(-1)
            bi = np.broadcast_to(B[:, None, :], (n, rt, ct)).reshape(-1)
        else:
            kl, al, bl = [], [], []
            for g, idst, ais, bis in calls:
                t = g * _CAP + idst
                for x in ais:
                    for y in bis:
                        kl.append(t)
                        al.append(x)
                        bl.append(y)
                        t += 1
            keys, ai, bi = (np.array(v, np.int64) for v in (kl, al, bl))
        uniq, dcol = np.unique(keys, return_inverse=True)
        prods = np.stack([dcol.reshape(-1), ai, bi], axis=1)
        self.products += len(prods)
        # the Dst tiles, gathered per core and half (uniq is sorted: each group's tiles are one run)
        spans = []
        bounds = np.searchsorted(uniq, np.arange(len(groups) + 1) * _CAP)
        for (cs, h), g in groups.items():
            lo, hi = int(bounds[g]), int(bounds[g + 1])
            spans.append((cs.dst[h], uniq[lo:hi] - g * _CAP, lo, hi))
        first = spans[0][0]
        dst = np.empty((len(uniq),) + first.shape[1:], first.dtype)
        for arr, ts, lo, hi in spans:
            dst[lo:hi] = arr[ts]
        if MatmulBatch.reference:
            a_src = self.ops.src_values(list(a_ids), fp32)
            b_src = self.ops.src_values(list(b_ids), fp32)
            for d, x, y in prods:
                dst[d] = fpu.matmul(a_src[x], b_src[y], dst[d], fidelity, fp32, transpose)
            out = dst
        else:
            a = self.ops.prepared(list(a_ids), "a", fp32, fidelity, False)
            b = self.ops.prepared(list(b_ids), "b", fp32, fidelity, transpose)
            out = fpu.matmul_sequence(a, b, prods, dst, fidelity, fp32, transpose)
        for arr, ts, lo, hi in spans:
            arr[ts] = out[lo:hi]


_CAP = 64       # above any Dst capacity in tiles: a Dst key is group * _CAP + tile


def matmul_batch_of(th) -> MatmulBatch:
    """The program run's MatmulBatch (kept with its scheduler and freed with it)."""
    b = th.sched.attached.get("matmul_batch")
    if b is None:
        b = th.sched.attached["matmul_batch"] = MatmulBatch(th.sched)
    return b
