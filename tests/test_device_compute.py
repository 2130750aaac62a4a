"""Compute API wiring: each op through a real reader/compute/writer program against the reference numerics
(tensix.device.formats / fpu) called directly on the same tiles."""

import numpy as np
import pytest
from device_helpers import run_single

import tensix.metalium as tm
from tensix.device import formats, fpu
from tensix.kernel import (
    BroadcastType,
    CBIndex,
    EltwiseBinaryType,
    PoolType,
    ReduceDim,
    acquire_dst,
    add_tiles_bcast,
    binary_op_init_common,
    cb_pop_front,
    cb_push_back,
    cb_reserve_back,
    cb_wait_front,
    compute_kernel_hw_startup,
    copy_tile,
    copy_tile_init,
    init_bcast,
    init_sfpu,
    mul_tiles,
    mul_tiles_bcast_cols,
    mul_tiles_init,
    pack_tile,
    reduce_init,
    reduce_tile,
    release_dst,
    sub_tiles_bcast_rows,
    tile_regs_acquire,
    tile_regs_commit,
    tile_regs_release,
    tile_regs_wait,
)


def rand_tile(rng, fmt):
    v = rng.standard_normal((32, 32)).astype(np.float32)
    return v, formats.pack_tile_bytes(v, fmt)


def pack_one(cb_out=CBIndex.c_16):
    tile_regs_commit()
    cb_reserve_back(cb_out, 1)
    tile_regs_wait()
    pack_tile(0, cb_out)
    tile_regs_release()
    cb_push_back(cb_out, 1)


@pytest.mark.parametrize("fidelity", ["LoFi", "HiFi4"])
@pytest.mark.parametrize("fp32", [False, True])
def test_mul_tiles(fidelity, fp32):
    rng = np.random.default_rng(1)
    fmt = formats.DataFormat.Float16_b
    _, ra = rand_tile(rng, fmt)
    _, rb = rand_tile(rng, fmt)

    def compute():
        binary_op_init_common(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)
        mul_tiles_init(CBIndex.c_0, CBIndex.c_1)
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        tile_regs_acquire()
        mul_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
        pack_one()

    cfg = tm.ComputeConfig(math_fidelity=getattr(tm.MathFidelity, fidelity), fp32_dest_acc_en=fp32)
    got = run_single(compute, [(0, ra), (1, rb)], fmt, fmt, cfg)
    ref_dst = fpu.eltwise_binary("mul", formats.unpack_to_src(ra, fmt, fp32_dest=fp32),
                                 formats.unpack_to_src(rb, fmt, fp32_dest=fp32), None, fidelity, fp32)
    np.testing.assert_array_equal(got[0], formats.pack_from_dest(ref_dst, fp32, fmt))


@pytest.mark.parametrize("kernel_op,op,bcast", [(mul_tiles_bcast_cols, "mul", "col"),
                                                (sub_tiles_bcast_rows, "sub", "row"),
                                                (add_tiles_bcast[BroadcastType.SCALAR], "add", "scalar")])
def test_bcast_variants(kernel_op, op, bcast):
    rng = np.random.default_rng(2)
    fmt = formats.DataFormat.Float16_b
    _, ra = rand_tile(rng, fmt)
    _, rb = rand_tile(rng, fmt)

    def compute():
        init_bcast[EltwiseBinaryType(op), BroadcastType(bcast)](CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        tile_regs_acquire()
        kernel_op(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
        pack_one()

    got = run_single(compute, [(0, ra), (1, rb)], fmt, fmt, tm.ComputeConfig())
    ref = fpu.eltwise_binary(op, formats.unpack_to_src(ra, fmt, fp32_dest=False),
                             formats.unpack_to_src(rb, fmt, fp32_dest=False), bcast, "HiFi4", False)
    np.testing.assert_array_equal(got[0], formats.pack_from_dest(ref, False, fmt))


def reduce_in_kernel(pool, dim, seed):
    """reduce_tile(pool, dim) of a random bf16 tile with a ones scaler in a kernel; checks it against the FPU
    reference and returns (result values, input values)."""
    rng = np.random.default_rng(seed)
    fmt = formats.DataFormat.Float16_b
    _, ra = rand_tile(rng, fmt)
    scal = formats.pack_tile_bytes(np.ones((32, 32), np.float32), fmt)

    def compute():
        compute_kernel_hw_startup(CBIndex.c_0, CBIndex.c_2, CBIndex.c_16)
        reduce_init(CBIndex.c_0, CBIndex.c_2, CBIndex.c_16, pool=pool, dim=dim)
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_2, 1)
        tile_regs_acquire()
        reduce_tile(CBIndex.c_0, CBIndex.c_2, 0, 0, 0, pool=pool, dim=dim)
        pack_one()

    got = run_single(compute, [(0, ra), (2, scal)], fmt, fmt, tm.ComputeConfig())
    ref = fpu.reduce(pool.value, formats.unpack_to_src(ra, fmt, fp32_dest=False), dim.value, 1.0, "HiFi4", False,
                     acc=np.zeros((32, 32), np.uint16), in_fmt=fmt)
    np.testing.assert_array_equal(got[0], formats.pack_from_dest(ref, False, fmt))
    return formats.unpack_tile_bytes(got[0], fmt), formats.unpack_tile_bytes(ra, fmt)


@pytest.mark.parametrize("dim", [ReduceDim.REDUCE_ROW, ReduceDim.REDUCE_COL, ReduceDim.REDUCE_SCALAR])
def test_reduce_sum(dim):
    vals, x = reduce_in_kernel(PoolType.SUM, dim, 3)
    x = x.astype(np.float64)
    if dim == ReduceDim.REDUCE_ROW:
        np.testing.assert_allclose(vals[:, 0], x.sum(1), rtol=0.05, atol=0.1)


def test_copy_tile_fp32_unpack_to_dest_and_legacy_acquire():
    rng = np.random.default_rng(4)
    fmt = formats.DataFormat.Float32
    v, ra = rand_tile(rng, fmt)
    v[0, 0] = 1.0 + 2.0 ** -20           # not representable in TF32: survives only via UnpackToDestFp32
    ra = formats.pack_tile_bytes(v, fmt)

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, 1)
        acquire_dst()
        copy_tile(CBIndex.c_0, 0, 0)
        cb_reserve_back(CBIndex.c_16, 1)
        pack_tile(0, CBIndex.c_16)
        cb_push_back(CBIndex.c_16, 1)
        release_dst()

    cfg = tm.ComputeConfig(fp32_dest_acc_en=True, unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})
    got = run_single(compute, [(0, ra)], fmt, fmt, cfg)
    np.testing.assert_array_equal(got[0], ra)
    cfg2 = tm.ComputeConfig(fp32_dest_acc_en=True)
    got2 = run_single(compute, [(0, ra)], fmt, fmt, cfg2)
    back = formats.unpack_tile_bytes(got2[0], fmt)
    assert back[0, 0] == 1.0                # TF32 truncation through SrcA


def test_double_buffered_dst_sections():
    """Two sections in flight (half sync): math acquires section 2 before the packer releases section 1."""
    rng = np.random.default_rng(5)
    fmt = formats.DataFormat.Float16_b
    tiles = [rand_tile(rng, fmt)[1] for _ in range(2)]

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        for _ in range(2):
            cb_wait_front(CBIndex.c_0, 1)
            tile_regs_acquire()
            copy_tile(CBIndex.c_0, 0, 0)
            tile_regs_commit()
            cb_pop_front(CBIndex.c_0, 1)
        for _ in range(2):
            cb_reserve_back(CBIndex.c_16, 1)
            tile_regs_wait()
            pack_tile(0, CBIndex.c_16)
            tile_regs_release()
            cb_push_back(CBIndex.c_16, 1)

    got = run_single(compute, [(0, t) for t in tiles], fmt, fmt, tm.ComputeConfig(), n_out=2)
    np.testing.assert_array_equal(got[0], tiles[0])
    np.testing.assert_array_equal(got[1], tiles[1])


def _store_row_of_tile1():
    from tensix.sfpi import dst_reg, vFloat
    dst_reg[32] = vFloat(3.0)   # one SFPU row of tile 1, nothing read


@pytest.mark.parametrize("full_sync", [True, False])
def test_released_tiles_read_as_zero_on_every_path(full_sync):
    """The packer's release clears the section (ZEROACC). tensix clears the written tiles lazily, when something
    reads them: a pack of a tile not written since, a multiply that accumulates onto it, an SFPU store into part
    of it must all see zeros, not the previous section's data."""
    from tensix.kernel import call_sfpu, init_sfpu

    rng = np.random.default_rng(21)
    fmt = formats.DataFormat.Float16_b
    a = rand_tile(rng, fmt)[1]

    def one_section(body, pack_index):
        """Wait for a tile in c_0, acquire, body(), pack Dst tile pack_index to c_16, release."""
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        body()
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(pack_index, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)

    def fill_both():
        copy_tile_init(CBIndex.c_0)
        copy_tile(CBIndex.c_0, 0, 0)
        copy_tile(CBIndex.c_0, 0, 1)            # tile 1 of this half now holds data

    def section(body):
        for _ in range(1 if full_sync else 2):   # half sync: the same half comes back every second section
            one_section(fill_both, 0)
        one_section(body, 1)

    def mul_1():
        mul_tiles_init(CBIndex.c_0, CBIndex.c_0)
        mul_tiles(CBIndex.c_0, CBIndex.c_0, 0, 0, 1)

    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        section(lambda: None)                                        # tile 1 untouched: packs zeros
        section(mul_1)                                               # accumulates onto zeros
        section(lambda: call_sfpu(_store_row_of_tile1, 0))           # one row stored, the rest zeros

    per = 1 if full_sync else 2
    n = 3 * (per + 1)
    cfg = tm.ComputeConfig(dst_full_sync_en=full_sync)
    got = run_single(compute, [(0, a)] * n, fmt, fmt, cfg, n_out=n)
    outs = [got[(per + 1) * s + per] for s in range(3)]
    for i in range(per):
        np.testing.assert_array_equal(got[i], a)
    assert not outs[0].any()
    def fresh_mul():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        one_section(mul_1, 1)

    fresh = run_single(fresh_mul, [(0, a)], fmt, fmt, cfg)
    np.testing.assert_array_equal(outs[1], fresh[0])
    raw = np.frombuffer(outs[2].tobytes(), np.uint16)
    assert 0 < np.count_nonzero(raw) < 1024 and set(np.unique(raw)) == {0, 0x4040}   # 3.0 in BF16, zeros


_BCAST_INITS = {("add", "row"): "add_bcast_rows_init_short", ("add", "col"): "add_bcast_cols_init_short",
                ("add", "scalar"): "add_bcast_scalar_init_short", ("sub", "row"): "init_bcast",
                ("sub", "col"): "sub_bcast_cols_init_short", ("sub", "scalar"): "sub_tiles_bcast_scalar_init_short",
                ("mul", "row"): "mul_bcast_rows_init_short", ("mul", "col"): "mul_bcast_cols_init_short",
                ("mul", "scalar"): "mul_tiles_bcast_scalar_init_short"}


@pytest.mark.parametrize("op", ["add", "sub", "mul"])
@pytest.mark.parametrize("bcast", ["row", "col", "scalar"])
def test_every_bcast_variant_with_its_init(op, bcast):
    """All nine {add, sub, mul} x {rows, cols, scalar} kernel calls, each after its tt-metal init, against the FPU
    reference; the template form too (`mul_tiles_bcast[BroadcastType.COL]`, `init_bcast[ELWSUB, ROW]`)."""
    import tensix.kernel as K
    rng = np.random.default_rng(20)
    fmt = formats.DataFormat.Float16_b
    _, ra = rand_tile(rng, fmt)
    _, rb = rand_tile(rng, fmt)
    named = getattr(K, f"{op}_tiles_bcast_{bcast}s" if bcast != "scalar" else f"{op}_tiles_bcast_scalar")
    templ = getattr(K, f"{op}_tiles_bcast")[BroadcastType(bcast)]
    init_name = _BCAST_INITS[(op, bcast)]
    init = (K.init_bcast[K.EltwiseBinaryType.ELWSUB, BroadcastType.ROW] if init_name == "init_bcast"
            else getattr(K, init_name))
    results = []
    for kernel_op in (named, templ):
        def compute(kernel_op=kernel_op):
            binary_op_init_common(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)
            init(CBIndex.c_0, CBIndex.c_1, *((CBIndex.c_16,) if init_name == "init_bcast" else ()))
            cb_wait_front(CBIndex.c_0, 1)
            cb_wait_front(CBIndex.c_1, 1)
            tile_regs_acquire()
            kernel_op(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
            pack_one()
        results.append(run_single(compute, [(0, ra), (1, rb)], fmt, fmt, tm.ComputeConfig())[0])
    ref = fpu.eltwise_binary(op, formats.unpack_to_src(ra, fmt, fp32_dest=False),
                             formats.unpack_to_src(rb, fmt, fp32_dest=False), bcast, "HiFi4", False)
    for got in results:
        np.testing.assert_array_equal(got, formats.pack_from_dest(ref, False, fmt))


def test_init_bcast_refuses_a_wrong_template_argument():
    import tensix.kernel as K
    with pytest.raises(ValueError):
        K.init_bcast["ELWDIV", BroadcastType.ROW]


@pytest.mark.parametrize("dim", [ReduceDim.REDUCE_ROW, ReduceDim.REDUCE_COL, ReduceDim.REDUCE_SCALAR])
def test_reduce_max(dim):
    """reduce_tile with PoolType.MAX in a kernel, each dimension, against the FPU reference and numpy's max."""
    vals, x = reduce_in_kernel(PoolType.MAX, dim, 21)
    want = {ReduceDim.REDUCE_ROW: (vals[:, 0], x.max(1)), ReduceDim.REDUCE_COL: (vals[0, :], x.max(0)),
            ReduceDim.REDUCE_SCALAR: (vals[0, 0], x.max())}[dim]
    np.testing.assert_array_equal(*want)


@pytest.mark.parametrize("fp32", [False, True])
def test_sub_tiles(fp32):
    """sub_tiles after sub_tiles_init (the compiled fast path) against the FPU reference, both Dst modes."""
    from tensix.kernel import sub_tiles, sub_tiles_init
    rng = np.random.default_rng(22)
    fmt = formats.DataFormat.Float16_b
    _, ra = rand_tile(rng, fmt)
    _, rb = rand_tile(rng, fmt)

    def compute():
        binary_op_init_common(CBIndex.c_0, CBIndex.c_1, CBIndex.c_16)
        sub_tiles_init(CBIndex.c_0, CBIndex.c_1)
        cb_wait_front(CBIndex.c_0, 1)
        cb_wait_front(CBIndex.c_1, 1)
        tile_regs_acquire()
        sub_tiles(CBIndex.c_0, CBIndex.c_1, 0, 0, 0)
        pack_one()

    got = run_single(compute, [(0, ra), (1, rb)], fmt, fmt, tm.ComputeConfig(fp32_dest_acc_en=fp32))
    ref = fpu.eltwise_binary("sub", formats.unpack_to_src(ra, fmt, fp32_dest=fp32),
                             formats.unpack_to_src(rb, fmt, fp32_dest=fp32), None, "HiFi4", fp32)
    np.testing.assert_array_equal(got[0], formats.pack_from_dest(ref, fp32, fmt))


def test_cb_get_tile_points_16_bytes_before_the_page():
    """tt-metal's cb_get_tile gives the page address minus 16 bytes (llk_unpack_get_tile: fifo_rd_ptr - 1 in
    16-byte units); kernels skip them (seed 000's `idxs += 4`). A kernel written that way reads its data here,
    one that reads at the address itself reads the 16 bytes before the page, as on Wormhole."""
    from tensix.kernel import CB_TILE_HEADER, CBIndex, cb_get_tile, get_read_ptr, get_write_ptr, l1_ptr

    data = np.arange(100, 356, dtype=np.int32)
    seen = {}

    def compute():
        cb_wait_front(CBIndex.c_0, 1)
        addr = seen["addr"] = cb_get_tile(CBIndex.c_0, 0)
        seen["page"] = l1_ptr(addr + CB_TILE_HEADER, np.int32, 256).copy()
        seen["first"] = int(l1_ptr(addr, np.int32, 1)[0])
        cb_pop_front(CBIndex.c_0, 1)

    def reader():
        cb_reserve_back(CBIndex.c_0, 1)
        seen["read_ptr"] = get_read_ptr(CBIndex.c_0)
        l1_ptr(get_write_ptr(CBIndex.c_0), np.int32, 256)[:] = data
        cb_push_back(CBIndex.c_0, 1)

    dev = tm.CreateDevice(0)
    prog = tm.CreateProgram()
    core = tm.CoreCoord(0, 0)
    tm.CreateCircularBuffer(prog, core, tm.CircularBufferConfig(2048, {0: tm.DataFormat.Int32}).set_page_size(0, 1024))
    tm.CreateKernel(prog, reader, core, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
    tm.CreateKernel(prog, compute, core, tm.ComputeConfig())
    tm.EnqueueProgram(dev.command_queue(), prog)
    assert CB_TILE_HEADER == 16 and seen["addr"] == seen["read_ptr"] - 16
    np.testing.assert_array_equal(seen["page"], data)
    assert seen["first"] != data[0]     # the word 16 bytes before the page (here: not yet written L1)
