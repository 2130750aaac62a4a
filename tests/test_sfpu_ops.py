"""Lanewise SFPU instructions against small numpy references written from the ISA pages (SFP*.md)."""

import numpy as np
import pytest
from test_sfpu_helpers import EDGE_F32, L, f2u, prng_ref, run1, u32

from tensix.sfpu import isa, make
from tensix.sfpu.fma_model import fma

rng = np.random.default_rng(11)
RAND = rng.integers(0, 2**32, 32, dtype=np.uint64).astype(np.int64)
EDGE = EDGE_F32.astype(np.int64)


def i32(x):
    x = np.asarray(x, dtype=np.int64) & 0xFFFFFFFF
    return np.where(x >= 2**31, x - 2**32, x)


def one(op, regs, out=2, **f):
    st, _ = run1([make(op, **f)], lregs=regs)
    return st.lregs[0, out].astype(np.int64), st


# ------------------------------------------------------------------------------------------ MAD unit


def test_sfpmad_add_mul_wiring():
    a, b, c = EDGE, RAND, np.roll(EDGE, 5)
    for op in ("SFPMAD", "SFPADD", "SFPMUL"):
        got, _ = one(op, {0: a, 1: b, 3: c}, out=4, VA=0, VB=1, VC=3, VD=4)
        assert np.array_equal(got, fma(u32(a), u32(b), u32(c)).astype(np.int64)), op
    # SFPI's add/mul forms: VA = LReg10 (1.0), VC = LReg9 (0)
    got, _ = one("SFPADD", {0: f2u(np.full(32, 1.5)), 1: f2u(np.full(32, 2.25))}, VA=10, VB=0, VC=1, VD=2)
    assert (got == f2u(3.75)).all()
    got, _ = one("SFPMUL", {0: f2u(np.full(32, 1.5)), 1: f2u(np.full(32, -2.0))}, VA=0, VB=1, VC=9, VD=2)
    assert (got == f2u(-3.0)).all()


def test_sfpmad_indirect_and_dropped_writes():
    # INDIRECT_VA: VA = LReg7 & 15 per lane; INDIRECT_VD: VD = LReg7 & 15 per lane, written only if < 8.
    l7 = np.where(L % 2 == 0, 0x10 | 10, 9)  # even lanes read LReg10 (1.0), odd lanes LReg9 (0)
    regs = {1: f2u(np.full(32, 3.0)), 2: f2u(np.full(32, 0.5)), 7: l7}
    got, _ = one("SFPMAD", regs, out=4, VA=0, VB=1, VC=2, VD=4, Mod1=isa.SFPMAD_MOD1_INDIRECT_VA)
    assert np.array_equal(u32(got), np.where(L % 2 == 0, f2u(3.5), f2u(0.5)))
    l7 = np.where(L < 16, 5, 12)
    st, _ = run1([make("SFPMAD", VA=10, VB=1, VC=2, VD=0, Mod1=isa.SFPMAD_MOD1_INDIRECT_VD)],
                 lregs={1: f2u(np.full(32, 3.0)), 2: f2u(np.full(32, 0.5)), 7: l7})
    assert np.array_equal(st.lregs[0, 5], np.where(L < 16, f2u(3.5), 0))
    assert not st.lregs[0, 0].any() and (st.lregs[0, 12] == 0x37800000).all()
    st, _ = run1([make("SFPMAD", VA=10, VB=10, VC=10, VD=9)])
    assert not st.lregs[0, 9].any()


def test_sfpaddi_sfpmuli():
    x = EDGE
    got, _ = one("SFPADDI", {2: x}, Imm16=0x4040, VD=2)  # + 3.0
    assert np.array_equal(got, fma(u32(np.full(32, 0x40400000)), u32(np.full(32, 0x3F800000)), u32(x)))
    got, _ = one("SFPMULI", {2: x}, Imm16=0xC000, VD=2)  # * -2.0
    assert np.array_equal(got, fma(u32(np.full(32, 0xC0000000)), u32(x), u32(np.zeros(32))))
    got, _ = one("SFPADDI", {2: x, 7: np.full(32, 3)}, out=3, Imm16=0x3F80, VD=2,
                 Mod1=isa.SFPMAD_MOD1_INDIRECT_VD)
    assert np.array_equal(got, fma(u32(np.full(32, 0x3F800000)), u32(np.full(32, 0x3F800000)), u32(x)))


def lut8(x):
    x = np.asarray(x)
    v = ((x >> 7) << 31) | ((127 - ((x >> 4) & 7)) << 23) | ((x & 0xF) << 19)
    return np.where(x == 0xFF, 0, v)


def test_sfplut():
    l3 = f2u(np.linspace(-3.5, 3.5, 32)).astype(np.int64)
    l3[0], l3[1] = 0x7FC00000, 0x80000000
    c0, c1, c2 = 0x1F3A, 0xA5FF, 0xFF07
    regs = {0: np.full(32, c0), 1: np.full(32, c1), 2: np.full(32, c2), 3: l3}
    for mod in (0, isa.SFPLUT_MOD0_SGN_RETAIN):
        got, _ = one("SFPLUT", regs, out=5, VD=5, Mod0=mod)
        b = l3 & 0x7FFFFFFF
        bf = b.astype(np.uint32).view(np.float32)
        co = np.where(bf < 1.0, c0, np.where(bf < 2.0, c1, c2))
        exp = fma(u32(lut8((co >> 8) & 0xFF)), u32(b), u32(lut8(co & 0xFF))).astype(np.int64)
        if mod:
            exp = (exp & 0x7FFFFFFF) | (l3 & 0x80000000)
        assert np.array_equal(got, exp)


def lut16(x):
    x = np.asarray(x)
    e = (x >> 10) & 0x1F
    return ((x >> 15) << 31) | (np.where(e == 31, 0, 112 + e) << 23) | ((x & 0x3FF) << 13)


@pytest.mark.parametrize("mod", [0, 2, 3, 10, 4, 6])
def test_sfplutfp32(mod):
    l3 = f2u(np.linspace(-4.6, 4.6, 32)).astype(np.int64)
    regs = {i: rng.integers(0, 2**32, 32, dtype=np.uint64).astype(np.int64) & 0xBFFFBFFF for i in (0, 1, 2, 4, 5, 6)}
    regs[3] = l3
    regs[7] = np.full(32, 1)
    b = l3 & 0x7FFFFFFF
    bf = b.astype(np.uint32).view(np.float32)
    i = np.where(bf < 1, 0, np.where(bf < 2, 1, 2))
    tab = lambda base: np.choose(i, [regs[base], regs[base + 1], regs[base + 2]])  # noqa: E731
    if mod & 2 and (mod & 10) == 10:
        a, c = lut16(tab(0) >> 16 & 0xFFFF), lut16(tab(0) & 0xFFFF)
    elif mod & 2:
        cut = 4.0 if (mod & 3) == 3 else 3.0
        j = np.select([bf < 0.5, bf < 1, bf < 1.5, bf < 2, bf < cut], [0, 16, 0, 16, 0], 16)
        a, c = lut16((tab(0) >> j) & 0xFFFF), lut16((tab(4) >> j) & 0xFFFF)
    else:
        a, c = tab(0), tab(4)
    exp = fma(u32(a), u32(b), u32(c)).astype(np.int64)
    if mod & 4:
        exp = (exp & 0x7FFFFFFF) | (l3 & 0x80000000)
    out = 1 if mod & 8 else 3
    st, _ = run1([make("SFPLUTFP32", VD=3, Mod1=mod)], lregs=regs)
    assert np.array_equal(st.lregs[0, out], exp)


# ------------------------------------------------------------------------------- field manipulation


def test_exexp():
    got, st = one("SFPEXEXP", {1: EDGE}, VC=1, VD=2)
    e = (EDGE >> 23) & 0xFF
    assert np.array_equal(got, (e - 127) & 0xFFFFFFFF)
    got, st = one("SFPEXEXP", {1: EDGE}, VC=1, VD=2, Mod1=isa.SFPEXEXP_MOD1_NODEBIAS | 2)
    assert np.array_equal(got, e) and not st.flags[0].any()
    _, st = one("SFPEXEXP", {1: EDGE}, VC=1, VD=2, Mod1=isa.SFPEXEXP_MOD1_SET_CC_SGN_EXP)
    assert np.array_equal(st.flags[0], e < 127)
    _, st = one("SFPEXEXP", {1: EDGE}, VC=1, VD=2, Mod1=2 | isa.SFPEXEXP_MOD1_SET_CC_COMP_EXP)
    assert np.array_equal(st.flags[0], e >= 127)
    _, st = one("SFPEXEXP", {1: EDGE}, VC=1, VD=9, Mod1=2)  # VD >= 8: nothing, flags untouched
    assert st.flags[0].all()


def test_exman_setexp_setman_setsgn_divp2():
    x, y = RAND, np.roll(RAND, 3)
    got, _ = one("SFPEXMAN", {1: x}, VC=1, VD=2)
    assert np.array_equal(got, 0x800000 + (x & 0x7FFFFF))
    got, _ = one("SFPEXMAN", {1: x}, VC=1, VD=2, Mod1=isa.SFPEXMAN_MOD1_PAD9)
    assert np.array_equal(got, x & 0x7FFFFF)
    keep = x & 0x807FFFFF
    assert np.array_equal(one("SFPSETEXP", {1: x, 2: y}, VC=1, VD=2)[0], keep | ((y & 0xFF) << 23))
    assert np.array_equal(one("SFPSETEXP", {1: x, 2: y}, VC=1, VD=2, Mod1=2)[0], keep | (y & 0x7F800000))
    assert np.array_equal(one("SFPSETEXP", {1: x, 2: y}, Imm8=0x81, VC=1, VD=2, Mod1=1)[0], keep | (0x81 << 23))
    keep = x & 0xFF800000
    assert np.array_equal(one("SFPSETMAN", {1: x, 2: y}, VC=1, VD=2)[0], keep | (y & 0x7FFFFF))
    assert np.array_equal(one("SFPSETMAN", {1: x, 2: y}, Imm12=0xABC, VC=1, VD=2, Mod1=1)[0], keep | (0xABC << 11))
    keep = x & 0x7FFFFFFF
    assert np.array_equal(one("SFPSETSGN", {1: x, 2: y}, VC=1, VD=2)[0], keep | (y & 0x80000000))
    assert np.array_equal(one("SFPSETSGN", {1: x, 2: y}, Imm1=1, VC=1, VD=2, Mod1=1)[0], keep | 0x80000000)
    e = (EDGE >> 23) & 0xFF
    got, _ = one("SFPDIVP2", {1: EDGE}, Imm8=0xFF, VC=1, VD=2, Mod1=isa.SFPDIVP2_MOD1_ADD)  # exp - 1, wrapping
    assert np.array_equal(got, np.where(e == 255, EDGE, (EDGE & 0x807FFFFF) | (((e + 255) & 0xFF) << 23)))
    got, _ = one("SFPDIVP2", {1: EDGE}, Imm8=0x7F, VC=1, VD=2)
    assert np.array_equal(got, (EDGE & 0x807FFFFF) | (0x7F << 23))


def test_abs():
    x = np.concatenate([EDGE[:16], np.array([0x80000000, 0xFFFFFFFF, 0x80000001, 5, 0xFF800001, 0xFF800000,
                                             0xFF7FFFFF, 0x7FC00000] * 2)])
    got, _ = one("SFPABS", {1: x}, VC=1, VD=2)  # integer: two's complement negate (-2**31 stays)
    assert np.array_equal(got, np.where(x >= 2**31, (-x) & 0xFFFFFFFF, x))
    got, _ = one("SFPABS", {1: x}, VC=1, VD=2, Mod1=isa.SFPABS_MOD1_FLOAT)
    # 2025-09 SFPABS.md: only -NaN (> 0xff800000) keeps its sign; -Inf becomes +Inf
    assert np.array_equal(got, np.where((x >= 2**31) & (x <= 0xFF800000), x & 0x7FFFFFFF, x))


def test_lz():
    x = np.array([0, 1, 0x80000000, 0x7FFFFFFF, 0x00010000, 0xFFFFFFFF, 0x80000001, 3] * 4)
    clz = np.array([32 - int(v).bit_length() for v in x])
    got, st = one("SFPLZ", {1: x}, VC=1, VD=2, Mod1=isa.SFPLZ_MOD1_CC_NE0)
    assert np.array_equal(got, clz) and np.array_equal(st.flags[0], x != 0)
    m = x & 0x7FFFFFFF
    got, st = one("SFPLZ", {1: x}, VC=1, VD=2, Mod1=isa.SFPLZ_MOD1_NOSGN_MASK | 2 | isa.SFPLZ_MOD1_CC_COMP)
    assert np.array_equal(got, [32 - int(v).bit_length() for v in m]) and np.array_equal(st.flags[0], m == 0)


# --------------------------------------------------------------------------------- integer and bits


def test_iadd():
    x, y = RAND, np.roll(RAND, 7)
    got, st = one("SFPIADD", {1: x, 2: y}, VC=1, VD=2)
    r = (x + y) & 0xFFFFFFFF
    assert np.array_equal(got, r) and np.array_equal(st.flags[0], r >= 2**31)
    got, st = one("SFPIADD", {1: x, 2: y}, VC=1, VD=2, Mod1=isa.SFPIADD_MOD1_ARG_2SCOMP_LREG_DST | 8)
    r = (x - y) & 0xFFFFFFFF
    assert np.array_equal(got, r) and np.array_equal(st.flags[0], r < 2**31)
    got, st = one("SFPIADD", {1: x, 2: y}, Imm12=-7, VC=1, VD=2, Mod1=isa.SFPIADD_MOD1_ARG_IMM | 4)
    assert np.array_equal(got, (x - 7) & 0xFFFFFFFF) and st.flags[0].all()
    got, st = one("SFPIADD", {1: x, 2: y}, Imm12=0x7FF, VC=1, VD=2, Mod1=1 | 4 | 8)  # CC_NONE then invert
    assert np.array_equal(got, (x + 2047) & 0xFFFFFFFF) and not st.flags[0].any()


def test_bitwise():
    x, y = RAND, np.roll(RAND, 1)
    assert np.array_equal(one("SFPAND", {1: x, 2: y}, VC=1, VD=2)[0], x & y)
    assert np.array_equal(one("SFPOR", {1: x, 2: y}, VC=1, VD=2)[0], x | y)
    assert np.array_equal(one("SFPXOR", {1: x, 2: y}, VC=1, VD=2)[0], x ^ y)
    assert np.array_equal(one("SFPNOT", {1: x, 2: y}, VC=1, VD=2)[0], (~x) & 0xFFFFFFFF)


def shift_ref(v, amt):
    amt = i32(amt)
    return np.where(amt >= 0, (v << (amt & 31)) & 0xFFFFFFFF, v >> ((-amt) & 31))


def test_shft_and_shft2_shift_modes():
    x = RAND
    amts = np.array(list(range(-32, 32, 2)), dtype=np.int64)
    got, _ = one("SFPSHFT", {1: amts & 0xFFFFFFFF, 2: x}, VC=1, VD=2)
    assert np.array_equal(got, shift_ref(x, amts))
    for imm in (-31, -1, 0, 5, 31, 40, -40):
        got, _ = one("SFPSHFT", {2: x}, Imm12=imm, VC=0, VD=2, Mod1=isa.SFPSHFT_MOD1_ARG_IMM)
        assert np.array_equal(got, shift_ref(x, np.full(32, imm))), imm
    got, _ = one("SFPSHFT2", {1: amts & 0xFFFFFFFF, 3: x}, VB=3, VC=1, VD=2, Mod1=isa.SFPSHFT2_MOD1_SHFT_LREG)
    assert np.array_equal(got, shift_ref(x, amts))
    got, _ = one("SFPSHFT2", {3: x}, Imm12=-29, VD=2, Mod1=isa.SFPSHFT2_MOD1_SHFT_IMM)  # VB = -29 & 15 = 3
    assert np.array_equal(got, x >> 29)


def rot_ror1(v):
    v = np.asarray(v)
    return np.where(L % 8 != 0, v[(L - 1) % 32], v[np.minimum(L + 7, 31)])


def test_shft2_lane_shuffles():
    regs = {i: RAND ^ (i * 0x01010101) for i in range(8)}
    st, _ = run1([make("SFPSHFT2", VD=0, Mod1=isa.SFPSHFT2_MOD1_COPY4)], lregs=dict(regs))
    for r in range(3):
        assert np.array_equal(st.lregs[0, r], regs[r + 1])
    assert not st.lregs[0, 3].any()
    st, _ = run1([make("SFPSHFT2", VD=0, Mod1=isa.SFPSHFT2_MOD1_SUBVEC_CHAINED_COPY4)], lregs=dict(regs))
    assert np.array_equal(st.lregs[0, 3], np.where(L < 24, regs[0][np.minimum(L + 8, 31)], 0))
    st, _ = run1([make("SFPSHFT2", VC=5, VD=0, Mod1=isa.SFPSHFT2_MOD1_SUBVEC_SHFLROR1_AND_COPY4)], lregs=dict(regs))
    assert np.array_equal(st.lregs[0, 3], rot_ror1(regs[5])) and np.array_equal(st.lregs[0, 2], regs[3])
    st, _ = run1([make("SFPSHFT2", VC=5, VD=6, Mod1=isa.SFPSHFT2_MOD1_SUBVEC_SHFLROR1)], lregs=dict(regs))
    assert np.array_equal(st.lregs[0, 6], rot_ror1(regs[5]))
    # SHFLSHR1: lanes 8r get vc0[8r + 7] of the last SHFLROR1 (hardware bug), not 0.
    st, _ = run1([make("SFPSHFT2", VC=5, VD=6, Mod1=3), make("SFPSHFT2", VC=4, VD=1, Mod1=4)], lregs=dict(regs))
    exp = np.where(L % 8 != 0, regs[4][(L - 1) % 32], regs[5][np.minimum(L + 7, 31)])
    assert np.array_equal(st.lregs[0, 1], exp)
    st, _ = run1([make("SFPSHFT2", VC=9, VD=9, Mod1=3), make("SFPSHFT2", VC=4, VD=1, Mod1=4)], lregs=dict(regs))
    assert np.array_equal(st.lregs[0, 1], np.where(L % 8 != 0, regs[4][(L - 1) % 32], 0))


def test_mov():
    x = RAND
    assert np.array_equal(one("SFPMOV", {1: x}, VC=1, VD=2)[0], x)
    assert np.array_equal(one("SFPMOV", {1: x}, VC=1, VD=2, Mod1=isa.SFPMOV_MOD1_NEGATE)[0], x ^ 0x80000000)
    got, _ = one("SFPMOV", {}, VC=15, VD=2)
    assert np.array_equal(got, 2 * L)
    got, st = one("SFPMOV", {}, VC=15, VD=2, Mod1=isa.SFPMOV_MOD1_FROM_SPECIAL)  # LaneConfig
    assert not got.any()


def test_mov_all_lanes_ignores_predication():
    regs = {1: RAND, 2: np.zeros(32), 7: np.where(L < 10, 0x80000000, 0)}
    cc = make("SFPSETCC", VC=7, Mod1=0)
    st, _ = run1([cc, make("SFPMOV", VC=1, VD=2)], lregs=dict(regs))
    assert np.array_equal(st.lregs[0, 2], np.where(L < 10, RAND, 0))
    st, _ = run1([cc, make("SFPMOV", VC=1, VD=2, Mod1=isa.SFPMOV_MOD1_ALL_LANES_ENABLED)], lregs=dict(regs))
    assert np.array_equal(st.lregs[0, 2], RAND)


def sm_less(c, d):
    key = lambda v: np.where(v >= 2**31, -(v & 0x7FFFFFFF) - 1, v)  # sign-magnitude order, -0 < +0  # noqa
    return key(c) < key(d)


@pytest.mark.parametrize("mod", range(16))
def test_swap(mod):
    c = np.concatenate([EDGE[:16], RAND[:16]])
    d = np.concatenate([np.roll(EDGE, 3)[:16], c[16:][::-1]])
    masks = [0, 0xFFFFFFFF, 0xFFFF, 0x00FF00FF, 0xFF0000FF, 0xFF, 0xFF00, 0xFF0000, 0xFF000000] + [0] * 7
    st, _ = run1([make("SFPSWAP", VC=1, VD=2, Mod1=mod)], lregs={1: c, 2: d})
    if mod == 0:
        nc, nd = d, c
    else:
        vd_min = (masks[mod] >> L) & 1 == 1
        lo = np.where(sm_less(c, d), c, d)
        hi = np.where(sm_less(c, d), d, c)
        nd = np.where(vd_min, lo, hi)
        nc = np.where(vd_min, hi, lo)
        # ties: no swap
        nd = np.where(c == d, d, nd)
        nc = np.where(c == d, c, nc)
    assert np.array_equal(st.lregs[0, 1], nc) and np.array_equal(st.lregs[0, 2], nd)


def test_swap_float_order_and_config():
    vals = f2u([-np.inf, -1.0, -0.0, 0.0, 1.0, np.inf]).astype(np.int64)
    c = np.resize(vals[::-1], 32)
    d = np.resize(vals, 32)
    st, _ = run1([make("SFPSWAP", VC=1, VD=2, Mod1=1)], lregs={1: c, 2: d})
    assert np.array_equal(u32(st.lregs[0, 2]).view(np.float32)[:6], [-np.inf, -1.0, -0.0, -0.0, -1.0, -np.inf])
    assert st.lregs[0, 2][2] == 0x80000000 and st.lregs[0, 1][2] == 0  # -0 < +0
    # EXCHANGE_SRCB_SRCC inverts the comparison
    st, _ = run1([make("SFPCONFIG", Imm16=isa.LANECFG_EXCHANGE_SRCB_SRCC, VD=15, Mod1=1),
                  make("SFPSWAP", VC=1, VD=2, Mod1=1)], lregs={1: np.full(32, 5), 2: np.full(32, 9)})
    assert (st.lregs[0, 2] == 9).all() and (st.lregs[0, 1] == 5).all()  # unconfigured: VD = min = 5
    # ENABLE_DEST_INDEX: argmin/argmax also swaps LReg[4 + (VC&3)] and LReg[4 + (VD&3)]
    st, _ = run1([make("SFPCONFIG", Imm16=isa.LANECFG_ENABLE_DEST_INDEX, VD=15, Mod1=1),
                  make("SFPSWAP", VC=0, VD=1, Mod1=1)],
                 lregs={0: np.full(32, 2), 1: np.full(32, 7), 4: np.full(32, 40), 5: np.full(32, 50)})
    assert (st.lregs[0, 1] == 2).all() and (st.lregs[0, 0] == 7).all()
    assert (st.lregs[0, 5] == 40).all() and (st.lregs[0, 4] == 50).all()


def test_transp():
    regs = {r: 1000 * r + L for r in range(8)}
    st, _ = run1([make("SFPTRANSP")], lregs=dict(regs))
    for base in (0, 4):
        for i in range(4):
            for j in range(4):
                for col in range(8):
                    assert st.lregs[0, base + i, j * 8 + col] == regs[base + j][i * 8 + col]


# ---------------------------------------------------------------------------------------- conversion


def cast_ref(c, prng=None):
    sign, mag = c & 0x80000000, c & 0x7FFFFFFF
    lz = np.array([31 - int(m).bit_length() + 1 if m else 157 for m in mag])
    norm = (mag << (lz & 31)) & 0xFFFFFFFF
    d = sign + ((157 - lz) << 23) + (norm >> 8)
    if prng is None:
        return d + (((norm & 0x80) != 0) & ((norm & 0x17F) != 0))
    return d + ((norm & 0xFE) > ((prng >> 9) & 0xFE))


def test_cast():
    c = np.array([0, 0x80000000, 1, 0x80000001, 0x7FFFFFFF, 0xFFFFFFFF, 0x01000001, 0x01000003, 0x00FFFFFF,
                  0x01000080 >> 0, 0x7FFFFFC0, 0x7FFFFF80] + list(RAND[:20]), dtype=np.int64)
    got, _ = one("SFPCAST", {1: c}, VC=1, VD=2)
    assert np.array_equal(got, cast_ref(c) & 0xFFFFFFFF)
    assert got[2] == 0x3F800000 and got[3] == 0xBF800000 and got[1] == 0x80000000
    # RNE against numpy for positive sign-magnitude ints
    pos = c < 2**31
    assert np.array_equal(got[pos], f2u(c[pos].astype(np.float64).astype(np.float32)))
    st0, _ = run1([])
    seeds = st0.prng[0].astype(np.int64)
    got, st = one("SFPCAST", {1: c}, VC=1, VD=2, Mod1=isa.SFPCAST_MOD1_RND_STOCH)
    assert np.array_equal(got, cast_ref(c, seeds) & 0xFFFFFFFF)
    _, nxt = prng_ref(st0.prng[0], 1)
    assert np.array_equal(st.prng[0], nxt)


def stoch_ff(x, mod, pb):
    e = (x >> 23) & 0xFF
    if mod == 0:
        disc, step, sh = x & 0x1FFF, 0x2000, 10
    else:
        disc, step, sh = x & 0xFFFF, 0x10000, 7
    r = x - disc + np.where(disc >= (pb >> sh), step, 0)  # 2025-09 text: shift PRNGBits right
    return np.where(e == 0, 0, np.where(e == 255, x & 0xFF800000, r))


def stoch_fi(c, mod, pb):
    keep = mod in (3, 7)
    mx = {2: 255, 3: 127, 6: 65535, 7: 32767}[mod]
    out = []
    for ci, p in zip(c, pb):
        ci, p = int(ci), int(p)
        sign = ci & 0x80000000 if keep else 0
        e = ((ci >> 23) & 0xFF) - 127
        if e < -1:
            mag, sign = 0, 0
        elif e >= 16:
            mag = mx
        else:
            m = 0x800000 | (ci & 0x7FFFFF)
            m = m << e if e >= 0 else m >> -e
            mag = min((m >> 23) + ((m & 0x7FFFFF) >= p), mx)
            if mag == 0:
                sign = 0
        out.append(sign + mag)
    return np.array(out, dtype=np.int64)


def stoch_ii(c, mod, sh, pb):
    sign, mag = c & 0x80000000, (c & 0x7FFFFFFF) << 23
    mag = mag >> sh
    mag = (mag >> 23) + ((mag & 0x7FFFFF) >= pb)
    if mod == 4:
        return np.minimum(mag, 255)
    mag = np.minimum(mag, 127)
    return np.where(mag == 0, 0, sign) + mag


FLOATS = f2u(np.concatenate([[0.5, -0.5, 0.49999997, 2.5, -2.5, 127.5, -127.5, 255.5, 32767.5, -40000.0, 70000.0,
                              65535.4, 1.0 + 2**-10 + 2**-12, 3.0, -3.75, 1e-30],
                             np.random.default_rng(5).uniform(-300, 300, 16)]).astype(np.float32)).astype(np.int64)
FLOATS[15] = 0x7FC00000


@pytest.mark.parametrize("mod", [0, 1, 2, 3, 6, 7])
@pytest.mark.parametrize("stoch", [0, 1])
def test_stochrnd_float_modes(mod, stoch):
    st0, _ = run1([])
    pb = (st0.prng[0].astype(np.int64) & 0x7FFFFF) if stoch else np.full(32, 0x400000)
    got, st = one("SFPSTOCHRND", {1: FLOATS}, StochasticRounding=stoch, VC=1, VD=2, Mod1=mod)
    exp = stoch_ff(FLOATS, mod, pb) if mod <= 1 else stoch_fi(FLOATS, mod, pb)
    assert np.array_equal(got, exp & 0xFFFFFFFF)
    # 2025-09 text: SFPSTOCHRND calls AdvancePRNG whether or not StochasticRounding is set
    _, nxt = prng_ref(st0.prng[0], 1)
    assert np.array_equal(st.prng[0], nxt)


def test_stochrnd_known_values():
    got, _ = one("SFPSTOCHRND", {1: FLOATS}, StochasticRounding=0, VC=1, VD=2, Mod1=isa.SFPSTOCHRND_MOD1_FP32_TO_INT16)
    sm = lambda v: v if v >= 0 else 0x80000000 | -v  # noqa: E731
    assert list(got[:12]) == [1, sm(-1), 0, 3, sm(-3), 128, sm(-128), 256, 32767, sm(-32767), 32767, 32767]


@pytest.mark.parametrize("mod", [4, 5])
@pytest.mark.parametrize("useimm", [0, 1])
def test_stochrnd_int_modes(mod, useimm):
    c = np.concatenate([[0, 0x80000000, 1, 0x80000001, 0x7FFFFFFF, 0xFFFFFFFF, 255, 256, 0x80000100, 383, 384, 385],
                        RAND[:20]]).astype(np.int64)
    shifts = np.arange(32) % 32
    regs = {1: c, 3: shifts + 64}  # VB % 32
    kw = dict(Imm5=3, UseImm5=1) if useimm else dict(VB=3)
    got, _ = one("SFPSTOCHRND", regs, StochasticRounding=0, VC=1, VD=2, Mod1=mod, **kw)
    sh = np.full(32, 3) if useimm else shifts
    assert np.array_equal(got, stoch_ii(c, mod, sh, np.full(32, 0x400000)))


# -------------------------------------------------------------------------------------------- PRNG


def test_prng_sequence_via_sfpmov():
    st0, _ = run1([])
    prog = [make("SFPMOV", VC=9, VD=r, Mod1=isa.SFPMOV_MOD1_FROM_SPECIAL) for r in range(4)]
    st, _ = run1(prog)
    seq, nxt = prng_ref(st0.prng[0], 4)
    for r in range(4):
        assert np.array_equal(st.lregs[0, r], seq[r])
    assert np.array_equal(st.prng[0], nxt)
    # disabled lanes do not advance
    st, _ = run1([make("SFPSETCC", VC=7, Mod1=0), prog[0]], lregs={7: np.where(L < 5, 0x80000000, 0)})
    assert np.array_equal(st.prng[0] != st0.prng[0], L < 5)
    st.seed_prng(123)
    assert st.prng[0].all()


def test_sfpmad_cancellation_overflow_denormals():
    # Known values from SFPMAD.md: denormal inputs read as 0, denormal / -0 results become +0, one rounding.
    a = f2u(np.float32(1 + 2**-23) * np.ones(32)).astype(np.int64)
    b = f2u(np.float32(1 - 2**-23) * np.ones(32)).astype(np.int64)
    c = f2u(-np.ones(32, np.float32)).astype(np.int64)
    got, _ = one("SFPMAD", {0: a, 1: b, 3: c}, out=4, VA=0, VB=1, VC=3, VD=4)
    # heavy cancellation: partially fused, so not the exact -2**-46 (the product is narrowed; fma_model_wh)
    assert np.array_equal(got, fma(u32(a), u32(b), u32(c))) and got[0] == 0xB2800000
    got, _ = one("SFPMAD", {0: f2u(np.full(32, 3e38, np.float32)), 1: f2u(np.full(32, 2, np.float32))},
                 out=4, VA=0, VB=1, VC=9, VD=4)
    assert (got == 0x7F800000).all()  # overflow to +Inf
    got, _ = one("SFPMAD", {0: np.full(32, 0x00000005)}, out=4, VA=0, VB=10, VC=9, VD=4)
    assert (got == 0).all()  # denormal input is zero
    got, _ = one("SFPMAD", {0: f2u(np.full(32, -1.0, np.float32))}, out=4, VA=0, VB=9, VC=9, VD=4)
    assert (got == 0).all()  # -1 * 0 + 0 = -0 -> +0
    got, _ = one("SFPMAD", {0: f2u(np.full(32, 2.0**-70, np.float32))}, out=4, VA=0, VB=0, VC=9, VD=4)
    assert (got == 0).all()  # denormal result flushed


def test_stochrnd_fp16a_compares_shifted_prng_bits():
    # 2025-09 SFPSTOCHRND_FloatFloat.md: DiscardedBits >= (PRNGBits >> 10), not (DiscardedBits << 10) >= PRNGBits.
    from tensix.sfpu import SfpuState

    st = SfpuState(1)
    st.prng[0] = 0x00400401
    run1([make("SFPSTOCHRND", StochasticRounding=1, VC=1, VD=2, Mod1=isa.SFPSTOCHRND_MOD1_FP32_TO_FP16A)],
         lregs={1: np.full(32, 0x3F801001)}, state=st)
    assert (st.lregs[0, 2] == 0x3F802000).all()


def test_abs_and_encc_constants_follow_newer_text():
    got, _ = one("SFPABS", {1: np.full(32, 0xFF800000)}, VC=1, VD=2, Mod1=isa.SFPABS_MOD1_FLOAT)
    assert (got == 0x7F800000).all()
    assert isa.SFPENCC_IMM2_E == 1 and isa.SFPENCC_IMM2_R == 2


def test_shft2_imm_runtime_input_picks_vb():
    from tensix.sfpu import SfpuState, encode, execute, new_dst

    st = SfpuState(1)
    st.lregs[0, 3] = 0x80000000
    prog = [make("SFPSHFT2", VD=2, Mod1=isa.SFPSHFT2_MOD1_SHFT_IMM, input=0)]
    execute(encode(prog), st, new_dst(1), inputs=u32([[-29]]))  # VB = -29 & 15 = 3, shift right 29
    assert (st.lregs[0, 2] == 4).all()
