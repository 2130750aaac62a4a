"""tt-llk's own instruction sequences on the tile: the words its helpers push, transcribed from tt-llk in
tt-metal 622c6fb9 (tt_metal/tt-llk/tt_llk_wormhole_b0/...), with their constants, and the behaviour tt-llk's
code and comments rely on.

- common/inc/ckernel_template.h: ckernel_template (MOP template 1: program() writes mop_cfg[0..8], run() pushes
  TTI_MOP(1, 0, 0)) and ckernel_unpack_template (template 0: run(count, zmask) pushes MOP_CFG(zmask >> 16) and
  MOP(0, count - 1, zmask & 0xFFFF)).
- common/inc/ckernel.h (t6_semaphore_*, t6_mutex_*), common/inc/cmath_common.h (math_dest_wait,
  set_math_semaphores), llk_lib/llk_math_common.h (_llk_math_pack_sync_init_), llk_lib/llk_pack_common.h
  (_llk_packer_wait_for_math_done_, _llk_packer_set_math_semaphore_): the math / pack handshake on Dst.
"""

import pytest

from tensix.tile import Tile, ops

# ckernel_instr_params.h p_stall
STALL_TDMA, STALL_SYNC, STALL_THCON, STALL_MATH, STALL_CFG, STALL_SFPU = 0x1, 0x2, 0x20, 0x40, 0x80, 0x100
STALL_ON_ZERO, STALL_ON_MAX = 0x1, 0x2
MATH, WAIT_SFPU = 0x80, 0x4000  # condition bits C7, C14
SEMAPHORE_1 = 0x2
MATH_PACK = 1  # ckernel_structs.h semaphore::MATH_PACK


def t6_sem(index):
    return 1 << index


NOP = ops.TT_OP_NOP


class CkernelTemplate:
    """ckernel_template.h's class, as far as it sets registers: constructors and setters."""

    def __init__(self, outer, inner, loop_op0, loop_op1=None):
        self.outer, self.inner = outer, inner
        self.loop_op0, self.loop_op1 = loop_op0, NOP if loop_op1 is None else loop_op1
        self.end_op0 = self.end_op1 = self.start_op0 = NOP
        last = loop_op0 if loop_op1 is None else loop_op1
        self.loop0_last = self.loop1_last = last

    def program(self, tile, core="T0"):
        cfg = [self.outer, self.inner, self.start_op0, self.end_op0, self.end_op1, self.loop_op0, self.loop_op1,
               self.loop0_last, self.loop1_last]
        for i, v in enumerate(cfg):
            tile.mmio_write(core, 0xFFB80000 + 4 * i, v)

    @staticmethod
    def run(tile, thread=0):
        tile.push(thread, [ops.TT_OP_MOP(1, 0, 0)])


def _op(i):
    return ops.TT_OP_SETDMAREG(0, i, 0, 0)  # distinct, executable words


def test_ckernel_template_one_loop_op():
    # LOOP_OUTER 3 { LOOP_INNER 2 { LOOP_OP0 } }: the header's outline, with the last instruction of every inner
    # loop replaced by loop1_last and the very last by loop0_last (both default to the loop op)
    t = CkernelTemplate(3, 2, _op(1))
    tile = Tile(execute=False)
    t.program(tile)
    t.run(tile)
    assert tile.issued(0) == [_op(1)] * 6
    t.loop0_last, t.loop1_last = _op(8), _op(9)  # set_last_outer_loop_instr / set_last_inner_loop_instr
    t.start_op0, t.end_op0, t.end_op1 = _op(5), _op(6), _op(7)  # set_start_op / set_end_ops
    t.program(tile)
    t.run(tile)
    body = [_op(1), _op(9)]
    assert tile.issued(0)[6:] == ([_op(5)] + body + [_op(6), _op(7)]) * 2 + [_op(5), _op(1), _op(8), _op(6), _op(7)]


def test_ckernel_template_two_loop_ops():
    # with two loop ops the inner loop runs LOOP_OP0, LOOP_OP1 per iteration, and the header's rule replaces
    # m_loop_op1 (the second) in the last inner iteration: loop0_last if also the last outer one, else loop1_last
    t = CkernelTemplate(2, 2, _op(1), _op(2))
    t.loop0_last, t.loop1_last = _op(8), _op(9)
    tile = Tile(execute=False)
    t.program(tile)
    t.run(tile)
    assert tile.issued(0) == [_op(1), _op(2), _op(1), _op(9), _op(1), _op(2), _op(1), _op(8)]


@pytest.mark.parametrize("halo, unpack_b", [(False, False), (True, False), (False, True), (True, True)])
def test_ckernel_unpack_template(halo, unpack_b):
    # program(): mop_cfg[1] = unpackB | (unpack_halo << 1), [2] = B, [3..6] = A0..A3, [7] = skipA, [8] = skipB;
    # run(count, zmask): MOP_CFG(zmask >> 16), MOP(0, count - 1, zmask & 0xFFFF)
    a0, a1, a2, a3, b, skip_a, skip_b = (_op(i) for i in range(1, 8))
    tile = Tile(execute=False)
    for i, v in enumerate([0, int(unpack_b) | int(halo) << 1, b, a0, a1, a2, a3, skip_a, skip_b]):
        tile.mmio_write("T0", 0xFFB80000 + 4 * i, v)
    zmask = 0b1_0000_0000_0000_0000_0101  # iterations 0, 2 and 20 take the skip path
    tile.push(0, [ops.TT_OP_MOP_CFG(zmask >> 16), ops.TT_OP_MOP(0, 21 - 1, zmask & 0xFFFF)])
    full = [a0, a1, a2, a3] if halo else [a0]
    full += [b] if unpack_b else []
    skip = [skip_a, skip_b] if unpack_b else [skip_a]
    expect = []
    for i in range(21):
        expect += skip if zmask >> i & 1 else full
    assert tile.issued(0) == expect


def test_math_pack_handshake_on_dst():
    """SyncHalf: math may run at most two Dst sections ahead of the packer (SEMINIT max 2). Math's section ends
    with set_math_semaphores (STALLWAIT on MATH | WAIT_SFPU for B1, then SEMPOST) after math_dest_wait (SEMWAIT
    for MATH / SFPU / SYNC while MATH_PACK is at its max); the packer waits on zero, packs, and SEMGETs. A
    ThCon counter stands in for the packer's PACR (both are held by B0); the math work itself (FPU / SFPU
    instructions) is left out, the tile does not execute it yet."""
    math_init = [ops.TT_OP_SEMINIT(2, 0, SEMAPHORE_1)]
    math_section = [ops.TT_OP_SEMWAIT(STALL_MATH | STALL_SFPU | STALL_SYNC, t6_sem(MATH_PACK), STALL_ON_MAX),
                    ops.TT_OP_STALLWAIT(STALL_SYNC, MATH | WAIT_SFPU), ops.TT_OP_SEMPOST(t6_sem(MATH_PACK))]
    pack_section = [ops.TT_OP_SEMWAIT(STALL_TDMA, t6_sem(MATH_PACK), STALL_ON_ZERO),
                    ops.TT_OP_ADDDMAREG(1, 20, 1, 20),  # the "pack"
                    ops.TT_OP_SEMGET(t6_sem(MATH_PACK))]
    tile = Tile()
    tile.push(1, math_init + math_section * 5)
    assert tile.run() == [1] and tile.semaphore(MATH_PACK) == (2, 2)  # two sections ready, the third waits
    assert "SEMWAIT" in tile.wait_reason(1)
    tile.push(2, pack_section)
    assert tile.run() == [1] and tile.gpr(2)[20] == 1 and tile.semaphore(MATH_PACK) == (2, 2)
    tile.push(2, pack_section * 4)
    assert tile.run() == [] and tile.gpr(2)[20] == 5 and tile.semaphore(MATH_PACK) == (0, 2)
    # a packer that runs first waits for math
    tile = Tile()
    tile.push(2, pack_section)
    assert tile.run() == [2] and tile.gpr(2)[20] == 0
    tile.push(1, math_init + math_section)
    assert tile.run() == [] and tile.gpr(2)[20] == 1


def test_t6_mutex_guard():
    # T6MutexLockGuard (ckernel_mutex_guard.h): ATGETM(index) on construction, ATRELM(index) on destruction;
    # mutex::REG_RMW = 0 guards read-modify-writes of configuration from several threads
    tile = Tile()
    rmw = [ops.TT_OP_ATGETM(0), ops.TT_OP_RDCFG(4, 30), ops.TT_OP_ADDDMAREG(1, 4, 1, 4), ops.TT_OP_WRCFG(4, 0, 30),
           ops.TT_OP_ATRELM(0)]
    for t in range(3):
        tile.push(t, rmw * 3)
    assert tile.run() == [] and tile.config(0)[30] == 9 and tile.mutex_holder(0) is None
