"""The tile's Vector Unit (SFPU) at instruction level, and the RWCs that address Dst.

Every SFPU instruction word (TT_OP_SFP*) executes on tensix.sfpu's bit-exact interpreter against the tile's Dst
and one SFPU state (LRegs, lane flags, flag stack, LaneConfig, PRNG): the same code computes the numbers that
tensix.sfpi computes, so the tile and the SFPI layer agree bit for bit by construction.

What the tile adds is the addressing, as tt-isa-documentation 39304719 WormholeB0/TensixTile/TensixCoprocessor
defines it:
- RWCs.md: per thread `Dst, Dst_Cr` (10 bits), `SrcA, SrcA_Cr, SrcB, SrcB_Cr` (6 bits), `FidelityPhase`
  (2 bits), `ExtraAddrModBit`; `ApplyAddrMod` picks ADDR_MOD slot `AddrMod + 4 * (ExtraAddrModBit |
  ADDR_MOD_SET_Base)` from the thread's ThreadConfig (ADDR_MOD_AB_SEC / _DST_SEC / _BIAS_SEC, what SETC16
  writes and tt-llk's ckernel_addrmod.h addr_mod_t::set programs) and applies it; SFPLOAD / SFPSTORE apply
  the partial form (no FidelityPhase).
- SFPLOAD.md / SFPSTORE.md: `Addr = Imm10 + ThreadConfig.DEST_TARGET_REG_CFG_MATH_Offset + RWC.Dst +
  Config.DEST_REGW_BASE_Base` as a uint10_t (it wraps), `& 3` of the last two for MOD0_FMT_INT32_ALL;
  MOD0_FMT_SRCB resolved from Config[CFG_STATE_ID] (ALU_ACC_CTRL_SFPU_Fp32_enabled, ALU_FORMAT_SPEC_REG_SrcB
  override / val, ALU_FORMAT_SPEC_REG1_SrcB).
- SETRWC.md / INCRWC.md (Matrix Unit instructions that only move RWCs): executed here; SETRWC's FlipSrcA /
  FlipSrcB hand Src banks to the unpackers, which tensix.tile does not model (NotModelledError).

Instruction words map to tensix.sfpu instructions through the ISA pages' encoding diagrams (isa.isa_fields),
whose field names are the ones tensix.sfpu.isa uses: `to_instr(word)` and its inverse `to_word(instr)`.

SFPLOADMACRO, SFPCONFIG of LoadMacroConfig, SFPMOV from it and backdoor template writes run through
tensix.sfpu.loadmacro's Engine on the tile's own clock: a word's cycle is the one tensix.tile.timing gives it
(its thread's clock, the Vector Unit one instruction per cycle over all threads, SFPSWAP's stall), the cycles in
between pass with nothing issued, and words of every thread count as issued instructions. While scheduled
instructions are outstanding, a word whose cycle is earlier than one already passed (threads interleaved out of
time order) raises NotModelledError. Scheduled instructions do not occupy the issue slot, so they add no cycles;
the profile counts them as Vector Unit instructions. Scheduled instructions still due when the threads stop wait
for the next Vector Unit word, or for `tile.vector.settle()` (time passing with nothing issued).

Decisions: what the tensix.sfpu interpreter reports as undefined behaviour (flag stack over / underflow, SFPSHFT2's SHFLSHR1 bug
read) raises UndefinedBehaviourError naming the word and thread. Data formats in Dst follow tensix.sfpu.dst:
`tile.dst` holds logical values (the hardware's field shuffles undone).
"""

import numpy as np

from tensix.errors import NotModelledError, SfpuError, UndefinedBehaviourError
from tensix.sfpu import isa as sisa
from tensix.sfpu.dst import new_dst
from tensix.sfpu.execute import ERR_SHFL_BUG, ERR_STACK_EMPTY, ERR_STACK_FULL, run_prepared
from tensix.sfpu.loadmacro import Engine, _special
from tensix.sfpu.state import SfpuState
from tensix.sfpu.words import to_instr, to_word, word_text, words_of  # noqa: F401 (the SFP* word codec, here too)
from tensix.tile import isa
from tensix.tile._tables import CONFIG_FIELDS, THREAD_CONFIG_FIELDS

_DOC = "tt-isa-documentation 39304719 WormholeB0/TensixTile/TensixCoprocessor"

# RWC fields, one row per thread (RWCs.md)
DST, DST_CR, SRCA, SRCA_CR, SRCB, SRCB_CR, FIDELITY, EXTRA = range(8)
RWC_NAMES = ("Dst", "Dst_Cr", "SrcA", "SrcA_Cr", "SrcB", "SrcB_Cr", "FidelityPhase", "ExtraAddrModBit")

# ThreadConfig / Config word indices, from cfg_defines.h (tt-metal 622c6fb9) through tensix.tile._tables
_TC_OFFSET = THREAD_CONFIG_FIELDS["DEST_TARGET_REG_CFG_MATH_Offset"]
_TC_SET_BASE = THREAD_CONFIG_FIELDS["ADDR_MOD_SET_Base"]
_TC_AB = [THREAD_CONFIG_FIELDS[f"ADDR_MOD_AB_SEC{i}_SrcAIncr"][0] for i in range(8)]
_TC_DST = [THREAD_CONFIG_FIELDS[f"ADDR_MOD_DST_SEC{i}_DestIncr"][0] for i in range(8)]
_TC_BIAS = [THREAD_CONFIG_FIELDS[f"ADDR_MOD_BIAS_SEC{i}_BiasIncr"][0] for i in range(8)]
_CF_REGW_BASE = CONFIG_FIELDS["DEST_REGW_BASE_Base"]
_CF_SFPU_FP32 = CONFIG_FIELDS["ALU_ACC_CTRL_SFPU_Fp32_enabled"]
_CF_SRCB_OVR = CONFIG_FIELDS["ALU_FORMAT_SPEC_REG_SrcB_override"]
_CF_SRCB_VAL = CONFIG_FIELDS["ALU_FORMAT_SPEC_REG_SrcB_val"]
_CF_SRCB = CONFIG_FIELDS["ALU_FORMAT_SPEC_REG1_SrcB"]
assert _TC_DST[0] == 23 and _TC_AB[1] == 9 and _TC_BIAS[0] == 48  # the layout the code below was checked on

# The 4-bit SrcB format codes (DataFormat in tt-metal 622c6fb9 wormhole_b0_defines/tensix_types.h: Float32 0,
# Tf32 4, Float16_b 5, Bfp8_b 6, Bfp4_b 7, Int32 8, Bfp2_b 15 | Float16 1, Bfp8 2, Bfp4 3, Lf8 10, Bfp2 11,
# Int8 14) sorted into SFPLOAD.md's two families. Codes 9 (UInt16: the ISA's INT16 or not?), 12 and 13 are not
# named by both sources alike, so MOD0_FMT_SRCB with them raises NotModelledError.
_SRCB_BF16_CODES = frozenset({0, 4, 5, 6, 7, 8, 15})
_SRCB_FP16_CODES = frozenset({1, 2, 3, 10, 11, 14})

_LDST = (isa.OPCODE["SFPLOAD"], isa.OPCODE["SFPSTORE"])
_SETRWC, _INCRWC = isa.OPCODE["SETRWC"], isa.OPCODE["INCRWC"]
_LOADMACRO = isa.OPCODE["SFPLOADMACRO"]


# The MAD sub-unit's instructions have two cycles of latency (VectorUnit.md); SFPMAD.md: "software must ensure that
# on the next cycle, the Vector Unit does not execute an instruction which reads from any location written to by
# the SFPMAD". Which LRegs an instruction reads, from each page's functional model, for the instructions tensix
# checks (others are not checked: a missed hazard, never a false one).
MAD_FAMILY = frozenset({"SFPMAD", "SFPADD", "SFPMUL", "SFPADDI", "SFPMULI", "SFPLUT", "SFPLUTFP32"})


def lregs_read(ins):
    """The LRegs `ins` reads (a subset where the page is intricate), or an empty set."""
    op, g = ins.op, ins.get
    if op in ("SFPMAD", "SFPADD", "SFPMUL"):
        return {g("VA"), g("VB"), g("VC")} | ({7} if g("Mod1") & 12 else set())
    if op in ("SFPADDI", "SFPMULI", "SFPSTORE", "SFPAND", "SFPOR", "SFPXOR"):
        return {g("VD")} | ({g("VC")} if op in ("SFPAND", "SFPOR", "SFPXOR") else set())
    if op in ("SFPMOV", "SFPSETCC", "SFPEXEXP", "SFPEXMAN", "SFPABS", "SFPLZ", "SFPNOT", "SFPCAST", "SFPDIVP2"):
        return {g("VC")} if not (op == "SFPMOV" and g("Mod1") & 8) else set()
    if op == "SFPIADD":
        return {g("VC")} | (set() if g("Mod1") & 1 else {g("VD")})
    if op in ("SFPSETEXP", "SFPSETMAN", "SFPSETSGN"):
        return {g("VC")} | (set() if g("Mod1") & 1 else {g("VD")})
    if op == "SFPSWAP":
        return {g("VC"), g("VD")}
    if op == "SFPSHFT":  # VB = VD; the amount from VC unless SFPSHFT_MOD1_ARG_IMM
        return (({g("VD")} | (set() if g("Mod1") & 1 else {g("VC")})) if g("VD") < 8 or g("VD") == 16 else set())
    if op == "SFPSTOCHRND":  # all three forms read VC (the IntInt form's VB amount is not counted)
        return {g("VC")}
    # below: with VD >= 12 these are backdoor template writes by default (SFPCONFIG.md's LaneConfig), reading nothing
    if g("VD") is not None and g("VD") >= 12:
        return set()
    if op == "SFPSHFT2":
        mode = g("Mod1")
        return ({1, 2, 3}, {0, 1, 2, 3}, {1, 2, 3, g("VC")}, {g("VC")}, {g("VC")}, {g("VB"), g("VC")},
                {g("Imm12") & 15})[mode] if mode <= 6 else set()
    if op == "SFPTRANSP":
        return set(range(8))
    if op in ("SFPLUT", "SFPLUTFP32"):  # L3 always; which of L0-L2 (L4-L6) is read depends on the data
        indirect = (g("Mod0") if op == "SFPLUT" else g("Mod1")) & 8
        return {3} | ({7} if indirect and g("VD") != 16 else set())
    return set()


class VectorUnit:
    """The tile's SFPU state, Dst and the three threads' RWCs, and the handlers that execute Vector Unit words
    (and SETRWC / INCRWC) as they pass a thread's Wait Gate."""

    def __init__(self, tile):
        self.tile = tile
        self.state = SfpuState(1)
        self.dsts = new_dst(1)
        self.rwc = np.zeros((3, 8), np.int64)
        self._cache = {}  # word -> (program row, Instr, is load/store)
        self._zero = np.zeros(1, np.int64)
        self._noinput = np.zeros((1, 0), np.uint32)
        self.counts = np.zeros(sisa.NUM_OPCODES, np.int64)
        self.mad = None  # (thread, its place in the timing log, LReg written) of the last MAD-family instruction
        self._word = [0]
        self.engine = Engine(self.state, self.dsts, self._zero, self._zero, self._zero, self._noinput,
                             self._run_rows, words=self._word)

    # ---- decoding, once per distinct word ------------------------------------------------------------------
    def _decoded(self, thread, w):
        hit = self._cache.get(w)
        if hit is None:
            ins = to_instr(w, thread)
            try:
                prog = sisa.encode([ins])
            except NotModelledError as e:
                raise NotModelledError(f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}): {e}") from None
            writes = ins["VD"] if ins.op in MAD_FAMILY and ins.op != "SFPLUT" and ins["VD"] < 8 and not (
                ins.op in ("SFPMAD", "SFPADD", "SFPMUL") and ins["Mod1"] & 8) else (
                ins["VD"] if ins.op == "SFPLUT" and ins["VD"] < 8 and not ins["Mod0"] & 8 else None)
            ldst = w >> 24 in _LDST or w >> 24 == _LOADMACRO
            hit = self._cache[w] = (prog, ins, ldst, frozenset(lregs_read(ins)), writes, _special(prog[0]))
            if len(self._cache) > 65536:
                self._cache.clear()
        return hit

    # ---- the handlers ------------------------------------------------------------------------------------
    def execute(self, thread, w):
        """An SFP* word passing thread `thread`'s Wait Gate."""
        prog, ins, ldst, reads, writes, special = self._decoded(thread, w)
        mad = self.mad
        clocks = self.tile.clocks
        if mad is not None:
            self.mad = None
            # the instruction right after the MAD on the tile (nothing passed in between, this one did not wait)
            if mad[0] == thread and mad[1] + 1 == len(clocks.log) and mad[2] in reads and not clocks.blocked[thread]:
                raise UndefinedBehaviourError(
                    f"T{thread}: 0x{w:08X} ({isa.disassemble(w, names='isa')}) reads LReg{mad[2]} on the cycle "
                    f"after the MAD-family instruction that writes it ({_DOC}/SFPMAD.md: the result takes two "
                    "cycles; VectorUnit.md). Fix: put an SFPNOP (or another instruction) in between.")
        if writes is not None:
            self.mad = (thread, len(clocks.log), writes)
        if ldst:
            prog = prog.copy()
            imm10 = int(prog[0, sisa.C_IMM])  # SFPLOADMACRO's Imm10 is Imm9 << 1 | VDHi (isa._row)
            prog[0, sisa.C_IMM] = self._address(thread, imm10, ins["Mod0"] == sisa.MOD0_FMT_INT32_ALL)
            prog[0, sisa.C_X] = 0  # the AddrMod is applied below, in full (RWCs.md), not by the interpreter
            if ins["Mod0"] == sisa.MOD0_FMT_SRCB:
                self._resolve_srcb(thread)
        st = self.state
        st.rwc[0, 0] = 0
        st.addr_mod_dst_incr[0, 0] = 0
        executed = True
        try:
            if special or self.engine.pending:
                eng = self.engine
                eng.st, eng.dsts = st, self.dsts  # tensix.kernel.ckernel rebinds the state to its core's
                now = self._vector_cycle(thread, w)
                if eng.pending and now < eng.cycle:
                    raise NotModelledError(
                        f"T{thread}: 0x{w:08X} ({isa.disassemble(w)}) reaches the Vector Unit at cycle {now}, before "
                        f"cycle {eng.cycle} which already passed, while instructions scheduled by SFPLOADMACRO are "
                        f"outstanding ({_DOC}/SFPLOADMACRO.md); tensix runs threads in turns and cannot reorder them. "
                        "Fix: issue the SFPLOADMACRO stream from one thread, or let it drain first (SFPNOPs).")
                self._word[0] = w
                before = eng.counts.copy()
                eng.issue(prog[0], 0, cycle=now)
                executed = not eng.discarded
                self.counts += eng.counts - before
            else:
                self.counts += run_prepared(prog, st, self.dsts, self._zero, self._zero, self._zero, self._noinput)
        except SfpuError as e:
            self._raise(thread, w, e)
        if ldst and executed:
            self.apply_addr_mod(thread, ins["AddrMod"], fidelity=False)
        return True

    def _run_rows(self, prog, instrs, base=None):
        return run_prepared(np.ascontiguousarray(prog), self.state, self.dsts, self._zero, self._zero,
                            self._zero if base is None else np.asarray(base, np.int64), self._noinput)

    def _vector_cycle(self, thread, w):
        """The cycle on which word `w` of `thread`, passing its Wait Gate now, enters the Vector Unit: what
        tensix.tile.timing's accounting gives it (its thread's clock or the change that released its wait, a MOP
        transition, the unit one instruction per cycle, SFPSWAP's stall before anything but SFPNOP)."""
        return self.tile.clocks.entry_cycle(thread, w)

    def settle(self):
        """Let time pass with nothing issued to the Vector Unit: scheduled instructions that need no further
        issue (delay counted in cycles, or due) execute."""
        try:
            self.engine.settle()
        except SfpuError as e:
            raise type(e)(f"Vector Unit settling: {e}") from None

    def setrwc(self, thread, w):
        """SETRWC.md's functional model (the RWCs of `thread`)."""
        f = to_instr(w, thread)
        if f["FlipSrcA"] or f["FlipSrcB"]:
            raise NotModelledError(
                f"T{thread}: 0x{w:08X} ({isa.disassemble(w, names='isa')}): SETRWC's FlipSrcA / FlipSrcB hand a "
                f"Src bank back to the unpackers, which tensix.tile does not model ({_DOC}/SETRWC.md). Fix: clear "
                "the flip bits (clear_ab_vld) on the instruction-level tile.")
        r = self.rwc[thread]
        if f["SrcA"]:
            v = (f["SrcAVal"] + (r[SRCA_CR] if f["SrcACr"] else 0)) & 0x3F
            r[SRCA] = r[SRCA_CR] = v
        if f["SrcB"]:
            v = (f["SrcBVal"] + (r[SRCB_CR] if f["SrcBCr"] else 0)) & 0x3F
            r[SRCB] = r[SRCB_CR] = v
        if f["Dst"] or f["DstCtoCr"]:
            v = f["DstVal"]
            if f["DstCtoCr"]:
                v += r[DST]
            elif f["DstCr"]:
                v += r[DST_CR]
            r[DST] = r[DST_CR] = v & 0x3FF
        if f["Fidelity"]:
            r[FIDELITY] = 0
        self.counts[sisa.OP_SETRWC] += 1
        return True

    def incrwc(self, thread, w):
        """INCRWC.md's functional model."""
        f = to_instr(w, thread)
        r = self.rwc[thread]
        for cr_bit, inc, val, cr, width in (("SrcACr", "SrcAInc", SRCA, SRCA_CR, 0x3F),
                                            ("SrcBCr", "SrcBInc", SRCB, SRCB_CR, 0x3F),
                                            ("DstCr", "DstInc", DST, DST_CR, 0x3FF)):
            if f[cr_bit]:
                r[cr] = (r[cr] + f[inc]) & width
                r[val] = r[cr]
            else:
                r[val] = (r[val] + f[inc]) & width
        self.counts[sisa.OP_INCRWC] += 1
        return True

    # ---- addressing (RWCs.md, SFPLOAD.md) -----------------------------------------------------------------
    def _address(self, thread, imm10, int32_all):
        tc = self.tile._thread_config[thread]
        cfg = self.tile._config[int(tc[0]) & 1]
        a, s, m = _TC_OFFSET
        offset = (int(tc[a]) & m) >> s
        a, s, m = _CF_REGW_BASE
        base = (int(cfg[a]) & m) >> s
        dst = int(self.rwc[thread, DST])
        if int32_all:
            return (imm10 + offset + ((dst + base) & 3)) & 0x3FF
        return (imm10 + offset + dst + base) & 0x3FF

    def _resolve_srcb(self, thread):
        tc = self.tile._thread_config[thread]
        cfg = self.tile._config[int(tc[0]) & 1]

        def get(spec):
            a, s, m = spec
            return (int(cfg[a]) & m) >> s

        self.state.sfpu_fp32[0] = get(_CF_SFPU_FP32)
        if self.state.sfpu_fp32[0]:
            return
        fmt = get(_CF_SRCB_VAL) if get(_CF_SRCB_OVR) else get(_CF_SRCB)
        if fmt not in _SRCB_BF16_CODES and fmt not in _SRCB_FP16_CODES:
            raise NotModelledError(
                f"T{thread}: MOD0_FMT_SRCB with SrcB format code {fmt}: which of SFPLOAD.md's families (BF16 or "
                "FP16) that code belongs to is not settled by the sources tensix follows (tensix_types.h names "
                "9 UInt16, 12 and 13 nothing). Fix: give the format in Mod0 (MOD0_FMT_BF16 / FP16 / FP32).")
        self.state.srcb_bf16[0] = fmt in _SRCB_BF16_CODES

    def apply_addr_mod(self, thread, addr_mod, fidelity=True):
        """RWCs.md's ApplyAddrMod (fidelity=False: ApplyPartialAddrMod) for `thread`."""
        tc = self.tile._thread_config[thread]
        r = self.rwc[thread]
        index = addr_mod + (4 if (r[EXTRA] or (int(tc[_TC_SET_BASE[0]]) & 1)) else 0)
        ab = int(tc[_TC_AB[index]])
        dst = int(tc[_TC_DST[index]])
        bias = int(tc[_TC_BIAS[index]])
        for shift, val, cr in ((0, SRCA, SRCA_CR), (8, SRCB, SRCB_CR)):
            incr, use_cr, clear = (ab >> shift) & 0x3F, (ab >> (shift + 6)) & 1, (ab >> (shift + 7)) & 1
            if clear:
                r[val] = r[cr] = 0
            elif use_cr:
                r[cr] = (r[cr] + incr) & 0x3F
                r[val] = r[cr]
            else:
                r[val] = (r[val] + incr) & 0x3F
        incr = dst & 0x3FF
        if dst & 0x800:  # DestClear
            r[DST] = r[DST_CR] = 0
        elif dst & 0x1000:  # DestCToCR
            r[DST] = (r[DST] + incr) & 0x3FF
            r[DST_CR] = r[DST]
        elif dst & 0x400:  # DestCR
            r[DST_CR] = (r[DST_CR] + incr) & 0x3FF
            r[DST] = r[DST_CR]
        else:
            r[DST] = (r[DST] + incr) & 0x3FF
        if fidelity:
            r[FIDELITY] = 0 if dst & 0x8000 else (r[FIDELITY] + ((dst >> 13) & 3)) & 3
        if bias & 0x10:
            r[EXTRA] = 0
        elif bias & 3:
            r[EXTRA] = (r[EXTRA] + 1) & 1

    def _raise(self, thread, w, e):
        code = None
        for c, key in ((ERR_STACK_FULL, "full flag stack"), (ERR_STACK_EMPTY, "empty flag stack"),
                       (ERR_SHFL_BUG, "SHFLSHR1")):
            if key in str(e):
                code = c
        msg = f"T{thread}: 0x{w:08X} ({isa.disassemble(w, names='isa')}): {e}"
        if code is not None:
            raise UndefinedBehaviourError(msg) from None
        raise SfpuError(msg) from None


# ThreadConfig words as tt-llk's unary SFPU op leaves them while its SFPU code runs
# (llk_math_eltwise_unary_sfpu.h _llk_math_eltwise_unary_sfpu_init_: ADDR_MOD_7 all zero by addr_mod_t::set;
# llk_math_eltwise_sfpu_common.h _llk_math_eltwise_sfpu_start_: set_addr_mod_base, ADDR_MOD_SET_Base = 1)
LLK_SFPU_THREAD_CONFIG = {_TC_SET_BASE[0]: 1, _TC_AB[7]: 0, _TC_DST[7]: 0, _TC_BIAS[7]: 0}


def program_of_words(words, inputs=None, thread_config=None):
    """A word stream the SFPU receives (SFP*, SETRWC, INCRWC words), expanded once into the tensix.sfpu program
    that executes it batched: (program, Instrs). `inputs[i]` is the runtime input slot of word i (-1: none).
    SFPLOAD / SFPSTORE's AddrMod is resolved through `thread_config` ({word: value}, default
    LLK_SFPU_THREAD_CONFIG) into the interpreter's per-slot Dst increment; an ADDR_MOD that clears, uses the
    carry register, counts the bias or moves Src / Fidelity, which a batched program cannot express, raises
    NotModelledError (run such streams on a tensix.tile.Tile)."""
    from dataclasses import replace
    tc = LLK_SFPU_THREAD_CONFIG if thread_config is None else thread_config
    instrs = []
    for i, w in enumerate(words):
        ins = to_instr(w)
        if inputs is not None and inputs[i] >= 0:
            ins = replace(ins, input=int(inputs[i]))
        if ins.op in ("SFPLOAD", "SFPSTORE"):
            index = ins["AddrMod"] + (4 if tc.get(_TC_SET_BASE[0], 0) & 1 else 0)
            dst, ab, bias = tc.get(_TC_DST[index], 0), tc.get(_TC_AB[index], 0), tc.get(_TC_BIAS[index], 0)
            if dst & ~0x3FF or ab or bias or dst & 0x3FF:
                raise NotModelledError(
                    f"0x{w:08X} ({isa.disassemble(w)}) uses ADDR_MOD_{index} = (AB 0x{ab:04X}, DST 0x{dst:04X}, "
                    f"BIAS 0x{bias:02X}): a batched SFPU program models ADDR_MOD slots that leave the RWCs alone "
                    "(the SFPU LLKs' ADDR_MOD_7). Fix: run the words on a tensix.tile.Tile.")
        instrs.append(ins)
    return sisa.encode(instrs), instrs
