"""The tile's frontend: MOP Expander (templates 0 and 1, MOP_CFG, mop_cfg MMIO), Replay Expander (record, tee,
playback, wrap), the B core's push after the MOP Expander, Tile(execute=False).issued. Differential tests against
tests/tile_reference.py, written from MOPExpander.md and REPLAY.md alone."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tensix
from tensix.tile import Tile, TileError, isa, ops
import tile_reference as ref

NOP = ops.TT_OP_NOP
# plain instructions that flow through both expanders (distinct, so orders are visible)
PLAIN = [ops.TT_OP_SETDMAREG(0, v, 0, 2) for v in range(1, 40)] + [ops.TT_OP_DMANOP, ops.TT_OP_SFPNOP]
plain = st.sampled_from(PLAIN)
cfg_word = st.one_of(plain, st.just(NOP))


def frontend(*pushes, mop_cfg=None, thread=0):
    tile = Tile(execute=False)
    for i, v in enumerate(mop_cfg or []):
        tile.mmio_write(f"T{thread}", 0xFFB80000 + 4 * i, v)
    for words in pushes:
        tile.push(thread, words)
    return tile.issued(thread)


def test_plain_words_flow_through_in_order():
    assert frontend(PLAIN[:5], PLAIN[5:7]) == PLAIN[:7]
    import numpy as np
    assert frontend(np.array(PLAIN[:3], dtype=np.uint32), PLAIN[3], np.uint32(PLAIN[4])) == PLAIN[:5]


def test_template0_by_hand():
    a0, a1, a2, a3, b, s0, sb = PLAIN[:7]
    cfg = [0, 0b11, b, a0, a1, a2, a3, s0, sb]
    # Count1 = 2 -> three iterations; mask 0b010: iteration 1 takes the skip path
    assert frontend([ops.TT_OP_MOP(0, 2, 0b010)], mop_cfg=cfg) == [a0, a1, a2, a3, b, s0, sb, a0, a1, a2, a3, b]
    # HasA123 = 0, HasB = 0: one instruction per iteration
    assert frontend([ops.TT_OP_MOP(0, 3, 0b0101)], mop_cfg=[0, 0, b, a0, a1, a2, a3, s0, sb]) == [s0, a0, s0, a0]
    # MOP_CFG gives the mask's high half, and it persists across MOPs (per thread)
    words = [ops.TT_OP_MOP_CFG(0x1), ops.TT_OP_MOP(0, 16, 0), ops.TT_OP_MOP(0, 16, 0)]
    out = frontend(words, mop_cfg=[0, 0, b, a0, a1, a2, a3, s0, sb])
    assert out == [a0] * 16 + [s0] + [a0] * 16 + [s0]


def test_template1_by_hand():
    start, end0, end1, lop, lop1, l0last, l1last = PLAIN[:7]
    # 2 outer x 3 inner, no LoopOp1: start, lop, lop, l1last, end0, end1 | start, lop, lop, l0last, end0, end1
    cfg = [2, 3, start, end0, end1, lop, NOP, l0last, l1last]
    assert frontend([ops.TT_OP_MOP(1, 0, 0)], mop_cfg=cfg) == [start, lop, lop, l1last, end0, end1,
                                                                start, lop, lop, l0last, end0, end1]
    # LoopOp1 not a NOP: the inner loop alternates and runs twice as long
    cfg = [1, 2, NOP, NOP, end1, lop, lop1, l0last, l1last]
    assert frontend([ops.TT_OP_MOP(1, 0, 0)], mop_cfg=cfg) == [lop, lop1, lop, l0last]
    # EndOp1 is used only after an EndOp0 that is not a NOP
    cfg = [1, 1, NOP, NOP, end1, lop, NOP, l0last, l1last]
    assert frontend([ops.TT_OP_MOP(1, 0, 0)], mop_cfg=cfg) == [l0last]
    # the documented hardware bug: OuterCount 1, StartOp NOP, InnerCount 0, EndOp0 not NOP -> 129 iterations
    cfg = [1, 0, NOP, end0, NOP, lop, NOP, l0last, l1last]
    assert frontend([ops.TT_OP_MOP(1, 0, 0)], mop_cfg=cfg) == [end0] * 129
    # OuterCount 0: nothing at all; only the low seven bits of the counts count
    assert frontend([ops.TT_OP_MOP(1, 0, 0)], mop_cfg=[128, 5, start, end0, end1, lop, NOP, l0last, l1last]) == []
    # DMANOP / SFPNOP are not NOPs for the expander: only opcode 0x02 is
    cfg = [1, 0, ops.TT_OP_DMANOP, ops.TT_OP_SFPNOP, NOP, lop, NOP, l0last, l1last]
    assert frontend([ops.TT_OP_MOP(1, 0, 0)], mop_cfg=cfg) == [ops.TT_OP_DMANOP, ops.TT_OP_SFPNOP]


@settings(max_examples=150, deadline=None)
@given(st.lists(cfg_word, min_size=9, max_size=9), st.integers(0, 255), st.integers(0, 3),
       st.integers(0, 127), st.integers(0, 0xFFFF), st.integers(0, 0xFFFF), st.booleans())
def test_mop_expander_matches_the_reference(words, outer, flags, count1, lo, hi, template1):
    cfg = list(words)
    cfg[0], cfg[1] = outer & 0xFF if template1 else cfg[0], (outer % 9 if template1 else flags)
    stream = [PLAIN[0], ops.TT_OP_MOP_CFG(hi), ops.TT_OP_MOP(int(template1), count1, lo), PLAIN[1]]
    assert frontend(stream, mop_cfg=cfg) == list(ref.mop_expander(stream, cfg))


def test_replay_by_hand():
    w = PLAIN
    # record 3 at index 30 (wraps to 0), nothing comes out; playback 3 from 30; then from 31 with count 2
    out = frontend([ops.TT_OP_REPLAY(30, 3, 0, 1), w[0], w[1], w[2], ops.TT_OP_REPLAY(30, 3, 0, 0),
                    ops.TT_OP_REPLAY(31, 2, 0, 0)])
    assert out == [w[0], w[1], w[2], w[1], w[2]]
    # exec while loading: recorded and passed on
    out = frontend([ops.TT_OP_REPLAY(4, 2, 1, 1), w[5], w[6], ops.TT_OP_REPLAY(4, 2, 0, 0)])
    assert out == [w[5], w[6], w[5], w[6]]
    # a Load spans pushes; Count 0 means 64, so 64 loads wrap the 32 entries and the later ones win
    tile = Tile(execute=False)
    tile.push(0, [ops.TT_OP_REPLAY(0, 0, 0, 1)] + [w[i % 39] for i in range(40)])
    tile.push(0, [w[i % 39] for i in range(40, 64)] + [ops.TT_OP_REPLAY(0, 0, 0, 0)])
    assert tile.issued(0) == [w[i % 39] for i in range(32, 64)] * 2
    # a REPLAY met while recording is recorded verbatim (and reaching the Wait Gate later is an error)
    out = frontend([ops.TT_OP_REPLAY(0, 2, 0, 1), ops.TT_OP_REPLAY(5, 1, 0, 0), w[0], ops.TT_OP_REPLAY(0, 2, 0, 0)])
    assert out == [ops.TT_OP_REPLAY(5, 1, 0, 0), w[0]]
    # buffers are per thread
    tile = Tile(execute=False)
    tile.push(0, [ops.TT_OP_REPLAY(0, 1, 0, 1), w[0]])
    tile.push(1, [ops.TT_OP_REPLAY(0, 1, 0, 1), w[1]])
    tile.push(0, [ops.TT_OP_REPLAY(0, 1, 0, 0)])
    assert tile.issued(0) == [w[0]] and tile.issued(1) == []


replay_word = st.builds(lambda i, c, e, load: ops.TT_OP_REPLAY(i, c, e, load), st.integers(0, 31),
                        st.integers(0, 63), st.integers(0, 1), st.integers(0, 1))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(plain, replay_word), max_size=80), st.integers(1, 5))
def test_replay_expander_matches_the_reference(stream, chunks):
    # pushed in several pieces: the expander keeps its recording state across pushes
    size = max(1, len(stream) // chunks)
    pieces = [stream[i:i + size] for i in range(0, len(stream), size)]
    assert frontend(*pieces) == list(ref.replay_expander(stream))


def test_mop_feeds_replay_expander():
    # MOPExpander.md: the MOP Expander may emit REPLAY instructions, which the Replay Expander expands
    a, b = PLAIN[:2]
    cfg = [0, 0, NOP, ops.TT_OP_REPLAY(0, 2, 0, 0), NOP, NOP, NOP, ops.TT_OP_REPLAY(1, 1, 0, 0), NOP]
    out = frontend([ops.TT_OP_REPLAY(0, 2, 0, 1), a, b, ops.TT_OP_MOP(0, 2, 0b010)], mop_cfg=cfg)
    assert out == [a, b, b, a, b]


def test_b_core_pushes_after_the_mop_expander():
    tile = Tile(execute=False)
    for i, v in enumerate([0, 0, NOP, PLAIN[0], NOP, NOP, NOP, NOP, NOP]):
        tile.mmio_write("T1", 0xFFB80000 + 4 * i, v)
    tile.mmio_write("B", 0xFFE50000, PLAIN[3])  # INSTRN1_BUF_BASE: B pushes into T1
    tile.mmio_write("T1", 0xFFE40000, ops.TT_OP_MOP(0, 1, 0))
    tile.mmio_write("B", 0xFFE50000, ops.TT_OP_REPLAY(0, 1, 0, 1))  # B's words still meet the Replay Expander
    tile.mmio_write("B", 0xFFE50000, PLAIN[4])
    tile.mmio_write("B", 0xFFE40000, PLAIN[5])  # B to T0
    tile.mmio_write("T0", 0xFFE4FFFC, PLAIN[6])  # anywhere in INSTRN_BUF_BASE's 64 KiB
    assert tile.issued(1) == [PLAIN[3], PLAIN[0], PLAIN[0]] and tile.issued(0) == [PLAIN[5], PLAIN[6]]
    with pytest.raises(tensix.UndefinedBehaviourError, match="RISCV B|RISC-V B.*MOP.md"):
        tile.push(2, [ops.TT_OP_MOP(0, 0, 0)], core="B")
    with pytest.raises(tensix.UndefinedBehaviourError, match="MOP_CFG"):
        tile.mmio_write("B", 0xFFE60000, ops.TT_OP_MOP_CFG(1))


def test_push_errors():
    tile = Tile(execute=False)
    with pytest.raises(TileError, match="thread 3 does not exist"):
        tile.push(3, [NOP])
    with pytest.raises(TileError, match="NC cannot push"):
        tile.push(0, [NOP], core="NC")
    with pytest.raises(TileError, match="only RISC-V B may push to INSTRN1_BUF_BASE.*hangs"):
        tile.mmio_write("T0", 0xFFE50000, NOP)
    with pytest.raises(TileError, match="does not fit in 32 bits"):
        tile.push(0, [1 << 32])
    with pytest.raises(TileError, match="lists the frontend's output of a Tile\\(execute=False\\)"):
        Tile().issued(0)
    with pytest.raises(tensix.UndefinedBehaviourError, match="write-only"):
        tile.mmio_read("T0", 0xFFB80000)
    with pytest.raises(TileError, match="nothing is mapped there"):
        tile.mmio_write("B", 0xFFB80000, 0)  # B has no MOP configuration
    # bits that the ISA pages leave blank but ckernel_ops.h assigns are not guessed at
    with pytest.raises(tensix.NotModelledError, match="MOP_CFG.md leaves blank"):
        tile.push(0, [ops.TT_OP_MOP_CFG(0x10000)])
    with pytest.raises(tensix.NotModelledError, match="REPLAY.md leaves blank"):
        tile.push(0, [ops.TT_OP_REPLAY(32, 1, 0, 0)])
    with pytest.raises(tensix.NotModelledError, match="REPLAY.md leaves blank"):
        tile.push(0, [ops.TT_OP_REPLAY(0, 64, 0, 0)])


def test_mop_cfg_mmio_is_per_thread():
    tile = Tile(execute=False)
    tile.mmio_write("T2", 0xFFB80000 + 4 * 3, PLAIN[7])
    assert tile.mop_cfg(2)[3] == PLAIN[7] and tile.mop_cfg(0)[3] == 0
    tile.push(2, [ops.TT_OP_MOP(0, 0, 0)])
    tile.push(0, [ops.TT_OP_MOP(0, 0, 0)])
    assert tile.issued(2) == [PLAIN[7]] and tile.issued(0) == [0]
    assert isa.disassemble(tile.issued(2)[0]).startswith("SETDMAREG")
