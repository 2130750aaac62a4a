"""SFPLOAD / SFPSTORE / SFPLOADI, the Dst lane mapping, RWCs and LaneConfig effects on Dst access.

Expected values are written from SFPLOAD.md / SFPSTORE.md / SFPLOADI.md / Dst.md / RWCs.md.
"""

import numpy as np
import pytest
from test_sfpu_helpers import f2u, run1, u32

from tensix.errors import SfpuError
from tensix.sfpu import SfpuState, execute, isa, make, new_dst, read_tiles32, write_tiles32
from tensix.sfpu.execute import run_instrs

LD = lambda vd, fmt, imm=0, **kw: make("SFPLOAD", VD=vd, Mod0=fmt, Imm10=imm, **kw)  # noqa: E731
ST = lambda vd, fmt, imm=0, **kw: make("SFPSTORE", VD=vd, Mod0=fmt, Imm10=imm, **kw)  # noqa: E731
L = np.arange(32)
ROW0, COL0 = L // 8, 2 * (L % 8)  # Dst position of lane L for Addr = 0


def logical_pos(k, lane):
    """dst_reg[k] lane -> (tile, i, j) of the logical 32x32 tile (facts sheet section 2, derived by hand)."""
    t, kk = divmod(k, 32)
    r = 4 * (kk // 2) + lane // 8
    c = 2 * (lane % 8) + kk % 2
    f = r // 16
    return t, (f // 2) * 16 + r % 16, (f % 2) * 16 + c


def test_dst_reg_lane_mapping_load_and_store():
    d = new_dst(1)
    tiles = (np.arange(3 * 1024, dtype=np.uint32) * 7 + 1).reshape(3, 32, 32)
    write_tiles32(d[0], 0, tiles)
    out = np.zeros_like(tiles)
    st = SfpuState(1)
    prog = []
    for k in range(96):
        prog += [LD(0, isa.MOD0_FMT_FP32, 2 * k), ST(0, isa.MOD0_FMT_FP32, 2 * k + 2 * 96)]  # copy to tiles 3..5
    run_instrs(prog, st, d)
    for k in (0, 1, 2, 7, 8, 9, 31, 32, 45, 63, 64, 95):
        run1([LD(1, isa.MOD0_FMT_FP32, 2 * k)], state=st, dst=d)
        for lane in range(32):
            t, i, j = logical_pos(k, lane)
            assert st.lregs[0, 1, lane] == tiles[t, i, j]
            out[t, i, j] = 1
    assert np.array_equal(read_tiles32(d[0], 3, 3), tiles)


def put16(d, vals, row0=0):
    d[0, row0 + ROW0, COL0] = np.asarray(vals, dtype=np.uint16)


def get16(d, row0=0):
    return d[0, row0 + ROW0, COL0].astype(np.int64)


def put32(d, vals, row=0):
    r = row + ROW0
    a = ((r & 0x1F8) << 1) | (r & 0x207)
    v = np.asarray(vals, dtype=np.uint32)
    d[0, a, COL0] = v >> 16
    d[0, a + 8, COL0] = v & 0xFFFF


def get32(d, row=0):
    r = row + ROW0
    a = ((r & 0x1F8) << 1) | (r & 0x207)
    return (d[0, a, COL0].astype(np.int64) << 16) | d[0, a + 8, COL0]


def load(fmt, d, pre=0, state=None):
    st, _ = run1([LD(2, fmt)], lregs={2: np.full(32, pre)}, dst=d, state=state)
    return st.lregs[0, 2].astype(np.int64)


def store(fmt, vals, d=None, state=None):
    d = new_dst(1) if d is None else d
    run1([ST(2, fmt)], lregs={2: vals}, dst=d, state=state)
    return d


def ref_read_fp16(x, inf):
    s, e, m = x >> 15, (x >> 10) & 0x1F, x & 0x3FF
    out = np.where(e != 0, (s << 31) | ((e + 112) << 23) | (m << 13), (s << 31) | (m << 13))
    if inf:
        out = np.where((e == 31) & (m == 0x3FF), (s << 31) | 0x7F800000, out)
    return out


def test_load_fp16_and_inf_config():
    x = np.random.default_rng(2).integers(0, 65536, 32)
    x[:6] = [0x3C00, 0x7BFF, 0x7FFF, 0xFFFF, 0x0001, 0x8000]
    d = new_dst(1)
    put16(d, x)
    got = load(isa.MOD0_FMT_FP16, d)
    assert np.array_equal(got, ref_read_fp16(x, False))
    assert got[0] == 0x3F800000 and got[1] == 0x477FE000 and got[2] == 0x47FFE000
    st = SfpuState(1)
    run1([make("SFPCONFIG", Imm16=isa.LANECFG_ENABLE_FP16A_INF, VD=15, Mod1=isa.MOD1_IMM16_IS_VALUE)], state=st)
    got = load(isa.MOD0_FMT_FP16, d, state=st)
    assert np.array_equal(got, ref_read_fp16(x, True))
    assert got[2] == 0x7F800000 and got[3] == 0xFF800000


def test_store_fp16_flush_saturate_truncate():
    v = np.zeros(32, np.uint32)
    v[:8] = f2u([1.0, 65504.0, 1e6, 1e-6, -1e-6, 1.0 + 2**-11, -2.5, 0.0])
    v[8:12] = [0x7FC00000, 0xFF800000, 0x00000001, 0x80000000]
    d = store(isa.MOD0_FMT_FP16, v)
    got = get16(d)
    assert list(got[:12]) == [0x3C00, 0x7BFF, 0x7FFF, 0x0000, 0x8000, 0x3C00, 0xC100, 0, 0x7FFF, 0xFFFF, 0, 0x8000]


def test_bf16_load_store():
    v = np.array([0x3F80FFFF, 0x007FFFFF, 0x807FFFFF, 0xC0490FDB, 0x7F800000, 0x7F800001] + [0] * 26)
    d = store(isa.MOD0_FMT_BF16, v)
    assert list(get16(d)[:6]) == [0x3F80, 0, 0x8000, 0xC049, 0x7F80, 0x7F80]  # NaN truncates to Inf
    assert list(load(isa.MOD0_FMT_BF16, d)[:4]) == [0x3F800000, 0, 0x80000000, 0xC0490000]


def test_fp32_int32_roundtrip_exact():
    v = np.random.default_rng(3).integers(0, 2**32, 32)
    for fmt in (isa.MOD0_FMT_FP32, isa.MOD0_FMT_INT32, isa.MOD0_FMT_INT32_ALL):
        d = store(fmt, v)
        assert np.array_equal(get32(d), v)
        assert np.array_equal(load(fmt, d), v)


def test_int32_sm():
    v = np.array([5, -5, 0, -(2**31) + 1, 2**31 - 1, -1] + [7] * 26, dtype=np.int64)
    d = store(isa.MOD0_FMT_INT32_SM, v)
    sm = np.where(v < 0, 0x80000000 | (-v), v)
    assert np.array_equal(get32(d), sm)
    assert np.array_equal(load(isa.MOD0_FMT_INT32_SM, d), v & 0xFFFFFFFF)
    put32(d, np.full(32, 0x80000000))  # sign-magnitude -0 -> 0
    assert not load(isa.MOD0_FMT_INT32_SM, d).any()


def test_int8_formats():
    v = np.array([5, 0x80000005, 127, 0x8000007F, 1023, 0] + [1] * 26)
    d = store(isa.MOD0_FMT_INT8, v)
    # SignMag11ToFP16 (fixed exponent 16) in plain FP16 layout
    exp = [(16 << 10) | 5, 0x8000 | (16 << 10) | 5, (16 << 10) | 127, 0x8000 | (16 << 10) | 127,
           (16 << 10) | 1023, 16 << 10]
    assert list(get16(d)[:6]) == exp
    assert list(load(isa.MOD0_FMT_INT8, d)[:6]) == [5, 0x80000005, 127, 0x8000007F, 127, 0]  # 7-bit magnitude
    assert list(load(isa.MOD0_FMT_INT8_COMP, d)[:6]) == [5, 0xFFFFFFFB, 127, 0xFFFFFF81, 1023, 0]
    d2 = store(isa.MOD0_FMT_INT8_COMP, np.array([-5, 3] + [0] * 30))
    assert list(get16(d2)[:2]) == [0x8000 | (16 << 10) | 5, (16 << 10) | 3]


def test_16bit_opaque_formats():
    v = np.full(32, 0x89ABCDEF)
    assert (get16(store(isa.MOD0_FMT_UINT16, v)) == 0xCDEF).all()
    assert (get16(store(isa.MOD0_FMT_LO16_ONLY, v)) == 0xCDEF).all()
    assert (get16(store(isa.MOD0_FMT_HI16_ONLY, v)) == 0x89AB).all()
    assert (get16(store(isa.MOD0_FMT_INT16, v)) == 0x8000 | 0x4DEF).all()
    d = new_dst(1)
    put16(d, np.full(32, 0x8123))
    assert (load(isa.MOD0_FMT_UINT16, d) == 0x8123).all()
    assert (load(isa.MOD0_FMT_LO16, d) == 0x8123).all()
    assert (load(isa.MOD0_FMT_HI16, d, pre=0xFFFF) == 0x81230000).all()
    assert (load(isa.MOD0_FMT_INT16, d) == 0x80000123).all()
    assert (load(isa.MOD0_FMT_LO16_ONLY, d, pre=0x5555AAAA) == 0x55558123).all()
    assert (load(isa.MOD0_FMT_HI16_ONLY, d, pre=0x5555AAAA) == 0x8123AAAA).all()
    assert not load(isa.MOD0_FMT_ZERO, d, pre=0x12345678).any()
    d = store(isa.MOD0_FMT_ZERO, v, d)
    assert not get16(d).any()


def test_lo16_hi16_store_raw_into_dst32():
    # These write Dst32b without the FP32 shuffle; a later FP32 load un-shuffles (SFPLOAD.md UnshuffleFP32).
    d = store(isa.MOD0_FMT_LO16, np.full(32, 0x12345678))
    assert (load(isa.MOD0_FMT_FP32, d) == 0x3C561234).all()
    d = store(isa.MOD0_FMT_HI16, np.full(32, 0x12345678))
    assert (load(isa.MOD0_FMT_FP32, d) == 0x1A125678).all()


def test_srcb_resolution():
    v = np.full(32, 0x3F812345)
    st = SfpuState(1)
    assert (get16(store(isa.MOD0_FMT_SRCB, v, state=st)) == 0x3F81).all()  # BF16 family default
    st.set_srcb_format("FP16")
    assert (get16(store(isa.MOD0_FMT_SRCB, v, state=st)) == 0x3C09).all()
    st.set_sfpu_fp32(True)
    assert (get32(store(isa.MOD0_FMT_SRCB, v, state=st)) == 0x3F812345).all()
    with pytest.raises(SfpuError):
        st.set_srcb_format("FOO")


def _flags_from(mask):
    return {7: np.where(mask, 0x80000000, 0)}, [make("SFPSETCC", VC=7, Mod1=isa.SFPSETCC_MOD1_LREG_LT0)]


def test_predicated_load_store_and_int32_all():
    mask = (L % 3) == 0
    regs, cc = _flags_from(mask)
    d = new_dst(1)
    put32(d, np.arange(32) + 100)
    regs[2] = np.full(32, 7)
    st, _ = run1(cc + [LD(2, isa.MOD0_FMT_FP32)], lregs=dict(regs), dst=d)
    assert np.array_equal(st.lregs[0, 2], np.where(mask, np.arange(32) + 100, 7))
    st, _ = run1(cc + [LD(2, isa.MOD0_FMT_INT32_ALL)], lregs=dict(regs), dst=d)
    assert np.array_equal(st.lregs[0, 2], np.arange(32) + 100)
    d = new_dst(1)
    regs[2] = np.arange(32) + 1
    run1(cc + [ST(2, isa.MOD0_FMT_FP32)], lregs=dict(regs), dst=d)
    assert np.array_equal(get32(d), np.where(mask, np.arange(32) + 1, 0))
    d = new_dst(1)
    run1(cc + [ST(2, isa.MOD0_FMT_INT32_ALL)], lregs=dict(regs), dst=d)
    assert np.array_equal(get32(d), np.arange(32) + 1)


def test_rwc_and_int32_all_addressing():
    d = new_dst(1)
    put32(d, np.arange(32) + 1, row=8)
    put32(d, np.arange(32) + 500, row=0)
    # RWC.Dst = 8: normal loads use it fully, INT32_ALL only (RWC & 3) = 0
    st, _ = run1([make("INCRWC", DstInc=8), LD(0, isa.MOD0_FMT_FP32), LD(1, isa.MOD0_FMT_INT32_ALL)], dst=d)
    assert np.array_equal(st.lregs[0, 0], np.arange(32) + 1)
    assert np.array_equal(st.lregs[0, 1], np.arange(32) + 500)
    # dst_reg++ is INCRWC 2: odd columns
    st, _ = run1([make("INCRWC", DstInc=2), ST(10, isa.MOD0_FMT_FP32)], dst=d)
    assert (d[0, ROW0, COL0 + 1] == 0x3F80).all() and not d[0, ROW0, COL0].any()  # rows 0-3 are not remapped


def test_incrwc_setrwc():
    st, _ = run1([make("INCRWC", DstInc=2), make("INCRWC", DstInc=2)])
    assert list(st.rwc[0]) == [4, 0]
    st, _ = run1([make("INCRWC", DstInc=3), make("SETRWC", DstCr=1, DstVal=8, Dst=1),
                  make("SETRWC", DstCr=1, DstVal=8, Dst=1)])
    assert list(st.rwc[0]) == [16, 16]
    st, _ = run1([make("INCRWC", DstCr=1, DstInc=8), make("INCRWC", DstInc=2)])
    assert list(st.rwc[0]) == [10, 8]
    st, _ = run1([make("INCRWC", DstInc=5), make("SETRWC", DstCtoCr=1, DstVal=4)])
    assert list(st.rwc[0]) == [9, 9]
    st, _ = run1([make("INCRWC", DstInc=5), make("SETRWC", Dst=1, DstVal=0)])
    assert list(st.rwc[0]) == [0, 0]
    st, _ = run1([make("INCRWC", DstInc=5), make("SETRWC", DstVal=3)])  # Dst bit clear: no effect
    assert list(st.rwc[0]) == [5, 0]


def test_addrmod_dst_increment():
    st = SfpuState(1)
    st.addr_mod_dst_incr[0, 1] = 4
    run1([LD(0, isa.MOD0_FMT_FP32, AddrMod=1), ST(0, isa.MOD0_FMT_FP32, AddrMod=1), LD(0, 3)], state=st)
    assert st.rwc[0, 0] == 8


def test_lane_config_dst_bits():
    cfg = lambda v: make("SFPCONFIG", Imm16=v, VD=15, Mod1=isa.MOD1_IMM16_IS_VALUE)  # noqa: E731
    d = new_dst(1)
    d[0, ROW0, COL0 + 1] = 0x4000  # odd columns hold BF16 2.0
    st, _ = run1([cfg(isa.LANECFG_DEST_RD_COL_EXCHANGE), LD(0, isa.MOD0_FMT_BF16)], dst=d)
    assert (st.lregs[0, 0] == 0x40000000).all()
    d = new_dst(1)
    run1([cfg(isa.LANECFG_DEST_WR_COL_EXCHANGE), ST(10, isa.MOD0_FMT_BF16)], dst=d)
    assert (d[0, ROW0, COL0 + 1] == 0x3F80).all() and not d[0, ROW0, COL0].any()
    d = new_dst(1)
    run1([cfg(isa.LANECFG_BLOCK_DEST_WR_FROM_SFPU), ST(10, isa.MOD0_FMT_BF16)], dst=d)
    assert not d.any()
    d[0, ROW0, COL0] = 0x4000
    st, _ = run1([cfg(isa.LANECFG_BLOCK_SFPU_RD_FROM_DEST), LD(0, isa.MOD0_FMT_BF16)], dst=d,
                 lregs={0: np.full(32, 9)})
    assert (st.lregs[0, 0] == 9).all()
    # ROW_MASK bit r disables lanes 8r..8r+7
    st, _ = run1([cfg(0b0101 << isa.LANECFG_ROW_MASK_SHIFT), LD(0, isa.MOD0_FMT_BF16)], dst=d,
                 lregs={0: np.full(32, 9)})
    assert np.array_equal(st.lregs[0, 0], np.where((L // 8) % 2 == 0, 9, 0x40000000))
    # CAPTURE_DEFAULT_DEST_INDEX with ENABLE_DEST_INDEX: LReg[VD+4] = Row << 4 | Column
    st, _ = run1([cfg(isa.LANECFG_ENABLE_DEST_INDEX | isa.LANECFG_CAPTURE_DEFAULT_DEST_INDEX),
                  LD(1, isa.MOD0_FMT_BF16, 10)], dst=d)
    assert np.array_equal(st.lregs[0, 5], ((8 + L // 8) << 4) | (COL0 + 1))


def test_store_constant_registers_and_backdoor():
    # VD >= 12 stores need DISABLE_BACKDOOR_LOAD (SFPSTORE.md); VD 8..11 always store.
    d = new_dst(1)
    run1([ST(11, isa.MOD0_FMT_FP32), ST(15, isa.MOD0_FMT_FP32, 4)], dst=d)
    assert (get32(d) == 0xBF800000).all() and not get32(d, 4).any()
    run1([make("SFPCONFIG", Imm16=isa.LANECFG_DISABLE_BACKDOOR_LOAD, VD=15, Mod1=1), ST(15, isa.MOD0_FMT_FP32, 4)],
         dst=d)
    assert np.array_equal(get32(d, 4), 2 * L)
    run1([ST(8, isa.MOD0_FMT_FP32, 8)], dst=d)
    assert (get32(d, 8) == f2u(0.8373)).all()


def test_base_and_range_error():
    d = new_dst(1)
    st = SfpuState(1)
    execute(isa.encode([ST(10, isa.MOD0_FMT_FP32, 2)]), st, d, base=[64])
    assert (get32(d, 64) == 0).all()
    r = 64 + ROW0
    a = ((r & 0x1F8) << 1) | (r & 0x207)
    assert (d[0, a, COL0 + 1] == 0x3F80).all()
    with pytest.raises(SfpuError, match=r"instruction 0 \(SFPLOAD .*\), instance 0: the Dst address"):
        run1([LD(0, 3, 1020)], base=[8])


def test_rows_above_512_alias_in_32bit_mode():
    # Dst.md: Dst32b keeps a 10-bit row; AdjRow maps rows 512.. onto the same storage as rows 256..
    d = new_dst(1)
    st, _ = run1([ST(10, isa.MOD0_FMT_FP32, 512), LD(0, isa.MOD0_FMT_FP32, 256)], dst=d)
    assert (st.lregs[0, 0] == 0x3F800000).all()


def test_sfploadi_modes():
    cases = [(isa.SFPLOADI_MOD0_FLOATB, 0xBF80, 0xBF800000), (isa.SFPLOADI_MOD0_FLOATA, 0x3C00, 0x3F800000),
             (isa.SFPLOADI_MOD0_FLOATA, 0x0001, (112 << 23) | (1 << 13)),
             (isa.SFPLOADI_MOD0_FLOATA, 0xFC00, 0xC7800000),  # no Inf handling: exp 31 -> 143
             (isa.SFPLOADI_MOD0_USHORT, 0xFFFF, 0xFFFF), (isa.SFPLOADI_MOD0_SHORT, 0xFFFE, 0xFFFFFFFE),
             (isa.SFPLOADI_MOD0_SHORT, 0x7FFF, 0x7FFF), (isa.SFPLOADI_MOD0_UPPER, 0x1234, 0x1234CDEF),
             (isa.SFPLOADI_MOD0_LOWER, 0x1234, 0x89AB1234)]
    for mod, imm, exp in cases:
        st, _ = run1([make("SFPLOADI", VD=3, Mod0=mod, Imm16=imm)], lregs={3: np.full(32, 0x89ABCDEF)})
        assert (st.lregs[0, 3] == exp).all(), (mod, hex(imm))
    st, _ = run1([make("SFPLOADI", VD=9, Mod0=0, Imm16=0x4000), make("SFPLOADI", VD=12, Mod0=0, Imm16=0x4000)])
    assert (st.lregs[0, 9] == 0).all() and (st.lregs[0, 12] == 0x37800000).all()  # writes dropped


def test_runtime_inputs():
    prog = [make("SFPLOADI", VD=0, Mod0=isa.SFPLOADI_MOD0_USHORT, input=0),
            make("SFPIADD", VC=0, VD=1, Mod1=isa.SFPIADD_MOD1_ARG_IMM | isa.SFPIADD_MOD1_CC_NONE, input=1)]
    st = SfpuState(2)
    d = new_dst(1)
    execute(isa.encode(prog), st, d, inputs=u32([[100, -3], [7, 2047]]))
    assert (st.lregs[0, 1] == 97).all() and (st.lregs[1, 1] == 7 + 2047).all()
    with pytest.raises(SfpuError, match="does not fit"):
        execute(isa.encode(prog), st, d, inputs=u32([[0x10000, 0], [0, 0]]))
    with pytest.raises(SfpuError, match="does not fit"):
        execute(isa.encode(prog), st, d, inputs=u32([[0, 4096], [0, 0]]))
    with pytest.raises(SfpuError, match="inputs has only"):
        execute(isa.encode(prog), st, d, inputs=u32([[0], [0]]))


def test_threads_give_the_sequential_result_and_error():
    """execute(threads=2) splits independent instances (distinct states and Dsts) over host threads: the same
    registers, Dst and counts as one thread, and the first failing instance reported as a sequential run would."""
    prog = [make("SFPLOAD", VD=0, Mod0=isa.MOD0_FMT_FP32, Imm10=0),
            make("SFPLOADI", VD=1, Mod0=isa.SFPLOADI_MOD0_USHORT, input=0),
            make("SFPIADD", VC=1, VD=0, Mod1=isa.SFPIADD_MOD1_CC_NONE),
            make("SFPSTORE", VD=0, Mod0=isa.MOD0_FMT_FP32, Imm10=4)]
    k = 16
    rng = np.random.default_rng(3)
    d0 = new_dst(k)
    d0[:] = rng.integers(0, 2**16, d0.shape, dtype=np.uint64).astype(np.uint16)
    inputs = u32(rng.integers(0, 2**16, (k, 1)))
    results = []
    for threads in (1, 2):
        st, d = SfpuState(k), d0.copy()
        counts = execute(isa.encode(prog), st, d, inputs=inputs, threads=threads)
        results.append((st.lregs.copy(), d, counts))
    assert all(np.array_equal(a, b) for a, b in zip(results[0], results[1]))
    bad = inputs.copy()
    bad[11, 0] = 0x10000  # does not fit the 16-bit immediate: instance 11, in the second thread's half
    with pytest.raises(SfpuError, match="instance 11"):
        execute(isa.encode(prog), SfpuState(k), d0.copy(), inputs=bad, threads=2)
    # instances sharing a state run in one thread, in order (one state: the last instance's values remain)
    st1 = SfpuState(1)
    execute(isa.encode(prog), st1, d0.copy(), state_of=np.zeros(k, np.int64), inputs=inputs, threads=2)
    assert np.array_equal(st1.lregs[0], results[0][0][k - 1])
