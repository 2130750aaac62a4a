"""The Src zero-substitution flag (ALU_ACC_CTRL_Zero_Flag_disabled_src) as tt-metal 622c6fb9 drives it: its state
decides whether copy_tile's MOVA2D flushes an exponent-0 SrcA datum (-0.0, a denormal) to +0 (ISA MOVA2D.md).
tt-llk cmath_common.h's tracker: every math hw configure / reconfig sets it by the operand formats (DEFAULT: clear,
so flushing, unless an operand is UInt16), unary_op_init_common / init_sfpu then disable it (UNARY_PRESERVE)."""

import numpy as np
import pytest

from tensix.kernel import *  # noqa: F401,F403
from test_sfpu_batch import launch


def compute_after_inits():
    """Per tile, by tile index mod 3: init_sfpu (UNARY_PRESERVE) / binary_op_init_common then copy_tile_init
    (DEFAULT) / init_sfpu then reconfig_data_format_srca (DEFAULT again); then copy_tile and signbit_tile: the sign of
    what reached Dst."""
    n = get_arg_val(0)
    for i in range(n):
        phase = i % 3
        if phase == 1:
            binary_op_init_common(CBIndex.c_0, CBIndex.c_0, CBIndex.c_16)
            copy_tile_init(CBIndex.c_0)
        else:
            init_sfpu(CBIndex.c_0, CBIndex.c_16)
            if phase == 2:
                reconfig_data_format_srca(CBIndex.c_0)
        signbit_tile_init()
        cb_wait_front(CBIndex.c_0, 1)
        tile_regs_acquire()
        copy_tile(CBIndex.c_0, 0, 0)
        signbit_tile(0)
        tile_regs_commit()
        cb_pop_front(CBIndex.c_0, 1)
        cb_reserve_back(CBIndex.c_16, 1)
        tile_regs_wait()
        pack_tile(0, CBIndex.c_16)
        tile_regs_release()
        cb_push_back(CBIndex.c_16, 1)


@pytest.mark.parametrize("fp32", [False, True], ids=["16-bit Dst, through SrcA", "fp32 Dst, unpacked"])
def test_copy_tile_keeps_negative_zero_only_after_init_sfpu(fp32):
    x = np.random.default_rng(3).standard_normal((3, 32, 32)).astype(np.float32)
    x[:, 0, :3] = [-0.0, -1e-39, 0.0]        # -0, a negative float32 denormal, +0
    out = launch(compute_after_inits, x, 1, 3, fp32)
    neg = np.signbit(x) & (np.abs(x) >= 2.0 ** -126)      # normal negatives: 1.0 after any init
    for phase in range(3):
        np.testing.assert_array_equal(out[phase][neg[phase]], 1.0)
        np.testing.assert_array_equal(out[phase][~np.signbit(x[phase])], 0.0)
    # the exponent-0 negatives: kept after init_sfpu; flushed to +0 by MOVA2D under DEFAULT (a 16-bit Dst only:
    # UnpackToDestFp32 bypasses SrcA)
    assert list(out[0][0, :2]) == [1.0, 1.0]
    assert list(out[1][0, :2]) == list(out[2][0, :2]) == ([1.0, 1.0] if fp32 else [0.0, 0.0])
