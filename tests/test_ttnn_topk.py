"""ttnn.topk as tt-metal 622c6fb9 runs it: tt-llk's bitonic SFPU kernel (ckernel_sfpu_topk.h, tensix.sfpi.llk_topk)
held to numpy models of its steps on a raw Dst (local sort, merge, rebuild; 16-bit and 32-bit Dst, both directions),
its replay-buffer and API guards, and ttnn.topk (TopKSingleCoreProgramFactory; TopKMultiCoreProgramFactory's refusals
and, with tt-metal's missing write barrier flushed, its numbers) against torch.topk."""

import numpy as np
import pytest
import torch
from test_kernel_sfpu_loadmacro_ops import _pipeline
from test_sfpu_batch import launch

import tensix.kernel as K
import tensix.ttnn as ttnn
from tensix.device.errors import ComputeInitError
from tensix.errors import NotModelledError
from tensix.kernel import CBIndex, copy_tile, copy_tile_init, get_arg_val, init_sfpu, topk_local_sort, topk_tile_init
from tensix.sfpi import llk_topk as T
from tensix.sfpu import dst as D
from tensix.sfpu.execute import execute
from tensix.sfpu.state import SfpuState
from tensix.ttnn.errors import DTypeError, LayoutError, TTNNError


# ---- the SFPU kernel on a raw Dst ----------------------------------------------------------------------------------
def _bf16(x):
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint16)


def _f32(b16):
    return (b16.astype(np.uint32) << 16).view(np.float32)


class _Sfpu:
    """One SFPU and Dst: value tiles at Dst 0, 1 and index tiles at 2, 3 (index of row r of tile t: 32 t + r, the
    datum's place in the 64 of its column), run through the llk_topk programs with the ADDR_MOD_6 increment."""

    def __init__(self, vals, fp32=False, seed_state=True):
        self.fp32 = fp32
        self.dst = D.new_dst(1)
        idx = np.stack([np.arange(32)[:, None] + 32 * t + np.zeros((1, 32), np.int64) for t in range(2)])
        if fp32:
            D.write_tiles32(self.dst[0], 0, np.asarray(vals, np.float32).view(np.uint32))
            D.write_tiles32(self.dst[0], 2, idx.astype(np.uint32))
        else:
            D.write_tiles16(self.dst[0], 0, _bf16(vals))
            D.write_tiles16(self.dst[0], 2, idx.astype(np.uint16))
        self.state = SfpuState(1)
        self.state.set_sfpu_fp32(fp32)
        self.replay = T.Replay()
        self.run("init")

    def run(self, kind, *args):
        prog, self.replay = T.program(kind, self.replay, self.fp32, args)
        c = prog.compiled(())
        self.state.addr_mod_dst_incr[0, 2] = 32
        execute(c.program, self.state, self.dst, instrs=c.instrs)

    def columns(self):
        """(values, indices), each (64, 32): column j is tile 0's column j then tile 1's."""
        if self.fp32:
            v = D.read_tiles32(self.dst[0], 0, 2).view(np.float32)
            i = D.read_tiles32(self.dst[0], 2, 2)
        else:
            v = _f32(D.read_tiles16(self.dst[0], 0, 2))
            i = D.read_tiles16(self.dst[0], 2, 2)
        return np.concatenate([v[0], v[1]]), np.concatenate([i[0], i[1]]).astype(np.int64)


def _distinct(seed, fp32=False):
    """Two tiles of distinct values (distinct also in bfloat16)."""
    rng = np.random.default_rng(seed)
    v = (rng.permutation(2048).reshape(2, 32, 32) - 1024).astype(np.float32) / 64
    return v


def _model_sort(col, seq, first_desc):
    """numpy model of a bitonic local sort of a 64-datum column into sequences of `seq` datums, directions
    alternating from first_desc (phases_steps: dir flips each time datums_compared reaches sorted_seq_length)."""
    out = col.copy()
    desc = first_desc
    for s in range(0, 64, seq):
        part = np.sort(col[s:s + seq])
        out[s:s + seq] = part[::-1] if desc else part
        desc = not desc
    return out


@pytest.mark.parametrize("fp32", [False, True])
@pytest.mark.parametrize("idir", [0, 1])
@pytest.mark.parametrize("end_phase", [5, 4, 3])
def test_local_sort_matches_model(fp32, idir, end_phase):
    """topk_local_sort(0, idir, end_phase): every column's 64 datums in sequences of 2^(end_phase + 1), alternating
    direction from idir (0: decreasing), the indices moved with their values (ArgMin phases use SFPCONFIG 0x104)."""
    vals = _distinct(end_phase * 2 + idir)
    s = _Sfpu(vals, fp32)
    s.run("local_sort", idir, end_phase, 0, 0, 0)
    v, i = s.columns()
    src = np.concatenate([vals[0], vals[1]])
    src = src if fp32 else _f32(_bf16(src))
    for j in range(32):
        np.testing.assert_array_equal(v[:, j], _model_sort(src[:, j], 2 ** (end_phase + 1), idir == 0))
        np.testing.assert_array_equal(src[i[:, j], j], v[:, j])


@pytest.mark.parametrize("top_min", [False, True])
def test_merge_and_rebuild_match_model(top_min):
    """After a local sort into 32-datum sequences (tile 0 decreasing, tile 1 increasing): topk_merge<top_min>(0, 0,
    32) puts the larger (top_min: smaller) datum of each row pair into tile 0, topk_rebuild(idir, 0, 32, 5, 0)
    re-sorts each tile's column (tile 0 in idir's direction, tile 1 the other)."""
    vals = _distinct(11)
    s = _Sfpu(vals)
    s.run("local_sort", 0, 4, 0, 0, 0)
    v0, i0 = s.columns()
    s.run("merge", top_min, 0, 32)
    v1, i1 = s.columns()
    pick = np.minimum if top_min else np.maximum
    other = np.maximum if top_min else np.minimum
    np.testing.assert_array_equal(v1[:32], pick(v0[:32], v0[32:]))
    np.testing.assert_array_equal(v1[32:], other(v0[:32], v0[32:]))
    src = _f32(_bf16(np.concatenate([vals[0], vals[1]])))
    for j in range(32):
        np.testing.assert_array_equal(src[i1[:, j], j], v1[:, j])
    idir = 1 if top_min else 0
    s.run("rebuild", idir, 0, 32, 5, 0)
    v2, i2 = s.columns()
    for j in range(32):
        np.testing.assert_array_equal(v2[:, j], _model_sort(v1[:, j], 32, idir == 0))
        np.testing.assert_array_equal(src[i2[:, j], j], v2[:, j])
    # top 32 of the 64 in tile 0, sorted
    want = np.sort(src, axis=0)[::-1][:32] if not top_min else np.sort(src, axis=0)[:32]
    np.testing.assert_array_equal(v2[:32], want)


@pytest.mark.parametrize("k, logk", [(4, 2), (8, 3), (16, 4)])
def test_small_k_rebuild_phases(k, logk):
    """The rebuild branches ttnn's kernels never reach (k < 32: phases 1, 2, 3 with their own replay records): after a
    local sort into k-sequences and topk_merge(0, 0, k), topk_rebuild(0, 0, k, logk, 0) sorts the merged k-blocks
    (every 2k datums) in alternating directions, the first decreasing."""
    s = _Sfpu(_distinct(17 + k))
    s.run("local_sort", 0, logk - 1, 0, 0, 0)
    s.run("merge", False, 0, k)
    v1, _i1 = s.columns()
    s.run("rebuild", 0, 0, k, logk, 0)
    v2, _i2 = s.columns()
    for j in range(64 // (2 * k)):
        lo = 2 * k * j
        want = np.sort(v1[lo:lo + k], axis=0)
        want = want[::-1] if j % 2 == 0 else want
        np.testing.assert_array_equal(v2[lo:lo + k], want)


def test_ties_keep_network_order():
    """Equal values: the bitonic network (stable_sort = false) leaves their indices in its own order, not in index
    order; this pins what it gives for a column of 64 equal values sorted decreasing (a regression check of the
    swap network and its replays)."""
    s = _Sfpu(np.ones((2, 32, 32), np.float32))
    s.run("local_sort", 0, 5, 0, 0, 0)
    _v, i = s.columns()
    assert sorted(i[:, 0]) == list(range(64))
    assert list(i[:8, 0]) != list(range(8))
    assert (i == i[:, :1]).all()       # every column the same network


def test_replay_of_unrecorded_slot_is_refused():
    """A replay of a slot no record wrote (topk_replay_init = -1 as after a local sort, but an empty buffer) raises
    NotModelledError: on the card it issues whatever an earlier kernel left."""
    rp = T.Replay()
    rp.init = -1
    with pytest.raises(NotModelledError, match="replay"):
        T.program("local_sort", rp, False, (0, 5, 0, 0, 0))


def test_replay_buffer_is_reused_between_calls():
    """The second local sort replays what the first recorded (no record on the way): same instructions."""
    rp = T.Replay()
    _p, rp = T.program("init", rp, False, ())
    p1, rp1 = T.program("local_sort", rp, False, (0, 5, 0, 0, 0))
    p2, rp2 = T.program("local_sort", rp1, False, (0, 5, 0, 0, 0))
    assert rp1.init == rp2.init == -1
    assert [str(i) for i in p1.instrs] == [str(i) for i in p2.instrs]


# ---- the compute API guards ----------------------------------------------------------------------------------------
def _api_kernel(call):
    """Per tile: the input tile copied into Dst 0..3, then call(); Dst 0 packed (test_kernel_sfpu_loadmacro_ops's
    pipeline)."""
    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        copy_tile_init(CBIndex.c_0)

        def body(_i):
            for t in range(4):
                copy_tile(CBIndex.c_0, 0, t)
            call()
        _pipeline(body, get_arg_val(0))
    return compute


def _x():
    return np.random.default_rng(0).standard_normal((1, 32, 32)).astype(np.float32)


def test_api_refuses_call_without_init():
    with pytest.raises(ComputeInitError, match="topk_tile_init"):
        launch(_api_kernel(lambda: topk_local_sort(0, 0, 5)), _x(), 1, 1)


def test_api_refuses_stable_sort_and_other_idst():
    def stable():
        topk_tile_init()
        topk_local_sort(0, 0, 5, stable_sort=True)

    def idst1():
        topk_tile_init()
        topk_local_sort(1, 0, 5)
    with pytest.raises(NotModelledError, match="stable_sort"):
        launch(_api_kernel(stable), _x(), 1, 1)
    with pytest.raises(NotModelledError, match="idst = 0"):
        launch(_api_kernel(idst1), _x(), 1, 1)


def test_api_local_sort_in_a_kernel():
    """Through the compute API (queued, batched): tile 0 after a full decreasing sort of each column's 64 datums
    (tiles 0 and 1 are the same input tile, so each value appears twice)."""
    def call():
        topk_tile_init()
        topk_local_sort(0, 0, 5)
    x = _x()
    out = launch(_api_kernel(call), x, 1, 1, fp32=False)
    xb = _f32(_bf16(x[0]))
    want = np.sort(np.concatenate([xb, xb]), axis=0)[::-1][:32]
    np.testing.assert_array_equal(out[0], want)


# ---- ttnn.topk ------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def device():
    dev = ttnn.open_device(device_id=0)
    yield dev
    ttnn.close_device(dev)


def _check(x, v, i, k, dim, largest):
    rv, _ri = torch.topk(x, k, dim=dim, largest=largest, sorted=True)
    v, i = ttnn.to_torch(v), ttnn.to_torch(i).to(torch.int64)
    assert list(v.shape) == list(rv.shape) and list(i.shape) == list(rv.shape)
    assert torch.equal(v.to(torch.float32), rv.to(torch.float32))
    assert torch.equal(torch.gather(x, dim, i).to(torch.float32), rv.to(torch.float32))


@pytest.mark.parametrize("shape, k, dim, largest", [
    ((32, 64), 1, -1, True),
    ((32, 64), 32, -1, False),
    ((32, 128), 64, -1, True),
    ((64, 256), 17, -1, True),
    ((32, 256), 96, -1, False),
    ((2, 40, 100), 5, -1, True),        # odd width: tile padding filled with -inf
    ((3, 20), 7, -1, False),            # width 20: padded to 64 with +inf, rows padded
    ((96, 32), 10, 0, True),            # dim 0: transposed to the last dim and back
    ((4, 70, 40), 33, 1, True),
    ((100,), 5, -1, True),              # rank 1: back through ttnn.reshape
    ((2, 3, 64, 40), 7, 2, False),
])
def test_topk_bfloat16(device, shape, k, dim, largest):
    torch.manual_seed(k + len(shape))
    x = torch.randn(shape, dtype=torch.bfloat16)
    t = ttnn.from_torch(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    v, i = ttnn.topk(t, k, dim=dim, largest=largest, sorted=True)
    assert i.dtype == ttnn.uint16
    _check(x, v, i, k, dim, largest)


def test_topk_bfloat8_b(device):
    """bfloat8_b input: c_2 / c_4 in bfloat16, the output in bfloat8_b (values as the bfp8 round trip of the top k)."""
    torch.manual_seed(3)
    x = torch.randn((32, 256), dtype=torch.bfloat16)
    t = ttnn.from_torch(x, ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT, device=device)
    xq = ttnn.to_torch(t).to(torch.bfloat16)
    v, i = ttnn.topk(t, 32, dim=-1)
    rv, _ = torch.topk(xq, 32, dim=-1)
    i = ttnn.to_torch(i).to(torch.int64)
    assert torch.equal(torch.gather(xq, -1, i), rv)
    assert torch.allclose(ttnn.to_torch(v).float(), rv.float(), rtol=0.07, atol=0.02)


def test_topk_ties_pinned(device):
    """A row of equal values but one: the largest first, then the network's order of the equal ones (not index order;
    the same for every row)."""
    x = torch.ones((32, 64), dtype=torch.bfloat16)
    x[:, 10] = 2
    t = ttnn.from_torch(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    v, i = ttnn.topk(t, 8, dim=-1)
    i = ttnn.to_torch(i).to(torch.int64)
    assert ttnn.to_torch(v)[0].tolist() == [2.0] + [1.0] * 7
    assert i[0].tolist() == [10, 0, 2, 1, 7, 6, 5, 3]
    assert (i == i[:1]).all()


def test_topk_refusals(device):
    x = torch.randn((32, 64), dtype=torch.float32)
    t = ttnn.from_torch(x, ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(DTypeError, match="BFLOAT16"):
        ttnn.topk(t, 4)
    tb = ttnn.from_torch(x.to(torch.bfloat16), ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(TTNNError, match="K cannot be larger"):
        ttnn.topk(tb, 65)
    with pytest.raises(TTNNError, match="out of range"):
        ttnn.topk(tb, 4, dim=2)
    tr = ttnn.from_torch(x.to(torch.bfloat16), ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    with pytest.raises(LayoutError):
        ttnn.topk(tr, 4)
    vals = ttnn.from_torch(torch.zeros((32, 4)), ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    bad = ttnn.from_torch(torch.zeros((32, 4)), ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(DTypeError, match="indices"):
        ttnn.topk(tb, 4, output_tensor=(vals, bad))
    good = ttnn.from_torch(torch.zeros((32, 4), dtype=torch.int32), ttnn.uint16, layout=ttnn.TILE_LAYOUT,
                           device=device)
    with pytest.raises(NotModelledError, match="preallocated"):
        ttnn.topk(tb, 4, output_tensor=(vals, good))


def test_multi_core_unflushed_pop_is_safe_in_time(device, monkeypatch):
    """A power-of-two width >= 8192 with k <= 64 runs TopKMultiCoreProgramFactory. tt-metal's writer_local_topk pops
    c_8 / c_9 right after noc.async_write, with no write barrier: a race only if the compute kernel packs into the
    freed page before the NoC has read it out (CircularBuffer.guard). Its next local sort takes longer than the write:
    the program runs, every popped page's guard expires before the packer comes back to it."""
    from tensix.device.cb import CircularBuffer
    guards = []
    guard = CircularBuffer.guard
    monkeypatch.setattr(CircularBuffer, "guard", lambda self, *a: guards.append(a[2]) or guard(self, *a))
    torch.manual_seed(1)
    x = torch.randn((32, 16384), dtype=torch.bfloat16)
    t = ttnn.from_torch(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    v, i = ttnn.topk(t, 64, largest=False)
    _check(x, v, i, 64, -1, False)
    assert guards        # the pops were unflushed


def _flush_pops(monkeypatch):
    """Kernels loaded from now on pop a CB only after their NoC writes have left (the race tt-metal's
    writer_local_topk leaves open, closed)."""
    pop = K.cb_pop_front

    def flushed(cb, n):
        K.noc_async_writes_flushed()
        pop(cb, n)
    monkeypatch.setattr(K, "cb_pop_front", flushed)


@pytest.mark.parametrize("shape, k, largest", [((32, 8192), 32, True), ((32, 8192), 50, False),
                                               ((32, 16384), 6, True), ((32, 8192), 64, False)])
def test_multi_core_numbers(device, shape, k, largest):
    torch.manual_seed(k)
    x = torch.randn(shape, dtype=torch.bfloat16)
    t = ttnn.from_torch(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    v, i = ttnn.topk(t, k, dim=-1, largest=largest)
    _check(x, v, i, k, -1, largest)


def test_multi_core_flushing_changes_no_number(device, monkeypatch):
    """The same topk with the writer's pops flushed (the race closed): bit-identical values and indices."""
    torch.manual_seed(3)
    x = torch.randn((32, 8192), dtype=torch.bfloat16)
    t = ttnn.from_torch(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    from tensix.device.cb import CircularBuffer
    runs, guards = [], []
    guard = CircularBuffer.guard
    monkeypatch.setattr(CircularBuffer, "guard", lambda self, *a: guards.append(a[2]) or guard(self, *a))
    for flushed in (False, True):
        device.clear_program_cache()        # the kernels are loaded again (with the flushed pop the second time)
        if flushed:
            _flush_pops(monkeypatch)
        before = len(guards)
        runs.append([ttnn.to_torch(r) for r in ttnn.topk(t, 32)])
        assert (len(guards) == before) == flushed      # unflushed pops leave guards, flushed ones none
    device.clear_program_cache()
    for a, b in zip(*runs):
        assert torch.equal(a.view(torch.int16) if a.dtype == torch.bfloat16 else a,
                           b.view(torch.int16) if b.dtype == torch.bfloat16 else b)


def test_multi_core_two_tile_rows_refused(device):
    """topk_final.cpp copies the gathered tiles of the second row of tiles with the unpacker still programmed for the
    previous row's transpose_wh (no copy init in the row loop): tensix refuses the copy (ComputeInitError)."""
    x = torch.randn((64, 8192), dtype=torch.bfloat16)
    t = ttnn.from_torch(x, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    with pytest.raises(ComputeInitError, match="transpose"):
        ttnn.topk(t, 32)
