"""Direct entry points of compiled functions (tensix.device.jitentry) and the compute fast paths that use them."""

import numba
import numpy as np
import pytest
from device_helpers import run_single

import tensix.metalium as tm
from tensix.device import formats
from tensix.device.jitentry import entry_for
from tensix.device.noc import dram_page_io
from tensix.kernel import (
    CBIndex,
    _fast,
    add_tiles,
    add_tiles_init,
    binary_op_init_common,
    cb_pop_front,
    cb_push_back,
    cb_reserve_back,
    cb_wait_front,
    copy_tile,
    copy_tile_init,
    pack_tile,
    tile_regs_acquire,
    tile_regs_commit,
    tile_regs_release,
    tile_regs_wait,
)


@numba.njit(cache=False)
def _scaled_sum(a, k):
    return a.sum() * k


def test_an_entry_point_computes_what_the_dispatcher_does_and_refuses_other_array_types():
    ep = entry_for(_scaled_sum, np.zeros(1, np.int64), 0)
    a = np.arange(10, dtype=np.int64)
    assert ep is not _scaled_sum
    assert ep(a, 3) == _scaled_sum(a, 3) == 135
    with pytest.raises(TypeError):
        ep(a.astype(np.float32), 3)     # the dispatcher would compile a float32 version; the entry point cannot
    # (an array of the right dtype but another dimension or layout is not checked at all: jitentry's docstring)


def test_the_arrays_given_to_entry_points_have_their_dimensions_and_layout():
    """numba's entry points check an array's dtype, not its dimensions or layout (a wrong one reads or writes out
    of bounds), so the arrays tensix passes them are checked here: L1, DRAM banks, window states, Dst."""
    from tensix.device.noc import Fluid
    from tensix.kernel.compute import ComputeState

    dev = tm.CreateDevice(0)
    core = next(iter(dev.cores.values()))
    buf = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 1 << 16, 2048, tm.BufferType.DRAM))
    for a in (core.l1, *dev.dram.mem):
        assert a.dtype == np.uint8 and a.ndim == 1 and a.flags.c_contiguous
    st = Fluid(32).st
    assert st.dtype == np.int64 and st.ndim == 2 and st.flags.c_contiguous
    for fp32 in (False, True):
        cs = ComputeState(None, tm.ComputeConfig(fp32_dest_acc_en=fp32))
        assert cs.dst.ndim == 4 and cs.dst.flags.c_contiguous
        assert cs.fast is _fast.dst_entries(cs.dst.dtype)
    del buf


def test_the_dram_page_entry_moves_and_places_as_the_dispatcher():
    like = (np.zeros(1, np.uint8), 0, np.zeros(1, np.uint8), 0, 0, np.zeros((3, 1), np.int64), 0, 0,
            np.zeros((3, 1), np.int64), 0, 0, 0)
    ep = entry_for(dram_page_io, *like)
    src = np.random.default_rng(0).integers(0, 256, 1 << 14, dtype=np.uint8)
    results = []
    for fn in (dram_page_io, ep):
        dst = np.zeros(1 << 14, np.uint8)
        st1, st2 = np.zeros((3, 64), np.int64), np.zeros((3, 64), np.int64)
        ends = [fn(src, 2048 * i, dst, 4096 + 32 * i, 2048, st1, 2048, 32, st2, 1024, 16, 100 * i) for i in range(4)]
        results.append((ends, dst.copy(), st1.copy(), st2.copy()))
    assert results[0][0] == results[1][0]
    for x, y in zip(results[0][1:], results[1][1:]):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("dtype", [np.uint32, np.uint16])
def test_dst_entries_are_made_on_first_use_and_unknown_names_are_refused(dtype):
    e = _fast.dst_entries(dtype)
    assert _fast.dst_entries(dtype) is e
    assert e.zero_tile is e.zero_tile              # made once, then an instance attribute
    dst = np.ones((2, 4, 32, 32), dtype)
    e.zero_tile(dst, 1, 2)
    assert not dst[1, 2].any() and dst[1, 3].all() and dst[0].all()
    with pytest.raises(AttributeError):
        e.no_such_path  # noqa: B018
    if dtype == np.uint16:  # the exact 32-bit copy would truncate into a 16-bit Dst: no entry point for it
        with pytest.raises(AttributeError, match="16-bit Dst"):
            e.copy_exact32  # noqa: B018


def test_numpy_integer_indices_take_the_general_path_with_the_same_numbers():
    """The fast paths take Python ints only (their entry points would truncate anything else): numpy integer
    indices, as a loop over np.arange gives, go the general way and give the same bits."""
    rng = np.random.default_rng(3)
    fmt = formats.DataFormat.Float16_b
    ra = formats.pack_tile_bytes(rng.standard_normal((32, 32)).astype(np.float32), fmt)
    rb = formats.pack_tile_bytes(rng.standard_normal((32, 32)).astype(np.float32), fmt)

    def kernel(ix):
        def compute():
            binary_op_init_common(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)
            cb_wait_front(CBIndex.c_0, 1)
            cb_wait_front(CBIndex.c_1, 1)
            tile_regs_acquire()
            add_tiles_init(CBIndex.c_0, CBIndex.c_1)
            add_tiles(CBIndex.c_0, CBIndex.c_1, ix(0), ix(0), ix(1))
            copy_tile_init(CBIndex.c_0)
            copy_tile(CBIndex.c_0, ix(0), ix(2))
            tile_regs_commit()
            cb_reserve_back(CBIndex.c_16, 2)
            tile_regs_wait()
            pack_tile(ix(1), CBIndex.c_16, ix(0))
            pack_tile(ix(2), CBIndex.c_16, ix(1))
            tile_regs_release()
            cb_push_back(CBIndex.c_16, 2)
            cb_pop_front(CBIndex.c_0, 1)
            cb_pop_front(CBIndex.c_1, 1)
        return compute

    cfg = tm.ComputeConfig(fp32_dest_acc_en=True)
    fast = run_single(kernel(int), [(0, ra), (1, rb)], fmt, fmt, cfg, n_out=2)
    general = run_single(kernel(np.int64), [(0, ra), (1, rb)], fmt, fmt, cfg, n_out=2)
    np.testing.assert_array_equal(fast, general)
    np.testing.assert_array_equal(fast[1], formats.pack_from_dest(formats.copy_tile_to_dest(ra, fmt, fp32_dest=True),
                                                                  True, fmt))
