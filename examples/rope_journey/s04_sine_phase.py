"""Step 4, sine in phase form (seed 000, "Numerical tricks"; seed: -1.13 us).

``vector_sin_phase`` takes half-turns (no multiply by 1/pi); the 1/pi is folded into the exponential:
freq / pi = exp(-exponent * ln(10000) - ln(pi)), and cos = sin_phase(0.5 - angle_phase)."""

from __future__ import annotations

from tensix.kernel import (CBIndex, MATH, get_arg_val, init_sfpu)
from tensix.sfpi import dst_reg, int32_to_float, sfpi_inline, vConstTileId, vInt
from tensix.sfpi.lib import exp_24f, vector_sin_phase

from .common import LN_BASE, LN_PI, hoisted_division, sfpu_call, tile_pair_in_dst

NAME = "sine in phase form"
SEED = "-1.13 us (about 20.9 us): vector_sin_phase, pi folded into the exponent"
SEED_US = 22.0 - 1.13
PER_ROW, FULL_SYNC, BATCH = False, False, 1


@sfpi_inline
def rope_face(pos, inv_d, vec_offset):
    for h in range(2):
        # everything up to the frequency depends on the column only: once per column parity
        block_lane_id = int32_to_float((vConstTileId & 15) + (vec_offset + h), 0)
        exponent = 2.0 * block_lane_id * inv_d
        term_to_exp = -exponent * LN_BASE - LN_PI  # exp(... - ln pi) = freq / pi: half-turns per position
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


def rope_tile(pos, inv_d, vec_offset):
    for face in range(4):
        rope_face(pos, inv_d, vec_offset + (0 if face % 2 == 0 else 16))
        dst_reg += 8  # the seed's two SETRWC(CR_D, 8): next face


def compute():
    n_rows, p0, n_pairs = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    wta, pos = get_arg_val(4), get_arg_val(5)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    inv_d = None
    for _ in range(n_rows):
        for j in range(p0, p0 + n_pairs):
            with tile_pair_in_dst():  # wait, acquire, copy the pair to Dst 0/1 ... pack, release, pop
                if inv_d is None:  # the kernel's first statement in C++; here it needs the math thread's Dst
                    inv_d = hoisted_division(wta * 32)
                MATH(sfpu_call(rope_tile, 0, pos, inv_d, j * 32))
