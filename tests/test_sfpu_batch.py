"""SFPU calls inside compute kernels run batched across cores (tensix.kernel.sfpu_batch): the numbers are those
of running each call alone on the host SFPU model, each core keeps its own SFPU state, one core's calls keep
their order, Dst accesses between calls see the results, and the batches really are shared."""

import numpy as np
import pytest

import tensix.metalium as tm
from tensix.device.errors import DstCapacityError
from tensix.kernel import (CBIndex, InterleavedAddrGenFast, call_sfpu, cb_pop_front, cb_push_back, cb_reserve_back,
                           cb_wait_front, copy_tile, copy_tile_init, get_arg_val, get_read_ptr, get_write_ptr,
                           init_sfpu, noc_async_read_barrier, noc_async_read_tile, noc_async_write_barrier,
                           noc_async_write_tile, pack_tile, tile_regs_acquire, tile_regs_commit, tile_regs_release,
                           tile_regs_wait)
from tensix.kernel import sfpu_batch
from tensix.sfpi import dst_reg, run, vFloat

TILE = 4096


@pytest.fixture(autouse=True, params=["in place", "background"])
def batch_mode(request, monkeypatch):
    """Every test here runs with the batches run in place and on the background thread (_Flight), which a host
    with two or more CPUs uses for batches of one program."""
    monkeypatch.setattr(sfpu_batch, "ASYNC", request.param == "background")
    if request.param == "background":
        monkeypatch.setattr(sfpu_batch, "THREADS", max(sfpu_batch.THREADS, 2))
    return request.param


def scale_add(s, bias):
    for _ in range(32):
        dst_reg[0] = dst_reg[0] * s + bias
        dst_reg += 1


def square():
    for _ in range(32):
        x = vFloat(dst_reg[0])
        dst_reg[0] = x * x
        dst_reg += 1


def add_tile1():
    for _ in range(32):
        dst_reg[0] = dst_reg[0] + dst_reg[32]
        dst_reg += 1


def set_prgm0(v):
    vConstFloatPrgm0 = v  # noqa: F841  (SFPCONFIG: persists in this core's SFPU)


def times_prgm0():
    from tensix.sfpi import vConstFloatPrgm0

    for _ in range(32):
        dst_reg[0] = dst_reg[0] * vConstFloatPrgm0
        dst_reg += 1


def reader():
    src = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
    t0, n = get_arg_val(1), get_arg_val(2)
    for i in range(t0, t0 + n):
        cb_reserve_back(CBIndex.c_0, 1)
        noc_async_read_tile(i, src, get_write_ptr(CBIndex.c_0))
        noc_async_read_barrier()
        cb_push_back(CBIndex.c_0, 1)


def writer():
    dst = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
    t0, n = get_arg_val(1), get_arg_val(2)
    for i in range(t0, t0 + n):
        cb_wait_front(CBIndex.c_16, 1)
        noc_async_write_tile(i, dst, get_read_ptr(CBIndex.c_16))
        noc_async_write_barrier()
        cb_pop_front(CBIndex.c_16, 1)


def compute_chain():
    """Per tile: x -> Dst 0; two SFPU programs whose order depends on the core; x again -> Dst 1 (a copy between
    SFPU calls); Dst 0 += Dst 1 on the SFPU; pack Dst 0."""
    n, core_idx = get_arg_val(0), get_arg_val(1)
    s, bias = float(core_idx + 1) * 0.5, -0.25 * core_idx
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    for _ in range(n):
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        if core_idx % 2 == 0:
            call_sfpu(scale_add, 0, s, bias)
            call_sfpu(square, 0)
        else:
            call_sfpu(square, 0)
            call_sfpu(scale_add, 0, s, bias)
        copy_tile(CBIndex.c_0, 0, 1)
        call_sfpu(add_tile1, 0)
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)


def compute_prgm():
    """Each core sets its own programmable constant once, then multiplies every tile by it."""
    n, core_idx = get_arg_val(0), get_arg_val(1)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    for i in range(n):
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        if i == 0:
            call_sfpu(set_prgm0, 0, 1.0 + core_idx)
        copy_tile(CBIndex.c_0, 0, 0)
        call_sfpu(times_prgm0, 0)
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)


def launch(compute, x, n_cores, per_core, fp32=True):
    """Run reader/compute/writer on n_cores cores, per_core tiles each, Float32 CBs; fp32 Dst (exact copies)
    or a 16-bit Dst (copies through SrcA)."""
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    n = n_cores * per_core
    mk = lambda: tm.CreateBuffer(tm.InterleavedBufferConfig(dev, n * TILE, TILE, tm.BufferType.DRAM))
    b_in, b_out = mk(), mk()
    tm.EnqueueWriteBuffer(cq, b_in, tm.tilize_nfaces(x.reshape(n * 32, 32), n * 32, 32))
    cores = [tm.CoreCoord(i % 8, i // 8) for i in range(n_cores)]
    crs = tm.CoreRangeSet(cores)
    prog = tm.CreateProgram()
    for idx in (0, 16):
        tm.CreateCircularBuffer(prog, crs, tm.CircularBufferConfig(2 * TILE, {idx: tm.DataFormat.Float32})
                                .set_page_size(idx, TILE))
    rk = tm.CreateKernel(prog, reader, crs, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, crs, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    ck = tm.CreateKernel(prog, compute, crs, tm.ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32} if fp32 else {}))
    for i, c in enumerate(cores):
        tm.SetRuntimeArgs(prog, rk, c, [b_in.address(), i * per_core, per_core])
        tm.SetRuntimeArgs(prog, ck, c, [per_core, i])
        tm.SetRuntimeArgs(prog, wk, c, [b_out.address(), i * per_core, per_core])
    tm.EnqueueProgram(cq, prog)
    out = tm.EnqueueReadBuffer(cq, b_out, dtype=np.float32)
    return np.asarray(tm.untilize_nfaces(out, n * 32, 32)).reshape(n, 32, 32)


@pytest.fixture
def count_executes(monkeypatch):
    """The number of calls in each batch run, in place (run_prepared) or in the background (_Flight)."""
    calls = []
    real = sfpu_batch.run_prepared
    real_flight = sfpu_batch._Flight.__init__

    def counting(program, state, dsts, state_of, *a, **kw):
        calls.append(state_of.shape[0])
        return real(program, state, dsts, state_of, *a, **kw)

    def counting_flight(self, batch, pending, *a):
        calls.append(sum(len(lst) for lst in pending.values()))
        real_flight(self, batch, pending, *a)

    monkeypatch.setattr(sfpu_batch, "run_prepared", counting)
    monkeypatch.setattr(sfpu_batch._Flight, "__init__", counting_flight)
    return calls


def test_chained_calls_match_host_runs_and_are_batched(count_executes):
    rng = np.random.default_rng(5)
    n_cores, per_core = 6, 3
    x = rng.uniform(-2, 2, (n_cores * per_core, 32, 32)).astype(np.float32)
    out = launch(compute_chain, x, n_cores, per_core)
    for t in range(x.shape[0]):
        core = t // per_core
        s, bias = float(core + 1) * 0.5, -0.25 * core
        one = x[t:t + 1]
        if core % 2 == 0:
            y = run(square, run(scale_add, one, s, bias).tiles).tiles
        else:
            y = run(scale_add, run(square, one).tiles, s, bias).tiles
        want = run(add_tile1, np.concatenate([y, one])).tiles[0]
        np.testing.assert_array_equal(out[t].view(np.uint32), want.view(np.uint32))
    n_calls = 3 * n_cores * per_core
    assert sum(count_executes) == n_calls          # every call ran exactly once
    assert len(count_executes) < n_calls / 2      # ... in shared batches


def test_each_core_keeps_its_own_sfpu_state():
    rng = np.random.default_rng(6)
    n_cores, per_core = 5, 2
    x = rng.uniform(-1, 1, (n_cores * per_core, 32, 32)).astype(np.float32)
    out = launch(compute_prgm, x, n_cores, per_core)
    factor = np.repeat(1.0 + np.arange(n_cores), per_core).astype(np.float32)[:, None, None]
    np.testing.assert_array_equal(out, x * factor)  # a product by a small integer is exact


def test_sixteen_bit_dst_calls_match_host_runs():
    from tensix.device import formats
    from tensix.sfpi import map_tiles
    from tensix.sfpu.state import SfpuState

    rng = np.random.default_rng(9)
    n_cores, per_core = 4, 2
    x = rng.uniform(-3, 3, (n_cores * per_core, 32, 32)).astype(np.float32)
    out = launch(compute_prgm, x, n_cores, per_core, fp32=False)
    for t in range(x.shape[0]):
        raw = formats.tilize_nfaces(x[t], 32, 32).view(np.uint8)
        dst16 = formats.copy_tile_to_dest(raw, formats.DataFormat.Float32, fp32_dest=False)
        st = SfpuState(1)
        st.set_sfpu_fp32(False)
        map_tiles(set_prgm0, np.zeros((1, 32, 32), np.uint32), 1.0 + t // per_core, fp32_dest=False, state=st)
        want = map_tiles(times_prgm0, dst16[None].astype(np.uint32), fp32_dest=False, state=st).tiles[0]
        np.testing.assert_array_equal(out[t].view(np.uint32), want.astype(np.uint32) << 16)


def compute_too_far():
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    cb_wait_front(CBIndex.c_0, 1)
    tile_regs_acquire()
    copy_tile(CBIndex.c_0, 0, 3)
    call_sfpu(add_tile1, 3)  # reads tile 4: beyond the 4 tiles of a half-sync fp32 Dst section
    tile_regs_commit()


def test_sfpu_footprint_beyond_the_dst_section_is_refused():
    x = np.zeros((1, 32, 32), np.float32)
    with pytest.raises(DstCapacityError, match=r"test_sfpu_batch.py:\d+.*tiles up to 4"):
        launch(compute_too_far, x, 1, 1)


def compute_no_pack():
    """An SFPU call whose result is never packed: it still runs (when the program ends)."""
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    cb_wait_front(CBIndex.c_0, 1)
    tile_regs_acquire()
    copy_tile(CBIndex.c_0, 0, 0)
    call_sfpu(square, 0)
    tile_regs_commit()
    cb_pop_front(CBIndex.c_0, 1)


def idle_writer():
    pass


def test_calls_still_queued_when_the_program_ends_run(count_executes):
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, TILE, TILE, tm.BufferType.DRAM))
    prog = tm.CreateProgram()
    c = tm.CoreCoord(0, 0)
    tm.CreateCircularBuffer(prog, c, tm.CircularBufferConfig(2 * TILE, {0: tm.DataFormat.Float32}).set_page_size(0, TILE))
    rk = tm.CreateKernel(prog, reader, c, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    tm.CreateKernel(prog, compute_no_pack, c, tm.ComputeConfig(fp32_dest_acc_en=True))
    tm.SetRuntimeArgs(prog, rk, c, [buf.address(), 0, 1])
    tm.EnqueueProgram(cq, prog)
    assert count_executes == [1]


def _line_of(fn, text) -> int:
    """The file line of the first line of fn's source that contains text."""
    import inspect
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, ln in enumerate(lines) if text in ln)


def test_an_error_inside_a_batch_names_the_core_and_line_of_its_call(monkeypatch):
    from tensix.errors import SfpuError

    def failing(program, state, dsts, *a, **kw):
        # scale_add's first batch holds the even cores' calls (the odd cores call square first): instance 1 of it
        # is core 2's call
        raise SfpuError("instruction 3 (SFPNOP), instance 1: something the hardware refuses. Fix: do not.")

    monkeypatch.setattr(sfpu_batch, "run_prepared", failing)
    x = np.zeros((4, 32, 32), np.float32)
    line = _line_of(compute_chain, "call_sfpu(scale_add, 0, s, bias)")     # core 2 is even: the first call
    with pytest.raises(SfpuError, match=rf"SFPU op scale_add on core \(2, 0\) \(kernel 'compute_chain'\) called at "
                                        rf".*test_sfpu_batch.py:{line}: instruction 3"):
        launch(compute_chain, x, 4, 1)


def test_an_error_in_a_background_batch_names_the_core_and_line_of_its_call(monkeypatch, batch_mode):
    """add_tile1's batches hold one call of every core, so they run in the background; an interpreter error there
    reaches the thread that waits for it, naming the failing call's core and kernel line."""
    from tensix.errors import SfpuError
    from tensix.sfpu.execute import ERR_DST_RANGE

    if batch_mode != "background":
        pytest.skip("the in-place batches are the test above")

    def failing(*args):
        progress, _counts, err = args[-3:]
        err[:] = (ERR_DST_RANGE, 0, 2)     # instance 2 of the first step
        progress[1] = 1

    monkeypatch.setattr(sfpu_batch, "_run_steps", failing)
    x = np.zeros((4, 32, 32), np.float32)
    line = _line_of(compute_chain, "call_sfpu(add_tile1, 0)")
    with pytest.raises(SfpuError, match=rf"SFPU op add_tile1 on core \(\d, 0\) \(kernel 'compute_chain'\) called at "
                                        rf".*test_sfpu_batch.py:{line}: instruction 0 .*beyond the 10-bit Dst"):
        launch(compute_chain, x, 4, 1)


def compute_call_then_leave():
    """Core 0 queues a call and ends without touching Dst again; core 1 squares its tile and packs it, so its
    batch also holds core 0's call, which nobody waits for: the program's end does."""
    compute_no_pack()
    if get_arg_val(1) == 0:
        return
    cb_reserve_back(CBIndex.c_16, 1)
    tile_regs_wait()
    pack_tile(0, CBIndex.c_16)
    tile_regs_release()
    cb_push_back(CBIndex.c_16, 1)


def test_a_batch_nobody_waits_for_ends_with_the_program(monkeypatch, count_executes, batch_mode):
    import time
    finished = []
    real = sfpu_batch._run_steps

    def slow(*args):               # core 1's call is step 0 and core 0's (parked last) step 1: core 1 goes on
        real(*args)                # as soon as step 0 is done, the batch thread is still busy when it ends
        time.sleep(0.2)
        finished.append(True)

    monkeypatch.setattr(sfpu_batch, "_run_steps", slow)
    monkeypatch.setattr(sfpu_batch, "CHUNK", 1)
    monkeypatch.setattr(sfpu_batch, "HERE_STEPS", 0)   # every step on the batch thread
    x = np.random.default_rng(2).uniform(-2, 2, (2, 32, 32)).astype(np.float32)
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    mk = lambda: tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 2 * TILE, TILE, tm.BufferType.DRAM))
    b_in, b_out = mk(), mk()
    tm.EnqueueWriteBuffer(cq, b_in, tm.tilize_nfaces(x.reshape(64, 32), 64, 32))
    cores = tm.CoreRangeSet([tm.CoreCoord(0, 0), tm.CoreCoord(1, 0)])
    prog = tm.CreateProgram()
    for idx in (0, 16):
        tm.CreateCircularBuffer(prog, cores, tm.CircularBufferConfig(2 * TILE, {idx: tm.DataFormat.Float32})
                                .set_page_size(idx, TILE))
    rk = tm.CreateKernel(prog, reader, cores, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    wk = tm.CreateKernel(prog, writer, cores, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
    ck = tm.CreateKernel(prog, compute_call_then_leave, cores, tm.ComputeConfig(
        fp32_dest_acc_en=True, unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32}))
    for i in range(2):
        c = tm.CoreCoord(i, 0)
        tm.SetRuntimeArgs(prog, rk, c, [b_in.address(), i, 1])
        tm.SetRuntimeArgs(prog, ck, c, [1, i])
        tm.SetRuntimeArgs(prog, wk, c, [b_out.address(), i, 1 if i else 0])
    tm.EnqueueProgram(cq, prog)
    assert count_executes == [2]                   # one batch of both cores' calls
    if batch_mode == "background":
        assert finished == [True, True]            # ... run to its end before EnqueueProgram returned (the
                                                   # starting thread's share is empty here)
    out = np.asarray(tm.untilize_nfaces(tm.EnqueueReadBuffer(cq, b_out, dtype=np.float32), 64, 32)).reshape(2, 32, 32)
    np.testing.assert_array_equal(out[1].view(np.uint32), run(square, x[1:2]).tiles[0].view(np.uint32))


def store_one_row_of_tile1():
    dst_reg[32] = vFloat(3.0)   # the first SFPU row of tile 1 only; tile 1 is never read


def compute_partial_store():
    """x -> Dst 1, a program stores into some rows of tile 1 without reading it, pack tile 1."""
    n = get_arg_val(0)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    for _ in range(n):
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 1)
        call_sfpu(store_one_row_of_tile1, 0)
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(1, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)


def test_a_store_into_part_of_a_tile_keeps_the_rest_of_it():
    """A program that writes some rows of a Dst tile it never reads: the other rows keep their data (a batch
    that moved out the whole tile without moving it in first put its own stale rows there)."""
    x = np.random.default_rng(4).uniform(-2, 2, (6, 32, 32)).astype(np.float32)
    out = launch(compute_partial_store, x, 3, 2)
    want = run(store_one_row_of_tile1, np.concatenate([np.zeros((1, 32, 32), np.float32), x[:1]])).tiles[1]
    stored = want != x[0]
    assert 0 < stored.sum() < 1024 and (want[stored] == 3.0).all()
    for t in range(6):
        np.testing.assert_array_equal(out[t][stored], 3.0)
        np.testing.assert_array_equal(out[t][~stored].view(np.uint32), x[t][~stored].view(np.uint32))


def double_tile1_into_tile2():
    for _ in range(32):
        dst_reg[64] = dst_reg[32] * 2.0   # reads tile 1 only, writes tile 2 only
        dst_reg += 1


def compute_footprints():
    """x -> Dst 1; one program reads tile 1 and writes tile 2, x -> Dst 0 and another squares it; packs tile 1
    (read, never written), tile 0 or tile 2 (written, never read) in turn. A batch that copied in or out the wrong
    tiles, or left another batch's data in its Dst arrays, shows in one of them."""
    n = get_arg_val(0)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    for i in range(n):
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 1)
        call_sfpu(double_tile1_into_tile2, 0)
        copy_tile(CBIndex.c_0, 0, 0)
        call_sfpu(square, 0)
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile((1, 0, 2)[i % 3], CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)


def test_batches_move_exactly_the_tiles_a_program_reads_and_writes():
    rng = np.random.default_rng(12)
    n_cores, per_core = 3, 6
    x = rng.uniform(-2, 2, (n_cores * per_core, 32, 32)).astype(np.float32)
    out = launch(compute_footprints, x, n_cores, per_core)
    for t in range(x.shape[0]):
        want = (x[t], run(square, x[t:t + 1]).tiles[0], x[t] * 2)[(t % per_core) % 3]
        np.testing.assert_array_equal(out[t].view(np.uint32), want.view(np.uint32))


def test_a_batch_thread_that_dies_is_reported_not_waited_for(monkeypatch, batch_mode):
    """If the background batch stops without finishing (an exception in its thread), the kernel waiting for it
    gets that exception instead of waiting forever."""
    if batch_mode != "background":
        pytest.skip("background batches only")

    def dying(*args):
        raise MemoryError("no room for the batch")

    monkeypatch.setattr(sfpu_batch, "_run_steps", dying)
    x = np.zeros((4, 32, 32), np.float32)
    with pytest.raises(MemoryError, match="no room for the batch"):
        launch(compute_chain, x, 4, 1)


def test_background_batches_change_neither_numbers_nor_simulated_times(monkeypatch, batch_mode):
    """The same RoPE launch with every batch in place and with background batches: the same output bits, the
    same device time, the same per-core and per-RISC-V busy/idle times."""
    if batch_mode != "background":
        pytest.skip("compares both modes itself")
    from tensix.ggml import ROPE_TYPE_NEOX
    from tensix.ggml.rope_device import rope_device

    x = np.random.default_rng(8).uniform(-1, 1, (24, 32, 64)).astype(np.float32)
    pos = np.arange(24, dtype=np.int32) * 37
    results = []
    for background in (False, True):
        monkeypatch.setattr(sfpu_batch, "ASYNC", background)
        dev = tm.CreateDevice(0)
        out = rope_device(x, pos, n_dims=64, mode=ROPE_TYPE_NEOX, device=dev, cores=5)
        run_info = dev.profiler.last_run()
        results.append((out.view(np.uint32), run_info.duration_cycles, run_info.per_core()))
    np.testing.assert_array_equal(results[0][0], results[1][0])
    assert results[0][1:] == results[1][1:]


def test_a_program_run_is_freed_by_reference_counting_when_it_ends(monkeypatch):
    """Nothing keeps a finished run's threads, greenlets, Dsts and SFPU batch alive, and nothing of it is left in a
    reference cycle, so it is freed without the cyclic collector as soon as the program has run: a session runs
    thousands of programs on one device, and a run's objects promoted to the collector's oldest generation made
    it scan everything (hundreds of ms with torch loaded) every few dozen programs."""
    import gc
    import weakref

    from tensix.device import scheduler
    from tensix.ggml import ROPE_TYPE_NEOX
    from tensix.ggml.rope_device import rope_device

    made, batches = [], []
    spawn, batch_init = scheduler.Scheduler.spawn, sfpu_batch.SfpuBatch.__init__

    def spawn_seen(self, *args):
        th = spawn(self, *args)
        made.append(weakref.ref(th))
        made.append(weakref.ref(th.g))
        return th

    def batch_seen(self, *args):
        batch_init(self, *args)
        batches.append(weakref.ref(self))

    monkeypatch.setattr(scheduler.Scheduler, "spawn", spawn_seen)
    monkeypatch.setattr(sfpu_batch.SfpuBatch, "__init__", batch_seen)
    dev = tm.CreateDevice(0)
    a = np.random.default_rng(0).uniform(-1, 1, (4, 2, 64)).astype(np.float32)
    with scheduler.gc_paused():
        rope_device(a, np.arange(4, dtype=np.int32), device=dev, cores=4, n_dims=64, mode=ROPE_TYPE_NEOX)
        first = weakref.ref(dev.sched)
        assert len(made) == 2 * 4 * 3 and len(batches) == 1       # 4 cores x 3 kernels, each with its greenlet
        assert [r for r in made + batches if r() is not None] == []
        rope_device(a, np.arange(4, dtype=np.int32), device=dev, cores=4, n_dims=64, mode=ROPE_TYPE_NEOX)
        assert first() is None
        assert len(batches) == 2 and [r for r in made + batches if r() is not None] == []
    assert gc.isenabled()


def compute_two_calls_per_section():
    """Per two tiles: both in Dst, scale_add on each (two calls of one program on one core, in one batch)."""
    n, core_idx = get_arg_val(0), get_arg_val(1)
    s, bias = float(core_idx + 1) * 0.5, -0.25 * core_idx
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    for _ in range(n // 2):
        cb_wait_front(CBIndex.c_0, 2)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        copy_tile(CBIndex.c_0, 1, 1)
        call_sfpu(scale_add, 0, s, bias)
        call_sfpu(scale_add, 1, s, bias)
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 2)
        cb_reserve_back(CBIndex.c_16, 2)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16, 0)
        pack_tile(1, CBIndex.c_16, 1)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 2)


def compute_two_halves():
    """Per two tiles: each in its own Dst half (two acquires before the packer waits), square on each: the math
    thread writes the second half while the first one's SFPU call is still queued."""
    n = get_arg_val(0)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    copy_tile_init(CBIndex.c_0)
    for _ in range(n // 2):
        cb_wait_front(CBIndex.c_0, 2)
        for i in range(2):
            tile_regs_acquire()
            copy_tile(CBIndex.c_0, i, 0)
            call_sfpu(square, 0)
            tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 2)
        cb_reserve_back(CBIndex.c_16, 2)
        for i in range(2):
            tile_regs_wait()
            pack_tile(0, CBIndex.c_16, i)
            tile_regs_release()
        cb_push_back(CBIndex.c_16, 2)


@pytest.mark.parametrize("n_cores", [2, 5])
def test_several_calls_of_one_program_per_core_in_a_batch(n_cores):
    """A batch holding several calls of one core (one program): each core's calls run in its order on its own
    SFPU state, never on two host threads at once (a background batch splits its calls between them)."""
    rng = np.random.default_rng(7)
    x = rng.uniform(-2, 2, (n_cores * 4, 32, 32)).astype(np.float32)
    got = launch(compute_two_calls_per_section, x, n_cores, 4)
    for t in range(x.shape[0]):
        c = t // 4
        want = run(scale_add, x[t:t + 1], float(c + 1) * 0.5, -0.25 * c).tiles[0]
        np.testing.assert_array_equal(got[t].view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("n_cores", [2, 5])
def test_both_dst_halves_with_queued_sfpu_calls(n_cores):
    rng = np.random.default_rng(8)
    x = rng.uniform(-2, 2, (n_cores * 4, 32, 32)).astype(np.float32)
    got = launch(compute_two_halves, x, n_cores, 4)
    for t in range(x.shape[0]):
        np.testing.assert_array_equal(got[t].view(np.uint32), run(square, x[t:t + 1]).tiles[0].view(np.uint32))
