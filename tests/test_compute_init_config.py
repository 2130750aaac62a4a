"""The compute inits' configuration (tensix.kernel.hwconfig): an op runs what the last inits programmed, so an op
without its init, after another op's init, or reading / packing a CB whose format is not the configured one would
produce wrong data on Wormhole. Each case is refused naming the op, the configuration, the init that set it and
the fix; the corrected kernel gives the reference numbers."""

import re

import numpy as np
import pytest
from device_helpers import run_single

import tensix.kernel as K
import tensix.metalium as tm
from tensix.device import formats, fpu
from tensix.device.errors import ComputeInitError, KernelError
from tensix.device.formats import DataFormat as DF
from tensix.errors import NotModelledError, TensixError
from tensix.kernel import CBIndex

C0, C1, C2, C16 = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2, CBIndex.c_16
RNG = np.random.default_rng(7)
BF = DF.Float16_b


def tile(fmt=BF):
    return formats.pack_tile_bytes(RNG.standard_normal((32, 32)).astype(np.float32), fmt)


def section(body, n_in=(C0, C1)):
    """Wait for one tile in each input CB, acquire, body(), pack Dst 0 into c_16, release."""
    for cb in n_in:
        K.cb_wait_front(cb, 1)
    K.tile_regs_acquire()
    body()
    K.tile_regs_commit()
    K.cb_reserve_back(C16, 1)
    K.tile_regs_wait()
    K.pack_tile(0, C16)
    K.tile_regs_release()
    K.cb_push_back(C16, 1)


def binary_ref(op, a, b, bcast=None, fmt=BF):
    ref = fpu.eltwise_binary(op, formats.unpack_to_src(a, fmt, fp32_dest=False),
                             formats.unpack_to_src(b, fmt, fp32_dest=False), bcast, "HiFi4", False)
    return formats.pack_from_dest(ref, False, fmt)


def run_binary(body, a, b, fmt=BF):
    return run_single(body, [(0, a), (1, b)], fmt, fmt, tm.ComputeConfig())[0]


def refused(body, a, b, *patterns, fmt=BF):
    with pytest.raises(ComputeInitError) as e:
        run_binary(body, a, b, fmt)
    msg = str(e.value)
    for p in patterns:
        assert re.search(p, msg, re.DOTALL), (p, msg)
    return msg


def test_add_tiles_after_mul_init_is_refused_and_names_both_inits():
    """The math MOP holds ELWMUL: add_tiles would multiply on Wormhole (both the fast and the general path)."""
    a, b = tile(), tile()

    def compute():
        K.binary_op_init_common(C0, C1, C16)
        K.mul_tiles_init(C0, C1)
        section(lambda: K.add_tiles(C0, C1, 0, 0, 0))

    msg = refused(compute, a, b, r"add_tiles at core \(0, 0\), .*test_compute_init_config.py:\d+",
                  r"math thread is programmed for ELWMUL \(by mul_tiles_init at .*test_compute_init_config.py:\d+\)",
                  r"not for ELWADD", r"Fix: call add_tiles_init\(in0_cb, in1_cb\) before add_tiles")
    assert "\nFix:" in msg

    def fixed():
        K.binary_op_init_common(C0, C1, C16)
        K.mul_tiles_init(C0, C1)
        K.add_tiles_init(C0, C1)
        section(lambda: K.add_tiles(C0, C1, 0, 0, 0))

    np.testing.assert_array_equal(run_binary(fixed, a, b), binary_ref("add", a, b))


def test_binary_op_init_common_alone_does_not_program_the_math_op():
    """binary_op_init_common configures formats and unpack AB; the op needs its own init (tt-metal's examples call
    add_tiles_init after it)."""
    def compute():
        K.binary_op_init_common(C0, C1, C16)
        section(lambda: K.sub_tiles(C0, C1, 0, 0, 0))

    refused(compute, tile(), tile(), r"math thread is programmed for nothing", r"sub_tiles_init")


def test_no_init_at_all_is_refused():
    def compute():
        section(lambda: K.copy_tile(C0, 0, 0), n_in=(C0,))

    refused(compute, tile(), tile(), r"copy_tile .*unpacker is programmed for nothing", r"copy_tile_init")


def test_copy_tile_after_a_binary_init_needs_copy_tile_init():
    a, b = tile(), tile()

    def compute(reinit):
        K.binary_op_init_common(C0, C1, C16)
        K.add_tiles_init(C0, C1)
        if reinit:
            K.copy_tile_init(C0)
        section(lambda: K.copy_tile(C1, 0, 0))

    refused(lambda: compute(False), a, b, r"unpacker is programmed for unpack AB \(none broadcast\) \(by "
            r"add_tiles_init", r"not for copy_tile \(unpack A, A2D datacopy\)")
    np.testing.assert_array_equal(run_binary(lambda: compute(True), a, b), b)


def test_sfpu_inits_keep_the_copy_configuration():
    """tt-metal's eltwise_sfpu kernel: init_sfpu once, then per tile copy_tile, an SFPU op's init and the op, with no
    new copy_tile_init: SFPU inits do not touch the unpacker or the math MOP."""
    x = formats.pack_tile_bytes(np.linspace(-3, 3, 1024, dtype=np.float32).reshape(32, 32), BF)

    def compute():
        K.init_sfpu(C0, C16)
        for _ in range(2):
            K.cb_wait_front(C0, 1)
            K.tile_regs_acquire()
            K.copy_tile(C0, 0, 0)
            K.abs_tile_init()
            K.abs_tile(0)
            K.tile_regs_commit()
            K.cb_pop_front(C0, 1)
            K.cb_reserve_back(C16, 1)
            K.tile_regs_wait()
            K.pack_tile(0, C16)
            K.tile_regs_release()
            K.cb_push_back(C16, 1)

    got = run_single(compute, [(0, x), (0, x)], BF, BF, tm.ComputeConfig(), n_out=2)
    for g in got:
        np.testing.assert_array_equal(formats.unpack_tile_bytes(g, BF), np.abs(formats.unpack_tile_bytes(x, BF)))


@pytest.mark.parametrize("op,bcast", [("mul", "col"), ("add", "row"), ("sub", "scalar")])
def test_bcast_op_needs_its_own_broadcast_init(op, bcast):
    """An unbroadcast init (or another broadcast's) leaves the unpacker feeding SrcB whole: refused."""
    a, b = tile(), tile()
    kop = getattr(K, f"{op}_tiles_bcast")[K.BroadcastType(bcast)]
    other = "row" if bcast != "row" else "col"

    def compute(init):
        K.binary_op_init_common(C0, C1, C16)
        init()
        section(lambda: kop(C0, C1, 0, 0, 0))

    refused(lambda: compute(lambda: getattr(K, f"{op}_tiles_init")(C0, C1)), a, b,
            r"unpacker is programmed for unpack AB \(none broadcast\)", rf"not for unpack AB \({bcast} broadcast\)")
    refused(lambda: compute(lambda: K.init_bcast[K.EltwiseBinaryType(op), K.BroadcastType(other)](C0, C1, C16)),
            a, b, rf"\({other} broadcast\) \(by init_bcast at")
    good = run_binary(lambda: compute(lambda: K.init_bcast[K.EltwiseBinaryType(op), K.BroadcastType(bcast)](
        C0, C1, C16)), a, b)
    np.testing.assert_array_equal(good, binary_ref(op, a, b, bcast))


def test_reduce_tile_must_match_its_init():
    """reduce_init<SUM, REDUCE_ROW> programs the row reduce (unpack and GAPOOL address modifiers): a column reduce,
    or a MAX, under it is refused; the template arguments default to the init's."""
    a = tile()
    ones = formats.pack_tile_bytes(np.ones((32, 32), np.float32), BF)

    def compute(**kw):
        K.compute_kernel_hw_startup(C0, C1, C16)
        K.reduce_init(C0, C1, C16, pool=K.PoolType.SUM, dim=K.ReduceDim.REDUCE_ROW)
        section(lambda: K.reduce_tile(C0, C1, 0, 0, 0, **kw))

    refused(lambda: compute(dim=K.ReduceDim.REDUCE_COL), a, ones, r"reduce_tile .*programmed for the reduce unpack "
            r"over row .*not for the reduce unpack over col", r"reduce_init\(.*pool=PoolType.SUM, "
            r"dim=ReduceDim.REDUCE_COL\)")
    refused(lambda: compute(pool=K.PoolType.MAX), a, ones, r"math thread is programmed for reduce SUM over row "
            r"\(GAPOOL\)", r"not for reduce MAX over row \(GMPOOL\)")
    got = run_binary(lambda: compute(), a, ones)
    ref = fpu.reduce("sum", formats.unpack_to_src(a, BF, fp32_dest=False), "row", 1.0, "HiFi4", False,
                     acc=np.zeros((32, 32), np.uint16), in_fmt=BF)
    np.testing.assert_array_equal(got, formats.pack_from_dest(ref, False, BF))


def test_copy_from_a_cb_of_another_format_needs_a_srca_reconfig():
    """The unpacker reads L1 in its configured SrcA format: a Float32 CB after a Float16_b configuration would be
    misread. reconfig_data_format_srca / copy_tile_to_dst_init_short_with_dt fix it, with the exact copy."""
    x = tile(DF.Float32)
    cfg = tm.ComputeConfig(fp32_dest_acc_en=True, unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})

    def compute(fix):
        K.init_sfpu(C16, C16)                   # SrcA configured from the Float16_b output CB
        fix()
        section(lambda: K.copy_tile(C0, 0, 0), n_in=(C0,))

    with pytest.raises(ComputeInitError, match=r"(?s)copy_tile .*CB 0 holds Float32 tiles but the unpacker's SrcA "
                                               r"format is Float16_b \(by init_sfpu at .*Fix: .*reconfig_data_format_srca"):
        run_single(lambda: compute(lambda: None), [(0, x)], DF.Float32, BF, cfg)
    want = formats.pack_from_dest(formats.copy_tile_to_dest(x, DF.Float32, fp32_dest=True, unpack_to_dest_fp32=True),
                                  True, BF)
    for fix in (lambda: K.reconfig_data_format_srca(C0), lambda: K.reconfig_data_format_srca(C16, C0),
                lambda: K.copy_tile_to_dst_init_short_with_dt(C16, C0), lambda: K.reconfig_data_format(C0, C0),
                lambda: K.unpack_reconfig_data_format(C16, C0, C16, C0)):
        got = run_single(lambda fix=fix: compute(fix), [(0, x)], DF.Float32, BF, cfg)[0]
        np.testing.assert_array_equal(got, want)


def test_srcb_format_is_checked_for_binary_ops():
    a = tile()

    def compute(fix):
        K.binary_op_init_common(C0, C16, C16)     # SrcB from the Float32 output CB
        fix()
        K.add_tiles_init(C0, C1)
        section(lambda: K.add_tiles(C0, C1, 0, 0, 0))

    with pytest.raises(ComputeInitError, match=r"(?s)CB 1 holds Float16_b tiles but the unpacker's SrcB format is "
                                               r"Float32 .*reconfig_data_format_srcb"):
        run_single(lambda: compute(lambda: None), [(0, a), (1, a)], BF, DF.Float32, tm.ComputeConfig())
    got = run_single(lambda: compute(lambda: K.reconfig_data_format_srcb(C1)), [(0, a), (1, a)], BF, DF.Float32,
                     tm.ComputeConfig())[0]
    ref = fpu.eltwise_binary("add", formats.unpack_to_src(a, BF, fp32_dest=False),
                             formats.unpack_to_src(a, BF, fp32_dest=False), None, "HiFi4", False)
    np.testing.assert_array_equal(got, formats.pack_from_dest(ref, False, DF.Float32))


@pytest.mark.parametrize("form", ["new", "old_new"])
def test_pack_into_a_cb_of_another_format_needs_pack_reconfig(form):
    """The packer writes its configured format: packing into a Float16_b CB configured for Float32 is refused on
    the fast path and the general one; pack_reconfig_data_format (both overloads) fixes it."""
    x = tile(DF.Float32)

    def compute(fix):
        K.init_sfpu(C0, C0)                     # the packer configured from the Float32 input CB
        fix()
        section(lambda: K.copy_tile(C0, 0, 0), n_in=(C0,))

    with pytest.raises(ComputeInitError, match=r"(?s)pack_tile .*CB 16 holds Float16_b tiles but the packer's output "
                                               r"format is Float32 \(by init_sfpu at .*Fix: pack_reconfig_data_format"):
        run_single(lambda: compute(lambda: None), [(0, x)], DF.Float32, BF, tm.ComputeConfig())
    args = (C16,) if form == "new" else (C0, C16)
    got = run_single(lambda: compute(lambda: K.pack_reconfig_data_format(*args)), [(0, x)], DF.Float32, BF,
                     tm.ComputeConfig())[0]
    src = formats.copy_tile_to_dest(x, DF.Float32, fp32_dest=False)
    np.testing.assert_array_equal(got, formats.pack_from_dest(src, False, BF))


def test_pack_format_unset_when_the_init_named_a_missing_cb():
    """An init naming a CB that does not exist compiles and harms nothing until that format is used."""
    def compute():
        K.init_sfpu(C0, CBIndex.c_20)
        section(lambda: K.copy_tile(C0, 0, 0), n_in=(C0,))

    with pytest.raises(ComputeInitError, match=r"packer's output format is not configured \(by init_sfpu"):
        run_single(compute, [(0, tile())], BF, BF, tm.ComputeConfig())


def test_matmul_unpacks_in1_to_srca():
    """mm_init(in0, in1, out) configures SrcA from in1 and SrcB from in0 (matmul's operand order); a short init
    after a hw startup with the other order is refused when the two CBs' formats differ."""
    a, b = tile(DF.Float32), tile(BF)
    dev = tm.CreateDevice(0)
    cq = dev.command_queue()
    bufs = [tm.CreateBuffer(tm.InterleavedBufferConfig(dev, len(t), len(t), tm.BufferType.DRAM)) for t in (a, b)]
    for buf, t in zip(bufs, (a, b)):
        tm.EnqueueWriteBuffer(cq, buf, t)
    out = tm.CreateBuffer(tm.InterleavedBufferConfig(dev, 4096, 4096, tm.BufferType.DRAM))

    def reader():
        for i, (cb, size) in enumerate(((C0, 4096), (C1, 2048))):
            g = K.InterleavedAddrGenFast(is_dram=True, bank_base_address=K.get_arg_val(i), page_size=size)
            K.cb_reserve_back(cb, 1)
            K.noc_async_read_tile(0, g, K.get_write_ptr(cb))
            K.noc_async_read_barrier()
            K.cb_push_back(cb, 1)

    def writer():
        g = K.InterleavedAddrGenFast(is_dram=True, bank_base_address=K.get_arg_val(0), page_size=4096)
        K.cb_wait_front(C16, 1)
        K.noc_async_write_tile(0, g, K.get_read_ptr(C16))
        K.noc_async_write_barrier()
        K.cb_pop_front(C16, 1)

    def program(init):
        def compute():
            init()
            section(lambda: K.matmul_tiles(C0, C1, 0, 0, 0))
        prog = tm.CreateProgram()
        for idx, fmt, size in ((0, DF.Float32, 4096), (1, BF, 2048), (16, DF.Float32, 4096)):
            tm.CreateCircularBuffer(prog, tm.CoreCoord(0, 0), tm.CircularBufferConfig(2 * size, {idx: fmt})
                                    .set_page_size(idx, size))
        core = tm.CoreCoord(0, 0)
        rk = tm.CreateKernel(prog, reader, core, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_0))
        wk = tm.CreateKernel(prog, writer, core, tm.DataMovementConfig(processor=tm.DataMovementProcessor.RISCV_1))
        tm.CreateKernel(prog, compute, core, tm.ComputeConfig(fp32_dest_acc_en=True))
        tm.SetRuntimeArgs(prog, rk, core, [bufs[0].address(), bufs[1].address()])
        tm.SetRuntimeArgs(prog, wk, core, [out.address()])
        tm.EnqueueProgram(cq, prog, False)
        tm.Finish(cq)
        return tm.EnqueueReadBuffer(cq, out, dtype=np.uint8)

    def wrong_order():
        K.compute_kernel_hw_startup(C0, C1, C16)
        K.mm_init_short(C0, C1)

    with pytest.raises(ComputeInitError, match=r"matmul_tiles .*CB 1 holds Float16_b tiles but the unpacker's SrcA "
                                               r"format is Float32"):
        program(wrong_order)
    got = program(lambda: K.mm_init(C0, C1, C16))
    sa = formats.unpack_to_src(b, BF, fp32_dest=True)       # in1 -> SrcA
    sb = formats.unpack_to_src(a, DF.Float32, fp32_dest=True)
    ref = fpu.matmul(sb, sa, fidelity="HiFi4", fp32_dest=True)
    np.testing.assert_array_equal(got, formats.pack_from_dest(ref, True, DF.Float32))


def test_unmodelled_init_flags_and_untemplated_init_bcast_are_refused():
    def run(body):
        run_single(body, [(0, tile())], BF, BF, tm.ComputeConfig())

    with pytest.raises(NotModelledError, match=r"copy_tile_to_dst_init_short\(\.\.\., transpose=1\) is not modelled"):
        run(lambda: K.copy_tile_to_dst_init_short(C0, 1))
    with pytest.raises(NotModelledError, match=r"add_tiles_init\(\.\.\., acc_to_dest=True\) is not modelled"):
        run(lambda: K.add_tiles_init(C0, C0, True))
    with pytest.raises(KernelError, match=r"init_bcast needs its template arguments"):
        K.init_bcast(C0, C1, C16)
    with pytest.raises(NotModelledError, match=r"reduce_init without PoolType/ReduceDim"):
        run(lambda: K.reduce_init(C0, C0, C16))
    with pytest.raises(KernelError, match=r"pack_reconfig_data_format takes 1 CB\(s\) .* or 2"):
        run(lambda: K.pack_reconfig_data_format(C0, C0, C16))


def test_the_errors_are_tensix_errors():
    assert issubclass(ComputeInitError, TensixError) and issubclass(K.SfpuInitError, ComputeInitError)


# ---- reduce_init's packer edge mask --------------------------------------------------------------------------
KEPT = {  # tt-llk _llk_pack_reduce_mask_config_ (tilized pack, packer i packs face i), written out by hand
    K.ReduceDim.REDUCE_ROW: (slice(None), [0, 16]),     # column 0 of every face
    K.ReduceDim.REDUCE_COL: ([0], slice(None)),         # row 0 of faces 0 and 1
    K.ReduceDim.REDUCE_SCALAR: ([0], [0]),              # datum [0, 0]
}


def masked(values, dim):
    out = np.zeros_like(values)
    rows, cols = KEPT[dim]
    out[rows, cols] = values[rows, cols]
    return out


def copy_after_reduce_init(dim, between=()):
    """reduce_init<SUM, dim>, the calls in `between`, then a copy of c_0's tile packed into c_16."""
    def compute():
        K.compute_kernel_hw_startup(C0, C1, C16)
        K.reduce_init(C0, C1, C16, pool=K.PoolType.SUM, dim=dim)
        for call in between:
            call()
        K.copy_tile_init(C0)
        section(lambda: K.copy_tile(C0, 0, 0))
    return compute


@pytest.mark.parametrize("dim", list(KEPT))
@pytest.mark.parametrize("fmt", [BF, DF.Float32, DF.Bfp8_b])
def test_reduce_init_masks_every_pack_until_reduce_uninit(dim, fmt):
    """The edge mask reduce_init sets stays on the packer: a tile packed before reduce_uninit keeps only the reduce
    result's datums, whatever op made it; the mask acts before format conversion (Bfp8_b's shared exponents are
    those of the masked rows)."""
    x = RNG.standard_normal((32, 32)).astype(np.float32)
    x[0, 0] = 3.0       # the one datum REDUCE_SCALAR keeps: never quantized to 0 by its Bfp8_b block
    a = formats.pack_tile_bytes(x, fmt)
    plain = run_binary(copy_after_reduce_init(dim, [K.reduce_uninit]), a, tile(fmt), fmt)
    if fmt != DF.Float32:   # a Float32 tile loses its low mantissa bits in the 16-bit Dst
        np.testing.assert_array_equal(plain, a)
    values = formats.unpack_tile_bytes(plain, fmt)
    got = run_binary(copy_after_reduce_init(dim), a, tile(fmt), fmt)
    np.testing.assert_array_equal(got, formats.pack_tile_bytes(masked(values, dim), fmt))
    assert np.count_nonzero(formats.unpack_tile_bytes(got, fmt)) == np.count_nonzero(masked(values, dim)) > 0


def test_only_a_full_packer_configure_clears_the_mask():
    """pack_reconfig_data_format changes the format and keeps the mask (tt-llk's reconfigure does not touch the
    edge-mask registers); init_sfpu, like every init that configures the packer from a CB, resets it."""
    a = tile()
    row = K.ReduceDim.REDUCE_ROW
    values = formats.unpack_tile_bytes(a, BF)
    got = run_binary(copy_after_reduce_init(row, [lambda: K.pack_reconfig_data_format(C16)]), a, tile())
    np.testing.assert_array_equal(got, formats.pack_tile_bytes(masked(values, row), BF))
    for init in (lambda: K.init_sfpu(C0, C16), lambda: K.compute_kernel_hw_startup(C0, C1, C16),
                 lambda: K.binary_op_init_common(C0, C1, C16), lambda: K.mm_init(C0, C1, C16)):
        np.testing.assert_array_equal(run_binary(copy_after_reduce_init(row, [init]), a, tile()), a)


def test_reduce_results_pack_the_same_with_the_mask():
    """What reduce_tile writes beside its result is never seen: the mask keeps exactly the result's datums
    (REDUCE_ROW also column 16, which the row reduce leaves as the cleared Dst held it)."""
    x = tile()
    scaler = formats.pack_tile_bytes(np.ones((32, 32), np.float32), BF)
    for dim, (rows, cols) in KEPT.items():
        def compute(dim=dim):
            K.compute_kernel_hw_startup(C0, C1, C16)
            K.reduce_init(C0, C1, C16, pool=K.PoolType.SUM, dim=dim)
            section(lambda: K.reduce_tile(C0, C1, 0, 0, 0))
            K.reduce_uninit()

        got = formats.unpack_tile_bytes(run_binary(compute, x, scaler), BF)
        vals = formats.unpack_to_src(x, BF, fp32_dest=False).astype(np.float64)
        if dim == K.ReduceDim.REDUCE_ROW:
            ref = vals.sum(axis=1)[:, None]
        elif dim == K.ReduceDim.REDUCE_COL:
            ref = vals.sum(axis=0)[None, :]
        else:
            ref = np.array([[vals.sum()]])
        assert np.count_nonzero(got) <= np.count_nonzero(masked(np.ones((32, 32)), dim))
        first = got[rows, cols][..., :1] if dim == K.ReduceDim.REDUCE_ROW else got[rows, cols]
        np.testing.assert_allclose(first.reshape(ref.shape), ref, rtol=0.03, atol=0.05)


@pytest.mark.parametrize("pool", [K.PoolType.SUM, K.PoolType.MAX])
@pytest.mark.parametrize("dim", list(KEPT))
def test_a_reduce_result_packed_after_reduce_uninit_has_nan_where_the_hardware_has_scratch(pool, dim):
    """Real kernels call reduce_uninit before packing when the consumer reads only the result (tt-metal's rmsnorm:
    commit, reduce_uninit, pack, then mul_bcast_cols). The packer then packs the reduce's scratch values beside
    the result, which tensix does not model: those datums are NaN (Inf in bf16), the result's are exact, the datums the reduce
    never writes keep the cleared Dst's zeros. A block format would mix the scratch into the result's exponents:
    refused. A tile overwritten whole after the reduce packs as usual."""
    x = tile()
    scaler = formats.pack_tile_bytes(np.ones((32, 32), np.float32), BF)

    def compute(after):
        K.compute_kernel_hw_startup(C0, C1, C16)
        K.reduce_init(C0, C1, C16, pool=pool, dim=dim)

        def body():
            K.reduce_tile(C0, C1, 0, 0, 0)
            after()
        section(body)

    masked_out = formats.unpack_tile_bytes(run_binary(lambda: compute(lambda: None), x, scaler), BF)
    got = formats.unpack_tile_bytes(run_binary(lambda: compute(K.reduce_uninit), x, scaler), BF)
    scratch = np.zeros((32, 32), bool)  # written out by hand from tt-llk _llk_math_reduce_ (hwconfig.REDUCE_SCRATCH)
    if dim == K.ReduceDim.REDUCE_ROW:
        scratch[:, 1:16] = True
        scratch[[0, 16], 1:16] = False  # row 0 of faces 0 and 2: the accumulated row vector (modelled, below)
    elif dim == K.ReduceDim.REDUCE_COL:
        scratch[1:4, :] = pool == K.PoolType.SUM
    else:
        scratch[0:8, 0:16] = True
        scratch[0, 0] = False
        if pool == K.PoolType.MAX:
            scratch[1:4, 0:16] = False
    # NaN in Dst; the packer turns NaN into Inf for Float16_b (ISA Packers/FormatConversion.md)
    assert np.isinf(got[scratch]).all() and np.isfinite(got[~scratch]).all()
    rows, cols = KEPT[dim]
    np.testing.assert_array_equal(got[rows, cols][~scratch[rows, cols]], masked_out[rows, cols][~scratch[rows, cols]])
    if dim == K.ReduceDim.REDUCE_ROW:      # the row vector GMPOOL / GAPOOL accumulate in: column 0, transposed
        np.testing.assert_array_equal(got[[0, 16], 0:16], got[:, 0].reshape(2, 16))
        scratch[[0, 16], 1:16] = True       # (not zero below)
    assert not got[~scratch & ~masked(np.ones((32, 32), bool), dim)].any()     # never written: the cleared Dst

    with pytest.raises(NotModelledError) as e:
        run_binary(lambda: compute(K.reduce_uninit), tile(DF.Bfp8_b),
                   formats.pack_tile_bytes(np.ones((32, 32), np.float32), DF.Bfp8_b), DF.Bfp8_b)
    msg = str(e.value)
    for p in (r"pack_tile\(0, 16\) on core \(0, 0\) at .*test_compute_init_config.py:\d+",
              rf"Dst tile 0 holds a REDUCE_{dim.name[7:]} result \(reduce_tile at core \(0, 0\), ",
              r"into Bfp8_b they share exponents", r"Fix: pack the reduce result before reduce_uninit\(\)"):
        assert re.search(p, msg, re.DOTALL), (p, msg)

    def overwrite():
        K.reduce_uninit()
        K.copy_tile_init(C0)
        K.copy_tile(C0, 0, 0)
    np.testing.assert_array_equal(run_binary(lambda: compute(overwrite), x, scaler), x)
