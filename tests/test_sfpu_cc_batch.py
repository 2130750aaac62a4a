"""Conditional execution (SFPSETCC/ENCC/PUSHC/POPC/COMPC), SFPCONFIG, predication, batching and errors."""

import numpy as np
import pytest
from test_sfpu_helpers import L, f2u, run1, u32

from tensix.errors import SfpuError
from tensix.sfpu import SfpuState, encode, execute, isa, make, new_dst, run_instrs
from tensix.sfpu.dst import read_tiles32, write_tiles32

VALS = np.array([0, 0x80000000, 1, 0xFFFFFFFF, 0x7FC00000, 0xBF800000, 0x3F800000, 0x80000001] * 4)


def setcc(mod, vals=VALS, imm=0, pre=None):
    regs = {1: vals}
    prog = []
    if pre is not None:
        regs[7] = pre
        prog.append(make("SFPSETCC", VC=7, Mod1=isa.SFPSETCC_MOD1_LREG_LT0))
    prog.append(make("SFPSETCC", Imm1=imm, VC=1, Mod1=mod))
    st, _ = run1(prog, lregs=regs)
    return st.flags[0].astype(bool)


def test_setcc_modes():
    i = np.where(VALS >= 2**31, VALS.astype(np.int64) - 2**32, VALS)
    assert np.array_equal(setcc(isa.SFPSETCC_MOD1_LREG_LT0), i < 0)  # -0 counts as negative (i32 test)
    assert np.array_equal(setcc(isa.SFPSETCC_MOD1_LREG_NE0), i != 0)
    assert np.array_equal(setcc(isa.SFPSETCC_MOD1_LREG_GTE0), i >= 0)
    assert np.array_equal(setcc(isa.SFPSETCC_MOD1_LREG_EQ0), i == 0)
    assert setcc(isa.SFPSETCC_MOD1_IMM_BIT0, imm=1).all()
    assert not setcc(isa.SFPSETCC_MOD1_IMM_BIT0, imm=0).any()
    assert not setcc(isa.SFPSETCC_MOD1_CLEAR).any()
    # only enabled lanes are updated: disabled lanes keep flag False
    pre = np.where(L < 16, 0x80000000, 0)
    assert np.array_equal(setcc(isa.SFPSETCC_MOD1_LREG_GTE0, pre=pre), (L < 16) & (i >= 0))


def test_setcc_without_lane_flags_clears():
    st, _ = run1([make("SFPENCC", Imm2=0, Mod1=isa.SFPENCC_MOD1_EI),
                  make("SFPSETCC", VC=10, Mod1=isa.SFPSETCC_MOD1_LREG_GTE0)])
    assert not st.flags[0].any() and not st.use_flags[0].any()


def test_encc():
    st, _ = run1([make("SFPENCC", Imm2=0, Mod1=isa.SFPENCC_MOD1_EI | isa.SFPENCC_MOD1_RI)])
    assert not st.use_flags[0].any() and not st.flags[0].any()
    st, _ = run1([make("SFPENCC", Imm2=2, Mod1=isa.SFPENCC_MOD1_EC | isa.SFPENCC_MOD1_RI)])  # toggle, flags=1
    assert not st.use_flags[0].any() and st.flags[0].all()
    # SFPENCC ignores lane enables and, without RI, sets every flag to true
    st, _ = run1([make("SFPSETCC", VC=1, Mod1=0), make("SFPENCC", Mod1=0)], lregs={1: np.where(L < 3, 2**31, 0)})
    assert st.flags[0].all() and st.use_flags[0].all()
    # tt-llk boot sequence SFPENCC(3, 0, 0, 10)
    st = SfpuState(1)
    st.use_flags[:] = 0
    st.flags[:] = 0
    run1([make("SFPENCC", Imm2=3, VD=0, Mod1=10)], state=st)
    assert st.use_flags[0].all() and st.flags[0].all()


def _vif(cond_reg_vals):
    return {6: cond_reg_vals}


def test_if_else_nesting_with_stack():
    """v_if (a < 0) { x = 1; v_if (b < 0) { x = 2 } v_endif } v_else { x = 3 } v_endif, SFPI-style."""
    a = np.where(L % 2 == 1, 0x80000000, 0)
    b = np.where(L % 4 >= 2, 0x80000000, 0)
    one, two, three = 0x3F80, 0x4000, 0x4040
    li = lambda imm: make("SFPLOADI", VD=0, Mod0=0, Imm16=imm)  # noqa: E731
    prog = [
        make("SFPPUSHC"), make("SFPSETCC", VC=1, Mod1=0), li(one),
        make("SFPPUSHC"), make("SFPSETCC", VC=2, Mod1=0), li(two), make("SFPPOPC"),
        make("SFPCOMPC"), li(three),
        make("SFPPOPC"),
        make("SFPLOADI", VD=3, Mod0=0, Imm16=0x4080),  # after endif: every lane
    ]
    st, _ = run1(prog, lregs={1: a, 2: b})
    exp = np.where(a != 0, np.where(b != 0, two, one), three) << 16
    assert np.array_equal(st.lregs[0, 0], exp)
    assert (st.lregs[0, 3] == 0x40800000).all()
    assert (st.stack_size[0] == 0).all() and st.flags[0].all()


def test_pushc_overflow_and_popc_empty_raise():
    with pytest.raises(SfpuError, match=r"instruction 8 \(SFPPUSHC.*\).*full flag stack"):
        run1([make("SFPPUSHC")] * 9)
    with pytest.raises(SfpuError, match="empty flag stack"):
        run1([make("SFPPOPC", loc="k.py:3")])
    try:
        run1([make("SFPNOP"), make("SFPPOPC", loc="k.py:3")])
    except SfpuError as e:
        assert "k.py:3" in str(e) and "instruction 1" in str(e) and "Fix:" in str(e)


def test_popc_modes():
    # Top of stack holds flags F_top = lanes with bit 0; current flags A = lanes with bit 1.
    top = (L & 1) != 0
    cur = (L & 2) != 0
    ops = {1: top, 2: ~top, 3: cur & top, 4: cur | top, 5: cur & ~top, 6: cur | ~top, 7: ~cur & top,
           8: ~cur | top, 9: ~cur & ~top, 10: ~cur | ~top, 11: cur != top, 12: cur == top, 13: ~cur}
    for mod, exp in ops.items():
        prog = [make("SFPSETCC", VC=1, Mod1=0), make("SFPPUSHC"), make("SFPENCC", Mod1=0),
                make("SFPSETCC", VC=2, Mod1=0), make("SFPPOPC", Mod1=mod)]
        st, _ = run1(prog, lregs={1: np.where(top, 2**31, 0), 2: np.where(cur, 2**31, 0)})
        assert np.array_equal(st.flags[0].astype(bool), exp), mod
        assert (st.stack_size[0] == 1).all()  # Mod1 != 0 only peeks
    st, _ = run1([make("SFPPOPC", Mod1=14)])
    assert st.flags[0].all() and st.use_flags[0].all()
    st, _ = run1([make("SFPPOPC", Mod1=15)])
    assert not st.flags[0].any() and st.use_flags[0].all()
    # peek on empty stack: Top = (false, false)
    st, _ = run1([make("SFPPOPC", Mod1=1)])
    assert not st.flags[0].any() and not st.use_flags[0].any()


def test_popc_peek_on_full_stack_bug():
    # SFPPOPC Mod1 != 0 with 8 entries copies the top into the bottom entry (hardware bug, SFPPOPC.md).
    prog = [make("SFPPUSHC")] + [make("SFPSETCC", VC=1, Mod1=0), make("SFPPUSHC")] * 7 + [make("SFPPOPC", Mod1=1)]
    st, _ = run1(prog, lregs={1: np.where(L < 4, 2**31, 0)})
    assert (st.stack_size[0] == 8).all()
    assert np.array_equal(st.stack_flags[0, 0].astype(bool), L < 4)


def test_compc():
    # empty stack: Top = (true, true); flags inverted
    st, _ = run1([make("SFPSETCC", VC=1, Mod1=0), make("SFPCOMPC")], lregs={1: np.where(L < 4, 2**31, 0)})
    assert np.array_equal(st.flags[0].astype(bool), L >= 4)
    # with UseLaneFlags false: LaneFlags = false
    st, _ = run1([make("SFPENCC", Imm2=0, Mod1=2), make("SFPCOMPC")])
    assert not st.flags[0].any()


def test_disabled_lanes_untouched_for_many_ops():
    mask = (L * 7) % 5 < 2
    x = np.random.default_rng(4).integers(0, 2**32, 32, dtype=np.uint64).astype(np.int64)
    ops = [make("SFPMAD", VA=1, VB=1, VC=1, VD=2), make("SFPADDI", Imm16=0x3F80, VD=2),
           make("SFPMULI", Imm16=0x4000, VD=2), make("SFPEXEXP", VC=1, VD=2), make("SFPEXMAN", VC=1, VD=2),
           make("SFPSETEXP", Imm8=3, VC=1, VD=2, Mod1=1), make("SFPSETMAN", VC=1, VD=2),
           make("SFPSETSGN", VC=1, VD=2), make("SFPABS", VC=1, VD=2), make("SFPDIVP2", Imm8=1, VC=1, VD=2),
           make("SFPLZ", VC=1, VD=2), make("SFPIADD", VC=1, VD=2, Mod1=4), make("SFPAND", VC=1, VD=2),
           make("SFPOR", VC=1, VD=2), make("SFPXOR", VC=1, VD=2), make("SFPNOT", VC=1, VD=2),
           make("SFPSHFT", Imm12=3, VC=1, VD=2, Mod1=1), make("SFPMOV", VC=1, VD=2),
           make("SFPLOADI", VD=2, Mod0=2, Imm16=5), make("SFPCAST", VC=1, VD=2),
           make("SFPSTOCHRND", StochasticRounding=1, VC=1, VD=2, Mod1=3), make("SFPLUT", VD=2, Mod0=0),
           make("SFPLUTFP32", VD=2, Mod1=0), make("SFPSWAP", VC=1, VD=2, Mod1=0),
           make("SFPSHFT2", VB=1, VC=1, VD=2, Mod1=5), make("SFPLOAD", VD=2, Mod0=3, Imm10=0)]
    d = new_dst(1)
    write_tiles32(d[0], 0, np.arange(1024, dtype=np.uint32).reshape(1, 32, 32) + 77)
    for ins in ops:
        st, _ = run1([make("SFPSETCC", VC=7, Mod1=0), ins], lregs={1: x, 2: np.full(32, 0x1234), 3: x,
                                                                    7: np.where(mask, 2**31, 0)}, dst=d)
        assert (st.lregs[0, 2][~mask] == 0x1234).all(), ins.op
        assert (st.lregs[0, 2][mask] != 0x1234).any(), ins.op


def test_sfpconfig_lregs_and_laneconfig():
    l0 = np.arange(32) * 3 + 1
    st, _ = run1([make("SFPCONFIG", VD=12)], lregs={0: l0})
    assert np.array_equal(st.lregs[0, 12], l0[L & 7])  # lanes 0-7 broadcast
    st, _ = run1([make("SFPCONFIG", VD=12), make("SFPCONFIG", VD=12, Mod1=1)], lregs={0: l0})
    assert (st.lregs[0, 12] == f2u(1 / 65536)).all()
    st, _ = run1([make("SFPCONFIG", Imm16=0b0001000000000101, VD=13, Mod1=isa.MOD1_IMM16_IS_LANE_MASK)],
                 lregs={0: l0})
    sel = np.isin(L & 7, [0, 1, 6])
    assert np.array_equal(st.lregs[0, 13], np.where(sel, l0[L & 7], f2u(-0.67487759)))
    # gated by the flags of lane (L & 7)
    st, _ = run1([make("SFPSETCC", VC=1, Mod1=0), make("SFPCONFIG", VD=11), make("SFPENCC", Mod1=0)],
                 lregs={0: l0, 1: np.where(L % 8 == 2, 2**31, 0)})
    assert np.array_equal(st.lregs[0, 11], np.where(L % 8 == 2, l0[2], 0xBF800000))
    # LaneConfig: OR / AND / XOR, IMM16 keeps the high bits
    st = SfpuState(1)
    st.lane_config[0] = 0x30000
    run1([make("SFPCONFIG", Imm16=0x0005, VD=15, Mod1=1), make("SFPCONFIG", Imm16=0x0102, VD=15, Mod1=1 | 2),
          make("SFPCONFIG", Imm16=0x0106, VD=15, Mod1=1 | 4), make("SFPCONFIG", Imm16=0x0003, VD=15, Mod1=1 | 6)],
         state=st)
    assert (st.lane_config[0] == (0x30000 | (((0x5 | 0x102) & 0x106) ^ 3))).all()
    st, _ = run1([make("SFPCONFIG", VD=15)], lregs={0: np.full(32, 0xFFFFFFFF)})
    assert (st.lane_config[0] == 0x3FFFF).all()
    st, _ = run1([make("SFPCONFIG", Imm16=0x140, VD=15, Mod1=1), make("SFPMOV", VC=15, VD=3, Mod1=8)])
    assert (st.lregs[0, 3] == 0x140).all()


def test_config_does_not_touch_constants_when_vd_9_10():
    st, _ = run1([make("SFPCONFIG", VD=9), make("SFPCONFIG", VD=10), make("SFPCONFIG", VD=4, Mod1=1)],
                 lregs={0: np.full(32, 5)})
    assert (st.lregs[0, 10] == 0x3F800000).all() and not st.lregs[0, 9].any()


def test_initial_state():
    st = SfpuState(2)
    assert (st.lregs[:, 8] == f2u(0.8373)).all() and (st.lregs[:, 10] == 0x3F800000).all()
    assert (st.lregs[:, 11] == 0xBF800000).all() and (st.lregs[:, 12] == 0x37800000).all()
    assert (st.lregs[:, 13] == f2u(-0.67487759)).all() and (st.lregs[:, 14] == f2u(-0.34484843)).all()
    assert np.array_equal(st.lregs[1, 15], 2 * L)
    assert st.flags.all() and st.use_flags.all() and not st.stack_size.any()
    c = st.copy()
    c.lregs[0, 0] = 1
    assert not st.lregs[0, 0].any()
    assert st.lane_enabled(0).all()


# -------------------------------------------------------------------------------------------- batching

PROG = [make("SFPLOAD", VD=0, Mod0=3, Imm10=0), make("SFPLOADI", VD=1, Mod0=0, input=0),
        make("SFPMAD", VA=0, VB=1, VC=4, VD=4), make("SFPSTORE", VD=4, Mod0=3, Imm10=0),
        make("SFPMOV", VC=9, VD=5, Mod1=8), make("INCRWC", DstInc=2)]


def test_batch_equals_separate_calls():
    K = 5
    rng = np.random.default_rng(8)
    tiles = f2u(rng.uniform(-2, 2, (2, 32, 32)).astype(np.float32))
    inputs = u32(f2u(rng.uniform(-3, 3, (K, 1)).astype(np.float32)) >> 16)
    state_of = np.array([0, 1, 0, 0, 1])
    dst_of = np.array([1, 0, 1, 0, 1])
    base = np.array([0, 64, 64, 0, 4])

    def fresh():
        st = SfpuState(2)
        st.seed_prng(99, 1)
        d = new_dst(2)
        write_tiles32(d[0], 0, tiles)
        write_tiles32(d[1], 0, tiles[::-1])
        return st, d

    st_a, d_a = fresh()
    counts = execute(encode(PROG), st_a, d_a, state_of=state_of, dst_of=dst_of, base=base, inputs=inputs)
    st_b, d_b = fresh()
    for k in range(K):
        one = SfpuState(1)
        s = state_of[k]
        for name, arr in vars(st_b).items():
            if isinstance(arr, np.ndarray):
                getattr(one, name)[0] = arr[s]
        dk = d_b[dst_of[k]:dst_of[k] + 1].copy()
        execute(encode(PROG), one, dk, base=[base[k]], inputs=inputs[k:k + 1])
        for name, arr in vars(st_b).items():
            if isinstance(arr, np.ndarray):
                arr[s] = getattr(one, name)[0]
        d_b[dst_of[k]] = dk[0]
    for name, arr in vars(st_a).items():
        if isinstance(arr, np.ndarray):
            assert np.array_equal(arr, getattr(st_b, name)), name
    assert np.array_equal(d_a, d_b)
    assert counts[isa.OPCODES["SFPMAD"]] == K and counts.sum() == K * len(PROG)
    assert (st_a.rwc[:, 0] == [6, 4]).all()


def test_default_instance_mapping():
    st = SfpuState(3)
    d = new_dst(3)
    execute(encode([make("SFPSTORE", VD=10, Mod0=3, Imm10=0)]), st, d)
    assert all(read_tiles32(d[k], 0)[0, 0, 0] == 0x3F800000 for k in range(3))
    with pytest.raises(SfpuError, match="state_of"):
        execute(encode([make("SFPNOP")]), st, d, base=[0, 0])
    with pytest.raises(SfpuError, match="dst_of"):
        execute(encode([make("SFPNOP")]), st, d, dst_of=[0, 5, 0])


def test_run_instrs_returns_counts():
    st, d, counts = run_instrs([make("SFPNOP"), make("SFPNOP")])
    assert counts[isa.OPCODES["SFPNOP"]] == 2
