"""The interpreter's all-lanes fast paths (32-bit SFPLOAD/SFPSTORE, SFPLOADI, SFPMOV, direct SFPMAD/ADD/MUL)
against an independent numpy model of those instructions (SFPLOAD.md, SFPSTORE.md, SFPLOADI.md, SFPMOV.md,
Dst.md lane mapping) and against the interpreter's general per-lane path.

The general path is forced with LaneConfig ENABLE_DEST_INDEX alone: without CAPTURE_DEFAULT_DEST_INDEX it
changes nothing these instructions do (it matters to SFPSWAP's argmin/argmax only), but it makes the
LaneConfig "not plain", so loads and stores go lane by lane."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from test_sfpu_helpers import EDGE_F32

from tensix.sfpu import SfpuState, isa, make, new_dst, run_instrs
from tensix.sfpu.fma_model import fma

L = np.arange(32)


def dst_cells(addr):
    """(Dst row of the high half, column) of each lane for a 32-bit access at Dst address addr; the low half
    is 8 rows further (Dst.md: 32-bit data in the 16-bit array; facts sheet section 2)."""
    row = (addr & ~3) + L // 8
    col = 2 * (L % 8) + (1 if addr & 2 else 0)
    return ((row & 0x1F8) << 1) | (row & 0x207), col


def reference(prog, lregs, dst):
    """numpy model of the subset: every lane enabled, LaneConfig plain, RWC 0, no AddrMod increment."""
    lregs = lregs.astype(np.uint32).copy()
    dst = dst.copy()
    for op, args in prog:
        if op == "LOAD":
            vd, addr = args
            a, c = dst_cells(addr)
            lregs[vd] = (dst[a, c].astype(np.uint32) << 16) | dst[a + 8, c]
        elif op == "STORE":
            vd, addr = args
            a, c = dst_cells(addr)
            dst[a, c] = lregs[vd] >> 16
            dst[a + 8, c] = lregs[vd] & 0xFFFF
        elif op == "LOADI":
            vd, mod, imm = args
            if mod == 0:
                v = imm << 16
            elif mod == 1:
                v = ((imm >> 15) << 31) | ((((imm >> 10) & 0x1F) + 112) << 23) | ((imm & 0x3FF) << 13)
            elif mod == 4:
                v = imm - 0x10000 if imm & 0x8000 else imm
            else:
                v = imm
            lregs[vd] = np.uint32(v & 0xFFFFFFFF)
        elif op == "MOV":
            vd, vc, neg = args
            lregs[vd] = lregs[vc] ^ np.uint32(0x80000000 if neg else 0)
        else:                                                    # MAD a * b + c
            vd, va, vb, vc = args
            lregs[vd] = fma(lregs[va], lregs[vb], lregs[vc])
    return lregs, dst


def encode(prog, load_fmt):
    out = []
    for op, args in prog:
        if op == "LOAD":
            out.append(make("SFPLOAD", VD=args[0], Mod0=load_fmt, Imm10=args[1]))
        elif op == "STORE":
            out.append(make("SFPSTORE", VD=args[0], Mod0=load_fmt, Imm10=args[1]))
        elif op == "LOADI":
            out.append(make("SFPLOADI", VD=args[0], Mod0=args[1], Imm16=args[2]))
        elif op == "MOV":
            out.append(make("SFPMOV", VD=args[0], VC=args[1], Mod1=1 if args[2] else 0))
        else:
            vd, va, vb, vc = args
            out.append(make("SFPMAD", VD=vd, VA=va, VB=vb, VC=vc))
    return out


addr = st.integers(0, 1023 - 3)
lreg = st.integers(0, 7)
readable = st.integers(0, 10)                  # LReg0-7 and the constants 8 (0.8373), 9 (0), 10 (1.0)
step = st.one_of(
    st.tuples(st.just("LOAD"), st.tuples(lreg, addr)),
    st.tuples(st.just("STORE"), st.tuples(lreg, addr)),
    st.tuples(st.just("LOADI"), st.tuples(lreg, st.sampled_from([0, 1, 2, 4]), st.integers(0, 0xFFFF))),
    st.tuples(st.just("MOV"), st.tuples(lreg, readable, st.booleans())),
    st.tuples(st.just("MAD"), st.tuples(lreg, readable, readable, readable)),
)
word = st.one_of(st.sampled_from([int(v) for v in EDGE_F32]), st.integers(0, 0xFFFFFFFF))


@settings(max_examples=60, deadline=None)
@given(prog=st.lists(step, min_size=1, max_size=40), words=st.lists(word, min_size=64, max_size=64),
       fmt=st.sampled_from([isa.MOD0_FMT_FP32, isa.MOD0_FMT_INT32, isa.MOD0_FMT_SRCB]), seed=st.integers(0, 2**16))
def test_fast_paths_match_reference_and_general_path(prog, words, fmt, seed):
    rng = np.random.default_rng(seed)
    dst0 = rng.integers(0, 1 << 16, (1024, 16)).astype(np.uint16)
    dst0[rng.integers(0, 1024, 64), rng.integers(0, 16, 64)] = np.asarray(words, np.uint32) >> 16
    regs0 = np.zeros((17, 32), np.uint32)
    regs0[:8] = rng.choice(np.asarray(words, np.uint32), (8, 32))
    results = []
    for lane_config in (0, isa.LANECFG_ENABLE_DEST_INDEX):
        state = SfpuState(1)
        state.sfpu_fp32[0] = 1                         # MOD0_FMT_SRCB resolves to FP32
        state.lregs[0, :8] = regs0[:8]
        state.lane_config[0] = lane_config
        dsts = new_dst(1)
        dsts[0] = dst0
        run_instrs(encode(prog, fmt), state, dsts)
        results.append((state.lregs[0, :8].copy(), dsts[0].copy()))
    base = SfpuState(1).lregs[0].copy()
    base[:8] = regs0[:8]
    want_regs, want_dst = reference(prog, base, dst0)
    for regs, dst in results:
        assert np.array_equal(regs, want_regs[:8])
        assert np.array_equal(dst, want_dst)


def test_disabled_lanes_take_the_general_path():
    """One disabled lane: loads, LOADI, MOV and MAD leave exactly that lane alone."""
    state = SfpuState(1)
    state.use_flags[0] = 1
    state.flags[0] = 1
    state.flags[0, 5] = 0
    state.lregs[0, :4] = 7
    dsts = new_dst(1)
    dsts[0] = 0x3F80
    run_instrs([make("SFPLOAD", VD=0, Mod0=isa.MOD0_FMT_FP32, Imm10=0),
                make("SFPLOADI", VD=1, Mod0=0, Imm16=0x4000),
                make("SFPMOV", VD=2, VC=1, Mod1=1),
                make("SFPMAD", VD=3, VA=1, VB=1, VC=0)], state, dsts)
    r = state.lregs[0]
    on = L != 5
    assert (r[:4, 5] == 7).all()
    assert (r[0, on] == 0x3F803F80).all()
    assert (r[1, on] == 0x40000000).all() and (r[2, on] == 0xC0000000).all()
    assert (r[3, on] == fma(np.uint32(0x40000000), np.uint32(0x40000000), np.uint32(0x3F803F80))).all()


def test_sfpmul_with_a_hand_set_lreg9_adds_it():
    """SFPMUL is SFPMAD with VC = LReg9, the constant 0; the interpreter's multiply path assumes it, so a state
    whose LReg9 was set by hand must take the general path and add it."""
    state = SfpuState(1)
    state.lregs[0, 0] = np.float32(3.0).view(np.uint32)
    state.lregs[0, 1] = np.float32(0.5).view(np.uint32)
    state.lregs[0, 9] = np.float32(1.0).view(np.uint32)
    run_instrs([make("SFPMUL", VD=2, VA=0, VB=1, VC=9)], state, new_dst(1))
    assert (state.lregs[0, 2] == np.float32(2.5).view(np.uint32)).all()
