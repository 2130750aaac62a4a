"""Device time: per-RISC-V clocks, blocking waits, zones, determinism, Perfetto export, cost file provenance."""

import json

import numpy as np
import pytest

import tensix.metalium as tm
from tensix.costs import cost, table
from tensix.kernel import (CBIndex, DeviceZoneScopedN, cb_pop_front, cb_push_back, cb_reserve_back, cb_wait_front,
                           get_noc_addr, get_semaphore, noc_semaphore_inc, noc_semaphore_wait, riscv_wait)

TILE = 2048
C0 = tm.CoreCoord(0, 0)


def setup(pages=1):
    dev = tm.CreateDevice(0)
    prog = tm.CreateProgram()
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(pages * TILE, {0: tm.DataFormat.Float16_b})
                            .set_page_size(0, TILE))
    return dev, prog


def k(prog, fn, riscv, core=C0):
    return tm.CreateKernel(prog, fn, core, tm.DataMovementConfig(
        processor=[tm.DataMovementProcessor.RISCV_0, tm.DataMovementProcessor.RISCV_1][riscv]))


def test_every_cost_has_a_source():
    for name, entry in table().items():
        assert isinstance(entry["value"], (int, float)) and entry["value"] >= 0, name
        assert len(entry["source"]) > 10, name


def test_wait_moves_consumer_to_producer_time():
    dev, prog = setup()

    def producer():
        riscv_wait(10_000)
        cb_reserve_back(CBIndex.c_0, 1)
        cb_push_back(CBIndex.c_0, 1)

    def consumer():
        cb_wait_front(CBIndex.c_0, 1)
        cb_pop_front(CBIndex.c_0, 1)

    k(prog, producer, 0)
    k(prog, consumer, 1)
    run = tm.EnqueueProgram(dev.command_queue(), prog)
    t = run.per_core()[(0, 0)]
    push_time = 10_000 + cost("riscv.cb_reserve_back") + cost("riscv.cb_push_back")
    assert t["NCRISC"]["end"] == push_time + cost("riscv.cb_pop_front")
    assert t["NCRISC"]["idle"] == push_time - cost("riscv.cb_wait_front")
    assert t["BRISC"]["busy"] == push_time
    assert run.duration_cycles == push_time + cost("riscv.cb_pop_front")


def test_producer_blocks_on_full_cb_until_pop():
    dev, prog = setup(pages=1)

    def producer():
        for _ in range(2):
            cb_reserve_back(CBIndex.c_0, 1)
            cb_push_back(CBIndex.c_0, 1)

    def consumer():
        cb_wait_front(CBIndex.c_0, 1)
        riscv_wait(5_000)
        cb_pop_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_0, 1)
        cb_pop_front(CBIndex.c_0, 1)

    k(prog, producer, 0)
    k(prog, consumer, 1)
    run = tm.EnqueueProgram(dev.command_queue(), prog)
    t = run.per_core()[(0, 0)]
    assert t["BRISC"]["end"] > 5_000          # the second reserve waited for the pop
    assert t["BRISC"]["idle"] > 4_900


def test_semaphore_time_includes_noc_latency():
    dev = tm.CreateDevice(0)
    prog = tm.CreateProgram()
    both = tm.CoreRange(tm.CoreCoord(0, 0), tm.CoreCoord(1, 0))
    tm.CreateSemaphore(prog, both, 0)
    nx, ny = dev.worker_core_from_logical_core(tm.CoreCoord(1, 0))

    def signaller():
        riscv_wait(1000)
        noc_semaphore_inc(get_noc_addr(nx, ny, get_semaphore(0)), 1)

    def waiter():
        noc_semaphore_wait(get_semaphore(0), 1)

    k(prog, signaller, 0, tm.CoreCoord(0, 0))
    k(prog, waiter, 0, tm.CoreCoord(1, 0))
    run = tm.EnqueueProgram(dev.command_queue(), prog)
    w = run.per_core()[(1, 0)]["BRISC"]["end"]
    assert w >= 1000 + 2 * cost("noc.niu_latency") + cost("noc.hop_latency")   # one hop (NoC x 1 -> 2)


def test_zones_and_perfetto(tmp_path):
    dev, prog = setup()

    def producer():
        with DeviceZoneScopedN("produce"):
            riscv_wait(300)
            cb_reserve_back(CBIndex.c_0, 1)
            cb_push_back(CBIndex.c_0, 1)

    def consumer():
        with DeviceZoneScopedN("consume"):
            cb_wait_front(CBIndex.c_0, 1)
            cb_pop_front(CBIndex.c_0, 1)

    k(prog, producer, 0)
    k(prog, consumer, 1)
    run = tm.EnqueueProgram(dev.command_queue(), prog)
    assert dev.profiler.last_run() is run
    (z,) = run.zones_named("produce")
    assert z.riscv == "BRISC" and z.start == 0 and z.end >= 300
    (c,) = run.zones_named("consume")
    assert c.end >= z.end
    p = tmp_path / "trace.json"
    run.to_perfetto(p)
    ev = json.loads(p.read_text())["traceEvents"]
    names = {e["name"] for e in ev if e["ph"] == "X"}
    assert {"produce", "consume"} <= names
    assert all("ts" in e and "dur" in e for e in ev if e["ph"] == "X")


def test_deterministic_and_compute_has_three_clocks():
    import importlib.util
    from pathlib import Path
    p = Path(__file__).resolve().parents[1] / "examples" / "metalium" / "eltwise_binary.py"
    spec = importlib.util.spec_from_file_location("ex_elt", p)
    ex = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ex)
    a = np.ones((64, 128), np.float32)
    _, r1 = ex.run(a, a, grid=tm.CoreCoord(2, 1))
    _, r2 = ex.run(a, a, grid=tm.CoreCoord(2, 1))
    assert r1.duration_cycles == r2.duration_cycles
    rv = r1.per_core()[(0, 0)]
    assert set(rv) == {"BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2"}
    for v in rv.values():
        assert v["busy"] > 0 and v["busy"] + v["idle"] == v["end"]
    # more cores -> shorter device time for the same work
    _, r8 = ex.run(a, a, grid=tm.CoreCoord(8, 1))
    assert r8.duration_cycles < r1.duration_cycles


def test_noc_hops_follow_the_torus_directions():
    from tensix.device.noc import NocTiming, hops
    assert hops((1, 1), (2, 1), 0) == 1          # NoC #0 flows right
    assert hops((1, 1), (2, 1), 1) == 9          # NoC #1 flows left: around the 10-wide ring
    assert hops((1, 1), (1, 11), 0) == 10 and hops((1, 11), (1, 1), 0) == 2   # 12-high ring, downwards
    t = NocTiming()
    niu, hop = cost("noc.niu_latency"), cost("noc.hop_latency")
    assert t.latency((1, 1), (2, 1), 0, read=False) == 2 * niu + hop
    # a read changing X goes round the whole X ring (request there, response back on the same NoC)
    assert t.latency((1, 1), (2, 1), 0, read=True) == 4 * niu + 10 * hop


def test_dram_bandwidth_bounds_the_eltwise_example():
    """64 cores streaming 3 tiles per output tile: the 12 DRAM banks at 22 B/cycle are the bottleneck."""
    import importlib.util
    from pathlib import Path
    p = Path(__file__).resolve().parents[1] / "examples" / "metalium" / "eltwise_binary.py"
    spec = importlib.util.spec_from_file_location("ex_elt2", p)
    ex = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ex)
    a = np.ones((512, 512), np.float32)
    _, run = ex.run(a, a)
    tiles = 256
    bytes_moved = 3 * tiles * 2048
    floor = bytes_moved / (12 * cost("dram.bytes_per_cycle_per_bank"))
    assert floor <= run.duration_cycles < 3 * floor


def test_compute_zone_on_three_trisc_clocks():
    dev, prog = setup()

    def reader():
        riscv_wait(500)
        cb_reserve_back(CBIndex.c_0, 1)
        cb_push_back(CBIndex.c_0, 1)

    def compute():
        with DeviceZoneScopedN("wait_and_pop"):
            cb_wait_front(CBIndex.c_0, 1)
            cb_pop_front(CBIndex.c_0, 1)

    k(prog, reader, 0)
    tm.CreateKernel(prog, compute, C0, tm.ComputeConfig())
    run = tm.EnqueueProgram(dev.command_queue(), prog)
    zones = {z.riscv: z for z in run.zones_named("wait_and_pop")}
    assert set(zones) == {"TRISC0", "TRISC1", "TRISC2"}
    assert zones["TRISC0"].end >= 500                # the unpack thread waited for the reader's push
    assert zones["TRISC1"].end == zones["TRISC1"].start   # math did nothing in the zone


def test_soft_float_in_a_kernel_body_is_charged_on_each_trisc():
    from tensix.kernel import riscv_softfloat

    dev = tm.CreateDevice(0)
    prog = tm.CreateProgram()

    def dm():
        riscv_softfloat(ops=2, divs=1)

    def compute():
        inv_d = 1.0 / 128  # noqa: F841 - seed 000's division, on the RV32IM TRISCs (no FPU)
        riscv_softfloat(divs=1)

    k(prog, dm, 0)
    tm.CreateKernel(prog, compute, C0, tm.ComputeConfig())
    run = tm.EnqueueProgram(dev.command_queue(), prog)
    t = run.per_core()[(0, 0)]
    assert t["BRISC"]["busy"] == 2 * cost("riscv.softfloat_op") + cost("riscv.softfloat_div")
    for trisc in ("TRISC0", "TRISC1", "TRISC2"):
        assert t[trisc]["busy"] >= cost("riscv.softfloat_div")


def test_bandwidth_placement_past_its_window_state_is_reported_not_written():
    """The compiled placement runs without per-access bounds checks; its own index checks must catch a window
    state that is too small instead of writing past it."""
    import numpy as np

    from tensix.device.noc import WINDOW, _copy_place2, _place, _place_in_room
    from tensix.errors import TensixError
    from tensix.device import noc

    st = np.zeros((3, 4), np.int64)
    assert _place(st, 64, 1, 10 * WINDOW, 8) == -1          # starts past the state
    assert _place(st, 64, 1, 0, 64 * 10) == -1               # runs past it
    # Fluid.place's one compiled call: -2 and nothing placed when the state must grow first; Fluid grows it then
    fresh = np.zeros((3, 4), np.int64)
    assert _place_in_room(fresh, 64, 1, 0, 64 * 10) == -2 and not fresh.any()
    small, big = noc.Fluid(1, np.zeros((3, 4), np.int64)), noc.Fluid(1, np.zeros((3, 4096), np.int64))
    assert [small.place(t, n) for t, n in ((0, 5000), (3, 40), (9000, 7))] == \
        [big.place(t, n) for t, n in ((0, 5000), (3, 40), (9000, 7))]
    assert small.st.shape[1] > 4
    buf = np.zeros(16, np.uint8)
    before = buf.copy()
    # a state too small for the placement: -2, and nothing copied or placed (the caller grows it and retries)
    assert _copy_place2(buf + 1, 0, buf, 8, 8, np.zeros((3, 3), np.int64), 64, 1, np.zeros((3, 64), np.int64), 64,
                        1, 0) == -2
    assert (buf == before).all()
    roomy = np.zeros((3, 64), np.int64)
    assert _copy_place2(buf, 0, buf, 12, 8, roomy, 64, 1, roomy.copy(), 64, 1, 0) == -1   # past the end of dst
    assert not roomy.any()                                                                 # nothing placed
    buf[:8] = np.arange(1, 9)
    assert _copy_place2(buf, 0, buf, 8, 8, roomy, 64, 1, roomy.copy(), 64, 1, 0) > 0
    assert list(buf[8:]) == list(range(1, 9))
    # a broken guarantee inside a transfer is an internal error, not a silent write
    timing = noc.NocTiming()
    p, bk = timing.port(((0, 0), 0)), timing.bank(0)
    with pytest.raises(TensixError, match="internal error"):
        timing.dram_transfer(0, p, bk, 8, 0, buf, 0, buf, 12)


def test_a_non_integer_cost_figure_is_refused(tmp_path, monkeypatch):
    """Clocks are integer cycle counts (the compiled NoC/DRAM paths take them as int64): a fractional figure in
    costs.json is refused when the table loads, naming the figure."""
    import json

    from tensix import costs
    from tensix.errors import TensixError

    data = json.loads(costs._PATH.read_text())
    data["riscv.call"]["value"] = 2.5
    bad = tmp_path / "costs.json"
    bad.write_text(json.dumps(data))
    monkeypatch.setattr(costs, "_PATH", bad)
    costs.table.cache_clear()
    try:
        with pytest.raises(TensixError, match=r"'riscv.call' .* is 2.5, not an integer number of cycles"):
            costs.table()
    finally:
        monkeypatch.undo()
        costs.table.cache_clear()
    assert isinstance(costs.cost("riscv.call"), int)
