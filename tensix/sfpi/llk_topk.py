"""tt-llk's bitonic TopK SFPU kernels (Wormhole B0) as the instruction streams they issue.

Ports tt-metal 622c6fb9 tt_metal/tt-llk/tt_llk_wormhole_b0/common/inc/sfpu/ckernel_sfpu_topk.h
(``_bitonic_topk_phases_steps``, ``_bitonic_topk_merge``, ``_bitonic_topk_rebuild``, ``_init_topk`` and their
load / store / swap-network helpers), reached through tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/
ckernel_sfpu_topk.h and the compute API of tt_metal/hw/inc/api/compute/compute_kernel_api.h (topk_local_sort,
topk_merge, topk_rebuild, topk_tile_init; tensix.kernel.sfpu_topk).

The kernels are raw SFPU instructions (SFPLOAD / SFPSTORE, SFPSWAP in the index-tracking mode that LaneConfig bit 2
ENABLE_DEST_INDEX turns on, SFPTRANSP, SFPCONFIG, INCRWC / SETRWC), with three pieces of Tensix state besides the
SFPU's own that this module models itself:

- The replay buffer (lltt::record<Exec> / lltt::replay): `Replay` holds the 32 recorded instructions of one core and
  tt-llk's ``topk_replay_init`` static. A record executes the next `len` instructions and keeps them; a replay issues
  what is kept, even when the C++ would now pass other arguments (as on the card). A replay of a slot never recorded
  raises NotModelledError (its content on hardware is whatever an earlier kernel left).
- DEST_TARGET_REG_CFG_MATH_Offset (``set_dst_write_addr``, a SETC16 between the four column passes): an SFPLOAD /
  SFPSTORE address is Imm10 + that base + RWC.Dst, so the base is folded into Imm10 of each access when it is issued
  (replayed accesses too, with the base current at the replay). The tensix.sfpu programs run with the base at the
  call's Dst tile; tt-llk's topk assumes idst = 0 (the API docs: "idist should be set to 0"), and another idst raises
  NotModelledError (set_dst_write_addr ignores it after the first column, which tensix does not fold).
- The ADDR_MOD slots: SFPLOAD / SFPSTORE select ADDR_MOD_3 (slot 7, no increment) and the last index store of a
  16-row group ADDR_MOD_2 (slot 6, Dst += 32, as topk_tile_init's ``eltwise_unary_sfpu_configure_addrmod
  <topk_local_sort>`` programs it): `ADDR_MODS`.

Only the non-stable forms (STABLE_SORT = false, what ttnn's topk kernels use) are modelled; stable_sort = true raises
NotModelledError.
"""

from __future__ import annotations

from tensix.errors import NotModelledError

# SFPLOAD / SFPSTORE Mod0 as tt-llk names them (llk_defs.h InstrModLoadStore): DEFAULT = 0 (the ISA's
# MOD0_FMT_SRCB), INT32 = 4, LO16 = 6 (the ISA's MOD0_FMT_UINT16: the low 16 bits of a Dst16b row, zero-extended).
LD_DEFAULT, LD_INT32, LD_LO16 = 0, 4, 6
ADDR_MOD_2, ADDR_MOD_3 = 2, 3
ADDR_MODS = ((2, 32), (3, 0))   # (AddrMod field, Dst increment): slots 6 and 7 with the SFPU's ADDR_MOD_SET_Base
IDX = 128                       # dst_indices_offset: the index tiles sit 2 tiles (128 rows) after the values
ALL_ROWS_MAX, ROWS_01_MAX, ROWS_02_MAX, UNCONDITIONALLY = 1, 2, 3, 0   # ckernel_instr_params.h p_sfpswap
ARG_MAX, ARG_MIN = False, True  # ckernel_defs.h SortDir


class Replay:
    """One core's replay buffer (32 slots of issued instructions, None = never recorded) and topk_replay_init."""

    __slots__ = ("slots", "init")

    def __init__(self):
        self.slots = (None,) * 32
        self.init = 0

    def key(self):
        return self.slots, self.init


class _Emitter:
    """The instruction stream of one API call: `issue` executes (and records while a record is open), `replay`
    issues recorded slots; `base` is the Dst base relative to the call's (set_dst_write_addr)."""

    def __init__(self, replay: Replay):
        self.slots = list(replay.slots)
        self.init = replay.init
        self.items = []
        self.base = 0
        self._rec = None        # [next slot, slots left]

    def _out(self, item):
        if item[0] in ("L", "S"):
            kind, vd, mod0, am, addr = item
            item = (kind, vd, mod0, am, addr + self.base)
        self.items.append(item)

    def issue(self, item):
        if self._rec is not None:
            pos, left = self._rec
            self.slots[pos] = item
            self._rec = [pos + 1, left - 1] if left > 1 else None
        self._out(item)

    def record(self, start, n):
        if start + n > 32:
            raise NotModelledError(f"lltt::record({start}, {n}) goes past the 32-entry replay buffer")
        self._rec = [start, n]

    def replay(self, start, n):
        for i in range(start, start + n):
            item = self.slots[i]
            if item is None:
                raise NotModelledError(
                    f"lltt::replay({start}, {n}) of tt-llk's topk issues replay slot {i}, which nothing recorded on "
                    "this core: on hardware it holds whatever an earlier kernel left there.\nFix: call "
                    "topk_tile_init() and a topk_local_sort before topk_rebuild / a replaying call.")
            self._out(item)

    # the instructions (TT_OP_* argument order of ckernel_ops.h)
    def load(self, vd, mod0, am, addr):
        self.issue(("L", vd, mod0, am, addr))

    def store(self, vd, mod0, am, addr):
        self.issue(("S", vd, mod0, am, addr))

    def swap(self, vc, vd, mod1):
        self.issue(("SWAP", vc, vd, mod1))

    def transp(self):
        self.issue(("TRANSP",))

    def config(self, imm16, dest, mod1):
        self.issue(("CONFIG", imm16, dest, mod1))

    def nop(self):
        self.issue(("NOP",))

    def incrwc(self, cr, d):
        self.issue(("INCRWC", cr, d))

    def setrwc_d(self):
        """TTI_SETRWC(p_setrwc::CLR_NONE, 0, 0, 0, 0, p_setrwc::SET_D): RWC.Dst = 0."""
        self.issue(("SETRWC_D",))

    def set_dst_write_addr(self, addr):
        """set_dst_write_addr(addr): TT_SETC16(DEST_TARGET_REG_CFG_MATH_Offset, addr + dest buffer base)."""
        self.base = addr


def _idx_mod(fp32):
    return LD_INT32 if fp32 else LD_LO16


# ---- the load / store helpers ------------------------------------------------------------------------------------
def _ldst8(e, fp32, offset, dist, store):
    """bitonic_topk_load8 / store8: LReg0/1 = values at (offset, offset + dist), LReg4/5 their indices; offset counts
    datums, 16 per face row (face_offset * 32 rows)."""
    op = e.store if store else e.load
    ld = (offset & 0xF) + (offset >> 4) * 32
    op(0, LD_DEFAULT, ADDR_MOD_3, ld)
    op(1, LD_DEFAULT, ADDR_MOD_3, ld + dist)
    op(4, _idx_mod(fp32), ADDR_MOD_3, IDX + ld)
    op(5, _idx_mod(fp32), ADDR_MOD_3, IDX + ld + dist)


def _ldst16(e, fp32, dist0, dist1, store, alt=False):
    """bitonic_topk_load16 / store16: LReg0..3 = values at 0, dist0, dist1, dist1 + dist0; LReg4..7 the indices. The
    store<alt_addr_mod = true> form stores the last index with ADDR_MOD_2 (Dst += 32)."""
    op = e.store if store else e.load
    offs = (0, dist0, dist1, dist1 + dist0)
    for r, o in enumerate(offs):
        op(r, LD_DEFAULT, ADDR_MOD_3, o)
    for r, o in enumerate(offs):
        am = ADDR_MOD_2 if (store and alt and r == 3) else ADDR_MOD_3
        op(4 + r, _idx_mod(fp32), am, IDX + o)


# ---- the swap networks (STABLE_SORT = false) ------------------------------------------------------------------------
def _ph3_st4_to_1(e, d, init_replay, replay_start):
    """bitonic_topk_ph3_st4_to_1<false>: steps 4 and 3 then SFPTRANSP, recorded at replay_start (5 instructions) and
    issued twice; ArgMin flips SFPSWAP's max/min sides around it (LaneConfig 0x104: EXCHANGE_SRCB_SRCC with
    ENABLE_DEST_INDEX). `init_replay` is a one-element list (the C++ bool&)."""
    if d == ARG_MIN:
        e.config(0x104, 0xF, 1)
        e.nop()
        e.nop()
    if init_replay[0]:
        e.record(replay_start, 5)
        e.swap(0, 2, ALL_ROWS_MAX)
        e.swap(1, 3, ALL_ROWS_MAX)
        e.swap(0, 1, ALL_ROWS_MAX)
        e.swap(2, 3, ALL_ROWS_MAX)
        e.transp()
        init_replay[0] = False
    else:
        e.replay(replay_start, 5)
    e.replay(replay_start, 5)
    if d == ARG_MIN:
        e.config(0x004, 0xF, 1)
        e.nop()
        e.nop()


# The fixed swap networks as (VC, VD, Mod1) triples, "T" for SFPTRANSP.
_T = "T"
_PH2 = ((0, 1, ALL_ROWS_MAX), (2, 3, ALL_ROWS_MAX), (2, 3, UNCONDITIONALLY), _T,     # step 3
        (0, 2, ROWS_01_MAX), (1, 3, ROWS_01_MAX),                                    # step 2
        (0, 1, ROWS_01_MAX), (2, 3, ROWS_01_MAX), _T)                                # step 1
_PH1 = (_T, (0, 2, ROWS_02_MAX), (1, 3, ROWS_02_MAX), (0, 1, ROWS_02_MAX), (2, 3, ROWS_02_MAX), _T)
_PH0 = (_T, (0, 1, ALL_ROWS_MAX), (3, 2, ALL_ROWS_MAX), _T)


def _network(e, steps):
    for st in steps:
        if st is _T:
            e.transp()
        else:
            e.swap(*st)


def _ph2_st3_to_1(e):
    """bitonic_topk_ph2_st3_to_1<false>."""
    _network(e, _PH2)


def _ph1_st2_to_1(e):
    """bitonic_topk_ph1_st2_to_1<false>."""
    _network(e, _PH1)


def _ph0_st1_to_1(e):
    """bitonic_topk_ph0_st1_to_1<false>."""
    _network(e, _PH0)


def _step_n(e, d):
    if d == ARG_MAX:
        e.swap(0, 2, ALL_ROWS_MAX)
        e.swap(1, 3, ALL_ROWS_MAX)
    else:
        e.swap(2, 0, ALL_ROWS_MAX)
        e.swap(3, 1, ALL_ROWS_MAX)


def _inc_x8_dest(e, inc, cr):
    for _ in range(inc >> 3):
        e.incrwc(0b100 if cr else 0, 8)


def _passes(e):
    """The four (face, col) passes of every topk kernel with their set_dst_write_addr calls: yields before each pass
    (dst_addr_offset 0, 2, 16, 18)."""
    off = 0
    for _face in range(2):
        for _col in range(2):
            yield
            off += 2
            e.set_dst_write_addr(off)
        off = 16
        e.set_dst_write_addr(off)


def _steps_n_to_5(e, fp32, idir, start_step, end_step, sorted_seq_length):
    """The "steps N to 5" loop shared by phases_steps' default case and rebuild's: compare at distance 16 or 32 datums
    (2 * dist rows with the face layout) over the 64 datums of the pass."""
    for ss in range(start_step, end_step, -1):
        e.setrwc_d()
        d = idir
        dist = 16 if ss == 5 else 32
        inner_d = dist >> 3
        compared = 0
        dst_offset = 0
        while compared < 64:
            for ii in range(inner_d):
                _ldst16(e, fp32, 4, 2 * dist, False)
                _step_n(e, d)
                _ldst16(e, fp32, 4, 2 * dist, True, False)
                dst_inc = 8
                dst_offset += dst_inc
                cr = False
                if ii == inner_d - 1:
                    cr, dst_inc, dst_offset = True, 4 * dist, 2 * dist
                elif dst_offset == 16:
                    cr, dst_inc = True, 32
                _inc_x8_dest(e, dst_inc, cr)
                compared += 16
            d = (not d) if compared == sorted_seq_length else d


# ---- the kernels ------------------------------------------------------------------------------------------------
def phases_steps(e, fp32, idir, i_end_phase, i_start_phase, i_end_step, i_start_step):
    """_bitonic_topk_phases_steps<approx, fp32, false>: local sort of 64 datums per column pair into sequences of
    2^(phase + 1) of alternating direction, phases i_start_phase..i_end_phase."""
    init_load = init_store = e.init >= 0
    for _ in _passes(e):
        d = bool(idir)
        for ph in range(i_start_phase, i_end_phase + 1):
            init_phase = [True]
            e.setrwc_d()
            if ph == 0:
                for _d in range(4):
                    if init_load:
                        e.record(0, 8)
                        _ldst16(e, fp32, 4, 8, False)
                        init_load = False
                    else:
                        e.replay(0, 8)
                    if init_phase[0]:
                        e.record(16, 4)
                        _ph0_st1_to_1(e)
                        init_phase[0] = False
                    else:
                        e.replay(16, 4)
                    if init_store:
                        e.record(8, 8)
                        _ldst16(e, fp32, 4, 8, True, True)
                        init_store = False
                    else:
                        e.replay(8, 8)
            elif ph in (1, 2):
                n, net = (6, _ph1_st2_to_1) if ph == 1 else (9, _ph2_st3_to_1)
                for _d in range(4):
                    e.replay(0, 8)
                    if init_phase[0]:
                        e.record(16, n)
                        net(e)
                        init_phase[0] = False
                    else:
                        e.replay(16, n)
                    e.replay(8, 8)
            elif ph == 3:
                for _d in range(4):
                    e.replay(0, 8)
                    _ph3_st4_to_1(e, d, init_phase, 16)
                    e.replay(8, 8)
                    d = not d
            else:
                num_steps = ph + 1
                single = i_start_phase == i_end_phase
                start_step = i_start_step if single else num_steps
                end_step = i_end_step if single else 4
                seq = 1 << num_steps
                _steps_n_to_5(e, fp32, idir, start_step, end_step, seq)
                d = bool(idir)
                e.setrwc_d()
                compared = 0
                while compared < 64:
                    e.replay(0, 8)
                    _ph3_st4_to_1(e, d, init_phase, 16)
                    e.replay(8, 8)
                    compared += 16
                    d = (not d) if compared == seq else d
    e.init = -1


def merge(e, fp32, top_min, m_iter, k):
    """_bitonic_topk_merge<approx, fp32, top_min, false>: compare the length-k sequences 2^m_iter apart, the larger
    (top_min: smaller) datum to the first."""
    for _ in _passes(e):
        e.setrwc_d()
        k_max = 32 if k > 32 else k
        inner_d = k_max >> 2
        total = 2 * k_max if (64 >> m_iter) < 2 * k_max else (64 >> m_iter)
        dist = 32 if (k_max << m_iter) > 32 else (k_max << m_iter)
        ld_dist = dist if dist < 16 else 2 * dist
        compared = dst_offset = dst_cr = 0
        while compared < total:
            for ii in range(inner_d):
                _ldst8(e, fp32, dst_offset, ld_dist, False)
                if top_min:
                    e.swap(1, 0, ALL_ROWS_MAX)
                else:
                    e.swap(0, 1, ALL_ROWS_MAX)
                _ldst8(e, fp32, dst_offset, ld_dist, True)
                compared += 8
                if ii == inner_d - 1:
                    dst_cr += 2 * dist
                    dst_offset = dst_cr
                else:
                    dst_offset += 4


def _incrwc4(e):
    for _ in range(4):
        e.incrwc(0, 8)


def _group16(e, fp32, init_rebuild, n, dist0, dist1, network):
    """One 16-datum group of rebuild's phases 1 and 2: load16, the network, store16 (ADDR_MOD_2 last), four INCRWC
    by 8; recorded in replay slots 0..n-1 by the first group of the call (init_rebuild), replayed by the others."""
    if init_rebuild[0]:
        e.record(0, n)
        _ldst16(e, fp32, dist0, dist1, False)
        network(e)
        _ldst16(e, fp32, dist0, dist1, True, True)
        _incrwc4(e)
        init_rebuild[0] = False
    else:
        e.replay(0, n)


def rebuild(e, fp32, idir, m_iter, k, logk, skip_second):
    """_bitonic_topk_rebuild<approx, fp32, false>: re-sort the merged length-k sequences (phase logk - 1) so that
    they alternate directions again."""
    init_rebuild = [e.init != m_iter + 1]
    for _ in _passes(e):
        shift = skip_second & 1
        e.setrwc_d()
        rm = m_iter + 1
        total = 2 * k if (64 >> rm) < 2 * k else (64 >> rm)
        total >>= shift
        dist = 32 if (k << rm) > 32 else (k << rm)
        ld_offset = (dist >> 4) * 32 + (dist & 0xF)
        ph = logk - 1
        d = bool(idir)
        compared = 0
        if ph == 0:
            pass
        elif ph == 1:
            if m_iter >= 2:
                while compared < total:
                    if init_rebuild[0]:
                        e.record(0, 22)
                        _ldst8(e, fp32, 0, ld_offset, False)
                        _ph1_st2_to_1(e)
                        _ldst8(e, fp32, 0, ld_offset, True)
                        _inc_x8_dest(e, 64, False)
                        init_rebuild[0] = False
                    else:
                        e.replay(0, 22)
                    compared += 16
            else:
                ld_dist = 4 * ld_offset if ld_offset < 16 else 2 * ld_offset
                while compared < total:
                    _group16(e, fp32, init_rebuild, 26, ld_offset, ld_dist, _ph1_st2_to_1)
                    compared += 16
        elif ph == 2:
            while compared < total:
                _group16(e, fp32, init_rebuild, 29, 4, ld_offset, _ph2_st3_to_1)
                compared += 16
        elif ph == 3:
            while compared < total:
                if init_rebuild[0]:
                    e.record(0, 8)
                    _ldst16(e, fp32, 4, 8, False)
                    _ph3_st4_to_1(e, d, init_rebuild, 8)
                    e.record(13, 12)
                    _ldst16(e, fp32, 4, 8, True, True)
                    _incrwc4(e)
                else:
                    e.replay(0, 8)
                    _ph3_st4_to_1(e, d, init_rebuild, 8)
                    e.replay(13, 12)
                compared += 16
                d = not d
        else:
            num_steps = ph + 1
            seq = 1 << num_steps
            _steps_n_to_5(e, fp32, idir, num_steps, 4, seq)
            d = bool(idir)
            compared = 0
            e.setrwc_d()
            while compared < 64:
                if init_rebuild[0]:
                    e.record(0, 8)
                    _ldst16(e, fp32, 4, 8, False)
                    _ph3_st4_to_1(e, d, init_rebuild, 8)
                    e.record(17, 8)
                    _ldst16(e, fp32, 4, 8, True, True)
                else:
                    e.replay(0, 8)
                    _ph3_st4_to_1(e, d, init_rebuild, 8)
                    e.replay(17, 8)
                compared += 16
                d = (not d) if compared == seq else d
    e.init = m_iter + 1


def init(e):
    """_init_topk: topk_replay_init = 0; _sfpu_load_config32_(0xF, 0, 4): LaneConfig = 4 (ENABLE_DEST_INDEX, the
    SFPSWAP index tracking), through LReg0. Preceded by the unary SFPU init's _init_sfpu_config_reg (LaneConfig = 0)."""
    e.config(0, 0xF, 1)
    e.issue(("LOADI", 0, 10, 0x4))
    e.issue(("LOADI", 0, 8, 0x0))
    e.config(0, 0xF, 0)
    e.init = 0


# ---- words and programs ------------------------------------------------------------------------------------------
def _word(item):
    from tensix.tile import ops
    kind = item[0]
    if kind == "L":
        return ops.TT_OP_SFPLOAD(*item[1:])
    if kind == "S":
        return ops.TT_OP_SFPSTORE(*item[1:])
    if kind == "SWAP":
        return ops.TT_OP_SFPSWAP(0, item[1], item[2], item[3])
    if kind == "TRANSP":
        return ops.TT_OP_SFPTRANSP(0, 0, 0, 0)
    if kind == "CONFIG":
        return ops.TT_OP_SFPCONFIG(*item[1:])
    if kind == "NOP":
        return ops.TT_OP_SFPNOP
    if kind == "INCRWC":
        return ops.TT_OP_INCRWC(item[1], item[2], 0, 0)
    if kind == "SETRWC_D":
        return ops.TT_OP_SETRWC(0, 0, 0, 0, 0, 4)
    if kind == "LOADI":
        return ops.TT_OP_SFPLOADI(*item[1:])
    raise AssertionError(item)


_INSTR: dict = {}


def to_instrs(items):
    """tensix.sfpu Instrs of an item stream (through the tile's decoder of the TT_OP words)."""
    from tensix.tile.vector import to_instr
    out = []
    for it in items:
        ins = _INSTR.get(it)
        if ins is None:
            ins = _INSTR[it] = to_instr(_word(it))
        out.append(ins)
    return out


KERNELS = {"local_sort": phases_steps, "merge": merge, "rebuild": rebuild}
_PROGRAMS: dict = {}


def program(kind, replay: Replay, fp32: bool, args: tuple):
    """(InstrProgram, Replay after it) of one API call: `kind` local_sort (idir, end_phase, start_phase, end_step,
    start_step), merge (top_min, m_iter, k), rebuild (idir, m_iter, k, logk, skip_second) or init (); the driver's
    done (_llk_math_eltwise_sfpu_done_: clear_dst_reg_addr) ends the list. Cached by the call and the replay state."""
    from tensix.sfpi.llk import InstrProgram
    key = (kind, bool(fp32), tuple(args), replay.key())
    hit = _PROGRAMS.get(key)
    if hit is None:
        e = _Emitter(replay)
        if kind == "init":
            init(e)
        else:
            KERNELS[kind](e, fp32, *args)
            e.base = 0
            e.setrwc_d()
        after = Replay()
        after.slots, after.init = tuple(e.slots), e.init
        name = f"topk {kind}{tuple(args)}"
        p = InstrProgram(name, to_instrs(e.items), ADDR_MODS, leaves_addr_mods=ADDR_MODS)
        tiles = _tiles(e.items)
        p._compiled = _compiled(p, tiles - _unread(kind, args), tiles)
        hit = _PROGRAMS[key] = (p, after)
    return hit


def _tiles(items) -> frozenset:
    """The Dst tiles (64 rows each, from the call's base) an item stream loads or stores, following RWC.Dst /
    Dst_Cr through SETRWC, INCRWC and the ADDR_MOD_2 increment. Every kernel here loads a row before storing it."""
    rwc = cr = 0
    incr = dict(ADDR_MODS)
    out = set()
    for it in items:
        kind = it[0]
        if kind in ("L", "S"):
            out.add((it[4] + rwc) // 64)
            rwc += incr[it[3]]
        elif kind == "SETRWC_D":
            rwc = cr = 0
        elif kind == "INCRWC":
            if it[1] & 4:
                cr += it[2]
                rwc = cr
            else:
                rwc += it[2]
    return frozenset(out)


def _unread(kind, args) -> frozenset:
    """Dst tiles a call loads whose values no datum of a packed tile depends on. topk_rebuild(skip_second = 1) with
    logk = 5 (the default case's steps 5..1 of phase 4) still loads and stores the second value / index tiles (the
    default case declares its own total_datums_to_compare = 64, so skip_second does not shorten it), but every compare
    of steps 5..1 stays within one tile's 32 datums of a column: the first tiles' results do not depend on tiles 1 and
    3, which ttnn's kernels leave unwritten there (process_tile_pair copies only the left tiles)."""
    if kind == "rebuild" and args[4] & 1 and args[3] - 1 == 4:
        return frozenset((1, 3))
    return frozenset()


def _compiled(p, reads, tiles):
    """The batched path's Compiled of a topk InstrProgram with its footprint given (tensix.sfpi.llk's footprint
    scan models an AddrMod increment as one INCRWC, whose 4-bit field cannot hold ADDR_MOD_2's 32)."""
    from tensix.sfpi import llk as L
    from tensix.sfpu import isa
    if not L._LLK_COMPILED:
        L._LLK_COMPILED.append(L._llk_compiled_type())
    c = L._LLK_COMPILED[0](instrs=p.instrs, program=isa.encode(p.instrs), n_inputs=0, inputs=[], scalar_ops={},
                           dst_reads=reads, dst_writes=tiles, input_sources=[], addr_mods=p.addr_mods,
                           leaves_addr_mods=p.leaves_addr_mods)
    c.__dict__["prgm_use"] = (frozenset(), frozenset())
    return c
