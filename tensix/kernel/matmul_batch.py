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

import numba
import numpy as np

from tensix.device import formats, fpu
from tensix.device.jitentry import entry_for
from tensix.kernel.dstpool import dst_pools


class _Prepared:
    """The prepared operands (fpu.MatmulOperands fields) of one use (role, Dst mode, fidelity, transpose), in arrays
    indexed by slot: a batch's products index these arrays directly, so nothing is gathered per batch."""

    def __init__(self, key, lo: bool):
        self.slot: dict = {}        # tile id -> slot
        self.n = 0
        self.key = key
        # the arrays of the last program run's use of this key: nothing refers to them once its batches have run,
        # and fresh multi-megabyte arrays cost page faults in every run
        arrays = _SPARE.get(key)
        if arrays is None:
            arrays = (np.empty((64, 32, 32)), np.empty((64, 32, 32)) if lo else None, np.empty(64, np.int64),
                      np.empty(64))
        self.hi, self.lo, self.lsb, self.max = arrays
        _SPARE[key] = arrays

    def grow(self, need: int):
        cap = max(need, 2 * len(self.hi))
        for name in ("hi", "lo", "lsb", "max"):
            old = getattr(self, name)
            if old is not None:
                new = np.empty((cap,) + old.shape[1:], old.dtype)
                new[:self.n] = old[:self.n]
                setattr(self, name, new)
        _SPARE[self.key] = (self.hi, self.lo, self.lsb, self.max)

    def operands(self) -> fpu.MatmulOperands:
        n = self.n
        return fpu.MatmulOperands(self.hi[:n], None if self.lo is None else self.lo[:n], self.lsb[:n],
                                  self.max[:n])


@numba.njit(cache=True, nogil=True)
def _nb_digest(l1, addr, size):
    """A 64-bit FNV-1a-style digest of l1[addr:addr + size], in four lanes of eight-byte words (a key to find equal tiles;
    _Operands.tile confirms a match by comparing the bytes)."""
    prime = np.uint64(0x100000001B3)
    h0 = h1 = h2 = h3 = np.uint64(0xCBF29CE484222325)
    n32 = size // 32
    words = l1[addr:addr + 32 * n32].view(np.uint64)
    for i in range(0, 4 * n32, 4):      # four independent lanes (the multiplies overlap)
        h0 = (h0 ^ words[i]) * prime
        h1 = (h1 ^ words[i + 1]) * prime
        h2 = (h2 ^ words[i + 2]) * prime
        h3 = (h3 ^ words[i + 3]) * prime
    h = (((h0 * prime) ^ h1) * prime ^ h2) * prime ^ h3
    for i in range(32 * n32, size):
        h = (h ^ np.uint64(l1[addr + i])) * prime
    return h


_DIGEST: list = []


def _digest():
    """_nb_digest's direct entry point (tensix.device.jitentry; L1 is a 1-D uint8 array, the numbers Python ints)."""
    if not _DIGEST:
        _DIGEST.append(entry_for(_nb_digest, np.zeros(8, np.uint8), 0, 0))
    return _DIGEST[0]


_SPARE: dict = {}       # _Prepared key -> the (hi, lo, lsb, max) arrays it reuses from run to run
_TILE_BYTES: dict = {}  # data format -> tile bytes (formats.tile_size, cached: a page is snapshotted per tile use)
_PREP_KEEP = 1024       # prepared tiles per use above which those no live CB page holds are dropped


class _Operands:
    """The distinct operand tiles of a program run: raw bytes and format, snapshotted once per CB page, shared by
    equal contents; their phase parts and statistics are prepared once per (tile, use)."""

    def __init__(self):
        self.by_page: dict = {}     # (cb, page number) -> tile id
        self.by_digest: dict = {}   # (format, _nb_digest of the bytes) -> tile id of the first tile with it
        self.by_bytes: dict = {}    # (format, bytes) -> tile id, for the tiles whose digest another tile had first
        self.raw: list = []         # tile id -> (format, bytes)
        self.prep: dict = {}        # (role, fp32_dest, fidelity, transpose) -> _Prepared

    def tile(self, cb, page, addr) -> int:
        """The operand id of page number `page` of CB `cb` (at L1 `addr`), snapshotting its bytes at the first use.

        Equal contents are found by a compiled 64-bit digest of the L1 bytes (cheaper than hashing a bytes object
        of a whole tile), confirmed by comparing the bytes; tiles whose digests collide go to by_bytes."""
        key = (cb, page)
        tid = self.by_page.get(key)
        if tid is not None:
            return tid
        fmt = cb.fmt
        size = _TILE_BYTES.get(fmt)
        if size is None:
            size = _TILE_BYTES[fmt] = formats.tile_size(fmt)
        l1 = cb.core.l1
        if cb.tile is not None:     # a CB of other tile dims: the 32x32 tile the unpacker leaves in Src (tile_shape)
            from tensix.kernel import tile_shape
            l1 = tile_shape.expand(l1[addr:addr + tile_shape.size(fmt, cb.tile)], fmt, cb.tile)
            addr = 0
        hk = (fmt, _digest()(l1, addr, size))
        data = l1[addr:addr + size].tobytes()
        tid = self.by_digest.get(hk)
        if tid is None:
            tid = self.by_digest[hk] = len(self.raw)
            self.raw.append((fmt, data))
        elif self.raw[tid][1] != data:      # another tile with the same digest
            ck = (fmt, data)
            tid = self.by_bytes.get(ck)
            if tid is None:
                tid = self.by_bytes[ck] = len(self.raw)
                self.raw.append(ck)
        self.by_page[key] = tid
        return tid

    def _forget_popped(self):
        """Forget the pages their CB has popped (page numbers only grow, so those keys are never asked for again)."""
        self.by_page = {k: t for k, t in self.by_page.items() if k[1] >= k[0].popped}

    def src_values(self, ids, fp32_dest: bool) -> np.ndarray:
        """(len(ids), 32, 32) Src values of the tiles, unpacked as the unpacker does for this Dst mode."""
        out = np.empty((len(ids), 32, 32), np.float32)
        by_fmt: dict = {}
        for i, t in enumerate(ids):
            by_fmt.setdefault(self.raw[t][0], []).append(i)
        for fmt, pos in by_fmt.items():
            raw = np.frombuffer(b"".join(self.raw[ids[i]][1] for i in pos), np.uint8).reshape(len(pos), -1)
            out[pos] = formats.unpack_to_src(raw, fmt, fp32_dest=fp32_dest)
        return out

    def slots(self, ids, role, fp32, fidelity, transpose):
        """(slot array of the tiles `ids`, the use's _Prepared), preparing the tiles not prepared yet."""
        key = (role, fp32, fidelity, transpose)
        p = self.prep.get(key)
        if p is None:
            p = self.prep[key] = _Prepared(key, role == "a" and fpu.num_fidelity_phases(fidelity) > 2
                                           or role == "b" and fpu.num_fidelity_phases(fidelity) > 1)
        slot = p.slot
        missing = [t for t in ids if t not in slot]
        if missing:
            if p.n + len(missing) > _PREP_KEEP and p.n:
                self._compact(p, set(ids))
                slot = p.slot       # _compact made a new map: the old one's slots point past p.n
            if p.n + len(missing) > len(p.hi):
                p.grow(p.n + len(missing))
            n0, n1 = p.n, p.n + len(missing)
            fpu.prepare_into(self.src_values(missing, fp32), role, fidelity, transpose and role == "b",
                             p.hi[n0:n1], None if p.lo is None else p.lo[n0:n1], p.lsb[n0:n1], p.max[n0:n1])
            for i, t in enumerate(missing):
                slot[t] = n0 + i
            p.n = n1
        return np.fromiter((slot[t] for t in ids), np.int64, len(ids)), p

    def _compact(self, p: _Prepared, keep: set):
        """Drop the prepared tiles that no live CB page holds (and that this batch does not use)."""
        self._forget_popped()
        live = set(self.by_page.values()) | keep
        items = sorted((s, t) for t, s in p.slot.items() if t in live)
        idx = np.array([s for s, _ in items], np.int64)
        for name in ("hi", "lo", "lsb", "max"):
            arr = getattr(p, name)
            if arr is not None:
                arr[:len(idx)] = arr[idx]
        p.slot = {t: i for i, (_, t) in enumerate(items)}
        p.n = len(idx)


class _Queue:
    """The queued calls of one (fidelity, Dst mode, transpose), flattened as they come: per call its Dst key
    (group * _CAP + first Dst tile) and shape, and its a and b tile ids in order."""

    __slots__ = ("groups", "base", "shape", "a", "b", "shapes")

    def __init__(self):
        self.groups: dict = {}      # (ComputeState, Dst half) -> group number
        self.base = []
        self.shape = []             # (rt, ct) per call
        self.a = []
        self.b = []
        self.shapes = set()


class MatmulBatch:
    """The queued matmul products of one program run (one scheduler).

    ``MatmulBatch.reference = True`` (tests, diagnosis) computes each queued product on its own with fpu.matmul, in
    call order, instead of fpu.matmul_sequence: the per-tile model the batched path must match bit for bit."""

    reference = False

    def __init__(self, sched):
        self.sched = sched
        self.pending: dict = {}     # thread -> its ComputeState, for the threads with queued products
        self.queues: dict = {}      # (fidelity, fp32, transpose) -> _Queue
        self.ops = _Operands()
        self.flush_hook = self.flush
        self.flushes = 0            # batches run (for tests and profiles)
        self.products = 0

    def add(self, th, cs, half, idst, ct, a_ids, b_ids, transpose, fidelity=None):
        """Queue a call's products (fidelity: the kernel's unless given)."""
        if not self.pending:
            hooks = self.sched.idle_hooks
            if self.flush_hook not in hooks:    # queued products run at the latest when the program ends
                hooks.append(self.flush_hook)
        self.pending[th] = cs
        key = (cs.fidelity if fidelity is None else fidelity, cs.fp32, transpose)
        q = self.queues.get(key)
        if q is None:
            q = self.queues[key] = _Queue()
        gk = (cs, half)
        g = q.groups.get(gk)
        if g is None:
            g = q.groups[gk] = len(q.groups)
        q.base.append(g * _CAP + idst)
        rt = len(a_ids)
        shape = (rt, ct)
        q.shape.append(shape)
        if shape not in q.shapes:
            q.shapes.add(shape)
        q.a += a_ids
        q.b += b_ids
        n = rt * ct
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
        queues, self.queues = self.queues, {}
        self.flushes += 1
        for (fidelity, fp32, transpose), q in queues.items():
            self._run(q, fidelity, fp32, transpose)
        for cs in pending.values():
            cs.sfpu_pending -= cs.mm_pending
            cs.mm_pending = 0
            if not cs.sfpu_pending:
                cs.pending_halves = 0

    def _run(self, q: _Queue, fidelity, fp32, transpose):
        """Compute the queued calls of one fidelity, Dst mode and transpose (each core's in its call order)."""
        # the products (Dst key = group * _CAP + tile, a tile id, b tile id), in call order: the call's rows of a
        # times its columns of b, Dst tiles idst, idst + 1, ... row-major
        n = len(q.base)
        A = np.array(q.a, np.int64)
        B = np.array(q.b, np.int64)
        if len(q.shapes) == 1:
            (rt, ct), = q.shapes
            base = np.array(q.base, np.int64)
            keys = (base[:, None, None] + (np.arange(rt)[:, None] * ct + np.arange(ct))[None]).reshape(-1)
            ai = np.broadcast_to(A.reshape(n, rt)[:, :, None], (n, rt, ct)).reshape(-1)
            bi = np.broadcast_to(B.reshape(n, ct)[:, None, :], (n, rt, ct)).reshape(-1)
        else:
            kl, al, bl = [], [], []
            ia = ib = 0
            for t0, (rt, ct) in zip(q.base, q.shape):
                t = t0
                for x in range(rt):
                    for y in range(ct):
                        kl.append(t)
                        al.append(q.a[ia + x])
                        bl.append(q.b[ib + y])
                        t += 1
                ia += rt
                ib += ct
            keys, ai, bi = (np.array(v, np.int64) for v in (kl, al, bl))
        uniq, dcol = np.unique(keys, return_inverse=True)
        self.products += len(keys)
        # the Dst tiles: with every group's Dst in one pool array (tensix.kernel.dstpool), one fancy index of its
        # tiles; else gathered per core and half (uniq is sorted: each group's tiles are one run)
        flat = self._pool_index(q, uniq)
        if flat is not None:
            pool, idx = flat
            dst = pool[idx]
        else:
            spans = []
            bounds = np.searchsorted(uniq, np.arange(len(q.groups) + 1) * _CAP)
            for (cs, h), g in q.groups.items():
                lo, hi = int(bounds[g]), int(bounds[g + 1])
                spans.append((cs.dst[h], uniq[lo:hi] - g * _CAP, lo, hi))
            first = spans[0][0]
            dst = np.empty((len(uniq),) + first.shape[1:], first.dtype)
            for arr, ts, lo, hi in spans:
                dst[lo:hi] = arr[ts]
        if MatmulBatch.reference:
            ua, ra = np.unique(ai, return_inverse=True)
            ub, rb = np.unique(bi, return_inverse=True)
            a_src = self.ops.src_values(ua.tolist(), fp32)
            b_src = self.ops.src_values(ub.tolist(), fp32)
            for d, x, y in zip(dcol.reshape(-1).tolist(), ra.reshape(-1).tolist(), rb.reshape(-1).tolist()):
                dst[d] = fpu.matmul(a_src[x], b_src[y], dst[d], fidelity, fp32, transpose)
            out = dst
        else:
            ua, ra = np.unique(ai, return_inverse=True)
            ub, rb = np.unique(bi, return_inverse=True)
            sa, pa = self.ops.slots(ua.tolist(), "a", fp32, fidelity, False)
            sb, pb = self.ops.slots(ub.tolist(), "b", fp32, fidelity, transpose)
            prods = np.stack([dcol.reshape(-1), sa[ra.reshape(-1)], sb[rb.reshape(-1)]], axis=1)
            out = fpu.matmul_sequence(pa.operands(), pb.operands(), prods, dst, fidelity, fp32, transpose)
        if flat is not None:
            pool[idx] = out
        else:
            for arr, ts, lo, hi in spans:
                arr[ts] = out[lo:hi]

    def _pool_index(self, q: _Queue, uniq):
        """(the pool's tiles as one (n, 32, 32) array, the indices there of the Dst keys `uniq`) when every group's
        Dst is a row of one pool of the run (tensix.kernel.dstpool); else None."""
        pools, row = dst_pools(self.sched)
        key = None
        base = np.empty(len(q.groups), np.int64)
        for (cs, h), g in q.groups.items():
            k, r = row.get(cs.th, (None, 0))
            if k is None or (key is not None and k != key):
                return None
            key = k
            pool = pools[k]
            if cs.dst.base is not pool:
                return None
            base[g] = (r * pool.shape[1] + h) * pool.shape[2]
        tiles = pool.reshape(-1, *pool.shape[3:])
        return tiles, base[uniq // _CAP] + uniq % _CAP


_CAP = 64       # above any Dst capacity in tiles: a Dst key is group * _CAP + tile


def matmul_batch_of(th) -> MatmulBatch:
    """The program run's MatmulBatch (kept with its scheduler and freed with it)."""
    b = th.sched.attached.get("matmul_batch")
    if b is None:
        b = th.sched.attached["matmul_batch"] = MatmulBatch(th.sched)
    return b
