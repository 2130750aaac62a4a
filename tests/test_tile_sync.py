"""Tensix Sync on the tile: mutexes (ATGETM / ATRELM), semaphores (SEMINIT / SEMPOST / SEMGET, the RISC-V view),
SEMWAIT and STALLWAIT latched at the Wait Gate with their block masks, run() / blocked() / finish()."""

import pytest

import tensix
from tensix.tile import Tile, TileError, isa, ops

# SETDMAREG(0, value, 0, half_reg): a ThCon instruction (blocked by B0 / B5) with a visible effect
def mark(value, half=0):
    return ops.TT_OP_SETDMAREG(0, value, 0, half)


SETC16 = ops.TT_OP_SETC16(1, 0x55)  # a Configuration Unit instruction (B7)
B5, B7, B1 = 1 << 5, 1 << 7, 1 << 1


def test_semaphore_instructions_and_mmio_view():
    tile = Tile()
    tile.push(0, [ops.TT_OP_SEMINIT(3, 1, 0b101), ops.TT_OP_SEMPOST(0b111), ops.TT_OP_SEMGET(0b010)])
    assert tile.run() == []
    assert [tile.semaphore(i) for i in range(3)] == [(2, 3), (0, 0), (2, 3)]
    # SEMPOST saturates at 15 whatever Max is, SEMGET at 0
    tile.push(1, [ops.TT_OP_SEMPOST(1)] * 20 + [ops.TT_OP_SEMGET(2)] * 3)
    tile.run()
    assert tile.semaphore(0) == (15, 3) and tile.semaphore(1) == (0, 0)
    # RISC-V T view: read = Value, even write = SEMPOST, odd write = SEMGET (SyncUnit.md)
    assert tile.mmio_read("T2", 0xFFE80020) == 15
    tile.mmio_write("T0", 0xFFE80020 + 4 * 7, 0)
    tile.mmio_write("T1", 0xFFE80020 + 4 * 7, 2)
    tile.mmio_write("T2", 0xFFE80020 + 4 * 7, 3)
    assert tile.semaphore(7) == (1, 0) and tile.mmio_read("T0", 0xFFE8003C) == 1
    with pytest.raises(tensix.NotModelledError, match="PCBuf from B to T0"):
        tile.mmio_read("B", 0xFFE80020)  # B sees its PC buffer there, not the semaphores
    with pytest.raises(tensix.NotModelledError, match="past semaphore 7"):
        tile.mmio_read("T0", 0xFFE80040)
    tile.set_semaphore(4, 9, 12)
    assert tile.semaphore(4) == (9, 12)
    with pytest.raises(TileError, match="4 bits"):
        tile.set_semaphore(4, 16, 0)
    with pytest.raises(TileError, match="semaphore 8 does not exist"):
        tile.semaphore(8)


def test_semwait_holds_only_blocked_instructions():
    tile = Tile()
    # SEMWAIT blocks B7 (config) until semaphore 0 is non-zero; ThCon instructions keep flowing
    tile.push(0, [ops.TT_OP_SEMWAIT(B7, 1, 1), SETC16, mark(7)])
    assert tile.run() == [0]
    assert "held at the Wait Gate by SEMWAIT" in tile.wait_reason(0)
    assert tile.thread_config(0)[1] == 0 and tile.gpr(0)[0] == 0  # in-order: mark waits behind SETC16
    tile.push(1, [ops.TT_OP_SEMPOST(1)])
    assert tile.run() == []
    assert tile.thread_config(0)[1] == 0x55 and tile.gpr(0)[0] == 7
    # instructions not in the block mask pass while the wait is latched
    tile = Tile()
    tile.push(0, [ops.TT_OP_SEMWAIT(B7, 1, 1), mark(3), mark(4, 1), SETC16])
    assert tile.run() == [0] and tile.gpr(0)[0] == 0x00040003
    # C1: wait while Value >= Max
    tile = Tile()
    tile.push(0, [ops.TT_OP_SEMINIT(2, 2, 1), ops.TT_OP_SEMWAIT(B5, 1, 2), mark(1)])
    assert tile.run() == [0]
    tile.mmio_write("T1", 0xFFE80020, 1)  # RISC-V SEMGET: 1 < Max
    assert tile.run() == [] and tile.gpr(0)[0] == 1


def test_semwait_block_mask_zero_means_b6_and_condition_zero_means_stallwait():
    tile = Tile()
    tile.push(0, [ops.TT_OP_SEMWAIT(0, 1, 1), mark(5)])  # BlockMask 0 -> B6 (matrix): ThCon passes
    assert tile.run() == [] and tile.gpr(0)[0] == 5
    tile.push(0, [ops.TT_OP_SEMWAIT(B5, 1, 0), mark(6)])  # ConditionMask 0 -> STALLWAIT 0x7F: met at once
    assert tile.run() == [] and tile.gpr(0)[0] == 6


def test_latch_forgotten_when_met_even_if_semaphore_drops_again():
    # SEMWAIT.md: the Wait Gate re-evaluates every cycle and forgets the latch once the conditions hold
    tile = Tile()
    tile.push(0, [ops.TT_OP_SEMWAIT(B7, 1, 1)])
    tile.run()
    tile.mmio_write("T1", 0xFFE80020, 0)  # post
    tile.mmio_write("T1", 0xFFE80020, 1)  # get: back to 0
    tile.push(0, [SETC16])
    assert tile.run() == [] and tile.thread_config(0)[1] == 0x55


def test_new_wait_replaces_latch_unless_b1():
    tile = Tile()
    tile.push(0, [ops.TT_OP_SEMWAIT(B7, 1, 1), ops.TT_OP_SEMWAIT(B5, 2, 1), SETC16, mark(1)])
    # the second SEMWAIT replaced the first: SETC16 passes, the ThCon instruction waits on semaphore 1
    assert tile.run() == [0] and tile.thread_config(0)[1] == 0x55 and tile.gpr(0)[0] == 0
    assert "sem_sel=2" in tile.wait_reason(0)
    tile = Tile()
    tile.push(0, [ops.TT_OP_SEMWAIT(B7 | B1, 1, 1), ops.TT_OP_SEMWAIT(B5, 2, 1), SETC16])
    assert tile.run() == [0] and tile.thread_config(0)[1] == 0  # with B1 the second SEMWAIT itself waits


def test_stallwait_conditions():
    tile = Tile()
    # C0 (ThCon requests) and C7 / C14 are met at once: nothing is in flight in this model
    tile.push(0, [ops.TT_OP_STALLWAIT(0x1FF, 1 | 1 << 7 | 1 << 14), mark(9), ops.TT_OP_STALLWAIT(0, 0), mark(8)])
    assert tile.run() == [] and tile.gpr(0)[0] == 8
    with pytest.raises(tensix.NotModelledError, match="C8-C11"):
        tile.push(0, [ops.TT_OP_STALLWAIT(B5, 1 << 9)])
        tile.run()


def test_nop_is_blocked_only_by_a_full_block_mask():
    tile = Tile()
    tile.push(0, [ops.TT_OP_SEMWAIT(0x1FE, 1, 1), ops.TT_OP_NOP])
    assert tile.run() == []
    tile.push(0, [ops.TT_OP_SEMWAIT(0x1FF, 1, 1), ops.TT_OP_NOP])
    assert tile.run() == [0]


def test_two_threads_hand_over_through_a_semaphore():
    tile = Tile()
    # T1 waits for T0's post, then writes its own GPR; T0 waits for T1's post back
    # the block masks include B1 so that the SEMGET after each SEMWAIT waits too (SEMGET is a Sync Unit
    # instruction: B5 alone would let it run at once, on an empty semaphore)
    tile.push(1, [ops.TT_OP_SEMWAIT(B1 | B5, 1, 1), ops.TT_OP_SEMGET(1), mark(11), ops.TT_OP_SEMPOST(2)])
    tile.push(0, [mark(10), ops.TT_OP_SEMPOST(1), ops.TT_OP_SEMWAIT(B1 | B5, 2, 1), ops.TT_OP_SEMGET(2), mark(12)])
    assert tile.run() == []
    assert tile.gpr(1)[0] == 11 and tile.gpr(0)[0] == 12 and tile.semaphore(0) == tile.semaphore(1) == (0, 0)
    # with B5 alone, T0's SEMGET runs before T1's post and the post is left over
    tile = Tile()
    tile.push(1, [ops.TT_OP_SEMWAIT(B1 | B5, 1, 1), ops.TT_OP_SEMGET(1), ops.TT_OP_SEMPOST(2)])
    tile.push(0, [ops.TT_OP_SEMPOST(1), ops.TT_OP_SEMWAIT(B5, 2, 1), ops.TT_OP_SEMGET(2), mark(12)])
    assert tile.run() == [] and tile.semaphore(1) == (1, 0)


def test_mutexes():
    tile = Tile()
    tile.push(0, [ops.TT_OP_ATGETM(3), ops.TT_OP_ATGETM(3)])  # re-acquire by the holder is fine
    tile.push(1, [ops.TT_OP_ATGETM(3), mark(1)])
    tile.push(2, [ops.TT_OP_ATGETM(3), mark(2)])
    assert tile.run() == [1, 2] and tile.mutex_holder(3) == 0
    assert "held by T0" in tile.wait_reason(1)
    tile.push(1, [])  # nothing changes
    tile.push(2, [])
    # release by a non-holder does nothing; by the holder hands over to (0 + 1) % 3 = T1 (ATRELM.md)
    tile2 = Tile()
    tile2.push(0, [ops.TT_OP_ATGETM(0), ops.TT_OP_ATGETM(0)])
    tile2.push(1, [ops.TT_OP_ATRELM(0)])
    tile2.run()
    assert tile2.mutex_holder(0) == 0
    tile.push(0, [ops.TT_OP_ATRELM(3)])
    tile.run()
    assert tile.mutex_holder(3) in (1, 2) and tile.gpr(1)[0] == 1 and tile.blocked() == [2]
    tile.push(1, [ops.TT_OP_ATRELM(3)])
    assert tile.run() == [] and tile.mutex_holder(3) == 2 and tile.gpr(2)[0] == 2
    with pytest.raises(TileError, match="mutex 1 does not exist"):
        tile.mutex_holder(1)


def test_round_robin_fairness_on_release():
    for releaser in range(3):
        tile = Tile()
        others = [(releaser + 1) % 3, (releaser + 2) % 3]
        tile.push(releaser, [ops.TT_OP_ATGETM(5)])
        tile.run()
        for t in others:
            tile.push(t, [ops.TT_OP_ATGETM(5)])
        tile.run()
        tile.push(releaser, [ops.TT_OP_ATRELM(5)])
        tile.run()
        assert tile.mutex_holder(5) == others[0]


def test_mutex_index_1_waits_forever_and_finish_reports_deadlock():
    tile = Tile()
    tile.push(0, [ops.TT_OP_ATGETM(1)])
    tile.push(2, [ops.TT_OP_SEMWAIT(B5, 1 << 6, 1), mark(1)])
    assert tile.run() == [0, 2]
    with pytest.raises(tensix.DeadlockError) as e:
        tile.finish()
    text = str(e.value)
    assert "T0: 0xA0000001 ATGETM mutex_index=1: ATGETM of mutex 1 waits forever" in text
    assert "T2: 0x45000100 SETDMAREG" in text and "held at the Wait Gate by SEMWAIT" in text
    with pytest.raises(tensix.NotModelledError, match="ATGETM.md leaves blank"):
        t = Tile()
        t.push(0, [ops.TT_OP_ATGETM(1 << 16)])
        t.run()


def test_units_not_modelled_and_words_that_must_not_reach_the_gate():
    tile = Tile()
    tile.push(0, [isa.encode("ZEROACC")])
    with pytest.raises(tensix.NotModelledError, match="matrix unit.*ZEROACC.md"):
        tile.run()
    tile = Tile()
    tile.push(0, [ops.TT_OP_REPLAY(0, 1, 0, 1), ops.TT_OP_REPLAY(5, 1, 0, 0), ops.TT_OP_REPLAY(0, 1, 0, 0)])
    with pytest.raises(tensix.UndefinedBehaviourError, match="REPLAY.*reached the Wait Gate"):
        tile.run()
    tile = Tile()
    tile.push(0, [ops.TT_OP_REPLAY(3, 1, 0, 0)])  # never recorded: plays back word 0
    with pytest.raises(TileError, match="opcode 0x00 is not a Wormhole Tensix instruction"):
        tile.run()


def test_describe():
    tile = Tile()
    tile.push(0, [ops.TT_OP_SEMINIT(3, 0, 1), ops.TT_OP_ATGETM(2), ops.TT_OP_SEMWAIT(B5, 1, 1), mark(1),
                  ops.TT_OP_REPLAY(0, 4, 0, 1), mark(2)])
    tile.run()
    text = tile.describe()
    assert "T0: 3 executed, next 0x45000100 SETDMAREG" in text and "(1 queued)" in text
    assert "waits: held at the Wait Gate by SEMWAIT" in text and "latched: SEMWAIT" in text
    assert "replay buffer recording, 3 to go" in text
    assert "semaphores (value/max): 0:0/3" in text and "mutexes held: 2:T0" in text and "T1: 0 executed, idle" in text
    assert repr(tile) == "<tensix.tile.Tile execute=True blocked=[0]>"
