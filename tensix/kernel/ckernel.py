"""tt-llk's ckernel layer inside a compute kernel (seed 004): `from tensix.kernel.ckernel import *`.

What it gives, with tt-llk's names and meaning (tt_metal/tt-llk/tt_llk_wormhole_b0 at tt-metal 622c6fb9):

- `TT_OP_<NAME>(...)`: the 32-bit instruction word (common/inc/ckernel_ops.h; tensix.tile.ops).
- `TTI_<NAME>(...)` / `TT_<NAME>(...)`: push that word into this TRISC's instruction pipe (a store to
  INSTRN_BUF_BASE, BabyRISCV/PushTensixInstruction.md). Both do the same here: in C, TTI_ builds the word at
  compile time and TT_ at run time. Instructions without operands are called without arguments (`TTI_SFPNOP()`).
- The MOP helpers of common/inc/ckernel_template.h (`ckernel_template`, `ckernel_unpack_template`), the
  semaphore / mutex helpers of common/inc/ckernel.h (`t6_semaphore_post`, `t6_semaphore_get`,
  `t6_semaphore_wait_on_zero`, `t6_semaphore_wait_on_max`, `t6_semaphore_init`, `t6_mutex_acquire`,
  `t6_mutex_release`, `semaphore_read`, `semaphore_post`, `semaphore_get`), and `mmio_read` / `mmio_write`
  (the RISC-V's 32-bit loads and stores, tensix.tile.Tile's memory map).
- The constants kernels pass them: `p_stall`, `p_setrwc`, `semaphore`, the ThreadConfig / Config word indices
  (`DEST_TARGET_REG_CFG_MATH_Offset_ADDR32`, `ADDR_MOD_SET_Base_ADDR32`, ...), `addr_mod_t` and ADDR_MOD_0..7.

Each compute core has one instruction-level tile (tensix.tile.Tile) whose Vector Unit works on this core's own
SFPU state and Dst: the words run on the same registers the compute API's SFPU ops use (queued SFPU calls run
first, in order). The Dst the words address is the whole Dst of the core: half h of a double-buffered Dst starts
at tile h * capacity (`get_dest_buffer_base()` gives its row for the math thread's current half). Pushed words
execute at once; a wait that can never be satisfied raises DeadlockError naming the instruction. The TRISC's clock
advances by what the tile's clock for that thread advances (tensix.tile.timing, figures in costs.json);
`tile().profile()` shows the units' busy and the threads' stall cycles.

The TRISC a push goes to is the math thread (T1), where tt-llk's math and SFPU code runs; `as_trisc(0 | 2)` pushes
from the unpack or pack thread instead.
"""

from __future__ import annotations

import contextlib

import numpy as np

from tensix.device.errors import DeadlockError
from tensix.kernel import _ctx
from tensix.tile import isa as _isa
from tensix.tile import ops as _ops
from tensix.tile._tables import CONFIG_FIELDS as _CF
from tensix.tile._tables import THREAD_CONFIG_FIELDS as _TCF

__all__ = []

# ---- the words -------------------------------------------------------------------------------------------------
for _name in _isa.ENCODINGS:
    globals()[f"TT_OP_{_name}"] = getattr(_ops, f"TT_OP_{_name}")
    __all__.append(f"TT_OP_{_name}")


def _pusher(name):
    op = getattr(_ops, f"TT_OP_{name}")
    if callable(op):
        def push(*args):
            _push(op(*args))
    else:
        def push():
            _push(op)
    push.__name__ = f"TTI_{name}"
    push.__doc__ = f"Push {name} (ckernel_ops.h TTI_{name} / TT_{name}) into this TRISC's instruction pipe."
    return push


for _name in _isa.ENCODINGS:
    globals()[f"TTI_{_name}"] = globals()[f"TT_{_name}"] = _pusher(_name)
    __all__ += [f"TTI_{_name}", f"TT_{_name}"]

# ThreadConfig and Config word indices (cfg_defines.h's <FIELD>_ADDR32)
for _fname, (_addr, _shamt, _mask) in {**_CF, **_TCF}.items():
    globals()[f"{_fname}_ADDR32"] = _addr
    globals()[f"{_fname}_SHAMT"] = _shamt
    globals()[f"{_fname}_MASK"] = _mask
    __all__ += [f"{_fname}_ADDR32", f"{_fname}_SHAMT", f"{_fname}_MASK"]


class p_stall:  # noqa: N801 - ckernel_instr_params.h's name
    """STALLWAIT / SEMWAIT operands (ckernel_instr_params.h struct p_stall)."""
    NONE, STALL_TDMA, STALL_SYNC, STALL_PACK, STALL_UNPACK, STALL_XMOV, STALL_THCON, STALL_MATH, STALL_CFG, \
        STALL_SFPU, STALL_THREAD = 0, 0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x1FF
    STALL_ON_ZERO, STALL_ON_MAX = 0x1, 0x2
    THCON, UNPACK0, UNPACK1, UNPACK, PACK0, PACK1, PACK2, PACK3, PACK, MATH = \
        0x1, 0x2, 0x4, 0x6, 0x8, 0x10, 0x20, 0x40, 0x78, 0x80
    SRCA_CLR, SRCB_CLR, SRCA_VLD, SRCB_VLD, XMOV, TRISC_CFG, SFPU1, WAIT_SFPU = \
        0x100, 0x200, 0x400, 0x800, 0x1000, 0x2000, 0x4000, 0x4000
    ALL_THREAD_RES = THCON | UNPACK | PACK | MATH | XMOV
    SEMAPHORE_0, SEMAPHORE_1, SEMAPHORE_2, SEMAPHORE_3, SEMAPHORE_4, SEMAPHORE_5, SEMAPHORE_6, SEMAPHORE_7 = \
        (1 << i for i in range(8))
    SEMAPHORE_BIAS = SEMAPHORE_4


class p_setrwc:  # noqa: N801
    """SETRWC operands (ckernel_instr_params.h struct p_setrwc)."""
    CLR_A, CLR_B, CLR_AB, CLR_NONE = 0x1, 0x2, 0x3, 0x0
    SET_A, SET_B, SET_AB, SET_D, SET_AD, SET_BD, SET_ABD, SET_F, SET_A_F, SET_B_F, SET_AB_F, SET_D_F, SET_AD_F, \
        SET_BD_F, SET_ABD_F = 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC, 0xD, 0xE, 0xF
    CR_A, CR_B, CR_AB, CR_D, CR_AD, CR_BD, CR_ABD, C_TO_CR_MODE = 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8


class semaphore:  # noqa: N801
    """Tensix semaphore indices (ckernel_structs.h struct semaphore) and t6_sem (the one-hot SEMPOST operand)."""
    FPU_SFPU, MATH_PACK, UNPACK_TO_DEST, UNPACK_OPERAND_SYNC, PACK_DONE, UNPACK_SYNC, UNPACK_MATH_DONE, MATH_DONE = \
        range(8)
    NUM_SEMAPHORES, SEMAPHORE_MAX_VALUE = 8, 15

    @staticmethod
    def t6_sem(index):
        return 1 << index


ADDR_MOD_0, ADDR_MOD_1, ADDR_MOD_2, ADDR_MOD_3, ADDR_MOD_4, ADDR_MOD_5, ADDR_MOD_6, ADDR_MOD_7 = range(8)
__all__ += ["p_stall", "p_setrwc", "semaphore"] + [f"ADDR_MOD_{i}" for i in range(8)]


class addr_mod_t:  # noqa: N801
    """ckernel_addrmod.h's addr_mod_t: `addr_mod_t(srca=dict(incr=..., clr=..., cr=...), srcb=..., dest=dict(incr,
    clr, cr, c_to_cr), fidelity=dict(incr, clr), bias=dict(incr, clr)).set(ADDR_MOD_n)` pushes its three SETC16."""

    def __init__(self, srca=None, srcb=None, dest=None, fidelity=None, bias=None):
        self.srca, self.srcb, self.dest = dict(srca or {}), dict(srcb or {}), dict(dest or {})
        self.fidelity, self.bias = dict(fidelity or {}), dict(bias or {})

    @staticmethod
    def _src(s):
        return (s.get("incr", 0) & 0x3F) | ((s.get("cr", 0) & 1) << 6) | ((s.get("clr", 0) & 1) << 7)

    def set(self, mod_index):
        d, f, b = self.dest, self.fidelity, self.bias
        dest = (d.get("incr", 0) & 0x3FF) | ((d.get("cr", 0) & 1) << 10) | ((d.get("clr", 0) & 1) << 11) | \
            ((d.get("c_to_cr", 0) & 1) << 12)
        fid = (f.get("incr", 0) & 3) | ((f.get("clr", 0) & 1) << 2)
        TTI_SETC16(_TCF[f"ADDR_MOD_AB_SEC{mod_index}_SrcAIncr"][0], self._src(self.srca) | (self._src(self.srcb) << 8))  # noqa: F821
        TTI_SETC16(_TCF[f"ADDR_MOD_DST_SEC{mod_index}_DestIncr"][0], dest | (fid << 13))  # noqa: F821
        TTI_SETC16(_TCF[f"ADDR_MOD_BIAS_SEC{mod_index}_BiasIncr"][0], (b.get("incr", 0) & 0xF) | ((b.get("clr", 0) & 1) << 4))  # noqa: F821


__all__.append("addr_mod_t")

# ---- the tile of this core -------------------------------------------------------------------------------------
_TRISC = [None]  # the TRISC pushes go to (None: the math thread, 1)


@contextlib.contextmanager
def as_trisc(index):
    """Push from TRISC `index` (0 unpack, 1 math, 2 pack) inside the block."""
    if index not in (0, 1, 2):
        from tensix.device.errors import KernelError
        raise KernelError(f"as_trisc({index!r}): a Tensix tile has TRISC0-2. Fix: pass 0, 1 or 2.")
    old, _TRISC[0] = _TRISC[0], index
    try:
        yield
    finally:
        _TRISC[0] = old


def _trisc():
    return 1 if _TRISC[0] is None else _TRISC[0]


def _state_view(states, k):
    """SfpuState instance k of `states` as a one-instance SfpuState whose arrays are views (writes go through)."""
    from tensix.sfpu.state import SfpuState
    v = SfpuState.__new__(SfpuState)
    v.n = 1
    for name, arr in states.__dict__.items():
        if isinstance(arr, np.ndarray):
            setattr(v, name, arr[k:k + 1])
    return v


def tile():
    """The instruction-level tile (tensix.tile.Tile) of this compute core, created on first use, its Vector Unit
    bound to this core's SFPU state."""
    from tensix.kernel.compute import _cs
    from tensix.kernel.sfpu_batch import batch_of
    th, cs = _cs("the ckernel layer")
    t = cs.__dict__.get("tile")
    if t is None:
        from tensix.tile import Tile
        t = Tile()
        t.l1 = th.core.l1  # one L1: ThCon loads / stores (LOADIND, STOREIND, atomics) and RISC-V loads reach the core's
        batch = batch_of(th)
        if th not in batch.slot:  # as SfpuBatch.add assigns a core its SFPU state
            k = batch.slot[th] = len(batch.slot)
            batch.row_slot[th] = (batch.row[th][1], k)
            batch.states.set_sfpu_fp32(cs.fp32, k)
        t.vector.state = _state_view(batch.states, batch.slot[th])
        a, s, _ = _CF["ALU_ACC_CTRL_SFPU_Fp32_enabled"]
        if cs.fp32:  # fp32_dest_acc_en: the compute config's hardware setting
            for c in (0, 1):
                t.config(c)[a] |= np.uint32(1 << s)
        cs.__dict__["tile"] = t
    return t


def get_dest_buffer_base():
    """The Dst row where the math thread's current half starts (cmath_common.h get_dest_buffer_base)."""
    from tensix.kernel.compute import _cs
    _, cs = _cs("get_dest_buffer_base")
    h = (cs.n_acq - 1) % cs.nbuf if cs.n_acq else 0
    return h * cs.capacity * 64


__all__ += ["tile", "as_trisc", "get_dest_buffer_base"]


def _push(word):
    from tensix.kernel.compute import _cs, _settle_sfpu
    from tensix.sfpu import dst as dstmod
    th, cs = _cs(f"TTI_{_isa.name_of(word)}")
    if cs.sfpu_pending or cs.mm_pending:
        _settle_sfpu(th)  # the compute API's queued SFPU calls and products were issued first
    t = tile()
    for h in range(cs.nbuf):  # tiles the packer's release cleared read as zeros (ZEROACC)
        for z in list(cs.stale[h]):
            cs.fast.zero_tile(cs.dst, h, z)
        cs.stale[h].clear()
    tiles = cs.dst.reshape(-1, 32, 32)
    (dstmod.write_tiles32 if cs.fp32 else dstmod.write_tiles16)(t.dst, 0, tiles)
    ti = _trisc()
    t.advance_to(ti, th.clocks[ti])  # the store reaches the pipe at the TRISC's time
    stalled = int(t.clocks.stall[ti])
    t.push(ti, word)
    blocked = t.run()
    after = (dstmod.read_tiles32 if cs.fp32 else dstmod.read_tiles16)(t.dst, 0, tiles.shape[0])
    changed = np.flatnonzero((after != tiles).reshape(tiles.shape[0], -1).any(axis=1))
    if changed.size:
        tiles[changed] = after[changed]
        for i in changed:
            h, k = divmod(int(i), cs.capacity)
            cs.defined[h].add(k)
            if cs.written[h] is not None:
                cs.written[h].add(k)
    th.clocks[ti] = max(th.clocks[ti], t.clock(ti))  # the word has passed: the tile's clock (tensix.tile.timing)
    th.idle[ti] += int(t.clocks.stall[ti]) - stalled  # its Wait Gate stalls are waiting, not work
    if blocked:
        t.finish()  # raises DeadlockError naming the waiting instruction (nothing else runs on this tile)
        raise DeadlockError("unreachable")  # pragma: no cover


# ---- MOP templates (ckernel_template.h) -------------------------------------------------------------------------
class ckernel_template:  # noqa: N801
    """MOP template 1: LOOP_OUTER { start_op; LOOP_INNER { loop_op0; loop_op1 }; end_op0; end_op1 } with
    loop0_last / loop1_last replacing the last inner / very last instruction; program() writes mop_cfg[0..8]
    (0xFFB80000), run() pushes MOP(1, 0, 0)."""

    def __init__(self, outer_loop_len, inner_loop_len, loop_op0, loop_op1=None):
        nop = TT_OP_NOP  # noqa: F821
        self.outer, self.inner = outer_loop_len, inner_loop_len
        self.loop_op0, self.loop_op1 = loop_op0, nop if loop_op1 is None else loop_op1
        self.start_op0 = self.end_op0 = self.end_op1 = nop
        last = loop_op0 if loop_op1 is None else loop_op1
        self.loop0_last = self.loop1_last = last

    def set_loop_op0(self, op):
        self.loop_op0 = op

    def set_loop_op1(self, op):
        self.loop_op1 = op

    def set_last_inner_loop_instr(self, op):
        self.loop1_last = op

    def set_last_outer_loop_instr(self, op):
        self.loop0_last = op

    def set_start_op(self, op):
        self.start_op0 = op

    def set_end_op(self, op):
        self.end_op0 = op

    def set_end_ops(self, op0, op1):
        self.end_op0, self.end_op1 = op0, op1

    def program(self):
        cfg = (self.outer, self.inner, self.start_op0, self.end_op0, self.end_op1, self.loop_op0, self.loop_op1,
               self.loop0_last, self.loop1_last)
        for i, v in enumerate(cfg):
            mmio_write(0xFFB80000 + 4 * i, v)

    @staticmethod
    def run():
        TTI_MOP(1, 0, 0)  # noqa: F821


class ckernel_unpack_template:  # noqa: N801
    """MOP template 0 (ckernel_template.h): program() writes the nine mop_cfg words; run(count, zmask) pushes
    MOP_CFG(zmask >> 16) and MOP(0, count - 1, zmask & 0xFFFF)."""

    def __init__(self, unpackB, unpackHalo, A0, A1, A2, A3, skipA, B, skipB):  # noqa: N803 - tt-llk's names
        self.cfg = [0, (1 if unpackB else 0) | (2 if unpackHalo else 0), B, A0, A1, A2, A3, skipA, skipB]

    def program(self):
        for i, v in enumerate(self.cfg):
            mmio_write(0xFFB80000 + 4 * i, v)

    @staticmethod
    def run(count, zmask):
        TTI_MOP_CFG(zmask >> 16)  # noqa: F821
        TTI_MOP(0, count - 1, zmask & 0xFFFF)  # noqa: F821


__all__ += ["ckernel_template", "ckernel_unpack_template"]


# ---- semaphores and mutexes (ckernel.h) -------------------------------------------------------------------------
def t6_semaphore_post(index, wait_res=p_stall.NONE):
    """ckernel.h t6_semaphore_post<WaitRes>: STALLWAIT(STALL_SYNC, WaitRes) if WaitRes, then SEMPOST."""
    if wait_res != p_stall.NONE:
        TTI_STALLWAIT(p_stall.STALL_SYNC, wait_res)  # noqa: F821
    TTI_SEMPOST(semaphore.t6_sem(index))  # noqa: F821


def t6_semaphore_get(index, wait_res=p_stall.NONE):
    if wait_res != p_stall.NONE:
        TTI_STALLWAIT(p_stall.STALL_SYNC, wait_res)  # noqa: F821
    TTI_SEMGET(semaphore.t6_sem(index))  # noqa: F821


def t6_semaphore_wait_on_max(index, wait_res):
    """ckernel.h t6_semaphore_wait_on_max<WaitRes>: SEMWAIT(WaitRes, t6_sem(index), STALL_ON_MAX)."""
    TTI_SEMWAIT(wait_res, semaphore.t6_sem(index), p_stall.STALL_ON_MAX)  # noqa: F821


def t6_semaphore_wait_on_zero(index, wait_res):
    TTI_SEMWAIT(wait_res, semaphore.t6_sem(index), p_stall.STALL_ON_ZERO)  # noqa: F821


def t6_semaphore_init(index, min_value, max_value):
    TTI_SEMINIT(max_value, min_value, semaphore.t6_sem(index))  # noqa: F821


def t6_mutex_acquire(index):
    TTI_ATGETM(index)  # noqa: F821


def t6_mutex_release(index):
    TTI_ATRELM(index)  # noqa: F821


def semaphore_read(index):
    """The semaphore's value as the RISC-V reads it (0xFFE80020 + 4 * index)."""
    return mmio_read(0xFFE80020 + 4 * index)


def semaphore_post(index):
    """ckernel.h semaphore_post: a store of 0 to the semaphore's RISC-V address (SEMPOST); tt-llk asserts the
    value is below 15 first, and so does this."""
    if semaphore_read(index) >= semaphore.SEMAPHORE_MAX_VALUE:
        from tensix.device.errors import KernelError
        raise KernelError(f"semaphore_post({index}): the semaphore is at 15 already; tt-llk's LLK_ASSERT refuses "
                          "this (ckernel.h), the hardware would drop the post. Fix: get before posting again.")
    mmio_write(0xFFE80020 + 4 * index, 0)


def semaphore_get(index):
    """ckernel.h semaphore_get: a store of 1 (SEMGET); tt-llk asserts the value is above 0."""
    if semaphore_read(index) == 0:
        from tensix.device.errors import KernelError
        raise KernelError(f"semaphore_get({index}): the semaphore is at 0; tt-llk's LLK_ASSERT refuses this "
                          "(ckernel.h). Fix: post before getting.")
    mmio_write(0xFFE80020 + 4 * index, 1)


# ---- RISC-V memory-mapped access ---------------------------------------------------------------------------------
def mmio_write(addr, value):
    """A 32-bit store by this TRISC (tensix.tile.Tile.mmio_write's map: L1, which is the core's L1, mop_cfg, GPRs,
    semaphores, Config, the instruction push address). A store into L1 does not wake another thread waiting on that
    address (noc_semaphore_wait): such a wait ends in DeadlockError, never in a wrong value."""
    if 0xFFE40000 <= int(addr) < 0xFFE40000 + 0x10000:
        _push(int(value))  # INSTRN_BUF_BASE: the store pushes an instruction
        return
    t = tile()
    t.mmio_write(f"T{_trisc()}", addr, value)
    if t.run():  # a semaphore change may release a latched wait; what stays blocked waits forever
        t.finish()


def mmio_read(addr):
    """A 32-bit load by this TRISC (the map of mmio_write; L1 is the core's L1)."""
    return tile().mmio_read(f"T{_trisc()}", addr)


__all__ += ["t6_semaphore_post", "t6_semaphore_get", "t6_semaphore_wait_on_max", "t6_semaphore_wait_on_zero",
            "t6_semaphore_init", "t6_mutex_acquire", "t6_mutex_release", "semaphore_read", "semaphore_post",
            "semaphore_get", "mmio_write", "mmio_read"]


# ---- the compute API's SFPU ops on a core that also uses this layer ---------------------------------------------
# tt-llk's unary SFPU LLK around the SFPU code (tt-metal 622c6fb9): _llk_math_eltwise_unary_sfpu_init_
# (llk_math_eltwise_unary_sfpu.h: _init_sfpu_config_reg, ADDR_MOD_7 = 0 by addr_mod_t::set, reset_counters(SET_ABD_F)),
# _llk_math_eltwise_sfpu_start_ (llk_math_eltwise_sfpu_common.h: set_dst_write_addr, set_addr_mod_base,
# STALLWAIT(STALL_SFPU, MATH)) and _llk_math_eltwise_sfpu_done_ (clear_dst_reg_addr, STALLWAIT(STALL_CFG, WAIT_SFPU),
# clear_addr_mod_base). On a core whose kernel uses the ckernel layer, the compute API's SFPU ops push these words
# into its tile, so the tile's ThreadConfig and RWCs are what tt-llk leaves; the SFPU code itself runs batched
# (its words expanded once, tensix.tile.vector.program_of_words) and must find the ADDR_MOD slots it uses as the
# init programs them.
def _llk_init_words():
    return [TT_OP_SFPCONFIG(0, 0xF, 1),  # noqa: F821
            TT_OP_SETC16(_TCF["ADDR_MOD_AB_SEC7_SrcAIncr"][0], 0),  # noqa: F821
            TT_OP_SETC16(_TCF["ADDR_MOD_DST_SEC7_DestIncr"][0], 0),  # noqa: F821
            TT_OP_SETC16(_TCF["ADDR_MOD_BIAS_SEC7_BiasIncr"][0], 0),  # noqa: F821
            TT_OP_SETRWC(p_setrwc.CLR_NONE, 0, 0, 0, 0, p_setrwc.SET_ABD_F)]  # noqa: F821


def _api_push(th, cs, words):
    from tensix.kernel.compute import _settle_sfpu
    if (cs.sfpu_pending or cs.mm_pending) and any(_isa.UNIT[_isa.name_of(w)] == "vector" for w in words):
        _settle_sfpu(th)  # a Vector Unit word acts on the SFPU state the queued calls use
    t = cs.__dict__["tile"]
    # tt-llk's start / done words of a compute API op, at the math thread's time; their cycles are part of the
    # op's own figure (ProgramInfo.cycles), so the TRISC's clock is not moved here
    t.advance_to(1, th.clocks[1])
    t.push(1, words)
    if t.run():
        t.finish()


def api_sfpu_charge(th, cs, thread, start, info):
    """The batched SFPU program of a compute API op, issued by TRISC `thread` from cycle `start`: the tile's
    Vector Unit is busy for its SFPU cycles (tile.profile() and the device profiler's tile units show it)."""
    if "tile" in cs.__dict__:
        cs.__dict__["tile"].charge("vector", start, info.sfpu_cycles, info.sfpu_instructions)


def api_sfpu_init(th, cs):
    """An SFPU op's init from the compute API, on a core with a ckernel tile: tt-llk's init words."""
    if "tile" in cs.__dict__:
        _api_push(th, cs, _llk_init_words())


def api_sfpu_op(th, cs, half, dst_tile_index, compiled):
    """An SFPU op from the compute API, on a core with a ckernel tile: the start words, the check that the ADDR_MOD
    slots the op's SFPLOAD / SFPSTORE select leave the RWCs alone (what the batched program assumes), the done
    words."""
    if "tile" not in cs.__dict__:
        return
    from tensix.errors import NotModelledError
    t = cs.__dict__["tile"]
    row = (half * cs.capacity + dst_tile_index) << 6
    _api_push(th, cs, [TT_OP_SETC16(_TCF["DEST_TARGET_REG_CFG_MATH_Offset"][0], row),  # noqa: F821
                       TT_OP_SETC16(_TCF["ADDR_MOD_SET_Base"][0], 1),  # noqa: F821
                       TT_OP_STALLWAIT(p_stall.STALL_SFPU, p_stall.MATH)])  # noqa: F821
    tc = t.thread_config(1)
    for slot in sorted({i["AddrMod"] + 4 for i in compiled.instrs if i.op in ("SFPLOAD", "SFPSTORE")}):
        words = [int(tc[_TCF[f"ADDR_MOD_{sec}_SEC{slot}_{f}"][0]]) for sec, f in
                 (("AB", "SrcAIncr"), ("DST", "DestIncr"), ("BIAS", "BiasIncr"))]
        if any(words):
            raise NotModelledError(
                f"SFPU op on core {th.core.logical} at {th.source_line_now()}: its SFPLOAD / SFPSTORE select "
                f"ADDR_MOD_{slot}, which this kernel programmed to (AB 0x{words[0]:04X}, DST 0x{words[1]:04X}, "
                f"BIAS 0x{words[2]:02X}) through the ckernel layer; the compute API's SFPU ops run batched and "
                "model ADDR_MOD slots that leave the RWCs alone, as the op's init programs them. Fix: call the op's "
                "*_tile_init() after programming ADDR_MOD, or issue the op's words yourself with TTI_.")
    _api_push(th, cs, [TT_OP_SETRWC(p_setrwc.CLR_NONE, 0, 0, 0, 0, p_setrwc.SET_D),  # noqa: F821
                       TT_OP_STALLWAIT(p_stall.STALL_CFG, p_stall.WAIT_SFPU),  # noqa: F821
                       TT_OP_SETC16(_TCF["ADDR_MOD_SET_Base"][0], 0)])  # noqa: F821
