"""Step 6, per-row positions (seed 000, "Supporting per-row token position"; seed: back up to 32 us).

The reader now reads the 32 int32 positions of each tile row into CB c_1; the compute kernel reads them from L1
(``cb_get_tile``, which points 16 bytes before the page, hence the seed's ``idxs += 4``; tensix's ``l1_ptr``
stands in for the C++ ``int*``) and passes them to rope_tile as runtime
scalars (the RISC-V loads ``ptr[0..3]`` for SFPLOADI). rope_face builds each row group's position vector with
``load_into_row`` (one SFPLOADI pair per position plus three predicated compares) for every pair of vectors,
i.e. 8 times per face. Constants as in step 5."""

from __future__ import annotations

import numpy as np

from tensix.kernel import (CBIndex, MATH, cb_get_tile, cb_pop_front, cb_wait_front, get_arg_val, init_sfpu, l1_ptr)
from tensix.sfpi import (dst_reg, int32_to_float, sfpi_inline, vConstFloatPrgm0, vConstFloatPrgm1,
                         vConstFloatPrgm2, vConstTileId)
from tensix.sfpi.lib import exp_24f, vector_sin_phase

from .common import hoisted_division, load_into_row, sfpu_call, tile_pair_in_dst
from .s05_prgm_constants import rope_tile_init

NAME = "per-row positions"
SEED = "32 us: load_into_row for every pair of vectors"
SEED_US = 32.0
PER_ROW, FULL_SYNC, BATCH = True, False, 1


@sfpi_inline
def rope_face(vec_offset, *pos):
    """pos: the 16 positions of the face's tile rows."""
    for h in range(2):
        block_lane_id = int32_to_float((vConstTileId & 15) + (vec_offset + h), 0)
        exponent = block_lane_id * vConstFloatPrgm2
        term_to_exp = -exponent * vConstFloatPrgm0 - vConstFloatPrgm1
        freq = exp_24f(term_to_exp, "seed")
        for i in range(4):
            vpos = int32_to_float(load_into_row(*pos[4 * i:4 * i + 4]), 0)
            angle_phase = vpos * freq
            sin_value = vector_sin_phase(angle_phase)
            cos_value = vector_sin_phase(0.5 - angle_phase)
            idx = i * 2 + h
            x = dst_reg[idx]
            y = dst_reg[idx + 32]
            dst_reg[idx] = x * cos_value - y * sin_value
            dst_reg[idx + 32] = x * sin_value + y * cos_value


def rope_tile(vec_offset, *pos):
    """pos: the 32 positions of the tile rows."""
    for face in range(4):
        internal_offset = 0 if face % 2 == 0 else 16
        idx_offset = 16 if face > 1 else 0
        rope_face(vec_offset + internal_offset, *pos[idx_offset:idx_offset + 16])
        dst_reg += 8  # the seed's two SETRWC(CR_D, 8): next face


def compute():
    n_rows, p0, n_pairs, wta = get_arg_val(0), get_arg_val(1), get_arg_val(2), get_arg_val(4)
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
                MATH(sfpu_call(rope_tile, 0, j * 32, *idxs))
        cb_pop_front(CBIndex.c_1, 1)
