"""Host API: devices, coordinates, buffers and interleaving, args, kernels from files, work splitting."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import tensix.metalium as tm
from tensix.device import soc
from tensix.kernel import (CBIndex, DPRINT, ENDL, InterleavedAddrGen, cb_push_back, cb_reserve_back,
                           get_arg_val, get_common_arg_val, get_noc_addr, get_write_ptr, my_x, my_y,
                           noc_async_read, noc_async_read_barrier, noc_async_read_page, noc_async_write,
                           noc_async_write_barrier, noc_async_write_page)

C0 = tm.CoreCoord(0, 0)


def test_device_grid_and_coordinates():
    dev = tm.CreateDevice(0)
    g = dev.compute_with_storage_grid_size()
    assert (g.x, g.y) == (8, 8)
    # wormhole_b0_80_arch.yaml: worker NoC columns skip x=5 (DRAM) and rows skip y=6 (Ethernet)
    assert dev.worker_core_from_logical_core(tm.CoreCoord(0, 0)) == tm.CoreCoord(1, 1)
    assert dev.worker_core_from_logical_core(tm.CoreCoord(4, 0)) == tm.CoreCoord(6, 1)
    assert dev.worker_core_from_logical_core(tm.CoreCoord(7, 5)) == tm.CoreCoord(9, 7)
    assert dev.l1_size_per_core() == 1464 * 1024
    assert dev.num_dram_banks() == 12
    with pytest.raises(Exception, match="outside the 8x8"):
        dev.worker_core_from_logical_core(tm.CoreCoord(8, 0))
    assert tm.CloseDevice(dev)


def test_core_ranges():
    r = tm.CoreRange(tm.CoreCoord(1, 2), tm.CoreCoord(3, 3))
    assert r.size() == 6 and len(list(r)) == 6
    s = tm.CoreRangeSet([r, tm.CoreRange(tm.CoreCoord(0, 0))])
    assert s.num_cores() == 7 and s.contains(tm.CoreCoord(2, 3)) and not s.contains(tm.CoreCoord(0, 1))
    # overlapping ranges: each core once, in range order, however often the set is iterated; merge makes a new set
    o = tm.CoreRangeSet([tm.CoreRange(tm.CoreCoord(0, 0), tm.CoreCoord(1, 0)), tm.CoreCoord(1, 0), tm.CoreCoord(2, 1)])
    want = [tm.CoreCoord(0, 0), tm.CoreCoord(1, 0), tm.CoreCoord(2, 1)]
    assert list(o) == want and list(o) == want and o.num_cores() == 3
    m = o.merge(tm.CoreCoord(0, 0)).merge(tm.CoreRange(tm.CoreCoord(5, 5)))
    assert list(m) == want + [tm.CoreCoord(5, 5)] and list(o) == want


@pytest.mark.parametrize("btype", [tm.BufferType.DRAM, tm.BufferType.L1])
def test_buffer_roundtrip_and_page_interleaving(btype):
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    page = 100                                   # not aligned: pages sit at aligned strides in the banks
    n_pages = 30
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, page * n_pages, page, btype))
    data = (np.arange(page * n_pages) % 251).astype(np.uint8)
    tm.EnqueueWriteBuffer(cq, buf, data, True)
    np.testing.assert_array_equal(tm.EnqueueReadBuffer(cq, buf), data)
    out = np.zeros_like(data)
    tm.EnqueueReadBuffer(cq, buf, out, True)
    np.testing.assert_array_equal(out, data)
    words = []
    tm.EnqueueReadBuffer(cq, buf, words, True)
    assert words[0] == int(data[:4].view(np.uint32)[0])
    # page i lives in bank i % nbanks at address + (i // nbanks) * aligned page
    nb = 12 if btype == tm.BufferType.DRAM else 64
    al = 128 if btype == tm.BufferType.DRAM else 112
    for i in (0, 1, 13, 29):
        bank, slot = i % nb, i // nb
        mem = buf.bank_memory(bank)
        a = buf.address() + slot * al
        np.testing.assert_array_equal(mem[a:a + page], data[i * page:(i + 1) * page])


def test_kernel_reads_interleaved_pages_and_common_args(tmp_path):
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    page = 64
    src = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, page * 20, page, tm.BufferType.DRAM))
    dst = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, page * 20, page, tm.BufferType.L1))
    data = np.arange(page * 20 // 4, dtype=np.uint32)
    tm.EnqueueWriteBuffer(cq, src, data)
    kfile = tmp_path / "copy_kernel.py"
    kfile.write_text(
        "from tensix.kernel import *\n"
        "def kernel_main():\n"
        "    s = InterleavedAddrGen(is_dram=True, bank_base_address=get_common_arg_val(0), page_size=PAGE)\n"
        "    d = InterleavedAddrGen(is_dram=False, bank_base_address=get_common_arg_val(1), page_size=PAGE)\n"
        "    l1 = get_write_ptr(CBIndex.c_0)\n"
        "    for i in range(get_arg_val(0), get_arg_val(1)):\n"
        "        noc_async_read_page(i, s, l1)\n"
        "        noc_async_read_barrier()\n"
        "        noc_async_write_page(i, d, l1)\n"
        "        noc_async_write_barrier()\n")
    prog = tm.CreateProgram()
    cores = tm.CoreRange(tm.CoreCoord(0, 0), tm.CoreCoord(1, 0))
    tm.CreateCircularBuffer(prog, cores, tm.CircularBufferConfig(page, {0: tm.DataFormat.UInt32}).set_page_size(0, page))
    kern = tm.CreateKernel(prog, str(kfile), cores, tm.DataMovementConfig(defines={"PAGE": page}))
    tm.SetCommonRuntimeArgs(prog, kern, [src.address(), dst.address()])
    tm.SetRuntimeArgs(prog, kern, tm.CoreCoord(0, 0), [0, 10])
    tm.SetRuntimeArgs(prog, kern, tm.CoreCoord(1, 0), [10, 20])
    tm.EnqueueProgram(cq, prog)
    np.testing.assert_array_equal(tm.EnqueueReadBuffer(cq, dst, dtype=np.uint32), data)


def test_kernel_file_without_kernel_main(tmp_path):
    f = tmp_path / "bad.py"
    f.write_text("x = 1\n")
    with pytest.raises(Exception, match="kernel_main"):
        tm.CreateKernel(tm.CreateProgram(), str(f), C0, tm.DataMovementConfig())


def test_my_xy_and_dprint(capsys):
    dev = tm.CreateDevice(0)
    prog = tm.CreateProgram()

    def k():
        DPRINT << "at " << my_x[0] << "," << my_y[0] << ENDL()

    tm.CreateKernel(prog, k, tm.CoreCoord(4, 6), tm.DataMovementConfig())
    tm.EnqueueProgram(dev.command_queue(), prog)
    assert "(4, 6):BRISC: at 6,8" in capsys.readouterr().out


@given(st.integers(0, 200), st.integers(1, 8), st.integers(1, 8), st.booleans())
@settings(max_examples=60, deadline=None)
def test_split_work_to_cores(units, gx, gy, row_wise):
    n, allc, g1, g2, p1, p2 = tm.split_work_to_cores(tm.CoreCoord(gx, gy), units, row_wise)
    assert n == min(units, gx * gy)
    assert g1.num_cores() * p1 + g2.num_cores() * p2 == units
    assert allc.num_cores() == n == g1.num_cores() + g2.num_cores()
    if g2.num_cores():
        assert p1 == p2 + 1
    for c in allc:
        assert 0 <= c.x < gx and 0 <= c.y < gy


def test_split_work_to_cores_column_major_order():
    _, allc, g1, g2, p1, p2 = tm.split_work_to_cores(tm.CoreCoord(8, 8), 10)
    assert [tuple(c) for c in allc][:3] == [(0, 0), (0, 1), (0, 2)]
    assert (g1.num_cores(), p1, g2.num_cores(), p2) == (10, 1, 0, 0)


@given(st.integers(1, 3), st.integers(1, 3))
@settings(max_examples=10, deadline=None)
def test_tilize_roundtrip(ht, wt):
    rows, cols = 32 * ht, 32 * wt
    a = np.arange(rows * cols, dtype=np.uint16).reshape(rows, cols)
    t = np.asarray(tm.tilize_nfaces(a, rows, cols)).reshape(-1)
    # element (i, j) of tile 0: face (i//16)*2 + j//16, offset face*256 + (i%16)*16 + j%16 [TILES]
    assert t[(1 * 2 + 1) * 256 + 3 * 16 + 5] == a[16 + 3, 16 + 5]
    back = np.asarray(tm.untilize_nfaces(t, rows, cols)).reshape(rows, cols)
    np.testing.assert_array_equal(back, a)


def test_l1_buffers_and_cbs_share_l1_without_overlap():
    dev = tm.CreateDevice(0)
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 64 * 4096, 4096, tm.BufferType.L1))
    assert buf.address() + 4096 <= soc.L1_SIZE and buf.address() % 16 == 0
    prog = tm.CreateProgram()
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(8192, {0: tm.DataFormat.Float16_b}).set_page_size(0, 2048))
    got = {}

    def k():
        got["wp"] = get_write_ptr(CBIndex.c_0)

    tm.CreateKernel(prog, k, C0, tm.DataMovementConfig())
    tm.EnqueueProgram(dev.command_queue(), prog)
    assert soc.L1_UNRESERVED_BASE <= got["wp"] and got["wp"] + 8192 <= buf.address()


def test_cb_pointers_wrap_fifo():
    dev = tm.CreateDevice(0)
    prog = tm.CreateProgram()
    tm.CreateCircularBuffer(prog, C0, tm.CircularBufferConfig(3 * 64, {0: tm.DataFormat.UInt32}).set_page_size(0, 64))
    ptrs = []
    from tensix.kernel import cb_wait_front, cb_pop_front, get_read_ptr

    def k():
        for _ in range(4):
            cb_reserve_back(CBIndex.c_0, 1)
            ptrs.append(get_write_ptr(CBIndex.c_0))
            cb_push_back(CBIndex.c_0, 1)
            cb_wait_front(CBIndex.c_0, 1)
            ptrs.append(get_read_ptr(CBIndex.c_0))
            cb_pop_front(CBIndex.c_0, 1)

    tm.CreateKernel(prog, k, C0, tm.DataMovementConfig())
    tm.EnqueueProgram(dev.command_queue(), prog)
    b = ptrs[0]
    assert ptrs == [b, b, b + 64, b + 64, b + 128, b + 128, b, b]


def test_dram_bank_addressing_matches_interleaving():
    from tensix.kernel import get_noc_addr_from_bank_id, InterleavedAddrGenFast
    dev = tm.CreateDevice(0)
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 2048 * 24, 2048, tm.BufferType.DRAM))
    got = {}

    def k():
        g = InterleavedAddrGenFast(is_dram=True, bank_base_address=buf.address(), page_size=2048)
        got["page13"] = g.get_noc_addr(13)
        got["bank1"] = get_noc_addr_from_bank_id(1, buf.address() + 2048)

    prog = tm.CreateProgram()
    tm.CreateKernel(prog, k, C0, tm.DataMovementConfig())
    tm.EnqueueProgram(dev.command_queue(), prog)
    assert got["page13"] == got["bank1"]          # page 13 = bank 1, second slot
    # bank 1 is channel 0's second GiB, reached at NoC (0, 1) per dram_preferred_worker_endpoint
    assert (got["page13"] >> 36) & 63 == 0 and (got["page13"] >> 42) & 63 == 1
    assert got["page13"] & ((1 << 36) - 1) == (1 << 30) + buf.address() + 2048
