"""Time in tensix.tile (issue 16, part 5): thread and unit clocks with the figures of tensix/costs.json, each with
its tt-isa-documentation source; Tile.clock / Tile.profile. Figures are read from costs.json here too, so these
tests check the rules (who waits for whom, and how long), not hard-wired numbers."""

import json
from pathlib import Path

import numpy as np
import pytest

import tensix.tile

from tensix.tile import Tile, isa, ops, timing

COSTS = {k: v["value"] for k, v in json.loads((Path(timing.__file__).parents[1] / "costs.json").read_text()).items()
         if isinstance(v, dict) and "value" in v}


def _run(pushes):
    tile = Tile()
    for thread, words in pushes:
        tile.push(thread, words)
    tile.finish()
    return tile


def test_every_figure_has_an_isa_source():
    table = json.loads((Path(timing.__file__).parents[1] / "costs.json").read_text())
    for key in [k for k in table if k.startswith("tile.")] + ["sfpu.instruction"]:
        assert "WormholeB0/TensixTile" in table[key]["source"] or "VectorUnit.md" in table[key]["source"], key


def test_scalar_unit_latencies_hold_the_thread():
    arith, far = COSTS["tile.thcon.arith"], COSTS["tile.thcon.arith_far"]
    assert _run([(0, [ops.TT_OP_SETDMAREG(0, 5, 0, 1)])]).clock(0) == COSTS["tile.thcon.short"]
    assert _run([(0, [ops.TT_OP_ADDDMAREG(1, 2, 1, 1)])]).clock(0) == arith  # RightImm6
    assert _run([(0, [ops.TT_OP_ADDDMAREG(0, 2, 1, 3)])]).clock(0) == arith  # GPRs 1 and 3: one group of four
    assert _run([(0, [ops.TT_OP_ADDDMAREG(0, 2, 4, 3)])]).clock(0) == far    # GPRs 3 and 4: two groups
    assert _run([(0, [ops.TT_OP_SETC16(1, 0)] * 5)]).clock(0) == 5 * COSTS["tile.instruction.issue"]


def test_other_threads_wait_for_the_scalar_unit():
    arith = COSTS["tile.thcon.arith"]
    tile = _run([(0, [ops.TT_OP_ADDDMAREG(1, 2, 1, 1)]), (1, [ops.TT_OP_ADDDMAREG(1, 2, 1, 1)])])
    p = tile.profile()
    assert sorted([tile.clock(0), tile.clock(1)]) == [arith, 2 * arith]
    assert sorted([p["threads"]["T0"]["stall"], p["threads"]["T1"]["stall"]]) == [0, arith]
    assert p["units"]["scalar"] == {"busy": 2 * arith, "instructions": 2}
    # a Configuration Unit instruction of another thread does not wait for the Scalar Unit
    tile = _run([(0, [ops.TT_OP_ADDDMAREG(1, 2, 1, 1)]), (1, [ops.TT_OP_SETC16(1, 0)])])
    assert tile.clock(1) == COSTS["tile.config.setc16"] and tile.profile()["threads"]["T1"]["stall"] == 0


def test_wrcfg_is_one_per_cycle_over_all_threads():
    tile = _run([(t, [ops.TT_OP_WRCFG(0, 0, 8)]) for t in range(3)])
    assert sorted(tile.clock(t) for t in range(3)) == [1, 2, 3]


def test_sfpswap_stalls_a_following_non_nop():
    swap = ops.TT_OP_SFPSWAP(0, 1, 0, 1)
    add = ops.TT_OP_SFPADD(0, 0, 0, 2, 0)
    a = _run([(0, [swap, add])]).profile()
    b = _run([(0, [swap, ops.TT_OP_SFPNOP, add])]).profile()
    assert a["threads"]["T0"]["stall"] == COSTS["tile.sfpu.swap_stall"] and b["threads"]["T0"]["stall"] == 0
    assert a["threads"]["T0"]["cycles"] == b["threads"]["T0"]["cycles"] == 3  # SFPSWAP.md: two cycles either way
    assert b["units"]["vector"] == {"busy": 3, "instructions": 3}


def test_a_waiter_resumes_when_the_semaphore_changes():
    """T0 waits (SEMWAIT, STALL_ON_ZERO, holding ThCon) until T1's SEMPOST after ten SETDMAREGs; its next ThCon
    instruction passes at the SEMPOST's time, and the wait is T0's stall."""
    wait = ops.TT_OP_SEMWAIT(0x20, 1 << 3, 1)  # STALL_THCON, semaphore 3, STALL_ON_ZERO
    tile = Tile()
    tile.set_semaphore(3, 0, 1)
    tile.push(0, [wait, ops.TT_OP_SETDMAREG(0, 1, 0, 0)])
    tile.push(1, [ops.TT_OP_SETDMAREG(0, 1, 0, 2)] * 10 + [ops.TT_OP_SEMPOST(1 << 3)])
    tile.finish()
    post_done = 10 * COSTS["tile.thcon.short"] + COSTS["tile.sync.instruction"]
    assert tile.clock(0) == post_done + COSTS["tile.thcon.short"]
    assert tile.profile()["threads"]["T0"]["stall"] == post_done - 1


def test_sfpi_program_on_the_tile_costs_one_cycle_per_instruction():
    """An SFPI program's words on the tile: one issue cycle each (SFPNOPs included, no SFPSWAP), as
    tensix.sfpi's cycle count."""
    from tensix.sfpi import llk
    from tensix.sfpi.runner import compiled_for, words_with_inputs
    c = compiled_for(llk.UNARY["exp"].program, (False, True, False, True))
    tile = Tile()
    tile.push(1, words_with_inputs(c, (False, True, False, True)))
    tile.finish()
    assert tile.clock(1) == len(c.instrs)
    p = tile.profile()
    assert p["units"]["vector"]["instructions"] + p["units"]["matrix"]["instructions"] == len(c.instrs)


def test_profile_counts_every_unit():
    words = [ops.TT_OP_SETDMAREG(0, 1, 0, 0), ops.TT_OP_SETC16(1, 0), ops.TT_OP_SEMINIT(1, 0, 1),
             ops.TT_OP_INCRWC(0, 1, 0, 0), ops.TT_OP_SFPNOP, ops.TT_OP_NOP]
    p = _run([(2, words)]).profile()
    assert {u: v["instructions"] for u, v in p["units"].items()} == {
        "scalar": 1, "config": 1, "sync": 1, "matrix": 1, "vector": 1, "other": 1}
    assert p["cycles"] == p["threads"]["T2"]["cycles"] == 6


def test_timing_tables_cover_every_executed_unit():
    unit, busy, *_ = timing.tables()
    for name, u in isa.UNIT.items():
        if u in ("scalar", "config", "sync", "vector"):
            assert timing.UNITS[unit[isa.OPCODE[name]]] == u and busy[isa.OPCODE[name]] >= 1, name
    assert np.all(np.array(busy) >= 1)


def test_charged_work_keeps_a_unit_busy_and_shows_in_the_profile():
    """Tile.charge: work a unit does outside the Wait Gates (the compute API's batched SFPU programs) occupies the
    unit; the next instruction for it waits. Tile.advance_to: a RISC-V that pushes late moves its thread's clock."""
    tile = Tile()
    tile.charge("vector", 0, 40, 38)
    tile.push(1, [ops.TT_OP_SFPNOP])
    tile.finish()
    p = tile.profile()
    assert p["units"]["vector"] == {"busy": 40 + COSTS["sfpu.instruction"], "instructions": 39}
    assert tile.clock(1) == 40 + COSTS["tile.instruction.issue"] and p["threads"]["T1"]["stall"] == 40
    tile.advance_to(0, 100)
    tile.advance_to(0, 7)  # never backwards
    tile.push(0, [ops.TT_OP_SETC16(1, 0)])
    tile.finish()
    assert tile.clock(0) == 100 + COSTS["tile.config.setc16"] and tile.profile()["threads"]["T0"]["stall"] == 0
    with pytest.raises(tensix.tile.TileError, match="none of scalar"):
        tile.charge("sfpu", 0, 1, 1)


def test_rmwcib_and_rdcfg_skip_the_cycle_after_a_wrcfg_or_rdcfg():
    """ConfigurationUnit.md: RMWCIB / RDCFG issue at most one per cycle over all threads, and only if neither RDCFG
    nor WRCFG issued in the previous cycle by any thread; WRCFG one per cycle; SETC16 one per thread per cycle."""
    gap = COSTS["tile.config.after_wrcfg_rdcfg"]
    wrcfg, rdcfg, rmw = ops.TT_OP_WRCFG(0, 0, 8), ops.TT_OP_RDCFG(0, 8), ops.TT_OP_RMWCIB0(0xFF, 1, 8)
    # one thread: WRCFG at 0, the RMWCIB may not issue at 1
    tile = _run([(0, [wrcfg, rmw])])
    assert tile.clock(0) == 2 + gap and tile.profile()["threads"]["T0"]["stall"] == gap
    # RDCFG then RDCFG: the second waits too; RMWCIB then RMWCIB does not
    assert _run([(0, [rdcfg, rdcfg])]).profile()["threads"]["T0"]["stall"] == gap
    assert _run([(0, [rmw, rmw, rmw])]).clock(0) == 3
    # across threads: T0's WRCFG at 0 holds T1's RMWCIB until 1 + gap; T2's RMWCIB then waits for T1's
    tile = _run([(0, [wrcfg]), (1, [rmw]), (2, [rmw])])
    assert tile.clock(1) == 2 + gap and tile.clock(2) == 3 + gap
    # SETC16 is not held by any of them
    tile = _run([(0, [wrcfg]), (1, [ops.TT_OP_SETC16(1, 0)])])
    assert tile.clock(1) == COSTS["tile.config.setc16"] and tile.profile()["threads"]["T1"]["stall"] == 0


def _mop_tile(a0):
    """A tile whose T0 MOP template 0 emits `a0` once per iteration (no B, no A1-A3)."""
    tile = Tile()
    for i, v in enumerate([0, 0, 0, a0, 0, 0, 0, a0, 0]):
        tile.mmio_write("T0", 0xFFB80000 + 4 * i, v)
    return tile


def test_mop_transition_delays_the_next_instruction_by_a_cycle():
    """MOPExpander.md: after expanding a MOP, if the next instruction is not a MOP, a one cycle transition penalty
    (neither ingest nor emit); the backend sees it unless the MOP's last word keeps it fed."""
    pen, setc16, issue = COSTS["tile.mop.transition"], ops.TT_OP_SETC16(1, 0), COSTS["tile.instruction.issue"]
    mop2 = ops.TT_OP_MOP(0, 1, 0)  # two iterations: a0, a0
    tile = _mop_tile(setc16)
    tile.push(0, [mop2, setc16])
    tile.finish()
    assert tile.clock(0) == 3 * issue + pen and tile.profile()["threads"]["T0"]["stall"] == pen
    # MOP after MOP: no transition between them; one after the last
    tile = _mop_tile(setc16)
    tile.push(0, [mop2, mop2, setc16])
    tile.finish()
    assert tile.clock(0) == 5 * issue + pen
    # the next instruction in a later push: the same penalty (the expander's state, not the push, decides)
    tile = _mop_tile(setc16)
    tile.push(0, [mop2])
    tile.push(0, [setc16])
    tile.finish()
    assert tile.clock(0) == 3 * issue + pen
    # a MOP_CFG after the MOP: the transition happens there; the word after it still comes late
    tile = _mop_tile(setc16)
    tile.push(0, [mop2, ops.TT_OP_MOP_CFG(0), setc16])
    tile.finish()
    assert tile.clock(0) == 3 * issue + pen


def test_mop_transition_is_hidden_when_the_backend_is_busy_or_fed_by_a_replay():
    setc16, issue = ops.TT_OP_SETC16(1, 0), COSTS["tile.instruction.issue"]
    # the MOP's last word holds the thread in the Scalar Unit for 3 cycles: the transition fits inside
    add = ops.TT_OP_ADDDMAREG(1, 2, 1, 1)
    tile = _mop_tile(add)
    tile.push(0, [ops.TT_OP_MOP(0, 0, 0), setc16])
    tile.finish()
    assert tile.clock(0) == COSTS["tile.thcon.arith"] + issue and tile.profile()["threads"]["T0"]["stall"] == 0
    # the MOP's last word is a REPLAY of two words: the Replay Expander keeps the backend fed (the page's advice)
    tile = _mop_tile(ops.TT_OP_REPLAY(0, 2, 0, 0))
    tile.push(0, [ops.TT_OP_REPLAY(0, 2, 0, 1), setc16, setc16])  # record two SETC16s (not executed)
    tile.push(0, [ops.TT_OP_MOP(0, 0, 0), setc16])
    tile.finish()
    assert tile.clock(0) == 3 * issue and tile.profile()["threads"]["T0"]["stall"] == 0
    # a REPLAY of one word: the penalty shows
    tile = _mop_tile(ops.TT_OP_REPLAY(0, 1, 0, 0))
    tile.push(0, [ops.TT_OP_REPLAY(0, 1, 0, 1), setc16])
    tile.push(0, [ops.TT_OP_MOP(0, 0, 0), setc16])
    tile.finish()
    assert tile.clock(0) == 2 * issue + COSTS["tile.mop.transition"]


def test_entry_cycle_is_what_the_accounting_gives():
    """Clocks.entry_cycle (what the Vector Unit's SFPLOADMACRO schedule reads as 'now') agrees with the clocks
    after the word passes, MOP transition included."""
    setc16, nop = ops.TT_OP_SETC16(1, 0), ops.TT_OP_SFPNOP
    tile = _mop_tile(setc16)
    tile.push(0, [ops.TT_OP_MOP(0, 1, 0)])
    tile.finish()
    tile.push(0, [nop])  # the word after the MOP: one cycle late
    assert tile.clocks.entry_cycle(0, nop) == 2 * COSTS["tile.instruction.issue"] + COSTS["tile.mop.transition"]
    tile.finish()
    assert tile.clock(0) == tile.clocks.entry_cycle(0, nop) == 3 * COSTS["tile.instruction.issue"] + \
        COSTS["tile.mop.transition"]
