"""Shared helpers for the tests/test_sfpu_*.py files (independent numpy references, not the executor)."""

import numpy as np

from tensix.sfpu import SfpuState, make, new_dst, run_instrs

LANES = np.arange(32)
L = LANES

EDGE_F32 = np.array([
    0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x80800000, 0x3F800000, 0xBF800000,
    0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0x3FFFFFFF,
    0x40490FDB, 0xC0490FDB, 0x33800000, 0x4B000000, 0x4AFFFFFF, 0x46FFFE00, 0x477FE000, 0x3EFFFFFF,
    0x3F000000, 0xBF000000, 0x3FC00000, 0x40000000, 0x40400000, 0xC0400000, 0x47000000, 0x00400000,
], dtype=np.uint32)


def f2u(x):
    return np.asarray(x, dtype=np.float32).view(np.uint32)


def u2f(x):
    return np.asarray(x, dtype=np.uint32).view(np.float32)


def u32(x):
    return np.asarray(np.asarray(x, dtype=np.int64) & 0xFFFFFFFF, dtype=np.uint32)


def run1(instrs, lregs=None, state=None, dst=None, **kw):
    """Run instrs on a fresh (or given) single state after setting LRegs from {index: 32 values}."""
    st = state if state is not None else SfpuState(1)
    for r, v in (lregs or {}).items():
        st.lregs[0, r] = u32(np.broadcast_to(np.asarray(v, dtype=np.int64), (32,)))
    d = dst if dst is not None else new_dst(1)
    st, d, counts = run_instrs(instrs, st, d, **kw)
    return st, d


def lanes_mask_value(mask):
    return np.where(np.asarray(mask), 0xFFFFFFFF, 0).astype(np.int64)


def prng_ref(state, n):
    """n successive AdvancePRNG results per lane (VectorUnit.md), numpy reference. state: uint32[32]."""
    st = state.astype(np.uint64).copy()
    out = []
    for _ in range(n):
        out.append(st.astype(np.uint32).copy())
        x = st & np.uint64(0x80200003)
        taps = np.array([bin(int(v)).count("1") for v in x], dtype=np.uint64)
        st = (((~taps) & np.uint64(1)) << np.uint64(31)) | (st >> np.uint64(1))
    return out, st.astype(np.uint32)
