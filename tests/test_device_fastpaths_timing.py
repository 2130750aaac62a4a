"""The speed-ups of the simulated runtime change nothing observable: the compiled NoC bandwidth model, the per-page
CB time histories and the DRAM tile-transfer fast path against independent reference implementations."""

from collections import deque

import numpy as np
import pytest

import tensix.metalium as tm
from tensix.device import noc
from tensix.device.cb import CircularBuffer
from tensix.kernel import (
    CBIndex,
    InterleavedAddrGenFast,
    cb_pop_front,
    cb_push_back,
    cb_reserve_back,
    cb_wait_front,
    get_arg_val,
    get_read_ptr,
    get_write_ptr,
    noc_async_read_barrier,
    noc_async_read_tile,
    noc_async_write_barrier,
    noc_async_write_tile,
)


# ---- Fluid: compiled window arrays vs a dict-based reference ------------------------------------------------
class RefFluid:
    """The windowed fluid model written plainly: fill windows of WINDOW cycles from `start` on, the first window
    only from `start`; a transfer ends when its last byte fits."""

    def __init__(self, bw):
        self.bw, self.cap, self.used = bw, bw * noc.WINDOW, {}

    def place(self, start, nbytes):
        w = noc.WINDOW
        b = start // w
        avail = min(self.cap - self.used.get(b, 0), ((b + 1) * w - start) * self.bw)
        while True:
            take = min(nbytes, max(avail, 0))
            if take:
                self.used[b] = self.used.get(b, 0) + take
                nbytes -= take
            if nbytes == 0:
                end = b * w + -(-self.used[b] // self.bw)
                return max(start, end)
            b += 1
            avail = self.cap - self.used.get(b, 0)


@pytest.mark.parametrize("bw", [22, 32])
@pytest.mark.parametrize("seed", range(3))
def test_fluid_matches_reference_with_growth(bw, seed):
    rng = np.random.default_rng(seed)
    f, ref = noc.Fluid(bw), RefFluid(bw)
    t = 0
    for _ in range(3000):
        # mostly forward-moving starts (threads' clocks), some far back, some far ahead (array growth),
        # sizes from one byte to several windows
        r = rng.random()
        if r < 0.05:
            start = int(rng.integers(0, t + 1))
        elif r < 0.07:
            start = t + int(rng.integers(1, 200_000))
        else:
            start = t + int(rng.integers(0, 300))
        nbytes = int(rng.choice([1, 4, 100, 2048, 4096, 8192, 70_000]))
        assert f.place(start, nbytes) == ref.place(start, nbytes)
        t = max(t, start)
    assert f.st.shape[1] > 1024            # the arrays grew past their initial size


def test_dram_transfer_equals_two_places():
    timing = noc.NocTiming()
    p, bk = timing.port(((0, 0), 0)), timing.bank(3)
    rp, rb = RefFluid(timing.noc_bw), RefFluid(timing.dram_bw)
    src = np.arange(4096, dtype=np.uint32).view(np.uint8)
    dst = np.zeros(20000, np.uint8)
    for i, t0 in enumerate([0, 0, 10, 500, 499, 100_000, 3]):
        flushed, done = timing.dram_transfer(t0, p, bk, 2048, 77, src, 2048, dst, 32 * i)
        end = max(rp.place(t0, 2048), rb.place(t0, 2048))
        assert (flushed, done) == (end, end + 77 + timing.dram_lat)
        np.testing.assert_array_equal(dst[32 * i:32 * i + 2048], src[2048:4096])


# ---- CB histories: per-page rings vs the cumulative-count reference ------------------------------
class RefCB:
    def __init__(self, num_pages):
        self.n, self.pushed, self.popped, self.push, self.pop = num_pages, 0, 0, deque(), deque()

    def filled_time(self, k):
        need = self.popped + k
        if self.pushed < need:
            return None
        return next((t for cum, t in self.push if cum >= need and cum >= self.popped + 1), 0)

    def free_time(self, k):
        need = self.pushed + k - self.n
        if need <= 0:
            return 0
        if self.popped < need:
            return None
        return next((t for cum, t in self.pop if cum >= need and cum >= self.pushed + 1 - self.n), 0)


class _Thread:
    """The parts of a data movement kernel thread that cb_push_back / cb_pop_front use, driven by the test."""

    def __init__(self, cb):
        self.core = type("Core", (), {"cbs": {0: cb}})()
        self.compute, self.cur, self.reads, self.write_src = None, 0, [], []
        self.clocks, self.idle = [0], [0]


@pytest.mark.parametrize("pages", [1, 2, 5])
def test_cb_histories_match_reference_over_long_streams(pages, monkeypatch):
    """cb_push_back / cb_pop_front of random sizes at random times keep rings whose answers are those of the
    full cumulative histories."""
    from tensix.kernel import _ctx
    from tensix.kernel.dataflow import _C_POP, _C_PUSH

    rng = np.random.default_rng(pages)
    cb = CircularBuffer(None, 0, 0x20000, pages * 64, 64, None)
    th = _Thread(cb)
    monkeypatch.setattr(_ctx, "th", th)
    ref = RefCB(pages)
    t = 0
    for _ in range(4000):
        t += int(rng.integers(0, 50))
        free = pages - (cb.pushed - cb.popped)
        if rng.random() < 0.5 and free:
            n = int(rng.integers(1, free + 1))
            cb.reserved = n
            th.clocks[0] = t - _C_PUSH          # the call's own cost brings the clock to t
            cb_push_back(0, n)
            ref.pushed += n
            ref.push.append((ref.pushed, t))
        elif cb.pushed > cb.popped:
            n = int(rng.integers(1, cb.pushed - cb.popped + 1))
            cb.visible = n
            th.clocks[0] = t - _C_POP
            cb_pop_front(0, n)
            ref.popped += n
            ref.pop.append((ref.popped, t))
        for k in range(-1, pages + 2):
            assert cb.filled_time(k) == ref.filled_time(k)
            assert cb.free_time(k) == ref.free_time(k)
    assert len(cb.push_t) == len(cb.pop_t) == pages   # rings of one entry per page


# ---- DRAM tile fast path vs the general NoC path ------------------------------------------------------------
class SlowGen(InterleavedAddrGenFast):
    """Not one of the plain address generators, so its tile transfers take the general path."""


def _copy_program(gen_cls, n_tiles=40, cb_pages=2):
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    mk = lambda: tm.CreateBuffer(tm.InterleavedBufferConfig(dev, n_tiles * 2048, 2048, tm.BufferType.DRAM))
    src, dst = mk(), mk()
    data = np.random.default_rng(5).integers(0, 2**16, n_tiles * 1024).astype(np.uint16)
    tm.EnqueueWriteBuffer(cq, src, data, False)

    def reader():
        g = gen_cls(is_dram=True, bank_base_address=get_arg_val(0), page_size=2048)
        for i in range(get_arg_val(1)):
            cb_reserve_back(CBIndex.c_0, 1)
            noc_async_read_tile(i, g, get_write_ptr(CBIndex.c_0))
            noc_async_read_barrier()
            cb_push_back(CBIndex.c_0, 1)

    def writer():
        g = gen_cls(is_dram=True, bank_base_address=get_arg_val(0), page_size=2048)
        for i in range(get_arg_val(1)):
            cb_wait_front(CBIndex.c_0, 1)
            noc_async_write_tile(i, g, get_read_ptr(CBIndex.c_0))
            noc_async_write_barrier()
            cb_pop_front(CBIndex.c_0, 1)

    prog = tm.CreateProgram()
    cores = tm.CoreRange(tm.CoreCoord(0, 0), tm.CoreCoord(1, 1))
    tm.CreateCircularBuffer(prog, cores, tm.CircularBufferConfig(cb_pages * 2048, {0: tm.DataFormat.Float16_b})
                            .set_page_size(0, 2048))
    rk = tm.CreateKernel(prog, reader, cores, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, cores, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    for x in range(2):
        for y in range(2):
            tm.SetRuntimeArgs(prog, rk, tm.CoreCoord(x, y), [src.address(), n_tiles])
            tm.SetRuntimeArgs(prog, wk, tm.CoreCoord(x, y), [dst.address(), n_tiles])
    run = tm.EnqueueProgram(cq, prog)
    out = tm.EnqueueReadBuffer(cq, dst, dtype=np.uint16)
    return data, np.asarray(out), run


@pytest.mark.parametrize("windows", [1024, 4])
@pytest.mark.parametrize("cb_pages", [1, 3])
def test_dram_tile_fast_path_equals_general_path(cb_pages, windows, monkeypatch):
    """windows=4: the window states start tiny, so both paths keep growing them (the fast path's retry)."""
    monkeypatch.setattr(noc, "INITIAL_WINDOWS", windows)
    data, fast_out, fast = _copy_program(InterleavedAddrGenFast, cb_pages=cb_pages)
    _, slow_out, slow = _copy_program(SlowGen, cb_pages=cb_pages)
    np.testing.assert_array_equal(fast_out, data)
    np.testing.assert_array_equal(slow_out, data)
    assert fast.duration_cycles == slow.duration_cycles
    assert fast.per_core() == slow.per_core()


# ---- the vectorised BF16 eltwise against the reference formats/fpu functions --------------------------------
@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("fp32", [False, True])
@pytest.mark.parametrize("op", ["add", "sub"])
def test_eltwise_bf16_matches_reference(seed, fp32, op):
    from tensix.device import formats, fpu
    from tensix.kernel import _fast
    rng = np.random.default_rng(300 + seed)
    if seed % 2:   # real-looking data plus zeros, negative zeros, denormal patterns, huge values (overflow)
        vals = np.clip(rng.standard_normal(1024) * 10.0 ** rng.integers(-30, 39, 1024), -3.3e38, 3.3e38)
        ha = (vals.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
        hb = ha[::-1].copy()
        hb[::7], hb[::11], hb[::13], hb[::17] = 0, 0x8000, 0x0001, 0x7F7F
    else:          # random patterns: many exponent-255 operands (the function must decline those tiles)
        ha = rng.integers(0, 2**16, 1024).astype(np.uint16)
        hb = rng.integers(0, 2**16, 1024).astype(np.uint16)
    F16B = formats.DataFormat.Float16_b
    ra, rb = ha.view(np.uint8), hb.view(np.uint8)
    ref = fpu.eltwise_binary(op, formats.unpack_to_src(ra, F16B, fp32_dest=fp32),
                             formats.unpack_to_src(rb, F16B, fp32_dest=fp32), None, fpu.MathFidelity.HiFi4, fp32)
    out = np.zeros((32, 32), np.uint32 if fp32 else np.uint16)
    done = _fast.eltwise_bf16(ra, rb, 0 if op == "add" else 1, fp32, out)
    has_255 = bool((((ha >> 7) & 0xFF) == 255).any() or (((hb >> 7) & 0xFF) == 255).any())
    assert done == (not has_255)
    if done:
        np.testing.assert_array_equal(out, ref)
    else:
        assert not out.any()          # declined before writing anything


def test_recycled_window_states_behave_as_fresh():
    """A program's NocTiming reuses the previous program's window arrays (NocTiming(previous)): they must come
    back all zero, so placements give exactly what fresh states give."""
    rng = np.random.default_rng(5)
    old = noc.NocTiming()
    for i in range(4):
        f = old.port(((i, 0), 0))
        t = 0
        for _ in range(400):
            t += int(rng.integers(0, 300))
            f.place(t, int(rng.choice([64, 2048, 70_000])))
    assert any(f.st.any() for f in old.port_free.values())
    new, fresh = noc.NocTiming(old), noc.NocTiming()
    reused = {id(f.st) for f in old.port_free.values()}
    for i in range(6):
        a, b = new.port(((i, 1), 0)), fresh.port(((i, 1), 0))
        assert not a.st.any()
        t = 0
        for _ in range(300):
            t += int(rng.integers(0, 200))
            n = int(rng.choice([1, 2048, 9000]))
            assert a.place(t, n) == b.place(t, n)
    assert reused & {id(f.st) for f in new.port_free.values()}      # the arrays were in fact reused


def test_recycled_state_is_clear_even_after_a_broken_placement():
    """A placement that ran past its window state (an internal error, reported) may have filled windows beyond
    the recorded top; the state must still come back all zero for the next program."""
    f = noc.Fluid(32)
    f.st = np.zeros((3, 8), np.int64)
    assert noc._place(f.st, f.cap, f.bw, 0, 32 * 64 * 20) == -1     # fills all 8 windows, then runs out
    assert f.st[0].any()
    assert not f.cleared_state().any()
