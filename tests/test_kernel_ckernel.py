"""`from tensix.kernel.ckernel import *` inside a compute kernel: tt-llk's TTI_ / TT_ / TT_OP_ push into the math
thread's pipe of the core's instruction-level tile, whose Vector Unit works on the core's own Dst and SFPU state.
An SFPU op written as the words tt-llk's unary SFPU driver issues (llk_math_eltwise_unary_sfpu.h,
llk_math_eltwise_sfpu_common.h, cmath_common.h at tt-metal 622c6fb9) gives the compute API's result bit for bit."""

import numpy as np
import pytest
from device_helpers import run_single

import tensix
import tensix.kernel.ckernel as ck
from tensix.kernel import _ctx
from tensix.device.errors import DeadlockError
import tensix.metalium as tm
from tensix.device import formats
from tensix.device.formats import DataFormat as DF
from tensix.kernel import (
    CBIndex,
    abs_tile,
    abs_tile_init,
    cb_push_back,
    cb_reserve_back,
    cb_wait_front,
    copy_tile,
    init_sfpu,
    pack_tile,
    tile_regs_acquire,
    tile_regs_commit,
    tile_regs_release,
    tile_regs_wait,
)

FP32_CFG = tm.ComputeConfig(fp32_dest_acc_en=True, unpack_to_dest_mode={0: tm.UnpackToDestMode.UnpackToDestFp32})


def _kernel(op):
    def compute():
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        op()
        tile_regs_commit()
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)
    return compute


def _run(op, x, fmt=DF.Float32):
    raw = run_single(_kernel(op), [(0, formats.pack_tile_bytes(np.asarray(x, np.float32), fmt))], fmt, fmt,
                     FP32_CFG)
    return formats.unpack_tile_bytes(raw[0], fmt)


def _llk_abs_words(dst_index):
    """tt-llk's unary SFPU op around SFPI's abs body, as the TRISC pushes it (ckernel names)."""
    from tensix.kernel.ckernel import (ADDR_MOD_7, DEST_TARGET_REG_CFG_MATH_Offset_ADDR32, TTI_INCRWC,
                                       TTI_SETC16, TTI_SETRWC, TTI_SFPABS, TTI_SFPCONFIG, TTI_SFPLOAD,
                                       TTI_SFPSTORE, TTI_STALLWAIT, ADDR_MOD_SET_Base_ADDR32, addr_mod_t,
                                       get_dest_buffer_base, p_setrwc, p_stall)
    TTI_SFPCONFIG(0, 0xF, 1)  # _init_sfpu_config_reg
    addr_mod_t(srca={"incr": 0}, srcb={"incr": 0}, dest={"incr": 0}).set(ADDR_MOD_7)
    TTI_SETRWC(p_setrwc.CLR_NONE, 0, 0, 0, 0, p_setrwc.SET_ABD_F)  # reset_counters
    TTI_SETC16(DEST_TARGET_REG_CFG_MATH_Offset_ADDR32, (dst_index << 6) + get_dest_buffer_base())
    TTI_SETC16(ADDR_MOD_SET_Base_ADDR32, 1)
    TTI_STALLWAIT(p_stall.STALL_SFPU, p_stall.MATH)
    for _face in range(4):
        for _ in range(8):
            TTI_SFPLOAD(0, 3, 3, 0)
            TTI_SFPABS(0, 0, 1, 1)
            TTI_SFPSTORE(1, 3, 3, 0)
            TTI_INCRWC(0, 2, 0, 0)
        TTI_SETRWC(p_setrwc.CLR_NONE, p_setrwc.CR_D, 8, 0, 0, p_setrwc.SET_D)
        TTI_SETRWC(p_setrwc.CLR_NONE, p_setrwc.CR_D, 8, 0, 0, p_setrwc.SET_D)
    TTI_SETRWC(p_setrwc.CLR_NONE, 0, 0, 0, 0, p_setrwc.SET_D)
    TTI_STALLWAIT(p_stall.STALL_CFG, p_stall.WAIT_SFPU)
    TTI_SETC16(ADDR_MOD_SET_Base_ADDR32, 0)


def test_llk_words_from_a_kernel_match_abs_tile():
    x = np.random.default_rng(3).uniform(-4, 4, (32, 32)).astype(np.float32)
    x[0, :4] = [-0.0, np.inf, -np.inf, np.nan]

    def api():
        abs_tile_init()
        abs_tile(0)

    expect = _run(api, x)
    got = _run(lambda: _llk_abs_words(0), x)
    np.testing.assert_array_equal(got.view(np.uint32), expect.view(np.uint32))


def test_words_after_a_compute_api_sfpu_op_see_its_result():
    """A queued abs_tile runs before the pushed words; the words (negate by SFPMOV) see its result."""
    x = np.random.default_rng(4).uniform(-4, 4, (32, 32)).astype(np.float32)

    def op():
        from tensix.kernel.ckernel import TTI_INCRWC, TTI_SFPLOAD, TTI_SFPMOV, TTI_SFPSTORE, TTI_SETRWC
        abs_tile_init()
        abs_tile(0)
        for _ in range(32):  # the whole tile (four faces of 8 iterations, 2 rows of Dst32b per iteration)
            TTI_SFPLOAD(0, 3, 3, 0)
            TTI_SFPMOV(0, 0, 1, 1)
            TTI_SFPSTORE(1, 3, 3, 0)
            TTI_INCRWC(0, 2, 0, 0)
        TTI_SETRWC(0, 0, 0, 0, 0, 4)

    got = _run(op, x)
    np.testing.assert_array_equal(got, -np.abs(x))


def test_semaphore_helpers_and_mmio():
    seen = {}

    def op():
        ck.t6_semaphore_init(ck.semaphore.FPU_SFPU, 0, 2)
        ck.t6_semaphore_post(ck.semaphore.FPU_SFPU)
        seen["after_post"] = ck.semaphore_read(ck.semaphore.FPU_SFPU)
        ck.semaphore_post(ck.semaphore.FPU_SFPU)
        seen["max"] = ck.semaphore_read(ck.semaphore.FPU_SFPU)
        ck.t6_semaphore_wait_on_max(ck.semaphore.FPU_SFPU, ck.p_stall.STALL_MATH)  # met: passes
        ck.mmio_write(0xFFE00000 + 4 * 5, 0x1234)  # this thread's GPR 5
        ck.TTI_ADDDMAREG(1, 6, 5, 5)  # GPR6 = GPR5 + 5 (immediate)
        seen["gpr6"] = ck.mmio_read(0xFFE00000 + 4 * 6)

    x = np.zeros((32, 32), np.float32)
    _run(op, x)
    assert seen == {"after_post": 1, "max": 2, "gpr6": 0x1239}


def test_a_wait_that_never_ends_is_a_deadlock():
    def op():
        # STALL_ON_ZERO: the Wait Gate holds ThCon instructions while the semaphore is 0 (SEMWAIT.md); nothing
        # else on this tile posts it
        ck.t6_semaphore_wait_on_zero(ck.semaphore.MATH_DONE, ck.p_stall.STALL_THCON)
        ck.TTI_SETDMAREG(0, 1, 0, 0)

    with pytest.raises(DeadlockError, match="SETDMAREG"):
        _run(op, np.zeros((32, 32), np.float32))


def test_mop_template_from_a_kernel():
    seen = {}

    def op():
        t = ck.ckernel_template(2, 3, ck.TT_OP_ADDDMAREG(1, 1, 1, 1))  # GPR1 += 1, 2 x 3 times
        t.program()
        seen["trisc_before"] = _ctx.th.clocks[1]
        t.run()
        seen["trisc_after"] = _ctx.th.clocks[1]
        seen["gpr1"] = ck.mmio_read(0xFFE00000 + 4)
        seen["profile"] = ck.tile().profile()

    _run(op, np.zeros((32, 32), np.float32))
    assert seen["gpr1"] == 6
    # six ADDDMAREGs with an immediate: 3 cycles each in the Scalar Unit (ScalarUnit.md), on the math thread
    assert seen["profile"]["units"]["scalar"] == {"busy": 18, "instructions": 6}
    # the MOP reaches the pipe at the TRISC's time, and the TRISC's clock is its tile thread's clock afterwards
    assert seen["trisc_after"] - seen["trisc_before"] == 18
    assert seen["profile"]["threads"]["T1"]["cycles"] == seen["trisc_after"]


def test_every_instruction_has_its_three_names():
    for name in tensix.tile.isa.ENCODINGS:
        assert callable(getattr(ck, f"TTI_{name}")) and callable(getattr(ck, f"TT_{name}"))
        assert hasattr(ck, f"TT_OP_{name}")


def test_device_profiler_shows_the_tile_units(monkeypatch):
    devices = []
    create = tm.CreateDevice
    monkeypatch.setattr(tm, "CreateDevice", lambda *a, **k: devices.append(create(*a, **k)) or devices[-1])

    seen = {}

    def op():
        seen["start"] = _ctx.th.clocks[1]
        ck.TTI_SETDMAREG(0, 7, 0, 3)
        ck.TTI_ADDDMAREG(0, 4, 3, 3)  # GPR4 = GPR3 + GPR3: one aligned group of four

    _run(op, np.zeros((32, 32), np.float32))
    run = devices[0].profiler.last_run()
    (units,) = run.tile_units.values()
    assert units["units"]["scalar"] == {"busy": 1 + 3, "instructions": 2}
    assert units["threads"]["T1"]["cycles"] == seen["start"] + 4


def test_compute_api_sfpu_work_shows_on_the_tile_and_the_clocks_stay_one():
    """On a core whose kernel uses the ckernel layer, a compute API SFPU op's batched program keeps the tile's
    Vector Unit busy for its SFPU cycles, and words pushed afterwards pass no earlier than the TRISC's clock."""
    seen = {}
    infos = []
    real_charge = ck.api_sfpu_charge

    def spy(th, cs, thread, start, info):
        infos.append(info)
        real_charge(th, cs, thread, start, info)

    def op():
        t = ck.tile()
        abs_tile_init()
        before = t.profile()["units"].get("vector", {"busy": 0, "instructions": 0})
        abs_tile(0)
        seen["vector"] = (before, t.profile()["units"]["vector"])
        seen["trisc"] = _ctx.th.clocks[1]
        ck.TTI_SETDMAREG(0, 7, 0, 3)
        seen["after"] = (_ctx.th.clocks[1], t.clock(1))

    x = np.random.default_rng(8).uniform(-2, 2, (32, 32)).astype(np.float32)
    mp = pytest.MonkeyPatch()
    mp.setattr(ck, "api_sfpu_charge", spy)
    try:
        np.testing.assert_array_equal(_run(op, x), np.abs(x))
    finally:
        mp.undo()
    (info,) = infos
    before, after = seen["vector"]
    assert after["busy"] - before["busy"] == info.sfpu_cycles > 0
    assert after["instructions"] - before["instructions"] == info.sfpu_instructions
    # SETDMAREG: one cycle in the Scalar Unit, pushed at the TRISC's clock (which includes the op's cycles)
    assert seen["after"] == (seen["trisc"] + 1, seen["trisc"] + 1)


def test_compute_api_sfpu_ops_program_the_tile_as_tt_llk():
    """On a core whose kernel uses the ckernel layer, abs_tile_init / abs_tile push tt-llk's init, start and done
    words: ADDR_MOD_7 zero, the Dst offset of the tile, ADDR_MOD_SET_Base back to 0, the Dst RWC cleared."""
    seen = {}

    def op():
        t = ck.tile()
        ck.addr_mod_t(dest={"incr": 2}).set(ck.ADDR_MOD_7)  # something else in ADDR_MOD_7 before the init
        ck.TTI_INCRWC(0, 5, 0, 0)
        abs_tile_init()
        seen["after_init"] = (t.field("ADDR_MOD_DST_SEC7_DestIncr", 1), t.rwc(1)["Dst"])
        abs_tile(0)
        seen["after_op"] = (t.field("ADDR_MOD_SET_Base", 1), t.field("DEST_TARGET_REG_CFG_MATH_Offset", 1),
                            t.rwc(1)["Dst"])

    x = np.random.default_rng(6).uniform(-2, 2, (32, 32)).astype(np.float32)
    np.testing.assert_array_equal(_run(op, x), np.abs(x))
    assert seen == {"after_init": (0, 0), "after_op": (0, 0, 0)}


def test_compute_api_sfpu_op_refuses_an_addr_mod_it_cannot_follow():
    def op():
        ck.tile()
        abs_tile_init()
        ck.addr_mod_t(dest={"incr": 2}).set(ck.ADDR_MOD_7)  # after the init: the op's loads would step the RWC
        abs_tile(0)

    with pytest.raises(tensix.NotModelledError, match="ADDR_MOD_7"):
        _run(op, np.zeros((32, 32), np.float32))


def test_thcon_and_riscv_l1_accesses_reach_the_cores_l1():
    """The tile of a compute core shares the core's L1: LOADIND reads the input tile the reader put in the CB,
    STOREIND writes where the RISC-V's load (mmio_read) and the packer's view find it."""
    seen = {}

    def op():
        addr = _ctx.th.core.cbs[0].front_addr(0)  # the input tile's page in L1
        ck.tile().gpr(1)[1] = addr // 16
        ck.TTI_LOADIND(1, 0, 0, 7, 1)                # GPR 7 = L1[addr] (32 bits)
        seen["loaded"] = ck.mmio_read(0xFFE00000 + 4 * 7)  # GPR 7 of this TRISC (T1) thread
        seen["word0"] = ck.mmio_read(addr)
        ck.TTI_SETDMAREG(0, 0x4321, 0, 10)           # GPR 5 low half
        ck.TTI_SETDMAREG(0, 0x8765, 0, 11)           # GPR 5 high half
        ck.TTI_STOREIND(1, 0, 1, 0, 0, 5, 1)         # L1[addr] = GPR 5
        seen["stored"] = (ck.mmio_read(addr), int(_ctx.th.core.l1[addr:addr + 4].view(np.uint32)[0]))

    x = np.random.default_rng(9).uniform(-2, 2, (32, 32)).astype(np.float32)
    _run(op, x)
    first = int(x.reshape(-1)[:1].view(np.uint32)[0])  # Float32 tiles: face 0, row 0, datum 0 comes first
    assert seen["loaded"] == seen["word0"] == first
    assert seen["stored"] == (0x87654321, 0x87654321)
