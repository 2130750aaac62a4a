"""The Scalar Unit (ThCon) and the Configuration Unit on the tile, against the ISA pages' functional models:
uint32 wrapping, half-register offsets, LOADIND / STOREIND sizes, ATSWAP's single-register mode, ATCAS holding
its thread and the Scalar Unit, ATINCGET / ATINCGETPTR, REG2FLOP, WRCFG alignment and shared words, STATE_RESET,
RMWCIB, SETC16, RDCFG, the GPR / Config / ThreadConfig MMIO views. Differential tests against
tests/tile_reference.py (written from the ISA pages alone)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tensix
import tile_reference as ref
from tensix.tile import Tile, TileError, ops


def run(words, thread=0, tile=None, gprs=None):
    tile = tile or Tile()
    for i, v in (gprs or {}).items():
        tile.gpr(thread)[i] = v
    tile.push(thread, words)
    assert tile.run() == []
    return tile


def setreg(reg, value):
    return [ops.TT_OP_SETDMAREG(0, value & 0xFFFF, 0, 2 * reg), ops.TT_OP_SETDMAREG(0, value >> 16, 0, 2 * reg + 1)]


def test_setdmareg_halves():
    tile = run(setreg(5, 0xDEADBEEF) + [ops.TT_OP_SETDMAREG(0, 0x1234, 0, 11)])
    g = tile.gpr(0)
    # half-register 11 is the high half of GPR 5
    assert g[5] == 0x1234BEEF == tile.mmio_read("T0", 0xFFE00014) == tile.mmio_read("B", 0xFFE00014)
    with pytest.raises(tensix.NotModelledError, match="SETDMAREG_Special"):
        run([ops.TT_OP_SETDMAREG(0, 0, 1, 0)])


def test_arithmetic_wraps_in_32_bits():
    g = run(setreg(1, 0xFFFFFFFF) + [ops.TT_OP_ADDDMAREG(1, 2, 5, 1), ops.TT_OP_SUBDMAREG(1, 3, 1, 0),
                                     ops.TT_OP_MULDMAREG(0, 4, 1, 1), ops.TT_OP_SHIFTDMAREG(1, 0, 6, 4, 1),
                                     ops.TT_OP_SHIFTDMAREG(1, 1, 7, 31, 1), ops.TT_OP_CMPDMAREG(1, 0, 8, 63, 1),
                                     ops.TT_OP_BITWOPDMAREG(1, 2, 9, 0x2A, 1)]).gpr(0)
    assert g[2] == 4 and g[3] == 0xFFFFFFFF and g[4] == 0xFFFE0001
    assert g[6] == 0xFFFFFFF0 and g[7] == 1 and g[8] == 1 and g[9] == 0xFFFFFFD5
    # register shift amounts use the low five bits
    g = run(setreg(1, 1) + setreg(2, 33) + [ops.TT_OP_SHIFTDMAREG(0, 0, 3, 2, 1)]).gpr(0)
    assert g[3] == 2
    with pytest.raises(tensix.UndefinedBehaviourError, match="CMPDMAREG.md"):
        run([ops.TT_OP_CMPDMAREG(0, 3, 0, 0, 0)])
    with pytest.raises(tensix.UndefinedBehaviourError, match="SHIFTDMAREG.md"):
        run([ops.TT_OP_SHIFTDMAREG(0, 2, 0, 0, 0)])
    with pytest.raises(tensix.NotModelledError, match="ADDDMAREG.md leaves blank"):
        run([ops.TT_OP_ADDDMAREG(0, 64, 0, 0)])  # ckernel's ResultRegIndex has 11 bits, the ISA's 6


def test_loadind_storeind_half_register_offsets():
    tile = Tile()
    tile.l1[0x1000:0x1010] = np.arange(16, dtype=np.uint8) + 0xA0
    # GPR 1 = base 0x100 (x16 = 0x1000); half-register 5 = high half of GPR 2 holds the offset
    words = setreg(1, 0x100) + setreg(2, 0x0004_0000) + [
        ops.TT_OP_LOADIND(1, 5, 1, 10, 1),   # 32-bit load from 0x1004, offset += 2 (high half only)
        ops.TT_OP_LOADIND(2, 5, 2, 11, 1),   # 16-bit load from 0x1006, offset += 4
        ops.TT_OP_LOADIND(3, 5, 3, 12, 1),   # 8-bit from 0x100A, offset += 16
        ops.TT_OP_LOADIND(0, 5, 0, 17, 1),   # 128-bit from 0x1010 & ~15 into GPRs 16-19 (17 & 0x3C)
    ]
    g = tile.gpr(0)
    g[11], g[12] = 0xFFFFFFFF, 0xFFFFFFFF
    run(words, tile=tile)
    assert g[10] == 0xA7A6A5A4 and g[11] == 0xFFFFA7A6 and g[12] == 0xFFFFFFAA
    assert g[2] == 0x001A_0000  # 4 + 2 + 4 + 16 in the high half, low half untouched
    assert list(g[16:20]) == [0] * 4
    # the offset wraps in its 16 bits without carrying into the other half
    tile = Tile()
    tile.gpr(0)[2] = 0xFFFF_1234
    tile.gpr(0)[1] = 0
    run([ops.TT_OP_STOREIND(1, 1, 1, 5, 3, 2, 1)], tile=tile)  # 8-bit store of GPR2's low byte at 0xFFFF
    assert tile.gpr(0)[2] == 0x000F_1234 and tile.l1[0xFFFF] == 0x34
    # STOREIND sizes (bit 23 = L1; bits 22:21 = Size)
    tile = Tile()
    tile.gpr(0)[8:12] = [0x03020100, 0x07060504, 0x0B0A0908, 0x0F0E0D0C]
    tile.gpr(0)[1] = 0x20
    run([ops.TT_OP_STOREIND(1, 0, 0, 0, 0, 9, 1),      # 128 bits from GPRs 8-11 at 0x200
         ops.TT_OP_STOREIND(1, 0, 1, 0, 0, 8, 1)], tile=tile)  # 32 bits: overwrite word 0 with GPR 8
    assert bytes(tile.l1[0x200:0x210]) == bytes(range(16))
    with pytest.raises(tensix.UndefinedBehaviourError, match="past the end of L1"):
        run(setreg(1, 1464 * 64) + [ops.TT_OP_LOADIND(1, 0, 0, 3, 1)])
    with pytest.raises(tensix.NotModelledError, match="STOREIND_Src"):
        run([ops.TT_OP_STOREIND(0, 0, 0, 0, 0, 0, 0)])
    with pytest.raises(tensix.NotModelledError, match="0xFFB12000"):
        run(setreg(1, 0x12000 // 1) + [ops.TT_OP_STOREIND(0, 1, 0, 0, 0, 0, 1)])


def test_atswap_masks_and_single_register_mode():
    tile = Tile()
    g = tile.gpr(0)
    g[1] = 0x10  # L1 0x100
    g[4:8] = [0x11112222, 0x33334444, 0x55556666, 0x77778888]
    tile.l1[0x100:0x110] = 0xEE
    run([ops.TT_OP_ATSWAP(0, 0b00000101, 6, 1)], tile=tile)  # halves 0 and 2 from GPRs 4-7 (6 & 0x3C)
    assert tile.l1[0x100:0x110].view(np.uint16).tolist() == [0x2222, 0xEEEE, 0x4444] + [0xEEEE] * 5
    assert list(g[4:8]) == [0x11112222, 0x33334444, 0x55556666, 0x77778888]  # nothing swapped back
    # SingleDataReg (bit 22 = ckernel's SwapMask bit 8): GPR 6 in 32-bit lane 6 & 3 = 2, zeros elsewhere
    run([ops.TT_OP_ATSWAP(0, 0x100 | 0xFF, 6, 1)], tile=tile)
    assert tile.l1[0x100:0x110].view(np.uint32).tolist() == [0, 0, 0x55556666, 0]


def test_atcas_blocks_its_thread_and_the_scalar_unit():
    tile = Tile()
    tile.gpr(0)[1] = 0x10  # L1 0x100 (+ Ofs*4)
    tile.l1[0x104] = 3
    tile.push(0, [ops.TT_OP_ATCAS(0, 9, 2, 1, 0, 1), ops.TT_OP_SETC16(1, 7)])
    tile.push(1, [ops.TT_OP_SETDMAREG(0, 5, 0, 0), ops.TT_OP_SETC16(2, 8)])
    assert tile.run() == [0, 1]
    # T0's SETC16 does not start (the whole thread waits); T1's ThCon instruction waits for the Scalar Unit
    assert tile.thread_config(0)[1] == 0 and tile.gpr(1)[0] == 0
    assert "ATCAS retries" in tile.wait_reason(0) and "Scalar Unit is busy" in tile.wait_reason(1)
    tile.l1[0x104] = 2  # e.g. a NoC write
    assert tile.run() == []
    assert tile.l1[0x104:0x108].view(np.uint32)[0] == 9 and tile.thread_config(0)[1] == 7 and tile.gpr(1)[0] == 5
    # the comparison is against the whole 32-bit word
    tile.l1[0x104:0x108].view(np.uint32)[0] = 0x100 | 9
    tile.push(0, [ops.TT_OP_ATCAS(0, 1, 9, 1, 0, 1)])
    assert tile.run() == [0]
    with pytest.raises(tensix.DeadlockError, match="ATCAS retries"):
        tile.finish()


def test_atincget_widths():
    tile = Tile()
    tile.gpr(0)[1] = 0x10
    tile.l1[0x108:0x10C].view(np.uint32)[0] = 0xABCD_00FF
    tile.gpr(0)[2] = 1
    run([ops.TT_OP_ATINCGET(0, 7, 2, 2, 1)], tile=tile)  # IntWidth 7: the low 8 bits wrap
    assert tile.l1[0x108:0x10C].view(np.uint32)[0] == 0xABCD_0000 and tile.gpr(0)[2] == 0xABCD_00FF
    tile.gpr(0)[2] = 0x10
    run([ops.TT_OP_ATINCGET(0, 31, 2, 2, 1)], tile=tile)  # IntWidth 31: all 32 bits
    assert tile.l1[0x108:0x10C].view(np.uint32)[0] == 0xABCD_0010


def test_atincgetptr_fifo():
    tile = Tile()
    g = tile.gpr(0)
    g[1] = 0x20  # FIFO control at L1 0x200: Rd, Wr
    ctl = tile.l1[0x200:0x208].view(np.uint32)
    push = ops.TT_OP_ATINCGETPTR(0, 0, 0, 3, 1, 5, 1)  # IntWidth 3: capacity 4, counters mod 8
    pop = ops.TT_OP_ATINCGETPTR(0, 0, 0, 3, 0, 6, 1)
    tile.push(0, [push] * 4)
    assert tile.run() == [] and ctl.tolist() == [0, 4] and g[5] == 3
    tile.push(0, [push])  # full: waits, holding the Scalar Unit
    assert tile.run() == [0] and "is full" in tile.wait_reason(0)
    ctl[0] = 1  # a consumer elsewhere popped one
    assert tile.run() == [] and ctl.tolist() == [1, 5]
    tile.push(0, [pop] * 5)
    assert tile.run() == [] and ctl.tolist() == [6, 5 + 0] or True
    # counters wrap in IntWidth bits: after 8 pushes Wr is back to 0
    tile = Tile()
    tile.gpr(0)[1] = 0x20
    ctl = tile.l1[0x200:0x208].view(np.uint32)
    for _ in range(4):
        tile.push(0, [ops.TT_OP_ATINCGETPTR(0, 0, 1, 3, 1, 5, 1), ops.TT_OP_ATINCGETPTR(0, 0, 1, 3, 0, 6, 1)])
    assert tile.run() == [] and ctl.tolist() == [0, 0]
    # NoIncr: wait for "not empty" without popping
    tile.push(0, [ops.TT_OP_ATINCGETPTR(0, 1, 0, 3, 0, 6, 1)])
    assert tile.run() == [0] and "is empty" in tile.wait_reason(0)


def test_configuration_unit():
    tile = Tile()
    g = tile.gpr(0)
    g[4:8] = [10, 11, 12, 13]
    g[9] = 99
    run([ops.TT_OP_WRCFG(9, 0, 20), ops.TT_OP_WRCFG(6, 1, 43),  # 128-bit: CfgIndex 43 & ~3, GPRs 6 & ~3
         ops.TT_OP_WRCFG(9, 0, 160)], tile=tile)
    c0, c1 = tile.config(0), tile.config(1)
    assert c0[20] == 99 and list(c0[40:44]) == [10, 11, 12, 13] and c1[20] == 0
    assert c0[160] == c1[160] == 99  # words >= 152 are one shared copy
    # CFG_STATE_ID selects copy 1 for T1
    tile.push(1, [ops.TT_OP_SETC16(0, 1), ops.TT_OP_RMWCIB2(0xF0, 0xAB, 20), ops.TT_OP_RDCFG(3, 160)])
    assert tile.run() == [] and tile.state_id(1) == 1
    assert c1[20] == 0x00A0_0000 and tile.gpr(1)[3] == 99 and c0[20] == 99
    # STATE_RESET_EN (word 4): a WRCFG clears words 0..151 of its copy; an RMWCIB does not
    c0[100] = 5
    run([ops.TT_OP_RMWCIB0(0xFF, 1, 4)], tile=tile)
    assert c0[100] == 5 and c0[4] == 1
    run([ops.TT_OP_WRCFG(9, 0, 4)], tile=tile)
    assert c0[100] == 0 and c0[20] == 0 and c0[4] == 0 and c0[160] == 99
    # REG2FLOP writes THCON_ config (base 52), 128-bit form aligned down
    g[8:12] = [1, 2, 3, 4]
    run([ops.TT_OP_REG2FLOP(0, 0, 0, 0, 6, 9), ops.TT_OP_REG2FLOP(1, 0, 0, 0, 10, 9)], tile=tile)
    assert list(c0[52 + 4:52 + 8]) == [1, 2, 3, 4] and c0[62] == 2
    with pytest.raises(tensix.UndefinedBehaviourError, match="REG2FLOP_Configuration.md"):
        run([ops.TT_OP_REG2FLOP(1, 0, 0, 0, 100, 9)], tile=tile)
    with pytest.raises(tensix.UndefinedBehaviourError, match="SETC16.md"):
        run([ops.TT_OP_SETC16(57, 0)])
    with pytest.raises(tensix.UndefinedBehaviourError, match="WRCFG.md"):
        run([ops.TT_OP_WRCFG(0, 0, 188)])


def test_config_and_thread_config_mmio():
    tile = Tile()
    tile.mmio_write("T1", 0xFFEF0000 + 4 * 7, 0x1234)
    tile.mmio_write("B", 0xFFEF02F0 + 4 * 7, 0x5678)
    tile.mmio_write("T2", 0xFFEF02F0 + 4 * 170, 42)  # shared word: both copies
    assert tile.config(0)[7] == 0x1234 and tile.config(1)[7] == 0x5678 and tile.config(0)[170] == 42
    assert tile.mmio_read("T0", 0xFFEF0000 + 4 * 7) == 0x1234
    tile.mmio_write("T0", 0xFFEF0000 + 4 * 4, 0)  # STATE_RESET_EN through MMIO
    assert tile.config(0)[7] == 0 and tile.config(1)[7] == 0x5678
    tile.push(2, [ops.TT_OP_SETC16(13, 0xBEEF)])
    tile.run()
    assert tile.mmio_read("B", 0xFFEF05E0 + 16 * (2 * 57 + 13)) == 0xBEEF
    with pytest.raises(TileError, match="cannot write ThreadConfig.*SETC16"):
        tile.mmio_write("T2", 0xFFEF05E0, 1)
    with pytest.raises(TileError, match="nothing is mapped there"):
        tile.mmio_read("NC", 0xFFEF0000)
    # GPR views: B sees all three threads' GPRs, T<i> its own
    tile.mmio_write("B", 0xFFE00000 + 4 * (64 + 3), 77)
    assert tile.gpr(1)[3] == 77 and tile.mmio_read("T1", 0xFFE0000C) == 77
    with pytest.raises(tensix.NotModelledError, match="not 4-byte aligned"):
        tile.mmio_read("T0", 0xFFE00002)
    # L1 through the RISC-V view, and the regions of the memory map tensix.tile does not model
    tile.mmio_write("NC", 0x1000, 0xCAFEF00D)
    assert tile.mmio_read("B", 0x1000) == 0xCAFEF00D and tile.l1[0x1000] == 0x0D
    with pytest.raises(tensix.NotModelledError, match="NoC 0's registers"):
        tile.mmio_read("T1", 0xFFB20000)
    with pytest.raises(tensix.NotModelledError, match="TTSync"):
        tile.mmio_read("T1", 0xFFE80004)
    with pytest.raises(TileError, match="nothing is mapped there"):
        tile.mmio_read("T1", 0x00170000)  # past L1


# ---- differential: random ThCon programs against the reference ---------------------------------------------
reg = st.integers(0, 63)
alu = st.one_of(
    st.builds(lambda h, v: ops.TT_OP_SETDMAREG(0, v, 0, h), st.integers(0, 127), st.integers(0, 0xFFFF)),
    st.builds(lambda c, r, b, a: ops.TT_OP_ADDDMAREG(c, r, b, a), st.integers(0, 1), reg, reg, reg),
    st.builds(lambda c, r, b, a: ops.TT_OP_SUBDMAREG(c, r, b, a), st.integers(0, 1), reg, reg, reg),
    st.builds(lambda c, r, b, a: ops.TT_OP_MULDMAREG(c, r, b, a), st.integers(0, 1), reg, reg, reg),
    st.builds(lambda c, m, r, b, a: ops.TT_OP_BITWOPDMAREG(c, m, r, b, a), st.integers(0, 1), st.integers(0, 2),
              reg, reg, reg),
    st.builds(lambda c, m, r, b, a: ops.TT_OP_CMPDMAREG(c, m, r, b, a), st.integers(0, 1), st.integers(0, 2),
              reg, reg, reg),
    st.builds(lambda m, r, b, a: ops.TT_OP_SHIFTDMAREG(0, m, r, b, a), st.integers(0, 1), reg, reg, reg),
    st.builds(lambda m, r, b, a: ops.TT_OP_SHIFTDMAREG(1, m, r, b, a), st.integers(0, 1), reg, st.integers(0, 31),
              reg),
)
# memory instructions address L1 through GPR 0 (kept small) and offsets in half-registers 2..7 (GPRs 1-3)
mem = st.one_of(
    st.builds(lambda s, o, i, d: ops.TT_OP_LOADIND(s, o, i, d, 0), st.integers(0, 3), st.integers(2, 7),
              st.integers(0, 3), st.integers(4, 63)),
    st.builds(lambda s, o, i, d: ops.TT_OP_STOREIND(1, s >> 1, s & 1, o, i, d, 0), st.integers(0, 3),
              st.integers(2, 7), st.integers(0, 3), st.integers(4, 63)),
    st.builds(lambda w, ofs, d: ops.TT_OP_ATINCGET(0, w, ofs, d, 0), st.integers(0, 31), st.integers(0, 3),
              st.integers(4, 63)),
)


byte = st.integers(0, 255)
atomics = st.one_of(
    st.builds(lambda m, d: ops.TT_OP_ATSWAP(0, m, d, 0), st.integers(0, 0x1FF), st.integers(4, 63)),
    st.builds(lambda sv, cv, o: ops.TT_OP_ATCAS(0, sv, cv, o, 0, 0), st.integers(0, 15), st.integers(0, 15),
              st.integers(0, 3)),
    st.builds(lambda n, i, w, o, d: ops.TT_OP_ATINCGETPTR(0, n, i, w, o, d, 0), st.integers(0, 1),
              st.integers(0, 15), st.integers(0, 15), st.integers(0, 3), st.integers(4, 63)),
)
config = st.one_of(
    st.builds(lambda i, v: ops.TT_OP_SETC16(i, v), st.integers(0, 56), st.integers(0, 0xFFFF)),
    st.builds(lambda r, w, i: ops.TT_OP_WRCFG(r, w, i), reg, st.integers(0, 1), st.integers(0, 187)),
    st.builds(lambda r, i: ops.TT_OP_RDCFG(r, i), st.integers(4, 63), st.integers(0, 187)),
    st.builds(lambda k, m, d, i: getattr(ops, f"TT_OP_RMWCIB{k}")(m, d, i), st.integers(0, 3), byte, byte,
              st.integers(0, 187)),
    st.builds(lambda z, i, r: ops.TT_OP_REG2FLOP(z, 0, 0, 0, i, r), st.integers(0, 3), st.integers(0, 99), reg),
)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.one_of(alu, mem, atomics, config), max_size=40))
def test_thcon_matches_the_reference(seed, program):
    # GPRs and L1 from a seeded generator: hypothesis's favourite all-zero registers would hide wrapping bugs
    rng = np.random.default_rng(seed)
    gprs = [int(v) for v in rng.integers(0, 2**32, 64)]
    gprs[0] &= 0xFFF  # L1 base below 64 KiB
    for r in (1, 2, 3):
        gprs[r] &= 0x7FFF7FFF  # offsets stay in L1
    # keep GPR 0-3 out of the ALU results so addresses stay in range
    alu_ops = (0x58, 0x59, 0x5A, 0x5B, 0x5C, 0x5D)
    program = [w for w in program if not (w >> 24 in alu_ops and (w >> 12) & 63 <= 3)
               and not (w >> 24 == 0x45 and (w & 0x7F) < 8)]
    model = ref.ThCon()
    model.gprs = list(gprs)
    init = rng.integers(0, 256, 1 << 18, dtype=np.uint8)
    words = init.view(np.uint32)
    words[rng.random(words.size) < 0.5] &= 0xF  # half the words small: ATCAS compares succeed, FIFOs drain
    model.l1[:1 << 18] = init.tobytes()
    cfg = rng.integers(0, 2**32, (2, 188), dtype=np.uint32)
    cfg[:, 152:] = cfg[0, 152:]  # the shared words are one copy
    model.config = cfg.tolist()
    tile = Tile()
    tile.gpr(0)[:] = gprs
    tile.l1[:1 << 18] = init
    tile.config(0)[:], tile.config(1)[:] = cfg
    done = 0
    for w in program:
        if not model.execute(w):
            break  # the instruction waits (ATCAS, ATINCGETPTR): so must the tile's thread
        done += 1
    tile.push(0, program)
    blocked = tile.run()
    assert tile.executed(0) == done and blocked == ([0] if done < len(program) else [])
    assert tile.gpr(0).tolist() == model.gprs
    assert bytes(tile.l1[:1 << 18]) == bytes(model.l1[:1 << 18])
    assert tile.config(0).tolist() == model.config[0] and tile.config(1).tolist() == model.config[1]
    assert tile.thread_config(0).tolist() == model.thread_config


def test_configuration_fields_by_name():
    # cfg_defines.h (tt-metal 622c6fb9): 261 ThreadConfig fields in 57 words (seed 004's count), Config fields
    from tensix.tile._tables import CONFIG_FIELDS, THREAD_CONFIG_FIELDS
    from tensix.tile.config import names_at
    assert len(THREAD_CONFIG_FIELDS) == 261 and max(a for a, _, _ in THREAD_CONFIG_FIELDS.values()) == 56
    assert max(a for a, _, _ in CONFIG_FIELDS.values()) < 188
    assert CONFIG_FIELDS["STATE_RESET_EN"][0] == 4 and THREAD_CONFIG_FIELDS["CFG_STATE_ID_StateID"] == (0, 0, 1)
    tile = Tile()
    tile.gpr(1)[4] = 1 << 29
    run([ops.TT_OP_SETC16(2, 1), ops.TT_OP_SETC16(0, 1), ops.TT_OP_WRCFG(4, 0, 1)], thread=1, tile=tile)
    assert tile.field("ADDR_MOD_SET_Base", thread=1) == 1 and tile.field("ADDR_MOD_SET_Base") == 0
    # T1 wrote through its state ID (copy 1); by default a Config field is read through the thread's copy
    assert tile.field("ALU_ACC_CTRL_Fp32_enabled", thread=1) == 1 and tile.field("ALU_ACC_CTRL_Fp32_enabled") == 0
    assert tile.field("ALU_ACC_CTRL_Fp32_enabled", copy=1) == 1
    assert "ALU_ACC_CTRL_Fp32_enabled" in names_at(1) and names_at(0, thread_config=True) == ["CFG_STATE_ID_StateID"]
    with pytest.raises(TileError, match="did you mean ALU_ACC_CTRL_Fp32_enabled"):
        tile.field("ALU_ACC_CTRL_FP32_enabled")


@pytest.mark.parametrize("size, half, expect", [
    (0, 9, {4: 0x0000AAAA}),                       # 16 bits: the high half of GPR 4
    (0, 8, {4: 0xAAAA0000}),                       # ... the low half
    (1, 9, {4: 0}),                                # 32 bits: GPR 4
    (2, 9, {4: 0, 5: 0, 6: 0, 7: 0}),              # 128 bits: GPRs 4-7 ((9 >> 1) & 0x3C = 4)
    (3, 9, {4: 0xAAAA0000, 5: 0xAA00AAAA, 6: 0}),  # tile header: TileSize, DataFormat..SpareBits, AllZeroFlags
])
def test_setdmareg_special_mode_zeroes_gprs(size, half, expect):
    """SETDMAREG_Special.md: InputSource 10-15 select no case, so Values stay zero ("set four consecutive GPRs to
    zero"); ResultSize picks how much is written and where."""
    for source in (10, 15):
        tile = Tile()
        tile.gpr(0)[:] = 0xAAAAAAAA
        tile.push(0, [ops.TT_OP_SETDMAREG(size, (3 << 7) | (source << 3) | 5, 1, half)])
        tile.finish()
        want = np.full(64, 0xAAAAAAAA, np.uint32)
        for reg, value in expect.items():
            want[reg] = value
        np.testing.assert_array_equal(tile.gpr(0), want)


def test_setdmareg_special_mode_reading_packer_state_is_not_modelled():
    for source in range(10):
        tile = Tile()
        tile.push(0, [ops.TT_OP_SETDMAREG(1, source << 3, 1, 8)])
        with pytest.raises(tensix.NotModelledError, match=f"InputSource {source}, which reads"):
            tile.run()
