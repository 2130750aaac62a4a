"""binary_dest_reuse_tiles (tensix.kernel.dest_reuse): the Dst tile as one operand of the FPU's eltwise op."""

import numpy as np
import pytest

import tensix
from tensix.device.errors import ComputeInitError
from tensix.kernel import *  # noqa: F401,F403
from test_sfpu_batch import launch

MUL_A = (EltwiseBinaryType.ELWMUL, EltwiseBinaryReuseDestType.DEST_TO_SRCA)
SUB_B = (EltwiseBinaryType.ELWSUB, EltwiseBinaryReuseDestType.DEST_TO_SRCB)


def _kernel(reuse, with_init=True):
    def compute():
        n = get_arg_val(0)
        init_sfpu(CBIndex.c_0, CBIndex.c_16)
        for _ in range(n):
            cb_wait_front(CBIndex.c_0, 1)
            tile_regs_acquire()
            copy_tile_to_dst_init_short(CBIndex.c_0)
            copy_tile(CBIndex.c_0, 0, 0)
            if with_init:
                binary_dest_reuse_tiles_init[reuse](CBIndex.c_0)
            binary_dest_reuse_tiles[reuse](CBIndex.c_0, 0, 0)
            tile_regs_commit()
            cb_pop_front(CBIndex.c_0, 1)
            cb_reserve_back(CBIndex.c_16, 1)
            tile_regs_wait()
            pack_tile(0, CBIndex.c_16)
            tile_regs_release()
            cb_push_back(CBIndex.c_16, 1)
    return compute


def test_dest_reuse_squares_and_subtracts_through_the_fpu():
    """x -> Dst, then Dst * x (DEST_TO_SRCA) and x - Dst (DEST_TO_SRCB): through SrcA / SrcB as bf16 (a Float32 CB
    into a 16-bit Dst goes through SrcA as bf16), so x * x is the FPU's product of the bf16 values and x - x is 0."""
    x = np.random.default_rng(9).standard_normal((2, 32, 32)).astype(np.float32)
    xb = (x.view(np.uint32) & 0xFFFF0000).view(np.float32).astype(np.float64)     # the bf16 SrcA / Dst values
    sq = launch(_kernel(MUL_A), x, 1, 2, False)
    assert np.all(np.abs(sq - xb * xb) <= np.abs(xb * xb) * 2.0 ** -7)
    np.testing.assert_array_equal(launch(_kernel(SUB_B), x, 1, 2, False), 0.0)


def test_dest_reuse_srcb_from_a_32_bit_dst_truncates_to_tf32():
    """A 32-bit Dst (x copied exactly from an UnpackToDestFp32 CB), then x - Dst with DEST_TO_SRCB: the Float32 CB's
    tile reaches SrcA as TF32 and MOVD2B moves Dst to SrcB as TF32 too (ISA MOVD2B.md: the SrcB style follows the
    TF32 SrcA format), so the difference is exactly 0 although Dst held more bits than SrcA."""
    x = np.random.default_rng(3).standard_normal((1, 32, 32)).astype(np.float32)
    x = (x.view(np.uint32) | 0x1).view(np.float32)          # low mantissa bits that TF32 drops
    np.testing.assert_array_equal(launch(_kernel(SUB_B), x, 1, 1, True), 0.0)


def test_dest_reuse_refusals():
    x = np.ones((1, 32, 32), np.float32)
    with pytest.raises(ComputeInitError, match="binary_dest_reuse_tiles_init with the same template"):
        launch(_kernel(MUL_A, with_init=False), x, 1, 1, False)
    with pytest.raises(tensix.NotModelledError, match="MOVD2A of a 32-bit Dst"):
        launch(_kernel(MUL_A), x, 1, 1, True)
    with pytest.raises(ComputeInitError, match="NONE: tt-llk rejects it"):
        binary_dest_reuse_tiles[EltwiseBinaryType.ELWMUL, EltwiseBinaryReuseDestType.NONE]
