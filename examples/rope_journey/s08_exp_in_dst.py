"""Step 8, exponents kept in Dst (seed 000, "Reusing exponent within a tile"; the seed gives no figure).

The frequency depends only on the column, so the 4 column-group frequencies of a tile pair (face column fc,
parity h) are computed once per tile into dst_reg[72 + 2*fc + h] (Dst tile 2, after the 8 position vectors)
and every face loads them: 4 exp_24f per tile pair instead of 8. Positions as in step 7 (recomputed on every
acquire by default; see step 7 for why the seed's first-two-acquires form is wrong on Wormhole)."""

from __future__ import annotations

import numpy as np

from tensix.kernel import (CBIndex, MATH, cb_get_tile, cb_pop_front, cb_wait_front, get_arg_val, init_sfpu, l1_ptr)
from tensix.sfpi import (dst_reg, int32_to_float, sfpi_inline, vConstFloatPrgm0, vConstFloatPrgm1,
                         vConstFloatPrgm2, vConstTileId, vFloat)
from tensix.sfpi.lib import exp_24f, vector_sin_phase

from .common import hoisted_division, load_into_row, sfpu_call, tile_pair_in_dst
from .s05_prgm_constants import rope_tile_init

NAME = "exponents kept in Dst"
SEED = "no figure in the seed"
SEED_US = None
PER_ROW, FULL_SYNC, BATCH = True, False, 1
POS = 64  # dst_reg index of Dst tile 2
FREQ = POS + 8


def rope_tile_precompute_pos(*pos):
    for i in range(8):
        dst_reg[POS + i] = int32_to_float(load_into_row(*pos[4 * i:4 * i + 4]), 0)


@sfpi_inline
def rope_tile_precompute_freq(vec_offset):
    for i in range(4):
        internal_offset = 0 if i // 2 == 0 else 16
        block_lane_id = int32_to_float((vConstTileId & 15) + (vec_offset + internal_offset + i % 2), 0)
        exponent = block_lane_id * vConstFloatPrgm2
        term_to_exp = -exponent * vConstFloatPrgm0 - vConstFloatPrgm1
        dst_reg[FREQ + i] = exp_24f(term_to_exp, "seed")


@sfpi_inline
def rope_face(face_idx):
    face_row = face_idx // 2
    face_col = face_idx % 2
    dst_offset = face_idx * 8
    for h in range(2):
        freq = vFloat(dst_reg[FREQ + face_col * 2 + h])
        for i in range(4):
            vpos = vFloat(dst_reg[POS + face_row * 4 + i])
            angle_phase = vpos * freq
            sin_value = vector_sin_phase(angle_phase)
            cos_value = vector_sin_phase(0.5 - angle_phase)
            idx = dst_offset + i * 2 + h
            x = dst_reg[idx]
            y = dst_reg[idx + 32]
            dst_reg[idx] = x * cos_value - y * sin_value
            dst_reg[idx + 32] = x * sin_value + y * cos_value


def rope_tile(vec_offset):
    rope_tile_precompute_freq(vec_offset)
    for face in range(4):
        rope_face(face)


def compute():
    n_rows, p0, n_pairs, wta = get_arg_val(0), get_arg_val(1), get_arg_val(2), get_arg_val(4)
    every = get_arg_val(7)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    inv_d = None
    for _ in range(n_rows):
        cb_wait_front(CBIndex.c_1, 1)
        idxs = [int(v) for v in l1_ptr(cb_get_tile(CBIndex.c_1, 0) + 16, np.int32, 32)]  # seed: idxs += 4
        for j in range(p0, p0 + n_pairs):
            with tile_pair_in_dst():  # wait, acquire, copy the pair to Dst 0/1 ... pack, release, pop
                if inv_d is None:
                    inv_d = hoisted_division(wta * 16)
                    MATH(sfpu_call(rope_tile_init, 0, inv_d))
                if every or j - p0 < 2:  # seed: `if (j < 2)`, one precompute per Dst half
                    MATH(sfpu_call(rope_tile_precompute_pos, 0, *idxs))
                MATH(sfpu_call(rope_tile, 0, j * 32))
        cb_pop_front(CBIndex.c_1, 1)
