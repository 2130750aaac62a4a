"""Each runtime diagnostic: class and key message parts."""

import numpy as np
import pytest

import tensix.metalium as tm
from tensix.device import errors as E
from tensix.errors import TensixError
from tensix.kernel import (CBIndex, InterleavedAddrGenFast, add_tiles_init, binary_op_init_common,
                           copy_tile_init, init_sfpu, cb_pop_front, cb_push_back, cb_reserve_back,
                           cb_wait_front, copy_tile, get_arg_val, get_compile_time_arg_val, get_noc_addr,
                           get_noc_multicast_addr, get_read_ptr, get_semaphore, get_write_ptr,
                           noc_async_read, noc_async_read_barrier, noc_async_read_tile, noc_async_write,
                           noc_async_write_barrier, noc_async_write_tile,
                           noc_async_write_multicast, noc_semaphore_wait, pack_tile, tile_regs_acquire,
                           tile_regs_commit, tile_regs_release, tile_regs_wait)

TILE = 2048
C0 = tm.CoreCoord(0, 0)


def program(cb_pages=2, cores=C0, fmt=tm.DataFormat.Float16_b, cbs=(0, 16)):
    dev = tm.CreateDevice(0)
    prog = tm.CreateProgram()
    for i in cbs:
        tm.CreateCircularBuffer(prog, cores, tm.CircularBufferConfig(cb_pages * TILE, {i: fmt}).set_page_size(i, TILE))
    return dev, prog


def dm(prog, fn, core=C0, riscv=0, args=None, ct=()):
    k = tm.CreateKernel(prog, fn, core, tm.DataMovementConfig(
        processor=tm.DataMovementProcessor.RISCV_0 if riscv == 0 else tm.DataMovementProcessor.RISCV_1,
        compile_args=list(ct)))
    if args is not None:
        tm.SetRuntimeArgs(prog, k, core, args)
    return k


def run(dev, prog):
    return tm.EnqueueProgram(dev.command_queue(), prog)


def test_all_errors_are_tensix_errors():
    for name in dir(E):
        obj = getattr(E, name)
        if isinstance(obj, type) and issubclass(obj, Exception) and obj.__module__ == E.__name__:
            assert issubclass(obj, TensixError)


def test_deadlock_names_every_blocked_thread():
    dev, prog = program()

    def consumer():
        cb_wait_front(CBIndex.c_0, 1)   # nobody ever pushes

    def producer():
        cb_reserve_back(CBIndex.c_16, 1)
        cb_push_back(CBIndex.c_16, 1)
        cb_reserve_back(CBIndex.c_16, 2)   # CB 16 has 2 pages, one still filled: waits forever

    dm(prog, consumer, riscv=0)
    dm(prog, producer, riscv=1)
    with pytest.raises(E.DeadlockError) as ei:
        run(dev, prog)
    msg = str(ei.value)
    assert "deadlock" in msg
    assert "consumer" in msg and "producer" in msg
    assert "cb_wait_front(cb=0, 1)" in msg and "cb_reserve_back(cb=16, 2)" in msg
    assert "BRISC" in msg and "NCRISC" in msg and "(0, 0)" in msg
    assert "test_device_diagnostics.py:" in msg      # the kernel source line
    assert "Fix:" in msg


def test_semaphore_wait_never_satisfied():
    dev, prog = program()
    tm.CreateSemaphore(prog, C0, 0)

    def waiter():
        noc_semaphore_wait(get_semaphore(0), 3)

    def other():
        pass

    dm(prog, waiter, riscv=0)
    dm(prog, other, riscv=1)
    with pytest.raises(E.SemaphoreNeverSatisfiedError) as ei:
        run(dev, prog)
    msg = str(ei.value)
    assert "can never be satisfied" in msg and "noc_semaphore_wait" in msg and "val=3" in msg
    assert "waiter" in msg


def test_cb_over_push():
    dev, prog = program()

    def k():
        cb_push_back(CBIndex.c_0, 1)

    dm(prog, k)
    with pytest.raises(E.CircularBufferError, match="over-push.*cb_reserve_back"):
        run(dev, prog)


def test_cb_over_pop():
    dev, prog = program()

    def k():
        cb_reserve_back(CBIndex.c_0, 1)
        cb_push_back(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_0, 1)
        cb_pop_front(CBIndex.c_0, 2)

    dm(prog, k)
    with pytest.raises(E.CircularBufferError, match="over-pop.*cb_wait_front"):
        run(dev, prog)


def test_cb_request_more_pages_than_capacity():
    dev, prog = program(cb_pages=2)

    def k():
        cb_reserve_back(CBIndex.c_0, 3)

    dm(prog, k)
    with pytest.raises(E.CircularBufferError, match="has 2 pages"):
        run(dev, prog)


def test_cb_missing_index():
    dev, prog = program()

    def k():
        cb_reserve_back(CBIndex.c_5, 1)

    dm(prog, k)
    with pytest.raises(E.CircularBufferError, match="CB 5 does not exist"):
        run(dev, prog)


def test_cb_page_size_must_divide_total():
    prog = tm.CreateProgram()
    with pytest.raises(E.CircularBufferConfigError, match="not a positive multiple"):
        tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(3000, {0: tm.DataFormat.Float16_b})
                                .set_page_size(0, 2048))
    with pytest.raises(E.CircularBufferConfigError, match="no page size"):
        tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(4096, {0: tm.DataFormat.Float16_b}))


def test_l1_overflow_by_circular_buffers():
    dev = tm.CreateDevice(0)
    prog = tm.CreateProgram()
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(1024 * 1024, {0: tm.DataFormat.Float16_b})
                            .set_page_size(0, TILE))
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(512 * 1024, {1: tm.DataFormat.Float16_b})
                            .set_page_size(1, TILE))
    dm(prog, lambda: None)
    with pytest.raises(E.L1OverflowError, match="L1 overflow"):
        run(dev, prog)


def test_l1_overflow_by_buffer():
    dev = tm.CreateDevice(0)
    with pytest.raises(E.L1OverflowError, match="L1 full"):
        tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 64 * 1500 * 1024, 1024, tm.BufferType.L1))


def test_dram_overflow():
    dev = tm.CreateDevice(0)
    with pytest.raises(E.DramOverflowError, match="DRAM full"):
        tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 13 * (1 << 30), 1 << 20, tm.BufferType.DRAM))


@pytest.mark.parametrize("fp32,full,cap", [(False, False, 8), (False, True, 16), (True, False, 4), (True, True, 8)])
def test_dst_capacity(fp32, full, cap):
    dev, prog = program()

    def reader():
        cb_reserve_back(CBIndex.c_0, 1)
        cb_push_back(CBIndex.c_0, 1)

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, cap - 1)      # the last legal index
        copy_tile(CBIndex.c_0, 0, cap)          # one beyond

    dm(prog, reader)
    tm.CreateKernel(prog, compute, C0, tm.ComputeConfig(fp32_dest_acc_en=fp32, dst_full_sync_en=full))
    with pytest.raises(E.DstCapacityError, match=f"index {cap} .*capacity of {cap} tiles"):
        run(dev, prog)


def test_noc_read_out_of_l1_range():
    dev, prog = program()

    def k():
        cb_reserve_back(CBIndex.c_0, 1)
        noc_async_read(get_noc_addr(1, 1, 1499136 - 1024), get_write_ptr(CBIndex.c_0), 2048)

    dm(prog, k)
    with pytest.raises(E.NocAddressError, match="exceeds L1"):
        run(dev, prog)


def test_noc_misaligned():
    dev, prog = program()

    def k():
        cb_reserve_back(CBIndex.c_0, 1)
        noc_async_read(get_noc_addr(1, 1, 0x30004), get_write_ptr(CBIndex.c_0), 64)

    dm(prog, k)
    with pytest.raises(E.NocAddressError, match="(?s)misaligned NoC access.*different offsets within 16.*Fix"):
        run(dev, prog)


def test_noc_same_offset_is_fine_and_dram_needs_32():
    dev, prog = program()
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 12 * 64, 64, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(dev.command_queue(), buf, np.arange(12 * 16, dtype=np.uint32))
    got = {}

    def k():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=64)
        dst = get_write_ptr(CBIndex.c_0)
        noc_async_read(g.get_noc_addr(0, 4), dst + 4, 4)        # same offset (4) at both ends: allowed
        noc_async_read_barrier()
        from tensix.kernel import l1_ptr
        got["v"] = int(l1_ptr(dst + 4)[0])
        noc_async_read(g.get_noc_addr(0, 16), dst + 0, 16)      # 16 vs 0 within 32 bytes: DRAM needs 32
    dm(prog, k, args=[buf.address()])
    with pytest.raises(E.NocAddressError, match="different offsets within 32"):
        run(dev, prog)
    assert got["v"] == 1


def test_noc_bad_coordinate():
    dev, prog = program()

    def k():
        noc_async_read(get_noc_addr(0, 3, 0x30000), get_write_ptr(CBIndex.c_0), 64)  # (0,3) is the PCIe node

    dm(prog, k)
    with pytest.raises(E.NocAddressError, match="neither a worker core nor a DRAM bank"):
        run(dev, prog)


def test_dram_page_out_of_range():
    dev, prog = program()
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 12 * TILE, TILE, tm.BufferType.DRAM))

    def k():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
        cb_reserve_back(CBIndex.c_0, 1)
        noc_async_read_tile(10_000_000, g, get_write_ptr(CBIndex.c_0))

    dm(prog, k, args=[buf.address()])
    with pytest.raises(E.NocAddressError, match="outside allocated DRAM"):
        run(dev, prog)


@pytest.mark.parametrize("case", ["misaligned", "past_l1", "compute"])
@pytest.mark.parametrize("read", [True, False])
def test_dram_tile_transfers_the_fast_path_refuses_are_reported(case, read):
    """noc_async_read_tile / noc_async_write_tile: what the compiled DRAM fast path refuses (it checks before it
    does anything) reaches the general path, which names the broken rule."""
    dev, prog = program()
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 12 * TILE, TILE, tm.BufferType.DRAM))
    io = noc_async_read_tile if read else noc_async_write_tile

    def k():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
        if case == "compute":
            io(3, g, 0)
            return
        cb_reserve_back(CBIndex.c_0, 1)
        io(0, g, get_write_ptr(CBIndex.c_0))      # a good transfer first: the fast path has its link
        noc_async_read_barrier()
        noc_async_write_barrier()
        # DRAM reads need 32-byte alignment, writes 16 (tt-metal's Wormhole noc_parameters.h)
        io(5, g, get_write_ptr(CBIndex.c_0) + (16 if read else 8) if case == "misaligned" else 1499136 - 1024)

    if case == "compute":
        k_id = tm.CreateKernel(prog, k, C0, tm.ComputeConfig())
        tm.SetRuntimeArgs(prog, k_id, C0, [buf.address()])
        err, match = E.KernelError, "data movement API"
    else:
        dm(prog, k, args=[buf.address()])
        err, match = E.NocAddressError, (f"(?s)misaligned NoC access.*within {32 if read else 16}"
                                          if case == "misaligned" else "outside L1")
    with pytest.raises(err, match=match):
        run(dev, prog)


@pytest.mark.parametrize("read", [True, False])
def test_a_negative_page_id_is_refused(read):
    """Page ids are uint32: -1 is not the page before the buffer (where Python's modulo would put it, inside
    another buffer's range) but one far past any buffer."""
    dev, prog = program()
    mk = lambda: tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 24 * TILE, TILE, tm.BufferType.DRAM))
    below, buf = mk(), mk()

    def k():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
        cb_reserve_back(CBIndex.c_0, 1)
        (noc_async_read_tile if read else noc_async_write_tile)(-1, g, get_write_ptr(CBIndex.c_0))

    dm(prog, k, args=[buf.address()])
    with pytest.raises(E.NocAddressError, match=r"page id -1 .*uint32"):
        run(dev, prog)
    assert below.address() < buf.address()


def test_dram_tile_over_one_packet_takes_the_general_path():
    """A 16 KiB page (over one 8 KiB packet, 32-byte aligned: split by hardware) moves through the general path."""
    page = 16384
    dev, prog = program(cbs=())
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(page, {0: tm.DataFormat.Float32}).set_page_size(0, page))
    src = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 3 * page, page, tm.BufferType.DRAM))
    dst = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 3 * page, page, tm.BufferType.DRAM))
    data = np.arange(3 * page // 4, dtype=np.uint32)
    tm.EnqueueWriteBuffer(dev.command_queue(), src, data, True)

    def k():
        a = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=page)
        b = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(1), page_size=page)
        cb_reserve_back(CBIndex.c_0, 1)
        for i in range(3):
            noc_async_read_tile(i, a, get_write_ptr(CBIndex.c_0))
            noc_async_read_barrier()
            noc_async_write_tile(i, b, get_write_ptr(CBIndex.c_0))
            noc_async_write_barrier()

    dm(prog, k, args=[src.address(), dst.address()])
    run(dev, prog)
    np.testing.assert_array_equal(tm.EnqueueReadBuffer(dev.command_queue(), dst, dtype=np.uint32), data)


def test_push_before_read_barrier():
    dev, prog = program()
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, TILE, TILE, tm.BufferType.DRAM))

    def k():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
        cb_reserve_back(CBIndex.c_0, 1)
        noc_async_read_tile(0, g, get_write_ptr(CBIndex.c_0))
        cb_push_back(CBIndex.c_0, 1)          # no noc_async_read_barrier

    dm(prog, k, args=[buf.address()])
    with pytest.raises(E.ReadBarrierError, match="noc_async_read_barrier"):
        run(dev, prog)


@pytest.mark.parametrize("rewrite", [False, True])
def test_pop_while_write_in_flight(rewrite):
    """A page popped while a noc_async_write still reads it out is free again on a card: that is a race only if a
    producer writes it before the NoC has read it. Nobody rewriting it is fine (the data arrives); a data-movement
    producer reserving it at once is refused (its writes are not tracked: the reserve is the last safe point)."""
    dev, prog = program(cb_pages=1)
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, TILE, TILE, tm.BufferType.DRAM))

    def k():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
        cb_reserve_back(CBIndex.c_16, 1)
        cb_push_back(CBIndex.c_16, 1)
        cb_wait_front(CBIndex.c_16, 1)
        noc_async_write(get_read_ptr(CBIndex.c_16), g.get_noc_addr(0), TILE)
        cb_pop_front(CBIndex.c_16, 1)          # no write barrier
        if rewrite:
            cb_reserve_back(CBIndex.c_16, 1)   # the same page, at once

    dm(prog, k, args=[buf.address()])
    if rewrite:
        with pytest.raises(E.ReadBarrierError, match=r"(?s)cb_reserve_back\(16, 1\).*reads that memory out until "
                                                     r"cycle.*noc_async_write_barrier"):
            run(dev, prog)
    else:
        run(dev, prog)


@pytest.mark.parametrize("barrier", [False, True])
def test_packer_overwriting_a_page_still_being_sent(barrier):
    """The packer's writes have times: a pack into a popped page before the outgoing write has read it out is the
    race (the card would send the new tile); with the writer's barrier before the pop the same program is exact."""
    dev, prog = program(cbs=(16,), cb_pages=1)       # c_16 holds one page, c_0 both input tiles
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(2 * TILE, {0: tm.DataFormat.Float16_b}).set_page_size(
        0, TILE))
    cq = dev.command_queue()
    src = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 2 * TILE, TILE, tm.BufferType.DRAM))
    dst = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 2 * TILE, TILE, tm.BufferType.DRAM))
    data = (np.random.default_rng(0).standard_normal(TILE).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    tm.EnqueueWriteBuffer(cq, src, data, True)

    def reader():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
        for i in range(2):
            cb_reserve_back(CBIndex.c_0, 1)
            noc_async_read_tile(i, g, get_write_ptr(CBIndex.c_0))
            noc_async_read_barrier()
            cb_push_back(CBIndex.c_0, 1)

    def compute():      # both tiles in Dst first: the second pack waits only for the writer's pop
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, 2)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        copy_tile(CBIndex.c_0, 1, 1)
        tile_regs_commit()
        tile_regs_wait()
        for i in range(2):
            cb_reserve_back(CBIndex.c_16, 1)
            pack_tile(i, CBIndex.c_16)
            cb_push_back(CBIndex.c_16, 1)
        tile_regs_release()
        cb_pop_front(CBIndex.c_0, 2)

    def writer():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=get_arg_val(0), page_size=TILE)
        for i in range(2):
            cb_wait_front(CBIndex.c_16, 1)
            noc_async_write_tile(i, g, get_read_ptr(CBIndex.c_16))
            if barrier:
                noc_async_write_barrier()
            cb_pop_front(CBIndex.c_16, 1)
        noc_async_write_barrier()

    dm(prog, reader, args=[src.address()])
    tm.CreateKernel(prog, compute, C0, tm.ComputeConfig())
    dm(prog, writer, riscv=1, args=[dst.address()])
    if barrier:
        run(dev, prog)
        np.testing.assert_array_equal(tm.EnqueueReadBuffer(cq, dst, dtype=np.uint16), data)
    else:
        with pytest.raises(E.ReadBarrierError, match=r"(?s)pack_tile\(1, 16\).*at cycle \d+, but the "
                                                     r"noc_async_write of core \(0, 0\).*cb_pop_front\(16, 1\)"):
            run(dev, prog)


def test_runtime_arg_never_set():
    dev, prog = program()

    def k():
        get_arg_val(0)
        get_arg_val(3)

    dm(prog, k, args=[7])
    with pytest.raises(E.RuntimeArgError, match=r"(?s)get_arg_val\(3\).*never set.*SetRuntimeArgs"):
        run(dev, prog)


def test_compile_time_arg_never_set():
    dev, prog = program()

    def k():
        get_compile_time_arg_val(1)

    dm(prog, k, ct=[5])
    with pytest.raises(E.RuntimeArgError, match="compile_args"):
        run(dev, prog)


def test_runtime_args_must_be_ints():
    dev, prog = program()
    k = dm(prog, lambda: None)
    for bad in (1.5, True, np.bool_(False), "3", None):
        with pytest.raises(E.RuntimeArgError, match="not an integer"):
            tm.SetRuntimeArgs(prog, k, C0, [7, bad])
    tm.SetRuntimeArgs(prog, k, C0, [np.int64(-1), 2 ** 33 + 5, np.uint16(9), 0])
    assert tm.GetRuntimeArgs(prog, k, C0) == [0xFFFFFFFF, 5, 9, 0]


def test_runtime_args_for_a_core_the_kernel_is_not_on():
    dev, prog = program()
    k = dm(prog, lambda: None)
    with pytest.raises(E.RuntimeArgError, match=r"(?s)not placed on core \(3, 2\).*Fix: pass one of the kernel.s cores"):
        tm.SetRuntimeArgs(prog, k, tm.CoreCoord(3, 2), [1])


def test_kernel_ids_are_program_indices_and_a_foreign_id_is_refused():
    """CreateKernel returns tt-metal's KernelHandle: 0, 1, 2 in creation order within the program; an id the
    program does not have (another program's, or not an int) is refused by every call that takes one."""
    dev, prog = program()
    ids = [dm(prog, lambda: None, riscv=r) for r in (0, 1)]
    ids.append(tm.CreateKernel(prog, lambda: None, C0, tm.ComputeConfig()))
    assert ids == [0, 1, 2] and all(type(i) is int for i in ids)
    for bad in (3, -1, "0", 1.0):
        with pytest.raises(E.RuntimeArgError, match=r"(?s)is not a kernel id of this program \(it has 3 kernel"
                                                    r"\(s\), ids 0\.\.2\).*Fix: pass the id CreateKernel returned"):
            tm.SetRuntimeArgs(prog, bad, C0, [1])
    with pytest.raises(E.RuntimeArgError, match="SetCommonRuntimeArgs"):
        tm.SetCommonRuntimeArgs(prog, 7, [1])
    with pytest.raises(E.RuntimeArgError, match="GetRuntimeArgs"):
        tm.GetRuntimeArgs(prog, 7, C0)


def test_multicast_num_dests_mismatch():
    cores = tm.CoreRange(tm.CoreCoord(0, 0), tm.CoreCoord(2, 0))
    dev, prog = program(cores=cores)

    def k():
        a = get_write_ptr(CBIndex.c_0)
        noc_async_write_multicast(a, get_noc_multicast_addr(2, 1, 3, 1, a), 64, 5)

    dm(prog, k)
    with pytest.raises(E.NocAddressError, match="num_dests=5.*holds 2"):
        run(dev, prog)


def _mcast_program(kernel_of_sender):
    """Cores (0,0)-(2,0) (NoC x 1..3, y 1); (1,0) writes a marker into its c_0 page and multicasts it with
    kernel_of_sender(addr); returns each core's first c_0 word after the run."""
    cores = tm.CoreRange(tm.CoreCoord(0, 0), tm.CoreCoord(2, 0))
    dev, prog = program(cores=cores)
    sender = tm.CoreCoord(1, 0)

    def k():
        a = get_write_ptr(CBIndex.c_0)
        from tensix.kernel import l1_ptr
        l1_ptr(a)[0] = 0xABCD
        kernel_of_sender(a)

    dm(prog, k, core=sender)
    run(dev, prog)
    a = dev.cores[(0, 0)].cbs[0].base
    return [int(dev.cores[(x, 0)].l1[a:a + 4].view(np.uint32)[0]) for x in range(3)]


def test_plain_multicast_over_a_rectangle_holding_the_sender_skips_the_sender():
    """tt-metal dataflow_api.h: "the multicast sender can be part of the multicast destination range, but data will
    NOT be written to self. The num_dests argument should NOT count self." (tt-metal's 1D matmul relies on it)."""
    def send(a):
        from tensix.kernel import l1_ptr
        noc_async_write_multicast(a, get_noc_multicast_addr(1, 1, 3, 1, a), 64, 2)
        l1_ptr(a)[0] = 0x1234                  # the sender's own copy changes afterwards: nobody wrote over it
        noc_async_write_barrier()
    assert _mcast_program(send) == [0xABCD, 0x1234, 0xABCD]


def test_loopback_multicast_counts_and_writes_the_sender():
    from tensix.kernel import noc_async_write_multicast_loopback_src
    def send(a):
        noc_async_write_multicast_loopback_src(a, get_noc_multicast_addr(1, 1, 3, 1, a), 64, 3)
        noc_async_write_barrier()
    assert _mcast_program(send) == [0xABCD] * 3
    with pytest.raises(E.NocAddressError, match=r"num_dests=2 .*holds 3 destination core\(s\) counting the sender"):
        _mcast_program(lambda a: noc_async_write_multicast_loopback_src(a, get_noc_multicast_addr(1, 1, 3, 1, a),
                                                                        64, 2))


def test_multicast_to_the_sender_alone_is_refused():
    with pytest.raises(E.NocAddressError, match="holds only the sending core.*must not be just self"):
        _mcast_program(lambda a: noc_async_write_multicast(a, get_noc_multicast_addr(2, 1, 2, 1, a), 64, 1))


def test_semaphore_wait_woken_by_increments_short_of_its_value():
    """23 cores each increment core (0,0)'s semaphore once; its wait for 23 is woken by each increment, and must
    stay registered for the next (a false DeadlockError before)."""
    from tensix.kernel import noc_semaphore_inc
    cores = tm.CoreRange(tm.CoreCoord(0, 0), tm.CoreCoord(7, 2))
    dev, prog = program(cores=cores)
    sem = tm.CreateSemaphore(prog, cores, 0)
    x0, y0 = dev.worker_core_from_logical_core(C0)
    done = []

    def waiter():
        noc_semaphore_wait(get_semaphore(sem), 23)
        done.append(True)

    def incrementer():
        noc_semaphore_inc(get_noc_addr(x0, y0, get_semaphore(sem)), 1)

    dm(prog, waiter, core=C0)
    others = [tm.CoreCoord(x, y) for y in range(3) for x in range(8) if (x, y) != (0, 0)]
    tm.CreateKernel(prog, incrementer, tm.CoreRangeSet(others), tm.DataMovementConfig())
    run(dev, prog)
    assert done == [True]


def test_pack_without_tile_regs_wait():
    dev, prog = program()

    def reader():
        cb_reserve_back(CBIndex.c_0, 1)
        cb_push_back(CBIndex.c_0, 1)

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        tile_regs_commit()
        cb_reserve_back(CBIndex.c_16, 1)
        pack_tile(0, CBIndex.c_16)

    dm(prog, reader)
    tm.CreateKernel(prog, compute, C0, tm.ComputeConfig())
    with pytest.raises(E.TileRegsError, match="tile_regs_wait"):
        run(dev, prog)


def test_two_kernels_on_one_riscv():
    dev, prog = program()
    dm(prog, lambda: None, riscv=0)
    dm(prog, lambda: None, riscv=0)
    with pytest.raises(E.KernelError, match="two kernels on BRISC"):
        run(dev, prog)


def test_cross_core_semaphore_deadlock_lists_both_cores():
    cores = tm.CoreRange(tm.CoreCoord(0, 0), tm.CoreCoord(1, 0))
    dev, prog = program(cores=cores)
    tm.CreateSemaphore(prog, cores, 0)

    def k():
        noc_semaphore_wait(get_semaphore(0), 1)     # each core waits for the other, nobody signals

    dm(prog, k, core=cores)
    with pytest.raises(E.DeadlockError) as ei:
        run(dev, prog)
    msg = str(ei.value)
    assert "core (0, 0)" in msg and "core (1, 0)" in msg and msg.count("noc_semaphore_wait") >= 2
    assert "semaphore at L1" in msg


def test_compute_api_in_data_movement_kernel():
    dev, prog = program()

    def k():
        tile_regs_acquire()

    dm(prog, k)
    with pytest.raises(E.KernelError, match="compute API call"):
        run(dev, prog)


@pytest.mark.parametrize("call", ["read", "semaphore"])
def test_noc_and_semaphore_calls_in_a_compute_kernel_are_refused(call):
    dev, prog = program()
    tm.CreateSemaphore(prog, C0, 0)
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, TILE, TILE, tm.BufferType.DRAM))

    def compute():
        if call == "read":
            noc_async_read(get_noc_addr(0, InterleavedAddrGenFast(True, buf.address(), TILE)), 0, 32)
        else:
            get_semaphore(0)

    tm.CreateKernel(prog, compute, C0, tm.ComputeConfig())
    with pytest.raises(E.KernelError, match=r"compute kernel.*test_device_diagnostics.py:\d+.*data movement API"):
        run(dev, prog)


def test_cb_calls_of_zero_pages_return_at_once():
    """dataflow_api.h waits while free (or received) pages < n: for n = 0 never, so reserve / push / wait / pop of 0
    pages are no-ops on a card, and tt-metal's sharded factories give cores without shards such counts (e.g.
    reader_unary_sharded with num_units 0 on a grid core that holds none of an ND tensor's shards)."""
    dev, prog = program()

    def k():
        cb_reserve_back(CBIndex.c_0, 0)
        cb_push_back(CBIndex.c_0, 0)
        cb_wait_front(CBIndex.c_0, 0)      # nothing was pushed: would hang if it waited
        cb_pop_front(CBIndex.c_0, 0)
        cb_reserve_back(CBIndex.c_0, 2)    # the counters did not move: both pages are still free
        cb_push_back(CBIndex.c_0, 2)
        cb_wait_front(CBIndex.c_0, 2)
        cb_pop_front(CBIndex.c_0, 2)

    dm(prog, k)
    run(dev, prog)


@pytest.mark.parametrize("call", ["push", "pop"])
def test_cb_negative_page_counts_are_refused(call):
    """A negative count would move the CB's counters backwards (pages pushed twice, or read again)."""
    dev, prog = program()

    def k():
        cb_reserve_back(CBIndex.c_0, 1)
        if call == "push":
            cb_push_back(CBIndex.c_0, -1)
        cb_push_back(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_0, 1)
        cb_pop_front(CBIndex.c_0, -1)

    dm(prog, k)
    with pytest.raises(E.CircularBufferError, match=rf"cb_{call}_\w+\(0, -1\).*can never be satisfied.*\nFix:"):
        run(dev, prog)


@pytest.mark.parametrize("call", ["copy_dst", "copy_cb", "add_dst", "pack_dst", "pack_out", "sfpu_dst"])
def test_non_integer_tile_indices_are_refused(call):
    """A float where a tile index goes (C++ takes uint32_t): refused naming the call and the argument, not failed
    deep in numpy, and never truncated by a compiled path. numpy integers are indices like ints."""
    from tensix.kernel import add_tiles, call_sfpu, cb_push_back, cb_reserve_back, tile_regs_release, tile_regs_wait
    from tensix.sfpi import dst_reg

    def noop_sfpu():
        dst_reg[0] = dst_reg[0]

    dev, prog = program(cbs=(0, 1, 16))

    def reader():
        for cb in (CBIndex.c_0, CBIndex.c_1):
            cb_reserve_back(cb, 1)
            cb_push_back(cb, 1)

    def compute():
        binary_op_init_common(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        tile_regs_acquire()
        copy_tile_init(CBIndex.c_0)
        copy_tile(CBIndex.c_0, 0.0 if call == "copy_cb" else np.int64(0), 1.0 if call == "copy_dst" else 0)
        add_tiles_init(CBIndex.c_0, CBIndex.c_1)
        add_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 1.0 if call == "add_dst" else 0)
        call_sfpu(noop_sfpu, 0.0 if call == "sfpu_dst" else 0)
        tile_regs_commit()
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0.0 if call == "pack_dst" else 0, CBIndex.c_16, 0.0 if call == "pack_out" else 0)
        tile_regs_release()

    dm(prog, reader)
    tm.CreateKernel(prog, compute, C0, tm.ComputeConfig())
    what = {"copy_dst": "Dst tile index 1.0", "copy_cb": "CB tile index 0.0", "add_dst": "Dst tile index 1.0",
            "pack_dst": "Dst tile index 0.0", "pack_out": "output tile index 0.0",
            "sfpu_dst": "Dst tile index 0.0"}[call]
    with pytest.raises(E.KernelError, match=rf"the {what} on core \(0, 0\) at .*test_device_diagnostics.py:\d+ is a "
                                            r"float, not an integer tile index.\nFix: pass an int"):
        run(dev, prog)


def test_a_program_run_pauses_the_cyclic_collector_and_restores_it():
    """Scheduler.run pauses Python's cyclic GC while the threads run (speed) and restores the caller's setting,
    also when the program fails."""
    import gc
    seen = []

    def kernel():
        seen.append(gc.isenabled())

    def stuck():
        cb_wait_front(CBIndex.c_0, 1)   # nobody ever pushes

    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            dev, prog = program()
            dm(prog, kernel)
            run(dev, prog)
            assert gc.isenabled() == enabled
            dev, prog = program()
            dm(prog, stuck)
            with pytest.raises(E.DeadlockError):
                run(dev, prog)
            assert gc.isenabled() == enabled
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [False, False]
