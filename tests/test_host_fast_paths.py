"""Host-side fast paths: tilize/untilize (one transposed copy), page-interleaved buffer copies (one strided copy per
bank) and DRAM bank growth (views of a lazily reserved bank, no copies), each against a slow, obvious reference
written here (loops over tiles, faces and pages)."""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import tensix.metalium as tm
from tensix.device import formats as F
from tensix.device import memory, soc
from tensix.device.errors import DramOverflowError, NocAddressError
from tensix.errors import TensixError

RNG = np.random.default_rng(7)


# ------------------------------------------------------------------------------------------ tilize / untilize
def slow_tilize(m: np.ndarray) -> np.ndarray:
    """TILED_NFACES by hand: for each matrix, tile (h, w) row-major over the grid; inside a tile faces
    TL, TR, BL, BR, each 16x16 row-major (facts sheet section 1)."""
    out = []
    for mat in m:
        for h in range(mat.shape[0] // 32):
            for w in range(mat.shape[1] // 32):
                for fr in range(2):
                    for fc in range(2):
                        for r in range(16):
                            row = h * 32 + fr * 16 + r
                            out.extend(mat[row, w * 32 + fc * 16: w * 32 + fc * 16 + 16].tolist())
    return np.array(out, dtype=m.dtype)


def slow_untilize(flat: np.ndarray, rows: int, cols: int) -> np.ndarray:
    n = flat.size // (rows * cols)
    out = np.zeros((n, rows, cols), flat.dtype)
    wt = cols // 32
    for b in range(n):
        base = b * rows * cols
        for h in range(rows // 32):
            for w in range(wt):
                for face in range(4):
                    for r in range(16):
                        off = base + (h * wt + w) * 1024 + face * 256 + r * 16
                        row, col = h * 32 + (face // 2) * 16 + r, w * 32 + (face % 2) * 16
                        out[b, row, col:col + 16] = flat[off:off + 16]
    return out.reshape(-1)


DTYPES = [np.float32, np.uint16, np.int8, np.float64, np.int32, ml_dtypes.bfloat16, np.bool_, np.complex64]


def _values(shape, dt):
    x = RNG.integers(-100, 100, shape)
    if np.dtype(dt) == np.bool_:
        return x > 0
    return (x * 1.25).astype(dt) if np.dtype(dt).kind in "fcV" else x.astype(dt)


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("shape", [(32, 32), (64, 96), (96, 32), (2, 32, 64), (3, 64, 64)])
def test_tilize_matches_slow_reference(dt, shape):
    m = _values(shape, dt)
    rows, cols = shape[-2:]
    t = F.tilize_nfaces(m, rows, cols)
    ref = slow_tilize(m.reshape(-1, rows, cols))
    assert t.dtype == m.dtype and t.shape == (m.size,)
    assert np.array_equal(t.view(np.uint8), ref.view(np.uint8))
    u = F.untilize_nfaces(t, rows, cols)
    assert u.dtype == m.dtype and u.shape == (m.size,)
    assert np.array_equal(u.view(np.uint8), slow_untilize(ref, rows, cols).view(np.uint8))
    assert np.array_equal(u.reshape(m.shape).view(np.uint8), m.view(np.uint8))
    # results are new arrays: writing them never changes the input
    assert not np.shares_memory(t, m) and not np.shares_memory(u, t)


def test_tilize_non_contiguous_unaligned_and_list_inputs():
    base = RNG.standard_normal((64, 128)).astype(np.float32)
    view = base[:, ::2]                       # non-contiguous (64, 64)
    assert np.array_equal(F.tilize_nfaces(view, 64, 64), slow_tilize(np.ascontiguousarray(view)[None]))
    t_view = base.T                           # transposed (128, 64)
    assert np.array_equal(F.tilize_nfaces(t_view, 128, 64), slow_tilize(np.ascontiguousarray(t_view)[None]))
    raw = np.zeros(32 * 32 * 4 + 1, np.uint8)
    odd = raw[1:].view(np.uint8)              # byte data at an odd address: no 8-byte word view
    odd[:] = RNG.integers(0, 256, odd.size)
    assert odd.ctypes.data % 8 != 0
    assert np.array_equal(F.tilize_nfaces(odd, 32, 128), slow_tilize(odd.reshape(1, 32, 128)))
    assert np.array_equal(F.untilize_nfaces(F.tilize_nfaces(odd, 32, 128), 32, 128), odd)
    lst = np.arange(1024).reshape(32, 32).tolist()
    assert np.array_equal(F.tilize_nfaces(lst, 32, 32), slow_tilize(np.array(lst)[None]))
    # empty batch: shape-consistent and empty, as before
    assert F.tilize_nfaces(np.zeros(0, np.float32), 32, 32).size == 0


@pytest.mark.parametrize("dt", [np.float32, np.uint16, np.int8, ml_dtypes.bfloat16, np.complex64])
def test_tilize_untilize_into_out(dt):
    """out=: the same bytes as a new result, written into the caller's array (a staging buffer reused from call
    to call), including an out that is not 8-byte aligned (no word view)."""
    m = _values((2, 64, 96), dt)
    out = np.full(m.size, 7, dt)
    r = F.tilize_nfaces(m, 64, 96, out=out)
    assert np.shares_memory(r, out) and r.shape == (m.size,)
    assert np.array_equal(out.view(np.uint8), F.tilize_nfaces(m, 64, 96).view(np.uint8))
    back = np.zeros((2, 64, 96), dt)
    F.untilize_nfaces(out, 64, 96, out=back)
    assert np.array_equal(back.view(np.uint8), m.view(np.uint8))
    raw = np.zeros(m.nbytes + 1, np.uint8)
    odd = raw[1:].view(dt)
    assert odd.ctypes.data % 8 != 0
    F.tilize_nfaces(m, 64, 96, out=odd)
    assert np.array_equal(odd.view(np.uint8), out.view(np.uint8))


def test_tilize_out_must_fit():
    m = np.zeros((64, 64), np.float32)
    for bad, what in ((np.zeros(4096, np.float64), "float64 of 4096"), (np.zeros(4095, np.float32), "4095 elements"),
                      (np.zeros((64, 128), np.float32)[:, ::2], "not C-contiguous"), ([0] * 4096, "list")):
        with pytest.raises(TensixError, match="out must be a C-contiguous float32 array of 4096 elements") as e:
            F.tilize_nfaces(m, 64, 64, out=bad)
        assert what in str(e.value)
        with pytest.raises(TensixError, match="out must be"):
            F.untilize_nfaces(m, 64, 64, out=bad)


def test_tilize_argument_checks_unchanged():
    with pytest.raises(TensixError, match="multiples of 32"):
        F.tilize_nfaces(np.zeros(40 * 32), 40, 32)
    with pytest.raises(TensixError, match="multiples of 32"):
        F.untilize_nfaces(np.zeros(32 * 48), 32, 48)
    with pytest.raises(TensixError, match="whole number"):
        F.tilize_nfaces(np.zeros(100), 32, 32)
    with pytest.raises(TensixError, match="whole number"):
        F.untilize_nfaces(np.zeros(1024 + 1), 32, 32)
    with pytest.raises(TensixError, match="positive"):
        F.tilize_nfaces(np.zeros(0), 0, 32)


@settings(max_examples=30, deadline=None)
@given(ht=st.integers(1, 3), wt=st.integers(1, 3), nb=st.integers(1, 2), dt=st.sampled_from(DTYPES))
def test_tilize_round_trip_property(ht, wt, nb, dt):
    m = _values((nb, ht * 32, wt * 32), dt)
    t = F.tilize_nfaces(m, ht * 32, wt * 32)
    assert np.array_equal(F.untilize_nfaces(t, ht * 32, wt * 32).view(np.uint8), m.reshape(-1).view(np.uint8))


# ------------------------------------------------------------------------------------ interleaved buffers
def _banks(buf):
    return [buf.bank_memory(b) for b in range(buf.nbanks)]


def _expected_pages(buf, data: np.ndarray) -> np.ndarray:
    """(num_pages, page_size) bytes the banks must hold after writing `data`: padded with zeros to whole pages."""
    padded = np.zeros(buf.num_pages * buf.page_size, np.uint8)
    padded[:data.size] = data
    return padded.reshape(buf.num_pages, buf.page_size)


def _check_pages_one_by_one(buf, pages: np.ndarray, sentinel: int):
    """Per-page reference: page i in bank i % nbanks at address + (i // nbanks) * aligned page size; the
    alignment gap after each page keeps its old bytes."""
    nb, ps, aps = buf.nbanks, buf.page_size, buf.aligned_page_size
    for i in range(buf.num_pages):
        mem = buf.bank_memory(i % nb)
        a = buf.address() + (i // nb) * aps
        assert np.array_equal(mem[a:a + ps], pages[i]), f"page {i}"
        assert np.all(mem[a + ps:a + aps] == sentinel), f"gap after page {i}"


@pytest.mark.parametrize("btype", [tm.BufferType.DRAM, tm.BufferType.L1])
@pytest.mark.parametrize("page,n_pages,extra", [(4096, 24, 0), (4096, 30, 0), (100, 12, 0), (100, 37, 0),
                                                (64, 1, 0), (48, 5, 0), (2048, 131, 0), (100, 13, 57),
                                                (96, 64, 0), (96, 129, 7)])
def test_interleaved_write_read_per_page_reference(btype, page, n_pages, extra):
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    size = page * n_pages + extra                      # extra > 0: a last, partial page
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, size, page, btype))
    sentinel = 0xAB
    per_bank = buf.pages_per_bank * buf.aligned_page_size
    for mem in _banks(buf):
        mem[buf.address():buf.address() + per_bank] = sentinel
    data = RNG.integers(0, 256, size, dtype=np.uint8)
    tm.EnqueueWriteBuffer(cq, buf, data, True)
    _check_pages_one_by_one(buf, _expected_pages(buf, data), sentinel)
    assert np.array_equal(tm.EnqueueReadBuffer(cq, buf), data)
    assert np.array_equal(buf.read_bytes(), data)
    # shorter writes pad with zeros to the end of the buffer (every page is written in full)
    for short in (0, 1, page - 1, page, page + 3, size // 2, size - 1):
        if 0 <= short <= size:
            part = RNG.integers(0, 256, short, dtype=np.uint8)
            tm.EnqueueWriteBuffer(cq, buf, part)
            _check_pages_one_by_one(buf, _expected_pages(buf, part), sentinel)
            assert np.array_equal(tm.EnqueueReadBuffer(cq, buf), _expected_pages(buf, part).reshape(-1)[:size])


def test_read_buffer_result_forms():
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    size = 100 * 13 + 6
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, size, 100, tm.BufferType.DRAM))
    data = RNG.integers(0, 256, size, dtype=np.uint8)
    tm.EnqueueWriteBuffer(cq, buf, bytes(data))                     # bytes input
    words = tm.EnqueueReadBuffer(cq, buf, dtype=np.uint32)
    assert words.dtype == np.uint32 and words.size == size // 4
    assert np.array_equal(words, data[: size // 4 * 4].view(np.uint32))
    assert np.array_equal(tm.EnqueueReadBuffer(cq, buf, dtype=">u2"), data.view(">u2"))
    big = np.full(size + 50, 7, np.uint8)                          # out larger than the buffer: tail untouched
    tm.EnqueueReadBuffer(cq, buf, big)
    assert np.array_equal(big[:size], data) and np.all(big[size:] == 7)
    small = np.zeros((10, 5), np.float32)                          # out smaller: its bytes only
    tm.EnqueueReadBuffer(cq, buf, small)
    assert np.array_equal(small.reshape(-1).view(np.uint8), data[:200])
    lst = [1, 2]
    tm.EnqueueReadBuffer(cq, buf, lst)
    assert lst == data[: size // 4 * 4].view(np.uint32).tolist()
    ro = np.zeros(size, np.uint8)
    ro.flags.writeable = False
    with pytest.raises(ValueError):
        tm.EnqueueReadBuffer(cq, buf, ro)
    with pytest.raises(TensixError, match="do not fit"):
        tm.EnqueueWriteBuffer(cq, buf, np.zeros(size + 1, np.uint8))


@settings(max_examples=25, deadline=None)
@given(page=st.integers(1, 300), n_pages=st.integers(1, 80), extra=st.integers(0, 299),
       l1=st.booleans(), data=st.data())
def test_interleaving_property(page, n_pages, extra, l1, data):
    dev = tm.CreateDevice(0)
    size = page * n_pages + min(extra, page - 1)
    btype = tm.BufferType.L1 if l1 else tm.BufferType.DRAM
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, size, page, btype))
    n = data.draw(st.integers(0, size))
    payload = RNG.integers(0, 256, n, dtype=np.uint8)
    tm.EnqueueWriteBuffer(dev.command_queue(), buf, payload)
    pages = _expected_pages(buf, payload)
    nb, aps = buf.nbanks, buf.aligned_page_size
    for i in range(buf.num_pages):
        a = buf.address() + (i // nb) * aps
        assert np.array_equal(buf.bank_memory(i % nb)[a:a + page], pages[i])
    assert np.array_equal(buf.read_bytes(), pages.reshape(-1)[:size])


# ------------------------------------------------------------------------------------------ DRAM growth
def test_bank_growth_across_many_buffers_keeps_data():
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    bufs, datas = [], []
    first_mem = list(dev.dram.mem)
    for k in range(60):
        page = (32, 100, 2048, 4096)[k % 4]
        size = page * (1 + 7 * k) + k % 3
        buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, size, page, tm.BufferType.DRAM))
        d = RNG.integers(0, 256, size, dtype=np.uint8)
        tm.EnqueueWriteBuffer(cq, buf, d)
        bufs.append(buf)
        datas.append(d)
        caps = {m.size for m in dev.dram.mem}
        assert len(caps) == 1 and caps.pop() >= dev.dram.top      # every bank holds the high-water mark
    for buf, d in zip(bufs, datas):
        assert np.array_equal(tm.EnqueueReadBuffer(cq, buf), d)
    # the list object is shared and updated in place; earlier arrays see the same bytes as the current ones
    assert dev.dram.mem[0].size > first_mem[0].size
    assert np.shares_memory(first_mem[3], dev.dram.mem[3]) or first_mem[3].size == 0
    # deallocated ranges are reused first-fit
    addr = bufs[5].address()
    tm.DeallocateBuffer(bufs[5])
    again = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 64, 32, tm.BufferType.DRAM))
    assert again.address() == addr


def test_capacity_grows_geometrically_to_the_bank_size():
    banks = memory.DramBanks()
    assert all(m.size == 0 for m in banks.mem)
    banks.allocate(1000)
    assert banks.mem[0].size == banks.top                         # first growth: exactly the high-water mark
    cap = banks.mem[0].size
    banks.allocate(32)
    assert banks.mem[0].size == 2 * cap                           # then at least doubling
    banks.allocate(600 << 20)
    assert banks.mem[0].size == banks.top                         # the request exceeds a doubling
    banks.allocate(32)
    assert all(m.size == soc.DRAM_BANK_SIZE for m in banks.mem)   # doubling is capped at the bank


def test_growth_without_the_reservation_copies(monkeypatch):
    """If the OS refuses a 1 GiB reservation, growth falls back to copying into larger arrays: same data."""
    def refuse(*args):
        raise MemoryError("no 1 GiB mapping")

    monkeypatch.setattr(memory, "lazy_zeros", refuse)
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    bufs = [tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 4096 * (k + 1) * 12, 4096, tm.BufferType.DRAM))
            for k in range(3)]
    datas = [RNG.integers(0, 256, b.size, dtype=np.uint8) for b in bufs]
    for b, d in zip(bufs, datas):
        tm.EnqueueWriteBuffer(cq, b, d)
    more = [tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 1 << 20, 4096, tm.BufferType.DRAM)) for _ in range(4)]
    assert dev.dram._store is False and len({m.size for m in dev.dram.mem}) == 1
    for b, d in zip(bufs, datas):
        assert np.array_equal(tm.EnqueueReadBuffer(cq, b), d)
    assert more[-1].address() + more[-1]._per_bank <= dev.dram.mem[0].size


def test_dram_overflow_still_raised():
    dev = tm.CreateDevice(0)
    with pytest.raises(DramOverflowError, match="DRAM full"):
        tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 13 * (1 << 30), 1 << 20, tm.BufferType.DRAM))
    # fill the banks with 256 MiB-per-bank buffers until the fifth does not fit; nothing is touched, so this is cheap
    per = 256 << 20
    made = []
    with pytest.raises(DramOverflowError, match="DRAM full"):
        for _ in range(5):
            made.append(tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 12 * per, 1 << 20, tm.BufferType.DRAM)))
    assert len(made) == 3                                          # 64 KiB reserved at the bottom of each bank
    assert dev.dram.mem[0].size == soc.DRAM_BANK_SIZE
    tm.DeallocateBuffer(made[1])                                   # freeing makes room again
    tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 12 * per, 1 << 20, tm.BufferType.DRAM))


def test_access_past_the_allocated_capacity_is_loud():
    dev = tm.CreateDevice(0)
    tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 12 * 2048, 2048, tm.BufferType.DRAM))
    cap = dev.dram.mem[0].size
    x, y = soc.DRAM_BANK_WORKER_ENDPOINT[0]
    mem, off, kind, bank = dev.resolve(soc.noc_xy_addr(x, y, cap - 32), 32, "test")
    assert kind == "dram" and bank == 0 and off == cap - 32
    with pytest.raises(NocAddressError, match="outside allocated DRAM"):
        dev.resolve(soc.noc_xy_addr(x, y, cap - 16), 32, "test")


def test_lazy_zeros_is_a_writable_zeroed_array():
    a = memory.lazy_zeros(3 << 20, huge_from=2 << 20)
    assert a.dtype == np.uint8 and a.size == 3 << 20 and a.flags.writeable and a.flags.c_contiguous
    assert not a[::4096].any() and not a[-100:].any()
    a[5:9] = 7
    b = memory.lazy_zeros(4096)
    assert not b.any() and not np.shares_memory(a, b)


def test_read_into_a_non_contiguous_array_is_refused():
    import tensix
    import tensix.metalium as tm

    dev = tm.CreateDevice(0)
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 4096, 1024, tm.BufferType.DRAM))
    out = np.zeros((64, 32), np.uint32)[:, ::2]
    with pytest.raises(tensix.TensixError, match="C-contiguous"):
        tm.EnqueueReadBuffer(dev.command_queue(), buf, out)
