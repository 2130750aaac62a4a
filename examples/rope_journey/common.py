"""Pieces shared by the steps of seed 000's optimisation journey ("Profiling & Base Optimization" onward).

* :func:`sfpu_call` runs an SFPI function on the core's SFPU inside a compute kernel, inside a profiler zone
  ``ROPE-TILE`` (seed 000 put ``DeviceZoneScopedN("ROPE-TILE")`` in its ``rope_tile``), and tallies the RISC-V
  soft-float cycles the call's runtime scalars cost (tensix/sfpi/scalar.py, costs.json ``riscv.softfloat_*``),
  so the benchmark can split the zone's math-thread time into SFPU and RISC-V scalar work.
* :func:`hoisted_division`: ``float inv_d = 1.f / n`` in the compute kernel body. The compute kernel API has no
  public way to advance the math thread's clock (``riscv_wait`` advances whichever TRISC clock the last CB call
  used), so the division is charged by the SFPI-scalar route: a one-line SFPI function divides its runtime
  argument, which costs one ``riscv.softfloat_div`` on the math clock and no SFPU instruction.
* The seed's SFPU helpers: ``vector_sin`` (tt-metal ``calculate_sine`` with the 1/pi multiply) and
  ``load_into_row``.
"""

from __future__ import annotations

import numpy as np

from contextlib import contextmanager

from tensix.kernel import (CBIndex, DeviceZoneScopedN, call_sfpu, cb_pop_front, cb_push_back, cb_reserve_back,
                           cb_wait_front, copy_tile, copy_tile_init, pack_reconfig_data_format, pack_tile,
                           tile_regs_acquire, tile_regs_commit, tile_regs_release, tile_regs_wait)
from tensix.sfpi import float_to_int16, int32_to_float, sfpi_inline, v_if
from tensix.ggml import rope_sfpu as _rope_sfpu
from tensix.sfpi.lib import FRAC_1_PI, PI_2, sfpu_sinpi
from tensix.sfpi.runner import compiled_for, riscv_cycles

LN_BASE = 9.21034037  # ln(10000), the seed's literal
LN_PI = 1.14472988585  # ln(pi), the seed's literal (section "Numerical tricks")
ZONE = "ROPE-TILE"

# Host-side tally of one program run (the kernels run in this Python process): RISC-V soft-float cycles that
# the SFPU calls charged to the math clock, and the number of SFPU calls. Reset by host.run_step.
TALLY = {"riscv_scalar": 0, "sfpu_calls": 0}

__all__ = ["FRAC_1_PI", "PI_2", "LN_BASE", "LN_PI", "TALLY", "ZONE", "sfpu_call", "hoisted_division",
           "vector_sin", "load_into_row"]


@contextmanager
def tile_pair_in_dst():
    """The part of every step's compute loop that seed 000 never changes: wait for the x/y tile pair in c_0,
    acquire Dst, copy the pair to Dst tiles 0 and 1; after the step's SFPU work, commit, pack both tiles to
    c_16, release and pop."""
    cb_wait_front(CBIndex.c_0, 2)
    tile_regs_acquire()
    copy_tile_init(CBIndex.c_0)
    copy_tile(CBIndex.c_0, 0, 0)
    copy_tile(CBIndex.c_0, 1, 1)
    yield
    tile_regs_commit()
    tile_regs_wait()
    cb_reserve_back(CBIndex.c_16, 2)
    pack_reconfig_data_format(CBIndex.c_16)
    pack_tile(0, CBIndex.c_16, 0)
    pack_tile(1, CBIndex.c_16, 1)
    tile_regs_release()
    cb_push_back(CBIndex.c_16, 2)
    cb_pop_front(CBIndex.c_0, 2)


def sfpu_call(fn, dst_index, *args):
    """``MATH(fn(args))`` on Dst tile ``dst_index``, timed as zone ROPE-TILE (the math TRISC's busy time of
    the call = SFPU instructions issued + RISC-V soft-float for the runtime scalars; tensix/sfpi/runner.py
    ``execute_on_core``)."""
    TALLY["riscv_scalar"] += riscv_cycles(compiled_for(fn, tuple(args)))
    TALLY["sfpu_calls"] += 1
    with DeviceZoneScopedN(ZONE):
        call_sfpu(fn, dst_index, *args)


def _divide(n):
    """1.f / n on the RISC-V (soft-float: no FPU on the Baby RISC-Vs, facts sheet section 4); no SFPU work."""
    _ = 1.0 / n  # noqa: F841  (a Scalar: traced, charged riscv.softfloat_div per call)


def hoisted_division(n: int) -> np.float32:
    """``float inv_d = 1.f / n`` in the compute kernel body: returns the float32 quotient and charges one
    soft-float division to the math clock (must run while the math thread holds Dst)."""
    sfpu_call(_divide, 0, int(n))
    return np.float32(1.0) / np.float32(n)


@sfpi_inline
def vector_sin(x):
    """Seed 000's ``vector_sin`` (tt-metal calculate_sine's body): multiply by 1/pi, reduce by the nearest
    integer (float_to_int16), sinpi polynomial, negate odd half-turns."""
    v = x * FRAC_1_PI
    whole = float_to_int16(v, 0)
    v = v - int32_to_float(whole, 0)
    v = sfpu_sinpi(v)
    with v_if(whole & 1):
        v = -v
    return v


# Seed 000's ``load_into_row``: lane L of a row group gets p[L // 8] (``vConstTileId & ~15`` is 16*(L//8), facts
# sheet section 2), one unconditional load and three predicated ones; shared with the RoPE kernel.
load_into_row = _rope_sfpu.load_into_row
