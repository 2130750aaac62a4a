"""Step 2, division hoisted (seed 000, "Hoisting the floating point division"; seed: 44 -> 39 us).

``float inv_d = 1.f / (n_tiles_width_active * 32)`` once at the start of the compute kernel (charged as one
soft-float division on the math clock, common.hoisted_division); rope_tile/rope_face take ``inv_d`` instead of
``D_active``. Everything else is step 1. (The seed's snippet divides by ``n_tiles_width_active * 16`` while
keeping ``2.f * block_lane_id``; that would double every exponent, so tensix keeps 2k/n_dims: 1/(32 * n_tiles).)"""

from __future__ import annotations

from tensix.kernel import (CBIndex, MATH, get_arg_val, init_sfpu)
from tensix.sfpi import dst_reg, int32_to_float, sfpi_inline, vConstTileId, vInt
from tensix.sfpi.lib import exp_24f

from .common import LN_BASE, PI_2, hoisted_division, sfpu_call, vector_sin, tile_pair_in_dst

NAME = "division hoisted"
SEED = "39 us (-5 us): 1.f/D hoisted to the kernel start"
SEED_US = 39.0
PER_ROW, FULL_SYNC, BATCH = False, False, 1


@sfpi_inline
def rope_face(pos, inv_d, vec_offset):
    for i in range(8):
        block_lane_id = int32_to_float((vConstTileId & 15) + (vec_offset + i % 2), 0)
        exponent = 2.0 * block_lane_id * inv_d
        term_to_exp = -exponent * LN_BASE
        freq = exp_24f(term_to_exp, "seed")
        angle = int32_to_float(vInt(pos), 0) * freq
        sin_value = vector_sin(angle)
        cos_value = vector_sin(PI_2 - angle)
        x = dst_reg[i]
        y = dst_reg[i + 32]
        dst_reg[i] = x * cos_value - y * sin_value
        dst_reg[i + 32] = x * sin_value + y * cos_value


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
