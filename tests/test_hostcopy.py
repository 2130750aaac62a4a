"""Host copies split over two threads give the bytes of one np.copyto (tilize, untilize, buffer reads/writes)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tensix.metalium as tm
from tensix.device import hostcopy


@pytest.fixture(params=[False, True], ids=["one thread", "two threads"])
def split(request, monkeypatch):
    monkeypatch.setattr(hostcopy, "MIN_BYTES", 0 if request.param else 1 << 60)
    monkeypatch.setattr(hostcopy, "CPUS", 2 if request.param else 1)
    return request.param


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 7), min_size=1, max_size=4), st.integers(0, 3))
def test_copyto_equals_numpy(shape, k):
    hostcopy.MIN_BYTES, saved = 0, hostcopy.MIN_BYTES
    try:
        rng = np.random.default_rng(k)
        src = rng.integers(0, 2**31, (*shape, 3)).astype(np.uint32)
        src_view = src.transpose(*reversed(range(src.ndim)))   # a strided source, as tilize passes
        dst = np.zeros(src_view.shape, np.uint32)
        hostcopy.copyto(dst, src_view)
        np.testing.assert_array_equal(dst, src_view)
    finally:
        hostcopy.MIN_BYTES = saved


def test_tilize_untilize_and_buffers_round_trip(split):
    rng = np.random.default_rng(1)
    m = rng.standard_normal((256, 192)).astype(np.float32)
    t = tm.tilize_nfaces(m, 256, 192)
    out = np.empty_like(t)
    assert np.array_equal(tm.tilize_nfaces(m, 256, 192, out=out), t)
    np.testing.assert_array_equal(np.asarray(tm.untilize_nfaces(t, 256, 192)).reshape(256, 192), m)
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, t.nbytes, 4096, tm.BufferType.DRAM))
    tm.EnqueueWriteBuffer(cq, buf, t)
    np.testing.assert_array_equal(tm.EnqueueReadBuffer(cq, buf, dtype=np.float32), t)
    page = np.asarray(dev.dram.mem[1][buf.address():buf.address() + 4096]).view(np.float32)
    np.testing.assert_array_equal(page, t[1024:2048])     # page 1 is in bank 1 (interleaving)
