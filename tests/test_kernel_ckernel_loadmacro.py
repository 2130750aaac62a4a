"""tt-llk's SFPLOADMACRO kernels pushed word by word from a compute kernel through tensix.kernel.ckernel (the math
thread's pipe of the core's tile): exp_tile<approx=true, InputClamping::None> as tt-metal 622c6fb9 issues it (exp_init
with its replay record, then per face ADDR_MOD_7 = dest += 2, REPLAY(0, 16) and the drain, between tt-llk's unary
SFPU driver words) gives Schraudolph's bits, as in tests/test_sfpi_llk_loadmacro.py."""

import numpy as np

from test_kernel_ckernel import _run
from test_sfpi_llk_loadmacro import _exp_inputs, _schraudolph_reference
from tensix.sfpi import llk
from tensix.tile import isa as tisa
from tensix.tile._tables import ENCODINGS
from tensix.tile.vector import words_of


def _issue(words):
    """Each word through its ckernel macro, TTI_<NAME>(fields in ckernel_ops.h's order)."""
    import tensix.kernel.ckernel as ck
    for w in words:
        ins = tisa.decode(w)
        getattr(ck, f"TTI_{ins.name}")(*[ins.fields[f] for f, _s, _w in ENCODINGS[ins.name][1]])


def _exp_approx_llk(dst_index):
    from tensix.kernel.ckernel import (ADDR_MOD_7, DEST_TARGET_REG_CFG_MATH_Offset_ADDR32, TTI_SETC16, TTI_SETRWC,
                                       TTI_SFPCONFIG, TTI_STALLWAIT, ADDR_MOD_SET_Base_ADDR32, addr_mod_t,
                                       get_dest_buffer_base, p_setrwc, p_stall)
    # llk_math_eltwise_unary_sfpu_init (ADDR_MOD_7 = 0, reset counters) and exp_init<true, 0x3F800000, false>
    TTI_SFPCONFIG(0, 0xF, 1)
    addr_mod_t(srca={"incr": 0}, srcb={"incr": 0}, dest={"incr": 0}).set(ADDR_MOD_7)
    TTI_SETRWC(p_setrwc.CLR_NONE, 0, 0, 0, 0, p_setrwc.SET_ABD_F)
    _issue(words_of(llk.exp_approx_init("None")) + llk.exp_approx_words(face_words=False))
    # _llk_math_eltwise_unary_sfpu_params_ with VectorMode::RC around calculate_exponential<true, ..., 8, false>
    TTI_SETC16(DEST_TARGET_REG_CFG_MATH_Offset_ADDR32, (dst_index << 6) + get_dest_buffer_base())
    TTI_SETC16(ADDR_MOD_SET_Base_ADDR32, 1)
    TTI_STALLWAIT(p_stall.STALL_SFPU, p_stall.MATH)
    for _face in range(4):
        addr_mod_t(srca={"incr": 0}, srcb={"incr": 0}, dest={"incr": 2}).set(ADDR_MOD_7)
        _issue(llk.exp_approx_words())
        TTI_SETRWC(p_setrwc.CLR_NONE, p_setrwc.CR_D, 8, 0, 0, p_setrwc.SET_D)
        TTI_SETRWC(p_setrwc.CLR_NONE, p_setrwc.CR_D, 8, 0, 0, p_setrwc.SET_D)
    TTI_SETRWC(p_setrwc.CLR_NONE, 0, 0, 0, 0, p_setrwc.SET_D)
    TTI_STALLWAIT(p_stall.STALL_CFG, p_stall.WAIT_SFPU)
    TTI_SETC16(ADDR_MOD_SET_Base_ADDR32, 0)


def test_exp_approx_from_a_compute_kernel_as_tt_llk_issues_it():
    x = _exp_inputs(13, True)
    got = _run(lambda: _exp_approx_llk(0), x.view(np.float32))
    np.testing.assert_array_equal(got.view(np.uint32), _schraudolph_reference(x, True))
