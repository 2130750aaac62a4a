"""Step 5, programmable constants (seed 000, "Using constant registers"; seed: -0.5 us).

``rope_tile_init(inv_d)`` (once, on the first Dst acquire) puts ln(10000), ln(pi) and inv_d in
vConstFloatPrgm0..2 (LReg 12..14, written by an SFPLOADI into LReg0 plus SFPCONFIG, which broadcasts lanes 0-7;
they keep their values across SFPU calls: facts sheet section 3 "Registers", ISA SFPCONFIG.md), so rope_face loads no constant for
the exponent: ``exponent = block_lane_id * vConstFloatPrgm2`` with inv_d = 1/(16 * n_tiles_width_active)
= 2/n_dims (the seed drops the ``2.f *`` here), ``term = -exponent * Prgm0 - Prgm1``."""

from __future__ import annotations

from tensix.kernel import (CBIndex, MATH, get_arg_val, init_sfpu)
from tensix.sfpi import (dst_reg, int32_to_float, sfpi_inline, vConstFloatPrgm0, vConstFloatPrgm1,
                         vConstFloatPrgm2, vConstTileId, vInt)
from tensix.sfpi.lib import exp_24f, vector_sin_phase

from .common import LN_BASE, LN_PI, hoisted_division, sfpu_call, tile_pair_in_dst

NAME = "programmable constants"
SEED = "-0.5 us (about 20.4 us): ln base, ln pi, inv_d in vConstFloatPrgm0..2"
SEED_US = 22.0 - 1.13 - 0.5
PER_ROW, FULL_SYNC, BATCH = False, False, 1


def rope_tile_init(inv_d):
    vConstFloatPrgm0 = LN_BASE  # noqa: F841  (SFPCONFIG, not a Python rebinding: tensix.sfpi.rewrite)
    vConstFloatPrgm1 = LN_PI  # noqa: F841
    vConstFloatPrgm2 = inv_d  # noqa: F841


@sfpi_inline
def rope_face(pos, vec_offset):
    for h in range(2):
        # everything up to the frequency depends on the column only: once per column parity
        block_lane_id = int32_to_float((vConstTileId & 15) + (vec_offset + h), 0)
        exponent = block_lane_id * vConstFloatPrgm2
        term_to_exp = -exponent * vConstFloatPrgm0 - vConstFloatPrgm1  # freq / pi: half-turns per position
        freq = exp_24f(term_to_exp, "seed")
        for i in range(4):
            angle_phase = int32_to_float(vInt(pos), 0) * freq
            sin_value = vector_sin_phase(angle_phase)
            cos_value = vector_sin_phase(0.5 - angle_phase)
            idx = i * 2 + h
            x = dst_reg[idx]
            y = dst_reg[idx + 32]
            dst_reg[idx] = x * cos_value - y * sin_value
            dst_reg[idx + 32] = x * sin_value + y * cos_value


def rope_tile(pos, vec_offset):
    for face in range(4):
        rope_face(pos, vec_offset + (0 if face % 2 == 0 else 16))
        dst_reg += 8  # the seed's two SETRWC(CR_D, 8): next face


def compute():
    n_rows, p0, n_pairs = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    wta, pos = get_arg_val(4), get_arg_val(5)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    inv_d = None
    for _ in range(n_rows):
        for j in range(p0, p0 + n_pairs):
            with tile_pair_in_dst():  # wait, acquire, copy the pair to Dst 0/1 ... pack, release, pop
                if inv_d is None:  # the kernel's first statements in C++; here they need the math thread's Dst
                    inv_d = hoisted_division(wta * 16)
                    MATH(sfpu_call(rope_tile_init, 0, inv_d))
                MATH(sfpu_call(rope_tile, 0, pos, j * 32))
